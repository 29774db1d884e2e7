/* Private declarations shared by the library's areas. Not installed. */
#ifndef COPS_INTERNAL_H
#define COPS_INTERNAL_H

#include <stdint.h>
#include <stddef.h>

#include <cops/cops.h>
#include <jansson.h>

#if defined(__GNUC__)
#define COPS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define COPS_INLINE inline __attribute__((always_inline))
#define COPS_NOINLINE __attribute__((noinline))
#define COPS_LIKELY(x) __builtin_expect(!!(x), 1)
#define COPS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define COPS_PRINTF(f, a)
#define COPS_INLINE inline
#define COPS_NOINLINE
#define COPS_LIKELY(x) (x)
#define COPS_UNLIKELY(x) (x)
#endif

/* Keystream bytes fetched per refill: 64 ChaCha20 blocks. */
#define COPS_RNG_BUF 4096

struct cops_ctx {
  int source;                 /* cops_source */
  int reroll_cap;
  int in_callback;            /* the random callback is running */
  char *root;                 /* cops_ctx_confine(): files only under it (its real path) */
  size_t max_file;            /* and no larger than this */
  int reentered;              /* it called the library on this context */
  cops_allocator alloc;
  size_t pos;                 /* next unread byte of buf */
  uint64_t block;             /* ChaCha20 block counter of the next refill */
  unsigned char key[32];
  cops_rng_fn fn;
  void *user;
  /* While an encounter's round runs: who decides to spend Ancienneté on a
   * failed roll (C5), or NULL. */
  int (*anciennete)(void *self, int id, int purpose, const cops_roll *failed, int *spend);
  void *anciennete_self;
  char errmsg[512];
  unsigned char buf[COPS_RNG_BUF];
};

/* Record a failure on ctx (NULL allowed) and return code. */
int cops__fail(cops_ctx *ctx, int code, const char *fmt, ...) COPS_PRINTF(3, 4);

/* A call from the random callback on its own context: refused (COPS_ESTATE),
 * and the procedure under way fails when the callback returns. */
int cops__refuse(cops_ctx *ctx);

/* The start of a public call on a context: refused from the context's own
 * random callback; else the message of the previous call is forgotten (the
 * message is about the most recent call). */
#define COPS__ENTER(ctx)                                  \
  do {                                                    \
    if (COPS_UNLIKELY((ctx)->in_callback))                \
      return cops__refuse(ctx);                           \
    (ctx)->errmsg[0] = '\0';                              \
  } while (0)
/* The same for a call that returns no code (a free): 1 when refused. */
static inline int cops__refused(cops_ctx *ctx)
{
  if (ctx && ctx->in_callback) {
    ctx->reentered = 1;
    return 1;
  }
  return 0;
}

/* Memory (lib/base/mem.c): the context's allocator; memory handed over to the
 * caller carries a header that tells cops_free() how to release it. */
extern const cops_allocator cops__std_alloc;
void *cops__malloc(const cops_allocator *a, size_t n);
void *cops__calloc(const cops_allocator *a, size_t n);
void *cops__realloc(const cops_allocator *a, void *p, size_t n);
void cops__free(const cops_allocator *a, void *p);
void *cops__handed_new(const cops_allocator *a, size_t n);
typedef struct cops__text {
  const cops_allocator *a;
  char *block;             /* header, then the text */
  size_t len, cap;
  int failed;
} cops__text;
void cops__text_init(cops__text *t, const cops_allocator *a);
void cops__text_add(cops__text *t, const char *s, size_t n);
void cops__text_printf(cops__text *t, const char *fmt, ...) COPS_PRINTF(2, 3);
int cops__text_finish(cops__text *t, char **out);   /* COPS_ENOMEM if anything failed */
void cops__text_drop(cops__text *t);
/* Dump a JSON value into text handed over (compact, or indented with a final newline);
 * the value is released. */
int cops__json_hand(const cops_allocator *a, json_t *j, int sheet, char **out);

