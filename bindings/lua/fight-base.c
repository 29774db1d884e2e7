/* What the fights of cops.st and cops.d6 share (docs/lua.md), as lib/fight/fight-base.c
 * holds it in C: their userdata, closing, side names, round cap, logging, seed, reset, name,
 * count, round, over, winner, save and log. Each module gives its functions in a
 * module_fight_ops (MODULE_FIGHT_OPS in cops-lua.h) and adds its own methods. */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_ST || COPS_WITH_D6

module_fight_ud *to_module_fight(lua_State *L, const char *mt)
{
  module_fight_ud *f = luaL_checkudata(L, 1, mt);
  if (!f->p)
    luaL_error(L, "the fight is closed");
  f->owner->L = L;
  return f;
}

module_fight_ud *new_module_fight(lua_State *L, ctx_ud *c, const char *mt)
{
  module_fight_ud *f = lua_newuserdatauv(L, sizeof *f, 2);
  memset(f, 0, sizeof *f);
  f->owner = c;
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);     /* the context, alive as long as the fight */
  lua_newtable(L);
  lua_setiuservalue(L, -2, 2);     /* the characters it borrows */
  luaL_setmetatable(L, mt);
  return f;
}

static const module_fight_ops *ops_of(lua_State *L)
{
  return lua_touserdata(L, lua_upvalueindex(1));
}

static module_fight_ud *fight_of(lua_State *L)
{
  return to_module_fight(L, ops_of(L)->mt);
}

/* close() (upvalue 2 true: refused from the dice callback), __gc and __close. */
static int fight_close(lua_State *L)
{
  const module_fight_ops *ops = ops_of(L);
  module_fight_ud *f = luaL_checkudata(L, 1, ops->mt);
  if (!f->p)
    return 0;
  if (lua_toboolean(L, lua_upvalueindex(2)))
    refuse_in_callback(L, f->owner, "fight");
  ops->free(f->p);
  f->p = NULL;
  for (int i = 0; i < f->nkept; i++)
    entity_unuse(f->kept[i]);
  f->nkept = 0;
  f->owner->children--;
  ctx_release(f->owner);
  return 0;
}

static int f_set_side_name(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  check(L, f->owner, ops_of(L)->set_side_name(f->p, checkint(L, 2), checktext(L, 3)));
  return 0;
}

static int f_side_name(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  lua_pushstring(L, ops_of(L)->side_name(f->p, checkint(L, 2)));
  return 1;
}

static int f_set_max_rounds(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  check(L, f->owner, ops_of(L)->set_max_rounds(f->p, checkint(L, 2)));
  return 0;
}

static int f_set_logging(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  check(L, f->owner, ops_of(L)->set_logging(f->p, lua_toboolean(L, 2)));
  return 0;
}

/* f:reset(): back to the start, to run the same fight again (cops_st_fight_reset). */
static int f_reset(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  check(L, f->owner, ops_of(L)->reset(f->p));
  return 0;
}

/* f:set_log_limit(events): the most events the fight's log holds (0: no limit). */
static int f_set_log_limit(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  check(L, f->owner, cops_log_set_limit(ops_of(L)->log(f->p), checkint(L, 2)));
  return 0;
}

static int f_seed(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  const lua_Integer s = luaL_checkinteger(L, 2);
  luaL_argcheck(L, s >= 0, 2, "a seed is 0 or more");
  check(L, f->owner, ops_of(L)->seed(f->p, (uint64_t)s));
  return 0;
}

static int f_name(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  lua_pushstring(L, ops_of(L)->name(f->p));
  return 1;
}

static int f_count(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  lua_pushinteger(L, ops_of(L)->count(f->p));
  return 1;
}

static int f_round(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  lua_pushinteger(L, ops_of(L)->round(f->p));
  return 1;
}

static int f_over(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  lua_pushboolean(L, ops_of(L)->over(f->p));
  return 1;
}

static int f_winner(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  int side;
  check(L, f->owner, ops_of(L)->winner(f->p, &side));
  if (side < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, side);
  return 1;
}

static int f_save(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  char *text = NULL;
  check(L, f->owner, ops_of(L)->save(f->p, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int f_jsonl(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  char *text = NULL;
  check(L, f->owner, cops_log_to_jsonl(ops_of(L)->log(f->p), 0, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int f_narrate(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  char *text = NULL;
  check(L, f->owner, cops_log_narrate(ops_of(L)->log(f->p), 0, lang_arg(L, 2, "fr"), &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int f_events(lua_State *L)
{
  module_fight_ud *f = fight_of(L);
  push_events(L, ops_of(L)->log(f->p));
  return 1;
}

void module_fight_methods(lua_State *L, const module_fight_ops *ops)
{
  static const luaL_Reg shared[] = {
    {"set_side_name", f_set_side_name}, {"side_name", f_side_name},
    {"set_max_rounds", f_set_max_rounds}, {"set_logging", f_set_logging},
    {"set_log_limit", f_set_log_limit}, {"seed", f_seed}, {"reset", f_reset},
    {"name", f_name}, {"count", f_count}, {"round", f_round}, {"over", f_over},
    {"winner", f_winner}, {"save", f_save}, {"jsonl", f_jsonl}, {"narrate", f_narrate},
    {"events", f_events}, {NULL, NULL},
  };
  /* metatable at -1 */
  lua_getfield(L, -1, "__index");
  for (const luaL_Reg *r = shared; r->name; r++) {
    lua_pushlightuserdata(L, (void *)ops);
    lua_pushcclosure(L, r->func, 1);
    lua_setfield(L, -2, r->name);
  }
  lua_pushlightuserdata(L, (void *)ops);
  lua_pushboolean(L, 1);
  lua_pushcclosure(L, fight_close, 2);
  lua_setfield(L, -2, "close");
  lua_pop(L, 1);
  const char *const events[] = {"__gc", "__close"};
  for (int i = 0; i < 2; i++) {
    lua_pushlightuserdata(L, (void *)ops);
    lua_pushboolean(L, 0);
    lua_pushcclosure(L, fight_close, 2);
    lua_setfield(L, -2, events[i]);
  }
}

#endif
