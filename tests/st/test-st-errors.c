/* The documented errors of the Storyteller module (docs/api.md, "Errors"): each code a
 * function's documentation lists, fed and checked, where the other suites of tests/st do
 * not already (tests/errors.py keeps the account). */
#include <stdio.h>

#include <cops/st.h>

#include "testutil.h"

static cops_ctx *ctx;


static void setup(void)
{
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 2030), COPS_OK);
}

static void teardown(void)
{
  cops_ctx_free(ctx);
}

static cops_st_character *person(cops_ctx *c, const char *name)
{
  cops_st_character *ch;
  ck_assert_int_eq(cops_st_character_new(&ch, c), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_name(ch, name), COPS_OK);
  const int t[] = {COPS_ST_STRENGTH, COPS_ST_DEXTERITY, COPS_ST_STAMINA, COPS_ST_WITS,
                   COPS_ST_RESOLVE, COPS_ST_COMPOSURE, COPS_ST_BRAWL};
  for (int i = 0; i < 7; i++)
    ck_assert_int_eq(cops_st_character_set_trait(ch, t[i], 2), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_combatant(ch, 1), COPS_OK);
  return ch;
}

#define SHEET "{\"system\":\"st\",\"name\":\"A\",\"attributes\":{\"Strength\":2,\"Dexterity\":2," \
              "\"Stamina\":2,\"Wits\":2,\"Resolve\":2,\"Composure\":2}}"

START_TEST(dice_and_sheets)
{
  cops_st_pool p;
  EXPECT(cops_st_pool_init_sized(NULL, sizeof p, 3), COPS_EINVAL);
  EXPECT(cops_st_pool_init_sized(&p, 3, 3), COPS_EINVAL);
  EXPECT(cops_st_pool_parse(&p, ctx, "3 again"), COPS_ESYNTAX);
  EXPECT(cops_st_pool_parse(&p, ctx, "300"), COPS_ERANGE);
  cops_roll *r = NULL;
  ck_assert_int_eq(cops_roll_new_in(&r, ctx), COPS_OK);
  EXPECT(cops_st_roll_pool_of(r, &p), COPS_ESTATE);     /* nothing rolled */
  ck_assert_int_eq(cops_st_pool_init(&p, 3), COPS_OK);
  EXPECT(cops_st_roll(r, ctx, &p), COPS_OK);
  EXPECT(cops_st_roll_pool_of_sized(r, &p, 3), COPS_EINVAL);
  EXPECT(cops_st_roll_pool_of_sized(NULL, &p, sizeof p), COPS_EINVAL);
  cops_roll_free(r);
  /* A roll into a roll being filled: from the random callback of another context. */
  int trait;
  EXPECT(cops_st_trait_parse(NULL, &trait), COPS_EINVAL);
  EXPECT(cops_st_trait_parse("Strength", NULL), COPS_EINVAL);

  cops_st_character *ch = NULL;
  EXPECT(cops_st_character_new(NULL, ctx), COPS_EINVAL);
  EXPECT(cops_st_character_new(&ch, NULL), COPS_EINVAL);
  EXPECT(cops_st_character_from_json(&ch, ctx, "{\"system\":\"st\","), COPS_EJSON);
  EXPECT(cops_st_character_from_json(&ch, ctx,
         "{\"system\":\"st\",\"name\":\"A\",\"attributes\":{\"Strength\":99,\"Dexterity\":2,"
         "\"Stamina\":2,\"Wits\":2,\"Resolve\":2,\"Composure\":2}}"), COPS_ERANGE);
  ck_assert_ptr_null(ch);

  cops_st_weapon w;
  EXPECT(cops_st_weapon_init_sized(NULL, sizeof w, COPS_ST_FIREARM), COPS_EINVAL);
  EXPECT(cops_st_weapon_init_sized(&w, 2, COPS_ST_FIREARM), COPS_EINVAL);
}
END_TEST

/* The random callback rolls into the roll its own call is filling (through another
 * context, so that it is not a call into its own context). */
static cops_roll *busy_roll;
static int busy_asked;
static int roll_into_busy(void *user, int sides)
{
  (void)sides;
  cops_st_pool p;
  cops_st_pool_init(&p, 1);
  if (!busy_asked++)
    EXPECT(cops_st_roll(busy_roll, user, &p), COPS_ESTATE);
  return 5;
}

