/* cops interrogate: the exact odds of every approach to a subject, a method and an
 * attitude, best first (docs/interrogations.md, COPS.md C4). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct row {
  int skill, attitude;
  cops_interrogation_odds o;
};

/* Best first: the most tiers on average, then the win, then the rules' order. */
static int better(const void *a, const void *b)
{
  const struct row *x = a, *y = b;
  if (x->o.mean_tiers != y->o.mean_tiers)
    return x->o.mean_tiers > y->o.mean_tiers ? -1 : 1;
  if (x->o.win != y->o.win)
    return x->o.win > y->o.win ? -1 : 1;
  return x->skill != y->skill ? x->skill - y->skill : x->attitude - y->attitude;
}

int cmd_interrogate(int argc, char **argv)
{
  const char *file = NULL, *sheet = NULL, *lang_text = NULL, *failures = NULL;
  int json = 0, odds = 0, affinity = 0, deficiency = 0, anciennete = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r;
    if ((r = option_value(argc, argv, &i, "--sheet", &sheet)) ||
        (r = option_value(argc, argv, &i, "--lang", &lang_text)) ||
        (r = option_value(argc, argv, &i, "--failures", &failures))) {
      if (r < 0)
        return usage_error("interrogate: %s needs a value", a);
      continue;
    }
    if (!strcmp(a, "--json"))
      json = 1;
    else if (!strcmp(a, "--odds"))
      odds = 1;
    else if (!strcmp(a, "--affinity"))
      affinity = 1;
    else if (!strcmp(a, "--deficiency"))
      deficiency = 1;
    else if (!strcmp(a, "--anciennete"))
      anciennete = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help("interrogate");
    else if (a[0] == '-' && a[1])
      return usage_error("interrogate: unknown option '%s'", a);
    else if (file)
      return usage_error("interrogate: one SUBJECT file, not '%s' too", a);
    else
      file = a;
  }
  if (!file)
    return usage_error("interrogate: %s", "missing SUBJECT file, e.g. "
                       "examples/subjects/frightened-witness.json");
  if (!sheet)
    return usage_error("interrogate: %s", "--sheet COP.json: the interrogator");
  if (!odds)
    return usage_error("interrogate: %s", "--odds: this version gives the odds of each "
                       "approach; the interview itself is not in it yet");
  if (json && lang_text)
    return usage_error("interrogate: %s", "--lang is for the table, not --json");
  int lang = COPS_LANG_FR, rc;
  if ((rc = narration_lang("interrogate", lang_text, &lang)))
    return rc;
  long up = 0;
  if (failures) {
    char *end;
    errno = 0;
    up = strtol(failures, &end, 10);
    if (!*failures || *end || errno || up < 0 || up > 20)
      return usage_error("interrogate: --failures: '%s' is not a number 0..20", failures);
  }
  cops_ctx *ctx;
  if (cops_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  cops_subject *s = NULL;
  cops_character *cop = NULL;
  if ((rc = cops_subject_load(&s, ctx, file)) || (rc = cops_character_load(&cop, ctx, sheet))) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    rc = rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
    goto done;
  }
  static const int methods[3] = {COPS_INTIMIDATION, COPS_ELOQUENCE, COPS_RHETORIQUE};
  struct row rows[3 * COPS_IV_ATTITUDE_COUNT];
  int n = 0;
  for (int m = 0; m < 3; m++)
    for (int a = 0; a < COPS_IV_ATTITUDE_COUNT; a++, n++) {
      cops_approach ap;
      cops_approach_init(&ap, methods[m], a);
      ap.affinity = affinity;
      ap.deficiency = deficiency;
      ap.anciennete = anciennete;
      ap.resistance_up = (int)up;
      rows[n].skill = methods[m];
      rows[n].attitude = a;
      rows[n].o.size = sizeof rows[n].o;
      if ((rc = cops_approach_odds(s, cop, &ap, &rows[n].o))) {
        fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
        rc = EXIT_USAGE;
        goto done;
      }
    }
  qsort(rows, (size_t)n, sizeof rows[0], better);
  if (json) {
    printf("{\"subject\":\"");
    for (const char *p = cops_subject_name(s); *p; p++)
      printf(*p == '"' || *p == '\\' ? "\\%c" : "%c", *p);
    printf("\",\"approaches\":[");
  } else {
    printf(lang == COPS_LANG_FR ? "%s interrogé par %s : les chances de chaque approche, la "
                                  "meilleure d'abord (C4)\n"
           : lang == COPS_LANG_ES ? "%s interrogado por %s: las probabilidades de cada "
                                    "enfoque, el mejor primero (C4)\n"
                                  : "%s questioned by %s: the odds of each approach, best "
                                    "first (C4)\n",
           cops_subject_name(s), cops_character_name(cop));
    /* The columns: method 14, attitude 12, then 7, 8, 8, 11, 8, 8 and 7 wide. */
    if (lang) {
      pad(lang == COPS_LANG_ES ? "método" : "method", 14);
      pad(lang == COPS_LANG_ES ? "actitud" : "attitude", 12);
    } else {
      pad("méthode", 14);
      pad("attitude", 12);
    }
    puts(lang == COPS_LANG_FR ? "  gagne égalité    perd  essentiel      +1      +2 paliers"
         : lang == COPS_LANG_ES ? "   gana  empate  pierde   esencial      +1      +2  niveles"
                                : "    win     tie    lose  essential      +1      +2   tiers");
  }
  for (int i = 0; i < n; i++) {
    const cops_interrogation_odds *o = &rows[i].o;
    /* Skills have French and English names (the rules' and their translation). */
    const char *method = cops_skill_name(rows[i].skill, !json && lang == COPS_LANG_EN
                                                            ? COPS_LANG_EN : COPS_LANG_FR);
    const char *att = cops_interview_attitude_name(rows[i].attitude, json ? COPS_LANG_FR : lang);
    if (json) {
      printf("%s{\"method\":\"%s\",\"attitude\":\"%s\",\"win\":%.17g,\"tie\":%.17g,"
             "\"lose\":%.17g,\"tiers\":[", i ? "," : "", method, att, o->win, o->tie, o->lose);
      for (int k = 0; k <= COPS_TIER_MAX; k++)
        printf("%s%.17g", k ? "," : "", o->tier[k]);
      printf("],\"mean_tiers\":%.17g}", o->mean_tiers);
    } else {
      pad(method, 14);
      pad(att, 12);
      printf("%6.2f%% %6.2f%% %6.2f%% %9.2f%% %6.2f%% %6.2f%% %6.2f\n", 100 * o->win,
             100 * o->tie, 100 * o->lose, 100 * o->tier[0], 100 * o->tier[1], 100 * o->tier[2],
             o->mean_tiers);
    }
  }
  if (json)
    printf("]}\n");
  rc = 0;
done:
  cops_character_free(cop);
  cops_subject_free(s);
  cops_ctx_free(ctx);
  return rc;
}
