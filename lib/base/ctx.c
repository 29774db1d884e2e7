/* The context, its random source, errors and version (COPS.md C1; DESIGN.md 4),
 * and the confinement of the files it reads. */
#define _DEFAULT_SOURCE   /* realpath() */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sodium.h>

#include "base/internal.h"

/* Nonce of the seeded and system streams: 8 zero bytes (the original
 * ChaCha20 with a 64-bit block counter, as libsodium's crypto_stream_chacha20). */
static const unsigned char stream_nonce[crypto_stream_chacha20_NONCEBYTES];

/* Byte -> d10 face, 0 for the six rejected bytes 250..255. */
#define R4(b) (b) % 10 + 1, ((b) + 1) % 10 + 1, ((b) + 2) % 10 + 1, ((b) + 3) % 10 + 1
#define R16(b) R4(b), R4((b) + 4), R4((b) + 8), R4((b) + 12)
#define R64(b) R16(b), R16((b) + 16), R16((b) + 32), R16((b) + 48)
const unsigned char cops__d10_of_byte[256] = {
  R64(0), R64(64), R64(128), R16(192), R16(208), R16(224),
  R4(240), R4(244), 248 % 10 + 1, 249 % 10 + 1, 0, 0, 0, 0, 0, 0
};
#undef R4
#undef R16
#undef R64

int cops__fail(cops_ctx *ctx, int code, const char *fmt, ...)
{
  if (ctx) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->errmsg, sizeof ctx->errmsg, fmt, ap);
    va_end(ap);
  }
  return code;
}

/* The keystream of the current buffer's bytes [from, to), to a multiple of 64 (the buffer
 * starts at block ctx->block - COPS_RNG_BUF / 64). */
static void make(cops_ctx *ctx, size_t from, size_t to)
{
  memset(ctx->buf + from, 0, to - from);
  crypto_stream_chacha20_xor_ic(ctx->buf + from, ctx->buf + from, to - from, stream_nonce,
                                ctx->block - COPS_RNG_BUF / 64 + from / 64, ctx->key);
  ctx->filled = to;
}

void cops__rng_refill(cops_ctx *ctx)
{
  if (ctx->filled == COPS_RNG_BUF) {   /* the next buffer */
    ctx->block += COPS_RNG_BUF / 64;
    ctx->pos = 0;
    make(ctx, 0, COPS_RNG_CHUNK);
  } else {
    make(ctx, ctx->filled, ctx->filled + COPS_RNG_CHUNK);
  }
}

/* Back (or forward: a checkpoint rolled back to after an earlier one) to a place of the
 * stream: its buffer made up to the chunk the place reads next, so that pos <= filled. */
void cops__rng_rewind(cops_ctx *ctx, const cops__rng_mark_t *m)
{
  if (ctx->source == COPS_SOURCE_CALLBACK)
    return;
  if (ctx->block != m->block) {   /* another buffer: none of it made */
    ctx->block = m->block;
    ctx->filled = 0;
  }
  const size_t need = m->pos < COPS_RNG_BUF ? (m->pos / COPS_RNG_CHUNK + 1) * COPS_RNG_CHUNK
                                            : COPS_RNG_BUF;
  if (ctx->filled < need) {
    if (ctx->block >= COPS_RNG_BUF / 64)
      make(ctx, ctx->filled, need);
    else   /* before the first buffer (a stream just seeded): nothing there to read */
      ctx->filled = COPS_RNG_BUF;
  }
  ctx->pos = m->pos;
}

static void set_key(cops_ctx *ctx, int source, const unsigned char key[32]);

void cops__rng_import(cops_ctx *ctx, const unsigned char key[32], uint64_t block, size_t pos)
{
  set_key(ctx, COPS_SOURCE_SEEDED, key);
  const cops__rng_mark_t m = {pos, block};
  ctx->block = block + COPS_RNG_BUF / 64;   /* not the mark's block: rewinding refills */
  cops__rng_rewind(ctx, &m);
}

void cops__rng_export(const cops_ctx *ctx, struct cops__rng_state *r)
{
  r->source = ctx->source;
  memcpy(r->key, ctx->key, 32);
  r->block = ctx->block;
  r->pos = ctx->pos;
}

