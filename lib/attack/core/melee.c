/* Melee under the core rules: weapons, strikes, holds, throws and escapes
 * (COPS.md C11, C11.1, C6.4). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "attack/attack.h"
#include "attack/attack-private.h"

/* ---- melee ---------------------------------------------------------------- */

static const char *const unarmed_spec[COPS_ATTACK_MODE_COUNT] = {
  [COPS_ATTACK_STRIKE] = "coups", [COPS_ATTACK_HOLD] = "immobilisations",
  [COPS_ATTACK_THROW] = "projections", [COPS_ATTACK_ESCAPE] = "immobilisations",
};

/* Check a fighter's mode and weapon; the reach is the weapon's, 1 m bare-handed. */
static int check_fighter(cops_ctx *ctx, int mode, const cops_weapon *w, const char *role,
                         int *reach)
{
  if (mode == COPS_ATTACK_MELEE) {
    if (!w || !cops__is_melee_weapon(cops_weapon_kind(w)))
      return FAIL(ctx, COPS_EINVAL, "the %s's melee attack needs a blade or a blunt weapon%s%s",
                  role, w ? ", not " : "", w ? cops_weapon_name(w) : "");
  } else if (w && cops_weapon_kind(w) != COPS_UNARMED) {
    return FAIL(ctx, COPS_EINVAL, "the %s's %s is bare-handed: %s is a weapon (C11.1)", role,
                cops__mode_names[mode], cops_weapon_name(w));
  }
  *reach = w ? cops__wget(w, COPS_WEAPON_RANGE) : 1;
  return COPS_OK;
}

/* A fighter's opposed-roll action (C11: own attitude on own dice). */
static int fighter_action(cops_ctx *ctx, cops_action *a, cops_character *ch, int mode,
                          const cops_weapon *w, int characteristic, int dice_mod,
                          int threshold_mod)
{
  const int skill = mode == COPS_ATTACK_MELEE ? cops_weapon_skill(w) : COPS_CORPS_A_CORPS;
  const char *spec = mode == COPS_ATTACK_MELEE ? cops_weapon_specialisation(w)
                                               : unarmed_spec[mode];
  const int c = characteristic >= 0 ? characteristic : cops_skill_characteristic(skill);
  int rc = cops__character_skill_action(a, ch, skill, spec, c);
  if (rc)
    return rc;
  a->dice_mod += dice_mod;
  a->threshold_mod = threshold_mod;
  if (a->dice + a->dice_mod > COPS_DICE_MAX)
    return FAIL(ctx, COPS_ERANGE, "pool of %d dice after modifiers (at most %d)",
                a->dice + a->dice_mod, COPS_DICE_MAX);
  return COPS_OK;
}

/* The blow of one fighter on the other, with margin m (C11, C11.1). */
static int blow(cops_outcome *o, cops_ctx *ctx, int victim_index, int mode, const cops_weapon *w,
                cops_character *hitter, cops_character *victim, const cops_armour *armour, int m,
                int *fa, int *modifier, int *landed, cops_log *log)
{
  const struct party hn = party(o, hitter), vn = party(o, victim);
  int rc;
  cops_event e = {0};
  *landed = 0;
  if ((mode == COPS_ATTACK_HOLD && m < 1) || (mode == COPS_ATTACK_THROW && m < 2)) {
    e.type = COPS_EV_MISS;
    e.reason = COPS_MISS_MARGIN;
    return ev_push(log, &e, hn, vn, NULL);
  }
  *landed = 1;
  e.type = COPS_EV_HIT;
  e.hits = 1;
  e.margin = m;
  if ((rc = ev_push(log, &e, hn, vn, NULL)))
    return rc;
  const int start = o->nhit;
  switch (mode) {
  case COPS_ATTACK_MELEE:
    rc = cops__located_damage(o, ctx, victim_index, victim, armour, cops__wget(w, COPS_WEAPON_PU),
                              1,
                        0, 0, hn, log);
    *fa = cops__wget(w, COPS_WEAPON_FA);
    break;
  case COPS_ATTACK_STRIKE:
    rc = cops__fixed_damage(o, ctx, victim_index, victim, armour,
                      cops_character_characteristic(hitter, COPS_CARRURE), 1, hn, log);
    *fa = 1;
    break;
  case COPS_ATTACK_THROW:
    rc = cops__fixed_damage(o, ctx, victim_index, victim, armour,
                      cops_character_characteristic(victim, COPS_CARRURE), 0, hn, log);
    *fa = 2;
    break;
  default: /* hold: no damage, no stopping power */
    *fa = -1;
    return COPS_OK;
  }
  if (rc)
    return rc;
  const cops_hit *h = &o->hit[start];
  *modifier = h->location >= 0 ? h->modifier : 0;
  if (mode == COPS_ATTACK_STRIKE && h->location == COPS_ZONE_HEAD)
    *fa = 2;                                 /* C11.1: FA 2 to the head */
  return COPS_OK;
}

