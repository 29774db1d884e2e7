/* cops.st: the optional Storyteller module (docs/storyteller.md) in Lua. A pool
 * is its notation ("4+3-2 9-again") or a table {dice=, mod=, threshold=, again=,
 * mode=, chance=}; a roll is the table of cops.context:roll with the pool's
 * fields. */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_ST

static const char *const modes[] = {"dice", "all-8s", "average", NULL};

/* The pool at index i: a notation, or a table whose absent fields take the defaults. */
static void check_pool(lua_State *L, ctx_ud *c, int i, cops_st_pool *p)
{
  if (lua_type(L, i) == LUA_TSTRING) {
    check(L, c, cops_st_pool_parse(p, c->ctx, lua_tostring(L, i)));
    return;
  }
  luaL_checktype(L, i, LUA_TTABLE);
  lua_getfield(L, i, "dice");
  if (!lua_isinteger(L, -1))
    luaL_error(L, "a pool's dice must be an integer");
  const lua_Integer dice = lua_tointeger(L, -1);
  lua_pop(L, 1);
  check(L, c, cops_st_pool_init_sized(p, sizeof *p, dice < -1 ? -1 : dice > 99 ? 99 : (int)dice));
  p->mod = opt_field_int(L, i, "mod", 0);
  p->threshold = opt_field_int(L, i, "threshold", 8);
  p->again = opt_field_int(L, i, "again", 10);
  lua_getfield(L, i, "mode");
  if (!lua_isnil(L, -1))
    p->mode = luaL_checkoption(L, -1, NULL, modes);
  lua_pop(L, 1);
  lua_getfield(L, i, "chance");
  if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
    luaL_error(L, "a pool's chance must be a boolean");
  if (lua_isboolean(L, -1) && !lua_toboolean(L, -1))
    p->flags |= COPS_ST_NO_CHANCE;
  lua_pop(L, 1);
}

static void push_pool(lua_State *L, const cops_st_pool *p)
{
  char text[160];
  lua_createtable(L, 0, 7);
  cops_st_pool_format(p, text, sizeof text);
  lua_pushstring(L, text);
  lua_setfield(L, -2, "text");
  lua_pushinteger(L, p->dice);
  lua_setfield(L, -2, "dice");
  lua_pushinteger(L, p->mod);
  lua_setfield(L, -2, "mod");
  lua_pushinteger(L, p->threshold);
  lua_setfield(L, -2, "threshold");
  lua_pushinteger(L, p->again);
  lua_setfield(L, -2, "again");
  lua_pushstring(L, modes[p->mode]);
  lua_setfield(L, -2, "mode");
  lua_pushboolean(L, !(p->flags & COPS_ST_NO_CHANCE));
  lua_setfield(L, -2, "chance");
}

void push_st_roll(lua_State *L, const cops_roll *r)
{
  cops_st_pool p;
  int pool = 0;
  cops_st_roll_pool_of_sized(r, &p, sizeof p);
  cops_st_roll_pool_size(r, &pool);
  lua_pushinteger(L, cops_st_roll_successes(r));
  lua_setfield(L, -2, "successes");
  lua_pushboolean(L, cops_st_roll_successes(r) > 0);
  lua_setfield(L, -2, "success");
  lua_pushinteger(L, pool);
  lua_setfield(L, -2, "pool");
  lua_pushboolean(L, cops_st_roll_chance(r) == 1);
  lua_setfield(L, -2, "chance");
  lua_pushboolean(L, cops_st_roll_dramatic(r) == 1);
  lua_setfield(L, -2, "dramatic");
  lua_pushboolean(L, cops_st_roll_capped(r) == 1);
  lua_setfield(L, -2, "capped");
  push_pool(L, &p);
  lua_setfield(L, -2, "st");
}

/* cops.st.pool(ctx, pool): the pool read and checked, as a table with its text. */
static int st_pool(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_pool p;
  check_pool(L, c, 2, &p);
  double unused;   /* the query checks every field, as a roll does */
  check(L, c, cops_st_odds_dramatic(c->ctx, &p, &unused));
  push_pool(L, &p);
  return 1;
}

/* cops.st.roll(ctx, pool): a roll's table (dice, successes, chance, dramatic ...). */
static int st_roll(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_pool p;
  const int text = lua_type(L, 2) == LUA_TSTRING;
  if (!text)
    check_pool(L, c, 2, &p);
  cops_roll *r = roll_begin(L, c);
  check(L, c, text ? cops_st_roll_text(r, c->ctx, lua_tostring(L, 2)) : cops_st_roll(r, c->ctx, &p));
  roll_end(L);
  return 1;
}

/* cops.st.odds(ctx, pool): {expected, dramatic, pmf = {[0] = ...}, at_least = {...}}, the
 * k-th success count at index k + 1, up to the last k above 1e-12. */
static int st_odds(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_pool p;
  double mean, dramatic;
  check_pool(L, c, 2, &p);
  check(L, c, cops_st_odds_expected(c->ctx, &p, &mean));
  check(L, c, cops_st_odds_dramatic(c->ctx, &p, &dramatic));
  lua_createtable(L, 0, 4);
  lua_pushnumber(L, mean);
  lua_setfield(L, -2, "expected");
  lua_pushnumber(L, dramatic);
  lua_setfield(L, -2, "dramatic");
  lua_newtable(L);
  lua_newtable(L);
  for (int k = 0; k <= COPS_ODDS_K_MAX; k++) {
    double e, a;
    check(L, c, cops_st_odds_at_least(c->ctx, &p, k, &a));
    if (k > 0 && a < 1e-12)
      break;
    check(L, c, cops_st_odds_pmf(c->ctx, &p, k, &e));
    lua_pushnumber(L, e);
    lua_rawseti(L, -3, k + 1);
    lua_pushnumber(L, a);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -3, "at_least");
  lua_setfield(L, -2, "pmf");
  return 1;
}

