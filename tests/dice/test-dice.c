/* The dice engine, rule by rule with scripted dice (COPS.md C1). */
#include "render/render.h"
#include "testutil.h"
#include "golden/dice.h"

static cops_roll *new_roll(void)
{
  cops_roll *r = NULL;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  return r;
}

static int margin_of(const cops_roll *r)
{
  int m = 12345;
  ck_assert_int_eq(cops_roll_margin(r, &m), COPS_OK);
  return m;
}

/* C1 worked example (001): Réflexes 3, Conduite 4+, difficulty 2; dice 3, 4, 6. */
START_TEST(test_c1_worked_example_conduite)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 3, 4, 6);
  cops_roll *r = new_roll();
  ck_assert_int_eq(cops_roll_pool(r, ctx, 3, 4, 2, 0), COPS_OK);
  expect_dice(r, 3, (int[]){3, 4, 6}, (int[]){0, 1, 1}, (int[]){-1, -1, -1});
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_ACTION);
  ck_assert_int_eq(cops_roll_successes(r), 2);
  ck_assert_int_eq(cops_roll_succeeded(r), 1);
  ck_assert_int_eq(margin_of(r), 0); /* C1.3: a bare success has MR 0 */
  ck_assert_int_eq(cops_roll_pool_size(r), 3);
  ck_assert_int_eq(cops_roll_threshold(r), 4);
  ck_assert_int_eq(cops_roll_difficulty(r), 2);
  ck_assert_int_eq(cops_roll_capped(r), 0);
  ck_assert_int_eq(cops_roll_unskilled(r), 0);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* C1.2: explosions, breadth-first across several waves. */
START_TEST(test_c1_2_explosion_chains_across_waves)
{
  script s;
  /* wave 0: 10 10 4 | wave 1: re-roll die 0 -> 10, die 1 -> 2 | wave 2: re-roll die 3 -> 9 */
  cops_ctx *ctx = SCRIPT(&s, 10, 10, 4, 10, 2, 9);
  cops_roll *r = new_roll();
  ck_assert_int_eq(cops_roll_pool(r, ctx, 3, 5, 2, 0), COPS_OK);
  expect_dice(r, 6, (int[]){10, 10, 4, 10, 2, 9}, (int[]){1, 1, 0, 1, 0, 1},
              (int[]){-1, -1, -1, 0, 1, 3});
  ck_assert_int_eq(cops_roll_successes(r), 4); /* more successes than dice */
  ck_assert_int_eq(margin_of(r), 2);
  ck_assert_int_eq(s.next, 6);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* C1.2: a re-rolled die succeeds only at the threshold. */
START_TEST(test_c1_2_reroll_below_threshold_adds_nothing)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 10, 3, 8);
  cops_roll *r = new_roll();
  ck_assert_int_eq(cops_roll_pool(r, ctx, 2, 9, 2, 0), COPS_OK);
  /* 10 succeeds and re-rolls; 3 fails; the re-roll 8 is below 9+. */
  expect_dice(r, 3, (int[]){10, 3, 8}, (int[]){1, 0, 0}, (int[]){-1, -1, 0});
  ck_assert_int_eq(cops_roll_successes(r), 1);
  ck_assert_int_eq(cops_roll_succeeded(r), 0);
  ck_assert_int_eq(margin_of(r), -1); /* ME 1 */
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

static int always_ten(void *user, int sides)
{
  (*(int *)user)++;
  return sides == 10 ? 10 : 0;
}

