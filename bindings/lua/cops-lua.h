/* What the files of the Lua binding share (bindings/lua/): the userdata, the
 * names of the metatables, and the helpers that check arguments and raise the
 * library's errors. Built into cops.so only. */
#ifndef COPS_LUA_H
#define COPS_LUA_H

#include <lauxlib.h>
#include <lua.h>

#include <cops/cops.h>
#if COPS_WITH_ST
#include <cops/st.h>
#endif
#if COPS_WITH_D6
#include <cops/d6.h>
#endif

#define CTX "cops.context"
#define CHARACTER "cops.character"
#define WEAPON "cops.weapon"
#define ARMOUR "cops.armour"
#define ST_CHARACTER "cops.st_character"
#define ENCOUNTER "cops.encounter"
#define SCENARIO "cops.scenario"
#define ERROR_MT "cops.error"
#define CHECKPOINT "cops.checkpoint"
#define ROLL_UD "cops.roll"        /* a C roll, freed by __gc */
#define ROLL_MT "cops.roll_table"  /* a roll's table: its json field made on first use */
#define ROLLS "cops.rolls"         /* registry: roll table -> its C roll (weak keys) */

typedef struct {
  cops_ctx *ctx;
  int children;      /* handles made from it and still open */
  int collected;     /* finalised while children were open: freed by the last one */
  int in_callback;   /* the dice function is running: closing is refused */
  int callback;      /* registry ref of the Lua dice function, or LUA_NOREF */
  int failure;       /* registry ref of the callback's error, or LUA_NOREF */
  lua_State *L;      /* the state running the current call (for the callback) */
} ctx_ud;

typedef struct {
  void *p;           /* cops_character, cops_weapon or cops_armour */
  ctx_ud *owner;
  int users;         /* encounters holding it */
  const char *mt;    /* its metatable's name: which free to call */
  int closed;        /* closed by __close or __gc while an encounter held it: freed with the last */
} entity_ud;

typedef struct {
  void *p;           /* cops_encounter or cops_scenario */
  ctx_ud *owner;
  int scenario;
  int nkept;
  entity_ud *kept[COPS_COMBATANTS_MAX * (COPS_WEAPONS_MAX + 2)];
  int anciennete;    /* registry ref of the Lua Ancienneté function, 0 for none */
} fight_ud;

/* Raise a libcops error as a table {code, name, message}; the callback's own error first. */
int raise(lua_State *L, ctx_ud *c, int rc);
int raise_message(lua_State *L, int rc, const char *message);
/* rc itself when it is no error. */
int check(lua_State *L, ctx_ud *c, int rc);
/* An integer for a C int (an error beyond it), a string without NUL. */
int checkint(lua_State *L, int i);
int optint(lua_State *L, int i, int dflt);
const char *checktext(lua_State *L, int i);
/* The policy a name at index i spells ("simple", "tactical"), or EINVAL raised. */
int check_policy(lua_State *L, int i);
ctx_ud *to_ctx(lua_State *L, int i);
entity_ud *new_entity(lua_State *L, ctx_ud *c, const char *mt, void *p);
/* The same with the context's value at stack index ctx_at (new_entity: at 1). */
entity_ud *new_entity_at(lua_State *L, int ctx_at, ctx_ud *c, const char *mt, void *p);
entity_ud *to_entity(lua_State *L, int i, const char *mt);
fight_ud *to_fight(lua_State *L, int i, const char *mt);
fight_ud *to_any_fight(lua_State *L, int i);
cops_encounter *encounter_of(fight_ud *f);
/* A roll's table: push_roll for one the caller frees; roll_begin pushes what will
 * hold a roll the table keeps (its json made when read) and returns it to fill,
 * roll_end turns them into the table. */
void push_roll(lua_State *L, const cops_roll *r);
cops_roll *roll_begin(lua_State *L, ctx_ud *c);
void roll_end(lua_State *L);
void metatable(lua_State *L, const char *name, const luaL_Reg *methods);
void weak_registry(lua_State *L, const char *name);
/* Each pair as a field of the table on top: integers, or booleans when boolean is set
 * (base.c). */
