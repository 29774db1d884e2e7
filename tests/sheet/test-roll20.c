/* A Roll20 COPS character made into a sheet (docs/sheets.md, "Importing from Roll20"): the
 * example export giving every attribute of the community sheet reads into the golden sheet,
 * what does not fit is corrected or dropped and reported, bad input refused whole. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

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

static char *slurp(const char *path)
{
  FILE *f = fopen(path, "rb");
  ck_assert_ptr_nonnull(f);
  fseek(f, 0, SEEK_END);
  const long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)n + 1);
  ck_assert_ptr_nonnull(text);
  ck_assert_int_eq(fread(text, 1, (size_t)n, f), n);
  text[n] = '\0';
  fclose(f);
  return text;
}

START_TEST(test_the_example_reads_into_the_golden_sheet)
{
  char *export = slurp(SHEETS_DIR "/../roll20/delgado.json");
  char *golden = slurp(GOLDEN_DIR "/roll20-delgado.json");
  cops_character *ch;
  char *report, *sheet;
  ck_assert_msg(cops_character_from_roll20(&ch, ctx, export, &report) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  ck_assert_int_eq(cops_character_to_json(ch, &sheet), COPS_OK);
  ck_assert_str_eq(sheet, golden);
  /* What the rules decide, from the attributes. */
  ck_assert_int_eq(cops_character_skill(ch, COPS_ARME_DE_POING), 5);
  ck_assert_int_eq(cops_character_max_hp(ch), 29);
  ck_assert_int_eq(cops_character_weapon_count(ch), 3);
  ck_assert_int_eq(cops_weapon_magazines(cops_character_weapon(ch, 0)), 2);
  /* The report: each entry an attribute, an action, a detail. */
  ck_assert_ptr_nonnull(strstr(report, "{\"attribute\":\"Badge\",\"action\":\"dropped\","
                                       "\"detail\":\"not an attribute of the Roll20 COPS sheet\"}"));
  ck_assert_ptr_nonnull(strstr(report, "{\"attribute\":\"Informatique\",\"action\":\"corrected\","
                                       "\"detail\":\"7+ without a specialisation: 6+ by the "
                                       "rules (C1.5, C3)\"}"));
  cops_free(report);
  cops_free(sheet);
  cops_character_free(ch);
  /* Without a report. */
  ck_assert_int_eq(cops_character_from_roll20(&ch, ctx, export, NULL), COPS_OK);
  cops_character_free(ch);
  free(export);
  free(golden);
}
END_TEST

START_TEST(test_bad_input_is_refused_whole)
{
  static const struct {
    const char *json;
    int rc;
    const char *says;
  } bad[] = {
    {"[{", COPS_EJSON, "line 1"},
    {"{\"name\": \"x\"}", COPS_EJSON, "expected Roll20's attributes"},
    {"[{\"name\": \"Carrure\", \"current\": 3}, 7]", COPS_EJSON, "attribs[1]: expected"},
    {"[{\"current\": 3}]", COPS_EJSON, "attribs[0]: expected"},
    {"[{\"name\": \"\", \"current\": 3}]", COPS_EJSON, "an attribute's name of 1..255 bytes"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cops_character *ch = (cops_character *)1;
    char *report = (char *)1;
    EXPECT(cops_character_from_roll20(&ch, ctx, bad[i].json, &report), bad[i].rc);
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[i].says), "%s: %s", bad[i].json,
                  cops_ctx_errmsg(ctx));
    ck_assert_ptr_null(ch);
    ck_assert_ptr_null(report);
  }
  cops_character *ch;
  EXPECT(cops_character_from_roll20(&ch, ctx, "{\"attribs\": 3}", NULL), COPS_EJSON);
  EXPECT(cops_character_from_roll20(NULL, ctx, "[]", NULL), COPS_EINVAL);
  EXPECT(cops_character_from_roll20(&ch, NULL, "[]", NULL), COPS_EINVAL);
  /* An empty export is a character at the Roll20 sheet's defaults, each said. */
  char *report;
  EXPECT(cops_character_from_roll20(&ch, ctx, "[]", &report), COPS_OK);
  ck_assert_str_eq(cops_character_name(ch), "Sans nom");
  ck_assert_int_eq(cops_character_characteristic(ch, 0), 2);
  ck_assert_ptr_nonnull(strstr(report, "\"attribute\":\"Sang-Froid\",\"action\":\"corrected\","
                                       "\"detail\":\"absent: 2, the Roll20 sheet's default\""));
  cops_free(report);
  cops_character_free(ch);
}
END_TEST

