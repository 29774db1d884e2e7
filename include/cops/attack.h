/**
 * @file cops/attack.h
 * @brief One attack resolved completely (COPS.md C6.1-C6.4, C8.1-C8.3, C10,
 * C11): the to-hit roll, locations, damage through armour, hit points, the
 * stopping-power roll and the conditions it leaves; every die traced in an
 * optional event log (<cops/events.h>). Draw order: docs/randomness.md.
 *
 * A ::cops_outcome is a reusable result, like ::cops_roll: create it once,
 * resolve into it many times, free it once.
 */
#ifndef COPS_ATTACK_H
#define COPS_ATTACK_H

#include <cops/common.h>
#include <cops/rng.h>
#include <cops/dice.h>
#include <cops/character.h>
#include <cops/weapon.h>
#include <cops/armour.h>
#include <cops/events.h>

COPS_BEGIN_DECLS

/** Rulesets (docs/alternative-rules.md). */
enum cops_rulesets {
  COPS_RULES_CORE = 0,        /**< C6, C10, C11 */
  COPS_RULES_ALTERNATIVE,     /**< the alternative combat rules of 002 (COPS.md A1-A5). @since 0.13.0 */
  COPS_RULES_COUNT
};
/** @brief A ruleset's name as files spell it ("core", "alternative"), or NULL. @since 0.13.0 */
COPS_API const char *cops_ruleset_name(int ruleset);
/** @brief Read a ruleset's name ("core", "alternative"). @return ::COPS_OK or ::COPS_EINVAL @since 0.13.0 */
COPS_API int cops_ruleset_parse(const char *text, int *out);

/** Attitudes (C6): the value is the modifier. */
enum cops_attitudes {
  COPS_PLANQUE = -2,
  COPS_PRUDENT = -1,
  COPS_NORMAL = 0,
  COPS_AGRESSIF = 1,
  COPS_ULTRA_VIOLENT = 2
};
/** @brief An attitude's name ("Ultra-violent"; English "Ultra-violent"), or NULL. @since 0.4.0 */
COPS_API const char *cops_attitude_name(int attitude, int lang);
/** @brief Read an attitude (French or English, any case or accent; "+1" too). @since 0.4.0 */
COPS_API int cops_attitude_parse(const char *text, int *out);
/**
 * @brief The initiative range a Réflexes value allows (C6): 1 gives +2..+2,
 * 5 gives -2..+2.
 * @since 0.4.0
 */
COPS_API int cops_initiative_range(int reflexes, int *lowest, int *highest);

/** Hit locations of the core rules (C10.3). */
enum cops_zones {
  COPS_ZONE_LEGS = 0,   /**< d10 1-2, modifier 0 */
  COPS_ZONE_ABDOMEN,    /**< 3-4, modifier 1 */
  COPS_ZONE_TORSO,      /**< 5-7, modifier 2 */
  COPS_ZONE_ARMS,       /**< 8-9, modifier 0 */
  COPS_ZONE_HEAD,       /**< 10, modifier 3 */
  COPS_ZONE_COUNT
};
/**
 * Sides of the body (A4.1): the alternative rules tell the right leg (d10 1) from
 * the left (2) and the right arm (8) from the left (9); the core rules do not.
 */
enum cops_body_sides {
  COPS_BODY_NONE = 0,   /**< no side: the core rules, or a location that has none */
  COPS_BODY_RIGHT,      /**< right leg or arm */
  COPS_BODY_LEFT        /**< left leg or arm */
};
/** @brief The side a location d10 gives under A4.1 (1, 8 right; 2, 9 left; else none), or ::COPS_ERANGE. @since 0.13.0 */
COPS_API int cops_body_side_of_die(int d10);
/** @brief A side's name ("droite"; "right"), or NULL (also for ::COPS_BODY_NONE). @since 0.13.0 */
COPS_API const char *cops_body_side_name(int side, int lang);

