/* cops sim: a scenario's fights by index, on as many threads as asked, summed into one
 * summary (<cops/sim.h>, docs/simulation.md); summaries merged; a chase file's sim is
 * chase.c's. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "cli.h"

#define JOBS_MAX 64
#define MERGE_MAX 256
#define CHUNK 2000   /* fights a thread runs between two looks at the progress */

struct sim_args {
  const char *file, *seed, *runs, *from, *jobs, *compare;
  struct policy_args policy;
  const char *merge[MERGE_MAX];
  int nmerge, json, help, merging;
};

static int parse_args(int argc, char **argv, struct sim_args *o)
{
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r;
    if ((r = option_value(argc, argv, &i, "--seed", &o->seed)) ||
        (r = option_value(argc, argv, &i, "-n", &o->runs)) ||
        (r = option_value(argc, argv, &i, "--runs", &o->runs)) ||
        (r = option_value(argc, argv, &i, "--from", &o->from)) ||
        (r = option_value(argc, argv, &i, "--jobs", &o->jobs)) ||
        (r = option_value(argc, argv, &i, "--compare", &o->compare))) {
      if (r < 0)
        return usage_error("sim: %s needs a value", a);
      continue;
    }
    if ((r = policy_option(argc, argv, &i, "sim", &o->policy))) {
      if (r < 0)
        return -r;
      continue;
    }
    if (!strcmp(a, "--json"))
      o->json = 1;
    else if (!strcmp(a, "--merge"))
      o->merging = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      o->help = 1;
    else if (a[0] == '-' && a[1])
      return usage_error("sim: unknown option '%s'", a);
    else if (o->merging) {
      if (o->nmerge == MERGE_MAX)
        return usage_error("sim: --merge: %d summaries at most", MERGE_MAX);
      o->merge[o->nmerge++] = a;
    } else if (o->file)
      return usage_error("sim: one SCENARIO file, not '%s' too", a);
    else
      o->file = a;
  }
  return 0;
}

/* A whole number lo..hi, or a usage error naming the option. */
static int number(const char *text, const char *what, long long lo, long long hi,
                  long long *out)
{
  char *end;
  errno = 0;
  const long long v = strtoll(text, &end, 10);
  if (!*text || *end || errno || v < lo || v > hi)
    return usage_error("sim: %s '%s' is not a number %lld..%lld", what, text, lo, hi);
  *out = v;
  return 0;
}

struct job {
  const char *file;
  const struct policy_args *policy;
  int ruleset;            /* the scenario played under it, -1 its own */
  int seeded;
  uint64_t seed;
  long long from, runs;
  atomic_llong *done;
  long long total;
  time_t t0;
  int first;              /* the thread that says how far it is */
  cops_ctx *ctx;
  cops_sim *sim;          /* this thread's fights, merged by the main thread */
  int rc;
  char err[512];
};

static void *run_job(void *arg)
{
  struct job *j = arg;
  cops_scenario *sc = NULL;
  if (cli_ctx_new(&j->ctx)) {
    j->rc = COPS_ENOMEM;
    snprintf(j->err, sizeof j->err, "out of memory or no random source");
    return NULL;
  }
  if ((j->rc = cops_scenario_load(&sc, j->ctx, j->file)) ||
      (j->rc = apply_policies("sim", j->policy, sc) ? COPS_EINVAL : COPS_OK) ||
      (j->ruleset >= 0 &&
       (j->rc = cops_encounter_set_ruleset(cops_scenario_encounter(sc), j->ruleset))) ||
      (j->rc = cops_sim_new(&j->sim, j->ctx, sc, j->seeded, j->seed)))
    goto done;
  time_t last = j->t0;
  for (long long at = j->from; at < j->from + j->runs; at += CHUNK) {
    const long long n = j->from + j->runs - at < CHUNK ? j->from + j->runs - at : CHUNK;
    if ((j->rc = cops_sim_run(j->sim, sc, at, n)))
      goto done;
    const long long all = atomic_fetch_add(j->done, n) + n;
    const time_t now = time(NULL);
    if (j->first && now != last && now - j->t0 >= 2) {   /* long runs only */
      last = now;
      fprintf(stderr, "sim: %lld/%lld fights (%ld s)\n", all, j->total, (long)(now - j->t0));
    }
  }
done:
  if (j->rc)
    snprintf(j->err, sizeof j->err, "%s", cops_ctx_errmsg(j->ctx));
  cops_scenario_free(sc);
  return NULL;
}

