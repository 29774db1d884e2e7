/* Storyteller pools (OTHER-SYSTEMS.md ST §0.2, §0.3; ST-A1, ST-A2, ST-A30,
 * ST-A35, ST-A37): d10 with successes at the threshold, re-rolls at `again`,
 * the chance die, and the two rolls without dice. The dice engine's roll
 * result and draw order (dice.c) carry them. */
#include <stdio.h>
#include <string.h>

#include "st/st-private.h"
#include "dice/roll-private.h"
#include "st-private.h"

int cops__st_pool_out(cops_st_pool *out, size_t size, const cops_st_pool *full)
{
  if (size < COPS__ST_POOL_SIZE_0_15 || size > sizeof *full)
    return COPS_EINVAL;
  memcpy(out, full, size);
  out->size = (uint32_t)size;
  return COPS_OK;
}

const cops_st_pool *cops__st_pool_in(const cops_st_pool *p, cops_st_pool *tmp)
{
  if (p->size == sizeof *p)
    return p;
  if (p->size < COPS__ST_POOL_SIZE_0_15 || p->size > sizeof *p)
    return NULL;
  memset(tmp, 0, sizeof *tmp);
  memcpy(tmp, p, p->size);
  tmp->size = sizeof *tmp;
  return tmp;
}

int cops__st_range(cops_ctx *ctx, const char *what, int v, int lo, int hi)
{
  if (v < lo || v > hi)
    return cops__fail(ctx, COPS_ERANGE, "%s %d out of range %d..%d", what, v, lo, hi);
  return COPS_OK;
}

void cops__st_pool_default(cops_st_pool *p, int dice)
{
  memset(p, 0, sizeof *p);
  p->size = sizeof *p;
  p->dice = dice;
  p->threshold = 8;   /* ST-A37 */
  p->again = 10;      /* ST-A1 */
  p->mode = COPS_ST_DICE;
}

int cops_st_pool_init_sized(cops_st_pool *p, size_t size, int dice)
{
  if (!p)
    return COPS_EINVAL;
  cops_st_pool full;
  cops__st_pool_default(&full, dice);
  return cops__st_pool_out(p, size, &full);
}

int cops__st_pool_check(cops_ctx *ctx, const cops_st_pool *given, cops__st_effective *e)
{
  cops_st_pool tmp;
  const cops_st_pool *p = cops__st_pool_in(given, &tmp);
  int rc;
  if (!p)
    return cops__fail(ctx, COPS_EINVAL,
                      "pool size %u, expected %zu (initialise it with cops_st_pool_init)",
                      (unsigned)given->size, sizeof *given);
  if (p->flags & ~COPS_ST_NO_CHANCE)
    return cops__fail(ctx, COPS_EINVAL, "unknown pool flags 0x%x", p->flags);
  if (p->mode < COPS_ST_DICE || p->mode > COPS_ST_AVERAGE)
    return cops__fail(ctx, COPS_EINVAL, "unknown pool mode %d (0 dice, 1 all-8s, 2 average)",
                      p->mode);
  if ((rc = cops__st_range(ctx, "dice", p->dice, 0, COPS_DICE_MAX)) ||
      (rc = cops__st_range(ctx, "dice modifier", p->mod, -COPS_ST_MOD_MAX,
                              COPS_ST_MOD_MAX)) ||
      (rc = cops__st_range(ctx, "threshold", p->threshold, COPS_THRESHOLD_MIN, 10)))
    return rc;
  if (p->again != 0 && (p->again < 8 || p->again > 10))
    return cops__fail(ctx, COPS_ERANGE, "again %d: 8, 9 or 10 (0 for no re-roll)", p->again);
  if (p->again != 0 && p->again < p->threshold)
    return cops__fail(ctx, COPS_ERANGE, "again %d below the threshold %d: a die re-rolled "
                      "is a success", p->again, p->threshold);
  const int pool = p->dice + p->mod;
  if (pool > COPS_DICE_MAX)
    return cops__fail(ctx, COPS_ERANGE, "pool of %d dice after modifiers (at most %d)", pool,
                      COPS_DICE_MAX);
  e->pool = pool;
  e->threshold = p->threshold;
  e->again = p->again ? p->again : 11;   /* 11: no face re-rolls */
  e->mode = p->mode;
  e->chance = p->mode == COPS_ST_DICE && pool <= 0 && !(p->flags & COPS_ST_NO_CHANCE);
  e->given = *p;
  return COPS_OK;
}

