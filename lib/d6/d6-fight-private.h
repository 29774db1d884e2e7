/* A D6 fight's state, shared by its rounds (lib/d6/d6-fight.c), its turns and default
 * policy (lib/d6/d6-turn.c) and its files (lib/d6/d6-fight-file.c). */
#ifndef COPS_D6_FIGHT_PRIVATE_H
#define COPS_D6_FIGHT_PRIVATE_H

#include "fight/geometry.h"
#include "fight/fight-base.h"
#include "log/log.h"
#include "d6-private.h"

/* One fighter (D6-M3): what it keeps from round to round, and this round's state. */
struct cops__d6_fighter {
  cops_d6_character *ch;
  int owned;                   /* read from a file: freed with the fight */
  int side, x, y, cover, surpriser, out, tactic, policy;
  int wielded;                 /* the weapon in hand, -1 bare hands (D6-M3) */
  int holding, held_by;        /* a hold (D6-A68), -1 none */
  int vehicle, driver;         /* aboard, -1 none */
  int coordinator;             /* its group's coordinator (itself for one), -1 none */
  int group_target;            /* a coordinator: the group's target */
  int prep_done, prep_skill, prep_difficulty;   /* a spell in preparation (D6-M22) */
  int prep_step, prep_hp;      /* its wounds when it last prepared: a wound since interrupts */
  /* this round */
  int init, tie, rank, acted, declared, actions, coordinated, surprise_left;
  int defence, defence_skill, defence_total, parry_weapon, disarm;
  cops_d6_declaration decl;
};

struct cops__d6_fight_vehicle {
  cops_d6_vehicle v;
  int x, y;
};

/* A weapon won in a disarm, changing hands at the round's end (§5.13). */
struct cops__d6_seizure {
  int defender, attacker, weapon;
};

#define COPS__D6_SEIZURES 16

struct cops_d6_fight {
  COPS__FIGHT_BASE;   /* ctx, log, logging, name, sides, round, winner, seed */
  cops_d6_rules r;
  struct cops__d6_fighter c[COPS_D6_FIGHTERS_MAX];
  int n;
  struct cops__d6_fight_vehicle veh[COPS_D6_VEHICLES_MAX];
  int nveh;
  struct cops__d6_seizure seized[COPS__D6_SEIZURES];
  int nseized;
  cops__d6_pending pend[COPS_D6_FIGHTERS_MAX];   /* by coordinator: the group's damage */
  int order[COPS_D6_FIGHTERS_MAX], norder, cursor;
  struct cops__d6_fight_undo *undo;   /* the state before a call that changes it */
  struct cops__d6_fight_undo *start;  /* the state the first round began with */
};

/* The first published size of cops_d6_declaration (0.16.0). */
#define COPS__D6_DECL_SIZE_0_16 sizeof(cops_d6_declaration)

/* Metres between two fighters, rounded up. */
static inline int cops__d6_dist(const cops_d6_fight *f, int a, int b)
{
  return metres(f->c[a].x, f->c[a].y, f->c[b].x, f->c[b].y);
}

/* The log the fight writes to, NULL with logging off. */
static inline cops_log *cops__d6_log_of(const cops_d6_fight *f)
{
  return f->logging ? f->log : NULL;
}

/* The tactics' names (lib/d6/d6-fight.c). */
extern const char *const cops__d6_tactic_names[COPS_D6_TACTIC_COUNT];

/* lib/d6/d6-fight.c: a place and a fighter's id checked; an event of the fight (actor and
 * target by id, -1 none). */
int cops__d6_check_position(cops_ctx *ctx, int x, int y);
int cops__d6_check_id(const cops_d6_fight *f, int id);
int cops__d6_fight_event(cops_d6_fight *f, int type, int actor, int target, const char *weapon,
                         const int *v);
/* Able to fight: can act (D6-M20) and not set out. */
int cops__d6_fighter_able(const cops_d6_fight *f, int id);

/* lib/d6/d6-turn.c: a declaration checked against the fight now (ERULE naming why); fighter
 * id's turn (its declaration or the policy's); the holds of those who can no longer hold
 * ended; the policy's plan for a turn; the round's disarms settled. */
int cops__d6_check_declaration(cops_d6_fight *f, int id, const cops_d6_declaration *d);
int cops__d6_turn(cops_d6_fight *f, int id);
int cops__d6_release_fallen(cops_d6_fight *f);
void cops__d6_policy(const cops_d6_fight *f, int id, cops_d6_declaration *d);
/* The tactical policy's plan (lib/d6/d6-tactical.c): the simple one's, then its attack and
 * defence chosen from the exact odds; why[3]: P(its target out), P(it acts first), P(it is put
 * out this round), in thousandths, -1 when it weighed none. */
void cops__d6_tactical(const cops_d6_fight *f, int id, cops_d6_declaration *d, int *why);
/* Fighter id's own policy's plan (cops_d6_fight_set_policy()); why as above, or NULL. */
void cops__d6_plan_by_policy(const cops_d6_fight *f, int id, cops_d6_declaration *d, int *why);
/* The attack fighter id's declaration d makes on fighter t, as its turn makes it. */
void cops__d6_attack_of(const cops_d6_fight *f, int id, int t, const cops_d6_declaration *d,
                        cops_d6_attack *a);
int cops__d6_settle_disarms(cops_d6_fight *f);
/* The fighters aboard vehicle vid, into chars and ids (room for COPS_D6_FIGHTERS_MAX). */
int cops__d6_aboard(cops_d6_fight *f, int vid, cops_d6_character **chars, int *ids);

_Static_assert(COPS_D6_SIDES_MAX == COPS__FIGHT_SIDES, "the fight base's sides");

#endif
