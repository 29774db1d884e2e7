/* Misuse of the roll API gets a code and a message, never a crash; the
 * JSON rendering of rolls (docs/json.md). */
#include <jansson.h>

#include "testutil.h"

START_TEST(test_roll_functions_reject_bad_arguments)
{
  cops_ctx *ctx;
  cops_roll *r;
  cops_action a;
  int w, m;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_action_init(NULL, 3, 5, 1), COPS_EINVAL);
  cops_action_init(&a, 3, 5, 1);

  ck_assert_int_eq(cops_roll_action(r, NULL, &a), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_action(NULL, ctx, &a), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "roll is NULL");
  ck_assert_int_eq(cops_roll_action(r, ctx, NULL), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "action is NULL");
  ck_assert_int_eq(cops_roll_d6(NULL, ctx, 2), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_d6(r, NULL, 2), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_d6_highest(NULL, ctx, 2), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_d6(r, ctx, -1), COPS_ERANGE);
  ck_assert_int_eq(cops_roll_pool(NULL, ctx, 3, 5, 1, 0), COPS_EINVAL);

  ck_assert_int_eq(cops_roll_opposed(r, r, NULL, &a, &a, 0, &w, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_opposed(NULL, r, ctx, &a, &a, 0, &w, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_opposed(r, NULL, ctx, &a, &a, 0, &w, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_opposed(r, r, ctx, NULL, &a, 0, &w, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_opposed(r, r, ctx, &a, NULL, 0, &w, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_opposed(r, r, ctx, &a, &a, 0, NULL, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_opposed_outcome(NULL, r, 0, &w, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_opposed_outcome(r, NULL, 0, &w, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_opposed_outcome(r, r, 0, NULL, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_opposed_outcome(r, r, 0, &w, &m), COPS_ESTATE); /* empty rolls */

  /* Accessors on NULL and on an empty roll. */
  ck_assert_int_eq(cops_roll_kind(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);
  ck_assert_int_eq(cops_roll_count(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_count(r), 0);
  int (*const action_getters[])(const cops_roll *) = {
    cops_roll_pool_size, cops_roll_threshold, cops_roll_difficulty, cops_roll_successes,
    cops_roll_succeeded, cops_roll_capped, cops_roll_unskilled, cops_roll_anciennete,
  };
  for (size_t i = 0; i < sizeof action_getters / sizeof action_getters[0]; i++) {
    ck_assert_int_eq(action_getters[i](NULL), COPS_EINVAL);
    ck_assert_int_eq(action_getters[i](r), COPS_ESTATE);
  }
  ck_assert_int_eq(cops_roll_total(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_total(r), COPS_ESTATE);
  ck_assert_int_eq(cops_roll_margin(NULL, &m), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_margin(r, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_action_of(NULL, &a), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_action_of(r, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_action_of(r, &a), COPS_ESTATE);
  ck_assert_int_eq(cops_roll_die(NULL, 0, NULL, NULL, NULL), COPS_EINVAL);

  /* An action roll: die indexes and the d6 total. */
  cops_ctx_seed(ctx, 1);
  ck_assert_int_eq(cops_roll_pool(r, ctx, 2, 5, 1, 0), COPS_OK);
  ck_assert_int_eq(cops_roll_die(r, -1, NULL, NULL, NULL), COPS_ERANGE);
  ck_assert_int_eq(cops_roll_die(r, cops_roll_count(r), NULL, NULL, NULL), COPS_ERANGE);
  ck_assert_int_eq(cops_roll_die(r, 0, NULL, NULL, NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_total(r), COPS_ESTATE);
  cops_action b;
  ck_assert_int_eq(cops_roll_action_of(r, &b), COPS_OK);
  ck_assert_int_eq(b.dice, 2);
  ck_assert_int_eq(b.threshold, 5);

  char *json = (char *)"untouched";
  ck_assert_int_eq(cops_roll_to_json(NULL, &json), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_to_json(r, NULL), COPS_EINVAL);
  cops_roll_free(r);
  cops_roll_free(NULL);
  cops_ctx_free(ctx);
}
END_TEST

/* Each field of an action, out of range, fails with its name in the message. */
START_TEST(test_action_ranges_name_the_field)
{
  static const struct {
    int field, value;
    int code;
    const char *message;
  } c[] = {
    {0, -1, COPS_ERANGE, "dice -1 out of range 0..64"},
    {0, 65, COPS_ERANGE, "dice 65 out of range 0..64"},
    {1, 1, COPS_ERANGE, "threshold 1 out of range 2..10"},
    {1, 11, COPS_ERANGE, "threshold 11 out of range 2..10"},
    {2, -1, COPS_ERANGE, "difficulty -1 out of range 0..64"},
    {2, 65, COPS_ERANGE, "difficulty 65 out of range 0..64"},
    {3, -65, COPS_ERANGE, "dice modifier -65 out of range -64..64"},
    {3, 62, COPS_ERANGE, "pool of 65 dice after modifiers (at most 64)"},
    {4, 11, COPS_ERANGE, "threshold modifier 11 out of range -10..10"},
    {4, -11, COPS_ERANGE, "threshold modifier -11 out of range -10..10"},
    {5, 65, COPS_ERANGE, "difficulty modifier 65 out of range -64..64"},
    {5, 63, COPS_ERANGE, "difficulty 65 after modifiers (at most 64)"},
    {6, 2, COPS_EINVAL, "unknown action flags 0x2"},
    {7, 0, COPS_EINVAL, "action size 0, expected 32 (initialise it with cops_action_init)"},
  };
  cops_ctx *ctx;
  cops_roll *r;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    cops_action a;
    cops_action_init(&a, 3, 5, 2);
    int *fields[] = {&a.dice, &a.threshold, &a.difficulty, &a.dice_mod, &a.threshold_mod,
                     &a.difficulty_mod};
    if (c[i].field < 6)
      *fields[c[i].field] = c[i].value;
    else if (c[i].field == 6)
      a.flags = (unsigned)c[i].value;
    else
      a.size = (uint32_t)c[i].value;
    ck_assert_int_eq(cops_roll_pool(r, ctx, 3, 5, 2, 0), COPS_OK);
    ck_assert_int_eq(cops_roll_action(r, ctx, &a), c[i].code);
    ck_assert_str_eq(cops_ctx_errmsg(ctx), c[i].message);
    ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);
  }
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_json_action_roll)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 10, 4, 1, 7);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_roll_notation(r, ctx, "5+/3 (2) -1R", 0), COPS_OK);
  char *text = NULL;
  ck_assert_int_eq(cops_roll_to_json(r, &text), COPS_OK);
  ck_assert_str_eq(text,
    "{\"kind\":\"action\",\"action\":\"5+/3 (2) -1R\",\"pool\":3,\"threshold\":5,"
    "\"difficulty\":1,\"unskilled\":false,\"dice\":["
    "{\"face\":10,\"success\":true,\"reroll_of\":null},"
    "{\"face\":4,\"success\":false,\"reroll_of\":null},"
    "{\"face\":1,\"success\":false,\"reroll_of\":null},"
    "{\"face\":7,\"success\":true,\"reroll_of\":0}],"
    "\"successes\":2,\"success\":true,\"margin\":1,\"capped\":false}");
  json_error_t err;
  json_t *j = json_loads(text, 0, &err);
  ck_assert_ptr_nonnull(j);
  ck_assert_int_eq(json_integer_value(json_object_get(j, "successes")), 2);
  json_decref(j);
  cops_free(text);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_json_d6_rolls_and_failed_margin)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 2, 5, 3, 1, 1);
  cops_roll *r;
  char *text;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_int_eq(cops_roll_d6_highest(r, ctx, 2), COPS_OK);
  ck_assert_int_eq(cops_roll_to_json(r, &text), COPS_OK);
  ck_assert_str_eq(text, "{\"kind\":\"d6_highest\",\"dice\":[{\"face\":2,\"success\":false,"
                         "\"reroll_of\":null},{\"face\":5,\"success\":false,\"reroll_of\":null}],"
                         "\"total\":5}");
  cops_free(text);
  ck_assert_int_eq(cops_roll_d6(r, ctx, 1), COPS_OK);
  ck_assert_int_eq(cops_roll_to_json(r, &text), COPS_OK);
  ck_assert_str_eq(text, "{\"kind\":\"d6_sum\",\"dice\":[{\"face\":3,\"success\":false,"
                         "\"reroll_of\":null}],\"total\":3}");
  cops_free(text);
  ck_assert_int_eq(cops_roll_pool(r, ctx, 2, 8, 3, COPS_UNSKILLED), COPS_OK);
  ck_assert_int_eq(cops_roll_to_json(r, &text), COPS_OK);
  ck_assert_str_eq(text, "{\"kind\":\"action\",\"action\":\"8+/2 (3)\",\"pool\":2,"
                         "\"threshold\":10,\"difficulty\":3,\"unskilled\":true,\"dice\":["
                         "{\"face\":1,\"success\":false,\"reroll_of\":null},"
                         "{\"face\":1,\"success\":false,\"reroll_of\":null}],"
                         "\"successes\":0,\"success\":false,\"margin\":-3,\"capped\":false}");
  cops_free(text);
  cops_roll_free(r);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *api_suite(void)
{
  Suite *s = suite_create("api");
  TCase *tc = tcase_create("misuse");
  tcase_add_test(tc, test_roll_functions_reject_bad_arguments);
  tcase_add_test(tc, test_action_ranges_name_the_field);
  tcase_add_test(tc, test_json_action_roll);
  tcase_add_test(tc, test_json_d6_rolls_and_failed_margin);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(api_suite)
