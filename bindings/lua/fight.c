/* The Lua binding of whole fights (lib/fight, <cops/encounter.h>, docs/encounters.md,
 * docs/lua.md): encounters built combatant by combatant and scenarios read from files,
 * declared, resolved round by round or run to the end, saved and resumed; what an
 * encounter tells of its combatants. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cops-lua.h"

fight_ud *to_fight(lua_State *L, int i, const char *mt)
{
  fight_ud *f = luaL_checkudata(L, i, mt);
  if (!f->p)
    luaL_error(L, "the %s is closed", mt + 5);
  f->owner->L = L;
  return f;
}

cops_encounter *encounter_of(fight_ud *f)
{
  return f->scenario ? cops_scenario_encounter(f->p) : f->p;
}

/* Either kind: a method that works on an encounter or a scenario's. */
fight_ud *to_any_fight(lua_State *L, int i)
{
  fight_ud *f = luaL_testudata(L, i, ENCOUNTER);
  if (!f)
    f = luaL_testudata(L, i, SCENARIO);
  if (!f)
    luaL_typeerror(L, i, "cops encounter or scenario");
  if (!f->p)
    luaL_error(L, "the %s is closed", f->scenario ? "scenario" : "encounter");
  f->owner->L = L;
  return f;
}

static int ctx_encounter(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  fight_ud *f = lua_newuserdatauv(L, sizeof *f, 2);
  memset(f, 0, sizeof *f);
  f->owner = c;
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  lua_newtable(L);                 /* what the encounter borrows, kept alive */
  lua_setiuservalue(L, -2, 2);
  luaL_setmetatable(L, ENCOUNTER);
  cops_encounter *e;
  check(L, c, cops_encounter_new(&e, c->ctx, COPS_RULES_CORE));
  f->p = e;
  c->children++;
  return 1;
}

static int ctx_scenario(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  fight_ud *f = lua_newuserdatauv(L, sizeof *f, 1);
  memset(f, 0, sizeof *f);
  f->owner = c;
  f->scenario = 1;
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, SCENARIO);
  cops_scenario *s;
  check(L, c, cops_scenario_load(&s, c->ctx, checktext(L, 2)));
  f->p = s;
  c->children++;
  return 1;
}

static int fight_close(lua_State *L)
{
  fight_ud *f = luaL_testudata(L, 1, ENCOUNTER);
  if (!f)
    f = luaL_checkudata(L, 1, SCENARIO);
  if (!f->p)
    return 0;
  if (lua_toboolean(L, lua_upvalueindex(2)))
    refuse_in_callback(L, f->owner, f->scenario ? "scenario" : "encounter");
  if (f->anciennete > 0)
    luaL_unref(L, LUA_REGISTRYINDEX, f->anciennete);
  f->anciennete = 0;
  if (f->scenario) {
    cops_scenario_free(f->p);
  } else {
    cops_encounter_free(f->p);
    for (int i = 0; i < f->nkept; i++)
      if (--f->kept[i]->users == 0 && f->kept[i]->closed && f->kept[i]->p)
        entity_free(f->kept[i]);
  }
  f->p = NULL;
  f->owner->children--;
  ctx_release(f->owner);
  return 0;
}

static void keep(lua_State *L, fight_ud *f, int index)
{
  entity_ud *e = lua_touserdata(L, index);
  lua_getiuservalue(L, 1, 2);
  lua_pushvalue(L, index);
  lua_rawseti(L, -2, (lua_Integer)luaL_len(L, -2) + 1);
  lua_pop(L, 1);
  e->users++;
  f->kept[f->nkept++] = e;
}

/* e:equip(id): the combatant takes its sheet's gear (cops_encounter_equip); the weapons and
 * armour it took are kept as handles of their own, so that e:weapon(id) finds them. */
