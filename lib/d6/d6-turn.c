/* A D6 fighter's turn (OTHER-SYSTEMS.md D6 §5.3, §5.12, §5.13, §5.16, §5.18; D6-A5, D6-A10,
 * D6-A11, D6-A22, D6-A23, D6-A64, D6-A68): its declaration checked, its actions counted, its
 * defence rolled, its action resolved; holds, disarms and a group's summed damage; the
 * default policy. */
#include <string.h>

#include "d6/d6-private.h"
#include "dice/roll-private.h"
#include "d6-fight-private.h"

#define NO_DODGE (-10000)

static int is_parry(int skill)
{
  return skill == COPS_D6_BRAWLING || skill == COPS_D6_MELEE_WEAPONS;
}

static int is_vehicle_skill(int skill)
{
  return skill == COPS_D6_PILOTING || skill == COPS_D6_WAGON || skill == COPS_D6_VEHICLE;
}

/* Metres from fighter id to vehicle vid. */
static int vehicle_dist(const cops_d6_fight *f, int id, int vid)
{
  return metres(f->c[id].x, f->c[id].y, f->veh[vid].x, f->veh[vid].y);
}

/* The actions a declaration counts (D6-A5, D6-A23, D6-A68); the coordinator's Command roll
 * is counted when the round begins. */
static int actions_of(const struct cops__d6_fighter *c, const cops_d6_declaration *d)
{
  int n = d->extra_actions;
  switch (d->action) {
  case COPS_D6_DO_ATTACK:
    n += d->count;
    break;
  case COPS_D6_DO_NOTHING:
    break;
  default:
    n += 1;
  }
  n += d->defence == COPS_D6_ACTIVE;
  n += c->holding >= 0 && !d->release;
  return n;
}

static int preparation_goes_on(const struct cops__d6_fighter *c, const cops_d6_declaration *d);

