/**
 * @file cops/d6-fight.h
 * @brief D6 System whole fights (OTHER-SYSTEMS.md D6 §5.1-§5.3, §5.12, §5.13,
 * §5.16-§5.18; D6-A5, D6-A6, D6-A11, D6-A22, D6-A23, D6-A68; D6-M3, D6-M21,
 * D6-M24): round after round, initiative, each fighter's turn with its
 * declared actions and defence, the attacks of <cops/d6-combat.h>, grabs,
 * escapes, disarms, coordinated attacks, vehicles rammed and shot at, until
 * one side is left; a default policy; fight files for scenarios and saves
 * (docs/d6.md, "Fights"). Included by <cops/d6.h>.
 *
 * A round: cops_d6_fight_begin_round() (the coordinators' Command rolls,
 * initiative and its order), then cops_d6_fight_step() for each turn (the
 * fighter's declaration, or the default policy's), and the round's end
 * (D6-M21) after the last turn. cops_d6_fight_declare() gives a fighter's
 * turn before it comes; cops_d6_fight_run() plays to the end.
 *
 * The fight borrows the characters added with cops_d6_fight_add() (they must
 * outlive it); a fight read from a file owns its own. Vehicles are the
 * fight's own copies.
 */
#ifndef COPS_D6_FIGHT_H
#define COPS_D6_FIGHT_H

#include <cops/d6.h>

COPS_BEGIN_DECLS

/** Opaque D6 fight. */
typedef struct cops_d6_fight cops_d6_fight;

/** Most fighters in a fight. */
#define COPS_D6_FIGHTERS_MAX 32
/** Most sides in a fight. */
#define COPS_D6_SIDES_MAX 8
/** Most vehicles in a fight. */
#define COPS_D6_VEHICLES_MAX 8
/** Largest coordinate, in metres (positions are whole metres on a plane). */
#define COPS_D6_POSITION_MAX 100000
/** Metres a fighter on foot moves in its turn (D6-L7). */
#define COPS_D6_MOVE_MAX 10
/** No winner: everyone is down, or the round cap came first. */
#define COPS_D6_NO_WINNER (-1)

/** A fighter's action in its turn. */
enum cops_d6_fight_actions {
  COPS_D6_DO_NOTHING = 0,      /**< no attack: a defence alone, a move alone, or nothing */
  COPS_D6_DO_ATTACK,           /**< attack a fighter (@c count attacks, or @c count shots with ::COPS_D6_SEVERAL_SHOTS) */
  COPS_D6_DO_GRAB,             /**< Brawling at a fighter in contact: on a hit it is held, no damage (§5.13, D6-A68) */
  COPS_D6_DO_ESCAPE,           /**< the held fighter's opposed Vigueur roll against its holder (§5.13, D6-A10) */
  COPS_D6_DO_SHOOT_VEHICLE,    /**< attack vehicle @c target (§5.16) */
  COPS_D6_DO_RAM,              /**< a driver drives into vehicle @c target, or into an object (-1) (§5.18) */
  COPS_D6_DO_CAST,             /**< prepare a spell, or cast it once prepared (§7.6, §7.7, D6-M22): @c spell_skill, @c spell_difficulty, @c preparation ... */
  COPS_D6_DO_COUNT
};

/**
 * @brief A fighter's turn: its action, its defence for the rest of the round,
 * a move, its vehicle's speed. Initialise with cops_d6_declaration_init();
 * grows only at its end.
 *
 * The actions it counts (D6-A5: each past the first is −1D on every roll of
 * the round): @c count attacks (or shots), 1 for a grab, an escape, a shot at
 * a vehicle or a ram, 1 for an active defence, 1 for keeping a hold (D6-A68),
 * 1 for a coordinator's Command roll (D6-A23), and @c extra_actions. Total
 * defence is the whole round: no other action (§5.3.5).
 */
