/**
 * @file cops/character.h
 * @brief A COPS character: characteristics (C2), skills and specialisations
 * (C3, C1.5), hit points and wounds (C8.2), Adrénaline and Ancienneté (C5),
 * rolls made by the character, and JSON sheets (docs/sheets.md).
 *
 * A character belongs to the context it was created with: its errors are
 * that context's cops_ctx_errmsg(), and its rolls draw from that context's
 * source.
 */
#ifndef COPS_CHARACTER_H
#define COPS_CHARACTER_H

#include <cops/common.h>
#include <cops/catalogue.h>
#include <cops/armour.h>
#include <cops/dice.h>
#include <cops/rng.h>
#include <cops/weapon.h>

COPS_BEGIN_DECLS

/** Opaque character. */
typedef struct cops_character cops_character;

/** Longest name, in bytes of UTF-8 (without the NUL). */
#define COPS_NAME_MAX 127
/** Longest specialisation, in bytes of UTF-8. */
#define COPS_SPECIALISATION_MAX 63
/** Most specialisations of one skill. */
#define COPS_SPECIALISATIONS_MAX 16
/** Largest maximum of hit points. */
#define COPS_HP_MAX 999
/** Most Adrénaline + Ancienneté (the sum of the maxima, C5). */
#define COPS_POINTS_MAX 5

/** The two kinds of points (C5). */
typedef enum cops_point {
  COPS_ADRENALINE = 0,
  COPS_ANCIENNETE = 1
} cops_point;

/** Health states of C8.2. */
typedef enum cops_health {
  COPS_HEALTHY = 0,      /**< at least half of the maximum hit points */
  COPS_BELOW_HALF = 1,   /**< fewer than half: -1 die on every d10 roll */
  COPS_UNCONSCIOUS = 2,  /**< 0 hit points */
  COPS_DYING = 3,        /**< below 0: loses 1 hit point per round */
  COPS_DEAD = 4,         /**< at minus the maximum: clinically dead, a revival may bring them back (C8.2, C8.7) */
  COPS_DEAD_FINAL = 5    /**< a death declared final (cops_character_declare_dead(), C8.2 RULING). @since 0.10.0 */
} cops_health;

/**
 * @brief A health state's name ("blessé : moins de la moitié (-1 dé)";
 * "wounded: below half (-1 die)"), or NULL out of range.
 * @since 0.3.0
 */
COPS_API const char *cops_health_name(int health, int lang);

/**
 * What a board shows of a character's health (C8.2, C8.5, C8.7): ::cops_health told
 * finer, a wound below the maximum and a stabilised dying character apart.
 * @since 0.17.0
 */
typedef enum cops_health_state {
  COPS_HEALTH_STATE_HEALTHY = 0,         /**< every hit point */
  COPS_HEALTH_STATE_WOUNDED = 1,         /**< fewer than the maximum, at least half */
  COPS_HEALTH_STATE_BELOW_HALF = 2,      /**< fewer than half: -1 die (C8.2) */
  COPS_HEALTH_STATE_UNCONSCIOUS = 3,     /**< 0 hit points */
  COPS_HEALTH_STATE_DYING = 4,           /**< below 0, losing hit points (C8.2) */
  COPS_HEALTH_STATE_STABILISED = 5,      /**< below 0, stabilised (C8.5) */
  COPS_HEALTH_STATE_CLINICALLY_DEAD = 6, /**< at minus the maximum: a revival may bring them back (C8.7) */
  COPS_HEALTH_STATE_DEAD = 7             /**< a death declared final (cops_character_declare_dead()) */
} cops_health_state;
/** @brief The character's ::cops_health_state, or a negative code. @since 0.17.0 */
COPS_API int cops_character_health_state(const cops_character *ch);
/** @brief A health state's key ("healthy", "wounded", "below_half", "unconscious", "dying",
 * "stabilised", "clinically_dead", "dead"), or NULL out of range. @since 0.17.0 */
