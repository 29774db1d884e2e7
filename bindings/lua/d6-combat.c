/* cops.d6's characters and combat (docs/lua.md, docs/d6.md; <cops/d6-character.h>,
 * <cops/d6-combat.h>): characters as userdata with methods, the catalogue, attacks, harm,
 * the end of a round and the events' fields. */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_D6

static const char *const levels[] = {"unhurt", "stunned", "wounded", "severely_wounded",
                                     "incapacitated", "mortally_wounded", "killed", NULL};
static const char *const modes[] = {"levels", "hit_points", NULL};
static const char *const coverages[] = {"body", "head", "parry", NULL};
static const char *const weapon_flags[] = {"burst", "stun", "energy", "long", NULL};
static const char *const limbs[] = {"arm", "leg", NULL};
static const char *const defences[] = {"natural", "active", "total", NULL};
static const char *const options[] = {"none", "single_shot", "burst", "several_shots",
                                      "random_fire", "aimed", "aimed_vital", "brutal", "precise",
                                      NULL};
static const char *const locations[] = {"anywhere", "arm", "leg", "weapon", "head", "heart",
                                        NULL};
static const char *const sizes[] = {"any", "under_50cm", "under_10cm", "under_1cm", NULL};
static const char *const bands[] = {"point_blank", "short", "medium", "long", NULL};
static const char *const victims[] = {"nobody", "target", "attacker", NULL};
static const char *const attack_flags[] = {"blinded", "target_blinded", "surprise", NULL};

static int word(lua_State *L, int i, const char *const *words, const char *what)
{
  const char *s = luaL_checkstring(L, i);
  for (int k = 0; words[k]; k++)
    if (!strcmp(words[k], s))
      return k;
  return luaL_error(L, "%s: unknown value '%s'", what, s);
}

static int trait_arg(lua_State *L, int i)
{
  int t;
  if (cops_d6_trait_parse(luaL_checkstring(L, i), &t))
    luaL_argerror(L, i, "a D6 trait (cops.d6.traits)");
  return t;
}

/* A field of table t naming one of words, or dflt when absent. */
static int field_word(lua_State *L, int t, const char *key, const char *const *words, int dflt)
{
  lua_getfield(L, t, key);
  const int v = lua_isnil(L, -1) ? dflt : word(L, lua_gettop(L), words, key);
  lua_pop(L, 1);
  return v;
}

