/* What the fight files of the optional modules share (lib/st/st-fight-file.c,
 * lib/d6/d6-fight-file.c): a field read when present, and the part of a file about the
 * fight as a whole (its name, round cap, logging, round, seed, the seeded stream's place,
 * the next event's number, the sides, the winner). Not installed. */
#ifndef COPS_FIGHT_FILE_H
#define COPS_FIGHT_FILE_H

#include "base/jsonutil.h"

/* obj's field key, when present, into *out: a whole number in lo..hi, or true/false (an
 * error naming "where.key" otherwise). */
int cops__field_int(cops_ctx *ctx, json_t *obj, const char *where, const char *key, int lo,
                    int hi, int *out);
int cops__field_bool(cops_ctx *ctx, json_t *obj, const char *where, const char *key, int *out);

/* Where a fight keeps the fields of the head, and what the head read says. */
typedef struct cops__fight_head {
  char *name;                   /* name_cap bytes */
  size_t name_cap;
  int *max_rounds, *logging, *round, *seeded;
  uint64_t *seed;
  char *side_names;             /* sides_max names of side_cap bytes each */
  size_t side_cap;
  int sides_max;
  /* read */
  int next_event, has_random, nsides;
  struct cops__rng_state rng;
} cops__fight_head;

/* The head of a fight file: name, max_rounds, logging, round (at most max_rounds),
 * next_event, seed, random, sides (1 .. sides_max names). */
int cops__fight_head_read(cops_ctx *ctx, json_t *root, cops__fight_head *h);
/* The file's winner, when present: the fight is over, its winner a side or none. */
int cops__fight_winner_read(cops_ctx *ctx, json_t *root, int nsides, int none, int *over,
                            int *winner);
/* What a save writes of the fight as a whole, before the module's own parts. */
typedef struct cops__fight_head_out {
  const char *system, *name;    /* name "" for none */
  int schema, max_rounds, logging, seeded, round, over, winner;   /* winner -1: none */
  uint64_t seed;
} cops__fight_head_out;

/* The head of a save into root, in the files' order: system, schema, name, rules (taken;
 * left out when empty), max_rounds, logging (when off), seed (when seeded), round, winner
 * (when over), next_event, random. Nonzero when short of memory. */
int cops__fight_head_write(cops_ctx *ctx, json_t *root, const cops__fight_head_out *h,
                           json_t *rules, const cops_log *log);
/* All read: the context's stream where the save left it (or seeded with the scenario's
 * seed), the log going on from the next event. */
void cops__fight_head_finish(cops_ctx *ctx, const cops__fight_head *h, cops_log *log, int round);

#endif
