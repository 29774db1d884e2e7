/* The alternative rules' fight table (COPS.md A1; lib/fight/rules.h): their round
 * (rounds.c) and their default policy (policy.c), over their attacks (lib/attack/alternative/). */
#include "fight/fight.h"
#include "fight/alternative/round.h"
#include "fight/rules.h"

const struct cops__rules cops__alternative_rules = {
  .attack = &cops__alternative_attack_rules,
  .initiative_chosen = 0,
  .policy = cops__alt_policy,
  .resolve = cops__alt_round,
  .declaration = cops__alt_declaration,
  .situation = cops__alt_situation,
};