/* The dice of a checked pool, drawn into roll (ST §0.3). */
static int draw(cops_roll *roll, cops_ctx *ctx, const cops__st_effective *e)
{
  roll->st = e->given;
  roll->st_pool = e->pool;
  roll->st_chance = e->chance;
  roll->st_dramatic = 0;
  roll->threshold = e->threshold;
  roll->capped = 0;
  roll->anciennete = 0;
  roll->count = roll->first = roll->successes = 0;
  int rc;
  if (e->mode == COPS_ST_ALL_EIGHTS) {          /* ST-A30: every die an 8 */
    const int n = e->pool > 0 ? e->pool : 0;
    memset(roll->face, 8, (size_t)n);
    roll->count = roll->first = roll->successes = n;
  } else if (e->mode == COPS_ST_AVERAGE) {      /* ST-A35: a third of the pool */
    roll->successes = e->pool > 0 ? e->pool / 3 : 0;
  } else if (e->chance) {                       /* ST-A2: one die, 10 succeeds */
    int f;
    if ((rc = cops__d10(ctx, &f)))
      return rc;
    roll->face[0] = (uint8_t)f;
    roll->count = roll->first = 1;
    roll->successes = f == 10;
    roll->st_dramatic = f == 1;
    if (f == 10 && e->again <= 10 && (rc = cops__roll_explode(roll, ctx, 10, e->again)))
      return rc;
  } else if (e->pool > 0) {
    int successes = 0, again = 0;
    for (int i = 0; i < e->pool; i++) {
      int f;
      if ((rc = cops__d10(ctx, &f)))
        return rc;
      roll->face[i] = (uint8_t)f;
      successes += f >= e->threshold;
      again += f >= e->again;
    }
    roll->count = roll->first = e->pool;
    roll->successes = successes;
    if (again && (rc = cops__roll_explode(roll, ctx, e->again, e->again)))
      return rc;
  }
  roll->pool = roll->first;
  roll->kind = COPS_ST_ROLL;
  return COPS_OK;
}

int cops__st_roll_checked(cops_roll *roll, cops_ctx *ctx, const cops__st_effective *e)
{
  const int rc = draw(roll, ctx, e);
  if (rc)
    roll->kind = COPS_ROLL_NONE;
  return rc;
}

int cops_st_roll(cops_roll *roll, cops_ctx *ctx, const cops_st_pool *p)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!roll || !p)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", roll ? "pool" : "roll");
  cops__st_effective e;
  cops__rng_mark_t m;
  int rc = cops__roll_fill_begin(roll, ctx, &m);
  if (rc)
    return rc;
  if ((rc = cops__st_pool_check(ctx, p, &e))) {
    roll->busy = 0;
    return rc;
  }
  return cops__roll_fill_end(roll, ctx, &m, draw(roll, ctx, &e));
}

int cops_st_roll_text(cops_roll *roll, cops_ctx *ctx, const char *text)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (roll && !roll->busy)
    roll->kind = COPS_ROLL_NONE;
  cops_st_pool p;
  const int rc = cops_st_pool_parse(&p, ctx, text);
  return rc ? rc : cops_st_roll(roll, ctx, &p);
}

#define ST_GETTER(name, expr)                          \
  int cops_st_roll_##name(const cops_roll *roll)       \
  {                                                    \
    if (!roll)                                         \
      return COPS_EINVAL;                              \
    if (roll->kind != COPS_ST_ROLL)                    \
      return COPS_ESTATE;                              \
    return (expr);                                     \
  }

ST_GETTER(successes, roll->successes)
ST_GETTER(chance, roll->st_chance)
ST_GETTER(dramatic, roll->st_dramatic)
ST_GETTER(capped, roll->capped)

int cops_st_roll_pool_size(const cops_roll *roll, int *pool)
{
  if (!roll || !pool)
    return COPS_EINVAL;
  if (roll->kind != COPS_ST_ROLL)
    return COPS_ESTATE;
  *pool = roll->st_pool;
  return COPS_OK;
}

int cops_st_roll_pool_of_sized(const cops_roll *roll, cops_st_pool *out, size_t size)
{
  if (!roll || !out)
    return COPS_EINVAL;
  if (roll->kind != COPS_ST_ROLL)
    return COPS_ESTATE;
  return cops__st_pool_out(out, size, &roll->st);
}

static const char *const mode_names[] = {"dice", "all-8s", "average"};

json_t *cops__st_roll_json(const cops_roll *roll, json_t *dice)
{
  char text[128];
  cops_st_pool_format(&roll->st, text, sizeof text);
  const int again = roll->st.again;
  return json_pack("{s:s,s:s,s:i,s:i,s:o,s:s,s:b,s:o,s:i,s:b,s:b,s:b}", "kind", "st", "pool",
                   text, "dice_pool", roll->st_pool, "threshold", roll->threshold, "again",
                   again ? json_integer(again) : json_null(), "mode", mode_names[roll->st.mode],
                   "chance", roll->st_chance, "dice", dice, "successes", roll->successes,
                   "success", roll->successes > 0, "dramatic", roll->st_dramatic, "capped",
                   roll->capped);
}
