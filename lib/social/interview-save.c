/* An interview saved and resumed (docs/interrogations.md, schemas/interview-save.schema.json):
 * the subject with what it has been through (the methods barred, the resistance increases,
 * C4.7), the interrogator's sheet and state, what it knows and learnt, the next event's number
 * and the seeded stream's place. Saves of 0.16 kept the subject's state beside it: read. */
#include <stdio.h>
#include <string.h>

#include <cops/interrogation.h>

#include "social/social.h"
#include "social/interview-private.h"
#include "base/jsonutil.h"
#include "log/log.h"

#define SAVE_TYPE "interview-save"

static void put(json_t *o, const char *k, json_t *v, int *bad)
{
  *bad |= !v || json_object_set_new(o, k, v);
}

int cops_interview_save(const cops_interview *iv, char **out)
{
  if (!iv || !out)
    return COPS_EINVAL;
  *out = NULL;
  COPS__ENTER(iv->ctx);
  if (iv->ctx->source == COPS_SOURCE_CALLBACK)
    return cops__fail(iv->ctx, COPS_ESTATE, "the dice come from the caller's function: a save "
                      "could not bring them back (seed the context, or use its system source)");
  int bad = 0;
  json_t *root = json_pack("{s:i,s:s}", "schema", 1, "type", SAVE_TYPE);
  put(root, "subject", cops__subject_json(iv->subject, &bad), &bad);
  put(root, "interrogator", cops__character_json_inline(iv->cop), &bad);
  put(root, "interrogator_state", cops__character_state_json(iv->cop), &bad);
  put(root, "evaluated", json_boolean(iv->evaluated), &bad);
  json_t *known = json_array(), *learnt = json_array();
  for (int t = 0; t < COPS_TRAIT_COUNT; t++)
    if (iv->known & 1u << t)
      bad |= json_array_append_new(known, json_string(cops__trait_key(t)));
  for (int i = 0; i < COPS_FACTS_MAX; i++)
    if (iv->learnt & 1u << i)
      bad |= json_array_append_new(learnt, json_integer(i));
  put(root, "known", known, &bad);
  put(root, "learnt", learnt, &bad);
  put(root, "asked", json_integer(iv->asked), &bad);
  put(root, "next_event", json_integer(iv->log->seq_base + iv->log->count), &bad);
  put(root, "random", cops__random_json(iv->ctx), &bad);
  return cops__sheet_out(iv->ctx, root, bad, out) ? cops__fail(iv->ctx, COPS_ENOMEM, "out of "
                                                               "memory for the save")
                                                  : COPS_OK;
}

int cops_interview_save_file(const cops_interview *iv, const char *path)
{
  if (!iv || !path)
    return COPS_EINVAL;
  char *text;
  int rc = cops_interview_save(iv, &text);
  if (rc)
    return rc;
  rc = cops__write_file(iv->ctx, path, text);
  cops_free(text);
  return rc;
}

static int int_field(cops_ctx *ctx, json_t *o, const char *key, int lo, int hi, int *out)
{
  json_t *v = json_object_get(o, key);
  if (!v)
    return cops__fail(ctx, COPS_EJSON, "%s: missing field", key);
  return cops__json_int(ctx, v, key, lo, hi, out);
}

/* A list of distinct keys into bits: key_of gives a key's bit, -1 for none. */
static int bits_from(cops_ctx *ctx, json_t *list, const char *field, int (*key_of)(const char *),
                     int max, unsigned *out)
{
  if (!json_is_array(list) || json_array_size(list) > (size_t)max)
    return cops__fail(ctx, COPS_EJSON, "%s: expected a list of at most %d", field, max);
  size_t i;
  json_t *v;
  json_array_foreach(list, i, v) {
    const int k = key_of(json_string_value(v));
    if (k < 0 || (*out & 1u << k))
      return cops__fail(ctx, COPS_EJSON, "%s[%zu]: %s", field, i,
                        k < 0 ? "an unknown name" : "twice");
    *out |= 1u << k;
  }
  return COPS_OK;
}

static int method_bit(const char *key)
{
  return cops__method_index(cops__method_of_key(key));
}

