/* Exact odds of action rolls (COPS.md C1, C5). Derivation: docs/odds.md.
 *
 * One die at threshold t (skilled) fails with q = (t-1)/10, succeeds and
 * stops with s = (10-t)/10, and succeeds and rolls again with r = 1/10 (C1.2),
 * so its generating function is G(z) = (q + s z) / (1 - r z). A pool of n dice
 * has G(z)^n = (q + s z)^n (1 - r z)^-n, whose coefficients are the finite
 * convolution of a binomial and a negative binomial:
 *   P(K = k) = sum_j C(n,j) q^(n-j) s^j  C(n-1+k-j, k-j) r^(k-j).
 * Unskilled (C1.4): a 10 succeeds and is not rolled again: binomial(n, 1/10). */
#include <math.h>
#include <string.h>

#include "dice/dice.h"

/* Success counts held in a law: every query and every sum fits. */
#define LAW_K (COPS_ODDS_K_MAX + 2)
/* A law's mass past this pmf, once the pmf halves at each step, is negligible. */
#define NEGLIGIBLE 1e-20
/* The accuracy promised: a probability within this of the target reaches it
 * (1 - 0.9 is 0.09999999999999998 in binary floating point). */
#define ACCURACY 1e-12

typedef struct law {
  cops__effective e;
  int known;              /* pmf[0 .. known-1] computed */
  double a[COPS_DICE_MAX + 1];
  double b[LAW_K];
  double pmf[LAW_K];
} law;

/* Prepare the law of an effective action (already validated). */
static void law_setup(law *L, const cops__effective *e)
{
  L->e = *e;
  L->known = 0;
  const int n = e->pool;
  if (n == 0 || e->unskilled)
    return;
  const double q = (e->threshold - 1) / 10.0, s = (10 - e->threshold) / 10.0;
  double c = 1.0; /* a_j = C(n,j) q^(n-j) s^j */
  for (int j = 0; j <= n; j++) {
    L->a[j] = c * pow(q, n - j) * pow(s, j);
    c = c * (n - j) / (j + 1);
  }
}

static int law_init(law *L, cops_ctx *ctx, const cops_action *a)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);   /* every query starts here */
  if (!a)
    return cops__fail(ctx, COPS_EINVAL, "action is NULL");
  cops__effective e;
  int rc = cops__resolve_action(ctx, a, &e);
  if (rc)
    return rc;
  law_setup(L, &e);
  return COPS_OK;
}

static int check_out(cops_ctx *ctx, const void *out);

/* law_init, and the query's output pointer checked: the front of every query. */
static int law_query(law *L, cops_ctx *ctx, const cops_action *a, const void *out)
{
  int rc = law_init(L, ctx, a);
  return rc ? rc : check_out(ctx, out);
}

/* P(K = k) for 0 <= k < LAW_K, each computed once. */
static double law_pmf(law *L, int k)
{
  const int n = L->e.pool;
  while (L->known <= k) {
    const int i = L->known++;
    double p = 0;
    if (n == 0) {
      p = i == 0;
    } else if (L->e.unskilled) {
      if (i <= n) {
        double c = 1.0;
        for (int j = 0; j < i; j++)
          c = c * (n - j) / (j + 1);
        p = c * pow(0.1, i) * pow(0.9, n - i);
      }
    } else {
      /* b_m = C(n-1+m, m) r^m, by its recurrence. */
      L->b[i] = i == 0 ? 1.0 : L->b[i - 1] * (n - 1 + i) / i * 0.1;
      for (int j = 0; j <= n && j <= i; j++)
        p += L->a[j] * L->b[i - j];
    }
    L->pmf[i] = p;
  }
  return L->pmf[k];
}

/* P(K >= k). */
static double law_at_least(law *L, int k)
{
  double below = 0;
  for (int i = 0; i < k; i++)
    below += law_pmf(L, i);
  double p = 1.0 - below;
  return p < 0 ? 0 : p;
}

/* The last k worth summing: past it the pmf is below NEGLIGIBLE and falls
 * at least by half at each step, so the rest weighs under 2 NEGLIGIBLE. */
static int law_extent(law *L)
{
  for (int k = 1; k < LAW_K; k++) {
    double p = law_pmf(L, k);
    if (p < NEGLIGIBLE && p <= 0.5 * law_pmf(L, k - 1))
      return k;
  }
  return LAW_K - 1;
}

static double law_success(law *L)
{
  if (L->e.pool < 1)
    return 0.0; /* C1.7: no die, no success */
  return law_at_least(L, L->e.difficulty);
}

