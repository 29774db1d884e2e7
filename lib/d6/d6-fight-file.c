/* D6 fight files (docs/d6.md, "Fight files"; schemas/d6-fight.schema.json): a scenario is a
 * fight at round 0, a save the same fight between rounds with its state. Read with every
 * field checked, the message naming it; nothing changes on a refusal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d6/d6-private.h"
#include "fight/fight-file.h"
#include "d6-fight-private.h"

#define FIGHT_SCHEMA 1

typedef struct rule_field {
  const char *name;
  size_t offset;
  int boolean, lo, hi;
} rule_field;

#define RULE(f, b, lo, hi) {#f, offsetof(cops_d6_rules, f), b, lo, hi}
static const rule_field rule_fields[] = {
  RULE(explode, 1, 0, 1), RULE(free_die, 1, 0, 1), RULE(cp_dice, 0, 0, 5),
  RULE(fp_factor, 0, 1, 4), RULE(action_penalty, 0, 0, 5), RULE(difficulty, 0, 1, 1000),
  RULE(skill_defence, 1, 0, 1), RULE(success_damage, 1, 0, 1),
  RULE(negative_resistance, 1, 0, 1), RULE(gravity, 0, 0, 3), RULE(fall_full_height, 1, 0, 1),
  RULE(medical_tech, 0, -5, 5), RULE(combat_heal_level5_only, 1, 0, 1),
  RULE(disarm_vs_damage_roll, 1, 0, 1), RULE(magic_modifier, 0, -10, 15),
  RULE(magic_banned, 1, 0, 1), RULE(spell_difficulty_halved, 1, 0, 1),
  RULE(backlash_percent, 0, 0, 100), RULE(scroll_use, 0, 0, 2), RULE(artifact_use, 1, 0, 1),
};
#define NRULES (sizeof rule_fields / sizeof rule_fields[0])

static const char *const gravity_names[4] = {"normal", "low", "zero", "high"};

/* ---- writing ------------------------------------------------------------------------- */

static json_t *rules_json(const cops_d6_rules *r)
{
  cops_d6_rules d;
  cops__d6_rules_default(&d);
  json_t *j = json_object();
  for (size_t k = 0; j && k < NRULES; k++) {
    const int v = *(const int *)((const char *)r + rule_fields[k].offset);
    const int dv = *(const int *)((const char *)&d + rule_fields[k].offset);
    json_t *value = rule_fields[k].boolean ? json_boolean(v)
                    : rule_fields[k].offset == offsetof(cops_d6_rules, gravity)
                        ? json_string(gravity_names[v]) : json_integer(v);
    if (v != dv && json_object_set_new(j, rule_fields[k].name, value)) {
      json_decref(j);
      return NULL;
    }
    if (v == dv)
      json_decref(value);
  }
  return j;
}

static json_t *code_json(cops_d6_code c)
{
  char text[32];
  cops_d6_code_format(c, text, sizeof text);
  return json_string(text);
}

static json_t *vehicle_json(const struct cops__d6_fight_vehicle *fv, int *bad)
{
  const cops_d6_vehicle *v = &fv->v;
  json_t *o = json_pack("{s:s,s:i,s:o,s:o,s:s,s:s,s:i,s:i}", "name", v->name, "scale", v->scale,
                        "resistance", code_json(v->resistance), "manoeuvrability",
                        code_json(v->manoeuvrability), "speed", cops__d6_speed_names[v->speed],
                        "top_speed", cops__d6_speed_names[v->top_speed], "x", fv->x, "y", fv->y);
  if (!o) {
    *bad = 1;
    return NULL;
  }
  if (v->very_light)
    *bad |= json_object_set_new(o, "very_light", json_integer(v->very_light));
  if (v->control)
    *bad |= json_object_set_new(o, "control", json_string(cops__d6_control_names[v->control]));
  if (v->ndamage) {
    json_t *a = json_array();
    for (int k = 0; k < v->ndamage; k++)
      *bad |= json_array_append_new(a, json_pack("{s:s,s:i,s:i}", "result",
                                                 cops__d6_result_names[v->damage[k].result],
                                                 "dice", v->damage[k].dice, "ranks",
                                                 v->damage[k].ranks));
    *bad |= json_object_set_new(o, "damage", a);
  }
  return o;
}

