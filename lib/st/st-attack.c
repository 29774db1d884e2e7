/* One Storyteller attack (OTHER-SYSTEMS.md ST §5.3-§5.7, §6.3-§6.14; ST-M8, ST-M10,
 * ST-M14, ST-M15): the pools, the roll or rolls, and the damage through the human
 * shield, armour and vest onto the victim's track. All or nothing. */
#include <string.h>

#include "st/st-private.h"
#include "log/log.h"
#include "st-private.h"

/* The first published size of cops_st_attack and cops_st_outcome (0.15.0). */
#define ATTACK_SIZE_0_15 sizeof(cops_st_attack)
#define OUTCOME_SIZE_0_15 (offsetof(cops_st_outcome, contact) + sizeof(int))

static const int called_penalty[COPS_ST_CALLED_COUNT] = {0, 2, 2, 3, 4, 4, 5};   /* §6.11 */

#define FLAGS_ALL (COPS_ST_TOUCH | COPS_ST_BURST | COPS_ST_SURPRISED | COPS_ST_DEFENSELESS | \
                   COPS_ST_PRONE)

int cops_st_attack_init_sized(cops_st_attack *a, size_t size, int kind)
{
  if (!a || size < ATTACK_SIZE_0_15 || size > sizeof *a)
    return COPS_EINVAL;
  cops_st_attack full;
  memset(&full, 0, sizeof full);
  full.size = sizeof full;
  full.kind = kind;
  full.weapon = full.target_weapon = -1;
  full.target_id = 1;
  full.shield_id = 2;
  full.opponents = 1;
  memcpy(a, &full, size);
  a->size = (uint32_t)size;
  return COPS_OK;
}

/* Everything an attack reads, checked. */
typedef struct plan {
  cops_st_attack a;
  cops_st_rules r;
  cops_st_weapon w, tw;      /* the attacker's and the target's weapons */
  int range_penalty;
  int defer;                 /* a fight's exchange: the target's winning damage waits */
} plan;

static int weapon_of(cops_ctx *ctx, const cops_st_character *ch, int i, cops_st_weapon *w,
                     const char *what)
{
  if (i == -1) {
    cops__st_fists(w);
    return COPS_OK;
  }
  if (i < 0 || i >= ch->nweapons)
    return cops__fail(ctx, COPS_EINVAL, "%s %d: %s carries %d (-1: bare hands)", what, i,
                      ch->name, ch->nweapons);
  *w = ch->weapon[i];
  return COPS_OK;
}

