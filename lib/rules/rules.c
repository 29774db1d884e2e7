/* The rulesets the library has, by their ::cops_rulesets value (lib/rules/rules.h). */
#include <string.h>

#include "rules/rules.h"

static const struct cops__rules *const all[COPS_RULES_COUNT] = {
  [COPS_RULES_CORE] = &cops__core_rules,
  [COPS_RULES_ALTERNATIVE] = &cops__alternative_rules,
};

const struct cops__rules *cops__rules_of(int ruleset)
{
  return ruleset >= 0 && ruleset < COPS_RULES_COUNT ? all[ruleset] : NULL;
}

int cops__rules_named(const char *name)
{
  for (int k = 0; name && k < COPS_RULES_COUNT; k++)
    if (all[k] && !strcmp(all[k]->name, name))
      return k;
  return -1;
}

const char *cops_ruleset_name(int ruleset)
{
  const struct cops__rules *r = cops__rules_of(ruleset);
  return r ? r->name : NULL;
}

int cops_ruleset_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  const int k = cops__rules_named(text);
  if (k < 0)
    return COPS_ENOTFOUND;
  *out = k;
  return COPS_OK;
}