static int resume(cops_interview *iv, json_t *root, struct cops__rng_state *rng)
{
  static const char *const keys[] = {"schema", "type", "subject", "interrogator",
                                     "interrogator_state", "evaluated", "known", "learnt",
                                     "barred", "resistance_up", "asked", "next_event", "random",
                                     NULL};
  cops_ctx *ctx = iv->ctx;
  int rc, next;
  if ((rc = cops__json_head(ctx, root, "save", SAVE_TYPE, keys, 1)) ||
      (rc = int_field(ctx, root, "asked", 0, INT32_MAX, &iv->asked)) ||
      (rc = int_field(ctx, root, "next_event", 0, INT32_MAX - COPS_LOG_LIMIT_DEFAULT, &next)))
    return rc;
  json_t *v = json_object_get(root, "subject");
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "subject: expected a subject");
  if ((rc = cops__subject_from_value(&iv->subject, ctx, v)))
    return cops__within(ctx, rc, "subject");
  v = json_object_get(root, "interrogator");
  if (!json_is_object(v))
    return cops__fail(ctx, COPS_EJSON, "interrogator: expected a sheet");
  char *sheet;
  if (cops__json_hand(&ctx->alloc, json_incref(v), 0, &sheet))
    return cops__fail(ctx, COPS_ENOMEM, "out of memory reading the save");
  rc = cops_character_from_json(&iv->cop, ctx, sheet);
  cops_free(sheet);
  if (rc)
    return cops__within(ctx, rc, "interrogator");
  if ((rc = cops__character_state_from(ctx, json_object_get(root, "interrogator_state"),
                                       "interrogator_state", iv->cop)))
    return rc;
  v = json_object_get(root, "evaluated");
  if (!json_is_boolean(v))
    return cops__fail(ctx, COPS_EJSON, "evaluated: true or false");
  iv->evaluated = json_is_true(v);
  if ((rc = bits_from(ctx, json_object_get(root, "known"), "known", cops__trait_of_key,
                      COPS_TRAIT_COUNT, &iv->known)))
    return rc;
  /* A save of 0.16 kept the subject's state (C4.7) beside the subject: it becomes the
   * subject's. A save keeps it in one place only. */
  json_t *old_barred = json_object_get(root, "barred"), *old_up = json_object_get(root,
                                                                                 "resistance_up");
  if (old_barred || old_up) {
    json_t *sv = json_object_get(root, "subject");
    if (json_object_get(sv, "barred") || json_object_get(sv, "resistance_up"))
      return cops__fail(ctx, COPS_EJSON, "%s: the subject's state is in subject.barred and "
                        "subject.resistance_up, not here too", old_barred ? "barred"
                                                                          : "resistance_up");
    unsigned barred = 0;
    int up = 0;
    if ((old_barred && (rc = bits_from(ctx, old_barred, "barred", method_bit, 3, &barred))) ||
        (old_up && (rc = cops__json_int(ctx, old_up, "resistance_up", 0, COPS__IV_UP_MAX, &up))))
      return rc;
    cops__subject_set_state(iv->subject, barred, up);
  }
  if (iv->known && !iv->evaluated)
    return cops__fail(ctx, COPS_EJSON, "known: traits known before any evaluation (C4.1)");
  json_t *learnt = json_object_get(root, "learnt");
  const int nfacts = cops_subject_fact_count(iv->subject);
  if (!json_is_array(learnt) || json_array_size(learnt) > (size_t)nfacts)
    return cops__fail(ctx, COPS_EJSON, "learnt: expected at most %d facts", nfacts);
  size_t i;
  json_array_foreach(learnt, i, v) {
    char where[32];
    snprintf(where, sizeof where, "learnt[%zu]", i);
    int k;
    if ((rc = cops__json_int(ctx, v, where, 0, nfacts - 1, &k)))
      return rc;
    if (iv->learnt & 1u << k)
      return cops__fail(ctx, COPS_EJSON, "%s: fact %d twice", where, k);
    iv->learnt |= 1u << k;
  }
  if ((rc = cops__random_from(ctx, json_object_get(root, "random"), rng)))
    return rc;
  cops__log_continue(iv->log, next, 0);
  return COPS_OK;
}

int cops_interview_resume(cops_interview **out, cops_ctx *ctx, const char *json)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, json, "interview save", &root);
  if (rc)
    return rc;
  cops_interview *iv;
  if ((rc = cops__interview_alloc(&iv, ctx))) {
    json_decref(root);
    return rc;
  }
  COPS__ENTER(ctx);
  iv->owned = 1;
  struct cops__rng_state rng;
  rc = resume(iv, root, &rng);
  json_decref(root);
  if (rc) {
    cops_interview_free(iv);
    return rc;
  }
  /* All read: now the context's seeded stream goes where the save was (all or nothing). */
  if (rng.source == COPS_SOURCE_SEEDED)
    cops__rng_import(ctx, rng.key, rng.block, rng.pos);
  *out = iv;
  return COPS_OK;
}

COPS__FILE_READER(cops_interview_resume_file, cops_interview, cops_interview_resume)
