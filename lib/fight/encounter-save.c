/* A fight saved and resumed (docs/encounters.md, schemas/save.schema.json):
 * everything an encounter is between two calls, to JSON and back, so that a
 * resumed fight goes on with the very events of the uninterrupted one. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fight/fight.h"
#include "fight/encounter-private.h"
#include "base/jsonutil.h"
#include "log/log.h"

#define SAVE_SCHEMA 2   /* 2 (0.10.0): wounds on the characters, schema 2 sheets; 1 still reads */
#define SAVE_TYPE "libcops-encounter"

/* ---- saving ---------------------------------------------------------------- */

static json_t *declaration_json(const cops_declaration *d)
{
  json_t *j = json_object();
  if (!j)
    return NULL;
  int bad = json_object_set_new(j, "action", json_string(cops_encounter_action_name(d->action)));
  const struct {
    const char *key;
    int v;
  } f[] = {
    {"attitude", d->attitude}, {"initiative", d->initiative}, {"target", d->target},
    {"weapon", d->weapon}, {"shots", d->shots}, {"moving", d->moving}, {"x", d->x},
    {"y", d->y}, {"difficulty", d->difficulty}, {"dice_mod", d->dice_mod},
    {"threshold_mod", d->threshold_mod}, {"difficulty_mod", d->difficulty_mod},
    {"long_move", d->long_move}, {"adrenaline", d->adrenaline}, {"anciennete", d->anciennete},
  };
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
    bad |= json_object_set_new(j, f[k].key, json_integer(f[k].v));
  /* The alternative rules' fields (0.13), written when set: a core save is as before. */
  const struct {
    const char *key;
    int v;
  } alt[] = {{"aim", d->aim}, {"bullets", d->bullets}, {"circumstances", d->circumstances},
             {"keep", d->keep}};
  for (size_t k = 0; k < sizeof alt / sizeof alt[0]; k++)
    if (alt[k].v)
      bad |= json_object_set_new(j, alt[k].key, json_integer(alt[k].v));
  if (bad) {
    json_decref(j);
    return NULL;
  }
  return j;
}

/* The index of p in list (n of them), appended when new; -1 when full. */
static int index_of(const void **list, int *n, int max, const void *p)
{
  for (int i = 0; i < *n; i++)
    if (list[i] == p)
      return i;
  if (*n == max)
    return -1;
  list[*n] = p;
  return (*n)++;
}

static json_t *ints(const int *v, int n)
{
  json_t *a = json_array();
  for (int i = 0; a && i < n; i++)
    if (json_array_append_new(a, json_integer(v[i]))) {
      json_decref(a);
      return NULL;
    }
  return a;
}

static json_t *combatant_json(const cops_encounter *e, int i, int ch_index, const int *weapons,
                              int armour_index)
{
  const struct combatant *c = &e->c[i];
  json_t *j = json_object();
  if (!j)
    return NULL;
  int bad = json_object_set_new(j, "character", json_integer(ch_index));
  bad |= json_object_set_new(j, "weapons", ints(weapons, c->nweapons));
  bad |= json_object_set_new(j, "armour",
                             armour_index < 0 ? json_null() : json_integer(armour_index));
  const struct {
    const char *key;
    int v;
  } f[] = {
    {"hand", c->hand}, {"side", c->side}, {"x", c->x}, {"y", c->y},
    {"present", c->present}, {"controlled", c->controlled}, {"declared", c->declared},
    {"cancelled", c->cancelled}, {"attitude_now", c->attitude_now},
    {"start_conditions", (int)c->start_conditions}, {"fresh", (int)c->fresh},
    {"death_told", c->death_told}, {"thrown", c->thrown}, {"held_by", c->held_by},
    {"in_zone", c->in_zone},
  };
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
    bad |= json_object_set_new(j, f[k].key, json_integer(f[k].v));
  if (c->ko_rounds)      /* A5: rounds left unconscious (0.13) */
    bad |= json_object_set_new(j, "knockout_rounds", json_integer(c->ko_rounds));
  if (e->tag[i][0])      /* the caller's tag (0.17) */
    bad |= json_object_set_new(j, "tag", json_string(e->tag[i]));
  /* What it carries of its sheet's gear (0.17): each weapon's index there, -1 not; the armour. */
  int from_sheet = c->armour && c->armour == cops_character_armour(c->ch), gear[COPS_WEAPONS_MAX];
  for (int k = 0; k < c->nweapons; k++) {
    gear[k] = -1;
    for (int g = 0; g < cops_character_weapon_count(c->ch); g++)
      if (c->weapon[k] == cops_character_weapon(c->ch, g))
        gear[k] = g;
    from_sheet |= gear[k] >= 0;
  }
  if (from_sheet)
    bad |= json_object_set_new(j, "sheet_gear",
                               json_pack("{s:o,s:b}", "weapons", ints(gear, c->nweapons), "armour",
                                         c->armour && c->armour == cops_character_armour(c->ch)));
  if (c->policy != COPS_POLICY_SIMPLE)   /* who declares for it (0.17): simple when absent */
    bad |= json_object_set_new(j, "policy", json_string(cops_policy_name(c->policy)));
  bad |= json_object_set_new(j, "declaration",
                             c->declared ? declaration_json(&c->decl) : json_null());
  json_t *joined = json_object();
  if (joined) {
    const struct {
      const char *key;
      int v;
    } g[] = {
      {"hp", c->hp0}, {"recovery_difficulty", c->rec_d0}, {"recovery_rounds", c->rec_r0},
      {"conditions", (int)c->cond0}, {"hand", c->hand0}, {"x", c->x0}, {"y", c->y0},
    };
    for (size_t k = 0; k < sizeof g / sizeof g[0]; k++)
      bad |= json_object_set_new(joined, g[k].key, json_integer(g[k].v));
    bad |= json_object_set_new(joined, "loaded", ints(c->loaded0, c->nweapons));
    int counted = 0;   /* spare magazines (0.17): only when a weapon counts them */
    for (int k = 0; k < c->nweapons; k++)
      counted |= c->spares0[k] >= 0;
    if (counted)
      bad |= json_object_set_new(joined, "magazines", ints(c->spares0, c->nweapons));
    bad |= json_object_set_new(joined, "points", ints(c->points0, 2));
    bad |= json_object_set_new(joined, "time", json_integer(c->w0.clock));
    bad |= json_object_set_new(joined, "wounds", cops__wounds_json(&c->w0, c->ledger0, 0, &bad));
  }
  bad |= json_object_set_new(j, "joined", joined);
  if (bad) {
    json_decref(j);
    return NULL;
  }
  return j;
}

