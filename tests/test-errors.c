/* The documented errors (docs/api.md, "Errors"): each code a function's
 * documentation lists under @return, fed and checked, for the functions of the
 * core library. The codes the other suites already check are not repeated
 * here: tests/errors.py reads the headers and every suite and fails on a
 * documented code no suite checks (::COPS_ENOMEM is the allocation-failure
 * tests' work, test-contract.c). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <unistd.h>

#include <jansson.h>

#include "testutil.h"

static cops_ctx *ctx;
static script dead_script;
#define dead_ctx() dead_ctx_of(&dead_script)
static cops_log *log_;


/* Joe's sheet with @p key replaced by @p value (taken), as JSON text to free(). */
static char *joe_with(const char *key, json_t *value)
{
  json_t *doc = json_load_file(SHEETS_DIR "/joe.json", 0, NULL);
  ck_assert_ptr_nonnull(doc);
  json_object_set_new(doc, key, value);
  char *text = json_dumps(doc, 0);
  json_decref(doc);
  return text;
}

static void setup(void)
{
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 2030), COPS_OK);
  ck_assert_int_eq(cops_log_new(&log_, ctx), COPS_OK);
}

static void teardown(void)
{
  cops_log_free(log_);
  cops_ctx_free(ctx);
}


static cops_character *sheet(cops_ctx *c, const char *file)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s", SHEETS_DIR, file);
  cops_character *ch = NULL;
  ck_assert_msg(cops_character_load(&ch, c, path) == COPS_OK, "%s: %s", path, cops_ctx_errmsg(c));
  return ch;
}

/* ---- dice, odds, context, log ---------------------------------------------- */

static int inner_rc;
static int reenter(void *user, int sides)
{
  (void)sides;
  cops_action a;
  cops_action_init(&a, 2, 4, 0);
  inner_rc = cops_roll_action(user, ctx, &a);
  return 1;
}

