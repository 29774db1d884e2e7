/* The event log (DESIGN.md section 5, docs/events.md): typed events with
 * every die, held as data. The renderers (lib/render/render-json.c, lib/render/narrate.c)
 * read it; nothing here formats text. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "log/log.h"
#include "log/log.h"
#include "dice/roll-private.h"

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
  log->limit = COPS_LOG_LIMIT_DEFAULT;
  *out = log;
  return COPS_OK;
}

int cops_log_set_limit(cops_log *log, int events)
{
  if (!log)
    return COPS_EINVAL;
  COPS__ENTER(log->ctx);
  if (events < 0)
    return cops__fail(log->ctx, COPS_ERANGE, "log limit %d is negative (0: no limit)", events);
  log->limit = events;
  return COPS_OK;
}

int cops_log_limit(const cops_log *log)
{
  return log ? log->limit : COPS_EINVAL;
}

void cops_log_free(cops_log *log)
{
  if (!log || cops__refused(log->ctx))
    return;
  const cops_allocator *a = &log->ctx->alloc;
  cops__free(a, log->rec);
  cops__free(a, log->face);
  cops__free(a, log->reroll_of);
  cops__free(a, log->names);
  cops__free(a, log->name_off);
  cops__free(a, log->tags);
  cops__free(a, log);
}

static void tags_from(cops_log *log, int seq);
static int grow(const cops_allocator *a, void **p, int *capacity, int need, size_t size);

int cops_log_clear(cops_log *log)
{
  if (!log)
    return COPS_EINVAL;
  COPS__ENTER(log->ctx);
  log->seq_base += log->count;
  log->epoch++;
  log->count = log->ndice = 0;
  log->round = 0;
  tags_from(log, log->seq_base);
  /* The names stay for the next procedure, which most often names the same
   * characters again, unless they have grown past a few kilobytes. */
  if (log->names_len > 4096)
    log->names_len = log->nname = 0;
  return COPS_OK;
}

/* The tags held, each id's newest only, from event @p seq on: a log emptied keeps the tags
 * its next events carry. */
static void tags_from(cops_log *log, int seq)
{
  int n = 0;
  for (int i = 0; i < log->ntags; i++) {
    int newest = 1;
    for (int j = i + 1; j < log->ntags && newest; j++)
      newest = log->tags[j].id != log->tags[i].id;
    if (newest && log->tags[i].tag[0]) {
      log->tags[n] = log->tags[i];
      log->tags[n++].seq = seq;
    }
  }
  log->ntags = n;
}

void cops__log_restart(cops_log *log)
{
  log->seq_base = 0;
  log->epoch++;
  log->count = log->ndice = log->names_len = log->nname = 0;
  log->round = 0;
  tags_from(log, 0);
}

int cops__log_tag(cops_log *log, int id, const char *tag)
{
  if (!log)
    return COPS_OK;
  const int seq = log->seq_base + log->count;
  const char *now = cops__log_tag_of(log, id, seq);
  if (!tag)
    tag = "";
  if (strcmp(now ? now : "", tag) == 0)
    return COPS_OK;
  struct cops__log_tag *last = NULL;
  for (int i = log->ntags - 1; i >= 0 && !last; i--)
    if (log->tags[i].id == id)
      last = &log->tags[i];
  if (!(last && last->seq == seq)) {   /* no event since its last tag: that one changes */
    if (grow(&log->ctx->alloc, (void **)&log->tags, &log->tags_capacity, log->ntags + 1,
             sizeof *log->tags))
      return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for a tag");
    last = &log->tags[log->ntags++];
    last->id = id;
    last->seq = seq;
  }
  const size_t len = strlen(tag);
  memcpy(last->tag, tag, len < COPS_TAG_MAX ? len : COPS_TAG_MAX);
  last->tag[len < COPS_TAG_MAX ? len : COPS_TAG_MAX] = '\0';
  return COPS_OK;
}

