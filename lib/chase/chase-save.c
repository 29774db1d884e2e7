/* A chase saved between rounds and resumed (docs/chases.md, schemas/chase-save.schema.json):
 * its participants with their characters' sheets, dice, states and declarations, the round,
 * the crash table, the round cap, the script, the next event's number and the seeded
 * stream's place. */
#include <stdio.h>
#include <string.h>

#include "chase/chase-private.h"
#include "base/jsonutil.h"
#include "log/log.h"

#define SAVE_TYPE "chase-save"

static const char *const roles[] = {"pursued", "pursuer"};
static const char *const states[] = {"in", "lost", "stopped", "wrecked"};
static const char *const results[] = {"going", "caught", "escaped"};

static json_t *declaration_json(const cops_chase_declaration *d)
{
  return json_pack("{s:i,s:i,s:b,s:b,s:i,s:i,s:i}", "successes", d->successes, "blacken",
                   d->blacken, "adrenaline", (d->flags & COPS_ADRENALINE_DIE) != 0,
                   "anciennete", (d->flags & COPS_CHASE_ANCIENNETE) != 0, "dice_mod",
                   d->dice_mod, "threshold_mod", d->threshold_mod, "difficulty_mod",
                   d->difficulty_mod);
}


static const char *const tackles[] = {"throw", "hold"};

/* v into o under k. A value is given only to a container (json_object_set_new frees it
 * when o is missing), never through json_pack's "o", which may lose it when short of
 * memory; bad is set for a missing value or a failed insertion. */
static void put(json_t *o, const char *k, json_t *v, int *bad)
{
  *bad |= !v || json_object_set_new(o, k, v);
}


/* The secondary actions' part of participant i: its weapon, tackle, last action and
 * when it joined (bad set when out of memory). */
static void actions_json(const cops_chase *c, int i, json_t *o, int *bad)
{
  const struct chaser *p = &c->p[i];
  put(o, "character_state", cops__character_state_json(p->ch), bad);
  put(o, "acted", json_integer(p->acted), bad);
  if (p->joined)
    put(o, "joined", json_integer(p->joined), bad);
  if (p->weapon)
    put(o, "weapon", cops__weapon_json(p->weapon), bad);
  if (p->tackle >= 0)
    put(o, "tackle", json_string(tackles[p->tackle != COPS_ATTACK_THROW]), bad);
}

/* The passengers in id order, each with the participant it rides with. */
static json_t *passengers_json(const cops_chase *c, int *bad)
{
  json_t *list = json_array();
  for (int k = 0; k < c->nr; k++) {
    const struct rider *r = &c->r[k];
    json_t *q = json_object();
    put(q, "character", cops__character_json_inline(r->ch), bad);
    put(q, "character_state", cops__character_state_json(r->ch), bad);
    put(q, "vehicle", json_integer(r->vehicle), bad);
    put(q, "acted", json_integer(r->acted), bad);
    if (r->weapon)
      put(q, "weapon", cops__weapon_json(r->weapon), bad);
    if (cops__chase_tag(c, COPS_PASSENGER_ID0 + k)[0])
      put(q, "tag", json_string(cops__chase_tag(c, COPS_PASSENGER_ID0 + k)), bad);
    *bad |= json_array_append_new(list, q);
  }
  return list;
}

