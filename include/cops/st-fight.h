/**
 * @file cops/st-fight.h
 * @brief The Storyteller module's whole fights (OTHER-SYSTEMS.md ST §1, §5.1,
 * §5.2; ST-M3, ST-M18 ... ST-M21): round after round, initiative, each
 * fighter's three actions, the attacks and grapples of <cops/st-attack.h> at
 * each rank, until one side is left; a default policy; fight files for
 * scenarios and saves (docs/storyteller.md, "Fights"). Included by <cops/st.h>.
 *
 * A round: cops_st_fight_begin_round() (phase 1: the armour and vest budgets
 * renewed, the non-combatants' nerve, initiative and its order), then
 * cops_st_fight_step() for each rank (phase 2: the next fighter's turn, its
 * declaration or the default policy's), cops_st_fight_resolve_round() for all
 * that are left and the round's end. cops_st_fight_declare() gives a fighter's
 * turn before it comes. cops_st_fight_run() plays to the end.
 *
 * The fight borrows the characters added with cops_st_fight_add() (they must
 * outlive it); a fight read from a file owns its own. Their state (health
 * track, Willpower, rounds loaded) is the fight's state.
 */
#ifndef COPS_ST_FIGHT_H
#define COPS_ST_FIGHT_H

COPS_BEGIN_DECLS

/** Opaque Storyteller fight. */
typedef struct cops_st_fight cops_st_fight;

/** Most fighters in a fight. */
#define COPS_ST_FIGHTERS_MAX 32
/** Most sides in a fight. */
#define COPS_ST_SIDES_MAX 8
/** Largest coordinate, in metres (positions are whole metres on a plane). */
#define COPS_ST_POSITION_MAX 100000
/** No winner: everyone is down, or the round cap came first. */
#define COPS_ST_NO_WINNER (-1)

/** A fighter's roll action in a round (ST §1, ST-A11). */
enum cops_st_fight_actions {
  COPS_ST_DO_NOTHING = 0,      /**< no roll action (a move may take its place, ST-A11) */
  COPS_ST_DO_ATTACK,           /**< melee at a target in contact (an exchange, or a strike, ST-A6, ST-A7) or a shot (§5.5; in contact, ST-A16) */
  COPS_ST_DO_GRAPPLE,          /**< start a grapple with a target in contact, or this round's contest of one (§6.2, ST-A19) */
  COPS_ST_DO_TOTAL_DEFENSE,    /**< Dexterity + Athletics added to Defense for the round (§5.8, ST-A17) */
  COPS_ST_DO_AIM,              /**< one more aiming die at the target, up to Wits (§6.7, ST-A25) */
  COPS_ST_DO_COUP_DE_GRACE,    /**< every die an 8 at a helpless target (§6.12, ST-A30) */
  COPS_ST_DO_COUNT
};

/**
 * @brief A fighter's turn (ST §1): its roll action, a move before it, going
 * prone or getting up, and a bite as its automatic action. Initialise with
 * cops_st_declaration_init(); grows only at its end.
 *
 * The actions a turn spends (ST-A11): 1 roll action unless @c action is
 * ::COPS_ST_DO_NOTHING; 1 move action for a move up to Speed, 2 up to twice
 * Speed (the roll action given up); 1 move action to go prone or get up
 * (ST-A28); 1 automatic action for a bite. A turn needs roll + moves at most 2
 * and all three at most 3 (the mixes 1/1/1, 0/2/1, 0/1/2, 1/0/2, 0/0/3).
 */
typedef struct cops_st_declaration {
  uint32_t size;     /**< sizeof(cops_st_declaration), set by cops_st_declaration_init() */
  int action;        /**< a ::cops_st_fight_actions value */
  int target;        /**< the fighter attacked, grappled or aimed at; -1 none */
  int weapon;        /**< the weapon's index on the fighter's sheet, -1 bare hands; GRAPPLE: the weapon in hand */
  unsigned flags;    /**< ATTACK: ::COPS_ST_TOUCH, ::COPS_ST_BURST */
  int called;        /**< ATTACK with a firearm: a ::cops_st_called_shots value */
  int bonus;         /**< the Storyteller's dice for the roll: specialty, powers (-10 .. 10) */
  int cover;         /**< the Cover used this round, 0 .. the Cover available; -1 all of it (the default; ST-A14) */
  int moving;        /**< 1: move to (@c x, @c y) before the roll action */
  int x;             /**< where to, in metres */
  int y;             /**< where to, in metres */
  int prone;         /**< 1 go prone, -1 get up, 0 neither (a move action, ST-A28) */
  int after;         /**< delay (§5.2, ST-A13): act right after this fighter, -1 at the fighter's own rank */
  int effects[2];    /**< GRAPPLE: the effects wished (::cops_st_grapple_effects, -1 none) */
  int bite;          /**< GRAPPLE: 1 bites as the automatic action (§6.1, ST-A18) */
} cops_st_declaration;

