/**
 * @file cops/st-attack.h
 * @brief The Storyteller module's weapons, protection and attacks (OTHER-SYSTEMS.md
 * ST §5, §6; ST-M4, ST-M5, ST-M8, ST-M10, ST-M14, ST-M15). Included by <cops/st.h>.
 */
#ifndef COPS_ST_ATTACK_H
#define COPS_ST_ATTACK_H

#include <cops/events.h>

COPS_BEGIN_DECLS

/* ---- Weapons and protection (ST §0.5, §6.4, §6.6, §6.13, §6.14) ------------------ */

/** What a weapon is (ST-M4). */
enum cops_st_weapon_kinds {
  COPS_ST_UNARMED = 0,   /**< fists, feet: Brawl */
  COPS_ST_MELEE = 1,     /**< a knife, an axe: Weaponry */
  COPS_ST_FIREARM = 2,   /**< Firearms; its lethal damage is "bullet damage" for a vest (ST-A31) */
  COPS_ST_TEETH = 3      /**< a bite (§6.1): human teeth -1B, a vampire's 0L */
};

/** Most weapons a character carries. */
#define COPS_ST_WEAPONS_MAX 4

/**
 * @brief A weapon (ST-M4): a damage code (an integer and a type, §0.5), its
 * kind, automatic fire (§6.4, ST-A22) and range bands (ST-A24). A value: fill
 * it with cops_st_weapon_init(); it grows only at its end.
 */
typedef struct cops_st_weapon {
  uint32_t size;       /**< sizeof(cops_st_weapon), set by cops_st_weapon_init() */
  char name[48];       /**< 1 .. 47 bytes of UTF-8 */
  int damage;          /**< the code's number: -1 .. 10 (a punch 0, a heavy revolver 4) */
  int type;            /**< ::COPS_ST_BASHING or ::COPS_ST_LETHAL */
  int kind;            /**< a ::cops_st_weapon_kinds value */
  int automatic;       /**< 1: can fire a short burst for +1 die (§6.4) */
  int min_strength;    /**< 0 .. 10: a burst with less Strength costs 1 bashing of recoil (ST-A22) */
  int range[3];        /**< short, medium and long range in metres (firearms; 0 for the others) */
  int ammo;            /**< rounds loaded: a shot uses 1, a short burst 3, a long burst 10 (ST-A22, ST-A23); -1 untracked (the default) */
} cops_st_weapon;

/**
 * @brief A weapon of @p kind: fists (0B, unarmed), a knife-like 0L (melee),
 * a 2L pistol with ranges 20/40/80 m (firearm), human teeth -1B (teeth). The
 * macro passes sizeof(cops_st_weapon).
 * @return ::COPS_OK, ::COPS_EINVAL
 * @since 0.15.0
 */
COPS_API int cops_st_weapon_init_sized(cops_st_weapon *w, size_t size, int kind);
/** @brief cops_st_weapon_init_sized() with sizeof(cops_st_weapon). @since 0.15.0 */
#define cops_st_weapon_init(w, kind) cops_st_weapon_init_sized((w), sizeof(cops_st_weapon), (kind))

/** @brief The weapons a character carries (0 .. ::COPS_ST_WEAPONS_MAX). @since 0.15.0 */
COPS_API int cops_st_character_weapon_count(const cops_st_character *ch);
/**
 * @brief Weapon @p i of a character, copied into @p out (@p size: the caller's sizeof).
 * @since 0.15.0
 */
COPS_API int cops_st_character_weapon_sized(const cops_st_character *ch, int i,
                                            cops_st_weapon *out, size_t size);
/** @brief cops_st_character_weapon_sized() with sizeof(cops_st_weapon). @since 0.15.0 */
#define cops_st_character_weapon(ch, i, out) \
  cops_st_character_weapon_sized((ch), (i), (out), sizeof(cops_st_weapon))
/**
 * @brief Add a weapon (every field checked); its index in @p index (may be NULL).
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE (a field, or ::COPS_ST_WEAPONS_MAX carried)
 * @since 0.15.0
 */
COPS_API int cops_st_character_add_weapon(cops_st_character *ch, const cops_st_weapon *w,
                                          int *index);
/** @brief Remove weapon @p i (the later ones move down). @since 0.15.0 */
COPS_API int cops_st_character_remove_weapon(cops_st_character *ch, int i);

