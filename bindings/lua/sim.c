/* The Lua binding of the simulator (<cops/sim.h>, docs/simulation.md): ctx:sim(scenario
 * [, seed]), ctx:sim_json(text), ctx:load_sim(path); s:run(scenario, from, runs),
 * s:merge(other), s:fights(), s:stopped(), s:wins([side]), s:to_json(). */
#include <string.h>

#include "cops-lua.h"

#define SIM "cops.sim"

typedef struct {
  cops_sim *p;
  ctx_ud *owner;
} sim_ud;

static sim_ud *to_sim(lua_State *L, int i)
{
  sim_ud *s = luaL_checkudata(L, i, SIM);
  if (!s->p)
    luaL_error(L, "the summary is closed");
  s->owner->L = L;
  return s;
}

static sim_ud *new_sim(lua_State *L, ctx_ud *c)
{
  sim_ud *s = lua_newuserdatauv(L, sizeof *s, 1);
  memset(s, 0, sizeof *s);
  s->owner = c;
  lua_pushvalue(L, 1);   /* the context lives as long as the summary */
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, SIM);
  return s;
}

/* ctx:sim(scenario [, seed]): seeded, fight i draws from the seed and i. */
static int ctx_sim(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  fight_ud *f = to_fight(L, 2, SCENARIO);
  const int seeded = !lua_isnoneornil(L, 3);
  const lua_Integer seed = seeded ? luaL_checkinteger(L, 3) : 0;
  sim_ud *s = new_sim(L, c);
  check(L, c, cops_sim_new(&s->p, c->ctx, f->p, seeded, (uint64_t)seed));
  c->children++;
  return 1;
}

static int made(lua_State *L, int from_file)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *arg = checktext(L, 2);
  sim_ud *s = new_sim(L, c);
  check(L, c, from_file ? cops_sim_load(&s->p, c->ctx, arg) : cops_sim_from_json(&s->p, c->ctx, arg));
  c->children++;
  return 1;
}
static int ctx_sim_json(lua_State *L)
{
  return made(L, 0);
}
static int ctx_load_sim(lua_State *L)
{
  return made(L, 1);
}

static int sim_close(lua_State *L)
{
  sim_ud *s = luaL_checkudata(L, 1, SIM);
  if (!s->p)
    return 0;
  if (lua_toboolean(L, lua_upvalueindex(2)))
    refuse_in_callback(L, s->owner, "summary");
  cops_sim_free(s->p);
  s->p = NULL;
  s->owner->children--;
  ctx_release(s->owner);
  return 0;
}

/* s:run(scenario, from, runs) */
static int s_run(lua_State *L)
{
  sim_ud *s = to_sim(L, 1);
  fight_ud *f = to_fight(L, 2, SCENARIO);
  check(L, s->owner, cops_sim_run(s->p, f->p, luaL_checkinteger(L, 3), luaL_checkinteger(L, 4)));
  return 0;
}

static int s_merge(lua_State *L)
{
  sim_ud *s = to_sim(L, 1);
  check(L, s->owner, cops_sim_merge(s->p, to_sim(L, 2)->p));
  return 0;
}

static int s_fights(lua_State *L)
{
  lua_pushinteger(L, cops_sim_fights(to_sim(L, 1)->p));
  return 1;
}

static int s_stopped(lua_State *L)
{
  lua_pushinteger(L, cops_sim_stopped(to_sim(L, 1)->p));
  return 1;
}

/* s:wins([side]): fights side (0 ..) won; nil: undecided. */
static int s_wins(lua_State *L)
{
  sim_ud *s = to_sim(L, 1);
  const int side = lua_isnoneornil(L, 2) ? COPS_NO_WINNER : (int)luaL_checkinteger(L, 2);
  const long long w = cops_sim_wins(s->p, side);
  if (w < 0)
    return luaL_argerror(L, 2, "a side of the scenario, or nil for undecided");
  lua_pushinteger(L, w);
  return 1;
}

static int s_to_json(lua_State *L)
{
  sim_ud *s = to_sim(L, 1);
  char *text;
  check(L, s->owner, cops_sim_to_json(s->p, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

/* s:ruleset() -> "core" or "alternative": the rules its fights were played under. */
static int s_ruleset(lua_State *L)
{
  sim_ud *s = to_sim(L, 1);
  lua_pushstring(L, cops_ruleset_name(check(L, s->owner, cops_sim_ruleset(s->p))));
  return 1;
}

/* s:compare(other) -> JSON text: the two summaries compared (cops_sim_compare,
 * schemas/sim-compare.schema.json). */
static int s_compare(lua_State *L)
{
  sim_ud *s = to_sim(L, 1);
  char *text;
  check(L, s->owner, cops_sim_compare(s->p, to_sim(L, 2)->p, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

void open_sim(lua_State *L)
{
  static const luaL_Reg methods[] = {
    {"run", s_run}, {"merge", s_merge}, {"fights", s_fights}, {"stopped", s_stopped},
    {"wins", s_wins}, {"to_json", s_to_json}, {"ruleset", s_ruleset}, {"compare", s_compare},
    {NULL, NULL},
  };
  metatable(L, SIM, methods);
  closers(L, sim_close, NULL);
  lua_pop(L, 1);
  static const luaL_Reg ctx[] = {
    {"sim", ctx_sim}, {"sim_json", ctx_sim_json}, {"load_sim", ctx_load_sim}, {NULL, NULL},
  };
  add_methods(L, CTX, ctx);
}