typedef struct cops_d6_declaration {
  uint32_t size;       /**< sizeof(cops_d6_declaration), set by cops_d6_declaration_init() */
  int action;          /**< a ::cops_d6_fight_actions value */
  int target;          /**< the fighter attacked, grabbed; the vehicle shot at or rammed (-1: RAM an object) */
  int weapon;          /**< the weapon's index on the fighter's sheet, -1 bare hands */
  int option;          /**< ATTACK: a ::cops_d6_options value */
  int location;        /**< ATTACK aimed: a ::cops_d6_locations value */
  int count;           /**< ATTACK: attacks at the target, 1 .. 4, each rolled; with ::COPS_D6_SEVERAL_SHOTS the shots of one roll, 2 .. 4 */
  int impact;          /**< RAM: a ::cops_d6_impacts value */
  int defence;         /**< a ::cops_d6_defences value: ACTIVE and TOTAL roll now and hold to the round's end (D6-A11) */
  int defence_skill;   /**< ::COPS_D6_DODGE, ::COPS_D6_BRAWLING, ::COPS_D6_MELEE_WEAPONS; a driver's Piloting, Wagon or Vehicle dodges for its vehicle (D6-A64) */
  int parry_weapon;    /**< a parry with Melee Weapons: the weapon's index */
  int disarm;          /**< 1: a parry that beats an armed attack tries to seize the weapon (§5.13, D6-A22) */
  int release;         /**< 1: lets go of the fighter it holds (D6-A68) */
  int speed;           /**< a driver: its vehicle's ::cops_d6_speeds value from now, -1 unchanged */
  int moving;          /**< 1: move to (@c x, @c y) first, at most ::COPS_D6_MOVE_MAX metres, on foot */
  int x;               /**< where to, in metres */
  int y;               /**< where to, in metres */
  int cp;              /**< Character Points on the first attack roll */
  int fp;              /**< 1: a Fate Point on the first attack roll */
  int extra_actions;   /**< other actions the game master counts this round, 0 .. 5 */
  int spell_skill;     /**< CAST: the spell's magic skill (a ::cops_d6_traits value) */
  int spell_difficulty; /**< CAST: its difficulty, 1 .. 1000 */
  cops_d6_code spell_damage; /**< CAST: a damaging spell's damage (aimed hit, backlash), 0D none */
  int preparation;     /**< CAST: rounds of preparation, 0 .. 100; the cast comes in the last (D6-L14) */
  int spell_aim;       /**< CAST: the aiming skill at @c target (D6-A50), -1: @c target resists (D6-A51) or none */
  int spell_reach;     /**< CAST aimed: the spell's reach in metres, 1 .. 10^6 */
  int spell_beat;      /**< CAST: a total to exceed (Opening, Counterspell), ::COPS_D6_NO_BEAT */
} cops_d6_declaration;

/** @brief No action, natural defence, bare hands, one attack. The macro passes sizeof. @since 0.16.0 */
COPS_API int cops_d6_declaration_init_sized(cops_d6_declaration *d, size_t size, int action);
/** @brief cops_d6_declaration_init_sized() with sizeof(cops_d6_declaration). @since 0.16.0 */
#define cops_d6_declaration_init(d, action) \
  cops_d6_declaration_init_sized((d), sizeof(cops_d6_declaration), (action))

/** @brief An action's name ("attack", "grab" ...), or NULL. @since 0.16.0 */
COPS_API const char *cops_d6_fight_action_name(int action);
/** @brief Read an action's name into @p out. @return ::COPS_OK, ::COPS_EINVAL @since 0.16.0 */
COPS_API int cops_d6_fight_action_parse(const char *text, int *out);

