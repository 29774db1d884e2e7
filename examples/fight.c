/* cops fight and cops sim: a scenario run once, narrated, or many times. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

struct fight_args {
  const char *seed, *lang, *runs, *file, *save_round, *save_file, *resume, *rules, *snapshot;
  struct policy_args policy;
  int json, help, aftermath;
};

static int parse_fight_args(int argc, char **argv, const char *cmd, struct fight_args *o)
{
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r;
    if ((r = option_value(argc, argv, &i, "--seed", &o->seed)) ||
        (r = option_value(argc, argv, &i, "--lang", &o->lang)) ||
        (r = option_value(argc, argv, &i, "-n", &o->runs)) ||
        (r = option_value(argc, argv, &i, "--runs", &o->runs)) ||
        (r = option_value(argc, argv, &i, "--resume", &o->resume)) ||
        (r = option_value(argc, argv, &i, "--rules", &o->rules)) ||
        (r = option_value(argc, argv, &i, "--snapshot-at", &o->snapshot))) {
      if (r < 0)
        return usage_error("%s: %s needs a value", cmd, a);
      continue;
    }
    if ((r = policy_option(argc, argv, &i, cmd, &o->policy))) {
      if (r < 0)
        return -r;
      continue;
    }
    if (!strcmp(a, "--save-at")) {     /* --save-at ROUND FILE */
      if (i + 2 >= argc)
        return usage_error("%s: --save-at needs a ROUND and a FILE", cmd);
      o->save_round = argv[++i];
      o->save_file = argv[++i];
      continue;
    }
    if (!strcmp(a, "--json"))
      o->json = 1;
    else if (!strcmp(a, "--aftermath"))
      o->aftermath = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      o->help = 1;
    else if (a[0] == '-' && a[1])
      return usage_error("%s: unknown option '%s'", cmd, a);
    else if (o->file)
      return usage_error("%s: one SCENARIO file, not '%s' too", cmd, a);
    else
      o->file = a;
  }
  return 0;
}

static int load(cops_ctx **ctx, cops_scenario **sc, const struct fight_args *o)
{
  if (cli_ctx_new(ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  int rc = cops_scenario_load(sc, *ctx, o->file);
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(*ctx));
    cops_ctx_free(*ctx);
    return rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
  }
  return 0;
}

static int seed_value(const char *text, uint64_t *out)
{
  if (!seed_number(text, out))
    return usage_error("--seed: '%s' is not a number 0..18446744073709551615", text);
  return 0;
}

/* A saved fight (cops fight --resume FILE): its encounter, owning its combatants. */
static int resume(cops_ctx **ctx, cops_encounter **e, const char *path)
{
  if (cli_ctx_new(ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  char *text = NULL;
  int rc = COPS_OK;
  if (!cli_seal_key()) {
    rc = cops_encounter_load_file(e, *ctx, path);
  } else if (!(rc = cli_read_save(*ctx, path, &text)) && (rc = cops_encounter_load(e, *ctx, text))) {
    fprintf(stderr, "cops: %s: %s\n", path, cops_ctx_errmsg(*ctx));   /* opened: the save's fault */
    rc = EXIT_USAGE;
  }
  cops_free(text);
  if (rc == EXIT_USAGE) {
    cops_ctx_free(*ctx);
    return rc;
  }
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(*ctx));
    cli_sealed_hint(*ctx);
    cops_ctx_free(*ctx);
    return rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
  }
  return 0;
}

/* Rounds to the end, or until @p save_at rounds are done and the fight saved (or its
 * board printed: --snapshot-at). */
static int run_fight(cops_ctx *ctx, cops_encounter *e, const struct fight_args *o, int save_at)
{
  int rc = COPS_OK;
  if (o->snapshot) {
    while (!rc && !cops_encounter_over(e) && cops_encounter_round(e) < save_at)
      rc = cops_encounter_run_round(e);
    char *board = NULL;
    if (!rc && !(rc = cops_encounter_snapshot(e, &board))) {
      fputs(board, stdout);
      cops_free(board);
    }
    return rc;
  }
  if (!o->save_file)
    return cops_encounter_over(e) ? COPS_OK : cops_encounter_run(e);
  while (!rc && !cops_encounter_over(e) && cops_encounter_round(e) < save_at)
    rc = cops_encounter_run_round(e);
  if (rc)
    return rc;
  if (cops_encounter_over(e)) {
    fprintf(stderr, "cops: fight: the fight is over after round %d: nothing saved\n",
            cops_encounter_round(e));
    return COPS_ESTATE;
  }
  char *text = NULL;
  int rc2 = cops_encounter_save(e, &text);
  if (!rc2)
    rc2 = cli_write_save(ctx, o->save_file, text);
  cops_free(text);
  return rc2;
}

