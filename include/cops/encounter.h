/**
 * @file cops/encounter.h
 * @brief A whole fight, round after round (COPS.md C6: attitude, initiative,
 * order of action), with the attacks of <cops/attack.h>, until one side is
 * out; its event log; scenarios read from JSON (docs/encounters.md,
 * docs/scenarios.md).
 *
 * A round: cops_encounter_begin_round() (the round's start: recovery rolls,
 * who may act), cops_encounter_declare() for the combatants the caller
 * controls, cops_encounter_resolve_round() (their policies declare for
 * the others; covering fire first, then actions by increasing initiative;
 * the round's end: standing up, the dying lose a hit point, round-bound
 * conditions expire). cops_encounter_run_round() does both when nobody is
 * controlled; cops_encounter_run() runs to the end.
 *
 * The encounter holds its characters, weapons and armour until it is freed
 * (docs/api.md, "Who frees what"): the caller may free its own handles at any
 * time. Their state (hit points, conditions, rounds loaded) is the fight's
 * state.
 */
#ifndef COPS_ENCOUNTER_H
#define COPS_ENCOUNTER_H

#include <cops/common.h>
#include <cops/rng.h>
#include <cops/character.h>
#include <cops/weapon.h>
#include <cops/armour.h>
#include <cops/events.h>
#include <cops/attack.h>

COPS_BEGIN_DECLS

/** Opaque encounter. */
typedef struct cops_encounter cops_encounter;

/** Most combatants in an encounter. */
#define COPS_COMBATANTS_MAX 64
/** Most weapons a combatant carries. */
#define COPS_WEAPONS_MAX 4
/** Most sides in an encounter. */
#define COPS_SIDES_MAX 16
/** Largest coordinate, in metres (positions are whole metres on a plane). */
#define COPS_POSITION_MAX 100000

/** Actions a combatant declares for a round. */
enum cops_actions {
  COPS_ACT_WAIT = 0,      /**< nothing (also: aim, take cover) */
  COPS_ACT_SHOOT,         /**< single shots, 1..CT of them (C10.1-C10.4, C10.7) */
  COPS_ACT_BURST,         /**< controlled burst (C10.6) */
  COPS_ACT_COVER,         /**< covering fire (C10.5), resolved before every other action */
  COPS_ACT_MELEE,         /**< melee with the weapon in hand (C11) */
  COPS_ACT_STRIKE,        /**< unarmed (C11.1) */
  COPS_ACT_HOLD,
  COPS_ACT_THROW,
  COPS_ACT_ESCAPE,        /**< the held character breaks free (C11.1) */
  COPS_ACT_MOVE,          /**< only move (up to 10 m, C6.3) */
  COPS_ACT_RELOAD,        /**< fill the weapon in hand */
  COPS_ACT_DRAW,          /**< take another of one's weapons in hand */
  COPS_ACT_STAND_UP,      /**< get up after a throw (C11.1) */
  COPS_ACT_FIRST_AID,     /**< stabilise a dying ally within 1 m with Premiers secours/Sang-froid (C8.5) */
  COPS_ACT_MEDICINE,      /**< stabilise a dying ally within 1 m with Médecine/Coordination (C8.5). @since 0.10.0 */
  COPS_ACT_COUNT
};
/** @brief An action's name ("shoot", "first_aid" ...), or NULL. @since 0.5.0 */
COPS_API const char *cops_encounter_action_name(int action);
/** @brief Read an action's name. @since 0.5.0 */
COPS_API int cops_encounter_action_parse(const char *text, int *out);

