/* The fight folder's interface to the folders above (lib/fight/): an encounter's sides,
 * script and logging, a scenario's context. Its own private parts: encounter-private.h.
 * Uses lib/heal/ and below. Not installed. */
#ifndef COPS_LIB_FIGHT_H
#define COPS_LIB_FIGHT_H

#include "heal/heal.h"

/* Encounters. */
int cops__encounter_set_side_name(cops_encounter *e, int side, const char *text);
/* A scenario's scripted declarations, borrowed by its encounter: each round's
 * begin declares them (docs/scenarios.md), however the fight is stepped. */
struct cops__script_line {
  int round, id;
  cops_declaration d;
};
void cops__encounter_set_script(cops_encounter *e, const struct cops__script_line *lines,
                                int n);
/* cops_encounter_equip with its weapons, its armour or both (a scenario's combatant takes
 * from its sheet what it names not). */
int cops__enc_equip(cops_encounter *e, int id, int weapons, int armour);

/* A scenario's context; whether an encounter logs (lib/fight/scenario.c, lib/fight/encounter.c, for
 * lib/sim/sim.c). */
cops_ctx *cops__scenario_ctx(const cops_scenario *s);
int cops__encounter_logging(const cops_encounter *e);

#endif