/**
 * @brief A character's protection (ST-M5): a bulletproof vest's code (0 none,
 * 1 .. 3, §6.13) and an armour's rating (0 none, 1 or 2, §6.14, ST-A32),
 * old-fashioned or not.
 * @since 0.15.0
 */
COPS_API int cops_st_character_set_protection(cops_st_character *ch, int vest, int armour,
                                              int old_fashioned);
/** @brief The protection (any output may be NULL). @since 0.15.0 */
COPS_API int cops_st_character_protection(const cops_st_character *ch, int *vest, int *armour,
                                          int *old_fashioned);
/**
 * @brief A new round for the character's protection: the vest and the armour
 * may again absorb their full budget (ST-A31, ST-A32). A fight calls it at
 * each round; one-off attacks leave it to the caller.
 * @since 0.15.0
 */
COPS_API int cops_st_character_begin_round(cops_st_character *ch);

/* ---- Attacks (ST §5.3-§5.7, §6.3-§6.12, ST-A6, ST-A7, ST-A14-A16, ST-A21-A33) ------- */

/** How an attack is resolved. */
enum cops_st_attack_kinds {
  COPS_ST_EXCHANGE = 0,      /**< melee, opposed (§5.3, ST-A6): the winner deals code + margin */
  COPS_ST_STRIKE = 1,        /**< melee, unopposed: a secondary attacker of §5.4 (ST-A7) */
  COPS_ST_SHOT = 2,          /**< ranged, unopposed (§5.5): code + successes */
  COPS_ST_CONTACT_SHOT = 3,  /**< a firearm in contact: opposed as melee (§5.5, ST-A16) */
  COPS_ST_COUP_DE_GRACE = 4, /**< no roll: every die an 8, Defense 0 (§6.12, ST-A30) */
  COPS_ST_LONG_BURST = 5,    /**< a long burst at several targets: cops_st_long_burst() only (§6.5, ST-A23) */
  COPS_ST_ATTACK_KIND_COUNT
};

/** Called shots (§6.11): where, and the penalty in dice. */
enum cops_st_called_shots {
  COPS_ST_BODY = 0,   /**< no called shot */
  COPS_ST_ARM,        /**< -2 */
  COPS_ST_LEG,        /**< -2 */
  COPS_ST_HEAD,       /**< -3 */
  COPS_ST_HEART,      /**< -4 */
  COPS_ST_HAND,       /**< -4 */
  COPS_ST_EYE,        /**< -5 */
  COPS_ST_CALLED_COUNT
};

/** Attack flag: touch without harming (§6.3, ST-A21): Dexterity for Strength, no damage. */
#define COPS_ST_TOUCH 0x1u
/** Attack flag: a short burst of an automatic weapon: +1 die, 3 rounds (§6.4, ST-A22). */
#define COPS_ST_BURST 0x2u
/** Attack flag: the target is surprised: Defense 0 (§6.8, ST-A26). */
#define COPS_ST_SURPRISED 0x4u
/** Attack flag: the target's Defense is 0 (a submission hold, §6.2, ST-A20). */
#define COPS_ST_DEFENSELESS 0x8u
/** Attack flag: the target is prone: Cover 1 against a shot (§6.10, ST-A28). */
#define COPS_ST_PRONE 0x10u

/**
 * @brief One attack (ST-M8, ST-M10, ST-M14). Initialise with
 * cops_st_attack_init(), which sets the defaults; grows only at its end.
 */
