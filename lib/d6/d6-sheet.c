/* D6 sheets (docs/d6.md, "Sheets"; schemas/d6-sheet.schema.json): a JSON object with
 * "system": "d6", read with a message naming every wrong field and written back the same. */
#include <stdio.h>
#include <string.h>

#include "d6/d6-private.h"
#include "base/jsonutil.h"
#include "d6-private.h"

#define SHEET_SCHEMA 1

static const char *const flag_names[4] = {"burst", "stun", "energy", "long"};
static const char *const limb_names[2] = {"arm", "leg"};
static const char *const mode_names[2] = {"levels", "hit_points"};

/* A code from a string at field; plus: whether a leading '+' is allowed (and given). */
int cops__d6_code_field(cops_ctx *ctx, json_t *v, const char *field, int max_dice, cops_d6_code *c,
                        int *plus)
{
  const char *s = json_string_value(v);
  if (!s)
    return cops__fail(ctx, COPS_EJSON, "%s: %s", field, v ? "expected a code such as \"3D+2\""
                                                          : "missing");
  if (plus)
    *plus = s[0] == '+';
  else if (s[0] == '+')
    return cops__fail(ctx, COPS_EJSON, "%s: \"%s\": a code such as \"3D+2\", no '+'", field, s);
  int rc = cops_d6_code_parse(c, ctx, s);
  if (rc)
    return cops__prefix_error(ctx, rc == COPS_ERANGE ? rc : COPS_EJSON, field);
  if (c->dice > max_dice)
    return cops__fail(ctx, COPS_ERANGE, "%s: \"%s\": at most %dD", field, s, max_dice);
  return COPS_OK;
}

static int load_traits(cops_d6_character *ch, cops_ctx *ctx, json_t *obj, const char *where,
                       int attributes)
{
  if (!json_is_object(obj))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object of codes", where);
  const char *key;
  json_t *v;
  json_object_foreach(obj, key, v) {
    int t;
    if (cops_d6_trait_parse(key, &t) || (t < COPS_D6_ATTRIBUTE_COUNT) != attributes)
      return cops__fail(ctx, COPS_EJSON, "%s.%s: unknown field (the %s of docs/d6.md)", where,
                        key, where);
    char field[96];
    snprintf(field, sizeof field, "%s.%s", where, key);
    cops_d6_code c;
    int rc = cops__d6_code_field(ctx, v, field, COPS__D6_TRAIT_DICE_MAX, &c, NULL);
    if (rc)
      return rc;
    ch->trait[t] = c;
    ch->has[t] = 1;
  }
  for (int t = 0; attributes && t < COPS_D6_MAGIC; t++)
    if (!json_object_get(obj, cops_d6_trait_name(t)))
      return cops__fail(ctx, COPS_EJSON, "%s.%s: missing", where, cops_d6_trait_name(t));
  return COPS_OK;
}

