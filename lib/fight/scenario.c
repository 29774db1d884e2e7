/* Scenarios (docs/scenarios.md): an encounter read from JSON, owning its
 * characters, weapons and armour, with scripted declarations per round. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fight/fight.h"
#include "base/jsonutil.h"
#include "fight/rules.h"

#define SCRIPTS_MAX 1024

struct cops_scenario {
  cops_ctx *ctx;
  char name[COPS_NAME_MAX + 1];
  cops_encounter *e;
  cops_character *ch[COPS_COMBATANTS_MAX];
  cops_weapon *w[COPS_COMBATANTS_MAX * COPS_WEAPONS_MAX];
  cops_armour *a[COPS_COMBATANTS_MAX];
  int nch, nw, na;
  char sides[COPS_SIDES_MAX][64];
  int nsides;
  struct cops__script_line *script;
  int nscript;
};

void cops_scenario_free(cops_scenario *s)
{
  if (!s || cops__refused(s->ctx))
    return;
  cops_encounter_free(s->e);
  for (int i = 0; i < s->nch; i++)
    cops_character_free(s->ch[i]);
  for (int i = 0; i < s->nw; i++)
    cops_weapon_free(s->w[i]);
  for (int i = 0; i < s->na; i++)
    cops_armour_free(s->a[i]);
  cops__free(&s->ctx->alloc, s->script);
  cops__free(&s->ctx->alloc, s);
}

static int armour_text(void **out, cops_ctx *ctx, const char *t)
{
  return cops_armour_from_json((cops_armour **)out, ctx, t);
}
static int armour_file(void **out, cops_ctx *ctx, const char *p)
{
  return cops_armour_load((cops_armour **)out, ctx, p);
}

static int side_of(cops_scenario *s, json_t *v, const char *field, int *out)
{
  if (!json_is_string(v))
    return cops__fail(s->ctx, COPS_EJSON, "%s: expected a side's name", field);
  const char *name = json_string_value(v);
  char what[192];
  snprintf(what, sizeof what, "%s: a side's name", field);
  int rc = cops__check_name(s->ctx, what, name, sizeof s->sides[0] - 1);
  if (rc)
    return rc;
  for (int i = 0; i < s->nsides; i++)
    if (!strcmp(s->sides[i], name)) {
      *out = i;
      return COPS_OK;
    }
  if (s->nsides == COPS_SIDES_MAX)
    return cops__fail(s->ctx, COPS_ERANGE, "%s: more than %d sides", field, COPS_SIDES_MAX);
  snprintf(s->sides[s->nsides], sizeof s->sides[0], "%s", name);
  *out = s->nsides++;
  return COPS_OK;
}

/* A policy's name at v ("simple", "tactical") into *out. */
static int policy_of(cops_ctx *ctx, json_t *v, const char *field, int *out)
{
  *out = json_is_string(v) ? cops_policy_parse(json_string_value(v)) : -1;
  if (*out < 0)
    return cops__fail(ctx, COPS_EJSON, "%s: \"simple\" or \"tactical\"", field);
  return COPS_OK;
}

