/* The gear a sheet carries (docs/sheets.md, "The gear"): weapons with their rounds and
 * spare magazines, the one in hand, the armour; read inline or by file, written back the same,
 * checked all or nothing, and taken into a fight (cops_encounter_equip, scenarios) where the
 * rounds spent and the magazines used are the sheet's. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

static cops_ctx *ctx;
static script dice;

static void setup(void)
{
  ctx = SCRIPT(&dice, 1);
  dice.n = 0;
}

static void teardown(void)
{
  cops_ctx_free(ctx);
}

static int loaded(const cops_weapon *w)
{
  int n = -1;
  ck_assert_int_eq(cops_weapon_get(w, COPS_WEAPON_LOADED, &n), COPS_OK);
  return n;
}

static char *read_all(const char *path)
{
  FILE *f = fopen(path, "rb");
  ck_assert_ptr_nonnull(f);
  static char buf[1 << 16];
  const size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  return buf;
}

START_TEST(test_the_kit_reads_by_file_and_inline_and_writes_back_byte_for_byte)
{
  cops_character *sarah;
  ck_assert_msg(cops_character_load(&sarah, ctx, SHEETS_DIR "/sarah-kit.json") == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  ck_assert_int_eq(cops_character_weapon_count(sarah), 3);
  ck_assert_int_eq(cops_character_hand(sarah), 0);
  const cops_weapon *remington = cops_character_weapon(sarah, -1);
  ck_assert_str_eq(cops_weapon_name(remington), "Remington 162");
  ck_assert_int_eq(loaded(remington), 5);               /* the sheet's, not the file's 6 */
  ck_assert_int_eq(cops_weapon_magazines(remington), 1);
  ck_assert_int_eq(cops_weapon_magazines(cops_character_weapon(sarah, 1)), 2);
  ck_assert_int_eq(cops_weapon_magazines(cops_character_weapon(sarah, 2)), -1);
  ck_assert_str_eq(cops_weapon_name(cops_character_weapon(sarah, 2)), "Couteau 021");
  ck_assert_ptr_null(cops_character_weapon(sarah, 3));
  ck_assert_ptr_null(cops_character_weapon(sarah, -2));
  ck_assert_str_eq(cops_armour_name(cops_character_armour(sarah)), "Gilet pare-balles");
  /* Written back as given: the files by their names, the rounds beside them. */
  char *text;
  ck_assert_int_eq(cops_character_to_json(sarah, &text), COPS_OK);
  ck_assert_str_eq(text, read_all(SHEETS_DIR "/sarah-kit.json"));
  cops_free(text);
  ck_assert_int_eq(cops_character_gear(sarah, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "{\"weapon\":\"../weapons/remington-162.json\",\"loaded\":5,"
                                     "\"magazines\":1,\"in_hand\":true}"));
  ck_assert_ptr_nonnull(strstr(text, "\"armour\":\"../armour/gilet-pare-balles.json\"}"));
  cops_free(text);
  /* Never read by the rules: her rolls and hit points are those of her sheet without it. */
  cops_character *plain;
  ck_assert_int_eq(cops_character_load(&plain, ctx, SHEETS_DIR "/sarah.json"), COPS_OK);
  ck_assert_int_eq(cops_character_max_hp(sarah), cops_character_max_hp(plain));
  ck_assert_int_eq(cops_character_weapon_count(plain), 0);
  ck_assert_int_eq(cops_character_hand(plain), -1);
  ck_assert_ptr_null(cops_character_weapon(plain, -1));
  ck_assert_ptr_null(cops_character_armour(plain));
  ck_assert_int_eq(cops_character_to_json(plain, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "\"schema\": 3,"));
  ck_assert_ptr_null(strstr(text, "gear"));
  cops_free(text);
  cops_character_free(plain);
  cops_character_free(sarah);
}
END_TEST

