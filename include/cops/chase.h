/**
 * @file cops/chase.h
 * @brief Chases (COPS.md C7, docs/chases.md): white and black chase dice that
 * persist from round to round, declarations, the outcomes of C7.3, distance
 * bands (C7.1), crash tests (C7.2) and the end of a chase (C7.4).
 *
 * One pursued and one or more pursuers, on foot or in vehicles. Each round
 * every participant still in the chase declares a number of successes, then
 * cops_chase_resolve_round() rolls `skill / chase dice (declared)` for each,
 * applies the outcomes pair by pair (the pursued against each pursuer), makes
 * the crash tests of failed black dice, and tells the bands. A round is all or
 * nothing: on an error nothing changed. Events name participants by id.
 */
#ifndef COPS_CHASE_H
#define COPS_CHASE_H

#include <cops/common.h>
#include <cops/attack.h>
#include <cops/character.h>
#include <cops/events.h>

COPS_BEGIN_DECLS

/** Opaque chase. */
typedef struct cops_chase cops_chase;

/** Most participants of a chase. */
#define COPS_CHASERS_MAX 16
/** Most passengers of a chase. */
#define COPS_PASSENGERS_MAX 16
/** The id of a chase's first passenger: passenger k has id ::COPS_PASSENGER_ID0 + k
 * (participants have 0 .. ::COPS_CHASERS_MAX - 1, so events never confuse them). */
#define COPS_PASSENGER_ID0 COPS_CHASERS_MAX
/** Most chase dice one participant holds. */
#define COPS_CHASE_DICE_MAX 64

/** Roles (C7). */
enum cops_chase_roles {
  COPS_CHASE_PURSUED = 0,  /**< the one who flees (one per chase) */
  COPS_CHASE_PURSUER = 1   /**< one who follows */
};

/** Distance bands between a pursuer and the pursued (C7.1). */
enum cops_chase_bands {
  COPS_BAND_SHORT = 0,         /**< the pursuer holds 2 dice more or better: tackle, ram, shoot at small maluses */
  COPS_BAND_INTERMEDIATE = 1,  /**< within 1 die: shoot (on foot), passengers at large maluses */
  COPS_BAND_LONG = 2           /**< the pursued holds 2 dice more or better: out of reach */
};

/** A participant's state. */
enum cops_chaser_states {
  COPS_CHASER_IN = 0,      /**< still in the chase */
  COPS_CHASER_LOST = 1,    /**< a pursuer at 0 dice: lost the prey for good (C7.4) */
  COPS_CHASER_STOPPED = 2, /**< the pursued at 0 dice: forced to stop (C7.4) */
  COPS_CHASER_WRECKED = 3  /**< wrecked their vehicle or themselves (C7.4) */
};

/** How a chase ended (cops_chase_result()). */
enum cops_chase_results {
  COPS_CHASE_GOING = 0,    /**< not over */
  COPS_CHASE_CAUGHT = 1,   /**< the pursued stopped or wrecked */
  COPS_CHASE_ESCAPED = 2   /**< no pursuer left (both sides at 0 in one round: escaped, C7.5) */
};

/** Crash tests (C7.2 RULING): how failed black dice are rolled. */
enum cops_crash_modes {
  COPS_CRASH_EACH = 0,     /**< one d6 per failed black die (the default) */
  COPS_CRASH_ONE_PLUS = 1  /**< one d6, plus the number of failed black dice */
};

/**
 * @brief A new chase, round 0, with its own log.
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ENOMEM
 * @since 0.11.0
 */
COPS_API int cops_chase_new(cops_chase **out, cops_ctx *ctx);
/** @brief Free a chase (its characters are the caller's). NULL is accepted. @since 0.11.0 */
COPS_API void cops_chase_free(cops_chase *c);

/**
 * @brief Add a participant (C7 step 1): before the first round, or a pursuer
 * joining the chase under way between rounds, told by a ::COPS_EV_CHASE_JOIN
 * event (its own pair with the pursued, its own band; it declares from the
 * next round on).
 * @param c the chase
 * @param ch the character (held by the chase until it is freed: the caller may free its own
 *        handle at any time, docs/api.md "Who frees what")
 * @param skill the chase roll without its difficulty, as cops_character_action()
 *        reads it: "Conduite [voiture]/Réflexes", "Athlétisme/Carrure",
 *        "Pilotage [hélicoptère]/Coordination" (C1.4 and C1.5 apply)
 * @param role a ::cops_chase_roles; one pursued per chase
 * @param vehicle the vehicle's name, or NULL on foot
 * @param white the white dice the GM gives, 4..6 (C7 step 1)
 * @param[out] id the participant's id (may be NULL)
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ESTATE (the chase
 *         is over, or a second pursued); ::COPS_ESYNTAX, ::COPS_ENOTFOUND,
 *         ::COPS_ERULE (the skill)
 * @rule C7
 * @since 0.11.0
 */