int cops_chase_save(const cops_chase *c, char **out)
{
  if (!c || !out)
    return COPS_EINVAL;
  *out = NULL;
  COPS__ENTER(c->ctx);
  if (c->ctx->source == COPS_SOURCE_CALLBACK)
    return FAIL(c, COPS_ESTATE, "the dice come from the caller's function: a save could not "
                "bring them back (seed the context, or use its system source)");
  int bad = 0;
  json_t *list = json_array();
  for (int i = 0; i < c->n; i++) {
    const struct chaser *p = &c->p[i];
    json_t *o = json_object();
    put(o, "character", cops__character_json_inline(p->ch), &bad);
    put(o, "skill", json_string(p->skill), &bad);
    put(o, "role", json_string(roles[p->role]), &bad);
    put(o, "white", json_integer(p->white), &bad);
    put(o, "black", json_integer(p->black), &bad);
    put(o, "state", json_string(states[p->state]), &bad);
    put(o, "declaration", p->declared ? declaration_json(&p->decl) : json_null(), &bad);
    if (p->vehicle[0])
      put(o, "vehicle", json_string(p->vehicle), &bad);
    actions_json(c, i, o, &bad);
    if (cops__chase_tag(c, i)[0])
      put(o, "tag", json_string(cops__chase_tag(c, i)), &bad);
    bad |= json_array_append_new(list, o);
  }
  json_t *script = json_array();
  for (int k = 0; k < c->nscript; k++) {
    const struct cops__chase_line *l = &c->script[k];
    bad |= json_array_append_new(script, json_pack("{s:i,s:i,s:i,s:i}", "round", l->round,
                                                   "participant", l->id, "successes",
                                                   l->d.successes, "blacken", l->d.blacken));
  }
  json_t *root = json_pack("{s:i,s:s,s:s,s:i,s:s,s:i,s:{s:s,s:i},s:[i,i],s:i}",
                           "schema", 1, "type", SAVE_TYPE, "name", c->name, "round", c->round,
                           "result", results[c->result], "max_rounds", c->max_rounds, "crash",
                           "mode", c->crash_mode == COPS_CRASH_ONE_PLUS ? "one_plus" : "each",
                           "wreck_from", c->wreck_from, "maluses", c->small_malus,
                           c->large_malus, "next_event", c->log->seq_base + c->log->count);
  put(root, "random", cops__random_json(c->ctx), &bad);
  put(root, "participants", list, &bad);
  put(root, "script", script, &bad);
  if (c->nr)
    put(root, "passengers", passengers_json(c, &bad), &bad);
  if (c->shot_distance[0])
    put(root, "distances", json_pack("{s:i,s:i}", "short", c->shot_distance[0],
                                     "intermediate", c->shot_distance[1]), &bad);
  return cops__sheet_out(c->ctx, root, bad, out) ? FAIL(c, COPS_ENOMEM, "out of memory for "
                                                        "the save") : COPS_OK;
}

int cops_chase_save_file(const cops_chase *c, const char *path)
{
  if (!c || !path)
    return COPS_EINVAL;
  char *text;
  int rc = cops_chase_save(c, &text);
  if (rc)
    return rc;
  rc = cops__write_file(c->ctx, path, text);
  cops_free(text);
  return rc;
}

static int name_index(const char *s, const char *const *names, int n)
{
  for (int k = 0; s && k < n; k++)
    if (!strcmp(s, names[k]))
      return k;
  return -1;
}

static int int_field(cops_ctx *ctx, json_t *o, const char *where, const char *key, int lo,
                     int hi, int *out)
{
  char path[96];
  snprintf(path, sizeof path, "%s%s%s", where, *where ? "." : "", key);
  json_t *v = json_object_get(o, key);
  if (!v)
    return cops__fail(ctx, COPS_EJSON, "%s: missing field", path);
  return cops__json_int(ctx, v, path, lo, hi, out);
}

static int declaration_from(cops_ctx *ctx, json_t *v, const char *where,
                            cops_chase_declaration *d)
{
  static const char *const keys[] = {"successes", "blacken", "adrenaline", "anciennete",
                                     "dice_mod", "threshold_mod", "difficulty_mod", NULL};
  int rc;
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object or null", where);
  if ((rc = cops__json_only_keys(ctx, v, where, keys)))
    return rc;
  cops_chase_declaration_init(d, 1);
  if ((rc = int_field(ctx, v, where, "successes", 1, COPS_DIFFICULTY_MAX, &d->successes)) ||
      (rc = int_field(ctx, v, where, "blacken", 0, COPS_CHASE_DICE_MAX, &d->blacken)) ||
      (rc = int_field(ctx, v, where, "dice_mod", -COPS_MOD_MAX, COPS_MOD_MAX, &d->dice_mod)) ||
      (rc = int_field(ctx, v, where, "threshold_mod", -COPS_THRESHOLD_MOD_MAX,
                      COPS_THRESHOLD_MOD_MAX, &d->threshold_mod)) ||
      (rc = int_field(ctx, v, where, "difficulty_mod", -COPS_MOD_MAX, COPS_MOD_MAX,
                      &d->difficulty_mod)))
    return rc;
  json_t *a = json_object_get(v, "adrenaline"), *b = json_object_get(v, "anciennete");
  if (!json_is_boolean(a) || !json_is_boolean(b))
    return cops__fail(ctx, COPS_EJSON, "%s: adrenaline and anciennete: true or false", where);
  d->flags = (json_is_true(a) ? COPS_ADRENALINE_DIE : 0u) |
             (json_is_true(b) ? COPS_CHASE_ANCIENNETE : 0u);
  return COPS_OK;
}

