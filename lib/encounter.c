/* Encounters: rounds under the core rules (COPS.md C6, C8.2, C8.5, C10.4,
 * C10.5, C11.1), the default policy, and the state between rounds.
 * docs/encounters.md tells the order of everything. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define REASONABLE_MOVE 10   /* C6.3: beyond 10 m in a round, chase rules */
#define COVER_RADIUS 5       /* C10.5: the covered zone, 2-10 m wide: 5 m around its target */

struct combatant {
  cops_character *ch;
  cops_weapon *weapon[COPS_WEAPONS_MAX];
  int nweapons, hand;
  const cops_armour *armour;
  int side, x, y;
  int present, controlled;
  int declared;
  cops_declaration decl;
  int cancelled;             /* pinned by covering fire this round */
  int attitude_now;          /* the attitude this round (Planqué once pinned) */
  unsigned start_conditions; /* at the round's start, after recovery */
  unsigned fresh;            /* round-bound conditions set again this round */
  int was_down;              /* at 0 hit points or below when the round began */
  int bleed_every, bleed_wait; /* C8.2: 1 hit point every bleed_every rounds (10 stabilised) */
  int death_told;            /* the log has its death event */
  int thrown;                /* thrown this round: stands up at its end (C11.1) */
  int held_by;               /* holder's id, -1 */
  int in_zone;               /* covering fire: id of the shooter whose zone they risk, -1 */
  /* As it joined, for cops_encounter_reset(). */
  int hp0, rec_d0, rec_r0, hand0, x0, y0;
  unsigned cond0;
  int loaded0[COPS_WEAPONS_MAX];
};

/* The round procedures of a ruleset (DESIGN.md section 1). */
struct round_rules {
  int (*policy)(cops_encounter *e, int id, cops_declaration *d);
  int (*resolve)(cops_encounter *e);
};

/* The state a round changes, saved to put back when it fails (all or
 * nothing): the combatants, their characters and rounds loaded, the round,
 * the log's end, the random source's place. */
struct saved {
  struct combatant c[COPS_COMBATANTS_MAX];
  cops__char_state st[COPS_COMBATANTS_MAX];
  int loaded[COPS_COMBATANTS_MAX][COPS_WEAPONS_MAX];
  int n, round, in_round, over, winner, started;
  cops__log_mark_t log;
  cops__rng_mark_t rng;
};

struct cops_encounter {
  cops_ctx *ctx;
  struct saved saved;
  const struct round_rules *rules;
  struct combatant c[COPS_COMBATANTS_MAX];
  int n;
  int round, in_round, over, winner, max_rounds;
  int logging, started, seeded;
  uint64_t seed;
  cops_log *log;
  cops_outcome *out, *zone[COPS_COMBATANTS_MAX];
  cops_roll *roll;
  char side_name[COPS_SIDES_MAX][64];
};

#define FAIL(e, code, ...) cops__fail((e)->ctx, code, __VA_ARGS__)
#define LOG(e) ((e)->logging ? (e)->log : NULL)

static const char *const action_names[COPS_ACT_COUNT] = {
  "wait", "shoot", "burst", "cover", "melee", "strike", "hold", "throw", "escape", "move",
  "reload", "draw", "stand_up", "first_aid",
};

const char *cops_encounter_action_name(int action)
{
  return action >= 0 && action < COPS_ACT_COUNT ? action_names[action] : NULL;
}

int cops_encounter_action_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  const int a = cops__name_index(text, action_names, COPS_ACT_COUNT);
  if (a < 0)
    return COPS_ENOTFOUND;
  *out = a;
  return COPS_OK;
}

static void declaration_defaults(cops_declaration *d, int action)
{
  memset(d, 0, sizeof *d);
  d->size = sizeof *d;
  d->action = action;
  d->target = -1;
  d->shots = 1;
  d->difficulty = 3;
}

int cops_declaration_init_sized(cops_declaration *d, size_t size, int action)
{
  if (!d || size < COPS__DECLARATION_SIZE_0_5 || size > sizeof *d)
    return COPS_EINVAL;
  cops_declaration full;
  declaration_defaults(&full, action);
  memcpy(d, &full, size);     /* never past the caller's struct */
  d->size = (uint32_t)size;
  return action >= 0 && action < COPS_ACT_COUNT ? COPS_OK : COPS_EINVAL;
}

int (cops_declaration_init)(cops_declaration *d, int action)
{
  return cops_declaration_init_sized(d, COPS__DECLARATION_SIZE_0_5, action);
}

static int is_melee_action(int a)
{
  return a >= COPS_ACT_MELEE && a <= COPS_ACT_ESCAPE;
}

/* ---- geometry -------------------------------------------------------------- */

/* Whole metres, rounded up: the least d with d * d >= dx * dx + dy * dy. The
 * square root is only a first guess; the integer checks make the answer exact, the
 * same on every platform. */
static int metres(int x0, int y0, int x1, int y1)
{
  const int64_t dx = (int64_t)x1 - x0, dy = (int64_t)y1 - y0;
  const int64_t sq = dx * dx + dy * dy;
  int64_t d = (int64_t)sqrt((double)sq);
  while (d * d < sq)
    d++;
  while (d > 0 && (d - 1) * (d - 1) >= sq)
    d--;
  return (int)d;
}

static int dist(const cops_encounter *e, int a, int b)
{
  return metres(e->c[a].x, e->c[a].y, e->c[b].x, e->c[b].y);
}

/* The point m metres from (x, y) towards (tx, ty), at most m metres away. */
static void towards(int x, int y, int tx, int ty, int m, int *ox, int *oy)
{
  const int d = metres(x, y, tx, ty);
  if (d <= m) {
    *ox = tx;
    *oy = ty;
    return;
  }
  for (int k = m; k >= 0; k--) {
    const int64_t nx = x + ((int64_t)(tx - x) * k) / d, ny = y + ((int64_t)(ty - y) * k) / d;
    if (metres(x, y, (int)nx, (int)ny) <= m) {
      *ox = (int)nx;
      *oy = (int)ny;
      return;
    }
  }
  *ox = x;
  *oy = y;
}

/* ---- life cycle ------------------------------------------------------------ */

extern const struct round_rules cops__core_rounds;

int cops_encounter_new(cops_encounter **out, cops_ctx *ctx, int ruleset)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  if (ruleset != COPS_RULES_CORE)
    return cops__fail(ctx, COPS_EINVAL, "unknown ruleset %d (COPS_RULES_CORE is %d)", ruleset,
                      COPS_RULES_CORE);
  COPS__ENTER(ctx);
  cops_encounter *e = cops__calloc(&ctx->alloc, sizeof *e);
  if (!e)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for an encounter");
  e->ctx = ctx;
  e->rules = &cops__core_rounds;
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
  cops_outcome_free(e->out);
  for (int i = 0; i < COPS_COMBATANTS_MAX; i++)
    cops_outcome_free(e->zone[i]);
  cops_roll_free(e->roll);
  cops__free(&e->ctx->alloc, e);
}

