/* Encounters: the engine every ruleset shares (COPS.md C6): combatants
 * joining and leaving, the round's frame (its start, its recovery rolls, the
 * declarations, then the ruleset's round from the rules table), the save that
 * makes every round procedure all or nothing, and the state between rounds. The
 * declarations are in lib/fight/encounter-declare.c, the round's shared pieces in
 * lib/fight/encounter-round.c, each ruleset's round and policy in lib/rules/<ruleset>/;
 * docs/encounters.md tells the order of everything. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fight/fight.h"
#include "fight/encounter-private.h"
#include "base/jsonutil.h"


int cops_encounter_new(cops_encounter **out, cops_ctx *ctx, int ruleset)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  if (!cops__rules_of(ruleset))
    return cops__fail(ctx, COPS_EINVAL, "unknown ruleset %d (COPS_RULES_CORE %d, "
                      "COPS_RULES_ALTERNATIVE %d)", ruleset, COPS_RULES_CORE,
                      COPS_RULES_ALTERNATIVE);
  COPS__ENTER(ctx);
  cops_encounter *e = cops__calloc(&ctx->alloc, sizeof *e);
  if (!e)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for an encounter");
  e->ctx = ctx;
  e->serial = cops__serial(ctx);
  e->rules = cops__rules_of(ruleset);
  e->max_rounds = 100;
  e->logging = 1;
  e->winner = -1;
  if (cops_log_new(&e->log, ctx) || cops__outcome_new(&e->out, &ctx->alloc) ||
      cops__roll_new(&e->roll, &ctx->alloc)) {
    cops_encounter_free(e);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for an encounter");
  }
  *out = e;
  return COPS_OK;
}

void cops_encounter_free(cops_encounter *e)
{
  if (!e || cops__refused(e->ctx))
    return;
  cops_log_free(e->log);
  cops__tactics_free(e);
  cops_outcome_free(e->out);
  for (int i = 0; i < COPS_COMBATANTS_MAX; i++)
    cops_outcome_free(e->zone[i]);
  for (int i = 0; i < e->n; i++)
    cops__free(&e->ctx->alloc, e->c[i].ledger0);
  cops_roll_free(e->roll);
  struct cops__owned *o = &e->owned;
  for (int i = 0; i < o->nch; i++)
    cops_character_free(o->ch[i]);
  for (int i = 0; i < o->nw; i++)
    cops_weapon_free(o->w[i]);
  for (int i = 0; i < o->na; i++)
    cops_armour_free(o->a[i]);
  cops__free(&e->ctx->alloc, o->script);
  for (int i = 0; i < e->nheld; i++)   /* what the caller gave: let go */
    switch (e->held[i].kind) {
    case HELD_CHARACTER: cops_character_free(e->held[i].p); break;
    case HELD_WEAPON: cops_weapon_free(e->held[i].p); break;
    default: cops_armour_free(e->held[i].p); break;
    }
  cops__free(&e->ctx->alloc, e->held);
  cops__free(&e->ctx->alloc, e);
}

/* Hold what the caller gives until the encounter is freed (docs/api.md, "Who frees what"):
 * once each, whatever happens to it in the fight (rolled back, left, replaced). */
int cops__enc_hold(cops_encounter *e, int kind, void *p)
{
  for (int i = 0; i < e->nheld; i++)
    if (e->held[i].p == p)
      return COPS_OK;
  if (e->nheld == e->held_cap) {
    const int cap = e->held_cap ? 2 * e->held_cap : 16;
    void *q = cops__realloc(&e->ctx->alloc, e->held, (size_t)cap * sizeof *e->held);
    if (!q)
      return FAIL(e, COPS_ENOMEM, "out of memory for the encounter's holds");
    e->held = q;
    e->held_cap = cap;
  }
  e->held[e->nheld].kind = kind;
  e->held[e->nheld++].p = p;
  if (kind == HELD_CHARACTER)
    cops_character_retain(p);
  else if (kind == HELD_WEAPON)
    cops_weapon_retain(p);
  else
    cops_armour_retain(p);
  return COPS_OK;
}

