/* The Lua binding of the catalogue (<cops/catalogue.h>, docs/lua.md): cops.catalogue, the
 * names of characteristics, skills, locations, zones, weapon kinds, events and languages.
 * The other files add their own names to it. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cops-lua.h"

int push_name(lua_State *L, const char *name)
{
  if (!name)
    return luaL_error(L, "no such name");
  lua_pushstring(L, name);
  return 1;
}

/* ---- the catalogue ------------------------------------------------------------ */

static int cat_characteristics(lua_State *L)
{
  const int lang = lang_arg(L, 1, "fr");
  lua_createtable(L, cops_characteristic_count(), 0);
  for (int i = 0; i < cops_characteristic_count(); i++) {
    const char *name = cops_characteristic_name(i, lang);
    lua_pushstring(L, name ? name : cops_characteristic_name(i, COPS_LANG_FR));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static void push_skill(lua_State *L, int k)
{
  lua_createtable(L, 0, 7);
  lua_pushstring(L, cops_skill_name(k, COPS_LANG_FR));
  lua_setfield(L, -2, "name");
  lua_pushstring(L, cops_skill_name(k, COPS_LANG_EN));
  lua_setfield(L, -2, "english");
  lua_pushstring(L, cops_characteristic_name(cops_skill_characteristic(k), COPS_LANG_FR));
  lua_setfield(L, -2, "characteristic");
  lua_pushboolean(L, cops_skill_adrenaline(k) > 0);
  lua_setfield(L, -2, "adrenaline");
  const int level = cops_skill_specialisation_level(k);
  if (level > 0) {
    lua_pushinteger(L, level);
    lua_setfield(L, -2, "specialisation_level");
  }
  const int n = cops_skill_specialisation_count(k);
  lua_createtable(L, n > 0 ? n : 0, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, cops_skill_specialisation_name(k, i));
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "specialisations");
  lua_pushboolean(L, cops_skill_specialisation_free(k) > 0);
  lua_setfield(L, -2, "free_specialisations");
}

static int cat_skill(lua_State *L)
{
  const int k = name_or_int(L, 1, cops_skill_parse, "skill");
  if (k < 0 || k >= cops_skill_count())
    return luaL_argerror(L, 1, "no such skill");
  push_skill(L, k);
  return 1;
}

static int cat_skills(lua_State *L)
{
  lua_createtable(L, cops_skill_count(), 0);
  for (int k = 0; k < cops_skill_count(); k++) {
    push_skill(L, k);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* A list of names name(i, lang) (or name(i) when lang < 0) until NULL. */
static int names_list(lua_State *L, const char *(*named)(int, int), const char *(*plain)(int),
                      int lang)
{
  lua_newtable(L);
  for (int i = 0; i < 64; i++) {
    const char *s = named ? named(i, lang) : plain(i);
    if (!s)
      break;
    lua_pushstring(L, s);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int cat_locations(lua_State *L)
{
  return names_list(L, cops_location_name, NULL, lang_arg(L, 1, "fr"));
}

static int cat_location(lua_State *L)
{
  lua_pushinteger(L, name_or_int(L, 1, cops_location_parse, "location"));
  return 1;
}

static int cat_zone_of_die(lua_State *L)
{
  const int z = cops_zone_of_die(checkint(L, 1));
  if (z < 0)
    return luaL_argerror(L, 1, "a location die is 1..10");
  lua_pushstring(L, cops_zone_name(z, COPS_LANG_EN));
  lua_pushinteger(L, cops_zone_modifier(z));
  return 2;
}

static int cat_zone_name(lua_State *L)
{
  return push_name(L, cops_zone_name(checkint(L, 1), lang_arg(L, 2, "fr")));
}

static int cat_attitude_name(lua_State *L)
{
  return push_name(L, cops_attitude_name(checkint(L, 1), lang_arg(L, 2, "fr")));
}

static int cat_condition_name(lua_State *L)
{
  return push_name(L, cops_condition_name((unsigned)checkint(L, 1), lang_arg(L, 2, "fr")));
}

static int cat_stopping_name(lua_State *L)
{
  return push_name(L, cops_stopping_name(checkint(L, 1), lang_arg(L, 2, "fr")));
}

static int cat_health_name(lua_State *L)
{
  return push_name(L, cops_health_name(checkint(L, 1), lang_arg(L, 2, "fr")));
}

static int cat_purpose_names(lua_State *L)
{
  return names_list(L, NULL, cops_purpose_name, 0);
}

/* COPS's event types, then the Storyteller module's from type 1000 on (docs/storyteller.md). */
static int cat_event_type_names(lua_State *L)
{
  names_list(L, NULL, cops_event_type_name, 0);
  lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
  for (int t = 1000; cops_event_type_name(t); t++) {
    lua_pushstring(L, cops_event_type_name(t));
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

static int cat_action_names(lua_State *L)
{
  return names_list(L, NULL, cops_encounter_action_name, 0);
}

static int cat_mode_names(lua_State *L)
{
  return names_list(L, NULL, cops_attack_mode_name, 0);
}

static int cat_ruleset_names(lua_State *L)
{
  return names_list(L, NULL, cops_ruleset_name, 0);
}

/* A4.1: "right", "left" or nil for a location d10. */
static int cat_body_side(lua_State *L)
{
  const int side = cops_body_side_of_die(checkint(L, 1));
  if (side < 0)
    return luaL_argerror(L, 1, "a location die is 1..10");
  lua_pushstring(L, cops_body_side_name(side, COPS_LANG_EN));
  return 1;
}

static int cat_body_side_name(lua_State *L)
{
  static const char *const sides[] = {"right", "left", NULL};
  const int side = luaL_checkoption(L, 1, NULL, sides) + 1;
  return push_name(L, cops_body_side_name(side, lang_arg(L, 2, "fr")));
}

static int cat_mishap_names(lua_State *L)
{
  lua_createtable(L, 4, 0);
  for (int b = 0; b < 4; b++) {
    lua_pushstring(L, cops_mishap_name(1 << b));
    lua_rawseti(L, -2, b + 1);
  }
  return 1;
}

static int cat_weapon_kinds(lua_State *L)
{
  return names_list(L, cops_weapon_kind_name, NULL, lang_arg(L, 1, "en"));
}

static int cat_weapon_kind(lua_State *L)
{
  lua_pushinteger(L, name_or_int(L, 1, cops_weapon_kind_parse, "weapon kind"));
  return 1;
}

static int cat_weapon_fields(lua_State *L)
{
  return names_list(L, NULL, cops_weapon_field_name, 0);
}

static int cat_weapon_values_from_name(lua_State *L)
{
  int pr, pu, fa;
  if (cops_weapon_values_from_name(checktext(L, 1), &pr, &pu, &fa))
    return luaL_argerror(L, 1, "no PR/PU/FA code in the name");
  lua_pushinteger(L, pr);
  lua_pushinteger(L, pu);
  lua_pushinteger(L, fa);
  return 3;
}

static int cat_initiative_range(lua_State *L)
{
  int lo, hi;
  if (cops_initiative_range(checkint(L, 1), &lo, &hi))
    return luaL_argerror(L, 1, "Réflexes is 1..5");
  lua_pushinteger(L, lo);
  lua_pushinteger(L, hi);
  return 2;
}

static int cat_languages(lua_State *L)
{
  lua_createtable(L, cops_lang_count(), 0);
  for (int i = 0; i < cops_lang_count(); i++) {
    lua_pushstring(L, cops_lang_code(i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int cat_language(lua_State *L)
{
  lua_pushinteger(L, lang_arg(L, 1, NULL));
  return 1;
}

void open_catalogue(lua_State *L)
{
  static const luaL_Reg catalogue[] = {
    {"characteristics", cat_characteristics}, {"skills", cat_skills}, {"skill", cat_skill},
    {"locations", cat_locations}, {"location", cat_location}, {"zone_of_die", cat_zone_of_die},
    {"zone_name", cat_zone_name}, {"attitude_name", cat_attitude_name},
    {"condition_name", cat_condition_name}, {"stopping_name", cat_stopping_name},
    {"health_name", cat_health_name}, {"purpose_names", cat_purpose_names},
    {"event_type_names", cat_event_type_names}, {"action_names", cat_action_names},
    {"mode_names", cat_mode_names}, {"weapon_kinds", cat_weapon_kinds},
    {"weapon_kind", cat_weapon_kind}, {"weapon_fields", cat_weapon_fields},
    {"weapon_values_from_name", cat_weapon_values_from_name},
    {"initiative_range", cat_initiative_range}, {"languages", cat_languages},
    {"language", cat_language}, {"ruleset_names", cat_ruleset_names},
    {"body_side", cat_body_side}, {"body_side_name", cat_body_side_name},
    {"mishap_names", cat_mishap_names}, {NULL, NULL},
  };
  luaL_newlib(L, catalogue);
  lua_setfield(L, -2, "catalogue");
}
