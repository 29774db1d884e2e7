/* cops.d6, the optional D6 System module (docs/lua.md, docs/d6.md; <cops/d6.h>): codes,
 * rolls with the free die, their exact odds. Absent (nil) when libcops lacks it. */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_D6

/* A code: a table {dice =, pips =}, or its text (read with the context c). */
cops_d6_code d6_code_at(lua_State *L, ctx_ud *c, int i)
{
  cops_d6_code k = {0, 0};
  if (lua_type(L, i) == LUA_TSTRING && !c)
    luaL_argerror(L, i, "a code table {dice = , pips = } (cops.d6.code reads a text)");
  if (lua_type(L, i) == LUA_TSTRING) {
    check(L, c, cops_d6_code_parse(&k, c->ctx, lua_tostring(L, i)));
    return k;
  }
  luaL_checktype(L, i, LUA_TTABLE);
  k.dice = opt_field_int(L, i, "dice", 0);
  k.pips = opt_field_int(L, i, "pips", 0);
  return k;
}

void d6_push_code(lua_State *L, cops_d6_code k)
{
  char text[32];
  lua_createtable(L, 0, 3);
  lua_pushinteger(L, k.dice);
  lua_setfield(L, -2, "dice");
  lua_pushinteger(L, k.pips);
  lua_setfield(L, -2, "pips");
  if (cops_d6_code_format(k, text, sizeof text) >= 0) {
    lua_pushstring(L, text);
    lua_setfield(L, -2, "text");
  }
}

/* A pool: its notation, or a table {code = ..., dice_mod, points, actions, cp, fp, difficulty}. */
static void pool_at(lua_State *L, ctx_ud *c, int i, cops_d6_pool *p)
{
  if (lua_type(L, i) == LUA_TSTRING) {
    check(L, c, cops_d6_pool_parse(p, c->ctx, lua_tostring(L, i)));
    return;
  }
  luaL_checktype(L, i, LUA_TTABLE);
  lua_getfield(L, i, "code");
  const cops_d6_code k = d6_code_at(L, c, lua_gettop(L));
  lua_pop(L, 1);
  cops_d6_pool_init(p, k);
  p->dice_mod = opt_field_int(L, i, "dice_mod", 0);
  p->points = opt_field_int(L, i, "points", 0);
  p->actions = opt_field_int(L, i, "actions", 1);
  p->cp = opt_field_int(L, i, "cp", 0);
  lua_getfield(L, i, "fp");
  p->fp = lua_toboolean(L, -1);
  lua_pop(L, 1);
  p->difficulty = opt_field_int(L, i, "difficulty", COPS_D6_NO_DIFFICULTY);
}

