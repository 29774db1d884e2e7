/* The render folder's private header (lib/render/): the renderers' common checks. Uses
 * every folder below. Not installed. */
#ifndef COPS_LIB_RENDER_H
#define COPS_LIB_RENDER_H

#include "social/social.h"
#if COPS_WITH_ST
#include "st/st-private.h"
#endif
#if COPS_WITH_D6
#include "d6/d6-private.h"
#endif

/* The JSON keys of a ::cops_conditions bit's index (0 for 1 << 0) and of a ::cops_health
 * (lib/render/render-json.c); NULL out of range. */
const char *cops__condition_key(int index);
const char *cops__health_key(int health);
/* A snapshot's pieces (lib/render/snapshot.c), each after a comma: a key and its value; a
 * string (NULL: null), a list of condition keys. */
#define COPS__SNAPSHOT_SCHEMA 1
void cops__snap_str(cops__text *t, const char *s);
void cops__snap_key(cops__text *t, const char *k);
void cops__snap_integer(cops__text *t, const char *k, int v);
void cops__snap_boolean(cops__text *t, const char *k, int v);
void cops__snap_id_or_null(cops__text *t, const char *k, int id);
void cops__snap_conditions(cops__text *t, unsigned bits);
/* The renderers' common checks. */
int cops__log_check_from(const cops_log *log, int from, char **out);

#endif
