/* Storyteller fights (OTHER-SYSTEMS.md ST §1, §5.1, §5.2; ST-M3, ST-M18): the fighters,
 * their state, the round's two phases and its end, each call all or nothing. A turn's
 * rules are lib/st/st-turn.c's. */
#include <stdio.h>
#include <string.h>

#include "st/st-private.h"
#include "log/log.h"
#include "st-fight-private.h"

#define FIGHTER_SIZE_0_15 (offsetof(cops_st_fighter, tactic) + sizeof(int))

static const char *const action_names[COPS_ST_DO_COUNT] = {
  "nothing", "attack", "grapple", "total_defense", "aim", "coup_de_grace"};
static const char *const tactic_names[COPS_ST_TACTIC_COUNT] = {"strike", "grapple", "aim",
                                                               "defend"};

const char *cops_st_fight_action_name(int action)
{
  return action >= 0 && action < COPS_ST_DO_COUNT ? action_names[action] : NULL;
}

static int parse_name(const char *text, const char *const *names, int n, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  for (int k = 0; k < n; k++)
    if (!strcmp(text, names[k])) {
      *out = k;
      return COPS_OK;
    }
  return COPS_EINVAL;
}

int cops_st_fight_action_parse(const char *text, int *out)
{
  return parse_name(text, action_names, COPS_ST_DO_COUNT, out);
}

const char *cops_st_fight_tactic_name(int tactic)
{
  return tactic >= 0 && tactic < COPS_ST_TACTIC_COUNT ? tactic_names[tactic] : NULL;
}

int cops_st_fight_tactic_parse(const char *text, int *out)
{
  return parse_name(text, tactic_names, COPS_ST_TACTIC_COUNT, out);
}

int cops_st_declaration_init_sized(cops_st_declaration *d, size_t size, int action)
{
  if (!d || size < COPS__ST_DECL_SIZE_0_15 || size > sizeof *d)
    return COPS_EINVAL;
  cops_st_declaration full;
  /* In place when it is the whole struct: a copy's wide reads of narrow writes stall. */
  cops_st_declaration *to = size == sizeof *d ? d : &full;
  memset(to, 0, sizeof *to);
  to->size = sizeof *to;
  to->action = action;
  to->target = to->weapon = to->after = -1;
  to->cover = -1;
  to->effects[0] = to->effects[1] = -1;
  if (to != d)
    memcpy(d, &full, size);   /* never past the caller's struct */
  d->size = (uint32_t)size;
  return COPS_OK;
}

/* The fight's state before a call that changes it: the fighters, grapples and round, the
 * characters, the log and the source. */
struct cops__st_fight_undo {
  int cap;                          /* fighters it has room for */
  struct cops__st_fighter *c;   /* cap of each, in the same block (undo_new) */
  cops_st_character *ch;
  struct cops__st_fight_grapple g[COPS__ST_GRAPPLES];
  int round, in_round, over, winner, order[COPS_ST_FIGHTERS_MAX], norder, cursor, log_round;
  cops__log_mark_t log_mark;
  cops__rng_mark_t rng_mark;
};
typedef struct cops__st_fight_undo undo;

/* A record with room for cap fighters and their characters, in one block: the fight's undo
 * record has room for the most a fight holds, its start (cops_st_fight_reset) for those
 * it has. */
static undo *undo_new(cops_ctx *ctx, int cap)
{
  const size_t head = (sizeof(undo) + 15) & ~(size_t)15;
  undo *u = cops__malloc(&ctx->alloc, head + (size_t)cap * (sizeof *u->c + sizeof *u->ch));
  if (!u)
    return NULL;
  u->cap = cap;
  u->c = (struct cops__st_fighter *)(void *)((char *)u + head);
  u->ch = (cops_st_character *)(void *)(u->c + cap);
  return u;
}

/* ---- the fight and its fighters ----------------------------------------------------- */

