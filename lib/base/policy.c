/* The policies' names (<cops/common.h>, docs/encounters.md "Policies"), shared by every
 * system's fights. */
#include <string.h>

#include "base/internal.h"

static const char *const policy_names[COPS_POLICY_COUNT] = {"simple", "tactical"};

const char *cops_policy_name(int policy)
{
  return policy >= 0 && policy < COPS_POLICY_COUNT ? policy_names[policy] : NULL;
}

int cops_policy_parse(const char *name)
{
  if (name)
    for (int p = 0; p < COPS_POLICY_COUNT; p++)
      if (!strcmp(name, policy_names[p]))
        return p;
  return COPS_EINVAL;
}

int cops__policy_check(cops_ctx *ctx, int policy)
{
  if (policy < 0 || policy >= COPS_POLICY_COUNT)
    return cops__fail(ctx, COPS_EINVAL, "policy %d: not one of 0 (simple), 1 (tactical)", policy);
  return COPS_OK;
}

const char *cops__policy_word(int policy, int french)
{
  static const char *const words[2][COPS_POLICY_COUNT] = {{"simple", "tactical"},
                                                          {"simple", "tactique"}};
  return words[french != 0][policy >= 0 && policy < COPS_POLICY_COUNT ? policy : 0];
}
