/* The subject of an interrogation (COPS.md C4, docs/interrogations.md): its resisting
 * characteristics, resistance modifiers, reactions to the five attitudes, affinity and
 * deficiency, the facts it knows by tier; its JSON file (schemas/subject.schema.json). */
#include <stdio.h>
#include <string.h>

#include <cops/interrogation.h>

#include "social/social.h"
#include "base/jsonutil.h"
#include "lang/lang.h"

#define FAIL(s, code, ...) cops__fail((s)->ctx, (code), __VA_ARGS__)
#define TAG_MAX 63

struct cops_subject {
  cops_ctx *ctx;
  char name[COPS_NAME_MAX + 1];
  int value[3], resistance[3];            /* Sang-froid, Charme, Éducation */
  int reaction[COPS_IV_ATTITUDE_COUNT];
  int mode;
  int ntags[2];
  char tags[2][COPS_TAGS_MAX][TAG_MAX + 1];
  unsigned barred;        /* bit k: method k (Intimidation, Éloquence, Rhétorique) barred (C4.7) */
  int resistance_up;      /* C4.7, 0..COPS__IV_UP_MAX */
  int nfacts;
  struct {
    int tier;
    char text[COPS_FACT_MAX + 1];
  } fact[COPS_FACTS_MAX];
};

static const int resisting[3] = {COPS_SANG_FROID, COPS_CHARME, COPS_EDUCATION};

/* The index 0..2 of a resisting characteristic, or -1. */
static int slot_of(int characteristic)
{
  for (int k = 0; k < 3; k++)
    if (resisting[k] == characteristic)
      return k;
  return -1;
}

int cops_method_characteristic(int skill)
{
  return skill == COPS_INTIMIDATION ? COPS_SANG_FROID
         : skill == COPS_ELOQUENCE  ? COPS_CHARME
         : skill == COPS_RHETORIQUE ? COPS_EDUCATION
                                    : COPS_EINVAL;
}

int cops__subject_roll(const cops_subject *s, int characteristic, int *value, int *resistance)
{
  const int k = slot_of(characteristic);
  if (!s || k < 0)
    return COPS_EINVAL;
  *value = s->value[k];
  *resistance = s->resistance[k];
  return COPS_OK;
}

cops_ctx *cops__subject_ctx(const cops_subject *s)
{
  return s->ctx;
}

int cops_subject_new(cops_subject **out, cops_ctx *ctx, const char *name)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  int rc = cops__check_name(ctx, "the subject's name", name, COPS_NAME_MAX);
  if (rc)
    return rc;
  cops_subject *s = cops__calloc(&ctx->alloc, sizeof *s);
  if (!s)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a subject");
  s->ctx = ctx;
  snprintf(s->name, sizeof s->name, "%s", name);
  for (int k = 0; k < 3; k++)
    s->value[k] = 2;
  *out = s;
  return COPS_OK;
}

void cops_subject_free(cops_subject *s)
{
  if (!s || cops__refused(s->ctx))
    return;
  cops__free(&s->ctx->alloc, s);
}

const char *cops_subject_name(const cops_subject *s)
{
  return s ? s->name : NULL;
}

static int slot(cops_subject *s, int characteristic, int *k)
{
  if ((*k = slot_of(characteristic)) < 0)
    return FAIL(s, COPS_EINVAL, "characteristic %d: a subject resists with Sang-froid, Charme "
                "or Éducation (C4.2)", characteristic);
  return COPS_OK;
}

static int in_range(cops_subject *s, const char *what, int v, int lo, int hi)
{
  return v < lo || v > hi ? FAIL(s, COPS_ERANGE, "%s %d out of range %d..%d", what, v, lo, hi)
                          : COPS_OK;
}

int cops_subject_set_characteristic(cops_subject *s, int characteristic, int value)
{
  if (!s)
    return COPS_EINVAL;
  COPS__ENTER(s->ctx);
  int k, rc;
  if ((rc = slot(s, characteristic, &k)) || (rc = in_range(s, "characteristic", value, 1, 5)))
    return rc;
  s->value[k] = value;
  return COPS_OK;
}

