/* cops.d6's whole fights (docs/lua.md, docs/d6.md "Fights"; <cops/d6-fight.h>):
 * cops.d6.fight(ctx[, rules]), cops.d6.load_fight(ctx, path), cops.d6.fight_json(ctx, text
 * [, base_dir]) and the fight's methods. */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_D6

#define D6_FIGHT "cops.d6_fight"

_Static_assert(COPS_D6_FIGHTERS_MAX <= MODULE_FIGHTERS_MAX, "a module fight keeps its fighters");
typedef module_fight_ud d6_fight_ud;
MODULE_FIGHT_OPS(d6_ops, D6_FIGHT, cops_d6_fight);

static d6_fight_ud *to_d6_fight(lua_State *L)
{
  return to_module_fight(L, D6_FIGHT);
}

static d6_fight_ud *new_fight(lua_State *L, ctx_ud *c)
{
  return new_module_fight(L, c, D6_FIGHT);
}

/* cops.d6.fight(ctx[, rules]) */
static int d6_fight(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_d6_rules r;
  const cops_d6_rules *rules = lua_isnoneornil(L, 2) ? NULL : d6_rules_at(L, c, 2, &r);
  d6_fight_ud *f = new_fight(L, c);
  cops_d6_fight *p = NULL;
  check(L, c, cops_d6_fight_new(&p, c->ctx, rules));
  f->p = p;
  c->children++;
  return 1;
}

/* cops.d6.load_fight(ctx, path), cops.d6.fight_json(ctx, text[, base_dir]): a fight that
 * owns its characters (f:sheet(id) gives them as sheets). */
static int d6_load_fight(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *path = checktext(L, 2);
  d6_fight_ud *f = new_fight(L, c);
  cops_d6_fight *p = NULL;
  check(L, c, cops_d6_fight_load(&p, c->ctx, path));
  f->p = p;
  c->children++;
  return 1;
}

static int d6_fight_json(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *text = checktext(L, 2);
  const char *base = lua_isnoneornil(L, 3) ? NULL : checktext(L, 3);
  d6_fight_ud *f = new_fight(L, c);
  cops_d6_fight *p = NULL;
  check(L, c, cops_d6_fight_from_json(&p, c->ctx, text, base));
  f->p = p;
  c->children++;
  return 1;
}

/* f:add(character, side[, x, y]) -> id */
static int f_add(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  entity_ud *ch = to_entity(L, 2, D6_CHARACTER);
  int id;
  check(L, f->owner, cops_d6_fight_add(f->p, ch->p, checkint(L, 3), optint(L, 4, 0),
                                       optint(L, 5, 0), &id));
  lua_getiuservalue(L, 1, 2);
  lua_pushvalue(L, 2);
  lua_rawseti(L, -2, (lua_Integer)luaL_len(L, -2) + 1);
  ch->users++;
  f->kept[f->nkept++] = ch;
  lua_pushinteger(L, id);
  return 1;
}

/* The setters of a fighter: f:set_cover(id, dice), f:set_surpriser(id, bool) ... */
static int f_set(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  const int which = (int)lua_tointeger(L, lua_upvalueindex(1)), id = checkint(L, 2);
  int rc;
  switch (which) {
  case 0: rc = cops_d6_fight_set_cover(f->p, id, checkint(L, 3)); break;
  case 1: rc = cops_d6_fight_set_surpriser(f->p, id, lua_toboolean(L, 3)); break;
  case 2: rc = cops_d6_fight_set_out(f->p, id, lua_toboolean(L, 3)); break;
  case 3: {
    int tactic;
    if (cops_d6_fight_tactic_parse(luaL_checkstring(L, 3), &tactic))
      return luaL_argerror(L, 3, lua_pushfstring(L, "unknown tactic '%s'", lua_tostring(L, 3)));
    rc = cops_d6_fight_set_tactic(f->p, id, tactic);
    break;
  }
  default: rc = cops_d6_fight_set_position(f->p, id, checkint(L, 3), checkint(L, 4)); break;
  }
  check(L, f->owner, rc);
  return 0;
}

