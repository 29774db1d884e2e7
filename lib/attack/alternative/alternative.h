/* The alternative combat rules of 002 (COPS.md A1-A5) behind the rules table
 * (lib/fight/rules.h): shots (shoot.c, A2), melee (melee.c, A3), and what a hit does
 * (damage.c: the seven locations and damage of A4, the stopping factor of A5). Not
 * installed. */
#ifndef COPS_RULES_ALTERNATIVE_H
#define COPS_RULES_ALTERNATIVE_H

#include "attack/attack-private.h"

/* Where a bullet or blow lands (A4.1): the d10 as rolled, moved by the excess
 * successes toward the attacker's aim (A2.1, A3.1; never past 1 or 10). */
struct cops__alt_spot {
  int rolled, die, shift;
  int zone;        /* ::cops_zones */
  int side;        /* ::cops_body_sides */
  int bonus;       /* the location's bonus d6: 0, 1, 2, 0, 3 */
};
/* The spot of a d10 moved by @p shift steps (signed). */
void cops__alt_spot(struct cops__alt_spot *p, int rolled, int shift);
/* Steps toward @p aim (1..10; 0: none) from @p die, at most @p steps, signed. */
int cops__alt_shift(int die, int aim, int steps);

/* The armour at a spot: each leg and arm its own (A4.1). */
void cops__alt_protection(const cops_armour *a, const struct cops__alt_spot *p, int *dice,
                          int *fixed);
/* The A4.3 wound malus on top of the core one an action already has: -1 d10 from
 * PV <= max/2 (C8.2 gives it strictly below half). */
void cops__alt_wound_malus(cops_action *a, const cops_character *ch);
/* The A1.1 attack dice of an attitude: +1, +1, 0, -1, -1. */
static inline int cops__alt_attitude_dice(int attitude)
{
  return attitude > 0 ? 1 : attitude < 0 ? -1 : 0;
}

/* One located bullet or blow of weapon damage (A4.2): PU d6, plus the highest of
 * @p carrure d6 for an armed strike (A3.1, 0: none), less the armour's dice and fixed
 * part at the spot; something left takes the location's bonus d6. */
int cops__alt_weapon_damage(cops_outcome *o, cops_ctx *ctx, int victim_index,
                            cops_character *victim, const cops_armour *armour, int pu,
                            int carrure, int bullet, const struct cops__alt_spot *spot,
                            int penetration, struct party actor, cops_log *log);
/* A bare-handed blow or a throw (A3.2, A3.3): (@p carrure + the location's bonus) d6,
 * the highest kept, less the armour's dice only. */
int cops__alt_highest_damage(cops_outcome *o, cops_ctx *ctx, cops_character *victim,
                             const cops_armour *armour, int carrure,
                             const struct cops__alt_spot *spot, struct party actor,
                             cops_log *log);
/* The stopping factor (A5): the higher of Sang-froid and Carrure (or @p characteristic)
 * at @p threshold against @p fa, and the mishaps of every location of this attack's hits
 * on the victim at once. @p minutes: a head mishap's, 0 to roll 1d10. */
int cops__alt_stopping(cops_outcome *o, cops_roll *roll, cops_character *victim,
                       int victim_index, int fa, int threshold, int characteristic,
                       int minutes, struct party actor, cops_log *log);

/* A shot or a melee attack before its dice (shoot.c, melee.c): checked, its action (a
 * shot: what it fires and why it cannot hit); the steps of excess successes shared among
 * the bullets in toward the aim (A2.2). Shared with the odds (odds.c). */
int cops__alt_shot_plan(const cops_situation *s, struct cops__shot_plan *p);
int cops__alt_melee_plan(const cops_situation *s, cops_action *a);
void cops__alt_spread(struct cops__alt_spot *spot, const int *rolled, int n, int aim, int steps);
int cops__alt_odds(cops_attack_odds *o, const cops_situation *s);
int cops__alt_shot_given(cops_attack_odds *o, const cops_situation *s, int fired,
                         const double margin[11]);

int cops__alt_check(cops_ctx *ctx, const cops_situation *s);
int cops__alt_shoot(cops_outcome *o, const cops_situation *s, cops_log *log);
int cops__alt_cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                          const cops_armour *armour, int attitude, cops_log *log);
int cops__alt_melee(cops_outcome *o, const cops_situation *s, cops_log *log);

/* An encounter's round under A1 (rounds.c) and the default policy (policy.c). */

#endif
