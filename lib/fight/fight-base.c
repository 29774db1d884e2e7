/* The setters the optional modules' fights share (lib/fight/fight-base.h). */
#include <stdio.h>

#include "fight/fight-base.h"

static int in_range(cops_ctx *ctx, const char *what, int v, int lo, int hi)
{
  if (v < lo || v > hi)
    return cops__fail(ctx, COPS_ERANGE, "%s %d out of range %d..%d", what, v, lo, hi);
  return COPS_OK;
}

int cops__fight_set_side_name(struct cops__fight_base *b, int side, const char *name)
{
  if (!b)
    return COPS_EINVAL;
  COPS__ENTER(b->ctx);
  int rc = in_range(b->ctx, "side", side, 0, COPS__FIGHT_SIDES - 1);
  if (rc)
    return rc;
  if ((rc = cops__check_name(b->ctx, "side name", name, sizeof b->side_name[0] - 1)))
    return rc;
  if (!*name)
    return cops__fail(b->ctx, COPS_EINVAL, "side name: empty");
  snprintf(b->side_name[side], sizeof b->side_name[side], "%s", name);
  return COPS_OK;
}

const char *cops__fight_side_name(const struct cops__fight_base *b, int side)
{
  return b && side >= 0 && side < COPS__FIGHT_SIDES ? b->side_name[side] : NULL;
}

/* A setting checked within lo..hi and set. */
static int setting(struct cops__fight_base *b, int *field, const char *what, int v, int lo,
                   int hi)
{
  if (!b)
    return COPS_EINVAL;
  COPS__ENTER(b->ctx);
  int rc = in_range(b->ctx, what, v, lo, hi);
  if (!rc)
    *field = v;
  return rc;
}

int cops__fight_set_max_rounds(struct cops__fight_base *b, int rounds)
{
  return setting(b, b ? &b->max_rounds : NULL, "max_rounds", rounds, 1, 10000);
}

int cops__fight_set_logging(struct cops__fight_base *b, int on)
{
  return setting(b, b ? &b->logging : NULL, "logging", on, 0, 1);
}

int cops__fight_seed(struct cops__fight_base *b, uint64_t seed)
{
  if (!b)
    return COPS_EINVAL;
  COPS__ENTER(b->ctx);
  int rc = cops_ctx_seed(b->ctx, seed);
  if (rc)
    return rc;
  b->seed = seed;
  b->seeded = 1;
  return COPS_OK;
}