int cops__log_next_seq(const cops_log *log)
{
  return log->seq_base + log->count;
}

int cops__log_reserve_tags(cops_log *log, int more)
{
  if (log && grow(&log->ctx->alloc, (void **)&log->tags, &log->tags_capacity,
                  log->ntags + more, sizeof *log->tags))
    return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for tags");
  return COPS_OK;
}

const char *cops__log_tag_of(const cops_log *log, int id, int seq)
{
  if (!log || id < 0)
    return NULL;
  for (int i = log->ntags - 1; i >= 0; i--)
    if (log->tags[i].id == id && log->tags[i].seq <= seq)
      return log->tags[i].tag[0] ? log->tags[i].tag : NULL;
  return NULL;
}

void cops__log_continue(cops_log *log, int seq, int round)
{
  cops__log_restart(log);
  log->seq_base = seq;
  log->round = round;
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
  m->ntags = log->ntags;
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
  log->ntags = m->ntags < log->ntags ? m->ntags : log->ntags;
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

static int intern_slow(cops_log *log, const char *name);

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

/* The offset of name in the pool, stored once; -1 for NULL, -2 out of memory.
 * The names of a procedure come back event after event from the same
 * buffers (a character's name): the last few pointers are tried first, and a
 * hit still compares the text, since a buffer may have been renamed. */
/* strcmp(a, b) == 0 inline: a name is a few bytes, shorter than a call to strcmp. */
static COPS_INLINE int same_text(const char *a, const char *b)
{
  while (*a && *a == *b) {
    a++;
    b++;
  }
  return *a == *b;
}

static int intern(cops_log *log, const char *name)
{
  if (!name)
    return -1;
  for (int k = 0; k < COPS__LOG_RECENT; k++)
    if (log->recent_ptr[k] == name && log->recent_off[k] < log->names_len &&
        same_text(log->names + log->recent_off[k], name))
      return log->recent_off[k];
  const int off = intern_slow(log, name);
  if (off >= 0) {
    const int k = log->recent_next;
    log->recent_ptr[k] = name;
    log->recent_off[k] = off;
    log->recent_next = (k + 1) % COPS__LOG_RECENT;
  }
  return off;
}

static int intern_slow(cops_log *log, const char *name)
{
  for (int i = 0; i < log->nname; i++)
    if (!strcmp(log->names + log->name_off[i], name))
      return log->name_off[i];
  const int len = (int)strlen(name) + 1;
  if (grow(&log->ctx->alloc, (void **)&log->names, &log->names_capacity, log->names_len + len,
           1) ||
      grow(&log->ctx->alloc, (void **)&log->name_off, &log->name_off_capacity, log->nname + 1,
           sizeof *log->name_off))
    return -2;
  const int off = log->names_len;
  memcpy(log->names + off, name, (size_t)len);
  log->names_len += len;
  log->name_off[log->nname++] = off;   /* every name once, however many there are */
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
  int32_t *p = cops__realloc(a, log->reroll_of, (size_t)cap * sizeof *p);
  if (!p)
    return -1;
  log->reroll_of = p;
  log->dice_capacity = cap;
  return 0;
}

int cops__log_name(cops_log *log, const char *name)
{
  return intern(log, name);
}

int cops__log_push(cops_log *log, const cops_event *e, const char *actor, int actor_id,
                   const char *target, int target_id, const char *weapon, const cops_roll *roll)
{
  if (!log)
    return COPS_OK;
  const int names = log->names_len, nname = log->nname;
  const int a = intern(log, actor), t = a == -2 ? -2 : intern(log, target);
  if (a == -2 || t == -2) {
    log->names_len = names;
    log->nname = nname;
    return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
  }
  const int rc = cops__log_push_named(log, e, a, actor_id, t, target_id, weapon, roll);
  if (rc) {
    log->names_len = names;
    log->nname = nname;
  }
  return rc;
}

/* The fields of each type besides those every event has (docs/events.md). */
#define F(field) (uint16_t)offsetof(cops_event, field)
#define DAMAGE_FIELDS F(bullet), F(location), F(modifier), F(raw), F(protection), F(bonus), \
  F(damage), F(stopped), F(body_side)
static const struct {
  uint8_t n;
  uint16_t at[COPS__PAYLOAD];
} fields[COPS_EV_TYPE_COUNT] = {
  [COPS_EV_ATTACK] = {6, {F(mode), F(attitude), F(initiative), F(distance), F(adrenaline),
                          F(ruleset)}},
  [COPS_EV_ROLL] = {9, {F(purpose), F(difficulty), F(successes), F(success), F(margin), F(total),
                        F(unskilled), F(capped), F(anciennete)}},
  [COPS_EV_MISS] = {3, {F(reason), F(bullet), F(fired)}},
  [COPS_EV_HIT] = {4, {F(fired), F(hits), F(margin), F(distance)}},
  [COPS_EV_LOCATION] = {7, {F(bullet), F(die), F(location), F(modifier), F(body_side), F(rolled),
                            F(shift)}},
  [COPS_EV_DAMAGE] = {9, {DAMAGE_FIELDS}},
  [COPS_EV_HIT_POINTS] = {9, {F(damage), F(hp_before), F(hp_after), F(health_before),
                              F(health_after), F(lasting), F(cause), F(clock), F(healed)}},
  [COPS_EV_STOPPING] = {4, {F(result), F(difficulty), F(fa), F(threshold)}},
  [COPS_EV_CONDITION] = {2, {F(condition), F(active)}},
  [COPS_EV_AMMUNITION] = {2, {F(used), F(loaded)}},
  [COPS_EV_COVER] = {6, {F(fired), F(success), F(margin), F(x), F(y), F(radius)}},
  [COPS_EV_ESCAPE] = {1, {F(result)}},
  [COPS_EV_STRAY] = {2, {F(fired), F(stray)}},
  [COPS_EV_PENETRATION] = {9, {DAMAGE_FIELDS}},
  [COPS_EV_START] = {1, {F(seeded)}},
  [COPS_EV_JOIN] = {3, {F(side), F(x), F(y)}},
  [COPS_EV_DECLARE] = {9, {F(action), F(attitude), F(initiative), F(distance), F(x), F(y),
                           F(dice_mod), F(threshold_mod), F(difficulty_mod)}},
  [COPS_EV_MOVE] = {3, {F(x), F(y), F(distance)}},
  [COPS_EV_RELOAD] = {1, {F(loaded)}},
  [COPS_EV_IDLE] = {1, {F(reason)}},
  [COPS_EV_END] = {1, {F(side)}},
  [COPS_EV_DEATH] = {2, {F(final), F(clock)}},
  [COPS_EV_BLEEDING] = {2, {F(period), F(clock)}},
  [COPS_EV_REST] = {3, {F(rest), F(total), F(clock)}},
  [COPS_EV_TIME] = {2, {F(elapsed), F(clock)}},
  [COPS_EV_NIGHT] = {2, {F(point), F(clock)}},
  [COPS_EV_CHASE_DICE] = {6, {F(white), F(black), F(lost), F(blackened), F(total), F(active)}},
  [COPS_EV_CHASE_BAND] = {1, {F(band)}},
  [COPS_EV_CRASH] = {2, {F(failed), F(total)}},
  [COPS_EV_CHASE_OUT] = {1, {F(result)}},
  [COPS_EV_CHASE_END] = {1, {F(result)}},
  [COPS_EV_CHASE_JOIN] = {1, {F(white)}},
  [COPS_EV_TRAIT] = {2, {F(trait), F(value)}},
  [COPS_EV_APPROACH] = {8, {F(skill), F(attitude), F(affinity), F(deficiency), F(dice_mod),
                            F(threshold_mod), F(resistance), F(anciennete)}},
  [COPS_EV_INTERROGATION] = {5, {F(result), F(margin), F(tiers), F(learnt), F(anciennete)}},
  [COPS_EV_FACT] = {2, {F(fact), F(tier)}},
  [COPS_EV_BARRED] = {2, {F(skill), F(resistance)}},
  [COPS_EV_EVIDENCE] = {1, {F(resistance)}},
  [COPS_EV_MISHAP] = {4, {F(mishap), F(location), F(body_side), F(minutes)}},
  [COPS_EV_INITIATIVE] = {4, {F(kept), F(attitude), F(circumstances), F(initiative)}},
};
#undef DAMAGE_FIELDS
#undef F

void cops__event_clear(cops_event *e, int type)
{
  static const int zero = 0;
  const uint16_t *at = fields[type].at;
  for (int k = 0; k < COPS__PAYLOAD; k++)   /* offset 0 (size) for the slots it lacks */
    memcpy((char *)e + at[k], &zero, sizeof zero);
  e->size = 0;
  e->type = type;
  e->id = e->purpose = e->policy = e->odds_down = e->odds_first = e->odds_risk = 0;
  e->seed = 0;
}

static COPS_INLINE int field_of(const cops_event *e, uint16_t at)
{
  int v;
  memcpy(&v, (const char *)e + at, sizeof v);
  return v;
}

/* Room for one more event and n more dice, within the log's limit (the rare
 * path of a push). */
static COPS_NOINLINE int room(cops_log *log, int n)
{
  if (log->limit > 0 && log->count >= log->limit)
    return cops__fail(log->ctx, COPS_ERANGE, "the log holds its limit of %d events "
                      "(cops_log_set_limit; clear it, or run without a log)", log->limit);
  if (grow(&log->ctx->alloc, (void **)&log->rec, &log->capacity, log->count + 1,
           sizeof *log->rec) ||
      (n > 0 && dice_room(log, n)))
    return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
  return COPS_OK;
}

/* The next record, with room for n dice, its names and ids set; NULL when out of memory. */
static COPS_INLINE struct cops__record *next_record(cops_log *log, int n, int actor, int target,
                                                  const char *weapon, int *rc)
{
  if (COPS_UNLIKELY(log->count == log->capacity || log->ndice + n > log->dice_capacity ||
                    (log->limit > 0 && log->count >= log->limit)) &&
      (*rc = room(log, n)))
    return NULL;
  int w = -1;
  if (weapon && (w = intern(log, weapon)) == -2) {
    *rc = cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
    return NULL;
  }
  struct cops__record *r = &log->rec[log->count];
  r->actor = actor;
  r->target = target;
  r->weapon = w;
  r->first_die = log->ndice;
  return r;
}

static COPS_INLINE void record_common(const cops_log *log, struct cops__record *r, int actor_id,
                                      int target_id)
{
  r->round = log->round;
  r->actor_id = actor_id;
  r->target_id = target_id;
}

/* A ROLL event of @p purpose: the roll's figures and dice. */
static COPS_INLINE void record_roll(cops_log *log, struct cops__record *r, const cops_roll *roll,
                                    int n, int purpose)
{
  if (n > 0) {
    cops__roll_copy_dice(roll, log->face + log->ndice, log->reroll_of + log->ndice);
    log->ndice += n;
  }
  cops__roll_figures_t f;
  cops__roll_figures(roll, &f);
  r->type = COPS_EV_ROLL;
  r->id = 0;
  r->seed = 0;
  r->roll_kind = f.kind;
  r->dice = n;
  r->pool = f.pool;
  r->threshold = f.threshold;
  r->v[0] = purpose;
  r->v[1] = f.difficulty;
  r->v[2] = f.successes;
  r->v[3] = f.success;
  r->v[4] = f.margin;
  r->v[5] = f.total;
  r->v[6] = f.unskilled;
  r->v[7] = f.capped;
  r->v[8] = f.anciennete;
}

/* Inlined into the procedures that push when the library is linked whole (LTO, the release
 * build): the call was a tenth of what an attack's log cost. Elsewhere a plain call. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"
__attribute__((always_inline))
#endif
int cops__log_push_named(cops_log *log, const cops_event *e, int actor, int actor_id,
                         int target, int target_id, const char *weapon, const cops_roll *roll)
{
  if (!log)
    return COPS_OK;
  if (COPS_UNLIKELY((unsigned)e->type >= COPS_EV_TYPE_COUNT))
    return cops__fail(log->ctx, COPS_EINVAL, "event type %d", e->type);
  const int n = roll ? cops_roll_count(roll) : 0;
  int rc;
  struct cops__record *r = next_record(log, n, actor, target, weapon, &rc);
  if (!r)
    return rc;
  record_common(log, r, actor_id, target_id);
  if (roll) {
    record_roll(log, r, roll, n, e->purpose);
  } else {
    const int type = e->type;
    r->type = type;
    r->id = e->id;
    r->seed = e->seed;
    r->roll_kind = r->dice = r->pool = r->threshold = 0;
    /* All the slots, unrolled: those past the type's own read offset 0 and are
     * never read back. */
    const uint16_t *at = fields[type].at;
    for (int k = 0; k < COPS__PAYLOAD; k++)
      r->v[k] = field_of(e, at[k]);
    if (type == COPS_EV_DECLARE)   /* who declared and the odds it weighed, in one slot */
      r->v[9] = (int)(((unsigned)(e->policy + 1) & 3u) | (unsigned)(e->odds_down & 1023) << 2 |
                      (unsigned)(e->odds_first & 1023) << 12 |
                      (unsigned)(e->odds_risk & 1023) << 22);
  }
  log->count++;
  return COPS_OK;
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#if COPS__WITH_MODULES
int cops__log_push_module(cops_log *log, int type, int actor, int actor_id, int target, int target_id,
                      const char *weapon, const int *v, const cops_roll *roll)
{
  if (!log)
    return COPS_OK;
  const int n = roll ? cops_roll_count(roll) : 0;
  int rc;
  struct cops__record *r = next_record(log, n, actor, target, weapon, &rc);
  if (!r)
    return rc;
  record_common(log, r, actor_id, target_id);
  r->type = type;
  r->id = 0;
  r->seed = 0;
  r->roll_kind = r->dice = r->pool = r->threshold = 0;
  memcpy(r->v, v, sizeof r->v);
  if (roll) {
    if (n > 0) {
      cops__roll_copy_dice(roll, log->face + log->ndice, log->reroll_of + log->ndice);
      log->ndice += n;
    }
    r->roll_kind = roll->kind;
    r->dice = n;
    r->pool = roll->first;
    r->threshold = roll->threshold;
  }
  log->count++;
  return COPS_OK;
}
#endif

