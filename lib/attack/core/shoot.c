/* Shots under the core rules: a single shot, a controlled burst, covering
 * fire (COPS.md C10.1-C10.7, C6.1-C6.3). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "attack/attack.h"
#include "attack/attack-private.h"

/* ---- shots ---------------------------------------------------------------- */

/* The true distance is under m metres (C6.5): from distance_cm when set. */
static int under(const cops_situation *s, int m)
{
  return s->distance_cm ? s->distance_cm < 100 * m : s->distance < m;
}

/* C10.2: 1 under 10 m (within range), 2 up to the range, 3 up to twice; -1 beyond. */
static int range_difficulty(const cops_situation *s, int range)
{
  const int distance = s->distance;
  if (under(s, 10) && distance <= range)
    return 1;
  if (distance <= range)
    return 2;
  if (distance <= 2 * range)
    return 3;
  return -1;
}

/* The dice of a shot (C10.1, C6.1-C6.3, C10.7) into a. */
static int shot_action(cops_ctx *ctx, cops_action *a, const cops_situation *s, int skill,
                       const char *spec, int shot_number)
{
  const int c = s->characteristic >= 0 ? s->characteristic : cops_skill_characteristic(skill);
  int rc = cops__character_skill_action(a, s->attacker, skill, spec, c);
  if (rc)
    return rc;
  if (s->adrenaline && !cops_skill_adrenaline(skill))
    return FAIL(ctx, COPS_ERULE, "Adrénaline cannot be spent on %s (C3)",
                cops_skill_name(skill, COPS_LANG_FR));
  int mod = s->initiative + s->attitude + cops__wget(s->weapon, COPS_WEAPON_PR) + s->dice_mod +
            s->adrenaline;                   /* C5: one more die */
  if (s->mode != COPS_ATTACK_COVER && under(s, 2))
    mod += 1;                                /* point-blank (C10.1, C6.5) */
  if (s->mode == COPS_ATTACK_COVER)
    mod += 2;                                /* C10.5 */
  if (s->movement > 5)
    mod -= 1;                                /* C6.3 */
  if (shot_number)
    mod -= shot_number;                      /* C10.7 RULING: the nth shot -n dice */
  a->dice_mod += mod;
  a->threshold_mod = s->threshold_mod;
  if (a->dice + a->dice_mod > COPS_DICE_MAX)
    return FAIL(ctx, COPS_ERANGE, "pool of %d dice after modifiers (at most %d)",
                a->dice + a->dice_mod, COPS_DICE_MAX);
  return COPS_OK;
}

int cops__ev_attack(const cops_outcome *o, cops_log *log, const cops_situation *s)
{
  if (!log)
    return COPS_OK;
  cops_event e;
  cops__event_clear(&e, COPS_EV_ATTACK);
  e.mode = s->mode;
  e.attitude = s->attitude;
  e.initiative = s->initiative;
  e.distance = s->distance;
  e.adrenaline = s->adrenaline;
  e.ruleset = s->ruleset;
  return ev_push(log, &e, attacker_of(o, s), target_of(o, s),
                 s->weapon ? cops_weapon_name(s->weapon) : NULL);
}

/* Everything a shot is before its dice (C10.1-C10.7): checked, its action,
 * what it fires, why it cannot hit (-1: it can). Shared with the odds of a
 * planned shot (lib/attack/attack-odds.c). */
