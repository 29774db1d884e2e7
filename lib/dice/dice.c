/* The dice engine: action rolls with open 10s, d6 rolls, opposed rolls
 * (COPS.md C1.1-C1.7). Draw order: docs/randomness.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "dice/dice.h"

#include "dice/roll-private.h"

/* Dice held without growing: a full pool and a few chains of 10s. */
#define ROLL_INITIAL_CAPACITY 128

int cops__action_out(cops_action *out, size_t size, const cops_action *full)
{
  if (size < COPS__ACTION_SIZE_0_1 || size > sizeof *full)
    return COPS_EINVAL;
  memcpy(out, full, size);          /* never past the caller's struct */
  out->size = (uint32_t)size;
  return COPS_OK;
}

const cops_action *cops__action_in(const cops_action *a, cops_action *tmp)
{
  if (a->size == sizeof *a)
    return a;
  if (a->size < COPS__ACTION_SIZE_0_1 || a->size > sizeof *a)
    return NULL;
  memset(tmp, 0, sizeof *tmp);      /* later fields: their defaults */
  memcpy(tmp, a, a->size);
  tmp->size = sizeof *tmp;
  return tmp;
}

int cops_action_init_sized(cops_action *a, size_t size, int dice, int threshold,
                           int difficulty)
{
  if (!a)
    return COPS_EINVAL;
  if (size == sizeof *a) {   /* in place: a copy's wide reads of narrow writes stall */
    memset(a, 0, sizeof *a);
    a->size = sizeof *a;
    a->dice = dice;
    a->threshold = threshold;
    a->difficulty = difficulty;
    return COPS_OK;
  }
  cops_action full;
  memset(&full, 0, sizeof full);
  full.size = sizeof full;
  full.dice = dice;
  full.threshold = threshold;
  full.difficulty = difficulty;
  return cops__action_out(a, size, &full);
}

int (cops_action_init)(cops_action *a, int dice, int threshold, int difficulty)
{
  return cops_action_init_sized(a, COPS__ACTION_SIZE_0_1, dice, threshold, difficulty);
}

int cops_action_format(const cops_action *given, char *buf, size_t len)
{
  cops_action tmp;
  const cops_action *a = given ? cops__action_in(given, &tmp) : NULL;
  if (!a || (!buf && len > 0))
    return COPS_EINVAL;
  /* Every field is an int: the text fits in 7 numbers of 12 characters. */
  char text[128];
  int n = snprintf(text, sizeof text, "%d+/%d (%d)", a->threshold, a->dice, a->difficulty);
  const int mods[3] = {a->dice_mod, a->threshold_mod, a->difficulty_mod};
  const char letters[3] = {'D', 'S', 'R'};
  for (int i = 0; i < 3; i++)
    if (mods[i])
      n += snprintf(text + n, sizeof text - (size_t)n, " %+d%c", mods[i], letters[i]);
  if (len > 0) {
    size_t copy = (size_t)n < len ? (size_t)n : len - 1;
    memcpy(buf, text, copy);
    buf[copy] = '\0';
  }
  return n;
}

int cops__roll_new(cops_roll **out, const cops_allocator *a)
{
  *out = NULL;
  cops_roll *r = cops__calloc(a, sizeof *r);
  if (!r)
    return COPS_ENOMEM;
  r->alloc = *a;
  r->face = cops__malloc(a, ROLL_INITIAL_CAPACITY * sizeof *r->face);
  r->parent = cops__malloc(a, ROLL_INITIAL_CAPACITY * sizeof *r->parent);
  r->depth = cops__malloc(a, ROLL_INITIAL_CAPACITY * sizeof *r->depth);
  if (!r->face || !r->parent || !r->depth) {
    cops_roll_free(r);
    return COPS_ENOMEM;
  }
  r->capacity = ROLL_INITIAL_CAPACITY;
  *out = r;
  return COPS_OK;
}

int cops_roll_new(cops_roll **out)
{
  return out ? cops__roll_new(out, &cops__std_alloc) : COPS_EINVAL;
}

