/* The simulator (<cops/sim.h>, docs/simulation.md): fight i seeded from the study's seed
 * and i, the same figures for any split of the indexes, summaries merged, written and
 * read, stopped fights, all or nothing, refused summaries. */
#include <math.h>
#include <stdio.h>

#include <jansson.h>

#include "testutil.h"

#define STREET SCENARIOS_DIR "/street-shootout.json"

static char *json_of(const cops_sim *s)
{
  char *text;
  ck_assert_int_eq(cops_sim_to_json(s, &text), COPS_OK);
  return text;
}

/* Fight 0 is the fight of cops_encounter_seed(); any split gives the same summary. */
START_TEST(test_fights_by_index_any_split)
{
  cops_ctx *ctx;
  cops_scenario *sc;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
  cops_sim *whole, *a, *b;
  ck_assert_int_eq(cops_sim_new(&whole, ctx, sc, 1, 2030), COPS_OK);
  ck_assert_int_eq(cops_sim_run(whole, sc, 0, 1), COPS_OK);
  /* Fight 0 against the encounter seeded with 2030. */
  cops_encounter *e = cops_scenario_encounter(sc);
  ck_assert_int_eq(cops_scenario_reset(sc), COPS_OK);
  cops_encounter_seed(e, 2030);
  ck_assert_int_eq(cops_scenario_run(sc), COPS_OK);
  int w;
  cops_encounter_get_winner(e, &w);
  ck_assert_int_eq(cops_sim_wins(whole, w), 1);
  ck_assert_int_eq(cops_sim_fights(whole), 1);
  ck_assert_int_eq(cops_sim_run(whole, sc, 1, 299), COPS_OK);
  char *want = json_of(whole);
  ck_assert_ptr_nonnull(strstr(want, "\"lengths\": ["));   /* read back below: they add up */
  /* The same fights in another order, another context, in pieces, merged. */
  cops_ctx *other;
  cops_scenario *sc2;
  ck_assert_int_eq(cops_ctx_new(&other), COPS_OK);
  ck_assert_int_eq(cops_scenario_load(&sc2, other, STREET), COPS_OK);
  ck_assert_int_eq(cops_sim_new(&a, other, sc2, 1, 2030), COPS_OK);
  ck_assert_int_eq(cops_sim_new(&b, ctx, sc, 1, 2030), COPS_OK);
  ck_assert_int_eq(cops_sim_run(a, sc2, 200, 100), COPS_OK);
  ck_assert_int_eq(cops_sim_run(b, sc, 0, 50), COPS_OK);
  ck_assert_int_eq(cops_sim_run(a, sc2, 50, 150), COPS_OK);
  ck_assert_int_eq(cops_sim_merge(b, a), COPS_OK);
  char *got = json_of(b);
  ck_assert_str_eq(got, want);
  /* Read back, written the same. */
  cops_sim *read;
  ck_assert_int_eq(cops_sim_from_json(&read, ctx, got), COPS_OK);
  char *again = json_of(read);
  ck_assert_str_eq(again, want);
  /* Overlaps, itself, another seed, another scenario: refused, nothing changed. */
  ck_assert_int_eq(cops_sim_merge(b, read), COPS_ERANGE);
  ck_assert_int_eq(cops_sim_merge(b, b), COPS_ERANGE);
  ck_assert_int_eq(cops_sim_run(b, sc, 299, 5), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "fights 299..303 overlap the summary's 0..299");
  cops_sim *seed2;
  ck_assert_int_eq(cops_sim_new(&seed2, ctx, sc, 1, 2031), COPS_OK);
  ck_assert_int_eq(cops_sim_run(seed2, sc, 300, 5), COPS_OK);
  ck_assert_int_eq(cops_sim_merge(b, seed2), COPS_EINVAL);
  cops_scenario *brawl;
  ck_assert_int_eq(cops_scenario_load(&brawl, ctx, SCENARIOS_DIR "/bar-brawl.json"), COPS_OK);
  ck_assert_int_eq(cops_sim_run(b, brawl, 300, 5), COPS_EINVAL);
  char *after = json_of(b);
  ck_assert_str_eq(after, want);
  /* Ranges join when they touch; apart, they stay apart. */
  ck_assert_int_eq(cops_sim_run(b, sc, 400, 10), COPS_OK);
  char *two = json_of(b);
  ck_assert_ptr_nonnull(strstr(two, "[\n      400,\n      410\n    ]"));
  ck_assert_int_eq(cops_sim_run(b, sc, 300, 100), COPS_OK);
  char *one = json_of(b);
  ck_assert_ptr_nonnull(strstr(one, "\"runs\": [\n    [\n      0,\n      410\n    ]\n  ]"));
  ck_assert_int_eq(cops_sim_fights(b) + cops_sim_stopped(b), 410);
  long long sum = cops_sim_wins(b, COPS_NO_WINNER);
  for (int k = 0; k < cops_scenario_side_count(sc); k++)
    sum += cops_sim_wins(b, k);
  ck_assert_int_eq(sum, cops_sim_fights(b));
  ck_assert_int_eq(cops_sim_wins(b, 16), COPS_EINVAL);
  cops_free(want);
  cops_free(got);
  cops_free(again);
  cops_free(after);
  cops_free(two);
  cops_free(one);
  cops_sim_free(seed2);
  cops_sim_free(read);
  cops_sim_free(a);
  cops_sim_free(b);
  cops_sim_free(whole);
  cops_scenario_free(brawl);
  cops_scenario_free(sc2);
  cops_scenario_free(sc);
  cops_ctx_free(other);
  cops_ctx_free(ctx);
}
END_TEST

