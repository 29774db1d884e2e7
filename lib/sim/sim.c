/* The simulator of game masters (docs/simulation.md): a scenario's fights run by index,
 * each seeded from the study's seed and its index, and their summary — merged, written
 * and read (schemas/sim.schema.json). Any split of the indexes gives the same figures:
 * the counts are integers, added in any order. */
#include <stdio.h>
#include <string.h>

#include <cops/sim.h>

#include "sim/sim-private.h"
#include "base/jsonutil.h"

#include "sim/sim-private.h"

int cops_sim_new(cops_sim **out, cops_ctx *ctx, const cops_scenario *sc, int seeded,
                 uint64_t seed)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!sc || (seeded != 0 && seeded != 1))
    return cops__fail(ctx, COPS_EINVAL, "a summary needs a scenario, and seeded 0 or 1");
  cops_sim *s = cops__calloc(&ctx->alloc, sizeof *s);
  if (!s)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a summary");
  s->ctx = ctx;
  s->seeded = seeded;
  s->seed = seeded ? seed : 0;
  s->first_stop = -1;
  s->lengths_known = 1;
  snprintf(s->name, sizeof s->name, "%s", cops_scenario_name(sc));
  s->nsides = cops_scenario_side_count(sc);
  for (int k = 0; k < s->nsides; k++)
    snprintf(s->sides[k], sizeof s->sides[k], "%s", cops_scenario_side_name(sc, k));
  const cops_encounter *e = cops_scenario_encounter((cops_scenario *)sc);
  s->ruleset = cops_encounter_ruleset(e);
  s->n = cops_encounter_count(e);
  for (int i = 0; i < s->n; i++) {
    snprintf(s->who[i], sizeof s->who[i], "%s",
             cops_character_name(cops_encounter_character(e, i)));
    s->side_of[i] = cops_encounter_side(e, i);
    s->policy[i] = cops_encounter_policy(e, i);
  }
  *out = s;
  return COPS_OK;
}

void cops_sim_free(cops_sim *s)
{
  if (!s || cops__refused(s->ctx))
    return;
  cops__free(&s->ctx->alloc, s);
}

long long cops_sim_fights(const cops_sim *s)
{
  return s ? s->fights : COPS_EINVAL;
}

long long cops_sim_stopped(const cops_sim *s)
{
  return s ? s->stopped : COPS_EINVAL;
}

long long cops_sim_wins(const cops_sim *s, int side)
{
  if (!s || side < COPS_NO_WINNER || side >= s->nsides)
    return COPS_EINVAL;
  return side == COPS_NO_WINNER ? s->undecided : s->wins[side];
}

int cops__sim_same_scenario(const cops_sim *a, const cops_sim *b)
{
  if (strcmp(a->name, b->name) || a->nsides != b->nsides || a->n != b->n)
    return 0;
  for (int k = 0; k < a->nsides; k++)
    if (strcmp(a->sides[k], b->sides[k]))
      return 0;
  for (int i = 0; i < a->n; i++)
    if (strcmp(a->who[i], b->who[i]) || a->side_of[i] != b->side_of[i] ||
        a->policy[i] != b->policy[i])
      return 0;
  return 1;
}

/* The same study: the same scenario under the same ruleset. */
static int same_study(const cops_sim *a, const cops_sim *b)
{
  return a->ruleset == b->ruleset && cops__sim_same_scenario(a, b);
}

int cops_sim_ruleset(const cops_sim *s)
{
  return s ? s->ruleset : COPS_EINVAL;
}

/* Add [from, to) to the ranges of s, kept sorted and joined; 0, or a code when it
 * overlaps or there would be too many. */
static int add_range(cops_sim *s, long long from, long long to)
{
  int k = 0;
  while (k < s->nr && s->r[k].to <= from)
    k++;
  if (k < s->nr && s->r[k].from < to)
    return FAIL(s, COPS_ERANGE, "fights %lld..%lld overlap the summary's %lld..%lld", from,
                to - 1, s->r[k].from, s->r[k].to - 1);
  const int join_left = k > 0 && s->r[k - 1].to == from;
  const int join_right = k < s->nr && s->r[k].from == to;
  if (join_left && join_right) {
    s->r[k - 1].to = s->r[k].to;
    memmove(&s->r[k], &s->r[k + 1], (size_t)(s->nr - k - 1) * sizeof s->r[0]);
    s->nr--;
  } else if (join_left) {
    s->r[k - 1].to = to;
  } else if (join_right) {
    s->r[k].from = from;
  } else {
    if (s->nr == COPS_SIM_RANGES_MAX)
      return FAIL(s, COPS_ERANGE, "more than %d separate ranges of fights", COPS_SIM_RANGES_MAX);
    memmove(&s->r[k + 1], &s->r[k], (size_t)(s->nr - k) * sizeof s->r[0]);
    s->r[k] = (struct range){from, to};
    s->nr++;
  }
  return COPS_OK;
}

