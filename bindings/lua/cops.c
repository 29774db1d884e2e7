/* The Lua 5.4 binding of libcops: userdata with metatables over the C API.
 * Every rule stays in C; this maps handles, errors and results. docs/lua.md.
 *
 *   local cops = require "cops"
 *   local ctx <close> = cops.context(2030)
 *   local r = ctx:roll("4+/3 (2)")   -- {successes=2, success=true, margin=0, dice={...}}
 *
 * Errors are raised as tables {code = -8, name = "ERULE", message = "..."} whose
 * tostring is "ERULE: message". Handles are freed by close(), <close> or the
 * garbage collector, once. */
#include <stdarg.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

#include "cops-lua.h"

static const char *const code_names[] = {
  "OK", "EINVAL", "ERANGE", "ENOMEM", "ERNG", "ESYNTAX", "ESTATE", "ENOTFOUND", "ERULE",
  "EJSON", "EIO",
};

/* Raise a libcops error as a table; the callback's own error first. */
int raise(lua_State *L, ctx_ud *c, int rc)
{
  if (c && (rc == COPS_ERNG || rc == COPS_ESTATE) && c->failure != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, c->failure);
    luaL_unref(L, LUA_REGISTRYINDEX, c->failure);
    c->failure = LUA_NOREF;
    return lua_error(L);
  }
  lua_createtable(L, 0, 3);
  lua_pushinteger(L, rc);
  lua_setfield(L, -2, "code");
  lua_pushstring(L, rc < 0 && -rc < (int)(sizeof code_names / sizeof *code_names)
                        ? code_names[-rc] : "ERROR");
  lua_setfield(L, -2, "name");
  const char *msg = c && c->ctx ? cops_ctx_errmsg(c->ctx) : "";
  lua_pushstring(L, msg && *msg ? msg : cops_strerror(rc));
  lua_setfield(L, -2, "message");
  luaL_setmetatable(L, ERROR_MT);
  return lua_error(L);
}


/* close() from the context's own dice function: refused, as the library
 * refuses it (the object is in use by the roll under way). */
void refuse_in_callback(lua_State *L, const ctx_ud *c, const char *what)
{
  if (c->in_callback) {
    char msg[160];
    snprintf(msg, sizeof msg, "cannot close the %s from its context's dice function", what);
    raise_message(L, COPS_ESTATE, msg);
  }
}

/* An error of the binding's own, as a table like the library's. */
int raise_message(lua_State *L, int rc, const char *message)
{
  lua_createtable(L, 0, 3);
  lua_pushinteger(L, rc);
  lua_setfield(L, -2, "code");
  lua_pushstring(L, code_names[-rc]);
  lua_setfield(L, -2, "name");
  lua_pushstring(L, message);
  lua_setfield(L, -2, "message");
  luaL_setmetatable(L, ERROR_MT);
  return lua_error(L);
}

int check(lua_State *L, ctx_ud *c, int rc)
{
  if (rc < 0)
    return raise(L, c, rc);
  return rc;
}

static int error_tostring(lua_State *L)
{
  lua_getfield(L, 1, "name");
  lua_getfield(L, 1, "message");
  lua_pushfstring(L, "%s: %s", lua_tostring(L, -2), lua_tostring(L, -1));
  return 1;
}

/* An integer for a C int: a Lua integer out of C's int range is an error,
 * never a value cut modulo 2^32. */
int checkint(lua_State *L, int i)
{
  const lua_Integer v = luaL_checkinteger(L, i);
  if (v < INT_MIN || v > INT_MAX)
    luaL_argerror(L, i, "integer out of range for C's int");
  return (int)v;
}

int optint(lua_State *L, int i, int dflt)
{
  return lua_isnoneornil(L, i) ? dflt : checkint(L, i);
}

/* A string for C: an embedded NUL byte would cut it short silently, so it is refused. */
const char *checktext(lua_State *L, int i)
{
  size_t len;
  const char *s = luaL_checklstring(L, i, &len);
  if (strlen(s) != len)
    luaL_argerror(L, i, "a string with a NUL byte");
  return s;
}

/* ---- context -------------------------------------------------------------- */

ctx_ud *to_ctx(lua_State *L, int i)
{
  ctx_ud *c = luaL_checkudata(L, i, CTX);
  if (!c->ctx || c->collected)
    luaL_error(L, "the context is closed");
  c->L = L;
  return c;
}

/* The error at the top of the stack, raised when the library's call returns (the
 * first one of the call; popped). */
void keep_failure(lua_State *L, ctx_ud *c)
{
  if (c->failure == LUA_NOREF)
    c->failure = luaL_ref(L, LUA_REGISTRYINDEX);
  else
    lua_pop(L, 1);
}

/* A Lua function called by the library answered what C cannot take: an error
 * {code, name, message} raised when the library's call returns. */
