/**
 * @file cops/d6-combat.h
 * @brief D6 System combat and damage (OTHER-SYSTEMS.md D6 §5, §8; D6-M12,
 * D6-M13, D6-M14, D6-M15, D6-M20): one attack from the defence value to the
 * wound, damage outside combat, a character's end of round, and the module's
 * events. Included by <cops/d6.h>.
 */
#ifndef COPS_D6_COMBAT_H
#define COPS_D6_COMBAT_H

#include <cops/d6.h>
#include <cops/events.h>

COPS_BEGIN_DECLS

/** How the target defends (§5.3). */
enum cops_d6_defences {
  COPS_D6_NATURAL = 0,   /**< natural defence: 10 (§5.3.1), with §5.3.2's option */
  COPS_D6_ACTIVE,        /**< active defence: a Dodge or parry total in place of 10 (§5.3.3) */
  COPS_D6_TOTAL          /**< total defence: the roll + 10 (§5.3.5) */
};

/** ::cops_d6_attack's @c defence_total: roll the target's defence in this call. */
#define COPS_D6_ROLL_DEFENCE (-10000)

/** An attack option, announced before the roll (§5.12, §5.13). */
enum cops_d6_options {
  COPS_D6_NO_OPTION = 0,   /**< none */
  COPS_D6_SINGLE_SHOT,     /**< one bullet from a weapon able to fire bursts: −2D damage */
  COPS_D6_BURST,           /**< burst fire: −2D to hit, +2D damage */
  COPS_D6_SEVERAL_SHOTS,   /**< several shots of a single-shot weapon: −1D, +1D damage; each shot an action */
  COPS_D6_RANDOM_FIRE,     /**< firing at random: −3D, +3D damage */
  COPS_D6_AIMED,           /**< aimed at a part (@c location arm, leg or weapon): −1D; on a hit it is neutralised (D6-A67) */
  COPS_D6_AIMED_VITAL,     /**< aimed at the head or the heart: −3D, +3D damage */
  COPS_D6_BRUTAL,          /**< a brutal attack: −2D, +2D damage */
  COPS_D6_PRECISE,         /**< a precise attack: +2D, −2D damage (D6-A21) */
  COPS_D6_OPTION_COUNT
};

/** Where an aimed attack strikes (§5.12). */
enum cops_d6_locations {
  COPS_D6_ANYWHERE = 0,    /**< not aimed */
  COPS_D6_ARM,             /**< an arm: −1D to its rolls until treated */
  COPS_D6_LEG,             /**< a leg: −1D to its rolls until treated */
  COPS_D6_WEAPON,          /**< the weapon in hand: knocked away or useless (D6-A67) */
  COPS_D6_HEAD,            /**< the head: only a helmet protects */
  COPS_D6_HEART,           /**< the heart */
  COPS_D6_LOCATION_COUNT
};

/** The target's size when it has no scale value (§5.15, D6-A24). */
enum cops_d6_target_sizes {
  COPS_D6_ANY_SIZE = 0,    /**< no bracket: the scales apply (§5.14) */
  COPS_D6_UNDER_50CM,      /**< −1D to hit */
  COPS_D6_UNDER_10CM,      /**< −4D */
  COPS_D6_UNDER_1CM        /**< −8D */
};

/** Attack flag: the attacker is blinded: −4D (§5.15). */
#define COPS_D6_BLINDED 0x1u
/** Attack flag: the target is blinded: −4D on a defence rolled here (§5.15). */
#define COPS_D6_TARGET_BLINDED 0x2u
/** Attack flag: the attacker surprises the target: +1D on this first action (§5.15). */
#define COPS_D6_SURPRISE 0x4u

/**
 * @brief One attack (D6-M12, D6-M13, D6-M14). Initialise with
 * cops_d6_attack_init(); grows only at its end.
 */
