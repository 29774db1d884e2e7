/* cops attack: one attack from JSON files, narrated or as JSON Lines. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct attack_args {
  const char *attacker, *target, *weapon, *armour, *target_weapon, *attacker_armour;
  const char *distance, *mode, *attitude, *target_attitude, *initiative, *movement;
  const char *shots_fired, *seed, *faces, *lang, *rules, *aim, *bullets, *knockout;
  int json, help, adrenaline, anciennete, odds, holding;
};

static int parse_int(const char *opt, const char *text, int lo, int hi, int *out)
{
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  if (!*text || *end || errno || v < lo || v > hi)
    return usage_error("attack: %s '%s' is not a number %d..%d", opt, text, lo, hi);
  *out = (int)v;
  return 0;
}

static int parse_attack_args(int argc, char **argv, struct attack_args *o)
{
  memset(o, 0, sizeof *o);
  static const char *const names[] = {
    "--attacker", "--target", "--weapon", "--armour", "--target-weapon", "--attacker-armour",
    "--distance", "--mode", "--attitude", "--target-attitude", "--initiative", "--movement",
    "--shots-fired", "--seed", "--dice", "--lang", "--rules", "--aim", "--bullets",
    "--knockout-minutes",
  };
  const char **slots[] = {
    &o->attacker, &o->target, &o->weapon, &o->armour, &o->target_weapon, &o->attacker_armour,
    &o->distance, &o->mode, &o->attitude, &o->target_attitude, &o->initiative, &o->movement,
    &o->shots_fired, &o->seed, &o->faces, &o->lang, &o->rules, &o->aim, &o->bullets,
    &o->knockout,
  };
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int taken = 0;
    for (size_t k = 0; k < sizeof names / sizeof names[0] && !taken; k++) {
      int r = option_value(argc, argv, &i, names[k], slots[k]);
      if (r < 0)
        return usage_error("attack: %s needs a value", a);
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
    else if (!strcmp(a, "--holding"))
      o->holding = 1;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      o->help = 1;
    else
      return usage_error("attack: unknown argument '%s'", a);
  }
  return 0;
}

struct things {
  cops_ctx *ctx;
  cops_character *attacker, *target;
  cops_weapon *weapon, *target_weapon;
  cops_armour *armour, *attacker_armour;
  cops_outcome *outcome, *zone;
  cops_roll *roll;
  cops_log *log;
};

static void release(struct things *t)
{
  cops_character_free(t->attacker);
  cops_character_free(t->target);
  cops_weapon_free(t->weapon);
  cops_weapon_free(t->target_weapon);
  cops_armour_free(t->armour);
  cops_armour_free(t->attacker_armour);
  cops_outcome_free(t->outcome);
  cops_outcome_free(t->zone);
  cops_roll_free(t->roll);
  cops_log_free(t->log);
  cops_ctx_free(t->ctx);
}

static int load_error(cops_ctx *ctx, int rc)
{
  fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
  return rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
}

static int load_named(struct things *t, const struct attack_args *o);

/* Load the files named; what is left out comes from the sheets' gear (the weapon in hand,
 * the armour worn: docs/sheets.md), else stays NULL. */
static int load_all(struct things *t, const struct attack_args *o)
{
  int rc = load_named(t, o);
  if (rc)
    return rc;
  if (!o->weapon)
    t->weapon = cops_weapon_retain(cops_character_weapon(t->attacker, -1));
  if (!o->target_weapon)
    t->target_weapon = cops_weapon_retain(cops_character_weapon(t->target, -1));
  if (!o->armour)
    t->armour = cops_armour_retain(cops_character_armour(t->target));
  if (!o->attacker_armour)
    t->attacker_armour = cops_armour_retain(cops_character_armour(t->attacker));
  return 0;
}

/* The files named; a NULL path leaves the object NULL. */
static int load_named(struct things *t, const struct attack_args *o)
{
  int rc;
  if ((rc = cops_character_load(&t->attacker, t->ctx, o->attacker)) ||
      (rc = cops_character_load(&t->target, t->ctx, o->target)) ||
      (o->weapon && (rc = cops_weapon_load(&t->weapon, t->ctx, o->weapon))) ||
      (o->target_weapon && (rc = cops_weapon_load(&t->target_weapon, t->ctx,
                                                   o->target_weapon))) ||
      (o->armour && (rc = cops_armour_load(&t->armour, t->ctx, o->armour))) ||
      (o->attacker_armour && (rc = cops_armour_load(&t->attacker_armour, t->ctx,
                                                    o->attacker_armour))))
    return load_error(t->ctx, rc);
  return 0;
}

