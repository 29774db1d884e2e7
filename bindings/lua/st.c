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

void open_st(lua_State *L)
{
  static const luaL_Reg functions[] = {
    {"pool", st_pool}, {"roll", st_roll}, {"odds", st_odds}, {"opposed", st_opposed},
    {"difference", st_difference}, {NULL, NULL},
  };
  luaL_newlib(L, functions);
  lua_setfield(L, -2, "st");
}

#else

void open_st(lua_State *L)
{
  (void)L;   /* built without the module: cops.st is nil */
}

#endif
