/* One attack, resolved completely under the core rules (COPS.md C6.1-C6.4,
 * C8.1-C8.3, C10, C11). Procedures sit behind a rules table (DESIGN.md
 * section 1) so that the alternative rules (section A) can fill a second
 * one. Draw order of every procedure: docs/randomness.md. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "log.h"

#define HITS_INITIAL 16

struct cops_outcome {
  int mode;                 /* -1: empty */
  int possible, hit_target, margin, fired, hits;
  cops_roll *roll[COPS_OUTCOME_ROLL_COUNT];
  cops_roll *pu, *armour, *bonus;           /* scratch rolls of one bullet's damage */
  cops_hit *hit;
  int nhit, hit_capacity;
  cops_victim victim[2];
  int nvictim;
  /* Covering fire, for cops_cover_enter(). */
  int cover_pu, cover_fa, cover_success;
  int cover_shooter_id, cover_target_id;
  char cover_shooter[COPS_NAME_MAX + 1];
  /* The parties of the procedure under way: events name them by these ids. */
  const cops_character *cast[2];
  int cast_id[2];
  int cast_off[2];          /* their names in the log (-1 none); cast_interned: set */
  int cast_interned;
  int logging;              /* the procedure under way has a log */
  int busy, misuse;         /* resolved into while a random callback runs */
  cops_allocator alloc;
};

/* Who an event names: for display, and by id (-1 none). A party of the
 * procedure under way has its name already in the log (interned, at off). */
struct party {
  const char *name;
  int id;
  int interned, off;
};
static const struct party NOBODY = {NULL, -1, 1, -1};

/* ---- names ------------------------------------------------------------ */

static const char *const attitude_names[5][2] = {
  {"Planqué", "Under cover"}, {"Prudent", "Careful"}, {"Normal", "Normal"},
  {"Agressif", "Aggressive"}, {"Ultra-violent", "Ultra-violent"},
};

const char *cops_attitude_name(int attitude, int lang)
{
  if (attitude < -2 || attitude > 2 || lang < 0 || lang > 1)
    return NULL;
  return attitude_names[attitude + 2][lang];
}

int cops_attitude_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  for (int a = -2; a <= 2; a++)
    for (int lang = 0; lang < 2; lang++)
      if (cops__names_match(text, strlen(text), attitude_names[a + 2][lang])) {
        *out = a;
        return COPS_OK;
      }
  static const char *const numbers[5] = {"-2", "-1", "0", "+1", "+2"};
  static const char *const bare[5] = {"-2", "-1", "+0", "1", "2"};
  for (int a = 0; a < 5; a++)
    if (!strcmp(text, numbers[a]) || !strcmp(text, bare[a])) {
      *out = a - 2;
      return COPS_OK;
    }
  return COPS_ENOTFOUND;
}

int cops_initiative_range(int reflexes, int *lowest, int *highest)
{
  if (reflexes < 1 || reflexes > 5)
    return COPS_ERANGE;
  /* C6: Réflexes 1 gives +2, each point more one step lower. */
  if (lowest)
    *lowest = 3 - reflexes;
  if (highest)
    *highest = 2;
  return COPS_OK;
}

static const char *const zone_names[COPS_ZONE_COUNT][2] = {
  {"jambes", "legs"}, {"abdomen", "abdomen"}, {"torse", "torso"}, {"bras", "arms"},
  {"tête", "head"},
};

const char *cops_zone_name(int zone, int lang)
{
  if (zone < 0 || zone >= COPS_ZONE_COUNT || lang < 0 || lang > 1)
    return NULL;
  return zone_names[zone][lang];
}

int cops_zone_of_die(int d10)
{
  const int z = cops__core_zone(d10);
  return z < 0 ? COPS_ERANGE : z;
}

int cops_zone_modifier(int zone)
{
  if (zone < 0 || zone >= COPS_ZONE_COUNT)
    return COPS_ERANGE;
  return cops__core_zone_modifier(zone);
}

const char *cops_stopping_name(int result, int lang)
{
  static const char *const names[3][2] = {
    {"encaisse (pas d'initiative négative au prochain tour)",
     "steady (no negative initiative next round)"},
    {"sonné (-1 dé aux actions physiques, pas d'initiative négative au prochain tour)",
     "shaken (-1 die to physical actions, no negative initiative next round)"},
    {"hors de combat", "out of the fight"},
  };
  if (result < 0 || result > 2 || lang < 0 || lang > 1)
    return NULL;
  return names[result][lang];
}

static const char *const mode_names[COPS_ATTACK_MODE_COUNT] = {
  "single", "burst", "cover", "melee", "strike", "hold", "throw", "escape",
};

const char *cops_attack_mode_name(int mode)
{
  return mode >= 0 && mode < COPS_ATTACK_MODE_COUNT ? mode_names[mode] : NULL;
}

int cops_attack_mode_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  const int m = cops__name_index(text, mode_names, COPS_ATTACK_MODE_COUNT);
  if (m < 0)
    return COPS_ENOTFOUND;
  *out = m;
  return COPS_OK;
}

/* ---- the outcome ---------------------------------------------------------- */

int cops__outcome_new(cops_outcome **out, const cops_allocator *a)
{
  *out = NULL;
  cops_outcome *o = cops__calloc(a, sizeof *o);
  if (!o)
    return COPS_ENOMEM;
  o->alloc = *a;
  int bad = 0;
  for (int i = 0; i < COPS_OUTCOME_ROLL_COUNT; i++)
    bad |= cops__roll_new(&o->roll[i], a);
  bad |= cops__roll_new(&o->pu, a) | cops__roll_new(&o->armour, a) |
         cops__roll_new(&o->bonus, a);
  o->hit = cops__malloc(a, HITS_INITIAL * sizeof *o->hit);
  if (bad || !o->hit) {
    cops_outcome_free(o);
    return COPS_ENOMEM;
  }
  o->hit_capacity = HITS_INITIAL;
  o->mode = -1;
  *out = o;
  return COPS_OK;
}

int cops_outcome_new(cops_outcome **out)
{
  return out ? cops__outcome_new(out, &cops__std_alloc) : COPS_EINVAL;
}

int cops_outcome_new_in(cops_outcome **out, cops_ctx *ctx)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  int rc = cops__outcome_new(out, &ctx->alloc);
  return rc ? cops__fail(ctx, rc, "out of memory for an outcome") : COPS_OK;
}

void cops_outcome_free(cops_outcome *o)
{
  if (!o)
    return;
  if (o->busy) {
    o->misuse = 1;     /* freed from the random callback of the attack filling it: refused */
    return;
  }
  for (int i = 0; i < COPS_OUTCOME_ROLL_COUNT; i++)
    cops_roll_free(o->roll[i]);
  cops_roll_free(o->pu);
  cops_roll_free(o->armour);
  cops_roll_free(o->bonus);
  const cops_allocator a = o->alloc;
  cops__free(&a, o->hit);
  cops__free(&a, o);
}

