/* The Lua binding, one attack at a time (docs/attacks.md): ctx:attack{...} resolves a
 * shot, a burst, covering fire or a blow and returns its outcome as a table; its events
 * go to a log (ctx:log()); ctx:cover_enter, ctx:cover_nerve, ctx:recovery_roll and
 * ctx:stand_up are the follow-ups. */
#include <string.h>

#include "cops-lua.h"

#define LOG "cops.log"
#define OUTCOME_UD "cops.outcome"   /* the C outcome behind an outcome table, for cover_enter */
#define OUTCOMES "cops.outcomes"    /* registry: outcome table -> its C outcome (weak keys) */

typedef struct {
  cops_log *p;
  ctx_ud *owner;
} log_ud;

static log_ud *to_log(lua_State *L, int i)
{
  log_ud *g = luaL_checkudata(L, i, LOG);
  if (!g->p)
    luaL_error(L, "the log is closed");
  g->owner->L = L;
  return g;
}

static int ctx_log(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  log_ud *g = lua_newuserdatauv(L, sizeof *g, 1);
  g->p = NULL;
  g->owner = c;
  lua_pushvalue(L, 1);            /* keep the context alive */
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, LOG);
  check(L, c, cops_log_new(&g->p, c->ctx));
  c->children++;
  return 1;
}

static int log_close(lua_State *L)
{
  log_ud *g = luaL_checkudata(L, 1, LOG);
  if (!g->p)
    return 0;
  if (g->owner->in_callback)
    return raise_message(L, COPS_ESTATE, "cannot close the log from its context's dice function");
  cops_log_free(g->p);
  g->p = NULL;
  g->owner->children--;
  ctx_release(g->owner);
  return 0;
}

static int log_count(lua_State *L)
{
  log_ud *g = to_log(L, 1);
  lua_pushinteger(L, check(L, g->owner, cops_log_count(g->p)));
  return 1;
}

static int log_clear(lua_State *L)
{
  log_ud *g = to_log(L, 1);
  check(L, g->owner, cops_log_clear(g->p));
  return 0;
}

static int log_set_round(lua_State *L)
{
  log_ud *g = to_log(L, 1);
  check(L, g->owner, cops_log_set_round(g->p, checkint(L, 2)));
  return 0;
}

static int log_limit(lua_State *L)
{
  log_ud *g = to_log(L, 1);
  if (!lua_isnoneornil(L, 2))
    check(L, g->owner, cops_log_set_limit(g->p, checkint(L, 2)));
  lua_pushinteger(L, check(L, g->owner, cops_log_limit(g->p)));
  return 1;
}

