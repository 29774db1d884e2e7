/* cops: the libcops command line. Every rule is in the library; this program
 * reads arguments, calls the C API and prints. Usage: cops help. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include <cops/cops.h>

#include "cli.h"

int narration_lang(const char *cmd, const char *text, int *lang)
{
  *lang = COPS_LANG_FR;
  if (!text || cops_lang_parse(text, lang) == COPS_OK)
    return 0;
  char codes[64] = "";
  for (int i = 0; i < cops_lang_count(); i++)
    snprintf(codes + strlen(codes), sizeof codes - strlen(codes), "%s%s",
             i == 0 ? "" : i + 1 == cops_lang_count() ? " or " : ", ", cops_lang_code(i));
  return usage_error("%s: --lang '%s': %s", cmd, text, codes);
}

int usage_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "cops: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, " (see 'cops help')\n");
  va_end(ap);
  return EXIT_USAGE;
}


int script_die(void *user, int sides)
{
  struct script *s = user;
  if (s->next == s->n)
    return 0; /* out of faces: the library reports COPS_ERNG */
  int f = s->faces[s->next++];
  if (f > sides)
    s->wanted_sides_mismatch = 1;
  return f;
}

int parse_faces(const char *text, struct script *s)
{
  const char *p = text;
  s->n = s->next = 0;
  while (*p) {
    char *end;
    errno = 0;
    long v = strtol(p, &end, 10);
    if (end == p || errno || v < 1 || v > 10)
      return usage_error("--dice: '%s' is not a list of faces 1..10 separated by commas",
                         text);
    if (s->n == (int)(sizeof s->faces / sizeof s->faces[0]))
      return usage_error("--dice: more than 256 faces in '%s'", text);
    s->faces[s->n++] = (int)v;
    if (*end == ',' && end[1])
      end++;
    else if (*end)
      return usage_error("--dice: '%s' is not a list of faces 1..10 separated by commas",
                         text);
    p = end;
  }
  if (s->n == 0)
    return usage_error("--dice: no face given in '%s'", text);
  return 0;
}

