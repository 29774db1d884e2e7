/* The Lua binding of the sheets (lib/sheet, <cops/character.h>, <cops/weapon.h>,
 * <cops/armour.h>, <cops/relations.h>, docs/lua.md): characters, weapons and armour read,
 * built, changed and written; a character's points, skills, health and rolls; a cop's
 * relations (C9) and their names in cops.catalogue. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cops-lua.h"

entity_ud *new_entity(lua_State *L, ctx_ud *c, const char *mt, void *p)
{
  return new_entity_at(L, 1, c, mt, p);
}

entity_ud *new_entity_at(lua_State *L, int ctx_at, ctx_ud *c, const char *mt, void *p)
{
  ctx_at = lua_absindex(L, ctx_at);
  entity_ud *e = lua_newuserdatauv(L, sizeof *e, 1);
  e->p = p;
  e->owner = c;
  e->users = 0;
  e->mt = mt;
  e->closed = 0;
  lua_pushvalue(L, ctx_at);       /* keep the context alive */
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

static int character_roll(cops_roll *r, void *ch, const char *text, unsigned flags)
{
  return cops_character_roll(r, ch, text, flags);
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
void entity_free(entity_ud *e)
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
  static const char *const names[] = {"healthy", "below_half", "unconscious", "dying", "dead",
                                      "dead_final"};
  entity_ud *e = to_entity(L, 1, CHARACTER);
  lua_pushstring(L, names[cops_character_health(e->p)]);
  return 1;
}

/* c:health_state() -> "healthy", "wounded" ... "dead" (cops_character_health_state) */
static int character_health_state(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  lua_pushstring(L, cops_health_state_key(cops_character_health_state(e->p)));
  return 1;
}