static int load_weapon(cops_d6_character *ch, cops_ctx *ctx, json_t *o, size_t i)
{
  char where[48], field[80];
  snprintf(where, sizeof where, "weapons[%zu]", i);
  cops_d6_weapon w;
  int rc;
  cops_d6_weapon_init(&w, COPS_D6_MELEE);
  if (json_is_string(o)) {
    if (cops_d6_weapon_find(json_string_value(o), &w))
      return cops__fail(ctx, COPS_EJSON, "%s: \"%s\" is not in the catalogue (cops d6 weapons)",
                        where, json_string_value(o));
  } else {
    static const char *const keys[] = {"name", "category", "damage", "range", "vig_range",
                                       "ammo", "roll_dice", "flags", NULL};
    if (!json_is_object(o))
      return cops__fail(ctx, COPS_EJSON, "%s: expected a catalogue name or an object", where);
    if ((rc = cops__json_only_keys(ctx, o, where, keys)))
      return rc;
    json_t *cat = json_object_get(o, "category");
    const int k = json_is_string(cat) ? cops__name_index(json_string_value(cat),
                                                         cops__d6_category_names,
                                                         COPS_D6_WEAPON_CATEGORY_COUNT) : -1;
    if (k < 0)
      return cops__fail(ctx, COPS_EJSON, "%s.category: %s", where,
                        cat ? "melee, missile, thrown, pistol, rifle, shotgun, assault, "
                              "semi_auto, automatic or explosive" : "missing");
    cops_d6_weapon_init(&w, k);
    json_t *name = json_object_get(o, "name");
    if (!json_is_string(name) || !json_string_length(name) ||
        json_string_length(name) >= sizeof w.name)
      return cops__fail(ctx, COPS_EJSON, "%s.name: %s", where, name ? "1 to 47 bytes of text"
                                                                    : "missing");
    memcpy(w.name, json_string_value(name), json_string_length(name) + 1);
    snprintf(field, sizeof field, "%s.damage", where);
    if ((rc = cops__d6_code_field(ctx, json_object_get(o, "damage"), field, COPS__D6_TRAIT_DICE_MAX,
                         &w.damage, &w.adds_natural)))
      return rc;
    json_t *range = json_object_get(o, "range"), *vig = json_object_get(o, "vig_range");
    if (range && vig)
      return cops__fail(ctx, COPS_EJSON, "%s: range or vig_range, not both", where);
    json_t *r3 = range ? range : vig;
    if (r3) {
      snprintf(field, sizeof field, "%s.%s", where, range ? "range" : "vig_range");
      if (!json_is_array(r3) || json_array_size(r3) != 3)
        return cops__fail(ctx, COPS_EJSON, "%s: expected [short, medium, long]", field);
      for (int k2 = 0; k2 < 3; k2++) {
        char f2[96];
        snprintf(f2, sizeof f2, "%s[%d]", field, k2);
        if ((rc = cops__json_int(ctx, json_array_get(r3, (size_t)k2), f2, range ? 1 : -20,
                                 range ? 100000 : 20, &w.range[k2])))
          return rc;
      }
      w.vig_range = vig != NULL;
    }
    json_t *v;
    snprintf(field, sizeof field, "%s.ammo", where);
    if ((v = json_object_get(o, "ammo")) && (rc = cops__json_int(ctx, v, field, 0, 10000, &w.ammo)))
      return rc;
    snprintf(field, sizeof field, "%s.roll_dice", where);
    if ((v = json_object_get(o, "roll_dice")) &&
        (rc = cops__json_int(ctx, v, field, -4, 0, &w.roll_dice)))
      return rc;
    if ((v = json_object_get(o, "flags"))) {
      if (!json_is_array(v))
        return cops__fail(ctx, COPS_EJSON, "%s.flags: expected an array", where);
      w.flags = 0;
      size_t j;
      json_t *f;
      json_array_foreach(v, j, f) {
        const int b = json_is_string(f) ? cops__name_index(json_string_value(f), flag_names, 4) : -1;
        if (b < 0)
          return cops__fail(ctx, COPS_EJSON, "%s.flags[%zu]: burst, stun, energy or long", where, j);
        w.flags |= 1u << b;
      }
    }
  }
  if ((rc = cops__d6_weapon_check(ctx, &w, where)))
    return rc == COPS_EINVAL ? COPS_EJSON : rc;
  if (ch->nweapons == COPS_D6_WEAPONS_MAX)
    return cops__fail(ctx, COPS_ERANGE, "weapons: at most %d", COPS_D6_WEAPONS_MAX);
  ch->weapon[ch->nweapons++] = w;
  return COPS_OK;
}

