/**
 * @file cops/odds.h
 * @brief Exact odds of COPS rolls (COPS.md C1, C5), from generating
 * functions: no sampling and no explosion depth (docs/odds.md).
 *
 * Every function takes the same ::cops_action as cops_roll_action(), with the
 * same modifiers and clamps (C1.7), skilled or unskilled (C1.4), and answers
 * for the roll that function would make. Probabilities are within 1e-12 of
 * the exact value. The context only receives the error message.
 *
 * The odds are those of the rules, with unbounded re-rolls; the library's
 * re-roll cap (default 100 per chain) changes them by less than 1e-100.
 */
#ifndef COPS_ODDS_H
#define COPS_ODDS_H

#include <cops/common.h>
#include <cops/dice.h>

COPS_BEGIN_DECLS

/** Largest success count a query may name. */
#define COPS_ODDS_K_MAX 1000

/**
 * @brief P(successes = @p k).
 * @param ctx the context (its error message)
 * @param a the action (cops_action_init(), cops_action_parse())
 * @param k 0 .. ::COPS_ODDS_K_MAX
 * @param[out] p the probability
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE (action or @p k)
 * @rule C1.1 C1.2 C1.4 C1.7
 * @since 0.2.0
 */
COPS_API int cops_odds_pmf(cops_ctx *ctx, const cops_action *a, int k, double *p);

/**
 * @brief P(successes >= @p k).
 * @param ctx the context (its error message)
 * @param a the action (cops_action_init(), cops_action_parse())
 * @param[out] p the probability
 * @param k 0 .. ::COPS_ODDS_K_MAX
 * @since 0.2.0
 */
COPS_API int cops_odds_at_least(cops_ctx *ctx, const cops_action *a, int k, double *p);

/**
 * @brief P(the roll succeeds): successes >= difficulty, with at least one die.
 * @rule C1.1 C1.7
 * @since 0.2.0
 */
COPS_API int cops_odds_success(cops_ctx *ctx, const cops_action *a, double *p);

/**
 * @brief P(margin >= @p m), the margin as cops_roll_margin() gives it: MR >= m
 * for m >= 0 (P(MR >= 0) is P(success)); for m < 0, P(ME <= -m).
 * @param ctx the context (its error message)
 * @param a the action (cops_action_init(), cops_action_parse())
 * @param[out] p the probability
 * @param m -(::COPS_DIFFICULTY_MAX + 1) .. ::COPS_ODDS_K_MAX
 * @rule C1.3
 * @since 0.2.0
 */
COPS_API int cops_odds_margin_at_least(cops_ctx *ctx, const cops_action *a, int m, double *p);

/**
 * @brief Expected successes: pool × (11 - threshold) / 9 skilled, pool / 10 unskilled.
 * @since 0.2.0
 */
COPS_API int cops_odds_expected(cops_ctx *ctx, const cops_action *a, double *mean);

/**
 * @brief The @p q quantile of the successes: the smallest k with
 * P(successes <= k) >= q.
 * @param ctx the context (its error message)
 * @param a the action (cops_action_init(), cops_action_parse())
 * @param[out] k the quantile
 * @param q 0 <= q < 1
 * @since 0.2.0
 */
COPS_API int cops_odds_quantile(cops_ctx *ctx, const cops_action *a, double q, int *k);

/**
 * @brief Opposed roll (C1.6): A against B.
 *
 * A wins with more successes than B and at least @p min_successes; B likewise;
 * otherwise there is no winner (a tie, RULING C1.6, or a winner short of the
 * minimum), counted in @p none. Outputs may be NULL.
 * @param ctx the context (its error message)
 * @param a A's action
 * @param b B's action
 * @param min_successes 0 .. ::COPS_DIFFICULTY_MAX
 * @param[out] win P(A wins); may be NULL
 * @param[out] none P(no winner); may be NULL
 * @param[out] lose P(B wins); may be NULL
 * @rule C1.6
 * @since 0.2.0
 */
COPS_API int cops_odds_opposed(cops_ctx *ctx, const cops_action *a, const cops_action *b,
                               int min_successes, double *win, double *none, double *lose);

/**
 * @brief P(A's successes - B's successes = @p d): the law of the opposed
 * margin (A wins by d for d > 0, B wins by -d for d < 0).
 * @param ctx the context (its error message)
 * @param a A's action
 * @param b B's action
 * @param[out] p the probability
 * @param d -::COPS_ODDS_K_MAX .. ::COPS_ODDS_K_MAX
 * @rule C1.6
 * @since 0.2.0
 */
COPS_API int cops_odds_opposed_difference(cops_ctx *ctx, const cops_action *a,
                                          const cops_action *b, int d, double *p);

/**
 * @brief P(success) with and without the points of C5, so a player can decide.
 *
 * @p adrenaline: one more die (Adrénaline, spent before the roll).
 * @p anciennete: a failed roll is rolled again once (Ancienneté):
 * p + (1 - p) p. @p both: Adrénaline, then Ancienneté on a failure, the
 * re-roll keeping the Adrénaline die. (A success after an Ancienneté re-roll
 * has MR 0: only P(success) changes.) Outputs may be NULL.
 * An action that already has ::COPS_DICE_MAX dice cannot take the Adrénaline
 * die: @p adrenaline and @p both are then NaN (unavailable), and the other
 * figures are given (until 0.6 the whole call failed with ::COPS_ERANGE).
 * @return ::COPS_OK, or the errors of cops_odds_success()
 * @rule C5
 * @since 0.2.0
 */
COPS_API int cops_odds_points(cops_ctx *ctx, const cops_action *a, double *plain,
                              double *adrenaline, double *anciennete, double *both);

/**
 * @brief The fewest dice (pool after modifiers, 1 .. ::COPS_DICE_MAX) that
 * reach P(success) >= @p p at the action's threshold and difficulty (within
 * 1e-12, the accuracy of the odds).
 * @param ctx the context (its error message)
 * @param a the action (cops_action_init(), cops_action_parse())
 * @param[out] dice the fewest dice
 * @param p 0 < p <= 1
 * @return ::COPS_OK; ::COPS_ENOTFOUND when even ::COPS_DICE_MAX dice fall short
 * @since 0.2.0
 */
COPS_API int cops_odds_dice_for(cops_ctx *ctx, const cops_action *a, double p, int *dice);

/**
 * @brief The worst threshold (skill level, 10 down to 2, after modifiers)
 * that reaches P(success) >= @p p with the action's pool and difficulty
 * (within 1e-12).
 * @param ctx the context (its error message)
 * @param a the action (cops_action_init(), cops_action_parse())
 * @param[out] threshold the worst threshold, 2 .. 10
 * @param p 0 < p <= 1
 * @return ::COPS_OK; ::COPS_ENOTFOUND when even 2+ falls short; ::COPS_EINVAL
 *         for an unskilled action (it has no threshold to choose)
 * @since 0.2.0
 */
COPS_API int cops_odds_threshold_for(cops_ctx *ctx, const cops_action *a, double p,
                                     int *threshold);

COPS_END_DECLS

#endif