static json_t *fight_json(const cops_d6_fight *f)
{
  json_t *root = json_object(), *sides = json_array(), *fighters = json_array(),
         *vehicles = json_array(), *groups = json_array();
  int bad = !root || !sides || !fighters || !vehicles || !groups;
  int nsides = 0;
  for (int i = 0; i < f->n; i++)
    nsides = f->c[i].side + 1 > nsides ? f->c[i].side + 1 : nsides;
  for (int s = 0; !bad && s < nsides; s++)
    bad |= json_array_append_new(sides, json_string(f->side_name[s]));
  for (int i = 0; !bad && i < f->n; i++) {
    const struct cops__d6_fighter *c = &f->c[i];
    json_t *sheet = cops__d6_sheet_json(c->ch, &bad);
    json_t *o = json_pack("{s:o,s:i,s:i,s:i}", "sheet", sheet, "side", c->side, "x", c->x, "y",
                          c->y);
    bad |= !o;
    if (o && c->cover)
      bad |= json_object_set_new(o, "cover", json_integer(c->cover));
    if (o && c->surpriser)
      bad |= json_object_set_new(o, "surpriser", json_true());
    if (o && c->out)
      bad |= json_object_set_new(o, "out", json_true());
    if (o && c->tactic)
      bad |= json_object_set_new(o, "tactic", json_string(cops_d6_fight_tactic_name(c->tactic)));
    if (o && c->policy)
      bad |= json_object_set_new(o, "policy", json_string(cops_policy_name(c->policy)));
    if (o && c->wielded != (c->ch->nweapons > 0 ? 0 : -1))
      bad |= json_object_set_new(o, "weapon", c->wielded >= 0 ? json_integer(c->wielded)
                                                               : json_null());
    if (o && c->vehicle >= 0)
      bad |= json_object_set_new(o, "vehicle", json_integer(c->vehicle));
    if (o && c->driver)
      bad |= json_object_set_new(o, "driver", json_true());
    if (o && c->holding >= 0)
      bad |= json_object_set_new(o, "holding", json_integer(c->holding));
    if (o && c->prep_done)
      bad |= json_object_set_new(o, "preparing",
                                 json_pack("{s:s,s:i,s:i,s:i,s:i}", "skill",
                                           cops_d6_trait_name(c->prep_skill), "difficulty",
                                           c->prep_difficulty, "rounds", c->prep_done, "step",
                                           c->prep_step, "hp_lost", c->prep_hp));
    bad |= json_array_append_new(fighters, o);
    if (!bad && c->coordinator == i) {
      json_t *members = json_array();
      for (int j = 0; j < f->n; j++)
        if (j != i && f->c[j].coordinator == i)
          bad |= json_array_append_new(members, json_integer(j));
      bad |= json_array_append_new(groups, json_pack("{s:i,s:i,s:o}", "coordinator", i, "target",
                                                     c->group_target, "members", members));
    }
  }
  for (int k = 0; !bad && k < f->nveh; k++)
    bad |= json_array_append_new(vehicles, vehicle_json(&f->veh[k], &bad));
  const cops__fight_head_out head = {
    .system = "d6", .name = f->name, .schema = FIGHT_SCHEMA, .max_rounds = f->max_rounds,
    .logging = f->logging, .seeded = f->seeded, .round = f->round, .over = f->over,
    .winner = f->winner, .seed = f->seed};
  bad |= !bad && cops__fight_head_write(f->ctx, root, &head, rules_json(&f->r), f->log);
  bad |= json_object_set_new(root, "sides", sides);
  bad |= json_object_set_new(root, "fighters", fighters);
  if (json_array_size(vehicles))
    bad |= json_object_set_new(root, "vehicles", vehicles);
  else
    json_decref(vehicles);
  if (json_array_size(groups))
    bad |= json_object_set_new(root, "groups", groups);
  else
    json_decref(groups);
  if (bad) {
    json_decref(root);
    return NULL;
  }
  return root;
}