/* The rules at index i (nil: the defaults). */
const cops_d6_rules *d6_rules_at(lua_State *L, ctx_ud *c, int i, cops_d6_rules *r)
{
  check(L, c, cops_d6_rules_init(r));
  if (lua_isnoneornil(L, i))
    return r;
  luaL_checktype(L, i, LUA_TTABLE);
  static const char *const flags[] = {"explode", "free_die", "skill_defence", "success_damage",
                                      "negative_resistance", "fall_full_height",
                                      "combat_heal_level5_only", "disarm_vs_damage_roll",
                                      "magic_banned", "spell_difficulty_halved"};
  int *fields[] = {&r->explode, &r->free_die, &r->skill_defence, &r->success_damage,
                   &r->negative_resistance, &r->fall_full_height, &r->combat_heal_level5_only,
                   &r->disarm_vs_damage_roll, &r->magic_banned, &r->spell_difficulty_halved};
  for (int k = 0; k < 10; k++) {
    lua_getfield(L, i, flags[k]);
    if (!lua_isnil(L, -1)) {
      if (!lua_isboolean(L, -1))
        luaL_error(L, "rules.%s must be a boolean", flags[k]);
      *fields[k] = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
  }
  r->cp_dice = opt_field_int(L, i, "cp_dice", r->cp_dice);
  r->fp_factor = opt_field_int(L, i, "fp_factor", r->fp_factor);
  r->action_penalty = opt_field_int(L, i, "action_penalty", r->action_penalty);
  r->difficulty = opt_field_int(L, i, "difficulty", r->difficulty);
  r->gravity = opt_field_int(L, i, "gravity", r->gravity);
  r->medical_tech = opt_field_int(L, i, "medical_tech", r->medical_tech);
  r->magic_modifier = opt_field_int(L, i, "magic_modifier", r->magic_modifier);
  r->backlash_percent = opt_field_int(L, i, "backlash_percent", r->backlash_percent);
  r->scroll_use = opt_field_int(L, i, "scroll_use", r->scroll_use);
  r->artifact_use = opt_field_int(L, i, "artifact_use", r->artifact_use);
  return r;
}

static void push_pool(lua_State *L, const cops_d6_pool *p)
{
  char text[160];
  lua_createtable(L, 0, 8);
  if (cops_d6_pool_format(p, text, sizeof text) >= 0) {
    lua_pushstring(L, text);
    lua_setfield(L, -2, "text");
  }
  d6_push_code(L, p->code);
  lua_setfield(L, -2, "code");
  const named_int nums[] = {{"dice_mod", p->dice_mod}, {"points", p->points},
                            {"actions", p->actions}, {"cp", p->cp}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  lua_pushboolean(L, p->fp);
  lua_setfield(L, -2, "fp");
  if (p->difficulty != COPS_D6_NO_DIFFICULTY) {
    lua_pushinteger(L, p->difficulty);
    lua_setfield(L, -2, "difficulty");
  }
}

/* A D6 roll's fields added to its table (push_roll, dice.c). */
void push_d6_roll(lua_State *L, const cops_roll *r)
{
  int total = 0, face = 0, level = 0;
  cops_d6_roll_total(r, &total);
  lua_pushinteger(L, total);
  lua_setfield(L, -2, "total");
  lua_pushinteger(L, cops_d6_roll_dice(r));
  lua_setfield(L, -2, "dice_rolled");
  if (cops_d6_roll_free_die(r, &face) == 1) {
    lua_pushinteger(L, face);
    lua_setfield(L, -2, "free_face");
  }
  const int s = cops_d6_roll_success(r);
  if (s >= 0) {
    lua_pushboolean(L, s);
    lua_setfield(L, -2, "success");
    cops_d6_roll_level(r, &level);
    lua_pushinteger(L, level);
    lua_setfield(L, -2, "level");
  }
  lua_pushboolean(L, cops_d6_roll_critical(r) == 1);
  lua_setfield(L, -2, "critical");
  cops_d6_pool p;
  memset(&p, 0, sizeof p);
  p.size = sizeof p;
  cops_d6_roll_pool_of(r, &p);
  push_pool(L, &p);
  lua_setfield(L, -2, "d6");
}

/* cops.d6.code(ctx, text) -> {dice, pips, text}; cops.d6.add(a, b); cops.d6.pips(code). */
static int d6_code(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_code k;
  check(L, c, cops_d6_code_parse(&k, c->ctx, checktext(L, 2)));
  d6_push_code(L, k);
  return 1;
}

static int d6_add(lua_State *L)
{
  const cops_d6_code a = d6_code_at(L, NULL, 1), b = d6_code_at(L, NULL, 2);
  cops_d6_code sum;
  const int rc = cops_d6_code_add(a, b, &sum);
  if (rc)
    return raise_message(L, rc, "the codes do not add up to a code of at most 64D");
  d6_push_code(L, sum);
  return 1;
}

static int d6_pips(lua_State *L)
{
  const int v = cops_d6_code_pips(d6_code_at(L, NULL, 1));
  if (v < 0)
    return raise_message(L, v, "not a code");
  lua_pushinteger(L, v);
  return 1;
}

/* cops.d6.pool(ctx, pool) -> the pool's table with its text. */
static int d6_pool(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_pool p;
  pool_at(L, c, 2, &p);
  push_pool(L, &p);
  return 1;
}

/* cops.d6.roll(ctx, pool[, rules]) -> a roll's table (dice, total, success, level ...). */
static int d6_roll(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_rules rr;
  const cops_d6_rules *rules = d6_rules_at(L, c, 3, &rr);
  const int text = lua_type(L, 2) == LUA_TSTRING;
  cops_d6_pool p;
  if (!text)
    pool_at(L, c, 2, &p);
  cops_roll *r = roll_begin(L, c);
  check(L, c, text ? cops_d6_roll_text(r, c->ctx, lua_tostring(L, 2), rules)
                   : cops_d6_roll(r, c->ctx, &p, rules));
  roll_end(L);
  return 1;
}

/* cops.d6.odds(ctx, pool[, rules]) -> {expected, success, critical} (the last two with a
 * difficulty). */
static int d6_odds(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_pool p;
  pool_at(L, c, 2, &p);
  cops_d6_rules rr;
  const cops_d6_rules *rules = d6_rules_at(L, c, 3, &rr);
  double s = 0, k = 0, e = 0;
  const int vs = p.difficulty != COPS_D6_NO_DIFFICULTY;
  check(L, c, cops_d6_odds(c->ctx, &p, rules, vs ? &s : NULL, vs ? &k : NULL, &e));
  lua_createtable(L, 0, 3);
  lua_pushnumber(L, e);
  lua_setfield(L, -2, "expected");
  if (vs) {
    lua_pushnumber(L, s);
    lua_setfield(L, -2, "success");
    lua_pushnumber(L, k);
    lua_setfield(L, -2, "critical");
  }
  return 1;
}

/* cops.d6.total(ctx, pool, k[, rules]) -> P(total >= k), P(total = k). */
static int d6_total(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_pool p;
  pool_at(L, c, 2, &p);
  const int k = checkint(L, 3);
  cops_d6_rules rr;
  const cops_d6_rules *rules = d6_rules_at(L, c, 4, &rr);
  double ge, eq;
  check(L, c, cops_d6_odds_total(c->ctx, &p, rules, k, &ge, &eq));
  lua_pushnumber(L, ge);
  lua_pushnumber(L, eq);
  return 2;
}

/* cops.d6.contest(ctx, a, b[, rules]) -> P(a > b), P(a = b), P(a < b). */
static int d6_contest(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_pool a, b;
  pool_at(L, c, 2, &a);
  pool_at(L, c, 3, &b);
  cops_d6_rules rr;
  const cops_d6_rules *rules = d6_rules_at(L, c, 4, &rr);
  double g, e, l;
  check(L, c, cops_d6_odds_contest(c->ctx, &a, &b, rules, &g, &e, &l));
  lua_pushnumber(L, g);
  lua_pushnumber(L, e);
  lua_pushnumber(L, l);
  return 3;
}

void open_d6(lua_State *L)
{
  static const luaL_Reg functions[] = {
    {"code", d6_code}, {"add", d6_add}, {"pips", d6_pips}, {"pool", d6_pool},
    {"roll", d6_roll}, {"odds", d6_odds}, {"total", d6_total}, {"contest", d6_contest},
    {NULL, NULL},
  };
  luaL_newlib(L, functions);
  open_d6_combat(L);
  lua_setfield(L, -2, "d6");
}

#else

void open_d6(lua_State *L)
{
  (void)L;   /* built without the module: cops.d6 is nil */
}

#endif