/** How the default policy plays a fighter (docs/d6.md, "The default policy"). */
enum cops_d6_tactics {
  COPS_D6_TACTIC_ATTACK = 0,   /**< the nearest able enemy: a shot in range, else into contact and the best melee attack */
  COPS_D6_TACTIC_DODGE,        /**< the same, with an active Dodge every round (two actions) */
  COPS_D6_TACTIC_GRAB,         /**< grabs the nearest enemy in contact and holds it; attacks when it holds nobody and none is in reach */
  COPS_D6_TACTIC_DEFEND,       /**< total defence every round with its best of Dodge, Brawling, Melee Weapons */
  COPS_D6_TACTIC_RAM,          /**< a driver: rams the nearest moving vehicle with an enemy aboard side-on (at cruising speed if stopped); otherwise ATTACK */
  COPS_D6_TACTIC_COUNT
};
/** @brief A tactic's name ("attack", "dodge", "grab", "defend", "ram"), or NULL. @since 0.16.0 */
COPS_API const char *cops_d6_fight_tactic_name(int tactic);
/** @brief Read a tactic's name into @p out. @return ::COPS_OK, ::COPS_EINVAL @since 0.16.0 */
COPS_API int cops_d6_fight_tactic_parse(const char *text, int *out);

/**
 * @brief A new fight under @p rules (NULL: the defaults), drawing its dice from
 * @p ctx; its log on, a cap of 100 rounds.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (a rule); ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_new(cops_d6_fight **out, cops_ctx *ctx, const cops_d6_rules *rules);
/** @brief Free a fight (and the characters it owns, not the ones it borrows). NULL is accepted. @since 0.16.0 */
COPS_API void cops_d6_fight_free(cops_d6_fight *f);

/**
 * @brief Add a fighter before the first round: a character of the fight's
 * context (borrowed), its side, its place.
 * @param f the fight
 * @param ch the character, not already in the fight
 * @param side 0 .. ::COPS_D6_SIDES_MAX - 1
 * @param x metres, within ±::COPS_D6_POSITION_MAX
 * @param y metres
 * @param[out] id the fighter's id (0, 1 ... in order), may be NULL
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ESTATE (a round begun,
 *         or ::COPS_D6_FIGHTERS_MAX fighters)
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_add(cops_d6_fight *f, cops_d6_character *ch, int side, int x, int y,
                               int *id);
/** @brief Name side @p side (1 .. 31 bytes; "side N" until named). @since 0.16.0 */
COPS_API int cops_d6_fight_set_side_name(cops_d6_fight *f, int side, const char *name);
/** @brief A side's name (borrowed), or NULL. @since 0.16.0 */
COPS_API const char *cops_d6_fight_side_name(const cops_d6_fight *f, int side);
/** @brief Move a fighter between turns (a VTT's drag and drop); not one aboard or held. @since 0.16.0 */
COPS_API int cops_d6_fight_set_position(cops_d6_fight *f, int id, int x, int y);
/** @brief Cover and visibility dice on the defence of fighter @p id, 0 .. 20 (§5.4.2, D6-A14); between turns. @since 0.16.0 */
COPS_API int cops_d6_fight_set_cover(cops_d6_fight *f, int id, int dice);
/** @brief 1: fighter @p id surprises the others: it acts first in round 1 with +1D on its first action (§5.15, D6-A6); before round 1. @since 0.16.0 */
COPS_API int cops_d6_fight_set_surpriser(cops_d6_fight *f, int id, int surpriser);
/** @brief 1: out of the fight (the game master ends its part); 0: back in. Between turns. @since 0.16.0 */
COPS_API int cops_d6_fight_set_out(cops_d6_fight *f, int id, int out);
/** @brief How the default policy plays fighter @p id (a ::cops_d6_tactics value). @since 0.16.0 */
COPS_API int cops_d6_fight_set_tactic(cops_d6_fight *f, int id, int tactic);
/**
 * @brief The policy that plays fighter @p id when nobody declares for it
 * (docs/d6.md, "Policies"): ::COPS_POLICY_SIMPLE (the default: its tactic, as
 * 0.16.0 played it) or ::COPS_POLICY_TACTICAL (its target, weapon and defence
 * chosen from the exact odds). Kept by saves and cops_d6_fight_reset().
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, an unknown policy); ::COPS_ERANGE (id)
 * @since 0.17.0
 */
