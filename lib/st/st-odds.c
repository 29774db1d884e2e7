/* Exact odds of Storyteller pools (ST §0.3, ST-A1, ST-A2, ST-A37).
 *
 * One die at threshold t with re-rolls from face a fails with
 * q = (t-1)/10, succeeds and stops with s = (a-t)/10, and succeeds and rolls
 * again with r = (11-a)/10 (a = 11 when nothing re-rolls), so its generating
 * function is G(z) = (q + s z) / (1 - r z), as for COPS (lib/dice/odds.c,
 * docs/odds.md), and n dice give
 *   P(K = k) = sum_j C(n,j) q^(n-j) s^j  C(n-1+k-j, k-j) r^(k-j).
 * A chance die gives 0 with 9/10 and 1 + (one ordinary die) with 1/10; the
 * two modes without dice give one value for certain. */
#include <math.h>
#include <string.h>

#include "st/st-private.h"
#include "st-private.h"

#define LAW_K (COPS_ODDS_K_MAX + 2)
#define NEGLIGIBLE 1e-20

typedef struct law {
  int extent;            /* pmf[0 .. extent] holds all but a negligible mass */
  double pmf[LAW_K];
} law;

/* n ordinary dice into pmf[offset ..], each weighted by w. */
static void dice_law(law *L, int n, const cops__st_effective *e, int offset, double w)
{
  const double q = (e->threshold - 1) / 10.0, s = (e->again - e->threshold) / 10.0,
               r = (11 - e->again) / 10.0;
  double a[COPS_DICE_MAX + 1], b[LAW_K];
  double c = 1.0;   /* a_j = C(n,j) q^(n-j) s^j */
  for (int j = 0; j <= n; j++) {
    a[j] = c * pow(q, n - j) * pow(s, j);
    c = c * (n - j) / (j + 1);
  }
  double prev = 1.0;
  for (int k = 0; k + offset < LAW_K; k++) {
    b[k] = k == 0 ? 1.0 : b[k - 1] * (n - 1 + k) / k * r;
    double p = 0;
    for (int j = 0; j <= n && j <= k; j++)
      p += a[j] * b[k - j];
    L->pmf[k + offset] = w * p;
    L->extent = k + offset;
    if (k >= n && p < NEGLIGIBLE && p <= 0.5 * prev)
      break;
    prev = p;
  }
}

static void law_of(law *L, const cops__st_effective *e)
{
  const int pool = e->pool > 0 ? e->pool : 0;
  if (e->mode == COPS_ST_ALL_EIGHTS || e->mode == COPS_ST_AVERAGE ||
      (!e->chance && pool == 0)) {
    const int k = e->mode == COPS_ST_AVERAGE ? pool / 3 : e->mode == COPS_ST_ALL_EIGHTS ? pool : 0;
    memset(L->pmf, 0, (size_t)k * sizeof L->pmf[0]);   /* only pmf[0 .. extent] is read */
    L->pmf[k] = 1.0;
    L->extent = k;
  } else if (e->chance) {                /* ST-A2: a 10 succeeds and rolls again */
    if (e->again <= 10) {
      dice_law(L, 1, e, 1, 0.1);
    } else {
      L->pmf[1] = 0.1;
      L->extent = 1;
    }
    L->pmf[0] = 0.9;
  } else {
    dice_law(L, pool, e, 0, 1.0);
  }
}

/* The front of every query: the context, the pool checked, the output. */
static int query(cops_ctx *ctx, const cops_st_pool *p, const void *out, law *L,
                 cops__st_effective *e)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!p || !out)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", p ? "the output" : "pool");
  int rc = cops__st_pool_check(ctx, p, e);
  if (rc)
    return rc;
  law_of(L, e);
  return COPS_OK;
}

int cops__st_pool_law(cops_ctx *ctx, const cops_st_pool *p, double *out, int cap)
{
  cops__st_effective e;
  law L;
  int rc = cops__st_pool_check(ctx, p, &e);
  if (rc)
    return rc;
  law_of(&L, &e);
  for (int k = 0; k < cap; k++)
    out[k] = k <= L.extent ? L.pmf[k] : 0.0;
  for (int k = cap; k <= L.extent; k++)
    out[cap - 1] += L.pmf[k];   /* the tail past cap - 1 at its end */
  return COPS_OK;
}