static json_t *character_json(const cops_character *ch)
{
  json_t *j = cops__character_json_inline(ch);
  json_t *state = cops__character_state_json(ch);
  int bad = !j || !state;
  if (!bad) {
    bad |= json_object_set_new(j, "state", state);
    state = NULL;
  }
  json_decref(state);
  if (bad) {
    json_decref(j);
    return NULL;
  }
  return j;
}

static json_t *save_json(const cops_encounter *e)
{
  const void *chars[COPS_COMBATANTS_MAX], *armours[COPS_COMBATANTS_MAX];
  const void *weapons[COPS_COMBATANTS_MAX * COPS_WEAPONS_MAX];
  int nch = 0, na = 0, nw = 0;
  json_t *root = json_object(), *jc = json_array(), *jch = json_array(), *jw = json_array(),
         *ja = json_array(), *sides = json_array(), *script = json_array();
  int bad = !root || !jc || !jch || !jw || !ja || !sides || !script;
  for (int i = 0; !bad && i < e->n; i++) {
    const struct combatant *c = &e->c[i];
    const int ci = index_of(chars, &nch, COPS_COMBATANTS_MAX, c->ch);
    if ((size_t)nch > json_array_size(jch))   /* a character met for the first time */
      bad |= json_array_append_new(jch, character_json(c->ch));
    int wi[COPS_WEAPONS_MAX];
    for (int k = 0; k < c->nweapons; k++) {
      wi[k] = index_of(weapons, &nw, COPS_COMBATANTS_MAX * COPS_WEAPONS_MAX, c->weapon[k]);
      if ((size_t)nw > json_array_size(jw))
        bad |= json_array_append_new(jw, cops__weapon_json(c->weapon[k]));
    }
    int ai = -1;
    if (c->armour) {
      ai = index_of(armours, &na, COPS_COMBATANTS_MAX, c->armour);
      if ((size_t)na > json_array_size(ja))
        bad |= json_array_append_new(ja, cops__armour_json(c->armour));
    }
    bad |= json_array_append_new(jc, combatant_json(e, i, ci, wi, ai));
  }
  for (int s = 0; !bad && s < COPS_SIDES_MAX; s++)
    bad |= json_array_append_new(sides, json_string(e->side_name[s]));
  for (int k = 0; !bad && k < e->nscript; k++) {
    const struct cops__script_line *l = &e->script[k];
    json_t *line = json_pack("{s:i,s:i,s:o}", "round", l->round, "id", l->id, "declaration",
                             declaration_json(&l->d));
    bad |= json_array_append_new(script, line);
  }
  if (bad) {
    json_decref(root);
    json_decref(jc);
    json_decref(jch);
    json_decref(jw);
    json_decref(ja);
    json_decref(sides);
    json_decref(script);
    return NULL;
  }
  char seed[24];
  snprintf(seed, sizeof seed, "%" PRIu64, e->seed);
  bad |= json_object_set_new(root, "schema", json_integer(SAVE_SCHEMA));
  bad |= json_object_set_new(root, "type", json_string(SAVE_TYPE));
  bad |= json_object_set_new(root, "ruleset", json_string(e->rules->attack->name));
  const struct {
    const char *key;
    int v;
  } f[] = {
    {"round", e->round}, {"in_round", e->in_round}, {"over", e->over},
    {"winner", e->winner}, {"started", e->started}, {"max_rounds", e->max_rounds},
    {"logging", e->logging}, {"seeded", e->seeded},
    {"next_event", e->log->seq_base + e->log->count},
  };
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
    bad |= json_object_set_new(root, f[k].key, json_integer(f[k].v));
  if (e->aftermath)   /* since 0.10.0: there when played */
    bad |= json_object_set_new(root, "aftermath", json_true());
  bad |= json_object_set_new(root, "seed", json_string(seed));
  bad |= json_object_set_new(root, "random", cops__random_json(e->ctx));
  bad |= json_object_set_new(root, "sides", sides);
  bad |= json_object_set_new(root, "characters", jch);
  bad |= json_object_set_new(root, "weapons", jw);
  bad |= json_object_set_new(root, "armour", ja);
  bad |= json_object_set_new(root, "combatants", jc);
  bad |= json_object_set_new(root, "script", script);
  if (bad) {
    json_decref(root);
    return NULL;
  }
  return root;
}

