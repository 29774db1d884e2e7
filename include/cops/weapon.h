/**
 * @file cops/weapon.h
 * @brief Weapons (COPS.md C10, C11): kind, skill, PR/PU/FA, range, magazine,
 * CT, VRC and VC, and their JSON files (docs/weapons.md).
 */
#ifndef COPS_WEAPON_H
#define COPS_WEAPON_H

#include <cops/common.h>
#include <cops/rng.h>

COPS_BEGIN_DECLS

/** Opaque weapon. */
typedef struct cops_weapon cops_weapon;

/** Kinds of weapons; each has a default skill. */
enum cops_weapon_kinds {
  COPS_HANDGUN = 0,       /**< Arme de poing */
  COPS_SHOULDER_ARM,      /**< Arme d'épaule [fusil à lunette, fusil, fusil à pompe] */
  COPS_HEAVY_WEAPON,      /**< Arme lourde [mitrailleuse, lance-roquettes, lance-flammes] */
  COPS_BLADE,             /**< Arme de contact [couteau, ...] */
  COPS_BLUNT,             /**< Arme de contact [matraque, ...] */
  COPS_UNARMED,           /**< Corps à corps */
  COPS_THROWN,            /**< Lancer */
  COPS_WEAPON_KIND_COUNT
};

/** Lowest PR (précision) of a weapon. */
#define COPS_PR_MIN -5
/** Highest PR. */
#define COPS_PR_MAX 5
/** Highest PU (puissance, d6 of damage). */
#define COPS_PU_MAX 20
/** Highest FA (force d'arrêt, stopping power). */
#define COPS_FA_MAX 10
/** Longest range, in metres. */
#define COPS_RANGE_MAX 10000
/** Largest magazine, in rounds. */
#define COPS_MAGAZINE_MAX 1000
/** Spare magazines a weapon may carry with it (cops_weapon_set_magazines()). @since 0.17.0 */
#define COPS_MAGAZINES_MAX 99

/** @brief A kind's name ("handgun"; French "arme de poing"), or NULL. @since 0.3.0 */
COPS_API const char *cops_weapon_kind_name(int kind, int lang);
/** @brief Read a kind's name (English or French, any spelling). @since 0.3.0 */
COPS_API int cops_weapon_kind_parse(const char *text, int *out);

/**
 * @brief Read PR, PU and FA from a weapon's name (C10): the last word of
 * three digits, "Vulcan 051" gives PR 0, PU 5, FA 1; a minus sign before it
 * makes PR negative ("Tokarev -132": PR -1).
 * @return ::COPS_OK; ::COPS_ENOTFOUND when the name carries no such word;
 *         ::COPS_EINVAL for NULL
 * @rule C10
 * @since 0.3.0
 */
COPS_API int cops_weapon_values_from_name(const char *name, int *pr, int *pu, int *fa);

/**
 * @brief A new weapon of a kind, named @p name. PR, PU and FA come from the
 * name when it carries them (0 otherwise); the skill is the kind's; range 1
 * (melee reach) or 10 m; firearms get a magazine of 1, loaded; CT 1; no VRC
 * and no VC. Set the rest with the setters.
 * @since 0.3.0
 */
COPS_API int cops_weapon_new(cops_weapon **out, cops_ctx *ctx, int kind, const char *name);
/**
 * @brief Let go of a weapon: freed once its last holder lets go (the maker, each
 * cops_weapon_retain(), an encounter or a chase it was given to). NULL is accepted.
 * @since 0.3.0 (holders since 0.17.0)
 */
COPS_API void cops_weapon_free(cops_weapon *w);
/**
 * @brief Hold a weapon one more time (docs/api.md, "Who frees what"): each hold is let go by
 * one cops_weapon_free().
 * @return @p w
 * @since 0.17.0
 */
COPS_API cops_weapon *cops_weapon_retain(cops_weapon *w);