/* cops.st.opposed(ctx, a, b): P(a wins), P(b wins), P(no winner) (ST §0.4, ST-A5). */
static int st_opposed(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_pool a, b;
  double aw, bw, tie;
  check_pool(L, c, 2, &a);
  check_pool(L, c, 3, &b);
  check(L, c, cops_st_odds_opposed(c->ctx, &a, &b, &aw, &bw, &tie));
  lua_pushnumber(L, aw);
  lua_pushnumber(L, bw);
  lua_pushnumber(L, tie);
  return 3;
}

/* cops.st.difference(ctx, a, b, d): P(a's successes - b's = d). */
static int st_difference(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_pool a, b;
  double p;
  check_pool(L, c, 2, &a);
  check_pool(L, c, 3, &b);
  check(L, c, cops_st_odds_difference(c->ctx, &a, &b, checkint(L, 4), &p));
  lua_pushnumber(L, p);
  return 1;
}

/* ---- rules and characters ------------------------------------------------------ */

static const char *const health_states[] = {"fit", "unconscious", "bleeding out", "dead"};
static const char *const backgrounds[] = {"military", "police", "criminal", "crisis-trained",
                                          "player", NULL};
static const char *const damage_types[] = {"bashing", "lethal", NULL};
static const char *const point_kinds[] = {"willpower", "vitae", NULL};
static const char *const derived[] = {"Defense", "Initiative", "Speed", "Health", "Willpower",
                                      NULL};

/* Rules at index i: nil (the defaults) or a table of the fields to change. */
const cops_st_rules *check_rules(lua_State *L, ctx_ud *c, int i, cops_st_rules *r)
{
  check(L, c, cops_st_rules_init_sized(r, sizeof *r));
  if (lua_isnoneornil(L, i))
    return r;
  luaL_checktype(L, i, LUA_TTABLE);
  r->threshold = opt_field_int(L, i, "threshold", r->threshold);
  r->again = opt_field_int(L, i, "again", r->again);
  r->human_size = opt_field_int(L, i, "human_size", r->human_size);
  r->speed_base = opt_field_int(L, i, "speed_base", r->speed_base);
  r->combatant_xp = opt_field_int(L, i, "combatant_xp", r->combatant_xp);
  r->combatant_skill = opt_field_int(L, i, "combatant_skill", r->combatant_skill);
  static const char *const flags[] = {"chance_die", "defense_athletics", "health_track",
                                      "wound_penalties", "outnumber_incremental", "stray_shots"};
  int *fields[] = {&r->chance_die, &r->defense_athletics, &r->health_track, &r->wound_penalties,
                   &r->outnumber_incremental, &r->stray_shots};
  for (int k = 0; k < 6; k++) {
    lua_getfield(L, i, flags[k]);
    if (!lua_isnil(L, -1)) {
      if (!lua_isboolean(L, -1))
        luaL_error(L, "rules.%s must be a boolean", flags[k]);
      *fields[k] = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
  }
  return r;
}

static int trait_arg(lua_State *L, int i)
{
  int t;
  if (cops_st_trait_parse(luaL_checkstring(L, i), &t))
    luaL_argerror(L, i, "a trait: Strength, Dexterity, Stamina, Wits, Resolve, Composure, "
                  "Brawl, Weaponry, Firearms, Athletics, Vigor or Size");
  return t;
}

static cops_st_character *to_char(lua_State *L, entity_ud **e)
{
  *e = to_entity(L, 1, ST_CHARACTER);
  return (*e)->p;
}

static int c_name(lua_State *L)
{
  entity_ud *e;
  lua_pushstring(L, cops_st_character_name(to_char(L, &e)));
  return 1;
}

static int c_trait(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  lua_pushinteger(L, check(L, e->owner, cops_st_character_trait(ch, trait_arg(L, 2))));
  return 1;
}

static int c_set_trait(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_trait(ch, trait_arg(L, 2), checkint(L, 3)));
  return 0;
}

static int c_derived(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  cops_st_rules r;
  const int which = luaL_checkoption(L, 2, NULL, derived);
  lua_pushinteger(L, check(L, e->owner, cops_st_character_derived(ch, check_rules(L, e->owner, 3,
                                                                                  &r), which)));
  return 1;
}

static int c_set_derived(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_derived(ch, luaL_checkoption(L, 2, NULL, derived),
                                                   lua_isnil(L, 3) ? -1 : checkint(L, 3)));
  return 0;
}

static int c_points(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  int cur, max;
  check(L, e->owner, cops_st_character_points(ch, luaL_checkoption(L, 2, NULL, point_kinds),
                                              &cur, &max));
  lua_pushinteger(L, cur);
  lua_pushinteger(L, max);
  return 2;
}

static int c_set_points(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_points(ch, luaL_checkoption(L, 2, NULL, point_kinds),
                                                  checkint(L, 3)));
  return 0;
}

