/* The fight rules table (docs/architecture.md, "Adding a ruleset"): what differs between the
 * rulesets in an encounter's round — the round, the declarations' checks, the situation of
 * a declared attack, the default policy — over the ruleset's attack table
 * (lib/attack/rules.h). Each ruleset's round lives in its own folder (lib/fight/core/,
 * lib/fight/alternative/) and gives one table; lib/fight/rules.c lists them. Not
 * installed. */
#ifndef COPS_FIGHT_RULES_H
#define COPS_FIGHT_RULES_H

#include "attack/rules.h"

struct cops__rules {
  const struct cops__attack_rules *attack;   /* its attacks, and its name */
  int initiative_chosen;   /* 1: a declaration chooses its initiative (C6); 0: it is rolled (A1.2) */
  /* An encounter's round: the default policy's declaration for a combatant, and the
   * resolution of the round declared. */
  int (*policy)(cops_encounter *e, int id, cops_declaration *d);
  int (*resolve)(cops_encounter *e);
  /* What it checks in a declaration beyond the shared checks (the initiative, its own
   * fields), and the situation of a combatant's declared attack when it acts. */
  int (*declaration)(cops_encounter *e, int id, const cops_declaration *d);
  void (*situation)(cops_encounter *e, int id, int mode, int moved, cops_situation *s);
};

/* The fight table of a ::cops_rulesets value, NULL for none. */
const struct cops__rules *cops__rules_of(int ruleset);

/* The rulesets' fight tables (lib/fight/<ruleset>/rules.c). */
extern const struct cops__rules cops__core_rules;
extern const struct cops__rules cops__alternative_rules;

#endif
