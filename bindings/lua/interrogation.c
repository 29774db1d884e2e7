/* The Lua binding of interrogations (<cops/interrogation.h>, docs/interrogations.md, C4):
 * subjects (ctx:subject(name), ctx:load_subject(path), ctx:subject_json(text)), the odds
 * and the rolls of an approach (ctx:approach_odds{}, ctx:approach_rolls{}). */
#include <string.h>

#include "cops-lua.h"


static const char *const kinds[] = {"affinity", "deficiency", NULL};
static const char *const modes[] = {"dice", "resistance", NULL};

subject_ud *to_subject(lua_State *L, int i)
{
  subject_ud *s = luaL_checkudata(L, i, SUBJECT);
  if (!s->p || s->closed)
    luaL_error(L, "the subject is closed");
  s->owner->L = L;
  return s;
}

/* A new userdata for a subject made by fn (the context at 1, fn's argument at 2). */
static int make_subject(lua_State *L, int how)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *arg = checktext(L, 2);
  subject_ud *s = lua_newuserdatauv(L, sizeof *s, 1);
  memset(s, 0, sizeof *s);
  s->owner = c;
  lua_pushvalue(L, 1);   /* the context lives as long as the subject */
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, SUBJECT);
  check(L, c, how == 0   ? cops_subject_new(&s->p, c->ctx, arg)
              : how == 1 ? cops_subject_load(&s->p, c->ctx, arg)
                         : cops_subject_from_json(&s->p, c->ctx, arg));
  c->children++;
  return 1;
}

static int ctx_subject(lua_State *L)
{
  return make_subject(L, 0);
}
static int ctx_load_subject(lua_State *L)
{
  return make_subject(L, 1);
}
static int ctx_subject_json(lua_State *L)
{
  return make_subject(L, 2);
}

static void subject_free(subject_ud *s)
{
  cops_subject_free(s->p);
  s->p = NULL;
  s->owner->children--;
  ctx_release(s->owner);
}

void subject_unuse(subject_ud *s)
{
  if (--s->users == 0 && s->closed && s->p)
    subject_free(s);
}

static int subject_close(lua_State *L)
{
  subject_ud *s = luaL_checkudata(L, 1, SUBJECT);
  if (!s->p || s->closed)
    return 0;
  if (lua_toboolean(L, lua_upvalueindex(2)))
    refuse_in_callback(L, s->owner, "subject");
  if (s->users) {   /* an interview holds it: freed with the last */
    s->closed = 1;
    return 0;
  }
  subject_free(s);
  return 0;
}

static int parsed_arg(lua_State *L, int i, int (*parse)(const char *, int *), const char *what)
{
  int v;
  if (parse(checktext(L, i), &v))
    return luaL_argerror(L, i, what);
  return v;
}

static int characteristic_arg(lua_State *L, int i)
{
  return parsed_arg(L, i, cops_characteristic_parse, "a characteristic");
}

static int attitude_arg(lua_State *L, int i)
{
  return parsed_arg(L, i, cops_interview_attitude_parse,
                    "an attitude: Agressif, Inquisiteur, Froid, Poli or Amical");
}

static int s_name(lua_State *L)
{
  lua_pushstring(L, cops_subject_name(to_subject(L, 1)->p));
  return 1;
}

/* s:characteristic(name [, value]) -> value */
static int s_characteristic(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  const int c = characteristic_arg(L, 2);
  if (!lua_isnoneornil(L, 3))
    check(L, s->owner, cops_subject_set_characteristic(s->p, c, checkint(L, 3)));
  lua_pushinteger(L, check(L, s->owner, cops_subject_characteristic(s->p, c)));
  return 1;
}

/* s:resistance(name [, modifier]) -> modifier */
static int s_resistance(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  const int c = characteristic_arg(L, 2);
  if (!lua_isnoneornil(L, 3))
    check(L, s->owner, cops_subject_set_resistance(s->p, c, checkint(L, 3)));
  int v;
  check(L, s->owner, cops_subject_resistance(s->p, c, &v));
  lua_pushinteger(L, v);
  return 1;
}

/* s:reaction(attitude [, reaction]) -> reaction */
static int s_reaction(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  const int a = attitude_arg(L, 2);
  if (!lua_isnoneornil(L, 3))
    check(L, s->owner, cops_subject_set_reaction(s->p, a, checkint(L, 3)));
  int v;
  check(L, s->owner, cops_subject_reaction(s->p, a, &v));
  lua_pushinteger(L, v);
  return 1;
}

