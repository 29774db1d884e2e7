/* One D6 attack (OTHER-SYSTEMS.md D6 §5.3-§5.15; D6-A11 .. D6-A15, D6-A21, D6-A24, D6-A38,
 * D6-A39, D6-A64, D6-A67; D6-M12, D6-M13, D6-M14): the defence value, the attack roll with
 * every modifier, the damage against the resistance, a parry's outcome. */
#include <stdio.h>
#include <string.h>

#include "d6/d6-private.h"
#include "log/log.h"
#include "dice/roll-private.h"
#include "d6-private.h"

/* The options' dice to hit and to damage (§5.12, §5.13, D6-A21). */
static const signed char option_dice[COPS_D6_OPTION_COUNT][2] = {
  {0, 0}, {0, -2}, {-2, 2}, {-1, 1}, {-3, 3}, {-1, 0}, {-3, 3}, {-2, 2}, {2, -2}};
/* The target-size brackets (§5.15, D6-A24) and gravity's damage dice (§5.15). */
static const signed char size_dice[4] = {0, -1, -4, -8};
static const signed char gravity_dice[4] = {0, -1, -2, 2};

int cops__d6_attack_skill(const cops_d6_weapon *w, int armed)
{
  return !armed ? COPS_D6_BRAWLING
         : w->category == COPS_D6_MELEE ? COPS_D6_MELEE_WEAPONS
         : w->category == COPS_D6_THROWN || w->category == COPS_D6_EXPLOSIVE ? COPS_D6_THROWING
                                                                              : COPS_D6_MARKSMANSHIP;
}

int cops__d6_band(int d, const int limit[3])
{
  return d <= 3 ? COPS_D6_POINT_BLANK : d <= limit[0] ? COPS_D6_SHORT
         : d <= limit[1] ? COPS_D6_MEDIUM : COPS_D6_LONG;
}

int cops__d6_band_points(int band)
{
  static const int points[4] = {-5, 0, 5, 10};
  return band >= COPS_D6_POINT_BLANK && band <= COPS_D6_LONG ? points[band] : 0;
}

cops_d6_code cops__d6_damage_code(const cops_d6_character *att, const cops_d6_weapon *w, int armed)
{
  cops_d6_code natural, dmg;
  cops_d6_character_natural_damage(att, &natural);
  dmg = natural;
  if (armed && (!w->adds_natural || cops_d6_code_add(w->damage, natural, &dmg)))
    dmg = w->damage;
  return dmg;
}

int cops__d6_gravity_dice(const cops_d6_rules *r)
{
  return gravity_dice[r->gravity];
}

static void attack_default(cops_d6_attack *a)
{
  memset(a, 0, sizeof *a);
  a->size = sizeof *a;
  a->attacker_id = 0;
  a->target_id = 1;
  a->weapon = -1;
  a->defence = COPS_D6_NATURAL;
  a->defence_skill = COPS_D6_DODGE;
  a->defence_total = COPS_D6_ROLL_DEFENCE;
  a->parry_weapon = -1;
  a->defender_actions = 1;
  a->actions = 1;
}

int cops_d6_attack_init_sized(cops_d6_attack *a, size_t size)
{
  if (!a || size < COPS__D6_ATTACK_SIZE_0_16 || size > sizeof *a)
    return COPS_EINVAL;
  cops_d6_attack full;
  attack_default(&full);
  memcpy(a, &full, size);
  a->size = (uint32_t)size;
  return COPS_OK;
}

/* §5.3.2's adjustment from the best of Dodge, Acrobatics and Reflexes (D6-A13). */
static int skill_adjustment(const cops_d6_character *ch)
{
  int best = 0;
  const int skills[3] = {COPS_D6_DODGE, COPS_D6_ACROBATICS, COPS_D6_REFLEXES};
  for (int k = 0; k < 3; k++) {
    const int p = cops_d6_code_pips(cops__d6_trait(ch, skills[k]));
    best = p > best ? p : best;
  }
  return best < 6 ? -1 : best <= 12 ? 0 : best <= 18 ? 1 : best <= 24 ? 2 : 3;
}