int cops_st_fight_new(cops_st_fight **out, cops_ctx *ctx, const cops_st_rules *rules)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_st_rules r;
  int rc = cops__st_rules_in(ctx, rules, &r);
  if (rc)
    return rc;
  cops_st_fight *f = cops__calloc(&ctx->alloc, sizeof *f);
  if (!f)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a fight");
  memset(f, 0, sizeof *f);
  f->ctx = ctx;
  f->r = r;
  f->logging = 1;
  f->max_rounds = 100;
  f->winner = COPS_ST_NO_WINNER;
  for (int s = 0; s < COPS_ST_SIDES_MAX; s++)
    snprintf(f->side_name[s], sizeof f->side_name[s], "side %d", s);
  if (!(f->undo = undo_new(ctx, COPS_ST_FIGHTERS_MAX)) || cops_log_new(&f->log, ctx) ||
      cops__roll_new(&f->ra, &ctx->alloc) || cops__roll_new(&f->rd, &ctx->alloc)) {
    cops_st_fight_free(f);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a fight");
  }
  *out = f;
  return COPS_OK;
}

void cops_st_fight_free(cops_st_fight *f)
{
  if (!f)
    return;
  for (int i = 0; i < f->n; i++)
    if (f->c[i].owned)
      cops_st_character_free(f->c[i].ch);
  cops_log_free(f->log);
  cops_roll_free(f->ra);
  cops_roll_free(f->rd);
  cops__free(&f->ctx->alloc, f->undo);
  cops__free(&f->ctx->alloc, f->start);
  cops__free(&f->ctx->alloc, f);
}

int cops__st_check_id(const cops_st_fight *f, int id)
{
  if (id < 0 || id >= f->n)
    return cops__fail(f->ctx, COPS_ERANGE, "fighter %d out of range 0..%d", id, f->n - 1);
  return COPS_OK;
}

int cops__st_check_position(cops_ctx *ctx, int x, int y)
{
  if (x < -COPS_ST_POSITION_MAX || x > COPS_ST_POSITION_MAX || y < -COPS_ST_POSITION_MAX ||
      y > COPS_ST_POSITION_MAX)
    return cops__fail(ctx, COPS_ERANGE, "position (%d, %d) outside ±%d m", x, y,
                      COPS_ST_POSITION_MAX);
  return COPS_OK;
}

int cops_st_fight_add(cops_st_fight *f, cops_st_character *ch, int side, int x, int y, int *id)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (!ch)
    return cops__fail(f->ctx, COPS_EINVAL, "character is NULL");
  if (ch->ctx != f->ctx)
    return cops__fail(f->ctx, COPS_EINVAL, "the character belongs to another context");
  if (f->round > 0)
    return cops__fail(f->ctx, COPS_ESTATE, "fighters join before the first round");
  if (f->n == COPS_ST_FIGHTERS_MAX)
    return cops__fail(f->ctx, COPS_ESTATE, "a fight holds %d fighters", COPS_ST_FIGHTERS_MAX);
  for (int i = 0; i < f->n; i++)
    if (f->c[i].ch == ch)
      return cops__fail(f->ctx, COPS_EINVAL, "%s is fighter %d already", ch->name, i);
  int rc;
  if ((rc = cops__st_range(f->ctx, "side", side, 0, COPS_ST_SIDES_MAX - 1)) ||
      (rc = cops__st_check_position(f->ctx, x, y)))
    return rc;
  struct cops__st_fighter *c = &f->c[f->n];
  memset(c, 0, sizeof *c);
  c->ch = ch;
  c->side = side;
  c->x = x;
  c->y = y;
  c->spend = 1;
  c->aim_target = c->facing = c->grapple = c->owed_to = -1;
  c->rank = -1;
  if (id)
    *id = f->n;
  f->n++;
  return COPS_OK;
}

