/* What the fight files of the optional modules share (lib/fight/fight-file.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fight/fight.h"
#include "fight/fight-file.h"
#include "log/log.h"

int cops__field_int(cops_ctx *ctx, json_t *obj, const char *where, const char *key, int lo,
                    int hi, int *out)
{
  json_t *v = json_object_get(obj, key);
  if (!v)
    return COPS_OK;
  char name[96];
  snprintf(name, sizeof name, "%s%s%s", where, *where ? "." : "", key);
  return cops__json_int(ctx, v, name, lo, hi, out);
}

int cops__field_bool(cops_ctx *ctx, json_t *obj, const char *where, const char *key, int *out)
{
  json_t *v = json_object_get(obj, key);
  if (!v)
    return COPS_OK;
  if (!json_is_boolean(v))
    return cops__fail(ctx, COPS_EJSON, "%s%s%s: expected true or false", where, *where ? "." : "",
                      key);
  *out = json_is_true(v);
  return COPS_OK;
}

int cops__fight_head_read(cops_ctx *ctx, json_t *root, cops__fight_head *h)
{
  int rc;
  json_t *name = json_object_get(root, "name");
  if (name) {
    if (!json_is_string(name))
      return cops__fail(ctx, COPS_EJSON, "name: expected a string");
    if ((rc = cops__check_name(ctx, "name", json_string_value(name), h->name_cap - 1)))
      return rc;
    snprintf(h->name, h->name_cap, "%s", json_string_value(name));
  }
  if ((rc = cops__field_int(ctx, root, "", "max_rounds", 1, 10000, h->max_rounds)) ||
      (rc = cops__field_bool(ctx, root, "", "logging", h->logging)) ||
      (rc = cops__field_int(ctx, root, "", "round", 0, 10000, h->round)) ||
      (rc = cops__field_int(ctx, root, "", "next_event", 0, INT32_MAX - COPS_LOG_LIMIT_DEFAULT,
                            &h->next_event)))
    return rc;
  if (*h->round > *h->max_rounds)
    return cops__fail(ctx, COPS_ERANGE, "round %d: past max_rounds %d", *h->round,
                      *h->max_rounds);
  json_t *seed = json_object_get(root, "seed");
  if (seed) {
    const char *s = json_string_value(seed);
    if (!s || !*s || strlen(s) > 20 || strspn(s, "0123456789") != strlen(s))
      return cops__fail(ctx, COPS_EJSON, "seed: expected a number 0..18446744073709551615 "
                        "in a string");
    *h->seed = strtoull(s, NULL, 10);
    if (*h->seed == UINT64_MAX && strcmp(s, "18446744073709551615"))
      return cops__fail(ctx, COPS_EJSON, "seed: beyond 18446744073709551615");
    *h->seeded = 1;
  }
  json_t *random = json_object_get(root, "random");
  h->has_random = random != NULL;
  if (random && (rc = cops__random_from(ctx, random, &h->rng)))
    return rc;
  json_t *sides = json_object_get(root, "sides");
  if (!json_is_array(sides) || json_array_size(sides) < 1 ||
      json_array_size(sides) > (size_t)h->sides_max)
    return cops__fail(ctx, COPS_EJSON, "sides: expected 1 .. %d names", h->sides_max);
  h->nsides = (int)json_array_size(sides);
  for (int s = 0; s < h->nsides; s++) {
    char what[24];
    snprintf(what, sizeof what, "sides[%d]", s);
    const char *sn = json_string_value(json_array_get(sides, (size_t)s));
    if (!sn || !*sn)
      return cops__fail(ctx, COPS_EJSON, "%s: expected a name", what);
    if ((rc = cops__check_name(ctx, what, sn, h->side_cap - 1)))
      return rc;
    snprintf(h->side_names + (size_t)s * h->side_cap, h->side_cap, "%s", sn);
  }
  return COPS_OK;
}

int cops__fight_winner_read(cops_ctx *ctx, json_t *root, int nsides, int none, int *over,
                            int *winner)
{
  json_t *w = json_object_get(root, "winner");
  if (!w)
    return COPS_OK;
  *over = 1;
  *winner = none;
  return json_is_null(w) ? COPS_OK : cops__json_int(ctx, w, "winner", 0, nsides - 1, winner);
}

void cops__fight_head_finish(cops_ctx *ctx, const cops__fight_head *h, cops_log *log, int round)
{
  if (h->has_random && h->rng.source == COPS_SOURCE_SEEDED)
    cops__rng_import(ctx, h->rng.key, h->rng.block, h->rng.pos);
  else if (!h->has_random && *h->seeded)
    cops_ctx_seed(ctx, *h->seed);
  cops__log_continue(log, h->next_event, round);
}

int cops__fight_head_write(cops_ctx *ctx, json_t *root, const cops__fight_head_out *h,
                           json_t *rules, const cops_log *log)
{
  int bad = json_object_set_new(root, "system", json_string(h->system));
  bad |= json_object_set_new(root, "schema", json_integer(h->schema));
  if (h->name[0])
    bad |= json_object_set_new(root, "name", json_string(h->name));
  if (rules && json_object_size(rules))
    bad |= json_object_set_new(root, "rules", rules);
  else if (rules)
    json_decref(rules);
  else
    bad = 1;
  bad |= json_object_set_new(root, "max_rounds", json_integer(h->max_rounds));
  if (!h->logging)
    bad |= json_object_set_new(root, "logging", json_false());
  if (h->seeded) {
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, h->seed);
    bad |= json_object_set_new(root, "seed", json_string(seed));
  }
  bad |= json_object_set_new(root, "round", json_integer(h->round));
  if (h->over)
    bad |= json_object_set_new(root, "winner", h->winner >= 0 ? json_integer(h->winner)
                                                             : json_null());
  bad |= json_object_set_new(root, "next_event", json_integer(log->seq_base + log->count));
  bad |= json_object_set_new(root, "random", cops__random_json(ctx));
  return bad;
}