/** What a combatant declares for a round. Initialise with cops_declaration_init(). */
typedef struct cops_declaration {
  uint32_t size;      /**< sizeof(cops_declaration), set by cops_declaration_init() */
  int action;         /**< ::cops_actions */
  int attitude;       /**< -2..2 (C6) */
  int initiative;     /**< within the Réflexes range (C6); 0 for melee actions (C6.4) */
  int target;         /**< combatant id, -1 for none */
  int weapon;         /**< DRAW: index of the weapon to take, 0..3 */
  int shots;          /**< SHOOT: 1..CT shots (C10.7) */
  int moving;         /**< 1: move to (x, y) first, at most 10 m unless long_move (C6.3) */
  int x;              /**< where to (x), in metres */
  int y;              /**< where to (y), in metres */
  int difficulty;     /**< FIRST_AID: 1 kit, 2 makeshift, 3 bare hands (C8.4) */
  /* Since 0.9.0. A caller built against 0.5-0.8 gets the defaults (0). */
  int dice_mod;       /**< the GM's modifier of the action's roll: dice (weather, light, a combined action; C1.7), -64..64. @since 0.9.0 */
  int threshold_mod;  /**< the GM's modifier of its threshold, -10..10. @since 0.9.0 */
  int difficulty_mod; /**< the GM's modifier of its difficulty, -64..64. @since 0.9.0 */
  int long_move;      /**< 1: the GM allows a move beyond 10 m (C6.3 RULING); the malus is the GM's, in dice_mod. @since 0.9.0 */
  int adrenaline;     /**< 1: spend an Adrénaline point for one more die on the attack's roll (the first shot's when several; C5). @since 0.9.0 */
  int anciennete;     /**< 1: spend an Ancienneté point on each roll of this combatant that fails (or loses) this round, while points last: its action's, stopping power, nerve, standing up (C5). @since 0.9.0 */
  /* Since 0.13.0: an encounter under the alternative rules (COPS.md A; 0 under the core
   * rules, where @c initiative is the chosen one). Under A, @c initiative is 0: it is
   * rolled when the round is resolved (A1.2). */
  int aim;            /**< SHOOT, BURST, MELEE, STRIKE: the location d10 face excess successes move toward (A2.1, A3.1), 0 none. @since 0.13.0 */
  int bullets;        /**< COVER: its bullets (A2.3), 0 the whole magazine. @since 0.13.0 */
  int circumstances;  /**< A1.2: the GM's initiative circumstances, -10..10 (surprised -2, in ambush +2, picking something up -3, holding the target at gunpoint +3); drawing a weapon (-2) and getting up (-3) are counted from the action. @since 0.13.0 */
  int keep;           /**< A1.2: 0 keeps the highest initiative d10; 1..10 the highest not above it (a low one delays; the lowest when none is). @since 0.13.0 */
} cops_declaration;

/**
 * @brief Wait, Normal, initiative 0, no target, one shot, difficulty 3.
 * Writes @p size bytes at most (the caller's sizeof, docs/abi.md); the macro
 * cops_declaration_init(d, action) passes sizeof(cops_declaration).
 * @since 0.7.0
 */
COPS_API int cops_declaration_init_sized(cops_declaration *d, size_t size, int action);
/** @brief The function of 0.5-0.6, for programs built against them. @since 0.5.0 */
COPS_API int cops_declaration_init(cops_declaration *d, int action);
/** @brief cops_declaration_init_sized() with sizeof(cops_declaration): what a program calls. @since 0.7.0 */
#define cops_declaration_init(d, action) cops_declaration_init_sized((d), sizeof(cops_declaration), (action))

/**
 * @brief A new encounter under @p ruleset (::COPS_RULES_CORE), drawing its
 * dice from @p ctx. Its log is on (cops_encounter_set_logging()).
 * @since 0.5.0
 */
COPS_API int cops_encounter_new(cops_encounter **out, cops_ctx *ctx, int ruleset);
/**
 * @brief Play the encounter under another ruleset (::cops_rulesets), before its first
 * round (or after cops_encounter_reset()): a scenario's fight under the alternative
 * rules, or both rulesets compared on one scenario (cops sim --compare).
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, an unknown ruleset); ::COPS_ESTATE once a round
 *         has begun
 * @since 0.13.0
 */
COPS_API int cops_encounter_set_ruleset(cops_encounter *e, int ruleset);
/** @brief The encounter's ruleset (::cops_rulesets), or a negative code. @since 0.13.0 */
COPS_API int cops_encounter_ruleset(const cops_encounter *e);
/** @brief Free an encounter, letting go of the characters, weapons and armour it holds (each
 * freed if nobody else holds it, docs/api.md "Who frees what"). NULL is accepted. @since 0.5.0 */
COPS_API void cops_encounter_free(cops_encounter *e);

/**
 * @brief Add a combatant between rounds: a character of @p ctx's, a side
 * (0..15), a position. Its id (0, 1, ... in order of joining, never reused)
 * goes to @p id (may be NULL).
 * @return ::COPS_OK; ::COPS_ESTATE during a round; ::COPS_ERANGE; ::COPS_EINVAL
 *         (a character already in, of another context)
 * @since 0.5.0
 */
COPS_API int cops_encounter_add(cops_encounter *e, cops_character *ch, int side, int x, int y,
                                int *id);
