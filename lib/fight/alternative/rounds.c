/* A round under the alternative rules (COPS.md A1, with C10.5's covering fire first): the
 * declarations, every initiative rolled (A1.2), covering fire, then the actions in
 * decreasing initiative, equal scores at once (A1.3), and the round's end. */
#include <stdio.h>
#include <string.h>

#include "fight/fight.h"
#include "fight/encounter-private.h"
#include "fight/alternative/round.h"

/* What the alternative rules check in a declaration: no initiative to choose (it is
 * rolled, A1.2), the circumstances, the die kept, the aim, covering fire's bullets. */
int cops__alt_declaration(cops_encounter *e, int id, const cops_declaration *d)
{
  const struct combatant *c = &e->c[id];
  const char *me = who(e, id);
  if (d->initiative != 0)
    return FAIL(e, COPS_EINVAL, "%s: initiative %+d: under the alternative rules it is rolled "
                "(A1.2): use 0, and circumstances or keep", me, d->initiative);
  if (d->circumstances < -10 || d->circumstances > 10)
    return FAIL(e, COPS_ERANGE, "%s: circumstances %d out of range -10..10 (A1.2)", me,
                d->circumstances);
  if (d->keep < 0 || d->keep > 10)
    return FAIL(e, COPS_ERANGE, "%s: keep %d out of range: 0 for the highest d10, or 1..10 "
                "(A1.2)", me, d->keep);
  const int shifts = d->action == COPS_ACT_SHOOT || d->action == COPS_ACT_BURST ||
                     d->action == COPS_ACT_MELEE || d->action == COPS_ACT_STRIKE;
  if (d->aim < 0 || d->aim > 10)
    return FAIL(e, COPS_ERANGE, "%s: aim %d out of range 0..10 (a location d10 face, 0 none)",
                me, d->aim);
  if (d->aim && !shifts)
    return FAIL(e, COPS_EINVAL, "%s: aim %d: a location d10 face for a shot, a burst or "
                "a strike (A2.1, A3.1), else 0", me, d->aim);
  if (d->bullets) {
    const int loaded = cops__wget(in_hand(c), COPS_WEAPON_LOADED);
    if (d->action != COPS_ACT_COVER)
      return FAIL(e, COPS_EINVAL, "%s: bullets %d are for covering fire (A2.3)", me, d->bullets);
    if (d->bullets < 4 || d->bullets > loaded)
      return FAIL(e, COPS_ERULE, "%s: covering fire of %d bullets: from 4 to the %d loaded "
                  "(A2.3)", me, d->bullets, loaded);
  }
  return COPS_OK;
}

/* The situation of combatant id's declared attack (A1.1, A2, A3). */
void cops__alt_situation(cops_encounter *e, int id, int mode, int moved, cops_situation *s)
{
  struct combatant *c = &e->c[id];
  const int t = c->decl.target;
  cops_situation_init(s, mode);
  s->ruleset = COPS_RULES_ALTERNATIVE;
  s->attacker = c->ch;
  s->weapon = mode == COPS_ATTACK_SINGLE || mode == COPS_ATTACK_BURST ||
                      mode == COPS_ATTACK_COVER || mode == COPS_ATTACK_MELEE
                  ? in_hand(c) : NULL;
  s->attacker_id = id;
  s->target_id = t;
  s->attitude = c->attitude_now;
  s->movement = moved > 10 ? 10 : moved;          /* C6.3, kept by A */
  s->dice_mod = c->decl.dice_mod;
  s->threshold_mod = c->decl.threshold_mod;
  s->difficulty_mod = c->decl.difficulty_mod;
  s->adrenaline = c->decl.adrenaline;
  s->aim = c->decl.aim;
  s->bullets = c->decl.bullets;
  if (t < 0)
    return;
  struct combatant *tc = &e->c[t];
  s->target = tc->ch;
  if (mode == COPS_ATTACK_COVER) {
    s->zone_x = tc->x;
    s->zone_y = tc->y;
    s->zone_radius = COVER_RADIUS;
    s->distance = dist(e, id, t);
    s->distance_cm = centimetres(e, id, t);
    return;
  }
  s->armour = tc->armour;
  s->target_attitude = tc->attitude_now;
  s->distance = dist(e, id, t);
  s->distance_cm = centimetres(e, id, t);
  s->holding = mode >= COPS_ATTACK_MELEE && mode != COPS_ATTACK_ESCAPE && tc->held_by == id &&
               (tc->ch->conditions & COPS_COND_HELD);   /* A3.4 */
}