void push_conditions(lua_State *L, unsigned bits)
{
  static const char *const names[] = {"out", "shaken", "no_negative_initiative", "held",
                                      "on_ground", "pinned", "lasting_wound", "stopped",
                                      "knocked_out"};
  lua_createtable(L, 4, 0);
  int n = 0;
  for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
    if (bits & (1u << i)) {
      lua_pushstring(L, names[i]);
      lua_rawseti(L, -2, ++n);
    }
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

/* ch:dossier([json]) and ch:extra([json]) -> json: the sheet's dossier and extra object as
 * JSON text (docs/sheets.md); with an argument, set first (a JSON text, or nil for none). */
static int ch_object(lua_State *L, int (*get)(const cops_character *, char **),
                     int (*set)(cops_character *, const char *))
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  if (lua_gettop(L) >= 2)
    check(L, e->owner, set(e->p, lua_isnil(L, 2) ? NULL : checktext(L, 2)));
  char *text = NULL;
  check(L, e->owner, get(e->p, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int ch_dossier(lua_State *L)
{
  return ch_object(L, cops_character_dossier, cops_character_set_dossier);
}

static int ch_extra(lua_State *L)
{
  return ch_object(L, cops_character_extra, cops_character_set_extra);
}

/* ctx:character_roll20(json) -> character, report (JSON text): a Roll20 COPS character
 * (cops_character_from_roll20, docs/sheets.md). */
static int ctx_character_roll20(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_character *ch = NULL;
  char *report = NULL;
  check(L, c, cops_character_from_roll20(&ch, c->ctx, checktext(L, 2), &report));
  new_entity(L, c, CHARACTER, ch);
  lua_pushstring(L, report);
  cops_free(report);
  return 2;
}

static int ch_gear(lua_State *L)
{
  return ch_object(L, cops_character_gear, cops_character_set_gear);
}

/* A weapon or armour of the character at 1, retained: a handle of its own, on the stack. */
static void push_retained(lua_State *L, entity_ud *e, const char *mt, void *p)
{
  lua_getiuservalue(L, 1, 1);     /* its context, which the handle keeps */
  if (!strcmp(mt, WEAPON))
    cops_weapon_retain(p);
  else
    cops_armour_retain(p);
  new_entity_at(L, -1, e->owner, mt, p);
  lua_replace(L, -2);
}

/* ch:weapons() -> {weapon, ...}: the sheet's weapons, the character's own. */
static int ch_weapons(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int n = cops_character_weapon_count(e->p);
  lua_createtable(L, n, 0);
  for (int k = 0; k < n; k++) {
    push_retained(L, e, WEAPON, cops_character_weapon(e->p, k));
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* ch:hand() -> the index of the weapon in hand (0-based, as the C API), nil without weapons. */
static int ch_hand(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int k = cops_character_hand(e->p);
  if (k < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, k);
  return 1;
}

/* ch:armour() -> armour or nil: the armour the sheet wears. */
static int ch_armour(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const cops_armour *a = cops_character_armour(e->p);
  if (!a)
    return lua_pushnil(L), 1;
  push_retained(L, e, ARMOUR, (void *)a);
  return 1;
}

/* w:magazines([n]) -> n or nil: the spare magazines carried (nil: not counted); with an
 * argument, set first (nil: not counted). */
static int w_magazines(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, WEAPON);
  if (lua_gettop(L) >= 2)
    check(L, e->owner, cops_weapon_set_magazines(e->p, lua_isnil(L, 2) ? -1 : checkint(L, 2)));
  const int n = cops_weapon_magazines(e->p);
  if (n < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, n);
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

static int ctx_new_character(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *name = checktext(L, 2);
  cops_character *ch;
  check(L, c, cops_character_new(&ch, c->ctx));
  const int rc = cops_character_set_name(ch, name);
  if (rc) {
    char msg[256];   /* the message kept before the character goes */
    snprintf(msg, sizeof msg, "%s", cops_ctx_errmsg(c->ctx));
    cops_character_free(ch);
    return raise_message(L, rc, msg);
  }
  new_entity(L, c, CHARACTER, ch);
  return 1;
}

static int ctx_new_weapon(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const int kind = name_or_int(L, 2, cops_weapon_kind_parse, "weapon kind");
  cops_weapon *w;
  check(L, c, cops_weapon_new(&w, c->ctx, kind, checktext(L, 3)));
  new_entity(L, c, WEAPON, w);
  return 1;
}

static int ctx_new_armour(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_armour *a;
  check(L, c, cops_armour_new(&a, c->ctx, checktext(L, 2)));
  new_entity(L, c, ARMOUR, a);
  return 1;
}

static int points_kind(lua_State *L, int i)
{
  static const char *const kinds[] = {"adrenaline", "anciennete", NULL};
  return luaL_checkoption(L, i, NULL, kinds);
}

static int ch_points(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  int cur, max;
  check(L, e->owner, cops_character_points(e->p, points_kind(L, 2), &cur, &max));
  lua_pushinteger(L, cur);
  lua_pushinteger(L, max);
  return 2;
}

static int ch_set_points(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_set_points(e->p, checkint(L, 2), checkint(L, 3)));
  return 0;
}

static int ch_set_current_points(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_set_current_points(e->p, points_kind(L, 2), checkint(L, 3)));
  return 0;
}

static int ch_recover_point(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_recover(e->p, points_kind(L, 2)));
  return 0;
}

static int ch_spend_permanently(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_spend_permanently(e->p, points_kind(L, 2)));
  return 0;
}

/* ch:roll_with_anciennete(notation [, adrenaline]) -> first, reroll or nil */
static int ch_roll_with_anciennete(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const char *notation = checktext(L, 2);
  const unsigned flags = lua_toboolean(L, 3) ? COPS_ADRENALINE_DIE : 0;
  lua_settop(L, 1);
  cops_roll *first = roll_begin(L, e->owner);
  check(L, e->owner, cops_character_roll(first, e->p, notation, flags));
  if (cops_roll_succeeded(first)) {
    roll_end(L);
    lua_pushnil(L);
    return 2;
  }
  cops_roll *again = roll_begin(L, e->owner);
  check(L, e->owner, cops_character_reroll(again, e->p, first));
  roll_end(L);
  lua_insert(L, 2);
  roll_end(L);
  lua_insert(L, 2);
  return 2;
}

static int ch_characteristic(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int c = name_or_int(L, 2, cops_characteristic_parse, "characteristic");
  if (!lua_isnoneornil(L, 3))
    check(L, e->owner, cops_character_set_characteristic(e->p, c, checkint(L, 3)));
  lua_pushinteger(L, check(L, e->owner, cops_character_characteristic(e->p, c)));
  return 1;
}

static int ch_skill(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int level = check(L, e->owner, cops_character_skill(e->p, name_or_int(L, 2, cops_skill_parse,
                                                                          "skill")));
  if (level)
    lua_pushinteger(L, level);
  else
    lua_pushnil(L);
  return 1;
}

/* ch:set_skill(name, level [, {specialisations}]) */
static int ch_set_skill(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int skill = name_or_int(L, 2, cops_skill_parse, "skill"), level = checkint(L, 3);
  const char *first = NULL;
  if (!lua_isnoneornil(L, 4)) {
    luaL_checktype(L, 4, LUA_TTABLE);
    lua_rawgeti(L, 4, 1);
    if (!lua_isnil(L, -1))
      first = checktext(L, -1);
    lua_pop(L, 1);
  }
  check(L, e->owner, cops_character_set_skill(e->p, skill, level, first));
  for (lua_Integer i = 2; first && !lua_isnoneornil(L, 4); i++) {
    lua_rawgeti(L, 4, i);
    if (lua_isnil(L, -1))
      break;
    check(L, e->owner, cops_character_add_specialisation(e->p, skill, checktext(L, -1)));
    lua_pop(L, 1);
  }
  return 0;
}

static int ch_remove_skill(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_remove_skill(e->p, name_or_int(L, 2, cops_skill_parse, "skill")));
  return 0;
}