static long long counted(const cops_sim *s)
{
  long long n = 0;
  for (int k = 0; k < s->nr; k++)
    n += s->r[k].to - s->r[k].from;
  return n;
}

/* The counts of b added to a (ranges apart). */
static void add_counts(cops_sim *a, const cops_sim *b)
{
  a->fights += b->fights;
  a->stopped += b->stopped;
  a->undecided += b->undecided;
  a->rounds += b->rounds;
  a->rounds2 += b->rounds2;
  a->lengths_known &= b->lengths_known;
  for (int r = 0; a->lengths_known && r < LENGTHS; r++)
    a->length[r] += b->length[r];
  for (int k = 0; k < a->nsides; k++)
    a->wins[k] += b->wins[k];
  for (int i = 0; i < a->n; i++) {
    a->down[i] += b->down[i];
    a->dead[i] += b->dead[i];
  }
  if (b->first_stop >= 0 && (a->first_stop < 0 || b->first_stop < a->first_stop)) {
    a->first_stop = b->first_stop;
    memcpy(a->why, b->why, sizeof a->why);
  }
}

int cops_sim_merge(cops_sim *s, const cops_sim *other)
{
  if (!s || !other)
    return s ? FAIL(s, COPS_EINVAL, "NULL summary") : COPS_EINVAL;
  COPS__ENTER(s->ctx);
  if (s == other)
    return FAIL(s, COPS_ERANGE, "a summary merged with itself counts its fights twice");
  if (!same_study(s, other))
    return FAIL(s, COPS_EINVAL, "the summaries are of other scenarios ('%s', '%s'), of "
                "other sides, combatants or policies, or of other rulesets", s->name, other->name);
  if (s->seeded != other->seeded || s->seed != other->seed)
    return FAIL(s, COPS_EINVAL, "the summaries have other seeds: fight i of one is not "
                "fight i of the other");
  if (counted(s) + counted(other) > COPS_SIM_RUNS_MAX)
    return FAIL(s, COPS_ERANGE, "more than %lld fights", COPS_SIM_RUNS_MAX);
  const int nr = s->nr;
  struct range keep[COPS_SIM_RANGES_MAX];
  memcpy(keep, s->r, sizeof keep);
  for (int k = 0; k < other->nr; k++) {
    const int rc = add_range(s, other->r[k].from, other->r[k].to);
    if (rc) {
      memcpy(s->r, keep, sizeof keep);
      s->nr = nr;
      return rc;
    }
  }
  add_counts(s, other);
  return COPS_OK;
}

/* Fight i's dice: the key of the study's seed, then i, little-endian. */
static void seed_fight(const cops_sim *s, cops_ctx *ctx, long long i)
{
  unsigned char key[COPS_SEED_BYTES] = {0};
  for (int b = 0; b < 8; b++) {
    key[b] = (unsigned char)(s->seed >> (8 * b));
    key[8 + b] = (unsigned char)((unsigned long long)i >> (8 * b));
  }
  cops_ctx_seed_bytes(ctx, key, sizeof key);
}

