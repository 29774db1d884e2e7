/* cops heal: wounds over time on a sheet (<cops/heal.h>, docs/healing.md):
 * first aid, stabilisation, time passing, rest, nights, revival, a final death.
 * The events are narrated (or JSON Lines); the sheet is written only when asked. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct heal_args {
  const char *action, *sheet, *arg, *healer, *gear, *seed, *faces, *lang, *fixed, *hours;
  const char *write, *write_healer;
  int json, help, adrenaline, anciennete, odds;
};

static int parse_heal_args(int argc, char **argv, struct heal_args *o)
{
  memset(o, 0, sizeof *o);
  static const char *const names[] = {"--healer", "--gear", "--seed", "--dice", "--lang",
                                      "--fixed", "--hours", "--write", "--write-healer"};
  const char **slots[] = {&o->healer, &o->gear, &o->seed, &o->faces, &o->lang,
                          &o->fixed, &o->hours, &o->write, &o->write_healer};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int taken = 0;
    for (size_t k = 0; k < sizeof names / sizeof names[0] && !taken; k++) {
      int r = option_value(argc, argv, &i, names[k], slots[k]);
      if (r < 0)
        return usage_error("heal: %s needs a value", a);
      taken = r;
    }
    if (taken)
      continue;
    if (!strcmp(a, "--json"))
      o->json = 1;
    else if (!strcmp(a, "--adrenaline"))
      o->adrenaline = 1;
    else if (!strcmp(a, "--anciennete"))
      o->anciennete = 1;
    else if (!strcmp(a, "--odds"))
      o->odds = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      o->help = 1;
    else if (a[0] == '-' && a[1])
      return usage_error("heal: unknown option '%s'", a);
    else if (!o->action)
      o->action = a;
    else if (!o->sheet)
      o->sheet = a;
    else if (!o->arg)
      o->arg = a;
    else
      return usage_error("heal: unexpected '%s'", a);
  }
  return 0;
}

static int number(const char *opt, const char *text, long lo, long hi, long *out)
{
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (!*text || *end || errno || v < lo || v > hi)
    return usage_error("heal: %s '%s' is not a number %ld..%ld", opt, text, lo, hi);
  *out = v;
  return 0;
}

/* "90", "90s", "10m", "10min", "2h", "3d": seconds. */
static int duration(const char *text, int *seconds)
{
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  long unit = 0;
  if (!strcmp(end, "") || !strcmp(end, "s"))
    unit = 1;
  else if (!strcmp(end, "m") || !strcmp(end, "min"))
    unit = 60;
  else if (!strcmp(end, "h"))
    unit = 3600;
  else if (!strcmp(end, "d"))
    unit = COPS_DAY_SECONDS;
  if (end == text || errno || !unit || v < 0 || v > COPS_CLOCK_MAX / unit)
    return usage_error("heal wait: '%s' is not a time such as 90s, 10m, 2h or 3d (at most "
                       "%d seconds)", text, COPS_CLOCK_MAX);
  *seconds = (int)(v * unit);
  return 0;
}

static const char *const actions[] = {"first-aid", "stabilise", "medicine", "wait", "rest",
                                      "night", "revive", "final"};

struct heal_things {
  cops_ctx *ctx;
  cops_character *patient, *healer;
  cops_log *log;
  cops_roll *roll;
};

static void release(struct heal_things *t)
{
  cops_roll_free(t->roll);
  cops_log_free(t->log);
  cops_character_free(t->healer);
  cops_character_free(t->patient);
  cops_ctx_free(t->ctx);
}

static int print_odds(struct heal_things *t, const cops_treatment *tr, int json)
{
  cops_treatment_odds odds;
  odds.size = sizeof odds;
  double law[13];
  int rc = cops_treat_odds(&odds, t->healer, t->patient, tr, law, 13);
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(t->ctx));
    return rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
  }
  const int top = odds.cap < 12 ? odds.cap : 12;
  if (json) {
    printf("{\"kind\":\"%s\",\"success\":%.17g,\"mean_healed\":%.17g,\"cap\":%d,"
           "\"awake\":%.17g,\"healed\":[",
           tr->kind == COPS_TREAT_FIRST_AID ? "first_aid"
           : tr->kind == COPS_TREAT_STABILISE ? "stabilise" : "medicine",
           odds.success, odds.mean_healed, odds.cap, odds.awake);
    for (int k = 0; k <= top; k++)
      printf("%s%.17g", k ? "," : "", law[k]);
    printf("]}\n");
    return 0;
  }
  printf("%s: success %.2f%%, %.2f hit points healed on average (at most %d)\n",
         cops_treatment_name(tr->kind, COPS_LANG_EN), 100 * odds.success, odds.mean_healed,
         odds.cap);
  if (tr->kind == COPS_TREAT_STABILISE)
    printf("wakes up (above 0 hit points): %.2f%%\n", 100 * odds.awake);
  for (int k = 0; k <= top; k++)
    printf("  heals %2d%s: %6.2f%%\n", k, k == odds.cap && k ? "+" : " ", 100 * law[k]);
  return 0;
}

