/* The Lua 5.4 binding of libcops (bindings/lua/, one file per folder of lib/, as
 * docs/architecture.md orders them): this file is the module (luaopen_cops), its errors,
 * the context and what every other file shares. Every rule stays in C; the binding maps
 * handles, errors and results. docs/lua.md.
 *
 *   local cops = require "cops"
 *   local ctx <close> = cops.context(2030)
 *   local r = ctx:roll("4+/3 (2)")   -- {successes=2, success=true, margin=0, dice={...}}
 *
 * Errors are raised as tables {code = -8, name = "ERULE", message = "..."} whose
 * tostring is "ERULE: message". Handles are freed by close(), <close> or the
 * garbage collector, once. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cops-lua.h"

static const char *const code_names[] = {
  "OK", "EINVAL", "ERANGE", "ENOMEM", "ERNG", "ESYNTAX", "ESTATE", "ENOTFOUND", "ERULE",
  "EJSON", "EIO", "ESEAL",
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
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "status");
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
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "status");
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

/* ---- sealed saves and whole files (<cops/seal.h>) -------------------------------------- */

static const unsigned char *key_arg(lua_State *L, int i)
{
  size_t n;
  const char *k = luaL_checklstring(L, i, &n);
  if (n != COPS_SEAL_KEY_BYTES)
    luaL_argerror(L, i, "a sealing key: a string of 32 bytes");
  return (const unsigned char *)k;
}

/* Push a text the library handed over, then free it. */
static int push_handed(lua_State *L, char *text)
{
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

/* ctx:seal(key, text) -> the sealed text. */
static int ctx_seal(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const unsigned char *key = key_arg(L, 2);
  char *out = NULL;
  check(L, c, cops_seal(c->ctx, key, COPS_SEAL_KEY_BYTES, checktext(L, 3), &out));
  return push_handed(L, out);
}

/* ctx:unseal(key, sealed) -> the text; an ESEAL error for another key or a changed byte. */
static int ctx_unseal(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const unsigned char *key = key_arg(L, 2);
  char *out = NULL;
  check(L, c, cops_unseal(c->ctx, key, COPS_SEAL_KEY_BYTES, checktext(L, 3), &out));
  return push_handed(L, out);
}

static int ctx_read_file(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  char *out = NULL;
  check(L, c, cops_ctx_read_file(c->ctx, checktext(L, 2), &out));
  return push_handed(L, out);
}

static int ctx_write_file(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  check(L, c, cops_ctx_write_file(c->ctx, checktext(L, 2), checktext(L, 3)));
  return 0;
}

static int l_is_sealed(lua_State *L)
{
  lua_pushboolean(L, cops_is_sealed(checktext(L, 1)) == 1);
  return 1;
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

/* A list of names (cops.st.traits, cops.d6.traits ...), in the C enums' order. */
void push_names(lua_State *L, const char *(*name)(int))
{
  lua_newtable(L);
  for (int k = 0; name(k); k++) {
    lua_pushstring(L, name(k));
    lua_rawseti(L, -2, k + 1);
  }
}

/* A name the library parses, or the integer itself. */
int name_or_int(lua_State *L, int i, int (*parse)(const char *, int *), const char *what)
{
  if (lua_isinteger(L, i))
    return checkint(L, i);
  int v;
  if (parse(checktext(L, i), &v))
    return luaL_argerror(L, i, lua_pushfstring(L, "unknown %s '%s'", what, lua_tostring(L, i)));
  return v;
}

int lang_arg(lua_State *L, int i, const char *dflt)
{
  int lang;
  const char *code = luaL_optstring(L, i, dflt);
  if (cops_lang_parse(code, &lang))
    return luaL_argerror(L, i, lua_pushfstring(L, "no language '%s'", code));
  return lang;
}

static int ctx_source(lua_State *L)
{
  static const char *const names[] = {"system", "seeded", "callback"};
  ctx_ud *c = to_ctx(L, 1);
  lua_pushstring(L, names[check(L, c, cops_ctx_source(c->ctx))]);
  return 1;
}

static int ctx_reroll_cap(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  if (!lua_isnoneornil(L, 2))
    check(L, c, cops_ctx_set_reroll_cap(c->ctx, checkint(L, 2)));
  lua_pushinteger(L, check(L, c, cops_ctx_reroll_cap(c->ctx)));
  return 1;
}

static int ctx_use_system(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  check(L, c, cops_ctx_use_system(c->ctx));
  return 0;
}

static int ctx_seed_bytes(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  size_t len;
  const char *seed = luaL_checklstring(L, 2, &len);
  check(L, c, cops_ctx_seed_bytes(c->ctx, (const unsigned char *)seed, len));
  return 0;
}

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

/* Add methods to the __index table of a metatable made by luaopen_cops. */
void add_methods(lua_State *L, const char *mt, const luaL_Reg *methods)
{
  luaL_getmetatable(L, mt);
  lua_getfield(L, -1, "__index");
  luaL_setfuncs(L, methods, 0);
  lua_pop(L, 2);
}

/* ---- checkpoints (cops_encounter_checkpoint, cops_chase_checkpoint) ------------------ */

typedef struct {
  cops_checkpoint *p;
  ctx_ud *owner;
} checkpoint_ud;

void push_checkpoint(lua_State *L, ctx_ud *c, int owner_index, cops_checkpoint *cp)
{
  checkpoint_ud *k = lua_newuserdatauv(L, sizeof *k, 1);
  k->p = cp;
  k->owner = c;
  lua_getiuservalue(L, owner_index, 1);   /* the context, alive as long as the checkpoint */
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, CHECKPOINT);
  c->children++;
}

cops_checkpoint *to_checkpoint(lua_State *L, int i)
{
  checkpoint_ud *k = luaL_checkudata(L, i, CHECKPOINT);
  if (!k->p)
    luaL_error(L, "the checkpoint is closed");
  return k->p;
}

static int checkpoint_close(lua_State *L)
{
  checkpoint_ud *k = luaL_checkudata(L, 1, CHECKPOINT);
  if (!k->p)
    return 0;
  cops_checkpoint_free(k->p);
  k->p = NULL;
  k->owner->children--;
  ctx_release(k->owner);
  return 0;
}

/* ---- one error model: every error the module raises is an error table ---------------- */

/* A method or function run protected: an error Lua's argument checks raise as text
 * ("bad argument #2 to 'roll' (string expected, got table)") becomes an error table
 * {code = -1, name = "EINVAL", status = "EINVAL", message = ...}, as the library's own;
 * a table (the library's, a callback's) goes on as it is. */
static int protected_call(lua_State *L)
{
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  if (lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0) == LUA_OK)
    return lua_gettop(L);
  if (lua_type(L, -1) == LUA_TSTRING)
    return raise_message(L, COPS_EINVAL, lua_tostring(L, -1));
  return lua_error(L);
}