/** @brief Do nothing, no target, bare hands, all the Cover. The macro passes sizeof(cops_st_declaration). @since 0.15.0 */
COPS_API int cops_st_declaration_init_sized(cops_st_declaration *d, size_t size, int action);
/** @brief cops_st_declaration_init_sized() with sizeof(cops_st_declaration). @since 0.15.0 */
#define cops_st_declaration_init(d, action) \
  cops_st_declaration_init_sized((d), sizeof(cops_st_declaration), (action))

/** @brief An action's name ("attack", "total_defense" ...), or NULL. @since 0.15.0 */
COPS_API const char *cops_st_fight_action_name(int action);
/** @brief Read an action's name into @p out. @return ::COPS_OK, ::COPS_EINVAL @since 0.15.0 */
COPS_API int cops_st_fight_action_parse(const char *text, int *out);

/**
 * @brief A new fight under @p rules (NULL: the defaults), drawing its dice from
 * @p ctx; its log on, a cap of 100 rounds.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (a rule); ::COPS_ENOMEM
 * @since 0.15.0
 */
COPS_API int cops_st_fight_new(cops_st_fight **out, cops_ctx *ctx, const cops_st_rules *rules);
/** @brief Free a fight (and the characters it owns, not the ones it borrows). NULL is accepted. @since 0.15.0 */
COPS_API void cops_st_fight_free(cops_st_fight *f);

/**
 * @brief Add a fighter before the first round: a character of the fight's
 * context (borrowed), its side, its place.
 * @param f the fight
 * @param ch the character, not already in the fight
 * @param side 0 .. ::COPS_ST_SIDES_MAX - 1
 * @param x metres, within ±::COPS_ST_POSITION_MAX
 * @param y metres
 * @param[out] id the fighter's id (0, 1 ... in order), may be NULL
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ESTATE (a round begun,
 *         or ::COPS_ST_FIGHTERS_MAX fighters)
 * @since 0.15.0
 */
COPS_API int cops_st_fight_add(cops_st_fight *f, cops_st_character *ch, int side, int x, int y,
                               int *id);
/** @brief Name side @p side (1 .. 31 bytes; "side N" until named). @since 0.15.0 */
COPS_API int cops_st_fight_set_side_name(cops_st_fight *f, int side, const char *name);
/** @brief A side's name (borrowed), or NULL. @since 0.15.0 */
COPS_API const char *cops_st_fight_side_name(const cops_st_fight *f, int side);
/** @brief The Cover the terrain gives a fighter, 0 .. 5 (§5.6); between turns. @since 0.15.0 */
COPS_API int cops_st_fight_set_cover(cops_st_fight *f, int id, int cover);
/** @brief Surprised in round 1 (§6.8, ST-A26): no roll action, Defense 0; before round 1. @since 0.15.0 */
COPS_API int cops_st_fight_set_surprised(cops_st_fight *f, int id, int surprised);
/** @brief Prone (§6.10, ST-A28) at the start; between turns. @since 0.15.0 */
COPS_API int cops_st_fight_set_prone(cops_st_fight *f, int id, int prone);
/** @brief Move a fighter between turns (a VTT's drag and drop); its aiming is lost (ST-A25). @since 0.15.0 */
COPS_API int cops_st_fight_set_position(cops_st_fight *f, int id, int x, int y);
/**
 * @brief 1: a non-combatant spends a Willpower point, while it has some, on a
 * failed nerve roll and on a hit above its Resolve (§2; the default); 0: never.
 * @since 0.15.0
 */
