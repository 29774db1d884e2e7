/* A round under the core rules (COPS.md C6, C8.2, C8.5, C10.4, C10.5, C11.1):
 * covering fire first, the steps by initiative, the actions, the round's end.
 * docs/encounters.md tells the order of everything. */
#include <stdio.h>
#include <string.h>

#include "fight/fight.h"
#include "fight/encounter-private.h"


/* What the core rules check in a declaration (C6, C6.4, C10.4): the initiative chosen in
 * the Réflexes range, none in melee; the alternative rules' fields at 0. */
int cops__core_declaration(cops_encounter *e, int id, const cops_declaration *d)
{
  const struct combatant *c = &e->c[id];
  if (d->aim | d->bullets | d->circumstances | d->keep)
    return FAIL(e, COPS_EINVAL, "%s: aim, bullets, circumstances and keep are the alternative "
                "rules' (A), 0 under the core rules", who(e, id));
  if (is_melee_action(d->action)) {
    if (d->initiative != 0)
      return FAIL(e, COPS_EINVAL, "%s: initiative %+d for %s: melee has none, use 0 (C6.4)",
                  who(e, id), d->initiative, cops_encounter_action_name(d->action));
    return COPS_OK;
  }
  /* C6: Réflexes 1 allows +2, each point more one step lower (cops_initiative_range). */
  const int reflexes = c->ch->value[COPS_REFLEXES];
  const int lo = reflexes >= 1 && reflexes <= 5 ? 3 - reflexes : 2, hi = 2;
  if (d->initiative < lo || d->initiative > hi)
    return FAIL(e, COPS_ERANGE, "%s: initiative %+d outside %+d..%+d that Réflexes %d "
                "allows (C6)", who(e, id), d->initiative, lo, hi, reflexes);
  if (d->initiative < 0 && (c->start_conditions & COPS_COND_NO_NEGATIVE_INITIATIVE))
    return FAIL(e, COPS_ERULE, "%s may not take a negative initiative this round (C10.4)",
                who(e, id));
  return COPS_OK;
}

/* The situation of an attack of id on its declared target. */
void cops__core_situation(cops_encounter *e, int id, int mode, int moved, cops_situation *s)
{
  struct combatant *c = &e->c[id];
  const int t = c->decl.target;
  cops_situation_init(s, mode);
  s->attacker = c->ch;
  s->weapon = (mode == COPS_ATTACK_SINGLE || mode == COPS_ATTACK_BURST ||
               mode == COPS_ATTACK_COVER || mode == COPS_ATTACK_MELEE)
                  ? in_hand(c) : NULL;
  s->attacker_id = id;
  s->target_id = t;
  s->attitude = c->attitude_now;
  s->initiative = is_melee_action(c->decl.action) ? 0 : c->decl.initiative;
  /* C6.3: beyond 5 m the round's action loses a die; a longer move than 10 m, which the
   * GM allowed (long_move), costs that die and the GM's malus, in dice_mod. */
  s->movement = moved > 10 ? 10 : moved;
  if (c->start_conditions & COPS_COND_SHAKEN)
    s->dice_mod = -1;     /* C10.4: -1 die to physical actions this round */
  s->dice_mod += c->decl.dice_mod;   /* the GM's modifiers (C1.7) */
  s->adrenaline = c->decl.adrenaline;   /* C5 */
  s->threshold_mod = c->decl.threshold_mod;
  s->difficulty_mod = c->decl.difficulty_mod;
  if (t >= 0 && mode == COPS_ATTACK_COVER) {
    s->target = e->c[t].ch;   /* the zone's centre (C10.5): 5 m around the target */
    s->zone_x = e->c[t].x;
    s->zone_y = e->c[t].y;
    s->zone_radius = COVER_RADIUS;
  }
  if (t >= 0 && mode != COPS_ATTACK_COVER) {
    struct combatant *tc = &e->c[t];
    s->target = tc->ch;
    s->armour = tc->armour;
    s->target_attitude = tc->attitude_now;
    s->distance = dist(e, id, t);          /* rounded up: ranges, reach, events */
    s->distance_cm = centimetres(e, id, t);   /* the true one: point-blank, short range (C6.5) */
    if (mode >= COPS_ATTACK_MELEE && mode != COPS_ATTACK_ESCAPE) {
      const cops_weapon *tw = in_hand(tc);
      const int tk = tw ? cops_weapon_kind(tw) : -1;
      s->target_weapon = (tk == COPS_BLADE || tk == COPS_BLUNT) ? (cops_weapon *)tw : NULL;
      /* A target fighting this attacker back with the same exchange fights as declared,
       * with its own modifiers, whichever of the two acts first (C6.1-C6.3, C10.4, C1.7,
       * C5): its move, shaken, the GM's modifiers, its Adrénaline. */
      if (tc->declared && tc->decl.target == id && is_melee_action(tc->decl.action) &&
          tc->decl.action != COPS_ACT_ESCAPE && !tc->cancelled) {
        s->target_dice_mod = tc->decl.dice_mod - (tc->moved > 5) -
                             ((tc->start_conditions & COPS_COND_SHAKEN) != 0);
        s->target_threshold_mod = tc->decl.threshold_mod;
        s->target_adrenaline = tc->decl.adrenaline;
        static const int mode_of[COPS_ACT_COUNT] = {
          [COPS_ACT_MELEE] = COPS_ATTACK_MELEE, [COPS_ACT_STRIKE] = COPS_ATTACK_STRIKE,
          [COPS_ACT_HOLD] = COPS_ATTACK_HOLD, [COPS_ACT_THROW] = COPS_ATTACK_THROW,
        };
        s->target_mode = mode_of[tc->decl.action];
        if (s->target_mode != COPS_ATTACK_MELEE)
          s->target_weapon = NULL;
        else if (!s->target_weapon)
          s->target_mode = -1;
      }
      s->attacker_armour = c->armour;
    }
  }
}

