/**
 * @file cops/d6-character.h
 * @brief D6 System characters (OTHER-SYSTEMS.md D6-M2, D6-M3): attribute and
 * skill codes, natural damage, Character and Fate Points, scale, the wound
 * track in wound levels or hit points, weapons (§9) and protections (§10),
 * and sheets. Included by <cops/d6.h>.
 */
#ifndef COPS_D6_CHARACTER_H
#define COPS_D6_CHARACTER_H

#include <cops/d6.h>

COPS_BEGIN_DECLS

/**
 * The traits the seed names (D6 §0.10): ten attributes, then the skills. A
 * skill absent from a sheet rolls its attribute's code (cops_d6_trait_parent(),
 * D6-L1). New traits are added at the end.
 */
enum cops_d6_traits {
  COPS_D6_VIGUEUR = 0,     /**< Vigueur: resistance, hit points, natural recovery, throws */
  COPS_D6_AGILITY,         /**< Agility (armour penalties apply) */
  COPS_D6_COORDINATION,    /**< Coordination (armour penalties apply) */
  COPS_D6_PERCEPTION,      /**< Perception: initiative (a helmet's penalty applies) */
  COPS_D6_KNOWLEDGE,       /**< Knowledge (Savoir): healing during combat */
  COPS_D6_CHARISMA,        /**< Charisma */
  COPS_D6_MAGIC,           /**< Magic (a magic attribute, §7.1) */
  COPS_D6_MIRACLES,        /**< Miraculous Faith */
  COPS_D6_PSIONICS,        /**< Psionics */
  COPS_D6_METAPHYSICS,     /**< Metaphysics */
  COPS_D6_RESISTANCE,      /**< Résistance (Vigueur): the Incapacitated check */
  COPS_D6_WILLPOWER,       /**< Volonté (Charisma): the Incapacitated check */
  COPS_D6_DODGE,           /**< Esquive (Agility): active defence */
  COPS_D6_ACROBATICS,      /**< Acrobatie (Agility) */
  COPS_D6_REFLEXES,        /**< Réflexe (Agility) */
  COPS_D6_BRAWLING,        /**< Lutte (Agility): unarmed attack and parry */
  COPS_D6_MELEE_WEAPONS,   /**< Armes Blanches (Agility): armed attack and parry */
  COPS_D6_MARKSMANSHIP,    /**< Tir (Coordination): firearms and missiles */
  COPS_D6_THROWING,        /**< Lancer (Coordination): thrown weapons */
  COPS_D6_COMMAND,         /**< Commander (Charisma): coordinated attacks */
  COPS_D6_MEDICINE,        /**< Médecine (Knowledge) */
  COPS_D6_PILOTING,        /**< Pilotage (Coordination): a vehicle's dodge */
  COPS_D6_WAGON,           /**< Chariot (Coordination) */
  COPS_D6_VEHICLE,         /**< Véhicule (Coordination) */
  COPS_D6_SEARCH,          /**< Rechercher (Perception) */
  COPS_D6_INVESTIGATION,   /**< Investigation (Perception) */
  COPS_D6_ALTERATION,      /**< Altération (Magic): changes to what exists (§7.5) */
  COPS_D6_CONJURATION,     /**< Conjuration (Magic): creation from nothing */
  COPS_D6_DIVINATION,      /**< Divination (Magic): knowledge */
  COPS_D6_TELEPORTATION,   /**< Téléportation (Magic): movement; an unwilling being resists (D6-A51) */
  COPS_D6_FAITH_DIVINATION, /**< Divination (Miraculous Faith): a question to a god */
  COPS_D6_FAVOUR,          /**< Faveur (Miraculous Faith): divine help */
  COPS_D6_NEMESIS,         /**< Némésis (Miraculous Faith): divine harm */
  COPS_D6_PSYCHIC_ATTACK,  /**< Attaque psychique (Psionics) */
  COPS_D6_EMPATHY,         /**< Empathie (Psionics) */
  COPS_D6_PSI_MEDIUM,      /**< Médium (Psionics) */
  COPS_D6_ASTRAL_PROJECTION, /**< Projection astrale (Psionics) */
  COPS_D6_PSI_PROTECTION,  /**< Protection (Psionics) */
  COPS_D6_KEEN_SENSES,     /**< Sens aigus (Psionics): far senses */
  COPS_D6_PSI_HEALING,     /**< Soins (Psionics) */
  COPS_D6_PSYCHOMETRY,     /**< Psychométrie (Psionics) */
  COPS_D6_TELEKINESIS,     /**< Télékinésie (Psionics) */
  COPS_D6_TELEPATHY,       /**< Télépathie (Psionics) */
  COPS_D6_TRAIT_COUNT
};
/** Traits below this are attributes. */
#define COPS_D6_ATTRIBUTE_COUNT 10

