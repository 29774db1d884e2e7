/* The dice folder's private header (lib/dice/): rolls and their draw order, the notation
 * and the actions it gives, the clamps of C1.7, the laws of the exact odds; the first
 * published sizes of the structs a caller fills. Uses lib/base/. Not installed. */
#ifndef COPS_LIB_DICE_H
#define COPS_LIB_DICE_H

#include "base/internal.h"

int cops__roll_new(cops_roll **out, const cops_allocator *a);
/* n d6 (0..COPS_D6_MAX, checked by the caller) summed, inside a procedure that
 * has made its own checks and saves (no guard, no rewind of the source). */
int cops__roll_d6_sum(cops_roll *roll, cops_ctx *ctx, int n);

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

int cops__parse_notation(cops_ctx *ctx, const char *text, cops__notation *out);
/* The notation into a full action, checked (the work of cops_action_parse(), for callers
 * inside the library that need no size of their own and have entered already). */
int cops__action_parse(cops_action *out, cops_ctx *ctx, const char *text);

/* Rolls: empty a result; mark and ask the Ancienneté re-roll (C5). */
void cops__roll_clear(cops_roll *roll);
void cops__roll_set_anciennete(cops_roll *roll);
int cops__roll_anciennete(const cops_roll *roll);

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

#endif