#define FIGHTER_SETTER(fn, field, lo, hi, when)                                          \
  int fn(cops_st_fight *f, int id, int v)                                                \
  {                                                                                      \
    if (!f)                                                                              \
      return COPS_EINVAL;                                                                \
    COPS__ENTER(f->ctx);                                                                 \
    int rc;                                                                              \
    if ((rc = cops__st_check_id(f, id)) ||                                               \
        (rc = cops__st_range(f->ctx, #field, v, lo, hi)))                                \
      return rc;                                                                         \
    if (!(when))                                                                         \
      return cops__fail(f->ctx, COPS_ESTATE, #field " is set %s",                         \
                        f->round ? "between turns" : "before the first round");           \
    f->c[id].field = v;                                                                  \
    return COPS_OK;                                                                      \
  }

FIGHTER_SETTER(cops_st_fight_set_surprised, surprised, 0, 1, f->round == 0)
FIGHTER_SETTER(cops_st_fight_set_prone, prone, 0, 1, 1)
FIGHTER_SETTER(cops_st_fight_set_spend, spend, 0, 1, 1)
FIGHTER_SETTER(cops_st_fight_set_tactic, tactic, 0, COPS_ST_TACTIC_COUNT - 1, 1)

int cops_st_fight_set_policy(cops_st_fight *f, int id, int policy)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__st_check_id(f, id)) || (rc = cops__policy_check(f->ctx, policy)))
    return rc;
  f->c[id].policy = policy;
  return COPS_OK;
}

int cops_st_fight_set_side_policy(cops_st_fight *f, int side, int policy)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__policy_check(f->ctx, policy)) ||
      (rc = cops__st_range(f->ctx, "side", side, 0, COPS_ST_SIDES_MAX - 1)))
    return rc;
  for (int i = 0; i < f->n; i++)
    if (f->c[i].side == side)
      f->c[i].policy = policy;
  return COPS_OK;
}

int cops_st_fight_policy(const cops_st_fight *f, int id)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  const int rc = cops__st_check_id(f, id);
  return rc ? rc : f->c[id].policy;
}

int cops_st_fight_set_cover(cops_st_fight *f, int id, int cover)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__st_check_id(f, id)) || (rc = cops__st_range(f->ctx, "cover", cover, 0, 5)))
    return rc;
  struct cops__st_fighter *c = &f->c[id];
  c->cover = cover;
  if (!c->cover_set || c->cover_used > cover)
    c->cover_used = cover;   /* the terrain changed: never more than there is */
  return COPS_OK;
}

int cops_st_fight_set_out(cops_st_fight *f, int id, int out)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__st_check_id(f, id)) || (rc = cops__st_range(f->ctx, "out", out, 0, 1)))
    return rc;
  f->c[id].out = out;
  cops__st_release_fallen(f);
  return COPS_OK;
}

int cops_st_fight_set_position(cops_st_fight *f, int id, int x, int y)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__st_check_id(f, id)) || (rc = cops__st_check_position(f->ctx, x, y)))
    return rc;
  struct cops__st_fighter *c = &f->c[id];
  if ((c->x != x || c->y != y) && c->grapple >= 0)
    return cops__fail(f->ctx, COPS_ERULE, "%s is grappling: break free first (§6.2)",
                      c->ch->name);
  if (c->x != x || c->y != y)
    c->aim = 0, c->aim_target = -1;   /* moved: the aiming is lost (ST-A25) */
  c->x = x;
  c->y = y;
  return COPS_OK;
}

/* The settings every module's fight has (lib/fight/fight-base.c). */
int cops_st_fight_set_side_name(cops_st_fight *f, int side, const char *name)
{
  return cops__fight_set_side_name(f ? &f->base : NULL, side, name);
}

const char *cops_st_fight_side_name(const cops_st_fight *f, int side)
{
  return cops__fight_side_name(f ? &f->base : NULL, side);
}

int cops_st_fight_set_max_rounds(cops_st_fight *f, int rounds)
{
  return cops__fight_set_max_rounds(f ? &f->base : NULL, rounds);
}

int cops_st_fight_set_logging(cops_st_fight *f, int on)
{
  return cops__fight_set_logging(f ? &f->base : NULL, on);
}

int cops_st_fight_seed(cops_st_fight *f, uint64_t seed)
{
  return cops__fight_seed(f ? &f->base : NULL, seed);
}