static int hexval(char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

int apply_seed(cops_ctx *ctx, const char *text)
{
  size_t len = strlen(text);
  if (len == 2 * COPS_SEED_BYTES) {
    unsigned char key[COPS_SEED_BYTES];
    for (size_t i = 0; i < COPS_SEED_BYTES; i++) {
      int hi = hexval(text[2 * i]), lo = hexval(text[2 * i + 1]);
      if (hi < 0 || lo < 0)
        return usage_error("--seed: '%s' is neither a number nor 64 hex digits", text);
      key[i] = (unsigned char)(hi * 16 + lo);
    }
    return cops_ctx_seed_bytes(ctx, key, sizeof key) ? EXIT_FAILURE : 0;
  }
  uint64_t v;
  if (!seed_number(text, &v))
    return usage_error("--seed: '%s' is neither a number 0..18446744073709551615 nor 64 "
                       "hex digits", text);
  return cops_ctx_seed(ctx, v) ? EXIT_FAILURE : 0;
}

int use_dice(cops_ctx *ctx, const char *seed, const char *faces, struct script *s)
{
  int rc;
  if (seed && (rc = apply_seed(ctx, seed)))
    return rc;
  if (faces) {
    if ((rc = parse_faces(faces, s)))
      return rc;
    cops_ctx_use_callback(ctx, script_die, s);
  }
  return 0;
}

int dice_status(int rc, cops_ctx *ctx, const char *cmd, const char *what, const char *faces,
                const struct script *s)
{
  if (rc == COPS_ERNG && faces) {
    fprintf(stderr, "cops: --dice ran out of faces after %d (this %s needs more)\n", s->n, what);
    return EXIT_USAGE;
  }
  if (rc) {
    fprintf(stderr, "cops: %s: %s\n", cmd, cops_ctx_errmsg(ctx));
    return rc == COPS_ENOMEM || rc == COPS_ERNG ? EXIT_FAILURE : EXIT_USAGE;
  }
  if (faces && s->next < s->n) {
    fprintf(stderr, "cops: --dice gave %d faces, the %s used %d\n", s->n, what, s->next);
    return EXIT_USAGE;
  }
  return 0;
}

int whole_number(const char *cmd, const char *opt, const char *text, int lo, int hi, int *out)
{
  char *end;
  errno = 0;
  const long v = strtol(text, &end, 10);
  if (!*text || *end || errno || v < lo || v > hi)
    return usage_error("%s: %s '%s' is not a number %d..%d", cmd, opt, text, lo, hi);
  *out = (int)v;
  return 0;
}

/* With --seal-key, a module's fight FILE: a sealed save opened and read from its folder (0,
 * or a library code); a plain scenario left to the plain loader (1); a plain save refused,
 * as it could have been changed (COPS_EJSON). */
static int sealed_fight_file(cops_ctx *ctx, const struct fight_file_ops *ops, const char *file,
                             void **f)
{
  char *raw = NULL, *text = NULL;
  int rc = cops_ctx_read_file(ctx, file, &raw);
  if (rc)
    return rc;
  if (!cops_is_sealed(raw)) {
    json_t *doc = json_loads(raw, 0, NULL);
    const int save = json_object_get(doc, "random") != NULL;
    json_decref(doc);
    cops_free(raw);
    if (!save)
      return 1;
    fprintf(stderr, "cops: %s is not sealed: with --seal-key only sealed saves are read\n",
            file);
    return cops_unseal(ctx, cli_seal_key(), COPS_SEAL_KEY_BYTES, "{}", &text);
  }
  rc = cops_unseal(ctx, cli_seal_key(), COPS_SEAL_KEY_BYTES, raw, &text);
  cops_free(raw);
  if (!rc) {
    char folder[4096];
    snprintf(folder, sizeof folder, "%s", file);
    char *slash = strrchr(folder, '/');
    if (slash)
      *slash = '\0';
    else
      snprintf(folder, sizeof folder, ".");
    rc = ops->from_json(f, ctx, text, folder);
  }
  cops_free(text);
  return rc;
}

int fight_file_command(int argc, char **argv, const struct fight_file_ops *ops)
{
  const char *file = NULL, *seed = NULL, *faces = NULL, *lang_text = NULL, *save_file = NULL;
  const char *save_round = NULL;
  const char *cmd = ops->cmd;
  struct policy_args policy = {0};
  int json = 0, rc;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r = 0;
    if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help(ops->help);
    if (!strcmp(a, "--json")) {
      json = 1;
      continue;
    }
    if (!strcmp(a, "--save-at")) {
      if (i + 2 >= argc)
        return usage_error("%s: %s", cmd, "--save-at needs ROUND and FILE");
      save_round = argv[++i];
      save_file = argv[++i];
      continue;
    }
    if ((r = policy_option(argc, argv, &i, cmd, &policy))) {
      if (r < 0)
        return -r;
      if (!ops->set_policy)
        return usage_error("%s: %s", cmd, "--policy, --side-policy: its fights have one policy");
      continue;
    }
    if ((r = option_value(argc, argv, &i, "--seed", &seed)) ||
        (r = option_value(argc, argv, &i, "--dice", &faces)) ||
        (r = option_value(argc, argv, &i, "--lang", &lang_text))) {
      if (r < 0)
        return usage_error("%s: %s needs a value", cmd, a);
      continue;
    }
    if (a[0] == '-' && a[1])
      return usage_error("%s: unknown option '%s'", cmd, a);
    if (file)
      return usage_error("%s: one fight file, not '%s' too", cmd, a);
    file = a;
  }
  if (!file)
    return usage_error("%s: %s", cmd, "missing the fight file (a scenario or a save)");
  if (seed && faces)
    return usage_error("%s: %s", cmd, "--seed and --dice exclude each other");
  int stop = -1;
  if (save_round && (rc = whole_number(cmd, "--save-at", save_round, 0, 10000, &stop)))
    return rc;
  int lang;
  if ((rc = narration_lang(cmd, lang_text, &lang)))
    return rc;
  cops_ctx *ctx = NULL;
  void *f = NULL;
  static struct script script;
  char *text = NULL;
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  if (cli_seal_key() && (rc = sealed_fight_file(ctx, ops, file, &f)) != 1) {
    if (rc) {
      fprintf(stderr, "cops: %s: %s\n", file, cops_ctx_errmsg(ctx));
      rc = rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
      goto done;
    }
  } else if (ops->load(&f, ctx, file)) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    cli_sealed_hint(ctx);
    rc = EXIT_USAGE;
    goto done;
  }
  if (policy.all || policy.nside) {
    const struct policy_target t = {f, "fight", ops->count, ops->set_policy,
                                    ops->set_side_policy, ops->side_of, ops->side_name};
    if ((rc = apply_policies_to(cmd, &policy, &t)))
      goto done;
  }
  uint64_t seed_value;
  if (seed && !seed_number(seed, &seed_value)) {
    rc = usage_error("%s: --seed '%s': a number 0..18446744073709551615", cmd, seed);
    goto done;
  }
  if (seed) {
    ops->seed(f, seed_value);
  } else if (faces && (rc = use_dice(ctx, NULL, faces, &script))) {
    goto done;
  }
  if (stop >= 0 && stop < ops->round(f)) {
    rc = usage_error("%s: --save-at %d: the fight is at round %d already", cmd, stop,
                     ops->round(f));
    goto done;
  }
  rc = COPS_OK;
  while (!rc && !ops->over(f) && (stop < 0 || ops->round(f) < stop))
    rc = ops->run_round(f);
  /* A fight stopped at --save-at may leave faces for its later rounds. */
  if ((rc = dice_status(rc, ctx, cmd, "fight", rc || stop < 0 ? faces : NULL, &script)))
    goto done;
  cops_log *log = ops->log(f);
  if ((json ? cops_log_to_jsonl(log, 0, &text) : cops_log_narrate(log, 0, lang, &text))) {
    fprintf(stderr, "cops: out of memory\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  fputs(text, stdout);
  if (save_file) {
    cops_free(text);
    text = NULL;
    if ((rc = ops->save(f, &text)) || (rc = cli_write_save(ctx, save_file, text))) {
      fprintf(stderr, "cops: %s: cannot save to %s: %s\n", cmd, save_file, cops_ctx_errmsg(ctx));
      rc = EXIT_FAILURE;
      goto done;
    }
  }
  rc = 0;
done:
  cops_free(text);
  if (f)
    ops->release(f);
  cops_ctx_free(ctx);
  return rc;
}

int seed_number(const char *text, uint64_t *out)
{
  char *end;
  errno = 0;
  unsigned long long v = strtoull(text, &end, 10);
  if (!*text || *end || errno || text[0] == '-' || text[0] == '+')
    return 0;
  *out = (uint64_t)v;
  return 1;
}

/* "[3, 10→7, 6]": each first-wave die followed by its chain of re-rolls. */
static void print_dice(const cops_roll *roll)
{
  int n = cops_roll_count(roll), pool = cops_roll_pool_size(roll);
  printf("[");
  for (int i = 0; i < pool; i++) {
    int face, parent;
    cops_roll_die(roll, i, &face, NULL, NULL);
    printf("%s%d", i ? ", " : "", face);
    int at = i;
    for (int j = pool; j < n; j++) {
      cops_roll_die(roll, j, &face, NULL, &parent);
      if (parent == at) {
        printf("\u2192%d", face);
        at = j;
      }
    }
  }
  printf("]");
}

static void print_text(const cops_roll *roll)
{
  if (cops_roll_kind(roll) != COPS_ROLL_ACTION)
    return;
  cops_action a;
  char text[96];
  int margin;
  cops_roll_action_of(roll, &a);
  cops_action_format(&a, text, sizeof text);
  cops_roll_margin(roll, &margin);
  int pool = cops_roll_pool_size(roll), successes = cops_roll_successes(roll);
  printf("%s: %d %s at %d+, difficulty %d%s\n", text, pool, pool == 1 ? "die" : "dice",
         cops_roll_threshold(roll), cops_roll_difficulty(roll),
         cops_roll_unskilled(roll) ? ", unskilled (only a 10 succeeds, no re-roll)" : "");
  printf("dice: ");
  print_dice(roll);
  printf("\n%d %s: %s, %s %d%s\n", successes, successes == 1 ? "success" : "successes",
         cops_roll_succeeded(roll) ? "success" : "failure",
         cops_roll_succeeded(roll) ? "MR" : "ME", margin < 0 ? -margin : margin,
         cops_roll_succeeded(roll) && cops_roll_anciennete(roll) == 1
             ? " (after Ancienneté, C5)" : "");
  if (cops_roll_capped(roll))
    printf("(a chain of 10s reached the re-roll cap)\n");
}

static char *roll_json(const cops_roll *roll)
{
  char *text = NULL;
  if (cops_roll_to_json(roll, &text))
    return NULL;
  return text;
}

/* Options of the commands: "--name value" or "--name=value"; every other
 * argument (a modifier such as -1D included) is a piece of the notation,
 * joined with spaces; after "--" everything is notation. */
struct args {
  const char *seed, *faces, *vs, *min, *sheet, *lang, *attitude, *initiative, *bonus;
  int json, unskilled, help, table, adrenaline, anciennete, not_an_action, defensive;
  char notation[1024];     /* the words that are not options, joined by spaces */
  int too_long;            /* ... past its size: an error for a notation */
  const char *word;        /* the first of them, as given (a file name) */
  int words;
};

int option_value(int argc, char **argv, int *i, const char *name, const char **out)
{
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n) != 0 || (a[n] != '\0' && a[n] != '='))
    return 0;
  if (a[n] == '=') {
    *out = a + n + 1;
  } else if (*i + 1 < argc) {
    *out = argv[++*i];
  } else {
    return -1;
  }
  return 1;
}

