/* Melee under the alternative rules (COPS.md A3, "Corps à Cops"): an armed strike, an
 * unarmed strike, a throw and a hold, each a roll against the target's Réflexes (the
 * held character's Carrure for its holder), and the held character's escape. The target
 * does not roll. */
#include <string.h>

#include "attack/attack.h"
#include "attack/alternative/alternative.h"

static const char *const unarmed_spec[COPS_ATTACK_MODE_COUNT] = {
  [COPS_ATTACK_STRIKE] = "coups", [COPS_ATTACK_HOLD] = "immobilisations",
  [COPS_ATTACK_THROW] = "projections", [COPS_ATTACK_ESCAPE] = "immobilisations",
};

/* Everything an exchange is before its dice: checked, its action. */
int cops__alt_melee_plan(const cops_situation *s, cops_action *a)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  const int mode = s->mode;
  const cops_weapon *w = s->weapon;
  if (s->target_mode != -1 || s->target_weapon || s->target_adrenaline || s->target_dice_mod ||
      s->target_threshold_mod)
    return FAIL(ctx, COPS_EINVAL, "the target does not roll in the alternative rules' melee "
                "(A3): no target mode, weapon, Adrénaline or dice and threshold modifiers");
  if (mode == COPS_ATTACK_MELEE) {
    if (!w || !cops__is_melee_weapon(cops_weapon_kind(w)))
      return FAIL(ctx, COPS_EINVAL, "an armed strike needs a blade or a blunt weapon%s%s (A3.1)",
                  w ? ", not " : "", w ? cops_weapon_name(w) : "");
  } else if (w && cops_weapon_kind(w) != COPS_UNARMED) {
    return FAIL(ctx, COPS_EINVAL, "a %s is bare-handed: %s is a weapon (A3)",
                cops__mode_names[mode], cops_weapon_name(w));
  }
  const unsigned tcond = (unsigned)cops_character_conditions(s->target);
  if (s->holding && !(tcond & COPS_COND_HELD))
    return FAIL(ctx, COPS_ERULE, "%s is not held: holding is for the holder's attacks (A3.4)",
                who_name(s->target, "the target"));
  if (mode == COPS_ATTACK_HOLD && s->holding)
    return FAIL(ctx, COPS_ERULE, "the attacker already holds %s (A3.4)",
                who_name(s->target, "the target"));
  if (mode == COPS_ATTACK_ESCAPE && s->holding)
    return FAIL(ctx, COPS_EINVAL, "holding is the holder's: an escape is the held one's (A3.4)");
  const int reach = w ? cops__wget(w, COPS_WEAPON_RANGE) : 1;
  if (mode != COPS_ATTACK_ESCAPE && s->distance > reach)
    return FAIL(ctx, COPS_ERULE, "%d m away: beyond the attacker's reach of %d m (C11)",
                s->distance, reach);
  if (s->aim && (mode == COPS_ATTACK_THROW || mode == COPS_ATTACK_HOLD ||
                 mode == COPS_ATTACK_ESCAPE))
    return FAIL(ctx, COPS_EINVAL, "aim %d: only shots and strikes move the location (A2.1, "
                "A3.1, A3.2)", s->aim);
  const int skill = mode == COPS_ATTACK_MELEE ? cops_weapon_skill(w) : COPS_CORPS_A_CORPS;
  const char *spec = mode == COPS_ATTACK_MELEE ? cops_weapon_specialisation(w)
                                               : unarmed_spec[mode];
  /* A3 names the characteristic: Coordination for the four attacks (the core rules' melee
   * takes Réflexes), Carrure for the escape (A3.4). */
  const int usual = mode == COPS_ATTACK_ESCAPE ? COPS_CARRURE : COPS_COORDINATION;
  int rc = cops__character_skill_action(a, s->attacker, skill, spec,
                                        s->characteristic >= 0 ? s->characteristic : usual);
  if (rc)
    return rc;
  if (s->adrenaline && !cops_skill_adrenaline(skill))
    return FAIL(ctx, COPS_ERULE, "Adrénaline cannot be spent on %s (C3)",
                cops_skill_name(skill, COPS_LANG_FR));
  cops__alt_wound_malus(a, s->attacker);
  /* RULING A: the attitudes are the attack's (an escape is not one). */
  const int escape = mode == COPS_ATTACK_ESCAPE;
  a->dice_mod += (escape ? 0 : cops__alt_attitude_dice(s->attitude)) + s->dice_mod +
                 s->adrenaline - (s->movement > 5);
  a->threshold_mod = s->threshold_mod - (escape ? 0 : s->target_attitude);
  if (a->dice + a->dice_mod > COPS_DICE_MAX)
    return FAIL(ctx, COPS_ERANGE, "pool of %d dice after modifiers (at most %d)",
                a->dice + a->dice_mod, COPS_DICE_MAX);
  /* A3: the target's Réflexes; the held character's Carrure for its holder's attacks;
   * the holder's Carrure for an escape. */
  const int against = escape || s->holding ? COPS_CARRURE : COPS_REFLEXES;
  int difficulty = cops_character_characteristic(s->target, against) + s->difficulty_mod;
  difficulty = difficulty < 1 ? 1 : difficulty;
  a->difficulty = difficulty > COPS_DIFFICULTY_MAX ? COPS_DIFFICULTY_MAX : difficulty;
  return COPS_OK;
}

