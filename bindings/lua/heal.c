/* The Lua binding of wounds over time (<cops/heal.h>, docs/healing.md): the character's
 * clock, bleeding, rest, nights, revival (character methods), the treatments and their
 * odds (ctx:treat{}, ctx:treat_odds{}, ctx:treatment_action{}); a fight's aftermath is in fight.c. */
#include <string.h>

#include "cops-lua.h"

static const char *const rests[] = {"none", "natural", "hospital", NULL};
static const char *const treatments[] = {"first_aid", "stabilise", "medicine", NULL};

/* ---- the character ------------------------------------------------------------ */

static int ch_time(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  int t;
  check(L, e->owner, cops_character_time(e->p, &t));
  lua_pushinteger(L, t);
  return 1;
}

/* ch:advance(seconds [, log [, id]]) */
static int ch_advance(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int seconds = checkint(L, 2);
  cops_log *log = log_arg(L, 3);
  check(L, e->owner, cops_character_advance(e->p, seconds, log, optint(L, 4, 0)));
  return 0;
}

/* ch:bleeding() -> period, next, {stabilise = true, medicine = true} */
static int ch_bleeding(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  int period, next;
  unsigned made;
  check(L, e->owner, cops_character_bleeding(e->p, &period, &next, &made));
  lua_pushinteger(L, period);
  lua_pushinteger(L, next);
  lua_createtable(L, 0, 2);
  for (int k = 0; treatments[k]; k++)
    if (made & (1u << k)) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, treatments[k]);
    }
  return 3;
}

static int ch_lost_recently(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  lua_pushinteger(L, check(L, e->owner, cops_character_lost_recently(e->p)));
  return 1;
}

/* ch:lasting_wounds([count]) -> count */
static int ch_lasting_wounds(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  if (!lua_isnoneornil(L, 2))
    check(L, e->owner, cops_character_set_lasting_wounds(e->p, checkint(L, 2)));
  lua_pushinteger(L, check(L, e->owner, cops_character_lasting_wounds(e->p)));
  return 1;
}

/* ch:set_rest(kind [, fixed [, log [, id]]]) */
static int ch_set_rest(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int rest = luaL_checkoption(L, 2, NULL, rests);
  const int fixed = optint(L, 3, 0);
  cops_log *log = log_arg(L, 4);
  check(L, e->owner, cops_character_set_rest(e->p, rest, fixed, log, optint(L, 5, 0)));
  return 0;
}

/* ch:rest() -> kind, fixed, since */
static int ch_rest(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  int rest, value, since;
  check(L, e->owner, cops_character_rest(e->p, &rest, &value, &since));
  lua_pushstring(L, rests[rest]);
  lua_pushinteger(L, value);
  lua_pushinteger(L, since);
  return 3;
}

/* ch:night(kind or nil [, seconds [, log [, id]]]) */
static int ch_night(lua_State *L)
{
  static const char *const kinds[] = {"adrenaline", "anciennete", NULL};
  entity_ud *e = to_entity(L, 1, CHARACTER);
  const int kind = lua_isnil(L, 2) ? -1 : luaL_checkoption(L, 2, NULL, kinds);
  const int seconds = optint(L, 3, 8 * 3600);
  cops_log *log = log_arg(L, 4);
  check(L, e->owner, cops_character_night(e->p, kind, seconds, log, optint(L, 5, 0)));
  return 0;
}

static int ch_revive(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  cops_log *log = log_arg(L, 2);
  check(L, e->owner, cops_character_revive(e->p, log, optint(L, 3, 0)));
  return 0;
}

static int ch_declare_dead(lua_State *L)
{
  entity_ud *e = to_entity(L, 1, CHARACTER);
  cops_log *log = log_arg(L, 2);
  check(L, e->owner, cops_character_declare_dead(e->p, log, optint(L, 3, 0)));
  return 0;
}

/* ---- treatments ------------------------------------------------------------------- */

static int treatment_kind(const char *text, int *out)
{
  for (int k = 0; treatments[k]; k++)
    if (!strcmp(text, treatments[k])) {
      *out = k;
      return COPS_OK;
    }
  return COPS_ENOTFOUND;
}

