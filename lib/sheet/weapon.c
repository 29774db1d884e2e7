/* Weapons (COPS.md C10, C11) and their JSON files (docs/weapons.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/sheet.h"
#include "base/jsonutil.h"

static const struct {
  const char *name[2];
  int skill;
  const char *spec;
  int firearm;
} kinds[COPS_WEAPON_KIND_COUNT] = {
  {{"arme de poing", "handgun"}, COPS_ARME_DE_POING, NULL, 1},
  {{"arme d'épaule", "shoulder arm"}, COPS_ARME_D_EPAULE, "fusil", 1},
  {{"arme lourde", "heavy weapon"}, COPS_ARME_LOURDE, "mitrailleuse", 1},
  {{"arme blanche", "blade"}, COPS_ARME_DE_CONTACT, "couteau", 0},
  {{"arme contondante", "blunt"}, COPS_ARME_DE_CONTACT, "matraque", 0},
  {{"mains nues", "unarmed"}, COPS_CORPS_A_CORPS, NULL, 0},
  {{"arme de jet", "thrown"}, COPS_LANCER, NULL, 0},
};

static const char *const field_names[COPS_WEAPON_FIELD_COUNT] = {
  "pr", "pu", "fa", "range", "magazine", "loaded", "ct", "vrc", "vc",
};

const char *cops_weapon_kind_name(int kind, int lang)
{
  if (kind < 0 || kind >= COPS_WEAPON_KIND_COUNT || lang < 0 || lang > 1)
    return NULL;
  return kinds[kind].name[lang];
}

int cops_weapon_kind_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  for (int k = 0; k < COPS_WEAPON_KIND_COUNT; k++)
    for (int lang = 0; lang < 2; lang++)
      if (cops__names_match(text, strlen(text), kinds[k].name[lang])) {
        *out = k;
        return COPS_OK;
      }
  return COPS_ENOTFOUND;
}

int cops_weapon_values_from_name(const char *name, int *pr, int *pu, int *fa)
{
  if (!name || !pr || !pu || !fa)
    return COPS_EINVAL;
  int found = 0, a = 0, b = 0, c = 0, neg = 0;
  const char *s = name;
  while (*s) {
    while (*s == ' ' || *s == '\t')
      s++;
    const char *w = s;
    while (*s && *s != ' ' && *s != '\t')
      s++;
    const char *d = w;
    int minus = *d == '-';
    d += minus;
    if (s - d == 3 && d[0] >= '0' && d[0] <= '9' && d[1] >= '0' && d[1] <= '9' &&
        d[2] >= '0' && d[2] <= '9') {
      found = 1;
      neg = minus;
      a = d[0] - '0';
      b = d[1] - '0';
      c = d[2] - '0';
    }
  }
  if (!found)
    return COPS_ENOTFOUND;
  *pr = neg ? -a : a;
  *pu = b;
  *fa = c;
  return COPS_OK;
}

static int check_field(const cops_weapon *w, int field, int value)
{
  int lo = 0, hi = 0;
  const int cap = w->v[COPS_WEAPON_MAGAZINE];
  switch (field) {
  case COPS_WEAPON_PR: lo = COPS_PR_MIN; hi = COPS_PR_MAX; break;
  case COPS_WEAPON_PU: hi = COPS_PU_MAX; break;
  case COPS_WEAPON_FA: hi = COPS_FA_MAX; break;
  case COPS_WEAPON_RANGE: lo = 1; hi = COPS_RANGE_MAX; break;
  case COPS_WEAPON_MAGAZINE:
    lo = kinds[w->kind].firearm ? 1 : 0;
    hi = kinds[w->kind].firearm ? COPS_MAGAZINE_MAX : 0;
    break;
  case COPS_WEAPON_LOADED: hi = cap; break;
  case COPS_WEAPON_CT: lo = 1; hi = cap > 1 ? cap : 1; break;
  case COPS_WEAPON_VRC:
    if (value == 0)
      return COPS_OK;
    lo = 2;
    hi = cap;
    break;
  case COPS_WEAPON_VC: hi = kinds[w->kind].firearm ? 10 : 0; break;
  default:
    return cops__fail(w->ctx, COPS_ERANGE, "weapon field %d out of range 0..%d", field,
                      COPS_WEAPON_FIELD_COUNT - 1);
  }
  if (value < lo || value > hi) {
    if (field == COPS_WEAPON_VRC && cap < 2)
      return cops__fail(w->ctx, COPS_ERANGE, "vrc %d: a burst needs a magazine of 2 or more "
                        "(magazine %d)", value, cap);
    return cops__fail(w->ctx, COPS_ERANGE, "%s: %d out of range %d..%d (%s)", field_names[field],
                      value, lo, hi, w->name);
  }
  return COPS_OK;
}

int cops_weapon_new(cops_weapon **out, cops_ctx *ctx, int kind, const char *name)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (kind < 0 || kind >= COPS_WEAPON_KIND_COUNT)
    return cops__fail(ctx, COPS_ERANGE, "weapon kind %d out of range 0..%d", kind,
                      COPS_WEAPON_KIND_COUNT - 1);
  int rc = cops__check_name(ctx, "weapon name", name, COPS_NAME_MAX);
  if (rc)
    return rc;
  cops_weapon *w = cops__calloc(&ctx->alloc, sizeof *w);
  if (!w)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a weapon");
  w->ctx = ctx;
  w->stamp = cops__serial(ctx);
  w->kind = kind;
  snprintf(w->name, sizeof w->name, "%s", name);
  w->skill = kinds[kind].skill;
  snprintf(w->spec, sizeof w->spec, "%s", kinds[kind].spec ? kinds[kind].spec : "");
  int pr, pu, fa;
  if (cops_weapon_values_from_name(name, &pr, &pu, &fa) == COPS_OK) {
    w->v[COPS_WEAPON_PR] = pr;
    w->v[COPS_WEAPON_PU] = pu;
    w->v[COPS_WEAPON_FA] = fa;
  }
  const int firearm = kinds[kind].firearm;
  w->v[COPS_WEAPON_RANGE] = firearm || kind == COPS_THROWN ? 10 : 1;
  w->v[COPS_WEAPON_MAGAZINE] = w->v[COPS_WEAPON_LOADED] = firearm ? 1 : 0;
  w->v[COPS_WEAPON_CT] = 1;
  w->spares = -1;
  *out = w;
  return COPS_OK;
}

void cops_weapon_free(cops_weapon *w)
{
  if (!w || cops__refused(w->ctx))
    return;
  if (w->holders > 0) {   /* another holder keeps it */
    w->holders--;
    return;
  }
  cops__free(&w->ctx->alloc, w);
}