/** @brief A zone's name ("torse"; "torso"), or NULL. @since 0.4.0 */
COPS_API const char *cops_zone_name(int zone, int lang);
/** @brief The zone a location d10 gives (C10.3), or ::COPS_ERANGE. @since 0.4.0 */
COPS_API int cops_zone_of_die(int d10);
/** @brief A zone's modifier: 0, 1, 2, 0, 3 (C10.3), or ::COPS_ERANGE. @since 0.4.0 */
COPS_API int cops_zone_modifier(int zone);

/** Results of a stopping-power roll (C10.4). */
enum cops_stopping_results {
  COPS_STOP_NONE = -1,   /**< no roll (not hit, or already unconscious) */
  COPS_STOP_STEADY = 0,  /**< success: no negative initiative next round */
  COPS_STOP_SHAKEN = 1,  /**< failed with a success: -1 die to physical actions and no negative initiative next round */
  COPS_STOP_OUT = 2,     /**< no success: out of the fight, recovery rolls later */
  COPS_STOP_UNAFFECTED = 3, /**< A5: more successes than the FA: unaffected. @since 0.13.0 */
  COPS_STOP_STOPPED = 4,    /**< A5: as many as the FA: loses the next action, attitude Normal (::COPS_COND_STOPPED). @since 0.13.0 */
  COPS_STOP_MISHAP = 5,     /**< A5: fewer: stopped, and a mishap by location (::cops_mishaps). @since 0.13.0 */
  COPS_STOP_RESULT_COUNT
};

/** Mishaps of a failed stopping roll under the alternative rules (A5), as bits. @since 0.13.0 */
enum cops_mishaps {
  COPS_MISHAP_KNOCKED_DOWN = 0x1, /**< legs, abdomen or chest: knocked to the ground away from the attack (::COPS_COND_ON_GROUND) */
  COPS_MISHAP_UNCONSCIOUS = 0x2,  /**< head: unconscious for minutes (::COPS_COND_KNOCKED_OUT) */
  COPS_MISHAP_DROP_RIGHT = 0x4,   /**< right arm: drops what the right hand held */
  COPS_MISHAP_DROP_LEFT = 0x8     /**< left arm: drops what the left hand held */
};
/** @brief A mishap's name (one bit: "knocked_down", "unconscious", "drop_right", "drop_left"), or NULL. @since 0.13.0 */
COPS_API const char *cops_mishap_name(int mishap);
/** @brief A stopping result's name, or NULL. @since 0.4.0 */
COPS_API const char *cops_stopping_name(int result, int lang);

/** Kinds of attack. */
enum cops_attack_modes {
  COPS_ATTACK_SINGLE = 0, /**< one shot (C10.1-C10.4); a thrown weapon too */
  COPS_ATTACK_BURST,      /**< controlled burst (C10.6) */
  COPS_ATTACK_COVER,      /**< covering fire (C10.5); then cops_cover_nerve_under(), cops_cover_enter() */
  COPS_ATTACK_MELEE,      /**< melee with a weapon (C11) */
  COPS_ATTACK_STRIKE,     /**< unarmed strike (C11.1 Coups) */
  COPS_ATTACK_HOLD,       /**< unarmed hold (C11.1 Immobilisation) */
  COPS_ATTACK_THROW,      /**< unarmed throw (C11.1 Projection) */
  COPS_ATTACK_ESCAPE,     /**< the held attacker breaks free from the target (C11.1) */
  COPS_ATTACK_MODE_COUNT
};
/** @brief A mode's name ("single", "burst", ...), or NULL. @since 0.4.0 */
COPS_API const char *cops_attack_mode_name(int mode);
/** @brief Read a mode's name. @since 0.4.0 */
COPS_API int cops_attack_mode_parse(const char *text, int *out);

/** Largest distance in metres. */
#define COPS_DISTANCE_MAX 100000

/**
 * @brief What an attack starts from. Initialise with cops_situation_init()
 * (which sets @c size and the defaults); the struct only grows at its end.
 */
