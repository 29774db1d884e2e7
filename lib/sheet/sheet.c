/* Character sheets as JSON (docs/sheets.md), read and written with jansson. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/sheet.h"
#include "base/jsonutil.h"

#define SHEET_SCHEMA 4   /* 4 (0.17.0): the dossier and extra, written only by a sheet that
                            has them (a sheet without stays schema 3, which 0.11.0 reads);
                            3 (0.11.0): relations (C9); 2 (0.10.0): the clock and the wounds
                            over time; 1 and 2 still read */

/* The keys of a relation's kind and upkeep in a sheet (stable, not translated). */
static const char *const kind_keys[] = {"ally", "informant"};
static const char *const upkeep_keys[] = {"none", "money", "information", "services",
                                          "favours"};

static int key_index(const char *s, const char *const *keys, int n)
{
  for (int k = 0; s && k < n; k++)
    if (!strcmp(s, keys[k]))
      return k;
  return -1;
}

/* The relations of a sheet (C9, docs/relations.md). */
static int load_relations(cops_character *ch, cops_ctx *ctx, json_t *list)
{
  static const char *const rkeys[] = {"name", "kind", "level", "upkeep", "domains", "push",
                                      NULL};
  if (!json_is_array(list) || json_array_size(list) > COPS_RELATIONS_MAX)
    return cops__fail(ctx, COPS_EJSON, "relations: expected at most %d relations",
                      COPS_RELATIONS_MAX);
  size_t i;
  json_t *v;
  int rc;
  json_array_foreach(list, i, v) {
    char where[48], field[96];
    snprintf(where, sizeof where, "relations[%zu]", i);
    if (!json_is_object(v))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
    if ((rc = cops__json_only_keys(ctx, v, where, rkeys)))
      return rc;
    const int kind = key_index(json_string_value(json_object_get(v, "kind")), kind_keys, 2);
    if (kind < 0)
      return cops__fail(ctx, COPS_EJSON, "%s.kind: expected \"ally\" or \"informant\"", where);
    int level, index;
    json_t *lv = json_object_get(v, "level");
    snprintf(field, sizeof field, "%s.level", where);
    if (!lv)
      return cops__fail(ctx, COPS_EJSON, "%s: missing field", field);
    if ((rc = cops__json_int(ctx, lv, field, 1, 4, &level)))
      return rc;
    json_t *name = json_object_get(v, "name");
    if (!json_is_string(name))
      return cops__fail(ctx, COPS_EJSON, "%s.name: expected a string", where);
    if ((rc = cops_character_add_relation(ch, json_string_value(name), kind, level, &index)))
      return cops__prefix_error(ctx, rc, where);
    json_t *up = json_object_get(v, "upkeep");
    if (up) {
      const int u = key_index(json_string_value(up), upkeep_keys, 5);
      if (u < 0)
        return cops__fail(ctx, COPS_EJSON, "%s.upkeep: expected none, money, information, "
                          "services or favours", where);
      snprintf(field, sizeof field, "%s.upkeep", where);
      if ((rc = cops_character_set_relation_upkeep(ch, index, u)))   /* C9: the kind's */
        return cops__prefix_error(ctx, rc, field);
    }
    json_t *ds = json_object_get(v, "domains");
    if (ds && (!json_is_array(ds) || json_array_size(ds) > COPS_DOMAINS_MAX))
      return cops__fail(ctx, COPS_EJSON, "%s.domains: expected at most %d domains", where,
                        COPS_DOMAINS_MAX);
    size_t k;
    json_t *d;
    json_array_foreach(ds, k, d) {
      static const char *const dkeys[] = {"domain", "rating", NULL};
      char at[80];
      snprintf(at, sizeof at, "%s.domains[%zu]", where, k);
      if (!json_is_object(d))
        return cops__fail(ctx, COPS_EJSON, "%s: expected an object", at);
      if ((rc = cops__json_only_keys(ctx, d, at, dkeys)))
        return rc;
      const char *dn = json_string_value(json_object_get(d, "domain"));
      int rating;
      snprintf(field, sizeof field, "%s.rating", at);
      json_t *rv = json_object_get(d, "rating");
      if (!dn || !rv)
        return cops__fail(ctx, COPS_EJSON, "%s: expected a domain and its rating", at);
      if ((rc = cops__json_int(ctx, rv, field, COPS_DOMAIN_RATING_MIN, COPS_DOMAIN_RATING_MAX,
                               &rating)))
        return rc;
      int before = ch->rel[index].nd;
      if ((rc = cops_relation_set_domain(ch, index, dn, rating)))
        return cops__prefix_error(ctx, rc, at);
      if (ch->rel[index].nd == before)
        return cops__fail(ctx, COPS_EJSON, "%s: '%s' is rated twice", at, dn);
    }
    json_t *push = json_object_get(v, "push");
    if (push && !json_is_string(push))
      return cops__fail(ctx, COPS_EJSON, "%s.push: expected a domain's name", where);
    if (push && (rc = cops_relation_push(ch, index, json_string_value(push))))
      return cops__prefix_error(ctx, rc, where);
  }
  return COPS_OK;
}

