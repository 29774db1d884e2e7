/* Sealed saves (<cops/seal.h>): a text in libsodium's secretbox under the caller's key, as
 * JSON with its nonce and box in base64; and the confined file reads and writes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <sodium.h>

#include "base/internal.h"
#include "base/jsonutil.h"

#define SEAL_MAX ((size_t)1 << 24)   /* the largest text sealed: a file's limit */
#define CIPHER "xsalsa20poly1305"
#define B64 sodium_base64_VARIANT_ORIGINAL

static int check_key(cops_ctx *ctx, const unsigned char *key, size_t key_len)
{
  if (!key)
    return cops__fail(ctx, COPS_EINVAL, "no key (NULL)");
  if (key_len != COPS_SEAL_KEY_BYTES)
    return cops__fail(ctx, COPS_EINVAL, "a key of %zu bytes: a sealing key has %d",
                      key_len, COPS_SEAL_KEY_BYTES);
  return COPS_OK;
}

int cops_seal(cops_ctx *ctx, const unsigned char *key, size_t key_len, const char *text,
              char **out)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!out || !text)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", out ? "text" : "out");
  *out = NULL;
  int rc = check_key(ctx, key, key_len);
  if (rc)
    return rc;
  const size_t len = strlen(text);
  if (len > SEAL_MAX)
    return cops__fail(ctx, COPS_ERANGE, "a text of %zu bytes: at most %zu are sealed", len,
                      SEAL_MAX);
  const size_t boxed = len + crypto_secretbox_MACBYTES;
  const size_t b64 = sodium_base64_ENCODED_LEN(boxed, B64);
  const size_t n64 = sodium_base64_ENCODED_LEN(crypto_secretbox_NONCEBYTES, B64);
  unsigned char nonce[crypto_secretbox_NONCEBYTES];
  randombytes_buf(nonce, sizeof nonce);
  unsigned char *box = cops__malloc(&ctx->alloc, boxed);
  static const char head[] = "{\"schema\": 1, \"type\": \"sealed\", \"cipher\": \"" CIPHER
                             "\", \"nonce\": \"";
  static const char mid[] = "\", \"box\": \"";
  static const char tail[] = "\"}\n";
  const size_t total = sizeof head - 1 + n64 - 1 + sizeof mid - 1 + b64 - 1 + sizeof tail;
  char *t = box ? cops__handed_new(&ctx->alloc, total) : NULL;
  if (!t) {
    cops__free(&ctx->alloc, box);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory to seal %zu bytes", len);
  }
  crypto_secretbox_easy(box, (const unsigned char *)text, len, nonce, key);
  char *p = t;
  memcpy(p, head, sizeof head - 1);
  p += sizeof head - 1;
  sodium_bin2base64(p, n64, nonce, sizeof nonce, B64);
  p += n64 - 1;
  memcpy(p, mid, sizeof mid - 1);
  p += sizeof mid - 1;
  sodium_bin2base64(p, b64, box, boxed, B64);
  p += b64 - 1;
  memcpy(p, tail, sizeof tail);
  sodium_memzero(box, boxed);
  cops__free(&ctx->alloc, box);
  *out = t;
  return COPS_OK;
}

/* A base64 field of the sealed text into bin (at most cap bytes), its length in *len. */
static int field64(cops_ctx *ctx, json_t *root, const char *key, unsigned char *bin,
                   size_t cap, size_t *len)
{
  const char *s = json_string_value(json_object_get(root, key));
  if (!s)
    return cops__fail(ctx, COPS_EJSON, "%s: expected a base64 string", key);
  if (sodium_base642bin(bin, cap, s, strlen(s), NULL, len, NULL, B64))
    return cops__fail(ctx, COPS_EJSON, "%s: not base64 of a sealed text", key);
  return COPS_OK;
}

