/**
 * @file cops/events.h
 * @brief The event log (DESIGN.md section 5, docs/events.md): every step of
 * a procedure as a typed event with every die, rendered as JSON Lines
 * (schema ::COPS_EVENT_SCHEMA) or narrated in French, English or Spanish.
 *
 * A ::cops_log is owned by the caller for one-off procedures (an attack), or
 * by an encounter. Appending reuses the log's memory: cops_log_clear() keeps
 * it for the next procedure.
 */
#ifndef COPS_EVENTS_H
#define COPS_EVENTS_H

#include <cops/common.h>
#include <cops/rng.h>

COPS_BEGIN_DECLS

/** Version of the JSON event schema (docs/events.md); every line carries it.
 * 2 (0.7.0): every line names combatants by id (actor_id, target_id), roll
 * lines carry capped, cover lines their target and zone. */
#define COPS_EVENT_SCHEMA 2
/** The longest caller's tag, in bytes of UTF-8 (cops_encounter_set_tag()). @since 0.17.0 */
#define COPS_TAG_MAX 64

/** Event types. Their fields: docs/events.md. */
enum cops_event_types {
  COPS_EV_ATTACK = 0,     /**< an attack begins: actor, target, weapon, mode, distance ... */
  COPS_EV_ROLL,           /**< a roll: purpose, the action, every die, successes, margin */
  COPS_EV_MISS,           /**< the attack (or one bullet) missed: reason */
  COPS_EV_HIT,            /**< the attack hit: bullets fired and bullets in */
  COPS_EV_LOCATION,       /**< where a bullet or blow landed (C10.3) */
  COPS_EV_DAMAGE,         /**< damage of one bullet or blow (C8.1, C8.3, C11.1) */
  COPS_EV_HIT_POINTS,     /**< hit points and health before and after (C8.2) */
  COPS_EV_STOPPING,       /**< the stopping-power result (C10.4) */
  COPS_EV_CONDITION,      /**< a condition set or cleared */
  COPS_EV_AMMUNITION,     /**< rounds used and left */
  COPS_EV_COVER,          /**< covering fire laid down (C10.5): bullets, margin */
  COPS_EV_ESCAPE,         /**< a held character's escape attempt (C11.1): freed or not */
  COPS_EV_STRAY,          /**< bullets of a shot or burst that hit nobody: collateral risk (C10.8) */
  COPS_EV_PENETRATION,    /**< a bullet's damage reached the caller's threshold: it may go through (C10.8) */
  COPS_EV_START,          /**< an encounter starts: its seed when known, its combatants */
  COPS_EV_JOIN,           /**< a combatant joins: side, position */
  COPS_EV_LEAVE,          /**< a combatant leaves (or, dead, is removed) */
  COPS_EV_ROUND,          /**< a round begins */
  COPS_EV_DECLARE,        /**< a combatant's declaration: action, attitude, initiative, target */
  COPS_EV_MOVE,           /**< a combatant moves: to (x, y), metres */
  COPS_EV_RELOAD,         /**< a weapon is reloaded */
  COPS_EV_DRAW,           /**< another weapon taken in hand */
  COPS_EV_IDLE,           /**< a declared action does not happen: reason */
  COPS_EV_DEATH,          /**< a combatant dies (C8.2) */
  COPS_EV_END,            /**< the fight ends: the winning side, rounds */
  COPS_EV_BLEEDING,       /**< how a wound bleeds changes: rounds between losses (C8.2, C8.5). @since 0.10.0 */
  COPS_EV_REST,           /**< a character's rest begins (C8.6). @since 0.10.0 */
  COPS_EV_TIME,           /**< time passes for a character: seconds, and the clock after. @since 0.10.0 */
  COPS_EV_NIGHT,          /**< a full night's sleep: the point that comes back (C5). @since 0.10.0 */
  COPS_EV_CHASE_DICE,     /**< a chase participant's dice change: lost, turned black, the GM's (C7.2, C7.3). @since 0.11.0 */
  COPS_EV_CHASE_BAND,     /**< the distance band of a pursuer and the pursued after a round (C7.1). @since 0.11.0 */
  COPS_EV_CRASH,          /**< a crash test: failed black dice and the d6 (C7.2). @since 0.11.0 */
  COPS_EV_CHASE_OUT,      /**< a participant leaves the chase: lost, stopped, wrecked (C7.4). @since 0.11.0 */
  COPS_EV_CHASE_END,      /**< the chase is over: caught or escaped (C7.4). @since 0.11.0 */
  COPS_EV_CHASE_JOIN,     /**< a pursuer joins a chase under way: its white dice (C7). @since 0.11.0 */
  COPS_EV_INTERVIEW,      /**< an interview begins: the interrogator (actor) and the subject (target) (C4). @since 0.12.0 */
  COPS_EV_TRAIT,          /**< the evaluation reveals a trait of the subject: which, its value (C4.1). @since 0.12.0 */
  COPS_EV_APPROACH,       /**< an interrogation's method and attitude, and what bears on it (C4.2-C4.6). @since 0.12.0 */
  COPS_EV_INTERROGATION,  /**< how the interrogation roll ended: won, tied, lost; margin, tiers (C4.5, C4.8). @since 0.12.0 */
  COPS_EV_FACT,           /**< a fact the subject gives: its index, tier and text (C4.5). @since 0.12.0 */
  COPS_EV_BARRED,         /**< a failed interrogation: the method barred, the resistance up (C4.7). @since 0.12.0 */
  COPS_EV_EVIDENCE,       /**< new evidence: every method open again (C4.7). @since 0.12.0 */
  COPS_EV_MISHAP,         /**< a mishap of a failed stopping roll (A5): knocked down, unconscious, a hand drops what it held. @since 0.13.0 */
  COPS_EV_INITIATIVE,     /**< a combatant's initiative under the alternative rules (A1.2): the d10 kept, the score. @since 0.13.0 */
  COPS_EV_TYPE_COUNT
};