/* Combatant index (its id) from c; its own policy into *policy, -1 when it names none. */
static int load_combatant(cops_scenario *s, json_t *c, int index, const char *base,
                          int *policy)
{
  static const char *const keys[] = {"sheet", "side", "position", "weapons", "armour",
                                     "controlled", "tag", "policy", NULL};
  char field[96], sub[128];
  snprintf(field, sizeof field, "combatants[%d]", index);
  cops_ctx *ctx = s->ctx;
  int rc;
  if (!json_is_object(c))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", field);
  if ((rc = cops__json_only_keys(ctx, c, field, keys)))
    return rc;
  json_t *sheet = json_object_get(c, "sheet");
  if (!sheet)
    return cops__fail(ctx, COPS_EJSON, "%s.sheet: missing", field);
  snprintf(sub, sizeof sub, "%s.sheet", field);
  void *p;
  if ((rc = cops__inline_character(ctx, sheet, sub, base, (cops_character **)&p)))
    return rc;
  cops_character *ch = p;
  s->ch[s->nch++] = ch;
  int side = 0;
  snprintf(sub, sizeof sub, "%s.side", field);
  json_t *sv = json_object_get(c, "side");
  if (!sv)
    return cops__fail(ctx, COPS_EJSON, "%s: missing", sub);
  if ((rc = side_of(s, sv, sub, &side)))
    return rc;
  int x = 0, y = 0;
  json_t *pos = json_object_get(c, "position");
  if (pos) {
    snprintf(sub, sizeof sub, "%s.position", field);
    if (!json_is_array(pos) || json_array_size(pos) != 2)
      return cops__fail(ctx, COPS_EJSON, "%s: expected [x, y] in metres", sub);
    if ((rc = cops__json_int(ctx, json_array_get(pos, 0), sub, -COPS_POSITION_MAX,
                             COPS_POSITION_MAX, &x)) ||
        (rc = cops__json_int(ctx, json_array_get(pos, 1), sub, -COPS_POSITION_MAX,
                             COPS_POSITION_MAX, &y)))
      return rc;
  }
  int id;
  if ((rc = cops_encounter_add(s->e, ch, side, x, y, &id)))
    return cops__prefix_error(ctx, rc, field);
  json_t *ws = json_object_get(c, "weapons");
  if (ws) {
    if (!json_is_array(ws))
      return cops__fail(ctx, COPS_EJSON, "%s.weapons: expected a list", field);
    if (json_array_size(ws) > COPS_WEAPONS_MAX)
      return cops__fail(ctx, COPS_ERANGE, "%s.weapons: at most %d", field, COPS_WEAPONS_MAX);
    for (size_t k = 0; k < json_array_size(ws); k++) {
      snprintf(sub, sizeof sub, "%s.weapons[%zu]", field, k);
      if ((rc = cops__inline_weapon(ctx, json_array_get(ws, k), sub, base, (cops_weapon **)&p)))
        return rc;
      s->w[s->nw++] = p;
      if ((rc = cops_encounter_give_weapon(s->e, id, p)))
        return cops__prefix_error(ctx, rc, sub);
    }
  }
  json_t *av = json_object_get(c, "armour");
  /* What it names not, its sheet's gear gives (docs/scenarios.md). */
  if ((!ws || !av) && (rc = cops__enc_equip(s->e, id, !ws, !av)))
    return cops__prefix_error(ctx, rc, field);
  if (av && !json_is_null(av)) {
    snprintf(sub, sizeof sub, "%s.armour", field);
    if ((rc = cops__load_entity(ctx, av, sub, base, armour_text, armour_file, &p)))
      return rc;
    s->a[s->na++] = p;
    cops_encounter_set_armour(s->e, id, p);
  }
  json_t *cv = json_object_get(c, "controlled");
  if (cv && !json_is_false(cv))
    return cops__fail(ctx, COPS_EJSON, "%s.controlled: a scenario runs unattended: false or "
                      "absent (script the rounds instead)", field);
  json_t *tv = json_object_get(c, "tag");
  if (tv) {
    snprintf(sub, sizeof sub, "%s.tag", field);
    if (!json_is_string(tv) || !json_string_value(tv)[0])
      return cops__fail(ctx, COPS_EJSON, "%s: expected a tag, a string not empty", sub);
    if ((rc = cops_encounter_set_tag(s->e, id, json_string_value(tv))))
      return cops__prefix_error(ctx, rc, sub);
  }
  *policy = -1;
  json_t *pv = json_object_get(c, "policy");
  if (pv) {
    snprintf(sub, sizeof sub, "%s.policy", field);
    return policy_of(ctx, pv, sub, policy);
  }
  return COPS_OK;
}