COPS_API int cops_d6_fight_set_policy(cops_d6_fight *f, int id, int policy);
/** @brief Every fighter of side @p side (those in the fight now) under @p policy.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (a side outside 0 .. ::COPS_D6_SIDES_MAX - 1)
 * @since 0.17.0 */
COPS_API int cops_d6_fight_set_side_policy(cops_d6_fight *f, int side, int policy);
/** @brief Fighter @p id's policy (::cops_policies), or a negative code (::COPS_EINVAL,
 * ::COPS_ERANGE). @since 0.17.0 */
COPS_API int cops_d6_fight_policy(const cops_d6_fight *f, int id);
/** @brief Most rounds before the fight ends undecided (1 .. 10000, default 100). @since 0.16.0 */
COPS_API int cops_d6_fight_set_max_rounds(cops_d6_fight *f, int rounds);
/** @brief 1 (the default): events go to the log; 0: no log (a Monte Carlo). @since 0.16.0 */
COPS_API int cops_d6_fight_set_logging(cops_d6_fight *f, int on);
/** @brief The fight's log (borrowed). @since 0.16.0 */
COPS_API cops_log *cops_d6_fight_log(const cops_d6_fight *f);
/** @brief Record @p seed in the save and seed the context with it. @since 0.16.0 */
COPS_API int cops_d6_fight_seed(cops_d6_fight *f, uint64_t seed);
/** @brief The rules the fight plays under (a copy into @p out, its @c size set by the caller). @since 0.16.0 */
COPS_API int cops_d6_fight_rules(const cops_d6_fight *f, cops_d6_rules *out);

/**
 * @brief A coordinated attack (§5.12, D6-A23) from the next round on, until
 * changed: at the start of each round @p coordinator rolls Command against 15
 * (an action of its round); on a success it and the @p n @p members act on its
 * initiative, one after the other, and the damage of those who hit @p target
 * in those turns is summed and resisted once. On a failure everyone acts on its
 * own. @p n 0 ends it. Between rounds.
 * @param f the fight
 * @param coordinator the fighter who commands
 * @param target the fighter attacked, of another side
 * @param members the others of the group, of the coordinator's side, 0 .. 7 of them
 * @param n how many
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (sides, a
 *         fighter in two groups); ::COPS_ESTATE (a round under way)
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_coordinate(cops_d6_fight *f, int coordinator, int target,
                                      const int *members, int n);

/**
 * @brief Add a vehicle (a copy of @p v, checked) at (@p x, @p y) before the
 * first round; fighters board it with cops_d6_fight_board().
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ESTATE (a round begun,
 *         ::COPS_D6_VEHICLES_MAX vehicles)
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_add_vehicle(cops_d6_fight *f, const cops_d6_vehicle *v, int x, int y,
                                       int *vid);
/** @brief Vehicles in the fight. @since 0.16.0 */
COPS_API int cops_d6_fight_vehicle_count(const cops_d6_fight *f);
/** @brief Vehicle @p vid as it is now (its @c size set by the caller). @since 0.16.0 */
COPS_API int cops_d6_fight_vehicle(const cops_d6_fight *f, int vid, cops_d6_vehicle *out);
/** @brief Where vehicle @p vid is, in metres. @since 0.16.0 */
COPS_API int cops_d6_fight_vehicle_position(const cops_d6_fight *f, int vid, int *x, int *y);
/**
 * @brief Fighter @p id boards vehicle @p vid (its place becomes the vehicle's),
 * as its driver when @p driver is 1 (one a vehicle); @p vid -1 gets out at the
 * vehicle's place. Between turns; not while held or holding.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (a driver
 *         already, 16 aboard, held)
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_board(cops_d6_fight *f, int id, int vid, int driver);

/** @brief Fighters in the fight (ids 0 .. count - 1). @since 0.16.0 */
COPS_API int cops_d6_fight_count(const cops_d6_fight *f);
/** @brief A fighter's character (borrowed), or NULL. @since 0.16.0 */
COPS_API cops_d6_character *cops_d6_fight_character(const cops_d6_fight *f, int id);
/** @brief Metres between two fighters, rounded up; 1 or less is contact. @since 0.16.0 */
COPS_API int cops_d6_fight_distance(const cops_d6_fight *f, int a, int b);