COPS_API int cops_st_fight_set_spend(cops_st_fight *f, int id, int spend);
/**
 * @brief 1: out of the fight (the host game's health track says so, or the
 * Storyteller ends it: ST-A4, ST-A12); 0: back in. Between turns.
 * @since 0.15.0
 */
COPS_API int cops_st_fight_set_out(cops_st_fight *f, int id, int out);
/** How the default policy plays a fighter (docs/storyteller.md, "The default policy"). */
enum cops_st_tactics {
  COPS_ST_TACTIC_STRIKE = 0,   /**< the nearest able enemy: a shot in range, else into contact and the best melee weapon */
  COPS_ST_TACTIC_GRAPPLE,      /**< the same, but grapples in contact: damage, then a hold; bites with teeth */
  COPS_ST_TACTIC_AIM,          /**< aims at its target until the aiming dice reach Wits, then shoots (§6.7) */
  COPS_ST_TACTIC_DEFEND,       /**< total defence every round, never attacks (§5.8) */
  COPS_ST_TACTIC_COUNT
};
/** @brief A tactic's name ("strike", "grapple", "aim", "defend"), or NULL. @since 0.15.0 */
COPS_API const char *cops_st_fight_tactic_name(int tactic);
/** @brief Read a tactic's name into @p out. @return ::COPS_OK, ::COPS_EINVAL @since 0.15.0 */
COPS_API int cops_st_fight_tactic_parse(const char *text, int *out);
/** @brief How the default policy plays fighter @p id (a ::cops_st_tactics value). @since 0.15.0 */
COPS_API int cops_st_fight_set_tactic(cops_st_fight *f, int id, int tactic);
/**
 * @brief The policy that plays fighter @p id when nobody declares for it
 * (docs/storyteller.md, "Policies"): ::COPS_POLICY_SIMPLE (the default: its
 * tactic, as 0.15.0 to 0.16.0 played it) or ::COPS_POLICY_TACTICAL (its attack
 * chosen from the exact odds). Kept by saves and cops_st_fight_reset().
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, an unknown policy); ::COPS_ERANGE (id)
 * @since 0.17.0
 */
COPS_API int cops_st_fight_set_policy(cops_st_fight *f, int id, int policy);
/** @brief Every fighter of side @p side (those in the fight now) under @p policy.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (a side outside 0 .. ::COPS_ST_SIDES_MAX - 1)
 * @since 0.17.0 */
COPS_API int cops_st_fight_set_side_policy(cops_st_fight *f, int side, int policy);
/** @brief Fighter @p id's policy (::cops_policies), or a negative code (::COPS_EINVAL,
 * ::COPS_ERANGE). @since 0.17.0 */
COPS_API int cops_st_fight_policy(const cops_st_fight *f, int id);
/** @brief Most rounds before the fight ends undecided (1 .. 10000, default 100). @since 0.15.0 */
COPS_API int cops_st_fight_set_max_rounds(cops_st_fight *f, int rounds);
/** @brief 1 (the default): events go to the log; 0: no log (a Monte Carlo). @since 0.15.0 */
COPS_API int cops_st_fight_set_logging(cops_st_fight *f, int on);
/** @brief The fight's log (borrowed). @since 0.15.0 */
COPS_API cops_log *cops_st_fight_log(const cops_st_fight *f);
/** @brief Record @p seed in the save and seed the context with it. @since 0.15.0 */
COPS_API int cops_st_fight_seed(cops_st_fight *f, uint64_t seed);
/** @brief The rules the fight plays under (a copy into @p out, its @c size set by the caller). @since 0.15.0 */
COPS_API int cops_st_fight_rules(const cops_st_fight *f, cops_st_rules *out);

/** @brief Fighters in the fight (ids 0 .. count - 1). @since 0.15.0 */
COPS_API int cops_st_fight_count(const cops_st_fight *f);
/** @brief A fighter's character (borrowed), or NULL. @since 0.15.0 */
COPS_API cops_st_character *cops_st_fight_character(const cops_st_fight *f, int id);
/** @brief Metres between two fighters, rounded up; 1 or less is contact. @since 0.15.0 */
COPS_API int cops_st_fight_distance(const cops_st_fight *f, int a, int b);

