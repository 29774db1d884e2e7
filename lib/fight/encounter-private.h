/* The encounter's private parts, shared by lib/fight/encounter.c (the engine: life
 * cycle, declarations, the save, the round's frame) and the core rules'
 * rounds and policy (lib/fight/core/rounds.c, lib/fight/core/policy.c). Not installed. */
#ifndef COPS_ENCOUNTER_PRIVATE_H
#define COPS_ENCOUNTER_PRIVATE_H

#include <math.h>
#include <string.h>

#include "fight/fight.h"
#include "fight/geometry.h"
#include "fight/rules.h"
#include "fight/core/round.h"

#define REASONABLE_MOVE 10   /* C6.3: beyond 10 m in a round, chase rules */
#define COVER_RADIUS 5       /* C10.5: the covered zone, 2-10 m wide: 5 m around its target */

struct combatant {
  cops_character *ch;
  cops_weapon *weapon[COPS_WEAPONS_MAX];
  int nweapons, hand;
  const cops_armour *armour;
  int side, x, y;
  int present, controlled;
  int policy;                /* ::cops_policies: who declares when nobody controls it */
  int declared_by;           /* who made decl: a ::cops_policies, -1 the caller or a script */
  int why[3];                /* the tactical policy's odds for decl: down, first, risk (1/1000) */
  int declared;
  cops_declaration decl;
  int cancelled;             /* pinned by covering fire this round */
  int attitude_now;          /* the attitude this round (Planqué once pinned) */
  unsigned start_conditions; /* at the round's start, after recovery */
  unsigned fresh;            /* round-bound conditions set again this round */
  int death_told;            /* the log has its death event */
  int thrown;                /* thrown this round: stands up at its end (C11.1) */
  int moved;                 /* metres moved this round (C6.3) */
  int held_by;               /* holder's id, -1 */
  int in_zone;               /* covering fire: id of the shooter whose zone they risk, -1 */
  int ko_rounds;             /* A5: rounds left unconscious after a blow to the head, 0 none */
  int score, kept;           /* A1.2: this round's initiative and the d10 kept */
  /* As it joined, for cops_encounter_reset(). */
  int hp0, rec_d0, rec_r0, hand0, x0, y0, points0[2];
  struct cops__wounds w0;                 /* wounds and clock (lib/sheet/wounds.c) */
  struct cops__ledger_entry *ledger0;     /* the ledger's w0.ln entries, oldest first; NULL for none */
  unsigned cond0;
  int loaded0[COPS_WEAPONS_MAX];
  int spares0[COPS_WEAPONS_MAX];          /* spare magazines, -1 not counted */
};


/* The state a round changes, saved to put back when it fails (all or
 * nothing): the combatants, their characters and rounds loaded, the round,
 * the log's end, the random source's place. */
struct saved {
  struct combatant c[COPS_COMBATANTS_MAX];
  cops__char_state st[COPS_COMBATANTS_MAX];
  int loaded[COPS_COMBATANTS_MAX][COPS_WEAPONS_MAX];
  int spares[COPS_COMBATANTS_MAX][COPS_WEAPONS_MAX];
  int n, round, in_round, over, winner, started;
  cops__log_mark_t log;
  cops__rng_mark_t rng;
};

/* What a loaded encounter owns (lib/fight/encounter-save.c): freed with it. */
struct cops__owned {
  json_t *root;                     /* the save being read, while it is read */
  cops_character *ch[COPS_COMBATANTS_MAX];
  cops_weapon *w[COPS_COMBATANTS_MAX * COPS_WEAPONS_MAX];
  cops_armour *a[COPS_COMBATANTS_MAX];
  int nch, nw, na;
  struct cops__script_line *script;
};

