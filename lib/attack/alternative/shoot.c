/* Shots under the alternative rules (COPS.md A2): a single shot whose excess successes
 * move the location, a burst of three bullets, covering fire over a zone; A1.1's attitudes
 * (attack dice, and the target's defence on the attacker's threshold). */
#include <stdio.h>
#include <string.h>

#include "attack/attack.h"
#include "attack/alternative/alternative.h"

/* The true distance is at most m metres ("up to", RULING A: 10 m included). */
static int within(const cops_situation *s, int m)
{
  return s->distance_cm ? s->distance_cm <= 100 * m : s->distance <= m;
}

/* A2: 1 up to 10 m, 2 up to the weapon's range, 3 up to twice; -1 beyond. */
static int range_difficulty(const cops_situation *s, int range)
{
  if (s->distance <= range && within(s, 10))
    return 1;
  if (s->distance <= range)
    return 2;
  if (s->distance <= 2 * range)
    return 3;
  return -1;
}

/* Everything a shot is before its dice (A2, and the core meanings A keeps: the weapon's
 * PR, point-blank, movement, several shots within CT). */
int cops__alt_shot_plan(const cops_situation *s, struct cops__shot_plan *p)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  const cops_weapon *w = s->weapon;
  int shot_number, rc = cops__shot_checks(s, "A2.3", "no burst (A2.2)", &shot_number);
  if (rc)
    return rc;
  const int kind = cops_weapon_kind(w);
  const int magazine = cops__wget(w, COPS_WEAPON_MAGAZINE);
  const int loaded = cops__wget(w, COPS_WEAPON_LOADED);
  if (s->bullets && s->mode != COPS_ATTACK_COVER)
    return FAIL(ctx, COPS_EINVAL, "bullets %d: for covering fire only (A2.3)", s->bullets);
  if (s->bullets && (s->bullets < 4 || s->bullets > loaded))
    return FAIL(ctx, COPS_ERULE, "covering fire of %d bullets: from 4 to the %d loaded "
                "(A2.3)", s->bullets, loaded);
  int fired = 1;
  if (s->mode == COPS_ATTACK_COVER)
    fired = s->bullets ? s->bullets : loaded;
  else if (s->mode == COPS_ATTACK_BURST)
    fired = loaded < 3 ? loaded : 3;                     /* A2.2: 3 bullets */
  if (magazine == 0)
    fired = 0;                                           /* a thrown weapon */
  const int skill = s->mode == COPS_ATTACK_BURST ? COPS_TIR_EN_RAFALES : cops_weapon_skill(w);
  const char *spec = s->mode == COPS_ATTACK_BURST ? cops__burst_spec(kind)
                                                  : cops_weapon_specialisation(w);
  const int c = s->characteristic >= 0 ? s->characteristic : cops_skill_characteristic(skill);
  if ((rc = cops__character_skill_action(&p->a, s->attacker, skill, spec, c)))
    return rc;
  if (s->adrenaline && !cops_skill_adrenaline(skill))
    return FAIL(ctx, COPS_ERULE, "Adrénaline cannot be spent on %s (C3)",
                cops_skill_name(skill, COPS_LANG_FR));
  cops__alt_wound_malus(&p->a, s->attacker);
  int mod = cops__alt_attitude_dice(s->attitude) + cops__wget(w, COPS_WEAPON_PR) + s->dice_mod +
            s->adrenaline - (s->movement > 5) - shot_number;
  if (s->mode == COPS_ATTACK_COVER)
    mod += fired / 6;                                    /* A2.3: +1 d10 per full 6 */
  else if (s->distance_cm ? s->distance_cm < 200 : s->distance < 2)
    mod += 1;                                            /* point-blank (C10.1, C6.5) */
  p->a.dice_mod += mod;
  /* A1.1: the target's defence moves the attacker's threshold. */
  p->a.threshold_mod = s->threshold_mod - (s->mode == COPS_ATTACK_COVER ? 0 : s->target_attitude);
  if (p->a.dice + p->a.dice_mod > COPS_DICE_MAX)
    return FAIL(ctx, COPS_ERANGE, "pool of %d dice after modifiers (at most %d)",
                p->a.dice + p->a.dice_mod, COPS_DICE_MAX);
  int difficulty = range_difficulty(s, cops__wget(w, COPS_WEAPON_RANGE));
  p->reason = difficulty < 0 ? COPS_MISS_OUT_OF_RANGE : -1;
  difficulty += s->difficulty_mod;
  difficulty = difficulty < 1 ? 1 : difficulty;          /* an attack's is 1 at least (C1.7) */
  p->a.difficulty = difficulty > COPS_DIFFICULTY_MAX ? COPS_DIFFICULTY_MAX : difficulty;
  if (p->reason < 0 && p->a.dice + p->a.dice_mod < 1)
    p->reason = COPS_MISS_NO_DICE;
  p->fired = fired;
  return COPS_OK;
}

