/* D6 fights (OTHER-SYSTEMS.md D6 §5.1, §5.2, §5.12; D6-A6, D6-A23; D6-M3, D6-M21): the
 * fighters, vehicles and groups, the round's start and end, each call all or nothing. A
 * turn's rules are lib/d6/d6-turn.c's. */
#include <stdio.h>
#include <string.h>

#include "d6/d6-private.h"
#include "dice/roll-private.h"
#include "d6-fight-private.h"

#define FIGHTER_SIZE_0_16 sizeof(cops_d6_fighter)

static const char *const action_names[COPS_D6_DO_COUNT] = {
  "nothing", "attack", "grab", "escape", "shoot_vehicle", "ram", "cast"};
const char *const cops__d6_tactic_names[COPS_D6_TACTIC_COUNT] = {"attack", "dodge", "grab",
                                                               "defend", "ram"};

const char *cops_d6_fight_action_name(int action)
{
  return action >= 0 && action < COPS_D6_DO_COUNT ? action_names[action] : NULL;
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

int cops_d6_fight_action_parse(const char *text, int *out)
{
  return parse_name(text, action_names, COPS_D6_DO_COUNT, out);
}

const char *cops_d6_fight_tactic_name(int tactic)
{
  return tactic >= 0 && tactic < COPS_D6_TACTIC_COUNT ? cops__d6_tactic_names[tactic] : NULL;
}

int cops_d6_fight_tactic_parse(const char *text, int *out)
{
  return parse_name(text, cops__d6_tactic_names, COPS_D6_TACTIC_COUNT, out);
}

int cops_d6_declaration_init_sized(cops_d6_declaration *d, size_t size, int action)
{
  if (!d || size < COPS__D6_DECL_SIZE_0_16 || size > sizeof *d)
    return COPS_EINVAL;
  cops_d6_declaration full;
  /* In place when it is the whole struct: a copy's wide reads of narrow writes stall. */
  cops_d6_declaration *to = size == sizeof *d ? d : &full;
  memset(to, 0, sizeof *to);
  to->size = sizeof *to;
  to->action = action;
  to->target = to->weapon = to->parry_weapon = to->speed = -1;
  to->count = 1;
  to->defence = COPS_D6_NATURAL;
  to->defence_skill = COPS_D6_DODGE;
  to->spell_skill = COPS_D6_ALTERATION;
  to->spell_difficulty = 10;
  to->spell_aim = -1;
  to->spell_reach = 10;
  to->spell_beat = COPS_D6_NO_BEAT;
  if (to != d)
    memcpy(d, &full, size);   /* never past the caller's struct */
  d->size = (uint32_t)size;
  return COPS_OK;
}

/* The fight's state before a call that changes it: fighters, vehicles, disarms, groups'
 * damage and round, the characters, the log and the source. */
struct cops__d6_fight_undo {
  int cap;                          /* fighters it has room for */
  struct cops__d6_fighter *c;   /* cap of each, in the same block (undo_new) */
  cops_d6_character *ch;
  struct cops__d6_fight_vehicle veh[COPS_D6_VEHICLES_MAX];
  struct cops__d6_seizure seized[COPS__D6_SEIZURES];
  cops__d6_pending pend[COPS_D6_FIGHTERS_MAX];
  int nseized, round, in_round, over, winner, order[COPS_D6_FIGHTERS_MAX], norder, cursor;
  int log_round;
  cops__log_mark_t log_mark;
  cops__rng_mark_t rng_mark;
};
typedef struct cops__d6_fight_undo undo;

/* A record with room for cap fighters and their characters, in one block: the fight's undo
 * record has room for the most a fight holds, its start (cops_d6_fight_reset) for those
 * it has. */
static undo *undo_new(cops_ctx *ctx, int cap)
{
  const size_t head = (sizeof(undo) + 15) & ~(size_t)15;
  undo *u = cops__malloc(&ctx->alloc, head + (size_t)cap * (sizeof *u->c + sizeof *u->ch));
  if (!u)
    return NULL;
  u->cap = cap;
  u->c = (struct cops__d6_fighter *)(void *)((char *)u + head);
  u->ch = (cops_d6_character *)(void *)(u->c + cap);
  return u;
}

/* ---- the fight and its fighters ----------------------------------------------------- */

int cops_d6_fight_new(cops_d6_fight **out, cops_ctx *ctx, const cops_d6_rules *rules)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_d6_rules r;
  int rc = cops__d6_rules_in(ctx, rules, &r);
  if (rc)
    return rc;
  cops_d6_fight *f = cops__calloc(&ctx->alloc, sizeof *f);
  if (!f)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a fight");
  f->ctx = ctx;
  f->r = r;
  f->logging = 1;
  f->max_rounds = 100;
  f->winner = COPS_D6_NO_WINNER;
  for (int s = 0; s < COPS_D6_SIDES_MAX; s++)
    snprintf(f->side_name[s], sizeof f->side_name[s], "side %d", s);
  if (!(f->undo = undo_new(ctx, COPS_D6_FIGHTERS_MAX)) || cops_log_new(&f->log, ctx)) {
    cops_d6_fight_free(f);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a fight");
  }
  *out = f;
  return COPS_OK;
}

