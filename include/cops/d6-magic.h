/**
 * @file cops/d6-magic.h
 * @brief D6 System magic (OTHER-SYSTEMS.md D6 §7.1-§7.12; D6-A42 ... D6-A51, D6-A57,
 * D6-A60; D6-M7, D6-M18, D6-M22): the spell builder of §7.11 (its tables, or the measure
 * scale the samples use), the sample spells of §7.12 as data, casting in five steps
 * with the unskilled +5, the setting's modifier, a Teleportation's resistance, the
 * critical failure's confusion and backlash; the psionic powers of §7.13 (D6-A52 ...
 * D6-A56). Included by <cops/d6.h>.
 */
#ifndef COPS_D6_MAGIC_H
#define COPS_D6_MAGIC_H

#include <cops/d6.h>

COPS_BEGIN_DECLS

/** How an effect is valued (§7.11.2, D6-A42). */
enum cops_d6_effect_kinds {
  COPS_D6_EFFECT_NONE = 0,   /**< no code: @c effect_value given as is (a sample's printed value) */
  COPS_D6_EFFECT_SKILL,      /**< a bonus tied to a skill (a Medicine roll): 3 a die, 1 a pip */
  COPS_D6_EFFECT_DOUBLED     /**< damage, protection, an Attribute's bonus: 6 a die, 2 a pip */
};

/** §7.11.3's ranges. */
enum cops_d6_spell_ranges {
  COPS_D6_RANGE_TOUCH = 0,   /**< 0 */
  COPS_D6_RANGE_SHORT,       /**< the same room: +5 */
  COPS_D6_RANGE_MEDIUM,      /**< the same building: +10 */
  COPS_D6_RANGE_LONG,        /**< the same city: +15 */
  COPS_D6_RANGE_VERY_LONG,   /**< the same region: +20 */
  COPS_D6_RANGE_EXTREME,     /**< the same continent: +30 */
  COPS_D6_RANGE_PLANETARY,   /**< +40 */
  COPS_D6_RANGE_STELLAR,     /**< +50 */
  COPS_D6_RANGE_COUNT
};

/** §7.11.4's surroundings. */
enum cops_d6_concentrations {
  COPS_D6_ISOLATED = 0,      /**< an isolated room: −2 */
  COPS_D6_SLIGHT,            /**< slight distractions: 0 */
  COPS_D6_QUIET_PUBLIC,      /**< a quiet public place: +4 */
  COPS_D6_BUSY_PUBLIC,       /**< a busy public place: +6 */
  COPS_D6_VERY_BUSY,         /**< a very busy public place: @c crowd, +8 .. +18 (D6-A47) */
  COPS_D6_CONCENTRATION_COUNT
};

