/* The event log (DESIGN.md section 5, docs/events.md): typed events with
 * every die, held as data. The renderers (lib/render-json.c, lib/narrate.c)
 * read it; nothing here formats text. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "log.h"

int cops_log_new(cops_log **out, cops_ctx *ctx)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_log *log = cops__calloc(&ctx->alloc, sizeof *log);
  if (!log)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a log");
  log->ctx = ctx;
  *out = log;
  return COPS_OK;
}

void cops_log_free(cops_log *log)
{
  if (!log || cops__refused(log->ctx))
    return;
  const cops_allocator *a = &log->ctx->alloc;
  cops__free(a, log->rec);
  cops__free(a, log->face);
  cops__free(a, log->success);
  cops__free(a, log->reroll_of);
  cops__free(a, log->names);
  cops__free(a, log);
}

int cops_log_clear(cops_log *log)
{
  if (!log)
    return COPS_EINVAL;
  COPS__ENTER(log->ctx);
  log->seq_base += log->count;
  log->count = log->ndice = log->names_len = log->nname = 0;
  log->round = 0;
  return COPS_OK;
}

void cops__log_restart(cops_log *log)
{
  log->seq_base = 0;
  log->count = log->ndice = log->names_len = log->nname = 0;
  log->round = 0;
}

void cops__log_mark(const cops_log *log, cops__log_mark_t *m)
{
  if (!log)
    return;
  m->count = log->count;
  m->ndice = log->ndice;
  m->names_len = log->names_len;
  m->nname = log->nname;
  m->round = log->round;
}

void cops__log_rewind(cops_log *log, const cops__log_mark_t *m)
{
  if (!log)
    return;
  log->count = m->count;
  log->ndice = m->ndice;
  log->names_len = m->names_len;
  log->nname = m->nname;
  log->round = m->round;
}

int cops_log_count(const cops_log *log)
{
  return log ? log->count : COPS_EINVAL;
}

int cops_log_set_round(cops_log *log, int round)
{
  if (!log)
    return COPS_EINVAL;
  COPS__ENTER(log->ctx);
  if (round < 0 || round > 1000000)
    return cops__fail(log->ctx, COPS_ERANGE, "round %d out of range 0..1000000", round);
  log->round = round;
  return COPS_OK;
}

static int grow(const cops_allocator *a, void **p, int *capacity, int need, size_t size)
{
  if (need <= *capacity)
    return 0;
  int cap = *capacity ? *capacity : 64;
  while (cap < need)
    cap *= 2;
  void *q = cops__realloc(a, *p, (size_t)cap * size);
  if (!q)
    return -1;
  *p = q;
  *capacity = cap;
  return 0;
}

/* The offset of name in the pool, stored once; -1 for NULL, -2 out of memory. */
static int intern(cops_log *log, const char *name)
{
  if (!name)
    return -1;
  for (int i = 0; i < log->nname; i++)
    if (!strcmp(log->names + log->name_off[i], name))
      return log->name_off[i];
  const int len = (int)strlen(name) + 1;
  if (grow(&log->ctx->alloc, (void **)&log->names, &log->names_capacity, log->names_len + len,
           1))
    return -2;
  const int off = log->names_len;
  memcpy(log->names + off, name, (size_t)len);
  log->names_len += len;
  if (log->nname < (int)(sizeof log->name_off / sizeof log->name_off[0]))
    log->name_off[log->nname++] = off;
  return off;
}

/* Room for n more dice in the three arrays, which share one capacity. */
static int dice_room(cops_log *log, int n)
{
  const int need = log->ndice + n;
  if (need <= log->dice_capacity)
    return 0;
  int cap = log->dice_capacity ? log->dice_capacity : 256;
  while (cap < need)
    cap *= 2;
  const cops_allocator *a = &log->ctx->alloc;
  uint8_t *f = cops__realloc(a, log->face, (size_t)cap);
  if (!f)
    return -1;
  log->face = f;
  uint8_t *s = cops__realloc(a, log->success, (size_t)cap);
  if (!s)
    return -1;
  log->success = s;
  int32_t *p = cops__realloc(a, log->reroll_of, (size_t)cap * sizeof *p);
  if (!p)
    return -1;
  log->reroll_of = p;
  log->dice_capacity = cap;
  return 0;
}