void cops__enc_save(const cops_encounter *e, struct saved *v)
{
  memcpy(v->c, e->c, (size_t)e->n * sizeof *e->c);
  for (int i = 0; i < e->n; i++) {
    cops__char_save(e->c[i].ch, &v->st[i]);
    for (int k = 0; k < e->c[i].nweapons; k++) {
      v->loaded[i][k] = e->c[i].weapon[k]->v[COPS_WEAPON_LOADED];
      v->spares[i][k] = e->c[i].weapon[k]->spares;
    }
  }
  v->n = e->n;
  v->round = e->round;
  v->in_round = e->in_round;
  v->over = e->over;
  v->winner = e->winner;
  v->started = e->started;
  cops__log_mark(e->log, &v->log);
  cops__rng_mark(e->ctx, &v->rng);
}

void cops__enc_restore(cops_encounter *e, const struct saved *v)
{
  for (int i = v->n; i < e->n; i++) {   /* combatants added since */
    cops_outcome_free(e->zone[i]);
    e->zone[i] = NULL;
    cops__free(&e->ctx->alloc, e->c[i].ledger0);
    e->c[i].ledger0 = NULL;
    e->tag[i][0] = '\0';
  }
  e->n = v->n;
  memcpy(e->c, v->c, (size_t)e->n * sizeof *e->c);
  for (int i = 0; i < e->n; i++) {
    cops__char_restore(e->c[i].ch, &v->st[i]);
    for (int k = 0; k < e->c[i].nweapons; k++) {
      e->c[i].weapon[k]->v[COPS_WEAPON_LOADED] = v->loaded[i][k];
      e->c[i].weapon[k]->spares = v->spares[i][k];
    }
  }
  e->round = v->round;
  e->in_round = v->in_round;
  e->over = v->over;
  e->winner = v->winner;
  e->started = v->started;
  cops__log_rewind(e->log, &v->log);
  cops__rng_rewind(e->ctx, &v->rng);
}

static void save(cops_encounter *e)
{
  cops__enc_save(e, &e->saved);
}

/* Back to the state save() took; returns rc. */
static int restore(cops_encounter *e, int rc)
{
  cops__enc_restore(e, &e->saved);
  return rc;
}




static int between_rounds(const cops_encounter *e, const char *what)
{
  if (e->in_round)
    return cops__fail(e->ctx, COPS_ESTATE, "%s: only between rounds", what);
  return COPS_OK;
}

/* An event naming combatants by id (-1 none), their names for display. */
int cops__enc_ev(cops_encounter *e, cops_event *x, int actor, int target, const char *weapon)
{
  if (!e->logging)
    return COPS_OK;
  return cops__log_push(e->log, x, actor >= 0 ? name(e, actor) : NULL, actor,
                        target >= 0 ? name(e, target) : NULL, target, weapon, NULL);
}

/* An event naming a side (JOIN, END): the side's name stands as its target, no id. */
/* A combatant does not act: why (IDLE). */
int cops__enc_idle(cops_encounter *e, int id, int reason)
{
  cops_event x = {0};
  x.type = COPS_EV_IDLE;
  x.reason = reason;
  return cops__enc_ev(e, &x, id, -1, NULL);
}

int cops__enc_ev_side(cops_encounter *e, cops_event *x, int actor, int side)
{
  if (!e->logging)
    return COPS_OK;
  const char *side_name = side >= 0 && e->side_name[side][0] ? e->side_name[side] : NULL;
  return cops__log_push(e->log, x, actor >= 0 ? name(e, actor) : NULL, actor, side_name, -1,
                        NULL, NULL);
}

static int ev_join(cops_encounter *e, int id)
{
  cops_event x = {0};
  x.type = COPS_EV_JOIN;
  x.id = id;
  x.side = e->c[id].side;
  x.x = e->c[id].x;
  x.y = e->c[id].y;
  return cops__enc_ev_side(e, &x, id, x.side);
}

