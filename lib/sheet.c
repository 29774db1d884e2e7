/* Character sheets as JSON (docs/sheets.md), read and written with jansson. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonutil.h"

#define SHEET_SCHEMA 1

/* "5+" or 5. */
static int get_level(cops_ctx *ctx, json_t *v, const char *field, int *out)
{
  if (json_is_integer(v))
    return cops__json_int(ctx, v, field, 2, 9, out);
  if (!json_is_string(v))
    return cops__fail(ctx, COPS_EJSON, "%s: expected a level such as \"5+\"", field);
  /* Digits without a leading zero, then '+', nothing else: " 5+", "+5+" and "05+"
   * are no levels (strtol took them). */
  const char *s = json_string_value(v);
  size_t n = 0;
  long x = 0;
  while (s[n] >= '0' && s[n] <= '9' && n < 4)
    x = 10 * x + (s[n++] - '0');
  if (n == 0 || (s[0] == '0' && n > 1) || strcmp(s + n, "+") != 0)
    return cops__fail(ctx, COPS_EJSON, "%s: \"%.16s\" is not a level such as \"5+\"", field,
                      s);
  if (x < 2 || x > 9)
    return cops__fail(ctx, COPS_ERANGE, "%s: %s out of range 2+..9+", field, s);
  *out = (int)x;
  return COPS_OK;
}

static int load_points(cops_character *ch, cops_ctx *ctx, json_t *root, const char *field,
                       int *max, int *current)
{
  json_t *o = json_object_get(root, field);
  *max = 0;
  *current = -1;
  if (!o)
    return COPS_OK;
  static const char *const keys[] = {"max", "current", NULL};
  char path[64];
  int rc;
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object {\"max\": N, \"current\": N}",
                      field);
  if ((rc = cops__json_only_keys(ctx, o, field, keys)))
    return rc;
  snprintf(path, sizeof path, "%s.max", field);
  json_t *m = json_object_get(o, "max");
  if (!m)
    return cops__fail(ctx, COPS_EJSON, "%s: missing field", path);
  if ((rc = cops__json_int(ctx, m, path, 0, COPS_POINTS_MAX, max)))
    return rc;
  json_t *c = json_object_get(o, "current");
  snprintf(path, sizeof path, "%s.current", field);
  if (c && (rc = cops__json_int(ctx, c, path, 0, *max, current)))
    return rc;
  (void)ch;
  return COPS_OK;
}

static int load_skills(cops_character *ch, cops_ctx *ctx, json_t *skills)
{
  static const char *const keys[] = {"skill", "level", "specialisations", NULL};
  if (!json_is_array(skills))
    return cops__fail(ctx, COPS_EJSON, "skills: expected an array");
  /* Levels and specialisations first, then the rules that tie skills
   * together (Tir en rafales), whatever the order of the sheet. */
  int level[COPS_SKILL_COUNT] = {0};
  json_t *specs[COPS_SKILL_COUNT] = {0};
  size_t i;
  json_t *s;
  json_array_foreach(skills, i, s) {
    char path[64];
    int rc, skill, lv;
    snprintf(path, sizeof path, "skills[%zu]", i);
    if (!json_is_object(s))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", path);
    if ((rc = cops__json_only_keys(ctx, s, path, keys)))
      return rc;
    json_t *name = json_object_get(s, "skill");
    if (!json_is_string(name))
      return cops__fail(ctx, COPS_EJSON, "%s.skill: expected a skill's name", path);
    if (cops_skill_parse(json_string_value(name), &skill))
      return cops__fail(ctx, COPS_ENOTFOUND, "%s.skill: unknown skill '%s'", path,
                        json_string_value(name));
    if (level[skill])
      return cops__fail(ctx, COPS_EJSON, "%s.skill: %s appears twice", path,
                        cops_skill_name(skill, 0));
    json_t *l = json_object_get(s, "level");
    char lpath[80];
    snprintf(lpath, sizeof lpath, "%s.level", path);
    if (!l)
      return cops__fail(ctx, COPS_EJSON, "%s: missing field", lpath);
    if ((rc = get_level(ctx, l, lpath, &lv)))
      return rc;
    json_t *sp = json_object_get(s, "specialisations");
    if (sp && !json_is_array(sp))
      return cops__fail(ctx, COPS_EJSON, "%s.specialisations: expected an array of names",
                        path);
    size_t j;
    json_t *x;
    json_array_foreach(sp, j, x) {
      if (!json_is_string(x))
        return cops__fail(ctx, COPS_EJSON, "%s.specialisations[%zu]: expected a name", path, j);
    }
    level[skill] = lv;
    specs[skill] = sp;
  }
  /* Weapon skills before Tir en rafales, which is checked against them. */
  for (int skill = 0; skill < COPS_SKILL_COUNT; skill++) {
    if (!level[skill])
      continue;
    char path[80];
    snprintf(path, sizeof path, "skills (%s)", cops_skill_name(skill, 0));
    size_t n = json_array_size(specs[skill]);
    int rc = cops_character_set_skill(ch, skill, level[skill],
                                      n ? json_string_value(json_array_get(specs[skill], 0))
                                        : NULL);
    for (size_t j = 1; !rc && j < n; j++)
      rc = cops_character_add_specialisation(ch, skill,
                                             json_string_value(json_array_get(specs[skill], j)));
    if (rc)
      return cops__prefix_error(ctx, rc, path);
  }
  return COPS_OK;
}