int cops_encounter_save(const cops_encounter *e, char **out)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc = cops__json_hand(&e->ctx->alloc, save_json(e), 1, out);
  return rc ? cops__fail(e->ctx, rc, "out of memory for the save") : COPS_OK;
}

int cops_encounter_save_file(const cops_encounter *e, const char *path)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (!path)
    return cops__fail(e->ctx, COPS_EINVAL, "path is NULL");
  char *text;
  int rc = cops_encounter_save(e, &text);
  if (rc)
    return rc;
  rc = cops__write_file(e->ctx, path, text);
  cops_free(text);
  return rc;
}

/* ---- loading ----------------------------------------------------------------- */

/* A whole number field @p key of @p obj, required, in lo..hi. */
static int field(cops_ctx *ctx, json_t *obj, const char *where, const char *key, int lo, int hi,
                 int *out)
{
  return cops__json_field(ctx, obj, where, key, lo, hi, out);
}

/* A key a save has only when it is not 0 (the fields of 0.13). */
static int optional(cops_ctx *ctx, json_t *obj, const char *where, const char *key, int lo,
                    int hi, int *out)
{
  *out = 0;
  return json_object_get(obj, key) ? field(ctx, obj, where, key, lo, hi, out) : COPS_OK;
}

static int array_of(cops_ctx *ctx, json_t *obj, const char *key, size_t most, json_t **out)
{
  json_t *a = json_object_get(obj, key);
  if (!json_is_array(a))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an array", key);
  if (json_array_size(a) > most)
    return cops__fail(ctx, COPS_ERANGE, "%s: %zu entries, at most %zu", key,
                      json_array_size(a), most);
  *out = a;
  return COPS_OK;
}

/* One of the library's own files inside the save: a sheet, a weapon, armour. */
static int entity(cops_ctx *ctx, json_t *v, const char *where,
                  int (*from_json)(void **, cops_ctx *, const char *), void **out)
{
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  char *text = json_dumps(v, JSON_COMPACT);
  if (!text)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory reading the save");
  int rc = from_json(out, ctx, text);
  free(text);
  return rc ? cops__within(ctx, rc, where) : COPS_OK;
}
static int weapon_from(void **out, cops_ctx *ctx, const char *t)
{
  return cops_weapon_from_json((cops_weapon **)out, ctx, t);
}
static int armour_from(void **out, cops_ctx *ctx, const char *t)
{
  return cops_armour_from_json((cops_armour **)out, ctx, t);
}

#define BIG 1000000   /* bound of a declaration's numbers; the round's checks do the rest */

static int declaration_from(cops_ctx *ctx, json_t *v, const char *where, cops_declaration *d)
{
  static const char *const keys[] = {
    "action", "attitude", "initiative", "target", "weapon", "shots", "moving", "x", "y",
    "difficulty", "dice_mod", "threshold_mod", "difficulty_mod", "long_move", "adrenaline",
    "anciennete", "aim", "bullets", "circumstances", "keep", NULL};
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  int rc = cops__json_only_keys(ctx, v, where, keys), action;
  if (rc)
    return rc;
  json_t *a = json_object_get(v, "action");
  if (!json_is_string(a) || cops_encounter_action_parse(json_string_value(a), &action))
    return cops__fail(ctx, COPS_EJSON, "%s.action: expected an action's name", where);
  cops_declaration_init(d, action);
  struct {
    const char *key;
    int *at, lo, hi;
  } f[] = {
    {"attitude", &d->attitude, -2, 2}, {"initiative", &d->initiative, -BIG, BIG},
    {"target", &d->target, -1, COPS_COMBATANTS_MAX - 1},
    {"weapon", &d->weapon, 0, COPS_WEAPONS_MAX - 1}, {"shots", &d->shots, 1, BIG},
    {"moving", &d->moving, 0, 1}, {"x", &d->x, -COPS_POSITION_MAX, COPS_POSITION_MAX},
    {"y", &d->y, -COPS_POSITION_MAX, COPS_POSITION_MAX}, {"difficulty", &d->difficulty, 0, BIG},
    {"dice_mod", &d->dice_mod, -BIG, BIG}, {"threshold_mod", &d->threshold_mod, -BIG, BIG},
    {"difficulty_mod", &d->difficulty_mod, -BIG, BIG}, {"long_move", &d->long_move, 0, 1},
    {"adrenaline", &d->adrenaline, 0, 1}, {"anciennete", &d->anciennete, 0, 1},
  };
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
    if ((rc = field(ctx, v, where, f[k].key, f[k].lo, f[k].hi, f[k].at)))
      return rc;
  if ((rc = optional(ctx, v, where, "aim", 0, 10, &d->aim)) ||
      (rc = optional(ctx, v, where, "bullets", 0, BIG, &d->bullets)) ||
      (rc = optional(ctx, v, where, "circumstances", -10, 10, &d->circumstances)) ||
      (rc = optional(ctx, v, where, "keep", 0, 10, &d->keep)))
    return rc;
  return COPS_OK;
}

