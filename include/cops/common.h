/**
 * @file cops/common.h
 * @brief Export macro, C++ guards, run-time version and memory release.
 *
 * Thread safety (as libgit2 states it): a ::cops_ctx and every object created
 * from it or passed to it must be used by one thread at a time; separate
 * contexts are independent and may be used from different threads at once.
 * The library has no mutable global state.
 *
 * Ownership (docs/api.md): what a `_new`, `_load` or `_from_json` function
 * gives through its `**out` is the caller's, freed once with its `_free`
 * (each accepts NULL). The ::cops_ctx outlives everything made from it
 * (characters, weapons, armour, logs, encounters, scenarios); rolls and
 * outcomes hold their own allocator and may outlive it. An encounter borrows
 * its characters, weapons and armour: they outlive it. A pointer returned by
 * a getter is borrowed and lives as long as its parent, or until it changes.
 * Text handed over is released with cops_free().
 */
#ifndef COPS_COMMON_H
#define COPS_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <cops/version.h>

#if defined(_WIN32) && defined(COPS_BUILDING)
#define COPS_API __declspec(dllexport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#define COPS_API __attribute__((visibility("default")))
#else
#define COPS_API
#endif

#ifdef __cplusplus
#define COPS_BEGIN_DECLS extern "C" {
#define COPS_END_DECLS }
#else
#define COPS_BEGIN_DECLS
#define COPS_END_DECLS
#endif

COPS_BEGIN_DECLS

/**
 * @brief The library's version as MAJOR * 10000 + MINOR * 100 + PATCH.
 * @since 0.1.0
 */
COPS_API int cops_version_number(void);

/**
 * @brief The library's version as "MAJOR.MINOR.PATCH" (static storage).
 * @since 0.1.0
 */
COPS_API const char *cops_version_string(void);

/**
 * @brief Release memory that the library handed to the caller (for example
 * the text of cops_roll_to_json()). NULL is accepted and does nothing.
 * @since 0.1.0
 */
COPS_API void cops_free(void *p);

/**
 * @brief The policies that declare for the fighters nobody controls, in every
 * system's fights (docs/encounters.md, "Policies"; docs/storyteller.md and
 * docs/d6.md for theirs): what a round declares for them and what a suggestion
 * offers.
 * @since 0.17.0
 */
enum cops_policies {
  COPS_POLICY_SIMPLE = 0,    /**< the default: the nearest enemy, the weapon in hand, its burst when it has one (0.5.0 to 0.16.0's only policy; a Storyteller or D6 fighter plays its tactic) */
  COPS_POLICY_TACTICAL = 1,  /**< from the exact odds: the target and the attack that make the most progress toward putting an enemy out of the fight, against the risk to itself */
  COPS_POLICY_COUNT
};
/** @brief "simple", "tactical"; NULL for an unknown policy. @since 0.17.0 */
COPS_API const char *cops_policy_name(int policy);
/** @brief The policy a name spells (::cops_policies), or ::COPS_EINVAL. @since 0.17.0 */
COPS_API int cops_policy_parse(const char *name);
COPS_END_DECLS

#endif