typedef struct { const char *key; int value; } named_int;
void set_fields(lua_State *L, const named_int *f, size_t n, int boolean);
/* A list of the names name(0), name(1) ... until NULL, pushed (base.c). */
void push_names(lua_State *L, const char *(*name)(int));
/* The events of a log as a list of tables (docs/lua.md). */
void push_events(lua_State *L, const cops_log *log);
/* The odds compute(o, arg) fills, as a table (docs/lua.md); raises its error. */
int push_attack_odds(lua_State *L, ctx_ud *c, int (*compute)(cops_attack_odds *, const void *),
                     const void *arg);
/* A checkpoint's userdata pushed (base.c): it keeps the context of the handle at
 * @p owner_index (whose first user value is the context) alive; to_checkpoint checks one. */
void push_checkpoint(lua_State *L, ctx_ud *c, int owner_index, cops_checkpoint *cp);
cops_checkpoint *to_checkpoint(lua_State *L, int i);
/* A combatant's or a chaser's conditions as a list of names (sheet.c). */
void push_conditions(lua_State *L, unsigned bits);
/* A context finalised while handles were open is freed by the last of them. */
void ctx_release(ctx_ud *c);

/* Each file's opening, called by luaopen_cops (base.c) from the bottom folder up: it makes
 * its metatables, adds its methods to those made below it, and its functions to the module
 * table at the top of the stack. */
void open_catalogue(lua_State *L);
void open_dice(lua_State *L);
void open_sheet(lua_State *L);
void open_heal(lua_State *L);
void open_fight(lua_State *L);
void open_chase(lua_State *L);
void open_social(lua_State *L);
void open_sim(lua_State *L);
/* cops.st, the optional Storyteller module (st.c): absent when libcops lacks it. */
void open_st(lua_State *L);
/* cops.d6, the optional D6 System module (d6.c): absent when libcops lacks it. */
void open_d6(lua_State *L);
#if COPS_WITH_ST || COPS_WITH_D6
/* A fight of cops.st or cops.d6 (fight-base.c): the module's fight, the context, the
 * characters it borrows. */
#define MODULE_FIGHTERS_MAX 32
typedef struct {
  void *p;           /* cops_st_fight or cops_d6_fight */
  ctx_ud *owner;
  int nkept;
  entity_ud *kept[MODULE_FIGHTERS_MAX];
} module_fight_ud;
/* The module's functions behind the shared methods. */
typedef struct {
  const char *mt;
  void (*free)(void *f);
  int (*set_side_name)(void *f, int side, const char *name);
  const char *(*side_name)(const void *f, int side);
  int (*set_max_rounds)(void *f, int rounds);
  int (*set_logging)(void *f, int on);
  int (*seed)(void *f, uint64_t seed);
  int (*reset)(void *f);
  const char *(*name)(const void *f);
  int (*count)(const void *f);
  int (*round)(const void *f);
  int (*over)(const void *f);
  int (*winner)(const void *f, int *side);
  int (*save)(const void *f, char **out);
  cops_log *(*log)(const void *f);
} module_fight_ops;
/* The ops of the module whose functions are named PREFIX_free, PREFIX_set_side_name ...
 * (cops_st_fight, cops_d6_fight), as the static const module_fight_ops NAME. */
