/* A character or a weapon given inline (a JSON object) or by its file's name (relative to
 * the folder of the file that names it): what scenarios, chases and fights' files hold. */
#include "sheet/sheet.h"
#include "base/jsonutil.h"

static int character_text(void **out, cops_ctx *ctx, const char *t)
{
  return cops_character_from_json((cops_character **)out, ctx, t);
}
static int character_file(void **out, cops_ctx *ctx, const char *p)
{
  return cops_character_load((cops_character **)out, ctx, p);
}
static int weapon_text(void **out, cops_ctx *ctx, const char *t)
{
  return cops_weapon_from_json((cops_weapon **)out, ctx, t);
}
static int weapon_file(void **out, cops_ctx *ctx, const char *p)
{
  return cops_weapon_load((cops_weapon **)out, ctx, p);
}

int cops__inline_character(cops_ctx *ctx, json_t *v, const char *field, const char *base,
                             cops_character **out)
{
  if (!json_is_object(v))
    return cops__load_entity(ctx, v, field, base, character_text, character_file, (void **)out);
  /* Inline, the files its gear names are read where the file holding it is. */
  char *text;
  *out = NULL;
  if (cops__json_hand(&ctx->alloc, json_incref(v), 0, &text))
    return cops__fail(ctx, COPS_ENOMEM, "%s: out of memory", field);
  const int rc = cops__character_from_json_in(out, ctx, text, base);
  cops_free(text);
  return rc ? cops__prefix_error(ctx, rc, field) : COPS_OK;
}

int cops__saved_character(cops_ctx *ctx, json_t *v, cops_character **out)
{
  json_t *name = json_object_get(v, "name");
  const int unnamed = json_is_string(name) && json_string_length(name) == 0;
  /* No name: read under a stand-in, then the name as it was. */
  json_t *sheet = unnamed ? json_copy(v) : json_incref(v);
  if (!sheet || (unnamed && json_object_set_new(sheet, "name", json_string("-")))) {
    json_decref(sheet);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory reading a saved character");
  }
  char *text;
  if (cops__json_hand(&ctx->alloc, sheet, 0, &text))   /* takes the reference */
    return cops__fail(ctx, COPS_ENOMEM, "out of memory reading a saved character");
  const int rc = cops_character_from_json(out, ctx, text);
  cops_free(text);
  if (!rc && unnamed)
    (*out)->name[0] = '\0';
  return rc;
}

int cops__inline_weapon(cops_ctx *ctx, json_t *v, const char *field, const char *base,
                          cops_weapon **out)
{
  return cops__load_entity(ctx, v, field, base, weapon_text, weapon_file, (void **)out);
}