static int encounter_equip(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, ENCOUNTER);
  const int id = checkint(L, 2);
  if (f->nkept + COPS_WEAPONS_MAX + 1 > (int)(sizeof f->kept / sizeof f->kept[0]))
    return luaL_error(L, "too many combatants");
  check(L, f->owner, cops_encounter_equip(f->p, id));
  void *got[COPS_WEAPONS_MAX + 1];
  const char *mt[COPS_WEAPONS_MAX + 1];
  int n = 0;
  for (int k = 0; k < cops_encounter_weapon_count(f->p, id); k++) {
    got[n] = cops_encounter_weapon_at(f->p, id, k);
    mt[n++] = WEAPON;
  }
  if ((got[n] = (void *)cops_encounter_armour(f->p, id)))
    mt[n++] = ARMOUR;
  lua_getiuservalue(L, 1, 1);      /* the context */
  const int ctx_at = lua_gettop(L);
  for (int i = 0; i < n; i++) {
    int known = 0;
    for (int k = 0; k < f->nkept && !known; k++)
      known = f->kept[k]->p == got[i];
    if (known)
      continue;
    if (!strcmp(mt[i], WEAPON))
      cops_weapon_retain(got[i]);
    else
      cops_armour_retain(got[i]);
    new_entity_at(L, ctx_at, f->owner, mt[i], got[i]);
    keep(L, f, lua_gettop(L));
    lua_pop(L, 1);
  }
  return 0;
}

/* e:add(character, side, x, y, {weapons = {...}, armour = a, controlled = true}) -> id */
static int encounter_add(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, ENCOUNTER);
  entity_ud *ch = to_entity(L, 2, CHARACTER);
  int id;
  if (f->nkept + COPS_WEAPONS_MAX + 2 > (int)(sizeof f->kept / sizeof f->kept[0]))
    return luaL_error(L, "too many combatants");
  check(L, f->owner, cops_encounter_add(f->p, ch->p, checkint(L, 3),
                                        optint(L, 4, 0),
                                        optint(L, 5, 0), &id));
  keep(L, f, 2);
  if (lua_istable(L, 6)) {
    if (lua_getfield(L, 6, "weapons") == LUA_TTABLE) {
      const int n = (int)luaL_len(L, -1);
      for (int k = 1; k <= n; k++) {
        lua_rawgeti(L, -1, k);
        entity_ud *w = to_entity(L, -1, WEAPON);
        check(L, f->owner, cops_encounter_give_weapon(f->p, id, w->p));
        keep(L, f, lua_gettop(L));
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 6, "armour") != LUA_TNIL) {
      entity_ud *a = to_entity(L, -1, ARMOUR);
      check(L, f->owner, cops_encounter_set_armour(f->p, id, a->p));
      keep(L, f, lua_gettop(L));
    }
    lua_pop(L, 1);
    lua_getfield(L, 6, "controlled");
    if (lua_toboolean(L, -1))
      check(L, f->owner, cops_encounter_set_controlled(f->p, id, 1));
    lua_pop(L, 1);
  }
  lua_pushinteger(L, id);
  return 1;
}

static int int_field(lua_State *L, int t, const char *key, int dflt)
{
  int v = dflt;
  if (lua_getfield(L, t, key) != LUA_TNIL)
    v = checkint(L, -1);
  lua_pop(L, 1);
  return v;
}

/* The declaration of the table at index 3. */
static void declaration_of(lua_State *L, cops_declaration *out)
{
  luaL_checktype(L, 3, LUA_TTABLE);
  int action, attitude = 0;
  lua_getfield(L, 3, "action");
  if (cops_encounter_action_parse(checktext(L, -1), &action))
    luaL_error(L, "unknown action '%s'", lua_tostring(L, -1));   /* raises */
  lua_pop(L, 1);
  if (lua_getfield(L, 3, "attitude") == LUA_TSTRING) {
    if (cops_attitude_parse(lua_tostring(L, -1), &attitude))
      luaL_error(L, "unknown attitude '%s'", lua_tostring(L, -1));   /* raises */
  } else if (!lua_isnil(L, -1)) {
    attitude = checkint(L, -1);
  }
  lua_pop(L, 1);
  cops_declaration d;
  cops_declaration_init(&d, action);
  d.attitude = attitude;
  d.initiative = int_field(L, 3, "initiative", 0);
  d.target = int_field(L, 3, "target", -1);
  d.shots = int_field(L, 3, "shots", 1);
  d.weapon = int_field(L, 3, "weapon", 0);
  d.difficulty = int_field(L, 3, "difficulty", 3);
  d.dice_mod = int_field(L, 3, "dice_mod", 0);          /* the GM's (C1.7) */
  d.threshold_mod = int_field(L, 3, "threshold_mod", 0);
  d.difficulty_mod = int_field(L, 3, "difficulty_mod", 0);
  lua_getfield(L, 3, "long_move");
  d.long_move = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 3, "adrenaline");
  d.adrenaline = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 3, "anciennete");
  d.anciennete = lua_toboolean(L, -1);   /* C5: spend on each failed roll this round */
  lua_pop(L, 1);
  d.aim = int_field(L, 3, "aim", 0);                    /* the alternative rules' (A) */
  d.bullets = int_field(L, 3, "bullets", 0);
  d.circumstances = int_field(L, 3, "circumstances", 0);
  d.keep = int_field(L, 3, "keep", 0);
  if (lua_getfield(L, 3, "to") == LUA_TTABLE) {
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    d.moving = 1;
    d.x = checkint(L, -2);
    d.y = checkint(L, -1);
    lua_pop(L, 2);
  }
  lua_pop(L, 1);
  *out = d;
}

