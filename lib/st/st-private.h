/* The Storyteller module's shared internals (lib/st). */
#ifndef COPS_ST_PRIVATE_H
#define COPS_ST_PRIVATE_H

#include <cops/st.h>

#include "fight/fight.h"

/* The first published size of cops_st_pool (0.15.0). */
#define COPS__ST_POOL_SIZE_0_15 (offsetof(cops_st_pool, flags) + sizeof(unsigned))

/* A checked pool: its values after modifiers (ST §0.2, §0.3). */
typedef struct cops__st_effective {
  int pool;        /* dice + mod: 0 or less for a chance die */
  int threshold;   /* success at this face or more */
  int again;       /* re-roll at this face or more; 11 for none */
  int mode;        /* cops_st_modes */
  int chance;      /* the pool is one chance die (ST-A2) */
  cops_st_pool given;
} cops__st_effective;

/* v within lo..hi, or COPS_ERANGE naming it. */
int cops__st_range(cops_ctx *ctx, const char *what, int v, int lo, int hi);

/* The pool at any published size, read as the library's (NULL: a size it
 * does not know); written back at the caller's size. */
const cops_st_pool *cops__st_pool_in(const cops_st_pool *p, cops_st_pool *tmp);
int cops__st_pool_out(cops_st_pool *out, size_t size, const cops_st_pool *full);
/* The pool of the defaults (ST-A1, ST-A37) with `dice` dice. */
void cops__st_pool_default(cops_st_pool *p, int dice);
/* Every field checked, the message naming the wrong one. */
int cops__st_pool_check(cops_ctx *ctx, const cops_st_pool *p, cops__st_effective *e);
/* The first published size of cops_st_pool (0.15.0). */
#define COPS__ST_POOL_SIZE_0_15 (offsetof(cops_st_pool, flags) + sizeof(unsigned))

/* A pool's law of successes into out[0 .. cap - 1], out[cap - 1] holding every count from
 * cap - 1 up (lib/st/st-odds.c). */
int cops__st_pool_law(cops_ctx *ctx, const cops_st_pool *p, double *out, int cap);
/* A checked pool rolled inside a procedure that saved the source itself. */
int cops__st_roll_checked(cops_roll *roll, cops_ctx *ctx, const cops__st_effective *e);

/* A Storyteller character (ST-M2). */
struct cops_st_character {
  cops_ctx *ctx;
  char name[64];
  int trait[COPS_ST_TRAIT_COUNT];
  int derived[COPS_ST_DERIVED_COUNT];   /* the sheet's value, or -1: computed */
  int willpower;        /* current; -1: full */
  int vitae, vitae_max;
  unsigned background;  /* COPS_ST_MILITARY ... COPS_ST_PLAYER */
  int xp;
  int combatant;        /* -1 computed (§2), else forced */
  int bashing, lethal;  /* the health track's boxes (ST-L1) */
  int dead;             /* lethal past a track full of lethal */
  cops_st_weapon weapon[COPS_ST_WEAPONS_MAX];
  int nweapons;
  int vest, armour, old_fashioned;   /* protection (ST-M5) */
  int vest_used, armour_used;        /* this round's budgets spent (ST-A31, ST-A32) */
};

/* The first published size of cops_st_weapon (0.15.0). */
#define COPS__ST_WEAPON_SIZE_0_15 sizeof(cops_st_weapon)
/* A weapon checked, the message naming the field (where: "weapons[1]" or "weapon"). */
int cops__st_weapon_check(cops_ctx *ctx, const cops_st_weapon *w, const char *where);
/* Bare hands: 0 bashing, unarmed (a weapon index of -1). */
void cops__st_fists(cops_st_weapon *w);
/* The names of the weapon kinds, damage types and health states, as files spell them. */
extern const char *const cops__st_weapon_kind_names[4];
extern const char *const cops__st_damage_type_names[2];
extern const char *const cops__st_health_state_names[4];

