/* What a hit does under the alternative rules (COPS.md A4, A5): seven locations, damage
 * through the armour's dice and fixed part, the bonus dice, the lost-half malus, and the
 * stopping factor with its mishaps. Draw order: docs/randomness.md. */
#include <string.h>

#include "attack/attack.h"
#include "attack/alternative/alternative.h"

/* A4.1: 1 right leg, 2 left leg, 3-4 abdomen, 5-7 chest, 8 right arm, 9 left arm, 10 head. */
void cops__alt_spot(struct cops__alt_spot *p, int rolled, int shift)
{
  int die = rolled + shift;
  die = die < 1 ? 1 : die > 10 ? 10 : die;   /* RULING A: never past 1 or 10 */
  p->rolled = rolled;
  p->die = die;
  p->shift = die - rolled;
  p->zone = cops__core_zone(die);
  p->side = cops_body_side_of_die(die);
  p->bonus = cops__core_zone_modifier(p->zone);
}

int cops__alt_shift(int die, int aim, int steps)
{
  if (!aim || steps <= 0)
    return 0;
  const int gap = aim - die;
  if (gap > 0)
    return gap < steps ? gap : steps;
  return -gap < steps ? gap : -steps;
}

void cops__alt_wound_malus(cops_action *a, const cops_character *ch)
{
  if (cops__health(ch) == COPS_HEALTHY && 2 * ch->hp <= cops__max_hp(ch))
    a->dice_mod -= 1;       /* A4.3: PV <= max/2 (C8.2's -1 starts below half) */
}

void cops__alt_protection(const cops_armour *a, const struct cops__alt_spot *p, int *dice,
                          int *fixed)
{
  static const int loc[COPS_ZONE_COUNT][3] = {
    [COPS_ZONE_LEGS] = {-1, COPS_LOC_RIGHT_LEG, COPS_LOC_LEFT_LEG},
    [COPS_ZONE_ABDOMEN] = {COPS_LOC_ABDOMEN, -1, -1},
    [COPS_ZONE_TORSO] = {COPS_LOC_TORSO, -1, -1},
    [COPS_ZONE_ARMS] = {-1, COPS_LOC_RIGHT_ARM, COPS_LOC_LEFT_ARM},
    [COPS_ZONE_HEAD] = {COPS_LOC_HEAD, -1, -1},
  };
  *dice = *fixed = 0;
  if (a)
    cops_armour_get(a, loc[p->zone][p->side], dice, fixed);
}

static int ev_location(cops_outcome *o, cops_log *log, cops_character *victim, int bullet,
                       const struct cops__alt_spot *p, struct party actor)
{
  if (!log)
    return COPS_OK;
  cops_event e;
  cops__event_clear(&e, COPS_EV_LOCATION);
  e.bullet = bullet;
  e.die = p->die;
  e.location = p->zone;
  e.modifier = p->bonus;
  e.body_side = p->side;
  e.rolled = p->rolled;
  e.shift = p->shift;
  return ev_push(log, &e, actor, party(o, victim), NULL);
}

static int record(cops_outcome *o, cops_ctx *ctx, int victim_index, cops_character *victim,
                  int bullet, const struct cops__alt_spot *p, int raw, int protection_total,
                  int bonus, int stopped, int penetration, struct party actor, cops_log *log)
{
  cops_hit *h = cops__new_hit(o, ctx);
  if (!h)
    return COPS_ENOMEM;
  h->victim = victim_index;
  h->bullet = bullet;
  h->die = p->die;
  h->rolled = p->rolled;
  h->location = p->zone;
  h->body_side = p->side;
  h->modifier = p->bonus;
  h->raw = raw;
  h->protection = protection_total;
  h->stopped = stopped;
  h->bonus = stopped ? 0 : bonus;
  h->damage = stopped ? 0 : raw - protection_total + h->bonus;
  if (!log)
    return COPS_OK;
  cops_event e;
  cops__event_clear(&e, COPS_EV_DAMAGE);
  e.bullet = bullet;
  e.location = p->zone;
  e.modifier = p->bonus;
  e.body_side = p->side;
  e.raw = raw;
  e.protection = protection_total;
  e.bonus = h->bonus;
  e.damage = h->damage;
  e.stopped = stopped;
  int rc = ev_push(log, &e, actor, party(o, victim), NULL);
  if (rc || penetration <= 0 || h->damage < penetration)
    return rc;
  e.type = COPS_EV_PENETRATION;    /* C10.8 RULING, kept under A: told, not resolved */
  return ev_push(log, &e, actor, party(o, victim), NULL);
}

