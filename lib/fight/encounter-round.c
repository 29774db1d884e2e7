/* The round's pieces every ruleset shares (docs/encounters.md): what an attack did to
 * the combatants, deaths told, moves, covering fire laid first and crossed (C10.5, A2.3),
 * one combatant's action with its ruleset's situation, the round's end (C8.2, C10.4,
 * C11.1, A5). The rulesets' rounds (lib/rules/<ruleset>/rounds.c) order the steps. */
#include <stdio.h>
#include <string.h>

#include "fight/fight.h"
#include "fight/encounter-private.h"

/* The id of a character in the encounter, or -1. */
static int id_of(const cops_encounter *e, const cops_character *ch)
{
  for (int i = 0; i < e->n; i++)
    if (e->c[i].ch == ch)
      return i;
  return -1;
}


/* What an attack did, into the round's state: fresh conditions, holds, throws. */
/* What A5's mishaps leave in the fight: minutes unconscious, a weapon dropped, a hold let
 * go. */
static void mishaps(cops_encounter *e, int id, const cops_victim *vic)
{
  struct combatant *c = &e->c[id];
  if (vic->mishaps & COPS_MISHAP_UNCONSCIOUS)   /* minutes of 3-second rounds */
    c->ko_rounds = (vic->minutes * 60 + COPS_ROUND_SECONDS - 1) / COPS_ROUND_SECONDS;
  /* A hand drops what it held; a two-handed weapon (shoulder arm, heavy weapon) from either,
   * another from the right one (RULING, docs/rulings.md). */
  const cops_weapon *w = in_hand(c);
  if (w && (vic->mishaps & (COPS_MISHAP_DROP_RIGHT | COPS_MISHAP_DROP_LEFT))) {
    const int kind = cops_weapon_kind(w);
    const int two = kind == COPS_SHOULDER_ARM || kind == COPS_HEAVY_WEAPON;
    if (two || (vic->mishaps & COPS_MISHAP_DROP_RIGHT))
      c->hand = -1;
  }
  /* RULING A: a holder knocked down lets go. */
  if (vic->mishaps & COPS_MISHAP_KNOCKED_DOWN)
    for (int j = 0; j < e->n; j++)
      if (e->c[j].held_by == id) {
        e->c[j].held_by = -1;
        cops_character_set_conditions(e->c[j].ch, COPS_COND_HELD, 0);
      }
}

void cops__enc_note_outcome(cops_encounter *e, const cops_outcome *o, int attacker)
{
  const int nv = cops_outcome_victim_count(o);
  for (int v = 0; v < nv; v++) {
    cops_victim vic;
    vic.size = sizeof vic;
    cops_outcome_victim(o, v, &vic);
    const int id = id_of(e, vic.who);
    if (id < 0)
      continue;
    struct combatant *c = &e->c[id];
    c->fresh |= vic.conditions;
    if (vic.conditions & COPS_COND_ON_GROUND)
      c->thrown = 1;
    if (vic.conditions & COPS_COND_HELD)
      c->held_by = id == attacker ? e->c[attacker].decl.target : attacker;
    if (vic.conditions & COPS_COND_STOPPED)
      c->attitude_now = COPS_NORMAL;            /* A5 */
    /* A hold an attack ended (a throw by the holder, A3.3). */
    if (c->held_by >= 0 && !(c->ch->conditions & COPS_COND_HELD))
      c->held_by = -1;
    if (vic.mishaps)
      mishaps(e, id, &vic);
  }
}

int cops__enc_death_checks(cops_encounter *e)
{
  if (!e->logging)
    return COPS_OK;   /* only the log tells deaths as they happen; the round's end removes */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (c->present && !c->death_told && cops__dead(c->ch)) {
      c->death_told = 1;
      cops_event x = {0};
      x.type = COPS_EV_DEATH;
      x.id = i;
      x.clock = c->ch->w.clock;
      int rc = cops__enc_ev(e, &x, i, -1, NULL);
      if (rc)
        return rc;
    }
  }
  return COPS_OK;
}


