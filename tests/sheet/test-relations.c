/* A cop's relations (COPS.md C9, docs/relations.md): kinds and levels with their names, the
 * cap of two level-4 relations, knowledge domains -3..+1, the level of information in a
 * domain, one push at a time, the upkeep, and the sheet that keeps them. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

static cops_ctx *ctx;
static cops_character *cop;

static void setup(void)
{
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_character_new(&cop, ctx), COPS_OK);
  cops_character_set_name(cop, "Mike");
}

static void teardown(void)
{
  cops_character_free(cop);
  cops_ctx_free(ctx);
}

static int add(const char *name, int kind, int level)
{
  int i;
  ck_assert_msg(cops_character_add_relation(cop, name, kind, level, &i) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  return i;
}

static cops_relation get(int i)
{
  cops_relation r;
  r.size = sizeof r;
  ck_assert_int_eq(cops_character_relation(cop, i, &r), COPS_OK);
  return r;
}

static int info(int i, const char *domain)
{
  int level;
  ck_assert_int_eq(cops_relation_information(cop, i, domain, &level), COPS_OK);
  return level;
}

/* C9: two kinds, four levels each, named in French (the rules' words), English, Spanish. */
START_TEST(test_c9_kinds_and_levels)
{
  static const char *const fr[2][4] = {{"connaissance", "copain", "ami", "à la vie à la mort"},
                                       {"correct", "réglo", "sûr", "parfaitement fiable"}};
  for (int k = 0; k < 2; k++)
    for (int l = 1; l <= 4; l++)
      ck_assert_str_eq(cops_relation_level_name(k, l, COPS_LANG_FR), fr[k][l - 1]);
  ck_assert_str_eq(cops_relation_level_name(COPS_INFORMANT, 4, COPS_LANG_EN), "wholly reliable");
  ck_assert_str_eq(cops_relation_level_name(COPS_ALLY, 4, COPS_LANG_ES), "a vida o muerte");
  ck_assert_ptr_null(cops_relation_level_name(COPS_ALLY, 5, COPS_LANG_FR));
  ck_assert_ptr_null(cops_relation_level_name(2, 1, COPS_LANG_FR));
  ck_assert_str_eq(cops_relation_kind_name(COPS_ALLY, COPS_LANG_FR), "allié");
  ck_assert_str_eq(cops_relation_kind_name(COPS_INFORMANT, COPS_LANG_EN), "informant");
  int v;
  ck_assert_int_eq(cops_relation_kind_parse("Informateur", &v), COPS_OK);
  ck_assert_int_eq(v, COPS_INFORMANT);
  ck_assert_int_eq(cops_relation_kind_parse("allie", &v), COPS_OK);
  ck_assert_int_eq(v, COPS_ALLY);
  ck_assert_int_eq(cops_relation_kind_parse("friend", &v), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_upkeep_parse("petits services", &v), COPS_OK);
  ck_assert_int_eq(v, COPS_UPKEEP_SERVICES);
  ck_assert_int_eq(cops_upkeep_parse("money", &v), COPS_OK);
  ck_assert_int_eq(v, COPS_UPKEEP_MONEY);
  ck_assert_str_eq(cops_upkeep_name(COPS_UPKEEP_FAVOURS, COPS_LANG_EN), "favours");
  const int t = add("Tito Vargas", COPS_INFORMANT, 2);
  cops_relation r = get(t);
  ck_assert_str_eq(r.name, "Tito Vargas");
  ck_assert_int_eq(r.kind, COPS_INFORMANT);
  ck_assert_int_eq(r.level, 2);
  ck_assert_int_eq(r.upkeep, COPS_UPKEEP_MONEY);   /* an informant's default (C9) */
  ck_assert_int_eq(r.domains, 0);
  ck_assert_int_eq(r.pushed, -1);
  ck_assert_int_eq(cops_character_set_relation_upkeep(cop, t, COPS_UPKEEP_MONEY), COPS_OK);
  ck_assert_int_eq(get(t).upkeep, COPS_UPKEEP_MONEY);
  ck_assert_int_eq(cops_character_set_relation_upkeep(cop, t, 9), COPS_EINVAL);
  ck_assert_int_eq(cops_character_add_relation(cop, "X", COPS_ALLY, 0, NULL), COPS_ERANGE);
  ck_assert_int_eq(cops_character_add_relation(cop, "X", COPS_ALLY, 5, NULL), COPS_ERANGE);
  ck_assert_int_eq(cops_character_add_relation(cop, "X", 2, 1, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_character_add_relation(cop, "", COPS_ALLY, 1, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_character_add_relation(cop, "tito  VARGAS", COPS_ALLY, 1, NULL),
                   COPS_EINVAL);   /* the same name, folded */
  ck_assert_int_eq(cops_character_find_relation(cop, "Tito vargas"), t);
  ck_assert_int_eq(cops_character_find_relation(cop, "Lena"), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_character_relation_count(cop), 1);
}
END_TEST

/* C9: "Informateurs : une somme mensuelle ... ou des informations intéressantes ou des petits
 * services. Alliés : petits services de temps à autre, renvois d'ascenseur." Each kind has its
 * upkeeps and its default (RULING C9-L1); another is refused and changes nothing. */
START_TEST(test_c9_upkeep_by_kind)
{
  const int tito = add("Tito", COPS_INFORMANT, 2), lena = add("Lena", COPS_ALLY, 3);
  ck_assert_int_eq(get(tito).upkeep, COPS_UPKEEP_MONEY);
  ck_assert_int_eq(get(lena).upkeep, COPS_UPKEEP_FAVOURS);
  static const int informant[] = {COPS_UPKEEP_MONEY, COPS_UPKEEP_INFORMATION,
                                  COPS_UPKEEP_SERVICES};
  for (int k = 0; k < 3; k++) {
    ck_assert_int_eq(cops_character_set_relation_upkeep(cop, tito, informant[k]), COPS_OK);
    ck_assert_int_eq(get(tito).upkeep, informant[k]);
    ck_assert_int_eq(cops_character_set_relation_upkeep(cop, lena, informant[k]), COPS_ERULE);
    ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "Lena is an ally, kept by occasional "
                                                       "favours"));
    ck_assert_int_eq(get(lena).upkeep, COPS_UPKEEP_FAVOURS);
  }
  ck_assert_int_eq(cops_character_set_relation_upkeep(cop, tito, COPS_UPKEEP_FAVOURS),
                   COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "Tito is an informant, kept by money, "
                                                     "information or small services, not by "
                                                     "favours (C9)"));
  ck_assert_int_eq(get(tito).upkeep, COPS_UPKEEP_SERVICES);
  ck_assert_int_eq(cops_character_set_relation_upkeep(cop, tito, COPS_UPKEEP_NONE), COPS_OK);
  ck_assert_int_eq(get(tito).upkeep, COPS_UPKEEP_MONEY);   /* none said: the default */
  ck_assert_int_eq(cops_character_set_relation_upkeep(cop, lena, COPS_UPKEEP_NONE), COPS_OK);
  ck_assert_int_eq(get(lena).upkeep, COPS_UPKEEP_FAVOURS);
  ck_assert_int_eq(cops_character_set_relation_upkeep(cop, lena, -1), COPS_EINVAL);
  /* A sheet: no upkeep or "none" reads as the default; another kind's is refused. */