int cops_sim_run(cops_sim *s, cops_scenario *sc, long long from, long long runs)
{
  if (!s)
    return COPS_EINVAL;
  COPS__ENTER(s->ctx);
  if (!sc)
    return FAIL(s, COPS_EINVAL, "NULL scenario");
  if (from < 0 || runs < 1 || runs > COPS_SIM_RUNS_MAX || from > COPS_SIM_RUNS_MAX - runs ||
      counted(s) + runs > COPS_SIM_RUNS_MAX)
    return FAIL(s, COPS_ERANGE, "fights %lld and %lld from %lld: 1.. fights from 0, %lld at "
                "most", runs, runs, from, COPS_SIM_RUNS_MAX);
  cops_sim *t;   /* the fights of this call, added to s at the end (all or nothing) */
  int rc = cops_sim_new(&t, s->ctx, sc, s->seeded, s->seed);
  if (rc)
    return rc;
  if (!same_study(s, t)) {
    const int theirs = t->ruleset;
    cops_sim_free(t);
    return FAIL(s, COPS_EINVAL, "scenario '%s' under the %s rules is not the summary's '%s' "
                "under the %s rules (its name, sides, combatants, policies or ruleset)",
                cops_scenario_name(sc), cops_ruleset_name(theirs), s->name,
                cops_ruleset_name(s->ruleset));
  }
  cops_ctx *ctx = cops__scenario_ctx(sc);
  cops_encounter *e = cops_scenario_encounter(sc);
  const int logging = cops__encounter_logging(e);
  cops_encounter_set_logging(e, 0);
  for (long long i = from; i < from + runs; i++) {
    if ((rc = cops_scenario_reset(sc)))
      break;
    if (s->seeded)
      seed_fight(s, ctx, i);
    if ((rc = cops_scenario_run(sc))) {
      if (rc != COPS_ERULE && rc != COPS_EINVAL && rc != COPS_ESTATE)
        break;
      if (!t->stopped++) {   /* the lowest index of this call */
        t->first_stop = i;
        snprintf(t->why, sizeof t->why, "%s", cops_ctx_errmsg(ctx));
      }
      rc = COPS_OK;
      continue;
    }
    int w = COPS_NO_WINNER, can = 0;
    cops_encounter_get_winner(e, &w);
    if (w == COPS_NO_WINNER)
      t->undecided++;
    else
      t->wins[w]++;
    const long long nr = cops_encounter_round(e);
    t->fights++;
    t->rounds += nr;
    t->rounds2 += nr * nr;
    t->length[nr < LENGTHS ? nr : LENGTHS - 1]++;
    for (int k = 0; k < t->n; k++) {
      const int h = cops_character_health(cops_encounter_character(e, k));
      t->down[k] += h >= COPS_UNCONSCIOUS || cops_encounter_able(e, k, &can) || !can;
      t->dead[k] += h >= COPS_DEAD;
    }
  }
  char why[sizeof ctx->errmsg];
  snprintf(why, sizeof why, "%s", rc ? cops_ctx_errmsg(ctx) : "");
  cops_encounter_set_logging(e, logging);   /* which clears the context's message */
  if (rc)   /* the fight's message, on the summary's context */
    rc = cops__fail(s->ctx, rc, "%s", why);
  else if (!(rc = add_range(s, from, from + runs)))
    add_counts(s, t);
  cops_sim_free(t);
  return rc;
}

/* ---- JSON ------------------------------------------------------------------------ */

static void put(json_t *o, const char *k, json_t *v, int *bad)
{
  *bad |= !v || json_object_set_new(o, k, v);
}

int cops_sim_to_json(const cops_sim *s, char **out)
{
  if (!s || !out)
    return COPS_EINVAL;
  *out = NULL;
  COPS__ENTER(s->ctx);
  int bad = 0;
  json_t *root = json_pack("{s:i,s:s,s:s,s:s}", "schema", 1, "type", "sim", "rules",
                           cops_ruleset_name(s->ruleset), "scenario", s->name);
  char seed[24];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->seed);
  put(root, "seed", s->seeded ? json_string(seed) : json_null(), &bad);
  json_t *ranges = json_array();
  for (int k = 0; k < s->nr; k++)
    bad |= json_array_append_new(ranges, json_pack("[I,I]", (json_int_t)s->r[k].from,
                                                   (json_int_t)s->r[k].to));
  put(root, "runs", ranges, &bad);
  put(root, "fights", json_integer(s->fights), &bad);
  put(root, "stopped", json_integer(s->stopped), &bad);
  put(root, "first_stopped", s->first_stop < 0 ? json_null()
                             : json_pack("{s:I,s:s}", "run", (json_int_t)s->first_stop,
                                         "reason", s->why), &bad);
  json_t *sides = json_array();
  for (int k = 0; k < s->nsides; k++)
    bad |= json_array_append_new(sides, json_pack("{s:s,s:I}", "name", s->sides[k], "wins",
                                                  (json_int_t)s->wins[k]));
  put(root, "sides", sides, &bad);
  put(root, "undecided", json_integer(s->undecided), &bad);
  put(root, "rounds", json_integer(s->rounds), &bad);
  put(root, "rounds_squared", json_integer(s->rounds2), &bad);
  if (s->lengths_known) {   /* since 0.17: how many fights lasted each number of rounds */
    json_t *lengths = json_array();
    for (int r = 0; r < LENGTHS; r++)
      if (s->length[r])
        bad |= json_array_append_new(lengths, json_pack("[i,I]", r, (json_int_t)s->length[r]));
    put(root, "lengths", lengths, &bad);
  }
  json_t *who = json_array();
  for (int i = 0; i < s->n; i++) {
    json_t *c = json_pack("{s:s,s:i,s:I,s:I}", "name", s->who[i], "side", s->side_of[i], "down",
                          (json_int_t)s->down[i], "dead", (json_int_t)s->dead[i]);
    if (c && s->policy[i] != COPS_POLICY_SIMPLE)   /* absent: simple (0.16's summaries) */
      put(c, "policy", json_string(cops_policy_name(s->policy[i])), &bad);
    bad |= !c || json_array_append_new(who, c);
  }
  put(root, "combatants", who, &bad);
  return cops__sheet_out(s->ctx, root, bad, out) ? FAIL(s, COPS_ENOMEM, "out of memory for "
                                                        "the summary")
                                                 : COPS_OK;
}

