/* Who declares for the combatants nobody controls (docs/encounters.md, "Policies"): each
 * combatant's policy, the ruleset's simple one (lib/fight/<ruleset>/policy.c) or the
 * tactical one (lib/fight/tactical.c). */
#include "fight/fight.h"
#include "fight/encounter-private.h"

int cops_encounter_set_policy(cops_encounter *e, int id, int policy)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = check_id(e, id)) || (rc = cops__policy_check(e->ctx, policy)))
    return rc;
  e->c[id].policy = policy;
  return COPS_OK;
}

int cops_encounter_set_side_policy(cops_encounter *e, int side, int policy)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = cops__policy_check(e->ctx, policy)))
    return rc;
  if (side < 0 || side >= COPS_SIDES_MAX)
    return FAIL(e, COPS_ERANGE, "side %d outside 0..%d", side, COPS_SIDES_MAX - 1);
  for (int i = 0; i < e->n; i++)
    if (e->c[i].side == side)
      e->c[i].policy = policy;
  return COPS_OK;
}

int cops_encounter_policy(const cops_encounter *e, int id)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  const int rc = check_id(e, id);
  return rc ? rc : e->c[id].policy;
}

int cops__enc_policy(cops_encounter *e, int id, cops_declaration *d, int *why)
{
  if (why)
    why[0] = why[1] = why[2] = -1;   /* none weighed */
  if (e->c[id].policy == COPS_POLICY_TACTICAL)
    return cops__tactical_policy(e, id, d, why);
  return e->rules->policy(e, id, d);
}
