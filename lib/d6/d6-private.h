/* The D6 System module's shared internals (lib/d6). */
#ifndef COPS_D6_PRIVATE_H
#define COPS_D6_PRIVATE_H

#include <cops/d6.h>

#include <jansson.h>
#include <limits.h>

#include "fight/fight.h"

/* The first published sizes (0.16.0). */
#define COPS__D6_RULES_SIZE_0_16 sizeof(cops_d6_rules)
#define COPS__D6_POOL_SIZE_0_16 sizeof(cops_d6_pool)

/* A pool checked under checked rules: the dice rolled (the free die among them), whether
 * one is free, the fixed part of the total (pips + points). */
typedef struct cops__d6_effective {
  cops_d6_pool pool;
  cops_d6_rules rules;
  int dice;        /* after every modifier, at least 0 (D6-A4) */
  int free;        /* 1: the last die is the free die (D6-A2) */
  int fixed;       /* the code's pips + the points */
} cops__d6_effective;

/* v within lo..hi, or COPS_ERANGE naming it. */
int cops__d6_range(cops_ctx *ctx, const char *what, int v, int lo, int hi);
/* The defaults (§11); a caller's rules read at their size and checked. */
void cops__d6_rules_default(cops_d6_rules *r);
int cops__d6_rules_in(cops_ctx *ctx, const cops_d6_rules *given, cops_d6_rules *out);
/* A pool at its size and the rules, checked; the effective roll. */
int cops__d6_check(cops_ctx *ctx, const cops_d6_pool *p, const cops_d6_rules *rules,
                       cops__d6_effective *e);
/* A code checked (dice 0 .. COPS_D6_DICE_MAX, pips 0 .. 2). */
int cops__d6_code_ok(cops_d6_code c);

/* ---- characters (lib/d6/d6-character.c) ---- */

/* Most dice in a trait's code. */
#define COPS__D6_TRAIT_DICE_MAX 20

struct cops_d6_character {
  cops_ctx *ctx;
  char name[64];
  cops_d6_code trait[COPS_D6_TRAIT_COUNT];
  unsigned char has[COPS_D6_TRAIT_COUNT];   /* a skill on the sheet (attributes always) */
  cops_d6_code natural;
  int has_natural;                          /* natural damage from the sheet (D6-A9) */
  int cp, fp, scale;
  cops_d6_wounds w;                         /* w.level kept in step with the rest */
  int hp_given;                             /* hp_max set by the sheet or the caller */
  cops_d6_weapon weapon[COPS_D6_WEAPONS_MAX];
  int nweapons;
  cops_d6_protection prot[COPS_D6_PROTECTIONS_MAX];
  int nprot;
};

/* The first published sizes (0.16.0). */
#define COPS__D6_WOUNDS_SIZE_0_16 sizeof(cops_d6_wounds)
#define COPS__D6_WEAPON_SIZE_0_16 sizeof(cops_d6_weapon)
#define COPS__D6_PROTECTION_SIZE_0_16 sizeof(cops_d6_protection)
#define COPS__D6_ATTACK_SIZE_0_16 sizeof(cops_d6_attack)
#define COPS__D6_OUTCOME_SIZE_0_16 sizeof(cops_d6_outcome)

/* The level of a wound state (its step or its hit points). */
int cops__d6_level(const cops_d6_wounds *w);
/* A resistance's margin onto the wounds (§5.6, §5.9, D6-A20, D6-A65, §8.3): the step or the
 * hit points, the level after; the steps and hit points taken. No roll, no event. */
void cops__d6_wound_apply(cops_d6_wounds *w, int margin, int stun, int *steps, int *lost);
/* A wound state moved: the healers who tried at the old step forgotten (D6-A35). */
void cops__d6_moved(cops_d6_wounds *w);
/* The top step of the track: killed. */
int cops__d6_top_step(const cops_d6_wounds *w);
/* The smallest loss of a level's bracket of hit points (D6-A30), level 0 .. 6. */
int cops__d6_hp_bottom(int level, int max);
/* The code a character rolls for a trait (its own or its attribute's). */
cops_d6_code cops__d6_trait(const cops_d6_character *ch, int trait);
/* The dice and points a character's state takes off a roll of trait. */
void cops__d6_penalty(const cops_d6_character *ch, int trait, int *dice, int *points);
/* A weapon or protection checked, the message naming the field (where: "weapons[1]"). */
int cops__d6_weapon_check(cops_ctx *ctx, const cops_d6_weapon *w, const char *where);
int cops__d6_protection_check(cops_ctx *ctx, const cops_d6_protection *p, const char *where);
/* A character's sheet as JSON (NULL when out of memory; *bad set when a part is missing);
 * a code read from a string at field, at most max_dice (plus: a leading '+' allowed and
 * reported; NULL: refused). */
