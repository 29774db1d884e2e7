/* The Storyteller rolls around a fight (OTHER-SYSTEMS.md ST §2, §3, §4, §5.2, §5.8,
 * §6.15; ST-A9, ST-A10, ST-A12, ST-A13, ST-A17, ST-A34, ST-A35; ST-M7, ST-M11,
 * ST-M16, ST-M17). Each all or nothing. */
#include <string.h>

#include "st/st-private.h"
#include "log/log.h"
#include "st-private.h"

#define OBJECT_SIZE_0_15 sizeof(cops_st_object)

void cops__st_save(cops__st_undo *u, cops_ctx *ctx, cops_log *log, cops_st_character *const *who,
                   int n)
{
  u->n = 0;
  for (int k = 0; k < n && u->n < 9; k++)
    if (who[k]) {
      u->who[u->n] = who[k];
      u->copy[u->n++] = *who[k];
    }
  u->log = log;
  cops__log_mark(log, &u->log_mark);
  cops__rng_mark(ctx, &u->rng_mark);
}

int cops__st_restore(const cops__st_undo *u, cops_ctx *ctx, int rc)
{
  if (!rc)
    return COPS_OK;
  for (int k = 0; k < u->n; k++)
    *u->who[k] = u->copy[k];
  cops__log_rewind(u->log, &u->log_mark);
  cops__rng_rewind(ctx, &u->rng_mark);
  return rc;
}

/* The front of every procedure: the context entered, the character and the rules checked,
 * a log of this context. */
static int front(cops_ctx *ctx, const cops_st_character *ch, const cops_st_rules *given,
                 cops_st_rules *r, const cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!ch)
    return cops__fail(ctx, COPS_EINVAL, "character is NULL");
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  return cops__st_rules_in(ctx, given, r);
}

int cops__st_pool_roll(cops_ctx *ctx, const cops_st_rules *r, int dice, int mod, int mode,
                       int purpose, cops_st_character *ch, int id, cops_log *log, int *pool,
                       int *successes)
{
  cops_st_pool p;
  cops__st_pool_default(&p, dice < 0 ? 0 : dice > COPS_DICE_MAX ? COPS_DICE_MAX : dice);
  p.mod = mod < -COPS_ST_MOD_MAX ? -COPS_ST_MOD_MAX : mod > COPS_ST_MOD_MAX ? COPS_ST_MOD_MAX : mod;
  if (p.dice + p.mod > COPS_DICE_MAX)
    p.mod = COPS_DICE_MAX - p.dice;
  p.threshold = r->threshold;
  p.again = r->again;
  p.mode = mode;
  p.flags = r->chance_die ? 0 : COPS_ST_NO_CHANCE;
  cops__st_effective e;
  cops_roll *roll = NULL;
  int rc = cops__st_pool_check(ctx, &p, &e);
  if (!rc && cops__roll_new(&roll, &ctx->alloc))
    rc = cops__fail(ctx, COPS_ENOMEM, "out of memory for a roll");
  if (!rc && !(rc = cops__st_roll_checked(roll, ctx, &e)) &&
      !(rc = cops__st_log_roll(log, roll, purpose, ch, id))) {
    *successes = cops_st_roll_successes(roll);
    if (pool)
      *pool = e.pool;
  }
  cops_roll_free(roll);
  return rc;
}

static int dex_less_armour(const cops_st_character *ch)
{
  const int d = ch->trait[COPS_ST_DEXTERITY] - ch->armour;
  return d > 0 ? d : 0;
}

/* ---- initiative (§5.2, ST-A13) ------------------------------------------------------- */

static int initiative_score(const cops_st_character *ch, const cops_st_rules *r)
{
  const int s = cops__st_derived(ch, r, COPS_ST_INITIATIVE) - ch->armour;   /* ST-A32 */
  return s > 0 ? s : 0;
}

