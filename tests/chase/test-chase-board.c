/* What a tabletop needs of a chase (docs/chases.md, "Tabletops"): tags in events, states,
 * snapshots, saves and chase files; states against the chase's own queries; checkpoints
 * rolled back over many seeds, the chase going on byte for byte as the uninterrupted one. */
#include <jansson.h>
#include <stdio.h>

#include "testutil.h"

static cops_ctx *open_ctx(uint64_t seed)
{
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(c, seed), COPS_OK);
  return c;
}

static cops_chase *open_chase(cops_ctx *c, const char *name)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s.json", SCENARIOS_DIR, name);
  cops_chase *ch = NULL;
  ck_assert_msg(cops_chase_load(&ch, c, path) == COPS_OK, "%s: %s", path, cops_ctx_errmsg(c));
  return ch;
}

static char *jsonl_from(cops_chase *c, int from)
{
  char *t = NULL;
  ck_assert_int_eq(cops_log_to_jsonl(cops_chase_log(c), from, &t), COPS_OK);
  return t;
}

static char *jsonl(cops_chase *c)
{
  return jsonl_from(c, 0);
}

/* Every participant still in declares what the policy suggests; the round is resolved. */
static void round_through(cops_chase *c)
{
  for (int i = 0; i < cops_chase_count(c); i++)
    if (cops_chase_state(c, i) == COPS_CHASER_IN) {
      cops_chase_declaration d;
      cops_chase_declaration_init(&d, 1);
      ck_assert_int_eq(cops_chase_suggest(c, i, &d), COPS_OK);
      ck_assert_int_eq(cops_chase_declare(c, i, &d), COPS_OK);
    }
  ck_assert_int_eq(cops_chase_resolve_round(c), COPS_OK);
}

static int done(cops_chase *c)
{
  return cops_chase_result(c) != COPS_CHASE_GOING || cops_chase_round(c) >= 30;
}

static void same_chase(const char *name, uint64_t seed)
{
  cops_ctx *c1 = open_ctx(seed), *c2 = open_ctx(seed);
  cops_chase *a = open_chase(c1, name), *b = open_chase(c2, name);
  while (!done(a))
    round_through(a);
  cops_checkpoint *start;
  ck_assert_int_eq(cops_chase_checkpoint(b, &start), COPS_OK);
  while (!done(b)) {
    cops_checkpoint *cp;
    const int from = cops_log_count(cops_chase_log(b));
    ck_assert_int_eq(cops_chase_checkpoint(b, &cp), COPS_OK);
    round_through(b);
    char *once = jsonl_from(b, from);
    ck_assert_int_eq(cops_chase_rollback(b, cp), COPS_OK);
    round_through(b);
    char *twice = jsonl_from(b, from);
    ck_assert_str_eq(once, twice);
    cops_free(once);
    cops_free(twice);
    cops_checkpoint_free(cp);
  }
  char *x = jsonl(a), *y = jsonl(b), *sx, *sy;
  ck_assert_msg(strcmp(x, y) == 0, "%s seed %llu: the events differ", name,
                (unsigned long long)seed);
  ck_assert_int_eq(cops_chase_rollback(b, start), COPS_OK);   /* the whole chase again */
  while (!done(b))
    round_through(b);
  cops_checkpoint_free(start);
  cops_free(y);
  y = jsonl(b);
  ck_assert_msg(strcmp(x, y) == 0, "%s seed %llu: the chase again differs", name,
                (unsigned long long)seed);
  ck_assert_int_eq(cops_chase_save(a, &sx), COPS_OK);
  ck_assert_int_eq(cops_chase_save(b, &sy), COPS_OK);
  ck_assert_str_eq(sx, sy);
  cops_free(x);
  cops_free(y);
  cops_free(sx);
  cops_free(sy);
  cops_chase_free(a);
  cops_chase_free(b);
  cops_ctx_free(c1);
  cops_ctx_free(c2);
}

START_TEST(test_rollback_gives_the_same_chase)
{
  static const char *const names[] = {"sunset-chase", "harbor-freeway-pursuit",
                                      "alley-foot-chase", "skid-row-tackle"};
  for (int k = 0; k < 4; k++)
    for (uint64_t seed = 1; seed <= 8; seed++)
      same_chase(names[k], seed);
}
END_TEST