void cops_d6_fight_free(cops_d6_fight *f)
{
  if (!f)
    return;
  for (int i = 0; i < f->n; i++)
    if (f->c[i].owned)
      cops_d6_character_free(f->c[i].ch);
  cops_log_free(f->log);
  cops__free(&f->ctx->alloc, f->undo);
  cops__free(&f->ctx->alloc, f->start);
  cops__free(&f->ctx->alloc, f);
}

int cops__d6_check_id(const cops_d6_fight *f, int id)
{
  if (id < 0 || id >= f->n)
    return cops__fail(f->ctx, COPS_ERANGE, "fighter %d out of range 0..%d", id, f->n - 1);
  return COPS_OK;
}

int cops__d6_check_position(cops_ctx *ctx, int x, int y)
{
  if (x < -COPS_D6_POSITION_MAX || x > COPS_D6_POSITION_MAX || y < -COPS_D6_POSITION_MAX ||
      y > COPS_D6_POSITION_MAX)
    return cops__fail(ctx, COPS_ERANGE, "position (%d, %d) outside ±%d m", x, y,
                      COPS_D6_POSITION_MAX);
  return COPS_OK;
}

int cops_d6_fight_add(cops_d6_fight *f, cops_d6_character *ch, int side, int x, int y, int *id)
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
  if (f->n == COPS_D6_FIGHTERS_MAX)
    return cops__fail(f->ctx, COPS_ESTATE, "a fight holds %d fighters", COPS_D6_FIGHTERS_MAX);
  for (int i = 0; i < f->n; i++)
    if (f->c[i].ch == ch)
      return cops__fail(f->ctx, COPS_EINVAL, "%s is fighter %d already", ch->name, i);
  int rc;
  if ((rc = cops__d6_range(f->ctx, "side", side, 0, COPS_D6_SIDES_MAX - 1)) ||
      (rc = cops__d6_check_position(f->ctx, x, y)))
    return rc;
  struct cops__d6_fighter *c = &f->c[f->n];
  memset(c, 0, sizeof *c);
  c->ch = ch;
  c->side = side;
  c->x = x;
  c->y = y;
  c->wielded = ch->nweapons > 0 ? 0 : -1;
  c->holding = c->held_by = c->vehicle = c->coordinator = c->group_target = -1;
  c->rank = -1;
  c->defence_skill = -1;
  if (id)
    *id = f->n;
  f->n++;
  return COPS_OK;
}

/* A fighter's setting checked and set, between turns. */
static int fighter_setting(cops_d6_fight *f, int id, size_t offset, const char *what, int v,
                           int lo, int hi)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__d6_check_id(f, id)) || (rc = cops__d6_range(f->ctx, what, v, lo, hi)))
    return rc;
  *(int *)((char *)&f->c[id] + offset) = v;
  return COPS_OK;
}

#define SETTING(f, id, field, v, lo, hi)                                                  \
  fighter_setting((f), (id), offsetof(struct cops__d6_fighter, field), #field, (v), (lo), (hi))

int cops_d6_fight_set_cover(cops_d6_fight *f, int id, int dice)
{
  return SETTING(f, id, cover, dice, 0, 20);
}

int cops_d6_fight_set_tactic(cops_d6_fight *f, int id, int tactic)
{
  return SETTING(f, id, tactic, tactic, 0, COPS_D6_TACTIC_COUNT - 1);
}

int cops_d6_fight_set_surpriser(cops_d6_fight *f, int id, int surpriser)
{
  if (f && f->round > 0) {
    COPS__ENTER(f->ctx);
    return cops__fail(f->ctx, COPS_ESTATE, "surprise is set before the first round");
  }
  return SETTING(f, id, surpriser, surpriser, 0, 1);
}

int cops_d6_fight_set_out(cops_d6_fight *f, int id, int out)
{
  int rc = SETTING(f, id, out, out, 0, 1);
  if (rc)
    return rc;
  if (out && f->c[id].held_by >= 0)
    f->c[f->c[id].held_by].holding = -1, f->c[id].held_by = -1;
  if (out && f->c[id].holding >= 0)
    f->c[f->c[id].holding].held_by = -1, f->c[id].holding = -1;
  return COPS_OK;
}

int cops_d6_fight_set_position(cops_d6_fight *f, int id, int x, int y)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__d6_check_id(f, id)) || (rc = cops__d6_check_position(f->ctx, x, y)))
    return rc;
  struct cops__d6_fighter *c = &f->c[id];
  if (c->x == x && c->y == y)
    return COPS_OK;
  if (c->vehicle >= 0)
    return cops__fail(f->ctx, COPS_ERULE, "%s is aboard %s: it moves with it", c->ch->name,
                      f->veh[c->vehicle].v.name);
  if (c->held_by >= 0 || c->holding >= 0)
    return cops__fail(f->ctx, COPS_ERULE, "%s is in a hold (D6-A68)", c->ch->name);
  c->x = x;
  c->y = y;
  return COPS_OK;
}

