/* cops d6: the optional D6 System module (docs/d6.md) from the command line: codes rolled
 * with their free die, and their exact odds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"

#if COPS_WITH_D6
#include <cops/d6.h>

/* The options of cops d6 roll and cops d6 odds; the words left make the roll's notation. */
struct d6_args {
  const char *seed, *faces, *vs;
  int json, help, no_explode, no_free;
  char pool[256];
};

static int d6_parse(int argc, char **argv, const char *cmd, struct d6_args *o)
{
  memset(o, 0, sizeof *o);
  size_t len = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r = 0;
    if (!strcmp(a, "--json") || !strcmp(a, "--help") || !strcmp(a, "-h") ||
        !strcmp(a, "--no-explode") || !strcmp(a, "--no-free-die")) {
      *(a[2] == 'j' ? &o->json : a[2] == 'h' || a[1] == 'h' ? &o->help
        : a[5] == 'e' ? &o->no_explode : &o->no_free) = 1;
      continue;
    }
    if ((r = option_value(argc, argv, &i, "--seed", &o->seed)) ||
        (r = option_value(argc, argv, &i, "--dice", &o->faces)) ||
        (r = option_value(argc, argv, &i, "--vs", &o->vs))) {
      if (r < 0)
        return usage_error("d6 %s: %s needs a value", cmd, a);
      continue;
    }
    if (a[0] == '-' && a[1] == '-')
      return usage_error("d6 %s: unknown option '%s'", cmd, a);
    const size_t n = strlen(a);
    if (len + n + 2 > sizeof o->pool)
      return usage_error("d6 %s: the roll is longer than %zu characters", cmd,
                         sizeof o->pool - 1);
    if (len)
      o->pool[len++] = ' ';
    memcpy(o->pool + len, a, n + 1);
    len += n;
  }
  return 0;
}

static int read_pool(cops_ctx *ctx, const char *cmd, const char *text, cops_d6_pool *p)
{
  if (!*text)
    return usage_error("d6 %s: missing the roll, e.g. \"3D+2 -1D vs 15\"", cmd);
  if (cops_d6_pool_parse(p, ctx, text)) {
    fprintf(stderr, "cops: d6 %s: '%s': %s\n", cmd, text, cops_ctx_errmsg(ctx));
    return EXIT_USAGE;
  }
  return 0;
}

static void rules_of(const struct d6_args *o, cops_d6_rules *r)
{
  cops_d6_rules_init(r);
  r->explode = !o->no_explode;
  r->free_die = !o->no_free;
}

/* "[4, 2, 6→6→1]": the dice, the free die last with its chain. */
static void print_dice(const cops_roll *roll)
{
  printf("[");
  for (int i = 0; i < cops_roll_count(roll); i++) {
    int face, parent;
    cops_roll_die(roll, i, &face, NULL, &parent);
    printf(parent >= 0 ? "\u2192%d" : i ? ", %d" : "%d", face);
  }
  printf("]");
}

static int d6_roll(int argc, char **argv)
{
  struct d6_args o;
  int rc = d6_parse(argc, argv, "roll", &o);
  if (rc || o.help)
    return rc ? rc : print_help("d6");
  if (o.vs)
    return usage_error("d6 roll: %s", "--vs goes with cops d6 odds");
  if (o.seed && o.faces)
    return usage_error("d6 roll: %s", "--seed and --dice exclude each other");
  cops_ctx *ctx = NULL;
  cops_roll *roll = NULL;
  static struct script script;
  cops_d6_pool p;
  cops_d6_rules rules;
  rules_of(&o, &rules);
  if (cli_ctx_new(&ctx) || cops_roll_new(&roll)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  if ((rc = read_pool(ctx, "roll", o.pool, &p)) || (rc = use_dice(ctx, o.seed, o.faces, &script)))
    goto done;
  if ((rc = dice_status(cops_d6_roll(roll, ctx, &p, &rules), ctx, "d6 roll", "roll", o.faces,
                        &script)))
    goto done;
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
    int total = 0, level = 0, free_face = 0;
    cops_d6_pool_format(&p, text, sizeof text);
    const int n = cops_d6_roll_dice(roll), free = cops_d6_roll_free_die(roll, &free_face);
    cops_d6_roll_total(roll, &total);
    printf("%s: %d %s%s\ndice: ", text, n, n == 1 ? "die" : "dice",
           free ? ", the last one free" : "");
    print_dice(roll);
    printf("\ntotal %d", total);
    const int s = cops_d6_roll_success(roll);
    if (s >= 0) {
      cops_d6_roll_level(roll, &level);
      printf(": %s, level %+d", s ? "success" : cops_d6_roll_critical(roll) ? "critical failure"
                                                                          : "failure", level);
    }
    printf("\n");
  }
  rc = 0;
done:
  cops_roll_free(roll);
  cops_ctx_free(ctx);
  return rc;
}