/** @brief Give a combatant a weapon (at most 4; the first is in hand). @since 0.5.0 */
COPS_API int cops_encounter_give_weapon(cops_encounter *e, int id, cops_weapon *w);
/**
 * @brief Equip a combatant with what its character's sheet carries (its gear,
 * docs/sheets.md): the sheet's weapons when it carries none, the one marked in hand in
 * hand, and the sheet's armour when it wears none. The weapons are the character's own:
 * the rounds the fight spends and the spare magazines it uses are the sheet's, as its hit
 * points are. Nothing to take is no error. All or nothing.
 * @return ::COPS_OK; ::COPS_ESTATE during a round; ::COPS_ERANGE (id); ::COPS_EINVAL (NULL,
 *         a weapon of the sheet carried by another combatant); ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_encounter_equip(cops_encounter *e, int id);
/** @brief The armour a combatant wears (NULL: none). @since 0.5.0 */
COPS_API int cops_encounter_set_armour(cops_encounter *e, int id, const cops_armour *a);
/* The policies (::cops_policies, cops_policy_name()) are in <cops/common.h>. */
/**
 * @brief The policy that declares for combatant @p id when nobody controls it
 * (::COPS_POLICY_SIMPLE until set). Kept by saves; cops_encounter_reset() keeps it.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, an unknown policy); ::COPS_ERANGE (an unknown id)
 * @since 0.17.0
 */
COPS_API int cops_encounter_set_policy(cops_encounter *e, int id, int policy);
/** @brief Every combatant of side @p side (those in the encounter now) under @p policy.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, an unknown policy); ::COPS_ERANGE (a side outside
 *         0 .. ::COPS_SIDES_MAX - 1) @since 0.17.0 */
COPS_API int cops_encounter_set_side_policy(cops_encounter *e, int side, int policy);
/** @brief Combatant @p id's policy (::cops_policies), or a negative code (::COPS_EINVAL,
 * ::COPS_ERANGE). @since 0.17.0 */
COPS_API int cops_encounter_policy(const cops_encounter *e, int id);
/**
 * @brief 1: the caller declares for this combatant every round; 0 (the
 * default): its policy does (cops_encounter_set_policy()) (docs/encounters.md).
 * @since 0.5.0
 */
COPS_API int cops_encounter_set_controlled(cops_encounter *e, int id, int controlled);
/** @brief A combatant leaves between rounds. @since 0.5.0 */
COPS_API int cops_encounter_remove(cops_encounter *e, int id);

/** @brief Combatants who ever joined (ids 0 .. count-1). @since 0.5.0 */
COPS_API int cops_encounter_count(const cops_encounter *e);
/** @brief A combatant's character (borrowed), or NULL. @since 0.5.0 */
COPS_API cops_character *cops_encounter_character(const cops_encounter *e, int id);
/** @brief A combatant's side, or a negative code. @since 0.5.0 */
COPS_API int cops_encounter_side(const cops_encounter *e, int id);
/** @brief A combatant's position. @since 0.5.0 */
COPS_API int cops_encounter_position(const cops_encounter *e, int id, int *x, int *y);
/** @brief Move a combatant between rounds (a VTT's drag and drop). @since 0.5.0 */
COPS_API int cops_encounter_set_position(cops_encounter *e, int id, int x, int y);
/** @brief Metres between two combatants (rounded up), or a negative code. @since 0.5.0 */
COPS_API int cops_encounter_distance(const cops_encounter *e, int a, int b);
/** @brief The weapon in hand (borrowed), or NULL. @since 0.5.0 */
COPS_API cops_weapon *cops_encounter_weapon(const cops_encounter *e, int id);
/** @brief 1 while the combatant is in the fight (joined, not left, not dead). @since 0.5.0 */
COPS_API int cops_encounter_present(const cops_encounter *e, int id);
/**
 * @brief Whether the combatant can act this round: present, conscious, not
 * out of the fight (C8.2, C10.4).
 * @param e the encounter
 * @param id the combatant
 * @param[out] can 1 or 0
 * @return ::COPS_OK; ::COPS_EINVAL (NULL); ::COPS_ERANGE (no such id)
 * @since 0.7.0
 */
COPS_API int cops_encounter_able(const cops_encounter *e, int id, int *can);
/**
 * @brief Kept for programs built against 0.5-0.6: 1 or 0, but a negative
 * code for a bad id, which is true in an `if`. Use cops_encounter_able().
 * @since 0.5.0
 */
COPS_API int cops_encounter_can_act(const cops_encounter *e, int id);