void callback_failure(lua_State *L, ctx_ud *c, int code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  lua_createtable(L, 0, 3);
  lua_pushinteger(L, code);
  lua_setfield(L, -2, "code");
  lua_pushstring(L, code_names[-code]);
  lua_setfield(L, -2, "name");
  lua_pushvalue(L, -2);
  lua_setfield(L, -2, "message");
  luaL_setmetatable(L, ERROR_MT);
  keep_failure(L, c);
  lua_pop(L, 1);
}

static int dice_callback(void *user, int sides)
{
  ctx_ud *c = user;
  lua_State *L = c->L;
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->callback);
  lua_pushinteger(L, sides);
  c->in_callback++;
  const int status = lua_pcall(L, 1, 1, 0);
  c->in_callback--;
  if (status != LUA_OK) {
    keep_failure(L, c);
    return 0;
  }
  int isnum;
  lua_Integer face = lua_tointegerx(L, -1, &isnum);
  if (!isnum || face < INT_MIN || face > INT_MAX) {
    /* Not a face C can take: the error says what came back, not "returned 0". */
    callback_failure(L, c, COPS_ERNG, "the dice function returned %s for a d%d",
                     luaL_tolstring(L, -1, NULL), sides);
    lua_pop(L, 2);
    return 0;
  }
  lua_pop(L, 1);
  return (int)face;
}

static void drop_callback(lua_State *L, ctx_ud *c)
{
  luaL_unref(L, LUA_REGISTRYINDEX, c->callback);
  c->callback = LUA_NOREF;
}

/* A context made with allocator (NULL: the C library's), seeded or driven by
 * the value at index arg. */
static int new_context(lua_State *L, int arg, const cops_allocator *allocator)
{
  const int type = lua_type(L, arg);    /* before the new userdata sits at the top */
  if (type != LUA_TNONE && type != LUA_TNIL && type != LUA_TFUNCTION && !lua_isinteger(L, arg))
    return luaL_argerror(L, arg, "a seed (integer) or a dice function");
  ctx_ud *c = lua_newuserdatauv(L, sizeof *c, 0);
  memset(c, 0, sizeof *c);
  c->callback = c->failure = LUA_NOREF;
  luaL_setmetatable(L, CTX);
  const int rc = cops_ctx_new_with_allocator(&c->ctx, allocator);
  if (rc)
    return raise_message(L, rc, rc == COPS_ENOMEM ? "no memory for a context"
                                                  : cops_strerror(rc));
  c->L = L;
  if (type == LUA_TFUNCTION) {
    lua_pushvalue(L, arg);
    c->callback = luaL_ref(L, LUA_REGISTRYINDEX);
    check(L, c, cops_ctx_use_callback(c->ctx, dice_callback, c));
  } else if (type == LUA_TNUMBER) {
    check(L, c, cops_ctx_seed(c->ctx, (uint64_t)lua_tointeger(L, arg)));
  }
  return 1;
}

/* cops.context([seed | function]) */
static int l_context(lua_State *L)
{
  return new_context(L, 1, NULL);
}

/* cops._context_with_allocator(light userdata, [seed | function]): a context
 * whose library memory comes from a cops_allocator a C module hands over, for
 * the bindings' fault sweep (docs/testing.md); not part of the API. */
static int l_context_with_allocator(lua_State *L)
{
  luaL_checktype(L, 1, LUA_TLIGHTUSERDATA);
  return new_context(L, 2, lua_touserdata(L, 1));
}

/* The C context outlives everything made from it (docs/api.md): collected
 * while handles made from it are still open (the collector may finalise it
 * first), it is freed when the last of them closes. */
void ctx_release(ctx_ud *c)
{
  if (c->ctx && c->collected && c->children == 0) {
    cops_ctx_free(c->ctx);
    c->ctx = NULL;
  }
}

/* close() (upvalue 2 true: refuses while handles made from it are open), __gc, __close. */
static int ctx_close(lua_State *L)
{
  ctx_ud *c = luaL_checkudata(L, 1, CTX);
  if (!c->ctx)
    return 0;
  if (lua_toboolean(L, lua_upvalueindex(2)))
    refuse_in_callback(L, c, "context");
  if (c->children && lua_toboolean(L, lua_upvalueindex(2)))
    return luaL_error(L, "the context still has %d open handles: close them first", c->children);
  if (c->children) {
    c->collected = 1;
    return 0;
  }
  drop_callback(L, c);
  luaL_unref(L, LUA_REGISTRYINDEX, c->failure);
  c->failure = LUA_NOREF;
  cops_ctx_free(c->ctx);
  c->ctx = NULL;
  return 0;
}

static int ctx_seed(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  lua_Integer seed = luaL_checkinteger(L, 2);
  check(L, c, cops_ctx_seed(c->ctx, (uint64_t)seed));
  drop_callback(L, c);
  return 0;
}

/* ctx:confine(root [, max_bytes]) or ctx:confine(nil): files only under root (cops_ctx_confine). */
static int ctx_confine(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  if (lua_isnoneornil(L, 2)) {
    check(L, c, cops_ctx_confine(c->ctx, NULL, 0));
    return 0;
  }
  const char *root = checktext(L, 2);
  const lua_Integer max = luaL_optinteger(L, 3, 1 << 20);
  if (max < 1 || max > (1 << 24))
    return luaL_argerror(L, 3, "a size limit of 1 .. 16777216 bytes");
  check(L, c, cops_ctx_confine(c->ctx, root, (size_t)max));
  return 0;
}

