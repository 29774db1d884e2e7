/**
 * @file cops/dice.h
 * @brief The dice engine (COPS.md C1): action rolls with open 10s, opposed
 * rolls, d6 sums and keep-highest, and the roll notation.
 *
 * A ::cops_roll is a reusable result: create it once, roll into it many
 * times (no allocation unless a roll needs more dice than any before it),
 * read it through the accessors, free it once. Every die is kept: its face,
 * whether it counted as a success, and which die it is a re-roll of.
 *
 * Draw order (the replay contract): a pool draws its dice left to right, then
 * one re-roll for each 10 of that wave, in order, then the next wave.
 */
#ifndef COPS_DICE_H
#define COPS_DICE_H

#include <cops/common.h>
#include <cops/rng.h>

COPS_BEGIN_DECLS

/** Largest pool, after modifiers (larger is ::COPS_ERANGE). */
#define COPS_DICE_MAX 64
/** Largest difficulty, after modifiers. */
#define COPS_DIFFICULTY_MAX 64
/** Best base threshold; after modifiers a threshold clamps to 2..10 (C1.7). */
#define COPS_THRESHOLD_MIN 2
/** Worst base threshold (only a 10 succeeds). */
#define COPS_THRESHOLD_MAX 10
/** Largest magnitude of a dice or difficulty modifier. */
#define COPS_MOD_MAX 64
/** Largest magnitude of a threshold modifier. */
#define COPS_THRESHOLD_MOD_MAX 10
/** Largest number of d6 in cops_roll_d6() and cops_roll_d6_highest(). */
#define COPS_D6_MAX 64

/** Action flag: the character lacks the skill (C1.4): only a 10 succeeds, no re-roll. */
#define COPS_UNSKILLED 0x1u

/**
 * @brief What to roll: an action roll `threshold/dice (difficulty)` with its
 * modifiers (C1.1, C1.7).
 *
 * Initialise with cops_action_init() (which sets @c size), or by
 * cops_action_parse(). The struct only grows at its end; @c size tells the
 * library which version the caller was built with, and every size from the
 * first published one (0.1.0) to the library's is read, later fields taking
 * their defaults (docs/abi.md).
 */
typedef struct cops_action {
  uint32_t size;      /**< sizeof(cops_action), set by cops_action_init() */
  int dice;           /**< base pool, usually the characteristic: 0 .. COPS_DICE_MAX */
  int threshold;      /**< base threshold: 2 .. 10 (a skill level, or 6 for a characteristic) */
  int difficulty;     /**< base difficulty: 0 .. COPS_DIFFICULTY_MAX (1 if unsure) */
  int dice_mod;       /**< added to the pool: -COPS_MOD_MAX .. COPS_MOD_MAX */
  int threshold_mod;  /**< added to the threshold (+ is harder): -10 .. 10 */
  int difficulty_mod; /**< added to the difficulty: -COPS_MOD_MAX .. COPS_MOD_MAX */
  unsigned flags;     /**< ::COPS_UNSKILLED or 0 */
} cops_action;

/**
 * @brief Fill @p a with a plain action and no modifier.
 *
 * Writes @p size bytes at most, the caller's sizeof (docs/abi.md), and sets
 * @c size to it; the macro cops_action_init(a, dice, threshold, difficulty)
 * passes sizeof(cops_action).
 * @return ::COPS_OK, ::COPS_EINVAL (NULL, a size the library does not know);
 *         ranges are checked when rolling.
 * @since 0.7.0
 */
COPS_API int cops_action_init_sized(cops_action *a, size_t size, int dice, int threshold,
                                    int difficulty);
/** @brief The function of 0.1-0.6, for programs built against them. @since 0.1.0 */
COPS_API int cops_action_init(cops_action *a, int dice, int threshold, int difficulty);
/** @brief cops_action_init_sized() with sizeof(cops_action): what a program calls. @since 0.7.0 */
#define cops_action_init(a, dice, threshold, difficulty) \
  cops_action_init_sized((a), sizeof(cops_action), (dice), (threshold), (difficulty))