static void outcome_reset(cops_outcome *o, int mode)
{
  o->mode = mode;
  o->possible = 1;
  o->hit_target = o->margin = o->fired = o->hits = 0;
  o->nhit = o->nvictim = 0;
  o->cover_success = o->cover_pu = o->cover_fa = 0;
  o->cover_shooter[0] = '\0';
  for (int i = 0; i < COPS_OUTCOME_ROLL_COUNT; i++)
    cops__roll_clear(o->roll[i]);
}

static int outcome_fail(cops_outcome *o, int rc)
{
  outcome_reset(o, -1);
  return rc;
}

static cops_hit *new_hit(cops_outcome *o, cops_ctx *ctx)
{
  if (o->nhit == o->hit_capacity) {
    cops_hit *h = cops__realloc(&o->alloc, o->hit, 2 * (size_t)o->hit_capacity * sizeof *h);
    if (!h) {
      cops__fail(ctx, COPS_ENOMEM, "out of memory for the hits of an attack");
      return NULL;
    }
    o->hit = h;
    o->hit_capacity *= 2;
  }
  cops_hit *h = &o->hit[o->nhit++];
  memset(h, 0, sizeof *h);
  h->size = sizeof *h;
  return h;
}

/* The record of what the attack does to ch (victim 0 or 1). */
static cops_victim *victim_of(cops_outcome *o, const cops_character *ch)
{
  for (int i = 0; i < o->nvictim; i++)
    if (o->victim[i].who == ch)
      return &o->victim[i];
  cops_victim *v = &o->victim[o->nvictim++];
  memset(v, 0, sizeof *v);
  v->size = sizeof *v;
  v->who = ch;
  cops_character_hp(ch, &v->hp_before);
  v->hp_after = v->hp_before;
  v->health_before = v->health_after = cops__health(ch);
  v->stopping = COPS_STOP_NONE;
  return v;
}

/* ---- events --------------------------------------------------------------- */

static const char *name_of(const cops_character *ch)
{
  return ch ? cops_character_name(ch) : NULL;
}

/* A party of the procedure under way, by its character. */
static COPS_INLINE struct party party(const cops_outcome *o, const cops_character *ch)
{
  if (!o->logging)
    return NOBODY;        /* parties only name events */
  struct party p = {name_of(ch), -1, !ch, -1};
  for (int i = 0; ch && i < 2; i++)
    if (ch == o->cast[i]) {
      p.id = o->cast_id[i];
      p.interned = o->cast_interned;
      p.off = o->cast_off[i];
    }
  return p;
}

/* The parties of the procedure, their names put in the log once for all its
 * events. COPS_ENOMEM when the log cannot take them. */
static int cast(cops_outcome *o, cops_log *log, const cops_character *a, int aid,
                const cops_character *b, int bid)
{
  o->cast[0] = a;
  o->cast_id[0] = aid;
  o->cast[1] = b;
  o->cast_id[1] = bid;
  o->cast_interned = 0;
  o->logging = log != NULL;
  if (!log)
    return COPS_OK;
  for (int i = 0; i < 2; i++)
    if ((o->cast_off[i] = cops__log_name(log, name_of(o->cast[i]))) == -2)
      return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
  o->cast_interned = 1;
  return COPS_OK;
}

static COPS_INLINE int push(cops_log *log, const cops_event *e, struct party actor, struct party target,
                const char *weapon, const cops_roll *roll);

static COPS_INLINE int ev_roll(cops_log *log, int purpose, struct party actor, struct party target,
                   const cops_roll *roll)
{
  if (!log)
    return COPS_OK;
  if (actor.interned && target.interned)
    return cops__log_push_roll(log, purpose, actor.off, actor.id, target.off, target.id, roll);
  cops_event e = {0};
  e.purpose = purpose;
  return push(log, &e, actor, target, NULL, roll);
}

static COPS_INLINE int push(cops_log *log, const cops_event *e, struct party actor, struct party target,
                const char *weapon, const cops_roll *roll)
{
  if (actor.interned && target.interned)
    return cops__log_push_named(log, e, actor.off, actor.id, target.off, target.id, weapon,
                                roll);
  return cops__log_push(log, e, actor.name, actor.id, target.name, target.id, weapon, roll);
}

static COPS_INLINE int ev_push(cops_log *log, const cops_event *e, struct party actor, struct party target,
                   const char *weapon)
{
  return log ? push(log, e, actor, target, weapon, NULL) : COPS_OK;
}

static COPS_INLINE int ev_condition(cops_log *log, struct party actor, struct party who,
                        unsigned condition, int active)
{
  if (!log)
    return COPS_OK;
  cops_event e = {0};
  e.type = COPS_EV_CONDITION;
  e.condition = (int)condition;
  e.active = active;
  return ev_push(log, &e, actor, who, NULL);
}

/* ---- pieces shared by every mode ----------------------------------------- */

/* One located bullet or blow of weapon damage (C8.1, C10.3): the location d10
 * (or a given die for a burst), PU d6, armour d6, location d6. */