/** @brief Record @p seed in the log's start and seed the context with it. @since 0.5.0 */
COPS_API int cops_encounter_seed(cops_encounter *e, uint64_t seed);
/** @brief Most rounds before the fight is called undecided (1..10000, default 100). @since 0.5.0 */
COPS_API int cops_encounter_set_max_rounds(cops_encounter *e, int rounds);
/** @brief 1 (default): events go to the log; 0: no log (a Monte Carlo). @since 0.5.0 */
COPS_API int cops_encounter_set_logging(cops_encounter *e, int on);
/** @brief The encounter's log (borrowed). @since 0.5.0 */
COPS_API cops_log *cops_encounter_log(const cops_encounter *e);

/**
 * @brief Start the next round (C6, C10.4): recovery rolls of those out of the
 * fight, the conditions of the last round take effect.
 * @return ::COPS_OK; ::COPS_ESTATE when the round has begun or the fight is over
 * @since 0.5.0
 */
COPS_API int cops_encounter_begin_round(cops_encounter *e);
/**
 * @brief Declare for a combatant this round (after begin, before resolve).
 * Checked at once: the initiative against Réflexes (C6) and the conditions
 * (no negative initiative, held, on the ground), the target, the weapon and
 * its rounds, the movement. A second declaration replaces the first.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, the struct's size, an unknown action, a flag
 *         not 0 or 1, a field that does not go with the action: a target for a reload,
 *         none for a shot, an absent one, oneself, an initiative in melee, the alternative
 *         rules' fields under the core rules); ::COPS_ERANGE (a number outside its range:
 *         the id, the attitude, the GM's modifiers, the position, the target's id, the
 *         weapon's index, the first-aid difficulty, the initiative outside what Réflexes
 *         allows (C6), the circumstances, keep, aim); ::COPS_ERULE (the rules forbid it,
 *         with the reason); ::COPS_ESTATE outside a round, or for a combatant who cannot act
 * @since 0.5.0 (the codes of numbers out of range: ::COPS_ERANGE since 0.17.0)
 */
COPS_API int cops_encounter_declare(cops_encounter *e, int id, const cops_declaration *d);
/**
 * @brief A combatant's declaration for this round (after resolve, the one
 * that was resolved, a policy's included). Set @p d's @c size
 * first (cops_declaration_init() does): the struct only grows at its end.
 * @return ::COPS_ESTATE when none; ::COPS_EINVAL for a size not set
 * @since 0.5.0
 */
COPS_API int cops_encounter_declaration(const cops_encounter *e, int id, cops_declaration *d);
/** @brief How many weapons combatant @p id carries, or a negative code. @since 0.9.0 */
COPS_API int cops_encounter_weapon_count(const cops_encounter *e, int id);
/** @brief Weapon @p k (0 .. count - 1) of combatant @p id (borrowed), or NULL. @since 0.9.0 */
COPS_API cops_weapon *cops_encounter_weapon_at(const cops_encounter *e, int id, int k);
/**
 * @brief The index of the weapon in combatant @p id's hand.
 * @param e the encounter
 * @param id the combatant
 * @param[out] hand 0 .. cops_encounter_weapon_count() - 1, or -1 for bare hands
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (an unknown id)
 * @since 0.9.0
 */
COPS_API int cops_encounter_hand(const cops_encounter *e, int id, int *hand);
/** @brief The armour combatant @p id wears (borrowed), or NULL. @since 0.9.0 */
COPS_API const cops_armour *cops_encounter_armour(const cops_encounter *e, int id);
/**
 * @brief Whether a player controls combatant @p id (cops_encounter_set_controlled()).
 * @param e the encounter
 * @param id the combatant
 * @param[out] controlled 1 or 0
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (an unknown id)
 * @since 0.9.0
 */
COPS_API int cops_encounter_controlled(const cops_encounter *e, int id, int *controlled);
/**
 * @brief The initiatives combatant @p id may declare now (C6): the range its
 * Réflexes allow, without the negative ones when it may not take them (C10.4); under
 * the alternative rules 0..0 (the initiative is rolled when the round is resolved, A1.2).
 * During a round, the conditions of the round's start count; between rounds,
 * the character's own. Melee actions take initiative 0 whatever this says (C6.4).
 * @param e the encounter
 * @param id the combatant
 * @param[out] lowest the lowest allowed
 * @param[out] highest the highest allowed
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (an unknown id)
 * @rule C6 C10.4
 * @since 0.9.0
 */