COPS_API const char *cops_health_state_key(int state);

/** Roll flag: spend an Adrénaline point on this roll (+1 die, C5). */
#define COPS_ADRENALINE_DIE 0x100u
/**
 * Roll flag: the roll is not an action of the character, so that one who
 * cannot act (unconscious, dying or dead, C8.2; out of the fight, C10.4;
 * knocked out, A5) may still roll, as a GM who wants that roll asks. Without
 * it cops_character_roll() refuses such a character with ::COPS_ERULE.
 * @since 0.17.0
 */
#define COPS_NOT_AN_ACTION 0x200u

/**
 * @brief A new character: no name, every characteristic 1, no skill, no
 * point, full default hit points (20 + 3 × Carrure, C2 RULING).
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ENOMEM
 * @since 0.3.0
 */
COPS_API int cops_character_new(cops_character **out, cops_ctx *ctx);

/**
 * @brief Let go of a character: freed once its last holder lets go (the maker, each
 * cops_character_retain(), an encounter or a chase it was given to). NULL is accepted.
 * @since 0.3.0 (holders since 0.17.0)
 */
COPS_API void cops_character_free(cops_character *ch);
/**
 * @brief Hold a character one more time (docs/api.md, "Who frees what"): each hold is let
 * go by one cops_character_free(). To keep what cops_encounter_character() gives after the
 * encounter, or to free one's own handle while an encounter still fights with it.
 * @return @p ch
 * @since 0.17.0
 */
COPS_API cops_character *cops_character_retain(cops_character *ch);

/** The dossier's texts: background, history and notes, at most this many bytes each. */
#define COPS_DOSSIER_TEXT_MAX 16384
/** The dossier's languages: at most this many, each a name of at most ::COPS_NAME_MAX bytes. */
#define COPS_DOSSIER_LANGUAGES_MAX 16
/** The dossier's age: 0 .. this. */
#define COPS_DOSSIER_AGE_MAX 150
/** The dossier's experience points: 0 .. this. */
#define COPS_DOSSIER_EXPERIENCE_MAX 1000000
/** A sheet's dossier, and its extra object, at most this many bytes each as compact JSON. */
#define COPS_SHEET_EXTRA_MAX 1048576

/**
 * @brief The dossier (docs/sheets.md): what a player keeps on the sheet and the rules never
 * read, as a compact JSON object with the fields given, in their order: "nickname", "grade"
 * (texts of at most ::COPS_NAME_MAX bytes), "age" (0..::COPS_DOSSIER_AGE_MAX), "background",
 * "history", "notes" (texts of at most ::COPS_DOSSIER_TEXT_MAX bytes, new lines allowed),
 * "languages" (at most ::COPS_DOSSIER_LANGUAGES_MAX names), "experience"
 * (0..::COPS_DOSSIER_EXPERIENCE_MAX). "{}" when there is none.
 * @param ch the character
 * @param[out] out the text, freed with cops_free()
 * @since 0.17.0
 */
COPS_API int cops_character_dossier(const cops_character *ch, char **out);
/**
 * @brief Set the dossier from a JSON object as cops_character_dossier() describes it; every
 * field checked, a field not listed refused by name; all or nothing. NULL or "{}": none.
 * @since 0.17.0
 */
COPS_API int cops_character_set_dossier(cops_character *ch, const char *json);
/**
 * @brief The sheet's "extra" object: a tabletop's own data, kept and written back as it came,
 * never read by the library. "{}" when there is none.
 * @param ch the character
 * @param[out] out the text, freed with cops_free()
 * @since 0.17.0
 */
COPS_API int cops_character_extra(const cops_character *ch, char **out);
/**
 * @brief Set the "extra" object (any JSON object of at most ::COPS_SHEET_EXTRA_MAX bytes as
 * compact JSON); NULL or "{}": none. All or nothing.
 * @since 0.17.0
 */