/** @brief A trait's name as sheets write it ("vigueur", "melee_weapons"), or NULL. @since 0.16.0 */
COPS_API const char *cops_d6_trait_name(int trait);
/** @brief The trait named @p name into @p trait. @return ::COPS_OK or ::COPS_EINVAL @since 0.16.0 */
COPS_API int cops_d6_trait_parse(const char *name, int *trait);
/** @brief A skill's attribute (D6-L1); an attribute's own value; -1 for another value. @since 0.16.0 */
COPS_API int cops_d6_trait_parent(int trait);

/** A D6 character (D6-M2), made by cops_d6_character_new() or read from a sheet. */
typedef struct cops_d6_character cops_d6_character;

/** How a character's wounds are counted (§8.1). */
enum cops_d6_modes {
  COPS_D6_LEVELS = 0,     /**< wound levels, the classic method (§5.6, §5.7) */
  COPS_D6_HIT_POINTS = 1  /**< hit points (§8) */
};

/** The wound levels (§5.7). */
enum cops_d6_levels {
  COPS_D6_UNHURT = 0,     /**< no wound */
  COPS_D6_STUNNED,        /**< Choqué: −1D to the end of the round it was taken (D6-A17) */
  COPS_D6_WOUNDED,        /**< Blessé: −1D until healed */
  COPS_D6_SEVERELY,       /**< Gravement blessé: −2D until healed */
  COPS_D6_INCAPACITATED,  /**< Incapacité: the check of 15, then unconscious or −3D (D6-A18) */
  COPS_D6_MORTALLY,       /**< Mortellement blessé: unconscious, a survival roll each round (D6-A19) */
  COPS_D6_KILLED          /**< Tué */
};

/** A limb hit by an aimed shot (§5.12, D6-A67): −1D to the rolls that use it until treated. */
#define COPS_D6_ARM_HURT 0x1u
/** A leg hit by an aimed shot. */
#define COPS_D6_LEG_HURT 0x2u

/**
 * @brief A character's wounds and the state they bring (D6-M3, D6-M20).
 * Read with cops_d6_character_wounds(), written with
 * cops_d6_character_set_wounds(); grows only at its end.
 */
typedef struct cops_d6_wounds {
  uint32_t size;          /**< the caller's sizeof(cops_d6_wounds) */
  int mode;               /**< a ::cops_d6_modes value */
  int level;              /**< a ::cops_d6_levels value; read only: derived from @c step or the hit points */
  int step;               /**< LEVELS: the place on the track, 0 .. 6 + @c extra (the extra steps sit between 3 and 4) */
  int extra;              /**< intermediate steps this character has, 0 .. 2 (§5.8, D6-A66) */
  int hp_max;             /**< HIT_POINTS: the maximum (§8.2) */
  int hp_lost;            /**< HIT_POINTS: the points lost, 0 .. hp_max */
  int stunned;            /**< 1: Stunned's −1D, to the end of this round (D6-A17) */
  int stunned_rounds;     /**< rounds ended at level 1: at 12 the level clears (§6.1) */
  int defend_only;        /**< rounds left in which the character can only defend (§5.10) */
  int unconscious;        /**< rounds left unconscious (10D minutes, a stun's minutes; 12 rounds a minute) */
  int mortal_rounds;      /**< rounds ended at level 5 (D6-A19) */
  int stabilised;         /**< 1: the mortal clock is stopped (D6-A19) */
  unsigned limbs;         /**< ::COPS_D6_ARM_HURT, ::COPS_D6_LEG_HURT */
  int treated[4];         /**< the ids of the healers who tried at this step (D6-A35), -1 for none */
  int confused;           /**< rounds left without any action: a spell's critical failure, to the end of the next round (§7.7, D6-A49) */
  int protection;         /**< psionic Protection points on the resistance rolls against attacks (§7.13.7, D6-A41), 0 .. 100 */
  int protection_rounds;  /**< rounds the protection lasts, 0 when none */
} cops_d6_wounds;

