/* cops.st's whole fights (docs/lua.md, docs/storyteller.md "Fights"; <cops/st-fight.h>):
 * cops.st.fight(ctx[, rules]), cops.st.load_fight(ctx, path), cops.st.fight_json(ctx, text
 * [, base_dir]) and the fight's methods. */
#include <string.h>

#include "cops-lua.h"

#if COPS_WITH_ST

#define ST_FIGHT "cops.st_fight"

_Static_assert(COPS_ST_FIGHTERS_MAX <= MODULE_FIGHTERS_MAX, "a module fight keeps its fighters");
typedef module_fight_ud st_fight_ud;
MODULE_FIGHT_OPS(st_ops, ST_FIGHT, cops_st_fight);

static st_fight_ud *to_st_fight(lua_State *L)
{
  return to_module_fight(L, ST_FIGHT);
}

static st_fight_ud *new_fight(lua_State *L, ctx_ud *c)
{
  return new_module_fight(L, c, ST_FIGHT);
}

/* cops.st.fight(ctx[, rules]) */
static int st_fight(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_st_rules r;
  const cops_st_rules *rules = check_rules(L, c, 2, &r);
  st_fight_ud *f = new_fight(L, c);
  cops_st_fight *p = NULL;
  check(L, c, cops_st_fight_new(&p, c->ctx, rules));
  f->p = p;
  c->children++;
  return 1;
}

/* cops.st.load_fight(ctx, path), cops.st.fight_json(ctx, text[, base_dir]): a fight that
 * owns its characters (f:sheet(id) gives them as sheets). */
static int st_load_fight(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *path = checktext(L, 2);
  st_fight_ud *f = new_fight(L, c);
  cops_st_fight *p = NULL;
  check(L, c, cops_st_fight_load(&p, c->ctx, path));
  f->p = p;
  c->children++;
  return 1;
}

static int st_fight_json(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *text = checktext(L, 2);
  const char *base = lua_isnoneornil(L, 3) ? NULL : checktext(L, 3);
  st_fight_ud *f = new_fight(L, c);
  cops_st_fight *p = NULL;
  check(L, c, cops_st_fight_from_json(&p, c->ctx, text, base));
  f->p = p;
  c->children++;
  return 1;
}

static int parsed(lua_State *L, int i, int (*parse)(const char *, int *), const char *what)
{
  int v;
  if (parse(luaL_checkstring(L, i), &v))
    luaL_argerror(L, i, lua_pushfstring(L, "unknown %s '%s'", what, lua_tostring(L, i)));
  return v;
}

/* f:add(character, side[, x, y]) -> id */
static int f_add(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  entity_ud *ch = to_entity(L, 2, ST_CHARACTER);
  int id;
  check(L, f->owner, cops_st_fight_add(f->p, ch->p, checkint(L, 3), optint(L, 4, 0),
                                       optint(L, 5, 0), &id));
  lua_getiuservalue(L, 1, 2);
  lua_pushvalue(L, 2);
  lua_rawseti(L, -2, (lua_Integer)luaL_len(L, -2) + 1);
  ch->users++;
  f->kept[f->nkept++] = ch;
  lua_pushinteger(L, id);
  return 1;
}

/* The setters of a fighter: f:set_cover(id, n), f:set_surprised(id, bool) ... */
static int f_set(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  const int which = (int)lua_tointeger(L, lua_upvalueindex(1)), id = checkint(L, 2);
  int rc;
  switch (which) {
  case 0: rc = cops_st_fight_set_cover(f->p, id, checkint(L, 3)); break;
  case 1: rc = cops_st_fight_set_surprised(f->p, id, lua_toboolean(L, 3)); break;
  case 2: rc = cops_st_fight_set_prone(f->p, id, lua_toboolean(L, 3)); break;
  case 3: rc = cops_st_fight_set_spend(f->p, id, lua_toboolean(L, 3)); break;
  case 4: rc = cops_st_fight_set_out(f->p, id, lua_toboolean(L, 3)); break;
  case 5: rc = cops_st_fight_set_tactic(f->p, id, parsed(L, 3, cops_st_fight_tactic_parse,
                                                         "tactic")); break;
  default: rc = cops_st_fight_set_position(f->p, id, checkint(L, 3), checkint(L, 4)); break;
  }
  check(L, f->owner, rc);
  return 0;
}

