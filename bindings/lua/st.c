/* cops.st: the optional Storyteller module (docs/storyteller.md) in Lua. A pool
 * is its notation ("4+3-2 9-again") or a table {dice=, mod=, threshold=, again=,
 * mode=, chance=}; a roll is the table of cops.context:roll with the pool's
 * fields. */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_ST

static const char *const modes[] = {"dice", "all-8s", "average", NULL};

/* The pool at index i: a notation, or a table whose absent fields take the defaults. */
static void check_pool(lua_State *L, ctx_ud *c, int i, cops_st_pool *p)
{
  if (lua_type(L, i) == LUA_TSTRING) {
    check(L, c, cops_st_pool_parse(p, c->ctx, lua_tostring(L, i)));
    return;
  }
  luaL_checktype(L, i, LUA_TTABLE);
  lua_getfield(L, i, "dice");
  if (!lua_isinteger(L, -1))
    luaL_error(L, "a pool's dice must be an integer");
  const lua_Integer dice = lua_tointeger(L, -1);
  lua_pop(L, 1);
  check(L, c, cops_st_pool_init_sized(p, sizeof *p, dice < -1 ? -1 : dice > 99 ? 99 : (int)dice));
  p->mod = opt_field_int(L, i, "mod", 0);
  p->threshold = opt_field_int(L, i, "threshold", 8);
  p->again = opt_field_int(L, i, "again", 10);
  lua_getfield(L, i, "mode");
  if (!lua_isnil(L, -1))
    p->mode = luaL_checkoption(L, -1, NULL, modes);
  lua_pop(L, 1);
  lua_getfield(L, i, "chance");
  if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
    luaL_error(L, "a pool's chance must be a boolean");
  if (lua_isboolean(L, -1) && !lua_toboolean(L, -1))
    p->flags |= COPS_ST_NO_CHANCE;
  lua_pop(L, 1);
}

static void push_pool(lua_State *L, const cops_st_pool *p)
{
  char text[160];
  lua_createtable(L, 0, 7);
  cops_st_pool_format(p, text, sizeof text);
  lua_pushstring(L, text);
  lua_setfield(L, -2, "text");
  lua_pushinteger(L, p->dice);
  lua_setfield(L, -2, "dice");
  lua_pushinteger(L, p->mod);
  lua_setfield(L, -2, "mod");
  lua_pushinteger(L, p->threshold);
  lua_setfield(L, -2, "threshold");
  lua_pushinteger(L, p->again);
  lua_setfield(L, -2, "again");
  lua_pushstring(L, modes[p->mode]);
  lua_setfield(L, -2, "mode");
  lua_pushboolean(L, !(p->flags & COPS_ST_NO_CHANCE));
  lua_setfield(L, -2, "chance");
}

void push_st_roll(lua_State *L, const cops_roll *r)
{
  cops_st_pool p;
  int pool = 0;
  cops_st_roll_pool_of_sized(r, &p, sizeof p);
  cops_st_roll_pool_size(r, &pool);
  lua_pushinteger(L, cops_st_roll_successes(r));
  lua_setfield(L, -2, "successes");
  lua_pushboolean(L, cops_st_roll_successes(r) > 0);
  lua_setfield(L, -2, "success");
  lua_pushinteger(L, pool);
  lua_setfield(L, -2, "pool");
  lua_pushboolean(L, cops_st_roll_chance(r) == 1);
  lua_setfield(L, -2, "chance");
  lua_pushboolean(L, cops_st_roll_dramatic(r) == 1);
  lua_setfield(L, -2, "dramatic");
  lua_pushboolean(L, cops_st_roll_capped(r) == 1);
  lua_setfield(L, -2, "capped");
  push_pool(L, &p);
  lua_setfield(L, -2, "st");
}

/* cops.st.pool(ctx, pool): the pool read and checked, as a table with its text. */
static int st_pool(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_pool p;
  check_pool(L, c, 2, &p);
  double unused;   /* the query checks every field, as a roll does */
  check(L, c, cops_st_odds_dramatic(c->ctx, &p, &unused));
  push_pool(L, &p);
  return 1;
}

