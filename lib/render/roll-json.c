/* A roll as JSON (cops_roll_to_json, docs/json.md): every die, its success and the die it
 * rolled again; an action's figures, a d6 sum's total, a module's roll as the module writes
 * it (lib/st/, lib/d6/). */
#include <jansson.h>

#include "render/render.h"
#include "dice/roll-private.h"
#if COPS_WITH_ST
#include "st/st-private.h"
#endif
#if COPS_WITH_D6
#include "d6/d6-private.h"
#endif

static const char *kind_name(int kind)
{
  switch (kind) {
  case COPS_ROLL_ACTION: return "action";
  case COPS_ROLL_D6_SUM: return "d6_sum";
  default: return "d6_highest";
  }
}

int cops_roll_to_json(const cops_roll *roll, char **out)
{
  if (!roll || !out)
    return COPS_EINVAL;
  *out = NULL;
  if (roll->kind == COPS_ROLL_NONE)
    return COPS_ESTATE;
  json_t *dice = json_array();
  for (int i = 0; dice && i < roll->count; i++) {
    json_t *o = json_pack("{s:i,s:b,s:o}", "face", roll->face[i], "success",
                          cops__die_success(roll, i), "reroll_of",
                          i < roll->first ? json_null() : json_integer(roll->parent[i]));
    if (!o || json_array_append_new(dice, o)) {
      json_decref(dice);
      return COPS_ENOMEM;
    }
  }
  json_t *j;
#if COPS_WITH_ST
  if (roll->kind == COPS_ST_ROLL)
    return cops__json_hand(&roll->alloc, cops__st_roll_json(roll, dice), 0, out);
#endif
#if COPS_WITH_D6
  if (roll->kind == COPS_D6_ROLL)
    return cops__json_hand(&roll->alloc, cops__d6_roll_json(roll, dice), 0, out);
#endif
  if (roll->kind == COPS_ROLL_ACTION) {
    char text[96];
    int margin = 0;
    cops_action_format(&roll->action, text, sizeof text);
    cops_roll_margin(roll, &margin);
    j = json_pack("{s:s,s:s,s:i,s:i,s:i,s:b,s:o,s:i,s:b,s:i,s:b}", "kind", "action",
                  "action", text, "pool", roll->pool, "threshold", roll->threshold,
                  "difficulty", roll->difficulty, "unskilled", roll->unskilled, "dice", dice,
                  "successes", roll->successes, "success", roll->succeeded, "margin", margin,
                  "capped", roll->capped);
    if (j && roll->anciennete && json_object_set_new(j, "anciennete", json_true())) {
      json_decref(j);
      return COPS_ENOMEM;
    }
  } else {
    j = json_pack("{s:s,s:o,s:i}", "kind", kind_name(roll->kind), "dice", dice, "total",
                  roll->total);
  }
  return cops__json_hand(&roll->alloc, j, 0, out);
}
