/* The dice engine: action rolls with open 10s, d6 rolls, opposed rolls
 * (COPS.md C1.1-C1.7). Draw order: docs/randomness.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "internal.h"

struct die {
  uint8_t face;
  uint8_t success;
  uint16_t depth;   /* re-rolls since the first-wave die of its chain */
  int32_t parent;   /* index of the 10 it re-rolls, -1 in the first wave */
};

struct cops_roll {
  int kind;
  int count;
  int capacity;
  struct die *dice;
  cops_action action;  /* as given */
  int pool, threshold, difficulty, successes, succeeded, capped, unskilled, total;
};

/* Dice held without growing: a full pool and a few chains of 10s. */
#define ROLL_INITIAL_CAPACITY 128

int cops_action_init(cops_action *a, int dice, int threshold, int difficulty)
{
  if (!a)
    return COPS_EINVAL;
  memset(a, 0, sizeof *a);
  a->size = sizeof *a;
  a->dice = dice;
  a->threshold = threshold;
  a->difficulty = difficulty;
  return COPS_OK;
}

int cops_action_format(const cops_action *a, char *buf, size_t len)
{
  if (!a || (!buf && len > 0) || a->size != sizeof *a)
    return COPS_EINVAL;
  int n = snprintf(buf, len, "%d+/%d (%d)", a->threshold, a->dice, a->difficulty);
  const int mods[3] = {a->dice_mod, a->threshold_mod, a->difficulty_mod};
  const char letters[3] = {'D', 'S', 'R'};
  for (int i = 0; i < 3; i++) {
    if (!mods[i])
      continue;
    size_t used = (size_t)n < len ? (size_t)n : len;
    n += snprintf(buf ? buf + used : NULL, len - used, " %+d%c", mods[i], letters[i]);
  }
  return n;
}

int cops_roll_new(cops_roll **out)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  cops_roll *r = calloc(1, sizeof *r);
  if (!r)
    return COPS_ENOMEM;
  r->dice = malloc(ROLL_INITIAL_CAPACITY * sizeof *r->dice);
  if (!r->dice) {
    free(r);
    return COPS_ENOMEM;
  }
  r->capacity = ROLL_INITIAL_CAPACITY;
  *out = r;
  return COPS_OK;
}

void cops_roll_free(cops_roll *roll)
{
  if (!roll)
    return;
  free(roll->dice);
  free(roll);
}

static int grow(cops_roll *r, cops_ctx *ctx)
{
  int cap = r->capacity * 2;
  struct die *d = realloc(r->dice, (size_t)cap * sizeof *d);
  if (!d)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for %d dice", cap);
  r->dice = d;
  r->capacity = cap;
  return COPS_OK;
}

static int check_range(cops_ctx *ctx, const char *what, int v, int lo, int hi)
{
  if (v < lo || v > hi)
    return cops__fail(ctx, COPS_ERANGE, "%s %d out of range %d..%d", what, v, lo, hi);
  return COPS_OK;
}

/* The slow path of cops__resolve_action: say which field is wrong. */
static int explain_action(cops_ctx *ctx, const cops_action *a)
{
  int rc;
  if (a->size != sizeof *a)
    return cops__fail(ctx, COPS_EINVAL,
                      "action size %u, expected %zu (initialise it with cops_action_init)",
                      (unsigned)a->size, sizeof *a);
  if (a->flags & ~COPS_UNSKILLED)
    return cops__fail(ctx, COPS_EINVAL, "unknown action flags 0x%x", a->flags);
  if ((rc = check_range(ctx, "dice", a->dice, 0, COPS_DICE_MAX)) ||
      (rc = check_range(ctx, "threshold", a->threshold, COPS_THRESHOLD_MIN,
                        COPS_THRESHOLD_MAX)) ||
      (rc = check_range(ctx, "difficulty", a->difficulty, 0, COPS_DIFFICULTY_MAX)) ||
      (rc = check_range(ctx, "dice modifier", a->dice_mod, -COPS_MOD_MAX, COPS_MOD_MAX)) ||
      (rc = check_range(ctx, "threshold modifier", a->threshold_mod,
                        -COPS_THRESHOLD_MOD_MAX, COPS_THRESHOLD_MOD_MAX)) ||
      (rc = check_range(ctx, "difficulty modifier", a->difficulty_mod, -COPS_MOD_MAX,
                        COPS_MOD_MAX)))
    return rc;
  int pool = a->dice + a->dice_mod;
  if (pool > COPS_DICE_MAX)
    return cops__fail(ctx, COPS_ERANGE, "pool of %d dice after modifiers (at most %d)", pool,
                      COPS_DICE_MAX);
  return cops__fail(ctx, COPS_ERANGE, "difficulty %d after modifiers (at most %d)",
                    a->difficulty + a->difficulty_mod, COPS_DIFFICULTY_MAX);
}