static int is_parry(int skill)
{
  return skill == COPS_D6_BRAWLING || skill == COPS_D6_MELEE_WEAPONS;
}

/* The armour on a resistance roll (D6-L2): the best protection covering the spot (the
 * head's for a head shot, the body's otherwise) and, while its wearer parries, the best
 * parrying one; energy-only protections against energy weapons only. */
static cops_d6_code armour_for(const cops_d6_character *ch, int location, int parrying, int energy)
{
  cops_d6_code best = {0, 0}, shield = {0, 0};
  const int spot = location == COPS_D6_HEAD ? COPS_D6_COVERS_HEAD : COPS_D6_COVERS_BODY;
  for (int i = 0; i < ch->nprot; i++) {
    const cops_d6_protection *p = &ch->prot[i];
    if (p->energy_only && !energy)
      continue;
    cops_d6_code *slot = p->coverage == spot ? &best
                         : p->coverage == COPS_D6_COVERS_PARRY && parrying ? &shield : NULL;
    if (slot && cops_d6_code_pips(p->armour) > cops_d6_code_pips(*slot))
      *slot = p->armour;
  }
  cops_d6_code sum;
  cops_d6_code_add(best, shield, &sum);
  return sum;
}

/* The resistance pool of a victim (§5.6): Vigueur + armour, its wound penalty (D6-A17). */
static void resistance_pool(cops_d6_pool *p, const cops_d6_character *v, cops_d6_code armour)
{
  cops_d6_code c;
  if (cops_d6_code_add(v->trait[COPS_D6_VIGUEUR], armour, &c))
    c = v->trait[COPS_D6_VIGUEUR];
  cops_d6_pool_init(p, c);
  int dice, points;
  cops__d6_penalty(v, COPS_D6_VIGUEUR, &dice, &points);
  p->dice_mod = dice;
  p->points = points + v->w.protection;   /* psionic Protection as points (D6-A41) */
}

