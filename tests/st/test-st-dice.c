/* The Storyteller module's pools (OTHER-SYSTEMS.md ST §0.2, §0.3; ST-A1,
 * ST-A2, ST-A30, ST-A35, ST-A37): scripted dice for every rule, the notation,
 * the JSON, the exact odds by hand and against seeded rolls. */
#include <math.h>
#include <stdio.h>

#include <cops/st.h>

#include "testutil.h"

static cops_st_pool pool_of(int dice, int mod, int again)
{
  cops_st_pool p;
  ck_assert_int_eq(cops_st_pool_init(&p, dice), COPS_OK);
  p.mod = mod;
  p.again = again;
  return p;
}

/* ST-A37: 8, 9 and 10 are successes; ST-A1: each 10 is rolled again, the
 * re-roll's own 10 again, in waves (the draw order of COPS's pools). */
START_TEST(test_successes_on_8_and_10_again)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 7, 8, 10, 1, 10, 9, 10, 3);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  const cops_st_pool p = pool_of(5, 0, 10);
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  ck_assert_int_eq(cops_roll_kind(r), COPS_ST_ROLL);
  /* First wave 7 8 10 1 10; re-rolls of dice 2 and 4: 9, 10; that 10's re-roll: 3. */
  expect_dice(r, 8, (const int[]){7, 8, 10, 1, 10, 9, 10, 3},
              (const int[]){0, 1, 1, 0, 1, 1, 1, 0}, (const int[]){-1, -1, -1, -1, -1, 2, 4, 6});
  ck_assert_int_eq(cops_st_roll_successes(r), 5);
  ck_assert_int_eq(cops_st_roll_chance(r), 0);
  ck_assert_int_eq(cops_st_roll_dramatic(r), 0);
  int n;
  ck_assert_int_eq(cops_st_roll_pool_size(r, &n), COPS_OK);
  ck_assert_int_eq(n, 5);
  ck_assert_int_eq(s.last_sides, 10);
  /* The COPS accessors of an action roll refuse an ST roll. */
  ck_assert_int_eq(cops_roll_successes(r), COPS_ESTATE);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* The variants the rulings name (ST-A1): 9-again, 8-again, none. */
START_TEST(test_again_variants)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 8, 2, 4, 1);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  cops_st_pool p = pool_of(3, 0, 9);   /* 9 re-rolls, 8 does not */
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  expect_dice(r, 4, (const int[]){9, 8, 2, 4}, (const int[]){1, 1, 0, 0},
              (const int[]){-1, -1, -1, 0});
  ck_assert_int_eq(cops_st_roll_successes(r), 2);

  SCRIPT_FACES(&s, 9, 8, 2, 8, 5, 10, 1);
  p.again = 8;                         /* 8, 9 and 10 re-roll */
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  /* Wave 1: 9 8 2; wave 2, for the 9 and the 8: 8 5; wave 3, for that 8: 10;
   * wave 4, for the 10: 1. */
  expect_dice(r, 7, (const int[]){9, 8, 2, 8, 5, 10, 1}, (const int[]){1, 1, 0, 1, 0, 1, 0},
              (const int[]){-1, -1, -1, 0, 1, 3, 5});
  ck_assert_int_eq(cops_st_roll_successes(r), 4);

  SCRIPT_FACES(&s, 10, 10, 3);
  p.again = 0;                         /* nothing re-rolls */
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  ck_assert_int_eq(cops_roll_count(r), 3);
  ck_assert_int_eq(cops_st_roll_successes(r), 2);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* ST-A2: a pool at 0 dice or fewer is one chance die; 10 succeeds and is
 * rolled again as an ordinary die, 1 is a dramatic failure, the rest fail. */
