/**
 * @file cops/interrogation.h
 * @brief Interrogations (COPS.md C4, docs/interrogations.md): the subject an
 * interrogator questions (its resisting characteristics, resistance
 * modifiers, reactions to the five attitudes, affinity and deficiency, what it
 * knows by tier) and the exact odds of each approach, a method and an
 * attitude, before any die.
 */
#ifndef COPS_INTERROGATION_H
#define COPS_INTERROGATION_H

#include <cops/common.h>
#include <cops/character.h>
#include <cops/dice.h>

COPS_BEGIN_DECLS

/** Opaque subject of an interrogation (an NPC profile). */
typedef struct cops_subject cops_subject;

/** The five attitudes of an interrogator (C4.3). */
typedef enum cops_interview_attitude {
  COPS_IV_AGRESSIF = 0,    /**< Agressif */
  COPS_IV_INQUISITEUR = 1, /**< Inquisiteur */
  COPS_IV_FROID = 2,       /**< Froid */
  COPS_IV_POLI = 3,        /**< Poli */
  COPS_IV_AMICAL = 4,      /**< Amical */
  COPS_IV_ATTITUDE_COUNT
} cops_interview_attitude;

/** How a subject's reaction to an attitude counts (C4.3 RULING and its knob). */
typedef enum cops_reaction_mode {
  COPS_REACTION_DICE = 0,       /**< dice added to the interrogator's roll (the default) */
  COPS_REACTION_RESISTANCE = 1  /**< subtracted from the subject's resistance modifier */
} cops_reaction_mode;

/** Most facts a subject knows. */
#define COPS_FACTS_MAX 32
/** Longest fact, in bytes of UTF-8. */
#define COPS_FACT_MAX 511
/** Highest tier of a fact: 0 is the essential, each point of margin beyond 1 one more (C4.5, C4.8). */
#define COPS_TIER_MAX 9
/** Most affinity or deficiency tags. */
#define COPS_TAGS_MAX 8
/** A reaction or a resistance modifier: -5..5 (the text: usually -2..+2). */
#define COPS_REACTION_MAX 5

/**
 * @brief A new subject: Sang-froid, Charme and Éducation 2, no resistance
 * modifier, reactions 0, dice mode, no tag, no fact.
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ENOMEM
 * @since 0.11.0
 */
COPS_API int cops_subject_new(cops_subject **out, cops_ctx *ctx, const char *name);
/** @brief Free a subject. NULL is accepted. @since 0.11.0 */
COPS_API void cops_subject_free(cops_subject *s);
/** @brief The subject's name. @since 0.11.0 */
COPS_API const char *cops_subject_name(const cops_subject *s);

/**
 * @brief One of the resisting characteristics (COPS_SANG_FROID,
 * COPS_CHARME, COPS_EDUCATION of ::cops_characteristic; C4.2): its value 1..5.
 * @return ::COPS_OK, ::COPS_EINVAL (another characteristic), ::COPS_ERANGE
 * @since 0.11.0
 */
COPS_API int cops_subject_set_characteristic(cops_subject *s, int characteristic, int value);
/** @brief The value of a resisting characteristic, or a negative code. @since 0.11.0 */
COPS_API int cops_subject_characteristic(const cops_subject *s, int characteristic);
/** @brief The resistance modifier of a resisting characteristic, -5..5 (C4.4). @since 0.11.0 */
COPS_API int cops_subject_set_resistance(cops_subject *s, int characteristic, int modifier);
/** @brief The resistance modifier (see cops_subject_set_resistance()), through @p out. @since 0.11.0 */
COPS_API int cops_subject_resistance(const cops_subject *s, int characteristic, int *out);
/** @brief The reaction to an attitude, -5..5, written from the cop's side (+ helps, C4.8). @since 0.11.0 */
COPS_API int cops_subject_set_reaction(cops_subject *s, int attitude, int reaction);
/** @brief The reaction to an attitude, through @p out. @since 0.11.0 */
COPS_API int cops_subject_reaction(const cops_subject *s, int attitude, int *out);
/** @brief How reactions count: a ::cops_reaction_mode. @since 0.11.0 */
COPS_API int cops_subject_set_reaction_mode(cops_subject *s, int mode);
/** @brief The ::cops_reaction_mode, or a negative code. @since 0.11.0 */
COPS_API int cops_subject_reaction_mode(const cops_subject *s);

/**
 * @brief Add an affinity (@p deficiency 0) or a deficiency (1) tag (C4.6): a
 * name of the caller's ("cops in uniform", "latinos", "money"), matched folded.
 * @return ::COPS_OK; ::COPS_EINVAL (empty, twice); ::COPS_ERANGE (too long,
 *         more than ::COPS_TAGS_MAX)
 * @since 0.11.0
 */
COPS_API int cops_subject_add_tag(cops_subject *s, int deficiency, const char *tag);
/** @brief Tags of a kind. @since 0.11.0 */
COPS_API int cops_subject_tag_count(const cops_subject *s, int deficiency);
/** @brief Tag @p i of a kind (borrowed), or NULL. @since 0.11.0 */
COPS_API const char *cops_subject_tag(const cops_subject *s, int deficiency, int i);
/** @brief 1 when @p tag (folded) is one of the kind's tags, 0 when not, or a negative code. @since 0.11.0 */
COPS_API int cops_subject_has_tag(const cops_subject *s, int deficiency, const char *tag);

/**
 * @brief A fact the subject knows, at a tier (C4.5, C4.8): 0 the essential,
 * given by any win; tier k needs a margin of k + 1.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (the tier, the length, more
 *         than ::COPS_FACTS_MAX)
 * @since 0.11.0
 */