/* Checks of everything the attack names, before anything is rolled. */
static int check(cops_ctx *ctx, const cops_d6_attack *a, const cops_d6_weapon *w)
{
  const cops_d6_character *att = a->attacker, *tgt = a->target;
  int rc;
  if ((rc = cops__d6_range(ctx, "attacker_id", a->attacker_id, -1, 1000000)) ||
      (rc = cops__d6_range(ctx, "target_id", a->target_id, -1, 1000000)) ||
      (rc = cops__d6_range(ctx, "distance", a->distance, 0, 100000)) ||
      (rc = cops__d6_range(ctx, "defence", a->defence, 0, 2)) ||
      (rc = cops__d6_range(ctx, "defender_actions", a->defender_actions, 1, 10)) ||
      (rc = cops__d6_range(ctx, "cover", a->cover, 0, 20)) ||
      (rc = cops__d6_range(ctx, "option", a->option, 0, COPS_D6_OPTION_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "location", a->location, 0, COPS_D6_LOCATION_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "actions", a->actions, 1, 10)) ||
      (rc = cops__d6_range(ctx, "target_size", a->target_size, 0, 3)) ||
      (rc = cops__d6_range(ctx, "cp", a->cp, 0, 10)) ||
      (rc = cops__d6_range(ctx, "fp", a->fp, 0, 1)))
    return rc;
  if (a->flags & ~(COPS_D6_BLINDED | COPS_D6_TARGET_BLINDED | COPS_D6_SURPRISE))
    return cops__fail(ctx, COPS_EINVAL, "flags: unknown bits 0x%x", a->flags);
  if (a->defence != COPS_D6_NATURAL) {
    const int s = a->defence_skill;
    if (s != COPS_D6_DODGE && !is_parry(s) && s != COPS_D6_PILOTING && s != COPS_D6_WAGON &&
        s != COPS_D6_VEHICLE)
      return cops__fail(ctx, COPS_EINVAL, "defence_skill %d: dodge, brawling, melee_weapons, "
                        "piloting, wagon or vehicle (§5.3.3, D6-A64)", s);
    if (a->defence_total != COPS_D6_ROLL_DEFENCE &&
        (rc = cops__d6_range(ctx, "defence_total", a->defence_total, -100, 1000)))
      return rc;
    if (s == COPS_D6_MELEE_WEAPONS) {
      if (a->parry_weapon < 0 || a->parry_weapon >= tgt->nweapons)
        return cops__fail(ctx, COPS_EINVAL, "parry_weapon %d: the target's weapon 0..%d "
                          "(a parry with Melee Weapons)", a->parry_weapon, tgt->nweapons - 1);
      if (tgt->weapon[a->parry_weapon].category != COPS_D6_MELEE)
        return cops__fail(ctx, COPS_ERULE, "parry_weapon: %s is no melee weapon (§5.3.3)",
                          tgt->weapon[a->parry_weapon].name);
    }
  }
  if (!cops_d6_character_can_act(att))
    return cops__fail(ctx, COPS_ERULE, "%s cannot act (%s%s)", att->name,
                      cops__d6_level_names[att->w.level], att->w.unconscious ? ", unconscious" : "");
  if (att->w.confused)
    return cops__fail(ctx, COPS_ERULE, "%s is confused: no action this round (§7.7)", att->name);
  if (att->w.defend_only)
    return cops__fail(ctx, COPS_ERULE, "%s can only defend this round (massive damage, §5.10)",
                      att->name);
  if (tgt->w.level == COPS_D6_KILLED)
    return cops__fail(ctx, COPS_ERULE, "%s is dead", tgt->name);
  if (a->cp > att->cp || a->fp > att->fp)
    return cops__fail(ctx, COPS_ERULE, "%s has %d Character and %d Fate Points", att->name,
                      att->cp, att->fp);
  const int ranged = w->category != COPS_D6_MELEE, burst = (w->flags & COPS_D6_BURST_FIRE) != 0;
  const int o = a->option;
  if ((o == COPS_D6_SINGLE_SHOT || o == COPS_D6_BURST || o == COPS_D6_RANDOM_FIRE) && !burst)
    return cops__fail(ctx, COPS_ERULE, "option: %s does not fire bursts (§5.12)", w->name);
  if (o == COPS_D6_SEVERAL_SHOTS && (!ranged || burst || a->actions < 2))
    return cops__fail(ctx, COPS_ERULE, "option: several shots need a single-shot missile weapon "
                      "and each shot counted in actions, 2 or more (§5.12)");
  if ((o == COPS_D6_BRUTAL || o == COPS_D6_PRECISE) && ranged)
    return cops__fail(ctx, COPS_ERULE, "option: brutal and precise attacks are melee (§5.13)");
  const int loc = a->location;
  if (o == COPS_D6_AIMED ? loc != COPS_D6_ARM && loc != COPS_D6_LEG && loc != COPS_D6_WEAPON
      : o == COPS_D6_AIMED_VITAL ? loc != COPS_D6_HEAD && loc != COPS_D6_HEART
                                 : loc != COPS_D6_ANYWHERE)
    return cops__fail(ctx, COPS_EINVAL, "location %d: an aimed attack names an arm, a leg or "
                      "the weapon; a vital one the head or the heart; no other has one", loc);
  return COPS_OK;
}