/**
 * @brief Parse the notation of C1.1 into @p out (grammar: docs/notation.md).
 *
 * `4+/3 (2)`, `6+/3`, `5+/3 (2) +1D -1S +1R` (dice, seuil, réussites
 * requises). Spaces are optional; a missing `(difficulty)` means 1.
 * Skill and characteristic names are read by the character API.
 * @param text the notation (docs/notation.md), NUL-terminated
 * @param[out] out the action, fully initialised on success
 * @param ctx receives the message; may not be NULL
 * @return ::COPS_OK; ::COPS_ESYNTAX or ::COPS_ERANGE with a message naming
 *         the column and what was expected; ::COPS_EINVAL for NULL.
 * @since 0.1.0
 */
COPS_API int cops_action_parse(cops_action *out, cops_ctx *ctx, const char *text);
/** @brief cops_action_parse() writing @p size bytes at most (the macro passes sizeof(cops_action)). @since 0.7.0 */
COPS_API int cops_action_parse_sized(cops_action *out, size_t size, cops_ctx *ctx,
                                     const char *text);
/** @brief cops_action_parse_sized() with sizeof(cops_action): what a program calls. @since 0.7.0 */
#define cops_action_parse(out, ctx, text) cops_action_parse_sized((out), sizeof(cops_action), (ctx), (text))

/**
 * @brief Write the canonical notation of @p a (`5+/3 (2) +1D`) into @p buf.
 * @return the length of the full text (as snprintf), or ::COPS_EINVAL.
 *         A result >= @p len means the text was cut.
 * @since 0.1.0
 */
COPS_API int cops_action_format(const cops_action *a, char *buf, size_t len);

/** Opaque, reusable roll result. */
typedef struct cops_roll cops_roll;

/** What a ::cops_roll holds (cops_roll_kind()). */
enum cops_roll_kinds {
  COPS_ROLL_NONE = 0,       /**< nothing yet, or the last roll failed */
  COPS_ROLL_ACTION = 1,     /**< an action roll (d10 pool) */
  COPS_ROLL_D6_SUM = 2,     /**< a sum of d6 */
  COPS_ROLL_D6_HIGHEST = 3  /**< the highest of several d6 */
};

/**
 * @brief Create an empty roll result.
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ENOMEM
 * @since 0.1.0
 */
COPS_API int cops_roll_new(cops_roll **out);

/**
 * @brief Create an empty roll result whose memory comes from @p ctx's
 * allocator (cops_ctx_new_with_allocator()). It may outlive @p ctx.
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ENOMEM
 * @since 0.7.0
 */
COPS_API int cops_roll_new_in(cops_roll **out, cops_ctx *ctx);

/**
 * @brief Free a roll. NULL is accepted. Called from a random callback while
 * the roll is being filled, the free is refused (the roll stays, the roll
 * under way fails with ::COPS_ESTATE): free it after the call.
 * @since 0.1.0
 */
COPS_API void cops_roll_free(cops_roll *roll);

/**
 * @brief Roll an action (C1.1-C1.4, C1.7) into @p roll.
 *
 * Pool = dice + dice_mod; below 1 the roll has no die and fails (C1.7).
 * Threshold = threshold + threshold_mod clamped to 2..10; a natural 10 always
 * succeeds and is rolled again (C1.2) up to the context's re-roll cap.
 * Difficulty = difficulty + difficulty_mod, below 0 clamped to 0.
 * Unskilled (C1.4): only a 10 succeeds, and it is not rolled again.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, wrong size, unknown flag);
 *         ::COPS_ERANGE (a value out of range, named in the message);
 *         ::COPS_ENOMEM; ::COPS_ERNG; ::COPS_ESTATE (called from the random
 *         callback of @p ctx, or into a roll being filled). On failure the
 *         roll holds ::COPS_ROLL_NONE and the context's seeded or system
 *         source is where it was before the call.
 * @rule C1.1 C1.2 C1.3 C1.4 C1.7
 * @since 0.1.0
 */