int cops_roll_new_in(cops_roll **out, cops_ctx *ctx)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  int rc = cops__roll_new(out, &ctx->alloc);
  return rc ? cops__fail(ctx, rc, "out of memory for a roll") : COPS_OK;
}

void cops_roll_free(cops_roll *roll)
{
  if (!roll)
    return;
  if (roll->busy) {
    roll->misuse = 1;    /* freed from the random callback filling it: refused */
    return;
  }
  const cops_allocator a = roll->alloc;
  cops__free(&a, roll->face);
  cops__free(&a, roll->parent);
  cops__free(&a, roll->depth);
  cops__free(&a, roll);
}

int cops__roll_grow(cops_roll *r, cops_ctx *ctx)
{
  const int cap = r->capacity * 2;
  uint8_t *face = cops__realloc(&r->alloc, r->face, (size_t)cap * sizeof *face);
  if (face)
    r->face = face;
  int32_t *parent = face ? cops__realloc(&r->alloc, r->parent, (size_t)cap * sizeof *parent)
                         : NULL;
  if (parent)
    r->parent = parent;
  uint16_t *depth = parent ? cops__realloc(&r->alloc, r->depth, (size_t)cap * sizeof *depth)
                           : NULL;
  if (!depth)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for %d dice", cap);
  r->depth = depth;
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
  if (a->size < COPS__ACTION_SIZE_0_1 || a->size > sizeof *a)
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

/* Inlined into the roll so that the effective values stay in registers. */
static COPS_INLINE int resolve_action(cops_ctx *ctx, const cops_action *a, cops__effective *e)
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

int cops__resolve_action(cops_ctx *ctx, const cops_action *a, cops__effective *e)
{
  cops_action tmp;
  const cops_action *full = cops__action_in(a, &tmp);
  return resolve_action(ctx, full ? full : a, e);
}

/* Re-roll every natural 10 (every face at or above `again`), wave after wave
 * (C1.2, ST-A1): one re-roll per such die of a wave, in order, then the next
 * wave; the first wave's dice re-roll at `again_first` (10 for the chance die
 * of ST-A2). A chain stops at the context's cap. A wave never holds more dice
 * than the pool. */
int cops__roll_explode(cops_roll *r, cops_ctx *ctx, int again_first, int again)
{
  int lists[2][COPS_DICE_MAX];
  int *tens = lists[0], *next = lists[1], ntens = 0;
  const int cap = ctx->reroll_cap, thr = r->threshold, first = r->first;
  int count = r->count, successes = r->successes, rc = COPS_OK;
  for (int i = 0; i < first; i++) {
    tens[ntens] = i;
    ntens += r->face[i] >= again_first;
  }
  while (ntens) {
    int nnext = 0;
    for (int j = 0; j < ntens; j++) {
      const int i = tens[j];
      const int depth = i < first ? 0 : r->depth[i];
      if (depth >= cap) {
        r->capped = 1;
        continue;
      }
      int f;
      if (count == r->capacity && (rc = cops__roll_grow(r, ctx)))
        goto out;
      if ((rc = cops__d10(ctx, &f)))
        goto out;
      r->face[count] = (uint8_t)f;
      r->parent[count] = i;
      r->depth[count] = (uint16_t)(depth + 1);
      successes += f >= thr;
      next[nnext] = count++;
      nnext += f >= again;
    }
    int *t = tens;
    tens = next;
    next = t;
    ntens = nnext;
  }
out:
  r->count = count;
  r->successes = successes;
  return rc;
}

/* One d10 from the bytes left in the keystream buffer, skipping rejected
 * bytes as cops__d10 does; 0 when the buffer runs out (the general path
 * refills it). */
static COPS_INLINE int buffered_d10(const unsigned char *buf, size_t end, size_t *p)
{
  int f;
  do {
    if (COPS_UNLIKELY(*p == end))
      return 0;
    f = cops__d10_of_byte[buf[(*p)++]];
  } while (COPS_UNLIKELY(!f));
  return f;
}

/* The roll, every case: callback sources, rejected bytes, the end of the
 * keystream buffer, several 10s, chains, the re-roll cap, errors. */
static int draw_action(cops_roll *roll, cops_ctx *ctx, const cops_action *a);

/* The start of a roll drawing from a source: refused into a roll being
 * filled (from a random callback); the source's place saved; the roll empty
 * and marked busy until fill_end(). */
int cops__roll_fill_begin(cops_roll *roll, cops_ctx *ctx, cops__rng_mark_t *m)
{
  if (roll->busy)
    return cops__fail(ctx, COPS_ESTATE, "this roll is being filled (called from a random "
                      "callback)");
  roll->kind = COPS_ROLL_NONE;
  cops__rng_mark(ctx, m);
  roll->busy = 1;
  roll->misuse = 0;
  return COPS_OK;
}

/* The end: a roll freed from the callback meanwhile, or any failure, leaves it
 * empty and puts the source back (all or nothing). */
int cops__roll_fill_end(cops_roll *roll, cops_ctx *ctx, const cops__rng_mark_t *m, int rc)
{
  roll->busy = 0;
  if (!rc && roll->misuse)
    rc = cops__fail(ctx, COPS_ESTATE, "the random callback freed the roll being filled "
                    "(refused: free it after the call)");
  if (rc) {
    roll->kind = COPS_ROLL_NONE;
    cops__rng_rewind(ctx, &m[0]);
  }
  return rc;
}

/* A roll drawing from a source: refused from a random callback on its own
 * context or into a roll being filled; on failure the roll is empty and the
 * source is back where it was (all or nothing). */
static COPS_NOINLINE int roll_general(cops_roll *roll, cops_ctx *ctx, const cops_action *a)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!roll || !a)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", roll ? "action" : "roll");
  cops__rng_mark_t m;
  int rc = cops__roll_fill_begin(roll, ctx, &m);
  return rc ? rc : cops__roll_fill_end(roll, ctx, &m, draw_action(roll, ctx, a));
}

