/* The attack folder's interface to the folders above (lib/attack/): one attack and what
 * follows it, the core rules' combat pieces, Ancienneté's decision, the checks of a
 * situation's numbers. Its own private parts: attack-private.h. Uses lib/sheet/ and below.
 * Not installed. */
#ifndef COPS_LIB_ATTACK_H
#define COPS_LIB_ATTACK_H

#include "sheet/sheet.h"

/* ::COPS_EINVAL naming @p what when v is outside lo..hi (lib/attack/attack.c). */
int cops__check_range(cops_ctx *ctx, const char *what, int v, int lo, int hi);
/* Core-rules combat pieces (lib/attack/combat.c). */
enum { COPS__LEGS, COPS__ABDOMEN, COPS__TORSO, COPS__ARMS, COPS__HEAD, COPS__ZONE_COUNT };
enum { COPS__STOP_STEADY, COPS__STOP_SHAKEN, COPS__STOP_OUT };
typedef struct cops__damage {
  int zone;
  int raw;          /* the PU d6 */
  int protection;   /* the armour's d6 plus its fixed value */
  int bonus;        /* the location's d6 (0 when stopped) */
  int damage;       /* raw - protection + bonus, or 0 when stopped */
  int stopped;      /* the armour stopped it: no location dice rolled */
  int lasting;      /* 15 or more: lasting after-effects (C8.3) */
} cops__damage;
int cops__core_zone(int d10);
int cops__core_zone_modifier(int zone);
void cops__core_protection(const cops_armour *a, int zone, int *dice, int *fixed);
int cops__core_damage(cops_ctx *ctx, int pu, const cops_armour *armour, int zone,
                      cops_roll *pu_roll, cops_roll *armour_roll, cops_roll *bonus_roll,
                      cops__damage *out);
int cops__characteristic_roll(cops_roll *roll, cops_character *ch, int characteristic,
                              int difficulty);
int cops__stopping_roll(cops_roll *roll, cops_character *target, int characteristic,
                        int difficulty);
int cops__core_stopping(cops_roll *roll, cops_character *target, int fa, int zone,
                        int characteristic, int *result);
int cops__core_recovery(cops_roll *roll, cops_character *target, int fa, int zone,
                        int rounds, int characteristic, int *recovered);

/* Attacks (lib/attack/attack.c). COPS__SIMULTANEOUS: the encounter checked at the
 * start of a simultaneous step that the attacker could act and the target
 * was alive; what happened since in that step does not stop the attack (C6). */
#define COPS__SIMULTANEOUS 0x1u
/* COPS__NO_UNDO: the caller (an encounter's round) saved the state already and
 * puts it back on failure; the procedure saves nothing of its own. */
#define COPS__NO_UNDO 0x2u
int cops__attack(cops_outcome *out, const cops_situation *s, cops_log *log, unsigned flags);
int cops__outcome_new(cops_outcome **out, const cops_allocator *a);
/* The follow-up procedures with the ids their events give (an encounter's). */
int cops__cover_nerve(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *steady,
                      unsigned flags);
int cops__cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch, int id,
                      const cops_armour *armour, int attitude, cops_log *log, unsigned flags);
int cops__recovery_roll(cops_roll *roll, cops_character *ch, int id, int characteristic,
                        cops_log *log, int *recovered, unsigned flags);
int cops__stand_up(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *stood,
                   unsigned flags);
/* C5 Ancienneté, after a failed (or lost) roll of ch, combatant @p id, just
 * logged: one point rolls it again in place when spent: @p want 1 (a one-off
 * situation's flag), else the decision of the encounter whose round runs
 * (ctx->anciennete). The re-roll is logged after the failed one, by ch at
 * @p target; *again (may be NULL) says whether it was made (lib/attack/attack.c). */
int cops__anciennete(cops_ctx *ctx, cops_character *ch, int id, int purpose, cops_roll *roll,
                     int want, cops_log *log, const char *actor, const char *target,
                     int target_id, int *again);

#endif
