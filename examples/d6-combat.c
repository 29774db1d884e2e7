/* cops d6 attack | harm | weapons | sheet: the D6 System module's characters and combat
 * from the command line (docs/d6.md, "Combat"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "cli.h"

#if COPS_WITH_D6
#include <cops/d6.h>

static int word_of(const char *const *words, const char *text)
{
  for (int i = 0; words[i]; i++)
    if (!strcmp(words[i], text))
      return i;
  return -1;
}

static int whole(const char *cmd, const char *opt, const char *text, int lo, int hi, int *out)
{
  char name[32];
  snprintf(name, sizeof name, "d6 %s", cmd);
  return whole_number(name, opt, text, lo, hi, out);
}

/* A weapon of ch's sheet by name (any case) or index; "none" or NULL for bare hands. */
static int weapon_of(const cops_d6_character *ch, const char *opt, const char *text, int *out)
{
  *out = -1;
  if (!text || !strcmp(text, "none"))
    return 0;
  for (int i = 0; i < cops_d6_character_weapon_count(ch); i++) {
    cops_d6_weapon w;
    w.size = sizeof w;
    cops_d6_character_weapon(ch, i, &w);
    if (!strcasecmp(w.name, text))
      return *out = i, 0;
  }
  char *end;
  const long v = strtol(text, &end, 10);
  if (*text && !*end && v >= 0 && v < cops_d6_character_weapon_count(ch))
    return *out = (int)v, 0;
  return usage_error("d6 attack: %s '%s': %s carries no such weapon", opt, text,
                     cops_d6_character_name(ch));
}

/* The log as narration or JSON lines on stdout. */
static int print_log(const cops_log *log, int json, int lang)
{
  char *text = NULL;
  if (json ? cops_log_to_jsonl(log, 0, &text) : cops_log_narrate(log, 0, lang, &text)) {
    fprintf(stderr, "cops: out of memory\n");
    return EXIT_FAILURE;
  }
  fputs(text, stdout);
  cops_free(text);
  return 0;
}

static int load(cops_ctx *ctx, const char *path, cops_d6_character **out)
{
  if (cops_d6_character_load(out, ctx, path)) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    return EXIT_USAGE;
  }
  return 0;
}

static const char *const defences[] = {"natural", "active", "total", NULL};
static const char *const options[] = {"none", "single-shot", "burst", "several-shots",
                                      "random-fire", "aimed", "aimed-vital", "brutal", "precise",
                                      NULL};
static const char *const locations[] = {"anywhere", "arm", "leg", "weapon", "head", "heart",
                                        NULL};
static const char *const sizes[] = {"any", "50cm", "10cm", "1cm", NULL};
static const char *const gravities[] = {"normal", "low", "zero", "high", NULL};

