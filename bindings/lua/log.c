/* The Lua binding of event logs (lib/log, <cops/events.h>, docs/events.md): a log's events
 * as Lua tables, each naming its combatants by id. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cops-lua.h"

void push_events(lua_State *L, const cops_log *log)
{
  const int n = cops_log_count(log);
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    cops_event e;
    cops_event_init(&e);
    cops_log_event(log, i, &e);
    lua_createtable(L, 0, 12);
    lua_pushstring(L, cops_event_type_name(e.type));
    lua_setfield(L, -2, "type");
    const struct {
      const char *key;
      const char *value;
    } texts[] = {{"actor", e.actor}, {"target", e.target}, {"weapon", e.weapon},
                 {"actor_tag", e.actor_tag}, {"target_tag", e.target_tag}};
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++)
      if (texts[k].value) {
        lua_pushstring(L, texts[k].value);
        lua_setfield(L, -2, texts[k].key);
      }
    const struct {
      const char *key;
      int value;
    } nums[] = {
      {"seq", e.seq}, {"round", e.round}, {"mode", e.mode}, {"purpose", e.purpose},
      {"successes", e.successes}, {"margin", e.margin}, {"total", e.total},
      {"location", e.location}, {"damage", e.damage}, {"hp_before", e.hp_before},
      {"hp_after", e.hp_after}, {"result", e.result}, {"action", e.action},
      {"id", e.id}, {"side", e.side}, {"capped", e.capped}, {"dice_mod", e.dice_mod},
      {"threshold_mod", e.threshold_mod}, {"difficulty_mod", e.difficulty_mod},
      {"clock", e.clock}, {"period", e.period}, {"elapsed", e.elapsed}, {"healed", e.healed},
    };
    for (size_t k = 0; k < sizeof nums / sizeof nums[0]; k++) {
      lua_pushinteger(L, nums[k].value);
      lua_setfield(L, -2, nums[k].key);
    }
    /* Combatants by id (nil: nobody): names are for display. */
    const struct {
      const char *key;
      int value;
    } ids[] = {{"actor_id", e.actor_id}, {"target_id", e.target_id}};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
      if (ids[k].value >= 0) {
        lua_pushinteger(L, ids[k].value);
        lua_setfield(L, -2, ids[k].key);
      }
    /* Wounds over time (<cops/heal.h>): names as the JSON gives them. */
    static const char *const causes[COPS_CAUSE_COUNT] = {
      "attack", "bleeding", "first_aid", "stabilise", "hospital", "rest", "revival"};
    static const char *const rests[COPS_REST_COUNT] = {"none", "natural", "hospital"};
    if (e.type == COPS_EV_HIT_POINTS) {
      lua_pushstring(L, causes[e.cause]);
      lua_setfield(L, -2, "cause");
    }
    if (e.type == COPS_EV_REST) {
      lua_pushstring(L, rests[e.rest]);
      lua_setfield(L, -2, "rest");
    }
    if (e.type == COPS_EV_NIGHT && e.point >= 0) {
      lua_pushstring(L, e.point == COPS_ADRENALINE ? "adrenaline" : "anciennete");
      lua_setfield(L, -2, "point");
    }
    if (e.final) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, "final");
    }
    /* Points spent (C5), there when true as in the JSON. */
    if (e.adrenaline) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, "adrenaline");
    }
    if (e.anciennete) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, "anciennete");
    }
    lua_rawseti(L, -2, i + 1);
  }
}


