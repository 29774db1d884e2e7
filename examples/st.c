/* cops st: the optional Storyteller module (docs/storyteller.md) from the
 * command line: pools rolled and their exact odds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
  if (cli_ctx_new(&ctx) || cops_roll_new(&roll)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  if ((rc = read_pool(ctx, "roll", o.pool, &p)) || (rc = use_dice(ctx, o.seed, o.faces, &script)))
    goto done;
  if ((rc = dice_status(cops_st_roll(roll, ctx, &p), ctx, "st roll", "roll", o.faces, &script)))
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
  if (cli_ctx_new(&ctx)) {
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

/* ---- cops st attack ---------------------------------------------------------------- */

static const char *const kinds[] = {"exchange", "strike", "shot", "contact", "coup", NULL};
static const char *const calls[] = {"body", "arm", "leg", "head", "heart", "hand", "eye", NULL};

static int word_index(const char *const *words, const char *text)
{
  for (int i = 0; words[i]; i++)
    if (!strcmp(words[i], text))
      return i;
  return -1;
}

/* A weapon by its index or its name on the character's sheet; "none" for bare hands. */
static int weapon_arg(const cops_st_character *ch, const char *opt, const char *text, int *out)
{
  *out = -1;
  if (!text || !strcmp(text, "none"))
    return 0;
  for (int i = 0; i < cops_st_character_weapon_count(ch); i++) {
    cops_st_weapon w;
    cops_st_character_weapon(ch, i, &w);
    if (!strcasecmp(w.name, text))
      return *out = i, 0;
  }
  if (text[0] >= '0' && text[0] <= '9' && !text[1] && text[0] - '0' < cops_st_character_weapon_count(ch))
    return *out = text[0] - '0', 0;
  return usage_error("st attack: %s '%s': %s carries no such weapon", opt, text,
                     cops_st_character_name(ch));
}