typedef struct cops_situation {
  uint32_t size;                /**< sizeof(cops_situation), set by cops_situation_init() */
  int ruleset;                  /**< ::COPS_RULES_CORE */
  int mode;                     /**< ::cops_attack_modes */
  cops_character *attacker;     /**< who attacks */
  cops_weapon *weapon;          /**< NULL for bare hands (strike, hold, throw, escape) */
  int attitude;                 /**< the attacker's, -2..2 (C6.1) */
  int initiative;               /**< the attacker's chosen initiative (C6.2); 0 in melee (C6.4) */
  int characteristic;           /**< -1: the skill's usual one (C3); else a ::cops_characteristic */
  int movement;                 /**< metres moved this round, 0..10 (C6.3) */
  int shots_fired;              /**< shots the attacker already fired this round (C10.7) */
  int several;                  /**< 1: several shots declared this round (C10.7) */
  cops_character *target;       /**< NULL only for covering fire */
  const cops_armour *armour;    /**< worn by the target, or NULL */
  int target_attitude;          /**< -2..2: defence against shots (C10.2); own dice in melee */
  cops_weapon *target_weapon;   /**< melee: what the target fights back with; NULL bare hands */
  int target_mode;              /**< melee: -1 (a weapon's blow, or a strike bare-handed), or STRIKE, HOLD, THROW, MELEE */
  const cops_armour *attacker_armour; /**< melee: worn by the attacker, when hit back */
  int distance;                 /**< metres, 0..::COPS_DISTANCE_MAX */
  int dice_mod;                 /**< GM: the attacker's dice */
  int threshold_mod;            /**< GM: the attacker's threshold */
  int difficulty_mod;           /**< GM: weather, light ... (C10.2) */
  int target_dice_mod;          /**< GM: the target's dice in an opposed roll */
  int target_stopping;          /**< -1: the higher of Carrure and Sang-froid (C10.4 RULING) */
  int attacker_stopping;        /**< the same for the attacker hit back in melee */
  int penetration;              /**< 0: off; else a bullet doing this much damage or more gets a ::COPS_EV_PENETRATION event (C10.8 RULING), 1..1000 */
  /* Since 0.7.0. A caller built against 0.6 gets the defaults. */
  int attacker_id;              /**< the id events give the attacker, -1..INT_MAX (default 0). @since 0.7.0 */
  int target_id;                /**< the id events give the target (covering fire: the one at the zone's centre), -1..INT_MAX (default 1). @since 0.7.0 */
  int zone_x;                   /**< covering fire: the zone's centre (x) in metres, for its event. @since 0.7.0 */
  int zone_y;                   /**< covering fire: the zone's centre (y) in metres, for its event. @since 0.7.0 */
  int zone_radius;              /**< covering fire: the zone's radius in metres, 0 (default) when it has no position. @since 0.7.0 */
  /* Since 0.9.0. */
  int adrenaline;               /**< 1: the attacker spends an Adrénaline point for one more die on the attack roll (C5; ::COPS_ERULE with no point left or on a skill without it, C3). @since 0.9.0 */
  int anciennete;               /**< 1: when the attacker's roll fails (in melee: loses), it spends an Ancienneté point, if it has one left, to roll it again; a success then has MR 0 (C5). @since 0.9.0 */
  int target_threshold_mod;     /**< GM: the target's threshold in an opposed roll (melee), -10..10. @since 0.10.0 */
  int target_adrenaline;        /**< 1: in melee the target spends an Adrénaline point for one more die on its own roll (C5; ::COPS_ERULE with no point left). @since 0.10.0 */
  int distance_cm;              /**< the true distance in centimetres when it is not whole metres (an encounter's diagonal), 0: @c distance alone. Point-blank (under 2 m) and short range (under 10 m) read it (C6.5); ranges and reach read @c distance, the metres rounded up, which it must round up to. @since 0.10.0 */
  /* Since 0.13.0: the alternative rules (COPS.md A; 0 under the core rules). */
  int aim;                      /**< A2.1, A2.2, A3.1, A3.2: the location d10 face (1..10) the attacker moves the location roll toward, one step per excess success (10: the head); 0: no shift. @since 0.13.0 */
  int bullets;                  /**< A2.3: the bullets of covering fire, 4 .. rounds loaded; 0: the whole magazine. @since 0.13.0 */
  int holding;                  /**< A3.4: 1 when the attacker holds the target (its attacks then go against the held character's Carrure). @since 0.13.0 */
  int knockout_minutes;         /**< A5: minutes a head mishap leaves the target unconscious, 1..1440; 0: 1d10 rolled (RULING). @since 0.13.0 */
} cops_situation;