/** @brief A new character: every attribute 2D, no skill, levels, unhurt. @since 0.16.0 */
COPS_API int cops_d6_character_new(cops_d6_character **out, cops_ctx *ctx);
/** @brief Free a character (NULL is fine). @since 0.16.0 */
COPS_API void cops_d6_character_free(cops_d6_character *ch);
/** @brief A copy of @p ch, wounds and equipment included. @since 0.16.0 */
COPS_API int cops_d6_character_copy(cops_d6_character **out, const cops_d6_character *ch);
/** @brief The character's name ("" until set). @since 0.16.0 */
COPS_API const char *cops_d6_character_name(const cops_d6_character *ch);
/** @brief Set the name: 1 to 63 bytes. @return ::COPS_OK, ::COPS_EINVAL @since 0.16.0 */
COPS_API int cops_d6_character_set_name(cops_d6_character *ch, const char *name);
/**
 * @brief The code the character rolls for @p trait into @p code: its own, or
 * for a skill absent from the sheet its attribute's (D6-L1).
 * @return 1 when the sheet has the trait, 0 when the attribute stands in, ::COPS_EINVAL
 * @since 0.16.0
 */
COPS_API int cops_d6_character_trait(const cops_d6_character *ch, int trait, cops_d6_code *code);
/**
 * @brief Set @p trait's code; NULL removes a skill (an attribute cannot be
 * removed). Codes up to 20D.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE
 * @since 0.16.0
 */
COPS_API int cops_d6_character_set_trait(cops_d6_character *ch, int trait, const cops_d6_code *code);
/**
 * @brief Natural damage (§5.5): the sheet's code, or ⌈Vigueur's dice ÷ 2⌉D
 * without one (D6-A9). @return 1 from the sheet, 0 derived, ::COPS_EINVAL @since 0.16.0
 */
COPS_API int cops_d6_character_natural_damage(const cops_d6_character *ch, cops_d6_code *code);
/** @brief Set natural damage; NULL derives it again (D6-A9). @since 0.16.0 */
COPS_API int cops_d6_character_set_natural_damage(cops_d6_character *ch, const cops_d6_code *code);
/** @brief Character and Fate Points left (§0.8); either may be NULL. @since 0.16.0 */
COPS_API int cops_d6_character_points(const cops_d6_character *ch, int *cp, int *fp);
/** @brief Set Character Points (0 .. 999) and Fate Points (0 .. 99). @since 0.16.0 */
COPS_API int cops_d6_character_set_points(cops_d6_character *ch, int cp, int fp);
/** @brief The scale value (§5.14): 0 for a human, −15 .. 24. @since 0.16.0 */
COPS_API int cops_d6_character_scale(const cops_d6_character *ch);
/** @brief Set the scale value, −15 .. 24 (§5.14). @since 0.16.0 */
COPS_API int cops_d6_character_set_scale(cops_d6_character *ch, int scale);

/** @brief The wounds into @p out (its @c size set by the caller). @since 0.16.0 */
COPS_API int cops_d6_character_wounds(const cops_d6_character *ch, cops_d6_wounds *out);
/**
 * @brief Set the wounds (a Game Master's edit, a saved state): every field
 * checked, @c level ignored (derived). A mode change converts as D6-A31 does.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE naming the field
 * @since 0.16.0
 */
COPS_API int cops_d6_character_set_wounds(cops_d6_character *ch, const cops_d6_wounds *w);
/**
 * @brief Switch between wound levels and hit points (§8.1, D6-A31): to hit
 * points, the loss is the bottom of the level's bracket; to levels, the level
 * is the bracket's. The maximum is §8.2's for the character's Vigueur unless
 * a sheet or cops_d6_character_set_wounds() gave one.
 * @since 0.16.0
 */
COPS_API int cops_d6_character_set_mode(cops_d6_character *ch, int mode);
/**
 * @brief What the character's state takes off a roll of @p trait: the wound
 * penalty (D6-A17: the current level's only; Stunned's while it lasts), a hurt
 * limb's −1D (arm: Brawling, Melee Weapons, Marksmanship, Throwing; leg:
 * Dodge, Acrobatics), and the protections' penalties (Agility and Coordination
 * and their skills; a helmet's on Perception and its skills, §10.1). Either
 * output may be NULL; both are 0 or negative.
 * @since 0.16.0
 */
COPS_API int cops_d6_character_penalty(const cops_d6_character *ch, int trait, int *dice,
                                       int *points);
/**
 * @brief 1 when the character can act (conscious, alive, §5.7), 0 when not,
 * ::COPS_EINVAL.
 * @since 0.16.0
 */
COPS_API int cops_d6_character_can_act(const cops_d6_character *ch);
/**
 * @brief Hit points for a Vigueur code (§8.2: a table, +1 a pip above 5D;
 * D6-A28: −1 a pip below 1D, at least 1), or ::COPS_EINVAL.
 * @since 0.16.0
 */
