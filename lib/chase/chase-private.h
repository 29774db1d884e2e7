/* The chase's private parts (lib/chase/chase.c: the engine; lib/chase/chase-action.c: passengers and
 * the secondary actions of step 5; lib/chase/chase-odds.c: the odds of a round and the default
 * policy; lib/chase/chase-file.c: running a chase, chase files; lib/chase/chase-save.c). Not
 * installed. */
#ifndef COPS_CHASE_PRIVATE_H
#define COPS_CHASE_PRIVATE_H

#include "heal/heal.h"

#define FAIL(c, code, ...) cops__fail((c)->ctx, (code), __VA_ARGS__)

struct cops__chase_line {
  int round, id;
  cops_chase_declaration d;
};

struct chaser {
  cops_character *ch;
  char skill[160];            /* the roll's notation, without difficulty */
  cops__prepared prep;        /* skill read once: its spans point into skill */
  char vehicle[COPS_NAME_MAX + 1];
  int role, state;
  int white, black;
  int threshold;              /* the threshold rolled (C1.4/C1.5); 11 unskilled (C7.5) */
  int declared;               /* declared for the next round */
  cops_chase_declaration decl;
  int acted;                  /* the round of its last secondary action (C7 step 5) */
  int joined;                 /* the rounds resolved when it joined (0: from the start) */
  cops_weapon *weapon;        /* a chase file's: shoots when in reach (cops_chase_run) */
  int tackle;                 /* a chase file's: COPS_ATTACK_THROW or _HOLD at short, else -1 */
};

/* A passenger (C7 step 5): rides a participant's vehicle, rolls no chase die. */
struct rider {
  cops_character *ch;
  int vehicle;                /* the participant it rides with */
  int acted;                  /* the round of its last secondary action */
  cops_weapon *weapon;        /* a chase file's: shoots when in reach (cops_chase_run) */
};

struct cops_chase {
  cops_ctx *ctx;
  char name[COPS_NAME_MAX + 1];
  struct chaser p[COPS_CHASERS_MAX];
  int n, round, result, max_rounds;
  struct rider r[COPS_PASSENGERS_MAX];
  int nr;
  cops_character *owned[COPS_CHASERS_MAX + COPS_PASSENGERS_MAX]; /* a file's, freed with it */
  int nowned;
  cops_weapon *owned_w[COPS_CHASERS_MAX + COPS_PASSENGERS_MAX];
  int nowned_w;
  int shot_distance[2];                      /* a chase file's metres of a shot, by band */
  struct cops__chase_line *script;           /* a chase file's declarations */
  int nscript;
  int wreck_from;                            /* a chase file's crash table, 0 for none */
  int small_malus, large_malus;              /* C7.1 RULING: a passenger's shot, dice */
  int crash_mode;
  cops_crash_fn crash;
  void *crash_user;
  cops_log *log;
  cops_roll *roll, *d6;
  cops_outcome *outcome;                     /* a secondary action's, when the caller's is NULL */
  char (*tag)[COPS_TAG_MAX + 1];             /* the caller's tags by id, "" none; made by the
                                                first cops_chase_set_tag (NULL: none) */
  uint64_t serial;                           /* cops__serial(): its checkpoints' */
  cops_character **held;                     /* the caller's characters, held until freed */
  int nheld, held_cap;
  cops_character *held_first[4];             /* held's first place */
};
/* Hold a character given to the chase until it is freed (lib/chase/chase.c): once each;
 * cops__chase_unhold lets go of the last one held when the procedure that took it fails. */
int cops__chase_hold(cops_chase *c, cops_character *ch, int *fresh);
void cops__chase_unhold(cops_chase *c, int fresh);

/* What a round or a secondary action may change, to put back when it fails (all or
 * nothing): the participants and passengers, their characters, the chase file's weapons,
 * the round, the result, the log and the dice. */
struct cops__chase_undo {
  struct chaser p[COPS_CHASERS_MAX];
  struct rider r[COPS_PASSENGERS_MAX];
  cops__char_state st[COPS_CHASERS_MAX + COPS_PASSENGERS_MAX];
  int loaded[COPS_CHASERS_MAX + COPS_PASSENGERS_MAX];
  int round, result, log_round;
  cops__log_mark_t lm;
  cops__rng_mark_t rm;
};
void cops__chase_keep(cops_chase *c, struct cops__chase_undo *u);
void cops__chase_undo(cops_chase *c, const struct cops__chase_undo *u);


#define COPS__CHASE_IDS (COPS_CHASERS_MAX + COPS_PASSENGERS_MAX)
/* The tag of participant or passenger id, "" for none. */
static inline const char *cops__chase_tag(const cops_chase *c, int id)
{
  return c->tag ? c->tag[id] : "";
}

static inline int cops__chase_valid(const cops_chase *c, int id)
{
  return c && id >= 0 && id < c->n;
}

/* A chase file's crash table, user the chase: a d6 at wreck_from or more wrecks
 * (lib/chase/chase-file.c). */
int cops__chase_file_table(void *user, int id, int failed, const int *d6, int n, int *wrecked);
/* The pursued's id, or -1 (lib/chase/chase.c). */
int cops__chase_pursued(const cops_chase *c);
/* C7.1 between a pursuer q and the pursued p (lib/chase/chase.c). */
int cops__chase_band_of(const struct chaser *q, const struct chaser *p);
/* A participant leaves the chase in @p state, with its event; the result once one left
 * (lib/chase/chase.c). */
int cops__chase_out(cops_chase *c, int id, int state);
int cops__chase_conclude(cops_chase *c);
/* The secondary actions of a chase file's participants and passengers after a round
 * (lib/chase/chase-action.c, for cops_chase_run). */
int cops__chase_file_actions(cops_chase *c);
/* A chase file's or a save's weapon, tackle and passengers of participant id; the metres of
 * a shot (lib/chase/chase-file.c). */
int cops__chase_actions_from(cops_chase *c, int id, json_t *v, const char *where,
                             const char *sheet_key, const char *base);
int cops__chase_distances_from(cops_chase *c, json_t *v);
int cops__chase_passenger_from(cops_chase *c, int id, json_t *r, const char *at,
                               const char *sheet_key, const char *base);

/* The "tag" of a chase file's or a save's participant or passenger id, if it has one
 * (lib/chase/chase-board.c); participant or passenger id's state, in full. */
int cops__chase_tag_from(cops_chase *c, int id, json_t *v, const char *where);
void cops__chase_board_state(const cops_chase *c, int id, cops_chaser_state *st);

/* A chase participant's dice as they are, set whole (lib/chase/chase.c: the tests' and a saved
 * chase's). */
int cops__chase_set_dice(cops_chase *c, int id, int white, int black);

#endif