static int situation_from(cops_situation *s, const struct attack_args *o, struct things *t)
{
  int mode = COPS_ATTACK_SINGLE;
  if (o->mode && cops_attack_mode_parse(o->mode, &mode))
    return usage_error("attack: --mode '%s': single, burst, cover, melee, strike, hold, "
                       "throw or escape", o->mode);
  cops_situation_init(s, mode);
  s->attacker = t->attacker;
  s->target = t->target;
  s->weapon = t->weapon;
  s->armour = t->armour;
  s->target_weapon = t->target_weapon;
  s->attacker_armour = t->attacker_armour;
  s->adrenaline = o->adrenaline;   /* C5: a point for one more die */
  s->anciennete = o->anciennete;   /* C5: a failed roll again for a point */
  s->holding = o->holding;         /* A3.4: the holder's attacks */
  int rc = 0;
  if (o->rules && cops_ruleset_parse(o->rules, &s->ruleset))
    return usage_error("attack: --rules '%s': core or alternative", o->rules);
  if (o->aim && !strcmp(o->aim, "head"))
    s->aim = 10;
  else if (o->aim && (rc = parse_int("--aim", o->aim, 1, 10, &s->aim)))
    return rc;
  if ((o->bullets && (rc = parse_int("--bullets", o->bullets, 4, 1000, &s->bullets))) ||
      (o->knockout && (rc = parse_int("--knockout-minutes", o->knockout, 1, 1440,
                                      &s->knockout_minutes))))
    return rc;
  if (o->attitude && cops_attitude_parse(o->attitude, &s->attitude))
    return usage_error("attack: --attitude '%s': Planque, Prudent, Normal, Agressif, "
                       "Ultra-violent or -2..+2", o->attitude);
  if (o->target_attitude && cops_attitude_parse(o->target_attitude, &s->target_attitude))
    return usage_error("attack: --target-attitude '%s': Planque, Prudent, Normal, Agressif, "
                       "Ultra-violent or -2..+2", o->target_attitude);
  if ((o->distance && (rc = parse_int("--distance", o->distance, 0, COPS_DISTANCE_MAX,
                                      &s->distance))) ||
      (o->initiative && (rc = parse_int("--initiative", o->initiative, -2, 2,
                                        &s->initiative))) ||
      (o->movement && (rc = parse_int("--movement", o->movement, 0, 1000, &s->movement))) ||
      (o->shots_fired && (rc = parse_int("--shots-fired", o->shots_fired, 0, 1000,
                                         &s->shots_fired))))
    return rc;
  return 0;
}

/* Covering fire on the command line: the fire, the target's nerve when the fire makes a
 * zone, and when it holds, the target crossing the zone (C10.5, A2.3). */
static int cover_sequence(struct things *t, const cops_situation *s)
{
  cops_situation cover = *s;
  cover.target = NULL;
  int rc = cops_attack(t->outcome, &cover, t->log);
  int steady = 0, zone = 0;
  if (!rc)
    rc = cops_cover_zone(t->outcome, &zone);   /* A2.3: a failed fire makes no zone */
  if (!rc && zone)
    rc = cops_cover_nerve_under(t->roll, t->outcome, t->target, t->log, &steady);
  if (!rc && steady)
    rc = cops_cover_enter(t->zone, t->outcome, t->target, t->armour, s->target_attitude, t->log);
  return rc;
}