/** §7.11.5's target, three groups (D6-A47): familiarity. */
enum cops_d6_familiarities {
  COPS_D6_FAMILIARITY_NONE = 0,  /**< no person aimed at: 0 */
  COPS_D6_KNOWN_SLIGHTLY,        /**< −2 */
  COPS_D6_KNOWN_WELL,            /**< −4 */
  COPS_D6_NEVER_SEEN,            /**< +4 */
  COPS_D6_FIRST_HEARD,           /**< heard of for the first time: +8 */
  COPS_D6_FAMILIARITY_COUNT
};
/** §7.11.5's target: its size. */
enum cops_d6_target_groups {
  COPS_D6_ONE_TARGET = 0,    /**< 0 */
  COPS_D6_GROUP_OF_FIVE,     /**< two to five people: +5 */
  COPS_D6_GROUP_OF_DOZEN,    /**< about a dozen: +10 */
  COPS_D6_CROWD,             /**< +15 */
  COPS_D6_WHOLE_CITY,        /**< +25 */
  COPS_D6_WHOLE_REGION,      /**< +35 */
  COPS_D6_WHOLE_COUNTRY,     /**< +50 */
  COPS_D6_TARGET_GROUP_COUNT
};
/** §7.11.5's target: its attitude. */
enum cops_d6_attitudes {
  COPS_D6_UNAWARE = 0,       /**< unaware it is targeted: 0 */
  COPS_D6_NEUTRAL,           /**< −4 */
  COPS_D6_REFUSING,          /**< refuses to cooperate: +4 */
  COPS_D6_ATTITUDE_COUNT
};
/** §7.11.6's information, for information spells only (D6-A47). */
enum cops_d6_informations {
  COPS_D6_NO_INFORMATION = 0,  /**< not an information spell: 0 */
  COPS_D6_SIMPLE_EMOTIONS,     /**< simple emotions, immediate thoughts: 0 */
  COPS_D6_COMPLEX_THOUGHTS,    /**< +4 */
  COPS_D6_DISTANT_THOUGHTS,    /**< +6 */
  COPS_D6_SECRETS,             /**< +8 */
  COPS_D6_INFORMATION_COUNT
};
/** §7.11.9's ingredients. */
enum cops_d6_ingredients {
  COPS_D6_SIMPLE_INGREDIENTS = 0,  /**< simple, cheap: 0 */
  COPS_D6_NO_INGREDIENTS,          /**< +3 */
  COPS_D6_COSTLY_INGREDIENTS,      /**< −2 */
  COPS_D6_RARE_INGREDIENTS,        /**< very costly, rare: −4 */
  COPS_D6_INGREDIENT_COUNT
};
/** §7.11.9's gestures. */
enum cops_d6_gestures {
  COPS_D6_SIMPLE_GESTURES = 0,   /**< 0 */
  COPS_D6_NO_GESTURES,           /**< +3 */
  COPS_D6_LARGE_MOVEMENTS,       /**< −2 */
  COPS_D6_GESTURE_COUNT
};
/** §7.11.9's incantations. */
enum cops_d6_incantations {
  COPS_D6_SPOKEN = 0,            /**< magical incantations spoken: 0 */
  COPS_D6_NO_INCANTATION,        /**< +3 */
  COPS_D6_COMPLEX_INCANTATION,   /**< complex, needing great concentration: −2 */
  COPS_D6_INCANTATION_COUNT
};

/**
 * @brief A spell being built (§7.11, D6-A47): one entry a table. Initialise with
 * cops_d6_spell_design_init(); grows only at its end.
 *
 * With @c measure (D6-A44) the range, speed, duration and casting time are measured on
 * the samples' scale (cops_d6_measure_value()) from @c range_tenths, @c speed_tenths,
 * @c duration_tenths and @c casting_tenths (tenths of a metre or a second: 1.5 s is 15);
 * otherwise the tables of §7.11 read @c range,
 * @c duration_rounds (D6-A45's literal cost) and @c preparation_rounds (D6-A46), and the
 * speed is 0.
 */
typedef struct cops_d6_spell_design {
  uint32_t size;            /**< sizeof(cops_d6_spell_design), set by cops_d6_spell_design_init() */
  int effect_kind;          /**< a ::cops_d6_effect_kinds value */
  cops_d6_code effect;      /**< SKILL, DOUBLED: the effect's code (a Medicine roll of 4D+2; 3D damage) */
  int effect_value;         /**< NONE: the effect's value as given, 0 .. 200 */
  int measure;              /**< 1: D6-A44's measure scale; 0: §7.11's tables */
  int range;                /**< tables: a ::cops_d6_spell_ranges value */
  int range_tenths;         /**< measure: tenths of a metre, 0 .. 10^9 (0: touch, 0) */
  int speed_tenths;         /**< measure: tenths of a metre (the samples' Speed), 0 for none */
  int concentration;        /**< a ::cops_d6_concentrations value */
  int crowd;                /**< VERY_BUSY: 8 .. 18 */
  int familiarity;          /**< a ::cops_d6_familiarities value */
  int group;                /**< a ::cops_d6_target_groups value */
  int attitude;             /**< a ::cops_d6_attitudes value */
  int information;          /**< a ::cops_d6_informations value */
  int duration_rounds;      /**< tables: rounds of 5 s, 1 .. 10^6 (2 or less cost 0) */
  int duration_tenths;      /**< measure: tenths of a second, 0 .. 10^9 */
  int preparation_rounds;   /**< tables: the casting time in rounds, 0 .. 10^6 (D6-A46) */
  int casting_tenths;       /**< measure: the casting time in tenths of a second, 0 .. 10^9 */
  int ingredients;          /**< a ::cops_d6_ingredients value */
  int gestures;             /**< a ::cops_d6_gestures value */
  int incantation;          /**< a ::cops_d6_incantations value */
  int other;                /**< other aspects' points, −100 .. 100 (a sample's conditions) */
} cops_d6_spell_design;

