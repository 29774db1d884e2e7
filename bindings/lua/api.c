/* The Lua binding, the rest of the C API (docs/lua.md): the catalogue (cops.catalogue),
 * odds, pools, d6 and opposed rolls, the context's settings, characters' points,
 * characteristics, skills and health, weapons and armour built and changed, and what an
 * encounter tells of its combatants. */
#include <stdio.h>
#include <string.h>

#include "cops-lua.h"

/* A name the library parses, or the integer itself. */
static int parsed(lua_State *L, int i, int (*parse)(const char *, int *), const char *what)
{
  if (lua_isinteger(L, i))
    return checkint(L, i);
  int v;
  if (parse(checktext(L, i), &v))
    return luaL_argerror(L, i, lua_pushfstring(L, "unknown %s '%s'", what, lua_tostring(L, i)));
  return v;
}

int lang_arg(lua_State *L, int i, const char *dflt)
{
  int lang;
  const char *code = luaL_optstring(L, i, dflt);
  if (cops_lang_parse(code, &lang))
    return luaL_argerror(L, i, lua_pushfstring(L, "no language '%s'", code));
  return lang;
}

static int push_name(lua_State *L, const char *name)
{
  if (!name)
    return luaL_error(L, "no such name");
  lua_pushstring(L, name);
  return 1;
}

/* ---- the catalogue ------------------------------------------------------------ */