START_TEST(dice_errors)
{
  cops_action a;
  EXPECT(cops_action_parse(&a, ctx, "4+/3 (2"), COPS_ESYNTAX);
  EXPECT(cops_action_parse(&a, ctx, "4+/300"), COPS_ERANGE);

  cops_roll *r = NULL;
  EXPECT(cops_roll_new_in(NULL, ctx), COPS_EINVAL);
  EXPECT(cops_roll_new_in(&r, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_roll_new_in(&r, ctx), COPS_OK);
  cops_action_init(&a, 3, 4, 0);
  a.threshold = 11;
  EXPECT(cops_roll_action(r, ctx, &a), COPS_ERANGE);
  cops_action_init(&a, 3, 4, 0);
  cops_ctx *dead = dead_ctx();
  EXPECT(cops_roll_action(r, dead, &a), COPS_ERNG);
  /* From the random callback of the context: refused, and the outer call fails too. */
  cops_roll *outer = NULL;
  ck_assert_int_eq(cops_roll_new_in(&outer, ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_use_callback(ctx, reenter, r), COPS_OK);
  inner_rc = COPS_OK;
  EXPECT(cops_roll_action(outer, ctx, &a), COPS_ESTATE);
  EXPECT(inner_rc, COPS_ESTATE);
  cops_roll_free(outer);
  cops_roll_free(r);
  cops_ctx_free(dead);

  double p;
  EXPECT(cops_odds_pmf(ctx, NULL, 1, &p), COPS_EINVAL);
  EXPECT(cops_odds_pmf(ctx, &a, 1, NULL), COPS_EINVAL);
}
END_TEST

START_TEST(context_errors)
{
  cops_ctx *c = NULL;
  cops_allocator al = {0};
  EXPECT(cops_ctx_new_with_allocator(&c, &al), COPS_EINVAL);   /* size unset */
  al.size = sizeof al;
  EXPECT(cops_ctx_new_with_allocator(&c, &al), COPS_EINVAL);   /* functions NULL */
  EXPECT(cops_ctx_new_with_allocator(NULL, NULL), COPS_EINVAL);
  ck_assert_ptr_null(c);

  EXPECT(cops_ctx_confine(NULL, ".", 0), COPS_EINVAL);

  cops_event ev;
  EXPECT(cops_event_init_sized(NULL, sizeof ev), COPS_EINVAL);
  EXPECT(cops_event_init_sized(&ev, 2), COPS_EINVAL);
  EXPECT(cops_event_init_sized(&ev, sizeof ev + 8), COPS_EINVAL);
  EXPECT(cops_log_set_limit(NULL, 10), COPS_EINVAL);
}
END_TEST

/* ---- sheets, weapons, catalogue, relations ---------------------------------- */

START_TEST(sheet_errors)
{
  EXPECT(cops_skill_specialisation_level(-1), COPS_ERANGE);
  EXPECT(cops_skill_specialisation_level(COPS_SKILL_COUNT), COPS_ERANGE);
  int pr, pu, fa;
  EXPECT(cops_weapon_values_from_name("a plain stick", &pr, &pu, &fa),
                   COPS_ENOTFOUND);

  cops_character *ch = sheet(ctx, "joe.json");
  cops_action a;
  EXPECT(cops_character_action(&a, ch, "Arme de poing/Réflexes (99)", 0), COPS_ERANGE);

  cops_character *bad = NULL;
  EXPECT(cops_character_from_json(&bad, ctx, "{\"name\": \"x\","), COPS_EJSON);
  char *text = joe_with("skills", json_pack("[{s:s,s:s}]", "skill", "Nonsense", "level", "7+"));
  EXPECT(cops_character_from_json(&bad, ctx, text), COPS_ENOTFOUND);
  free(text);
  text = joe_with("skills", json_pack("[{s:s,s:s}]", "skill", "Arme de poing", "level", "12+"));
  EXPECT(cops_character_from_json(&bad, ctx, text), COPS_ERANGE);
  free(text);
  text = joe_with("skills", json_pack("[{s:s,s:s}]", "skill", "Tir en rafales", "level", "7+"));
  EXPECT(cops_character_from_json(&bad, ctx, text), COPS_ERULE);   /* C3 */
  free(text);
  ck_assert_ptr_null(bad);

  int v, w, s;
  unsigned st;
  EXPECT(cops_character_time(NULL, &v), COPS_EINVAL);
  EXPECT(cops_character_time(ch, NULL), COPS_EINVAL);
  EXPECT(cops_character_bleeding(NULL, &v, &w, &st), COPS_EINVAL);
  EXPECT(cops_character_lost_recently(NULL), COPS_EINVAL);
  EXPECT(cops_character_rest(NULL, &v, &w, &s), COPS_EINVAL);
  cops_character_set_hp(ch, 3);
  ck_assert_int_eq(cops_character_advance(ch, 3600, log_, 0), COPS_OK);
  cops_ctx *dead = dead_ctx();
  cops_character *dying = sheet(dead, "joe.json");
  cops_character_set_hp(dying, 5);   /* at hospital, 2d6 a day (C8.6) */
  EXPECT(cops_character_set_rest(dying, COPS_REST_HOSPITAL, 0, NULL, 0), COPS_OK);
  EXPECT(cops_character_advance(dying, 2 * 86400, NULL, 0), COPS_ERNG);
  cops_character_free(dying);
  cops_ctx_free(dead);

  cops_relation rel;
  EXPECT(cops_character_relation(NULL, 0, &rel), COPS_EINVAL);
  EXPECT(cops_character_relation(ch, 99, &rel), COPS_EINVAL);
  EXPECT(cops_relation_push(ch, 99, "drugs"), COPS_EINVAL);
  EXPECT(cops_relation_information(ch, 99, "drugs", &v), COPS_EINVAL);
  cops_character_free(ch);
}
END_TEST

/* ---- attacks and healing ---------------------------------------------------- */

START_TEST(attack_errors)
{
  cops_attack_odds *o = NULL;
  ck_assert_int_eq(cops_attack_odds_new(&o, ctx), COPS_OK);
  double p, q;
  EXPECT(cops_attack_odds_hit(NULL, &p, &q), COPS_EINVAL);
  EXPECT(cops_attack_odds_down(NULL, &p, &q), COPS_EINVAL);
  EXPECT(cops_attack_odds_down(o, &p, &q), COPS_ESTATE);
  cops_attack_odds_free(o);

  cops_roll *r = NULL;
  ck_assert_int_eq(cops_roll_new_in(&r, ctx), COPS_OK);
  cops_character *ch = sheet(ctx, "joe.json");
  int steady;
  EXPECT(cops_cover_nerve_under(r, NULL, ch, log_, &steady), COPS_EINVAL);

  cops_treatment t;
  cops_action a;
  cops_treated done;
  done.size = sizeof done;
  ck_assert_int_eq(cops_treatment_init(&t, COPS_TREAT_FIRST_AID), COPS_OK);
  EXPECT(cops_treatment_action(NULL, ch, ch, &t), COPS_EINVAL);
  EXPECT(cops_treat(&done, r, NULL, ch, &t, log_), COPS_EINVAL);
  t.difficulty = 99;
  cops_character_set_hp(ch, 5);
  EXPECT(cops_treatment_action(&a, ch, ch, &t), COPS_ERANGE);
  EXPECT(cops_treat(&done, r, ch, ch, &t, log_), COPS_ERANGE);
  ck_assert_int_eq(cops_treatment_init(&t, COPS_TREAT_STABILISE), COPS_OK);
  EXPECT(cops_treatment_action(&a, ch, ch, &t), COPS_ERULE);   /* not dying */
  EXPECT(cops_treat(&done, r, ch, ch, &t, log_), COPS_ERULE);
  ck_assert_int_eq(cops_treatment_init(&t, COPS_TREAT_FIRST_AID), COPS_OK);
  cops_ctx *dead = dead_ctx();
  cops_roll *dr = NULL;
  ck_assert_int_eq(cops_roll_new_in(&dr, dead), COPS_OK);
  cops_character *healer = sheet(dead, "joe.json"), *patient = sheet(dead, "joe.json");
  cops_character_set_hp(patient, 5);
  EXPECT(cops_treat(&done, dr, healer, patient, &t, NULL), COPS_ERNG);
  cops_character_free(healer);
  cops_character_free(patient);
  cops_roll_free(dr);
  cops_ctx_free(dead);
  cops_character_free(ch);
  cops_roll_free(r);
}
END_TEST

/* ---- encounters -------------------------------------------------------------- */

static cops_encounter *duel(cops_ctx *c, cops_character **a, cops_character **b)
{
  cops_encounter *e = NULL;
  ck_assert_int_eq(cops_encounter_new(&e, c, COPS_RULES_CORE), COPS_OK);
  *a = fighter(c, "Joe", 3, 3, 3, 3);
  *b = fighter(c, "Kim", 3, 3, 3, 3);
  int id;
  ck_assert_int_eq(cops_encounter_add(e, *a, 0, 0, 0, &id), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, *b, 1, 2, 0, &id), COPS_OK);
  return e;
}

START_TEST(encounter_errors)
{
  cops_character *a, *b;
  cops_encounter *e = duel(ctx, &a, &b);
  int v, w;
  cops_declaration d;
  ck_assert_int_eq(cops_declaration_init(&d, COPS_ACT_WAIT), COPS_OK);
  EXPECT(cops_encounter_declaration(e, 0, &d), COPS_ESTATE);
  EXPECT(cops_encounter_hand(NULL, 0, &v), COPS_EINVAL);
  EXPECT(cops_encounter_hand(e, 9, &v), COPS_ERANGE);
  EXPECT(cops_encounter_controlled(NULL, 0, &v), COPS_EINVAL);
  EXPECT(cops_encounter_initiative_range(NULL, 0, &v, &w), COPS_EINVAL);
  EXPECT(cops_encounter_initiative_range(e, 9, &v, &w), COPS_ERANGE);

  char *save = NULL;
  ck_assert_int_eq(cops_encounter_save(e, &save), COPS_OK);
  cops_encounter *back = NULL;
  json_t *doc = json_loads(save, 0, NULL);
  ck_assert_ptr_nonnull(doc);
  json_object_set_new(doc, "round", json_integer(-4));
  char *broken = json_dumps(doc, 0);
  EXPECT(cops_encounter_load(&back, ctx, broken), COPS_ERANGE);
  free(broken);
  json_object_set_new(doc, "round", json_integer(0));
  json_t *joe = json_array_get(json_object_get(doc, "characters"), 0);
  ck_assert_ptr_nonnull(joe);
  json_object_set_new(joe, "skills", json_pack("[{s:s,s:s}]", "skill", "Tir en rafales", "level", "7+"));
  broken = json_dumps(doc, 0);
  EXPECT(cops_encounter_load(&back, ctx, broken), COPS_ERULE);
  ck_assert_ptr_null(back);
  free(broken);
  json_decref(doc);
  cops_free(save);
  EXPECT(cops_encounter_load_file(&back, ctx, "/nonexistent/fight.json"), COPS_EIO);

  /* Equipping from the sheet: a weapon of Joe's sheet carried by Kim; during a round. */
  EXPECT(cops_encounter_equip(NULL, 0), COPS_EINVAL);
  EXPECT(cops_encounter_equip(e, 9), COPS_ERANGE);
  ck_assert_int_eq(cops_character_set_gear(a, "{\"weapons\": [{\"weapon\": {\"name\": "
                                              "\"Couteau 021\", \"kind\": \"blade\"}}]}"),
                   COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e, 1, cops_character_weapon(a, 0)), COPS_OK);
  EXPECT(cops_encounter_equip(e, 0), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  EXPECT(cops_encounter_equip(e, 0), COPS_ESTATE);

  cops_encounter_free(e);
  cops_character_free(a);
  cops_character_free(b);

  /* The aftermath's rolls from a source that fails: nothing changes. */
  cops_scenario *sc = NULL;
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, SCENARIOS_DIR "/street-shootout.json"), COPS_OK);
  cops_encounter *se = cops_scenario_encounter(sc);
  ck_assert_int_eq(cops_encounter_run(se), COPS_OK);
  memset(&dead_script, 0, sizeof dead_script);
  ck_assert_int_eq(cops_ctx_use_callback(ctx, script_die, &dead_script), COPS_OK);
  const int events = cops_log_count(cops_encounter_log(se));
  EXPECT(cops_encounter_aftermath(se, 1, 600), COPS_ERNG);
  ck_assert_int_eq(cops_encounter_aftermath_done(se), 0);
  ck_assert_int_eq(cops_log_count(cops_encounter_log(se)), events);
  cops_scenario_free(sc);
}
END_TEST