START_TEST(test_every_field_checked_all_or_nothing)
{
  static const struct {
    const char *json;
    int rc;
    const char *says;
  } bad[] = {
    {"{\"weapon\": []}", COPS_EJSON, "gear.weapon: unknown field"},
    {"{\"weapons\": {}}", COPS_EJSON, "gear.weapons: expected a list"},
    {"{\"weapons\": [1]}", COPS_EJSON, "gear.weapons[0]: expected an object"},
    {"{\"weapons\": [{}]}", COPS_EJSON, "gear.weapons[0].weapon: missing field"},
    {"{\"weapons\": [{\"weapon\": {\"name\": \"Vulcan 051\", \"kind\": \"handgun\"}, "
     "\"rounds\": 3}]}", COPS_EJSON, "gear.weapons[0].rounds: unknown field"},
    {"{\"weapons\": [{\"weapon\": {\"name\": \"Vulcan 051\", \"kind\": \"handgun\", "
     "\"magazine\": 12}, \"loaded\": 13}]}", COPS_ERANGE, "gear.weapons[0].loaded"},
    {"{\"weapons\": [{\"weapon\": {\"name\": \"Vulcan 051\", \"kind\": \"handgun\"}, "
     "\"magazines\": 100}]}", COPS_ERANGE, "gear.weapons[0].magazines"},
    {"{\"weapons\": [{\"weapon\": {\"name\": \"Couteau 021\", \"kind\": \"blade\"}, "
     "\"magazines\": 1}]}", COPS_ERULE, "has no magazine"},
    {"{\"weapons\": [{\"weapon\": {\"name\": \"Vulcan 051\", \"kind\": \"handgun\"}, "
     "\"in_hand\": 1}]}", COPS_EJSON, "gear.weapons[0].in_hand: expected true or false"},
    {"{\"weapons\": [{\"weapon\": {\"name\": \"Vulcan 051\", \"kind\": \"handgun\"}, "
     "\"in_hand\": true}, {\"weapon\": {\"name\": \"Couteau 021\", \"kind\": \"blade\"}, "
     "\"in_hand\": true}]}", COPS_ERULE, "one weapon in hand"},
    {"{\"weapons\": [{\"weapon\": {\"name\": \"Sabre\", \"kind\": \"blade\"}}]}", COPS_EJSON,
     "gear.weapons[0].weapon: pr: missing field"},
    {"{\"weapons\": [{\"weapon\": 7}]}", COPS_EJSON, "gear.weapons[0].weapon: expected a file"},
    {"{\"weapons\": [{\"weapon\": \"no-such-weapon.json\"}]}", COPS_EIO,
     "gear.weapons[0].weapon: no-such-weapon.json"},
    {"{\"armour\": {\"name\": \"x\", \"protection\": {\"tail\": {\"dice\": 1}}}}",
     COPS_ENOTFOUND, "gear.armour"},
    {"{\"weapons\": [{\"weapon\": {\"name\": \"A 111\", \"kind\": \"blade\"}}, "
     "{\"weapon\": {\"name\": \"B 111\", \"kind\": \"blade\"}}, "
     "{\"weapon\": {\"name\": \"C 111\", \"kind\": \"blade\"}}, "
     "{\"weapon\": {\"name\": \"D 111\", \"kind\": \"blade\"}}, "
     "{\"weapon\": {\"name\": \"E 111\", \"kind\": \"blade\"}}]}", COPS_ERANGE, "at most 4"},
    {"[]", COPS_EJSON, "gear: expected an object"},
    {"{\"weapons\": ", COPS_EJSON, ""},
  };
  cops_character *ch;
  ck_assert_int_eq(cops_character_load(&ch, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_set_gear(ch, "{\"weapons\": [{\"weapon\": {\"name\": "
                                               "\"Vulcan 051\", \"kind\": \"handgun\", "
                                               "\"magazine\": 12}, \"loaded\": 7, "
                                               "\"magazines\": 3}]}"), COPS_OK);
  char *before;
  ck_assert_int_eq(cops_character_gear(ch, &before), COPS_OK);
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_msg(cops_character_set_gear(ch, bad[i].json) == bad[i].rc, "%s: %s", bad[i].json,
                  cops_ctx_errmsg(ctx));
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[i].says), "%s: %s", bad[i].json,
                  cops_ctx_errmsg(ctx));
    char *now;   /* nothing half-applied */
    ck_assert_int_eq(cops_character_gear(ch, &now), COPS_OK);
    ck_assert_str_eq(now, before);
    cops_free(now);
  }
  ck_assert_int_eq(loaded(cops_character_weapon(ch, 0)), 7);
  /* Emptied with NULL and with "{}"; the sheet goes back to schema 3. */
  ck_assert_int_eq(cops_character_set_gear(ch, "{}"), COPS_OK);
  ck_assert_int_eq(cops_character_weapon_count(ch), 0);
  ck_assert_int_eq(cops_character_set_gear(ch, before), COPS_OK);
  ck_assert_int_eq(cops_character_set_gear(ch, NULL), COPS_OK);
  char *text;
  ck_assert_int_eq(cops_character_to_json(ch, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "\"schema\": 3,"));
  cops_free(text);
  /* A sheet of schema 3 has no gear; NULL handles. */
  cops_character *old;
  ck_assert_int_eq(cops_character_from_json(&old, ctx, "{\"schema\": 3, \"name\": \"x\", "
                                            "\"characteristics\": {}, \"gear\": {}}"),
                   COPS_EJSON);
  ck_assert_ptr_null(old);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "gear: a sheet of schema 4"));
  ck_assert_int_eq(cops_character_gear(NULL, &text), COPS_EINVAL);
  ck_assert_ptr_null(text);
  ck_assert_int_eq(cops_character_set_gear(NULL, "{}"), COPS_EINVAL);
  ck_assert_int_eq(cops_character_weapon_count(NULL), 0);
  ck_assert_int_eq(cops_character_hand(NULL), -1);
  ck_assert_ptr_null(cops_character_armour(NULL));
  cops_free(before);
  cops_character_free(ch);
}
END_TEST