/* C1.2 RULING: a broken source that always gives 10 cannot loop forever. */
START_TEST(test_c1_2_cap_with_always_ten)
{
  cops_ctx *ctx;
  int calls = 0;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_ctx_use_callback(ctx, always_ten, &calls);
  cops_roll *r = new_roll();
  ck_assert_int_eq(cops_roll_pool(r, ctx, 3, 6, 1, 0), COPS_OK);
  ck_assert_int_eq(cops_roll_count(r), 3 * (1 + COPS_REROLL_CAP_DEFAULT));
  ck_assert_int_eq(calls, 303);
  ck_assert_int_eq(cops_roll_successes(r), 303);
  ck_assert_int_eq(cops_roll_capped(r), 1);
  /* The chain of die 1: its n-th re-roll is at 3 + 3(n-1) + 1, re-rolling the previous. */
  int p;
  ck_assert_int_eq(cops_roll_die(r, 4, NULL, NULL, &p), COPS_OK);
  ck_assert_int_eq(p, 1);
  ck_assert_int_eq(cops_roll_die(r, 7, NULL, NULL, &p), COPS_OK);
  ck_assert_int_eq(p, 4);

  /* A smaller cap, and 0: no re-roll at all. */
  ck_assert_int_eq(cops_ctx_set_reroll_cap(ctx, 2), COPS_OK);
  ck_assert_int_eq(cops_roll_pool(r, ctx, 2, 6, 1, 0), COPS_OK);
  ck_assert_int_eq(cops_roll_count(r), 6);
  ck_assert_int_eq(cops_roll_capped(r), 1);
  ck_assert_int_eq(cops_ctx_set_reroll_cap(ctx, 0), COPS_OK);
  ck_assert_int_eq(cops_roll_pool(r, ctx, 2, 6, 1, 0), COPS_OK);
  ck_assert_int_eq(cops_roll_count(r), 2);
  ck_assert_int_eq(cops_roll_successes(r), 2);
  ck_assert_int_eq(cops_roll_capped(r), 1);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_c1_2_chain_just_under_the_cap_is_not_capped)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 10, 10, 10, 4);
  ck_assert_int_eq(cops_ctx_set_reroll_cap(ctx, 3), COPS_OK);
  cops_roll *r = new_roll();
  ck_assert_int_eq(cops_roll_pool(r, ctx, 1, 5, 1, 0), COPS_OK);
  ck_assert_int_eq(cops_roll_count(r), 4);
  ck_assert_int_eq(cops_roll_capped(r), 0);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* C1.4: unskilled: only a 10 succeeds, and it is not rolled again. */
START_TEST(test_c1_4_unskilled)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 10, 9, 2, 10);
  cops_roll *r = new_roll();
  ck_assert_int_eq(cops_roll_pool(r, ctx, 3, 2, 1, COPS_UNSKILLED), COPS_OK);
  expect_dice(r, 3, (int[]){10, 9, 2}, (int[]){1, 0, 0}, (int[]){-1, -1, -1});
  ck_assert_int_eq(s.next, 3); /* the 10 drew nothing more */
  ck_assert_int_eq(cops_roll_successes(r), 1);
  ck_assert_int_eq(cops_roll_threshold(r), 10);
  ck_assert_int_eq(cops_roll_unskilled(r), 1);
  ck_assert_int_eq(cops_roll_succeeded(r), 1);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* C1.7: dice modifiers, and the pool below 1 die. */
START_TEST(test_c1_7_dice_modifiers)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1, 2, 3, 7);
  cops_roll *r = new_roll();
  cops_action a;
  cops_action_init(&a, 3, 6, 1);
  a.dice_mod = 1;
  ck_assert_int_eq(cops_roll_action(r, ctx, &a), COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(r), 4);
  ck_assert_int_eq(cops_roll_count(r), 4);
  ck_assert_int_eq(cops_roll_successes(r), 1);

  /* Below 1 die: no draw, a well-formed failure even at difficulty 0. */
  a.dice_mod = -4;
  a.difficulty = 0;
  ck_assert_int_eq(cops_roll_action(r, ctx, &a), COPS_OK);
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_ACTION);
  ck_assert_int_eq(cops_roll_pool_size(r), 0);
  ck_assert_int_eq(cops_roll_count(r), 0);
  ck_assert_int_eq(cops_roll_succeeded(r), 0);
  ck_assert_int_eq(margin_of(r), -1);
  a.difficulty = 3;
  a.dice_mod = -3;
  ck_assert_int_eq(cops_roll_action(r, ctx, &a), COPS_OK);
  ck_assert_int_eq(margin_of(r), -3);
  ck_assert_int_eq(s.next, 4);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* C1.7: threshold modifiers clamp to 2..10; a 10 still succeeds past 10. */
