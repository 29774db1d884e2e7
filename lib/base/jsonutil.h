/* JSON helpers shared by the sheets of characters, weapons and armour. */
#ifndef COPS_JSONUTIL_H
#define COPS_JSONUTIL_H

#include <jansson.h>

#include "base/internal.h"

/* A field's whole number in lo..hi, or an error naming the field. */
int cops__json_int(cops_ctx *ctx, json_t *v, const char *field, int lo, int hi, int *out);
/* The whole number @p key of @p obj, lo..hi, named "where.key" (or "key" when where is
 * empty) in errors: COPS_EJSON "...: missing" when absent. */
int cops__json_field(cops_ctx *ctx, json_t *obj, const char *where, const char *key, int lo,
                     int hi, int *out);
/* Only the listed keys (NULL-terminated) may appear in obj. */
int cops__json_only_keys(cops_ctx *ctx, json_t *obj, const char *where,
                         const char *const *keys);
/* Parse text: syntax errors give the line and column; a sealed text (<cops/seal.h>) is
 * refused with a message saying so. */
int cops__json_parse(cops_ctx *ctx, const char *text, json_t **out);
/* The same, a sealed text read as any other (cops_unseal). */
int cops__json_parse_any(cops_ctx *ctx, const char *text, json_t **out);
/* The common front of every *_from_json: a context, a text, parsed. */
int cops__json_begin(cops_ctx *ctx, const char *text, const char *what, json_t **root);
/* The common front and end of every *_load: check the arguments and read the
 * file; then free the text and put the file's name before the message. */
int cops__load_begin(cops_ctx *ctx, const char *path, char **text);
int cops__load_end(cops_ctx *ctx, const char *path, char *text, int rc);
/* An entity given inline (an object) or by file name (a string, relative to base, read
 * within cops_ctx_confine()); errors prefixed with field. */
typedef int (*cops__from_text_fn)(void **out, cops_ctx *ctx, const char *text);
typedef int (*cops__from_file_fn)(void **out, cops_ctx *ctx, const char *path);
int cops__load_entity(cops_ctx *ctx, json_t *v, const char *field, const char *base,
                      cops__from_text_fn text_fn, cops__from_file_fn file_fn, void **out);
/* A file reader made of a text reader: the file read, confined (cops_ctx_confine), its text
 * given to from_json(out, ctx, text); defines name(out, ctx, path). */
#define COPS__FILE_READER(name, type, from_json)                                         \
  int name(type **out, cops_ctx *ctx, const char *path)                                  \
  {                                                                                      \
    if (!out)                                                                            \
      return COPS_EINVAL;                                                                \
    *out = NULL;                                                                         \
    char *text;                                                                          \
    const int rc = cops__load_begin(ctx, path, &text);                                   \
    return rc ? rc : cops__load_end(ctx, path, text, from_json(out, ctx, text));         \
  }
/* A file reader of a format that names other files (sheets by name): the file read,
 * confined, its text given to from_json(out, ctx, text, folder) with the file's folder, where
 * the names it holds are read; defines name(out, ctx, path). */
#define COPS__FILE_READER_IN_FOLDER(name, type, from_json)                               \
  int name(type **out, cops_ctx *ctx, const char *path)                                  \
  {                                                                                      \
    if (out)                                                                             \
      *out = NULL;                                                                       \
    if (!out || !path)                                                                   \
      return COPS_EINVAL;                                                                \
    char *text;                                                                          \
    const int rc = cops__load_begin(ctx, path, &text);                                   \
    if (rc)                                                                              \
      return rc;                                                                         \
    char base[4096];                                                                     \
    cops__folder_of(path, base, sizeof base);                                            \
    return cops__load_end(ctx, path, text, from_json(out, ctx, text, base));             \
  }
/* A text reader of an entity: the text parsed (cops__json_begin), a new one made by
 * make(&e, ctx), filled by fill(e, ctx, root), freed by release on any failure; defines
 * name(out, ctx, text). */
#define COPS__TEXT_READER(name, type, what, make, fill, release)                         \
  int name(type **out, cops_ctx *ctx, const char *text)                                  \
  {                                                                                      \
    if (!out)                                                                            \
      return COPS_EINVAL;                                                                \
    *out = NULL;                                                                         \
    json_t *root;                                                                        \
    int rc = cops__json_begin(ctx, text, what, &root);                                   \
    if (rc)                                                                              \
      return rc;                                                                         \
    type *e;                                                                             \
    rc = make(&e, ctx);                                                                  \
    if (!rc)                                                                             \
      rc = fill(e, ctx, root);                                                           \
    json_decref(root);                                                                   \
    if (rc) {                                                                            \
      release(e);                                                                        \
      return rc;                                                                         \
    }                                                                                    \
    *out = e;                                                                            \
    return COPS_OK;                                                                      \
  }
/* The folder of a file's path, "" for none: where the files it names are read. */
void cops__folder_of(const char *path, char *out, size_t cap);
/* Read a whole file (at most 16 MiB) into a NUL-terminated buffer (free()). */
int cops__read_file(cops_ctx *ctx, const char *path, char **out);
/* Indented JSON with a final newline, in a buffer of our allocator (cops_free).
 * Takes the reference to j. */
/* A sheet's JSON handed over with ctx's allocator (indented, final newline); the value
 * is released. bad: an insertion failed on the way, so the sheet is incomplete:
 * COPS_ENOMEM, never a sheet with fields missing. */
int cops__sheet_out(cops_ctx *ctx, json_t *j, int bad, char **out);
/* Write text to path. */
int cops__write_file(cops_ctx *ctx, const char *path, const char *text);
/* Prefix the context's message with "prefix: ". Returns code. */
/* The error of a part of a file named by its place: "characters[0].name: ..." when the
 * message begins with a field, "characters[0]: ..." otherwise. */
/* The head of one of the library's files: a JSON object ("the <what>: expected ...") whose
 * "type" is @p type, with none but @p keys, and a "schema" of 1 (absent allowed unless
 * @p required). */
int cops__json_head(cops_ctx *ctx, json_t *root, const char *what, const char *type,
                    const char *const *keys, int required);
int cops__within(cops_ctx *ctx, int rc, const char *where);
int cops__prefix_error(cops_ctx *ctx, int code, const char *prefix);

#endif
