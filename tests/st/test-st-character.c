/* The Storyteller module's characters (OTHER-SYSTEMS.md ST §0.6, §0.7, §2; ST-A3,
 * ST-A8, ST-A12; the health track of ST-L1), their rules' switches, and their
 * sheets: the examples read and written back the same, malformed sheets refused
 * naming the field, each system's reader refusing the other's sheets. */
#include <stdio.h>

#include <cops/st.h>

#include "testutil.h"

#define ST_SHEETS SHEETS_DIR "/../st/sheets"

static cops_st_character *person(cops_ctx *ctx, const int traits[COPS_ST_TRAIT_COUNT])
{
  cops_st_character *ch;
  ck_assert_int_eq(cops_st_character_new(&ch, ctx), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_name(ch, "Test"), COPS_OK);
  for (int t = 0; t < COPS_ST_TRAIT_COUNT; t++)
    ck_assert_int_eq(cops_st_character_set_trait(ch, t, traits[t]), COPS_OK);
  return ch;
}

/* Strength Dex Stamina Wits Resolve Composure Brawl Weaponry Firearms Athletics Vigor Size */
static const int marcus[COPS_ST_TRAIT_COUNT] = {3, 4, 3, 2, 2, 3, 2, 1, 3, 2, 0, 0};

/* ST-A3: Defense = min(Dexterity, Wits); Initiative = Dexterity + Composure; Speed =
 * Strength + Dexterity + 5; Health = Stamina + Size (5); Willpower = Resolve + Composure;
 * every one a switch or a value the sheet sets. */
START_TEST(test_st_a3_derived_traits)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_st_character *ch = person(ctx, marcus);
  ck_assert_int_eq(cops_st_character_derived(ch, NULL, COPS_ST_DEFENSE), 2);
  ck_assert_int_eq(cops_st_character_derived(ch, NULL, COPS_ST_INITIATIVE), 7);
  ck_assert_int_eq(cops_st_character_derived(ch, NULL, COPS_ST_SPEED), 12);
  ck_assert_int_eq(cops_st_character_derived(ch, NULL, COPS_ST_HEALTH), 8);
  ck_assert_int_eq(cops_st_character_derived(ch, NULL, COPS_ST_WILLPOWER_MAX), 5);
  ck_assert_int_eq(cops_st_character_trait(ch, COPS_ST_SIZE), 5);
  cops_st_rules r;
  ck_assert_int_eq(cops_st_rules_init(&r), COPS_OK);
  r.defense_athletics = 1;
  r.speed_base = 0;
  r.human_size = 4;
  ck_assert_int_eq(cops_st_character_derived(ch, &r, COPS_ST_DEFENSE), 4);
  ck_assert_int_eq(cops_st_character_derived(ch, &r, COPS_ST_SPEED), 7);
  ck_assert_int_eq(cops_st_character_derived(ch, &r, COPS_ST_HEALTH), 7);
  ck_assert_int_eq(cops_st_character_set_trait(ch, COPS_ST_SIZE, 6), COPS_OK);
  ck_assert_int_eq(cops_st_character_derived(ch, &r, COPS_ST_HEALTH), 9);  /* its own Size */
  ck_assert_int_eq(cops_st_character_set_derived(ch, COPS_ST_DEFENSE, 5), COPS_OK);
  ck_assert_int_eq(cops_st_character_derived(ch, &r, COPS_ST_DEFENSE), 5);  /* the sheet's */
  ck_assert_int_eq(cops_st_character_set_derived(ch, COPS_ST_DEFENSE, -1), COPS_OK);
  ck_assert_int_eq(cops_st_character_derived(ch, NULL, COPS_ST_DEFENSE), 2);
  ck_assert_int_eq(cops_st_character_set_derived(ch, COPS_ST_HEALTH, 0), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_set_derived(ch, 9, 1), COPS_EINVAL);
  ck_assert_int_eq(cops_st_character_derived(ch, NULL, -1), COPS_EINVAL);
  /* The rules checked: a size the library does not know, a value out of range. */
  r.size = 3;
  ck_assert_int_eq(cops_st_character_derived(ch, &r, COPS_ST_DEFENSE), COPS_EINVAL);
  ck_assert_int_eq(cops_st_rules_init(&r), COPS_OK);
  r.again = 7;
  ck_assert_int_eq(cops_st_character_derived(ch, &r, COPS_ST_DEFENSE), COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "rules.again 7"));
  ck_assert_int_eq(cops_st_rules_init(&r), COPS_OK);
  r.health_track = 2;
  ck_assert_int_eq(cops_st_character_derived(ch, &r, COPS_ST_DEFENSE), COPS_ERANGE);
  ck_assert_int_eq(cops_st_rules_init_sized(&r, 4), COPS_EINVAL);
  /* Traits: ranges and names. */
  ck_assert_int_eq(cops_st_character_set_trait(ch, COPS_ST_STRENGTH, 11), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_set_trait(ch, COPS_ST_SIZE, 41), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_set_trait(ch, COPS_ST_TRAIT_COUNT, 1), COPS_EINVAL);
  int t;
  ck_assert_int_eq(cops_st_trait_parse("firearms", &t), COPS_OK);
  ck_assert_int_eq(t, COPS_ST_FIREARMS);
  ck_assert_int_eq(cops_st_trait_parse("Charme", &t), COPS_ENOTFOUND);
  ck_assert_str_eq(cops_st_trait_name(COPS_ST_VIGOR), "Vigor");
  ck_assert_ptr_null(cops_st_trait_name(COPS_ST_TRAIT_COUNT));
  ck_assert_str_eq(cops_st_derived_name(COPS_ST_WILLPOWER_MAX), "Willpower");
  cops_st_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §2 and ST-A12: a combatant by any background, by 2 in Firearms, Weaponry or Brawl, or
 * as a player character past 20 experience (21 is, 20 is not); an override wins. */