int cops_subject_characteristic(const cops_subject *s, int characteristic)
{
  const int k = slot_of(characteristic);
  return s && k >= 0 ? s->value[k] : COPS_EINVAL;
}

int cops_subject_set_resistance(cops_subject *s, int characteristic, int modifier)
{
  if (!s)
    return COPS_EINVAL;
  COPS__ENTER(s->ctx);
  int k, rc;
  if ((rc = slot(s, characteristic, &k)) ||
      (rc = in_range(s, "resistance modifier", modifier, -COPS_REACTION_MAX, COPS_REACTION_MAX)))
    return rc;
  s->resistance[k] = modifier;
  return COPS_OK;
}

int cops_subject_resistance(const cops_subject *s, int characteristic, int *out)
{
  const int k = slot_of(characteristic);
  if (!s || k < 0 || !out)
    return COPS_EINVAL;
  *out = s->resistance[k];
  return COPS_OK;
}

int cops_subject_set_reaction(cops_subject *s, int attitude, int reaction)
{
  if (!s)
    return COPS_EINVAL;
  COPS__ENTER(s->ctx);
  if (attitude < 0 || attitude >= COPS_IV_ATTITUDE_COUNT)
    return FAIL(s, COPS_EINVAL, "attitude %d: a cops_interview_attitude", attitude);
  int rc = in_range(s, "reaction", reaction, -COPS_REACTION_MAX, COPS_REACTION_MAX);
  if (!rc)
    s->reaction[attitude] = reaction;
  return rc;
}

int cops_subject_reaction(const cops_subject *s, int attitude, int *out)
{
  if (!s || !out || attitude < 0 || attitude >= COPS_IV_ATTITUDE_COUNT)
    return COPS_EINVAL;
  *out = s->reaction[attitude];
  return COPS_OK;
}

int cops_subject_set_reaction_mode(cops_subject *s, int mode)
{
  if (!s)
    return COPS_EINVAL;
  COPS__ENTER(s->ctx);
  if (mode != COPS_REACTION_DICE && mode != COPS_REACTION_RESISTANCE)
    return FAIL(s, COPS_EINVAL, "reaction mode %d: COPS_REACTION_DICE or "
                "COPS_REACTION_RESISTANCE", mode);
  s->mode = mode;
  return COPS_OK;
}

int cops_subject_reaction_mode(const cops_subject *s)
{
  return s ? s->mode : COPS_EINVAL;
}

int cops_subject_has_tag(const cops_subject *s, int deficiency, const char *tag)
{
  if (!s || !tag || (deficiency != 0 && deficiency != 1))
    return COPS_EINVAL;
  for (int i = 0; i < s->ntags[deficiency]; i++)
    if (cops__names_match(tag, strlen(tag), s->tags[deficiency][i]))
      return 1;
  return 0;
}

int cops_subject_add_tag(cops_subject *s, int deficiency, const char *tag)
{
  if (!s)
    return COPS_EINVAL;
  COPS__ENTER(s->ctx);
  if (deficiency != 0 && deficiency != 1)
    return FAIL(s, COPS_EINVAL, "deficiency %d: 0 (an affinity) or 1", deficiency);
  int rc = cops__check_name(s->ctx, "a tag", tag, TAG_MAX);
  if (rc)
    return rc;
  if (cops_subject_has_tag(s, deficiency, tag) == 1)
    return FAIL(s, COPS_EINVAL, "'%s' is there already", tag);
  if (s->ntags[deficiency] == COPS_TAGS_MAX)
    return FAIL(s, COPS_ERANGE, "at most %d tags", COPS_TAGS_MAX);
  snprintf(s->tags[deficiency][s->ntags[deficiency]++], TAG_MAX + 1, "%s", tag);
  return COPS_OK;
}