static int check(cops_ctx *ctx, const cops_st_attack *given, plan *p)
{
  if (given->size < ATTACK_SIZE_0_15 || given->size > sizeof *given)
    return cops__fail(ctx, COPS_EINVAL, "attack size %u, expected %zu (cops_st_attack_init)",
                      (unsigned)given->size, sizeof *given);
  cops_st_attack *a = &p->a;
  memcpy(a, given, given->size);
  p->defer = 0;
  int rc = cops__st_rules_in(ctx, a->rules, &p->r);
  if (rc)
    return rc;
  if (a->kind < 0 || a->kind >= COPS_ST_ATTACK_KIND_COUNT)
    return cops__fail(ctx, COPS_EINVAL, "unknown attack kind %d", a->kind);
  if (!a->attacker || !a->target)
    return cops__fail(ctx, COPS_EINVAL, "the %s is NULL", a->attacker ? "target" : "attacker");
  if (a->attacker == a->target || a->shield == a->attacker || a->shield == a->target)
    return cops__fail(ctx, COPS_EINVAL, "the attacker, the target and the shield are three "
                      "characters");
  if (a->flags & ~FLAGS_ALL)
    return cops__fail(ctx, COPS_EINVAL, "unknown attack flags 0x%x", a->flags);
  if (a->called < 0 || a->called >= COPS_ST_CALLED_COUNT)
    return cops__fail(ctx, COPS_EINVAL, "unknown called shot %d", a->called);
  if ((rc = cops__st_range(ctx, "distance", a->distance, 0, 10000)) ||
      (rc = cops__st_range(ctx, "cover", a->cover, 0, 5)) ||
      (rc = cops__st_range(ctx, "own_cover", a->own_cover, 0, 5)) ||
      (rc = cops__st_range(ctx, "crowd", a->crowd, 0, 3)) ||
      (rc = cops__st_range(ctx, "total_defense", a->total_defense, 0, COPS_DICE_MAX)) ||
      (rc = cops__st_range(ctx, "bonus", a->bonus, -10, 10)) ||
      (rc = cops__st_range(ctx, "aim", a->aim, 0, a->attacker->trait[COPS_ST_WITS])))
    return rc == COPS_ERANGE && a->aim > a->attacker->trait[COPS_ST_WITS] && a->aim > 0
               ? cops__fail(ctx, COPS_ERANGE, "aim %d: at most Wits %d (§6.7)", a->aim,
                            a->attacker->trait[COPS_ST_WITS])
               : rc;
  if ((rc = weapon_of(ctx, a->attacker, a->weapon, &p->w, "weapon")) ||
      (rc = weapon_of(ctx, a->target, a->target_weapon, &p->tw, "target_weapon")))
    return rc;
  const int shooting = a->kind == COPS_ST_SHOT || a->kind == COPS_ST_CONTACT_SHOT;
  if (shooting && p->w.kind != COPS_ST_FIREARM)
    return cops__fail(ctx, COPS_ERULE, "%s is no firearm: a shot needs one (§5.5)", p->w.name);
  if ((a->kind == COPS_ST_EXCHANGE || a->kind == COPS_ST_STRIKE) && p->w.kind == COPS_ST_FIREARM)
    return cops__fail(ctx, COPS_ERULE, "%s in melee: a contact shot (§5.5, ST-A16)", p->w.name);
  if (p->w.kind == COPS_ST_TEETH || p->tw.kind == COPS_ST_TEETH)
    return cops__fail(ctx, COPS_ERULE, "a bite is an automatic action against a grappled "
                      "opponent (§6.1), not an attack");
  if (a->kind == COPS_ST_EXCHANGE && p->tw.kind == COPS_ST_FIREARM)
    return cops__fail(ctx, COPS_ERULE, "the target's %s: a firearm in melee is a contact shot "
                      "(ST-A16)", p->tw.name);
  if ((a->flags & COPS_ST_BURST) && (!shooting || !p->w.automatic))
    return cops__fail(ctx, COPS_ERULE, "a burst needs an automatic firearm (§6.4)");
  if (a->kind == COPS_ST_LONG_BURST)
    return cops__fail(ctx, COPS_EINVAL, "a long burst: cops_st_long_burst (§6.5)");
  const int rounds = (a->flags & COPS_ST_BURST) ? 3 : 1;   /* ST-A22 */
  if (shooting && p->w.ammo >= 0 && p->w.ammo < rounds)
    return cops__fail(ctx, COPS_ERULE, "%s holds %d round%s: %s needs %d", p->w.name, p->w.ammo,
                      p->w.ammo == 1 ? "" : "s", rounds == 3 ? "a burst" : "a shot", rounds);
  if ((a->flags & COPS_ST_TOUCH) && shooting)
    return cops__fail(ctx, COPS_ERULE, "a touch is made by hand or with an object (§6.3)");
  if (a->shield && a->kind != COPS_ST_SHOT)
    return cops__fail(ctx, COPS_ERULE, "a human shield stands against shots (§6.9)");
  if (a->kind == COPS_ST_STRIKE) {
    if (a->opponents > 4)
      return cops__fail(ctx, COPS_ERULE, "%d opponents in contact: at most four (§5.4, ST-A7)",
                        a->opponents);
    if ((rc = cops__st_range(ctx, "opponents", a->opponents, 1, 4)) ||
        (rc = cops__st_range(ctx, "rank", a->rank, p->r.outnumber_incremental &&
                             a->opponents > 1 ? 1 : 0, a->opponents - 1)))
      return rc;
  }
  p->range_penalty = 0;
  if (a->kind == COPS_ST_SHOT) {   /* ST-A24: short 0, medium -1, long -2, beyond: no shot */
    if (a->distance > p->w.range[2])
      return cops__fail(ctx, COPS_ERULE, "%d m: beyond %s's long range (%d m, ST-A24)",
                        a->distance, p->w.name, p->w.range[2]);
    p->range_penalty = a->distance > p->w.range[1] ? 2 : a->distance > p->w.range[0] ? 1 : 0;
  }
  return COPS_OK;
}

/* A character's Defense in this attack (ST-A3, ST-A32: armour takes its rating off). */
static int defense_of(const cops_st_character *ch, const cops_st_rules *r)
{
  const int d = cops__st_derived(ch, r, COPS_ST_DEFENSE) - ch->armour;
  return d > 0 ? d : 0;
}

/* The melee or firearm pool of ch with weapon w (ST §0.2): attribute + skill (+ Vigor on
 * a Strength pool, ST-A8), armour off Dexterity (ST-A32). dice: the traits; mod: the
 * wound penalty (ST-L1). */