#define SHEET_HEAD "{\"name\":\"A\",\"characteristics\":{\"Carrure\":3,\"Charme\":2," \
  "\"Coordination\":3,\"Éducation\":2,\"Perception\":3,\"Réflexes\":3,\"Sang-froid\":4},"
  static const char *const sheets[] = {
    SHEET_HEAD "\"relations\":[{\"name\":\"L\",\"kind\":\"ally\",\"level\":1}]}",
    SHEET_HEAD "\"relations\":[{\"name\":\"T\",\"kind\":\"informant\","
    "\"level\":1,\"upkeep\":\"none\"}]}",
    SHEET_HEAD "\"relations\":[{\"name\":\"L\",\"kind\":\"ally\",\"level\":1,"
    "\"upkeep\":\"money\"}]}"};
  static const int want[] = {COPS_UPKEEP_FAVOURS, COPS_UPKEEP_MONEY, -1};
  for (int k = 0; k < 3; k++) {
    cops_character *ch = NULL;
    const int rc = cops_character_from_json(&ch, ctx, sheets[k]);
    if (want[k] < 0) {
      ck_assert_int_eq(rc, COPS_ERULE);
      ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "relations[0].upkeep: L is an ally"));
      ck_assert_ptr_null(ch);
      continue;
    }
    ck_assert_msg(rc == COPS_OK, "%s", cops_ctx_errmsg(ctx));
    cops_relation r;
    r.size = sizeof r;
    ck_assert_int_eq(cops_character_relation(ch, 0, &r), COPS_OK);
    ck_assert_int_eq(r.upkeep, want[k]);
    char *json;
    ck_assert_int_eq(cops_character_to_json(ch, &json), COPS_OK);
    ck_assert_ptr_nonnull(strstr(json, want[k] == COPS_UPKEEP_MONEY ? "\"upkeep\": \"money\""
                                                                    : "\"upkeep\": \"favours\""));
    cops_free(json);
    cops_character_free(ch);
  }
}
END_TEST