static int located_damage(cops_outcome *o, cops_ctx *ctx, int victim_index,
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
  cops_event e = {0};
  e.type = COPS_EV_LOCATION;
  e.bullet = bullet;
  e.die = die;
  e.location = zone;
  e.modifier = cops__core_zone_modifier(zone);
  const struct party vn = party(o, victim);
  if ((rc = ev_push(log, &e, actor, vn, NULL)))
    return rc;
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
  cops_hit *h = new_hit(o, ctx);
  if (!h)
    return COPS_ENOMEM;
  h->victim = victim_index;
  h->bullet = bullet;
  h->die = die;
  h->location = zone;
  h->modifier = e.modifier;
  h->raw = d.raw;
  h->protection = d.protection;
  h->bonus = d.bonus;
  h->damage = d.damage;
  h->stopped = d.stopped;
  memset(&e, 0, sizeof e);
  e.type = COPS_EV_DAMAGE;
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
static int fixed_damage(cops_outcome *o, cops_ctx *ctx, int victim_index, cops_character *victim,
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
  cops_event e = {0};
  e.type = COPS_EV_LOCATION;
  e.bullet = 1;
  e.die = die;
  e.location = zone;
  e.modifier = modifier;
  if ((rc = ev_push(log, &e, actor, party(o, victim), NULL)))
    return rc;
  cops_hit *h = new_hit(o, ctx);
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
  memset(&e, 0, sizeof e);
  e.type = COPS_EV_DAMAGE;
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
static int add_conditions(cops_victim *v, cops_character *ch, unsigned bits, struct party actor,
                          struct party who, cops_log *log)
{
  const unsigned had = (unsigned)cops_character_conditions(ch);
  for (unsigned b = 1; b <= COPS_COND_ALL; b <<= 1) {
    if (!(bits & b) || b == COPS_COND_OUT)
      continue;
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
static int apply_damage(cops_outcome *o, int victim_index, cops_character *victim,
                        struct party actor, cops_log *log)
{
  cops_victim *v = victim_of(o, victim);
  int total = 0, hits = 0;
  for (int i = 0; i < o->nhit; i++)
    if (o->hit[i].victim == victim_index) {
      total += o->hit[i].damage;
      hits++;
    }
  v->hits = hits;
  v->damage = total;
  v->lasting = total >= 15;   /* C8.3: one attack */
  int rc = cops_character_damage(victim, total > 10000 ? 10000 : total);
  if (rc)
    return rc;
  cops_character_hp(victim, &v->hp_after);
  v->health_after = cops__health(victim);
  cops_event e = {0};
  e.type = COPS_EV_HIT_POINTS;
  e.damage = total;
  e.hp_before = v->hp_before;
  e.hp_after = v->hp_after;
  e.health_before = v->health_before;
  e.health_after = v->health_after;
  e.lasting = v->lasting;
  if ((rc = ev_push(log, &e, actor, party(o, victim), NULL)))
    return rc;
  if (v->lasting)
    return add_conditions(v, victim, COPS_COND_LASTING_WOUND, actor, party(o, victim), log);
  return COPS_OK;
}

/* The stopping-power roll of a victim still conscious (C10.4), with the
 * conditions it leaves. */
static int stopping(cops_outcome *o, cops_roll *roll, cops_character *victim, int fa,
                    int modifier, int characteristic, struct party actor, cops_log *log)
{
  cops_victim *v = victim_of(o, victim);
  if (v->health_after >= COPS_UNCONSCIOUS) {
    cops__roll_clear(roll);
    return COPS_OK;    /* already down: nothing to stop */
  }
  const int difficulty = fa + modifier;
  int result, rc;
  if ((rc = cops__stopping_roll(roll, victim, characteristic, difficulty)))
    return rc;
  result = cops_roll_succeeded(roll) ? COPS_STOP_STEADY
           : cops_roll_successes(roll) >= 1 ? COPS_STOP_SHAKEN : COPS_STOP_OUT;
  v->stopping = result;
  v->stopping_difficulty = difficulty;
  const struct party vp = party(o, victim);
  if ((rc = ev_roll(log, COPS_PURPOSE_STOPPING, vp, NOBODY, roll)))
    return rc;
  cops_event e = {0};
  e.type = COPS_EV_STOPPING;
  e.result = result;
  e.difficulty = difficulty;
  if ((rc = ev_push(log, &e, actor, vp, NULL)))
    return rc;
  if (result == COPS_STOP_OUT) {
    int old, rounds;
    const int was_out = cops_character_recovery(victim, &old, &rounds) == COPS_OK;
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
  return add_conditions(v, victim, bits, actor, vp, log);
}

/* ---- validation ----------------------------------------------------------- */

#define FAIL(ctx, code, ...) cops__fail(ctx, code, __VA_ARGS__)

static int is_melee_weapon(int kind)
{
  return kind == COPS_BLADE || kind == COPS_BLUNT;
}

static const char *who_name(const cops_character *ch, const char *fallback)
{
  const char *n = cops_character_name(ch);
  return n && n[0] ? n : fallback;
}

static int check_range(cops_ctx *ctx, const char *what, int v, int lo, int hi)
{
  if (v < lo || v > hi)
    return FAIL(ctx, COPS_EINVAL, "%s %d out of range %d..%d", what, v, lo, hi);
  return COPS_OK;
}

static int check_stopping_choice(cops_ctx *ctx, const char *what, int c)
{
  if (c != -1 && c != COPS_CARRURE && c != COPS_SANG_FROID)
    return FAIL(ctx, COPS_EINVAL, "%s %d is neither -1 (the higher), COPS_CARRURE nor "
                "COPS_SANG_FROID (C10.4)", what, c);
  return COPS_OK;
}

/* Who may act: conscious, not out of the fight (C8.2, C10.4). */
static int check_can_act(cops_ctx *ctx, const cops_character *ch, const char *role)
{
  const int health = cops__health(ch);
  if (health >= COPS_UNCONSCIOUS)
    return FAIL(ctx, COPS_ERULE, "the %s %s is %s and cannot act (C8.2)", role,
                who_name(ch, ""), cops_health_name(health, COPS_LANG_EN));
  if (cops_character_conditions(ch) & COPS_COND_OUT)
    return FAIL(ctx, COPS_ERULE, "the %s %s is out of the fight until a recovery roll "
                "succeeds (C10.4)", role, who_name(ch, ""));
  return COPS_OK;
}

static int validate(cops_ctx *ctx, const cops_situation *s, unsigned flags)
{
  int rc;
  if (s->ruleset != COPS_RULES_CORE)
    return FAIL(ctx, COPS_EINVAL, "unknown ruleset %d (COPS_RULES_CORE is %d)", s->ruleset,
                COPS_RULES_CORE);
  if ((rc = check_range(ctx, "attitude", s->attitude, -2, 2)) ||
      (rc = check_range(ctx, "target attitude", s->target_attitude, -2, 2)) ||
      (rc = check_range(ctx, "distance", s->distance, 0, COPS_DISTANCE_MAX)) ||
      (rc = check_range(ctx, "shots already fired", s->shots_fired, 0, COPS_MAGAZINE_MAX)) ||
      (rc = check_range(ctx, "several", s->several, 0, 1)) ||
      (rc = check_range(ctx, "dice modifier", s->dice_mod, -COPS_MOD_MAX, COPS_MOD_MAX)) ||
      (rc = check_range(ctx, "target dice modifier", s->target_dice_mod, -COPS_MOD_MAX,
                        COPS_MOD_MAX)) ||
      (rc = check_range(ctx, "threshold modifier", s->threshold_mod, -COPS_THRESHOLD_MOD_MAX,
                        COPS_THRESHOLD_MOD_MAX)) ||
      (rc = check_range(ctx, "difficulty modifier", s->difficulty_mod, -COPS_MOD_MAX,
                        COPS_MOD_MAX)) ||
      (rc = check_range(ctx, "penetration threshold", s->penetration, 0, 1000)) ||
      (rc = check_range(ctx, "attacker id", s->attacker_id, -1, INT_MAX)) ||
      (rc = check_range(ctx, "target id", s->target_id, -1, INT_MAX)) ||
      (rc = check_range(ctx, "zone radius", s->zone_radius, 0, COPS_DISTANCE_MAX)) ||
      (rc = check_range(ctx, "characteristic", s->characteristic, -1,
                        COPS_CHARACTERISTIC_COUNT - 1)) ||
      (rc = check_stopping_choice(ctx, "target stopping characteristic", s->target_stopping)) ||
      (rc = check_stopping_choice(ctx, "attacker stopping characteristic",
                                  s->attacker_stopping)))
    return rc;
  if (s->movement < 0)
    return FAIL(ctx, COPS_EINVAL, "movement %d m is negative", s->movement);
  if (s->movement > 10)
    return FAIL(ctx, COPS_ERULE, "movement %d m: beyond 10 m in a round, use the chase rules "
                "(C6.3)", s->movement);
  if (s->mode != COPS_ATTACK_COVER && !s->target)
    return FAIL(ctx, COPS_EINVAL, "%s needs a target", mode_names[s->mode]);
  if (s->target) {
    if (s->target == s->attacker)
      return FAIL(ctx, COPS_EINVAL, "the attacker cannot be its own target");
    if (cops__character_ctx(s->target) != ctx)
      return FAIL(ctx, COPS_EINVAL, "the attacker and the target belong to different contexts");
    if (cops__health(s->target) == COPS_DEAD && !(flags & COPS__SIMULTANEOUS) &&
        s->mode != COPS_ATTACK_COVER)
      return FAIL(ctx, COPS_ERULE, "the target %s is dead (C8.2)", who_name(s->target, ""));
  }
  if (!(flags & COPS__SIMULTANEOUS) && (rc = check_can_act(ctx, s->attacker, "attacker")))
    return rc;
  const unsigned cond = (unsigned)cops_character_conditions(s->attacker);
  if ((cond & COPS_COND_HELD) && s->mode != COPS_ATTACK_ESCAPE)
    return FAIL(ctx, COPS_ERULE, "%s is held: the only action is an escape attempt (C11.1)",
                who_name(s->attacker, "the attacker"));
  if (s->mode == COPS_ATTACK_ESCAPE && !(cond & COPS_COND_HELD))
    return FAIL(ctx, COPS_ERULE, "%s is not held: nothing to escape (C11.1)",
                who_name(s->attacker, "the attacker"));
  const int melee = s->mode >= COPS_ATTACK_MELEE;
  if (melee) {
    if (s->initiative != 0)
      return FAIL(ctx, COPS_EINVAL, "initiative %+d in melee: melee has none, use 0 (C6.4)",
                  s->initiative);
    if (s->shots_fired || s->several)
      return FAIL(ctx, COPS_EINVAL, "shots fired and several shots are for firearms (C10.7)");
  } else {
    int lo = 2, hi = 2;
    const int reflexes = cops_character_characteristic(s->attacker, COPS_REFLEXES);
    cops_initiative_range(reflexes, &lo, &hi);
    if (s->initiative < lo || s->initiative > hi)
      return FAIL(ctx, COPS_EINVAL, "initiative %+d outside %+d..%+d that Réflexes %d allows "
                  "(C6)", s->initiative, lo, hi, reflexes);
    if (s->initiative < 0 && (cond & COPS_COND_NO_NEGATIVE_INITIATIVE))
      return FAIL(ctx, COPS_ERULE, "%s may not take a negative initiative this round (C10.4)",
                  who_name(s->attacker, "the attacker"));
    if (s->target_mode != -1)
      return FAIL(ctx, COPS_EINVAL, "target mode %d: only melee has one (-1)", s->target_mode);
  }
  return COPS_OK;
}

/* ---- shots ---------------------------------------------------------------- */

/* C10.2: 1 under 10 m (within range), 2 up to the range, 3 up to twice; -1 beyond. */
static int range_difficulty(int distance, int range)
{
  if (distance < 10 && distance <= range)
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
  int mod = s->initiative + s->attitude + cops__wget(s->weapon, COPS_WEAPON_PR) + s->dice_mod;
  if (s->mode != COPS_ATTACK_COVER && s->distance < 2)
    mod += 1;                                /* point-blank (C10.1) */
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

static const char *burst_spec(int kind)
{
  return kind == COPS_HANDGUN ? "arme de poing" : kind == COPS_SHOULDER_ARM ? "arme d'épaule"
                                                                            : NULL;
}

static COPS_INLINE struct party attacker_of(const cops_outcome *o, const cops_situation *s)
{
  return party(o, s->attacker);
}

static COPS_INLINE struct party target_of(const cops_outcome *o, const cops_situation *s)
{
  return s->target ? party(o, s->target) : NOBODY;
}

static int ev_attack(const cops_outcome *o, cops_log *log, const cops_situation *s)
{
  if (!log)
    return COPS_OK;
  cops_event e = {0};
  e.type = COPS_EV_ATTACK;
  e.mode = s->mode;
  e.attitude = s->attitude;
  e.initiative = s->initiative;
  e.distance = s->distance;
  return ev_push(log, &e, attacker_of(o, s), target_of(o, s),
                 s->weapon ? cops_weapon_name(s->weapon) : NULL);
}

static int ev_ammunition(const cops_outcome *o, cops_log *log, const cops_situation *s,
                         int used)
{
  if (!log)
    return COPS_OK;
  cops_event e = {0};
  e.type = COPS_EV_AMMUNITION;
  e.used = used;
  e.loaded = cops__wget(s->weapon, COPS_WEAPON_LOADED);
  return ev_push(log, &e, attacker_of(o, s), NOBODY, cops_weapon_name(s->weapon));
}

static int ev_miss(const cops_outcome *o, cops_log *log, const cops_situation *s, int reason,
                   int bullet, int fired)
{
  if (!log)
    return COPS_OK;
  cops_event e = {0};
  e.type = COPS_EV_MISS;
  e.reason = reason;
  e.bullet = bullet;
  e.fired = fired;
  return ev_push(log, &e, attacker_of(o, s), target_of(o, s), NULL);
}

/* Bullets that hit nobody (C10.8 RULING: reported, not resolved). */
static int ev_stray(const cops_outcome *o, cops_log *log, const cops_situation *s, int fired, int stray)
{
  if (stray <= 0 || !log)
    return COPS_OK;
  cops_event e = {0};
  e.type = COPS_EV_STRAY;
  e.fired = fired;
  e.stray = stray;
  return ev_push(log, &e, attacker_of(o, s), target_of(o, s), NULL);
}

/* Single shot, burst and covering fire (C10.1-C10.7). */
static int core_shoot(cops_outcome *o, const cops_situation *s, cops_log *log)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  const cops_weapon *w = s->weapon;
  const char *mode = mode_names[s->mode];
  if (!w)
    return FAIL(ctx, COPS_EINVAL, "a %s needs a weapon", mode);
  const int kind = cops_weapon_kind(w);
  const int magazine = cops__wget(w, COPS_WEAPON_MAGAZINE);
  const int loaded = cops__wget(w, COPS_WEAPON_LOADED);
  if (s->mode == COPS_ATTACK_SINGLE ? !cops__kind_is_firearm(kind) && kind != COPS_THROWN
                                    : !cops__kind_is_firearm(kind))
    return FAIL(ctx, COPS_EINVAL, "%s is a %s: no %s with it", cops_weapon_name(w),
                cops_weapon_kind_name(kind, COPS_LANG_EN), mode);
  if (magazine > 0 && loaded == 0)
    return FAIL(ctx, COPS_ERULE, "%s is empty: reload it", cops_weapon_name(w));
  int shot_number = 0;
  if (s->mode == COPS_ATTACK_COVER) {
    if (!cops__wget(w, COPS_WEAPON_VC))
      return FAIL(ctx, COPS_ERULE, "%s has no covering-fire value (VC): no covering fire "
                  "(C10.5)", cops_weapon_name(w));
    if (loaded < 4)
      return FAIL(ctx, COPS_ERULE, "covering fire needs at least 4 rounds in the magazine, "
                  "%s has %d (C10.5)", cops_weapon_name(w), loaded);
    if (s->shots_fired || s->several)
      return FAIL(ctx, COPS_ERULE, "covering fire is the round's whole action: no other shot "
                  "(C10.5)");
  } else {
    if (s->mode == COPS_ATTACK_BURST && !cops__wget(w, COPS_WEAPON_VRC))
      return FAIL(ctx, COPS_ERULE, "%s has no burst value (VRC): no controlled burst (C10.6)",
                  cops_weapon_name(w));
    const int ct = cops__wget(w, COPS_WEAPON_CT);
    if (s->shots_fired + 1 > ct)
      return FAIL(ctx, COPS_ERULE, "shot %d of the round: %s fires at most %d (CT, C10.7)",
                  s->shots_fired + 1, cops_weapon_name(w), ct);
    if (s->several || s->shots_fired)
      shot_number = s->shots_fired + 1;
  }
  const int skill = s->mode == COPS_ATTACK_BURST ? COPS_TIR_EN_RAFALES
                                                 : cops_weapon_skill(w);
  const char *spec = s->mode == COPS_ATTACK_BURST ? burst_spec(kind)
                                                  : cops_weapon_specialisation(w);
  cops_action a;
  int rc = shot_action(ctx, &a, s, skill, spec, shot_number);
  if (rc)
    return rc;
  int difficulty;
  int reason = -1;
  if (s->mode == COPS_ATTACK_COVER) {
    difficulty = cops__wget(w, COPS_WEAPON_VC);                /* C10.5 */
  } else {
    difficulty = range_difficulty(s->distance, cops__wget(w, COPS_WEAPON_RANGE));
    if (difficulty < 0)
      reason = COPS_MISS_OUT_OF_RANGE;
    difficulty -= s->target_attitude;                    /* the target's defence (C10.2) */
  }
  difficulty += s->difficulty_mod;
  if (difficulty < 1)
    difficulty = 1;                                      /* RULING C10.2 */
  a.difficulty = difficulty > COPS_DIFFICULTY_MAX ? COPS_DIFFICULTY_MAX : difficulty;
  if (reason < 0 && a.dice + a.dice_mod < 1)
    reason = COPS_MISS_NO_DICE;                          /* C10.1 */

  /* Nothing can fail from here on but the callback source. */
  outcome_reset(o, s->mode);
  const int vrc = cops__wget(w, COPS_WEAPON_VRC);
  const int fired = magazine == 0 ? 0
                    : s->mode == COPS_ATTACK_COVER ? loaded
                    : s->mode == COPS_ATTACK_BURST ? (vrc < loaded ? vrc : loaded) : 1;
  const struct party an = attacker_of(o, s), tn = target_of(o, s);
  if ((rc = ev_attack(o, log, s)))
    return rc;
  if (reason < 0) {
    if ((rc = cops_roll_action(o->roll[COPS_OUTCOME_ATTACK], ctx, &a)))
      return rc;
    if ((rc = ev_roll(log, s->mode == COPS_ATTACK_COVER ? COPS_PURPOSE_COVER
                                                        : COPS_PURPOSE_ATTACK,
                      an, tn, o->roll[COPS_OUTCOME_ATTACK])))
      return rc;
    cops_roll_margin(o->roll[COPS_OUTCOME_ATTACK], &o->margin);
  } else {
    o->possible = 0;
  }
  if (magazine > 0) {
    cops_weapon_set(s->weapon, COPS_WEAPON_LOADED, loaded - fired);
    if ((rc = ev_ammunition(o, log, s, fired)))
      return rc;
  }
  o->fired = fired;
  const int hit = reason < 0 && cops_roll_succeeded(o->roll[COPS_OUTCOME_ATTACK]);

  if (s->mode == COPS_ATTACK_COVER) {
    o->cover_success = hit;
    o->cover_pu = cops__wget(w, COPS_WEAPON_PU);
    o->cover_fa = cops__wget(w, COPS_WEAPON_FA);
    snprintf(o->cover_shooter, sizeof o->cover_shooter, "%s", an.name ? an.name : "");
    o->cover_shooter_id = s->attacker_id;
    o->cover_target_id = s->target_id;
    cops_event e = {0};
    e.type = COPS_EV_COVER;
    e.fired = fired;
    e.success = hit;
    e.margin = hit ? o->margin : 0;
    e.x = s->zone_x;
    e.y = s->zone_y;
    e.radius = s->zone_radius;
    return ev_push(log, &e, an, tn, cops_weapon_name(w));
  }
  if (!hit) {
    if ((rc = ev_miss(o, log, s, reason < 0 ? COPS_MISS_ROLL : reason, 0, fired)))
      return rc;
    return ev_stray(o, log, s, fired, fired);
  }
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
  cops_event e = {0};
  e.type = COPS_EV_HIT;
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
      if ((rc = ev_miss(o, log, s, COPS_MISS_PAST_TEN, b + 1, fired)))
        return rc;
      continue;
    }
    if ((rc = located_damage(o, ctx, 0, s->target, s->armour, pu, b + 1, die, s->penetration, an,
                              log)))
      return rc;
    const int m = cops__core_zone_modifier(cops__core_zone(die));
    worst = m > worst ? m : worst;
  }
  if ((rc = ev_stray(o, log, s, fired, fired - in)) || (rc = apply_damage(o, 0, s->target, an, log)))
    return rc;
  /* One stopping roll per character hit, at the most serious location (C10.4). */
  return stopping(o, o->roll[COPS_OUTCOME_STOPPING], s->target, cops__wget(w, COPS_WEAPON_FA),
                  worst, s->target_stopping, an, log);
}

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
    if (!w || !is_melee_weapon(cops_weapon_kind(w)))
      return FAIL(ctx, COPS_EINVAL, "the %s's melee attack needs a blade or a blunt weapon%s%s",
                  role, w ? ", not " : "", w ? cops_weapon_name(w) : "");
  } else if (w && cops_weapon_kind(w) != COPS_UNARMED) {
    return FAIL(ctx, COPS_EINVAL, "the %s's %s is bare-handed: %s is a weapon (C11.1)", role,
                mode_names[mode], cops_weapon_name(w));
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
    rc = located_damage(o, ctx, victim_index, victim, armour, cops__wget(w, COPS_WEAPON_PU), 1,
                        0, 0, hn, log);
    *fa = cops__wget(w, COPS_WEAPON_FA);
    break;
  case COPS_ATTACK_STRIKE:
    rc = fixed_damage(o, ctx, victim_index, victim, armour,
                      cops_character_characteristic(hitter, COPS_CARRURE), 1, hn, log);
    *fa = 1;
    break;
  case COPS_ATTACK_THROW:
    rc = fixed_damage(o, ctx, victim_index, victim, armour,
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

static int core_melee(cops_outcome *o, const cops_situation *s, cops_log *log)
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
      tmode = s->target_weapon && is_melee_weapon(cops_weapon_kind(s->target_weapon))
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
  cops_action a, d;
  int mod = s->attitude + s->dice_mod - (s->movement > 5);
  if ((rc = fighter_action(ctx, &a, s->attacker, amode, s->weapon, s->characteristic, mod,
                           s->threshold_mod)))
    return rc;
  /* A target who cannot fight back (down, out, held) rolls no die. */
  const unsigned tcond = (unsigned)cops_character_conditions(s->target);
  const int passive = cops__health(s->target) >= COPS_UNCONSCIOUS ||
                      (tcond & (COPS_COND_OUT | COPS_COND_HELD));
  if ((rc = fighter_action(ctx, &d, s->target, tmode, s->target_weapon, -1,
                           s->target_attitude + s->target_dice_mod, 0)))
    return rc;
  if (passive) {
    d.dice = 0;
    d.dice_mod = 0;
  }

  outcome_reset(o, amode);
  const struct party an = attacker_of(o, s), tn = target_of(o, s);
  if ((rc = ev_attack(o, log, s)))
    return rc;
  if (amode == COPS_ATTACK_ESCAPE) {
    /* C11.1: 2 hit points, unlocated, to try. */
    cops_hit *h = new_hit(o, ctx);
    if (!h)
      return COPS_ENOMEM;
    h->victim = 1;
    h->bullet = 1;
    h->location = -1;
    h->raw = h->damage = 2;
    if ((rc = apply_damage(o, 1, s->attacker, an, log)))
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
  const int sa = cops_roll_successes(ra), sd = cops_roll_successes(rd);
  o->margin = sa - sd;
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
    if ((rc = blow(o, ctx, 0, amode, s->weapon, s->attacker, s->target, s->armour, sa - sd,
                   &fa_t, &mod_t, &landed, log)))
      return rc;
    o->hit_target = landed;
  }
  if (target_hits) {
    if ((rc = blow(o, ctx, 1, tmode, s->target_weapon, s->target, s->attacker,
                   s->attacker_armour, sd - sa, &fa_a, &mod_a, &landed, log)))
      return rc;
  }
  o->hits = o->nhit;
  /* Simultaneous: both take their damage, then both roll stopping power. */
  if (fa_t >= 0 && (rc = apply_damage(o, 0, s->target, an, log)))
    return rc;
  if (fa_a >= 0 && (rc = apply_damage(o, 1, s->attacker, tn, log)))
    return rc;
  if (attacker_hits && o->hit_target) {
    cops_victim *v = victim_of(o, s->target);
    if (amode == COPS_ATTACK_HOLD &&
        (rc = add_conditions(v, s->target, COPS_COND_HELD, an, tn, log)))
      return rc;
    if (amode == COPS_ATTACK_THROW &&
        (rc = add_conditions(v, s->target, COPS_COND_ON_GROUND, an, tn, log)))
      return rc;
  }
  if (target_hits && landed && (tmode == COPS_ATTACK_HOLD || tmode == COPS_ATTACK_THROW)) {
    cops_victim *v = victim_of(o, s->attacker);
    if ((rc = add_conditions(v, s->attacker,
                             tmode == COPS_ATTACK_HOLD ? COPS_COND_HELD : COPS_COND_ON_GROUND,
                             tn, an, log)))
      return rc;
  }
  if (fa_t >= 0 && (rc = stopping(o, o->roll[COPS_OUTCOME_STOPPING], s->target, fa_t, mod_t,
                                  s->target_stopping, an, log)))
    return rc;
  if (fa_a >= 0 && (rc = stopping(o, o->roll[COPS_OUTCOME_STOPPING_BACK], s->attacker, fa_a,
                                  mod_a, s->attacker_stopping, tn, log)))
    return rc;
  return COPS_OK;
}

/* ---- the rules table ------------------------------------------------------ */

struct ruleset {
  int (*shoot)(cops_outcome *, const cops_situation *, cops_log *);
  int (*melee)(cops_outcome *, const cops_situation *, cops_log *);
};

static const struct ruleset rulesets[] = {
  [COPS_RULES_CORE] = {core_shoot, core_melee},
};

static void situation_defaults(cops_situation *s, int mode)
{
  memset(s, 0, sizeof *s);
  s->size = sizeof *s;
  s->ruleset = COPS_RULES_CORE;
  s->mode = mode;
  s->characteristic = -1;
  s->target_mode = -1;
  s->target_stopping = -1;
  s->attacker_stopping = -1;
  s->attacker_id = 0;
  s->target_id = 1;
}

int cops_situation_init_sized(cops_situation *s, size_t size, int mode)
{
  if (!s || size < COPS__SITUATION_SIZE_0_6 || size > sizeof *s)
    return COPS_EINVAL;
  cops_situation full;
  situation_defaults(&full, mode);
  full.size = (uint32_t)size;
  memcpy(s, &full, size);        /* never past the caller's struct */
  return mode >= 0 && mode < COPS_ATTACK_MODE_COUNT ? COPS_OK : COPS_EINVAL;
}

int (cops_situation_init)(cops_situation *s, int mode)
{
  return cops_situation_init_sized(s, COPS__SITUATION_SIZE_0_6, mode);
}

int cops_attack(cops_outcome *out, const cops_situation *s, cops_log *log)
{
  return cops__attack(out, s, log, 0);
}

/* What a procedure may change, saved before it draws a die: the characters,
 * the weapon's rounds, the log's end, the random source's place. */
struct undo {
  int active;               /* 0: the caller (an encounter's round) saved more already */
  cops_character *ch[2];
  cops__char_state st[2];
  cops_weapon *weapon;
  int loaded;
  cops_log *log;
  cops__log_mark_t log_mark;
  cops_ctx *ctx;
  cops__rng_mark_t rng_mark;
};

static void undo_save(struct undo *u, unsigned flags, cops_ctx *ctx, cops_log *log,
                      cops_character *a, cops_character *b, cops_weapon *w)
{
  u->active = !(flags & COPS__NO_UNDO);
  u->ctx = ctx;
  if (!u->active)
    return;
  u->ch[0] = a;
  u->ch[1] = b;
  for (int i = 0; i < 2; i++)
    if (u->ch[i])
      cops__char_save(u->ch[i], &u->st[i]);
  u->weapon = w;
  u->loaded = w ? w->v[COPS_WEAPON_LOADED] : 0;
  u->log = log;
  cops__log_mark(log, &u->log_mark);
  cops__rng_mark(ctx, &u->rng_mark);
}

static void undo_apply(const struct undo *u)
{
  if (!u->active)
    return;
  for (int i = 0; i < 2; i++)
    if (u->ch[i])
      cops__char_restore(u->ch[i], &u->st[i]);
  if (u->weapon)
    u->weapon->v[COPS_WEAPON_LOADED] = u->loaded;
  cops__log_rewind(u->log, &u->log_mark);
  cops__rng_rewind(u->ctx, &u->rng_mark);
}

/* The start of a procedure into an outcome: refused into one being filled. */
static int outcome_enter(cops_outcome *o, cops_ctx *ctx)
{
  if (o->busy)
    return FAIL(ctx, COPS_ESTATE, "this outcome is being filled (called from a random "
                "callback)");
  o->busy = 1;
  o->misuse = 0;
  return COPS_OK;
}

/* The end of a procedure: on failure everything saved is put back. */
static int outcome_leave(cops_outcome *o, const struct undo *u, int rc)
{
  o->busy = 0;
  if (!rc && o->misuse)
    rc = FAIL(u->ctx, COPS_ESTATE, "the random callback freed the outcome being filled "
              "(refused: free it after the call)");
  if (rc) {
    undo_apply(u);
    return outcome_fail(o, rc);
  }
  return COPS_OK;
}

int cops__attack(cops_outcome *out, const cops_situation *given, cops_log *log, unsigned flags)
{
  if (!out || !given || !given->attacker)
    return COPS_EINVAL;
  cops_ctx *ctx = cops__character_ctx(given->attacker);
  COPS__ENTER(ctx);
  if (given->size < COPS__SITUATION_SIZE_0_6 || given->size > sizeof *given)
    return FAIL(ctx, COPS_EINVAL, "situation size %u, expected %zu..%zu (initialise it with "
                "cops_situation_init)", (unsigned)given->size, COPS__SITUATION_SIZE_0_6,
                sizeof *given);
  /* The fields the caller's struct lacks keep their defaults (docs/abi.md). */
  cops_situation sl;
  const cops_situation *s = given;
  if (given->size != sizeof *given) {
    situation_defaults(&sl, given->mode);
    memcpy(&sl, given, given->size);
    sl.size = sizeof sl;
    s = &sl;
  }
  if (s->mode < 0 || s->mode >= COPS_ATTACK_MODE_COUNT)
    return FAIL(ctx, COPS_EINVAL, "unknown attack mode %d", s->mode);
  int rc = validate(ctx, s, flags);
  if (rc)
    return outcome_fail(out, rc);
  if (log && log->ctx != ctx)
    return outcome_fail(out, FAIL(ctx, COPS_EINVAL, "the log belongs to another context"));
  if ((rc = outcome_enter(out, ctx)))
    return rc;
  struct undo u;
  undo_save(&u, flags, ctx, log, s->attacker, s->target, s->weapon);
  const struct ruleset *r = &rulesets[s->ruleset];
  if (!(rc = cast(out, log, s->attacker, s->attacker_id, s->target, s->target_id)))
    rc = s->mode <= COPS_ATTACK_COVER ? r->shoot(out, s, log) : r->melee(out, s, log);
  return outcome_leave(out, &u, rc);
}

/* ---- covering fire's zone, recovery, standing up --------------------------- */

/* The start of a follow-up procedure on ch with a roll: checks, then the save. */
static int follow_enter(cops_roll *roll, cops_character *ch, cops_log *log, struct undo *u,
                        unsigned flags)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  COPS__ENTER(ctx);
  if (log && log->ctx != ctx)
    return FAIL(ctx, COPS_EINVAL, "the log belongs to another context");
  (void)roll;
  undo_save(u, flags, ctx, log, ch, NULL, NULL);
  return COPS_OK;
}

static int follow_leave(cops_roll *roll, const struct undo *u, int rc)
{
  if (rc) {
    undo_apply(u);
    cops__roll_clear(roll);
  }
  return rc;
}

static int cover_nerve(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *steady)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  int rc = check_can_act(ctx, ch, "character under covering fire");
  if (rc)
    return rc;
  const struct party p = {name_of(ch), id, 0, -1};
  if ((rc = cops__characteristic_roll(roll, ch, COPS_SANG_FROID, 3)) || /* C10.5 */
      (rc = ev_roll(log, COPS_PURPOSE_NERVE, p, NOBODY, roll)))
    return rc;
  *steady = cops_roll_succeeded(roll);
  if (!*steady)
    return add_conditions(NULL, ch, COPS_COND_PINNED, NOBODY, p, log);
  return COPS_OK;
}

int cops__cover_nerve(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *steady,
                unsigned flags)
{
  if (!roll || !ch || !steady)
    return COPS_EINVAL;
  struct undo u;
  int rc = follow_enter(roll, ch, log, &u, flags);
  if (rc)
    return rc;
  return follow_leave(roll, &u, cover_nerve(roll, ch, id, log, steady));
}

int cops_cover_nerve(cops_roll *roll, cops_character *ch, cops_log *log, int *steady)
{
  return cops__cover_nerve(roll, ch, 1, log, steady, 0);
}

static int cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                       const cops_armour *armour, int attitude, cops_log *log)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  int rc;
  const struct party sn = {cover->cover_shooter[0] ? cover->cover_shooter : NULL,
                           cover->cover_shooter_id, 0, -1};
  const struct party cn = party(out, ch);
  /* (MR + 1) d10, +1 Agressif, +2 Ultra-violent, at most one per bullet fired. */
  int n = 0;
  if (cover->cover_success) {
    n = cover->margin + 1 + (attitude > 0 ? attitude : 0);
    if (n > cover->fired)
      n = cover->fired;
  }
  const int pu = cover->cover_pu, fa = cover->cover_fa, fired = cover->fired;
  outcome_reset(out, COPS_ATTACK_COVER);
  out->fired = 0;
  cops_roll *r = out->roll[COPS_OUTCOME_COVER_HITS];
  if (n > 0) {
    cops_action a;
    cops_action_init(&a, n, 10, 1);
    a.flags = COPS_UNSKILLED;             /* each 10 counts, none re-rolled */
    if ((rc = cops_roll_action(r, ctx, &a)) ||
        (rc = ev_roll(log, COPS_PURPOSE_COVER_HITS, sn, cn, r)))
      return rc;
  }
  const int hits = n > 0 ? cops_roll_successes(r) : 0;
  cops_event e = {0};
  if (!hits) {
    e.type = COPS_EV_MISS;
    e.reason = COPS_MISS_ROLL;
    e.fired = fired;
    return ev_push(log, &e, sn, cn, NULL);
  }
  out->hit_target = 1;
  out->hits = hits;
  e.type = COPS_EV_HIT;
  e.fired = fired;
  e.hits = hits;
  e.margin = cover->margin;
  if ((rc = ev_push(log, &e, sn, cn, NULL)))
    return rc;
  int worst = 0;
  for (int b = 0; b < hits; b++) {
    if ((rc = located_damage(out, ctx, 0, ch, armour, pu, b + 1, 0, 0, sn, log)))
      return rc;
    const int m = out->hit[out->nhit - 1].modifier;
    worst = m > worst ? m : worst;
  }
  if ((rc = apply_damage(out, 0, ch, sn, log)))
    return rc;
  return stopping(out, out->roll[COPS_OUTCOME_STOPPING], ch, fa, worst, -1, sn, log);
}