int cops__d6_check_declaration(cops_d6_fight *f, int id, const cops_d6_declaration *d)
{
  cops_ctx *ctx = f->ctx;
  const struct cops__d6_fighter *c = &f->c[id];
  const cops_d6_character *ch = c->ch;
  int rc;
  if ((rc = cops__d6_range(ctx, "action", d->action, 0, COPS_D6_DO_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "option", d->option, 0, COPS_D6_OPTION_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "location", d->location, 0, COPS_D6_LOCATION_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "count", d->count, 1, 4)) ||
      (rc = cops__d6_range(ctx, "impact", d->impact, 0, COPS_D6_INTO_OBJECT)) ||
      (rc = cops__d6_range(ctx, "defence", d->defence, 0, COPS_D6_TOTAL)) ||
      (rc = cops__d6_range(ctx, "disarm", d->disarm, 0, 1)) ||
      (rc = cops__d6_range(ctx, "release", d->release, 0, 1)) ||
      (rc = cops__d6_range(ctx, "speed", d->speed, -1, COPS_D6_FLAT_OUT)) ||
      (rc = cops__d6_range(ctx, "moving", d->moving, 0, 1)) ||
      (rc = cops__d6_range(ctx, "cp", d->cp, 0, 10)) ||
      (rc = cops__d6_range(ctx, "fp", d->fp, 0, 1)) ||
      (rc = cops__d6_range(ctx, "extra_actions", d->extra_actions, 0, 5)) ||
      (d->moving && (rc = cops__d6_check_position(ctx, d->x, d->y))))
    return rc;
  if (!cops__d6_fighter_able(f, id))
    return cops__fail(ctx, COPS_ERULE, "%s cannot act", ch->name);
  const int a = d->action;
  const int attacking = a == COPS_D6_DO_ATTACK || a == COPS_D6_DO_GRAB ||
                        a == COPS_D6_DO_SHOOT_VEHICLE || a == COPS_D6_DO_CAST;
  if (ch->w.confused && (a != COPS_D6_DO_NOTHING || d->defence != COPS_D6_NATURAL || d->moving))
    return cops__fail(ctx, COPS_ERULE, "%s is confused: no action this round (§7.7)", ch->name);
  if (ch->w.defend_only && a != COPS_D6_DO_NOTHING)
    return cops__fail(ctx, COPS_ERULE, "%s can only defend this round (massive damage, §5.10)",
                      ch->name);
  if (c->held_by >= 0 && (a != COPS_D6_DO_NOTHING && a != COPS_D6_DO_ESCAPE))
    return cops__fail(ctx, COPS_ERULE, "%s is held by %s: it can only try to escape (D6-A68)",
                      ch->name, f->c[c->held_by].ch->name);
  if (c->held_by >= 0 && (d->defence != COPS_D6_NATURAL || d->moving))
    return cops__fail(ctx, COPS_ERULE, "%s is held: no defence, no move but an escape (D6-A68)",
                      ch->name);
  if (a == COPS_D6_DO_ESCAPE && c->held_by < 0)
    return cops__fail(ctx, COPS_ERULE, "%s is held by nobody", ch->name);
  if (d->release && c->holding < 0)
    return cops__fail(ctx, COPS_ERULE, "release: %s holds nobody", ch->name);
  if ((d->cp || d->fp) && !attacking)
    return cops__fail(ctx, COPS_ERULE, "cp, fp: spent on an attack roll");
  if (d->cp > ch->cp || d->fp > ch->fp)
    return cops__fail(ctx, COPS_ERULE, "%s has %d Character and %d Fate Points", ch->name, ch->cp,
                      ch->fp);
  if (d->weapon < -1 || d->weapon >= ch->nweapons)
    return cops__fail(ctx, COPS_EINVAL, "weapon %d: -1 (bare hands) or 0..%d", d->weapon,
                      ch->nweapons - 1);
  if (d->option == COPS_D6_SEVERAL_SHOTS ? d->count < 2 : d->count > 1 && a != COPS_D6_DO_ATTACK)
    return cops__fail(ctx, COPS_ERULE, "count %d: several shots are 2 .. 4; more than one "
                      "attack is an attack's", d->count);
  int x = c->x, y = c->y;
  if (d->moving) {
    if (c->vehicle >= 0)
      return cops__fail(ctx, COPS_ERULE, "%s is aboard %s: it moves with it", ch->name,
                        f->veh[c->vehicle].v.name);
    if (c->holding >= 0 && !d->release)
      return cops__fail(ctx, COPS_ERULE, "%s holds %s: release first (D6-A68)", ch->name,
                        f->c[c->holding].ch->name);
    if (metres(c->x, c->y, d->x, d->y) > COPS_D6_MOVE_MAX)
      return cops__fail(ctx, COPS_ERULE, "a move of %d m: at most %d a turn (D6-L7)",
                        metres(c->x, c->y, d->x, d->y), COPS_D6_MOVE_MAX);
    x = d->x, y = d->y;
  }
  const int driving = c->vehicle >= 0 && c->driver;
  const cops_d6_vehicle *own = c->vehicle >= 0 ? &f->veh[c->vehicle].v : NULL;
  if (d->speed >= 0) {
    if (!driving)
      return cops__fail(ctx, COPS_ERULE, "speed: %s drives no vehicle", ch->name);
    if (own->control != COPS_D6_CONTROLLED)
      return cops__fail(ctx, COPS_ERULE, "speed: %s is not under control", own->name);
    if (d->speed > own->top_speed)
      return cops__fail(ctx, COPS_ERULE, "speed: %s's top speed is level %d", own->name,
                        own->top_speed);
  }
  if (d->defence != COPS_D6_NATURAL) {
    const int s = d->defence_skill;
    if (s != COPS_D6_DODGE && !is_parry(s) && !is_vehicle_skill(s))
      return cops__fail(ctx, COPS_EINVAL, "defence_skill %d: dodge, brawling, melee_weapons, or "
                        "a driver's piloting, wagon, vehicle", s);
    if (is_vehicle_skill(s) && !driving)
      return cops__fail(ctx, COPS_ERULE, "defence_skill: a vehicle's skill dodges for its driver "
                        "(D6-A64)");
    if (driving && is_parry(s))
      return cops__fail(ctx, COPS_ERULE, "defence_skill: a driver dodges, it neither blocks nor "
                        "parries (§5.3.3)");
    if (s == COPS_D6_MELEE_WEAPONS &&
        (d->parry_weapon < 0 || d->parry_weapon >= ch->nweapons ||
         ch->weapon[d->parry_weapon].category != COPS_D6_MELEE))
      return cops__fail(ctx, COPS_ERULE, "parry_weapon %d: a melee weapon of %s's", d->parry_weapon,
                        ch->name);
    if (d->disarm && !is_parry(s))
      return cops__fail(ctx, COPS_ERULE, "disarm: with a parry (§5.13)");
  } else if (d->disarm) {
    return cops__fail(ctx, COPS_ERULE, "disarm: with a parry (§5.13)");
  }
  if (d->defence == COPS_D6_TOTAL &&
      (a != COPS_D6_DO_NOTHING || d->extra_actions || (c->holding >= 0 && !d->release) ||
       c->actions > 0))
    return cops__fail(ctx, COPS_ERULE, "total defence is the whole round: no other action "
                      "(§5.3.5)%s", c->actions > 0 ? "; the Command roll was one" : "");
  if (c->actions + actions_of(c, d) > 10)
    return cops__fail(ctx, COPS_ERULE, "%d actions in a round: at most 10 (D6-A5)",
                      c->actions + actions_of(c, d));
  const int t = d->target;
  switch (a) {
  case COPS_D6_DO_ATTACK:
  case COPS_D6_DO_GRAB: {
    if ((rc = cops__d6_check_id(f, t)))
      return rc;
    if (t == id)
      return cops__fail(ctx, COPS_ERULE, "%s does not attack itself", ch->name);
    if (f->c[t].ch->w.level == COPS_D6_KILLED)
      return cops__fail(ctx, COPS_ERULE, "%s is dead", f->c[t].ch->name);
    const int dist = metres(x, y, f->c[t].x, f->c[t].y);
    const cops_d6_weapon *w = a == COPS_D6_DO_ATTACK && d->weapon >= 0 ? &ch->weapon[d->weapon]
                                                                       : NULL;
    if ((!w || w->category == COPS_D6_MELEE) && dist > 1)
      return cops__fail(ctx, COPS_ERULE, "%s is %d m away: a blow needs contact, 1 m",
                        f->c[t].ch->name, dist);
    if (a == COPS_D6_DO_ATTACK) {   /* the attack as it would be rolled now, from there */
      cops_d6_attack at;
      cops__d6_attack_of(f, id, t, d, &at);
      at.distance = dist;
      at.actions = c->actions + actions_of(c, d) > 1 ? c->actions + actions_of(c, d) : 1;
      at.cp = d->cp, at.fp = d->fp;
      if ((rc = cops__d6_attack_check(ctx, &at)))
        return rc;
    }
    if (a == COPS_D6_DO_GRAB) {
      if (c->vehicle >= 0 || f->c[t].vehicle >= 0)
        return cops__fail(ctx, COPS_ERULE, "grab: nobody aboard a vehicle (D6-A68)");
      if (f->c[t].held_by >= 0 && f->c[t].held_by != id)
        return cops__fail(ctx, COPS_ERULE, "%s is held by %s already", f->c[t].ch->name,
                          f->c[f->c[t].held_by].ch->name);
      if (c->holding >= 0 && !d->release)
        return cops__fail(ctx, COPS_ERULE, "%s holds %s already", ch->name,
                          f->c[c->holding].ch->name);
      if (f->c[t].holding >= 0)
        return cops__fail(ctx, COPS_ERULE, "%s holds someone: one hold at a time", f->c[t].ch->name);
    }
    break;
  }
  case COPS_D6_DO_SHOOT_VEHICLE:
    if (t < 0 || t >= f->nveh)
      return cops__fail(ctx, COPS_ERANGE, "target: vehicle %d out of range 0..%d", t, f->nveh - 1);
    if (t == c->vehicle)
      return cops__fail(ctx, COPS_ERULE, "%s is aboard %s", ch->name, f->veh[t].v.name);
    if (f->veh[t].v.control == COPS_D6_WRECKED)
      return cops__fail(ctx, COPS_ERULE, "%s is wrecked", f->veh[t].v.name);
    if ((d->weapon < 0 || ch->weapon[d->weapon].category == COPS_D6_MELEE) &&
        metres(x, y, f->veh[t].x, f->veh[t].y) > 1)
      return cops__fail(ctx, COPS_ERULE, "%s is out of reach of a blow", f->veh[t].v.name);
    break;
  case COPS_D6_DO_CAST: {
    if ((rc = cops__d6_range(ctx, "spell_skill", d->spell_skill, 0, COPS_D6_TRAIT_COUNT - 1)) ||
        (rc = cops__d6_range(ctx, "spell_difficulty", d->spell_difficulty, 1, 1000)) ||
        (rc = cops__d6_range(ctx, "preparation", d->preparation, 0, 100)) ||
        (rc = cops__d6_range(ctx, "spell_reach", d->spell_reach, 1, 1000000)) ||
        (rc = cops__d6_range(ctx, "spell_beat", d->spell_beat, -1, 1000)))
      return rc;
    if (!cops__d6_code_ok(d->spell_damage))
      return cops__fail(ctx, COPS_ERANGE, "spell_damage: a code of 0 .. %d dice, 0 .. 2 pips",
                        COPS_D6_DICE_MAX);
    const int attr = d->spell_skill < COPS_D6_ATTRIBUTE_COUNT ? d->spell_skill
                                                             : cops_d6_trait_parent(d->spell_skill);
    if (attr < COPS_D6_MAGIC || attr > COPS_D6_METAPHYSICS)
      return cops__fail(ctx, COPS_EINVAL, "spell_skill %s: no skill of a magic Attribute (§7.1)",
                        cops_d6_trait_name(d->spell_skill));
    if (ch->trait[attr].dice < 1)
      return cops__fail(ctx, COPS_ERULE, "%s has %s below 1D: no magic (§7.2)", ch->name,
                        cops_d6_trait_name(attr));
    if (d->spell_aim != -1 && d->spell_aim != COPS_D6_MARKSMANSHIP &&
        d->spell_aim != COPS_D6_MELEE_WEAPONS && d->spell_aim != COPS_D6_THROWING)
      return cops__fail(ctx, COPS_EINVAL, "spell_aim %d: -1, marksmanship, melee_weapons or "
                        "throwing (§7.8)", d->spell_aim);
    if (t != -1) {
      if ((rc = cops__d6_check_id(f, t)))
        return rc;
      if (t == id)
        return cops__fail(ctx, COPS_ERULE, "%s does not aim its spell at itself", ch->name);
      if (f->c[t].ch->w.level == COPS_D6_KILLED)
        return cops__fail(ctx, COPS_ERULE, "%s is dead", f->c[t].ch->name);
      const int dist = metres(x, y, f->c[t].x, f->c[t].y);
      const int reach = d->spell_aim == COPS_D6_MELEE_WEAPONS ? 1 : d->spell_reach;
      if (d->spell_aim != -1 && dist > reach)   /* D6-L13 */
        return cops__fail(ctx, COPS_ERULE, "%s is %d m away: beyond the spell's reach, %d m",
                          f->c[t].ch->name, dist, reach);
    } else if (d->spell_aim != -1) {
      return cops__fail(ctx, COPS_EINVAL, "target: an aimed spell needs one (D6-A50)");
    }
    if ((d->cp || d->fp) && (preparation_goes_on(c, d) ? c->prep_done : 0) + 1 < d->preparation)
      return cops__fail(ctx, COPS_ERULE, "cp, fp: spent on the cast, not on a round of "
                        "preparation (D6-L14)");
    break;
  }
  case COPS_D6_DO_RAM: {
    if (!driving)
      return cops__fail(ctx, COPS_ERULE, "ram: %s drives no vehicle", ch->name);
    const int speed = d->speed >= 0 ? d->speed : own->speed;
    if (own->control != COPS_D6_CONTROLLED || speed == COPS_D6_STOPPED)
      return cops__fail(ctx, COPS_ERULE, "ram: %s must be moving and under control", own->name);
    if (t == -1 ? d->impact != COPS_D6_INTO_OBJECT : d->impact == COPS_D6_INTO_OBJECT)
      return cops__fail(ctx, COPS_ERULE, "impact: into_object for an object (target -1), "
                        "head_on, from_behind or side_on for a vehicle");
    if (t != -1) {
      if (t < 0 || t >= f->nveh)
        return cops__fail(ctx, COPS_ERANGE, "target: vehicle %d out of range 0..%d", t,
                          f->nveh - 1);
      if (t == c->vehicle || f->veh[t].v.control == COPS_D6_WRECKED)
        return cops__fail(ctx, COPS_ERULE, "ram: %s is %s", f->veh[t].v.name,
                          t == c->vehicle ? "its own vehicle" : "wrecked");
    }
    break;
  }
  default:
    break;
  }
  return COPS_OK;
}

