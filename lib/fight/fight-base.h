/* What the optional modules' fights share (lib/st/st-fight.c, lib/d6/d6-fight.c): a
 * context, a log and whether it logs, a name, the sides' names, the round and its state,
 * the winner, the seed; and the setters both modules' public calls are made of. A module's
 * fight begins with COPS__FIGHT_BASE, so that its own code reads f->ctx, f->round ... and
 * the shared code takes &f->base. Part of lib/fight/. Not installed. */
#ifndef COPS_LIB_FIGHT_BASE_H
#define COPS_LIB_FIGHT_BASE_H

#include "fight/fight.h"

/* Sides of a module's fight (COPS_ST_SIDES_MAX, COPS_D6_SIDES_MAX). */
#define COPS__FIGHT_SIDES 8

#define COPS__FIGHT_BASE_FIELDS                                                  \
  cops_ctx *ctx;                                                                 \
  cops_log *log;                                                                 \
  int logging;                                                                   \
  char name[64];                                                                 \
  char side_name[COPS__FIGHT_SIDES][32];                                         \
  int round, in_round, max_rounds, over, winner;                                 \
  uint64_t seed;                                                                 \
  int seeded;

struct cops__fight_base {
  COPS__FIGHT_BASE_FIELDS
};

/* The first member of a module's fight: its fields by name, and the whole as `base`. */
#define COPS__FIGHT_BASE          \
  union {                         \
    struct cops__fight_base base; \
    struct {                      \
      COPS__FIGHT_BASE_FIELDS     \
    };                            \
  }

/* A side's name: 0..COPS__FIGHT_SIDES - 1, clean UTF-8, not empty. */
int cops__fight_set_side_name(struct cops__fight_base *b, int side, const char *name);
const char *cops__fight_side_name(const struct cops__fight_base *b, int side);
/* The round cap, 1..10000; logging 0 or 1. */
int cops__fight_set_max_rounds(struct cops__fight_base *b, int rounds);
int cops__fight_set_logging(struct cops__fight_base *b, int on);
/* Seed the fight's context and remember the seed (its saves write it). */
int cops__fight_seed(struct cops__fight_base *b, uint64_t seed);

#endif