/* Refill ctx->buf with the next COPS_RNG_BUF bytes of keystream. */
void cops__rng_refill(cops_ctx *ctx);

/* A place in the random source to come back to when a procedure fails (all
 * or nothing). A callback source's dice are the caller's: nothing to undo. */
typedef struct cops__rng_mark_t {
  size_t pos;
  uint64_t block;
} cops__rng_mark_t;
static inline void cops__rng_mark(const cops_ctx *ctx, cops__rng_mark_t *m)
{
  m->pos = ctx->pos;
  m->block = ctx->block;
}
void cops__rng_rewind(cops_ctx *ctx, const cops__rng_mark_t *m);
/* A seeded stream's whole state, for a saved fight (lib/fight/encounter-save.c). */
struct cops__rng_state {
  int source;
  unsigned char key[32];
  uint64_t block;
  size_t pos;
};
/* A save's "random" object: the source, and a seeded stream's key and place (never a
 * system source's key); read back, checked (lib/fight/encounter-save.c). */
json_t *cops__random_json(const cops_ctx *ctx);
int cops__random_from(cops_ctx *ctx, json_t *v, struct cops__rng_state *r);
/* Put ctx's stream at that state: seeded, at block and pos (checked by the reader). */
void cops__rng_import(cops_ctx *ctx, const unsigned char key[32], uint64_t block, size_t pos);

/* The face a keystream byte gives: d10 for b < 250, else 0 (rejected). */
extern const unsigned char cops__d10_of_byte[256];

int cops__callback_die(cops_ctx *ctx, int sides, int *face);
int cops__roll_new(cops_roll **out, const cops_allocator *a);
/* n d6 (0..COPS_D6_MAX, checked by the caller) summed, inside a procedure that
 * has made its own checks and saves (no guard, no rewind of the source). */
int cops__roll_d6_sum(cops_roll *roll, cops_ctx *ctx, int n);

/* One d10 from the context's source; COPS_OK or COPS_ERNG. */
static inline int cops__d10(cops_ctx *ctx, int *face)
{
  if (COPS_UNLIKELY(ctx->source == COPS_SOURCE_CALLBACK))
    return cops__callback_die(ctx, 10, face);
  for (;;) {
    if (COPS_UNLIKELY(ctx->pos == COPS_RNG_BUF))
      cops__rng_refill(ctx);
    int f = cops__d10_of_byte[ctx->buf[ctx->pos++]];
    if (COPS_LIKELY(f)) {
      *face = f;
      return COPS_OK;
    }
  }
}

/* One d6 from the context's source; COPS_OK or COPS_ERNG. */
static inline int cops__d6(cops_ctx *ctx, int *face)
{
  if (COPS_UNLIKELY(ctx->source == COPS_SOURCE_CALLBACK))
    return cops__callback_die(ctx, 6, face);
  for (;;) {
    if (COPS_UNLIKELY(ctx->pos == COPS_RNG_BUF))
      cops__rng_refill(ctx);
    unsigned b = ctx->buf[ctx->pos++];
    if (COPS_LIKELY(b < 252)) {
      *face = (int)(b % 6) + 1;
      return COPS_OK;
    }
  }
}

/* Notation: the parsed form, before names are resolved. A term is either a
 * number or a name span into the text (skills and characteristics, resolved
 * by the character API). */
typedef struct cops__term {
  int is_name;
  int value;             /* number when !is_name */
  const char *name;      /* span when is_name (trimmed) */
  size_t name_len;
  const char *spec;      /* "[specialisation]" span, or NULL */
  size_t spec_len;
  int column;            /* 1-based column where the term starts */
} cops__term;

typedef struct cops__notation {
  cops__term first;      /* threshold ("4+") or skill name */
  cops__term second;     /* dice count or characteristic name */
  int difficulty;        /* 1 when absent */
  int dice_mod, threshold_mod, difficulty_mod;
} cops__notation;

/* An action after its modifiers and the clamps of C1.7 (and C1.4). */
typedef struct cops__effective {
  int pool, threshold, difficulty, unskilled;
} cops__effective;

