/* Storyteller sheets (docs/storyteller.md, "Sheets"; schemas/st-sheet.schema.json):
 * a JSON object with "system": "st", read with a message naming every wrong
 * field and written back the same. */
#include <string.h>

#include "st/st-private.h"
#include "base/jsonutil.h"
#include "st-private.h"

#define SHEET_SCHEMA 1

static const char *const background_names[] = {"military", "police", "criminal",
                                               "crisis-trained", "player"};
#define BACKGROUNDS ((int)(sizeof background_names / sizeof background_names[0]))

/* A group of traits, "attributes" (the six, all required) or "skills" (any of the four). */
static int load_traits(cops_st_character *ch, cops_ctx *ctx, json_t *obj, const char *where,
                       int first, int last, int required)
{
  if (!json_is_object(obj))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object of traits", where);
  const char *key;
  json_t *v;
  json_object_foreach(obj, key, v) {
    int t;
    if (cops_st_trait_parse(key, &t) || t < first || t > last)
      return cops__fail(ctx, COPS_EJSON, "%s.%s: unknown field (%s: %s .. %s)", where, key,
                        where, cops_st_trait_name(first), cops_st_trait_name(last));
    char field[96];
    snprintf(field, sizeof field, "%s.%s", where, cops_st_trait_name(t));
    int value, rc;
    if ((rc = cops__json_int(ctx, v, field, 0, COPS_ST_TRAIT_MAX, &value)))
      return rc;
    ch->trait[t] = value;
  }
  for (int t = first; required && t <= last; t++) {
    int found = 0;
    json_object_foreach(obj, key, v) {
      int k;
      found |= cops_st_trait_parse(key, &k) == COPS_OK && k == t;
    }
    if (!found)
      return cops__fail(ctx, COPS_EJSON, "%s.%s: missing", where, cops_st_trait_name(t));
  }
  return COPS_OK;
}

static int load_derived(cops_st_character *ch, cops_ctx *ctx, json_t *obj)
{
  if (!json_is_object(obj))
    return cops__fail(ctx, COPS_EJSON, "derived: expected an object");
  const char *key;
  json_t *v;
  json_object_foreach(obj, key, v) {
    const int d = cops__name_index(key, (const char *const[]){"Defense", "Initiative", "Speed",
                                                              "Health", "Willpower"},
                                   COPS_ST_DERIVED_COUNT);
    if (d < 0)
      return cops__fail(ctx, COPS_EJSON, "derived.%s: unknown field (Defense, Initiative, "
                        "Speed, Health, Willpower)", key);
    char field[64];
    snprintf(field, sizeof field, "derived.%s", cops_st_derived_name(d));
    int value, rc;
    if ((rc = cops__json_int(ctx, v, field, d == COPS_ST_HEALTH ? 1 : 0, 99, &value)))
      return rc;
    ch->derived[d] = value;
  }
  return COPS_OK;
}

static int load_background(cops_st_character *ch, cops_ctx *ctx, json_t *arr)
{
  if (!json_is_array(arr))
    return cops__fail(ctx, COPS_EJSON, "background: expected an array of %s", "military, "
                      "police, criminal, crisis-trained, player");
  size_t i;
  json_t *v;
  json_array_foreach(arr, i, v) {
    const char *s = json_string_value(v);
    int k = s ? cops__name_index(s, background_names, BACKGROUNDS) : -1;
    if (k < 0)
      return cops__fail(ctx, COPS_EJSON, "background[%zu]: one of military, police, criminal, "
                        "crisis-trained, player", i);
    if (ch->background & (1u << k))
      return cops__fail(ctx, COPS_EJSON, "background[%zu]: %s given twice", i,
                        background_names[k]);
    ch->background |= 1u << k;
  }
  return COPS_OK;
}

