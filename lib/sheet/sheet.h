/* The sheet folder's private header (lib/sheet/): names matched as players spell them,
 * characters (skills, points, their rolls, who may act), wounds over time and their ledger,
 * relations, weapons and armour, their JSON for the saves that hold them, a character's
 * state in a save, a sheet given inline or by file. Uses lib/log/ and below. Not
 * installed. */
#ifndef COPS_LIB_SHEET_H
#define COPS_LIB_SHEET_H

#include "log/log.h"

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
/* The same, new lines and tabs allowed (a dossier's longer texts). */
int cops__clean_lines(const char *text);
/* A name: not NULL, at most max bytes (never cut), clean UTF-8 text; the
 * message names what. */
int cops__check_name(cops_ctx *ctx, const char *what, const char *text, size_t max);
/* A caller's tag (not NULL): at most COPS_TAG_MAX bytes of clean UTF-8; "" is none. */
int cops__check_tag(cops_ctx *ctx, const char *tag);
int cops__characteristic_parse_span(const char *text, size_t len, int *out);
int cops__skill_parse_span(const char *text, size_t len, int *out);

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
  int holders;           /* references beyond the maker's (cops_character_retain) */
  uint64_t stamp;        /* a cops__serial, new at each change of what is not its state
                            (characteristics, skills, maxima): what a policy keeps odds by */
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
  char *dossier, *extra;        /* compact JSON objects, NULL for none (lib/sheet/dossier.c) */
  struct cops__gear *gear;      /* what it carries, NULL for nothing (lib/sheet/gear.c) */
};

struct cops_weapon {
  cops_ctx *ctx;
  int holders;           /* references beyond the maker's (cops_weapon_retain) */
  uint64_t stamp;        /* a cops__serial, new at each change but rounds loaded */
  char name[COPS_NAME_MAX + 1];
  int kind;
  int skill;
  char spec[COPS_SPECIALISATION_MAX + 1]; /* "" for none */
  int v[COPS_WEAPON_FIELD_COUNT];
  int spares;            /* spare magazines carried, -1 when not counted */
};

/* Weapons: a firearm kind (handgun, shoulder arm, heavy weapon); a field, 0 without a weapon. */
int cops__kind_is_firearm(int kind);
/* An armour's stamp: a cops__serial new at each change of it; 0 for none. */
uint64_t cops__armour_stamp(const cops_armour *a);
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
/* A character inside a save (a sheet as an object), whose name may be empty (a built
 * encounter's or chase's characters need none); the message is the sheet's, unprefixed. */
int cops__saved_character(cops_ctx *ctx, json_t *v, cops_character **out);
/* A character's sheet, a weapon, an armour as JSON values, NULL when short of memory
 * (lib/sheet/sheet.c, weapon.c, armour.c): what their _to_json functions write, for the saves
 * that hold them (never written out and read back: jansson's reader may lose a byte when
 * short of memory, its issue #362). */
json_t *cops__character_json(const cops_character *ch);
/* The sheet's "dossier" and "extra" (lib/sheet/dossier.c): read from a sheet's root (all
 * or nothing), written into one, freed. */
int cops__dossier_read(cops_character *ch, json_t *root);
int cops__dossier_write(const cops_character *ch, json_t *root);
void cops__dossier_free(cops_character *ch);
/* The sheet's "gear" (lib/sheet/gear.c): read from a sheet's root, the files it names in
 * base, the sheet's folder (NULL: a sheet read from text); all or nothing. Written into a
 * root by the names it was given, or everything inline (inline_all: the saves); freed. */
int cops__gear_read(cops_character *ch, json_t *root, const char *base);
int cops__gear_write(const cops_character *ch, json_t *root, int inline_all);
void cops__gear_free(cops_character *ch);
/* A sheet as cops__character_json, its gear inline: what a save holds. */
json_t *cops__character_json_inline(const cops_character *ch);
/* cops_character_from_json with the folder where the sheet's files are named (NULL: none). */
int cops__character_from_json_in(cops_character **out, cops_ctx *ctx, const char *text,
                                 const char *base);
json_t *cops__weapon_json(const cops_weapon *w);
json_t *cops__armour_json(const cops_armour *a);
/* A character's state beyond its sheet (conditions, recovery), as saves keep it
 * (lib/fight/encounter-save.c). */
json_t *cops__character_state_json(const cops_character *ch);
int cops__character_state_from(cops_ctx *ctx, json_t *v, const char *where, cops_character *ch);
int cops__inline_weapon(cops_ctx *ctx, json_t *v, const char *field, const char *base,
                          cops_weapon **out);
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