typedef struct cops_st_attack {
  uint32_t size;                   /**< sizeof(cops_st_attack) */
  int kind;                        /**< a ::cops_st_attack_kinds value */
  cops_st_character *attacker;     /**< required */
  cops_st_character *target;       /**< required, not the attacker */
  int weapon;                      /**< the attacker's weapon index; -1 bare hands (0B) */
  int target_weapon;               /**< EXCHANGE, CONTACT_SHOT: the target's weapon; -1 bare hands */
  int attacker_id;                 /**< the attacker's id in the events (default 0) */
  int target_id;                   /**< the target's id in the events (default 1) */
  int distance;                    /**< SHOT: metres, for the range band (ST-A24) */
  int cover;                       /**< SHOT: the target's Cover used, 0 .. 5 (§5.6, ST-A14) */
  int own_cover;                   /**< SHOT: the shooter's Cover used, a penalty 0 .. 5 (§5.6) */
  int crowd;                       /**< SHOT: combatants in contact with the target getting secondary attacks, +1 Cover each (§5.7) */
  int opponents;                   /**< STRIKE: opponents in contact with the target, 1 .. 4 (§5.4) */
  int rank;                        /**< STRIKE: this attacker's place among the secondary ones, 1 .. opponents - 1 (ST-A7's incremental switch) */
  int called;                      /**< SHOT: a ::cops_st_called_shots value */
  int aim;                         /**< SHOT, COUP_DE_GRACE: aiming dice, at most Wits (§6.7, ST-A25) */
  int total_defense;               /**< the target's total-defence successes, added to Defense (§5.8) */
  int bonus;                       /**< the attacker's other dice: specialty, powers (-10 .. 10) */
  unsigned flags;                  /**< ::COPS_ST_TOUCH, ::COPS_ST_BURST, ::COPS_ST_SURPRISED ... */
  cops_st_character *shield;       /**< SHOT: a human shield held by the target (§6.9, ST-A27), or NULL */
  int shield_id;                   /**< the shield's id in the events (default 2) */
  const cops_st_rules *rules;      /**< NULL: the defaults */
} cops_st_attack;

/** @brief Fill @p a with @p kind and every default. The macro passes sizeof(cops_st_attack). @since 0.15.0 */
COPS_API int cops_st_attack_init_sized(cops_st_attack *a, size_t size, int kind);
/** @brief cops_st_attack_init_sized() with sizeof(cops_st_attack). @since 0.15.0 */
#define cops_st_attack_init(a, kind) cops_st_attack_init_sized((a), sizeof(cops_st_attack), (kind))

/** Who won an opposed attack. */
enum cops_st_sides {
  COPS_ST_NOBODY = 0,   /**< a tie, or an unopposed attack without a success */
  COPS_ST_ATTACKER = 1, /**< the attacker */
  COPS_ST_DEFENDER = 2  /**< the target (in an exchange, the one who deals the damage when it wins) */
};

/**
 * @brief What an attack did. Filled by cops_st_attack_resolve(); grows only at its end.
 */
typedef struct cops_st_outcome {
  uint32_t size;          /**< the caller's sizeof(cops_st_outcome), set by the caller */
  int pool;               /**< the attacker's pool after every modifier (a chance die at 0 or less) */
  int successes;          /**< the attacker's successes */
  int dramatic;           /**< the attacker's chance die showed 1 (§5.7, ST-A2) */
  int defender_pool;      /**< EXCHANGE, CONTACT_SHOT: the target's pool */
  int defender_successes; /**< EXCHANGE, CONTACT_SHOT */
  int winner;             /**< a ::cops_st_sides value */
  int margin;             /**< the winner's successes minus the loser's; unopposed: the successes */
  int victim;             /**< who takes the damage: ::COPS_ST_ATTACKER, ::COPS_ST_DEFENDER (the target), ::COPS_ST_NOBODY */
  int damage;             /**< boxes: code + margin, at least 0 (ST-A4) */
  int type;               /**< ::COPS_ST_BASHING or ::COPS_ST_LETHAL */
  int shield_damage;      /**< boxes the human shield takes (ST-A27) */
  int ignored;            /**< boxes the victim's armour ignored (ST-A32) */
  int converted;          /**< lethal boxes the vest turned into bashing (ST-A31) */
  int bashing;            /**< bashing boxes that reached the victim's track */
  int lethal;             /**< lethal boxes that reached it */
  int state;              /**< the victim's ::cops_st_health_states after */
  int full_effect;        /**< a called shot dealing 2 or more (§6.11, ST-A29) */
  int stray;              /**< a dramatic failure with a crowd: a combatant in contact may be hit (§5.7, ST-A15) */
  int recoil;             /**< boxes of recoil the shooter took (§6.4, ST-A22) */
  int contact;            /**< a touch that made contact (§6.3, ST-A21) */
} cops_st_outcome;

