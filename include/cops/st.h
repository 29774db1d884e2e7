/**
 * @file cops/st.h
 * @brief The optional Storyteller module (OTHER-SYSTEMS.md, ST §0-§8): d10
 * pools with successes on 8+, 10-again and the chance die, and their exact odds;
 * the rules' switches; characters, their sheets and health track. It includes
 * <cops/st-attack.h> (weapons, protection, attacks, grapples, events),
 * <cops/st-scene.h> (initiative, total defence, non-combatants, bouts, objects)
 * and <cops/st-fight.h> (whole fights, their policy, scenarios and saves).
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

/* ---- Rules: every ruling a switch -------------------------------------------- */

/** Damage types (ST §0.5): bashing (C, B in English material) and lethal (L). */
enum cops_st_damage_types {
  COPS_ST_BASHING = 0,   /**< bashing (contondant, C) */
  COPS_ST_LETHAL = 1     /**< lethal (L) */
};

/**
 * @brief The rulings of the digest that a caller may switch (OTHER-SYSTEMS.md
 * §7). cops_st_rules_init() sets every default; a function that takes rules
 * accepts NULL for the defaults. The struct grows only at its end.
 */
typedef struct cops_st_rules {
  uint32_t size;           /**< sizeof(cops_st_rules), set by cops_st_rules_init() */
  int threshold;           /**< every pool's lowest success: 8 (ST-A37) */
  int again;               /**< every pool's again face: 10, or 9, 8, 0 (ST-A1) */
  int chance_die;          /**< 1: a pool at 0 or fewer is a chance die (ST-A2); 0: it fails */
  int human_size;          /**< Size of an adult human, for Health = Stamina + Size: 5 (ST-A3) */
  int speed_base;          /**< Speed = Strength + Dexterity + this: 5 (ST-A3) */
  int defense_athletics;   /**< 0: Defense = min(Dexterity, Wits) (ST-A3); 1: + Athletics */
  int health_track;        /**< 1: damage fills the character's health track (ST-L1); 0: events only (ST-A4) */
  int wound_penalties;     /**< 1: -1, -2, -3 dice as the last three boxes fill (ST-L1); 0: none */
  int combatant_xp;        /**< a player character is a combatant past this experience: 20 (§2, ST-A12) */
  int combatant_skill;     /**< ... or with this in Firearms, Weaponry or Brawl: 2 (§2) */
  int outnumber_incremental; /**< 0: every secondary attacker takes 2 per opponent past the first off Defense (ST-A7); 1: the 2nd -2, the 3rd -4, the 4th -6 */
  int stray_shots;         /**< 1: in a fight, a shooter's dramatic failure hits one of the combatants in contact with the target, drawn at random (§5.7, ST-A15); 0: the Storyteller's veto */
} cops_st_rules;

/**
 * @brief Fill @p r with the digest's defaults. The macro passes sizeof(cops_st_rules).
 * @return ::COPS_OK, ::COPS_EINVAL (NULL, a size the library does not know)
 * @since 0.15.0
 */
COPS_API int cops_st_rules_init_sized(cops_st_rules *r, size_t size);
/** @brief cops_st_rules_init_sized() with sizeof(cops_st_rules). @since 0.15.0 */
#define cops_st_rules_init(r) cops_st_rules_init_sized((r), sizeof(cops_st_rules))

/* ---- Characters (ST §0.6, ST-M2) ------------------------------------------------- */

/** A Storyteller character: traits, points, background, health track. Opaque. */
typedef struct cops_st_character cops_st_character;

/** The traits of a character (ST §0.6, ST-A8), in sheet order. */
enum cops_st_traits {
  COPS_ST_STRENGTH = 0,
  COPS_ST_DEXTERITY,
  COPS_ST_STAMINA,
  COPS_ST_WITS,
  COPS_ST_RESOLVE,
  COPS_ST_COMPOSURE,
  COPS_ST_BRAWL,
  COPS_ST_WEAPONRY,
  COPS_ST_FIREARMS,
  COPS_ST_ATHLETICS,
  COPS_ST_VIGOR,           /**< ST-A8: added by the pools that name it; default 0 */
  COPS_ST_SIZE,            /**< 0 (unset): the rules' human_size, 5 (ST-A3); read as 5 */
  COPS_ST_TRAIT_COUNT
};

/** Largest value of an attribute, skill or Vigor. */
#define COPS_ST_TRAIT_MAX 10
/** Largest Size. */
#define COPS_ST_SIZE_MAX 40