START_TEST(test_c1_7_threshold_clamps)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1, 2, 9, 10, 9, 2);
  cops_roll *r = new_roll();
  cops_action a;
  cops_action_init(&a, 2, 3, 1);
  a.threshold_mod = -5; /* 3 - 5 -> clamps to 2: a 1 fails, a 2 succeeds */
  ck_assert_int_eq(cops_roll_action(r, ctx, &a), COPS_OK);
  ck_assert_int_eq(cops_roll_threshold(r), 2);
  expect_dice(r, 2, (int[]){1, 2}, (int[]){0, 1}, NULL);

  cops_action_init(&a, 2, 9, 1);
  a.threshold_mod = 4; /* 13+ -> 10: only the natural 10, which still re-rolls */
  ck_assert_int_eq(cops_roll_action(r, ctx, &a), COPS_OK);
  ck_assert_int_eq(cops_roll_threshold(r), 10);
  expect_dice(r, 3, (int[]){9, 10, 9}, (int[]){0, 1, 0}, (int[]){-1, -1, 1});
  ck_assert_int_eq(cops_roll_successes(r), 1);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* C1.7: difficulty modifiers; below 0 clamps to 0, an automatic success. */
START_TEST(test_c1_7_difficulty_clamps)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1, 8, 5, 5);
  cops_roll *r = new_roll();
  cops_action a;
  cops_action_init(&a, 2, 6, 1);
  a.difficulty_mod = -3;
  ck_assert_int_eq(cops_roll_action(r, ctx, &a), COPS_OK);
  ck_assert_int_eq(cops_roll_difficulty(r), 0);
  ck_assert_int_eq(cops_roll_succeeded(r), 1);
  ck_assert_int_eq(margin_of(r), 1); /* MR = successes */
  a.difficulty_mod = 2;
  ck_assert_int_eq(cops_roll_action(r, ctx, &a), COPS_OK);
  ck_assert_int_eq(cops_roll_difficulty(r), 3);
  ck_assert_int_eq(cops_roll_successes(r), 0);
  ck_assert_int_eq(margin_of(r), -3);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_c1_3_margin_of_success_and_failure)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 9, 9, 9, 1, 1);
  cops_roll *r = new_roll();
  ck_assert_int_eq(cops_roll_pool(r, ctx, 4, 5, 1, 0), COPS_OK);
  ck_assert_int_eq(margin_of(r), 3);
  ck_assert_int_eq(cops_roll_pool(r, ctx, 2, 5, 3, 0), COPS_OK);
  ck_assert_int_eq(margin_of(r), -3);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_d6_sum_and_highest)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 3, 6, 1, 2, 5, 4);
  cops_roll *r = new_roll();
  ck_assert_int_eq(cops_roll_d6(r, ctx, 3), COPS_OK);
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_D6_SUM);
  ck_assert_int_eq(cops_roll_total(r), 10);
  expect_dice(r, 3, (int[]){3, 6, 1}, (int[]){0, 0, 0}, (int[]){-1, -1, -1});
  ck_assert_int_eq(s.last_sides, 6);
  ck_assert_int_eq(cops_roll_d6_highest(r, ctx, 3), COPS_OK);
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_D6_HIGHEST);
  ck_assert_int_eq(cops_roll_total(r), 5);
  ck_assert_int_eq(cops_roll_d6(r, ctx, 0), COPS_OK);
  ck_assert_int_eq(cops_roll_total(r), 0);
  ck_assert_int_eq(cops_roll_count(r), 0);
  /* Action values are not there on a d6 roll, and the other way round. */
  ck_assert_int_eq(cops_roll_successes(r), COPS_ESTATE);
  ck_assert_int_eq(cops_roll_d6_highest(r, ctx, 0), COPS_ERANGE);
  ck_assert_int_eq(cops_roll_d6(r, ctx, COPS_D6_MAX + 1), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "number of d6 65 out of range 0..64");
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* C1.6: opposed rolls. */
START_TEST(test_c1_6_opposed)
{
  script s;
  /* A: 3 dice at 5+ -> 6 7 1 (2); B: 2 dice at 4+ -> 4 2 (1). */
  cops_ctx *ctx = SCRIPT(&s, 6, 7, 1, 4, 2, /* tie */ 9, 1, 1, 8, 1, /* B wins */ 1, 1, 1, 5,
                         5, /* min 3 */ 9, 9, 1, 1, 1);
  cops_roll *ra = new_roll(), *rb = new_roll();
  cops_action a, b;
  cops_action_init(&a, 3, 5, 1);
  cops_action_init(&b, 2, 4, 1);
  int w = -1, m = -1;
  ck_assert_int_eq(cops_roll_opposed(ra, rb, ctx, &a, &b, 0, &w, &m), COPS_OK);
  ck_assert_int_eq(w, COPS_OPPOSED_A);
  ck_assert_int_eq(m, 1);
  ck_assert_int_eq(cops_roll_opposed(ra, rb, ctx, &a, &b, 0, &w, &m), COPS_OK);
  ck_assert_int_eq(w, COPS_OPPOSED_NONE); /* RULING C1.6: a tie has no winner */
  ck_assert_int_eq(m, 0);
  ck_assert_int_eq(cops_roll_opposed(ra, rb, ctx, &a, &b, 0, &w, &m), COPS_OK);
  ck_assert_int_eq(w, COPS_OPPOSED_B);
  ck_assert_int_eq(m, 2);
  ck_assert_int_eq(cops_roll_opposed(ra, rb, ctx, &a, &b, 3, &w, &m), COPS_OK);
  ck_assert_int_eq(w, COPS_OPPOSED_NONE); /* 2 vs 0, but the GM asked for 3 */
  ck_assert_int_eq(cops_opposed_outcome(ra, rb, 2, &w, NULL), COPS_OK);
  ck_assert_int_eq(w, COPS_OPPOSED_A);
  ck_assert_int_eq(cops_opposed_outcome(ra, rb, -1, &w, &m), COPS_ERANGE);
  ck_assert_int_eq(cops_roll_opposed(ra, ra, ctx, &a, &b, 0, &w, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_opposed(ra, rb, ctx, &a, &b, -1, &w, &m), COPS_ERANGE);
  cops_roll_free(ra);
  cops_roll_free(rb);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_c1_6_opposed_draw_order_includes_explosions)
{
  script s;
  /* A's whole roll, re-rolls included, comes before B's first die. */
  cops_ctx *ctx = SCRIPT(&s, 10, 3, 6, 2, 2);
  cops_roll *ra = new_roll(), *rb = new_roll();
  cops_action a, b;
  cops_action_init(&a, 2, 5, 1);
  cops_action_init(&b, 2, 5, 1);
  int w, m;
  ck_assert_int_eq(cops_roll_opposed(ra, rb, ctx, &a, &b, 0, &w, &m), COPS_OK);
  expect_dice(ra, 3, (int[]){10, 3, 6}, NULL, (int[]){-1, -1, 0});
  expect_dice(rb, 2, (int[]){2, 2}, NULL, NULL);
  ck_assert_int_eq(w, COPS_OPPOSED_A);
  ck_assert_int_eq(m, 2);
  /* A failure on B's side leaves neither roll readable. */
  s.next = s.n - 1;
  ck_assert_int_eq(cops_roll_opposed(ra, rb, ctx, &a, &b, 0, &w, &m), COPS_ERNG);
  ck_assert_int_eq(cops_roll_kind(ra), COPS_ROLL_NONE);
  ck_assert_int_eq(cops_roll_kind(rb), COPS_ROLL_NONE);
  cops_roll_free(ra);
  cops_roll_free(rb);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_failed_roll_leaves_nothing_to_read)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 10, 4); /* the re-roll of the 10 needs a third face */
  cops_roll *r = new_roll();
  ck_assert_int_eq(cops_roll_pool(r, ctx, 2, 6, 1, 0), COPS_ERNG);
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);
  ck_assert_int_eq(cops_roll_count(r), 0);
  ck_assert_int_eq(cops_roll_successes(r), COPS_ESTATE);
  ck_assert_int_eq(cops_roll_die(r, 0, NULL, NULL, NULL), COPS_ERANGE);
  int m;
  ck_assert_int_eq(cops_roll_margin(r, &m), COPS_ESTATE);
  char *json = NULL;
  ck_assert_int_eq(cops_roll_to_json(r, &json), COPS_ESTATE);
  ck_assert_ptr_null(json);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_roll_reuse_and_growth)
{
  cops_ctx *ctx;
  int calls = 0;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_ctx_use_callback(ctx, always_ten, &calls);
  cops_ctx_set_reroll_cap(ctx, COPS_REROLL_CAP_MAX);
  cops_roll *r = new_roll();
  /* 64 chains of 1000 re-rolls: the result grows well past its first size. */
  ck_assert_int_eq(cops_roll_pool(r, ctx, COPS_DICE_MAX, 5, 1, 0), COPS_OK);
  ck_assert_int_eq(cops_roll_count(r), COPS_DICE_MAX * (1 + COPS_REROLL_CAP_MAX));
  int p, f;
  ck_assert_int_eq(cops_roll_die(r, cops_roll_count(r) - 1, &f, NULL, &p), COPS_OK);
  ck_assert_int_eq(f, 10);
  ck_assert_int_eq(p, cops_roll_count(r) - 1 - COPS_DICE_MAX);
  /* The same object then holds a small roll. */
  ck_assert_int_eq(cops_ctx_seed(ctx, 3), COPS_OK);
  ck_assert_int_eq(cops_roll_pool(r, ctx, 1, 10, 1, COPS_UNSKILLED), COPS_OK);
  ck_assert_int_eq(cops_roll_count(r), 1);
  ck_assert_int_eq(cops_roll_capped(r), 0);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* Seeded golden values: these pin the stream, the byte-to-face mapping and
 * the draw order. Any change to them is a break of the replay contract. */
START_TEST(test_seeded_golden_values)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 2030), COPS_OK);
  cops_roll *r = new_roll();
  char *json = NULL;
  ck_assert_int_eq(cops_roll_notation(r, ctx, "5+/3 (2)", 0), COPS_OK);
  ck_assert_int_eq(cops_roll_to_json(r, &json), COPS_OK);
  ck_assert_str_eq(json, GOLDEN_2030_A);
  cops_free(json);
  ck_assert_int_eq(cops_roll_notation(r, ctx, "4+/5 (3) +1D", 0), COPS_OK);
  ck_assert_int_eq(cops_roll_to_json(r, &json), COPS_OK);
  ck_assert_str_eq(json, GOLDEN_2030_B);
  cops_free(json);
  ck_assert_int_eq(cops_roll_d6(r, ctx, 5), COPS_OK);
  ck_assert_int_eq(cops_roll_to_json(r, &json), COPS_OK);
  ck_assert_str_eq(json, GOLDEN_2030_C);
  cops_free(json);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