cops_log *cops_st_fight_log(const cops_st_fight *f)
{
  return f ? f->log : NULL;
}

int cops_st_fight_rules(const cops_st_fight *f, cops_st_rules *out)
{
  if (!f || !out || out->size < offsetof(cops_st_rules, stray_shots) + sizeof(int) ||
      out->size > sizeof *out)
    return COPS_EINVAL;
  const uint32_t size = out->size;
  memcpy(out, &f->r, size);
  out->size = size;
  return COPS_OK;
}

int cops_st_fight_count(const cops_st_fight *f)
{
  return f ? f->n : COPS_EINVAL;
}

cops_st_character *cops_st_fight_character(const cops_st_fight *f, int id)
{
  return f && id >= 0 && id < f->n ? f->c[id].ch : NULL;
}

int cops_st_fight_distance(const cops_st_fight *f, int a, int b)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__st_check_id(f, a)) || (rc = cops__st_check_id(f, b)))
    return rc;
  return cops__st_dist(f, a, b);
}

int cops__st_fighter_able(const cops_st_fight *f, int id)
{
  const struct cops__st_fighter *c = &f->c[id];
  return !c->out && cops__st_health_state(c->ch, &f->r) == COPS_ST_FIT;
}

int cops__st_fighter_speed(const cops_st_fight *f, int id)
{
  const int s = cops__st_derived(f->c[id].ch, &f->r, COPS_ST_SPEED);
  return f->c[id].prone ? s / 2 : s;   /* ST-A28 */
}

int cops__st_crowded(const cops_st_fight *f, int t, int id)
{
  int others = 0;
  for (int k = 0; k < f->c[t].nattackers; k++)
    others += f->c[t].attackers[k] != id;
  return others >= 4;
}

int cops__st_enemies_in_contact(const cops_st_fight *f, int id)
{
  int n = 0;
  for (int j = 0; j < f->n; j++)
    if (f->c[j].side != f->c[id].side && cops__st_fighter_able(f, j) && cops__st_dist(f, id, j) <= 1)
      n++;
  return n;
}

int cops_st_fight_fighter(const cops_st_fight *f, int id, cops_st_fighter *out)
{
  if (!f || !out || out->size < FIGHTER_SIZE_0_15 || out->size > sizeof *out)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc = cops__st_check_id(f, id);
  if (rc)
    return rc;
  const struct cops__st_fighter *c = &f->c[id];
  cops_st_fighter s = {
    .size = out->size, .side = c->side, .x = c->x, .y = c->y,
    .able = cops__st_fighter_able(f, id), .out = c->out, .initiative = c->init,
    .rank = c->rank, .acted = c->acted, .delayed = c->delayed, .roll_used = c->roll_used,
    .moves_used = c->moves_used, .automatic_used = c->auto_used, .facing = c->facing,
    .attackers = c->nattackers, .cover = c->cover, .cover_used = c->cover_used,
    .total_defense = c->total_defense, .aim = c->aim, .aim_target = c->aim_target,
    .surprised = c->surprised, .prone = c->prone, .nerve = c->nerve,
    .grapple = c->grapple < 0 ? -1
               : f->g[c->grapple].a == id ? f->g[c->grapple].b : f->g[c->grapple].a,
    .spend = c->spend, .tactic = c->tactic, .policy = c->policy};
  memcpy(out, &s, s.size);
  return COPS_OK;
}

int cops_st_fight_grapple(const cops_st_fight *f, int id, cops_st_grapple *out, int *first,
                          int *second)
{
  if (!f || !out || out->size < sizeof(cops_st_grapple) || out->size > sizeof *out)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc = cops__st_check_id(f, id);
  if (rc)
    return rc;
  if (f->c[id].grapple < 0)
    return cops__fail(f->ctx, COPS_ESTATE, "%s is not grappling", f->c[id].ch->name);
  const struct cops__st_fight_grapple *g = &f->g[f->c[id].grapple];
  const uint32_t size = out->size;
  memcpy(out, &g->g, size);   /* the caller's size: a struct that grows keeps old ones */
  out->size = size;
  if (first)
    *first = g->a;
  if (second)
    *second = g->b;
  return COPS_OK;
}