static int d6_odds(int argc, char **argv)
{
  struct d6_args o;
  int rc = d6_parse(argc, argv, "odds", &o);
  if (rc || o.help)
    return rc ? rc : print_help("d6");
  if (o.seed || o.faces)
    return usage_error("d6 odds: %s", "odds are exact: --seed and --dice do not apply");
  cops_ctx *ctx = NULL;
  cops_d6_pool p, q;
  cops_d6_rules rules;
  rules_of(&o, &rules);
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  if ((rc = read_pool(ctx, "odds", o.pool, &p)) || (o.vs && (rc = read_pool(ctx, "odds", o.vs, &q))))
    goto done;
  char text[160];
  cops_d6_pool_format(&p, text, sizeof text);
  double e = 0, s = 0, c = 0, g = 0, eq = 0, l = 0;
  const int vs = p.difficulty != COPS_D6_NO_DIFFICULTY;
  if (cops_d6_odds(ctx, &p, &rules, vs ? &s : NULL, vs ? &c : NULL, &e) ||
      (o.vs && cops_d6_odds_contest(ctx, &p, &q, &rules, &g, &eq, &l))) {
    fprintf(stderr, "cops: d6 odds: %s\n", cops_ctx_errmsg(ctx));
    rc = EXIT_USAGE;
    goto done;
  }
  json_t *at_least = json_array();
  int lo = 0;
  for (int k = 0; k < 1000 && at_least; k++) {   /* from the first total that can miss */
    double ge = 0;
    cops_d6_odds_total(ctx, &p, &rules, k, &ge, NULL);
    if (ge < 1 - 1e-12) {
      lo = k - 1;
      break;
    }
  }
  if (!o.json)
    printf("%s: %.3f expected\n   total   at least\n", text, e);
  for (int k = lo; k < lo + 200 && at_least; k++) {
    double ge = 0;
    cops_d6_odds_total(ctx, &p, &rules, k, &ge, NULL);
    if (ge < (o.json ? 1e-9 : 5e-5))
      break;
    json_array_append_new(at_least, json_real(ge));
    if (!o.json)
      printf(" %7d  %7.3f %%\n", k, 100 * ge);
  }
  if (o.json) {
    json_t *j = json_pack("{s:s,s:f,s:i,s:o}", "pool", text, "expected", e, "from", lo,
                          "at_least", at_least);
    if (j && vs) {
      json_object_set_new(j, "success", json_real(s));
      json_object_set_new(j, "critical", json_real(c));
    }
    if (j && o.vs)
      json_object_set_new(j, "contest", json_pack("{s:s,s:f,s:f,s:f}", "vs", o.vs, "greater", g,
                                                  "equal", eq, "less", l));
    char *out = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(j);
    if (!out) {
      fprintf(stderr, "cops: out of memory\n");
      rc = EXIT_FAILURE;
      goto done;
    }
    puts(out);
    free(out);
  } else {
    json_decref(at_least);
    if (vs)
      printf("vs %d: success %.3f %%, critical failure %.3f %%\n", p.difficulty, 100 * s, 100 * c);
    if (o.vs)
      printf("contest (D6 §0.5) against %s: greater %.3f %%, equal %.3f %%, less %.3f %%\n", o.vs,
             100 * g, 100 * eq, 100 * l);
  }
  rc = 0;
done:
  cops_ctx_free(ctx);
  return rc;
}

