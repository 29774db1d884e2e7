/**
 * @file cops/d6-vehicle.h
 * @brief D6 System vehicles (OTHER-SYSTEMS.md D6 §5.16-§5.18, §6.5; D6-A25, D6-A37,
 * D6-A62, D6-A64; D6-M6, D6-M16, D6-M23): attacks on a vehicle, damage against its
 * Resistance through §5.17's table with what it does to the passengers, collisions, loss of
 * control, crashes and repairs. Included by <cops/d6.h>.
 */
#ifndef COPS_D6_VEHICLE_H
#define COPS_D6_VEHICLE_H

#include <cops/d6.h>

COPS_BEGIN_DECLS

/** Speed levels, in order (§5.18's RULING): each contributes its dice to a collision. */
enum cops_d6_speeds {
  COPS_D6_STOPPED = 0,   /**< 0D */
  COPS_D6_SLOW,          /**< 2D */
  COPS_D6_CRUISING,      /**< 4D */
  COPS_D6_FULL_SPEED,    /**< 6D */
  COPS_D6_FLAT_OUT       /**< 8D */
};

/** §5.17's results (a vehicle's damage, and the outstanding ones a repair clears). */
enum cops_d6_vehicle_results {
  COPS_D6_NO_DAMAGE = 0,     /**< damage not above Resistance (D6-A10) */
  COPS_D6_VERY_LIGHT,        /**< 1-3: −1D to manoeuvre this round and the next */
  COPS_D6_LIGHT,             /**< 4-8: −1D until repaired; passengers 2D */
  COPS_D6_HEAVY,             /**< 9-12: −2D until repaired; passengers 4D */
  COPS_D6_SEVERE,            /**< 13-15: out of control, two speed levels lost a round; 6D if it crashes */
  COPS_D6_DESTROYED          /**< 16+: destroyed, its passengers killed */
};

/** A vehicle's control (D6-M23). */
enum cops_d6_controls {
  COPS_D6_CONTROLLED = 0,    /**< driven */
  COPS_D6_OUT_OF_CONTROL,    /**< slowing two levels a round until stopped, or a crash (D6-A25) */
  COPS_D6_CRASHED,           /**< crashed into an obstacle */
  COPS_D6_WRECKED            /**< destroyed */
};

/** Most outstanding damage results a vehicle keeps. */
#define COPS_D6_VEHICLE_DAMAGE_MAX 8

/** One outstanding damage result and what it took (D6-A25, D6-A37). */
typedef struct cops_d6_vehicle_damage {
  int result;       /**< ::COPS_D6_LIGHT, ::COPS_D6_HEAVY or ::COPS_D6_SEVERE */
  int dice;         /**< manoeuvrability dice it takes */
  int ranks;        /**< top-speed ranks it took */
} cops_d6_vehicle_damage;

/**
 * @brief A vehicle (D6-M6), the caller's value. Initialise with cops_d6_vehicle_init();
 * grows only at its end.
 */
typedef struct cops_d6_vehicle {
  uint32_t size;                 /**< sizeof(cops_d6_vehicle) */
  char name[48];                 /**< 1 to 47 bytes, in the events */
  int scale;                     /**< §5.14: +6 an ordinary car, +3 a motorbike, +10 a bus */
  cops_d6_code resistance;       /**< the Resistance code (§5.17) */
  cops_d6_code manoeuvrability;  /**< the manoeuvrability code */
  int speed;                     /**< a ::cops_d6_speeds value */
  int top_speed;                 /**< the highest speed level it can reach */
  int very_light;                /**< rounds left of a very light result's −1D (2, then 1) */
  int control;                   /**< a ::cops_d6_controls value */
  int ndamage;                   /**< outstanding results in @c damage */
  cops_d6_vehicle_damage damage[COPS_D6_VEHICLE_DAMAGE_MAX]; /**< the results a repair can clear */
} cops_d6_vehicle;

/** @brief A car: scale +6, Resistance 3D, manoeuvrability 2D, stopped, top speed flat out. The macro passes sizeof. @since 0.16.0 */
COPS_API int cops_d6_vehicle_init_sized(cops_d6_vehicle *v, size_t size);
/** @brief cops_d6_vehicle_init_sized() with sizeof(cops_d6_vehicle). @since 0.16.0 */
#define cops_d6_vehicle_init(v) cops_d6_vehicle_init_sized((v), sizeof(cops_d6_vehicle))
/**
 * @brief The dice a vehicle's state takes off its manoeuvrability rolls: every outstanding
 * result's and a very light result's (D6-A25), or ::COPS_EINVAL.
 * @since 0.16.0
 */