static double pmf(const law *L, int k)
{
  return k >= 0 && k <= L->extent ? L->pmf[k] : 0.0;
}

/* The tail summed from its small end: exact to the last digit where 1 - P(K < k)
 * would keep only the rounding of the head. */
static double at_least(const law *L, int k)
{
  if (k <= 0)
    return 1.0;
  double p = 0;
  for (int i = L->extent; i >= k; i--)
    p += L->pmf[i];
  return p > 1.0 ? 1.0 : p;
}

/* A query of one success count: the pool's law, k checked, f's answer. */
static int k_query(cops_ctx *ctx, const cops_st_pool *p, int k, double *out,
                   double (*f)(const law *, int))
{
  law L;
  cops__st_effective e;
  int rc = query(ctx, p, out, &L, &e);
  if (!rc && !(rc = cops__st_range(ctx, "successes", k, 0, COPS_ODDS_K_MAX)))
    *out = f(&L, k);
  return rc;
}

int cops_st_odds_pmf(cops_ctx *ctx, const cops_st_pool *p, int k, double *out)
{
  return k_query(ctx, p, k, out, pmf);
}

int cops_st_odds_at_least(cops_ctx *ctx, const cops_st_pool *p, int k, double *out)
{
  return k_query(ctx, p, k, out, at_least);
}

int cops_st_odds_dramatic(cops_ctx *ctx, const cops_st_pool *p, double *out)
{
  law L;
  cops__st_effective e;
  const int rc = query(ctx, p, out, &L, &e);
  if (!rc)
    *out = e.chance ? 0.1 : 0.0;
  return rc;
}

int cops_st_odds_expected(cops_ctx *ctx, const cops_st_pool *p, double *out)
{
  law L;
  cops__st_effective e;
  const int rc = query(ctx, p, out, &L, &e);
  if (rc)
    return rc;
  double m = 0;
  for (int k = 1; k <= L.extent; k++)
    m += k * L.pmf[k];
  *out = m;
  return COPS_OK;
}

/* Both laws, checked; the outputs' NULLs judged by the caller. */
static int two_laws(cops_ctx *ctx, const cops_st_pool *a, const cops_st_pool *b, law *La,
                    law *Lb)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!a || !b)
    return cops__fail(ctx, COPS_EINVAL, "pool %s is NULL", a ? "B" : "A");
  cops__st_effective ea, eb;
  int rc = cops__st_pool_check(ctx, a, &ea);
  if (rc || (rc = cops__st_pool_check(ctx, b, &eb)))
    return rc;
  law_of(La, &ea);
  law_of(Lb, &eb);
  return COPS_OK;
}

int cops_st_odds_opposed(cops_ctx *ctx, const cops_st_pool *a, const cops_st_pool *b,
                         double *a_wins, double *b_wins, double *tie)
{
  law La, Lb;
  int rc = two_laws(ctx, a, b, &La, &Lb);
  if (rc)
    return rc;
  if (!a_wins && !b_wins && !tie)
    return cops__fail(ctx, COPS_EINVAL, "no output: give a_wins, b_wins or tie");
  double pa = 0, pt = 0, below = 0;   /* below: P(B < k) */
  for (int k = 0; k <= La.extent; k++) {
    pa += La.pmf[k] * below;
    pt += La.pmf[k] * pmf(&Lb, k);
    below += pmf(&Lb, k);
  }
  double pb = 1.0 - pa - pt;
  if (a_wins)
    *a_wins = pa;
  if (b_wins)
    *b_wins = pb < 0 ? 0 : pb;
  if (tie)
    *tie = pt;
  return COPS_OK;
}

int cops_st_odds_difference(cops_ctx *ctx, const cops_st_pool *a, const cops_st_pool *b, int d,
                            double *out)
{
  law La, Lb;
  int rc = two_laws(ctx, a, b, &La, &Lb);
  if (!rc && !out)
    rc = cops__fail(ctx, COPS_EINVAL, "the output is NULL");
  if (!rc && (rc = cops__st_range(ctx, "difference", d, -COPS_ODDS_K_MAX, COPS_ODDS_K_MAX)))
    return rc;
  if (rc)
    return rc;
  double p = 0;
  for (int k = 0; k <= Lb.extent; k++)
    p += pmf(&La, k + d) * Lb.pmf[k];
  *out = p;
  return COPS_OK;
}
