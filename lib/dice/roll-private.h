/* The roll result's layout, shared by the dice engine (dice.c) and the
 * Storyteller module's pools (st/st-dice.c). */
#ifndef COPS_ROLL_PRIVATE_H
#define COPS_ROLL_PRIVATE_H

#include "dice/dice.h"

#if COPS_WITH_ST
#include <cops/st.h>
#endif
#if COPS_WITH_D6
#include <cops/d6.h>
#endif

/* Dice are stored as arrays, and only what cannot be derived: a die's
 * success follows from its face and the threshold, and a first-wave die
 * (index < first) has no parent and depth 0. So the first wave, the hot
 * path, writes one byte per die. */
struct cops_roll {
  int kind;
  int count;           /* dice drawn */
  int first;           /* dice of the first wave */
  int capacity;
  uint8_t *face;
  int32_t *parent;     /* index of the 10 a re-roll re-rolls; for i >= first */
  uint16_t *depth;     /* re-rolls since the chain's first die; for i >= first */
  cops_action action;  /* as given */
  int pool, threshold, difficulty, successes, succeeded, capped, unskilled, total;
  int anciennete;      /* a re-roll paid with Ancienneté: a success has MR 0 (C5) */
#if COPS_WITH_ST
  cops_st_pool st;     /* an ST roll's pool, as given */
  int st_pool, st_chance, st_dramatic;  /* dice + mod; a chance die; its 1 */
#endif
#if COPS_WITH_D6
  cops_d6_pool d6;     /* a D6 roll's pool, as given */
  int d6_dice, d6_free, d6_free_face, d6_level, d6_critical;  /* the free die: d6_free; its first face */
  int d6_success;      /* 1, 0, or -1 without a difficulty */
#endif
  int busy;            /* being filled while a random callback runs */
  int misuse;          /* freed or rolled into from that callback: refused */
  cops_allocator alloc;
};

/* Re-roll the dice of the first wave showing again_first or more, then
 * their re-rolls showing again or more, wave by wave (dice.c). */
int cops__roll_explode(cops_roll *r, cops_ctx *ctx, int again_first, int again);
/* A roll filled from a source: refused into a roll being filled; marks the
 * source's place and the roll busy. fill_end: all or nothing. */
int cops__roll_fill_begin(cops_roll *roll, cops_ctx *ctx, cops__rng_mark_t *m);
int cops__roll_fill_end(cops_roll *roll, cops_ctx *ctx, const cops__rng_mark_t *m, int rc);
/* Room for one more die. */
int cops__roll_grow(cops_roll *r, cops_ctx *ctx);

/* Whether die i of a roll is a success (dice.c), for its readers and renderers. */
int cops__die_success(const cops_roll *roll, int i);

#endif