static int load_protection(cops_d6_character *ch, cops_ctx *ctx, json_t *o, size_t i)
{
  char where[48], field[80];
  snprintf(where, sizeof where, "protections[%zu]", i);
  cops_d6_protection p;
  int rc;
  cops_d6_protection_init(&p);
  if (json_is_string(o)) {
    if (cops_d6_protection_find(json_string_value(o), &p))
      return cops__fail(ctx, COPS_EJSON, "%s: \"%s\" is not in the catalogue (cops d6 weapons)",
                        where, json_string_value(o));
  } else {
    static const char *const keys[] = {"name", "armour", "coverage", "energy_only", "penalty",
                                       "penalty_on", NULL};
    if (!json_is_object(o))
      return cops__fail(ctx, COPS_EJSON, "%s: expected a catalogue name or an object", where);
    if ((rc = cops__json_only_keys(ctx, o, where, keys)))
      return rc;
    cops_d6_protection_init(&p);
    json_t *name = json_object_get(o, "name"), *v;
    if (!json_is_string(name) || !json_string_length(name) ||
        json_string_length(name) >= sizeof p.name)
      return cops__fail(ctx, COPS_EJSON, "%s.name: %s", where, name ? "1 to 47 bytes of text"
                                                                    : "missing");
    memcpy(p.name, json_string_value(name), json_string_length(name) + 1);
    snprintf(field, sizeof field, "%s.armour", where);
    int plus;
    if ((rc = cops__d6_code_field(ctx, json_object_get(o, "armour"), field, 10, &p.armour, &plus)))
      return rc;
    if ((v = json_object_get(o, "coverage"))) {
      p.coverage = json_is_string(v) ? cops__name_index(json_string_value(v),
                                                        cops__d6_coverage_names, 3) : -1;
      if (p.coverage < 0)
        return cops__fail(ctx, COPS_EJSON, "%s.coverage: body, head or parry", where);
    }
    if ((v = json_object_get(o, "energy_only"))) {
      if (!json_is_boolean(v))
        return cops__fail(ctx, COPS_EJSON, "%s.energy_only: expected true or false", where);
      p.energy_only = json_is_true(v);
    }
    if ((v = json_object_get(o, "penalty"))) {   /* "-1" points or "-1D" dice (§10.1) */
      const char *s = json_string_value(v);
      int n = 0, used = 0;
      char d = 0;
      if (!s || sscanf(s, "-%d%c%n", &n, &d, &used) < 1 || (d && (d != 'D' || s[used])) ||
          (!d && strspn(s + 1, "0123456789") != strlen(s + 1)) || n < 0 || n > (d ? 4 : 10))
        return cops__fail(ctx, COPS_EJSON, "%s.penalty: \"-1\" (points, to -10) or \"-1D\" "
                          "(dice, to -4D)", where);
      if (d)
        p.penalty_dice = -n;
      else
        p.penalty_points = -n;
    }
    if ((v = json_object_get(o, "penalty_on"))) {
      const char *s = json_string_value(v);
      if (!s || (strcmp(s, "perception") && strcmp(s, "agility_coordination")))
        return cops__fail(ctx, COPS_EJSON, "%s.penalty_on: agility_coordination or perception",
                          where);
      p.penalty_perception = !strcmp(s, "perception");
    }
  }
  if ((rc = cops__d6_protection_check(ctx, &p, where)))
    return rc;
  if (ch->nprot == COPS_D6_PROTECTIONS_MAX)
    return cops__fail(ctx, COPS_ERANGE, "protections: at most %d", COPS_D6_PROTECTIONS_MAX);
  ch->prot[ch->nprot++] = p;
  return COPS_OK;
}

