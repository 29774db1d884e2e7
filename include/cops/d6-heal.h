/**
 * @file cops/d6-heal.h
 * @brief D6 System healing (OTHER-SYSTEMS.md D6 §6.1-§6.4, §8.5-§8.7; D6-A30 .. D6-A36;
 * D6-M17): natural recovery after its wait, Medicine after a fight, treatment during a
 * fight, in wound levels or hit points. Included by <cops/d6.h>.
 */
#ifndef COPS_D6_HEAL_H
#define COPS_D6_HEAL_H

#include <cops/d6.h>

COPS_BEGIN_DECLS

/** How a character spent the wait of a natural recovery (§6.1, D6-A33). */
enum cops_d6_rests {
  COPS_D6_RESTED = 0,     /**< rested the whole wait */
  COPS_D6_WORKED,         /**< did physical work during it: −1D */
  COPS_D6_LONG_REST       /**< rested at least twice the wait: +1D */
};

/**
 * @brief The wait before a natural recovery roll at @p level (§6.1), in minutes: 1 at
 * level 1 (12 rounds; the recovery is automatic), 3 days at 2 and 3 (and the extra steps),
 * 2 weeks at 4, 5 weeks at 5.
 * @return the minutes, or ::COPS_EINVAL (levels 0 and 6 have no recovery)
 * @since 0.16.0
 */
COPS_API int cops_d6_recovery_wait(int level);

/** What a recovery or a treatment did. Filled by the calls below; grows only at its end. */
typedef struct cops_d6_healing {
  uint32_t size;        /**< the caller's sizeof(cops_d6_healing), set by the caller */
  int rolled;           /**< 1: a roll was made (level 1's recovery is automatic) */
  int total;            /**< the roll's total */
  int difficulty;       /**< its difficulty */
  int success;          /**< 1: a success */
  int critical;         /**< 1: a critical failure: one level worse */
  int level_before;     /**< the patient's ::cops_d6_levels value before */
  int level;            /**< and after */
  int hp_gained;        /**< hit points regained (HIT_POINTS) */
} cops_d6_healing;

/**
 * @brief Natural recovery (§6.1, §8.5; D6-A33): after the wait of the character's level
 * (cops_d6_recovery_wait(), the caller's clock), a Vigueur roll against 6 (levels 2 and 3)
 * or 8 (4 and 5; level 5 only once stabilised, D6-A19), −1D after work, +1D after twice the
 * rest, the wound penalty included (D6-A17). A success: one step better (in hit points, the
 * loss down to the bottom of the new level's bracket, D6-A30); a critical failure: one
 * step worse (D6-A31); another failure: nothing, a new wait. Level 1 recovers without a
 * roll. A success also heals a hurt limb (D6-A67). All or nothing; events d6.roll and
 * d6.heal.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (unhurt, dead, or dying and
 *         not stabilised); ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_recover(cops_d6_healing *out, cops_ctx *ctx, cops_d6_character *ch, int id,
                             int rest, const cops_d6_rules *rules, cops_log *log);

/** A treatment's kind; ::COPS_D6_EV_HEAL's kind adds the natural recovery. */
enum cops_d6_treatments {
  COPS_D6_AFTER_COMBAT = 0,  /**< Medicine after a fight (§6.3, §8.7) */
  COPS_D6_IN_COMBAT,         /**< Medicine or Knowledge during a fight (§6.2, §8.6, D6-A34) */
  COPS_D6_RECOVERY,          /**< a natural recovery (§6.1), in the events */
  COPS_D6_PSIONIC_HEALING    /**< psionic Healing (§7.13.5), in the events (cops_d6_psionic_resolve()) */
};

/**
 * @brief A treatment (D6-M17). After a fight (§6.3): Medicine against 10 (Stunned), 15
 * (Wounded, Severely wounded and the extra steps), 20 (Incapacitated), 30 (Mortally
 * wounded); a success: one step better, or in hit points the success level regained
 * (§8.7, D6-A32); a critical failure: one step worse (D6-A31). During a fight (§6.2,
 * D6-A34): a patient at level 4 or 5 (5 only with `rules.combat_heal_level5_only`), the
 * healer's better of Medicine and Knowledge against the whole minutes at level 5 (at least
 * 1); a success sets level 3 and stops the mortal clock. The medical technology's ±5 on
 * Medicine (`rules.medical_tech`, §6.4, D6-A36), −1D to treat oneself, the healer's wound
 * penalty. Each healer tries once a patient a level (D6-A35): the patient keeps the ids of
 * the last four healers who tried at its present step. All or nothing; events d6.roll and
 * d6.heal.
 * @param out filled (its @c size set); may be NULL
 * @param ctx the dice
 * @param healer who treats (may be @p patient)
 * @param healer_id its id in the events and for D6-A35
 * @param patient who is treated
 * @param patient_id its id in the events
 * @param kind a ::cops_d6_treatments value
 * @param rules NULL for the defaults
 * @param log the events, or NULL
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (nothing to treat, a level
 *         the treatment cannot reach, this healer tried already, a healer who cannot act);
 *         ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_treat(cops_d6_healing *out, cops_ctx *ctx, cops_d6_character *healer,
                           int healer_id, cops_d6_character *patient, int patient_id, int kind,
                           const cops_d6_rules *rules, cops_log *log);

COPS_END_DECLS

#endif