/** Why something was rolled (::COPS_EV_ROLL). */
enum cops_roll_purposes {
  COPS_PURPOSE_ATTACK = 0,   /**< to hit (shot, burst, melee attacker) */
  COPS_PURPOSE_DEFENCE,      /**< the other fighter of an opposed melee roll */
  COPS_PURPOSE_COVER,        /**< the covering-fire roll */
  COPS_PURPOSE_NERVE,        /**< 6+/Sang-froid (3) under covering fire */
  COPS_PURPOSE_COVER_HITS,   /**< the d10 of a character entering a covered zone (each 10 hits) */
  COPS_PURPOSE_DAMAGE,       /**< the weapon's PU d6 */
  COPS_PURPOSE_ARMOUR,       /**< the armour's protection d6 */
  COPS_PURPOSE_LOCATION,     /**< the location's d6 */
  COPS_PURPOSE_STOPPING,     /**< the stopping-power roll */
  COPS_PURPOSE_RECOVERY,     /**< the recovery roll of a character out of the fight */
  COPS_PURPOSE_ESCAPE,       /**< Corps à corps to break a hold */
  COPS_PURPOSE_STAND_UP,     /**< Coordination (3) to stand up after a throw */
  COPS_PURPOSE_FIRST_AID,    /**< Premiers secours/Sang-froid to stabilise the dying (C8.5) */
  COPS_PURPOSE_TREATMENT,    /**< Premiers secours/Coordination: first aid after a fight (C8.4). @since 0.10.0 */
  COPS_PURPOSE_MEDICINE,     /**< Médecine/Coordination to stabilise the dying (C8.5). @since 0.10.0 */
  COPS_PURPOSE_HOSPITAL,     /**< the 2d6 of a day in hospital (C8.6). @since 0.10.0 */
  COPS_PURPOSE_CHASE,        /**< a chase roll: skill / chase dice (declared) (C7). @since 0.11.0 */
  COPS_PURPOSE_CRASH,        /**< the d6 of a crash test (C7.2). @since 0.11.0 */
  COPS_PURPOSE_EVALUATION,   /**< Psychologie/Perception (2): the first contact of an interview (C4.1). @since 0.12.0 */
  COPS_PURPOSE_INTERROGATION,/**< the interrogator's Skill/characteristic (C4.2). @since 0.12.0 */
  COPS_PURPOSE_RESISTANCE,   /**< the subject's resistance roll (C4.4). @since 0.12.0 */
  COPS_PURPOSE_HIGHEST,      /**< d6 of which the highest counts: Carrure added to a blow, an unarmed strike's or a throw's damage (A3). @since 0.13.0 */
  COPS_PURPOSE_INITIATIVE,   /**< Réflexes d10 of which one is kept (A1.2; not open). @since 0.13.0 */
  COPS_PURPOSE_COUNT
};