static void base_pool(const cops_st_character *ch, const cops_st_rules *r, const cops_st_weapon *w,
                      int touch, int *dice, int *mod)
{
  const int *t = ch->trait;
  const int dex = t[COPS_ST_DEXTERITY] - ch->armour;
  if (w->kind == COPS_ST_FIREARM) {
    *dice = (dex > 0 ? dex : 0) + t[COPS_ST_FIREARMS];
  } else {
    const int skill = w->kind == COPS_ST_MELEE ? t[COPS_ST_WEAPONRY] : t[COPS_ST_BRAWL];
    *dice = touch ? (dex > 0 ? dex : 0) + skill : t[COPS_ST_STRENGTH] + t[COPS_ST_VIGOR] + skill;
  }
  *mod = cops__st_wound_penalty(ch, r);
}

static void make_pool(cops_st_pool *p, const cops_st_rules *r, int dice, int mod, int mode)
{
  cops__st_pool_default(p, dice > COPS_DICE_MAX ? COPS_DICE_MAX : dice);
  p->mod = mod < -COPS_ST_MOD_MAX ? -COPS_ST_MOD_MAX : mod > COPS_ST_MOD_MAX ? COPS_ST_MOD_MAX : mod;
  if (p->dice + p->mod > COPS_DICE_MAX)
    p->mod = COPS_DICE_MAX - p->dice;
  p->threshold = r->threshold;
  p->again = r->again;
  p->mode = mode;
  p->flags = r->chance_die ? 0 : COPS_ST_NO_CHANCE;
}

/* The pools an attack rolls (ST §0.2, §5.3 ... §6.12): the attacker's, and the target's
 * when it is opposed (an exchange, a contact shot). */
static void pools_of(const plan *p, cops_st_pool *pa, cops_st_pool *pd)
{
  const cops_st_attack *a = &p->a;
  const cops_st_rules *r = &p->r;
  const cops_st_character *att = a->attacker, *tgt = a->target;
  const int coup = a->kind == COPS_ST_COUP_DE_GRACE;
  /* The target's Defense against this attack. */
  int defense = defense_of(tgt, r) + a->total_defense;
  if ((a->flags & (COPS_ST_SURPRISED | COPS_ST_DEFENSELESS)) || coup)
    defense = 0;                                    /* §6.8, §6.2, §6.12 */
  if (a->kind == COPS_ST_STRIKE) {                  /* §5.4, ST-A7 */
    const int off = 2 * (r->outnumber_incremental ? a->rank : a->opponents - 1);
    defense = defense > off ? defense - off : 0;
  }
  int dice, mod;
  base_pool(att, r, &p->w, (a->flags & COPS_ST_TOUCH) != 0, &dice, &mod);
  mod += a->bonus - called_penalty[a->called];
  if (a->kind == COPS_ST_SHOT) {                   /* §5.6, §5.7, §6.6, §6.10, ST-A14 */
    defense += a->cover + a->crowd + ((a->flags & COPS_ST_PRONE) ? 1 : 0);
    mod -= p->range_penalty + a->own_cover;
  }
  if (a->kind == COPS_ST_SHOT || coup)
    mod += a->aim;                                  /* §6.7, ST-A25 */
  if (a->flags & COPS_ST_BURST)
    mod += 1;                                       /* §6.4 */
  if (!coup)
    mod -= defense;
  make_pool(pa, r, dice, mod, coup ? COPS_ST_ALL_EIGHTS : COPS_ST_DICE);
  int ddice, dmod;                                  /* §5.3, ST-A16: the target's pool */
  base_pool(tgt, r, &p->tw, 0, &ddice, &dmod);
  dmod -= defense_of(att, r);
  make_pool(pd, r, ddice, dmod, COPS_ST_DICE);
}

int cops__st_attack_pools(cops_ctx *ctx, const cops_st_attack *a, cops__st_pools *out)
{
  plan p;
  const int rc = check(ctx, a, &p);
  if (rc)
    return rc;
  pools_of(&p, &out->attacker, &out->defender);
  out->opposed = a->kind == COPS_ST_EXCHANGE || a->kind == COPS_ST_CONTACT_SHOT;
  out->w = p.w;
  out->tw = p.tw;
  return COPS_OK;
}