START_TEST(test_spare_magazines_are_spent_by_reloading)
{
  cops_weapon *w;
  ck_assert_int_eq(cops_weapon_from_json(&w, ctx, "{\"name\": \"Vulcan 051\", \"kind\": "
                                         "\"handgun\", \"magazine\": 12, \"loaded\": 0, "
                                         "\"magazines\": 1}"), COPS_OK);
  ck_assert_int_eq(cops_weapon_magazines(w), 1);
  ck_assert_int_eq(cops_weapon_reload(w), COPS_OK);
  ck_assert_int_eq(loaded(w), 12);
  ck_assert_int_eq(cops_weapon_magazines(w), 0);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_LOADED, 3), COPS_OK);
  ck_assert_int_eq(cops_weapon_reload(w), COPS_ERULE);   /* none left: nothing changes */
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "no spare magazine"));
  ck_assert_int_eq(loaded(w), 3);
  char *text;
  ck_assert_int_eq(cops_weapon_to_json(w, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "\"magazines\": 0\n"));
  cops_free(text);
  /* Not counted: never short, and not written. */
  ck_assert_int_eq(cops_weapon_set_magazines(w, -1), COPS_OK);
  ck_assert_int_eq(cops_weapon_reload(w), COPS_OK);
  ck_assert_int_eq(cops_weapon_magazines(w), -1);
  ck_assert_int_eq(cops_weapon_to_json(w, &text), COPS_OK);
  ck_assert_ptr_null(strstr(text, "magazines"));
  cops_free(text);
  ck_assert_int_eq(cops_weapon_set_magazines(w, 100), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_set_magazines(w, -2), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_set_magazines(w, COPS_MAGAZINES_MAX), COPS_OK);
  ck_assert_int_eq(cops_weapon_set_magazines(NULL, 1), COPS_EINVAL);
  ck_assert_int_eq(cops_weapon_magazines(NULL), -1);
  cops_weapon_free(w);
  ck_assert_int_eq(cops_weapon_from_json(&w, ctx, "{\"name\": \"Couteau 021\", \"kind\": "
                                         "\"blade\", \"magazines\": 2}"), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "magazines: Couteau 021 has no magazine"));
}
END_TEST

