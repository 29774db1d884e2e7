/* Statistical test of the dice engine: many seeded rolls against exact
 * probabilities (COPS.md C1.1, C1.2, C1.4).
 *
 * The exact law of one die's successes (skilled, threshold t): a die fails
 * on the t-1 faces below t, succeeds and stops on the 10-t faces t..9, and
 * succeeds and rolls again on the 10. So P(K=0) = (t-1)/10 and, for k >= 1,
 * P(K=k) = 0.1^(k-1) (10-t)/10 + 0.1^k (t-1)/10. Unskilled: P(K=1) = 0.1.
 * A pool's law is the convolution of its dice.
 *
 * Tolerance: each check is a chi-square goodness-of-fit (or a z-test) at a
 * false-alarm probability of about 1e-6 (z = 4.75; chi-square quantile by the
 * Wilson-Hilferty approximation). The seed is fixed, so the run is
 * deterministic; the bound means another seed would almost never fail a
 * correct engine, while real defects fail by far: taking raw bytes % 10
 * without rejection makes faces 1-6 4 % likelier and fails every pool with
 * chi-squares of 81 to 182 against bounds of 38 to 48. See docs/testing.md. */
#include <math.h>
#include <stdio.h>

#include "testutil.h"

/* 200,000 rolls per case; a tenth under COPS_TEST_QUICK, the valgrind run,
 * whose purpose is memory checking (the bounds scale with the count). */
static long rolls(void)
{
  return test_size(200000);
}

/* Check's assertions record a mark point on every call; hot loops test
 * plainly and abort with a message on failure. */
#define REQUIRE_OK(call)                                                   \
  do {                                                                     \
    int rc_ = (call);                                                      \
    if (rc_ != COPS_OK)                                                    \
      ck_abort_msg("%s: %s", #call, cops_strerror(rc_));                   \
  } while (0)
#define KMAX 48
#define Z 4.75

static double chi2_bound(int df)
{
  double a = 2.0 / (9.0 * df);
  return df * pow(1.0 - a + Z * sqrt(a), 3);
}

static void pool_law(int dice, int t, int unskilled, double *law)
{
  double one[KMAX] = {0}, acc[KMAX] = {0}, tmp[KMAX];
  if (unskilled) {
    one[0] = 0.9;
    one[1] = 0.1;
  } else {
    one[0] = (t - 1) / 10.0;
    for (int k = 1; k < KMAX; k++)
      one[k] = pow(0.1, k - 1) * (10 - t) / 10.0 + pow(0.1, k) * (t - 1) / 10.0;
  }
  acc[0] = 1.0;
  for (int d = 0; d < dice; d++) {
    memset(tmp, 0, sizeof tmp);
    for (int i = 0; i < KMAX; i++)
      for (int j = 0; i + j < KMAX; j++)
        tmp[i + j] += acc[i] * one[j];
    memcpy(acc, tmp, sizeof acc);
  }
  memcpy(law, acc, sizeof acc);
}

struct pool_case {
  int dice, threshold, unskilled;
};

static const struct pool_case cases[] = {
  {3, 5, 0}, {1, 10, 0}, {5, 2, 0}, {2, 8, 0}, {3, 6, 1}, {4, 4, 0},
};

START_TEST(test_success_counts_follow_the_exact_law)
{
  const long N = rolls();
  const struct pool_case *c = &cases[_i];
  cops_ctx *ctx;
  cops_roll *r;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 1000 + (uint64_t)_i), COPS_OK);
    long hist[KMAX] = {0}, faces[11] = {0}, nfaces = 0;
  for (long n = 0; n < N; n++) {
    REQUIRE_OK(cops_roll_pool(r, ctx, c->dice, c->threshold, 1,
                              c->unskilled ? COPS_UNSKILLED : 0));
    int k = cops_roll_successes(r);
    hist[k < KMAX ? k : KMAX - 1]++;
    for (int i = 0; i < cops_roll_count(r); i++) {
      int f;
      cops_roll_die(r, i, &f, NULL, NULL);
      faces[f]++;
      nfaces++;
    }
  }
  double law[KMAX];
  pool_law(c->dice, c->threshold, c->unskilled, law);

  /* Bins 0..B-1 and a tail bin >= B holding at least 20 expected rolls. */
  int bins = 0;
  double tail = 1.0;
  while (bins < KMAX - 1 && (tail - law[bins]) * N >= 20.0)
    tail -= law[bins++];
  double chi2 = 0;
  long tail_obs = 0;
  for (int k = 0; k < KMAX; k++) {
    if (k < bins) {
      double e = law[k] * N;
      chi2 += (hist[k] - e) * (hist[k] - e) / e;
    } else {
      tail_obs += hist[k];
    }
  }
  double e = tail * N;
  chi2 += (tail_obs - e) * (tail_obs - e) / e;
  ck_assert_msg(chi2 < chi2_bound(bins), "%d dice at %d+%s: chi2 %.1f over %d df, bound %.1f",
                c->dice, c->threshold, c->unskilled ? " unskilled" : "", chi2, bins,
                chi2_bound(bins));

  /* Every face drawn, re-rolls included, is uniform. */
  double fchi2 = 0, fe = nfaces / 10.0;
  for (int f = 1; f <= 10; f++)
    fchi2 += (faces[f] - fe) * (faces[f] - fe) / fe;
  ck_assert_msg(fchi2 < chi2_bound(9), "faces chi2 %.1f, bound %.1f", fchi2, chi2_bound(9));

  /* The mean: n (11 - t) / 9 skilled, n / 10 unskilled. */
  double mean = 0, var = 0, want = c->unskilled ? c->dice / 10.0
                                                : c->dice * (11.0 - c->threshold) / 9.0;
  for (int k = 0; k < KMAX; k++) {
    mean += (double)k * hist[k] / N;
    var += (k - want) * (k - want) * law[k];
  }
  ck_assert_msg(fabs(mean - want) < Z * sqrt(var / N), "mean %.5f, exact %.5f", mean, want);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* Fractions worked by hand (issue 3 uses the same): 3 dice at 6+ for
 * difficulty 1: 1 - (1/2)^3 = 7/8; 3 dice at 4+ for difficulty 2: 0.8029. */