static json_t *relations_json(const cops_character *ch, int *bad)
{
  json_t *list = json_array();
  for (int i = 0; i < ch->nrel; i++) {
    const struct cops__relation *r = &ch->rel[i];
    json_t *ds = json_array();
    for (int k = 0; k < r->nd; k++)
      *bad |= json_array_append_new(ds, json_pack("{s:s,s:i}", "domain", r->d[k].name,
                                                  "rating", r->d[k].rating));
    /* ds is given to o by json_object_set_new(), which frees it when o is missing. */
    json_t *o = json_pack("{s:s,s:s,s:i,s:s}", "name", r->name, "kind", kind_keys[r->kind],
                          "level", r->level, "upkeep", upkeep_keys[r->upkeep]);
    *bad |= !ds || json_object_set_new(o, "domains", ds);
    if (o && r->pushed >= 0)
      *bad |= json_object_set_new(o, "push", json_string(r->d[r->pushed].name));
    *bad |= json_array_append_new(list, o);
  }
  return list;
}

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

/* ---- wounds over time (schema 2, docs/sheets.md, lib/sheet/wounds.c) ------------------- */

static const char *const treat_keys[COPS_TREAT_COUNT] = {"first_aid", "stabilise", "medicine"};
static const char *const rest_keys[COPS_REST_COUNT] = {"none", "natural", "hospital"};

json_t *cops__wounds_json(const struct cops__wounds *w, const struct cops__ledger_entry *ledger,
                          int ring, int *bad)
{
  json_t *o = json_object();
  if (!o) {
    *bad = 1;
    return NULL;
  }
  if (w->lasting)
    *bad |= json_object_set_new(o, "lasting", json_integer(w->lasting));
  if (w->bleed_period)
    *bad |= json_object_set_new(o, "bleeding", json_pack("{s:i,s:i}", "period", w->bleed_period,
                                                         "next", w->bleed_next));
  if (w->stabilised) {
    json_t *a = json_array();
    for (int k = 0; k < COPS_TREAT_COUNT; k++)
      if (w->stabilised & (1u << k))
        *bad |= json_array_append_new(a, json_string(treat_keys[k]));
    *bad |= json_object_set_new(o, "stabilised", a);
  }
  if (w->aided)
    *bad |= json_object_set_new(o, "first_aid", json_true());
  if (w->final)
    *bad |= json_object_set_new(o, "final", json_true());
  if (w->rest) {
    json_t *r = json_pack("{s:s,s:i}", "kind", rest_keys[w->rest], "since", w->rest_since);
    if (r && w->rest_value)
      *bad |= json_object_set_new(r, "fixed", json_integer(w->rest_value));
    *bad |= json_object_set_new(o, "rest", r);
  }
  if (w->ln) {
    json_t *a = json_array();
    for (int k = 0; k < w->ln; k++) {
      const struct cops__ledger_entry *x = &ledger[ring ? (w->lhead + k) % COPS__LEDGER : k];
      if (x->t < w->clock - COPS__WINDOW)
        continue;   /* older than ten minutes: forgotten (C8.8) */
      *bad |= json_array_append_new(a, json_pack("{s:i,s:i,s:i}", "time", x->t, "lost",
                                                 x->lost, "healed", x->healed));
    }
    *bad |= json_object_set_new(o, "ledger", a);
  }
  return o;
}

/* A key's whole number, when the key is there. */
static int opt_int(cops_ctx *ctx, json_t *o, const char *where, const char *key, int lo, int hi,
                   int *out)
{
  json_t *v = json_object_get(o, key);
  if (!v)
    return COPS_OK;
  char path[256];
  snprintf(path, sizeof path, "%s.%s", where, key);
  return cops__json_int(ctx, v, path, lo, hi, out);
}

