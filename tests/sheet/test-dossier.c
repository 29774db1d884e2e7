/* What a player's sheet holds beside the rules (docs/sheets.md, "The dossier"): the
 * dossier and the extra object, checked, kept byte for byte, never read by the rules. */
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

/* Mike's example sheet with text spliced in before its last brace, marked schema 4 when
 * four. */
static char *mike_with(const char *fields, int four)
{
  char *text = NULL;
  cops_character *ch;
  ck_assert_int_eq(cops_character_load(&ch, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_to_json(ch, &text), COPS_OK);
  cops_character_free(ch);
  char *end = strrchr(text, '}');
  ck_assert_ptr_nonnull(end);
  *end = '\0';
  char *schema = strstr(text, "\"schema\": 3");
  ck_assert_ptr_nonnull(schema);
  if (four)
    schema[10] = '4';
  const size_t n = strlen(text) + strlen(fields) + 8;
  char *out = malloc(n);
  ck_assert_ptr_nonnull(out);
  snprintf(out, n, "%s,%s}", text, fields);
  cops_free(text);
  return out;
}

static const char dossier[] =
  "\"dossier\": {\"nickname\": \"Tex\", \"grade\": \"Inspecteur\", \"age\": 34, "
  "\"background\": \"Né à East LA.\\n\\tPatrouilleur dix ans.\", "
  "\"languages\": [\"anglais\", \"espagnol\"], \"history\": \"Sa première affaire\", "
  "\"experience\": 12, \"notes\": \"Doit 200 $ à Sarah.\"}";

START_TEST(test_dossier_and_extra_round_trip_byte_for_byte)
{
  char fields[2048];
  snprintf(fields, sizeof fields, "%s, \"extra\": {\"vtt\": {\"token\": "
           "\"mike.png\", \"z\": [1, 2.5, null, true], \"flags\": {}}, \"a\": \"b\"}", dossier);
  char *text = mike_with(fields, 1);
  cops_character *ch, *again;
  ck_assert_msg(cops_character_from_json(&ch, ctx, text) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  char *saved, *saved2, *d, *x;
  ck_assert_int_eq(cops_character_to_json(ch, &saved), COPS_OK);
  ck_assert_int_eq(cops_character_from_json(&again, ctx, saved), COPS_OK);
  ck_assert_int_eq(cops_character_to_json(again, &saved2), COPS_OK);
  ck_assert_str_eq(saved, saved2);
  ck_assert_ptr_nonnull(strstr(saved, "\"schema\": 4,"));
  /* Kept in the order given, the text as it came. */
  ck_assert_int_eq(cops_character_dossier(again, &d), COPS_OK);
  ck_assert_str_eq(d, "{\"nickname\":\"Tex\",\"grade\":\"Inspecteur\",\"age\":34,"
                      "\"background\":\"Né à East LA.\\n\\tPatrouilleur dix ans.\","
                      "\"languages\":[\"anglais\",\"espagnol\"],"
                      "\"history\":\"Sa première affaire\",\"experience\":12,"
                      "\"notes\":\"Doit 200 $ à Sarah.\"}");
  ck_assert_int_eq(cops_character_extra(again, &x), COPS_OK);
  ck_assert_str_eq(x, "{\"vtt\":{\"token\":\"mike.png\",\"z\":[1,2.5,null,true],\"flags\":{}},"
                      "\"a\":\"b\"}");
  /* Never read by the rules: the same sheet without them rolls the same. */
  ck_assert_int_eq(cops_character_max_hp(again), 29);
  ck_assert_int_eq(cops_character_skill(again, COPS_ARME_DE_POING), 5);
  cops_free(d);
  cops_free(x);
  cops_free(saved);
  cops_free(saved2);
  free(text);
  cops_character_free(ch);
  cops_character_free(again);
}
END_TEST

START_TEST(test_a_sheet_without_them_stays_schema_3)
{
  cops_character *ch;
  char *saved, *d, *x;
  ck_assert_int_eq(cops_character_load(&ch, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_to_json(ch, &saved), COPS_OK);
  ck_assert_ptr_nonnull(strstr(saved, "\"schema\": 3,"));
  ck_assert_ptr_null(strstr(saved, "dossier"));
  ck_assert_ptr_null(strstr(saved, "extra"));
  ck_assert_int_eq(cops_character_dossier(ch, &d), COPS_OK);
  ck_assert_str_eq(d, "{}");
  ck_assert_int_eq(cops_character_extra(ch, &x), COPS_OK);
  ck_assert_str_eq(x, "{}");
  cops_free(d);
  cops_free(x);
  cops_free(saved);
  /* Set, then cleared with NULL and with "{}". */
  ck_assert_int_eq(cops_character_set_dossier(ch, "{\"nickname\": \"Tex\"}"), COPS_OK);
  ck_assert_int_eq(cops_character_set_extra(ch, "{\"k\": 1}"), COPS_OK);
  ck_assert_int_eq(cops_character_to_json(ch, &saved), COPS_OK);
  ck_assert_ptr_nonnull(strstr(saved, "\"schema\": 4,"));
  ck_assert_ptr_nonnull(strstr(saved, "\"nickname\": \"Tex\""));
  cops_free(saved);
  ck_assert_int_eq(cops_character_set_dossier(ch, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_extra(ch, "{}"), COPS_OK);
  ck_assert_int_eq(cops_character_to_json(ch, &saved), COPS_OK);
  ck_assert_ptr_nonnull(strstr(saved, "\"schema\": 3,"));
  cops_free(saved);
  cops_character_free(ch);
}
END_TEST

START_TEST(test_every_field_checked_all_or_nothing)
{
  static const struct {
    const char *json;
    int rc;
    const char *says;
  } bad[] = {
    {"{\"rank\": \"x\"}", COPS_EJSON, "dossier.rank: unknown field"},
    {"{\"age\": 151}", COPS_ERANGE, "dossier.age"},
    {"{\"age\": -1}", COPS_ERANGE, "dossier.age"},
    {"{\"age\": \"34\"}", COPS_EJSON, "dossier.age"},
    {"{\"experience\": 1000001}", COPS_ERANGE, "dossier.experience"},
    {"{\"nickname\": 3}", COPS_EJSON, "dossier.nickname: expected a string"},
    {"{\"nickname\": \"a\\nb\"}", COPS_EINVAL, "dossier.nickname: not clean"},
    {"{\"notes\": \"a\\u0000b\"}", COPS_EJSON, "\\u0000 is not allowed"},
    {"{\"notes\": \"a\\u0007b\"}", COPS_EINVAL, "dossier.notes: not clean"},
    {"{\"languages\": \"anglais\"}", COPS_EJSON, "dossier.languages: expected an array"},
    {"{\"languages\": [\"\"]}", COPS_EINVAL, "dossier.languages[0]: empty"},
    {"{\"languages\": [\"a\", 2]}", COPS_EJSON, "dossier.languages[1]"},
    {"[]", COPS_EJSON, "dossier: expected an object"},
    {"{\"nickname\": ", COPS_EJSON, ""},
  };
  cops_character *ch;
  ck_assert_int_eq(cops_character_load(&ch, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_set_dossier(ch, "{\"grade\": \"Sergent\"}"), COPS_OK);
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_msg(cops_character_set_dossier(ch, bad[i].json) == bad[i].rc, "%s: %s",
                  bad[i].json, cops_ctx_errmsg(ctx));
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[i].says), "%s: %s", bad[i].json,
                  cops_ctx_errmsg(ctx));
    char *d;   /* nothing half-applied */
    ck_assert_int_eq(cops_character_dossier(ch, &d), COPS_OK);
    ck_assert_str_eq(d, "{\"grade\":\"Sergent\"}");
    cops_free(d);
  }
  /* The limits themselves pass; one byte more fails. */
  char big[COPS_DOSSIER_TEXT_MAX + 64];
  memset(big, 'a', sizeof big);
  snprintf(big, 16, "{\"notes\": \"");
  const size_t at = strlen(big);
  memset(big + at, 'a', COPS_DOSSIER_TEXT_MAX);
  strcpy(big + at + COPS_DOSSIER_TEXT_MAX, "\"}");
  ck_assert_int_eq(cops_character_set_dossier(ch, big), COPS_OK);
  big[at + COPS_DOSSIER_TEXT_MAX] = 'a';
  strcpy(big + at + COPS_DOSSIER_TEXT_MAX + 1, "\"}");
  ck_assert_int_eq(cops_character_set_dossier(ch, big), COPS_ERANGE);
  ck_assert_int_eq(cops_character_set_extra(ch, "[1]"), COPS_EJSON);
  ck_assert_int_eq(cops_character_set_extra(ch, "{\"deep\": [[[[{\"x\": 1}]]]]}"), COPS_OK);
  /* NULL handles. */
  char *out = (char *)1;
  ck_assert_int_eq(cops_character_dossier(NULL, &out), COPS_EINVAL);
  ck_assert_ptr_null(out);
  ck_assert_int_eq(cops_character_dossier(ch, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_character_set_extra(NULL, "{}"), COPS_EINVAL);
  cops_character_free(ch);
}
END_TEST

START_TEST(test_the_sheet_refuses_what_it_does_not_know)
{
  /* An unknown top-level field names itself and where a tabletop's data goes. */
  char *text = mike_with("\"token\": \"x\"", 0);
  cops_character *ch = (cops_character *)1;
  ck_assert_int_eq(cops_character_from_json(&ch, ctx, text), COPS_EJSON);
  ck_assert_ptr_null(ch);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "token: unknown field"));
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "\"extra\""));
  free(text);
  /* A dossier in a sheet that says schema 3. */
  char fields[1024];
  snprintf(fields, sizeof fields, "%s", dossier);
  text = mike_with(fields, 0);
  ck_assert_int_eq(cops_character_from_json(&ch, ctx, text), COPS_EJSON);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "dossier: a sheet of schema 4"));
  free(text);
  /* A bad field inside the dossier of a sheet. */
  text = mike_with("\"dossier\": {\"age\": 200}", 1);
  ck_assert_int_eq(cops_character_from_json(&ch, ctx, text), COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "dossier.age"));
  free(text);
}
END_TEST