int cops_encounter_set_ruleset(cops_encounter *e, int ruleset)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (!cops__rules_of(ruleset))
    return FAIL(e, COPS_EINVAL, "unknown ruleset %d (COPS_RULES_CORE %d, COPS_RULES_ALTERNATIVE "
                "%d)", ruleset, COPS_RULES_CORE, COPS_RULES_ALTERNATIVE);
  if (e->round > 0 || e->in_round)
    return FAIL(e, COPS_ESTATE, "the ruleset is chosen before the first round (round %d)",
                e->round);
  e->rules = cops__rules_of(ruleset);
  return COPS_OK;
}

int cops_encounter_ruleset(const cops_encounter *e)
{
  return e ? cops__rules_named(e->rules->attack->name) : COPS_EINVAL;
}

int cops_encounter_add(cops_encounter *e, cops_character *ch, int side, int x, int y, int *id)
{
  if (!e || !ch)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = between_rounds(e, "joining")))
    return rc;
  if (e->n == COPS_COMBATANTS_MAX)
    return FAIL(e, COPS_ERANGE, "at most %d combatants", COPS_COMBATANTS_MAX);
  if (side < 0 || side >= COPS_SIDES_MAX)
    return FAIL(e, COPS_ERANGE, "side %d out of range 0..%d", side, COPS_SIDES_MAX - 1);
  if (x < -COPS_POSITION_MAX || x > COPS_POSITION_MAX || y < -COPS_POSITION_MAX ||
      y > COPS_POSITION_MAX)
    return FAIL(e, COPS_ERANGE, "position (%d, %d) outside ±%d m", x, y, COPS_POSITION_MAX);
  if (cops__character_ctx(ch) != e->ctx)
    return FAIL(e, COPS_EINVAL, "the character belongs to another context");
  for (int i = 0; i < e->n; i++)
    if (e->c[i].ch == ch && e->c[i].present)
      return FAIL(e, COPS_EINVAL, "%s is already in the encounter (id %d)", who(e, i), i);
  if (cops__dead(ch))
    return FAIL(e, COPS_ERULE, "%s is dead", cops_character_name(ch));
  cops_outcome *zone;
  struct cops__ledger_entry *ledger0 = NULL;
  if (ch->w.ln &&
      !(ledger0 = cops__malloc(&e->ctx->alloc, (size_t)ch->w.ln * sizeof *ledger0)))
    return FAIL(e, COPS_ENOMEM, "out of memory for a combatant");
  if (cops__outcome_new(&zone, &e->ctx->alloc)) {
    cops__free(&e->ctx->alloc, ledger0);
    return FAIL(e, COPS_ENOMEM, "out of memory for a combatant");
  }
  const int held_before = e->nheld;
  if ((rc = cops__enc_hold(e, HELD_CHARACTER, ch))) {
    cops_outcome_free(zone);
    cops__free(&e->ctx->alloc, ledger0);
    return rc;
  }
  const int fresh_hold = e->nheld > held_before;
  save(e);
  const int i = e->n++;
  e->zone[i] = zone;
  struct combatant *c = &e->c[i];
  memset(c, 0, sizeof *c);
  c->ch = ch;
  c->side = side;
  c->x = c->x0 = x;
  c->y = c->y0 = y;
  c->present = 1;
  c->held_by = -1;
  c->in_zone = -1;
  c->w0 = ch->w;
  c->ledger0 = ledger0;
  for (int k = 0; k < ch->w.ln; k++)
    ledger0[k] = ch->ledger[(ch->w.lhead + k) % COPS__LEDGER];
  c->w0.lhead = 0;
  cops_character_hp(ch, &c->hp0);
  c->cond0 = (unsigned)cops_character_conditions(ch);
  cops__character_recovery_state(ch, &c->rec_d0, &c->rec_r0);
  cops_character_points(ch, COPS_ADRENALINE, &c->points0[0], NULL);
  cops_character_points(ch, COPS_ANCIENNETE, &c->points0[1], NULL);
  if (e->started && (rc = ev_join(e, i))) {
    if (fresh_hold) {   /* all or nothing: the hold taken for it goes too */
      e->nheld--;
      cops_character_free(ch);
    }
    return restore(e, rc);
  }
  if (id)
    *id = i;
  return COPS_OK;
}