/* A combatant named by its character's name or its index. */
static int combatant_ref(cops_scenario *s, json_t *v, const char *field, int *out)
{
  if (json_is_integer(v))
    return cops__json_int(s->ctx, v, field, 0, s->nch - 1, out);
  if (json_is_string(v)) {
    for (int i = 0; i < s->nch; i++)
      if (!strcmp(cops_character_name(s->ch[i]), json_string_value(v))) {
        *out = i;
        return COPS_OK;
      }
    return cops__fail(s->ctx, COPS_ENOTFOUND, "%s: no combatant named '%s'", field,
                      json_string_value(v));
  }
  return cops__fail(s->ctx, COPS_EJSON, "%s: expected a combatant's name or index", field);
}

static int load_declaration(cops_scenario *s, json_t *o, const char *field, int round)
{
  static const char *const keys[] = {"combatant", "action", "attitude", "initiative", "target",
                                     "shots", "weapon", "to", "difficulty", "aim", "bullets",
                                     "circumstances", "keep", NULL};
  cops_ctx *ctx = s->ctx;
  char sub[256];
  int rc;
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", field);
  if ((rc = cops__json_only_keys(ctx, o, field, keys)))
    return rc;
  struct cops__script_line *l = &s->script[s->nscript];
  l->round = round;
  snprintf(sub, sizeof sub, "%s.combatant", field);
  json_t *v = json_object_get(o, "combatant");
  if (!v)
    return cops__fail(ctx, COPS_EJSON, "%s: missing", sub);
  if ((rc = combatant_ref(s, v, sub, &l->id)))
    return rc;
  int action;
  snprintf(sub, sizeof sub, "%s.action", field);
  v = json_object_get(o, "action");
  if (!json_is_string(v))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an action's name", sub);
  if (cops_encounter_action_parse(json_string_value(v), &action))
    return cops__fail(ctx, COPS_ENOTFOUND, "%s: unknown action '%s'", sub, json_string_value(v));
  cops_declaration_init(&l->d, action);
  if ((v = json_object_get(o, "attitude"))) {
    snprintf(sub, sizeof sub, "%s.attitude", field);
    if (!json_is_string(v) || cops_attitude_parse(json_string_value(v), &l->d.attitude))
      return cops__fail(ctx, COPS_EJSON, "%s: Planqué, Prudent, Normal, Agressif or "
                        "Ultra-violent", sub);
  }
  struct {
    const char *key;
    int lo, hi;
    int *dst;
  } ints[] = {
    {"initiative", -2, 2, &l->d.initiative},
    {"shots", 1, COPS_MAGAZINE_MAX, &l->d.shots},
    {"weapon", 0, COPS_WEAPONS_MAX - 1, &l->d.weapon},
    {"difficulty", 1, 3, &l->d.difficulty},
    /* The alternative rules' (A1.2, A2): checked against the ruleset when declared. */
    {"aim", 0, 10, &l->d.aim},
    {"bullets", 0, COPS_MAGAZINE_MAX, &l->d.bullets},
    {"circumstances", -10, 10, &l->d.circumstances},
    {"keep", 0, 10, &l->d.keep},
  };
  for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
    if ((v = json_object_get(o, ints[k].key))) {
      snprintf(sub, sizeof sub, "%s.%s", field, ints[k].key);
      if ((rc = cops__json_int(ctx, v, sub, ints[k].lo, ints[k].hi, ints[k].dst)))
        return rc;
    }
  if ((v = json_object_get(o, "target")) && !json_is_null(v)) {
    snprintf(sub, sizeof sub, "%s.target", field);
    if ((rc = combatant_ref(s, v, sub, &l->d.target)))
      return rc;
  }
  if ((v = json_object_get(o, "to")) && !json_is_null(v)) {
    snprintf(sub, sizeof sub, "%s.to", field);
    if (!json_is_array(v) || json_array_size(v) != 2)
      return cops__fail(ctx, COPS_EJSON, "%s: expected [x, y] in metres", sub);
    if ((rc = cops__json_int(ctx, json_array_get(v, 0), sub, -COPS_POSITION_MAX,
                             COPS_POSITION_MAX, &l->d.x)) ||
        (rc = cops__json_int(ctx, json_array_get(v, 1), sub, -COPS_POSITION_MAX,
                             COPS_POSITION_MAX, &l->d.y)))
      return rc;
    l->d.moving = 1;
  }
  for (int k = 0; k < s->nscript; k++)
    if (s->script[k].round == round && s->script[k].id == l->id)
      return cops__fail(ctx, COPS_EJSON, "%s: a second declaration for %s in round %d", field,
                        cops_character_name(s->ch[l->id]), round);
  s->nscript++;
  return COPS_OK;
}

