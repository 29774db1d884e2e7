/**
 * @file cops/st.h
 * @brief The optional Storyteller module (OTHER-SYSTEMS.md, ST §0-§8): d10
 * pools with successes on 8+, 10-again and the chance die, and their exact odds.
 *
 * Not part of the umbrella header: include it on its own, after or without
 * <cops/cops.h>. Every name is prefixed `cops_st_` (`COPS_ST_` for
 * constants). The module shares the COPS library's context, random source,
 * scripted dice (the callback source), allocator and ::cops_roll results: an
 * ST roll is a ::cops_roll of kind ::COPS_ST_ROLL, whose dice the generic
 * accessors cops_roll_count(), cops_roll_die() and cops_roll_to_json() read.
 *
 * The module is built unless meson's option `st` turns it off; then
 * ::COPS_WITH_ST (cops/version.h) is 0 and these functions are absent from the
 * library. docs/storyteller.md is the guide; every default is a RULING of the
 * digest (ST-A1 ...) that a field switches.
 */
#ifndef COPS_ST_H
#define COPS_ST_H

#include <cops/common.h>
#include <cops/dice.h>
#include <cops/rng.h>

COPS_BEGIN_DECLS

/** cops_roll_kind() of a Storyteller pool roll. */
#define COPS_ST_ROLL 16

/** Largest magnitude of a pool's modifier (bonus minus penalty dice). */
#define COPS_ST_MOD_MAX 64

/** How a pool gives its successes (::cops_st_pool, @c mode). */
enum cops_st_modes {
  COPS_ST_DICE = 0,        /**< roll the dice (ST §0.3) */
  COPS_ST_ALL_EIGHTS = 1,  /**< no roll: every die counts as an 8, successes = pool (§6.12, ST-A30) */
  COPS_ST_AVERAGE = 2      /**< no roll: successes = pool / 3 rounded down (§6.15, ST-A35) */
};

/** Pool flag: a pool at 0 dice or fewer fails without a die, instead of the chance die (ST-A2 off). */
#define COPS_ST_NO_CHANCE 0x1u

/**
 * @brief What to roll: a pool of d10 (ST §0.2, §0.3).
 *
 * Initialise with cops_st_pool_init() (which sets @c size and the defaults)
 * or cops_st_pool_parse(). The pool is @c dice + @c mod; at 0 or fewer it is
 * one chance die (ST-A2): a 10 is one success and is rolled again as an
 * ordinary die, a 1 is a dramatic failure. The struct grows only at its end
 * (docs/abi.md).
 */
typedef struct cops_st_pool {
  uint32_t size;   /**< sizeof(cops_st_pool), set by cops_st_pool_init() */
  int dice;        /**< the traits summed (Attribute + Skill): 0 .. ::COPS_DICE_MAX */
  int mod;         /**< bonus dice minus penalty dice: -::COPS_ST_MOD_MAX .. ::COPS_ST_MOD_MAX */
  int threshold;   /**< the lowest face that is a success: 2 .. 10, default 8 (ST-A37) */
  int again;       /**< the lowest face rolled again: 8, 9 or 10, or 0 for none; default 10 (ST-A1); never below @c threshold */
  int mode;        /**< a ::cops_st_modes value, default ::COPS_ST_DICE */
  unsigned flags;  /**< ::COPS_ST_NO_CHANCE or 0 */
} cops_st_pool;

/**
 * @brief Fill @p p with @p dice dice, no modifier, successes on 8+ and
 * 10-again, rolled, with the chance die.
 *
 * Writes @p size bytes at most and sets @c size to it; the macro
 * cops_st_pool_init(p, dice) passes sizeof(cops_st_pool).
 * @return ::COPS_OK, ::COPS_EINVAL (NULL, a size the library does not know);
 *         ranges are checked when rolling.
 * @rule ST-A1 ST-A2 ST-A37
 * @since 0.15.0
 */
COPS_API int cops_st_pool_init_sized(cops_st_pool *p, size_t size, int dice);
/** @brief cops_st_pool_init_sized() with sizeof(cops_st_pool): what a program calls. @since 0.15.0 */
#define cops_st_pool_init(p, dice) cops_st_pool_init_sized((p), sizeof(cops_st_pool), (dice))

/**
 * @brief Parse a pool's notation (docs/storyteller.md, "Pools").
 *
 * Numbers joined by `+` and `-` (`7`, `3+2`, `4+3-2`, `2-5`: the first is
 * @c dice, the rest @c mod), then words in any order: `9-again`,
 * `8-again`, `10-again`, `no-again`, `8+` .. `10+` and `2+` .. `7+` (the
 * threshold), `all-8s`, `average`, `no-chance`. Spaces are optional between
 * numbers. @p size as in cops_st_pool_init_sized().
 * @return ::COPS_OK; ::COPS_ESYNTAX or ::COPS_ERANGE with a message naming
 *         the column; ::COPS_EINVAL for NULL.
 * @since 0.15.0
 */
COPS_API int cops_st_pool_parse_sized(cops_st_pool *out, size_t size, cops_ctx *ctx,
                                      const char *text);
/** @brief cops_st_pool_parse_sized() with sizeof(cops_st_pool): what a program calls. @since 0.15.0 */
#define cops_st_pool_parse(out, ctx, text) \
  cops_st_pool_parse_sized((out), sizeof(cops_st_pool), (ctx), (text))

/**
 * @brief Write the canonical notation of @p p (`4+3-2 9-again`) into @p buf.
 * Defaults are left out; the words come in the order again, threshold,
 * mode, chance.
 * @return the length of the full text (as snprintf), or ::COPS_EINVAL.
 * @since 0.15.0
 */