int cops_st_initiative(cops_ctx *ctx, cops_st_character *ch, const cops_st_rules *rules, int id,
                       int *die, int *total, cops_log *log)
{
  cops_st_rules r;
  int rc = front(ctx, ch, rules, &r, log);
  if (rc)
    return rc;
  if (!total)
    return cops__fail(ctx, COPS_EINVAL, "total is NULL");
  cops__st_undo s;
  cops__st_save(&s, ctx, log, (cops_st_character *const[]){NULL, NULL}, 2);
  int d = 0;
  const int score = initiative_score(ch, &r);
  if (!(rc = cops__d10(ctx, &d))) {
    const int v[COPS__PAYLOAD] = {d, score, d + score};
    rc = cops__st_log_event(log, COPS_ST_EV_INITIATIVE, ch, id, NULL, -1, NULL, v);
  }
  if ((rc = cops__st_restore(&s, ctx, rc)))
    return rc == COPS_ERNG ? cops__fail(ctx, rc, "the dice failed") : rc;
  if (die)
    *die = d;
  *total = d + score;
  return COPS_OK;
}

int cops_st_initiative_order(cops_ctx *ctx, cops_st_character *const *chars, const int *totals,
                             int n, const cops_st_rules *rules, int *order)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!chars || !totals || !order)
    return cops__fail(ctx, COPS_EINVAL, "NULL argument to cops_st_initiative_order");
  cops_st_rules r;
  int rc = cops__st_rules_in(ctx, rules, &r);
  if (rc || (rc = cops__st_range(ctx, "n", n, 1, 64)))
    return rc;
  int score[64], key[64], off[64];
  for (int i = 0; i < n; i++) {
    if (!chars[i])
      return cops__fail(ctx, COPS_EINVAL, "character %d is NULL", i);
    score[i] = initiative_score(chars[i], &r);
    key[i] = i;
    off[i] = 0;
  }
  cops__rng_mark_t m;
  cops__rng_mark(ctx, &m);
  /* Sort by (total, score); then roll off among each run of equals, again until the
   * roll-off separates them (a d10 each, in the order of the indices). */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0; j--) {
      const int a = key[j - 1], b = key[j];
      if (totals[a] > totals[b] || (totals[a] == totals[b] && score[a] >= score[b]))
        break;
      key[j - 1] = b;
      key[j] = a;
    }
  /* Runs still tied, each rolled off again on its own until no two dice are equal. */
  int stack[64][2], sp = 0;
  for (int i = 0; i < n;) {
    int e = i + 1;
    while (e < n && totals[key[e]] == totals[key[i]] && score[key[e]] == score[key[i]])
      e++;
    if (e - i > 1) {
      stack[sp][0] = i;
      stack[sp++][1] = e;
    }
    i = e;
  }
  while (sp > 0) {
    const int lo = stack[--sp][0], hi = stack[sp][1];
    for (int k = lo; k < hi; k++) {
      int d;
      if ((rc = cops__d10(ctx, &d))) {
        cops__rng_rewind(ctx, &m);
        return cops__fail(ctx, rc, "the dice of a roll-off failed");
      }
      off[key[k]] = d;
    }
    for (int k = lo + 1; k < hi; k++)   /* higher first; stable */
      for (int j = k; j > lo && off[key[j - 1]] < off[key[j]]; j--) {
        const int t = key[j - 1];
        key[j - 1] = key[j];
        key[j] = t;
      }
    for (int i = lo; i < hi;) {
      int e = i + 1;
      while (e < hi && off[key[e]] == off[key[i]])
        e++;
      if (e - i > 1) {
        stack[sp][0] = i;
        stack[sp++][1] = e;
      }
      i = e;
    }
  }
  memcpy(order, key, (size_t)n * sizeof *order);
  return COPS_OK;
}

/* ---- total defence (§5.8) and non-combatants (§2) ----------------------------------- */