static int draw_action(cops_roll *roll, cops_ctx *ctx, const cops_action *given)
{
  cops_action tmp;
  const cops_action *a = cops__action_in(given, &tmp);   /* any size published */
  if (!a)
    a = given;   /* an unknown size: resolve_action says so */
  cops__effective e = {0, 0, 0, 0};
  int rc = resolve_action(ctx, a, &e);
  if (rc)
    return rc;
  const int pool = e.pool, thr = e.threshold;

  if (a != &roll->action)
    roll->action = *a;
  roll->pool = pool;
  roll->threshold = thr;
  roll->difficulty = e.difficulty;
  roll->unskilled = e.unskilled;
  roll->capped = 0;
  roll->anciennete = 0;

  /* First wave, left to right. The threshold never exceeds 10, so a natural
   * 10 is always a success (C1.2 RULING). */
  int successes = 0, tens = 0;
  uint8_t *face = roll->face;
  for (int i = 0; i < pool; i++) {
    int f;
    if ((rc = cops__d10(ctx, &f)))
      return rc;
    face[i] = (uint8_t)f;
    successes += f >= thr;
    tens += f == 10;
  }
  roll->count = roll->first = pool;
  roll->successes = successes;
  if (tens && !e.unskilled && (rc = cops__roll_explode(roll, ctx, 10, 10)))
    return rc;

  roll->succeeded = pool >= 1 && roll->successes >= e.difficulty;
  roll->kind = COPS_ROLL_ACTION;
  return COPS_OK;
}

/* The common roll without a call: a keystream source, the pool's bytes (and
 * its chain) in the buffer: all but about 1 in 1,000 3-die pools. It reads the
 * same bytes in the same order as roll_general and gives the same result.
 * Returns 1 when the roll is done, a negative code when it failed, and 0
 * when it cannot go on, having changed nothing that roll_general does not
 * set again. The action comes as values (v), so nothing just stored is read
 * back. */