/* The loaded encounter owns what it was rebuilt with. */
static int own(cops_encounter *e, void *p, int kind)
{
  struct cops__owned *o = &e->owned;
  if (kind == 0)
    o->ch[o->nch++] = p;
  else if (kind == 1)
    o->w[o->nw++] = p;
  else
    o->a[o->na++] = p;
  return COPS_OK;
}

static int old_bleeding(cops_ctx *ctx, json_t *v, const char *where, cops_character *ch)
{
  int was_down = 0, every = 1, wait = 0, treated = 0, rc;
  if (!json_object_get(v, "bleed_every"))
    return COPS_OK;
  if ((rc = field(ctx, v, where, "was_down", 0, 1, &was_down)) ||
      (rc = field(ctx, v, where, "bleed_every", 1, 10, &every)) ||
      (rc = field(ctx, v, where, "bleed_wait", 0, 10, &wait)))
    return rc;
  if (json_object_get(v, "treated") && (rc = field(ctx, v, where, "treated", 0, 1, &treated)))
    return rc;
  if (every != 1 && every != 10)
    return cops__fail(ctx, COPS_ERANGE, "%s.bleed_every: %d, not 1 or 10", where, every);
  if (ch->hp > 0 || cops__dead(ch))
    return COPS_OK;
  ch->w.bleed_period = every;
  ch->w.bleed_next = ch->w.clock + COPS_ROUND_SECONDS * (wait < every ? every - wait : 1);
  ch->w.stabilised = treated ? 1u << COPS_TREAT_STABILISE : 0;
  return COPS_OK;
}

/* What a combatant carried of its character's gear (since 0.17): the sheet's own weapons and
 * armour again, in the state the save gives, so that the fight spends the sheet's rounds. */
static int sheet_gear_from(cops_encounter *e, struct combatant *c, json_t *g, const char *where)
{
  static const char *const keys[] = {"weapons", "armour", NULL};
  cops_ctx *ctx = e->ctx;
  char name[96];
  snprintf(name, sizeof name, "%s.sheet_gear", where);
  if (!g)
    return COPS_OK;
  int rc;
  if (!json_is_object(g))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", name);
  if ((rc = cops__json_only_keys(ctx, g, name, keys)))
    return rc;
  json_t *w = json_object_get(g, "weapons"), *a = json_object_get(g, "armour");
  if (!json_is_array(w) || (int)json_array_size(w) != c->nweapons)
    return cops__fail(ctx, COPS_EJSON, "%s.weapons: expected one number per weapon", name);
  if (!json_is_boolean(a))
    return cops__fail(ctx, COPS_EJSON, "%s.armour: expected true or false", name);
  const int count = cops_character_weapon_count(c->ch);
  int gear[COPS_WEAPONS_MAX];
  for (int k = 0; k < c->nweapons; k++) {
    char at[128];
    snprintf(at, sizeof at, "%s.weapons[%d]", name, k);
    if ((rc = cops__json_int(ctx, json_array_get(w, (size_t)k), at, -1, count - 1, &gear[k])))
      return rc;
    for (int j = 0; j < k; j++)
      if (gear[k] >= 0 && gear[j] == gear[k])
        return cops__fail(ctx, COPS_EJSON, "%s: the sheet's weapon %d twice", at, gear[k]);
    if (gear[k] >= 0 &&
        strcmp(cops_weapon_name(cops_character_weapon(c->ch, gear[k])),
               cops_weapon_name(c->weapon[k])))
      return cops__fail(ctx, COPS_EJSON, "%s: the sheet's weapon %d is %s, not %s", at, gear[k],
                        cops_weapon_name(cops_character_weapon(c->ch, gear[k])),
                        cops_weapon_name(c->weapon[k]));
  }
  const cops_armour *armour = json_is_true(a) ? cops_character_armour(c->ch) : NULL;
  if (json_is_true(a) && (!armour || !c->armour))
    return cops__fail(ctx, COPS_EJSON, "%s.armour: %s", name,
                      armour ? "the combatant wears none" : "the sheet has none");
  for (int k = 0; k < c->nweapons; k++)
    if (gear[k] >= 0 &&
        (rc = cops__enc_hold(e, HELD_WEAPON, cops_character_weapon(c->ch, gear[k]))))
      return rc;
  if (armour && (rc = cops__enc_hold(e, HELD_ARMOUR, (void *)armour)))
    return rc;
  for (int k = 0; k < c->nweapons; k++) {
    if (gear[k] < 0)
      continue;
    cops_weapon *mine = cops_character_weapon(c->ch, gear[k]);
    mine->v[COPS_WEAPON_LOADED] = c->weapon[k]->v[COPS_WEAPON_LOADED];
    mine->spares = c->weapon[k]->spares;
    c->weapon[k] = mine;
  }
  if (armour)
    c->armour = armour;
  return COPS_OK;
}