COPS_API int cops_chase_add(cops_chase *c, cops_character *ch, const char *skill, int role,
                            const char *vehicle, int white, int *id);

/** @brief Participants, or ::COPS_EINVAL. @since 0.11.0 */
COPS_API int cops_chase_count(const cops_chase *c);
/** @brief The participant's character (borrowed), or NULL. @since 0.11.0 */
COPS_API cops_character *cops_chase_character(const cops_chase *c, int id);
/** @brief The participant's ::cops_chase_roles, or a negative code. @since 0.11.0 */
COPS_API int cops_chase_role(const cops_chase *c, int id);
/** @brief The participant's ::cops_chaser_states, or a negative code. @since 0.11.0 */
COPS_API int cops_chase_state(const cops_chase *c, int id);

/**
 * @brief The participant's chase dice (outputs may be NULL).
 * @return ::COPS_OK, ::COPS_EINVAL (a bad id)
 * @since 0.11.0
 */
COPS_API int cops_chase_dice(const cops_chase *c, int id, int *white, int *black);

/**
 * @brief The GM adds (@p delta > 0) white dice, or removes dice (white first,
 * then black), between rounds (C7 RULING, C7.5). Never below 0 nor above
 * ::COPS_CHASE_DICE_MAX. Reaching 0 ends the participant's chase (C7.4).
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ESTATE (a round
 *         declared, or the participant out)
 * @since 0.11.0
 */
COPS_API int cops_chase_adjust(cops_chase *c, int id, int delta);

/**
 * @brief The distance band between a pursuer and the pursued (C7.1), from
 * their chase dice (white and black).
 * @return ::COPS_OK, ::COPS_EINVAL (not a pursuer)
 * @rule C7.1
 * @since 0.11.0
 */
COPS_API int cops_chase_band(const cops_chase *c, int pursuer, int *band);

/**
 * @brief Who of a pursuer and the pursued chooses the order of declarations
 * (C7 step 2): the better skill, the lower threshold rolled after C1.4/C1.5
 * (unskilled counts as 11+, C7.5); equal: the pursued.
 * @return ::COPS_OK, ::COPS_EINVAL
 * @rule C7 C7.5
 * @since 0.11.0
 */
COPS_API int cops_chase_chooser(const cops_chase *c, int pursuer, int *id);

/** Declaration flag: spend an Ancienneté point to roll a failed chase roll again (C5, C7.5). */
#define COPS_CHASE_ANCIENNETE 0x200u

/**
 * A participant's declaration for a round. Initialise with
 * cops_chase_declaration_init(), then change what differs.
 */
typedef struct cops_chase_declaration {
  uint32_t size;       /**< sizeof(cops_chase_declaration), set by cops_chase_declaration_init() */
  int successes;       /**< declared successes, at least 1, may exceed the dice held (C7.5) */
  int blacken;         /**< of the dice this round makes the participant lose, how many are white dice turned black instead (C7.2), 0..64 */
  unsigned flags;      /**< ::COPS_ADRENALINE_DIE (one more die for this roll, C7.5), ::COPS_CHASE_ANCIENNETE */
  int dice_mod;        /**< the GM's modifiers (C1.7): dice of this roll only */
  int threshold_mod;   /**< threshold */
  int difficulty_mod;  /**< difficulty */
} cops_chase_declaration;

/** @brief Fill @p d with @p successes and the defaults; @p size is sizeof(*d) as the caller knows it. @since 0.11.0 */
COPS_API int cops_chase_declaration_init_sized(cops_chase_declaration *d, size_t size,
                                               int successes);
/** @brief cops_chase_declaration_init_sized() with sizeof(cops_chase_declaration). @since 0.11.0 */
#define cops_chase_declaration_init(d, successes) \
  cops_chase_declaration_init_sized((d), sizeof(cops_chase_declaration), (successes))

