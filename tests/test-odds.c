/* Exact odds (COPS.md C1, C5; docs/odds.md) against fractions worked by hand,
 * against an independent convolution, and against seeded rolls. */
#include <math.h>

#include "testutil.h"

#define EXACT 1e-12

static cops_ctx *ctx;
static void setup(void) { ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK); }
static void teardown(void) { cops_ctx_free(ctx); }

static cops_action act(int dice, int thr, int diff)
{
  cops_action a;
  cops_action_init(&a, dice, thr, diff);
  return a;
}

static double success(cops_action a)
{
  double p = -1;
  ck_assert_int_eq(cops_odds_success(ctx, &a, &p), COPS_OK);
  return p;
}

#define CLOSE(x, y) ck_assert_msg(fabs((x) - (y)) < EXACT, "%.17g != %.17g", (double)(x), (double)(y))

/* Fractions worked by hand (docs/odds.md shows the working). */
START_TEST(test_c1_hand_worked_fractions)
{
  CLOSE(success(act(3, 6, 1)), 7.0 / 8.0);          /* 1 - (1/2)^3 */
  CLOSE(success(act(3, 4, 2)), 8029.0 / 10000.0);   /* 1 - 0.3^3 - 3 (0.63)(0.09) */
  CLOSE(success(act(1, 7, 1)), 2.0 / 5.0);          /* (11 - 7) / 10 */
  CLOSE(success(act(1, 5, 2)), 3.0 / 50.0);         /* a 10, then 5+ on the re-roll */
  CLOSE(success(act(2, 10, 2)), 7.0 / 250.0);       /* 1 - 0.81 - 2 (0.9)(0.09) */
  CLOSE(success(act(3, 5, 0)), 1.0);                /* difficulty 0: automatic */
  cops_action u = act(3, 4, 2);
  u.flags = COPS_UNSKILLED;                         /* C1.4: 3 (0.01)(0.9) + 0.001 */
  CLOSE(success(u), 7.0 / 250.0);
}
END_TEST

START_TEST(test_c1_2_one_die_law)
{
  /* One die at 6+: P(0) = 1/2, P(k) = 0.45 x 0.1^(k-1). */
  cops_action a = act(1, 6, 1);
  double p;
  ck_assert_int_eq(cops_odds_pmf(ctx, &a, 0, &p), COPS_OK);
  CLOSE(p, 0.5);
  for (int k = 1; k < 12; k++) {
    ck_assert_int_eq(cops_odds_pmf(ctx, &a, k, &p), COPS_OK);
    CLOSE(p, 0.45 * pow(0.1, k - 1));
  }
  ck_assert_int_eq(cops_odds_at_least(ctx, &a, 2, &p), COPS_OK);
  CLOSE(p, 0.05);
  ck_assert_int_eq(cops_odds_at_least(ctx, &a, 0, &p), COPS_OK);
  CLOSE(p, 1.0);
}
END_TEST

/* C1.7: the same clamps as rolling. */
START_TEST(test_c1_7_modifiers_and_clamps)
{
  cops_action a = act(2, 9, 2);
  a.threshold_mod = 3; /* 12+ clamps to 10: as 2 dice at 10+ */
  CLOSE(success(a), 7.0 / 250.0);
  a = act(3, 6, 1);
  a.dice_mod = -3;     /* no die: never a success, even at difficulty 0 */
  CLOSE(success(a), 0.0);
  a.difficulty = 0;
  CLOSE(success(a), 0.0);
  double p;
  ck_assert_int_eq(cops_odds_margin_at_least(ctx, &a, -1, &p), COPS_OK);
  CLOSE(p, 1.0);       /* the margin of a roll with no die is -1 here */
  ck_assert_int_eq(cops_odds_margin_at_least(ctx, &a, 0, &p), COPS_OK);
  CLOSE(p, 0.0);
  ck_assert_int_eq(cops_odds_pmf(ctx, &a, 0, &p), COPS_OK);
  CLOSE(p, 1.0);
  a = act(3, 6, 1);
  a.difficulty_mod = -3; /* difficulty clamps to 0 */
  CLOSE(success(a), 1.0);
  a = act(1, 6, 1);
  a.dice_mod = 2;
  CLOSE(success(a), 7.0 / 8.0);
}
END_TEST

START_TEST(test_c1_3_margin_law)
{
  /* 3 dice at 4+ (2): P(K=0) = 0.027, P(K=1) = 0.1701, P(K=2) = 0.37422. */
  cops_action a = act(3, 4, 2);
  double p;
  ck_assert_int_eq(cops_odds_margin_at_least(ctx, &a, 0, &p), COPS_OK);
  CLOSE(p, 0.8029);
  ck_assert_int_eq(cops_odds_margin_at_least(ctx, &a, 1, &p), COPS_OK);
  CLOSE(p, 1 - 0.027 - 0.1701 - 0.37422);
  ck_assert_int_eq(cops_odds_margin_at_least(ctx, &a, -1, &p), COPS_OK);
  CLOSE(p, 1 - 0.027);  /* ME at most 1: at least one success */
  ck_assert_int_eq(cops_odds_margin_at_least(ctx, &a, -2, &p), COPS_OK);
  CLOSE(p, 1.0);
}
END_TEST