static int opt_bool(cops_ctx *ctx, json_t *o, const char *where, const char *key, int *out)
{
  json_t *v = json_object_get(o, key);
  if (!v)
    return COPS_OK;
  if (!json_is_boolean(v))
    return cops__fail(ctx, COPS_EJSON, "%s.%s: expected true or false", where, key);
  *out = json_is_true(v);
  return COPS_OK;
}

int cops__wounds_read(cops_ctx *ctx, json_t *o, const char *where, int hp, int max,
                      struct cops__wounds *w, struct cops__ledger_entry *ledger)
{
  static const char *const keys[] = {"lasting", "bleeding", "stabilised", "first_aid", "final",
                                     "rest", "ledger", NULL};
  char path[128];
  int rc;
  const int clock = w->clock;
  memset(w, 0, sizeof *w);   /* an absent key: its default */
  w->clock = clock;
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  if ((rc = cops__json_only_keys(ctx, o, where, keys)) ||
      (rc = opt_int(ctx, o, where, "lasting", 0, 1000, &w->lasting)) ||
      (rc = opt_bool(ctx, o, where, "first_aid", &w->aided)) ||
      (rc = opt_bool(ctx, o, where, "final", &w->final)))
    return rc;
  if (w->final && hp > -max)
    return cops__fail(ctx, COPS_ERULE, "%s.final: at %d hit points, not clinically dead "
                      "(-%d: C8.2)", where, hp, max);
  json_t *b = json_object_get(o, "bleeding");
  snprintf(path, sizeof path, "%s.bleeding", where);
  if (b) {
    static const char *const bkeys[] = {"period", "next", NULL};
    if (!json_is_object(b))
      return cops__fail(ctx, COPS_EJSON, "%s: expected {\"period\": N, \"next\": N}", path);
    if ((rc = cops__json_only_keys(ctx, b, path, bkeys)))
      return rc;
    json_t *p = json_object_get(b, "period"), *n = json_object_get(b, "next");
    if (!p || !n)
      return cops__fail(ctx, COPS_EJSON, "%s.%s: missing field", path, p ? "next" : "period");
    char sub[160];
    snprintf(sub, sizeof sub, "%s.period", path);
    if ((rc = cops__json_int(ctx, p, sub, 1, 40, &w->bleed_period)))
      return rc;
    if (w->bleed_period != 1 && w->bleed_period != 10 && w->bleed_period != 40)
      return cops__fail(ctx, COPS_ERANGE, "%s: %d rounds, not 1, 10 or 40 (C8.5)", sub,
                        w->bleed_period);
    snprintf(sub, sizeof sub, "%s.next", path);
    const int reach = w->bleed_period == 1 ? 2 * COPS_ROUND_SECONDS
                                           : w->bleed_period * COPS_ROUND_SECONDS;
    const int top = w->clock <= COPS_CLOCK_MAX - reach ? w->clock + reach : COPS_CLOCK_MAX;
    if ((rc = cops__json_int(ctx, n, sub, w->clock, top, &w->bleed_next)))
      return rc;
    if (hp > 0 || hp <= -max)
      return cops__fail(ctx, COPS_ERULE, "%s: at %d hit points nobody bleeds (C8.2: 0 to -%d)",
                        path, hp, max - 1);
  } else {
    w->bleed_period = w->bleed_next = 0;   /* the caller gave a fall's default */
  }
  json_t *st = json_object_get(o, "stabilised");
  snprintf(path, sizeof path, "%s.stabilised", where);
  w->stabilised = 0;
  if (st) {
    if (!json_is_array(st))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an array", path);
    size_t i;
    json_t *x;
    json_array_foreach(st, i, x) {
      const char *k = json_string_value(x);
      int kind = k && !strcmp(k, "stabilise") ? COPS_TREAT_STABILISE
                 : k && !strcmp(k, "medicine") ? COPS_TREAT_MEDICINE
                                               : -1;
      if (kind < 0)
        return cops__fail(ctx, COPS_EJSON, "%s[%zu]: expected \"stabilise\" or \"medicine\"",
                          path, i);
      if (w->stabilised & (1u << kind))
        return cops__fail(ctx, COPS_EJSON, "%s[%zu]: %s appears twice", path, i, k);
      w->stabilised |= 1u << kind;
    }
    if (w->stabilised && hp > 0)
      return cops__fail(ctx, COPS_ERULE, "%s: at %d hit points there is no wound to stabilise "
                        "(C8.5)", path, hp);
  }
  json_t *r = json_object_get(o, "rest");
  snprintf(path, sizeof path, "%s.rest", where);
  w->rest = w->rest_value = w->rest_since = 0;
  if (r) {
    static const char *const rkeys[] = {"kind", "since", "fixed", NULL};
    if (!json_is_object(r))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", path);
    if ((rc = cops__json_only_keys(ctx, r, path, rkeys)))
      return rc;
    const char *k = json_string_value(json_object_get(r, "kind"));
    w->rest = -1;
    for (int i = 0; k && i < COPS_REST_COUNT; i++)
      if (!strcmp(k, rest_keys[i]))
        w->rest = i;
    if (w->rest < 0)
      return cops__fail(ctx, COPS_EJSON, "%s.kind: expected \"none\", \"natural\" or "
                        "\"hospital\"", path);
    if (!json_object_get(r, "since"))
      return cops__fail(ctx, COPS_EJSON, "%s.since: missing field", path);
    if ((rc = opt_int(ctx, r, path, "since", 0, w->clock, &w->rest_since)) ||
        (rc = opt_int(ctx, r, path, "fixed", 2, 12, &w->rest_value)))
      return rc;
    if (w->rest_value && w->rest != COPS_REST_HOSPITAL)
      return cops__fail(ctx, COPS_EJSON, "%s.fixed: only a hospital has a fixed gain (C8.6)",
                        path);
    if (w->rest == COPS_REST_HOSPITAL && w->bleed_period)
      return cops__fail(ctx, COPS_ERULE, "%s: nobody bleeds in hospital (docs/rulings.md)",
                        path);
  }
  json_t *l = json_object_get(o, "ledger");
  snprintf(path, sizeof path, "%s.ledger", where);
  w->lhead = w->ln = 0;
  if (l) {
    if (!json_is_array(l))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an array", path);
    if (json_array_size(l) > COPS__WINDOW + 1)
      return cops__fail(ctx, COPS_ERANGE, "%s: %zu entries, ten minutes hold at most %d",
                        path, json_array_size(l), COPS__WINDOW + 1);
    size_t i;
    json_t *x;
    json_array_foreach(l, i, x) {
      static const char *const lkeys[] = {"time", "lost", "healed", NULL};
      char e[160];
      snprintf(e, sizeof e, "%s[%zu]", path, i);
      if (!json_is_object(x))
        return cops__fail(ctx, COPS_EJSON, "%s: expected an object", e);
      struct cops__ledger_entry *y = &ledger[i];
      y->lost = y->healed = 0;
      const int from = w->clock >= COPS__WINDOW ? w->clock - COPS__WINDOW : 0;
      const int after = i ? ledger[i - 1].t + 1 : from;
      if ((rc = cops__json_only_keys(ctx, x, e, lkeys)))
        return rc;
      if (!json_object_get(x, "time"))
        return cops__fail(ctx, COPS_EJSON, "%s.time: missing field", e);
      if ((rc = opt_int(ctx, x, e, "time", after < from ? from : after, w->clock, &y->t)) ||
          (rc = opt_int(ctx, x, e, "lost", 0, COPS__LEDGER_MAX, &y->lost)) ||
          (rc = opt_int(ctx, x, e, "healed", 0, COPS__LEDGER_MAX, &y->healed)))
        return rc;
    }
    w->ln = (int)json_array_size(l);
  }
  return COPS_OK;
}

