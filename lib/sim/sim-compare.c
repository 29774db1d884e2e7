/* Two summaries of one scenario compared (docs/simulation.md, "Comparing rulesets"): the
 * rates with their 95 % intervals and the differences with their significance, as JSON
 * (schemas/sim-compare.schema.json). A renderer above the summaries: it counts nothing. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "base/jsonutil.h"
#include "sim/sim-private.h"

#define Z95 1.959963984540054   /* the 97.5th percentile of the standard normal law */
#define ALPHA 0.05

/* A rate k/n with its Wilson interval (the score interval, right even near 0 and 1). */
static json_t *rate(long long k, long long n)
{
  const double p = (double)k / (double)n, z2 = Z95 * Z95, nn = (double)n;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = Z95 * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  return json_pack("{s:I,s:I,s:f,s:f,s:f}", "count", (json_int_t)k, "of", (json_int_t)n, "rate",
                   p, "low", centre - half < 0 ? 0.0 : centre - half, "high",
                   centre + half > 1 ? 1.0 : centre + half);
}

/* Two rates, their difference b - a with its (unpooled) 95 % interval, and the two-sided
 * p-value of the pooled two-proportion z-test. */
static json_t *rates(long long ka, long long na, long long kb, long long nb)
{
  const double pa = (double)ka / (double)na, pb = (double)kb / (double)nb;
  const double d = pb - pa;
  const double se = sqrt(pa * (1 - pa) / (double)na + pb * (1 - pb) / (double)nb);
  const double pool = (double)(ka + kb) / (double)(na + nb);
  const double se0 = sqrt(pool * (1 - pool) * (1.0 / (double)na + 1.0 / (double)nb));
  const double p = se0 > 0 ? erfc(fabs(d / se0) / sqrt(2.0)) : 1.0;
  return json_pack("{s:o,s:o,s:f,s:f,s:f,s:f,s:b}", "a", rate(ka, na), "b", rate(kb, nb),
                   "difference", d, "low", d - Z95 * se, "high", d + Z95 * se, "p_value", p,
                   "significant", p < ALPHA);
}

/* A mean of n values from their sum and sum of squares, with its 95 % interval. */
static void mean_of(long long sum, long long sum2, long long n, double *m, double *var)
{
  *m = (double)sum / (double)n;
  *var = n > 1 ? ((double)sum2 - (double)n * *m * *m) / (double)(n - 1) : 0;
  if (*var < 0)
    *var = 0;   /* rounding of a constant */
}

static json_t *means(const cops_sim *a, const cops_sim *b)
{
  double ma, va, mb, vb;
  mean_of(a->rounds, a->rounds2, a->fights, &ma, &va);
  mean_of(b->rounds, b->rounds2, b->fights, &mb, &vb);
  const double sa = sqrt(va / (double)a->fights), sb = sqrt(vb / (double)b->fights);
  const double se = sqrt(sa * sa + sb * sb), d = mb - ma;
  const double p = se > 0 ? erfc(fabs(d / se) / sqrt(2.0)) : (d == 0 ? 1.0 : 0.0);
  return json_pack("{s:{s:f,s:f,s:f},s:{s:f,s:f,s:f},s:f,s:f,s:f,s:f,s:b}", "a", "mean", ma,
                   "low", ma - Z95 * sa, "high", ma + Z95 * sa, "b", "mean", mb, "low",
                   mb - Z95 * sb, "high", mb + Z95 * sb, "difference", d, "low", d - Z95 * se,
                   "high", d + Z95 * se, "p_value", p, "significant", p < ALPHA);
}

static void put(json_t *o, const char *k, json_t *v, int *bad)
{
  *bad |= !v || json_object_set_new(o, k, v);
}

int cops_sim_compare(const cops_sim *a, const cops_sim *b, char **out)
{
  if (!a || !b || !out)
    return COPS_EINVAL;
  *out = NULL;
  COPS__ENTER(a->ctx);
  if (!cops__sim_same_scenario(a, b))
    return cops__fail(a->ctx, COPS_EINVAL, "the summaries are of other scenarios ('%s', '%s'), "
                      "or of other sides or combatants", a->name, b->name);
  if (a->fights < 1 || b->fights < 1)
    return cops__fail(a->ctx, COPS_ERANGE, "a comparison needs a finished fight in each "
                      "summary (%lld and %lld)", a->fights, b->fights);
  const long long na = a->fights, nb = b->fights;
  int bad = 0;
  json_t *root = json_pack("{s:i,s:s,s:s,s:[s,s],s:[I,I]}", "schema", 1, "type",
                           "sim-compare", "scenario", a->name, "rules",
                           cops_ruleset_name(a->ruleset), cops_ruleset_name(b->ruleset),
                           "fights", (json_int_t)na, (json_int_t)nb);
  put(root, "confidence", json_real(1 - ALPHA), &bad);
  json_t *sides = json_array();
  for (int k = 0; k < a->nsides; k++) {
    json_t *side = json_pack("{s:s,s:o}", "name", a->sides[k], "wins",
                             rates(a->wins[k], na, b->wins[k], nb));
    bad |= !side || json_array_append_new(sides, side);
  }
  put(root, "sides", sides, &bad);
  put(root, "undecided", rates(a->undecided, na, b->undecided, nb), &bad);
  put(root, "rounds", means(a, b), &bad);
  json_t *who = json_array();
  long long dead_a = 0, dead_b = 0;
  for (int i = 0; i < a->n; i++) {
    dead_a += a->dead[i];
    dead_b += b->dead[i];
    json_t *c = json_pack("{s:s,s:i,s:o,s:o}", "name", a->who[i], "side", a->side_of[i],
                          "down", rates(a->down[i], na, b->down[i], nb), "dead",
                          rates(a->dead[i], na, b->dead[i], nb));
    if (c && a->policy[i] != COPS_POLICY_SIMPLE)   /* absent: simple, as in a summary */
      put(c, "policy", json_string(cops_policy_name(a->policy[i])), &bad);
    bad |= !c || json_array_append_new(who, c);
  }
  put(root, "combatants", who, &bad);
  /* Lethality: the dead per combatant and fight, every combatant counted as a trial. */
  put(root, "lethality", rates(dead_a, na * a->n, dead_b, nb * b->n), &bad);
  if (cops__sheet_out(a->ctx, root, bad, out))
    return cops__fail(a->ctx, COPS_ENOMEM, "out of memory for the comparison");
  return COPS_OK;
}