int cops__log_push_roll(cops_log *log, int purpose, int actor, int actor_id, int target,
                        int target_id, const cops_roll *roll)
{
  if (!log)
    return COPS_OK;
  const int n = cops_roll_count(roll);
  int rc;
  struct cops__record *r = next_record(log, n, actor, target, NULL, &rc);
  if (!r)
    return rc;
  record_common(log, r, actor_id, target_id);
  record_roll(log, r, roll, n, purpose);   /* built in place: no event on the stack */
  log->count++;
  return COPS_OK;
}

int cops_event_init_sized(cops_event *ev, size_t size)
{
  if (!ev || size < sizeof(uint32_t) || size > sizeof *ev)
    return COPS_EINVAL;
  memset(ev, 0, size);
  ev->size = (uint32_t)size;
  return COPS_OK;
}

int cops_log_event(const cops_log *log, int i, cops_event *ev)
{
  if (!log || !ev || ev->size < sizeof(uint32_t) || ev->size > sizeof *ev)
    return COPS_EINVAL;
  COPS__ENTER(log->ctx);
  if (i < 0 || i >= log->count)
    return cops__fail(log->ctx, COPS_ERANGE, "event %d out of range 0..%d", i, log->count - 1);
  cops__log_read(log, i, ev);
  return COPS_OK;
}

