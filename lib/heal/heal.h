/* The heal folder's private header (lib/heal/): what a stabilisation does, for the fights'
 * aftermath and rounds. Uses lib/attack/ and below. Not installed. */
#ifndef COPS_LIB_HEAL_H
#define COPS_LIB_HEAL_H

#include "attack/attack.h"

/* A stabilisation's effect (C8.5): kind made, succeeded with margin mr. */
int cops__stabilised(cops_character *ch, int kind, int succeeded, int mr, cops_log *log,
                     int healer_id, const char *healer, int patient_id, int *healed);

#endif