/* ch:background() → a list of names; ch:set_background{"police", "player"}. */
static int c_background(lua_State *L)
{
  entity_ud *e;
  const unsigned flags = cops_st_character_background(to_char(L, &e));
  lua_newtable(L);
  for (int k = 0, n = 0; backgrounds[k]; k++)
    if (flags & (1u << k)) {
      lua_pushstring(L, backgrounds[k]);
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

static int c_set_background(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  luaL_checktype(L, 2, LUA_TTABLE);
  unsigned flags = 0;
  for (lua_Integer k = 1; lua_rawgeti(L, 2, k) != LUA_TNIL; k++) {
    flags |= 1u << luaL_checkoption(L, -1, NULL, backgrounds);
    lua_pop(L, 1);
  }
  check(L, e->owner, cops_st_character_set_background(ch, flags));
  return 0;
}

static int c_experience(lua_State *L)
{
  entity_ud *e;
  lua_pushinteger(L, cops_st_character_experience(to_char(L, &e)));
  return 1;
}

static int c_set_experience(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_experience(ch, checkint(L, 2)));
  return 0;
}

static int c_is_combatant(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  cops_st_rules r;
  lua_pushboolean(L, check(L, e->owner, cops_st_character_is_combatant(
                                          ch, check_rules(L, e->owner, 2, &r))));
  return 1;
}

static int c_set_combatant(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_combatant(ch, lua_isnil(L, 2) ? -1
                                                         : lua_toboolean(L, 2)));
  return 0;
}

static int c_damage(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  cops_st_rules r;
  const int boxes = checkint(L, 2), type = luaL_checkoption(L, 3, NULL, damage_types);
  check(L, e->owner, cops_st_character_damage(ch, check_rules(L, e->owner, 4, &r), boxes, type));
  return 0;
}

static int c_health(lua_State *L)
{
  entity_ud *e;
  int b, l;
  cops_st_character_health(to_char(L, &e), &b, &l);
  lua_pushinteger(L, b);
  lua_pushinteger(L, l);
  return 2;
}

static int c_set_health(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_health(ch, checkint(L, 2), checkint(L, 3)));
  return 0;
}

static int c_health_state(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  cops_st_rules r;
  lua_pushstring(L, health_states[check(L, e->owner, cops_st_character_health_state(
                                                       ch, check_rules(L, e->owner, 2, &r)))]);
  return 1;
}

static int c_wound_penalty(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  cops_st_rules r;
  lua_pushinteger(L, cops_st_character_wound_penalty(ch, check_rules(L, e->owner, 2, &r)));
  return 1;
}