COPS_API int cops_roll_action(cops_roll *roll, cops_ctx *ctx, const cops_action *a);

/**
 * @brief Shorthand for cops_action_init() then cops_roll_action().
 * @param[out] roll the roll, filled
 * @param ctx the context: the dice source
 * @param dice the pool, 0 .. ::COPS_DICE_MAX
 * @param threshold 2 .. ::COPS_THRESHOLD_MAX
 * @param difficulty 0 .. ::COPS_DIFFICULTY_MAX (0: count successes)
 * @param flags ::COPS_UNSKILLED or 0
 * @since 0.1.0
 */
COPS_API int cops_roll_pool(cops_roll *roll, cops_ctx *ctx, int dice, int threshold,
                            int difficulty, unsigned flags);

/**
 * @brief Parse @p text (cops_action_parse()) and roll it.
 * @param[out] roll the roll, filled
 * @param ctx the context: the dice source
 * @param text the notation (docs/notation.md)
 * @param flags ORed into the parsed action's flags (::COPS_UNSKILLED)
 * @since 0.1.0
 */
COPS_API int cops_roll_notation(cops_roll *roll, cops_ctx *ctx, const char *text,
                                unsigned flags);

/**
 * @brief Roll @p n d6 and sum them (damage, C8.1). 0 d6 give a total of 0.
 * @param[out] roll the roll, filled
 * @param ctx the context: the dice source
 * @param n 0 .. ::COPS_D6_MAX
 * @since 0.1.0
 */
COPS_API int cops_roll_d6(cops_roll *roll, cops_ctx *ctx, int n);

/**
 * @brief Roll @p n d6 and keep the highest (A3.2, A3.3).
 * @param[out] roll the roll, filled
 * @param ctx the context: the dice source
 * @param n 1 .. ::COPS_D6_MAX
 * @since 0.1.0
 */
COPS_API int cops_roll_d6_highest(cops_roll *roll, cops_ctx *ctx, int n);

/** Winner of an opposed roll. */
typedef enum cops_opposed_winner {
  COPS_OPPOSED_NONE = 0,  /**< tie, or the winner lacks the minimum */
  COPS_OPPOSED_A = 1,
  COPS_OPPOSED_B = 2
} cops_opposed_winner;

/**
 * @brief Compare two action rolls (C1.6).
 *
 * More successes wins; a tie has no winner (RULING C1.6). With
 * @p min_successes > 0 the winner must also have at least that many
 * successes, otherwise there is no winner. The margin is the winner's
 * successes minus the loser's (0 without a winner). Each roll's own
 * difficulty plays no part.
 * @param a the first action roll
 * @param b the second action roll
 * @param min_successes 0 .. ::COPS_DIFFICULTY_MAX: the fewest successes a winner needs
 * @param[out] winner a ::cops_opposed_winner
 * @param[out] margin may be NULL
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE if a roll holds no action
 * @rule C1.6
 * @since 0.1.0
 */
COPS_API int cops_opposed_outcome(const cops_roll *a, const cops_roll *b, int min_successes,
                                  int *winner, int *margin);

/**
 * @brief Roll @p a into @p roll_a, then @p b into @p roll_b (in that draw
 * order), then cops_opposed_outcome().
 * @rule C1.6
 * @since 0.1.0
 */
COPS_API int cops_roll_opposed(cops_roll *roll_a, cops_roll *roll_b, cops_ctx *ctx,
                               const cops_action *a, const cops_action *b, int min_successes,
                               int *winner, int *margin);

/*
 * Accessors. Those returning int give a value >= 0, or a negative code:
 * ::COPS_EINVAL for NULL, ::COPS_ESTATE when the roll holds no such value
 * (an action value asked of a d6 roll, or of an empty roll).
 */