/**
 * @brief Resolve one attack: the pools, the roll(s), the damage through the
 * human shield, armour and vest (ST-A33) onto the victim's track (ST-L1).
 *
 * Pools (ST §0.2): EXCHANGE and STRIKE Strength + Brawl (bare hands, teeth)
 * or Weaponry (a melee weapon) + Vigor (ST-A8), Dexterity for Strength with
 * ::COPS_ST_TOUCH; SHOT and CONTACT_SHOT Dexterity + Firearms; each minus the
 * other's Defense, the attacker's wound penalty, plus @c bonus. Defense is 0
 * for a surprised or defenceless target and against a coup de grâce, and adds
 * the target's total defence; a STRIKE takes 2 off it for each opponent past
 * the first (ST-A7); a SHOT adds Cover, the crowd and prone (ST-A14), and
 * takes the range band, the shooter's own Cover, a called shot, +1 for a
 * burst and the aiming dice. The events go to @p log (may be NULL): st.attack,
 * st.roll (every die), st.damage, st.health.
 *
 * All or nothing: on any failure (a refused attack, dice that fail, memory)
 * the characters, the log and the seeded source are as before the call.
 * @param out filled (its @c size set by the caller); may be NULL
 * @param ctx the dice and the messages
 * @param a the attack
 * @param log the events, or NULL
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, sizes, an unknown kind or flag, a
 *         weapon index); ::COPS_ERANGE (a field); ::COPS_ERULE (the rules
 *         forbid it: a shot beyond long range, a bare hand's shot, a burst of a
 *         weapon that cannot); ::COPS_ERNG; ::COPS_ENOMEM
 * @rule ST-A5 ST-A6 ST-A7 ST-A14 ST-A15 ST-A16 ST-A21 ST-A22 ST-A24 ST-A25 ST-A27 ST-A29 ST-A30 ST-A31 ST-A32 ST-A33
 * @since 0.15.0
 */
COPS_API int cops_st_attack_resolve(cops_st_outcome *out, cops_ctx *ctx, const cops_st_attack *a,
                                    cops_log *log);

/* ---- Grapples (§6.1, §6.2, §6.9; ST-A18, ST-A19, ST-A20; ST-M12, ST-M19) ------------ */

/** The effects a grapple's winner chooses (§6.2). */
enum cops_st_grapple_effects {
  COPS_ST_BREAK_FREE = 0,   /**< the grapple ends at once */
  COPS_ST_TAKE_WEAPON,      /**< seize the weapon the other holds */
  COPS_ST_GRAPPLE_DAMAGE,   /**< (-1B) + margin, or the controlled weapon's code + margin */
  COPS_ST_DISARM,           /**< a controlled weapon leaves the fight */
  COPS_ST_HOLD,             /**< a submission hold: the other's Defense 0 against everyone (ST-A20) */
  COPS_ST_SHIELD,           /**< the other as a human shield against shots (§6.9) */
  COPS_ST_GRAPPLE_EFFECT_COUNT
};

/**
 * @brief Two characters grappling (ST-M19): the state a caller keeps from one
 * round's contest to the next. cops_st_grapple_init() starts one; grows only at
 * its end. Sides are ::COPS_ST_ATTACKER (the first character of
 * cops_st_grapple_round()) and ::COPS_ST_DEFENDER (the second), 0 for nobody.
 */
typedef struct cops_st_grapple {
  uint32_t size;     /**< sizeof(cops_st_grapple) */
  int active;        /**< 1 while they hold each other; 0 once one broke free */
  int hold;          /**< the side holding the other in a submission hold (ST-A20) */
  int shield;        /**< the side using the other as a human shield (§6.9) */
  int controller;    /**< the side controlling a weapon (§6.2) */
  int weapon_owner;  /**< whose sheet that weapon is on */
  int weapon;        /**< its index there (-1 none) */
} cops_st_grapple;

/** @brief A new grapple (active, nothing held). The macro passes sizeof(cops_st_grapple). @since 0.15.0 */
COPS_API int cops_st_grapple_init_sized(cops_st_grapple *g, size_t size);
/** @brief cops_st_grapple_init_sized() with sizeof(cops_st_grapple). @since 0.15.0 */
#define cops_st_grapple_init(g) cops_st_grapple_init_sized((g), sizeof(cops_st_grapple))

/** One side's choices in a grapple round. */
typedef struct cops_st_grapple_side {
  int effects[2];    /**< the effects wished, in order (-1: none); the second counts at a margin of 4 or more */
  int in_hand;       /**< the weapon this side holds (its index, -1 none): what TAKE_WEAPON seizes from it */
  int bite;          /**< 1: bite with the side's teeth (a teeth weapon on its sheet) as its automatic action (ST-A18) */
} cops_st_grapple_side;