static void print_ranges(json_t *runs)
{
  size_t k;
  json_t *r;
  json_array_foreach(runs, k, r)
    printf("%s%lld..%lld", k ? ", " : "", (long long)json_integer_value(json_array_get(r, 0)),
           (long long)json_integer_value(json_array_get(r, 1)) - 1);
}

/* The summary for people: wins with 95 % intervals, rounds, down and dead. */
static int print_summary(const cops_sim *s)
{
  char *text;
  if (cops_sim_to_json(s, &text))
    return EXIT_FAILURE;
  json_t *j = json_loads(text, 0, NULL);
  cops_free(text);
  if (!j)
    return EXIT_FAILURE;
  const long long fights = json_integer_value(json_object_get(j, "fights"));
  const long long stopped = json_integer_value(json_object_get(j, "stopped"));
  json_t *runs = json_object_get(j, "runs"), *seed = json_object_get(j, "seed");
  json_t *first = json_array_get(runs, 0);
  printf("%s: %lld fights", json_string_value(json_object_get(j, "scenario")), fights);
  if (json_is_string(seed))
    printf(", seed %s", json_string_value(seed));
  if (json_array_size(runs) != 1 || json_integer_value(json_array_get(first, 0)) != 0) {
    printf(", runs ");
    print_ranges(runs);
  }
  printf("\n");
  if (stopped) {
    json_t *f = json_object_get(j, "first_stopped");
    printf("%lld of %lld fights stopped on a scripted declaration the dice made impossible, "
           "left out (the first: %s)\n", stopped, fights + stopped,
           json_string_value(json_object_get(f, "reason")));
  }
  const double n = (double)fights;
  printf("wins (95 %% interval)\n");
  json_t *sides = json_object_get(j, "sides");
  for (size_t k = 0; k <= json_array_size(sides); k++) {
    json_t *side = json_array_get(sides, k);
    const double w = (double)json_integer_value(side ? json_object_get(side, "wins")
                                                     : json_object_get(j, "undecided"));
    double lo, hi;
    wilson(w, n, &lo, &hi);
    printf("  ");
    pad(side ? json_string_value(json_object_get(side, "name")) : "(none / undecided)", 24);
    printf(" %6.2f %%  [%6.2f, %6.2f]\n", 100.0 * w / n, 100.0 * lo, 100.0 * hi);
  }
  const double mean = (double)json_integer_value(json_object_get(j, "rounds")) / n;
  const double m2 = (double)json_integer_value(json_object_get(j, "rounds_squared")) / n;
  printf("rounds: mean %.2f, sd %.2f\n", mean, sqrt(m2 - mean * mean > 0 ? m2 - mean * mean : 0));
  printf("combatants: down at the end (out, unconscious, dying or dead), dead\n");
  size_t k;
  json_t *c;
  json_array_foreach(json_object_get(j, "combatants"), k, c) {
    printf("  ");
    pad(json_string_value(json_object_get(c, "name")), 28);
    printf(" ");
    json_t *side = json_array_get(sides, (size_t)json_integer_value(json_object_get(c, "side")));
    pad(json_string_value(json_object_get(side, "name")), 10);
    printf(" %6.2f %%  %6.2f %%\n",
           100.0 * (double)json_integer_value(json_object_get(c, "down")) / n,
           100.0 * (double)json_integer_value(json_object_get(c, "dead")) / n);
  }
  json_decref(j);
  return 0;
}

