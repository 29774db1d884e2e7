/* cops.d6's combat (docs/lua.md, docs/d6.md; <cops/d6-combat.h>, <cops/d6-heal.h>): attacks,
 * harm, the end of a round, initiative, healing and the events' fields. */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_D6

const char *const d6_defence_names[] = {"natural", "active", "total", NULL};
const char *const d6_option_names[] = {"none", "single_shot", "burst", "several_shots",
                                      "random_fire", "aimed", "aimed_vital", "brutal", "precise",
                                      NULL};
const char *const d6_location_names[] = {"anywhere", "arm", "leg", "weapon", "head", "heart",
                                        NULL};
static const char *const sizes[] = {"any", "under_50cm", "under_10cm", "under_1cm", NULL};
static const char *const bands[] = {"point_blank", "short", "medium", "long", NULL};
static const char *const victims[] = {"nobody", "target", "attacker", NULL};
static const char *const attack_flags[] = {"blinded", "target_blinded", "surprise", NULL};

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
  lua_pushstring(L, d6_level_names[o->wound_level]);
  lua_setfield(L, -2, "wound_level");
  if (o->check >= 0) {
    lua_pushboolean(L, o->check);
    lua_setfield(L, -2, "check");
  }
  lua_pushstring(L, d6_location_names[o->neutralised]);
  lua_setfield(L, -2, "neutralised");
}

int d6_weapon_index(lua_State *L, int t, const char *key, const cops_d6_character *ch)
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
  a.weapon = d6_weapon_index(L, 2, "weapon", a.attacker);
  a.parry_weapon = d6_weapon_index(L, 2, "parry_weapon", a.target);
  a.defence = d6_field_word(L, 2, "defence", d6_defence_names, a.defence);
  lua_getfield(L, 2, "defence_skill");
  if (!lua_isnil(L, -1))
    a.defence_skill = d6_trait_arg(L, lua_gettop(L));
  lua_pop(L, 1);
  a.defence_total = opt_field_int(L, 2, "defence_total", a.defence_total);
  a.option = d6_field_word(L, 2, "option", d6_option_names, a.option);
  a.location = d6_field_word(L, 2, "location", d6_location_names, a.location);
  a.target_size = d6_field_word(L, 2, "target_size", sizes, a.target_size);
  a.flags = d6_field_bits(L, 2, "flags", attack_flags);
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
void d6_opts(lua_State *L, ctx_ud *c, int i, int dflt_id, int *id, cops_d6_rules *rr,
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
  d6_opts(L, c, 4, 1, &id, &rr, &rules, &log);
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
  d6_opts(L, c, 3, 0, &id, &rr, &rules, &log);
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
  lua_createtable(L, 0, 64);
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
    {"tie_die", e.tie_die}, {"action", e.action}, {"actions", e.actions}, {"moved", e.moved},
    {"x", e.x}, {"y", e.y}, {"hold", e.hold}, {"members", e.members}, {"winner", e.winner},
    {"resisted", e.resisted}, {"power", e.power}, {"astral_band", e.astral_band},
    {"protection", e.protection}, {"prepared", e.prepared}, {"needed", e.needed},
    {"interrupted", e.interrupted}, {"policy", e.policy}, {"odds_down", e.odds_down},
    {"odds_first", e.odds_first}, {"odds_risk", e.odds_risk}};
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
  lua_pushstring(L, d6_level_names[h->level_before]);
  lua_setfield(L, -2, "level_before");
  lua_pushstring(L, d6_level_names[h->level]);
  lua_setfield(L, -2, "level");
}

static int d6_recovery_wait(lua_State *L)
{
  const int m = cops_d6_recovery_wait(d6_word(L, 1, d6_level_names, "level"));
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
  d6_opts(L, c, 3, 0, &id, &rr, &rules, &log);
  if (!lua_isnoneornil(L, 3))
    rest = d6_field_word(L, 3, "rest", (const char *const[]){"rested", "worked", "long_rest", NULL}, 0);
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
  const int kind = d6_field_word(L, 2, "kind", (const char *const[]){"after_combat", "in_combat",
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
  d6_opts(L, c, 3, 0, &id, &rr, &rules, &log);
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
          flags[i] = d6_field_bits(L, lua_gettop(L), "f", iflags);
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
  static const luaL_Reg functions[] = {
    {"hazard_code", d6_hazard_code}, {"attack", d6_attack}, {"harm", d6_harm},
    {"end_round", d6_end_round}, {"event", d6_event}, {"recovery_wait", d6_recovery_wait},
    {"recover", d6_recover}, {"treat", d6_treat}, {"initiative", d6_initiative}, {NULL, NULL},
  };
  open_d6_character(L);
  open_d6_vehicle(L);
  open_d6_fight(L);
  open_d6_magic(L);
  luaL_setfuncs(L, functions, 0);
  push_names(L, hazard_name);
  lua_setfield(L, -2, "hazards");
}

#endif