static int load_rounds(cops_scenario *s, json_t *rounds)
{
  cops_ctx *ctx = s->ctx;
  int rc;
  if (!json_is_array(rounds))
    return cops__fail(ctx, COPS_EJSON, "rounds: expected a list");
  s->script = cops__calloc(&ctx->alloc, SCRIPTS_MAX * sizeof *s->script);
  if (!s->script)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for the rounds");
  for (size_t i = 0; i < json_array_size(rounds); i++) {
    static const char *const keys[] = {"round", "declarations", NULL};
    char field[64], sub[160];
    snprintf(field, sizeof field, "rounds[%zu]", i);
    json_t *r = json_array_get(rounds, i);
    if (!json_is_object(r))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", field);
    if ((rc = cops__json_only_keys(ctx, r, field, keys)))
      return rc;
    int round;
    snprintf(sub, sizeof sub, "%s.round", field);
    if ((rc = cops__json_int(ctx, json_object_get(r, "round"), sub, 1, 10000, &round)))
      return rc;
    json_t *ds = json_object_get(r, "declarations");
    if (!json_is_array(ds))
      return cops__fail(ctx, COPS_EJSON, "%s.declarations: expected a list", field);
    for (size_t k = 0; k < json_array_size(ds); k++) {
      if (s->nscript == SCRIPTS_MAX)
        return cops__fail(ctx, COPS_ERANGE, "more than %d scripted declarations", SCRIPTS_MAX);
      snprintf(sub, sizeof sub, "%s.declarations[%zu]", field, k);
      if ((rc = load_declaration(s, json_array_get(ds, k), sub, round)))
        return rc;
    }
  }
  return COPS_OK;
}