static int ctx_die(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  int face;
  check(L, c, cops_ctx_die(c->ctx, checkint(L, 2), &face));
  lua_pushinteger(L, face);
  return 1;
}

/* Each pair as a field of the table on top: integers, or booleans when boolean is set. */
void set_fields(lua_State *L, const named_int *f, size_t n, int boolean)
{
  for (size_t k = 0; k < n; k++) {
    if (boolean)
      lua_pushboolean(L, f[k].value);
    else
      lua_pushinteger(L, f[k].value);
    lua_setfield(L, -2, f[k].key);
  }
}

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

static int roll_with(lua_State *L, ctx_ud *c, int (*fn)(cops_roll *, void *, const char *,
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

static int character_roll(cops_roll *r, void *ch, const char *text, unsigned flags)
{
  return cops_character_roll(r, ch, text, flags);
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

/* ---- characters, weapons, armour --------------------------------------------- */

entity_ud *new_entity(lua_State *L, ctx_ud *c, const char *mt, void *p)
{
  entity_ud *e = lua_newuserdatauv(L, sizeof *e, 1);
  e->p = p;
  e->owner = c;
  e->users = 0;
  e->mt = mt;
  e->closed = 0;
  lua_pushvalue(L, 1);            /* keep the context alive */
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, mt);
  c->children++;
  return e;
}

entity_ud *to_entity(lua_State *L, int i, const char *mt)
{
  entity_ud *e = luaL_checkudata(L, i, mt);
  if (!e->p || e->closed)
    luaL_error(L, "the %s is closed", mt + 5);
  e->owner->L = L;
  return e;
}

typedef int (*load_fn)(void **, cops_ctx *, const char *);

static int make_entity(lua_State *L, const char *mt, load_fn fn)
{
  ctx_ud *c = to_ctx(L, 1);
  void *p = NULL;
  check(L, c, fn(&p, c->ctx, checktext(L, 2)));
  new_entity(L, c, mt, p);
  return 1;
}

#define LOADER(name, mt, call)                                              \
  static int name##_call(void **out, cops_ctx *ctx, const char *text)      \
  {                                                                         \
    return call((void *)out, ctx, text);                                    \
  }                                                                         \
  static int ctx_##name(lua_State *L)                                       \
  {                                                                         \
    return make_entity(L, mt, name##_call);                                 \
  }

static int character_load(cops_character **o, cops_ctx *c, const char *t)
{
  return cops_character_load(o, c, t);
}
static int character_json(cops_character **o, cops_ctx *c, const char *t)
{
  return cops_character_from_json(o, c, t);
}
static int weapon_load(cops_weapon **o, cops_ctx *c, const char *t)
{
  return cops_weapon_load(o, c, t);
}
static int weapon_json(cops_weapon **o, cops_ctx *c, const char *t)
{
  return cops_weapon_from_json(o, c, t);
}
static int armour_load(cops_armour **o, cops_ctx *c, const char *t)
{
  return cops_armour_load(o, c, t);
}
static int armour_json(cops_armour **o, cops_ctx *c, const char *t)
{
  return cops_armour_from_json(o, c, t);
}
LOADER(load_character, CHARACTER, character_load)
LOADER(character_from_json, CHARACTER, character_json)
LOADER(load_weapon, WEAPON, weapon_load)
LOADER(weapon_from_json, WEAPON, weapon_json)
LOADER(load_armour, ARMOUR, armour_load)
LOADER(armour_from_json, ARMOUR, armour_json)

/* A list of names (cops.st.traits, cops.d6.traits ...), in the C enums' order. */
void push_names(lua_State *L, const char *(*name)(int))
{
  lua_newtable(L);
  for (int k = 0; name(k); k++) {
    lua_pushstring(L, name(k));
    lua_rawseti(L, -2, k + 1);
  }
}

static void free_entity(const char *mt, void *p)
{
  if (!strcmp(mt, CHARACTER))
    cops_character_free(p);
  else if (!strcmp(mt, WEAPON))
    cops_weapon_free(p);
#if COPS_WITH_ST
  else if (!strcmp(mt, ST_CHARACTER))
    cops_st_character_free(p);
#endif
#if COPS_WITH_D6
  else if (!strcmp(mt, D6_CHARACTER))
    cops_d6_character_free(p);
#endif
  else
    cops_armour_free(p);
}

/* close() (upvalue true: refuses while an encounter holds it) and __gc / __close. */
static void entity_free(entity_ud *e)
{
  free_entity(e->mt, e->p);
  e->p = NULL;
  e->owner->children--;
  ctx_release(e->owner);
}

void entity_unuse(entity_ud *e)
{
  if (--e->users == 0 && e->closed && e->p)
    entity_free(e);
}

int entity_close(lua_State *L)
{
  const char *mt = lua_tostring(L, lua_upvalueindex(1));
  entity_ud *e = luaL_checkudata(L, 1, mt);
  if (!e->p)
    return 0;
  if (lua_toboolean(L, lua_upvalueindex(2)))
    refuse_in_callback(L, e->owner, mt + 5);
  if (e->users && lua_toboolean(L, lua_upvalueindex(2)))
    return luaL_error(L, "the %s is still in an encounter: close the encounter first", mt + 5);
  if (e->users) {
    /* __close or __gc while an encounter still uses it: the handle is closed, the C
     * object lives on until the last encounter holding it closes. */
    e->closed = 1;
    return 0;
  }
  entity_free(e);
  return 0;
}

static int character_name(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  lua_pushstring(L, cops_character_name(e->p));
  return 1;
}

static int character_hp(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  int hp;
  if (!lua_isnoneornil(L, 2))
    check(L, e->owner, cops_character_set_hp(e->p, checkint(L, 2)));
  cops_character_hp(e->p, &hp);
  lua_pushinteger(L, hp);
  return 1;
}

static int character_health(lua_State *L)
{
  static const char *const names[] = {"healthy", "below_half", "unconscious", "dying", "dead"};
  entity_ud *e = to_entity(L, 1, CHARACTER);
  lua_pushstring(L, names[cops_character_health(e->p)]);
  return 1;
}

static int character_roll_l(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  /* ch:roll(notation [, adrenaline [, not_an_action]]): one who cannot act (C8.2) rolls only
   * when the roll is not an action. */
  return roll_with(L, e->owner, character_roll, e->p, checktext(L, 2),
                   (lua_toboolean(L, 3) ? COPS_ADRENALINE_DIE : 0u) |
                       (lua_toboolean(L, 4) ? COPS_NOT_AN_ACTION : 0u));
}

static int entity_to_json(lua_State *L)
{
  const char *mt = lua_tostring(L, lua_upvalueindex(1));
  entity_ud *e = to_entity(L, 1, mt);
  char *text = NULL;
  int rc = !strcmp(mt, CHARACTER) ? cops_character_to_json(e->p, &text)
           : !strcmp(mt, WEAPON)  ? cops_weapon_to_json(e->p, &text)
                                  : cops_armour_to_json(e->p, &text);
  check(L, e->owner, rc);
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int weapon_name(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, WEAPON);
  lua_pushstring(L, cops_weapon_name(e->p));
  return 1;
}

static int weapon_get(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, WEAPON);
  int field, v;
  if (cops_weapon_field_parse(checktext(L, 2), &field))
    return luaL_argerror(L, 2, lua_pushfstring(L, "unknown weapon field '%s'",
                                                lua_tostring(L, 2)));
  check(L, e->owner, cops_weapon_get(e->p, field, &v));
  lua_pushinteger(L, v);
  return 1;
}

static int weapon_reload(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, WEAPON);
  check(L, e->owner, cops_weapon_reload(e->p));
  return 0;
}

static int armour_name(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, ARMOUR);
  lua_pushstring(L, cops_armour_name(e->p));
  return 1;
}