/* The settings every module's fight has (lib/fight/fight-base.c). */
int cops_d6_fight_set_side_name(cops_d6_fight *f, int side, const char *name)
{
  return cops__fight_set_side_name(f ? &f->base : NULL, side, name);
}

const char *cops_d6_fight_side_name(const cops_d6_fight *f, int side)
{
  return cops__fight_side_name(f ? &f->base : NULL, side);
}

int cops_d6_fight_set_max_rounds(cops_d6_fight *f, int rounds)
{
  return cops__fight_set_max_rounds(f ? &f->base : NULL, rounds);
}

int cops_d6_fight_set_logging(cops_d6_fight *f, int on)
{
  return cops__fight_set_logging(f ? &f->base : NULL, on);
}

int cops_d6_fight_seed(cops_d6_fight *f, uint64_t seed)
{
  return cops__fight_seed(f ? &f->base : NULL, seed);
}

cops_log *cops_d6_fight_log(const cops_d6_fight *f)
{
  return f ? f->log : NULL;
}

int cops_d6_fight_rules(const cops_d6_fight *f, cops_d6_rules *out)
{
  if (!f || !out || out->size < COPS__D6_RULES_SIZE_0_16 || out->size > sizeof *out)
    return COPS_EINVAL;
  const uint32_t size = out->size;
  memcpy(out, &f->r, size);
  out->size = size;
  return COPS_OK;
}

int cops_d6_fight_count(const cops_d6_fight *f)
{
  return f ? f->n : COPS_EINVAL;
}

cops_d6_character *cops_d6_fight_character(const cops_d6_fight *f, int id)
{
  return f && id >= 0 && id < f->n ? f->c[id].ch : NULL;
}

int cops_d6_fight_distance(const cops_d6_fight *f, int a, int b)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__d6_check_id(f, a)) || (rc = cops__d6_check_id(f, b)))
    return rc;
  return cops__d6_dist(f, a, b);
}

int cops__d6_fighter_able(const cops_d6_fight *f, int id)
{
  return !f->c[id].out && cops_d6_character_can_act(f->c[id].ch);
}

int cops_d6_fight_fighter(const cops_d6_fight *f, int id, cops_d6_fighter *out)
{
  if (!f || !out || out->size < FIGHTER_SIZE_0_16 || out->size > sizeof *out)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc = cops__d6_check_id(f, id);
  if (rc)
    return rc;
  const struct cops__d6_fighter *c = &f->c[id];
  cops_d6_fighter s = {
    .size = out->size, .side = c->side, .x = c->x, .y = c->y,
    .able = cops__d6_fighter_able(f, id), .out = c->out, .initiative = c->init,
    .rank = c->rank, .acted = c->acted, .actions = c->actions, .defence = c->defence,
    .defence_skill = c->defence == COPS_D6_NATURAL ? -1 : c->defence_skill,
    .defence_total = c->defence_total, .cover = c->cover, .surpriser = c->surpriser,
    .holding = c->holding, .held_by = c->held_by, .vehicle = c->vehicle, .driver = c->driver,
    .coordinator = c->coordinator, .coordinated = c->coordinated, .tactic = c->tactic, .policy = c->policy,
    .preparing = c->prep_done};
  memcpy(out, &s, s.size);
  return COPS_OK;
}

/* ---- groups (D6-A23) ----------------------------------------------------------------- */