void cops__log_read(const cops_log *log, int i, cops_event *ev)
{
  const struct cops__record *r = &log->rec[i];
  const uint32_t size = ev->size;
  cops_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  e.type = r->type;
  e.seq = log->seq_base + i;
  e.round = r->round;
  e.id = r->id;
  e.actor_id = r->actor_id;
  e.target_id = r->target_id;
  e.actor = r->actor >= 0 ? log->names + r->actor : NULL;
  e.target = r->target >= 0 ? log->names + r->target : NULL;
  e.weapon = r->weapon >= 0 ? log->names + r->weapon : NULL;
  if (log->ntags) {
    e.actor_tag = cops__log_tag_of(log, r->actor_id, e.seq);
    e.target_tag = cops__log_tag_of(log, r->target_id, e.seq);
  }
  if (r->type == COPS_EV_FACT) {   /* a fact's text is held where a weapon's name is */
    e.text = e.weapon;
    e.weapon = NULL;
  }
  e.roll_kind = r->roll_kind;
  e.dice = r->dice;
  e.pool = r->pool;
  e.threshold = r->threshold;
  e.seed = r->seed;
  for (int k = 0; r->type < COPS_EV_TYPE_COUNT && k < fields[r->type].n; k++)
    memcpy((char *)&e + fields[r->type].at[k], &r->v[k], sizeof(int));
  e.policy = e.odds_down = e.odds_first = e.odds_risk = -1;
  if (r->type == COPS_EV_DECLARE) {
    const unsigned w = (unsigned)r->v[9];
    e.policy = (int)(w & 3u) - 1;
    const int odds[3] = {(int)(w >> 2 & 1023u), (int)(w >> 12 & 1023u), (int)(w >> 22 & 1023u)};
    e.odds_down = odds[0] > 1000 ? -1 : odds[0];   /* 1023: none weighed */
    e.odds_first = odds[1] > 1000 ? -1 : odds[1];
    e.odds_risk = odds[2] > 1000 ? -1 : odds[2];
  }
  memcpy(ev, &e, size);
  ev->size = size;
}

