/**
 * @file cops/rng.h
 * @brief The context and its random source.
 *
 * A ::cops_ctx owns the random source every roll draws from and the message
 * of the last failure. Three sources (DESIGN.md section 4, docs/randomness.md):
 *
 * - **system** (the default): a ChaCha20 keystream keyed from the operating
 *   system's entropy through libsodium's randombytes_buf(); unpredictable,
 *   and buffered so that a die costs about one byte of keystream.
 * - **seeded**: the same ChaCha20 keystream keyed from the caller's seed.
 *   The same seed gives the same dice on every platform and from every
 *   language; the byte-to-face mapping is part of the contract.
 * - **callback**: the caller's function gives each face (a VTT's own RNG, a
 *   dice tower, a replay, scripted dice in tests).
 *
 * Faces are unbiased: a d10 takes one keystream byte b and accepts it when
 * b < 250 (face = b % 10 + 1); a d6 accepts b < 252 (face = b % 6 + 1);
 * a rejected byte is dropped and the next one is read.
 */
#ifndef COPS_RNG_H
#define COPS_RNG_H

#include <cops/common.h>

COPS_BEGIN_DECLS

/** Opaque context. Create with cops_ctx_new(), free with cops_ctx_free(). */
typedef struct cops_ctx cops_ctx;

/** Which source a context draws from (cops_ctx_source()). */
typedef enum cops_source {
  COPS_SOURCE_SYSTEM = 0,
  COPS_SOURCE_SEEDED = 1,
  COPS_SOURCE_CALLBACK = 2
} cops_source;

/**
 * @brief A caller's random source.
 * @param user the pointer given to cops_ctx_use_callback()
 * @param sides 10 or 6: the die wanted
 * @return a face from 1 to @p sides. Any other value (0 or a negative value
 *         to signal a failure of the caller's own, or a value above @p sides)
 *         makes the roll fail with ::COPS_ERNG.
 */
typedef int (*cops_rng_fn)(void *user, int sides);

/** Size of a seed given as bytes (a ChaCha20 key). */
#define COPS_SEED_BYTES 32
/** Default cap on re-rolls of one die's chain of 10s (COPS.md C1.2 RULING). */
#define COPS_REROLL_CAP_DEFAULT 100
/** Largest accepted re-roll cap. */
#define COPS_REROLL_CAP_MAX 1000

/**
 * @brief Create a context drawing from the system source.
 * @param[out] out the new context, to free with cops_ctx_free()
 * @return ::COPS_OK; ::COPS_EINVAL if @p out is NULL; ::COPS_ENOMEM;
 *         ::COPS_ERNG if libsodium cannot be initialised.
 * @since 0.1.0
 */
COPS_API int cops_ctx_new(cops_ctx **out);

/** @brief Free a context. NULL is accepted. @since 0.1.0 */
COPS_API void cops_ctx_free(cops_ctx *ctx);

/**
 * @brief The detailed message of the last failed call on this context.
 *
 * Owned by the context, valid until the next failing call on it. Before any
 * failure: "no error". A NULL context gives a static message.
 * @since 0.1.0
 */
COPS_API const char *cops_ctx_errmsg(const cops_ctx *ctx);

/**
 * @brief Draw from a fresh system source (new key from the OS entropy).
 * @return ::COPS_OK, ::COPS_EINVAL
 * @since 0.1.0
 */
COPS_API int cops_ctx_use_system(cops_ctx *ctx);

/**
 * @brief Draw from the seeded stream of a 64-bit seed.
 *
 * The ChaCha20 key is the seed's 8 bytes in little-endian order followed by
 * 24 zero bytes; so cops_ctx_seed(ctx, s) equals cops_ctx_seed_bytes() with
 * that key. The stream restarts at its first byte.
 * @return ::COPS_OK, ::COPS_EINVAL
 * @since 0.1.0
 */
COPS_API int cops_ctx_seed(cops_ctx *ctx, uint64_t seed);

/**
 * @brief Draw from the seeded stream of a 32-byte seed (the ChaCha20 key).
 * @param seed ::COPS_SEED_BYTES bytes
 * @param len must be ::COPS_SEED_BYTES
 * @return ::COPS_OK, ::COPS_EINVAL (NULL), ::COPS_ERANGE (wrong length)
 * @since 0.1.0
 */
COPS_API int cops_ctx_seed_bytes(cops_ctx *ctx, const unsigned char *seed, size_t len);

/**
 * @brief Draw every face from the caller's function.
 * @param fn the source, not NULL
 * @param user passed to @p fn unchanged
 * @return ::COPS_OK, ::COPS_EINVAL
 * @since 0.1.0
 */
COPS_API int cops_ctx_use_callback(cops_ctx *ctx, cops_rng_fn fn, void *user);

/** @brief The current ::cops_source, or ::COPS_EINVAL for NULL. @since 0.1.0 */
COPS_API int cops_ctx_source(const cops_ctx *ctx);

/**
 * @brief Set the cap on re-rolls in one die's chain of natural 10s (C1.2).
 *
 * A chain that reaches the cap stops re-rolling and the roll is flagged
 * capped. 0 means no re-roll at all.
 * @param cap 0 .. ::COPS_REROLL_CAP_MAX (default ::COPS_REROLL_CAP_DEFAULT)
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE
 * @since 0.1.0
 */
COPS_API int cops_ctx_set_reroll_cap(cops_ctx *ctx, int cap);

/** @brief The re-roll cap, or ::COPS_EINVAL for NULL. @since 0.1.0 */
COPS_API int cops_ctx_reroll_cap(const cops_ctx *ctx);

/**
 * @brief Draw one die from the context's source.
 * @param sides 6 or 10
 * @param[out] face the face, 1 .. @p sides
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE (other sides),
 *         ::COPS_ERNG (the callback failed or gave a face out of range)
 * @since 0.1.0
 */
COPS_API int cops_ctx_die(cops_ctx *ctx, int sides, int *face);

COPS_END_DECLS

#endif
