/**
 * @file cops/catalogue.h
 * @brief The static tables of COPS: the seven characteristics (C2) and the 27
 * skills (C3), with names in French (canonical) and English, so that a VTT
 * builds its sheet from the library instead of copying tables.
 *
 * Names parse in any case, with or without accents, spaces, hyphens or
 * apostrophes, in French or English: "sang froid", "SANG-FROID", "Nerve" are
 * one characteristic.
 */
#ifndef COPS_CATALOGUE_H
#define COPS_CATALOGUE_H

#include <cops/common.h>

COPS_BEGIN_DECLS

/** Languages of names and narration (docs/events.md: adding a language). */
typedef enum cops_lang {
  COPS_LANG_FR = 0,  /**< French, the canonical names */
  COPS_LANG_EN = 1,  /**< English */
  COPS_LANG_ES = 2   /**< Spanish (narration and the names of game terms). @since 0.8.0 */
} cops_lang;

/** @brief How many languages the library has: cops_lang values are 0 .. count - 1. @since 0.8.0 */
COPS_API int cops_lang_count(void);

/**
 * @brief The code of a language ("fr", "en", "es"), NULL for none.
 * @since 0.8.0
 */
COPS_API const char *cops_lang_code(int lang);

/**
 * @brief The language of a code, as cops_lang_code() gives it (any case).
 * @param code "fr", "en", "es" ...
 * @param[out] lang the ::cops_lang
 * @return ::COPS_OK; ::COPS_EINVAL (NULL); ::COPS_ENOTFOUND for a code the library lacks
 * @since 0.8.0
 */
COPS_API int cops_lang_parse(const char *code, int *lang);

/** The seven characteristics (C2), each 1..5. */
typedef enum cops_characteristic {
  COPS_CARRURE = 0,
  COPS_CHARME,
  COPS_COORDINATION,
  COPS_EDUCATION,
  COPS_PERCEPTION,
  COPS_REFLEXES,
  COPS_SANG_FROID,
  COPS_CHARACTERISTIC_COUNT   /**< how many there are (7) */
} cops_characteristic;

/** The 27 skills (C3), in the rules' order. */
typedef enum cops_skill {
  COPS_ARME_D_EPAULE = 0,
  COPS_ARME_DE_CONTACT,
  COPS_ARME_DE_POING,
  COPS_ARME_LOURDE,
  COPS_ATHLETISME,
  COPS_BUREAUCRATIE,
  COPS_CONDUITE,
  COPS_CONNAISSANCE,
  COPS_CORPS_A_CORPS,
  COPS_DEGUISEMENT,
  COPS_DISCRETION,
  COPS_ELECTRONIQUE,
  COPS_ELOQUENCE,
  COPS_FALSIFICATION,
  COPS_INFORMATIQUE,
  COPS_INSTINCT_DE_FLIC,
  COPS_INTIMIDATION,
  COPS_JEU,
  COPS_LANCER,
  COPS_MECANIQUE,
  COPS_MEDECINE,
  COPS_PILOTAGE,
  COPS_PREMIERS_SECOURS,
  COPS_PSYCHOLOGIE,
  COPS_RHETORIQUE,
  COPS_SCENE_DE_CRIME,
  COPS_TIR_EN_RAFALES,
  COPS_SKILL_COUNT   /**< how many there are (27) */
} cops_skill;

/** @brief ::COPS_CHARACTERISTIC_COUNT (7). @since 0.3.0 */
COPS_API int cops_characteristic_count(void);

/**
 * @brief A characteristic's name ("Sang-froid"; "Nerve" in English).
 * @return static text, or NULL for a value or language out of range
 * @since 0.3.0
 */
COPS_API const char *cops_characteristic_name(int characteristic, int lang);

/**
 * @brief Read a characteristic's name (French or English, any case, with or
 * without accents, spaces, hyphens, apostrophes).
 * @return ::COPS_OK; ::COPS_ENOTFOUND; ::COPS_EINVAL for NULL
 * @since 0.3.0
 */
COPS_API int cops_characteristic_parse(const char *text, int *out);

/** @brief ::COPS_SKILL_COUNT (27). @since 0.3.0 */
COPS_API int cops_skill_count(void);

/** @brief A skill's name ("Arme d'épaule"; "Shoulder arms"), or NULL. @since 0.3.0 */
COPS_API const char *cops_skill_name(int skill, int lang);

/** @brief Read a skill's name, as cops_characteristic_parse(). @since 0.3.0 */
COPS_API int cops_skill_parse(const char *text, int *out);

/** @brief The characteristic the skill usually goes with, or ::COPS_ERANGE. @since 0.3.0 */
COPS_API int cops_skill_characteristic(int skill);

/**
 * @brief The level from which the skill needs a specialisation: at that level
 * and every better (lower) one. 9 means at every level; 0 means never.
 * "From N" and "mandatory from N" are one rule (COPS.md C3 RULING).
 * @return 0 or 5..9, or ::COPS_ERANGE
 * @rule C3 C1.5
 * @since 0.3.0
 */
COPS_API int cops_skill_specialisation_level(int skill);

/** @brief How many specialisations the rules list for the skill. @since 0.3.0 */
COPS_API int cops_skill_specialisation_count(int skill);

/**
 * @brief The i-th listed specialisation ("fusil à pompe"), French, or NULL.
 * @since 0.3.0
 */
COPS_API const char *cops_skill_specialisation_name(int skill, int i);

/**
 * @brief 1 when the skill takes specialisations outside its list: any field
 * of Connaissance, and the named "arme exotique" of Arme de contact.
 * @since 0.3.0
 */
COPS_API int cops_skill_specialisation_free(int skill);

/** @brief 1 when Adrénaline may be spent on the skill (C3, C5). @since 0.3.0 */
COPS_API int cops_skill_adrenaline(int skill);

COPS_END_DECLS

#endif