static int resume(cops_chase *c, json_t *root, struct cops__rng_state *rng)
{
  static const char *const keys[] = {"schema", "type", "name", "round", "result", "max_rounds",
                                     "crash", "maluses", "next_event", "random",
                                     "distances", "participants", "passengers", "script",
                                     NULL};
  cops_ctx *ctx = c->ctx;
  int rc, next, mode;
  if ((rc = cops__json_head(ctx, root, "save", SAVE_TYPE, keys, 1)) ||
      (rc = int_field(ctx, root, "", "max_rounds", 1, 10000, &c->max_rounds)) ||
      (rc = int_field(ctx, root, "", "round", 0, 10000, &c->round)) ||
      (rc = int_field(ctx, root, "", "next_event", 0, INT32_MAX - COPS_LOG_LIMIT_DEFAULT,
                      &next)))
    return rc;
  const char *name = json_string_value(json_object_get(root, "name"));
  if (!name || (*name && (rc = cops__check_name(ctx, "name", name, COPS_NAME_MAX))))
    return name ? rc : cops__fail(ctx, COPS_EJSON, "name: expected a string");
  snprintf(c->name, sizeof c->name, "%s", name);
  json_t *crash = json_object_get(root, "crash");
  static const char *const ckeys[] = {"mode", "wreck_from", NULL};
  static const char *const modes[] = {"each", "one_plus"};
  if (!json_is_object(crash) || (rc = cops__json_only_keys(ctx, crash, "crash", ckeys)))
    return json_is_object(crash) ? rc : cops__fail(ctx, COPS_EJSON, "crash: expected an object");
  if ((mode = name_index(json_string_value(json_object_get(crash, "mode")), modes, 2)) < 0)
    return cops__fail(ctx, COPS_EJSON, "crash.mode: \"each\" or \"one_plus\"");
  c->crash_mode = mode;
  if ((rc = int_field(ctx, crash, "crash", "wreck_from", 0, 6 + COPS_D6_MAX, &c->wreck_from)))
    return rc;
  json_t *m = json_object_get(root, "maluses");
  if (!json_is_array(m) || json_array_size(m) != 2 ||
      (rc = cops__json_int(ctx, json_array_get(m, 0), "maluses[0]", 0, 10, &c->small_malus)) ||
      (rc = cops__json_int(ctx, json_array_get(m, 1), "maluses[1]", 0, 10, &c->large_malus)))
    return json_is_array(m) && json_array_size(m) == 2
               ? rc : cops__fail(ctx, COPS_EJSON, "maluses: expected [small, large]");
  if ((rc = cops__random_from(ctx, json_object_get(root, "random"), rng)))
    return rc;
  json_t *list = json_object_get(root, "participants");
  if (!json_is_array(list) || json_array_size(list) < 2 ||
      json_array_size(list) > COPS_CHASERS_MAX)
    return cops__fail(ctx, COPS_EJSON, "participants: expected 2..%d", COPS_CHASERS_MAX);
  size_t i;
  json_t *v;
  json_array_foreach(list, i, v) {
    static const char *const pkeys[] = {"character", "skill", "role", "vehicle", "white",
                                        "black", "state", "declaration", "acted", "weapon",
                                        "tackle", "character_state", "joined", "tag", NULL};
    char where[48];
    snprintf(where, sizeof where, "participants[%zu]", i);
    if (!json_is_object(v))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
    if ((rc = cops__json_only_keys(ctx, v, where, pkeys)))
      return rc;
    char field[96];
    snprintf(field, sizeof field, "%s.character", where);
    json_t *sheet = json_object_get(v, "character");
    if (!json_is_object(sheet))
      return cops__fail(ctx, COPS_EJSON, "%s: expected a sheet", field);
    cops_character *ch;
    if ((rc = cops__saved_character(ctx, sheet, &ch)))
      return cops__prefix_error(ctx, rc, field);
    c->owned[c->nowned++] = ch;
    const char *skill = json_string_value(json_object_get(v, "skill"));
    const int role = name_index(json_string_value(json_object_get(v, "role")), roles, 2);
    const int state = name_index(json_string_value(json_object_get(v, "state")), states, 4);
    json_t *veh = json_object_get(v, "vehicle");
    if (!skill || role < 0 || state < 0 || (veh && !json_is_string(veh)))
      return cops__fail(ctx, COPS_EJSON, "%s: skill, role, state and vehicle as a chase save "
                        "writes them", where);
    int white, black;
    if ((rc = int_field(ctx, v, where, "white", 0, COPS_CHASE_DICE_MAX, &white)) ||
        (rc = int_field(ctx, v, where, "black", 0, COPS_CHASE_DICE_MAX - white, &black)))
      return rc;
    if ((state == COPS_CHASER_IN) != (white + black > 0) && state != COPS_CHASER_WRECKED)
      return cops__fail(ctx, COPS_EJSON, "%s.state: %s with %d dice", where, states[state],
                        white + black);
    const int round = c->round;
    c->round = 0;
    rc = cops_chase_add(c, ch, skill, role, json_string_value(veh), 4, NULL);
    c->round = round;
    if (rc)
      return cops__prefix_error(ctx, rc, where);
    struct chaser *p = &c->p[c->n - 1];
    p->white = white;
    p->black = black;
    p->state = state;
    json_t *d = json_object_get(v, "declaration");
    snprintf(field, sizeof field, "%s.declaration", where);
    if (d && !json_is_null(d)) {
      if ((rc = declaration_from(ctx, d, field, &p->decl)))
        return rc;
      p->declared = state == COPS_CHASER_IN;
    }
    snprintf(field, sizeof field, "%s.character_state", where);
    if ((rc = cops__character_state_from(ctx, json_object_get(v, "character_state"), field,
                                         ch)) ||
        (rc = int_field(ctx, v, where, "acted", 0, c->round, &p->acted)) ||
        (json_object_get(v, "joined") &&
         (rc = int_field(ctx, v, where, "joined", 0, c->round, &p->joined))) ||
        (rc = cops__chase_actions_from(c, c->n - 1, v, where, "character", NULL)) ||
        (rc = cops__chase_tag_from(c, c->n - 1, v, where)))
      return rc;
  }
  json_t *riders = json_object_get(root, "passengers");
  if (riders && (!json_is_array(riders) || json_array_size(riders) > COPS_PASSENGERS_MAX))
    return cops__fail(ctx, COPS_EJSON, "passengers: expected at most %d", COPS_PASSENGERS_MAX);
  json_array_foreach(riders, i, v) {
    char where[48];
    snprintf(where, sizeof where, "passengers[%zu]", i);
    if ((rc = cops__chase_passenger_from(c, -1, v, where, "character", NULL)))
      return rc;
  }
  if ((rc = cops__chase_distances_from(c, json_object_get(root, "distances"))))
    return rc;
  if (cops__chase_pursued(c) < 0)
    return cops__fail(ctx, COPS_EJSON, "participants: one is \"pursued\"");
  const int result = name_index(json_string_value(json_object_get(root, "result")), results, 3);
  if (result < 0)
    return cops__fail(ctx, COPS_EJSON, "result: \"going\", \"caught\" or \"escaped\"");
  c->result = result;
  json_t *script = json_object_get(root, "script");
  if (!json_is_array(script) || json_array_size(script) > 1024)
    return cops__fail(ctx, COPS_EJSON, "script: expected at most 1024 declarations");
  c->script = cops__calloc(&ctx->alloc, (json_array_size(script) + 1) * sizeof *c->script);
  if (!c->script)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for the chase's script");
  json_array_foreach(script, i, v) {
    char where[48];
    snprintf(where, sizeof where, "script[%zu]", i);
    struct cops__chase_line *l = &c->script[c->nscript];
    cops_chase_declaration_init(&l->d, 1);
    if (!json_is_object(v))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
    if ((rc = int_field(ctx, v, where, "round", 1, 10000, &l->round)) ||
        (rc = int_field(ctx, v, where, "participant", 0, c->n - 1, &l->id)) ||
        (rc = int_field(ctx, v, where, "successes", 1, COPS_DIFFICULTY_MAX, &l->d.successes)) ||
        (rc = int_field(ctx, v, where, "blacken", 0, COPS_CHASE_DICE_MAX, &l->d.blacken)))
      return rc;
    c->nscript++;
  }
  if (c->wreck_from) {
    c->crash = cops__chase_file_table;
    c->crash_user = c;
  }
  cops__log_continue(c->log, next, c->round);
  return COPS_OK;
}

int cops_chase_resume(cops_chase **out, cops_ctx *ctx, const char *json)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, json, "chase save", &root);
  if (rc)
    return rc;
  cops_chase *c;
  if ((rc = cops_chase_new(&c, ctx))) {
    json_decref(root);
    return rc;
  }
  COPS__ENTER(ctx);
  struct cops__rng_state rng;
  rc = resume(c, root, &rng);
  json_decref(root);
  if (rc) {
    cops_chase_free(c);
    return rc;
  }
  /* All read: now the context's seeded stream goes where the save was (all or nothing). */
  if (rng.source == COPS_SOURCE_SEEDED)
    cops__rng_import(ctx, rng.key, rng.block, rng.pos);
  *out = c;
  return COPS_OK;
}

COPS__FILE_READER(cops_chase_resume_file, cops_chase, cops_chase_resume)