COPS_API int cops_d6_vehicle_penalty(const cops_d6_vehicle *v);

/**
 * @brief What damage did to a vehicle. Filled by the calls below; grows only at its end.
 */
typedef struct cops_d6_vehicle_outcome {
  uint32_t size;            /**< the caller's sizeof(cops_d6_vehicle_outcome), set by the caller */
  int attack_total;         /**< an attack: its total */
  int defence_value;        /**< an attack: the difficulty (10, range, scale, or the driver's dodge) */
  int hit;                  /**< an attack: it hit */
  int damage_total;         /**< the damage roll */
  int resistance_total;     /**< the vehicle's Resistance roll */
  int margin;               /**< damage − Resistance */
  int result;               /**< a ::cops_d6_vehicle_results value */
  int passenger_damage;     /**< dice each passenger takes (2, 4; 6 on a crash), 0 for none */
  int ranks_lost;           /**< top-speed ranks lost by this damage (D6-A25) */
} cops_d6_vehicle_outcome;

/**
 * @brief Damage against a vehicle's Resistance (§5.17, D6-A10, D6-A25): damage above
 * Resistance selects the result: very light −1D this round and the next; light −1D and
 * heavy −2D until repaired, each time the manoeuvrability is driven to 0D the top speed
 * lower by 1 (light) or 2 (heavy) ranks and the speed with it; severe: out of control;
 * destroyed: wrecked. The passengers (@p passengers, @p n of them, may be 0) take their
 * damage (2D light, 4D heavy) against their Vigueur as cops_d6_harm() does, or die with a
 * destroyed vehicle. All or nothing; events d6.roll, d6.vehicle and the passengers' own.
 * @param out filled (its @c size set); may be NULL
 * @param ctx the dice
 * @param v the vehicle
 * @param id the vehicle's id in the events
 * @param damage the damage code (a weapon's, a collision's)
 * @param passengers the characters aboard, or NULL when @p n is 0
 * @param ids their ids in the events, or NULL (then 100, 101 ...)
 * @param n how many, 0 .. 16
 * @param rules NULL for the defaults
 * @param log the events, or NULL
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (a wrecked vehicle); ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_vehicle_harm(cops_d6_vehicle_outcome *out, cops_ctx *ctx, cops_d6_vehicle *v,
                                  int id, cops_d6_code damage, cops_d6_character *const *passengers,
                                  const int *ids, int n, const cops_d6_rules *rules,
                                  cops_log *log);

/**
 * @brief An attack on a vehicle (§5.16, D6-A64): the attacker's weapon against 10 (or the
 * driver's dodge with the vehicle's skill, @p dodge_total, which replaces it; -10000 for
 * none), the range band of a missile, the scales (the vehicle's @c scale against the
 * attacker's), then on a hit the weapon's damage (with natural damage for `+` codes)
 * through cops_d6_vehicle_harm(). The attacker's wound, limb and armour penalties, actions
 * and the attack's options do not apply here but @p actions. All or nothing; events
 * d6.attack, d6.roll, d6.result and the vehicle's.
 * @since 0.16.0
 */
COPS_API int cops_d6_attack_vehicle(cops_d6_vehicle_outcome *out, cops_ctx *ctx,
                                    cops_d6_character *attacker, int attacker_id, int weapon,
                                    int distance, int actions, cops_d6_vehicle *v, int id,
                                    int dodge_total, cops_d6_character *const *passengers,
                                    const int *ids, int n, const cops_d6_rules *rules,
                                    cops_log *log);

/** How vehicles meet (§5.18). */
enum cops_d6_impacts {
  COPS_D6_SIDE_ON = 0,       /**< 0D */
  COPS_D6_HEAD_ON,           /**< +3D */
  COPS_D6_FROM_BEHIND,       /**< −3D */
  COPS_D6_INTO_OBJECT        /**< −1D: a vehicle into something standing on the ground (Stopped, 0D) */
};