int cops_d6_fight_save(const cops_d6_fight *f, char **out)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  if (f->in_round)
    return cops__fail(f->ctx, COPS_ESTATE, "a fight is saved between rounds (round %d is under "
                      "way)", f->round);
  json_t *root = fight_json(f);
  if (!root)
    return cops__fail(f->ctx, COPS_ENOMEM, "out of memory for the save");
  return cops__sheet_out(f->ctx, root, 0, out);
}

/* ---- reading ------------------------------------------------------------------------- */

/* A name among names at key, its index in *out; absent leaves *out. */
static int field_name(cops_ctx *ctx, json_t *obj, const char *where, const char *key,
                      const char *const *names, int n, int *out)
{
  json_t *v = json_object_get(obj, key);
  if (!v)
    return COPS_OK;
  const char *s = json_string_value(v);
  for (int k = 0; s && k < n; k++)
    if (!strcmp(s, names[k])) {
      *out = k;
      return COPS_OK;
    }
  char list[160] = "";
  for (int k = 0; k < n; k++)
    snprintf(list + strlen(list), sizeof list - strlen(list), "%s\"%s\"", k ? ", " : "", names[k]);
  return cops__fail(ctx, COPS_EJSON, "%s%s%s: one of %s", where, *where ? "." : "", key, list);
}

static int read_rules(cops_ctx *ctx, json_t *j, cops_d6_rules *r)
{
  cops__d6_rules_default(r);
  if (!j)
    return COPS_OK;
  if (!json_is_object(j))
    return cops__fail(ctx, COPS_EJSON, "rules: expected an object");
  const char *key;
  json_t *v;
  json_object_foreach(j, key, v) {
    size_t k = 0;
    while (k < NRULES && strcmp(rule_fields[k].name, key))
      k++;
    if (k == NRULES)
      return cops__fail(ctx, COPS_EJSON, "rules.%s: unknown", key);
    int *p = (int *)((char *)r + rule_fields[k].offset);
    int rc = rule_fields[k].boolean ? cops__field_bool(ctx, j, "rules", key, p)
             : rule_fields[k].offset == offsetof(cops_d6_rules, gravity)
                 ? field_name(ctx, j, "rules", key, gravity_names, 4, p)
                 : cops__field_int(ctx, j, "rules", key, rule_fields[k].lo, rule_fields[k].hi, p);
    if (rc)
      return rc;
  }
  cops_d6_rules checked;
  return cops__d6_rules_in(ctx, r, &checked);
}

static int sheet_text(void **out, cops_ctx *ctx, const char *t)
{
  return cops_d6_character_from_json((cops_d6_character **)out, ctx, t);
}

static int sheet_file(void **out, cops_ctx *ctx, const char *p)
{
  return cops_d6_character_load((cops_d6_character **)out, ctx, p);
}