#define MODULE_FIGHT_OPS(NAME, MT, PREFIX)                                                 \
  static void NAME##_free(void *f) { PREFIX##_free(f); }                                   \
  static int NAME##_set_side_name(void *f, int s, const char *n)                           \
  { return PREFIX##_set_side_name(f, s, n); }                                              \
  static const char *NAME##_side_name(const void *f, int s)                                \
  { return PREFIX##_side_name(f, s); }                                                     \
  static int NAME##_set_max_rounds(void *f, int r) { return PREFIX##_set_max_rounds(f, r); } \
  static int NAME##_set_logging(void *f, int on) { return PREFIX##_set_logging(f, on); }   \
  static int NAME##_seed(void *f, uint64_t s) { return PREFIX##_seed(f, s); }              \
  static int NAME##_reset(void *f) { return PREFIX##_reset(f); }                           \
  static const char *NAME##_name(const void *f) { return PREFIX##_name(f); }               \
  static int NAME##_count(const void *f) { return PREFIX##_count(f); }                     \
  static int NAME##_round(const void *f) { return PREFIX##_round(f); }                     \
  static int NAME##_over(const void *f) { return PREFIX##_over(f); }                       \
  static int NAME##_winner(const void *f, int *s) { return PREFIX##_winner(f, s); }        \
  static int NAME##_save(const void *f, char **o) { return PREFIX##_save(f, o); }          \
  static cops_log *NAME##_log(const void *f) { return PREFIX##_log(f); }                   \
  static const module_fight_ops NAME = {                                                   \
    MT, NAME##_free, NAME##_set_side_name, NAME##_side_name, NAME##_set_max_rounds,        \
    NAME##_set_logging, NAME##_seed, NAME##_reset, NAME##_name, NAME##_count, NAME##_round, \
    NAME##_over, NAME##_winner, NAME##_save, NAME##_log,                                   \
  }
module_fight_ud *to_module_fight(lua_State *L, const char *mt);
/* A fight userdata at the top of the stack, its context (argument 1) kept alive. */
module_fight_ud *new_module_fight(lua_State *L, ctx_ud *c, const char *mt);
/* The shared methods and the close/__gc/__close trio added to the metatable at -1. */
void module_fight_methods(lua_State *L, const module_fight_ops *ops);
#endif
#if COPS_WITH_ST
/* An ST roll's fields added to its table (st.c). */
void push_st_roll(lua_State *L, const cops_roll *r);
/* The rules of the table at index i (nil: the defaults), checked by the library (st.c). */
const cops_st_rules *check_rules(lua_State *L, ctx_ud *c, int i, cops_st_rules *r);
/* A weapon field of the table at t: nil (bare hands), an index, or a name on ch's sheet. */
int weapon_field(lua_State *L, int t, const char *key, const cops_st_character *ch);
/* cops.st's fights (st-fight.c), added to the module table on top. */
void open_st_fight(lua_State *L);
#endif

#define SUBJECT "cops.subject"
typedef struct {
  cops_subject *p;
  ctx_ud *owner;
  int users;         /* interviews holding it */
  int closed;        /* closed while an interview held it: freed with the last */
} subject_ud;
subject_ud *to_subject(lua_State *L, int i);
void subject_unuse(subject_ud *s);
void push_interrogation_odds(lua_State *L, const cops_interrogation_odds *o);
/* The situation of the table at index t (attack.c); an attacker may be left out when
 * the caller fills it (a chase's secondary action). */
void situation_at(lua_State *L, ctx_ud *c, int t, int need_attacker, cops_situation *out);
/* An outcome to fill, then its table pushed (attack.c). */
cops_outcome *outcome_begin(lua_State *L, ctx_ud *c);
void outcome_end(lua_State *L, const cops_character *attacker);
/* Shared by the files of the module (base.c): a callback's Lua error kept to raise
 * after the C call, a failure of the callback's own making, a close refused from the dice
 * callback, the close/__gc/__close trio of a metatable at -1, an entity given back by a
 * handle that borrowed it. */
void keep_failure(lua_State *L, ctx_ud *c);
void callback_failure(lua_State *L, ctx_ud *c, int code, const char *fmt, ...);
void refuse_in_callback(lua_State *L, const ctx_ud *c, const char *what);
void closers(lua_State *L, lua_CFunction fn, const char *mt);
/* close(), __gc and __close of a character, weapon or armour (base.c). */
int entity_close(lua_State *L);
void entity_unuse(entity_ud *e);
/* A roll of the notation fn makes for target, as the table roll_begin and roll_end make
 * (dice.c). */
int roll_with(lua_State *L, ctx_ud *c, int (*fn)(cops_roll *, void *, const char *, unsigned),
              void *target, const char *notation, unsigned flags);
/* A probability pushed, nil when the library cannot answer it (NaN) (dice.c). */
int push_p(lua_State *L, double p);
/* A name pushed, or an error when the library has none for it (catalogue.c). */
int push_name(lua_State *L, const char *name);
/* A character, weapon or armour freed now (sheet.c). */
void entity_free(entity_ud *e);
/* A name the library parses, or the integer itself (base.c). */
int name_or_int(lua_State *L, int i, int (*parse)(const char *, int *), const char *what);
/* The language code at argument i ("fr" by default): its cops_lang (base.c). */
int lang_arg(lua_State *L, int i, const char *dflt);
/* Add methods to the __index table of a metatable made by luaopen_cops (base.c). */
void add_methods(lua_State *L, const char *mt, const luaL_Reg *methods);
/* Fields of an argument table at index t (attack.c): an integer, a name the library
 * parses or an integer, an entity of metatable mt, a log; nil gives the default. */
int opt_field_int(lua_State *L, int t, const char *key, int dflt);
int opt_field_parsed(lua_State *L, int t, const char *key, int dflt,
                     int (*parse)(const char *, int *));
void *opt_field_entity(lua_State *L, int t, const char *key, const char *mt);
cops_log *opt_field_log(lua_State *L, int t, const char *key);
/* The log at argument i, NULL for none or nil. */
cops_log *log_arg(lua_State *L, int i);
void open_attack(lua_State *L);

#if COPS_WITH_D6
/* A D6 roll's fields added to its table (d6.c). */
void push_d6_roll(lua_State *L, const cops_roll *r);
/* A code at index i: a table {dice, pips}, or its text read with c (d6.c); a code's table. */
cops_d6_code d6_code_at(lua_State *L, ctx_ud *c, int i);
void d6_push_code(lua_State *L, cops_d6_code k);
/* The rules of the table at index i (nil: the defaults) (d6.c). */
const cops_d6_rules *d6_rules_at(lua_State *L, ctx_ud *c, int i, cops_d6_rules *r);
/* cops.d6's characters (d6-character.c), combat and healing (d6-combat.c), vehicles
 * (d6-vehicle.c), added to the module table on top; open_d6_combat opens the others. */
void open_d6_combat(lua_State *L);
void open_d6_character(lua_State *L);
void open_d6_vehicle(lua_State *L);
/* Shared by those files: a name among words (an error naming what otherwise), a trait's
 * name, a field of table t naming one of words (dflt when absent), a field's list of names
 * as bits and bits as a list, a name field into a buffer, the level names; a weapon field
 * by name or index; the options table {id, rules, log} of a call. */
extern const char *const d6_level_names[];
int d6_word(lua_State *L, int i, const char *const *words, const char *what);
int d6_trait_arg(lua_State *L, int i);
int d6_field_word(lua_State *L, int t, const char *key, const char *const *words, int dflt);
unsigned d6_field_bits(lua_State *L, int t, const char *key, const char *const *words);
void d6_push_bits(lua_State *L, unsigned bits, const char *const *words);
void d6_name_field(lua_State *L, int t, char *out, size_t cap);
int d6_weapon_index(lua_State *L, int t, const char *key, const cops_d6_character *ch);
void d6_opts(lua_State *L, ctx_ud *c, int i, int dflt_id, int *id, cops_d6_rules *rr,
             const cops_d6_rules **rules, cops_log **log);
/* The names of defences, options, locations (d6-combat.c), speeds and impacts (d6-vehicle.c),
 * NULL-terminated; a vehicle table at index t read into *v (the defaults for the fields it
 * lacks) and *v written into the table at index t (d6-vehicle.c). */
extern const char *const d6_defence_names[], *const d6_option_names[], *const d6_location_names[];
extern const char *const d6_speed_names[], *const d6_impact_names[];
void d6_vehicle_at(lua_State *L, ctx_ud *c, int t, cops_d6_vehicle *v);
void d6_vehicle_put(lua_State *L, int t, const cops_d6_vehicle *v);
/* cops.d6's whole fights (d6-fight.c) and magic (d6-magic.c), added to the module table on
 * top. */
void open_d6_fight(lua_State *L);
void open_d6_magic(lua_State *L);
#define D6_CHARACTER "cops.d6_character"
#endif

#endif
