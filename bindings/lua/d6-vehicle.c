/* cops.d6's vehicles (docs/lua.md, docs/d6.md; <cops/d6-vehicle.h>): tables read into a
 * cops_d6_vehicle and written back in place, damage, attacks, collisions, crashes, repairs. */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_D6


const char *const d6_speed_names[] = {"stopped", "slow", "cruising", "full_speed", "flat_out", NULL};
static const char *const vresults[] = {"none", "very_light", "light", "heavy", "severe",
                                       "destroyed", NULL};
static const char *const controls[] = {"controlled", "out_of_control", "crashed", "wrecked", NULL};
const char *const d6_impact_names[] = {"side_on", "head_on", "from_behind", "into_object", NULL};
static const char *const repair_flags[] = {"workshop", "tools", "unknown", "studied", NULL};

/* The vehicle table at index t into *v (its fields, the library's defaults for the others). */
void d6_vehicle_at(lua_State *L, ctx_ud *c, int t, cops_d6_vehicle *v)
{
  luaL_checktype(L, t, LUA_TTABLE);
  check(L, c, cops_d6_vehicle_init(v));
  d6_name_field(L, t, v->name, sizeof v->name);
  v->scale = opt_field_int(L, t, "scale", v->scale);
  const char *codes[2] = {"resistance", "manoeuvrability"};
  cops_d6_code *at[2] = {&v->resistance, &v->manoeuvrability};
  for (int k = 0; k < 2; k++) {
    lua_getfield(L, t, codes[k]);
    if (!lua_isnil(L, -1))
      *at[k] = d6_code_at(L, c, lua_gettop(L));
    lua_pop(L, 1);
  }
  v->speed = d6_field_word(L, t, "speed", d6_speed_names, v->speed);
  v->top_speed = d6_field_word(L, t, "top_speed", d6_speed_names, v->top_speed);
  v->very_light = opt_field_int(L, t, "very_light", 0);
  v->control = d6_field_word(L, t, "control", controls, v->control);
  lua_getfield(L, t, "damage");
  if (lua_istable(L, -1)) {
    const int n = (int)luaL_len(L, -1);
    if (n > COPS_D6_VEHICLE_DAMAGE_MAX)
      luaL_error(L, "damage: at most %d results", COPS_D6_VEHICLE_DAMAGE_MAX);
    for (int i = 0; i < n; i++) {
      lua_rawgeti(L, -1, i + 1);
      const int d = lua_gettop(L);
      luaL_checktype(L, d, LUA_TTABLE);
      v->damage[i].result = d6_field_word(L, d, "result", vresults, 0);
      v->damage[i].dice = opt_field_int(L, d, "dice", 0);
      v->damage[i].ranks = opt_field_int(L, d, "ranks", 0);
      lua_pop(L, 1);
    }
    v->ndamage = n;
  }
  lua_pop(L, 1);
}

/* *v's fields written into the table at index t. */
void d6_vehicle_put(lua_State *L, int t, const cops_d6_vehicle *v)
{
  lua_pushstring(L, v->name);
  lua_setfield(L, t, "name");
  lua_pushinteger(L, v->scale);
  lua_setfield(L, t, "scale");
  d6_push_code(L, v->resistance);
  lua_setfield(L, t, "resistance");
  d6_push_code(L, v->manoeuvrability);
  lua_setfield(L, t, "manoeuvrability");
  lua_pushstring(L, d6_speed_names[v->speed]);
  lua_setfield(L, t, "speed");
  lua_pushstring(L, d6_speed_names[v->top_speed]);
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
  d6_vehicle_at(L, NULL, 1, &v);
  lua_newtable(L);
  d6_vehicle_put(L, lua_gettop(L), &v);
  return 1;
}

/* cops.d6.vehicle_harm(ctx, v, code[, {id, passengers, ids, rules, log}]). */
static int d6_vehicle_harm(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_vehicle v;
  d6_vehicle_at(L, c, 2, &v);
  const cops_d6_code k = d6_code_at(L, c, 3);
  int id, ids[16], has_ids;
  cops_d6_character *p[16];
  cops_d6_rules rr;
  const cops_d6_rules *rules;
  cops_log *log;
  d6_opts(L, c, 4, 0, &id, &rr, &rules, &log);
  const int n = passengers_at(L, 4, "passengers", p, ids, &has_ids);
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  check(L, c, cops_d6_vehicle_harm(&o, c->ctx, &v, id, k, p, has_ids ? ids : NULL, n, rules, log));
  d6_vehicle_put(L, 2, &v);
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
  d6_vehicle_at(L, c, vt, &v);
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
                                     d6_weapon_index(L, 2, "weapon", att),
                                     opt_field_int(L, 2, "distance", 0),
                                     opt_field_int(L, 2, "actions", 1), &v,
                                     opt_field_int(L, 2, "id", 1),
                                     opt_field_int(L, 2, "dodge_total", COPS_D6_ROLL_DEFENCE), p,
                                     has_ids ? ids : NULL, n, rules, opt_field_log(L, 2, "log")));
  d6_vehicle_put(L, vt, &v);
  push_vehicle_outcome(L, &o);
  return 1;
}

