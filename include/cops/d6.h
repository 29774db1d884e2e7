/**
 * @file cops/d6.h
 * @brief The optional D6 System module (OTHER-SYSTEMS.md, D6 §0-§12): dice
 * codes (`3D+2`), rolls with the free die, difficulties and success levels,
 * contests, dice and point modifiers, multiple actions, Character and Fate
 * Points, and their exact odds.
 *
 * Not part of the umbrella header: include it on its own, after or without
 * <cops/cops.h>. Every name is prefixed `cops_d6_` (`COPS_D6_` for
 * constants). The module shares the COPS library's context, random source,
 * scripted dice, allocator and ::cops_roll results: a D6 roll is a ::cops_roll
 * of kind ::COPS_D6_ROLL, whose dice cops_roll_count(), cops_roll_die() and
 * cops_roll_to_json() read.
 *
 * The module is built unless meson's option `d6` turns it off; then
 * ::COPS_WITH_D6 (cops/version.h) is 0 and these functions are absent from the
 * library. docs/d6.md is the guide; every default is a RULING of the digest
 * (D6-A1 ...) that a field of ::cops_d6_rules switches.
 */
#ifndef COPS_D6_H
#define COPS_D6_H

#include <cops/common.h>
#include <cops/dice.h>
#include <cops/rng.h>

COPS_BEGIN_DECLS

/** cops_roll_kind() of a D6 roll. */
#define COPS_D6_ROLL 17

/** Most dice in a code (and in a roll after its modifiers). */
#define COPS_D6_DICE_MAX 64

/**
 * @brief A dice code (D6 §0.2, D6-M1): @c dice six-sided dice plus @c pips,
 * normalised so that 0 <= pips <= 2 (3 pips make 1D, D6-A3). A value.
 */
typedef struct cops_d6_code {
  int dice;   /**< 0 .. ::COPS_D6_DICE_MAX */
  int pips;   /**< 0 .. 2 */
} cops_d6_code;

/**
 * @brief Read a code: `3D+2`, `4D`, `+1D+1` (an addition, as weapons and
 * armour write it), `+1` (pips alone); `D` or `d`. The message gives the column
 * of what is wrong.
 * @return ::COPS_OK; ::COPS_ESYNTAX; ::COPS_ERANGE (more than ::COPS_D6_DICE_MAX dice)
 * @since 0.16.0
 */
COPS_API int cops_d6_code_parse(cops_d6_code *out, cops_ctx *ctx, const char *text);
/**
 * @brief A code's canonical text (`3D+2`, `0D+1` for pips alone) into @p buf.
 * @return the length it needs (as snprintf), or ::COPS_EINVAL
 * @since 0.16.0
 */
COPS_API int cops_d6_code_format(cops_d6_code c, char *buf, size_t len);
/**
 * @brief @p a + @p b, dice to dice and pips to pips, then every 3 pips 1D (D6-A3).
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, a code out of its ranges); ::COPS_ERANGE (too many dice)
 * @since 0.16.0
 */
COPS_API int cops_d6_code_add(cops_d6_code a, cops_d6_code b, cops_d6_code *out);
/** @brief A code as pips, 3 per die (the order of codes, D6-M1), or ::COPS_EINVAL. @since 0.16.0 */
COPS_API int cops_d6_code_pips(cops_d6_code c);

/**
 * @brief The rulings of the D6 digest a caller may switch (OTHER-SYSTEMS.md §11).
 * Initialise with cops_d6_rules_init(); grows only at its end.
 */
typedef struct cops_d6_rules {
  uint32_t size;           /**< sizeof(cops_d6_rules), set by cops_d6_rules_init() */
  int explode;             /**< 1: the free die rolls again on a 6 and adds, while it shows 6 (D6-A1); 0: never */
  int free_die;            /**< 1: a roll of 1D or more has a free die (D6-A2); 0: none (no critical failure) */
  int cp_dice;             /**< dice a Character Point adds: 1 (D6-A8) */
  int fp_factor;           /**< a Fate Point multiplies the dice by this: 2 (D6-A8) */
  int action_penalty;      /**< dice off every roll for each action past the first: 1 (D6-A5) */
  int difficulty;          /**< the difficulty of a roll the seed gives none: 15, Moderate (D6-A7) */
  int skill_defence;       /**< 1: §5.3.2's option, natural defence adjusted by the best of Dodge, Acrobatics, Reflexes (D6-A13); 0 */
  int success_damage;      /**< 1: §5.5's option A, ⌊success level ÷ 5⌋ points of damage; 0 */
  int negative_resistance; /**< 1: §5.5's option B, a resistance total below 0 kept (D6-A16); 0: counted as 0 */
  int gravity;             /**< a ::cops_d6_gravities value: damage dice (§5.15); normal */
  int fall_full_height;    /**< 1: a fall over 3 m deals ⌊height ÷ 1.5 m⌋D (D6-A26's switch); 0: the metres past 3 */
  int medical_tech;        /**< points on Medicine rolls: −5 primitive, 0, +5 futuristic (§6.4, D6-A36) */
  int combat_heal_level5_only; /**< 1: treatment during a fight only at level 5 (D6-A34's switch); 0: levels 4 and 5 */
  int disarm_vs_damage_roll; /**< 1: a disarm compares the parry with the attacker's damage roll, the seed's letter (D6-A22's switch); 0: with the attack total */
  int magic_modifier;      /**< the setting's points on every roll of a magic skill, −10 .. +15 (§7.4, D6-A57); 0 */
  int magic_banned;        /**< 1: the setting bans magic (§7.4); 0 */
  int spell_difficulty_halved; /**< 1: a built spell's difficulty is ⌈sum ÷ 2⌉, as four samples are (D6-A43's switch); 0: the sum */
  int backlash_percent;    /**< the part of a backlash's damage that lands, 0 .. 100 (D6-A49); 100 */
  int scroll_use;          /**< a ::cops_d6_scroll_uses value (§7.4, D6-A58): casters only */
  int artifact_use;        /**< 1: an artifact works by itself; 0: only with the cast's conditions and roll (§7.4, D6-A58) */
} cops_d6_rules;