static int load(cops_character *ch, cops_ctx *ctx, json_t *root, const char *base)
{
  static const char *const keys[] = {"schema", "name", "characteristics", "hit_points",
                                     "adrenaline", "anciennete", "skills", "time", "wounds",
                                     "relations", "gear", "dossier", "extra", NULL};
  int rc;
  if (!json_is_object(root))
    return cops__fail(ctx, COPS_EJSON, "the sheet: expected a JSON object");
  json_t *system = json_object_get(root, "system");
  if (system && json_is_string(system) && !strcmp(json_string_value(system), "st"))
    return cops__fail(ctx, COPS_EJSON, "system: \"st\": a Storyteller sheet (read it with "
                      "cops_st_character_load, docs/storyteller.md)");
  const char *key;
  json_t *v;
  json_object_foreach(root, key, v) {
    int known = 0;
    for (int k = 0; keys[k] && !known; k++)
      known = !strcmp(key, keys[k]);
    if (!known)
      return cops__fail(ctx, COPS_EJSON, "%s: unknown field (a tabletop's own data goes in "
                        "the sheet's \"extra\" object, docs/sheets.md)", key);
  }
  json_t *schema = json_object_get(root, "schema");
  int version = SHEET_SCHEMA;
  if (schema && (rc = cops__json_int(ctx, schema, "schema", 1, SHEET_SCHEMA, &version)))
    return rc;
  if (version < 2 && (json_object_get(root, "time") || json_object_get(root, "wounds")))
    return cops__fail(ctx, COPS_EJSON, "%s: a sheet of schema 2 (0.10.0)",
                      json_object_get(root, "time") ? "time" : "wounds");
  if (version < 3 && json_object_get(root, "relations"))
    return cops__fail(ctx, COPS_EJSON, "relations: a sheet of schema 3 (0.11.0)");
  if (version < 4) {
    static const char *const later[] = {"gear", "dossier", "extra"};
    for (int k = 0; k < 3; k++)
      if (json_object_get(root, later[k]))
        return cops__fail(ctx, COPS_EJSON, "%s: a sheet of schema 4 (0.17.0)", later[k]);
  }
  json_t *time = json_object_get(root, "time");
  if (time && (rc = cops__json_int(ctx, time, "time", 0, COPS_CLOCK_MAX, &ch->w.clock)))
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

  json_t *wounds = json_object_get(root, "wounds");
  if (wounds) {
    struct cops__wounds w = ch->w;
    int now;
    cops_character_hp(ch, &now);
    if ((rc = cops__wounds_read(ctx, wounds, "wounds", now, cops_character_max_hp(ch), &w,
                                ch->ledger)))
      return rc;
    if (!json_object_get(wounds, "bleeding") && now <= 0 && now > -cops_character_max_hp(ch) &&
        w.rest != COPS_REST_HOSPITAL) {
      w.bleed_period = ch->w.bleed_period;   /* a fall now (cops_character_set_hp) */
      w.bleed_next = ch->w.bleed_next;
    }
    ch->w = w;
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
  json_t *relations = json_object_get(root, "relations");
  if (relations && (rc = load_relations(ch, ctx, relations)))
    return rc;
  if ((rc = cops__gear_read(ch, root, base)))
    return rc;
  return cops__dossier_read(ch, root);
}

int cops__character_from_json_in(cops_character **out, cops_ctx *ctx, const char *text,
                                 const char *base)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, text, "sheet", &root);
  if (rc)
    return rc;
  cops_character *ch = NULL;
  if (!(rc = cops_character_new(&ch, ctx)))
    rc = load(ch, ctx, root, base);
  json_decref(root);
  if (rc) {
    cops_character_free(ch);
    return rc;
  }
  *out = ch;
  return COPS_OK;
}