int cops_d6_fight_coordinate(cops_d6_fight *f, int coordinator, int target, const int *members,
                             int n)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  cops_ctx *ctx = f->ctx;
  int rc;
  if (f->in_round)
    return cops__fail(ctx, COPS_ESTATE, "a group is formed between rounds");
  if ((rc = cops__d6_check_id(f, coordinator)) || (rc = cops__d6_range(ctx, "members", n, 0, 7)))
    return rc;
  if (n > 0 && !members)
    return cops__fail(ctx, COPS_EINVAL, "members is NULL");
  const int side = f->c[coordinator].side;
  if (n > 0) {
    if ((rc = cops__d6_check_id(f, target)))
      return rc;
    if (f->c[target].side == side)
      return cops__fail(ctx, COPS_ERULE, "the group's target %s is on its side",
                        f->c[target].ch->name);
    for (int k = 0; k < n; k++) {
      const int m = members[k];
      if ((rc = cops__d6_check_id(f, m)))
        return rc;
      if (m == coordinator || f->c[m].side != side)
        return cops__fail(ctx, COPS_ERULE, "members[%d]: %s is %s", k, f->c[m].ch->name,
                          m == coordinator ? "the coordinator" : "of another side");
      for (int j = 0; j < k; j++)
        if (members[j] == m)
          return cops__fail(ctx, COPS_EINVAL, "members[%d]: there twice", k);
      const int g = f->c[m].coordinator;
      if (g >= 0 && g != coordinator)
        return cops__fail(ctx, COPS_ERULE, "members[%d]: %s is in %s's group", k,
                          f->c[m].ch->name, f->c[g].ch->name);
    }
    const int g = f->c[coordinator].coordinator;
    if (g >= 0 && g != coordinator)
      return cops__fail(ctx, COPS_ERULE, "%s is in %s's group", f->c[coordinator].ch->name,
                        f->c[g].ch->name);
  }
  for (int i = 0; i < f->n; i++)   /* the old group, if any, ends */
    if (f->c[i].coordinator == coordinator)
      f->c[i].coordinator = -1;
  f->c[coordinator].group_target = -1;
  if (n == 0)
    return COPS_OK;
  f->c[coordinator].coordinator = coordinator;
  f->c[coordinator].group_target = target;
  for (int k = 0; k < n; k++)
    f->c[members[k]].coordinator = coordinator;
  return COPS_OK;
}

/* ---- vehicles ------------------------------------------------------------------------ */

int cops_d6_fight_add_vehicle(cops_d6_fight *f, const cops_d6_vehicle *v, int x, int y, int *vid)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (f->round > 0)
    return cops__fail(f->ctx, COPS_ESTATE, "vehicles join before the first round");
  if (f->nveh == COPS_D6_VEHICLES_MAX)
    return cops__fail(f->ctx, COPS_ESTATE, "a fight holds %d vehicles", COPS_D6_VEHICLES_MAX);
  cops_d6_vehicle full;
  int rc;
  if ((rc = cops__d6_check_position(f->ctx, x, y)) || (rc = cops__d6_vehicle_in(f->ctx, v, &full)))
    return rc;
  struct cops__d6_fight_vehicle *fv = &f->veh[f->nveh];
  fv->v = full;
  fv->x = x;
  fv->y = y;
  if (vid)
    *vid = f->nveh;
  f->nveh++;
  return COPS_OK;
}

int cops_d6_fight_vehicle_count(const cops_d6_fight *f)
{
  return f ? f->nveh : COPS_EINVAL;
}

static int check_vid(const cops_d6_fight *f, int vid)
{
  if (vid < 0 || vid >= f->nveh)
    return cops__fail(f->ctx, COPS_ERANGE, "vehicle %d out of range 0..%d", vid, f->nveh - 1);
  return COPS_OK;
}

int cops_d6_fight_vehicle(const cops_d6_fight *f, int vid, cops_d6_vehicle *out)
{
  if (!f || !out || out->size < sizeof(cops_d6_vehicle) || out->size > sizeof *out)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc = check_vid(f, vid);
  if (rc)
    return rc;
  const uint32_t size = out->size;
  memcpy(out, &f->veh[vid].v, size);
  out->size = size;
  return COPS_OK;
}

int cops_d6_fight_vehicle_position(const cops_d6_fight *f, int vid, int *x, int *y)
{
  if (!f || !x || !y)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc = check_vid(f, vid);
  if (rc)
    return rc;
  *x = f->veh[vid].x;
  *y = f->veh[vid].y;
  return COPS_OK;
}

int cops__d6_aboard(cops_d6_fight *f, int vid, cops_d6_character **chars, int *ids)
{
  int n = 0;
  for (int i = 0; i < f->n; i++)
    if (f->c[i].vehicle == vid) {
      chars[n] = f->c[i].ch;
      ids[n++] = i;
    }
  return n;
}