int cops_st_total_defense(cops_ctx *ctx, cops_st_character *ch, const cops_st_rules *rules,
                          int id, int *successes, cops_log *log)
{
  cops_st_rules r;
  int rc = front(ctx, ch, rules, &r, log);
  if (rc)
    return rc;
  if (!successes)
    return cops__fail(ctx, COPS_EINVAL, "successes is NULL");
  cops__st_undo s;
  cops__st_save(&s, ctx, log, (cops_st_character *const[]){NULL, NULL}, 2);
  int k = 0;
  rc = cops__st_pool_roll(ctx, &r, dex_less_armour(ch) + ch->trait[COPS_ST_ATHLETICS],
                 cops__st_wound_penalty(ch, &r), COPS_ST_DICE, COPS_ST_ROLL_TOTAL_DEFENSE, ch, id,
                 log, NULL, &k);
  if ((rc = cops__st_restore(&s, ctx, rc)))
    return rc;
  *successes = k;
  return COPS_OK;
}

static int log_nerve(cops_log *log, cops_st_character *ch, int id, int nerve, int damage)
{
  const int v[COPS__PAYLOAD] = {nerve, damage};
  return cops__st_log_event(log, COPS_ST_EV_NERVE, ch, id, NULL, -1, NULL, v);
}

/* One Willpower point spent, if there is one. */
static int spend_willpower(cops_st_character *ch, const cops_st_rules *r)
{
  const int max = cops__st_derived(ch, r, COPS_ST_WILLPOWER_MAX);
  const int cur = ch->willpower < 0 || ch->willpower > max ? max : ch->willpower;
  if (cur <= 0)
    return 0;
  ch->willpower = cur - 1;
  return 1;
}

int cops_st_nerve(cops_ctx *ctx, cops_st_character *ch, const cops_st_rules *rules, int id,
                  int spend, int *nerve, cops_log *log)
{
  cops_st_rules r;
  int rc = front(ctx, ch, rules, &r, log);
  if (rc)
    return rc;
  if (!nerve)
    return cops__fail(ctx, COPS_EINVAL, "nerve is NULL");
  cops__st_undo s;
  cops__st_save(&s, ctx, log, (cops_st_character *const[]){ch, NULL}, 2);
  int out = COPS_ST_ACTS, k = 0;
  if (!cops__st_is_combatant(ch, &r) &&
      !(rc = cops__st_pool_roll(ctx, &r, ch->trait[COPS_ST_RESOLVE] + ch->trait[COPS_ST_COMPOSURE],
                       cops__st_wound_penalty(ch, &r), COPS_ST_DICE, COPS_ST_ROLL_NERVE, ch, id,
                       log, NULL, &k)) &&
      k == 0)
    out = spend && spend_willpower(ch, &r) ? COPS_ST_SPENT : COPS_ST_RESTRICTED;
  if (!rc)
    rc = log_nerve(log, ch, id, out, 0);
  if ((rc = cops__st_restore(&s, ctx, rc)))
    return rc;
  *nerve = out;
  return COPS_OK;
}

int cops_st_injury(cops_st_character *ch, const cops_st_rules *rules, int id, int damage,
                   int spend, int *nerve, cops_log *log)
{
  if (!ch)
    return COPS_EINVAL;
  cops_ctx *ctx = ch->ctx;
  cops_st_rules r;
  int rc = front(ctx, ch, rules, &r, log);
  if (rc || (rc = cops__st_range(ctx, "damage", damage, 0, 100)))
    return rc;
  if (!nerve)
    return cops__fail(ctx, COPS_EINVAL, "nerve is NULL");
  cops__st_undo s;
  cops__st_save(&s, ctx, log, (cops_st_character *const[]){ch, NULL}, 2);
  int out = COPS_ST_ACTS;
  if (!cops__st_is_combatant(ch, &r) && damage > ch->trait[COPS_ST_RESOLVE])
    out = spend && spend_willpower(ch, &r) ? COPS_ST_SPENT : COPS_ST_OUT;
  rc = log_nerve(log, ch, id, out, damage);
  if ((rc = cops__st_restore(&s, ctx, rc)))
    return rc;
  *nerve = out;
  return COPS_OK;
}

/* ---- overwhelming odds (§4) and non-dramatic fights (§3) ------------------------------ */