COPS_API int cops_st_pool_format(const cops_st_pool *p, char *buf, size_t len);

/**
 * @brief Roll @p p into @p roll (ST §0.3).
 *
 * Draw order: the pool's dice left to right, then one re-roll for each die
 * at or above @c again in that wave, in order, then the next wave (as a COPS
 * action roll); a chain stops at the context's re-roll cap. A chance die is
 * one die; only a 10 is a success and is rolled again, its re-rolls are
 * ordinary dice. ::COPS_ST_ALL_EIGHTS and ::COPS_ST_AVERAGE draw nothing:
 * the first holds the pool's dice, each showing 8 and each a success; the
 * second holds no die.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, wrong size, unknown flag or mode);
 *         ::COPS_ERANGE (a value out of range, named in the message);
 *         ::COPS_ENOMEM; ::COPS_ERNG; ::COPS_ESTATE (from the random callback,
 *         or into a roll being filled). On failure the roll holds
 *         ::COPS_ROLL_NONE and the seeded or system source is where it was.
 * @rule ST-A1 ST-A2 ST-A30 ST-A35 ST-A37
 * @since 0.15.0
 */
COPS_API int cops_st_roll(cops_roll *roll, cops_ctx *ctx, const cops_st_pool *p);

/**
 * @brief Parse @p text (cops_st_pool_parse()) and roll it.
 * @since 0.15.0
 */
COPS_API int cops_st_roll_text(cops_roll *roll, cops_ctx *ctx, const char *text);

/*
 * Accessors of an ST roll. Those returning int give a value, or a negative
 * code: ::COPS_EINVAL for NULL, ::COPS_ESTATE when the roll is not an ST roll.
 */

/** @brief Successes (0 or more). @since 0.15.0 */
COPS_API int cops_st_roll_successes(const cops_roll *roll);
/** @brief 1 when the pool was a chance die (ST-A2). @since 0.15.0 */
COPS_API int cops_st_roll_chance(const cops_roll *roll);
/** @brief 1 for a dramatic failure: a chance die showing 1 (ST-A2; the "critical failure" of §5.7). @since 0.15.0 */
COPS_API int cops_st_roll_dramatic(const cops_roll *roll);
/** @brief 1 when a chain of re-rolls hit the context's cap. @since 0.15.0 */
COPS_API int cops_st_roll_capped(const cops_roll *roll);
/**
 * @brief The pool after modifiers: @c dice + @c mod (0 or less for a chance
 * die). Since the chance die is one die, use cops_roll_count() for the dice drawn.
 * @since 0.15.0
 */
COPS_API int cops_st_roll_pool_size(const cops_roll *roll, int *pool);
/**
 * @brief The pool rolled, as given.
 * @return ::COPS_OK, ::COPS_EINVAL (NULL, a size the library does not know), ::COPS_ESTATE
 * @since 0.15.0
 */
COPS_API int cops_st_roll_pool_of_sized(const cops_roll *roll, cops_st_pool *out, size_t size);
/** @brief cops_st_roll_pool_of_sized() with sizeof(cops_st_pool). @since 0.15.0 */
#define cops_st_roll_pool_of(roll, out) \
  cops_st_roll_pool_of_sized((roll), (out), sizeof(cops_st_pool))

/*
 * Exact odds (docs/storyteller.md, "Odds"): one die fails with
 * (threshold - 1) / 10, succeeds and stops with (again - threshold) / 10, and
 * succeeds and rolls again with (11 - again) / 10, the generating function of
 * COPS's odds (docs/odds.md) with other weights. The re-roll cap is taken as
 * infinite. Every query validates the pool as cops_st_roll() does.
 */

/**
 * @brief P(successes = @p k).
 * @param ctx receives the message of an error
 * @param p the pool
 * @param k 0 .. ::COPS_ODDS_K_MAX (cops/odds.h)
 * @param[out] out the probability
 * @since 0.15.0
 */
COPS_API int cops_st_odds_pmf(cops_ctx *ctx, const cops_st_pool *p, int k, double *out);
/** @brief P(successes >= @p k), @p k 0 .. ::COPS_ODDS_K_MAX. @since 0.15.0 */
COPS_API int cops_st_odds_at_least(cops_ctx *ctx, const cops_st_pool *p, int k, double *out);
/** @brief P(dramatic failure): 1/10 for a chance die, 0 otherwise. @since 0.15.0 */
COPS_API int cops_st_odds_dramatic(cops_ctx *ctx, const cops_st_pool *p, double *out);
/** @brief Expected successes. @since 0.15.0 */
COPS_API int cops_st_odds_expected(cops_ctx *ctx, const cops_st_pool *p, double *out);
/**
 * @brief An opposed roll (ST §0.4, ST-A5): P(A has more successes), P(B has
 * more), P(tie: no winner). Any output may be NULL, not all three.
 * @rule ST-A5
 * @since 0.15.0
 */
COPS_API int cops_st_odds_opposed(cops_ctx *ctx, const cops_st_pool *a, const cops_st_pool *b,
                                  double *a_wins, double *b_wins, double *tie);
/**
 * @brief P(A's successes - B's successes = @p d), @p d -::COPS_ODDS_K_MAX ..
 * ::COPS_ODDS_K_MAX: the margin's law (ST §0.4).
 * @since 0.15.0
 */
COPS_API int cops_st_odds_difference(cops_ctx *ctx, const cops_st_pool *a,
                                     const cops_st_pool *b, int d, double *out);

COPS_END_DECLS

#endif