/** What a grapple round did. */
typedef struct cops_st_grapple_outcome {
  uint32_t size;          /**< the caller's sizeof(cops_st_grapple_outcome) */
  int successes[2];       /**< each side's successes (the first character's first) */
  int pool[2];            /**< each side's pool after modifiers */
  int winner;             /**< ::COPS_ST_ATTACKER, ::COPS_ST_DEFENDER or ::COPS_ST_NOBODY (a tie, ST-A5) */
  int margin;             /**< the winner's successes less the loser's */
  int effects[2];         /**< the effects applied, in order (-1 none) */
  int damage;             /**< boxes the loser took from the damage effect */
  int damage_type;        /**< its type */
  int bite;               /**< boxes of the winner's bite (or the holder's, margin 0) */
  int disarmed_owner;     /**< the side whose weapon left the fight, 0 none */
  int disarmed_weapon;    /**< its index on that side's sheet */
} cops_st_grapple_outcome;

/**
 * @brief One round of a grapple (§6.2, ST-A19, ST-A20): both roll Strength +
 * Vigor + Brawl less the other's Defense (0 for the one in a submission hold);
 * more successes wins. The winner applies its first effect, and its second at
 * a margin of 4 or more, in order: TAKE_WEAPON before DISARM or a weapon's
 * DAMAGE, which need a controlled weapon (an effect that cannot apply is
 * skipped); DAMAGE once a round; BREAK_FREE ends the grapple at once. A hold is
 * kept while its holder does not lose a round; the loser of the holder's side
 * loses it. A bite (§6.1, ST-A18): the winner's teeth code + margin, or a
 * holder's teeth code + 0 without winning; at least 0.
 * @param g the grapple, updated (it must be active)
 * @param out what happened (its @c size set by the caller); may be NULL
 * @param ctx the dice
 * @param a the first character (::COPS_ST_ATTACKER), id @p a_id in the events
 * @param b the second (::COPS_ST_DEFENDER), id @p b_id
 * @param a_id the first character's id in the events
 * @param b_id the second's
 * @param sa the first character's choices
 * @param sb the second's
 * @param rules NULL for the defaults
 * @param log the events, or NULL
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ESTATE (a grapple no
 *         longer active); ::COPS_ERNG; ::COPS_ENOMEM. All or nothing.
 * @rule ST-A5 ST-A18 ST-A19 ST-A20
 * @since 0.15.0
 */
COPS_API int cops_st_grapple_round(cops_st_grapple *g, cops_st_grapple_outcome *out,
                                   cops_ctx *ctx, cops_st_character *a, cops_st_character *b,
                                   int a_id, int b_id, const cops_st_grapple_side *sa,
                                   const cops_st_grapple_side *sb, const cops_st_rules *rules,
                                   cops_log *log);

/**
 * @brief A long burst (§6.5, ST-A23): one roll of an automatic firearm at up to
 * eight targets close together, with the short burst's +1 die, penalised by the
 * highest Defense and the highest Cover among them; the shooter shares the
 * successes out (@p shares, in order, each as many as are left); each target
 * given 1 or more takes the weapon's code + its share through the pipeline
 * (ST-A33). 10 rounds; the recoil rule applies (ST-A22).
 * @param out @p n outcomes, one per target (each @c size set by the caller); may be NULL
 * @param ctx the dice
 * @param a the shot: its attacker, weapon, distance, own_cover, aim, bonus, rules
 *        and attacker_id; its kind ::COPS_ST_SHOT; its target, cover, crowd, flags
 *        other than ::COPS_ST_SURPRISED are not read
 * @param targets @p n characters, none the attacker, no one twice
 * @param ids their ids in the events
 * @param covers each target's Cover, crowd and prone counted (0 .. 9)
 * @param shares the successes wished for each, in order (0 .. 64)
 * @param n 1 .. 8
 * @param log the events, or NULL
 * @return as cops_st_attack_resolve(); ::COPS_ERULE for a weapon that is not
 *         automatic or holds fewer than 10 rounds
 * @rule ST-A22 ST-A23
 * @since 0.15.0
 */
COPS_API int cops_st_long_burst(cops_st_outcome *out, cops_ctx *ctx, const cops_st_attack *a,
                                cops_st_character *const *targets, const int *ids,
                                const int *covers, const int *shares, int n, cops_log *log);

