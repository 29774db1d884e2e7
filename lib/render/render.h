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
/* The renderers' common checks. */
int cops__log_check_from(const cops_log *log, int from, char **out);

#endif