/**
 * @brief Fill @p s for @p mode: core rules, Normal attitudes, initiative 0,
 * usual characteristic, no movement, no shot fired, distance 0, no modifier,
 * the default stopping characteristic, every pointer NULL, attacker id 0 and
 * target id 1.
 *
 * Writes @p size bytes at most (the caller's sizeof, docs/abi.md) and sets
 * @c size to it. The macro cops_situation_init(s, mode) passes sizeof(cops_situation).
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, unknown mode, a size below the first
 *         published one or above the library's)
 * @since 0.7.0
 */
COPS_API int cops_situation_init_sized(cops_situation *s, size_t size, int mode);
/** @brief The function of 0.4-0.6, for programs built against them: fills the 0.6 layout. @since 0.4.0 */
COPS_API int cops_situation_init(cops_situation *s, int mode);
/** @brief cops_situation_init_sized() with sizeof(cops_situation): what a program calls. @since 0.7.0 */
#define cops_situation_init(s, mode) cops_situation_init_sized((s), sizeof(cops_situation), (mode))

/** Opaque reusable result of an attack. */
typedef struct cops_outcome cops_outcome;
/** @brief A new, empty outcome. @since 0.4.0 */
COPS_API int cops_outcome_new(cops_outcome **out);
/** @brief A new, empty outcome whose memory comes from @p ctx's allocator; it may outlive @p ctx. @since 0.7.0 */
COPS_API int cops_outcome_new_in(cops_outcome **out, cops_ctx *ctx);
/**
 * @brief Free an outcome. NULL is accepted. Called from a random callback
 * while an attack fills it, the free is refused (the attack fails with
 * ::COPS_ESTATE); free it after the call. @since 0.4.0
 */
COPS_API void cops_outcome_free(cops_outcome *o);

/**
 * @brief Resolve one attack. The target's hit points and conditions change,
 * the weapon's rounds go down; with @p log (may be NULL) every step is
 * appended as events.
 *
 * Errors (nothing changes, no die is drawn): ::COPS_EINVAL (NULL, a field
 * out of range, an initiative outside the attacker's Réflexes, a weapon of
 * the wrong kind for the mode); ::COPS_ERULE (an empty weapon, covering fire
 * with fewer than 4 rounds or without VC, a burst without VRC, a shot beyond
 * CT, a melee attack beyond reach, movement beyond 10 m, an attacker who
 * cannot act, a dead target, a held attacker doing anything but escape).
 * A shot beyond twice the range or with fewer than one die is not an error:
 * it misses without a roll, and the round is still fired (C10.1, C10.2).
 * ::COPS_ERNG from a callback source, ::COPS_ENOMEM, ::COPS_ESTATE (called
 * from the random callback of the context, or into an outcome being filled).
 *
 * All or nothing: on any error the outcome is empty and the attacker, the
 * target, the weapon, the log and the context's seeded or system source are
 * exactly as before the call, so the same call can be made again.
 * Events name the attacker and the target by the situation's @c attacker_id
 * and @c target_id.
 * @rule C6.1 C6.2 C6.3 C6.4 C8.1 C8.2 C8.3 C10 C11
 * @since 0.4.0
 */
COPS_API int cops_attack(cops_outcome *out, const cops_situation *s, cops_log *log);

/**
 * @brief Covering fire's effect on a character under it (C10.5): roll
 * `6+/Sang-froid (3)`. On failure the character is ::COPS_COND_PINNED (takes
 * cover or leaves the zone).
 * @param[out] roll the nerve roll, filled
 * @param ch the character under the covering fire
 * @param log the log the events go to; may be NULL
 * @param[out] steady 1 when the roll succeeded
 * Events name the character by id 1 (the target of the covering fire; the
 * encounter uses its combatants' ids). All or nothing, as cops_attack().
 * @since 0.4.0
 */