static int check_out(cops_ctx *ctx, const void *out)
{
  return out ? COPS_OK : cops__fail(ctx, COPS_EINVAL, "output pointer is NULL");
}

static int check_k(cops_ctx *ctx, const char *what, int k, int lo, int hi)
{
  if (k < lo || k > hi)
    return cops__fail(ctx, COPS_ERANGE, "%s %d out of range %d..%d", what, k, lo, hi);
  return COPS_OK;
}

static int check_probability(cops_ctx *ctx, double p, int open_low, int open_high)
{
  if (!(p >= 0.0 && p <= 1.0) || (open_low && p == 0.0) || (open_high && p == 1.0))
    return cops__fail(ctx, COPS_ERANGE, "probability %g out of range %s0, 1%s", p,
                      open_low ? "(" : "[", open_high ? ")" : "]");
  return COPS_OK;
}

int cops_odds_pmf(cops_ctx *ctx, const cops_action *a, int k, double *p)
{
  law L;
  int rc = law_query(&L, ctx, a, p);
  if (rc ||
      (rc = check_k(ctx, "success count", k, 0, COPS_ODDS_K_MAX)))
    return rc;
  *p = law_pmf(&L, k);
  return COPS_OK;
}

int cops_odds_at_least(cops_ctx *ctx, const cops_action *a, int k, double *p)
{
  law L;
  int rc = law_query(&L, ctx, a, p);
  if (rc ||
      (rc = check_k(ctx, "success count", k, 0, COPS_ODDS_K_MAX)))
    return rc;
  *p = law_at_least(&L, k);
  return COPS_OK;
}

int cops_odds_success(cops_ctx *ctx, const cops_action *a, double *p)
{
  law L;
  int rc = law_query(&L, ctx, a, p);
  if (rc)
    return rc;
  *p = law_success(&L);
  return COPS_OK;
}

int cops_odds_margin_at_least(cops_ctx *ctx, const cops_action *a, int m, double *p)
{
  law L;
  int rc = law_query(&L, ctx, a, p);
  if (rc ||
      (rc = check_k(ctx, "margin", m, -(COPS_DIFFICULTY_MAX + 1), COPS_ODDS_K_MAX)))
    return rc;
  if (L.e.pool < 1) {
    /* No die: the margin is always -max(difficulty, 1) (C1.7). */
    int only = -(L.e.difficulty > 1 ? L.e.difficulty : 1);
    *p = only >= m;
    return COPS_OK;
  }
  /* With dice the margin is successes - difficulty, success or not (C1.3). */
  int k = L.e.difficulty + m;
  *p = k <= 0 ? 1.0 : law_at_least(&L, k);
  return COPS_OK;
}

int cops_odds_expected(cops_ctx *ctx, const cops_action *a, double *mean)
{
  law L;
  int rc = law_query(&L, ctx, a, mean);
  if (rc)
    return rc;
  /* Per die G'(1) = (s + r q) / (1 - r)^2 = (11 - t) / 9 skilled; 1/10 unskilled. */
  *mean = L.e.unskilled ? L.e.pool / 10.0 : L.e.pool * (11.0 - L.e.threshold) / 9.0;
  return COPS_OK;
}

int cops_odds_quantile(cops_ctx *ctx, const cops_action *a, double q, int *k)
{
  law L;
  int rc = law_query(&L, ctx, a, k);
  if (rc || (rc = check_probability(ctx, q, 0, 1)))
    return rc;
  double cdf = 0;
  for (int i = 0; i < LAW_K; i++) {
    cdf += law_pmf(&L, i);
    if (cdf >= q) {
      *k = i;
      return COPS_OK;
    }
  }
  *k = LAW_K - 1; /* only for q within rounding of 1 */
  return COPS_OK;
}

int cops_odds_opposed(cops_ctx *ctx, const cops_action *a, const cops_action *b,
                      int min_successes, double *win, double *none, double *lose)
{
  law A, B;
  int rc = law_init(&A, ctx, a);
  if (rc || (rc = law_init(&B, ctx, b)) ||
      (rc = check_k(ctx, "minimum successes", min_successes, 0, COPS_DIFFICULTY_MAX)))
    return rc;
  /* P(A wins) = sum_k P(B = k) P(A >= max(k + 1, min)), and the other way. */
  const int ka = law_extent(&A), kb = law_extent(&B);
  double w = 0, l = 0;
  for (int k = 0; k <= kb; k++)
    w += law_pmf(&B, k) * law_at_least(&A, k + 1 > min_successes ? k + 1 : min_successes);
  for (int k = 0; k <= ka; k++)
    l += law_pmf(&A, k) * law_at_least(&B, k + 1 > min_successes ? k + 1 : min_successes);
  if (win)
    *win = w;
  if (lose)
    *lose = l;
  if (none) {
    double n = 1.0 - w - l;
    *none = n < 0 ? 0 : n;
  }
  return COPS_OK;
}