static int opt_field_bool(lua_State *L, int t, const char *key)
{
  lua_getfield(L, t, key);
  if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
    luaL_error(L, "%s: expected a boolean", key);
  const int v = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

/* The treatment of the table at index 2, its healer and patient. */
static void treatment_of(lua_State *L, cops_treatment *t, cops_character **healer,
                         cops_character **patient)
{
  luaL_checktype(L, 2, LUA_TTABLE);
  *healer = opt_field_entity(L, 2, "healer", CHARACTER);
  *patient = opt_field_entity(L, 2, "patient", CHARACTER);
  if (!*patient)
    luaL_error(L, "patient: a character is needed");
  if (!*healer)
    *healer = *patient;
  const int kind = opt_field_parsed(L, 2, "kind", -1, treatment_kind);
  if (kind < 0)
    luaL_error(L, "kind: first_aid, stabilise or medicine");
  cops_treatment_init(t, kind);
  t->difficulty = opt_field_int(L, 2, "difficulty", 1);
  t->flags = (opt_field_bool(L, 2, "adrenaline") ? COPS_ADRENALINE_DIE : 0u) |
             (opt_field_bool(L, 2, "anciennete") ? COPS_TREAT_ANCIENNETE : 0u);
  t->dice_mod = opt_field_int(L, 2, "dice_mod", 0);
  t->threshold_mod = opt_field_int(L, 2, "threshold_mod", 0);
  t->difficulty_mod = opt_field_int(L, 2, "difficulty_mod", 0);
  t->healer_id = opt_field_int(L, 2, "healer_id", 0);
  t->patient_id = opt_field_int(L, 2, "patient_id", 1);
}

/* ctx:treat{healer=, patient=, kind=, difficulty=, adrenaline=, anciennete=, ..., log=} */
static int ctx_treat(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_treatment t;
  cops_character *healer, *patient;
  treatment_of(L, &t, &healer, &patient);
  cops_log *log = opt_field_log(L, 2, "log");
  lua_settop(L, 2);
  cops_roll *r = roll_begin(L, c);
  cops_treated out;
  out.size = sizeof out;
  check(L, c, cops_treat(&out, r, healer, patient, &t, log));
  roll_end(L);                      /* the roll's table, at 3 */
  lua_createtable(L, 0, 11);
  lua_pushstring(L, treatments[out.kind]);
  lua_setfield(L, -2, "kind");
  lua_pushvalue(L, 3);
  lua_setfield(L, -2, "roll");
  lua_pushboolean(L, out.succeeded);
  lua_setfield(L, -2, "succeeded");
  lua_pushboolean(L, out.anciennete);
  lua_setfield(L, -2, "anciennete");
  const struct {
    const char *key;
    int v;
  } f[] = {{"margin", out.margin}, {"healed", out.healed}, {"cap", out.cap},
           {"hp_before", out.hp_before}, {"hp_after", out.hp_after},
           {"bleed_period", out.bleed_period}};
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
    lua_pushinteger(L, f[k].v);
    lua_setfield(L, -2, f[k].key);
  }
  return 1;
}

/* ctx:treat_odds{...} -> {success, mean_healed, cap, awake, healed = {P(0), P(1), ...}} */
static int ctx_treat_odds(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_treatment t;
  cops_character *healer, *patient;
  treatment_of(L, &t, &healer, &patient);
  cops_treatment_odds o;
  o.size = sizeof o;
  check(L, c, cops_treat_odds(&o, healer, patient, &t, NULL, 0));
  double *law = lua_newuserdatauv(L, (size_t)(o.cap + 1) * sizeof *law, 0);
  check(L, c, cops_treat_odds(&o, healer, patient, &t, law, o.cap + 1));
  lua_createtable(L, 0, 5);
  lua_pushnumber(L, o.success);
  lua_setfield(L, -2, "success");
  lua_pushnumber(L, o.mean_healed);
  lua_setfield(L, -2, "mean_healed");
  lua_pushinteger(L, o.cap);
  lua_setfield(L, -2, "cap");
  lua_pushnumber(L, o.awake);
  lua_setfield(L, -2, "awake");
  lua_createtable(L, o.cap + 1, 0);
  for (int k = 0; k <= o.cap; k++) {
    lua_pushnumber(L, law[k]);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -2, "healed");
  return 1;
}

/* ctx:treatment_action{...} -> the healer's roll as notation ("5+/3 (1)") */
static int ctx_treatment_action(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  cops_treatment t;
  cops_character *healer, *patient;
  treatment_of(L, &t, &healer, &patient);
  cops_action a;
  check(L, c, cops_treatment_action(&a, healer, patient, &t));
  char text[96];
  check(L, c, cops_action_format(&a, text, sizeof text));
  lua_pushstring(L, text);
  return 1;
}

/* ---- names ----------------------------------------------------------------------- */

static int cat_rest_name(lua_State *L)
{
  const char *s = cops_rest_name(luaL_checkoption(L, 1, NULL, rests), lang_arg(L, 2, "fr"));
  lua_pushstring(L, s);
  return 1;
}

static int cat_treatment_name(lua_State *L)
{
  const char *s = cops_treatment_name(luaL_checkoption(L, 1, NULL, treatments), lang_arg(L, 2, "fr"));
  lua_pushstring(L, s);
  return 1;
}

void open_heal(lua_State *L)
{
  static const luaL_Reg character[] = {
    {"time", ch_time}, {"advance", ch_advance}, {"bleeding", ch_bleeding},
    {"lost_recently", ch_lost_recently}, {"lasting_wounds", ch_lasting_wounds},
    {"set_rest", ch_set_rest}, {"rest", ch_rest}, {"night", ch_night}, {"revive", ch_revive},
    {"declare_dead", ch_declare_dead}, {NULL, NULL},
  };
  add_methods(L, CHARACTER, character);
  static const luaL_Reg ctx[] = {
    {"treat", ctx_treat}, {"treat_odds", ctx_treat_odds},
    {"treatment_action", ctx_treatment_action}, {NULL, NULL},
  };
  add_methods(L, CTX, ctx);
  lua_getfield(L, -1, "catalogue");
  lua_pushcfunction(L, cat_rest_name);
  lua_setfield(L, -2, "rest_name");
  lua_pushcfunction(L, cat_treatment_name);
  lua_setfield(L, -2, "treatment_name");
  lua_pop(L, 1);
}