/* Validate an action (every field, and the totals after modifiers) and work
 * out its effective values. The one place the clamps of C1.7 live. */
int cops__resolve_action(cops_ctx *ctx, const cops_action *a, cops__effective *e);
/* The law of an action's successes for the library's own odds (lib/dice/odds.c):
 * pmf[k] = P(K = k) for k = 0 .. *extent (pmf holds COPS_ODDS_K_MAX + 2), the
 * mass past it negligible (under 1e-19); the effective values in *e. */
int cops__odds_law(cops_ctx *ctx, const cops_action *a, double *pmf, int *extent,
                   cops__effective *e);
#define COPS__LAW_K (COPS_ODDS_K_MAX + 2)

/* Fold a name for matching: lower case, accents dropped (Latin-1 letters
 * and œ), spaces, hyphens, apostrophes and other punctuation dropped.
 * Writes at most cap bytes (NUL-terminated); returns the folded length. */
size_t cops__fold(const char *text, size_t len, char *out, size_t cap);
/* 1 when the first len bytes of a and the string b fold to the same name. */
int cops__names_match(const char *a, size_t alen, const char *b);
/* The index of the name text matches (folded) in names[0..count-1], or -1. */
int cops__name_index(const char *text, const char *const *names, int count);
/* 1 when text is valid UTF-8 without control characters (a newline would forge
 * a narration line). */
int cops__clean_text(const char *text);
/* A name: not NULL, at most max bytes (never cut), clean UTF-8 text; the
 * message names what. */
/* ::COPS_EINVAL naming @p what when v is outside lo..hi (lib/attack/attack.c). */
int cops__check_range(cops_ctx *ctx, const char *what, int v, int lo, int hi);
int cops__check_name(cops_ctx *ctx, const char *what, const char *text, size_t max);
int cops__characteristic_parse_span(const char *text, size_t len, int *out);
int cops__skill_parse_span(const char *text, size_t len, int *out);

int cops__parse_notation(cops_ctx *ctx, const char *text, cops__notation *out);
/* The notation into a full action, checked (the work of cops_action_parse(), for callers
 * inside the library that need no size of their own and have entered already). */
int cops__action_parse(cops_action *out, cops_ctx *ctx, const char *text);

/* Rolls: empty a result; mark and ask the Ancienneté re-roll (C5). */
void cops__roll_clear(cops_roll *roll);
void cops__roll_set_anciennete(cops_roll *roll);
int cops__roll_anciennete(const cops_roll *roll);

/* Core-rules combat pieces (lib/attack/combat.c). */
enum { COPS__LEGS, COPS__ABDOMEN, COPS__TORSO, COPS__ARMS, COPS__HEAD, COPS__ZONE_COUNT };
enum { COPS__STOP_STEADY, COPS__STOP_SHAKEN, COPS__STOP_OUT };
typedef struct cops__damage {
  int zone;
  int raw;          /* the PU d6 */
  int protection;   /* the armour's d6 plus its fixed value */
  int bonus;        /* the location's d6 (0 when stopped) */
  int damage;       /* raw - protection + bonus, or 0 when stopped */
  int stopped;      /* the armour stopped it: no location dice rolled */
  int lasting;      /* 15 or more: lasting after-effects (C8.3) */
} cops__damage;
int cops__core_zone(int d10);
int cops__core_zone_modifier(int zone);
void cops__core_protection(const cops_armour *a, int zone, int *dice, int *fixed);
int cops__core_damage(cops_ctx *ctx, int pu, const cops_armour *armour, int zone,
                      cops_roll *pu_roll, cops_roll *armour_roll, cops_roll *bonus_roll,
                      cops__damage *out);
int cops__characteristic_roll(cops_roll *roll, cops_character *ch, int characteristic,
                              int difficulty);
int cops__stopping_roll(cops_roll *roll, cops_character *target, int characteristic,
                        int difficulty);
int cops__core_stopping(cops_roll *roll, cops_character *target, int fa, int zone,
                        int characteristic, int *result);