/* e:declare(id, {action = "shoot", target = 1, attitude = "Agressif", initiative = 0,
 *                shots = 1, to = {x, y}, weapon = 0, difficulty = 3}) */
static int encounter_declare(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, ENCOUNTER);
  const int id = checkint(L, 2);
  cops_declaration d;
  declaration_of(L, &d);
  check(L, f->owner, cops_encounter_declare(f->p, id, &d));
  return 0;
}

struct planned {
  cops_encounter *e;
  int id;
  const cops_declaration *d;
};
static int compute_planned(cops_attack_odds *o, const void *arg)
{
  const struct planned *p = arg;
  return cops_encounter_odds(p->e, p->id, p->d, o);
}

/* e:odds(id, {declaration}): the odds of the attack e:declare(id, {...}) would make. */
static int fight_odds(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int id = checkint(L, 2);
  cops_declaration d;
  declaration_of(L, &d);
  const struct planned p = {encounter_of(f), id, &d};
  return push_attack_odds(L, f->owner, compute_planned, &p);
}

/* C5: the Lua function's decision, fn(id, purpose, failed roll, points) -> boolean. */
static int anciennete_callback(void *user, int id, int purpose, const cops_roll *failed,
                               int points)
{
  fight_ud *f = user;
  ctx_ud *c = f->owner;
  lua_State *L = c->L;
  lua_rawgeti(L, LUA_REGISTRYINDEX, f->anciennete);
  lua_pushinteger(L, id);
  lua_pushstring(L, cops_purpose_name(purpose));
  push_roll(L, failed);
  lua_pushinteger(L, points);
  c->in_callback++;
  const int status = lua_pcall(L, 4, 1, 0);
  c->in_callback--;
  if (status != LUA_OK) {
    keep_failure(L, c);
    return COPS_ESTATE;
  }
  if (!lua_isboolean(L, -1)) {
    callback_failure(L, c, COPS_ESTATE, "the Ancienneté function returned %s, not a boolean",
                     luaL_tolstring(L, -1, NULL));
    lua_pop(L, 2);
    return COPS_ESTATE;
  }
  const int spend = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return spend;
}

/* e:set_anciennete_callback(fn | nil) */
static int fight_set_anciennete(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  if (!lua_isnoneornil(L, 2))
    luaL_checktype(L, 2, LUA_TFUNCTION);
  if (f->anciennete > 0)
    luaL_unref(L, LUA_REGISTRYINDEX, f->anciennete);
  f->anciennete = 0;
  if (lua_isnoneornil(L, 2)) {
    check(L, f->owner, cops_encounter_set_anciennete_callback(encounter_of(f), NULL, NULL));
    return 0;
  }
  lua_pushvalue(L, 2);
  f->anciennete = luaL_ref(L, LUA_REGISTRYINDEX);
  check(L, f->owner, cops_encounter_set_anciennete_callback(encounter_of(f), anciennete_callback,
                                                            f));
  return 0;
}

#define FIGHT_CALL(name, call)                                              \
  static int name(lua_State *L)                                             \
  {                                                                         \
    fight_ud *f = to_any_fight(L, 1);                                       \
    check(L, f->owner, call(encounter_of(f)));                              \
    return 0;                                                               \
  }
FIGHT_CALL(fight_begin_round, cops_encounter_begin_round)
FIGHT_CALL(fight_resolve_round, cops_encounter_resolve_round)
FIGHT_CALL(fight_run_round, cops_encounter_run_round)

static int fight_run(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, f->scenario ? cops_scenario_run(f->p) : cops_encounter_run(f->p));
  return 0;
}

