/* The attack rules table (docs/architecture.md, "Adding a ruleset"): what differs between
 * the rulesets in one attack (a shot, a burst, covering fire, a melee exchange, their odds
 * and what follows them) behind one table that lib/attack/attack.c calls. Each ruleset's
 * attacks live in their own folder (lib/attack/core/, lib/attack/alternative/) and give one
 * table; lib/attack/rules.c lists them. A fight's round adds its own table above this one
 * (lib/fight/rules.h). Not installed. */
#ifndef COPS_ATTACK_RULES_H
#define COPS_ATTACK_RULES_H

#include "attack/attack.h"

/* A shot before its dice (lib/attack/core/shoot.c, lib/attack/alternative/shoot.c): its
 * action, what it fires, and why it cannot hit (a ::cops_miss_reasons, -1 when it can). */
struct cops__shot_plan {
  cops_action a;
  int reason, fired;
};

/* A caller's situation in full and checked as cops_attack() checks it (lib/attack/attack.c). */
int cops__situation_full(cops_ctx *ctx, const cops_situation *given, cops_situation *s);

struct cops__attack_rules {
  const char *name;   /* as files and saves spell it: "core" */
  /* 1: covering fire whose roll failed still puts its zone under fire, so those in it roll
   * their nerve (C10.5, RULING C10.5-L1 of docs/rulings.md); 0: only a successful one makes a
   * zone (A2.3). */
  int failed_cover_zone;
  /* What the ruleset checks in a situation beyond the shared checks of lib/attack/attack.c
   * (initiative, the fields only it reads). */
  int (*check)(cops_ctx *ctx, const cops_situation *s);
  /* One attack (cops_attack): a shot, a burst or covering fire; a melee exchange. */
  int (*shoot)(cops_outcome *o, const cops_situation *s, cops_log *log);
  int (*melee)(cops_outcome *o, const cops_situation *s, cops_log *log);
  /* The exact odds of a planned attack (cops_attack_odds_compute), into o. */
  int (*odds)(cops_attack_odds *o, const cops_situation *s);
  /* A shot or a burst before its dice (a situation made whole by cops__situation_full):
   * its roll, why it cannot hit (-1: it can), the bullets fired; for the tactical policy
   * (lib/fight/tactical.c). */
  int (*shot_plan)(const cops_situation *s, struct cops__shot_plan *p);
  /* What a shot or a burst of `fired` bullets that hits does, the law of its margin given
   * (margin[m], m capped at 10; their sum its chance to hit): into o as its odds are, for
   * the tactical policy (s made whole; o's answers zeroed). */
  int (*shot_given)(cops_attack_odds *o, const cops_situation *s, int fired,
                    const double margin[11]);
  /* The dice an attacker's attitude adds to its shot (C6.1, A1.1): a shot's plan at another
   * attitude is the same plan with the difference in its dice_mod. */
  int (*attitude_dice)(int attitude);
  /* A shot's plan made against a target at Normal, moved to a target at `attitude` (C10.2's
   * difficulty, A1.1's threshold): 0, or 1 when the plan cannot tell (a difficulty at its
   * bounds), and the shot's plan must be made again. */
  int (*defence)(cops_action *a, int attitude);
  /* A character in covering fire's zone (cops_cover_enter): the hits and what they do. */
  int (*cover_enter)(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                     const cops_armour *armour, int attitude, cops_log *log);
};

/* The odds of what a shot or a burst that hits does, its margin's law given (the rules
 * table's shot_given): read with cops_attack_odds_down() and the other answers. */
int cops__attack_odds_given(cops_attack_odds *o, const cops_situation *given, int fired,
                            const double margin[11]);

/* The attack table of a ::cops_rulesets value, NULL for none. */
const struct cops__attack_rules *cops__attack_rules_of(int ruleset);
/* The ruleset a name spells ("core"), -1 for none. */
int cops__rules_named(const char *name);

/* The rulesets' attack tables (lib/attack/<ruleset>/rules.c). */
extern const struct cops__attack_rules cops__core_attack_rules;
extern const struct cops__attack_rules cops__alternative_attack_rules;

#endif