int cops_encounter_give_weapon(cops_encounter *e, int id, cops_weapon *w)
{
  if (!e || !w)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = check_id(e, id)) || (rc = between_rounds(e, "giving a weapon")))
    return rc;
  struct combatant *c = &e->c[id];
  if (c->nweapons == COPS_WEAPONS_MAX)
    return FAIL(e, COPS_ERANGE, "%s already carries %d weapons", who(e, id), COPS_WEAPONS_MAX);
  for (int k = 0; k < e->n; k++)
    for (int j = 0; j < e->c[k].nweapons; j++)
      if (e->c[k].weapon[j] == w)
        return FAIL(e, COPS_EINVAL, "%s is already carried by %s", cops_weapon_name(w),
                    who(e, k));
  if ((rc = cops__enc_hold(e, HELD_WEAPON, w)))
    return rc;
  c->loaded0[c->nweapons] = cops__wget(w, COPS_WEAPON_LOADED);
  c->spares0[c->nweapons] = w->spares;
  c->weapon[c->nweapons++] = w;
  return COPS_OK;
}

int cops__enc_equip(cops_encounter *e, int id, int weapons, int armour)
{
  int rc;
  if ((rc = check_id(e, id)) || (rc = between_rounds(e, "equipping")))
    return rc;
  struct combatant *c = &e->c[id];
  const int n = c->nweapons || !weapons ? 0 : cops_character_weapon_count(c->ch);
  const cops_armour *a = c->armour || !armour ? NULL : cops_character_armour(c->ch);
  /* Everything checked and held first: all or nothing. */
  for (int j = 0; j < n; j++) {
    const cops_weapon *w = cops_character_weapon(c->ch, j);
    for (int k = 0; k < e->n; k++)
      for (int i = 0; i < e->c[k].nweapons; i++)
        if (e->c[k].weapon[i] == w)
          return FAIL(e, COPS_EINVAL, "%s is already carried by %s", cops_weapon_name(w),
                      who(e, k));
  }
  for (int j = 0; j < n; j++)
    if ((rc = cops__enc_hold(e, HELD_WEAPON, cops_character_weapon(c->ch, j))))
      return rc;
  if (a && (rc = cops__enc_hold(e, HELD_ARMOUR, (void *)a)))
    return rc;
  for (int j = 0; j < n; j++) {
    cops_weapon *w = cops_character_weapon(c->ch, j);
    c->loaded0[j] = cops__wget(w, COPS_WEAPON_LOADED);
    c->spares0[j] = w->spares;
    c->weapon[j] = w;
  }
  if (n) {
    c->nweapons = n;
    c->hand = c->hand0 = cops_character_hand(c->ch);
  }
  if (a)
    c->armour = a;
  return COPS_OK;
}

int cops_encounter_equip(cops_encounter *e, int id)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  return cops__enc_equip(e, id, 1, 1);
}

int cops_encounter_set_armour(cops_encounter *e, int id, const cops_armour *a)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = check_id(e, id)) || (rc = between_rounds(e, "changing armour")) ||
      (a && (rc = cops__enc_hold(e, HELD_ARMOUR, (void *)a))))
    return rc;
  e->c[id].armour = a;
  return COPS_OK;
}

int cops_encounter_set_controlled(cops_encounter *e, int id, int controlled)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = check_id(e, id)))
    return rc;
  if (controlled != 0 && controlled != 1)
    return FAIL(e, COPS_EINVAL, "controlled is %d, not 0 or 1", controlled);
  e->c[id].controlled = controlled;
  return COPS_OK;
}