START_TEST(test_chance_die)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  cops_st_pool p = pool_of(2, -3, 10);
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  ck_assert_int_eq(cops_st_roll_chance(r), 1);
  ck_assert_int_eq(cops_st_roll_dramatic(r), 1);
  ck_assert_int_eq(cops_st_roll_successes(r), 0);
  int n;
  cops_st_roll_pool_size(r, &n);
  ck_assert_int_eq(n, -1);

  SCRIPT_FACES(&s, 9);                 /* a 9 fails on a chance die */
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  ck_assert_int_eq(cops_st_roll_successes(r), 0);
  ck_assert_int_eq(cops_st_roll_dramatic(r), 0);
  expect_dice(r, 1, (const int[]){9}, (const int[]){0}, NULL);

  SCRIPT_FACES(&s, 10, 10, 8, 4);      /* 10, then ordinary re-rolls: 10, 8 */
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  expect_dice(r, 3, (const int[]){10, 10, 8}, (const int[]){1, 1, 1},
              (const int[]){-1, 0, 1});
  ck_assert_int_eq(cops_st_roll_successes(r), 3);

  SCRIPT_FACES(&s, 8);                 /* 8-again: the chance die still needs a 10 */
  p.again = 8;
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  expect_dice(r, 1, (const int[]){8}, (const int[]){0}, NULL);

  SCRIPT_FACES(&s, 10, 9, 4);          /* ... and its re-rolls re-roll at 8 */
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  expect_dice(r, 3, (const int[]){10, 9, 4}, (const int[]){1, 1, 0}, (const int[]){-1, 0, 1});

  SCRIPT_FACES(&s, 10);                /* no-again: one die, one success */
  p.again = 0;
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  ck_assert_int_eq(cops_roll_count(r), 1);
  ck_assert_int_eq(cops_st_roll_successes(r), 1);

  SCRIPT_FACES(&s, 5);                 /* the switch off: no die, no success */
  p.flags = COPS_ST_NO_CHANCE;
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  ck_assert_int_eq(cops_roll_count(r), 0);
  ck_assert_int_eq(cops_st_roll_chance(r), 0);
  ck_assert_int_eq(cops_st_roll_successes(r), 0);
  ck_assert_int_eq(s.next, 0);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.12, ST-A30: every die counts as an 8 (nothing drawn); §6.15, ST-A35:
 * a third of the pool, rounded down (4 dice give 1, the car example). */
START_TEST(test_rolls_without_dice)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  cops_st_pool p = pool_of(9, 0, 10);  /* §6.12 example 2: 3 + 3 + 3 aiming dice */
  p.mode = COPS_ST_ALL_EIGHTS;
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  ck_assert_int_eq(cops_st_roll_successes(r), 9);
  expect_dice(r, 9, (const int[]){8, 8, 8, 8, 8, 8, 8, 8, 8},
              (const int[]){1, 1, 1, 1, 1, 1, 1, 1, 1}, NULL);
  p.threshold = 9;                     /* still every die: the pool is the successes */
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  ck_assert_int_eq(cops_st_roll_successes(r), 9);
  p = pool_of(2, -4, 10);              /* no chance die without a roll */
  p.mode = COPS_ST_ALL_EIGHTS;
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  ck_assert_int_eq(cops_st_roll_successes(r), 0);
  ck_assert_int_eq(cops_st_roll_chance(r), 0);

  const int pools[][2] = {{4, 1}, {5, 1}, {6, 2}, {12, 4}, {2, 0}, {0, 0}};
  for (int i = 0; i < 6; i++) {
    p = pool_of(pools[i][0], 0, 10);
    p.mode = COPS_ST_AVERAGE;
    ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
    ck_assert_int_eq(cops_st_roll_successes(r), pools[i][1]);
    ck_assert_int_eq(cops_roll_count(r), 0);
  }
  ck_assert_int_eq(s.next, 0);         /* not one die drawn */
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_reroll_cap)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 10, 10, 10, 10);
  ck_assert_int_eq(cops_ctx_set_reroll_cap(ctx, 2), COPS_OK);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  const cops_st_pool p = pool_of(1, 0, 10);
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  ck_assert_int_eq(cops_roll_count(r), 3);
  ck_assert_int_eq(cops_st_roll_capped(r), 1);
  ck_assert_int_eq(cops_st_roll_successes(r), 3);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* Every field checked, with a message; a failed roll is empty and leaves the
 * seeded source where it was. */