COPS_API int cops_character_set_extra(cops_character *ch, const char *json);

/**
 * @brief The gear the sheet carries (docs/sheets.md, "The gear") as compact JSON into
 * @p out (`"{}"` when it carries nothing; cops_free() it): files by the names the sheet gave.
 * @since 0.17.0
 */
COPS_API int cops_character_gear(const cops_character *ch, char **out);
/**
 * @brief Replace the gear with @p json (a "gear" object; NULL or `"{}"`: nothing), checked
 * whole first: all or nothing. Files it names are read from the current directory; a
 * confined context (cops_ctx_confine()) refuses them (::COPS_EIO): give them inline.
 * @since 0.17.0
 */
COPS_API int cops_character_set_gear(cops_character *ch, const char *json);
/** @brief How many weapons the sheet carries (0..4). @since 0.17.0 */
COPS_API int cops_character_weapon_count(const cops_character *ch);
/**
 * @brief The sheet's weapon @p index (0..count-1; -1: the one in hand), NULL for none: the
 * character's own, valid until its gear is replaced or it is freed (cops_weapon_retain() to
 * keep it longer).
 * @since 0.17.0
 */
COPS_API cops_weapon *cops_character_weapon(const cops_character *ch, int index);
/** @brief The index of the weapon in hand: the one marked "in_hand", else the first; -1
 * without weapons. @since 0.17.0 */
COPS_API int cops_character_hand(const cops_character *ch);
/** @brief The armour the sheet wears, NULL for none: the character's own. @since 0.17.0 */
COPS_API const cops_armour *cops_character_armour(const cops_character *ch);

/**
 * @brief Make a character from a Roll20 COPS character (docs/sheets.md, "Importing from
 * Roll20"): the attributes of the community sheet as Roll20's export and API give them, a
 * JSON list of {"name", "current", "max"} or an object holding it under "attribs". Every
 * rule is checked as a sheet's are; what does not fit is corrected, kept elsewhere (the
 * dossier) or dropped, and said in @p report (may be NULL): a JSON array of {"attribute",
 * "action" ("dropped", "corrected", "kept", "guessed"), "detail"}, cops_free() it.
 * @return ::COPS_OK; ::COPS_EJSON (not JSON, not a list of attributes); ::COPS_EINVAL;
 *         ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_character_from_roll20(cops_character **out, cops_ctx *ctx, const char *json,
                                        char **report);
/** @brief Set the name (UTF-8, at most ::COPS_NAME_MAX bytes). @since 0.3.0 */
COPS_API int cops_character_set_name(cops_character *ch, const char *name);
/** @brief The name (borrowed, lives as long as the character), "" if none; NULL for NULL. @since 0.3.0 */
COPS_API const char *cops_character_name(const cops_character *ch);

/**
 * @brief Set a characteristic, 1..5 (C2). Changing Carrure changes the
 * default maximum of hit points (unless it was set), and an unhurt character
 * stays at full hit points.
 * @since 0.3.0
 */
COPS_API int cops_character_set_characteristic(cops_character *ch, int characteristic,
                                               int value);
/** @brief A characteristic's value, or a negative code. @since 0.3.0 */
COPS_API int cops_character_characteristic(const cops_character *ch, int characteristic);

/**
 * @brief Set a skill's level (2..9, C3), adding @p specialisation (NULL for
 * none) to the skill's specialisations.
 *
 * A level at or better than the skill's specialisation level needs one
 * (::COPS_ERULE otherwise); a specialisation must be one the rules list,
 * unless the skill takes free ones (Connaissance, Arme de contact's exotic
 * weapon). Tir en rafales can never be better than the weapon skill of its
 * specialisation, and a weapon skill cannot become worse than its Tir en
 * rafales (::COPS_ERULE).
 * @rule C3 C1.5
 * @since 0.3.0
 */
COPS_API int cops_character_set_skill(cops_character *ch, int skill, int level,
                                      const char *specialisation);
