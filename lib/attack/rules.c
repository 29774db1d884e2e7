/* The rulesets the library has, by their ::cops_rulesets value, and their names
 * (lib/attack/rules.h). */
#include <string.h>

#include "attack/attack.h"
#include "attack/rules.h"

static const struct cops__attack_rules *const all[COPS_RULES_COUNT] = {
  [COPS_RULES_CORE] = &cops__core_attack_rules,
  [COPS_RULES_ALTERNATIVE] = &cops__alternative_attack_rules,
};

const struct cops__attack_rules *cops__attack_rules_of(int ruleset)
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
  const struct cops__attack_rules *r = cops__attack_rules_of(ruleset);
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