/* ---- holds (D6-A68) ------------------------------------------------------------------ */

static int hold_event(cops_d6_fight *f, int actor, int target, int what)
{
  const int v[COPS__PAYLOAD] = {what};
  return cops__d6_fight_event(f, COPS_D6_EV_HOLD, actor, target, NULL, v);
}

static int release(cops_d6_fight *f, int holder)
{
  const int held = f->c[holder].holding;
  f->c[holder].holding = -1;
  f->c[held].held_by = -1;
  return hold_event(f, holder, held, COPS_D6_RELEASED);
}

int cops__d6_release_fallen(cops_d6_fight *f)
{
  int rc = COPS_OK;
  for (int i = 0; i < f->n && !rc; i++) {
    const int h = f->c[i].holding;
    if (h >= 0 && (!cops__d6_fighter_able(f, i) || f->c[h].ch->w.level == COPS_D6_KILLED))
      rc = release(f, i);
  }
  return rc;
}

/* An opposed Vigueur roll (§5.13): 1 when the active side is strictly greater (D6-A10). */
static int vigueur_contest(cops_d6_fight *f, int active, int passive, int purpose, int *won)
{
  cops_roll *roll;
  int rc = cops__roll_new(&roll, &f->ctx->alloc);
  if (rc)
    return cops__fail(f->ctx, rc, "out of memory for a roll");
  int totals[2];
  const int who[2] = {active, passive};
  for (int k = 0; k < 2 && !rc; k++) {
    const struct cops__d6_fighter *c = &f->c[who[k]];
    cops_d6_pool p;
    cops_d6_pool_init(&p, c->ch->trait[COPS_D6_VIGUEUR]);
    cops__d6_penalty(c->ch, COPS_D6_VIGUEUR, &p.dice_mod, &p.points);
    p.actions = c->actions > 0 ? c->actions : 1;
    rc = cops__d6_roll_logged(f->ctx, roll, &p, &f->r, COPS__D6_NONE, purpose, c->ch, who[k],
                              cops__d6_log_of(f), &totals[k]);
  }
  cops_roll_free(roll);
  *won = !rc && totals[0] > totals[1];
  return rc;
}