int cops_encounter_remove(cops_encounter *e, int id)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = check_id(e, id)) || (rc = between_rounds(e, "leaving")))
    return rc;
  if (!e->c[id].present)
    return FAIL(e, COPS_ESTATE, "%s has already left", who(e, id));
  save(e);
  e->c[id].present = 0;
  for (int i = 0; i < e->n; i++)
    if (e->c[i].held_by == id) {
      e->c[i].held_by = -1;
      cops_character_set_conditions(e->c[i].ch, COPS_COND_HELD, 0);
    }
  cops_event x = {0};
  x.type = COPS_EV_LEAVE;
  x.id = id;
  return (rc = cops__enc_ev(e, &x, id, -1, NULL)) ? restore(e, rc) : COPS_OK;
}

int cops_encounter_count(const cops_encounter *e)
{
  return e ? e->n : COPS_EINVAL;
}

cops_character *cops_encounter_character(const cops_encounter *e, int id)
{
  return e && id >= 0 && id < e->n ? e->c[id].ch : NULL;
}

int cops_encounter_side(const cops_encounter *e, int id)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  return check_id(e, id) ? COPS_ERANGE : e->c[id].side;
}

int cops_encounter_position(const cops_encounter *e, int id, int *x, int *y)
{
  if (!e || !x || !y)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (check_id(e, id))
    return COPS_ERANGE;
  *x = e->c[id].x;
  *y = e->c[id].y;
  return COPS_OK;
}

int cops_encounter_set_position(cops_encounter *e, int id, int x, int y)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = check_id(e, id)) || (rc = between_rounds(e, "placing")))
    return rc;
  if (x < -COPS_POSITION_MAX || x > COPS_POSITION_MAX || y < -COPS_POSITION_MAX ||
      y > COPS_POSITION_MAX)
    return FAIL(e, COPS_ERANGE, "position (%d, %d) outside ±%d m", x, y, COPS_POSITION_MAX);
  e->c[id].x = x;
  e->c[id].y = y;
  return COPS_OK;
}

int cops_encounter_distance(const cops_encounter *e, int a, int b)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (check_id(e, a) || check_id(e, b))
    return COPS_ERANGE;
  return dist(e, a, b);
}

cops_weapon *cops_encounter_weapon(const cops_encounter *e, int id)
{
  if (!e || id < 0 || id >= e->n)
    return NULL;
  return in_hand(&e->c[id]);
}

int cops_encounter_present(const cops_encounter *e, int id)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  return check_id(e, id) ? COPS_ERANGE : e->c[id].present;
}



int cops_encounter_can_act(const cops_encounter *e, int id)
{
  if (!e)
    return COPS_EINVAL;
  return check_id(e, id) ? COPS_ERANGE : able(e, id);
}

int cops_encounter_able(const cops_encounter *e, int id, int *can)
{
  if (!e || !can)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc = check_id(e, id);
  if (rc)
    return rc;
  *can = able(e, id);
  return COPS_OK;
}

int cops_encounter_seed(cops_encounter *e, uint64_t seed)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = between_rounds(e, "seeding")))
    return rc;
  if ((rc = cops_ctx_seed(e->ctx, seed)))
    return rc;
  e->seeded = 1;
  e->seed = seed;
  return COPS_OK;
}

int cops_encounter_set_max_rounds(cops_encounter *e, int rounds)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (rounds < 1 || rounds > 10000)
    return FAIL(e, COPS_ERANGE, "round cap %d out of range 1..10000", rounds);
  e->max_rounds = rounds;
  return COPS_OK;
}

int cops__encounter_logging(const cops_encounter *e)
{
  return e->logging;
}

int cops_encounter_set_logging(cops_encounter *e, int on)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (on != 0 && on != 1)
    return FAIL(e, COPS_EINVAL, "logging is %d, not 0 or 1", on);
  e->logging = on;
  return COPS_OK;
}

cops_log *cops_encounter_log(const cops_encounter *e)
{
  return e ? e->log : NULL;
}

int cops_encounter_round(const cops_encounter *e)
{
  return e ? e->round : COPS_EINVAL;
}