int cops_character_from_json(cops_character **out, cops_ctx *ctx, const char *text)
{
  return cops__character_from_json_in(out, ctx, text, NULL);
}

COPS__FILE_READER_IN_FOLDER(cops_character_load, cops_character, cops__character_from_json_in)

static json_t *points_json(const cops_character *ch, int kind)
{
  int cur, max;
  cops_character_points(ch, kind, &cur, &max);
  return json_pack("{s:i,s:i}", "max", max, "current", cur);
}

static json_t *character_json(const cops_character *ch, int inline_gear)
{
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
  json_t *root = json_pack("{s:i,s:s,s:o,s:o,s:o,s:o,s:o}", "schema",
                           ch->dossier || ch->extra || ch->gear ? SHEET_SCHEMA : 3, "name",
                           cops_character_name(ch), "characteristics", chars, "hit_points", hp,
                           "adrenaline", points_json(ch, COPS_ADRENALINE), "anciennete",
                           points_json(ch, COPS_ANCIENNETE), "skills", skills);
  /* Time and wounds, when there are any (schema 2). */
  if (root && ch->w.clock)
    bad |= json_object_set_new(root, "time", json_integer(ch->w.clock));
  if (root && ch->nrel)
    bad |= json_object_set_new(root, "relations", relations_json(ch, &bad));
  json_t *w = cops__wounds_json(&ch->w, ch->ledger, 1, &bad);
  if (root && w && json_object_size(w))
    bad |= json_object_set_new(root, "wounds", w);
  else
    json_decref(w);
  if (root)
    bad |= cops__gear_write(ch, root, inline_gear) != COPS_OK;
  if (root)
    bad |= cops__dossier_write(ch, root) != COPS_OK;
  if (bad) {
    json_decref(root);
    return NULL;
  }
  return root;
}

json_t *cops__character_json(const cops_character *ch)
{
  return character_json(ch, 0);
}

json_t *cops__character_json_inline(const cops_character *ch)
{
  return character_json(ch, 1);
}

int cops_character_to_json(const cops_character *ch, char **out)
{
  if (!ch || !out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *j = cops__character_json(ch);
  return cops__sheet_out(ch->ctx, j, !j, out);
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