/* ---- disarms (§5.13, D6-A22) --------------------------------------------------------- */

static int disarm_event(cops_d6_fight *f, int defender, int attacker, const char *weapon, int what)
{
  const int v[COPS__PAYLOAD] = {what};
  return cops__d6_fight_event(f, COPS_D6_EV_DISARM, defender, attacker, weapon, v);
}

/* A parried armed blow on a defender who disarms: its parry against the attack total (or the
 * damage rolled, D6-A22's switch), then the Vigueur contest. */
static int try_disarm(cops_d6_fight *f, int att, int def, int weapon, int attack_total)
{
  const struct cops__d6_fighter *d = &f->c[def];
  const cops_d6_weapon *w = &f->c[att].ch->weapon[weapon];
  for (int k = 0; k < f->nseized; k++)
    if (f->seized[k].attacker == att && f->seized[k].weapon == weapon)
      return COPS_OK;   /* won already this round */
  int against = attack_total, rc;
  if (f->r.disarm_vs_damage_roll) {
    cops_roll *roll;
    if ((rc = cops__roll_new(&roll, &f->ctx->alloc)))
      return cops__fail(f->ctx, rc, "out of memory for a roll");
    cops_d6_pool p;
    cops_d6_pool_init(&p, cops__d6_damage_code(f->c[att].ch, w, 1));
    p.dice_mod = cops__d6_gravity_dice(&f->r);
    rc = cops__d6_roll_logged(f->ctx, roll, &p, &f->r, COPS__D6_NONE, COPS_D6_FOR_DISARM,
                              f->c[att].ch, att, cops__d6_log_of(f), &against);
    cops_roll_free(roll);
    if (rc)
      return rc;
  }
  int won = 0;
  if (d->defence_total > against &&
      (rc = vigueur_contest(f, def, att, COPS_D6_FOR_DISARM, &won)))
    return rc;
  if (won) {
    if (f->nseized == COPS__D6_SEIZURES)
      won = 0;
    else
      f->seized[f->nseized++] = (struct cops__d6_seizure){def, att, weapon};
  }
  return disarm_event(f, def, att, w->name, won ? COPS_D6_DISARM_WINS : COPS_D6_DISARM_FAILS);
}

int cops__d6_settle_disarms(cops_d6_fight *f)
{
  int rc = COPS_OK;
  /* the highest index first, so that the indices left stand */
  for (int a = 1; a < f->nseized; a++)
    for (int b = a; b > 0 && f->seized[b].weapon > f->seized[b - 1].weapon; b--) {
      const struct cops__d6_seizure t = f->seized[b];
      f->seized[b] = f->seized[b - 1];
      f->seized[b - 1] = t;
    }
  for (int k = 0; k < f->nseized && !rc; k++) {
    const struct cops__d6_seizure s = f->seized[k];
    struct cops__d6_fighter *att = &f->c[s.attacker], *def = &f->c[s.defender];
    const cops_d6_weapon w = att->ch->weapon[s.weapon];
    int what = COPS_D6_DISARM_DROPS;
    if (def->ch->nweapons < COPS_D6_WEAPONS_MAX) {
      def->ch->weapon[def->ch->nweapons++] = w;
      what = COPS_D6_DISARM_TAKES;
    }
    memmove(&att->ch->weapon[s.weapon], &att->ch->weapon[s.weapon + 1],
            (size_t)(att->ch->nweapons - s.weapon - 1) * sizeof att->ch->weapon[0]);
    att->ch->nweapons--;
    if (att->wielded == s.weapon)
      att->wielded = -1;
    else if (att->wielded > s.weapon)
      att->wielded--;
    rc = disarm_event(f, s.defender, s.attacker, w.name, what);
  }
  f->nseized = 0;
  return rc;
}

/* ---- the actions --------------------------------------------------------------------- */

/* The attack on fighter t as the fight stands: its defence this round, its cover. */
void cops__d6_attack_of(const cops_d6_fight *f, int id, int t, const cops_d6_declaration *d,
                        cops_d6_attack *a)
{
  const struct cops__d6_fighter *c = &f->c[id], *tc = &f->c[t];
  cops_d6_attack_init(a);
  a->attacker = c->ch;
  a->target = tc->ch;
  a->attacker_id = id;
  a->target_id = t;
  a->weapon = d->weapon;
  a->distance = cops__d6_dist(f, id, t);
  a->defence = tc->defence;
  if (tc->defence != COPS_D6_NATURAL) {
    a->defence_skill = tc->defence_skill;
    a->defence_total = tc->defence_total;
    a->parry_weapon = tc->parry_weapon;
  }
  a->cover = tc->cover;
  a->option = d->option;
  a->location = d->location;
  a->actions = c->actions > 0 ? c->actions : 1;
  a->flags = c->surprise_left ? COPS_D6_SURPRISE : 0;
  a->rules = &f->r;
}