START_TEST(test_expected_and_quantiles)
{
  double e;
  cops_action a = act(3, 5, 2);
  ck_assert_int_eq(cops_odds_expected(ctx, &a, &e), COPS_OK);
  CLOSE(e, 2.0); /* 3 x 6 / 9: the peer benchmark's check */
  a.flags = COPS_UNSKILLED;
  ck_assert_int_eq(cops_odds_expected(ctx, &a, &e), COPS_OK);
  CLOSE(e, 0.3);
  /* The expectation agrees with the pmf. */
  a = act(5, 3, 1);
  double sum = 0, p;
  for (int k = 0; k <= COPS_ODDS_K_MAX; k++) {
    ck_assert_int_eq(cops_odds_pmf(ctx, &a, k, &p), COPS_OK);
    sum += k * p;
  }
  ck_assert_int_eq(cops_odds_expected(ctx, &a, &e), COPS_OK);
  CLOSE(sum, e);
  CLOSE(e, 5 * 8.0 / 9.0);

  int k;
  a = act(1, 6, 1); /* cdf: 0.5, 0.95, 0.995 ... */
  ck_assert_int_eq(cops_odds_quantile(ctx, &a, 0.0, &k), COPS_OK);
  ck_assert_int_eq(k, 0);
  ck_assert_int_eq(cops_odds_quantile(ctx, &a, 0.5, &k), COPS_OK);
  ck_assert_int_eq(k, 0);
  ck_assert_int_eq(cops_odds_quantile(ctx, &a, 0.51, &k), COPS_OK);
  ck_assert_int_eq(k, 1);
  ck_assert_int_eq(cops_odds_quantile(ctx, &a, 0.96, &k), COPS_OK);
  ck_assert_int_eq(k, 2);
  ck_assert_int_eq(cops_odds_quantile(ctx, &a, 1.0, &k), COPS_ERANGE);
  ck_assert_int_eq(cops_odds_quantile(ctx, &a, -0.1, &k), COPS_ERANGE);
  ck_assert_int_eq(cops_odds_quantile(ctx, &a, NAN, &k), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "probability nan out of range [0, 1)");
}
END_TEST

/* C1.6: 1 die at 6+ against the same: P(tie) = 1/4 + 0.2025/0.99 = 5/11. */
START_TEST(test_c1_6_opposed)
{
  cops_action a = act(1, 6, 1), b = act(1, 6, 1);
  double w, n, l;
  ck_assert_int_eq(cops_odds_opposed(ctx, &a, &b, 0, &w, &n, &l), COPS_OK);
  CLOSE(w, 3.0 / 11.0);
  CLOSE(n, 5.0 / 11.0);
  CLOSE(l, 3.0 / 11.0);
  /* A minimum of 1 success changes nothing here (a winner has at least 1). */
  ck_assert_int_eq(cops_odds_opposed(ctx, &a, &b, 1, &w, &n, &l), COPS_OK);
  CLOSE(w, 3.0 / 11.0);
  /* A minimum of 2: A wins only with 2+ successes against fewer. */
  ck_assert_int_eq(cops_odds_opposed(ctx, &a, &b, 2, &w, NULL, NULL), COPS_OK);
  double expect = 0, pa, pb;
  for (int k = 0; k < 40; k++) {
    cops_odds_pmf(ctx, &b, k, &pb);
    cops_odds_at_least(ctx, &a, k + 1 > 2 ? k + 1 : 2, &pa);
    expect += pb * pa;
  }
  CLOSE(w, expect);
  /* 2 dice at 4+ against nothing: A wins whenever it scores. */
  cops_action none = act(1, 6, 1);
  none.dice_mod = -1;
  a = act(2, 4, 1);
  ck_assert_int_eq(cops_odds_opposed(ctx, &a, &none, 0, &w, &n, &l), COPS_OK);
  CLOSE(w, 1 - 0.09);
  CLOSE(l, 0.0);
}
END_TEST

START_TEST(test_c1_6_difference_law)
{
  cops_action a = act(3, 5, 1), b = act(2, 4, 1);
  double total = 0, ahead = 0, tie, w, n, p;
  for (int d = -60; d <= 60; d++) {
    ck_assert_int_eq(cops_odds_opposed_difference(ctx, &a, &b, d, &p), COPS_OK);
    total += p;
    if (d > 0)
      ahead += p;
  }
  CLOSE(total, 1.0);
  ck_assert_int_eq(cops_odds_opposed(ctx, &a, &b, 0, &w, &n, NULL), COPS_OK);
  CLOSE(ahead, w);
  ck_assert_int_eq(cops_odds_opposed_difference(ctx, &a, &b, 0, &tie), COPS_OK);
  CLOSE(tie, n);
}
END_TEST