/* ---- events of the fight ------------------------------------------------------------- */

int cops__st_fight_event(cops_st_fight *f, int type, int actor, int target, const int *v)
{
  if (!f->logging)
    return COPS_OK;
  return cops__st_log_event(f->log, type, actor >= 0 ? f->c[actor].ch : NULL, actor,
                            target >= 0 ? f->c[target].ch : NULL, target, NULL, v);
}

/* Sides with fighters still able to fight; the last such side in *side. */
static int sides_standing(const cops_st_fight *f, int *side)
{
  unsigned seen = 0;
  int n = 0;
  for (int i = 0; i < f->n; i++)
    if (cops__st_fighter_able(f, i) && !(seen & (1u << f->c[i].side))) {
      seen |= 1u << f->c[i].side;
      n++;
      *side = f->c[i].side;
    }
  return n;
}

/* ---- the round: phase 1 (ST-M18 1) --------------------------------------------------- */

void cops__st_place_ranks(cops_st_fight *f)
{
  for (int i = 0; i < f->n; i++)
    f->c[i].rank = -1;
  for (int k = 0; k < f->norder; k++)
    f->c[f->order[k]].rank = k;
}

static int phase_one(cops_st_fight *f)
{
  cops_ctx *ctx = f->ctx;
  cops_log *log = cops__st_log_of(f);
  f->round++;
  f->log->round = f->round;
  int rc;
  const int none[COPS__PAYLOAD] = {0};
  if ((rc = cops__st_fight_event(f, COPS_ST_EV_ROUND, -1, -1, none)))
    return rc;
  cops_st_character *chars[COPS_ST_FIGHTERS_MAX];
  int totals[COPS_ST_FIGHTERS_MAX], ids[COPS_ST_FIGHTERS_MAX], order[COPS_ST_FIGHTERS_MAX];
  int n = 0;
  for (int i = 0; i < f->n; i++) {
    struct cops__st_fighter *c = &f->c[i];
    c->init = c->acted = c->delayed = c->roll_used = c->moves_used = c->auto_used = 0;
    c->nattackers = c->strikes = c->total_defense = c->td_done = c->declared = 0;
    c->aimed = c->owed = 0;
    c->facing = c->owed_to = -1;
    c->nerve = COPS_ST_ACTS;
    c->cover_used = c->cover;
    c->cover_set = 0;
    cops_st_character_begin_round(c->ch);           /* ST-A31, ST-A32 */
    if (!cops__st_fighter_able(f, i))
      continue;
    if (!cops__st_is_combatant(c->ch, &f->r) &&       /* §2, ST-M20 */
        (rc = cops_st_nerve(ctx, c->ch, &f->r, i, c->spend, &c->nerve, log)))
      return rc;
    if ((rc = cops_st_initiative(ctx, c->ch, &f->r, i, NULL, &c->init, log)))
      return rc;
    chars[n] = c->ch;
    totals[n] = c->init;
    ids[n++] = i;
  }
  if ((rc = cops_st_initiative_order(ctx, chars, totals, n, &f->r, order)))
    return rc;
  for (int k = 0; k < n; k++)
    f->order[k] = ids[order[k]];
  f->norder = n;
  f->cursor = 0;
  cops__st_place_ranks(f);
  f->in_round = 1;
  return COPS_OK;
}

/* ---- all or nothing ------------------------------------------------------------------ */


/* The fight's state into u, and back: what a call that changes it may undo, and what
 * the first round began with (cops_st_fight_reset). */
static void keep_state(const cops_st_fight *f, undo *u)
{
  memcpy(u->c, f->c, (size_t)f->n * sizeof f->c[0]);
  for (int i = 0; i < f->n; i++)
    u->ch[i] = *f->c[i].ch;
  memcpy(u->g, f->g, sizeof f->g);
  u->round = f->round, u->in_round = f->in_round, u->over = f->over, u->winner = f->winner;
  memcpy(u->order, f->order, sizeof f->order);
  u->norder = f->norder, u->cursor = f->cursor, u->log_round = f->log->round;
}

