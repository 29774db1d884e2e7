/* The Lua binding of the dice (lib/dice, <cops/dice.h>, <cops/odds.h>, docs/lua.md): rolls
 * as tables (their JSON made on first use), ctx:roll and the exact odds of a notation,
 * pools, d6 and opposed rolls. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cops-lua.h"

/* A roll as a table. */
void push_roll(lua_State *L, const cops_roll *r)
{
  lua_createtable(L, 0, 8);
  int n = cops_roll_count(r);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    int face;
    cops_roll_die(r, i, &face, NULL, NULL);
    lua_pushinteger(L, face);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "dice");
#if COPS_WITH_ST
  if (cops_roll_kind(r) == COPS_ST_ROLL) {
    push_st_roll(L, r);
    return;
  }
#endif
#if COPS_WITH_D6
  if (cops_roll_kind(r) == COPS_D6_ROLL) {
    push_d6_roll(L, r);
    return;
  }
#endif
  if (cops_roll_kind(r) == COPS_ROLL_ACTION) {
    int margin = 0;
    cops_roll_margin(r, &margin);
    lua_pushinteger(L, cops_roll_successes(r));
    lua_setfield(L, -2, "successes");
    lua_pushboolean(L, cops_roll_succeeded(r));
    lua_setfield(L, -2, "success");
    lua_pushinteger(L, margin);
    lua_setfield(L, -2, "margin");
    lua_pushinteger(L, cops_roll_pool_size(r));
    lua_setfield(L, -2, "pool");
    lua_pushinteger(L, cops_roll_threshold(r));
    lua_setfield(L, -2, "threshold");
    lua_pushinteger(L, cops_roll_difficulty(r));
    lua_setfield(L, -2, "difficulty");
    lua_pushboolean(L, cops_roll_unskilled(r) > 0);
    lua_setfield(L, -2, "unskilled");
    lua_pushboolean(L, cops_roll_capped(r) > 0);
    lua_setfield(L, -2, "capped");
    lua_pushboolean(L, cops_roll_anciennete(r) == 1);
    lua_setfield(L, -2, "anciennete");
    cops_action a;
    char text[128];
    if (cops_roll_action_of_sized(r, &a, sizeof a) == COPS_OK &&
        cops_action_format(&a, text, sizeof text) >= 0) {
      lua_pushstring(L, text);
      lua_setfield(L, -2, "action");
    }
  } else {
    lua_pushinteger(L, cops_roll_total(r));
    lua_setfield(L, -2, "total");
  }
}

static int roll_ud_gc(lua_State *L)
{
  cops_roll **r = luaL_checkudata(L, 1, ROLL_UD);
  cops_roll_free(*r);
  *r = NULL;
  return 0;
}

/* r.json: the roll's JSON, made from its C roll when first read, so that a
 * roll whose dice are drawn never fails for want of memory to render them (a
 * failure to render raises here and changes nothing). */
static int roll_index(lua_State *L)
{
  if (lua_type(L, 2) != LUA_TSTRING || strcmp(lua_tostring(L, 2), "json") != 0)
    return 0;
  lua_getfield(L, LUA_REGISTRYINDEX, ROLLS);
  lua_pushvalue(L, 1);
  lua_rawget(L, -2);
  cops_roll **r = luaL_testudata(L, -1, ROLL_UD);
  if (!r || !*r)
    return 0;
  char *json = NULL;
  const int rc = cops_roll_to_json(*r, &json);
  if (rc)
    return raise_message(L, rc, "no memory for the roll's JSON");
  lua_pushstring(L, json);
  cops_free(json);
  lua_pushvalue(L, 1);
  lua_pushliteral(L, "json");
  lua_pushvalue(L, -3);
  lua_rawset(L, -3);     /* kept: later reads are plain */
  lua_pop(L, 1);
  return 1;
}

