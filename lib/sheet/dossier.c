/* What a player's sheet holds beside the rules (docs/sheets.md, "The dossier"): the
 * dossier (nickname, grade, age, background, languages, history, experience, notes) and a
 * tabletop's own "extra" object. Kept as the sheet gives them, in their order, written back
 * the same; never read by the rules. */
#include <stdio.h>
#include <string.h>

#include "sheet/sheet.h"
#include "base/jsonutil.h"

static const char *const dossier_keys[] = {"nickname", "grade", "age", "background",
                                           "languages", "history", "experience", "notes",
                                           NULL};

/* A text of at most max bytes, clean UTF-8 (lines: new lines and tabs allowed too), no NUL
 * inside. */
static int check_text(cops_ctx *ctx, json_t *v, const char *path, size_t max, int lines)
{
  if (!json_is_string(v))
    return cops__fail(ctx, COPS_EJSON, "%s: expected a string", path);
  const char *s = json_string_value(v);
  const size_t n = json_string_length(v);
  if (n > max)
    return cops__fail(ctx, COPS_ERANGE, "%s: %zu bytes, at most %zu", path, n, max);
  if (strlen(s) != n || !(lines ? cops__clean_lines(s) : cops__clean_text(s)))
    return cops__fail(ctx, COPS_EINVAL, "%s: not clean UTF-8 text (no control characters%s)",
                      path, lines ? " but new lines and tabs" : "");
  return COPS_OK;
}

static int check_dossier(cops_ctx *ctx, json_t *d)
{
  if (!json_is_object(d))
    return cops__fail(ctx, COPS_EJSON, "dossier: expected an object");
  int rc = cops__json_only_keys(ctx, d, "dossier", dossier_keys);
  if (rc)
    return rc;
  const char *key;
  json_t *v;
  json_object_foreach(d, key, v) {
    char path[64];
    snprintf(path, sizeof path, "dossier.%s", key);
    int n;
    if (!strcmp(key, "nickname") || !strcmp(key, "grade")) {
      rc = check_text(ctx, v, path, COPS_NAME_MAX, 0);
    } else if (!strcmp(key, "age")) {
      rc = cops__json_int(ctx, v, path, 0, COPS_DOSSIER_AGE_MAX, &n);
    } else if (!strcmp(key, "experience")) {
      rc = cops__json_int(ctx, v, path, 0, COPS_DOSSIER_EXPERIENCE_MAX, &n);
    } else if (!strcmp(key, "languages")) {
      if (!json_is_array(v))
        return cops__fail(ctx, COPS_EJSON, "%s: expected an array of names", path);
      if (json_array_size(v) > COPS_DOSSIER_LANGUAGES_MAX)
        return cops__fail(ctx, COPS_ERANGE, "%s: %zu languages, at most %d", path,
                          json_array_size(v), COPS_DOSSIER_LANGUAGES_MAX);
      size_t i;
      json_t *l;
      json_array_foreach(v, i, l) {
        char at[96];
        snprintf(at, sizeof at, "%s[%zu]", path, i);
        if ((rc = check_text(ctx, l, at, COPS_NAME_MAX, 0)))
          return rc;
        if (!json_string_length(l))
          return cops__fail(ctx, COPS_EINVAL, "%s: empty", at);
      }
    } else {   /* background, history, notes */
      rc = check_text(ctx, v, path, COPS_DOSSIER_TEXT_MAX, 1);
    }
    if (rc)
      return rc;
  }
  return COPS_OK;
}

/* The compact text of v (an object), from the context's allocator; NULL for an empty one. */
static int keep(cops_ctx *ctx, json_t *v, const char *what, char **out)
{
  *out = NULL;
  if (!json_object_size(v))
    return COPS_OK;
  const size_t n = json_dumpb(v, NULL, 0, JSON_COMPACT);
  if (n > COPS_SHEET_EXTRA_MAX)
    return cops__fail(ctx, COPS_ERANGE, "%s: %zu bytes as JSON, at most %d", what, n,
                      COPS_SHEET_EXTRA_MAX);
  char *t = cops__malloc(&ctx->alloc, n + 1);
  if (!t || json_dumpb(v, t, n, JSON_COMPACT) != n) {
    cops__free(&ctx->alloc, t);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for the %s", what);
  }
  t[n] = '\0';
  *out = t;
  return COPS_OK;
}