int cops_encounter_over(const cops_encounter *e)
{
  return e ? e->over : COPS_EINVAL;
}

int cops_encounter_winner(const cops_encounter *e)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (!e->over)
    return cops__fail(e->ctx, COPS_ESTATE, "the fight is not over (round %d)", e->round);
  return e->winner;
}

int cops_encounter_get_winner(const cops_encounter *e, int *side)
{
  if (!e || !side)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (!e->over)
    return cops__fail(e->ctx, COPS_ESTATE, "the fight is not over (round %d)", e->round);
  *side = e->winner >= 0 ? e->winner : COPS_NO_WINNER;
  return COPS_OK;
}

int cops__encounter_set_side_name(cops_encounter *e, int side, const char *text)
{
  snprintf(e->side_name[side], sizeof e->side_name[side], "%s", text);
  return COPS_OK;
}

int cops_encounter_reset(cops_encounter *e)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    cops_character_set_hp(c->ch, c->hp0);
    cops_character_set_conditions(c->ch, COPS_COND_ALL & ~COPS_COND_OUT, 0);
    cops_character_set_conditions(c->ch, COPS_COND_OUT, 0);
    if (c->cond0 & COPS_COND_OUT)
      cops_character_set_recovery(c->ch, c->rec_d0);
    cops__character_set_recovery_state(c->ch, c->rec_d0, c->rec_r0);
    cops_character_set_conditions(c->ch, c->cond0 & ~COPS_COND_OUT, 1);
    for (int k = 0; k < c->nweapons; k++) {
      cops_weapon_set(c->weapon[k], COPS_WEAPON_LOADED, c->loaded0[k]);
      c->weapon[k]->spares = c->spares0[k];
    }
    cops_character_set_current_points(c->ch, COPS_ADRENALINE, c->points0[0]);
    cops_character_set_current_points(c->ch, COPS_ANCIENNETE, c->points0[1]);
    c->hand = c->hand0;
    c->x = c->x0;
    c->y = c->y0;
    /* A character that left and joined again is back once: in its last place. */
    c->present = 1;
    for (int j = i + 1; j < e->n; j++)
      if (e->c[j].ch == c->ch)
        c->present = 0;
    c->declared = c->cancelled = c->thrown = c->moved = 0;
    c->attitude_now = 0;   /* Normal, as it joined: what the odds read until it declares */
    c->held_by = c->in_zone = -1;
    c->death_told = 0;
    /* The wounds, the clock and the ledger as it joined (lib/sheet/wounds.c). */
    c->ch->w = c->w0;
    for (int k = 0; k < c->w0.ln; k++)
      c->ch->ledger[k] = c->ledger0[k];
    c->fresh = 0;
  }
  e->round = e->in_round = e->over = e->started = e->aftermath = 0;
  e->winner = -1;
  cops__log_restart(e->log);
  return COPS_OK;
}

/* ---- rounds ------------------------------------------------------------------ */

static int start(cops_encounter *e)
{
  e->started = 1;
  cops_event x = {0};
  x.type = COPS_EV_START;
  x.seeded = e->seeded;
  x.seed = e->seed;
  x.id = e->n;
  int rc = cops__enc_ev(e, &x, -1, -1, NULL);
  for (int i = 0; i < e->n && !rc; i++)
    if (e->c[i].present)
      rc = ev_join(e, i);
  return rc;
}