/* A count 0..max at o[key]. */
static int count_at(cops_ctx *ctx, json_t *o, const char *key, const char *where, long long max,
                    long long *out)
{
  json_t *v = json_object_get(o, key);
  if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > max)
    return cops__fail(ctx, COPS_EJSON, "%s%s%s: expected a count 0..%lld", where,
                      *where ? "." : "", key, max);
  *out = json_integer_value(v);
  return COPS_OK;
}

/* Text at o[key], at most size - 1 bytes of clean UTF-8 (empty only when empty_ok). */
static int text_at(cops_ctx *ctx, json_t *o, const char *key, const char *where, char *buf,
                   size_t size, int empty_ok)
{
  const char *t = json_string_value(json_object_get(o, key));
  char field[96];
  snprintf(field, sizeof field, "%s%s%s", where, *where ? "." : "", key);
  if (!t)
    return cops__fail(ctx, COPS_EJSON, "%s: expected a string", field);
  if (!*t && !empty_ok)
    return cops__fail(ctx, COPS_EJSON, "%s: empty", field);
  if (strlen(t) > size - 1 || !cops__clean_text(t))
    return cops__fail(ctx, COPS_EJSON, "%s: clean UTF-8 text of at most %zu bytes expected",
                      field, size - 1);
  snprintf(buf, size, "%s", t);
  return COPS_OK;
}

/* The fights by the rounds they lasted (since 0.17; absent: not known), which add up to the
 * fights, the rounds and their squares. */
static int lengths_from(cops_sim *s, json_t *v)
{
  s->lengths_known = v != NULL;
  if (!v)
    return COPS_OK;
  if (!json_is_array(v) || json_array_size(v) > LENGTHS)
    return cops__fail(s->ctx, COPS_EJSON, "lengths: expected at most %d [rounds, fights]",
                      LENGTHS);
  size_t k;
  json_t *e;
  long long fights = 0, rounds = 0, rounds2 = 0;
  int last = -1;
  json_array_foreach(v, k, e) {
    json_t *r = json_array_get(e, 0), *n = json_array_get(e, 1);
    if (!json_is_array(e) || json_array_size(e) != 2 || !json_is_integer(r) ||
        !json_is_integer(n) || json_integer_value(r) <= last ||
        json_integer_value(r) >= LENGTHS || json_integer_value(n) < 1 ||
        json_integer_value(n) > COPS_SIM_RUNS_MAX)
      return cops__fail(s->ctx, COPS_EJSON, "lengths[%zu]: expected [rounds, fights], rounds "
                        "increasing 0..%d, fights 1..%lld", k, LENGTHS - 1, COPS_SIM_RUNS_MAX);
    last = (int)json_integer_value(r);
    s->length[last] = json_integer_value(n);
    fights += s->length[last];
    rounds += last * s->length[last];
    rounds2 += (long long)last * last * s->length[last];
  }
  if (fights != s->fights || rounds != s->rounds || rounds2 != s->rounds2)
    return cops__fail(s->ctx, COPS_EJSON, "lengths: %lld fights of %lld rounds (squared %lld), "
                      "not the summary's %lld, %lld, %lld", fights, rounds, rounds2, s->fights,
                      s->rounds, s->rounds2);
  return COPS_OK;
}

