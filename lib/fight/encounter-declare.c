/* An encounter's declarations (docs/encounters.md, "A round"): the actions' names, a
 * declaration's defaults, and its checks against the rules and the state — those every
 * ruleset shares, then the ruleset's own (its initiative, its fields) through the rules
 * table. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fight/fight.h"
#include "fight/encounter-private.h"

static const char *const action_names[COPS_ACT_COUNT] = {
  "wait", "shoot", "burst", "cover", "melee", "strike", "hold", "throw", "escape", "move",
  "reload", "draw", "stand_up", "first_aid", "medicine",
};

const char *cops_encounter_action_name(int action)
{
  return action >= 0 && action < COPS_ACT_COUNT ? action_names[action] : NULL;
}

int cops_encounter_action_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  const int a = cops__name_index(text, action_names, COPS_ACT_COUNT);
  if (a < 0)
    return COPS_ENOTFOUND;
  *out = a;
  return COPS_OK;
}

static void declaration_defaults(cops_declaration *d, int action)
{
  memset(d, 0, sizeof *d);
  d->size = sizeof *d;
  d->action = action;
  d->target = -1;
  d->shots = 1;
  d->difficulty = 3;
}
_Static_assert(offsetof(cops_declaration, difficulty) + sizeof(int) <= COPS__DECLARATION_SIZE_0_5,
               "a declaration's defaults lie in its 0.5 fields");

int cops_declaration_init_sized(cops_declaration *d, size_t size, int action)
{
  if (!d || size < COPS__DECLARATION_SIZE_0_5 || size > sizeof *d)
    return COPS_EINVAL;
  /* Written in place, never past the caller's struct: every default lies in 0.5's fields. */
  memset(d, 0, size);
  d->size = (uint32_t)size;
  d->action = action;
  d->target = -1;
  d->shots = 1;
  d->difficulty = 3;
  return action >= 0 && action < COPS_ACT_COUNT ? COPS_OK : COPS_EINVAL;
}

int (cops_declaration_init)(cops_declaration *d, int action)
{
  return cops_declaration_init_sized(d, COPS__DECLARATION_SIZE_0_5, action);
}





/* ---- life cycle ------------------------------------------------------------ */