/* The highest die of a d6 roll (0 for none). */
static int highest(const cops_roll *r)
{
  int best = 0;
  for (int k = 0; k < cops_roll_count(r); k++) {
    int face, success, parent;
    cops_roll_die(r, k, &face, &success, &parent);
    best = face > best ? face : best;
  }
  return best;
}

int cops__alt_weapon_damage(cops_outcome *o, cops_ctx *ctx, int victim_index,
                            cops_character *victim, const cops_armour *armour, int pu,
                            int carrure, int bullet, const struct cops__alt_spot *spot,
                            int penetration, struct party actor, cops_log *log)
{
  const struct party vn = party(o, victim);
  int rc, dice, fixed;
  cops__alt_protection(armour, spot, &dice, &fixed);
  if ((rc = ev_location(o, log, victim, bullet, spot, actor)) ||
      (rc = cops__roll_d6_sum(o->pu, ctx, pu)) ||
      (rc = ev_roll(log, COPS_PURPOSE_DAMAGE, actor, vn, o->pu)))
    return rc;
  int raw = cops_roll_total(o->pu);
  if (carrure > 0) {                     /* A3.1: + the highest of Carrure d6 */
    if ((rc = cops__roll_d6_sum(o->high, ctx, carrure)) ||
        (rc = ev_roll(log, COPS_PURPOSE_HIGHEST, actor, vn, o->high)))
      return rc;
    raw += highest(o->high);
  }
  if ((rc = cops__roll_d6_sum(o->armour, ctx, dice)) ||
      (dice > 0 && (rc = ev_roll(log, COPS_PURPOSE_ARMOUR, actor, vn, o->armour))))
    return rc;
  const int prot = cops_roll_total(o->armour) + fixed;
  const int stopped = raw - prot <= 0;   /* A4.2: nothing left, the armour stopped it */
  int bonus = 0;
  if (!stopped) {
    if ((rc = cops__roll_d6_sum(o->bonus, ctx, spot->bonus)) ||
        (spot->bonus > 0 && (rc = ev_roll(log, COPS_PURPOSE_LOCATION, actor, vn, o->bonus))))
      return rc;
    bonus = cops_roll_total(o->bonus);
  }
  return record(o, ctx, victim_index, victim, bullet, spot, raw, prot, bonus,
                stopped, penetration, actor, log);
}

int cops__alt_highest_damage(cops_outcome *o, cops_ctx *ctx, cops_character *victim,
                             const cops_armour *armour, int carrure,
                             const struct cops__alt_spot *spot, struct party actor,
                             cops_log *log)
{
  const struct party vn = party(o, victim);
  int rc, dice, fixed;
  cops__alt_protection(armour, spot, &dice, &fixed);
  int n = carrure + spot->bonus;
  n = n > COPS_DICE_MAX ? COPS_DICE_MAX : n;
  if ((rc = ev_location(o, log, victim, 1, spot, actor)) ||
      (rc = cops__roll_d6_sum(o->high, ctx, n)) ||
      (n > 0 && (rc = ev_roll(log, COPS_PURPOSE_HIGHEST, actor, vn, o->high))) ||
      (rc = cops__roll_d6_sum(o->armour, ctx, dice)) ||
      (dice > 0 && (rc = ev_roll(log, COPS_PURPOSE_ARMOUR, actor, vn, o->armour))))
    return rc;
  const int raw = highest(o->high);
  const int prot = cops_roll_total(o->armour);   /* A3.2: the armour's dice, never its fixed part */
  return record(o, ctx, 0, victim, 1, spot, raw, prot, 0, raw - prot <= 0, 0, actor, log);
}

static int ev_mishap(cops_log *log, struct party actor, struct party who, int mishap, int zone,
                     int side, int minutes)
{
  if (!log)
    return COPS_OK;
  cops_event e;
  cops__event_clear(&e, COPS_EV_MISHAP);
  e.mishap = mishap;
  e.location = zone;
  e.body_side = side;
  e.minutes = minutes;
  return ev_push(log, &e, actor, who, NULL);
}

