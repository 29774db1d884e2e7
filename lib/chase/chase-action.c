/* Passengers and the secondary actions of a chase's round (COPS.md C7 step 5, C7.1,
 * docs/chases.md): a passenger's shot at the band's malus, a runner's shot, a tackle, all
 * through the attack procedures; what they do to the chase (C7.4 and the RULINGs of
 * docs/rulings.md). */
#include <stddef.h>
#include <string.h>

#include "attack/attack-private.h"
#undef FAIL   /* the chase's, by chase */
#include "chase/chase-private.h"

int cops_chase_add_passenger(cops_chase *c, int vehicle, cops_character *ch, int *id)
{
  if (!c || !ch)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (ch->ctx != c->ctx)
    return FAIL(c, COPS_EINVAL, "the character belongs to another context");
  if (!cops__chase_valid(c, vehicle))
    return FAIL(c, COPS_EINVAL, "participant %d: no such participant", vehicle);
  if (!c->p[vehicle].vehicle[0])
    return FAIL(c, COPS_EINVAL, "%s (id %d) is on foot: passengers ride a vehicle (C7)",
                c->p[vehicle].ch->name, vehicle);
  if (c->result)
    return FAIL(c, COPS_ESTATE, "the chase is over");
  if (c->round > c->p[vehicle].joined)
    return FAIL(c, COPS_ESTATE, "%s (id %d) is on its way: passengers board before its first "
                "round", c->p[vehicle].ch->name, vehicle);
  if (c->nr == COPS_PASSENGERS_MAX)
    return FAIL(c, COPS_ERANGE, "at most %d passengers", COPS_PASSENGERS_MAX);
  for (int i = 0; i < c->n; i++)
    if (c->p[i].ch == ch)
      return FAIL(c, COPS_EINVAL, "%s is in the chase already (id %d)", ch->name, i);
  for (int k = 0; k < c->nr; k++)
    if (c->r[k].ch == ch)
      return FAIL(c, COPS_EINVAL, "%s is in the chase already (id %d)", ch->name,
                  COPS_PASSENGER_ID0 + k);
  int fresh, rc;
  if ((rc = cops__chase_hold(c, ch, &fresh)))
    return rc;
  struct rider *r = &c->r[c->nr];
  memset(r, 0, sizeof *r);
  r->ch = ch;
  r->vehicle = vehicle;
  if (id)
    *id = COPS_PASSENGER_ID0 + c->nr;
  c->nr++;
  return COPS_OK;
}

int cops_chase_passengers(const cops_chase *c)
{
  return c ? c->nr : COPS_EINVAL;
}

cops_character *cops_chase_passenger(const cops_chase *c, int id, int *vehicle)
{
  const int k = id - COPS_PASSENGER_ID0;
  if (!c || k < 0 || k >= c->nr)
    return NULL;
  if (vehicle)
    *vehicle = c->r[k].vehicle;
  return c->r[k].ch;
}

static int is_shot(int mode)
{
  return mode == COPS_ATTACK_SINGLE || mode == COPS_ATTACK_BURST;
}

static int is_close(int mode)
{
  return mode == COPS_ATTACK_MELEE || mode == COPS_ATTACK_STRIKE || mode == COPS_ATTACK_HOLD ||
         mode == COPS_ATTACK_THROW;
}

/* What an attack did to a participant (docs/rulings.md): unable to act, it wrecks (C7.4,
 * "wrecks themselves", or the driver down); on foot, thrown down or held, it is caught. */
static int aftermath(cops_chase *c, int id)
{
  struct chaser *p = &c->p[id];
  if (p->state != COPS_CHASER_IN)
    return COPS_OK;
  if (cops__health(p->ch) >= COPS_UNCONSCIOUS ||
      (cops_character_conditions(p->ch) & COPS_COND_OUT))
    return cops__chase_out(c, id, COPS_CHASER_WRECKED);
  if (!p->vehicle[0] &&
      (cops_character_conditions(p->ch) & (COPS_COND_ON_GROUND | COPS_COND_HELD)))
    return cops__chase_out(c, id, p->role == COPS_CHASE_PURSUED ? COPS_CHASER_STOPPED
                                                                : COPS_CHASER_LOST);
  return COPS_OK;
}