static int c_to_json(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  char *text = NULL;
  check(L, e->owner, cops_st_character_to_json(ch, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int c_copy(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e), *copy = NULL;
  check(L, e->owner, cops_st_character_copy(&copy, ch));
  lua_getiuservalue(L, 1, 1);     /* the context, kept alive by the copy */
  lua_replace(L, 1);
  new_entity(L, e->owner, ST_CHARACTER, copy);
  return 1;
}

/* cops.st.character(ctx, name), cops.st.load_character(ctx, path), cops.st.character_json(ctx, text). */
static int st_character(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *name = checktext(L, 2);
  cops_st_character *ch = NULL;
  check(L, c, cops_st_character_new(&ch, c->ctx));
  const int rc = cops_st_character_set_name(ch, name);
  if (rc) {
    cops_st_character_free(ch);
    check(L, c, rc);
  }
  new_entity(L, c, ST_CHARACTER, ch);
  return 1;
}

static int st_made(lua_State *L, int (*fn)(cops_st_character **, cops_ctx *, const char *))
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_character *ch = NULL;
  check(L, c, fn(&ch, c->ctx, checktext(L, 2)));
  new_entity(L, c, ST_CHARACTER, ch);
  return 1;
}

static int st_load_character(lua_State *L)
{
  return st_made(L, cops_st_character_load);
}

static int st_character_json(lua_State *L)
{
  return st_made(L, cops_st_character_from_json);
}

/* ---- weapons, protection, attacks --------------------------------------------------- */

static const char *const weapon_kinds[] = {"unarmed", "melee", "firearm", "teeth", NULL};
static const char *const attack_kinds[] = {"exchange", "strike", "shot", "contact_shot",
                                           "coup_de_grace", NULL};
static const char *const called_names[] = {"body", "arm", "leg", "head", "heart", "hand", "eye",
                                           NULL};
static const char *const sides[] = {"nobody", "attacker", "defender"};
static const char *const flag_names[] = {"touch", "burst", "surprised", "defenseless", "prone",
                                         NULL};

/* A field of table t that names one of words, or dflt when absent. */
static int opt_field_option(lua_State *L, int t, const char *key, const char *const *words,
                            int dflt)
{
  lua_getfield(L, t, key);
  int v = dflt;
  if (!lua_isnil(L, -1)) {
    const char *s = lua_tostring(L, -1);
    v = -1;
    for (int k = 0; s && words[k]; k++)
      if (!strcmp(words[k], s))
        v = k;
    if (v < 0)
      luaL_error(L, "%s: unknown value '%s'", key, s ? s : "?");
  }
  lua_pop(L, 1);
  return v;
}

static void push_weapon(lua_State *L, const cops_st_weapon *w)
{
  lua_createtable(L, 0, 7);
  lua_pushstring(L, w->name);
  lua_setfield(L, -2, "name");
  lua_pushinteger(L, w->damage);
  lua_setfield(L, -2, "damage");
  lua_pushstring(L, damage_types[w->type]);
  lua_setfield(L, -2, "type");
  lua_pushstring(L, weapon_kinds[w->kind]);
  lua_setfield(L, -2, "kind");
  lua_pushboolean(L, w->automatic);
  lua_setfield(L, -2, "automatic");
  lua_pushinteger(L, w->min_strength);
  lua_setfield(L, -2, "min_strength");
  lua_createtable(L, 3, 0);
  for (int b = 0; b < 3; b++) {
    lua_pushinteger(L, w->range[b]);
    lua_rawseti(L, -2, b + 1);
  }
  lua_setfield(L, -2, "range");
  lua_pushinteger(L, w->ammo);
  lua_setfield(L, -2, "ammo");
}

static int c_weapons(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  const int n = cops_st_character_weapon_count(ch);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    cops_st_weapon w;
    check(L, e->owner, cops_st_character_weapon_sized(ch, i, &w, sizeof w));
    push_weapon(L, &w);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ch:add_weapon{name =, damage =, type =, kind =, automatic =, min_strength =, range = {}} → its
 * index (0-based, as the attack's weapon field takes it). */
static int c_add_weapon(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_st_weapon w;
  check(L, e->owner, cops_st_weapon_init_sized(&w, sizeof w,
                                                opt_field_option(L, 2, "kind", weapon_kinds, 1)));
  lua_getfield(L, 2, "name");
  const char *name = luaL_checkstring(L, -1);
  if (strlen(name) >= sizeof w.name)
    luaL_error(L, "a weapon's name is at most %d bytes", (int)sizeof w.name - 1);
  memcpy(w.name, name, strlen(name) + 1);
  lua_pop(L, 1);
  w.damage = opt_field_int(L, 2, "damage", w.damage);
  w.type = opt_field_option(L, 2, "type", damage_types, w.type);
  lua_getfield(L, 2, "automatic");
  w.automatic = lua_toboolean(L, -1);
  lua_pop(L, 1);
  w.min_strength = opt_field_int(L, 2, "min_strength", 0);
  w.ammo = opt_field_int(L, 2, "ammo", -1);
  lua_getfield(L, 2, "range");
  if (lua_istable(L, -1))
    for (int b = 0; b < 3; b++) {
      lua_rawgeti(L, -1, b + 1);
      w.range[b] = checkint(L, -1);
      lua_pop(L, 1);
    }
  lua_pop(L, 1);
  int index;
  check(L, e->owner, cops_st_character_add_weapon(ch, &w, &index));
  lua_pushinteger(L, index);
  return 1;
}

static int c_remove_weapon(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_remove_weapon(ch, checkint(L, 2)));
  return 0;
}

static int c_protection(lua_State *L)
{
  entity_ud *e;
  int v, a, o;
  cops_st_character_protection(to_char(L, &e), &v, &a, &o);
  lua_pushinteger(L, v);
  lua_pushinteger(L, a);
  lua_pushboolean(L, o);
  return 3;
}

static int c_set_protection(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_set_protection(ch, checkint(L, 2), checkint(L, 3),
                                                      lua_toboolean(L, 4)));
  return 0;
}

static int c_begin_round(lua_State *L)
{
  entity_ud *e;
  cops_st_character *ch = to_char(L, &e);
  check(L, e->owner, cops_st_character_begin_round(ch));
  return 0;
}

int weapon_field(lua_State *L, int t, const char *key, const cops_st_character *ch)
{
  lua_getfield(L, t, key);
  int i = -1;
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char *name = lua_tostring(L, -1);
    for (int k = 0; k < cops_st_character_weapon_count(ch) && i < 0; k++) {
      cops_st_weapon w;
      cops_st_character_weapon_sized(ch, k, &w, sizeof w);
      if (!strcmp(w.name, name))
        i = k;
    }
    if (i < 0)
      luaL_error(L, "%s: %s carries no '%s'", key, cops_st_character_name(ch), name);
  } else if (!lua_isnil(L, -1)) {
    i = checkint(L, -1);
  }
  lua_pop(L, 1);
  return i;
}

static cops_st_character *char_field(lua_State *L, int t, const char *key, int required)
{
  lua_getfield(L, t, key);
  cops_st_character *ch = NULL;
  if (!lua_isnil(L, -1) || required)
    ch = to_entity(L, lua_gettop(L), ST_CHARACTER)->p;
  lua_pop(L, 1);
  return ch;
}

/* Outcome o as a table on the stack. */
static void push_outcome(lua_State *L, const cops_st_outcome *o)
{
  lua_createtable(L, 0, 20);
  const named_int nums[] = {
    {"pool", o->pool}, {"successes", o->successes}, {"defender_pool", o->defender_pool},
    {"defender_successes", o->defender_successes}, {"margin", o->margin}, {"damage", o->damage},
    {"shield_damage", o->shield_damage}, {"ignored", o->ignored}, {"converted", o->converted},
    {"bashing", o->bashing}, {"lethal", o->lethal}, {"recoil", o->recoil},
  };
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  const named_int flags[] = {
    {"dramatic", o->dramatic}, {"full_effect", o->full_effect}, {"stray", o->stray},
    {"contact", o->contact},
  };
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  lua_pushstring(L, sides[o->winner]);
  lua_setfield(L, -2, "winner");
  lua_pushstring(L, sides[o->victim]);
  lua_setfield(L, -2, "victim");
  lua_pushstring(L, damage_types[o->type]);
  lua_setfield(L, -2, "type");
  lua_pushstring(L, health_states[o->state]);
  lua_setfield(L, -2, "state");
}

/* cops.st.attack(ctx, {attacker =, target =, kind =, weapon =, ..., flags = {...}, log =,
 * rules = {...}}) → the outcome as a table. */