static int read_vehicle(cops_d6_fight *f, json_t *o, int k)
{
  static const char *const keys[] = {"name", "scale", "resistance", "manoeuvrability", "speed",
                                     "top_speed", "very_light", "control", "damage", "x", "y",
                                     NULL};
  cops_ctx *ctx = f->ctx;
  char where[32], sub[64];
  snprintf(where, sizeof where, "vehicles[%d]", k);
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  int rc = cops__json_only_keys(ctx, o, where, keys);
  if (rc)
    return rc;
  cops_d6_vehicle v;
  cops_d6_vehicle_init(&v);
  const char *name = json_string_value(json_object_get(o, "name"));
  if (!name || !*name || strlen(name) >= sizeof v.name)
    return cops__fail(ctx, COPS_EJSON, "%s.name: 1 to %zu bytes", where, sizeof v.name - 1);
  snprintf(v.name, sizeof v.name, "%s", name);
  int x = 0, y = 0;
  if ((rc = cops__field_int(ctx, o, where, "scale", -15, 24, &v.scale)) ||
      (rc = field_name(ctx, o, where, "speed", cops__d6_speed_names, 5, &v.speed)) ||
      (rc = field_name(ctx, o, where, "top_speed", cops__d6_speed_names, 5, &v.top_speed)) ||
      (rc = cops__field_int(ctx, o, where, "very_light", 0, 2, &v.very_light)) ||
      (rc = field_name(ctx, o, where, "control", cops__d6_control_names, 4, &v.control)) ||
      (rc = cops__field_int(ctx, o, where, "x", -COPS_D6_POSITION_MAX, COPS_D6_POSITION_MAX, &x)) ||
      (rc = cops__field_int(ctx, o, where, "y", -COPS_D6_POSITION_MAX, COPS_D6_POSITION_MAX, &y)))
    return rc;
  static const char *const codes[2] = {"resistance", "manoeuvrability"};
  cops_d6_code *slots[2] = {&v.resistance, &v.manoeuvrability};
  for (int c = 0; c < 2; c++) {
    json_t *j = json_object_get(o, codes[c]);
    snprintf(sub, sizeof sub, "%s.%s", where, codes[c]);
    if (j && (rc = cops__d6_code_field(ctx, j, sub, 20, slots[c], NULL)))
      return rc;
  }
  json_t *damage = json_object_get(o, "damage");
  if (damage) {
    if (!json_is_array(damage) || json_array_size(damage) > COPS_D6_VEHICLE_DAMAGE_MAX)
      return cops__fail(ctx, COPS_EJSON, "%s.damage: at most %d results", where,
                        COPS_D6_VEHICLE_DAMAGE_MAX);
    for (size_t d = 0; d < json_array_size(damage); d++) {
      static const char *const dkeys[] = {"result", "dice", "ranks", NULL};
      json_t *e = json_array_get(damage, d);
      snprintf(sub, sizeof sub, "%s.damage[%zu]", where, d);
      if (!json_is_object(e) || !json_object_get(e, "result"))
        return cops__fail(ctx, COPS_EJSON, "%s: expected {\"result\", \"dice\", \"ranks\"}", sub);
      cops_d6_vehicle_damage *vd = &v.damage[v.ndamage++];
      if ((rc = cops__json_only_keys(ctx, e, sub, dkeys)) ||
          (rc = field_name(ctx, e, sub, "result", cops__d6_result_names, 6, &vd->result)) ||
          (rc = cops__field_int(ctx, e, sub, "dice", 0, 2, &vd->dice)) ||
          (rc = cops__field_int(ctx, e, sub, "ranks", 0, COPS_D6_FLAT_OUT, &vd->ranks)))
        return rc;
    }
  }
  if ((rc = cops_d6_fight_add_vehicle(f, &v, x, y, NULL)))
    return cops__prefix_error(ctx, rc, where);
  return COPS_OK;
}

/* A spell in preparation (D6-M22): its skill, difficulty, the rounds done and the wounds then. */
static int read_preparation(cops_d6_fight *f, struct cops__d6_fighter *c, json_t *o,
                            const char *base)
{
  static const char *const keys[] = {"skill", "difficulty", "rounds", "step", "hp_lost", NULL};
  cops_ctx *ctx = f->ctx;
  char where[64];
  snprintf(where, sizeof where, "%s.preparing", base);
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  int rc = cops__json_only_keys(ctx, o, where, keys);
  if (rc)
    return rc;
  for (int k = 0; keys[k]; k++)
    if (!json_object_get(o, keys[k]))
      return cops__fail(ctx, COPS_EJSON, "%s.%s: missing", where, keys[k]);
  const char *name = json_string_value(json_object_get(o, "skill"));
  int skill;
  if (!name || cops_d6_trait_parse(name, &skill) != COPS_OK)
    return cops__fail(ctx, COPS_EINVAL, "%s.skill: a magic skill's name", where);
  const int attr = skill < COPS_D6_ATTRIBUTE_COUNT ? skill : cops_d6_trait_parent(skill);
  if (attr < COPS_D6_MAGIC || attr > COPS_D6_METAPHYSICS)
    return cops__fail(ctx, COPS_EINVAL, "%s.skill %s: no skill of a magic Attribute (§7.1)", where,
                      name);
  int difficulty, rounds, step, hp;
  if ((rc = cops__field_int(ctx, o, where, "difficulty", 1, 1000, &difficulty)) ||
      (rc = cops__field_int(ctx, o, where, "rounds", 1, 99, &rounds)) ||
      (rc = cops__field_int(ctx, o, where, "step", 0, 8, &step)) ||
      (rc = cops__field_int(ctx, o, where, "hp_lost", 0, 999, &hp)))
    return rc;
  c->prep_skill = skill, c->prep_difficulty = difficulty, c->prep_done = rounds;
  c->prep_step = step, c->prep_hp = hp;
  return COPS_OK;
}

