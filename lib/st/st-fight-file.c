/* Storyteller fight files (docs/storyteller.md, "Fight files";
 * schemas/st-fight.schema.json): a scenario is a fight at round 0, a save the same fight
 * between rounds with its state. Read with every field checked, the message naming it;
 * nothing changes on a refusal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "st/st-private.h"
#include "fight/fight-file.h"
#include "log/log.h"
#include "st-fight-private.h"

#define FIGHT_SCHEMA 1

/* The rules' fields as files name them, with their places and ranges. */
typedef struct rule_field {
  const char *name;
  size_t offset;
  int boolean, lo, hi;
} rule_field;

#define RULE(f, b, lo, hi) {#f, offsetof(cops_st_rules, f), b, lo, hi}
static const rule_field rule_fields[] = {
  RULE(threshold, 0, 2, 10), RULE(again, 0, 0, 10), RULE(chance_die, 1, 0, 1),
  RULE(human_size, 0, 1, COPS_ST_SIZE_MAX), RULE(speed_base, 0, 0, 20),
  RULE(defense_athletics, 1, 0, 1), RULE(health_track, 1, 0, 1), RULE(wound_penalties, 1, 0, 1),
  RULE(combatant_xp, 0, 0, 100000), RULE(combatant_skill, 0, 0, COPS_ST_TRAIT_MAX + 1),
  RULE(outnumber_incremental, 1, 0, 1), RULE(stray_shots, 1, 0, 1),
};
#define NRULES (sizeof rule_fields / sizeof rule_fields[0])

static const char *const side_keys[3] = {NULL, "attacker", "defender"};

/* ---- writing ------------------------------------------------------------------------- */

static json_t *rules_json(const cops_st_rules *r)
{
  cops_st_rules d;
  cops__st_rules_default(&d);
  json_t *j = json_object();
  for (size_t k = 0; j && k < NRULES; k++) {
    const int v = *(const int *)((const char *)r + rule_fields[k].offset);
    const int dv = *(const int *)((const char *)&d + rule_fields[k].offset);
    if (v != dv && json_object_set_new(j, rule_fields[k].name, rule_fields[k].boolean
                                                                   ? json_boolean(v)
                                                                   : json_integer(v))) {
      json_decref(j);
      return NULL;
    }
  }
  return j;
}

static json_t *side_or_null(int side)
{
  return side ? json_string(side_keys[side]) : json_null();
}

static json_t *fight_json(const cops_st_fight *f)
{
  json_t *root = json_object(), *sides = json_array(), *fighters = json_array(),
         *grapples = json_array();
  int bad = !root || !sides || !fighters || !grapples;
  int nsides = 0;
  for (int i = 0; i < f->n; i++)
    nsides = f->c[i].side + 1 > nsides ? f->c[i].side + 1 : nsides;
  for (int s = 0; !bad && s < nsides; s++)
    bad |= json_array_append_new(sides, json_string(f->side_name[s]));
  for (int i = 0; !bad && i < f->n; i++) {
    const struct cops__st_fighter *c = &f->c[i];
    int sheet_bad = 0;
    json_t *sheet = cops__st_sheet_json(c->ch, &sheet_bad);
    json_t *o = json_pack("{s:o,s:i,s:i,s:i}", "sheet", sheet, "side", c->side, "x", c->x, "y",
                          c->y);
    bad |= !o || sheet_bad;
    if (o && c->cover)
      bad |= json_object_set_new(o, "cover", json_integer(c->cover));
    if (o && c->surprised)
      bad |= json_object_set_new(o, "surprised", json_true());
    if (o && c->prone)
      bad |= json_object_set_new(o, "prone", json_true());
    if (o && c->out)
      bad |= json_object_set_new(o, "out", json_true());
    if (o && !c->spend)
      bad |= json_object_set_new(o, "spend", json_false());
    if (o && c->tactic)
      bad |= json_object_set_new(o, "tactic", json_string(cops_st_fight_tactic_name(c->tactic)));
    if (o && c->policy)
      bad |= json_object_set_new(o, "policy", json_string(cops_policy_name(c->policy)));
    if (o && c->aim)
      bad |= json_object_set_new(o, "aim", json_pack("{s:i,s:i}", "dice", c->aim, "target",
                                                     c->aim_target));
    bad |= json_array_append_new(fighters, o);
  }
  for (int k = 0; !bad && k < COPS__ST_GRAPPLES; k++) {
    const struct cops__st_fight_grapple *g = &f->g[k];
    if (!g->used)
      continue;
    json_t *o = json_pack("{s:i,s:i,s:o,s:o,s:o}", "first", g->a, "second", g->b, "hold",
                          side_or_null(g->g.hold), "shield", side_or_null(g->g.shield),
                          "controller", side_or_null(g->g.controller));
    if (o && g->g.controller)
      bad |= json_object_set_new(o, "weapon", json_pack("{s:s,s:i}", "owner",
                                                        side_keys[g->g.weapon_owner], "index",
                                                        g->g.weapon));
    bad |= json_array_append_new(grapples, o);
  }
  const cops__fight_head_out head = {
    .system = "st", .name = f->name, .schema = FIGHT_SCHEMA, .max_rounds = f->max_rounds,
    .logging = f->logging, .seeded = f->seeded, .round = f->round, .over = f->over,
    .winner = f->winner, .seed = f->seed};
  bad |= !bad && cops__fight_head_write(f->ctx, root, &head, rules_json(&f->r), f->log);
  bad |= json_object_set_new(root, "sides", sides);
  bad |= json_object_set_new(root, "fighters", fighters);
  if (json_array_size(grapples))
    bad |= json_object_set_new(root, "grapples", grapples);
  else
    json_decref(grapples);
  if (bad) {
    json_decref(root);
    return NULL;
  }
  return root;
}