/* A checkpoint taken from inside the fight (the Ancienneté callback) is refused. */
static int cp_asked;
static int checkpoint_inside(void *user, int id, int purpose, const cops_roll *failed, int points)
{
  (void)id; (void)purpose; (void)failed; (void)points;
  cops_checkpoint *cp = NULL;
  EXPECT(cops_encounter_checkpoint(user, &cp), COPS_ESTATE);
  ck_assert_ptr_null(cp);
  cp_asked = 1;
  return 0;
}

START_TEST(checkpoint_inside_fight)
{
  cops_character *mike = sheet(ctx, "mike.json"), *joe = sheet(ctx, "joe.json");
  ck_assert_int_eq(cops_character_set_points(mike, 0, 5), COPS_OK);
  cops_weapon *pistol = NULL;
  ck_assert_int_eq(cops_weapon_load(&pistol, ctx, WEAPONS_DIR "/vulcan-051.json"), COPS_OK);
  cops_encounter *e = NULL;
  int m, j;
  ck_assert_int_eq(cops_encounter_new(&e, ctx, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, mike, 0, 0, 0, &m), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, joe, 1, 25, 0, &j), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e, m, pistol), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(e, m, 1), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_anciennete_callback(e, checkpoint_inside, e), COPS_OK);
  cp_asked = 0;
  int rc = COPS_OK;
  for (int round = 0; round < 30 && !cp_asked && !cops_encounter_over(e); round++) {
    ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
    int can = 0;
    cops_encounter_able(e, m, &can);
    if (can) {
      cops_declaration d;
      cops_declaration_init(&d, COPS_ACT_WAIT);
      ck_assert_int_eq(cops_encounter_suggest(e, m, &d), COPS_OK);
      ck_assert_int_eq(cops_encounter_declare(e, m, &d), COPS_OK);
    }
    rc = cops_encounter_resolve_round(e);
  }
  ck_assert_int_eq(cp_asked, 1);
  ck_assert_int_eq(rc, COPS_ESTATE);        /* the round fails with it, all or nothing */
  cops_encounter_free(e);
  cops_weapon_free(pistol);
  cops_character_free(mike);
  cops_character_free(joe);
}
END_TEST

