/* The exact odds of D6 rolls (OTHER-SYSTEMS.md D6 §0.3-§0.5; D6-A1, D6-A2, D6-A10;
 * D6-M10). A total is fixed + the ordinary dice + the free die; an exploding free die
 * is 6K + R with R uniform on 1..5 and P(K = m) = 5/6 x 6^-m, so every law is a finite
 * sum and a geometric tail in closed form: no chain of 6s is cut short. */
#include <string.h>

#include "d6/d6-private.h"
#include "d6-private.h"

#define SPAN (6 * COPS_D6_DICE_MAX + 8)

/* One side of a roll: the law of fixed + ordinary dice + R (the free die without its
 * explosions, or with none), and whether a K of explosions comes on top. */
typedef struct side {
  double pmf[SPAN];   /* pmf[t - lo] = P(finite part = t) */
  int lo, hi;         /* its support */
  int explode;        /* an exploding free die: 6K on top */
} side;

/* The law of n d6 plus a last die uniform on 1..last (0: none), shifted by fixed. */
static void finite_law(side *s, int n, int last, int fixed)
{
  double a[SPAN], b[SPAN];
  memset(a, 0, sizeof a);
  a[0] = 1;
  int top = 0;   /* a holds P(sum = t), t in 0..top */
  for (int d = 0; d < n + (last ? 1 : 0); d++) {
    const int faces = d < n ? 6 : last;
    memset(b, 0, sizeof b);
    for (int t = 0; t <= top; t++)
      if (a[t] != 0)
        for (int f = 1; f <= faces; f++)
          b[t + f] += a[t] / faces;
    memcpy(a, b, sizeof a);
    top += faces;
  }
  const int low = n + (last ? 1 : 0);   /* every die at least 1 */
  s->lo = fixed + low;
  s->hi = fixed + top;
  memset(s->pmf, 0, sizeof s->pmf);
  for (int t = low; t <= top; t++)
    s->pmf[t - low] = a[t];
}

static int side_of(cops_ctx *ctx, const cops_d6_pool *p, const cops_d6_rules *rules, side *s,
                   cops__d6_effective *e)
{
  int rc = cops__d6_check(ctx, p, rules, e);
  if (rc)
    return rc;
  s->explode = e->free && e->rules.explode;
  finite_law(s, s->explode ? e->dice - 1 : e->dice, s->explode ? 5 : 0, e->fixed);
  return COPS_OK;
}

static double finite_at(const side *s, int t)
{
  return t < s->lo || t > s->hi ? 0 : s->pmf[t - s->lo];
}

/* P(K >= m) for the explosions K: 6^-m (m >= 0). */
static double k_at_least(int m)
{
  double p = 1;
  for (int i = 0; i < m; i++)
    p /= 6;
  return m <= 0 ? 1 : p;
}

int cops__d6_pool_law(cops_ctx *ctx, const cops_d6_pool *p, const cops_d6_rules *rules,
                      double *out, int cap, int *lo)
{
  side s;
  cops__d6_effective e;
  int rc = side_of(ctx, p, rules, &s, &e);
  if (rc)
    return rc;
  memset(out, 0, (size_t)cap * sizeof out[0]);
  *lo = s.lo;
  const int last = s.lo + cap - 1;   /* every total from last up in out[cap - 1] */
  for (int t = s.lo; t <= s.hi; t++) {
    const double pt = finite_at(&s, t);
    if (pt == 0)
      continue;
    if (!s.explode) {
      out[(t < last ? t : last) - s.lo] += pt;
      continue;
    }
    int m = 0;
    double ge = 1;   /* P(K >= m) = 6^-m; P(K = m) = 5/6 of it */
    for (; t + 6 * m < last; m++, ge /= 6)
      out[t + 6 * m - s.lo] += pt * ge * (5.0 / 6.0);
    out[cap - 1] += pt * ge;
  }
  return COPS_OK;
}

int cops_d6_odds_total(cops_ctx *ctx, const cops_d6_pool *p, const cops_d6_rules *rules, int k,
                       double *at_least, double *exactly)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  side s;
  cops__d6_effective e;
  int rc = side_of(ctx, p, rules, &s, &e);
  if (rc)
    return rc;
  double ge = 0, eq = 0;
  if (!s.explode) {
    for (int t = k > s.lo ? k : s.lo; t <= s.hi; t++)
      ge += finite_at(&s, t);
    eq = finite_at(&s, k);
  } else {
    /* The finite part holds the ordinary dice and R; K adds 6 a step. */
    for (int t = s.lo; t <= s.hi; t++) {
      const double pt = finite_at(&s, t);
      if (pt == 0)
        continue;
      /* P(t + 6K >= k) = P(K >= ceil((k - t) / 6)); P(t + 6K = k) = P(K = (k - t) / 6). */
      const int need = k - t;
      const int m = need <= 0 ? 0 : (need + 5) / 6;
      ge += pt * k_at_least(m);
      if (need >= 0 && need % 6 == 0)
        eq += pt * (k_at_least(need / 6) - k_at_least(need / 6 + 1));
    }
  }
  if (at_least)
    *at_least = ge > 1 ? 1 : ge;
  if (exactly)
    *exactly = eq;
  return COPS_OK;
}