static int begin_round(cops_encounter *e)
{
  if (e->in_round)
    return FAIL(e, COPS_ESTATE, "round %d has begun already", e->round);
  if (e->over)
    return FAIL(e, COPS_ESTATE, "the fight is over");
  int rc;
  if (!e->started && (rc = start(e)))
    return rc;
  e->round++;
  e->in_round = 1;
  if (e->logging)
    cops_log_set_round(e->log, e->round);
  cops_event x = {0};
  x.type = COPS_EV_ROUND;
  if ((rc = cops__enc_ev(e, &x, -1, -1, NULL)))
    return rc;
  for (int i = 0; i < e->n; i++)
    e->c[i].declared = 0;   /* last round's declarations spend no point now */
  /* C10.4: those out of the fight roll to recover at the start of each later round. */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present)
      continue;
    if ((c->ch->conditions & COPS_COND_OUT) && !cops__down(c->ch)) {
      int recovered;
      if ((rc = cops__recovery_roll(e->roll, c->ch, i, -1, LOG(e), &recovered, COPS__NO_UNDO)))
        return rc;
    }
  }
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    int hp = 0;
    cops_character_hp(c->ch, &hp);
    c->start_conditions = (unsigned)cops_character_conditions(c->ch);
    c->declared = c->cancelled = c->thrown = 0;
    c->fresh = 0;
    c->in_zone = -1;
  }
  /* A scenario's scripted declarations for this round, checked like any other; a
   * combatant who cannot act this round, or whom the fight has put where the script's
   * action is not allowed (on the ground, held, its weapon dropped: COPS_ERULE), is
   * left to the default policy (docs/scenarios.md). */
  for (int k = 0; k < e->nscript; k++) {
    const struct cops__script_line *l = &e->script[k];
    if (l->round != e->round || l->id < 0 || l->id >= e->n || !able(e, l->id))
      continue;
    const struct combatant *sc = &e->c[l->id];
    const int put_out = (sc->start_conditions & (COPS_COND_ON_GROUND | COPS_COND_HELD)) ||
                        (sc->nweapons && sc->hand < 0);
    if ((rc = cops__check_declaration(e, l->id, &l->d)) == COPS_ERULE && put_out)
      continue;
    if (rc) {
      char where[64];
      snprintf(where, sizeof where, "round %d", e->round);
      return cops__prefix_error(e->ctx, rc, where);
    }
    e->c[l->id].decl = l->d;
    e->c[l->id].declared = 1;
    e->c[l->id].declared_by = -1;   /* the scenario's round */
    e->c[l->id].why[0] = e->c[l->id].why[1] = e->c[l->id].why[2] = -1;
  }
  return COPS_OK;
}

void cops__encounter_set_script(cops_encounter *e, const struct cops__script_line *lines, int n)
{
  e->script = lines;
  e->nscript = n;
}

/* The declarations of the able combatants nobody declared for, by their policies. */
static int declare_others(cops_encounter *e)
{
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!able(e, i) || c->declared)
      continue;
    cops_declaration d;
    int rc = cops__enc_policy(e, i, &d, c->why);
    if (rc)
      return rc;
    if ((rc = cops__check_declaration(e, i, &d)))
      return rc;   /* a policy bug shows as an error, never a silent wrong move */
    c->decl = d;
    c->declared = 1;
    c->declared_by = c->policy;
  }
  return COPS_OK;
}

static int resolve_round(cops_encounter *e)
{
  if (!e->in_round)
    return FAIL(e, COPS_ESTATE, "no round has begun (cops_encounter_begin_round)");
  int rc;
  for (int i = 0; i < e->n; i++)
    if (able(e, i) && !e->c[i].declared && e->c[i].controlled)
      return FAIL(e, COPS_ESTATE, "%s (id %d) is controlled and has not declared", who(e, i),
                  i);
  /* The policies declare for the others; nothing but their declarations changes meanwhile,
   * so the tactical policy may keep what it expects of each (lib/fight/tactical.c). */
  cops__tactics_declaring(e, 1);
  rc = declare_others(e);
  cops__tactics_declaring(e, 0);
  if (rc)
    return rc;
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present)
      continue;
    if (!c->declared) {
      if ((cops_character_conditions(c->ch) & COPS_COND_OUT) &&
          cops__health(c->ch) < COPS_UNCONSCIOUS && (rc = cops__enc_idle(e, i, COPS_IDLE_OUT)))
        return rc;
      continue;
    }
    c->attitude_now = c->decl.attitude;
    if (e->logging) {
      cops_event x = {0};
      x.type = COPS_EV_DECLARE;
      x.id = i;
      x.action = c->decl.action;
      x.attitude = c->decl.attitude;
      x.initiative = c->decl.initiative;
      x.target_id = c->decl.target;
      x.distance = c->decl.moving ? 0 : -1;
      x.x = c->decl.x;
      x.y = c->decl.y;
      x.dice_mod = c->decl.dice_mod;
      x.threshold_mod = c->decl.threshold_mod;
      x.difficulty_mod = c->decl.difficulty_mod;
      x.policy = c->declared_by;
      x.odds_down = c->why[0];
      x.odds_first = c->why[1];
      x.odds_risk = c->why[2];
      if ((rc = cops__enc_ev(e, &x, i, c->decl.target, NULL)))
        return rc;
    }
  }
  return e->rules->resolve(e);   /* the round's actions and its end */
}