static int fail_after(void *user, int sides)
{
  int *left = user;
  (void)sides;
  return (*left)-- > 0 ? 5 : 0;   /* 5s, then the source fails */
}

/* A fight a scripted declaration stops is counted apart, the lowest index's reason kept;
 * a fight that fails otherwise leaves the summary as it was (all or nothing). */
START_TEST(test_stopped_and_all_or_nothing)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  char text[2048];
  const char *sheets = SCENARIOS_DIR "/../sheets", *weapons = SCENARIOS_DIR "/../weapons";
  snprintf(text, sizeof text,
           "{\"schema\": 1, \"name\": \"Duel\", \"combatants\": ["
           "{\"sheet\": \"%s/mike.json\", \"side\": \"a\", \"position\": [0, 0], \"weapons\": [\"%s/vulcan-051.json\"]},"
           "{\"sheet\": \"%s/joe.json\", \"side\": \"b\", \"position\": [2, 0], \"weapons\": [\"%s/vulcan-051.json\"]},"
           "{\"sheet\": \"%s/sarah.json\", \"side\": \"a\", \"position\": [1, 0], \"weapons\": [\"%s/vulcan-051.json\"]},"
           "{\"sheet\": \"%s/joe.json\", \"side\": \"b\", \"position\": [300, 0]}],"
           "\"rounds\": [{\"round\": 3, \"declarations\": [{\"combatant\": \"Sarah Okafor\", "
           "\"action\": \"shoot\", \"target\": 1}]}]}",
           sheets, weapons, sheets, weapons, sheets, weapons, sheets);
  cops_scenario *sc;
  ck_assert_msg(cops_scenario_from_json(&sc, ctx, text, NULL) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  cops_sim *s, *t;
  ck_assert_int_eq(cops_sim_new(&s, ctx, sc, 1, 1), COPS_OK);
  ck_assert_int_eq(cops_sim_run(s, sc, 0, 300), COPS_OK);
  ck_assert_int_gt(cops_sim_stopped(s), 0);
  ck_assert_int_eq(cops_sim_fights(s) + cops_sim_stopped(s), 300);
  char *all = json_of(s);
  /* The reason kept is the lowest index's, whatever the order of the pieces. */
  ck_assert_int_eq(cops_sim_new(&t, ctx, sc, 1, 1), COPS_OK);
  ck_assert_int_eq(cops_sim_run(t, sc, 150, 150), COPS_OK);
  ck_assert_int_eq(cops_sim_run(t, sc, 0, 150), COPS_OK);
  char *pieces = json_of(t);
  ck_assert_str_eq(pieces, all);
  ck_assert_ptr_nonnull(strstr(all, "\"first_stopped\": {\n    \"run\": "));
  /* Unseeded, on dice that fail in the middle of a fight: nothing counted. */
  cops_sim *u;
  ck_assert_int_eq(cops_sim_new(&u, ctx, sc, 0, 0), COPS_OK);
  int left = 40;
  ck_assert_int_eq(cops_ctx_use_callback(ctx, fail_after, &left), COPS_OK);
  ck_assert_int_eq(cops_sim_run(u, sc, 0, 10), COPS_ERNG);
  ck_assert_int_eq(cops_sim_fights(u) + cops_sim_stopped(u), 0);
  char *none = json_of(u);
  ck_assert_ptr_nonnull(strstr(none, "\"runs\": []"));
  cops_free(none);
  cops_free(all);
  cops_free(pieces);
  cops_sim_free(u);
  cops_sim_free(t);
  cops_sim_free(s);
  cops_scenario_free(sc);
  cops_ctx_free(ctx);
}
END_TEST