int cops__cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch, int id,
                      const cops_armour *armour, int attitude, cops_log *log, unsigned flags)
{
  if (!out || !cover || !ch || out == cover)
    return COPS_EINVAL;
  cops_ctx *ctx = cops__character_ctx(ch);
  COPS__ENTER(ctx);
  if (cover->mode != COPS_ATTACK_COVER)
    return FAIL(ctx, COPS_EINVAL, "the outcome given as covering fire is %s",
                cover->mode < 0 ? "empty" : mode_names[cover->mode]);
  int rc;
  if ((rc = check_range(ctx, "attitude", attitude, -2, 2)))
    return rc;
  if (cops__health(ch) == COPS_DEAD)
    return FAIL(ctx, COPS_ERULE, "%s is dead (C8.2)", who_name(ch, "the character"));
  if (log && log->ctx != ctx)
    return FAIL(ctx, COPS_EINVAL, "the log belongs to another context");
  if ((rc = outcome_enter(out, ctx)))
    return rc;
  struct undo u;
  undo_save(&u, flags, ctx, log, ch, NULL, NULL);
  if ((rc = cast(out, log, NULL, -1, ch, id)))
    return outcome_leave(out, &u, rc);
  return outcome_leave(out, &u, cover_enter(out, cover, ch, armour, attitude, log));
}

