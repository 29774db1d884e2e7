/* A summary's insides (lib/sim/sim.c), read by its comparison (lib/sim/sim-compare.c). Not
 * installed. */
#ifndef COPS_SIM_PRIVATE_H
#define COPS_SIM_PRIVATE_H

#include <cops/sim.h>

#include "fight/fight.h"

#define FAIL(s, code, ...) cops__fail((s)->ctx, (code), __VA_ARGS__)
#define REASON_MAX 511
#define LENGTHS 10001   /* how many rounds a fight lasted: 0..10000 (a scenario's max_rounds) */

struct range {
  long long from, to;   /* [from, to) */
};

struct cops_sim {
  cops_ctx *ctx;
  char name[COPS_NAME_MAX + 1];
  int ruleset;            /* the scenario's (::cops_rulesets) when its fights were run */
  int seeded;
  uint64_t seed;
  int nsides, n;
  char sides[COPS_SIDES_MAX][64];
  char who[COPS_COMBATANTS_MAX][COPS_NAME_MAX + 1];
  int side_of[COPS_COMBATANTS_MAX];
  int policy[COPS_COMBATANTS_MAX];   /* who declared for each (::cops_policies) */
  struct range r[COPS_SIM_RANGES_MAX];
  int nr;
  /* The counts. */
  long long fights, stopped, wins[COPS_SIDES_MAX], undecided, rounds, rounds2;
  long long down[COPS_COMBATANTS_MAX], dead[COPS_COMBATANTS_MAX];
  long long first_stop;   /* the lowest index stopped, -1 none */
  char why[REASON_MAX + 1];
  int lengths_known;      /* 0: read from a summary without them (0.16) */
  long long length[LENGTHS];   /* fights by the rounds they lasted */
};

/* The same scenario: its name, sides, combatants and their policies (any ruleset). */
int cops__sim_same_scenario(const cops_sim *a, const cops_sim *b);

#endif