int cops__core_recovery(cops_roll *roll, cops_character *target, int fa, int zone,
                        int rounds, int characteristic, int *recovered);

/* The log (lib/log/log.c): append one event, naming its parties by name (for
 * display) and id (-1 none); with a roll, the event is a ROLL carrying every
 * die. A NULL log takes nothing. A failed push adds nothing. */
int cops__log_push(cops_log *log, const cops_event *e, const char *actor, int actor_id,
                   const char *target, int target_id, const char *weapon,
                   const cops_roll *roll);
/* The same with names already in the log: their offsets from cops__log_name()
 * (-1 none), which puts a name in the log once for all the events of a
 * procedure (-1 for NULL, -2 out of memory). */
int cops__log_name(cops_log *log, const char *name);
int cops__log_push_named(cops_log *log, const cops_event *e, int actor, int actor_id, int target,
                         int target_id, const char *weapon, const cops_roll *roll);
/* A ROLL event of the given purpose, built in the log (the common case of a procedure). */
int cops__log_push_roll(cops_log *log, int purpose, int actor, int actor_id, int target,
                        int target_id, const cops_roll *roll);
/* A place in the log to come back to when a procedure fails (all or nothing). */
typedef struct cops__log_mark_t {
  int count, ndice, names_len, nname, round;
} cops__log_mark_t;
void cops__log_mark(const cops_log *log, cops__log_mark_t *m);   /* NULL log: nothing */
void cops__log_rewind(cops_log *log, const cops__log_mark_t *m);
/* Empty, and number the next event 0 again (a fight run anew). */
void cops__log_restart(cops_log *log);
/* Empty, the next event numbered @p seq, in round @p round (a fight resumed). */
void cops__log_continue(cops_log *log, int seq, int round);
/* The renderers' common checks. */
int cops__log_check_from(const cops_log *log, int from, char **out);

/* Rolls: copy the dice of a roll in draw order: faces, and the parents of the
 * re-rolls (at their own indexes; the first wave's are not written). */
void cops__roll_copy_dice(const cops_roll *roll, uint8_t *face, int32_t *reroll_of);
/* A roll's figures for its event: for an action the pool, threshold,
 * difficulty, successes, success, margin, unskilled, capped; for d6 the pool
 * (the dice) and the total; the rest 0. */
typedef struct cops__roll_figures_t {
  int kind, pool, threshold, difficulty, successes, success, margin, total, unskilled, capped;
  int anciennete;
} cops__roll_figures_t;
void cops__roll_figures(const cops_roll *roll, cops__roll_figures_t *f);

/* Attacks (lib/attack/attack.c). COPS__SIMULTANEOUS: the encounter checked at the
 * start of a simultaneous step that the attacker could act and the target
 * was alive; what happened since in that step does not stop the attack (C6). */
#define COPS__SIMULTANEOUS 0x1u
/* COPS__NO_UNDO: the caller (an encounter's round) saved the state already and
 * puts it back on failure; the procedure saves nothing of its own. */
#define COPS__NO_UNDO 0x2u
int cops__attack(cops_outcome *out, const cops_situation *s, cops_log *log, unsigned flags);
int cops__outcome_new(cops_outcome **out, const cops_allocator *a);
/* The follow-up procedures with the ids their events give (an encounter's). */
int cops__cover_nerve(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *steady,
                      unsigned flags);
int cops__cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch, int id,
                      const cops_armour *armour, int attitude, cops_log *log, unsigned flags);
int cops__recovery_roll(cops_roll *roll, cops_character *ch, int id, int characteristic,
                        cops_log *log, int *recovered, unsigned flags);
int cops__stand_up(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *stood,
                   unsigned flags);
/* The first published sizes of the structs the caller fills (docs/abi.md):
 * every size from these to the library's own is read. */
