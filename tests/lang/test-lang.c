/* The language catalogues (lib/lang/): every message of every language, with
 * the same placeholders and the forms the plural needs; every word list full;
 * the language API; each language's narration of fights with nothing left
 * unfilled; the plural rules (docs/events.md, "Adding a language"). */
#include <stdio.h>

#include "lang/lang.h"
#include "testutil.h"

#define STREET SCENARIOS_DIR "/street-shootout.json"

/* The placeholders of a template, sorted and space-separated, without their
 * format ("{initiative:+}" is "initiative"). */
static void placeholders(const char *s, char *out, size_t size)
{
  const char *names[32];
  size_t lens[32];
  int n = 0;
  for (const char *p = strchr(s, '{'); p; p = strchr(p + 1, '{')) {
    const char *close = strchr(p, '}');
    ck_assert_msg(close != NULL, "an unclosed '{' in \"%s\"", s);
    const char *colon = memchr(p, ':', (size_t)(close - p));
    ck_assert_int_lt(n, 32);
    names[n] = p + 1;
    lens[n++] = (size_t)((colon ? colon : close) - p - 1);
  }
  for (int i = 1; i < n; i++)   /* insertion sort by name */
    for (int j = i; j > 0; j--) {
      const size_t m = lens[j] < lens[j - 1] ? lens[j] : lens[j - 1];
      int c = memcmp(names[j], names[j - 1], m);
      if (c > 0 || (c == 0 && lens[j] >= lens[j - 1]))
        break;
      const char *tn = names[j];
      size_t tl = lens[j];
      names[j] = names[j - 1];
      lens[j] = lens[j - 1];
      names[j - 1] = tn;
      lens[j - 1] = tl;
    }
  out[0] = 0;
  for (int i = 0; i < n; i++)
    snprintf(out + strlen(out), size - strlen(out), "%s%.*s", i ? " " : "", (int)lens[i],
             names[i]);
}

/* The declared placeholders of a message, sorted the same way. */
static void declared(int id, char *out, size_t size)
{
  char braced[256] = "";
  char copy[256];
  snprintf(copy, sizeof copy, "%s", cops__msg_placeholders[id]);
  for (char *w = strtok(copy, " "); w; w = strtok(NULL, " "))
    snprintf(braced + strlen(braced), sizeof braced - strlen(braced), "{%s}", w);
  placeholders(braced, out, size);
}

static void words(const char *lang, const char *what, const char *const *list, int n)
{
  for (int i = 0; i < n; i++)
    ck_assert_msg(list[i] && list[i][0], "%s: %s[%d] missing", lang, what, i);
}

START_TEST(test_every_catalogue_is_complete)
{
  ck_assert_int_eq(cops__lang_count(), 3);
  for (int l = 0; l < cops__lang_count(); l++) {
    const struct cops__lang *L = cops__lang(l);
    ck_assert_ptr_nonnull(L);
    ck_assert_msg(L->code && strlen(L->code) == 2, "language %d: a code of two letters", l);
    ck_assert_msg(L->name && L->name[0], "%s: no name", L->code);
    for (int k = 0; k < l; k++)
      ck_assert_str_ne(cops__lang(k)->code, L->code);
    ck_assert(L->plural == COPS__PLURAL_ONE || L->plural == COPS__PLURAL_ZERO_ONE);
    for (int id = 0; id < MSG_COUNT; id++) {
      char want[256], got[256];
      declared(id, want, sizeof want);
      ck_assert_msg(L->msg[id][0], "%s: message %d missing", L->code, id);
      ck_assert_msg(!L->msg[id][1] == !cops__msg_plural[id],
                    "%s: message %d %s a plural form", L->code, id,
                    cops__msg_plural[id] ? "needs" : "has no use for");
      for (int form = 0; form < 2 && L->msg[id][form]; form++) {
        placeholders(L->msg[id][form], got, sizeof got);
        ck_assert_msg(!strcmp(got, want), "%s: message %d \"%s\" takes {%s}, not {%s}",
                      L->code, id, L->msg[id][form], got, want);
      }
    }
    words(L->code, "purpose", L->purpose, COPS_PURPOSE_COUNT);
    words(L->code, "mode", L->mode, COPS_ATTACK_MODE_COUNT);
    words(L->code, "miss", L->miss, COPS_MISS_REASON_COUNT);
    words(L->code, "action", L->action, COPS_ACT_COUNT);
    words(L->code, "idle", L->idle, COPS_IDLE_REASON_COUNT);
    words(L->code, "zone_narration", L->zone_narration, COPS_ZONE_COUNT);
    words(L->code, "attitude", L->attitude, 5);
    words(L->code, "zone", L->zone, COPS_ZONE_COUNT);
    words(L->code, "health", L->health, 5);
    words(L->code, "condition", L->condition, 7);
    words(L->code, "stopping", L->stopping, 3);
    words(L->code, "relation_kind", L->relation_kind, 2);
    words(L->code, "relation_level (ally)", L->relation_level[0], 4);
    words(L->code, "relation_level (informant)", L->relation_level[1], 4);
    words(L->code, "upkeep", L->upkeep, 5);
    words(L->code, "iv_attitude", L->iv_attitude, 5);
  }
  /* A slip in a template is caught: a placeholder no value has. */
  char got[64];
  placeholders("{actor} vs {targte:+}", got, sizeof got);
  ck_assert_str_eq(got, "actor targte");
}
END_TEST