/**
 * @brief A fighter's state (D6-M3): where, what it declared this round, what
 * it holds from one round to the next. Filled by cops_d6_fight_fighter();
 * grows only at its end.
 */
typedef struct cops_d6_fighter {
  uint32_t size;        /**< the caller's sizeof(cops_d6_fighter), set by the caller */
  int side;             /**< its side */
  int x;                /**< its place, in metres */
  int y;                /**< its place, in metres */
  int able;             /**< 1 while it can act and is not out */
  int out;              /**< set out of the fight (cops_d6_fight_set_out()) */
  int initiative;       /**< this round's Perception total (0 outside the order) */
  int rank;             /**< its place in this round's order, 0 first; -1 not in it */
  int acted;            /**< 1 once its turn is over this round */
  int actions;          /**< actions it counts this round (D6-A5), 0 before its turn */
  int defence;          /**< its ::cops_d6_defences value this round */
  int defence_skill;    /**< the trait of an active or total defence, -1 natural */
  int defence_total;    /**< the defence rolled (total defence: the roll, 10 not added) */
  int cover;            /**< cover dice on its defence (§5.4.2) */
  int surpriser;        /**< surprises the others in round 1 (§5.15) */
  int holding;          /**< the fighter it holds, -1 none (D6-A68) */
  int held_by;          /**< the fighter holding it, -1 none */
  int vehicle;          /**< the vehicle it is aboard, -1 none */
  int driver;           /**< 1: it drives that vehicle */
  int coordinator;      /**< the coordinator of its group, -1 none; itself when it coordinates */
  int coordinated;      /**< 1: its group's Command roll succeeded this round (D6-A23) */
  int tactic;           /**< its ::cops_d6_tactics value */
  int preparing;        /**< rounds of a spell's preparation done (D6-M22), 0 when none */
  int policy;           /**< its ::cops_policies value (cops_d6_fight_set_policy()). @since 0.17.0 */
} cops_d6_fighter;

/** @brief Fighter @p id's state. @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (id) @since 0.16.0 */
COPS_API int cops_d6_fight_fighter(const cops_d6_fight *f, int id, cops_d6_fighter *out);