#define COPS__SITUATION_SIZE_0_6 offsetof(cops_situation, attacker_id)
#define COPS__ACTION_SIZE_0_1 (offsetof(cops_action, flags) + sizeof(unsigned))
#define COPS__DECLARATION_SIZE_0_5 (offsetof(cops_declaration, difficulty) + sizeof(int))
/* Copy a full action into the caller's of size bytes (COPS_EINVAL for a size
 * the library does not know); read a caller's action of any known size as a
 * full one (tmp holds it when needed; NULL for an unknown size). */
int cops__action_out(cops_action *out, size_t size, const cops_action *full);
const cops_action *cops__action_in(const cops_action *a, cops_action *tmp);

/* Encounters. */
int cops__encounter_set_side_name(cops_encounter *e, int side, const char *text);
/* A scenario's scripted declarations, borrowed by its encounter: each round's
 * begin declares them (docs/scenarios.md), however the fight is stepped. */
struct cops__script_line {
  int round, id;
  cops_declaration d;
};
void cops__encounter_set_script(cops_encounter *e, const struct cops__script_line *lines,
                                int n);

/* Characters and weapons: their structs are shared inside the library so
 * that the encounter's loops read a field without a call. */
struct skill_slot {
  int level;   /* 2..9, 0: not held */
  int nspecs;
  char specs[COPS_SPECIALISATIONS_MAX][COPS_SPECIALISATION_MAX + 1];
};

/* Wounds over time (COPS.md C8.2-C8.8, lib/sheet/wounds.c): the character's clock,
 * bleeding, stabilisations, rest, and the ledger of hit points lost and
 * healed, second by second, over the last ten minutes (C8.4, C8.8). The
 * ledger is a ring: entries at most 600 s old, one per second with a change,
 * oldest first. Ten minutes hold at most 601 seconds; the slack lets a
 * procedure that fails put back the head, the count and the last entry
 * (cops__char_state) while its few new entries never overwrite an older
 * one still needed. */
#define COPS__WINDOW 600
#define COPS__LEDGER 608
#define COPS__LEDGER_MAX 1000000000   /* an entry's sum saturates there (a simulation that
                                        never lets time pass hits one character forever) */
struct cops__ledger_entry {
  int t, lost, healed;
};
struct cops__wounds {
  int clock;             /* seconds */
  int bleed_period;      /* rounds between losses (1, 10, 40); 0: not bleeding */
  int bleed_next;        /* the clock's second of the next loss */
  unsigned stabilised;   /* 1 << COPS_TREAT_STABILISE, 1 << COPS_TREAT_MEDICINE: made on this wound */
  int aided;             /* first aid (C8.4) given since the last damage */
  int final;             /* the death is final (C8.2 RULING) */
  int rest, rest_value, rest_since; /* C8.6: cops_rest, the hospital's fixed gain, since when */
  int lasting;           /* lasting wounds (C8.3) */
  int lhead, ln;         /* the ledger */
};

/* A relation (C9, lib/sheet/relations.c). */
struct cops__relation {
  char name[COPS_NAME_MAX + 1];
  int kind, level, upkeep;
  int pushed;            /* the domain pushed, or -1 */
  int nd;
  struct {
    char name[COPS_DOMAIN_MAX + 1];
    int rating;
  } d[COPS_DOMAINS_MAX];
};

struct cops_character {
  cops_ctx *ctx;
  struct cops__wounds w;
  char name[COPS_NAME_MAX + 1];
  int value[COPS_CHARACTERISTIC_COUNT];
  int max_hp_set;        /* 0: the default 20 + 3 x Carrure */
  int hp;
  int current[2], max[2];
  unsigned conditions;   /* cops_conditions */
  int recovery_difficulty, recovery_rounds;
  struct skill_slot skill[COPS_SKILL_COUNT];
  struct cops__relation *rel;   /* C9: nrel of caprel, from the context's allocator */
  int nrel, caprel;
  struct cops__ledger_entry ledger[COPS__LEDGER];
};

struct cops_weapon {
  cops_ctx *ctx;
  char name[COPS_NAME_MAX + 1];
  int kind;
  int skill;
  char spec[COPS_SPECIALISATION_MAX + 1]; /* "" for none */
  int v[COPS_WEAPON_FIELD_COUNT];
};