/**
 * @brief Declare for a participant in the chase, for the next round
 * (again: the new declaration replaces the old).
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ESTATE (out of the
 *         chase, or over); ::COPS_ERULE (Adrénaline or Ancienneté without a
 *         point, Adrénaline on a skill without it)
 * @rule C7 C7.2 C7.5
 * @since 0.11.0
 */
COPS_API int cops_chase_declare(cops_chase *c, int id, const cops_chase_declaration *d);

/**
 * @brief Resolve a round (C7 steps 3-4): every participant in the chase rolls
 * `skill / chase dice (declared)` (the wound malus and an Adrénaline die change
 * that roll's pool only), then the outcomes of C7.3 pair by pair (the pursued
 * loses the dice of its worst pair only), the losses (white dice turned black
 * as declared, white dice lost, then black), the crash tests of failed black
 * dice of the final roll, the ends of C7.4 and the bands of C7.1, all as events.
 * @return ::COPS_OK; ::COPS_ESTATE (someone has not declared, or the chase is
 *         over: the message says who); ::COPS_ENOMEM; ::COPS_ERNG; the crash
 *         callback's error. All or nothing.
 * @rule C7 C7.1 C7.2 C7.3 C7.4 C7.5
 * @since 0.11.0
 */
COPS_API int cops_chase_resolve_round(cops_chase *c);

/** @brief Rounds resolved. @since 0.11.0 */
COPS_API int cops_chase_round(const cops_chase *c);
/** @brief A ::cops_chase_results. @since 0.11.0 */
COPS_API int cops_chase_result(const cops_chase *c);

/** @brief How crash tests are rolled: a ::cops_crash_modes (C7.2 RULING). @since 0.11.0 */
COPS_API int cops_chase_set_crash_mode(cops_chase *c, int mode);

/**
 * The caller's crash-test table (C7.2 RULING: the library ships none). Called
 * once per participant with failed black dice in a round, after the losses:
 * @p failed black dice failed, @p d6 holds @p n results (one per failure, or
 * one d6 plus the failures, as the mode says). Set @p *wrecked to 1 when the
 * participant wrecks (C7.4). Return 0, or a negative code to fail the
 * round (nothing changes).
 */
typedef int (*cops_crash_fn)(void *user, int id, int failed, const int *d6, int n,
                             int *wrecked);
/** @brief Set (or with NULL remove) the crash-test callback. @since 0.11.0 */
COPS_API int cops_chase_set_crash_callback(cops_chase *c, cops_crash_fn fn, void *user);

/**
 * @brief The GM says a participant wrecks (between rounds, C7.4).
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ESTATE (already out)
 * @since 0.11.0
 */
COPS_API int cops_chase_wreck(cops_chase *c, int id);

/** The exact odds of a round for a pair, as cops_chase_odds() fills them. */
typedef struct cops_chase_round_odds {
  uint32_t size;        /**< set to sizeof(cops_chase_round_odds) by the caller */
  double success;       /**< the participant's roll succeeds (with its Ancienneté re-roll when declared) */
  double other_success; /**< the other's */
  double both;          /**< both succeed (C7.3) */
  double only_mine;     /**< only the participant succeeds */
  double only_other;    /**< only the other succeeds */
  double neither;       /**< both fail */
  double loss;          /**< the dice the participant loses this round, on average (turned black or lost) */
  double other_loss;    /**< the dice the other loses, on average */
  double crash;         /**< at least one of the participant's black dice fails in its final roll: a crash test (C7.2) */
} cops_chase_round_odds;

/**
 * @brief The exact odds of a round between a participant and the other of its
 * pair (the pursued and a pursuer), for two declarations, before any die
 * (docs/odds.md): each success, the four outcomes of C7.3, the dice each loses
 * on average, and the chance of a crash test. Nothing changes.
 * @param c the chase
 * @param id the participant
 * @param mine its declaration (successes, flags, the GM's modifiers)
 * @param other the other of the pair: the pursued for a pursuer, a pursuer for the pursued
 * @param theirs the other's declaration
 * @param[out] out the odds (its @c size set by the caller)
 * @return ::COPS_OK; ::COPS_EINVAL (not a pair, a size); ::COPS_ERANGE
 * @rule C7 C7.2 C7.3 C7.5
 * @since 0.11.0
 */
COPS_API int cops_chase_odds(cops_chase *c, int id, const cops_chase_declaration *mine, int other,
                             const cops_chase_declaration *theirs, cops_chase_round_odds *out);