/* Check a declaration against the rules and the state (C6, C6.3, C6.4, C10, C11.1). */
int cops__check_declaration(cops_encounter *e, int id, const cops_declaration *d)
{
  const struct combatant *c = &e->c[id];
  const char *me = who(e, id);
  const unsigned cond = c->start_conditions;
  if (d->size != sizeof *d)
    return FAIL(e, COPS_EINVAL, "declaration size %u, expected %zu (initialise it with "
                "cops_declaration_init)", (unsigned)d->size, sizeof *d);
  if (d->action < 0 || d->action >= COPS_ACT_COUNT)
    return FAIL(e, COPS_EINVAL, "%s: unknown action %d", me, d->action);
  const char *act = action_names[d->action];
  if (d->attitude < -2 || d->attitude > 2)
    return FAIL(e, COPS_ERANGE, "%s: attitude %d out of range -2..2", me, d->attitude);
  /* The GM's modifiers of the action's roll (C1.7) and a long move (C6.3 RULING). */
  if (d->dice_mod < -COPS_MOD_MAX || d->dice_mod > COPS_MOD_MAX)
    return FAIL(e, COPS_ERANGE, "%s: GM dice modifier %d out of range %d..%d", me, d->dice_mod,
                -COPS_MOD_MAX, COPS_MOD_MAX);
  if (d->threshold_mod < -COPS_THRESHOLD_MOD_MAX || d->threshold_mod > COPS_THRESHOLD_MOD_MAX)
    return FAIL(e, COPS_ERANGE, "%s: GM threshold modifier %d out of range %d..%d", me,
                d->threshold_mod, -COPS_THRESHOLD_MOD_MAX, COPS_THRESHOLD_MOD_MAX);
  if (d->difficulty_mod < -COPS_MOD_MAX || d->difficulty_mod > COPS_MOD_MAX)
    return FAIL(e, COPS_ERANGE, "%s: GM difficulty modifier %d out of range %d..%d", me,
                d->difficulty_mod, -COPS_MOD_MAX, COPS_MOD_MAX);
  if (d->long_move != 0 && d->long_move != 1)
    return FAIL(e, COPS_EINVAL, "%s: long_move is %d, not 0 or 1", me, d->long_move);
  if (d->long_move && !d->moving)
    return FAIL(e, COPS_EINVAL, "%s: long_move goes with moving = 1", me);
  if (d->adrenaline != 0 && d->adrenaline != 1)
    return FAIL(e, COPS_EINVAL, "%s: adrenaline is %d, not 0 or 1", me, d->adrenaline);
  if (d->adrenaline) {
    static const unsigned char attacks[COPS_ACT_COUNT] = {
      [COPS_ACT_SHOOT] = 1, [COPS_ACT_BURST] = 1, [COPS_ACT_COVER] = 1, [COPS_ACT_MELEE] = 1,
      [COPS_ACT_STRIKE] = 1, [COPS_ACT_HOLD] = 1, [COPS_ACT_THROW] = 1, [COPS_ACT_ESCAPE] = 1,
    };
    int cur = 0;
    cops_character_points(c->ch, COPS_ADRENALINE, &cur, NULL);
    if (!attacks[d->action])
      return FAIL(e, COPS_EINVAL, "%s: Adrénaline goes with an attack, not %s", me, act);
    if (cur < 1)
      return FAIL(e, COPS_ERULE, "%s has no Adrénaline point left (C5)", me);
  }
  if (d->anciennete != 0 && d->anciennete != 1)
    return FAIL(e, COPS_EINVAL, "%s: anciennete is %d, not 0 or 1", me, d->anciennete);
  if (d->anciennete && cops__anciennete_left(c->ch) < 1)
    return FAIL(e, COPS_ERULE, "%s has no Ancienneté point left (C5)", me);
  int rc = e->rules->declaration(e, id, d);   /* the initiative, the ruleset's own fields */
  if (rc)
    return rc;
  if ((cond & COPS_COND_HELD) && d->action != COPS_ACT_ESCAPE && d->action != COPS_ACT_WAIT)
    return FAIL(e, COPS_ERULE, "%s is held: escape or wait (C11.1)", me);
  if (d->action == COPS_ACT_ESCAPE && !(cond & COPS_COND_HELD))
    return FAIL(e, COPS_ERULE, "%s is not held: nothing to escape (C11.1)", me);
  /* On the ground and held: the escape is still the held one's (it cannot stand up). */
  if ((cond & COPS_COND_ON_GROUND) && d->action != COPS_ACT_STAND_UP &&
      d->action != COPS_ACT_WAIT && !(d->action == COPS_ACT_ESCAPE && (cond & COPS_COND_HELD)))
    return FAIL(e, COPS_ERULE, "%s is on the ground: stand up or wait (C11.1)", me);
  if (d->action == COPS_ACT_STAND_UP && !(cond & COPS_COND_ON_GROUND))
    return FAIL(e, COPS_ERULE, "%s is not on the ground", me);
  if (d->moving) {
    if (d->moving != 1)
      return FAIL(e, COPS_EINVAL, "%s: moving is %d, not 0 or 1", me, d->moving);
    if (d->x < -COPS_POSITION_MAX || d->x > COPS_POSITION_MAX || d->y < -COPS_POSITION_MAX ||
        d->y > COPS_POSITION_MAX)
      return FAIL(e, COPS_ERANGE, "%s: position (%d, %d) outside ±%d m", me, d->x, d->y,
                  COPS_POSITION_MAX);
    const int m = metres(c->x, c->y, d->x, d->y);
    if (m > REASONABLE_MOVE && !d->long_move)
      return FAIL(e, COPS_ERULE, "%s: %d m in a round: beyond 10 m, use the chase rules, or "
                  "the GM allows it with long_move and a malus (C6.3)", me, m);
    if (cond & (COPS_COND_HELD | COPS_COND_ON_GROUND))
      return FAIL(e, COPS_ERULE, "%s cannot move while %s", me,
                  cond & COPS_COND_HELD ? "held" : "on the ground");
  } else if (d->action == COPS_ACT_MOVE) {
    return FAIL(e, COPS_EINVAL, "%s: move needs moving = 1 and where to", me);
  }
  const int needs_target = d->action == COPS_ACT_SHOOT || d->action == COPS_ACT_BURST ||
                           d->action == COPS_ACT_COVER || is_melee_action(d->action) ||
                           d->action == COPS_ACT_FIRST_AID || d->action == COPS_ACT_MEDICINE;
  if (needs_target) {
    if (d->target < -1 || d->target >= e->n)
      return FAIL(e, COPS_ERANGE, "%s: target %d out of range 0..%d", me, d->target, e->n - 1);
    if (d->target < 0 || !e->c[d->target].present)
      return FAIL(e, COPS_EINVAL, "%s: %s needs a target present in the encounter, not %d", me,
                  act, d->target);
    if (d->target == id)
      return FAIL(e, COPS_EINVAL, "%s cannot %s themselves", me, act);
    if (cops__dead(e->c[d->target].ch))
      return FAIL(e, COPS_ERULE, "%s: %s is dead", me, who(e, d->target));
    if (d->action == COPS_ACT_ESCAPE && c->held_by >= 0 && d->target != c->held_by)
      return FAIL(e, COPS_EINVAL, "%s is held by %s, not %s", me, who(e, c->held_by),
                  who(e, d->target));
  } else if ((d->target < -1 || d->target >= e->n) &&
             (d->action == COPS_ACT_WAIT || d->action == COPS_ACT_MOVE)) {
    return FAIL(e, COPS_ERANGE, "%s: target %d out of range -1..%d", me, d->target, e->n - 1);
  } else if (d->target != -1 && d->action != COPS_ACT_WAIT && d->action != COPS_ACT_MOVE) {
    return FAIL(e, COPS_EINVAL, "%s: %s takes no target (-1)", me, act);
  }
  const cops_weapon *w = in_hand(c);
  const int kind = w ? cops_weapon_kind(w) : -1;
  switch (d->action) {
  case COPS_ACT_SHOOT:
  case COPS_ACT_BURST:
  case COPS_ACT_COVER:
    if (!w ||
        !(cops__kind_is_firearm(kind) || (d->action == COPS_ACT_SHOOT && kind == COPS_THROWN)))
      return FAIL(e, COPS_ERULE, "%s has no firearm in hand to %s", me, act);
    if (cops__wget(w, COPS_WEAPON_MAGAZINE) > 0 && cops__wget(w, COPS_WEAPON_LOADED) == 0)
      return FAIL(e, COPS_ERULE, "%s: %s is empty: reload it", me, cops_weapon_name(w));
    if (d->action == COPS_ACT_SHOOT && (d->shots < 1 || d->shots > cops__wget(w, COPS_WEAPON_CT)))
      return FAIL(e, COPS_ERULE, "%s: %d shots with %s, which fires 1..%d a round (CT, C10.7)",
                  me, d->shots, cops_weapon_name(w), cops__wget(w, COPS_WEAPON_CT));
    if (d->action == COPS_ACT_BURST && !cops__wget(w, COPS_WEAPON_VRC))
      return FAIL(e, COPS_ERULE, "%s: %s has no burst value (VRC) (C10.6)", me,
                  cops_weapon_name(w));
    if (d->action == COPS_ACT_COVER && !cops__wget(w, COPS_WEAPON_VC))
      return FAIL(e, COPS_ERULE, "%s: %s has no covering-fire value (VC) (C10.5)", me,
                  cops_weapon_name(w));
    if (d->action == COPS_ACT_COVER && cops__wget(w, COPS_WEAPON_LOADED) < 4)
      return FAIL(e, COPS_ERULE, "%s: covering fire needs at least 4 rounds in %s (C10.5)", me,
                  cops_weapon_name(w));
    break;
  case COPS_ACT_MELEE:
    if (!w || (kind != COPS_BLADE && kind != COPS_BLUNT))
      return FAIL(e, COPS_ERULE, "%s has no blade or blunt weapon in hand (C11)", me);
    break;
  case COPS_ACT_ESCAPE:
    if (c->held_by >= 0 && d->target != c->held_by)
      return FAIL(e, COPS_EINVAL, "%s is held by %s", me, who(e, c->held_by));
    break;
  case COPS_ACT_RELOAD:
    if (!w || cops__wget(w, COPS_WEAPON_MAGAZINE) == 0)
      return FAIL(e, COPS_ERULE, "%s has no weapon with a magazine in hand", me);
    if (!w->spares)
      return FAIL(e, COPS_ERULE, "%s has no spare magazine left for %s", me,
                  cops_weapon_name(w));
    break;
  case COPS_ACT_DRAW:
    if (d->weapon < 0 || d->weapon >= c->nweapons)
      return FAIL(e, COPS_ERANGE, "%s: weapon %d out of range: carries 0..%d", me, d->weapon,
                  c->nweapons - 1);
    if (d->weapon == c->hand)
      return FAIL(e, COPS_ERULE, "%s already holds %s", me, cops_weapon_name(w));
    break;
  case COPS_ACT_FIRST_AID:
  case COPS_ACT_MEDICINE: {
    int hp;
    cops_character_hp(e->c[d->target].ch, &hp);
    const int treat = d->action == COPS_ACT_MEDICINE ? COPS_TREAT_MEDICINE : COPS_TREAT_STABILISE;
    if (hp > 0)
      return FAIL(e, COPS_ERULE, "%s: %s is not dying: %s in a fight stabilises the dying "
                  "(C8.5)", me, who(e, d->target), act);
    if (e->c[d->target].ch->w.stabilised & (1u << treat))
      return FAIL(e, COPS_ERULE, "%s: %s's wound was already stabilised once with %s: not "
                  "again for the same wound (C8.5)", me, who(e, d->target),
                  treat == COPS_TREAT_MEDICINE ? "Médecine" : "Premiers secours");
    if (d->difficulty < 1 || d->difficulty > 3)
      return FAIL(e, COPS_ERANGE, "%s: first-aid difficulty %d: 1 kit, 2 makeshift, 3 bare "
                  "hands (C8.4)", me, d->difficulty);
    break;
  }
  default:
    break;
  }
  return COPS_OK;
}