static int read_fighter(cops_d6_fight *f, json_t *o, int i, const char *base, int nsides)
{
  static const char *const keys[] = {"sheet", "side", "x", "y", "cover", "surpriser", "out",
                                     "tactic", "policy", "weapon", "vehicle", "driver", "holding",
                                     "preparing", NULL};
  cops_ctx *ctx = f->ctx;
  char where[48], sub[64];
  snprintf(where, sizeof where, "fighters[%d]", i);
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  int rc = cops__json_only_keys(ctx, o, where, keys);
  if (rc)
    return rc;
  json_t *sheet = json_object_get(o, "sheet");
  if (!sheet)
    return cops__fail(ctx, COPS_EJSON, "%s.sheet: missing", where);
  snprintf(sub, sizeof sub, "%s.sheet", where);
  void *p;
  if ((rc = cops__load_entity(ctx, sheet, sub, base, sheet_text, sheet_file, &p)))
    return rc;
  cops_d6_character *ch = p;
  int side = 0, x = 0, y = 0;
  if (!json_object_get(o, "side"))
    rc = cops__fail(ctx, COPS_EJSON, "%s.side: missing", where);
  if (rc || (rc = cops__field_int(ctx, o, where, "side", 0, nsides - 1, &side)) ||
      (rc = cops__field_int(ctx, o, where, "x", -COPS_D6_POSITION_MAX, COPS_D6_POSITION_MAX, &x)) ||
      (rc = cops__field_int(ctx, o, where, "y", -COPS_D6_POSITION_MAX, COPS_D6_POSITION_MAX, &y)) ||
      (rc = cops_d6_fight_add(f, ch, side, x, y, NULL))) {
    cops_d6_character_free(ch);
    return rc;
  }
  struct cops__d6_fighter *c = &f->c[f->n - 1];
  c->owned = 1;
  static const char *const policy_names[COPS_POLICY_COUNT] = {"simple", "tactical"};
  if ((rc = field_name(ctx, o, where, "tactic", cops__d6_tactic_names, COPS_D6_TACTIC_COUNT,
                       &c->tactic)) ||
      (rc = field_name(ctx, o, where, "policy", policy_names, COPS_POLICY_COUNT, &c->policy)) ||
      (rc = cops__field_int(ctx, o, where, "cover", 0, 20, &c->cover)) ||
      (rc = cops__field_bool(ctx, o, where, "surpriser", &c->surpriser)) ||
      (rc = cops__field_bool(ctx, o, where, "out", &c->out)) ||
      (rc = cops__field_bool(ctx, o, where, "driver", &c->driver)) ||
      (rc = cops__field_int(ctx, o, where, "vehicle", 0, f->nveh - 1, &c->vehicle)) ||
      (rc = cops__field_int(ctx, o, where, "holding", 0, COPS_D6_FIGHTERS_MAX - 1, &c->holding)))
    return rc;
  json_t *w = json_object_get(o, "weapon");
  if (w && json_is_null(w))
    c->wielded = -1;
  else if (w && (rc = cops__field_int(ctx, o, where, "weapon", 0, ch->nweapons - 1, &c->wielded)))
    return rc;
  if (c->driver && c->vehicle < 0)
    return cops__fail(ctx, COPS_ERULE, "%s.driver: aboard no vehicle", where);
  json_t *prep = json_object_get(o, "preparing");
  return prep ? read_preparation(f, c, prep, where) : COPS_OK;
}