/* A ROLL event (ST): the pool's figures and every die. */
int cops__st_log_roll(cops_log *log, const cops_roll *roll, int purpose, const cops_st_character *who,
                    int id)
{
  if (!log)
    return COPS_OK;
  int v[COPS__PAYLOAD] = {0};
  v[COPS__STV_PURPOSE] = purpose;
  cops_st_roll_pool_size(roll, &v[COPS__STV_POOL]);
  v[COPS__STV_SUCCESSES] = cops_st_roll_successes(roll);
  v[COPS__STV_CHANCE] = cops_st_roll_chance(roll);
  v[COPS__STV_DRAMATIC] = cops_st_roll_dramatic(roll);
  cops_st_pool p;
  cops_st_roll_pool_of(roll, &p);
  v[COPS__STV_AGAIN] = p.again;
  v[COPS__STV_MODE] = p.mode;
  v[COPS__STV_CAPPED] = cops_st_roll_capped(roll);
  const int name = cops__log_name(log, who->name);
  if (name < 0)
    return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
  return cops__log_push_module(log, COPS_ST_EV_ROLL, name, id, -1, -1, NULL, v, roll);
}

int cops__st_log_event(cops_log *log, int type, const cops_st_character *actor, int actor_id,
                     const cops_st_character *target, int target_id, const char *weapon,
                     const int *v)
{
  if (!log)
    return COPS_OK;
  const int a = actor ? cops__log_name(log, actor->name) : -1;
  const int t = target ? cops__log_name(log, target->name) : -1;
  if (a == -2 || t == -2)
    return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
  return cops__log_push_module(log, type, a, actor_id, t, target_id, weapon, v, NULL);
}

/* The damage pipeline (ST-A33) for one character: armour ignores up to its rating's
 * budget (old armour one less against firearms, ST-A32), a vest turns up to its code of
 * bullet damage into bashing (ST-A31), the rest marked (ST-L1). */
int cops__st_take(cops_st_character *v, const cops_st_rules *r, int damage, int type, int firearm,
                int *ignored, int *converted, int *bashing, int *lethal)
{
  int rating = v->armour - (v->old_fashioned && firearm ? 1 : 0);
  rating = rating > 0 ? rating : 0;
  int budget = rating - v->armour_used;
  budget = budget > 0 ? budget : 0;
  *ignored = damage < budget ? damage : budget;
  v->armour_used += *ignored;
  int left = damage - *ignored;
  *converted = 0;
  if (firearm && type == COPS_ST_LETHAL && v->vest > v->vest_used) {
    const int room = v->vest - v->vest_used;
    *converted = left < room ? left : room;
    v->vest_used += *converted;
  }
  *lethal = type == COPS_ST_LETHAL ? left - *converted : 0;
  *bashing = type == COPS_ST_LETHAL ? *converted : left;
  if (r->health_track) {
    const int health = cops__st_derived(v, r, COPS_ST_HEALTH);
    cops__st_mark(v, health, *lethal, COPS_ST_LETHAL);
    cops__st_mark(v, health, *bashing, COPS_ST_BASHING);
  }
  return cops__st_health_state(v, r);
}

static int log_damage(cops_log *log, cops_st_character *v, int id, int damage, int type,
                      int ignored, int converted, int bashing, int lethal, int state)
{
  const int vals[COPS__PAYLOAD] = {damage, type, ignored, converted, bashing, lethal, state};
  return cops__st_log_event(log, COPS_ST_EV_DAMAGE, NULL, -1, v, id, NULL, vals);
}

static int effect(cops_log *log, const cops_st_character *who, int id, int kind, int value)
{
  const int v[COPS__PAYLOAD] = {kind, value};
  return cops__st_log_event(log, COPS_ST_EV_EFFECT, who, id, NULL, -1, NULL, v);
}

/* A burst fired with less Strength than the weapon needs: 1 bashing of recoil, straight to
 * the shooter's track (§6.4, ST-A22). */
static int recoil(const plan *p, cops_log *log, int *boxes)
{
  cops_st_character *att = p->a.attacker;
  if (att->trait[COPS_ST_STRENGTH] >= p->w.min_strength)
    return COPS_OK;
  *boxes = 1;
  if (p->r.health_track)
    cops__st_mark(att, cops__st_derived(att, &p->r, COPS_ST_HEALTH), 1, COPS_ST_BASHING);
  return effect(log, att, p->a.attacker_id, COPS_ST_RECOIL, 1);
}

int cops__st_hit(cops_log *log, const cops_st_rules *r, cops_st_character *v, int id, int damage,
                 int type, int firearm, cops_st_outcome *o)
{
  o->state = cops__st_take(v, r, damage, type, firearm, &o->ignored, &o->converted, &o->bashing,
                           &o->lethal);
  return log_damage(log, v, id, damage, type, o->ignored, o->converted, o->bashing, o->lethal,
                    o->state);
}