/* The damage of a hit or of a parry against a victim, rolled by `by` and resisted. */
static int deal(cops_ctx *ctx, const cops_d6_rules *r, cops_roll *roll, const cops_d6_pool *dp,
                const cops_d6_character *by, int by_id, cops_d6_character *v, int v_id,
                cops_d6_code armour, int stun, cops_log *log, cops_d6_outcome *o)
{
  int total, rc = cops__d6_roll_logged(ctx, roll, dp, r, COPS__D6_NONE, COPS_D6_FOR_DAMAGE, by,
                                       by_id, log, &total);
  if (rc)
    return rc;
  o->damage_total = total;
  cops_d6_pool rp;
  resistance_pool(&rp, v, armour);
  return cops__d6_wound(ctx, r, roll, v, v_id, total, &rp, stun, log, o);
}

/* The defence value before its rolls (§5.3, §5.4; D6-A11, D6-A14, D6-L5: a parry against a
 * missile counts for nothing, natural defence stands): natural defence's, or the total
 * given plus total defence's 10; *to_roll: 1 when the target's defence is still to roll, its
 * pool into *p and its total to be added. */
static int defence_value(const cops_d6_attack *a, const cops_d6_rules *r, int parrying,
                         int ranged, int *to_roll, cops_d6_pool *p)
{
  const cops_d6_character *tgt = a->target;
  *to_roll = 0;
  if (a->defence == COPS_D6_NATURAL || (parrying && ranged))
    return 10 + (r->skill_defence ? skill_adjustment(tgt) : 0);
  const int bonus = a->defence == COPS_D6_TOTAL ? 10 : 0;
  if (a->defence_total != COPS_D6_ROLL_DEFENCE)
    return a->defence_total + bonus;
  cops_d6_pool_init(p, cops__d6_trait(tgt, a->defence_skill));
  cops__d6_penalty(tgt, a->defence_skill, &p->dice_mod, &p->points);
  p->dice_mod -= a->flags & COPS_D6_TARGET_BLINDED ? 4 : 0;
  p->actions = a->defender_actions;
  *to_roll = 1;
  return bonus;
}

/* The attack roll's pool (D6-M13): the skill, its penalties, the option's, the target's size
 * and the weapon's dice, blindness, surprise, a long weapon in melee, the scales (§5.14). */
static void attack_pool(const cops_d6_attack *a, const cops_d6_weapon *w, int skill, int ranged,
                        cops_d6_pool *p)
{
  const cops_d6_character *att = a->attacker;
  const int hit_points = a->target_size == COPS_D6_ANY_SIZE ? a->target->scale - att->scale : 0;
  cops_d6_pool_init(p, cops__d6_trait(att, skill));
  cops__d6_penalty(att, skill, &p->dice_mod, &p->points);
  p->dice_mod += option_dice[a->option][0] + size_dice[a->target_size] + w->roll_dice +
                 (a->flags & COPS_D6_BLINDED ? -4 : 0) + (a->flags & COPS_D6_SURPRISE ? 1 : 0) +
                 (!ranged && (w->flags & COPS_D6_LONG_WEAPON) ? -1 : 0);
  p->points += hit_points;
  p->actions = a->actions;
  p->cp = a->cp;
  p->fp = a->fp;
}

/* A hit's damage pool (§5.5, D6-A38): the damage code, the option's and gravity's dice, the
 * scales, and a point for each 5 the attack passed its defence by when the rules say so. */
static void damage_pool(const cops_d6_attack *a, const cops_d6_rules *r, const cops_d6_weapon *w,
                        int armed, int level, cops_d6_pool *p)
{
  const int scale = a->target_size == COPS_D6_ANY_SIZE ? a->attacker->scale - a->target->scale : 0;
  cops_d6_pool_init(p, cops__d6_damage_code(a->attacker, w, armed));
  p->dice_mod = option_dice[a->option][1] + gravity_dice[r->gravity];
  p->points = scale + (r->success_damage ? level / 5 : 0);
}