int policy_option(int argc, char **argv, int *i, const char *cmd, struct policy_args *p)
{
  const char *v = NULL;
  int r;
  if ((r = option_value(argc, argv, i, "--policy", &v))) {
    if (r < 0)
      return -usage_error("%s: --policy needs a value", cmd);
    p->all = v;
    return 1;
  }
  if ((r = option_value(argc, argv, i, "--side-policy", &v))) {
    if (r < 0)
      return -usage_error("%s: --side-policy needs a value", cmd);
    if (p->nside == SIDE_POLICIES_MAX)
      return -usage_error("%s: --side-policy: %d at most", cmd, SIDE_POLICIES_MAX);
    p->side[p->nside++] = v;
    return 1;
  }
  return 0;
}

int apply_policies_to(const char *cmd, const struct policy_args *o, const struct policy_target *t)
{
  const int count = t->count(t->f);
  if (o->all) {
    const int p = cops_policy_parse(o->all);
    if (p < 0)
      return usage_error("%s: --policy '%s': simple or tactical", cmd, o->all);
    for (int id = 0; id < count; id++)
      t->set_policy(t->f, id, p);
  }
  int sides = 0;   /* the sides with someone on them */
  for (int id = 0; id < count; id++)
    sides = t->side_of(t->f, id) + 1 > sides ? t->side_of(t->f, id) + 1 : sides;
  for (int k = 0; k < o->nside; k++) {
    const char *v = o->side[k], *colon = strrchr(v, ':');
    const int p = colon ? cops_policy_parse(colon + 1) : -1;
    if (!colon || colon == v || p < 0)
      return usage_error("%s: --side-policy '%s': SIDE:simple or SIDE:tactical", cmd, v);
    int side = -1;
    for (int s = 0; s < sides; s++) {
      const char *name = t->side_name(t->f, s);
      if (name && strlen(name) == (size_t)(colon - v) && !strncmp(name, v, (size_t)(colon - v)))
        side = s;
    }
    char *end;
    const long number = strtol(v, &end, 10);
    if (side < 0 && end == colon && number >= 0 && number < sides)
      side = (int)number;
    if (side < 0)
      return usage_error("%s: --side-policy '%s': no side '%.*s' in the %s", cmd, v,
                         (int)(colon - v), v, t->what);
    t->set_side_policy(t->f, side, p);
  }
  return 0;
}

/* The scenario's encounter as policy_target wants it. */
static int enc_count(const void *f) { return cops_encounter_count(cops_scenario_encounter(f)); }
static int enc_set_policy(void *f, int id, int p)
{
  return cops_encounter_set_policy(cops_scenario_encounter(f), id, p);
}
static int enc_set_side_policy(void *f, int side, int p)
{
  return cops_encounter_set_side_policy(cops_scenario_encounter(f), side, p);
}
static int enc_side_of(const void *f, int id)
{
  return cops_encounter_side(cops_scenario_encounter(f), id);
}
static const char *enc_side_name(const void *f, int side)
{
  return cops_scenario_side_name(f, side);
}

int apply_policies(const char *cmd, const struct policy_args *o, cops_scenario *sc)
{
  const struct policy_target t = {sc, "scenario", enc_count, enc_set_policy,
                                  enc_set_side_policy, enc_side_of, enc_side_name};
  return apply_policies_to(cmd, o, &t);
}

