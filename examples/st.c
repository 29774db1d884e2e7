/* cops st: the optional Storyteller module (docs/storyteller.md) from the
 * command line: pools rolled and their exact odds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"

#if COPS_WITH_ST
#include <cops/st.h>

/* The options of cops st roll and cops st odds. */
struct st_args {
  const char *seed, *faces, *vs;
  int json, help;
  char pool[256];
};

static int st_parse(int argc, char **argv, const char *cmd, struct st_args *o)
{
  memset(o, 0, sizeof *o);
  int rest = 0;
  size_t len = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!rest && a[0] == '-' && a[1] == '-') {
      int r = 0;
      if (!a[2]) {
        rest = 1;
        continue;
      }
      if (!strcmp(a, "--json")) {
        o->json = 1;
        continue;
      }
      if (!strcmp(a, "--help")) {
        o->help = 1;
        continue;
      }
      if ((r = option_value(argc, argv, &i, "--seed", &o->seed)) ||
          (r = option_value(argc, argv, &i, "--dice", &o->faces)) ||
          (r = option_value(argc, argv, &i, "--vs", &o->vs))) {
        if (r < 0)
          return usage_error("st %s: %s needs a value", cmd, a);
        continue;
      }
      return usage_error("st %s: unknown option '%s'", cmd, a);
    }
    /* The words that are not options make the pool: "cops st roll 4+3 9-again". */
    const size_t n = strlen(a);
    if (len + n + 2 > sizeof o->pool)
      return usage_error("st %s: the pool is longer than %zu characters", cmd,
                         sizeof o->pool - 1);
    if (len)
      o->pool[len++] = ' ';
    memcpy(o->pool + len, a, n + 1);
    len += n;
  }
  return 0;
}

/* A pool read, or a usage error naming it. */
static int read_pool(cops_ctx *ctx, const char *cmd, const char *text, cops_st_pool *p)
{
  if (!*text)
    return usage_error("st %s: missing POOL, e.g. \"4+3-2 9-again\"", cmd);
  if (cops_st_pool_parse(p, ctx, text)) {
    fprintf(stderr, "cops: st %s: '%s': %s\n", cmd, text, cops_ctx_errmsg(ctx));
    return EXIT_USAGE;
  }
  return 0;
}

/* "[7, 10→9→3, 2]": each die of the pool followed by its chain of re-rolls. */
static void print_st_dice(const cops_roll *roll)
{
  const int n = cops_roll_count(roll);
  printf("[");
  for (int i = 0, first = 1; i < n; i++) {
    int face, parent;
    cops_roll_die(roll, i, &face, NULL, &parent);
    if (parent != -1)
      continue;
    printf("%s%d", first ? "" : ", ", face);
    first = 0;
    for (int j = i + 1, at = i; j < n; j++) {
      cops_roll_die(roll, j, &face, NULL, &parent);
      if (parent == at) {
        printf("\u2192%d", face);
        at = j;
      }
    }
  }
  printf("]");
}