/* cops.d6.collision_code({d6_speed_names}, impact) -> a code. */
static int d6_collision_code(lua_State *L)
{
  luaL_checktype(L, 1, LUA_TTABLE);
  const int n = (int)luaL_len(L, 1);
  if (n < 1 || n > 8)
    return luaL_argerror(L, 1, "1 to 8 d6_speed_names");
  int s[8];
  for (int i = 0; i < n; i++) {
    lua_rawgeti(L, 1, i + 1);
    s[i] = d6_word(L, lua_gettop(L), d6_speed_names, "speed");
    lua_pop(L, 1);
  }
  cops_d6_code k;
  cops_d6_collision_code(s, n, lua_isnoneornil(L, 2) ? 0 : d6_word(L, 2, d6_impact_names, "impact"), &k);
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
    d6_vehicle_at(L, c, lua_gettop(L), &v[i]);
    lua_pop(L, 1);
    vp[i] = &v[i];
  }
  const int impact = lua_isnoneornil(L, 3) ? 0 : d6_word(L, 3, d6_impact_names, "impact");
  int id, vids[8], has_vids = 0, counts[8] = {0}, total = 0;
  cops_d6_character *p[16];
  cops_d6_rules rr;
  const cops_d6_rules *rules;
  cops_log *log;
  d6_opts(L, c, 4, 0, &id, &rr, &rules, &log);
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
    d6_vehicle_put(L, lua_gettop(L), &v[i]);
    lua_pop(L, 1);
    push_vehicle_outcome(L, &o[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int d6_vehicle_end_round(lua_State *L)
{
  cops_d6_vehicle v;
  d6_vehicle_at(L, NULL, 1, &v);
  cops_d6_vehicle_end_round(&v);
  d6_vehicle_put(L, 1, &v);
  return 0;
}

/* cops.d6.vehicle_crash(ctx, v[, {id, passengers, ids, rules, log}]). */
static int d6_vehicle_crash(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_vehicle v;
  d6_vehicle_at(L, c, 2, &v);
  int id, ids[16], has_ids;
  cops_d6_character *p[16];
  cops_d6_rules rr;
  const cops_d6_rules *rules;
  cops_log *log;
  d6_opts(L, c, 3, 0, &id, &rr, &rules, &log);
  const int n = passengers_at(L, 3, "passengers", p, ids, &has_ids);
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  check(L, c, cops_d6_vehicle_crash(&o, c->ctx, &v, id, p, has_ids ? ids : NULL, n, rules, log));
  d6_vehicle_put(L, 2, &v);
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
  d6_vehicle_at(L, c, vt, &v);
  cops_d6_rules rr;
  lua_getfield(L, 2, "rules");
  const cops_d6_rules *rules = lua_isnil(L, -1) ? NULL : d6_rules_at(L, c, lua_gettop(L), &rr);
  lua_pop(L, 1);
  int ok = 0;
  check(L, c, cops_d6_repair(&ok, c->ctx, mech, opt_field_int(L, 2, "mechanic_id", 0), skill, &v,
                             opt_field_int(L, 2, "id", 0), opt_field_int(L, 2, "index", 0),
                             d6_field_bits(L, 2, "flags", repair_flags), rules,
                             opt_field_log(L, 2, "log")));
  d6_vehicle_put(L, vt, &v);
  lua_pushboolean(L, ok);
  return 1;
}

void open_d6_vehicle(lua_State *L)
{
  static const luaL_Reg functions[] = {
    {"vehicle", d6_vehicle}, {"vehicle_harm", d6_vehicle_harm},
    {"attack_vehicle", d6_attack_vehicle}, {"collision_code", d6_collision_code},
    {"collision", d6_collision}, {"vehicle_end_round", d6_vehicle_end_round},
    {"vehicle_crash", d6_vehicle_crash}, {"repair", d6_repair}, {NULL, NULL},
  };
  luaL_setfuncs(L, functions, 0);
}

#endif