/* The excess successes left after the bullets, one step each toward the aim: each to
 * the bullet nearest the aim not yet on it (the earliest of equals), so that as many
 * bullets as can reach it do. */
void cops__alt_spread(struct cops__alt_spot *spot, const int *rolled, int n, int aim,
                          int steps)
{
  int shift[3] = {0, 0, 0};
  while (aim && steps > 0) {
    int best = -1, gap_best = 11;
    for (int b = 0; b < n; b++) {
      const int at = rolled[b] + shift[b];
      const int gap = at < aim ? aim - at : at - aim;
      if (gap > 0 && gap < gap_best) {
        best = b;
        gap_best = gap;
      }
    }
    if (best < 0)
      break;
    shift[best] += rolled[best] + shift[best] < aim ? 1 : -1;
    steps--;
  }
  for (int b = 0; b < n; b++)
    cops__alt_spot(&spot[b], rolled[b], shift[b]);
}

int cops__alt_shoot(cops_outcome *o, const cops_situation *s, cops_log *log)
{
  cops_ctx *ctx = cops__character_ctx(s->attacker);
  const cops_weapon *w = s->weapon;
  struct cops__shot_plan plan;
  int rc = cops__alt_shot_plan(s, &plan);
  if (rc)
    return rc;
  const int fired = plan.fired;
  int hit;
  if ((rc = cops__shot_opening(o, s, log, &plan, &hit)) || !hit)
    return rc;
  const struct party an = attacker_of(o, s), tn = target_of(o, s);
  /* A2.1: one bullet, every excess success a step; A2.2: the excess successes put the
   * second and third bullets in, the rest are steps. A thrown weapon is one blow. */
  int in = 1;
  if (s->mode == COPS_ATTACK_BURST) {
    in = 1 + (o->margin < 2 ? o->margin : 2);
    in = in > fired ? fired : in;
  }
  const int steps = o->margin - (in - 1);
  int rolled[3];
  for (int b = 0; b < in; b++)      /* RULING A: each bullet its own location d10 */
    if ((rc = cops__d10(ctx, &rolled[b])))
      return rc;
  struct cops__alt_spot spot[3];
  cops__alt_spread(spot, rolled, in, s->aim, steps);
  o->hit_target = 1;
  o->hits = in;
  cops_event e;
  cops__event_clear(&e, COPS_EV_HIT);
  e.fired = fired;
  e.hits = in;
  e.margin = o->margin;
  if ((rc = ev_push(log, &e, an, tn, NULL)))
    return rc;
  const int pu = cops__wget(w, COPS_WEAPON_PU);
  for (int b = 0; b < in; b++)
    if ((rc = cops__alt_weapon_damage(o, ctx, 0, s->target, s->armour, pu, 0, b + 1, &spot[b],
                                      s->penetration, an, log)))
      return rc;
  if ((rc = cops__ev_stray(o, log, s, fired, fired - in)) ||
      (rc = cops__apply_damage(o, 0, s->target, an, log)))
    return rc;
  /* A2.1, A2.2: the weapon's FA at 6+ for one bullet in, 7+ for two, 8+ for three. */
  return cops__alt_stopping(o, o->roll[COPS_OUTCOME_STOPPING], s->target, 0,
                            cops__wget(w, COPS_WEAPON_FA), 5 + in, s->target_stopping,
                            s->knockout_minutes, an, log);
}

int cops__alt_cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                          const cops_armour *armour, int attitude, cops_log *log)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  int rc;
  const struct party sn = {cover->cover_shooter[0] ? cover->cover_shooter : NULL,
                           cover->cover_shooter_id, 0, -1};
  /* A2.3: 1 d10, +1 per excess success, +1 Agressif or Ultra-violent; never more than the
   * bullets fired (RULING A). */
  int n = 0;
  if (cover->cover_success) {
    n = 1 + cover->margin + (attitude > 0);
    n = n > cover->fired ? cover->fired : n;
  }
  const int pu = cover->cover_pu, fa = cover->cover_fa;
  int hits;
  if ((rc = cops__cover_hits(out, cover, ch, n, sn, log, &hits)) || !hits)
    return rc;
  for (int b = 0; b < hits; b++) {
    int die;
    struct cops__alt_spot spot;
    if ((rc = cops__d10(ctx, &die)))
      return rc;
    cops__alt_spot(&spot, die, 0);
    if ((rc = cops__alt_weapon_damage(out, ctx, 0, ch, armour, pu, 0, b + 1, &spot, 0, sn, log)))
      return rc;
  }
  if ((rc = cops__apply_damage(out, 0, ch, sn, log)))
    return rc;
  /* A2.3: the weapon's FA at (5 + bullets in)+, every location at once. */
  return cops__alt_stopping(out, out->roll[COPS_OUTCOME_STOPPING], ch, 0, fa, 5 + hits, -1, 0,
                            sn, log);
}