/* s:reaction_mode(["dice"|"resistance"]) -> mode */
static int s_reaction_mode(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  if (!lua_isnoneornil(L, 2))
    check(L, s->owner, cops_subject_set_reaction_mode(s->p, luaL_checkoption(L, 2, NULL, modes)));
  lua_pushstring(L, modes[check(L, s->owner, cops_subject_reaction_mode(s->p))]);
  return 1;
}

static int s_add_tag(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  check(L, s->owner, cops_subject_add_tag(s->p, luaL_checkoption(L, 2, NULL, kinds),
                                          checktext(L, 3)));
  return 0;
}

static int s_tags(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  const int k = luaL_checkoption(L, 2, NULL, kinds);
  const int n = cops_subject_tag_count(s->p, k);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushstring(L, cops_subject_tag(s->p, k, i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int s_has_tag(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  lua_pushboolean(L, check(L, s->owner, cops_subject_has_tag(s->p, luaL_checkoption(L, 2, NULL,
                                                                                   kinds),
                                                              checktext(L, 3))));
  return 1;
}

static int s_add_fact(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  check(L, s->owner, cops_subject_add_fact(s->p, checkint(L, 2), checktext(L, 3)));
  return 0;
}

/* s:facts() -> {{tier =, text =}, ...} */
static int s_facts(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  const int n = cops_subject_fact_count(s->p);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    int tier;
    const char *text = cops_subject_fact(s->p, i, &tier);
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, tier);
    lua_setfield(L, -2, "tier");
    lua_pushstring(L, text);
    lua_setfield(L, -2, "text");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* s:save(path): the subject written back with what it has been through (C4.7). */
static int s_save(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  check(L, s->owner, cops_subject_save(s->p, checktext(L, 2)));
  return 0;
}

static int method_arg(lua_State *L, int i)
{
  return parsed_arg(L, i, cops_skill_parse, "a method: Intimidation, Éloquence or Rhétorique");
}

/* s:barred(method) -> whether a failed interrogation barred it on the subject (C4.7). */
static int s_barred(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  lua_pushboolean(L, check(L, s->owner, cops_subject_barred(s->p, method_arg(L, 2))));
  return 1;
}

/* s:set_barred(method [, barred]): bar it (true, the default) or open it (false). */
static int s_set_barred(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  const int skill = method_arg(L, 2);
  check(L, s->owner, cops_subject_set_barred(s->p, skill, lua_isnone(L, 3) || lua_toboolean(L, 3)));
  return 0;
}

/* s:resistance_up([n]) -> the subject's resistance increases (C4.7), set first when given. */
static int s_resistance_up(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  if (!lua_isnoneornil(L, 2))
    check(L, s->owner, cops_subject_set_resistance_up(s->p, checkint(L, 2)));
  lua_pushinteger(L, check(L, s->owner, cops_subject_resistance_up(s->p)));
  return 1;
}

static int s_to_json(lua_State *L)
{
  subject_ud *s = to_subject(L, 1);
  char *text;
  check(L, s->owner, cops_subject_to_json(s->p, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

/* The approach of the table at 2: {subject =, cop =, method =, attitude =, affinity =,
 * deficiency =, anciennete =, resistance_up =, dice_mod =, threshold_mod =}. */
static void approach_of(lua_State *L, subject_ud **s, entity_ud **cop, cops_approach *a)
{
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_getfield(L, 2, "subject");
  *s = to_subject(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 2, "cop");
  *cop = to_entity(L, -1, CHARACTER);
  lua_pop(L, 1);
  lua_getfield(L, 2, "method");
  const int skill = parsed_arg(L, lua_gettop(L), cops_skill_parse,
                               "a method: Intimidation, Éloquence or Rhétorique");
  lua_pop(L, 1);
  lua_getfield(L, 2, "attitude");
  const int attitude = attitude_arg(L, lua_gettop(L));
  lua_pop(L, 1);
  cops_approach_init(a, skill, attitude);
  lua_getfield(L, 2, "affinity");
  a->affinity = lua_toboolean(L, -1);
  lua_getfield(L, 2, "deficiency");
  a->deficiency = lua_toboolean(L, -1);
  lua_getfield(L, 2, "anciennete");
  a->anciennete = lua_toboolean(L, -1);
  lua_pop(L, 3);
  a->resistance_up = opt_field_int(L, 2, "resistance_up", 0);
  a->dice_mod = opt_field_int(L, 2, "dice_mod", 0);
  a->threshold_mod = opt_field_int(L, 2, "threshold_mod", 0);
}

/* The odds of an approach as a table: {win, tie, lose, tiers = {...}, mean_tiers}. */
void push_interrogation_odds(lua_State *L, const cops_interrogation_odds *o)
{
  lua_createtable(L, 0, 5);
  const struct {
    const char *key;
    double v;
  } f[] = {{"win", o->win}, {"tie", o->tie}, {"lose", o->lose}, {"mean_tiers", o->mean_tiers}};
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
    lua_pushnumber(L, f[k].v);
    lua_setfield(L, -2, f[k].key);
  }
  lua_createtable(L, COPS_TIER_MAX + 1, 0);
  for (int k = 0; k <= COPS_TIER_MAX; k++) {
    lua_pushnumber(L, o->tier[k]);
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -2, "tiers");
}

/* ctx:approach_odds{...} -> {win, tie, lose, tiers = {...}, mean_tiers} */
static int ctx_approach_odds(lua_State *L)
{
  to_ctx(L, 1);
  subject_ud *s;
  entity_ud *cop;
  cops_approach a;
  approach_of(L, &s, &cop, &a);
  cops_interrogation_odds o;
  o.size = sizeof o;
  check(L, s->owner, cops_approach_odds(s->p, cop->p, &a, &o));
  push_interrogation_odds(L, &o);
  return 1;
}

/* ctx:approach_rolls{...} -> the interrogator's roll, the subject's (notation) */
static int ctx_approach_rolls(lua_State *L)
{
  to_ctx(L, 1);
  subject_ud *s;
  entity_ud *cop;
  cops_approach a;
  approach_of(L, &s, &cop, &a);
  cops_action mine, theirs;
  check(L, s->owner, cops_approach_actions(s->p, cop->p, &a, &mine, &theirs));
  char buf[128];
  cops_action_format(&mine, buf, sizeof buf);
  lua_pushstring(L, buf);
  cops_action_format(&theirs, buf, sizeof buf);
  lua_pushstring(L, buf);
  return 2;
}

static int cat_interview_attitude_name(lua_State *L)
{
  lua_pushstring(L, cops_interview_attitude_name(attitude_arg(L, 1), lang_arg(L, 2, "fr")));
  return 1;
}

static int cat_method_characteristic(lua_State *L)
{
  const int c = cops_method_characteristic(parsed_arg(L, 1, cops_skill_parse, "a method"));
  if (c < 0)
    return luaL_argerror(L, 1, "a method: Intimidation, Éloquence or Rhétorique");
  lua_pushstring(L, cops_characteristic_name(c, COPS_LANG_FR));
  return 1;
}

void open_interrogation(lua_State *L)
{
  static const luaL_Reg methods[] = {
    {"name", s_name}, {"characteristic", s_characteristic}, {"resistance", s_resistance},
    {"reaction", s_reaction}, {"reaction_mode", s_reaction_mode}, {"add_tag", s_add_tag},
    {"tags", s_tags}, {"has_tag", s_has_tag}, {"add_fact", s_add_fact}, {"facts", s_facts},
    {"to_json", s_to_json}, {"save", s_save}, {"barred", s_barred},
    {"set_barred", s_set_barred}, {"resistance_up", s_resistance_up}, {NULL, NULL},
  };
  metatable(L, SUBJECT, methods);
  closers(L, subject_close, NULL);
  lua_pop(L, 1);
  static const luaL_Reg ctx[] = {
    {"subject", ctx_subject}, {"load_subject", ctx_load_subject},
    {"subject_json", ctx_subject_json}, {"approach_odds", ctx_approach_odds},
    {"approach_rolls", ctx_approach_rolls}, {NULL, NULL},
  };
  add_methods(L, CTX, ctx);
  lua_getfield(L, -1, "catalogue");
  lua_pushcfunction(L, cat_interview_attitude_name);
  lua_setfield(L, -2, "interview_attitude_name");
  lua_pushcfunction(L, cat_method_characteristic);
  lua_setfield(L, -2, "method_characteristic");
  lua_pop(L, 1);
}