/**
 * @brief A fighter's state (ST-M3): where, what it spent this round, what it
 * holds from one round to the next. Filled by cops_st_fight_fighter(); grows
 * only at its end.
 */
typedef struct cops_st_fighter {
  uint32_t size;        /**< the caller's sizeof(cops_st_fighter), set by the caller */
  int side;             /**< its side */
  int x;                /**< its place, in metres */
  int y;                /**< its place, in metres */
  int able;             /**< 1 while in the fight: conscious, alive, not out (§2) */
  int out;              /**< out of the fight: a non-combatant's injury (§2, ST-A12) or cops_st_fight_set_out() */
  int initiative;       /**< this round's 1d10 + Initiative (0 outside the order) */
  int rank;             /**< its place in this round's order, 0 first; -1 not in it */
  int acted;            /**< 1 once its turn is over this round */
  int delayed;          /**< 1 while it waits for a later rank (ST-A13) */
  int roll_used;        /**< roll actions spent this round (0, 1) */
  int moves_used;       /**< move actions spent (0 .. 2) */
  int automatic_used;   /**< automatic actions spent (0 .. 3) */
  int facing;           /**< the opponent it faces in melee this round (§5.4), -1 none */
  int attackers;        /**< melee attackers engaged with it this round (at most 4, ST-A7) */
  int cover;            /**< the Cover available (§5.6) */
  int cover_used;       /**< the Cover it uses this round (ST-A14) */
  int total_defense;    /**< its total-defence successes this round (§5.8) */
  int aim;              /**< aiming dice held (§6.7, ST-M21) */
  int aim_target;       /**< at whom, -1 none */
  int surprised;        /**< surprised: round 1 only (§6.8) */
  int prone;            /**< lying down (§6.10) */
  int nerve;            /**< this round's ::cops_st_nerves value (§2) */
  int grapple;          /**< the fighter it grapples, -1 none (ST-M19) */
  int spend;            /**< spends Willpower as a non-combatant (cops_st_fight_set_spend()) */
  int tactic;           /**< its ::cops_st_tactics value */
  int policy;           /**< its ::cops_policies value (cops_st_fight_set_policy()). @since 0.17.0 */
} cops_st_fighter;

/** @brief Fighter @p id's state. @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (id) @since 0.15.0 */
COPS_API int cops_st_fight_fighter(const cops_st_fight *f, int id, cops_st_fighter *out);
/**
 * @brief The grapple fighter @p id is in (ST-M19): its state (sides as
 * cops_st_grapple_round() counts them) and the two fighters, @p first being
 * ::COPS_ST_ATTACKER's.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ESTATE (not grappling)
 * @since 0.15.0
 */
COPS_API int cops_st_fight_grapple(const cops_st_fight *f, int id, cops_st_grapple *out, int *first,
                                   int *second);

/**
 * @brief Phase 1 of the next round (ST-M18): the vests' and armours' budgets
 * renewed (ST-A31, ST-A32); each able non-combatant's nerve (§2, ST-M20: a
 * failed roll restricts it to hiding, protecting, fleeing: total defence by the
 * default policy); each able fighter's initiative and their order (§5.2,
 * ST-A13). Events st.round, st.nerve, st.initiative. All or nothing.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE (a round under way, the fight
 *         over, fewer than two sides); ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.15.0
 */
COPS_API int cops_st_fight_begin_round(cops_st_fight *f);
/**
 * @brief This round's order: the ids in @p ids (room for @p cap), as many in
 * @p n; a delayed fighter where it will act.
 * @since 0.15.0
 */
COPS_API int cops_st_fight_order(const cops_st_fight *f, int *ids, int cap, int *n);
/**
 * @brief Give fighter @p id's turn this round (after phase 1, before its turn);
 * checked at once against the fighter, its target and the actions it spends.
 * A fighter with a declaration of total defence rolls it before the first
 * attack on it (ST-A17).
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (the rules
 *         forbid it: naming why); ::COPS_ESTATE (no round, its turn is over)
 * @since 0.15.0
 */
COPS_API int cops_st_fight_declare(cops_st_fight *f, int id, const cops_st_declaration *d);
/**
 * @brief What fighter @p id's policy (cops_st_fight_set_policy()) would do with
 * its turn now (docs/storyteller.md, "The default policy", "Policies").
 * @since 0.15.0
 */