/** Who may read a scroll (§7.4, D6-A58). */
enum cops_d6_scroll_uses {
  COPS_D6_SCROLL_CASTERS = 0,   /**< casters only: a cast as any other */
  COPS_D6_SCROLL_WITH_ROLL,     /**< anyone, with the roll (no Attribute needed) */
  COPS_D6_SCROLL_NO_ROLL        /**< anyone, and it works without a roll */
};

/** Gravity (§5.15, D6-M9): dice added to every damage roll. */
enum cops_d6_gravities {
  COPS_D6_NORMAL_GRAVITY = 0,  /**< +0D */
  COPS_D6_LOW_GRAVITY,         /**< −1D */
  COPS_D6_ZERO_GRAVITY,        /**< −2D */
  COPS_D6_HIGH_GRAVITY         /**< +2D */
};

/** @brief Fill @p r with the digest's defaults. The macro passes sizeof(cops_d6_rules). @since 0.16.0 */
COPS_API int cops_d6_rules_init_sized(cops_d6_rules *r, size_t size);
/** @brief cops_d6_rules_init_sized() with sizeof(cops_d6_rules). @since 0.16.0 */
#define cops_d6_rules_init(r) cops_d6_rules_init_sized((r), sizeof(cops_d6_rules))

/** A roll's difficulty: none, only the total counts. */
#define COPS_D6_NO_DIFFICULTY (-1)

/**
 * @brief One roll (D6 §0.3-§0.8, D6-M10): a code, its modifiers and what is
 * spent on it, and the difficulty it is rolled against. Initialise with
 * cops_d6_pool_init(); grows only at its end.
 *
 * Dice rolled: (code's dice + @c dice_mod + @c cp × cp_dice − action penalty)
 * × fp_factor when @c fp, at least 0 (D6-A4); the total is their sum (the free
 * die's chain included) + the code's pips + @c points.
 */
typedef struct cops_d6_pool {
  uint32_t size;        /**< sizeof(cops_d6_pool), set by cops_d6_pool_init() */
  cops_d6_code code;    /**< the trait's code */
  int dice_mod;         /**< ±nD: wound penalties, options (-64 .. 64) */
  int points;           /**< ±n added to the total (-1000 .. 1000) */
  int actions;          /**< actions the character takes this round, 1 .. 10: each past the first costs dice (D6-A5) */
  int cp;               /**< Character Points spent on the roll, 0 .. 10 (D6-A8) */
  int fp;               /**< 1: a Fate Point spent on it (D6-A8) */
  int difficulty;       /**< the total needed (1 .. 1000), or ::COPS_D6_NO_DIFFICULTY */
} cops_d6_pool;

/** @brief A pool of @p code, no modifier, one action, no difficulty. The macro passes sizeof. @since 0.16.0 */
COPS_API int cops_d6_pool_init_sized(cops_d6_pool *p, size_t size, cops_d6_code code);
/** @brief cops_d6_pool_init_sized() with sizeof(cops_d6_pool). @since 0.16.0 */
#define cops_d6_pool_init(p, code) cops_d6_pool_init_sized((p), sizeof(cops_d6_pool), (code))

/**
 * @brief Read a roll's notation: a code, then in any order `+1D` / `-2D` (dice
 * modifiers), `+2` / `-5` (points), `vs 15` (the difficulty), `actions 2`,
 * `cp 1`, `fp`. E.g. `"3D+2 -1D vs 15"`, `"4D +5 cp 2"`. The message gives
 * the column of what is wrong.
 * @return ::COPS_OK; ::COPS_ESYNTAX; ::COPS_ERANGE; ::COPS_EINVAL (size)
 * @since 0.16.0
 */
