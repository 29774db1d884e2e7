/* The alternative rules' attack table (COPS.md A2-A5; lib/attack/rules.h): their attacks
 * (shoot.c, melee.c, with damage.c) and their odds (odds.c). */
#include "attack/attack.h"
#include "attack/alternative/alternative.h"
#include "attack/rules.h"

/* What only the alternative rules read in a situation: the initiative orders the round
 * (A1.3) and adds no dice, so a one-off attack takes 0. */
int cops__alt_check(cops_ctx *ctx, const cops_situation *s)
{
  if (s->initiative != 0)
    return FAIL(ctx, COPS_EINVAL, "initiative %+d: under the alternative rules it orders the "
                "round and adds no dice (A1.2, A1.3): use 0", s->initiative);
  if (s->mode >= COPS_ATTACK_MELEE && (s->shots_fired || s->several))
    return FAIL(ctx, COPS_EINVAL, "shots fired and several shots are for firearms (C10.7)");
  if (s->mode < COPS_ATTACK_MELEE && s->target_mode != -1)
    return FAIL(ctx, COPS_EINVAL, "target mode %d: only melee has one (-1)", s->target_mode);
  if (s->mode < COPS_ATTACK_MELEE && s->holding)
    return FAIL(ctx, COPS_EINVAL, "holding is for melee (A3.4)");
  return COPS_OK;
}

/* A1.1: the target's defence moves the attacker's threshold. */
static int defence(cops_action *a, int attitude)
{
  a->threshold_mod -= attitude;
  return 0;
}

const struct cops__attack_rules cops__alternative_attack_rules = {
  .name = "alternative",
  .failed_cover_zone = 0,
  .check = cops__alt_check,
  .shoot = cops__alt_shoot,
  .melee = cops__alt_melee,
  .odds = cops__alt_odds,
  .shot_plan = cops__alt_shot_plan,
  .shot_given = cops__alt_shot_given,
  .attitude_dice = cops__alt_attitude_dice,
  .defence = defence,
  .cover_enter = cops__alt_cover_enter,
};
