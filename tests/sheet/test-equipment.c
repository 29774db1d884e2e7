/* Weapons and armour (COPS.md C8.1, C10, C11; docs/weapons.md). */
#include <stdio.h>

#include "testutil.h"

static cops_ctx *ctx;
static void setup(void) { ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK); }
static void teardown(void) { cops_ctx_free(ctx); }

static int field(const cops_weapon *w, int f)
{
  int v = -99;
  ck_assert_int_eq(cops_weapon_get(w, f, &v), COPS_OK);
  return v;
}

static char *read_text(const char *dir, const char *name)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  ck_assert_ptr_nonnull(f);
  static char text[65536];
  size_t n = fread(text, 1, sizeof text - 1, f);
  text[n] = '\0';
  fclose(f);
  return text;
}

/* C10: "Vulcan 051" is PR 0, PU 5, FA 1. */
START_TEST(test_c10_values_from_the_name)
{
  static const struct { const char *name; int rc, pr, pu, fa; } c[] = {
    {"Vulcan 051", COPS_OK, 0, 5, 1},
    {"Scorpion 131", COPS_OK, 1, 3, 1},
    {"Tokarev -132", COPS_OK, -1, 3, 2},
    {"Colt 045 Mk 123", COPS_OK, 1, 2, 3},
    {"Model 1911", COPS_ENOTFOUND, 0, 0, 0},
    {"Beretta", COPS_ENOTFOUND, 0, 0, 0},
    {"A 12", COPS_ENOTFOUND, 0, 0, 0},
    {"", COPS_ENOTFOUND, 0, 0, 0},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    int pr = 9, pu = 9, fa = 9;
    ck_assert_int_eq(cops_weapon_values_from_name(c[i].name, &pr, &pu, &fa), c[i].rc);
    if (c[i].rc == COPS_OK) {
      ck_assert_int_eq(pr, c[i].pr);
      ck_assert_int_eq(pu, c[i].pu);
      ck_assert_int_eq(fa, c[i].fa);
    }
  }
  int x;
  ck_assert_int_eq(cops_weapon_values_from_name(NULL, &x, &x, &x), COPS_EINVAL);
  ck_assert_int_eq(cops_weapon_values_from_name("Vulcan 051", NULL, &x, &x), COPS_EINVAL);
}
END_TEST

START_TEST(test_vulcan_051_file)
{
  char path[512];
  cops_weapon *w;
  snprintf(path, sizeof path, "%s/vulcan-051.json", WEAPONS_DIR);
  ck_assert_int_eq(cops_weapon_load(&w, ctx, path), COPS_OK);
  ck_assert_str_eq(cops_weapon_name(w), "Vulcan 051");
  ck_assert_int_eq(cops_weapon_kind(w), COPS_HANDGUN);
  ck_assert_int_eq(cops_weapon_skill(w), COPS_ARME_DE_POING);
  ck_assert_ptr_null(cops_weapon_specialisation(w));
  ck_assert_int_eq(field(w, COPS_WEAPON_PR), 0);
  ck_assert_int_eq(field(w, COPS_WEAPON_PU), 5);
  ck_assert_int_eq(field(w, COPS_WEAPON_FA), 1);
  ck_assert_int_eq(field(w, COPS_WEAPON_RANGE), 20);
  ck_assert_int_eq(field(w, COPS_WEAPON_MAGAZINE), 12);
  ck_assert_int_eq(field(w, COPS_WEAPON_LOADED), 12);
  ck_assert_int_eq(field(w, COPS_WEAPON_CT), 2);
  ck_assert_int_eq(field(w, COPS_WEAPON_VRC), 0);
  ck_assert_int_eq(field(w, COPS_WEAPON_VC), 0);
  cops_weapon_free(w);
}
END_TEST