typedef struct cops_d6_attack {
  uint32_t size;                 /**< sizeof(cops_d6_attack) */
  cops_d6_character *attacker;   /**< required, able to act and not limited to defending */
  cops_d6_character *target;     /**< required, not the attacker */
  int attacker_id;               /**< the attacker's id in the events (default 0) */
  int target_id;                 /**< the target's id in the events (default 1) */
  int weapon;                    /**< the attacker's weapon index; -1 bare hands (natural damage) */
  int distance;                  /**< metres to the target, for the range band of a missile, thrown or fired weapon (§5.4.1) */
  int defence;                   /**< a ::cops_d6_defences value */
  int defence_skill;             /**< ACTIVE, TOTAL: ::COPS_D6_DODGE, ::COPS_D6_BRAWLING or ::COPS_D6_MELEE_WEAPONS (a parry), or a vehicle's skill (D6-A64) */
  int defence_total;             /**< ACTIVE, TOTAL: the total the target rolled on its turn, or ::COPS_D6_ROLL_DEFENCE */
  int parry_weapon;              /**< a parry with Melee Weapons: the target's weapon index */
  int defender_actions;          /**< a defence rolled here: the target's actions this round, 1 .. 10 */
  int cover;                     /**< §5.4.2's dice added to the defence value, 0 .. 20 (rolled, D6-A14) */
  int option;                    /**< a ::cops_d6_options value */
  int location;                  /**< AIMED: arm, leg or weapon; AIMED_VITAL: head or heart */
  int actions;                   /**< the attacker's actions this round, 1 .. 10 (D6-A5) */
  int target_size;               /**< a ::cops_d6_target_sizes value */
  unsigned flags;                /**< ::COPS_D6_BLINDED, ::COPS_D6_TARGET_BLINDED, ::COPS_D6_SURPRISE */
  int cp;                        /**< Character Points the attacker spends on the attack roll, 0 .. its own */
  int fp;                        /**< 1: the attacker spends a Fate Point on it */
  const cops_d6_rules *rules;    /**< NULL: the defaults */
} cops_d6_attack;

/** @brief The defaults: bare hands, natural defence, one action. The macro passes sizeof. @since 0.16.0 */
COPS_API int cops_d6_attack_init_sized(cops_d6_attack *a, size_t size);
/** @brief cops_d6_attack_init_sized() with sizeof(cops_d6_attack). @since 0.16.0 */
#define cops_d6_attack_init(a) cops_d6_attack_init_sized((a), sizeof(cops_d6_attack))

/** The range bands (§5.4.1); ::cops_d6_outcome's @c band. */
enum cops_d6_bands {
  COPS_D6_NO_BAND = -1,   /**< a melee attack: no range modifier */
  COPS_D6_POINT_BLANK,    /**< 0-3 m: −5 */
  COPS_D6_SHORT,          /**< to the 1st value: 0 */
  COPS_D6_MEDIUM,         /**< to the 2nd: +5 */
  COPS_D6_LONG            /**< to the 3rd: +10 */
};

/** Who took the damage of an attack. */
enum cops_d6_victims {
  COPS_D6_NOBODY = 0,        /**< nobody */
  COPS_D6_TARGET_HIT = 1,    /**< the target */
  COPS_D6_ATTACKER_HIT = 2   /**< the attacker (a bare-handed blow parried by a weapon, §5.3.4; a throw that lands on the thrower, D6-A39) */
};

/**
 * @brief What an attack or a harm did (D6-M14). Filled by
 * cops_d6_attack_resolve() and cops_d6_harm(); grows only at its end.
 */
