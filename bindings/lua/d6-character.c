/* cops.d6's characters (docs/lua.md, docs/d6.md; <cops/d6-character.h>): userdata with their
 * methods, the catalogue of weapons and protections, sheets, hit points; the helpers the
 * other cops.d6 files share (d6-combat.c, d6-vehicle.c). */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_D6

const char *const d6_level_names[] = {"unhurt", "stunned", "wounded", "severely_wounded",
                                      "incapacitated", "mortally_wounded", "killed", NULL};
static const char *const modes[] = {"levels", "hit_points", NULL};
static const char *const coverages[] = {"body", "head", "parry", NULL};
static const char *const weapon_flags[] = {"burst", "stun", "energy", "long", NULL};
static const char *const limbs[] = {"arm", "leg", NULL};

int d6_word(lua_State *L, int i, const char *const *words, const char *what)
{
  const char *s = luaL_checkstring(L, i);
  for (int k = 0; words[k]; k++)
    if (!strcmp(words[k], s))
      return k;
  return luaL_error(L, "%s: unknown value '%s'", what, s);
}

int d6_trait_arg(lua_State *L, int i)
{
  int t;
  if (cops_d6_trait_parse(luaL_checkstring(L, i), &t))
    luaL_argerror(L, i, "a D6 trait (cops.d6.traits)");
  return t;
}

/* A field of table t naming one of words, or dflt when absent. */
int d6_field_word(lua_State *L, int t, const char *key, const char *const *words, int dflt)
{
  lua_getfield(L, t, key);
  const int v = lua_isnil(L, -1) ? dflt : d6_word(L, lua_gettop(L), words, key);
  lua_pop(L, 1);
  return v;
}

