/**
 * @file cops/heal.h
 * @brief Wounds over time (COPS.md C8.2-C8.8) and nights (C5): the
 * character's clock, bleeding, first aid, stabilisation, hospital and
 * natural rest, clinical death and revival (docs/healing.md).
 *
 * Every character has a clock in seconds (0 when made). Time passes with
 * cops_character_advance(), a night's sleep (cops_character_night()) and an
 * encounter's rounds (3 seconds each, C6); while it passes the dying bleed,
 * the clinically dead stay so, and hospital or natural rest heals. Each
 * character keeps a ledger of the hit points lost and healed over the last
 * ten minutes, so that first aid heals no more than C8.4 allows.
 *
 * Every procedure here is all or nothing: on an error nothing changed (hit
 * points, points, clock, ledger, log, random source). Events name the
 * character by the id the caller gives (the healer and the patient by the
 * treatment's ids): docs/events.md.
 */
#ifndef COPS_HEAL_H
#define COPS_HEAL_H

#include <cops/common.h>
#include <cops/character.h>
#include <cops/dice.h>
#include <cops/events.h>
#include <cops/encounter.h>

COPS_BEGIN_DECLS

/** Seconds in a combat round (C6). */
#define COPS_ROUND_SECONDS 3
/** The latest second a character's clock reaches (about 63 years). */
#define COPS_CLOCK_MAX 2000000000
/** Seconds a day holds (hospital days, C8.6). */
#define COPS_DAY_SECONDS 86400

/**
 * @brief The character's clock, in seconds.
 * @return ::COPS_OK, ::COPS_EINVAL
 * @since 0.10.0
 */
COPS_API int cops_character_time(const cops_character *ch, int *seconds);

/**
 * @brief Let @p seconds pass for the character (C8.2, C8.5, C8.6, C8.8).
 *
 * The dying lose 1 hit point a round (every 10 or 40 rounds once
 * stabilised), the first loss at the end of the round after the fall; at
 * minus the maximum they are clinically dead and nothing more happens. Rest
 * (cops_character_set_rest()) heals at the end of each full day (hospital:
 * 2d6, or its fixed value) or two days (natural: 1, above 0 hit points
 * only). Each change is an event; the first event says how much time passed.
 * @param ch the character
 * @param seconds 0 .. ::COPS_CLOCK_MAX less the clock
 * @param log where the events go, or NULL
 * @param id the id events give the character (-1 .. INT_MAX)
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (past ::COPS_CLOCK_MAX, an
 *         id below -1, or the log's limit); ::COPS_ENOMEM; ::COPS_ERNG
 * @rule C8.2 C8.5 C8.6 C8.8
 * @since 0.10.0
 */
COPS_API int cops_character_advance(cops_character *ch, int seconds, cops_log *log, int id);

/**
 * @brief How the character bleeds (C8.2, C8.5).
 * @param ch the character
 * @param[out] period rounds between two losses: 1, 10 (stabilised with first
 *        aid), 40 (with Médecine); 0 when not bleeding (may be NULL)
 * @param[out] next the clock's second of the next loss, 0 when not bleeding
 *        (may be NULL)
 * @param[out] stabilised the ::cops_treatments made on this wound, as bits
 *        (1 << ::COPS_TREAT_STABILISE, 1 << ::COPS_TREAT_MEDICINE; may be NULL)
 * @return ::COPS_OK, ::COPS_EINVAL
 * @since 0.10.0
 */
COPS_API int cops_character_bleeding(const cops_character *ch, int *period, int *next,
                                     unsigned *stabilised);

/**
 * @brief Hit points lost in the last ten minutes, less those healed in that
 * time: the most first aid may heal now (C8.4, C8.8), before the max - 5 cap.
 * @return the number (>= 0), or ::COPS_EINVAL
 * @since 0.10.0
 */
COPS_API int cops_character_lost_recently(const cops_character *ch);