/* A roll's userdata pushed (the Lua objects first: nothing of the library's is
 * held when they fail), with the ROLLS table above it; the C roll to fill. */
cops_roll *roll_begin(lua_State *L, ctx_ud *c)
{
  cops_roll **r = lua_newuserdatauv(L, sizeof *r, 0);
  *r = NULL;
  luaL_setmetatable(L, ROLL_UD);
  lua_getfield(L, LUA_REGISTRYINDEX, ROLLS);
  check(L, c, cops_roll_new_in(r, c->ctx));
  return *r;
}

/* After roll_begin and a fill: the two values replaced by the roll's table. */
void roll_end(lua_State *L)
{
  cops_roll **r = lua_touserdata(L, -2);
  push_roll(L, *r);
  luaL_setmetatable(L, ROLL_MT);
  lua_pushvalue(L, -1);
  lua_pushvalue(L, -4);
  lua_rawset(L, -4);     /* ROLLS[table] = C roll */
  lua_replace(L, -3);
  lua_pop(L, 1);
}

int roll_with(lua_State *L, ctx_ud *c, int (*fn)(cops_roll *, void *, const char *,
                                               unsigned),
              void *target, const char *notation, unsigned flags)
{
  cops_roll *r = roll_begin(L, c);
  check(L, c, fn(r, target, notation, flags));
  roll_end(L);
  return 1;
}

static int notation_roll(cops_roll *r, void *ctx, const char *text, unsigned flags)
{
  return cops_roll_notation(r, ctx, text, flags);
}

static int ctx_roll(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  return roll_with(L, c, notation_roll, c->ctx, checktext(L, 2), 0);
}

static int ctx_odds(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a;
  double p;
  check(L, c, cops_action_parse(&a, c->ctx, checktext(L, 2)));
  check(L, c, cops_odds_success(c->ctx, &a, &p));
  lua_pushnumber(L, p);
  return 1;
}

static cops_action action_of(lua_State *L, ctx_ud *c, int i)
{
  cops_action a;
  check(L, c, cops_action_parse_sized(&a, sizeof a, c->ctx, checktext(L, i)));
  return a;
}

int push_p(lua_State *L, double p)
{
  if (p != p)
    lua_pushnil(L);   /* unavailable: no room for the Adrénaline die */
  else
    lua_pushnumber(L, p);
  return 1;
}

/* ctx:odds_x(notation, k) -> a probability. */
static int odds_k(lua_State *L, int (*fn)(cops_ctx *, const cops_action *, int, double *))
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2);
  double p;
  check(L, c, fn(c->ctx, &a, checkint(L, 3), &p));
  return push_p(L, p);
}

static int ctx_odds_pmf(lua_State *L)
{
  return odds_k(L, cops_odds_pmf);
}

static int ctx_odds_at_least(lua_State *L)
{
  return odds_k(L, cops_odds_at_least);
}

static int ctx_odds_margin_at_least(lua_State *L)
{
  return odds_k(L, cops_odds_margin_at_least);
}

static int ctx_odds_expected(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2);
  double m;
  check(L, c, cops_odds_expected(c->ctx, &a, &m));
  return push_p(L, m);
}

/* ctx:odds_x(notation, p) -> a count (successes, dice, a threshold). */
static int odds_for(lua_State *L, int (*fn)(cops_ctx *, const cops_action *, double, int *))
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2);
  int k;
  check(L, c, fn(c->ctx, &a, luaL_checknumber(L, 3), &k));
  lua_pushinteger(L, k);
  return 1;
}

static int ctx_odds_quantile(lua_State *L)
{
  return odds_for(L, cops_odds_quantile);
}

static int ctx_odds_dice_for(lua_State *L)
{
  return odds_for(L, cops_odds_dice_for);
}

static int ctx_odds_threshold_for(lua_State *L)
{
  return odds_for(L, cops_odds_threshold_for);
}