COPS_API int cops_st_fight_suggest(cops_st_fight *f, int id, cops_st_declaration *d);
/** @brief Whose turn comes next (-1: the round's ranks are all played). @since 0.15.0 */
COPS_API int cops_st_fight_next(const cops_st_fight *f, int *id);
/**
 * @brief Play the next turn of the round (phase 2): an exchange's damage won
 * earlier lands at the winner's rank (ST-A6), then the fighter's declaration
 * (or the default policy's): its move, going prone or up, its roll action. A
 * delay puts the turn after the fighter named. When no turn is left, the
 * round ends (ST-M18 3). All or nothing: on a failure the fight, its
 * characters, the log and the seeded source are as before.
 * @param f the fight
 * @param[out] id whose turn it was (-1: none, the round ended), may be NULL
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE (no round under way);
 *         ::COPS_ERULE (a declaration the state no longer allows); ::COPS_ERNG;
 *         ::COPS_ENOMEM
 * @since 0.15.0
 */
COPS_API int cops_st_fight_step(cops_st_fight *f, int *id);
/** @brief Play every turn left and end the round. @since 0.15.0 */
COPS_API int cops_st_fight_resolve_round(cops_st_fight *f);
/** @brief Begin (unless begun) and resolve a round. @since 0.15.0 */
COPS_API int cops_st_fight_run_round(cops_st_fight *f);
/** @brief Rounds until the end or the round cap. @since 0.15.0 */
COPS_API int cops_st_fight_run(cops_st_fight *f);
/**
 * @brief Back to the start, to run the same fight again (a Monte Carlo): every
 * fighter and its character as they stood when the first round began (health,
 * Willpower, weapons, place, Cover, tactic, surprise), round 0, no grapple,
 * the log empty and numbered from 0 again. The dice go on. Before the first
 * round only the log is emptied.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE for a fight read from a save
 *         made after its first round began (its start is not in the file)
 * @since 0.17.0
 */
COPS_API int cops_st_fight_reset(cops_st_fight *f);
/** @brief The rounds begun so far. @since 0.15.0 */
COPS_API int cops_st_fight_round(const cops_st_fight *f);
/** @brief 1 once at most one side has fighters able to fight, or the round cap came. @since 0.15.0 */
COPS_API int cops_st_fight_over(const cops_st_fight *f);
/**
 * @brief The winning side, or ::COPS_ST_NO_WINNER.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE while it goes on
 * @since 0.15.0
 */
COPS_API int cops_st_fight_winner(const cops_st_fight *f, int *side);

/**
 * @brief Save the fight between rounds (docs/storyteller.md, "Fight files";
 * schemas/st-fight.schema.json): its name, rules, sides, fighters with their
 * sheets as they are now and their state (place, Cover, prone, aiming, a
 * grapple), the round, the number of the next event and the seeded stream's
 * place. Nothing changes.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE (during a round); ::COPS_ENOMEM
 * @since 0.15.0
 */
COPS_API int cops_st_fight_save(const cops_st_fight *f, char **out);
/**
 * @brief Read a fight file (a scenario, or a save) in @p ctx: every field
 * checked, the message naming it; sheets inline or by file name, read from
 * @p base_dir (NULL: the working folder) within cops_ctx_confine(). The fight
 * owns the characters it read. A save's seeded stream puts @p ctx's where it
 * was. Nothing changes on a refusal, the context included.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_EJSON, ::COPS_ERANGE, ::COPS_ERULE;
 *         ::COPS_EIO; ::COPS_ENOMEM
 * @since 0.15.0
 */
COPS_API int cops_st_fight_from_json(cops_st_fight **out, cops_ctx *ctx, const char *json,
                                     const char *base_dir);
/** @brief cops_st_fight_from_json() from a file; sheets named relative to its folder. @since 0.15.0 */
COPS_API int cops_st_fight_load(cops_st_fight **out, cops_ctx *ctx, const char *path);
/** @brief The fight's name (borrowed; "" unless read from a file). @since 0.15.0 */
COPS_API const char *cops_st_fight_name(const cops_st_fight *f);

COPS_END_DECLS

#endif