/** @brief Lasting wounds taken (attacks of 15 damage or more, C8.3), or ::COPS_EINVAL. @since 0.10.0 */
COPS_API int cops_character_lasting_wounds(const cops_character *ch);
/** @brief Set the count of lasting wounds (0..1000): a sheet's record. @since 0.10.0 */
COPS_API int cops_character_set_lasting_wounds(cops_character *ch, int count);

/** Kinds of rest (C8.6). */
typedef enum cops_rest {
  COPS_REST_NONE = 0,     /**< no care: wounds do not heal by themselves */
  COPS_REST_NATURAL = 1,  /**< caring for one's wounds: 1 hit point every two days, above 0 only */
  COPS_REST_HOSPITAL = 2, /**< complete rest in hospital: 2d6 (or a fixed value) a day */
  COPS_REST_COUNT
} cops_rest;

/**
 * @brief Put the character at a kind of rest from now on (C8.6). Gains fall
 * at the end of each full day (hospital) or two days (natural) counted from
 * this call.
 *
 * Hospital: the character must not be bleeding 1 hit point a round (stabilise
 * first, C8.5); the hospital's care stops a stabilised character's bleeding
 * (docs/rulings.md). Leaving hospital for another rest: refused while the
 * character has 10 or more damage or 0 hit points or fewer (no hospital
 * discharges them, C8.6). Natural rest needs more than 0 hit points. The
 * clinically dead rest nowhere.
 * @param ch the character
 * @param rest a ::cops_rest
 * @param value the hospital's fixed gain a day, 2..12, or 0 for 2d6; 0 otherwise
 * @param log where the event goes, or NULL
 * @param id the id events give the character
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (the
 *         message cites the rule); ::COPS_ENOMEM
 * @rule C8.6 C8.8
 * @since 0.10.0
 */
COPS_API int cops_character_set_rest(cops_character *ch, int rest, int value, cops_log *log,
                                     int id);
/**
 * @brief The character's rest.
 * @param ch the character
 * @param[out] rest a ::cops_rest (may be NULL)
 * @param[out] value the hospital's fixed gain, 0 for 2d6 (may be NULL)
 * @param[out] since the clock's second it began (may be NULL)
 * @return ::COPS_OK, ::COPS_EINVAL
 * @since 0.10.0
 */
COPS_API int cops_character_rest(const cops_character *ch, int *rest, int *value, int *since);
/** @brief A kind of rest's name ("hôpital"; "hospital"), or NULL. @since 0.10.0 */
COPS_API const char *cops_rest_name(int rest, int lang);

/**
 * @brief A full night of sleep (C5): @p seconds pass (as
 * cops_character_advance()), then one point of @p kind comes back.
 * @param ch the character
 * @param kind COPS_ADRENALINE, COPS_ANCIENNETE, or -1 for none (both at
 *        their maxima, or the player's choice)
 * @param seconds the night's length, 1 .. the clock's room (what counts as a
 *        full night is the caller's call, C5 RULING)
 * @param log where the events go, or NULL
 * @param id the id events give the character
 * @return ::COPS_OK; ::COPS_ERULE when that kind is at its maximum (nothing
 *         changed); as cops_character_advance()
 * @rule C5
 * @since 0.10.0
 */
COPS_API int cops_character_night(cops_character *ch, int kind, int seconds, cops_log *log,
                                  int id);

/**
 * @brief Revive the clinically dead (C8.7 RULING): back to -max + 1 hit
 * points, dying and bleeding 1 a round (a new wound, C8.8). Whether and when
 * doctors succeed is the caller's call: no roll.
 * @return ::COPS_OK; ::COPS_ERULE when not clinically dead, or dead for good
 * @rule C8.7
 * @since 0.10.0
 */
COPS_API int cops_character_revive(cops_character *ch, cops_log *log, int id);
/**
 * @brief Declare a clinical death final (C8.2 RULING): no revival from now on.
 * cops_character_health() gives ::COPS_DEAD_FINAL.
 * @return ::COPS_OK; ::COPS_ERULE when not clinically dead
 * @rule C8.2
 * @since 0.10.0
 */
COPS_API int cops_character_declare_dead(cops_character *ch, cops_log *log, int id);