/**
 * @brief A collision's damage code (§5.18, D6-A62): every vehicle's speed dice (2D a level
 * above Stopped) summed, and one impact modifier, floored at 0D.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE
 * @since 0.16.0
 */
COPS_API int cops_d6_collision_code(const int *speeds, int n, int impact, cops_d6_code *out);

/**
 * @brief A collision (§5.18, D6-A62): @p n vehicles (1 for one into an object), the shared
 * code of cops_d6_collision_code() rolled against each one's Resistance through
 * cops_d6_vehicle_harm(), its passengers with it (@p passengers[i] the @p counts[i]
 * characters of vehicle i, laid end to end). Every vehicle stops (its speed Stopped). All
 * or nothing.
 * @param outs one outcome a vehicle (their @c size set), or NULL
 * @param ctx the dice
 * @param v the vehicles
 * @param ids their ids in the events, or NULL (0, 1 ...)
 * @param n 1 .. 8
 * @param impact a ::cops_d6_impacts value
 * @param passengers the passengers of every vehicle, in order, or NULL
 * @param passenger_ids their ids, or NULL (100, 101 ...)
 * @param counts passengers a vehicle, or NULL for none
 * @param rules NULL for the defaults
 * @param log the events, or NULL
 * @since 0.16.0
 */
COPS_API int cops_d6_collision(cops_d6_vehicle_outcome *outs, cops_ctx *ctx,
                               cops_d6_vehicle *const *v, const int *ids, int n, int impact,
                               cops_d6_character *const *passengers, const int *passenger_ids,
                               const int *counts, const cops_d6_rules *rules, cops_log *log);

/**
 * @brief A vehicle's end of round (D6-M21, D6-A25): a very light result's rounds count
 * down; out of control, it slows by two speed levels until Stopped, then it is controlled
 * again.
 * @return ::COPS_OK, ::COPS_EINVAL
 * @since 0.16.0
 */
COPS_API int cops_d6_vehicle_end_round(cops_d6_vehicle *v);

/**
 * @brief A vehicle out of control meets an obstacle (D6-A25: the scene says so): crashed,
 * stopped, each passenger's 6D rolled against its Vigueur. All or nothing.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERULE (not out of control); ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_vehicle_crash(cops_d6_vehicle_outcome *out, cops_ctx *ctx, cops_d6_vehicle *v,
                                   int id, cops_d6_character *const *passengers, const int *ids,
                                   int n, const cops_d6_rules *rules, cops_log *log);

/** Repair conditions (§6.5, D6-A37). */
#define COPS_D6_WORKSHOP 0x1u   /**< a workshop for the job: −10 */
#define COPS_D6_TOOLS 0x2u      /**< a complete tool set: −5 (not with a workshop) */
#define COPS_D6_UNKNOWN 0x4u    /**< does not know this type of vehicle: +10 */
#define COPS_D6_STUDIED 0x8u    /**< has studied it, never worked on one: +5 (not with UNKNOWN) */

/**
 * @brief A repair (§6.5, D6-A37): the mechanic's @p skill code against 10 (light), 15
 * (heavy) or 20 (severe) for outstanding result @p index, with the conditions (@p flags);
 * a success clears it with its dice and speed ranks; a wrecked vehicle cannot be repaired.
 * The mechanic's wound penalty applies. All or nothing; events d6.roll and d6.vehicle.
 * @param ok 1 on a success (may be NULL)
 * @param ctx the dice
 * @param mechanic who repairs
 * @param mechanic_id its id in the events
 * @param skill the mechanic's repair skill for this vehicle (the host's, D6-A37)
 * @param v the vehicle
 * @param id its id in the events
 * @param index the outstanding result repaired, 0 .. @c ndamage − 1
 * @param flags ::COPS_D6_WORKSHOP, ::COPS_D6_TOOLS, ::COPS_D6_UNKNOWN, ::COPS_D6_STUDIED
 * @param rules NULL for the defaults
 * @param log the events, or NULL
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE; ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_repair(int *ok, cops_ctx *ctx, cops_d6_character *mechanic, int mechanic_id,
                            cops_d6_code skill, cops_d6_vehicle *v, int id, int index,
                            unsigned flags, const cops_d6_rules *rules, cops_log *log);

COPS_END_DECLS

#endif