json_t *cops__d6_sheet_json(const cops_d6_character *ch, int *bad);
int cops__d6_code_field(cops_ctx *ctx, json_t *v, const char *field, int max_dice,
                        cops_d6_code *c, int *plus);
/* Names files use. */
extern const char *const cops__d6_category_names[COPS_D6_WEAPON_CATEGORY_COUNT];
extern const char *const cops__d6_coverage_names[3];
extern const char *const cops__d6_level_names[7];
extern const char *const cops__d6_result_names[6];
extern const char *const cops__d6_speed_names[5];
extern const char *const cops__d6_control_names[4];

/* ---- combat (lib/d6/d6-attack.c, d6-wounds.c) ---- */

/* A pool rolled inside a procedure that saved the source, against `difficulty` (any
 * number; COPS__D6_NONE for none), logged with its purpose: its total, and its success. */
#define COPS__D6_NONE INT_MIN
int cops__d6_roll_logged(cops_ctx *ctx, cops_roll *roll, const cops_d6_pool *p,
                         const cops_d6_rules *r, int difficulty, int purpose,
                         const cops_d6_character *who, int id, cops_log *log, int *total);
/* The same for a roll of something named (a vehicle), or of nobody (NULL). */
int cops__d6_roll_named(cops_ctx *ctx, cops_roll *roll, const cops_d6_pool *p,
                        const cops_d6_rules *r, int difficulty, int purpose, const char *who,
                        int id, cops_log *log, int *total);
/* An event with names (NULL for none) rather than characters. */
int cops__d6_log_named(cops_log *log, int type, const char *actor, int actor_id,
                       const char *target, int target_id, const char *weapon, const int *v);
/* An event of the module with its values (COPS__PAYLOAD of them); a NULL log does nothing. */
int cops__d6_log_event(cops_log *log, int type, const cops_d6_character *actor, int actor_id,
                       const cops_d6_character *target, int target_id, const char *weapon,
                       const int *v);
/* A damage total against a victim's resistance pool, rolled and applied (§5.6-§5.10,
 * §8.3): the outcome's resistance, margin, steps, hp, level, massive, unconscious, check. */
int cops__d6_wound(cops_ctx *ctx, const cops_d6_rules *r, cops_roll *roll, cops_d6_character *v,
                   int id, int damage_total, const cops_d6_pool *resistance, int stun,
                   cops_log *log, cops_d6_outcome *o);
/* The rules one attack and an attack on a vehicle share (lib/d6/d6-attack.c): the skill a
 * weapon attacks with (§5.5: Brawling bare-handed, Melee Weapons, Throwing, Marksmanship),
 * the range band of a distance within limits (§5.4.1, D6-A15: each band including its end)
 * and its points on the defence, the damage code (§5.5, D6-A38: + natural damage for `+`
 * codes, natural damage bare-handed), gravity's dice (§5.15). */
int cops__d6_attack_skill(const cops_d6_weapon *w, int armed);
int cops__d6_band(int distance, const int limit[3]);
int cops__d6_band_points(int band);
cops_d6_code cops__d6_damage_code(const cops_d6_character *att, const cops_d6_weapon *w, int armed);
int cops__d6_gravity_dice(const cops_d6_rules *r);

/* A coordinated group's damage (D6-A23): the totals of its hits summed, resisted once with
 * the armour against the first hit, a stun when every hit stuns (D6-L8). An attack whose
 * hit adds its damage roll to pend rather than wounding, or with grab set deals nothing (all
 * or nothing, pend included); the sum landed on the target. */
typedef struct cops__d6_pending {
  int grab;                 /* 1: a grab (§5.13): a hit deals no damage */
  int total, hits, stun;
  cops_d6_code armour;
} cops__d6_pending;
int cops__d6_attack_deferred(cops_d6_outcome *out, cops_ctx *ctx, const cops_d6_attack *a,
                             cops_log *log, cops__d6_pending *pend);
int cops__d6_pending_land(cops_ctx *ctx, const cops_d6_rules *r, cops_d6_character *v, int id,
                          const cops__d6_pending *pend, cops_log *log, cops_d6_outcome *o);
/* An attack's fields and the rules checked as cops_d6_attack_resolve() checks them, range
 * included, nothing rolled. */
int cops__d6_attack_check(cops_ctx *ctx, const cops_d6_attack *a);
/* An attack with the weapon w rather than one of the attacker's (a spell aimed, D6-A50),
 * inside a procedure: checked, rolled, applied. */
int cops__d6_attack_with(cops_d6_outcome *out, cops_ctx *ctx, const cops_d6_attack *a,
                         const cops_d6_weapon *w, cops_log *log);
/* Healing's shared parts (lib/d6/d6-heal.c): whether a healer tried at the patient's level
 * (D6-A35), its attempt recorded; psionic Healing's roll against §7.13.5's table + extra,
 * applied and logged (d6.heal of kind psionic). */