int cops_st_overwhelming(int a, int b)
{
  if (a < 0 || b < 0 || a > 128 || b > 128)
    return COPS_ERANGE;
  return a >= 2 * b;   /* ST-A10: exactly twice qualifies */
}

static int bout_pool(const cops_st_character *ch, int given)
{
  return given >= 0 ? given
                    : ch->trait[COPS_ST_STRENGTH] + ch->trait[COPS_ST_VIGOR] + ch->trait[COPS_ST_BRAWL];
}

int cops_st_bout(cops_ctx *ctx, cops_st_character *a, cops_st_character *b,
                 const cops_st_rules *rules, int pool_a, int pool_b, int damage, int *winner,
                 cops_log *log)
{
  cops_st_rules r;
  int rc = front(ctx, a, rules, &r, log);
  if (rc)
    return rc;
  if (!b || a == b)
    return cops__fail(ctx, COPS_EINVAL, "a bout needs two characters");
  if (!winner)
    return cops__fail(ctx, COPS_EINVAL, "winner is NULL");
  if ((rc = cops__st_range(ctx, "pool_a", pool_a, -1, COPS_DICE_MAX)) ||
      (rc = cops__st_range(ctx, "pool_b", pool_b, -1, COPS_DICE_MAX)) ||
      (rc = cops__st_range(ctx, "damage", damage, 0, 1)))
    return rc;
  cops__st_undo s;
  cops__st_save(&s, ctx, log, (cops_st_character *const[]){a, b}, 2);
  int ka = 0, kb = 0;
  if (!(rc = cops__st_pool_roll(ctx, &r, bout_pool(a, pool_a), cops__st_wound_penalty(a, &r),
                       COPS_ST_DICE, COPS_ST_ROLL_BOUT, a, 0, log, NULL, &ka)))
    rc = cops__st_pool_roll(ctx, &r, bout_pool(b, pool_b), cops__st_wound_penalty(b, &r), COPS_ST_DICE,
                   COPS_ST_ROLL_BOUT, b, 1, log, NULL, &kb);
  const int w = ka > kb ? COPS_ST_ATTACKER : kb > ka ? COPS_ST_DEFENDER : COPS_ST_NOBODY;
  /* ST-A9: each side takes bashing equal to the other's successes. */
  const int to_a = damage ? kb : 0, to_b = damage ? ka : 0;
  if (!rc) {
    const int v[COPS__PAYLOAD] = {w, ka > kb ? ka - kb : kb - ka, to_a, to_b};
    rc = cops__st_log_event(log, COPS_ST_EV_BOUT, a, 0, b, 1, NULL, v);
  }
  const struct { cops_st_character *who; int boxes, id; } hurt[2] = {{a, to_a, 0}, {b, to_b, 1}};
  for (int k = 0; !rc && k < 2; k++)
    if (hurt[k].boxes > 0) {
      int ig, cv, bb, ll;
      const int st = cops__st_take(hurt[k].who, &r, hurt[k].boxes, COPS_ST_BASHING, 0, &ig, &cv,
                                   &bb, &ll);
      const int v[COPS__PAYLOAD] = {hurt[k].boxes, COPS_ST_BASHING, ig, cv, bb, ll, st};
      rc = cops__st_log_event(log, COPS_ST_EV_DAMAGE, NULL, -1, hurt[k].who, hurt[k].id, NULL, v);
    }
  if ((rc = cops__st_restore(&s, ctx, rc)))
    return rc;
  *winner = w;
  return COPS_OK;
}

/* ---- objects (§6.15, ST-A34, ST-A35) ------------------------------------------------- */

int cops_st_object_init_sized(cops_st_object *o, size_t size, const char *name, int durability,
                              int boxes)
{
  if (!o || size < OBJECT_SIZE_0_15 || size > sizeof *o || !name)
    return COPS_EINVAL;
  const size_t len = strlen(name);
  if (len == 0 || len >= sizeof o->name || !cops__clean_text(name) || durability < 0 ||
      durability > 10 || boxes < 1 || boxes > 100)
    return durability < 0 || durability > 10 || boxes < 1 || boxes > 100 ? COPS_ERANGE
                                                                          : COPS_EINVAL;
  cops_st_object full;
  memset(&full, 0, sizeof full);
  full.size = (uint32_t)size;
  memcpy(full.name, name, len + 1);
  full.durability = durability;
  full.boxes = boxes;
  memcpy(o, &full, size);
  return COPS_OK;
}