typedef struct cops_d6_outcome {
  uint32_t size;           /**< the caller's sizeof(cops_d6_outcome), set by the caller */
  int attack_total;        /**< the attack roll's total */
  int defence_value;       /**< the difficulty to hit, every modifier in */
  int band;                /**< a ::cops_d6_bands value */
  int hit;                 /**< 1: attack total ≥ defence value (§5.5) */
  int level;               /**< attack total − defence value (D6-A70; negative on a miss) */
  int parried;             /**< 1: a parry stopped the attack (§5.3.4, D6-A12) */
  int victim;              /**< a ::cops_d6_victims value */
  int damage_total;        /**< the damage roll's total */
  int resistance_total;    /**< the resistance roll's total (Vigueur + armour, §5.6) */
  int margin;              /**< damage − resistance */
  int steps;               /**< wound levels (steps) inflicted, stun weapons' 2 off (§5.6, §5.9) */
  int hp_lost;             /**< hit points lost (§8.3) */
  int wound_level;         /**< the victim's ::cops_d6_levels value after */
  int massive;             /**< 1: two levels or more at once: only defence this round and the next (§5.10) */
  int unconscious;         /**< minutes the victim is knocked out: a stun's margin (§5.9), 10D at level 4 (§5.7) */
  int check;               /**< the Incapacitated check (D6-A18): -1 none, 0 failed, 1 passed */
  int neutralised;         /**< AIMED: the part hit is neutralised, a ::cops_d6_locations value (D6-A67) */
  int dropped;             /**< 1: a throw whose reach came to 0 or less fell on the thrower (§9.1, D6-A39) */
} cops_d6_outcome;

/**
 * @brief Resolve one attack (§5.3-§5.15, D6-M12-D6-M14): the defence value
 * (natural 10 with §5.3.2's option, or active or total defence, rolled here or
 * given; the range band of a missile; the cover dice), the attack roll
 * (Brawling bare-handed, Melee Weapons, Marksmanship, Throwing for thrown
 * weapons and explosives; the option, multiple actions, the wound, limb and
 * armour penalties, scales, target size, blindness, surprise, a long or
 * clumsy weapon), then on a hit the damage (the weapon's code, + natural
 * damage for `+` codes, unarmed natural damage; option dice, gravity, scale,
 * §5.5's option A) against the target's resistance (Vigueur + the armour that
 * covers the spot), the margin through the wound-margin table (or hit points),
 * stunning weapons, massive damage, the Incapacitated check and the mortal
 * clock. A missed melee attack on a parry deals the parry's damage (§5.3.4).
 * A throw with a Vig range rolls the throw first (D6-A39).
 *
 * The events go to @p log (may be NULL): d6.attack, d6.roll (every die),
 * d6.result, d6.damage, d6.state. All or nothing: on any failure the
 * characters, the log and the seeded source are as before the call.
 * @param out filled (its @c size set by the caller); may be NULL
 * @param ctx the dice and the messages
 * @param a the attack
 * @param log the events, or NULL
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, sizes, an unknown value, an index);
 *         ::COPS_ERANGE (a field); ::COPS_ERULE (the rules forbid it: beyond
 *         long range, an option the weapon cannot use, an attacker who cannot
 *         act or may only defend, points it does not have); ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_attack_resolve(cops_d6_outcome *out, cops_ctx *ctx, const cops_d6_attack *a,
                                    cops_log *log);

/** Initiative flag: this fighter surprises the others: it acts first (§5.15, D6-A6). */
#define COPS_D6_SURPRISER 0x1u
/** Initiative flag: it fights in melee with a weapon longer than 2 m: it acts last (§5.15). */
#define COPS_D6_LONG_IN_MELEE 0x2u