struct cops_encounter {
  cops_ctx *ctx;
  struct saved saved;
  const struct cops__rules *rules;      /* the ruleset's table (lib/fight/rules.h) */
  struct combatant c[COPS_COMBATANTS_MAX];
  int n;
  int round, in_round, over, winner, max_rounds;
  int logging, started, seeded;
  int aftermath;                            /* cops_encounter_aftermath() was played */
  uint64_t seed;
  cops_log *log;
  cops_outcome *out, *zone[COPS_COMBATANTS_MAX];
  cops_roll *roll;
  char side_name[COPS_SIDES_MAX][64];
  const struct cops__script_line *script;   /* a scenario's, or NULL */
  int nscript;
  cops_anciennete_fn anciennete;            /* C5: the caller's decision, or NULL */
  void *anciennete_user;
  struct cops__owned owned;                 /* a loaded encounter's */
  char tag[COPS_COMBATANTS_MAX][COPS_TAG_MAX + 1];   /* the caller's tags, "" none */
  uint64_t serial;                          /* cops__serial(): its checkpoints' */
  /* What the caller gave, held until the encounter is freed (lib/fight/encounter.c). */
  struct {
    int kind;                               /* HELD_CHARACTER, HELD_WEAPON, HELD_ARMOUR */
    void *p;
  } *held;
  int nheld, held_cap;
  struct cops__tactics *tactics;            /* the tactical policy's odds, made when first used */
};

#define FAIL(e, code, ...) cops__fail((e)->ctx, code, __VA_ARGS__)
enum { HELD_CHARACTER, HELD_WEAPON, HELD_ARMOUR };
/* Hold what the caller gives (a HELD_ kind) until the encounter is freed, once each. */
int cops__enc_hold(cops_encounter *e, int kind, void *p);

/* What a round may change, taken and put back (lib/fight/encounter.c): all or nothing,
 * and a checkpoint's core (lib/fight/encounter-board.c). Combatants added since leave. */
void cops__enc_save(const cops_encounter *e, struct saved *v);
void cops__enc_restore(cops_encounter *e, const struct saved *v);
/* The phase (::cops_phases) and combatant id's state, in full (lib/fight/encounter-board.c). */
int cops__enc_phase(const cops_encounter *e);
void cops__enc_state(const cops_encounter *e, int id, cops_combatant_state *st);

#define LOG(e) ((e)->logging ? (e)->log : NULL)

/* An event naming combatants by id (-1 none), their names for display; an
 * event naming a side (JOIN, END): the side's name stands as its target. */
int cops__enc_ev(cops_encounter *e, cops_event *x, int actor, int target, const char *weapon);
int cops__enc_ev_side(cops_encounter *e, cops_event *x, int actor, int side);
int cops__enc_idle(cops_encounter *e, int id, int reason);
/* A caller's declaration for combatant id this round, in full (the fields its struct
 * lacks at their defaults), once the id, the round begun and the combatant able are
 * checked; `what` names the call in the message ("declarations", "odds"). */
int cops__declaration_now(cops_encounter *e, int id, const cops_declaration *given,
                          cops_declaration *full, const char *what);
/* The round's pieces every ruleset shares (lib/fight/encounter-round.c): the attack mode of an
 * attack action (-1 for the others); what an attack did, into the combatants' round
 * state; deaths told as they happen; a declared move (the metres to *moved); covering
 * fire's hits on one crossing its zone; covering fire laid first (C10.5); one combatant's
 * action in its step (flags: COPS__SIMULTANEOUS); the round's end. */
int cops__enc_attack_mode(int action);
void cops__enc_note_outcome(cops_encounter *e, const cops_outcome *o, int attacker);
int cops__enc_death_checks(cops_encounter *e);
int cops__enc_move(cops_encounter *e, int id, int *moved);
int cops__enc_cover_hits(cops_encounter *e, int id);
int cops__enc_resolve_cover(cops_encounter *e);
int cops__enc_act(cops_encounter *e, int id, unsigned flags);
int cops__enc_end_round(cops_encounter *e);
/* The situation of combatant id's declared attack when it acts, having moved
 * @p moved metres, under each ruleset (lib/rules/<ruleset>/rounds.c). */