/** @brief The kind held (::COPS_ROLL_NONE ...), or ::COPS_EINVAL. @since 0.1.0 */
COPS_API int cops_roll_kind(const cops_roll *roll);
/** @brief Dice drawn, re-rolls included (0 for an empty roll). @since 0.1.0 */
COPS_API int cops_roll_count(const cops_roll *roll);
/**
 * @brief One die, in draw order.
 * @param roll the roll
 * @param i 0 .. cops_roll_count() - 1
 * @param[out] face 1..10 (1..6 for d6); may be NULL
 * @param[out] success 1 if the die counted as a success (0 for d6); may be NULL
 * @param[out] reroll_of index of the 10 it re-rolls, -1 for a die of the first wave; may be NULL
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE (index)
 * @since 0.1.0
 */
COPS_API int cops_roll_die(const cops_roll *roll, int i, int *face, int *success,
                           int *reroll_of);
/** @brief Dice of the first wave (the pool after modifiers). Action only. @since 0.1.0 */
COPS_API int cops_roll_pool_size(const cops_roll *roll);
/** @brief Threshold after modifiers and clamps (10 when unskilled). Action only. @since 0.1.0 */
COPS_API int cops_roll_threshold(const cops_roll *roll);
/** @brief Difficulty after modifiers and clamps. Action only. @since 0.1.0 */
COPS_API int cops_roll_difficulty(const cops_roll *roll);
/** @brief Successes. Action only. @since 0.1.0 */
COPS_API int cops_roll_successes(const cops_roll *roll);
/** @brief 1 if the roll succeeded, 0 if not. Action only. @since 0.1.0 */
COPS_API int cops_roll_succeeded(const cops_roll *roll);
/** @brief 1 if a chain of 10s hit the re-roll cap. Action only. @since 0.1.0 */
COPS_API int cops_roll_capped(const cops_roll *roll);
/** @brief 1 if rolled unskilled (C1.4). Action only. @since 0.1.0 */
COPS_API int cops_roll_unskilled(const cops_roll *roll);
/** @brief 1 if the roll is an Ancienneté re-roll (C5: a success has MR 0). Action only. @since 0.3.0 */
COPS_API int cops_roll_anciennete(const cops_roll *roll);
/** @brief The d6 total (sum, or highest). d6 rolls only. @since 0.1.0 */
COPS_API int cops_roll_total(const cops_roll *roll);
/**
 * @brief The margin (C1.3): MR = successes - difficulty when the roll
 * succeeds, -ME = -(difficulty - successes) when it fails. A roll with no
 * die fails with ME = max(difficulty, 1). A success after an Ancienneté
 * re-roll (cops_character_reroll()) has MR 0 (C5).
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ESTATE
 * @since 0.1.0
 */
COPS_API int cops_roll_margin(const cops_roll *roll, int *margin);
/**
 * @brief The action held by an action roll, as given (before clamps).
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ESTATE
 * @since 0.1.0
 */
COPS_API int cops_roll_action_of(const cops_roll *roll, cops_action *out);
/** @brief cops_roll_action_of() writing @p size bytes at most (the macro passes sizeof(cops_action)). @since 0.7.0 */
COPS_API int cops_roll_action_of_sized(const cops_roll *roll, cops_action *out, size_t size);
/** @brief cops_roll_action_of_sized() with sizeof(cops_action): what a program calls. @since 0.7.0 */
#define cops_roll_action_of(roll, out) cops_roll_action_of_sized((roll), (out), sizeof(cops_action))

/**
 * @brief The roll as one JSON object (docs/json.md), e.g.
 * `{"kind":"action","action":"4+/3 (2)","pool":3,...,"dice":[{"face":3,
 * "success":false,"reroll_of":null},...],"successes":2,"success":true,
 * "margin":0,"capped":false}`; an Ancienneté re-roll adds `"anciennete":true`.
 * @param roll the roll
 * @param[out] out NUL-terminated text; free with cops_free()
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ESTATE (empty roll), ::COPS_ENOMEM
 * @since 0.1.0
 */
COPS_API int cops_roll_to_json(const cops_roll *roll, char **out);

COPS_END_DECLS

#endif
