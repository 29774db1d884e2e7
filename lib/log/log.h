/* The log's storage, shared by the log (lib/log/log.c) and its renderers
 * (lib/render/render-json.c, lib/render/narrate.c). Not installed. */
#ifndef COPS_LOG_H
#define COPS_LOG_H

#include "dice/dice.h"
#if COPS_WITH_ST
#include <cops/st.h>
#endif
#if COPS_WITH_D6
#include <cops/d6.h>
#endif
#define COPS__WITH_MODULES (COPS_WITH_ST || COPS_WITH_D6)

/* The log (lib/log/log.c): append one event, naming its parties by name (for
 * display) and id (-1 none); with a roll, the event is a ROLL carrying every
 * die. A NULL log takes nothing. A failed push adds nothing. */
int cops__log_push(cops_log *log, const cops_event *e, const char *actor, int actor_id,
                   const char *target, int target_id, const char *weapon,
                   const cops_roll *roll);
/* The same with names already in the log: their offsets from cops__log_name()
 * (-1 none), which puts a name in the log once for all the events of a
 * procedure (-1 for NULL, -2 out of memory). */
int cops__log_name(cops_log *log, const char *name);
int cops__log_push_named(cops_log *log, const cops_event *e, int actor, int actor_id, int target,
                         int target_id, const char *weapon, const cops_roll *roll);
/* A ROLL event of the given purpose, built in the log (the common case of a procedure). */
int cops__log_push_roll(cops_log *log, int purpose, int actor, int actor_id, int target,
                        int target_id, const cops_roll *roll);
/* A place in the log to come back to when a procedure fails (all or nothing). */
typedef struct cops__log_mark_t {
  int count, ndice, names_len, nname, round, ntags;
} cops__log_mark_t;
void cops__log_mark(const cops_log *log, cops__log_mark_t *m);   /* NULL log: nothing */
void cops__log_rewind(cops_log *log, const cops__log_mark_t *m);
/* The caller's tag of combatant (or participant) id, for the events from the next one on
 * (NULL or "" for none): the JSON Lines and cops_log_event() give it beside the id. The
 * tag is checked by the caller (cops__check_tag). COPS_ENOMEM when it cannot be held. */
int cops__log_tag(cops_log *log, int id, const char *tag);
/* The number the next event will have. */
int cops__log_next_seq(const cops_log *log);
/* Room for @p more tags, so that the next cops__log_tag() calls cannot fail. */
int cops__log_reserve_tags(cops_log *log, int more);
/* The tag of id in the event numbered seq, or NULL. */
const char *cops__log_tag_of(const cops_log *log, int id, int seq);
/* Empty, and number the next event 0 again (a fight run anew). */
void cops__log_restart(cops_log *log);
/* Empty, the next event numbered @p seq, in round @p round (a fight resumed). */
void cops__log_continue(cops_log *log, int seq, int round);

/* An event as the log holds it: the fields every event has, a roll's dice
 * figures, and the few fields of its type (lib/log/log.c lists them per type);
 * cops__log_read() gives the whole cops_event back. */
#define COPS__PAYLOAD 10
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
  /* The caller's tags: id's tag from the event numbered seq on, oldest first. */
  struct cops__log_tag {
    int id, seq;
    char tag[COPS_TAG_MAX + 1];
  } *tags;
  int ntags, tags_capacity;
  int epoch;             /* counts the times it was emptied: a checkpoint's log is this one */
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

/* An event on the stack for a push (a procedure's log): what a push reads of it cleared,
 * its type set (a valid type), the rest left as it was. A cops_event is 440 bytes, and an
 * attack pushes a dozen: clearing each whole took most of what its log cost. */
void cops__event_clear(cops_event *e, int type);

/* Event i as cops_log_event() gives it (i in range, ev->size set). */
void cops__log_read(const cops_log *log, int i, cops_event *ev);

#endif