/* One line of a comparison: the two rates and the difference, '*' when significant. */
static void print_rates(const char *what, json_t *c)
{
  json_t *a = json_object_get(c, "a"), *b = json_object_get(c, "b");
  const double p = json_real_value(json_object_get(c, "p_value"));
  printf("  ");
  pad(what, 30);
  for (int k = 0; k < 2; k++) {
    json_t *x = k ? b : a;
    printf(" %6.2f %% [%6.2f, %6.2f]", 100 * json_real_value(json_object_get(x, "rate")),
           100 * json_real_value(json_object_get(x, "low")),
           100 * json_real_value(json_object_get(x, "high")));
  }
  printf("  %+7.2f %%  p %s%.3f%s\n", 100 * json_real_value(json_object_get(c, "difference")),
         p < 0.001 ? "< " : "", p < 0.001 ? 0.001 : p,
         json_is_true(json_object_get(c, "significant")) ? " *" : "");
}

/* cops sim --compare for people: the two rulesets side by side. */
static int print_comparison(const char *text)
{
  json_t *j = json_loads(text, 0, NULL);
  if (!j)
    return EXIT_FAILURE;
  json_t *rules = json_object_get(j, "rules"), *n = json_object_get(j, "fights");
  printf("%s: %s (%lld fights) and %s (%lld fights), the same seeds\n",
         json_string_value(json_object_get(j, "scenario")),
         json_string_value(json_array_get(rules, 0)),
         (long long)json_integer_value(json_array_get(n, 0)),
         json_string_value(json_array_get(rules, 1)),
         (long long)json_integer_value(json_array_get(n, 1)));
  printf("  %-30s %-26s %-26s  %s\n", "(95 % intervals)", json_string_value(json_array_get(rules, 0)),
         json_string_value(json_array_get(rules, 1)), "difference, p (* below 0.05)");
  size_t k;
  json_t *v;
  char what[160];
  json_array_foreach(json_object_get(j, "sides"), k, v) {
    snprintf(what, sizeof what, "%s wins", json_string_value(json_object_get(v, "name")));
    print_rates(what, json_object_get(v, "wins"));
  }
  print_rates("undecided", json_object_get(j, "undecided"));
  json_array_foreach(json_object_get(j, "combatants"), k, v) {
    snprintf(what, sizeof what, "%s down", json_string_value(json_object_get(v, "name")));
    print_rates(what, json_object_get(v, "down"));
    snprintf(what, sizeof what, "%s dead", json_string_value(json_object_get(v, "name")));
    print_rates(what, json_object_get(v, "dead"));
  }
  print_rates("lethality (dead per combatant)", json_object_get(j, "lethality"));
  json_t *r = json_object_get(j, "rounds"), *a = json_object_get(r, "a"),
         *b = json_object_get(r, "b");
  const double p = json_real_value(json_object_get(r, "p_value"));
  printf("  %-30s %6.2f   [%6.2f, %6.2f]   %6.2f   [%6.2f, %6.2f]    %+7.2f    p %s%.3f%s\n",
         "rounds (mean)", json_real_value(json_object_get(a, "mean")),
         json_real_value(json_object_get(a, "low")), json_real_value(json_object_get(a, "high")),
         json_real_value(json_object_get(b, "mean")), json_real_value(json_object_get(b, "low")),
         json_real_value(json_object_get(b, "high")),
         json_real_value(json_object_get(r, "difference")), p < 0.001 ? "< " : "",
         p < 0.001 ? 0.001 : p, json_is_true(json_object_get(r, "significant")) ? " *" : "");
  json_decref(j);
  return 0;
}

static int output(const cops_sim *s, int json)
{
  if (!json)
    return print_summary(s);
  char *text;
  if (cops_sim_to_json(s, &text))
    return EXIT_FAILURE;
  printf("%s\n", text);
  cops_free(text);
  return 0;
}