static void save(cops_encounter *e)
{
  struct saved *v = &e->saved;
  memcpy(v->c, e->c, (size_t)e->n * sizeof *e->c);
  for (int i = 0; i < e->n; i++) {
    cops__char_save(e->c[i].ch, &v->st[i]);
    for (int k = 0; k < e->c[i].nweapons; k++)
      v->loaded[i][k] = e->c[i].weapon[k]->v[COPS_WEAPON_LOADED];
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

/* Back to the state save() took; returns rc. */
static int restore(cops_encounter *e, int rc)
{
  const struct saved *v = &e->saved;
  for (int i = v->n; i < e->n; i++) {   /* combatants added since */
    cops_outcome_free(e->zone[i]);
    e->zone[i] = NULL;
  }
  e->n = v->n;
  memcpy(e->c, v->c, (size_t)e->n * sizeof *e->c);
  for (int i = 0; i < e->n; i++) {
    cops__char_restore(e->c[i].ch, &v->st[i]);
    for (int k = 0; k < e->c[i].nweapons; k++)
      e->c[i].weapon[k]->v[COPS_WEAPON_LOADED] = v->loaded[i][k];
  }
  e->round = v->round;
  e->in_round = v->in_round;
  e->over = v->over;
  e->winner = v->winner;
  e->started = v->started;
  cops__log_rewind(e->log, &v->log);
  cops__rng_rewind(e->ctx, &v->rng);
  return rc;
}

static int check_id(const cops_encounter *e, int id)
{
  if (id < 0 || id >= e->n)
    return cops__fail(e->ctx, COPS_ERANGE, "combatant %d out of range 0..%d", id, e->n - 1);
  return COPS_OK;
}

static const char *name(const cops_encounter *e, int id)
{
  const char *n = cops_character_name(e->c[id].ch);
  return n && n[0] ? n : NULL;
}

static const char *who(const cops_encounter *e, int id)
{
  const char *n = name(e, id);
  return n ? n : "the combatant";
}

static int between_rounds(const cops_encounter *e, const char *what)
{
  if (e->in_round)
    return cops__fail(e->ctx, COPS_ESTATE, "%s: only between rounds", what);
  return COPS_OK;
}

/* An event naming combatants by id (-1 none), their names for display. */
static int ev(cops_encounter *e, cops_event *x, int actor, int target, const char *weapon)
{
  if (!e->logging)
    return COPS_OK;
  return cops__log_push(e->log, x, actor >= 0 ? name(e, actor) : NULL, actor,
                        target >= 0 ? name(e, target) : NULL, target, weapon, NULL);
}

/* An event naming a side (JOIN, END): the side's name stands as its target, no id. */
static int ev_side(cops_encounter *e, cops_event *x, int actor, int side)
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
  return ev_side(e, &x, id, x.side);
}

int cops_encounter_add(cops_encounter *e, cops_character *ch, int side, int x, int y, int *id)
{
  if (!e || !ch)
    return COPS_EINVAL;
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
  if (cops__health(ch) == COPS_DEAD)
    return FAIL(e, COPS_ERULE, "%s is dead", cops_character_name(ch));
  cops_outcome *zone;
  if (cops__outcome_new(&zone, &e->ctx->alloc))
    return FAIL(e, COPS_ENOMEM, "out of memory for a combatant");
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
  c->bleed_every = 1;
  cops_character_hp(ch, &c->hp0);
  c->cond0 = (unsigned)cops_character_conditions(ch);
  cops__character_recovery_state(ch, &c->rec_d0, &c->rec_r0);
  if (e->started && (rc = ev_join(e, i)))
    return restore(e, rc);
  if (id)
    *id = i;
  return COPS_OK;
}

int cops_encounter_give_weapon(cops_encounter *e, int id, cops_weapon *w)
{
  if (!e || !w)
    return COPS_EINVAL;
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
  c->loaded0[c->nweapons] = cops__wget(w, COPS_WEAPON_LOADED);
  c->weapon[c->nweapons++] = w;
  return COPS_OK;
}

int cops_encounter_set_armour(cops_encounter *e, int id, const cops_armour *a)
{
  if (!e)
    return COPS_EINVAL;
  int rc;
  if ((rc = check_id(e, id)) || (rc = between_rounds(e, "changing armour")))
    return rc;
  e->c[id].armour = a;
  return COPS_OK;
}

int cops_encounter_set_controlled(cops_encounter *e, int id, int controlled)
{
  if (!e)
    return COPS_EINVAL;
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
  return (rc = ev(e, &x, id, -1, NULL)) ? restore(e, rc) : COPS_OK;
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
  return check_id(e, id) ? COPS_ERANGE : e->c[id].side;
}

int cops_encounter_position(const cops_encounter *e, int id, int *x, int *y)
{
  if (!e || !x || !y)
    return COPS_EINVAL;
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
  if (check_id(e, a) || check_id(e, b))
    return COPS_ERANGE;
  return dist(e, a, b);
}

cops_weapon *cops_encounter_weapon(const cops_encounter *e, int id)
{
  if (!e || id < 0 || id >= e->n || !e->c[id].nweapons)
    return NULL;
  return e->c[id].weapon[e->c[id].hand];
}

int cops_encounter_present(const cops_encounter *e, int id)
{
  if (!e)
    return COPS_EINVAL;
  return check_id(e, id) ? COPS_ERANGE : e->c[id].present;
}

static int able(const cops_encounter *e, int id)
{
  const struct combatant *c = &e->c[id];
  return c->present && !cops__down(c->ch) && !(c->ch->conditions & COPS_COND_OUT);
}

/* Still in the fight: present and conscious, out of the fight (stunned) or not. */
static int fighting(const cops_encounter *e, int id)
{
  return e->c[id].present && !cops__down(e->c[id].ch);
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
  if (rounds < 1 || rounds > 10000)
    return FAIL(e, COPS_ERANGE, "round cap %d out of range 1..10000", rounds);
  e->max_rounds = rounds;
  return COPS_OK;
}

int cops_encounter_set_logging(cops_encounter *e, int on)
{
  if (!e)
    return COPS_EINVAL;
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
  if (!e->over)
    return cops__fail(e->ctx, COPS_ESTATE, "the fight is not over (round %d)", e->round);
  return e->winner;
}

int cops_encounter_get_winner(const cops_encounter *e, int *side)
{
  if (!e || !side)
    return COPS_EINVAL;
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
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    cops_character_set_hp(c->ch, c->hp0);
    cops_character_set_conditions(c->ch, COPS_COND_ALL & ~COPS_COND_OUT, 0);
    cops_character_set_conditions(c->ch, COPS_COND_OUT, 0);
    if (c->cond0 & COPS_COND_OUT)
      cops_character_set_recovery(c->ch, c->rec_d0);
    cops__character_set_recovery_state(c->ch, c->rec_d0, c->rec_r0);
    cops_character_set_conditions(c->ch, c->cond0 & ~COPS_COND_OUT, 1);
    for (int k = 0; k < c->nweapons; k++)
      cops_weapon_set(c->weapon[k], COPS_WEAPON_LOADED, c->loaded0[k]);
    c->hand = c->hand0;
    c->x = c->x0;
    c->y = c->y0;
    c->present = 1;
    c->declared = c->cancelled = c->thrown = 0;
    c->held_by = c->in_zone = -1;
    c->bleed_every = 1;
    c->bleed_wait = c->death_told = 0;
    c->fresh = 0;
  }
  e->round = e->in_round = e->over = e->started = 0;
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
  int rc = ev(e, &x, -1, -1, NULL);
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
  if ((rc = ev(e, &x, -1, -1, NULL)))
    return rc;
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
    c->was_down = hp <= 0;
    c->declared = c->cancelled = c->thrown = 0;
    c->fresh = 0;
    c->in_zone = -1;
  }
  return COPS_OK;
}