COPS_API int cops_encounter_initiative_range(const cops_encounter *e, int id, int *lowest,
                                             int *highest);
/**
 * @brief Whether combatant @p id may declare @p action this round with some
 * target, weapon or place, and why not: the reason cops_encounter_declare()
 * would give (no firearm in hand, held, on the ground, the weapon empty ...),
 * without declaring. Between cops_encounter_begin_round() and
 * cops_encounter_resolve_round(); nothing changes.
 * @param e the encounter
 * @param id the combatant
 * @param action a ::cops_actions
 * @param[out] allowed 1 or 0
 * @param[out] why the reason when not allowed, "" otherwise; may be NULL with @p len 0
 * @param len the size of @p why
 * @return ::COPS_OK (the answer is in @p allowed); ::COPS_EINVAL; ::COPS_ERANGE (an
 *         unknown id); ::COPS_ESTATE (no round begun)
 * @rule C6 C6.3 C6.4 C10 C11.1
 * @since 0.9.0
 */
COPS_API int cops_encounter_allowed(cops_encounter *e, int id, int action, int *allowed,
                                    char *why, size_t len);
/**
 * @brief What combatant @p id's policy (cops_encounter_set_policy()) would declare this round,
 * so that a virtual tabletop can offer it to the player as the default choice:
 * exactly what resolving the round declares for a combatant left without a
 * declaration. Between cops_encounter_begin_round() and
 * cops_encounter_resolve_round(); nothing changes and no die is drawn.
 * @param e the encounter
 * @param id the combatant
 * @param[in,out] d its @c size set first (cops_declaration_init() does); written up to it
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, a size not set); ::COPS_ERANGE (an unknown id);
 *         ::COPS_ESTATE (no round begun, or the combatant cannot act)
 * @since 0.9.0
 */
COPS_API int cops_encounter_suggest(cops_encounter *e, int id, cops_declaration *d);
/**
 * @brief The exact odds of an attack combatant @p id would declare now
 * (cops_attack_odds_compute()), as the round would resolve it: after the declared
 * move, with its attitude, the GM's modifiers, Adrénaline, and the Ancienneté
 * re-roll when the declaration says @c anciennete; against the target's current
 * state, with the attitude it declared this round (its last one until it
 * declares). What others do earlier in the round is not foreseen. For a virtual
 * tabletop's "72 % to hit" before the player commits.
 * Between cops_encounter_begin_round() and cops_encounter_resolve_round(); the
 * declaration is checked as cops_encounter_declare() checks it; nothing changes,
 * no die is drawn.
 * @param e the encounter
 * @param id the combatant
 * @param d the planned declaration (an attack with a target)
 * @param o where the odds go (cops_attack_odds_new())
 * @return ::COPS_OK; ::COPS_EINVAL (not an attack, no target); the codes of
 *         cops_encounter_declare(); ::COPS_ESTATE outside a round
 * @since 0.9.0
 */
COPS_API int cops_encounter_odds(cops_encounter *e, int id, const cops_declaration *d,
                                 cops_attack_odds *o);
/**
 * Decides whether combatant @p id spends an Ancienneté point to roll a failed
 * roll again (C5): a shot's, a melee roll lost, stopping power, nerve,
 * recovery, standing up, first aid. Called while the round runs, for a
 * controlled combatant with a point left whose declaration did not say
 * @c anciennete already. It must not call the library on the encounter's
 * context (refused: the round fails with ::COPS_ESTATE and nothing changes).
 * @param user the pointer given to cops_encounter_set_anciennete_callback()
 * @param id the combatant
 * @param purpose the roll's ::cops_roll_purposes
 * @param failed the failed roll (the cops_roll_* getters read it)
 * @param points Ancienneté points the combatant has left (1 or more)
 * @return 1: spend a point and roll again; 0: keep it; a negative code of <cops/error.h>:
 *         the round fails with it, all or nothing
 * @since 0.9.0
 */
typedef int (*cops_anciennete_fn)(void *user, int id, int purpose, const cops_roll *failed,
                                  int points);
/**
 * @brief Who decides on Ancienneté for the controlled combatants (NULL: their
 * declarations' @c anciennete flag alone). The default policy's combatants
 * keep their points: they come back only with nights of sleep (C5), and the
 * policy does not know the evening ahead (docs/encounters.md).
 * @param e the encounter
 * @param fn the decision, or NULL
 * @param user passed to @p fn
 * @return ::COPS_OK; ::COPS_EINVAL (NULL encounter)
 * @rule C5
 * @since 0.9.0
 */
