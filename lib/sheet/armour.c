/* Armour (COPS.md C8.1, C11.1, A4.2) and its JSON files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/sheet.h"
#include "base/jsonutil.h"

struct cops_armour {
  cops_ctx *ctx;
  int holders;           /* references beyond the maker's (cops_armour_retain) */
  char name[COPS_NAME_MAX + 1];
  int dice[COPS_LOCATION_COUNT], fixed[COPS_LOCATION_COUNT];
  int against_throws;
  uint64_t stamp;        /* a cops__serial, new at each change (cops__armour_stamp) */
};

uint64_t cops__armour_stamp(const cops_armour *a)
{
  return a ? a->stamp : 0;
}

static const char *const location_names[COPS_LOCATION_COUNT][3] = {
  {"jambe droite", "right leg", "right_leg"},
  {"jambe gauche", "left leg", "left_leg"},
  {"abdomen", "abdomen", "abdomen"},
  {"torse", "torso", "torso"},
  {"bras droit", "right arm", "right_arm"},
  {"bras gauche", "left arm", "left_arm"},
  {"tête", "head", "head"},
};

const char *cops_location_name(int loc, int lang)
{
  if (loc < 0 || loc >= COPS_LOCATION_COUNT || lang < 0 || lang > 1)
    return NULL;
  return location_names[loc][lang];
}

int cops_location_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  for (int l = 0; l < COPS_LOCATION_COUNT; l++)
    for (int k = 0; k < 3; k++)
      if (cops__names_match(text, strlen(text), location_names[l][k])) {
        *out = l;
        return COPS_OK;
      }
  if (cops__names_match(text, strlen(text), "chest") ||
      cops__names_match(text, strlen(text), "poitrine")) {
    *out = COPS_LOC_TORSO;
    return COPS_OK;
  }
  return COPS_ENOTFOUND;
}

int cops_armour_new(cops_armour **out, cops_ctx *ctx, const char *name)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  int rc = cops__check_name(ctx, "armour name", name, COPS_NAME_MAX);
  if (rc)
    return rc;
  cops_armour *a = cops__calloc(&ctx->alloc, sizeof *a);
  if (!a)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for armour");
  a->ctx = ctx;
  a->stamp = cops__serial(ctx);
  snprintf(a->name, sizeof a->name, "%s", name);
  *out = a;
  return COPS_OK;
}

void cops_armour_free(cops_armour *a)
{
  if (!a || cops__refused(a->ctx))
    return;
  if (a->holders > 0) {   /* another holder keeps it */
    a->holders--;
    return;
  }
  cops__free(&a->ctx->alloc, a);
}

cops_armour *cops_armour_retain(const cops_armour *a)
{
  cops_armour *m = (cops_armour *)a;   /* the count is bookkeeping, not the armour */
  if (m)
    m->holders++;
  return m;
}

const char *cops_armour_name(const cops_armour *a)
{
  return a ? a->name : NULL;
}

int cops_armour_set(cops_armour *a, int loc, int dice, int fixed)
{
  if (!a)
    return COPS_EINVAL;
  COPS__ENTER(a->ctx);
  if (loc < 0 || loc >= COPS_LOCATION_COUNT)
    return cops__fail(a->ctx, COPS_ERANGE, "location %d out of range 0..%d", loc,
                      COPS_LOCATION_COUNT - 1);
  if (dice < 0 || dice > COPS_ARMOUR_DICE_MAX)
    return cops__fail(a->ctx, COPS_ERANGE, "%s: %d protection dice out of range 0..%d",
                      location_names[loc][1], dice, COPS_ARMOUR_DICE_MAX);
  if (fixed < 0 || fixed > COPS_ARMOUR_FIXED_MAX)
    return cops__fail(a->ctx, COPS_ERANGE, "%s: fixed protection %d out of range 0..%d",
                      location_names[loc][1], fixed, COPS_ARMOUR_FIXED_MAX);
  a->dice[loc] = dice;
  a->fixed[loc] = fixed;
  a->stamp = cops__serial(a->ctx);
  return COPS_OK;
}

int cops_armour_get(const cops_armour *a, int loc, int *dice, int *fixed)
{
  if (!a)
    return COPS_EINVAL;
  if (loc < 0 || loc >= COPS_LOCATION_COUNT)
    return COPS_ERANGE;
  if (dice)
    *dice = a->dice[loc];
  if (fixed)
    *fixed = a->fixed[loc];
  return COPS_OK;
}

int cops_armour_set_against_throws(cops_armour *a, int yes)
{
  if (!a)
    return COPS_EINVAL;
  COPS__ENTER(a->ctx);
  a->against_throws = yes != 0;
  a->stamp = cops__serial(a->ctx);
  return COPS_OK;
}

int cops_armour_against_throws(const cops_armour *a)
{
  return a ? a->against_throws : COPS_EINVAL;
}

