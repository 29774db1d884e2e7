/* The D6 System module's dice (OTHER-SYSTEMS.md D6 §0.2-§0.8 and the rulings each test
 * cites): codes, the roll's notation, rolls with the free die and its chain of 6s, the
 * difficulty, success level and critical failure, modifiers, and the exact odds checked
 * by hand and against seeded rolls. */
#include <math.h>
#include <stdio.h>

#include <cops/d6.h>

#include "testutil.h"

static cops_d6_code code(cops_ctx *ctx, const char *text)
{
  cops_d6_code c;
  ck_assert_msg(cops_d6_code_parse(&c, ctx, text) == COPS_OK, "%s: %s", text, cops_ctx_errmsg(ctx));
  return c;
}

/* §0.2, D6-A3: codes read and written; 3 pips make 1D when codes add. */
START_TEST(test_s0_2_codes)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  char buf[32];
  static const struct { const char *in, *out; int pips; } ok[] = {
    {"3D+2", "3D+2", 11}, {"4D", "4D", 12}, {"+1D+1", "1D+1", 4}, {"+1", "0D+1", 1},
    {" 2d ", "2D", 6}, {"0D", "0D", 0},
  };
  for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++) {
    const cops_d6_code c = code(ctx, ok[k].in);
    ck_assert_int_eq(cops_d6_code_format(c, buf, sizeof buf), (int)strlen(ok[k].out));
    ck_assert_str_eq(buf, ok[k].out);
    ck_assert_int_eq(cops_d6_code_pips(c), ok[k].pips);
  }
  static const struct { const char *in; int rc; const char *msg; } bad[] = {
    {"3D+3", COPS_ESYNTAX, "column 4"}, {"D6", COPS_ESYNTAX, "column 1"},
    {"3", COPS_ESYNTAX, "column 2"}, {"3D+2 x", COPS_ESYNTAX, "column 6"},
    {"65D", COPS_ERANGE, "at most 64D"}, {"+4", COPS_ESYNTAX, "column 2"},
  };
  cops_d6_code c;
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    ck_assert_msg(cops_d6_code_parse(&c, ctx, bad[k].in) == bad[k].rc, "%s", bad[k].in);
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[k].msg), "%s: %s", bad[k].in,
                  cops_ctx_errmsg(ctx));
  }
  /* 3D+2 + (+1D+1) = 5D (pips 3 -> 1D); 3D+1 -> 3D+2 -> 4D (the advancement of §7.3). */
  cops_d6_code sum;
  ck_assert_int_eq(cops_d6_code_add(code(ctx, "3D+2"), code(ctx, "+1D+1"), &sum), COPS_OK);
  ck_assert_int_eq(sum.dice, 5);
  ck_assert_int_eq(sum.pips, 0);
  ck_assert_int_eq(cops_d6_code_add(code(ctx, "3D+2"), code(ctx, "+1"), &sum), COPS_OK);
  ck_assert_int_eq(sum.dice * 10 + sum.pips, 40);
  ck_assert_int_eq(cops_d6_code_add(code(ctx, "60D"), code(ctx, "5D"), &sum), COPS_ERANGE);
  const cops_d6_code wrong = {2, 3};
  ck_assert_int_eq(cops_d6_code_add(wrong, code(ctx, "1D"), &sum), COPS_EINVAL);
  ck_assert_int_eq(cops_d6_code_pips(wrong), COPS_EINVAL);
  cops_ctx_free(ctx);
}
END_TEST

/* A roll's notation, read and written back the same. */
START_TEST(test_pool_notation)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  static const struct { const char *in, *out; } ok[] = {
    {"3D+2 -1D vs 15", "3D+2 -1D vs 15"}, {"4D +5 cp 2", "4D +5 cp 2"},
    {"2D fp actions 3 +1D -2", "2D +1D -2 actions 3 fp"}, {"+1", "0D+1"},
    {"5D vs 20 -1 -1", "5D -2 vs 20"},
  };
  char buf[160];
  for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++) {
    cops_d6_pool p, again;
    ck_assert_msg(cops_d6_pool_parse(&p, ctx, ok[k].in) == COPS_OK, "%s: %s", ok[k].in,
                  cops_ctx_errmsg(ctx));
    cops_d6_pool_format(&p, buf, sizeof buf);
    ck_assert_str_eq(buf, ok[k].out);
    ck_assert_int_eq(cops_d6_pool_parse(&again, ctx, buf), COPS_OK);
    ck_assert_int_eq(memcmp(&p, &again, sizeof p), 0);
  }
  static const struct { const char *in; int rc; const char *msg; } bad[] = {
    {"3D vs", COPS_ESYNTAX, "column 4: 'vs' needs a number"},
    {"3D vs 0", COPS_ERANGE, "vs 0 out of range 1..1000"},
    {"3D fast", COPS_ESYNTAX, "column 4: 'fast' is none of"},
    {"3D cp 1 cp 2", COPS_ESYNTAX, "column 9: 'cp' given twice"},
    {"3D +1x", COPS_ESYNTAX, "column 4"},
    {"", COPS_ESYNTAX, "column 1"},
  };
  cops_d6_pool p;
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    ck_assert_msg(cops_d6_pool_parse(&p, ctx, bad[k].in) == bad[k].rc, "%s: %s", bad[k].in,
                  cops_ctx_errmsg(ctx));
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[k].msg), "%s: %s", bad[k].in,
                  cops_ctx_errmsg(ctx));
  }
  cops_ctx_free(ctx);
}
END_TEST