static int load(cops_character *ch, cops_ctx *ctx, json_t *root)
{
  static const char *const keys[] = {"schema", "name", "characteristics", "hit_points",
                                     "adrenaline", "anciennete", "skills", NULL};
  int rc;
  if (!json_is_object(root))
    return cops__fail(ctx, COPS_EJSON, "the sheet: expected a JSON object");
  if ((rc = cops__json_only_keys(ctx, root, "", keys)))
    return rc;
  json_t *schema = json_object_get(root, "schema");
  int version = SHEET_SCHEMA;
  if (schema && (rc = cops__json_int(ctx, schema, "schema", SHEET_SCHEMA, SHEET_SCHEMA, &version)))
    return rc;

  json_t *name = json_object_get(root, "name");
  if (!name)
    return cops__fail(ctx, COPS_EJSON, "name: missing field");
  if (!json_is_string(name))
    return cops__fail(ctx, COPS_EJSON, "name: expected a string");
  if ((rc = cops_character_set_name(ch, json_string_value(name))))
    return cops__prefix_error(ctx, rc, "name");

  json_t *chars = json_object_get(root, "characteristics");
  if (!chars)
    return cops__fail(ctx, COPS_EJSON, "characteristics: missing field");
  if (!json_is_object(chars))
    return cops__fail(ctx, COPS_EJSON, "characteristics: expected an object");
  int seen[COPS_CHARACTERISTIC_COUNT] = {0};
  const char *key;
  json_t *v;
  json_object_foreach(chars, key, v) {
    int c, value;
    char path[96];
    snprintf(path, sizeof path, "characteristics.%s", key);
    if (cops_characteristic_parse(key, &c))
      return cops__fail(ctx, COPS_ENOTFOUND, "%s: unknown characteristic", path);
    if (seen[c]++)
      return cops__fail(ctx, COPS_EJSON, "%s: %s appears twice", path,
                        cops_characteristic_name(c, 0));
    if ((rc = cops__json_int(ctx, v, path, 1, 5, &value)))
      return rc;
    cops_character_set_characteristic(ch, c, value);
  }
  for (int c = 0; c < COPS_CHARACTERISTIC_COUNT; c++)
    if (!seen[c])
      return cops__fail(ctx, COPS_EJSON, "characteristics.%s: missing field",
                        cops_characteristic_name(c, 0));

  json_t *hp = json_object_get(root, "hit_points");
  if (hp) {
    static const char *const hkeys[] = {"max", "current", NULL};
    int max = 0, cur;
    if (!json_is_object(hp))
      return cops__fail(ctx, COPS_EJSON, "hit_points: expected an object");
    if ((rc = cops__json_only_keys(ctx, hp, "hit_points", hkeys)))
      return rc;
    json_t *m = json_object_get(hp, "max");
    if (m && (rc = cops__json_int(ctx, m, "hit_points.max", 1, COPS_HP_MAX, &max)))
      return rc;
    cops_character_set_max_hp(ch, max);
    json_t *c = json_object_get(hp, "current");
    const int top = cops_character_max_hp(ch);
    if (c && (rc = cops__json_int(ctx, c, "hit_points.current", -top, top, &cur)))
      return rc;
    if (c)
      cops_character_set_hp(ch, cur);
  }

  int amax, acur, omax, ocur;
  if ((rc = load_points(ch, ctx, root, "adrenaline", &amax, &acur)) ||
      (rc = load_points(ch, ctx, root, "anciennete", &omax, &ocur)))
    return rc;
  if (amax + omax > COPS_POINTS_MAX)
    return cops__fail(ctx, COPS_ERULE,
                      "adrenaline.max + anciennete.max: %d + %d, at most %d together (C5)",
                      amax, omax, COPS_POINTS_MAX);
  cops_character_set_points(ch, amax, omax);
  if (acur >= 0)
    cops_character_set_current_points(ch, COPS_ADRENALINE, acur);
  if (ocur >= 0)
    cops_character_set_current_points(ch, COPS_ANCIENNETE, ocur);

  json_t *skills = json_object_get(root, "skills");
  if (skills && (rc = load_skills(ch, ctx, skills)))
    return rc;
  return COPS_OK;
}