/* Check a declaration against the rules and the state (C6, C6.3, C6.4, C10, C11.1). */
static int check_declaration(cops_encounter *e, int id, const cops_declaration *d)
{
  const struct combatant *c = &e->c[id];
  const char *me = who(e, id);
  const unsigned cond = c->start_conditions;
  if (d->size != sizeof *d)
    return FAIL(e, COPS_EINVAL, "declaration size %u, expected %zu (initialise it with "
                "cops_declaration_init)", (unsigned)d->size, sizeof *d);
  if (d->action < 0 || d->action >= COPS_ACT_COUNT)
    return FAIL(e, COPS_EINVAL, "%s: unknown action %d", me, d->action);
  const char *act = action_names[d->action];
  if (d->attitude < -2 || d->attitude > 2)
    return FAIL(e, COPS_EINVAL, "%s: attitude %d out of range -2..2", me, d->attitude);
  if (is_melee_action(d->action)) {
    if (d->initiative != 0)
      return FAIL(e, COPS_EINVAL, "%s: initiative %+d for %s: melee has none, use 0 (C6.4)", me,
                  d->initiative, act);
  } else {
    int lo = 2, hi = 2;
    const int reflexes = cops_character_characteristic(c->ch, COPS_REFLEXES);
    cops_initiative_range(reflexes, &lo, &hi);
    if (d->initiative < lo || d->initiative > hi)
      return FAIL(e, COPS_EINVAL, "%s: initiative %+d outside %+d..%+d that Réflexes %d "
                  "allows (C6)", me, d->initiative, lo, hi, reflexes);
    if (d->initiative < 0 && (cond & COPS_COND_NO_NEGATIVE_INITIATIVE))
      return FAIL(e, COPS_ERULE, "%s may not take a negative initiative this round (C10.4)",
                  me);
  }
  if ((cond & COPS_COND_HELD) && d->action != COPS_ACT_ESCAPE && d->action != COPS_ACT_WAIT)
    return FAIL(e, COPS_ERULE, "%s is held: escape or wait (C11.1)", me);
  if (d->action == COPS_ACT_ESCAPE && !(cond & COPS_COND_HELD))
    return FAIL(e, COPS_ERULE, "%s is not held: nothing to escape (C11.1)", me);
  if ((cond & COPS_COND_ON_GROUND) && d->action != COPS_ACT_STAND_UP &&
      d->action != COPS_ACT_WAIT)
    return FAIL(e, COPS_ERULE, "%s is on the ground: stand up or wait (C11.1)", me);
  if (d->action == COPS_ACT_STAND_UP && !(cond & COPS_COND_ON_GROUND))
    return FAIL(e, COPS_ERULE, "%s is not on the ground", me);
  if (d->moving) {
    if (d->moving != 1)
      return FAIL(e, COPS_EINVAL, "%s: moving is %d, not 0 or 1", me, d->moving);
    if (d->x < -COPS_POSITION_MAX || d->x > COPS_POSITION_MAX || d->y < -COPS_POSITION_MAX ||
        d->y > COPS_POSITION_MAX)
      return FAIL(e, COPS_ERANGE, "%s: position (%d, %d) outside ±%d m", me, d->x, d->y,
                  COPS_POSITION_MAX);
    const int m = metres(c->x, c->y, d->x, d->y);
    if (m > REASONABLE_MOVE)
      return FAIL(e, COPS_ERULE, "%s: %d m in a round: beyond 10 m, use the chase rules (C6.3)",
                  me, m);
    if (cond & (COPS_COND_HELD | COPS_COND_ON_GROUND))
      return FAIL(e, COPS_ERULE, "%s cannot move while %s", me,
                  cond & COPS_COND_HELD ? "held" : "on the ground");
  } else if (d->action == COPS_ACT_MOVE) {
    return FAIL(e, COPS_EINVAL, "%s: move needs moving = 1 and where to", me);
  }
  const int needs_target = d->action == COPS_ACT_SHOOT || d->action == COPS_ACT_BURST ||
                           d->action == COPS_ACT_COVER || is_melee_action(d->action) ||
                           d->action == COPS_ACT_FIRST_AID;
  if (needs_target) {
    if (d->target < 0 || d->target >= e->n || !e->c[d->target].present)
      return FAIL(e, COPS_EINVAL, "%s: %s needs a target present in the encounter, not %d", me,
                  act, d->target);
    if (d->target == id)
      return FAIL(e, COPS_EINVAL, "%s cannot %s themselves", me, act);
    if (cops__health(e->c[d->target].ch) == COPS_DEAD)
      return FAIL(e, COPS_ERULE, "%s: %s is dead", me, who(e, d->target));
    if (d->action == COPS_ACT_ESCAPE && c->held_by >= 0 && d->target != c->held_by)
      return FAIL(e, COPS_EINVAL, "%s is held by %s, not %s", me, who(e, c->held_by),
                  who(e, d->target));
  } else if (d->target != -1 && d->action != COPS_ACT_WAIT && d->action != COPS_ACT_MOVE) {
    return FAIL(e, COPS_EINVAL, "%s: %s takes no target (-1)", me, act);
  }
  const cops_weapon *w = c->nweapons ? c->weapon[c->hand] : NULL;
  const int kind = w ? cops_weapon_kind(w) : -1;
  switch (d->action) {
  case COPS_ACT_SHOOT:
  case COPS_ACT_BURST:
  case COPS_ACT_COVER:
    if (!w ||
        !(cops__kind_is_firearm(kind) || (d->action == COPS_ACT_SHOOT && kind == COPS_THROWN)))
      return FAIL(e, COPS_ERULE, "%s has no firearm in hand to %s", me, act);
    if (cops__wget(w, COPS_WEAPON_MAGAZINE) > 0 && cops__wget(w, COPS_WEAPON_LOADED) == 0)
      return FAIL(e, COPS_ERULE, "%s: %s is empty: reload it", me, cops_weapon_name(w));
    if (d->action == COPS_ACT_SHOOT && (d->shots < 1 || d->shots > cops__wget(w, COPS_WEAPON_CT)))
      return FAIL(e, COPS_ERULE, "%s: %d shots with %s, which fires 1..%d a round (CT, C10.7)",
                  me, d->shots, cops_weapon_name(w), cops__wget(w, COPS_WEAPON_CT));
    if (d->action == COPS_ACT_BURST && !cops__wget(w, COPS_WEAPON_VRC))
      return FAIL(e, COPS_ERULE, "%s: %s has no burst value (VRC) (C10.6)", me,
                  cops_weapon_name(w));
    if (d->action == COPS_ACT_COVER && !cops__wget(w, COPS_WEAPON_VC))
      return FAIL(e, COPS_ERULE, "%s: %s has no covering-fire value (VC) (C10.5)", me,
                  cops_weapon_name(w));
    if (d->action == COPS_ACT_COVER && cops__wget(w, COPS_WEAPON_LOADED) < 4)
      return FAIL(e, COPS_ERULE, "%s: covering fire needs at least 4 rounds in %s (C10.5)", me,
                  cops_weapon_name(w));
    break;
  case COPS_ACT_MELEE:
    if (!w || (kind != COPS_BLADE && kind != COPS_BLUNT))
      return FAIL(e, COPS_ERULE, "%s has no blade or blunt weapon in hand (C11)", me);
    break;
  case COPS_ACT_ESCAPE:
    if (c->held_by >= 0 && d->target != c->held_by)
      return FAIL(e, COPS_EINVAL, "%s is held by %s", me, who(e, c->held_by));
    break;
  case COPS_ACT_RELOAD:
    if (!w || cops__wget(w, COPS_WEAPON_MAGAZINE) == 0)
      return FAIL(e, COPS_ERULE, "%s has no weapon with a magazine in hand", me);
    break;
  case COPS_ACT_DRAW:
    if (d->weapon < 0 || d->weapon >= c->nweapons)
      return FAIL(e, COPS_EINVAL, "%s: weapon %d, carries 0..%d", me, d->weapon,
                  c->nweapons - 1);
    if (d->weapon == c->hand)
      return FAIL(e, COPS_ERULE, "%s already holds %s", me, cops_weapon_name(w));
    break;
  case COPS_ACT_FIRST_AID: {
    int hp;
    cops_character_hp(e->c[d->target].ch, &hp);
    if (hp >= 0)
      return FAIL(e, COPS_ERULE, "%s: %s is not dying: first aid in a fight stabilises the "
                  "dying (C8.5)", me, who(e, d->target));
    if (d->difficulty < 1 || d->difficulty > 3)
      return FAIL(e, COPS_EINVAL, "%s: first-aid difficulty %d: 1 kit, 2 makeshift, 3 bare "
                  "hands (C8.4)", me, d->difficulty);
    break;
  }
  default:
    break;
  }
  return COPS_OK;
}