START_TEST(test_validation_and_all_or_nothing)
{
  cops_ctx *ctx;
  cops_roll *r;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 42), COPS_OK);
  cops_st_pool p = pool_of(5, 0, 10);
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  char *first;
  ck_assert_int_eq(cops_roll_to_json(r, &first), COPS_OK);

  const struct { int field, value, code; const char *words; } bad[] = {
    {0, 65, COPS_ERANGE, "dice 65"}, {0, -1, COPS_ERANGE, "dice -1"},
    {1, 65, COPS_ERANGE, "modifier"}, {1, 60, COPS_ERANGE, "after modifiers"},
    {2, 1, COPS_ERANGE, "threshold 1"}, {2, 11, COPS_ERANGE, "threshold 11"},
    {3, 7, COPS_ERANGE, "again 7"}, {3, 11, COPS_ERANGE, "again 11"},
    {4, 3, COPS_EINVAL, "mode 3"}, {5, 2, COPS_EINVAL, "flags"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cops_st_pool q = p;
    int *f[] = {&q.dice, &q.mod, &q.threshold, &q.again, &q.mode, (int *)&q.flags};
    *f[bad[i].field] = bad[i].value;
    ck_assert_int_eq(cops_st_roll(r, ctx, &q), bad[i].code);
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[i].words), "%s", cops_ctx_errmsg(ctx));
    ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);
  }
  cops_st_pool q = p;
  q.threshold = 9;
  q.again = 8;                         /* a re-rolled face must be a success */
  ck_assert_int_eq(cops_st_roll(r, ctx, &q), COPS_ERANGE);
  q = p;
  q.size = 12;
  ck_assert_int_eq(cops_st_roll(r, ctx, &q), COPS_EINVAL);
  ck_assert_int_eq(cops_st_roll(NULL, ctx, &p), COPS_EINVAL);
  ck_assert_int_eq(cops_st_roll(r, NULL, &p), COPS_EINVAL);
  ck_assert_int_eq(cops_st_roll(r, ctx, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_st_roll_successes(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_st_roll_successes(r), COPS_ESTATE);

  /* Nothing drawn by the failures: the same seed gives the same next roll. */
  cops_ctx *again;
  cops_roll *r2;
  ck_assert_int_eq(cops_ctx_new(&again), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r2), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(again, 42), COPS_OK);
  ck_assert_int_eq(cops_st_roll(r2, again, &p), COPS_OK);
  ck_assert_int_eq(cops_st_roll(r2, again, &p), COPS_OK);
  ck_assert_int_eq(cops_st_roll(r, ctx, &p), COPS_OK);
  char *a, *b;
  ck_assert_int_eq(cops_roll_to_json(r, &a), COPS_OK);
  ck_assert_int_eq(cops_roll_to_json(r2, &b), COPS_OK);
  ck_assert_str_eq(a, b);

  /* A scripted source that runs out: the roll is empty. */
  script s;
  cops_ctx *sc = SCRIPT(&s, 10, 10);
  ck_assert_int_eq(cops_st_roll(r, sc, &p), COPS_ERNG);
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);
  cops_free(first);
  cops_free(a);
  cops_free(b);
  cops_roll_free(r);
  cops_roll_free(r2);
  cops_ctx_free(ctx);
  cops_ctx_free(again);
  cops_ctx_free(sc);
}
END_TEST