cops_weapon *cops_weapon_retain(cops_weapon *w)
{
  if (w)
    w->holders++;
  return w;
}

const char *cops_weapon_name(const cops_weapon *w)
{
  return w ? w->name : NULL;
}

int cops_weapon_kind(const cops_weapon *w)
{
  return w ? w->kind : COPS_EINVAL;
}

int cops_weapon_skill(const cops_weapon *w)
{
  return w ? w->skill : COPS_EINVAL;
}

const char *cops_weapon_specialisation(const cops_weapon *w)
{
  return w && w->spec[0] ? w->spec : NULL;
}

int cops__kind_is_firearm(int kind)
{
  return kind >= 0 && kind < COPS_WEAPON_KIND_COUNT && kinds[kind].firearm;
}

const char *cops_weapon_field_name(int field)
{
  return field >= 0 && field < COPS_WEAPON_FIELD_COUNT ? field_names[field] : NULL;
}

int cops_weapon_field_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  const int f = cops__name_index(text, field_names, COPS_WEAPON_FIELD_COUNT);
  if (f < 0)
    return COPS_ENOTFOUND;
  *out = f;
  return COPS_OK;
}

int cops_weapon_get(const cops_weapon *w, int field, int *value)
{
  if (!w || !value)
    return COPS_EINVAL;
  if (field < 0 || field >= COPS_WEAPON_FIELD_COUNT)
    return COPS_ERANGE;
  *value = w->v[field];
  return COPS_OK;
}

int cops_weapon_set(cops_weapon *w, int field, int value)
{
  if (!w)
    return COPS_EINVAL;
  COPS__ENTER(w->ctx);
  int rc = check_field(w, field, value);
  if (rc)
    return rc;
  if (field == COPS_WEAPON_MAGAZINE) {
    if (w->v[COPS_WEAPON_CT] > (value > 1 ? value : 1) ||
        w->v[COPS_WEAPON_VRC] > value)
      return cops__fail(w->ctx, COPS_ERANGE,
                        "magazine %d is smaller than the weapon's CT %d or VRC %d", value,
                        w->v[COPS_WEAPON_CT], w->v[COPS_WEAPON_VRC]);
    if (w->v[COPS_WEAPON_LOADED] > value)
      w->v[COPS_WEAPON_LOADED] = value;
  }
  if (field != COPS_WEAPON_LOADED)
    w->stamp = cops__serial(w->ctx);
  w->v[field] = value;
  return COPS_OK;
}

