/* JSON helpers shared by the sheets of characters, weapons and armour, and the
 * reading of files (confined by cops_ctx_confine()). */
#define _DEFAULT_SOURCE   /* realpath(), O_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/jsonutil.h"

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
  int rc = cops__json_parse_any(ctx, text, out);
  const char *type = rc ? NULL : json_string_value(json_object_get(*out, "type"));
  if (type && !strcmp(type, "sealed")) {   /* <cops/seal.h> */
    json_decref(*out);
    *out = NULL;
    return cops__fail(ctx, COPS_EJSON, "a sealed text: open it with its key first "
                      "(cops_unseal, docs/api.md \"Sealed saves\")");
  }
  return rc;
}

int cops__json_parse_any(cops_ctx *ctx, const char *text, json_t **out)
{
  json_error_t err;
  memset(&err, 0, sizeof err);
  *out = json_loads(text, JSON_REJECT_DUPLICATES, &err);
  /* jansson says "out of memory", or, short of memory for its reader, nothing at all. */
  if (!*out && (json_error_code(&err) == json_error_out_of_memory ||
                (err.line == -1 && !err.text[0])))
    return cops__fail(ctx, COPS_ENOMEM, "out of memory reading JSON");
  /* jansson's text may quote the file ("near '...'"): a file's content never reaches a
   * message (a stranger's scenario naming /etc/passwd as a sheet), so only the place and
   * the kind of error are said. */
  if (!*out) {
    char what[sizeof err.text];
    snprintf(what, sizeof what, "%s", err.text);
    char *near = strstr(what, " near ");
    if (near)
      *near = '\0';
    return cops__fail(ctx, COPS_EJSON, "line %d, column %d: %s", err.line, err.column,
                      what[0] ? what : "not valid JSON");
  }
  return COPS_OK;
}

/* The confined path of @p path under ctx->root (lexically: "." dropped, ".."
 * going up, never past the root), then checked against symbolic links: a file read must
 * really be under the root; a file written must have its folder really under the root and
 * not be a link itself. */
static int confine(cops_ctx *ctx, const char *path, char *out, size_t cap, int for_write)
{
  if (path[0] == '/')
    return cops__fail(ctx, COPS_EIO, "%s: an absolute path, outside the confinement", path);
  size_t len = (size_t)snprintf(out, cap, "%s", ctx->root);
  const size_t root_len = len;
  for (const char *p = path; *p;) {
    const char *end = strchr(p, '/');
    const size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n == 2 && p[0] == '.' && p[1] == '.') {
      if (len == root_len)
        return cops__fail(ctx, COPS_EIO, "%s: outside the confinement", path);
      while (len > root_len && out[len - 1] != '/')
        len--;
      len--;   /* the slash */
      out[len] = '\0';
    } else if (n && !(n == 1 && p[0] == '.')) {
      if (len + 1 + n + 1 > cap)
        return cops__fail(ctx, COPS_EIO, "%s: path too long", path);
      out[len++] = '/';
      memcpy(out + len, p, n);
      len += n;
      out[len] = '\0';
    }
    p += n + (end != NULL);
  }
  if (len == root_len)
    return cops__fail(ctx, COPS_EIO, "%s: not a file", path);
  if (for_write) {
    /* The folder must really be under the root (or be it); the file, if there, a regular
     * file and not a link (its rename would replace the link, but say so rather). */
    char *slash = strrchr(out, '/');
    *slash = '\0';
    char *dir = realpath(out, NULL);
    *slash = '/';
    if (!dir)
      return cops__fail(ctx, COPS_EIO, "%s: its folder: %s", path, strerror(errno));
    const size_t rl = strlen(ctx->root);
    const int in = !strncmp(dir, ctx->root, rl) && (dir[rl] == '/' || dir[rl] == '\0');
    free(dir);   /* realpath() allocates with malloc */
    if (!in)
      return cops__fail(ctx, COPS_EIO, "%s: leads outside the confinement", path);
    struct stat st;
    if (lstat(out, &st) == 0 && !S_ISREG(st.st_mode))
      return cops__fail(ctx, COPS_EIO, "%s: %s", path, S_ISLNK(st.st_mode)
                        ? "a symbolic link: not written through" : "not a regular file");
    return COPS_OK;
  }
  /* A symbolic link may lead out: the real path must stay under the root. */
  char *real = realpath(out, NULL);
  if (!real)
    return cops__fail(ctx, COPS_EIO, "%s: %s", path, strerror(errno));
  const int inside = !strncmp(real, ctx->root, root_len) && real[root_len] == '/';
  free(real);   /* realpath() allocates with malloc */
  if (!inside)
    return cops__fail(ctx, COPS_EIO, "%s: leads outside the confinement", path);
  return COPS_OK;
}