/* C5: Adrénaline (+1 die) and Ancienneté (roll a failure again). */
START_TEST(test_c5_points)
{
  cops_action a = act(3, 6, 1);
  double p, ad, an, both;
  ck_assert_int_eq(cops_odds_points(ctx, &a, &p, &ad, &an, &both), COPS_OK);
  CLOSE(p, 7.0 / 8.0);
  CLOSE(ad, 15.0 / 16.0);
  CLOSE(an, 63.0 / 64.0);
  CLOSE(both, 255.0 / 256.0);
  ck_assert_int_eq(cops_odds_points(ctx, &a, NULL, NULL, &an, NULL), COPS_OK);
  a = act(64, 6, 1);
  ck_assert_int_eq(cops_odds_points(ctx, &a, &p, NULL, &an, NULL), COPS_OK); /* no extra die needed */
  CLOSE(an, p + (1 - p) * p);
  a = act(64, 6, 1);
  /* No room for the Adrénaline die: that figure is unavailable, the others answered
   * (issue 12: "2+/64 (64)" raised ERANGE for a valid roll). */
  ck_assert_int_eq(cops_odds_points(ctx, &a, &p, &ad, &an, &both), COPS_OK);
  ck_assert(isnan(ad) && isnan(both));
  CLOSE(an, p + (1 - p) * p);
  a = act(64, 2, 64);
  ck_assert_int_eq(cops_odds_points(ctx, &a, &p, &ad, &an, &both), COPS_OK);
  ck_assert(p > 0 && p < 1 && isnan(ad));
}
END_TEST

START_TEST(test_dice_and_threshold_helpers)
{
  int n, t;
  cops_action a = act(1, 6, 1); /* P(n dice) = 1 - 2^-n */
  ck_assert_int_eq(cops_odds_dice_for(ctx, &a, 0.75, &n), COPS_OK);
  ck_assert_int_eq(n, 2);
  ck_assert_int_eq(cops_odds_dice_for(ctx, &a, 0.76, &n), COPS_OK);
  ck_assert_int_eq(n, 3);
  a = act(3, 5, 5);
  ck_assert_int_eq(cops_odds_dice_for(ctx, &a, 0.9, &n), COPS_OK);
  cops_action b = act(n, 5, 5), c = act(n - 1, 5, 5);
  ck_assert(success(b) >= 0.9 && success(c) < 0.9);
  a = act(3, 10, 60);
  ck_assert_int_eq(cops_odds_dice_for(ctx, &a, 0.5, &n), COPS_ENOTFOUND);
  ck_assert_str_eq(cops_ctx_errmsg(ctx),
                   "even 64 dice at 10+ succeed against difficulty 60 with p < 0.5");
  ck_assert_int_eq(cops_odds_dice_for(ctx, &a, 0.0, &n), COPS_ERANGE);
  ck_assert_int_eq(cops_odds_dice_for(ctx, &a, 1.5, &n), COPS_ERANGE);

  a = act(1, 9, 1); /* P = (11 - t) / 10 */
  ck_assert_int_eq(cops_odds_threshold_for(ctx, &a, 0.5, &t), COPS_OK);
  ck_assert_int_eq(t, 6);
  ck_assert_int_eq(cops_odds_threshold_for(ctx, &a, 0.55, &t), COPS_OK);
  ck_assert_int_eq(t, 5);
  ck_assert_int_eq(cops_odds_threshold_for(ctx, &a, 0.1, &t), COPS_OK);
  ck_assert_int_eq(t, 10);
  ck_assert_int_eq(cops_odds_threshold_for(ctx, &a, 0.95, &t), COPS_ENOTFOUND);
  a.flags = COPS_UNSKILLED;
  ck_assert_int_eq(cops_odds_threshold_for(ctx, &a, 0.5, &t), COPS_EINVAL);
}
END_TEST