static int parse_words(int argc, char **argv, const char *cmd, struct args *o);

static int parse_args(int argc, char **argv, const char *cmd, struct args *o)
{
  int rc = parse_words(argc, argv, cmd, o);
  if (!rc && strcmp(cmd, "roll") &&
      (o->attitude || o->initiative || o->bonus || o->defensive))
    return usage_error("%s: %s", cmd, "--attitude, --initiative, --bonus and --defensive are "
                       "for cops roll");
  return rc;
}

static int parse_words(int argc, char **argv, const char *cmd, struct args *o)
{
  memset(o, 0, sizeof *o);
  int rest = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r = 0;
    if (!rest && a[0] == '-' && a[1] == '-') {
      if (!a[2]) {
        rest = 1;
        continue;
      }
      if ((r = option_value(argc, argv, &i, "--seed", &o->seed)) ||
          (r = option_value(argc, argv, &i, "--dice", &o->faces)) ||
          (r = option_value(argc, argv, &i, "--vs", &o->vs)) ||
          (r = option_value(argc, argv, &i, "--min", &o->min)) ||
          (r = option_value(argc, argv, &i, "--sheet", &o->sheet)) ||
          (r = option_value(argc, argv, &i, "--lang", &o->lang)) ||
          (r = option_value(argc, argv, &i, "--attitude", &o->attitude)) ||
          (r = option_value(argc, argv, &i, "--initiative", &o->initiative)) ||
          (r = option_value(argc, argv, &i, "--bonus", &o->bonus))) {
        if (r < 0)
          return usage_error("%s: %s needs a value", cmd, a);
        continue;
      }
      if (!strcmp(a, "--json")) o->json = 1;
      else if (!strcmp(a, "--unskilled")) o->unskilled = 1;
      else if (!strcmp(a, "--help")) o->help = 1;
      else if (!strcmp(a, "--table")) o->table = 1;
      else if (!strcmp(a, "--adrenaline")) o->adrenaline = 1;
      else if (!strcmp(a, "--anciennete")) o->anciennete = 1;
      else if (!strcmp(a, "--not-an-action")) o->not_an_action = 1;
      else if (!strcmp(a, "--defensive")) o->defensive = 1;
      else return usage_error("%s: unknown option '%s'", cmd, a);
      continue;
    }
    if (!rest && !strcmp(a, "-h")) {
      o->help = 1;
      continue;
    }
    if (!o->words++)
      o->word = a;
    size_t used = strlen(o->notation);
    if (o->too_long || used + strlen(a) + 2 > sizeof o->notation) {
      o->too_long = 1;
      continue;
    }
    if (used)
      strcat(o->notation, " ");
    strcat(o->notation, a);
  }
  return 0;
}

/* The notation of roll and odds: one text, of bounded length. */
static int notation_ok(const struct args *o, const char *cmd)
{
  if (o->too_long)
    return usage_error("%s: notation longer than %zu bytes", cmd, sizeof o->notation - 2);
  return 0;
}

/* The notation with n more dice (a modifier "+nD", which adds to those it has: C1.7). */
static const char *with_dice(const char *notation, int n, char *buf, size_t size)
{
  snprintf(buf, size, "%s %+dD", notation, n);
  return buf;
}

/* The dice that roll's --attitude (C6.1: added to an action, taken from a defensive roll
 * with --defensive), --initiative (C6.2) and --bonus (the GM's dice, C1.7) add, into *dice
 * and said in words into why; the initiative within what the character's Réflexes allow when
 * there is a character. */
static int roll_modifiers(const struct args *o, cops_character *ch, int *dice, char *why,
                          size_t n)
{
  int attitude = 0, initiative = 0, bonus = 0, rc;
  *dice = 0;
  why[0] = '\0';
  if (o->defensive && !o->attitude)
    return usage_error("roll: %s", "--defensive says how --attitude counts: give it one");
  if (o->attitude && cops_attitude_parse(o->attitude, &attitude))
    return usage_error("roll: --attitude '%s': planqué, prudent, normal, agressif, "
                       "ultra-violent (or -2..2)", o->attitude);
  if (o->initiative &&
      (rc = whole_number("roll", "--initiative", o->initiative, -2, 2, &initiative)))
    return rc;
  if (o->bonus &&
      (rc = whole_number("roll", "--bonus", o->bonus, -COPS_MOD_MAX, COPS_MOD_MAX, &bonus)))
    return rc;
  if (ch && o->initiative) {
    int lo, hi;
    cops_initiative_range(cops_character_characteristic(ch, COPS_REFLEXES), &lo, &hi);
    if (initiative < lo || initiative > hi)
      return usage_error("roll: --initiative %d: %s's Réflexes %d allow %+d..%+d (C6)", initiative,
                         cops_character_name(ch), cops_character_characteristic(ch, COPS_REFLEXES),
                         lo, hi);
  }
  *dice = (o->defensive ? -attitude : attitude) + initiative + bonus;
  size_t used = 0;
  if (o->attitude)
    used += (size_t)snprintf(why + used, n - used, "attitude %s %+d (C6.1%s)",
                             cops_attitude_name(attitude, 0), o->defensive ? -attitude : attitude,
                             o->defensive ? ", a defensive roll" : "");
  if (o->initiative && used < n)
    used += (size_t)snprintf(why + used, n - used, "%sinitiative %+d (C6.2)", used ? ", " : "",
                             initiative);
  if (o->bonus && used < n)
    snprintf(why + used, n - used, "%sthe GM's %+d (C1.7)", used ? ", " : "", bonus);
  return 0;
}

