/* The gear a sheet carries (docs/sheets.md, "The gear"): its weapons, with the rounds
 * loaded and the spare magazines of each and the one in hand, and the armour worn, each
 * given inline or by its file's name (relative to the sheet's folder). The weapons and the
 * armour are the character's own: a fight that takes them (cops_encounter_equip) spends the
 * sheet's rounds, as it spends its hit points. */
#include <stdio.h>
#include <string.h>

#include "sheet/sheet.h"
#include "base/jsonutil.h"

struct cops__gear {
  int n, hand;                              /* hand: the index in hand, -1 none */
  cops_weapon *w[COPS_WEAPONS_MAX];
  char *file[COPS_WEAPONS_MAX];             /* the file's name as the sheet wrote it, NULL inline */
  cops_armour *armour;
  char *armour_file;
};

static void gear_free(cops_ctx *ctx, struct cops__gear *g)
{
  if (!g)
    return;
  for (int k = 0; k < g->n; k++) {
    cops_weapon_free(g->w[k]);
    cops__free(&ctx->alloc, g->file[k]);
  }
  cops_armour_free(g->armour);
  cops__free(&ctx->alloc, g->armour_file);
  cops__free(&ctx->alloc, g);
}

void cops__gear_free(cops_character *ch)
{
  gear_free(ch->ctx, ch->gear);
  ch->gear = NULL;
}

static int armour_text(void **out, cops_ctx *ctx, const char *t)
{
  return cops_armour_from_json((cops_armour **)out, ctx, t);
}
static int armour_file(void **out, cops_ctx *ctx, const char *p)
{
  return cops_armour_load((cops_armour **)out, ctx, p);
}

/* The file's name a value gives, kept to write back; NULL for an inline one. */
static int keep_file(cops_ctx *ctx, json_t *v, const char *field, char **out)
{
  *out = NULL;
  if (!json_is_string(v))
    return COPS_OK;
  const size_t n = json_string_length(v);
  if (!n || n >= 4096 || strlen(json_string_value(v)) != n)
    return cops__fail(ctx, COPS_EINVAL, "%s: a file's name of 1..4095 bytes", field);
  if (!(*out = cops__malloc(&ctx->alloc, n + 1)))
    return cops__fail(ctx, COPS_ENOMEM, "%s: out of memory", field);
  memcpy(*out, json_string_value(v), n + 1);
  return COPS_OK;
}

static int read_weapon(cops_ctx *ctx, struct cops__gear *g, json_t *o, int k, const char *base)
{
  static const char *const keys[] = {"weapon", "loaded", "magazines", "in_hand", NULL};
  char field[64], sub[96];
  snprintf(field, sizeof field, "gear.weapons[%d]", k);
  int rc;
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", field);
  if ((rc = cops__json_only_keys(ctx, o, field, keys)))
    return rc;
  json_t *v = json_object_get(o, "weapon");
  snprintf(sub, sizeof sub, "%s.weapon", field);
  if (!v)
    return cops__fail(ctx, COPS_EJSON, "%s: missing field", sub);
  if ((rc = cops__inline_weapon(ctx, v, sub, base, &g->w[k])))
    return rc;
  g->n = k + 1;   /* freed with the gear from here on */
  if ((rc = keep_file(ctx, v, sub, &g->file[k])))
    return rc;
  cops_weapon *w = g->w[k];
  json_t *l = json_object_get(o, "loaded"), *m = json_object_get(o, "magazines");
  int n;
  if (l) {
    snprintf(sub, sizeof sub, "%s.loaded", field);
    if ((rc = cops__json_int(ctx, l, sub, 0, w->v[COPS_WEAPON_MAGAZINE], &n)))
      return rc;
    w->v[COPS_WEAPON_LOADED] = n;
  }
  if (m) {
    snprintf(sub, sizeof sub, "%s.magazines", field);
    if ((rc = cops__json_int(ctx, m, sub, 0, COPS_MAGAZINES_MAX, &n)))
      return rc;
    if ((rc = cops_weapon_set_magazines(w, n)))
      return cops__prefix_error(ctx, rc, field);
  }
  json_t *h = json_object_get(o, "in_hand");
  if (h) {
    snprintf(sub, sizeof sub, "%s.in_hand", field);
    if (!json_is_boolean(h))
      return cops__fail(ctx, COPS_EJSON, "%s: expected true or false", sub);
    if (json_is_true(h)) {
      if (g->hand >= 0)
        return cops__fail(ctx, COPS_ERULE, "%s: gear.weapons[%d] is in hand already: one "
                          "weapon in hand", sub, g->hand);
      g->hand = k;
    }
  }
  return COPS_OK;
}

/* The gear at v (an object) into *out, NULL for an empty one; base: the sheet's folder,
 * where its files' names are read (NULL: a sheet read from text). */