COPS_API int cops_encounter_set_anciennete_callback(cops_encounter *e, cops_anciennete_fn fn,
                                                    void *user);
/**
 * @brief Resolve the round. Their policies declare for the combatants not
 * controlled; a controlled combatant who can act and has not declared is
 * ::COPS_ESTATE (nothing resolved).
 *
 * All or nothing, as every round procedure here (begin, resolve, run_round,
 * run, add, remove): on any error (a random callback that fails, memory, a
 * call refused from a callback) the combatants, their characters and
 * weapons, the round, the log and the seeded or system source are as before
 * the call, and the same call can be made again.
 * @since 0.5.0
 */
COPS_API int cops_encounter_resolve_round(cops_encounter *e);
/** @brief begin (unless begun) and resolve. @since 0.5.0 */
COPS_API int cops_encounter_run_round(cops_encounter *e);
/** @brief Rounds until the end (or the round cap). @since 0.5.0 */
COPS_API int cops_encounter_run(cops_encounter *e);

/** @brief The rounds begun so far. @since 0.5.0 */
COPS_API int cops_encounter_round(const cops_encounter *e);
/** @brief 1 when the fight is over (one side or none left able to act, or the round cap). @since 0.5.0 */
COPS_API int cops_encounter_over(const cops_encounter *e);
/** The winner when no side won (everyone down, or undecided at the round cap). */
#define COPS_NO_WINNER (-1)
/**
 * @brief The winning side, or ::COPS_NO_WINNER, once the fight is over.
 * @param e the encounter
 * @param[out] side 0 .. ::COPS_SIDES_MAX - 1, or ::COPS_NO_WINNER
 * @return ::COPS_OK; ::COPS_EINVAL (NULL); ::COPS_ESTATE while the fight goes on
 * @since 0.7.0
 */
COPS_API int cops_encounter_get_winner(const cops_encounter *e, int *side);
/**
 * @brief Kept for programs built against 0.5-0.6: the side, or -1 for no
 * winner, which is also ::COPS_EINVAL. Use cops_encounter_get_winner().
 * @since 0.5.0
 */
COPS_API int cops_encounter_winner(const cops_encounter *e);

/**
 * @brief Put every combatant back as it was when it joined (hit points,
 * conditions, Adrénaline and Ancienneté points, rounds loaded, weapon in hand,
 * position), round 0, log empty:
 * the same fight, to run again (a Monte Carlo). Those who left are back; a
 * character that left and joined again is back once, in its last place.
 * @since 0.5.0
 */
COPS_API int cops_encounter_reset(cops_encounter *e);

/**
 * @brief Save the fight as it is now, to resume it later (docs/encounters.md,
 * schemas/save.schema.json): between rounds, or during a round with the
 * declarations made so far. Everything goes in: the round and its phase, the
 * combatants with their characters' state, weapons and rounds loaded,
 * armour, positions, conditions, holds, clocks, points and declarations, the
 * scenario's scripted declarations, the number of the next event, and the
 * random source: a seeded stream's key and place (the same dice again); a
 * system source is not written (a resumed fight draws new unpredictable
 * dice); a callback source is the caller's. Nothing changes. The Ancienneté
 * callback is the caller's too.
 * @param e the encounter
 * @param[out] out the JSON text (free with cops_free())
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ENOMEM
 * @since 0.9.0
 */
COPS_API int cops_encounter_save(const cops_encounter *e, char **out);
/** @brief cops_encounter_save() to a file. @return also ::COPS_EIO @since 0.9.0 */
COPS_API int cops_encounter_save_file(const cops_encounter *e, const char *path);
/**
 * @brief Rebuild a saved fight in @p ctx. The new encounter owns the
 * characters, weapons and armour it was rebuilt with (freed with it; read
 * them with cops_encounter_character() and the other queries). A seeded
 * save puts @p ctx's stream where the save was; otherwise the context's
 * source is left as it is. Every field is checked (as a sheet is): a
 * malformed or impossible save is refused and nothing changes, the context
 * included. Logging, the round cap and scripted declarations come back; the
 * log starts empty, its next event numbered as the uninterrupted fight's.
 * @param[out] out the encounter
 * @param ctx the context
 * @param json the text cops_encounter_save() wrote
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_EJSON, ::COPS_ERANGE, ::COPS_ERULE
 *         naming the field; ::COPS_ENOMEM
 * @since 0.9.0
 */