/** The treatments of C8.4 and C8.5. */
typedef enum cops_treatments {
  COPS_TREAT_FIRST_AID = 0,  /**< after a fight: Premiers secours/Coordination heals MR (C8.4) */
  COPS_TREAT_STABILISE = 1,  /**< on the dying: Premiers secours/Sang-froid heals MR, slows the loss to 1 a 10 rounds (C8.5) */
  COPS_TREAT_MEDICINE = 2,   /**< on the dying: Médecine/Coordination slows the loss to 1 a 40 rounds (C8.5) */
  COPS_TREAT_COUNT
} cops_treatments;

/** Treatment flag: spend an Ancienneté point of the healer on a failed roll, to roll it again (C5). */
#define COPS_TREAT_ANCIENNETE 0x200u

/**
 * What a treatment starts from. Initialise with cops_treatment_init(), then
 * change what differs: the struct only grows at its end (docs/abi.md).
 */
typedef struct cops_treatment {
  uint32_t size;       /**< sizeof(cops_treatment), set by cops_treatment_init() */
  int kind;            /**< a ::cops_treatments */
  int difficulty;      /**< 1 with a first-aid kit (default), 2 makeshift gear, 3 bare hands (C8.4) */
  unsigned flags;      /**< ::COPS_ADRENALINE_DIE, ::COPS_TREAT_ANCIENNETE */
  int dice_mod;        /**< the GM's modifiers (C1.7): dice */
  int threshold_mod;   /**< threshold */
  int difficulty_mod;  /**< difficulty */
  int healer_id;       /**< the id events give the healer (default 0) */
  int patient_id;      /**< the id events give the patient (default 1) */
} cops_treatment;

/** @brief Fill @p t with a treatment of @p kind and its defaults; @p size is sizeof(*t) as the caller knows it. @since 0.10.0 */
COPS_API int cops_treatment_init_sized(cops_treatment *t, size_t size, int kind);
/** @brief cops_treatment_init_sized() with sizeof(cops_treatment): what a program calls. @since 0.10.0 */
COPS_API int cops_treatment_init(cops_treatment *t, int kind);
/** @brief cops_treatment_init_sized() with sizeof(cops_treatment). @since 0.10.0 */
#define cops_treatment_init(t, kind) cops_treatment_init_sized((t), sizeof(cops_treatment), (kind))
/** @brief A treatment's name ("premiers soins"; "first aid"), or NULL. @since 0.10.0 */
COPS_API const char *cops_treatment_name(int kind, int lang);

/** What a treatment did, as cops_treat() fills it. Set @c size first. */
typedef struct cops_treated {
  uint32_t size;        /**< set to sizeof(cops_treated) by the caller */
  int kind;             /**< the ::cops_treatments */
  int succeeded;        /**< the roll succeeded */
  int margin;           /**< MR (0 after an Ancienneté re-roll), or -ME */
  int anciennete;       /**< the roll was made again for an Ancienneté point */
  int healed;           /**< hit points healed */
  int cap;              /**< the most this treatment could heal (C8.4: the last ten minutes, max - 5) */
  int hp_before;        /**< the patient's hit points before */
  int hp_after;         /**< and after */
  int bleed_period;     /**< rounds between losses after it, 0: not bleeding */
} cops_treated;

/**
 * @brief The healer's roll for a treatment (for the odds, or to show it
 * before rolling): skill, characteristic, the healer's wound malus (C8.2),
 * the difficulty and the GM's modifiers; the Adrénaline die with the flag.
 * The patient's state is checked as cops_treat() checks it.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (the
 *         treatment does not apply: the message says why)
 * @rule C8.4 C8.5
 * @since 0.10.0
 */
COPS_API int cops_treatment_action(cops_action *out, cops_character *healer,
                                   const cops_character *patient, const cops_treatment *t);