int cops__read_file(cops_ctx *ctx, const char *path, char **out)
{
  *out = NULL;
  char confined[4096];
  const char *name = path;
  size_t max = (size_t)1 << 24;
  int rc;
  if (ctx->root) {
    if ((rc = confine(ctx, path, confined, sizeof confined, 0)))
      return rc;
    name = confined;
    max = ctx->max_file;
  }
  /* Regular files only: a FIFO would hang the reader, a device never end. */
  const int fd = open(name, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return cops__fail(ctx, COPS_EIO, "%s: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
    close(fd);
    return cops__fail(ctx, COPS_EIO, "%s: not a regular file", path);
  }
  if ((size_t)st.st_size > max) {
    close(fd);
    return cops__fail(ctx, COPS_EIO, "%s: larger than %zu bytes", path, max);
  }
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    close(fd);
    return cops__fail(ctx, COPS_EIO, "%s: %s", path, strerror(errno));
  }
  char *text = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len + 4096 + 1 > cap) {
      cap = cap ? cap * 2 : 8192;
      if (len > max) {
        cops__free(&ctx->alloc, text);
        fclose(f);
        return cops__fail(ctx, COPS_EIO, "%s: larger than %zu bytes", path, max);
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
  char confined[4096];
  const char *name = path;
  int rc;
  if (!path || !path[0])
    return cops__fail(ctx, COPS_EIO, "no file name");
  if (ctx->root) {   /* confined: relative to the root, never out of it */
    if ((rc = confine(ctx, path, confined, sizeof confined, 1)))
      return rc;
    name = confined;
  }
  /* Written whole to a new file beside it, then renamed over it: a crash or a full disk
   * leaves the old file as it was. */
  char tmp[4096 + 32];
  unsigned char r[8];
  randombytes_buf(r, sizeof r);
  const int n = snprintf(tmp, sizeof tmp, "%s.tmp-%02x%02x%02x%02x%02x%02x%02x%02x", name,
                         r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
  if (n < 0 || (size_t)n >= sizeof tmp)
    return cops__fail(ctx, COPS_EIO, "%s: path too long", path);
  const int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0)
    return cops__fail(ctx, COPS_EIO, "%s: %s", path, strerror(errno));
  /* A file replaced keeps its permissions; a new one has 0666 less the umask. */
  struct stat old;
  int err = 0;
  if (stat(name, &old) == 0 && S_ISREG(old.st_mode) && fchmod(fd, old.st_mode & 07777))
    err = errno;
  const size_t len = strlen(text);
  size_t done = 0;
  while (done < len && !err) {
    const ssize_t w = write(fd, text + done, len - done);
    if (w > 0)
      done += (size_t)w;
    else if (w < 0 && errno != EINTR)
      err = errno;
    else if (w == 0)
      err = ENOSPC;
  }
  if (!err && fsync(fd))
    err = errno;
  if (close(fd) && !err)
    err = errno;
  if (!err && rename(tmp, name))
    err = errno;
  if (err) {
    unlink(tmp);
    return cops__fail(ctx, COPS_EIO, "%s: %s: nothing written", path, strerror(err));
  }
  /* The rename itself made durable, where the system lets a folder be synced. */
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", name);
  char *slash = strrchr(dir, '/');
  if (slash)
    *(slash == dir ? slash + 1 : slash) = '\0';
  const int dfd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    (void)fsync(dfd);
    close(dfd);
  }
  return COPS_OK;
}

