/* cops.d6's magic (docs/lua.md, docs/d6.md "Magic"; <cops/d6-magic.h>): the spell builder,
 * the measure scale, the sample spells, casting, psionic powers, a pip's cost. */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_D6

static const char *const effect_kinds[] = {"none", "skill", "doubled", NULL};
static const char *const ranges[] = {"touch", "short", "medium", "long", "very_long", "extreme",
                                     "planetary", "stellar", NULL};
static const char *const concentrations[] = {"isolated", "slight", "quiet_public", "busy_public",
                                             "very_busy", NULL};
static const char *const familiarities[] = {"none", "known_slightly", "known_well",
                                            "never_seen", "first_heard", NULL};
static const char *const groups[] = {"one", "group_of_five", "group_of_dozen", "crowd",
                                     "whole_city", "whole_region", "whole_country", NULL};
static const char *const attitudes[] = {"unaware", "neutral", "refusing", NULL};
static const char *const informations[] = {"none", "simple_emotions", "complex_thoughts",
                                           "distant_thoughts", "secrets", NULL};
static const char *const ingredients[] = {"simple", "none", "costly", "rare", NULL};
static const char *const gestures[] = {"simple", "none", "large", NULL};
static const char *const incantations[] = {"spoken", "none", "complex", NULL};
static const char *const parts[] = {"effect", "range", "speed", "concentration", "target",
                                    "information", "duration", "preparation", "components",
                                    "other", NULL};

/* cops.d6.spell_difficulty(ctx, {effect_kind, effect, effect_value, measure, range, ...}[,
 * rules]) -> {parts = {effect = .., ...}, sum, difficulty} */
static int d6_spell_difficulty(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_d6_spell_design d;
  cops_d6_spell_design_init(&d);
  d.effect_kind = d6_field_word(L, 2, "effect_kind", effect_kinds, d.effect_kind);
  lua_getfield(L, 2, "effect");
  if (!lua_isnil(L, -1))
    d.effect = d6_code_at(L, c, lua_gettop(L));
  lua_pop(L, 1);
  d.effect_value = opt_field_int(L, 2, "effect_value", d.effect_value);
  lua_getfield(L, 2, "measure");
  d.measure = lua_toboolean(L, -1);
  lua_pop(L, 1);
  d.range = d6_field_word(L, 2, "range", ranges, d.range);
  d.concentration = d6_field_word(L, 2, "concentration", concentrations, d.concentration);
  d.familiarity = d6_field_word(L, 2, "familiarity", familiarities, d.familiarity);
  d.group = d6_field_word(L, 2, "group", groups, d.group);
  d.attitude = d6_field_word(L, 2, "attitude", attitudes, d.attitude);
  d.information = d6_field_word(L, 2, "information", informations, d.information);
  d.ingredients = d6_field_word(L, 2, "ingredients", ingredients, d.ingredients);
  d.gestures = d6_field_word(L, 2, "gestures", gestures, d.gestures);
  d.incantation = d6_field_word(L, 2, "incantation", incantations, d.incantation);
  struct { const char *key; int *at; } ints[] = {
    {"range_tenths", &d.range_tenths}, {"speed_tenths", &d.speed_tenths}, {"crowd", &d.crowd},
    {"duration_rounds", &d.duration_rounds}, {"duration_tenths", &d.duration_tenths},
    {"preparation_rounds", &d.preparation_rounds}, {"casting_tenths", &d.casting_tenths},
    {"other", &d.other}};
  for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
    *ints[k].at = opt_field_int(L, 2, ints[k].key, *ints[k].at);
  cops_d6_rules rr;
  const cops_d6_rules *rules = lua_isnoneornil(L, 3) ? NULL : d6_rules_at(L, c, 3, &rr);
  cops_d6_spell_cost cost;
  cost.size = sizeof cost;
  check(L, c, cops_d6_spell_difficulty(c->ctx, &d, rules, &cost));
  lua_createtable(L, 0, 3);
  lua_createtable(L, 0, COPS_D6_PART_COUNT);
  for (int k = 0; k < COPS_D6_PART_COUNT; k++) {
    lua_pushinteger(L, cost.parts[k]);
    lua_setfield(L, -2, parts[k]);
  }
  lua_setfield(L, -2, "parts");
  lua_pushinteger(L, cost.sum);
  lua_setfield(L, -2, "sum");
  lua_pushinteger(L, cost.difficulty);
  lua_setfield(L, -2, "difficulty");
  return 1;
}