/** @brief Touch, slight distractions, one unaware target, 2 rounds, 2 rounds' preparation, the simple components. The macro passes sizeof. @since 0.16.0 */
COPS_API int cops_d6_spell_design_init_sized(cops_d6_spell_design *d, size_t size);
/** @brief cops_d6_spell_design_init_sized() with sizeof(cops_d6_spell_design). @since 0.16.0 */
#define cops_d6_spell_design_init(d) \
  cops_d6_spell_design_init_sized((d), sizeof(cops_d6_spell_design))

/** The parts of a spell's difficulty, in ::cops_d6_spell_cost's @c parts. */
enum cops_d6_spell_parts {
  COPS_D6_PART_EFFECT = 0, COPS_D6_PART_RANGE, COPS_D6_PART_SPEED, COPS_D6_PART_CONCENTRATION,
  COPS_D6_PART_TARGET, COPS_D6_PART_INFORMATION, COPS_D6_PART_DURATION,
  COPS_D6_PART_PREPARATION, COPS_D6_PART_COMPONENTS, COPS_D6_PART_OTHER,
  COPS_D6_PART_COUNT
};

/** @brief What a spell costs (§7.11.1): each part, their sum, the difficulty. @c size set by the caller. */
typedef struct cops_d6_spell_cost {
  uint32_t size;                   /**< the caller's sizeof(cops_d6_spell_cost) */
  int parts[COPS_D6_PART_COUNT];   /**< each table's value, by ::cops_d6_spell_parts */
  int sum;                         /**< their sum */
  int difficulty;                  /**< the sum, or ⌈sum ÷ 2⌉ under `rules.spell_difficulty_halved` (D6-A43); at least 1 */
} cops_d6_spell_cost;

/**
 * @brief A spell's difficulty from its design (§7.11, D6-A42 ... D6-A47).
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (a field, named)
 * @since 0.16.0
 */
COPS_API int cops_d6_spell_difficulty(cops_ctx *ctx, const cops_d6_spell_design *d,
                                      const cops_d6_rules *rules, cops_d6_spell_cost *out);

/**
 * @brief The samples' measure scale (§7.12, D6-A44): the smallest value v whose
 * magnitude {1, 1.5, 2.5, 4, 6} × 10^⌊v ÷ 5⌋ is at least @p tenths ÷ 10 (metres or
 * seconds): 10 tenths (1 m) → 0, 15 (1.5 s) → 1, 50 (a round) → 4, 36000 (an hour) → 18.
 * @param tenths 1 .. 10^10 tenths
 * @return the value (−5 .. 45), or ::COPS_ERANGE
 * @since 0.16.0
 */
COPS_API int cops_d6_measure_value(long long tenths);