/* ---- encounters and scenarios -------------------------------------------------- */

fight_ud *to_fight(lua_State *L, int i, const char *mt)
{
  fight_ud *f = luaL_checkudata(L, i, mt);
  if (!f->p)
    luaL_error(L, "the %s is closed", mt + 5);
  f->owner->L = L;
  return f;
}

cops_encounter *encounter_of(fight_ud *f)
{
  return f->scenario ? cops_scenario_encounter(f->p) : f->p;
}

/* Either kind: a method that works on an encounter or a scenario's. */
fight_ud *to_any_fight(lua_State *L, int i)
{
  fight_ud *f = luaL_testudata(L, i, ENCOUNTER);
  if (!f)
    f = luaL_testudata(L, i, SCENARIO);
  if (!f)
    luaL_typeerror(L, i, "cops encounter or scenario");
  if (!f->p)
    luaL_error(L, "the %s is closed", f->scenario ? "scenario" : "encounter");
  f->owner->L = L;
  return f;
}

static int ctx_encounter(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  fight_ud *f = lua_newuserdatauv(L, sizeof *f, 2);
  memset(f, 0, sizeof *f);
  f->owner = c;
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  lua_newtable(L);                 /* what the encounter borrows, kept alive */
  lua_setiuservalue(L, -2, 2);
  luaL_setmetatable(L, ENCOUNTER);
  cops_encounter *e;
  check(L, c, cops_encounter_new(&e, c->ctx, COPS_RULES_CORE));
  f->p = e;
  c->children++;
  return 1;
}

static int ctx_scenario(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  fight_ud *f = lua_newuserdatauv(L, sizeof *f, 1);
  memset(f, 0, sizeof *f);
  f->owner = c;
  f->scenario = 1;
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, SCENARIO);
  cops_scenario *s;
  check(L, c, cops_scenario_load(&s, c->ctx, checktext(L, 2)));
  f->p = s;
  c->children++;
  return 1;
}

