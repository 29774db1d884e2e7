/**
 * @file cops/st-scene.h
 * @brief The Storyteller module's rolls around a fight: initiative (§5.2),
 * total defence (§5.8), non-combatants (§2), non-dramatic fights (§3),
 * overwhelming odds (§4) and damaging objects (§6.15). Included by <cops/st.h>.
 *
 * Each takes the log of its events (may be NULL) and is all or nothing.
 */
#ifndef COPS_ST_SCENE_H
#define COPS_ST_SCENE_H

COPS_BEGIN_DECLS

/**
 * @brief Initiative (§5.2, ST-M7): 1d10 + the Initiative score (less the
 * armour's rating, ST-A32). The highest acts first; cops_st_initiative_order()
 * breaks ties.
 * @param ctx the dice
 * @param ch the character
 * @param rules NULL for the defaults
 * @param id the character's id in the event
 * @param[out] die the d10 (may be NULL)
 * @param[out] total die + score
 * @param log the event st.initiative, or NULL
 * @since 0.15.0
 */
COPS_API int cops_st_initiative(cops_ctx *ctx, cops_st_character *ch, const cops_st_rules *rules,
                                int id, int *die, int *total, cops_log *log);

/**
 * @brief Order @p n characters by their initiative totals (ST-A13): the higher
 * total first, then the higher Initiative score, then a d10 roll-off drawn for
 * each tie still standing (the higher first, again until they differ).
 * @param ctx the dice of the roll-offs
 * @param chars the characters
 * @param totals their totals (cops_st_initiative())
 * @param n 1 .. 64
 * @param rules NULL for the defaults
 * @param[out] order the indices 0 .. n-1 into @p chars, first to act first
 * @since 0.15.0
 */
COPS_API int cops_st_initiative_order(cops_ctx *ctx, cops_st_character *const *chars,
                                      const int *totals, int n, const cops_st_rules *rules,
                                      int *order);

/**
 * @brief Total defence (§5.8, ST-A17): Dexterity (less armour) + Athletics;
 * the successes add to Defense until the round ends (the caller passes them to
 * the attacks as @c total_defense).
 * @since 0.15.0
 */
COPS_API int cops_st_total_defense(cops_ctx *ctx, cops_st_character *ch,
                                   const cops_st_rules *rules, int id, int *successes,
                                   cops_log *log);

/** What a non-combatant does in a round, or after an injury (§2, ST-A12). */
enum cops_st_nerves {
  COPS_ST_ACTS = 0,        /**< a combatant, or the roll succeeded: acts normally */
  COPS_ST_SPENT = 1,       /**< spent 1 Willpower: acts normally (or stays in the fight) */
  COPS_ST_RESTRICTED = 2,  /**< can only hide, protect, flee this round */
  COPS_ST_OUT = 3          /**< out of the fight: a hit above Resolve without Willpower spent */
};

/**
 * @brief A non-combatant's round (§2): a combatant acts; otherwise Resolve +
 * Composure, 1 success to act (ST-A12); failing, 1 Willpower spent if @p spend
 * and there is some, else restricted to hiding, protecting, fleeing.
 * @param ctx the dice
 * @param ch the character
 * @param rules NULL for the defaults
 * @param id the character's id in the events
 * @param spend 1: spend a Willpower point on a failed roll, when there is one
 * @param[out] nerve a ::cops_st_nerves value
 * @param log the events st.roll and st.nerve, or NULL
 * @since 0.15.0
 */
COPS_API int cops_st_nerve(cops_ctx *ctx, cops_st_character *ch, const cops_st_rules *rules,
                           int id, int spend, int *nerve, cops_log *log);

/**
 * @brief A non-combatant hit (§2, ST-A12): more damage in one hit than Resolve
 * takes 1 Willpower (when @p spend and there is some) or puts the character out
 * of the fight. A combatant, or damage up to Resolve: ::COPS_ST_ACTS. No roll.
 * @param ch the character hit
 * @param rules NULL for the defaults
 * @param id the character's id in the event
 * @param damage the boxes of the hit, 0 .. 100
 * @param spend 1: spend a Willpower point when there is one
 * @param[out] nerve ::COPS_ST_ACTS, ::COPS_ST_SPENT or ::COPS_ST_OUT
 * @param log the event st.nerve, or NULL
 * @since 0.15.0
 */
