/* What a user interface reads from an encounter (docs/encounters.md, "Building a
 * VTT on libcops"): a combatant's weapons and armour, whether a player controls it,
 * the initiatives and actions allowed now with the reasons for the others, and
 * what the default policy would declare. Nothing here changes the fight. */
#include <stdio.h>
#include <string.h>

#include "fight/fight.h"
#include "fight/encounter-private.h"

int cops_encounter_suggest(cops_encounter *e, int id, cops_declaration *d)
{
  if (!e || !d)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = check_declaration_out(e, d)) || (rc = check_id(e, id)))
    return rc;
  if (!e->in_round)
    return FAIL(e, COPS_ESTATE, "suggestions come after cops_encounter_begin_round()");
  if (!able(e, id))
    return FAIL(e, COPS_ESTATE, "%s cannot act this round", who(e, id));
  cops_declaration full;
  if ((rc = cops__enc_policy(e, id, &full, NULL)))
    return rc;
  declaration_out(d, &full);
  return COPS_OK;
}

int cops_encounter_odds(cops_encounter *e, int id, const cops_declaration *given,
                        cops_attack_odds *o)
{
  if (!e || !given || !o)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  cops_declaration d;
  if ((rc = cops__declaration_now(e, id, given, &d, "odds")))
    return rc;
  const int mode = cops__enc_attack_mode(d.action);
  if (mode < 0)
    return FAIL(e, COPS_EINVAL, "%s is no attack: no odds", cops_encounter_action_name(d.action));
  if ((rc = cops__check_declaration(e, id, &d)))
    return rc;
  if (d.target < 0)
    return FAIL(e, COPS_EINVAL, "odds need a target");
  /* The attack as the round resolves it: after the move, with the declared attitude,
   * the first shot; the combatant put back as it was. */
  struct combatant *c = &e->c[id];
  const struct combatant keep = *c;
  const int moved = d.moving ? metres(c->x, c->y, d.x, d.y) : 0;
  if (d.moving) {
    c->x = d.x;
    c->y = d.y;
  }
  c->decl = d;
  c->attitude_now = d.attitude;
  /* The target's attitude this round once it has declared; until then, its last. */
  struct combatant *t = &e->c[d.target];
  const int target_attitude = t->attitude_now;
  if (t->declared && d.target != id)
    t->attitude_now = t->decl.attitude;
  cops_situation s;
  e->rules->situation(e, id, mode, moved, &s);
  s.several = d.action == COPS_ACT_SHOOT && d.shots > 1;
  s.anciennete = d.anciennete;
  t->attitude_now = target_attitude;
  *c = keep;
  return cops_attack_odds_compute(o, &s);
}

int cops_encounter_weapon_count(const cops_encounter *e, int id)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  const int rc = check_id(e, id);
  return rc ? rc : e->c[id].nweapons;
}

cops_weapon *cops_encounter_weapon_at(const cops_encounter *e, int id, int k)
{
  if (!e || id < 0 || id >= e->n || k < 0 || k >= e->c[id].nweapons)
    return NULL;
  return e->c[id].weapon[k];
}

int cops_encounter_hand(const cops_encounter *e, int id, int *hand)
{
  if (!e || !hand)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  const int rc = check_id(e, id);
  if (rc)
    return rc;
  *hand = in_hand(&e->c[id]) ? e->c[id].hand : -1;
  return COPS_OK;
}

const cops_armour *cops_encounter_armour(const cops_encounter *e, int id)
{
  return e && id >= 0 && id < e->n ? e->c[id].armour : NULL;
}

int cops_encounter_controlled(const cops_encounter *e, int id, int *controlled)
{
  if (!e || !controlled)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  const int rc = check_id(e, id);
  if (rc)
    return rc;
  *controlled = e->c[id].controlled;
  return COPS_OK;
}

/* The conditions that count for a declaration: those of the round's start during a
 * round, the character's own between rounds. */
static unsigned conditions_now(const cops_encounter *e, int id)
{
  return e->in_round ? e->c[id].start_conditions
                     : (unsigned)cops_character_conditions(e->c[id].ch);
}