static int combatant_from(cops_encounter *e, json_t *v, int i, int *weapon_used)
{
  static const char *const keys[] = {
    "character", "weapons", "armour", "sheet_gear", "hand", "side", "x", "y", "present",
    "controlled",
    "declared", "cancelled", "attitude_now", "start_conditions", "fresh", "was_down",
    "bleed_every", "bleed_wait", "death_told", "thrown", "held_by", "in_zone", "declaration",
    "joined", "treated", "knockout_rounds", "tag", "policy", NULL};
  cops_ctx *ctx = e->ctx;
  char where[48];
  snprintf(where, sizeof where, "combatants[%d]", i);
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
  struct combatant *c = &e->c[i];
  memset(c, 0, sizeof *c);
  int rc, ci, start, fresh;
  if ((rc = cops__json_only_keys(ctx, v, where, keys)) ||
      (rc = field(ctx, v, where, "character", 0, e->owned.nch - 1, &ci)))
    return rc;
  c->ch = e->owned.ch[ci];
  /* A character is in the fight once: its other entries have left. */
  if ((rc = field(ctx, v, where, "present", 0, 1, &c->present)))
    return rc;
  for (int k = 0; k < i; k++)
    if (e->c[k].ch == c->ch && e->c[k].present && c->present)
      return cops__fail(ctx, COPS_EJSON, "combatants[%d] and [%d]: one character present "
                        "twice", k, i);
  json_t *w = json_object_get(v, "weapons");
  if (!json_is_array(w) || json_array_size(w) > COPS_WEAPONS_MAX)
    return cops__fail(ctx, COPS_EJSON, "%s.weapons: expected an array of at most %d", where,
                      COPS_WEAPONS_MAX);
  for (size_t k = 0; k < json_array_size(w); k++) {
    int wi;
    char name[96];
    snprintf(name, sizeof name, "%s.weapons[%zu]", where, k);
    if ((rc = cops__json_int(ctx, json_array_get(w, k), name, 0, e->owned.nw - 1, &wi)))
      return rc;
    if (weapon_used[wi]++)
      return cops__fail(ctx, COPS_EJSON, "%s: weapon %d is carried twice", name, wi);
    c->weapon[c->nweapons++] = e->owned.w[wi];
  }
  json_t *a = json_object_get(v, "armour");
  if (!a)
    return cops__fail(ctx, COPS_EJSON, "%s.armour: missing", where);
  if (!json_is_null(a)) {
    int ai;
    char name[96];
    snprintf(name, sizeof name, "%s.armour", where);
    if ((rc = cops__json_int(ctx, a, name, 0, e->owned.na - 1, &ai)))
      return rc;
    c->armour = e->owned.a[ai];
  }
  if ((rc = sheet_gear_from(e, c, json_object_get(v, "sheet_gear"), where)))
    return rc;
  const int n = (int)json_array_size(json_object_get(e->owned.root, "combatants"));
  struct {
    const char *key;
    int *at, lo, hi;
  } f[] = {
    {"hand", &c->hand, c->nweapons > 0 ? -1 : 0, c->nweapons > 0 ? c->nweapons - 1 : 0},
    {"side", &c->side, 0, COPS_SIDES_MAX - 1},
    {"x", &c->x, -COPS_POSITION_MAX, COPS_POSITION_MAX},
    {"y", &c->y, -COPS_POSITION_MAX, COPS_POSITION_MAX},
    {"controlled", &c->controlled, 0, 1}, {"declared", &c->declared, 0, 1},
    {"cancelled", &c->cancelled, 0, 1}, {"attitude_now", &c->attitude_now, -2, 2},
    {"start_conditions", &start, 0, COPS_COND_ALL}, {"fresh", &fresh, 0, COPS_COND_ALL},
    {"death_told", &c->death_told, 0, 1},
    {"thrown", &c->thrown, 0, 1}, {"held_by", &c->held_by, -1, n - 1},
    {"in_zone", &c->in_zone, -1, n - 1},
  };
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
    if ((rc = field(ctx, v, where, f[k].key, f[k].lo, f[k].hi, f[k].at)))
      return rc;
  if ((rc = optional(ctx, v, where, "knockout_rounds", 0, 1440 * 20, &c->ko_rounds)))
    return rc;
  json_t *tv = json_object_get(v, "tag");
  if (tv) {
    char tw[64];
    snprintf(tw, sizeof tw, "%s.tag", where);
    if (!json_is_string(tv) || !json_string_value(tv)[0])
      return cops__fail(ctx, COPS_EJSON, "%s: expected a tag, a string not empty", tw);
    const char *tag = json_string_value(tv);
    if ((rc = cops__check_tag(ctx, tag)))
      return cops__prefix_error(ctx, rc, tw);
    for (int k = 0; tag[0] && k < i; k++)
      if (strcmp(e->tag[k], tag) == 0)
        return cops__fail(ctx, COPS_EJSON, "%s: '%s' tags combatants[%d] already", tw, tag, k);
    strcpy(e->tag[i], tag);
  }
  json_t *pv = json_object_get(v, "policy");
  if (pv) {
    const int p = json_is_string(pv) ? cops_policy_parse(json_string_value(pv)) : -1;
    if (p < 0)
      return cops__fail(ctx, COPS_EJSON, "%s.policy: expected \"simple\" or \"tactical\"", where);
    c->policy = p;
  }
  c->start_conditions = (unsigned)start;
  c->fresh = (unsigned)fresh;
  /* A save of 0.9 kept the bleeding on the combatant (the character's sheet, schema 1, has
   * none): it becomes the character's, the next loss as many rounds ahead as it had to wait. */
  if ((rc = old_bleeding(ctx, v, where, c->ch)))
    return rc;
  json_t *d = json_object_get(v, "declaration");
  char name[96];
  snprintf(name, sizeof name, "%s.declaration", where);
  if (c->declared && (rc = declaration_from(ctx, d, name, &c->decl)))
    return rc;
  if (!c->declared && !json_is_null(d))
    return cops__fail(ctx, COPS_EJSON, "%s: null when not declared", name);
  /* As it joined, for cops_encounter_reset(). */
  static const char *const jkeys[] = {"hp", "recovery_difficulty", "recovery_rounds",
                                      "conditions", "hand", "x", "y", "loaded", "points",
                                      "time", "wounds", "magazines", NULL};
  json_t *j = json_object_get(v, "joined");
  snprintf(name, sizeof name, "%s.joined", where);
  if (!json_is_object(j))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", name);
  const int top = cops_character_max_hp(c->ch);
  int cond0;
  if ((rc = cops__json_only_keys(ctx, j, name, jkeys)) ||
      (rc = field(ctx, j, name, "hp", -top, top, &c->hp0)) ||
      (rc = field(ctx, j, name, "recovery_difficulty", 0, BIG, &c->rec_d0)) ||
      (rc = field(ctx, j, name, "recovery_rounds", 0, BIG, &c->rec_r0)) ||
      (rc = field(ctx, j, name, "conditions", 0, COPS_COND_ALL, &cond0)) ||
      (rc = field(ctx, j, name, "hand", 0, c->nweapons > 0 ? c->nweapons - 1 : 0, &c->hand0)) ||
      (rc = field(ctx, j, name, "x", -COPS_POSITION_MAX, COPS_POSITION_MAX, &c->x0)) ||
      (rc = field(ctx, j, name, "y", -COPS_POSITION_MAX, COPS_POSITION_MAX, &c->y0)))
    return rc;
  c->cond0 = (unsigned)cond0;
  json_t *l = json_object_get(j, "loaded");
  if (!json_is_array(l) || (int)json_array_size(l) != c->nweapons)
    return cops__fail(ctx, COPS_EJSON, "%s.loaded: expected one number per weapon", name);
  for (int k = 0; k < c->nweapons; k++) {
    char lname[128];
    snprintf(lname, sizeof lname, "%s.loaded[%d]", name, k);
    if ((rc = cops__json_int(ctx, json_array_get(l, (size_t)k), lname, 0,
                             cops__wget(c->weapon[k], COPS_WEAPON_MAGAZINE), &c->loaded0[k])))
      return rc;
  }
  /* The spare magazines it joined with (since 0.17; absent: none counted). */
  json_t *m = json_object_get(j, "magazines");
  if (m && (!json_is_array(m) || (int)json_array_size(m) != c->nweapons))
    return cops__fail(ctx, COPS_EJSON, "%s.magazines: expected one number per weapon", name);
  for (int k = 0; k < c->nweapons; k++) {
    char mname[128];
    snprintf(mname, sizeof mname, "%s.magazines[%d]", name, k);
    c->spares0[k] = -1;
    if (m && (rc = cops__json_int(ctx, json_array_get(m, (size_t)k), mname, -1,
                                  COPS_MAGAZINES_MAX, &c->spares0[k])))
      return rc;
    if (c->spares0[k] >= 0 && !cops__wget(c->weapon[k], COPS_WEAPON_MAGAZINE))
      return cops__fail(ctx, COPS_ERULE, "%s: %s has no magazine", mname,
                        cops_weapon_name(c->weapon[k]));
  }
  /* The points it joined with (since 0.10; a save of 0.9 has none: those it has now). */
  json_t *pts = json_object_get(j, "points");
  cops_character_points(c->ch, COPS_ADRENALINE, &c->points0[0], NULL);
  cops_character_points(c->ch, COPS_ANCIENNETE, &c->points0[1], NULL);
  if (pts) {
    if (!json_is_array(pts) || json_array_size(pts) != 2)
      return cops__fail(ctx, COPS_EJSON, "%s.points: expected [adrenaline, anciennete]", name);
    for (int k = 0; k < 2; k++) {
      char pname[128];
      int most;
      cops_character_points(c->ch, k ? COPS_ANCIENNETE : COPS_ADRENALINE, NULL, &most);
      snprintf(pname, sizeof pname, "%s.points[%d]", name, k);
      if ((rc = cops__json_int(ctx, json_array_get(pts, (size_t)k), pname, 0, most,
                               &c->points0[k])))
        return rc;
    }
  }
  /* The wounds and clock it joined with (since 0.10; before: those it has now). */
  struct cops__ledger_entry *ledger = NULL;
  c->w0 = c->ch->w;
  c->ledger0 = NULL;
  json_t *wj = json_object_get(j, "wounds");
  if (wj) {
    char wname[128];
    snprintf(wname, sizeof wname, "%s.wounds", name);
    if (!(ledger = cops__malloc(&ctx->alloc, (COPS__WINDOW + 1) * sizeof *ledger)))
      return cops__fail(ctx, COPS_ENOMEM, "out of memory for a combatant");
    c->w0.clock = 0;
    if (!json_object_get(j, "time"))
      rc = cops__fail(ctx, COPS_EJSON, "%s.time: missing field", name);
    else
      rc = field(ctx, j, name, "time", 0, COPS_CLOCK_MAX, &c->w0.clock);
    if (!rc)
      rc = cops__wounds_read(ctx, wj, wname, c->hp0, top, &c->w0, ledger);
    if (!rc && !c->w0.bleed_period && c->hp0 <= 0 && c->hp0 > -top &&
        c->w0.rest != COPS_REST_HOSPITAL)
      rc = cops__fail(ctx, COPS_EJSON, "%s.bleeding: missing field (at %d hit points)", wname,
                      c->hp0);
  } else if (c->ch->w.ln) {
    if (!(ledger = cops__malloc(&ctx->alloc, (size_t)c->ch->w.ln * sizeof *ledger)))
      return cops__fail(ctx, COPS_ENOMEM, "out of memory for a combatant");
    for (int k = 0; k < c->ch->w.ln; k++)
      ledger[k] = c->ch->ledger[(c->ch->w.lhead + k) % COPS__LEDGER];
    c->w0.lhead = 0;
  }
  if (!rc && cops__outcome_new(&e->zone[i], &ctx->alloc))
    rc = cops__fail(ctx, COPS_ENOMEM, "out of memory for a combatant");
  if (rc) {
    cops__free(&ctx->alloc, ledger);
    return rc;
  }
  c->ledger0 = c->w0.ln ? ledger : NULL;
  if (!c->w0.ln)
    cops__free(&ctx->alloc, ledger);
  return COPS_OK;
}