/* The checks of C7 step 5 and C7.1; *side is the participant whose side acts, *band the
 * pair's band, *malus the shot's dice. */
static int check(cops_chase *c, int actor, int target, int mode, int *side, int *malus)
{
  if (c->round == 0)
    return FAIL(c, COPS_ESTATE, "secondary actions follow a round (C7 step 5): none resolved");
  if (c->result)
    return FAIL(c, COPS_ESTATE, "the chase is over");
  const int k = actor - COPS_PASSENGER_ID0;
  const int passenger = k >= 0 && k < c->nr;
  if (!passenger && !cops__chase_valid(c, actor))
    return FAIL(c, COPS_EINVAL, "actor %d: no such participant or passenger", actor);
  if (!cops__chase_valid(c, target))
    return FAIL(c, COPS_EINVAL, "target %d: no such participant", target);
  *side = passenger ? c->r[k].vehicle : actor;
  const struct chaser *a = &c->p[*side], *t = &c->p[target];
  const int acted = passenger ? c->r[k].acted : a->acted;
  if (a->state != COPS_CHASER_IN)
    return FAIL(c, COPS_ESTATE, "%s (id %d) is out of the chase", a->ch->name, *side);
  if (t->state != COPS_CHASER_IN)
    return FAIL(c, COPS_ESTATE, "%s (id %d) is out of the chase", t->ch->name, target);
  if (acted == c->round)
    return FAIL(c, COPS_ESTATE, "actor %d made its secondary action of round %d already "
                "(C7 step 5)", actor, c->round);
  if (!passenger && a->vehicle[0])
    return FAIL(c, COPS_ERULE, "%s drives %s: its passengers shoot (C7.1)", a->ch->name,
                a->vehicle);
  if ((a->role == COPS_CHASE_PURSUED) == (t->role == COPS_CHASE_PURSUED))
    return FAIL(c, COPS_ERULE, "%s and %s are not a pursuer and its pursued (C7.1)",
                a->ch->name, t->ch->name);
  const int band = a->role == COPS_CHASE_PURSUER ? cops__chase_band_of(a, t)
                                                 : cops__chase_band_of(t, a);
  if (band == COPS_BAND_LONG)
    return FAIL(c, COPS_ERULE, "%s and %s are at long distance: out of reach (C7.1)",
                a->ch->name, t->ch->name);
  const int vehicles = a->vehicle[0] && t->vehicle[0];
  if (is_shot(mode)) {
    *malus = !vehicles ? 0 : band == COPS_BAND_SHORT ? c->small_malus : c->large_malus;
    return COPS_OK;
  }
  if (!is_close(mode))
    return FAIL(c, COPS_ERULE, "%s: not a secondary action of a chase (a shot, or close "
                "combat on foot, C7.1)", cops_attack_mode_name(mode) ? cops_attack_mode_name(mode)
                                                                     : "an unknown mode");
  if (a->vehicle[0] || t->vehicle[0] || band != COPS_BAND_SHORT)
    return FAIL(c, COPS_ERULE, "close combat (a tackle, a blow) needs short distance and both "
                "on foot (C7.1)");
  *malus = 0;
  return COPS_OK;
}

