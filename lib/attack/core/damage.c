/* What a hit does under the core rules: the location d10 and its dice, damage
 * through armour, hit points, the stopping-power roll and the conditions it
 * leaves (COPS.md C8.1-C8.3, C10.3, C10.4, C11.1). Draw order:
 * docs/randomness.md. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "attack/attack.h"
#include "attack/attack-private.h"

/* ---- pieces shared by every mode ----------------------------------------- */

/* One located bullet or blow of weapon damage (C8.1, C10.3): the location d10
 * (or a given die for a burst), PU d6, armour d6, location d6. */
int  cops__located_damage(cops_outcome *o, cops_ctx *ctx, int victim_index,
                          cops_character *victim, const cops_armour *armour, int pu,
                          int bullet, int die, int penetration, struct party actor,
                          cops_log *log)
{
  int rc;
  if (!die) {
    if ((rc = cops__d10(ctx, &die)))
      return rc;
  }
  const int zone = cops__core_zone(die);
  const int modifier = cops__core_zone_modifier(zone);
  const struct party vn = party(o, victim);
  cops_event e;   /* built only for a log: no time spent on events nobody reads */
  if (log) {
    cops__event_clear(&e, COPS_EV_LOCATION);
    e.bullet = bullet;
    e.die = die;
    e.location = zone;
    e.modifier = modifier;
    if ((rc = ev_push(log, &e, actor, vn, NULL)))
      return rc;
  }
  cops__damage d;
  if ((rc = cops__core_damage(ctx, pu, armour, zone, o->pu, o->armour, o->bonus, &d)))
    return rc;
  /* A roll of no die (no armour there, a location without modifier) is no event. */
  if ((rc = ev_roll(log, COPS_PURPOSE_DAMAGE, actor, vn, o->pu)) ||
      (cops_roll_count(o->armour) > 0 &&
       (rc = ev_roll(log, COPS_PURPOSE_ARMOUR, actor, vn, o->armour))) ||
      (!d.stopped && cops_roll_count(o->bonus) > 0 &&
       (rc = ev_roll(log, COPS_PURPOSE_LOCATION, actor, vn, o->bonus))))
    return rc;
  cops_hit *h = cops__new_hit(o, ctx);
  if (!h)
    return COPS_ENOMEM;
  h->victim = victim_index;
  h->bullet = bullet;
  h->die = die;
  h->location = zone;
  h->modifier = modifier;
  h->raw = d.raw;
  h->protection = d.protection;
  h->bonus = d.bonus;
  h->damage = d.damage;
  h->stopped = d.stopped;
  if (!log)
    return COPS_OK;
  cops__event_clear(&e, COPS_EV_DAMAGE);
  e.bullet = bullet;
  e.location = zone;
  e.modifier = h->modifier;
  e.raw = d.raw;
  e.protection = d.protection;
  e.bonus = d.bonus;
  e.damage = d.damage;
  e.stopped = d.stopped;
  if ((rc = ev_push(log, &e, actor, vn, NULL)))
    return rc;
  if (penetration > 0 && d.damage >= penetration) {
    e.type = COPS_EV_PENETRATION;    /* C10.8 RULING: told, not resolved */
    return ev_push(log, &e, actor, vn, NULL);
  }
  return COPS_OK;
}

/* A hit of fixed damage (C11.1): a strike (located, modifier as points, the
 * armour's fixed part only) or a throw (unlocated). */
int  cops__fixed_damage(cops_outcome *o, cops_ctx *ctx, int victim_index, cops_character *victim,
                        const cops_armour *armour, int raw, int located, struct party actor,
                        cops_log *log)
{
  int rc, die = 0, zone = -1, modifier = 0, fixed = 0;
  if (located) {
    if ((rc = cops__d10(ctx, &die)))
      return rc;
    zone = cops__core_zone(die);
    modifier = cops__core_zone_modifier(zone);
    int dice;
    cops__core_protection(armour, zone, &dice, &fixed);
  } else if (armour && cops_armour_against_throws(armour)) {
    /* Decision (docs/rulings.md): armour made for it takes off its torso's fixed part. */
    cops_armour_get(armour, COPS_LOC_TORSO, NULL, &fixed);
  }
  cops_event e;
  cops__event_clear(&e, COPS_EV_LOCATION);
  e.bullet = 1;
  e.die = die;
  e.location = zone;
  e.modifier = modifier;
  if ((rc = ev_push(log, &e, actor, party(o, victim), NULL)))
    return rc;
  cops_hit *h = cops__new_hit(o, ctx);
  if (!h)
    return COPS_ENOMEM;
  const int net = raw - fixed;
  h->victim = victim_index;
  h->bullet = 1;
  h->die = die;
  h->location = zone;
  h->modifier = modifier;
  h->raw = raw;
  h->protection = fixed;
  h->stopped = net <= 0;
  h->bonus = h->stopped ? 0 : modifier;   /* C11.1: points, as C8.1 orders them */
  h->damage = h->stopped ? 0 : net + modifier;
  cops__event_clear(&e, COPS_EV_DAMAGE);
  e.bullet = 1;
  e.location = zone;
  e.modifier = modifier;
  e.raw = raw;
  e.protection = fixed;
  e.bonus = h->bonus;
  e.damage = h->damage;
  e.stopped = h->stopped;
  return ev_push(log, &e, actor, party(o, victim), NULL);
}