/** Derived traits (ST-A3): computed from the traits and the rules unless the sheet sets them. */
enum cops_st_derived {
  COPS_ST_DEFENSE = 0,     /**< min(Dexterity, Wits) (+ Athletics with defense_athletics) */
  COPS_ST_INITIATIVE,      /**< Dexterity + Composure */
  COPS_ST_SPEED,           /**< Strength + Dexterity + speed_base */
  COPS_ST_HEALTH,          /**< Stamina + Size */
  COPS_ST_WILLPOWER_MAX,   /**< Resolve + Composure */
  COPS_ST_DERIVED_COUNT
};

/** Point pools (ST-M2). */
enum cops_st_points {
  COPS_ST_WILLPOWER = 0,   /**< spent by non-combatants (§2); its maximum is derived */
  COPS_ST_VITAE = 1        /**< vampire blood points (§4 example): 0 .. 50 */
};

/** Background flag (§2): a military background; any of the four makes a combatant. */
#define COPS_ST_MILITARY 0x1u
/** Background flag (§2): a police background. */
#define COPS_ST_POLICE 0x2u
/** Background flag (§2): a gangster or similar background. */
#define COPS_ST_CRIMINAL 0x4u
/** Background flag (§2): trained for crisis situations, even as a civilian. */
#define COPS_ST_CRISIS_TRAINED 0x8u
/** The character is a player character (its experience counts, §2). */
#define COPS_ST_PLAYER 0x10u

/** The state of a character's health track (ST-L1). */
enum cops_st_health_states {
  COPS_ST_FIT = 0,            /**< the last box is empty */
  COPS_ST_UNCONSCIOUS = 1,    /**< the last box holds bashing damage */
  COPS_ST_BLEEDING_OUT = 2,   /**< the last box holds lethal damage */
  COPS_ST_DEAD = 3            /**< lethal damage past a track full of lethal */
};

/**
 * @brief A new character: every trait 0, Size unset (the rules' human size), no point,
 * no damage.
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ENOMEM
 * @since 0.15.0
 */
COPS_API int cops_st_character_new(cops_st_character **out, cops_ctx *ctx);
/** @brief Free a character. NULL is accepted. @since 0.15.0 */
COPS_API void cops_st_character_free(cops_st_character *ch);
/** @brief A copy, with its own damage. @since 0.15.0 */
COPS_API int cops_st_character_copy(cops_st_character **out, const cops_st_character *ch);
/** @brief The name ("" until set). @since 0.15.0 */
COPS_API const char *cops_st_character_name(const cops_st_character *ch);
/** @brief Set the name: clean UTF-8, 1 .. 63 bytes. @since 0.15.0 */
COPS_API int cops_st_character_set_name(cops_st_character *ch, const char *name);
/** @brief A trait's value, or a negative code. @since 0.15.0 */
COPS_API int cops_st_character_trait(const cops_st_character *ch, int trait);
/**
 * @brief Set a trait: 0 .. ::COPS_ST_TRAIT_MAX, Size 1 .. ::COPS_ST_SIZE_MAX (0: unset).
 * Damage beyond the new Health is kept (the track reads it as full).
 * @since 0.15.0
 */
COPS_API int cops_st_character_set_trait(cops_st_character *ch, int trait, int value);
/**
 * @brief A derived trait (ST-A3): the sheet's value when it sets one, else
 * computed under @p rules (NULL: the defaults).
 * @return the value (0 or more), or a negative code
 * @since 0.15.0
 */
COPS_API int cops_st_character_derived(const cops_st_character *ch, const cops_st_rules *rules,
                                       int which);
/**
 * @brief Set a derived trait's value (0 .. 99), or -1 to compute it again.
 * @since 0.15.0
 */
COPS_API int cops_st_character_set_derived(cops_st_character *ch, int which, int value);
/**
 * @brief A point pool: its current value and maximum (Willpower's maximum is
 * derived; Vitae's is the sheet's).
 * @since 0.15.0
 */
COPS_API int cops_st_character_points(const cops_st_character *ch, int kind, int *current,
                                      int *max);