static int parse(cops_sim *s, json_t *root)
{
  static const char *const keys[] = {"schema", "type", "rules", "scenario", "seed", "runs",
                                     "fights", "stopped", "first_stopped", "sides",
                                     "undecided", "rounds", "rounds_squared", "combatants",
                                     "lengths", NULL};
  cops_ctx *ctx = s->ctx;
  const long long max = COPS_SIM_RUNS_MAX;
  int rc = cops__json_head(ctx, root, "summary", "sim", keys, 1);
  if (rc)
    return rc;
  json_t *v;
  const char *rules = json_string_value(json_object_get(root, "rules"));
  if (!rules || cops_ruleset_parse(rules, &s->ruleset))
    return cops__fail(ctx, COPS_EJSON, "rules: expected \"core\" or \"alternative\"");
  if ((rc = text_at(ctx, root, "scenario", "", s->name, sizeof s->name, 0)))
    return rc;
  v = json_object_get(root, "seed");
  if (!v)
    return cops__fail(ctx, COPS_EJSON, "seed: missing field");
  if (!json_is_null(v)) {
    const char *t = json_string_value(v);
    unsigned long long x = 0;
    int ok = t && *t >= '0' && *t <= '9' && strlen(t) <= 20;
    for (const char *p = t; ok && *p; p++) {
      const unsigned d = (unsigned)(*p - '0');
      ok = *p >= '0' && *p <= '9' && x <= (~0ULL - d) / 10;
      x = x * 10 + d;
    }
    if (!ok)
      return cops__fail(ctx, COPS_EJSON, "seed: expected a number 0..18446744073709551615 as "
                        "text, or null");
    s->seeded = 1;
    s->seed = x;
  }
  json_t *sides = json_object_get(root, "sides");
  if (!json_is_array(sides) || json_array_size(sides) < 1 ||
      json_array_size(sides) > COPS_SIDES_MAX)
    return cops__fail(ctx, COPS_EJSON, "sides: expected 1..%d sides", COPS_SIDES_MAX);
  size_t k;
  json_array_foreach(sides, k, v) {
    static const char *const skeys[] = {"name", "wins", NULL};
    char where[32];
    snprintf(where, sizeof where, "sides[%zu]", k);
    if (!json_is_object(v))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
    if ((rc = cops__json_only_keys(ctx, v, where, skeys)) ||
        (rc = text_at(ctx, v, "name", where, s->sides[k], sizeof s->sides[k], 0)) ||
        (rc = count_at(ctx, v, "wins", where, max, &s->wins[k])))
      return rc;
    s->nsides++;
  }
  json_t *who = json_object_get(root, "combatants");
  if (!json_is_array(who) || json_array_size(who) < 1 ||
      json_array_size(who) > COPS_COMBATANTS_MAX)
    return cops__fail(ctx, COPS_EJSON, "combatants: expected 1..%d combatants",
                      COPS_COMBATANTS_MAX);
  json_array_foreach(who, k, v) {
    static const char *const ckeys[] = {"name", "side", "down", "dead", "policy", NULL};
    char where[32];
    snprintf(where, sizeof where, "combatants[%zu]", k);
    char field[48];
    snprintf(field, sizeof field, "%s.side", where);
    if (!json_is_object(v))
      return cops__fail(ctx, COPS_EJSON, "%s: expected an object", where);
    if ((rc = cops__json_only_keys(ctx, v, where, ckeys)) ||
        (rc = text_at(ctx, v, "name", where, s->who[k], sizeof s->who[k], 1)) ||
        (rc = cops__json_int(ctx, json_object_get(v, "side"), field, 0, s->nsides - 1,
                             &s->side_of[k])) ||
        (rc = count_at(ctx, v, "down", where, max, &s->down[k])) ||
        (rc = count_at(ctx, v, "dead", where, max, &s->dead[k])))
      return rc;
    json_t *pv = json_object_get(v, "policy");
    s->policy[k] = COPS_POLICY_SIMPLE;
    if (pv)
      s->policy[k] = json_is_string(pv) ? cops_policy_parse(json_string_value(pv)) : -1;
    if (s->policy[k] < 0)
      return cops__fail(ctx, COPS_EJSON, "%s.policy: \"simple\" or \"tactical\"", where);
    s->n++;
  }
  json_t *runs = json_object_get(root, "runs");
  if (!json_is_array(runs) || json_array_size(runs) > COPS_SIM_RANGES_MAX)
    return cops__fail(ctx, COPS_EJSON, "runs: expected at most %d ranges [from, to)",
                      COPS_SIM_RANGES_MAX);
  json_array_foreach(runs, k, v) {
    json_t *a = json_array_get(v, 0), *b = json_array_get(v, 1);
    if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_integer(a) ||
        !json_is_integer(b) || json_integer_value(a) < 0 ||
        json_integer_value(b) <= json_integer_value(a) || json_integer_value(b) > max)
      return cops__fail(ctx, COPS_EJSON, "runs[%zu]: expected [from, to), 0 <= from < to <= "
                        "%lld", k, max);
    if (add_range(s, json_integer_value(a), json_integer_value(b)))
      return cops__fail(ctx, COPS_EJSON, "runs[%zu]: it overlaps another range", k);
  }
  if (counted(s) > max)
    return cops__fail(ctx, COPS_EJSON, "runs: more than %lld fights", max);
  if ((rc = count_at(ctx, root, "fights", "", max, &s->fights)) ||
      (rc = count_at(ctx, root, "stopped", "", max, &s->stopped)) ||
      (rc = count_at(ctx, root, "undecided", "", max, &s->undecided)) ||
      (rc = count_at(ctx, root, "rounds", "", max * 10000, &s->rounds)) ||
      (rc = count_at(ctx, root, "rounds_squared", "", 0x7fffffffffffffffLL, &s->rounds2)))
    return rc;
  /* The counts agree with each other. */
  long long won = s->undecided;
  for (int j = 0; j < s->nsides; j++)
    won += s->wins[j];
  if (s->fights + s->stopped != counted(s))
    return cops__fail(ctx, COPS_EJSON, "fights: %lld fights and %lld stopped, not the %lld of "
                      "runs", s->fights, s->stopped, counted(s));
  if (won != s->fights)
    return cops__fail(ctx, COPS_EJSON, "sides: %lld wins and undecided, not the %lld fights",
                      won, s->fights);
  for (int i = 0; i < s->n; i++)
    if (s->down[i] > s->fights || s->dead[i] > s->down[i])
      return cops__fail(ctx, COPS_EJSON, "combatants[%d]: down %lld, dead %lld of %lld fights",
                        i, s->down[i], s->dead[i], s->fights);
  if (s->rounds > s->fights * 10000 || s->rounds2 < s->rounds ||
      (s->fights && s->rounds2 / 10000 > s->rounds))
    return cops__fail(ctx, COPS_EJSON, "rounds: %lld rounds (squared %lld) of %lld fights",
                      s->rounds, s->rounds2, s->fights);
  if ((rc = lengths_from(s, json_object_get(root, "lengths"))))
    return rc;
  v = json_object_get(root, "first_stopped");
  if (!v)
    return cops__fail(ctx, COPS_EJSON, "first_stopped: missing field");
  if (json_is_null(v) != (s->stopped == 0))
    return cops__fail(ctx, COPS_EJSON, "first_stopped: null exactly when none stopped");
  if (!json_is_null(v)) {
    static const char *const fkeys[] = {"run", "reason", NULL};
    const char *why = json_string_value(json_object_get(v, "reason"));
    json_t *run = json_object_get(v, "run");
    if (!json_is_object(v) || (rc = cops__json_only_keys(ctx, v, "first_stopped", fkeys)))
      return json_is_object(v) ? rc : cops__fail(ctx, COPS_EJSON, "first_stopped: expected "
                                                 "an object or null");
    int inside = 0;
    for (int j = 0; json_is_integer(run) && j < s->nr; j++)
      inside |= json_integer_value(run) >= s->r[j].from && json_integer_value(run) < s->r[j].to;
    if (!why || strlen(why) > REASON_MAX || !cops__clean_text(why) || !inside)
      return cops__fail(ctx, COPS_EJSON, "first_stopped: a run of the ranges and its reason");
    s->first_stop = json_integer_value(run);
    snprintf(s->why, sizeof s->why, "%s", why);
  }
  return COPS_OK;
}

int cops_sim_from_json(cops_sim **out, cops_ctx *ctx, const char *json)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  json_t *root;
  int rc = cops__json_begin(ctx, json, "summary", &root);
  if (rc)
    return rc;
  COPS__ENTER(ctx);
  cops_sim *s = cops__calloc(&ctx->alloc, sizeof *s);
  if (!s) {
    json_decref(root);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a summary");
  }
  s->ctx = ctx;
  s->first_stop = -1;
  rc = parse(s, root);
  json_decref(root);
  if (rc) {
    cops_sim_free(s);
    return rc;
  }
  *out = s;
  return COPS_OK;
}

COPS__FILE_READER(cops_sim_load, cops_sim, cops_sim_from_json)