static int write_sheet(struct heal_things *t, const cops_character *ch, const char *path)
{
  if (!path)
    return 0;
  if (cops_character_save(ch, path)) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(t->ctx));
    return EXIT_FAILURE;
  }
  return 0;
}

/* The action: a library code, or *usage set to the exit status of a usage error. */
static int act(struct heal_things *t, const struct heal_args *o, int kind, int *usage)
{
  long v;
  int rc = 0;
  if (kind <= COPS_TREAT_MEDICINE) {
    cops_treatment tr;
    cops_treatment_init(&tr, kind);
    if (o->gear) {
      if (!strcmp(o->gear, "kit"))
        tr.difficulty = 1;
      else if (!strcmp(o->gear, "makeshift"))
        tr.difficulty = 2;
      else if (!strcmp(o->gear, "bare"))
        tr.difficulty = 3;
      else
        return *usage = usage_error("heal: --gear '%s': kit, makeshift or bare (C8.4)",
                                    o->gear);
    }
    tr.flags = (o->adrenaline ? COPS_ADRENALINE_DIE : 0u) |
               (o->anciennete ? COPS_TREAT_ANCIENNETE : 0u);
    if (t->healer == t->patient)
      tr.healer_id = tr.patient_id = 0;
    if (o->odds)
      return *usage = print_odds(t, &tr, o->json);
    return cops_treat(NULL, t->roll, t->healer, t->patient, &tr, t->log);
  }
  if (kind == 3) {   /* wait */
    int seconds = 0;
    if (!o->arg)
      return *usage = usage_error("heal wait: %s", "a time is needed (90s, 10m, 2h, 3d)");
    if ((rc = duration(o->arg, &seconds)))
      return *usage = rc;
    return cops_character_advance(t->patient, seconds, t->log, 0);
  }
  if (kind == 4) {   /* rest */
    static const char *const kinds[] = {"none", "natural", "hospital"};
    int rest = -1;
    for (int k = 0; o->arg && k < 3; k++)
      if (!strcmp(o->arg, kinds[k]))
        rest = k;
    if (rest < 0)
      return *usage = usage_error("heal rest: %s", "none, natural or hospital");
    int fixed = 0;
    if (o->fixed) {
      if ((rc = number("--fixed", o->fixed, 2, 12, &v)))
        return *usage = rc;
      fixed = (int)v;
    }
    return cops_character_set_rest(t->patient, rest, fixed, t->log, 0);
  }
  if (kind == 5) {   /* night */
    int point = o->arg && !strcmp(o->arg, "adrenaline")   ? COPS_ADRENALINE
                : o->arg && !strcmp(o->arg, "anciennete") ? COPS_ANCIENNETE
                : o->arg && !strcmp(o->arg, "none")       ? -1
                                                          : -2;
    if (point == -2)
      return *usage = usage_error("heal night: %s", "adrenaline, anciennete or none");
    v = 8;
    if (o->hours && (rc = number("--hours", o->hours, 1, 24, &v)))
      return *usage = rc;
    return cops_character_night(t->patient, point, (int)v * 3600, t->log, 0);
  }
  if (kind == 6)
    return cops_character_revive(t->patient, t->log, 0);
  return cops_character_declare_dead(t->patient, t->log, 0);
}