/* f:rules() -> the rules' table */
static int f_rules(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  cops_st_rules r;
  memset(&r, 0, sizeof r);
  r.size = sizeof r;
  check(L, f->owner, cops_st_fight_rules(f->p, &r));
  lua_createtable(L, 0, 12);
  const named_int nums[] = {{"threshold", r.threshold}, {"again", r.again},
                            {"human_size", r.human_size}, {"speed_base", r.speed_base},
                            {"combatant_xp", r.combatant_xp},
                            {"combatant_skill", r.combatant_skill}};
  const named_int flags[] = {{"chance_die", r.chance_die},
                             {"defense_athletics", r.defense_athletics},
                             {"health_track", r.health_track},
                             {"wound_penalties", r.wound_penalties},
                             {"outnumber_incremental", r.outnumber_incremental},
                             {"stray_shots", r.stray_shots}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  return 1;
}

static int f_distance(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  lua_pushinteger(L, check(L, f->owner, cops_st_fight_distance(f->p, checkint(L, 2),
                                                               checkint(L, 3))));
  return 1;
}

/* f:sheet(id) -> the fighter's character as sheet text (its state now) */
static int f_sheet(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  const cops_st_character *ch = cops_st_fight_character(f->p, checkint(L, 2));
  if (!ch)
    return luaL_argerror(L, 2, "no such fighter");
  char *text = NULL;
  check(L, f->owner, cops_st_character_to_json(ch, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static const char *const nerves[] = {"acts", "spent", "restricted", "out"};

static void push_id(lua_State *L, int id, const char *key)
{
  if (id >= 0)
    lua_pushinteger(L, id);
  else
    lua_pushnil(L);
  lua_setfield(L, -2, key);
}

/* f:fighter(id) -> its state's table (ST-M3) */
static int f_fighter(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  cops_st_fighter s;
  memset(&s, 0, sizeof s);
  s.size = sizeof s;
  check(L, f->owner, cops_st_fight_fighter(f->p, checkint(L, 2), &s));
  lua_createtable(L, 0, 27);
  const named_int nums[] = {
    {"side", s.side}, {"x", s.x}, {"y", s.y}, {"initiative", s.initiative},
    {"roll_used", s.roll_used}, {"moves_used", s.moves_used},
    {"automatic_used", s.automatic_used}, {"attackers", s.attackers}, {"cover", s.cover},
    {"cover_used", s.cover_used}, {"total_defense", s.total_defense}, {"aim", s.aim}};
  const named_int flags[] = {{"able", s.able}, {"out", s.out}, {"acted", s.acted},
                             {"delayed", s.delayed}, {"surprised", s.surprised},
                             {"prone", s.prone}, {"spend", s.spend}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  push_id(L, s.rank, "rank");
  push_id(L, s.facing, "facing");
  push_id(L, s.aim_target, "aim_target");
  push_id(L, s.grapple, "grapple");
  lua_pushstring(L, nerves[s.nerve]);
  lua_setfield(L, -2, "nerve");
  lua_pushstring(L, cops_st_fight_tactic_name(s.tactic));
  lua_setfield(L, -2, "tactic");
  lua_pushstring(L, cops_policy_name(s.policy));
  lua_setfield(L, -2, "policy");
  return 1;
}

/* f:set_policy(id, name), f:set_side_policy(side, name), f:policy(id) -> name: what plays
 * a fighter nobody declares for (docs/storyteller.md, "Policies"). */
static int f_set_policy(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  const int id = checkint(L, 2);
  check(L, f->owner, cops_st_fight_set_policy(f->p, id, check_policy(L, 3)));
  return 0;
}

static int f_set_side_policy(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  const int side = checkint(L, 2);
  check(L, f->owner, cops_st_fight_set_side_policy(f->p, side, check_policy(L, 3)));
  return 0;
}

static int f_policy(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  lua_pushstring(L, cops_policy_name(check(L, f->owner, cops_st_fight_policy(f->p, checkint(L, 2)))));
  return 1;
}

/* f:grapple(id) -> {first, second, hold, shield, controller} or nil */
static int f_grapple(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  cops_st_grapple g;
  memset(&g, 0, sizeof g);
  g.size = sizeof g;
  int first, second;
  const int rc = cops_st_fight_grapple(f->p, checkint(L, 2), &g, &first, &second);
  if (rc == COPS_ESTATE)
    return lua_pushnil(L), 1;
  check(L, f->owner, rc);
  static const char *const sides[] = {NULL, "first", "second"};
  lua_createtable(L, 0, 5);
  lua_pushinteger(L, first);
  lua_setfield(L, -2, "first");
  lua_pushinteger(L, second);
  lua_setfield(L, -2, "second");
  const int *who[] = {&g.hold, &g.shield, &g.controller};
  static const char *const keys[] = {"hold", "shield", "controller"};
  for (int k = 0; k < 3; k++) {
    lua_pushstring(L, sides[*who[k]]);
    lua_setfield(L, -2, keys[k]);
  }
  return 1;
}

static int f_round_call(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  const int which = (int)lua_tointeger(L, lua_upvalueindex(1));
  int (*const fn[])(cops_st_fight *) = {cops_st_fight_begin_round, cops_st_fight_resolve_round,
                                        cops_st_fight_run_round, cops_st_fight_run};
  check(L, f->owner, fn[which](f->p));
  return 0;
}

static int f_order(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  int ids[COPS_ST_FIGHTERS_MAX], n;
  check(L, f->owner, cops_st_fight_order(f->p, ids, COPS_ST_FIGHTERS_MAX, &n));
  lua_createtable(L, n, 0);
  for (int k = 0; k < n; k++) {
    lua_pushinteger(L, ids[k]);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

static const char *const called[] = {"body", "arm", "leg", "head", "heart", "hand", "eye", NULL};
static const char *const effects[] = {"break_free", "take_weapon", "damage", "disarm", "hold",
                                      "shield", NULL};

/* The declaration of the table at index 3 for fighter id. */
static void declaration_of(lua_State *L, st_fight_ud *f, int id, cops_st_declaration *d)
{
  luaL_checktype(L, 3, LUA_TTABLE);
  cops_st_declaration_init(d, COPS_ST_DO_NOTHING);
  d->action = opt_field_parsed(L, 3, "action", COPS_ST_DO_NOTHING, cops_st_fight_action_parse);
  d->target = opt_field_int(L, 3, "target", -1);
  const cops_st_character *ch = cops_st_fight_character(f->p, id);
  if (!ch)
    luaL_argerror(L, 2, "no such fighter");
  d->weapon = weapon_field(L, 3, "weapon", ch);
  if (lua_getfield(L, 3, "touch") != LUA_TNIL && lua_toboolean(L, -1))
    d->flags |= COPS_ST_TOUCH;
  if (lua_getfield(L, 3, "burst") != LUA_TNIL && lua_toboolean(L, -1))
    d->flags |= COPS_ST_BURST;
  lua_pop(L, 2);
  if (lua_getfield(L, 3, "called") != LUA_TNIL)
    d->called = luaL_checkoption(L, -1, NULL, called);
  lua_pop(L, 1);
  d->bonus = opt_field_int(L, 3, "bonus", 0);
  d->cover = opt_field_int(L, 3, "cover", -1);
  if (lua_getfield(L, 3, "move_to") == LUA_TTABLE) {
    d->moving = 1;
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    d->x = checkint(L, -2);
    d->y = checkint(L, -1);
    lua_pop(L, 2);
  }
  lua_pop(L, 1);
  if (lua_getfield(L, 3, "prone") != LUA_TNIL) {
    static const char *const prone[] = {"up", "down", NULL};
    d->prone = luaL_checkoption(L, -1, NULL, prone) ? 1 : -1;
  }
  lua_pop(L, 1);
  d->after = opt_field_int(L, 3, "after", -1);
  if (lua_getfield(L, 3, "effects") == LUA_TTABLE) {
    const lua_Integer n = luaL_len(L, -1);
    if (n > 2)
      luaL_error(L, "two effects at most");
    for (lua_Integer k = 1; k <= n; k++) {
      lua_rawgeti(L, -1, k);
      d->effects[k - 1] = luaL_checkoption(L, -1, NULL, effects);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  if (lua_getfield(L, 3, "bite") != LUA_TNIL)
    d->bite = lua_toboolean(L, -1);
  lua_pop(L, 1);
}

/* f:declare(id, {action = "attack", target = 1, weapon = ..., move_to = {x, y} ...}) */
static int f_declare(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  const int id = checkint(L, 2);
  cops_st_declaration d;
  declaration_of(L, f, id, &d);
  check(L, f->owner, cops_st_fight_declare(f->p, id, &d));
  return 0;
}

/* f:suggest(id) -> the policy's declaration as a table */
static int f_suggest(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  cops_st_declaration d;
  cops_st_declaration_init(&d, COPS_ST_DO_NOTHING);
  check(L, f->owner, cops_st_fight_suggest(f->p, checkint(L, 2), &d));
  lua_createtable(L, 0, 12);
  lua_pushstring(L, cops_st_fight_action_name(d.action));
  lua_setfield(L, -2, "action");
  push_id(L, d.target, "target");
  push_id(L, d.weapon, "weapon");
  push_id(L, d.cover, "cover");
  push_id(L, d.after, "after");
  const named_int flags[] = {{"burst", (d.flags & COPS_ST_BURST) != 0},
                             {"touch", (d.flags & COPS_ST_TOUCH) != 0}, {"bite", d.bite}};
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  if (d.moving) {
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, d.x);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, d.y);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, -2, "move_to");
  }
  if (d.prone) {
    lua_pushstring(L, d.prone > 0 ? "down" : "up");
    lua_setfield(L, -2, "prone");
  }
  lua_createtable(L, 2, 0);
  for (int k = 0, n = 0; k < 2; k++)
    if (d.effects[k] >= 0) {
      lua_pushstring(L, effects[d.effects[k]]);
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, "effects");
  return 1;
}

/* f:next(), f:step() -> an id or nil */
static int f_next(lua_State *L)
{
  st_fight_ud *f = to_st_fight(L);
  int id;
  check(L, f->owner, lua_toboolean(L, lua_upvalueindex(1)) ? cops_st_fight_step(f->p, &id)
                                                            : cops_st_fight_next(f->p, &id));
  if (id < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, id);
  return 1;
}

void open_st_fight(lua_State *L)
{
  static const luaL_Reg methods[] = {
    {"add", f_add}, {"rules", f_rules}, {"distance", f_distance}, {"sheet", f_sheet},
    {"fighter", f_fighter}, {"grapple", f_grapple}, {"order", f_order},
    {"declare", f_declare}, {"suggest", f_suggest}, {"set_policy", f_set_policy},
    {"set_side_policy", f_set_side_policy}, {"policy", f_policy}, {NULL, NULL},
  };
  metatable(L, ST_FIGHT, methods);
  lua_getfield(L, -1, "__index");
  static const char *const setters[] = {"set_cover", "set_surprised", "set_prone", "set_spend",
                                        "set_out", "set_tactic", "set_position"};
  for (int k = 0; k < 7; k++) {
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
  module_fight_methods(L, &st_ops);
  lua_pop(L, 1);
  static const luaL_Reg functions[] = {
    {"fight", st_fight}, {"load_fight", st_load_fight}, {"fight_json", st_fight_json},
    {NULL, NULL},
  };
  luaL_setfuncs(L, functions, 0);
  push_names(L, cops_st_fight_action_name);
  lua_setfield(L, -2, "fight_actions");
  push_names(L, cops_st_fight_tactic_name);
  lua_setfield(L, -2, "tactics");
}

#endif