/* cops sim --merge FILE...: summaries of disjoint fights of one study, added. */
static int merge(const struct sim_args *o)
{
  if (o->file || o->seed || o->runs || o->from || o->jobs)
    return usage_error("sim: %s", "--merge FILE...: summaries only, no SCENARIO, -n, "
                       "--seed, --from or --jobs");
  if (o->nmerge < 1)
    return usage_error("sim: %s", "--merge needs summaries (cops sim ... --json)");
  cops_ctx *ctx;
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  cops_sim *all = NULL;
  int rc = 0;
  for (int k = 0; k < o->nmerge && !rc; k++) {
    cops_sim *one;
    if ((rc = cops_sim_load(&one, ctx, o->merge[k])))
      break;
    if (!all) {
      all = one;
      continue;
    }
    rc = cops_sim_merge(all, one);
    cops_sim_free(one);
    if (rc) {
      char why[600];
      snprintf(why, sizeof why, "%s", cops_ctx_errmsg(ctx));
      fprintf(stderr, "cops: %s: %s\n", o->merge[k], why);
      rc = EXIT_USAGE;
      goto done;
    }
  }
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    rc = rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
    goto done;
  }
  if (cops_sim_fights(all) == 0) {
    fprintf(stderr, "cops: sim: no fight finished in these summaries\n");
    rc = EXIT_USAGE;
    goto done;
  }
  rc = output(all, o->json);
done:
  cops_sim_free(all);
  cops_ctx_free(ctx);
  return rc;
}

/* The fights runs from index from on, on jobs threads, each with its context and its
 * scenario played under ruleset (-1: the scenario's own), added into all (made of the
 * scenario under the same ruleset). An exit status. */
static int study(const struct sim_args *o, cops_ctx *ctx, int ruleset, long long runs,
                 long long from, long long jobs, uint64_t seed, cops_sim *all)
{
  struct job job[JOBS_MAX];
  pthread_t thread[JOBS_MAX];
  int started = 0, rc = 0;
  memset(job, 0, sizeof job);
  /* Each thread its block of indexes, its context and its scenario: the figures are the
   * same for any number of threads. */
  atomic_llong done = 0;
  const time_t t0 = time(NULL);
  for (int t = 0; t < jobs; t++) {
    struct job *j = &job[t];
    j->file = o->file;
    j->policy = &o->policy;
    j->ruleset = ruleset;
    j->seeded = o->seed != NULL;
    j->seed = seed;
    j->from = from + runs * t / jobs;
    j->runs = from + runs * (t + 1) / jobs - j->from;
    j->done = &done;
    j->total = runs;
    j->t0 = t0;
    j->first = t == 0;
    if (!j->runs)
      continue;
    if (pthread_create(&thread[t], NULL, run_job, j)) {
      fprintf(stderr, "cops: sim: cannot start a thread\n");
      rc = EXIT_FAILURE;
      break;
    }
    started = t + 1;
  }
  for (int t = 0; t < started; t++)
    if (job[t].runs)
      pthread_join(thread[t], NULL);
  for (int t = 0; t < jobs && !rc; t++) {
    struct job *j = &job[t];
    if (!j->runs)
      continue;
    if (j->rc) {
      fprintf(stderr, "cops: %s: %s\n", o->file, j->err);
      rc = j->rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
    } else if (cops_sim_merge(all, j->sim)) {
      fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
      rc = EXIT_FAILURE;
    }
  }
  if (!rc && cops_sim_fights(all) == 0) {
    char *text = NULL;
    json_t *j = cops_sim_to_json(all, &text) ? NULL : json_loads(text, 0, NULL);
    const char *why =
        json_string_value(json_object_get(json_object_get(j, "first_stopped"), "reason"));
    fprintf(stderr, "cops: %s: every fight stopped on a scripted declaration: %s\n", o->file,
            why ? why : "");
    json_decref(j);
    cops_free(text);
    rc = EXIT_USAGE;
  }
  for (int t = 0; t < jobs; t++) {
    cops_sim_free(job[t].sim);
    cops_ctx_free(job[t].ctx);
  }
  return rc;
}

/* cops sim --compare A,B SCENARIO: the same fights (the same seeds) under two rulesets,
 * side by side (cops_sim_compare). */