/* Move a combatant to its declared point (C6.3). Returns the metres moved. */
int cops__enc_move(cops_encounter *e, int id, int *moved)
{
  struct combatant *c = &e->c[id];
  *moved = 0;
  if (!c->decl.moving)
    return COPS_OK;
  *moved = c->moved = metres(c->x, c->y, c->decl.x, c->decl.y);
  c->x = c->decl.x;
  c->y = c->decl.y;
  cops_event x = {0};
  x.type = COPS_EV_MOVE;
  x.x = c->x;
  x.y = c->y;
  x.distance = *moved;
  return cops__enc_ev(e, &x, id, -1, NULL);
}


/* Hits of covering fire on a steady character in its zone, before they act (C10.5). */
int cops__enc_cover_hits(cops_encounter *e, int id)
{
  struct combatant *c = &e->c[id];
  if (c->in_zone < 0)
    return COPS_OK;
  const int shooter = c->in_zone;
  c->in_zone = -1;
  int rc = cops__cover_enter(e->out, e->zone[shooter], c->ch, id, c->armour, c->attitude_now,
                             LOG(e), COPS__NO_UNDO);
  if (rc)
    return rc;
  cops__enc_note_outcome(e, e->out, shooter);
  return cops__enc_death_checks(e);
}


static const int attack_mode[COPS_ACT_COUNT] = {
  [COPS_ACT_SHOOT] = COPS_ATTACK_SINGLE, [COPS_ACT_BURST] = COPS_ATTACK_BURST,
  [COPS_ACT_COVER] = COPS_ATTACK_COVER, [COPS_ACT_MELEE] = COPS_ATTACK_MELEE,
  [COPS_ACT_STRIKE] = COPS_ATTACK_STRIKE, [COPS_ACT_HOLD] = COPS_ATTACK_HOLD,
  [COPS_ACT_THROW] = COPS_ATTACK_THROW, [COPS_ACT_ESCAPE] = COPS_ATTACK_ESCAPE,
};

int cops__enc_attack_mode(int action)
{
  return action >= COPS_ACT_SHOOT && action <= COPS_ACT_ESCAPE ? attack_mode[action] : -1;
}