int cops__alt_melee(cops_outcome *o, const cops_situation *s, cops_log *log)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  cops_action a;
  int rc = cops__alt_melee_plan(s, &a);
  if (rc)
    return rc;
  const int mode = s->mode;
  cops__outcome_reset(o, mode);
  const struct party an = attacker_of(o, s), tn = target_of(o, s);
  if ((rc = cops__ev_attack(o, log, s)))
    return rc;
  const int escape = mode == COPS_ATTACK_ESCAPE;
  cops_roll *r = o->roll[COPS_OUTCOME_ATTACK];
  const int purpose = escape ? COPS_PURPOSE_ESCAPE : COPS_PURPOSE_ATTACK;
  if ((rc = cops_roll_action(r, ctx, &a)) || (rc = ev_roll(log, purpose, an, tn, r)))
    return rc;
  if (!cops_roll_succeeded(r) &&
      (rc = anciennete(ctx, s->attacker, s->attacker_id, purpose, r, s->anciennete, log, an, tn,
                       NULL)))
    return rc;
  const int success = cops_roll_succeeded(r);
  cops_roll_margin(r, &o->margin);
  cops_event e = {0};
  if (escape) {
    /* A3.4: one success frees; excess successes reaching the holder's Réflexes swap the
     * roles. */
    const int swap = success &&
                     o->margin >= cops_character_characteristic(s->target, COPS_REFLEXES);
    o->hit_target = success;
    e.type = COPS_EV_ESCAPE;
    e.result = success ? 1 + swap : 0;
    if ((rc = ev_push(log, &e, an, tn, NULL)) || !success)
      return rc;
    cops_character_set_conditions(s->attacker, COPS_COND_HELD, 0);
    if ((rc = ev_condition(log, an, an, COPS_COND_HELD, 0)))
      return rc;
    return swap ? cops__add_conditions(cops__victim_of(o, s->target), s->target, COPS_COND_HELD,
                                       an, tn, log)
                : COPS_OK;
  }
  if (!success) {
    e.type = COPS_EV_MISS;
    e.reason = COPS_MISS_ROLL;
    return ev_push(log, &e, an, tn, NULL);
  }
  o->hit_target = 1;
  o->hits = mode == COPS_ATTACK_HOLD ? 0 : 1;
  e.type = COPS_EV_HIT;
  e.hits = 1;
  e.margin = o->margin;
  e.distance = mode == COPS_ATTACK_THROW ? o->margin : 0;   /* A3.3: metres thrown */
  if ((rc = ev_push(log, &e, an, tn, NULL)))
    return rc;
  cops_victim *v = cops__victim_of(o, s->target);
  if (mode == COPS_ATTACK_HOLD)         /* A3.4: no damage, no FA */
    return cops__add_conditions(v, s->target, COPS_COND_HELD, an, tn, log);
  int die;
  if ((rc = cops__d10(ctx, &die)))
    return rc;
  struct cops__alt_spot spot;
  const int carrure = cops_character_characteristic(s->attacker, COPS_CARRURE);
  int fa, threshold;
  if (mode == COPS_ATTACK_THROW) {
    /* A3.3: on the ground, (target's Carrure + bonus) d6, the highest; FA 2 at
     * (5 + target's Carrure)+. A throw ends a hold (the target is thrown off). */
    const int theirs = cops_character_characteristic(s->target, COPS_CARRURE);
    cops__alt_spot(&spot, die, 0);
    if ((rc = cops__alt_highest_damage(o, ctx, s->target, s->armour, theirs, &spot, an, log)))
      return rc;
    if ((cops_character_conditions(s->target) & COPS_COND_HELD) && s->holding) {
      cops_character_set_conditions(s->target, COPS_COND_HELD, 0);
      if ((rc = ev_condition(log, an, tn, COPS_COND_HELD, 0)))
        return rc;
    }
    if ((rc = cops__add_conditions(v, s->target, COPS_COND_ON_GROUND, an, tn, log)))
      return rc;
    fa = 2;
    threshold = 5 + theirs;
  } else {
    cops__alt_spot(&spot, die, cops__alt_shift(die, s->aim, o->margin));
    if (mode == COPS_ATTACK_MELEE) {
      /* A3.1: PU d6 + the highest of Carrure d6, before armour; FA at (5 + Carrure)+. */
      rc = cops__alt_weapon_damage(o, ctx, 0, s->target, s->armour,
                                   cops__wget(s->weapon, COPS_WEAPON_PU), carrure, 1, &spot, 0,
                                   an, log);
      fa = cops__wget(s->weapon, COPS_WEAPON_FA);
    } else {
      /* A3.2: (Carrure + bonus) d6, the highest, less the armour's dice; FA 1. */
      rc = cops__alt_highest_damage(o, ctx, s->target, s->armour, carrure, &spot, an, log);
      fa = 1;
    }
    if (rc)
      return rc;
    threshold = 5 + carrure;
  }
  if ((rc = cops__apply_damage(o, 0, s->target, an, log)))
    return rc;
  return cops__alt_stopping(o, o->roll[COPS_OUTCOME_STOPPING], s->target, 0, fa, threshold,
                            s->target_stopping, s->knockout_minutes, an, log);
}