/** Storyteller event types, in the same log as COPS's (type names "st.attack" ...). */
enum cops_st_event_types {
  COPS_ST_EV_ATTACK = 1000,  /**< an attack: kind, weapon, distance, called shot */
  COPS_ST_EV_ROLL,           /**< a pool rolled: purpose, its dice, successes, chance, dramatic */
  COPS_ST_EV_RESULT,         /**< the attack's result: winner, margin, damage and type */
  COPS_ST_EV_DAMAGE,         /**< damage to one character through shield, armour and vest */
  COPS_ST_EV_EFFECT,         /**< a side effect: recoil, a stray shot, a called shot's full effect, contact */
  COPS_ST_EV_INITIATIVE,     /**< 1d10 + Initiative (§5.2): the die, the score, the total */
  COPS_ST_EV_NERVE,          /**< a non-combatant's round (§2): rolled, Willpower spent, or restricted; or an injury's test */
  COPS_ST_EV_OBJECT,         /**< damage to an object (§6.15): successes, its total, broken */
  COPS_ST_EV_BOUT,           /**< a non-dramatic fight's result (§3): the winner, each side's bashing */
  COPS_ST_EV_GRAPPLE,        /**< a grapple round's result (§6.2): winner, margin, effects, the state after */
  COPS_ST_EV_ROUND,          /**< a fight's round begins (§5.1) */
  COPS_ST_EV_MOVE,           /**< a fighter moves, goes prone or gets up (§1, §6.10) */
  COPS_ST_EV_ACTION,         /**< a fighter aims (§6.7) or delays its turn (§5.2) */
  COPS_ST_EV_END,            /**< the fight is over: the winning side, the rounds */
  COPS_ST_EV_DECLARE,        /**< a policy's plan for a fighter's turn, with the odds it weighed (the tactical policy's; docs/storyteller.md, "Policies"). @since 0.17.0 */
  COPS_ST_EV_TYPE_END
};

/** Why an ST pool was rolled (the purpose of ::COPS_ST_EV_ROLL). */
enum cops_st_purposes {
  COPS_ST_ROLL_ATTACK = 0,   /**< the attacker's pool */
  COPS_ST_ROLL_DEFENCE,      /**< the other side of an opposed exchange */
  COPS_ST_ROLL_TOTAL_DEFENSE,/**< Dexterity + Athletics: successes added to Defense (§5.8) */
  COPS_ST_ROLL_NERVE,        /**< a non-combatant's Resolve + Composure (§2) */
  COPS_ST_ROLL_OBJECT,       /**< a pool against an object's Durability (§6.15) */
  COPS_ST_ROLL_BOUT,         /**< one side of a non-dramatic fight (§3) */
  COPS_ST_ROLL_GRAPPLE,      /**< one side of a grapple (§6.2) */
  COPS_ST_PURPOSE_COUNT
};

/** What a ::COPS_ST_EV_EFFECT reports. */
enum cops_st_effects {
  COPS_ST_RECOIL = 0,       /**< the shooter took @c value boxes of recoil (§6.4, ST-A22) */
  COPS_ST_STRAY,            /**< a dramatic failure: a combatant in contact may be hit (§5.7, ST-A15) */
  COPS_ST_FULL_EFFECT,      /**< a called shot dealt 2 or more: its full effect (§6.11, ST-A29) */
  COPS_ST_CONTACT,          /**< a touch made contact (§6.3, ST-A21) */
  COPS_ST_EFFECT_COUNT
};

/**
 * @brief The fields of a Storyteller event that a ::cops_event does not carry.
 * cops_log_event() gives the common ones (type, seq, round, actor, target,
 * weapon, their ids, the dice's count; cops_log_die() the dice); this gives
 * the rest, each named for the types that set it (0 elsewhere). Grows only at its end.
 */