static int ch_specialisations(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int skill = name_or_int(L, 2, cops_skill_parse, "skill");
  const int n = check(L, e->owner, cops_character_specialisation_count(e->p, skill));
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, cops_character_specialisation(e->p, skill, i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int ch_damage(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_damage(e->p, checkint(L, 2)));
  return 0;
}

static int ch_heal(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_heal(e->p, checkint(L, 2)));
  return 0;
}

static int ch_max_hp(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  if (!lua_isnoneornil(L, 2))
    check(L, e->owner, cops_character_set_max_hp(e->p, checkint(L, 2)));
  lua_pushinteger(L, check(L, e->owner, cops_character_max_hp(e->p)));
  lua_pushboolean(L, cops_character_max_hp_is_set(e->p) > 0);
  return 2;
}

static int ch_conditions(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  lua_pushinteger(L, check(L, e->owner, cops_character_conditions(e->p)));
  return 1;
}

static int ch_set_conditions(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int on = lua_isnoneornil(L, 3) ? 1 : lua_toboolean(L, 3);
  check(L, e->owner, cops_character_set_conditions(e->p, (unsigned)checkint(L, 2), on));
  return 0;
}

static int ch_recovery(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  if (!lua_isnoneornil(L, 2))
    check(L, e->owner, cops_character_set_recovery(e->p, checkint(L, 2)));
  int difficulty, rounds;
  check(L, e->owner, cops_character_recovery(e->p, &difficulty, &rounds));
  lua_pushinteger(L, difficulty);
  lua_pushinteger(L, rounds);
  return 2;
}

static int ch_set_name(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_set_name(e->p, checktext(L, 2)));
  return 0;
}

static int ch_health_name(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  return push_name(L, cops_health_name(cops_character_health(e->p), lang_arg(L, 2, "fr")));
}

static int ch_odds(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  cops_action a;
  double p;
  check(L, e->owner, cops_character_action_sized(&a, sizeof a, e->p, checktext(L, 2),
                                                 lua_toboolean(L, 3) ? COPS_ADRENALINE_DIE : 0));
  check(L, e->owner, cops_odds_success(e->owner->ctx, &a, &p));
  return push_p(L, p);
}

static int ch_save(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  check(L, e->owner, cops_character_save(e->p, checktext(L, 2)));
  return 0;
}

static int w_set(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, WEAPON);
  int field;
  if (cops_weapon_field_parse(checktext(L, 2), &field))
    return luaL_argerror(L, 2, lua_pushfstring(L, "unknown weapon field '%s'", lua_tostring(L, 2)));
  check(L, e->owner, cops_weapon_set(e->p, field, checkint(L, 3)));
  return 0;
}