/**
 * @brief The default policy's declaration for a participant (docs/chases.md):
 * the successes, 1 .. its dice, that make the other lose the most dice less
 * its own, on average, against the other's likeliest declaration (the most
 * successes it reaches one time in two); white dice turned black instead of
 * lost when it holds 2 white dice or fewer. The pursued plays against the
 * pursuer holding the most dice. No point spent.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE (out of the chase, or over)
 * @since 0.11.0
 */
COPS_API int cops_chase_suggest(cops_chase *c, int id, cops_chase_declaration *out);

/**
 * @brief Play rounds until the chase is over or reaches its round cap: a
 * participant who has not declared gets its chase file's scripted declaration
 * for the round, or the default policy's (cops_chase_suggest()). Round by
 * round all or nothing: the rounds resolved before a failure stay; the failing
 * round leaves no trace, not even the declarations the run made for it (those
 * the caller made stay), so calling it again goes on.
 * @return ::COPS_OK; as cops_chase_resolve_round()
 * @since 0.11.0
 */
COPS_API int cops_chase_run(cops_chase *c);
/** @brief The round cap of cops_chase_run(), 1..10000 (100 when made). @since 0.11.0 */
COPS_API int cops_chase_set_max_rounds(cops_chase *c, int rounds);
/** @brief The round cap, or ::COPS_EINVAL. @since 0.11.0 */
COPS_API int cops_chase_max_rounds(const cops_chase *c);
/** @brief The chase file's name ("" when made by hand), or NULL. @since 0.11.0 */
COPS_API const char *cops_chase_name(const cops_chase *c);

/**
 * @brief A chase from a chase file (JSON, docs/chases.md, schemas/chase.schema.json):
 * its participants (sheets by file name, relative to @p base_dir, or inline),
 * crash mode and table, round cap and scripted declarations. The chase owns the
 * characters it read.
 * @return ::COPS_OK; ::COPS_EJSON (the message names the field); the codes of
 *         the sheets and of cops_chase_add(); ::COPS_EIO; ::COPS_ENOMEM
 * @since 0.11.0
 */
COPS_API int cops_chase_from_json(cops_chase **out, cops_ctx *ctx, const char *json,
                                  const char *base_dir);
/** @brief cops_chase_from_json() of a file, confined by cops_ctx_confine(). @since 0.11.0 */
COPS_API int cops_chase_load(cops_chase **out, cops_ctx *ctx, const char *path);

/** Default maluses of a passenger's shot from a vehicle (C7.1 RULING: the sizes are the GM's). */
#define COPS_CHASE_SMALL_MALUS 1
/** See ::COPS_CHASE_SMALL_MALUS. */
#define COPS_CHASE_LARGE_MALUS 3

/**
 * @brief The dice "small" and "large" maluses take off a passenger's shot from
 * a vehicle (C7.1 RULING: the GM's call; 1 and 3 when made), 0..10 each.
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE
 * @since 0.11.0
 */
COPS_API int cops_chase_set_maluses(cops_chase *c, int small, int large);

/**
 * @brief The dice modifier of a shot between a pursuer and the pursued at their
 * band (C7 step 5, C7.1), for the attack procedures (cops_situation.dice_mod):
 * in vehicles, short -small, intermediate -large; on foot (either without a
 * vehicle) 0 at short and intermediate; long: out of reach.
 * @param c the chase
 * @param pursuer the pursuer of the pair
 * @param[out] dice_mod the modifier (0 or negative)
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERULE (long: out of reach, C7.1)
 * @rule C7 C7.1
 * @since 0.11.0
 */
COPS_API int cops_chase_shot_malus(const cops_chase *c, int pursuer, int *dice_mod);

/**
 * @brief Save the chase between rounds, to resume it later (docs/chases.md,
 * schemas/chase-save.schema.json): the participants with their characters'
 * sheets, dice, states and declarations, the round and result, the crash mode
 * and the chase file's table, the maluses, the round cap, the script, the next
 * event's number, and a seeded source's key and place (a system source's never:
 * the resumed chase draws new dice). A callback source cannot be saved
 * (::COPS_ESTATE), nor a caller's crash callback (set it again after resuming).
 * @param c the chase
 * @param[out] out the JSON text (free with cops_free())
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE; ::COPS_ENOMEM
 * @since 0.11.0
 */