static int fight_reset(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_encounter_reset(encounter_of(f)));
  return 0;
}

static int fight_seed(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_encounter_seed(encounter_of(f), (uint64_t)luaL_checkinteger(L, 2)));
  return 0;
}

static int fight_over(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushboolean(L, cops_encounter_over(encounter_of(f)));
  return 1;
}

static int fight_round(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushinteger(L, cops_encounter_round(encounter_of(f)));
  return 1;
}

/* The winning side, or nil when nobody won; an ESTATE error while the fight goes on. */
static int fight_winner(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  int w;
  check(L, f->owner, cops_encounter_get_winner(encounter_of(f), &w));
  if (w == COPS_NO_WINNER)
    lua_pushnil(L);
  else
    lua_pushinteger(L, w);
  return 1;
}

/* f:set_log_limit(events): the most events the log holds (0: none). */
static int fight_set_log_limit(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_log_set_limit(cops_encounter_log(encounter_of(f)), checkint(L, 2)));
  return 0;
}

static int fight_can_act(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const lua_Integer id = luaL_checkinteger(L, 2);
  int can = 0;
  if (id < -1 || id > COPS_COMBATANTS_MAX)
    return raise_message(L, COPS_ERANGE, "no such combatant");
  check(L, f->owner, cops_encounter_able(encounter_of(f), (int)id, &can));
  lua_pushboolean(L, can);
  return 1;
}

static int fight_jsonl(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  char *text = NULL;
  check(L, f->owner, cops_log_to_jsonl(cops_encounter_log(encounter_of(f)), 0, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int fight_narrate(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const char *code = luaL_optstring(L, 2, "fr");
  int lang;
  if (cops_lang_parse(code, &lang))
    return luaL_argerror(L, 2, lua_pushfstring(L, "no language '%s'", code));
  char *text = NULL;
  check(L, f->owner, cops_log_narrate(cops_encounter_log(encounter_of(f)), 0, lang, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

/* The events as tables: seq, round, type, actor and actor_id, target and target_id,
 * weapon and the numbers. */
static int fight_events(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  push_events(L, cops_encounter_log(encounter_of(f)));
  return 1;
}

static int scenario_name(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, SCENARIO);
  lua_pushstring(L, cops_scenario_name(f->p));
  return 1;
}

static int ctx_scenario_json(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *text = checktext(L, 2), *base = lua_isnoneornil(L, 3) ? NULL : checktext(L, 3);
  fight_ud *f = lua_newuserdatauv(L, sizeof *f, 1);
  memset(f, 0, sizeof *f);
  f->owner = c;
  f->scenario = 1;
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, SCENARIO);
  cops_scenario *s;
  check(L, c, cops_scenario_from_json(&s, c->ctx, text, base));
  f->p = s;
  c->children++;
  return 1;
}

static int f_count(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushinteger(L, check(L, f->owner, cops_encounter_count(encounter_of(f))));
  return 1;
}

static int f_position(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int id = checkint(L, 2);
  if (!lua_isnoneornil(L, 3))
    check(L, f->owner, cops_encounter_set_position(encounter_of(f), id, checkint(L, 3),
                                                   checkint(L, 4)));
  int x, y;
  check(L, f->owner, cops_encounter_position(encounter_of(f), id, &x, &y));
  lua_pushinteger(L, x);
  lua_pushinteger(L, y);
  return 2;
}

static int f_present(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushboolean(L, check(L, f->owner, cops_encounter_present(encounter_of(f),
                                                               checkint(L, 2))) > 0);
  return 1;
}

static int f_side(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushinteger(L, check(L, f->owner, cops_encounter_side(encounter_of(f), checkint(L, 2))));
  return 1;
}

static int f_distance(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushinteger(L, check(L, f->owner, cops_encounter_distance(encounter_of(f), checkint(L, 2),
                                                                checkint(L, 3))));
  return 1;
}

static int f_remove(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, ENCOUNTER);
  check(L, f->owner, cops_encounter_remove(f->p, checkint(L, 2)));
  return 0;
}

static int f_set_max_rounds(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_encounter_set_max_rounds(encounter_of(f), checkint(L, 2)));
  return 0;
}

/* f:ruleset([name]) -> name: the combat rules, "core" or "alternative" (set before the
 * first round). */
static int f_ruleset(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  if (!lua_isnoneornil(L, 2)) {
    int r;
    if (cops_ruleset_parse(luaL_checkstring(L, 2), &r))
      return luaL_argerror(L, 2, "'core' or 'alternative'");
    check(L, f->owner, cops_encounter_set_ruleset(encounter_of(f), r));
  }
  lua_pushstring(L, cops_ruleset_name(check(L, f->owner, cops_encounter_ruleset(encounter_of(f)))));
  return 1;
}

static int f_set_logging(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_encounter_set_logging(encounter_of(f), lua_toboolean(L, 2)));
  return 0;
}

/* A saved fight rebuilt (ctx:load_encounter(text), ctx:load_encounter_file(path)): an
 * encounter owning its characters, weapons and armour (its queries of them give nil,
 * as a scenario's do). */
static int load_encounter(lua_State *L, int from_file)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *arg = checktext(L, 2);
  fight_ud *f = lua_newuserdatauv(L, sizeof *f, 2);
  memset(f, 0, sizeof *f);
  f->owner = c;
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  lua_newtable(L);
  lua_setiuservalue(L, -2, 2);
  luaL_setmetatable(L, ENCOUNTER);
  cops_encounter *e;
  check(L, c, from_file ? cops_encounter_load_file(&e, c->ctx, arg)
                        : cops_encounter_load(&e, c->ctx, arg));
  f->p = e;
  c->children++;
  return 1;
}
static int ctx_load_encounter(lua_State *L)
{
  return load_encounter(L, 0);
}
static int ctx_load_encounter_file(lua_State *L)
{
  return load_encounter(L, 1);
}