/* cops.st.roll(ctx, pool): a roll's table (dice, successes, chance, dramatic ...). */
static int st_roll(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_pool p;
  const int text = lua_type(L, 2) == LUA_TSTRING;
  if (!text)
    check_pool(L, c, 2, &p);
  cops_roll *r = roll_begin(L, c);
  check(L, c, text ? cops_st_roll_text(r, c->ctx, lua_tostring(L, 2)) : cops_st_roll(r, c->ctx, &p));
  roll_end(L);
  return 1;
}

/* cops.st.odds(ctx, pool): {expected, dramatic, pmf = {[0] = ...}, at_least = {...}}, the
 * k-th success count at index k + 1, up to the last k above 1e-12. */
static int st_odds(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_pool p;
  double mean, dramatic;
  check_pool(L, c, 2, &p);
  check(L, c, cops_st_odds_expected(c->ctx, &p, &mean));
  check(L, c, cops_st_odds_dramatic(c->ctx, &p, &dramatic));
  lua_createtable(L, 0, 4);
  lua_pushnumber(L, mean);
  lua_setfield(L, -2, "expected");
  lua_pushnumber(L, dramatic);
  lua_setfield(L, -2, "dramatic");
  lua_newtable(L);
  lua_newtable(L);
  for (int k = 0; k <= COPS_ODDS_K_MAX; k++) {
    double e, a;
    check(L, c, cops_st_odds_at_least(c->ctx, &p, k, &a));
    if (k > 0 && a < 1e-12)
      break;
    check(L, c, cops_st_odds_pmf(c->ctx, &p, k, &e));
    lua_pushnumber(L, e);
    lua_rawseti(L, -3, k + 1);
    lua_pushnumber(L, a);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -3, "at_least");
  lua_setfield(L, -2, "pmf");
  return 1;
}

/* cops.st.opposed(ctx, a, b): P(a wins), P(b wins), P(no winner) (ST §0.4, ST-A5). */
static int st_opposed(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_pool a, b;
  double aw, bw, tie;
  check_pool(L, c, 2, &a);
  check_pool(L, c, 3, &b);
  check(L, c, cops_st_odds_opposed(c->ctx, &a, &b, &aw, &bw, &tie));
  lua_pushnumber(L, aw);
  lua_pushnumber(L, bw);
  lua_pushnumber(L, tie);
  return 3;
}

/* cops.st.difference(ctx, a, b, d): P(a's successes - b's = d). */
static int st_difference(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_pool a, b;
  double p;
  check_pool(L, c, 2, &a);
  check_pool(L, c, 3, &b);
  check(L, c, cops_st_odds_difference(c->ctx, &a, &b, checkint(L, 4), &p));
  lua_pushnumber(L, p);
  return 1;
}

/* ---- rules and characters ------------------------------------------------------ */

static const char *const health_states[] = {"fit", "unconscious", "bleeding out", "dead"};
static const char *const backgrounds[] = {"military", "police", "criminal", "crisis-trained",
                                          "player", NULL};
static const char *const damage_types[] = {"bashing", "lethal", NULL};
static const char *const point_kinds[] = {"willpower", "vitae", NULL};
static const char *const derived[] = {"Defense", "Initiative", "Speed", "Health", "Willpower",
                                      NULL};