/** Why an attack or a bullet missed (::COPS_EV_MISS). */
enum cops_miss_reasons {
  COPS_MISS_ROLL = 0,        /**< the roll failed */
  COPS_MISS_OUT_OF_RANGE,    /**< beyond twice the weapon's range (C10.2): no roll */
  COPS_MISS_NO_DICE,         /**< fewer than one die (C10.1): no roll */
  COPS_MISS_PAST_TEN,        /**< a burst's location went past 10 (C10.6) */
  COPS_MISS_MARGIN,          /**< a hold or throw without the margin it needs (C11.1) */
  COPS_MISS_REASON_COUNT
};

/** Why a declared action does not happen (::COPS_EV_IDLE). */
enum cops_idle_reasons {
  COPS_IDLE_OUT = 0,         /**< out of the fight (C10.4) */
  COPS_IDLE_DOWN,            /**< knocked down before acting (C8.2) */
  COPS_IDLE_PINNED,          /**< pinned by covering fire: took cover (C10.5) */
  COPS_IDLE_NO_TARGET,       /**< the target is gone or dead */
  COPS_IDLE_OUT_OF_REACH,    /**< the target is beyond reach (C11) */
  COPS_IDLE_EMPTY,           /**< the weapon ran empty */
  COPS_IDLE_NOT_DYING,       /**< first aid on someone no longer dying */
  COPS_IDLE_TREATED,         /**< first aid on a wound already stabilised once (C8.5). @since 0.10.0 */
  COPS_IDLE_STOPPED,         /**< stopped (A5): this action is the one lost. @since 0.13.0 */
  COPS_IDLE_KNOCKED_OUT,     /**< unconscious after a blow to the head (A5). @since 0.13.0 */
  COPS_IDLE_HELD,            /**< held earlier in the round: only an escape is left (C11.1, A3.4). @since 0.13.0 */
  COPS_IDLE_DISARMED,        /**< the weapon dropped earlier in the round (A5). @since 0.13.0 */
  COPS_IDLE_FREED,           /**< an escape, when the hold ended earlier in the round. @since 0.13.0 */
  COPS_IDLE_REASON_COUNT
};

/** Why hit points changed (::COPS_EV_HIT_POINTS). @since 0.10.0 */
enum cops_hp_causes {
  COPS_CAUSE_ATTACK = 0,     /**< an attack's damage */
  COPS_CAUSE_BLEEDING,       /**< the dying's loss (C8.2, C8.5) */
  COPS_CAUSE_FIRST_AID,      /**< first aid after a fight (C8.4) */
  COPS_CAUSE_STABILISE,      /**< stabilisation with Premiers secours (C8.5) */
  COPS_CAUSE_HOSPITAL,       /**< a day in hospital (C8.6) */
  COPS_CAUSE_REST,           /**< natural healing, two days (C8.6) */
  COPS_CAUSE_REVIVAL,        /**< a revival (C8.7) */
  COPS_CAUSE_COUNT
};

/**
 * One event, as read by cops_log_event(). Set @c size to sizeof(cops_event)
 * before the call: the struct only grows at its end. Fields a type does not
 * use are 0 (names NULL, ids -1). Pointers are borrowed from the log and
 * valid until it changes.
 *
 * Combatants are named by id (@c actor_id, @c target_id): names are for
 * display, and two combatants may share one. In an encounter the ids are the
 * combatants' ids; outside one, the ids of the procedure's parties: the
 * situation's @c attacker_id (0 by default) and @c target_id (1 by default)
 * for an attack, and docs/events.md says which for the other procedures.
 */
