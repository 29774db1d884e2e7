/* cops d6 spells | spell-cost | cast | psionic: the D6 System module's magic from the command
 * line (docs/d6.md, "Magic"): the sample spells, a spell's difficulty from its tables, a
 * cast, a psionic power. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"

#if COPS_WITH_D6
#include <cops/d6.h>

static int word_index(const char *const *words, const char *text)
{
  for (int k = 0; words[k]; k++)
    if (!strcmp(words[k], text))
      return k;
  return -1;
}

/* A measure with at most one decimal ("60", "1.5") in tenths, or -1. */
static long long tenths_of(const char *text)
{
  char *end;
  const long long whole = strtoll(text, &end, 10);
  if (end == text || whole < 0 || whole > 1000000000LL)
    return -1;
  long long t = whole * 10;
  if (*end == '.' && end[1] >= '0' && end[1] <= '9' && !end[2])
    t += end[1] - '0';
  else if (*end)
    return -1;
  return t;
}

/* cops d6 spells [--json]: the samples of §7.12 as printed. */
static int d6_spells(int argc, char **argv)
{
  int json = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
      return print_help("d6");
    if (strcmp(argv[i], "--json"))
      return usage_error("d6 spells: unknown argument '%s'", argv[i]);
    json = 1;
  }
  for (int i = 0; i < cops_d6_spell_count(); i++) {
    cops_d6_spell s;
    s.size = sizeof s;
    cops_d6_spell_at(i, &s);
    if (!json) {
      printf("%s (%s, difficulty %d): %s; range %d m, %s, cast in %s; %s\n", s.name,
             cops_d6_trait_name(s.skill), s.difficulty, s.effect, s.range_m, s.duration,
             s.casting, s.conditions);
      continue;
    }
    char damage[16] = "";
    if (s.damage)
      cops_d6_code_format(s.damage_code, damage, sizeof damage);
    json_t *o = json_pack("{s:s,s:s,s:i,s:s,s:i,s:i,s:i,s:i,s:s,s:i,s:s,s:i,s:s,s:i,s:o}",
                          "name", s.name, "skill", cops_d6_trait_name(s.skill), "difficulty",
                          s.difficulty, "effect", s.effect, "effect_value", s.effect_value,
                          "range_m", s.range_m, "range_value", s.range_value, "speed", s.speed,
                          "duration", s.duration, "duration_value", s.duration_value,
                          "casting", s.casting, "casting_value", s.casting_value, "conditions",
                          s.conditions, "conditions_value", s.conditions_value, "damage",
                          s.damage ? json_string(damage) : json_null());
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    if (!text) {
      fprintf(stderr, "cops: out of memory\n");
      return EXIT_FAILURE;
    }
    puts(text);
    free(text);
  }
  return 0;
}

static const char *const effect_kinds[] = {"none", "skill", "doubled", NULL};
static const char *const ranges[] = {"touch", "short", "medium", "long", "very-long", "extreme",
                                     "planetary", "stellar", NULL};
static const char *const concentrations[] = {"isolated", "slight", "quiet-public",
                                             "busy-public", "very-busy", NULL};
static const char *const familiarities[] = {"none", "known-slightly", "known-well",
                                            "never-seen", "first-heard", NULL};
static const char *const groups[] = {"one", "five", "dozen", "crowd", "city", "region",
                                     "country", NULL};
static const char *const attitudes[] = {"unaware", "neutral", "refusing", NULL};
static const char *const informations[] = {"none", "simple", "complex", "distant", "secrets",
                                           NULL};
static const char *const ingredients[] = {"simple", "none", "costly", "rare", NULL};
static const char *const gestures[] = {"simple", "none", "large", NULL};
static const char *const incantations[] = {"spoken", "none", "complex", NULL};
static const char *const part_names[] = {"effect", "range", "speed", "concentration", "target",
                                         "information", "duration", "preparation",
                                         "components", "other"};

/* cops d6 spell-cost [options]: a spell's difficulty from §7.11's tables (or the samples'
 * measure scale with --measure), part by part. */