/* e:save() -> text; e:save_file(path) */
static int f_save(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  char *text;
  check(L, f->owner, cops_encounter_save(encounter_of(f), &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}
static int f_save_file(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_encounter_save_file(encounter_of(f), checktext(L, 2)));
  return 0;
}

/* The Lua handle (kept by the encounter) of a C object, or nil. */
static int push_kept(lua_State *L, fight_ud *f, const void *p)
{
  if (!p || f->scenario)
    return lua_pushnil(L), 1;
  lua_getiuservalue(L, 1, 2);
  const lua_Integer n = luaL_len(L, -1);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, -1, i);
    entity_ud *e = lua_touserdata(L, -1);
    if (e && e->p == p) {
      lua_remove(L, -2);
      return 1;
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  lua_pushnil(L);
  return 1;
}

static int f_character(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int id = checkint(L, 2);
  check(L, f->owner, cops_encounter_side(encounter_of(f), id));   /* a bad id raises */
  return push_kept(L, f, cops_encounter_character(encounter_of(f), id));
}

static int f_weapon(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int id = checkint(L, 2);
  check(L, f->owner, cops_encounter_side(encounter_of(f), id));
  return push_kept(L, f, cops_encounter_weapon(encounter_of(f), id));
}

static int push_declaration(lua_State *L, const cops_declaration *dp);

static int f_declaration(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  cops_declaration d;
  d.size = sizeof d;
  check(L, f->owner, cops_encounter_declaration(encounter_of(f), checkint(L, 2), &d));
  return push_declaration(L, &d);
}

static int f_suggest(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  cops_declaration d;
  d.size = sizeof d;
  check(L, f->owner, cops_encounter_suggest(encounter_of(f), checkint(L, 2), &d));
  return push_declaration(L, &d);
}

/* A declaration as a table: action, attitude, initiative, target, shots, weapon,
 * difficulty, to = {x, y}. */
static int push_declaration(lua_State *L, const cops_declaration *dp)
{
  const cops_declaration d = *dp;
  lua_createtable(L, 0, 8);
  lua_pushstring(L, cops_encounter_action_name(d.action));
  lua_setfield(L, -2, "action");
  lua_pushinteger(L, d.attitude);
  lua_setfield(L, -2, "attitude");
  lua_pushinteger(L, d.initiative);
  lua_setfield(L, -2, "initiative");
  if (d.target >= 0) {
    lua_pushinteger(L, d.target);
    lua_setfield(L, -2, "target");
  }
  lua_pushinteger(L, d.shots);
  lua_setfield(L, -2, "shots");
  lua_pushinteger(L, d.weapon);
  lua_setfield(L, -2, "weapon");
  lua_pushinteger(L, d.difficulty);
  lua_setfield(L, -2, "difficulty");
  lua_pushinteger(L, d.dice_mod);
  lua_setfield(L, -2, "dice_mod");
  lua_pushinteger(L, d.threshold_mod);
  lua_setfield(L, -2, "threshold_mod");
  lua_pushinteger(L, d.difficulty_mod);
  lua_setfield(L, -2, "difficulty_mod");
  lua_pushboolean(L, d.long_move);
  lua_setfield(L, -2, "long_move");
  lua_pushboolean(L, d.adrenaline);
  lua_setfield(L, -2, "adrenaline");
  lua_pushboolean(L, d.anciennete);
  lua_setfield(L, -2, "anciennete");
  const int alt[4] = {d.aim, d.bullets, d.circumstances, d.keep};
  static const char *const alt_keys[4] = {"aim", "bullets", "circumstances", "keep"};
  for (int k = 0; k < 4; k++) {
    lua_pushinteger(L, alt[k]);
    lua_setfield(L, -2, alt_keys[k]);
  }
  if (d.moving) {
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, d.x);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, d.y);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, -2, "to");
  }
  return 1;
}