/** @brief Set a pool's current value: 0 .. its maximum (Vitae: 0 .. 50 sets both). @since 0.15.0 */
COPS_API int cops_st_character_set_points(cops_st_character *ch, int kind, int current);
/** @brief The background flags and ::COPS_ST_PLAYER. @since 0.15.0 */
COPS_API unsigned cops_st_character_background(const cops_st_character *ch);
/** @brief Set the flags (unknown bits: ::COPS_EINVAL). @since 0.15.0 */
COPS_API int cops_st_character_set_background(cops_st_character *ch, unsigned flags);
/** @brief Total experience (§2): 0 .. 100000. @since 0.15.0 */
COPS_API int cops_st_character_experience(const cops_st_character *ch);
/** @brief Set the total experience. @since 0.15.0 */
COPS_API int cops_st_character_set_experience(cops_st_character *ch, int xp);
/**
 * @brief 1 when the character counts as a combatant (§2, ST-A12): the
 * override when set, else any background flag, a skill of Firearms, Weaponry
 * or Brawl at the rules' combatant_skill, or a player character past
 * combatant_xp experience.
 * @return 1, 0, or a negative code
 * @since 0.15.0
 */
COPS_API int cops_st_character_is_combatant(const cops_st_character *ch,
                                            const cops_st_rules *rules);
/** @brief Force the combatant test: 1, 0, or -1 to compute it (the default). @since 0.15.0 */
COPS_API int cops_st_character_set_combatant(cops_st_character *ch, int combatant);

/*
 * The health track (ST-L1, docs/storyteller.md): Health boxes, lethal damage
 * first, bashing after it. New lethal damage pushes bashing along; damage that
 * finds the track full turns its bashing boxes into lethal ones, one for one,
 * then, the track full of lethal, the character is dead. The last three boxes
 * marked give -1, -2, -3 dice.
 */

/**
 * @brief Mark @p boxes boxes of @p type on the track (ST §0.5, ST-A4: 0 boxes do nothing).
 * @param ch the character
 * @param rules NULL for the defaults; with health_track 0 nothing is marked
 * @param boxes 0 .. 100
 * @param type ::COPS_ST_BASHING or ::COPS_ST_LETHAL
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE
 * @since 0.15.0
 */
COPS_API int cops_st_character_damage(cops_st_character *ch, const cops_st_rules *rules,
                                      int boxes, int type);
/** @brief The boxes marked: bashing and lethal (either may be NULL). @since 0.15.0 */
COPS_API int cops_st_character_health(const cops_st_character *ch, int *bashing, int *lethal);
/** @brief Set the boxes marked (0 .. 100 each; heal by setting fewer). @since 0.15.0 */
COPS_API int cops_st_character_set_health(cops_st_character *ch, int bashing, int lethal);
/** @brief A ::cops_st_health_states value under @p rules (NULL: the defaults). @since 0.15.0 */
COPS_API int cops_st_character_health_state(const cops_st_character *ch,
                                            const cops_st_rules *rules);
/** @brief The wound penalty: 0, -1, -2 or -3 dice (0 with wound_penalties off). @since 0.15.0 */
COPS_API int cops_st_character_wound_penalty(const cops_st_character *ch,
                                             const cops_st_rules *rules);

/**
 * @brief Read a sheet (docs/storyteller.md, "Sheets"; schemas/st-sheet.schema.json):
 * a JSON object with `"system": "st"`. A COPS sheet is refused, naming the reader to use.
 * @return ::COPS_OK; ::COPS_EJSON or ::COPS_ERANGE naming the field; ::COPS_EINVAL; ::COPS_ENOMEM
 * @since 0.15.0
 */
COPS_API int cops_st_character_from_json(cops_st_character **out, cops_ctx *ctx,
                                         const char *text);
/** @brief cops_st_character_from_json() of a file, confined by cops_ctx_confine(). @since 0.15.0 */
COPS_API int cops_st_character_load(cops_st_character **out, cops_ctx *ctx, const char *path);
/**
 * @brief The sheet as JSON (indented, final newline; what the reader reads back the same).
 * @param ch the character
 * @param[out] out free with cops_free()
 * @since 0.15.0
 */
COPS_API int cops_st_character_to_json(const cops_st_character *ch, char **out);
/** @brief The name of a trait ("Strength" ...), NULL past the last. @since 0.15.0 */
COPS_API const char *cops_st_trait_name(int trait);
/** @brief A trait from its name, in any case. @return ::COPS_OK, ::COPS_ENOTFOUND, ::COPS_EINVAL @since 0.15.0 */
COPS_API int cops_st_trait_parse(const char *name, int *trait);
/** @brief The name of a derived trait ("Defense" ...), NULL past the last. @since 0.15.0 */
COPS_API const char *cops_st_derived_name(int which);

COPS_END_DECLS

#include <cops/st-attack.h>

COPS_BEGIN_DECLS

COPS_END_DECLS

#endif