/* A melee exchange before its dice (C11, C11.1): checked, both fighters'
 * actions, the target's mode, whether it can fight back. Shared with the odds
 * of a planned attack (lib/attack/attack-odds.c). */
int cops__core_melee_plan(const cops_situation *s, struct cops__melee_plan *p)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  int rc, reach = 1, target_reach = 1;
  const int amode = s->mode;
  if ((rc = check_fighter(ctx, amode, s->weapon, "attacker", &reach)))
    return rc;
  int tmode = s->target_mode;
  if (amode == COPS_ATTACK_ESCAPE) {
    if (tmode != -1 || s->target_weapon)
      return FAIL(ctx, COPS_EINVAL, "an escape is an opposed Corps à corps roll: no target "
                  "mode or weapon (C11.1)");
    tmode = COPS_ATTACK_ESCAPE;
  } else {
    if (tmode == -1)
      tmode = s->target_weapon && cops__is_melee_weapon(cops_weapon_kind(s->target_weapon))
                  ? COPS_ATTACK_MELEE : COPS_ATTACK_STRIKE;
    if (tmode < COPS_ATTACK_MELEE || tmode > COPS_ATTACK_THROW)
      return FAIL(ctx, COPS_EINVAL, "target mode %d: the target fights back with melee, "
                  "strike, hold or throw", tmode);
    if ((rc = check_fighter(ctx, tmode, s->target_weapon, "target", &target_reach)))
      return rc;
    if (s->distance > reach)
      return FAIL(ctx, COPS_ERULE, "%d m away: beyond the attacker's reach of %d m (C11)",
                  s->distance, reach);
  }
  int mod = s->attitude + s->dice_mod + s->adrenaline - (s->movement > 5);   /* C5, C6.3 */
  if ((rc = fighter_action(ctx, &p->a, s->attacker, amode, s->weapon, s->characteristic, mod,
                           s->threshold_mod)))
    return rc;
  /* A target who cannot fight back (down, out, held) rolls no die. */
  const unsigned tcond = (unsigned)cops_character_conditions(s->target);
  p->passive = cops__health(s->target) >= COPS_UNCONSCIOUS ||
               (tcond & (COPS_COND_OUT | COPS_COND_HELD));
  if ((rc = fighter_action(ctx, &p->d, s->target, tmode, s->target_weapon, -1,
                           s->target_attitude + s->target_dice_mod + s->target_adrenaline,
                           s->target_threshold_mod)))
    return rc;
  if (p->passive) {
    p->d.dice = 0;
    p->d.dice_mod = 0;
  }
  p->tmode = tmode;
  return COPS_OK;
}

