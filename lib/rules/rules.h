/* The rules table (docs/architecture.md, "Adding a ruleset"): what differs between the
 * rulesets — an attack of each kind, a round, the default policy — behind one table the
 * shared engine calls (lib/attack.c, lib/encounter.c). Each ruleset's rules live in their
 * own folder (lib/rules/core/ ...) and give one table; lib/rules/rules.c lists them. Not
 * installed. */
#ifndef COPS_RULES_H
#define COPS_RULES_H

#include "internal.h"

struct cops__rules {
  const char *name;   /* as files and saves spell it: "core" */
  int initiative_chosen;   /* 1: a declaration chooses its initiative (C6); 0: it is rolled (A1.2) */
  /* 1: covering fire whose roll failed still puts its zone under fire, so those in it roll
   * their nerve (C10.5, RULING C10.5-L1 of docs/rulings.md); 0: only a successful one makes a
   * zone (A2.3). */
  int failed_cover_zone;
  /* What the ruleset checks in a situation beyond the shared checks of lib/attack.c
   * (initiative, the fields only it reads). */
  int (*check)(cops_ctx *ctx, const cops_situation *s);
  /* One attack (cops_attack): a shot, a burst or covering fire; a melee exchange. */
  int (*shoot)(cops_outcome *o, const cops_situation *s, cops_log *log);
  int (*melee)(cops_outcome *o, const cops_situation *s, cops_log *log);
  /* The exact odds of a planned attack (cops_attack_odds_compute), into o. */
  int (*odds)(cops_attack_odds *o, const cops_situation *s);
  /* A character in covering fire's zone (cops_cover_enter): the hits and what they do. */
  int (*cover_enter)(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                     const cops_armour *armour, int attitude, cops_log *log);
  /* An encounter's round: the default policy's declaration for a combatant, and the
   * resolution of the round declared (NULL: the ruleset resolves one-off attacks only). */
  int (*policy)(cops_encounter *e, int id, cops_declaration *d);
  int (*resolve)(cops_encounter *e);
  /* What it checks in a declaration beyond the shared checks (the initiative, its own
   * fields), and the situation of a combatant's declared attack when it acts. */
  int (*declaration)(cops_encounter *e, int id, const cops_declaration *d);
  void (*situation)(cops_encounter *e, int id, int mode, int moved, cops_situation *s);
};

/* The table of a ::cops_rulesets value, NULL for none. */
const struct cops__rules *cops__rules_of(int ruleset);
/* The ruleset a name spells ("core"), -1 for none. */
int cops__rules_named(const char *name);

/* The rulesets' tables (lib/rules/<ruleset>/). */
extern const struct cops__rules cops__core_rules;
extern const struct cops__rules cops__alternative_rules;

#endif