/* §0.3, D6-A1, D6-A2, D6-A69: the code's dice summed with its pips, the last die free; a 6
 * on it rolls again and adds, while it shows 6; a 1 in the chain is just added. */
START_TEST(test_s0_3_free_die_explodes)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 4, 2, 6, 6, 1);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "3D+2", NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_kind(r), COPS_D6_ROLL);
  int total, face;
  ck_assert_int_eq(cops_d6_roll_total(r, &total), COPS_OK);
  ck_assert_int_eq(total, 4 + 2 + 6 + 6 + 1 + 2);
  ck_assert_int_eq(cops_d6_roll_dice(r), 3);
  ck_assert_int_eq(cops_d6_roll_free_die(r, &face), 1);
  ck_assert_int_eq(face, 6);
  ck_assert_int_eq(s.last_sides, 6);
  expect_dice(r, 5, (const int[]){4, 2, 6, 6, 1}, (const int[]){0, 0, 0, 0, 0},
              (const int[]){-1, -1, -1, 2, 3});
  ck_assert_int_eq(cops_d6_roll_success(r), COPS_ESTATE);   /* no difficulty */
  /* Without the explosion (D6-A1 switched): three dice, no chain. */
  cops_d6_rules rules;
  cops_d6_rules_init(&rules);
  rules.explode = 0;
  SCRIPT_FACES(&s, 4, 2, 6);
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "3D+2", &rules), COPS_OK);
  cops_d6_roll_total(r, &total);
  ck_assert_int_eq(total, 14);
  ck_assert_int_eq(cops_roll_count(r), 3);
  char *json;
  ck_assert_int_eq(cops_roll_to_json(r, &json), COPS_OK);
  ck_assert_ptr_nonnull(strstr(json, "\"kind\":\"d6\",\"pool\":\"3D+2\",\"dice_rolled\":3"));
  ck_assert_ptr_nonnull(strstr(json, "\"total\":14"));
  cops_free(json);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* §0.4, D6-A70: success at the difficulty or more, the success level total - difficulty;
 * §0.3, D6-A2: a failure whose free die's first face is 1 is a critical failure; a 1 on a
 * success, or a 1 in the chain, is not. */
START_TEST(test_s0_4_difficulty_and_critical)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 5, 5, 5);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  int level;
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "3D vs 15", NULL), COPS_OK);   /* 15: a tie */
  ck_assert_int_eq(cops_d6_roll_success(r), 1);
  ck_assert_int_eq(cops_d6_roll_level(r, &level), COPS_OK);
  ck_assert_int_eq(level, 0);
  SCRIPT_FACES(&s, 5, 5, 1);
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "3D vs 15", NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_roll_success(r), 0);
  ck_assert_int_eq(cops_d6_roll_critical(r), 1);
  cops_d6_roll_level(r, &level);
  ck_assert_int_eq(level, -4);
  SCRIPT_FACES(&s, 6, 6, 1);
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "3D vs 12", NULL), COPS_OK);   /* 13: a 1, a success */
  ck_assert_int_eq(cops_d6_roll_critical(r), 0);
  SCRIPT_FACES(&s, 1, 1, 6, 1);
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "3D vs 15", NULL), COPS_OK);   /* 9: the 1 in the chain */
  ck_assert_int_eq(cops_d6_roll_success(r), 0);
  ck_assert_int_eq(cops_d6_roll_critical(r), 0);
  /* D6-A2 switched: no free die, no critical failure, no chain. */
  cops_d6_rules rules;
  cops_d6_rules_init(&rules);
  rules.free_die = 0;
  SCRIPT_FACES(&s, 5, 5, 1);
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "3D vs 15", &rules), COPS_OK);
  ck_assert_int_eq(cops_d6_roll_critical(r), 0);
  ck_assert_int_eq(cops_d6_roll_free_die(r, NULL), 0);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* §0.6, D6-A4: dice modifiers before the roll, floored at 0D (no die, no free die; pips and
 * points still count); §0.7, D6-A5: -1D an action past the first; §0.8, D6-A8: +1 die a
 * Character Point, a Fate Point doubles the dice. */
