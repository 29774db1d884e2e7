/* The log's storage, shared by the log (lib/log/log.c) and its renderers
 * (lib/render/render-json.c, lib/render/narrate.c). Not installed. */
#ifndef COPS_LOG_H
#define COPS_LOG_H

#include "base/internal.h"
#if COPS_WITH_ST
#include <cops/st.h>
#endif
#if COPS_WITH_D6
#include <cops/d6.h>
#endif
#define COPS__WITH_MODULES (COPS_WITH_ST || COPS_WITH_D6)

/* An event as the log holds it: the fields every event has, a roll's dice
 * figures, and the few fields of its type (lib/log/log.c lists them per type);
 * cops__log_read() gives the whole cops_event back. */
#define COPS__PAYLOAD 9
struct cops__record {
  int type, round, id, actor_id, target_id;
  int actor, target, weapon;   /* offsets into names, -1 for none (weapon: a FACT's text) */
  int first_die;               /* index into the dice arrays */
  int roll_kind, dice, pool, threshold;   /* ROLL */
  int v[COPS__PAYLOAD];        /* the type's own fields */
  uint64_t seed;               /* START */
};

struct cops_log {
  cops_ctx *ctx;
  int round;
  int seq_base;          /* events cleared before the first one held */
  struct cops__record *rec;
  int count, capacity;
  /* Dice of ROLL events, in draw order: faces, and the parent of each re-roll
   * (only dice past the first wave, e.pool, are written: see cops__log_die). */
  uint8_t *face;
  int32_t *reroll_of;
  int ndice, dice_capacity;
  /* Names, each stored once, NUL-terminated. */
  char *names;
  int names_len, names_capacity;
  int *name_off;         /* every distinct name held, for reuse */
  int nname, name_off_capacity;
  int limit;             /* most events held (0: no limit) */
  /* The last names pushed, by pointer (checked by text before use). */
#define COPS__LOG_RECENT 4
  const char *recent_ptr[COPS__LOG_RECENT];
  int recent_off[COPS__LOG_RECENT];
  int recent_next;
};

#if COPS_WITH_ST
/* A Storyteller pool's record (roll_kind COPS_ST_ROLL): its values' places in v[]. */
enum { COPS__STV_PURPOSE, COPS__STV_POOL, COPS__STV_SUCCESSES, COPS__STV_CHANCE,
       COPS__STV_DRAMATIC, COPS__STV_AGAIN, COPS__STV_MODE, COPS__STV_CAPPED };
#endif

/* Die k (0-based, in range) of record r: its face, whether it succeeded (an
 * action's face at its threshold or more; never for d6; a Storyteller pool's
 * as its roll says), the die it re-rolls (-1 in the first wave). Derived, not stored. */
static inline void cops__log_die(const cops_log *log, const struct cops__record *r, int k,
                                 int *face, int *success, int *reroll_of)
{
  const int f = log->face[r->first_die + k];
  *face = f;
  *success = r->roll_kind == COPS_ROLL_ACTION && f >= r->threshold;
#if COPS_WITH_ST
  if (r->roll_kind == COPS_ST_ROLL)
    *success = r->v[COPS__STV_MODE] == COPS_ST_ALL_EIGHTS ? 1
               : r->v[COPS__STV_CHANCE] && k == 0 ? f == 10 : f >= r->threshold;
#endif
  *reroll_of = k < r->pool ? -1 : log->reroll_of[r->first_die + k];
}

#if COPS__WITH_MODULES
/* An optional module's event (Storyteller types from 1000, D6 from 2000): its values in v
 * (COPS__PAYLOAD of them), with a roll's dice when roll is not NULL (lib/log/log.c). */
int cops__log_push_module(cops_log *log, int type, int actor, int actor_id, int target,
                          int target_id, const char *weapon, const int *v, const cops_roll *roll);
#endif
/* The dice of event i (n of them) as JSON, NULL when out of memory (log.c). */
json_t *cops__event_dice_json(const cops_log *log, int i, int n);
#if COPS_WITH_ST
/* The keys of a Storyteller event after the common ones, and its line of narration
 * (lib/st/st-render.c); the common keys (lib/render/render-json.c). */
json_t *cops__st_event_json(const cops_log *log, int i);
void cops__st_narrate(cops__text *t, const cops_log *log, int i, int lang);
const char *cops__st_event_type_name(int type);
#endif
#if COPS_WITH_D6
/* The same for the D6 module's events (lib/d6/d6-render.c). */
json_t *cops__d6_event_json(const cops_log *log, int i);
void cops__d6_narrate(cops__text *t, const cops_log *log, int i, int lang);
const char *cops__d6_event_type_name(int type);
#endif

/* Event i as cops_log_event() gives it (i in range, ev->size set). */
void cops__log_read(const cops_log *log, int i, cops_event *ev);

#endif