static COPS_INLINE int roll_fast(cops_roll *roll, cops_ctx *ctx, const cops_action v)
{
  if (COPS_UNLIKELY(!ctx || !roll || ctx->source == COPS_SOURCE_CALLBACK || roll->busy ||
                    v.size != sizeof v || (v.flags & ~COPS_UNSKILLED) ||
                    OUTSIDE(v.dice, 0, COPS_DICE_MAX) ||
                    OUTSIDE(v.threshold, COPS_THRESHOLD_MIN, COPS_THRESHOLD_MAX) ||
                    OUTSIDE(v.difficulty, 0, COPS_DIFFICULTY_MAX) ||
                    OUTSIDE(v.dice_mod, -COPS_MOD_MAX, COPS_MOD_MAX) ||
                    OUTSIDE(v.threshold_mod, -COPS_THRESHOLD_MOD_MAX,
                            COPS_THRESHOLD_MOD_MAX) ||
                    OUTSIDE(v.difficulty_mod, -COPS_MOD_MAX, COPS_MOD_MAX) ||
                    v.dice + v.dice_mod > COPS_DICE_MAX ||
                    v.difficulty + v.difficulty_mod > COPS_DIFFICULTY_MAX))
    return 0;
  int pool = v.dice + v.dice_mod;
  int thr = v.threshold + v.threshold_mod;
  int diff = v.difficulty + v.difficulty_mod;
  const int unskilled = (v.flags & COPS_UNSKILLED) != 0;
  pool = pool < 0 ? 0 : pool;
  thr = unskilled ? 10 : thr < COPS_THRESHOLD_MIN ? COPS_THRESHOLD_MIN
                        : thr > COPS_THRESHOLD_MAX ? COPS_THRESHOLD_MAX : thr;
  diff = diff < 0 ? 0 : diff;
  /* Bytes are read up to the end of what is made; the refill is left to the
   * general path. Rejected bytes are skipped as cops__d10 skips them. */
  const unsigned char *buf = ctx->buf;
  const size_t end = ctx->filled;
  size_t p = ctx->pos;
  uint32_t counts = 0; /* successes + 256 x tens */
  int last_ten = 0, count = pool, f;
  uint8_t *face = roll->face;
  for (int i = 0; i < pool; i++) {
    if (COPS_UNLIKELY(!(f = buffered_d10(buf, end, &p))))
      return 0;
    face[i] = (uint8_t)f;
    counts += (unsigned)(f >= thr) + ((unsigned)(f == 10) << 8);
    last_ten = f == 10 ? i : last_ten;
  }
  int capped = 0;
  if (COPS_UNLIKELY(counts >= 512) && !unskilled) {
    /* Several 10s: the first wave is done; the waves follow in explode(),
     * which draws on from here. No way back to the general path now. */
    roll->kind = COPS_ROLL_NONE; /* until the waves are done */
    roll->action = v;
    roll->pool = roll->first = roll->count = pool;
    roll->threshold = thr;
    roll->difficulty = diff;
    roll->unskilled = 0;
    roll->capped = 0;
    roll->anciennete = 0;
    roll->successes = (int)(counts & 0xff);
    cops__rng_mark_t m;
    cops__rng_mark(ctx, &m);
    ctx->errmsg[0] = '\0';
    ctx->pos = p;
    int rc = cops__roll_explode(roll, ctx, 10, 10);
    if (rc) {
      cops__rng_rewind(ctx, &m);
      roll->kind = COPS_ROLL_NONE;
      return rc;
    }
    roll->succeeded = roll->successes >= diff;
    roll->kind = COPS_ROLL_ACTION;
    return 1;
  }
  if (COPS_UNLIKELY(counts >= 256) && !unskilled) { /* C1.4: no re-roll unskilled */
    /* A lone 10: its chain, re-rolled while it shows 10, up to the cap. */
    const int cap = ctx->reroll_cap;
    int at = last_ten;
    for (int depth = 1;; depth++) {
      if (depth > cap) {
        capped = 1;
        break;
      }
      if (COPS_UNLIKELY(count == roll->capacity))
        return 0;
      if (COPS_UNLIKELY(!(f = buffered_d10(buf, end, &p))))
        return 0;
      face[count] = (uint8_t)f;
      roll->parent[count] = at;
      roll->depth[count] = (uint16_t)depth;
      counts += f >= thr;
      at = count++;
      if (COPS_LIKELY(f != 10))
        break;
    }
  }
  /* Field by field from the values: a struct copy could read back the
   * caller's stores at another width and stall. */
  roll->action.size = v.size;
  roll->action.dice = v.dice;
  roll->action.threshold = v.threshold;
  roll->action.difficulty = v.difficulty;
  roll->action.dice_mod = v.dice_mod;
  roll->action.threshold_mod = v.threshold_mod;
  roll->action.difficulty_mod = v.difficulty_mod;
  roll->action.flags = v.flags;
  roll->pool = pool;
  roll->threshold = thr;
  roll->difficulty = diff;
  roll->unskilled = unskilled;
  roll->capped = capped;
  roll->anciennete = 0;
  roll->count = count;
  roll->first = pool;
  roll->successes = (int)(counts & 0xff);
  roll->succeeded = pool >= 1 && roll->successes >= diff;
  roll->kind = COPS_ROLL_ACTION;
  ctx->pos = p;
  ctx->errmsg[0] = '\0';
  return 1;
}