static int load_weapon(cops_st_character *ch, cops_ctx *ctx, json_t *o, size_t i)
{
  static const char *const keys[] = {"name", "damage", "type", "kind", "automatic",
                                     "min_strength", "range", "ammo", NULL};
  char where[32];
  snprintf(where, sizeof where, "weapons[%zu]", i);
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  int rc = cops__json_only_keys(ctx, o, where, keys);
  if (rc)
    return rc;
  json_t *kind = json_object_get(o, "kind");
  const int k = json_is_string(kind)
                    ? cops__name_index(json_string_value(kind), cops__st_weapon_kind_names, 4) : -1;
  if (k < 0)
    return cops__fail(ctx, COPS_EJSON, "%s.kind: %s", where, kind ? "unarmed, melee, firearm or "
                      "teeth" : "missing");
  cops_st_weapon w;
  cops_st_weapon_init(&w, k);
  json_t *name = json_object_get(o, "name"), *type = json_object_get(o, "type"), *v;
  if (!json_is_string(name) || !json_string_length(name) ||
      json_string_length(name) >= sizeof w.name)
    return cops__fail(ctx, COPS_EJSON, "%s.name: %s", where, name ? "1 to 47 bytes of text"
                      : "missing");
  memcpy(w.name, json_string_value(name), json_string_length(name) + 1);
  char field[64];
  snprintf(field, sizeof field, "%s.damage", where);
  if (!(v = json_object_get(o, "damage")))
    return cops__fail(ctx, COPS_EJSON, "%s: missing", field);
  if ((rc = cops__json_int(ctx, v, field, -1, 10, &w.damage)))
    return rc;
  const int t = json_is_string(type)
                    ? cops__name_index(json_string_value(type), cops__st_damage_type_names, 2) : -1;
  if (t < 0)
    return cops__fail(ctx, COPS_EJSON, "%s.type: %s", where, type ? "bashing or lethal"
                      : "missing");
  w.type = t;
  if ((v = json_object_get(o, "automatic"))) {
    if (!json_is_boolean(v))
      return cops__fail(ctx, COPS_EJSON, "%s.automatic: expected true or false", where);
    w.automatic = json_is_true(v);
  }
  snprintf(field, sizeof field, "%s.min_strength", where);
  if ((v = json_object_get(o, "min_strength")) &&
      (rc = cops__json_int(ctx, v, field, 0, COPS_ST_TRAIT_MAX, &w.min_strength)))
    return rc;
  snprintf(field, sizeof field, "%s.ammo", where);
  if ((v = json_object_get(o, "ammo")) && (rc = cops__json_int(ctx, v, field, 0, 1000, &w.ammo)))
    return rc;
  if ((v = json_object_get(o, "range"))) {
    if (!json_is_array(v) || json_array_size(v) != 3)
      return cops__fail(ctx, COPS_EJSON, "%s.range: expected [short, medium, long] in metres",
                        where);
    for (int b = 0; b < 3; b++) {
      snprintf(field, sizeof field, "%s.range[%d]", where, b);
      if ((rc = cops__json_int(ctx, json_array_get(v, (size_t)b), field, 0, 10000, &w.range[b])))
        return rc;
    }
  } else if (k != COPS_ST_FIREARM) {
    w.range[0] = w.range[1] = w.range[2] = 0;
  }
  if ((rc = cops__st_weapon_check(ctx, &w, where)))
    return rc;
  if (ch->nweapons == COPS_ST_WEAPONS_MAX)
    return cops__fail(ctx, COPS_ERANGE, "weapons: at most %d", COPS_ST_WEAPONS_MAX);
  ch->weapon[ch->nweapons++] = w;
  return COPS_OK;
}

static int load_protection(cops_st_character *ch, cops_ctx *ctx, json_t *root)
{
  json_t *vest = json_object_get(root, "vest"), *armour = json_object_get(root, "armour");
  int rc;
  if (vest && (rc = cops__json_int(ctx, vest, "vest", 0, 3, &ch->vest)))
    return rc;
  if (armour) {
    static const char *const keys[] = {"rating", "old_fashioned", NULL};
    json_t *rating = json_object_get(armour, "rating"),
           *old = json_object_get(armour, "old_fashioned");
    if (!json_is_object(armour) || !rating)
      return cops__fail(ctx, COPS_EJSON, "armour%s: expected {\"rating\": 1 or 2}",
                        json_is_object(armour) ? ".rating" : "");
    if ((rc = cops__json_only_keys(ctx, armour, "armour", keys)) ||
        (rc = cops__json_int(ctx, rating, "armour.rating", 0, 2, &ch->armour)))
      return rc;
    if (old && !json_is_boolean(old))
      return cops__fail(ctx, COPS_EJSON, "armour.old_fashioned: expected true or false");
    ch->old_fashioned = old && json_is_true(old);
  }
  return COPS_OK;
}

