/* A character's state beyond its sheet (conditions, a pending recovery roll), as every
 * save keeps it beside the sheet: fights, chases, interviews. */
#include "sheet/sheet.h"
#include "base/jsonutil.h"

/* The bound of a recovery roll's difficulty and rounds in a save. */
#define BIG 1000000

json_t *cops__character_state_json(const cops_character *ch)
{
  int d, r;
  cops__character_recovery_state(ch, &d, &r);
  return json_pack("{s:i,s:i,s:i}", "conditions", (int)ch->conditions, "recovery_difficulty",
                   d, "recovery_rounds", r);
}

int cops__character_state_from(cops_ctx *ctx, json_t *v, const char *where, cops_character *ch)
{
  static const char *const keys[] = {"conditions", "recovery_difficulty", "recovery_rounds",
                                     NULL};
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  int rc, cond, d, r;
  if ((rc = cops__json_only_keys(ctx, v, where, keys)) ||
      (rc = cops__json_field(ctx, v, where, "conditions", 0, COPS_COND_ALL, &cond)) ||
      (rc = cops__json_field(ctx, v, where, "recovery_difficulty", 0, BIG, &d)) ||
      (rc = cops__json_field(ctx, v, where, "recovery_rounds", 0, BIG, &r)))
    return rc;
  ch->conditions = (unsigned)cond;
  ch->recovery_difficulty = d;
  ch->recovery_rounds = r;
  return COPS_OK;
}