int cops_encounter_declare(cops_encounter *e, int id, const cops_declaration *given)
{
  if (!e || !given)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = check_id(e, id)))
    return rc;
  /* Every size from the first published one: later fields take their defaults. */
  if (given->size < COPS__DECLARATION_SIZE_0_5 || given->size > sizeof *given)
    return FAIL(e, COPS_EINVAL, "declaration size %u, expected %zu..%zu (initialise it with "
                "cops_declaration_init)", (unsigned)given->size,
                (size_t)COPS__DECLARATION_SIZE_0_5, sizeof *given);
  cops_declaration full;
  declaration_defaults(&full, given->action);
  memcpy(&full, given, given->size);
  full.size = sizeof full;
  const cops_declaration *d = &full;
  if (!e->in_round)
    return FAIL(e, COPS_ESTATE, "declarations come after cops_encounter_begin_round()");
  if (!able(e, id))
    return FAIL(e, COPS_ESTATE, "%s cannot act this round", who(e, id));
  if ((rc = check_declaration(e, id, d)))
    return rc;
  e->c[id].decl = *d;
  e->c[id].declared = 1;
  return COPS_OK;
}

int cops_encounter_declaration(const cops_encounter *e, int id, cops_declaration *d)
{
  if (!e || !d)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  const uint32_t size = d->size;
  if (size < sizeof(uint32_t) || size > sizeof *d)
    return cops__fail(e->ctx, COPS_EINVAL, "declaration size %u: set it to "
                      "sizeof(cops_declaration) (cops_declaration_init does)", (unsigned)size);
  int rc = check_id(e, id);
  if (rc)
    return rc;
  if (!e->c[id].declared)
    return cops__fail(e->ctx, COPS_ESTATE, "%s has no declaration this round", who(e, id));
  memcpy(d, &e->c[id].decl, size);   /* the fields the caller's struct knows */
  d->size = size;
  return COPS_OK;
}

/* The id of a character in the encounter, or -1. */
static int id_of(const cops_encounter *e, const cops_character *ch)
{
  for (int i = 0; i < e->n; i++)
    if (e->c[i].ch == ch)
      return i;
  return -1;
}

/* What an attack did, into the round's state: fresh conditions, holds, throws. */
static void note_outcome(cops_encounter *e, const cops_outcome *o, int attacker)
{
  const int nv = cops_outcome_victim_count(o);
  for (int v = 0; v < nv; v++) {
    cops_victim vic;
    vic.size = sizeof vic;
    cops_outcome_victim(o, v, &vic);
    const int id = id_of(e, vic.who);
    if (id < 0)
      continue;
    e->c[id].fresh |= vic.conditions;
    if (vic.conditions & COPS_COND_ON_GROUND)
      e->c[id].thrown = 1;
    if (vic.conditions & COPS_COND_HELD)
      e->c[id].held_by = id == attacker ? e->c[attacker].decl.target : attacker;
  }
}

static int ev_death_checks(cops_encounter *e)
{
  if (!e->logging)
    return COPS_OK;   /* only the log tells deaths as they happen; the round's end removes */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (c->present && !c->death_told && cops__dead(c->ch)) {
      c->death_told = 1;
      cops_event x = {0};
      x.type = COPS_EV_DEATH;
      x.id = i;
      int rc = ev(e, &x, i, -1, NULL);
      if (rc)
        return rc;
    }
  }
  return COPS_OK;
}

static int idle(cops_encounter *e, int id, int reason)
{
  cops_event x = {0};
  x.type = COPS_EV_IDLE;
  x.reason = reason;
  return ev(e, &x, id, -1, NULL);
}