/* ---- chases -------------------------------------------------------------------- */

START_TEST(chase_errors)
{
  cops_chase *c = NULL;
  EXPECT(cops_chase_new(NULL, ctx), COPS_EINVAL);
  EXPECT(cops_chase_new(&c, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_chase_new(&c, ctx), COPS_OK);
  cops_character *a = sheet(ctx, "joe.json"), *b = sheet(ctx, "joe.json");
  int id, pid, w, k;
  EXPECT(cops_chase_add(c, a, "Conduite (", COPS_CHASE_PURSUED, "car", 4, &id), COPS_ESYNTAX);
  EXPECT(cops_chase_add(c, a, "Nonsense/Réflexes", COPS_CHASE_PURSUED, "car", 4, &id),
                   COPS_ENOTFOUND);
  ck_assert_int_eq(cops_chase_add(c, a, "Conduite/Réflexes", COPS_CHASE_PURSUED, "car", 4, &id),
                   COPS_OK);
  ck_assert_int_eq(cops_chase_add(c, b, "Conduite/Réflexes", COPS_CHASE_PURSUER, "car", 4, &pid),
                   COPS_OK);
  EXPECT(cops_chase_dice(c, 9, &w, &k), COPS_EINVAL);
  EXPECT(cops_chase_adjust(c, 9, 1), COPS_EINVAL);
  EXPECT(cops_chase_adjust(c, id, COPS_CHASE_DICE_MAX + 1), COPS_ERANGE);
  cops_chase_declaration d, e;
  ck_assert_int_eq(cops_chase_declaration_init(&d, 0), COPS_OK);
  ck_assert_int_eq(cops_chase_declaration_init(&e, 0), COPS_OK);
  EXPECT(cops_chase_declare(c, 9, &d), COPS_EINVAL);
  cops_chase_round_odds ro;
  ro.size = sizeof ro;
  d.successes = 99;
  EXPECT(cops_chase_odds(c, id, &d, pid, &e, &ro), COPS_ERANGE);
  EXPECT(cops_chase_suggest(c, 9, &d), COPS_EINVAL);
  EXPECT(cops_chase_set_maluses(NULL, 1, 3), COPS_EINVAL);
  char *out = NULL;
  EXPECT(cops_chase_save(NULL, &out), COPS_EINVAL);
  EXPECT(cops_chase_snapshot(NULL, &out), COPS_EINVAL);
  cops_character *riders[COPS_PASSENGERS_MAX + 1];
  const int n = COPS_PASSENGERS_MAX + 1;
  for (int i = 0; i < n; i++)
    riders[i] = sheet(ctx, "joe.json");
  for (int i = 0; i < COPS_PASSENGERS_MAX; i++)
    EXPECT(cops_chase_add_passenger(c, id, riders[i], &k), COPS_OK);
  EXPECT(cops_chase_add_passenger(c, id, riders[COPS_PASSENGERS_MAX], &k), COPS_ERANGE);
  EXPECT(cops_chase_wreck(c, 9), COPS_EINVAL);
  ck_assert_int_eq(cops_chase_wreck(c, pid), COPS_OK);
  EXPECT(cops_chase_adjust(c, pid, 1), COPS_ESTATE);
  cops_chase_free(c);
  for (int i = 0; i < n; i++)
    cops_character_free(riders[i]);

  /* The rules of the skill: Conduite 8+ rolled without its specialisation (C3). */
  ck_assert_int_eq(cops_chase_new(&c, ctx), COPS_OK);
  cops_character *driver = NULL;
  char *text = joe_with("skills", json_pack("[{s:s,s:s,s:[s]}]", "skill", "Conduite", "level",
                                            "8+", "specialisations", "voiture"));
  EXPECT(cops_character_from_json(&driver, ctx, text), COPS_OK);
  free(text);
  EXPECT(cops_chase_add(c, driver, "Conduite/Réflexes", COPS_CHASE_PURSUED, "car", 4, &id),
         COPS_ERULE);
  cops_character_free(driver);
  cops_chase_free(c);
  cops_character_free(a);
  cops_character_free(b);

  cops_chase *f = NULL;
  EXPECT(cops_chase_from_json(&f, ctx, "{\"name\":", NULL), COPS_EJSON);
  const char *missing = "{\"schema\":1,\"type\":\"chase\",\"name\":\"x\",\"participants\":["
    "{\"sheet\":\"nowhere/x.json\",\"role\":\"pursued\",\"skill\":\"Conduite/Réflexes\",\"white\":5},"
    "{\"sheet\":\"nowhere/y.json\",\"role\":\"pursuer\",\"skill\":\"Conduite/Réflexes\",\"white\":5}]}";
  EXPECT(cops_chase_from_json(&f, ctx, missing, "/nonexistent"), COPS_EIO);
  ck_assert_ptr_null(f);
}
END_TEST

/* ---- interrogations ------------------------------------------------------------ */

START_TEST(social_errors)
{
  cops_subject *s = NULL;
  EXPECT(cops_subject_new(NULL, ctx, "Vic"), COPS_EINVAL);
  ck_assert_int_eq(cops_subject_new(&s, ctx, "Vic"), COPS_OK);
  EXPECT(cops_subject_set_characteristic(s, COPS_CARRURE, 3), COPS_EINVAL);
  EXPECT(cops_subject_add_tag(s, 0, ""), COPS_EINVAL);
  char longtext[600];
  memset(longtext, 'x', sizeof longtext - 1);
  longtext[sizeof longtext - 1] = 0;
  EXPECT(cops_subject_add_tag(s, 0, longtext), COPS_ERANGE);
  EXPECT(cops_subject_add_fact(s, 1, NULL), COPS_EINVAL);
  EXPECT(cops_subject_add_fact(s, COPS_TIER_MAX + 1, "the car"), COPS_ERANGE);
  EXPECT(cops_subject_set_resistance_up(NULL, 1), COPS_EINVAL);
  EXPECT(cops_subject_save(NULL, "x.json"), COPS_EINVAL);
  EXPECT(cops_subject_save(s, "/nonexistent/x.json"), COPS_EIO);
  cops_subject *bad = NULL;
  EXPECT(cops_subject_from_json(&bad, ctx, "{\"name\": 3}"), COPS_EJSON);

  cops_character *cop = sheet(ctx, "joe.json");
  cops_interview *iv = NULL;
  EXPECT(cops_interview_new(&iv, ctx, NULL, cop), COPS_EINVAL);
  ck_assert_int_eq(cops_interview_new(&iv, ctx, s, cop), COPS_OK);
  EXPECT(cops_interview_evidence(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_subject_set_barred(s, COPS_INTIMIDATION, 1), COPS_OK);
  cops_approach ap;
  ck_assert_int_eq(cops_approach_init(&ap, COPS_INTIMIDATION, COPS_IV_FROID), COPS_OK);
  cops_interview_result res;
  res.size = sizeof res;
  cops_interrogation_odds odds;
  odds.size = sizeof odds;
  EXPECT(cops_interview_ask(iv, &ap, &res), COPS_ERULE);
  EXPECT(cops_interview_odds(iv, &ap, 0, &odds), COPS_ERULE);
  cops_interview_free(iv);
  cops_character_free(cop);
  cops_subject_free(s);
}
END_TEST

/* ---- the simulator ------------------------------------------------------------- */

START_TEST(sim_errors)
{
  cops_sim *s = NULL;
  EXPECT(cops_sim_new(&s, ctx, NULL, 1, 1), COPS_EINVAL);
  EXPECT(cops_sim_from_json(&s, ctx, "{\"fights\": \"many\"}"), COPS_EJSON);
  ck_assert_ptr_null(s);
}
END_TEST

static Suite *errors_suite(void)
{
  Suite *s = suite_create("errors");
  TCase *tc = tcase_create("documented");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, dice_errors);
  tcase_add_test(tc, context_errors);
  tcase_add_test(tc, sheet_errors);
  tcase_add_test(tc, attack_errors);
  tcase_add_test(tc, encounter_errors);
  tcase_add_test(tc, checkpoint_inside_fight);
  tcase_add_test(tc, chase_errors);
  tcase_add_test(tc, social_errors);
  tcase_add_test(tc, sim_errors);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(errors_suite)
