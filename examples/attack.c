/* cops attack: one attack from JSON files, narrated or as JSON Lines. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct attack_args {
  const char *attacker, *target, *weapon, *armour, *target_weapon, *attacker_armour;
  const char *distance, *mode, *attitude, *target_attitude, *initiative, *movement;
  const char *shots_fired, *seed, *faces, *lang;
  int json, help, adrenaline, anciennete;
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
    "--shots-fired", "--seed", "--dice", "--lang",
  };
  const char **slots[] = {
    &o->attacker, &o->target, &o->weapon, &o->armour, &o->target_weapon, &o->attacker_armour,
    &o->distance, &o->mode, &o->attitude, &o->target_attitude, &o->initiative, &o->movement,
    &o->shots_fired, &o->seed, &o->faces, &o->lang,
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

/* Load the files named; a NULL path leaves the object NULL. */
static int load_all(struct things *t, const struct attack_args *o)
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
  int rc = 0;
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

/* Covering fire on the command line: the fire, the target's nerve, and when
 * it holds, the target crossing the zone (C10.5). */
static int cover_sequence(struct things *t, const cops_situation *s)
{
  cops_situation cover = *s;
  cover.target = NULL;
  int rc = cops_attack(t->outcome, &cover, t->log);
  int steady = 0;
  if (!rc)
    rc = cops_cover_nerve(t->roll, t->target, t->log, &steady);
  if (!rc && steady)
    rc = cops_cover_enter(t->zone, t->outcome, t->target, t->armour, s->target_attitude, t->log);
  return rc;
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
  int lang;
  if ((rc = narration_lang("attack", o.lang, &lang)))
    return rc;
  if (o.json && o.lang)
    return usage_error("attack: %s", "--lang is for the narration, not --json");
  struct script script = {0};
  if (o.faces && (rc = parse_faces(o.faces, &script)))
    return rc;

  struct things t = {0};
  if (cops_ctx_new(&t.ctx) || cops_outcome_new(&t.outcome) || cops_outcome_new(&t.zone) ||
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