static int do_attack(cops_d6_fight *f, int id, const cops_d6_declaration *d)
{
  struct cops__d6_fighter *c = &f->c[id];
  const int t = d->target, rolls = d->option == COPS_D6_SEVERAL_SHOTS ? 1 : d->count;
  const int coord = c->coordinator;
  const int grouped = coord >= 0 && c->coordinated && f->c[coord].group_target == t;
  int rc = COPS_OK;
  for (int k = 0; k < rolls && !rc; k++) {
    if (!cops__d6_fighter_able(f, id) || f->c[t].ch->w.level == COPS_D6_KILLED)
      break;   /* the rest of its attacks are lost */
    cops_d6_attack a;
    cops__d6_attack_of(f, id, t, d, &a);
    if (k == 0)
      a.cp = d->cp, a.fp = d->fp;
    cops_d6_outcome o;
    o.size = sizeof o;
    rc = grouped ? cops__d6_attack_deferred(&o, f->ctx, &a, cops__d6_log_of(f), &f->pend[coord])
                 : cops_d6_attack_resolve(&o, f->ctx, &a, cops__d6_log_of(f));
    if (rc)
      return rc;
    c->surprise_left = 0;
    c->wielded = d->weapon;
    const struct cops__d6_fighter *tc = &f->c[t];
    if (o.parried && d->weapon >= 0 && tc->disarm && cops__d6_fighter_able(f, t) &&
        c->ch->weapon[d->weapon].category == COPS_D6_MELEE)
      rc = try_disarm(f, id, t, d->weapon, o.attack_total);
  }
  return rc;
}

static int do_grab(cops_d6_fight *f, int id, const cops_d6_declaration *d)
{
  struct cops__d6_fighter *c = &f->c[id];
  const int t = d->target;
  cops_d6_attack a;
  cops_d6_declaration bare = *d;
  bare.weapon = -1;
  cops__d6_attack_of(f, id, t, &bare, &a);
  a.cp = d->cp, a.fp = d->fp;
  cops__d6_pending grab;
  memset(&grab, 0, sizeof grab);
  grab.grab = 1;
  cops_d6_outcome o;
  o.size = sizeof o;
  int rc = cops__d6_attack_deferred(&o, f->ctx, &a, cops__d6_log_of(f), &grab);
  if (rc)
    return rc;
  c->surprise_left = 0;
  if (!o.hit || !cops__d6_fighter_able(f, id))
    return COPS_OK;
  c->holding = t;
  f->c[t].held_by = id;
  f->c[t].defence = COPS_D6_NATURAL;   /* held: no defence (D6-A68) */
  f->c[t].defence_skill = -1;
  return hold_event(f, id, t, COPS_D6_GRABBED);
}

static int do_escape(cops_d6_fight *f, int id)
{
  const int holder = f->c[id].held_by;
  int won, rc = vigueur_contest(f, id, holder, COPS_D6_FOR_ESCAPE, &won);
  if (rc)
    return rc;
  if (!won)
    return hold_event(f, id, holder, COPS_D6_HELD);
  f->c[id].held_by = -1;
  f->c[holder].holding = -1;
  return hold_event(f, id, holder, COPS_D6_ESCAPED);
}

/* The dodge a vehicle's driver rolled this round for it (D6-A64), or NO_DODGE. */
static int vehicle_dodge(const cops_d6_fight *f, int vid)
{
  for (int i = 0; i < f->n; i++) {
    const struct cops__d6_fighter *c = &f->c[i];
    if (c->vehicle == vid && c->driver && c->defence == COPS_D6_ACTIVE &&
        is_vehicle_skill(c->defence_skill))
      return c->defence_total;
  }
  return NO_DODGE;
}

static int do_shoot_vehicle(cops_d6_fight *f, int id, const cops_d6_declaration *d)
{
  struct cops__d6_fighter *c = &f->c[id];
  const int vid = d->target;
  cops_d6_character *p[COPS_D6_FIGHTERS_MAX];
  int ids[COPS_D6_FIGHTERS_MAX];
  const int n = cops__d6_aboard(f, vid, p, ids);
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  int rc = cops_d6_attack_vehicle(&o, f->ctx, c->ch, id, d->weapon, vehicle_dist(f, id, vid),
                                  c->actions > 0 ? c->actions : 1, &f->veh[vid].v, vid,
                                  vehicle_dodge(f, vid), p, ids, n, &f->r, cops__d6_log_of(f));
  if (!rc)
    c->wielded = d->weapon, c->surprise_left = 0;
  return rc;
}

static int do_ram(cops_d6_fight *f, int id, const cops_d6_declaration *d)
{
  const int own = f->c[id].vehicle, t = d->target;
  cops_d6_vehicle *v[2] = {&f->veh[own].v, t >= 0 ? &f->veh[t].v : NULL};
  const int vids[2] = {own, t};
  const int nv = t >= 0 ? 2 : 1;
  cops_d6_character *p[COPS_D6_FIGHTERS_MAX];
  int ids[COPS_D6_FIGHTERS_MAX], counts[2] = {0, 0};
  counts[0] = cops__d6_aboard(f, own, p, ids);
  if (nv == 2)
    counts[1] = cops__d6_aboard(f, t, p + counts[0], ids + counts[0]);
  cops_d6_vehicle_outcome outs[2];
  outs[0].size = outs[1].size = sizeof outs[0];
  int rc = cops_d6_collision(outs, f->ctx, v, vids, nv, d->impact, p, ids, counts, &f->r,
                             cops__d6_log_of(f));
  if (rc || t < 0)
    return rc;
  f->veh[own].x = f->veh[t].x;   /* the two meet where the rammed one was (D6-L7) */
  f->veh[own].y = f->veh[t].y;
  for (int i = 0; i < f->n; i++)
    if (f->c[i].vehicle == own)
      f->c[i].x = f->veh[own].x, f->c[i].y = f->veh[own].y;
  return COPS_OK;
}