int cops_cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                     const cops_armour *armour, int attitude, cops_log *log)
{
  return cops__cover_enter(out, cover, ch, cover ? cover->cover_target_id : 1, armour, attitude,
                           log, 0);
}

static int recovery_roll(cops_roll *roll, cops_character *ch, int id, int characteristic,
                         cops_log *log, int *recovered)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  int rc, base, rounds;
  if ((rc = check_stopping_choice(ctx, "characteristic", characteristic)) ||
      (rc = cops_character_recovery(ch, &base, &rounds)))
    return rc;
  const int health = cops__health(ch);
  if (health >= COPS_UNCONSCIOUS)
    return FAIL(ctx, COPS_ERULE, "%s is %s: no recovery roll (C8.2)",
                who_name(ch, "the character"), cops_health_name(health, COPS_LANG_EN));
  /* FA + location modifier - 1 per round elapsed (C10.4). */
  const int difficulty = base - (rounds + 1);
  if ((rc = cops__stopping_roll(roll, ch, characteristic, difficulty < 0 ? 0 : difficulty)))
    return rc;
  cops__character_recovery_step(ch);
  const struct party p = {name_of(ch), id, 0, -1};
  if ((rc = ev_roll(log, COPS_PURPOSE_RECOVERY, p, NOBODY, roll)))
    return rc;
  *recovered = cops_roll_succeeded(roll);
  if (!*recovered)
    return COPS_OK;
  cops_character_set_conditions(ch, COPS_COND_OUT, 0);
  return ev_condition(log, NOBODY, p, COPS_COND_OUT, 0);
}

