/* The core rules' fight table (COPS.md C6; lib/fight/rules.h): their round (rounds.c) and
 * their default policy (policy.c), over their attacks (lib/attack/core/). */
#include "fight/fight.h"
#include "fight/core/round.h"
#include "fight/rules.h"

const struct cops__rules cops__core_rules = {
  .attack = &cops__core_attack_rules,
  .initiative_chosen = 1,
  .policy = cops__core_policy,
  .resolve = cops__core_round,
  .declaration = cops__core_declaration,
  .situation = cops__core_situation,
};