static int st_attack(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_st_attack a;
  check(L, c, cops_st_attack_init_sized(&a, sizeof a,
                                        opt_field_option(L, 2, "kind", attack_kinds, 0)));
  a.attacker = char_field(L, 2, "attacker", 1);
  a.target = char_field(L, 2, "target", 1);
  a.shield = char_field(L, 2, "shield", 0);
  a.weapon = weapon_field(L, 2, "weapon", a.attacker);
  a.target_weapon = weapon_field(L, 2, "target_weapon", a.target);
  static const char *const ints[] = {"attacker_id", "target_id", "shield_id", "distance",
                                     "cover", "own_cover", "crowd", "opponents", "rank", "aim",
                                     "total_defense", "bonus"};
  int *fields[] = {&a.attacker_id, &a.target_id, &a.shield_id, &a.distance, &a.cover,
                   &a.own_cover, &a.crowd, &a.opponents, &a.rank, &a.aim, &a.total_defense,
                   &a.bonus};
  for (int k = 0; k < 12; k++)
    *fields[k] = opt_field_int(L, 2, ints[k], *fields[k]);
  a.called = opt_field_option(L, 2, "called", called_names, 0);
  lua_getfield(L, 2, "flags");
  if (lua_istable(L, -1)) {
    for (lua_Integer k = 1; lua_rawgeti(L, -1, k) != LUA_TNIL; k++) {
      a.flags |= 1u << luaL_checkoption(L, -1, NULL, flag_names);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);   /* the nil that ended the list */
  }
  lua_pop(L, 1);
  cops_st_rules r;
  lua_getfield(L, 2, "rules");
  const int rules_at = lua_gettop(L);
  a.rules = check_rules(L, c, rules_at, &r);
  lua_getfield(L, 2, "log");
  cops_log *log = log_arg(L, lua_gettop(L));
  cops_st_outcome o;
  memset(&o, 0, sizeof o);
  o.size = sizeof o;
  check(L, c, cops_st_attack_resolve(&o, c->ctx, &a, log));
  push_outcome(L, &o);
  return 1;
}

/* cops.st.event(log, i): the Storyteller fields of event i (0-based), as a table. */
static int st_event(lua_State *L)
{
  cops_log *log = log_arg(L, 1);
  if (!log)
    return luaL_argerror(L, 1, "a log");
  cops_st_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  const int rc = cops_st_log_event(log, checkint(L, 2), &e);
  if (rc)
    return raise_message(L, rc, rc == COPS_ERANGE ? "no event at this index" : "not a Storyteller event");
  lua_createtable(L, 0, 50);
  const named_int f[] = {
    {"kind", e.kind}, {"flags", e.flags}, {"distance", e.distance}, {"called", e.called},
    {"purpose", e.purpose}, {"pool", e.pool}, {"threshold", e.threshold}, {"again", e.again},
    {"mode", e.mode}, {"successes", e.successes}, {"chance", e.chance},
    {"dramatic", e.dramatic}, {"capped", e.capped}, {"winner", e.winner}, {"margin", e.margin},
    {"damage", e.damage}, {"damage_type", e.damage_type}, {"ignored", e.ignored},
    {"converted", e.converted}, {"bashing", e.bashing}, {"lethal", e.lethal},
    {"state", e.state}, {"effect", e.effect}, {"value", e.value}, {"score", e.score},
    {"total", e.total}, {"boxes", e.boxes}, {"broken", e.broken}, {"active", e.active},
    {"hold", e.hold}, {"shield", e.shield}, {"controller", e.controller}, {"action", e.action},
    {"aim", e.aim}, {"from_x", e.from_x}, {"from_y", e.from_y}, {"x", e.x}, {"y", e.y},
    {"metres", e.metres}, {"prone", e.prone}, {"prone_change", e.prone_change},
    {"winner_side", e.winner_side}, {"rounds", e.rounds}, {"policy", e.policy},
    {"cover", e.cover}, {"moving", e.moving}, {"odds_down", e.odds_down},
    {"odds_first", e.odds_first}, {"odds_risk", e.odds_risk}, {"effect_1", e.effects[0]},
    {"effect_2", e.effects[1]},
  };
  set_fields(L, f, sizeof f / sizeof f[0], 0);
  return 1;
}

/* ---- around a fight ---------------------------------------------------------------- */

static const char *const nerves[] = {"acts", "spent", "restricted", "out"};

/* The options table at index i (may be absent): id, rules, log. */
static void scene_opts(lua_State *L, ctx_ud *c, int i, int *id, cops_st_rules *r,
                       const cops_st_rules **rules, cops_log **log)
{
  *id = 0;
  *log = NULL;
  check(L, c, cops_st_rules_init_sized(r, sizeof *r));
  *rules = r;
  if (lua_isnoneornil(L, i))
    return;
  luaL_checktype(L, i, LUA_TTABLE);
  *id = opt_field_int(L, i, "id", 0);
  lua_getfield(L, i, "rules");
  *rules = check_rules(L, c, lua_gettop(L), r);
  lua_pop(L, 1);
  lua_getfield(L, i, "log");
  *log = log_arg(L, lua_gettop(L));
  lua_pop(L, 1);
}

