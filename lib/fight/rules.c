/* The rulesets' fight tables by their ::cops_rulesets value (lib/fight/rules.h). */
#include "fight/fight.h"
#include "fight/rules.h"

static const struct cops__rules *const all[COPS_RULES_COUNT] = {
  [COPS_RULES_CORE] = &cops__core_rules,
  [COPS_RULES_ALTERNATIVE] = &cops__alternative_rules,
};

const struct cops__rules *cops__rules_of(int ruleset)
{
  return ruleset >= 0 && ruleset < COPS_RULES_COUNT ? all[ruleset] : NULL;
}
