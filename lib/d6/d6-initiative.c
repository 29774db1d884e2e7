/* A D6 round's initiative (OTHER-SYSTEMS.md D6 §5.2, §5.15; D6-A6, D6-A17; D6-M11): everyone
 * able to act rolls Perception; surprisers first, long weapons in melee last; ties to the
 * higher Perception, then to a d6 drawn again while equal. */
#include <string.h>

#include "d6/d6-private.h"
#include "log/log.h"
#include "dice/roll-private.h"
#include "d6-private.h"

#define FIGHTERS_MAX 32

typedef struct entry {
  int index, band, total, perception, tie;
} entry;

/* a before b: the band (surprisers 0, the others 1, long weapons 2), the total, Perception,
 * the tie-break die. */
static int before(const entry *a, const entry *b)
{
  if (a->band != b->band)
    return a->band < b->band;
  if (a->total != b->total)
    return a->total > b->total;
  if (a->perception != b->perception)
    return a->perception > b->perception;
  return a->tie > b->tie;
}

static int same(const entry *a, const entry *b)
{
  return a->band == b->band && a->total == b->total && a->perception == b->perception &&
         a->tie == b->tie;
}

static int run(cops_ctx *ctx, cops_d6_character *const *f, const int *ids, const unsigned *flags,
               int n, const cops_d6_rules *r, cops_log *log, int ranks, entry *e, int *count,
               int *totals)
{
  cops_roll *roll;
  int rc = cops__roll_new(&roll, &ctx->alloc);
  if (rc)
    return cops__fail(ctx, rc, "out of memory for a roll");
  int m = 0;
  for (int i = 0; i < n && !rc; i++) {
    totals[i] = 0;
    if (!cops_d6_character_can_act(f[i]))
      continue;
    cops_d6_pool p;
    cops_d6_pool_init(&p, cops__d6_trait(f[i], COPS_D6_PERCEPTION));
    cops__d6_penalty(f[i], COPS_D6_PERCEPTION, &p.dice_mod, &p.points);   /* D6-A17 */
    int total;
    rc = cops__d6_roll_logged(ctx, roll, &p, r, COPS__D6_NONE, COPS_D6_FOR_INITIATIVE, f[i],
                              ids ? ids[i] : i, log, &total);
    const unsigned fl = flags ? flags[i] : 0;
    e[m++] = (entry){i, fl & COPS_D6_SURPRISER ? 0 : fl & COPS_D6_LONG_IN_MELEE ? 2 : 1, total,
                     cops_d6_code_pips(cops__d6_trait(f[i], COPS_D6_PERCEPTION)), 0};
    totals[i] = total;
  }
  cops_roll_free(roll);
  /* Ties: a d6 each for those still equal, again while equal (D6-A6). */
  for (int pass = 0; !rc && pass < 64; pass++) {
    unsigned char tied[FIGHTERS_MAX] = {0};
    int any = 0;
    for (int i = 0; i < m; i++)
      for (int j = 0; j < m; j++)
        if (j != i && same(&e[i], &e[j]))
          tied[i] = 1, any = 1;
    for (int i = 0; i < m && !rc; i++)
      if (tied[i])
        rc = cops__d6(ctx, &e[i].tie);
    if (!any)
      break;
  }
  /* insertion sort: stable and small */
  for (int i = 1; i < m; i++)
    for (int j = i; j > 0 && before(&e[j], &e[j - 1]); j--) {
      const entry t = e[j];
      e[j] = e[j - 1];
      e[j - 1] = t;
    }
  for (int k = 0; k < m && !rc && ranks; k++) {
    const int v[COPS__PAYLOAD] = {k + 1, e[k].total, e[k].perception, e[k].tie};
    const int i = e[k].index;
    rc = cops__d6_log_event(log, COPS_D6_EV_INITIATIVE, f[i], ids ? ids[i] : i, NULL, -1, NULL, v);
  }
  *count = m;
  return rc;
}

int cops_d6_initiative(cops_ctx *ctx, cops_d6_character *const *f, const int *ids,
                       const unsigned *flags, int n, const cops_d6_rules *rules, cops_log *log,
                       int *order, int *totals)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!f || !order)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", f ? "order" : "fighters");
  int rc = cops__d6_range(ctx, "fighters", n, 1, FIGHTERS_MAX);
  if (rc)
    return rc;
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  cops_d6_rules r;
  if ((rc = cops__d6_rules_in(ctx, rules, &r)))
    return rc;
  for (int i = 0; i < n; i++) {
    if (!f[i] || f[i]->ctx != ctx)
      return cops__fail(ctx, COPS_EINVAL, "fighters[%d]: NULL or of another context", i);
    for (int j = 0; j < i; j++)
      if (f[j] == f[i])
        return cops__fail(ctx, COPS_EINVAL, "fighters[%d]: there twice", i);
    if (ids && (rc = cops__d6_range(ctx, "id", ids[i], 0, 1000000)))
      return rc;
    if (flags && (flags[i] & ~(COPS_D6_SURPRISER | COPS_D6_LONG_IN_MELEE)))
      return cops__fail(ctx, COPS_EINVAL, "flags[%d]: unknown bits 0x%x", i, flags[i]);
  }
  cops__d6_undo u;
  cops__d6_save(&u, ctx, log, NULL, NULL);
  entry e[FIGHTERS_MAX];
  int all[FIGHTERS_MAX], count = 0;
  rc = run(ctx, f, ids, flags, n, &r, log, 1, e, &count, all);
  if ((rc = cops__d6_restore(&u, ctx, rc)))
    return rc == COPS_ERNG ? cops__fail(ctx, rc, "the dice failed") : rc;
  for (int k = 0; k < count; k++)
    order[k] = e[k].index;
  if (totals)
    memcpy(totals, all, (size_t)n * sizeof *totals);
  return count;
}

int cops__d6_initiative_rolls(cops_ctx *ctx, cops_d6_character *const *f, const int *ids,
                              const unsigned *flags, int n, const cops_d6_rules *r, cops_log *log,
                              int *order, int *totals, int *ties)
{
  entry e[FIGHTERS_MAX];
  int count = 0, rc = run(ctx, f, ids, flags, n, r, log, 0, e, &count, totals);
  for (int k = 0; k < count; k++) {
    order[k] = e[k].index;
    ties[e[k].index] = e[k].tie;
  }
  return rc ? rc : count;
}