typedef struct cops_st_event {
  uint32_t size;     /**< the caller's sizeof(cops_st_event) */
  int kind;          /**< ATTACK: a ::cops_st_attack_kinds value */
  int flags;         /**< ATTACK: the attack's flags; DECLARE: the declaration's */
  int distance;      /**< ATTACK: metres */
  int called;        /**< ATTACK: a ::cops_st_called_shots value */
  int purpose;       /**< ROLL: a ::cops_st_purposes value */
  int pool;          /**< ROLL: dice + mod (0 or less: a chance die) */
  int threshold;     /**< ROLL */
  int again;         /**< ROLL: 8, 9, 10, or 0 */
  int mode;          /**< ROLL: a ::cops_st_modes value */
  int successes;     /**< ROLL; RESULT: the attacker's; OBJECT: the damage of this go */
  int chance;        /**< ROLL */
  int dramatic;      /**< ROLL */
  int capped;        /**< ROLL */
  int winner;        /**< RESULT, BOUT, GRAPPLE: a ::cops_st_sides value */
  int margin;        /**< RESULT, BOUT, GRAPPLE */
  int damage;        /**< RESULT: boxes dealt; DAMAGE: boxes coming at this character; NERVE: the hit tested (0: a round's roll) */
  int damage_type;   /**< RESULT, DAMAGE: ::COPS_ST_BASHING or ::COPS_ST_LETHAL */
  int ignored;       /**< DAMAGE: boxes the armour ignored */
  int converted;     /**< DAMAGE: lethal boxes the vest turned bashing */
  int bashing;       /**< DAMAGE: bashing boxes marked */
  int lethal;        /**< DAMAGE: lethal boxes marked */
  int state;         /**< DAMAGE: the character's ::cops_st_health_states after */
  int effect;        /**< EFFECT: a ::cops_st_effects value */
  int value;         /**< EFFECT: boxes of recoil; INITIATIVE: the d10; NERVE: a ::cops_st_nerves value; OBJECT: its effective Durability */
  int score;         /**< INITIATIVE: the Initiative score (armour off, ST-A32) */
  int total;         /**< INITIATIVE: die + score; OBJECT: the object's damage so far; BOUT: the target's bashing */
  int boxes;         /**< OBJECT: its Size (ST-A34); BOUT: the actor's bashing */
  int broken;        /**< OBJECT: its damage reached its Size */
  int effects[2];    /**< GRAPPLE: the effects applied (-1 none) */
  int active;        /**< GRAPPLE: still grappling after it */
  int hold;          /**< GRAPPLE: the side holding a submission hold after it */
  int shield;        /**< GRAPPLE: the side using the other as a shield after it */
  int controller;    /**< GRAPPLE: the side controlling a weapon after it */
  int action;        /**< ACTION: ::COPS_ST_DO_AIM, or -1 for a delay (the target: the fighter waited for); DECLARE: a ::cops_st_fight_actions value */
  int aim;           /**< ACTION: the aiming dice held after it */
  int from_x;        /**< MOVE: where from, in metres */
  int from_y;        /**< MOVE: where from, in metres */
  int x;             /**< MOVE: where to; DECLARE: where it moves to, when moving */
  int y;             /**< MOVE: where to; DECLARE: likewise */
  int metres;        /**< MOVE: the distance walked */
  int prone;         /**< MOVE: lying down after it */
  int prone_change;  /**< MOVE: 1 went prone, -1 got up, 0 neither (§6.10) */
  int winner_side;   /**< END: the winning side, ::COPS_ST_NO_WINNER (-1) for none */
  int rounds;        /**< END: the rounds played */
  int policy;        /**< DECLARE: the ::cops_policies value that made the plan. @since 0.17.0 */
  int cover;         /**< DECLARE: the Cover it uses this round, -1 all of it. @since 0.17.0 */
  int moving;        /**< DECLARE: 1 when it moves to (@c x, @c y) first. @since 0.17.0 */
  int odds_down;     /**< DECLARE: P(its attack puts its target out of the fight), in thousandths; -1 when it weighed none (the simple plan kept). @since 0.17.0 */
  int odds_first;    /**< DECLARE: P(it acts before it is put out), in thousandths, or -1. @since 0.17.0 */
  int odds_risk;     /**< DECLARE: P(the enemies' attacks still to come put it out this round), in thousandths, or -1. @since 0.17.0 */
} cops_st_event;

/**
 * @brief The Storyteller fields of event @p i of @p log.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, a size); ::COPS_ERANGE (i);
 *         ::COPS_ESTATE (not a Storyteller event)
 * @since 0.15.0
 */
COPS_API int cops_st_log_event(const cops_log *log, int i, cops_st_event *out);

COPS_END_DECLS

#include <cops/st-scene.h>
#include <cops/st-fight.h>

#endif
