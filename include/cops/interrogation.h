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
#include <cops/events.h>

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
/** @brief The subject as JSON (free with cops_free()), what it has been through (C4.7) included. @since 0.11.0 */
COPS_API int cops_subject_to_json(const cops_subject *s, char **out);
/**
 * @brief cops_subject_to_json() to the file at @p path, as the other writers
 * write theirs (cops_ctx_confine() bounds what is read): the subject written
 * back with the methods barred on it and its resistance increases, for the
 * next interrogator.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_EIO (the message names the file
 *         and why); ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_subject_save(const cops_subject *s, const char *path);

/**
 * @brief 1 when the method @p skill (Intimidation, Éloquence or Rhétorique,
 * a ::cops_skill) is barred on the subject after a failed interrogation
 * (C4.7), 0 when open, or a negative code. What the subject has been through
 * is the subject's: it holds for every interrogator and every interview, and
 * is saved with the subject, until new evidence (cops_interview_evidence())
 * or the caller (cops_subject_set_barred()) opens the method again.
 * @since 0.17.0
 */
COPS_API int cops_subject_barred(const cops_subject *s, int skill);
/**
 * @brief Bar (@p barred 1) or open (0) a method on the subject (C4.7): the
 * caller's reset, or a failure of an interrogation played outside the
 * library.
 * @return ::COPS_OK; ::COPS_EINVAL (not a method, @p barred not 0 or 1)
 * @since 0.17.0
 */
COPS_API int cops_subject_set_barred(cops_subject *s, int skill, int barred);
/**
 * @brief The subject's resistance increases from failed interrogations
 * (C4.7): every resistance of the subject is that much higher for every
 * interrogator, or a negative code. New evidence leaves them; only the
 * caller resets them (cops_subject_set_resistance_up()).
 * @since 0.17.0
 */
COPS_API int cops_subject_resistance_up(const cops_subject *s);
/**
 * @brief Set the subject's resistance increases, 0..20 (C4.7; from 14 on no
 * roll changes, C1.7's clamps holding the subject's threshold at 2).
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE
 * @since 0.17.0
 */