/* The defaults (§7); a caller's rules read at any published size and checked. */
void cops__st_rules_default(cops_st_rules *r);
int cops__st_rules_in(cops_ctx *ctx, const cops_st_rules *given, cops_st_rules *out);
/* A derived trait under checked rules (ST-A3). */
int cops__st_derived(const cops_st_character *ch, const cops_st_rules *r, int which);
int cops__st_is_combatant(const cops_st_character *ch, const cops_st_rules *r);
/* Mark boxes on the track of `health` boxes (ST-L1). */
void cops__st_mark(cops_st_character *ch, int health, int boxes, int type);
int cops__st_health_state(const cops_st_character *ch, const cops_st_rules *r);
int cops__st_wound_penalty(const cops_st_character *ch, const cops_st_rules *r);

/* Events of the module (lib/st/st-attack.c): a pool rolled, and any other type with its
 * values (COPS__PAYLOAD of them); a NULL log does nothing. */
int cops__st_log_roll(cops_log *log, const cops_roll *roll, int purpose,
                      const cops_st_character *who, int id);
int cops__st_log_event(cops_log *log, int type, const cops_st_character *actor, int actor_id,
                       const cops_st_character *target, int target_id, const char *weapon,
                       const int *v);
/* A procedure's state saved for all or nothing: up to nine characters, the log, the source
 * (lib/st/st-scene.c). cops__st_restore puts them back when rc is not 0, and gives rc. */
typedef struct cops__st_undo {
  int n;
  cops_st_character *who[9];
  cops_st_character copy[9];
  cops__log_mark_t log_mark;
  cops__rng_mark_t rng_mark;
  cops_log *log;
} cops__st_undo;
void cops__st_save(cops__st_undo *u, cops_ctx *ctx, cops_log *log, cops_st_character *const *who,
                   int n);
int cops__st_restore(const cops__st_undo *u, cops_ctx *ctx, int rc);

/* A pool of the rules' dice (ST-A1, ST-A2, ST-A37) rolled into a new roll and logged: its
 * size after modifiers (pool, may be NULL) and its successes (lib/st/st-scene.c). */
int cops__st_pool_roll(cops_ctx *ctx, const cops_st_rules *r, int dice, int mod, int mode,
                       int purpose, cops_st_character *ch, int id, cops_log *log, int *pool,
                       int *successes);
/* Damage onto a character through its armour and vest (ST-A33); its health state after. */
int cops__st_take(cops_st_character *v, const cops_st_rules *r, int damage, int type, int firearm,
                  int *ignored, int *converted, int *bashing, int *lethal);

/* A character's sheet as JSON (NULL: no memory; *bad: a field could not be set). */
json_t *cops__st_sheet_json(const cops_st_character *ch, int *bad);

/* An attack inside a fight (lib/st/st-fight.c): its outcome, and an exchange's damage won
 * by the target left for the target's rank (defer, ST-A6): deferred, its boxes and whether
 * a firearm dealt them. No undo and the caller's rolls: the fight saves its own state. */
typedef struct cops__st_attack_result {
  cops_st_outcome o;
  int deferred, dealt, firearm;
} cops__st_attack_result;
int cops__st_attack_run(cops__st_attack_result *o, cops_ctx *ctx, const cops_st_attack *a,
                        cops_log *log, cops_roll *ra, cops_roll *rd, int defer);
/* An attack's pools, checked as cops_st_attack_resolve() checks it, without a roll (the
 * tactical policy's odds): the attacker's; the target's when opposed; both weapons. */
typedef struct cops__st_pools {
  cops_st_pool attacker, defender;
  int opposed;
  cops_st_weapon w, tw;
} cops__st_pools;
int cops__st_attack_pools(cops_ctx *ctx, const cops_st_attack *a, cops__st_pools *out);
/* Damage landing on a character (ST-A33) with its st.damage event; o's mitigation fields
 * and state set. */
int cops__st_hit(cops_log *log, const cops_st_rules *r, cops_st_character *v, int id, int damage,
                 int type, int firearm, cops_st_outcome *o);

/* An ST roll's JSON (st-dice.c), for cops_roll_to_json (lib/render/roll-json.c). */
json_t *cops__st_roll_json(const cops_roll *roll, json_t *dice);

/* A Storyteller event's keys after the common ones, its line of narration and its type's
 * name (st-render.c), for the renderers (lib/render/). */
json_t *cops__st_event_json(const cops_log *log, int i);
void cops__st_narrate(cops__text *t, const cops_log *log, int i, int lang);
const char *cops__st_event_type_name(int type);

#endif
