/* The Lua binding of chases (<cops/chase.h>, docs/chases.md): ctx:chase() makes one;
 * its participants, declarations, rounds, crash tests through a Lua function, events. */
#include <string.h>

#include "cops-lua.h"

#define CHASE "cops.chase"

static const char *const roles[] = {"pursued", "pursuer", NULL};
static const char *const bands[] = {"short", "intermediate", "long", NULL};
static const char *const states[] = {"in", "lost", "stopped", "wrecked", NULL};
static const char *const results[] = {"going", "caught", "escaped", NULL};
static const char *const modes[] = {"each", "one_plus", NULL};

typedef struct {
  cops_chase *p;
  ctx_ud *owner;
  int crash;                          /* registry ref of the crash function, 0 for none */
  int nkept;
  entity_ud *kept[COPS_CHASERS_MAX + COPS_PASSENGERS_MAX];  /* the characters it borrows */
} chase_ud;

static chase_ud *to_chase(lua_State *L, int i)
{
  chase_ud *c = luaL_checkudata(L, i, CHASE);
  if (!c->p)
    luaL_error(L, "the chase is closed");
  c->owner->L = L;
  return c;
}

static int ctx_chase(lua_State *L)
{
  ctx_ud *c = to_ctx(L, 1);
  chase_ud *h = lua_newuserdatauv(L, sizeof *h, 2);
  memset(h, 0, sizeof *h);
  h->owner = c;
  lua_pushvalue(L, 1);            /* the context lives as long as the chase */
  lua_setiuservalue(L, -2, 1);
  lua_newtable(L);                /* the characters it borrows, kept alive */
  lua_setiuservalue(L, -2, 2);
  luaL_setmetatable(L, CHASE);
  check(L, c, cops_chase_new(&h->p, c->ctx));
  c->children++;
  return 1;
}

/* A chase file (ctx:load_chase(path), ctx:chase_json(text [, base_dir])): the chase owns
 * the characters it read. */
static int load_chase(lua_State *L, int from_file)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *arg = checktext(L, 2);
  const char *base = lua_isnoneornil(L, 3) ? NULL : checktext(L, 3);
  chase_ud *h = lua_newuserdatauv(L, sizeof *h, 2);
  memset(h, 0, sizeof *h);
  h->owner = c;
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  lua_newtable(L);
  lua_setiuservalue(L, -2, 2);
  luaL_setmetatable(L, CHASE);
  check(L, c, from_file ? cops_chase_load(&h->p, c->ctx, arg)
                        : cops_chase_from_json(&h->p, c->ctx, arg, base));
  c->children++;
  return 1;
}
static int ctx_load_chase(lua_State *L)
{
  return load_chase(L, 1);
}

/* ctx:resume_chase(text), ctx:resume_chase_file(path) */
static int resume_chase(lua_State *L, int from_file)
{
  ctx_ud *c = to_ctx(L, 1);
  const char *text = checktext(L, 2);
  chase_ud *h = lua_newuserdatauv(L, sizeof *h, 2);
  memset(h, 0, sizeof *h);
  h->owner = c;
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  lua_newtable(L);
  lua_setiuservalue(L, -2, 2);
  luaL_setmetatable(L, CHASE);
  check(L, c, from_file ? cops_chase_resume_file(&h->p, c->ctx, text)
                        : cops_chase_resume(&h->p, c->ctx, text));
  c->children++;
  return 1;
}
static int ctx_resume_chase(lua_State *L)
{
  return resume_chase(L, 0);
}
static int ctx_resume_chase_file(lua_State *L)
{
  return resume_chase(L, 1);
}

static int chase_save_file(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  check(L, h->owner, cops_chase_save_file(h->p, checktext(L, 2)));
  return 0;
}