COPS_API int cops_chase_save(const cops_chase *c, char **out);
/** @brief cops_chase_save() to a file, confined by cops_ctx_confine(). @since 0.11.0 */
COPS_API int cops_chase_save_file(const cops_chase *c, const char *path);
/**
 * @brief A saved chase rebuilt: it owns the characters it read, its log goes on
 * from the saved event number, and a seeded save puts the context's dice where
 * the save was (only once everything was read: all or nothing).
 * @return ::COPS_OK; ::COPS_EJSON (the message names the field); the codes of
 *         the sheets and of cops_chase_add(); ::COPS_ENOMEM
 * @since 0.11.0
 */
COPS_API int cops_chase_resume(cops_chase **out, cops_ctx *ctx, const char *json);
/** @brief cops_chase_resume() of a file, confined by cops_ctx_confine(). @since 0.11.0 */
COPS_API int cops_chase_resume_file(cops_chase **out, cops_ctx *ctx, const char *path);

/**
 * @brief A passenger rides a participant's vehicle (C7 step 5): it rolls no
 * chase die, and shoots with cops_chase_act() (the driver drives). Before its
 * vehicle's first round (the chase's, or the one after it joined).
 * @param c the chase
 * @param vehicle the participant whose vehicle it rides (one with a vehicle)
 * @param ch the passenger (held by the chase until it is freed, as cops_chase_add())
 * @param[out] id its id, ::COPS_PASSENGER_ID0 + k (may be NULL)
 * @return ::COPS_OK; ::COPS_EINVAL (a bad participant, on foot, a character
 *         of another context or in the chase already); ::COPS_ERANGE (more
 *         than ::COPS_PASSENGERS_MAX); ::COPS_ESTATE (the vehicle rolled
 *         already, or the chase is over)
 * @rule C7
 * @since 0.11.0
 */
COPS_API int cops_chase_add_passenger(cops_chase *c, int vehicle, cops_character *ch, int *id);
/** @brief Passengers, or ::COPS_EINVAL. @since 0.11.0 */
COPS_API int cops_chase_passengers(const cops_chase *c);
/**
 * @brief A passenger's character (borrowed) and the participant it rides with
 * (@p vehicle may be NULL), or NULL for a bad id. @since 0.11.0
 */
COPS_API cops_character *cops_chase_passenger(const cops_chase *c, int id, int *vehicle);

/**
 * @brief A secondary action (C7 step 5) after a round, at the distance that
 * round left (C7.1), through the attack procedures (cops_attack()).
 *
 * The actor is a participant on foot or a passenger (the driver drives); the
 * target is the other of the actor's pair: the pursued for a pursuer's side,
 * a pursuer for the pursued's. Long distance: out of reach. A shot
 * (::COPS_ATTACK_SINGLE, ::COPS_ATTACK_BURST) takes the band's malus when both
 * are in vehicles (cops_chase_shot_malus(), added to @c dice_mod) and needs
 * the GM's distance in metres (the rules give none for a band). Close combat
 * (::COPS_ATTACK_MELEE, _STRIKE, _HOLD, _THROW: a tackle is a throw or a hold)
 * needs short distance and both on foot. Each actor acts once a round.
 *
 * The chase fills the situation's attacker, target and their ids (the
 * caller's, when set, must be the same characters); the rest is the
 * caller's (mode, weapon, armour, attitudes, distance, the GM's modifiers).
 * After the attack (docs/rulings.md): a participant who can no longer act
 * (unconscious, dead, out of the fight) wrecks (C7.4: "wrecks themselves",
 * or the driver down); a participant on foot thrown down or held is caught:
 * the pursued stops, a pursuer loses the prey.
 * @param c the chase, with a round resolved and not over
 * @param actor a participant's id or a passenger's
 * @param target a participant's id
 * @param s the attack (cops_situation_init())
 * @param out the outcome to fill, or NULL (the chase's own)
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE (no round yet, the chase
 *         over, the actor acted this round or is out); ::COPS_ERULE (out of
 *         reach, a driver, close combat not at short distance on foot, not a
 *         chase's action); the codes of cops_attack(). All or nothing.
 * @rule C7 C7.1 C7.4 C11.1
 * @since 0.11.0
 */
COPS_API int cops_chase_act(cops_chase *c, int actor, int target, const cops_situation *s,
                            cops_outcome *out);

/** @brief The chase's log (borrowed). @since 0.11.0 */
COPS_API cops_log *cops_chase_log(cops_chase *c);