static int resolve(cops__st_attack_result *res, cops_ctx *ctx, plan *p, cops_log *log,
                   cops_roll *ra, cops_roll *rd)
{
  cops_st_outcome *o = &res->o;
  const cops_st_attack *a = &p->a;
  const cops_st_rules *r = &p->r;
  cops_st_character *att = a->attacker, *tgt = a->target;
  const int touch = (a->flags & COPS_ST_TOUCH) != 0;
  const int opposed = a->kind == COPS_ST_EXCHANGE || a->kind == COPS_ST_CONTACT_SHOT;
  int rc;
  {
    const int v[COPS__PAYLOAD] = {a->kind, (int)a->flags, a->distance, a->called};
    if ((rc = cops__st_log_event(log, COPS_ST_EV_ATTACK, att, a->attacker_id, tgt, a->target_id,
                        p->w.name, v)))
      return rc;
  }
  const int shooting = a->kind == COPS_ST_SHOT || a->kind == COPS_ST_CONTACT_SHOT;
  if (shooting && p->w.ammo >= 0)   /* the rounds fired (ST-A22) */
    att->weapon[a->weapon].ammo -= (a->flags & COPS_ST_BURST) ? 3 : 1;
  cops_st_pool pa, pd;
  pools_of(p, &pa, &pd);
  cops__st_effective e;
  if ((rc = cops__st_pool_check(ctx, &pa, &e)) || (rc = cops__st_roll_checked(ra, ctx, &e)) ||
      (rc = cops__st_log_roll(log, ra, COPS_ST_ROLL_ATTACK, att, a->attacker_id)))
    return rc;
  o->pool = e.pool;
  o->successes = cops_st_roll_successes(ra);
  o->dramatic = cops_st_roll_dramatic(ra);
  if (opposed) {                                    /* §5.3, ST-A16: the target's pool */
    if ((rc = cops__st_pool_check(ctx, &pd, &e)) || (rc = cops__st_roll_checked(rd, ctx, &e)) ||
        (rc = cops__st_log_roll(log, rd, COPS_ST_ROLL_DEFENCE, tgt, a->target_id)))
      return rc;
    o->defender_pool = e.pool;
    o->defender_successes = cops_st_roll_successes(rd);
    const int d = o->successes - o->defender_successes;
    o->winner = d > 0 ? COPS_ST_ATTACKER : d < 0 ? COPS_ST_DEFENDER : COPS_ST_NOBODY;
    o->margin = d > 0 ? d : -d;                     /* ST-A5: a tie, no winner */
  } else {
    o->winner = o->successes > 0 ? COPS_ST_ATTACKER : COPS_ST_NOBODY;
    o->margin = o->successes;
  }
  /* The damage: code + margin of the winner's weapon, at least 0 (§5.3, ST-A4). */
  const cops_st_weapon *dw = o->winner == COPS_ST_DEFENDER ? &p->tw : &p->w;
  o->victim = o->winner == COPS_ST_ATTACKER ? COPS_ST_DEFENDER
            : o->winner == COPS_ST_DEFENDER ? COPS_ST_ATTACKER : COPS_ST_NOBODY;
  o->type = dw->type;
  if (o->winner != COPS_ST_NOBODY && !(touch && o->winner == COPS_ST_ATTACKER))
    o->damage = dw->damage + o->margin > 0 ? dw->damage + o->margin : 0;
  o->contact = touch && o->winner == COPS_ST_ATTACKER;
  {
    const int v[COPS__PAYLOAD] = {o->winner, o->margin, o->damage, o->type, o->successes};
    if ((rc = cops__st_log_event(log, COPS_ST_EV_RESULT, att, a->attacker_id, tgt, a->target_id, NULL, v)))
      return rc;
  }
  if (o->contact && (rc = effect(log, att, a->attacker_id, COPS_ST_CONTACT, 0)))
    return rc;
  cops_st_character *victim = o->victim == COPS_ST_DEFENDER ? tgt : att;
  const int victim_id = o->victim == COPS_ST_DEFENDER ? a->target_id : a->attacker_id;
  const int firearm = dw->kind == COPS_ST_FIREARM;
  o->state = cops__st_health_state(o->victim == COPS_ST_ATTACKER ? att : tgt, r);
  if (o->damage > 0) {
    int dmg = o->damage;
    if (a->shield && o->victim == COPS_ST_DEFENDER) {   /* §6.9, ST-A27 */
      int ig, cv, b, l;
      o->shield_damage = dmg;
      cops_st_rules bare = *r;   /* the shield's armour and vest are not modelled */
      const int keep_v = a->shield->vest, keep_a = a->shield->armour;
      a->shield->vest = a->shield->armour = 0;
      const int st = cops__st_take(a->shield, &bare, dmg, o->type, firearm, &ig, &cv, &b, &l);
      a->shield->vest = keep_v;
      a->shield->armour = keep_a;
      if ((rc = log_damage(log, a->shield, a->shield_id, dmg, o->type, 0, 0, b, l, st)))
        return rc;
      dmg -= a->shield->trait[COPS_ST_STAMINA];
      dmg = dmg > 0 ? dmg : 0;
    }
    if (p->defer && o->victim == COPS_ST_ATTACKER) {
      res->deferred = 1;   /* a fight lands it at the winner's rank (ST-A6) */
      res->firearm = firearm;
      res->dealt = dmg;
    } else if ((rc = cops__st_hit(log, r, victim, victim_id, dmg, o->type, firearm, o))) {
      return rc;
    }
  }
  if (a->called != COPS_ST_BODY && o->victim == COPS_ST_DEFENDER && o->damage >= 2) {
    o->full_effect = 1;                             /* §6.11, ST-A29 */
    if ((rc = effect(log, att, a->attacker_id, COPS_ST_FULL_EFFECT, a->called)))
      return rc;
  }
  if (a->kind == COPS_ST_SHOT && o->dramatic && a->crowd > 0) {
    o->stray = 1;                                   /* §5.7, ST-A15: the caller picks who */
    if ((rc = effect(log, att, a->attacker_id, COPS_ST_STRAY,
                     p->w.damage > 1 ? p->w.damage : 1)))
      return rc;
  }
  return (a->flags & COPS_ST_BURST) ? recoil(p, log, &o->recoil) : COPS_OK;
}