/* A list of names of table t's field key as bits. */
unsigned d6_field_bits(lua_State *L, int t, const char *key, const char *const *words)
{
  lua_getfield(L, t, key);
  unsigned bits = 0;
  if (!lua_isnil(L, -1)) {
    luaL_checktype(L, -1, LUA_TTABLE);
    const int n = (int)luaL_len(L, -1);
    for (int k = 1; k <= n; k++) {
      lua_rawgeti(L, -1, k);
      bits |= 1u << d6_word(L, lua_gettop(L), words, key);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return bits;
}

void d6_push_bits(lua_State *L, unsigned bits, const char *const *words)
{
  lua_newtable(L);
  int n = 0;
  for (int k = 0; words[k]; k++)
    if (bits & (1u << k)) {
      lua_pushstring(L, words[k]);
      lua_rawseti(L, -2, ++n);
    }
}

static cops_d6_character *to_char(lua_State *L, int i, entity_ud **e)
{
  *e = to_entity(L, i, D6_CHARACTER);
  if (!(*e)->p)
    luaL_error(L, "the character is closed");
  return (*e)->p;
}


/* ---- weapons and protections ---------------------------------------------------------- */

static void push_weapon(lua_State *L, const cops_d6_weapon *w)
{
  lua_createtable(L, 0, 9);
  lua_pushstring(L, w->name);
  lua_setfield(L, -2, "name");
  lua_pushstring(L, cops_d6_weapon_category_name(w->category));
  lua_setfield(L, -2, "category");
  d6_push_code(L, w->damage);
  lua_setfield(L, -2, "damage");
  const named_int flags[] = {{"adds_natural", w->adds_natural}, {"vig_range", w->vig_range}};
  set_fields(L, flags, 2, 1);
  const named_int nums[] = {{"ammo", w->ammo}, {"roll_dice", w->roll_dice}};
  set_fields(L, nums, 2, 0);
  lua_createtable(L, 3, 0);
  for (int b = 0; b < 3; b++) {
    lua_pushinteger(L, w->range[b]);
    lua_rawseti(L, -2, b + 1);
  }
  lua_setfield(L, -2, "range");
  d6_push_bits(L, w->flags, weapon_flags);
  lua_setfield(L, -2, "flags");
}

static void push_protection(lua_State *L, const cops_d6_protection *p)
{
  lua_createtable(L, 0, 7);
  lua_pushstring(L, p->name);
  lua_setfield(L, -2, "name");
  d6_push_code(L, p->armour);
  lua_setfield(L, -2, "armour");
  lua_pushstring(L, coverages[p->coverage]);
  lua_setfield(L, -2, "coverage");
  const named_int flags[] = {{"energy_only", p->energy_only},
                             {"penalty_perception", p->penalty_perception}};
  set_fields(L, flags, 2, 1);
  const named_int nums[] = {{"penalty_dice", p->penalty_dice},
                            {"penalty_points", p->penalty_points}};
  set_fields(L, nums, 2, 0);
}

void d6_name_field(lua_State *L, int t, char *out, size_t cap)
{
  lua_getfield(L, t, "name");
  const char *name = luaL_checkstring(L, -1);
  if (strlen(name) >= cap)
    luaL_error(L, "a name is at most %d bytes", (int)cap - 1);
  memcpy(out, name, strlen(name) + 1);
  lua_pop(L, 1);
}

/* A weapon: a catalogue name, or a table as push_weapon makes. */
static void weapon_at(lua_State *L, ctx_ud *c, int i, cops_d6_weapon *w)
{
  if (lua_type(L, i) == LUA_TSTRING) {
    w->size = sizeof *w;
    if (cops_d6_weapon_find(lua_tostring(L, i), w))
      luaL_error(L, "'%s' is not in the D6 catalogue", lua_tostring(L, i));
    return;
  }
  luaL_checktype(L, i, LUA_TTABLE);
  check(L, c, cops_d6_weapon_init_sized(w, sizeof *w, d6_field_word(L, i, "category",
                                        (const char *const[]){"melee", "missile", "thrown",
                                                              "pistol", "rifle", "shotgun",
                                                              "assault", "semi_auto",
                                                              "automatic", "explosive", NULL},
                                        0)));
  d6_name_field(L, i, w->name, sizeof w->name);
  lua_getfield(L, i, "damage");
  if (!lua_isnil(L, -1))
    w->damage = d6_code_at(L, NULL, lua_gettop(L));
  lua_pop(L, 1);
  lua_getfield(L, i, "adds_natural");
  w->adds_natural = lua_toboolean(L, -1);
  lua_getfield(L, i, "vig_range");
  w->vig_range = lua_toboolean(L, -1);
  lua_pop(L, 2);
  w->ammo = opt_field_int(L, i, "ammo", 0);
  w->roll_dice = opt_field_int(L, i, "roll_dice", 0);
  lua_getfield(L, i, "range");
  if (lua_istable(L, -1))
    for (int b = 0; b < 3; b++) {
      lua_rawgeti(L, -1, b + 1);
      w->range[b] = checkint(L, -1);
      lua_pop(L, 1);
    }
  lua_pop(L, 1);
  lua_getfield(L, i, "flags");
  const int has_flags = !lua_isnil(L, -1);
  lua_pop(L, 1);
  if (has_flags)
    w->flags = d6_field_bits(L, i, "flags", weapon_flags);
}

static void protection_at(lua_State *L, ctx_ud *c, int i, cops_d6_protection *p)
{
  if (lua_type(L, i) == LUA_TSTRING) {
    p->size = sizeof *p;
    if (cops_d6_protection_find(lua_tostring(L, i), p))
      luaL_error(L, "'%s' is not in the D6 catalogue", lua_tostring(L, i));
    return;
  }
  luaL_checktype(L, i, LUA_TTABLE);
  check(L, c, cops_d6_protection_init_sized(p, sizeof *p));
  d6_name_field(L, i, p->name, sizeof p->name);
  lua_getfield(L, i, "armour");
  if (!lua_isnil(L, -1))
    p->armour = d6_code_at(L, NULL, lua_gettop(L));
  lua_pop(L, 1);
  p->coverage = d6_field_word(L, i, "coverage", coverages, 0);
  lua_getfield(L, i, "energy_only");
  p->energy_only = lua_toboolean(L, -1);
  lua_getfield(L, i, "penalty_perception");
  p->penalty_perception = lua_toboolean(L, -1);
  lua_pop(L, 2);
  p->penalty_dice = opt_field_int(L, i, "penalty_dice", 0);
  p->penalty_points = opt_field_int(L, i, "penalty_points", 0);
}


/* ---- character methods --------------------------------------------------------------- */

static int c_name(lua_State *L)
{
  entity_ud *e;
  lua_pushstring(L, cops_d6_character_name(to_char(L, 1, &e)));
  return 1;
}

/* ch:trait(name) -> the code rolled, whether the sheet has it. */
static int c_trait(lua_State *L)
{
  entity_ud *e;
  cops_d6_code k;
  const int has = check(L, NULL, cops_d6_character_trait(to_char(L, 1, &e), d6_trait_arg(L, 2), &k));
  d6_push_code(L, k);
  lua_pushboolean(L, has);
  return 2;
}

static int c_set_trait(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  const int t = d6_trait_arg(L, 2);
  cops_d6_code k;
  if (!lua_isnoneornil(L, 3))
    k = d6_code_at(L, e->owner, 3);
  check(L, e->owner, cops_d6_character_set_trait(ch, t, lua_isnoneornil(L, 3) ? NULL : &k));
  return 0;
}

static int c_natural_damage(lua_State *L)
{
  entity_ud *e;
  cops_d6_code k;
  const int given = cops_d6_character_natural_damage(to_char(L, 1, &e), &k);
  d6_push_code(L, k);
  lua_pushboolean(L, given == 1);
  return 2;
}

static int c_set_natural_damage(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  cops_d6_code k;
  if (!lua_isnoneornil(L, 2))
    k = d6_code_at(L, e->owner, 2);
  check(L, e->owner, cops_d6_character_set_natural_damage(ch, lua_isnoneornil(L, 2) ? NULL : &k));
  return 0;
}

static int c_points(lua_State *L)
{
  entity_ud *e;
  int cp, fp;
  cops_d6_character_points(to_char(L, 1, &e), &cp, &fp);
  lua_pushinteger(L, cp);
  lua_pushinteger(L, fp);
  return 2;
}

static int c_set_points(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  check(L, e->owner, cops_d6_character_set_points(ch, checkint(L, 2), checkint(L, 3)));
  return 0;
}

static int c_scale(lua_State *L)
{
  entity_ud *e;
  lua_pushinteger(L, cops_d6_character_scale(to_char(L, 1, &e)));
  return 1;
}

static int c_set_scale(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  check(L, e->owner, cops_d6_character_set_scale(ch, checkint(L, 2)));
  return 0;
}

static int c_wounds(lua_State *L)
{
  entity_ud *e;
  cops_d6_wounds w;
  w.size = sizeof w;
  cops_d6_character_wounds(to_char(L, 1, &e), &w);
  lua_createtable(L, 0, 13);
  lua_pushstring(L, modes[w.mode]);
  lua_setfield(L, -2, "mode");
  lua_pushstring(L, d6_level_names[w.level]);
  lua_setfield(L, -2, "level");
  const named_int nums[] = {
    {"step", w.step}, {"extra", w.extra}, {"hp_max", w.hp_max}, {"hp_lost", w.hp_lost},
    {"stunned_rounds", w.stunned_rounds}, {"defend_only", w.defend_only},
    {"unconscious", w.unconscious}, {"mortal_rounds", w.mortal_rounds},
    {"confused", w.confused}, {"protection", w.protection},
    {"protection_rounds", w.protection_rounds}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  const named_int flags[] = {{"stunned", w.stunned}, {"stabilised", w.stabilised}};
  set_fields(L, flags, 2, 1);
  d6_push_bits(L, w.limbs, limbs);
  lua_setfield(L, -2, "limbs");
  lua_newtable(L);
  for (int k = 0; k < 4 && w.treated[k] >= 0; k++) {
    lua_pushinteger(L, w.treated[k]);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -2, "treated");
  return 1;
}

/* ch:set_wounds{...}: the fields given change, the others stay. */
static int c_set_wounds(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_d6_wounds w;
  w.size = sizeof w;
  cops_d6_character_wounds(ch, &w);
  w.mode = d6_field_word(L, 2, "mode", modes, w.mode);
  struct { const char *key; int *at; } f[] = {
    {"step", &w.step}, {"extra", &w.extra}, {"hp_max", &w.hp_max}, {"hp_lost", &w.hp_lost},
    {"stunned_rounds", &w.stunned_rounds}, {"defend_only", &w.defend_only},
    {"unconscious", &w.unconscious}, {"mortal_rounds", &w.mortal_rounds},
    {"confused", &w.confused}, {"protection", &w.protection},
    {"protection_rounds", &w.protection_rounds}};
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
    *f[k].at = opt_field_int(L, 2, f[k].key, *f[k].at);
  const char *bools[2] = {"stunned", "stabilised"};
  int *bat[2] = {&w.stunned, &w.stabilised};
  for (int k = 0; k < 2; k++) {
    lua_getfield(L, 2, bools[k]);
    if (!lua_isnil(L, -1))
      *bat[k] = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  lua_getfield(L, 2, "limbs");
  const int has_limbs = !lua_isnil(L, -1);
  lua_pop(L, 1);
  if (has_limbs)
    w.limbs = d6_field_bits(L, 2, "limbs", limbs);
  lua_getfield(L, 2, "treated");
  if (lua_istable(L, -1)) {
    if (luaL_len(L, -1) > 4)
      luaL_error(L, "treated: at most 4 healers");
    for (int k = 0; k < 4; k++) {
      lua_rawgeti(L, -1, k + 1);
      w.treated[k] = lua_isnil(L, -1) ? -1 : checkint(L, -1);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  check(L, e->owner, cops_d6_character_set_wounds(ch, &w));
  return 0;
}

static int c_set_mode(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  check(L, e->owner, cops_d6_character_set_mode(ch, d6_word(L, 2, modes, "mode")));
  return 0;
}

static int c_penalty(lua_State *L)
{
  entity_ud *e;
  int d, p;
  check(L, NULL, cops_d6_character_penalty(to_char(L, 1, &e), d6_trait_arg(L, 2), &d, &p));
  lua_pushinteger(L, d);
  lua_pushinteger(L, p);
  return 2;
}

static int c_can_act(lua_State *L)
{
  entity_ud *e;
  lua_pushboolean(L, cops_d6_character_can_act(to_char(L, 1, &e)) == 1);
  return 1;
}

static int c_weapons(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  const int n = cops_d6_character_weapon_count(ch);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    cops_d6_weapon w;
    w.size = sizeof w;
    cops_d6_character_weapon(ch, i, &w);
    push_weapon(L, &w);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int c_add_weapon(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  cops_d6_weapon w;
  weapon_at(L, e->owner, 2, &w);
  int index;
  check(L, e->owner, cops_d6_character_add_weapon(ch, &w, &index));
  lua_pushinteger(L, index);
  return 1;
}

static int c_remove_weapon(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  if (cops_d6_character_remove_weapon(ch, checkint(L, 2)))
    return luaL_error(L, "no weapon at index %d", (int)lua_tointeger(L, 2));
  return 0;
}

static int c_protections(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  const int n = cops_d6_character_protection_count(ch);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    cops_d6_protection p;
    p.size = sizeof p;
    cops_d6_character_protection(ch, i, &p);
    push_protection(L, &p);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int c_add_protection(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  cops_d6_protection p;
  protection_at(L, e->owner, 2, &p);
  int index;
  check(L, e->owner, cops_d6_character_add_protection(ch, &p, &index));
  lua_pushinteger(L, index);
  return 1;
}

static int c_remove_protection(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  if (cops_d6_character_remove_protection(ch, checkint(L, 2)))
    return luaL_error(L, "no protection at index %d", (int)lua_tointeger(L, 2));
  return 0;
}

static int c_to_json(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  char *text = NULL;
  check(L, e->owner, cops_d6_character_to_json(ch, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int c_save(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  check(L, e->owner, cops_d6_character_save(ch, checktext(L, 2)));
  return 0;
}

static int c_copy(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e), *copy = NULL;
  check(L, e->owner, cops_d6_character_copy(&copy, ch));
  lua_getiuservalue(L, 1, 1);     /* the context, kept alive by the copy */
  lua_replace(L, 1);
  new_entity(L, e->owner, D6_CHARACTER, copy);
  return 1;
}


/* ---- module functions ------------------------------------------------------------------ */

/* cops.d6.character(ctx, name), load_character(ctx, path), character_json(ctx, text). */
static int d6_character(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *name = checktext(L, 2);
  cops_d6_character *ch = NULL;
  check(L, c, cops_d6_character_new(&ch, c->ctx));
  const int rc = cops_d6_character_set_name(ch, name);
  if (rc) {
    cops_d6_character_free(ch);
    check(L, c, rc);
  }
  new_entity(L, c, D6_CHARACTER, ch);
  return 1;
}

static int made(lua_State *L, int (*fn)(cops_d6_character **, cops_ctx *, const char *))
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_character *ch = NULL;
  check(L, c, fn(&ch, c->ctx, checktext(L, 2)));
  new_entity(L, c, D6_CHARACTER, ch);
  return 1;
}

static int d6_load_character(lua_State *L)
{
  return made(L, cops_d6_character_load);
}

static int d6_character_json(lua_State *L)
{
  return made(L, cops_d6_character_from_json);
}

static int d6_weapons(lua_State *L)
{
  const int n = cops_d6_weapon_count();
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    cops_d6_weapon w;
    w.size = sizeof w;
    cops_d6_weapon_at(i, &w);
    push_weapon(L, &w);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int d6_weapon(lua_State *L)
{
  cops_d6_weapon w;
  weapon_at(L, NULL, 1, &w);
  push_weapon(L, &w);
  return 1;
}

static int d6_protections(lua_State *L)
{
  const int n = cops_d6_protection_count();
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    cops_d6_protection p;
    p.size = sizeof p;
    cops_d6_protection_at(i, &p);
    push_protection(L, &p);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int d6_protection(lua_State *L)
{
  cops_d6_protection p;
  protection_at(L, NULL, 1, &p);
  push_protection(L, &p);
  return 1;
}

static int d6_trait_parent(lua_State *L)
{
  lua_pushstring(L, cops_d6_trait_name(cops_d6_trait_parent(d6_trait_arg(L, 1))));
  return 1;
}

static int d6_hit_points(lua_State *L)
{
  const int hp = cops_d6_hit_points(d6_code_at(L, NULL, 1));
  if (hp < 0)
    return luaL_argerror(L, 1, "not a code");
  lua_pushinteger(L, hp);
  return 1;
}

static int d6_hp_level(lua_State *L)
{
  const int l = cops_d6_hp_level(checkint(L, 1), checkint(L, 2));
  if (l < 0)
    return luaL_error(L, "lost 0 or more, max 1 or more");
  lua_pushstring(L, d6_level_names[l]);
  return 1;
}


void open_d6_character(lua_State *L)
{
  static const luaL_Reg methods[] = {
    {"name", c_name}, {"trait", c_trait}, {"set_trait", c_set_trait},
    {"natural_damage", c_natural_damage}, {"set_natural_damage", c_set_natural_damage},
    {"points", c_points}, {"set_points", c_set_points}, {"scale", c_scale},
    {"set_scale", c_set_scale}, {"wounds", c_wounds}, {"set_wounds", c_set_wounds},
    {"set_mode", c_set_mode}, {"penalty", c_penalty}, {"can_act", c_can_act},
    {"weapons", c_weapons}, {"add_weapon", c_add_weapon}, {"remove_weapon", c_remove_weapon},
    {"protections", c_protections}, {"add_protection", c_add_protection},
    {"remove_protection", c_remove_protection}, {"to_json", c_to_json}, {"save", c_save}, {"copy", c_copy},
    {NULL, NULL},
  };
  metatable(L, D6_CHARACTER, methods);
  closers(L, entity_close, D6_CHARACTER);
  lua_pop(L, 1);
  static const luaL_Reg functions[] = {
    {"character", d6_character}, {"load_character", d6_load_character},
    {"character_json", d6_character_json}, {"weapons", d6_weapons}, {"weapon", d6_weapon},
    {"protections", d6_protections}, {"protection", d6_protection},
    {"trait_parent", d6_trait_parent}, {"hit_points", d6_hit_points},
    {"hp_level", d6_hp_level}, {NULL, NULL},
  };
  luaL_setfuncs(L, functions, 0);
  push_names(L, cops_d6_trait_name);
  lua_setfield(L, -2, "traits");
}

#endif