/* ---- spells (§7.6, §7.7; D6-M22, D6-L14) --------------------------------------------- */

static int prepare_event(cops_d6_fight *f, int id, int done, int needed, int interrupted)
{
  const int v[COPS__PAYLOAD] = {done, needed, interrupted};
  return cops__d6_fight_event(f, COPS_D6_EV_PREPARE, id, -1, NULL, v);
}

/* 1 when @p d carries on the spell @p c is preparing, unhurt since its last round of it. */
static int preparation_goes_on(const struct cops__d6_fighter *c, const cops_d6_declaration *d)
{
  const cops_d6_wounds *w = &c->ch->w;
  return c->prep_done && d->action == COPS_D6_DO_CAST && d->spell_skill == c->prep_skill &&
         d->spell_difficulty == c->prep_difficulty && w->step <= c->prep_step &&
         w->hp_lost <= c->prep_hp;
}

/* A preparation under way stops when the turn does anything else, another spell, or when a
 * wound came since the last round of it (D6-M22: it starts over). */
static int interruption(cops_d6_fight *f, int id, const cops_d6_declaration *d)
{
  struct cops__d6_fighter *c = &f->c[id];
  if (!c->prep_done)
    return COPS_OK;
  if (preparation_goes_on(c, d))
    return COPS_OK;
  const int done = c->prep_done;
  c->prep_done = 0;
  return prepare_event(f, id, done, d->action == COPS_D6_DO_CAST ? d->preparation : 0, 1);
}

static int do_cast(cops_d6_fight *f, int id, const cops_d6_declaration *d)
{
  struct cops__d6_fighter *c = &f->c[id];
  if (c->prep_done + 1 < d->preparation) {   /* a round of preparation: the spell later */
    c->surprise_left = 0;                    /* surprise's first action (§5.15) */
    c->prep_done++;
    c->prep_skill = d->spell_skill;
    c->prep_difficulty = d->spell_difficulty;
    c->prep_step = c->ch->w.step;
    c->prep_hp = c->ch->w.hp_lost;
    return prepare_event(f, id, c->prep_done, d->preparation, 0);
  }
  c->prep_done = 0;
  cops_d6_cast k;
  cops_d6_cast_init(&k);
  k.caster = c->ch;
  k.caster_id = id;
  k.skill = d->spell_skill;
  k.difficulty = d->spell_difficulty;
  k.damage = d->spell_damage;
  k.actions = c->actions;
  k.cp = d->cp;
  k.fp = d->fp;
  k.beat = d->spell_beat;
  k.rules = &f->r;
  k.flags = c->surprise_left ? COPS_D6_CAST_SURPRISE : 0;
  const int t = d->target;
  if (t >= 0 && d->spell_aim >= 0) {           /* D6-A50 */
    struct cops__d6_fighter *tc = &f->c[t];
    k.aim_skill = d->spell_aim;
    k.aim_target = tc->ch;
    k.aim_target_id = t;
    k.distance = cops__d6_dist(f, id, t);
    k.reach_m = d->spell_reach;
    k.aim_defence = tc->defence;
    k.aim_cover = tc->cover;
    if (tc->defence != COPS_D6_NATURAL) {
      k.aim_defence_skill = tc->defence_skill;
      k.aim_defence_total = tc->defence_total;
    }
  } else if (t >= 0) {                         /* a being that resists (D6-A51) */
    k.target = f->c[t].ch;
    k.target_id = t;
  }
  c->surprise_left = 0;
  return cops_d6_cast_resolve(NULL, f->ctx, &k, cops__d6_log_of(f));
}

/* A coordinated group's summed damage lands after its last member's turn (D6-A23). */
static int land_group(cops_d6_fight *f, int id)
{
  const int coord = f->c[id].coordinator;
  if (coord < 0 || !f->c[coord].coordinated)
    return COPS_OK;
  for (int j = 0; j < f->n; j++)
    if (j != id && f->c[j].coordinator == coord && f->c[j].rank >= 0 && !f->c[j].acted &&
        cops__d6_fighter_able(f, j))
      return COPS_OK;   /* a member still to act */
  cops__d6_pending *p = &f->pend[coord];
  const int t = f->c[coord].group_target;
  if (!p->hits || f->c[t].ch->w.level == COPS_D6_KILLED) {
    memset(p, 0, sizeof *p);
    return COPS_OK;
  }
  cops_d6_outcome o;
  const int rc = cops__d6_pending_land(f->ctx, &f->r, f->c[t].ch, t, p, cops__d6_log_of(f), &o);
  memset(p, 0, sizeof *p);
  return rc;
}

static int roll_defence(cops_d6_fight *f, int id, const cops_d6_declaration *d)
{
  struct cops__d6_fighter *c = &f->c[id];
  c->defence = d->defence;
  c->defence_skill = d->defence == COPS_D6_NATURAL ? -1 : d->defence_skill;
  c->parry_weapon = d->defence_skill == COPS_D6_MELEE_WEAPONS ? d->parry_weapon : -1;
  c->disarm = d->disarm;
  if (d->defence == COPS_D6_NATURAL)
    return COPS_OK;
  cops_roll *roll;
  int rc = cops__roll_new(&roll, &f->ctx->alloc);
  if (rc)
    return cops__fail(f->ctx, rc, "out of memory for a roll");
  cops_d6_pool p;
  cops_d6_pool_init(&p, cops__d6_trait(c->ch, d->defence_skill));
  cops__d6_penalty(c->ch, d->defence_skill, &p.dice_mod, &p.points);
  p.actions = d->defence == COPS_D6_TOTAL ? 1 : c->actions;
  rc = cops__d6_roll_logged(f->ctx, roll, &p, &f->r, COPS__D6_NONE, COPS_D6_FOR_DEFENCE, c->ch,
                            id, cops__d6_log_of(f), &c->defence_total);
  cops_roll_free(roll);
  return rc;
}