/* C9: any number of relations of levels 1-3, at most two of level 4 at a time. */
START_TEST(test_c9_at_most_two_level_4)
{
  for (int k = 0; k < 10; k++) {
    char name[16];
    snprintf(name, sizeof name, "Contact %d", k);
    add(name, k % 2, 1 + k % 3);
  }
  const int a = add("Ana", COPS_ALLY, 4), b = add("Ben", COPS_INFORMANT, 4);
  ck_assert_int_eq(cops_character_add_relation(cop, "Cid", COPS_ALLY, 4, NULL), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Mike has 2 relations of level 4 already: at most 2 "
                   "at a time (C9)");
  const int c = add("Cid", COPS_ALLY, 3);
  ck_assert_int_eq(cops_character_set_relation_level(cop, c, 4), COPS_ERULE);
  ck_assert_int_eq(get(c).level, 3);
  ck_assert_int_eq(cops_character_set_relation_level(cop, a, 4), COPS_OK);   /* itself */
  ck_assert_int_eq(cops_character_set_relation_level(cop, b, 3), COPS_OK);
  ck_assert_int_eq(cops_character_set_relation_level(cop, c, 4), COPS_OK);
  ck_assert_int_eq(cops_character_remove_relation(cop, a), COPS_OK);
  ck_assert_int_eq(cops_character_find_relation(cop, "Cid"), c - 1);   /* moved down */
  ck_assert_int_eq(cops_character_add_relation(cop, "Dee", COPS_INFORMANT, 4, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_remove_relation(cop, 99), COPS_EINVAL);
  ck_assert_int_eq(cops_character_set_relation_level(cop, 0, 0), COPS_ERANGE);
}
END_TEST

/* C9 RULING: the information in a domain is the level plus the domain's rating (0 when not
 * rated); a push adds 1 there while it lasts, one push at a time; 0 or less: nothing. */
START_TEST(test_c9_domains_information_and_push)
{
  const int t = add("Tito", COPS_INFORMANT, 2);
  ck_assert_int_eq(cops_relation_set_domain(cop, t, "drogue", 1), COPS_OK);
  ck_assert_int_eq(cops_relation_set_domain(cop, t, "politique", -3), COPS_OK);
  ck_assert_int_eq(cops_relation_set_domain(cop, t, "gangs", 2), COPS_ERANGE);
  ck_assert_int_eq(cops_relation_set_domain(cop, t, "gangs", -4), COPS_ERANGE);
  ck_assert_int_eq(cops_relation_set_domain(cop, t, "", 0), COPS_EINVAL);
  ck_assert_int_eq(info(t, "drogue"), 3);
  ck_assert_int_eq(info(t, "Drogue"), 3);         /* names match folded */
  ck_assert_int_eq(info(t, "politique"), -1);     /* nothing there */
  ck_assert_int_eq(info(t, "gangs"), 2);          /* not rated: the level */
  ck_assert_int_eq(cops_relation_set_domain(cop, t, "drogue", 0), COPS_OK);   /* rated again */
  ck_assert_int_eq(get(t).domains, 2);
  ck_assert_int_eq(info(t, "drogue"), 2);
  /* A push: +1 in one domain, a new one added at 0; one at a time. */
  ck_assert_int_eq(cops_relation_push(cop, t, "gangs"), COPS_OK);
  ck_assert_int_eq(get(t).domains, 3);
  ck_assert_int_eq(get(t).pushed, 2);
  ck_assert_int_eq(info(t, "gangs"), 3);
  ck_assert_int_eq(info(t, "drogue"), 2);
  ck_assert_int_eq(cops_relation_push(cop, t, "drogue"), COPS_ESTATE);
  const char *name;
  int rating;
  ck_assert_int_eq(cops_relation_domain(cop, t, 2, &name, &rating), COPS_OK);
  ck_assert_str_eq(name, "gangs");
  ck_assert_int_eq(rating, 0);
  ck_assert_int_eq(cops_relation_domain(cop, t, 3, &name, &rating), COPS_EINVAL);
  /* A +1 domain pushed goes to +2 above the level. */
  ck_assert_int_eq(cops_relation_release(cop, t), COPS_OK);
  ck_assert_int_eq(cops_relation_release(cop, t), COPS_ESTATE);
  ck_assert_int_eq(cops_relation_set_domain(cop, t, "drogue", 1), COPS_OK);
  ck_assert_int_eq(cops_relation_push(cop, t, "drogue"), COPS_OK);
  ck_assert_int_eq(info(t, "drogue"), 4);
  ck_assert_int_eq(cops_relation_release(cop, t), COPS_OK);
  /* Removing a domain before the pushed one keeps the push on its domain. */
  ck_assert_int_eq(cops_relation_push(cop, t, "gangs"), COPS_OK);
  ck_assert_int_eq(cops_relation_remove_domain(cop, t, "politique"), COPS_OK);
  ck_assert_int_eq(get(t).pushed, 1);
  ck_assert_int_eq(info(t, "gangs"), 3);
  ck_assert_int_eq(cops_relation_remove_domain(cop, t, "politique"), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_relation_remove_domain(cop, t, "gangs"), COPS_OK);
  ck_assert_int_eq(get(t).pushed, -1);
  ck_assert_int_eq(info(t, "gangs"), 2);
  /* At most 16 domains. */
  for (int k = get(t).domains; k < COPS_DOMAINS_MAX; k++) {
    char d[32];
    snprintf(d, sizeof d, "domain %d", k);
    ck_assert_int_eq(cops_relation_set_domain(cop, t, d, 0), COPS_OK);
  }
  ck_assert_int_eq(cops_relation_set_domain(cop, t, "one more", 0), COPS_ERANGE);
  ck_assert_int_eq(cops_relation_push(cop, t, "one more"), COPS_ERANGE);
  ck_assert_int_eq(get(t).pushed, -1);
}
END_TEST

/* The sheet keeps them (schema 3): written, read back, written the same. */
START_TEST(test_c9_the_sheet_keeps_them)
{
  const int t = add("Tito Vargas", COPS_INFORMANT, 2);
  const int l = add("Lena Park", COPS_ALLY, 4);
  cops_character_set_relation_upkeep(cop, t, COPS_UPKEEP_MONEY);
  cops_relation_set_domain(cop, t, "drogue", 1);
  cops_relation_set_domain(cop, t, "politique", -2);
  cops_relation_push(cop, t, "politique");
  cops_relation_set_domain(cop, l, "presse", 1);
  char *text;
  ck_assert_int_eq(cops_character_to_json(cop, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "\"schema\": 3"));
  ck_assert_ptr_nonnull(strstr(text, "\"push\": \"politique\""));
  cops_character *again;
  ck_assert_msg(cops_character_from_json(&again, ctx, text) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  char *text2;
  ck_assert_int_eq(cops_character_to_json(again, &text2), COPS_OK);
  ck_assert_str_eq(text2, text);
  int level;
  ck_assert_int_eq(cops_relation_information(again, 0, "politique", &level), COPS_OK);
  ck_assert_int_eq(level, 1);
  cops_free(text);
  cops_free(text2);
  cops_character_free(again);
  /* The example sheet of Mike Delgado has two. */
  cops_character *mike;
  ck_assert_int_eq(cops_character_load(&mike, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_relation_count(mike), 2);
  ck_assert_int_eq(cops_relation_information(mike, 0, "drogue", &level), COPS_OK);
  ck_assert_int_eq(level, 3);
  cops_character_free(mike);
}
END_TEST

static Suite *relations_suite(void)
{
  Suite *s = suite_create("relations");
  TCase *tc = tcase_create("core");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_c9_kinds_and_levels);
  tcase_add_test(tc, test_c9_upkeep_by_kind);
  tcase_add_test(tc, test_c9_at_most_two_level_4);
  tcase_add_test(tc, test_c9_domains_information_and_push);
  tcase_add_test(tc, test_c9_the_sheet_keeps_them);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(relations_suite)