/* (unsigned)(v - lo) > hi - lo: v outside lo..hi, in one comparison. */
#define OUTSIDE(v, lo, hi) ((unsigned)((v) - (lo)) > (unsigned)((hi) - (lo)))

int cops__resolve_action(cops_ctx *ctx, const cops_action *a, cops__effective *e)
{
  if (COPS_UNLIKELY(a->size != sizeof *a || (a->flags & ~COPS_UNSKILLED) ||
                    OUTSIDE(a->dice, 0, COPS_DICE_MAX) ||
                    OUTSIDE(a->threshold, COPS_THRESHOLD_MIN, COPS_THRESHOLD_MAX) ||
                    OUTSIDE(a->difficulty, 0, COPS_DIFFICULTY_MAX) ||
                    OUTSIDE(a->dice_mod, -COPS_MOD_MAX, COPS_MOD_MAX) ||
                    OUTSIDE(a->threshold_mod, -COPS_THRESHOLD_MOD_MAX,
                            COPS_THRESHOLD_MOD_MAX) ||
                    OUTSIDE(a->difficulty_mod, -COPS_MOD_MAX, COPS_MOD_MAX) ||
                    a->dice + a->dice_mod > COPS_DICE_MAX ||
                    a->difficulty + a->difficulty_mod > COPS_DIFFICULTY_MAX))
    return explain_action(ctx, a);
  int pool = a->dice + a->dice_mod;
  int thr = a->threshold + a->threshold_mod;
  int diff = a->difficulty + a->difficulty_mod;
  e->unskilled = (a->flags & COPS_UNSKILLED) != 0;
  e->pool = pool < 0 ? 0 : pool;                   /* C1.7: no die, no success */
  e->threshold = thr < COPS_THRESHOLD_MIN ? COPS_THRESHOLD_MIN
               : thr > COPS_THRESHOLD_MAX ? COPS_THRESHOLD_MAX : thr; /* C1.7 clamp */
  if (e->unskilled)
    e->threshold = 10;                             /* C1.4: only a 10 succeeds */
  e->difficulty = diff < 0 ? 0 : diff;             /* C1.7 clamp */
  return COPS_OK;
}

/* Re-roll every natural 10, wave after wave (C1.2): one re-roll per 10 of a
 * wave, in order, then the next wave. A chain stops at the context's cap. */
static int explode(cops_roll *r, cops_ctx *ctx, int tens)
{
  int start = 0, end = r->count;
  const int cap = ctx->reroll_cap, thr = r->threshold;
  while (tens) {
    tens = 0;
    for (int i = start; i < end; i++) {
      if (r->dice[i].face != 10)
        continue;
      if (r->dice[i].depth >= cap) {
        r->capped = 1;
        continue;
      }
      int rc, f;
      if (r->count == r->capacity && (rc = grow(r, ctx)))
        return rc;
      if ((rc = cops__d10(ctx, &f)))
        return rc;
      struct die *d = &r->dice[r->count++];
      d->face = (uint8_t)f;
      d->success = f >= thr;
      d->depth = (uint16_t)(r->dice[i].depth + 1);
      d->parent = i;
      r->successes += d->success;
      tens += f == 10;
    }
    start = end;
    end = r->count;
  }
  return COPS_OK;
}

int cops_roll_action(cops_roll *roll, cops_ctx *ctx, const cops_action *a)
{
  if (!ctx)
    return COPS_EINVAL;
  if (!roll || !a)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", roll ? "action" : "roll");
  roll->kind = COPS_ROLL_NONE;
  cops__effective e;
  int rc = cops__resolve_action(ctx, a, &e);
  if (rc)
    return rc;
  const int pool = e.pool, thr = e.threshold, diff = e.difficulty, unskilled = e.unskilled;

  roll->action = *a;
  roll->pool = pool;
  roll->threshold = thr;
  roll->difficulty = diff;
  roll->unskilled = unskilled;
  roll->capped = 0;
  roll->total = 0;

  /* First wave, left to right. The threshold never exceeds 10, so a natural
   * 10 is always a success (C1.2 RULING). */
  int successes = 0, tens = 0;
  struct die *d = roll->dice;
  for (int i = 0; i < pool; i++) {
    int f;
    if ((rc = cops__d10(ctx, &f)))
      return rc;
    d[i].face = (uint8_t)f;
    d[i].success = f >= thr;
    d[i].depth = 0;
    d[i].parent = -1;
    successes += d[i].success;
    tens += f == 10;
  }
  roll->count = pool;
  roll->successes = successes;
  if (tens && !unskilled && (rc = explode(roll, ctx, tens)))
    return rc;

  roll->succeeded = pool >= 1 && roll->successes >= diff;
  roll->kind = COPS_ROLL_ACTION;
  return COPS_OK;
}