int cops__core_shot_plan(const cops_situation *s, struct cops__shot_plan *p)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  const cops_weapon *w = s->weapon;
  int shot_number, rc = cops__shot_checks(s, "C10.5", "no controlled burst (C10.6)",
                                          &shot_number);
  if (rc)
    return rc;
  const int kind = cops_weapon_kind(w);
  const int magazine = cops__wget(w, COPS_WEAPON_MAGAZINE);
  const int loaded = cops__wget(w, COPS_WEAPON_LOADED);
  const int skill = s->mode == COPS_ATTACK_BURST ? COPS_TIR_EN_RAFALES
                                                 : cops_weapon_skill(w);
  const char *spec = s->mode == COPS_ATTACK_BURST ? cops__burst_spec(kind)
                                                  : cops_weapon_specialisation(w);
  if ((rc = shot_action(ctx, &p->a, s, skill, spec, shot_number)))
    return rc;
  int difficulty;
  p->reason = -1;
  if (s->mode == COPS_ATTACK_COVER) {
    difficulty = cops__wget(w, COPS_WEAPON_VC);                /* C10.5 */
  } else {
    difficulty = range_difficulty(s, cops__wget(w, COPS_WEAPON_RANGE));
    if (difficulty < 0)
      p->reason = COPS_MISS_OUT_OF_RANGE;
    difficulty -= s->target_attitude;                    /* the target's defence (C10.2) */
  }
  difficulty += s->difficulty_mod;
  if (difficulty < 1)
    difficulty = 1;                                      /* RULING C10.2 */
  p->a.difficulty = difficulty > COPS_DIFFICULTY_MAX ? COPS_DIFFICULTY_MAX : difficulty;
  if (p->reason < 0 && p->a.dice + p->a.dice_mod < 1)
    p->reason = COPS_MISS_NO_DICE;                       /* C10.1 */
  const int vrc = cops__wget(w, COPS_WEAPON_VRC);
  p->fired = magazine == 0 ? 0
             : s->mode == COPS_ATTACK_COVER ? loaded
             : s->mode == COPS_ATTACK_BURST ? (vrc < loaded ? vrc : loaded) : 1;
  return COPS_OK;
}

/* Single shot, burst and covering fire (C10.1-C10.7). */
int  cops__core_shoot(cops_outcome *o, const cops_situation *s, cops_log *log)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  const cops_weapon *w = s->weapon;
  struct cops__shot_plan plan;
  int rc = cops__core_shot_plan(s, &plan);
  if (rc)
    return rc;
  const int fired = plan.fired;
  int hit;
  if ((rc = cops__shot_opening(o, s, log, &plan, &hit)) || !hit)
    return rc;
  const struct party an = attacker_of(o, s), tn = target_of(o, s);
  /* Bullets in: one, plus one per point of MR in a burst, up to those fired (C10.6). */
  int bullets = 1;
  if (s->mode == COPS_ATTACK_BURST) {
    bullets = 1 + o->margin;
    if (bullets > fired)
      bullets = fired;
  }
  int first_die;
  if ((rc = cops__d10(ctx, &first_die)))
    return rc;
  int in = 0;
  for (int b = 0; b < bullets; b++)
    in += first_die + b <= 10;
  o->hit_target = 1;
  o->hits = in;
  cops_event e;
  cops__event_clear(&e, COPS_EV_HIT);
  e.fired = fired;
  e.hits = in;
  e.margin = o->margin;
  if ((rc = ev_push(log, &e, an, tn, NULL)))
    return rc;
  const int pu = cops__wget(w, COPS_WEAPON_PU);
  int worst = 0;
  for (int b = 0; b < bullets; b++) {
    const int die = first_die + b;          /* chained locations (C10.6) */
    if (die > 10) {
      if ((rc = cops__ev_miss(o, log, s, COPS_MISS_PAST_TEN, b + 1, fired)))
        return rc;
      continue;
    }
    if ((rc = cops__located_damage(o, ctx, 0, s->target, s->armour, pu, b + 1, die, s->penetration,
                                   an,
                              log)))
      return rc;
    const int m = cops__core_zone_modifier(cops__core_zone(die));
    worst = m > worst ? m : worst;
  }
  if ((rc = cops__ev_stray(o, log, s, fired, fired - in)) || (rc = cops__apply_damage(o, 0, s->target,
                                                                                an, log)))
    return rc;
  /* One stopping roll per character hit, at the most serious location (C10.4). */
  return cops__stopping(o, o->roll[COPS_OUTCOME_STOPPING], s->target, cops__wget(w, COPS_WEAPON_FA),
                  worst, s->target_stopping, an, log);
}