static int cmd_roll(int argc, char **argv)
{
  struct args o;
  int rc = parse_args(argc, argv, "roll", &o);
  if (rc || (rc = notation_ok(&o, "roll")))
    return rc;
  if (o.help)
    return print_help("roll");
  if (o.vs || o.min || o.table || o.lang)
    return usage_error("roll: %s", "--vs, --min, --table and --lang do not apply to a roll");
  const char *seed = o.seed, *faces = o.faces, *notation = o.notation;
  const unsigned flags = o.unskilled ? COPS_UNSKILLED : 0;
  const int json = o.json;
  if (seed && faces)
    return usage_error("roll: %s", "--seed and --dice exclude each other");
  if (!*notation)
    return usage_error("roll: %s", "missing NOTATION, e.g. \"4+/3 (2)\"");

  cops_ctx *ctx = NULL;
  cops_roll *roll = NULL, *again = NULL;
  cops_character *ch = NULL;
  static struct script script;
  int mod = 0;
  char why[192] = "", full[sizeof o.notation + 16];
  if (cli_ctx_new(&ctx) || cops_roll_new(&roll)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  if ((rc = use_dice(ctx, seed, faces, &script)))
    goto done;

  if (o.sheet) {
    if (o.unskilled) {
      rc = usage_error("roll: %s", "--unskilled comes from the sheet: the character lacks the "
                       "skill or not");
      goto done;
    }
    if (cops_character_load(&ch, ctx, o.sheet)) {
      fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
      rc = EXIT_USAGE;
      goto done;
    }
    if ((rc = roll_modifiers(&o, ch, &mod, why, sizeof why)))
      goto done;
    if (mod)
      notation = with_dice(o.notation, mod, full, sizeof full);
    rc = cops_character_roll(roll, ch, notation,
                             (o.adrenaline ? COPS_ADRENALINE_DIE : 0u) |
                                 (o.not_an_action ? COPS_NOT_AN_ACTION : 0u));
    if (!rc && o.anciennete && cops_roll_succeeded(roll) == 0) {
      if (cops_roll_new(&again)) {
        rc = COPS_ENOMEM;
      } else {
        rc = cops_character_reroll(again, ch, roll);
      }
    }
  } else if (o.adrenaline || o.anciennete || o.not_an_action) {
    rc = usage_error("roll: %s", "--adrenaline, --anciennete and --not-an-action need a "
                     "character: --sheet FILE");
    goto done;
  } else {
    if ((rc = roll_modifiers(&o, NULL, &mod, why, sizeof why)))
      goto done;
    if (mod)
      notation = with_dice(o.notation, mod, full, sizeof full);
    rc = cops_roll_notation(roll, ctx, notation, flags);
  }
  if (rc == COPS_ERNG && faces) {
    fprintf(stderr, "cops: --dice ran out of faces after %d (this roll needs more)\n",
            script.n);
    rc = EXIT_USAGE;
    goto done;
  }
  if (rc) {
    fprintf(stderr, "cops: %s: %s\n", notation, cops_ctx_errmsg(ctx));
    rc = rc == COPS_ENOMEM || rc == COPS_ERNG ? EXIT_FAILURE : EXIT_USAGE;
    goto done;
  }
  if (faces && script.next < script.n) {
    fprintf(stderr, "cops: --dice gave %d faces, the roll used %d\n", script.n, script.next);
    rc = EXIT_USAGE;
    goto done;
  }
  if (json) {
    char *first = roll_json(roll), *second = again ? roll_json(again) : NULL;
    if (!first || (again && !second)) {
      fprintf(stderr, "cops: out of memory\n");
      cops_free(first);
      rc = EXIT_FAILURE;
      goto done;
    }
    if (o.anciennete) /* both rolls: the first, and the re-roll or null */
      printf("{\"roll\":%s,\"anciennete\":%s}\n", first, second ? second : "null");
    else
      puts(first);
    cops_free(first);
    cops_free(second);
  } else {
    if (ch)
      printf("%s: %s%s\n", cops_character_name(ch), notation,
             o.adrenaline ? " (Adrénaline: +1 die)" : "");
    if (why[0])
      printf("%+d %s: %s\n", mod, mod == 1 || mod == -1 ? "die" : "dice", why);
    print_text(roll);
    if (again) {
      printf("Ancienneté: rolled again\n");
      print_text(again);
    } else if (o.anciennete) {
      printf("Ancienneté not spent: the roll succeeded\n");
    }
  }
  rc = 0;
done:
  cops_roll_free(again);
  cops_roll_free(roll);
  cops_character_free(ch);
  cops_ctx_free(ctx);
  return rc;
}

/* Print a JSON value built here, or say that memory ran out. */
static int print_json(json_t *j)
{
  char *text = j ? json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(17)) : NULL;
  json_decref(j);
  if (!text) {
    fprintf(stderr, "cops: out of memory\n");
    return EXIT_FAILURE;
  }
  puts(text);
  free(text);
  return 0;
}

static int odds_table(cops_ctx *ctx, int unskilled, int json)
{
  enum { DICE = 8, THR_LO = 2, THR_HI = 9, DIFF = 5 };
  json_t *grid = json_array();
  for (int diff = 1; diff <= DIFF; diff++) {
    json_t *by_dice = json_array();
    if (!json)
      printf("%sdifficulty %d%s\n dice", diff > 1 ? "\n" : "", diff,
             unskilled ? " (unskilled: only a 10 succeeds)" : "");
    if (!json && !unskilled)
      for (int t = THR_LO; t <= THR_HI; t++)
        printf("   %d+  ", t);
    if (!json)
      printf(unskilled ? "   P(success)\n" : "\n");
    for (int n = 1; n <= DICE; n++) {
      json_t *row = json_array();
      if (!json)
        printf("  %d  ", n);
      for (int t = unskilled ? 10 : THR_LO; t <= (unskilled ? 10 : THR_HI); t++) {
        cops_action a;
        double p;
        cops_action_init(&a, n, t, diff);
        a.flags = unskilled ? COPS_UNSKILLED : 0;
        if (cops_odds_success(ctx, &a, &p)) {
          fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
          json_decref(row);
          json_decref(by_dice);
          json_decref(grid);
          return EXIT_FAILURE;
        }
        json_array_append_new(row, json_real(p));
        if (!json)
          printf(" %5.1f%%", 100 * p);
      }
      if (!json)
        printf("\n");
      json_array_append_new(by_dice, unskilled ? json_incref(json_array_get(row, 0)) : row);
      if (unskilled)
        json_decref(row);
    }
    json_array_append_new(grid, by_dice);
  }
  if (!json) {
    json_decref(grid);
    return 0;
  }
  json_t *thresholds = unskilled ? json_null() : json_array();
  for (int t = THR_LO; t <= THR_HI && !unskilled; t++)
    json_array_append_new(thresholds, json_integer(t));
  return print_json(json_pack("{s:b,s:[iiiiiiii],s:o,s:[iiiii],s:o}", "unskilled", unskilled,
                              "dice", 1, 2, 3, 4, 5, 6, 7, 8, "thresholds", thresholds,
                              "difficulties", 1, 2, 3, 4,
                              5, "p_success", grid));
}

