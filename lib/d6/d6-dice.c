/* D6 rolls (OTHER-SYSTEMS.md D6 §0.3-§0.8; D6-A1, D6-A2, D6-A4, D6-A5, D6-A8, D6-A70;
 * D6-M10): a code's dice summed with its pips and points, the last die the free die with
 * its chain of 6s, a difficulty's success, success level and critical failure. The dice
 * engine's roll result (dice.c) carries them. */
#include <string.h>

#include "d6/d6-private.h"
#include "dice/roll-private.h"
#include "d6-private.h"

/* The dice of a checked pool, drawn into roll: the ordinary dice, then the free die, then
 * the free die's chain (each die's parent the one before it). */
static int draw(cops_roll *roll, cops_ctx *ctx, const cops__d6_effective *e)
{
  roll->d6 = e->pool;
  roll->d6_dice = e->dice;
  roll->d6_free = e->free;
  roll->d6_free_face = 0;
  roll->capped = 0;
  roll->anciennete = 0;
  roll->count = roll->first = 0;
  int rc, total = e->fixed;
  for (int i = 0; i < e->dice; i++) {
    int f;
    if ((roll->count == roll->capacity && (rc = cops__roll_grow(roll, ctx))) ||
        (rc = cops__d6(ctx, &f)))
      return rc;
    roll->face[roll->count++] = (uint8_t)f;
    total += f;
  }
  roll->first = roll->count;
  if (e->free) {
    roll->d6_free_face = roll->face[e->dice - 1];
    int last = e->dice - 1, depth = 0;
    while (e->rules.explode && roll->face[last] == 6) {         /* D6-A1 */
      if (roll->count >= COPS_DICE_MAX * 4) {                   /* the dice engine's cap */
        roll->capped = 1;
        break;
      }
      int f;
      if ((roll->count == roll->capacity && (rc = cops__roll_grow(roll, ctx))) ||
          (rc = cops__d6(ctx, &f)))
        return rc;
      roll->face[roll->count] = (uint8_t)f;
      roll->parent[roll->count] = last;
      roll->depth[roll->count] = (uint16_t)++depth;
      last = roll->count++;
      total += f;
    }
  }
  roll->total = total;
  const int d = e->pool.difficulty;
  if (d == COPS_D6_NO_DIFFICULTY) {
    roll->d6_success = -1;
    roll->d6_level = 0;
    roll->d6_critical = 0;
  } else {
    roll->d6_success = total >= d;                               /* §0.4: at least equal */
    roll->d6_level = total - d;                                  /* D6-A70 */
    roll->d6_critical = !roll->d6_success && e->free && roll->d6_free_face == 1;   /* §0.3 */
  }
  roll->successes = roll->d6_success > 0;
  roll->succeeded = roll->d6_success > 0;
  return COPS_OK;
}

int cops_d6_roll(cops_roll *roll, cops_ctx *ctx, const cops_d6_pool *p, const cops_d6_rules *rules)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!roll)
    return cops__fail(ctx, COPS_EINVAL, "roll is NULL");
  cops__d6_effective e;
  int rc = cops__d6_check(ctx, p, rules, &e);
  if (rc)
    return rc;
  cops__rng_mark_t m;
  if ((rc = cops__roll_fill_begin(roll, ctx, &m)))
    return rc;
  roll->kind = COPS_D6_ROLL;
  rc = draw(roll, ctx, &e);
  return cops__roll_fill_end(roll, ctx, &m, rc);
}

int cops_d6_roll_text(cops_roll *roll, cops_ctx *ctx, const char *text, const cops_d6_rules *rules)
{
  cops_d6_pool p;
  int rc = cops_d6_pool_parse(&p, ctx, text);
  return rc ? rc : cops_d6_roll(roll, ctx, &p, rules);
}

static int is_d6(const cops_roll *roll)
{
  return roll && roll->kind == COPS_D6_ROLL;
}

int cops_d6_roll_total(const cops_roll *roll, int *total)
{
  if (!is_d6(roll) || !total)
    return COPS_EINVAL;
  *total = roll->total;
  return COPS_OK;
}

int cops_d6_roll_dice(const cops_roll *roll)
{
  return is_d6(roll) ? roll->d6_dice : COPS_EINVAL;
}

int cops_d6_roll_free_die(const cops_roll *roll, int *face)
{
  if (!is_d6(roll))
    return COPS_EINVAL;
  if (face)
    *face = roll->d6_free ? roll->d6_free_face : 0;
  return roll->d6_free;
}

int cops_d6_roll_success(const cops_roll *roll)
{
  if (!is_d6(roll))
    return COPS_EINVAL;
  return roll->d6_success < 0 ? COPS_ESTATE : roll->d6_success;
}

int cops_d6_roll_level(const cops_roll *roll, int *level)
{
  if (!is_d6(roll) || !level)
    return COPS_EINVAL;
  if (roll->d6_success < 0)
    return COPS_ESTATE;
  *level = roll->d6_level;
  return COPS_OK;
}

int cops_d6_roll_critical(const cops_roll *roll)
{
  return is_d6(roll) ? roll->d6_critical : COPS_EINVAL;
}

int cops_d6_roll_pool_of(const cops_roll *roll, cops_d6_pool *out)
{
  if (!is_d6(roll) || !out || out->size < COPS__D6_POOL_SIZE_0_16 || out->size > sizeof *out)
    return COPS_EINVAL;
  const uint32_t size = out->size;
  memcpy(out, &roll->d6, size);
  out->size = size;
  return COPS_OK;
}

json_t *cops__d6_roll_json(const cops_roll *roll, json_t *dice)
{
  char text[160];
  cops_d6_pool_format(&roll->d6, text, sizeof text);
  json_t *j = json_pack("{s:s,s:s,s:i,s:b,s:o,s:i}", "kind", "d6", "pool", text, "dice_rolled",
                        roll->d6_dice, "free_die", roll->d6_free, "dice", dice, "total",
                        roll->total);
  if (!j)
    return NULL;
  int bad = json_object_set_new(j, "free_face", roll->d6_free ? json_integer(roll->d6_free_face)
                                                             : json_null());
  if (roll->d6_success >= 0) {
    bad |= json_object_set_new(j, "difficulty", json_integer(roll->d6.difficulty));
    bad |= json_object_set_new(j, "success", json_boolean(roll->d6_success));
    bad |= json_object_set_new(j, "level", json_integer(roll->d6_level));
    bad |= json_object_set_new(j, "critical", json_boolean(roll->d6_critical));
  } else {
    bad |= json_object_set_new(j, "difficulty", json_null());
  }
  bad |= json_object_set_new(j, "capped", json_boolean(roll->capped));
  if (bad) {
    json_decref(j);
    return NULL;
  }
  return j;
}