/* One combatant's action, in its step. */
int cops__enc_act(cops_encounter *e, int id, unsigned flags)
{
  struct combatant *c = &e->c[id];
  const cops_declaration *d = &c->decl;
  int rc, moved;
  if (c->cancelled)
    return cops__enc_idle(e, id, COPS_IDLE_PINNED);
  if (c->ch->conditions & COPS_COND_STOPPED) {
    /* A5: the action lost is this one (the round's when not acted yet, else the next). */
    cops_character_set_conditions(c->ch, COPS_COND_STOPPED, 0);
    c->attitude_now = COPS_NORMAL;
    int rc0 = cops__enc_idle(e, id, COPS_IDLE_STOPPED);
    if (rc0 || !e->logging)
      return rc0;
    cops_event x = {0};
    x.type = COPS_EV_CONDITION;
    x.condition = COPS_COND_STOPPED;
    return cops__enc_ev(e, &x, -1, id, NULL);
  }
  const int was_able = able(e, id);
  if ((rc = cops__enc_move(e, id, &moved)) || (rc = cops__enc_cover_hits(e, id)))
    return rc;
  /* Knocked down by covering fire on the way: no action, even in a simultaneous step. */
  if ((was_able || !(flags & COPS__SIMULTANEOUS)) && !able(e, id))
    return cops__enc_idle(e, id, COPS_IDLE_DOWN);
  const int t = d->target;
  switch (d->action) {
  case COPS_ACT_SHOOT:
  case COPS_ACT_BURST:
  case COPS_ACT_MELEE:
  case COPS_ACT_STRIKE:
  case COPS_ACT_HOLD:
  case COPS_ACT_THROW:
  case COPS_ACT_ESCAPE: {
    if (!e->c[t].present ||
        (cops__dead(e->c[t].ch) && !(flags & COPS__SIMULTANEOUS)))
      return cops__enc_idle(e, id, COPS_IDLE_NO_TARGET);
    /* What the round did before this action: held, only an escape is left; a weapon
     * dropped cannot be used (C11.1, A3.4, A5). */
    if ((c->ch->conditions & COPS_COND_HELD) && d->action != COPS_ACT_ESCAPE)
      return cops__enc_idle(e, id, COPS_IDLE_HELD);
    if (!(c->ch->conditions & COPS_COND_HELD) && d->action == COPS_ACT_ESCAPE)
      return cops__enc_idle(e, id, COPS_IDLE_FREED);
    if ((d->action == COPS_ACT_SHOOT || d->action == COPS_ACT_BURST ||
         d->action == COPS_ACT_MELEE) && !in_hand(c))
      return cops__enc_idle(e, id, COPS_IDLE_DISARMED);
    const int mode = attack_mode[d->action];
    cops_situation s;
    e->rules->situation(e, id, mode, moved, &s);
    if (mode >= COPS_ATTACK_MELEE && mode != COPS_ATTACK_ESCAPE) {
      const int reach = s.weapon ? cops__wget(s.weapon, COPS_WEAPON_RANGE) : 1;
      if (s.distance > reach)
        return cops__enc_idle(e, id, COPS_IDLE_OUT_OF_REACH);
    }
    const int shots = d->action == COPS_ACT_SHOOT ? d->shots : 1;
    for (int k = 0; k < shots; k++) {
      if (s.weapon && cops__wget(s.weapon, COPS_WEAPON_MAGAZINE) > 0 &&
          cops__wget(s.weapon, COPS_WEAPON_LOADED) == 0)
        return cops__enc_idle(e, id, COPS_IDLE_EMPTY);
      if (k > 0 && cops__dead(e->c[t].ch))
        return COPS_OK;
      s.shots_fired = k;
      s.several = shots > 1;
      s.adrenaline = k == 0 && d->adrenaline;   /* one point, for the first shot's roll */
      if ((rc = cops__attack(e->out, &s, LOG(e), flags | COPS__NO_UNDO)))
        return rc;
      cops__enc_note_outcome(e, e->out, id);
      if (d->action == COPS_ACT_ESCAPE && cops_outcome_hit_target(e->out) == 1)
        c->held_by = -1;
      if ((rc = cops__enc_death_checks(e)))
        return rc;
    }
    return COPS_OK;
  }
  case COPS_ACT_RELOAD: {
    cops_weapon *w = in_hand(c);
    cops_weapon_reload(w);
    cops_event x = {0};
    x.type = COPS_EV_RELOAD;
    x.loaded = cops__wget(w, COPS_WEAPON_LOADED);
    return cops__enc_ev(e, &x, id, -1, cops_weapon_name(w));
  }
  case COPS_ACT_DRAW: {
    c->hand = d->weapon;
    cops_event x = {0};
    x.type = COPS_EV_DRAW;
    return cops__enc_ev(e, &x, id, -1, cops_weapon_name(c->weapon[c->hand]));
  }
  case COPS_ACT_STAND_UP:
    /* C11.1: failing at the round's end, they get up during the next round. */
    cops_character_set_conditions(c->ch, COPS_COND_ON_GROUND, 0);
    if (e->logging) {
      cops_event x = {0};
      x.type = COPS_EV_CONDITION;
      x.condition = COPS_COND_ON_GROUND;
      return cops__enc_ev(e, &x, -1, id, NULL);
    }
    return COPS_OK;
  case COPS_ACT_FIRST_AID:
  case COPS_ACT_MEDICINE: {
    cops_character *dying = e->c[t].ch;
    const int medicine = d->action == COPS_ACT_MEDICINE;
    const int kind = medicine ? COPS_TREAT_MEDICINE : COPS_TREAT_STABILISE;
    int hp;
    cops_character_hp(dying, &hp);
    if (hp > 0 || cops__dead(dying))
      return cops__enc_idle(e, id, COPS_IDLE_NOT_DYING);
    if (dying->w.stabilised & (1u << kind))
      return cops__enc_idle(e, id, COPS_IDLE_TREATED);   /* once per kind and wound (C8.5) */
    if (dist(e, id, t) > 1)
      return cops__enc_idle(e, id, COPS_IDLE_OUT_OF_REACH);
    /* C8.5: Premiers secours/Sang-froid, or Médecine/Coordination, the C8.4 difficulty. */
    cops_action a;
    if ((rc = cops__character_skill_action(&a, c->ch, medicine ? COPS_MEDECINE
                                                               : COPS_PREMIERS_SECOURS,
                                           NULL, medicine ? COPS_COORDINATION
                                                          : COPS_SANG_FROID)))
      return rc;
    a.difficulty = d->difficulty;
    /* An action like the others (C6.1-C6.3, C10.4; the wound malus is in a already). */
    a.dice_mod += c->attitude_now + d->initiative - (moved > 5) -
                  ((c->start_conditions & COPS_COND_SHAKEN) != 0);
    a.dice_mod += d->dice_mod;   /* the GM's modifiers (C1.7) */
    a.threshold_mod += d->threshold_mod;
    a.difficulty_mod += d->difficulty_mod;
    if ((rc = cops_roll_action(e->roll, e->ctx, &a)))
      return rc;
    const int purpose = medicine ? COPS_PURPOSE_MEDICINE : COPS_PURPOSE_FIRST_AID;
    if (e->logging) {
      cops_event x = {0};
      x.purpose = purpose;
      if ((rc = cops__log_push(e->log, &x, name(e, id), id, name(e, t), t, NULL, e->roll)))
        return rc;
    }
    if (!cops_roll_succeeded(e->roll) &&
        (rc = cops__anciennete(e->ctx, c->ch, id, purpose, e->roll, 0, LOG(e), name(e, id),
                               name(e, t), t, NULL)))
      return rc;
    /* One stabilisation of each kind per wound, made or failed; Premiers secours heals MR
     * and slows to 1 every 10 rounds, Médecine to 1 every 40 (C8.5, C8.8: lib/heal/heal.c). */
    int mr = 0, healed;
    cops_roll_margin(e->roll, &mr);
    return cops__stabilised(dying, kind, cops_roll_succeeded(e->roll), mr, LOG(e), id,
                            name(e, id), t, &healed);
  }
  default:
    return COPS_OK;   /* wait, move */
  }
}