int cops_subject_tag_count(const cops_subject *s, int deficiency)
{
  return s && (deficiency == 0 || deficiency == 1) ? s->ntags[deficiency] : COPS_EINVAL;
}

const char *cops_subject_tag(const cops_subject *s, int deficiency, int i)
{
  return s && (deficiency == 0 || deficiency == 1) && i >= 0 && i < s->ntags[deficiency]
             ? s->tags[deficiency][i] : NULL;
}

int cops_subject_add_fact(cops_subject *s, int tier, const char *fact)
{
  if (!s)
    return COPS_EINVAL;
  COPS__ENTER(s->ctx);
  int rc = in_range(s, "tier", tier, 0, COPS_TIER_MAX);
  if (rc || (rc = cops__check_name(s->ctx, "a fact", fact, COPS_FACT_MAX)))
    return rc;
  if (s->nfacts == COPS_FACTS_MAX)
    return FAIL(s, COPS_ERANGE, "at most %d facts", COPS_FACTS_MAX);
  s->fact[s->nfacts].tier = tier;
  snprintf(s->fact[s->nfacts].text, sizeof s->fact[0].text, "%s", fact);
  s->nfacts++;
  return COPS_OK;
}

/* ---- what the subject has been through (C4.7) ---------------------------------- */

static const int methods[3] = {COPS_INTIMIDATION, COPS_ELOQUENCE, COPS_RHETORIQUE};
static const char *const method_keys[3] = {"intimidation", "eloquence", "rhetorique"};

static int method_slot(int skill)
{
  for (int k = 0; k < 3; k++)
    if (methods[k] == skill)
      return k;
  return -1;
}

int cops_subject_barred(const cops_subject *s, int skill)
{
  const int k = method_slot(skill);
  return s && k >= 0 ? (int)(s->barred >> k & 1u) : COPS_EINVAL;
}

int cops_subject_set_barred(cops_subject *s, int skill, int barred)
{
  if (!s)
    return COPS_EINVAL;
  COPS__ENTER(s->ctx);
  const int k = method_slot(skill);
  if (k < 0)
    return FAIL(s, COPS_EINVAL, "skill %d: a method is Intimidation, Éloquence or Rhétorique "
                "(C4.2)", skill);
  if (barred != 0 && barred != 1)
    return FAIL(s, COPS_EINVAL, "barred %d: 1 to bar the method, 0 to open it", barred);
  s->barred = barred ? s->barred | 1u << k : s->barred & ~(1u << k);
  return COPS_OK;
}

int cops_subject_resistance_up(const cops_subject *s)
{
  return s ? s->resistance_up : COPS_EINVAL;
}

int cops_subject_set_resistance_up(cops_subject *s, int up)
{
  if (!s)
    return COPS_EINVAL;
  COPS__ENTER(s->ctx);
  int rc = in_range(s, "resistance increases", up, 0, COPS__IV_UP_MAX);
  if (!rc)
    s->resistance_up = up;
  return rc;
}

unsigned cops__subject_barred_bits(const cops_subject *s)
{
  return s->barred;
}

void cops__subject_set_state(cops_subject *s, unsigned barred, int up)
{
  s->barred = barred & 7u;
  s->resistance_up = up;
}

int cops_subject_fact_count(const cops_subject *s)
{
  return s ? s->nfacts : COPS_EINVAL;
}

const char *cops_subject_fact(const cops_subject *s, int i, int *tier)
{
  if (!s || i < 0 || i >= s->nfacts)
    return NULL;
  if (tier)
    *tier = s->fact[i].tier;
  return s->fact[i].text;
}

const char *cops_interview_attitude_name(int attitude, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && attitude >= 0 && attitude < COPS_IV_ATTITUDE_COUNT ? L->iv_attitude[attitude]
                                                                 : NULL;
}

