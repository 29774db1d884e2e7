/* One attack, resolved completely: the checks every ruleset shares, the outcome, the
 * undo of all or nothing, and the rules table's procedure (lib/rules/: the core rules'
 * C6, C8, C10, C11; the alternative rules' A1-A5). Draw order of every procedure:
 * docs/randomness.md. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attack/attack.h"
#include "attack/attack-private.h"
#include "lang/lang.h"
#include "attack/rules.h"

/* ---- names ------------------------------------------------------------ */

/* The names of game terms are in the language catalogues (lib/lang/). */
const char *cops_attitude_name(int attitude, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && attitude >= -2 && attitude <= 2 ? L->attitude[attitude + 2] : NULL;
}

int cops_attitude_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  for (int a = -2; a <= 2; a++)
    for (int lang = 0; lang < cops__lang_count(); lang++)
      if (cops__names_match(text, strlen(text), cops__lang(lang)->attitude[a + 2])) {
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

const char *cops_zone_name(int zone, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && zone >= 0 && zone < COPS_ZONE_COUNT ? L->zone[zone] : NULL;
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
  const struct cops__lang *L = cops__lang(lang);
  return L && result >= 0 && result < COPS_STOP_RESULT_COUNT ? L->stopping[result] : NULL;
}

int cops_body_side_of_die(int d10)
{
  if (d10 < 1 || d10 > 10)
    return COPS_ERANGE;
  return d10 == 1 || d10 == 8 ? COPS_BODY_RIGHT : d10 == 2 || d10 == 9 ? COPS_BODY_LEFT
                                                                      : COPS_BODY_NONE;
}

const char *cops_body_side_name(int side, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && (side == COPS_BODY_RIGHT || side == COPS_BODY_LEFT) ? L->side[side] : NULL;
}

const char *cops_mishap_name(int mishap)
{
  switch (mishap) {
  case COPS_MISHAP_KNOCKED_DOWN: return "knocked_down";
  case COPS_MISHAP_UNCONSCIOUS: return "unconscious";
  case COPS_MISHAP_DROP_RIGHT: return "drop_right";
  case COPS_MISHAP_DROP_LEFT: return "drop_left";
  default: return NULL;
  }
}

const char *const cops__mode_names[COPS_ATTACK_MODE_COUNT] = {
  "single", "burst", "cover", "melee", "strike", "hold", "throw", "escape",
};

const char *cops_attack_mode_name(int mode)
{
  return mode >= 0 && mode < COPS_ATTACK_MODE_COUNT ? cops__mode_names[mode] : NULL;
}

int cops_attack_mode_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  const int m = cops__name_index(text, cops__mode_names, COPS_ATTACK_MODE_COUNT);
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
         cops__roll_new(&o->bonus, a) | cops__roll_new(&o->high, a);
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
  cops_roll_free(o->high);
  const cops_allocator a = o->alloc;
  cops__free(&a, o->hit);
  cops__free(&a, o);
}

void  cops__outcome_reset(cops_outcome *o, int mode)
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

int  cops__outcome_fail(cops_outcome *o, int rc)
{
  cops__outcome_reset(o, -1);
  return rc;
}

cops_hit * cops__new_hit(cops_outcome *o, cops_ctx *ctx)
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
cops_victim * cops__victim_of(cops_outcome *o, const cops_character *ch)
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
/* ---- the parties of a procedure ------------------------------------------ */

/* The parties of the procedure, their names put in the log once for all its
 * events. COPS_ENOMEM when the log cannot take them. */