int cops_encounter_initiative_range(const cops_encounter *e, int id, int *lowest, int *highest)
{
  if (!e || !lowest || !highest)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  const int rc = check_id(e, id);
  if (rc)
    return rc;
  int lo = 2, hi = 2;
  cops_initiative_range(cops_character_characteristic(e->c[id].ch, COPS_REFLEXES), &lo, &hi);
  if ((conditions_now(e, id) & COPS_COND_NO_NEGATIVE_INITIATIVE) && lo < 0)
    lo = 0;   /* C10.4: no negative initiative this round */
  if (!e->rules->initiative_chosen)
    lo = hi = 0;   /* A1.2: rolled when the round is resolved, 0 in the declaration */
  *lowest = lo;
  *highest = hi;
  return COPS_OK;
}

/* A declaration of action that could pass the checks if any choice of target,
 * weapon or place lets it: 0, or the reason of the last refusal. */
static int try_action(cops_encounter *e, int id, int action, char *why, size_t len)
{
  cops_declaration d;
  cops_declaration_init(&d, action);
  int lo = 2, hi = 2;
  cops_encounter_initiative_range(e, id, &lo, &hi);
  d.initiative = lo > 0 ? lo : 0;
  const struct combatant *c = &e->c[id];
  int rc = COPS_OK;
  int tries[COPS_COMBATANTS_MAX + 1], n = 0;
  switch (action) {
  case COPS_ACT_SHOOT:
  case COPS_ACT_BURST:
  case COPS_ACT_COVER:
  case COPS_ACT_MELEE:
  case COPS_ACT_STRIKE:
  case COPS_ACT_HOLD:
  case COPS_ACT_THROW:
  case COPS_ACT_ESCAPE:
  case COPS_ACT_FIRST_AID:
  case COPS_ACT_MEDICINE:
    if (c->held_by >= 0 && action == COPS_ACT_ESCAPE)
      tries[n++] = c->held_by;
    for (int t = 0; t < e->n; t++)
      if (t != id && e->c[t].present)
        tries[n++] = t;
    if (!n)
      tries[n++] = -1;   /* nobody: the check says so */
    break;
  case COPS_ACT_DRAW:
    for (int k = 0; k < c->nweapons; k++)
      if (k != c->hand)
        tries[n++] = k;
    if (!n)
      tries[n++] = c->nweapons;   /* nothing else to draw: the check says so */
    break;
  default:
    tries[n++] = -1;
    break;
  }
  if (action == COPS_ACT_MOVE) {
    d.moving = 1;
    d.x = c->x + (c->x < COPS_POSITION_MAX ? 1 : -1);
    d.y = c->y;
  }
  for (int k = 0; k < n; k++) {
    if (action == COPS_ACT_DRAW)
      d.weapon = tries[k];
    else
      d.target = tries[k];
    if (is_melee_action(action))
      d.initiative = 0;
    if ((rc = cops__check_declaration(e, id, &d)) == COPS_OK)
      return 0;
  }
  snprintf(why, len, "%s", cops_ctx_errmsg(e->ctx));
  return rc;
}

int cops_encounter_allowed(cops_encounter *e, int id, int action, int *allowed, char *why,
                           size_t len)
{
  if (!e || !allowed || (!why && len))
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc = check_id(e, id);
  if (rc)
    return rc;
  if (action < 0 || action >= COPS_ACT_COUNT)
    return FAIL(e, COPS_EINVAL, "unknown action %d", action);
  if (!e->in_round)
    return FAIL(e, COPS_ESTATE, "what is allowed is known after cops_encounter_begin_round()");
  char reason[sizeof e->ctx->errmsg];
  if (!able(e, id)) {
    *allowed = 0;
    snprintf(reason, sizeof reason, "%s cannot act this round", who(e, id));
  } else {
    *allowed = try_action(e, id, action, reason, sizeof reason) == 0;
  }
  if (len) {
    snprintf(why, len, "%s", *allowed ? "" : reason);
  }
  e->ctx->errmsg[0] = '\0';   /* a refusal found is an answer, not an error */
  return COPS_OK;
}