/* Move a combatant to its declared point (C6.3). Returns the metres moved. */
static int do_move(cops_encounter *e, int id, int *moved)
{
  struct combatant *c = &e->c[id];
  *moved = 0;
  if (!c->decl.moving)
    return COPS_OK;
  *moved = metres(c->x, c->y, c->decl.x, c->decl.y);
  c->x = c->decl.x;
  c->y = c->decl.y;
  cops_event x = {0};
  x.type = COPS_EV_MOVE;
  x.x = c->x;
  x.y = c->y;
  x.distance = *moved;
  return ev(e, &x, id, -1, NULL);
}

/* The situation of an attack of id on its declared target. */
static void situation(cops_encounter *e, int id, int mode, int moved, cops_situation *s)
{
  struct combatant *c = &e->c[id];
  const int t = c->decl.target;
  cops_situation_init(s, mode);
  s->attacker = c->ch;
  s->weapon = (mode == COPS_ATTACK_SINGLE || mode == COPS_ATTACK_BURST ||
               mode == COPS_ATTACK_COVER || mode == COPS_ATTACK_MELEE) && c->nweapons
                  ? c->weapon[c->hand] : NULL;
  s->attacker_id = id;
  s->target_id = t;
  s->attitude = c->attitude_now;
  s->initiative = is_melee_action(c->decl.action) ? 0 : c->decl.initiative;
  s->movement = moved;
  if (c->start_conditions & COPS_COND_SHAKEN)
    s->dice_mod = -1;     /* C10.4: -1 die to physical actions this round */
  if (t >= 0 && mode == COPS_ATTACK_COVER) {
    s->target = e->c[t].ch;   /* the zone's centre (C10.5): 5 m around the target */
    s->zone_x = e->c[t].x;
    s->zone_y = e->c[t].y;
    s->zone_radius = COVER_RADIUS;
  }
  if (t >= 0 && mode != COPS_ATTACK_COVER) {
    struct combatant *tc = &e->c[t];
    s->target = tc->ch;
    s->armour = tc->armour;
    s->target_attitude = tc->attitude_now;
    s->distance = dist(e, id, t);
    if (mode >= COPS_ATTACK_MELEE && mode != COPS_ATTACK_ESCAPE) {
      const cops_weapon *tw = tc->nweapons ? tc->weapon[tc->hand] : NULL;
      const int tk = tw ? cops_weapon_kind(tw) : -1;
      s->target_weapon = (tk == COPS_BLADE || tk == COPS_BLUNT) ? (cops_weapon *)tw : NULL;
      /* A target fighting this attacker back with the same exchange fights as declared. */
      if (tc->declared && tc->decl.target == id && is_melee_action(tc->decl.action) &&
          tc->decl.action != COPS_ACT_ESCAPE && !tc->cancelled) {
        static const int mode_of[COPS_ACT_COUNT] = {
          [COPS_ACT_MELEE] = COPS_ATTACK_MELEE, [COPS_ACT_STRIKE] = COPS_ATTACK_STRIKE,
          [COPS_ACT_HOLD] = COPS_ATTACK_HOLD, [COPS_ACT_THROW] = COPS_ATTACK_THROW,
        };
        s->target_mode = mode_of[tc->decl.action];
        if (s->target_mode != COPS_ATTACK_MELEE)
          s->target_weapon = NULL;
        else if (!s->target_weapon)
          s->target_mode = -1;
      }
      s->attacker_armour = c->armour;
    }
  }
}

/* Hits of covering fire on a steady character in its zone, before they act (C10.5). */
static int cover_hits(cops_encounter *e, int id)
{
  struct combatant *c = &e->c[id];
  if (c->in_zone < 0)
    return COPS_OK;
  const int shooter = c->in_zone;
  c->in_zone = -1;
  int rc = cops__cover_enter(e->out, e->zone[shooter], c->ch, id, c->armour, c->attitude_now,
                             LOG(e), COPS__NO_UNDO);
  if (rc)
    return rc;
  note_outcome(e, e->out, shooter);
  return ev_death_checks(e);
}

static const int attack_mode[COPS_ACT_COUNT] = {
  [COPS_ACT_SHOOT] = COPS_ATTACK_SINGLE, [COPS_ACT_BURST] = COPS_ATTACK_BURST,
  [COPS_ACT_COVER] = COPS_ATTACK_COVER, [COPS_ACT_MELEE] = COPS_ATTACK_MELEE,
  [COPS_ACT_STRIKE] = COPS_ATTACK_STRIKE, [COPS_ACT_HOLD] = COPS_ATTACK_HOLD,
  [COPS_ACT_THROW] = COPS_ATTACK_THROW, [COPS_ACT_ESCAPE] = COPS_ATTACK_ESCAPE,
};