/* Sarah equipped from her sheet against Joe, both declared by the caller. */
static cops_encounter *sarah_against_joe(cops_character **sarah)
{
  cops_encounter *e;
  cops_character *joe;
  ck_assert_int_eq(cops_encounter_new(&e, ctx, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_character_load(sarah, ctx, SHEETS_DIR "/sarah-kit.json"), COPS_OK);
  ck_assert_int_eq(cops_character_load(&joe, ctx, SHEETS_DIR "/joe.json"), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, *sarah, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, joe, 1, 30, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_equip(e, 0), COPS_OK);
  ck_assert_int_eq(cops_encounter_equip(e, 1), COPS_OK);   /* nothing on his sheet */
  ck_assert_int_eq(cops_encounter_set_controlled(e, 0, 1), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(e, 1, 1), COPS_OK);
  cops_character_free(*sarah);   /* the encounter holds them */
  cops_character_free(joe);
  return e;
}

static int round_of(cops_encounter *e, int action)
{
  cops_declaration d, wait;
  cops_declaration_init(&d, action);
  cops_declaration_init(&wait, COPS_ACT_WAIT);
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  const int rc = cops_encounter_declare(e, 0, &d);
  if (rc) {
    cops_declaration_init(&d, COPS_ACT_WAIT);
    ck_assert_int_eq(cops_encounter_declare(e, 0, &d), COPS_OK);
  }
  ck_assert_int_eq(cops_encounter_declare(e, 1, &wait), COPS_OK);
  ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
  return rc;
}

START_TEST(test_a_fight_spends_the_sheets_rounds_and_magazines)
{
  cops_character *sarah;
  cops_encounter *e = sarah_against_joe(&sarah);
  cops_combatant_state st;
  cops_combatant_state_init(&st);
  ck_assert_int_eq(cops_encounter_state(e, 0, &st), COPS_OK);
  ck_assert_int_eq(st.magazines, 1);
  ck_assert_int_eq(st.weapon, 0);
  ck_assert_str_eq(st.weapon_name, "Remington 162");
  ck_assert_str_eq(st.armour_name, "Gilet pare-balles");
  ck_assert_int_eq(cops_encounter_equip(e, 0), COPS_OK);   /* carries already: nothing more */
  cops_weapon *remington = cops_character_weapon(sarah, 0);
  ck_assert_int_eq(round_of(e, COPS_ACT_RELOAD), COPS_OK);
  ck_assert_int_eq(loaded(remington), 6);
  ck_assert_int_eq(cops_weapon_magazines(remington), 0);
  /* Her last spare is used: reloading is refused, nothing changed. */
  ck_assert_int_eq(round_of(e, COPS_ACT_RELOAD), COPS_ERULE);
  ck_assert_int_eq(cops_weapon_magazines(remington), 0);
  /* The saved fight keeps the link: loaded again, its reload is its sheet's. */
  char *save;
  ck_assert_int_eq(cops_encounter_save(e, &save), COPS_OK);
  ck_assert_ptr_nonnull(strstr(save, "\"sheet_gear\""));
  ck_assert_ptr_nonnull(strstr(save, "\"magazines\": [\n"));
  cops_encounter *again;
  ck_assert_msg(cops_encounter_load(&again, ctx, save) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  cops_free(save);
  cops_character *her = cops_encounter_character(again, 0);
  ck_assert_int_eq(cops_weapon_magazines(cops_character_weapon(her, 0)), 0);
  ck_assert_int_eq(cops_weapon_magazines(cops_character_weapon(her, 1)), 2);
  ck_assert_int_eq(cops_encounter_reset(again), COPS_OK);   /* as she joined: 5 and 1 */
  ck_assert_int_eq(loaded(cops_character_weapon(her, 0)), 5);
  ck_assert_int_eq(cops_weapon_magazines(cops_character_weapon(her, 0)), 1);
  ck_assert_int_eq(round_of(again, COPS_ACT_RELOAD), COPS_OK);
  ck_assert_int_eq(cops_weapon_magazines(cops_character_weapon(her, 0)), 0);
  ck_assert_int_eq(loaded(cops_character_weapon(her, 0)), 6);
  char *sheet;   /* a save holds the gear inline */
  ck_assert_int_eq(cops_character_gear(her, &sheet), COPS_OK);
  ck_assert_ptr_nonnull(strstr(sheet, "{\"weapons\":[{\"weapon\":{\"schema\":1,"
                                      "\"name\":\"Remington 162\""));
  ck_assert_ptr_nonnull(strstr(sheet, "\"loaded\":6,\"ct\":1,\"vrc\":0,\"vc\":0,"
                                      "\"magazines\":0},\"in_hand\":true}"));
  cops_free(sheet);
  cops_encounter_free(again);
  /* Reset gives her sheet back its rounds as she joined. */
  ck_assert_int_eq(cops_encounter_reset(e), COPS_OK);
  ck_assert_int_eq(loaded(remington), 5);
  ck_assert_int_eq(cops_weapon_magazines(remington), 1);
  cops_encounter_free(e);
}
END_TEST

START_TEST(test_the_simple_policy_does_not_reload_without_a_magazine)
{
  cops_character *sarah;
  cops_encounter *e = sarah_against_joe(&sarah);
  cops_weapon *remington = cops_character_weapon(sarah, 0);
  ck_assert_int_eq(cops_weapon_set(remington, COPS_WEAPON_LOADED, 0), COPS_OK);
  ck_assert_int_eq(cops_weapon_set(cops_character_weapon(sarah, 1), COPS_WEAPON_LOADED, 0),
                   COPS_OK);
  cops_declaration d;
  cops_declaration_init(&d, COPS_ACT_WAIT);
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  ck_assert_int_eq(cops_encounter_suggest(e, 0, &d), COPS_OK);
  ck_assert_int_eq(d.action, COPS_ACT_RELOAD);   /* a spare left */
  ck_assert_int_eq(cops_weapon_set_magazines(remington, 0), COPS_OK);
  ck_assert_int_eq(cops_encounter_suggest(e, 0, &d), COPS_OK);
  ck_assert_int_ne(d.action, COPS_ACT_RELOAD);   /* none: closes in with what is left */
  cops_encounter_free(e);
}
END_TEST

START_TEST(test_a_scenario_takes_from_the_sheet_what_it_names_not)
{
  static const char *const cases[] = {
    /* nothing named: her kit */
    "{\"sheet\": \"../sheets/sarah-kit.json\", \"side\": \"COPS\"}",
    /* weapons named: those, and her armour */
    ("{\"sheet\": \"../sheets/sarah-kit.json\", \"side\": \"COPS\", \"weapons\": "
     "[\"../weapons/scorpion-131.json\"]}"),
    /* armour null: none, and her weapons */
    "{\"sheet\": \"../sheets/sarah-kit.json\", \"side\": \"COPS\", \"armour\": null}",
  };
  const char *hand[] = {"Remington 162", "Scorpion 131", "Remington 162"};
  const char *armour[] = {"Gilet pare-balles", "Gilet pare-balles", ""};
  for (int i = 0; i < 3; i++) {
    char text[1024];
    snprintf(text, sizeof text, "{\"schema\": 1, \"name\": \"t\", \"combatants\": [%s, {\"sheet\": "
             "\"../sheets/joe.json\", \"side\": \"gang\", \"position\": [9, 0]}]}", cases[i]);
    cops_scenario *s;
    ck_assert_msg(cops_scenario_from_json(&s, ctx, text, SCENARIOS_DIR) == COPS_OK, "%s",
                  cops_ctx_errmsg(ctx));
    cops_combatant_state st;
    cops_combatant_state_init(&st);
    ck_assert_int_eq(cops_encounter_state(cops_scenario_encounter(s), 0, &st), COPS_OK);
    ck_assert_str_eq(st.weapon_name, hand[i]);
    ck_assert_str_eq(st.armour_name ? st.armour_name : "", armour[i]);
    cops_scenario_free(s);
  }
}
END_TEST

START_TEST(test_files_named_by_a_sheet_stay_confined)
{
  /* A sheet read from text names no file in a confined context; by file, its folder's. */
  ck_assert_int_eq(cops_ctx_confine(ctx, SHEETS_DIR "/..", 1 << 20), COPS_OK);
  cops_character *ch;
  ck_assert_int_eq(cops_character_load(&ch, ctx, "sheets/sarah-kit.json"), COPS_OK);
  ck_assert_int_eq(cops_character_weapon_count(ch), 3);
  ck_assert_int_eq(cops_character_set_gear(ch, "{\"armour\": \"armour/anti-emeute.json\"}"),
                   COPS_EIO);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "names no file"));
  ck_assert_int_eq(cops_character_weapon_count(ch), 3);
  ck_assert_int_eq(cops_character_set_gear(ch, "{\"weapons\": [{\"weapon\": {\"name\": "
                                               "\"Couteau 021\", \"kind\": \"blade\"}}]}"),
                   COPS_OK);
  cops_character_free(ch);
  /* A sheet naming a file out of its root is refused. */
  char root[] = "/tmp/cops-gear-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(root));
  char path[256];
  snprintf(path, sizeof path, "%s/spare.json", root);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs("{\"name\": \"x\", \"characteristics\": {\"Carrure\": 1, \"Charme\": 1, "
        "\"Coordination\": 1, \"Éducation\": 1, \"Perception\": 1, \"Réflexes\": 1, "
        "\"Sang-froid\": 1}, \"gear\": {\"armour\": \"../outside.json\"}}", f);
  fclose(f);
  cops_ctx *jail = SCRIPT(&dice, 1);
  ck_assert_int_eq(cops_ctx_confine(jail, root, 1 << 20), COPS_OK);
  ck_assert_int_eq(cops_character_load(&ch, jail, "spare.json"), COPS_EIO);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(jail), "gear.armour"));
  ck_assert_ptr_null(ch);
  cops_ctx_free(jail);
  unlink(path);
  rmdir(root);
}
END_TEST

static Suite *gear_suite(void)
{
  Suite *s = suite_create("gear");
  TCase *tc = tcase_create("core");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_the_kit_reads_by_file_and_inline_and_writes_back_byte_for_byte);
  tcase_add_test(tc, test_every_field_checked_all_or_nothing);
  tcase_add_test(tc, test_spare_magazines_are_spent_by_reloading);
  tcase_add_test(tc, test_a_fight_spends_the_sheets_rounds_and_magazines);
  tcase_add_test(tc, test_the_simple_policy_does_not_reload_without_a_magazine);
  tcase_add_test(tc, test_a_scenario_takes_from_the_sheet_what_it_names_not);
  tcase_add_test(tc, test_files_named_by_a_sheet_stay_confined);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(gear_suite)