void cops__rng_restore(cops_ctx *ctx, const struct cops__rng_state *r)
{
  if (r->source == COPS_SOURCE_CALLBACK || ctx->source == COPS_SOURCE_CALLBACK)
    return;   /* a callback's dice are the caller's */
  if (ctx->source == r->source && memcmp(ctx->key, r->key, 32) == 0) {
    const cops__rng_mark_t m = {r->pos, r->block};
    cops__rng_rewind(ctx, &m);
  } else if (r->source == COPS_SOURCE_SEEDED) {
    cops__rng_import(ctx, r->key, r->block, r->pos);
  }   /* a system source since replaced: its dice were unpredictable anyway */
}

int cops__callback_die(cops_ctx *ctx, int sides, int *face)
{
  ctx->in_callback = 1;
  int f = ctx->fn(ctx->user, sides);
  ctx->in_callback = 0;
  if (ctx->reentered) {
    ctx->reentered = 0;
    return cops__fail(ctx, COPS_ESTATE, "the random callback called the library on its own "
                      "context (refused; docs/api.md)");
  }
  if (f < 1 || f > sides)
    return cops__fail(ctx, COPS_ERNG,
                      "random callback returned %d for a d%d (expected 1..%d)", f, sides,
                      sides);
  *face = f;
  return COPS_OK;
}

static void set_key(cops_ctx *ctx, int source, const unsigned char key[32])
{
  memcpy(ctx->key, key, 32);
  ctx->source = source;
  ctx->block = 0;
  ctx->pos = ctx->filled = COPS_RNG_BUF; /* the first draw makes block 0's buffer */
  ctx->fn = NULL;
  ctx->user = NULL;
}

static void use_system(cops_ctx *ctx)
{
  unsigned char key[32];
  randombytes_buf(key, sizeof key);
  set_key(ctx, COPS_SOURCE_SYSTEM, key);
  sodium_memzero(key, sizeof key);
}

/* The first published layout of cops_allocator (0.7.0): size and four pointers. */
#define ALLOCATOR_SIZE_0_7 (offsetof(cops_allocator, user) + sizeof(void *))

int cops_ctx_new_with_allocator(cops_ctx **out, const cops_allocator *allocator)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  cops_allocator a = cops__std_alloc;
  if (allocator) {
    if (allocator->size < ALLOCATOR_SIZE_0_7 || !allocator->alloc_fn ||
        !allocator->realloc_fn || !allocator->free_fn)
      return COPS_EINVAL;
    memcpy(&a, allocator, ALLOCATOR_SIZE_0_7); /* later fields keep their defaults */
    a.size = sizeof a;
  }
  if (sodium_init() < 0)
    return COPS_ERNG;
  cops_ctx *ctx = cops__calloc(&a, sizeof *ctx);
  if (!ctx)
    return COPS_ENOMEM;
  ctx->alloc = a;
  ctx->reroll_cap = COPS_REROLL_CAP_DEFAULT;
  use_system(ctx);
  *out = ctx;
  return COPS_OK;
}

int cops_ctx_new(cops_ctx **out)
{
  return cops_ctx_new_with_allocator(out, NULL);
}

void cops_ctx_free(cops_ctx *ctx)
{
  if (!ctx)
    return;
  if (ctx->in_callback) {
    ctx->reentered = 1;
    return;
  }
  const cops_allocator a = ctx->alloc;
  cops__free(&a, ctx->root);
  sodium_memzero(ctx, sizeof *ctx);
  cops__free(&a, ctx);
}

const char *cops_ctx_errmsg(const cops_ctx *ctx)
{
  if (!ctx)
    return "no context (NULL)";
  return ctx->errmsg[0] ? ctx->errmsg : "no error";
}

int cops__refuse(cops_ctx *ctx)
{
  ctx->reentered = 1;
  return cops__fail(ctx, COPS_ESTATE, "called from the random callback of its own context "
                    "(refused; docs/api.md)");
}

