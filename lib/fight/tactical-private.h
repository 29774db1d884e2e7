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
#define AIMS 16384             /* the best attacks kept, by attacker and target (two ways) */
#define THREATS 16384          /* the threats kept, by attacker, target and declaration */

/* Everything an attack of one combatant on another reads but its declaration: who they
 * are (struct ident: their serials change when the caller changes them), their state,
 * where the target stands from the attacker (nothing reads where they stand on the plane).
 * All of it compared, so that what is kept by it is what would be computed again. */
#define KEY_WORDS 12
#define KEY_HEAD 7   /* the attacker's words, the same for all its targets */
struct pair_key {
  /* 0: the attacker's serial (struct ident); 1 .. 3: its state, two ints a word; 4 .. 6:
   * the declaration (pack_declaration); 7: the target's serial; 8 .. 11: its state and
   * where it stands from the attacker (key_of). */
  uint64_t w[KEY_WORDS];
};

/* The attacker's words of a key (its serial, three of state, three of the declaration) and
 * both hashes' lanes over them (cops__tac_key_head). */
struct key_head {
  uint64_t w[KEY_HEAD];
  uint64_t h[4], g[4];
  int id;
};

/* Who a combatant is, as the odds read it: its character, the weapon in its hand and its
 * armour, each with its stamp (a cops__serial new at each change), and the serial that
 * names them in keys, never given twice by one encounter's tactics; the last IDENTS it has
 * been (a weapon drawn then put back, a fight reset), so that each keeps its serial. */
#define IDENTS 4
struct who {
  const cops_character *ch;
  const cops_weapon *weapon;
  const cops_armour *armour;
  uint64_t stamp[3];
  uint64_t serial;                     /* 0: none */
};
struct ident {
  struct who who[IDENTS];
  int now, next;                       /* the one it is; the one to replace next */
};

/* The best attack of one combatant on one target at each initiative and attitude (by
 * initiative first: those its Réflexes allow come first): its progress less a millionth a
 * bullet (fewer bullets win a tie, -1: none), and what it is: its chance to put the target
 * down (shown only, in thousandths), the step and the shots (0: a burst). */
struct aim_what {
  short down;
  signed char step, m;
};
struct aim_entry {
  uint64_t check, hash;      /* its key's hashes (cops__tac_entry) */
  int step_x, step_y;        /* where a step takes it, from where it stands */
  double v[INITIATIVES][ATTITUDES];
  struct aim_what what[INITIATIVES][ATTITUDES];
};

/* A target's best attacks as one choice reads them (copied: a later miss may reuse its
 * entry). */
struct aim_kept {
  int step_x, step_y;
  struct aim_what what[INITIATIVES][ATTITUDES];
};

/* An enemy's declared (or expected) shot at a combatant: its chance to put it down at
 * each of the combatant's attitudes. */
struct threat_entry {
  uint64_t check, hash;
  struct gain gain[ATTITUDES];
};

/* The odds of an exchange of blows (C11) at each attitude of the attacker, kept by its
 * pair key and what else an exchange reads (lib/fight/tactical.c, exchange_key). */
#define EXCHANGE_WORDS (KEY_WORDS + 4)
#define EXCHANGES 32768        /* the exchanges kept (two ways) */
struct exchange_entry {
  uint64_t check, hash;
  double down[ATTITUDES];   /* P(the target goes down); -3: the rules refuse it */
};

/* What a choice of an attack comes to (cops__tactical_policy), as applied to the simple
 * policy's declaration: kind 0, that declaration as it is; 1, a reload; 2, an attack. */
struct outcome {
  signed char kind, attitude, initiative, moving, action, target, shots;
  short why[3];
  int x, y;
};

/* The choices kept, by everything a choice reads (cops__tac_choice_key: words up to
 * CHOICE_WORDS, the first their count); with the choice, its score and the exposure it was
 * weighed against (what first aid for a dying ally is weighed against, C8.5). 128 bytes,
 * the hashes and the choice in the first cache line. */
#define CHOICE_WORDS 48
#define CHOICES 32768          /* the choices kept (two ways) */
struct choice_entry {
  uint64_t check, hash;
  struct outcome o;
  double top, lost[ATTITUDES], risk[ATTITUDES];
};
_Static_assert(sizeof(struct choice_entry) == 128, "a kept choice is two cache lines");

/* What an enemy brings to the keys of the choices made against it (cops__tac_choice_key),
 * the same whoever chooses: its serial and state (words 0 .. 2) and, when it is expected to
 * shoot, its points, rounds and that declaration (words 3 .. 7); made once while the
 * policies declare, again once it has declared. */
struct enemy_part {
  uint64_t w[8];
  int shoots;                /* the target of the shot it is expected to fire, -1: none */
  unsigned char declared;    /* whether it had declared when this was made */
};