static int fight_close(lua_State *L)
{
  fight_ud *f = luaL_testudata(L, 1, ENCOUNTER);
  if (!f)
    f = luaL_checkudata(L, 1, SCENARIO);
  if (!f->p)
    return 0;
  if (lua_toboolean(L, lua_upvalueindex(2)))
    refuse_in_callback(L, f->owner, f->scenario ? "scenario" : "encounter");
  if (f->anciennete > 0)
    luaL_unref(L, LUA_REGISTRYINDEX, f->anciennete);
  f->anciennete = 0;
  if (f->scenario) {
    cops_scenario_free(f->p);
  } else {
    cops_encounter_free(f->p);
    for (int i = 0; i < f->nkept; i++)
      if (--f->kept[i]->users == 0 && f->kept[i]->closed && f->kept[i]->p)
        entity_free(f->kept[i]);
  }
  f->p = NULL;
  f->owner->children--;
  ctx_release(f->owner);
  return 0;
}

static void keep(lua_State *L, fight_ud *f, int index)
{
  entity_ud *e = lua_touserdata(L, index);
  lua_getiuservalue(L, 1, 2);
  lua_pushvalue(L, index);
  lua_rawseti(L, -2, (lua_Integer)luaL_len(L, -2) + 1);
  lua_pop(L, 1);
  e->users++;
  f->kept[f->nkept++] = e;
}

/* e:add(character, side, x, y, {weapons = {...}, armour = a, controlled = true}) -> id */
static int encounter_add(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, ENCOUNTER);
  entity_ud *ch = to_entity(L, 2, CHARACTER);
  int id;
  if (f->nkept + COPS_WEAPONS_MAX + 2 > (int)(sizeof f->kept / sizeof f->kept[0]))
    return luaL_error(L, "too many combatants");
  check(L, f->owner, cops_encounter_add(f->p, ch->p, checkint(L, 3),
                                        optint(L, 4, 0),
                                        optint(L, 5, 0), &id));
  keep(L, f, 2);
  if (lua_istable(L, 6)) {
    if (lua_getfield(L, 6, "weapons") == LUA_TTABLE) {
      const int n = (int)luaL_len(L, -1);
      for (int k = 1; k <= n; k++) {
        lua_rawgeti(L, -1, k);
        entity_ud *w = to_entity(L, -1, WEAPON);
        check(L, f->owner, cops_encounter_give_weapon(f->p, id, w->p));
        keep(L, f, lua_gettop(L));
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 6, "armour") != LUA_TNIL) {
      entity_ud *a = to_entity(L, -1, ARMOUR);
      check(L, f->owner, cops_encounter_set_armour(f->p, id, a->p));
      keep(L, f, lua_gettop(L));
    }
    lua_pop(L, 1);
    lua_getfield(L, 6, "controlled");
    if (lua_toboolean(L, -1))
      check(L, f->owner, cops_encounter_set_controlled(f->p, id, 1));
    lua_pop(L, 1);
  }
  lua_pushinteger(L, id);
  return 1;
}

static int int_field(lua_State *L, int t, const char *key, int dflt)
{
  int v = dflt;
  if (lua_getfield(L, t, key) != LUA_TNIL)
    v = checkint(L, -1);
  lua_pop(L, 1);
  return v;
}

/* The declaration of the table at index 3. */
static void declaration_of(lua_State *L, cops_declaration *out)
{
  luaL_checktype(L, 3, LUA_TTABLE);
  int action, attitude = 0;
  lua_getfield(L, 3, "action");
  if (cops_encounter_action_parse(checktext(L, -1), &action))
    luaL_error(L, "unknown action '%s'", lua_tostring(L, -1));   /* raises */
  lua_pop(L, 1);
  if (lua_getfield(L, 3, "attitude") == LUA_TSTRING) {
    if (cops_attitude_parse(lua_tostring(L, -1), &attitude))
      luaL_error(L, "unknown attitude '%s'", lua_tostring(L, -1));   /* raises */
  } else if (!lua_isnil(L, -1)) {
    attitude = checkint(L, -1);
  }
  lua_pop(L, 1);
  cops_declaration d;
  cops_declaration_init(&d, action);
  d.attitude = attitude;
  d.initiative = int_field(L, 3, "initiative", 0);
  d.target = int_field(L, 3, "target", -1);
  d.shots = int_field(L, 3, "shots", 1);
  d.weapon = int_field(L, 3, "weapon", 0);
  d.difficulty = int_field(L, 3, "difficulty", 3);
  d.dice_mod = int_field(L, 3, "dice_mod", 0);          /* the GM's (C1.7) */
  d.threshold_mod = int_field(L, 3, "threshold_mod", 0);
  d.difficulty_mod = int_field(L, 3, "difficulty_mod", 0);
  lua_getfield(L, 3, "long_move");
  d.long_move = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 3, "adrenaline");
  d.adrenaline = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 3, "anciennete");
  d.anciennete = lua_toboolean(L, -1);   /* C5: spend on each failed roll this round */
  lua_pop(L, 1);
  d.aim = int_field(L, 3, "aim", 0);                    /* the alternative rules' (A) */
  d.bullets = int_field(L, 3, "bullets", 0);
  d.circumstances = int_field(L, 3, "circumstances", 0);
  d.keep = int_field(L, 3, "keep", 0);
  if (lua_getfield(L, 3, "to") == LUA_TTABLE) {
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    d.moving = 1;
    d.x = checkint(L, -2);
    d.y = checkint(L, -1);
    lua_pop(L, 2);
  }
  lua_pop(L, 1);
  *out = d;
}