int cops__recovery_roll(cops_roll *roll, cops_character *ch, int id, int characteristic,
                        cops_log *log, int *recovered, unsigned flags)
{
  if (!roll || !ch || !recovered)
    return COPS_EINVAL;
  struct undo u;
  int rc = follow_enter(roll, ch, log, &u, flags);
  if (rc)
    return rc;
  return follow_leave(roll, &u, recovery_roll(roll, ch, id, characteristic, log, recovered));
}

int cops_recovery_roll(cops_roll *roll, cops_character *ch, int characteristic, cops_log *log,
                       int *recovered)
{
  return cops__recovery_roll(roll, ch, 1, characteristic, log, recovered, 0);
}

static int stand_up(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *stood)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  if (!(cops_character_conditions(ch) & COPS_COND_ON_GROUND))
    return FAIL(ctx, COPS_ESTATE, "%s is not on the ground", who_name(ch, "the character"));
  int rc = check_can_act(ctx, ch, "character");
  if (rc)
    return rc;
  const struct party p = {name_of(ch), id, 0, -1};
  /* Coordination (3), RULING 6+ (C11.1). */
  if ((rc = cops__characteristic_roll(roll, ch, COPS_COORDINATION, 3)) ||
      (rc = ev_roll(log, COPS_PURPOSE_STAND_UP, p, NOBODY, roll)))
    return rc;
  *stood = cops_roll_succeeded(roll);
  if (!*stood)
    return COPS_OK;
  cops_character_set_conditions(ch, COPS_COND_ON_GROUND, 0);
  return ev_condition(log, NOBODY, p, COPS_COND_ON_GROUND, 0);
}