/* cops attack --odds: the exact odds of the planned attack, no die drawn. */
static int print_odds(cops_ctx *ctx, const cops_situation *s, int json)
{
  cops_attack_odds *o;
  int rc = cops_attack_odds_new(&o, ctx);
  if (!rc)
    rc = cops_attack_odds_compute(o, s);
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(ctx));
    cops_attack_odds_free(o);
    return rc == COPS_ENOMEM ? EXIT_FAILURE : EXIT_USAGE;
  }
  if (json) {
    char *text;
    if (cops_attack_odds_to_json(o, &text)) {
      cops_attack_odds_free(o);
      fprintf(stderr, "cops: out of memory\n");
      return EXIT_FAILURE;
    }
    puts(text);
    cops_free(text);
    cops_attack_odds_free(o);
    return 0;
  }
  double p, back, down, dead;
  cops_attack_odds_hit(o, &p, &back);
  cops_attack_odds_down(o, &down, &dead);
  printf("hits              %6.2f %%\n", 100 * p);
  if (s->mode >= COPS_ATTACK_MELEE && s->mode != COPS_ATTACK_ESCAPE)
    printf("hit back          %6.2f %%\n", 100 * back);
  if (s->mode == COPS_ATTACK_BURST) {
    printf("bullets in       ");
    for (int k = 0; k <= 10; k++) {
      cops_attack_odds_in(o, k, &p);
      if (p > 0)
        printf(" %d: %.2f %%", k, 100 * p);
    }
    printf("\n");
  }
  printf("locations        ");
  for (int z = 0; z < COPS_ZONE_COUNT; z++) {
    cops_attack_odds_zone(o, z, &p);
    printf(" %s %.2f %%%s", cops_zone_name(z, COPS_LANG_EN), 100 * p,
           z + 1 < COPS_ZONE_COUNT ? "," : "\n");
  }
  double mean = 0, cum = 0;
  int median = -1, p90 = -1;
  for (int d = 0; d <= cops_attack_odds_damage_max(o); d++) {
    cops_attack_odds_damage(o, d, &p);
    mean += d * p;
    cum += p;
    if (median < 0 && cum >= 0.5)
      median = d;
    if (p90 < 0 && cum >= 0.9)
      p90 = d;
  }
  printf("damage            mean %.2f, median %d, 9 in 10 at most %d, at most %d\n", mean,
         median, p90, cops_attack_odds_damage_max(o));
  /* C10.4's results, or A5's under the alternative rules. */
  static const char *const results[] = {"no roll", "steady", "shaken", "out of the fight",
                                        "unaffected", "stopped", "mishap"};
  const int alt = s->ruleset == COPS_RULES_ALTERNATIVE;
  const int last = alt ? COPS_STOP_MISHAP : COPS_STOP_OUT;
  printf("stopping power   ");
  for (int r = COPS_STOP_NONE; r <= last; r++) {
    if (r >= 0 && (r >= COPS_STOP_UNAFFECTED) != alt)
      continue;
    cops_attack_odds_stopping(o, r, &p);
    printf(" %s %.2f %%%s", results[r + 1], 100 * p, r < last ? "," : "\n");
  }
  printf("target down       %6.2f %% (dead %.2f %%)\n", 100 * down, 100 * dead);
  cops_attack_odds_free(o);
  return 0;
}

int cmd_attack(int argc, char **argv)
{
  struct attack_args o;
  int rc = parse_attack_args(argc, argv, &o);
  if (rc)
    return rc;
  if (o.help)
    return print_help("attack");
  if (!o.attacker || !o.target)
    return usage_error("attack: %s", "--attacker and --target are required");
  if (o.seed && o.faces)
    return usage_error("attack: %s", "--seed and --dice exclude each other");
  if (o.odds && (o.seed || o.faces || o.lang))
    return usage_error("attack: %s", "--odds draws no die and narrates nothing: no --seed, "
                       "--dice or --lang");
  int lang;
  if ((rc = narration_lang("attack", o.lang, &lang)))
    return rc;
  if (o.json && o.lang)
    return usage_error("attack: %s", "--lang is for the narration, not --json");
  struct script script = {0};
  if (o.faces && (rc = parse_faces(o.faces, &script)))
    return rc;

  struct things t = {0};
  if (cli_ctx_new(&t.ctx) || cops_outcome_new(&t.outcome) || cops_outcome_new(&t.zone) ||
      cops_roll_new(&t.roll) || cops_log_new(&t.log, t.ctx)) {
    fprintf(stderr, "cops: out of memory or no random source\n");
    release(&t);
    return EXIT_FAILURE;
  }
  if (o.seed && (rc = apply_seed(t.ctx, o.seed)))
    goto done;
  if (o.faces)
    cops_ctx_use_callback(t.ctx, script_die, &script);
  if ((rc = load_all(&t, &o)))
    goto done;
  cops_situation s;
  if ((rc = situation_from(&s, &o, &t)))
    goto done;
  if (o.odds) {
    rc = print_odds(t.ctx, &s, o.json);
    goto done;
  }
  rc = s.mode == COPS_ATTACK_COVER ? cover_sequence(&t, &s) : cops_attack(t.outcome, &s, t.log);
  if (rc == COPS_ERNG && o.faces) {
    fprintf(stderr, "cops: --dice ran out of faces after %d (this attack needs more)\n",
            script.n);
    rc = EXIT_USAGE;
    goto done;
  }
  if (rc) {
    fprintf(stderr, "cops: %s\n", cops_ctx_errmsg(t.ctx));
    rc = rc == COPS_ENOMEM || rc == COPS_ERNG ? EXIT_FAILURE : EXIT_USAGE;
    goto done;
  }
  if (o.faces && script.next < script.n) {
    rc = usage_error("attack: --dice has %d faces, the attack used %d", script.n, script.next);
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
done:
  release(&t);
  return rc;
}