START_TEST(test_a_fight_file_keeps_them)
{
  /* A combatant's sheet carries its dossier through an encounter's save and load. */
  cops_character *ch;
  ck_assert_int_eq(cops_character_load(&ch, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_set_dossier(ch, "{\"nickname\": \"Tex\", \"age\": 34}"),
                   COPS_OK);
  ck_assert_int_eq(cops_character_set_extra(ch, "{\"token\": \"t1\"}"), COPS_OK);
  cops_encounter *e, *back;
  int id;
  ck_assert_int_eq(cops_encounter_new(&e, ctx, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, ch, 0, 0, 0, &id), COPS_OK);
  char *saved, *d, *x;
  ck_assert_int_eq(cops_encounter_save(e, &saved), COPS_OK);
  ck_assert_msg(cops_encounter_load(&back, ctx, saved) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(cops_character_dossier(cops_encounter_character(back, 0), &d), COPS_OK);
  ck_assert_str_eq(d, "{\"nickname\":\"Tex\",\"age\":34}");
  ck_assert_int_eq(cops_character_extra(cops_encounter_character(back, 0), &x), COPS_OK);
  ck_assert_str_eq(x, "{\"token\":\"t1\"}");
  cops_free(d);
  cops_free(x);
  cops_free(saved);
  cops_encounter_free(back);
  cops_encounter_free(e);
  cops_character_free(ch);
}
END_TEST

static Suite *dossier_suite(void)
{
  Suite *s = suite_create("dossier");
  TCase *tc = tcase_create("core");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_dossier_and_extra_round_trip_byte_for_byte);
  tcase_add_test(tc, test_a_sheet_without_them_stays_schema_3);
  tcase_add_test(tc, test_every_field_checked_all_or_nothing);
  tcase_add_test(tc, test_the_sheet_refuses_what_it_does_not_know);
  tcase_add_test(tc, test_a_fight_file_keeps_them);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(dossier_suite)