static int opt_bool(lua_State *L, int i, const char *key, int dflt)
{
  if (lua_isnoneornil(L, i))
    return dflt;
  lua_getfield(L, i, key);
  const int v = lua_isnil(L, -1) ? dflt : lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

/* cops.st.initiative(ctx, ch[, opts]) → the d10, the total (§5.2). */
static int st_initiative(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_character *ch = to_entity(L, 2, ST_CHARACTER)->p;
  cops_st_rules r;
  const cops_st_rules *rules;
  cops_log *log;
  int id, die, total;
  scene_opts(L, c, 3, &id, &r, &rules, &log);
  check(L, c, cops_st_initiative(c->ctx, ch, rules, id, &die, &total, log));
  lua_pushinteger(L, die);
  lua_pushinteger(L, total);
  return 2;
}

/* cops.st.initiative_order(ctx, {characters}, {totals}[, rules]) → their positions (1-based),
 * first to act first (ST-A13). */
static int st_initiative_order(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  const lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
  if (n < 1 || n > 64 || (lua_Integer)lua_rawlen(L, 3) != n)
    return luaL_error(L, "1 to 64 characters, one total each");
  cops_st_character *chars[64];
  int totals[64], order[64];
  for (lua_Integer k = 1; k <= n; k++) {
    lua_rawgeti(L, 2, k);
    chars[k - 1] = to_entity(L, lua_gettop(L), ST_CHARACTER)->p;
    lua_rawgeti(L, 3, k);
    totals[k - 1] = checkint(L, -1);
    lua_pop(L, 2);
  }
  cops_st_rules r;
  check(L, c, cops_st_initiative_order(c->ctx, chars, totals, (int)n, check_rules(L, c, 4, &r),
                                       order));
  lua_createtable(L, (int)n, 0);
  for (lua_Integer k = 0; k < n; k++) {
    lua_pushinteger(L, order[k] + 1);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* cops.st.total_defense(ctx, ch[, opts]) → successes (§5.8). */
static int st_total_defense(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_character *ch = to_entity(L, 2, ST_CHARACTER)->p;
  cops_st_rules r;
  const cops_st_rules *rules;
  cops_log *log;
  int id, k;
  scene_opts(L, c, 3, &id, &r, &rules, &log);
  check(L, c, cops_st_total_defense(c->ctx, ch, rules, id, &k, log));
  lua_pushinteger(L, k);
  return 1;
}

/* cops.st.nerve(ctx, ch[, opts{spend = true}]) → "acts", "spent" or "restricted" (§2). */
static int st_nerve(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_character *ch = to_entity(L, 2, ST_CHARACTER)->p;
  cops_st_rules r;
  const cops_st_rules *rules;
  cops_log *log;
  int id, out;
  scene_opts(L, c, 3, &id, &r, &rules, &log);
  check(L, c, cops_st_nerve(c->ctx, ch, rules, id, opt_bool(L, 3, "spend", 1), &out, log));
  lua_pushstring(L, nerves[out]);
  return 1;
}

/* cops.st.injury(ch, damage[, opts{spend = true}]) → "acts", "spent" or "out" (§2). */
static int st_injury(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, ST_CHARACTER);
  cops_st_rules r;
  const cops_st_rules *rules;
  cops_log *log;
  int id, out;
  const int damage = checkint(L, 2);
  scene_opts(L, e->owner, 3, &id, &r, &rules, &log);
  check(L, e->owner, cops_st_injury(e->p, rules, id, damage, opt_bool(L, 3, "spend", 1), &out,
                                    log));
  lua_pushstring(L, nerves[out]);
  return 1;
}

/* cops.st.overwhelming(a, b) → a is at least twice b (§4). */
static int st_overwhelming(lua_State *L)
{
  const int rc = cops_st_overwhelming(checkint(L, 1), checkint(L, 2));
  if (rc < 0)
    return raise_message(L, rc, "pools 0 .. 128");
  lua_pushboolean(L, rc);
  return 1;
}

/* cops.st.bout(ctx, a, b[, opts{pool_a, pool_b, damage = true}]) → "a", "b" or nil (§3). */
static int st_bout(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_character *a = to_entity(L, 2, ST_CHARACTER)->p, *b = to_entity(L, 3, ST_CHARACTER)->p;
  cops_st_rules r;
  const cops_st_rules *rules;
  cops_log *log;
  int id, w;
  scene_opts(L, c, 4, &id, &r, &rules, &log);
  const int pa = lua_istable(L, 4) ? opt_field_int(L, 4, "pool_a", -1) : -1;
  const int pb = lua_istable(L, 4) ? opt_field_int(L, 4, "pool_b", -1) : -1;
  check(L, c, cops_st_bout(c->ctx, a, b, rules, pa, pb, opt_bool(L, 4, "damage", 1), &w, log));
  if (w == COPS_ST_NOBODY)
    lua_pushnil(L);
  else
    lua_pushstring(L, w == COPS_ST_ATTACKER ? "a" : "b");
  return 1;
}

/* cops.st.strike_object(ctx, object, ch[, opts{weapon, dice, average}]) → successes; the
 * object is a table {name, durability, boxes, damage, failure_damage} whose damage is
 * updated (§6.15). */
static int st_strike_object(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  entity_ud *e = to_entity(L, 3, ST_CHARACTER);
  cops_st_object o;
  lua_getfield(L, 2, "name");
  const char *name = luaL_checkstring(L, -1);
  const int rc = cops_st_object_init_sized(&o, sizeof o, name, opt_field_int(L, 2, "durability", 0),
                                           opt_field_int(L, 2, "boxes", 1));
  lua_pop(L, 1);
  if (rc)
    return raise_message(L, rc, "an object: a name of 1 to 47 bytes, durability 0 .. 10, "
                         "boxes 1 .. 100");
  o.damage = opt_field_int(L, 2, "damage", 0);
  o.failure_damage = opt_field_int(L, 2, "failure_damage", 0);
  cops_st_rules r;
  const cops_st_rules *rules;
  cops_log *log;
  int id, k;
  scene_opts(L, c, 4, &id, &r, &rules, &log);
  const int weapon = lua_istable(L, 4) ? weapon_field(L, 4, "weapon", e->p) : -1;
  const int dice = lua_istable(L, 4) ? opt_field_int(L, 4, "dice", -1) : -1;
  const int mode = opt_bool(L, 4, "average", 0) ? COPS_ST_AVERAGE : COPS_ST_DICE;
  check(L, c, cops_st_object_strike(&o, c->ctx, e->p, rules, id, weapon, dice, mode, &k, log));
  lua_pushinteger(L, o.damage);
  lua_setfield(L, 2, "damage");
  lua_pushboolean(L, o.damage >= o.boxes);
  lua_setfield(L, 2, "broken");
  lua_pushinteger(L, k);
  return 1;
}

/* cops.st.long_burst(ctx, {attacker =, weapon =, distance =, own_cover =, aim =, bonus =,
 * surprised =, attacker_id =, rules =, log =, targets = {{character =, id =, cover =, share =},
 * ...}}) → one outcome per target (§6.5, ST-A23). */
static int st_long_burst(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_st_attack a;
  check(L, c, cops_st_attack_init_sized(&a, sizeof a, COPS_ST_SHOT));
  a.attacker = char_field(L, 2, "attacker", 1);
  a.weapon = weapon_field(L, 2, "weapon", a.attacker);
  a.distance = opt_field_int(L, 2, "distance", 0);
  a.own_cover = opt_field_int(L, 2, "own_cover", 0);
  a.aim = opt_field_int(L, 2, "aim", 0);
  a.bonus = opt_field_int(L, 2, "bonus", 0);
  a.attacker_id = opt_field_int(L, 2, "attacker_id", 0);
  a.flags = opt_bool(L, 2, "surprised", 0) ? COPS_ST_SURPRISED : 0;
  cops_st_character *targets[8];
  int ids[8], covers[8], shares[8];
  lua_getfield(L, 2, "targets");
  luaL_checktype(L, -1, LUA_TTABLE);
  const int t = lua_gettop(L);
  const int n = (int)lua_rawlen(L, t);
  if (n < 1 || n > 8)
    return luaL_error(L, "targets: 1 to 8");
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, t, i + 1);
    const int e = lua_gettop(L);
    luaL_checktype(L, e, LUA_TTABLE);
    targets[i] = char_field(L, e, "character", 1);
    ids[i] = opt_field_int(L, e, "id", i + 1);
    covers[i] = opt_field_int(L, e, "cover", 0);
    shares[i] = opt_field_int(L, e, "share", i == 0 ? 64 : 0);
    lua_pop(L, 1);
  }
  cops_st_rules r;
  lua_getfield(L, 2, "rules");
  a.rules = check_rules(L, c, lua_gettop(L), &r);
  lua_getfield(L, 2, "log");
  cops_log *log = log_arg(L, lua_gettop(L));
  cops_st_outcome o[8];
  for (int i = 0; i < n; i++) {
    memset(&o[i], 0, sizeof o[i]);
    o[i].size = sizeof o[i];
  }
  check(L, c, cops_st_long_burst(o, c->ctx, &a, targets, ids, covers, shares, n, log));
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    push_outcome(L, &o[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ---- grapples -------------------------------------------------------------------------- */

static const char *const grapple_effects[] = {"break_free", "take_weapon", "damage", "disarm",
                                              "hold", "shield", NULL};
static const char *const side_names[] = {NULL, "a", "b"};

static int side_field(lua_State *L, int t, const char *key)
{
  lua_getfield(L, t, key);
  int v = 0;
  if (!lua_isnil(L, -1)) {
    const char *s = luaL_checkstring(L, -1);
    v = !strcmp(s, "a") ? 1 : !strcmp(s, "b") ? 2 : -1;
    if (v < 0)
      luaL_error(L, "grapple.%s: \"a\", \"b\" or nil", key);
  }
  lua_pop(L, 1);
  return v;
}

static void set_side(lua_State *L, int t, const char *key, int v)
{
  if (v)
    lua_pushstring(L, side_names[v]);
  else
    lua_pushnil(L);
  lua_setfield(L, t, key);
}

/* One side's choices from opts[key] = {effects = {...}, in_hand =, bite =}. */
static void grapple_side(lua_State *L, int opts, const char *key, const cops_st_character *ch,
                         cops_st_grapple_side *s)
{
  s->effects[0] = s->effects[1] = -1;
  s->in_hand = -1;
  s->bite = 0;
  lua_getfield(L, opts, key);
  const int t = lua_gettop(L);
  if (lua_istable(L, t)) {
    lua_getfield(L, t, "effects");
    if (lua_istable(L, -1))
      for (int k = 0; k < 2; k++) {
        lua_rawgeti(L, -1, k + 1);
        if (!lua_isnil(L, -1))
          s->effects[k] = luaL_checkoption(L, -1, NULL, grapple_effects);
        lua_pop(L, 1);
      }
    lua_pop(L, 1);
    s->in_hand = weapon_field(L, t, "in_hand", ch);
    lua_getfield(L, t, "bite");
    s->bite = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

/* cops.st.grapple() → a new grapple's state, a table {active = true}. */
static int st_grapple(lua_State *L)
{
  lua_createtable(L, 0, 6);
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, "active");
  return 1;
}

/* cops.st.grapple_round(ctx, grapple, a, b[, opts{a = {...}, b = {...}, a_id, b_id, rules,
 * log}]) → what the round did; the grapple table updated (§6.2). */
static int st_grapple_round(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_st_character *a = to_entity(L, 3, ST_CHARACTER)->p, *b = to_entity(L, 4, ST_CHARACTER)->p;
  cops_st_grapple g;
  check(L, c, cops_st_grapple_init_sized(&g, sizeof g));
  lua_getfield(L, 2, "active");
  g.active = lua_toboolean(L, -1);
  lua_pop(L, 1);
  g.hold = side_field(L, 2, "hold");
  g.shield = side_field(L, 2, "shield");
  g.controller = side_field(L, 2, "controller");
  g.weapon_owner = side_field(L, 2, "weapon_owner");
  g.weapon = opt_field_int(L, 2, "weapon", -1);
  cops_st_grapple_side sa, sb;
  cops_st_rules r;
  const cops_st_rules *rules;
  cops_log *log;
  int id;
  scene_opts(L, c, 5, &id, &r, &rules, &log);
  int a_id = 0, b_id = 1;
  if (lua_istable(L, 5)) {
    grapple_side(L, 5, "a", a, &sa);
    grapple_side(L, 5, "b", b, &sb);
    a_id = opt_field_int(L, 5, "a_id", 0);
    b_id = opt_field_int(L, 5, "b_id", 1);
  } else {
    lua_newtable(L);
    grapple_side(L, lua_gettop(L), "a", a, &sa);
    grapple_side(L, lua_gettop(L), "b", b, &sb);
    lua_pop(L, 1);
  }
  cops_st_grapple_outcome o;
  memset(&o, 0, sizeof o);
  o.size = sizeof o;
  check(L, c, cops_st_grapple_round(&g, &o, c->ctx, a, b, a_id, b_id, &sa, &sb, rules, log));
  lua_pushboolean(L, g.active);
  lua_setfield(L, 2, "active");
  set_side(L, 2, "hold", g.hold);
  set_side(L, 2, "shield", g.shield);
  set_side(L, 2, "controller", g.controller);
  set_side(L, 2, "weapon_owner", g.weapon_owner);
  lua_pushinteger(L, g.weapon);
  lua_setfield(L, 2, "weapon");
  lua_createtable(L, 0, 10);
  set_side(L, lua_gettop(L), "winner", o.winner);
  const named_int f[] = {{"margin", o.margin}, {"damage", o.damage}, {"bite", o.bite},
                         {"successes_a", o.successes[0]}, {"successes_b", o.successes[1]},
                         {"pool_a", o.pool[0]}, {"pool_b", o.pool[1]}};
  set_fields(L, f, sizeof f / sizeof f[0], 0);
  lua_pushstring(L, damage_types[o.damage_type]);
  lua_setfield(L, -2, "damage_type");
  lua_newtable(L);
  for (int k = 0, n = 0; k < 2; k++)
    if (o.effects[k] >= 0) {
      lua_pushstring(L, grapple_effects[o.effects[k]]);
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "effects");
  return 1;
}

void open_st(lua_State *L)
{
  static const luaL_Reg methods[] = {
    {"name", c_name}, {"trait", c_trait}, {"set_trait", c_set_trait}, {"derived", c_derived},
    {"set_derived", c_set_derived}, {"points", c_points}, {"set_points", c_set_points},
    {"background", c_background}, {"set_background", c_set_background},
    {"experience", c_experience}, {"set_experience", c_set_experience},
    {"is_combatant", c_is_combatant}, {"set_combatant", c_set_combatant},
    {"damage", c_damage}, {"health", c_health}, {"set_health", c_set_health},
    {"health_state", c_health_state}, {"wound_penalty", c_wound_penalty},
    {"to_json", c_to_json}, {"copy", c_copy}, {"weapons", c_weapons},
    {"add_weapon", c_add_weapon}, {"remove_weapon", c_remove_weapon},
    {"protection", c_protection}, {"set_protection", c_set_protection},
    {"begin_round", c_begin_round}, {NULL, NULL},
  };
  metatable(L, ST_CHARACTER, methods);
  closers(L, entity_close, ST_CHARACTER);
  lua_pop(L, 1);
  static const luaL_Reg functions[] = {
    {"pool", st_pool}, {"roll", st_roll}, {"odds", st_odds}, {"opposed", st_opposed},
    {"difference", st_difference}, {"character", st_character},
    {"load_character", st_load_character}, {"character_json", st_character_json},
    {"attack", st_attack}, {"event", st_event}, {"initiative", st_initiative},
    {"initiative_order", st_initiative_order}, {"total_defense", st_total_defense},
    {"nerve", st_nerve}, {"injury", st_injury}, {"overwhelming", st_overwhelming},
    {"bout", st_bout}, {"strike_object", st_strike_object}, {"grapple", st_grapple},
    {"grapple_round", st_grapple_round}, {"long_burst", st_long_burst}, {NULL, NULL},
  };
  luaL_newlib(L, functions);
  push_names(L, cops_st_trait_name);
  lua_setfield(L, -2, "traits");
  push_names(L, cops_st_derived_name);
  lua_setfield(L, -2, "derived");
  open_st_fight(L);
  lua_setfield(L, -2, "st");
}

#else

void open_st(lua_State *L)
{
  (void)L;   /* built without the module: cops.st is nil */
}

#endif