static int run_round(cops_encounter *e)
{
  int rc;
  if (!e->in_round && (rc = begin_round(e)))
    return rc;
  return resolve_round(e);
}

int cops_encounter_set_anciennete_callback(cops_encounter *e, cops_anciennete_fn fn, void *user)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  e->anciennete = fn;
  e->anciennete_user = fn ? user : NULL;
  return COPS_OK;
}

/* C5: whether combatant id spends Ancienneté on its failed roll: its
 * declaration says so this round, else the caller's callback for a
 * controlled combatant; the default policy's combatants keep their points. */
static int decide_anciennete(void *self, int id, int purpose, const cops_roll *failed,
                             int *spend)
{
  cops_encounter *e = self;
  *spend = 0;
  if (id < 0 || id >= e->n)
    return COPS_OK;
  const struct combatant *c = &e->c[id];
  if (c->declared && c->decl.anciennete) {
    *spend = 1;
    return COPS_OK;
  }
  if (!c->controlled || !e->anciennete)
    return COPS_OK;
  cops_ctx *ctx = e->ctx;
  ctx->in_callback = 1;
  const int answer = e->anciennete(e->anciennete_user, id, purpose, failed,
                                   cops__anciennete_left(c->ch));
  ctx->in_callback = 0;
  if (ctx->reentered) {
    ctx->reentered = 0;
    return FAIL(e, COPS_ESTATE, "the Ancienneté callback called the library on the "
                "encounter's context (refused; docs/encounters.md)");
  }
  if (answer < 0)
    return FAIL(e, answer >= COPS_EIO ? answer : COPS_EINVAL, "the Ancienneté callback "
                "failed (%d) for %s (id %d)", answer, who(e, id), id);
  if (answer > 1)
    return FAIL(e, COPS_EINVAL, "the Ancienneté callback returned %d for %s (id %d): 1 "
                "spends a point, 0 keeps it", answer, who(e, id), id);
  *spend = answer;
  return COPS_OK;
}

/* The public round procedures: all or nothing (docs/encounters.md); while
 * one runs, failed rolls ask decide_anciennete(). */
static int entered(cops_encounter *e)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  save(e);
  e->ctx->anciennete = decide_anciennete;
  e->ctx->anciennete_self = e;
  return COPS_OK;
}

static int left(cops_encounter *e, int rc)
{
  e->ctx->anciennete = NULL;
  e->ctx->anciennete_self = NULL;
  return rc ? restore(e, rc) : COPS_OK;
}

int cops_encounter_begin_round(cops_encounter *e)
{
  int rc = entered(e);
  return rc ? rc : left(e, begin_round(e));
}

int cops_encounter_resolve_round(cops_encounter *e)
{
  int rc = entered(e);
  return rc ? rc : left(e, resolve_round(e));
}

int cops_encounter_run_round(cops_encounter *e)
{
  int rc = entered(e);
  return rc ? rc : left(e, run_round(e));
}

int cops_encounter_run(cops_encounter *e)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (e->over)
    return FAIL(e, COPS_ESTATE, "the fight is over");
  int rc = entered(e);
  while (!rc && !e->over)
    rc = run_round(e);
  return left(e, rc);
}