/* Set condition bits the victim lacks, with their events. */
int  cops__add_conditions(cops_victim *v, cops_character *ch, unsigned bits, struct party actor,
                          struct party who, cops_log *log)
{
  const unsigned had = (unsigned)cops_character_conditions(ch);
  for (unsigned rest = bits & COPS_COND_ALL & ~(unsigned)COPS_COND_OUT; rest; rest &= rest - 1) {
    const unsigned b = rest & (0u - rest);   /* the lowest bit left */
    if (v)
      v->conditions |= b;      /* set by this attack, even if already there */
    if (had & b)
      continue;
    cops_character_set_conditions(ch, b, 1);
    int rc = ev_condition(log, actor, who, b, 1);
    if (rc)
      return rc;
  }
  return COPS_OK;
}

/* Take off the damage of every hit on one victim, once (C8.2, C8.3). */
int  cops__apply_damage(cops_outcome *o, int victim_index, cops_character *victim,
                        struct party actor, cops_log *log)
{
  cops_victim *v = cops__victim_of(o, victim);
  int total = 0, hits = 0;
  for (int i = 0; i < o->nhit; i++)
    if (o->hit[i].victim == victim_index) {
      total += o->hit[i].damage;
      hits++;
    }
  v->hits = hits;
  v->damage = total;
  v->lasting = total >= 15;   /* C8.3: one attack */
  victim->w.lasting += v->lasting;
  int rc = cops_character_damage(victim, total > 10000 ? 10000 : total);
  if (rc)
    return rc;
  cops_character_hp(victim, &v->hp_after);
  v->health_after = cops__health(victim);
  if (log) {
    cops_event e;
    cops__event_clear(&e, COPS_EV_HIT_POINTS);
    e.damage = total;
    e.hp_before = v->hp_before;
    e.hp_after = v->hp_after;
    e.health_before = v->health_before;
    e.health_after = v->health_after;
    e.lasting = v->lasting;
    e.clock = victim->w.clock;
    if ((rc = ev_push(log, &e, actor, party(o, victim), NULL)))
      return rc;
  }
  if (v->lasting)
    return cops__add_conditions(v, victim, COPS_COND_LASTING_WOUND, actor, party(o, victim), log);
  return COPS_OK;
}

/* The stopping-power roll of a victim still conscious (C10.4), with the
 * conditions it leaves. */
int  cops__stopping(cops_outcome *o, cops_roll *roll, cops_character *victim, int fa,
                    int modifier, int characteristic, struct party actor, cops_log *log)
{
  cops_victim *v = cops__victim_of(o, victim);
  if (v->health_after >= COPS_UNCONSCIOUS) {
    cops__roll_clear(roll);
    return COPS_OK;    /* already down: nothing to stop */
  }
  const int difficulty = fa + modifier;
  int result, rc;
  const struct party vp = party(o, victim);
  if ((rc = cops__stopping_roll(roll, victim, characteristic, difficulty)) ||
      (rc = ev_roll(log, COPS_PURPOSE_STOPPING, vp, NOBODY, roll)))
    return rc;
  if (!cops_roll_succeeded(roll) &&
      (rc = anciennete(cops__character_ctx(victim), victim, cast_id_of(o, victim),
                             COPS_PURPOSE_STOPPING, roll, 0, log, vp, NOBODY, NULL)))
    return rc;
  result = cops_roll_succeeded(roll) ? COPS_STOP_STEADY
           : cops_roll_successes(roll) >= 1 ? COPS_STOP_SHAKEN : COPS_STOP_OUT;
  v->stopping = result;
  v->stopping_difficulty = difficulty;
  if (log) {
    cops_event e;
    cops__event_clear(&e, COPS_EV_STOPPING);
    e.result = result;
    e.difficulty = difficulty;
    if ((rc = ev_push(log, &e, actor, vp, NULL)))
      return rc;
  }
  if (result == COPS_STOP_OUT) {
    int old, rounds;   /* read apart: the getter refuses a victim not out, with a message */
    const int was_out = (victim->conditions & COPS_COND_OUT) != 0;
    cops__character_recovery_state(victim, &old, &rounds);
    /* A second knock-out keeps the harder of the two recoveries. */
    if (!was_out || difficulty > old - rounds)
      cops_character_set_recovery(victim, difficulty);
    v->conditions |= COPS_COND_OUT;
    if (!was_out && (rc = ev_condition(log, actor, vp, COPS_COND_OUT, 1)))
      return rc;
    return COPS_OK;
  }
  unsigned bits = COPS_COND_NO_NEGATIVE_INITIATIVE;
  if (result == COPS_STOP_SHAKEN)
    bits |= COPS_COND_SHAKEN;
  return cops__add_conditions(v, victim, bits, actor, vp, log);
}