/** A spell's record (D6-A60); the samples of §7.12 are data (cops_d6_spell_at()). */
typedef struct cops_d6_spell {
  uint32_t size;                /**< the caller's sizeof(cops_d6_spell) */
  char name[48];                /**< "Heal" */
  int skill;                    /**< the casting skill, a ::cops_d6_traits value */
  int activation_skill;         /**< the skill that activates it, when another; -1 */
  int difficulty;               /**< as printed (never recomputed, D6-A43) */
  char effect[96];              /**< what it does */
  int effect_value;             /**< its printed value */
  int range_m;                  /**< metres, 0 for touch */
  int range_value;              /**< its printed value */
  int exact;                    /**< 1: only that distance is affected (§7.6) */
  int speed;                    /**< its printed Speed value */
  char duration[32];            /**< "5 rounds" (a round is 5 s, D6-A61) */
  int duration_value;           /**< its printed value */
  char casting[32];             /**< the casting time, "1 round" */
  int casting_value;            /**< its printed value (negative) */
  char conditions[128];         /**< other aspects and conditions, with their values */
  int conditions_value;         /**< their printed values' sum */
  int damage;                   /**< 1: a damaging spell (D6-A49's backlash), its code in @c damage_code */
  cops_d6_code damage_code;     /**< the damage it deals */
} cops_d6_spell;

/** @brief The number of sample spells (§7.12). @since 0.16.0 */
COPS_API int cops_d6_spell_count(void);
/** @brief Sample spell @p i into @p out (its @c size set). @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE @since 0.16.0 */
COPS_API int cops_d6_spell_at(int i, cops_d6_spell *out);
/** @brief A sample spell by name, any case. @return ::COPS_OK, ::COPS_EINVAL (NULL, unknown) @since 0.16.0 */
COPS_API int cops_d6_spell_find(const char *name, cops_d6_spell *out);

/** Cast flag: the ingredients the spell needs are missing (§7.7 step 1): the cast is refused. */
#define COPS_D6_CAST_NO_INGREDIENTS 0x1u
/** Cast flag: read from a scroll (§7.4, D6-A58): `rules.scroll_use` says who may, with a roll or not. */
#define COPS_D6_CAST_SCROLL 0x2u
/** Cast flag: an artifact's power (§7.4, D6-A58): `rules.artifact_use` says whether it needs the cast's conditions. */
#define COPS_D6_CAST_ARTIFACT 0x4u
/** Cast flag: the caster surprises (§5.15): +1D on its first action, the cast and its aiming roll (D6-L14). */
#define COPS_D6_CAST_SURPRISE 0x8u

/** ::cops_d6_cast's @c beat: no total to beat. */
#define COPS_D6_NO_BEAT (-1)

/**
 * @brief A spell cast (§7.7). Initialise with cops_d6_cast_init(); grows only at its
 * end.
 */
typedef struct cops_d6_cast {
  uint32_t size;                 /**< sizeof(cops_d6_cast) */
  cops_d6_character *caster;     /**< required: able to act, ≥ 1D in the skill's magic Attribute */
  int caster_id;                 /**< its id in the events (default 0) */
  int skill;                     /**< a magic skill, or a magic Attribute itself; absent from the sheet: the Attribute at +5 (D6-A48) */
  int difficulty;                /**< the spell's difficulty, 1 .. 1000 */
  cops_d6_code damage;           /**< a damaging spell's damage: dealt on an aimed hit (D6-A50), turned on the caster on a critical failure (D6-A49); 0D for none */
  cops_d6_character *target;     /**< a being that resists (a Teleportation on an unwilling target, D6-A51), or NULL */
  int target_id;                 /**< its id (default 1) */
  int actions;                   /**< the caster's actions this round, 1 .. 10 (D6-A5) */
  int cp;                        /**< Character Points spent on the roll */
  int fp;                        /**< 1: a Fate Point */
  unsigned flags;                /**< ::COPS_D6_CAST_NO_INGREDIENTS, ::COPS_D6_CAST_SCROLL, ::COPS_D6_CAST_ARTIFACT, ::COPS_D6_CAST_SURPRISE */
  const cops_d6_rules *rules;    /**< NULL: the defaults */
  int beat;                      /**< a total the spell must be strictly greater than: a lock's difficulty (Opening), an opposing spell's total (Counterspell) (§7.12, D6-A10); ::COPS_D6_NO_BEAT */
  int aim_skill;                 /**< a ranged spell's aiming roll (§7.8, D6-A50): ::COPS_D6_MARKSMANSHIP, ::COPS_D6_MELEE_WEAPONS, ::COPS_D6_THROWING; -1 none (a Teleportation carries its effect) */
  cops_d6_character *aim_target; /**< the one aimed at, required with @c aim_skill */
  int aim_target_id;             /**< its id (default 1) */
  int distance;                  /**< metres to it, 0 .. 100000 */
  int reach_m;                   /**< the spell's reach in metres, 1 .. 10^6: its range bands are the thirds (D6-L13) */
  int aim_defence;               /**< the aimed-at one's ::cops_d6_defences value */
  int aim_defence_skill;         /**< its ACTIVE or TOTAL defence's skill */
  int aim_defence_total;         /**< its total, or ::COPS_D6_ROLL_DEFENCE */
  int aim_cover;                 /**< its cover dice (§5.4.2, rolled, D6-A14), 0 .. 20 */
} cops_d6_cast;