COPS_API int cops_subject_set_resistance_up(cops_subject *s, int up);

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
  int resistance_up;  /**< resistance increases from failures beyond those the subject keeps (cops_subject_resistance_up(), added to them), 0..20 (C4.7) */
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
 * plus the increases, the subject's own (cops_subject_resistance_up()) and
 * @p a's (less the reaction in resistance mode), opposed. A method barred on
 * the subject (cops_subject_barred(), C4.7) is no approach.
 * @param s the subject
 * @param cop the interrogator
 * @param a the approach
 * @param[out] cop_roll the interrogator's action
 * @param[out] subject_roll the subject's action
 * @return ::COPS_OK; ::COPS_EINVAL (a method, an attitude, a field out of
 *         range); ::COPS_ERULE (@c anciennete without an Ancienneté point left,
 *         C5; the method barred on the subject, C4.7); the codes of
 *         cops_action_init()
 * @rule C4.2 C4.3 C4.4 C4.6 C4.7
 * @since 0.11.0 (the subject's own increases and barred methods since 0.17.0)
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

/* ---- the interview ---------------------------------------------------------- */

/** Opaque interview: an interrogator questioning a subject, with what it learnt (C4). */
typedef struct cops_interview cops_interview;

/** What the evaluation may reveal (C4.1): a resisting characteristic or the reaction to an attitude. */
typedef enum cops_trait {
  COPS_TRAIT_SANG_FROID = 0,   /**< the subject's Sang-froid */
  COPS_TRAIT_CHARME = 1,       /**< its Charme */
  COPS_TRAIT_EDUCATION = 2,    /**< its Éducation */
  COPS_TRAIT_AGRESSIF = 3,     /**< its reaction to Agressif (COPS_TRAIT_AGRESSIF + attitude for the others) */
  COPS_TRAIT_INQUISITEUR = 4,  /**< to Inquisiteur */
  COPS_TRAIT_FROID = 5,        /**< to Froid */
  COPS_TRAIT_POLI = 6,         /**< to Poli */
  COPS_TRAIT_AMICAL = 7,       /**< to Amical */
  COPS_TRAIT_COUNT
} cops_trait;

/** How an interrogation roll ended (C4.5, C4.7, C4.8). */
typedef enum cops_interview_results {
  COPS_IV_WON = 0,   /**< the interrogator won: facts come out */
  COPS_IV_TIED = 1,  /**< equal successes: a failed interrogation (C4.8) */
  COPS_IV_LOST = 2   /**< the subject won: a failed interrogation */
} cops_interview_results;

/**
 * @brief A new interview of @p subject by @p cop, both borrowed (they must
 * outlive it) and of the same context; its log begins with an ::COPS_EV_INTERVIEW
 * event. Nothing is known of the subject yet; every method is open.
 *
 * Events name the interrogator id 0 and the subject id 1.
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ENOMEM
 * @since 0.12.0
 */
COPS_API int cops_interview_new(cops_interview **out, cops_ctx *ctx, cops_subject *subject,
                                cops_character *cop);
/** @brief Free an interview (and, for a resumed one, the subject and the interrogator it owns). NULL is accepted. @since 0.12.0 */
COPS_API void cops_interview_free(cops_interview *iv);
/** @brief The interview's log (owned by it). @since 0.12.0 */
COPS_API cops_log *cops_interview_log(cops_interview *iv);
/** @brief The subject questioned. @since 0.12.0 */
COPS_API cops_subject *cops_interview_subject(cops_interview *iv);
/** @brief The interrogator. @since 0.12.0 */
COPS_API cops_character *cops_interview_interrogator(cops_interview *iv);

/**
 * The evaluation of a subject (C4.1): the traits the player wants to know, in
 * the order of the wish, and what bears on the roll. Initialise with
 * cops_evaluation_init(); the struct only grows at its end.
 */
typedef struct cops_evaluation {
  uint32_t size;                    /**< sizeof(cops_evaluation), set by cops_evaluation_init() */
  int wishes[8];                    /**< ::cops_trait values, distinct, the first wanted first */
  int nwishes;                      /**< how many: 0..8 (COPS_TRAIT_COUNT) */
  int dice_mod;                     /**< the GM's modifiers of the roll (C1.7): dice */
  int threshold_mod;                /**< threshold */
  int difficulty_mod;               /**< difficulty */
  int anciennete;                   /**< 1: an Ancienneté point rolls a failed roll again (C5): a success then has MR 0, one trait */
} cops_evaluation;

/** @brief Fill @p e with no wish and no modifier; @p size is sizeof(*e) as the caller knows it. @since 0.12.0 */
COPS_API int cops_evaluation_init_sized(cops_evaluation *e, size_t size);
/** @brief cops_evaluation_init_sized() with sizeof(cops_evaluation). @since 0.12.0 */
#define cops_evaluation_init(e) cops_evaluation_init_sized((e), sizeof(cops_evaluation))

/**
 * @brief The first contact (C4.1): the interrogator rolls `Psychologie/Perception (2)`;
 * a success reveals the first of the wishes not known yet, and one more for
 * each point of MR, in the order of the wishes (reveals beyond the wishes are
 * lost: list all eight to use every one). Once per interview. Events: the
 * ::COPS_PURPOSE_EVALUATION roll (and its re-roll), a ::COPS_EV_TRAIT for each
 * trait revealed. All or nothing.
 * @param iv the interview
 * @param e the wishes and modifiers (NULL: all eight traits in their order)
 * @param[out] revealed traits revealed (may be NULL)
 * @return ::COPS_OK; ::COPS_EINVAL (a wish, twice, a field, a modifier out of
 *         range); ::COPS_ESTATE (evaluated already); ::COPS_ERULE
 *         (@c anciennete without a point left); ::COPS_ENOMEM
 * @rule C4.1 C5
 * @since 0.12.0
 */
COPS_API int cops_interview_evaluate(cops_interview *iv, const cops_evaluation *e, int *revealed);
/** @brief 1 once the evaluation was made, 0 before, or a negative code. @since 0.12.0 */
COPS_API int cops_interview_evaluated(const cops_interview *iv);
/** @brief 1 when the interrogator knows the ::cops_trait, 0 when not, or a negative code. @since 0.12.0 */
COPS_API int cops_interview_knows(const cops_interview *iv, int trait);

/** What an interrogation roll gave, as cops_interview_ask() fills it. */
typedef struct cops_interview_result {
  uint32_t size;    /**< sizeof(cops_interview_result), set by the caller */
  int result;       /**< ::cops_interview_results */
  int margin;       /**< the interrogator's successes less the subject's (of the re-roll, after one) */
  int tiers;        /**< tiers of facts that came out: 0 none, k the tiers 0..k-1 (C4.5, C4.8) */
  int learnt;       /**< facts learnt by this roll, not known before */
  int anciennete;   /**< 1 when an Ancienneté point rolled the lost roll again */
} cops_interview_result;

/**
 * @brief One interrogation (C4.2-C4.8): the method and the attitude of @p a
 * rolled against the subject's resistance, with the resistance increases the
 * subject keeps (@p a's @c resistance_up must be 0). A win reveals the
 * facts of tiers 0 .. margin - 1 (the affinity's free point counted; after an
 * Ancienneté re-roll, tier 0 only); a tie or a loss bars the method on the
 * subject and raises every resistance by 1 (C4.7): on the subject, for every
 * interrogator (cops_subject_barred(), cops_subject_resistance_up()). Events: ::COPS_EV_APPROACH,
 * the two rolls (::COPS_PURPOSE_INTERROGATION, ::COPS_PURPOSE_RESISTANCE), the
 * re-roll, ::COPS_EV_INTERROGATION, a ::COPS_EV_FACT for each fact learnt,
 * ::COPS_EV_BARRED after a failure. All or nothing.
 * @param iv the interview
 * @param a the approach
 * @param[out] out what it gave (may be NULL; its @c size set by the caller)
 * @return ::COPS_OK; ::COPS_ERULE (the method is barred, C4.7; no Ancienneté
 *         point left); the codes of cops_approach_actions(); ::COPS_ENOMEM
 * @rule C4.2 C4.3 C4.4 C4.5 C4.6 C4.7 C4.8
 * @since 0.12.0
 */
COPS_API int cops_interview_ask(cops_interview *iv, const cops_approach *a,
                                cops_interview_result *out);
/**
 * @brief New evidence (C4.7): the three methods are open again on the
 * subject, for every interrogator; the resistance increases stay. A
 * ::COPS_EV_EVIDENCE event.
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ENOMEM
 * @since 0.12.0
 */
COPS_API int cops_interview_evidence(cops_interview *iv);
/** @brief 1 when the method (a ::cops_skill) is barred on the subject (C4.7), 0 when open, or a negative code: cops_subject_barred() of the interview's subject. @since 0.12.0 */
COPS_API int cops_interview_barred(const cops_interview *iv, int skill);
/** @brief The subject's resistance increases from failed interrogations (C4.7), whoever failed, or a negative code: cops_subject_resistance_up() of the interview's subject. @since 0.12.0 */
COPS_API int cops_interview_resistance_up(const cops_interview *iv);
/** @brief 1 when the interrogator learnt the subject's fact @p i, 0 when not, or a negative code. @since 0.12.0 */
COPS_API int cops_interview_learnt(const cops_interview *iv, int i);
/** @brief Interrogation rolls made so far. @since 0.12.0 */
COPS_API int cops_interview_asked(const cops_interview *iv);

/**
 * @brief The exact odds of an approach in this interview: with @p gm 1, as
 * they are (cops_approach_odds() with the interview's resistance increases);
 * with @p gm 0, as the interrogator sees them: a characteristic it does not
 * know is taken as 2 and a reaction as 0, resistance modifiers (which the
 * evaluation never reveals) as 0 (docs/interrogations.md). @p a's
 * @c resistance_up must be 0. Nothing changes.
 * @return ::COPS_OK; ::COPS_ERULE (the method is barred); as cops_approach_odds()
 * @rule C4.1 C4.7 C4.8
 * @since 0.12.0
 */
COPS_API int cops_interview_odds(cops_interview *iv, const cops_approach *a, int gm,
                                 cops_interrogation_odds *out);

/**
 * @brief The interview as JSON (schemas/interview-save.schema.json): the
 * subject with what it has been through (the methods barred, the resistance
 * increases), the interrogator's sheet and state, what it knows and learnt,
 * the next event's number and the
 * seeded stream's place (as cops_encounter_save(): a system source's key is
 * never written; dice from the caller's function: ::COPS_ESTATE).
 * @since 0.12.0
 */
COPS_API int cops_interview_save(const cops_interview *iv, char **out);
/** @brief cops_interview_save() to a file, confined by cops_ctx_confine(). @since 0.12.0 */
COPS_API int cops_interview_save_file(const cops_interview *iv, const char *path);
/**
 * @brief An interview from its save: it owns its subject and interrogator; the
 * context's seeded stream goes where the save was. A refused save changes
 * nothing (the context's dice included).
 * @return ::COPS_OK; ::COPS_EJSON (the message names the field); ::COPS_ENOMEM
 * @since 0.12.0
 */
COPS_API int cops_interview_resume(cops_interview **out, cops_ctx *ctx, const char *json);
/** @brief cops_interview_resume() of a file, confined by cops_ctx_confine(). @since 0.12.0 */
COPS_API int cops_interview_resume_file(cops_interview **out, cops_ctx *ctx, const char *path);

/** @brief A trait's name ("Sang-froid", "Amical"), or NULL. @since 0.12.0 */
COPS_API const char *cops_trait_name(int trait, int lang);
/** @brief Read a trait's name (any language, folded): a characteristic's or an attitude's. @since 0.12.0 */
COPS_API int cops_trait_parse(const char *text, int *trait);

/** @brief An attitude's name ("Agressif"; "Aggressive"), or NULL. @since 0.11.0 */
COPS_API const char *cops_interview_attitude_name(int attitude, int lang);
/** @brief Read an attitude's name (any language, folded). @since 0.11.0 */
COPS_API int cops_interview_attitude_parse(const char *text, int *attitude);
/** @brief The characteristic a method's skill resists with (C4.2), or ::COPS_EINVAL. @since 0.11.0 */
COPS_API int cops_method_characteristic(int skill);

COPS_END_DECLS

#endif