int cops_interview_attitude_parse(const char *text, int *attitude)
{
  if (!text || !attitude)
    return COPS_EINVAL;
  for (int lang = 0; lang < cops__lang_count(); lang++)
    for (int a = 0; a < COPS_IV_ATTITUDE_COUNT; a++)
      if (cops__names_match(text, strlen(text), cops__lang(lang)->iv_attitude[a])) {
        *attitude = a;
        return COPS_OK;
      }
  return COPS_ENOTFOUND;
}

/* ---- the file ------------------------------------------------------------------ */

static const char *const modes[] = {"dice", "resistance"};
static const char *const tag_keys[] = {"affinity", "deficiency"};

/* An object of names to small numbers: each key read by parse, each value lo..hi. */
static int read_map(cops_subject *s, json_t *o, const char *field, int (*parse)(const char *, int *),
                    int lo, int hi, int (*set)(cops_subject *, int, int))
{
  if (!json_is_object(o))
    return FAIL(s, COPS_EJSON, "%s: expected an object", field);
  const char *key;
  json_t *v;
  int rc;
  json_object_foreach(o, key, v) {
    char path[160];
    snprintf(path, sizeof path, "%s.%s", field, key);
    int which, value;
    if (parse(key, &which))
      return FAIL(s, COPS_EJSON, "%s: unknown name", path);
    if ((rc = cops__json_int(s->ctx, v, path, lo, hi, &value)))
      return rc;
    if ((rc = set(s, which, value)))
      return cops__prefix_error(s->ctx, rc, path);
  }
  return COPS_OK;
}