static int d6_spell_cost(int argc, char **argv)
{
  cops_d6_spell_design d;
  cops_d6_spell_design_init(&d);
  int json = 0, halved = 0, rc;
  const char *effect = NULL;
  struct { const char *opt; const char *const *words; int *at; } words[] = {
    {"--effect-kind", effect_kinds, &d.effect_kind}, {"--range", ranges, &d.range},
    {"--concentration", concentrations, &d.concentration},
    {"--familiarity", familiarities, &d.familiarity}, {"--group", groups, &d.group},
    {"--attitude", attitudes, &d.attitude}, {"--information", informations, &d.information},
    {"--ingredients", ingredients, &d.ingredients}, {"--gestures", gestures, &d.gestures},
    {"--incantation", incantations, &d.incantation}};
  struct { const char *opt; int lo, hi; int *at; } nums[] = {
    {"--effect-value", 0, 200, &d.effect_value}, {"--crowd", 8, 18, &d.crowd},
    {"--duration", 1, 1000000, &d.duration_rounds},
    {"--preparation", 0, 1000000, &d.preparation_rounds}, {"--other", -100, 100, &d.other}};
  struct { const char *opt; int *at; } measures[] = {
    {"--range-m", &d.range_tenths}, {"--speed-m", &d.speed_tenths},
    {"--duration-s", &d.duration_tenths}, {"--casting-s", &d.casting_tenths}};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    int r = 0;
    if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help("d6");
    if (!strcmp(a, "--json") || !strcmp(a, "--halved") || !strcmp(a, "--measure")) {
      *(a[2] == 'j' ? &json : a[2] == 'h' ? &halved : &d.measure) = 1;
      continue;
    }
    if ((r = option_value(argc, argv, &i, "--effect", &effect)))
      goto next;
    for (size_t k = 0; k < sizeof words / sizeof words[0] && !r; k++)
      if ((r = option_value(argc, argv, &i, words[k].opt, &v)) > 0 &&
          (*words[k].at = word_index(words[k].words, v)) < 0) {
        char all[160] = "";
        for (int w = 0; words[k].words[w]; w++)
          snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s", w ? ", " : "",
                   words[k].words[w]);
        return usage_error("d6 spell-cost: %s '%s': %s", words[k].opt, v, all);
      }
    for (size_t k = 0; k < sizeof nums / sizeof nums[0] && !r; k++)
      if ((r = option_value(argc, argv, &i, nums[k].opt, &v)) > 0 &&
          (rc = whole_number("d6 spell-cost", nums[k].opt, v, nums[k].lo, nums[k].hi,
                             nums[k].at)))
        return rc;
    for (size_t k = 0; k < sizeof measures / sizeof measures[0] && !r; k++)
      if ((r = option_value(argc, argv, &i, measures[k].opt, &v)) > 0) {
        const long long t = tenths_of(v);
        if (t < 0 || t > 1000000000LL)
          return usage_error("d6 spell-cost: %s '%s': a measure such as 60 or 1.5",
                             measures[k].opt, v);
        *measures[k].at = (int)t;
      }
  next:
    if (r < 0)
      return usage_error("d6 spell-cost: %s needs a value", a);
    if (!r)
      return usage_error("d6 spell-cost: unknown argument '%s'", a);
  }
  cops_ctx *ctx = NULL;
  if (cli_ctx_new(&ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    return EXIT_FAILURE;
  }
  rc = 0;
  if (effect && cops_d6_code_parse(&d.effect, ctx, effect)) {
    rc = usage_error("d6 spell-cost: --effect '%s': %s", effect, cops_ctx_errmsg(ctx));
    goto done;
  }
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.spell_difficulty_halved = halved;
  cops_d6_spell_cost c;
  c.size = sizeof c;
  if (cops_d6_spell_difficulty(ctx, &d, &r, &c)) {
    rc = usage_error("d6 spell-cost: %s", cops_ctx_errmsg(ctx));
    goto done;
  }
  if (json) {
    printf("{\"parts\":{");
    for (int k = 0; k < COPS_D6_PART_COUNT; k++)
      printf("%s\"%s\":%d", k ? "," : "", part_names[k], c.parts[k]);
    printf("},\"sum\":%d,\"difficulty\":%d}\n", c.sum, c.difficulty);
  } else {
    for (int k = 0; k < COPS_D6_PART_COUNT; k++)
      if (c.parts[k])
        printf("%-14s %+d\n", part_names[k], c.parts[k]);
    printf("%-14s %d\ndifficulty     %d\n", "sum", c.sum, c.difficulty);
  }
done:
  cops_ctx_free(ctx);
  return rc;
}