int cops_d6_fight_board(cops_d6_fight *f, int id, int vid, int driver)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__d6_check_id(f, id)) || (rc = cops__d6_range(f->ctx, "driver", driver, 0, 1)))
    return rc;
  struct cops__d6_fighter *c = &f->c[id];
  if (vid == -1) {
    if (c->vehicle >= 0) {
      c->x = f->veh[c->vehicle].x;
      c->y = f->veh[c->vehicle].y;
    }
    c->vehicle = -1;
    c->driver = 0;
    return COPS_OK;
  }
  if ((rc = check_vid(f, vid)))
    return rc;
  if (c->held_by >= 0 || c->holding >= 0)
    return cops__fail(f->ctx, COPS_ERULE, "%s is in a hold (D6-A68)", c->ch->name);
  int aboard = 0;
  for (int i = 0; i < f->n; i++) {
    if (i == id || f->c[i].vehicle != vid)
      continue;
    aboard++;
    if (driver && f->c[i].driver)
      return cops__fail(f->ctx, COPS_ERULE, "%s drives %s already", f->c[i].ch->name,
                        f->veh[vid].v.name);
  }
  if (aboard >= 16)
    return cops__fail(f->ctx, COPS_ERULE, "%s has 16 aboard", f->veh[vid].v.name);
  c->vehicle = vid;
  c->driver = driver;
  c->x = f->veh[vid].x;
  c->y = f->veh[vid].y;
  return COPS_OK;
}

/* ---- events of the fight ------------------------------------------------------------- */

int cops__d6_fight_event(cops_d6_fight *f, int type, int actor, int target, const char *weapon,
                         const int *v)
{
  if (!f->logging)
    return COPS_OK;
  return cops__d6_log_event(f->log, type, actor >= 0 ? f->c[actor].ch : NULL, actor,
                            target >= 0 ? f->c[target].ch : NULL, target, weapon, v);
}

/* Sides with fighters still able to fight; the last such side in *side. */
static int sides_standing(const cops_d6_fight *f, int *side)
{
  unsigned seen = 0;
  int n = 0;
  for (int i = 0; i < f->n; i++)
    if (cops__d6_fighter_able(f, i) && !(seen & (1u << f->c[i].side))) {
      seen |= 1u << f->c[i].side;
      n++;
      *side = f->c[i].side;
    }
  return n;
}

/* ---- the round's start (D6-M21) ------------------------------------------------------ */

static void place_ranks(cops_d6_fight *f)
{
  for (int i = 0; i < f->n; i++)
    f->c[i].rank = -1;
  for (int k = 0; k < f->norder; k++)
    f->c[f->order[k]].rank = k;
}

/* An enemy able to fight within 1 m. */
static int enemy_in_contact(const cops_d6_fight *f, int id)
{
  for (int j = 0; j < f->n; j++)
    if (f->c[j].side != f->c[id].side && cops__d6_fighter_able(f, j) && cops__d6_dist(f, id, j) <= 1)
      return 1;
  return 0;
}

/* The coordinators' Command rolls (D6-A23): a success each, by coordinator. */
static int command_rolls(cops_d6_fight *f, cops_log *log)
{
  cops_roll *roll;
  int rc = cops__roll_new(&roll, &f->ctx->alloc);
  if (rc)
    return cops__fail(f->ctx, rc, "out of memory for a roll");
  for (int i = 0; i < f->n && !rc; i++) {
    struct cops__d6_fighter *c = &f->c[i];
    if (c->coordinator != i || !cops__d6_fighter_able(f, i))
      continue;
    const int t = c->group_target;
    int members = 0;
    for (int j = 0; j < f->n; j++)
      members += f->c[j].coordinator == i && cops__d6_fighter_able(f, j);
    cops_d6_pool p;
    cops_d6_pool_init(&p, cops__d6_trait(c->ch, COPS_D6_COMMAND));
    cops__d6_penalty(c->ch, COPS_D6_COMMAND, &p.dice_mod, &p.points);
    int total;
    if ((rc = cops__d6_roll_logged(f->ctx, roll, &p, &f->r, f->r.difficulty, COPS_D6_FOR_COMMAND,
                                   c->ch, i, log, &total)))
      break;
    const int ok = total >= f->r.difficulty && cops__d6_fighter_able(f, t);
    for (int j = 0; j < f->n; j++)
      if (f->c[j].coordinator == i)
        f->c[j].coordinated = ok;
    c->actions = 1;   /* the Command roll is one of the coordinator's actions */
    memset(&f->pend[i], 0, sizeof f->pend[i]);
    const int v[COPS__PAYLOAD] = {ok, members};
    rc = cops__d6_fight_event(f, COPS_D6_EV_COORDINATE, i, t, NULL, v);
  }
  cops_roll_free(roll);
  return rc;
}