/* The keystream as a callback: faces drawn one by one from a seeded context,
 * through the general path of the roll. */
static int faces_of(void *user, int sides)
{
  int f = 0;
  return cops_ctx_die(user, sides, &f) == COPS_OK ? f : 0;
}

/* The fast path of a seeded roll and the general path must draw the same
 * faces in the same order and give the same roll, across buffer refills,
 * rejected bytes, chains and several 10s, every modifier and both caps. */
START_TEST(test_fast_and_general_paths_agree)
{
  cops_ctx *fast, *stream, *general;
  cops_roll *a, *b;
  ck_assert_int_eq(cops_ctx_new(&fast), COPS_OK);
  ck_assert_int_eq(cops_ctx_new(&stream), COPS_OK);
  ck_assert_int_eq(cops_ctx_new(&general), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&a), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&b), COPS_OK);
  cops_ctx_seed(fast, 99);
  cops_ctx_seed(stream, 99);
  cops_ctx_use_callback(general, faces_of, stream);
  const long count = test_size(60000);
  for (int n = 0; n < count; n++) {
    cops_action x;
    cops_action_init(&x, n % 7, 2 + n % 9, n % 4);
    x.dice_mod = (n / 7) % 3 - 1;
    x.threshold_mod = (n / 21) % 5 - 2;
    x.difficulty_mod = (n / 105) % 3 - 1;
    x.flags = (n / 315) % 5 == 0 ? COPS_UNSKILLED : 0;
    const int cap = (n / 1575) % 3 == 0 ? n % 2 : 100;
    cops_ctx_set_reroll_cap(fast, cap);
    cops_ctx_set_reroll_cap(general, cap);
    int rc1 = n % 2 ? cops_roll_action(a, fast, &x)
                    : cops_roll_pool(a, fast, x.dice, x.threshold, x.difficulty, x.flags);
    if (n % 2 == 0) {
      x.dice_mod = x.threshold_mod = x.difficulty_mod = 0;
    }
    int rc2 = cops_roll_action(b, general, &x);
    if (rc1 != COPS_OK || rc2 != COPS_OK)
      ck_abort_msg("roll %d failed: %d %d", n, rc1, rc2);
    char *ja = NULL, *jb = NULL;
    cops_roll_to_json(a, &ja);
    cops_roll_to_json(b, &jb);
    if (strcmp(ja, jb) != 0)
      ck_abort_msg("roll %d differs:\n%s\n%s", n, ja, jb);
    if (cops_roll_capped(a) != cops_roll_capped(b))
      ck_abort_msg("roll %d: capped differs", n);
    cops_free(ja);
    cops_free(jb);
  }
  /* Both consumed the same bytes: the next die agrees. */
  int f1, f2;
  cops_ctx_die(fast, 10, &f1);
  cops_ctx_die(stream, 10, &f2);
  ck_assert_int_eq(f1, f2);
  ck_assert_int_eq(fast->pos, stream->pos);
  cops_roll_free(a);
  cops_roll_free(b);
  cops_ctx_free(fast);
  cops_ctx_free(stream);
  cops_ctx_free(general);
}
END_TEST

