/* The odds of a planned attack, shared by lib/attack/attack-odds.c (the object, the core rules'
 * odds, the answers) and each ruleset's odds (lib/rules/<ruleset>/odds.c). Not
 * installed. */
#ifndef COPS_ATTACK_ODDS_PRIVATE_H
#define COPS_ATTACK_ODDS_PRIVATE_H

#include "attack/attack-private.h"

/* Most bullets that can land: the chained locations stop at 10 (C10.6). */
#define MOST_IN 10
/* Most damage one bullet or blow does: 20d6 of PU and 3d6 of location. */
#define ONE_MAX (6 * 20 + 6 * 3)
#define DAMAGE_MAX (MOST_IN * ONE_MAX)

struct cops_attack_odds {
  cops_ctx *ctx;
  int computed;
  double hit, hit_back;
  double in[MOST_IN + 1];           /* bullets or blows in */
  double zone[COPS_ZONE_COUNT];     /* the zone hit at least once */
  double damage[DAMAGE_MAX + 1];
  int damage_max;                   /* the last damage with a chance */
  int ruleset;                      /* the ::cops_rulesets computed under */
  double stop[COPS_STOP_RESULT_COUNT];   /* by ::cops_stopping_results; "none" is the rest */
  double down, dead;
  /* Scratch. */
  double pmf[COPS__LAW_K], pmf2[COPS__LAW_K];
  double one[COPS_ZONE_COUNT][ONE_MAX + 1];   /* one bullet's damage at a zone */
  int one_max[COPS_ZONE_COUNT];
  double conv[MOST_IN + 1][DAMAGE_MAX + 1];   /* bullets 1..k of a first die */
  int conv_max[MOST_IN + 1];
};

/* The target of a planned attack: its hit points and the stopping roll's pool. */
struct cops__odds_target {
  int hp, max, characteristic;   /* the stopping roll's characteristic value */
};
void cops__odds_target(const cops_situation *s, struct cops__odds_target *t);
/* The law of the sum of n d6 into out[0 .. 6n]; a convolution into out[0 .. na + nb]. */
void cops__d6_sum_law(int n, double *out);
void cops__convolve(const double *a, int na, const double *b, int nb, double *out);

/* Each ruleset's odds (the rules table's). */
int cops__core_odds(cops_attack_odds *o, const cops_situation *s);
int cops__core_shot_given(cops_attack_odds *o, const cops_situation *s, int fired,
                          const double margin[MOST_IN + 1]);

#endif