static int begin(cops_d6_fight *f)
{
  cops_log *log = cops__d6_log_of(f);
  f->round++;
  f->log->round = f->round;
  int rc;
  const int none[COPS__PAYLOAD] = {0};
  if ((rc = cops__d6_fight_event(f, COPS_D6_EV_ROUND, -1, -1, NULL, none)))
    return rc;
  for (int i = 0; i < f->n; i++) {
    struct cops__d6_fighter *c = &f->c[i];
    c->init = c->tie = c->acted = c->declared = c->actions = c->coordinated = 0;
    c->defence = COPS_D6_NATURAL;
    c->defence_skill = -1;
    c->defence_total = 0;
    c->parry_weapon = -1;
    c->disarm = 0;
    c->surprise_left = c->surpriser && f->round == 1;
  }
  f->nseized = 0;
  if ((rc = command_rolls(f, log)))
    return rc;
  /* Initiative (D6-A6): the members of a coordinated group do not roll, they act on their
   * coordinator's rank, right after it. */
  cops_d6_character *chars[COPS_D6_FIGHTERS_MAX];
  int ids[COPS_D6_FIGHTERS_MAX], order[COPS_D6_FIGHTERS_MAX], totals[COPS_D6_FIGHTERS_MAX];
  int ties[COPS_D6_FIGHTERS_MAX] = {0};
  unsigned flags[COPS_D6_FIGHTERS_MAX];
  int n = 0;
  for (int i = 0; i < f->n; i++) {
    struct cops__d6_fighter *c = &f->c[i];
    if (!cops__d6_fighter_able(f, i) || (c->coordinated && c->coordinator != i))
      continue;
    const cops_d6_weapon *w = c->wielded >= 0 ? &c->ch->weapon[c->wielded] : NULL;
    flags[n] = (c->surprise_left ? COPS_D6_SURPRISER : 0) |
               (w && w->category == COPS_D6_MELEE && (w->flags & COPS_D6_LONG_WEAPON) &&
                        enemy_in_contact(f, i) ? COPS_D6_LONG_IN_MELEE : 0);
    chars[n] = c->ch;
    ids[n++] = i;
  }
  int ranked = 0;
  if (n > 0) {
    ranked = cops__d6_initiative_rolls(f->ctx, chars, ids, flags, n, &f->r, log, order, totals,
                                       ties);
    if (ranked < 0)
      return ranked;
  }
  f->norder = 0;
  for (int k = 0; k < ranked; k++) {
    const int id = ids[order[k]];
    f->c[id].init = totals[order[k]];
    f->c[id].tie = ties[order[k]];
    f->order[f->norder++] = id;
    if (f->c[id].coordinator != id || !f->c[id].coordinated)
      continue;
    for (int j = 0; j < f->n; j++)
      if (j != id && f->c[j].coordinator == id && cops__d6_fighter_able(f, j)) {
        f->c[j].init = f->c[id].init;
        f->order[f->norder++] = j;
      }
  }
  f->cursor = 0;
  place_ranks(f);
  for (int k = 0; k < f->norder && !rc; k++) {
    const struct cops__d6_fighter *c = &f->c[f->order[k]];
    const int v[COPS__PAYLOAD] = {k + 1, c->init,
                                  cops_d6_code_pips(cops__d6_trait(c->ch, COPS_D6_PERCEPTION)),
                                  c->tie};
    rc = cops__d6_fight_event(f, COPS_D6_EV_INITIATIVE, f->order[k], -1, NULL, v);
  }
  f->in_round = 1;
  return rc;
}

/* ---- all or nothing ------------------------------------------------------------------ */

/* The fight's state into u, and back: what a call that changes it may undo, and what
 * the first round began with (cops_d6_fight_reset). */
static void keep_state(const cops_d6_fight *f, undo *u)
{
  memcpy(u->c, f->c, (size_t)f->n * sizeof f->c[0]);
  for (int i = 0; i < f->n; i++)
    u->ch[i] = *f->c[i].ch;
  memcpy(u->veh, f->veh, sizeof f->veh);
  memcpy(u->seized, f->seized, sizeof f->seized);
  memcpy(u->pend, f->pend, sizeof f->pend);
  u->nseized = f->nseized;
  u->round = f->round, u->in_round = f->in_round, u->over = f->over, u->winner = f->winner;
  memcpy(u->order, f->order, sizeof f->order);
  u->norder = f->norder, u->cursor = f->cursor, u->log_round = f->log->round;
}