START_TEST(test_s2_combatants)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  const int civilian[COPS_ST_TRAIT_COUNT] = {2, 2, 2, 2, 2, 2, 1, 1, 1, 3, 0, 0};
  cops_st_character *ch = person(ctx, civilian);
  ck_assert_int_eq(cops_st_character_is_combatant(ch, NULL), 0);
  const unsigned backgrounds[] = {COPS_ST_MILITARY, COPS_ST_POLICE, COPS_ST_CRIMINAL,
                                  COPS_ST_CRISIS_TRAINED};
  for (int i = 0; i < 4; i++) {
    ck_assert_int_eq(cops_st_character_set_background(ch, backgrounds[i]), COPS_OK);
    ck_assert_int_eq(cops_st_character_is_combatant(ch, NULL), 1);
  }
  ck_assert_int_eq(cops_st_character_set_background(ch, 0), COPS_OK);
  for (int s = COPS_ST_BRAWL; s <= COPS_ST_FIREARMS; s++) {
    ck_assert_int_eq(cops_st_character_set_trait(ch, s, 2), COPS_OK);
    ck_assert_int_eq(cops_st_character_is_combatant(ch, NULL), 1);
    ck_assert_int_eq(cops_st_character_set_trait(ch, s, 1), COPS_OK);
  }
  /* Athletics is no combat skill. */
  ck_assert_int_eq(cops_st_character_is_combatant(ch, NULL), 0);
  ck_assert_int_eq(cops_st_character_set_experience(ch, 21), COPS_OK);
  ck_assert_int_eq(cops_st_character_is_combatant(ch, NULL), 0);   /* not a player */
  ck_assert_int_eq(cops_st_character_set_background(ch, COPS_ST_PLAYER), COPS_OK);
  ck_assert_int_eq(cops_st_character_is_combatant(ch, NULL), 1);
  ck_assert_int_eq(cops_st_character_set_experience(ch, 20), COPS_OK);
  ck_assert_int_eq(cops_st_character_is_combatant(ch, NULL), 0);   /* "more than 20" */
  cops_st_rules r;
  cops_st_rules_init(&r);
  r.combatant_xp = 19;
  ck_assert_int_eq(cops_st_character_is_combatant(ch, &r), 1);
  r.combatant_skill = 1;
  r.combatant_xp = 20;
  ck_assert_int_eq(cops_st_character_is_combatant(ch, &r), 1);
  ck_assert_int_eq(cops_st_character_set_combatant(ch, 1), COPS_OK);
  ck_assert_int_eq(cops_st_character_is_combatant(ch, NULL), 1);
  ck_assert_int_eq(cops_st_character_set_combatant(ch, 0), COPS_OK);
  ck_assert_int_eq(cops_st_character_is_combatant(ch, &r), 0);
  ck_assert_int_eq(cops_st_character_set_combatant(ch, 2), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_set_background(ch, 0x20), COPS_EINVAL);
  ck_assert_int_eq(cops_st_character_set_experience(ch, -1), COPS_ERANGE);
  cops_st_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