static void put_state(cops_st_fight *f, const undo *u)
{
  memcpy(f->c, u->c, (size_t)f->n * sizeof f->c[0]);
  for (int i = 0; i < f->n; i++)
    *f->c[i].ch = u->ch[i];
  memcpy(f->g, u->g, sizeof f->g);
  f->round = u->round, f->in_round = u->in_round, f->over = u->over, f->winner = u->winner;
  memcpy(f->order, u->order, sizeof f->order);
  f->norder = u->norder, f->cursor = u->cursor, f->log->round = u->log_round;
}

/* The fight's one undo record, made with it: calls that change the fight never nest, and
 * a turn allocates nothing to be undone. */
static undo *save_state(cops_st_fight *f)
{
  undo *u = f->undo;
  keep_state(f, u);
  cops__log_mark(f->log, &u->log_mark);
  cops__rng_mark(f->ctx, &u->rng_mark);
  return u;
}

static int restore_state(cops_st_fight *f, undo *u, int rc)
{
  if (rc) {
    put_state(f, u);
    cops__log_rewind(f->log, &u->log_mark);
    cops__rng_rewind(f->ctx, &u->rng_mark);
  }
  return rc;
}

/* Before the first round begins: the fight as it stands, for cops_st_fight_reset(). */
static int keep_start(cops_st_fight *f)
{
  if (f->round > 0)
    return COPS_OK;
  if (!f->start || f->start->cap < f->n) {
    undo *u = undo_new(f->ctx, f->n);
    if (!u)
      return cops__fail(f->ctx, COPS_ENOMEM, "out of memory for the fight's start");
    cops__free(&f->ctx->alloc, f->start);
    f->start = u;
  }
  keep_state(f, f->start);
  return COPS_OK;
}

int cops_st_fight_reset(cops_st_fight *f)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (f->round > 0) {
    if (!f->start)
      return cops__fail(f->ctx, COPS_ESTATE,
                        "the fight was read at round %d: its first round is not known", f->round);
    put_state(f, f->start);
  }
  cops__log_restart(f->log);
  return COPS_OK;
}

int cops_st_fight_begin_round(cops_st_fight *f)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (f->in_round)
    return cops__fail(f->ctx, COPS_ESTATE, "round %d is under way", f->round);
  if (f->over)
    return cops__fail(f->ctx, COPS_ESTATE, "the fight is over");
  int side;
  if (sides_standing(f, &side) < 2)
    return cops__fail(f->ctx, COPS_ESTATE, "a fight needs two sides able to fight");
  int rc = keep_start(f);
  if (rc)
    return rc;
  undo *u = save_state(f);
  return restore_state(f, u, phase_one(f));
}

int cops_st_fight_order(const cops_st_fight *f, int *ids, int cap, int *n)
{
  if (!f || !n || (cap > 0 && !ids) || cap < 0)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  *n = f->in_round ? f->norder : 0;
  for (int k = 0; k < *n && k < cap; k++)
    ids[k] = f->order[k];
  return COPS_OK;
}

int cops_st_fight_next(const cops_st_fight *f, int *id)
{
  if (!f || !id)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  *id = -1;
  for (int k = f->cursor; f->in_round && k < f->norder; k++)
    if (!f->c[f->order[k]].acted) {
      *id = f->order[k];
      break;
    }
  return COPS_OK;
}