/* Every C function of the table at index t, protected (the table's sub-tables too). */
static void protect_table(lua_State *L, int t, int depth)
{
  t = lua_absindex(L, t);
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_iscfunction(L, -1) && lua_tocfunction(L, -1) != protected_call) {
      lua_pushvalue(L, -2);      /* key */
      lua_pushvalue(L, -2);      /* the function */
      lua_pushcclosure(L, protected_call, 1);
      lua_rawset(L, t);          /* replacing a value while traversing is allowed */
    } else if (lua_istable(L, -1) && depth < 2) {
      protect_table(L, -1, depth + 1);
    }
    lua_pop(L, 1);
  }
}

/* The module table on top and the __index of every "cops.*" metatable, protected. */
static void protect_module(lua_State *L)
{
  protect_table(L, -1, 0);
  lua_pushnil(L);
  while (lua_next(L, LUA_REGISTRYINDEX)) {
    if (lua_type(L, -2) == LUA_TSTRING && !strncmp(lua_tostring(L, -2), "cops.", 5) &&
        lua_istable(L, -1)) {
      if (lua_getfield(L, -1, "__index") == LUA_TTABLE)
        protect_table(L, -1, 1);
      lua_pop(L, 1);   /* the __index */
    }
    lua_pop(L, 1);
  }
}

__attribute__((visibility("default"))) int luaopen_cops(lua_State *L);
__attribute__((visibility("default"))) int luaopen_cops(lua_State *L)
{
  luaL_newmetatable(L, ERROR_MT);
  lua_pushcfunction(L, error_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pop(L, 1);

  static const luaL_Reg ctx_methods[] = {
    {"seed", ctx_seed}, {"confine", ctx_confine}, {"die", ctx_die}, {"source", ctx_source},
    {"reroll_cap", ctx_reroll_cap}, {"use_system", ctx_use_system},
    {"seed_bytes", ctx_seed_bytes}, {"seal", ctx_seal}, {"unseal", ctx_unseal},
    {"read_file", ctx_read_file}, {"write_file", ctx_write_file}, {NULL, NULL},
  };
  metatable(L, CTX, ctx_methods);
  closers(L, ctx_close, NULL);
  lua_pop(L, 1);

  static const luaL_Reg none[] = {{NULL, NULL}};
  metatable(L, CHECKPOINT, none);
  closers(L, checkpoint_close, CHECKPOINT);
  lua_pop(L, 1);

  static const luaL_Reg functions[] = {
    {"context", l_context}, {"version", l_version}, {"version_number", l_version_number},
    {"_context_with_allocator", l_context_with_allocator}, {"is_sealed", l_is_sealed},
    {NULL, NULL},
  };
  luaL_newlib(L, functions);
  /* Each folder's file, from the bottom up: each adds its methods to the metatables made
   * below it and its functions to the module table on top. */
  open_catalogue(L);
  open_dice(L);
  open_sheet(L);
  open_attack(L);
  open_heal(L);
  open_fight(L);
  open_chase(L);
  open_social(L);
  open_sim(L);
  open_st(L);
  open_d6(L);
  protect_module(L);
  return 1;
}

int check_policy(lua_State *L, int i)
{
  const char *name = checktext(L, i);
  const int p = cops_policy_parse(name);
  if (p < 0) {
    char message[160];
    snprintf(message, sizeof message, "policy '%.64s': 'simple' or 'tactical'", name);
    return raise_message(L, COPS_EINVAL, message);
  }
  return p;
}