int cops_character_from_json(cops_character **out, cops_ctx *ctx, const char *text)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, text, "sheet", &root);
  if (rc)
    return rc;
  cops_character *ch;
  rc = cops_character_new(&ch, ctx);
  if (!rc)
    rc = load(ch, ctx, root);
  json_decref(root);
  if (rc) {
    cops_character_free(ch);
    return rc;
  }
  *out = ch;
  return COPS_OK;
}

int cops_character_load(cops_character **out, cops_ctx *ctx, const char *path)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  char *text;
  int rc = cops__load_begin(ctx, path, &text);
  if (rc)
    return rc;
  return cops__load_end(ctx, path, text, cops_character_from_json(out, ctx, text));
}

static json_t *points_json(const cops_character *ch, int kind)
{
  int cur, max;
  cops_character_points(ch, kind, &cur, &max);
  return json_pack("{s:i,s:i}", "max", max, "current", cur);
}

int cops_character_to_json(const cops_character *ch, char **out)
{
  if (!ch || !out)
    return COPS_EINVAL;
  *out = NULL;
  /* Every insertion is checked: a sheet short of memory is an error, never a
   * sheet with fields missing. */
  int bad = 0;
  json_t *chars = json_object();
  for (int c = 0; c < COPS_CHARACTERISTIC_COUNT; c++)
    bad |= json_object_set_new(chars, cops_characteristic_name(c, 0),
                               json_integer(cops_character_characteristic(ch, c)));
  json_t *hp = json_object();
  int cur;
  cops_character_hp(ch, &cur);
  if (cops_character_max_hp_is_set(ch))
    bad |= json_object_set_new(hp, "max", json_integer(cops_character_max_hp(ch)));
  bad |= json_object_set_new(hp, "current", json_integer(cur));
  json_t *skills = json_array();
  for (int s = 0; s < COPS_SKILL_COUNT; s++) {
    int level = cops_character_skill(ch, s);
    if (!level)
      continue;
    char text[8];
    snprintf(text, sizeof text, "%d+", level);
    json_t *o = json_pack("{s:s,s:s}", "skill", cops_skill_name(s, 0), "level", text);
    int n = cops_character_specialisation_count(ch, s);
    if (n > 0) {
      json_t *sp = json_array();
      for (int i = 0; i < n; i++)
        bad |= json_array_append_new(sp, json_string(cops_character_specialisation(ch, s, i)));
      bad |= json_object_set_new(o, "specialisations", sp);
    }
    bad |= json_array_append_new(skills, o);
  }
  json_t *root = json_pack("{s:i,s:s,s:o,s:o,s:o,s:o,s:o}", "schema", SHEET_SCHEMA, "name",
                           cops_character_name(ch), "characteristics", chars, "hit_points", hp,
                           "adrenaline", points_json(ch, COPS_ADRENALINE), "anciennete",
                           points_json(ch, COPS_ANCIENNETE), "skills", skills);
  return cops__sheet_out(ch->ctx, root, bad, out);
}

int cops_character_save(const cops_character *ch, const char *path)
{
  if (!ch)
    return COPS_EINVAL;
  cops_ctx *ctx = cops__character_ctx(ch);
  COPS__ENTER(ctx);
  if (!path)
    return cops__fail(ctx, COPS_EINVAL, "path is NULL");
  char *text;
  int rc = cops_character_to_json(ch, &text);
  if (rc)
    return cops__fail(ctx, rc, "out of memory for the sheet");
  rc = cops__write_file(ctx, path, text);
  cops_free(text);
  return rc;
}