typedef struct cops_event {
  uint32_t size;       /**< sizeof(cops_event), set by the caller of cops_log_event() */
  int type;            /**< ::cops_event_types */
  int seq;             /**< the event's number: counts from 0 when the log is made, and goes on across cops_log_clear() */
  int round;           /**< the encounter's round, 0 outside an encounter */
  const char *actor;   /**< who acts or rolls */
  const char *target;  /**< who is aimed at or hurt */
  const char *weapon;  /**< ATTACK, COVER */
  int mode;            /**< ATTACK: ::cops_attack_modes */
  int attitude;        /**< ATTACK: the actor's attitude (-2..2) */
  int initiative;      /**< ATTACK */
  int distance;        /**< ATTACK, MOVE: metres; DECLARE: 0 when moving to (x, y), -1 when not */
  int purpose;         /**< ROLL: ::cops_roll_purposes */
  int roll_kind;       /**< ROLL: ::COPS_ROLL_ACTION or ::COPS_ROLL_D6_SUM */
  int pool;            /**< ROLL: dice of the first wave */
  int threshold;       /**< ROLL (action) */
  int difficulty;      /**< ROLL (action) */
  int successes;       /**< ROLL (action) */
  int success;         /**< ROLL (action): 1 if it succeeded */
  int margin;          /**< ROLL (action): MR, or -ME; HIT, COVER: the attack's margin */
  int total;           /**< ROLL (d6): the sum */
  int unskilled;       /**< ROLL (action) */
  int dice;            /**< ROLL: dice drawn (read with cops_log_die()) */
  int bullet;          /**< LOCATION, DAMAGE, MISS: 1-based bullet or blow */
  int die;             /**< LOCATION: the d10 (plus the burst offset) */
  int location;        /**< LOCATION, DAMAGE: ::cops_zones, -1 unlocated */
  int modifier;        /**< LOCATION, DAMAGE: the location modifier */
  int raw;             /**< DAMAGE: PU d6 total (or a fixed value) */
  int protection;      /**< DAMAGE: armour d6 total plus its fixed part */
  int bonus;           /**< DAMAGE: location d6 (or points) */
  int damage;          /**< DAMAGE: what comes off the hit points; HIT_POINTS: the total lost (0 when healed) */
  int stopped;         /**< DAMAGE: the armour stopped it */
  int lasting;         /**< DAMAGE, HIT_POINTS: 15 or more in one attack (C8.3) */
  int hp_before;       /**< HIT_POINTS */
  int hp_after;        /**< HIT_POINTS */
  int health_before;   /**< HIT_POINTS: ::cops_health */
  int health_after;    /**< HIT_POINTS */
  int result;          /**< STOPPING: ::cops_stopping_results; ESCAPE: 1 freed; CHASE_OUT: the participant's state; CHASE_END: the chase's result (<cops/chase.h>) */
  int condition;       /**< CONDITION: one ::cops_conditions bit */
  int active;          /**< CONDITION: 1 set, 0 cleared; CHASE_DICE: 1 for the GM's change between rounds */
  int fired;           /**< HIT, MISS, COVER: bullets fired (0 in melee) */
  int hits;            /**< HIT: bullets or blows in (a throw under A3.3: @c distance, the metres thrown) */
  int reason;          /**< MISS: ::cops_miss_reasons */
  int used;            /**< AMMUNITION: rounds used */
  int loaded;          /**< AMMUNITION: rounds left */
  int stray;           /**< STRAY: bullets that hit nobody */
  int action;          /**< DECLARE: ::cops_actions */
  int x;               /**< JOIN, MOVE, DECLARE (moving): a position (x) in metres */
  int y;               /**< JOIN, MOVE, DECLARE (moving): a position (y) in metres */
  int side;            /**< JOIN; END: the winning side, -1 none */
  int id;              /**< JOIN, LEAVE, DECLARE, DEATH: the combatant's id (as @c actor_id); START: combatants */
  int target_id;       /**< every event: the id of the one aimed at, hurt or helped, -1 none */
  int seeded;          /**< START: 1 when @c seed is known */
  uint64_t seed;       /**< START */
  /* Since 0.7.0 (schema 2). */
  int actor_id;        /**< every event: the id of the one who acts or rolls, -1 none. @since 0.7.0 */
  int capped;          /**< ROLL (action): a chain of 10s stopped at the re-roll cap (C1.2). @since 0.7.0 */
  int radius;          /**< COVER: the zone's radius in metres around (x, y), 0 when the zone has no position. @since 0.7.0 */
  /* Since 0.9.0. */
  int dice_mod;        /**< DECLARE: the GM's dice modifier of the action's roll. @since 0.9.0 */
  int threshold_mod;   /**< DECLARE: the GM's threshold modifier. @since 0.9.0 */
  int difficulty_mod;  /**< DECLARE: the GM's difficulty modifier. @since 0.9.0 */
  int adrenaline;      /**< ATTACK: 1 when the attacker spent an Adrénaline point for one more die (C5). @since 0.9.0 */
  int anciennete;      /**< ROLL (action): 1 for a roll made again with an Ancienneté point after the failed one just before it (C5): a success has margin 0. @since 0.9.0 */
  /* Since 0.10.0. */
  int cause;           /**< HIT_POINTS: ::cops_hp_causes. @since 0.10.0 */
  int clock;           /**< HIT_POINTS, DEATH, BLEEDING, REST, TIME, NIGHT: the character's clock in seconds (<cops/heal.h>). @since 0.10.0 */
  int period;          /**< BLEEDING: rounds between two losses, 0 when the bleeding stops. @since 0.10.0 */
  int rest;            /**< REST: ::cops_rest; its @c total is a hospital's fixed gain (0: 2d6). @since 0.10.0 */
  int elapsed;         /**< TIME: the seconds that passed. @since 0.10.0 */
  int point;           /**< NIGHT: the kind of point back (COPS_ADRENALINE, COPS_ANCIENNETE), -1 none. @since 0.10.0 */
  int final;           /**< DEATH: 1 when declared final (C8.2 RULING). @since 0.10.0 */
  int healed;          /**< HIT_POINTS: hit points gained (@c damage: lost). @since 0.10.0 */
  /* Since 0.11.0. */
  int white;           /**< CHASE_DICE: white dice held after; CHASE_JOIN: the newcomer's. @since 0.11.0 */
  int black;           /**< CHASE_DICE: black dice held after. @since 0.11.0 */
  int lost;            /**< CHASE_DICE: dice lost; its @c total is the change asked (-k to lose k, +n the GM's). @since 0.11.0 */
  int blackened;       /**< CHASE_DICE: white dice turned black. @since 0.11.0 */
  int band;            /**< CHASE_BAND: ::cops_chase_bands (<cops/chase.h>). @since 0.11.0 */
  int failed;          /**< CRASH: black dice that failed; its @c total is the d6 result (or their sum). @since 0.11.0 */
  /* Since 0.12.0. The interview's events also use attitude (APPROACH: a
   * ::cops_interview_attitude), dice_mod, threshold_mod (APPROACH), result
   * (INTERROGATION: ::cops_interview_results), margin (INTERROGATION) and
   * anciennete (APPROACH: spent if lost; INTERROGATION: spent). */
  int skill;           /**< APPROACH, BARRED: the method (::cops_skill). @since 0.12.0 */
  int trait;           /**< TRAIT: a ::cops_trait (<cops/interrogation.h>). @since 0.12.0 */
  int value;           /**< TRAIT: its value (a characteristic, or a reaction from the cop's side). @since 0.12.0 */
  int fact;            /**< FACT: the index of the subject's fact. @since 0.12.0 */
  int tier;            /**< FACT: its tier. @since 0.12.0 */
  int tiers;           /**< INTERROGATION: tiers that came out (0 none). @since 0.12.0 */
  int learnt;          /**< INTERROGATION: facts learnt, not known before. @since 0.12.0 */
  int resistance;      /**< APPROACH, BARRED, EVIDENCE: the subject's resistance increases (C4.7). @since 0.12.0 */
  int affinity;        /**< APPROACH: 1 when the cop matches the subject's affinity (C4.6). @since 0.12.0 */
  int deficiency;      /**< APPROACH: 1 when it matches its deficiency (C4.6). @since 0.12.0 */
  const char *text;    /**< FACT: the fact, borrowed from the log. @since 0.12.0 */
  /* Since 0.13.0: the alternative rules (COPS.md A). */
  int ruleset;         /**< ATTACK: ::cops_rulesets. @since 0.13.0 */
  int body_side;       /**< LOCATION, DAMAGE, MISHAP: ::cops_body_sides (A4.1). @since 0.13.0 */
  int rolled;          /**< LOCATION: the d10 as rolled before the shifts (A2.1); @c die is where it ended. @since 0.13.0 */
  int shift;           /**< LOCATION: steps the excess successes moved it (A2.1, A3.1), signed. @since 0.13.0 */
  int fa;              /**< STOPPING under A5: the attack's stopping factor; @c threshold its threshold. @since 0.13.0 */
  int mishap;          /**< MISHAP: one ::cops_mishaps bit. @since 0.13.0 */
  int minutes;         /**< MISHAP (unconscious): minutes, the d10 of A5's RULING unless the situation gave them. @since 0.13.0 */
  int kept;            /**< INITIATIVE: the d10 kept (A1.2); @c initiative is the score, @c attitude, @c circumstances what added. @since 0.13.0 */
  int circumstances;   /**< INITIATIVE: the circumstances added (A1.2), the action's included. @since 0.13.0 */
  /* Since 0.17.0. */
  const char *actor_tag;   /**< every event: the caller's tag of @c actor_id when it has one (cops_encounter_set_tag(), cops_chase_set_tag()), else NULL; borrowed from the log. @since 0.17.0 */
  const char *target_tag;  /**< every event: the caller's tag of @c target_id, or NULL. @since 0.17.0 */
  int policy;          /**< DECLARE: the ::cops_policies that declared, -1 the caller (or a scenario's round). @since 0.17.0 */
  int odds_down;       /**< DECLARE by the tactical policy: P(its attack puts its target down; for first aid, P(the stabilisation succeeds)), in thousandths; -1 when it weighed none (it kept the simple policy's choice). @since 0.17.0 */
  int odds_first;      /**< DECLARE by the tactical policy: P(it acts before it is put down), in thousandths, or -1. @since 0.17.0 */
  int odds_risk;       /**< DECLARE by the tactical policy: P(it is put down this round), in thousandths, or -1. @since 0.17.0 */
} cops_event;