/**
 * @brief A round's initiative (§5.2, D6-A6, D6-M11): each fighter able to act rolls
 * Perception (its penalties included, D6-A17); surprisers first, fighters with a weapon
 * longer than 2 m in melee last, and within each the highest total first, a tie to the
 * higher Perception code, then to a d6 each, drawn again while equal. Fighters who cannot
 * act (unconscious, dying, dead) are left out. All or nothing; events d6.roll (purpose
 * initiative) for each, then d6.initiative for each rank.
 * @param ctx the dice
 * @param fighters the characters, 1 .. 32, each once
 * @param ids their ids in the events, or NULL (0, 1 ...)
 * @param flags each one's ::COPS_D6_SURPRISER, ::COPS_D6_LONG_IN_MELEE, or NULL
 * @param n how many
 * @param rules NULL for the defaults
 * @param log the events, or NULL
 * @param order filled with the indices into @p fighters, first to act first (@p n room)
 * @param totals filled with each fighter's total by index (0 for those left out), or NULL
 * @return the fighters ranked (0 when none can act), or ::COPS_EINVAL, ::COPS_ERANGE,
 *         ::COPS_ERNG, ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_initiative(cops_ctx *ctx, cops_d6_character *const *fighters, const int *ids,
                                const unsigned *flags, int n, const cops_d6_rules *rules,
                                cops_log *log, int *order, int *totals);

/** Harm outside combat (§5.19, D6-M15). */
enum cops_d6_hazards {
  COPS_D6_BOTULISM = 0,      /**< 4D */
  COPS_D6_POISON,            /**< the poison's own code, 6D to 9D (D6-A27) */
  COPS_D6_COLD_OR_HEAT,      /**< significant cold or heat: 1D */
  COPS_D6_EXTREME_COLD_OR_HEAT, /**< 2D */
  COPS_D6_SOCKET,            /**< an electrical socket: 1D */
  COPS_D6_HIGH_VOLTAGE,      /**< a high-voltage line: 9D */
  COPS_D6_FALL,              /**< a fall: 1D a 1.5 m slice past 3 m (D6-A26) */
  COPS_D6_ACID,              /**< hydrochloric acid: 2D+1 */
  COPS_D6_RADIATION,         /**< intense radiation: 3D */
  COPS_D6_FIRE,              /**< a single flame: 1D */
  COPS_D6_HAZARD_COUNT
};

/**
 * @brief A hazard's damage code (§5.19): @p amount is a poison's dice (6 .. 9)
 * or a fall's height in centimetres (0 .. 100000), ignored otherwise.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE
 * @since 0.16.0
 */
COPS_API int cops_d6_hazard_code(int hazard, int amount, const cops_d6_rules *rules,
                                 cops_d6_code *out);
/** @brief A hazard's name ("botulism", "fall"), or NULL. @since 0.16.0 */
COPS_API const char *cops_d6_hazard_name(int hazard);

/**
 * @brief Damage outside an attack (§5.19, §8.3): @p damage rolled against
 * the character's Vigueur (protections left out: D6-L4), the margin applied as
 * an attack's is. All or nothing; events d6.roll, d6.damage, d6.state.
 * @param out filled (its @c size set); may be NULL
 * @param ctx the dice
 * @param ch the character harmed
 * @param id its id in the events
 * @param damage the damage code (cops_d6_hazard_code() for the seed's list)
 * @param stun 1: a stunning harm (§5.9)
 * @param rules NULL for the defaults
 * @param log the events, or NULL
 * @since 0.16.0
 */
COPS_API int cops_d6_harm(cops_d6_outcome *out, cops_ctx *ctx, cops_d6_character *ch, int id,
                          cops_d6_code damage, int stun, const cops_d6_rules *rules,
                          cops_log *log);

/**
 * @brief A character's end of round (D6-M21): Stunned's −1D ends (D6-A17),
 * level 1 clears after 12 rounds (§6.1), massive damage's defence-only rounds
 * and unconsciousness count down, and at level 5 the mortal clock turns: from
 * the round after the wound, a Vigueur roll at full dice against the whole
 * minutes at level 5, death below it (D6-A19), unless stabilised. All or
 * nothing; events d6.roll and d6.state.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_character_end_round(cops_d6_character *ch, cops_ctx *ctx, int id,
                                         const cops_d6_rules *rules, cops_log *log);

/* ---- Events (docs/d6.md, "Events") ---------------------------------------------------- */