/* The fight's calls for the shared runner (fight_file_command, examples/cops.c). */
static int d6_fight_load(void **f, cops_ctx *ctx, const char *path)
{
  return cops_d6_fight_load((cops_d6_fight **)f, ctx, path);
}
static int d6_fight_from_json(void **f, cops_ctx *ctx, const char *text, const char *base)
{
  return cops_d6_fight_from_json((cops_d6_fight **)f, ctx, text, base);
}
static int d6_fight_seed(void *f, uint64_t seed) { return cops_d6_fight_seed(f, seed); }
static int d6_fight_round(const void *f) { return cops_d6_fight_round(f); }
static int d6_fight_over(const void *f) { return cops_d6_fight_over(f); }
static int d6_fight_run_round(void *f) { return cops_d6_fight_run_round(f); }
static cops_log *d6_fight_log(const void *f) { return cops_d6_fight_log(f); }
static int d6_fight_save(const void *f, char **out) { return cops_d6_fight_save(f, out); }
static void d6_fight_release(void *f) { cops_d6_fight_free(f); }

/* cops d6 fight FILE: a fight file (a scenario or a save) played to its end, or to a
 * round where it is saved (docs/d6.md, "Fights"). */
static int d6_fight_count(const void *f) { return cops_d6_fight_count(f); }
static int d6_fight_set_policy(void *f, int id, int p) { return cops_d6_fight_set_policy(f, id, p); }
static int d6_fight_set_side_policy(void *f, int side, int p)
{
  return cops_d6_fight_set_side_policy(f, side, p);
}
static int d6_fight_side_of(const void *f, int id)
{
  cops_d6_fighter s;
  memset(&s, 0, sizeof s);
  s.size = sizeof s;
  return cops_d6_fight_fighter(f, id, &s) ? -1 : s.side;
}
static const char *d6_fight_side_name(const void *f, int side)
{
  return cops_d6_fight_side_name(f, side);
}

static int d6_fight(int argc, char **argv)
{
  static const struct fight_file_ops ops = {
    "d6 fight",          "d6",           d6_fight_load,      d6_fight_from_json,
    d6_fight_seed,
    d6_fight_round,      d6_fight_over,  d6_fight_run_round, d6_fight_log,
    d6_fight_save,       d6_fight_release,
    d6_fight_count,      d6_fight_set_policy, d6_fight_set_side_policy, d6_fight_side_of,
    d6_fight_side_name};
  return fight_file_command(argc, argv, &ops);
}

int cmd_d6(int argc, char **argv)
{
  if (argc < 2)
    return usage_error("d6: %s", "missing what to do: roll, odds, attack, harm, heal, fight, "
                       "spells, spell-cost, cast, psionic, weapons or sheet");
  const char *what = argv[1];
  if (!strcmp(what, "--help") || !strcmp(what, "-h"))
    return print_help("d6");
  if (!strcmp(what, "roll"))
    return d6_roll(argc - 1, argv + 1);
  if (!strcmp(what, "odds"))
    return d6_odds(argc - 1, argv + 1);
  if (!strcmp(what, "fight"))
    return d6_fight(argc - 1, argv + 1);
  int rc = d6_combat_command(argc - 1, argv + 1);
  if (rc < 0)
    rc = d6_magic_command(argc - 1, argv + 1);
  if (rc >= 0)
    return rc;
  return usage_error("d6: unknown '%s': roll, odds, attack, harm, heal, fight, spells, spell-cost, "
                     "cast, psionic, weapons or sheet", what);
}

#else

int cmd_d6(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  fprintf(stderr, "cops: d6: this libcops was built without the D6 System module "
          "(meson option d6)\n");
  return EXIT_USAGE;
}

#endif