static int subject_parse(cops_subject **out, cops_ctx *ctx, json_t *root)
{
  static const char *const keys[] = {"schema", "type", "name", "characteristics", "resistance",
                                     "reactions", "reaction_mode", "affinity", "deficiency",
                                     "facts", "barred", "resistance_up", NULL};
  int rc = cops__json_head(ctx, root, "subject", "subject", keys, 0);
  if (rc)
    return rc;
  json_t *v = json_object_get(root, "name");
  if (!json_is_string(v))
    return cops__fail(ctx, COPS_EJSON, "name: expected a string");
  cops_subject *s;
  if ((rc = cops_subject_new(&s, ctx, json_string_value(v))))
    return cops__prefix_error(ctx, rc, "name");
  *out = s;
  v = json_object_get(root, "characteristics");
  if (!v)
    return cops__fail(ctx, COPS_EJSON, "characteristics: missing field");
  if ((rc = read_map(s, v, "characteristics", cops_characteristic_parse, 1, 5,
                     cops_subject_set_characteristic)))
    return rc;
  for (int k = 0; k < 3; k++)
    if (!json_object_get(v, cops_characteristic_name(resisting[k], COPS_LANG_FR))) {
      int c, found = 0;
      const char *key;
      json_t *x;
      json_object_foreach(v, key, x) found |= !cops_characteristic_parse(key, &c) &&
                                              c == resisting[k];
      if (!found)
        return cops__fail(ctx, COPS_EJSON, "characteristics.%s: missing field",
                          cops_characteristic_name(resisting[k], COPS_LANG_FR));
    }
  if ((v = json_object_get(root, "resistance")) &&
      (rc = read_map(s, v, "resistance", cops_characteristic_parse, -COPS_REACTION_MAX,
                     COPS_REACTION_MAX, cops_subject_set_resistance)))
    return rc;
  if ((v = json_object_get(root, "reactions")) &&
      (rc = read_map(s, v, "reactions", cops_interview_attitude_parse, -COPS_REACTION_MAX,
                     COPS_REACTION_MAX, cops_subject_set_reaction)))
    return rc;
  if ((v = json_object_get(root, "reaction_mode"))) {
    const char *m = json_string_value(v);
    if (!m || (strcmp(m, modes[0]) && strcmp(m, modes[1])))
      return cops__fail(ctx, COPS_EJSON, "reaction_mode: expected \"dice\" or \"resistance\"");
    s->mode = strcmp(m, modes[0]) ? COPS_REACTION_RESISTANCE : COPS_REACTION_DICE;
  }
  for (int d = 0; d < 2; d++) {
    json_t *list = json_object_get(root, tag_keys[d]);
    if (!list)
      continue;
    if (!json_is_array(list) || json_array_size(list) > COPS_TAGS_MAX)
      return cops__fail(ctx, COPS_EJSON, "%s: expected at most %d tags", tag_keys[d],
                        COPS_TAGS_MAX);
    size_t i;
    json_array_foreach(list, i, v) {
      char path[48];
      snprintf(path, sizeof path, "%s[%zu]", tag_keys[d], i);
      if (!json_is_string(v))
        return cops__fail(ctx, COPS_EJSON, "%s: expected a tag", path);
      if ((rc = cops_subject_add_tag(s, d, json_string_value(v))))
        return cops__prefix_error(ctx, rc, path);
    }
  }
  /* What it has been through (C4.7): the methods barred, the resistance increases. */
  json_t *barred = json_object_get(root, "barred");
  if (barred && (!json_is_array(barred) || json_array_size(barred) > 3))
    return cops__fail(ctx, COPS_EJSON, "barred: expected at most 3 methods");
  size_t i;
  json_array_foreach(barred, i, v) {
    const char *key = json_string_value(v);
    int k = -1;
    for (int m = 0; key && m < 3 && k < 0; m++)
      k = strcmp(key, method_keys[m]) ? -1 : m;
    if (k < 0)
      return cops__fail(ctx, COPS_EJSON, "barred[%zu]: expected intimidation, eloquence or "
                        "rhetorique", i);
    if (s->barred & 1u << k)
      return cops__fail(ctx, COPS_EJSON, "barred: %s twice", key);
    s->barred |= 1u << k;
  }
  if ((v = json_object_get(root, "resistance_up")) &&
      (rc = cops__json_int(ctx, v, "resistance_up", 0, COPS__IV_UP_MAX, &s->resistance_up)))
    return rc;
  json_t *facts = json_object_get(root, "facts");
  if (facts && (!json_is_array(facts) || json_array_size(facts) > COPS_FACTS_MAX))
    return cops__fail(ctx, COPS_EJSON, "facts: expected at most %d facts", COPS_FACTS_MAX);
  json_array_foreach(facts, i, v) {
    static const char *const fkeys[] = {"tier", "text", NULL};
    char path[48], field[64];
    snprintf(path, sizeof path, "facts[%zu]", i);
    int tier;
    if (!json_is_object(v))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", path);
    if ((rc = cops__json_only_keys(ctx, v, path, fkeys)))
      return rc;
    snprintf(field, sizeof field, "%s.tier", path);
    json_t *t = json_object_get(v, "tier");
    if (!t)
      return cops__fail(ctx, COPS_EJSON, "%s: missing field", field);
    if ((rc = cops__json_int(ctx, t, field, 0, COPS_TIER_MAX, &tier)))
      return rc;
    const char *text = json_string_value(json_object_get(v, "text"));
    if (!text)
      return cops__fail(ctx, COPS_EJSON, "%s.text: expected a string", path);
    if ((rc = cops_subject_add_fact(s, tier, text)))
      return cops__prefix_error(ctx, rc, path);
  }
  return COPS_OK;
}

int cops_subject_from_json(cops_subject **out, cops_ctx *ctx, const char *json)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, json, "subject", &root);
  if (rc)
    return rc;
  COPS__ENTER(ctx);
  cops_subject *s = NULL;
  rc = subject_parse(&s, ctx, root);
  json_decref(root);
  if (rc) {
    cops_subject_free(s);
    return rc;
  }
  *out = s;
  return COPS_OK;
}

COPS__FILE_READER(cops_subject_load, cops_subject, cops_subject_from_json)