/** @brief Add a specialisation to a skill the character holds. @since 0.3.0 */
COPS_API int cops_character_add_specialisation(cops_character *ch, int skill,
                                               const char *specialisation);
/** @brief Remove a skill (::COPS_ERULE if a Tir en rafales depends on it). @since 0.3.0 */
COPS_API int cops_character_remove_skill(cops_character *ch, int skill);
/** @brief A skill's level 2..9, 0 when the character lacks it, or a negative code. @since 0.3.0 */
COPS_API int cops_character_skill(const cops_character *ch, int skill);
/** @brief How many specialisations the character has in the skill. @since 0.3.0 */
COPS_API int cops_character_specialisation_count(const cops_character *ch, int skill);
/** @brief The i-th specialisation (borrowed), or NULL. @since 0.3.0 */
COPS_API const char *cops_character_specialisation(const cops_character *ch, int skill, int i);

/**
 * @brief Override the maximum of hit points (1..::COPS_HP_MAX); 0 goes back
 * to the default 20 + 3 × Carrure (C2 RULING). Current hit points above the
 * new maximum come down to it; an unhurt character stays unhurt.
 * @since 0.3.0
 */
COPS_API int cops_character_set_max_hp(cops_character *ch, int max);
/** @brief The maximum of hit points. @since 0.3.0 */
COPS_API int cops_character_max_hp(const cops_character *ch);
/** @brief 1 when the maximum was set, 0 when it is the default. @since 0.3.0 */
COPS_API int cops_character_max_hp_is_set(const cops_character *ch);
/**
 * @brief The current hit points, through @p hp (they can be negative).
 * @since 0.3.0
 */
COPS_API int cops_character_hp(const cops_character *ch, int *hp);
/**
 * @brief Set the current hit points, -max..max: an edit, not damage nor
 * healing (the ledger of <cops/heal.h> does not count it). A fall to 0 or
 * below starts a wound that bleeds (C8.2); back above 0 the bleeding stops;
 * at -max the character is clinically dead.
 * @since 0.3.0
 */
COPS_API int cops_character_set_hp(cops_character *ch, int hp);
/**
 * @brief Take @p amount damage (0..10000). Hit points never go below minus
 * the maximum: the character is clinically dead there (C8.2). The loss goes
 * into the ledger at the character's clock (<cops/heal.h>); damage at 0 hit
 * points or below is a new wound: bleeding 1 a round again (C8.8).
 * @since 0.3.0
 */
COPS_API int cops_character_damage(cops_character *ch, int amount);
/**
 * @brief Heal @p amount (0..10000), never above the maximum, into the
 * ledger; above 0 the bleeding stops. The dead are not healed (::COPS_ERULE,
 * C8.7: see cops_character_revive()).
 * @since 0.3.0
 */
COPS_API int cops_character_heal(cops_character *ch, int amount);
/** @brief The ::cops_health state (C8.2), or a negative code. @since 0.3.0 */
COPS_API int cops_character_health(const cops_character *ch);

/**
 * Conditions that last into later rounds (C10.4, C10.5, C11.1), recorded on
 * the character by the attack procedures (<cops/attack.h>) so that the
 * encounter can apply them. They are combat state: sheets do not save them.
 */
enum cops_conditions {
  COPS_COND_OUT = 0x01,          /**< out of the fight, a recovery roll pending (C10.4) */
  COPS_COND_SHAKEN = 0x02,       /**< -1 die to physical actions next round (C10.4) */
  COPS_COND_NO_NEGATIVE_INITIATIVE = 0x04, /**< no negative initiative next round (C10.4) */
  COPS_COND_HELD = 0x08,         /**< held (C11.1 Immobilisation) */
  COPS_COND_ON_GROUND = 0x10,    /**< thrown to the ground (C11.1 Projection) */
  COPS_COND_PINNED = 0x20,       /**< failed Sang-froid under covering fire: takes cover or leaves the zone (C10.5) */
  COPS_COND_LASTING_WOUND = 0x40, /**< took 15 or more damage in one attack (C8.3) */
  COPS_COND_STOPPED = 0x80,      /**< stopped (A5): loses the next action, attitude Normal. @since 0.13.0 */
  COPS_COND_KNOCKED_OUT = 0x100  /**< unconscious for minutes after a head mishap (A5), hit points above 0. @since 0.13.0 */
};
/** All condition bits. */
#define COPS_COND_ALL 0x1FFu