static int log_jsonl(lua_State *L)
{
  log_ud *g = to_log(L, 1);
  char *text = NULL;
  check(L, g->owner, cops_log_to_jsonl(g->p, optint(L, 2, 0), &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int log_events(lua_State *L)
{
  log_ud *g = to_log(L, 1);
  push_events(L, g->p);
  return 1;
}

static int log_narrate(lua_State *L)
{
  log_ud *g = to_log(L, 1);
  const char *code = luaL_optstring(L, 2, "fr");
  int lang;
  if (cops_lang_parse(code, &lang))
    return luaL_argerror(L, 2, lua_pushfstring(L, "no language '%s'", code));
  char *text = NULL;
  check(L, g->owner, cops_log_narrate(g->p, optint(L, 3, 0), lang, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

/* ---- outcomes ------------------------------------------------------------------- */

static int outcome_ud_gc(lua_State *L)
{
  cops_outcome **o = luaL_checkudata(L, 1, OUTCOME_UD);
  cops_outcome_free(*o);
  *o = NULL;
  return 0;
}

/* The outcome's userdata (pushed first: nothing of the library's is held when it
 * fails) and the C outcome to fill. */
cops_outcome *outcome_begin(lua_State *L, ctx_ud *c)
{
  cops_outcome **o = lua_newuserdatauv(L, sizeof *o, 0);
  *o = NULL;
  luaL_setmetatable(L, OUTCOME_UD);
  if (cops_outcome_new(o))
    raise_message(L, COPS_ENOMEM, "no memory for an outcome");
  (void)c;
  return *o;
}

static const char *const zones[] = {"legs", "abdomen", "torso", "arms", "head"};
static const char *const health[] = {"healthy", "below_half", "unconscious", "dying", "dead",
                                     "dead_final"};
static const char *const stopping[] = {"steady", "shaken", "out", "unaffected", "stopped",
                                       "mishap"};
static const char *const roll_names[] = {"attack", "defence", "cover_hits", "stopping",
                                         "stopping_back"};

static void set_int(lua_State *L, const char *key, int v)
{
  lua_pushinteger(L, v);
  lua_setfield(L, -2, key);
}

static void set_bool(lua_State *L, const char *key, int v)
{
  lua_pushboolean(L, v);
  lua_setfield(L, -2, key);
}

/* The outcome's table from its userdata at the top; the userdata is replaced by it. */
void outcome_end(lua_State *L, const cops_character *attacker)
{
  cops_outcome *o = *(cops_outcome **)lua_touserdata(L, -1);
  lua_createtable(L, 0, 9);
  lua_pushstring(L, cops_attack_mode_name(cops_outcome_mode(o)));
  lua_setfield(L, -2, "mode");
  set_bool(L, "possible", cops_outcome_possible(o) > 0);
  set_bool(L, "hit_target", cops_outcome_hit_target(o) > 0);
  int margin = 0, fired = 0, hits = 0;
  cops_outcome_margin(o, &margin);
  cops_outcome_bullets(o, &fired, &hits);
  set_int(L, "margin", margin);
  set_int(L, "fired", fired);
  const int nh = cops_outcome_hit_count(o);
  lua_createtable(L, nh > 0 ? nh : 0, 0);
  for (int i = 0; i < nh; i++) {
    cops_hit h;
    h.size = sizeof h;
    cops_outcome_hit(o, i, &h);
    lua_createtable(L, 0, 10);
    lua_pushstring(L, h.victim ? "attacker" : "target");
    lua_setfield(L, -2, "victim");
    set_int(L, "bullet", h.bullet);
    set_int(L, "die", h.die);
    if (h.location >= 0) {
      lua_pushstring(L, zones[h.location]);
      lua_setfield(L, -2, "location");
    }
    set_int(L, "modifier", h.modifier);
    set_int(L, "raw", h.raw);
    set_int(L, "protection", h.protection);
    set_int(L, "bonus", h.bonus);
    set_int(L, "damage", h.damage);
    set_bool(L, "stopped", h.stopped);
    if (h.body_side != COPS_BODY_NONE) {     /* A4.1 */
      lua_pushstring(L, h.body_side == COPS_BODY_LEFT ? "left" : "right");
      lua_setfield(L, -2, "side");
    }
    set_int(L, "rolled", h.rolled);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "hits");
  const int nv = cops_outcome_victim_count(o);
  lua_createtable(L, nv > 0 ? nv : 0, 0);
  for (int i = 0; i < nv; i++) {
    cops_victim v;
    v.size = sizeof v;
    cops_outcome_victim(o, i, &v);
    lua_createtable(L, 0, 12);
    lua_pushstring(L, cops_character_name(v.who));
    lua_setfield(L, -2, "name");
    lua_pushstring(L, attacker && v.who == attacker ? "attacker" : "target");
    lua_setfield(L, -2, "role");
    set_int(L, "hits", v.hits);
    set_int(L, "damage", v.damage);
    set_bool(L, "lasting", v.lasting);
    set_int(L, "hp_before", v.hp_before);
    set_int(L, "hp_after", v.hp_after);
    lua_pushstring(L, health[v.health_before]);
    lua_setfield(L, -2, "health_before");
    lua_pushstring(L, health[v.health_after]);
    lua_setfield(L, -2, "health_after");
    if (v.stopping >= 0 && v.stopping < COPS_STOP_RESULT_COUNT) {
      lua_pushstring(L, stopping[v.stopping]);
      lua_setfield(L, -2, "stopping");
    }
    set_int(L, "stopping_difficulty", v.stopping_difficulty);
    set_int(L, "conditions", (int)v.conditions);
    set_int(L, "stopping_threshold", v.stopping_threshold);
    lua_createtable(L, 4, 0);                /* A5: the mishaps, by name */
    for (int b = 0, k = 0; b < 4; b++)
      if (v.mishaps & (1u << b)) {
        lua_pushstring(L, cops_mishap_name(1 << b));
        lua_rawseti(L, -2, ++k);
      }
    lua_setfield(L, -2, "mishaps");
    set_int(L, "minutes", v.minutes);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "victims");
  lua_createtable(L, 0, COPS_OUTCOME_ROLL_COUNT);
  for (int k = 0; k < COPS_OUTCOME_ROLL_COUNT; k++) {
    const cops_roll *r = cops_outcome_roll(o, k);
    if (r && cops_roll_count(r) > 0) {
      push_roll(L, r);
      lua_setfield(L, -2, roll_names[k]);
    }
  }
  lua_setfield(L, -2, "rolls");
  /* OUTCOMES[table] = userdata, then the table in the userdata's place. */
  lua_getfield(L, LUA_REGISTRYINDEX, OUTCOMES);
  lua_pushvalue(L, -2);
  lua_pushvalue(L, -4);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  lua_replace(L, -2);
}

/* ---- attacks ------------------------------------------------------------------- */

cops_log *log_arg(lua_State *L, int i)
{
  return lua_isnoneornil(L, i) ? NULL : to_log(L, i)->p;
}

int opt_field_int(lua_State *L, int t, const char *key, int dflt)
{
  lua_getfield(L, t, key);
  const int v = lua_isnil(L, -1) ? dflt : checkint(L, -1);
  lua_pop(L, 1);
  return v;
}

/* A field naming something the library parses (a mode, an attitude, a characteristic),
 * or an integer. */
int opt_field_parsed(lua_State *L, int t, const char *key, int dflt,
                            int (*parse)(const char *, int *))
{
  lua_getfield(L, t, key);
  int v = dflt;
  if (lua_isinteger(L, -1))
    v = checkint(L, -1);
  else if (!lua_isnil(L, -1) && parse(checktext(L, -1), &v))
    luaL_error(L, "unknown %s '%s'", key, lua_tostring(L, -1));
  lua_pop(L, 1);
  return v;
}

void *opt_field_entity(lua_State *L, int t, const char *key, const char *mt)
{
  lua_getfield(L, t, key);
  void *p = NULL;
  if (!lua_isnil(L, -1)) {
    if (!luaL_testudata(L, -1, mt))
      luaL_error(L, "%s: expected a %s", key, mt + 5);
    p = to_entity(L, lua_gettop(L), mt)->p;
  }
  lua_pop(L, 1);
  return p;
}

cops_log *opt_field_log(lua_State *L, int t, const char *key)
{
  lua_getfield(L, t, key);
  cops_log *p = lua_isnil(L, -1) ? NULL : to_log(L, lua_gettop(L))->p;
  lua_pop(L, 1);
  return p;
}

/* The situation of the table at index 2 (ctx:attack{} and ctx:attack_odds{}). */
static void situation_of(lua_State *L, ctx_ud *c, cops_situation *out)
{
  situation_at(L, c, 2, 1, out);
}

void situation_at(lua_State *L, ctx_ud *c, int t, int need_attacker, cops_situation *out)
{
  luaL_checktype(L, t, LUA_TTABLE);
  const int mode = opt_field_parsed(L, t, "mode", COPS_ATTACK_SINGLE, cops_attack_mode_parse);
  cops_situation s;
  check(L, c, cops_situation_init_sized(&s, sizeof s, mode));
  s.attacker = opt_field_entity(L, t, "attacker", CHARACTER);
  if (!s.attacker && need_attacker)
    luaL_error(L, "attack: an attacker is needed");   /* raises */
  s.target = opt_field_entity(L, t, "target", CHARACTER);
  s.weapon = opt_field_entity(L, t, "weapon", WEAPON);
  s.armour = opt_field_entity(L, t, "armour", ARMOUR);
  s.target_weapon = opt_field_entity(L, t, "target_weapon", WEAPON);
  s.attacker_armour = opt_field_entity(L, t, "attacker_armour", ARMOUR);
  s.attitude = opt_field_parsed(L, t, "attitude", 0, cops_attitude_parse);
  s.target_attitude = opt_field_parsed(L, t, "target_attitude", 0, cops_attitude_parse);
  s.characteristic = opt_field_parsed(L, t, "characteristic", s.characteristic,
                                      cops_characteristic_parse);
  s.target_mode = opt_field_parsed(L, t, "target_mode", s.target_mode, cops_attack_mode_parse);
  s.target_stopping = opt_field_parsed(L, t, "target_stopping", s.target_stopping,
                                       cops_characteristic_parse);
  s.attacker_stopping = opt_field_parsed(L, t, "attacker_stopping", s.attacker_stopping,
                                         cops_characteristic_parse);
  s.initiative = opt_field_int(L, t, "initiative", 0);
  s.movement = opt_field_int(L, t, "movement", 0);
  s.shots_fired = opt_field_int(L, t, "shots_fired", 0);
  lua_getfield(L, t, "several");
  s.several = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, t, "adrenaline");
  s.adrenaline = lua_toboolean(L, -1);   /* C5: a point for one more die */
  lua_pop(L, 1);
  lua_getfield(L, t, "anciennete");
  s.anciennete = lua_toboolean(L, -1);   /* C5: a failed roll again for a point */
  lua_pop(L, 1);
  lua_getfield(L, t, "target_adrenaline");
  s.target_adrenaline = lua_toboolean(L, -1);   /* C5: the target's point in melee */
  lua_pop(L, 1);
  s.target_threshold_mod = opt_field_int(L, t, "target_threshold_mod", 0);
  s.distance_cm = opt_field_int(L, t, "distance_cm", 0);   /* C6.5: the true distance */
  s.distance = opt_field_int(L, t, "distance", 0);
  s.dice_mod = opt_field_int(L, t, "dice_mod", 0);
  s.threshold_mod = opt_field_int(L, t, "threshold_mod", 0);
  s.difficulty_mod = opt_field_int(L, t, "difficulty_mod", 0);
  s.target_dice_mod = opt_field_int(L, t, "target_dice_mod", 0);
  s.penetration = opt_field_int(L, t, "penetration", 0);
  /* The alternative rules (A): the ruleset and the fields only they read. */
  lua_getfield(L, t, "rules");
  if (!lua_isnil(L, -1) && cops_ruleset_parse(luaL_checkstring(L, -1), &s.ruleset))
    luaL_error(L, "rules: 'core' or 'alternative', not '%s'", lua_tostring(L, -1));
  lua_pop(L, 1);
  s.aim = opt_field_int(L, t, "aim", 0);
  s.bullets = opt_field_int(L, t, "bullets", 0);
  s.knockout_minutes = opt_field_int(L, t, "knockout_minutes", 0);
  lua_getfield(L, t, "holding");
  s.holding = lua_toboolean(L, -1);
  lua_pop(L, 1);
  s.attacker_id = opt_field_int(L, t, "attacker_id", s.attacker_id);
  s.target_id = opt_field_int(L, t, "target_id", s.target_id);
  lua_getfield(L, t, "zone");
  if (!lua_isnil(L, -1)) {
    luaL_checktype(L, -1, LUA_TTABLE);
    const int z = lua_gettop(L);
    int *fields[] = {&s.zone_x, &s.zone_y, &s.zone_radius};
    for (int i = 0; i < 3; i++) {
      lua_rawgeti(L, z, i + 1);
      *fields[i] = checkint(L, -1);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  *out = s;
}

/* ctx:attack{attacker = ch, target = ch, mode = "single", weapon = w, armour = a, ...} */
static int ctx_attack(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_situation s;
  situation_of(L, c, &s);
  cops_log *log = opt_field_log(L, 2, "log");
  lua_settop(L, 2);
  cops_outcome *o = outcome_begin(L, c);
  check(L, c, cops_attack(o, &s, log));
  outcome_end(L, s.attacker);
  return 1;
}

/* What the odds of an attack hold, copied out of the C object before any Lua
 * allocation (which may raise): nothing to free on an error. */
struct odds_copy {
  double hit, back, in[11], zone[COPS_ZONE_COUNT], stop[COPS_STOP_RESULT_COUNT + 1], down, dead;
  double damage[10 * (6 * 20 + 6 * 3) + 1];
  int most;
};

static void set_num(lua_State *L, const char *key, double v)
{
  lua_pushnumber(L, v);
  lua_setfield(L, -2, key);
}

int push_attack_odds(lua_State *L, ctx_ud *c, int (*compute)(cops_attack_odds *, const void *),
                     const void *arg)
{
  struct odds_copy *x = lua_newuserdatauv(L, sizeof *x, 0);   /* freed by Lua */
  memset(x, 0, sizeof *x);
  cops_attack_odds *o;
  int rc = cops_attack_odds_new(&o, c->ctx);
  if (!rc && !(rc = compute(o, arg))) {
    cops_attack_odds_hit(o, &x->hit, &x->back);
    cops_attack_odds_down(o, &x->down, &x->dead);
    for (int k = 0; k <= 10; k++)
      cops_attack_odds_in(o, k, &x->in[k]);
    for (int z = 0; z < COPS_ZONE_COUNT; z++)
      cops_attack_odds_zone(o, z, &x->zone[z]);
    for (int r = COPS_STOP_NONE; r < COPS_STOP_RESULT_COUNT; r++)
      cops_attack_odds_stopping(o, r, &x->stop[r + 1]);
    x->most = cops_attack_odds_damage_max(o);
    const int room = (int)(sizeof x->damage / sizeof x->damage[0]) - 1;
    if (x->most > room)
      x->most = -1;   /* a law longer than this binding holds: said below, never cut */
    for (int d = 0; d <= x->most; d++)
      cops_attack_odds_damage(o, d, &x->damage[d]);
  }
  cops_attack_odds_free(o);
  check(L, c, rc);
  if (x->most < 0)
    return raise_message(L, COPS_ERANGE, "the damage law is longer than this binding holds");
  lua_createtable(L, 0, 8);
  set_num(L, "p_hit", x->hit);
  set_num(L, "p_hit_back", x->back);
  set_num(L, "p_down", x->down);
  set_num(L, "p_dead", x->dead);
  int last = 0;
  for (int k = 0; k <= 10; k++)
    if (x->in[k] > 0)
      last = k;
  lua_createtable(L, last + 1, 0);
  for (int k = 0; k <= last; k++) {
    lua_pushnumber(L, x->in[k]);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -2, "bullets_in");
  lua_createtable(L, x->most + 1, 0);
  for (int d = 0; d <= x->most; d++) {
    lua_pushnumber(L, x->damage[d]);
    lua_rawseti(L, -2, d + 1);
  }
  lua_setfield(L, -2, "damage");
  lua_createtable(L, 0, COPS_ZONE_COUNT);
  for (int z = 0; z < COPS_ZONE_COUNT; z++)
    set_num(L, cops_zone_name(z, COPS_LANG_EN), x->zone[z]);
  lua_setfield(L, -2, "zones");
  /* C10.4's results, and A5's (0 under the core rules, as C10.4's are under A). */
  static const char *const results[] = {"none", "steady", "shaken", "out", "unaffected",
                                        "stopped", "mishap"};
  lua_createtable(L, 0, COPS_STOP_RESULT_COUNT + 1);
  for (int r = 0; r <= COPS_STOP_RESULT_COUNT; r++)
    set_num(L, results[r], x->stop[r]);
  lua_setfield(L, -2, "stopping");
  return 1;
}

static int compute_situation(cops_attack_odds *o, const void *s)
{
  return cops_attack_odds_compute(o, s);
}

/* ctx:attack_odds{...}: the odds of what ctx:attack{...} would resolve. */
static int ctx_attack_odds(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_situation s;
  situation_of(L, c, &s);
  lua_settop(L, 2);
  return push_attack_odds(L, c, compute_situation, &s);
}

/* The C outcome behind the outcome table at i. */
static cops_outcome *outcome_arg(lua_State *L, int i)
{
  luaL_checktype(L, i, LUA_TTABLE);
  lua_getfield(L, LUA_REGISTRYINDEX, OUTCOMES);
  lua_pushvalue(L, i);
  lua_rawget(L, -2);
  cops_outcome **o = luaL_testudata(L, -1, OUTCOME_UD);
  if (!o || !*o)
    luaL_argerror(L, i, "the outcome of a covering fire");
  lua_pop(L, 2);
  return *o;
}

/* ctx:cover_zone(cover_outcome) -> whether it makes a zone (C10.5, A2.3) */
static int ctx_cover_zone(lua_State *L)
{
  to_ctx(L, 1);
  int zone;
  if (cops_cover_zone(outcome_arg(L, 2), &zone))
    return raise_message(L, COPS_EINVAL, "not the outcome of a covering fire");
  lua_pushboolean(L, zone);
  return 1;
}

/* ctx:cover_enter(cover_outcome, character [, {armour =, attitude =, log =}]) */
static int ctx_cover_enter(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const cops_outcome *cover = outcome_arg(L, 2);
  entity_ud *ch = to_entity(L, 3, CHARACTER);
  const cops_armour *armour = NULL;
  int attitude = 0;
  cops_log *log = NULL;
  if (!lua_isnoneornil(L, 4)) {
    luaL_checktype(L, 4, LUA_TTABLE);
    armour = opt_field_entity(L, 4, "armour", ARMOUR);
    attitude = opt_field_parsed(L, 4, "attitude", 0, cops_attitude_parse);
    log = opt_field_log(L, 4, "log");
  }
  cops_outcome *o = outcome_begin(L, c);
  check(L, c, cops_cover_enter(o, cover, ch->p, armour, attitude, log));
  outcome_end(L, NULL);
  return 1;
}

/* A follow-up roll: the roll's table and the flag it sets. */
static int follow(lua_State *L, int (*fn)(cops_roll *, cops_character *, int, cops_log *, int *),
                  int with_characteristic)
{
  ctx_ud *c = to_ctx(L, 1);
  entity_ud *ch = to_entity(L, 2, CHARACTER);
  int characteristic = -1, arg = 3;
  if (with_characteristic) {
    if (lua_isinteger(L, 3))
      characteristic = checkint(L, 3);
    else if (!lua_isnoneornil(L, 3) && cops_characteristic_parse(checktext(L, 3), &characteristic))
      return luaL_argerror(L, 3, "a characteristic");
    arg = 4;
  }
  cops_log *log = lua_isnoneornil(L, arg) ? NULL : to_log(L, arg)->p;
  lua_settop(L, 2);
  cops_roll *r = roll_begin(L, c);
  int flag = 0;
  check(L, c, fn(r, ch->p, characteristic, log, &flag));
  roll_end(L);
  lua_pushboolean(L, flag);
  return 2;
}

static int nerve(cops_roll *r, cops_character *ch, int unused, cops_log *log, int *flag)
{
  (void)unused;
  return cops_cover_nerve(r, ch, log, flag);
}

static int stand(cops_roll *r, cops_character *ch, int unused, cops_log *log, int *flag)
{
  (void)unused;
  return cops_stand_up(r, ch, log, flag);
}

/* ctx:cover_nerve(character [, log [, cover_outcome]]): with the fire, refused when it makes
 * no zone (A2.3). */
static int ctx_cover_nerve(lua_State *L)
{
  if (lua_isnoneornil(L, 4))
    return follow(L, nerve, 0);
  ctx_ud *c = to_ctx(L, 1);
  entity_ud *ch = to_entity(L, 2, CHARACTER);
  cops_log *log = lua_isnoneornil(L, 3) ? NULL : to_log(L, 3)->p;
  cops_outcome *cover = outcome_arg(L, 4);
  lua_settop(L, 2);
  cops_roll *r = roll_begin(L, c);
  int steady = 0;
  check(L, c, cops_cover_nerve_under(r, cover, ch->p, log, &steady));
  roll_end(L);
  lua_pushboolean(L, steady);
  return 2;
}

static int ctx_recovery_roll(lua_State *L)
{
  return follow(L, cops_recovery_roll, 1);
}

static int ctx_stand_up(lua_State *L)
{
  return follow(L, stand, 0);
}

void open_attack(lua_State *L)
{
  luaL_newmetatable(L, OUTCOME_UD);
  lua_pushcfunction(L, outcome_ud_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  weak_registry(L, OUTCOMES);

  static const luaL_Reg log_methods[] = {
    {"count", log_count}, {"clear", log_clear}, {"set_round", log_set_round},
    {"limit", log_limit}, {"jsonl", log_jsonl}, {"narrate", log_narrate},
    {"events", log_events},
    {"close", log_close}, {NULL, NULL},
  };
  metatable(L, LOG, log_methods);
  lua_pushcfunction(L, log_close);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, log_close);
  lua_setfield(L, -2, "__close");
  lua_pop(L, 1);

  static const luaL_Reg ctx[] = {
    {"log", ctx_log}, {"attack", ctx_attack}, {"attack_odds", ctx_attack_odds},
    {"cover_enter", ctx_cover_enter}, {"cover_zone", ctx_cover_zone},
    {"cover_nerve", ctx_cover_nerve}, {"recovery_roll", ctx_recovery_roll},
    {"stand_up", ctx_stand_up}, {NULL, NULL},
  };
  luaL_getmetatable(L, CTX);
  lua_getfield(L, -1, "__index");
  luaL_setfuncs(L, ctx, 0);
  lua_pop(L, 2);
}
