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
 *         makes the roll fail with ::COPS_ERNG, and the procedure under way
 *         changes nothing (docs/api.md, "All or nothing").
 *
 * The callback must not call the library on the same context nor free what
 * was made from it: such a call is refused with ::COPS_ESTATE (a free is
 * not done), and the procedure under way fails with ::COPS_ESTATE.
 */
typedef int (*cops_rng_fn)(void *user, int sides);

/** Size of a seed given as bytes (a ChaCha20 key). */
#define COPS_SEED_BYTES 32
/** Default cap on re-rolls of one die's chain of 10s (COPS.md C1.2 RULING). */
#define COPS_REROLL_CAP_DEFAULT 100
/** Largest accepted re-roll cap. */
#define COPS_REROLL_CAP_MAX 1000

/**
 * @brief The memory functions of a context (cops_ctx_new_with_allocator()).
 *
 * Every object made from the context (characters, weapons, armour, logs,
 * encounters, scenarios, and rolls and outcomes made with cops_roll_new_in()
 * and cops_outcome_new_in()) and every text handed over (cops_*_to_json(),
 * cops_log_narrate()) is allocated with them. JSON values built and read on
 * the way go through jansson, whose allocator is process-wide
 * (json_set_alloc_funcs()): the library never changes it (docs/api.md).
 * Set @c size to sizeof(cops_allocator): the struct only grows at its end.
 */
typedef struct cops_allocator {
  uint32_t size;                                         /**< sizeof(cops_allocator) */
  void *(*alloc_fn)(void *user, size_t size);            /**< as malloc(); size > 0 */
  void *(*realloc_fn)(void *user, void *ptr, size_t size); /**< as realloc(); ptr and size never 0 */
  void (*free_fn)(void *user, void *ptr);                /**< as free(); ptr never NULL */
  void *user;                                            /**< passed to each */
} cops_allocator;

/**
 * @brief Create a context drawing from the system source.
 * @param[out] out the new context, to free with cops_ctx_free()
 * @return ::COPS_OK; ::COPS_EINVAL if @p out is NULL; ::COPS_ENOMEM;
 *         ::COPS_ERNG if libsodium cannot be initialised.
 * @since 0.1.0
 */
COPS_API int cops_ctx_new(cops_ctx **out);

/**
 * @brief Create a context whose memory comes from @p allocator.
 * @param[out] out the new context, to free with cops_ctx_free()
 * @param allocator copied; NULL for the C library's malloc(), realloc() and free()
 * @return ::COPS_OK; ::COPS_EINVAL (@p out NULL, a size below the first
 *         published one, a function NULL); ::COPS_ENOMEM; ::COPS_ERNG
 * @since 0.7.0
 */
COPS_API int cops_ctx_new_with_allocator(cops_ctx **out, const cops_allocator *allocator);

/**
 * @brief Free a context. NULL is accepted.
 *
 * The context outlives everything made from it: free those first. Called
 * from the context's own random callback, the call is refused (the context
 * stays, and the roll under way fails with ::COPS_ESTATE).
 * @since 0.1.0
 */
COPS_API void cops_ctx_free(cops_ctx *ctx);

/**
 * @brief The message of the last call on this context: the detailed reason
 * when it failed, "no error" when it succeeded (SQLite's rule: the message is
 * about the most recent call).
 *
 * Owned by the context, valid until the next call on it. A NULL context
 * gives a static message.
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
 * @param ctx the context
 * @param seed ::COPS_SEED_BYTES bytes
 * @param len must be ::COPS_SEED_BYTES
 * @return ::COPS_OK, ::COPS_EINVAL (NULL), ::COPS_ERANGE (wrong length)
 * @since 0.1.0
 */
COPS_API int cops_ctx_seed_bytes(cops_ctx *ctx, const unsigned char *seed, size_t len);

/**
 * @brief Draw every face from the caller's function.
 * @param ctx the context
 * @param fn the source, not NULL
 * @param user passed to @p fn unchanged
 * @return ::COPS_OK, ::COPS_EINVAL
 * @since 0.1.0
 */
COPS_API int cops_ctx_use_callback(cops_ctx *ctx, cops_rng_fn fn, void *user);

/**
 * @brief Confine every file the context reads or writes (sheets, weapons,
 * armour, scenarios and the files they name; saves of fights, chases,
 * interviews, subjects and the modules' fights) to the folder @p root: for
 * text from strangers (a chat bot).
 *
 * Once confined, a path is relative to @p root and may not leave it: no
 * absolute path, no ".." past the root, no symbolic link out of it (a file
 * written is never a link, and its folder is really under the root); only
 * regular files (never a FIFO or a device) of at most @p max_bytes are read; a
 * scenario read from text names no file at all. Whether confined or not, a
 * file that is not valid JSON is reported by line, column and the kind of
 * error, never quoting its content, and a file is written whole or not at all
 * (a new file renamed over the old one: a full disk leaves the old one).
 * @param ctx the context whose reads and writes are confined
 * @param root an existing folder; NULL lifts the confinement
 * @param max_bytes 1 .. 16 MiB
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE, ::COPS_EIO (no such folder),
 *         ::COPS_ENOMEM
 * @since 0.7.0
 */
COPS_API int cops_ctx_confine(cops_ctx *ctx, const char *root, size_t max_bytes);

/** @brief The current ::cops_source, or ::COPS_EINVAL for NULL. @since 0.1.0 */
COPS_API int cops_ctx_source(const cops_ctx *ctx);

/**
 * @brief Set the cap on re-rolls in one die's chain of natural 10s (C1.2).
 *
 * A chain that reaches the cap stops re-rolling and the roll is flagged
 * capped. 0 means no re-roll at all.
 * @param ctx the context
 * @param cap 0 .. ::COPS_REROLL_CAP_MAX (default ::COPS_REROLL_CAP_DEFAULT)
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE
 * @since 0.1.0
 */
COPS_API int cops_ctx_set_reroll_cap(cops_ctx *ctx, int cap);

/** @brief The re-roll cap, or ::COPS_EINVAL for NULL. @since 0.1.0 */
COPS_API int cops_ctx_reroll_cap(const cops_ctx *ctx);

/**
 * @brief Draw one die from the context's source.
 * @param ctx the context: the dice source
 * @param sides 6 or 10
 * @param[out] face the face, 1 .. @p sides
 * @return ::COPS_OK, ::COPS_EINVAL, ::COPS_ERANGE (other sides),
 *         ::COPS_ERNG (the callback failed or gave a face out of range)
 * @since 0.1.0
 */
COPS_API int cops_ctx_die(cops_ctx *ctx, int sides, int *face);

COPS_END_DECLS

#endif
