/**
 * @file cops/seal.h
 * @brief Sealed saves (docs/api.md, "Sealed saves"): a save's text encrypted and
 * authenticated with the caller's 32-byte key, and the confined file reads and writes a
 * program composes them with.
 *
 * A plain save (of an encounter, a chase, an interview, a Storyteller or D6 fight) holds
 * everything in clear: each character's hit points, and, for a seeded fight, the key of
 * its dice stream, from which every later die can be told. A sealed save is that text in
 * libsodium's secretbox (XSalsa20 and Poly1305, a random 24-byte nonce): without the key
 * nothing of it can be read, and a changed byte, or another key, is refused whole
 * (::COPS_ESEAL) before anything is loaded. The sealed text is JSON
 * (schemas/sealed.schema.json): `{"schema": 1, "type": "sealed", "cipher":
 * "xsalsa20poly1305", "nonce": BASE64, "box": BASE64}`. The key is the caller's to keep:
 * the library never stores it.
 */
#ifndef COPS_SEAL_H
#define COPS_SEAL_H

#include <stddef.h>

#include <cops/common.h>
#include <cops/error.h>
#include <cops/rng.h>

COPS_BEGIN_DECLS

/** The bytes of a sealing key. */
#define COPS_SEAL_KEY_BYTES 32

/** The version of the sealed text's JSON (schemas/sealed.schema.json). */
#define COPS_SEAL_SCHEMA 1

/**
 * @brief Seal @p text (a save, or any text) with @p key.
 * @param ctx the context (its allocator, its message)
 * @param key ::COPS_SEAL_KEY_BYTES bytes of the caller's
 * @param key_len ::COPS_SEAL_KEY_BYTES
 * @param text the text, UTF-8, at most 16 MiB
 * @param[out] out the sealed text (JSON, a final newline), to free with cops_free()
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, a key of another length); ::COPS_ERANGE (a text
 *         longer than 16 MiB); ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_seal(cops_ctx *ctx, const unsigned char *key, size_t key_len,
                       const char *text, char **out);

/**
 * @brief The text @p sealed holds, opened with @p key.
 * @param ctx the context
 * @param key the key it was sealed with
 * @param key_len ::COPS_SEAL_KEY_BYTES
 * @param sealed a sealed text, as cops_seal() writes it
 * @param[out] out the text, to free with cops_free(); NULL on failure
 * @return ::COPS_OK; ::COPS_EINVAL (NULL, a key of another length); ::COPS_EJSON (not a
 *         sealed text: the message names the field); ::COPS_ESEAL (another key, or a byte
 *         changed: nothing is given); ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_unseal(cops_ctx *ctx, const unsigned char *key, size_t key_len,
                         const char *sealed, char **out);

/**
 * @brief Whether @p text is a sealed text (its JSON says `"type": "sealed"`).
 * @return 1 sealed, 0 not (any other text, NULL included)
 * @since 0.17.0
 */
COPS_API int cops_is_sealed(const char *text);

/**
 * @brief Read a whole file as the library's loaders do: within cops_ctx_confine()'s
 * folder and size when the context is confined, a regular file only.
 * @param ctx the context
 * @param path the file
 * @param[out] out its text, to free with cops_free()
 * @return ::COPS_OK; ::COPS_EINVAL (NULL); ::COPS_EIO (the message names the file and
 *         why: missing, outside the confinement, too large, not a regular file);
 *         ::COPS_EJSON (a NUL byte: not text); ::COPS_ENOMEM
 * @since 0.17.0
 */
COPS_API int cops_ctx_read_file(cops_ctx *ctx, const char *path, char **out);

/**
 * @brief Write @p text to a file as the library's savers do: within the confinement,
 * whole (a new file renamed over the old one: a crash or a full disk leaves the old
 * one as it was), keeping the permissions of a file it replaces.
 * @param ctx the context
 * @param path the file
 * @param text what it holds
 * @return ::COPS_OK; ::COPS_EINVAL (NULL); ::COPS_EIO (the message names the file and
 *         why; nothing written)
 * @since 0.17.0
 */
COPS_API int cops_ctx_write_file(cops_ctx *ctx, const char *path, const char *text);

COPS_END_DECLS

#endif