START_TEST(test_notation)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  const struct { const char *text, *canonical; int dice, mod, threshold, again, mode; unsigned flags; } ok[] = {
    {"7", "7", 7, 0, 8, 10, COPS_ST_DICE, 0},
    {" 4 + 3 - 2 ", "4+1", 4, 1, 8, 10, COPS_ST_DICE, 0},
    {"4+3-2 9-again", "4+1 9-again", 4, 1, 8, 9, COPS_ST_DICE, 0},
    {"2-5 no-chance", "2-5 no-chance", 2, -5, 8, 10, COPS_ST_DICE, COPS_ST_NO_CHANCE},
    {"6 NO-AGAIN 9+", "6 no-again 9+", 6, 0, 9, 0, COPS_ST_DICE, 0},
    {"9 all-8s", "9 all-8s", 9, 0, 8, 10, COPS_ST_ALL_EIGHTS, 0},
    {"4 average 8-again", "4 8-again average", 4, 0, 8, 8, COPS_ST_AVERAGE, 0},
    {"3 10-again 7+", "3 7+", 3, 0, 7, 10, COPS_ST_DICE, 0},
  };
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    cops_st_pool p;
    ck_assert_msg(cops_st_pool_parse(&p, ctx, ok[i].text) == COPS_OK, "%s: %s", ok[i].text,
                  cops_ctx_errmsg(ctx));
    ck_assert_int_eq(p.dice, ok[i].dice);
    ck_assert_int_eq(p.mod, ok[i].mod);
    ck_assert_int_eq(p.threshold, ok[i].threshold);
    ck_assert_int_eq(p.again, ok[i].again);
    ck_assert_int_eq(p.mode, ok[i].mode);
    ck_assert_uint_eq(p.flags, ok[i].flags);
    char buf[64];
    ck_assert_int_eq(cops_st_pool_format(&p, buf, sizeof buf), (int)strlen(ok[i].canonical));
    ck_assert_str_eq(buf, ok[i].canonical);
    cops_st_pool back;             /* the canonical text reads back the same */
    ck_assert_int_eq(cops_st_pool_parse(&back, ctx, buf), COPS_OK);
    ck_assert_int_eq(memcmp(&back, &p, sizeof p), 0);
  }
  const struct { const char *text; int code; const char *words; } bad[] = {
    {"", COPS_ESYNTAX, "column 1"}, {"x", COPS_ESYNTAX, "column 1"},
    {"-3", COPS_ESYNTAX, "column 1"}, {"3 +", COPS_ESYNTAX, "column 4"},
    {"65", COPS_ERANGE, "65 dice"}, {"5 7-again", COPS_ESYNTAX, "'7-again'"},
    {"5 9-again 8-again", COPS_ESYNTAX, "column 11"}, {"5 1+", COPS_ESYNTAX, "'1+'"},
    {"5 9+ 8-again", COPS_ERANGE, "below the threshold"}, {"5 fast", COPS_ESYNTAX, "'fast'"},
    {"5+60+10", COPS_ERANGE, "column 6"}, {"5\t\x01", COPS_ESYNTAX, "control"},
    {"12345", COPS_ESYNTAX, "column 1"}, {"64+1", COPS_ERANGE, "after modifiers"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cops_st_pool p;
    ck_assert_msg(cops_st_pool_parse(&p, ctx, bad[i].text) == bad[i].code, "%s", bad[i].text);
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[i].words), "%s: %s", bad[i].text,
                  cops_ctx_errmsg(ctx));
  }
  cops_st_pool p;
  ck_assert_int_eq(cops_st_pool_parse(NULL, ctx, "3"), COPS_EINVAL);
  ck_assert_int_eq(cops_st_pool_parse(&p, ctx, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_st_pool_parse_sized(&p, 3, ctx, "3"), COPS_EINVAL);
  ck_assert_int_eq(cops_st_pool_format(NULL, NULL, 0), COPS_EINVAL);
  ck_assert_int_eq(cops_st_pool_init(NULL, 3), COPS_EINVAL);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_roll_text_and_json)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_st_roll_text(r, ctx, "1-2 9-again"), COPS_OK);
  char *j;
  ck_assert_int_eq(cops_roll_to_json(r, &j), COPS_OK);
  ck_assert_str_eq(j, "{\"kind\":\"st\",\"pool\":\"1-2 9-again\",\"dice_pool\":-1,"
                   "\"threshold\":8,\"again\":9,\"mode\":\"dice\",\"chance\":true,\"dice\":"
                   "[{\"face\":1,\"success\":false,\"reroll_of\":null}],\"successes\":0,"
                   "\"success\":false,\"dramatic\":true,\"capped\":false}");
  cops_free(j);
  cops_st_pool back;
  ck_assert_int_eq(cops_st_roll_pool_of(r, &back), COPS_OK);
  ck_assert_int_eq(back.again, 9);
  ck_assert_int_eq(back.mod, -2);
  ck_assert_int_eq(cops_st_roll_text(r, ctx, "3 bogus"), COPS_ESYNTAX);
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);
  SCRIPT_FACES(&s, 1);
  ck_assert_int_eq(cops_st_roll_text(r, ctx, "6 no-again average"), COPS_OK);
  ck_assert_int_eq(cops_roll_to_json(r, &j), COPS_OK);
  ck_assert_ptr_nonnull(strstr(j, "\"again\":null,\"mode\":\"average\",\"chance\":false,"
                                  "\"dice\":[],\"successes\":2,\"success\":true"));
  cops_free(j);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* By hand: one die succeeds on 8, 9, 10 (3/10); P(K = 1) = 2/10 + 1/10 x 7/10;
 * the mean per die is (3/10) / (1 - 1/10) = 1/3, the third of ST-A35. */
