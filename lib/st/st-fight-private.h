/* A Storyteller fight's state, shared by its rounds (lib/st/st-fight.c), its default
 * policy (lib/st/st-policy.c) and its files (lib/st/st-fight-file.c). */
#ifndef COPS_ST_FIGHT_PRIVATE_H
#define COPS_ST_FIGHT_PRIVATE_H

#include "fight/geometry.h"
#include "fight/fight-base.h"
#include "st-private.h"

/* One fighter (ST-M3): what it keeps from round to round, and this round's state. */
struct cops__st_fighter {
  cops_st_character *ch;
  int owned;                  /* read from a file: freed with the fight */
  int side, x, y, cover, spend, tactic, policy, out, surprised, prone;
  int aim, aim_target, aimed; /* aiming dice (ST-M21); aimed: this round */
  int grapple;                /* its grapple's slot in g[], -1 none */
  /* this round */
  int init, rank, acted, delayed, roll_used, moves_used, auto_used;
  int facing, attackers[4], nattackers, strikes;
  int cover_used, cover_set, total_defense, td_done, nerve;
  int declared;
  cops_st_declaration decl;
  /* an exchange this fighter won, landing at its rank (ST-A6) */
  int owed, owed_to, owed_type, owed_firearm;
};

/* A grapple between fighters a (its first side) and b; round: the last contest's. */
struct cops__st_fight_grapple {
  cops_st_grapple g;
  int a, b, round, used;
};

#define COPS__ST_GRAPPLES (COPS_ST_FIGHTERS_MAX / 2)

struct cops_st_fight {
  COPS__FIGHT_BASE;   /* ctx, log, logging, name, sides, round, winner, seed */
  cops_st_rules r;
  struct cops__st_fighter c[COPS_ST_FIGHTERS_MAX];
  int n;
  struct cops__st_fight_grapple g[COPS__ST_GRAPPLES];
  int order[COPS_ST_FIGHTERS_MAX], norder, cursor;
  cops_roll *ra, *rd;   /* the attacks' rolls, kept from one to the next */
  struct cops__st_fight_undo *undo;   /* the state before a call that changes it */
  struct cops__st_fight_undo *start;  /* the state the first round began with */
};

/* The first published size of cops_st_declaration (0.15.0). */
#define COPS__ST_DECL_SIZE_0_15 sizeof(cops_st_declaration)

/* Metres between two fighters, rounded up. */
static inline int cops__st_dist(const cops_st_fight *f, int a, int b)
{
  return metres(f->c[a].x, f->c[a].y, f->c[b].x, f->c[b].y);
}

/* The log the fight writes to, NULL with logging off. */
static inline cops_log *cops__st_log_of(const cops_st_fight *f)
{
  return f->logging ? f->log : NULL;
}

/* lib/st/st-fight.c: a place and a fighter's id checked; an event of the fight (actor and target by id, -1
 * none); the ranks numbered after the order changed. */
int cops__st_check_position(cops_ctx *ctx, int x, int y);
int cops__st_check_id(const cops_st_fight *f, int id);
int cops__st_fight_event(cops_st_fight *f, int type, int actor, int target, const int *v);
void cops__st_place_ranks(cops_st_fight *f);

/* lib/st/st-turn.c: fighter id's turn (its plan, move, roll action); its delay after
 * another; the exchange's damage it won landing now; the grapples of those out ended. */
int cops__st_turn(cops_st_fight *f, int id);
int cops__st_delay(cops_st_fight *f, int id, int after);
/* Whether fighter t answers id's blow in an exchange (§5.3, ST-A6, ST-A16), from its
 * declaration or its plan (simple: the simple policy's, for another policy's odds), and
 * with which weapon; the fighters making secondary attacks on t and still in contact: its
 * crowd (§5.7), at most 3, into who. */
int cops__st_answers(const cops_st_fight *f, int t, int id, int simple, int *weapon);
int cops__st_crowd_of(const cops_st_fight *f, int t, int *who);
int cops__st_land(cops_st_fight *f, int id);
void cops__st_release_fallen(cops_st_fight *f);

/* In the fight: conscious, alive, not out (§2, ST-A12). */
int cops__st_fighter_able(const cops_st_fight *f, int id);
/* Speed in metres this round: halved while prone (ST-A28). */
int cops__st_fighter_speed(const cops_st_fight *f, int id);
/* The simple policy's plan for fighter id's turn, by its tactic (lib/st/st-policy.c). */
void cops__st_policy(const cops_st_fight *f, int id, cops_st_declaration *d);
/* The tactical policy's (lib/st/st-tactical.c): the simple one's plan, then its attack chosen
 * from the exact odds; why[3]: P(its target out), P(it acts first), P(it is put out this
 * round), in thousandths, -1 when it weighed none. */
void cops__st_tactical(const cops_st_fight *f, int id, cops_st_declaration *d, int *why);
/* Fighter id's own policy's plan (cops_st_fight_set_policy()); why as above, or NULL. */
void cops__st_plan_by_policy(const cops_st_fight *f, int id, cops_st_declaration *d, int *why);
/* The policy's choices in fighter id's grapple this round (it must be grappling). */
void cops__st_grapple_choice(const cops_st_fight *f, int id, cops_st_declaration *d);
/* The free place in contact with t (1 m, along an axis) nearest to id; t's own otherwise. */
void cops__st_contact_point(const cops_st_fight *f, int id, int t, int *x, int *y);
/* The weapon of the best melee pool's damage (-1 bare hands). */
int cops__st_best_melee(const cops_st_character *ch);
/* 1 when four fighters other than id engaged t in melee this round (§5.4, ST-A7). */
int cops__st_crowded(const cops_st_fight *f, int t, int id);
/* The able fighters of another side within 1 m of fighter id. */
int cops__st_enemies_in_contact(const cops_st_fight *f, int id);

_Static_assert(COPS_ST_SIDES_MAX == COPS__FIGHT_SIDES, "the fight base's sides");

#endif