static void expect_health(const cops_st_character *ch, int bashing, int lethal, int state,
                          int penalty)
{
  int b, l;
  ck_assert_int_eq(cops_st_character_health(ch, &b, &l), COPS_OK);
  ck_assert_int_eq(b, bashing);
  ck_assert_int_eq(l, lethal);
  ck_assert_int_eq(cops_st_character_health_state(ch, NULL), state);
  ck_assert_int_eq(cops_st_character_wound_penalty(ch, NULL), penalty);
}

/* ST-L1: lethal first and bashing after it; a full track turns bashing into lethal box
 * by box; lethal past a track full of lethal kills; the last three boxes give -1, -2, -3;
 * the last box bashing is unconsciousness, lethal bleeding out. ST-A4: 0 boxes do nothing. */
START_TEST(test_st_l1_health_track)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_st_character *ch = person(ctx, marcus);   /* Health 8 */
  expect_health(ch, 0, 0, COPS_ST_FIT, 0);
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 0, COPS_ST_LETHAL), COPS_OK);
  expect_health(ch, 0, 0, COPS_ST_FIT, 0);
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 4, COPS_ST_BASHING), COPS_OK);
  expect_health(ch, 4, 0, COPS_ST_FIT, 0);
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 2, COPS_ST_LETHAL), COPS_OK);
  expect_health(ch, 4, 2, COPS_ST_FIT, -1);     /* box 6 of 8 marked */
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 1, COPS_ST_BASHING), COPS_OK);
  expect_health(ch, 5, 2, COPS_ST_FIT, -2);
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 1, COPS_ST_BASHING), COPS_OK);
  expect_health(ch, 6, 2, COPS_ST_UNCONSCIOUS, -3);
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 2, COPS_ST_BASHING), COPS_OK);
  expect_health(ch, 4, 4, COPS_ST_UNCONSCIOUS, -3);   /* full: bashing turns lethal */
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 4, COPS_ST_LETHAL), COPS_OK);
  expect_health(ch, 0, 8, COPS_ST_BLEEDING_OUT, -3);
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 1, COPS_ST_BASHING), COPS_OK);
  expect_health(ch, 0, 8, COPS_ST_DEAD, -3);
  ck_assert_int_eq(cops_st_character_set_health(ch, 0, 0), COPS_OK);
  expect_health(ch, 0, 0, COPS_ST_FIT, 0);
  /* The switches: no track (events only, ST-A4), no penalties. */
  cops_st_rules r;
  cops_st_rules_init(&r);
  r.health_track = 0;
  ck_assert_int_eq(cops_st_character_damage(ch, &r, 5, COPS_ST_LETHAL), COPS_OK);
  expect_health(ch, 0, 0, COPS_ST_FIT, 0);
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 7, COPS_ST_LETHAL), COPS_OK);
  r.wound_penalties = 0;
  ck_assert_int_eq(cops_st_character_wound_penalty(ch, &r), 0);
  ck_assert_int_eq(cops_st_character_wound_penalty(ch, NULL), -2);
  /* A smaller track: Health 2 has no third-to-last box. */
  ck_assert_int_eq(cops_st_character_set_derived(ch, COPS_ST_HEALTH, 2), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_health(ch, 0, 0), COPS_OK);
  ck_assert_int_eq(cops_st_character_wound_penalty(ch, NULL), 0);
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 1, COPS_ST_BASHING), COPS_OK);
  ck_assert_int_eq(cops_st_character_wound_penalty(ch, NULL), -2);
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 101, COPS_ST_BASHING), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_damage(ch, NULL, 1, 2), COPS_EINVAL);
  ck_assert_int_eq(cops_st_character_set_health(ch, -1, 0), COPS_ERANGE);
  cops_st_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_points)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_st_character *ch = person(ctx, marcus);
  int cur, max;
  ck_assert_int_eq(cops_st_character_points(ch, COPS_ST_WILLPOWER, &cur, &max), COPS_OK);
  ck_assert_int_eq(cur, 5);   /* full until spent */
  ck_assert_int_eq(max, 5);
  ck_assert_int_eq(cops_st_character_set_points(ch, COPS_ST_WILLPOWER, 2), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_points(ch, COPS_ST_WILLPOWER, 6), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_points(ch, COPS_ST_WILLPOWER, &cur, &max), COPS_OK);
  ck_assert_int_eq(cur, 2);
  ck_assert_int_eq(cops_st_character_set_points(ch, COPS_ST_VITAE, 7), COPS_OK);
  ck_assert_int_eq(cops_st_character_points(ch, COPS_ST_VITAE, &cur, &max), COPS_OK);
  ck_assert_int_eq(cur, 7);
  ck_assert_int_eq(max, 7);
  ck_assert_int_eq(cops_st_character_set_points(ch, COPS_ST_VITAE, 51), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_points(ch, 2, &cur, &max), COPS_EINVAL);
  cops_st_character *copy;
  ck_assert_int_eq(cops_st_character_copy(&copy, ch), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_points(copy, COPS_ST_VITAE, 1), COPS_OK);
  ck_assert_int_eq(cops_st_character_points(ch, COPS_ST_VITAE, &cur, &max), COPS_OK);
  ck_assert_int_eq(cur, 7);   /* its own */
  ck_assert_str_eq(cops_st_character_name(copy), "Test");
  ck_assert_int_eq(cops_st_character_set_name(copy, ""), COPS_EINVAL);
  ck_assert_int_eq(cops_st_character_set_name(copy, "A\nB"), COPS_EINVAL);
  cops_st_character_free(copy);
  cops_st_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