static int load(cops_st_character *ch, cops_ctx *ctx, json_t *root)
{
  static const char *const keys[] = {"system", "schema", "name", "attributes", "skills",
                                     "vigor", "size", "derived", "willpower", "vitae", "background",
                                     "experience", "combatant", "health", "weapons", "vest",
                                     "armour", NULL};
  if (!json_is_object(root))
    return cops__fail(ctx, COPS_EJSON, "the sheet: expected a JSON object");
  json_t *system = json_object_get(root, "system");
  if (!system)
    return cops__fail(ctx, COPS_EJSON, json_object_get(root, "characteristics")
                      ? "system: missing: a COPS sheet (read it with cops_character_load)"
                      : "system: missing (\"st\" for a Storyteller sheet)");
  if (!json_is_string(system) || strcmp(json_string_value(system), "st"))
    return cops__fail(ctx, COPS_EJSON, "system: expected \"st\" (a Storyteller sheet)");
  int rc, v;
  if ((rc = cops__json_only_keys(ctx, root, "", keys)))
    return rc;
  json_t *schema = json_object_get(root, "schema");
  if (schema && (rc = cops__json_int(ctx, schema, "schema", 1, SHEET_SCHEMA, &v)))
    return rc;
  json_t *name = json_object_get(root, "name");
  if (!json_is_string(name))
    return cops__fail(ctx, COPS_EJSON, "name: %s", name ? "expected a string" : "missing");
  if ((rc = cops_st_character_set_name(ch, json_string_value(name))))
    return cops__prefix_error(ctx, rc, "name");
  json_t *attributes = json_object_get(root, "attributes");
  if (!attributes)
    return cops__fail(ctx, COPS_EJSON, "attributes: missing");
  if ((rc = load_traits(ch, ctx, attributes, "attributes", COPS_ST_STRENGTH,
                        COPS_ST_COMPOSURE, 1)))
    return rc;
  json_t *j;
  if ((j = json_object_get(root, "skills")) &&
      (rc = load_traits(ch, ctx, j, "skills", COPS_ST_BRAWL, COPS_ST_ATHLETICS, 0)))
    return rc;
  if ((j = json_object_get(root, "vigor")) &&
      (rc = cops__json_int(ctx, j, "vigor", 0, COPS_ST_TRAIT_MAX, &ch->trait[COPS_ST_VIGOR])))
    return rc;
  if ((j = json_object_get(root, "size")) &&
      (rc = cops__json_int(ctx, j, "size", 1, COPS_ST_SIZE_MAX, &ch->trait[COPS_ST_SIZE])))
    return rc;
  if ((j = json_object_get(root, "derived")) && (rc = load_derived(ch, ctx, j)))
    return rc;
  if ((j = json_object_get(root, "background")) && (rc = load_background(ch, ctx, j)))
    return rc;
  if ((j = json_object_get(root, "experience")) &&
      (rc = cops__json_int(ctx, j, "experience", 0, 100000, &ch->xp)))
    return rc;
  if ((j = json_object_get(root, "combatant"))) {
    if (!json_is_boolean(j))
      return cops__fail(ctx, COPS_EJSON, "combatant: expected true or false");
    ch->combatant = json_is_true(j);
  }
  if ((j = json_object_get(root, "vitae"))) {
    static const char *const vkeys[] = {"max", "current", NULL};
    json_t *max = json_object_get(j, "max"), *cur = json_object_get(j, "current");
    if (!json_is_object(j) || !max)
      return cops__fail(ctx, COPS_EJSON, "vitae%s: expected {\"max\": N, \"current\": N}",
                        json_is_object(j) ? ".max" : "");
    if ((rc = cops__json_only_keys(ctx, j, "vitae", vkeys)) ||
        (rc = cops__json_int(ctx, max, "vitae.max", 0, 50, &ch->vitae_max)))
      return rc;
    ch->vitae = ch->vitae_max;
    if (cur && (rc = cops__json_int(ctx, cur, "vitae.current", 0, ch->vitae_max, &ch->vitae)))
      return rc;
  }
  if ((j = json_object_get(root, "willpower"))) {
    cops_st_rules r;
    cops__st_rules_default(&r);
    if ((rc = cops__json_int(ctx, j, "willpower", 0,
                             cops__st_derived(ch, &r, COPS_ST_WILLPOWER_MAX), &ch->willpower)))
      return rc;
  }
  if ((j = json_object_get(root, "weapons"))) {
    if (!json_is_array(j))
      return cops__fail(ctx, COPS_EJSON, "weapons: expected an array");
    size_t i;
    json_t *w;
    json_array_foreach(j, i, w) if ((rc = load_weapon(ch, ctx, w, i))) return rc;
  }
  if ((rc = load_protection(ch, ctx, root)))
    return rc;
  if ((j = json_object_get(root, "health"))) {
    static const char *const hkeys[] = {"bashing", "lethal", "dead", NULL};
    json_t *b = json_object_get(j, "bashing"), *l = json_object_get(j, "lethal"),
           *d = json_object_get(j, "dead");
    if (!json_is_object(j))
      return cops__fail(ctx, COPS_EJSON, "health: expected {\"bashing\": N, \"lethal\": N}");
    if ((rc = cops__json_only_keys(ctx, j, "health", hkeys)) ||
        (b && (rc = cops__json_int(ctx, b, "health.bashing", 0, 100, &ch->bashing))) ||
        (l && (rc = cops__json_int(ctx, l, "health.lethal", 0, 100, &ch->lethal))))
      return rc;
    if (d && !json_is_boolean(d))
      return cops__fail(ctx, COPS_EJSON, "health.dead: expected true or false");
    ch->dead = d && json_is_true(d);
  }
  return COPS_OK;
}