static Suite *dice_suite(void)
{
  Suite *s = suite_create("dice");
  TCase *tc = tcase_create("rules");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_c1_worked_example_conduite);
  tcase_add_test(tc, test_c1_2_explosion_chains_across_waves);
  tcase_add_test(tc, test_c1_2_reroll_below_threshold_adds_nothing);
  tcase_add_test(tc, test_c1_2_cap_with_always_ten);
  tcase_add_test(tc, test_c1_2_chain_just_under_the_cap_is_not_capped);
  tcase_add_test(tc, test_c1_4_unskilled);
  tcase_add_test(tc, test_c1_7_dice_modifiers);
  tcase_add_test(tc, test_c1_7_threshold_clamps);
  tcase_add_test(tc, test_c1_7_difficulty_clamps);
  tcase_add_test(tc, test_c1_3_margin_of_success_and_failure);
  tcase_add_test(tc, test_d6_sum_and_highest);
  tcase_add_test(tc, test_c1_6_opposed);
  tcase_add_test(tc, test_c1_6_opposed_draw_order_includes_explosions);
  tcase_add_test(tc, test_failed_roll_leaves_nothing_to_read);
  tcase_add_test(tc, test_roll_reuse_and_growth);
  tcase_add_test(tc, test_seeded_golden_values);
  tcase_add_test(tc, test_fast_and_general_paths_agree);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(dice_suite)