/* Rules at index i: nil (the defaults) or a table of the fields to change. */
static const cops_st_rules *check_rules(lua_State *L, ctx_ud *c, int i, cops_st_rules *r)
{
  check(L, c, cops_st_rules_init_sized(r, sizeof *r));
  if (lua_isnoneornil(L, i))
    return r;
  luaL_checktype(L, i, LUA_TTABLE);
  r->threshold = opt_field_int(L, i, "threshold", r->threshold);
  r->again = opt_field_int(L, i, "again", r->again);
  r->human_size = opt_field_int(L, i, "human_size", r->human_size);
  r->speed_base = opt_field_int(L, i, "speed_base", r->speed_base);
  r->combatant_xp = opt_field_int(L, i, "combatant_xp", r->combatant_xp);
  r->combatant_skill = opt_field_int(L, i, "combatant_skill", r->combatant_skill);
  static const char *const flags[] = {"chance_die", "defense_athletics", "health_track",
                                      "wound_penalties"};
  int *fields[] = {&r->chance_die, &r->defense_athletics, &r->health_track, &r->wound_penalties};
  for (int k = 0; k < 4; k++) {
    lua_getfield(L, i, flags[k]);
    if (!lua_isnil(L, -1)) {
      if (!lua_isboolean(L, -1))
        luaL_error(L, "rules.%s must be a boolean", flags[k]);
      *fields[k] = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
  }
  return r;
}

static int trait_arg(lua_State *L, int i)
{
  int t;
  if (cops_st_trait_parse(luaL_checkstring(L, i), &t))
    luaL_argerror(L, i, "a trait: Strength, Dexterity, Stamina, Wits, Resolve, Composure, "
                  "Brawl, Weaponry, Firearms, Athletics, Vigor or Size");
  return t;
}

static cops_st_character *to_char(lua_State *L, entity_ud **e)
{
  *e = to_entity(L, 1, ST_CHARACTER);
  return (*e)->p;
}

static int c_name(lua_State *L)
{
  entity_ud *e;
  lua_pushstring(L, cops_st_character_name(to_char(L, &e)));
  return 1;
}

static int c_trait(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  lua_pushinteger(L, check(L, e->owner, cops_st_character_trait(ch, trait_arg(L, 2))));
  return 1;
}

static int c_set_trait(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_trait(ch, trait_arg(L, 2), checkint(L, 3)));
  return 0;
}

static int c_derived(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  cops_st_rules r;
  const int which = luaL_checkoption(L, 2, NULL, derived);
  lua_pushinteger(L, check(L, e->owner, cops_st_character_derived(ch, check_rules(L, e->owner, 3,
                                                                                  &r), which)));
  return 1;
}

static int c_set_derived(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_derived(ch, luaL_checkoption(L, 2, NULL, derived),
                                                   lua_isnil(L, 3) ? -1 : checkint(L, 3)));
  return 0;
}

static int c_points(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  int cur, max;
  check(L, e->owner, cops_st_character_points(ch, luaL_checkoption(L, 2, NULL, point_kinds),
                                              &cur, &max));
  lua_pushinteger(L, cur);
  lua_pushinteger(L, max);
  return 2;
}

static int c_set_points(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_points(ch, luaL_checkoption(L, 2, NULL, point_kinds),
                                                  checkint(L, 3)));
  return 0;
}

/* ch:background() → a list of names; ch:set_background{"police", "player"}. */
static int c_background(lua_State *L)
{
  entity_ud *e;
  const unsigned flags = cops_st_character_background(to_char(L, &e));
  lua_newtable(L);
  for (int k = 0, n = 0; backgrounds[k]; k++)
    if (flags & (1u << k)) {
      lua_pushstring(L, backgrounds[k]);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

static int c_set_background(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  luaL_checktype(L, 2, LUA_TTABLE);
  unsigned flags = 0;
  for (lua_Integer k = 1; lua_rawgeti(L, 2, k) != LUA_TNIL; k++) {
    flags |= 1u << luaL_checkoption(L, -1, NULL, backgrounds);
    lua_pop(L, 1);
  }
  check(L, e->owner, cops_st_character_set_background(ch, flags));
  return 0;
}

static int c_experience(lua_State *L)
{
  entity_ud *e;
  lua_pushinteger(L, cops_st_character_experience(to_char(L, &e)));
  return 1;
}

static int c_set_experience(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_experience(ch, checkint(L, 2)));
  return 0;
}

static int c_is_combatant(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  cops_st_rules r;
  lua_pushboolean(L, check(L, e->owner, cops_st_character_is_combatant(
                                          ch, check_rules(L, e->owner, 2, &r))));
  return 1;
}

static int c_set_combatant(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_combatant(ch, lua_isnil(L, 2) ? -1
                                                         : lua_toboolean(L, 2)));
  return 0;
}

static int c_damage(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  cops_st_rules r;
  const int boxes = checkint(L, 2), type = luaL_checkoption(L, 3, NULL, damage_types);
  check(L, e->owner, cops_st_character_damage(ch, check_rules(L, e->owner, 4, &r), boxes, type));
  return 0;
}