/** @brief The ::cops_conditions bits set, or a negative code. @since 0.4.0 */
COPS_API int cops_character_conditions(const cops_character *ch);
/**
 * @brief Set (@p on = 1) or clear (@p on = 0) condition bits. Setting
 * ::COPS_COND_OUT this way is ::COPS_EINVAL: use cops_character_set_recovery(),
 * which also needs the recovery difficulty.
 * @since 0.4.0
 */
COPS_API int cops_character_set_conditions(cops_character *ch, unsigned conditions, int on);
/**
 * @brief Put the character out of the fight (C10.4) with the difficulty of
 * the recovery roll before any round elapsed (FA + location modifier, 0..20).
 * @since 0.4.0
 */
COPS_API int cops_character_set_recovery(cops_character *ch, int difficulty);
/**
 * @brief The pending recovery: its difficulty before any round elapsed and
 * the recovery rolls made since (outputs may be NULL).
 * @return ::COPS_OK; ::COPS_ESTATE when the character is not out of the fight
 * @since 0.4.0
 */
COPS_API int cops_character_recovery(const cops_character *ch, int *difficulty, int *rounds);
/** @brief A condition's name ("hors de combat"; "out of the fight"), or NULL. @since 0.4.0 */
COPS_API const char *cops_condition_name(unsigned condition, int lang);

/**
 * @brief Set the maxima of Adrénaline and Ancienneté (each >= 0, sum at most
 * ::COPS_POINTS_MAX, C5). The current points become the maxima.
 * @since 0.3.0
 */
COPS_API int cops_character_set_points(cops_character *ch, int adrenaline_max,
                                       int anciennete_max);
/** @brief Set the current points of one kind, 0..its maximum. @since 0.3.0 */
COPS_API int cops_character_set_current_points(cops_character *ch, int kind, int current);
/** @brief Current and maximum points of one kind (outputs may be NULL). @since 0.3.0 */
COPS_API int cops_character_points(const cops_character *ch, int kind, int *current, int *max);
/**
 * @brief A full night of sleep: one point of the player's chosen kind comes
 * back (C5). ::COPS_ERULE when that kind is already at its maximum.
 * @since 0.3.0
 */
COPS_API int cops_character_recover(cops_character *ch, int kind);
/**
 * @brief Spend a point permanently (a training course, C5 RULING): the
 * maximum goes down by one, the current points never above it.
 * @since 0.3.0
 */
COPS_API int cops_character_spend_permanently(cops_character *ch, int kind);

/**
 * @brief The action a roll of the character makes, for cops_roll_action()
 * and the odds. Notation (docs/notation.md):
 * `Skill [specialisation]/Characteristic (difficulty)`, `6+/Characteristic
 * (difficulty)`, the numeric `4+/3 (2)`, with modifiers.
 *
 * The threshold is the skill's level; outside the character's
 * specialisations, the last level that needs none (C1.5), unskilled when
 * that is none at all (Pilotage, Arme lourde, Connaissance); unskilled when
 * the character lacks the skill (C1.4). The dice are the characteristic's
 * value, less one below half of the maximum hit points (C8.2). A skill whose
 * level needs a specialisation must name one.
 * @param[out] out the action, as cops_action_parse() gives it
 * @param ch the character
 * @param notation "Skill [specialisation]/Characteristic (difficulty)" with optional modifiers
 * @param flags ::COPS_ADRENALINE_DIE to add the Adrénaline die (this
 *        function spends nothing; cops_character_roll() does);
 *        ::COPS_NOT_AN_ACTION is accepted and changes nothing here (the
 *        action is computed whatever the character's state)
 * @return ::COPS_OK; ::COPS_ESYNTAX; ::COPS_ENOTFOUND (unknown name or
 *         specialisation); ::COPS_ERULE (Adrénaline on a skill without it, a
 *         missing specialisation); ::COPS_ERANGE
 * @rule C1.1 C1.4 C1.5 C8.2
 * @since 0.3.0
 */