START_TEST(test_chase_checkpoint_refusals)
{
  cops_ctx *c = open_ctx(5);
  cops_chase *a = open_chase(c, "sunset-chase"), *b = open_chase(c, "alley-foot-chase");
  cops_checkpoint *cp;
  ck_assert_int_eq(cops_chase_checkpoint(a, &cp), COPS_OK);
  ck_assert_int_eq(cops_chase_rollback(b, cp), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "a checkpoint of another chase"));
  cops_scenario *s;
  char path[512];
  snprintf(path, sizeof path, "%s/street-shootout.json", SCENARIOS_DIR);
  ck_assert_int_eq(cops_scenario_load(&s, c, path), COPS_OK);
  ck_assert_int_eq(cops_encounter_rollback(cops_scenario_encounter(s), cp), COPS_EINVAL);
  cops_checkpoint *ecp;
  ck_assert_int_eq(cops_encounter_checkpoint(cops_scenario_encounter(s), &ecp), COPS_OK);
  ck_assert_int_eq(cops_chase_rollback(a, ecp), COPS_EINVAL);
  round_through(a);
  ck_assert_int_eq(cops_log_clear(cops_chase_log(a)), COPS_OK);
  ck_assert_int_eq(cops_chase_rollback(a, cp), COPS_ESTATE);
  ck_assert_int_eq(cops_chase_round(a), 1);
  cops_checkpoint *none = cp;
  ck_assert_int_eq(cops_chase_checkpoint(NULL, &none), COPS_EINVAL);
  ck_assert_ptr_null(none);
  cops_checkpoint_free(ecp);
  cops_checkpoint_free(cp);
  cops_scenario_free(s);
  cops_chase_free(a);
  cops_chase_free(b);
  cops_ctx_free(c);
}
END_TEST

/* Tags from a chase file, in events, states, snapshots, a save and back. */
START_TEST(test_chase_tags_and_states)
{
  cops_ctx *c = open_ctx(2030);
  cops_chase *ch = NULL;
  char json[2048];
  snprintf(json, sizeof json,
           "{\"schema\":1,\"type\":\"chase\",\"name\":\"t\",\"participants\":["
           "{\"sheet\":\"%s/joe.json\",\"skill\":\"Conduite [voiture]/Réflexes\","
           "\"role\":\"pursued\",\"vehicle\":\"Taxi\",\"tag\":\"joe-car\","
           "\"passengers\":[{\"sheet\":\"%s/sarah.json\",\"tag\":\"sarah\"}]},"
           "{\"sheet\":\"%s/mike.json\",\"skill\":\"Conduite [voiture]/Réflexes\","
           "\"role\":\"pursuer\",\"vehicle\":\"Cruiser\"}]}",
           SHEETS_DIR, SHEETS_DIR, SHEETS_DIR);
  ck_assert_msg(cops_chase_from_json(&ch, c, json, NULL) == COPS_OK, "%s", cops_ctx_errmsg(c));
  ck_assert_str_eq(cops_chase_tag(ch, 0), "joe-car");
  ck_assert_str_eq(cops_chase_tag(ch, COPS_PASSENGER_ID0), "sarah");
  ck_assert_ptr_null(cops_chase_tag(ch, 1));
  ck_assert_int_eq(cops_chase_find_tag(ch, "sarah"), COPS_PASSENGER_ID0);
  ck_assert_int_eq(cops_chase_set_tag(ch, 1, "sarah"), COPS_EINVAL);
  ck_assert_int_eq(cops_chase_set_tag(ch, 2, "x"), COPS_EINVAL);
  ck_assert_int_eq(cops_chase_set_tag(ch, 1, "mike-car"), COPS_OK);
  cops_chaser_state st;
  cops_chaser_state_init(&st);
  ck_assert_int_eq(cops_chase_board_state(ch, 1, &st), COPS_OK);
  ck_assert_str_eq(st.tag, "mike-car");
  ck_assert_str_eq(st.vehicle, "Cruiser");
  ck_assert_int_eq(st.role, COPS_CHASE_PURSUER);
  ck_assert_int_eq(st.passenger, 0);
  ck_assert_int_eq(st.rides_with, -1);
  int white, black, band;
  ck_assert_int_eq(cops_chase_dice(ch, 1, &white, &black), COPS_OK);
  ck_assert_int_eq(st.white, white);
  ck_assert_int_eq(st.black, black);
  ck_assert_int_eq(cops_chase_band(ch, 1, &band), COPS_OK);
  ck_assert_int_eq(st.band, band);
  ck_assert_int_eq(cops_chase_board_state(ch, COPS_PASSENGER_ID0, &st), COPS_OK);
  ck_assert_int_eq(st.passenger, 1);
  ck_assert_int_eq(st.rides_with, 0);
  ck_assert_str_eq(st.vehicle, "Taxi");
  ck_assert_int_eq(st.band, -1);
  ck_assert_int_eq(cops_chase_board_state(ch, COPS_PASSENGER_ID0 + 1, &st), COPS_EINVAL);
  while (cops_chase_result(ch) == COPS_CHASE_GOING && cops_chase_round(ch) < 6)
    round_through(ch);
  char *text = jsonl(ch);
  int tagged = 0;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    json_t *j = json_loads(line, 0, NULL);
    json_t *id = json_object_get(j, "actor_id");
    if (json_is_integer(id) && json_integer_value(id) <= 1) {
      ck_assert_str_eq(json_string_value(json_object_get(j, "actor_tag")),
                       json_integer_value(id) ? "mike-car" : "joe-car");
      tagged++;
    }
    json_decref(j);
  }
  ck_assert_int_gt(tagged, 3);
  cops_free(text);
  char *snap;
  ck_assert_int_eq(cops_chase_snapshot(ch, &snap), COPS_OK);
  json_t *j = json_loads(snap, 0, NULL);
  ck_assert_ptr_nonnull(j);
  ck_assert_str_eq(json_string_value(json_object_get(j, "kind")), "chase");
  ck_assert_int_eq(json_integer_value(json_object_get(j, "round")), cops_chase_round(ch));
  json_t *p1 = json_array_get(json_object_get(j, "participants"), 1);
  ck_assert_int_eq(cops_chase_dice(ch, 1, &white, &black), COPS_OK);
  ck_assert_int_eq(json_integer_value(json_object_get(p1, "white")), white);
  ck_assert_int_eq(json_integer_value(json_object_get(p1, "black")), black);
  ck_assert_str_eq(json_string_value(json_object_get(p1, "tag")), "mike-car");
  json_t *q = json_array_get(json_object_get(j, "passengers"), 0);
  ck_assert_str_eq(json_string_value(json_object_get(q, "tag")), "sarah");
  ck_assert_int_eq(json_integer_value(json_object_get(q, "rides_with")), 0);
  json_decref(j);
  cops_free(snap);
  char *saved;
  ck_assert_int_eq(cops_chase_save(ch, &saved), COPS_OK);
  cops_chase *back;
  ck_assert_msg(cops_chase_resume(&back, c, saved) == COPS_OK, "%s", cops_ctx_errmsg(c));
  ck_assert_str_eq(cops_chase_tag(back, 0), "joe-car");
  ck_assert_str_eq(cops_chase_tag(back, 1), "mike-car");
  ck_assert_str_eq(cops_chase_tag(back, COPS_PASSENGER_ID0), "sarah");
  cops_free(saved);
  cops_chase_free(back);
  cops_chase_free(ch);
  cops_ctx_free(c);
}
END_TEST

