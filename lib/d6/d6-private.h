/* The D6 System module's shared internals (lib/d6). */
#ifndef COPS_D6_PRIVATE_H
#define COPS_D6_PRIVATE_H

#include <cops/d6.h>

#include "../internal.h"

/* The first published sizes (0.16.0). */
#define COPS__D6_RULES_SIZE_0_16 sizeof(cops_d6_rules)
#define COPS__D6_POOL_SIZE_0_16 sizeof(cops_d6_pool)

/* A pool checked under checked rules: the dice rolled (the free die among them), whether
 * one is free, the fixed part of the total (pips + points). */
typedef struct cops__d6_effective {
  cops_d6_pool pool;
  cops_d6_rules rules;
  int dice;        /* after every modifier, at least 0 (D6-A4) */
  int free;        /* 1: the last die is the free die (D6-A2) */
  int fixed;       /* the code's pips + the points */
} cops__d6_effective;

/* v within lo..hi, or COPS_ERANGE naming it. */
int cops__d6_range(cops_ctx *ctx, const char *what, int v, int lo, int hi);
/* The defaults (§11); a caller's rules read at their size and checked. */
void cops__d6_rules_default(cops_d6_rules *r);
int cops__d6_rules_in(cops_ctx *ctx, const cops_d6_rules *given, cops_d6_rules *out);
/* A pool at its size and the rules, checked; the effective roll. */
int cops__d6_check(cops_ctx *ctx, const cops_d6_pool *p, const cops_d6_rules *rules,
                       cops__d6_effective *e);
/* A code checked (dice 0 .. COPS_D6_DICE_MAX, pips 0 .. 2). */
int cops__d6_code_ok(cops_d6_code c);

#endif
