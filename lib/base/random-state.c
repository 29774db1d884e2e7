/* The random source's state in a save (every save: fights, chases, interviews, the
 * modules' fights): the source, and a seeded stream's key and place, never a system
 * source's key; read back checked, to be put in place once the whole save is read
 * (cops__rng_import). */
#include <stdio.h>
#include <string.h>

#include "base/jsonutil.h"

json_t *cops__random_json(const cops_ctx *ctx)
{
  static const char *const names[] = {"system", "seeded", "callback"};
  json_t *j = json_object();
  if (!j)
    return NULL;
  int bad = json_object_set_new(j, "source", json_string(names[ctx->source]));
  if (ctx->source == COPS_SOURCE_SEEDED) {
    /* The seeded stream's key and place: the same dice again, and nothing a system
     * source would give away (its key is never written). */
    char hex[65];
    for (int k = 0; k < 32; k++)
      snprintf(hex + 2 * k, 3, "%02x", ctx->key[k]);
    bad |= json_object_set_new(j, "key", json_string(hex));
    bad |= json_object_set_new(j, "block", json_integer((json_int_t)ctx->block));
    bad |= json_object_set_new(j, "pos", json_integer((json_int_t)ctx->pos));
  }
  if (bad) {
    json_decref(j);
    return NULL;
  }
  return j;
}

int cops__random_from(cops_ctx *ctx, json_t *v, struct cops__rng_state *r)
{
  static const char *const keys[] = {"source", "key", "block", "pos", NULL};
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "random: expected an object");
  int rc = cops__json_only_keys(ctx, v, "random", keys);
  if (rc)
    return rc;
  const char *src = json_string_value(json_object_get(v, "source"));
  static const char *const names[] = {"system", "seeded", "callback"};
  r->source = -1;
  for (int k = 0; src && k < 3; k++)
    if (!strcmp(src, names[k]))
      r->source = k;
  if (r->source < 0)
    return cops__fail(ctx, COPS_EJSON, "random.source: \"system\", \"seeded\" or \"callback\"");
  if (r->source != COPS_SOURCE_SEEDED) {
    if (json_object_size(v) != 1)
      return cops__fail(ctx, COPS_EJSON, "random: only a seeded source has a key and a place");
    return COPS_OK;
  }
  const char *hex = json_string_value(json_object_get(v, "key"));
  if (!hex || strlen(hex) != 64 || strspn(hex, "0123456789abcdef") != 64)
    return cops__fail(ctx, COPS_EJSON, "random.key: expected 64 lowercase hexadecimal digits");
  for (int k = 0; k < 32; k++) {
    unsigned byte;
    sscanf(hex + 2 * k, "%2x", &byte);
    r->key[k] = (unsigned char)byte;
  }
  json_t *b = json_object_get(v, "block");
  if (!json_is_integer(b) || json_integer_value(b) < 0 ||
      json_integer_value(b) % (COPS_RNG_BUF / 64))
    return cops__fail(ctx, COPS_EJSON, "random.block: expected a whole number >= 0, a multiple "
                      "of %d", COPS_RNG_BUF / 64);
  r->block = (uint64_t)json_integer_value(b);
  int pos;
  if ((rc = cops__json_field(ctx, v, "random", "pos", 0, COPS_RNG_BUF, &pos)))
    return rc;
  if (pos < COPS_RNG_BUF && r->block < COPS_RNG_BUF / 64)
    return cops__fail(ctx, COPS_EJSON, "random: pos %d inside a block never drawn", pos);
  r->pos = (size_t)pos;
  return COPS_OK;
}