/* The new text of one of the two, checked (all or nothing: *slot replaced only on success). */
static int replace(cops_character *ch, json_t *v, int dossier, char **slot)
{
  cops_ctx *ctx = ch->ctx;
  const char *what = dossier ? "dossier" : "extra";
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", what);
  int rc = dossier ? check_dossier(ctx, v) : COPS_OK;
  char *t = NULL;
  if (rc || (rc = keep(ctx, v, what, &t)))
    return rc;
  cops__free(&ctx->alloc, *slot);
  *slot = t;
  return COPS_OK;
}

int cops__dossier_read(cops_character *ch, json_t *root)
{
  json_t *d = json_object_get(root, "dossier"), *x = json_object_get(root, "extra");
  char *dossier = ch->dossier, *extra = ch->extra;
  ch->dossier = ch->extra = NULL;
  int rc = COPS_OK;
  if (d)
    rc = replace(ch, d, 1, &ch->dossier);
  if (!rc && x)
    rc = replace(ch, x, 0, &ch->extra);
  if (rc) {   /* as it was */
    cops__free(&ch->ctx->alloc, ch->dossier);
    cops__free(&ch->ctx->alloc, ch->extra);
    ch->dossier = dossier;
    ch->extra = extra;
    return rc;
  }
  cops__free(&ch->ctx->alloc, dossier);
  cops__free(&ch->ctx->alloc, extra);
  return COPS_OK;
}

int cops__dossier_write(const cops_character *ch, json_t *root)
{
  int bad = 0;
  const char *kept[2] = {ch->dossier, ch->extra};
  static const char *const keys[2] = {"dossier", "extra"};
  for (int k = 0; k < 2 && !bad; k++) {
    if (!kept[k])
      continue;
    json_t *v = json_loads(kept[k], JSON_DECODE_ANY, NULL);
    bad |= !v || json_object_set_new(root, keys[k], v);
  }
  return bad ? COPS_ENOMEM : COPS_OK;
}

void cops__dossier_free(cops_character *ch)
{
  cops__free(&ch->ctx->alloc, ch->dossier);
  cops__free(&ch->ctx->alloc, ch->extra);
  ch->dossier = ch->extra = NULL;
}

static int get(const cops_character *ch, const char *kept, char **out)
{
  if (out)
    *out = NULL;
  if (!ch || !out)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  const char *t = kept ? kept : "{}";
  const size_t n = strlen(t);
  char *buf = cops__handed_new(&ch->ctx->alloc, n + 1);
  if (!buf)
    return cops__fail(ch->ctx, COPS_ENOMEM, "out of memory for the text");
  memcpy(buf, t, n + 1);
  *out = buf;
  return COPS_OK;
}

static int set(cops_character *ch, const char *text, int dossier)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  char **slot = dossier ? &ch->dossier : &ch->extra;
  if (!text) {   /* none */
    cops__free(&ch->ctx->alloc, *slot);
    *slot = NULL;
    return COPS_OK;
  }
  json_t *v;
  int rc = cops__json_parse(ch->ctx, text, &v);
  if (rc)
    return rc;
  rc = replace(ch, v, dossier, slot);
  json_decref(v);
  return rc;
}

int cops_character_dossier(const cops_character *ch, char **out)
{
  return get(ch, ch ? ch->dossier : NULL, out);
}

int cops_character_set_dossier(cops_character *ch, const char *json)
{
  return set(ch, json, 1);
}

int cops_character_extra(const cops_character *ch, char **out)
{
  return get(ch, ch ? ch->extra : NULL, out);
}

int cops_character_set_extra(cops_character *ch, const char *json)
{
  return set(ch, json, 0);
}
