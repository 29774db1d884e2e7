/* D6 vehicles (OTHER-SYSTEMS.md D6 §5.16-§5.18, §6.5; D6-A10, D6-A25, D6-A37, D6-A62,
 * D6-A64; D6-M6, D6-M16, D6-M23): damage against a vehicle's Resistance through §5.17's
 * table and its passengers', attacks on vehicles, collisions, loss of control, crashes and
 * repairs. */
#include <stdio.h>
#include <string.h>

#include "d6/d6-private.h"
#include "base/jsonutil.h"
#include "log/log.h"
#include "dice/roll-private.h"
#include "d6-private.h"

#define VEHICLE_SIZE_0_16 sizeof(cops_d6_vehicle)
#define PASSENGERS_MAX 16

/* What an event d6.vehicle says happened. */
enum { V_DAMAGE, V_CRASH, V_REPAIR, V_STOP };

int cops_d6_vehicle_init_sized(cops_d6_vehicle *v, size_t size)
{
  if (!v || size < VEHICLE_SIZE_0_16 || size > sizeof *v)
    return COPS_EINVAL;
  cops_d6_vehicle full;
  memset(&full, 0, sizeof full);
  full.size = sizeof full;
  full.scale = 6;                              /* an ordinary car (§5.14) */
  full.resistance.dice = 3;
  full.manoeuvrability.dice = 2;
  full.top_speed = COPS_D6_FLAT_OUT;
  memcpy(v, &full, size);
  v->size = (uint32_t)size;
  return COPS_OK;
}

int cops_d6_vehicle_penalty(const cops_d6_vehicle *v)
{
  if (!v || v->size < VEHICLE_SIZE_0_16 || v->size > sizeof *v ||
      v->ndamage < 0 || v->ndamage > COPS_D6_VEHICLE_DAMAGE_MAX)
    return COPS_EINVAL;
  int dice = v->very_light > 0 ? -1 : 0;
  for (int i = 0; i < v->ndamage; i++)
    dice -= v->damage[i].dice;
  return dice;
}

/* A caller's vehicle checked, read at its size into *full. */
int cops__d6_vehicle_in(cops_ctx *ctx, const cops_d6_vehicle *v, cops_d6_vehicle *full)
{
  if (!v || v->size < VEHICLE_SIZE_0_16 || v->size > sizeof *v)
    return cops__fail(ctx, COPS_EINVAL, "vehicle: NULL or a size the library does not know "
                      "(initialise it with cops_d6_vehicle_init)");
  memset(full, 0, sizeof *full);
  memcpy(full, v, v->size);
  full->size = sizeof *full;
  if (!memchr(full->name, '\0', sizeof full->name) || !full->name[0])
    return cops__fail(ctx, COPS_EINVAL, "vehicle.name: 1 to %zu bytes", sizeof full->name - 1);
  int rc;
  if ((rc = cops__d6_range(ctx, "vehicle.scale", full->scale, -15, 24)) ||
      (rc = cops__d6_range(ctx, "vehicle.resistance.dice", full->resistance.dice, 0, 20)) ||
      (rc = cops__d6_range(ctx, "vehicle.resistance.pips", full->resistance.pips, 0, 2)) ||
      (rc = cops__d6_range(ctx, "vehicle.manoeuvrability.dice", full->manoeuvrability.dice, 0,
                           20)) ||
      (rc = cops__d6_range(ctx, "vehicle.manoeuvrability.pips", full->manoeuvrability.pips, 0,
                           2)) ||
      (rc = cops__d6_range(ctx, "vehicle.top_speed", full->top_speed, 0, COPS_D6_FLAT_OUT)) ||
      (rc = cops__d6_range(ctx, "vehicle.speed", full->speed, 0, full->top_speed)) ||
      (rc = cops__d6_range(ctx, "vehicle.very_light", full->very_light, 0, 2)) ||
      (rc = cops__d6_range(ctx, "vehicle.control", full->control, 0, COPS_D6_WRECKED)) ||
      (rc = cops__d6_range(ctx, "vehicle.ndamage", full->ndamage, 0,
                           COPS_D6_VEHICLE_DAMAGE_MAX)))
    return rc;
  for (int i = 0; i < full->ndamage; i++) {
    const cops_d6_vehicle_damage *d = &full->damage[i];
    if (d->result < COPS_D6_LIGHT || d->result > COPS_D6_SEVERE || d->dice < 0 || d->dice > 2 ||
        d->ranks < 0 || d->ranks > COPS_D6_FLAT_OUT)
      return cops__fail(ctx, COPS_ERANGE, "vehicle.damage[%d]: a light, heavy or severe result "
                        "with 0-2 dice and 0-4 ranks", i);
  }
  return COPS_OK;
}