static int cmd_odds(int argc, char **argv)
{
  struct args o;
  int rc = parse_args(argc, argv, "odds", &o);
  if (rc || (rc = notation_ok(&o, "odds")))
    return rc;
  if (o.help)
    return print_help("odds");
  if (o.seed || o.faces)
    return usage_error("odds: %s", "odds are exact: --seed and --dice do not apply");
  if (o.sheet || o.adrenaline || o.anciennete || o.not_an_action || o.lang)
    return usage_error("odds: %s", "--sheet, --adrenaline, --anciennete, --not-an-action and "
                       "--lang do not apply to odds");
  if (o.min && !o.vs)
    return usage_error("odds: %s", "--min goes with --vs");
  int min = 0;
  if (o.min) {
    char *end;
    long v = strtol(o.min, &end, 10);
    if (!*o.min || *end || v < 0 || v > COPS_DIFFICULTY_MAX)
      return usage_error("odds: --min '%s' is not a number 0..%d", o.min, COPS_DIFFICULTY_MAX);
    min = (int)v;
  }
  cops_ctx *ctx = NULL;
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  if (o.table) {
    if (*o.notation || o.vs) {
      cops_ctx_free(ctx);
      return usage_error("odds: %s", "--table takes no notation and no --vs");
    }
    rc = odds_table(ctx, o.unskilled, o.json);
    cops_ctx_free(ctx);
    return rc;
  }
  if (!*o.notation) {
    cops_ctx_free(ctx);
    return usage_error("odds: %s", "missing NOTATION, e.g. \"4+/3 (2)\"");
  }
  cops_action a, b;
  const char *failed = NULL;
  if (cops_action_parse(&a, ctx, o.notation))
    failed = o.notation;
  else if (o.vs && cops_action_parse(&b, ctx, o.vs))
    failed = o.vs;
  if (failed) {
    fprintf(stderr, "cops: %s: %s\n", failed, cops_ctx_errmsg(ctx));
    cops_ctx_free(ctx);
    return EXIT_USAGE;
  }
  if (o.unskilled) {
    a.flags |= COPS_UNSKILLED;
    b.flags |= o.vs ? COPS_UNSKILLED : 0;
  }

  /* Every figure comes from the library; this only prints them. */
  double p, mean, adrenaline = -1, anciennete = -1, at_least[COPS_DICE_MAX + 4];
  double win = 0, none = 0, lose = 0;
  int pool = a.dice + a.dice_mod < 0 ? 0 : a.dice + a.dice_mod, kmax = pool + 3;
  rc = cops_odds_success(ctx, &a, &p);
  if (!rc)
    rc = cops_odds_expected(ctx, &a, &mean);
  for (int k = 0; !rc && k <= kmax; k++)
    rc = cops_odds_at_least(ctx, &a, k, &at_least[k]);
  if (!rc)
    rc = cops_odds_points(ctx, &a, NULL, NULL, &anciennete, NULL);
  if (!rc && pool < COPS_DICE_MAX) /* room for an Adrénaline die */
    rc = cops_odds_points(ctx, &a, NULL, &adrenaline, NULL, NULL);
  if (!rc && o.vs)
    rc = cops_odds_opposed(ctx, &a, &b, min, &win, &none, &lose);
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    cops_ctx_free(ctx);
    return EXIT_FAILURE;
  }
  cops_ctx_free(ctx);

  char text[96], vs_text[96];
  cops_action_format(&a, text, sizeof text);
  if (o.vs)
    cops_action_format(&b, vs_text, sizeof vs_text);
  if (o.json) {
    json_t *arr = json_array();
    for (int k = 0; k <= kmax; k++)
      json_array_append_new(arr, json_real(at_least[k]));
    json_t *j = json_pack("{s:s,s:b,s:f,s:f,s:o,s:o,s:f}", "action", text, "unskilled",
                          o.unskilled, "p_success", p, "expected_successes", mean, "at_least",
                          arr, "p_adrenaline", adrenaline < 0 ? json_null() : json_real(adrenaline),
                          "p_anciennete", anciennete);
    if (j && o.vs) {
      json_object_set_new(j, "vs", json_string(vs_text));
      json_object_set_new(j, "min_successes", json_integer(min));
      json_object_set_new(j, "p_win", json_real(win));
      json_object_set_new(j, "p_tie", json_real(none));
      json_object_set_new(j, "p_lose", json_real(lose));
    }
    return print_json(j);
  }
  printf("%s%s\n", text, o.unskilled ? " unskilled (only a 10 succeeds, no re-roll)" : "");
  printf("P(success)            %6.2f %%\n", 100 * p);
  if (adrenaline >= 0)
    printf("with Adrénaline (+1D) %6.2f %%\n", 100 * adrenaline);
  printf("with Ancienneté       %6.2f %%  (a failure rolled again; MR 0 on success)\n",
         100 * anciennete);
  printf("expected successes    %6.3f\n", mean);
  printf("successes   P(>= k)\n");
  for (int k = 0; k <= kmax; k++)
    printf("  %3d      %7.3f %%\n", k, 100 * at_least[k]);
  if (o.vs) {
    printf("against %s", vs_text);
    if (min)
      printf(", winner needs %d successes", min);
    printf(": win %.2f %%, no winner %.2f %%, lose %.2f %%\n", 100 * win, 100 * none,
           100 * lose);
  }
  return 0;
}