static int f_weapons(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int id = checkint(L, 2);
  const int n = check(L, f->owner, cops_encounter_weapon_count(encounter_of(f), id));
  lua_createtable(L, n, 0);
  for (int k = 0; k < n; k++) {
    push_kept(L, f, cops_encounter_weapon_at(encounter_of(f), id, k));
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

static int f_hand(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  int hand;
  check(L, f->owner, cops_encounter_hand(encounter_of(f), checkint(L, 2), &hand));
  if (hand < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, hand);
  return 1;
}

static int f_armour(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int id = checkint(L, 2);
  check(L, f->owner, cops_encounter_side(encounter_of(f), id));   /* a bad id raises */
  return push_kept(L, f, cops_encounter_armour(encounter_of(f), id));
}

/* e:set_controlled(id, on): a player declares for it (true) or the policy does. */
static int f_set_controlled(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, ENCOUNTER);
  luaL_checktype(L, 3, LUA_TBOOLEAN);
  check(L, f->owner, cops_encounter_set_controlled(f->p, checkint(L, 2), lua_toboolean(L, 3)));
  return 0;
}

/* f:set_policy(id, name), f:set_side_policy(side, name), f:policy(id) -> name: who
 * declares when nobody controls it (docs/encounters.md, "Policies"). */
static int f_set_policy(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int id = checkint(L, 2);
  check(L, f->owner, cops_encounter_set_policy(encounter_of(f), id, check_policy(L, 3)));
  return 0;
}

static int f_set_side_policy(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int side = checkint(L, 2);
  check(L, f->owner, cops_encounter_set_side_policy(encounter_of(f), side, check_policy(L, 3)));
  return 0;
}

static int f_policy(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushstring(L, cops_policy_name(check(L, f->owner,
                                           cops_encounter_policy(encounter_of(f), checkint(L, 2)))));
  return 1;
}

/* ---- what a tabletop draws, tags, undo (docs/encounters.md, "Tabletops") ------------- */

/* f:set_tag(id, tag|nil) */
static int f_set_tag(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int id = checkint(L, 2);
  const char *tag = lua_isnoneornil(L, 3) ? NULL : checktext(L, 3);
  check(L, f->owner, cops_encounter_set_tag(encounter_of(f), id, tag));
  return 0;
}

/* f:tag(id) -> the tag or nil */
static int f_tag(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const char *tag = cops_encounter_tag(encounter_of(f), checkint(L, 2));
  if (tag)
    lua_pushstring(L, tag);
  else
    lua_pushnil(L);
  return 1;
}

/* f:find_tag(tag) -> id (a ENOTFOUND error when none) */
static int f_find_tag(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushinteger(L, check(L, f->owner, cops_encounter_find_tag(encounter_of(f),
                                                                 checktext(L, 2))));
  return 1;
}

/* f:phase() -> "between_rounds", "declaring", "over" */
static int f_phase(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushstring(L, cops_phase_key(check(L, f->owner, cops_encounter_phase(encounter_of(f)))));
  return 1;
}

static void field_str(lua_State *L, const char *key, const char *v)
{
  if (v) {
    lua_pushstring(L, v);
    lua_setfield(L, -2, key);
  }
}

static void field_id(lua_State *L, const char *key, int v)
{
  if (v >= 0) {
    lua_pushinteger(L, v);
    lua_setfield(L, -2, key);
  }
}

/* The state's table: absent fields are nil (no tag, no declaration, bare-handed ...). */
static void push_state(lua_State *L, const cops_combatant_state *s)
{
  static const char *const health[] = {"healthy", "below_half", "unconscious", "dying", "dead",
                                       "dead_final"};
  lua_createtable(L, 0, 28);
  const named_int nums[] = {{"id", s->id}, {"side", s->side}, {"x", s->x}, {"y", s->y},
                            {"hp", s->hp}, {"max_hp", s->max_hp},
                            {"attitude", s->attitude}, {"initiative", s->initiative},
                            {"adrenaline", s->adrenaline}, {"anciennete", s->anciennete}};
  const named_int flags[] = {{"present", s->present}, {"able", s->able},
                             {"controlled", s->controlled}, {"declared", s->declared},
                             {"awaited", s->awaited}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  field_str(L, "tag", s->tag);
  field_str(L, "name", s->name);
  field_str(L, "health", health[s->health]);
  field_str(L, "health_state", cops_health_state_key(s->health_state));
  push_conditions(L, s->conditions);
  lua_setfield(L, -2, "conditions");
  if (s->declared)
    field_str(L, "action", cops_encounter_action_name(s->action));
  field_id(L, "target", s->target);
  field_id(L, "weapon", s->weapon);
  field_str(L, "weapon_name", s->weapon_name);
  field_id(L, "loaded", s->loaded);
  field_str(L, "armour", s->armour_name);
  field_id(L, "holds", s->holds);
  field_id(L, "held_by", s->held_by);
  field_id(L, "magazines", s->magazines);
}

/* f:state(id) -> the combatant's table (docs/lua.md) */
static int f_state(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  cops_combatant_state s;
  cops_combatant_state_init(&s);
  check(L, f->owner, cops_encounter_state(encounter_of(f), checkint(L, 2), &s));
  push_state(L, &s);
  return 1;
}

/* f:states() -> every combatant's table, by id (1-based list: states[id + 1]) */
static int f_states(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int n = check(L, f->owner, cops_encounter_count(encounter_of(f)));
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    cops_combatant_state s;
    cops_combatant_state_init(&s);
    check(L, f->owner, cops_encounter_state(encounter_of(f), i, &s));
    push_state(L, &s);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* f:snapshot() -> the board as JSON text */
static int f_snapshot(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  char *text = NULL;
  check(L, f->owner, cops_encounter_snapshot(encounter_of(f), &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

/* f:checkpoint() -> a checkpoint; f:rollback(cp) */
static int f_checkpoint(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  cops_checkpoint *cp = NULL;
  check(L, f->owner, cops_encounter_checkpoint(encounter_of(f), &cp));
  push_checkpoint(L, f->owner, 1, cp);
  return 1;
}

static int f_rollback(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_encounter_rollback(encounter_of(f), to_checkpoint(L, 2)));
  return 0;
}

static int f_controlled(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  int controlled;
  check(L, f->owner, cops_encounter_controlled(encounter_of(f), checkint(L, 2), &controlled));
  lua_pushboolean(L, controlled);
  return 1;
}

static int f_initiative_range(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  int lo, hi;
  check(L, f->owner, cops_encounter_initiative_range(encounter_of(f), checkint(L, 2), &lo, &hi));
  lua_pushinteger(L, lo);
  lua_pushinteger(L, hi);
  return 2;
}

/* e:allowed(id) -> {shoot = true, melee = "the reason", ...} */
static int f_allowed(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  const int id = checkint(L, 2);
  lua_createtable(L, 0, COPS_ACT_COUNT);
  for (int a = 0; a < COPS_ACT_COUNT; a++) {
    int ok;
    char why[512];
    check(L, f->owner, cops_encounter_allowed(encounter_of(f), id, a, &ok, why, sizeof why));
    if (ok)
      lua_pushboolean(L, 1);
    else
      lua_pushstring(L, why);
    lua_setfield(L, -2, cops_encounter_action_name(a));
  }
  return 1;
}

static int sc_sides(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, SCENARIO);
  const int n = check(L, f->owner, cops_scenario_side_count(f->p));
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, cops_scenario_side_name(f->p, i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int sc_reset(lua_State *L)
{
  fight_ud *f = to_fight(L, 1, SCENARIO);
  check(L, f->owner, cops_scenario_reset(f->p));
  return 0;
}

/* The aftermath of a fight (lib/fight/aftermath.c, docs/healing.md): its wounds over time. */
/* f:aftermath([difficulty [, seconds]]) */
static int f_aftermath(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  check(L, f->owner, cops_encounter_aftermath(encounter_of(f), optint(L, 2, 1),
                                              optint(L, 3, 600)));
  return 0;
}

static int f_aftermath_done(lua_State *L)
{
  fight_ud *f = to_any_fight(L, 1);
  lua_pushboolean(L, check(L, f->owner, cops_encounter_aftermath_done(encounter_of(f))));
  return 1;
}

void open_fight(lua_State *L)
{
  static const luaL_Reg fight_methods[] = {
    {"begin_round", fight_begin_round}, {"resolve_round", fight_resolve_round},
    {"run_round", fight_run_round}, {"run", fight_run}, {"reset", fight_reset},
    {"seed", fight_seed}, {"over", fight_over}, {"round", fight_round},
    {"winner", fight_winner}, {"can_act", fight_can_act}, {"jsonl", fight_jsonl},
    {"set_log_limit", fight_set_log_limit}, {"set_anciennete_callback", fight_set_anciennete},
    {"odds", fight_odds},
    {"narrate", fight_narrate}, {"events", fight_events}, {NULL, NULL},
  };
  metatable(L, ENCOUNTER, fight_methods);
  lua_getfield(L, -1, "__index");
  lua_pushcfunction(L, encounter_add);
  lua_setfield(L, -2, "add");
  lua_pushcfunction(L, encounter_equip);
  lua_setfield(L, -2, "equip");
  lua_pushcfunction(L, encounter_declare);
  lua_setfield(L, -2, "declare");
  lua_pop(L, 1);
  closers(L, fight_close, NULL);
  lua_pop(L, 1);
  metatable(L, SCENARIO, fight_methods);
  lua_getfield(L, -1, "__index");
  lua_pushcfunction(L, scenario_name);
  lua_setfield(L, -2, "name");
  lua_pop(L, 1);
  closers(L, fight_close, NULL);
  lua_pop(L, 1);
  static const luaL_Reg ctx[] = {
    {"encounter", ctx_encounter}, {"scenario", ctx_scenario},
    {"scenario_json", ctx_scenario_json}, {"load_encounter", ctx_load_encounter},
    {"load_encounter_file", ctx_load_encounter_file}, {NULL, NULL},
  };
  add_methods(L, CTX, ctx);
  static const luaL_Reg fight[] = {
    {"count", f_count}, {"position", f_position}, {"present", f_present}, {"side", f_side},
    {"distance", f_distance}, {"set_max_rounds", f_set_max_rounds},
    {"ruleset", f_ruleset},
    {"set_logging", f_set_logging}, {"character", f_character}, {"weapon", f_weapon},
    {"declaration", f_declaration}, {"suggest", f_suggest}, {"weapons", f_weapons},
    {"hand", f_hand}, {"armour", f_armour}, {"controlled", f_controlled},
    {"initiative_range", f_initiative_range}, {"allowed", f_allowed}, {"save", f_save},
    {"save_file", f_save_file}, {"aftermath", f_aftermath}, {"aftermath_done", f_aftermath_done},
    {"set_tag", f_set_tag}, {"tag", f_tag}, {"find_tag", f_find_tag}, {"phase", f_phase},
    {"state", f_state}, {"states", f_states}, {"snapshot", f_snapshot},
    {"checkpoint", f_checkpoint}, {"rollback", f_rollback}, {"set_policy", f_set_policy},
    {"set_side_policy", f_set_side_policy}, {"policy", f_policy}, {NULL, NULL},
  };
  add_methods(L, ENCOUNTER, fight);
  add_methods(L, SCENARIO, fight);
  static const luaL_Reg encounter[] = {{"remove", f_remove}, {"set_controlled", f_set_controlled},
                                       {NULL, NULL}};
  add_methods(L, ENCOUNTER, encounter);
  static const luaL_Reg scenario[] = {
    {"sides", sc_sides}, {"reset", sc_reset}, {NULL, NULL},
  };
  add_methods(L, SCENARIO, scenario);
}