/**
 * @brief Zero @p ev and set its size to @p size (the caller's sizeof): what
 * cops_log_event() reads into, with no warning from -Wextra as `{sizeof ev}` gives.
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, a size below 4 or above the library's)
 * @since 0.17.0
 */
COPS_API int cops_event_init_sized(cops_event *ev, size_t size);
/** @brief cops_event_init_sized() with sizeof(cops_event). @since 0.17.0 */
#define cops_event_init(ev) cops_event_init_sized((ev), sizeof(cops_event))

/** Opaque place in a fight or a chase to come back to: cops_encounter_checkpoint(),
 * cops_chase_checkpoint(). @since 0.17.0 */
typedef struct cops_checkpoint cops_checkpoint;

/** Opaque event log. */
typedef struct cops_log cops_log;

/** @brief A new, empty log; errors are recorded on @p ctx. @since 0.4.0 */
COPS_API int cops_log_new(cops_log **out, cops_ctx *ctx);
/** @brief Free a log. NULL is accepted. @since 0.4.0 */
COPS_API void cops_log_free(cops_log *log);
/** Events a new log holds at most: the output of a procedure stays bounded by its input. */
#define COPS_LOG_LIMIT_DEFAULT 1000000
/**
 * @brief The most events the log holds (0: no limit; ::COPS_LOG_LIMIT_DEFAULT when
 * made). A procedure that would push past it fails with ::COPS_ERANGE and, all or
 * nothing, changes nothing: clear the log, raise the limit, or run without a log.
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE (negative)
 * @since 0.7.0
 */