/* ---- what a tabletop draws, the caller's tags, undo (docs/chases.md, "Tabletops") ---- */

/**
 * @brief Tag participant or passenger @p id (::COPS_PASSENGER_ID0 + k) with the caller's
 * own id for it, as cops_encounter_set_tag() does for a combatant: in every event's JSON
 * and cops_event, in states, snapshots, saves and chase files (a participant's or
 * passenger's @c "tag"). NULL or "" removes it.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, a bad id, a tag too long, not UTF-8 text, or
 *         another's); ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_chase_set_tag(cops_chase *c, int id, const char *tag);
/** @brief The tag of participant or passenger @p id, or NULL. @since 0.17.0 */
COPS_API const char *cops_chase_tag(const cops_chase *c, int id);
/** @brief The id tagged @p tag: ::COPS_ENOTFOUND if none, ::COPS_EINVAL (NULL). @since 0.17.0 */
COPS_API int cops_chase_find_tag(const cops_chase *c, const char *tag);

/**
 * What a board shows of one participant or passenger of a chase (cops_chase_board_state();
 * cops_chase_state() is older and gives the ::cops_chaser_states only). Its @c size first
 * (cops_chaser_state_init() sets it); the strings are borrowed from the chase.
 * @since 0.17.0
 */
typedef struct cops_chaser_state {
  uint32_t size;           /**< sizeof(cops_chaser_state) */
  int id;                  /**< a participant's id, or ::COPS_PASSENGER_ID0 + k */
  const char *tag;         /**< the caller's tag, NULL none */
  const char *name;        /**< the character's name, NULL none */
  int passenger;           /**< 1 for a passenger */
  int rides_with;          /**< a passenger's participant, -1 for a participant */
  int role;                /**< ::cops_chase_roles (a passenger's: its vehicle's) */
  int state;               /**< ::cops_chaser_states (a passenger's: its vehicle's); out when not ::COPS_CHASER_IN */
  const char *vehicle;     /**< the vehicle's name, NULL on foot */
  int white;               /**< white chase dice held (0 for a passenger) */
  int black;               /**< black chase dice held (0 for a passenger) */
  int band;                /**< a pursuer's ::cops_chase_bands to the pursued, -1 otherwise */
  int declared;            /**< 1 once it declared for the next round */
  int hp;                  /**< hit points */
  int max_hp;              /**< their maximum */
  int health_state;        /**< ::cops_health_state */
  unsigned conditions;     /**< ::cops_conditions bits */
} cops_chaser_state;
/** @brief Zero @p st and set its size (the caller's sizeof). @since 0.17.0 */
COPS_API int cops_chaser_state_init_sized(cops_chaser_state *st, size_t size);
/** @brief cops_chaser_state_init_sized() with sizeof(cops_chaser_state). @since 0.17.0 */
#define cops_chaser_state_init(st) cops_chaser_state_init_sized((st), sizeof(cops_chaser_state))
/**
 * @brief Fill @p st with participant or passenger @p id's state (up to its @c size).
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, a bad id, a size unset or too large)
 * @since 0.17.0
 */
COPS_API int cops_chase_board_state(const cops_chase *c, int id, cops_chaser_state *st);
/**
 * @brief The whole chase as one JSON document (schemas/snapshot.schema.json): its name,
 * round and result, the log's length, every participant's and passenger's state.
 * @param c the chase
 * @param[out] out the text (free with cops_free())
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_chase_snapshot(const cops_chase *c, char **out);
/**
 * @brief Remember the chase as it is now (cops_encounter_checkpoint() for a chase): the
 * participants, passengers, their characters, dice, declarations, tags, the round, the
 * result, the log's length and the dice stream's place. Free with cops_checkpoint_free().
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_chase_checkpoint(cops_chase *c, cops_checkpoint **out);
/**
 * @brief Put the chase back where @p cp was taken; the chase goes on byte for byte as it
 * did from there. Participants and passengers added since leave.
 * @return ::COPS_OK; ::COPS_EINVAL (a checkpoint of another chase or of an encounter);
 *         ::COPS_ESTATE (the log was cleared since)
 * @since 0.17.0
 */
COPS_API int cops_chase_rollback(cops_chase *c, const cops_checkpoint *cp);

/** @brief A band's name ("courte"; "short"), or NULL. @since 0.11.0 */
COPS_API const char *cops_chase_band_name(int band, int lang);

COPS_END_DECLS

#endif
