/* The core rules' encounter round (rounds.c: C6, the declarations' checks, the situation
 * of a declared attack) and default policy (policy.c). Not installed. */
#ifndef COPS_FIGHT_CORE_ROUND_H
#define COPS_FIGHT_CORE_ROUND_H

#include "fight/fight.h"

int cops__core_policy(cops_encounter *e, int id, cops_declaration *d);
int cops__core_round(cops_encounter *e);
int cops__core_declaration(cops_encounter *e, int id, const cops_declaration *d);
void cops__core_situation(cops_encounter *e, int id, int mode, int moved, cops_situation *s);

#endif