int cops__log_push(cops_log *log, const cops_event *e, const char *actor, int actor_id,
                   const char *target, int target_id, const char *weapon, const cops_roll *roll)
{
  if (!log)
    return COPS_OK;
  const int n = roll ? cops_roll_count(roll) : 0;
  if (grow(&log->ctx->alloc, (void **)&log->rec, &log->capacity, log->count + 1,
           sizeof *log->rec) ||
      (n > 0 && dice_room(log, n)))
    return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
  struct cops__record *r = &log->rec[log->count];
  const int names = log->names_len, nname = log->nname;
  r->actor = intern(log, actor);
  r->target = intern(log, target);
  r->weapon = intern(log, weapon);
  if (r->actor == -2 || r->target == -2 || r->weapon == -2) {
    log->names_len = names;
    log->nname = nname;
    return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
  }
  r->e = *e;
  r->e.size = sizeof r->e;
  r->e.round = log->round;
  r->e.actor = r->e.target = r->e.weapon = NULL;
  r->e.actor_id = actor_id;
  r->e.target_id = target_id;
  r->first_die = log->ndice;
  if (roll) {
    if (n > 0) {
      cops__roll_copy_dice(roll, log->face + log->ndice, log->success + log->ndice,
                           log->reroll_of + log->ndice);
      log->ndice += n;
    }
    const int kind = cops_roll_kind(roll);
    r->e.type = COPS_EV_ROLL;
    r->e.roll_kind = kind;
    r->e.dice = n;
    if (kind == COPS_ROLL_ACTION) {
      r->e.pool = cops_roll_pool_size(roll);
      r->e.threshold = cops_roll_threshold(roll);
      r->e.difficulty = cops_roll_difficulty(roll);
      r->e.successes = cops_roll_successes(roll);
      r->e.success = cops_roll_succeeded(roll);
      r->e.unskilled = cops_roll_unskilled(roll);
      r->e.capped = cops_roll_capped(roll);
      cops_roll_margin(roll, &r->e.margin);
    } else {
      r->e.pool = n;
      r->e.total = cops_roll_total(roll);
    }
  }
  log->count++;
  return COPS_OK;
}

int cops_log_event(const cops_log *log, int i, cops_event *ev)
{
  if (!log || !ev || ev->size < sizeof(uint32_t) || ev->size > sizeof *ev)
    return COPS_EINVAL;
  if (i < 0 || i >= log->count)
    return cops__fail(log->ctx, COPS_ERANGE, "event %d out of range 0..%d", i, log->count - 1);
  cops__log_read(log, i, ev);
  return COPS_OK;
}

void cops__log_read(const cops_log *log, int i, cops_event *ev)
{
  const struct cops__record *r = &log->rec[i];
  const uint32_t size = ev->size;
  cops_event e = r->e;
  e.seq = log->seq_base + i;
  e.actor = r->actor >= 0 ? log->names + r->actor : NULL;
  e.target = r->target >= 0 ? log->names + r->target : NULL;
  e.weapon = r->weapon >= 0 ? log->names + r->weapon : NULL;
  memcpy(ev, &e, size);
  ev->size = size;
}

int cops_log_die(const cops_log *log, int i, int j, int *face, int *success, int *reroll_of)
{
  if (!log)
    return COPS_EINVAL;
  if (i < 0 || i >= log->count)
    return cops__fail(log->ctx, COPS_ERANGE, "event %d out of range 0..%d", i, log->count - 1);
  const struct cops__record *r = &log->rec[i];
  if (j < 0 || j >= r->e.dice)
    return cops__fail(log->ctx, COPS_ERANGE, "die %d of event %d: it has %d", j, i, r->e.dice);
  const int k = r->first_die + j;
  if (face)
    *face = log->face[k];
  if (success)
    *success = log->success[k];
  if (reroll_of)
    *reroll_of = log->reroll_of[k];
  return COPS_OK;
}