/** @brief Skill Alteration, difficulty 10, one action, no damage, no target, nothing to beat, no aim. The macro passes sizeof. @since 0.16.0 */
COPS_API int cops_d6_cast_init_sized(cops_d6_cast *c, size_t size);
/** @brief cops_d6_cast_init_sized() with sizeof(cops_d6_cast). @since 0.16.0 */
#define cops_d6_cast_init(c) cops_d6_cast_init_sized((c), sizeof(cops_d6_cast))

/** What a cast did. Filled by cops_d6_cast_resolve(); grows only at its end. */
typedef struct cops_d6_cast_outcome {
  uint32_t size;            /**< the caller's sizeof(cops_d6_cast_outcome) */
  int difficulty;           /**< the spell's, +5 unskilled (D6-A48) */
  int total;                /**< the roll's total, the setting's modifier in (D6-A57) */
  int success;              /**< 1: total ≥ difficulty (and, resisted, above the target's roll) */
  int level;                /**< total − difficulty (D6-A70; negative on a failure) */
  int critical;             /**< 1: failed with the free die's 1: confused next round, backlash (D6-A49) */
  int resisted;             /**< a target's Willpower total (D6-A51), or -1 */
  int backlash_total;       /**< the backlash's damage total, 0 for none */
  int wound_level;          /**< the caster's ::cops_d6_levels value after */
  int rolled;               /**< 0: no roll (a scroll or an artifact that works by itself, D6-A58) */
  int aimed;                /**< 1: an aiming roll was made (D6-A50) */
  int hit;                  /**< aimed: 1 on a hit */
  int aim_total;            /**< aimed: the aiming roll's total */
  int defence_value;        /**< aimed: the difficulty to hit */
  int damage_total;         /**< aimed: the damage rolled on a hit */
  int target_level;         /**< aimed: the target's ::cops_d6_levels value after */
} cops_d6_cast_outcome;

/**
 * @brief Cast a spell (§7.7's five steps): the caster's ≥ 1D in the magic Attribute
 * and its ingredients, the Character and Fate Points, the skill rolled (its penalties,
 * actions, the setting's modifier, D6-A57) against the difficulty (+5 without the skill,
 * D6-A48) and, with @c beat, strictly above that total (Opening, Counterspell); a
 * resisting target's Willpower (Charisma without it) must be strictly beaten (D6-A51);
 * a critical failure confuses the caster for the next round and turns a damaging spell's
 * damage on it (a part under `rules.backlash_percent`, D6-A49). A cast spell with
 * @c aim_skill is aimed (D6-A50): a normal attack roll with that skill against the
 * target's defence (the same action as the cast; the setting's modifier left out), the
 * spell's damage on a hit. A scroll or an artifact follows `rules.scroll_use` and
 * `rules.artifact_use` (D6-A58). Events d6.roll (purpose spell, resist, backlash), d6.spell,
 * the aim's d6.attack, d6.roll, d6.result, d6.damage, d6.state. All or nothing.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (magic banned, no 1D in
 *         the Attribute, no ingredients, a caster who cannot act); ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_cast_resolve(cops_d6_cast_outcome *out, cops_ctx *ctx, const cops_d6_cast *c,
                                  cops_log *log);

/* ---- Psionic powers (§7.13) ------------------------------------------------------------ */