int cops_ctx_confine(cops_ctx *ctx, const char *root, size_t max_bytes)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!root) {
    cops__free(&ctx->alloc, ctx->root);
    ctx->root = NULL;
    return COPS_OK;
  }
  if (max_bytes < 1 || max_bytes > (size_t)1 << 24)
    return cops__fail(ctx, COPS_ERANGE, "file size limit %zu out of range 1..16777216",
                      max_bytes);
  char *real = realpath(root, NULL);   /* the folder as the system names it */
  struct stat st;
  if (!real || stat(real, &st) || !S_ISDIR(st.st_mode)) {
    free(real);
    return cops__fail(ctx, COPS_EIO, "%s: not a folder", root);
  }
  const size_t n = strlen(real) + 1;
  char *copy = cops__malloc(&ctx->alloc, n);
  if (!copy) {
    free(real);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for the confinement");
  }
  memcpy(copy, real, n);
  free(real);   /* realpath() allocates with malloc */
  cops__free(&ctx->alloc, ctx->root);
  ctx->root = copy;
  ctx->max_file = max_bytes;
  return COPS_OK;
}

int cops_ctx_use_system(cops_ctx *ctx)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  use_system(ctx);
  return COPS_OK;
}

int cops_ctx_seed(cops_ctx *ctx, uint64_t seed)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  unsigned char key[32] = {0};
  for (int i = 0; i < 8; i++)
    key[i] = (unsigned char)(seed >> (8 * i));
  set_key(ctx, COPS_SOURCE_SEEDED, key);
  return COPS_OK;
}

int cops_ctx_seed_bytes(cops_ctx *ctx, const unsigned char *seed, size_t len)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!seed)
    return cops__fail(ctx, COPS_EINVAL, "seed is NULL");
  if (len != COPS_SEED_BYTES)
    return cops__fail(ctx, COPS_ERANGE, "seed of %zu bytes (expected %d)", len,
                      COPS_SEED_BYTES);
  set_key(ctx, COPS_SOURCE_SEEDED, seed);
  return COPS_OK;
}

int cops_ctx_use_callback(cops_ctx *ctx, cops_rng_fn fn, void *user)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!fn)
    return cops__fail(ctx, COPS_EINVAL, "random callback is NULL");
  sodium_memzero(ctx->key, sizeof ctx->key);
  ctx->source = COPS_SOURCE_CALLBACK;
  ctx->fn = fn;
  ctx->user = user;
  return COPS_OK;
}

int cops_ctx_source(const cops_ctx *ctx)
{
  return ctx ? ctx->source : COPS_EINVAL;
}

int cops_ctx_set_reroll_cap(cops_ctx *ctx, int cap)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (cap < 0 || cap > COPS_REROLL_CAP_MAX)
    return cops__fail(ctx, COPS_ERANGE, "re-roll cap %d out of range 0..%d", cap,
                      COPS_REROLL_CAP_MAX);
  ctx->reroll_cap = cap;
  return COPS_OK;
}

int cops_ctx_reroll_cap(const cops_ctx *ctx)
{
  return ctx ? ctx->reroll_cap : COPS_EINVAL;
}

int cops_ctx_die(cops_ctx *ctx, int sides, int *face)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!face)
    return cops__fail(ctx, COPS_EINVAL, "face is NULL");
  if (sides == 10)
    return cops__d10(ctx, face);
  if (sides == 6)
    return cops__d6(ctx, face);
  return cops__fail(ctx, COPS_ERANGE, "a d%d: only d6 and d10 are rolled", sides);
}

const char *cops_strerror(int code)
{
  switch (code) {
  case COPS_OK: return "success";
  case COPS_EINVAL: return "invalid argument";
  case COPS_ERANGE: return "value out of range";
  case COPS_ENOMEM: return "out of memory";
  case COPS_ERNG: return "random source failed";
  case COPS_ESYNTAX: return "syntax error";
  case COPS_ESTATE: return "wrong state for this call";
  case COPS_ENOTFOUND: return "no such value";
  case COPS_ERULE: return "forbidden by the rules";
  case COPS_EJSON: return "malformed JSON";
  case COPS_EIO: return "input/output error";
  case COPS_ESEAL: return "sealed text not opened by this key";
  default: return "unknown error";
  }
}

int cops_version_number(void)
{
  return COPS_VERSION_NUMBER;
}

const char *cops_version_string(void)
{
  return COPS_VERSION_STRING;
}

