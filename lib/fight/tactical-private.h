/* The tactical policy's parts (lib/fight/tactical.c: what it keeps and how it chooses;
 * lib/fight/tactical-gain.c: what an attack gains, from the exact odds). Not installed. */
#ifndef COPS_TACTICAL_PRIVATE_H
#define COPS_TACTICAL_PRIVATE_H

#include <stdint.h>

#include "fight/fight.h"
#include "fight/encounter-private.h"

#define TAIL 48        /* P(successes >= k), k < TAIL */
#define LAWS 256       /* the laws kept, by pool and threshold (two ways a set) */
#define MARGINS 11     /* margins 0 .. 10, the last for 10 and more */
#define BURST 10       /* bursts of 2 .. BURST bullets counted exactly (C10.6: 10 land at most) */
#define MOST 6         /* single shots that hit counted one by one; more count as MOST */
#define HITS 512       /* what hits do, kept by weapon, target and its armour (two ways) */

struct law_entry {
  int key;                   /* 0: empty */
  double tail[TAIL];
};

/* What an attack gains on its target: the chance to put it down (its hit points to 0 or
 * less, C8.2), and the progress toward it, the expected hit points it takes out of those
 * left, min(damage, hp) / hp (1 when it goes down). */
struct gain {
  double down, prog;
};

/* What bullets that hit do to one target: a pure function of its key, so that a fight
 * chooses the same whatever was kept before it. */
struct hit_entry {
  const struct cops__rules *rules;     /* NULL: empty */
  int pu, aim, hp;
  int prot[2 * COPS_LOCATION_COUNT];   /* the armour's dice and fixed part by location */
  unsigned have;                       /* bit f: burst[f] made */
  struct gain single[MARGINS];         /* a single shot in at margin m */
  struct gain multi[MOST + 1];         /* k single shots in, k >= 2 */
  struct gain burst[BURST + 1][MARGINS];   /* a burst of f that hits at margin m */
};

#define ATTITUDES 5            /* Planqué (-2: under cover, C6.1) .. Ultra-violent (+2) */
#define ATTITUDE_LO (-2)
#define INITIATIVES 5          /* C6: -2 .. +2 at most */
#define AIMS 4096              /* the best attacks kept, by attacker and target (two ways) */
#define THREATS 4096           /* the threats kept, by attacker, target and declaration */

/* Everything an attack of one combatant on another reads but its declaration: who they
 * are (their stamps change when the caller changes them), their state, where the target
 * stands from the attacker (nothing reads where they stand on the plane). All of it
 * compared, so that what is kept by it is what would be computed again. */
struct pair_key {
  /* The ruleset's table, the attacker, its weapon, the target and its armour, their
   * addresses in 64 bits on every machine (no padding in a key). */
  uint64_t rules, attacker, weapon, target, armour;
  uint64_t stamp[4];                   /* of the same four */
  int v[14];                           /* their state (pair_key_of) */
  int d[6];                            /* the declaration, packed (pack_declaration) */
};

/* Every byte of a key is a field: compared and hashed whole. */
_Static_assert(sizeof(struct pair_key) == 5 * 8 + 4 * 8 + 20 * sizeof(int) &&
                   sizeof(struct pair_key) % 8 == 0,
               "struct pair_key has no padding, and whole words");

/* The best attack of one combatant on one target at each initiative and attitude (by
 * initiative first: those its Réflexes allow come first): its progress less a millionth a
 * bullet (fewer bullets win a tie), its chance to put the target down, the step and the
 * shots (0: a burst). */
struct aim_entry {
  struct pair_key k;
  int step_x, step_y;        /* where a step takes it, from where it stands */
  struct {
    double v;
    float down;              /* shown only, in thousandths */
    signed char step, m;
  } best[INITIATIVES][ATTITUDES];
};

/* An enemy's declared (or expected) shot at a combatant: its chance to put it down at
 * each of the combatant's attitudes. */
struct threat_entry {
  struct pair_key k;
  struct gain gain[ATTITUDES];
};

struct cops__tactics {
  cops_attack_odds *odds;
  struct law_entry law[LAWS];
  struct hit_entry hit[HITS];
  struct aim_entry aim[AIMS];
  struct threat_entry threat[THREATS];
  uint64_t aim_tag[AIMS], threat_tag[THREATS];   /* each entry's key hash, 0 when empty */
  /* While the policies declare (cops__tactics_declaring): the simple policy's declaration
   * of each combatant, once asked. */
  int declaring;
  unsigned char have[COPS_COMBATANTS_MAX];
  cops_declaration simple[COPS_COMBATANTS_MAX];
#ifdef COPS_TACTICS_CHECK
  unsigned long sample;   /* the laws and hit tables found, one in 64 checked */
#endif
};

/* An attack as id would declare it, before the pool offsets of attitude and initiative:
 * its roll, bullets fired and what its hits do. */
struct plan {
  cops_action a;
  int can, fired, shots, burst;
  const struct hit_entry *hit;
};

/* The situation of combatant id's attack as declared in d, the target at attitude
 * target_attitude: as cops_encounter_odds() makes it, everything put back. */
void cops__tac_situation_of(cops_encounter *e, int id, const cops_declaration *d,
                            int target_attitude, int mode, cops_situation *s);
/* The plan of id's attack declared in d on a target at target_attitude: p->can 0 when the
 * rules refuse it. */
int cops__tac_plan_of(cops_encounter *e, struct cops__tactics *T, int id,
                      const cops_declaration *d, int target_attitude, struct plan *p);
/* What the plan gains with its pool moved by offset dice: out[n - 1] after its first n
 * shots (one for a burst); plan_gain: after all its shots. */
int cops__tac_plan_gains(cops_encounter *e, struct cops__tactics *T, const struct plan *p,
                         int offset, struct gain *out);
int cops__tac_plan_gain(cops_encounter *e, struct cops__tactics *T, const struct plan *p,
                        int offset, struct gain *g);

/* x to the power n >= 0, by products: the same bits on every machine. */
static inline double cops__pow_int(double x, int n)
{
  double r = 1;
  for (int k = 0; k < n; k++)
    r *= x;
  return r;
}

#ifdef COPS_TACTICS_CHECK
/* With -Dtactics_check=true (the sanitizers' test build): what was kept must be what is
 * made again, byte for byte; else its key misses something the odds read (aborts). */
void cops__tac_kept_is_made(const void *kept, const void *made, size_t n, const char *what);
#endif

/* P(a roll's margin is m or more), from the kept law of its pool (lib/fight/tactical-gain.c):
 * m 0, its success. */
int cops__tac_margin_at_least(cops_encounter *e, struct cops__tactics *T, const cops_action *a,
                              int m, double *p);

#endif