/* Holds, vehicles and drivers as a whole: each held once, in contact, nobody aboard. */
static int check_links(cops_d6_fight *f)
{
  cops_ctx *ctx = f->ctx;
  for (int i = 0; i < f->n; i++) {
    struct cops__d6_fighter *c = &f->c[i];
    if (c->vehicle >= 0) {
      c->x = f->veh[c->vehicle].x;
      c->y = f->veh[c->vehicle].y;
      for (int j = 0; j < i; j++)
        if (c->driver && f->c[j].vehicle == c->vehicle && f->c[j].driver)
          return cops__fail(ctx, COPS_ERULE, "fighters[%d].driver: %s drives %s already", i,
                            f->c[j].ch->name, f->veh[c->vehicle].v.name);
    }
  }
  for (int i = 0; i < f->n; i++) {
    struct cops__d6_fighter *c = &f->c[i];
    const int h = c->holding;
    if (h < 0)
      continue;
    if (h >= f->n || h == i)
      return cops__fail(ctx, COPS_ERANGE, "fighters[%d].holding %d: another fighter, 0..%d", i, h,
                        f->n - 1);
    if (f->c[h].held_by >= 0 || f->c[h].holding >= 0 || c->held_by >= 0)
      return cops__fail(ctx, COPS_ERULE, "fighters[%d].holding: one hold a fighter (D6-A68)", i);
    if (c->vehicle >= 0 || f->c[h].vehicle >= 0 || cops__d6_dist(f, i, h) > 1)
      return cops__fail(ctx, COPS_ERULE, "fighters[%d].holding: the two in contact, on foot", i);
    f->c[h].held_by = i;
  }
  return COPS_OK;
}

static int read_group(cops_d6_fight *f, json_t *o, int k)
{
  static const char *const keys[] = {"coordinator", "target", "members", NULL};
  cops_ctx *ctx = f->ctx;
  char where[32];
  snprintf(where, sizeof where, "groups[%d]", k);
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  int rc = cops__json_only_keys(ctx, o, where, keys), coord = 0, target = 0;
  json_t *members = json_object_get(o, "members");
  if (rc)
    return rc;
  if (!json_object_get(o, "coordinator") || !json_object_get(o, "target") || !members)
    return cops__fail(ctx, COPS_EJSON, "%s: \"coordinator\", \"target\" and \"members\" are "
                      "required", where);
  if (!json_is_array(members) || json_array_size(members) < 1 || json_array_size(members) > 7)
    return cops__fail(ctx, COPS_EJSON, "%s.members: 1 .. 7 fighters", where);
  int ids[7];
  if ((rc = cops__field_int(ctx, o, where, "coordinator", 0, f->n - 1, &coord)) ||
      (rc = cops__field_int(ctx, o, where, "target", 0, f->n - 1, &target)))
    return rc;
  for (size_t m = 0; m < json_array_size(members); m++) {
    char sub[64];
    snprintf(sub, sizeof sub, "%s.members[%zu]", where, m);
    if ((rc = cops__json_int(ctx, json_array_get(members, m), sub, 0, f->n - 1, &ids[m])))
      return rc;
  }
  if (f->c[coord].coordinator >= 0)
    return cops__fail(ctx, COPS_ERULE, "%s.coordinator: in a group already", where);
  if ((rc = cops_d6_fight_coordinate(f, coord, target, ids, (int)json_array_size(members))))
    return cops__prefix_error(ctx, rc, where);
  return COPS_OK;
}