int cops_d6_odds(cops_ctx *ctx, const cops_d6_pool *p, const cops_d6_rules *rules,
                 double *success, double *critical, double *expected)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  side s;
  cops__d6_effective e;
  int rc = side_of(ctx, p, rules, &s, &e);
  if (rc)
    return rc;
  if (expected)   /* an exploding free die: E = 6 x E[K] + E[R] = 6/5 + 3 */
    *expected = e.fixed + 3.5 * (e.dice - (s.explode ? 1 : 0)) + (s.explode ? 4.2 : 0);
  if (!success && !critical)
    return COPS_OK;
  const int d = e.pool.difficulty;
  if (d == COPS_D6_NO_DIFFICULTY)
    return cops__fail(ctx, COPS_ESTATE, "the pool has no difficulty (vs N)");
  if (success && (rc = cops_d6_odds_total(ctx, p, rules, d, success, NULL)))
    return rc;
  if (critical) {
    /* A failure whose free die's first face is 1 (§0.3, D6-A2): the free die is 1 and
     * fixed + the other dice + 1 < d. */
    double c = 0;
    if (e.free) {
      side o;
      finite_law(&o, e.dice - 1, 0, e.fixed + 1);
      for (int t = o.lo; t <= o.hi && t < d; t++)
        c += finite_at(&o, t) / 6;
    }
    *critical = c;
  }
  return COPS_OK;
}

/* The law of J = K_a - K_b (each K present or not): P(J = j), and P(J > t). */
static double j_at(int ka, int kb, int j)
{
  if (ka && kb)
    return 5.0 / 7.0 * k_at_least(j < 0 ? -j : j);
  if (ka)
    return j < 0 ? 0 : 5.0 / 6.0 * k_at_least(j);
  if (kb)
    return j > 0 ? 0 : 5.0 / 6.0 * k_at_least(-j);
  return j == 0;
}

static double j_above(int ka, int kb, int t)
{
  if (ka && kb)
    return t >= 0 ? k_at_least(t) / 7 : 1 - k_at_least(-t - 1) / 7;
  if (ka)
    return t < 0 ? 1 : k_at_least(t + 1);
  if (kb)
    return t >= 0 ? 0 : 1 - k_at_least(-t);
  return t < 0;
}

int cops_d6_odds_contest(cops_ctx *ctx, const cops_d6_pool *a, const cops_d6_pool *b,
                         const cops_d6_rules *rules, double *greater, double *equal,
                         double *less)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  side *s = cops__malloc(&ctx->alloc, 2 * sizeof *s);
  if (!s)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a contest's odds");
  cops__d6_effective e;
  int rc = side_of(ctx, a, rules, &s[0], &e);
  if (!rc)
    rc = side_of(ctx, b, rules, &s[1], &e);
  if (rc) {
    cops__free(&ctx->alloc, s);
    return rc;
  }
  /* F = finite(a) - finite(b), over [flo, fhi]; A - B = F + 6J. above[f - flo] = P(F > f). */
  const int flo = s[0].lo - s[1].hi, fhi = s[0].hi - s[1].lo, n = fhi - flo + 1;
  double *fp = cops__malloc(&ctx->alloc, 2 * (size_t)n * sizeof *fp);
  if (!fp) {
    cops__free(&ctx->alloc, s);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a contest's odds");
  }
  double *above = fp + n;
  memset(fp, 0, (size_t)n * sizeof *fp);
  for (int x = s[0].lo; x <= s[0].hi; x++)
    for (int y = s[1].lo; y <= s[1].hi; y++)
      fp[x - y - flo] += finite_at(&s[0], x) * finite_at(&s[1], y);
  double acc = 0;
  for (int i = n - 1; i >= 0; i--) {
    above[i] = acc;
    acc += fp[i];
  }
  const int ka = s[0].explode, kb = s[1].explode;
  double gt = 0, eq = 0;
  /* Below jlo, F + 6j < 0 for every F; past jhi, F + 6j > 0 for every F. */
  const int jlo = -(fhi > 0 ? fhi : -fhi) / 6 - 1, jhi = flo >= 0 ? 0 : -flo / 6 + 1;
  for (int j = jlo; j <= jhi; j++) {
    const double pj = j_at(ka, kb, j);
    const int f = -6 * j;   /* A - B > 0 when F > f, = 0 when F = f */
    if (pj == 0 || f > fhi)
      continue;
    gt += pj * (f < flo ? 1 : above[f - flo]);
    if (f >= flo)
      eq += pj * fp[f - flo];
  }
  gt += j_above(ka, kb, jhi);
  cops__free(&ctx->alloc, fp);
  cops__free(&ctx->alloc, s);
  if (greater)
    *greater = gt;
  if (equal)
    *equal = eq;
  if (less) {
    const double lt = 1 - gt - eq;
    *less = lt < 0 ? 0 : lt;
  }
  return COPS_OK;
}