json_t *cops__subject_json(const cops_subject *s, int *bad_out)
{
  int bad = 0;
  json_t *root = json_pack("{s:i,s:s,s:s}", "schema", 1, "type", "subject", "name", s->name);
  json_t *ch = json_object(), *res = json_object(), *rea = json_object();
  for (int k = 0; k < 3; k++) {
    const char *name = cops_characteristic_name(resisting[k], COPS_LANG_FR);
    bad |= json_object_set_new(ch, name, json_integer(s->value[k]));
    bad |= json_object_set_new(res, name, json_integer(s->resistance[k]));
  }
  for (int a = 0; a < COPS_IV_ATTITUDE_COUNT; a++)
    bad |= json_object_set_new(rea, cops_interview_attitude_name(a, COPS_LANG_FR),
                               json_integer(s->reaction[a]));
  bad |= json_object_set_new(root, "characteristics", ch);
  bad |= json_object_set_new(root, "resistance", res);
  bad |= json_object_set_new(root, "reactions", rea);
  bad |= json_object_set_new(root, "reaction_mode", json_string(modes[s->mode]));
  for (int d = 0; d < 2; d++) {
    json_t *list = json_array();
    for (int i = 0; i < s->ntags[d]; i++)
      bad |= json_array_append_new(list, json_string(s->tags[d][i]));
    bad |= json_object_set_new(root, tag_keys[d], list);
  }
  json_t *facts = json_array();
  for (int i = 0; i < s->nfacts; i++)
    bad |= json_array_append_new(facts, json_pack("{s:i,s:s}", "tier", s->fact[i].tier, "text",
                                                  s->fact[i].text));
  bad |= json_object_set_new(root, "facts", facts);
  /* What it has been through (C4.7), only when there is something: a fresh subject reads as
   * before. */
  if (s->barred) {
    json_t *list = json_array();
    for (int k = 0; k < 3; k++)
      if (s->barred & 1u << k)
        bad |= json_array_append_new(list, json_string(method_keys[k]));
    bad |= json_object_set_new(root, "barred", list);
  }
  if (s->resistance_up)
    bad |= json_object_set_new(root, "resistance_up", json_integer(s->resistance_up));
  *bad_out |= bad || !root;
  return root;
}

int cops_subject_to_json(const cops_subject *s, char **out)
{
  if (!s || !out)
    return COPS_EINVAL;
  *out = NULL;
  int bad = 0;
  json_t *root = cops__subject_json(s, &bad);
  return cops__sheet_out(s->ctx, root, bad, out);
}

int cops_subject_save(const cops_subject *s, const char *path)
{
  if (!s)
    return COPS_EINVAL;
  COPS__ENTER(s->ctx);
  if (!path)
    return FAIL(s, COPS_EINVAL, "path is NULL");
  char *text;
  int rc = cops_subject_to_json(s, &text);
  if (rc)
    return FAIL(s, rc, "out of memory for the subject");
  rc = cops__write_file(s->ctx, path, text);
  cops_free(text);
  return rc;
}

int cops__subject_from_value(cops_subject **out, cops_ctx *ctx, json_t *v)
{
  *out = NULL;
  cops_subject *s = NULL;
  const int rc = subject_parse(&s, ctx, v);
  if (rc) {
    cops_subject_free(s);
    return rc;
  }
  *out = s;
  return COPS_OK;
}

cops_subject *cops__subject_seen(const cops_subject *s, unsigned known)
{
  cops_subject *v = cops__malloc(&s->ctx->alloc, sizeof *v);
  if (!v)
    return NULL;
  *v = *s;
  v->nfacts = 0;
  for (int k = 0; k < 3; k++) {
    v->resistance[k] = 0;   /* never revealed (C4.1) */
    if (!(known & 1u << k))
      v->value[k] = 2;
  }
  for (int a = 0; a < COPS_IV_ATTITUDE_COUNT; a++)
    if (!(known & 1u << (3 + a)))
      v->reaction[a] = 0;
  return v;
}

int cops__subject_trait(const cops_subject *s, int trait)
{
  return trait < 3 ? s->value[trait] : s->reaction[trait - 3];
}