static int load_protection(cops_armour *a, cops_ctx *ctx, json_t *prot)
{
  static const char *const pkeys[] = {"dice", "fixed", NULL};
  if (!json_is_object(prot))
    return cops__fail(ctx, COPS_EJSON, "protection: expected an object of locations");
  const char *key;
  json_t *v;
  json_object_foreach(prot, key, v) {
    char path[96];
    int rc, dice = 0, fixed = 0, locs[2], n = 0;
    snprintf(path, sizeof path, "protection.%s", key);
    if (!strcmp(key, "legs")) {
      locs[n++] = COPS_LOC_RIGHT_LEG;
      locs[n++] = COPS_LOC_LEFT_LEG;
    } else if (!strcmp(key, "arms")) {
      locs[n++] = COPS_LOC_RIGHT_ARM;
      locs[n++] = COPS_LOC_LEFT_ARM;
    } else if (cops_location_parse(key, &locs[0]) == COPS_OK) {
      n = 1;
    } else {
      return cops__fail(ctx, COPS_ENOTFOUND, "%s: unknown location (head, torso, abdomen, "
                        "right_arm, left_arm, right_leg, left_leg, arms, legs)", path);
    }
    if (!json_is_object(v))
      return cops__fail(ctx, COPS_EJSON, "%s: expected {\"dice\": N, \"fixed\": N}", path);
    if ((rc = cops__json_only_keys(ctx, v, path, pkeys)))
      return rc;
    json_t *d = json_object_get(v, "dice"), *f = json_object_get(v, "fixed");
    char field[112];
    snprintf(field, sizeof field, "%s.dice", path);
    if (d && (rc = cops__json_int(ctx, d, field, 0, COPS_ARMOUR_DICE_MAX, &dice)))
      return rc;
    snprintf(field, sizeof field, "%s.fixed", path);
    if (f && (rc = cops__json_int(ctx, f, field, 0, COPS_ARMOUR_FIXED_MAX, &fixed)))
      return rc;
    for (int i = 0; i < n; i++)
      cops_armour_set(a, locs[i], dice, fixed);
  }
  return COPS_OK;
}

int cops_armour_from_json(cops_armour **out, cops_ctx *ctx, const char *text)
{
  static const char *const keys[] = {"schema", "name", "protection", "against_throws", NULL};
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, text, "armour", &root), dummy;
  if (rc)
    return rc;
  cops_armour *a = NULL;
  json_t *name, *schema, *prot, *throws;
  if (!json_is_object(root)) {
    rc = cops__fail(ctx, COPS_EJSON, "the armour: expected a JSON object");
  } else if (!(rc = cops__json_only_keys(ctx, root, "", keys))) {
    name = json_object_get(root, "name");
    schema = json_object_get(root, "schema");
    prot = json_object_get(root, "protection");
    throws = json_object_get(root, "against_throws");
    if (schema && (rc = cops__json_int(ctx, schema, "schema", 1, 1, &dummy))) {
    } else if (!name) {
      rc = cops__fail(ctx, COPS_EJSON, "name: missing field");
    } else if (!json_is_string(name)) {
      rc = cops__fail(ctx, COPS_EJSON, "name: expected a string");
    } else if (throws && !json_is_boolean(throws)) {
      rc = cops__fail(ctx, COPS_EJSON, "against_throws: expected true or false");
    } else if (!(rc = cops_armour_new(&a, ctx, json_string_value(name)))) {
      a->against_throws = json_is_true(throws);
      if (prot)
        rc = load_protection(a, ctx, prot);
    }
  }
  json_decref(root);
  if (rc) {
    cops_armour_free(a);
    return rc;
  }
  *out = a;
  return COPS_OK;
}

COPS__FILE_READER(cops_armour_load, cops_armour, cops_armour_from_json)

json_t *cops__armour_json(const cops_armour *a)
{
  json_t *prot = json_object();
  /* Head to legs, as a sheet reads. */
  static const int order[COPS_LOCATION_COUNT] = {
    COPS_LOC_HEAD, COPS_LOC_TORSO, COPS_LOC_ABDOMEN, COPS_LOC_RIGHT_ARM, COPS_LOC_LEFT_ARM,
    COPS_LOC_RIGHT_LEG, COPS_LOC_LEFT_LEG,
  };
  int bad = 0;
  for (int i = 0; i < COPS_LOCATION_COUNT; i++) {
    const int l = order[i];
    if (a->dice[l] || a->fixed[l])
      bad |= json_object_set_new(prot, location_names[l][2],
                                 json_pack("{s:i,s:i}", "dice", a->dice[l], "fixed",
                                           a->fixed[l]));
  }
  json_t *j = json_pack("{s:i,s:s,s:o,s:b}", "schema", 1, "name", a->name, "protection", prot,
                        "against_throws", a->against_throws);
  if (bad) {
    json_decref(j);
    return NULL;
  }
  return j;
}

int cops_armour_to_json(const cops_armour *a, char **out)
{
  if (!a || !out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *j = cops__armour_json(a);
  return cops__sheet_out(a->ctx, j, !j, out);
}