/* The dossier (docs/sheets.md): each field given, in the sheet's order; texts of several
 * lines indented under their label. Then the extra object's keys, which are a tabletop's. */
/* The dossier and the extra object of ch, parsed; 0, or 1 when memory ran out. */
static int dossier_of(const cops_character *ch, json_t **d, json_t **x)
{
  char *text = NULL;
  *d = *x = NULL;
  if (cops_character_dossier(ch, &text) == COPS_OK)
    *d = json_loads(text, 0, NULL);
  cops_free(text);
  text = NULL;
  if (cops_character_extra(ch, &text) == COPS_OK)
    *x = json_loads(text, 0, NULL);
  cops_free(text);
  if (*d && *x)
    return 0;
  json_decref(*d);
  json_decref(*x);
  return 1;
}

static void show_dossier(json_t *d, json_t *x, int lang)
{
  static const char *const fields[][3] = {
    {"nickname", "Surnom", "Nickname"}, {"grade", "Grade", "Grade"}, {"age", "Âge", "Age"},
    {"background", "Passé", "Background"}, {"languages", "Langues", "Languages"},
    {"history", "Historique", "History"}, {"experience", "Expérience", "Experience"},
    {"notes", "Notes", "Notes"},
  };
  if (json_object_size(d))
    printf("%s\n", lang ? "Dossier" : "Dossier");
  const char *key;
  json_t *v;
  json_object_foreach(d, key, v) {
    const char *label = key;
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++)
      if (!strcmp(key, fields[k][0]))
        label = fields[k][1 + lang];
    printf("  %s%s", label, lang ? ": " : " : ");
    if (json_is_integer(v)) {
      printf("%lld\n", (long long)json_integer_value(v));
    } else if (json_is_array(v)) {
      size_t i;
      json_t *l;
      json_array_foreach(v, i, l)
        printf("%s%s", i ? ", " : "", json_string_value(l));
      printf("\n");
    } else {
      for (const char *s = json_string_value(v); *s; s++)
        if (*s == '\n')
          fputs("\n    ", stdout);
        else
          putchar(*s);
      printf("\n");
    }
  }
  if (json_object_size(x)) {
    printf("%s", lang ? "Extra (a tabletop's):" : "Extra (données d'une table virtuelle) :");
    json_object_foreach(x, key, v)
      printf(" %s", key);
    printf("\n");
  }
  json_decref(d);
  json_decref(x);
}

/* What the sheet carries: each weapon with its rounds and spare magazines, the one in hand
 * marked, the armour. */
static void show_gear(const cops_character *ch, int lang)
{
  const int n = cops_character_weapon_count(ch);
  const cops_armour *a = cops_character_armour(ch);
  if (n || a)
    printf("%s\n", lang ? "Gear" : "Équipement");
  for (int k = 0; k < n; k++) {
    const cops_weapon *w = cops_character_weapon(ch, k);
    int magazine = 0, loaded = 0;
    cops_weapon_get(w, COPS_WEAPON_MAGAZINE, &magazine);
    cops_weapon_get(w, COPS_WEAPON_LOADED, &loaded);
    printf("  %s (%s)", cops_weapon_name(w), cops_weapon_kind_name(cops_weapon_kind(w), lang));
    if (magazine)
      printf(lang ? ", %d/%d rounds" : ", %d/%d balles", loaded, magazine);
    if (cops_weapon_magazines(w) >= 0)
      printf(lang ? ", %d spare magazine%s" : ", %d chargeur%s de rechange",
             cops_weapon_magazines(w), cops_weapon_magazines(w) > 1 ? "s" : "");
    if (k == cops_character_hand(ch))
      printf("%s", lang ? ", in hand" : ", en main");
    printf("\n");
  }
  if (a)
    printf("  %s%s\n", lang ? "Armour: " : "Protection : ", cops_armour_name(a));
}

/* The sheet in words; 0, or 1 when memory ran out (before anything is printed). */
static int show_sheet(const cops_character *ch, int lang)
{
  static const char *const words[][2] = {
    {"Points de vie", "Hit points"}, {"Adrénaline", "Adrenaline"},
    {"Ancienneté", "Seniority"}, {"Compétences", "Skills"}, {"aucune", "none"},
  };
  json_t *dossier, *extra;
  if (dossier_of(ch, &dossier, &extra))
    return 1;
  int hp, cur, max;
  printf("%s\n", *cops_character_name(ch) ? cops_character_name(ch) : "(no name)");
  for (int c = 0; c < COPS_CHARACTERISTIC_COUNT; c++)
    printf("%s%s %d", c ? "  " : "", cops_characteristic_name(c, lang),
           cops_character_characteristic(ch, c));
  cops_character_hp(ch, &hp);
  printf("\n%s %d/%d (%s)\n", words[0][lang], hp, cops_character_max_hp(ch),
         cops_health_name(cops_character_health(ch), lang));
  /* Wounds over time (docs/healing.md), when there is anything to say. */
  int clock, period, rest;
  cops_character_time(ch, &clock);
  cops_character_bleeding(ch, &period, NULL, NULL);
  cops_character_rest(ch, &rest, NULL, NULL);
  const int lasting = cops_character_lasting_wounds(ch);
  if (clock || period || rest || lasting) {
    printf(lang ? "Clock %d s" : "Horloge %d s", clock);
    if (period)
      printf(lang ? "; bleeding: 1 hit point every %d round(s)"
                  : " ; saigne : 1 point de vie tous les %d round(s)", period);
    if (rest)
      printf(lang ? "; %s" : " ; %s", cops_rest_name(rest, lang));
    if (lasting)
      printf(lang ? "; lasting wounds: %d" : " ; séquelles durables : %d", lasting);
    printf("\n");
  }
  cops_character_points(ch, COPS_ADRENALINE, &cur, &max);
  printf("%s %d/%d  ", words[1][lang], cur, max);
  cops_character_points(ch, COPS_ANCIENNETE, &cur, &max);
  printf("%s %d/%d\n%s\n", words[2][lang], cur, max, words[3][lang]);
  int any = 0;
  for (int s = 0; s < COPS_SKILL_COUNT; s++) {
    int level = cops_character_skill(ch, s);
    if (!level)
      continue;
    any = 1;
    printf("  %s %d+", cops_skill_name(s, lang), level);
    int n = cops_character_specialisation_count(ch, s);
    for (int i = 0; i < n; i++)
      printf("%s%s", i ? ", " : " [", cops_character_specialisation(ch, s, i));
    printf("%s\n", n ? "]" : "");
  }
  if (!any)
    printf("  %s\n", words[4][lang]);
  /* Relations (C9, docs/relations.md): kind and level, upkeep, domains, a push. */
  const int nrel = cops_character_relation_count(ch);
  if (nrel > 0)
    printf("%s\n", lang ? "Relations" : "Relations");
  for (int i = 0; i < nrel; i++) {
    cops_relation r;
    r.size = sizeof r;
    cops_character_relation(ch, i, &r);
    printf("  %s%s%s %d (%s)", r.name, lang ? ": " : " : ", cops_relation_kind_name(r.kind, lang),
           r.level,
           cops_relation_level_name(r.kind, r.level, lang));
    if (r.upkeep != COPS_UPKEEP_NONE)
      printf(lang ? "; upkeep: %s" : " ; entretien : %s", cops_upkeep_name(r.upkeep, lang));
    for (int k = 0; k < r.domains; k++) {
      const char *d;
      int rating;
      cops_relation_domain(ch, i, k, &d, &rating);
      printf("%s%s %+d%s", k ? ", " : (lang ? "; domains: " : " ; domaines : "), d, rating,
             k == r.pushed ? (lang ? " (pushed: +1, at a risk)" : " (poussé : +1, à ses risques)")
                           : "");
    }
    printf("\n");
  }
  show_gear(ch, lang);
  show_dossier(dossier, extra, lang);
  return 0;
}