static int st_roll(int argc, char **argv)
{
  struct st_args o;
  int rc = st_parse(argc, argv, "roll", &o);
  if (rc)
    return rc;
  if (o.help)
    return print_help("st");
  if (o.vs)
    return usage_error("st roll: %s", "--vs goes with cops st odds");
  if (o.seed && o.faces)
    return usage_error("st roll: %s", "--seed and --dice exclude each other");
  cops_ctx *ctx = NULL;
  cops_roll *roll = NULL;
  static struct script script;
  cops_st_pool p;
  if (cops_ctx_new(&ctx) || cops_roll_new(&roll)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  if ((rc = read_pool(ctx, "roll", o.pool, &p)) || (o.seed && (rc = apply_seed(ctx, o.seed))))
    goto done;
  if (o.faces) {
    if ((rc = parse_faces(o.faces, &script)))
      goto done;
    cops_ctx_use_callback(ctx, script_die, &script);
  }
  rc = cops_st_roll(roll, ctx, &p);
  if (rc == COPS_ERNG && o.faces) {
    fprintf(stderr, "cops: --dice ran out of faces after %d (this roll needs more)\n",
            script.n);
    rc = EXIT_USAGE;
    goto done;
  }
  if (rc) {
    fprintf(stderr, "cops: st roll: %s\n", cops_ctx_errmsg(ctx));
    rc = rc == COPS_ENOMEM || rc == COPS_ERNG ? EXIT_FAILURE : EXIT_USAGE;
    goto done;
  }
  if (o.faces && script.next < script.n) {
    fprintf(stderr, "cops: --dice gave %d faces, the roll used %d\n", script.n, script.next);
    rc = EXIT_USAGE;
    goto done;
  }
  if (o.json) {
    char *text = NULL;
    if (cops_roll_to_json(roll, &text)) {
      fprintf(stderr, "cops: out of memory\n");
      rc = EXIT_FAILURE;
      goto done;
    }
    puts(text);
    cops_free(text);
  } else {
    char text[160];
    int pool = 0;
    const int k = cops_st_roll_successes(roll);
    cops_st_pool_format(&p, text, sizeof text);
    cops_st_roll_pool_size(roll, &pool);
    if (p.mode == COPS_ST_ALL_EIGHTS)
      printf("%s: every die counts as an 8 (no roll)\n", text);
    else if (p.mode == COPS_ST_AVERAGE)
      printf("%s: a third of the pool (no roll)\n", text);
    else if (cops_st_roll_chance(roll))
      printf("%s: %d dice after modifiers: one chance die\n", text, pool);
    else
      printf("%s: %d %s\n", text, pool, pool == 1 ? "die" : "dice");
    if (p.mode != COPS_ST_AVERAGE) {
      printf("dice: ");
      print_st_dice(roll);
      printf("\n");
    }
    printf("%d %s%s\n", k, k == 1 ? "success" : "successes",
           cops_st_roll_dramatic(roll) ? ": dramatic failure" : k ? "" : ": failure");
  }
  rc = 0;
done:
  cops_roll_free(roll);
  cops_ctx_free(ctx);
  return rc;
}

/* The law of one pool: "pmf" and "at_least" up to the last k worth a line. */
static json_t *pool_odds(cops_ctx *ctx, const cops_st_pool *p, int json)
{
  char text[160];
  double mean = 0, dramatic = 0;
  cops_st_pool_format(p, text, sizeof text);
  if (cops_st_odds_expected(ctx, p, &mean) || cops_st_odds_dramatic(ctx, p, &dramatic))
    return NULL;
  json_t *pmf = json_array(), *at_least = json_array();
  if (!json)
    printf("%s: %.3f successes expected\n successes   exactly   at least\n", text, mean);
  for (int k = 0; k <= COPS_ODDS_K_MAX; k++) {
    double e = 0, a = 0;
    if (cops_st_odds_pmf(ctx, p, k, &e) || cops_st_odds_at_least(ctx, p, k, &a))
      break;
    if (k > 0 && a < (json ? 1e-12 : 5e-5))
      break;
    json_array_append_new(pmf, json_real(e));
    json_array_append_new(at_least, json_real(a));
    if (!json)
      printf(" %9d  %7.3f %%  %7.3f %%\n", k, 100 * e, 100 * a);
  }
  if (!json && dramatic > 0)
    printf("dramatic failure: %.1f %%\n", 100 * dramatic);
  return json_pack("{s:s,s:f,s:f,s:o,s:o}", "pool", text, "expected", mean, "dramatic",
                   dramatic, "pmf", pmf, "at_least", at_least);
}

static int st_odds(int argc, char **argv)
{
  struct st_args o;
  int rc = st_parse(argc, argv, "odds", &o);
  if (rc)
    return rc;
  if (o.help)
    return print_help("st");
  if (o.seed || o.faces)
    return usage_error("st odds: %s", "odds are exact: --seed and --dice do not apply");
  cops_ctx *ctx = NULL;
  cops_st_pool a, b;
  json_t *out = NULL;
  if (cops_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  if ((rc = read_pool(ctx, "odds", o.pool, &a)) || (o.vs && (rc = read_pool(ctx, "odds", o.vs, &b))))
    goto done;
  out = pool_odds(ctx, &a, o.json);
  if (out && o.vs) {
    double aw = 0, bw = 0, tie = 0;
    if (!o.json)
      printf("\n");
    json_t *vs = pool_odds(ctx, &b, o.json);
    if (!vs || cops_st_odds_opposed(ctx, &a, &b, &aw, &bw, &tie)) {
      json_decref(vs);
      json_decref(out);
      out = NULL;
    } else {
      out = json_pack("{s:o,s:o,s:f,s:f,s:f}", "a", out, "b", vs, "a_wins", aw, "b_wins", bw,
                      "tie", tie);
      if (!o.json)
        printf("\nopposed (ST §0.4): the first wins %.3f %%, the second %.3f %%, no winner "
               "%.3f %%\n", 100 * aw, 100 * bw, 100 * tie);
    }
  }
  if (!out) {
    fprintf(stderr, "cops: st odds: %s\n", cops_ctx_errmsg(ctx));
    rc = EXIT_FAILURE;
    goto done;
  }
  if (o.json) {
    char *text = json_dumps(out, JSON_COMPACT | JSON_REAL_PRECISION(17));
    if (!text) {
      fprintf(stderr, "cops: out of memory\n");
      rc = EXIT_FAILURE;
      goto done;
    }
    puts(text);
    free(text);
  }
  rc = 0;
done:
  json_decref(out);
  cops_ctx_free(ctx);
  return rc;
}

int cmd_st(int argc, char **argv)
{
  if (argc < 2)
    return usage_error("st: %s", "missing what to do: roll or odds");
  const char *what = argv[1];
  if (!strcmp(what, "--help") || !strcmp(what, "-h"))
    return print_help("st");
  if (!strcmp(what, "roll"))
    return st_roll(argc - 1, argv + 1);
  if (!strcmp(what, "odds"))
    return st_odds(argc - 1, argv + 1);
  return usage_error("st: unknown '%s': roll or odds", what);
}

#else

int cmd_st(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  fprintf(stderr, "cops: st: this libcops was built without the Storyteller module "
          "(meson option st)\n");
  return EXIT_USAGE;
}

#endif