struct cops__tactics {
  void *block;                         /* the allocation it is aligned in (tactics_of) */
  cops_attack_odds *odds;
  const struct cops__rules *rules;     /* the rules the serials below were given under */
  uint64_t serials;                    /* the last serial given */
  struct ident ident[COPS_COMBATANTS_MAX];
  struct law_entry law[LAWS];
  struct hit_entry hit[HITS];
  /* Each set of two ways of the tables below (cops__tac_entry): bit 0 the way made last,
   * bits 1 and 2 whether way 0 and way 1 hold an entry, then each way's tag (SET_TAG), so
   * that a key not kept is told without reading the entries. */
  uint32_t aim_set[AIMS / 2], threat_set[THREATS / 2], exchange_set[EXCHANGES / 2],
      choice_set[CHOICES / 2];
  /* While one choice is made: each target's best attacks, and P(each enemy acts first) at
   * each initiative and attitude (those where it stands, then those where it stood). */
  struct aim_kept kept[COPS_COMBATANTS_MAX];
  double before[2 * COPS_COMBATANTS_MAX][INITIATIVES][ATTITUDES];
  /* While the policies declare (cops__tactics_declaring): the simple policy's declaration
   * of each combatant, once asked. */
  int declaring;
  unsigned char have[COPS_COMBATANTS_MAX];
  unsigned char known[COPS_COMBATANTS_MAX];   /* ident[k] checked since they began */
  unsigned char parted[COPS_COMBATANTS_MAX];  /* part[k] made since they began */
  int dying_made;                             /* dying made since they began */
  uint64_t dying;   /* bit k: combatant k at 0 hit points or less, alive, not stabilised */
  cops_declaration simple[COPS_COMBATANTS_MAX];
  struct enemy_part part[COPS_COMBATANTS_MAX];
#ifdef COPS_TACTICS_CHECK
  unsigned long sample;   /* the laws and hit tables found, one in 64 checked */
#endif
  /* The tables of entries, last: nothing of them is read before it is written, so they are
   * not cleared when the policy first plays (lib/fight/tactical.c, tactics_of), and the
   * pages no entry reaches are never written. The choices on cache lines of their own. */
  _Alignas(64) struct choice_entry choice[CHOICES];
  struct aim_entry aim[AIMS];
  struct threat_entry threat[THREATS];
  struct exchange_entry exchange[EXCHANGES];
};

/* An attack as id would declare it, before the pool offsets of attitude and initiative:
 * its roll, bullets fired and what its hits do. */
struct plan {
  cops_action a;
  int can, fired, shots, burst;
  const struct hit_entry *hit;
};

/* An enemy k that shoots at id this round (cops__tac_exposure). */
struct threat {
  struct gain gain[ATTITUDES];   /* on id at each of its attitudes (copied: a later miss may
                                    reuse the entry) */
  int initiative, reflexes, attitude, who;
};

/* The enemies that shoot at id this round (what they declared, or would): their chance to
 * put it down at each of its attitudes, their initiative and Réflexes; and their sums at
 * each of its attitudes: P(it is put down this round) and their progress on it
 * (lib/fight/tactical.c). */
int cops__tac_exposure(cops_encounter *e, struct cops__tactics *T, int id, struct threat *th,
                       int *n, double *risk, double *lost);
/* id's choice of an attack, base what it carries of the simple policy's declaration, th the
 * threats on it (lib/fight/tactical-shot.c): the best shot from where it stands or from 5 m
 * farther away (C6.3), or a reload (C10) before it is too late. *top: the chosen attack's
 * score (-2: none, the simple policy's declaration stands, o->kind 0). */
int cops__tac_shot_choice(cops_encounter *e, struct cops__tactics *T, int id,
                          const cops_declaration *base, int lo, int hi, int reflexes,
                          const struct threat *th, int nth, const double *risk,
                          const double *lost, struct outcome *o, double *top);

/* Thousandths of a chance, rounded, as a declaration shows it. */
static inline int cops__thousandths(double p)
{
  const int k = (int)(p * 1000 + 0.5);
  return k < 0 ? 0 : k > 1000 ? 1000 : k;
}

/* The keys (lib/fight/tactical-keys.c). The attacker's part of the keys of id's attacks
 * declared as d; the key of an attack of kh's attacker on t, t at target_attitude (99:
 * every attitude), more: what else the entry depends on, and its hash; the key of id's
 * exchange of blows declared as d (the attitude aside, EXCHANGE_WORDS words) and its hash.
 * A combatant's serial is checked once while the policies declare. */
void cops__tac_key_head(const cops_encounter *e, struct cops__tactics *T, int id,
                        const cops_declaration *d, struct key_head *kh);
uint64_t cops__tac_key(const cops_encounter *e, struct cops__tactics *T, const struct key_head *kh,
                       int t, int target_attitude, int more, struct pair_key *k, uint64_t *check);
uint64_t cops__tac_exchange_key(const cops_encounter *e, struct cops__tactics *T, int id,
                                const cops_declaration *d, int target_attitude, uint64_t *w,
                                uint64_t *check);
/* The key of id's choice of an attack, base what it carries of the simple policy's
 * declaration: its count of words in *words (0: too many to keep) and its two hashes. */
int cops__tac_choice_key(cops_encounter *e, struct cops__tactics *T, int id,
                         const cops_declaration *base, uint64_t *w, int *words, uint64_t *hash,
                         uint64_t *check);
/* What enemy k is expected to do: what it declared, or its own policy's choice (made in
 * *buf, or kept while the policies declare) (lib/fight/tactical.c). */
int cops__tac_expected(cops_encounter *e, struct cops__tactics *T, int k, cops_declaration *buf,
                       const cops_declaration **d);
/* The entry of the key of hashes h and check in a table of n entries of size bytes in sets
 * of two ways (sets[]: each set's state), its hashes first: *fresh 1 when it was not kept
 * and the way made first made room for it; cops__tac_made() copies into it the entry made
 * apart (made, size bytes) and keeps it (an entry left unmade is never found). */
void *cops__tac_entry(void *table, uint32_t *sets, size_t size, unsigned n, uint64_t h,
                      uint64_t check, int *fresh);
void cops__tac_made(void *table, uint32_t *sets, size_t size, void *entry, const void *made,
                    uint64_t h, uint64_t check);

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

/* P(a roll's margin is m[i] or more) into p[i], i < 2, from the kept law of its pool
 * (lib/fight/tactical-gain.c): m 0, its success. */
int cops__tac_margins_at_least(cops_encounter *e, struct cops__tactics *T, const cops_action *a,
                               const int m[2], double p[2]);

#endif