static char *slurp(const char *path)
{
  FILE *f = fopen(path, "rb");
  ck_assert_ptr_nonnull(f);
  static char buf[8192];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  return buf;
}

START_TEST(test_example_sheets_round_trip)
{
  const char *names[] = {"marcus", "vince", "lucien", "nadia"};
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  for (int i = 0; i < 4; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s.json", ST_SHEETS, names[i]);
    cops_st_character *ch;
    ck_assert_msg(cops_st_character_load(&ch, ctx, path) == COPS_OK, "%s: %s", path,
                  cops_ctx_errmsg(ctx));
    char *text;
    ck_assert_int_eq(cops_st_character_to_json(ch, &text), COPS_OK);
    ck_assert_str_eq(text, slurp(path));
    cops_free(text);
    cops_st_character_free(ch);
  }
  /* Lucien: Vigor 1, his Defense set by the sheet, Vitae 7 of 10 (§4's vampire). */
  cops_st_character *l;
  ck_assert_int_eq(cops_st_character_load(&l, ctx, ST_SHEETS "/lucien.json"), COPS_OK);
  ck_assert_int_eq(cops_st_character_trait(l, COPS_ST_VIGOR), 1);
  ck_assert_int_eq(cops_st_character_derived(l, NULL, COPS_ST_DEFENSE), 3);
  int cur, max;
  cops_st_character_points(l, COPS_ST_VITAE, &cur, &max);
  ck_assert_int_eq(cur * 100 + max, 710);
  cops_st_character_free(l);
  /* Each system's reader refuses the other's sheets, naming the one to use. */
  cops_character *cops;
  ck_assert_int_eq(cops_character_load(&cops, ctx, ST_SHEETS "/marcus.json"), COPS_EJSON);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "a Storyteller sheet (read it with "
                                                     "cops_st_character_load"));
  ck_assert_int_eq(cops_st_character_load(&l, ctx, SHEETS_DIR "/mike.json"), COPS_EJSON);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "system: missing: a COPS sheet"));
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_malformed_sheets)
{
  static const char head[] = "{\"system\":\"st\",\"name\":\"X\",\"attributes\":{\"Strength\":2,"
                             "\"Dexterity\":2,\"Stamina\":2,\"Wits\":2,\"Resolve\":2,"
                             "\"Composure\":2}";
  const struct { const char *tail; int code; const char *message; } bad[] = {
    {",\"skills\":{\"Brawl\":11}}", COPS_ERANGE, "skills.Brawl"},
    {",\"skills\":{\"Strength\":1}}", COPS_EJSON, "skills.Strength: unknown field"},
    {",\"skills\":{\"Brawl\":1.5}}", COPS_EJSON, "skills.Brawl"},
    {",\"colour\":1}", COPS_EJSON, "colour: unknown field"},
    {",\"schema\":2}", COPS_ERANGE, "schema"},
    {",\"size\":0}", COPS_ERANGE, "size"},
    {",\"derived\":{\"Health\":0}}", COPS_ERANGE, "derived.Health"},
    {",\"derived\":{\"Luck\":1}}", COPS_EJSON, "derived.Luck: unknown field"},
    {",\"willpower\":5}", COPS_ERANGE, "willpower"},
    {",\"vitae\":{\"current\":3}}", COPS_EJSON, "vitae.max"},
    {",\"vitae\":{\"max\":5,\"current\":6}}", COPS_ERANGE, "vitae.current"},
    {",\"background\":[\"pirate\"]}", COPS_EJSON, "background[0]"},
    {",\"background\":[\"police\",\"police\"]}", COPS_EJSON, "background[1]: police given twice"},
    {",\"combatant\":1}", COPS_EJSON, "combatant"},
    {",\"health\":{\"bashing\":-1}}", COPS_ERANGE, "health.bashing"},
    {",\"health\":{\"aggravated\":1}}", COPS_EJSON, "health.aggravated: unknown field"},
    {",\"experience\":100001}", COPS_ERANGE, "experience"},
  };
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char text[512];
    snprintf(text, sizeof text, "%.*s%s", (int)strlen(head), head, bad[i].tail);
    cops_st_character *ch = (cops_st_character *)&ctx;
    ck_assert_msg(cops_st_character_from_json(&ch, ctx, text) == bad[i].code, "%s: %s",
                  bad[i].tail, cops_ctx_errmsg(ctx));
    ck_assert_ptr_null(ch);
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[i].message), "%s: %s", bad[i].tail,
                  cops_ctx_errmsg(ctx));
  }
  const struct { const char *text; const char *message; } whole[] = {
    {"[]", "the sheet: expected a JSON object"},
    {"{\"name\":\"X\"}", "system: missing (\"st\""},
    {"{\"system\":\"cops\",\"name\":\"X\"}", "system: expected \"st\""},
    {"{\"system\":\"st\",\"attributes\":{}}", "name: missing"},
    {"{\"system\":\"st\",\"name\":\"X\"}", "attributes: missing"},
    {"{\"system\":\"st\",\"name\":\"X\",\"attributes\":{\"Strength\":1}}",
     "attributes.Dexterity: missing"},
    {"{\"system\":\"st\",\"name\":\"X\",\"attributes\":{\"Brawl\":1}}",
     "attributes.Brawl: unknown field"},
    {"{\"system\":\"st\",\"name\":\"\",\"attributes\":{}}", "name"},
  };
  for (size_t i = 0; i < sizeof whole / sizeof whole[0]; i++) {
    cops_st_character *ch;
    ck_assert_int_ne(cops_st_character_from_json(&ch, ctx, whole[i].text), COPS_OK);
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), whole[i].message), "%s: %s", whole[i].text,
                  cops_ctx_errmsg(ctx));
  }
  cops_st_character *ch;
  ck_assert_int_eq(cops_st_character_from_json(NULL, ctx, head), COPS_EINVAL);
  ck_assert_int_eq(cops_st_character_from_json(&ch, ctx, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_st_character_load(&ch, ctx, "/nonexistent/x.json"), COPS_EIO);
  char *text;
  ck_assert_int_eq(cops_st_character_to_json(NULL, &text), COPS_EINVAL);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *st_character_suite(void)
{
  Suite *s = suite_create("st-character");
  TCase *tc = tcase_create("characters");
  tcase_add_test(tc, test_st_a3_derived_traits);
  tcase_add_test(tc, test_s2_combatants);
  tcase_add_test(tc, test_st_l1_health_track);
  tcase_add_test(tc, test_points);
  tcase_add_test(tc, test_example_sheets_round_trip);
  tcase_add_test(tc, test_malformed_sheets);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(st_character_suite)