COPS_API int cops_cover_nerve(cops_roll *roll, cops_character *ch, cops_log *log, int *steady);
/**
 * @brief Whether covering fire @p cover (an outcome of ::COPS_ATTACK_COVER)
 * makes a zone whose characters roll their nerve: under the core rules any
 * covering fire fired does (C10.5: "sous le feu d'un tir de couverture"),
 * under the alternative rules only a successful one (A2.3: "en cas de succès
 * le tir couvre une zone"). docs/rulings.md, C10.5 and A2.3.
 * @param cover the covering fire's outcome
 * @param[out] zone 1 when it makes a zone, 0 when not
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, or an outcome of another mode)
 * @rule C10.5 A2.3
 * @since 0.17.0
 */
COPS_API int cops_cover_zone(const cops_outcome *cover, int *zone);
/**
 * @brief cops_cover_nerve() under covering fire @p cover: refused with
 * ::COPS_ERULE when that fire makes no zone (cops_cover_zone(): a failed
 * covering fire under the alternative rules, A2.3), so that nobody is pinned
 * by a zone that does not exist. Events name the character by the covering
 * fire's target id. All or nothing, as cops_attack().
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, not covering fire); ::COPS_ERULE
 *         (no zone; the character cannot act); as cops_cover_nerve()
 * @rule C10.5 A2.3
 * @since 0.17.0
 */
COPS_API int cops_cover_nerve_under(cops_roll *roll, const cops_outcome *cover,
                                    cops_character *ch, cops_log *log, int *steady);
/**
 * @brief A character enters (or stays in) the zone of covering fire @p cover
 * (an outcome of ::COPS_ATTACK_COVER): (MR + 1) d10, +1 if Agressif, +2 if
 * Ultra-violent, never more than the bullets fired; each 10 is a bullet hit,
 * resolved as a shot's bullet (location, damage, then one stopping roll).
 * Covering fire that failed gives no d10 and no hit.
 * Events name the shooter by the covering fire's attacker id and the
 * character by its target id. All or nothing, as cops_attack().
 * @rule C10.5
 * @since 0.4.0
 */
COPS_API int cops_cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                              const cops_armour *armour, int attitude, cops_log *log);
/**
 * @brief The recovery roll of a character out of the fight, at the start of
 * a later round (C10.4): `6+/Carrure or Sang-froid`, difficulty FA +
 * location modifier - 1 per round elapsed (this call counts one more).
 * Success clears ::COPS_COND_OUT.
 * @param[out] roll the recovery roll, filled
 * @param ch the character out of the fight
 * @param characteristic -1 for the higher of Carrure and Sang-froid
 * @param log the log the events go to; may be NULL
 * @param[out] recovered 1 when the character is back in the fight
 *
 * Events name the character by id 1. All or nothing, as cops_attack().
 * @return ::COPS_ESTATE when the character is not out of the fight
 * @since 0.4.0
 */
COPS_API int cops_recovery_roll(cops_roll *roll, cops_character *ch, int characteristic,
                                cops_log *log, int *recovered);
/**
 * @brief Standing up after a throw (C11.1): `6+/Coordination (3)` (RULING:
 * threshold 6+). Success clears ::COPS_COND_ON_GROUND.
 * Events name the character by id 1. All or nothing, as cops_attack().
 * @return ::COPS_ESTATE when the character is not on the ground
 * @since 0.4.0
 */
COPS_API int cops_stand_up(cops_roll *roll, cops_character *ch, cops_log *log, int *stood);

/** One bullet or blow that reached a character, as read by cops_outcome_hit(). */
typedef struct cops_hit {
  uint32_t size;       /**< set to sizeof(cops_hit) by the caller */
  int victim;          /**< 0: the target; 1: the attacker (hit back in melee) */
  int bullet;          /**< 1-based */
  int die;             /**< the location d10 (plus the burst offset); 0 unlocated */
  int location;        /**< ::cops_zones, or -1 (a throw is unlocated) */
  int modifier;        /**< the location modifier */
  int raw;             /**< PU d6 total, or the fixed damage of a strike or throw */
  int protection;      /**< armour d6 total plus its fixed part */
  int bonus;           /**< location d6 (points for a strike) */
  int damage;          /**< what came off the hit points */
  int stopped;         /**< the armour stopped it: no location dice */
  /* Since 0.13.0. */
  int body_side;       /**< ::cops_body_sides (A4.1; none under the core rules). @since 0.13.0 */
  int rolled;          /**< the location d10 as rolled, before the shifts of excess successes (A2); @c die is where it ended. @since 0.13.0 */
} cops_hit;