/* A policy's plan, with the odds it weighed (a d6.declare event; the simple policy's plans
 * are not logged, as 0.16.0 logged them). */
static int declared(cops_d6_fight *f, int id, const cops_d6_declaration *d, const int *why)
{
  if (!f->logging)
    return COPS_OK;
  const struct cops__d6_fighter *c = &f->c[id];
  const int v[COPS__PAYLOAD] = {d->action, d->defence, c->policy, why[0], why[1], why[2],
                                d->moving, d->x, d->y, d->option};
  return cops__d6_fight_event(f, COPS_D6_EV_DECLARE, id,
                              d->action == COPS_D6_DO_ATTACK ? d->target : -1,
                              d->action == COPS_D6_DO_ATTACK && d->weapon >= 0
                                  ? c->ch->weapon[d->weapon].name : NULL, v);
}

int cops__d6_turn(cops_d6_fight *f, int id)
{
  struct cops__d6_fighter *c = &f->c[id];
  if (!cops__d6_fighter_able(f, id))
    return land_group(f, id);   /* fell before its turn */
  cops_d6_declaration d;
  int rc;
  if (c->declared) {
    d = c->decl;
  } else {
    int why[3];
    cops__d6_plan_by_policy(f, id, &d, why);
    if (c->policy != COPS_POLICY_SIMPLE && (rc = declared(f, id, &d, why)))
      return rc;
  }
  rc = cops__d6_check_declaration(f, id, &d);
  if (rc)
    return rc;
  c->actions += actions_of(c, &d);
  if (c->actions < 1)
    c->actions = 1;
  if (d.release && (rc = release(f, id)))
    return rc;
  if (d.moving)
    c->x = d.x, c->y = d.y;
  if (d.speed >= 0)
    f->veh[c->vehicle].v.speed = d.speed;
  const int vehicle_target = d.action == COPS_D6_DO_SHOOT_VEHICLE || d.action == COPS_D6_DO_RAM;
  {
    const int v[COPS__PAYLOAD] = {d.action, c->actions, d.defence,
                                  d.defence == COPS_D6_NATURAL ? -1 : d.defence_skill, d.moving,
                                  c->x, c->y, d.count, d.speed};
    if (!f->logging)
      rc = COPS_OK;
    else if (vehicle_target)
      rc = cops__d6_log_named(f->log, COPS_D6_EV_TURN, c->ch->name, id,
                              d.target >= 0 ? f->veh[d.target].v.name : NULL, d.target, NULL, v);
    else
      rc = cops__d6_fight_event(f, COPS_D6_EV_TURN, id,
                                d.action == COPS_D6_DO_NOTHING ? -1
                                : d.action == COPS_D6_DO_ESCAPE ? c->held_by : d.target,
                                d.weapon >= 0 && d.action == COPS_D6_DO_ATTACK
                                    ? c->ch->weapon[d.weapon].name : NULL, v);
    if (rc)
      return rc;
  }
  if ((rc = roll_defence(f, id, &d)))
    return rc;
  if ((rc = interruption(f, id, &d)))
    return rc;
  switch (d.action) {
  case COPS_D6_DO_ATTACK:
    rc = do_attack(f, id, &d);
    break;
  case COPS_D6_DO_GRAB:
    rc = do_grab(f, id, &d);
    break;
  case COPS_D6_DO_ESCAPE:
    rc = do_escape(f, id);
    break;
  case COPS_D6_DO_SHOOT_VEHICLE:
    rc = do_shoot_vehicle(f, id, &d);
    break;
  case COPS_D6_DO_RAM:
    rc = do_ram(f, id, &d);
    break;
  case COPS_D6_DO_CAST:
    rc = do_cast(f, id, &d);
    break;
  default:
    break;
  }
  return rc ? rc : land_group(f, id);
}

/* ---- the default policy (docs/d6.md, "The default policy") --------------------------- */

/* The nearest able enemy (the lowest id on a tie), -1 none. */
static int nearest_enemy(const cops_d6_fight *f, int id)
{
  int best = -1, bd = 0;
  for (int j = 0; j < f->n; j++) {
    if (f->c[j].side == f->c[id].side || !cops__d6_fighter_able(f, j))
      continue;
    const int dj = cops__d6_dist(f, id, j);
    if (best < 0 || dj < bd)
      best = j, bd = dj;
  }
  return best;
}

/* The best melee weapon by damage (natural damage added for + codes), -1 bare hands. */
static int best_melee(const cops_d6_character *ch)
{
  int best = -1, bp = cops_d6_code_pips(cops__d6_damage_code(ch, NULL, 0));
  for (int k = 0; k < ch->nweapons; k++) {
    const cops_d6_weapon *w = &ch->weapon[k];
    if (w->category != COPS_D6_MELEE)
      continue;
    const int p = cops_d6_code_pips(cops__d6_damage_code(ch, w, 1));
    if (p > bp)
      best = k, bp = p;
  }
  return best;
}

/* The ranged weapon with the best damage reaching dist (not a Vig-coded throw), -1 none. */
static int best_ranged(const cops_d6_character *ch, int dist)
{
  int best = -1, bp = -1;
  for (int k = 0; k < ch->nweapons; k++) {
    const cops_d6_weapon *w = &ch->weapon[k];
    if (w->category == COPS_D6_MELEE || w->vig_range || dist > w->range[2])
      continue;
    const int p = cops_d6_code_pips(cops__d6_damage_code(ch, w, 1));
    if (p > bp)
      best = k, bp = p;
  }
  return best;
}

/* The best defence skill for total defence: Dodge, or a parry (a melee weapon's for Melee
 * Weapons); its weapon in *weapon. */