/* Weapons: a firearm kind (handgun, shoulder arm, heavy weapon); a field, 0 without a weapon. */
int cops__kind_is_firearm(int kind);
static inline int cops__wget(const cops_weapon *w, int field)
{
  return w ? w->v[field] : 0;
}

/* Health (C8.2) without a call: hp <= 0 is unconscious or worse. */
static inline int cops__max_hp(const cops_character *ch)
{
  return ch->max_hp_set ? ch->max_hp_set : 20 + 3 * ch->value[COPS_CARRURE];
}
static inline int cops__down(const cops_character *ch)
{
  return ch->hp <= 0;
}
static inline int cops__dead(const cops_character *ch)
{
  return ch->hp <= -cops__max_hp(ch);
}
static inline int cops__health(const cops_character *ch)
{
  const int max = cops__max_hp(ch);
  if (ch->hp <= -max)
    return ch->w.final ? COPS_DEAD_FINAL : COPS_DEAD;
  if (ch->hp < 0)
    return COPS_DYING;
  if (ch->hp == 0)
    return COPS_UNCONSCIOUS;
  return 2 * ch->hp < max ? COPS_BELOW_HALF : COPS_HEALTHY; /* strictly below half */
}
/* COPS_ERULE naming the state when @p ch cannot act: unconscious, dying or dead (C8.2), out
 * of the fight (C10.4), knocked out (A5); @p role names it in the message ("attacker"). */
int cops__check_can_act(cops_ctx *ctx, const cops_character *ch, const char *role);

/* What a procedure may change on a character, saved to put back when it
 * fails (all or nothing). */
typedef struct cops__char_state {
  int hp, rec_d, rec_r, current[2];
  unsigned conditions;
  struct cops__wounds w;
  struct cops__ledger_entry last;   /* the ledger's newest entry */
} cops__char_state;
static inline int cops__ledger_index(const cops_character *ch, int k)
{
  const int i = ch->w.lhead + k;   /* lhead < COPS__LEDGER, k <= COPS__LEDGER */
  return i < COPS__LEDGER ? i : i - COPS__LEDGER;
}
static inline struct cops__ledger_entry *cops__ledger_last(cops_character *ch)
{
  return &ch->ledger[cops__ledger_index(ch, ch->w.ln - 1)];
}
static inline void cops__char_save(const cops_character *ch, cops__char_state *st)
{
  st->w = ch->w;
  if (ch->w.ln)
    st->last = *cops__ledger_last((cops_character *)ch);
  st->hp = ch->hp;
  st->rec_d = ch->recovery_difficulty;
  st->rec_r = ch->recovery_rounds;
  st->current[0] = ch->current[0];
  st->current[1] = ch->current[1];
  st->conditions = ch->conditions;
}
static inline void cops__char_restore(cops_character *ch, const cops__char_state *st)
{
  ch->w = st->w;
  if (ch->w.ln)
    *cops__ledger_last(ch) = st->last;
  ch->hp = st->hp;
  ch->recovery_difficulty = st->rec_d;
  ch->recovery_rounds = st->rec_r;
  ch->current[0] = st->current[0];
  ch->current[1] = st->current[1];
  ch->conditions = st->conditions;
}

/* Characters. */
cops_ctx *cops__character_ctx(const cops_character *ch);
/* The name events give a character: NULL for none. */
static inline const char *cops__ev_name(const cops_character *ch)
{
  return ch->name[0] ? ch->name : NULL;
}
int cops__check_specialisation(cops_ctx *ctx, int skill, const char *text, size_t len,
                               const char **canonical);
/* C5: spend one Adrénaline point of ch, ::COPS_ERULE with none left. */
int cops__spend_adrenaline(cops_ctx *ctx, cops_character *ch);
/* C5: roll a failed roll of ch again in place, paying an Ancienneté point
 * (none left, or a roll already rolled again: ::COPS_ERULE). */