static int scenario_parse(cops_scenario *s, json_t *root, const char *base)
{
  static const char *const keys[] = {"schema", "name", "ruleset", "max_rounds", "combatants",
                                     "rounds", "policy", "side_policies", NULL};
  cops_ctx *ctx = s->ctx;
  int rc, schema;
  if (!json_is_object(root))
    return cops__fail(ctx, COPS_EJSON, "a scenario is a JSON object");
  if ((rc = cops__json_only_keys(ctx, root, "", keys)))
    return rc;
  if ((rc = cops__json_int(ctx, json_object_get(root, "schema"), "schema", 1, 1, &schema)))
    return rc;
  json_t *v = json_object_get(root, "name");
  if (!json_is_string(v))
    return cops__fail(ctx, COPS_EJSON, "name: expected a text");
  if ((rc = cops__check_name(ctx, "a scenario's name", json_string_value(v), sizeof s->name - 1)))
    return cops__prefix_error(ctx, rc, "name");
  snprintf(s->name, sizeof s->name, "%s", json_string_value(v));
  v = json_object_get(root, "ruleset");
  int ruleset = COPS_RULES_CORE;
  if (v && (!json_is_string(v) || (ruleset = cops__rules_named(json_string_value(v))) < 0))
    return cops__fail(ctx, COPS_EJSON, "ruleset: \"core\" or \"alternative\"");
  if ((rc = cops_encounter_new(&s->e, ctx, ruleset)))
    return rc;
  if ((v = json_object_get(root, "max_rounds"))) {
    int m;
    if ((rc = cops__json_int(ctx, v, "max_rounds", 1, 10000, &m)))
      return rc;
    cops_encounter_set_max_rounds(s->e, m);
  }
  json_t *cs = json_object_get(root, "combatants");
  if (!json_is_array(cs) || json_array_size(cs) < 2)
    return cops__fail(ctx, COPS_EJSON, "combatants: expected a list of at least two");
  if (json_array_size(cs) > COPS_COMBATANTS_MAX)
    return cops__fail(ctx, COPS_ERANGE, "combatants: at most %d", COPS_COMBATANTS_MAX);
  int own[COPS_COMBATANTS_MAX];
  for (size_t i = 0; i < json_array_size(cs); i++)
    if ((rc = load_combatant(s, json_array_get(cs, i), (int)i, base, &own[i])))
      return rc;
  for (int i = 0; i < s->nsides; i++)
    cops__encounter_set_side_name(s->e, i, s->sides[i]);
  /* Who declares for each (docs/scenarios.md): its own "policy", its side's in
   * "side_policies", the scenario's "policy", else the simple policy. */
  int all = COPS_POLICY_SIMPLE, side[COPS_SIDES_MAX];
  for (int k = 0; k < COPS_SIDES_MAX; k++)
    side[k] = -1;
  if ((v = json_object_get(root, "policy")) && (rc = policy_of(ctx, v, "policy", &all)))
    return rc;
  if ((v = json_object_get(root, "side_policies"))) {
    if (!json_is_object(v))
      return cops__fail(ctx, COPS_EJSON, "side_policies: expected an object, a side's name "
                        "to its policy");
    const char *key;
    json_t *pv;
    json_object_foreach(v, key, pv) {
      char field[160];
      snprintf(field, sizeof field, "side_policies.%.64s", key);
      int k = 0;
      while (k < s->nsides && strcmp(s->sides[k], key))
        k++;
      if (k == s->nsides)
        return cops__fail(ctx, COPS_EJSON, "%s: no combatant is on side '%.64s'", field, key);
      if ((rc = policy_of(ctx, pv, field, &side[k])))
        return rc;
    }
  }
  for (int i = 0; i < (int)json_array_size(cs); i++) {
    const int at = cops_encounter_side(s->e, i);
    const int p = own[i] >= 0 ? own[i] : side[at] >= 0 ? side[at] : all;
    cops_encounter_set_policy(s->e, i, p);
  }
  if ((v = json_object_get(root, "rounds")) && (rc = load_rounds(s, v)))
    return rc;
  cops__encounter_set_script(s->e, s->script, s->nscript);
  return COPS_OK;
}

int cops_scenario_from_json(cops_scenario **out, cops_ctx *ctx, const char *json,
                            const char *base_dir)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, json, "scenario", &root);
  if (rc)
    return rc;
  COPS__ENTER(ctx);
  cops_scenario *s = cops__calloc(&ctx->alloc, sizeof *s);
  if (!s) {
    json_decref(root);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a scenario");
  }
  s->ctx = ctx;
  rc = scenario_parse(s, root, base_dir);
  json_decref(root);
  if (rc) {
    cops_scenario_free(s);
    return rc;
  }
  *out = s;
  return COPS_OK;
}

COPS__FILE_READER_IN_FOLDER(cops_scenario_load, cops_scenario, cops_scenario_from_json)

const char *cops_scenario_name(const cops_scenario *s)
{
  return s ? s->name : NULL;
}

cops_encounter *cops_scenario_encounter(const cops_scenario *s)
{
  return s ? s->e : NULL;
}

const char *cops_scenario_side_name(const cops_scenario *s, int side)
{
  return s && side >= 0 && side < s->nsides ? s->sides[side] : NULL;
}

int cops_scenario_side_count(const cops_scenario *s)
{
  return s ? s->nsides : COPS_EINVAL;
}

/* All or nothing: a run that fails leaves the fight as it was before it. */
int cops_scenario_run(cops_scenario *s)
{
  if (!s)
    return COPS_EINVAL;
  /* The encounter declares the scripted rounds itself (cops__encounter_set_script);
   * a scenario already over has nothing left to run. */
  return cops_encounter_over(s->e) ? COPS_OK : cops_encounter_run(s->e);
}

cops_ctx *cops__scenario_ctx(const cops_scenario *s)
{
  return s->ctx;
}

int cops_scenario_reset(cops_scenario *s)
{
  return s ? cops_encounter_reset(s->e) : COPS_EINVAL;
}
