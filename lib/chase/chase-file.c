/* Running a chase to its end, and chase files (docs/chases.md,
 * schemas/chase.schema.json): participants, crash table, round cap, script. */
#include <stdio.h>
#include <string.h>

#include "chase/chase-private.h"
#include "base/jsonutil.h"

/* ---- running a chase, and chase files ---------------------------------------------- */


int cops_chase_set_max_rounds(cops_chase *c, int rounds)
{
  if (!c)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (rounds < 1 || rounds > 10000)
    return FAIL(c, COPS_ERANGE, "round cap %d out of range 1..10000", rounds);
  c->max_rounds = rounds;
  return COPS_OK;
}

int cops_chase_max_rounds(const cops_chase *c)
{
  return c ? c->max_rounds : COPS_EINVAL;
}

const char *cops_chase_name(const cops_chase *c)
{
  return c ? c->name : NULL;
}

int cops_chase_run(cops_chase *c)
{
  if (!c)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  int rc = COPS_OK;
  while (!c->result && c->round < c->max_rounds) {
    /* Round by round all or nothing: the declarations made here, the round, the secondary
     * actions of the chase file's participants and passengers. */
    struct cops__chase_undo u;
    cops__chase_keep(c, &u);
    for (int i = 0; i < c->n && !rc; i++) {
      if (c->p[i].state != COPS_CHASER_IN || c->p[i].declared)
        continue;
      const cops_chase_declaration *d = NULL;
      for (int k = 0; k < c->nscript && !d; k++)
        if (c->script[k].round == c->round + 1 && c->script[k].id == i)
          d = &c->script[k].d;
      cops_chase_declaration mine;
      if (!d) {
        cops_chase_declaration_init(&mine, 1);
        if ((rc = cops_chase_suggest(c, i, &mine)))
          break;
        d = &mine;
      }
      if ((rc = cops_chase_declare(c, i, d)))
        rc = cops__prefix_error(c->ctx, rc, "a scripted declaration");
    }
    if (!rc)
      rc = cops_chase_resolve_round(c);
    if (!rc)
      rc = cops__chase_file_actions(c);
    if (rc) {
      cops__chase_undo(c, &u);
      return rc;
    }
  }
  return COPS_OK;
}

/* A chase file's crash table: a d6 result at wreck_from or more wrecks (docs/chases.md). */
int cops__chase_file_table(void *user, int id, int failed, const int *d6, int n, int *wrecked)
{
  const cops_chase *c = user;
  (void)id, (void)failed;
  for (int k = 0; k < n; k++)
    *wrecked |= d6[k] >= c->wreck_from;
  return COPS_OK;
}

/* What a chase file's participant does after a round (its weapon, its tackle) and its
 * passengers; a chase save's too, with @p sheet_key "character". */
int cops__chase_actions_from(cops_chase *c, int id, json_t *v, const char *where,
                             const char *sheet_key, const char *base)
{
  cops_ctx *ctx = c->ctx;
  struct chaser *p = &c->p[id];
  char field[96];
  int rc;
  json_t *w = json_object_get(v, "weapon");
  if (w && !json_is_null(w)) {
    snprintf(field, sizeof field, "%s.weapon", where);
    if (p->vehicle[0])
      return cops__fail(ctx, COPS_EJSON, "%s: a driver drives; its passengers shoot (C7.1)",
                        field);
    if ((rc = cops__inline_weapon(ctx, w, field, base, &p->weapon)))
      return rc;
    c->owned_w[c->nowned_w++] = p->weapon;
  }
  json_t *t = json_object_get(v, "tackle");
  if (t && !json_is_null(t)) {
    const char *mode = json_string_value(t);
    if (!mode || (strcmp(mode, "throw") && strcmp(mode, "hold")))
      return cops__fail(ctx, COPS_EJSON, "%s.tackle: expected \"throw\" or \"hold\"", where);
    if (p->vehicle[0])
      return cops__fail(ctx, COPS_EJSON, "%s.tackle: a tackle is on foot (C7.1)", where);
    p->tackle = !strcmp(mode, "throw") ? COPS_ATTACK_THROW : COPS_ATTACK_HOLD;
  }
  json_t *list = json_object_get(v, "passengers");
  if (!list)
    return COPS_OK;
  if (!json_is_array(list) || json_array_size(list) > COPS_PASSENGERS_MAX)
    return cops__fail(ctx, COPS_EJSON, "%s.passengers: expected at most %d passengers", where,
                      COPS_PASSENGERS_MAX);
  size_t k;
  json_t *r;
  json_array_foreach(list, k, r) {
    char at[80];
    snprintf(at, sizeof at, "%s.passengers[%zu]", where, k);
    if ((rc = cops__chase_passenger_from(c, id, r, at, sheet_key, base)))
      return rc;
  }
  return COPS_OK;
}