static void vehicle_out(cops_d6_vehicle *v, const cops_d6_vehicle *full)
{
  const uint32_t size = v->size;
  memcpy(v, full, size);
  v->size = size;
}

static int vehicle_event(cops_log *log, const cops_d6_vehicle *v, int id, int what,
                         const cops_d6_vehicle_outcome *o, const char *actor, int actor_id)
{
  const int vals[COPS__PAYLOAD] = {what, o ? o->result : 0, o ? o->margin : 0,
                                   o ? o->passenger_damage : 0, v->speed, v->top_speed,
                                   v->control, cops_d6_vehicle_penalty(v), o ? o->ranks_lost : 0};
  return cops__d6_log_named(log, COPS_D6_EV_VEHICLE, actor, actor ? actor_id : -1, v->name, id,
                            NULL, vals);
}

/* The passengers checked: characters of this context, ids in range. */
static int passengers_ok(cops_ctx *ctx, cops_d6_character *const *p, const int *ids, int n)
{
  int rc = cops__d6_range(ctx, "passengers", n, 0, PASSENGERS_MAX);
  if (rc)
    return rc;
  if (n && !p)
    return cops__fail(ctx, COPS_EINVAL, "passengers is NULL");
  for (int i = 0; i < n; i++) {
    if (!p[i] || p[i]->ctx != ctx)
      return cops__fail(ctx, COPS_EINVAL, "passengers[%d]: NULL or of another context", i);
    for (int j = 0; j < i; j++)
      if (p[j] == p[i])
        return cops__fail(ctx, COPS_EINVAL, "passengers[%d]: aboard twice", i);
    if (ids && (rc = cops__d6_range(ctx, "passenger id", ids[i], 0, 1000000)))
      return rc;
  }
  return COPS_OK;
}

/* Saved passengers for all or nothing (their copies from the context's allocator). */
typedef struct saved {
  cops_d6_character *copy;
  cops_d6_character *const *who;
  int n;
} saved;

static int save_passengers(cops_ctx *ctx, saved *s, cops_d6_character *const *p, int n)
{
  s->who = p;
  s->n = n;
  s->copy = NULL;
  if (!n)
    return COPS_OK;
  s->copy = cops__malloc(&ctx->alloc, (size_t)n * sizeof *s->copy);
  if (!s->copy)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for the passengers' state");
  for (int i = 0; i < n; i++)
    s->copy[i] = *p[i];
  return COPS_OK;
}

static void restore_passengers(cops_ctx *ctx, saved *s, int rc)
{
  for (int i = 0; rc && i < s->n; i++)
    *s->who[i] = s->copy[i];
  cops__free(&ctx->alloc, s->copy);
}

/* A procedure's state for all or nothing: its roll, the passengers, the log and the source
 * (and one character more, an attacker). */
typedef struct proc {
  cops_roll *roll;
  saved s;
  cops__d6_undo u;
} proc;

static int proc_begin(cops_ctx *ctx, proc *pr, cops_log *log, cops_d6_character *who,
                      cops_d6_character *const *p, int n)
{
  int rc = cops__roll_new(&pr->roll, &ctx->alloc);
  if (rc)
    return cops__fail(ctx, rc, "out of memory for a roll");
  if ((rc = save_passengers(ctx, &pr->s, p, n))) {
    cops_roll_free(pr->roll);
    return rc;
  }
  cops__d6_save(&pr->u, ctx, log, who, NULL);
  return COPS_OK;
}