static int d6_attack(int argc, char **argv)
{
  const char *files[2] = {NULL, NULL}, *weapon = NULL, *parry = NULL, *seed = NULL;
  const char *faces = NULL, *lang_text = NULL, *words[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
  static const char *const word_opts[6] = {"--defence", "--defence-skill", "--option",
                                           "--location", "--size", "--gravity"};
  int distance = 0, defence_total = COPS_D6_ROLL_DEFENCE, defender_actions = 1, cover = 0;
  int actions = 1, cp = 0, json = 0, rc;
  unsigned flags = 0;
  int fp = 0, skill_defence = 0, option_a = 0, option_b = 0;
  const struct { const char *name; int lo, hi; int *out; } nums[] = {
    {"--distance", 0, 100000, &distance}, {"--defence-total", -100, 1000, &defence_total},
    {"--defender-actions", 1, 10, &defender_actions}, {"--cover", 0, 20, &cover},
    {"--actions", 1, 10, &actions}, {"--cp", 0, 10, &cp}};
  const struct { const char *name; unsigned flag; int *set; } switches[] = {
    {"--blinded", COPS_D6_BLINDED, NULL}, {"--target-blinded", COPS_D6_TARGET_BLINDED, NULL},
    {"--surprise", COPS_D6_SURPRISE, NULL}, {"--fp", 0, &fp},
    {"--skill-defence", 0, &skill_defence}, {"--option-a", 0, &option_a},
    {"--option-b", 0, &option_b}, {"--json", 0, &json}};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    int r = 0, done = 0;
    if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help("d6");
    for (size_t k = 0; k < sizeof switches / sizeof switches[0] && !done; k++)
      if (!strcmp(a, switches[k].name)) {
        if (switches[k].set)
          *switches[k].set = 1;
        flags |= switches[k].flag;
        done = 1;
      }
    if (done)
      continue;
    if (!(r = option_value(argc, argv, &i, "--attacker", &files[0])) &&
        !(r = option_value(argc, argv, &i, "--target", &files[1])) &&
        !(r = option_value(argc, argv, &i, "--weapon", &weapon)) &&
        !(r = option_value(argc, argv, &i, "--parry-weapon", &parry)) &&
        !(r = option_value(argc, argv, &i, "--seed", &seed)) &&
        !(r = option_value(argc, argv, &i, "--dice", &faces)) &&
        !(r = option_value(argc, argv, &i, "--lang", &lang_text))) {
      for (int k = 0; k < 6 && !r; k++)
        r = option_value(argc, argv, &i, word_opts[k], &words[k]);
      for (size_t k = 0; k < sizeof nums / sizeof nums[0] && !r; k++)
        if ((r = option_value(argc, argv, &i, nums[k].name, &v)) > 0 &&
            (rc = whole("attack", nums[k].name, v, nums[k].lo, nums[k].hi, nums[k].out)))
          return rc;
    }
    if (r < 0)
      return usage_error("d6 attack: %s needs a value", a);
    if (!r)
      return usage_error("d6 attack: unknown argument '%s'", a);
  }
  if (!files[0] || !files[1])
    return usage_error("d6 attack: %s", "--attacker and --target are required");
  if (seed && faces)
    return usage_error("d6 attack: %s", "--seed and --dice exclude each other");
  const char *const *lists[6] = {defences, NULL, options, locations, sizes, gravities};
  int picked[6] = {0, COPS_D6_DODGE, 0, 0, 0, 0};
  for (int k = 0; k < 6; k++) {
    if (!words[k])
      continue;
    picked[k] = k == 1 ? (cops_d6_trait_parse(words[k], &picked[k]) ? -1 : picked[k])
                       : word_of(lists[k], words[k]);
    if (picked[k] < 0) {
      char all[256] = "";
      for (int w = 0; k != 1 && lists[k][w]; w++)
        snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s", w ? ", " : "", lists[k][w]);
      return usage_error("d6 attack: %s '%s': %s", word_opts[k], words[k],
                         k == 1 ? "dodge, brawling, melee_weapons, piloting, wagon or vehicle" : all);
    }
  }
  int lang;
  if ((rc = narration_lang("d6 attack", lang_text, &lang)))
    return rc;
  cops_ctx *ctx = NULL;
  cops_d6_character *ch[2] = {NULL, NULL};
  cops_log *log = NULL;
  static struct script script;
  if (cli_ctx_new(&ctx) || cops_log_new(&log, ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  if ((rc = load(ctx, files[0], &ch[0])) || (rc = load(ctx, files[1], &ch[1])) ||
      (rc = use_dice(ctx, seed, faces, &script)))
    goto done;
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.skill_defence = skill_defence;
  r.success_damage = option_a;
  r.negative_resistance = option_b;
  r.gravity = picked[5];
  cops_d6_attack a;
  cops_d6_attack_init(&a);
  a.attacker = ch[0];
  a.target = ch[1];
  a.rules = &r;
  if ((rc = weapon_of(ch[0], "--weapon", weapon, &a.weapon)) ||
      (rc = weapon_of(ch[1], "--parry-weapon", parry, &a.parry_weapon)))
    goto done;
  a.distance = distance;
  a.defence = picked[0];
  a.defence_skill = picked[1];
  a.defence_total = defence_total;
  a.defender_actions = defender_actions;
  a.cover = cover;
  a.option = picked[2];
  a.location = picked[3];
  a.target_size = picked[4];
  a.actions = actions;
  a.flags = flags;
  a.cp = cp;
  a.fp = fp;
  if ((rc = dice_status(cops_d6_attack_resolve(NULL, ctx, &a, log), ctx, "d6 attack", "attack",
                        faces, &script)))
    goto done;
  rc = print_log(log, json, lang);
done:
  cops_d6_character_free(ch[0]);
  cops_d6_character_free(ch[1]);
  cops_log_free(log);
  cops_ctx_free(ctx);
  return rc;
}

/* cops d6 harm SHEET (--hazard NAME [--amount N] | --damage CODE) [--stun]. */
static int d6_harm(int argc, char **argv)
{
  const char *file = NULL, *hazard = NULL, *amount = NULL, *damage = NULL, *seed = NULL;
  const char *faces = NULL, *lang_text = NULL;
  int stun = 0, json = 0, rc;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r = 0;
    if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help("d6");
    if (!strcmp(a, "--stun") || !strcmp(a, "--json")) {
      *(a[2] == 's' ? &stun : &json) = 1;
      continue;
    }
    if (!(r = option_value(argc, argv, &i, "--hazard", &hazard)) &&
        !(r = option_value(argc, argv, &i, "--amount", &amount)) &&
        !(r = option_value(argc, argv, &i, "--damage", &damage)) &&
        !(r = option_value(argc, argv, &i, "--seed", &seed)) &&
        !(r = option_value(argc, argv, &i, "--dice", &faces)) &&
        !(r = option_value(argc, argv, &i, "--lang", &lang_text))) {
      if (a[0] == '-')
        return usage_error("d6 harm: unknown option '%s'", a);
      if (file)
        return usage_error("d6 harm: one sheet, not '%s' too", a);
      file = a;
      continue;
    }
    if (r < 0)
      return usage_error("d6 harm: %s needs a value", a);
  }
  if (!file || !hazard == !damage)
    return usage_error("d6 harm: %s", "a sheet and either --hazard or --damage");
  if (seed && faces)
    return usage_error("d6 harm: %s", "--seed and --dice exclude each other");
  int h = -1, n = 0, lang;
  if (hazard) {
    for (int k = 0; cops_d6_hazard_name(k); k++)
      if (!strcmp(cops_d6_hazard_name(k), hazard))
        h = k;
    if (h < 0)
    {
      char all[256] = "";
      for (int k = 0; cops_d6_hazard_name(k); k++)
        snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s", k ? ", " : "",
                 cops_d6_hazard_name(k));
      return usage_error("d6 harm: --hazard '%s': %s", hazard, all);
    }
  }
  if (amount && (rc = whole("harm", "--amount", amount, 0, 100000, &n)))
    return rc;
  if ((rc = narration_lang("d6 harm", lang_text, &lang)))
    return rc;
  cops_ctx *ctx = NULL;
  cops_d6_character *ch = NULL;
  cops_log *log = NULL;
  static struct script script;
  if (cli_ctx_new(&ctx) || cops_log_new(&log, ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  if ((rc = load(ctx, file, &ch)) || (rc = use_dice(ctx, seed, faces, &script)))
    goto done;
  cops_d6_code code;
  if (hazard ? cops_d6_hazard_code(h, n, NULL, &code) != COPS_OK
             : cops_d6_code_parse(&code, ctx, damage) != COPS_OK) {
    rc = hazard ? usage_error("d6 harm: --amount %d: a poison's 6..9 dice, a fall's "
                              "centimetres", n)
                : usage_error("d6 harm: --damage '%s': %s", damage, cops_ctx_errmsg(ctx));
    goto done;
  }
  if ((rc = dice_status(cops_d6_harm(NULL, ctx, ch, 0, code, stun, NULL, log), ctx, "d6 harm",
                        "harm", faces, &script)))
    goto done;
  rc = print_log(log, json, lang);
done:
  cops_d6_character_free(ch);
  cops_log_free(log);
  cops_ctx_free(ctx);
  return rc;
}

/* cops d6 heal SHEET (--recover [--rest R] | --treat-by HEALER [--in-combat]) [--write]. */
static int d6_heal(int argc, char **argv)
{
  const char *file = NULL, *healer_file = NULL, *rest_text = NULL, *seed = NULL, *faces = NULL;
  const char *lang_text = NULL;
  int recover = 0, in_combat = 0, write = 0, json = 0, rc;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r = 0;
    if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help("d6");
    if (!strcmp(a, "--recover") || !strcmp(a, "--in-combat") || !strcmp(a, "--write") ||
        !strcmp(a, "--json")) {
      *(a[2] == 'r' ? &recover : a[2] == 'i' ? &in_combat : a[2] == 'w' ? &write : &json) = 1;
      continue;
    }
    if (!(r = option_value(argc, argv, &i, "--treat-by", &healer_file)) &&
        !(r = option_value(argc, argv, &i, "--rest", &rest_text)) &&
        !(r = option_value(argc, argv, &i, "--seed", &seed)) &&
        !(r = option_value(argc, argv, &i, "--dice", &faces)) &&
        !(r = option_value(argc, argv, &i, "--lang", &lang_text))) {
      if (a[0] == '-')
        return usage_error("d6 heal: unknown option '%s'", a);
      if (file)
        return usage_error("d6 heal: one patient's sheet, not '%s' too", a);
      file = a;
      continue;
    }
    if (r < 0)
      return usage_error("d6 heal: %s needs a value", a);
  }
  if (!file || recover == !!healer_file)
    return usage_error("d6 heal: %s", "a sheet and either --recover or --treat-by HEALER");
  if ((rest_text && !recover) || (in_combat && !healer_file))
    return usage_error("d6 heal: %s", "--rest goes with --recover, --in-combat with --treat-by");
  if (seed && faces)
    return usage_error("d6 heal: %s", "--seed and --dice exclude each other");
  static const char *const rests[] = {"rested", "worked", "long", NULL};
  const int rest = rest_text ? word_of(rests, rest_text) : 0;
  if (rest < 0)
    return usage_error("d6 heal: --rest '%s': rested, worked or long", rest_text);
  int lang;
  if ((rc = narration_lang("d6 heal", lang_text, &lang)))
    return rc;
  cops_ctx *ctx = NULL;
  cops_d6_character *ch = NULL, *healer = NULL;
  cops_log *log = NULL;
  static struct script script;
  if (cli_ctx_new(&ctx) || cops_log_new(&log, ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  if ((rc = load(ctx, file, &ch)) || (healer_file && (rc = load(ctx, healer_file, &healer))) ||
      (rc = use_dice(ctx, seed, faces, &script)))
    goto done;
  if ((rc = dice_status(recover ? cops_d6_recover(NULL, ctx, ch, 1, rest, NULL, log)
                                : cops_d6_treat(NULL, ctx, healer, 0, ch, 1,
                                                in_combat ? COPS_D6_IN_COMBAT : COPS_D6_AFTER_COMBAT,
                                                NULL, log),
                        ctx, "d6 heal", "roll", faces, &script)))
    goto done;
  if ((rc = print_log(log, json, lang)))
    goto done;
  if (write && cops_d6_character_save(ch, file)) {
    fprintf(stderr, "cops: d6 heal: %s\n", cops_ctx_errmsg(ctx));
    rc = EXIT_FAILURE;
  }
done:
  cops_d6_character_free(ch);
  cops_d6_character_free(healer);
  cops_log_free(log);
  cops_ctx_free(ctx);
  return rc;
}

static void code_text(cops_d6_code c, int plus, char *buf, size_t len)
{
  if (plus && !c.dice)
    snprintf(buf, len, "+%d", c.pips);
  else {
    buf[0] = '+';
    cops_d6_code_format(c, buf + plus, len - 1);
  }
}

/* cops d6 weapons: the catalogue (§9, §10). */
static int d6_weapons(int argc, char **argv)
{
  int json = argc > 1 && !strcmp(argv[1], "--json");
  if (argc > 1 + json)
    return !strcmp(argv[argc - 1], "--help") ? print_help("d6")
                                              : usage_error("d6 weapons: only --json");
  json_t *ws = json_array(), *ps = json_array();
  if (!json)
    printf("weapons (D6 §9):\n");
  for (int i = 0; i < cops_d6_weapon_count(); i++) {
    cops_d6_weapon w;
    w.size = sizeof w;
    cops_d6_weapon_at(i, &w);
    char dmg[32], range[64] = "";
    code_text(w.damage, w.adds_natural, dmg, sizeof dmg);
    if (w.vig_range)
      snprintf(range, sizeof range, "Vig%+d/Vig%+d/Vig%+d m", w.range[0], w.range[1], w.range[2]);
    else if (w.range[2])
      snprintf(range, sizeof range, "%d/%d/%d m", w.range[0], w.range[1], w.range[2]);
    if (json)
      json_array_append_new(ws, json_pack("{s:s,s:s,s:s,s:s}", "name", w.name, "category",
                                          cops_d6_weapon_category_name(w.category), "damage", dmg,
                                          "range", range));
    else
      printf("  %-28s %-10s %-7s %s%s%s\n", w.name, cops_d6_weapon_category_name(w.category), dmg,
             range, w.roll_dice ? "  -1D to rolls" : "",
             w.flags & COPS_D6_BURST_FIRE ? "  bursts" : "");
  }
  if (!json)
    printf("protections (D6 §10):\n");
  static const char *const cover[] = {"body", "head", "parry"};
  for (int i = 0; i < cops_d6_protection_count(); i++) {
    cops_d6_protection p;
    p.size = sizeof p;
    cops_d6_protection_at(i, &p);
    char arm[32], pen[32] = "";
    code_text(p.armour, 1, arm, sizeof arm);
    if (p.penalty_dice || p.penalty_points)
      snprintf(pen, sizeof pen, p.penalty_dice ? "%dD%s" : "%d%s",
               p.penalty_dice ? p.penalty_dice : p.penalty_points,
               p.penalty_perception ? " Perception" : "");
    if (json)
      json_array_append_new(ps, json_pack("{s:s,s:s,s:s,s:s}", "name", p.name, "armour", arm,
                                          "coverage", cover[p.coverage], "penalty", pen));
    else
      printf("  %-28s %-7s %-6s %s%s\n", p.name, arm, cover[p.coverage], pen,
             p.energy_only ? "  energy weapons only" : "");
  }
  if (json) {
    json_t *j = json_pack("{s:o,s:o}", "weapons", ws, "protections", ps);
    char *out = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    json_decref(j);
    if (!out)
      return fprintf(stderr, "cops: out of memory\n"), EXIT_FAILURE;
    puts(out);
    free(out);
  } else {
    json_decref(ws);
    json_decref(ps);
  }
  return 0;
}

/* cops d6 sheet FILE [--json]: a sheet read and checked, shown or written back. */
static int d6_sheet(int argc, char **argv)
{
  const char *file = NULL;
  int json = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
      return print_help("d6");
    if (!strcmp(argv[i], "--json"))
      json = 1;
    else if (argv[i][0] == '-' || file)
      return usage_error("d6 sheet: one FILE and --json, not '%s'", argv[i]);
    else
      file = argv[i];
  }
  if (!file)
    return usage_error("d6 sheet: %s", "missing the sheet");
  cops_ctx *ctx = NULL;
  cops_d6_character *ch = NULL;
  int rc;
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  if ((rc = load(ctx, file, &ch)))
    goto done;
  if (json) {
    char *text = NULL;
    if (cops_d6_character_to_json(ch, &text)) {
      fprintf(stderr, "cops: out of memory\n");
      rc = EXIT_FAILURE;
      goto done;
    }
    fputs(text, stdout);
    cops_free(text);
    goto done;
  }
  printf("%s\n", cops_d6_character_name(ch));
  for (int t = 0; t < COPS_D6_TRAIT_COUNT; t++) {
    cops_d6_code c;
    char text[32];
    const int own = cops_d6_character_trait(ch, t, &c);
    if (!own || (t >= COPS_D6_MAGIC && t < COPS_D6_ATTRIBUTE_COUNT && !c.dice && !c.pips))
      continue;
    cops_d6_code_format(c, text, sizeof text);
    printf("  %-14s %s%s\n", cops_d6_trait_name(t), text,
           t < COPS_D6_ATTRIBUTE_COUNT ? "" : "  (skill)");
  }
  cops_d6_code nd;
  char text[32];
  const int given = cops_d6_character_natural_damage(ch, &nd);
  cops_d6_code_format(nd, text, sizeof text);
  cops_d6_wounds w;
  w.size = sizeof w;
  cops_d6_character_wounds(ch, &w);
  static const char *const lv[] = {"unhurt", "stunned", "wounded", "severely wounded",
                                   "incapacitated", "mortally wounded", "killed"};
  int cp, fp;
  cops_d6_character_points(ch, &cp, &fp);
  printf("natural damage %s%s; %d Character, %d Fate Points; scale %d\n", text,
         given ? "" : " (D6-A9)", cp, fp, cops_d6_character_scale(ch));
  if (w.mode == COPS_D6_HIT_POINTS)
    printf("hit points %d/%d: %s\n", w.hp_max - w.hp_lost, w.hp_max, lv[w.level]);
  else
    printf("wounds: %s (step %d of %d)\n", lv[w.level], w.step, 6 + w.extra);
  for (int i = 0; i < cops_d6_character_weapon_count(ch); i++) {
    cops_d6_weapon x;
    x.size = sizeof x;
    cops_d6_character_weapon(ch, i, &x);
    code_text(x.damage, x.adds_natural, text, sizeof text);
    printf("weapon %d: %s, %s\n", i, x.name, text);
  }
  for (int i = 0; i < cops_d6_character_protection_count(ch); i++) {
    cops_d6_protection p;
    p.size = sizeof p;
    cops_d6_character_protection(ch, i, &p);
    code_text(p.armour, 1, text, sizeof text);
    printf("protection %d: %s, %s\n", i, p.name, text);
  }
done:
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
  return rc;
}

int d6_combat_command(int argc, char **argv)
{
  const char *what = argv[0];
  if (!strcmp(what, "attack"))
    return d6_attack(argc, argv);
  if (!strcmp(what, "harm"))
    return d6_harm(argc, argv);
  if (!strcmp(what, "heal"))
    return d6_heal(argc, argv);
  if (!strcmp(what, "weapons"))
    return d6_weapons(argc, argv);
  if (!strcmp(what, "sheet"))
    return d6_sheet(argc, argv);
  return -1;
}

#endif