/* One combatant's action, in its step. */
static int act(cops_encounter *e, int id, unsigned flags)
{
  struct combatant *c = &e->c[id];
  const cops_declaration *d = &c->decl;
  int rc, moved;
  if (c->cancelled)
    return idle(e, id, COPS_IDLE_PINNED);
  const int was_able = able(e, id);
  if ((rc = do_move(e, id, &moved)) || (rc = cover_hits(e, id)))
    return rc;
  /* Knocked down by covering fire on the way: no action, even in a simultaneous step. */
  if ((was_able || !(flags & COPS__SIMULTANEOUS)) && !able(e, id))
    return idle(e, id, COPS_IDLE_DOWN);
  const int t = d->target;
  switch (d->action) {
  case COPS_ACT_SHOOT:
  case COPS_ACT_BURST:
  case COPS_ACT_MELEE:
  case COPS_ACT_STRIKE:
  case COPS_ACT_HOLD:
  case COPS_ACT_THROW:
  case COPS_ACT_ESCAPE: {
    if (!e->c[t].present ||
        (cops__health(e->c[t].ch) == COPS_DEAD && !(flags & COPS__SIMULTANEOUS)))
      return idle(e, id, COPS_IDLE_NO_TARGET);
    const int mode = attack_mode[d->action];
    cops_situation s;
    situation(e, id, mode, moved, &s);
    if (mode >= COPS_ATTACK_MELEE && mode != COPS_ATTACK_ESCAPE) {
      const int reach = s.weapon ? cops__wget(s.weapon, COPS_WEAPON_RANGE) : 1;
      if (s.distance > reach)
        return idle(e, id, COPS_IDLE_OUT_OF_REACH);
    }
    const int shots = d->action == COPS_ACT_SHOOT ? d->shots : 1;
    for (int k = 0; k < shots; k++) {
      if (s.weapon && cops__wget(s.weapon, COPS_WEAPON_MAGAZINE) > 0 &&
          cops__wget(s.weapon, COPS_WEAPON_LOADED) == 0)
        return idle(e, id, COPS_IDLE_EMPTY);
      if (k > 0 && cops__health(e->c[t].ch) == COPS_DEAD)
        return COPS_OK;
      s.shots_fired = k;
      s.several = shots > 1;
      if ((rc = cops__attack(e->out, &s, LOG(e), flags | COPS__NO_UNDO)))
        return rc;
      note_outcome(e, e->out, id);
      if (d->action == COPS_ACT_ESCAPE && cops_outcome_hit_target(e->out) == 1)
        c->held_by = -1;
      if ((rc = ev_death_checks(e)))
        return rc;
    }
    return COPS_OK;
  }
  case COPS_ACT_RELOAD: {
    cops_weapon *w = c->weapon[c->hand];
    cops_weapon_reload(w);
    cops_event x = {0};
    x.type = COPS_EV_RELOAD;
    x.loaded = cops__wget(w, COPS_WEAPON_LOADED);
    return ev(e, &x, id, -1, cops_weapon_name(w));
  }
  case COPS_ACT_DRAW: {
    c->hand = d->weapon;
    cops_event x = {0};
    x.type = COPS_EV_DRAW;
    return ev(e, &x, id, -1, cops_weapon_name(c->weapon[c->hand]));
  }
  case COPS_ACT_STAND_UP:
    /* C11.1: failing at the round's end, they get up during the next round. */
    cops_character_set_conditions(c->ch, COPS_COND_ON_GROUND, 0);
    if (e->logging) {
      cops_event x = {0};
      x.type = COPS_EV_CONDITION;
      x.condition = COPS_COND_ON_GROUND;
      return ev(e, &x, -1, id, NULL);
    }
    return COPS_OK;
  case COPS_ACT_FIRST_AID: {
    cops_character *dying = e->c[t].ch;
    int hp;
    cops_character_hp(dying, &hp);
    if (hp >= 0 || cops__health(dying) == COPS_DEAD)
      return idle(e, id, COPS_IDLE_NOT_DYING);
    if (dist(e, id, t) > 1)
      return idle(e, id, COPS_IDLE_OUT_OF_REACH);
    /* C8.5: Premiers secours/Sang-froid, the C8.4 difficulty; MR hit points back. */
    cops_action a;
    if ((rc = cops__character_skill_action(&a, c->ch, COPS_PREMIERS_SECOURS, NULL,
                                           COPS_SANG_FROID)))
      return rc;
    a.difficulty = d->difficulty;
    if ((rc = cops_roll_action(e->roll, e->ctx, &a)))
      return rc;
    if (e->logging) {
      cops_event x = {0};
      x.purpose = COPS_PURPOSE_FIRST_AID;
      if ((rc = cops__log_push(e->log, &x, name(e, id), id, name(e, t), t, NULL, e->roll)))
        return rc;
    }
    if (!cops_roll_succeeded(e->roll))
      return COPS_OK;
    int mr = 0;
    cops_roll_margin(e->roll, &mr);
    const int before = hp;
    const int health_before = cops__health(dying);
    cops_character_heal(dying, mr);
    cops_character_hp(dying, &hp);
    if (hp <= 0)
      e->c[t].bleed_every = 10;   /* stabilised: 1 hit point every 10 rounds (C8.5) */
    cops_event x = {0};
    x.type = COPS_EV_HIT_POINTS;
    x.hp_before = before;
    x.hp_after = hp;
    x.damage = before - hp;
    x.health_before = health_before;
    x.health_after = cops__health(dying);
    return ev(e, &x, id, t, NULL);
  }
  default:
    return COPS_OK;   /* wait, move */
  }
}

/* Covering fire first, most aggressive attitude first (C10.5). */
static int resolve_cover(cops_encounter *e)
{
  int order[COPS_COMBATANTS_MAX], n = 0, rc;
  for (int i = 0; i < e->n; i++)
    if (e->c[i].declared && e->c[i].decl.action == COPS_ACT_COVER && able(e, i))
      order[n++] = i;
  for (int a = 1; a < n; a++)
    for (int b = a; b > 0 && e->c[order[b - 1]].attitude_now < e->c[order[b]].attitude_now;
         b--) {
      int t = order[b];
      order[b] = order[b - 1];
      order[b - 1] = t;
    }
  for (int k = 0; k < n; k++) {
    const int id = order[k];
    struct combatant *c = &e->c[id];
    int moved;
    if ((rc = do_move(e, id, &moved)))
      return rc;
    cops_situation s;
    situation(e, id, COPS_ATTACK_COVER, moved, &s);
    if ((rc = cops__attack(e->zone[id], &s, LOG(e), COPS__NO_UNDO)))
      return rc;
    /* The zone: 5 m around the target (2-10 m wide, C10.5); those of other sides in it, or
     * moving into it, roll their nerve. */
    const struct combatant *tc = &e->c[c->decl.target];
    for (int j = 0; j < e->n; j++) {
      struct combatant *u = &e->c[j];
      if (j == id || u->side == c->side || !able(e, j))
        continue;
      const int in_now = metres(u->x, u->y, tc->x, tc->y) <= COVER_RADIUS;
      const int entering = u->declared && u->decl.moving &&
                           metres(u->decl.x, u->decl.y, tc->x, tc->y) <= COVER_RADIUS;
      if (!in_now && !entering)
        continue;
      int steady;
      if ((rc = cops__cover_nerve(e->roll, u->ch, j, LOG(e), &steady, COPS__NO_UNDO)))
        return rc;
      if (!steady) {
        u->cancelled = 1;                 /* takes cover: the action is lost */
        u->attitude_now = COPS_PLANQUE;
        u->fresh |= COPS_COND_PINNED;
      } else if (u->in_zone < 0) {
        u->in_zone = id;                  /* risks hits when acting (C10.5) */
      }
    }
  }
  return COPS_OK;
}

/* Step order (C6): increasing initiative; melee at 0 (C6.4) before the other
 * actions at 0; ties: higher Réflexes, then the more aggressive attitude,
 * else the same step (simultaneous). Returns <0, 0, >0. */
static int step_cmp(const cops_encounter *e, int a, int b)
{
  const struct combatant *x = &e->c[a], *y = &e->c[b];
  const int mx = is_melee_action(x->decl.action), my = is_melee_action(y->decl.action);
  const int ix = mx ? 0 : x->decl.initiative, iy = my ? 0 : y->decl.initiative;
  if (ix != iy)
    return ix - iy;
  if (mx != my)
    return my - mx;          /* melee first at 0 */
  if (mx)
    return 0;                /* melee is simultaneous */
  const int rx = x->ch->value[COPS_REFLEXES], ry = y->ch->value[COPS_REFLEXES];
  if (rx != ry)
    return ry - rx;
  return y->attitude_now - x->attitude_now;
}