/**
 * @brief Treat a patient (C8.4, C8.5).
 *
 * First aid (after a fight): the patient above 0 hit points, once since
 * their last damage; heals the margin, never more than the hit points lost
 * in the last ten minutes (cops_character_lost_recently()) and never above
 * max - 5. Stabilisation (the dying, 0 hit points or fewer, not clinically
 * dead), each kind once per wound: Premiers secours heals the margin (above
 * 0: awake, the bleeding stops; else 1 a 10 rounds); Médecine heals nothing
 * and slows the loss to 1 a 40 rounds; both failing: still 1 a round. A
 * failed roll counts as made. The healer must be able to act (above 0 hit
 * points, not out of the fight); the healer may be the patient.
 * @param[out] out what it did (its @c size set by the caller; may be NULL)
 * @param roll receives the healer's roll (after a re-roll, the second)
 * @param healer the healer
 * @param patient the patient
 * @param t the treatment
 * @param log where the events go (the roll, hit points, bleeding), or NULL
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (not
 *         applicable, no point to spend: the message cites the rule);
 *         ::COPS_ENOMEM; ::COPS_ERNG
 * @rule C8.4 C8.5 C8.8 C5
 * @since 0.10.0
 */
COPS_API int cops_treat(cops_treated *out, cops_roll *roll, cops_character *healer,
                        cops_character *patient, const cops_treatment *t, cops_log *log);

/** The odds of a treatment before the roll, as cops_treat_odds() fills them. */
typedef struct cops_treatment_odds {
  uint32_t size;        /**< set to sizeof(cops_treatment_odds) by the caller */
  double success;       /**< the roll succeeds (with the Ancienneté re-roll the flag asks for) */
  double mean_healed;   /**< hit points healed, on average */
  int cap;              /**< the most it can heal now */
  double awake;         /**< stabilisation: the patient ends above 0 hit points */
} cops_treatment_odds;

/**
 * @brief The exact odds of a treatment now (docs/odds.md): its success, the
 * law of hit points healed (capped as C8.4 caps them), the chance to wake.
 * @param[out] out the odds (its @c size set by the caller)
 * @param healer the healer
 * @param patient the patient
 * @param t the treatment
 * @param[out] healed P(healed = k) for k = 0 .. @p n - 1 (may be NULL)
 * @param n room in @p healed
 * @return ::COPS_OK; as cops_treatment_action()
 * @since 0.10.0
 */
COPS_API int cops_treat_odds(cops_treatment_odds *out, cops_character *healer,
                                 const cops_character *patient, const cops_treatment *t,
                                 double *healed, int n);

/**
 * @brief After a fight that is over: the race against bleeding, first aid,
 * then time passing (docs/healing.md), narrated into the encounter's log
 * (events of round 0). The fight is over: anyone able helps anyone, the
 * winners their prisoners too.
 *
 * Each dying combatant (0 hit points or fewer, not clinically dead) is
 * stabilised by the able combatant with the best odds — Premiers secours, then
 * Médecine, tried only by those who hold it, while still dying (C8.5); each
 * wounded combatant above 0 who lost hit points in the last ten minutes gets
 * first aid from the combatant with the best odds, maybe themselves (C8.4);
 * then @p seconds pass for everyone still there (bleeding, C8.8). Nobody
 * spends a point. Once per fight; cops_encounter_reset() allows it again.
 * @param e the encounter, over
 * @param difficulty 1 with first-aid kits, 2 makeshift gear, 3 bare hands (C8.4)
 * @param seconds the time that passes after the care, 0..::COPS_CLOCK_MAX
 * @return ::COPS_OK; ::COPS_ESTATE (not over, played already); ::COPS_ERANGE;
 *         ::COPS_ENOMEM; ::COPS_ERNG. All or nothing.
 * @rule C8.4 C8.5 C8.8
 * @since 0.10.0
 */
COPS_API int cops_encounter_aftermath(cops_encounter *e, int difficulty, int seconds);
/** @brief 1 once cops_encounter_aftermath() was played, 0 before, or ::COPS_EINVAL. @since 0.10.0 */
COPS_API int cops_encounter_aftermath_done(const cops_encounter *e);

COPS_END_DECLS

#endif