/* cops.d6.measure_value(tenths) -> the value */
static int d6_measure_value(lua_State *L)
{
  const lua_Integer t = luaL_checkinteger(L, 1);
  const int v = t >= 1 && t <= 10000000000LL ? cops_d6_measure_value((long long)t) : COPS_ERANGE;
  if (v == COPS_ERANGE)
    return luaL_argerror(L, 1, "tenths: 1 .. 10^10");
  lua_pushinteger(L, v);
  return 1;
}

static void push_spell(lua_State *L, const cops_d6_spell *s)
{
  lua_createtable(L, 0, 18);
  const struct { const char *key; const char *v; } texts[] = {
    {"name", s->name}, {"skill", cops_d6_trait_name(s->skill)},
    {"activation_skill", s->activation_skill >= 0 ? cops_d6_trait_name(s->activation_skill) : NULL},
    {"effect", s->effect}, {"duration", s->duration}, {"casting", s->casting},
    {"conditions", s->conditions}};
  for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
    lua_pushstring(L, texts[k].v);
    lua_setfield(L, -2, texts[k].key);
  }
  const named_int nums[] = {
    {"difficulty", s->difficulty}, {"effect_value", s->effect_value}, {"range_m", s->range_m},
    {"range_value", s->range_value}, {"speed", s->speed}, {"duration_value", s->duration_value},
    {"casting_value", s->casting_value}, {"conditions_value", s->conditions_value}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  lua_pushboolean(L, s->exact);
  lua_setfield(L, -2, "exact");
  if (s->damage) {
    d6_push_code(L, s->damage_code);
    lua_setfield(L, -2, "damage");
  }
}