static int compare(const struct sim_args *o, cops_ctx *ctx, cops_scenario *sc, long long runs,
                   long long from, long long jobs, uint64_t seed)
{
  char first[32], second[32];
  const char *comma = strchr(o->compare, ',');
  int r[2];
  if (!comma || comma - o->compare >= (long)sizeof first || strlen(comma + 1) >= sizeof second)
    return usage_error("sim: --compare '%s': two rulesets, e.g. core,alternative", o->compare);
  snprintf(first, sizeof first, "%.*s", (int)(comma - o->compare), o->compare);
  snprintf(second, sizeof second, "%s", comma + 1);
  if (cops_ruleset_parse(first, &r[0]) || cops_ruleset_parse(second, &r[1]))
    return usage_error("sim: --compare '%s': rulesets are core and alternative", o->compare);
  cops_sim *sum[2] = {NULL, NULL};
  int rc = 0;
  for (int k = 0; k < 2 && !rc; k++) {
    if (cops_encounter_set_ruleset(cops_scenario_encounter(sc), r[k]) ||
        cops_sim_new(&sum[k], ctx, sc, o->seed != NULL, seed)) {
      fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
      rc = EXIT_FAILURE;
      break;
    }
    rc = study(o, ctx, r[k], runs, from, jobs, seed, sum[k]);
  }
  char *text = NULL;
  if (!rc && cops_sim_compare(sum[0], sum[1], &text)) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    rc = EXIT_FAILURE;
  }
  if (!rc && o->json)
    printf("%s\n", text);
  else if (!rc)
    rc = print_comparison(text);
  cops_free(text);
  cops_sim_free(sum[0]);
  cops_sim_free(sum[1]);
  return rc;
}

int cmd_sim(int argc, char **argv)
{
  struct sim_args o;
  int rc = parse_args(argc, argv, &o);
  if (rc)
    return rc;
  if (o.help)
    return print_help("sim");
  if (o.merging)
    return merge(&o);
  if (!o.file)
    return usage_error("sim: %s", "missing SCENARIO");
  long long runs = 10000, from = 0, jobs = 1;
  uint64_t seed = 0;
  if ((o.runs && (rc = number(o.runs, "-n", 1, 100000000, &runs))) ||
      (o.from && (rc = number(o.from, "--from", 0, COPS_SIM_RUNS_MAX - 100000000, &from))) ||
      (o.jobs && (rc = number(o.jobs, "--jobs", 1, JOBS_MAX, &jobs))))
    return rc;
  if (o.seed && !seed_number(o.seed, &seed))
    return usage_error("--seed: '%s' is not a number 0..18446744073709551615", o.seed);
  int status;
  if (!o.json && !o.from && !o.jobs && !o.policy.all && !o.policy.nside &&
      chase_sim(o.file, runs, o.seed, &status))
    return status;   /* a chase file (docs/chases.md) */
  cops_ctx *ctx;
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  cops_scenario *sc = NULL;
  cops_sim *all = NULL;
  if ((rc = cops_scenario_load(&sc, ctx, o.file)) == COPS_OK &&
      (rc = apply_policies("sim", &o.policy, sc))) {
    rc = EXIT_USAGE;   /* said on stderr */
    goto done;
  }
  if (rc || (rc = cops_sim_new(&all, ctx, sc, o.seed != NULL, seed))) {
    char why[600];
    snprintf(why, sizeof why, "%s", cops_ctx_errmsg(ctx));
    cops_chase *chase = NULL;
    if (rc != COPS_ENOMEM && !cops_chase_load(&chase, ctx, o.file)) {
      cops_chase_free(chase);
      rc = usage_error("sim: %s", "--jobs, --from, --json, --policy and --side-policy are for "
                       "a fight's scenario, not a chase file");
      goto done;
    }
    fprintf(stderr, "cops: %s\n", why);
    rc = rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
    goto done;
  }
  if (o.compare) {
    rc = compare(&o, ctx, sc, runs, from, jobs, seed);
    goto done;
  }
  if ((rc = study(&o, ctx, -1, runs, from, jobs, seed, all)))
    goto done;
  rc = output(all, o.json);
done:
  cops_sim_free(all);
  cops_scenario_free(sc);
  cops_ctx_free(ctx);
  return rc;
}