/* e:declare(id, {action = "shoot", target = 1, attitude = "Agressif", initiative = 0,
 *                shots = 1, to = {x, y}, weapon = 0, difficulty = 3}) */
static int encounter_declare(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, ENCOUNTER);
  const int id = checkint(L, 2);
  cops_declaration d;
  declaration_of(L, &d);
  check(L, f->owner, cops_encounter_declare(f->p, id, &d));
  return 0;
}

struct planned {
  cops_encounter *e;
  int id;
  const cops_declaration *d;
};
static int compute_planned(cops_attack_odds *o, const void *arg)
{
  const struct planned *p = arg;
  return cops_encounter_odds(p->e, p->id, p->d, o);
}

/* e:odds(id, {declaration}): the odds of the attack e:declare(id, {...}) would make. */
static int fight_odds(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int id = checkint(L, 2);
  cops_declaration d;
  declaration_of(L, &d);
  const struct planned p = {encounter_of(f), id, &d};
  return push_attack_odds(L, f->owner, compute_planned, &p);
}

/* C5: the Lua function's decision, fn(id, purpose, failed roll, points) -> boolean. */
static int anciennete_callback(void *user, int id, int purpose, const cops_roll *failed,
                               int points)
{
  fight_ud *f = user;
  ctx_ud *c = f->owner;
  lua_State *L = c->L;
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->anciennete);
  lua_pushinteger(L, id);
  lua_pushstring(L, cops_purpose_name(purpose));
  push_roll(L, failed);
  lua_pushinteger(L, points);
  c->in_callback++;
  const int status = lua_pcall(L, 4, 1, 0);
  c->in_callback--;
  if (status != LUA_OK) {
    keep_failure(L, c);
    return COPS_ESTATE;
  }
  if (!lua_isboolean(L, -1)) {
    callback_failure(L, c, COPS_ESTATE, "the Ancienneté function returned %s, not a boolean",
                     luaL_tolstring(L, -1, NULL));
    lua_pop(L, 2);
    return COPS_ESTATE;
  }
  const int spend = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return spend;
}

/* e:set_anciennete_callback(fn | nil) */
static int fight_set_anciennete(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  if (!lua_isnoneornil(L, 2))
    luaL_checktype(L, 2, LUA_TFUNCTION);
  if (f->anciennete > 0)
    luaL_unref(L, LUA_REGISTRYINDEX, f->anciennete);
  f->anciennete = 0;
  if (lua_isnoneornil(L, 2)) {
    check(L, f->owner, cops_encounter_set_anciennete_callback(encounter_of(f), NULL, NULL));
    return 0;
  }
  lua_pushvalue(L, 2);
  f->anciennete = luaL_ref(L, LUA_REGISTRYINDEX);
  check(L, f->owner, cops_encounter_set_anciennete_callback(encounter_of(f), anciennete_callback,
                                                            f));
  return 0;
}

#define FIGHT_CALL(name, call)                                              \
  static int name(lua_State *L)                                             \
  {                                                                         \
    fight_ud *f = to_any_fight(L, 1);                                       \
    check(L, f->owner, call(encounter_of(f)));                              \
    return 0;                                                               \
  }
FIGHT_CALL(fight_begin_round, cops_encounter_begin_round)
FIGHT_CALL(fight_resolve_round, cops_encounter_resolve_round)
FIGHT_CALL(fight_run_round, cops_encounter_run_round)

static int fight_run(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, f->scenario ? cops_scenario_run(f->p) : cops_encounter_run(f->p));
  return 0;
}

static int fight_reset(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_encounter_reset(encounter_of(f)));
  return 0;
}

static int fight_seed(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_encounter_seed(encounter_of(f), (uint64_t)luaL_checkinteger(L, 2)));
  return 0;
}

static int fight_over(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushboolean(L, cops_encounter_over(encounter_of(f)));
  return 1;
}

static int fight_round(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushinteger(L, cops_encounter_round(encounter_of(f)));
  return 1;
}

/* The winning side, or nil when nobody won; an ESTATE error while the fight goes on. */
static int fight_winner(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  int w;
  check(L, f->owner, cops_encounter_get_winner(encounter_of(f), &w));
  if (w == COPS_NO_WINNER)
    lua_pushnil(L);
  else
    lua_pushinteger(L, w);
  return 1;
}

/* f:set_log_limit(events): the most events the log holds (0: none). */
static int fight_set_log_limit(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_log_set_limit(cops_encounter_log(encounter_of(f)), checkint(L, 2)));
  return 0;
}