int cmd_heal(int argc, char **argv)
{
  struct heal_args o;
  int rc = parse_heal_args(argc, argv, &o);
  if (rc)
    return rc;
  if (o.help)
    return print_help("heal");
  int kind = -1;
  for (int k = 0; o.action && k < (int)(sizeof actions / sizeof actions[0]); k++)
    if (!strcmp(o.action, actions[k]))
      kind = k;
  if (kind < 0)
    return usage_error("heal: %s '%s': first-aid, stabilise, medicine, wait, rest, night, "
                       "revive or final", o.action ? "unknown action" : "missing action",
                       o.action ? o.action : "");
  if (!o.sheet)
    return usage_error("heal %s: %s", o.action, "a SHEET is needed");
  const int treatment = kind <= COPS_TREAT_MEDICINE;
  if (!treatment && (o.healer || o.gear || o.adrenaline || o.anciennete || o.odds ||
                     o.write_healer))
    return usage_error("heal %s: %s", o.action, "--healer, --gear, --adrenaline, "
                       "--anciennete, --odds and --write-healer are for first-aid, stabilise "
                       "and medicine");
  if (treatment && o.arg)
    return usage_error("heal %s: unexpected '%s'", o.action, o.arg);
  if ((o.fixed && kind != 4) || (o.hours && kind != 5))
    return usage_error("heal %s: %s", o.action, o.fixed ? "--fixed is for rest hospital"
                                                        : "--hours is for night");
  if (o.seed && o.faces)
    return usage_error("heal: %s", "--seed and --dice exclude each other");
  if (o.odds && (o.seed || o.faces || o.lang || o.write))
    return usage_error("heal: %s", "--odds draws no die: no --seed, --dice, --lang or --write");
  if (o.write_healer && !o.healer)
    return usage_error("heal: %s", "--write-healer needs --healer");
  int lang;
  if ((rc = narration_lang("heal", o.lang, &lang)))
    return rc;
  if (o.json && o.lang)
    return usage_error("heal: %s", "--lang is for the narration, not --json");
  struct script script = {0};
  if (o.faces && (rc = parse_faces(o.faces, &script)))
    return rc;
  struct heal_things t = {0};
  if (cli_ctx_new(&t.ctx) || cops_roll_new(&t.roll) || cops_log_new(&t.log, t.ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    release(&t);
    return EXIT_FAILURE;
  }
  if (o.seed && (rc = apply_seed(t.ctx, o.seed)))
    goto done;
  if (o.faces)
    cops_ctx_use_callback(t.ctx, script_die, &script);
  if ((rc = cops_character_load(&t.patient, t.ctx, o.sheet)) ||
      (o.healer && (rc = cops_character_load(&t.healer, t.ctx, o.healer)))) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(t.ctx));
    rc = rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
    goto done;
  }
  cops_character *healer = t.healer ? t.healer : t.patient;
  struct heal_things view = t;
  view.healer = healer;
  int usage = 0;
  rc = act(&view, &o, kind, &usage);
  if (usage || o.odds) {   /* said already */
    rc = usage;
    goto done;
  }
  if (rc == COPS_ERNG && o.faces) {
    fprintf(stderr, "cops: --dice ran out of faces after %d\n", script.n);
    rc = EXIT_USAGE;
    goto done;
  }
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(t.ctx));
    rc = rc == COPS_ENOMEM || rc == COPS_ERNG ? EXIT_FAILURE : EXIT_USAGE;
    goto done;
  }
  if (o.faces && script.next < script.n) {
    rc = usage_error("heal: --dice has %d faces, %d used", script.n, script.next);
    goto done;
  }
  char *text = NULL;
  rc = o.json ? cops_log_to_jsonl(t.log, 0, &text) : cops_log_narrate(t.log, 0, lang, &text);
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_strerror(rc));
    rc = EXIT_FAILURE;
    goto done;
  }
  fputs(text, stdout);
  cops_free(text);
  if (!o.json) {   /* the patient's state after it, in the narration's language */
    int hp, clock;
    cops_character_hp(t.patient, &hp);
    cops_character_time(t.patient, &clock);
    const char *name = cops_character_name(t.patient);
    const char *health = cops_health_name(cops_character_health(t.patient), lang);
    const int max = cops_character_max_hp(t.patient);
    if (lang == COPS_LANG_FR)
      printf("%s : %d/%d points de vie (%s), horloge %d s\n", name, hp, max, health, clock);
    else if (lang == COPS_LANG_ES)
      printf("%s: %d/%d puntos de vida (%s), reloj %d s\n", name, hp, max, health, clock);
    else
      printf("%s: %d/%d hit points (%s), clock %d s\n", name, hp, max, health, clock);
  }
  if ((rc = write_sheet(&t, t.patient, o.write)) == 0)
    rc = write_sheet(&t, healer, o.write_healer);
done:
  release(&t);
  return rc;
}
