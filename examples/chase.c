/* cops chase: a chase file run to its end, narrated or as JSON Lines; and the
 * simulation of a chase file for cops sim (docs/chases.md). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The chase file's text and folder, for a chase made again each run. */
static char *read_text(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *text = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    if (n + 4096 + 1 > cap) {
      cap = 2 * cap + 8192;
      char *more = realloc(text, cap);
      if (!more || cap > (16u << 20)) {
        free(more ? more : text);
        fclose(f);
        return NULL;
      }
      text = more;
    }
    const size_t got = fread(text + n, 1, 4096, f);
    n += got;
    if (got < 4096)
      break;
  }
  fclose(f);
  text[n] = '\0';
  return text;
}

static void folder_of(const char *path, char *out, size_t cap)
{
  snprintf(out, cap, "%s", path);
  char *slash = strrchr(out, '/');
  if (slash)
    *slash = '\0';
  else
    out[0] = '\0';
}

static int seeded(cops_ctx *ctx, const char *seed)
{
  uint64_t v;
  if (!seed)
    return 0;
  if (!seed_number(seed, &v))
    return usage_error("--seed: '%s' is not a number 0..18446744073709551615", seed);
  cops_ctx_seed(ctx, v);
  return 0;
}

/* cops chase CHASE --odds ID: the odds of every declaration of ID against the other of its
 * pair declaring as the default policy would (docs/chases.md). */
static int print_odds(cops_chase *c, cops_ctx *ctx, int id, int json)
{
  const int n = cops_chase_count(c);
  if (id < 0 || id >= n)
    return usage_error("chase: --odds %d: the chase has participants 0..%d", id, n - 1);
  int other = -1;
  for (int i = 0; i < n; i++) {
    if (i == id || (cops_chase_role(c, i) == COPS_CHASE_PURSUED) ==
                       (cops_chase_role(c, id) == COPS_CHASE_PURSUED))
      continue;
    int w, b, ow = 0, ob = 0;
    cops_chase_dice(c, i, &w, &b);
    if (other >= 0)
      cops_chase_dice(c, other, &ow, &ob);
    if (other < 0 || w + b > ow + ob)
      other = i;
  }
  cops_chase_declaration theirs, mine;
  cops_chase_declaration_init(&theirs, 1);
  cops_chase_declaration_init(&mine, 1);
  int rc = other < 0 ? COPS_EINVAL : cops_chase_suggest(c, other, &theirs);
  if (rc) {
    fprintf(stderr, "cops: %s\n", other < 0 ? "nobody to chase or flee" : cops_ctx_errmsg(ctx));
    return EXIT_USAGE;
  }
  int w, b;
  cops_chase_dice(c, id, &w, &b);
  const int top = w + b + 2 < 64 ? w + b + 2 : 64;
  const char *me = cops_character_name(cops_chase_character(c, id));
  const char *them = cops_character_name(cops_chase_character(c, other));
  if (json)
    printf("{\"id\":%d,\"other\":%d,\"other_declares\":%d,\"declarations\":[", id, other,
           theirs.successes);
  else
    printf("%s (%d white, %d black) against %s declaring %d (the default policy)\n"
           "declare  success   both  only me  only other  neither  loses  makes lose  crash\n",
           me, w, b, them, theirs.successes);
  for (int k = 1; k <= top; k++) {
    mine.successes = k;
    cops_chase_round_odds o;
    o.size = sizeof o;
    if ((rc = cops_chase_odds(c, id, &mine, other, &theirs, &o))) {
      fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
      return EXIT_USAGE;
    }
    if (json)
      printf("%s{\"successes\":%d,\"success\":%.17g,\"both\":%.17g,\"only_mine\":%.17g,"
             "\"only_other\":%.17g,\"neither\":%.17g,\"loss\":%.17g,\"other_loss\":%.17g,"
             "\"crash\":%.17g}", k > 1 ? "," : "", k, o.success, o.both, o.only_mine,
             o.only_other, o.neither, o.loss, o.other_loss, o.crash);
    else
      printf("%7d  %6.2f%% %6.2f%% %7.2f%% %10.2f%% %7.2f%% %6.2f %11.2f %5.2f%%\n", k,
             100 * o.success, 100 * o.both, 100 * o.only_mine, 100 * o.only_other,
             100 * o.neither, o.loss, o.other_loss, 100 * o.crash);
  }
  if (json)
    printf("]}\n");
  return 0;
}