START_TEST(test_odds_by_hand)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_st_pool p = pool_of(1, 0, 10);
  double x;
  ck_assert_int_eq(cops_st_odds_at_least(ctx, &p, 1, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 0.3, 1e-15);
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &p, 1, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 0.27, 1e-15);
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &p, 2, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 0.1 * 0.27, 1e-15);
  p.dice = 3;
  ck_assert_int_eq(cops_st_odds_expected(ctx, &p, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 1.0, 1e-12);
  ck_assert_int_eq(cops_st_odds_at_least(ctx, &p, 1, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 1 - 0.7 * 0.7 * 0.7, 1e-15);
  ck_assert_int_eq(cops_st_odds_dramatic(ctx, &p, &x), COPS_OK);
  ck_assert_double_eq(x, 0.0);
  /* 8-again: a die succeeds with 3/10 and always rolls again when it does. */
  p = pool_of(1, 0, 8);
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &p, 2, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 0.3 * 0.3 * 0.7, 1e-15);
  /* no-again at 9+: binomial(2, 2/10). */
  p = pool_of(2, 0, 0);
  p.threshold = 9;
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &p, 1, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 2 * 0.2 * 0.8, 1e-15);
  /* The chance die: 1/10 a success, then an ordinary die's law. */
  p = pool_of(0, 0, 10);
  ck_assert_int_eq(cops_st_odds_dramatic(ctx, &p, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 0.1, 1e-15);
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &p, 0, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 0.9, 1e-15);
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &p, 1, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 0.1 * 0.7, 1e-15);
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &p, 2, &x), COPS_OK);
  ck_assert_double_eq_tol(x, 0.1 * 0.27, 1e-15);
  p.flags = COPS_ST_NO_CHANCE;
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &p, 0, &x), COPS_OK);
  ck_assert_double_eq(x, 1.0);
  /* Without dice: one value for certain. */
  p = pool_of(7, 0, 10);
  p.mode = COPS_ST_AVERAGE;
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &p, 2, &x), COPS_OK);
  ck_assert_double_eq(x, 1.0);
  p.mode = COPS_ST_ALL_EIGHTS;
  ck_assert_int_eq(cops_st_odds_expected(ctx, &p, &x), COPS_OK);
  ck_assert_double_eq(x, 7.0);
  /* Opposed, one die each: A wins 0.3 x 0.7 + P(A=2+) P(B<=1) ...; the three sum to 1. */
  cops_st_pool a = pool_of(1, 0, 10), b = pool_of(1, 0, 10);
  double aw, bw, tie;
  ck_assert_int_eq(cops_st_odds_opposed(ctx, &a, &b, &aw, &bw, &tie), COPS_OK);
  ck_assert_double_eq_tol(aw, bw, 1e-15);
  ck_assert_double_eq_tol(aw + bw + tie, 1.0, 1e-12);
  double t0 = 0.7 * 0.7 + 0.27 * 0.27 + 0.027 * 0.027 + 0.0027 * 0.0027;
  ck_assert_double_eq_tol(tie, t0, 1e-6);
  double d0;
  ck_assert_int_eq(cops_st_odds_difference(ctx, &a, &b, 0, &d0), COPS_OK);
  ck_assert_double_eq_tol(d0, tie, 1e-15);
  /* §4's twelve dice against six: the difference law sums to 1 and to A's odds above 0. */
  a = pool_of(12, 0, 10);
  b = pool_of(6, 0, 10);
  ck_assert_int_eq(cops_st_odds_opposed(ctx, &a, &b, &aw, NULL, NULL), COPS_OK);
  double sum = 0, above = 0;
  for (int d = -40; d <= 60; d++) {
    ck_assert_int_eq(cops_st_odds_difference(ctx, &a, &b, d, &x), COPS_OK);
    sum += x;
    above += d > 0 ? x : 0;
  }
  ck_assert_double_eq_tol(sum, 1.0, 1e-12);
  ck_assert_double_eq_tol(above, aw, 1e-12);
  /* Errors. */
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &a, -1, &x), COPS_ERANGE);
  ck_assert_int_eq(cops_st_odds_pmf(ctx, &a, 1, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_st_odds_opposed(ctx, &a, &b, NULL, NULL, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_st_odds_difference(ctx, &a, NULL, 0, &x), COPS_EINVAL);
  a.again = 7;
  ck_assert_int_eq(cops_st_odds_expected(ctx, &a, &x), COPS_ERANGE);
  ck_assert_int_eq(cops_st_odds_expected(NULL, &b, &x), COPS_EINVAL);
  cops_ctx_free(ctx);
}
END_TEST

/* Seeded rolls against the exact odds: a chi-square per pool at a false-alarm
 * probability of about 1e-6, as test-stats.c does for COPS's pools. */
#define Z 4.75
static double chi2_bound(int df)
{
  double a = 2.0 / (9.0 * df);
  return df * pow(1.0 - a + Z * sqrt(a), 3);
}

static const char *const stat_pools[] = {"1", "5", "5 9-again", "3 8-again", "7 no-again 9+",
                                         "0", "1-3 8-again", "12", "4 6+"};

START_TEST(test_rolls_follow_the_exact_odds)
{
  const long N = test_size(200000);
  cops_ctx *ctx;
  cops_roll *r;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 2000 + (uint64_t)_i), COPS_OK);
  cops_st_pool p;
  ck_assert_int_eq(cops_st_pool_parse(&p, ctx, stat_pools[_i]), COPS_OK);
  enum { K = 64 };
  long hist[K] = {0}, dramatic = 0;
  for (long n = 0; n < N; n++) {
    if (cops_st_roll(r, ctx, &p) != COPS_OK)
      ck_abort_msg("%s: %s", stat_pools[_i], cops_ctx_errmsg(ctx));
    const int k = cops_st_roll_successes(r);
    hist[k < K ? k : K - 1]++;
    dramatic += cops_st_roll_dramatic(r);
  }
  double law[K], tail = 1.0, chi2 = 0;
  for (int k = 0; k < K; k++)
    ck_assert_int_eq(cops_st_odds_pmf(ctx, &p, k, &law[k]), COPS_OK);
  int bins = 0;
  while (bins < K - 1 && (tail - law[bins]) * N >= 20.0)
    tail -= law[bins++];
  long tail_obs = 0;
  for (int k = 0; k < K; k++) {
    if (k < bins)
      chi2 += (hist[k] - law[k] * N) * (hist[k] - law[k] * N) / (law[k] * N);
    else
      tail_obs += hist[k];
  }
  chi2 += (tail_obs - tail * N) * (tail_obs - tail * N) / (tail * N);
  ck_assert_msg(chi2 < chi2_bound(bins), "%s: chi2 %.1f over %d df, bound %.1f", stat_pools[_i],
                chi2, bins, chi2_bound(bins));
  double pd;
  ck_assert_int_eq(cops_st_odds_dramatic(ctx, &p, &pd), COPS_OK);
  ck_assert_msg(fabs((double)dramatic / N - pd) <= Z * sqrt(pd * (1 - pd) / N) + 1e-12,
                "%s: dramatic %.5f, exact %.5f", stat_pools[_i], (double)dramatic / N, pd);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* Seeded golden values: the replay contract of ST pools. */