static void put_state(cops_d6_fight *f, const undo *u)
{
  memcpy(f->c, u->c, (size_t)f->n * sizeof f->c[0]);
  for (int i = 0; i < f->n; i++)
    *f->c[i].ch = u->ch[i];
  memcpy(f->veh, u->veh, sizeof f->veh);
  memcpy(f->seized, u->seized, sizeof f->seized);
  memcpy(f->pend, u->pend, sizeof f->pend);
  f->nseized = u->nseized;
  f->round = u->round, f->in_round = u->in_round, f->over = u->over, f->winner = u->winner;
  memcpy(f->order, u->order, sizeof f->order);
  f->norder = u->norder, f->cursor = u->cursor, f->log->round = u->log_round;
}

static undo *save_state(cops_d6_fight *f)
{
  undo *u = f->undo;
  keep_state(f, u);
  cops__log_mark(f->log, &u->log_mark);
  cops__rng_mark(f->ctx, &u->rng_mark);
  return u;
}

static int restore_state(cops_d6_fight *f, undo *u, int rc)
{
  if (rc) {
    put_state(f, u);
    cops__log_rewind(f->log, &u->log_mark);
    cops__rng_rewind(f->ctx, &u->rng_mark);
    if (rc == COPS_ERNG)
      cops__fail(f->ctx, rc, "the dice failed");
  }
  return rc;
}

/* Before the first round begins: the fight as it stands, for cops_d6_fight_reset(). */
static int keep_start(cops_d6_fight *f)
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

int cops_d6_fight_reset(cops_d6_fight *f)
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

static int can_begin(cops_d6_fight *f)
{
  if (f->over)
    return cops__fail(f->ctx, COPS_ESTATE, "the fight is over");
  int side;
  if (sides_standing(f, &side) < 2)
    return cops__fail(f->ctx, COPS_ESTATE, "a fight needs two sides able to fight");
  return keep_start(f);
}

int cops_d6_fight_begin_round(cops_d6_fight *f)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (f->in_round)
    return cops__fail(f->ctx, COPS_ESTATE, "round %d is under way", f->round);
  int rc = can_begin(f);
  if (rc)
    return rc;
  undo *u = save_state(f);
  return restore_state(f, u, begin(f));
}

int cops_d6_fight_order(const cops_d6_fight *f, int *ids, int cap, int *n)
{
  if (!f || !n || (cap > 0 && !ids) || cap < 0)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  *n = f->in_round ? f->norder : 0;
  for (int k = 0; k < *n && k < cap; k++)
    ids[k] = f->order[k];
  return COPS_OK;
}

int cops_d6_fight_next(const cops_d6_fight *f, int *id)
{
  if (!f || !id)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  *id = -1;
  for (int k = f->cursor; f->in_round && k < f->norder; k++)
    if (!f->c[f->order[k]].acted && cops__d6_fighter_able(f, f->order[k])) {
      *id = f->order[k];
      break;
    }
  return COPS_OK;
}

int cops_d6_fight_declare(cops_d6_fight *f, int id, const cops_d6_declaration *d)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (!d || d->size < COPS__D6_DECL_SIZE_0_16 || d->size > sizeof *d)
    return cops__fail(f->ctx, COPS_EINVAL, "declaration: NULL or a size the library does not "
                      "know (initialise it with cops_d6_declaration_init)");
  int rc = cops__d6_check_id(f, id);
  if (rc)
    return rc;
  if (!f->in_round)
    return cops__fail(f->ctx, COPS_ESTATE, "no round under way (cops_d6_fight_begin_round)");
  if (f->c[id].acted)
    return cops__fail(f->ctx, COPS_ESTATE, "%s has had its turn this round", f->c[id].ch->name);
  cops_d6_declaration full;
  cops_d6_declaration_init(&full, COPS_D6_DO_NOTHING);
  memcpy(&full, d, d->size);
  full.size = sizeof full;
  if ((rc = cops__d6_check_declaration(f, id, &full)))
    return rc;
  f->c[id].decl = full;
  f->c[id].declared = 1;
  return COPS_OK;
}

int cops_d6_fight_suggest(cops_d6_fight *f, int id, cops_d6_declaration *d)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (!d || d->size < COPS__D6_DECL_SIZE_0_16 || d->size > sizeof *d)
    return cops__fail(f->ctx, COPS_EINVAL, "declaration: NULL or a size the library does not "
                      "know");
  int rc = cops__d6_check_id(f, id);
  if (rc)
    return rc;
  cops_d6_declaration full;
  cops__d6_plan_by_policy(f, id, &full, NULL);
  const uint32_t size = d->size;
  memcpy(d, &full, size);
  d->size = size;
  return COPS_OK;
}

/* The round's end (D6-M21): disarms settled, each character's and vehicle's end of round,
 * the holds of those who cannot hold ended; the fight's end when one side is left. */