int cops_weapon_set_skill(cops_weapon *w, int skill, const char *spec)
{
  if (!w)
    return COPS_EINVAL;
  COPS__ENTER(w->ctx);
  static const int allowed[] = {COPS_ARME_DE_POING, COPS_ARME_D_EPAULE, COPS_ARME_LOURDE,
                                COPS_ARME_DE_CONTACT, COPS_LANCER, COPS_CORPS_A_CORPS};
  int ok = 0;
  for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
    ok |= allowed[i] == skill;
  if (!ok)
    return cops__fail(w->ctx, COPS_ERULE, "%s is not a weapon skill",
                      cops_skill_name(skill, 0) ? cops_skill_name(skill, 0) : "that");
  const char *canonical = NULL;
  if (spec) {
    int rc = cops__check_specialisation(w->ctx, skill, spec, strlen(spec), &canonical);
    if (rc)
      return rc;
  }
  w->skill = skill;
  snprintf(w->spec, sizeof w->spec, "%s", spec ? (canonical ? canonical : spec) : "");
  w->stamp = cops__serial(w->ctx);
  return COPS_OK;
}

int cops_weapon_reload(cops_weapon *w)
{
  if (!w)
    return COPS_EINVAL;
  COPS__ENTER(w->ctx);
  if (!w->v[COPS_WEAPON_MAGAZINE])
    return cops__fail(w->ctx, COPS_ERULE, "%s has no magazine to reload", w->name);
  if (!w->spares)
    return cops__fail(w->ctx, COPS_ERULE, "%s: no spare magazine left to reload with",
                      w->name);
  w->v[COPS_WEAPON_LOADED] = w->v[COPS_WEAPON_MAGAZINE];
  if (w->spares > 0)
    w->spares--;
  return COPS_OK;
}

int cops_weapon_magazines(const cops_weapon *w)
{
  return w ? w->spares : -1;
}

int cops_weapon_set_magazines(cops_weapon *w, int spares)
{
  if (!w)
    return COPS_EINVAL;
  COPS__ENTER(w->ctx);
  if (spares < -1 || spares > COPS_MAGAZINES_MAX)
    return cops__fail(w->ctx, COPS_ERANGE, "magazines: %d out of range 0..%d (-1: not counted)",
                      spares, COPS_MAGAZINES_MAX);
  if (spares >= 0 && !w->v[COPS_WEAPON_MAGAZINE])
    return cops__fail(w->ctx, COPS_ERULE, "magazines: %s has no magazine", w->name);
  w->spares = spares;
  return COPS_OK;
}

/* The order fields are set in from a file: the magazine before what must fit it. */
static const int load_order[COPS_WEAPON_FIELD_COUNT] = {
  COPS_WEAPON_PR, COPS_WEAPON_PU, COPS_WEAPON_FA, COPS_WEAPON_RANGE, COPS_WEAPON_MAGAZINE,
  COPS_WEAPON_LOADED, COPS_WEAPON_CT, COPS_WEAPON_VRC, COPS_WEAPON_VC,
};