START_TEST(test_weapon_fields_and_reload)
{
  cops_weapon *w;
  ck_assert_int_eq(cops_weapon_new(&w, ctx, COPS_HANDGUN, "Scorpion 131"), COPS_OK);
  ck_assert_int_eq(field(w, COPS_WEAPON_PR), 1);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 30), COPS_OK);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_CT, 3), COPS_OK);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_VRC, 3), COPS_OK);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_VRC, 1), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "vrc: 1 out of range 2..30 (Scorpion 131)");
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_CT, 31), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_PR, 6), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "pr: 6 out of range -5..5 (Scorpion 131)");
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_PR, -5), COPS_OK);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_RANGE, 0), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_VC, 11), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_LOADED, 31), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_LOADED, 4), COPS_OK);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 2), COPS_ERANGE); /* CT 3, VRC 3 */
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_VRC, 0), COPS_OK);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_CT, 1), COPS_OK);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 2), COPS_OK);
  ck_assert_int_eq(field(w, COPS_WEAPON_LOADED), 2); /* unloaded down to the magazine */
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_LOADED, 0), COPS_OK);
  ck_assert_int_eq(cops_weapon_reload(w), COPS_OK);
  ck_assert_int_eq(field(w, COPS_WEAPON_LOADED), 2);
  ck_assert_int_eq(cops_weapon_set(w, 9, 1), COPS_ERANGE);
  int v;
  ck_assert_int_eq(cops_weapon_get(w, 9, &v), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_get(w, 0, NULL), COPS_EINVAL);
  cops_weapon_free(w);

  ck_assert_int_eq(cops_weapon_new(&w, ctx, COPS_BLADE, "Couteau 021"), COPS_OK);
  ck_assert_int_eq(cops_weapon_skill(w), COPS_ARME_DE_CONTACT);
  ck_assert_str_eq(cops_weapon_specialisation(w), "couteau");
  ck_assert_int_eq(field(w, COPS_WEAPON_RANGE), 1);
  ck_assert_int_eq(field(w, COPS_WEAPON_MAGAZINE), 0);
  ck_assert_int_eq(cops_weapon_reload(w), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Couteau 021 has no magazine to reload");
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 6), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_VC, 2), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_VRC, 2), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_set_skill(w, COPS_ARME_DE_CONTACT, "hache"), COPS_OK); /* exotic */
  ck_assert_str_eq(cops_weapon_specialisation(w), "hache");
  ck_assert_int_eq(cops_weapon_set_skill(w, COPS_ARME_D_EPAULE, "arbalète"), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_weapon_set_skill(w, COPS_JEU, NULL), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Jeu is not a weapon skill");
  ck_assert_int_eq(cops_weapon_set_skill(w, 99, NULL), COPS_ERULE);
  cops_weapon_free(w);

  ck_assert_int_eq(cops_weapon_new(&w, ctx, 7, "x"), COPS_ERANGE);
  ck_assert_int_eq(cops_weapon_new(&w, ctx, COPS_HANDGUN, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_weapon_new(NULL, ctx, COPS_HANDGUN, "x"), COPS_EINVAL);
  int k;
  ck_assert_int_eq(cops_weapon_kind_parse("Arme d'épaule", &k), COPS_OK);
  ck_assert_int_eq(k, COPS_SHOULDER_ARM);
  ck_assert_int_eq(cops_weapon_kind_parse("BLUNT", &k), COPS_OK);
  ck_assert_int_eq(k, COPS_BLUNT);
  ck_assert_int_eq(cops_weapon_kind_parse("laser", &k), COPS_ENOTFOUND);
  ck_assert_str_eq(cops_weapon_kind_name(COPS_THROWN, COPS_LANG_EN), "thrown");
  ck_assert_int_eq(cops_weapon_from_json(&w, ctx, NULL), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "weapon text is NULL");
  ck_assert_int_eq(cops_weapon_from_json(&w, NULL, "{}"), COPS_EINVAL);
  ck_assert_int_eq(cops_weapon_load(&w, ctx, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_weapon_load(&w, ctx, "/nonexistent/w.json"), COPS_EIO);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "/nonexistent/w.json: No such file or directory");
  ck_assert_ptr_null(cops_weapon_kind_name(7, 0));
  cops_weapon_free(NULL);
}
END_TEST

START_TEST(test_armour)
{
  cops_armour *a;
  int d, f;
  ck_assert_int_eq(cops_armour_new(&a, ctx, "Gilet"), COPS_OK);
  ck_assert_int_eq(cops_armour_get(a, COPS_LOC_TORSO, &d, &f), COPS_OK);
  ck_assert_int_eq(d + f, 0);
  ck_assert_int_eq(cops_armour_set(a, COPS_LOC_TORSO, 2, 1), COPS_OK);
  ck_assert_int_eq(cops_armour_get(a, COPS_LOC_TORSO, &d, &f), COPS_OK);
  ck_assert_int_eq(d, 2);
  ck_assert_int_eq(f, 1);
  ck_assert_int_eq(cops_armour_set(a, COPS_LOC_TORSO, 11, 0), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "torso: 11 protection dice out of range 0..10");
  ck_assert_int_eq(cops_armour_set(a, COPS_LOC_HEAD, 0, 21), COPS_ERANGE);
  ck_assert_int_eq(cops_armour_set(a, 7, 1, 1), COPS_ERANGE);
  ck_assert_int_eq(cops_armour_against_throws(a), 0);
  ck_assert_int_eq(cops_armour_set_against_throws(a, 5), COPS_OK);
  ck_assert_int_eq(cops_armour_against_throws(a), 1);
  cops_armour_free(a);
  cops_armour_free(NULL);

  static const struct { const char *text; int loc; } locs[] = {
    {"tête", COPS_LOC_HEAD}, {"TETE", COPS_LOC_HEAD}, {"head", COPS_LOC_HEAD},
    {"right_leg", COPS_LOC_RIGHT_LEG}, {"Jambe gauche", COPS_LOC_LEFT_LEG},
    {"bras droit", COPS_LOC_RIGHT_ARM}, {"chest", COPS_LOC_TORSO}, {"Torse", COPS_LOC_TORSO},
  };
  int l;
  for (size_t i = 0; i < sizeof locs / sizeof locs[0]; i++) {
    ck_assert_int_eq(cops_location_parse(locs[i].text, &l), COPS_OK);
    ck_assert_int_eq(l, locs[i].loc);
  }
  ck_assert_int_eq(cops_location_parse("pied", &l), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_armour_from_json(&a, ctx, NULL), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "armour text is NULL");
  ck_assert_int_eq(cops_armour_load(&a, NULL, "x"), COPS_EINVAL);
  ck_assert_ptr_null(a);
  ck_assert_str_eq(cops_location_name(COPS_LOC_LEFT_ARM, COPS_LANG_FR), "bras gauche");
  ck_assert_ptr_null(cops_location_name(7, 0));

  /* "legs" and "arms" set both sides. */
  ck_assert_int_eq(cops_armour_from_json(&a, ctx, "{\"name\":\"X\",\"protection\":"
                   "{\"legs\":{\"dice\":1},\"arms\":{\"fixed\":2}}}"), COPS_OK);
  cops_armour_get(a, COPS_LOC_LEFT_LEG, &d, &f);
  ck_assert_int_eq(d, 1);
  cops_armour_get(a, COPS_LOC_RIGHT_ARM, &d, &f);
  ck_assert_int_eq(f, 2);
  cops_armour_free(a);
}
END_TEST

START_TEST(test_example_files_round_trip)
{
  static const char *const weapons[] = {"vulcan-051.json", "remington-162.json",
                                        "scorpion-131.json", "couteau-021.json",
                                        "matraque-012.json"};
  for (size_t i = 0; i < sizeof weapons / sizeof weapons[0]; i++) {
    const char *text = read_text(WEAPONS_DIR, weapons[i]);
    cops_weapon *w;
    char *json;
    ck_assert_msg(cops_weapon_from_json(&w, ctx, text) == COPS_OK, "%s: %s", weapons[i],
                  cops_ctx_errmsg(ctx));
    ck_assert_int_eq(cops_weapon_to_json(w, &json), COPS_OK);
    ck_assert_str_eq(json, text);
    cops_free(json);
    cops_weapon_free(w);
  }
  static const char *const armour[] = {"gilet-pare-balles.json", "anti-emeute.json"};
  for (size_t i = 0; i < 2; i++) {
    const char *text = read_text(ARMOUR_DIR, armour[i]);
    cops_armour *a;
    char *json;
    ck_assert_msg(cops_armour_from_json(&a, ctx, text) == COPS_OK, "%s: %s", armour[i],
                  cops_ctx_errmsg(ctx));
    ck_assert_int_eq(cops_armour_to_json(a, &json), COPS_OK);
    ck_assert_str_eq(json, text);
    cops_free(json);
    cops_armour_free(a);
  }
  /* The vest covers abdomen and torso only. */
  cops_armour *vest;
  char path[512];
  snprintf(path, sizeof path, "%s/gilet-pare-balles.json", ARMOUR_DIR);
  ck_assert_int_eq(cops_armour_load(&vest, ctx, path), COPS_OK);
  for (int l = 0; l < COPS_LOCATION_COUNT; l++) {
    int d, f;
    cops_armour_get(vest, l, &d, &f);
    ck_assert_int_eq(d > 0, l == COPS_LOC_ABDOMEN || l == COPS_LOC_TORSO);
  }
  cops_armour_free(vest);
}
END_TEST

static const struct bad {
  int armour;
  const char *json;
  int code;
  const char *message;
} bad[] = {
  {0, "{\"kind\": \"handgun\"}", COPS_EJSON, "name: missing field"},
  {0, "{\"name\": \"X 051\"}", COPS_EJSON, "kind: missing field"},
  {0, "{\"name\": \"X 051\", \"kind\": \"laser\"}", COPS_ENOTFOUND,
   "kind: unknown kind 'laser' (handgun, shoulder arm, heavy weapon, blade, blunt, unarmed, "
   "thrown)"},
  {0, "{\"name\": \"Beretta\", \"kind\": \"handgun\"}", COPS_EJSON,
   "pr: missing field (the name carries no PR/PU/FA)"},
  {0, "{\"name\": \"X 051\", \"kind\": \"handgun\", \"pu\": \"5\"}", COPS_EJSON,
   "pu: expected a whole number"},
  {0, "{\"name\": \"X 051\", \"kind\": \"handgun\", \"magazine\": 12, \"ct\": 13}", COPS_ERANGE,
   "ct: 13 out of range 1..12 (X 051)"},
  {0, "{\"name\": \"X 051\", \"kind\": \"blade\", \"magazine\": 12}", COPS_ERANGE,
   "magazine: 12 out of range 0..0 (X 051)"},
  {0, "{\"name\": \"X 051\", \"kind\": \"handgun\", \"skill\": \"Jeu\"}", COPS_ERULE,
   "skill: Jeu is not a weapon skill"},
  {0, "{\"name\": \"X 051\", \"kind\": \"shoulder arm\", \"specialisation\": \"arc\"}",
   COPS_ENOTFOUND,
   "specialisation: unknown specialisation 'arc' for Arme d'épaule (fusil à lunette, fusil, "
   "fusil à pompe)"},
  {0, "{\"name\": \"X 051\", \"kind\": \"handgun\", \"calibre\": 9}", COPS_EJSON,
   "calibre: unknown field"},
  {0, "{\"name\": \"X 051\", \"kind\": \"handgun\",", COPS_EJSON,
   "line 1, column 36: string or '}' expected"},
  {1, "{\"protection\": {}}", COPS_EJSON, "name: missing field"},
  {1, "{\"name\": \"X\", \"protection\": {\"foot\": {\"dice\": 1}}}", COPS_ENOTFOUND,
   "protection.foot: unknown location (head, torso, abdomen, right_arm, left_arm, right_leg, "
   "left_leg, arms, legs)"},
  {1, "{\"name\": \"X\", \"protection\": {\"head\": {\"dice\": 11}}}", COPS_ERANGE,
   "protection.head.dice: 11 out of range 0..10"},
  {1, "{\"name\": \"X\", \"protection\": {\"head\": 2}}", COPS_EJSON,
   "protection.head: expected {\"dice\": N, \"fixed\": N}"},
  {1, "{\"name\": \"X\", \"protection\": {\"head\": {\"dise\": 1}}}", COPS_EJSON,
   "protection.head.dise: unknown field"},
  {1, "{\"name\": \"X\", \"against_throws\": 1}", COPS_EJSON,
   "against_throws: expected true or false"},
};

START_TEST(test_malformed_files)
{
  const struct bad *b = &bad[_i];
  int rc;
  if (b->armour) {
    cops_armour *a = (cops_armour *)&a;
    rc = cops_armour_from_json(&a, ctx, b->json);
    ck_assert_ptr_null(a);
  } else {
    cops_weapon *w = (cops_weapon *)&w;
    rc = cops_weapon_from_json(&w, ctx, b->json);
    ck_assert_ptr_null(w);
  }
  ck_assert_msg(rc == b->code, "%s -> %d %s", b->json, rc, cops_ctx_errmsg(ctx));
  ck_assert_str_eq(cops_ctx_errmsg(ctx), b->message);
}
END_TEST

/* Field names as the JSON files spell them, for the bindings. */
START_TEST(test_weapon_field_names)
{
  int f;
  for (int i = 0; i < COPS_WEAPON_FIELD_COUNT; i++) {
    ck_assert_ptr_nonnull(cops_weapon_field_name(i));
    ck_assert_int_eq(cops_weapon_field_parse(cops_weapon_field_name(i), &f), COPS_OK);
    ck_assert_int_eq(f, i);
  }
  ck_assert_str_eq(cops_weapon_field_name(COPS_WEAPON_VRC), "vrc");
  ck_assert_int_eq(cops_weapon_field_parse("PU", &f), COPS_OK);
  ck_assert_int_eq(f, COPS_WEAPON_PU);
  ck_assert_int_eq(cops_weapon_field_parse("colour", &f), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_weapon_field_parse(NULL, &f), COPS_EINVAL);
  ck_assert_ptr_null(cops_weapon_field_name(COPS_WEAPON_FIELD_COUNT));
  ck_assert_ptr_null(cops_weapon_field_name(-1));
}
END_TEST

static Suite *equipment_suite(void)
{
  Suite *s = suite_create("equipment");
  TCase *tc = tcase_create("core");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_c10_values_from_the_name);
  tcase_add_test(tc, test_vulcan_051_file);
  tcase_add_test(tc, test_weapon_fields_and_reload);
  tcase_add_test(tc, test_armour);
  tcase_add_test(tc, test_example_files_round_trip);
  tcase_add_test(tc, test_weapon_field_names);
  tcase_add_loop_test(tc, test_malformed_files, 0, (int)(sizeof bad / sizeof bad[0]));
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(equipment_suite)