int cops_roll_action(cops_roll *roll, cops_ctx *ctx, const cops_action *a)
{
  const int rc = a ? roll_fast(roll, ctx, *a) : 0;
  if (COPS_LIKELY(rc))
    return rc < 0 ? rc : COPS_OK;
  return roll_general(roll, ctx, a);
}

/* The general path of cops_roll_pool, apart so that the fast path builds no
 * action in memory. */
static COPS_NOINLINE int pool_general(cops_roll *roll, cops_ctx *ctx, int dice, int threshold,
                                      int difficulty, unsigned flags)
{
  const cops_action a = {sizeof a, dice, threshold, difficulty, 0, 0, 0, flags};
  return roll_general(roll, ctx, &a);
}

int cops_roll_pool(cops_roll *roll, cops_ctx *ctx, int dice, int threshold, int difficulty,
                   unsigned flags)
{
  const cops_action a = {sizeof a, dice, threshold, difficulty, 0, 0, 0, flags};
  const int rc = roll_fast(roll, ctx, a);
  if (COPS_LIKELY(rc))
    return rc < 0 ? rc : COPS_OK;
  return pool_general(roll, ctx, dice, threshold, difficulty, flags);
}

int cops_roll_notation(cops_roll *roll, cops_ctx *ctx, const char *text, unsigned flags)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (roll && !roll->busy)
    roll->kind = COPS_ROLL_NONE;
  if (!text)
    return cops__fail(ctx, COPS_EINVAL, "text is NULL");
  cops_action a;
  int rc = cops__action_parse(&a, ctx, text);
  if (rc)
    return rc;
  a.flags |= flags;
  return cops_roll_action(roll, ctx, &a);
}

static int draw_d6s(cops_roll *roll, cops_ctx *ctx, int n, int kind);

static int roll_d6s(cops_roll *roll, cops_ctx *ctx, int n, int lo, int kind)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!roll)
    return cops__fail(ctx, COPS_EINVAL, "roll is NULL");
  cops__rng_mark_t m;
  int rc = cops__roll_fill_begin(roll, ctx, &m);
  if (!rc && (rc = check_range(ctx, "number of d6", n, lo, COPS_D6_MAX)))
    roll->busy = 0;
  return rc ? rc : cops__roll_fill_end(roll, ctx, &m, draw_d6s(roll, ctx, n, kind));
}

int cops__roll_d6_sum(cops_roll *roll, cops_ctx *ctx, int n)
{
  const int rc = draw_d6s(roll, ctx, n, COPS_ROLL_D6_SUM);
  if (rc)
    roll->kind = COPS_ROLL_NONE;
  return rc;
}