int cops__prefix_error(cops_ctx *ctx, int code, const char *prefix)
{
  char why[sizeof ctx->errmsg];
  snprintf(why, sizeof why, "%s", cops_ctx_errmsg(ctx));
  return cops__fail(ctx, code, "%s: %s", prefix, why);
}

int cops__json_head(cops_ctx *ctx, json_t *root, const char *what, const char *type,
                    const char *const *keys, int required)
{
  if (!json_is_object(root))
    return cops__fail(ctx, COPS_EJSON, "the %s: expected a JSON object", what);
  const char *t = json_string_value(json_object_get(root, "type"));
  if (!t || strcmp(t, type))
    return cops__fail(ctx, COPS_EJSON, "type: expected \"%s\"", type);
  int rc = cops__json_only_keys(ctx, root, "", keys), schema;
  if (rc)
    return rc;
  json_t *v = json_object_get(root, "schema");
  if (!v)
    return required ? cops__fail(ctx, COPS_EJSON, "schema: missing field") : COPS_OK;
  return cops__json_int(ctx, v, "schema", 1, 1, &schema);
}

int cops__within(cops_ctx *ctx, int rc, const char *where)
{
  char why[sizeof ctx->errmsg];
  snprintf(why, sizeof why, "%s", cops_ctx_errmsg(ctx));
  const char *colon = strstr(why, ": ");
  const int field_first = colon && !memchr(why, ' ', (size_t)(colon - why));
  return cops__fail(ctx, rc, "%s%s%s", where, field_first ? "." : ": ", why);
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

void cops__folder_of(const char *path, char *out, size_t cap)
{
  snprintf(out, cap, "%s", path);
  char *slash = strrchr(out, '/');
  if (slash)
    *slash = '\0';
  else
    out[0] = '\0';
}

int cops__json_field(cops_ctx *ctx, json_t *obj, const char *where, const char *key, int lo,
                     int hi, int *out)
{
  char name[96];
  snprintf(name, sizeof name, "%s%s%s", where, *where ? "." : "", key);
  json_t *v = json_object_get(obj, key);
  if (!v)
    return cops__fail(ctx, COPS_EJSON, "%s: missing", name);
  return cops__json_int(ctx, v, name, lo, hi, out);
}

#define PATH_MAX_LEN 4096

/* A file name relative to the scenario's folder (absolute names as they are). */
static void resolve_path(char *out, size_t cap, const char *base, const char *file)
{
  if (file[0] == '/' || !base || !base[0])
    snprintf(out, cap, "%s", file);
  else
    snprintf(out, cap, "%s/%s", base, file);
}

int cops__load_entity(cops_ctx *ctx, json_t *v, const char *field, const char *base,
                      cops__from_text_fn text_fn, cops__from_file_fn file_fn, void **out)
{
  int rc;
  if (json_is_string(v)) {
    if (ctx->root && !base)
      return cops__fail(ctx, COPS_EIO, "%s: what is read from text names no file while "
                        "the context is confined", field);
    char path[PATH_MAX_LEN];
    resolve_path(path, sizeof path, base, json_string_value(v));
    rc = file_fn(out, ctx, path);
  } else if (json_is_object(v)) {
    char *text;
    if (cops__json_hand(&ctx->alloc, json_incref(v), 0, &text))
      return cops__fail(ctx, COPS_ENOMEM, "%s: out of memory", field);
    rc = text_fn(out, ctx, text);
    cops_free(text);
  } else {
    return cops__fail(ctx, COPS_EJSON, "%s: expected a file name or an object", field);
  }
  return rc ? cops__prefix_error(ctx, rc, field) : COPS_OK;
}