START_TEST(test_hand_worked_success_probabilities)
{
  const long N = rolls();
  const struct { int dice, thr, diff; double p; } c[] = {
    {3, 6, 1, 7.0 / 8.0},
    {3, 4, 2, 0.8029},
    {2, 9, 1, 1.0 - 0.64},
  };
  cops_ctx *ctx;
  cops_roll *r;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    cops_ctx_seed(ctx, 77 + i);
    long ok = 0;
    for (long n = 0; n < N; n++) {
      REQUIRE_OK(cops_roll_pool(r, ctx, c[i].dice, c[i].thr, c[i].diff, 0));
      ok += cops_roll_succeeded(r);
    }
    double p = (double)ok / N, sd = sqrt(c[i].p * (1 - c[i].p) / N);
    ck_assert_msg(fabs(p - c[i].p) < Z * sd, "%d dice at %d+ (%d): %.5f, exact %.5f",
                  c[i].dice, c[i].thr, c[i].diff, p, c[i].p);
  }
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_d6_faces_are_uniform)
{
  const long N = rolls();
  cops_ctx *ctx;
  cops_roll *r;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  cops_ctx_seed(ctx, 6);
  long faces[7] = {0}, sums = 0;
  for (long n = 0; n < N; n++) {
    REQUIRE_OK(cops_roll_d6(r, ctx, 3));
    sums += cops_roll_total(r);
    for (int i = 0; i < 3; i++) {
      int f;
      cops_roll_die(r, i, &f, NULL, NULL);
      faces[f]++;
    }
  }
  double chi2 = 0, e = 3.0 * N / 6;
  for (int f = 1; f <= 6; f++)
    chi2 += (faces[f] - e) * (faces[f] - e) / e;
  ck_assert_msg(chi2 < chi2_bound(5), "d6 chi2 %.1f, bound %.1f", chi2, chi2_bound(5));
  /* 3d6: mean 10.5, variance 3 x 35/12. */
  double mean = (double)sums / N;
  ck_assert(fabs(mean - 10.5) < Z * sqrt(3 * 35.0 / 12 / N));
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *stats_suite(void)
{
  Suite *s = suite_create("stats");
  TCase *tc = tcase_create("seeded");
  tcase_set_timeout(tc, 600);
  tcase_add_loop_test(tc, test_success_counts_follow_the_exact_law, 0,
                      (int)(sizeof cases / sizeof cases[0]));
  tcase_add_test(tc, test_hand_worked_success_probabilities);
  tcase_add_test(tc, test_d6_faces_are_uniform);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(stats_suite)