static int run(cops_ctx *ctx, const cops_d6_attack *a, const cops_d6_rules *r,
               const cops_d6_weapon *w, cops_roll *roll, cops_log *log, cops_d6_outcome *o,
               cops__d6_pending *pend)
{
  cops_d6_character *att = a->attacker, *tgt = a->target;
  const int ranged = w->category != COPS_D6_MELEE, armed = a->weapon >= 0;
  const int skill = cops__d6_attack_skill(w, armed);
  const int parrying = a->defence != COPS_D6_NATURAL && is_parry(a->defence_skill);
  int rc;
  {
    const int v[COPS__PAYLOAD] = {a->option, a->location, ranged ? a->distance : 0, a->defence,
                                  a->defence != COPS_D6_NATURAL ? a->defence_skill : -1, a->cover,
                                  (int)a->flags};
    if ((rc = cops__d6_log_event(log, COPS_D6_EV_ATTACK, att, a->attacker_id, tgt, a->target_id,
                                 armed ? w->name : NULL, v)))
      return rc;
  }
  cops_d6_pool p;
  int total, limit[3] = {w->range[0], w->range[1], w->range[2]};
  if (w->vig_range) {              /* D6-A39: the throw's reach, Throwing or else Vigueur */
    const int t = att->has[COPS_D6_THROWING] ? COPS_D6_THROWING : COPS_D6_VIGUEUR;
    cops_d6_pool_init(&p, att->trait[t]);
    cops__d6_penalty(att, t, &p.dice_mod, &p.points);
    if ((rc = cops__d6_roll_logged(ctx, roll, &p, r, COPS__D6_NONE, COPS_D6_FOR_THROW, att,
                                   a->attacker_id, log, &total)))
      return rc;
    for (int k = 0; k < 3; k++)
      limit[k] = total + w->range[k];
    if (limit[2] <= 0) {           /* it lands on the thrower, an explosive with it */
      o->victim = COPS_D6_ATTACKER_HIT;
      o->dropped = 1;
      const int v[COPS__PAYLOAD] = {0, 0, COPS_D6_NO_BAND, 0, 0, 0, 1};
      if ((rc = cops__d6_log_event(log, COPS_D6_EV_RESULT, att, a->attacker_id, tgt,
                                   a->target_id, NULL, v)))
        return rc;
      if (w->category != COPS_D6_EXPLOSIVE || cops_d6_code_pips(w->damage) == 0) {
        o->victim = COPS_D6_NOBODY;
        return COPS_OK;
      }
      cops_d6_pool_init(&p, w->damage);
      p.dice_mod = gravity_dice[r->gravity];
      return deal(ctx, r, roll, &p, att, a->attacker_id, att, a->attacker_id,
                  armour_for(att, COPS_D6_ANYWHERE, 0, 0), (w->flags & COPS_D6_STUN) != 0, log, o);
    }
  }
  /* The range band (§5.4.1, D6-A15). */
  int band = COPS_D6_NO_BAND, in_reach = 1;
  if (ranged) {
    const int d = a->distance;
    if (d > limit[2]) {
      if (!w->vig_range)
        return cops__fail(ctx, COPS_ERULE, "%d m is beyond %s's long range, %d m (§5.4.1)", d,
                          w->name, limit[2]);
      in_reach = 0;                /* a throw that falls short misses */
    }
    band = cops__d6_band(d, limit);
  }
  o->band = band;
  /* The defence value (§5.3, §5.4; D6-A11, D6-A14, D6-L5: a parry against a missile counts
   * for nothing, natural defence stands). */
  int to_roll, value = defence_value(a, r, parrying, ranged, &to_roll, &p);
  if (to_roll) {
    int dt;
    if ((rc = cops__d6_roll_logged(ctx, roll, &p, r, COPS__D6_NONE, COPS_D6_FOR_DEFENCE, tgt,
                                   a->target_id, log, &dt)))
      return rc;
    value += dt;
  }
  value += cops__d6_band_points(band);
  if (a->cover) {
    cops_d6_pool_init(&p, ((cops_d6_code){a->cover, 0}));
    if ((rc = cops__d6_roll_logged(ctx, roll, &p, r, COPS__D6_NONE, COPS_D6_FOR_COVER, NULL, -1,
                                   log, &total)))
      return rc;
    value += total;
  }
  o->defence_value = value;
  /* The attack roll (D6-M13). */
  attack_pool(a, w, skill, ranged, &p);
  att->cp -= a->cp;
  att->fp -= a->fp;
  if ((rc = cops__d6_roll_logged(ctx, roll, &p, r, value, COPS_D6_FOR_ATTACK, att, a->attacker_id,
                                 log, &total)))
    return rc;
  o->attack_total = total;
  o->hit = in_reach && total >= value;
  o->level = total - value;
  o->parried = !o->hit && parrying && !ranged;
  {
    const int v[COPS__PAYLOAD] = {total, value, band, o->hit, o->level, o->parried};
    if ((rc = cops__d6_log_event(log, COPS_D6_EV_RESULT, att, a->attacker_id, tgt, a->target_id,
                                 armed ? w->name : NULL, v)))
      return rc;
  }
  if (o->hit && pend && pend->grab)  /* a grab's hit holds, it does not hurt (§5.13) */
    return COPS_OK;
  if (o->hit) {                    /* §5.5, D6-A38 */
    damage_pool(a, r, w, armed, o->level, &p);
    o->victim = COPS_D6_TARGET_HIT;
    const cops_d6_code armour = armour_for(tgt, a->location, parrying,
                                           (w->flags & COPS_D6_ENERGY) != 0);
    const int stun = armed && (w->flags & COPS_D6_STUN);
    if (pend) {                    /* D6-A23: summed with the group's, resisted once */
      if ((rc = cops__d6_roll_logged(ctx, roll, &p, r, COPS__D6_NONE, COPS_D6_FOR_DAMAGE, att,
                                     a->attacker_id, log, &total)))
        return rc;
      o->damage_total = total;
      if (!pend->hits)
        pend->armour = armour, pend->stun = stun;
      pend->stun &= stun;
      pend->total += total;
      pend->hits++;
    } else if ((rc = deal(ctx, r, roll, &p, att, a->attacker_id, tgt, a->target_id, armour,
                          stun, log, o))) {
      return rc;
    }
    if (a->option == COPS_D6_AIMED && tgt->w.level < COPS_D6_KILLED) {   /* D6-A67 */
      o->neutralised = a->location;
      tgt->w.limbs |= a->location == COPS_D6_ARM ? COPS_D6_ARM_HURT
                      : a->location == COPS_D6_LEG ? COPS_D6_LEG_HURT : 0;
      const int v[COPS__PAYLOAD] = {COPS_D6_LIMB, a->location};
      if ((rc = cops__d6_log_event(log, COPS_D6_EV_STATE, NULL, -1, tgt, a->target_id, NULL, v)))
        return rc;
    }
    return COPS_OK;
  }
  if (!o->parried)
    return COPS_OK;
  /* A parry's outcome (§5.3.4, D6-A12): a weapon's base code, no natural damage. */
  const int parry_armed = a->defence_skill == COPS_D6_MELEE_WEAPONS;
  if (armed && !parry_armed) {     /* a weapon caught bare-handed: the defender takes it */
    cops_d6_pool_init(&p, w->damage);
    p.dice_mod = gravity_dice[r->gravity];
    o->victim = COPS_D6_TARGET_HIT;
    return deal(ctx, r, roll, &p, att, a->attacker_id, tgt, a->target_id,
                armour_for(tgt, COPS_D6_ANYWHERE, 1, (w->flags & COPS_D6_ENERGY) != 0),
                (w->flags & COPS_D6_STUN) != 0, log, o);
  }
  if (!armed && parry_armed) {     /* a bare hand on a blade: the attacker takes it */
    const cops_d6_weapon *pw = &tgt->weapon[a->parry_weapon];
    cops_d6_pool_init(&p, pw->damage);
    p.dice_mod = gravity_dice[r->gravity];
    o->victim = COPS_D6_ATTACKER_HIT;
    return deal(ctx, r, roll, &p, tgt, a->target_id, att, a->attacker_id,
                armour_for(att, COPS_D6_ANYWHERE, 0, (pw->flags & COPS_D6_ENERGY) != 0),
                (pw->flags & COPS_D6_STUN) != 0, log, o);
  }
  return COPS_OK;                  /* weapon on weapon, hand on hand: nothing */
}