static int end_round(cops_d6_fight *f)
{
  cops_log *log = cops__d6_log_of(f);
  int rc;
  if ((rc = cops__d6_settle_disarms(f)))
    return rc;
  for (int i = 0; i < f->n; i++)
    if ((rc = cops_d6_character_end_round(f->c[i].ch, f->ctx, i, &f->r, log)))
      return rc;
  for (int k = 0; k < f->nveh; k++)
    cops_d6_vehicle_end_round(&f->veh[k].v);
  if ((rc = cops__d6_release_fallen(f)))
    return rc;
  for (int i = 0; i < f->n; i++) {
    struct cops__d6_fighter *c = &f->c[i];
    c->defence = COPS_D6_NATURAL;   /* D6-A11: to the end of the round */
    c->defence_skill = -1;
    c->defence_total = 0;
    c->surprise_left = 0;
  }
  f->in_round = 0;
  int side = COPS_D6_NO_WINNER;
  const int standing = sides_standing(f, &side);
  if (standing <= 1 || f->round >= f->max_rounds) {
    f->over = 1;
    f->winner = standing == 1 ? side : COPS_D6_NO_WINNER;
    const int v[COPS__PAYLOAD] = {f->winner, f->round};
    return cops__d6_fight_event(f, COPS_D6_EV_END, -1, -1, NULL, v);
  }
  return COPS_OK;
}

static int step(cops_d6_fight *f, int *who)
{
  *who = -1;
  int rc, side;
  while (f->cursor < f->norder) {
    const int id = f->order[f->cursor];
    struct cops__d6_fighter *c = &f->c[id];
    if (c->acted) {
      f->cursor++;
      continue;
    }
    if (!cops__d6_fighter_able(f, id)) {   /* fell before its turn: no turn, its group's damage lands */
      if ((rc = cops__d6_turn(f, id)))
        return rc;
      c->acted = 1;
      f->cursor++;
      continue;
    }
    if ((rc = cops__d6_turn(f, id)))
      return rc;
    if ((rc = cops__d6_release_fallen(f)))
      return rc;
    c->acted = 1;
    f->cursor++;
    *who = id;
    if (sides_standing(f, &side) <= 1)
      f->cursor = f->norder;   /* the fight is decided */
    break;
  }
  int next = -1;
  for (int k = f->cursor; k < f->norder && next < 0; k++)
    if (!f->c[f->order[k]].acted && cops__d6_fighter_able(f, f->order[k]))
      next = k;
  if (next >= 0)
    return COPS_OK;
  for (int k = f->cursor; k < f->norder && !rc; k++)   /* those left cannot act: no turn */
    if (!f->c[f->order[k]].acted && !(rc = cops__d6_turn(f, f->order[k])))
      f->c[f->order[k]].acted = 1;
  f->cursor = f->norder;
  return rc ? rc : end_round(f);
}

int cops_d6_fight_step(cops_d6_fight *f, int *id)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (!f->in_round)
    return cops__fail(f->ctx, COPS_ESTATE, "no round under way (cops_d6_fight_begin_round)");
  undo *u = save_state(f);
  int who;
  int rc = restore_state(f, u, step(f, &who));
  if (!rc && id)
    *id = who;
  return rc;
}

static int play_round(cops_d6_fight *f, int start)
{
  undo *u = save_state(f);
  int rc = start ? begin(f) : COPS_OK, who;
  while (!rc && f->in_round)
    rc = step(f, &who);
  return restore_state(f, u, rc);
}

int cops_d6_fight_resolve_round(cops_d6_fight *f)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (!f->in_round)
    return cops__fail(f->ctx, COPS_ESTATE, "no round under way (cops_d6_fight_begin_round)");
  return play_round(f, 0);
}

int cops_d6_fight_run_round(cops_d6_fight *f)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (f->in_round)
    return play_round(f, 0);
  int rc = can_begin(f);
  return rc ? rc : play_round(f, 1);
}

int cops_d6_fight_run(cops_d6_fight *f)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc = COPS_OK;
  while (!rc && !f->over)
    rc = cops_d6_fight_run_round(f);
  return rc;
}

int cops_d6_fight_round(const cops_d6_fight *f)
{
  return f ? f->round : COPS_EINVAL;
}

int cops_d6_fight_over(const cops_d6_fight *f)
{
  return f ? f->over : COPS_EINVAL;
}

int cops_d6_fight_winner(const cops_d6_fight *f, int *side)
{
  if (!f || !side)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (!f->over)
    return cops__fail(f->ctx, COPS_ESTATE, "the fight goes on");
  *side = f->winner;
  return COPS_OK;
}

const char *cops_d6_fight_name(const cops_d6_fight *f)
{
  return f ? f->name : NULL;
}