static int core_resolve(cops_encounter *e)
{
  int rc;
  if ((rc = resolve_cover(e)))
    return rc;
  int order[COPS_COMBATANTS_MAX], n = 0;
  for (int i = 0; i < e->n; i++)
    if (e->c[i].declared && e->c[i].decl.action != COPS_ACT_COVER)
      order[n++] = i;
  /* Insertion sort: stable, ids in order within a step. */
  for (int a = 1; a < n; a++)
    for (int b = a; b > 0 && step_cmp(e, order[b - 1], order[b]) > 0; b--) {
      int t = order[b];
      order[b] = order[b - 1];
      order[b - 1] = t;
    }
  int done[COPS_COMBATANTS_MAX] = {0};
  for (int k = 0; k < n;) {
    int end = k + 1;
    while (end < n && step_cmp(e, order[k], order[end]) == 0)
      end++;
    /* Who can act is decided at the step's start; the step's actions then all happen. */
    int can[COPS_COMBATANTS_MAX];
    for (int j = k; j < end; j++)
      can[j] = able(e, order[j]);
    const unsigned flags = end - k > 1 ? COPS__SIMULTANEOUS : 0;
    for (int j = k; j < end; j++) {
      const int id = order[j];
      if (done[id])
        continue;
      done[id] = 1;
      if (!can[j]) {
        if ((rc = idle(e, id, COPS_IDLE_DOWN)))
          return rc;
        continue;
      }
      /* One melee exchange for two fighters who attack each other (C11). */
      const int t = e->c[id].decl.target;
      if (is_melee_action(e->c[id].decl.action) && t >= 0 && e->c[t].declared &&
          e->c[t].decl.target == id && is_melee_action(e->c[t].decl.action) &&
          e->c[t].decl.action != COPS_ACT_ESCAPE && e->c[id].decl.action != COPS_ACT_ESCAPE &&
          !done[t]) {
        done[t] = 1;
        int moved;   /* the other fighter's own move still happens, before the exchange */
        if (!e->c[t].cancelled && ((rc = do_move(e, t, &moved)) || (rc = cover_hits(e, t))))
          return rc;
      }
      if ((rc = act(e, id, flags)))
        return rc;
    }
    k = end;
  }
  return COPS_OK;
}

/* The round's end (C8.2, C10.4, C11.1). */
static int end_round(cops_encounter *e)
{
  int rc;
  /* Standing up after a throw this round. */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (c->present && c->thrown && (c->ch->conditions & COPS_COND_ON_GROUND) &&
        !cops__down(c->ch)) {
      int stood;
      if ((rc = cops__stand_up(e->roll, c->ch, i, LOG(e), &stood, COPS__NO_UNDO)))
        return rc;
    }
  }
  /* The dying lose 1 hit point per round (every 10 once stabilised), from the round after
   * they fell (C8.2, C8.5). */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present || !c->was_down || cops__dead(c->ch))
      continue;
    int hp;
    cops_character_hp(c->ch, &hp);
    if (hp > 0)
      continue;
    if (++c->bleed_wait < c->bleed_every)
      continue;
    c->bleed_wait = 0;
    const int health_before = cops__health(c->ch);
    cops_character_damage(c->ch, 1);
    cops_event x = {0};
    x.type = COPS_EV_HIT_POINTS;
    x.damage = 1;
    x.hp_before = hp;
    x.hp_after = hp - 1;
    x.health_before = health_before;
    x.health_after = cops__health(c->ch);
    if ((rc = ev(e, &x, -1, i, NULL)))
      return rc;
  }
  if ((rc = ev_death_checks(e)))
    return rc;
  /* Round-bound conditions: those in force this round end now, unless set again (C10.4,
   * C10.5). */
  const unsigned bound = COPS_COND_SHAKEN | COPS_COND_NO_NEGATIVE_INITIATIVE | COPS_COND_PINNED;
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present)
      continue;
    const unsigned now = (unsigned)cops_character_conditions(c->ch);
    unsigned clear = ((c->start_conditions & bound) & ~c->fresh) | (now & COPS_COND_PINNED);
    clear &= now;
    for (unsigned b = 1; b <= COPS_COND_ALL; b <<= 1) {
      if (!(clear & b))
        continue;
      cops_character_set_conditions(c->ch, b, 0);
      if (e->logging) {
        cops_event x = {0};
        x.type = COPS_EV_CONDITION;
        x.condition = (int)b;
        if ((rc = ev(e, &x, -1, i, NULL)))
          return rc;
      }
    }
  }
  /* The dead leave the fight. */
  for (int i = 0; i < e->n; i++)
    if (e->c[i].present && cops__dead(e->c[i].ch)) {
      e->c[i].present = 0;
      for (int j = 0; j < e->n; j++)
        if (e->c[j].held_by == i) {
          e->c[j].held_by = -1;
          cops_character_set_conditions(e->c[j].ch, COPS_COND_HELD, 0);
        }
    }
  /* Over when at most one side has someone still fighting, or at the round cap. A
   * combatant out of the fight (C10.4) still counts: a recovery roll brings them back. */
  int side = -1, sides = 0;
  unsigned seen = 0;
  for (int i = 0; i < e->n; i++)
    if (fighting(e, i) && !(seen & (1u << e->c[i].side))) {
      seen |= 1u << e->c[i].side;
      sides++;
      side = e->c[i].side;
    }
  e->in_round = 0;
  if (sides <= 1 || e->round >= e->max_rounds) {
    e->over = 1;
    e->winner = sides == 1 ? side : -1;
    cops_event x = {0};
    x.type = COPS_EV_END;
    x.side = e->winner;
    return ev_side(e, &x, -1, e->winner);
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
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!able(e, i))
      continue;
    if (!c->declared) {
      cops_declaration d;
      if ((rc = e->rules->policy(e, i, &d)))
        return rc;
      if ((rc = check_declaration(e, i, &d)))
        return rc;   /* a policy bug shows as an error, never a silent wrong move */
      c->decl = d;
      c->declared = 1;
    }
  }
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present)
      continue;
    if (!c->declared) {
      if ((cops_character_conditions(c->ch) & COPS_COND_OUT) &&
          cops__health(c->ch) < COPS_UNCONSCIOUS && (rc = idle(e, i, COPS_IDLE_OUT)))
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
      if ((rc = ev(e, &x, i, c->decl.target, NULL)))
        return rc;
    }
  }
  if ((rc = e->rules->resolve(e)))
    return rc;
  return end_round(e);
}

static int run_round(cops_encounter *e)
{
  int rc;
  if (!e->in_round && (rc = begin_round(e)))
    return rc;
  return resolve_round(e);
}

/* The public round procedures: all or nothing (docs/encounters.md). */
static int entered(cops_encounter *e)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  save(e);
  return COPS_OK;
}

/* For a scenario's run, which saves once for all its rounds. */
void cops__encounter_save(cops_encounter *e)
{
  save(e);
}
int cops__encounter_restore(cops_encounter *e, int rc)
{
  return restore(e, rc);
}
int cops__encounter_begin(cops_encounter *e)
{
  return begin_round(e);
}
int cops__encounter_resolve(cops_encounter *e)
{
  return resolve_round(e);
}