/* An attack with its weapon given (a spell aimed, D6-A50), or NULL: the attacker's own. */
static int resolve_with(cops_d6_outcome *out, cops_ctx *ctx, const cops_d6_attack *given,
                        const cops_d6_weapon *with, cops_log *log, cops__d6_pending *pend)
{
  if (!given || given->size < COPS__D6_ATTACK_SIZE_0_16 || given->size > sizeof *given)
    return cops__fail(ctx, COPS_EINVAL, "attack: NULL or a size the library does not know "
                      "(initialise it with cops_d6_attack_init)");
  if (out && (out->size < COPS__D6_OUTCOME_SIZE_0_16 || out->size > sizeof *out))
    return cops__fail(ctx, COPS_EINVAL, "outcome size %u, expected %zu", (unsigned)out->size,
                      sizeof *out);
  cops_d6_attack a;
  attack_default(&a);
  memcpy(&a, given, given->size);
  a.size = sizeof a;
  if (!a.attacker || !a.target)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", a.attacker ? "target" : "attacker");
  if (a.attacker == a.target)
    return cops__fail(ctx, COPS_EINVAL, "the attacker is the target");
  if (a.attacker->ctx != ctx || a.target->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "a character belongs to another context");
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  cops_d6_rules r;
  int rc = cops__d6_rules_in(ctx, a.rules, &r);
  if (rc)
    return rc;
  if (!with && (a.weapon < -1 || a.weapon >= a.attacker->nweapons))
    return cops__fail(ctx, COPS_EINVAL, "weapon %d: -1 (bare hands) or the attacker's 0..%d",
                      a.weapon, a.attacker->nweapons - 1);
  cops_d6_weapon fists;
  memset(&fists, 0, sizeof fists);
  fists.size = sizeof fists;
  snprintf(fists.name, sizeof fists.name, "bare hands");
  const cops_d6_weapon *w = with ? with : a.weapon >= 0 ? &a.attacker->weapon[a.weapon] : &fists;
  if (with)
    a.weapon = 0;   /* armed, with the weapon given */
  if ((rc = check(ctx, &a, w)))
    return rc;
  cops_roll *roll;
  if ((rc = cops__roll_new(&roll, &ctx->alloc)))
    return cops__fail(ctx, rc, "out of memory for a roll");
  cops__d6_undo u;
  cops__d6_save(&u, ctx, log, a.attacker, a.target);
  cops_d6_outcome o;
  memset(&o, 0, sizeof o);
  o.size = sizeof o;
  o.check = -1;
  rc = run(ctx, &a, &r, w, roll, log, &o, pend);
  cops_roll_free(roll);
  if ((rc = cops__d6_restore(&u, ctx, rc)))
    return rc == COPS_ERNG ? cops__fail(ctx, rc, "the dice failed") : rc;
  if (out) {
    const uint32_t size = out->size;
    memcpy(out, &o, size);
    out->size = size;
  }
  return COPS_OK;
}