COPS_API int cops_d6_hit_points(cops_d6_code vigueur);
/**
 * @brief The wound level of @p lost hit points out of @p max (§8.4, D6-A29,
 * in whole numbers), or ::COPS_EINVAL.
 * @since 0.16.0
 */
COPS_API int cops_d6_hp_level(int lost, int max);

/* ---- Weapons (§9, D6-M4) --------------------------------------------------------------- */

/** A weapon's category (§9.2-§9.11). */
enum cops_d6_weapon_categories {
  COPS_D6_MELEE = 0,      /**< a melee weapon: Melee Weapons, + natural damage */
  COPS_D6_MISSILE,        /**< a bow or crossbow: Marksmanship, range bands */
  COPS_D6_THROWN,         /**< thrown: Throwing, range bands */
  COPS_D6_PISTOL,         /**< firearms: Marksmanship, range bands */
  COPS_D6_RIFLE,          /**< a rifle */
  COPS_D6_SHOTGUN,        /**< a shotgun */
  COPS_D6_ASSAULT,        /**< an assault rifle: bursts */
  COPS_D6_SEMI_AUTO,      /**< a semi-automatic weapon: bursts */
  COPS_D6_AUTOMATIC,      /**< an automatic weapon: bursts */
  COPS_D6_EXPLOSIVE,      /**< an explosive thrown: Throwing */
  COPS_D6_WEAPON_CATEGORY_COUNT
};

/** Weapon flag: fires bursts (§5.12); assault, semi-automatic and automatic weapons have it. */
#define COPS_D6_BURST_FIRE 0x1u
/** Weapon flag: a stunning weapon (§5.9): two levels fewer, unconscious for the margin's minutes. */
#define COPS_D6_STUN 0x2u
/** Weapon flag: an energy weapon (an energy shield stops it, §10.4). */
#define COPS_D6_ENERGY 0x4u
/** Weapon flag: longer than 2 m, used in melee: −1D and the last turn (§5.15). */
#define COPS_D6_LONG_WEAPON 0x8u

/**
 * @brief A weapon (D6-M4). Initialise with cops_d6_weapon_init() or take one
 * from the catalogue (cops_d6_weapon_find()); grows only at its end.
 */
typedef struct cops_d6_weapon {
  uint32_t size;            /**< sizeof(cops_d6_weapon) */
  char name[48];            /**< 1 to 47 bytes */
  int category;             /**< a ::cops_d6_weapon_categories value */
  cops_d6_code damage;      /**< the damage code */
  int adds_natural;         /**< 1: a `+` code, added to natural damage (§9.1, D6-A38) */
  int vig_range;            /**< 1: @c range holds offsets to a Vigueur or Throwing roll (§9.1, D6-A39) */
  int range[3];             /**< short, medium, long in metres (or offsets); melee: 0 */
  int ammo;                 /**< shots before reloading, 0 when not counted */
  int roll_dice;            /**< dice on the wielder's attack rolls: −1 for a long sword (§9.2) */
  unsigned flags;           /**< ::COPS_D6_BURST_FIRE, ::COPS_D6_STUN, ::COPS_D6_ENERGY, ::COPS_D6_LONG_WEAPON */
} cops_d6_weapon;

/** @brief A weapon of @p category, unnamed, 0D. The macro passes sizeof. @since 0.16.0 */
COPS_API int cops_d6_weapon_init_sized(cops_d6_weapon *w, size_t size, int category);
/** @brief cops_d6_weapon_init_sized() with sizeof(cops_d6_weapon). @since 0.16.0 */
#define cops_d6_weapon_init(w, category) \
  cops_d6_weapon_init_sized((w), sizeof(cops_d6_weapon), (category))
/** @brief The weapons of §9 held by the library. @since 0.16.0 */
COPS_API int cops_d6_weapon_count(void);
/** @brief Catalogue weapon @p i into @p out (its @c size set by the caller). @since 0.16.0 */
COPS_API int cops_d6_weapon_at(int i, cops_d6_weapon *out);
/**
 * @brief The catalogue's weapon named @p name (as §9 prints it, any case:
 * "Glock 17", "Sword") into @p out.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ENOTFOUND
 * @since 0.16.0
 */
COPS_API int cops_d6_weapon_find(const char *name, cops_d6_weapon *out);
/** @brief A weapon category's name ("melee", "semi_auto"), or NULL. @since 0.16.0 */
COPS_API const char *cops_d6_weapon_category_name(int category);