/* A passenger of participant id: its sheet, weapon and, in a save, its vehicle and last
 * action (@p id -1: the "vehicle" field says it). */
int cops__chase_passenger_from(cops_chase *c, int id, json_t *r, const char *at,
                               const char *sheet_key, const char *base)
{
  cops_ctx *ctx = c->ctx;
  const char *const rkeys[] = {sheet_key, "weapon", "vehicle", "acted", "character_state",
                               "tag", NULL};
  const char *const fkeys[] = {sheet_key, "weapon", "tag", NULL};
  char field[112];
  int rc;
  if (!json_is_object(r))
    return cops__fail(ctx, COPS_EJSON, "%s: expected an object", at);
  const int saved = id < 0;
  if ((rc = cops__json_only_keys(ctx, r, at, saved ? rkeys : fkeys)))
    return rc;
  if (saved) {
    snprintf(field, sizeof field, "%s.vehicle", at);
    json_t *v = json_object_get(r, "vehicle");
    if (!v)
      return cops__fail(ctx, COPS_EJSON, "%s: missing field", field);
    if ((rc = cops__json_int(ctx, v, field, 0, c->n - 1, &id)))
      return rc;
  }
  snprintf(field, sizeof field, "%s.%s", at, sheet_key);
  json_t *sheet = json_object_get(r, sheet_key);
  if (!sheet)
    return cops__fail(ctx, COPS_EJSON, "%s: missing field", field);
  cops_character *ch;
  if ((rc = cops__inline_character(ctx, sheet, field, base, &ch)))
    return rc;
  c->owned[c->nowned++] = ch;
  const int round = c->round;
  c->round = 0;
  rc = cops_chase_add_passenger(c, id, ch, NULL);
  c->round = round;
  if (rc)
    return cops__prefix_error(ctx, rc, at);
  struct rider *q = &c->r[c->nr - 1];
  snprintf(field, sizeof field, "%s.character_state", at);
  if (saved && (rc = cops__character_state_from(ctx, json_object_get(r, "character_state"),
                                                field, ch)))
    return rc;
  json_t *a = json_object_get(r, "acted");
  snprintf(field, sizeof field, "%s.acted", at);
  if (a && (rc = cops__json_int(ctx, a, field, 0, c->round, &q->acted)))
    return rc;
  json_t *w = json_object_get(r, "weapon");
  if (w && !json_is_null(w)) {
    snprintf(field, sizeof field, "%s.weapon", at);
    if ((rc = cops__inline_weapon(ctx, w, field, base, &q->weapon)))
      return rc;
    c->owned_w[c->nowned_w++] = q->weapon;
  }
  return cops__chase_tag_from(c, COPS_PASSENGER_ID0 + c->nr - 1, r, at);
}

/* The GM's metres of a shot at short and intermediate distance (C7.1 gives none): needed
 * once a participant or a passenger has a weapon. */