int cops__alt_stopping(cops_outcome *o, cops_roll *roll, cops_character *victim,
                       int victim_index, int fa, int threshold, int characteristic,
                       int minutes, struct party actor, cops_log *log)
{
  cops_victim *v = cops__victim_of(o, victim);
  if (v->health_after >= COPS_UNCONSCIOUS ||
      (cops_character_conditions(victim) & COPS_COND_KNOCKED_OUT)) {
    cops__roll_clear(roll);
    return COPS_OK;    /* RULING A: a target at PV <= 0 (or unconscious) rolls nothing */
  }
  cops_ctx *ctx = cops__character_ctx(victim);
  int c = characteristic;
  if (c < 0)
    c = cops_character_characteristic(victim, COPS_CARRURE) >=
                cops_character_characteristic(victim, COPS_SANG_FROID)
            ? COPS_CARRURE
            : COPS_SANG_FROID;
  /* Unaffected with more successes than the FA: the roll's difficulty is FA + 1. */
  cops_action a;
  /* A threshold over 10 (covering fire of 6 bullets in and more) leaves the natural 10s
   * (C1.7): the base at 10, the rest a modifier. */
  cops_action_init(&a, cops_character_characteristic(victim, c), threshold < 10 ? threshold : 10,
                   fa + 1);
  a.threshold_mod = threshold > 10 ? threshold - 10 : 0;
  if (cops__health(victim) != COPS_HEALTHY)
    a.dice_mod = -1;
  cops__alt_wound_malus(&a, victim);
  const struct party vp = party(o, victim);
  int rc;
  if ((rc = cops_roll_action(roll, ctx, &a)) ||
      (rc = ev_roll(log, COPS_PURPOSE_STOPPING, vp, NOBODY, roll)))
    return rc;
  if (!cops_roll_succeeded(roll) &&
      (rc = anciennete(ctx, victim, cast_id_of(o, victim), COPS_PURPOSE_STOPPING, roll, 0, log,
                       vp, NOBODY, NULL)))
    return rc;
  const int got = cops_roll_successes(roll);
  const int result = got > fa ? COPS_STOP_UNAFFECTED : got == fa ? COPS_STOP_STOPPED
                                                                 : COPS_STOP_MISHAP;
  v->stopping = result;
  v->stopping_difficulty = fa;
  v->stopping_threshold = threshold;
  if (log) {
    cops_event e;
    cops__event_clear(&e, COPS_EV_STOPPING);
    e.result = result;
    e.difficulty = fa + 1;
    e.fa = fa;
    e.threshold = threshold;
    if ((rc = ev_push(log, &e, actor, vp, NULL)))
      return rc;
  }
  if (result == COPS_STOP_UNAFFECTED)
    return COPS_OK;
  if ((rc = cops__add_conditions(v, victim, COPS_COND_STOPPED, actor, vp, log)))
    return rc;
  if (result != COPS_STOP_MISHAP)
    return COPS_OK;
  /* Every location this attack hit, at once (A2.2, A2.3): each mishap once. */
  unsigned m = 0;
  int down_zone = -1;
  for (int i = 0; i < o->nhit; i++) {
    const cops_hit *h = &o->hit[i];
    if (h->victim != victim_index || h->location < 0)
      continue;
    switch (h->location) {
    case COPS_ZONE_HEAD:
      m |= COPS_MISHAP_UNCONSCIOUS;
      break;
    case COPS_ZONE_ARMS:
      m |= h->body_side == COPS_BODY_LEFT ? COPS_MISHAP_DROP_LEFT : COPS_MISHAP_DROP_RIGHT;
      break;
    default:
      if (!(m & COPS_MISHAP_KNOCKED_DOWN))
        down_zone = h->location;
      m |= COPS_MISHAP_KNOCKED_DOWN;
      break;
    }
  }
  v->mishaps = m;
  if (m & COPS_MISHAP_KNOCKED_DOWN) {
    if ((rc = ev_mishap(log, actor, vp, COPS_MISHAP_KNOCKED_DOWN, down_zone, COPS_BODY_NONE, 0)) ||
        (rc = cops__add_conditions(v, victim, COPS_COND_ON_GROUND, actor, vp, log)))
      return rc;
  }
  if (m & COPS_MISHAP_UNCONSCIOUS) {
    if (!minutes && (rc = cops__d10(ctx, &minutes)))   /* RULING A5: 1d10 minutes */
      return rc;
    v->minutes = minutes;
    if ((rc = ev_mishap(log, actor, vp, COPS_MISHAP_UNCONSCIOUS, COPS_ZONE_HEAD, COPS_BODY_NONE,
                        minutes)) ||
        (rc = cops__add_conditions(v, victim, COPS_COND_KNOCKED_OUT, actor, vp, log)))
      return rc;
  }
  for (int k = 0; k < 2; k++) {
    const int bit = k ? COPS_MISHAP_DROP_LEFT : COPS_MISHAP_DROP_RIGHT;
    if ((m & bit) && (rc = ev_mishap(log, actor, vp, bit, COPS_ZONE_ARMS,
                                     k ? COPS_BODY_LEFT : COPS_BODY_RIGHT, 0)))
      return rc;
  }
  return COPS_OK;
}