START_TEST(test_seeded_golden)
{
  cops_ctx *ctx;
  cops_roll *r;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 2030), COPS_OK);
  char faces[256] = "";
  for (int i = 0; i < 4; i++) {
    ck_assert_int_eq(cops_st_roll_text(r, ctx, "6 8-again"), COPS_OK);
    for (int d = 0; d < cops_roll_count(r); d++) {
      int f;
      cops_roll_die(r, d, &f, NULL, NULL);
      snprintf(faces + strlen(faces), sizeof faces - strlen(faces), "%d ", f);
    }
    snprintf(faces + strlen(faces), sizeof faces - strlen(faces), "= %d; ",
             cops_st_roll_successes(r));
  }
  /* 8-again: 1 7 2 9 4 3, the 9 re-rolled: 6; one success. */
  ck_assert_str_eq(faces, "1 7 2 9 4 3 6 = 1; 10 9 7 10 6 6 6 3 9 1 = 4; 10 6 6 4 3 1 4 = 1; "
                   "5 7 8 7 5 6 7 = 1; ");
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *st_dice_suite(void)
{
  Suite *s = suite_create("st-dice");
  TCase *tc = tcase_create("pools");
  tcase_add_test(tc, test_successes_on_8_and_10_again);
  tcase_add_test(tc, test_again_variants);
  tcase_add_test(tc, test_chance_die);
  tcase_add_test(tc, test_rolls_without_dice);
  tcase_add_test(tc, test_reroll_cap);
  tcase_add_test(tc, test_validation_and_all_or_nothing);
  tcase_add_test(tc, test_notation);
  tcase_add_test(tc, test_roll_text_and_json);
  tcase_add_test(tc, test_odds_by_hand);
  tcase_add_loop_test(tc, test_rolls_follow_the_exact_odds, 0,
                      (int)(sizeof stat_pools / sizeof stat_pools[0]));
  tcase_add_test(tc, test_seeded_golden);
  tcase_set_timeout(tc, 300);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(st_dice_suite)