static int load_wounds(cops_d6_character *ch, cops_ctx *ctx, json_t *o)
{
  static const char *const keys[] = {"mode", "step", "extra", "hp_max", "hp_lost", "stunned",
                                     "stunned_rounds", "defend_only", "unconscious",
                                     "mortal_rounds", "stabilised", "limbs", "treated",
                                     "confused", "protection", "protection_rounds", NULL};
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "wounds: expected an object");
  int rc = cops__json_only_keys(ctx, o, "wounds", keys);
  if (rc)
    return rc;
  cops_d6_wounds w = ch->w;
  json_t *v;
  if ((v = json_object_get(o, "mode"))) {
    w.mode = json_is_string(v) ? cops__name_index(json_string_value(v), mode_names, 2) : -1;
    if (w.mode < 0)
      return cops__fail(ctx, COPS_EJSON, "wounds.mode: levels or hit_points");
  }
  const struct { const char *key; int *at, lo, hi; } ints[] = {
    {"extra", &w.extra, 0, 2}, {"step", &w.step, 0, 8}, {"hp_max", &w.hp_max, 1, 999},
    {"hp_lost", &w.hp_lost, 0, 999}, {"stunned_rounds", &w.stunned_rounds, 0, 11},
    {"defend_only", &w.defend_only, 0, 2}, {"unconscious", &w.unconscious, 0, 1000000},
    {"mortal_rounds", &w.mortal_rounds, 0, 1000000}, {"confused", &w.confused, 0, 2},
    {"protection", &w.protection, 0, 100}, {"protection_rounds", &w.protection_rounds, 0, 1000000}};
  for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++) {
    char field[32];
    snprintf(field, sizeof field, "wounds.%s", ints[k].key);
    if ((v = json_object_get(o, ints[k].key)) &&
        (rc = cops__json_int(ctx, v, field, ints[k].lo, ints[k].hi, ints[k].at)))
      return rc;
  }
  const struct { const char *key; int *at; } bools[] = {{"stunned", &w.stunned},
                                                        {"stabilised", &w.stabilised}};
  for (size_t k = 0; k < 2; k++)
    if ((v = json_object_get(o, bools[k].key))) {
      if (!json_is_boolean(v))
        return cops__fail(ctx, COPS_EJSON, "wounds.%s: expected true or false", bools[k].key);
      *bools[k].at = json_is_true(v);
    }
  if ((v = json_object_get(o, "limbs"))) {
    if (!json_is_array(v))
      return cops__fail(ctx, COPS_EJSON, "wounds.limbs: expected an array of arm, leg");
    w.limbs = 0;
    size_t j;
    json_t *f;
    json_array_foreach(v, j, f) {
      const int b = json_is_string(f) ? cops__name_index(json_string_value(f), limb_names, 2) : -1;
      if (b < 0)
        return cops__fail(ctx, COPS_EJSON, "wounds.limbs[%zu]: arm or leg", j);
      w.limbs |= 1u << b;
    }
  }
  if ((v = json_object_get(o, "treated"))) {
    if (!json_is_array(v) || json_array_size(v) > 4)
      return cops__fail(ctx, COPS_EJSON, "wounds.treated: expected up to 4 healers' ids");
    for (size_t j = 0; j < 4; j++) {
      char field[40];
      snprintf(field, sizeof field, "wounds.treated[%zu]", j);
      w.treated[j] = -1;
      if (j < json_array_size(v) &&
          (rc = cops__json_int(ctx, json_array_get(v, j), field, 0, 1000000, &w.treated[j])))
        return rc;
    }
  }
  if (json_object_get(o, "hp_max"))
    ch->hp_given = 1;
  /* The mode as written, not converted: the sheet gives the state in its own terms. */
  ch->w.mode = w.mode;
  return cops_d6_character_set_wounds(ch, &w);
}

static int load(cops_d6_character *ch, cops_ctx *ctx, json_t *root)
{
  static const char *const keys[] = {"system", "schema", "name", "attributes", "skills",
                                     "natural_damage", "character_points", "fate_points", "scale",
                                     "weapons", "protections", "wounds", NULL};
  if (!json_is_object(root))
    return cops__fail(ctx, COPS_EJSON, "the sheet: expected a JSON object");
  json_t *system = json_object_get(root, "system");
  if (!json_is_string(system) || strcmp(json_string_value(system), "d6"))
    return cops__fail(ctx, COPS_EJSON, "system: %s", system ? "expected \"d6\" (a D6 System sheet)"
                                                           : "missing (\"d6\" for a D6 System sheet)");
  int rc, v;
  if ((rc = cops__json_only_keys(ctx, root, "", keys)))
    return rc;
  json_t *j;
  if ((j = json_object_get(root, "schema")) &&
      (rc = cops__json_int(ctx, j, "schema", 1, SHEET_SCHEMA, &v)))
    return rc;
  json_t *name = json_object_get(root, "name");
  if (!json_is_string(name))
    return cops__fail(ctx, COPS_EJSON, "name: %s", name ? "expected a string" : "missing");
  if ((rc = cops_d6_character_set_name(ch, json_string_value(name))))
    return cops__prefix_error(ctx, rc, "name");
  if (!(j = json_object_get(root, "attributes")))
    return cops__fail(ctx, COPS_EJSON, "attributes: missing");
  if ((rc = load_traits(ch, ctx, j, "attributes", 1)))
    return rc;
  ch->w.hp_max = cops_d6_hit_points(ch->trait[COPS_D6_VIGUEUR]);
  if ((j = json_object_get(root, "skills")) && (rc = load_traits(ch, ctx, j, "skills", 0)))
    return rc;
  if ((j = json_object_get(root, "natural_damage"))) {
    if ((rc = cops__d6_code_field(ctx, j, "natural_damage", COPS__D6_TRAIT_DICE_MAX, &ch->natural, NULL)))
      return rc;
    ch->has_natural = 1;
  }
  if ((j = json_object_get(root, "character_points")) &&
      (rc = cops__json_int(ctx, j, "character_points", 0, 999, &ch->cp)))
    return rc;
  if ((j = json_object_get(root, "fate_points")) &&
      (rc = cops__json_int(ctx, j, "fate_points", 0, 99, &ch->fp)))
    return rc;
  if ((j = json_object_get(root, "scale")) && (rc = cops__json_int(ctx, j, "scale", -15, 24, &ch->scale)))
    return rc;
  const char *lists[2] = {"weapons", "protections"};
  for (int l = 0; l < 2; l++)
    if ((j = json_object_get(root, lists[l]))) {
      if (!json_is_array(j))
        return cops__fail(ctx, COPS_EJSON, "%s: expected an array", lists[l]);
      size_t i;
      json_t *e;
      json_array_foreach(j, i, e) {
        if ((rc = l ? load_protection(ch, ctx, e, i) : load_weapon(ch, ctx, e, i)))
          return rc;
      }
    }
  if ((j = json_object_get(root, "wounds")) && (rc = load_wounds(ch, ctx, j)))
    return rc;
  return COPS_OK;
}