/* Covering fire first, most aggressive attitude first (C10.5). */
int cops__enc_resolve_cover(cops_encounter *e)
{
  int order[COPS_COMBATANTS_MAX], n = 0, rc;
  for (int i = 0; i < e->n; i++)
    if (e->c[i].declared && e->c[i].decl.action == COPS_ACT_COVER && able(e, i))
      order[n++] = i;
  for (int a = 1; a < n; a++)
    for (int b = a; b > 0 && e->c[order[b - 1]].attitude_now < e->c[order[b]].attitude_now;
         b--) {
      int t = order[b];
      order[b] = order[b - 1];
      order[b - 1] = t;
    }
  for (int k = 0; k < n; k++) {
    const int id = order[k];
    struct combatant *c = &e->c[id];
    int moved;
    if ((rc = cops__enc_move(e, id, &moved)))
      return rc;
    cops_situation s;
    e->rules->situation(e, id, COPS_ATTACK_COVER, moved, &s);
    if ((rc = cops__attack(e->zone[id], &s, LOG(e), COPS__NO_UNDO)))
      return rc;
    /* The zone: 5 m around the target (2-10 m wide, C10.5); those of other sides in it, or
     * moving into it, roll their nerve. */
    const struct combatant *tc = &e->c[c->decl.target];
    int zone;
    cops_cover_zone(e->zone[id], &zone);   /* none after a failed fire under A2.3 */
    for (int j = 0; zone && j < e->n; j++) {
      struct combatant *u = &e->c[j];
      if (j == id || u->side == c->side || !able(e, j))
        continue;
      const int in_now = metres(u->x, u->y, tc->x, tc->y) <= COVER_RADIUS;
      const int entering = u->declared && u->decl.moving &&
                           metres(u->decl.x, u->decl.y, tc->x, tc->y) <= COVER_RADIUS;
      if (!in_now && !entering)
        continue;
      int steady;
      if ((rc = cops__cover_nerve(e->roll, u->ch, j, LOG(e), &steady, COPS__NO_UNDO)))
        return rc;
      if (!steady) {
        u->cancelled = 1;                 /* takes cover: the action is lost */
        u->attitude_now = COPS_PLANQUE;
        u->fresh |= COPS_COND_PINNED;
      } else if (u->in_zone < 0) {
        u->in_zone = id;                  /* risks hits when acting (C10.5) */
      }
    }
  }
  return COPS_OK;
}