static int st_attack(int argc, char **argv)
{
  const char *files[3] = {NULL, NULL, NULL}, *weapon = NULL, *tweapon = NULL, *kind = NULL;
  const char *seed = NULL, *faces = NULL, *lang_text = NULL, *called = NULL;
  int distance = 0, cover = 0, own_cover = 0, crowd = 0, opponents = 1, rank = 0, aim = 0;
  int total_defense = 0, bonus = 0, json = 0, rc;
  unsigned flags = 0;
  const struct { const char *name; int lo, hi; int *out; } table[] = {
    {"--distance", 0, 10000, &distance}, {"--cover", 0, 5, &cover},
    {"--own-cover", 0, 5, &own_cover}, {"--crowd", 0, 3, &crowd},
    {"--opponents", 1, 4, &opponents}, {"--rank", 0, 3, &rank}, {"--aim", 0, 10, &aim},
    {"--total-defense", 0, 64, &total_defense}, {"--bonus", -10, 10, &bonus},
  };
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    int r = 0, done = 0;
    if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help("st");
    if (!strcmp(a, "--json")) {
      json = 1;
      continue;
    }
    const struct { const char *name; unsigned flag; } switches[] = {
      {"--touch", COPS_ST_TOUCH}, {"--burst", COPS_ST_BURST}, {"--surprised", COPS_ST_SURPRISED},
      {"--defenseless", COPS_ST_DEFENSELESS}, {"--prone", COPS_ST_PRONE},
    };
    for (size_t k = 0; k < sizeof switches / sizeof switches[0] && !done; k++)
      if (!strcmp(a, switches[k].name)) {
        flags |= switches[k].flag;
        done = 1;
      }
    if (done)
      continue;
    const char *names[] = {"--attacker", "--target", "--shield"};
    for (int k = 0; k < 3 && !r; k++)
      r = option_value(argc, argv, &i, names[k], &files[k]);
    if (!r && !(r = option_value(argc, argv, &i, "--weapon", &weapon)) &&
        !(r = option_value(argc, argv, &i, "--target-weapon", &tweapon)) &&
        !(r = option_value(argc, argv, &i, "--kind", &kind)) &&
        !(r = option_value(argc, argv, &i, "--called", &called)) &&
        !(r = option_value(argc, argv, &i, "--seed", &seed)) &&
        !(r = option_value(argc, argv, &i, "--dice", &faces)) &&
        !(r = option_value(argc, argv, &i, "--lang", &lang_text)))
      for (size_t k = 0; k < sizeof table / sizeof table[0] && !r; k++)
        if ((r = option_value(argc, argv, &i, table[k].name, &v)) > 0 &&
            (rc = whole_number("st attack", table[k].name, v, table[k].lo, table[k].hi,
                                 table[k].out)))
          return rc;
    if (r < 0)
      return usage_error("st attack: %s needs a value", a);
    if (!r)
      return usage_error("st attack: unknown argument '%s'", a);
  }
  if (!files[0] || !files[1])
    return usage_error("st attack: %s", "--attacker and --target are required");
  if (seed && faces)
    return usage_error("st attack: %s", "--seed and --dice exclude each other");
  const int k = kind ? word_index(kinds, kind) : COPS_ST_EXCHANGE;
  if (k < 0)
    return usage_error("st attack: --kind '%s': exchange, strike, shot, contact or coup", kind);
  const int c = called ? word_index(calls, called) : COPS_ST_BODY;
  if (c < 0)
    return usage_error("st attack: --called '%s': arm, leg, head, heart, hand or eye", called);
  int lang;
  if ((rc = narration_lang("st attack", lang_text, &lang)))
    return rc;
  cops_ctx *ctx = NULL;
  cops_st_character *ch[3] = {NULL, NULL, NULL};
  cops_log *log = NULL;
  static struct script script;
  char *text = NULL;
  if (cli_ctx_new(&ctx) || cops_log_new(&log, ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  for (int f = 0; f < 3; f++)
    if (files[f] && cops_st_character_load(&ch[f], ctx, files[f])) {
      fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
      rc = EXIT_USAGE;
      goto done;
    }
  if ((rc = use_dice(ctx, seed, faces, &script)))
    goto done;
  cops_st_attack a;
  cops_st_attack_init(&a, k);
  a.attacker = ch[0];
  a.target = ch[1];
  a.shield = ch[2];
  if ((rc = weapon_arg(ch[0], "--weapon", weapon, &a.weapon)) ||
      (rc = weapon_arg(ch[1], "--target-weapon", tweapon, &a.target_weapon)))
    goto done;
  a.distance = distance;
  a.cover = cover;
  a.own_cover = own_cover;
  a.crowd = crowd;
  a.opponents = opponents;
  a.rank = rank;
  a.called = c;
  a.aim = aim;
  a.total_defense = total_defense;
  a.bonus = bonus;
  a.flags = flags;
  if ((rc = dice_status(cops_st_attack_resolve(NULL, ctx, &a, log), ctx, "st attack", "attack",
                        faces, &script)))
    goto done;
  if ((json ? cops_log_to_jsonl(log, 0, &text) : cops_log_narrate(log, 0, lang, &text))) {
    fprintf(stderr, "cops: out of memory\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  fputs(text, stdout);
  rc = 0;
done:
  cops_free(text);
  for (int f = 0; f < 3; f++)
    cops_st_character_free(ch[f]);
  cops_log_free(log);
  cops_ctx_free(ctx);
  return rc;
}

/* The fight's calls for the shared runner (fight_file_command, examples/cops.c). */
static int st_fight_load(void **f, cops_ctx *ctx, const char *path)
{
  return cops_st_fight_load((cops_st_fight **)f, ctx, path);
}
static int st_fight_from_json(void **f, cops_ctx *ctx, const char *text, const char *base)
{
  return cops_st_fight_from_json((cops_st_fight **)f, ctx, text, base);
}
static int st_fight_seed(void *f, uint64_t seed) { return cops_st_fight_seed(f, seed); }
static int st_fight_round(const void *f) { return cops_st_fight_round(f); }
static int st_fight_over(const void *f) { return cops_st_fight_over(f); }
static int st_fight_run_round(void *f) { return cops_st_fight_run_round(f); }
static cops_log *st_fight_log(const void *f) { return cops_st_fight_log(f); }
static int st_fight_save(const void *f, char **out) { return cops_st_fight_save(f, out); }
static void st_fight_release(void *f) { cops_st_fight_free(f); }
static int st_fight_count(const void *f) { return cops_st_fight_count(f); }
static int st_fight_set_policy(void *f, int id, int p) { return cops_st_fight_set_policy(f, id, p); }
static int st_fight_set_side_policy(void *f, int side, int p)
{
  return cops_st_fight_set_side_policy(f, side, p);
}
static int st_fight_side_of(const void *f, int id)
{
  cops_st_fighter s;
  memset(&s, 0, sizeof s);
  s.size = sizeof s;
  return cops_st_fight_fighter(f, id, &s) ? -1 : s.side;
}
static const char *st_fight_side_name(const void *f, int side)
{
  return cops_st_fight_side_name(f, side);
}

/* cops st fight FILE: a fight file (a scenario or a save) played to its end, or to a
 * round where it is saved (docs/storyteller.md, "Fights"). */
static int st_fight(int argc, char **argv)
{
  static const struct fight_file_ops ops = {
    "st fight",          "st",           st_fight_load,      st_fight_from_json,
    st_fight_seed,
    st_fight_round,      st_fight_over,  st_fight_run_round, st_fight_log,
    st_fight_save,       st_fight_release,
    st_fight_count,      st_fight_set_policy, st_fight_set_side_policy, st_fight_side_of,
    st_fight_side_name};
  return fight_file_command(argc, argv, &ops);
}

int cmd_st(int argc, char **argv)
{
  if (argc < 2)
    return usage_error("st: %s", "missing what to do: roll, odds, attack or fight");
  const char *what = argv[1];
  if (!strcmp(what, "--help") || !strcmp(what, "-h"))
    return print_help("st");
  if (!strcmp(what, "roll"))
    return st_roll(argc - 1, argv + 1);
  if (!strcmp(what, "odds"))
    return st_odds(argc - 1, argv + 1);
  if (!strcmp(what, "attack"))
    return st_attack(argc - 1, argv + 1);
  if (!strcmp(what, "fight"))
    return st_fight(argc - 1, argv + 1);
  return usage_error("st: unknown '%s': roll, odds, attack or fight", what);
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