/* The round's end (ST-M18 3); the fight's when one side is left or the cap came. */
static int end_round(cops_st_fight *f)
{
  int rc;
  for (int i = 0; i < f->n; i++) {
    struct cops__st_fighter *c = &f->c[i];
    if (c->owed && (rc = cops__st_land(f, i)))   /* a winner whose rank never came */
      return rc;
  }
  cops__st_release_fallen(f);
  for (int i = 0; i < f->n; i++) {
    struct cops__st_fighter *c = &f->c[i];
    if (!c->aimed && c->aim)
      c->aim = 0, c->aim_target = -1;               /* ST-A25: consecutive rounds */
    c->total_defense = 0;
    if (f->round >= 1)
      c->surprised = 0;                             /* ST-A26: round 1 only */
  }
  f->in_round = 0;
  int side = COPS_ST_NO_WINNER;
  const int standing = sides_standing(f, &side);
  if (standing <= 1 || f->round >= f->max_rounds) {
    f->over = 1;
    f->winner = standing == 1 ? side : COPS_ST_NO_WINNER;
    const int v[COPS__PAYLOAD] = {f->winner, f->round};
    return cops__st_fight_event(f, COPS_ST_EV_END, -1, -1, v);
  }
  return COPS_OK;
}

static int step(cops_st_fight *f, int *who)
{
  *who = -1;
  int rc, side;
  while (f->cursor < f->norder) {
    const int id = f->order[f->cursor];
    struct cops__st_fighter *c = &f->c[id];
    if (c->acted) {
      f->cursor++;
      continue;
    }
    if (c->declared && c->decl.after >= 0) {
      *who = id;
      return cops__st_delay(f, id, c->decl.after);
    }
    if ((rc = cops__st_turn(f, id)))
      return rc;
    cops__st_release_fallen(f);
    c->acted = 1;
    c->delayed = 0;
    f->cursor++;
    *who = id;
    if (sides_standing(f, &side) <= 1)
      f->cursor = f->norder;                        /* the fight is decided */
    break;
  }
  int next = -1;
  for (int k = f->cursor; k < f->norder && next < 0; k++)
    if (!f->c[f->order[k]].acted)
      next = k;
  return next < 0 ? end_round(f) : COPS_OK;
}

int cops_st_fight_step(cops_st_fight *f, int *id)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (!f->in_round)
    return cops__fail(f->ctx, COPS_ESTATE, "no round under way (cops_st_fight_begin_round)");
  undo *u = save_state(f);
  int who;
  int rc = restore_state(f, u, step(f, &who));
  if (!rc && id)
    *id = who;
  return rc;
}

/* Phase 1 when begin is set, then every turn left and the round's end: all or nothing. */
static int play_round(cops_st_fight *f, int begin)
{
  undo *u = save_state(f);
  int rc = begin ? phase_one(f) : COPS_OK, who;
  while (!rc && f->in_round)
    rc = step(f, &who);
  return restore_state(f, u, rc);
}

int cops_st_fight_resolve_round(cops_st_fight *f)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (!f->in_round)
    return cops__fail(f->ctx, COPS_ESTATE, "no round under way (cops_st_fight_begin_round)");
  return play_round(f, 0);
}

int cops_st_fight_run_round(cops_st_fight *f)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (f->in_round)
    return play_round(f, 0);
  if (f->over)
    return cops__fail(f->ctx, COPS_ESTATE, "the fight is over");
  int side;
  if (sides_standing(f, &side) < 2)
    return cops__fail(f->ctx, COPS_ESTATE, "a fight needs two sides able to fight");
  int rc = keep_start(f);
  return rc ? rc : play_round(f, 1);
}

int cops_st_fight_run(cops_st_fight *f)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc = COPS_OK;
  while (!rc && !f->over)
    rc = cops_st_fight_run_round(f);
  return rc;
}

int cops_st_fight_round(const cops_st_fight *f)
{
  return f ? f->round : COPS_EINVAL;
}

int cops_st_fight_over(const cops_st_fight *f)
{
  return f ? f->over : COPS_EINVAL;
}

int cops_st_fight_winner(const cops_st_fight *f, int *side)
{
  if (!f || !side)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (!f->over)
    return cops__fail(f->ctx, COPS_ESTATE, "the fight goes on");
  *side = f->winner;
  return COPS_OK;
}

const char *cops_st_fight_name(const cops_st_fight *f)
{
  return f ? f->name : NULL;
}