int cops_st_fight_save(const cops_st_fight *f, char **out)
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

static int read_rules(cops_ctx *ctx, json_t *j, cops_st_rules *r)
{
  cops__st_rules_default(r);
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
                                    : cops__field_int(ctx, j, "rules", key, rule_fields[k].lo,
                                                rule_fields[k].hi, p);
    if (rc)
      return rc;
  }
  cops_st_rules checked;
  return cops__st_rules_in(ctx, r, &checked);
}

static int sheet_text(void **out, cops_ctx *ctx, const char *t)
{
  return cops_st_character_from_json((cops_st_character **)out, ctx, t);
}

static int sheet_file(void **out, cops_ctx *ctx, const char *p)
{
  return cops_st_character_load((cops_st_character **)out, ctx, p);
}

static int read_side_ref(cops_ctx *ctx, json_t *v, const char *field, int *out)
{
  if (json_is_null(v) || !v) {
    *out = 0;
    return COPS_OK;
  }
  const char *s = json_string_value(v);
  for (int k = 1; s && k < 3; k++)
    if (!strcmp(s, side_keys[k])) {
      *out = k;
      return COPS_OK;
    }
  return cops__fail(ctx, COPS_EJSON, "%s: \"attacker\", \"defender\" or null", field);
}

static int read_fighter(cops_st_fight *f, json_t *o, int i, const char *base, int nsides)
{
  static const char *const keys[] = {"sheet", "side", "x", "y", "cover", "surprised", "prone",
                                     "out", "spend", "tactic", "policy", "aim", NULL};
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
  cops_st_character *ch = p;
  int side = 0, x = 0, y = 0;
  if (!json_object_get(o, "side"))
    rc = cops__fail(ctx, COPS_EJSON, "%s.side: missing", where);
  if (rc || (rc = cops__field_int(ctx, o, where, "side", 0, nsides - 1, &side)) ||
      (rc = cops__field_int(ctx, o, where, "x", -COPS_ST_POSITION_MAX, COPS_ST_POSITION_MAX, &x)) ||
      (rc = cops__field_int(ctx, o, where, "y", -COPS_ST_POSITION_MAX, COPS_ST_POSITION_MAX, &y)) ||
      (rc = cops_st_fight_add(f, ch, side, x, y, NULL))) {
    cops_st_character_free(ch);
    return rc;
  }
  struct cops__st_fighter *c = &f->c[f->n - 1];
  c->owned = 1;
  json_t *tactic = json_object_get(o, "tactic");
  if (tactic && cops_st_fight_tactic_parse(json_string_value(tactic), &c->tactic))
    return cops__fail(ctx, COPS_EJSON, "%s.tactic: \"strike\", \"grapple\", \"aim\" or "
                      "\"defend\"", where);
  json_t *policy = json_object_get(o, "policy");
  if (policy && (c->policy = cops_policy_parse(json_string_value(policy))) < 0)
    return cops__fail(ctx, COPS_EJSON, "%s.policy: \"simple\" or \"tactical\"", where);
  if ((rc = cops__field_int(ctx, o, where, "cover", 0, 5, &c->cover)) ||
      (rc = cops__field_bool(ctx, o, where, "surprised", &c->surprised)) ||
      (rc = cops__field_bool(ctx, o, where, "prone", &c->prone)) ||
      (rc = cops__field_bool(ctx, o, where, "out", &c->out)) ||
      (rc = cops__field_bool(ctx, o, where, "spend", &c->spend)))
    return rc;
  json_t *aim = json_object_get(o, "aim");
  if (aim) {
    static const char *const akeys[] = {"dice", "target", NULL};
    snprintf(sub, sizeof sub, "%s.aim", where);
    if (!json_is_object(aim) || !json_object_get(aim, "dice") || !json_object_get(aim, "target"))
      return cops__fail(ctx, COPS_EJSON, "%s: expected {\"dice\", \"target\"}", sub);
    if ((rc = cops__json_only_keys(ctx, aim, sub, akeys)) ||
        (rc = cops__field_int(ctx, aim, sub, "dice", 1, ch->trait[COPS_ST_WITS] > 0 ?
                        ch->trait[COPS_ST_WITS] : 1, &c->aim)) ||
        (rc = cops__field_int(ctx, aim, sub, "target", 0, COPS_ST_FIGHTERS_MAX - 1, &c->aim_target)))
      return rc;
    if (ch->trait[COPS_ST_WITS] < 1)
      return cops__fail(ctx, COPS_ERANGE, "%s.dice: Wits 0 aims with no die (§6.7)", sub);
  }
  return COPS_OK;
}