int cmd_fight(int argc, char **argv)
{
  struct fight_args o;
  int rc = parse_fight_args(argc, argv, "fight", &o);
  if (rc)
    return rc;
  if (o.help)
    return print_help("fight");
  if (!o.file && !o.resume)
    return usage_error("fight: %s", "missing SCENARIO, e.g. examples/scenarios/street-shootout.json");
  if (o.file && o.resume)
    return usage_error("fight: %s", "a SCENARIO or --resume FILE, not both");
  if (o.resume && o.seed)
    return usage_error("fight: %s", "--seed: a saved fight carries its dice");
  if (o.resume && o.rules)
    return usage_error("fight: %s", "--rules: a saved fight carries its ruleset");
  if (o.resume && (o.policy.all || o.policy.nside))
    return usage_error("fight: %s", "--policy, --side-policy: a saved fight carries its policies");
  int ruleset = -1;
  if (o.rules && cops_ruleset_parse(o.rules, &ruleset))
    return usage_error("fight: --rules '%s': core or alternative", o.rules);
  if (o.runs)
    return usage_error("fight: %s", "-n is for cops sim");
  if (o.aftermath && o.save_file)
    return usage_error("fight: %s", "--aftermath comes after the fight: not with --save-at");
  if (o.snapshot && (o.save_file || o.aftermath || o.json || o.lang))
    return usage_error("fight: %s", "--snapshot-at prints the board alone: not with --save-at, "
                       "--aftermath, --json or --lang");
  int lang;
  if ((rc = narration_lang("fight", o.lang, &lang)))
    return rc;
  if (o.json && o.lang)
    return usage_error("fight: %s", "--lang is for the narration, not --json");
  uint64_t seed = 0;
  if (o.seed && (rc = seed_value(o.seed, &seed)))
    return rc;
  long save_at = 0;
  const char *at = o.save_round ? o.save_round : o.snapshot;
  if (at) {
    char *end;
    errno = 0;
    save_at = strtol(at, &end, 10);
    if (!*at || *end || errno || save_at < 0 || save_at > 10000)
      return usage_error("fight: %s: '%s' is not a round 0..10000",
                         o.save_round ? "--save-at" : "--snapshot-at", at);
  }
  cops_ctx *ctx;
  cops_scenario *sc = NULL;
  cops_encounter *e;
  if (o.resume) {
    if ((rc = resume(&ctx, &e, o.resume)))
      return rc;
  } else {
    if ((rc = load(&ctx, &sc, &o)))
      return rc;
    e = cops_scenario_encounter(sc);
    if ((rc = apply_policies("fight", &o.policy, sc))) {
      cops_scenario_free(sc);
      cops_ctx_free(ctx);
      return rc;
    }
    if (ruleset >= 0)
      cops_encounter_set_ruleset(e, ruleset);   /* before the first round: cannot fail */
    if (o.seed)
      cops_encounter_seed(e, seed);
  }
  rc = run_fight(ctx, e, &o, (int)save_at);
  /* The first aid and the race against bleeding, then ten minutes (docs/healing.md). */
  if (!rc && o.aftermath && cops_encounter_over(e) && !cops_encounter_aftermath_done(e))
    rc = cops_encounter_aftermath(e, 1, 600);
  /* Over before the round to save at: said already, the fight is still printed. */
  const int over_early = rc == COPS_ESTATE && o.save_file && cops_encounter_over(e);
  int status = over_early ? EXIT_FAILURE : 0;
  if (rc && !over_early) {
    fprintf(stderr, "cops: %s: %s\n", o.resume ? o.resume : o.file, cops_ctx_errmsg(ctx));
    status = rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
  } else if (o.snapshot) {
    status = 0;   /* the board is printed */
  } else {
    char *text = NULL;
    cops_log *log = cops_encounter_log(e);
    rc = o.json ? cops_log_to_jsonl(log, 0, &text) : cops_log_narrate(log, 0, lang, &text);
    if (rc) {
      fprintf(stderr, "cops: %s\n", cops_strerror(rc));
      status = EXIT_FAILURE;
    } else {
      fputs(text, stdout);
      cops_free(text);
    }
  }
  if (sc)
    cops_scenario_free(sc);
  else
    cops_encounter_free(e);
  cops_ctx_free(ctx);
  return status;
}

/* Print text left-aligned in width columns (UTF-8 characters, not bytes). */
void pad(const char *text, int width)
{
  int chars = 0;
  for (const unsigned char *p = (const unsigned char *)text; *p; p++)
    chars += (*p & 0xC0) != 0x80;
  printf("%s%*s", text, width > chars ? width - chars : 0, "");
}

/* Wilson score interval, 95 %. */
void wilson(double k, double n, double *lo, double *hi)
{
  const double z = 1.959963984540054, p = k / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  *lo = centre - half;
  *hi = centre + half;
}