int  cops__core_melee(cops_outcome *o, const cops_situation *s, cops_log *log)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  struct cops__melee_plan plan;
  int rc = cops__core_melee_plan(s, &plan);
  if (rc)
    return rc;
  const int amode = s->mode, tmode = plan.tmode, passive = plan.passive;
  cops_action a = plan.a, d = plan.d;

  cops__outcome_reset(o, amode);
  const struct party an = attacker_of(o, s), tn = target_of(o, s);
  if ((rc = cops__ev_attack(o, log, s)))
    return rc;
  if (amode == COPS_ATTACK_ESCAPE) {
    /* C11.1: 2 hit points, unlocated, to try. */
    cops_hit *h = cops__new_hit(o, ctx);
    if (!h)
      return COPS_ENOMEM;
    h->victim = 1;
    h->bullet = 1;
    h->location = -1;
    h->raw = h->damage = 2;
    if ((rc = cops__apply_damage(o, 1, s->attacker, an, log)))
      return rc;
    if (cops__health(s->attacker) >= COPS_UNCONSCIOUS) {
      o->possible = 0;
      cops_event e = {0};
      e.type = COPS_EV_ESCAPE;
      return ev_push(log, &e, an, tn, NULL);
    }
  }
  cops_roll *ra = o->roll[COPS_OUTCOME_ATTACK], *rd = o->roll[COPS_OUTCOME_DEFENCE];
  if ((rc = cops_roll_action(ra, ctx, &a)) || (rc = cops_roll_action(rd, ctx, &d)))
    return rc;
  if ((rc = ev_roll(log, amode == COPS_ATTACK_ESCAPE ? COPS_PURPOSE_ESCAPE : COPS_PURPOSE_ATTACK,
                    an, tn, ra)) ||
      (rc = ev_roll(log, COPS_PURPOSE_DEFENCE, tn, an, rd)))
    return rc;
  int sa = cops_roll_successes(ra), sd = cops_roll_successes(rd);
  /* C5 with C4.8's reading: Ancienneté rolls a lost opposed roll again (an
   * escape tied is lost); a fighter who then wins has margin 0 (RULING,
   * docs/rulings.md). A target who could not fight back rolled nothing. */
  int again_a = 0, again_d = 0;
  if ((amode == COPS_ATTACK_ESCAPE ? sa <= sd : sa < sd) &&
      (rc = anciennete(ctx, s->attacker, s->attacker_id,
                             amode == COPS_ATTACK_ESCAPE ? COPS_PURPOSE_ESCAPE
                                                         : COPS_PURPOSE_ATTACK,
                             ra, s->anciennete, log, an, tn, &again_a)))
    return rc;
  sa = cops_roll_successes(ra);
  if (!passive && sd < sa &&
      (rc = anciennete(ctx, s->target, s->target_id, COPS_PURPOSE_DEFENCE, rd, 0, log, tn,
                             an, &again_d)))
    return rc;
  sd = cops_roll_successes(rd);
  const int margin_a = again_a ? 0 : sa - sd, margin_d = again_d ? 0 : sd - sa;
  o->margin = sa > sd ? margin_a : sa < sd ? -margin_d : 0;
  if (amode == COPS_ATTACK_ESCAPE) {
    const int freed = sa > sd;        /* a tie keeps the hold (C11.1) */
    o->hit_target = freed;
    if (freed)
      cops_character_set_conditions(s->attacker, COPS_COND_HELD, 0);
    cops_event e = {0};
    e.type = COPS_EV_ESCAPE;
    e.result = freed;
    if ((rc = ev_push(log, &e, an, tn, NULL)))
      return rc;
    return freed ? ev_condition(log, an, an, COPS_COND_HELD, 0) : COPS_OK;
  }
  /* C11: equal successes (at least one) both hit; else one more success hits. */
  const int attacker_hits = sa >= 1 && sa >= sd;
  const int target_hits = sd >= 1 && sd >= sa;
  if (!attacker_hits && !target_hits) {
    cops_event e = {0};
    e.type = COPS_EV_MISS;
    e.reason = COPS_MISS_ROLL;
    return ev_push(log, &e, an, tn, NULL);
  }
  int fa_t = -1, mod_t = 0, fa_a = -1, mod_a = 0, landed = 0;
  if (attacker_hits) {
    if ((rc = blow(o, ctx, 0, amode, s->weapon, s->attacker, s->target, s->armour, margin_a,
                   &fa_t, &mod_t, &landed, log)))
      return rc;
    o->hit_target = landed;
  }
  if (target_hits) {
    if ((rc = blow(o, ctx, 1, tmode, s->target_weapon, s->target, s->attacker,
                   s->attacker_armour, margin_d, &fa_a, &mod_a, &landed, log)))
      return rc;
  }
  o->hits = o->nhit;
  /* Simultaneous: both take their damage, then both roll stopping power. */
  if (fa_t >= 0 && (rc = cops__apply_damage(o, 0, s->target, an, log)))
    return rc;
  if (fa_a >= 0 && (rc = cops__apply_damage(o, 1, s->attacker, tn, log)))
    return rc;
  if (attacker_hits && o->hit_target) {
    cops_victim *v = cops__victim_of(o, s->target);
    if (amode == COPS_ATTACK_HOLD &&
        (rc = cops__add_conditions(v, s->target, COPS_COND_HELD, an, tn, log)))
      return rc;
    if (amode == COPS_ATTACK_THROW &&
        (rc = cops__add_conditions(v, s->target, COPS_COND_ON_GROUND, an, tn, log)))
      return rc;
  }
  if (target_hits && landed && (tmode == COPS_ATTACK_HOLD || tmode == COPS_ATTACK_THROW)) {
    cops_victim *v = cops__victim_of(o, s->attacker);
    if ((rc = cops__add_conditions(v, s->attacker,
                             tmode == COPS_ATTACK_HOLD ? COPS_COND_HELD : COPS_COND_ON_GROUND,
                             tn, an, log)))
      return rc;
  }
  if (fa_t >= 0 && (rc = cops__stopping(o, o->roll[COPS_OUTCOME_STOPPING], s->target, fa_t, mod_t,
                                  s->target_stopping, an, log)))
    return rc;
  if (fa_a >= 0 && (rc = cops__stopping(o, o->roll[COPS_OUTCOME_STOPPING_BACK], s->attacker, fa_a,
                                  mod_a, s->attacker_stopping, tn, log)))
    return rc;
  return COPS_OK;
}