/* Summaries that do not add up are refused, naming the field. */
START_TEST(test_refused_summaries)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
#define HEAD "{\"schema\":1,\"type\":\"sim\",\"rules\":\"core\",\"scenario\":\"X\",\"seed\":\"5\","
#define SIDES "\"sides\":[{\"name\":\"a\",\"wins\":2},{\"name\":\"b\",\"wins\":1}],\"undecided\":1,"
#define WHO "\"combatants\":[{\"name\":\"Mike\",\"side\":0,\"down\":1,\"dead\":0}]"
#define ROUNDS "\"rounds\":12,\"rounds_squared\":40,"
  static const struct {
    const char *json, *msg;
  } bad[] = {
    {HEAD "\"runs\":[[0,4]],\"fights\":4,\"stopped\":0,\"first_stopped\":null," SIDES ROUNDS WHO "}",
     NULL},
    {HEAD "\"runs\":[[0,5]],\"fights\":4,\"stopped\":0,\"first_stopped\":null," SIDES ROUNDS WHO "}",
     "fights: 4 fights and 0 stopped, not the 5 of runs"},
    {HEAD "\"runs\":[[0,4],[2,6]],\"fights\":4,\"stopped\":0,\"first_stopped\":null," SIDES ROUNDS WHO "}",
     "runs[1]: it overlaps another range"},
    {HEAD "\"runs\":[[4,4]],\"fights\":0,\"stopped\":0,\"first_stopped\":null," SIDES ROUNDS WHO "}",
     "runs[0]: expected [from, to), 0 <= from < to <= 1000000000000"},
    {HEAD "\"runs\":[[0,5]],\"fights\":4,\"stopped\":1,\"first_stopped\":null," SIDES ROUNDS WHO "}",
     "first_stopped: null exactly when none stopped"},
    {HEAD "\"runs\":[[0,5]],\"fights\":4,\"stopped\":1,\"first_stopped\":{\"run\":9,\"reason\":\"x\"},"
     SIDES ROUNDS WHO "}", "first_stopped: a run of the ranges and its reason"},
    {HEAD "\"runs\":[[0,4]],\"fights\":4,\"stopped\":0,\"first_stopped\":null,"
     "\"sides\":[{\"name\":\"a\",\"wins\":3},{\"name\":\"b\",\"wins\":1}],\"undecided\":1," ROUNDS WHO "}",
     "sides: 5 wins and undecided, not the 4 fights"},
    {HEAD "\"runs\":[[0,4]],\"fights\":4,\"stopped\":0,\"first_stopped\":null," SIDES ROUNDS
     "\"combatants\":[{\"name\":\"Mike\",\"side\":0,\"down\":1,\"dead\":2}]}",
     "combatants[0]: down 1, dead 2 of 4 fights"},
    {HEAD "\"runs\":[[0,4]],\"fights\":4,\"stopped\":0,\"first_stopped\":null," SIDES ROUNDS
     "\"combatants\":[{\"name\":\"Mike\",\"side\":2,\"down\":1,\"dead\":0}]}",
     "combatants[0].side: 2 out of range 0..1"},
    {HEAD "\"runs\":[[0,4]],\"fights\":4,\"stopped\":0,\"first_stopped\":null," SIDES
     "\"rounds\":12,\"rounds_squared\":5," WHO "}", "rounds: 12 rounds (squared 5) of 4 fights"},
    /* The fights by their length (0.17) add up to the fights, rounds and squares. */
    {HEAD "\"runs\":[[0,4]],\"fights\":4,\"stopped\":0,\"first_stopped\":null," SIDES ROUNDS
     "\"lengths\":[[2,2],[4,2]]," WHO "}", NULL},
    {HEAD "\"runs\":[[0,4]],\"fights\":4,\"stopped\":0,\"first_stopped\":null," SIDES ROUNDS
     "\"lengths\":[[2,2],[4,1]]," WHO "}",
     "lengths: 3 fights of 8 rounds (squared 24), not the summary's 4, 12, 40"},
    {HEAD "\"runs\":[[0,4]],\"fights\":4,\"stopped\":0,\"first_stopped\":null," SIDES ROUNDS
     "\"lengths\":[[4,2],[2,2]]," WHO "}",
     "lengths[1]: expected [rounds, fights], rounds increasing 0..10000, fights "
     "1..1000000000000"},
    {HEAD "\"runs\":[[0,4]],\"fights\":4,\"stopped\":0,\"first_stopped\":null," SIDES ROUNDS
     "\"lengths\":[[2,0],[3,4]]," WHO "}",
     "lengths[0]: expected [rounds, fights], rounds increasing 0..10000, fights "
     "1..1000000000000"},
    {"{\"schema\":1,\"type\":\"sim\",\"rules\":\"house\"}", "rules: expected \"core\" or \"alternative\""},
    {"{\"schema\":1,\"type\":\"sim\",\"rules\":\"core\",\"scenario\":\"X\",\"seed\":\"-1\"}",
     "seed: expected a number 0..18446744073709551615 as text, or null"},
    {"{\"schema\":1,\"type\":\"sim\",\"rules\":\"core\",\"scenario\":\"X\",\"seed\":"
     "\"18446744073709551616\"}", "seed: expected a number 0..18446744073709551615 as text, or null"},
    {"{\"schema\":1,\"type\":\"sim\",\"colour\":1}", "colour: unknown field"},
    {"{\"type\":\"chase\"}", "type: expected \"sim\""},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cops_sim *s;
    const int rc = cops_sim_from_json(&s, ctx, bad[i].json);
    if (!bad[i].msg) {
      ck_assert_msg(rc == COPS_OK, "case %zu: %s", i, cops_ctx_errmsg(ctx));
      ck_assert_int_eq(cops_sim_fights(s), 4);
      cops_sim_free(s);
      continue;
    }
    const int want = strstr(bad[i].msg, "out of range") ? COPS_ERANGE : COPS_EJSON;
    ck_assert_msg(rc == want && !strcmp(cops_ctx_errmsg(ctx), bad[i].msg),
                  "case %zu: %d %s", i, rc, cops_ctx_errmsg(ctx));
    ck_assert_ptr_null(s);
  }
  /* A summary with the fights by their length merged with one without (0.16's): not known. */
  cops_sim *old, *now;
  ck_assert_int_eq(cops_sim_from_json(&old, ctx, bad[0].json), COPS_OK);
  char *text = json_of(old);
  ck_assert_ptr_null(strstr(text, "lengths"));
  cops_free(text);
  const char *lengths = HEAD "\"runs\":[[4,8]],\"fights\":4,\"stopped\":0,\"first_stopped\":"
    "null," SIDES ROUNDS "\"lengths\":[[2,2],[4,2]]," WHO "}";
  ck_assert_int_eq(cops_sim_from_json(&now, ctx, lengths), COPS_OK);
  text = json_of(now);
  ck_assert_ptr_nonnull(strstr(text, "\"lengths\": [\n    [\n      2,\n      2\n    ],"));
  cops_free(text);
  ck_assert_int_eq(cops_sim_merge(now, old), COPS_OK);
  text = json_of(now);
  ck_assert_ptr_null(strstr(text, "lengths"));
  cops_free(text);
  cops_sim_free(old);
  cops_sim_free(now);
  cops_ctx_free(ctx);
}
END_TEST