static int best_defence(const cops_d6_character *ch, int *weapon)
{
  const int melee = best_melee(ch);
  int skill = COPS_D6_DODGE, best = cops_d6_code_pips(cops__d6_trait(ch, COPS_D6_DODGE));
  *weapon = -1;
  if (cops_d6_code_pips(cops__d6_trait(ch, COPS_D6_BRAWLING)) > best)
    skill = COPS_D6_BRAWLING, best = cops_d6_code_pips(cops__d6_trait(ch, COPS_D6_BRAWLING));
  if (melee >= 0 && cops_d6_code_pips(cops__d6_trait(ch, COPS_D6_MELEE_WEAPONS)) > best)
    skill = COPS_D6_MELEE_WEAPONS, *weapon = melee;
  return skill;
}

/* The nearest moving vehicle with an able enemy aboard, not its own; -1 none. */
static int vehicle_to_ram(const cops_d6_fight *f, int id)
{
  int best = -1, bd = 0;
  for (int v = 0; v < f->nveh; v++) {
    if (v == f->c[id].vehicle || f->veh[v].v.control == COPS_D6_WRECKED ||
        f->veh[v].v.speed == COPS_D6_STOPPED)
      continue;   /* a stopped vehicle is not rammed: the ram is there to stop it */
    int enemy = 0;
    for (int j = 0; j < f->n && !enemy; j++)
      enemy = f->c[j].vehicle == v && f->c[j].side != f->c[id].side && cops__d6_fighter_able(f, j);
    const int dv = vehicle_dist(f, id, v);
    if (enemy && (best < 0 || dv < bd))
      best = v, bd = dv;
  }
  return best;
}

void cops__d6_policy(const cops_d6_fight *f, int id, cops_d6_declaration *d)
{
  const struct cops__d6_fighter *c = &f->c[id];
  const cops_d6_character *ch = c->ch;
  cops_d6_declaration_init(d, COPS_D6_DO_NOTHING);
  if (!cops__d6_fighter_able(f, id))
    return;
  if (ch->w.confused)      /* no action at all (§7.7) */
    return;
  if (c->held_by >= 0) {   /* only an escape, and not while it may only defend (§5.10) */
    d->action = ch->w.defend_only ? COPS_D6_DO_NOTHING : COPS_D6_DO_ESCAPE;
    return;
  }
  const int driving = c->vehicle >= 0 && c->driver;
  if (ch->w.defend_only) {
    d->defence = COPS_D6_ACTIVE;
    d->defence_skill = driving ? COPS_D6_VEHICLE : COPS_D6_DODGE;
    return;
  }
  if (c->tactic == COPS_D6_TACTIC_DEFEND) {
    d->release = c->holding >= 0;
    if (c->actions == 0) {   /* a coordinator's Command roll spent an action: no total defence */
      d->defence = COPS_D6_TOTAL;
      d->defence_skill = driving ? COPS_D6_VEHICLE : best_defence(ch, &d->parry_weapon);
    }
    return;
  }
  if (c->tactic == COPS_D6_TACTIC_RAM && driving &&
      f->veh[c->vehicle].v.control == COPS_D6_CONTROLLED) {
    const int v = vehicle_to_ram(f, id);
    if (v >= 0) {
      const cops_d6_vehicle *own = &f->veh[c->vehicle].v;
      d->action = COPS_D6_DO_RAM;
      d->target = v;
      d->impact = COPS_D6_SIDE_ON;   /* a pursuit intervention: the side of the other car */
      if (own->speed == COPS_D6_STOPPED)
        d->speed = own->top_speed < COPS_D6_CRUISING ? own->top_speed : COPS_D6_CRUISING;
      if (d->speed == COPS_D6_STOPPED)
        d->action = COPS_D6_DO_NOTHING, d->target = -1, d->speed = -1;
      return;
    }
  }
  int t = nearest_enemy(f, id);
  if (c->coordinator >= 0 && c->coordinated &&
      cops__d6_fighter_able(f, f->c[c->coordinator].group_target))
    t = f->c[c->coordinator].group_target;
  if (c->holding >= 0)
    t = c->holding;   /* it subdues the one it holds, keeping the hold */
  if (c->tactic == COPS_D6_TACTIC_DODGE) {
    d->defence = COPS_D6_ACTIVE;
    d->defence_skill = driving ? COPS_D6_VEHICLE : COPS_D6_DODGE;
  }
  if (t < 0)
    return;
  const int dist = cops__d6_dist(f, id, t);
  if (c->tactic == COPS_D6_TACTIC_GRAB && c->holding < 0 && dist <= 1 && c->vehicle < 0 &&
      f->c[t].vehicle < 0 && f->c[t].held_by < 0 && f->c[t].holding < 0) {
    d->action = COPS_D6_DO_GRAB;
    d->target = t;
    return;
  }
  const int ranged = best_ranged(ch, dist);
  if (ranged >= 0 && (dist > 1 || best_melee(ch) < 0)) {
    d->action = COPS_D6_DO_ATTACK;
    d->target = t;
    d->weapon = ranged;
    return;
  }
  int x = c->x, y = c->y;
  if (dist > 1) {
    if (c->vehicle >= 0 || c->holding >= 0)
      return;   /* no shot in reach, no way to close in */
    int ax, ay;
    towards(f->c[t].x, f->c[t].y, c->x, c->y, 1, &ax, &ay);
    towards(c->x, c->y, ax, ay, COPS_D6_MOVE_MAX, &x, &y);
    d->moving = 1;
    d->x = x;
    d->y = y;
  }
  if (metres(x, y, f->c[t].x, f->c[t].y) <= 1) {
    d->action = COPS_D6_DO_ATTACK;
    d->target = t;
    d->weapon = best_melee(ch);
  }
}

void cops__d6_plan_by_policy(const cops_d6_fight *f, int id, cops_d6_declaration *d, int *why)
{
  if (why)
    why[0] = why[1] = why[2] = -1;   /* none weighed */
  if (f->c[id].policy == COPS_POLICY_TACTICAL)
    cops__d6_tactical(f, id, d, why);
  else
    cops__d6_policy(f, id, d);
}