/* An independent oracle: the pmf by direct convolution of one die's law. */
START_TEST(test_pmf_matches_convolution)
{
  for (int n = 0; n <= 8; n++) {
    for (int t = 2; t <= 10; t++) {
      double one[60] = {0}, acc[60] = {0}, tmp[60];
      one[0] = (t - 1) / 10.0;
      for (int k = 1; k < 60; k++)
        one[k] = pow(0.1, k - 1) * (10 - t) / 10.0 + pow(0.1, k) * (t - 1) / 10.0;
      acc[0] = 1;
      for (int d = 0; d < n; d++) {
        memset(tmp, 0, sizeof tmp);
        for (int i = 0; i < 60; i++)
          for (int j = 0; i + j < 60; j++)
            tmp[i + j] += acc[i] * one[j];
        memcpy(acc, tmp, sizeof acc);
      }
      cops_action a = act(n, t, 1);
      for (int k = 0; k < 30; k++) {
        double p;
        ck_assert_int_eq(cops_odds_pmf(ctx, &a, k, &p), COPS_OK);
        ck_assert_msg(fabs(p - acc[k]) < EXACT, "%d dice at %d+, k=%d: %.17g vs %.17g", n, t, k,
                      p, acc[k]);
      }
    }
  }
}
END_TEST

/* The odds agree with 200,000 seeded rolls of the dice engine. */
START_TEST(test_odds_agree_with_seeded_rolls)
{
  const long N = 200000;
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  cops_ctx_seed(ctx, 31337);
  cops_action a = act(4, 6, 3);
  a.dice_mod = -1;
  a.threshold_mod = -1;
  long ok = 0;
  for (long i = 0; i < N; i++) {
    if (cops_roll_action(r, ctx, &a) != COPS_OK)
      ck_abort_msg("roll failed");
    ok += cops_roll_succeeded(r);
  }
  double p = success(a), sd = sqrt(p * (1 - p) / N);
  ck_assert_msg(fabs((double)ok / N - p) < 4.75 * sd, "%.5f vs %.5f", (double)ok / N, p);
  cops_roll_free(r);
}
END_TEST

START_TEST(test_bad_arguments)
{
  cops_action a = act(3, 5, 2), bad = act(65, 5, 2);
  double p, w;
  int k;
  ck_assert_int_eq(cops_odds_success(NULL, &a, &p), COPS_EINVAL);
  ck_assert_int_eq(cops_odds_success(ctx, NULL, &p), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "action is NULL");
  ck_assert_int_eq(cops_odds_success(ctx, &a, NULL), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "output pointer is NULL");
  ck_assert_int_eq(cops_odds_success(ctx, &bad, &p), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "dice 65 out of range 0..64");
  bad = act(-1, 5, 2);
  ck_assert_int_eq(cops_odds_pmf(ctx, &bad, 0, &p), COPS_ERANGE);
  bad = act(3, 11, 2);
  ck_assert_int_eq(cops_odds_at_least(ctx, &bad, 0, &p), COPS_ERANGE);
  bad = act(3, 5, -1);
  ck_assert_int_eq(cops_odds_expected(ctx, &bad, &p), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "difficulty -1 out of range 0..64");
  ck_assert_int_eq(cops_odds_pmf(ctx, &a, -1, &p), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "success count -1 out of range 0..1000");
  ck_assert_int_eq(cops_odds_at_least(ctx, &a, COPS_ODDS_K_MAX + 1, &p), COPS_ERANGE);
  ck_assert_int_eq(cops_odds_margin_at_least(ctx, &a, -66, &p), COPS_ERANGE);
  ck_assert_int_eq(cops_odds_expected(ctx, &a, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_odds_quantile(ctx, &a, 0.5, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_odds_opposed(ctx, &a, NULL, 0, &w, NULL, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_odds_opposed(ctx, &a, &a, -1, &w, NULL, NULL), COPS_ERANGE);
  ck_assert_int_eq(cops_odds_opposed(NULL, &a, &a, 0, &w, NULL, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_odds_opposed_difference(ctx, &a, &a, 1001, &p), COPS_ERANGE);
  ck_assert_int_eq(cops_odds_opposed_difference(ctx, &a, &a, 0, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_odds_points(ctx, NULL, &p, NULL, NULL, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_odds_dice_for(ctx, &a, 0.5, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_odds_threshold_for(ctx, &a, NAN, &k), COPS_ERANGE);
  ck_assert_str_eq(cops_strerror(COPS_ENOTFOUND), "no such value");
}
END_TEST

static Suite *odds_suite(void)
{
  Suite *s = suite_create("odds");
  TCase *tc = tcase_create("exact");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, test_c1_hand_worked_fractions);
  tcase_add_test(tc, test_c1_2_one_die_law);
  tcase_add_test(tc, test_c1_7_modifiers_and_clamps);
  tcase_add_test(tc, test_c1_3_margin_law);
  tcase_add_test(tc, test_expected_and_quantiles);
  tcase_add_test(tc, test_c1_6_opposed);
  tcase_add_test(tc, test_c1_6_difference_law);
  tcase_add_test(tc, test_c5_points);
  tcase_add_test(tc, test_dice_and_threshold_helpers);
  tcase_add_test(tc, test_pmf_matches_convolution);
  tcase_add_test(tc, test_odds_agree_with_seeded_rolls);
  tcase_add_test(tc, test_bad_arguments);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(odds_suite)
