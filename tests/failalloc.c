/* A cops_allocator that fails the n-th allocation, for the bindings' fault sweep
 * (docs/testing.md). Python loads it with ctypes; Lua requires it as the module
 * "failalloc". Each failalloc is its own budget: nothing here is shared. */
#include <cops/cops.h>
#include <stdlib.h>

typedef struct failalloc failalloc;
failalloc *failalloc_new(void);
void failalloc_arm(failalloc *f, long n);
long failalloc_count(const failalloc *f);
long failalloc_live(const failalloc *f);
long failalloc_failed(const failalloc *f);
void failalloc_free(failalloc *f);

struct failalloc {
  cops_allocator a;   /* first member: the failalloc's address is the allocator's */
  long count;         /* allocations and reallocations asked for since armed */
  long fail_at;       /* the one that fails (0-based); -1: none */
  long live;          /* blocks allocated and not freed */
  long failed;        /* how many were refused */
};

static void *fa_alloc(void *user, size_t n)
{
  failalloc *f = user;
  if (f->count++ == f->fail_at) {
    f->failed++;
    return NULL;
  }
  void *p = malloc(n);
  if (p)
    f->live++;
  return p;
}

static void *fa_realloc(void *user, void *p, size_t n)
{
  failalloc *f = user;
  if (f->count++ == f->fail_at) {
    f->failed++;
    return NULL;
  }
  return realloc(p, n);
}

static void fa_free(void *user, void *p)
{
  failalloc *f = user;
  f->live--;
  free(p);
}

failalloc *failalloc_new(void)
{
  failalloc *f = calloc(1, sizeof *f);
  if (!f)
    return NULL;
  f->a = (cops_allocator){sizeof f->a, fa_alloc, fa_realloc, fa_free, f};
  f->fail_at = -1;
  return f;
}

/* Fail the n-th allocation from now (n < 0: none) and count from 0. */
void failalloc_arm(failalloc *f, long n)
{
  f->count = 0;
  f->fail_at = n;
}

long failalloc_count(const failalloc *f) { return f->count; }
long failalloc_live(const failalloc *f) { return f->live; }
long failalloc_failed(const failalloc *f) { return f->failed; }

/* Only once every context made with it is freed. */
void failalloc_free(failalloc *f) { free(f); }

#ifdef FAILALLOC_LUA
#include <lauxlib.h>
#include <lua.h>

/* failalloc.new() -> a full userdata; :allocator() a light userdata for
 * cops._context_with_allocator; :arm(n), :count(), :live(), :failed(). The
 * userdata must outlive the contexts made with it. */
#define FA "failalloc"

static failalloc *check(lua_State *L) { return *(failalloc **)luaL_checkudata(L, 1, FA); }

static int l_new(lua_State *L)
{
  failalloc **box = lua_newuserdatauv(L, sizeof *box, 0);
  *box = NULL;
  luaL_setmetatable(L, FA);
  if (!(*box = failalloc_new()))
    return luaL_error(L, "no memory");
  return 1;
}
static int l_allocator(lua_State *L)
{
  lua_pushlightuserdata(L, &check(L)->a);
  return 1;
}
static int l_arm(lua_State *L)
{
  failalloc_arm(check(L), (long)luaL_checkinteger(L, 2));
  return 0;
}
static int l_count(lua_State *L)
{
  lua_pushinteger(L, failalloc_count(check(L)));
  return 1;
}
static int l_live(lua_State *L)
{
  lua_pushinteger(L, failalloc_live(check(L)));
  return 1;
}
static int l_failed(lua_State *L)
{
  lua_pushinteger(L, failalloc_failed(check(L)));
  return 1;
}
static int l_gc(lua_State *L)
{
  failalloc **box = luaL_checkudata(L, 1, FA);
  failalloc_free(*box);
  *box = NULL;
  return 0;
}

int luaopen_failalloc(lua_State *L);
int luaopen_failalloc(lua_State *L)
{
  static const luaL_Reg methods[] = {{"allocator", l_allocator}, {"arm", l_arm},
                                     {"count", l_count},         {"live", l_live},
                                     {"failed", l_failed},       {"__gc", l_gc},
                                     {NULL, NULL}};
  luaL_newmetatable(L, FA);
  luaL_setfuncs(L, methods, 0);
  lua_pushvalue(L, -1);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  lua_newtable(L);
  lua_pushcfunction(L, l_new);
  lua_setfield(L, -2, "new");
  return 1;
}
#endif