static int c_health(lua_State *L)
{
  entity_ud *e;
  int b, l;
  cops_st_character_health(to_char(L, &e), &b, &l);
  lua_pushinteger(L, b);
  lua_pushinteger(L, l);
  return 2;
}

static int c_set_health(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_health(ch, checkint(L, 2), checkint(L, 3)));
  return 0;
}

static int c_health_state(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  cops_st_rules r;
  lua_pushstring(L, health_states[check(L, e->owner, cops_st_character_health_state(
                                                       ch, check_rules(L, e->owner, 2, &r)))]);
  return 1;
}

static int c_wound_penalty(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  cops_st_rules r;
  lua_pushinteger(L, cops_st_character_wound_penalty(ch, check_rules(L, e->owner, 2, &r)));
  return 1;
}

static int c_to_json(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  char *text = NULL;
  check(L, e->owner, cops_st_character_to_json(ch, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int c_copy(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e), *copy = NULL;
  check(L, e->owner, cops_st_character_copy(&copy, ch));
  lua_getiuservalue(L, 1, 1);     /* the context, kept alive by the copy */
  lua_replace(L, 1);
  new_entity(L, e->owner, ST_CHARACTER, copy);
  return 1;
}

/* cops.st.character(ctx, name), cops.st.load_character(ctx, path), cops.st.character_json(ctx, text). */
static int st_character(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *name = checktext(L, 2);
  cops_st_character *ch = NULL;
  check(L, c, cops_st_character_new(&ch, c->ctx));
  const int rc = cops_st_character_set_name(ch, name);
  if (rc) {
    cops_st_character_free(ch);
    check(L, c, rc);
  }
  new_entity(L, c, ST_CHARACTER, ch);
  return 1;
}

static int st_made(lua_State *L, int (*fn)(cops_st_character **, cops_ctx *, const char *))
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_character *ch = NULL;
  check(L, c, fn(&ch, c->ctx, checktext(L, 2)));
  new_entity(L, c, ST_CHARACTER, ch);
  return 1;
}

static int st_load_character(lua_State *L)
{
  return st_made(L, cops_st_character_load);
}

static int st_character_json(lua_State *L)
{
  return st_made(L, cops_st_character_from_json);
}

/* cops.st.traits and cops.st.derived: the names, in the C enums' order. */
static void push_names(lua_State *L, const char *(*name)(int))
{
  lua_newtable(L);
  for (int k = 0; name(k); k++) {
    lua_pushstring(L, name(k));
    lua_rawseti(L, -2, k + 1);
  }
}

void open_st(lua_State *L)
{
  static const luaL_Reg methods[] = {
    {"name", c_name}, {"trait", c_trait}, {"set_trait", c_set_trait}, {"derived", c_derived},
    {"set_derived", c_set_derived}, {"points", c_points}, {"set_points", c_set_points},
    {"background", c_background}, {"set_background", c_set_background},
    {"experience", c_experience}, {"set_experience", c_set_experience},
    {"is_combatant", c_is_combatant}, {"set_combatant", c_set_combatant},
    {"damage", c_damage}, {"health", c_health}, {"set_health", c_set_health},
    {"health_state", c_health_state}, {"wound_penalty", c_wound_penalty},
    {"to_json", c_to_json}, {"copy", c_copy}, {NULL, NULL},
  };
  metatable(L, ST_CHARACTER, methods);
  closers(L, entity_close, ST_CHARACTER);
  lua_pop(L, 1);
  static const luaL_Reg functions[] = {
    {"pool", st_pool}, {"roll", st_roll}, {"odds", st_odds}, {"opposed", st_opposed},
    {"difference", st_difference}, {"character", st_character},
    {"load_character", st_load_character}, {"character_json", st_character_json},
    {NULL, NULL},
  };
  luaL_newlib(L, functions);
  push_names(L, cops_st_trait_name);
  lua_setfield(L, -2, "traits");
  push_names(L, cops_st_derived_name);
  lua_setfield(L, -2, "derived");
  lua_setfield(L, -2, "st");
}

#else

void open_st(lua_State *L)
{
  (void)L;   /* built without the module: cops.st is nil */
}

#endif