int cops__chase_distances_from(cops_chase *c, json_t *v)
{
  cops_ctx *ctx = c->ctx;
  int rc, armed = 0;
  for (int i = 0; i < c->n; i++)
    armed |= c->p[i].weapon != NULL;
  for (int k = 0; k < c->nr; k++)
    armed |= c->r[k].weapon != NULL;
  if (!v && !armed)
    return COPS_OK;
  static const char *const keys[] = {"short", "intermediate", NULL};
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "distances: expected {\"short\": metres, "
                      "\"intermediate\": metres}, the GM's for a shot (C7.1 gives none)");
  if ((rc = cops__json_only_keys(ctx, v, "distances", keys)))
    return rc;
  for (int b = 0; b < 2; b++) {
    char field[40];
    snprintf(field, sizeof field, "distances.%s", keys[b]);
    json_t *m = json_object_get(v, keys[b]);
    if (!m)
      return cops__fail(ctx, COPS_EJSON, "%s: missing field", field);
    if ((rc = cops__json_int(ctx, m, field, 1, COPS_DISTANCE_MAX, &c->shot_distance[b])))
      return rc;
  }
  return COPS_OK;
}

static int chase_parse(cops_chase *c, json_t *root, const char *base)
{
  static const char *const keys[] = {"schema", "type", "name", "max_rounds", "crash",
                                     "distances", "participants", "script", NULL};
  cops_ctx *ctx = c->ctx;
  int rc = cops__json_head(ctx, root, "chase", "chase", keys, 0);
  if (rc)
    return rc;
  json_t *v = json_object_get(root, "name");
  if (!json_is_string(v))
    return cops__fail(ctx, COPS_EJSON, "name: expected a string");
  if ((rc = cops__check_name(ctx, "name", json_string_value(v), COPS_NAME_MAX)))
    return rc;
  snprintf(c->name, sizeof c->name, "%s", json_string_value(v));
  v = json_object_get(root, "max_rounds");
  if (v && (rc = cops__json_int(ctx, v, "max_rounds", 1, 10000, &c->max_rounds)))
    return rc;
  json_t *crash = json_object_get(root, "crash");
  if (crash) {
    static const char *const ckeys[] = {"mode", "wreck_from", NULL};
    if (!json_is_object(crash))
      return cops__fail(ctx, COPS_EJSON, "crash: expected an object");
    if ((rc = cops__json_only_keys(ctx, crash, "crash", ckeys)))
      return rc;
    const char *mode = json_string_value(json_object_get(crash, "mode"));
    if (json_object_get(crash, "mode") &&
        (!mode || (strcmp(mode, "each") && strcmp(mode, "one_plus"))))
      return cops__fail(ctx, COPS_EJSON, "crash.mode: expected \"each\" or \"one_plus\"");
    c->crash_mode = mode && !strcmp(mode, "one_plus") ? COPS_CRASH_ONE_PLUS : COPS_CRASH_EACH;
    v = json_object_get(crash, "wreck_from");
    if (v && (rc = cops__json_int(ctx, v, "crash.wreck_from", 1, 6 + COPS_D6_MAX,
                                  &c->wreck_from)))
      return rc;
    if (c->wreck_from) {
      c->crash = cops__chase_file_table;
      c->crash_user = c;
    }
  }
  json_t *list = json_object_get(root, "participants");
  if (!json_is_array(list) || json_array_size(list) < 2 ||
      json_array_size(list) > COPS_CHASERS_MAX)
    return cops__fail(ctx, COPS_EJSON, "participants: expected 2..%d participants",
                      COPS_CHASERS_MAX);
  size_t i;
  json_array_foreach(list, i, v) {
    static const char *const pkeys[] = {"sheet", "skill", "role", "vehicle", "white",
                                        "weapon", "tackle", "passengers", "tag", NULL};
    char where[64];
    snprintf(where, sizeof where, "participants[%zu]", i);
    if (!json_is_object(v))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
    if ((rc = cops__json_only_keys(ctx, v, where, pkeys)))
      return rc;
    char field[96];
    snprintf(field, sizeof field, "%s.sheet", where);
    cops_character *ch;
    json_t *sheet = json_object_get(v, "sheet");
    if (!sheet)
      return cops__fail(ctx, COPS_EJSON, "%s: missing field", field);
    if ((rc = cops__inline_character(ctx, sheet, field, base, &ch)))
      return rc;
    c->owned[c->nowned++] = ch;
    const char *skill = json_string_value(json_object_get(v, "skill"));
    if (!skill)
      return cops__fail(ctx, COPS_EJSON, "%s.skill: expected the chase roll, such as "
                        "\"Conduite [voiture]/Réflexes\"", where);
    const char *role = json_string_value(json_object_get(v, "role"));
    if (!role || (strcmp(role, "pursued") && strcmp(role, "pursuer")))
      return cops__fail(ctx, COPS_EJSON, "%s.role: expected \"pursued\" or \"pursuer\"",
                        where);
    json_t *veh = json_object_get(v, "vehicle");
    if (veh && !json_is_string(veh))
      return cops__fail(ctx, COPS_EJSON, "%s.vehicle: expected a name", where);
    int white = 4;
    snprintf(field, sizeof field, "%s.white", where);
    json_t *w = json_object_get(v, "white");
    if (w && (rc = cops__json_int(ctx, w, field, 4, 6, &white)))
      return rc;
    if ((rc = cops_chase_add(c, ch, skill, strcmp(role, "pursued") ? COPS_CHASE_PURSUER
                                                                  : COPS_CHASE_PURSUED,
                             json_string_value(veh), white, NULL)) ||
        (rc = cops__chase_actions_from(c, c->n - 1, v, where, "sheet", base)))
      return cops__prefix_error(ctx, rc, where);
    if ((rc = cops__chase_tag_from(c, c->n - 1, v, where)))
      return rc;
  }
  if ((rc = cops__chase_distances_from(c, json_object_get(root, "distances"))))
    return rc;
  if (cops__chase_pursued(c) < 0)
    return cops__fail(ctx, COPS_EJSON, "participants: one is \"pursued\"");
  json_t *script = json_object_get(root, "script");
  if (script) {
    if (!json_is_array(script) || json_array_size(script) > 1024)
      return cops__fail(ctx, COPS_EJSON, "script: expected at most 1024 declarations");
    c->script = cops__calloc(&ctx->alloc, (json_array_size(script) + 1) * sizeof *c->script);
    if (!c->script)
      return cops__fail(ctx, COPS_ENOMEM, "out of memory for the chase's script");
    json_array_foreach(script, i, v) {
      static const char *const skeys[] = {"round", "participant", "successes", "blacken",
                                          NULL};
      char where[64];
      snprintf(where, sizeof where, "script[%zu]", i);
      struct cops__chase_line *l = &c->script[c->nscript];
      if (!json_is_object(v))
        return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
      if ((rc = cops__json_only_keys(ctx, v, where, skeys)))
        return rc;
      cops_chase_declaration_init(&l->d, 1);
      const struct {
        const char *key;
        int *at, lo, hi, required;
      } f[] = {{"round", &l->round, 1, 10000, 1}, {"participant", &l->id, 0, c->n - 1, 1},
               {"successes", &l->d.successes, 1, COPS_DIFFICULTY_MAX, 1},
               {"blacken", &l->d.blacken, 0, COPS_CHASE_DICE_MAX, 0}};
      for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
        char path[96];
        snprintf(path, sizeof path, "%s.%s", where, f[k].key);
        json_t *x = json_object_get(v, f[k].key);
        if (!x && f[k].required)
          return cops__fail(ctx, COPS_EJSON, "%s: missing field", path);
        if (x && (rc = cops__json_int(ctx, x, path, f[k].lo, f[k].hi, f[k].at)))
          return rc;
      }
      c->nscript++;
    }
  }
  return COPS_OK;
}

int cops_chase_from_json(cops_chase **out, cops_ctx *ctx, const char *json, const char *base_dir)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, json, "chase", &root);
  if (rc)
    return rc;
  cops_chase *c;
  if ((rc = cops_chase_new(&c, ctx))) {
    json_decref(root);
    return rc;
  }
  COPS__ENTER(ctx);
  rc = chase_parse(c, root, base_dir);
  json_decref(root);
  if (rc) {
    cops_chase_free(c);
    return rc;
  }
  *out = c;
  return COPS_OK;
}

COPS__FILE_READER_IN_FOLDER(cops_chase_load, cops_chase, cops_chase_from_json)
