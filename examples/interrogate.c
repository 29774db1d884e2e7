/* cops interrogate: an interview of a subject — the evaluation, an interrogation roll, new
 * evidence, saved and resumed — and the exact odds of every approach, a method and an
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

/* The odds of every approach, best first: an interview's (as the interrogator sees them, or
 * the GM with gm), or the subject's with up earlier failures. */
static int odds_table(cops_subject *s, cops_character *cop, cops_interview *iv, int gm,
                      const cops_approach *base, int lang, int json)
{
  static const int methods[3] = {COPS_INTIMIDATION, COPS_ELOQUENCE, COPS_RHETORIQUE};
  struct row rows[3 * COPS_IV_ATTITUDE_COUNT];
  int n = 0;
  for (int m = 0; m < 3; m++) {
    if (cops_subject_barred(s, methods[m]) == 1)
      continue;   /* C4.7: barred on the subject, not an approach until new evidence */
    for (int a = 0; a < COPS_IV_ATTITUDE_COUNT; a++, n++) {
      cops_approach ap = *base;
      ap.skill = methods[m];
      ap.attitude = a;
      rows[n].skill = methods[m];
      rows[n].attitude = a;
      rows[n].o.size = sizeof rows[n].o;
      const int rc = iv ? cops_interview_odds(iv, &ap, gm, &rows[n].o)
                        : cops_approach_odds(s, cop, &ap, &rows[n].o);
      if (rc)
        return rc;
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
    if (iv && !gm)
      puts(lang == COPS_LANG_FR ? "(ce que l'enquêteur en sait : --gm pour les vraies chances)"
           : lang == COPS_LANG_ES ? "(lo que el interrogador sabe: --gm para las reales)"
                                  : "(as the interrogator sees them: --gm for the true odds)");
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
  return COPS_OK;
}

/* "all", or traits by name (any language) separated by commas, in the order wished. */
static int parse_wishes(const char *text, cops_evaluation *e)
{
  if (!strcmp(text, "all")) {
    for (int k = 0; k < COPS_TRAIT_COUNT; k++)
      e->wishes[k] = k;
    e->nwishes = COPS_TRAIT_COUNT;
    return 0;
  }
  char buf[512];
  if (snprintf(buf, sizeof buf, "%s", text) >= (int)sizeof buf)
    return usage_error("interrogate: --evaluate: too long");
  for (char *t = buf, *next; t; t = next) {
    next = strchr(t, ',');
    if (next)
      *next++ = '\0';
    int trait;
    if (cops_trait_parse(t, &trait))
      return usage_error("interrogate: --evaluate: '%s' is none of Sang-froid, Charme, "
                         "Éducation or an attitude (Agressif, Inquisiteur, Froid, Poli, "
                         "Amical)", t);
    for (int k = 0; k < e->nwishes; k++)
      if (e->wishes[k] == trait)
        return usage_error("interrogate: --evaluate: '%s' twice", t);
    if (e->nwishes == COPS_TRAIT_COUNT)
      return usage_error("interrogate: --evaluate: eight traits at most");
    e->wishes[e->nwishes++] = trait;
  }
  if (!e->nwishes)
    return usage_error("interrogate: --evaluate: no trait");
  return 0;
}

struct options {
  const char *file, *sheet, *lang_text, *failures, *seed, *resume, *save, *method, *attitude,
      *evaluate, *write;
  int json, odds, gm, affinity, deficiency, anciennete, evidence;
};

static int parse(int argc, char **argv, struct options *o)
{
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r;
    if ((r = option_value(argc, argv, &i, "--sheet", &o->sheet)) ||
        (r = option_value(argc, argv, &i, "--lang", &o->lang_text)) ||
        (r = option_value(argc, argv, &i, "--failures", &o->failures)) ||
        (r = option_value(argc, argv, &i, "--seed", &o->seed)) ||
        (r = option_value(argc, argv, &i, "--resume", &o->resume)) ||
        (r = option_value(argc, argv, &i, "--save", &o->save)) ||
        (r = option_value(argc, argv, &i, "--write", &o->write)) ||
        (r = option_value(argc, argv, &i, "--method", &o->method)) ||
        (r = option_value(argc, argv, &i, "--attitude", &o->attitude)) ||
        (r = option_value(argc, argv, &i, "--evaluate", &o->evaluate))) {
      if (r < 0)
        return usage_error("interrogate: %s needs a value", a);
      continue;
    }
    if (!strcmp(a, "--json"))
      o->json = 1;
    else if (!strcmp(a, "--odds"))
      o->odds = 1;
    else if (!strcmp(a, "--gm"))
      o->gm = 1;
    else if (!strcmp(a, "--affinity"))
      o->affinity = 1;
    else if (!strcmp(a, "--deficiency"))
      o->deficiency = 1;
    else if (!strcmp(a, "--anciennete"))
      o->anciennete = 1;
    else if (!strcmp(a, "--evidence"))
      o->evidence = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help("interrogate");
    else if (a[0] == '-' && a[1])
      return usage_error("interrogate: unknown option '%s'", a);
    else if (o->file)
      return usage_error("interrogate: one SUBJECT file, not '%s' too", a);
    else
      o->file = a;
  }
  const int step = o->evaluate || o->method || o->attitude || o->evidence;
  if (o->resume ? (o->file || o->sheet) : (!o->file || !o->sheet))
    return usage_error("interrogate: %s", o->resume
                       ? "--resume FILE: the save holds the subject and the interrogator"
                       : "SUBJECT --sheet COP, e.g. examples/subjects/frightened-witness.json "
                         "--sheet examples/sheets/sarah.json (or --resume FILE)");
  if (!step && !o->odds && !o->save)
    return usage_error("interrogate: %s", "nothing to do: --evaluate, --method and "
                       "--attitude, --evidence, --odds or --save");
  if (!o->method != !o->attitude)
    return usage_error("interrogate: %s", "--method and --attitude go together");
  if (o->odds && step)
    return usage_error("interrogate: %s", "--odds draws no die: no step with it");
  if (o->odds && o->seed)
    return usage_error("interrogate: %s", "--odds draws no die: no --seed");
  if (o->write && !step)
    return usage_error("interrogate: %s", "--write keeps what a step did to the subject: "
                       "give one (--evaluate, --method and --attitude, --evidence)");
  if (o->gm && !(o->odds && o->resume))
    return usage_error("interrogate: %s", "--gm is for the odds of a resumed interview");
  if (o->failures && (o->resume || !o->odds))
    return usage_error("interrogate: %s", "--failures is for the odds of a new subject: an "
                       "interview counts its own");
  if (o->resume && o->seed)
    return usage_error("interrogate: %s", "--seed: a saved interview carries its dice");
  if (o->json && o->lang_text)
    return usage_error("interrogate: %s", "--lang is for the narration, not --json");
  return 0;
}

static int method_parse(const char *text, int *skill)
{
  static const int methods[3] = {COPS_INTIMIDATION, COPS_ELOQUENCE, COPS_RHETORIQUE};
  int s;
  if (!cops_skill_parse(text, &s))
    for (int k = 0; k < 3; k++)
      if (methods[k] == s) {
        *skill = s;
        return 0;
      }
  return usage_error("interrogate: --method: '%s' is none of Intimidation, Éloquence, "
                     "Rhétorique (C4.2)", text);
}

/* The steps asked, in the order of the table: evidence, the evaluation, the roll. */
static int steps(cops_interview *iv, const struct options *o, const cops_approach *base)
{
  int rc;
  if (o->evidence && (rc = cops_interview_evidence(iv)))
    return rc;
  if (o->evaluate) {
    cops_evaluation e;
    cops_evaluation_init(&e);
    parse_wishes(o->evaluate, &e);   /* checked before any file was read */
    e.anciennete = o->anciennete;
    if ((rc = cops_interview_evaluate(iv, &e, NULL)))
      return rc;
  }
  if (o->method && (rc = cops_interview_ask(iv, base, NULL)))
    return rc;
  return COPS_OK;
}

/* The interview to path (--save), sealed with --seal-key's key when there is one. */
static int save_interview(cops_ctx *ctx, const cops_interview *iv, const char *path)
{
  char *text = NULL;
  int rc = cops_interview_save(iv, &text);
  if (!rc)
    rc = cli_write_save(ctx, path, text);
  cops_free(text);
  return rc;
}

int cmd_interrogate(int argc, char **argv)
{
  struct options o = {0};
  int rc = parse(argc, argv, &o);
  if (rc)
    return rc;
  int lang = COPS_LANG_FR;
  if ((rc = narration_lang("interrogate", o.lang_text, &lang)))
    return rc;
  long up = 0;
  if (o.failures) {
    char *end;
    errno = 0;
    up = strtol(o.failures, &end, 10);
    if (!*o.failures || *end || errno || up < 0 || up > 20)
      return usage_error("interrogate: --failures: '%s' is not a number 0..20", o.failures);
  }
  cops_approach base;
  cops_approach_init(&base, COPS_INTIMIDATION, COPS_IV_AGRESSIF);
  if (o.method) {
    int a;
    if ((rc = method_parse(o.method, &base.skill)))
      return rc;
    if (cops_interview_attitude_parse(o.attitude, &a))
      return usage_error("interrogate: --attitude: '%s' is none of Agressif, Inquisiteur, "
                         "Froid, Poli, Amical (C4.3)", o.attitude);
    base.attitude = a;
  }
  base.affinity = o.affinity;
  base.deficiency = o.deficiency;
  base.anciennete = o.anciennete;
  if (o.evaluate) {   /* the wishes checked before any file is read */
    cops_evaluation e;
    cops_evaluation_init(&e);
    if ((rc = parse_wishes(o.evaluate, &e)))
      return rc;
  }
  cops_ctx *ctx;
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  uint64_t seed;
  if (o.seed) {
    if (!seed_number(o.seed, &seed)) {
      cops_ctx_free(ctx);
      return usage_error("interrogate: --seed: '%s' is not a number 0..18446744073709551615",
                         o.seed);
    }
    cops_ctx_seed(ctx, seed);
  }
  cops_subject *s = NULL;
  cops_character *cop = NULL;
  cops_interview *iv = NULL;
  if (o.resume) {
    char *saved = NULL;
    if (!cli_seal_key())
      rc = cops_interview_resume_file(&iv, ctx, o.resume);
    else if (!(rc = cli_read_save(ctx, o.resume, &saved)))
      rc = cops_interview_resume(&iv, ctx, saved);
    cops_free(saved);
  } else if (!(rc = cops_subject_load(&s, ctx, o.file)) &&
             !(rc = cops_character_load(&cop, ctx, o.sheet)) && !(o.odds && !o.save)) {
    rc = cops_interview_new(&iv, ctx, s, cop);
  }
  if (rc)
    goto failed;
  if (o.odds) {
    base.resistance_up = o.resume ? 0 : (int)up;
    rc = o.resume ? odds_table(cops_interview_subject(iv), cops_interview_interrogator(iv), iv, o.gm,
                         &base, lang, o.json)
            : odds_table(s, cop, NULL, 0, &base, lang, o.json);
    if (rc)
      goto failed;
  } else {
    cops_log *log = cops_interview_log(iv);
    /* All or nothing, as the library: a refused step prints nothing and saves nothing; the
     * subject (--write) and the save are written before the output, which a failed write
     * would belie. */
    if ((rc = steps(iv, &o, &base)) ||
        (o.write && (rc = cops_subject_save(cops_interview_subject(iv), o.write))) ||
        (o.save && (rc = save_interview(ctx, iv, o.save))))
      goto failed;
    char *text = NULL;
    if ((rc = o.json ? cops_log_to_jsonl(log, 0, &text) : cops_log_narrate(log, 0, lang, &text)))
      goto failed;
    fputs(text, stdout);
    cops_free(text);
  }
  if (o.odds && o.save && iv && (rc = save_interview(ctx, iv, o.save)))
    goto failed;
  rc = 0;
  goto done;
failed:
  fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
  cli_sealed_hint(ctx);
  rc = rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
done:
  cops_interview_free(iv);
  cops_character_free(cop);
  cops_subject_free(s);
  cops_ctx_free(ctx);
  return rc;
}