/** Most weapons a character carries. */
#define COPS_D6_WEAPONS_MAX 8
/** @brief The character's weapons. @since 0.16.0 */
COPS_API int cops_d6_character_weapon_count(const cops_d6_character *ch);
/** @brief Weapon @p i into @p out (its @c size set). @since 0.16.0 */
COPS_API int cops_d6_character_weapon(const cops_d6_character *ch, int i, cops_d6_weapon *out);
/**
 * @brief Add a weapon (checked, the message naming the field); its index in @p index (may be NULL).
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (a field, or the weapons full)
 * @since 0.16.0
 */
COPS_API int cops_d6_character_add_weapon(cops_d6_character *ch, const cops_d6_weapon *w,
                                          int *index);
/** @brief Remove weapon @p i (the ones after it move down). @since 0.16.0 */
COPS_API int cops_d6_character_remove_weapon(cops_d6_character *ch, int i);

/* ---- Protections (§10, D6-M5) ---------------------------------------------------------- */

/** What a protection covers. */
enum cops_d6_coverages {
  COPS_D6_COVERS_BODY = 0,  /**< every hit but a head shot */
  COPS_D6_COVERS_HEAD,  /**< head shots only (a helmet) */
  COPS_D6_COVERS_PARRY  /**< only while its wearer parries (a shield, an energy shield) */
};

/**
 * @brief A protection (D6-M5). Initialise with cops_d6_protection_init() or
 * take one from the catalogue; grows only at its end.
 */
typedef struct cops_d6_protection {
  uint32_t size;            /**< sizeof(cops_d6_protection) */
  char name[48];            /**< 1 to 47 bytes */
  cops_d6_code armour;      /**< the armour value, added to the resistance roll (§10.1) */
  int coverage;             /**< a ::cops_d6_coverages value */
  int energy_only;          /**< 1: only against energy weapons (§10.4) */
  int penalty_dice;         /**< dice off the rolls it hinders, 0 .. −4 */
  int penalty_points;       /**< points off them, 0 .. −10 */
  int penalty_perception;   /**< 1: the penalty is on Perception (a helmet), 0: on Agility and Coordination */
} cops_d6_protection;

/** @brief A body protection, unnamed, +0. The macro passes sizeof. @since 0.16.0 */
COPS_API int cops_d6_protection_init_sized(cops_d6_protection *p, size_t size);
/** @brief cops_d6_protection_init_sized() with sizeof(cops_d6_protection). @since 0.16.0 */
#define cops_d6_protection_init(p) cops_d6_protection_init_sized((p), sizeof(cops_d6_protection))
/** @brief The protections of §10 held by the library. @since 0.16.0 */
COPS_API int cops_d6_protection_count(void);
/** @brief Catalogue protection @p i into @p out. @since 0.16.0 */
COPS_API int cops_d6_protection_at(int i, cops_d6_protection *out);
/** @brief The catalogue's protection named @p name ("Kevlar vest", any case). @since 0.16.0 */
COPS_API int cops_d6_protection_find(const char *name, cops_d6_protection *out);

/** Most protections a character wears. */
#define COPS_D6_PROTECTIONS_MAX 4
/** @brief The protections worn. @since 0.16.0 */
COPS_API int cops_d6_character_protection_count(const cops_d6_character *ch);
/** @brief Protection @p i into @p out. @since 0.16.0 */
COPS_API int cops_d6_character_protection(const cops_d6_character *ch, int i,
                                          cops_d6_protection *out);
/** @brief Wear a protection (checked); its index in @p index (may be NULL). @since 0.16.0 */
COPS_API int cops_d6_character_add_protection(cops_d6_character *ch, const cops_d6_protection *p,
                                              int *index);
/** @brief Take protection @p i off. @since 0.16.0 */
COPS_API int cops_d6_character_remove_protection(cops_d6_character *ch, int i);

/* ---- Sheets (docs/d6.md, "Sheets"; schemas/d6-sheet.schema.json) ----------------------- */

/**
 * @brief A character from a sheet's JSON text (`"system": "d6"`), every field
 * checked, the message naming the wrong one.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_EJSON; ::COPS_ERANGE; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_character_from_json(cops_d6_character **out, cops_ctx *ctx,
                                         const char *json);
/** @brief A character from a sheet file (within cops_ctx_confine()). @since 0.16.0 */
COPS_API int cops_d6_character_load(cops_d6_character **out, cops_ctx *ctx, const char *path);
/** @brief The character's sheet as JSON text (free with cops_free()); it reads back the same. @since 0.16.0 */
COPS_API int cops_d6_character_to_json(const cops_d6_character *ch, char **out);
/**
 * @brief Write the character's sheet to @p path (within cops_ctx_confine()).
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_EIO; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_character_save(const cops_d6_character *ch, const char *path);

COPS_END_DECLS

#endif
