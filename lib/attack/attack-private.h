/* The attack's private parts (lib/attack/attack.c and the core rules in lib/rules/core/):
 * the outcome, the parties events name, the save of what a procedure
 * changes, and the pieces every core-rules procedure is made of. Not
 * installed. */
#ifndef COPS_ATTACK_PRIVATE_H
#define COPS_ATTACK_PRIVATE_H

#include <stdio.h>

#include "attack/attack.h"
#include "log/log.h"
#include "attack/core/core.h"
#include "attack/rules.h"

#define HITS_INITIAL 16

struct cops_outcome {
  int mode;                 /* -1: empty */
  int ruleset;              /* the ::cops_rulesets it was resolved under */
  int possible, hit_target, margin, fired, hits;
  cops_roll *roll[COPS_OUTCOME_ROLL_COUNT];
  cops_roll *pu, *armour, *bonus;           /* scratch rolls of one bullet's damage */
  cops_roll *high;                          /* the d6 of which the highest counts (A3) */
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

/* Names and checks (lib/attack/attack.c). */
extern const char *const cops__mode_names[COPS_ATTACK_MODE_COUNT];
int cops__check_stopping_choice(cops_ctx *ctx, const char *what, int c);
int cops__is_melee_weapon(int kind);


/* The outcome and the save (lib/attack/attack.c). */
void cops__outcome_reset(cops_outcome *o, int mode);
int cops__outcome_fail(cops_outcome *o, int rc);
cops_hit *cops__new_hit(cops_outcome *o, cops_ctx *ctx);
cops_victim *cops__victim_of(cops_outcome *o, const cops_character *ch);
int cops__cast(cops_outcome *o, cops_log *log, const cops_character *a, int aid,
               const cops_character *b, int bid);
void cops__undo_save(struct undo *u, unsigned flags, cops_ctx *ctx, cops_log *log,
                     cops_character *a, cops_character *b, cops_weapon *w);
void cops__undo_apply(const struct undo *u);
int cops__outcome_enter(cops_outcome *o, cops_ctx *ctx);
int cops__outcome_leave(cops_outcome *o, const struct undo *u, int rc);

/* What a hit does (lib/attack/core/damage.c): C8.1-C8.3, C10.3, C10.4, C11.1. */
int cops__located_damage(cops_outcome *o, cops_ctx *ctx, int victim_index,
                         cops_character *victim, const cops_armour *armour, int pu, int bullet,
                         int die, int penetration, struct party actor, cops_log *log);
int cops__fixed_damage(cops_outcome *o, cops_ctx *ctx, int victim_index, cops_character *victim,
                       const cops_armour *armour, int raw, int located, struct party actor,
                       cops_log *log);
int cops__add_conditions(cops_victim *v, cops_character *ch, unsigned bits, struct party actor,
                         struct party who, cops_log *log);
int cops__apply_damage(cops_outcome *o, int victim_index, cops_character *victim,
                       struct party actor, cops_log *log);
int cops__stopping(cops_outcome *o, cops_roll *roll, cops_character *victim, int fa,
                   int modifier, int characteristic, struct party actor, cops_log *log);

int cops__core_shot_plan(const cops_situation *s, struct cops__shot_plan *p);
/* A melee exchange before its dice (lib/attack/core/melee.c): both fighters' actions,
 * the target's mode, and whether it can fight back (1: it rolls no die). */
struct cops__melee_plan {
  cops_action a, d;
  int tmode, passive;
};
int cops__core_melee_plan(const cops_situation *s, struct cops__melee_plan *p);

#define FAIL(ctx, code, ...) cops__fail(ctx, code, __VA_ARGS__)

/* ---- events: the parties of a procedure name them ----------------------- */

static inline const char *who_name(const cops_character *ch, const char *fallback)
{
  const char *n = cops_character_name(ch);
  return n && n[0] ? n : fallback;
}


static inline const char *name_of(const cops_character *ch)
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

static COPS_INLINE int push(cops_log *log, const cops_event *e, struct party actor,
                            struct party target,
                const char *weapon, const cops_roll *roll);

static COPS_INLINE int ev_roll(cops_log *log, int purpose, struct party actor, struct party target,
                   const cops_roll *roll)
{
  if (!log)
    return COPS_OK;
  if (actor.interned && target.interned)
    return cops__log_push_roll(log, purpose, actor.off, actor.id, target.off, target.id, roll);
  cops_event e;
  cops__event_clear(&e, COPS_EV_ROLL);
  e.purpose = purpose;
  return push(log, &e, actor, target, NULL, roll);
}

static COPS_INLINE int push(cops_log *log, const cops_event *e, struct party actor,
                            struct party target,
                const char *weapon, const cops_roll *roll)
{
  if (actor.interned && target.interned)
    return cops__log_push_named(log, e, actor.off, actor.id, target.off, target.id, weapon,
                                roll);
  return cops__log_push(log, e, actor.name, actor.id, target.name, target.id, weapon, roll);
}

static COPS_INLINE int ev_push(cops_log *log, const cops_event *e, struct party actor,
                               struct party target,
                   const char *weapon)
{
  return log ? push(log, e, actor, target, weapon, NULL) : COPS_OK;
}

static COPS_INLINE int ev_condition(cops_log *log, struct party actor, struct party who,
                        unsigned condition, int active)
{
  if (!log)
    return COPS_OK;
  cops_event e;
  cops__event_clear(&e, COPS_EV_CONDITION);
  e.condition = (int)condition;
  e.active = active;
  return ev_push(log, &e, actor, who, NULL);
}

static COPS_INLINE struct party attacker_of(const cops_outcome *o, const cops_situation *s)
{
  return party(o, s->attacker);
}

static COPS_INLINE struct party target_of(const cops_outcome *o, const cops_situation *s)
{
  return s->target ? party(o, s->target) : NOBODY;
}

/* The id of a party of the procedure under way (-1 for another character),
 * logged or not. */
static inline int cast_id_of(const cops_outcome *o, const cops_character *ch)
{
  for (int i = 0; i < 2; i++)
    if (ch && ch == o->cast[i])
      return o->cast_id[i];
  return -1;
}

/* cops__anciennete() for the parties of a procedure. */
static inline int anciennete(cops_ctx *ctx, cops_character *ch, int id, int purpose,
                             cops_roll *roll, int want, cops_log *log, struct party p,
                             struct party t, int *again)
{
  return cops__anciennete(ctx, ch, id, purpose, roll, want, log, p.name, t.name, t.id, again);
}

/* The event an attack opens with (lib/attack/core/shoot.c). */
int cops__ev_attack(const cops_outcome *o, cops_log *log, const cops_situation *s);

/* Pieces of a shot every ruleset shares (lib/attack/attack.c): a miss (bullet 0: the whole
 * attack), stray bullets; a planned shot from its first event to where bullets reach the
 * target — its roll, the rounds fired, covering fire laid down, or a miss — *hit 1 when
 * they do; the d10 of a character in covering fire's zone (n of them, each 10 a bullet)
 * with its hit or miss event. */
int cops__ev_miss(const cops_outcome *o, cops_log *log, const cops_situation *s, int reason,
                  int bullet, int fired);
int cops__ev_stray(const cops_outcome *o, cops_log *log, const cops_situation *s, int fired,
                   int stray);
/* The checks of a shot's weapon every ruleset makes (a weapon of the mode's kind, loaded;
 * covering fire's VC, 4 rounds, no other shot, cited as cover_rule; a burst's VRC, else
 * no_burst; CT, C10.7), and the shot's number in the round (0 alone); the specialisation
 * of Tir en rafales for a weapon kind (NULL for none). */
int cops__shot_checks(const cops_situation *s, const char *cover_rule, const char *no_burst,
                      int *shot_number);
const char *cops__burst_spec(int kind);
int cops__cover_hits(cops_outcome *out, const cops_outcome *cover, cops_character *ch, int n,
                     struct party shooter, cops_log *log, int *hits);

/* Inline: it is the hot path of every shot (scripts/bench.sh). */
static COPS_INLINE int cops__shot_opening(cops_outcome *o, const cops_situation *s,
                                          cops_log *log, const struct cops__shot_plan *plan,
                                          int *hit)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  const cops_weapon *w = s->weapon;
  const int reason = plan->reason, fired = plan->fired;
  const int magazine = cops__wget(w, COPS_WEAPON_MAGAZINE);
  const int loaded = cops__wget(w, COPS_WEAPON_LOADED);
  int rc;
  *hit = 0;
  cops__outcome_reset(o, s->mode);
  const struct party an = attacker_of(o, s), tn = target_of(o, s);
  if ((rc = cops__ev_attack(o, log, s)))
    return rc;
  if (reason < 0) {
    cops_roll *r = o->roll[COPS_OUTCOME_ATTACK];
    const int purpose = s->mode == COPS_ATTACK_COVER ? COPS_PURPOSE_COVER : COPS_PURPOSE_ATTACK;
    cops_action a = plan->a;
    if ((rc = cops_roll_action(r, ctx, &a)) || (rc = ev_roll(log, purpose, an, tn, r)))
      return rc;
    if (!cops_roll_succeeded(r) &&
        (rc = anciennete(ctx, s->attacker, s->attacker_id, purpose, r, s->anciennete, log,
                         an, tn, NULL)))
      return rc;
    cops_roll_margin(r, &o->margin);
  } else {
    o->possible = 0;
  }
  if (magazine > 0) {
    cops_weapon_set(s->weapon, COPS_WEAPON_LOADED, loaded - fired);
    if (log) {
      cops_event e;
      cops__event_clear(&e, COPS_EV_AMMUNITION);
      e.used = fired;
      e.loaded = loaded - fired;
      if ((rc = ev_push(log, &e, an, NOBODY, cops_weapon_name(w))))
        return rc;
    }
  }
  o->fired = fired;
  const int success = reason < 0 && cops_roll_succeeded(o->roll[COPS_OUTCOME_ATTACK]);
  if (s->mode == COPS_ATTACK_COVER) {
    o->cover_success = success;
    o->cover_pu = cops__wget(w, COPS_WEAPON_PU);
    o->cover_fa = cops__wget(w, COPS_WEAPON_FA);
    snprintf(o->cover_shooter, sizeof o->cover_shooter, "%s", an.name ? an.name : "");
    o->cover_shooter_id = s->attacker_id;
    o->cover_target_id = s->target_id;
    cops_event e;
    cops__event_clear(&e, COPS_EV_COVER);
    e.fired = fired;
    e.success = success;
    e.margin = success ? o->margin : 0;
    /* A failed fire makes no zone under the alternative rules (A2.3): none to draw. */
    if (success || cops__attack_rules_of(s->ruleset)->failed_cover_zone) {
      e.x = s->zone_x;
      e.y = s->zone_y;
      e.radius = s->zone_radius;
    }
    return ev_push(log, &e, an, tn, cops_weapon_name(w));
  }
  if (!success) {
    if ((rc = cops__ev_miss(o, log, s, reason < 0 ? COPS_MISS_ROLL : reason, 0, fired)))
      return rc;
    return cops__ev_stray(o, log, s, fired, fired);
  }
  *hit = 1;
  return COPS_OK;
}

#endif