COPS_API int cops_encounter_load(cops_encounter **out, cops_ctx *ctx, const char *json);
/** @brief cops_encounter_load() from a file (confined by cops_ctx_confine()). @return also ::COPS_EIO @since 0.9.0 */
COPS_API int cops_encounter_load_file(cops_encounter **out, cops_ctx *ctx, const char *path);

/* ---- what a tabletop draws, the caller's tags, undo (docs/encounters.md, "Tabletops") ---- */

/**
 * @brief Tag combatant @p id with the caller's own id for it (a token's id): up to
 * ::COPS_TAG_MAX bytes of UTF-8 without control characters, not another combatant's.
 * The tag travels with the combatant: in every event's JSON (@c actor_tag,
 * @c target_tag) and cops_event, in states and snapshots, in saves; a scenario gives
 * it as a combatant's @c "tag". NULL or "" removes it. At any time; no die is drawn.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL encounter, a tag too long, not UTF-8 text,
 *         or another combatant's); ::COPS_ERANGE (id); ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_encounter_set_tag(cops_encounter *e, int id, const char *tag);
/** @brief Combatant @p id's tag, or NULL (none, a bad id); valid until it changes. @since 0.17.0 */
COPS_API const char *cops_encounter_tag(const cops_encounter *e, int id);
/**
 * @brief The id of the combatant tagged @p tag.
 * @return the id (0 or more); ::COPS_EINVAL (NULL); ::COPS_ENOTFOUND
 * @since 0.17.0
 */
COPS_API int cops_encounter_find_tag(const cops_encounter *e, const char *tag);

/** Where a fight stands (cops_encounter_phase()). @since 0.17.0 */
enum cops_phases {
  COPS_PHASE_BETWEEN_ROUNDS = 0,  /**< no round begun: cops_encounter_begin_round() next */
  COPS_PHASE_DECLARING = 1,       /**< a round begun: declarations, then cops_encounter_resolve_round() */
  COPS_PHASE_OVER = 2             /**< the fight is resolved: a side won, or the round cap */
};
/** @brief The fight's ::cops_phases, or a negative code. @since 0.17.0 */
COPS_API int cops_encounter_phase(const cops_encounter *e);
/** @brief A phase's key ("between_rounds", "declaring", "over"), or NULL. @since 0.17.0 */
COPS_API const char *cops_phase_key(int phase);

/**
 * Everything a board shows of one combatant (cops_encounter_state()). Its @c size
 * first (cops_combatant_state_init() sets it): a program built against this version
 * keeps working with later ones, which only add fields at the end. The strings are
 * borrowed: valid until the encounter changes them (a tag, a name) or is freed.
 * @since 0.17.0
 */
typedef struct cops_combatant_state {
  uint32_t size;             /**< sizeof(cops_combatant_state) */
  int id;                    /**< the combatant's id */
  const char *tag;           /**< the caller's tag, NULL none */
  const char *name;          /**< the character's name, NULL none */
  int side;                  /**< its side */
  int x;                     /**< its position in metres (x) */
  int y;                     /**< its position in metres (y) */
  int present;               /**< 1 while in the fight (0 once left) */
  int able;                  /**< 1 when it can act (cops_encounter_can_act()) */
  int controlled;            /**< 1 when the caller declares for it */
  int hp;                    /**< hit points */
  int max_hp;                /**< their maximum */
  int health;                /**< ::cops_health (C8.2) */
  int health_state;          /**< ::cops_health_state */
  unsigned conditions;       /**< ::cops_conditions bits */
  int declared;              /**< 1 once it declared this round */
  int awaited;               /**< 1 when the round waits for its declaration: controlled, able, not declared, in ::COPS_PHASE_DECLARING */
  int action;                /**< the action declared this round (::cops_actions), -1 none */
  int attitude;              /**< the attitude declared this round (-2..2), 0 none */
  int initiative;            /**< the initiative declared this round, 0 none */
  int target;                /**< the target declared this round, -1 none */
  int weapon;                /**< the index of the weapon in hand, -1 bare-handed */
  const char *weapon_name;   /**< its name, NULL bare-handed */
  int loaded;                /**< rounds loaded in it, -1 bare-handed */
  const char *armour_name;   /**< the armour worn, NULL none */
  int adrenaline;            /**< Adrénaline points left (C5) */
  int anciennete;            /**< Ancienneté points left (C5) */
  int holds;                 /**< the id of the one it holds (C11.2), -1 none */
  int held_by;               /**< the id of the one holding it, -1 none */
  int magazines;             /**< spare magazines of the weapon in hand, -1 not counted or bare-handed */
} cops_combatant_state;
/** @brief Zero @p st and set its size to @p size (the caller's sizeof). @since 0.17.0 */
COPS_API int cops_combatant_state_init_sized(cops_combatant_state *st, size_t size);
/** @brief cops_combatant_state_init_sized() with sizeof(cops_combatant_state). @since 0.17.0 */
#define cops_combatant_state_init(st) cops_combatant_state_init_sized((st), sizeof(cops_combatant_state))
/**
 * @brief Fill @p st with combatant @p id's state (written up to its @c size). Nothing
 * changes; no allocation.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, a size unset or larger than the library's);
 *         ::COPS_ERANGE (id)
 * @since 0.17.0
 */