COPS__TEXT_READER(cops_st_character_from_json, cops_st_character, "sheet", cops_st_character_new, load, cops_st_character_free)

COPS__FILE_READER(cops_st_character_load, cops_st_character, cops_st_character_from_json)

json_t *cops__st_sheet_json(const cops_st_character *ch, int *bad_out)
{
  int bad = 0;
  json_t *attributes = json_object(), *skills = json_object();
  for (int t = COPS_ST_STRENGTH; t <= COPS_ST_ATHLETICS; t++)
    bad |= json_object_set_new(t <= COPS_ST_COMPOSURE ? attributes : skills,
                               cops_st_trait_name(t), json_integer(ch->trait[t]));
  json_t *root = json_pack("{s:s,s:i,s:s,s:o,s:o}", "system", "st", "schema", SHEET_SCHEMA,
                           "name", ch->name, "attributes", attributes, "skills", skills);
  if (!root)
    return NULL;
  if (ch->trait[COPS_ST_VIGOR])
    bad |= json_object_set_new(root, "vigor", json_integer(ch->trait[COPS_ST_VIGOR]));
  if (ch->trait[COPS_ST_SIZE])
    bad |= json_object_set_new(root, "size", json_integer(ch->trait[COPS_ST_SIZE]));
  json_t *derived = json_object();
  for (int d = 0; d < COPS_ST_DERIVED_COUNT; d++)
    if (ch->derived[d] >= 0)
      bad |= json_object_set_new(derived, cops_st_derived_name(d), json_integer(ch->derived[d]));
  if (json_object_size(derived))
    bad |= json_object_set_new(root, "derived", derived);
  else
    json_decref(derived);
  if (ch->willpower >= 0)
    bad |= json_object_set_new(root, "willpower", json_integer(ch->willpower));
  if (ch->vitae_max)
    bad |= json_object_set_new(root, "vitae", json_pack("{s:i,s:i}", "max", ch->vitae_max,
                                                        "current", ch->vitae));
  if (ch->background) {
    json_t *bg = json_array();
    for (int k = 0; k < BACKGROUNDS; k++)
      if (ch->background & (1u << k))
        bad |= json_array_append_new(bg, json_string(background_names[k]));
    bad |= json_object_set_new(root, "background", bg);
  }
  if (ch->xp)
    bad |= json_object_set_new(root, "experience", json_integer(ch->xp));
  if (ch->combatant >= 0)
    bad |= json_object_set_new(root, "combatant", json_boolean(ch->combatant));
  if (ch->nweapons) {
    json_t *ws = json_array();
    for (int i = 0; i < ch->nweapons; i++) {
      const cops_st_weapon *w = &ch->weapon[i];
      json_t *o = json_pack("{s:s,s:s,s:i,s:s}", "name", w->name, "kind",
                            cops__st_weapon_kind_names[w->kind], "damage", w->damage, "type",
                            cops__st_damage_type_names[w->type]);
      if (o && w->automatic)
        bad |= json_object_set_new(o, "automatic", json_true());
      if (o && w->min_strength)
        bad |= json_object_set_new(o, "min_strength", json_integer(w->min_strength));
      if (o && w->range[2])
        bad |= json_object_set_new(o, "range", json_pack("[i,i,i]", w->range[0], w->range[1],
                                                         w->range[2]));
      if (o && w->ammo >= 0)
        bad |= json_object_set_new(o, "ammo", json_integer(w->ammo));
      bad |= json_array_append_new(ws, o);
    }
    bad |= json_object_set_new(root, "weapons", ws);
  }
  if (ch->vest)
    bad |= json_object_set_new(root, "vest", json_integer(ch->vest));
  if (ch->armour)
    bad |= json_object_set_new(root, "armour", json_pack("{s:i,s:b}", "rating", ch->armour,
                                                         "old_fashioned", ch->old_fashioned));
  if (ch->bashing || ch->lethal || ch->dead) {
    json_t *h = json_pack("{s:i,s:i}", "bashing", ch->bashing, "lethal", ch->lethal);
    if (h && ch->dead)
      bad |= json_object_set_new(h, "dead", json_true());
    bad |= json_object_set_new(root, "health", h);
  }
  *bad_out = bad;
  return root;
}

int cops_st_character_to_json(const cops_st_character *ch, char **out)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ch)
    return COPS_EINVAL;
  int bad = 0;
  json_t *root = cops__st_sheet_json(ch, &bad);
  if (!root)
    return cops__fail(ch->ctx, COPS_ENOMEM, "out of memory for the sheet");
  return cops__sheet_out(ch->ctx, root, bad, out);
}