int cops_odds_opposed_difference(cops_ctx *ctx, const cops_action *a, const cops_action *b,
                                 int d, double *p)
{
  law A, B;
  int rc = law_init(&A, ctx, a);
  if (rc || (rc = law_init(&B, ctx, b)) || (rc = check_out(ctx, p)) ||
      (rc = check_k(ctx, "difference", d, -COPS_ODDS_K_MAX, COPS_ODDS_K_MAX)))
    return rc;
  const int ka = law_extent(&A), kb = law_extent(&B);
  double sum = 0;
  for (int k = d < 0 ? -d : 0; k <= kb && k + d <= ka; k++)
    sum += law_pmf(&A, k + d) * law_pmf(&B, k);
  *p = sum;
  return COPS_OK;
}

int cops_odds_points(cops_ctx *ctx, const cops_action *a, double *plain, double *adrenaline,
                     double *anciennete, double *both)
{
  law L;
  int rc = law_init(&L, ctx, a);
  if (rc)
    return rc;
  const double p = law_success(&L);
  double pa = NAN;   /* unavailable: the pool cannot take one more die */
  if ((adrenaline || both) && L.e.pool + 1 <= COPS_DICE_MAX) {
    /* Adrénaline: +1 die (C5). */
    cops__effective e = L.e;
    e.pool += 1;
    law_setup(&L, &e);
    pa = law_success(&L);
  }
  if (plain)
    *plain = p;
  if (adrenaline)
    *adrenaline = pa;
  if (anciennete)
    *anciennete = p + (1 - p) * p;   /* a failed roll is rolled again once (C5) */
  if (both)
    *both = isnan(pa) ? NAN : pa + (1 - pa) * pa;
  return COPS_OK;
}

/* P(success) of the action with its effective pool or threshold replaced. */
static double success_with(const law *base, int pool, int threshold)
{
  law L;
  cops__effective e = base->e;
  e.pool = pool;
  e.threshold = threshold;
  law_setup(&L, &e);
  return law_success(&L);
}

int cops_odds_dice_for(cops_ctx *ctx, const cops_action *a, double p, int *dice)
{
  law L;
  int rc = law_query(&L, ctx, a, dice);
  if (rc || (rc = check_probability(ctx, p, 1, 0)))
    return rc;
  for (int n = 1; n <= COPS_DICE_MAX; n++) {
    if (success_with(&L, n, L.e.threshold) >= p - ACCURACY) {
      *dice = n;
      return COPS_OK;
    }
  }
  return cops__fail(ctx, COPS_ENOTFOUND,
                    "even %d dice at %d+ succeed against difficulty %d with p < %g",
                    COPS_DICE_MAX, L.e.threshold, L.e.difficulty, p);
}

int cops_odds_threshold_for(cops_ctx *ctx, const cops_action *a, double p, int *threshold)
{
  law L;
  int rc = law_query(&L, ctx, a, threshold);
  if (rc || (rc = check_probability(ctx, p, 1, 0)))
    return rc;
  if (L.e.unskilled)
    return cops__fail(ctx, COPS_EINVAL, "an unskilled roll has no threshold to choose (C1.4)");
  for (int t = COPS_THRESHOLD_MAX; t >= COPS_THRESHOLD_MIN; t--) {
    if (success_with(&L, L.e.pool, t) >= p - ACCURACY) {
      *threshold = t;
      return COPS_OK;
    }
  }
  return cops__fail(ctx, COPS_ENOTFOUND,
                    "even 2+ with %d dice succeeds against difficulty %d with p < %g",
                    L.e.pool, L.e.difficulty, p);
}

int cops__odds_law(cops_ctx *ctx, const cops_action *a, double *pmf, int *extent,
                   cops__effective *e)
{
  law *L = cops__malloc(&ctx->alloc, sizeof *L);
  if (!L)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for odds");
  cops__effective eff;
  int rc = cops__resolve_action(ctx, a, &eff);
  if (!rc) {
    law_setup(L, &eff);
    const int last = eff.pool < 1 ? 0 : law_extent(L);
    for (int k = 0; k <= last; k++)
      pmf[k] = law_pmf(L, k);
    *extent = last;
    *e = eff;
  }
  cops__free(&ctx->alloc, L);
  return rc;
}