/* f:rules() -> the rules' table */
static int f_rules(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  cops_d6_rules r;
  memset(&r, 0, sizeof r);
  r.size = sizeof r;
  check(L, f->owner, cops_d6_fight_rules(f->p, &r));
  lua_createtable(L, 0, 14);
  const named_int nums[] = {{"cp_dice", r.cp_dice}, {"fp_factor", r.fp_factor},
                            {"action_penalty", r.action_penalty}, {"difficulty", r.difficulty},
                            {"gravity", r.gravity}, {"medical_tech", r.medical_tech},
                            {"magic_modifier", r.magic_modifier},
                            {"backlash_percent", r.backlash_percent},
                            {"scroll_use", r.scroll_use}, {"artifact_use", r.artifact_use}};
  const named_int flags[] = {{"explode", r.explode}, {"free_die", r.free_die},
                             {"skill_defence", r.skill_defence},
                             {"success_damage", r.success_damage},
                             {"negative_resistance", r.negative_resistance},
                             {"fall_full_height", r.fall_full_height},
                             {"combat_heal_level5_only", r.combat_heal_level5_only},
                             {"disarm_vs_damage_roll", r.disarm_vs_damage_roll},
                             {"magic_banned", r.magic_banned},
                             {"spell_difficulty_halved", r.spell_difficulty_halved}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  return 1;
}

static int f_vehicle_count(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  lua_pushinteger(L, cops_d6_fight_vehicle_count(f->p));
  return 1;
}

static int f_distance(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  lua_pushinteger(L, check(L, f->owner, cops_d6_fight_distance(f->p, checkint(L, 2),
                                                               checkint(L, 3))));
  return 1;
}

/* f:sheet(id) -> the fighter's character as sheet text (its state now) */
static int f_sheet(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  const cops_d6_character *ch = cops_d6_fight_character(f->p, checkint(L, 2));
  if (!ch)
    return luaL_argerror(L, 2, "no such fighter");
  char *text = NULL;
  check(L, f->owner, cops_d6_character_to_json(ch, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static void push_id(lua_State *L, int id, const char *key)
{
  if (id >= 0)
    lua_pushinteger(L, id);
  else
    lua_pushnil(L);
  lua_setfield(L, -2, key);
}

/* f:fighter(id) -> its state's table (D6-M3) */
static int f_fighter(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  cops_d6_fighter s;
  memset(&s, 0, sizeof s);
  s.size = sizeof s;
  check(L, f->owner, cops_d6_fight_fighter(f->p, checkint(L, 2), &s));
  lua_createtable(L, 0, 23);
  const named_int nums[] = {{"side", s.side}, {"x", s.x}, {"y", s.y},
                            {"initiative", s.initiative}, {"actions", s.actions},
                            {"defence_total", s.defence_total}, {"cover", s.cover},
                            {"preparing", s.preparing}};
  const named_int flags[] = {{"able", s.able}, {"out", s.out}, {"acted", s.acted},
                             {"surpriser", s.surpriser}, {"driver", s.driver},
                             {"coordinated", s.coordinated}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  push_id(L, s.rank, "rank");
  push_id(L, s.holding, "holding");
  push_id(L, s.held_by, "held_by");
  push_id(L, s.vehicle, "vehicle");
  push_id(L, s.coordinator, "coordinator");
  lua_pushstring(L, d6_defence_names[s.defence]);
  lua_setfield(L, -2, "defence");
  lua_pushstring(L, s.defence_skill >= 0 ? cops_d6_trait_name(s.defence_skill) : NULL);
  lua_setfield(L, -2, "defence_skill");
  lua_pushstring(L, cops_d6_fight_tactic_name(s.tactic));
  lua_setfield(L, -2, "tactic");
  lua_pushstring(L, cops_policy_name(s.policy));
  lua_setfield(L, -2, "policy");
  return 1;
}

/* f:set_policy(id, name), f:set_side_policy(side, name), f:policy(id) -> name: what plays
 * a fighter nobody declares for (docs/d6.md, "Policies"). */
static int f_set_policy(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  const int id = checkint(L, 2);
  check(L, f->owner, cops_d6_fight_set_policy(f->p, id, check_policy(L, 3)));
  return 0;
}

static int f_set_side_policy(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  const int side = checkint(L, 2);
  check(L, f->owner, cops_d6_fight_set_side_policy(f->p, side, check_policy(L, 3)));
  return 0;
}

static int f_policy(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  lua_pushstring(L, cops_policy_name(check(L, f->owner, cops_d6_fight_policy(f->p, checkint(L, 2)))));
  return 1;
}

/* f:coordinate(coordinator, target, {members}) */
static int f_coordinate(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  luaL_checktype(L, 4, LUA_TTABLE);
  const lua_Integer n = luaL_len(L, 4);
  luaL_argcheck(L, n <= 7, 4, "at most 7 members");
  int members[7];
  for (lua_Integer k = 1; k <= n; k++) {
    lua_rawgeti(L, 4, k);
    members[k - 1] = checkint(L, -1);
    lua_pop(L, 1);
  }
  check(L, f->owner, cops_d6_fight_coordinate(f->p, checkint(L, 2), checkint(L, 3), members,
                                              (int)n));
  return 0;
}

/* f:add_vehicle(vehicle_table[, x, y]) -> vid */
static int f_add_vehicle(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  cops_d6_vehicle v;
  d6_vehicle_at(L, f->owner, 2, &v);
  int vid;
  check(L, f->owner, cops_d6_fight_add_vehicle(f->p, &v, optint(L, 3, 0), optint(L, 4, 0),
                                               &vid));
  lua_pushinteger(L, vid);
  return 1;
}

/* f:vehicle(vid) -> the vehicle's table as it is now, with x and y */
static int f_vehicle(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  cops_d6_vehicle v;
  memset(&v, 0, sizeof v);
  v.size = sizeof v;
  const int vid = checkint(L, 2);
  int x, y;
  check(L, f->owner, cops_d6_fight_vehicle(f->p, vid, &v));
  check(L, f->owner, cops_d6_fight_vehicle_position(f->p, vid, &x, &y));
  lua_newtable(L);
  d6_vehicle_put(L, lua_gettop(L), &v);
  lua_pushinteger(L, x);
  lua_setfield(L, -2, "x");
  lua_pushinteger(L, y);
  lua_setfield(L, -2, "y");
  return 1;
}

/* f:board(id, vid or nil[, driver]) */
static int f_board(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  check(L, f->owner, cops_d6_fight_board(f->p, checkint(L, 2), optint(L, 3, -1),
                                         lua_toboolean(L, 4)));
  return 0;
}

static int f_round_call(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  const int which = (int)lua_tointeger(L, lua_upvalueindex(1));
  int (*const fn[])(cops_d6_fight *) = {cops_d6_fight_begin_round, cops_d6_fight_resolve_round,
                                        cops_d6_fight_run_round, cops_d6_fight_run};
  check(L, f->owner, fn[which](f->p));
  return 0;
}

static int f_order(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  int ids[COPS_D6_FIGHTERS_MAX], n;
  check(L, f->owner, cops_d6_fight_order(f->p, ids, COPS_D6_FIGHTERS_MAX, &n));
  lua_createtable(L, n, 0);
  for (int k = 0; k < n; k++) {
    lua_pushinteger(L, ids[k]);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* The declaration of the table at index 3 for fighter id. */
static void declaration_of(lua_State *L, d6_fight_ud *f, int id, cops_d6_declaration *d)
{
  luaL_checktype(L, 3, LUA_TTABLE);
  cops_d6_declaration_init(d, COPS_D6_DO_NOTHING);
  const cops_d6_character *ch = cops_d6_fight_character(f->p, id);
  if (!ch)
    luaL_argerror(L, 2, "no such fighter");
  d->action = opt_field_parsed(L, 3, "action", COPS_D6_DO_NOTHING,
                               cops_d6_fight_action_parse);
  d->target = opt_field_int(L, 3, "target", -1);
  d->weapon = d6_weapon_index(L, 3, "weapon", ch);
  d->option = d6_field_word(L, 3, "option", d6_option_names, d->option);
  d->location = d6_field_word(L, 3, "location", d6_location_names, d->location);
  d->count = opt_field_int(L, 3, "count", d->count);
  d->impact = d6_field_word(L, 3, "impact", d6_impact_names, d->impact);
  d->defence = d6_field_word(L, 3, "defence", d6_defence_names, d->defence);
  if (lua_getfield(L, 3, "defence_skill") != LUA_TNIL)
    d->defence_skill = d6_trait_arg(L, lua_gettop(L));
  lua_pop(L, 1);
  d->parry_weapon = d6_weapon_index(L, 3, "parry_weapon", ch);
  d->speed = d6_field_word(L, 3, "speed", d6_speed_names, d->speed);
  static const char *const flags[] = {"disarm", "release", "fp"};
  int *at[] = {&d->disarm, &d->release, &d->fp};
  for (int k = 0; k < 3; k++) {
    if (lua_getfield(L, 3, flags[k]) != LUA_TNIL)
      *at[k] = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  if (lua_getfield(L, 3, "move_to") == LUA_TTABLE) {
    d->moving = 1;
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    d->x = checkint(L, -2);
    d->y = checkint(L, -1);
    lua_pop(L, 2);
  }
  lua_pop(L, 1);
  d->cp = opt_field_int(L, 3, "cp", 0);
  d->extra_actions = opt_field_int(L, 3, "extra_actions", 0);
  if (lua_getfield(L, 3, "spell_skill") != LUA_TNIL)
    d->spell_skill = d6_trait_arg(L, lua_gettop(L));
  lua_pop(L, 1);
  d->spell_difficulty = opt_field_int(L, 3, "spell_difficulty", d->spell_difficulty);
  if (lua_getfield(L, 3, "spell_damage") != LUA_TNIL)
    d->spell_damage = d6_code_at(L, f->owner, lua_gettop(L));
  lua_pop(L, 1);
  d->preparation = opt_field_int(L, 3, "preparation", 0);
  if (lua_getfield(L, 3, "spell_aim") != LUA_TNIL)
    d->spell_aim = d6_trait_arg(L, lua_gettop(L));
  lua_pop(L, 1);
  d->spell_reach = opt_field_int(L, 3, "spell_reach", d->spell_reach);
  d->spell_beat = opt_field_int(L, 3, "spell_beat", d->spell_beat);
}

/* f:declare(id, {action = "attack", target = 1, weapon = ..., defence = "active" ...}) */
static int f_declare(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  const int id = checkint(L, 2);
  cops_d6_declaration d;
  declaration_of(L, f, id, &d);
  check(L, f->owner, cops_d6_fight_declare(f->p, id, &d));
  return 0;
}

/* f:suggest(id) -> the policy's declaration as a table */
static int f_suggest(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  cops_d6_declaration d;
  cops_d6_declaration_init(&d, COPS_D6_DO_NOTHING);
  check(L, f->owner, cops_d6_fight_suggest(f->p, checkint(L, 2), &d));
  lua_createtable(L, 0, 16);
  lua_pushstring(L, cops_d6_fight_action_name(d.action));
  lua_setfield(L, -2, "action");
  push_id(L, d.target, "target");
  push_id(L, d.weapon, "weapon");
  push_id(L, d.parry_weapon, "parry_weapon");
  const struct { const char *key; const char *value; } words[] = {
    {"option", d6_option_names[d.option]}, {"location", d6_location_names[d.location]},
    {"impact", d6_impact_names[d.impact]}, {"defence", d6_defence_names[d.defence]},
    {"defence_skill", cops_d6_trait_name(d.defence_skill)},
    {"speed", d.speed >= 0 ? d6_speed_names[d.speed] : NULL}};
  for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
    lua_pushstring(L, words[k].value);
    lua_setfield(L, -2, words[k].key);
  }
  const named_int nums[] = {{"count", d.count}, {"cp", d.cp}, {"extra_actions", d.extra_actions}};
  const named_int bools[] = {{"disarm", d.disarm}, {"release", d.release}, {"fp", d.fp}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  set_fields(L, bools, sizeof bools / sizeof bools[0], 1);
  if (d.moving) {
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, d.x);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, d.y);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, -2, "move_to");
  }
  return 1;
}

/* f:next(), f:step() -> an id or nil */
static int f_next(lua_State *L)
{
  d6_fight_ud *f = to_d6_fight(L);
  int id;
  check(L, f->owner, lua_toboolean(L, lua_upvalueindex(1)) ? cops_d6_fight_step(f->p, &id)
                                                            : cops_d6_fight_next(f->p, &id));
  if (id < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, id);
  return 1;
}

void open_d6_fight(lua_State *L)
{
  static const luaL_Reg methods[] = {
    {"add", f_add}, {"rules", f_rules}, {"distance", f_distance}, {"sheet", f_sheet},
    {"fighter", f_fighter}, {"coordinate", f_coordinate}, {"add_vehicle", f_add_vehicle},
    {"vehicle", f_vehicle}, {"board", f_board}, {"order", f_order}, {"declare", f_declare},
    {"suggest", f_suggest}, {"vehicle_count", f_vehicle_count}, {"set_policy", f_set_policy},
    {"set_side_policy", f_set_side_policy}, {"policy", f_policy}, {NULL, NULL},
  };
  metatable(L, D6_FIGHT, methods);
  lua_getfield(L, -1, "__index");
  static const char *const setters[] = {"set_cover", "set_surpriser", "set_out", "set_tactic",
                                        "set_position"};
  for (int k = 0; k < 5; k++) {
    lua_pushinteger(L, k);
    lua_pushcclosure(L, f_set, 1);
    lua_setfield(L, -2, setters[k]);
  }
  static const char *const rounds[] = {"begin_round", "resolve_round", "run_round", "run"};
  for (int k = 0; k < 4; k++) {
    lua_pushinteger(L, k);
    lua_pushcclosure(L, f_round_call, 1);
    lua_setfield(L, -2, rounds[k]);
  }
  for (int k = 0; k < 2; k++) {
    lua_pushboolean(L, k);
    lua_pushcclosure(L, f_next, 1);
    lua_setfield(L, -2, k ? "step" : "next");
  }
  lua_pop(L, 1);
  module_fight_methods(L, &d6_ops);
  lua_pop(L, 1);
  static const luaL_Reg functions[] = {
    {"fight", d6_fight}, {"load_fight", d6_load_fight}, {"fight_json", d6_fight_json},
    {NULL, NULL},
  };
  luaL_setfuncs(L, functions, 0);
  push_names(L, cops_d6_fight_action_name);
  lua_setfield(L, -2, "fight_actions");
  push_names(L, cops_d6_fight_tactic_name);
  lua_setfield(L, -2, "tactics");
}

#endif
