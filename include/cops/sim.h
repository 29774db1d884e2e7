/**
 * @file cops/sim.h
 * @brief The simulator of game masters (docs/simulation.md): a scenario's fights run by
 * their index, each seeded from the study's seed and its index, so that any split of
 * the indexes — across threads, processes or machines — gives the same figures; and
 * the summary of those fights, merged, written and read as JSON
 * (schemas/sim.schema.json).
 */
#ifndef COPS_SIM_H
#define COPS_SIM_H

#include <cops/common.h>
#include <cops/encounter.h>

COPS_BEGIN_DECLS

/** Opaque summary of fights of one scenario: wins, rounds, down and dead. */
typedef struct cops_sim cops_sim;

/** Most disjoint index ranges a summary holds. */
#define COPS_SIM_RANGES_MAX 64
/** Most fights a summary counts (10^12). */
#define COPS_SIM_RUNS_MAX 1000000000000LL

/**
 * @brief An empty summary of the fights of @p sc (its name, sides and combatants),
 * seeded (@p seeded 1: fight @c i draws from the ChaCha20 key made of @p seed's 8 bytes
 * then @c i's, little-endian, then zeros, so that fight 0 is the fight of
 * cops_encounter_seed() with @p seed) or not (@p seeded 0: the scenario's context's own
 * dice).
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ENOMEM
 * @since 0.12.0
 */
COPS_API int cops_sim_new(cops_sim **out, cops_ctx *ctx, const cops_scenario *sc, int seeded,
                          uint64_t seed);
/** @brief Free a summary. NULL is accepted. @since 0.12.0 */
COPS_API void cops_sim_free(cops_sim *s);

/**
 * @brief Run the fights of indexes @p from .. @p from + @p runs - 1 of @p sc (the
 * scenario the summary was made of, in any context: each thread its own), reset before
 * each, without a log, and count them. A fight a scripted declaration stops (its target
 * died first: ::COPS_ERULE, ::COPS_EINVAL or ::COPS_ESTATE from the round) is counted as
 * stopped, the reason of the lowest index kept. All or nothing: on another error the
 * summary is unchanged (the scenario is left after its last fight either way).
 * @return ::COPS_OK; ::COPS_EINVAL (another scenario: its name, sides or combatants);
 *         ::COPS_ERANGE (indexes overlapping the summary's, past ::COPS_SIM_RUNS_MAX, more
 *         than ::COPS_SIM_RANGES_MAX ranges); a fight's error
 * @since 0.12.0
 */
COPS_API int cops_sim_run(cops_sim *s, cops_scenario *sc, long long from, long long runs);
/**
 * @brief Add @p other's fights to @p s: the same scenario (name, sides, combatants), the
 * same seed or both unseeded, and disjoint index ranges. @p other may belong to another
 * context. All or nothing.
 * @return ::COPS_OK; ::COPS_EINVAL (another study); ::COPS_ERANGE (overlapping ranges,
 *         too many)
 * @since 0.12.0
 */
COPS_API int cops_sim_merge(cops_sim *s, const cops_sim *other);

/** @brief Fights counted (finished, not stopped). @since 0.12.0 */
COPS_API long long cops_sim_fights(const cops_sim *s);
/** @brief Fights stopped on a scripted declaration. @since 0.12.0 */
COPS_API long long cops_sim_stopped(const cops_sim *s);
/** @brief Fights side @p side won (0 .. sides - 1), or undecided (::COPS_NO_WINNER). @since 0.12.0 */
COPS_API long long cops_sim_wins(const cops_sim *s, int side);

/** @brief The ruleset (::cops_rulesets) the summary's fights were run under, or a negative code. @since 0.13.0 */
COPS_API int cops_sim_ruleset(const cops_sim *s);
/**
 * @brief Two summaries of one scenario compared, usually under two rulesets (cops sim
 * --compare core,alternative): for each side's wins, the undecided, every combatant's
 * down and dead, and the lethality (the dead per combatant and fight), the rate of each
 * with its 95 % Wilson interval, the difference (@p b less @p a) with its 95 % interval and
 * the two-sided p-value of a two-proportion z-test; for the rounds, the means with their
 * 95 % intervals and Welch's z-test. As JSON (schemas/sim-compare.schema.json; free with
 * cops_free()): the figures a plot needs.
 * @param a the first summary
 * @param b the second, of the same scenario (name, sides, combatants), any ruleset
 * @param[out] out the JSON text
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, other scenarios); ::COPS_ERANGE (a summary
 *         without a finished fight); ::COPS_ENOMEM
 * @since 0.13.0
 */
COPS_API int cops_sim_compare(const cops_sim *a, const cops_sim *b, char **out);
/** @brief The summary as JSON (schemas/sim.schema.json; free with cops_free()). @since 0.12.0 */
COPS_API int cops_sim_to_json(const cops_sim *s, char **out);
/**
 * @brief A summary from its JSON, every count checked against the others.
 * @return ::COPS_OK; ::COPS_EJSON (the message names the field); ::COPS_ENOMEM
 * @since 0.12.0
 */
COPS_API int cops_sim_from_json(cops_sim **out, cops_ctx *ctx, const char *json);
/** @brief cops_sim_from_json() of a file, confined by cops_ctx_confine(). @since 0.12.0 */
COPS_API int cops_sim_load(cops_sim **out, cops_ctx *ctx, const char *path);

COPS_END_DECLS

#endif