void cops__core_situation(cops_encounter *e, int id, int mode, int moved, cops_situation *s);
/* A declaration against the rules and the state (C6, C6.3, C6.4, C10, C11.1). */
int cops__check_declaration(cops_encounter *e, int id, const cops_declaration *d);
/* lib/fight/policy.c: the declaration of combatant id's policy (the ruleset's simple one, or
 * the tactical one of lib/fight/tactical.c); the tactical policy's, into d, and when why is
 * not NULL the odds it weighed for it (down, first, risk, in thousandths; 0 for the simple
 * policy's). */
int cops__enc_policy(cops_encounter *e, int id, cops_declaration *d, int *why);
int cops__tactical_policy(cops_encounter *e, int id, cops_declaration *d, int *why);
void cops__tactics_free(cops_encounter *e);
/* While on (1), the policies are declaring for a round and nothing changes but their
 * declarations: the tactical policy keeps what the simple policy would declare for each
 * combatant instead of asking again. Off (0) forgets it. */
void cops__tactics_declaring(cops_encounter *e, int on);

static inline int is_melee_action(int a)
{
  return a >= COPS_ACT_MELEE && a <= COPS_ACT_ESCAPE;
}

static inline int dist(const cops_encounter *e, int a, int b)
{
  return metres(e->c[a].x, e->c[a].y, e->c[b].x, e->c[b].y);
}

/* The true distance in whole centimetres, rounded down, exact (C6.5): under 2 m or 10 m
 * reads the same as on the true distance. */
static inline int centimetres(const cops_encounter *e, int a, int b)
{
  const int64_t dx = (int64_t)e->c[b].x - e->c[a].x, dy = (int64_t)e->c[b].y - e->c[a].y;
  const int64_t v = (dx * dx + dy * dy) * 10000;
  int64_t d = (int64_t)sqrt((double)v);
  while (d > 0 && d * d > v)
    d--;
  while ((d + 1) * (d + 1) <= v)
    d++;
  return (int)d;
}

static inline int check_id(const cops_encounter *e, int id)
{
  if (id < 0 || id >= e->n)
    return cops__fail(e->ctx, COPS_ERANGE, "combatant %d out of range 0..%d", id, e->n - 1);
  return COPS_OK;
}

/* A declaration the library writes into the caller's struct: its size set first
 * (cops_declaration_init does), at most the library's; written up to it. */
static inline int check_declaration_out(const cops_encounter *e, const cops_declaration *d)
{
  if (d->size < sizeof(uint32_t) || d->size > sizeof *d)
    return cops__fail(e->ctx, COPS_EINVAL, "declaration size %u: set it to "
                      "sizeof(cops_declaration) (cops_declaration_init does)",
                      (unsigned)d->size);
  return COPS_OK;
}
static inline void declaration_out(cops_declaration *d, const cops_declaration *full)
{
  const uint32_t size = d->size;
  memcpy(d, full, size);   /* the fields the caller's struct knows */
  d->size = size;
}

static inline const char *name(const cops_encounter *e, int id)
{
  const char *n = cops_character_name(e->c[id].ch);
  return n && n[0] ? n : NULL;
}

static inline const char *who(const cops_encounter *e, int id)
{
  const char *n = name(e, id);
  return n ? n : "the combatant";
}

static inline int able(const cops_encounter *e, int id)
{
  const struct combatant *c = &e->c[id];
  return c->present && !cops__down(c->ch) &&
         !(c->ch->conditions & (COPS_COND_OUT | COPS_COND_KNOCKED_OUT));
}

/* Still in the fight: present and conscious, out of the fight (stunned, C10.4) or not;
 * knocked out for minutes (A5) is not. */
static inline int fighting(const cops_encounter *e, int id)
{
  return e->c[id].present && !cops__down(e->c[id].ch) &&
         !(e->c[id].ch->conditions & COPS_COND_KNOCKED_OUT);
}

/* The weapon in a combatant's hand, NULL bare-handed (none carried, or dropped: A5). */
static inline cops_weapon *in_hand(const struct combatant *c)
{
  return c->nweapons && c->hand >= 0 ? c->weapon[c->hand] : NULL;
}

#endif
