/* The default policy under the alternative rules (docs/encounters.md): the core rules'
 * choice of action and target (lib/fight/core/policy.c), with what A changes: no
 * initiative to choose (A1.2), shots and strikes aimed at the head (A2.1, A3.1). */
#include "fight/fight.h"
#include "fight/encounter-private.h"
#include "fight/alternative/round.h"

int cops__alt_policy(cops_encounter *e, int id, cops_declaration *d)
{
  int rc = cops__core_policy(e, id, d);
  if (rc)
    return rc;
  d->initiative = 0;
  if (d->action == COPS_ACT_SHOOT || d->action == COPS_ACT_BURST ||
      d->action == COPS_ACT_MELEE || d->action == COPS_ACT_STRIKE)
    d->aim = 10;   /* the head: its bonus dice, and the mishap that knocks out (A4.1, A5) */
  return COPS_OK;
}