/* rc after putting everything back when it is not 0. */
static int proc_end(cops_ctx *ctx, proc *pr, int rc)
{
  cops_roll_free(pr->roll);
  restore_passengers(ctx, &pr->s, rc);
  if ((rc = cops__d6_restore(&pr->u, ctx, rc)))
    return rc == COPS_ERNG ? cops__fail(ctx, rc, "the dice failed") : rc;
  return COPS_OK;
}

/* A light, heavy or severe result kept (the oldest folds away when the list is full). */
static void keep_result(cops_d6_vehicle *v, cops_d6_vehicle_damage d)
{
  if (v->ndamage == COPS_D6_VEHICLE_DAMAGE_MAX) {
    memmove(&v->damage[0], &v->damage[1], (COPS_D6_VEHICLE_DAMAGE_MAX - 1) * sizeof v->damage[0]);
    v->ndamage--;
  }
  v->damage[v->ndamage++] = d;
}

/* The damage total against v's Resistance and its effects (§5.17, D6-A25), its passengers
 * with it: inside a procedure that saved everything. */
static int hit_vehicle(cops_ctx *ctx, const cops_d6_rules *r, cops_roll *roll, cops_d6_vehicle *v,
                       int id, int damage_total, cops_d6_character *const *p, const int *ids,
                       int n, cops_log *log, cops_d6_vehicle_outcome *o)
{
  cops_d6_pool rp;
  cops_d6_pool_init(&rp, v->resistance);
  int res, rc = cops__d6_roll_named(ctx, roll, &rp, r, COPS__D6_NONE, COPS_D6_FOR_VEHICLE,
                                    v->name, id, log, &res);
  if (rc)
    return rc;
  const int margin = damage_total - res;                 /* D6-A10: above, not equal */
  o->damage_total = damage_total;
  o->resistance_total = res;
  o->margin = margin;
  o->result = margin <= 0 ? COPS_D6_NO_DAMAGE : margin <= 3 ? COPS_D6_VERY_LIGHT
              : margin <= 8 ? COPS_D6_LIGHT : margin <= 12 ? COPS_D6_HEAVY
              : margin <= 15 ? COPS_D6_SEVERE : COPS_D6_DESTROYED;
  switch (o->result) {
  case COPS_D6_VERY_LIGHT:
    v->very_light = 2;                                  /* this round and the next */
    break;
  case COPS_D6_LIGHT:
  case COPS_D6_HEAVY: {
    const int dice = o->result == COPS_D6_LIGHT ? 1 : 2;
    o->passenger_damage = 2 * dice;
    const int before = v->manoeuvrability.dice + cops_d6_vehicle_penalty(v);
    int ranks = 0;
    if (before - dice <= 0) {                           /* driven to 0D: the top speed drops */
      ranks = v->top_speed < dice ? v->top_speed : dice;
      v->top_speed -= ranks;
      if (v->speed > v->top_speed)
        v->speed = v->top_speed;
    }
    o->ranks_lost = ranks;
    keep_result(v, (cops_d6_vehicle_damage){o->result, dice, ranks});
    break;
  }
  case COPS_D6_SEVERE:
    keep_result(v, (cops_d6_vehicle_damage){COPS_D6_SEVERE, 0, 0});
    if (v->control == COPS_D6_CONTROLLED)
      v->control = COPS_D6_OUT_OF_CONTROL;              /* D6-A25: 2 levels a round */
    break;
  case COPS_D6_DESTROYED:
    v->control = COPS_D6_WRECKED;
    v->speed = COPS_D6_STOPPED;
    break;
  default:
    break;
  }
  if ((rc = vehicle_event(log, v, id, V_DAMAGE, o, NULL, -1)))
    return rc;
  for (int i = 0; i < n; i++) {
    const int pid = ids ? ids[i] : 100 + i;
    if (p[i]->w.level == COPS_D6_KILLED)
      continue;
    if (o->result == COPS_D6_DESTROYED)
      rc = cops__d6_kill(p[i], pid, log);                /* D6-A25: no roll */
    else if (o->passenger_damage) {
      cops_d6_outcome po;
      memset(&po, 0, sizeof po);
      po.check = -1;
      rc = cops__d6_harm_run(ctx, r, roll, p[i], pid, (cops_d6_code){o->passenger_damage, 0}, 0,
                             log, &po);
    }
    if (rc)
      return rc;
  }
  return COPS_OK;
}

