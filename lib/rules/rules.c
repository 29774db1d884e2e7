/* The rulesets the library has, by their ::cops_rulesets value (lib/rules/rules.h). */
#include <string.h>

#include "rules/rules.h"

static const struct cops__rules *const all[] = {
  [COPS_RULES_CORE] = &cops__core_rules,
};

const struct cops__rules *cops__rules_of(int ruleset)
{
  return ruleset >= 0 && ruleset < (int)(sizeof all / sizeof all[0]) ? all[ruleset] : NULL;
}

int cops__rules_named(const char *name)
{
  for (int k = 0; name && k < (int)(sizeof all / sizeof all[0]); k++)
    if (all[k] && !strcmp(all[k]->name, name))
      return k;
  return -1;
}