static int cat_characteristics(lua_State *L)
{
  const int lang = lang_arg(L, 1, "fr");
  lua_createtable(L, cops_characteristic_count(), 0);
  for (int i = 0; i < cops_characteristic_count(); i++) {
    const char *name = cops_characteristic_name(i, lang);
    lua_pushstring(L, name ? name : cops_characteristic_name(i, COPS_LANG_FR));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static void push_skill(lua_State *L, int k)
{
  lua_createtable(L, 0, 7);
  lua_pushstring(L, cops_skill_name(k, COPS_LANG_FR));
  lua_setfield(L, -2, "name");
  lua_pushstring(L, cops_skill_name(k, COPS_LANG_EN));
  lua_setfield(L, -2, "english");
  lua_pushstring(L, cops_characteristic_name(cops_skill_characteristic(k), COPS_LANG_FR));
  lua_setfield(L, -2, "characteristic");
  lua_pushboolean(L, cops_skill_adrenaline(k) > 0);
  lua_setfield(L, -2, "adrenaline");
  const int level = cops_skill_specialisation_level(k);
  if (level > 0) {
    lua_pushinteger(L, level);
    lua_setfield(L, -2, "specialisation_level");
  }
  const int n = cops_skill_specialisation_count(k);
  lua_createtable(L, n > 0 ? n : 0, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, cops_skill_specialisation_name(k, i));
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "specialisations");
  lua_pushboolean(L, cops_skill_specialisation_free(k) > 0);
  lua_setfield(L, -2, "free_specialisations");
}

static int cat_skill(lua_State *L)
{
  const int k = parsed(L, 1, cops_skill_parse, "skill");
  if (k < 0 || k >= cops_skill_count())
    return luaL_argerror(L, 1, "no such skill");
  push_skill(L, k);
  return 1;
}

static int cat_skills(lua_State *L)
{
  lua_createtable(L, cops_skill_count(), 0);
  for (int k = 0; k < cops_skill_count(); k++) {
    push_skill(L, k);
    lua_rawseti(L, -2, k + 1);
  }
  return 1;
}

/* A list of names name(i, lang) (or name(i) when lang < 0) until NULL. */
static int names_list(lua_State *L, const char *(*named)(int, int), const char *(*plain)(int),
                      int lang)
{
  lua_newtable(L);
  for (int i = 0; i < 64; i++) {
    const char *s = named ? named(i, lang) : plain(i);
    if (!s)
      break;
    lua_pushstring(L, s);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int cat_locations(lua_State *L)
{
  return names_list(L, cops_location_name, NULL, lang_arg(L, 1, "fr"));
}

static int cat_location(lua_State *L)
{
  lua_pushinteger(L, parsed(L, 1, cops_location_parse, "location"));
  return 1;
}

static int cat_zone_of_die(lua_State *L)
{
  const int z = cops_zone_of_die(checkint(L, 1));
  if (z < 0)
    return luaL_argerror(L, 1, "a location die is 1..10");
  lua_pushstring(L, cops_zone_name(z, COPS_LANG_EN));
  lua_pushinteger(L, cops_zone_modifier(z));
  return 2;
}

static int cat_zone_name(lua_State *L)
{
  return push_name(L, cops_zone_name(checkint(L, 1), lang_arg(L, 2, "fr")));
}

static int cat_attitude_name(lua_State *L)
{
  return push_name(L, cops_attitude_name(checkint(L, 1), lang_arg(L, 2, "fr")));
}

static int cat_condition_name(lua_State *L)
{
  return push_name(L, cops_condition_name((unsigned)checkint(L, 1), lang_arg(L, 2, "fr")));
}

static int cat_stopping_name(lua_State *L)
{
  return push_name(L, cops_stopping_name(checkint(L, 1), lang_arg(L, 2, "fr")));
}

static int cat_health_name(lua_State *L)
{
  return push_name(L, cops_health_name(checkint(L, 1), lang_arg(L, 2, "fr")));
}

static int cat_purpose_names(lua_State *L)
{
  return names_list(L, NULL, cops_purpose_name, 0);
}

/* COPS's event types, then the Storyteller module's from type 1000 on (docs/storyteller.md). */
static int cat_event_type_names(lua_State *L)
{
  names_list(L, NULL, cops_event_type_name, 0);
  lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
  for (int t = 1000; cops_event_type_name(t); t++) {
    lua_pushstring(L, cops_event_type_name(t));
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

static int cat_action_names(lua_State *L)
{
  return names_list(L, NULL, cops_encounter_action_name, 0);
}

static int cat_mode_names(lua_State *L)
{
  return names_list(L, NULL, cops_attack_mode_name, 0);
}

static int cat_ruleset_names(lua_State *L)
{
  return names_list(L, NULL, cops_ruleset_name, 0);
}

/* A4.1: "right", "left" or nil for a location d10. */
static int cat_body_side(lua_State *L)
{
  const int side = cops_body_side_of_die(checkint(L, 1));
  if (side < 0)
    return luaL_argerror(L, 1, "a location die is 1..10");
  lua_pushstring(L, cops_body_side_name(side, COPS_LANG_EN));
  return 1;
}

static int cat_body_side_name(lua_State *L)
{
  static const char *const sides[] = {"right", "left", NULL};
  const int side = luaL_checkoption(L, 1, NULL, sides) + 1;
  return push_name(L, cops_body_side_name(side, lang_arg(L, 2, "fr")));
}

static int cat_mishap_names(lua_State *L)
{
  lua_createtable(L, 4, 0);
  for (int b = 0; b < 4; b++) {
    lua_pushstring(L, cops_mishap_name(1 << b));
    lua_rawseti(L, -2, b + 1);
  }
  return 1;
}

static int cat_weapon_kinds(lua_State *L)
{
  return names_list(L, cops_weapon_kind_name, NULL, lang_arg(L, 1, "en"));
}

static int cat_weapon_kind(lua_State *L)
{
  lua_pushinteger(L, parsed(L, 1, cops_weapon_kind_parse, "weapon kind"));
  return 1;
}

static int cat_weapon_fields(lua_State *L)
{
  return names_list(L, NULL, cops_weapon_field_name, 0);
}

static int cat_weapon_values_from_name(lua_State *L)
{
  int pr, pu, fa;
  if (cops_weapon_values_from_name(checktext(L, 1), &pr, &pu, &fa))
    return luaL_argerror(L, 1, "no PR/PU/FA code in the name");
  lua_pushinteger(L, pr);
  lua_pushinteger(L, pu);
  lua_pushinteger(L, fa);
  return 3;
}

static int cat_initiative_range(lua_State *L)
{
  int lo, hi;
  if (cops_initiative_range(checkint(L, 1), &lo, &hi))
    return luaL_argerror(L, 1, "Réflexes is 1..5");
  lua_pushinteger(L, lo);
  lua_pushinteger(L, hi);
  return 2;
}

static int cat_languages(lua_State *L)
{
  lua_createtable(L, cops_lang_count(), 0);
  for (int i = 0; i < cops_lang_count(); i++) {
    lua_pushstring(L, cops_lang_code(i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int cat_language(lua_State *L)
{
  lua_pushinteger(L, lang_arg(L, 1, NULL));
  return 1;
}

/* ---- odds --------------------------------------------------------------------- */

static cops_action action_of(lua_State *L, ctx_ud *c, int i)
{
  cops_action a;
  check(L, c, cops_action_parse_sized(&a, sizeof a, c->ctx, checktext(L, i)));
  return a;
}

static int push_p(lua_State *L, double p)
{
  if (p != p)
    lua_pushnil(L);   /* unavailable: no room for the Adrénaline die */
  else
    lua_pushnumber(L, p);
  return 1;
}

/* ctx:odds_x(notation, k) -> a probability. */
static int odds_k(lua_State *L, int (*fn)(cops_ctx *, const cops_action *, int, double *))
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2);
  double p;
  check(L, c, fn(c->ctx, &a, checkint(L, 3), &p));
  return push_p(L, p);
}

static int ctx_odds_pmf(lua_State *L)
{
  return odds_k(L, cops_odds_pmf);
}

static int ctx_odds_at_least(lua_State *L)
{
  return odds_k(L, cops_odds_at_least);
}

static int ctx_odds_margin_at_least(lua_State *L)
{
  return odds_k(L, cops_odds_margin_at_least);
}

static int ctx_odds_expected(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2);
  double m;
  check(L, c, cops_odds_expected(c->ctx, &a, &m));
  return push_p(L, m);
}

/* ctx:odds_x(notation, p) -> a count (successes, dice, a threshold). */
static int odds_for(lua_State *L, int (*fn)(cops_ctx *, const cops_action *, double, int *))
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2);
  int k;
  check(L, c, fn(c->ctx, &a, luaL_checknumber(L, 3), &k));
  lua_pushinteger(L, k);
  return 1;
}

static int ctx_odds_quantile(lua_State *L)
{
  return odds_for(L, cops_odds_quantile);
}

static int ctx_odds_dice_for(lua_State *L)
{
  return odds_for(L, cops_odds_dice_for);
}

static int ctx_odds_threshold_for(lua_State *L)
{
  return odds_for(L, cops_odds_threshold_for);
}

static int ctx_odds_points(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2);
  double p[4];
  check(L, c, cops_odds_points(c->ctx, &a, &p[0], &p[1], &p[2], &p[3]));
  for (int i = 0; i < 4; i++)
    push_p(L, p[i]);
  return 4;
}

static int ctx_odds_opposed(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2), b = action_of(L, c, 3);
  double win, none, lose;
  check(L, c, cops_odds_opposed(c->ctx, &a, &b, optint(L, 4, 0), &win, &none, &lose));
  push_p(L, win);
  push_p(L, none);
  return push_p(L, lose) + 2;
}

static int ctx_odds_opposed_difference(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2), b = action_of(L, c, 3);
  double p;
  check(L, c, cops_odds_opposed_difference(c->ctx, &a, &b, checkint(L, 4), &p));
  return push_p(L, p);
}

/* ---- rolls and the context ------------------------------------------------------- */

static int ctx_roll_pool(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const int dice = checkint(L, 2), threshold = checkint(L, 3), difficulty = checkint(L, 4);
  const unsigned flags = lua_toboolean(L, 5) ? COPS_UNSKILLED : 0;
  cops_roll *r = roll_begin(L, c);
  check(L, c, cops_roll_pool(r, c->ctx, dice, threshold, difficulty, flags));
  roll_end(L);
  return 1;
}

static int ctx_roll_d6(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  const int n = checkint(L, 2), highest = lua_toboolean(L, 3);
  cops_roll *r = roll_begin(L, c);
  check(L, c, highest ? cops_roll_d6_highest(r, c->ctx, n) : cops_roll_d6(r, c->ctx, n));
  roll_end(L);
  return 1;
}

/* ctx:roll_opposed(a, b [, min]) -> roll_a, roll_b, "a" | "b" | nil, margin */
static int ctx_roll_opposed(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_action a = action_of(L, c, 2), b = action_of(L, c, 3);
  const int min = optint(L, 4, 0);
  lua_settop(L, 1);
  cops_roll *ra = roll_begin(L, c);     /* 2, 3 */
  cops_roll *rb = roll_begin(L, c);     /* 4, 5 */
  int winner, margin;
  check(L, c, cops_roll_opposed(ra, rb, c->ctx, &a, &b, min, &winner, &margin));
  roll_end(L);                          /* b's table at 4 */
  lua_insert(L, 2);                     /* b's table at 2, a's at 3, 4 */
  roll_end(L);                          /* a's table at 3 */
  lua_insert(L, 2);                     /* a, b */
  if (winner == COPS_OPPOSED_A)
    lua_pushliteral(L, "a");
  else if (winner == COPS_OPPOSED_B)
    lua_pushliteral(L, "b");
  else
    lua_pushnil(L);
  lua_pushinteger(L, margin);
  return 4;
}

static int ctx_source(lua_State *L)
{
  static const char *const names[] = {"system", "seeded", "callback"};
  ctx_ud *c = to_ctx(L, 1);
  lua_pushstring(L, names[check(L, c, cops_ctx_source(c->ctx))]);
  return 1;
}

static int ctx_reroll_cap(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  if (!lua_isnoneornil(L, 2))
    check(L, c, cops_ctx_set_reroll_cap(c->ctx, checkint(L, 2)));
  lua_pushinteger(L, check(L, c, cops_ctx_reroll_cap(c->ctx)));
  return 1;
}

static int ctx_use_system(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  check(L, c, cops_ctx_use_system(c->ctx));
  return 0;
}

static int ctx_seed_bytes(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  size_t len;
  const char *seed = luaL_checklstring(L, 2, &len);
  check(L, c, cops_ctx_seed_bytes(c->ctx, (const unsigned char *)seed, len));
  return 0;
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
  const int kind = parsed(L, 2, cops_weapon_kind_parse, "weapon kind");
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

/* ---- characters ----------------------------------------------------------------- */

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
  const int c = parsed(L, 2, cops_characteristic_parse, "characteristic");
  if (!lua_isnoneornil(L, 3))
    check(L, e->owner, cops_character_set_characteristic(e->p, c, checkint(L, 3)));
  lua_pushinteger(L, check(L, e->owner, cops_character_characteristic(e->p, c)));
  return 1;
}

static int ch_skill(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int level = check(L, e->owner, cops_character_skill(e->p, parsed(L, 2, cops_skill_parse,
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
  const int skill = parsed(L, 2, cops_skill_parse, "skill"), level = checkint(L, 3);
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
  check(L, e->owner, cops_character_remove_skill(e->p, parsed(L, 2, cops_skill_parse, "skill")));
  return 0;
}

static int ch_specialisations(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int skill = parsed(L, 2, cops_skill_parse, "skill");
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

/* ---- weapons and armour ----------------------------------------------------------- */

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
    check(L, e->owner, cops_weapon_set_skill(e->p, parsed(L, 2, cops_skill_parse, "skill"),
                                             lua_isnoneornil(L, 3) ? NULL : checktext(L, 3)));
  lua_pushstring(L, cops_skill_name(check(L, e->owner, cops_weapon_skill(e->p)), COPS_LANG_FR));
  lua_pushstring(L, cops_weapon_specialisation(e->p));
  return 2;
}

static int a_protection(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, ARMOUR);
  const int loc = parsed(L, 2, cops_location_parse, "location");
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

/* ---- encounters ------------------------------------------------------------------ */

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

/* Add methods to the __index table of a metatable made by luaopen_cops. */
void add_methods(lua_State *L, const char *mt, const luaL_Reg *methods)
{
  luaL_getmetatable(L, mt);
  lua_getfield(L, -1, "__index");
  luaL_setfuncs(L, methods, 0);
  lua_pop(L, 2);
}

void open_api(lua_State *L)
{
  static const luaL_Reg catalogue[] = {
    {"characteristics", cat_characteristics}, {"skills", cat_skills}, {"skill", cat_skill},
    {"locations", cat_locations}, {"location", cat_location}, {"zone_of_die", cat_zone_of_die},
    {"zone_name", cat_zone_name}, {"attitude_name", cat_attitude_name},
    {"condition_name", cat_condition_name}, {"stopping_name", cat_stopping_name},
    {"health_name", cat_health_name}, {"purpose_names", cat_purpose_names},
    {"event_type_names", cat_event_type_names}, {"action_names", cat_action_names},
    {"mode_names", cat_mode_names}, {"weapon_kinds", cat_weapon_kinds},
    {"weapon_kind", cat_weapon_kind}, {"weapon_fields", cat_weapon_fields},
    {"weapon_values_from_name", cat_weapon_values_from_name},
    {"initiative_range", cat_initiative_range}, {"languages", cat_languages},
    {"language", cat_language}, {"ruleset_names", cat_ruleset_names},
    {"body_side", cat_body_side}, {"body_side_name", cat_body_side_name},
    {"mishap_names", cat_mishap_names}, {NULL, NULL},
  };
  luaL_newlib(L, catalogue);
  lua_setfield(L, -2, "catalogue");

  static const luaL_Reg ctx[] = {
    {"odds_pmf", ctx_odds_pmf}, {"odds_at_least", ctx_odds_at_least},
    {"odds_margin_at_least", ctx_odds_margin_at_least}, {"odds_expected", ctx_odds_expected},
    {"odds_quantile", ctx_odds_quantile}, {"odds_dice_for", ctx_odds_dice_for},
    {"odds_threshold_for", ctx_odds_threshold_for}, {"odds_points", ctx_odds_points},
    {"odds_opposed", ctx_odds_opposed}, {"odds_opposed_difference", ctx_odds_opposed_difference},
    {"roll_pool", ctx_roll_pool}, {"roll_d6", ctx_roll_d6}, {"roll_opposed", ctx_roll_opposed},
    {"source", ctx_source}, {"reroll_cap", ctx_reroll_cap}, {"use_system", ctx_use_system},
    {"seed_bytes", ctx_seed_bytes}, {"new_character", ctx_new_character},
    {"new_weapon", ctx_new_weapon}, {"new_armour", ctx_new_armour},
    {"scenario_json", ctx_scenario_json}, {"load_encounter", ctx_load_encounter},
    {"load_encounter_file", ctx_load_encounter_file}, {NULL, NULL},
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
    {"odds", ch_odds}, {"save", ch_save}, {NULL, NULL},
  };
  add_methods(L, CHARACTER, character);
  static const luaL_Reg weapon[] = {
    {"set", w_set}, {"kind", w_kind}, {"skill", w_skill}, {NULL, NULL},
  };
  add_methods(L, WEAPON, weapon);
  static const luaL_Reg armour[] = {
    {"protection", a_protection}, {"against_throws", a_against_throws}, {NULL, NULL},
  };
  add_methods(L, ARMOUR, armour);
  static const luaL_Reg fight[] = {
    {"count", f_count}, {"position", f_position}, {"present", f_present}, {"side", f_side},
    {"distance", f_distance}, {"set_max_rounds", f_set_max_rounds},
    {"ruleset", f_ruleset},
    {"set_logging", f_set_logging}, {"character", f_character}, {"weapon", f_weapon},
    {"declaration", f_declaration}, {"suggest", f_suggest}, {"weapons", f_weapons},
    {"hand", f_hand}, {"armour", f_armour}, {"controlled", f_controlled},
    {"initiative_range", f_initiative_range}, {"allowed", f_allowed}, {"save", f_save},
    {"save_file", f_save_file}, {NULL, NULL},
  };
  add_methods(L, ENCOUNTER, fight);
  add_methods(L, SCENARIO, fight);
  static const luaL_Reg encounter[] = {{"remove", f_remove}, {NULL, NULL}};
  add_methods(L, ENCOUNTER, encounter);
  static const luaL_Reg scenario[] = {
    {"sides", sc_sides}, {"reset", sc_reset}, {NULL, NULL},
  };
  add_methods(L, SCENARIO, scenario);
}
