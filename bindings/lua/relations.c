/* The Lua binding of a cop's relations (<cops/relations.h>, docs/relations.md, C9):
 * character methods, and the names of kinds, levels and upkeeps in cops.catalogue. */
#include <string.h>

#include "cops-lua.h"

static const char *const kinds[] = {"ally", "informant", NULL};
static const char *const upkeeps[] = {"none", "money", "information", "services", "favours",
                                      NULL};

/* An upkeep by its key ("money", "services") or its name in a language ("argent"). */
static int upkeep_arg(lua_State *L, int i)
{
  const char *text = checktext(L, i);
  for (int k = 0; upkeeps[k]; k++)
    if (!strcmp(text, upkeeps[k]))
      return k;
  int v;
  if (cops_upkeep_parse(text, &v))
    return luaL_argerror(L, i, "an upkeep: none, money, information, services or favours");
  return v;
}

/* A relation given by its index (0-based, as the C library counts) or its name. */
static int relation_arg(lua_State *L, entity_ud *e, int i)
{
  if (lua_type(L, i) == LUA_TSTRING) {
    const int k = cops_character_find_relation(e->p, checktext(L, i));
    if (k < 0)
      return luaL_argerror(L, i, "no relation of that name");
    return k;
  }
  const int k = checkint(L, i);
  if (k < 0 || k >= cops_character_relation_count(e->p))
    return luaL_argerror(L, i, "no such relation");
  return k;
}

static void push_relation(lua_State *L, entity_ud *e, int i)
{
  cops_relation r;
  r.size = sizeof r;
  check(L, e->owner, cops_character_relation(e->p, i, &r));
  lua_createtable(L, 0, 7);
  lua_pushstring(L, r.name);
  lua_setfield(L, -2, "name");
  lua_pushstring(L, kinds[r.kind]);
  lua_setfield(L, -2, "kind");
  lua_pushinteger(L, r.level);
  lua_setfield(L, -2, "level");
  lua_pushstring(L, cops_relation_level_name(r.kind, r.level, COPS_LANG_FR));
  lua_setfield(L, -2, "level_name");
  lua_pushstring(L, upkeeps[r.upkeep]);
  lua_setfield(L, -2, "upkeep");
  lua_createtable(L, r.domains, 0);
  for (int k = 0; k < r.domains; k++) {
    const char *name;
    int rating;
    check(L, e->owner, cops_relation_domain(e->p, i, k, &name, &rating));
    lua_createtable(L, 0, 2);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "domain");
    lua_pushinteger(L, rating);
    lua_setfield(L, -2, "rating");
    lua_rawseti(L, -2, k + 1);
    if (k == r.pushed) {
      lua_pushstring(L, name);
      lua_setfield(L, -3, "pushed");
    }
  }
  lua_setfield(L, -2, "domains");
}

/* ch:add_relation(name, kind, level [, upkeep]) -> index */
static int ch_add_relation(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const char *name = checktext(L, 2);
  int kind;
  if (cops_relation_kind_parse(checktext(L, 3), &kind))
    return luaL_argerror(L, 3, "a kind: ally or informant (allié, informateur)");
  const int level = checkint(L, 4);
  const int upkeep = lua_isnoneornil(L, 5) ? COPS_UPKEEP_NONE : upkeep_arg(L, 5);
  int i;
  check(L, e->owner, cops_character_add_relation(e->p, name, kind, level, &i));
  const int rc = cops_character_set_relation_upkeep(e->p, i, upkeep);   /* C9: the kind's */
  if (rc) {
    cops_character_remove_relation(e->p, i);   /* all or nothing; the message stays */
    return check(L, e->owner, rc);
  }
  lua_pushinteger(L, i);
  return 1;
}

static int ch_relations(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int n = cops_character_relation_count(e->p);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    push_relation(L, e, i);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int ch_relation(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  push_relation(L, e, relation_arg(L, e, 2));
  return 1;
}

static int ch_remove_relation(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_remove_relation(e->p, relation_arg(L, e, 2)));
  return 0;
}

static int ch_set_relation_level(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_set_relation_level(e->p, relation_arg(L, e, 2),
                                                       checkint(L, 3)));
  return 0;
}

static int ch_set_relation_upkeep(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_set_relation_upkeep(e->p, relation_arg(L, e, 2),
                                                        upkeep_arg(L, 3)));
  return 0;
}

static int ch_set_domain(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_relation_set_domain(e->p, relation_arg(L, e, 2), checktext(L, 3),
                                              checkint(L, 4)));
  return 0;
}

static int ch_remove_domain(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_relation_remove_domain(e->p, relation_arg(L, e, 2), checktext(L, 3)));
  return 0;
}

static int ch_push(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_relation_push(e->p, relation_arg(L, e, 2), checktext(L, 3)));
  return 0;
}

static int ch_release(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_relation_release(e->p, relation_arg(L, e, 2)));
  return 0;
}

/* ch:information(relation, domain) -> the level of information (C9 RULING) */
static int ch_information(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  int level;
  check(L, e->owner, cops_relation_information(e->p, relation_arg(L, e, 2), checktext(L, 3),
                                               &level));
  lua_pushinteger(L, level);
  return 1;
}

static int cat_relation_kind_name(lua_State *L)
{
  lua_pushstring(L, cops_relation_kind_name(luaL_checkoption(L, 1, NULL, kinds),
                                            lang_arg(L, 2, "fr")));
  return 1;
}

static int cat_relation_level_name(lua_State *L)
{
  const char *s = cops_relation_level_name(luaL_checkoption(L, 1, NULL, kinds), checkint(L, 2),
                                           lang_arg(L, 3, "fr"));
  if (!s)
    return luaL_argerror(L, 2, "a level 1..4");
  lua_pushstring(L, s);
  return 1;
}

static int cat_upkeep_name(lua_State *L)
{
  lua_pushstring(L, cops_upkeep_name(luaL_checkoption(L, 1, NULL, upkeeps),
                                     lang_arg(L, 2, "fr")));
  return 1;
}

void open_relations(lua_State *L)
{
  static const luaL_Reg character[] = {
    {"add_relation", ch_add_relation}, {"relations", ch_relations}, {"relation", ch_relation},
    {"remove_relation", ch_remove_relation}, {"set_relation_level", ch_set_relation_level},
    {"set_relation_upkeep", ch_set_relation_upkeep}, {"set_domain", ch_set_domain},
    {"remove_domain", ch_remove_domain}, {"push", ch_push}, {"release", ch_release},
    {"information", ch_information}, {NULL, NULL},
  };
  add_methods(L, CHARACTER, character);
  lua_getfield(L, -1, "catalogue");
  lua_pushcfunction(L, cat_relation_kind_name);
  lua_setfield(L, -2, "relation_kind_name");
  lua_pushcfunction(L, cat_relation_level_name);
  lua_setfield(L, -2, "relation_level_name");
  lua_pushcfunction(L, cat_upkeep_name);
  lua_setfield(L, -2, "upkeep_name");
  lua_pop(L, 1);
}