/* c:save() -> text */
static int chase_save(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  char *text;
  check(L, h->owner, cops_chase_save(h->p, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}
static int ctx_chase_json(lua_State *L)
{
  return load_chase(L, 0);
}

static int chase_close(lua_State *L)
{
  chase_ud *h = luaL_checkudata(L, 1, CHASE);
  if (!h->p)
    return 0;
  if (lua_toboolean(L, lua_upvalueindex(2)))
    refuse_in_callback(L, h->owner, "chase");
  if (h->crash > 0)
    luaL_unref(L, LUA_REGISTRYINDEX, h->crash);
  h->crash = 0;
  cops_chase_free(h->p);
  h->p = NULL;
  for (int i = 0; i < h->nkept; i++)
    entity_unuse(h->kept[i]);
  h->nkept = 0;
  h->owner->children--;
  ctx_release(h->owner);
  return 0;
}

/* The chase keeps the character at index i alive (its uservalue's list) and pushes id. */
static int kept(lua_State *L, chase_ud *h, int i, entity_ud *ch, int id)
{
  lua_getiuservalue(L, 1, 2);
  lua_pushvalue(L, i);
  lua_rawseti(L, -2, (lua_Integer)luaL_len(L, -2) + 1);
  lua_pop(L, 1);
  ch->users++;
  h->kept[h->nkept++] = ch;
  lua_pushinteger(L, id);
  return 1;
}

/* c:add(character, skill, role, vehicle or nil, white) -> id */
static int chase_add(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  entity_ud *ch = to_entity(L, 2, CHARACTER);
  const char *skill = checktext(L, 3);
  const int role = luaL_checkoption(L, 4, "pursuer", roles);
  const char *vehicle = lua_isnoneornil(L, 5) ? NULL : checktext(L, 5);
  int id;
  check(L, h->owner, cops_chase_add(h->p, ch->p, skill, role, vehicle, optint(L, 6, 4), &id));
  return kept(L, h, 2, ch, id);
}

static int checkid(lua_State *L, chase_ud *h, int i)
{
  const int id = checkint(L, i);
  if (id < 0 || id >= cops_chase_count(h->p))
    return luaL_argerror(L, i, "no such participant");
  return id;
}

static int chase_count(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  lua_pushinteger(L, cops_chase_count(h->p));
  return 1;
}

static int chase_character(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  const int id = checkid(L, h, 2);
  cops_character *ch = cops_chase_character(h->p, id);
  lua_getiuservalue(L, 1, 2);
  const int n = (int)luaL_len(L, -1);
  for (int k = 1; k <= n; k++) {
    lua_rawgeti(L, -1, k);
    if (((entity_ud *)lua_touserdata(L, -1))->p == ch)
      return 1;
    lua_pop(L, 1);
  }
  return luaL_error(L, "no character for participant %d", id);
}

/* c:participant(id) -> the character's name (for a chase file's, whose characters it owns) */
static int chase_participant(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  lua_pushstring(L, cops_character_name(cops_chase_character(h->p, checkid(L, h, 2))));
  return 1;
}

static int chase_run(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  check(L, h->owner, cops_chase_run(h->p));
  return 0;
}

static int chase_set_max_rounds(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  check(L, h->owner, cops_chase_set_max_rounds(h->p, checkint(L, 2)));
  return 0;
}

static int chase_max_rounds(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  lua_pushinteger(L, cops_chase_max_rounds(h->p));
  return 1;
}

static int chase_name(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  lua_pushstring(L, cops_chase_name(h->p));
  return 1;
}

static int chase_role(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  lua_pushstring(L, roles[check(L, h->owner, cops_chase_role(h->p, checkid(L, h, 2)))]);
  return 1;
}

static int chase_state(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  lua_pushstring(L, states[check(L, h->owner, cops_chase_state(h->p, checkid(L, h, 2)))]);
  return 1;
}

/* c:dice(id) -> white, black */
static int chase_dice(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  int w, b;
  check(L, h->owner, cops_chase_dice(h->p, checkid(L, h, 2), &w, &b));
  lua_pushinteger(L, w);
  lua_pushinteger(L, b);
  return 2;
}

static int chase_adjust(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  check(L, h->owner, cops_chase_adjust(h->p, checkid(L, h, 2), checkint(L, 3)));
  return 0;
}

static int chase_band(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  int band;
  check(L, h->owner, cops_chase_band(h->p, checkid(L, h, 2), &band));
  lua_pushstring(L, bands[band]);
  return 1;
}

static int chase_chooser(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  int id;
  check(L, h->owner, cops_chase_chooser(h->p, checkid(L, h, 2), &id));
  lua_pushinteger(L, id);
  return 1;
}

/* c:declare(id, successes [, {blacken =, adrenaline =, anciennete =, dice_mod =,
 * threshold_mod =, difficulty_mod =}]) */
static int chase_declare(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  const int id = checkid(L, h, 2);
  cops_chase_declaration d;
  cops_chase_declaration_init(&d, checkint(L, 3));
  if (lua_istable(L, 4)) {
    d.blacken = opt_field_int(L, 4, "blacken", 0);
    d.dice_mod = opt_field_int(L, 4, "dice_mod", 0);
    d.threshold_mod = opt_field_int(L, 4, "threshold_mod", 0);
    d.difficulty_mod = opt_field_int(L, 4, "difficulty_mod", 0);
    lua_getfield(L, 4, "adrenaline");
    d.flags |= lua_toboolean(L, -1) ? COPS_ADRENALINE_DIE : 0u;
    lua_getfield(L, 4, "anciennete");
    d.flags |= lua_toboolean(L, -1) ? COPS_CHASE_ANCIENNETE : 0u;
    lua_pop(L, 2);
  } else if (!lua_isnoneornil(L, 4)) {
    return luaL_argerror(L, 4, "a table of options");
  }
  check(L, h->owner, cops_chase_declare(h->p, id, &d));
  return 0;
}

/* c:odds(id, successes, other, other_successes [, anciennete [, other_anciennete]]) -> table */
static int chase_odds(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  const int id = checkid(L, h, 2), other = checkid(L, h, 4);
  cops_chase_declaration mine, theirs;
  cops_chase_declaration_init(&mine, checkint(L, 3));
  cops_chase_declaration_init(&theirs, checkint(L, 5));
  mine.flags = lua_toboolean(L, 6) ? COPS_CHASE_ANCIENNETE : 0u;
  theirs.flags = lua_toboolean(L, 7) ? COPS_CHASE_ANCIENNETE : 0u;
  cops_chase_round_odds o;
  o.size = sizeof o;
  check(L, h->owner, cops_chase_odds(h->p, id, &mine, other, &theirs, &o));
  const struct {
    const char *key;
    double v;
  } f[] = {{"success", o.success}, {"other_success", o.other_success}, {"both", o.both},
           {"only_mine", o.only_mine}, {"only_other", o.only_other}, {"neither", o.neither},
           {"loss", o.loss}, {"other_loss", o.other_loss}, {"crash", o.crash}};
  lua_createtable(L, 0, (int)(sizeof f / sizeof f[0]));
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
    lua_pushnumber(L, f[k].v);
    lua_setfield(L, -2, f[k].key);
  }
  return 1;
}

/* c:suggest(id) -> successes, blacken */
static int chase_suggest(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  cops_chase_declaration d;
  cops_chase_declaration_init(&d, 1);
  check(L, h->owner, cops_chase_suggest(h->p, checkid(L, h, 2), &d));
  lua_pushinteger(L, d.successes);
  lua_pushinteger(L, d.blacken);
  return 2;
}

static int chase_set_maluses(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  check(L, h->owner, cops_chase_set_maluses(h->p, checkint(L, 2), checkint(L, 3)));
  return 0;
}

static int chase_shot_malus(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  int mod;
  check(L, h->owner, cops_chase_shot_malus(h->p, checkid(L, h, 2), &mod));
  lua_pushinteger(L, mod);
  return 1;
}

static int chase_resolve_round(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  check(L, h->owner, cops_chase_resolve_round(h->p));
  return 0;
}

static int chase_round(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  lua_pushinteger(L, cops_chase_round(h->p));
  return 1;
}

static int chase_result(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  lua_pushstring(L, results[cops_chase_result(h->p)]);
  return 1;
}

static int chase_set_crash_mode(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  check(L, h->owner, cops_chase_set_crash_mode(h->p, luaL_checkoption(L, 2, NULL, modes)));
  return 0;
}

/* The Lua crash table: fn(id, failed, {d6 ...}) -> wrecked (a boolean). */
static int crash_callback(void *user, int id, int failed, const int *d6, int n, int *wrecked)
{
  chase_ud *h = user;
  ctx_ud *c = h->owner;
  lua_State *L = c->L;
  lua_rawgeti(L, LUA_REGISTRYINDEX, h->crash);
  lua_pushinteger(L, id);
  lua_pushinteger(L, failed);
  lua_createtable(L, n, 0);
  for (int k = 0; k < n; k++) {
    lua_pushinteger(L, d6[k]);
    lua_rawseti(L, -2, k + 1);
  }
  c->in_callback++;
  const int status = lua_pcall(L, 3, 1, 0);
  c->in_callback--;
  if (status != LUA_OK) {
    keep_failure(L, c);
    return COPS_ESTATE;
  }
  if (!lua_isboolean(L, -1)) {
    callback_failure(L, c, COPS_ESTATE, "the crash function returned %s, not a boolean",
                     luaL_tolstring(L, -1, NULL));
    lua_pop(L, 2);
    return COPS_ESTATE;
  }
  *wrecked = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return COPS_OK;
}

static int chase_set_crash_callback(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  if (!lua_isnoneornil(L, 2))
    luaL_checktype(L, 2, LUA_TFUNCTION);
  if (h->crash > 0)
    luaL_unref(L, LUA_REGISTRYINDEX, h->crash);
  h->crash = 0;
  if (lua_isnoneornil(L, 2)) {
    check(L, h->owner, cops_chase_set_crash_callback(h->p, NULL, NULL));
    return 0;
  }
  lua_pushvalue(L, 2);
  h->crash = luaL_ref(L, LUA_REGISTRYINDEX);
  check(L, h->owner, cops_chase_set_crash_callback(h->p, crash_callback, h));
  return 0;
}

/* c:add_passenger(vehicle, character) -> id (C7 step 5) */
static int chase_add_passenger(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  const int vehicle = checkid(L, h, 2);
  entity_ud *ch = to_entity(L, 3, CHARACTER);
  int id;
  check(L, h->owner, cops_chase_add_passenger(h->p, vehicle, ch->p, &id));
  return kept(L, h, 3, ch, id);
}

static int chase_passengers(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  lua_pushinteger(L, cops_chase_passengers(h->p));
  return 1;
}

/* c:passenger(id) -> the passenger's name, the participant it rides with */
static int chase_passenger(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  int vehicle;
  const cops_character *ch = cops_chase_passenger(h->p, checkint(L, 2), &vehicle);
  if (!ch)
    return luaL_argerror(L, 2, "no such passenger");
  lua_pushstring(L, cops_character_name(ch));
  lua_pushinteger(L, vehicle);
  return 2;
}

/* c:act(actor, target, {mode = "single", weapon = w, distance = 8, ...}) -> outcome
 * (C7 step 5: the chase fills the attacker and the target) */
static int chase_act(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  const int actor = checkint(L, 2);
  const int target = checkid(L, h, 3);
  cops_situation s;
  situation_at(L, h->owner, 4, 0, &s);
  lua_settop(L, 4);
  cops_outcome *o = outcome_begin(L, h->owner);
  check(L, h->owner, cops_chase_act(h->p, actor, target, &s, o));
  const cops_character *who = cops_chase_passenger(h->p, actor, NULL);
  outcome_end(L, who ? who : cops_chase_character(h->p, actor));
  return 1;
}

static int chase_wreck(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  check(L, h->owner, cops_chase_wreck(h->p, checkid(L, h, 2)));
  return 0;
}

static int chase_events(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  push_events(L, cops_chase_log(h->p));
  return 1;
}

static int chase_jsonl(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  char *text;
  check(L, h->owner, cops_log_to_jsonl(cops_chase_log(h->p), 0, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int chase_narrate(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  const int lang = lang_arg(L, 2, "fr");
  char *text;
  check(L, h->owner, cops_log_narrate(cops_chase_log(h->p), 0, lang, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int cat_chase_band_name(lua_State *L)
{
  lua_pushstring(L, cops_chase_band_name(luaL_checkoption(L, 1, NULL, bands),
                                         lang_arg(L, 2, "fr")));
  return 1;
}

/* ---- what a tabletop draws, tags, undo (docs/chases.md, "Tabletops") ---------------- */

/* c:set_tag(id, tag|nil), c:tag(id), c:find_tag(tag): participants and passengers (16 + k) */
static int chase_set_tag(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  const int id = checkint(L, 2);
  const char *tag = lua_isnoneornil(L, 3) ? NULL : checktext(L, 3);
  check(L, h->owner, cops_chase_set_tag(h->p, id, tag));
  return 0;
}

static int chase_tag(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  const char *tag = cops_chase_tag(h->p, checkint(L, 2));
  if (tag)
    lua_pushstring(L, tag);
  else
    lua_pushnil(L);
  return 1;
}

static int chase_find_tag(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  lua_pushinteger(L, check(L, h->owner, cops_chase_find_tag(h->p, checktext(L, 2))));
  return 1;
}

/* c:board_state(id) -> the participant's or passenger's table (docs/lua.md) */
static int chase_board_state(lua_State *L)
{
  static const char *const band_keys[] = {"short", "intermediate", "long"};
  chase_ud *h = to_chase(L, 1);
  cops_chaser_state s;
  cops_chaser_state_init(&s);
  check(L, h->owner, cops_chase_board_state(h->p, checkint(L, 2), &s));
  lua_createtable(L, 0, 16);
  const named_int nums[] = {{"id", s.id}, {"white", s.white}, {"black", s.black},
                            {"hp", s.hp}, {"max_hp", s.max_hp}};
  const named_int flags[] = {{"passenger", s.passenger}, {"declared", s.declared}};
  set_fields(L, nums, sizeof nums / sizeof nums[0], 0);
  set_fields(L, flags, sizeof flags / sizeof flags[0], 1);
  const struct {
    const char *key, *v;
  } strs[] = {{"tag", s.tag}, {"name", s.name}, {"vehicle", s.vehicle},
              {"role", roles[s.role]}, {"state", states[s.state]},
              {"band", s.band >= 0 ? band_keys[s.band] : NULL},
              {"health_state", cops_health_state_key(s.health_state)}};
  for (size_t k = 0; k < sizeof strs / sizeof strs[0]; k++)
    if (strs[k].v) {
      lua_pushstring(L, strs[k].v);
      lua_setfield(L, -2, strs[k].key);
    }
  if (s.rides_with >= 0) {
    lua_pushinteger(L, s.rides_with);
    lua_setfield(L, -2, "rides_with");
  }
  push_conditions(L, s.conditions);
  lua_setfield(L, -2, "conditions");
  return 1;
}

static int chase_snapshot(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  char *text = NULL;
  check(L, h->owner, cops_chase_snapshot(h->p, &text));
  lua_pushstring(L, text);
  cops_free(text);
  return 1;
}

static int chase_checkpoint(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  cops_checkpoint *cp = NULL;
  check(L, h->owner, cops_chase_checkpoint(h->p, &cp));
  push_checkpoint(L, h->owner, 1, cp);
  return 1;
}

static int chase_rollback(lua_State *L)
{
  chase_ud *h = to_chase(L, 1);
  check(L, h->owner, cops_chase_rollback(h->p, to_checkpoint(L, 2)));
  return 0;
}

void open_chase(lua_State *L)
{
  static const luaL_Reg methods[] = {
    {"add", chase_add}, {"count", chase_count}, {"character", chase_character},
    {"role", chase_role}, {"state", chase_state}, {"dice", chase_dice},
    {"adjust", chase_adjust}, {"band", chase_band}, {"chooser", chase_chooser},
    {"declare", chase_declare}, {"resolve_round", chase_resolve_round},
    {"odds", chase_odds}, {"suggest", chase_suggest}, {"participant", chase_participant},
    {"run", chase_run}, {"save", chase_save}, {"save_file", chase_save_file}, {"set_maluses", chase_set_maluses}, {"shot_malus", chase_shot_malus}, {"set_max_rounds", chase_set_max_rounds}, {"name", chase_name},
    {"max_rounds", chase_max_rounds},
    {"round", chase_round}, {"result", chase_result}, {"set_crash_mode", chase_set_crash_mode},
    {"set_crash_callback", chase_set_crash_callback}, {"wreck", chase_wreck},
    {"add_passenger", chase_add_passenger}, {"passengers", chase_passengers},
    {"passenger", chase_passenger}, {"act", chase_act},
    {"events", chase_events}, {"jsonl", chase_jsonl}, {"narrate", chase_narrate},
    {"set_tag", chase_set_tag}, {"tag", chase_tag}, {"find_tag", chase_find_tag},
    {"board_state", chase_board_state}, {"snapshot", chase_snapshot},
    {"checkpoint", chase_checkpoint}, {"rollback", chase_rollback}, {NULL, NULL},
  };
  metatable(L, CHASE, methods);
  closers(L, chase_close, NULL);
  lua_pop(L, 1);
  static const luaL_Reg ctx[] = {{"chase", ctx_chase}, {"load_chase", ctx_load_chase},
                                 {"chase_json", ctx_chase_json},
                                 {"resume_chase", ctx_resume_chase},
                                 {"resume_chase_file", ctx_resume_chase_file}, {NULL, NULL}};
  add_methods(L, CTX, ctx);
  lua_getfield(L, -1, "catalogue");
  lua_pushcfunction(L, cat_chase_band_name);
  lua_setfield(L, -2, "chase_band_name");
  lua_pop(L, 1);
}