static int read_grapple(cops_st_fight *f, json_t *o, int k)
{
  static const char *const keys[] = {"first", "second", "hold", "shield", "controller", "weapon",
                                     NULL};
  cops_ctx *ctx = f->ctx;
  char where[48], sub[64];
  snprintf(where, sizeof where, "grapples[%d]", k);
  if (!json_is_object(o))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  int rc = cops__json_only_keys(ctx, o, where, keys);
  if (rc)
    return rc;
  struct cops__st_fight_grapple *g = &f->g[k];
  cops_st_grapple_init(&g->g);
  g->a = g->b = -1;
  if (!json_object_get(o, "first") || !json_object_get(o, "second"))
    return cops__fail(ctx, COPS_EJSON, "%s: \"first\" and \"second\" are required", where);
  if ((rc = cops__field_int(ctx, o, where, "first", 0, f->n - 1, &g->a)) ||
      (rc = cops__field_int(ctx, o, where, "second", 0, f->n - 1, &g->b)))
    return rc;
  if (g->a == g->b)
    return cops__fail(ctx, COPS_ERULE, "%s: a fighter does not grapple itself", where);
  if (f->c[g->a].grapple >= 0 || f->c[g->b].grapple >= 0)
    return cops__fail(ctx, COPS_ERULE, "%s: a fighter is in one grapple at a time", where);
  if (metres(f->c[g->a].x, f->c[g->a].y, f->c[g->b].x, f->c[g->b].y) > 1)
    return cops__fail(ctx, COPS_ERULE, "%s: the two are not in contact (1 m)", where);
  static const char *const refs[3] = {"hold", "shield", "controller"};
  int *slots[3] = {&g->g.hold, &g->g.shield, &g->g.controller};
  for (int r = 0; r < 3; r++) {
    snprintf(sub, sizeof sub, "%s.%s", where, refs[r]);
    if ((rc = read_side_ref(ctx, json_object_get(o, refs[r]), sub, slots[r])))
      return rc;
  }
  json_t *w = json_object_get(o, "weapon");
  if (!g->g.controller != !w)
    return cops__fail(ctx, COPS_EJSON, "%s.weapon: %s", where,
                      w ? "only with a controller" : "the controlled weapon is missing");
  if (w) {
    static const char *const wkeys[] = {"owner", "index", NULL};
    snprintf(sub, sizeof sub, "%s.weapon", where);
    if (!json_is_object(w) || (rc = cops__json_only_keys(ctx, w, sub, wkeys)))
      return rc ? rc : cops__fail(ctx, COPS_EJSON, "%s: expected an object", sub);
    if ((rc = read_side_ref(ctx, json_object_get(w, "owner"), sub, &g->g.weapon_owner)))
      return rc;
    if (!g->g.weapon_owner)
      return cops__fail(ctx, COPS_EJSON, "%s.owner: missing", sub);
    const cops_st_character *owner = f->c[g->g.weapon_owner == COPS_ST_ATTACKER ? g->a : g->b].ch;
    if (!json_object_get(w, "index"))
      return cops__fail(ctx, COPS_EJSON, "%s.index: missing", sub);
    if ((rc = cops__field_int(ctx, w, sub, "index", 0, owner->nweapons - 1, &g->g.weapon)))
      return rc;
  }
  g->used = 1;
  f->c[g->a].grapple = f->c[g->b].grapple = k;
  return COPS_OK;
}