/* Two summaries compared (cops_sim_compare): Wilson intervals, the two-proportion test,
 * the rounds' means; refused across scenarios, and without a finished fight. */
static cops_sim *made(cops_ctx *ctx, const char *rules, int a, int b, int u, int down, int dead,
                      long long rounds, long long rounds2)
{
  char json[1024];
  snprintf(json, sizeof json,
           "{\"schema\":1,\"type\":\"sim\",\"rules\":\"%s\",\"scenario\":\"X\",\"seed\":\"5\","
           "\"runs\":[[0,100]],\"fights\":100,\"stopped\":0,\"first_stopped\":null,"
           "\"sides\":[{\"name\":\"a\",\"wins\":%d},{\"name\":\"b\",\"wins\":%d}],"
           "\"undecided\":%d,\"rounds\":%lld,\"rounds_squared\":%lld,\"combatants\":[{\"name\":"
           "\"Mike\",\"side\":0,\"down\":%d,\"dead\":%d}]}",
           rules, a, b, u, rounds, rounds2, down, dead);
  cops_sim *s;
  ck_assert_msg(cops_sim_from_json(&s, ctx, json) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  return s;
}

START_TEST(test_compare)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  /* a: 30 / 60 / 10 over 100 fights, 8.0 rounds (sd 2); b: 50 / 45 / 5, 6.0 rounds (sd 1). */
  cops_sim *a = made(ctx, "core", 30, 60, 10, 40, 5, 800, 100 * 64 + 99 * 4);
  cops_sim *b = made(ctx, "alternative", 50, 45, 5, 40, 12, 600, 100 * 36 + 99 * 1);
  ck_assert_int_eq(cops_sim_ruleset(a), COPS_RULES_CORE);
  ck_assert_int_eq(cops_sim_ruleset(b), COPS_RULES_ALTERNATIVE);
  ck_assert_int_eq(cops_sim_merge(a, b), COPS_EINVAL);   /* other rulesets: not one study */
  char *text;
  ck_assert_int_eq(cops_sim_compare(a, b, &text), COPS_OK);
  json_t *root = json_loads(text, 0, NULL);
  ck_assert_ptr_nonnull(root);
  ck_assert_str_eq(json_string_value(json_array_get(json_object_get(root, "rules"), 1)),
                   "alternative");
  json_t *wins = json_object_get(json_array_get(json_object_get(root, "sides"), 0), "wins");
  /* Wilson's interval of 30/100: [0.2189, 0.3958]. */
  ck_assert(fabs(json_real_value(json_object_get(json_object_get(wins, "a"), "low")) - 0.2189)
            < 1e-4);
  ck_assert(fabs(json_real_value(json_object_get(json_object_get(wins, "a"), "high")) - 0.3958)
            < 1e-4);
  /* 30/100 against 50/100: pooled 0.4, z = 0.2 / sqrt(0.4 x 0.6 x 0.02) = 2.887, p = 0.0039. */
  ck_assert(fabs(json_real_value(json_object_get(wins, "difference")) - 0.2) < 1e-12);
  ck_assert(fabs(json_real_value(json_object_get(wins, "p_value")) - 0.003892) < 1e-5);
  ck_assert(json_is_true(json_object_get(wins, "significant")));
  /* Mike down 40 and 40: no difference, p = 1. */
  json_t *mike = json_array_get(json_object_get(root, "combatants"), 0);
  ck_assert(fabs(json_real_value(json_object_get(json_object_get(mike, "down"), "p_value")) - 1)
            < 1e-12);
  ck_assert(json_is_false(json_object_get(json_object_get(mike, "down"), "significant")));
  /* Rounds: 8 and 6, standard errors 0.2 and 0.1: -2 +- 1.96 x 0.2236. */
  json_t *r = json_object_get(root, "rounds");
  ck_assert(fabs(json_real_value(json_object_get(json_object_get(r, "a"), "mean")) - 8) < 1e-9);
  ck_assert(fabs(json_real_value(json_object_get(r, "low")) - (-2 - 1.959964 * sqrt(0.05)))
            < 1e-5);
  /* Lethality: 5 and 12 dead of 100 combatant-fights. */
  ck_assert(fabs(json_real_value(json_object_get(json_object_get(json_object_get(root,
            "lethality"), "b"), "rate")) - 0.12) < 1e-12);
  json_decref(root);
  cops_free(text);
  /* Another scenario is refused; so is a summary without a finished fight. */
  cops_sim *c;
  ck_assert_int_eq(cops_sim_from_json(&c, ctx,
    "{\"schema\":1,\"type\":\"sim\",\"rules\":\"core\",\"scenario\":\"Y\",\"seed\":\"5\","
    "\"runs\":[],\"fights\":0,\"stopped\":0,\"first_stopped\":null,"
    "\"sides\":[{\"name\":\"a\",\"wins\":0},{\"name\":\"b\",\"wins\":0}],"
    "\"undecided\":0,\"rounds\":0,\"rounds_squared\":0,\"combatants\":[{\"name\":"
    "\"Mike\",\"side\":0,\"down\":0,\"dead\":0}]}"), COPS_OK);
  ck_assert_int_eq(cops_sim_compare(a, c, &text), COPS_EINVAL);
  ck_assert_ptr_null(text);
  ck_assert_int_eq(cops_sim_compare(c, c, &text), COPS_ERANGE);
  ck_assert_int_eq(cops_sim_compare(NULL, b, &text), COPS_EINVAL);
  cops_sim_free(c);
  cops_sim_free(a);
  cops_sim_free(b);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
  Suite *su = suite_create("sim");
  TCase *tc = tcase_create("sim");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_fights_by_index_any_split);
  tcase_add_test(tc, test_stopped_and_all_or_nothing);
  tcase_add_test(tc, test_refused_summaries);
  tcase_add_test(tc, test_compare);
  suite_add_tcase(su, tc);
  return su;
}

TEST_MAIN(suite)