int cops_st_object_strike(cops_st_object *o, cops_ctx *ctx, cops_st_character *ch,
                          const cops_st_rules *rules, int id, int weapon, int dice, int mode,
                          int *successes, cops_log *log)
{
  cops_st_rules r;
  int rc = front(ctx, ch, rules, &r, log);
  if (rc)
    return rc;
  if (!o)
    return cops__fail(ctx, COPS_EINVAL, "object is NULL");
  if (o->size < OBJECT_SIZE_0_15 || o->size > sizeof *o)
    return cops__fail(ctx, COPS_EINVAL, "object size %u, expected %zu (cops_st_object_init)",
                      (unsigned)o->size, sizeof *o);
  if ((rc = cops__st_range(ctx, "durability", o->durability, 0, 10)) ||
      (rc = cops__st_range(ctx, "boxes", o->boxes, 1, 100)) ||
      (rc = cops__st_range(ctx, "damage", o->damage, 0, 100)) ||
      (rc = cops__st_range(ctx, "failure_damage", o->failure_damage, 0, 10)) ||
      (rc = cops__st_range(ctx, "dice", dice, -1, COPS_DICE_MAX)))
    return rc;
  if (mode != COPS_ST_DICE && mode != COPS_ST_AVERAGE)
    return cops__fail(ctx, COPS_EINVAL, "mode %d: dice or average (ST-A35)", mode);
  if (o->damage >= o->boxes)
    return cops__fail(ctx, COPS_ESTATE, "%s is broken already", o->name);
  cops_st_weapon w;
  if (weapon == -1) {
    cops__st_fists(&w);
  } else if (weapon < 0 || weapon >= ch->nweapons) {
    return cops__fail(ctx, COPS_EINVAL, "weapon %d: %s carries %d (-1: bare hands)", weapon,
                      ch->name, ch->nweapons);
  } else {
    w = ch->weapon[weapon];
  }
  const int effective = o->durability - w.damage > 0 ? o->durability - w.damage : 0;
  const int pool = dice >= 0 ? dice : ch->trait[COPS_ST_STRENGTH] + ch->trait[COPS_ST_VIGOR];
  cops__st_undo s;
  cops__st_save(&s, ctx, log, (cops_st_character *const[]){ch, NULL}, 2);
  int k = 0;
  cops_st_object after = *o;
  rc = cops__st_pool_roll(ctx, &r, pool, cops__st_wound_penalty(ch, &r) - effective, mode,
                 COPS_ST_ROLL_OBJECT, ch, id, log, NULL, &k);
  if (!rc) {
    after.damage = o->damage + k > 100 ? 100 : o->damage + k;
    const int v[COPS__PAYLOAD] = {k, after.damage, o->boxes, after.damage >= o->boxes,
                                  effective};
    rc = cops__st_log_event(log, COPS_ST_EV_OBJECT, ch, id, NULL, -1, o->name, v);
  }
  if (!rc && k == 0 && o->failure_damage > 0) {   /* ST-A34: straining hurts */
    int ig, cv, bb, ll;
    const int st = cops__st_take(ch, &r, o->failure_damage, COPS_ST_BASHING, 0, &ig, &cv, &bb,
                                 &ll);
    const int v[COPS__PAYLOAD] = {o->failure_damage, COPS_ST_BASHING, ig, cv, bb, ll, st};
    rc = cops__st_log_event(log, COPS_ST_EV_DAMAGE, NULL, -1, ch, id, NULL, v);
  }
  if ((rc = cops__st_restore(&s, ctx, rc)))
    return rc;
  *o = after;
  if (successes)
    *successes = k;
  return COPS_OK;
}