/* The round's end (C8.2, C10.4, C11.1). */
int cops__enc_end_round(cops_encounter *e)
{
  int rc;
  /* Standing up after a throw this round. */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    /* Those who cannot act (down, out of the fight, knocked out) stay on the ground. */
    if (c->thrown && (c->ch->conditions & COPS_COND_ON_GROUND) && able(e, i)) {
      int stood;
      if ((rc = cops__stand_up(e->roll, c->ch, i, LOG(e), &stood, COPS__NO_UNDO)))
        return rc;
    }
  }
  /* The round's 3 seconds pass for everyone in the fight (C6): the dying lose 1 hit point
   * a round (every 10 or 40 once stabilised), from the end of the round after they fell
   * (C8.2, C8.5, C8.8: lib/sheet/wounds.c); a bleeding death is told there. */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present)
      continue;
    const int seconds = COPS_ROUND_SECONDS < COPS_CLOCK_MAX - c->ch->w.clock
                            ? COPS_ROUND_SECONDS
                            : COPS_CLOCK_MAX - c->ch->w.clock;
    const int dead = cops__dead(c->ch);
    if ((rc = cops__advance(c->ch, seconds, LOG(e), i, e->roll)))
      return rc;
    if (!dead && cops__dead(c->ch))
      c->death_told = 1;
  }
  if ((rc = cops__enc_death_checks(e)))
    return rc;
  /* A5: the unconscious wake when their minutes have passed. */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present || c->ko_rounds <= 0 || --c->ko_rounds > 0)
      continue;
    if (c->ch->conditions & COPS_COND_KNOCKED_OUT) {
      cops_character_set_conditions(c->ch, COPS_COND_KNOCKED_OUT, 0);
      if (e->logging) {
        cops_event x = {0};
        x.type = COPS_EV_CONDITION;
        x.condition = COPS_COND_KNOCKED_OUT;
        if ((rc = cops__enc_ev(e, &x, -1, i, NULL)))
          return rc;
      }
    }
  }
  /* Round-bound conditions: those in force this round end now, unless set again (C10.4,
   * C10.5). */
  const unsigned bound = COPS_COND_SHAKEN | COPS_COND_NO_NEGATIVE_INITIATIVE | COPS_COND_PINNED;
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present)
      continue;
    const unsigned now = (unsigned)cops_character_conditions(c->ch);
    unsigned clear = ((c->start_conditions & bound) & ~c->fresh) | (now & COPS_COND_PINNED);
    clear &= now;
    for (; clear; clear &= clear - 1) {
      const unsigned b = clear & (0u - clear);   /* the lowest bit left */
      cops_character_set_conditions(c->ch, b, 0);
      if (e->logging) {
        cops_event x = {0};
        x.type = COPS_EV_CONDITION;
        x.condition = (int)b;
        if ((rc = cops__enc_ev(e, &x, -1, i, NULL)))
          return rc;
      }
    }
  }
  /* The dead leave the fight. */
  for (int i = 0; i < e->n; i++)
    if (e->c[i].present && cops__dead(e->c[i].ch)) {
      e->c[i].present = 0;
      for (int j = 0; j < e->n; j++)
        if (e->c[j].held_by == i) {
          e->c[j].held_by = -1;
          cops_character_set_conditions(e->c[j].ch, COPS_COND_HELD, 0);
        }
    }
  /* Over when at most one side has someone still fighting, or at the round cap. A
   * combatant out of the fight (C10.4) still counts: a recovery roll brings them back. */
  int side = -1, sides = 0;
  unsigned seen = 0;
  for (int i = 0; i < e->n; i++)
    if (fighting(e, i) && !(seen & (1u << e->c[i].side))) {
      seen |= 1u << e->c[i].side;
      sides++;
      side = e->c[i].side;
    }
  e->in_round = 0;
  if (sides <= 1 || e->round >= e->max_rounds) {
    e->over = 1;
    e->winner = sides == 1 ? side : -1;
    cops_event x = {0};
    x.type = COPS_EV_END;
    x.side = e->winner;
    return cops__enc_ev_side(e, &x, -1, e->winner);
  }
  return COPS_OK;
}