int  cops__cast(cops_outcome *o, cops_log *log, const cops_character *a, int aid,
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

/* ---- validation ----------------------------------------------------------- */

int  cops__is_melee_weapon(int kind)
{
  return kind == COPS_BLADE || kind == COPS_BLUNT;
}

int  cops__check_range(cops_ctx *ctx, const char *what, int v, int lo, int hi)
{
  if (v < lo || v > hi)
    return FAIL(ctx, COPS_EINVAL, "%s %d out of range %d..%d", what, v, lo, hi);
  return COPS_OK;
}

int  cops__check_stopping_choice(cops_ctx *ctx, const char *what, int c)
{
  if (c != -1 && c != COPS_CARRURE && c != COPS_SANG_FROID)
    return FAIL(ctx, COPS_EINVAL, "%s %d is neither -1 (the higher), COPS_CARRURE nor "
                "COPS_SANG_FROID (C10.4)", what, c);
  return COPS_OK;
}

static int validate(cops_ctx *ctx, const cops_situation *s, unsigned flags)
{
  int rc;
  if (!cops__attack_rules_of(s->ruleset))
    return FAIL(ctx, COPS_EINVAL, "unknown ruleset %d (COPS_RULES_CORE %d, "
                "COPS_RULES_ALTERNATIVE %d)", s->ruleset, COPS_RULES_CORE, COPS_RULES_ALTERNATIVE);
  if ((rc = cops__check_range(ctx, "attitude", s->attitude, -2, 2)) ||
      (rc = cops__check_range(ctx, "target attitude", s->target_attitude, -2, 2)) ||
      (rc = cops__check_range(ctx, "distance", s->distance, 0, COPS_DISTANCE_MAX)) ||
      (rc = cops__check_range(ctx, "shots already fired", s->shots_fired, 0, COPS_MAGAZINE_MAX)) ||
      (rc = cops__check_range(ctx, "several", s->several, 0, 1)) ||
      (rc = cops__check_range(ctx, "adrenaline", s->adrenaline, 0, 1)) ||
      (rc = cops__check_range(ctx, "anciennete", s->anciennete, 0, 1)) ||
      (rc = cops__check_range(ctx, "target adrenaline", s->target_adrenaline, 0, 1)) ||
      (rc = cops__check_range(ctx, "target threshold modifier", s->target_threshold_mod,
                              -COPS_THRESHOLD_MOD_MAX, COPS_THRESHOLD_MOD_MAX)) ||
      (rc = cops__check_range(ctx, "dice modifier", s->dice_mod, -COPS_MOD_MAX, COPS_MOD_MAX)) ||
      (rc = cops__check_range(ctx, "target dice modifier", s->target_dice_mod, -COPS_MOD_MAX,
                        COPS_MOD_MAX)) ||
      (rc = cops__check_range(ctx, "threshold modifier", s->threshold_mod, -COPS_THRESHOLD_MOD_MAX,
                        COPS_THRESHOLD_MOD_MAX)) ||
      (rc = cops__check_range(ctx, "difficulty modifier", s->difficulty_mod, -COPS_MOD_MAX,
                        COPS_MOD_MAX)) ||
      (rc = cops__check_range(ctx, "penetration threshold", s->penetration, 0, 1000)) ||
      (rc = cops__check_range(ctx, "attacker id", s->attacker_id, -1, INT_MAX)) ||
      (rc = cops__check_range(ctx, "target id", s->target_id, -1, INT_MAX)) ||
      (rc = cops__check_range(ctx, "zone radius", s->zone_radius, 0, COPS_DISTANCE_MAX)) ||
      (rc = cops__check_range(ctx, "characteristic", s->characteristic, -1,
                        COPS_CHARACTERISTIC_COUNT - 1)) ||
      (rc = cops__check_stopping_choice(ctx, "target stopping characteristic",
                                        s->target_stopping)) ||
      (rc = cops__check_stopping_choice(ctx, "attacker stopping characteristic",
                                  s->attacker_stopping)))
    return rc;
  if (s->distance_cm != 0 &&
      (s->distance_cm < 0 || s->distance_cm > 100 * s->distance ||
       s->distance_cm <= 100 * (s->distance - 1)))
    return FAIL(ctx, COPS_EINVAL, "distance_cm %d is not within distance %d m (the metres "
                "rounded up; 0 for whole metres)", s->distance_cm, s->distance);
  if (s->movement < 0)
    return FAIL(ctx, COPS_EINVAL, "movement %d m is negative", s->movement);
  if (s->movement > 10)
    return FAIL(ctx, COPS_ERULE, "movement %d m: beyond 10 m in a round, use the chase rules "
                "(C6.3)", s->movement);
  if (s->mode != COPS_ATTACK_COVER && !s->target)
    return FAIL(ctx, COPS_EINVAL, "%s needs a target", cops__mode_names[s->mode]);
  if (s->target) {
    if (s->target == s->attacker)
      return FAIL(ctx, COPS_EINVAL, "the attacker cannot be its own target");
    if (cops__character_ctx(s->target) != ctx)
      return FAIL(ctx, COPS_EINVAL, "the attacker and the target belong to different contexts");
    if (cops__dead(s->target) && !(flags & COPS__SIMULTANEOUS) &&
        s->mode != COPS_ATTACK_COVER)
      return FAIL(ctx, COPS_ERULE, "the target %s is dead (C8.2)", who_name(s->target, ""));
  }
  if (!(flags & COPS__SIMULTANEOUS) && (rc = cops__check_can_act(ctx, s->attacker, "attacker")))
    return rc;
  const unsigned cond = (unsigned)cops_character_conditions(s->attacker);
  if ((cond & COPS_COND_HELD) && s->mode != COPS_ATTACK_ESCAPE)
    return FAIL(ctx, COPS_ERULE, "%s is held: the only action is an escape attempt (C11.1)",
                who_name(s->attacker, "the attacker"));
  if (s->mode == COPS_ATTACK_ESCAPE && !(cond & COPS_COND_HELD))
    return FAIL(ctx, COPS_ERULE, "%s is not held: nothing to escape (C11.1)",
                who_name(s->attacker, "the attacker"));
  if (s->aim | s->bullets | s->holding | s->knockout_minutes) {   /* the fields of A */
    if (s->aim < 0 || s->aim > 10)
      return FAIL(ctx, COPS_EINVAL, "aim %d: a location d10 face 1..10, or 0 for no shift",
                  s->aim);
    if ((rc = cops__check_range(ctx, "bullets", s->bullets, 0, COPS_MAGAZINE_MAX)) ||
        (rc = cops__check_range(ctx, "holding", s->holding, 0, 1)) ||
        (rc = cops__check_range(ctx, "knockout minutes", s->knockout_minutes, 0, 1440)))
      return rc;
  }
  return cops__attack_rules_of(s->ruleset)->check(ctx, s);
}
/* ---- the rules table ------------------------------------------------------ */

static void situation_defaults(cops_situation *s, int mode)
{
  cops__clear16(s, sizeof *s);   /* at every attack and every plan the tactical policy weighs */
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
  if (size == sizeof *s) {   /* in place: a copy's wide reads of narrow writes stall */
    situation_defaults(s, mode);
  } else {
    cops_situation full;
    situation_defaults(&full, mode);
    full.size = (uint32_t)size;
    memcpy(s, &full, size);        /* never past the caller's struct */
  }
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

void  cops__undo_save(struct undo *u, unsigned flags, cops_ctx *ctx, cops_log *log,
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

void  cops__undo_apply(const struct undo *u)
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

/* ---- pieces of a shot every ruleset shares ---------------------------------- */

const char *cops__burst_spec(int kind)
{
  return kind == COPS_HANDGUN ? "arme de poing" : kind == COPS_SHOULDER_ARM ? "arme d'épaule"
                                                                            : NULL;
}

int cops__shot_checks(const cops_situation *s, const char *cover_rule, const char *no_burst,
                      int *shot_number)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  const cops_weapon *w = s->weapon;
  const char *mode = cops__mode_names[s->mode];
  *shot_number = 0;
  if (!w)
    return FAIL(ctx, COPS_EINVAL, "a %s needs a weapon", mode);
  const int kind = cops_weapon_kind(w);
  const int loaded = cops__wget(w, COPS_WEAPON_LOADED);
  if (s->mode == COPS_ATTACK_SINGLE ? !cops__kind_is_firearm(kind) && kind != COPS_THROWN
                                    : !cops__kind_is_firearm(kind))
    return FAIL(ctx, COPS_EINVAL, "%s is a %s: no %s with it", cops_weapon_name(w),
                cops_weapon_kind_name(kind, COPS_LANG_EN), mode);
  if (cops__wget(w, COPS_WEAPON_MAGAZINE) > 0 && loaded == 0)
    return FAIL(ctx, COPS_ERULE, "%s is empty: reload it", cops_weapon_name(w));
  if (s->mode == COPS_ATTACK_COVER) {
    if (!cops__wget(w, COPS_WEAPON_VC))
      return FAIL(ctx, COPS_ERULE, "%s has no covering-fire value (VC): no covering fire "
                  "(%s)", cops_weapon_name(w), cover_rule);
    if (loaded < 4)
      return FAIL(ctx, COPS_ERULE, "covering fire needs at least 4 rounds in the magazine, "
                  "%s has %d (%s)", cops_weapon_name(w), loaded, cover_rule);
    if (s->shots_fired || s->several)
      return FAIL(ctx, COPS_ERULE, "covering fire is the round's whole action: no other shot "
                  "(%s)", cover_rule);
    return COPS_OK;
  }
  if (s->mode == COPS_ATTACK_BURST && !cops__wget(w, COPS_WEAPON_VRC))
    return FAIL(ctx, COPS_ERULE, "%s has no burst value (VRC): %s", cops_weapon_name(w),
                no_burst);
  const int ct = cops__wget(w, COPS_WEAPON_CT);
  if (s->shots_fired + 1 > ct)
    return FAIL(ctx, COPS_ERULE, "shot %d of the round: %s fires at most %d (CT, C10.7)",
                s->shots_fired + 1, cops_weapon_name(w), ct);
  if (s->several || s->shots_fired)
    *shot_number = s->shots_fired + 1;   /* C10.7 */
  return COPS_OK;
}

int cops__ev_miss(const cops_outcome *o, cops_log *log, const cops_situation *s, int reason,
                  int bullet, int fired)
{
  if (!log)
    return COPS_OK;
  cops_event e;
  cops__event_clear(&e, COPS_EV_MISS);
  e.reason = reason;
  e.bullet = bullet;
  e.fired = fired;
  return ev_push(log, &e, attacker_of(o, s), target_of(o, s), NULL);
}

/* Bullets that hit nobody (C10.8 RULING: reported, not resolved). */
int cops__ev_stray(const cops_outcome *o, cops_log *log, const cops_situation *s, int fired,
                   int stray)
{
  if (stray <= 0 || !log)
    return COPS_OK;
  cops_event e;
  cops__event_clear(&e, COPS_EV_STRAY);
  e.fired = fired;
  e.stray = stray;
  return ev_push(log, &e, attacker_of(o, s), target_of(o, s), NULL);
}

int cops__cover_hits(cops_outcome *out, const cops_outcome *cover, cops_character *ch, int n,
                     struct party shooter, cops_log *log, int *hits)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  const struct party cn = party(out, ch);
  const int fired = cover->fired;
  int rc;
  cops__outcome_reset(out, COPS_ATTACK_COVER);
  out->fired = 0;
  cops_roll *r = out->roll[COPS_OUTCOME_COVER_HITS];
  /* More d10 than a roll holds (covering fire of over 64 rounds after a run of
   * 10s): rolled 64 at a time, left to right, each handful its own roll event;
   * the outcome keeps the last. */
  *hits = 0;
  for (int left = n; left > 0; left -= COPS_DICE_MAX) {
    cops_action a;
    cops_action_init(&a, left < COPS_DICE_MAX ? left : COPS_DICE_MAX, 10, 1);
    a.flags = COPS_UNSKILLED;             /* each 10 counts, none re-rolled */
    if ((rc = cops_roll_action(r, ctx, &a)) ||
        (rc = ev_roll(log, COPS_PURPOSE_COVER_HITS, shooter, cn, r)))
      return rc;
    *hits += cops_roll_successes(r);
  }
  cops_event e = {0};
  e.fired = fired;
  if (!*hits) {
    e.type = COPS_EV_MISS;
    e.reason = COPS_MISS_ROLL;
    return ev_push(log, &e, shooter, cn, NULL);
  }
  out->hit_target = 1;
  out->hits = *hits;
  e.type = COPS_EV_HIT;
  e.hits = *hits;
  e.margin = cover->margin;
  return ev_push(log, &e, shooter, cn, NULL);
}

/* The start of a procedure into an outcome: refused into one being filled. */
int  cops__outcome_enter(cops_outcome *o, cops_ctx *ctx)
{
  if (o->busy)
    return FAIL(ctx, COPS_ESTATE, "this outcome is being filled (called from a random "
                "callback)");
  o->busy = 1;
  o->misuse = 0;
  return COPS_OK;
}

/* The end of a procedure: on failure everything saved is put back. */
int  cops__outcome_leave(cops_outcome *o, const struct undo *u, int rc)
{
  o->busy = 0;
  if (!rc && o->misuse)
    rc = FAIL(u->ctx, COPS_ESTATE, "the random callback freed the outcome being filled "
              "(refused: free it after the call)");
  if (rc) {
    cops__undo_apply(u);
    return cops__outcome_fail(o, rc);
  }
  return COPS_OK;
}

/* The caller's situation in full: the fields its struct lacks at their defaults
 * (docs/abi.md), the mode known. */
static int situation_copy(cops_ctx *ctx, const cops_situation *given, cops_situation *s)
{
  if (given->size < COPS__SITUATION_SIZE_0_6 || given->size > sizeof *given)
    return FAIL(ctx, COPS_EINVAL, "situation size %u, expected %zu..%zu (initialise it with "
                "cops_situation_init)", (unsigned)given->size, COPS__SITUATION_SIZE_0_6,
                sizeof *given);
  situation_defaults(s, given->mode);
  memcpy(s, given, given->size);
  s->size = sizeof *s;
  if (s->mode < 0 || s->mode >= COPS_ATTACK_MODE_COUNT)
    return FAIL(ctx, COPS_EINVAL, "unknown attack mode %d", s->mode);
  return COPS_OK;
}

int cops__situation_full(cops_ctx *ctx, const cops_situation *given, cops_situation *s)
{
  int rc = situation_copy(ctx, given, s);
  return rc ? rc : validate(ctx, s, 0);
}

int cops__attack(cops_outcome *out, const cops_situation *given, cops_log *log, unsigned flags)
{
  if (!out || !given || !given->attacker)
    return COPS_EINVAL;
  cops_ctx *ctx = cops__character_ctx(given->attacker);
  COPS__ENTER(ctx);
  /* A situation of the library's size is read in place (the hot path); an older
   * program's is copied with the missing fields at their defaults. */
  cops_situation full;
  const cops_situation *s = given;
  int rc;
  if (given->size != sizeof *given || given->mode < 0 || given->mode >= COPS_ATTACK_MODE_COUNT) {
    if ((rc = situation_copy(ctx, given, &full)))
      return rc;
    s = &full;
  }
  rc = validate(ctx, s, flags);
  if (rc)
    return cops__outcome_fail(out, rc);
  if (log && log->ctx != ctx)
    return cops__outcome_fail(out, FAIL(ctx, COPS_EINVAL, "the log belongs to another context"));
  if ((rc = cops__outcome_enter(out, ctx)))
    return rc;
  struct undo u;
  cops__undo_save(&u, flags, ctx, log, s->attacker, s->target, s->weapon);
  const struct cops__attack_rules *r = cops__attack_rules_of(s->ruleset);
  /* C5: an Adrénaline point spent before the roll, for one more die (the rolls add it). */
  if (s->adrenaline && (rc = cops__spend_adrenaline(ctx, s->attacker)))
    return cops__outcome_leave(out, &u, rc);
  if (s->target_adrenaline &&
      (s->mode < COPS_ATTACK_MELEE || !s->target ||
       (rc = cops__spend_adrenaline(ctx, s->target))))
    return cops__outcome_leave(out, &u, rc ? rc : FAIL(ctx, COPS_EINVAL, "target_adrenaline is "
                                                       "for the target's roll in melee"));
  out->ruleset = s->ruleset;
  if (!(rc = cops__cast(out, log, s->attacker, s->attacker_id, s->target, s->target_id)))
    rc = s->mode <= COPS_ATTACK_COVER ? r->shoot(out, s, log) : r->melee(out, s, log);
  return cops__outcome_leave(out, &u, rc);
}
int cops__anciennete(cops_ctx *ctx, cops_character *ch, int id, int purpose, cops_roll *roll,
                     int want, cops_log *log, const char *actor, const char *target,
                     int target_id, int *again)
{
  if (again)
    *again = 0;
  if (cops_roll_kind(roll) != COPS_ROLL_ACTION || cops__roll_anciennete(roll) ||
      cops__anciennete_left(ch) < 1)
    return COPS_OK;
  int spend = want, rc;
  if (!spend && ctx->anciennete && id >= 0 &&
      (rc = ctx->anciennete(ctx->anciennete_self, id, purpose, roll, &spend)))
    return rc;
  if (!spend)
    return COPS_OK;
  if ((rc = cops__spend_anciennete(ctx, ch, roll)))
    return rc;
  if (again)
    *again = 1;
  if (!log)
    return COPS_OK;
  cops_event e = {0};
  e.purpose = purpose;
  return cops__log_push(log, &e, actor, id, target, target_id, NULL, roll);
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