static int load(cops_encounter *e, json_t *root, struct cops__rng_state *rng)
{
  static const char *const keys[] = {
    "schema", "type", "ruleset", "round", "in_round", "over", "winner", "started",
    "max_rounds", "logging", "seeded", "next_event", "seed", "random", "sides", "characters",
    "weapons", "armour", "combatants", "script", "aftermath", NULL};
  cops_ctx *ctx = e->ctx;
  if (!json_is_object(root))
    return cops__fail(ctx, COPS_EJSON, "the save: expected a JSON object");
  int rc, schema;
  if ((rc = cops__json_only_keys(ctx, root, "", keys)) ||
      (rc = field(ctx, root, "", "schema", 1, SAVE_SCHEMA, &schema)))
    return rc;
  const char *type = json_string_value(json_object_get(root, "type"));
  if (!type || strcmp(type, SAVE_TYPE))
    return cops__fail(ctx, COPS_EJSON, "type: expected \"" SAVE_TYPE "\"");
  const char *rules = json_string_value(json_object_get(root, "ruleset"));
  const int ruleset = cops__rules_named(rules);
  if (ruleset < 0)
    return cops__fail(ctx, COPS_EJSON, "ruleset: expected \"core\" or \"alternative\"");
  e->rules = cops__rules_of(ruleset);
  e->owned.root = root;
  json_t *list;
  if ((rc = array_of(ctx, root, "characters", COPS_COMBATANTS_MAX, &list)))
    return rc;
  for (size_t k = 0; k < json_array_size(list); k++) {
    char where[40];
    snprintf(where, sizeof where, "characters[%zu]", k);
    json_t *v = json_array_get(list, k);
    json_t *state = json_is_object(v) ? json_object_get(v, "state") : NULL;
    if (!state)
      return cops__fail(ctx, COPS_EJSON, "%s.state: missing", where);
    json_incref(state);
    json_object_del(v, "state");   /* the rest is a sheet */
    cops_character *ch = NULL;
    rc = cops__saved_character(ctx, v, &ch);
    if (rc)
      rc = cops__within(ctx, rc, where);
    if (!rc)
      own(e, ch, 0);
    if (!rc) {
      snprintf(where, sizeof where, "characters[%zu].state", k);
      rc = cops__character_state_from(ctx, state, where, ch);
    }
    json_decref(state);
    if (rc)
      return rc;
  }
  /* The weapons and the armour, each a file of the library's own. */
  static const struct {
    const char *key;
    size_t most;
    int (*from)(void **, cops_ctx *, const char *);
  } files[] = {
    {"weapons", COPS_COMBATANTS_MAX * COPS_WEAPONS_MAX, weapon_from},
    {"armour", COPS_COMBATANTS_MAX, armour_from},
  };
  for (int f = 0; f < 2; f++) {
    if ((rc = array_of(ctx, root, files[f].key, files[f].most, &list)))
      return rc;
    for (size_t k = 0; k < json_array_size(list); k++) {
      char where[40];
      snprintf(where, sizeof where, "%s[%zu]", files[f].key, k);
      void *p = NULL;
      if ((rc = entity(ctx, json_array_get(list, k), where, files[f].from, &p)))
        return rc;
      own(e, p, 1 + f);
    }
  }
  if ((rc = array_of(ctx, root, "combatants", COPS_COMBATANTS_MAX, &list)))
    return rc;
  int used[COPS_COMBATANTS_MAX * COPS_WEAPONS_MAX] = {0};
  for (size_t k = 0; k < json_array_size(list); k++) {
    if ((rc = combatant_from(e, json_array_get(list, k), (int)k, used)))
      return rc;
    e->n = (int)k + 1;
  }
  int next;
  struct {
    const char *key;
    int *at, lo, hi;
  } f[] = {
    {"max_rounds", &e->max_rounds, 1, 10000}, {"round", &e->round, 0, 10000},
    {"in_round", &e->in_round, 0, 1}, {"over", &e->over, 0, 1},
    {"winner", &e->winner, -1, COPS_SIDES_MAX - 1}, {"started", &e->started, 0, 1},
    {"logging", &e->logging, 0, 1}, {"seeded", &e->seeded, 0, 1},
    {"next_event", &next, 0, INT32_MAX - COPS_LOG_LIMIT_DEFAULT},
  };
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
    if ((rc = field(ctx, root, "", f[k].key, f[k].lo, f[k].hi, f[k].at)))
      return rc;
  json_t *after = json_object_get(root, "aftermath");
  if (after && !json_is_true(after))
    return cops__fail(ctx, COPS_EJSON, "aftermath: true when played, absent otherwise");
  e->aftermath = after != NULL;
  if (e->aftermath && !e->over)
    return cops__fail(ctx, COPS_EJSON, "aftermath: the fight is not over");
  if (e->round > e->max_rounds || (e->in_round && e->over) || (!e->started && e->round))
    return cops__fail(ctx, COPS_EJSON, "round %d of %d, %s: not a state a fight reaches",
                      e->round, e->max_rounds, e->over ? "over" : "going on");
  const char *seed = json_string_value(json_object_get(root, "seed"));
  if (!seed || !*seed || strlen(seed) > 20 || strspn(seed, "0123456789") != strlen(seed))
    return cops__fail(ctx, COPS_EJSON, "seed: expected a number 0..18446744073709551615 "
                      "written as a string");
  char *end;
  e->seed = strtoull(seed, &end, 10);
  if (e->seed == UINT64_MAX && strcmp(seed, "18446744073709551615"))
    return cops__fail(ctx, COPS_EJSON, "seed: beyond 18446744073709551615");
  if ((rc = array_of(ctx, root, "sides", COPS_SIDES_MAX, &list)))
    return rc;
  for (size_t k = 0; k < json_array_size(list); k++) {
    const char *s = json_string_value(json_array_get(list, k));
    if (!s || strlen(s) >= sizeof e->side_name[0])
      return cops__fail(ctx, COPS_EJSON, "sides[%zu]: expected a name of at most %zu bytes", k,
                        sizeof e->side_name[0] - 1);
    snprintf(e->side_name[k], sizeof e->side_name[k], "%s", s);
  }
  if ((rc = array_of(ctx, root, "script", 100000, &list)))
    return rc;
  const size_t nscript = json_array_size(list);
  if (nscript) {
    e->owned.script = cops__calloc(&ctx->alloc, nscript * sizeof *e->owned.script);
    if (!e->owned.script)
      return cops__fail(ctx, COPS_ENOMEM, "out of memory for the script");
  }
  for (size_t k = 0; k < nscript; k++) {
    static const char *const lkeys[] = {"round", "id", "declaration", NULL};
    struct cops__script_line *l = &e->owned.script[k];
    json_t *v = json_array_get(list, k);
    char where[48];   /* "script[k].declaration", k up to 20 digits */
    snprintf(where, sizeof where, "script[%zu]", k);
    if (!json_is_object(v))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
    if ((rc = cops__json_only_keys(ctx, v, where, lkeys)) ||
        (rc = field(ctx, v, where, "round", 1, 10000, &l->round)) ||
        (rc = field(ctx, v, where, "id", 0, e->n - 1, &l->id)))
      return rc;
    snprintf(where, sizeof where, "script[%zu].declaration", k);
    if ((rc = declaration_from(ctx, json_object_get(v, "declaration"), where, &l->d)))
      return rc;
  }
  cops__encounter_set_script(e, e->owned.script, (int)nscript);
  if ((rc = cops__random_from(ctx, json_object_get(root, "random"), rng)))
    return rc;
  /* Declarations made this round: checked against the state as any declaration. */
  for (int i = 0; e->in_round && i < e->n; i++)
    if (e->c[i].declared) {
      char where[40];
      snprintf(where, sizeof where, "combatants[%d].declaration", i);
      if (!able(e, i))
        return cops__fail(ctx, COPS_EJSON, "%s: a combatant who cannot act", where);
      if ((rc = cops__check_declaration(e, i, &e->c[i].decl)))
        return cops__within(ctx, rc, where);
    }
  cops__log_continue(e->log, next, e->round);
  for (int i = 0; i < e->n; i++)   /* the tags the next events carry */
    if (e->tag[i][0] && (rc = cops__log_tag(e->log, i, e->tag[i])))
      return rc;
  return COPS_OK;
}

int cops_encounter_load(cops_encounter **out, cops_ctx *ctx, const char *json)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, json, "save", &root);
  if (rc)
    return rc;
  cops_encounter *e;
  if ((rc = cops_encounter_new(&e, ctx, COPS_RULES_CORE))) {
    json_decref(root);
    return rc;
  }
  struct cops__rng_state rng;
  rc = load(e, root, &rng);
  e->owned.root = NULL;
  json_decref(root);
  if (rc) {
    cops_encounter_free(e);
    return rc;
  }
  /* All read: now the context's seeded stream goes where the save was (all or nothing). */
  if (rng.source == COPS_SOURCE_SEEDED)
    cops__rng_import(ctx, rng.key, rng.block, rng.pos);
  *out = e;
  return COPS_OK;
}

int cops_encounter_load_file(cops_encounter **out, cops_ctx *ctx, const char *path)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  char *text;
  int rc = cops__load_begin(ctx, path, &text);
  if (rc)
    return rc;
  rc = cops_encounter_load(out, ctx, text);
  return cops__load_end(ctx, path, text, rc);
}