static int draw_d6s(cops_roll *roll, cops_ctx *ctx, int n, int kind)
{
  int rc, total = 0;
  for (int i = 0; i < n; i++) {
    int f;
    if ((rc = cops__d6(ctx, &f)))
      return rc;
    roll->face[i] = (uint8_t)f;
    if (kind == COPS_ROLL_D6_SUM)
      total += f;
    else if (f > total)
      total = f;
  }
  roll->count = roll->first = n;
  roll->total = total;
  roll->anciennete = 0;
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
  COPS__ENTER(ctx);
  roll_b->kind = COPS_ROLL_NONE;
  cops__rng_mark_t m;
  cops__rng_mark(ctx, &m);
  int rc = cops_roll_action(roll_a, ctx, a);
  if (rc)
    return rc;
  if ((rc = cops_roll_action(roll_b, ctx, b))) {
    roll_a->kind = COPS_ROLL_NONE;
    cops__rng_rewind(ctx, &m);
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
ACTION_GETTER(anciennete, anciennete)

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

void cops__roll_figures(const cops_roll *roll, cops__roll_figures_t *f)
{
  memset(f, 0, sizeof *f);
  f->kind = roll->kind;
  if (roll->kind == COPS_ROLL_ACTION) {
    f->pool = roll->pool;
    f->threshold = roll->threshold;
    f->difficulty = roll->difficulty;
    f->successes = roll->successes;
    f->success = roll->succeeded;
    f->unskilled = roll->unskilled;
    f->capped = roll->capped;
    f->anciennete = roll->anciennete;
    cops_roll_margin(roll, &f->margin);
  } else if (roll->kind != COPS_ROLL_NONE) {
    f->pool = roll->count;
    f->total = roll->total;
  }
}

void cops__roll_copy_dice(const cops_roll *roll, uint8_t *face, int32_t *reroll_of)
{
  const int n = roll->kind == COPS_ROLL_NONE ? 0 : roll->count;
  memcpy(face, roll->face, (size_t)n);
  if (n > roll->first)   /* the re-rolls' parents; the first wave has none */
    memcpy(reroll_of + roll->first, roll->parent + roll->first,
           (size_t)(n - roll->first) * sizeof *reroll_of);
}

/* A die counts as a success at the threshold (never above 10, so a natural 10 always
 * does: C1.2); d6 dice have no success. A Storyteller die: every die under "all eights"
 * (the module's ::COPS_ST_ALL_EIGHTS), a chance die only on a 10, else at the
 * difficulty (docs/storyteller.md). */
int cops__die_success(const cops_roll *roll, int i)
{
#if COPS_WITH_ST
  if (roll->kind == COPS_ST_ROLL) {
    if (roll->st.mode == COPS_ST_ALL_EIGHTS)
      return 1;
    if (roll->st_chance && i == 0)
      return roll->face[0] == 10;
    return roll->face[i] >= roll->threshold;
  }
#endif
  return roll->kind == COPS_ROLL_ACTION && roll->face[i] >= roll->threshold;
}

int cops_roll_die(const cops_roll *roll, int i, int *face, int *success, int *reroll_of)
{
  if (!roll)
    return COPS_EINVAL;
  if (roll->kind == COPS_ROLL_NONE || i < 0 || i >= roll->count)
    return COPS_ERANGE;
  if (face)
    *face = roll->face[i];
  if (success)
    *success = cops__die_success(roll, i);
  if (reroll_of)
    *reroll_of = i < roll->first ? -1 : roll->parent[i];
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
    /* MR (C1.3); 0 after an Ancienneté re-roll (C5) */
    *margin = roll->anciennete ? 0 : roll->successes - roll->difficulty;
  } else {
    int need = roll->difficulty > 1 ? roll->difficulty : 1; /* no die: C1.7 */
    *margin = -(need - roll->successes);                    /* -ME, C1.3 */
  }
  return COPS_OK;
}

int cops_roll_action_of_sized(const cops_roll *roll, cops_action *out, size_t size)
{
  if (!roll || !out)
    return COPS_EINVAL;
  if (roll->kind != COPS_ROLL_ACTION)
    return COPS_ESTATE;
  return cops__action_out(out, size, &roll->action);
}

int (cops_roll_action_of)(const cops_roll *roll, cops_action *out)
{
  return cops_roll_action_of_sized(roll, out, COPS__ACTION_SIZE_0_1);
}

void cops__roll_clear(cops_roll *roll)
{
  roll->kind = COPS_ROLL_NONE;
}

void cops__roll_set_anciennete(cops_roll *roll)
{
  roll->anciennete = 1;
}

int cops__roll_anciennete(const cops_roll *roll)
{
  return roll->anciennete;
}