int cops_encounter_begin_round(cops_encounter *e)
{
  int rc = entered(e);
  return rc ? rc : (rc = begin_round(e)) ? restore(e, rc) : COPS_OK;
}

int cops_encounter_resolve_round(cops_encounter *e)
{
  int rc = entered(e);
  return rc ? rc : (rc = resolve_round(e)) ? restore(e, rc) : COPS_OK;
}

int cops_encounter_run_round(cops_encounter *e)
{
  int rc = entered(e);
  return rc ? rc : (rc = run_round(e)) ? restore(e, rc) : COPS_OK;
}

int cops_encounter_run(cops_encounter *e)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (e->over)
    return FAIL(e, COPS_ESTATE, "the fight is over");
  save(e);
  int rc;
  while (!e->over)
    if ((rc = run_round(e)))
      return restore(e, rc);
  return COPS_OK;
}

/* ---- the default policy (docs/encounters.md) --------------------------------- */

/* The nearest enemy able to act; ties to the lower id. -1 when none. */
static int nearest_enemy(const cops_encounter *e, int id)
{
  int best = -1, bd = 0;
  for (int j = 0; j < e->n; j++) {
    if (j == id || e->c[j].side == e->c[id].side || !able(e, j))
      continue;
    const int d = dist(e, id, j);
    if (best < 0 || d < bd) {
      best = j;
      bd = d;
    }
  }
  return best;
}

static int usable_firearm(const cops_weapon *w, int distance)
{
  if (!w)
    return 0;
  const int kind = cops_weapon_kind(w);
  if (!cops__kind_is_firearm(kind) && kind != COPS_THROWN)
    return 0;
  if (cops__wget(w, COPS_WEAPON_MAGAZINE) > 0 && cops__wget(w, COPS_WEAPON_LOADED) == 0)
    return 0;
  return distance <= 2 * cops__wget(w, COPS_WEAPON_RANGE);
}

/* How well a character shoots with a weapon: the expected successes of its pool,
 * (dice + PR) x (11 - threshold), in hundredths, then its PU. */
static int weapon_score(cops_character *ch, const cops_weapon *w)
{
  cops_action a;
  const int skill = w->skill;
  if (cops__character_skill_action(&a, ch, skill, w->spec[0] ? w->spec : NULL,
                                   cops_skill_characteristic(skill)))
    return -1000000;
  const int threshold = (a.flags & COPS_UNSKILLED) ? 10 : a.threshold;
  return (a.dice + w->v[COPS_WEAPON_PR]) * (11 - threshold) * 100 + w->v[COPS_WEAPON_PU];
}

static int core_policy(cops_encounter *e, int id, cops_declaration *d)
{
  const struct combatant *c = &e->c[id];
  const unsigned cond = c->start_conditions;
  cops_declaration_init(d, COPS_ACT_WAIT);
  /* Prudent below half hit points. */
  d->attitude = cops__health(c->ch) == COPS_BELOW_HALF ? COPS_PRUDENT : COPS_NORMAL;
  int lo = 2, hi = 2;
  cops_initiative_range(cops_character_characteristic(c->ch, COPS_REFLEXES), &lo, &hi);
  const int init = lo > 0 ? lo : 0;   /* 0 when allowed: no dice lost, none gained */
  d->initiative = init;
  if (cond & COPS_COND_HELD) {
    if (c->held_by >= 0 && e->c[c->held_by].present) {
      d->action = COPS_ACT_ESCAPE;
      d->target = c->held_by;
      d->initiative = 0;
    }
    return COPS_OK;
  }
  if (cond & COPS_COND_ON_GROUND) {
    d->action = COPS_ACT_STAND_UP;
    d->initiative = init;
    return COPS_OK;
  }
  d->initiative = init;
  const int t = nearest_enemy(e, id);
  if (t < 0)
    return COPS_OK;
  const int distance = dist(e, id, t);
  const cops_weapon *w = c->nweapons ? c->weapon[c->hand] : NULL;
  /* The best firearm that can fire at that distance (the weapon in hand on a tie); drawn
   * first if it is not in hand; an empty one in hand is reloaded when none can fire. */
  int best = -1, best_score = 0;
  for (int k = 0; k < c->nweapons; k++) {
    if (!usable_firearm(c->weapon[k], distance))
      continue;
    const int score = c->nweapons > 1 ? weapon_score(c->ch, c->weapon[k]) : 0;
    if (best < 0 || score > best_score || (score == best_score && k == c->hand)) {
      best = k;
      best_score = score;
    }
  }
  if (best >= 0 && best != c->hand) {
    d->action = COPS_ACT_DRAW;
    d->weapon = best;
    return COPS_OK;
  }
  if (best < 0 && w && cops__wget(w, COPS_WEAPON_MAGAZINE) > 0 &&
      cops__wget(w, COPS_WEAPON_LOADED) == 0) {
    d->action = COPS_ACT_RELOAD;
    return COPS_OK;
  }
  d->target = t;
  if (usable_firearm(w, distance)) {
    const int burst = cops__wget(w, COPS_WEAPON_VRC) > 0;
    d->action = burst ? COPS_ACT_BURST : COPS_ACT_SHOOT;
    d->shots = 1;
    /* Beyond the weapon's range: close in by 5 m, which costs no die (C6.3). */
    if (distance > cops__wget(w, COPS_WEAPON_RANGE)) {
      d->moving = 1;
      towards(c->x, c->y, e->c[t].x, e->c[t].y, 5, &d->x, &d->y);
    }
    return COPS_OK;
  }
  /* Hand to hand: with a blade or a club in hand, else bare-handed; close in first. */
  const int kind = w ? cops_weapon_kind(w) : -1;
  const int melee = kind == COPS_BLADE || kind == COPS_BLUNT;
  const int reach = melee ? cops__wget(w, COPS_WEAPON_RANGE) : 1;
  d->initiative = 0;
  d->action = melee ? COPS_ACT_MELEE : COPS_ACT_STRIKE;
  if (distance > reach) {
    /* The nearest point within reach of the target, then at most 10 m towards it (C6.3). */
    int px, py, x, y;
    towards(e->c[t].x, e->c[t].y, c->x, c->y, reach, &px, &py);
    towards(c->x, c->y, px, py, REASONABLE_MOVE, &x, &y);
    d->moving = 1;
    d->x = x;
    d->y = y;
    if (metres(x, y, e->c[t].x, e->c[t].y) > reach) {
      d->action = COPS_ACT_MOVE;
      d->target = -1;
      d->initiative = init;
    }
  }
  return COPS_OK;
}

const struct round_rules cops__core_rounds = {core_policy, core_resolve};
