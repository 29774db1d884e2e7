/* The Lua binding of the social side (lib/social, <cops/interrogation.h>,
 * docs/interrogations.md, C4): subjects (ctx:subject(name), ctx:load_subject(path),
 * ctx:subject_json(text)), the odds and the rolls of an approach (ctx:approach_odds{},
 * ctx:approach_rolls{}); the interview: ctx:interview(subject, cop),
 * ctx:resume_interview(text), ctx:resume_interview_file(path); iv:evaluate{}, iv:ask{},
 * iv:evidence(), what the interrogator knows and learnt, the methods barred, iv:odds{},
 * the log, the save. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

static void open_interrogation(lua_State *L)
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

#define INTERVIEW "cops.interview"

static const char *const results[] = {"won", "tied", "lost"};

typedef struct {
  cops_interview *p;
  ctx_ud *owner;
  subject_ud *subject;   /* borrowed (NULL for a resumed interview, which owns its own) */
  entity_ud *cop;
} interview_ud;

static interview_ud *to_interview(lua_State *L, int i)
{
  interview_ud *h = luaL_checkudata(L, i, INTERVIEW);
  if (!h->p)
    luaL_error(L, "the interview is closed");
  h->owner->L = L;
  return h;
}

static interview_ud *new_interview(lua_State *L, ctx_ud *c)
{
  interview_ud *h = lua_newuserdatauv(L, sizeof *h, 3);
  memset(h, 0, sizeof *h);
  h->owner = c;
  lua_pushvalue(L, 1);   /* the context lives as long as the interview */
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, INTERVIEW);
  return h;
}

/* ctx:interview(subject, cop) */
static int ctx_interview(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  subject_ud *s = to_subject(L, 2);
  entity_ud *cop = to_entity(L, 3, CHARACTER);
  interview_ud *h = new_interview(L, c);
  lua_pushvalue(L, 2);   /* the subject and the cop live as long as it */
  lua_setiuservalue(L, -2, 2);
  lua_pushvalue(L, 3);
  lua_setiuservalue(L, -2, 3);
  check(L, c, cops_interview_new(&h->p, c->ctx, s->p, cop->p));
  c->children++;
  h->subject = s;
  h->cop = cop;
  s->users++;
  cop->users++;
  return 1;
}

/* ctx:resume_interview(text), ctx:resume_interview_file(path): it owns its subject and cop. */
static int resume(lua_State *L, int from_file)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *arg = checktext(L, 2);
  interview_ud *h = new_interview(L, c);
  check(L, c, from_file ? cops_interview_resume_file(&h->p, c->ctx, arg)
                        : cops_interview_resume(&h->p, c->ctx, arg));
  c->children++;
  return 1;
}
static int ctx_resume_interview(lua_State *L)
{
  return resume(L, 0);
}
static int ctx_resume_interview_file(lua_State *L)
{
  return resume(L, 1);
}

static int interview_close(lua_State *L)
{
  interview_ud *h = luaL_checkudata(L, 1, INTERVIEW);
  if (!h->p)
    return 0;
  if (lua_toboolean(L, lua_upvalueindex(2)))
    refuse_in_callback(L, h->owner, "interview");
  cops_interview_free(h->p);
  h->p = NULL;
  if (h->subject)
    subject_unuse(h->subject);
  if (h->cop)
    entity_unuse(h->cop);
  h->subject = NULL;
  h->cop = NULL;
  h->owner->children--;
  ctx_release(h->owner);
  return 0;
}

static int iv_parsed(lua_State *L, int i, int (*parse)(const char *, int *), const char *what)
{
  int v;
  if (lua_type(L, i) != LUA_TSTRING || parse(lua_tostring(L, i), &v))
    return luaL_error(L, "%s: %s", what, lua_type(L, i) == LUA_TSTRING ? lua_tostring(L, i)
                                                                        : "missing");
  return v;
}

static int iv_method_arg(lua_State *L, int i)
{
  const int skill = iv_parsed(L, i, cops_skill_parse, "method");
  if (cops_method_characteristic(skill) < 0)
    luaL_error(L, "method: Intimidation, Éloquence or Rhétorique (C4.2)");
  return skill;
}

static int flag(lua_State *L, int t, const char *key)
{
  lua_getfield(L, t, key);
  const int v = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return v;
}