int cops_chase_act(cops_chase *c, int actor, int target, const cops_situation *given,
                   cops_outcome *out)
{
  if (!c || !given)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (given->size < offsetof(cops_situation, attacker_id) || given->size > sizeof(cops_situation))
    return FAIL(c, COPS_EINVAL, "situation size %u, expected %zu (initialise it with "
                "cops_situation_init)", given->size, sizeof(cops_situation));
  cops_situation s;
  int rc = cops_situation_init(&s, COPS_ATTACK_SINGLE);
  if (rc)
    return rc;
  memcpy(&s, given, given->size);
  s.size = sizeof s;
  int side = 0, malus = 0;
  if ((rc = check(c, actor, target, s.mode, &side, &malus)))
    return rc;
  const int k = actor - COPS_PASSENGER_ID0;
  cops_character *who = k >= 0 ? c->r[k].ch : c->p[actor].ch;
  if ((s.attacker && s.attacker != who) || (s.target && s.target != c->p[target].ch))
    return FAIL(c, COPS_EINVAL, "the situation's attacker and target must be the actor's "
                "and the target's characters (or NULL)");
  if (is_shot(s.mode) && s.distance == 0 && s.distance_cm == 0)
    return FAIL(c, COPS_EINVAL, "a shot in a chase needs the distance in metres: the GM's "
                "for the band (C7.1 gives none)");
  s.attacker = who;
  s.target = c->p[target].ch;
  s.attacker_id = actor;
  s.target_id = target;
  s.dice_mod -= malus;
  /* All or nothing: the attack is, and so are the chase's consequences. */
  struct cops__chase_undo u;
  cops__chase_keep(c, &u);
  const int loaded = s.weapon ? s.weapon->v[COPS_WEAPON_LOADED] : 0;
  rc = cops_attack(out ? out : c->outcome, &s, c->log);
  if (rc)
    return rc;
  if (k >= 0)
    c->r[k].acted = c->round;
  else
    c->p[actor].acted = c->round;
  if (!(rc = aftermath(c, target)) && k < 0)
    rc = aftermath(c, actor);
  if (!rc)
    rc = cops__chase_conclude(c);
  if (rc) {
    cops__chase_undo(c, &u);
    if (s.weapon)
      s.weapon->v[COPS_WEAPON_LOADED] = loaded;
    cops__outcome_fail(out ? out : c->outcome, rc);
  }
  return rc;
}

/* The nearest pursuer still in (the smallest band, then the lowest id), for the pursued's
 * side to aim at. */
static int nearest(const cops_chase *c, int pursued)
{
  int best = -1, bb = COPS_BAND_LONG + 1;
  for (int i = 0; i < c->n; i++) {
    if (c->p[i].role != COPS_CHASE_PURSUER || c->p[i].state != COPS_CHASER_IN)
      continue;
    const int b = cops__chase_band_of(&c->p[i], &c->p[pursued]);
    if (b < bb) {
      bb = b;
      best = i;
    }
  }
  return best;
}

/* One actor of a chase file: a tackle at short distance on foot, else a shot in reach;
 * nothing when it cannot (out of reach, an empty weapon, unable to act). */
static int file_action(cops_chase *c, int actor, int side, cops_weapon *w, int tackle)
{
  const int pursued = cops__chase_pursued(c);
  const int target = c->p[side].role == COPS_CHASE_PURSUER ? pursued : nearest(c, pursued);
  if (c->result || target < 0 || c->p[side].state != COPS_CHASER_IN ||
      c->p[target].state != COPS_CHASER_IN)
    return COPS_OK;
  const struct chaser *q = c->p[side].role == COPS_CHASE_PURSUER ? &c->p[side] : &c->p[target];
  const int band = cops__chase_band_of(q, &c->p[pursued]);
  const int k = actor - COPS_PASSENGER_ID0;
  const cops_character *ch = k >= 0 ? c->r[k].ch : c->p[actor].ch;
  if (band == COPS_BAND_LONG || cops__health(ch) >= COPS_UNCONSCIOUS ||
      (cops_character_conditions(ch) & (COPS_COND_OUT | COPS_COND_HELD)))
    return COPS_OK;
  const int foot = !c->p[side].vehicle[0] && !c->p[target].vehicle[0];
  cops_situation s;
  cops_situation_init(&s, COPS_ATTACK_SINGLE);
  if (tackle >= 0 && foot && band == COPS_BAND_SHORT && k < 0) {
    s.mode = tackle;
  } else if (w && w->v[COPS_WEAPON_LOADED] > 0 && c->shot_distance[band] > 0) {
    s.weapon = w;
    s.distance = c->shot_distance[band];
  } else {
    return COPS_OK;
  }
  return cops_chase_act(c, actor, target, &s, NULL);
}

int cops__chase_file_actions(cops_chase *c)
{
  int rc;
  for (int i = 0; i < c->n; i++)
    if ((c->p[i].weapon || c->p[i].tackle >= 0) && !c->p[i].vehicle[0] &&
        (rc = file_action(c, i, i, c->p[i].weapon, c->p[i].tackle)))
      return rc;
  for (int k = 0; k < c->nr; k++)
    if (c->r[k].weapon &&
        (rc = file_action(c, COPS_PASSENGER_ID0 + k, c->r[k].vehicle, c->r[k].weapon, -1)))
      return rc;
  return COPS_OK;
}