COPS__TEXT_READER(cops_d6_character_from_json, cops_d6_character, "sheet", cops_d6_character_new, load, cops_d6_character_free)

COPS__FILE_READER(cops_d6_character_load, cops_d6_character, cops_d6_character_from_json)

static json_t *code_str(cops_d6_code c, int plus)
{
  char text[40];
  text[0] = '+';
  cops_d6_code_format(c, text + 1, sizeof text - 1);
  if (plus && !c.dice)
    snprintf(text + 1, sizeof text - 1, "%d", c.pips);   /* "+1": pips alone */
  return json_string(plus ? text : text + 1);
}

json_t *cops__d6_sheet_json(const cops_d6_character *ch, int *bad_out)
{
  int bad = 0;
  json_t *attributes = json_object(), *skills = json_object();
  for (int t = 0; t < COPS_D6_TRAIT_COUNT; t++)
    if (ch->has[t] && (t < COPS_D6_MAGIC || t >= COPS_D6_ATTRIBUTE_COUNT || cops_d6_code_pips(ch->trait[t])))
      bad |= json_object_set_new(t < COPS_D6_ATTRIBUTE_COUNT ? attributes : skills,
                                 cops_d6_trait_name(t), code_str(ch->trait[t], 0));
  json_t *root = json_pack("{s:s,s:i,s:s,s:o,s:o}", "system", "d6", "schema", SHEET_SCHEMA,
                           "name", ch->name, "attributes", attributes, "skills", skills);
  if (!root) {
    *bad_out = 1;
    return NULL;
  }
  if (ch->has_natural)
    bad |= json_object_set_new(root, "natural_damage", code_str(ch->natural, 0));
  if (ch->cp)
    bad |= json_object_set_new(root, "character_points", json_integer(ch->cp));
  if (ch->fp)
    bad |= json_object_set_new(root, "fate_points", json_integer(ch->fp));
  if (ch->scale)
    bad |= json_object_set_new(root, "scale", json_integer(ch->scale));
  if (ch->nweapons) {
    json_t *ws = json_array();
    for (int i = 0; i < ch->nweapons; i++) {
      const cops_d6_weapon *w = &ch->weapon[i];
      json_t *o = json_pack("{s:s,s:s,s:o}", "name", w->name, "category",
                            cops__d6_category_names[w->category], "damage",
                            code_str(w->damage, w->adds_natural));
      if (o && (w->range[2] || w->vig_range))
        bad |= json_object_set_new(o, w->vig_range ? "vig_range" : "range",
                                   json_pack("[i,i,i]", w->range[0], w->range[1], w->range[2]));
      if (o && w->ammo)
        bad |= json_object_set_new(o, "ammo", json_integer(w->ammo));
      if (o && w->roll_dice)
        bad |= json_object_set_new(o, "roll_dice", json_integer(w->roll_dice));
      if (o && w->flags) {
        json_t *fl = json_array();
        for (int b = 0; b < 4; b++)
          if (w->flags & (1u << b))
            bad |= json_array_append_new(fl, json_string(flag_names[b]));
        bad |= json_object_set_new(o, "flags", fl);
      }
      bad |= json_array_append_new(ws, o);
    }
    bad |= json_object_set_new(root, "weapons", ws);
  }
  if (ch->nprot) {
    json_t *ps = json_array();
    for (int i = 0; i < ch->nprot; i++) {
      const cops_d6_protection *p = &ch->prot[i];
      json_t *o = json_pack("{s:s,s:o,s:s}", "name", p->name, "armour", code_str(p->armour, 1),
                            "coverage", cops__d6_coverage_names[p->coverage]);
      if (o && p->energy_only)
        bad |= json_object_set_new(o, "energy_only", json_true());
      if (o && (p->penalty_dice || p->penalty_points)) {
        char pen[16];
        snprintf(pen, sizeof pen, p->penalty_dice ? "%dD" : "%d",
                 p->penalty_dice ? p->penalty_dice : p->penalty_points);
        bad |= json_object_set_new(o, "penalty", json_string(pen));
      }
      if (o && p->penalty_perception)
        bad |= json_object_set_new(o, "penalty_on", json_string("perception"));
      bad |= json_array_append_new(ps, o);
    }
    bad |= json_object_set_new(root, "protections", ps);
  }
  const cops_d6_wounds *w = &ch->w;
  json_t *wo = json_pack("{s:s}", "mode", mode_names[w->mode]);
  if (wo) {
    const struct { const char *key; int v, show; } ints[] = {
      {"step", w->step, w->mode == COPS_D6_LEVELS && w->step}, {"extra", w->extra, w->extra},
      {"hp_max", w->hp_max, ch->hp_given}, {"hp_lost", w->hp_lost, w->hp_lost},
      {"stunned_rounds", w->stunned_rounds, w->stunned_rounds},
      {"defend_only", w->defend_only, w->defend_only}, {"unconscious", w->unconscious, w->unconscious},
      {"mortal_rounds", w->mortal_rounds, w->mortal_rounds}, {"confused", w->confused, w->confused},
      {"protection", w->protection, w->protection},
      {"protection_rounds", w->protection_rounds, w->protection_rounds}};
    for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
      if (ints[k].show)
        bad |= json_object_set_new(wo, ints[k].key, json_integer(ints[k].v));
    if (w->stunned)
      bad |= json_object_set_new(wo, "stunned", json_true());
    if (w->stabilised)
      bad |= json_object_set_new(wo, "stabilised", json_true());
    if (w->treated[0] >= 0) {
      json_t *t = json_array();
      for (int k = 0; k < 4 && w->treated[k] >= 0; k++)
        bad |= json_array_append_new(t, json_integer(w->treated[k]));
      bad |= json_object_set_new(wo, "treated", t);
    }
    if (w->limbs) {
      json_t *l = json_array();
      for (int b = 0; b < 2; b++)
        if (w->limbs & (1u << b))
          bad |= json_array_append_new(l, json_string(limb_names[b]));
      bad |= json_object_set_new(wo, "limbs", l);
    }
  }
  bad |= json_object_set_new(root, "wounds", wo);
  *bad_out |= bad;
  return root;
}

int cops_d6_character_to_json(const cops_d6_character *ch, char **out)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ch)
    return COPS_EINVAL;
  int bad = 0;
  json_t *root = cops__d6_sheet_json(ch, &bad);
  if (!root)
    return cops__fail(ch->ctx, COPS_ENOMEM, "out of memory for the sheet");
  return cops__sheet_out(ch->ctx, root, bad, out);
}

int cops_d6_character_save(const cops_d6_character *ch, const char *path)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!path)
    return cops__fail(ch->ctx, COPS_EINVAL, "path is NULL");
  char *text;
  int rc = cops_d6_character_to_json(ch, &text);
  if (rc)
    return rc;
  rc = cops__write_file(ch->ctx, path, text);
  cops_free(text);
  return rc;
}