int cops__stand_up(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *stood,
                unsigned flags)
{
  if (!roll || !ch || !stood)
    return COPS_EINVAL;
  struct undo u;
  int rc = follow_enter(roll, ch, log, &u, flags);
  if (rc)
    return rc;
  return follow_leave(roll, &u, stand_up(roll, ch, id, log, stood));
}

int cops_stand_up(cops_roll *roll, cops_character *ch, cops_log *log, int *stood)
{
  return cops__stand_up(roll, ch, 1, log, stood, 0);
}

/* ---- accessors ------------------------------------------------------------ */

int cops_outcome_mode(const cops_outcome *o)
{
  if (!o)
    return COPS_EINVAL;
  return o->mode < 0 ? COPS_ESTATE : o->mode;
}

int cops_outcome_hit_target(const cops_outcome *o)
{
  if (!o)
    return COPS_EINVAL;
  return o->mode < 0 ? COPS_ESTATE : o->hit_target;
}

int cops_outcome_possible(const cops_outcome *o)
{
  if (!o)
    return COPS_EINVAL;
  return o->mode < 0 ? COPS_ESTATE : o->possible;
}

int cops_outcome_margin(const cops_outcome *o, int *margin)
{
  if (!o || !margin)
    return COPS_EINVAL;
  if (o->mode < 0 || !o->possible)
    return COPS_ESTATE;
  *margin = o->margin;
  return COPS_OK;
}