int cops__st_attack_run(cops__st_attack_result *o, cops_ctx *ctx, const cops_st_attack *a,
                        cops_log *log, cops_roll *ra, cops_roll *rd, int defer)
{
  plan p;
  int rc = check(ctx, a, &p);
  if (rc)
    return rc;
  p.defer = defer;
  memset(o, 0, sizeof *o);
  return resolve(o, ctx, &p, log, ra, rd);
}

int cops_st_attack_resolve(cops_st_outcome *out, cops_ctx *ctx, const cops_st_attack *a,
                           cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!a)
    return cops__fail(ctx, COPS_EINVAL, "attack is NULL");
  if (out && (out->size < OUTCOME_SIZE_0_15 || out->size > sizeof *out))
    return cops__fail(ctx, COPS_EINVAL, "outcome size %u, expected %zu (set it to "
                      "sizeof(cops_st_outcome))", (unsigned)(out ? out->size : 0), sizeof *out);
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  plan p;
  int rc = check(ctx, a, &p);
  if (rc)
    return rc;
  /* All or nothing: the three characters, the log and the source saved. */
  cops__st_undo u;
  cops__st_save(&u, ctx, log, (cops_st_character *const[]){p.a.attacker, p.a.target, p.a.shield},
                3);
  cops_roll *ra = NULL, *rd = NULL;
  cops__st_attack_result res;
  memset(&res, 0, sizeof res);
  cops_st_outcome o;
  if ((rc = cops__roll_new(&ra, &ctx->alloc)) || (rc = cops__roll_new(&rd, &ctx->alloc)))
    rc = cops__fail(ctx, COPS_ENOMEM, "out of memory for an attack's rolls");
  else
    rc = resolve(&res, ctx, &p, log, ra, rd);
  o = res.o;
  cops_roll_free(ra);
  cops_roll_free(rd);
  if ((rc = cops__st_restore(&u, ctx, rc)))
    return rc;
  if (out) {
    const uint32_t size = out->size;
    o.size = size;
    memcpy(out, &o, size);
  }
  return COPS_OK;
}