static int load(cops_weapon **out, cops_ctx *ctx, json_t *root)
{
  static const char *const keys[] = {"schema", "name", "kind", "skill", "specialisation", "pr",
                                     "pu", "fa", "range", "magazine", "loaded", "ct", "vrc",
                                     "vc", "magazines", NULL};
  int rc, kind, dummy;
  if (!json_is_object(root))
    return cops__fail(ctx, COPS_EJSON, "the weapon: expected a JSON object");
  if ((rc = cops__json_only_keys(ctx, root, "", keys)))
    return rc;
  json_t *schema = json_object_get(root, "schema");
  if (schema && (rc = cops__json_int(ctx, schema, "schema", 1, 1, &dummy)))
    return rc;
  json_t *name = json_object_get(root, "name"), *k = json_object_get(root, "kind");
  if (!name || !k)
    return cops__fail(ctx, COPS_EJSON, "%s: missing field", name ? "kind" : "name");
  if (!json_is_string(name))
    return cops__fail(ctx, COPS_EJSON, "name: expected a string");
  if (!json_is_string(k))
    return cops__fail(ctx, COPS_EJSON, "kind: expected a string");
  if (cops_weapon_kind_parse(json_string_value(k), &kind))
    return cops__fail(ctx, COPS_ENOTFOUND, "kind: unknown kind '%s' (handgun, shoulder arm, "
                      "heavy weapon, blade, blunt, unarmed, thrown)", json_string_value(k));
  cops_weapon *w;
  if ((rc = cops_weapon_new(&w, ctx, kind, json_string_value(name))))
    return cops__prefix_error(ctx, rc, "name");
  json_t *skill = json_object_get(root, "skill"), *spec = json_object_get(root, "specialisation");
  if (skill || spec) {
    int s = w->skill;
    if (skill && !json_is_string(skill)) {
      rc = cops__fail(ctx, COPS_EJSON, "skill: expected a skill's name");
    } else if (skill && cops_skill_parse(json_string_value(skill), &s)) {
      rc = cops__fail(ctx, COPS_ENOTFOUND, "skill: unknown skill '%s'",
                      json_string_value(skill));
    } else if (spec && !json_is_string(spec) && !json_is_null(spec)) {
      rc = cops__fail(ctx, COPS_EJSON, "specialisation: expected a name or null");
    } else if ((rc = cops_weapon_set_skill(w, s, json_is_string(spec) ? json_string_value(spec)
                                                                      : NULL))) {
      cops__prefix_error(ctx, rc, spec ? "specialisation" : "skill");
    }
    if (rc) {
      cops_weapon_free(w);
      return rc;
    }
  }
  int named = cops_weapon_values_from_name(w->name, &dummy, &dummy, &dummy) == COPS_OK;
  int loaded_given = json_object_get(root, "loaded") != NULL;
  for (int i = 0; i < COPS_WEAPON_FIELD_COUNT; i++) {
    const int f = load_order[i];
    json_t *v = json_object_get(root, field_names[f]);
    int value;
    if (!v) {
      if (f <= COPS_WEAPON_FA && !named) {
        rc = cops__fail(ctx, COPS_EJSON, "%s: missing field (the name carries no PR/PU/FA)",
                        field_names[f]);
        break;
      }
      if (f == COPS_WEAPON_MAGAZINE && !loaded_given)
        w->v[COPS_WEAPON_LOADED] = 0;
      continue;
    }
    if ((rc = cops__json_int(ctx, v, field_names[f], -COPS_MAGAZINE_MAX, COPS_RANGE_MAX,
                             &value)))
      break;
    if ((rc = cops_weapon_set(w, f, value)))
      break; /* the message names the field */
    if (f == COPS_WEAPON_MAGAZINE && !loaded_given)
      w->v[COPS_WEAPON_LOADED] = value; /* a weapon comes loaded unless the file says */
  }
  json_t *spares = json_object_get(root, "magazines");
  if (!rc && spares) {
    int n;
    if (!(rc = cops__json_int(ctx, spares, "magazines", 0, COPS_MAGAZINES_MAX, &n)))
      rc = cops_weapon_set_magazines(w, n);   /* the message names the field */
  }
  if (rc) {
    cops_weapon_free(w);
    return rc;
  }
  *out = w;
  return COPS_OK;
}

int cops_weapon_from_json(cops_weapon **out, cops_ctx *ctx, const char *text)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, text, "weapon", &root);
  if (rc)
    return rc;
  rc = load(out, ctx, root);
  json_decref(root);
  return rc;
}

COPS__FILE_READER(cops_weapon_load, cops_weapon, cops_weapon_from_json)

json_t *cops__weapon_json(const cops_weapon *w)
{
  json_t *j = json_pack("{s:i,s:s,s:s,s:s}", "schema", 1, "name", w->name, "kind",
                        kinds[w->kind].name[COPS_LANG_EN], "skill",
                        cops_skill_name(w->skill, COPS_LANG_FR));
  int bad = 0;
  if (j && w->spec[0])
    bad |= json_object_set_new(j, "specialisation", json_string(w->spec));
  for (int f = 0; j && f < COPS_WEAPON_FIELD_COUNT; f++)
    bad |= json_object_set_new(j, field_names[f], json_integer(w->v[f]));
  if (j && w->spares >= 0)
    bad |= json_object_set_new(j, "magazines", json_integer(w->spares));
  if (bad) {
    json_decref(j);
    return NULL;
  }
  return j;
}

int cops_weapon_to_json(const cops_weapon *w, char **out)
{
  if (!w || !out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *j = cops__weapon_json(w);
  return cops__sheet_out(w->ctx, j, !j, out);
}