int cops_outcome_bullets(const cops_outcome *o, int *fired, int *hits)
{
  if (!o)
    return COPS_EINVAL;
  if (o->mode < 0)
    return COPS_ESTATE;
  if (fired)
    *fired = o->fired;
  if (hits)
    *hits = o->hits;
  return COPS_OK;
}

int cops_outcome_hit_count(const cops_outcome *o)
{
  if (!o)
    return COPS_EINVAL;
  return o->mode < 0 ? COPS_ESTATE : o->nhit;
}

/* Copy a library struct into a caller's one of @p size bytes (the prefix it knows). */
static int copy_sized(void *dst, const void *src, size_t full)
{
  uint32_t size;
  memcpy(&size, dst, sizeof size);
  if (size < sizeof(uint32_t) || size > full)
    return COPS_EINVAL;
  memcpy(dst, src, size);
  memcpy(dst, &size, sizeof size);
  return COPS_OK;
}

int cops_outcome_hit(const cops_outcome *o, int i, cops_hit *out)
{
  if (!o || !out)
    return COPS_EINVAL;
  if (o->mode < 0)
    return COPS_ESTATE;
  if (i < 0 || i >= o->nhit)
    return COPS_ERANGE;
  return copy_sized(out, &o->hit[i], sizeof *out);
}

int cops_outcome_victim_count(const cops_outcome *o)
{
  if (!o)
    return COPS_EINVAL;
  return o->mode < 0 ? COPS_ESTATE : o->nvictim;
}

int cops_outcome_victim(const cops_outcome *o, int i, cops_victim *out)
{
  if (!o || !out)
    return COPS_EINVAL;
  if (o->mode < 0)
    return COPS_ESTATE;
  if (i < 0 || i >= o->nvictim)
    return COPS_ERANGE;
  return copy_sized(out, &o->victim[i], sizeof *out);
}

const cops_roll *cops_outcome_roll(const cops_outcome *o, int which)
{
  if (!o || which < 0 || which >= COPS_OUTCOME_ROLL_COUNT)
    return NULL;
  return o->roll[which];
}