/* A saved chase (--resume FILE), sealed or not (--seal-key). */
static int resume_chase(cops_chase **c, cops_ctx *ctx, const char *path)
{
  if (!cli_seal_key())
    return cops_chase_resume_file(c, ctx, path);
  char *text = NULL;
  int rc = cli_read_save(ctx, path, &text);
  if (!rc)
    rc = cops_chase_resume(c, ctx, text);
  cops_free(text);
  return rc;
}

int cmd_chase(int argc, char **argv)
{
  const char *file = NULL, *seed = NULL, *lang_text = NULL, *odds = NULL, *resume = NULL;
  const char *save_round = NULL, *save_file = NULL;
  int json = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r;
    if ((r = option_value(argc, argv, &i, "--seed", &seed)) ||
        (r = option_value(argc, argv, &i, "--lang", &lang_text)) ||
        (r = option_value(argc, argv, &i, "--odds", &odds)) ||
        (r = option_value(argc, argv, &i, "--resume", &resume))) {
      if (r < 0)
        return usage_error("chase: %s needs a value", a);
      continue;
    }
    if (!strcmp(a, "--save-at")) {     /* --save-at ROUND FILE */
      if (i + 2 >= argc)
        return usage_error("chase: %s", "--save-at needs a ROUND and a FILE");
      save_round = argv[++i];
      save_file = argv[++i];
      continue;
    }
    if (!strcmp(a, "--json"))
      json = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help("chase");
    else if (a[0] == '-' && a[1])
      return usage_error("chase: unknown option '%s'", a);
    else if (file)
      return usage_error("chase: one CHASE file, not '%s' too", a);
    else
      file = a;
  }
  if (!file && !resume)
    return usage_error("chase: %s", "missing CHASE file, e.g. examples/scenarios/sunset-chase.json");
  if (file && resume)
    return usage_error("chase: %s", "a CHASE file or --resume FILE, not both");
  if (resume && seed)
    return usage_error("chase: %s", "--seed: a saved chase carries its dice");
  long save_at = -1;
  if (save_round) {
    char *end;
    errno = 0;
    save_at = strtol(save_round, &end, 10);
    if (!*save_round || *end || errno || save_at < 0 || save_at > 10000)
      return usage_error("chase: --save-at: '%s' is not a round 0..10000", save_round);
  }
  int lang, rc;
  if ((rc = narration_lang("chase", lang_text, &lang)))
    return rc;
  if (json && lang_text)
    return usage_error("chase: %s", "--lang is for the narration, not --json");
  long odds_id = -1;
  if (odds) {
    char *end;
    errno = 0;
    odds_id = strtol(odds, &end, 10);
    if (!*odds || *end || errno || odds_id < 0 || odds_id >= COPS_CHASERS_MAX)
      return usage_error("chase: --odds '%s' is not a participant's id", odds);
    if (seed || lang_text)
      return usage_error("chase: %s", "--odds draws no die and narrates nothing: no --seed or "
                         "--lang");
  }
  cops_ctx *ctx;
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  cops_chase *c = NULL;
  if ((rc = seeded(ctx, seed)))
    goto done;
  if (odds && !(rc = resume ? resume_chase(&c, ctx, resume) : cops_chase_load(&c, ctx, file))) {
    rc = print_odds(c, ctx, (int)odds_id, json);
    goto done;
  }
  int first = 0;   /* the events printed: from the resumed chase's first */
  if (!rc && !(rc = resume ? resume_chase(&c, ctx, resume) : cops_chase_load(&c, ctx, file))) {
    if (save_at >= 0) {   /* stop once save_at rounds are run, and save */
      const int cap = cops_chase_max_rounds(c);
      if (save_at > cops_chase_round(c) && save_at < cap &&
          ((rc = cops_chase_set_max_rounds(c, (int)save_at)) || (rc = cops_chase_run(c)) ||
           (rc = cops_chase_set_max_rounds(c, cap))))
        goto failed;
      if (cops_chase_result(c)) {
        fprintf(stderr, "cops: chase: the chase is over after round %d: nothing saved\n",
                cops_chase_round(c));
        rc = EXIT_FAILURE;
        goto print;
      }
      char *saved = NULL;
      if (!(rc = cops_chase_save(c, &saved)))
        rc = cli_write_save(ctx, save_file, saved);
      cops_free(saved);
      goto failed;
    }
    rc = cops_chase_run(c);
  }