START_TEST(roll_being_filled)
{
  cops_ctx *other = NULL;
  ck_assert_int_eq(cops_ctx_new(&other), COPS_OK);
  ck_assert_int_eq(cops_roll_new_in(&busy_roll, ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_use_callback(ctx, roll_into_busy, other), COPS_OK);
  cops_st_pool p;
  cops_st_pool_init(&p, 2);
  busy_asked = 0;
  EXPECT(cops_st_roll(busy_roll, ctx, &p), COPS_OK);
  ck_assert_int_ge(busy_asked, 1);
  cops_roll_free(busy_roll);
  cops_ctx_free(other);
}
END_TEST

START_TEST(grapples_objects_events)
{
  cops_st_character *a = person(ctx, "A"), *b = person(ctx, "B");
  cops_st_grapple g;
  ck_assert_int_eq(cops_st_grapple_init(&g), COPS_OK);
  cops_st_grapple_side sa = {{-1, -1}, -1, 0}, sb = {{-1, -1}, -1, 0};
  cops_st_grapple_outcome out;
  out.size = sizeof out;
  g.hold = 3;
  EXPECT(cops_st_grapple_round(&g, &out, ctx, a, b, 0, 1, &sa, &sb, NULL, NULL), COPS_ERANGE);
  g.hold = 0;
  script s;
  cops_ctx *dead = scripted_ctx(&s, (const int[]){1}, 0);
  EXPECT(cops_st_grapple_round(&g, &out, dead, a, b, 0, 1, &sa, &sb, NULL, NULL), COPS_ERNG);
  cops_ctx_free(dead);

  cops_st_object o;
  ck_assert_int_eq(cops_st_object_init(&o, "door", 2, 4), COPS_OK);
  int succ;
  EXPECT(cops_st_object_strike(NULL, ctx, a, NULL, 0, -1, -1, COPS_ST_DICE, &succ, NULL),
         COPS_EINVAL);
  EXPECT(cops_st_object_strike(&o, ctx, a, NULL, 0, -1, 999, COPS_ST_DICE, &succ, NULL),
         COPS_ERANGE);   /* 999 dice */

  cops_log *log = NULL;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  cops_st_event ev;
  ev.size = sizeof ev;
  EXPECT(cops_st_log_event(NULL, 0, &ev), COPS_EINVAL);
  cops_character *cop = NULL;
  ck_assert_int_eq(cops_character_new(&cop, ctx), COPS_OK);
  ck_assert_int_eq(cops_character_set_name(cop, "Cop"), COPS_OK);
  ck_assert_int_eq(cops_character_advance(cop, 60, log, 0), COPS_OK);   /* a COPS event */
  ck_assert_int_ge(cops_log_count(log), 1);
  EXPECT(cops_st_log_event(log, 0, &ev), COPS_ESTATE);
  cops_character_free(cop);
  cops_log_free(log);
  cops_st_character_free(a);
  cops_st_character_free(b);
}
END_TEST

START_TEST(fights)
{
  int v;
  EXPECT(cops_st_fight_action_parse("dance", &v), COPS_EINVAL);
  EXPECT(cops_st_fight_tactic_parse("dance", &v), COPS_EINVAL);
  cops_st_fight *f = NULL;
  EXPECT(cops_st_fight_new(NULL, ctx, NULL), COPS_EINVAL);
  cops_st_rules rules;
  ck_assert_int_eq(cops_st_rules_init(&rules), COPS_OK);
  rules.again = 7;
  EXPECT(cops_st_fight_new(&f, ctx, &rules), COPS_ERANGE);
  EXPECT(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  cops_st_character *a = person(ctx, "A"), *b = person(ctx, "B");
  int id;
  EXPECT(cops_st_fight_add(NULL, a, 0, 0, 0, &id), COPS_EINVAL);
  EXPECT(cops_st_fight_add(f, a, -1, 0, 0, &id), COPS_ERANGE);
  EXPECT(cops_st_fight_begin_round(NULL), COPS_EINVAL);
  EXPECT(cops_st_fight_add(f, a, 0, 0, 0, &id), COPS_OK);
  EXPECT(cops_st_fight_begin_round(f), COPS_ESTATE);     /* one side */
  EXPECT(cops_st_fight_add(f, b, 1, 1, 0, &id), COPS_OK);
  cops_st_fighter st;
  st.size = sizeof st;
  EXPECT(cops_st_fight_fighter(NULL, 0, &st), COPS_EINVAL);
  EXPECT(cops_st_fight_fighter(f, 5, &st), COPS_ERANGE);
  cops_st_grapple g;
  g.size = sizeof g;
  EXPECT(cops_st_fight_grapple(NULL, 0, &g, NULL, NULL), COPS_EINVAL);
  EXPECT(cops_st_fight_grapple(f, 5, &g, NULL, NULL), COPS_ERANGE);
  EXPECT(cops_st_fight_winner(NULL, &v), COPS_EINVAL);
  EXPECT(cops_st_fight_winner(f, &v), COPS_ESTATE);
  char *save = NULL;
  EXPECT(cops_st_fight_save(NULL, &save), COPS_EINVAL);
  EXPECT(cops_st_fight_step(NULL, &id), COPS_EINVAL);

  /* A declaration the state no longer allows: B's melee at A, who moved away first. */
  EXPECT(cops_st_fight_begin_round(f), COPS_OK);
  cops_st_character *c = person(ctx, "C");
  EXPECT(cops_st_fight_add(f, c, 0, 0, 0, &id), COPS_ESTATE);
  int order[2], n;
  ck_assert_int_eq(cops_st_fight_order(f, order, 2, &n), COPS_OK);
  const int first = order[0], second = order[1];
  cops_st_declaration away, strike;
  cops_st_declaration_init(&away, COPS_ST_DO_NOTHING);
  away.moving = 1;
  away.x = first == 0 ? -3 : 4;
  cops_st_declaration_init(&strike, COPS_ST_DO_ATTACK);
  strike.target = first;
  EXPECT(cops_st_fight_declare(f, first, &away), COPS_OK);
  EXPECT(cops_st_fight_declare(f, second, &strike), COPS_OK);
  EXPECT(cops_st_fight_step(f, &id), COPS_OK);
  EXPECT(cops_st_fight_step(f, &id), COPS_ERULE);
  cops_st_fight_free(f);
  cops_st_character_free(c);
  cops_st_character_free(a);
  cops_st_character_free(b);

  /* A fight whose dice fail at the first. */
  script s;
  cops_ctx *dead = scripted_ctx(&s, (const int[]){1}, 0);
  cops_st_fight *df = NULL;
  ck_assert_int_eq(cops_st_fight_new(&df, dead, NULL), COPS_OK);
  cops_st_character *x = person(dead, "X"), *y = person(dead, "Y");
  ck_assert_int_eq(cops_st_fight_add(df, x, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(df, y, 1, 1, 0, NULL), COPS_OK);
  EXPECT(cops_st_fight_begin_round(df), COPS_ERNG);
  cops_st_fight_free(df);
  cops_st_character_free(x);
  cops_st_character_free(y);
  cops_ctx_free(dead);
}
END_TEST

START_TEST(fight_files)
{
  cops_st_fight *f = NULL;
  EXPECT(cops_st_fight_from_json(NULL, ctx, "{}", NULL), COPS_EINVAL);
  EXPECT(cops_st_fight_from_json(&f, ctx, "{\"system\":\"st\",", NULL), COPS_EJSON);
  EXPECT(cops_st_fight_from_json(&f, ctx, "{\"system\":\"st\",\"sides\":[\"a\"],\"fighters\":"
                                 "[{\"sheet\":" SHEET ",\"side\":1}]}", NULL), COPS_ERANGE);
  EXPECT(cops_st_fight_from_json(&f, ctx, "{\"system\":\"st\",\"sides\":[\"a\"],\"fighters\":"
                                 "[{\"sheet\":" SHEET ",\"side\":0}],\"grapples\":"
                                 "[{\"first\":0,\"second\":0}]}", NULL), COPS_ERULE);
  EXPECT(cops_st_fight_from_json(&f, ctx, "{\"system\":\"st\",\"sides\":[\"a\"],\"fighters\":"
                                 "[{\"sheet\":\"nowhere.json\",\"side\":0}]}", "/nonexistent"),
         COPS_EIO);
  ck_assert_ptr_null(f);
}
END_TEST

static Suite *st_errors_suite(void)
{
  Suite *s = suite_create("st-errors");
  TCase *tc = tcase_create("documented");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, dice_and_sheets);
  tcase_add_test(tc, roll_being_filled);
  tcase_add_test(tc, grapples_objects_events);
  tcase_add_test(tc, fights);
  tcase_add_test(tc, fight_files);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(st_errors_suite)