int cops_d6_attack_resolve(cops_d6_outcome *out, cops_ctx *ctx, const cops_d6_attack *given,
                           cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  return resolve_with(out, ctx, given, NULL, log, NULL);
}

int cops__d6_attack_with(cops_d6_outcome *out, cops_ctx *ctx, const cops_d6_attack *a,
                         const cops_d6_weapon *w, cops_log *log)
{
  return resolve_with(out, ctx, a, w, log, NULL);
}

int cops__d6_attack_deferred(cops_d6_outcome *out, cops_ctx *ctx, const cops_d6_attack *a,
                             cops_log *log, cops__d6_pending *pend)
{
  cops__d6_pending before = *pend;
  const int rc = resolve_with(out, ctx, a, NULL, log, pend);
  if (rc)
    *pend = before;
  return rc;
}

int cops__d6_pending_land(cops_ctx *ctx, const cops_d6_rules *r, cops_d6_character *v, int id,
                          const cops__d6_pending *pend, cops_log *log, cops_d6_outcome *o)
{
  cops_roll *roll;
  int rc = cops__roll_new(&roll, &ctx->alloc);
  if (rc)
    return cops__fail(ctx, rc, "out of memory for a roll");
  memset(o, 0, sizeof *o);
  o->size = sizeof *o;
  o->check = -1;
  o->victim = COPS_D6_TARGET_HIT;
  o->damage_total = pend->total;
  cops_d6_pool rp;
  resistance_pool(&rp, v, pend->armour);
  rc = cops__d6_wound(ctx, r, roll, v, id, pend->total, &rp, pend->stun, log, o);
  cops_roll_free(roll);
  return rc;
}