/* A built chase whose characters have no name saves and resumes as any other. */
START_TEST(test_unnamed_participants_resume)
{
  cops_ctx *c = open_ctx(3);
  cops_chase *h = NULL;
  ck_assert_int_eq(cops_chase_new(&h, c), COPS_OK);
  for (int i = 0; i < 2; i++) {
    cops_character *ch = NULL;
    ck_assert_int_eq(cops_character_new(&ch, c), COPS_OK);
    for (int k = 0; k < COPS_CHARACTERISTIC_COUNT; k++)
      ck_assert_int_eq(cops_character_set_characteristic(ch, k, 3), COPS_OK);
    ck_assert_int_eq(cops_chase_add(h, ch, "Athlétisme/Carrure",
                                    i ? COPS_CHASE_PURSUER : COPS_CHASE_PURSUED, NULL, 5, NULL),
                     COPS_OK);
    cops_character_free(ch);   /* the chase holds it */
  }
  round_through(h);
  char *save = NULL, *again = NULL;
  ck_assert_int_eq(cops_chase_save(h, &save), COPS_OK);
  cops_ctx *c2 = open_ctx(77);   /* the save carries the dice stream's place */
  cops_chase *back = NULL;
  ck_assert_msg(cops_chase_resume(&back, c2, save) == COPS_OK, "%s", cops_ctx_errmsg(c2));
  ck_assert_str_eq(cops_character_name(cops_chase_character(back, 0)), "");
  ck_assert_int_eq(cops_chase_save(back, &again), COPS_OK);
  ck_assert_msg(strcmp(again, save) == 0, "the resumed chase saves another text");
  const int from = cops_log_count(cops_chase_log(h));
  for (int r = 0; r < 3 && !done(h); r++) {
    round_through(h);
    round_through(back);
  }
  char *a = jsonl_from(h, from), *b = jsonl_from(back, 0);   /* a resumed log starts empty */
  ck_assert_msg(strlen(a) > 50 && strcmp(a, b) == 0, "the resumed chase went another way");
  cops_free(a);
  cops_free(b);
  cops_free(save);
  cops_free(again);
  cops_chase_free(back);
  cops_chase_free(h);
  cops_ctx_free(c2);
  cops_ctx_free(c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("chase-board");
  TCase *tc = tcase_create("chase-board");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_rollback_gives_the_same_chase);
  tcase_add_test(tc, test_chase_checkpoint_refusals);
  tcase_add_test(tc, test_chase_tags_and_states);
  tcase_add_test(tc, test_unnamed_participants_resume);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  const int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