/* iv:evaluate{wishes = {"Charme", "Poli"} (nil: the eight), dice_mod, threshold_mod,
 * difficulty_mod, anciennete} -> traits revealed */
static int iv_evaluate(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  cops_evaluation e;
  cops_evaluation_init(&e);
  if (lua_isnoneornil(L, 2)) {
    lua_settop(L, 1);
    lua_newtable(L);
  }
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_getfield(L, 2, "wishes");
  if (lua_isnil(L, -1)) {
    for (int k = 0; k < COPS_TRAIT_COUNT; k++)
      e.wishes[k] = k;
    e.nwishes = COPS_TRAIT_COUNT;
  } else {
    luaL_checktype(L, -1, LUA_TTABLE);
    const lua_Integer n = luaL_len(L, -1);
    if (n > COPS_TRAIT_COUNT)
      return luaL_error(L, "wishes: at most %d traits", COPS_TRAIT_COUNT);
    for (lua_Integer k = 1; k <= n; k++) {
      lua_rawgeti(L, -1, k);
      e.wishes[k - 1] = iv_parsed(L, lua_gettop(L), cops_trait_parse, "wishes: not a trait");
      lua_pop(L, 1);
    }
    e.nwishes = (int)n;
  }
  lua_pop(L, 1);
  e.dice_mod = opt_field_int(L, 2, "dice_mod", 0);
  e.threshold_mod = opt_field_int(L, 2, "threshold_mod", 0);
  e.difficulty_mod = opt_field_int(L, 2, "difficulty_mod", 0);
  e.anciennete = flag(L, 2, "anciennete");
  int revealed;
  check(L, h->owner, cops_interview_evaluate(h->p, &e, &revealed));
  lua_pushinteger(L, revealed);
  return 1;
}

static void approach_at(lua_State *L, int t, cops_approach *a)
{
  luaL_checktype(L, t, LUA_TTABLE);
  lua_getfield(L, t, "method");
  const int skill = iv_method_arg(L, lua_gettop(L));
  lua_getfield(L, t, "attitude");
  const int attitude = iv_parsed(L, lua_gettop(L), cops_interview_attitude_parse, "attitude");
  lua_pop(L, 2);
  cops_approach_init(a, skill, attitude);
  a->affinity = flag(L, t, "affinity");
  a->deficiency = flag(L, t, "deficiency");
  a->anciennete = flag(L, t, "anciennete");
  a->dice_mod = opt_field_int(L, t, "dice_mod", 0);
  a->threshold_mod = opt_field_int(L, t, "threshold_mod", 0);
}

/* iv:ask{method =, attitude =, affinity, deficiency, dice_mod, threshold_mod, anciennete}
 * -> {result = "won"|"tied"|"lost", margin, tiers, learnt, anciennete} */
static int iv_ask(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  cops_approach a;
  approach_at(L, 2, &a);
  cops_interview_result r;
  r.size = sizeof r;
  check(L, h->owner, cops_interview_ask(h->p, &a, &r));
  lua_createtable(L, 0, 5);
  lua_pushstring(L, results[r.result]);
  lua_setfield(L, -2, "result");
  const struct {
    const char *key;
    int v;
  } f[] = {{"margin", r.margin}, {"tiers", r.tiers}, {"learnt", r.learnt}};
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
    lua_pushinteger(L, f[k].v);
    lua_setfield(L, -2, f[k].key);
  }
  lua_pushboolean(L, r.anciennete);
  lua_setfield(L, -2, "anciennete");
  return 1;
}

/* iv:odds{method =, attitude =, gm = false, ...} -> {win, tie, lose, tiers = {...}, mean_tiers} */
static int iv_odds(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  cops_approach a;
  approach_at(L, 2, &a);
  cops_interrogation_odds o;
  o.size = sizeof o;
  check(L, h->owner, cops_interview_odds(h->p, &a, flag(L, 2, "gm"), &o));
  push_interrogation_odds(L, &o);
  return 1;
}

static int iv_evidence(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  check(L, h->owner, cops_interview_evidence(h->p));
  return 0;
}

static int iv_barred(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  lua_pushboolean(L, check(L, h->owner, cops_interview_barred(h->p, iv_method_arg(L, 2))));
  return 1;
}

static int iv_knows(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  const int t = iv_parsed(L, 2, cops_trait_parse, "not a trait");
  lua_pushboolean(L, check(L, h->owner, cops_interview_knows(h->p, t)));
  return 1;
}