/** What an attack did to one character, as read by cops_outcome_victim(). */
typedef struct cops_victim {
  uint32_t size;       /**< set to sizeof(cops_victim) by the caller */
  const cops_character *who;   /**< the character */
  int hits;            /**< bullets or blows in */
  int damage;          /**< total */
  int lasting;         /**< 15 or more (C8.3) */
  int hp_before;       /**< hit points before the attack */
  int hp_after;        /**< hit points after it */
  int health_before;   /**< ::cops_health before */
  int health_after;    /**< ::cops_health after */
  int stopping;        /**< ::cops_stopping_results */
  int stopping_difficulty;  /**< the difficulty of the stopping-power roll (C10.4) */
  unsigned conditions; /**< ::cops_conditions this attack set (even those the character already had) */
  /* Since 0.13.0. Under the alternative rules @c stopping_difficulty is the attack's FA (A5). */
  int stopping_threshold;   /**< the threshold of the stopping roll: 6 under the core rules, the attack's under A5. @since 0.13.0 */
  unsigned mishaps;    /**< A5: the ::cops_mishaps the attack caused. @since 0.13.0 */
  int minutes;         /**< A5: minutes unconscious after a head mishap, 0 none. @since 0.13.0 */
} cops_victim;

/** Rolls kept by an outcome, for cops_outcome_roll(). */
enum cops_outcome_rolls {
  COPS_OUTCOME_ATTACK = 0,     /**< the attacker's roll (empty when impossible) */
  COPS_OUTCOME_DEFENCE,        /**< the target's opposed roll in melee */
  COPS_OUTCOME_COVER_HITS,     /**< the d10 of cops_cover_enter() */
  COPS_OUTCOME_STOPPING,       /**< the target's stopping-power roll */
  COPS_OUTCOME_STOPPING_BACK,  /**< the attacker's, hit back in melee */
  COPS_OUTCOME_ROLL_COUNT
};

/** @brief The mode resolved, or a negative code (::COPS_ESTATE when empty). @since 0.4.0 */
COPS_API int cops_outcome_mode(const cops_outcome *o);
/** @brief 1 if the attacker hit the target (a hold or throw: took effect). @since 0.4.0 */
COPS_API int cops_outcome_hit_target(const cops_outcome *o);
/** @brief 1 if a roll was made (0: out of range or fewer than one die). @since 0.4.0 */
COPS_API int cops_outcome_possible(const cops_outcome *o);
/** @brief The attack roll's margin (melee: the difference of successes). @since 0.4.0 */
COPS_API int cops_outcome_margin(const cops_outcome *o, int *margin);
/**
 * @brief Bullets: @p fired (the rounds used), @p hits (bullets or blows that
 * reached anyone); outputs may be NULL.
 * @since 0.4.0
 */
COPS_API int cops_outcome_bullets(const cops_outcome *o, int *fired, int *hits);
/** @brief Hits recorded (bullets and blows, all victims). @since 0.4.0 */
COPS_API int cops_outcome_hit_count(const cops_outcome *o);
/** @brief Read hit @p i. @since 0.4.0 */
COPS_API int cops_outcome_hit(const cops_outcome *o, int i, cops_hit *out);
/** @brief Characters hurt or hit: 0, 1 or 2 (a melee tie). @since 0.4.0 */
COPS_API int cops_outcome_victim_count(const cops_outcome *o);
/** @brief Read victim @p i. @since 0.4.0 */
COPS_API int cops_outcome_victim(const cops_outcome *o, int i, cops_victim *out);
/** @brief A roll of the outcome (borrowed; empty when not rolled), or NULL. @since 0.4.0 */
COPS_API const cops_roll *cops_outcome_roll(const cops_outcome *o, int which);