COPS_API int cops_subject_add_fact(cops_subject *s, int tier, const char *fact);
/** @brief Facts known. @since 0.11.0 */
COPS_API int cops_subject_fact_count(const cops_subject *s);
/** @brief Fact @p i (borrowed) and its tier (may be NULL), or NULL. @since 0.11.0 */
COPS_API const char *cops_subject_fact(const cops_subject *s, int i, int *tier);

/**
 * @brief A subject from JSON (docs/interrogations.md,
 * schemas/subject.schema.json).
 * @return ::COPS_OK; ::COPS_EJSON (the message names the field); the codes
 *         of the setters; ::COPS_ENOMEM
 * @since 0.11.0
 */
COPS_API int cops_subject_from_json(cops_subject **out, cops_ctx *ctx, const char *json);
/** @brief cops_subject_from_json() of a file, confined by cops_ctx_confine(). @since 0.11.0 */
COPS_API int cops_subject_load(cops_subject **out, cops_ctx *ctx, const char *path);
/** @brief The subject as JSON (free with cops_free()). @since 0.11.0 */
COPS_API int cops_subject_to_json(const cops_subject *s, char **out);

/**
 * An approach to a subject: a method, an attitude, and what bears on the
 * rolls. Initialise with cops_approach_init(); the struct only grows at its
 * end.
 */
typedef struct cops_approach {
  uint32_t size;      /**< sizeof(cops_approach), set by cops_approach_init() */
  int skill;          /**< the method (C4.2): COPS_INTIMIDATION, COPS_ELOQUENCE or COPS_RHETORIQUE (::cops_skill) */
  int attitude;       /**< a ::cops_interview_attitude (C4.3) */
  int affinity;       /**< 1: the cop matches the subject's affinity: one free point of margin on a win (C4.6, C4.8) */
  int deficiency;     /**< 1: the cop matches what the subject hates and the GM doubles the attitude's malus (C4.6) */
  int resistance_up;  /**< the subject's resistance increases from earlier failures (C4.7), 0..20 */
  int dice_mod;       /**< the GM's modifiers of the interrogator's roll (C1.7): dice */
  int threshold_mod;  /**< threshold */
  int anciennete;     /**< 1: the interrogator spends an Ancienneté point to roll a lost roll again (C4.8, C5): a win then has margin 0, the essential only */
} cops_approach;

/** @brief Fill @p a for @p skill and @p attitude with the defaults; @p size is sizeof(*a) as the caller knows it. @since 0.11.0 */
COPS_API int cops_approach_init_sized(cops_approach *a, size_t size, int skill, int attitude);
/** @brief cops_approach_init_sized() with sizeof(cops_approach). @since 0.11.0 */
#define cops_approach_init(a, skill, attitude) \
  cops_approach_init_sized((a), sizeof(cops_approach), (skill), (attitude))

/**
 * @brief The two rolls of an approach (C4.2-C4.4): the interrogator's
 * `Skill/characteristic` (its wound malus, the reaction's dice in dice mode,
 * doubled when negative and @c deficiency, the GM's modifiers) and the
 * subject's `(6 - resistance)/characteristic`, its resistance the modifier
 * plus the increases (less the reaction in resistance mode), opposed.
 * @param s the subject
 * @param cop the interrogator
 * @param a the approach
 * @param[out] cop_roll the interrogator's action
 * @param[out] subject_roll the subject's action
 * @return ::COPS_OK; ::COPS_EINVAL (a method, an attitude, a field out of
 *         range); ::COPS_ERULE (@c anciennete without an Ancienneté point left,
 *         C5); the codes of cops_action_init()
 * @rule C4.2 C4.3 C4.4 C4.6
 * @since 0.11.0
 */
COPS_API int cops_approach_actions(const cops_subject *s, cops_character *cop,
                                   const cops_approach *a, cops_action *cop_roll,
                                   cops_action *subject_roll);

/** The exact odds of an approach, as cops_approach_odds() fills them. */
typedef struct cops_interrogation_odds {
  uint32_t size;                   /**< sizeof(cops_interrogation_odds), set by the caller */
  double win;                      /**< the interrogator wins (margin 1 or more, C4.8; or after an Ancienneté re-roll) */
  double tie;                      /**< equal successes: a failed interrogation (C4.8) */
  double lose;                     /**< the subject wins */
  double tier[COPS_TIER_MAX + 1];  /**< P(the facts of tier k come out): a win with margin k + 1 or more (the affinity's free point counted) */
  double mean_tiers;               /**< tiers that come out, on average (0 when lost) */
} cops_interrogation_odds;

/**
 * @brief The exact odds of an approach before any die (docs/odds.md): the
 * win, the tie and the loss, and for each tier the chance its facts come
 * out. With @c anciennete, a lost roll (a tie or a loss) is rolled again
 * against the subject's same successes; a win on the re-roll has margin 0
 * (C5): the essential only. Nothing changes.
 * @return ::COPS_OK; as cops_approach_actions()
 * @rule C4.4 C4.5 C4.6 C4.8
 * @since 0.11.0
 */
COPS_API int cops_approach_odds(const cops_subject *s, cops_character *cop, const cops_approach *a,
                                cops_interrogation_odds *out);

/** @brief An attitude's name ("Agressif"; "Aggressive"), or NULL. @since 0.11.0 */
COPS_API const char *cops_interview_attitude_name(int attitude, int lang);
/** @brief Read an attitude's name (any language, folded). @since 0.11.0 */
COPS_API int cops_interview_attitude_parse(const char *text, int *attitude);
/** @brief The characteristic a method's skill resists with (C4.2), or ::COPS_EINVAL. @since 0.11.0 */
COPS_API int cops_method_characteristic(int skill);

COPS_END_DECLS

#endif
