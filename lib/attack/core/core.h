/* The core rules' attacks behind the attack rules table (lib/attack/rules.h): one attack
 * (shoot.c, melee.c) and a character entering covering fire's zone (follow.c). Not
 * installed. */
#ifndef COPS_RULES_CORE_H
#define COPS_RULES_CORE_H

#include "attack/attack.h"

int cops__core_shoot(cops_outcome *o, const cops_situation *s, cops_log *log);
int cops__core_melee(cops_outcome *o, const cops_situation *s, cops_log *log);
int cops__core_cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                           const cops_armour *armour, int attitude, cops_log *log);

#endif
