/**
 * @file cops/armour.h
 * @brief Armour (COPS.md C8.1, C11.1, A4.2): protection per hit location as
 * d6 dice plus a fixed value, left and right limbs apart; JSON files
 * (docs/weapons.md).
 */
#ifndef COPS_ARMOUR_H
#define COPS_ARMOUR_H

#include <cops/common.h>
#include <cops/rng.h>

COPS_BEGIN_DECLS

/** Opaque armour. */
typedef struct cops_armour cops_armour;

/**
 * Hit locations. The core rules' "legs" and "arms" (C10.3) are both sides;
 * the alternative rules (A4.1) tell them apart.
 */
enum cops_locations {
  COPS_LOC_RIGHT_LEG = 0,
  COPS_LOC_LEFT_LEG,
  COPS_LOC_ABDOMEN,
  COPS_LOC_TORSO,
  COPS_LOC_RIGHT_ARM,
  COPS_LOC_LEFT_ARM,
  COPS_LOC_HEAD,
  COPS_LOCATION_COUNT
};

/** Most protection dice at one location. */
#define COPS_ARMOUR_DICE_MAX 10
/** Most fixed protection points at one location. */
#define COPS_ARMOUR_FIXED_MAX 20

/** @brief A location's name ("jambe droite"; "right leg"), or NULL. @since 0.3.0 */
COPS_API const char *cops_location_name(int location, int lang);
/**
 * @brief Read a location's name: French, English, or the JSON key
 * ("right_leg"), any spelling.
 * @since 0.3.0
 */
COPS_API int cops_location_parse(const char *text, int *out);

/** @brief New armour that protects nothing. @since 0.3.0 */
COPS_API int cops_armour_new(cops_armour **out, cops_ctx *ctx, const char *name);
/**
 * @brief Let go of armour: freed once its last holder lets go (the maker, each
 * cops_armour_retain(), an encounter or a chase it was given to). NULL is accepted.
 * @since 0.3.0 (holders since 0.17.0)
 */
COPS_API void cops_armour_free(cops_armour *a);
/**
 * @brief Hold armour one more time (docs/api.md, "Who frees what"): each hold is let go by
 * one cops_armour_free(). To keep what cops_encounter_armour() gives after the encounter.
 * @return @p a
 * @since 0.17.0
 */
COPS_API cops_armour *cops_armour_retain(const cops_armour *a);
/** @brief The name (borrowed). @since 0.3.0 */
COPS_API const char *cops_armour_name(const cops_armour *a);
/**
 * @brief Protection at a location: @p dice d6 (0..10) plus @p fixed (0..20).
 * 0 and 0: not covered.
 * @since 0.3.0
 */
COPS_API int cops_armour_set(cops_armour *a, int location, int dice, int fixed);
/** @brief Protection at a location (outputs may be NULL). @since 0.3.0 */
COPS_API int cops_armour_get(const cops_armour *a, int location, int *dice, int *fixed);
/**
 * @brief Whether the armour protects against throws (C11.1: "armour useless
 * unless its description says otherwise"). Default 0.
 * @since 0.3.0
 */
COPS_API int cops_armour_set_against_throws(cops_armour *a, int yes);
/** @brief 1 when the armour protects against throws. @since 0.3.0 */
COPS_API int cops_armour_against_throws(const cops_armour *a);

/** @brief Read armour (JSON). @since 0.3.0 */
COPS_API int cops_armour_from_json(cops_armour **out, cops_ctx *ctx, const char *json);
/** @brief Read armour from a file. @since 0.3.0 */
COPS_API int cops_armour_load(cops_armour **out, cops_ctx *ctx, const char *path);
/** @brief The armour as JSON (free with cops_free()). @since 0.3.0 */
COPS_API int cops_armour_to_json(const cops_armour *a, char **out);

COPS_END_DECLS

#endif