int cops__d6_tried(const cops_d6_character *patient, int healer_id);
void cops__d6_attempt(cops_d6_character *patient, int healer_id);
int cops__d6_psionic_heal(cops_ctx *ctx, const cops_d6_rules *r, cops_d6_pool *p, int extra,
                          const cops_d6_character *healer, int healer_id,
                          cops_d6_character *patient, int patient_id, cops_log *log,
                          cops_d6_healing *h);
/* Initiative's rolls (lib/d6/d6-initiative.c) without its rank events: the order, each
 * one's total and last tie-break die by index; the count ranked, or a code. */
int cops__d6_initiative_rolls(cops_ctx *ctx, cops_d6_character *const *f, const int *ids,
                              const unsigned *flags, int n, const cops_d6_rules *r, cops_log *log,
                              int *order, int *totals, int *ties);

/* A caller's vehicle checked (the message naming its field), read at its size into *full. */
int cops__d6_vehicle_in(cops_ctx *ctx, const cops_d6_vehicle *v, cops_d6_vehicle *full);

/* Harm (a damage code against Vigueur alone, D6-L4) on a character, inside a procedure;
 * a character killed outright (a wrecked vehicle's passengers). */
int cops__d6_harm_run(cops_ctx *ctx, const cops_d6_rules *r, cops_roll *roll,
                      cops_d6_character *ch, int id, cops_d6_code damage, int stun, cops_log *log,
                      cops_d6_outcome *o);
int cops__d6_kill(cops_d6_character *ch, int id, cops_log *log);
/* A procedure's saved state for all or nothing: two characters, the log, the source. */
typedef struct cops__d6_undo {
  int n;
  cops_d6_character *who[2];
  cops_d6_character copy[2];
  cops__log_mark_t log_mark;
  cops__rng_mark_t rng_mark;
  cops_log *log;
} cops__d6_undo;
void cops__d6_save(cops__d6_undo *u, cops_ctx *ctx, cops_log *log, cops_d6_character *a,
                   cops_d6_character *b);
int cops__d6_restore(const cops__d6_undo *u, cops_ctx *ctx, int rc);
/* A procedure's frame: a roll made, two characters, the log and the source saved, body run
 * with them, all restored when it fails ("the dice failed" for COPS_ERNG). */
typedef int (*cops__d6_body)(cops_ctx *ctx, cops_roll *roll, cops_log *log, void *arg);
int cops__d6_procedure(cops_ctx *ctx, cops_log *log, cops_d6_character *a, cops_d6_character *b,
                       cops__d6_body body, void *arg);
/* An outcome struct (its size first) copied out at the caller's size; NULL does nothing. */
void cops__d6_copy_out(void *out, const void *full);
/* One who uses magic: able to act and not confused (§7.7), not limited to defending (§5.10),
 * owning the points it spends. */
int cops__d6_magic_user_ok(cops_ctx *ctx, const cops_d6_character *ch, int cp, int fp);


/* A D6 roll's JSON (d6-dice.c), for cops_roll_to_json (lib/render/roll-json.c). */
json_t *cops__d6_roll_json(const cops_roll *roll, json_t *dice);

/* The same for a D6 event (d6-render.c). */
json_t *cops__d6_event_json(const cops_log *log, int i);
void cops__d6_narrate(cops__text *t, const cops_log *log, int i, int lang);
const char *cops__d6_event_type_name(int type);

/* An attack's pools, checked as cops_d6_attack_resolve() checks it, without a roll (the
 * tactical policy's odds, lib/d6/d6-attack.c): the defence value with the range band's
 * points and without its rolls (the target's defence still to roll: its pool), the cover's
 * dice (none: 0D), the attack, the damage at a margin of 0 (success_damage: a point more per
 * 5 of margin, D6-A38), the resistance, a stun weapon's. A throw whose reach is rolled
 * (D6-A39) is refused. */
typedef struct cops__d6_pools {
  cops_d6_rules rules;
  int band, value, defence_rolled, success_damage, stun;
  cops_d6_pool defence, cover, attack, damage, resistance;
} cops__d6_pools;
int cops__d6_attack_pools(cops_ctx *ctx, const cops_d6_attack *a, cops__d6_pools *out);

/* A pool's law of totals: out[t - *lo] = P(total = t) for t from *lo, the lowest, to
 * *lo + cap - 1, which holds every total from there up (lib/d6/d6-odds.c). */
int cops__d6_pool_law(cops_ctx *ctx, const cops_d6_pool *p, const cops_d6_rules *rules,
                      double *out, int cap, int *lo);
/* P(a character who just became incapacitated fails its check of 15 and falls unconscious,
 * D6-A18), lib/d6/d6-wounds.c. */
double cops__d6_check_fails(cops_ctx *ctx, const cops_d6_rules *r, const cops_d6_character *ch);

#endif
