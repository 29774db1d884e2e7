/* The core rules' table (COPS.md C6, C8, C10, C11; lib/rules/rules.h): their attacks
 * (shoot.c, melee.c, with damage.c and follow.c), their round (rounds.c) and their default
 * policy (policy.c). */
#include "rules/core/core.h"
#include "rules/rules.h"

const struct cops__rules cops__core_rules = {
  .name = "core",
  .shoot = cops__core_shoot,
  .melee = cops__core_melee,
  .policy = cops__core_policy,
  .resolve = cops__core_round,
};