COPS_API int cops_d6_pool_parse_sized(cops_d6_pool *out, size_t size, cops_ctx *ctx,
                                      const char *text);
/** @brief cops_d6_pool_parse_sized() with sizeof(cops_d6_pool). @since 0.16.0 */
#define cops_d6_pool_parse(out, ctx, text) \
  cops_d6_pool_parse_sized((out), sizeof(cops_d6_pool), (ctx), (text))
/**
 * @brief A pool's canonical notation into @p buf (read back, the same pool).
 * @return the length it needs, or ::COPS_EINVAL
 * @since 0.16.0
 */
COPS_API int cops_d6_pool_format(const cops_d6_pool *p, char *buf, size_t len);

/**
 * @brief Roll a pool (D6 §0.3, D6-M10): its dice, the last of them the free
 * die, which rolls again on a 6 and adds while it shows 6 (D6-A1); the total;
 * against a difficulty, success at it or more (§0.4), the success level
 * total − difficulty (D6-A70), and a critical failure when the roll fails and
 * the free die's first face is 1 (§0.3, D6-A2). The dice are drawn in order,
 * the free die last, then its chain.
 * @param roll filled; ::COPS_ROLL_NONE on failure
 * @param ctx the dice
 * @param p the pool
 * @param rules NULL for the defaults
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_roll(cops_roll *roll, cops_ctx *ctx, const cops_d6_pool *p,
                          const cops_d6_rules *rules);
/** @brief cops_d6_roll() of a pool's notation (cops_d6_pool_parse()). @since 0.16.0 */
COPS_API int cops_d6_roll_text(cops_roll *roll, cops_ctx *ctx, const char *text,
                               const cops_d6_rules *rules);
/** @brief A D6 roll's total (::COPS_EINVAL for another kind). @since 0.16.0 */
COPS_API int cops_d6_roll_total(const cops_roll *roll, int *total);
/** @brief The dice rolled after the modifiers (the free die counted once). @since 0.16.0 */
COPS_API int cops_d6_roll_dice(const cops_roll *roll);
/** @brief 1 when the roll has a free die, its first face in @p face (may be NULL). @since 0.16.0 */
COPS_API int cops_d6_roll_free_die(const cops_roll *roll, int *face);
/** @brief 1 on a success against the difficulty, 0 on a failure, ::COPS_ESTATE with none. @since 0.16.0 */
COPS_API int cops_d6_roll_success(const cops_roll *roll);
/** @brief The success level (total − difficulty, D6-A70; negative on a failure) into @p level. @since 0.16.0 */
COPS_API int cops_d6_roll_level(const cops_roll *roll, int *level);
/** @brief 1 on a critical failure (a failure with the free die's first face 1). @since 0.16.0 */
COPS_API int cops_d6_roll_critical(const cops_roll *roll);
/** @brief The pool rolled, as given, into @p out (its @c size set by the caller). @since 0.16.0 */
COPS_API int cops_d6_roll_pool_of(const cops_roll *roll, cops_d6_pool *out);

/**
 * @brief The exact law of a pool's total (D6-M10): the free die's chain of 6s
 * summed without truncation (its faces 6m + r, r in 1..5, have probability
 * 6^-(m+1)). Each output may be NULL.
 * @param ctx the messages
 * @param p the pool
 * @param rules NULL for the defaults
 * @param k a total
 * @param[out] at_least P(total >= k)
 * @param[out] exactly P(total = k)
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE
 * @since 0.16.0
 */
COPS_API int cops_d6_odds_total(cops_ctx *ctx, const cops_d6_pool *p, const cops_d6_rules *rules,
                                int k, double *at_least, double *exactly);
/**
 * @brief The odds of a pool against its difficulty: success, critical failure
 * (a failure whose free die shows 1 first), and the expected total. Each output
 * may be NULL; success and critical need a difficulty (::COPS_ESTATE otherwise).
 * @since 0.16.0
 */
COPS_API int cops_d6_odds(cops_ctx *ctx, const cops_d6_pool *p, const cops_d6_rules *rules,
                          double *success, double *critical, double *expected);
/**
 * @brief A contest (D6 §0.5, D6-A10): P(a's total > b's), P(equal), P(a's < b's),
 * exactly, both free dice's chains included. Whether a tie is the active side's
 * win is the caller's (the seed's wording, D6-A10). Each output may be NULL.
 * @since 0.16.0
 */
COPS_API int cops_d6_odds_contest(cops_ctx *ctx, const cops_d6_pool *a, const cops_d6_pool *b,
                                  const cops_d6_rules *rules, double *greater, double *equal,
                                  double *less);

COPS_END_DECLS

#include <cops/d6-character.h>
#include <cops/d6-combat.h>
#include <cops/d6-heal.h>
#include <cops/d6-vehicle.h>
#include <cops/d6-fight.h>
#include <cops/d6-magic.h>

#endif
