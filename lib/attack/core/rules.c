/* The core rules' attack table (COPS.md C8, C10, C11; lib/attack/rules.h): their attacks
 * (shoot.c, melee.c, with damage.c and follow.c) and their odds. */
#include "attack/attack.h"
#include "attack/attack-odds-private.h"
#include "attack/core/core.h"
#include "attack/rules.h"

/* What only the core rules read in a situation: the initiative chosen in the Réflexes
 * range, which is also a dice modifier (C6.2), none in melee (C6.4); the fields of the
 * alternative rules stay at 0. */
static int core_check(cops_ctx *ctx, const cops_situation *s)
{
  if (s->aim | s->bullets | s->holding | s->knockout_minutes) {
    static const char *const alternative_only[] = {"aim", "bullets", "holding",
                                                   "knockout_minutes"};
    const int values[] = {s->aim, s->bullets, s->holding, s->knockout_minutes};
    int k = 0;
    while (!values[k])
      k++;
    return FAIL(ctx, COPS_EINVAL, "%s %d: a field of the alternative rules (A), 0 under the "
                "core rules", alternative_only[k], values[k]);
  }
  const unsigned cond = (unsigned)cops_character_conditions(s->attacker);
  if (s->mode >= COPS_ATTACK_MELEE) {
    if (s->initiative != 0)
      return FAIL(ctx, COPS_EINVAL, "initiative %+d in melee: melee has none, use 0 (C6.4)",
                  s->initiative);
    if (s->shots_fired || s->several)
      return FAIL(ctx, COPS_EINVAL, "shots fired and several shots are for firearms (C10.7)");
    return COPS_OK;
  }
  int lo = 2, hi = 2;
  const int reflexes = cops_character_characteristic(s->attacker, COPS_REFLEXES);
  cops_initiative_range(reflexes, &lo, &hi);
  if (s->initiative < lo || s->initiative > hi)
    return FAIL(ctx, COPS_EINVAL, "initiative %+d outside %+d..%+d that Réflexes %d allows "
                "(C6)", s->initiative, lo, hi, reflexes);
  if (s->initiative < 0 && (cond & COPS_COND_NO_NEGATIVE_INITIATIVE))
    return FAIL(ctx, COPS_ERULE, "%s may not take a negative initiative this round (C10.4)",
                who_name(s->attacker, "the attacker"));
  if (s->target_mode != -1)
    return FAIL(ctx, COPS_EINVAL, "target mode %d: only melee has one (-1)", s->target_mode);
  return COPS_OK;
}

/* C6.1: the attitude's value in dice, -2 .. +2. */
static int attitude_dice(int attitude)
{
  return attitude;
}

/* C10.2: the target's attitude comes off the shot's difficulty, which stays 1 at least
 * (RULING C10.2); one made at a bound cannot say what it was before. */
static int defence(cops_action *a, int attitude)
{
  if (a->difficulty <= 1 || a->difficulty >= COPS_DIFFICULTY_MAX)
    return 1;
  a->difficulty -= attitude;
  a->difficulty = a->difficulty < 1 ? 1 : a->difficulty > COPS_DIFFICULTY_MAX ? COPS_DIFFICULTY_MAX
                                                                            : a->difficulty;
  return 0;
}

const struct cops__attack_rules cops__core_attack_rules = {
  .name = "core",
  .failed_cover_zone = 1,
  .check = core_check,
  .shoot = cops__core_shoot,
  .melee = cops__core_melee,
  .odds = cops__core_odds,
  .shot_plan = cops__core_shot_plan,
  .shot_given = cops__core_shot_given,
  .attitude_dice = attitude_dice,
  .defence = defence,
  .cover_enter = cops__core_cover_enter,
};
