/* An approach to a subject (COPS.md C4.2-C4.8, docs/interrogations.md): the two opposed
 * rolls of a method and an attitude, and their exact odds before any die. */
#include <string.h>

#include <cops/interrogation.h>
#include <cops/odds.h>

#include "social/social.h"

int cops_approach_init_sized(cops_approach *a, size_t size, int skill, int attitude)
{
  if (!a || size < offsetof(cops_approach, threshold_mod) + sizeof(int) ||
      size > sizeof(cops_approach))
    return COPS_EINVAL;
  cops_approach full;
  memset(&full, 0, sizeof full);
  full.size = (uint32_t)size;
  full.skill = skill;
  full.attitude = attitude;
  memcpy(a, &full, size);
  return COPS_OK;
}

int cops_approach_actions(const cops_subject *s, cops_character *cop, const cops_approach *given,
                          cops_action *cop_roll, cops_action *subject_roll)
{
  if (!s || !cop || !given || !cop_roll || !subject_roll)
    return COPS_EINVAL;
  cops_ctx *ctx = cops__subject_ctx(s);
  COPS__ENTER(ctx);
  if (cops__character_ctx(cop) != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the interrogator belongs to another context");
  if (given->size < offsetof(cops_approach, threshold_mod) + sizeof(int) ||
      given->size > sizeof(cops_approach))
    return cops__fail(ctx, COPS_EINVAL, "approach size %u, expected %zu (initialise it with "
                      "cops_approach_init)", given->size, sizeof(cops_approach));
  cops_approach a;
  memset(&a, 0, sizeof a);
  memcpy(&a, given, given->size);
  const int characteristic = cops_method_characteristic(a.skill);
  if (characteristic < 0)
    return cops__fail(ctx, COPS_EINVAL, "skill %d: a method is Intimidation, Éloquence or "
                      "Rhétorique (C4.2)", a.skill);
  if (a.attitude < 0 || a.attitude >= COPS_IV_ATTITUDE_COUNT)
    return cops__fail(ctx, COPS_EINVAL, "attitude %d: a cops_interview_attitude (C4.3)",
                      a.attitude);
  if ((a.affinity != 0 && a.affinity != 1) || (a.deficiency != 0 && a.deficiency != 1) ||
      (a.anciennete != 0 && a.anciennete != 1))
    return cops__fail(ctx, COPS_EINVAL, "affinity, deficiency and anciennete: 0 or 1");
  int cur, max;
  if (a.anciennete && (cops_character_points(cop, COPS_ANCIENNETE, &cur, &max), cur < 1))
    return cops__fail(ctx, COPS_ERULE, "%s has no Ancienneté point left (C5)",
                      cops_character_name(cop));
  if (a.resistance_up < 0 || a.resistance_up > COPS__IV_UP_MAX)
    return cops__fail(ctx, COPS_ERANGE, "resistance increases %d out of range 0..%d (C4.7)",
                      a.resistance_up, COPS__IV_UP_MAX);
  if (a.dice_mod < -COPS_MOD_MAX || a.dice_mod > COPS_MOD_MAX ||
      a.threshold_mod < -COPS_THRESHOLD_MOD_MAX || a.threshold_mod > COPS_THRESHOLD_MOD_MAX)
    return cops__fail(ctx, COPS_ERANGE, "the GM's modifiers %d/%d out of range", a.dice_mod,
                      a.threshold_mod);
  /* C4.7: what the subject has been through holds for every interrogator. */
  if (cops_subject_barred(s, a.skill) == 1)
    return cops__fail(ctx, COPS_ERULE, "%s is barred on %s after a failed interrogation "
                      "(C4.7): new evidence opens it again", cops_skill_name(a.skill, 0),
                      cops_subject_name(s));
  int reaction, value, resistance;
  cops_subject_reaction(s, a.attitude, &reaction);
  if (a.deficiency && reaction < 0)
    reaction *= 2;   /* C4.6: the GM may double the attitude's malus */
  cops__subject_roll(s, characteristic, &value, &resistance);
  /* The interrogator: Skill/characteristic, its wound malus (C4.2, C8.2). */
  cops_action mine;
  int rc = cops__character_skill_action(&mine, cop, a.skill, NULL, characteristic);
  if (rc)
    return rc;
  mine.dice_mod += a.dice_mod;
  mine.threshold_mod += a.threshold_mod;
  resistance += cops_subject_resistance_up(s) + a.resistance_up;
  if (cops_subject_reaction_mode(s) == COPS_REACTION_DICE)
    mine.dice_mod += reaction;      /* C4.3 RULING */
  else
    resistance -= reaction;         /* C4.3's knob, C4.8 */
  /* The subject: (6 - resistance)/characteristic (C4.4); C1.7's clamps bound it. */
  cops_action theirs;
  cops_action_init(&theirs, value, 6, 0);   /* opposed: no difficulty of its own (C1.6) */
  theirs.threshold_mod = -resistance;
  cops__effective e;
  if ((rc = cops__resolve_action(ctx, &mine, &e)) || (rc = cops__resolve_action(ctx, &theirs, &e)))
    return rc;
  *cop_roll = mine;
  *subject_roll = theirs;
  return COPS_OK;
}

int cops_approach_odds(const cops_subject *s, cops_character *cop, const cops_approach *a,
                       cops_interrogation_odds *out)
{
  if (!out || out->size < sizeof(uint32_t))
    return COPS_EINVAL;
  cops_action mine, theirs;
  int rc = cops_approach_actions(s, cop, a, &mine, &theirs);
  if (rc)
    return rc;
  cops_ctx *ctx = cops__subject_ctx(s);
  double pa[COPS__LAW_K], pb[COPS__LAW_K];
  int na, nb;
  cops__effective e;
  if ((rc = cops__odds_law(ctx, &mine, pa, &na, &e)) ||
      (rc = cops__odds_law(ctx, &theirs, pb, &nb, &e)))
    return rc;
  cops_interrogation_odds o;
  memset(&o, 0, sizeof o);
  const int affinity = a->affinity;
  const int anciennete = a->size >= offsetof(cops_approach, anciennete) + sizeof(int) &&
                         a->anciennete;
  /* The margin's law, convolved: P(A - B = d). A win has margin 1 or more (C4.8), the
   * affinity's free point added to a win only; tier k needs k + 1. */
  for (int i = 0; i <= na; i++)
    for (int j = 0; j <= nb; j++) {
      const double p = pa[i] * pb[j];
      const int d = i - j;
      if (d <= 0) {
        if (d == 0)
          o.tie += p;
        else
          o.lose += p;
        continue;
      }
      o.win += p;
      const int m = d + affinity;
      for (int k = 0; k <= COPS_TIER_MAX && k + 1 <= m; k++)
        o.tier[k] += p;
      o.mean_tiers += p * (m < COPS_TIER_MAX + 1 ? m : COPS_TIER_MAX + 1);
    }
  /* C4.8, C5: a lost roll (A <= j) rolled again against the same j; a win then has MR 0,
   * the essential only (the affinity's free point makes it 1: still the essential). */
  if (anciennete) {
    double below = 0;   /* P(A <= j - 1) */
    for (int j = 0; j <= nb; j++) {
      const double at = j <= na ? pa[j] : 0, upto = below + at;   /* P(A <= j) */
      const double again = pb[j] * upto;                          /* lost the first roll */
      const double win2 = 1 - upto > 0 ? 1 - upto : 0;
      o.win += again * win2;
      o.tier[0] += again * win2;
      o.mean_tiers += again * win2;
      o.tie += again * at - pb[j] * at;          /* the first tie is rolled again */
      o.lose += again * below - pb[j] * below;   /* the first loss too */
      below = upto;
    }
  }
  o.size = out->size < sizeof o ? out->size : (uint32_t)sizeof o;
  memcpy(out, &o, o.size);
  return COPS_OK;
}