int cops_unseal(cops_ctx *ctx, const unsigned char *key, size_t key_len, const char *sealed,
                char **out)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!out || !sealed)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", out ? "sealed" : "out");
  *out = NULL;
  int rc = check_key(ctx, key, key_len);
  if (rc)
    return rc;
  json_t *root;
  if ((rc = cops__json_parse_any(ctx, sealed, &root)))
    return rc;
  static const char *const keys[] = {"schema", "type", "cipher", "nonce", "box", NULL};
  const char *type = json_string_value(json_object_get(root, "type"));
  const char *cipher = json_string_value(json_object_get(root, "cipher"));
  json_t *schema = json_object_get(root, "schema");
  if (!json_is_object(root))
    rc = cops__fail(ctx, COPS_EJSON, "a sealed text: expected a JSON object");
  else if (!type || strcmp(type, "sealed"))
    rc = cops__fail(ctx, COPS_EJSON, "type: \"sealed\" expected");
  else if (!json_is_integer(schema) || json_integer_value(schema) != COPS_SEAL_SCHEMA)
    rc = cops__fail(ctx, COPS_EJSON, "schema: %d expected", COPS_SEAL_SCHEMA);
  else if (!cipher || strcmp(cipher, CIPHER))
    rc = cops__fail(ctx, COPS_EJSON, "cipher: \"" CIPHER "\" expected");
  else
    rc = cops__json_only_keys(ctx, root, "a sealed text", keys);
  unsigned char nonce[crypto_secretbox_NONCEBYTES];
  size_t nlen = 0, blen = 0;
  const char *b = json_string_value(json_object_get(root, "box"));
  const size_t cap = b ? strlen(b) / 4 * 3 + 3 : 0;
  unsigned char *box = NULL;
  if (!rc && (rc = field64(ctx, root, "nonce", nonce, sizeof nonce, &nlen)) == COPS_OK &&
      nlen != sizeof nonce)
    rc = cops__fail(ctx, COPS_EJSON, "nonce: %d bytes expected", crypto_secretbox_NONCEBYTES);
  if (!rc && (!b || cap > SEAL_MAX + crypto_secretbox_MACBYTES + 6))
    rc = cops__fail(ctx, COPS_EJSON, "box: expected base64 of at most %zu bytes",
                    SEAL_MAX + crypto_secretbox_MACBYTES);
  if (!rc && !(box = cops__malloc(&ctx->alloc, cap)))
    rc = cops__fail(ctx, COPS_ENOMEM, "out of memory to open a sealed text");
  if (!rc)
    rc = field64(ctx, root, "box", box, cap, &blen);
  if (!rc && blen < crypto_secretbox_MACBYTES)
    rc = cops__fail(ctx, COPS_EJSON, "box: shorter than its authentication tag");
  json_decref(root);
  char *t = NULL;
  if (!rc) {
    const size_t len = blen - crypto_secretbox_MACBYTES;
    if (!(t = cops__handed_new(&ctx->alloc, len + 1)))
      rc = cops__fail(ctx, COPS_ENOMEM, "out of memory to open a sealed text");
    else if (crypto_secretbox_open_easy((unsigned char *)t, box, blen, nonce, key))
      rc = cops__fail(ctx, COPS_ESEAL, "the key does not open this sealed text (another "
                      "key, or the text was changed): nothing read");
    else if (t[len] = '\0', strlen(t) != len)
      rc = cops__fail(ctx, COPS_ESEAL, "the sealed text holds a NUL byte: not a save");
    if (rc && t) {
      sodium_memzero(t, len + 1);
      cops_free(t);
      t = NULL;
    }
  }
  cops__free(&ctx->alloc, box);
  *out = t;
  return rc;
}

int cops_is_sealed(const char *text)
{
  if (!text)
    return 0;
  json_t *root = json_loads(text, 0, NULL);
  const char *type = json_string_value(json_object_get(root, "type"));
  const int sealed = type && !strcmp(type, "sealed");
  json_decref(root);
  return sealed;
}

int cops_ctx_read_file(cops_ctx *ctx, const char *path, char **out)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!out || !path)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", out ? "path" : "out");
  *out = NULL;
  char *raw;
  int rc = cops__read_file(ctx, path, &raw);
  if (rc)
    return rc;
  const size_t len = strlen(raw);
  char *t = cops__handed_new(&ctx->alloc, len + 1);
  if (t)
    memcpy(t, raw, len + 1);
  cops__free(&ctx->alloc, raw);
  if (!t)
    return cops__fail(ctx, COPS_ENOMEM, "%s: out of memory to read it", path);
  *out = t;
  return COPS_OK;
}

int cops_ctx_write_file(cops_ctx *ctx, const char *path, const char *text)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!path || !text)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", path ? "text" : "path");
  return cops__write_file(ctx, path, text);
}
