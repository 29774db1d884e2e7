/* The default policy of the core rules (docs/encounters.md): what a combatant
 * nobody controls declares. */
#include <stdio.h>
#include <string.h>

#include "fight/fight.h"
#include "fight/encounter-private.h"


/* The nearest enemy able to act; ties to the lower id. -1 when none. */
static int nearest_enemy(const cops_encounter *e, int id)
{
  int best = -1, bd = 0;
  for (int j = 0; j < e->n; j++) {
    if (j == id || e->c[j].side == e->c[id].side || !able(e, j))
      continue;
    const int d = dist(e, id, j);
    if (best < 0 || d < bd) {
      best = j;
      bd = d;
    }
  }
  return best;
}

static int usable_firearm(const cops_weapon *w, int distance)
{
  if (!w)
    return 0;
  const int kind = cops_weapon_kind(w);
  if (!cops__kind_is_firearm(kind) && kind != COPS_THROWN)
    return 0;
  if (cops__wget(w, COPS_WEAPON_MAGAZINE) > 0 && cops__wget(w, COPS_WEAPON_LOADED) == 0)
    return 0;
  return distance <= 2 * cops__wget(w, COPS_WEAPON_RANGE);
}

/* How well a character shoots with a weapon: the expected successes of its pool,
 * (dice + PR) x (11 - threshold), in hundredths, then its PU. */
static int weapon_score(cops_character *ch, const cops_weapon *w)
{
  cops_action a;
  const int skill = w->skill;
  if (cops__character_skill_action(&a, ch, skill, w->spec[0] ? w->spec : NULL,
                                   cops_skill_characteristic(skill)))
    return -1000000;
  const int threshold = (a.flags & COPS_UNSKILLED) ? 10 : a.threshold;
  return (a.dice + w->v[COPS_WEAPON_PR]) * (11 - threshold) * 100 + w->v[COPS_WEAPON_PU];
}

int cops__core_policy(cops_encounter *e, int id, cops_declaration *d)
{
  const struct combatant *c = &e->c[id];
  const unsigned cond = c->start_conditions;
  cops_declaration_init(d, COPS_ACT_WAIT);
  /* Prudent below half hit points. */
  d->attitude = cops__health(c->ch) == COPS_BELOW_HALF ? COPS_PRUDENT : COPS_NORMAL;
  int lo = 2, hi = 2;
  cops_initiative_range(cops_character_characteristic(c->ch, COPS_REFLEXES), &lo, &hi);
  const int init = lo > 0 ? lo : 0;   /* 0 when allowed: no dice lost, none gained */
  d->initiative = init;
  if (cond & COPS_COND_HELD) {
    if (c->held_by >= 0 && e->c[c->held_by].present) {
      d->action = COPS_ACT_ESCAPE;
      d->target = c->held_by;
      d->initiative = 0;
    }
    return COPS_OK;
  }
  if (cond & COPS_COND_ON_GROUND) {
    d->action = COPS_ACT_STAND_UP;
    d->initiative = init;
    return COPS_OK;
  }
  d->initiative = init;
  const int t = nearest_enemy(e, id);
  if (t < 0)
    return COPS_OK;
  const int distance = dist(e, id, t);
  const cops_weapon *w = in_hand(c);
  /* The best firearm that can fire at that distance (the weapon in hand on a tie); drawn
   * first if it is not in hand; an empty one in hand is reloaded when none can fire. */
  int best = -1, best_score = 0;
  for (int k = 0; k < c->nweapons; k++) {
    if (!usable_firearm(c->weapon[k], distance))
      continue;
    const int score = c->nweapons > 1 ? weapon_score(c->ch, c->weapon[k]) : 0;
    if (best < 0 || score > best_score || (score == best_score && k == c->hand)) {
      best = k;
      best_score = score;
    }
  }
  if (best >= 0 && best != c->hand) {
    d->action = COPS_ACT_DRAW;
    d->weapon = best;
    return COPS_OK;
  }
  if (best < 0 && w && cops__wget(w, COPS_WEAPON_MAGAZINE) > 0 &&
      cops__wget(w, COPS_WEAPON_LOADED) == 0 && w->spares) {
    d->action = COPS_ACT_RELOAD;
    return COPS_OK;
  }
  d->target = t;
  if (usable_firearm(w, distance)) {
    const int burst = cops__wget(w, COPS_WEAPON_VRC) > 0;
    d->action = burst ? COPS_ACT_BURST : COPS_ACT_SHOOT;
    d->shots = 1;
    /* Beyond the weapon's range: close in by 5 m, which costs no die (C6.3). */
    if (distance > cops__wget(w, COPS_WEAPON_RANGE)) {
      d->moving = 1;
      towards(c->x, c->y, e->c[t].x, e->c[t].y, 5, &d->x, &d->y);
    }
    return COPS_OK;
  }
  /* Hand to hand: with a blade or a club in hand, else bare-handed; close in first. */
  const int kind = w ? cops_weapon_kind(w) : -1;
  const int melee = kind == COPS_BLADE || kind == COPS_BLUNT;
  const int reach = melee ? cops__wget(w, COPS_WEAPON_RANGE) : 1;
  d->initiative = 0;
  d->action = melee ? COPS_ACT_MELEE : COPS_ACT_STRIKE;
  if (distance > reach) {
    /* The nearest point within reach of the target, then at most 10 m towards it (C6.3). */
    int px, py, x, y;
    towards(e->c[t].x, e->c[t].y, c->x, c->y, reach, &px, &py);
    towards(c->x, c->y, px, py, REASONABLE_MOVE, &x, &y);
    d->moving = 1;
    d->x = x;
    d->y = y;
    if (metres(x, y, e->c[t].x, e->c[t].y) > reach) {
      d->action = COPS_ACT_MOVE;
      d->target = -1;
      d->initiative = init;
    }
  }
  return COPS_OK;
}