static void outcome_put(cops_d6_vehicle_outcome *out, const cops_d6_vehicle_outcome *o)
{
  if (out) {
    const uint32_t size = out->size;
    memcpy(out, o, size);
    out->size = size;
  }
}

static int outcome_ok(cops_ctx *ctx, const cops_d6_vehicle_outcome *out)
{
  if (out && (out->size < sizeof(uint32_t) || out->size > sizeof *out))
    return cops__fail(ctx, COPS_EINVAL, "outcome size %u, expected %zu", (unsigned)out->size,
                      sizeof *out);
  return COPS_OK;
}

/* The common front: context entered by the caller; log, rules, vehicle, passengers. */
static int front(cops_ctx *ctx, const cops_log *log, const cops_d6_rules *given, cops_d6_rules *r,
                 const cops_d6_vehicle *v, cops_d6_vehicle *full, cops_d6_character *const *p,
                 const int *ids, int n, int id)
{
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  int rc;
  if ((rc = cops__d6_rules_in(ctx, given, r)) || (rc = cops__d6_vehicle_in(ctx, v, full)) ||
      (rc = passengers_ok(ctx, p, ids, n)) || (rc = cops__d6_range(ctx, "id", id, -1, 1000000)))
    return rc;
  return COPS_OK;
}

int cops_d6_vehicle_harm(cops_d6_vehicle_outcome *out, cops_ctx *ctx, cops_d6_vehicle *v, int id,
                         cops_d6_code damage, cops_d6_character *const *p, const int *ids, int n,
                         const cops_d6_rules *rules, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_d6_rules r;
  cops_d6_vehicle full;
  int rc = front(ctx, log, rules, &r, v, &full, p, ids, n, id);
  if (rc || (rc = outcome_ok(ctx, out)))
    return rc;
  if (!cops__d6_code_ok(damage))
    return cops__fail(ctx, COPS_ERANGE, "damage %dD+%d: dice 0..%d, pips 0..2", damage.dice,
                      damage.pips, COPS_D6_DICE_MAX);
  if (full.control == COPS_D6_WRECKED)
    return cops__fail(ctx, COPS_ERULE, "%s is wrecked", full.name);
  proc pr;
  if ((rc = proc_begin(ctx, &pr, log, NULL, p, n)))
    return rc;
  cops_roll *roll = pr.roll;
  cops_d6_vehicle_outcome o;
  memset(&o, 0, sizeof o);
  o.size = sizeof o;
  cops_d6_pool dp;
  cops_d6_pool_init(&dp, damage);
  dp.dice_mod = 0;
  int total;
  if (!(rc = cops__d6_roll_named(ctx, roll, &dp, &r, COPS__D6_NONE, COPS_D6_FOR_DAMAGE, NULL, -1,
                                 log, &total)))
    rc = hit_vehicle(ctx, &r, roll, &full, id, total, p, ids, n, log, &o);
  if ((rc = proc_end(ctx, &pr, rc)))
    return rc;
  vehicle_out(v, &full);
  outcome_put(out, &o);
  return COPS_OK;
}