/* Step order (C6): increasing initiative; melee at 0 (C6.4) before the other
 * actions at 0; ties: higher Réflexes, then the more aggressive attitude,
 * else the same step (simultaneous). Returns <0, 0, >0. */
static int step_cmp(const cops_encounter *e, int a, int b)
{
  const struct combatant *x = &e->c[a], *y = &e->c[b];
  const int mx = is_melee_action(x->decl.action), my = is_melee_action(y->decl.action);
  const int ix = mx ? 0 : x->decl.initiative, iy = my ? 0 : y->decl.initiative;
  if (ix != iy)
    return ix - iy;
  /* Melee counts as 0 and is ordered among the others at 0 by the tie rule (C6.4). */
  const int rx = x->ch->value[COPS_REFLEXES], ry = y->ch->value[COPS_REFLEXES];
  if (rx != ry)
    return ry - rx;
  return y->attitude_now - x->attitude_now;
}

static int core_resolve(cops_encounter *e)
{
  int rc;
  if ((rc = cops__enc_resolve_cover(e)))
    return rc;
  int order[COPS_COMBATANTS_MAX], n = 0;
  for (int i = 0; i < e->n; i++)
    if (e->c[i].declared && e->c[i].decl.action != COPS_ACT_COVER)
      order[n++] = i;
  /* Insertion sort: stable, ids in order within a step. */
  for (int a = 1; a < n; a++)
    for (int b = a; b > 0 && step_cmp(e, order[b - 1], order[b]) > 0; b--) {
      int t = order[b];
      order[b] = order[b - 1];
      order[b - 1] = t;
    }
  int done[COPS_COMBATANTS_MAX] = {0};
  for (int k = 0; k < n;) {
    int end = k + 1;
    while (end < n && step_cmp(e, order[k], order[end]) == 0)
      end++;
    /* Who can act is decided at the step's start; the step's actions then all happen. */
    int can[COPS_COMBATANTS_MAX];
    for (int j = k; j < end; j++)
      can[j] = able(e, order[j]);
    const unsigned flags = end - k > 1 ? COPS__SIMULTANEOUS : 0;
    for (int j = k; j < end; j++) {
      const int id = order[j];
      if (done[id])
        continue;
      done[id] = 1;
      if (!can[j]) {
        if ((rc = cops__enc_idle(e, id, COPS_IDLE_DOWN)))
          return rc;
        continue;
      }
      /* One melee exchange for two fighters who attack each other (C11). */
      const int t = e->c[id].decl.target;
      if (is_melee_action(e->c[id].decl.action) && t >= 0 && e->c[t].declared &&
          e->c[t].decl.target == id && is_melee_action(e->c[t].decl.action) &&
          e->c[t].decl.action != COPS_ACT_ESCAPE && e->c[id].decl.action != COPS_ACT_ESCAPE &&
          !done[t]) {
        done[t] = 1;
        int moved;   /* the other fighter's own move still happens, before the exchange */
        if (!e->c[t].cancelled && ((rc = cops__enc_move(e, t, &moved)) || (rc = cops__enc_cover_hits(e, t))))
          return rc;
      }
      if ((rc = cops__enc_act(e, id, flags)))
        return rc;
    }
    k = end;
  }
  return COPS_OK;
}

/* The core rules' round (C6): covering fire, the steps, then the round's end. */
int cops__core_round(cops_encounter *e)
{
  int rc = core_resolve(e);
  return rc ? rc : cops__enc_end_round(e);
}