int cops_roll_pool(cops_roll *roll, cops_ctx *ctx, int dice, int threshold, int difficulty,
                   unsigned flags)
{
  cops_action a;
  cops_action_init(&a, dice, threshold, difficulty);
  a.flags = flags;
  return cops_roll_action(roll, ctx, &a);
}

int cops_roll_notation(cops_roll *roll, cops_ctx *ctx, const char *text, unsigned flags)
{
  if (!ctx)
    return COPS_EINVAL;
  if (roll)
    roll->kind = COPS_ROLL_NONE;
  cops_action a;
  int rc = cops_action_parse(&a, ctx, text);
  if (rc)
    return rc;
  a.flags |= flags;
  return cops_roll_action(roll, ctx, &a);
}

static int roll_d6s(cops_roll *roll, cops_ctx *ctx, int n, int lo, int kind)
{
  if (!ctx)
    return COPS_EINVAL;
  if (!roll)
    return cops__fail(ctx, COPS_EINVAL, "roll is NULL");
  roll->kind = COPS_ROLL_NONE;
  int rc = check_range(ctx, "number of d6", n, lo, COPS_D6_MAX);
  if (rc)
    return rc;
  int total = 0;
  for (int i = 0; i < n; i++) {
    int f;
    if ((rc = cops__d6(ctx, &f)))
      return rc;
    roll->dice[i] = (struct die){(uint8_t)f, 0, 0, -1};
    if (kind == COPS_ROLL_D6_SUM)
      total += f;
    else if (f > total)
      total = f;
  }
  roll->count = n;
  roll->total = total;
  roll->kind = kind;
  return COPS_OK;
}

int cops_roll_d6(cops_roll *roll, cops_ctx *ctx, int n)
{
  return roll_d6s(roll, ctx, n, 0, COPS_ROLL_D6_SUM);
}

int cops_roll_d6_highest(cops_roll *roll, cops_ctx *ctx, int n)
{
  return roll_d6s(roll, ctx, n, 1, COPS_ROLL_D6_HIGHEST);
}

int cops_opposed_outcome(const cops_roll *a, const cops_roll *b, int min_successes,
                         int *winner, int *margin)
{
  if (!a || !b || !winner)
    return COPS_EINVAL;
  if (a->kind != COPS_ROLL_ACTION || b->kind != COPS_ROLL_ACTION)
    return COPS_ESTATE;
  if (min_successes < 0 || min_successes > COPS_DIFFICULTY_MAX)
    return COPS_ERANGE;
  int w = COPS_OPPOSED_NONE, m = 0;
  if (a->successes > b->successes && a->successes >= min_successes) {
    w = COPS_OPPOSED_A;
    m = a->successes - b->successes;
  } else if (b->successes > a->successes && b->successes >= min_successes) {
    w = COPS_OPPOSED_B;
    m = b->successes - a->successes;
  }
  *winner = w;
  if (margin)
    *margin = m;
  return COPS_OK;
}

int cops_roll_opposed(cops_roll *roll_a, cops_roll *roll_b, cops_ctx *ctx,
                      const cops_action *a, const cops_action *b, int min_successes,
                      int *winner, int *margin)
{
  if (!ctx)
    return COPS_EINVAL;
  if (!roll_a || !roll_b || !a || !b || !winner)
    return cops__fail(ctx, COPS_EINVAL, "NULL argument to cops_roll_opposed");
  if (roll_a == roll_b)
    return cops__fail(ctx, COPS_EINVAL, "the two sides need two distinct rolls");
  if (min_successes < 0 || min_successes > COPS_DIFFICULTY_MAX)
    return cops__fail(ctx, COPS_ERANGE, "minimum successes %d out of range 0..%d",
                      min_successes, COPS_DIFFICULTY_MAX);
  roll_b->kind = COPS_ROLL_NONE;
  int rc = cops_roll_action(roll_a, ctx, a);
  if (rc)
    return rc;
  if ((rc = cops_roll_action(roll_b, ctx, b))) {
    roll_a->kind = COPS_ROLL_NONE;
    return rc;
  }
  return cops_opposed_outcome(roll_a, roll_b, min_successes, winner, margin);
}

/* Accessors. */

#define ACTION_GETTER(name, field)                     \
  int cops_roll_##name(const cops_roll *roll)          \
  {                                                    \
    if (!roll)                                         \
      return COPS_EINVAL;                              \
    if (roll->kind != COPS_ROLL_ACTION)                \
      return COPS_ESTATE;                              \
    return roll->field;                                \
  }