/** The powers with a stat block (§7.13.2 - §7.13.8, D6-A52). */
enum cops_d6_psionic_powers {
  COPS_D6_POWER_ASTRAL = 0,   /**< astral projection: 10; the success level's band (D6-A53) */
  COPS_D6_POWER_EMPATHY,      /**< opposed by the target's Willpower, a tie succeeds (D6-A56) */
  COPS_D6_POWER_FAR_SENSES,   /**< keen senses at a distance: 5 */
  COPS_D6_POWER_HEALING,      /**< the patient's level: 10, 15, 15, 20, 30; one level better, a critical one worse */
  COPS_D6_POWER_MEDIUM,       /**< contact with the dead: 20 and §7.13.6's modifiers (D6-A54) */
  COPS_D6_POWER_PROTECTION,   /**< 10; the success level as protection points on the target's resistance (D6-A41) */
  COPS_D6_POWER_PSYCHOMETRY,  /**< the information sought: 14, 18, 21, 24 */
  COPS_D6_POWER_COUNT
};

/** Astral projection's bands (§7.13.2, D6-A53). */
enum cops_d6_astral_bands {
  COPS_D6_ASTRAL_NONE = -1,       /**< failed */
  COPS_D6_ASTRAL_LEAVES = 0,      /**< level 0: leaves the body */
  COPS_D6_ASTRAL_SENSES,          /**< 1-5: Search, Investigation, Perception rolls */
  COPS_D6_ASTRAL_NON_PHYSICAL,    /**< 6-10: any non-physical action */
  COPS_D6_ASTRAL_PHYSICAL         /**< above 10: physical actions too */
};

/** Psychometry's information (§7.13.8). */
enum cops_d6_psychometries {
  COPS_D6_VAGUE = 0,         /**< vague information, impressions: 14 */
  COPS_D6_GENERAL,           /**< general information about a person: 18 */
  COPS_D6_LAST_DAY,          /**< everything the person did in the last 24 hours: 21 */
  COPS_D6_MOTIVATIONS        /**< the person's deep motivations: 24 */
};

/** Medium's modifiers (§7.13.6). */
#define COPS_D6_MURDERED 0x1u       /**< the dead person was murdered: −2 */
#define COPS_D6_KNEW 0x2u           /**< the psionic knew the dead person: −4 */
#define COPS_D6_HAS_INFORMATION 0x4u /**< the psionic has information about the dead: −2 */
#define COPS_D6_AT_PLACE 0x8u       /**< at the place of death: −3 */

/**
 * @brief A psionic power used (§7.13). Initialise with cops_d6_psionic_init(); grows
 * only at its end. The power's skill (empathy, psi_healing, psychometry ...) is rolled,
 * or the Psionics Attribute at +5 without it (D6-A48); the setting's magic modifier
 * adds (D6-A57). The extensions of §7.13.1 add to the base difficulty (D6-A55).
 */
typedef struct cops_d6_psionic {
  uint32_t size;                 /**< sizeof(cops_d6_psionic) */
  int power;                     /**< a ::cops_d6_psionic_powers value */
  cops_d6_character *psionic;    /**< required: Psionics 1D or more */
  int psionic_id;                /**< its id in the events (default 0) */
  cops_d6_character *target;     /**< EMPATHY the one read, HEALING the patient, PROTECTION the one protected (NULL: the psionic) */
  int target_id;                 /**< its id (default 1) */
  int range;                     /**< §7.13.1: a ::cops_d6_spell_ranges value, touch .. very long */
  int concentration;             /**< §7.13.1: a ::cops_d6_concentrations value */
  int crowd;                     /**< VERY_BUSY: 8 .. 18 */
  int familiarity;               /**< §7.13.1: a ::cops_d6_familiarities value */
  int group;                     /**< §7.13.1: one .. a crowd (no city, region, country) */
  int attitude;                  /**< §7.13.1: a ::cops_d6_attitudes value */
  int information;               /**< §7.13.1: a ::cops_d6_informations value */
  int duration_rounds;           /**< §7.13.1: rounds, 1 .. 10^6 (D6-A45's literal cost); PROTECTION lasts as long */
  int psychometry;               /**< PSYCHOMETRY: a ::cops_d6_psychometries value */
  unsigned medium;               /**< MEDIUM: ::COPS_D6_MURDERED, ::COPS_D6_KNEW ... */
  int years_dead;                /**< MEDIUM: whole years since the death, 0 .. 10000 (D6-A54) */
  int actions;                   /**< the psionic's actions this round, 1 .. 10 */
  int cp;                        /**< Character Points on the roll */
  int fp;                        /**< 1: a Fate Point */
  const cops_d6_rules *rules;    /**< NULL: the defaults */
} cops_d6_psionic;