static int w_kind(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, WEAPON);
  return push_name(L, cops_weapon_kind_name(check(L, e->owner, cops_weapon_kind(e->p)),
                                            COPS_LANG_EN));
}

static int w_skill(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, WEAPON);
  if (!lua_isnoneornil(L, 2))
    check(L, e->owner, cops_weapon_set_skill(e->p, name_or_int(L, 2, cops_skill_parse, "skill"),
                                             lua_isnoneornil(L, 3) ? NULL : checktext(L, 3)));
  lua_pushstring(L, cops_skill_name(check(L, e->owner, cops_weapon_skill(e->p)), COPS_LANG_FR));
  lua_pushstring(L, cops_weapon_specialisation(e->p));
  return 2;
}

static int a_protection(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, ARMOUR);
  const int loc = name_or_int(L, 2, cops_location_parse, "location");
  if (!lua_isnoneornil(L, 3))
    check(L, e->owner, cops_armour_set(e->p, loc, checkint(L, 3), checkint(L, 4)));
  int dice, fixed;
  check(L, e->owner, cops_armour_get(e->p, loc, &dice, &fixed));
  lua_pushinteger(L, dice);
  lua_pushinteger(L, fixed);
  return 2;
}

static int a_against_throws(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, ARMOUR);
  if (!lua_isnoneornil(L, 2))
    check(L, e->owner, cops_armour_set_against_throws(e->p, lua_toboolean(L, 2)));
  lua_pushboolean(L, check(L, e->owner, cops_armour_against_throws(e->p)) > 0);
  return 1;
}

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

static void open_relations(lua_State *L)
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

void open_sheet(lua_State *L)
{
  static const luaL_Reg character_methods[] = {
    {"name", character_name}, {"hp", character_hp}, {"health", character_health},
    {"roll", character_roll_l}, {"health_state", character_health_state}, {NULL, NULL},
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
  static const luaL_Reg ctx[] = {
    {"load_character", ctx_load_character}, {"character_json", ctx_character_from_json},
    {"character_roll20", ctx_character_roll20},
    {"load_weapon", ctx_load_weapon}, {"weapon_json", ctx_weapon_from_json},
    {"load_armour", ctx_load_armour}, {"armour_json", ctx_armour_from_json},
    /* Deprecated since 0.17.0, gone in 0.18.0: the 0.16 names of the three above. */
    {"character", ctx_character_from_json}, {"weapon", ctx_weapon_from_json},
    {"armour", ctx_armour_from_json},
    {"new_character", ctx_new_character}, {"new_weapon", ctx_new_weapon},
    {"new_armour", ctx_new_armour}, {NULL, NULL},
  };
  add_methods(L, CTX, ctx);
  static const luaL_Reg character[] = {
    {"points", ch_points}, {"set_points", ch_set_points},
    {"set_current_points", ch_set_current_points}, {"recover_point", ch_recover_point},
    {"spend_permanently", ch_spend_permanently}, {"roll_with_anciennete", ch_roll_with_anciennete},
    {"characteristic", ch_characteristic}, {"skill", ch_skill}, {"set_skill", ch_set_skill},
    {"remove_skill", ch_remove_skill}, {"specialisations", ch_specialisations},
    {"damage", ch_damage}, {"heal", ch_heal}, {"max_hp", ch_max_hp},
    {"conditions", ch_conditions}, {"set_conditions", ch_set_conditions},
    {"recovery", ch_recovery}, {"set_name", ch_set_name}, {"health_name", ch_health_name},
    {"odds", ch_odds}, {"save", ch_save}, {"dossier", ch_dossier}, {"extra", ch_extra},
    {"gear", ch_gear}, {"weapons", ch_weapons}, {"hand", ch_hand}, {"armour", ch_armour},
    {NULL, NULL},
  };
  add_methods(L, CHARACTER, character);
  static const luaL_Reg weapon[] = {
    {"set", w_set}, {"kind", w_kind}, {"skill", w_skill}, {"magazines", w_magazines},
    {NULL, NULL},
  };
  add_methods(L, WEAPON, weapon);
  static const luaL_Reg armour[] = {
    {"protection", a_protection}, {"against_throws", a_against_throws}, {NULL, NULL},
  };
  add_methods(L, ARMOUR, armour);
  open_relations(L);
}