COPS_API int cops_encounter_state(const cops_encounter *e, int id, cops_combatant_state *st);
/**
 * @brief The whole board as one JSON document (schemas/snapshot.schema.json): the
 * round, the phase, the ruleset, the winner, whose declarations are awaited, the log's
 * length, every combatant's state as cops_encounter_state() gives it.
 * @param e the encounter
 * @param[out] out the text (free with cops_free())
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_encounter_snapshot(const cops_encounter *e, char **out);

/**
 * @brief Remember the fight as it is now (between rounds, or between declarations):
 * the combatants, their characters' state, wounds and clocks, weapons and rounds
 * loaded, positions, holds, declarations made, tags, the round, the log's length and
 * the dice stream's place. Nothing changes.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE (from the Ancienneté callback);
 *         ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_encounter_checkpoint(cops_encounter *e, cops_checkpoint **out);
/**
 * @brief Put the fight back where @p cp was taken: everything cops_encounter_checkpoint()
 * remembers, the events since dropped from the log and the context's seeded stream back
 * at its place, so that the fight goes on byte for byte as it did from there. Combatants
 * added since leave (the caller still owns what it added). The checkpoint stays valid:
 * roll back to it again at will.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, a checkpoint of another encounter or of a
 *         chase); ::COPS_ESTATE (the log was cleared or the fight reset since, or from the
 *         Ancienneté callback)
 * @since 0.17.0
 */
COPS_API int cops_encounter_rollback(cops_encounter *e, const cops_checkpoint *cp);
/** @brief Free a checkpoint (of a fight or a chase). NULL is accepted. @since 0.17.0 */
COPS_API void cops_checkpoint_free(cops_checkpoint *cp);

/** Opaque scenario: an encounter with the characters, weapons and armour it owns. */
typedef struct cops_scenario cops_scenario;
/**
 * @brief Read a scenario (JSON, docs/scenarios.md): combatants with their
 * sheets, weapons and armour (inline or by file, paths relative to @p path's
 * folder), sides, positions, scripted declarations.
 * @return as cops_character_load(); messages name the field
 * @since 0.5.0
 */
COPS_API int cops_scenario_load(cops_scenario **out, cops_ctx *ctx, const char *path);
/** @brief The same from text; @p base_dir resolves file names (NULL: the working folder). @since 0.5.0 */
COPS_API int cops_scenario_from_json(cops_scenario **out, cops_ctx *ctx, const char *json,
                                     const char *base_dir);
/** @brief Free a scenario and everything it owns. NULL is accepted. @since 0.5.0 */
COPS_API void cops_scenario_free(cops_scenario *s);
/** @brief Its name (borrowed). @since 0.5.0 */
COPS_API const char *cops_scenario_name(const cops_scenario *s);
/** @brief Its encounter (borrowed). @since 0.5.0 */
COPS_API cops_encounter *cops_scenario_encounter(const cops_scenario *s);
/** @brief A side's name (borrowed), or NULL. @since 0.5.0 */
COPS_API const char *cops_scenario_side_name(const cops_scenario *s, int side);
/** @brief Sides named. @since 0.5.0 */
COPS_API int cops_scenario_side_count(const cops_scenario *s);
/**
 * @brief Run the scenario to its end: its scripted declarations in their
 * rounds, each combatant's policy otherwise.
 * @since 0.5.0
 */
COPS_API int cops_scenario_run(cops_scenario *s);
/** @brief Back to the start (cops_encounter_reset()), scripted rounds included. @since 0.5.0 */
COPS_API int cops_scenario_reset(cops_scenario *s);

COPS_END_DECLS

#endif