/** @brief The name (borrowed). @since 0.3.0 */
COPS_API const char *cops_weapon_name(const cops_weapon *w);
/** @brief The kind (::COPS_HANDGUN ...). @since 0.3.0 */
COPS_API int cops_weapon_kind(const cops_weapon *w);
/** @brief The skill it uses (::cops_skill). @since 0.3.0 */
COPS_API int cops_weapon_skill(const cops_weapon *w);
/** @brief The specialisation of that skill it needs, or NULL (borrowed). @since 0.3.0 */
COPS_API const char *cops_weapon_specialisation(const cops_weapon *w);

/** Fields of a weapon, for cops_weapon_get() and cops_weapon_set(). */
typedef enum cops_weapon_field {
  COPS_WEAPON_PR = 0,   /**< Précision: dice, -5..5 */
  COPS_WEAPON_PU,       /**< Puissance: damage d6, 0..20 */
  COPS_WEAPON_FA,       /**< Force d'arrêt: 0..10 */
  COPS_WEAPON_RANGE,    /**< metres, 1..10000 (a melee weapon's reach) */
  COPS_WEAPON_MAGAZINE, /**< capacity, 0 for weapons without one, firearms 1..1000 */
  COPS_WEAPON_LOADED,   /**< rounds in the magazine, 0..capacity */
  COPS_WEAPON_CT,       /**< cadence de tir: shots per round, 1..capacity (1 without magazine) */
  COPS_WEAPON_VRC,      /**< rounds of a controlled burst, 0 (none) or 2..capacity */
  COPS_WEAPON_VC,       /**< difficulty of covering fire, 0 (none) or 1..10 */
  COPS_WEAPON_FIELD_COUNT
} cops_weapon_field;

/** @brief A field's name as in the JSON files ("pu", "vrc"), or NULL. @since 0.6.0 */
COPS_API const char *cops_weapon_field_name(int field);
/** @brief Read a field's name ("PU", "vrc"); ::COPS_ENOTFOUND when unknown. @since 0.6.0 */
COPS_API int cops_weapon_field_parse(const char *text, int *out);
/** @brief A field's value through @p value (PR may be negative). @since 0.3.0 */
COPS_API int cops_weapon_get(const cops_weapon *w, int field, int *value);
/**
 * @brief Set a field; the checks name the field and range. Lowering the
 * magazine unloads rounds above it; CT and VRC must fit the magazine.
 * @since 0.3.0
 */
COPS_API int cops_weapon_set(cops_weapon *w, int field, int value);
/**
 * @brief Set the skill (::cops_skill) and its specialisation (NULL for none):
 * Arme de poing, Arme d'épaule, Arme lourde, Arme de contact, Lancer, Corps à
 * corps; a specialisation must be one the rules list for that skill.
 * @since 0.3.0
 */
COPS_API int cops_weapon_set_skill(cops_weapon *w, int skill, const char *specialisation);
/**
 * @brief Fill the magazine. ::COPS_ERULE for a weapon without one, and (since 0.17.0) for
 * one whose spare magazines are counted and none is left; a counted reload uses one.
 * @since 0.3.0
 */
COPS_API int cops_weapon_reload(cops_weapon *w);
/**
 * @brief The spare magazines carried with the weapon (JSON `"magazines"`), -1 when they
 * are not counted (the default: reloading is then never short of one).
 * @since 0.17.0
 */
COPS_API int cops_weapon_magazines(const cops_weapon *w);
/**
 * @brief Count the spare magazines: 0..::COPS_MAGAZINES_MAX, or -1 not to count them.
 * ::COPS_ERANGE outside; ::COPS_ERULE for a count on a weapon without a magazine.
 * @since 0.17.0
 */
COPS_API int cops_weapon_set_magazines(cops_weapon *w, int spares);

/**
 * @brief Read a weapon file (JSON, docs/weapons.md).
 * @return as cops_character_from_json()
 * @since 0.3.0
 */
COPS_API int cops_weapon_from_json(cops_weapon **out, cops_ctx *ctx, const char *json);
/** @brief Read a weapon from a file. @since 0.3.0 */
COPS_API int cops_weapon_load(cops_weapon **out, cops_ctx *ctx, const char *path);
/** @brief The weapon as JSON (free with cops_free()). @since 0.3.0 */
COPS_API int cops_weapon_to_json(const cops_weapon *w, char **out);

COPS_END_DECLS

#endif