int cops__declaration_now(cops_encounter *e, int id, const cops_declaration *given,
                          cops_declaration *full, const char *what)
{
  int rc;
  if ((rc = check_id(e, id)))
    return rc;
  /* Every size from the first published one: later fields take their defaults. */
  if (given->size < COPS__DECLARATION_SIZE_0_5 || given->size > sizeof *given)
    return FAIL(e, COPS_EINVAL, "declaration size %u, expected %zu..%zu (initialise it with "
                "cops_declaration_init)", (unsigned)given->size,
                (size_t)COPS__DECLARATION_SIZE_0_5, sizeof *given);
  declaration_defaults(full, given->action);
  memcpy(full, given, given->size);
  full->size = sizeof *full;
  if (!e->in_round)
    return FAIL(e, COPS_ESTATE, "%s come after cops_encounter_begin_round()", what);
  if (!able(e, id))
    return FAIL(e, COPS_ESTATE, "%s cannot act this round", who(e, id));
  return COPS_OK;
}

int cops_encounter_declare(cops_encounter *e, int id, const cops_declaration *given)
{
  if (!e || !given)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  cops_declaration full;
  if ((rc = cops__declaration_now(e, id, given, &full, "declarations")))
    return rc;
  const cops_declaration *d = &full;
  if ((rc = cops__check_declaration(e, id, d)))
    return rc;
  e->c[id].decl = *d;
  e->c[id].declared = 1;
  e->c[id].declared_by = -1;   /* the caller's */
  e->c[id].why[0] = e->c[id].why[1] = e->c[id].why[2] = -1;
  return COPS_OK;
}

int cops_encounter_declaration(const cops_encounter *e, int id, cops_declaration *d)
{
  if (!e || !d)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = check_declaration_out(e, d)) || (rc = check_id(e, id)))
    return rc;
  if (!e->c[id].declared)
    return cops__fail(e->ctx, COPS_ESTATE, "%s has no declaration this round", who(e, id));
  declaration_out(d, &e->c[id].decl);
  return COPS_OK;
}