/* iv:known() -> the traits known, their French names in the order of cops_trait */
static int iv_known(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  lua_newtable(L);
  for (int t = 0, n = 0; t < COPS_TRAIT_COUNT; t++)
    if (cops_interview_knows(h->p, t) == 1) {
      lua_pushstring(L, cops_trait_name(t, COPS_LANG_FR));
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

/* iv:learnt() -> the facts learnt, in the subject's order */
static int iv_learnt(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  const cops_subject *s = cops_interview_subject(h->p);
  lua_newtable(L);
  for (int i = 0, n = 0; i < cops_subject_fact_count(s); i++)
    if (cops_interview_learnt(h->p, i) == 1) {
      lua_pushstring(L, cops_subject_fact(s, i, NULL));
      lua_rawseti(L, -2, ++n);
    }
  return 1;
}

static int iv_number(lua_State *L, int (*fn)(const cops_interview *))
{
  interview_ud *h = to_interview(L, 1);
  lua_pushinteger(L, check(L, h->owner, fn(h->p)));
  return 1;
}
static int iv_resistance_up(lua_State *L)
{
  return iv_number(L, cops_interview_resistance_up);
}
static int iv_asked(lua_State *L)
{
  return iv_number(L, cops_interview_asked);
}
static int iv_evaluated(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  lua_pushboolean(L, check(L, h->owner, cops_interview_evaluated(h->p)));
  return 1;
}

/* iv:subject_name(), iv:interrogator_name() */
static int iv_subject_name(lua_State *L)
{
  lua_pushstring(L, cops_subject_name(cops_interview_subject(to_interview(L, 1)->p)));
  return 1;
}
static int iv_interrogator_name(lua_State *L)
{
  lua_pushstring(L, cops_character_name(cops_interview_interrogator(to_interview(L, 1)->p)));
  return 1;
}

static int iv_save(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  char *text;
  check(L, h->owner, cops_interview_save(h->p, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int iv_save_file(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  check(L, h->owner, cops_interview_save_file(h->p, checktext(L, 2)));
  return 0;
}

static int iv_jsonl(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  char *text;
  check(L, h->owner, cops_log_to_jsonl(cops_interview_log(h->p), 0, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int iv_narrate(lua_State *L)
{
  interview_ud *h = to_interview(L, 1);
  char *text;
  check(L, h->owner, cops_log_narrate(cops_interview_log(h->p), 0, lang_arg(L, 2, "fr"), &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int iv_events(lua_State *L)
{
  push_events(L, cops_interview_log(to_interview(L, 1)->p));
  return 1;
}

static int cat_trait_name(lua_State *L)
{
  const int t = iv_parsed(L, 1, cops_trait_parse, "not a trait");
  lua_pushstring(L, cops_trait_name(t, lang_arg(L, 2, "fr")));
  return 1;
}

static void open_interview(lua_State *L)
{
  static const luaL_Reg methods[] = {
    {"evaluate", iv_evaluate}, {"evaluated", iv_evaluated}, {"knows", iv_knows},
    {"known", iv_known}, {"ask", iv_ask}, {"evidence", iv_evidence}, {"barred", iv_barred},
    {"resistance_up", iv_resistance_up}, {"asked", iv_asked}, {"learnt", iv_learnt},
    {"odds", iv_odds}, {"save", iv_save}, {"save_file", iv_save_file}, {"jsonl", iv_jsonl},
    {"narrate", iv_narrate}, {"events", iv_events}, {"subject_name", iv_subject_name},
    {"interrogator_name", iv_interrogator_name}, {NULL, NULL},
  };
  metatable(L, INTERVIEW, methods);
  closers(L, interview_close, NULL);
  lua_pop(L, 1);
  static const luaL_Reg ctx[] = {
    {"interview", ctx_interview}, {"resume_interview", ctx_resume_interview},
    {"resume_interview_file", ctx_resume_interview_file}, {NULL, NULL},
  };
  add_methods(L, CTX, ctx);
  lua_getfield(L, -1, "catalogue");
  lua_pushcfunction(L, cat_trait_name);
  lua_setfield(L, -2, "trait_name");
  lua_pop(L, 1);
}

void open_social(lua_State *L)
{
  open_interrogation(L);
  open_interview(L);
}
