/* The log's storage, shared by the log (lib/log.c) and its renderers
 * (lib/render-json.c, lib/narrate.c). Not installed. */
#ifndef COPS_LOG_H
#define COPS_LOG_H

#include "internal.h"

struct cops__record {
  cops_event e;          /* names are NULL here: see the offsets; seq is derived */
  int actor, target, weapon;   /* offsets into names, -1 for none */
  int first_die;         /* index into the dice arrays */
};

struct cops_log {
  cops_ctx *ctx;
  int round;
  int seq_base;          /* events cleared before the first one held */
  struct cops__record *rec;
  int count, capacity;
  /* Dice of ROLL events, in draw order. */
  uint8_t *face, *success;
  int32_t *reroll_of;
  int ndice, dice_capacity;
  /* Names, each stored once, NUL-terminated. */
  char *names;
  int names_len, names_capacity;
  int name_off[32];      /* the last distinct names, for reuse */
  int nname;
};

/* Event i as cops_log_event() gives it (i in range, ev->size set). */
void cops__log_read(const cops_log *log, int i, cops_event *ev);

#endif