/** The D6 module's event types (cops_event_type_name(): "d6.attack" ...). */
enum cops_d6_event_types {
  COPS_D6_EV_ATTACK = 2000,  /**< an attack declared: weapon, option, location, distance, defence */
  COPS_D6_EV_ROLL,           /**< a code rolled: purpose, its dice, total, free die, success */
  COPS_D6_EV_RESULT,         /**< an attack's result: totals, band, hit, level, parried */
  COPS_D6_EV_DAMAGE,         /**< damage against resistance: the margin and what it did */
  COPS_D6_EV_STATE,          /**< a change of state: knocked out, wakes, recovers, dies ... */
  COPS_D6_EV_HEAL,           /**< a recovery or a treatment: its kind, the levels before and after, HP regained */
  COPS_D6_EV_VEHICLE,        /**< a vehicle's damage, crash, stop or repair: its result and state after */
  COPS_D6_EV_INITIATIVE,     /**< a fighter's rank in the round: its total, Perception, tie-break die */
  COPS_D6_EV_ROUND,          /**< a fight's round begins */
  COPS_D6_EV_TURN,           /**< a fighter's turn: its action, actions counted, defence, move */
  COPS_D6_EV_HOLD,           /**< a hold taken, kept, escaped or let go (D6-A68) */
  COPS_D6_EV_DISARM,         /**< a disarm: the contest's outcome, or the weapon changing hands (§5.13, D6-A22) */
  COPS_D6_EV_COORDINATE,     /**< a coordinator's group: its Command roll's outcome, its members (D6-A23) */
  COPS_D6_EV_END,            /**< a fight's end: the winning side, the rounds */
  COPS_D6_EV_SPELL,          /**< a spell cast: its difficulty, the total, the outcome (§7.7) */
  COPS_D6_EV_PSIONIC,        /**< a psionic power used: the power, difficulty, total, outcome (§7.13) */
  COPS_D6_EV_PREPARE,        /**< a spell's preparation in a fight: rounds done, needed, or interrupted (D6-M22) */
  COPS_D6_EV_DECLARE,        /**< a policy's plan for a fighter's turn, with the odds it weighed (the tactical policy's; docs/d6.md, "Policies"). @since 0.17.0 */
  COPS_D6_EV_TYPE_END
};

/** Why a D6 code was rolled (::COPS_D6_EV_ROLL's purpose). */
enum cops_d6_purposes {
  COPS_D6_FOR_ATTACK = 0,     /**< the attack roll */
  COPS_D6_FOR_DEFENCE,        /**< an active or total defence rolled */
  COPS_D6_FOR_COVER,          /**< the cover and visibility dice (§5.4.2) */
  COPS_D6_FOR_THROW,          /**< a throw's reach (D6-A39) */
  COPS_D6_FOR_DAMAGE,         /**< damage */
  COPS_D6_FOR_RESISTANCE,     /**< resistance (§5.6) */
  COPS_D6_FOR_CHECK,          /**< the Incapacitated check (D6-A18) */
  COPS_D6_FOR_KNOCKOUT,       /**< 10D minutes unconscious (§5.7) */
  COPS_D6_FOR_SURVIVAL,       /**< the mortal wound's roll (D6-A19) */
  COPS_D6_FOR_RECOVERY,       /**< natural recovery (§6.1) */
  COPS_D6_FOR_TREATMENT,      /**< Medicine or Knowledge on a patient (§6.2, §6.3) */
  COPS_D6_FOR_VEHICLE,        /**< a vehicle's Resistance (§5.17) */
  COPS_D6_FOR_REPAIR,         /**< a repair (§6.5) */
  COPS_D6_FOR_INITIATIVE,     /**< Perception for initiative (D6-A6) */
  COPS_D6_FOR_COMMAND,        /**< a coordinator's Command (D6-A23) */
  COPS_D6_FOR_ESCAPE,         /**< the opposed Vigueur rolls of an escape (§5.13, D6-A68) */
  COPS_D6_FOR_DISARM,         /**< the opposed Vigueur rolls of a disarm, and its damage roll under `disarm_vs_damage_roll` (D6-A22) */
  COPS_D6_FOR_SPELL,          /**< a spell's casting roll (§7.7) */
  COPS_D6_FOR_RESIST,         /**< a being's Willpower against a Teleportation (D6-A51) */
  COPS_D6_FOR_BACKLASH,       /**< a critical failure's damage on the caster (§7.9, D6-A49) */
  COPS_D6_FOR_PSIONIC,        /**< a psionic power's roll (§7.13) */
  COPS_D6_PURPOSE_COUNT
};