int cops_log_die(const cops_log *log, int i, int j, int *face, int *success, int *reroll_of)
{
  if (!log)
    return COPS_EINVAL;
  COPS__ENTER(log->ctx);
  if (i < 0 || i >= log->count)
    return cops__fail(log->ctx, COPS_ERANGE, "event %d out of range 0..%d", i, log->count - 1);
  const struct cops__record *r = &log->rec[i];
  if (j < 0 || j >= r->dice)
    return cops__fail(log->ctx, COPS_ERANGE, "die %d of event %d: it has %d", j, i, r->dice);
  int f, ok, parent;
  cops__log_die(log, r, j, &f, &ok, &parent);
  if (face)
    *face = f;
  if (success)
    *success = ok;
  if (reroll_of)
    *reroll_of = parent;
  return COPS_OK;
}

/* The dice of a roll event as JSON, or NULL when out of memory: the core's renderer's and
 * the modules' (lib/render/render-json.c, lib/st/st-render.c, lib/d6/d6-render.c). */
json_t *cops__event_dice_json(const cops_log *log, int i, int n)
{
  json_t *dice = json_array();
  for (int k = 0; dice && k < n; k++) {
    int face, success, p;
    cops__log_die(log, &log->rec[i], k, &face, &success, &p);
    json_t *d = json_pack("{s:i,s:b,s:o}", "face", face, "success", success, "reroll_of",
                          p < 0 ? json_null() : json_integer(p));
    if (json_array_append_new(dice, d)) {
      json_decref(dice);
      return NULL;
    }
  }
  return dice;
}