int cops__spend_anciennete(cops_ctx *ctx, cops_character *ch, cops_roll *roll);
/* C5 Ancienneté, after a failed (or lost) roll of ch, combatant @p id, just
 * logged: one point rolls it again in place when spent: @p want 1 (a one-off
 * situation's flag), else the decision of the encounter whose round runs
 * (ctx->anciennete). The re-roll is logged after the failed one, by ch at
 * @p target; *again (may be NULL) says whether it was made (lib/attack/attack.c). */
int cops__anciennete(cops_ctx *ctx, cops_character *ch, int id, int purpose, cops_roll *roll,
                     int want, cops_log *log, const char *actor, const char *target,
                     int target_id, int *again);
/* Ancienneté points ch has left. */
int cops__anciennete_left(const cops_character *ch);
int cops__character_skill_action(cops_action *out, cops_character *ch, int skill,
                                 const char *spec, int characteristic);
void cops__character_recovery_step(cops_character *ch);

/* Wounds over time (lib/sheet/wounds.c). Hit points lost or healed, into the ledger
 * at the clock's second, and the wound's state they change: a fall to 0 or
 * below, or new damage there, is a new wound (bleeding 1 PV a round from the
 * end of the next round, new stabilisations allowed); back above 0 the
 * bleeding stops; at -max the character is clinically dead (C8.2, C8.5, C8.8).
 * They return what really changed. */
int cops__wound_loss(cops_character *ch, int amount);
int cops__wound_gain(cops_character *ch, int amount);
/* Hit points set by an edit (cops_character_set_hp): the same wound rules. */
void cops__wound_set(cops_character *ch, int hp);
/* The wound's state made consistent with the hit points after an edit of them or of the
 * maximum: bleeding at 0 or below (not in hospital), none above 0 or at -max, a final
 * death only at -max. */
void cops__wound_settle(cops_character *ch);
/* Hit points lost in the last ten minutes, less those healed then (C8.8). */
int cops__lost_recently(const cops_character *ch);
/* Time passes for ch: @p seconds, bleeding and rest by the clock, events
 * (HIT_POINTS, BLEEDING, DEATH, a hospital's ROLL) into log for combatant id;
 * @p roll draws the hospital's 2d6. Not all or nothing by itself: the caller
 * saves what it needs. */
int cops__advance(cops_character *ch, int seconds, cops_log *log, int id, cops_roll *roll);
/* A character of a scenario's file: a sheet's file name (relative to base, the scenario's
 * folder) or the sheet inline (lib/fight/scenario.c). */
int cops__inline_character(cops_ctx *ctx, json_t *v, const char *field, const char *base,
                             cops_character **out);
/* A subject's resisting characteristic and resistance modifier; its context
 * (lib/social/subject.c, for lib/social/interrogation.c). */
int cops__subject_roll(const cops_subject *s, int characteristic, int *value, int *resistance);
cops_ctx *cops__subject_ctx(const cops_subject *s);
/* A scenario's context; whether an encounter logs (lib/fight/scenario.c, lib/fight/encounter.c, for
 * lib/sim/sim.c). */
cops_ctx *cops__scenario_ctx(const cops_scenario *s);
int cops__encounter_logging(const cops_encounter *e);
/* A subject as JSON (*bad set when out of memory), and read from a JSON value: what its file
 * holds, for an interview's save (lib/social/subject.c). */
json_t *cops__subject_json(const cops_subject *s, int *bad);
int cops__subject_from_value(cops_subject **out, cops_ctx *ctx, json_t *v);
/* A copy of s as an interrogator sees it (free with cops_subject_free): the traits of the
 * known bits (bit k: cops_trait k) as they are, the others a characteristic of 2 and a
 * reaction of 0; no resistance modifier, no fact (lib/social/subject.c); NULL when out of memory. */
