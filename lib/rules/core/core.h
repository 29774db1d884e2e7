/* The core rules' procedures behind the rules table (lib/rules/rules.h): one attack
 * (shoot.c, melee.c), an encounter's round (rounds.c) and its default policy (policy.c).
 * Not installed. */
#ifndef COPS_RULES_CORE_H
#define COPS_RULES_CORE_H

#include "internal.h"

int cops__core_shoot(cops_outcome *o, const cops_situation *s, cops_log *log);
int cops__core_melee(cops_outcome *o, const cops_situation *s, cops_log *log);
int cops__core_cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                           const cops_armour *armour, int attitude, cops_log *log);
int cops__core_policy(cops_encounter *e, int id, cops_declaration *d);
int cops__core_round(cops_encounter *e);
int cops__core_declaration(cops_encounter *e, int id, const cops_declaration *d);
void cops__core_situation(cops_encounter *e, int id, int mode, int moved, cops_situation *s);

#endif