/* cops d6 cast SHEET (--spell NAME | --skill S --difficulty N) [options]: a cast (§7.7). */
static int d6_cast(int argc, char **argv)
{
  const char *file = NULL, *spell = NULL, *skill = NULL, *target = NULL, *damage = NULL;
  const char *seed = NULL, *faces = NULL, *lang_text = NULL, *v = NULL, *aim = NULL;
  const char *at = NULL, *scroll_use = NULL;
  int difficulty = 0, actions = 1, cp = 0, fp = 0, modifier = 0, percent = 100, json = 0;
  int no_ingredients = 0, scroll = 0, artifact = 0, automatic = 0, beat = -1, distance = 0;
  int reach = 10, cover = 0, surprise = 0, rc;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r;
    if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help("d6");
    const struct { const char *name; int *set; } switches[] = {
      {"--json", &json}, {"--fp", &fp}, {"--no-ingredients", &no_ingredients},
      {"--scroll", &scroll}, {"--artifact", &artifact}, {"--artifact-automatic", &automatic},
      {"--surprise", &surprise}};
    int sw = 0;
    for (size_t k = 0; k < sizeof switches / sizeof switches[0] && !sw; k++)
      if (!strcmp(a, switches[k].name))
        *switches[k].set = 1, sw = 1;
    if (sw)
      continue;
    if ((r = option_value(argc, argv, &i, "--spell", &spell)) ||
        (r = option_value(argc, argv, &i, "--skill", &skill)) ||
        (r = option_value(argc, argv, &i, "--target", &target)) ||
        (r = option_value(argc, argv, &i, "--damage", &damage)) ||
        (r = option_value(argc, argv, &i, "--aim", &aim)) ||
        (r = option_value(argc, argv, &i, "--at", &at)) ||
        (r = option_value(argc, argv, &i, "--scroll-use", &scroll_use)) ||
        (r = option_value(argc, argv, &i, "--seed", &seed)) ||
        (r = option_value(argc, argv, &i, "--dice", &faces)) ||
        (r = option_value(argc, argv, &i, "--lang", &lang_text))) {
      if (r < 0)
        return usage_error("d6 cast: %s needs a value", a);
      continue;
    }
    const struct { const char *opt; int lo, hi; int *at; } nums[] = {
      {"--difficulty", 1, 1000, &difficulty}, {"--actions", 1, 10, &actions},
      {"--cp", 0, 10, &cp}, {"--magic-modifier", -10, 15, &modifier},
      {"--backlash-percent", 0, 100, &percent}, {"--beat", 0, 1000, &beat},
      {"--distance", 0, 100000, &distance}, {"--reach", 1, 1000000, &reach},
      {"--cover", 0, 20, &cover}};
    r = 0;
    for (size_t k = 0; k < sizeof nums / sizeof nums[0] && !r; k++)
      if ((r = option_value(argc, argv, &i, nums[k].opt, &v)) > 0 &&
          (rc = whole_number("d6 cast", nums[k].opt, v, nums[k].lo, nums[k].hi, nums[k].at)))
        return rc;
    if (r < 0)
      return usage_error("d6 cast: %s needs a value", a);
    if (r)
      continue;
    if (a[0] == '-' && a[1])
      return usage_error("d6 cast: unknown option '%s'", a);
    if (file)
      return usage_error("d6 cast: one caster's sheet, not '%s' too", a);
    file = a;
  }
  if (!file)
    return usage_error("d6 cast: %s", "missing the caster's sheet");
  if (!spell == !(skill || difficulty))
    return usage_error("d6 cast: %s", "--spell NAME, or --skill and --difficulty");
  if (seed && faces)
    return usage_error("d6 cast: %s", "--seed and --dice exclude each other");
  int lang;
  if ((rc = narration_lang("d6 cast", lang_text, &lang)))
    return rc;
  cops_ctx *ctx = NULL;
  cops_log *log = NULL;
  cops_d6_character *me = NULL, *them = NULL, *aimed = NULL;
  static struct script script;
  char *text = NULL;
  static const char *const scroll_uses[] = {"casters", "with-roll", "no-roll", NULL};
  static const char *const aims[] = {"marksmanship", "melee_weapons", "throwing", NULL};
  const int use = scroll_use ? word_index(scroll_uses, scroll_use) : 0;
  const int aim_k = aim ? word_index(aims, aim) : -1;
  if (use < 0)
    return usage_error("d6 cast: --scroll-use '%s': casters, with-roll, no-roll", scroll_use);
  if (aim && aim_k < 0)
    return usage_error("d6 cast: --aim '%s': marksmanship, melee_weapons, throwing", aim);
  if (!aim != !at)
    return usage_error("d6 cast: %s", "--aim SKILL and --at SHEET go together");
  if (cli_ctx_new(&ctx) || cops_log_new(&log, ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  if (cops_d6_character_load(&me, ctx, file) ||
      (target && cops_d6_character_load(&them, ctx, target)) ||
      (at && cops_d6_character_load(&aimed, ctx, at))) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    rc = EXIT_USAGE;
    goto done;
  }
  if ((rc = use_dice(ctx, seed, faces, &script)))
    goto done;
  cops_d6_cast c;
  cops_d6_cast_init(&c);
  c.caster = me;
  c.target = them;
  if (spell) {
    cops_d6_spell s;
    s.size = sizeof s;
    if (cops_d6_spell_find(spell, &s)) {
      rc = usage_error("d6 cast: --spell '%s': no sample spell (cops d6 spells lists them)",
                       spell);
      goto done;
    }
    c.skill = s.skill;
    c.difficulty = s.difficulty;
    c.damage = s.damage_code;
  }
  if (skill && cops_d6_trait_parse(skill, &c.skill)) {
    rc = usage_error("d6 cast: --skill '%s': a trait such as alteration or psionics", skill);
    goto done;
  }
  if (difficulty)
    c.difficulty = difficulty;
  if (damage && cops_d6_code_parse(&c.damage, ctx, damage)) {
    rc = usage_error("d6 cast: --damage '%s': %s", damage, cops_ctx_errmsg(ctx));
    goto done;
  }
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.magic_modifier = modifier;
  r.backlash_percent = percent;
  r.scroll_use = use;
  r.artifact_use = automatic;
  c.rules = &r;
  c.beat = beat;
  if (aim) {
    static const int skills[] = {COPS_D6_MARKSMANSHIP, COPS_D6_MELEE_WEAPONS, COPS_D6_THROWING};
    c.aim_skill = skills[aim_k];
    c.aim_target = aimed;
    c.distance = distance;
    c.reach_m = reach;
    c.aim_cover = cover;
  }
  c.actions = actions;
  c.cp = cp;
  c.fp = fp;
  c.flags = (no_ingredients ? COPS_D6_CAST_NO_INGREDIENTS : 0) |
            (scroll ? COPS_D6_CAST_SCROLL : 0) | (artifact ? COPS_D6_CAST_ARTIFACT : 0) |
            (surprise ? COPS_D6_CAST_SURPRISE : 0);
  if ((rc = dice_status(cops_d6_cast_resolve(NULL, ctx, &c, log), ctx, "d6 cast", "cast", faces,
                        &script)))
    goto done;
  if (json ? cops_log_to_jsonl(log, 0, &text) : cops_log_narrate(log, 0, lang, &text)) {
    fprintf(stderr, "cops: out of memory\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  fputs(text, stdout);
  rc = 0;
done:
  cops_free(text);
  cops_d6_character_free(me);
  cops_d6_character_free(them);
  cops_d6_character_free(aimed);
  cops_log_free(log);
  cops_ctx_free(ctx);
  return rc;
}

static const char *const powers[] = {"astral", "empathy", "far-senses", "healing", "medium",
                                     "protection", "psychometry", NULL};
static const char *const psychometries[] = {"vague", "general", "last-day", "motivations", NULL};
static const char *const medium_words[] = {"murdered", "knew", "has-information", "at-place",
                                           NULL};

/* cops d6 psionic SHEET --power P [options]: a psionic power used (§7.13). */
static int d6_psionic(int argc, char **argv)
{
  const char *file = NULL, *target = NULL, *seed = NULL, *faces = NULL, *lang_text = NULL;
  const char *v = NULL;
  cops_d6_psionic q;
  cops_d6_psionic_init(&q);
  q.power = -1;
  int json = 0, rc;
  struct { const char *opt; const char *const *words; int *at; } words[] = {
    {"--power", powers, &q.power}, {"--range", ranges, &q.range},
    {"--concentration", concentrations, &q.concentration},
    {"--familiarity", familiarities, &q.familiarity}, {"--group", groups, &q.group},
    {"--attitude", attitudes, &q.attitude}, {"--information", informations, &q.information},
    {"--psychometry", psychometries, &q.psychometry}};
  struct { const char *opt; int lo, hi; int *at; } nums[] = {
    {"--crowd", 8, 18, &q.crowd}, {"--duration", 1, 1000000, &q.duration_rounds},
    {"--years-dead", 0, 10000, &q.years_dead}, {"--actions", 1, 10, &q.actions},
    {"--cp", 0, 10, &q.cp}};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int r = 0;
    if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return print_help("d6");
    if (!strcmp(a, "--json") || !strcmp(a, "--fp")) {
      *(a[2] == 'j' ? &json : &q.fp) = 1;
      continue;
    }
    if (!strncmp(a, "--", 2) && word_index(medium_words, a + 2) >= 0) {
      q.medium |= 1u << word_index(medium_words, a + 2);
      continue;
    }
    if ((r = option_value(argc, argv, &i, "--target", &target)) ||
        (r = option_value(argc, argv, &i, "--seed", &seed)) ||
        (r = option_value(argc, argv, &i, "--dice", &faces)) ||
        (r = option_value(argc, argv, &i, "--lang", &lang_text))) {
      if (r < 0)
        return usage_error("d6 psionic: %s needs a value", a);
      continue;
    }
    for (size_t k = 0; k < sizeof words / sizeof words[0] && !r; k++)
      if ((r = option_value(argc, argv, &i, words[k].opt, &v)) > 0 &&
          (*words[k].at = word_index(words[k].words, v)) < 0) {
        char all[160] = "";
        for (int w = 0; words[k].words[w]; w++)
          snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s", w ? ", " : "",
                   words[k].words[w]);
        return usage_error("d6 psionic: %s '%s': %s", words[k].opt, v, all);
      }
    for (size_t k = 0; k < sizeof nums / sizeof nums[0] && !r; k++)
      if ((r = option_value(argc, argv, &i, nums[k].opt, &v)) > 0 &&
          (rc = whole_number("d6 psionic", nums[k].opt, v, nums[k].lo, nums[k].hi, nums[k].at)))
        return rc;
    if (r < 0)
      return usage_error("d6 psionic: %s needs a value", a);
    if (r)
      continue;
    if (a[0] == '-' && a[1])
      return usage_error("d6 psionic: unknown option '%s'", a);
    if (file)
      return usage_error("d6 psionic: one psionic's sheet, not '%s' too", a);
    file = a;
  }
  if (!file || q.power < 0)
    return usage_error("d6 psionic: %s", "the psionic's sheet and --power are required");
  if (seed && faces)
    return usage_error("d6 psionic: %s", "--seed and --dice exclude each other");
  int lang;
  if ((rc = narration_lang("d6 psionic", lang_text, &lang)))
    return rc;
  cops_ctx *ctx = NULL;
  cops_log *log = NULL;
  cops_d6_character *me = NULL, *them = NULL;
  static struct script script;
  char *text = NULL;
  if (cli_ctx_new(&ctx) || cops_log_new(&log, ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  if (cops_d6_character_load(&me, ctx, file) ||
      (target && cops_d6_character_load(&them, ctx, target))) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    rc = EXIT_USAGE;
    goto done;
  }
  if ((rc = use_dice(ctx, seed, faces, &script)))
    goto done;
  q.psionic = me;
  q.target = them;
  if ((rc = dice_status(cops_d6_psionic_resolve(NULL, ctx, &q, log), ctx, "d6 psionic",
                        "power", faces, &script)))
    goto done;
  if (json ? cops_log_to_jsonl(log, 0, &text) : cops_log_narrate(log, 0, lang, &text)) {
    fprintf(stderr, "cops: out of memory\n");
    rc = EXIT_FAILURE;
    goto done;
  }
  fputs(text, stdout);
  rc = 0;
done:
  cops_free(text);
  cops_d6_character_free(me);
  cops_d6_character_free(them);
  cops_log_free(log);
  cops_ctx_free(ctx);
  return rc;
}

int d6_magic_command(int argc, char **argv)
{
  const char *what = argv[0];
  if (!strcmp(what, "spells"))
    return d6_spells(argc, argv);
  if (!strcmp(what, "spell-cost"))
    return d6_spell_cost(argc, argv);
  if (!strcmp(what, "cast"))
    return d6_cast(argc, argv);
  if (!strcmp(what, "psionic"))
    return d6_psionic(argc, argv);
  return -1;
}

#endif