/**
 * Opaque: the exact odds of a planned attack, before any die (docs/attacks.md,
 * "Odds before the roll"). Made once, computed for as many situations as wanted.
 */
typedef struct cops_attack_odds cops_attack_odds;
/** @brief A new odds object of @p ctx. @since 0.9.0 */
COPS_API int cops_attack_odds_new(cops_attack_odds **out, cops_ctx *ctx);
/** @brief Free it. NULL is accepted. @since 0.9.0 */
COPS_API void cops_attack_odds_free(cops_attack_odds *o);
/**
 * @brief The odds of the attack @p s describes, as cops_attack() would resolve it
 * now: checked as cops_attack() checks it, nothing changes and no die is drawn.
 * Exact, from the laws of <cops/odds.h> by convolution: the attack's roll (with its
 * Adrénaline die, and the Ancienneté re-roll when @c anciennete is set and a point
 * is left), the bullets of a burst with their chained locations (C10.6), every
 * location's damage after armour (C8.1, C10.3), the stopping-power roll with the
 * wound malus of the hit points left (C10.4, C8.2); in melee the opposed rolls
 * (C11, C11.1). Covering fire's hits come when someone enters its zone
 * (cops_cover_enter()), not here: its odds are those of its roll.
 * @param o the odds object
 * @param s the planned attack (its @c size set, as for cops_attack())
 * @return ::COPS_OK; the codes of cops_attack() for a situation it refuses
 * @rule C5 C8.1 C8.2 C10.1 C10.2 C10.3 C10.4 C10.6 C11 C11.1
 * @since 0.9.0
 */
COPS_API int cops_attack_odds_compute(cops_attack_odds *o, const cops_situation *s);
/**
 * @brief The chance the attack hits: a bullet in, the blow lands (a hold with MR 1,
 * a throw with MR 2), covering fire's roll succeeds, an escape frees.
 * @param o computed odds
 * @param[out] p the chance
 * @param[out] hit_back melee: the chance the target's blow lands on the attacker; 0
 *             otherwise (may be NULL)
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE before a computation
 * @since 0.9.0
 */
COPS_API int cops_attack_odds_hit(const cops_attack_odds *o, double *p, double *hit_back);
/** @brief The chance that @p k bullets (or blows) reach the target, k = 0..10 (0 outside). @since 0.9.0 */
COPS_API int cops_attack_odds_in(const cops_attack_odds *o, int k, double *p);
/** @brief The chance that location @p zone (::cops_zones) is hit at least once. @since 0.9.0 */
COPS_API int cops_attack_odds_zone(const cops_attack_odds *o, int zone, double *p);
/** @brief The chance that the target loses @p d hit points in all (0 for a miss included). @since 0.9.0 */
COPS_API int cops_attack_odds_damage(const cops_attack_odds *o, int d, double *p);
/** @brief The most damage with a chance, or a negative code (::COPS_ESTATE before a computation). @since 0.9.0 */
COPS_API int cops_attack_odds_damage_max(const cops_attack_odds *o);
/** @brief The chance of each ::cops_stopping_results of the target (::COPS_STOP_NONE: no roll). @since 0.9.0 */
COPS_API int cops_attack_odds_stopping(const cops_attack_odds *o, int result, double *p);
/**
 * @brief The chance the target ends at 0 hit points or below (down), and at minus its
 * maximum (dead), with its current hit points.
 * @param o computed odds
 * @param[out] down the chance it goes down
 * @param[out] dead the chance it dies (may be NULL)
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE before a computation
 * @since 0.9.0
 */
COPS_API int cops_attack_odds_down(const cops_attack_odds *o, double *down, double *dead);
/** @brief All of it as JSON (docs/json.md, schemas/attack-odds.schema.json; free with cops_free()). @since 0.9.0 */
COPS_API int cops_attack_odds_to_json(const cops_attack_odds *o, char **out);

COPS_END_DECLS

#endif