static int read_gear(cops_ctx *ctx, json_t *v, const char *base, struct cops__gear **out)
{
  static const char *const keys[] = {"weapons", "armour", NULL};
  *out = NULL;
  int rc;
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "gear: expected an object");
  if ((rc = cops__json_only_keys(ctx, v, "gear", keys)))
    return rc;
  json_t *ws = json_object_get(v, "weapons"), *a = json_object_get(v, "armour");
  if (ws && !json_is_array(ws))
    return cops__fail(ctx, COPS_EJSON, "gear.weapons: expected a list");
  if (ws && json_array_size(ws) > COPS_WEAPONS_MAX)
    return cops__fail(ctx, COPS_ERANGE, "gear.weapons: %zu weapons, at most %d",
                      json_array_size(ws), COPS_WEAPONS_MAX);
  if ((!ws || !json_array_size(ws)) && (!a || json_is_null(a)))
    return COPS_OK;
  struct cops__gear *g = cops__calloc(&ctx->alloc, sizeof *g);
  if (!g)
    return cops__fail(ctx, COPS_ENOMEM, "gear: out of memory");
  g->hand = -1;
  for (size_t k = 0; ws && k < json_array_size(ws) && !rc; k++)
    rc = read_weapon(ctx, g, json_array_get(ws, k), (int)k, base);
  if (!rc && a && !json_is_null(a)) {
    void *p = NULL;
    if (!(rc = cops__load_entity(ctx, a, "gear.armour", base, armour_text, armour_file, &p))) {
      g->armour = p;
      rc = keep_file(ctx, a, "gear.armour", &g->armour_file);
    }
  }
  if (rc) {
    gear_free(ctx, g);
    return rc;
  }
  *out = g;
  return COPS_OK;
}

int cops__gear_read(cops_character *ch, json_t *root, const char *base)
{
  json_t *v = json_object_get(root, "gear");
  struct cops__gear *g = NULL;
  int rc = v ? read_gear(ch->ctx, v, base, &g) : COPS_OK;
  if (rc)
    return rc;
  cops__gear_free(ch);
  ch->gear = g;
  return COPS_OK;
}

/* The gear as JSON: files by the names the sheet gave, or everything inline (saves, which
 * are read where those names mean nothing). NULL when out of memory. */
static json_t *gear_json(const struct cops__gear *g, int inline_all)
{
  json_t *o = json_object(), *ws = json_array();
  int bad = !o || !ws;
  for (int k = 0; !bad && k < g->n; k++) {
    const cops_weapon *w = g->w[k];
    json_t *e = json_object();
    const int by_file = g->file[k] && !inline_all;
    bad |= json_object_set_new(e, "weapon", by_file ? json_string(g->file[k])
                                                    : cops__weapon_json(w));
    if (by_file) {   /* the file says what the weapon is, the sheet what is in it */
      if (w->v[COPS_WEAPON_MAGAZINE])
        bad |= json_object_set_new(e, "loaded", json_integer(w->v[COPS_WEAPON_LOADED]));
      if (w->spares >= 0)
        bad |= json_object_set_new(e, "magazines", json_integer(w->spares));
    }
    if (g->hand == k)
      bad |= json_object_set_new(e, "in_hand", json_true());
    bad |= json_array_append_new(ws, e);
  }
  if (!bad && g->n)
    bad |= json_object_set_new(o, "weapons", json_incref(ws));
  if (!bad && g->armour)
    bad |= json_object_set_new(o, "armour", g->armour_file && !inline_all
                                                ? json_string(g->armour_file)
                                                : cops__armour_json(g->armour));
  json_decref(ws);
  if (bad) {
    json_decref(o);
    return NULL;
  }
  return o;
}

int cops__gear_write(const cops_character *ch, json_t *root, int inline_all)
{
  if (!ch->gear)
    return COPS_OK;
  json_t *g = gear_json(ch->gear, inline_all);
  return g && !json_object_set_new(root, "gear", g) ? COPS_OK : COPS_ENOMEM;
}

int cops_character_gear(const cops_character *ch, char **out)
{
  if (out)
    *out = NULL;
  if (!ch || !out)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  json_t *g = ch->gear ? gear_json(ch->gear, 0) : json_object();
  if (!g || cops__json_hand(&ch->ctx->alloc, g, 0, out))
    return cops__fail(ch->ctx, COPS_ENOMEM, "out of memory for the gear");
  return COPS_OK;
}

int cops_character_set_gear(cops_character *ch, const char *json)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!json) {
    cops__gear_free(ch);
    return COPS_OK;
  }
  json_t *v;
  int rc = cops__json_begin(ch->ctx, json, "gear", &v);
  if (rc)
    return rc;
  struct cops__gear *g;
  rc = read_gear(ch->ctx, v, NULL, &g);
  json_decref(v);
  if (rc)
    return rc;
  cops__gear_free(ch);
  ch->gear = g;
  return COPS_OK;
}

int cops_character_weapon_count(const cops_character *ch)
{
  return ch && ch->gear ? ch->gear->n : 0;
}

cops_weapon *cops_character_weapon(const cops_character *ch, int index)
{
  if (!ch || !ch->gear)
    return NULL;
  if (index == -1)
    index = cops_character_hand(ch);
  return index >= 0 && index < ch->gear->n ? ch->gear->w[index] : NULL;
}

int cops_character_hand(const cops_character *ch)
{
  if (!ch || !ch->gear || !ch->gear->n)
    return -1;
  return ch->gear->hand >= 0 ? ch->gear->hand : 0;   /* none marked: the first */
}

const cops_armour *cops_character_armour(const cops_character *ch)
{
  return ch && ch->gear ? ch->gear->armour : NULL;
}