int cops__d6_attack_check(cops_ctx *ctx, const cops_d6_attack *a)
{
  cops_d6_rules r;
  int rc = cops__d6_rules_in(ctx, a->rules, &r);
  if (rc)
    return rc;
  if (a->weapon < -1 || a->weapon >= a->attacker->nweapons)
    return cops__fail(ctx, COPS_EINVAL, "weapon %d: -1 (bare hands) or the attacker's 0..%d",
                      a->weapon, a->attacker->nweapons - 1);
  cops_d6_weapon fists;
  memset(&fists, 0, sizeof fists);
  const cops_d6_weapon *w = a->weapon >= 0 ? &a->attacker->weapon[a->weapon] : &fists;
  if ((rc = check(ctx, a, w)))
    return rc;
  if (w->category != COPS_D6_MELEE && !w->vig_range && a->distance > w->range[2])
    return cops__fail(ctx, COPS_ERULE, "%d m is beyond %s's long range, %d m (§5.4.1)",
                      a->distance, w->name, w->range[2]);
  return COPS_OK;
}

int cops__d6_attack_pools(cops_ctx *ctx, const cops_d6_attack *a, cops__d6_pools *out)
{
  int rc = cops__d6_attack_check(ctx, a);
  if (rc)
    return rc;
  cops_d6_rules *r = &out->rules;
  if ((rc = cops__d6_rules_in(ctx, a->rules, r)))
    return rc;
  cops_d6_weapon fists;
  memset(&fists, 0, sizeof fists);
  const int armed = a->weapon >= 0;
  const cops_d6_weapon *w = armed ? &a->attacker->weapon[a->weapon] : &fists;
  if (w->vig_range)
    return cops__fail(ctx, COPS_ERULE, "a throw's reach is rolled (D6-A39): not weighed");
  const int ranged = w->category != COPS_D6_MELEE;
  const int parrying = a->defence != COPS_D6_NATURAL && is_parry(a->defence_skill);
  out->band = ranged ? cops__d6_band(a->distance, w->range) : COPS_D6_NO_BAND;
  out->value = defence_value(a, r, parrying, ranged, &out->defence_rolled, &out->defence) +
               cops__d6_band_points(out->band);
  cops_d6_pool_init(&out->cover, ((cops_d6_code){a->cover, 0}));
  attack_pool(a, w, cops__d6_attack_skill(w, armed), ranged, &out->attack);
  damage_pool(a, r, w, armed, 0, &out->damage);
  out->success_damage = r->success_damage;
  resistance_pool(&out->resistance, a->target,
                  armour_for(a->target, a->location, parrying, (w->flags & COPS_D6_ENERGY) != 0));
  out->stun = armed && (w->flags & COPS_D6_STUN);
  return COPS_OK;
}