int cops_d6_attack_vehicle(cops_d6_vehicle_outcome *out, cops_ctx *ctx, cops_d6_character *att,
                           int attacker_id, int weapon, int distance, int actions,
                           cops_d6_vehicle *v, int id, int dodge_total,
                           cops_d6_character *const *p, const int *ids, int n,
                           const cops_d6_rules *rules, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_d6_rules r;
  cops_d6_vehicle full;
  int rc = front(ctx, log, rules, &r, v, &full, p, ids, n, id);
  if (rc || (rc = outcome_ok(ctx, out)))
    return rc;
  if (!att || att->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the attacker is NULL or of another context");
  if ((rc = cops__d6_range(ctx, "attacker_id", attacker_id, -1, 1000000)) ||
      (rc = cops__d6_range(ctx, "distance", distance, 0, 100000)) ||
      (rc = cops__d6_range(ctx, "actions", actions, 1, 10)))
    return rc;
  if (dodge_total != COPS_D6_ROLL_DEFENCE && (rc = cops__d6_range(ctx, "dodge_total", dodge_total,
                                                                   -100, 1000)))
    return rc;
  if (weapon < -1 || weapon >= att->nweapons)
    return cops__fail(ctx, COPS_EINVAL, "weapon %d: -1 (bare hands) or the attacker's 0..%d",
                      weapon, att->nweapons - 1);
  if (!cops_d6_character_can_act(att) || att->w.defend_only)
    return cops__fail(ctx, COPS_ERULE, "%s cannot attack now", att->name);
  if (full.control == COPS_D6_WRECKED)
    return cops__fail(ctx, COPS_ERULE, "%s is wrecked", full.name);
  cops_d6_weapon fists;
  memset(&fists, 0, sizeof fists);
  snprintf(fists.name, sizeof fists.name, "bare hands");
  const cops_d6_weapon *w = weapon >= 0 ? &att->weapon[weapon] : &fists;
  const int ranged = w->category != COPS_D6_MELEE;
  int band = COPS_D6_NO_BAND;
  if (ranged && !w->vig_range) {                         /* §5.16: range as for anyone */
    if (distance > w->range[2])
      return cops__fail(ctx, COPS_ERULE, "%d m is beyond %s's long range, %d m (§5.4.1)",
                        distance, w->name, w->range[2]);
    band = cops__d6_band(distance, w->range);
  }
  proc pr;
  if ((rc = proc_begin(ctx, &pr, log, att, p, n)))
    return rc;
  cops_roll *roll = pr.roll;
  cops_d6_vehicle_outcome o;
  memset(&o, 0, sizeof o);
  o.size = sizeof o;
  /* The difficulty (§5.16, D6-A64): 10, or the driver's dodge in its place; range; scale. */
  const int value = (dodge_total != COPS_D6_ROLL_DEFENCE ? dodge_total : 10) +
                    cops__d6_band_points(band);
  const int diff = att->scale - full.scale;              /* §5.14 */
  const int skill = cops__d6_attack_skill(w, weapon >= 0);
  cops_d6_pool ap;
  cops_d6_pool_init(&ap, cops__d6_trait(att, skill));
  cops__d6_penalty(att, skill, &ap.dice_mod, &ap.points);
  ap.dice_mod += w->roll_dice;
  ap.points -= diff;
  ap.actions = actions;
  const int v6[COPS__PAYLOAD] = {COPS_D6_NO_OPTION, COPS_D6_ANYWHERE, ranged ? distance : 0,
                                 dodge_total != COPS_D6_ROLL_DEFENCE ? COPS_D6_ACTIVE
                                                                     : COPS_D6_NATURAL,
                                 dodge_total != COPS_D6_ROLL_DEFENCE ? COPS_D6_VEHICLE : -1, 0, 0};
  int total = 0;
  rc = cops__d6_log_named(log, COPS_D6_EV_ATTACK, att->name, attacker_id, full.name, id,
                          weapon >= 0 ? w->name : NULL, v6);
  if (!rc)
    rc = cops__d6_roll_logged(ctx, roll, &ap, &r, value, COPS_D6_FOR_ATTACK, att, attacker_id, log,
                              &total);
  if (!rc) {
    o.attack_total = total;
    o.defence_value = value;
    o.hit = total >= value;
    const int vr[COPS__PAYLOAD] = {total, value, band, o.hit, total - value, 0, 0};
    rc = cops__d6_log_named(log, COPS_D6_EV_RESULT, att->name, attacker_id, full.name, id,
                            weapon >= 0 ? w->name : NULL, vr);
  }
  if (!rc && o.hit) {
    cops_d6_pool dp;
    cops_d6_pool_init(&dp, cops__d6_damage_code(att, w, weapon >= 0));
    dp.dice_mod = cops__d6_gravity_dice(&r);
    dp.points = diff;
    int dtotal;
    if (!(rc = cops__d6_roll_logged(ctx, roll, &dp, &r, COPS__D6_NONE, COPS_D6_FOR_DAMAGE, att,
                                    attacker_id, log, &dtotal)))
      rc = hit_vehicle(ctx, &r, roll, &full, id, dtotal, p, ids, n, log, &o);
  }
  if ((rc = proc_end(ctx, &pr, rc)))
    return rc;
  vehicle_out(v, &full);
  outcome_put(out, &o);
  return COPS_OK;
}

int cops_d6_collision_code(const int *speeds, int n, int impact, cops_d6_code *out)
{
  if (!speeds || !out || n < 1 || n > 8 || impact < COPS_D6_SIDE_ON || impact > COPS_D6_INTO_OBJECT)
    return COPS_EINVAL;
  static const int impact_dice[4] = {0, 3, -3, -1};       /* §5.18 */
  int dice = impact_dice[impact];
  for (int i = 0; i < n; i++) {
    if (speeds[i] < COPS_D6_STOPPED || speeds[i] > COPS_D6_FLAT_OUT)
      return COPS_ERANGE;
    dice += 2 * speeds[i];
  }
  out->dice = dice > 0 ? dice : 0;                         /* D6-A62 */
  out->pips = 0;
  return COPS_OK;
}

int cops_d6_collision(cops_d6_vehicle_outcome *outs, cops_ctx *ctx, cops_d6_vehicle *const *v,
                      const int *ids, int n, int impact, cops_d6_character *const *p,
                      const int *pids, const int *counts, const cops_d6_rules *rules,
                      cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!v || n < 1 || n > 8)
    return cops__fail(ctx, COPS_EINVAL, "vehicles: 1 to 8");
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  cops_d6_rules r;
  int rc = cops__d6_rules_in(ctx, rules, &r);
  if (rc)
    return rc;
  if (impact < COPS_D6_SIDE_ON || impact > COPS_D6_INTO_OBJECT)
    return cops__fail(ctx, COPS_EINVAL, "impact %d: side-on, head-on, from behind or into an "
                      "object", impact);
  if (impact == COPS_D6_INTO_OBJECT && n != 1)
    return cops__fail(ctx, COPS_EINVAL, "a collision into an object has one vehicle");
  cops_d6_vehicle full[8];
  int speeds[9], total_p = 0;
  for (int i = 0; i < n; i++) {
    char where[24];
    snprintf(where, sizeof where, "vehicles[%d]", i);
    if ((rc = cops__d6_vehicle_in(ctx, v[i], &full[i])))
      return cops__prefix_error(ctx, rc, where);
    for (int j = 0; j < i; j++)
      if (v[j] == v[i])
        return cops__fail(ctx, COPS_EINVAL, "vehicles[%d]: in the collision twice", i);
    if (full[i].control == COPS_D6_WRECKED)
      return cops__fail(ctx, COPS_ERULE, "%s is wrecked", full[i].name);
    if (ids && (rc = cops__d6_range(ctx, "vehicle id", ids[i], 0, 1000000)))
      return rc;
    if (counts && (rc = cops__d6_range(ctx, "counts", counts[i], 0, PASSENGERS_MAX)))
      return rc;
    speeds[i] = full[i].speed;
    total_p += counts ? counts[i] : 0;
  }
  if ((rc = passengers_ok(ctx, p, pids, total_p)) || (rc = outcome_ok(ctx, outs)))
    return rc;
  for (int i = 0; outs && i < n; i++)
    if (outs[i].size != outs[0].size)
      return cops__fail(ctx, COPS_EINVAL, "outs[%d]: a size unlike outs[0]'s", i);
  cops_d6_code code;
  const int m = impact == COPS_D6_INTO_OBJECT ? 2 : n;    /* the object: Stopped, 0D */
  speeds[n] = COPS_D6_STOPPED;
  cops_d6_collision_code(speeds, m, impact, &code);
  proc pr;
  if ((rc = proc_begin(ctx, &pr, log, NULL, p, total_p)))
    return rc;
  cops_roll *roll = pr.roll;
  cops_d6_vehicle_outcome o[8];
  int first = 0;
  for (int i = 0; i < n && !rc; i++) {
    memset(&o[i], 0, sizeof o[i]);
    o[i].size = sizeof o[i];
    cops_d6_pool dp;
    cops_d6_pool_init(&dp, code);
    int total;
    const int vid = ids ? ids[i] : i, np = counts ? counts[i] : 0;
    if (!(rc = cops__d6_roll_named(ctx, roll, &dp, &r, COPS__D6_NONE, COPS_D6_FOR_DAMAGE, NULL,
                                   -1, log, &total)))
      rc = hit_vehicle(ctx, &r, roll, &full[i], vid, total, p ? p + first : NULL,
                       pids ? pids + first : NULL, np, log, &o[i]);
    if (!rc && full[i].control != COPS_D6_WRECKED) {
      full[i].speed = COPS_D6_STOPPED;                   /* the collision stops it */
      if (full[i].control == COPS_D6_OUT_OF_CONTROL)
        full[i].control = COPS_D6_CONTROLLED;
      rc = vehicle_event(log, &full[i], vid, V_STOP, NULL, NULL, -1);
    }
    first += np;
  }
  if ((rc = proc_end(ctx, &pr, rc)))
    return rc;
  for (int i = 0; i < n; i++) {
    vehicle_out(v[i], &full[i]);
    if (outs) {
      const uint32_t size = outs[0].size;
      cops_d6_vehicle_outcome *dst =
        (cops_d6_vehicle_outcome *)((char *)outs + (size_t)i * size);
      memcpy(dst, &o[i], size);
      dst->size = size;
    }
  }
  return COPS_OK;
}