COPS_API int cops_character_action(cops_action *out, cops_character *ch, const char *notation,
                                   unsigned flags);
/** @brief cops_character_action() writing @p size bytes at most (the macro passes sizeof(cops_action)). @since 0.7.0 */
COPS_API int cops_character_action_sized(cops_action *out, size_t size, cops_character *ch,
                                         const char *notation, unsigned flags);
/** @brief cops_character_action_sized() with sizeof(cops_action): what a program calls. @since 0.7.0 */
#define cops_character_action(out, ch, notation, flags) \
  cops_character_action_sized((out), sizeof(cops_action), (ch), (notation), (flags))

/**
 * @brief Roll for the character. With ::COPS_ADRENALINE_DIE, one Adrénaline
 * point is spent first (::COPS_ERULE when none is left or the skill does not
 * allow it), for one more die.
 *
 * A character who cannot act (0 hit points or below: unconscious, dying,
 * dead, C8.2; out of the fight, C10.4; knocked out, A5) cannot roll:
 * ::COPS_ERULE with a message naming the state ("the character Joe is
 * unconscious and cannot act (C8.2)"), nothing drawn or spent,
 * unless @p flags has ::COPS_NOT_AN_ACTION (the GM's roll for that character).
 * @param[out] roll the roll (cleared when the call fails)
 * @param ch the character
 * @param notation as cops_character_action() reads it
 * @param flags ::COPS_ADRENALINE_DIE, ::COPS_NOT_AN_ACTION
 * @rule C1 C5 C8.2
 * @since 0.3.0 (the refusal and ::COPS_NOT_AN_ACTION since 0.17.0)
 */
COPS_API int cops_character_roll(cops_roll *roll, cops_character *ch, const char *notation,
                                 unsigned flags);

/**
 * @brief Spend an Ancienneté point to roll @p failed again (C5): the same
 * action, into @p out (which may be @p failed). A success after it has MR 0.
 * ::COPS_ERULE after a successful roll, after a roll already rolled again,
 * with no point left, or when the character cannot act (C8.2: spending the
 * point is the player's choice, which one unconscious cannot make).
 * @rule C5
 * @since 0.3.0
 */
COPS_API int cops_character_reroll(cops_roll *out, cops_character *ch, const cops_roll *failed);

/**
 * @brief Read a sheet (JSON, docs/sheets.md) into a new character.
 * @return ::COPS_OK; ::COPS_EJSON (syntax: the message gives line and column;
 *         a wrong type or a missing field: the message names the field);
 *         ::COPS_ENOTFOUND, ::COPS_ERANGE, ::COPS_ERULE naming the field
 * @since 0.3.0
 */
COPS_API int cops_character_from_json(cops_character **out, cops_ctx *ctx, const char *json);
/** @brief Read a sheet from a file (::COPS_EIO when it cannot be read). @since 0.3.0 */
COPS_API int cops_character_load(cops_character **out, cops_ctx *ctx, const char *path);
/** @brief The sheet as JSON (free with cops_free()). @since 0.3.0 */
COPS_API int cops_character_to_json(const cops_character *ch, char **out);
/** @brief Write the sheet to a file. @since 0.3.0 */
COPS_API int cops_character_save(const cops_character *ch, const char *path);

COPS_END_DECLS

#endif