static int fight_can_act(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const lua_Integer id = luaL_checkinteger(L, 2);
  int can = 0;
  if (id < -1 || id > COPS_COMBATANTS_MAX)
    return raise_message(L, COPS_ERANGE, "no such combatant");
  check(L, f->owner, cops_encounter_able(encounter_of(f), (int)id, &can));
  lua_pushboolean(L, can);
  return 1;
}

static int fight_jsonl(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  char *text = NULL;
  check(L, f->owner, cops_log_to_jsonl(cops_encounter_log(encounter_of(f)), 0, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int fight_narrate(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const char *code = luaL_optstring(L, 2, "fr");
  int lang;
  if (cops_lang_parse(code, &lang))
    return luaL_argerror(L, 2, lua_pushfstring(L, "no language '%s'", code));
  char *text = NULL;
  check(L, f->owner, cops_log_narrate(cops_encounter_log(encounter_of(f)), 0, lang, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

/* The events as tables: seq, round, type, actor and actor_id, target and target_id,
 * weapon and the numbers. */
static int fight_events(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  push_events(L, cops_encounter_log(encounter_of(f)));
  return 1;
}

void push_events(lua_State *L, const cops_log *log)
{
  const int n = cops_log_count(log);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    cops_event e;
    memset(&e, 0, sizeof e);
    e.size = sizeof e;
    cops_log_event(log, i, &e);
    lua_createtable(L, 0, 12);
    lua_pushstring(L, cops_event_type_name(e.type));
    lua_setfield(L, -2, "type");
    const struct {
      const char *key;
      const char *value;
    } texts[] = {{"actor", e.actor}, {"target", e.target}, {"weapon", e.weapon}};
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++)
      if (texts[k].value) {
        lua_pushstring(L, texts[k].value);
        lua_setfield(L, -2, texts[k].key);
      }
    const struct {
      const char *key;
      int value;
    } nums[] = {
      {"seq", e.seq}, {"round", e.round}, {"mode", e.mode}, {"purpose", e.purpose},
      {"successes", e.successes}, {"margin", e.margin}, {"total", e.total},
      {"location", e.location}, {"damage", e.damage}, {"hp_before", e.hp_before},
      {"hp_after", e.hp_after}, {"result", e.result}, {"action", e.action},
      {"id", e.id}, {"side", e.side}, {"capped", e.capped}, {"dice_mod", e.dice_mod},
      {"threshold_mod", e.threshold_mod}, {"difficulty_mod", e.difficulty_mod},
      {"clock", e.clock}, {"period", e.period}, {"elapsed", e.elapsed}, {"healed", e.healed},
    };
    for (size_t k = 0; k < sizeof nums / sizeof nums[0]; k++) {
      lua_pushinteger(L, nums[k].value);
      lua_setfield(L, -2, nums[k].key);
    }
    /* Combatants by id (nil: nobody): names are for display. */
    const struct {
      const char *key;
      int value;
    } ids[] = {{"actor_id", e.actor_id}, {"target_id", e.target_id}};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
      if (ids[k].value >= 0) {
        lua_pushinteger(L, ids[k].value);
        lua_setfield(L, -2, ids[k].key);
      }
    /* Wounds over time (<cops/heal.h>): names as the JSON gives them. */
    static const char *const causes[COPS_CAUSE_COUNT] = {
      "attack", "bleeding", "first_aid", "stabilise", "hospital", "rest", "revival"};
    static const char *const rests[COPS_REST_COUNT] = {"none", "natural", "hospital"};
    if (e.type == COPS_EV_HIT_POINTS) {
      lua_pushstring(L, causes[e.cause]);
      lua_setfield(L, -2, "cause");
    }
    if (e.type == COPS_EV_REST) {
      lua_pushstring(L, rests[e.rest]);
      lua_setfield(L, -2, "rest");
    }
    if (e.type == COPS_EV_NIGHT && e.point >= 0) {
      lua_pushstring(L, e.point == COPS_ADRENALINE ? "adrenaline" : "anciennete");
      lua_setfield(L, -2, "point");
    }
    if (e.final) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, "final");
    }
    /* Points spent (C5), there when true as in the JSON. */
    if (e.adrenaline) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, "adrenaline");
    }
    if (e.anciennete) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, "anciennete");
    }
    lua_rawseti(L, -2, i + 1);
  }
}

static int scenario_name(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, SCENARIO);
  lua_pushstring(L, cops_scenario_name(f->p));
  return 1;
}

/* ---- the module ------------------------------------------------------------------- */

static int l_version_number(lua_State *L)
{
  lua_pushinteger(L, cops_version_number());
  return 1;
}

static int l_version(lua_State *L)
{
  lua_pushstring(L, cops_version_string());
  return 1;
}

/* A registry table of that name whose keys are weak: a value lives as long as its key. */
void weak_registry(lua_State *L, const char *name)
{
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, name);
}

void metatable(lua_State *L, const char *name, const luaL_Reg *methods)
{
  luaL_newmetatable(L, name);
  lua_newtable(L);
  luaL_setfuncs(L, methods, 0);
  lua_setfield(L, -2, "__index");
}