ACTION_GETTER(pool_size, pool)
ACTION_GETTER(threshold, threshold)
ACTION_GETTER(difficulty, difficulty)
ACTION_GETTER(successes, successes)
ACTION_GETTER(succeeded, succeeded)
ACTION_GETTER(capped, capped)
ACTION_GETTER(unskilled, unskilled)

int cops_roll_kind(const cops_roll *roll)
{
  return roll ? roll->kind : COPS_EINVAL;
}

int cops_roll_count(const cops_roll *roll)
{
  if (!roll)
    return COPS_EINVAL;
  return roll->kind == COPS_ROLL_NONE ? 0 : roll->count;
}

int cops_roll_die(const cops_roll *roll, int i, int *face, int *success, int *reroll_of)
{
  if (!roll)
    return COPS_EINVAL;
  if (roll->kind == COPS_ROLL_NONE || i < 0 || i >= roll->count)
    return COPS_ERANGE;
  const struct die *d = &roll->dice[i];
  if (face)
    *face = d->face;
  if (success)
    *success = d->success;
  if (reroll_of)
    *reroll_of = d->parent;
  return COPS_OK;
}

int cops_roll_total(const cops_roll *roll)
{
  if (!roll)
    return COPS_EINVAL;
  if (roll->kind != COPS_ROLL_D6_SUM && roll->kind != COPS_ROLL_D6_HIGHEST)
    return COPS_ESTATE;
  return roll->total;
}

int cops_roll_margin(const cops_roll *roll, int *margin)
{
  if (!roll || !margin)
    return COPS_EINVAL;
  if (roll->kind != COPS_ROLL_ACTION)
    return COPS_ESTATE;
  if (roll->succeeded) {
    *margin = roll->successes - roll->difficulty;           /* MR, C1.3 */
  } else {
    int need = roll->difficulty > 1 ? roll->difficulty : 1; /* no die: C1.7 */
    *margin = -(need - roll->successes);                    /* -ME, C1.3 */
  }
  return COPS_OK;
}

int cops_roll_action_of(const cops_roll *roll, cops_action *out)
{
  if (!roll || !out)
    return COPS_EINVAL;
  if (roll->kind != COPS_ROLL_ACTION)
    return COPS_ESTATE;
  *out = roll->action;
  return COPS_OK;
}

static const char *kind_name(int kind)
{
  switch (kind) {
  case COPS_ROLL_ACTION: return "action";
  case COPS_ROLL_D6_SUM: return "d6_sum";
  default: return "d6_highest";
  }
}

/* Serialise into a buffer of our own allocator, so that cops_free() is right
 * whatever allocator the application gave jansson. */
static int dump_json(json_t *j, char **out)
{
  if (!j)
    return COPS_ENOMEM;
  size_t n = json_dumpb(j, NULL, 0, JSON_COMPACT);
  char *buf = n ? malloc(n + 1) : NULL;
  if (!buf || json_dumpb(j, buf, n, JSON_COMPACT) != n) {
    free(buf);
    json_decref(j);
    return COPS_ENOMEM;
  }
  buf[n] = '\0';
  json_decref(j);
  *out = buf;
  return COPS_OK;
}

int cops_roll_to_json(const cops_roll *roll, char **out)
{
  if (!roll || !out)
    return COPS_EINVAL;
  *out = NULL;
  if (roll->kind == COPS_ROLL_NONE)
    return COPS_ESTATE;
  json_t *dice = json_array();
  for (int i = 0; dice && i < roll->count; i++) {
    const struct die *d = &roll->dice[i];
    json_t *o = json_pack("{s:i,s:b,s:o}", "face", d->face, "success", d->success,
                          "reroll_of", d->parent < 0 ? json_null() : json_integer(d->parent));
    if (!o || json_array_append_new(dice, o)) {
      json_decref(dice);
      return COPS_ENOMEM;
    }
  }
  json_t *j;
  if (roll->kind == COPS_ROLL_ACTION) {
    char text[96];
    int margin;
    cops_action_format(&roll->action, text, sizeof text);
    cops_roll_margin(roll, &margin);
    j = json_pack("{s:s,s:s,s:i,s:i,s:i,s:b,s:o,s:i,s:b,s:i,s:b}", "kind", "action",
                  "action", text, "pool", roll->pool, "threshold", roll->threshold,
                  "difficulty", roll->difficulty, "unskilled", roll->unskilled, "dice", dice,
                  "successes", roll->successes, "success", roll->succeeded, "margin", margin,
                  "capped", roll->capped);
  } else {
    j = json_pack("{s:s,s:o,s:i}", "kind", kind_name(roll->kind), "dice", dice, "total",
                  roll->total);
  }
  return dump_json(j, out);
}