START_TEST(test_the_language_api)
{
  ck_assert_int_eq(cops_lang_count(), 3);
  ck_assert_str_eq(cops_lang_code(COPS_LANG_FR), "fr");
  ck_assert_str_eq(cops_lang_code(COPS_LANG_EN), "en");
  ck_assert_str_eq(cops_lang_code(COPS_LANG_ES), "es");
  ck_assert_ptr_null(cops_lang_code(3));
  ck_assert_ptr_null(cops_lang_code(-1));
  int lang = -1;
  ck_assert_int_eq(cops_lang_parse("es", &lang), COPS_OK);
  ck_assert_int_eq(lang, COPS_LANG_ES);
  ck_assert_int_eq(cops_lang_parse("FR", &lang), COPS_OK);
  ck_assert_int_eq(lang, COPS_LANG_FR);
  ck_assert_int_eq(cops_lang_parse("de", &lang), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_lang_parse("e", &lang), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_lang_parse("esp", &lang), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_lang_parse(NULL, &lang), COPS_EINVAL);
  ck_assert_int_eq(cops_lang_parse("fr", NULL), COPS_EINVAL);
  /* The names of game terms come from the catalogues, in every language; attitudes
   * parse in every language. */
  ck_assert_str_eq(cops_attitude_name(2, COPS_LANG_ES), "Ultraviolento");
  ck_assert_str_eq(cops_zone_name(4, COPS_LANG_ES), "cabeza");
  ck_assert_str_eq(cops_stopping_name(2, COPS_LANG_ES), "fuera de combate");
  ck_assert_str_eq(cops_condition_name(COPS_COND_HELD, COPS_LANG_ES), "inmovilizado");
  ck_assert_ptr_null(cops_attitude_name(0, 3));
  int a;
  ck_assert_int_eq(cops_attitude_parse("agresivo", &a), COPS_OK);
  ck_assert_int_eq(a, 1);
  ck_assert_int_eq(cops_attitude_parse("Planqué", &a), COPS_OK);
  ck_assert_int_eq(a, -2);
  ck_assert_int_eq(cops_attitude_parse("Careful", &a), COPS_OK);
  ck_assert_int_eq(a, -1);
}
END_TEST

/* Each language narrates whole fights with every placeholder filled. */
START_TEST(test_every_language_narrates_fights_completely)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  for (uint64_t seed = 1; seed <= 20; seed++) {
    cops_scenario *sc;
    ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
    cops_encounter *e = cops_scenario_encounter(sc);
    cops_encounter_seed(e, seed);
    ck_assert_int_eq(cops_scenario_run(sc), COPS_OK);
    const cops_log *log = cops_encounter_log(e);
    for (int l = 0; l < cops_lang_count(); l++) {
      char *text;
      ck_assert_int_eq(cops_log_narrate(log, 0, l, &text), COPS_OK);
      ck_assert_msg(!strchr(text, '{') && !strchr(text, '}'), "%s: a placeholder left",
                    cops_lang_code(l));
      int lines = 0;
      for (const char *p = text; *p; p = strchr(p, '\n') + 1) {
        ck_assert_msg(p[0] != '\n', "%s: an empty line", cops_lang_code(l));
        lines++;
      }
      ck_assert_int_eq(lines, cops_log_count(log));
      cops_free(text);
    }
    cops_scenario_free(sc);
  }
  cops_ctx_free(ctx);
}
END_TEST

/* French puts 0 in the singular, English and Spanish in the plural. */
START_TEST(test_plural_rules)
{
  script s;
  cops_ctx *ctx = scripted_ctx(&s, (const int[]){1, 1, 1, 1, 7, 8, 9, 1}, 8);
  cops_character *ch;
  ck_assert_int_eq(cops_character_load(&ch, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  int steady;
  /* Two rolls of nerve under covering fire (6+/Sang-froid 4 (3), C10.5): 0
   * successes, then 3. */
  ck_assert_int_eq(cops_cover_nerve(r, ch, log, &steady), COPS_OK);
  ck_assert_int_eq(cops_cover_nerve(r, ch, log, &steady), COPS_OK);
  ck_assert_int_eq(s.next, 8);
  static const char *const want[3][2] = {
    {", 0 réussite, raté", ", 3 réussites, réussi"},
    {", 0 successes, failure", ", 3 successes, success"},
    {", 0 éxitos, fallado", ", 3 éxitos, logrado"},
  };
  for (int l = 0; l < 3; l++) {
    char *text;
    ck_assert_int_eq(cops_log_narrate(log, 0, l, &text), COPS_OK);
    for (int k = 0; k < 2; k++)
      ck_assert_msg(strstr(text, want[l][k]), "%s: no \"%s\" in:\n%s", cops_lang_code(l),
                    want[l][k], text);
    cops_free(text);
  }
  cops_roll_free(r);
  cops_log_free(log);
  cops_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *lang_suite(void)
{
  Suite *s = suite_create("lang");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_every_catalogue_is_complete);
  tcase_add_test(tc, test_the_language_api);
  tcase_add_test(tc, test_every_language_narrates_fights_completely);
  tcase_add_test(tc, test_plural_rules);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(lang_suite)