/* Add close (refusing), __gc and __close (not refusing) with the closer given. */
void closers(lua_State *L, lua_CFunction fn, const char *mt)
{
  /* metatable at -1, its __index table reached through it */
  lua_getfield(L, -1, "__index");
  if (mt)
    lua_pushstring(L, mt);
  else
    lua_pushnil(L);
  lua_pushboolean(L, 1);
  lua_pushcclosure(L, fn, 2);
  lua_setfield(L, -2, "close");
  lua_pop(L, 1);
  const char *const events[] = {"__gc", "__close"};
  for (int i = 0; i < 2; i++) {
    if (mt)
      lua_pushstring(L, mt);
    else
      lua_pushnil(L);
    lua_pushboolean(L, 0);
    lua_pushcclosure(L, fn, 2);
    lua_setfield(L, -2, events[i]);
  }
}

__attribute__((visibility("default"))) int luaopen_cops(lua_State *L);
__attribute__((visibility("default"))) int luaopen_cops(lua_State *L)
{
  luaL_newmetatable(L, ERROR_MT);
  lua_pushcfunction(L, error_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pop(L, 1);
  luaL_newmetatable(L, ROLL_UD);
  lua_pushcfunction(L, roll_ud_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);
  luaL_newmetatable(L, ROLL_MT);
  lua_pushcfunction(L, roll_index);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  weak_registry(L, ROLLS);

  static const luaL_Reg ctx_methods[] = {
    {"seed", ctx_seed}, {"confine", ctx_confine}, {"die", ctx_die}, {"roll", ctx_roll},
    {"odds", ctx_odds},
    {"load_character", ctx_load_character}, {"character", ctx_character_from_json},
    {"load_weapon", ctx_load_weapon}, {"weapon", ctx_weapon_from_json},
    {"load_armour", ctx_load_armour}, {"armour", ctx_armour_from_json},
    {"encounter", ctx_encounter}, {"scenario", ctx_scenario}, {NULL, NULL},
  };
  metatable(L, CTX, ctx_methods);
  closers(L, ctx_close, NULL);
  lua_pop(L, 1);

  static const luaL_Reg character_methods[] = {
    {"name", character_name}, {"hp", character_hp}, {"health", character_health},
    {"roll", character_roll_l}, {NULL, NULL},
  };
  static const luaL_Reg weapon_methods[] = {
    {"name", weapon_name}, {"get", weapon_get}, {"reload", weapon_reload}, {NULL, NULL},
  };
  static const luaL_Reg armour_methods[] = {{"name", armour_name}, {NULL, NULL}};
  const struct {
    const char *mt;
    const luaL_Reg *methods;
  } entities[] = {
    {CHARACTER, character_methods}, {WEAPON, weapon_methods}, {ARMOUR, armour_methods},
  };
  for (size_t i = 0; i < sizeof entities / sizeof entities[0]; i++) {
    metatable(L, entities[i].mt, entities[i].methods);
    lua_getfield(L, -1, "__index");
    lua_pushstring(L, entities[i].mt);
    lua_pushcclosure(L, entity_to_json, 1);
    lua_setfield(L, -2, "to_json");
    lua_pop(L, 1);
    closers(L, entity_close, entities[i].mt);
    lua_pop(L, 1);
  }

  static const luaL_Reg fight_methods[] = {
    {"begin_round", fight_begin_round}, {"resolve_round", fight_resolve_round},
    {"run_round", fight_run_round}, {"run", fight_run}, {"reset", fight_reset},
    {"seed", fight_seed}, {"over", fight_over}, {"round", fight_round},
    {"winner", fight_winner}, {"can_act", fight_can_act}, {"jsonl", fight_jsonl},
    {"set_log_limit", fight_set_log_limit}, {"set_anciennete_callback", fight_set_anciennete},
    {"odds", fight_odds},
    {"narrate", fight_narrate}, {"events", fight_events}, {NULL, NULL},
  };
  metatable(L, ENCOUNTER, fight_methods);
  lua_getfield(L, -1, "__index");
  lua_pushcfunction(L, encounter_add);
  lua_setfield(L, -2, "add");
  lua_pushcfunction(L, encounter_declare);
  lua_setfield(L, -2, "declare");
  lua_pop(L, 1);
  closers(L, fight_close, NULL);
  lua_pop(L, 1);
  metatable(L, SCENARIO, fight_methods);
  lua_getfield(L, -1, "__index");
  lua_pushcfunction(L, scenario_name);
  lua_setfield(L, -2, "name");
  lua_pop(L, 1);
  closers(L, fight_close, NULL);
  lua_pop(L, 1);

  static const luaL_Reg functions[] = {
    {"context", l_context}, {"version", l_version}, {"version_number", l_version_number},
    {"_context_with_allocator", l_context_with_allocator}, {NULL, NULL},
  };
  luaL_newlib(L, functions);
  open_api(L);
  open_attack(L);
  open_heal(L);
  open_chase(L);
  open_relations(L);
  open_interrogation(L);
  open_interview(L);
  open_sim(L);
  open_st(L);
  open_d6(L);
  return 1;
}