START_TEST(test_s0_6_modifiers_and_points)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  int total;
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "2D+1 -3D +2 vs 5", NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_roll_dice(r), 0);
  ck_assert_int_eq(cops_d6_roll_free_die(r, NULL), 0);
  cops_d6_roll_total(r, &total);
  ck_assert_int_eq(total, 3);
  ck_assert_int_eq(cops_d6_roll_critical(r), 0);
  ck_assert_int_eq(s.next, 0);
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "4D actions 3", NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_roll_dice(r), 2);
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "3D cp 2", NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_roll_dice(r), 5);
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "3D -1D fp", NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_roll_dice(r), 4);
  cops_d6_rules rules;
  cops_d6_rules_init(&rules);
  rules.fp_factor = 3;
  rules.action_penalty = 2;
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "2D fp actions 2", &rules), COPS_OK);
  ck_assert_int_eq(cops_d6_roll_dice(r), 0);   /* (2 - 2) x 3 */
  rules.fp_factor = 9;
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "2D", &rules), COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "rules.fp_factor"));
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* The odds by hand: 1D with its free die exploding: P(total >= 6) = 1/6, P(>= 7) = 1/6
 * (the 6 and its re-roll), P(= 7) = 1/36, P(>= 12) = 1/36; E = 4.2 (6/5 + 3). 2D vs 3:
 * P(success) = 1 - P(2), critical P(free 1 and 1 + other < 3) = 1/36. */
START_TEST(test_odds_by_hand)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_d6_pool p;
  ck_assert_int_eq(cops_d6_pool_parse(&p, ctx, "1D"), COPS_OK);
  double ge, eq, e;
  ck_assert_int_eq(cops_d6_odds_total(ctx, &p, NULL, 6, &ge, &eq), COPS_OK);
  ck_assert_double_eq_tol(ge, 1.0 / 6, 1e-15);
  ck_assert_double_eq_tol(eq, 0, 1e-15);              /* a 6 always rolls again */
  cops_d6_odds_total(ctx, &p, NULL, 7, &ge, &eq);
  ck_assert_double_eq_tol(ge, 1.0 / 6, 1e-15);
  ck_assert_double_eq_tol(eq, 1.0 / 36, 1e-15);
  cops_d6_odds_total(ctx, &p, NULL, 12, &ge, NULL);
  ck_assert_double_eq_tol(ge, 1.0 / 36, 1e-15);
  ck_assert_int_eq(cops_d6_odds(ctx, &p, NULL, NULL, NULL, &e), COPS_OK);
  ck_assert_double_eq_tol(e, 4.2, 1e-12);
  double succ, crit;
  ck_assert_int_eq(cops_d6_odds(ctx, &p, NULL, &succ, NULL, NULL), COPS_ESTATE);
  ck_assert_int_eq(cops_d6_pool_parse(&p, ctx, "2D vs 3"), COPS_OK);
  ck_assert_int_eq(cops_d6_odds(ctx, &p, NULL, &succ, &crit, &e), COPS_OK);
  ck_assert_double_eq_tol(succ, 35.0 / 36, 1e-15);
  ck_assert_double_eq_tol(crit, 1.0 / 36, 1e-15);
  ck_assert_double_eq_tol(e, 3.5 + 4.2, 1e-12);
  /* Contests: 1D against 1D, both exploding: symmetric, the tie exactly. */
  cops_d6_pool a, b;
  cops_d6_pool_parse(&a, ctx, "1D");
  cops_d6_pool_parse(&b, ctx, "1D");
  double gt, tie, lt;
  ck_assert_int_eq(cops_d6_odds_contest(ctx, &a, &b, NULL, &gt, &tie, &lt), COPS_OK);
  ck_assert_double_eq_tol(gt, lt, 1e-15);
  /* P(X = Y) = sum over x of P(X = x)^2 = sum over m of 5 x 36^-(m+1) = 5/35 = 1/7. */
  ck_assert_double_eq_tol(tie, 1.0 / 7, 1e-15);
  ck_assert_double_eq_tol(gt + tie + lt, 1, 1e-15);
  /* Without explosions, 1D against 1D: a tie 1/6. */
  cops_d6_rules rules;
  cops_d6_rules_init(&rules);
  rules.explode = 0;
  cops_d6_odds_contest(ctx, &a, &b, &rules, &gt, &tie, &lt);
  ck_assert_double_eq_tol(tie, 1.0 / 6, 1e-15);
  ck_assert_double_eq_tol(gt, 5.0 / 12, 1e-15);
  cops_ctx_free(ctx);
}
END_TEST