/* A long burst's roll and shares (ST-A23), given a checked plan. */
static int burst(cops_st_outcome *o, cops_ctx *ctx, plan *p, cops_st_character *const *targets,
                 const int *ids, const int *covers, const int *shares, int n, cops_log *log,
                 cops_roll *roll)
{
  const cops_st_attack *a = &p->a;
  const cops_st_rules *r = &p->r;
  cops_st_character *att = a->attacker;
  int rc, defense = 0, cover = 0;
  for (int i = 0; i < n; i++) {
    const int d = (a->flags & COPS_ST_SURPRISED) ? 0 : defense_of(targets[i], r);
    defense = d > defense ? d : defense;
    cover = covers[i] > cover ? covers[i] : cover;
  }
  {
    const int v[COPS__PAYLOAD] = {COPS_ST_LONG_BURST, (int)a->flags, a->distance, 0};
    if ((rc = cops__st_log_event(log, COPS_ST_EV_ATTACK, att, a->attacker_id, NULL, -1, p->w.name,
                                 v)))
      return rc;
  }
  if (p->w.ammo >= 0)
    att->weapon[a->weapon].ammo -= 10;
  int dice, mod;
  base_pool(att, r, &p->w, 0, &dice, &mod);
  mod += a->bonus + a->aim + 1 - p->range_penalty - a->own_cover - defense - cover;
  cops_st_pool pool;
  make_pool(&pool, r, dice, mod, COPS_ST_DICE);
  cops__st_effective e;
  if ((rc = cops__st_pool_check(ctx, &pool, &e)) || (rc = cops__st_roll_checked(roll, ctx, &e)) ||
      (rc = cops__st_log_roll(log, roll, COPS_ST_ROLL_ATTACK, att, a->attacker_id)))
    return rc;
  int left = cops_st_roll_successes(roll);
  for (int i = 0; i < n; i++) {
    cops_st_outcome *t = &o[i];
    t->pool = e.pool;
    t->successes = cops_st_roll_successes(roll);
    t->dramatic = cops_st_roll_dramatic(roll);
    const int share = shares[i] < left ? shares[i] : left;
    left -= share;
    t->margin = share;
    t->winner = share > 0 ? COPS_ST_ATTACKER : COPS_ST_NOBODY;
    t->victim = share > 0 ? COPS_ST_DEFENDER : COPS_ST_NOBODY;
    t->type = p->w.type;
    t->damage = share > 0 && p->w.damage + share > 0 ? p->w.damage + share : 0;
    const int v[COPS__PAYLOAD] = {t->winner, share, t->damage, t->type, t->successes};
    if ((rc = cops__st_log_event(log, COPS_ST_EV_RESULT, att, a->attacker_id, targets[i], ids[i],
                                 NULL, v)))
      return rc;
    t->state = cops__st_health_state(targets[i], r);
    if (t->damage > 0) {
      t->state = cops__st_take(targets[i], r, t->damage, t->type, 1, &t->ignored, &t->converted,
                               &t->bashing, &t->lethal);
      if ((rc = log_damage(log, targets[i], ids[i], t->damage, t->type, t->ignored, t->converted,
                           t->bashing, t->lethal, t->state)))
        return rc;
    }
  }
  return recoil(p, log, &o[0].recoil);
}

int cops_st_long_burst(cops_st_outcome *out, cops_ctx *ctx, const cops_st_attack *given,
                       cops_st_character *const *targets, const int *ids, const int *covers,
                       const int *shares, int n, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!given || !targets || !ids || !covers || !shares)
    return cops__fail(ctx, COPS_EINVAL, "NULL argument to cops_st_long_burst");
  int rc = cops__st_range(ctx, "targets", n, 1, 8);
  if (rc)
    return rc;
  for (int i = 0; out && i < n; i++)
    if (out[i].size < OUTCOME_SIZE_0_15 || out[i].size > sizeof out[i])
      return cops__fail(ctx, COPS_EINVAL, "outcome %d: size %u, expected %zu", i,
                        (unsigned)out[i].size, sizeof out[i]);
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  if (given->size < ATTACK_SIZE_0_15 || given->size > sizeof *given || given->kind != COPS_ST_SHOT)
    return cops__fail(ctx, COPS_EINVAL, "a long burst is a shot (kind COPS_ST_SHOT, "
                      "cops_st_attack_init)");
  cops_st_attack a;
  memcpy(&a, given, given->size);
  a.size = sizeof a;
  a.target = targets[0];
  a.shield = NULL;
  a.cover = a.crowd = 0;
  a.called = COPS_ST_BODY;
  a.total_defense = 0;
  a.flags = given->flags & COPS_ST_SURPRISED;   /* the burst's die: burst() adds it */
  plan p;
  if ((rc = check(ctx, &a, &p)))
    return rc;
  if (!p.w.automatic)
    return cops__fail(ctx, COPS_ERULE, "%s is not automatic: no burst (§6.4, §6.5)", p.w.name);
  if (p.w.ammo >= 0 && p.w.ammo < 10)
    return cops__fail(ctx, COPS_ERULE, "%s holds %d rounds: a long burst needs 10 (ST-A23)",
                      p.w.name, p.w.ammo);
  for (int i = 0; i < n; i++) {
    if (!targets[i] || targets[i] == a.attacker)
      return cops__fail(ctx, COPS_EINVAL, "target %d: a character other than the shooter", i);
    for (int j = 0; j < i; j++)
      if (targets[j] == targets[i])
        return cops__fail(ctx, COPS_EINVAL, "target %d is target %d again", i, j);
    if ((rc = cops__st_range(ctx, "cover", covers[i], 0, 9)) ||
        (rc = cops__st_range(ctx, "share", shares[i], 0, COPS_DICE_MAX)))
      return rc;
  }
  cops_st_character *who[9] = {a.attacker};
  memcpy(who + 1, targets, (size_t)n * sizeof *who);
  cops__st_undo u;
  cops__st_save(&u, ctx, log, who, n + 1);
  cops_st_outcome o[8];
  memset(o, 0, sizeof o);
  cops_roll *roll = NULL;
  if ((rc = cops__roll_new(&roll, &ctx->alloc)))
    rc = cops__fail(ctx, COPS_ENOMEM, "out of memory for a roll");
  else
    rc = burst(o, ctx, &p, targets, ids, covers, shares, n, log, roll);
  cops_roll_free(roll);
  if ((rc = cops__st_restore(&u, ctx, rc)))
    return rc;
  for (int i = 0; out && i < n; i++) {
    const uint32_t size = out[i].size;
    o[i].size = size;
    memcpy(&out[i], &o[i], size);
  }
  return COPS_OK;
}

