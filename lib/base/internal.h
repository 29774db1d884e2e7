/* The base folder's private header (lib/base/): the context, its random source and its
 * dice, memory, errors and text, what every folder above builds on; it uses no other
 * folder. Each folder above has its own header, which includes the one of the folder below
 * it (docs/architecture.md, "The folders"). Not installed. */
#ifndef COPS_INTERNAL_H
#define COPS_INTERNAL_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>

#include <cops/cops.h>
#include <jansson.h>

#if defined(__GNUC__)
#define COPS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define COPS_INLINE inline __attribute__((always_inline))
#define COPS_NOINLINE __attribute__((noinline))
#define COPS_COLD __attribute__((cold))
#define COPS_LIKELY(x) __builtin_expect(!!(x), 1)
#define COPS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define COPS_PRINTF(f, a)
#define COPS_INLINE inline
#define COPS_NOINLINE
#define COPS_COLD
#define COPS_LIKELY(x) (x)
#define COPS_UNLIKELY(x) (x)
#endif

/* The keystream buffer: 64 ChaCha20 blocks (what a saved stream's block and pos count in),
 * made COPS_RNG_CHUNK bytes at a time as the dice reach them: a stream seeded for each
 * fight (cops sim) makes only what its fight draws. */
#define COPS_RNG_BUF 4096
#define COPS_RNG_CHUNK 512

struct cops_ctx {
  int source;                 /* cops_source */
  int reroll_cap;
  int in_callback;            /* the random callback is running */
  char *root;                 /* cops_ctx_confine(): files only under it (its real path) */
  size_t max_file;            /* and no larger than this */
  int reentered;              /* it called the library on this context */
  cops_allocator alloc;
  size_t pos;                 /* next unread byte of buf */
  size_t filled;              /* buf[0 .. filled) made: pos <= filled <= COPS_RNG_BUF */
  uint64_t block;             /* ChaCha20 block counter of the next buffer (this one's + 64) */
  unsigned char key[32];
  cops_rng_fn fn;
  void *user;
  /* While an encounter's round runs: who decides to spend Ancienneté on a
   * failed roll (C5), or NULL. */
  int (*anciennete)(void *self, int id, int purpose, const cops_roll *failed, int *spend);
  void *anciennete_self;
  char errmsg[512];
  unsigned char buf[COPS_RNG_BUF];
  uint64_t serial;            /* the last serial given (cops__serial): what a checkpoint names */
};

/* memset(p, 0, n) for a small struct cleared at every attack or plan: sixteen bytes a
 * store, then the rest, where GCC made a memset of a few hundred bytes a string instruction
 * slow to start (x86). */
#if defined(__GNUC__)
typedef unsigned char cops__v16 __attribute__((vector_size(16), aligned(1), may_alias));
static COPS_INLINE void cops__clear16(void *p, size_t n)
{
  cops__v16 *v = p;
  const cops__v16 zero = {0};
#pragma GCC unroll 16
  for (size_t i = 0; i < n / 16; i++)
    v[i] = zero;
  memset((unsigned char *)p + n / 16 * 16, 0, n % 16);
}
#else
#define cops__clear16(p, n) memset((p), 0, (n))
#endif

/* Record a failure on ctx (NULL allowed) and return code. Cold, as cops__refuse: the paths
 * that call them are laid out apart from the work (docs/performance.md). */
int cops__fail(cops_ctx *ctx, int code, const char *fmt, ...) COPS_PRINTF(3, 4) COPS_COLD;

/* A call from the random callback on its own context: refused (COPS_ESTATE),
 * and the procedure under way fails when the callback returns. */
int cops__refuse(cops_ctx *ctx) COPS_COLD;

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
/* A Storyteller or D6 plan's odds (thousandths) in French or English: "; out of the fight
 * 12.5 %, risk 3.0 %". */
void cops__text_odds(cops__text *t, int french, int down, int risk);
int cops__text_finish(cops__text *t, char **out);   /* COPS_ENOMEM if anything failed */
void cops__text_drop(cops__text *t);
/* Dump a JSON value into text handed over (compact, or indented with a final newline);
 * the value is released. */
int cops__json_hand(const cops_allocator *a, json_t *j, int sheet, char **out);

/* At the end of what is made (pos == filled): the buffer's next chunk, or the next
 * buffer's first. */
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
/* A checkpoint's head (lib/base/checkpoint.c): a fight's or a chase's (its @p kind) parts
 * follow it; @p free_parts frees them. cops__checkpoint_of: ::COPS_EINVAL unless @p cp is
 * of this kind and owner. */
struct cops_checkpoint {
  int kind;
  const void *owner;
  uint64_t serial;                    /* the owner's cops__serial: not another at its address */
  void (*free)(cops_checkpoint *cp);
  const cops_allocator *alloc;
};
enum { COPS__CHECKPOINT_ENCOUNTER = 1, COPS__CHECKPOINT_CHASE = 2 };
int cops__checkpoint_new(cops_ctx *ctx, size_t size, int kind, const void *owner,
                         uint64_t serial, void (*free_parts)(cops_checkpoint *),
                         cops_checkpoint **out);
int cops__checkpoint_of(cops_ctx *ctx, const cops_checkpoint *cp, int kind, const void *owner,
                        uint64_t serial, const char *what);
/* A number no other object of the context had (an encounter's, a chase's). */
static inline uint64_t cops__serial(cops_ctx *ctx)
{
  return ++ctx->serial;
}
/* The stream's whole state, and back to it (a checkpoint): the same key just rewinds; a
 * seeded stream since replaced comes back; a callback source's dice are the caller's. */
void cops__rng_export(const cops_ctx *ctx, struct cops__rng_state *r);
void cops__rng_restore(cops_ctx *ctx, const struct cops__rng_state *r);

/* The face a keystream byte gives: d10 for b < 250, else 0 (rejected). */
extern const unsigned char cops__d10_of_byte[256];

int cops__callback_die(cops_ctx *ctx, int sides, int *face);
/* One d10 from the context's source; COPS_OK or COPS_ERNG. */
static inline int cops__d10(cops_ctx *ctx, int *face)
{
  if (COPS_UNLIKELY(ctx->source == COPS_SOURCE_CALLBACK))
    return cops__callback_die(ctx, 10, face);
  for (;;) {
    if (COPS_UNLIKELY(ctx->pos == ctx->filled))
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
    if (COPS_UNLIKELY(ctx->pos == ctx->filled))
      cops__rng_refill(ctx);
    unsigned b = ctx->buf[ctx->pos++];
    if (COPS_LIKELY(b < 252)) {
      *face = (int)(b % 6) + 1;
      return COPS_OK;
    }
  }
}

/* A policy (enum cops_policies) checked: COPS_EINVAL naming it (lib/base/policy.c). */
int cops__policy_check(cops_ctx *ctx, int policy);
/* A policy's name in a narration, French (french) or English ("tactique", "tactical"). */
const char *cops__policy_word(int policy, int french);

#endif
