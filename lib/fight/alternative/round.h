/* The alternative rules' encounter round (rounds.c: A1, the declarations' checks, the
 * situation of a declared attack) and default policy (policy.c). Not installed. */
#ifndef COPS_RULES_ALTERNATIVE_ROUND_H
#define COPS_RULES_ALTERNATIVE_ROUND_H

#include "fight/fight.h"

int cops__alt_declaration(cops_encounter *e, int id, const cops_declaration *d);
void cops__alt_situation(cops_encounter *e, int id, int mode, int moved, cops_situation *s);
int cops__alt_round(cops_encounter *e);
int cops__alt_policy(cops_encounter *e, int id, cops_declaration *d);

#endif