int cops_d6_vehicle_end_round(cops_d6_vehicle *v)
{
  if (!v || v->size < VEHICLE_SIZE_0_16 || v->size > sizeof *v)
    return COPS_EINVAL;
  if (v->very_light > 0)
    v->very_light--;
  if (v->control == COPS_D6_OUT_OF_CONTROL) {              /* D6-A25: two levels a round */
    v->speed = v->speed > 2 ? v->speed - 2 : COPS_D6_STOPPED;
    if (v->speed == COPS_D6_STOPPED)
      v->control = COPS_D6_CONTROLLED;
  }
  return COPS_OK;
}

int cops_d6_vehicle_crash(cops_d6_vehicle_outcome *out, cops_ctx *ctx, cops_d6_vehicle *v, int id,
                          cops_d6_character *const *p, const int *ids, int n,
                          const cops_d6_rules *rules, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_d6_rules r;
  cops_d6_vehicle full;
  int rc = front(ctx, log, rules, &r, v, &full, p, ids, n, id);
  if (rc || (rc = outcome_ok(ctx, out)))
    return rc;
  if (full.control != COPS_D6_OUT_OF_CONTROL)
    return cops__fail(ctx, COPS_ERULE, "%s is not out of control: only a severe result's "
                      "loss of control ends in a crash (§5.17, D6-A25)", full.name);
  proc pr;
  if ((rc = proc_begin(ctx, &pr, log, NULL, p, n)))
    return rc;
  cops_roll *roll = pr.roll;
  cops_d6_vehicle_outcome o;
  memset(&o, 0, sizeof o);
  o.size = sizeof o;
  o.result = COPS_D6_SEVERE;
  o.passenger_damage = 6;                                 /* §5.17: 6D if it crashes */
  full.control = COPS_D6_CRASHED;
  full.speed = COPS_D6_STOPPED;
  rc = vehicle_event(log, &full, id, V_CRASH, &o, NULL, -1);
  for (int i = 0; i < n && !rc; i++) {
    if (p[i]->w.level == COPS_D6_KILLED)
      continue;
    cops_d6_outcome po;
    memset(&po, 0, sizeof po);
    po.check = -1;
    rc = cops__d6_harm_run(ctx, &r, roll, p[i], ids ? ids[i] : 100 + i, (cops_d6_code){6, 0}, 0,
                           log, &po);
  }
  if ((rc = proc_end(ctx, &pr, rc)))
    return rc;
  vehicle_out(v, &full);
  outcome_put(out, &o);
  return COPS_OK;
}