COPS_API int cops_st_injury(cops_st_character *ch, const cops_st_rules *rules, int id,
                            int damage, int spend, int *nerve, cops_log *log);

/**
 * @brief Overwhelming odds (§4, ST-A10): 1 when pool @p a is at least twice
 * pool @p b (12 against 6 qualifies), both counted before Defense; the victory
 * is the Storyteller's to grant (ST-A36).
 * @return 1, 0, or ::COPS_ERANGE (a pool below 0 or past 128)
 * @since 0.15.0
 */
COPS_API int cops_st_overwhelming(int a, int b);

/**
 * @brief A non-dramatic fight (§3, ST-A9, ST-A36): one opposed roll, each side
 * Strength + Vigor + Brawl (or the pool the caller gives, -1 for that one);
 * more successes wins, a tie is a draw; with @p damage, each side takes bashing
 * equal to the other's successes.
 * @param ctx the dice
 * @param a one side (id 0 in the events)
 * @param b the other (id 1)
 * @param rules NULL for the defaults
 * @param pool_a @p a's dice, -1 for Strength + Vigor + Brawl
 * @param pool_b @p b's dice, -1 for the same
 * @param damage 1: the bashing of ST-A9 is marked, 0: none
 * @param[out] winner ::COPS_ST_ATTACKER (@p a), ::COPS_ST_DEFENDER (@p b) or ::COPS_ST_NOBODY
 * @param log the events, or NULL
 * @since 0.15.0
 */
COPS_API int cops_st_bout(cops_ctx *ctx, cops_st_character *a, cops_st_character *b,
                          const cops_st_rules *rules, int pool_a, int pool_b, int damage,
                          int *winner, cops_log *log);

/**
 * @brief An object (§6.15, ST-M6, ST-M22): Durability (its Defense) and Size
 * (its health boxes), the damage it took, and what a failed roll costs the one
 * who strains at it (ST-A34). A value: fill it with cops_st_object_init().
 */
typedef struct cops_st_object {
  uint32_t size;         /**< sizeof(cops_st_object) */
  char name[48];         /**< 1 .. 47 bytes */
  int durability;        /**< 0 .. 10 (§6.15's table: 0 paper .. 5 titanium) */
  int boxes;             /**< its Size: 1 .. 100 (a lighter 1, a door 5, a car 10, a tank 40) */
  int damage;            /**< taken so far; broken at @c boxes (ST-M22) */
  int failure_damage;    /**< bashing boxes a roll of 0 successes costs (steel cuffs: 1); 0 none */
} cops_st_object;

/** @brief An object named @p name; the macro passes sizeof(cops_st_object). @since 0.15.0 */
COPS_API int cops_st_object_init_sized(cops_st_object *o, size_t size, const char *name,
                                       int durability, int boxes);
/** @brief cops_st_object_init_sized() with sizeof(cops_st_object). @since 0.15.0 */
#define cops_st_object_init(o, name, durability, boxes) \
  cops_st_object_init_sized((o), sizeof(cops_st_object), (name), (durability), (boxes))

/**
 * @brief One go at an object (§6.15, ST-A34, ST-A35): an unopposed roll of
 * @p dice (-1: Strength + Vigor, the examples' pool) less its effective
 * Durability, max(0, Durability - the weapon's code); the successes are its
 * damage (no weapon code added), which accumulates; a roll with 0 successes
 * costs the character the object's failure damage in bashing. @p mode
 * ::COPS_ST_AVERAGE gives a third of the pool without a roll (ST-A35).
 * @param o the object, its damage updated
 * @param ctx the dice
 * @param ch the character who strikes or strains
 * @param rules NULL for the defaults
 * @param id the character's id in the events
 * @param weapon the character's weapon index, -1 bare hands
 * @param dice the pool before the Durability, -1 for Strength + Vigor
 * @param mode ::COPS_ST_DICE, or ::COPS_ST_AVERAGE for a third of the pool
 * @param[out] successes may be NULL
 * @param log the events, or NULL
 * @return ::COPS_OK; ::COPS_ESTATE (already broken); ::COPS_EINVAL; ::COPS_ERANGE
 * @since 0.15.0
 */
COPS_API int cops_st_object_strike(cops_st_object *o, cops_ctx *ctx, cops_st_character *ch,
                                   const cops_st_rules *rules, int id, int weapon, int dice,
                                   int mode, int *successes, cops_log *log);

COPS_END_DECLS

#endif