/* cops.d6.spells() -> the samples; cops.d6.spell(name) -> one, or nil */
static int d6_spells(lua_State *L)
{
  const int n = cops_d6_spell_count();
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    cops_d6_spell s;
    s.size = sizeof s;
    cops_d6_spell_at(i, &s);
    push_spell(L, &s);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int d6_spell(lua_State *L)
{
  cops_d6_spell s;
  s.size = sizeof s;
  if (cops_d6_spell_find(luaL_checkstring(L, 1), &s))
    lua_pushnil(L);
  else
    push_spell(L, &s);
  return 1;
}

/* cops.d6.cast(ctx, {caster, skill, difficulty, damage, target, caster_id, target_id,
 * actions, cp, fp, ingredients, scroll, artifact, surprise, beat, aim = {skill, target, id, distance,
 * reach, defence, defence_skill, defence_total}, rules, log}) -> the outcome's table */
static int d6_cast(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_d6_cast k;
  cops_d6_cast_init(&k);
  lua_getfield(L, 2, "caster");
  k.caster = to_entity(L, lua_gettop(L), D6_CHARACTER)->p;
  lua_pop(L, 1);
  if (lua_getfield(L, 2, "target") != LUA_TNIL)
    k.target = to_entity(L, lua_gettop(L), D6_CHARACTER)->p;
  lua_pop(L, 1);
  if (lua_getfield(L, 2, "skill") != LUA_TNIL)
    k.skill = d6_trait_arg(L, lua_gettop(L));
  lua_pop(L, 1);
  if (lua_getfield(L, 2, "damage") != LUA_TNIL)
    k.damage = d6_code_at(L, c, lua_gettop(L));
  lua_pop(L, 1);
  k.beat = opt_field_int(L, 2, "beat", k.beat);
  static const char *const cast_flags[] = {"scroll", "artifact", "surprise"};
  static const unsigned cast_bits[] = {COPS_D6_CAST_SCROLL, COPS_D6_CAST_ARTIFACT,
                                       COPS_D6_CAST_SURPRISE};
  for (int f = 0; f < 3; f++) {
    if (lua_getfield(L, 2, cast_flags[f]) != LUA_TNIL && lua_toboolean(L, -1))
      k.flags |= cast_bits[f];
    lua_pop(L, 1);
  }
  if (lua_getfield(L, 2, "aim") == LUA_TTABLE) {
    const int a = lua_gettop(L);
    if (lua_getfield(L, a, "skill") != LUA_TNIL)
      k.aim_skill = d6_trait_arg(L, lua_gettop(L));
    lua_pop(L, 1);
    lua_getfield(L, a, "target");
    k.aim_target = to_entity(L, lua_gettop(L), D6_CHARACTER)->p;
    lua_pop(L, 1);
    k.aim_target_id = opt_field_int(L, a, "id", k.aim_target_id);
    k.distance = opt_field_int(L, a, "distance", k.distance);
    k.reach_m = opt_field_int(L, a, "reach", k.reach_m);
    k.aim_defence = d6_field_word(L, a, "defence", d6_defence_names, k.aim_defence);
    if (lua_getfield(L, a, "defence_skill") != LUA_TNIL)
      k.aim_defence_skill = d6_trait_arg(L, lua_gettop(L));
    lua_pop(L, 1);
    k.aim_defence_total = opt_field_int(L, a, "defence_total", k.aim_defence_total);
    k.aim_cover = opt_field_int(L, a, "cover", 0);
  }
  lua_pop(L, 1);
  k.difficulty = opt_field_int(L, 2, "difficulty", k.difficulty);
  k.caster_id = opt_field_int(L, 2, "caster_id", k.caster_id);
  k.target_id = opt_field_int(L, 2, "target_id", k.target_id);
  k.actions = opt_field_int(L, 2, "actions", k.actions);
  k.cp = opt_field_int(L, 2, "cp", 0);
  lua_getfield(L, 2, "fp");
  k.fp = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (lua_getfield(L, 2, "ingredients") != LUA_TNIL && !lua_toboolean(L, -1))
    k.flags |= COPS_D6_CAST_NO_INGREDIENTS;
  lua_pop(L, 1);
  cops_d6_rules rr;
  lua_getfield(L, 2, "rules");
  if (!lua_isnil(L, -1))
    k.rules = d6_rules_at(L, c, lua_gettop(L), &rr);
  lua_pop(L, 1);
  cops_log *log = opt_field_log(L, 2, "log");
  cops_d6_cast_outcome o;
  o.size = sizeof o;
  check(L, c, cops_d6_cast_resolve(&o, c->ctx, &k, log));
  lua_createtable(L, 0, 8);
  const named_int nums[] = {{"difficulty", o.difficulty}, {"total", o.total},
                            {"level", o.level}, {"backlash_total", o.backlash_total},
                            {"aim_total", o.aim_total}, {"defence_value", o.defence_value},
                            {"damage_total", o.damage_total}};
  const named_int flags[] = {{"success", o.success}, {"critical", o.critical},
                             {"rolled", o.rolled}, {"aimed", o.aimed}, {"hit", o.hit}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  if (o.resisted >= 0) {
    lua_pushinteger(L, o.resisted);
    lua_setfield(L, -2, "resisted");
  }
  lua_pushstring(L, d6_level_names[o.wound_level]);
  lua_setfield(L, -2, "wound_level");
  if (o.aimed) {
    lua_pushstring(L, d6_level_names[o.target_level]);
    lua_setfield(L, -2, "target_level");
  }
  return 1;
}

static const char *const powers[] = {"astral", "empathy", "far_senses", "healing", "medium",
                                     "protection", "psychometry", NULL};
static const char *const bands[] = {"leaves_body", "senses", "non_physical", "physical"};
static const char *const psychometries[] = {"vague", "general", "last_day", "motivations", NULL};
static const char *const medium_flags[] = {"murdered", "knew", "has_information", "at_place",
                                           NULL};

/* cops.d6.psionic(ctx, {psionic, power, target, psionic_id, target_id, range, concentration,
 * crowd, familiarity, group, attitude, information, duration_rounds, psychometry, medium =
 * {...}, years_dead, actions, cp, fp, rules, log}) -> the outcome's table */
static int d6_psionic(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  cops_d6_psionic q;
  cops_d6_psionic_init(&q);
  lua_getfield(L, 2, "psionic");
  q.psionic = to_entity(L, lua_gettop(L), D6_CHARACTER)->p;
  lua_pop(L, 1);
  if (lua_getfield(L, 2, "target") != LUA_TNIL)
    q.target = to_entity(L, lua_gettop(L), D6_CHARACTER)->p;
  lua_pop(L, 1);
  q.power = d6_field_word(L, 2, "power", powers, q.power);
  q.range = d6_field_word(L, 2, "range", ranges, q.range);
  q.concentration = d6_field_word(L, 2, "concentration", concentrations, q.concentration);
  q.familiarity = d6_field_word(L, 2, "familiarity", familiarities, q.familiarity);
  q.group = d6_field_word(L, 2, "group", groups, q.group);
  q.attitude = d6_field_word(L, 2, "attitude", attitudes, q.attitude);
  q.information = d6_field_word(L, 2, "information", informations, q.information);
  q.psychometry = d6_field_word(L, 2, "psychometry", psychometries, q.psychometry);
  q.medium = d6_field_bits(L, 2, "medium", medium_flags);
  struct { const char *key; int *at; } ints[] = {
    {"psionic_id", &q.psionic_id}, {"target_id", &q.target_id}, {"crowd", &q.crowd},
    {"duration_rounds", &q.duration_rounds}, {"years_dead", &q.years_dead},
    {"actions", &q.actions}, {"cp", &q.cp}};
  for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
    *ints[k].at = opt_field_int(L, 2, ints[k].key, *ints[k].at);
  lua_getfield(L, 2, "fp");
  q.fp = lua_toboolean(L, -1);
  lua_pop(L, 1);
  cops_d6_rules rr;
  lua_getfield(L, 2, "rules");
  if (!lua_isnil(L, -1))
    q.rules = d6_rules_at(L, c, lua_gettop(L), &rr);
  lua_pop(L, 1);
  cops_log *log = opt_field_log(L, 2, "log");
  cops_d6_psionic_outcome o;
  o.size = sizeof o;
  check(L, c, cops_d6_psionic_resolve(&o, c->ctx, &q, log));
  lua_createtable(L, 0, 10);
  const named_int nums[] = {{"difficulty", o.difficulty}, {"total", o.total},
                            {"level", o.level}, {"protection", o.protection}};
  const named_int flags[] = {{"success", o.success}, {"critical", o.critical}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  if (o.resisted >= 0) {
    lua_pushinteger(L, o.resisted);
    lua_setfield(L, -2, "resisted");
  }
  if (o.band >= 0) {
    lua_pushstring(L, bands[o.band]);
    lua_setfield(L, -2, "band");
  }
  if (q.power == COPS_D6_POWER_HEALING) {
    lua_pushstring(L, d6_level_names[o.level_before]);
    lua_setfield(L, -2, "level_before");
    lua_pushstring(L, d6_level_names[o.level_after]);
    lua_setfield(L, -2, "level_after");
  }
  return 1;
}

/* cops.d6.advance_cost(code[, magic, teacher]) -> Character Points (D6-A59) */
static int d6_advance_cost(lua_State *L)
{
  const cops_d6_code k = d6_code_at(L, NULL, 1);
  const int magic = lua_toboolean(L, 2), teacher = lua_isnoneornil(L, 3) || lua_toboolean(L, 3);
  const int cost = cops_d6_advance_cost(k, magic, teacher);
  if (cost < 0)
    return luaL_argerror(L, 1, "a code of 0 .. 2 pips");
  lua_pushinteger(L, cost);
  return 1;
}

void open_d6_magic(lua_State *L)
{
  static const luaL_Reg functions[] = {
    {"spell_difficulty", d6_spell_difficulty}, {"measure_value", d6_measure_value},
    {"spells", d6_spells}, {"spell", d6_spell}, {"cast", d6_cast},
    {"advance_cost", d6_advance_cost}, {"psionic", d6_psionic}, {NULL, NULL},
  };
  luaL_setfuncs(L, functions, 0);
  push_names(L, cops_d6_psionic_power_name);
  lua_setfield(L, -2, "powers");
}

#endif