/** @brief Far senses at touch, slight distractions, 2 rounds, one action. The macro passes sizeof. @since 0.16.0 */
COPS_API int cops_d6_psionic_init_sized(cops_d6_psionic *p, size_t size);
/** @brief cops_d6_psionic_init_sized() with sizeof(cops_d6_psionic). @since 0.16.0 */
#define cops_d6_psionic_init(p) cops_d6_psionic_init_sized((p), sizeof(cops_d6_psionic))

/** What a power did. Filled by cops_d6_psionic_resolve(); grows only at its end. */
typedef struct cops_d6_psionic_outcome {
  uint32_t size;            /**< the caller's sizeof(cops_d6_psionic_outcome) */
  int difficulty;           /**< the base, the extensions, +5 unskilled */
  int total;                /**< the roll's total (the setting's modifier in) */
  int success;              /**< 1: it works */
  int level;                /**< total − difficulty (EMPATHY: − the Willpower total) */
  int critical;             /**< 1: failed with the free die's 1 (HEALING: one level worse) */
  int resisted;             /**< EMPATHY: the target's Willpower total, or -1 */
  int band;                 /**< ASTRAL: a ::cops_d6_astral_bands value */
  int protection;           /**< PROTECTION: the points added to the target's resistance rolls */
  int level_before;         /**< HEALING: the patient's ::cops_d6_levels value before */
  int level_after;          /**< HEALING: after */
} cops_d6_psionic_outcome;

/**
 * @brief Use a psionic power (§7.13; D6-A52 ... D6-A56): the difficulty (the power's base,
 * the extensions of §7.13.1, +5 unskilled), the roll; Empathy's opposed Willpower; Healing
 * moves the patient one level (one attempt a healer a level, D6-A35; a critical failure one
 * level worse); Protection's success level becomes protection points on the target's
 * resistance rolls against attacks for the duration (D6-A41, `cops_d6_wounds.protection`).
 * Events d6.roll (purpose psionic, resist), d6.psionic, d6.heal for Healing. All or
 * nothing.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE; ::COPS_ERULE (magic banned, Psionics
 *         below 1D, a psionic who cannot act, a patient with nothing to heal or already
 *         tried); ::COPS_ERNG; ::COPS_ENOMEM
 * @since 0.16.0
 */
COPS_API int cops_d6_psionic_resolve(cops_d6_psionic_outcome *out, cops_ctx *ctx,
                                     const cops_d6_psionic *p, cops_log *log);
/** @brief A power's name ("astral", "empathy", "far_senses", "healing", "medium", "protection", "psychometry"), or NULL. @since 0.16.0 */
COPS_API const char *cops_d6_psionic_power_name(int power);

/**
 * @brief Character Points to raise a skill by a pip from @p from (D6-A59, §7.3): its dice;
 * a magic skill twice that, four times without a teacher above it.
 * @param from the skill's code now
 * @param magic 1: a skill of a magic Attribute
 * @param teacher 1: a teacher whose level is higher
 * @return the cost, or ::COPS_EINVAL
 * @since 0.16.0
 */
COPS_API int cops_d6_advance_cost(cops_d6_code from, int magic, int teacher);

COPS_END_DECLS

#endif