static int read_fight(cops_d6_fight *f, json_t *root, const char *base, cops__fight_head *h)
{
  static const char *const keys[] = {"system", "schema", "name", "rules", "max_rounds", "logging",
                                     "seed", "round", "winner", "next_event", "random", "sides",
                                     "fighters", "vehicles", "groups", NULL};
  cops_ctx *ctx = f->ctx;
  if (!json_is_object(root))
    return cops__fail(ctx, COPS_EJSON, "a fight: expected an object");
  json_t *system = json_object_get(root, "system");
  if (!json_is_string(system) || strcmp(json_string_value(system), "d6"))
    return cops__fail(ctx, COPS_EJSON, "system: \"d6\" expected (a D6 fight)");
  int rc = cops__json_only_keys(ctx, root, "", keys), v;
  if (rc || (rc = cops__field_int(ctx, root, "", "schema", 1, FIGHT_SCHEMA, &v)))
    return rc;
  h->name = f->name;
  h->name_cap = sizeof f->name;
  h->max_rounds = &f->max_rounds;
  h->logging = &f->logging;
  h->round = &f->round;
  h->seeded = &f->seeded;
  h->seed = &f->seed;
  h->side_names = f->side_name[0];
  h->side_cap = sizeof f->side_name[0];
  h->sides_max = COPS_D6_SIDES_MAX;
  if ((rc = cops__fight_head_read(ctx, root, h)) ||
      (rc = read_rules(ctx, json_object_get(root, "rules"), &f->r)))
    return rc;
  const int nsides = h->nsides;
  const int saved_round = f->round;
  f->round = 0;   /* vehicles and fighters join before the first round */
  json_t *vehicles = json_object_get(root, "vehicles");
  if (vehicles) {
    if (!json_is_array(vehicles) || json_array_size(vehicles) > COPS_D6_VEHICLES_MAX)
      return cops__fail(ctx, COPS_EJSON, "vehicles: expected at most %d vehicles",
                        COPS_D6_VEHICLES_MAX);
    for (size_t k = 0; k < json_array_size(vehicles); k++)
      if ((rc = read_vehicle(f, json_array_get(vehicles, k), (int)k)))
        return rc;
  }
  json_t *fighters = json_object_get(root, "fighters");
  if (!json_is_array(fighters) || json_array_size(fighters) < 1 ||
      json_array_size(fighters) > COPS_D6_FIGHTERS_MAX)
    return cops__fail(ctx, COPS_EJSON, "fighters: expected 1 .. %d fighters",
                      COPS_D6_FIGHTERS_MAX);
  for (size_t i = 0; i < json_array_size(fighters); i++)
    if ((rc = read_fighter(f, json_array_get(fighters, i), (int)i, base, nsides)))
      return rc;
  f->round = saved_round;
  if ((rc = check_links(f)))
    return rc;
  json_t *groups = json_object_get(root, "groups");
  if (groups) {
    if (!json_is_array(groups) || json_array_size(groups) > COPS_D6_FIGHTERS_MAX / 2)
      return cops__fail(ctx, COPS_EJSON, "groups: expected at most %d groups",
                        COPS_D6_FIGHTERS_MAX / 2);
    for (size_t k = 0; k < json_array_size(groups); k++)
      if ((rc = read_group(f, json_array_get(groups, k), (int)k)))
        return rc;
  }
  return cops__fight_winner_read(ctx, root, nsides, COPS_D6_NO_WINNER, &f->over, &f->winner);
}

int cops_d6_fight_from_json(cops_d6_fight **out, cops_ctx *ctx, const char *json,
                            const char *base_dir)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, json, "fight", &root);
  if (rc)
    return rc;
  cops_d6_fight *f;
  if ((rc = cops_d6_fight_new(&f, ctx, NULL))) {
    json_decref(root);
    return rc;
  }
  cops__fight_head h;
  memset(&h, 0, sizeof h);
  rc = read_fight(f, root, base_dir, &h);
  json_decref(root);
  if (rc) {
    cops_d6_fight_free(f);
    return rc;
  }
  cops__fight_head_finish(ctx, &h, f->log, f->round);   /* all read: all or nothing */
  *out = f;
  return COPS_OK;
}

COPS__FILE_READER_IN_FOLDER(cops_d6_fight_load, cops_d6_fight, cops_d6_fight_from_json)