failed:
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    cli_sealed_hint(ctx);
    rc = rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
    goto done;
  }
print:;
  char *text;
  const int status = rc;
  rc = json ? cops_log_to_jsonl(cops_chase_log(c), first, &text)
            : cops_log_narrate(cops_chase_log(c), first, lang, &text);
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_strerror(rc));
    rc = EXIT_FAILURE;
    goto done;
  }
  fputs(text, stdout);
  cops_free(text);
  rc = status;
done:
  cops_chase_free(c);
  cops_ctx_free(ctx);
  return rc;
}

int chase_sim(const char *file, long runs, const char *seed, int *status)
{
  char *text = read_text(file);
  if (!text || !strstr(text, "\"chase\""))
    return free(text), 0;   /* no chase: a fight's scenario, read by cops sim */
  char base[4096];
  folder_of(file, base, sizeof base);
  cops_ctx *ctx;
  if (cli_ctx_new(&ctx)) {
    free(text);
    fprintf(stderr, "cops: out of memory or no random source\n");
    return *status = EXIT_FAILURE, 1;
  }
  cops_chase *c = NULL;
  int rc = cops_chase_from_json(&c, ctx, text, base);
  if (rc) {
    const int chase = strncmp(cops_ctx_errmsg(ctx), "type:", 5) != 0;
    if (chase)
      fprintf(stderr, "cops: %s: %s\n", file, cops_ctx_errmsg(ctx));
    free(text);
    cops_ctx_free(ctx);
    *status = EXIT_USAGE;
    return chase;
  }
  const int n = cops_chase_count(c);
  long escaped = 0, caught = 0, undecided = 0, out[COPS_CHASERS_MAX][4] = {{0}};
  double rounds = 0, rounds2 = 0;
  *status = 0;
  if ((rc = seeded(ctx, seed))) {
    *status = rc;
    goto done;
  }
  for (long r = 0; r < runs; r++) {
    if (r) {
      cops_chase_free(c);
      c = NULL;
      if ((rc = cops_chase_from_json(&c, ctx, text, base)))
        goto failed;
    }
    if ((rc = cops_chase_run(c)))
      goto failed;
    const int result = cops_chase_result(c);
    escaped += result == COPS_CHASE_ESCAPED;
    caught += result == COPS_CHASE_CAUGHT;
    undecided += result == COPS_CHASE_GOING;
    const double nr = cops_chase_round(c);
    rounds += nr;
    rounds2 += nr * nr;
    for (int i = 0; i < n; i++)
      out[i][cops_chase_state(c, i)]++;
  }
  printf("%s: %ld chases%s%s\n", cops_chase_name(c), runs, seed ? ", seed " : "",
         seed ? seed : "");
  printf("result (95 %% interval)\n");
  const struct {
    const char *what;
    long k;
  } res[] = {{"escaped", escaped}, {"caught", caught}, {"(still going at the cap)", undecided}};
  for (int k = 0; k < 3; k++) {
    double lo, hi;
    wilson((double)res[k].k, (double)runs, &lo, &hi);
    printf("  ");
    pad(res[k].what, 24);
    printf(" %6.2f %%  [%6.2f, %6.2f]\n", 100.0 * res[k].k / runs, 100.0 * lo, 100.0 * hi);
  }
  const double mean = rounds / runs;
  const double var = rounds2 / runs - mean * mean;
  printf("rounds: mean %.2f, sd %.2f\n", mean, sqrt(var > 0 ? var : 0));
  printf("participants: lost or stopped, wrecked\n");
  for (int i = 0; i < n; i++) {
    printf("  ");
    pad(cops_character_name(cops_chase_character(c, i)), 28);
    printf(" ");
    pad(cops_chase_role(c, i) == COPS_CHASE_PURSUED ? "pursued" : "pursuer", 10);
    printf(" %6.2f %%  %6.2f %%\n",
           100.0 * (out[i][COPS_CHASER_LOST] + out[i][COPS_CHASER_STOPPED]) / runs,
           100.0 * out[i][COPS_CHASER_WRECKED] / runs);
  }
  goto done;
failed:
  fprintf(stderr, "cops: %s: %s\n", file, cops_ctx_errmsg(ctx));
  *status = rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
done:
  cops_chase_free(c);
  cops_ctx_free(ctx);
  free(text);
  return 1;
}