/* The exact laws against seeded rolls (200,000 each, or a tenth under valgrind): the
 * frequencies of P(total >= k), a success, a critical failure and a contest within 5
 * standard errors. */
START_TEST(test_odds_against_seeded_rolls)
{
  const int n = getenv("COPS_TEST_QUICK") ? 20000 : 200000;
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 2030), COPS_OK);
  cops_roll *r, *q;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&q), COPS_OK);
  static const char *const pools[] = {"1D vs 6", "3D+2 vs 15", "4D -1D +3 vs 12", "2D+1 vs 20",
                                      "6D vs 25"};
  for (size_t k = 0; k < sizeof pools / sizeof pools[0]; k++) {
    cops_d6_pool p;
    ck_assert_int_eq(cops_d6_pool_parse(&p, ctx, pools[k]), COPS_OK);
    double succ, crit, mean;
    ck_assert_int_eq(cops_d6_odds(ctx, &p, NULL, &succ, &crit, &mean), COPS_OK);
    long hits = 0, crits = 0;
    double sum = 0;
    for (int i = 0; i < n; i++) {
      ck_assert_int_eq(cops_d6_roll(r, ctx, &p, NULL), COPS_OK);
      int t;
      cops_d6_roll_total(r, &t);
      hits += cops_d6_roll_success(r);
      crits += cops_d6_roll_critical(r);
      sum += t;
    }
    const double se_s = sqrt(succ * (1 - succ) / n), se_c = sqrt(crit * (1 - crit) / n);
    ck_assert_msg(fabs((double)hits / n - succ) <= 5 * se_s + 1e-12, "%s: success %.5f, exact %.5f",
                  pools[k], (double)hits / n, succ);
    ck_assert_msg(fabs((double)crits / n - crit) <= 5 * se_c + 1e-12, "%s: critical %.5f, exact %.5f",
                  pools[k], (double)crits / n, crit);
    ck_assert_msg(fabs(sum / n - mean) < 0.1, "%s: mean %.3f, exact %.3f", pools[k], sum / n, mean);
  }
  cops_d6_pool a, b;
  cops_d6_pool_parse(&a, ctx, "3D+1");
  cops_d6_pool_parse(&b, ctx, "2D+2 +3");
  double gt, tie, lt;
  ck_assert_int_eq(cops_d6_odds_contest(ctx, &a, &b, NULL, &gt, &tie, &lt), COPS_OK);
  long wins = 0, ties = 0;
  for (int i = 0; i < n; i++) {
    int ta, tb;
    cops_d6_roll(r, ctx, &a, NULL);
    cops_d6_roll(q, ctx, &b, NULL);
    cops_d6_roll_total(r, &ta);
    cops_d6_roll_total(q, &tb);
    wins += ta > tb;
    ties += ta == tb;
  }
  ck_assert_msg(fabs((double)wins / n - gt) <= 5 * sqrt(gt * (1 - gt) / n), "contest: %.5f v %.5f",
                (double)wins / n, gt);
  ck_assert_msg(fabs((double)ties / n - tie) <= 5 * sqrt(tie * (1 - tie) / n), "tie: %.5f v %.5f",
                (double)ties / n, tie);
  ck_assert_double_eq_tol(gt + tie + lt, 1, 1e-12);
  cops_roll_free(r);
  cops_roll_free(q);
  cops_ctx_free(ctx);
}
END_TEST

/* All or nothing: a scripted source that runs out leaves the roll empty and refuses. */
START_TEST(test_roll_fails_cleanly)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 3, 6);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_d6_roll_text(r, ctx, "2D", NULL), COPS_ERNG);
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);
  ck_assert_int_eq(cops_d6_roll_dice(r), COPS_EINVAL);
  cops_d6_pool p;
  cops_d6_pool_parse(&p, ctx, "2D");
  p.size = 3;
  ck_assert_int_eq(cops_d6_roll(r, ctx, &p, NULL), COPS_EINVAL);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *d6_dice_suite(void)
{
  Suite *s = suite_create("d6-dice");
  TCase *tc = tcase_create("dice");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_s0_2_codes);
  tcase_add_test(tc, test_pool_notation);
  tcase_add_test(tc, test_s0_3_free_die_explodes);
  tcase_add_test(tc, test_s0_4_difficulty_and_critical);
  tcase_add_test(tc, test_s0_6_modifiers_and_points);
  tcase_add_test(tc, test_odds_by_hand);
  tcase_add_test(tc, test_odds_against_seeded_rolls);
  tcase_add_test(tc, test_roll_fails_cleanly);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(d6_dice_suite)