/* A1.2: Réflexes d10 (not open), the highest kept unless the declaration keeps a lower
 * one; + the attitude's initiative (+4, +2, 0, -2, -4) and the circumstances, drawing a
 * weapon -2 and getting up -3 counted from the action. */
static int roll_initiative(cops_encounter *e, int id)
{
  struct combatant *c = &e->c[id];
  cops_action a;
  cops_action_init(&a, cops_character_characteristic(c->ch, COPS_REFLEXES), 10, 0);
  a.flags = COPS_UNSKILLED;      /* RULING A: the initiative d10 is not open */
  int rc = cops_roll_action(e->roll, e->ctx, &a);
  if (rc)
    return rc;
  if (e->logging) {
    cops_event x = {0};
    x.purpose = COPS_PURPOSE_INITIATIVE;
    if ((rc = cops__log_push(e->log, &x, name(e, id), id, NULL, -1, NULL, e->roll)))
      return rc;
  }
  int best = 0, low = 11;
  for (int k = 0; k < cops_roll_count(e->roll); k++) {
    int face, success, parent;
    cops_roll_die(e->roll, k, &face, &success, &parent);
    if (face > best && (!c->decl.keep || face <= c->decl.keep))
      best = face;
    low = face < low ? face : low;
  }
  c->kept = best ? best : low < 11 ? low : 0;
  const int auto_mod = c->decl.action == COPS_ACT_DRAW ? -2
                       : c->decl.action == COPS_ACT_STAND_UP ? -3 : 0;
  const int circumstances = c->decl.circumstances + auto_mod;
  c->score = c->kept + 2 * c->attitude_now + circumstances;
  if (!e->logging)
    return COPS_OK;
  cops_event x = {0};
  x.type = COPS_EV_INITIATIVE;
  x.kept = c->kept;
  x.initiative = c->score;
  x.attitude = c->attitude_now;
  x.circumstances = circumstances;
  return cops__enc_ev(e, &x, id, -1, NULL);
}

int cops__alt_round(cops_encounter *e)
{
  int rc, order[COPS_COMBATANTS_MAX], n = 0;
  /* Attitudes are revealed with the declarations (A1.1); every initiative is rolled, in
   * the order of the ids, before covering fire (C10.5) and the actions. */
  for (int i = 0; i < e->n; i++)
    if (e->c[i].declared && able(e, i)) {
      if ((rc = roll_initiative(e, i)))
        return rc;
      if (e->c[i].decl.action != COPS_ACT_COVER)
        order[n++] = i;
    }
  if ((rc = cops__enc_resolve_cover(e)))
    return rc;
  /* A1.3: decreasing initiative; equal scores at once (insertion sort: stable, ids in
   * order within a step). */
  for (int a = 1; a < n; a++)
    for (int b = a; b > 0 && e->c[order[b - 1]].score < e->c[order[b]].score; b--) {
      const int t = order[b];
      order[b] = order[b - 1];
      order[b - 1] = t;
    }
  for (int k = 0; k < n;) {
    int end = k + 1;
    while (end < n && e->c[order[end]].score == e->c[order[k]].score)
      end++;
    int can[COPS_COMBATANTS_MAX];
    for (int j = k; j < end; j++)
      can[j] = able(e, order[j]);
    const unsigned flags = end - k > 1 ? COPS__SIMULTANEOUS : 0;
    for (int j = k; j < end; j++) {
      const int id = order[j];
      if (!can[j]) {
        if ((rc = cops__enc_idle(e, id, (e->c[id].ch->conditions & COPS_COND_KNOCKED_OUT)
                                            ? COPS_IDLE_KNOCKED_OUT : COPS_IDLE_DOWN)))
          return rc;
        continue;
      }
      if ((rc = cops__enc_act(e, id, flags)))
        return rc;
    }
    k = end;
  }
  return cops__enc_end_round(e);
}