int cops_d6_repair(int *ok, cops_ctx *ctx, cops_d6_character *mech, int mech_id, cops_d6_code skill,
                   cops_d6_vehicle *v, int id, int index, unsigned flags,
                   const cops_d6_rules *rules, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_d6_rules r;
  cops_d6_vehicle full;
  int rc = front(ctx, log, rules, &r, v, &full, NULL, NULL, 0, id);
  if (rc)
    return rc;
  if (!mech || mech->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the mechanic is NULL or of another context");
  if (!cops__d6_code_ok(skill) || skill.dice > COPS__D6_TRAIT_DICE_MAX)
    return cops__fail(ctx, COPS_ERANGE, "skill %dD+%d: dice 0..%d, pips 0..2", skill.dice,
                      skill.pips, COPS__D6_TRAIT_DICE_MAX);
  if ((rc = cops__d6_range(ctx, "mechanic_id", mech_id, -1, 1000000)))
    return rc;
  if (flags & ~(COPS_D6_WORKSHOP | COPS_D6_TOOLS | COPS_D6_UNKNOWN | COPS_D6_STUDIED))
    return cops__fail(ctx, COPS_EINVAL, "flags: unknown bits 0x%x", flags);
  if ((flags & COPS_D6_UNKNOWN) && (flags & COPS_D6_STUDIED))
    return cops__fail(ctx, COPS_EINVAL, "flags: unknown and studied exclude each other (D6-A37)");
  if (full.control == COPS_D6_WRECKED)
    return cops__fail(ctx, COPS_ERULE, "%s is wrecked: it cannot be repaired (D6-A37)",
                      full.name);
  if (index < 0 || index >= full.ndamage)
    return cops__fail(ctx, COPS_ERANGE, "index %d: the vehicle has %d damage results", index,
                      full.ndamage);
  if (!cops_d6_character_can_act(mech))
    return cops__fail(ctx, COPS_ERULE, "%s cannot act", mech->name);
  const cops_d6_vehicle_damage d = full.damage[index];
  int difficulty = d.result == COPS_D6_LIGHT ? 10 : d.result == COPS_D6_HEAVY ? 15 : 20;   /* §6.5 */
  difficulty += flags & COPS_D6_WORKSHOP ? -10 : flags & COPS_D6_TOOLS ? -5 : 0;            /* D6-A37 */
  difficulty += flags & COPS_D6_UNKNOWN ? 10 : flags & COPS_D6_STUDIED ? 5 : 0;
  cops_roll *roll;
  if ((rc = cops__roll_new(&roll, &ctx->alloc)))
    return cops__fail(ctx, rc, "out of memory for a roll");
  cops__d6_undo u;
  cops__d6_save(&u, ctx, log, mech, NULL);
  cops_d6_pool p;
  cops_d6_pool_init(&p, skill);
  int dpen, ppen;
  cops__d6_penalty(mech, COPS_D6_VEHICLE, &dpen, &ppen);   /* the wound's, a hurt arm's */
  p.dice_mod = dpen;
  int total;
  rc = cops__d6_roll_logged(ctx, roll, &p, &r, difficulty > 1 ? difficulty : 1,
                            COPS_D6_FOR_REPAIR, mech, mech_id, log, &total);
  cops_roll_free(roll);
  const int success = !rc && total >= (difficulty > 1 ? difficulty : 1);
  cops_d6_vehicle_outcome o;
  memset(&o, 0, sizeof o);
  o.result = d.result;
  if (success) {
    full.top_speed += d.ranks;
    if (full.top_speed > COPS_D6_FLAT_OUT)
      full.top_speed = COPS_D6_FLAT_OUT;
    memmove(&full.damage[index], &full.damage[index + 1],
            (size_t)(full.ndamage - index - 1) * sizeof full.damage[0]);
    full.ndamage--;
    if (d.result == COPS_D6_SEVERE && full.control == COPS_D6_CRASHED)
      full.control = COPS_D6_CONTROLLED;
  }
  if (!rc && success)
    rc = vehicle_event(log, &full, id, V_REPAIR, &o, mech->name, mech_id);
  if ((rc = cops__d6_restore(&u, ctx, rc)))
    return rc == COPS_ERNG ? cops__fail(ctx, rc, "the dice failed") : rc;
  vehicle_out(v, &full);
  if (ok)
    *ok = success;
  return COPS_OK;
}