COPS_API int cops_log_set_limit(cops_log *log, int events);
/** @brief The log's limit in events (0: none), or ::COPS_EINVAL. @since 0.7.0 */
COPS_API int cops_log_limit(const cops_log *log);
/** @brief Empty the log (its memory is kept for reuse). @since 0.4.0 */
COPS_API int cops_log_clear(cops_log *log);
/** @brief Events held, or a negative code. @since 0.4.0 */
COPS_API int cops_log_count(const cops_log *log);
/** @brief The round number written into the events appended from now on (0..1000000). @since 0.4.0 */
COPS_API int cops_log_set_round(cops_log *log, int round);
/**
 * @brief Read event @p i into @p ev (whose @c size the caller sets).
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE (index)
 * @since 0.4.0
 */
COPS_API int cops_log_event(const cops_log *log, int i, cops_event *ev);
/**
 * @brief Die @p j of a ::COPS_EV_ROLL event, in draw order; as cops_roll_die().
 * @since 0.4.0
 */
COPS_API int cops_log_die(const cops_log *log, int i, int j, int *face, int *success,
                          int *reroll_of);
/** @brief An event type's JSON name ("roll"; "st.attack" for the optional Storyteller module's types, 1000 on), or NULL. @since 0.4.0 */
COPS_API const char *cops_event_type_name(int type);
/** @brief A roll purpose's JSON name ("stopping"), or NULL. @since 0.4.0 */
COPS_API const char *cops_purpose_name(int purpose);

/**
 * @brief Events @p from .. end as JSON Lines: one object per line, each
 * ending with a newline, keys in a fixed order (docs/events.md), so that the
 * same events give the same bytes.
 * @param log the log
 * @param from the first event to write, 0 .. cops_log_count()
 * @param[out] out NUL-terminated text, free with cops_free() ("" when empty)
 * @since 0.4.0
 */
COPS_API int cops_log_to_jsonl(const cops_log *log, int from, char **out);
/**
 * @brief Events @p from .. end narrated for players, one line per event
 * (some events, such as ammunition in a one-shot narration, still get their
 * line), in ::COPS_LANG_FR, ::COPS_LANG_EN or ::COPS_LANG_ES.
 * @since 0.4.0
 */
COPS_API int cops_log_narrate(const cops_log *log, int from, int lang, char **out);

COPS_END_DECLS

#endif
