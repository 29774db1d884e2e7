/* JSON helpers shared by the sheets of characters, weapons and armour. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonutil.h"

int cops__json_int(cops_ctx *ctx, json_t *v, const char *field, int lo, int hi, int *out)
{
  if (!json_is_integer(v))
    return cops__fail(ctx, COPS_EJSON, "%s: expected a whole number", field);
  json_int_t x = json_integer_value(v);
  if (x < lo || x > hi)
    return cops__fail(ctx, COPS_ERANGE, "%s: %lld out of range %d..%d", field, (long long)x,
                      lo, hi);
  *out = (int)x;
  return COPS_OK;
}

int cops__json_only_keys(cops_ctx *ctx, json_t *obj, const char *where,
                         const char *const *keys)
{
  const char *key;
  json_t *v;
  json_object_foreach(obj, key, v) {
    int known = 0;
    for (const char *const *k = keys; *k; k++)
      known |= strcmp(key, *k) == 0;
    if (!known)
      return cops__fail(ctx, COPS_EJSON, "%s%s%s: unknown field", where, *where ? "." : "",
                        key);
  }
  return COPS_OK;
}

int cops__json_parse(cops_ctx *ctx, const char *text, json_t **out)
{
  json_error_t err;
  memset(&err, 0, sizeof err);
  *out = json_loads(text, JSON_REJECT_DUPLICATES, &err);
  /* jansson says "out of memory", or, short of memory for its reader, nothing at all. */
  if (!*out && (json_error_code(&err) == json_error_out_of_memory ||
                (err.line == -1 && !err.text[0])))
    return cops__fail(ctx, COPS_ENOMEM, "out of memory reading JSON");
  if (!*out)
    return cops__fail(ctx, COPS_EJSON, "line %d, column %d: %s", err.line, err.column,
                      err.text);
  return COPS_OK;
}

int cops__read_file(cops_ctx *ctx, const char *path, char **out)
{
  *out = NULL;
  FILE *f = fopen(path, "rb");
  if (!f)
    return cops__fail(ctx, COPS_EIO, "%s: %s", path, strerror(errno));
  char *text = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len + 4096 + 1 > cap) {
      cap = cap ? cap * 2 : 8192;
      if (cap > (size_t)1 << 24) {
        cops__free(&ctx->alloc, text);
        fclose(f);
        return cops__fail(ctx, COPS_EIO, "%s: larger than 16 MiB", path);
      }
      char *t = cops__realloc(&ctx->alloc, text, cap);
      if (!t) {
        cops__free(&ctx->alloc, text);
        fclose(f);
        return cops__fail(ctx, COPS_ENOMEM, "%s: out of memory to read it", path);
      }
      text = t;
    }
    size_t n = fread(text + len, 1, 4096, f);
    len += n;
    if (n < 4096)
      break;
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    cops__free(&ctx->alloc, text);
    return cops__fail(ctx, COPS_EIO, "%s: read error", path);
  }
  text[len] = '\0';
  if (strlen(text) != len) {
    cops__free(&ctx->alloc, text);
    return cops__fail(ctx, COPS_EJSON, "%s: a NUL byte in the file", path);
  }
  *out = text;
  return COPS_OK;
}

int cops__sheet_out(cops_ctx *ctx, json_t *j, int bad, char **out)
{
  if (bad) {
    json_decref(j);
    j = NULL;
  }
  int rc = cops__json_hand(&ctx->alloc, j, 1, out);
  return rc ? cops__fail(ctx, rc, "out of memory for the JSON text") : COPS_OK;
}

int cops__write_file(cops_ctx *ctx, const char *path, const char *text)
{
  FILE *f = fopen(path, "wb");
  if (!f)
    return cops__fail(ctx, COPS_EIO, "%s: %s", path, strerror(errno));
  size_t len = strlen(text);
  int bad = fwrite(text, 1, len, f) != len;
  bad |= fclose(f) != 0;
  return bad ? cops__fail(ctx, COPS_EIO, "%s: write error", path) : COPS_OK;
}

int cops__prefix_error(cops_ctx *ctx, int code, const char *prefix)
{
  char why[sizeof ctx->errmsg];
  snprintf(why, sizeof why, "%s", cops_ctx_errmsg(ctx));
  return cops__fail(ctx, code, "%s: %s", prefix, why);
}

int cops__json_begin(cops_ctx *ctx, const char *text, const char *what, json_t **root)
{
  *root = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);   /* every reader of JSON text starts here */
  if (!text)
    return cops__fail(ctx, COPS_EINVAL, "%s text is NULL", what);
  return cops__json_parse(ctx, text, root);
}

int cops__load_begin(cops_ctx *ctx, const char *path, char **text)
{
  *text = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);   /* every loader of a file starts here */
  if (!path)
    return cops__fail(ctx, COPS_EINVAL, "path is NULL");
  return cops__read_file(ctx, path, text);
}

int cops__load_end(cops_ctx *ctx, const char *path, char *text, int rc)
{
  cops__free(&ctx->alloc, text);
  if (rc && rc != COPS_ENOMEM)
    cops__prefix_error(ctx, rc, path);
  return rc;
}