static int cmd_sheet(int argc, char **argv)
{
  if (argc < 2)
    return usage_error("sheet: %s", "missing 'check', 'show' or 'import'");
  const char *what = argv[1];
  if (!strcmp(what, "--help") || !strcmp(what, "-h"))
    return print_help("sheet");
  if (!strcmp(what, "import"))
    return cmd_sheet_import(argc - 1, argv + 1);
  struct args o;
  int rc = parse_args(argc - 1, argv + 1, "sheet", &o);
  if (rc)
    return rc;
  if (o.help)
    return print_help("sheet");
  int lang = COPS_LANG_FR;   /* the rules' names are French and English */
  if (o.lang && !strcmp(o.lang, "en"))
    lang = COPS_LANG_EN;
  else if (o.lang && strcmp(o.lang, "fr"))
    return usage_error("sheet: --lang '%s': fr or en", o.lang);
  if (strcmp(what, "check") && strcmp(what, "show"))
    return usage_error("sheet: unknown '%s': check, show or import", what);
  if (o.words != 1)   /* one FILE, spaces and length as they come */
    return usage_error("sheet %s: %s", what, "one FILE expected");
  const char *file = o.word;
  cops_ctx *ctx;
  cops_character *ch;
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  if ((rc = cops_character_load(&ch, ctx, file))) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    cops_ctx_free(ctx);
    return rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
  }
  if (!strcmp(what, "check")) {
    printf("%s: ok (%s)\n", file, cops_character_name(ch));
  } else if (o.json) {
    char *text;
    if ((rc = cops_character_to_json(ch, &text)) != COPS_OK) {
      fprintf(stderr, "cops: %s\n", cops_strerror(rc));
      rc = EXIT_FAILURE;
    } else {
      fputs(text, stdout);
      cops_free(text);
    }
  } else if (show_sheet(ch, lang)) {
    fprintf(stderr, "cops: out of memory for the sheet's dossier\n");
    rc = EXIT_FAILURE;
  }
  cops_character_free(ch);
  cops_ctx_free(ctx);
  return rc;
}

static int run(int argc, char **argv);

/* Every command's output is checked: a full disk, a closed stdout or a closed
 * pipe is exit status 1 with a message, never 0 with the output lost. */
int main(int argc, char **argv)
{
  int rc = run(argc, argv);
  const int bad = fflush(stdout) != 0 || ferror(stdout);
  const int saved = errno;
  if (fclose(stdout) != 0 || bad) {
    fprintf(stderr, "cops: cannot write the output: %s\n", strerror(bad ? saved : errno));
    return 1;
  }
  return rc;
}

/* --root DIR: every file the command reads or writes, under DIR (cops_ctx_confine). */
static const char *cli_root;

int cli_ctx_new(cops_ctx **ctx)
{
  int rc = cops_ctx_new(ctx);
  if (!rc && cli_root && (rc = cops_ctx_confine(*ctx, cli_root, (size_t)1 << 24))) {
    cops_ctx_free(*ctx);
    *ctx = NULL;
  }
  return rc;
}

/* A global option NAME VALUE (or NAME=VALUE) anywhere before "--", taken out of argv:
 * its value in *value (the last one given); 0, or a usage error when the value is missing. */
static int take_option(int *argc, char **argv, const char *name, const char *what,
                       const char **value)
{
  const size_t n = strlen(name);
  for (int i = 1; i < *argc && strcmp(argv[i], "--"); i++) {
    int used = 0;
    if (!strcmp(argv[i], name)) {
      if (i + 1 >= *argc)
        return usage_error("%s needs %s", name, what);
      *value = argv[i + 1];
      used = 2;
    } else if (!strncmp(argv[i], name, n) && argv[i][n] == '=') {
      *value = argv[i] + n + 1;
      used = 1;
    }
    if (used) {
      memmove(argv + i, argv + i + used, (size_t)(*argc - i - used + 1) * sizeof *argv);
      *argc -= used;
      i--;
    }
  }
  return 0;
}