static int ctx_odds_points(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2);
  double p[4];
  check(L, c, cops_odds_points(c->ctx, &a, &p[0], &p[1], &p[2], &p[3]));
  for (int i = 0; i < 4; i++)
    push_p(L, p[i]);
  return 4;
}

static int ctx_odds_opposed(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2), b = action_of(L, c, 3);
  double win, none, lose;
  check(L, c, cops_odds_opposed(c->ctx, &a, &b, optint(L, 4, 0), &win, &none, &lose));
  push_p(L, win);
  push_p(L, none);
  return push_p(L, lose) + 2;
}

static int ctx_odds_opposed_difference(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2), b = action_of(L, c, 3);
  double p;
  check(L, c, cops_odds_opposed_difference(c->ctx, &a, &b, checkint(L, 4), &p));
  return push_p(L, p);
}

/* ---- rolls and the context ------------------------------------------------------- */

static int ctx_roll_pool(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const int dice = checkint(L, 2), threshold = checkint(L, 3), difficulty = checkint(L, 4);
  const unsigned flags = lua_toboolean(L, 5) ? COPS_UNSKILLED : 0;
  cops_roll *r = roll_begin(L, c);
  check(L, c, cops_roll_pool(r, c->ctx, dice, threshold, difficulty, flags));
  roll_end(L);
  return 1;
}

static int ctx_roll_d6(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const int n = checkint(L, 2), highest = lua_toboolean(L, 3);
  cops_roll *r = roll_begin(L, c);
  check(L, c, highest ? cops_roll_d6_highest(r, c->ctx, n) : cops_roll_d6(r, c->ctx, n));
  roll_end(L);
  return 1;
}

/* ctx:roll_opposed(a, b [, min]) -> roll_a, roll_b, "a" | "b" | nil, margin */
static int ctx_roll_opposed(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2), b = action_of(L, c, 3);
  const int min = optint(L, 4, 0);
  lua_settop(L, 1);
  cops_roll *ra = roll_begin(L, c);     /* 2, 3 */
  cops_roll *rb = roll_begin(L, c);     /* 4, 5 */
  int winner, margin;
  check(L, c, cops_roll_opposed(ra, rb, c->ctx, &a, &b, min, &winner, &margin));
  roll_end(L);                          /* b's table at 4 */
  lua_insert(L, 2);                     /* b's table at 2, a's at 3, 4 */
  roll_end(L);                          /* a's table at 3 */
  lua_insert(L, 2);                     /* a, b */
  if (winner == COPS_OPPOSED_A)
    lua_pushliteral(L, "a");
  else if (winner == COPS_OPPOSED_B)
    lua_pushliteral(L, "b");
  else
    lua_pushnil(L);
  lua_pushinteger(L, margin);
  return 4;
}

void open_dice(lua_State *L)
{
  luaL_newmetatable(L, ROLL_UD);
  lua_pushcfunction(L, roll_ud_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  luaL_newmetatable(L, ROLL_MT);
  lua_pushcfunction(L, roll_index);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  weak_registry(L, ROLLS);
  static const luaL_Reg ctx[] = {
    {"roll", ctx_roll}, {"odds", ctx_odds},
    {"odds_pmf", ctx_odds_pmf}, {"odds_at_least", ctx_odds_at_least},
    {"odds_margin_at_least", ctx_odds_margin_at_least}, {"odds_expected", ctx_odds_expected},
    {"odds_quantile", ctx_odds_quantile}, {"odds_dice_for", ctx_odds_dice_for},
    {"odds_threshold_for", ctx_odds_threshold_for}, {"odds_points", ctx_odds_points},
    {"odds_opposed", ctx_odds_opposed}, {"odds_opposed_difference", ctx_odds_opposed_difference},
    {"roll_pool", ctx_roll_pool}, {"roll_d6", ctx_roll_d6}, {"roll_opposed", ctx_roll_opposed},
    {NULL, NULL},
  };
  add_methods(L, CTX, ctx);
}