/* A list of names of table t's field key as bits. */
static unsigned field_bits(lua_State *L, int t, const char *key, const char *const *words)
{
  lua_getfield(L, t, key);
  unsigned bits = 0;
  if (!lua_isnil(L, -1)) {
    luaL_checktype(L, -1, LUA_TTABLE);
    const int n = (int)luaL_len(L, -1);
    for (int k = 1; k <= n; k++) {
      lua_rawgeti(L, -1, k);
      bits |= 1u << word(L, lua_gettop(L), words, key);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return bits;
}

static void push_bits(lua_State *L, unsigned bits, const char *const *words)
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
  push_bits(L, w->flags, weapon_flags);
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

static void name_field(lua_State *L, int t, char *out, size_t cap)
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
  check(L, c, cops_d6_weapon_init_sized(w, sizeof *w, field_word(L, i, "category",
                                        (const char *const[]){"melee", "missile", "thrown",
                                                              "pistol", "rifle", "shotgun",
                                                              "assault", "semi_auto",
                                                              "automatic", "explosive", NULL},
                                        0)));
  name_field(L, i, w->name, sizeof w->name);
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
    w->flags = field_bits(L, i, "flags", weapon_flags);
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
  name_field(L, i, p->name, sizeof p->name);
  lua_getfield(L, i, "armour");
  if (!lua_isnil(L, -1))
    p->armour = d6_code_at(L, NULL, lua_gettop(L));
  lua_pop(L, 1);
  p->coverage = field_word(L, i, "coverage", coverages, 0);
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
  const int has = check(L, NULL, cops_d6_character_trait(to_char(L, 1, &e), trait_arg(L, 2), &k));
  d6_push_code(L, k);
  lua_pushboolean(L, has);
  return 2;
}

static int c_set_trait(lua_State *L)
{
  entity_ud *e;
  cops_d6_character *ch = to_char(L, 1, &e);
  const int t = trait_arg(L, 2);
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
  lua_pushstring(L, levels[w.level]);
  lua_setfield(L, -2, "level");
  const named_int nums[] = {
    {"step", w.step}, {"extra", w.extra}, {"hp_max", w.hp_max}, {"hp_lost", w.hp_lost},
    {"stunned_rounds", w.stunned_rounds}, {"defend_only", w.defend_only},
    {"unconscious", w.unconscious}, {"mortal_rounds", w.mortal_rounds}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  const named_int flags[] = {{"stunned", w.stunned}, {"stabilised", w.stabilised}};
  set_fields(L, flags, 2, 1);
  push_bits(L, w.limbs, limbs);
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
  w.mode = field_word(L, 2, "mode", modes, w.mode);
  struct { const char *key; int *at; } f[] = {
    {"step", &w.step}, {"extra", &w.extra}, {"hp_max", &w.hp_max}, {"hp_lost", &w.hp_lost},
    {"stunned_rounds", &w.stunned_rounds}, {"defend_only", &w.defend_only},
    {"unconscious", &w.unconscious}, {"mortal_rounds", &w.mortal_rounds}};
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
    w.limbs = field_bits(L, 2, "limbs", limbs);
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
  check(L, e->owner, cops_d6_character_set_mode(ch, word(L, 2, modes, "mode")));
  return 0;
}

static int c_penalty(lua_State *L)
{
  entity_ud *e;
  int d, p;
  check(L, NULL, cops_d6_character_penalty(to_char(L, 1, &e), trait_arg(L, 2), &d, &p));
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
  lua_pushstring(L, cops_d6_trait_name(cops_d6_trait_parent(trait_arg(L, 1))));
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
  lua_pushstring(L, levels[l]);
  return 1;
}

static const char *hazard_name(int i)
{
  return cops_d6_hazard_name(i);
}

/* cops.d6.hazard_code(name, amount[, rules]) -> a code (§5.19). */
static int d6_hazard_code(lua_State *L)
{
  const char *s = luaL_checkstring(L, 1);
  int h = -1;
  for (int k = 0; hazard_name(k); k++)
    if (!strcmp(hazard_name(k), s))
      h = k;
  if (h < 0)
    return luaL_argerror(L, 1, "a hazard (cops.d6.hazards)");
  cops_d6_rules rr;
  const cops_d6_rules *r = lua_isnoneornil(L, 3) ? NULL : d6_rules_at(L, NULL, 3, &rr);
  cops_d6_code k;
  if (cops_d6_hazard_code(h, optint(L, 2, 0), r, &k))
    return luaL_error(L, "%s: amount out of range", s);
  d6_push_code(L, k);
  return 1;
}

/* The outcome o as a table. */
static void push_outcome(lua_State *L, const cops_d6_outcome *o)
{
  lua_createtable(L, 0, 18);
  const named_int nums[] = {
    {"attack_total", o->attack_total}, {"defence_value", o->defence_value},
    {"level", o->level}, {"damage_total", o->damage_total},
    {"resistance_total", o->resistance_total}, {"margin", o->margin}, {"steps", o->steps},
    {"hp_lost", o->hp_lost}, {"unconscious", o->unconscious}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  const named_int flags[] = {{"hit", o->hit}, {"parried", o->parried}, {"massive", o->massive},
                             {"dropped", o->dropped}};
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  if (o->band >= 0) {
    lua_pushstring(L, bands[o->band]);
    lua_setfield(L, -2, "band");
  }
  lua_pushstring(L, victims[o->victim]);
  lua_setfield(L, -2, "victim");
  lua_pushstring(L, levels[o->wound_level]);
  lua_setfield(L, -2, "wound_level");
  if (o->check >= 0) {
    lua_pushboolean(L, o->check);
    lua_setfield(L, -2, "check");
  }
  lua_pushstring(L, locations[o->neutralised]);
  lua_setfield(L, -2, "neutralised");
}

static int weapon_index(lua_State *L, int t, const char *key, const cops_d6_character *ch)
{
  lua_getfield(L, t, key);
  int i = -1;
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char *name = lua_tostring(L, -1);
    for (int k = 0; k < cops_d6_character_weapon_count(ch) && i < 0; k++) {
      cops_d6_weapon w;
      w.size = sizeof w;
      cops_d6_character_weapon(ch, k, &w);
      if (!strcmp(w.name, name))
        i = k;
    }
    if (i < 0)
      luaL_error(L, "%s: %s carries no '%s'", key, cops_d6_character_name(ch), name);
  } else if (!lua_isnil(L, -1)) {
    i = checkint(L, -1);
  }
  lua_pop(L, 1);
  return i;
}

/* cops.d6.attack(ctx, {attacker =, target =, weapon =, distance =, defence =, ...}). */
static int d6_attack(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_d6_attack a;
  check(L, c, cops_d6_attack_init(&a));
  a.attacker = opt_field_entity(L, 2, "attacker", D6_CHARACTER);
  a.target = opt_field_entity(L, 2, "target", D6_CHARACTER);
  if (!a.attacker || !a.target)
    return luaL_error(L, "attack: attacker and target are required");
  a.weapon = weapon_index(L, 2, "weapon", a.attacker);
  a.parry_weapon = weapon_index(L, 2, "parry_weapon", a.target);
  a.defence = field_word(L, 2, "defence", defences, a.defence);
  lua_getfield(L, 2, "defence_skill");
  if (!lua_isnil(L, -1))
    a.defence_skill = trait_arg(L, lua_gettop(L));
  lua_pop(L, 1);
  a.defence_total = opt_field_int(L, 2, "defence_total", a.defence_total);
  a.option = field_word(L, 2, "option", options, a.option);
  a.location = field_word(L, 2, "location", locations, a.location);
  a.target_size = field_word(L, 2, "target_size", sizes, a.target_size);
  a.flags = field_bits(L, 2, "flags", attack_flags);
  struct { const char *key; int *at; } f[] = {
    {"distance", &a.distance}, {"defender_actions", &a.defender_actions}, {"cover", &a.cover},
    {"actions", &a.actions}, {"cp", &a.cp}, {"attacker_id", &a.attacker_id},
    {"target_id", &a.target_id}};
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
    *f[k].at = opt_field_int(L, 2, f[k].key, *f[k].at);
  lua_getfield(L, 2, "fp");
  a.fp = lua_toboolean(L, -1);
  lua_pop(L, 1);
  cops_d6_rules rr;
  lua_getfield(L, 2, "rules");
  a.rules = lua_isnil(L, -1) ? NULL : d6_rules_at(L, c, lua_gettop(L), &rr);
  lua_pop(L, 1);
  cops_log *log = opt_field_log(L, 2, "log");
  cops_d6_outcome o;
  o.size = sizeof o;
  check(L, c, cops_d6_attack_resolve(&o, c->ctx, &a, log));
  push_outcome(L, &o);
  return 1;
}

/* The options table at index i: id, rules, log. */
static void opts(lua_State *L, ctx_ud *c, int i, int dflt_id, int *id, cops_d6_rules *rr,
                 const cops_d6_rules **rules, cops_log **log)
{
  *id = dflt_id;
  *rules = NULL;
  *log = NULL;
  if (lua_isnoneornil(L, i))
    return;
  luaL_checktype(L, i, LUA_TTABLE);
  *id = opt_field_int(L, i, "id", dflt_id);
  lua_getfield(L, i, "rules");
  if (!lua_isnil(L, -1))
    *rules = d6_rules_at(L, c, lua_gettop(L), rr);
  lua_pop(L, 1);
  *log = opt_field_log(L, i, "log");
}

/* cops.d6.harm(ctx, ch, code[, {stun =, id =, rules =, log =}]). */
static int d6_harm(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_character *ch = to_entity(L, 2, D6_CHARACTER)->p;
  const cops_d6_code k = d6_code_at(L, c, 3);
  int id, stun = 0;
  cops_d6_rules rr;
  const cops_d6_rules *rules;
  cops_log *log;
  opts(L, c, 4, 1, &id, &rr, &rules, &log);
  if (!lua_isnoneornil(L, 4)) {
    lua_getfield(L, 4, "stun");
    stun = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  cops_d6_outcome o;
  o.size = sizeof o;
  check(L, c, cops_d6_harm(&o, c->ctx, ch, id, k, stun, rules, log));
  push_outcome(L, &o);
  return 1;
}

/* cops.d6.end_round(ctx, ch[, {id =, rules =, log =}]). */
static int d6_end_round(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_character *ch = to_entity(L, 2, D6_CHARACTER)->p;
  int id;
  cops_d6_rules rr;
  const cops_d6_rules *rules;
  cops_log *log;
  opts(L, c, 3, 0, &id, &rr, &rules, &log);
  check(L, c, cops_d6_character_end_round(ch, c->ctx, id, rules, log));
  return 0;
}

/* cops.d6.event(log, i) -> the D6 fields of event i. */
static int d6_event(lua_State *L)
{
  cops_log *log = log_arg(L, 1);
  if (!log)
    return luaL_argerror(L, 1, "a log");
  cops_d6_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  const int rc = cops_d6_log_event(log, checkint(L, 2), &e);
  if (rc)
    return raise_message(L, rc, rc == COPS_ERANGE ? "no event at this index" : "not a D6 event");
  lua_createtable(L, 0, 32);
  const named_int f[] = {
    {"option", e.option}, {"location", e.location}, {"distance", e.distance},
    {"defence", e.defence}, {"defence_skill", e.defence_skill}, {"cover", e.cover},
    {"flags", e.flags}, {"purpose", e.purpose}, {"dice_rolled", e.dice_rolled},
    {"difficulty", e.difficulty}, {"total", e.total}, {"free_face", e.free_face},
    {"success", e.success}, {"critical", e.critical}, {"attack_total", e.attack_total},
    {"defence_value", e.defence_value}, {"band", e.band}, {"hit", e.hit}, {"level", e.level},
    {"parried", e.parried}, {"damage_total", e.damage_total},
    {"resistance_total", e.resistance_total}, {"margin", e.margin}, {"steps", e.steps},
    {"hp_lost", e.hp_lost}, {"wound_level", e.wound_level}, {"unconscious", e.unconscious},
    {"massive", e.massive}, {"state", e.state}, {"value", e.value}, {"dropped", e.dropped},
    {"heal_kind", e.heal_kind}, {"level_before", e.level_before}, {"hp_gained", e.hp_gained},
    {"rolled", e.rolled}, {"vehicle_event", e.vehicle_event},
    {"vehicle_result", e.vehicle_result}, {"passenger_damage", e.passenger_damage},
    {"speed", e.speed}, {"top_speed", e.top_speed}, {"control", e.control},
    {"vehicle_penalty", e.vehicle_penalty}, {"ranks_lost", e.ranks_lost}, {"rank", e.rank},
    {"tie_die", e.tie_die}};
  set_fields(L, f, sizeof f / sizeof f[0], 0);
  d6_push_code(L, e.code);
  lua_setfield(L, -2, "code");
  return 1;
}

static void push_healing(lua_State *L, const cops_d6_healing *h)
{
  lua_createtable(L, 0, 8);
  const named_int nums[] = {{"total", h->total}, {"difficulty", h->difficulty},
                            {"hp_gained", h->hp_gained}};
  set_fields(L, nums, 3, 0);
  const named_int flags[] = {{"rolled", h->rolled}, {"success", h->success},
                             {"critical", h->critical}};
  set_fields(L, flags, 3, 1);
  lua_pushstring(L, levels[h->level_before]);
  lua_setfield(L, -2, "level_before");
  lua_pushstring(L, levels[h->level]);
  lua_setfield(L, -2, "level");
}

static int d6_recovery_wait(lua_State *L)
{
  const int m = cops_d6_recovery_wait(word(L, 1, levels, "level"));
  if (m < 0)
    return luaL_argerror(L, 1, "no recovery from that level");
  lua_pushinteger(L, m);
  return 1;
}

/* cops.d6.recover(ctx, ch[, {rest =, id =, rules =, log =}]). */
static int d6_recover(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_character *ch = to_entity(L, 2, D6_CHARACTER)->p;
  int id, rest = 0;
  cops_d6_rules rr;
  const cops_d6_rules *rules;
  cops_log *log;
  opts(L, c, 3, 0, &id, &rr, &rules, &log);
  if (!lua_isnoneornil(L, 3))
    rest = field_word(L, 3, "rest", (const char *const[]){"rested", "worked", "long_rest", NULL}, 0);
  cops_d6_healing h;
  h.size = sizeof h;
  check(L, c, cops_d6_recover(&h, c->ctx, ch, id, rest, rules, log));
  push_healing(L, &h);
  return 1;
}

/* cops.d6.treat(ctx, {healer =, patient =, kind =, healer_id =, patient_id =, rules =, log =}). */
static int d6_treat(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_d6_character *healer = opt_field_entity(L, 2, "healer", D6_CHARACTER);
  cops_d6_character *patient = opt_field_entity(L, 2, "patient", D6_CHARACTER);
  if (!healer || !patient)
    return luaL_error(L, "treat: healer and patient are required");
  const int kind = field_word(L, 2, "kind", (const char *const[]){"after_combat", "in_combat",
                                                                  NULL}, 0);
  cops_d6_rules rr;
  lua_getfield(L, 2, "rules");
  const cops_d6_rules *rules = lua_isnil(L, -1) ? NULL : d6_rules_at(L, c, lua_gettop(L), &rr);
  lua_pop(L, 1);
  cops_d6_healing h;
  h.size = sizeof h;
  check(L, c, cops_d6_treat(&h, c->ctx, healer, opt_field_int(L, 2, "healer_id", 0), patient,
                            opt_field_int(L, 2, "patient_id", 1), kind, rules,
                            opt_field_log(L, 2, "log")));
  push_healing(L, &h);
  return 1;
}

/* ---- vehicles: tables read into a cops_d6_vehicle and written back in place ------------- */

static const char *const speeds[] = {"stopped", "slow", "cruising", "full_speed", "flat_out", NULL};
static const char *const vresults[] = {"none", "very_light", "light", "heavy", "severe",
                                       "destroyed", NULL};
static const char *const controls[] = {"controlled", "out_of_control", "crashed", "wrecked", NULL};
static const char *const impacts[] = {"side_on", "head_on", "from_behind", "into_object", NULL};
static const char *const repair_flags[] = {"workshop", "tools", "unknown", "studied", NULL};

/* The vehicle table at index t into *v (its fields, the library's defaults for the others). */
static void vehicle_at(lua_State *L, ctx_ud *c, int t, cops_d6_vehicle *v)
{
  luaL_checktype(L, t, LUA_TTABLE);
  check(L, c, cops_d6_vehicle_init(v));
  name_field(L, t, v->name, sizeof v->name);
  v->scale = opt_field_int(L, t, "scale", v->scale);
  const char *codes[2] = {"resistance", "manoeuvrability"};
  cops_d6_code *at[2] = {&v->resistance, &v->manoeuvrability};
  for (int k = 0; k < 2; k++) {
    lua_getfield(L, t, codes[k]);
    if (!lua_isnil(L, -1))
      *at[k] = d6_code_at(L, c, lua_gettop(L));
    lua_pop(L, 1);
  }
  v->speed = field_word(L, t, "speed", speeds, v->speed);
  v->top_speed = field_word(L, t, "top_speed", speeds, v->top_speed);
  v->very_light = opt_field_int(L, t, "very_light", 0);
  v->control = field_word(L, t, "control", controls, v->control);
  lua_getfield(L, t, "damage");
  if (lua_istable(L, -1)) {
    const int n = (int)luaL_len(L, -1);
    if (n > COPS_D6_VEHICLE_DAMAGE_MAX)
      luaL_error(L, "damage: at most %d results", COPS_D6_VEHICLE_DAMAGE_MAX);
    for (int i = 0; i < n; i++) {
      lua_rawgeti(L, -1, i + 1);
      const int d = lua_gettop(L);
      luaL_checktype(L, d, LUA_TTABLE);
      v->damage[i].result = field_word(L, d, "result", vresults, 0);
      v->damage[i].dice = opt_field_int(L, d, "dice", 0);
      v->damage[i].ranks = opt_field_int(L, d, "ranks", 0);
      lua_pop(L, 1);
    }
    v->ndamage = n;
  }
  lua_pop(L, 1);
}

/* *v's fields written into the table at index t. */
static void vehicle_put(lua_State *L, int t, const cops_d6_vehicle *v)
{
  lua_pushstring(L, v->name);
  lua_setfield(L, t, "name");
  lua_pushinteger(L, v->scale);
  lua_setfield(L, t, "scale");
  d6_push_code(L, v->resistance);
  lua_setfield(L, t, "resistance");
  d6_push_code(L, v->manoeuvrability);
  lua_setfield(L, t, "manoeuvrability");
  lua_pushstring(L, speeds[v->speed]);
  lua_setfield(L, t, "speed");
  lua_pushstring(L, speeds[v->top_speed]);
  lua_setfield(L, t, "top_speed");
  lua_pushinteger(L, v->very_light);
  lua_setfield(L, t, "very_light");
  lua_pushstring(L, controls[v->control]);
  lua_setfield(L, t, "control");
  lua_createtable(L, v->ndamage, 0);
  for (int i = 0; i < v->ndamage; i++) {
    lua_createtable(L, 0, 3);
    lua_pushstring(L, vresults[v->damage[i].result]);
    lua_setfield(L, -2, "result");
    lua_pushinteger(L, v->damage[i].dice);
    lua_setfield(L, -2, "dice");
    lua_pushinteger(L, v->damage[i].ranks);
    lua_setfield(L, -2, "ranks");
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, t, "damage");
  lua_pushinteger(L, cops_d6_vehicle_penalty(v));
  lua_setfield(L, t, "penalty");
}

static void push_vehicle_outcome(lua_State *L, const cops_d6_vehicle_outcome *o)
{
  lua_createtable(L, 0, 9);
  const named_int nums[] = {
    {"attack_total", o->attack_total}, {"defence_value", o->defence_value},
    {"damage_total", o->damage_total}, {"resistance_total", o->resistance_total},
    {"margin", o->margin}, {"passenger_damage", o->passenger_damage},
    {"ranks_lost", o->ranks_lost}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  lua_pushboolean(L, o->hit);
  lua_setfield(L, -2, "hit");
  lua_pushstring(L, vresults[o->result]);
  lua_setfield(L, -2, "result");
}

/* The passengers list at field key of the options table t (may be absent): characters, and
 * their ids from field ids_key. */
static int passengers_at(lua_State *L, int t, const char *key, cops_d6_character **p, int *ids,
                         int *has_ids)
{
  int n = 0;
  *has_ids = 0;
  if (lua_isnoneornil(L, t))
    return 0;
  lua_getfield(L, t, key);
  if (lua_istable(L, -1)) {
    n = (int)luaL_len(L, -1);
    if (n > 16)
      luaL_error(L, "%s: at most 16", key);
    for (int i = 0; i < n; i++) {
      lua_rawgeti(L, -1, i + 1);
      p[i] = to_entity(L, lua_gettop(L), D6_CHARACTER)->p;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  lua_getfield(L, t, "ids");
  if (lua_istable(L, -1)) {
    *has_ids = 1;
    for (int i = 0; i < n; i++) {
      lua_rawgeti(L, -1, i + 1);
      ids[i] = checkint(L, -1);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  return n;
}

/* cops.d6.vehicle{name =, ...} -> the vehicle's table with every field. */
static int d6_vehicle(lua_State *L)
{
  cops_d6_vehicle v;
  vehicle_at(L, NULL, 1, &v);
  lua_newtable(L);
  vehicle_put(L, lua_gettop(L), &v);
  return 1;
}

/* cops.d6.vehicle_harm(ctx, v, code[, {id, passengers, ids, rules, log}]). */
static int d6_vehicle_harm(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_vehicle v;
  vehicle_at(L, c, 2, &v);
  const cops_d6_code k = d6_code_at(L, c, 3);
  int id, ids[16], has_ids;
  cops_d6_character *p[16];
  cops_d6_rules rr;
  const cops_d6_rules *rules;
  cops_log *log;
  opts(L, c, 4, 0, &id, &rr, &rules, &log);
  const int n = passengers_at(L, 4, "passengers", p, ids, &has_ids);
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  check(L, c, cops_d6_vehicle_harm(&o, c->ctx, &v, id, k, p, has_ids ? ids : NULL, n, rules, log));
  vehicle_put(L, 2, &v);
  push_vehicle_outcome(L, &o);
  return 1;
}

/* cops.d6.attack_vehicle(ctx, {attacker =, vehicle =, weapon =, distance =, actions =,
 * dodge_total =, attacker_id =, id =, passengers =, ids =, rules =, log =}). */
static int d6_attack_vehicle(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_d6_character *att = opt_field_entity(L, 2, "attacker", D6_CHARACTER);
  if (!att)
    return luaL_error(L, "attack_vehicle: attacker is required");
  lua_getfield(L, 2, "vehicle");
  const int vt = lua_gettop(L);
  cops_d6_vehicle v;
  vehicle_at(L, c, vt, &v);
  int ids[16], has_ids;
  cops_d6_character *p[16];
  const int n = passengers_at(L, 2, "passengers", p, ids, &has_ids);
  cops_d6_rules rr;
  lua_getfield(L, 2, "rules");
  const cops_d6_rules *rules = lua_isnil(L, -1) ? NULL : d6_rules_at(L, c, lua_gettop(L), &rr);
  lua_pop(L, 1);
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  check(L, c, cops_d6_attack_vehicle(&o, c->ctx, att, opt_field_int(L, 2, "attacker_id", 0),
                                     weapon_index(L, 2, "weapon", att),
                                     opt_field_int(L, 2, "distance", 0),
                                     opt_field_int(L, 2, "actions", 1), &v,
                                     opt_field_int(L, 2, "id", 1),
                                     opt_field_int(L, 2, "dodge_total", COPS_D6_ROLL_DEFENCE), p,
                                     has_ids ? ids : NULL, n, rules, opt_field_log(L, 2, "log")));
  vehicle_put(L, vt, &v);
  push_vehicle_outcome(L, &o);
  return 1;
}

/* cops.d6.collision_code({speeds}, impact) -> a code. */
static int d6_collision_code(lua_State *L)
{
  luaL_checktype(L, 1, LUA_TTABLE);
  const int n = (int)luaL_len(L, 1);
  if (n < 1 || n > 8)
    return luaL_argerror(L, 1, "1 to 8 speeds");
  int s[8];
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, 1, i + 1);
    s[i] = word(L, lua_gettop(L), speeds, "speed");
    lua_pop(L, 1);
  }
  cops_d6_code k;
  cops_d6_collision_code(s, n, lua_isnoneornil(L, 2) ? 0 : word(L, 2, impacts, "impact"), &k);
  d6_push_code(L, k);
  return 1;
}

/* cops.d6.collision(ctx, {vehicles}, impact[, {ids, passengers = {{...}, ...}, rules, log}]). */
static int d6_collision(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  const int n = (int)luaL_len(L, 2);
  if (n < 1 || n > 8)
    return luaL_argerror(L, 2, "1 to 8 vehicles");
  cops_d6_vehicle v[8];
  cops_d6_vehicle *vp[8];
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, 2, i + 1);
    vehicle_at(L, c, lua_gettop(L), &v[i]);
    lua_pop(L, 1);
    vp[i] = &v[i];
  }
  const int impact = lua_isnoneornil(L, 3) ? 0 : word(L, 3, impacts, "impact");
  int id, vids[8], has_vids = 0, counts[8] = {0}, total = 0;
  cops_d6_character *p[16];
  cops_d6_rules rr;
  const cops_d6_rules *rules;
  cops_log *log;
  opts(L, c, 4, 0, &id, &rr, &rules, &log);
  if (!lua_isnoneornil(L, 4)) {
    lua_getfield(L, 4, "ids");
    if (lua_istable(L, -1)) {
      has_vids = 1;
      for (int i = 0; i < n; i++) {
        lua_rawgeti(L, -1, i + 1);
        vids[i] = checkint(L, -1);
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
    lua_getfield(L, 4, "passengers");
    if (lua_istable(L, -1))
      for (int i = 0; i < n; i++) {
        lua_rawgeti(L, -1, i + 1);
        if (lua_istable(L, -1)) {
          counts[i] = (int)luaL_len(L, -1);
          for (int k = 0; k < counts[i]; k++) {
            if (total == 16)
              luaL_error(L, "passengers: at most 16 in all");
            lua_rawgeti(L, -1, k + 1);
            p[total++] = to_entity(L, lua_gettop(L), D6_CHARACTER)->p;
            lua_pop(L, 1);
          }
        }
        lua_pop(L, 1);
      }
    lua_pop(L, 1);
  }
  cops_d6_vehicle_outcome o[8];
  for (int i = 0; i < n; i++)
    o[i].size = sizeof o[i];
  check(L, c, cops_d6_collision(o, c->ctx, vp, has_vids ? vids : NULL, n, impact, p, NULL, counts,
                                rules, log));
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, 2, i + 1);
    vehicle_put(L, lua_gettop(L), &v[i]);
    lua_pop(L, 1);
    push_vehicle_outcome(L, &o[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int d6_vehicle_end_round(lua_State *L)
{
  cops_d6_vehicle v;
  vehicle_at(L, NULL, 1, &v);
  cops_d6_vehicle_end_round(&v);
  vehicle_put(L, 1, &v);
  return 0;
}

/* cops.d6.vehicle_crash(ctx, v[, {id, passengers, ids, rules, log}]). */
static int d6_vehicle_crash(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_vehicle v;
  vehicle_at(L, c, 2, &v);
  int id, ids[16], has_ids;
  cops_d6_character *p[16];
  cops_d6_rules rr;
  const cops_d6_rules *rules;
  cops_log *log;
  opts(L, c, 3, 0, &id, &rr, &rules, &log);
  const int n = passengers_at(L, 3, "passengers", p, ids, &has_ids);
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  check(L, c, cops_d6_vehicle_crash(&o, c->ctx, &v, id, p, has_ids ? ids : NULL, n, rules, log));
  vehicle_put(L, 2, &v);
  push_vehicle_outcome(L, &o);
  return 1;
}

/* cops.d6.repair(ctx, {mechanic =, skill =, vehicle =, index =, flags = {}, mechanic_id =,
 * id =, rules =, log =}) -> true on a success. */
static int d6_repair(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_d6_character *mech = opt_field_entity(L, 2, "mechanic", D6_CHARACTER);
  if (!mech)
    return luaL_error(L, "repair: mechanic is required");
  lua_getfield(L, 2, "skill");
  const cops_d6_code skill = d6_code_at(L, c, lua_gettop(L));
  lua_pop(L, 1);
  lua_getfield(L, 2, "vehicle");
  const int vt = lua_gettop(L);
  cops_d6_vehicle v;
  vehicle_at(L, c, vt, &v);
  cops_d6_rules rr;
  lua_getfield(L, 2, "rules");
  const cops_d6_rules *rules = lua_isnil(L, -1) ? NULL : d6_rules_at(L, c, lua_gettop(L), &rr);
  lua_pop(L, 1);
  int ok = 0;
  check(L, c, cops_d6_repair(&ok, c->ctx, mech, opt_field_int(L, 2, "mechanic_id", 0), skill, &v,
                             opt_field_int(L, 2, "id", 0), opt_field_int(L, 2, "index", 0),
                             field_bits(L, 2, "flags", repair_flags), rules,
                             opt_field_log(L, 2, "log")));
  vehicle_put(L, vt, &v);
  lua_pushboolean(L, ok);
  return 1;
}

/* cops.d6.initiative(ctx, {fighters}[, {ids, flags = {{...}, ...}, rules, log}]) -> the order
 * (positions in the list, first to act first), the totals by position. */
static int d6_initiative(lua_State *L)
{
  static const char *const iflags[] = {"surpriser", "long_in_melee", NULL};
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  const int n = (int)luaL_len(L, 2);
  if (n < 1 || n > 32)
    return luaL_argerror(L, 2, "1 to 32 fighters");
  cops_d6_character *f[32];
  int ids[32], has_ids = 0, order[32], totals[32], id;
  unsigned flags[32] = {0};
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, 2, i + 1);
    f[i] = to_entity(L, lua_gettop(L), D6_CHARACTER)->p;
    lua_pop(L, 1);
  }
  cops_d6_rules rr;
  const cops_d6_rules *rules;
  cops_log *log;
  opts(L, c, 3, 0, &id, &rr, &rules, &log);
  if (!lua_isnoneornil(L, 3)) {
    lua_getfield(L, 3, "ids");
    if (lua_istable(L, -1)) {
      has_ids = 1;
      for (int i = 0; i < n; i++) {
        lua_rawgeti(L, -1, i + 1);
        ids[i] = checkint(L, -1);
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
    lua_getfield(L, 3, "flags");
    if (lua_istable(L, -1)) {
      const int t = lua_gettop(L);
      for (int i = 0; i < n; i++) {
        lua_rawgeti(L, t, i + 1);
        if (lua_istable(L, -1)) {
          lua_newtable(L);
          lua_pushvalue(L, -2);
          lua_setfield(L, -2, "f");
          flags[i] = field_bits(L, lua_gettop(L), "f", iflags);
          lua_pop(L, 1);
        }
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
  }
  const int ranked = check(L, c, cops_d6_initiative(c->ctx, f, has_ids ? ids : NULL, flags, n,
                                                    rules, log, order, totals));
  lua_createtable(L, ranked, 0);
  for (int k = 0; k < ranked; k++) {
    lua_pushinteger(L, order[k] + 1);
    lua_rawseti(L, -2, k + 1);
  }
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, totals[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 2;
}

void open_d6_combat(lua_State *L)
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
    {"hp_level", d6_hp_level}, {"hazard_code", d6_hazard_code}, {"attack", d6_attack},
    {"harm", d6_harm}, {"end_round", d6_end_round}, {"event", d6_event},
    {"recovery_wait", d6_recovery_wait}, {"recover", d6_recover}, {"treat", d6_treat},
    {"vehicle", d6_vehicle}, {"vehicle_harm", d6_vehicle_harm},
    {"attack_vehicle", d6_attack_vehicle}, {"collision_code", d6_collision_code},
    {"collision", d6_collision}, {"vehicle_end_round", d6_vehicle_end_round},
    {"vehicle_crash", d6_vehicle_crash}, {"repair", d6_repair},
    {"initiative", d6_initiative}, {NULL, NULL},
  };
  luaL_setfuncs(L, functions, 0);
  push_names(L, cops_d6_trait_name);
  lua_setfield(L, -2, "traits");
  push_names(L, hazard_name);
  lua_setfield(L, -2, "hazards");
}

#endif