/** A change of state (::COPS_D6_EV_STATE). */
enum cops_d6_states {
  COPS_D6_KNOCKED_OUT = 0,   /**< unconscious for @c value minutes */
  COPS_D6_WAKES,             /**< wakes up */
  COPS_D6_STUN_ENDS,         /**< level 1 cleared after 12 rounds (§6.1) */
  COPS_D6_DEFEND_ONLY,       /**< massive damage: only defence for @c value rounds (§5.10) */
  COPS_D6_DYING,             /**< level 5: the mortal clock starts (D6-A19) */
  COPS_D6_DIES,              /**< killed */
  COPS_D6_LIMB,              /**< a part neutralised by an aimed attack (@c value: a ::cops_d6_locations value) */
  COPS_D6_CONFUSED,          /**< confused by a spell's critical failure: no action to the end of the next round (§7.7) */
  COPS_D6_STATE_COUNT
};

/**
 * @brief The fields of a D6 event that a ::cops_event does not carry, each
 * named for the types that set it (0 elsewhere). Grows only at its end.
 */
typedef struct cops_d6_event {
  uint32_t size;        /**< the caller's sizeof(cops_d6_event) */
  int option;           /**< ATTACK, DECLARE: a ::cops_d6_options value */
  int location;         /**< ATTACK: a ::cops_d6_locations value */
  int distance;         /**< ATTACK: metres */
  int defence;          /**< ATTACK: a ::cops_d6_defences value */
  int defence_skill;    /**< ATTACK: the trait of an active or total defence, or -1 */
  int cover;            /**< ATTACK: cover dice */
  int flags;            /**< ATTACK: the attack's flags */
  int purpose;          /**< ROLL: a ::cops_d6_purposes value */
  cops_d6_code code;    /**< ROLL: the code rolled */
  int dice_rolled;      /**< ROLL: dice after the modifiers */
  int difficulty;       /**< ROLL: the difficulty, or ::COPS_D6_NO_DIFFICULTY */
  int total;            /**< ROLL: the total */
  int free_face;        /**< ROLL: the free die's first face, 0 without one */
  int success;          /**< ROLL: 1, 0, or -1 without a difficulty; HEAL: 1 on a success */
  int critical;         /**< ROLL, HEAL: a critical failure */
  int attack_total;     /**< RESULT */
  int defence_value;    /**< RESULT */
  int band;             /**< RESULT: a ::cops_d6_bands value */
  int hit;              /**< RESULT */
  int level;            /**< RESULT: the success level */
  int parried;          /**< RESULT */
  int dropped;          /**< RESULT: the throw fell on the thrower */
  int heal_kind;        /**< HEAL: a ::cops_d6_treatments value */
  int level_before;     /**< HEAL: the patient's level before (wound_level: after) */
  int hp_gained;        /**< HEAL: hit points regained */
  int rolled;           /**< HEAL: a roll was made */
  int vehicle_event;    /**< VEHICLE: 0 damage, 1 crash, 2 repair, 3 a stop after a collision */
  int vehicle_result;   /**< VEHICLE: a ::cops_d6_vehicle_results value (the damage, or the one repaired) */
  int passenger_damage; /**< VEHICLE: dice each passenger takes */
  int speed;            /**< VEHICLE: a ::cops_d6_speeds value after */
  int top_speed;        /**< VEHICLE: after */
  int control;          /**< VEHICLE: a ::cops_d6_controls value after */
  int vehicle_penalty;  /**< VEHICLE: dice off manoeuvrability after */
  int ranks_lost;       /**< VEHICLE: top-speed ranks lost */
  int rank;             /**< INITIATIVE: 1 for the first to act */
  int tie_die;          /**< INITIATIVE: the last tie-break die drawn, 0 for none */
  int damage_total;     /**< DAMAGE */
  int resistance_total; /**< DAMAGE */
  int margin;           /**< DAMAGE, VEHICLE */
  int steps;            /**< DAMAGE: levels inflicted */
  int hp_lost;          /**< DAMAGE: hit points lost */
  int wound_level;      /**< DAMAGE, HEAL: the level after */
  int unconscious;      /**< DAMAGE: a stun's minutes */
  int massive;          /**< DAMAGE */
  int state;            /**< STATE: a ::cops_d6_states value */
  int value;            /**< STATE: minutes, rounds or a location */
  int action;           /**< TURN, DECLARE: a ::cops_d6_fight_actions value */
  int actions;          /**< TURN: actions counted this round (D6-A5) */
  int moved;            /**< TURN: 1 when it moved, to (@c x, @c y); DECLARE: 1 when it plans to */
  int x;                /**< TURN: where it stands after its move */
  int y;                /**< TURN */
  int hold;             /**< HOLD: a ::cops_d6_holds value; DISARM: a ::cops_d6_disarms value */
  int members;          /**< COORDINATE: fighters of the group, the coordinator included */
  int winner;           /**< END: the winning side, ::COPS_D6_NO_WINNER */
  int resisted;         /**< SPELL, PSIONIC: the target's Willpower total, or -1 (D6-A51, D6-A56) */
  int power;            /**< PSIONIC: a ::cops_d6_psionic_powers value */
  int astral_band;      /**< PSIONIC: astral projection's ::cops_d6_astral_bands value, -1 otherwise */
  int protection;       /**< PSIONIC: protection points given */
  int prepared;         /**< PREPARE: rounds of preparation done */
  int needed;           /**< PREPARE: rounds it needs */
  int interrupted;      /**< PREPARE: 1 when the preparation was interrupted (it starts over) */
  int policy;           /**< DECLARE: the ::cops_policies value that made the plan. @since 0.17.0 */
  int odds_down;        /**< DECLARE: P(its attack puts its target out of the fight), in thousandths; -1 when it weighed none (the simple plan kept). @since 0.17.0 */
  int odds_first;       /**< DECLARE: P(it acts before it is put out), in thousandths, or -1. @since 0.17.0 */
  int odds_risk;        /**< DECLARE: P(the attacks still to come put it out this round), in thousandths, or -1. @since 0.17.0 */
} cops_d6_event;

/** What a ::COPS_D6_EV_HOLD event says (D6-A68). */
enum cops_d6_holds {
  COPS_D6_GRABBED = 0,   /**< a grab hit: the target is held */
  COPS_D6_ESCAPED,       /**< an escape won: free */
  COPS_D6_HELD,          /**< an escape failed: still held */
  COPS_D6_RELEASED       /**< the holder let go, or can no longer hold */
};

/** What a ::COPS_D6_EV_DISARM event says (§5.13, D6-A22). */
enum cops_d6_disarms {
  COPS_D6_DISARM_FAILS = 0,  /**< the parry did not beat the attack (or its damage), or the Vigueur contest was lost */
  COPS_D6_DISARM_WINS,       /**< the contest won: the weapon changes hands at the round's end */
  COPS_D6_DISARM_TAKES,      /**< the round's end: the weapon is the defender's */
  COPS_D6_DISARM_DROPS       /**< the round's end: no room for it (8 weapons): it falls, nobody's */
};

/**
 * @brief The D6 fields of event @p i of @p log.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (i); ::COPS_ESTATE (not a D6 event)
 * @since 0.16.0
 */
COPS_API int cops_d6_log_event(const cops_log *log, int i, cops_d6_event *out);

COPS_END_DECLS

#endif