int cops_st_log_event(const cops_log *log, int i, cops_st_event *out)
{
  if (!log || !out || out->size < sizeof(uint32_t) || out->size > sizeof *out)
    return COPS_EINVAL;
  COPS__ENTER(log->ctx);
  if (i < 0 || i >= log->count)
    return cops__fail(log->ctx, COPS_ERANGE, "event %d out of range 0..%d", i, log->count - 1);
  const struct cops__record *r = &log->rec[i];
  if (r->type < COPS_ST_EV_ATTACK || r->type >= COPS_ST_EV_TYPE_END)
    return cops__fail(log->ctx, COPS_ESTATE, "event %d is no Storyteller event", i);
  cops_st_event e;
  memset(&e, 0, sizeof e);
  e.size = out->size;
  e.effects[0] = e.effects[1] = -1;
  const int *v = r->v;
  switch (r->type) {
  case COPS_ST_EV_ATTACK:
    e.kind = v[0], e.flags = v[1], e.distance = v[2], e.called = v[3];
    break;
  case COPS_ST_EV_ROLL:
    e.purpose = v[COPS__STV_PURPOSE], e.pool = v[COPS__STV_POOL];
    e.successes = v[COPS__STV_SUCCESSES], e.chance = v[COPS__STV_CHANCE];
    e.dramatic = v[COPS__STV_DRAMATIC], e.again = v[COPS__STV_AGAIN];
    e.mode = v[COPS__STV_MODE], e.capped = v[COPS__STV_CAPPED], e.threshold = r->threshold;
    break;
  case COPS_ST_EV_RESULT:
    e.winner = v[0], e.margin = v[1], e.damage = v[2], e.damage_type = v[3], e.successes = v[4];
    break;
  case COPS_ST_EV_DAMAGE:
    e.damage = v[0], e.damage_type = v[1], e.ignored = v[2], e.converted = v[3];
    e.bashing = v[4], e.lethal = v[5], e.state = v[6];
    break;
  case COPS_ST_EV_EFFECT:
    e.effect = v[0], e.value = v[1];
    break;
  case COPS_ST_EV_INITIATIVE:
    e.value = v[0], e.score = v[1], e.total = v[2];
    break;
  case COPS_ST_EV_NERVE:
    e.value = v[0], e.damage = v[1];
    break;
  case COPS_ST_EV_OBJECT:
    e.successes = v[0], e.total = v[1], e.boxes = v[2], e.broken = v[3], e.value = v[4];
    break;
  case COPS_ST_EV_BOUT:
    e.winner = v[0], e.margin = v[1], e.boxes = v[2], e.total = v[3];
    break;
  case COPS_ST_EV_GRAPPLE:
    e.winner = v[0], e.margin = v[1], e.effects[0] = v[2], e.effects[1] = v[3];
    e.active = v[4], e.hold = v[5], e.shield = v[6], e.controller = v[7];
    break;
  case COPS_ST_EV_MOVE:
    e.from_x = v[0], e.from_y = v[1], e.x = v[2], e.y = v[3], e.metres = v[4], e.prone = v[5];
    e.prone_change = v[6];
    break;
  case COPS_ST_EV_ACTION:
    e.action = v[0], e.aim = v[1];
    break;
  case COPS_ST_EV_END:
    e.winner_side = v[0], e.rounds = v[1];
    break;
  case COPS_ST_EV_DECLARE:
    e.action = v[0], e.flags = v[1], e.cover = v[2], e.policy = v[3], e.odds_down = v[4];
    e.odds_first = v[5], e.odds_risk = v[6], e.moving = v[7], e.x = v[8], e.y = v[9];
    break;
  default:   /* COPS_ST_EV_ROUND: the common fields */
    break;
  }
  memcpy(out, &e, out->size);
  return COPS_OK;
}