/**
 * @brief The next round's start (D6-M21): defences of the last round gone; each
 * coordinator's Command roll (D6-A23); initiative (§5.2, D6-A6): Perception for
 * each fighter able to act, surprisers first in round 1, a fighter whose weapon
 * in hand is longer than 2 m with an enemy in contact last, a coordinated group
 * on its coordinator's rank. Events d6.round, d6.roll, d6.coordinate,
 * d6.initiative. All or nothing.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE (a round under way, the fight
 *         over, fewer than two sides able to fight); ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_begin_round(cops_d6_fight *f);
/** @brief This round's order: the ids in @p ids (room for @p cap), as many in @p n. @since 0.16.0 */
COPS_API int cops_d6_fight_order(const cops_d6_fight *f, int *ids, int cap, int *n);
/**
 * @brief Give fighter @p id's turn this round (after the round began, before
 * its turn); checked at once against the fighter, its target and the rules.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (the rules
 *         forbid it, naming why); ::COPS_ESTATE (no round, its turn is over)
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_declare(cops_d6_fight *f, int id, const cops_d6_declaration *d);
/** @brief What fighter @p id's policy (cops_d6_fight_set_policy()) would do with its turn now (docs/d6.md, "The default policy", "Policies"). @since 0.16.0 */
COPS_API int cops_d6_fight_suggest(cops_d6_fight *f, int id, cops_d6_declaration *d);
/** @brief Whose turn comes next (-1: none left this round); a fighter who can no longer act has none. @since 0.16.0 */
COPS_API int cops_d6_fight_next(const cops_d6_fight *f, int *id);
/**
 * @brief Play the next turn (its declaration, or the default policy's): the
 * move, the speed, the release, the defence rolled, the action. A coordinated
 * group's damage lands with its last member's turn. After the last turn the
 * round ends (D6-M21): disarmed weapons change hands, each character's and
 * vehicle's end of round, the fight's end when one side is left. Events
 * d6.turn and those of the action. All or nothing: on a failure the fight, its
 * characters, vehicles, the log and the seeded source are as before.
 * @param f the fight
 * @param[out] id whose turn it was (-1: none, the round ended), may be NULL
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE (no round under way);
 *         ::COPS_ERULE (a declaration the state no longer allows); ::COPS_ERNG;
 *         ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_step(cops_d6_fight *f, int *id);
/** @brief Play every turn left and end the round. @since 0.16.0 */
COPS_API int cops_d6_fight_resolve_round(cops_d6_fight *f);
/** @brief Begin (unless begun) and resolve a round. @since 0.16.0 */
COPS_API int cops_d6_fight_run_round(cops_d6_fight *f);
/** @brief Rounds until the end or the round cap. @since 0.16.0 */
COPS_API int cops_d6_fight_run(cops_d6_fight *f);
/**
 * @brief Back to the start, to run the same fight again (a Monte Carlo): every
 * fighter and its character as they stood when the first round began (wounds,
 * weapons, Character and Fate Points, place, cover, tactic), the
 * vehicles as they were, round 0, the log empty and numbered from 0 again.
 * The dice go on. Before the first round only the log is emptied.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE for a fight read from a save
 *         made after its first round began (its start is not in the file)
 * @since 0.17.0
 */
COPS_API int cops_d6_fight_reset(cops_d6_fight *f);
/** @brief The rounds begun so far. @since 0.16.0 */
COPS_API int cops_d6_fight_round(const cops_d6_fight *f);
/** @brief 1 once at most one side has fighters able to fight, or the round cap came. @since 0.16.0 */
COPS_API int cops_d6_fight_over(const cops_d6_fight *f);
/**
 * @brief The winning side, or ::COPS_D6_NO_WINNER.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE while it goes on
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_winner(const cops_d6_fight *f, int *side);

/**
 * @brief Save the fight between rounds (docs/d6.md, "Fight files";
 * schemas/d6-fight.schema.json): its name, rules, sides, fighters with their
 * sheets as they are now and their state (place, cover, tactic, vehicle, hold,
 * group), vehicles, the round, the number of the next event and the seeded
 * stream's place. Nothing changes.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE (during a round); ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_save(const cops_d6_fight *f, char **out);
/**
 * @brief Read a fight file (a scenario, or a save) in @p ctx: every field
 * checked, the message naming it; sheets inline or by file name, read from
 * @p base_dir (NULL: the working folder) within cops_ctx_confine(). The fight
 * owns the characters it read. A save's seeded stream puts @p ctx's where it
 * was. Nothing changes on a refusal, the context included.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_EJSON, ::COPS_ERANGE, ::COPS_ERULE;
 *         ::COPS_EIO; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_fight_from_json(cops_d6_fight **out, cops_ctx *ctx, const char *json,
                                     const char *base_dir);
/** @brief cops_d6_fight_from_json() from a file; sheets named relative to its folder. @since 0.16.0 */
COPS_API int cops_d6_fight_load(cops_d6_fight **out, cops_ctx *ctx, const char *path);
/** @brief The fight's name (borrowed; "" unless read from a file). @since 0.16.0 */
COPS_API const char *cops_d6_fight_name(const cops_d6_fight *f);

COPS_END_DECLS

#endif