START_TEST(test_skills_follow_the_rules_of_specialisation)
{
  /* Arme d'épaule 6+ with a shotgun at 3+ and a rifle at 5+: 3+ [fusil à pompe], the rifle
   * dropped (one level per skill); Tir en rafales better than its weapon skill: lowered;
   * Conduite 4+ with no specialisation: 9+ (C1.5); a spelling of the Roll20 sheet's. */
  const char *text =
    "{\"name\": \"Ana\", \"attribs\": ["
    "{\"name\": \"ArmeEpaule1\", \"current\": \"6\"},"
    "{\"name\": \"repeating_armeEpaule_-a_nomEpaulespe\", \"current\": \"Fusil à Pompe\"},"
    "{\"name\": \"repeating_armeEpaule_-a_ArmeEpauleSpe\", \"current\": \"3\"},"
    "{\"name\": \"repeating_armeEpaule_-b_nomEpaulespe\", \"current\": \"Fusil\"},"
    "{\"name\": \"repeating_armeEpaule_-b_ArmeEpauleSpe\", \"current\": \"5\"},"
    "{\"name\": \"ArmePoing\", \"current\": \"6\"},"
    "{\"name\": \"repeating_tirEnRafale_-c_nomTirEnRafaleSpe\", \"current\": \"Arme de Poing\"},"
    "{\"name\": \"repeating_tirEnRafale_-c_TirEnRafaleSpe\", \"current\": \"4\"},"
    "{\"name\": \"Conduite\", \"current\": \"4\"},"
    "{\"name\": \"repeating_corpsacorps_-d_nomCorpsACorpsSpe\", \"current\": \"Immobilisation\"},"
    "{\"name\": \"repeating_corpsacorps_-d_CorpsACorpsSpe\", \"current\": \"5\"}]}";
  cops_character *ch;
  char *report;
  ck_assert_msg(cops_character_from_roll20(&ch, ctx, text, &report) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  ck_assert_str_eq(cops_character_name(ch), "Ana");   /* the export's name */
  ck_assert_int_eq(cops_character_skill(ch, COPS_ARME_D_EPAULE), 3);
  ck_assert_int_eq(cops_character_specialisation_count(ch, COPS_ARME_D_EPAULE), 1);
  ck_assert_str_eq(cops_character_specialisation(ch, COPS_ARME_D_EPAULE, 0), "fusil à pompe");
  ck_assert_int_eq(cops_character_skill(ch, COPS_TIR_EN_RAFALES), 6);
  ck_assert_int_eq(cops_character_skill(ch, COPS_CONDUITE), 9);
  ck_assert_int_eq(cops_character_skill(ch, COPS_CORPS_A_CORPS), 5);
  ck_assert_str_eq(cops_character_specialisation(ch, COPS_CORPS_A_CORPS, 0), "immobilisations");
  ck_assert_ptr_nonnull(strstr(report, "Fusil at 5+ beside 3+: a libcops sheet holds one level "
                                       "per skill (C3)"));
  ck_assert_ptr_nonnull(strstr(report, "Arme de Poing at 4+: 6+, never better than its weapon "
                                       "skill (C3)"));
  ck_assert_ptr_nonnull(strstr(report, "\"attribute\":\"Conduite\",\"action\":\"corrected\","
                                       "\"detail\":\"4+ needs a specialisation (C3): 9+ without "
                                       "one\""));
  cops_free(report);
  cops_character_free(ch);
}
END_TEST

static Suite *roll20_suite(void)
{
  Suite *s = suite_create("roll20");
  TCase *tc = tcase_create("core");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_the_example_reads_into_the_golden_sheet);
  tcase_add_test(tc, test_bad_input_is_refused_whole);
  tcase_add_test(tc, test_skills_follow_the_rules_of_specialisation);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(roll20_suite)