static int read_fight(cops_st_fight *f, json_t *root, const char *base, cops__fight_head *h)
{
  static const char *const keys[] = {"system", "schema", "name", "rules", "max_rounds", "logging",
                                     "seed", "round", "winner", "next_event", "random", "sides",
                                     "fighters", "grapples", NULL};
  cops_ctx *ctx = f->ctx;
  if (!json_is_object(root))
    return cops__fail(ctx, COPS_EJSON, "a fight: expected an object");
  json_t *system = json_object_get(root, "system");
  if (!json_is_string(system) || strcmp(json_string_value(system), "st"))
    return cops__fail(ctx, COPS_EJSON, "system: \"st\" expected (a Storyteller fight)");
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
  h->sides_max = COPS_ST_SIDES_MAX;
  if ((rc = cops__fight_head_read(ctx, root, h)) ||
      (rc = read_rules(ctx, json_object_get(root, "rules"), &f->r)))
    return rc;
  const int nsides = h->nsides;
  json_t *fighters = json_object_get(root, "fighters");
  if (!json_is_array(fighters) || json_array_size(fighters) < 1 ||
      json_array_size(fighters) > COPS_ST_FIGHTERS_MAX)
    return cops__fail(ctx, COPS_EJSON, "fighters: expected 1 .. %d fighters",
                      COPS_ST_FIGHTERS_MAX);
  const int saved_round = f->round;
  f->round = 0;   /* fighters join before the first round */
  for (size_t i = 0; i < json_array_size(fighters); i++)
    if ((rc = read_fighter(f, json_array_get(fighters, i), (int)i, base, nsides)))
      return rc;
  f->round = saved_round;
  for (int i = 0; i < f->n; i++)
    if (f->c[i].aim && (f->c[i].aim_target >= f->n || f->c[i].aim_target == i))
      return cops__fail(ctx, COPS_ERANGE, "fighters[%d].aim.target %d: another fighter, 0..%d",
                        i, f->c[i].aim_target, f->n - 1);
  json_t *grapples = json_object_get(root, "grapples");
  if (grapples) {
    if (!json_is_array(grapples) || json_array_size(grapples) > COPS__ST_GRAPPLES)
      return cops__fail(ctx, COPS_EJSON, "grapples: expected at most %d grapples",
                        COPS__ST_GRAPPLES);
    for (size_t k = 0; k < json_array_size(grapples); k++)
      if ((rc = read_grapple(f, json_array_get(grapples, k), (int)k)))
        return rc;
  }
  return cops__fight_winner_read(ctx, root, nsides, COPS_ST_NO_WINNER, &f->over, &f->winner);
}

int cops_st_fight_from_json(cops_st_fight **out, cops_ctx *ctx, const char *json,
                            const char *base_dir)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, json, "fight", &root);
  if (rc)
    return rc;
  cops_st_fight *f;
  if ((rc = cops_st_fight_new(&f, ctx, NULL))) {
    json_decref(root);
    return rc;
  }
  cops__fight_head h;
  memset(&h, 0, sizeof h);
  rc = read_fight(f, root, base_dir, &h);
  json_decref(root);
  if (rc) {
    cops_st_fight_free(f);
    return rc;
  }
  cops__fight_head_finish(ctx, &h, f->log, f->round);   /* all read: all or nothing */
  *out = f;
  return COPS_OK;
}

COPS__FILE_READER_IN_FOLDER(cops_st_fight_load, cops_st_fight, cops_st_fight_from_json)