cops_subject *cops__subject_seen(const cops_subject *s, unsigned known);
/* A trait's value: a characteristic, or a reaction from the cop's side. */
int cops__subject_trait(const cops_subject *s, int trait);
/* Resistance increases a subject keeps (C4.7): from 14 on no roll changes, C1.7's clamps
 * holding the subject's threshold at 2 whatever its modifier and the reaction. */
#define COPS__IV_UP_MAX 20
/* What a subject has been through (C4.7): bit k, method k (Intimidation, Éloquence,
 * Rhétorique) barred; set with the resistance increases (0..COPS__IV_UP_MAX), for the
 * interview's procedures, its undo and its old saves (lib/social/subject.c). */
unsigned cops__subject_barred_bits(const cops_subject *s);
void cops__subject_set_state(cops_subject *s, unsigned barred, int up);
/* The JSON keys of traits ("sang_froid", "amical") and of methods ("rhetorique")
 * (lib/social/interview.c, for the renderer and the saves). */
const char *cops__trait_key(int trait);
const char *cops__method_key(int skill);
/* A character's sheet, a weapon, an armour as JSON values, NULL when short of memory
 * (lib/sheet/sheet.c, weapon.c, armour.c): what their _to_json functions write, for the saves
 * that hold them (never written out and read back: jansson's reader may lose a byte when
 * short of memory, its issue #362). */
json_t *cops__character_json(const cops_character *ch);
json_t *cops__weapon_json(const cops_weapon *w);
json_t *cops__armour_json(const cops_armour *a);
/* A character's state beyond its sheet (conditions, recovery), as saves keep it
 * (lib/fight/encounter-save.c). */
json_t *cops__character_state_json(const cops_character *ch);
int cops__character_state_from(cops_ctx *ctx, json_t *v, const char *where, cops_character *ch);
int cops__inline_weapon(cops_ctx *ctx, json_t *v, const char *field, const char *base,
                          cops_weapon **out);
/* A chase participant's dice as they are, set whole (lib/chase/chase.c: the tests' and a saved
 * chase's). */
int cops__chase_set_dice(cops_chase *c, int id, int white, int black);
/* The wounds as a sheet's "wounds" object (lib/sheet/sheet.c, docs/sheets.md): the ledger is
 * a ring from w->lhead (ring 1) or w->ln entries from 0; *bad set when out of memory. */
json_t *cops__wounds_json(const struct cops__wounds *w, const struct cops__ledger_entry *ledger,
                          int ring, int *bad);
/* Read it into w (w->clock set already) and the ledger from 0, checked against hp and max;
 * w's bleeding is left at 0 when the object has none. */
int cops__wounds_read(cops_ctx *ctx, json_t *o, const char *where, int hp, int max,
                      struct cops__wounds *w, struct cops__ledger_entry *ledger);
/* A HIT_POINTS event of ch (combatant id) from before to now, for cause, by actor (NULL,
 * -1 for none); nothing without a log. */
int cops__hp_event(cops_log *log, const cops_character *ch, const char *actor, int actor_id,
                   int id, int cause, int before, int health_before);
/* A stabilisation's effect (C8.5): kind made, succeeded with margin mr. */
int cops__stabilised(cops_character *ch, int kind, int succeeded, int mr, cops_log *log,
                     int healer_id, const char *healer, int patient_id, int *healed);
void cops__character_recovery_state(const cops_character *ch, int *difficulty, int *rounds);
void cops__character_set_recovery_state(cops_character *ch, int difficulty, int rounds);
/* A notation read once, its skill and characteristic looked up (-1 for numbers), for
 * a character's repeated rolls (a chase's); the spans point into the notation's text,
 * which must outlive it. */
typedef struct cops__prepared {
  cops__notation n;
  int skill, characteristic;
} cops__prepared;
int cops__prepare_action(cops_ctx *ctx, const char *notation, cops__prepared *out);
int cops__prepared_action(cops_action *out, cops_character *ch, const cops__prepared *p,
                          unsigned flags, int *skill_out);
int cops__character_action(cops_action *out, cops_character *ch, const char *notation,
                           unsigned flags, int *skill);

#endif