/* --root DIR anywhere before "--", taken out of argv; the folder checked. */
static int take_root(int *argc, char **argv)
{
  const int rc = take_option(argc, argv, "--root", "a folder", &cli_root);
  if (rc)
    return rc;
  if (!cli_root)
    return 0;
  cops_ctx *ctx;
  if (cops_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  const int confined = cops_ctx_confine(ctx, cli_root, (size_t)1 << 24);
  cops_ctx_free(ctx);
  return confined ? usage_error("--root: '%s' is not a folder", cli_root) : 0;
}

/* --seal-key FILE: the operator's key, 64 hexadecimal digits (cops seal-key makes one).
 * The file is read as given, not under --root: the key is the operator's, never a file a
 * player names. */
static unsigned char cli_key[COPS_SEAL_KEY_BYTES];
static int cli_has_key;

const unsigned char *cli_seal_key(void)
{
  return cli_has_key ? cli_key : NULL;
}

static int hex_digit(int c)
{
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int read_key(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return usage_error("--seal-key: %s: %s", path, strerror(errno));
  char text[256];
  const size_t n = fread(text, 1, sizeof text - 1, f);
  const int more = fgetc(f) != EOF;
  fclose(f);
  text[n] = '\0';
  size_t k = 0, digits = 0;
  int bad = more;
  for (size_t i = 0; i < n && !bad; i++) {
    const int d = hex_digit((unsigned char)text[i]);
    if (d < 0) {
      bad = !strchr(" \t\r\n", text[i]);
      continue;
    }
    if (digits >= 2 * COPS_SEAL_KEY_BYTES) {
      bad = 1;
      break;
    }
    cli_key[k] = (unsigned char)(digits % 2 ? cli_key[k] << 4 | d : d);
    k += digits++ % 2;
  }
  if (bad || digits != 2 * COPS_SEAL_KEY_BYTES) {
    memset(cli_key, 0, sizeof cli_key);
    return usage_error("--seal-key: %s: expected %d hexadecimal digits (cops seal-key makes "
                       "a key)", path, 2 * COPS_SEAL_KEY_BYTES);
  }
  cli_has_key = 1;
  return 0;
}

/* --seal-key FILE anywhere before "--", taken out of argv. */
static int take_seal_key(int *argc, char **argv)
{
  const char *path = NULL;
  const int rc = take_option(argc, argv, "--seal-key", "a key file", &path);
  if (rc)
    return rc;
  if (!path)
    return 0;
  static const char *const saving[] = {"fight", "chase", "interrogate", "st", "d6", NULL};
  int ok = 0;
  for (int k = 0; saving[k] && *argc > 1; k++)
    ok |= !strcmp(argv[1], saving[k]);
  if (!ok)
    return usage_error("%s", "--seal-key: only fight, chase, interrogate, st fight and d6 "
                       "fight read and write saves");
  return read_key(path);
}

int cli_write_save(cops_ctx *ctx, const char *path, const char *text)
{
  char *sealed = NULL;
  int rc = COPS_OK;
  if (cli_has_key)
    rc = cops_seal(ctx, cli_key, sizeof cli_key, text, &sealed);
  if (!rc)
    rc = cops_ctx_write_file(ctx, path, sealed ? sealed : text);
  cops_free(sealed);
  return rc;
}

int cli_read_save(cops_ctx *ctx, const char *path, char **text)
{
  *text = NULL;
  char *raw = NULL;
  int rc = cops_ctx_read_file(ctx, path, &raw);
  if (rc || !cli_has_key) {
    *text = raw;
    return rc;
  }
  if (!cops_is_sealed(raw))   /* a plain save could have been changed: the key refuses it */
    fprintf(stderr, "cops: %s is not sealed: with --seal-key only sealed saves are read\n", path);
  rc = cops_unseal(ctx, cli_key, sizeof cli_key, raw, text);
  cops_free(raw);
  return rc;
}

void cli_sealed_hint(cops_ctx *ctx)
{
  if (!cli_has_key && strstr(cops_ctx_errmsg(ctx), "a sealed text: open it with its key"))
    fprintf(stderr, "cops: give the save's key with --seal-key FILE\n");
}

/* cops seal-key: a new key for --seal-key, 64 hexadecimal digits from the system's
 * entropy; keep it where only its owner reads it. */
static int cmd_seal_key(int argc, char **argv)
{
  (void)argv;
  if (argc > 1)
    return usage_error("seal-key: %s", "no argument expected (redirect the key to a file)");
  unsigned char key[COPS_SEAL_KEY_BYTES];
  FILE *f = fopen("/dev/urandom", "rb");
  const int ok = f && fread(key, 1, sizeof key, f) == sizeof key;
  if (f)
    fclose(f);
  if (!ok) {
    fprintf(stderr, "cops: seal-key: no random source\n");
    return EXIT_FAILURE;
  }
  for (size_t i = 0; i < sizeof key; i++)
    printf("%02x", key[i]);
  printf("\n");
  memset(key, 0, sizeof key);
  return 0;
}

static int run(int argc, char **argv)
{
  int rc = take_root(&argc, argv);
  if (!rc)
    rc = take_seal_key(&argc, argv);
  if (rc)
    return rc;
  if (argc < 2)
    return usage_error("%s", "missing command");
  const char *cmd = argv[1];
  const int help_asked = argc > 2 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"));
  if (!strcmp(cmd, "version")) {
    if (help_asked)
      return print_help("version");
    if (argc > 2)
      return usage_error("version: %s", "no argument expected");
  }
  /* The command version, or --version anywhere before "--". */
  for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
    if (!strcmp(argv[i], "--version") || (i == 1 && !strcmp(cmd, "version"))) {
      printf("cops %s (libcops %s)\n", COPS_VERSION_STRING, cops_version_string());
      return 0;
    }
  if (!strcmp(cmd, "seal-key"))
    return help_asked ? print_help("seal-key") : cmd_seal_key(argc - 1, argv + 1);
  if (!strcmp(cmd, "roll"))
    return cmd_roll(argc - 1, argv + 1);
  if (!strcmp(cmd, "odds"))
    return cmd_odds(argc - 1, argv + 1);
  if (!strcmp(cmd, "sheet"))
    return cmd_sheet(argc - 1, argv + 1);
  if (!strcmp(cmd, "attack"))
    return cmd_attack(argc - 1, argv + 1);
  if (!strcmp(cmd, "fight"))
    return cmd_fight(argc - 1, argv + 1);
  if (!strcmp(cmd, "sim"))
    return cmd_sim(argc - 1, argv + 1);
  if (!strcmp(cmd, "heal"))
    return cmd_heal(argc - 1, argv + 1);
  if (!strcmp(cmd, "chase"))
    return cmd_chase(argc - 1, argv + 1);
  if (!strcmp(cmd, "interrogate"))
    return cmd_interrogate(argc - 1, argv + 1);
  if (!strcmp(cmd, "st"))
    return cmd_st(argc - 1, argv + 1);
  if (!strcmp(cmd, "d6"))
    return cmd_d6(argc - 1, argv + 1);
  if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
    if (argc > 3)
      return usage_error("help: %s", "one COMMAND at most");
    return print_help(help_asked ? "help" : argc == 3 ? argv[2] : NULL);
  }
  return usage_error("unknown command '%s'", cmd);
}
