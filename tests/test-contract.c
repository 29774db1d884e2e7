/* The embedding contract (docs/api.md): all-or-nothing procedures under a
 * random callback that fails at every die and an allocator that fails at
 * every allocation; a random callback that calls back into its context;
 * messages about the most recent call; queries whose values are not codes. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include <jansson.h>

#include "testutil.h"

#define STREET SCENARIOS_DIR "/street-shootout.json"

/* ---- a random source the test controls: faces from a seeded stream, a cursor
 * the test may put back, and a failure at the k-th call ---------------------- */
typedef struct source {
  int faces[2][8192];   /* a d10 and a d6 for each position */
  int pos;              /* the next position */
  long calls, fail_at;  /* the call that fails (0-based), -1 none */
} source;

static int source_die(void *user, int sides)
{
  source *s = user;
  if (s->calls++ == s->fail_at)
    return 0;                          /* the caller's source fails: COPS_ERNG */
  if (s->pos >= 8192)
    return 0;
  const int f = s->faces[sides == 6][s->pos++];
  return f;
}

static void source_init(source *s)
{
  cops_ctx *seeded;
  ck_assert_int_eq(cops_ctx_new(&seeded), COPS_OK);
  cops_ctx_seed(seeded, 77);
  for (int i = 0; i < 8192; i++) {
    ck_assert_int_eq(cops_ctx_die(seeded, 10, &s->faces[0][i]), COPS_OK);
    ck_assert_int_eq(cops_ctx_die(seeded, 6, &s->faces[1][i]), COPS_OK);
  }
  cops_ctx_free(seeded);
  s->pos = 0;
  s->calls = 0;
  s->fail_at = -1;
}

/* Everything a round can change, as text: every combatant's hit points,
 * conditions, rounds loaded, position and ability, the round, and the log. */
static char *state_of(cops_encounter *e)
{
  static char buf[1 << 18];
  size_t n = 0;
  const int count = cops_encounter_count(e);
  n += (size_t)snprintf(buf + n, sizeof buf - n, "round %d over %d\n", cops_encounter_round(e),
                        cops_encounter_over(e));
  for (int i = 0; i < count; i++) {
    cops_character *ch = cops_encounter_character(e, i);
    int hp, x, y, loaded = -1, can = 0, d = 0, r = 0;
    cops_character_hp(ch, &hp);
    cops_encounter_position(e, i, &x, &y);
    cops_encounter_able(e, i, &can);
    cops_character_recovery(ch, &d, &r);
    cops_weapon *w = cops_encounter_weapon(e, i);
    if (w)
      cops_weapon_get(w, COPS_WEAPON_LOADED, &loaded);
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%d: hp %d cond %d rec %d/%d loaded %d at "
                          "(%d,%d) able %d present %d\n", i, hp,
                          cops_character_conditions(ch), d, r, loaded, x, y, can,
                          cops_encounter_present(e, i));
  }
  char *log;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &log), COPS_OK);
  n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", log);
  cops_free(log);
  ck_assert_uint_lt(n, sizeof buf - 1);
  return strdup(buf);
}

/* Run the scenario round by round; a round that fails must change nothing,
 * and its retry goes on as if it had not failed. Returns the final log. */
static char *run_with_retries(cops_scenario *sc, source *src, int *failures)
{
  cops_encounter *e = cops_scenario_encounter(sc);
  while (!cops_encounter_over(e)) {
    char *before = state_of(e);
    const int pos = src->pos;
    int rc = cops_encounter_run_round(e);
    if (rc) {
      ck_assert_int_eq(rc, COPS_ERNG);
      char *after = state_of(e);
      ck_assert_str_eq(after, before);           /* nothing half-applied */
      free(after);
      src->pos = pos;                            /* the dice the failed call drew were not used */
      (*failures)++;
      ck_assert_int_eq(cops_encounter_run_round(e), COPS_OK);
    }
    free(before);
  }
  char *log;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &log), COPS_OK);
  char *copy = strdup(log);
  cops_free(log);
  return copy;
}

/* A callback that fails at its k-th die, for every k of a whole fight. */
START_TEST(test_a_failing_callback_at_every_die_of_a_fight_changes_nothing)
{
  static source src;
  source_init(&src);
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_use_callback(ctx, source_die, &src), COPS_OK);
  cops_scenario *sc;
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
  int failures = 0;
  char *reference = run_with_retries(sc, &src, &failures);
  ck_assert_int_eq(failures, 0);
  const long dice = src.calls;
  ck_assert_int_gt(dice, 50);
  for (long k = 0; k < dice; k++) {
    ck_assert_int_eq(cops_scenario_reset(sc), COPS_OK);
    src.pos = 0;
    src.calls = 0;
    src.fail_at = k;
    failures = 0;
    char *log = run_with_retries(sc, &src, &failures);
    ck_assert_int_eq(failures, 1);
    ck_assert_str_eq(log, reference);            /* the retry gives the uninterrupted fight */
    free(log);
  }
  free(reference);
  cops_scenario_free(sc);
  cops_ctx_free(ctx);
}
END_TEST

/* ---- an allocator that fails at the n-th allocation -------------------------- */
typedef struct budget {
  long count, fail_at;   /* -1: never */
  long live;
} budget;
static budget mem;

static void *b_alloc(void *user, size_t n)
{
  budget *b = user;
  if (b->count++ == b->fail_at)
    return NULL;
  b->live++;
  return malloc(n);
}
static void *b_realloc(void *user, void *p, size_t n)
{
  budget *b = user;
  if (b->count++ == b->fail_at)
    return NULL;
  return realloc(p, n);
}
static void b_free(void *user, void *p)
{
  budget *b = user;
  b->live--;
  free(p);
}
/* jansson's allocator is process-wide: the test points it at the same budget. */
static void *j_alloc(size_t n)
{
  return b_alloc(&mem, n);
}
static void j_free(void *p)
{
  if (p)
    b_free(&mem, p);
}

static cops_ctx *budget_ctx(void)
{
  const cops_allocator a = {sizeof a, b_alloc, b_realloc, b_free, &mem};
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new_with_allocator(&ctx, &a), COPS_OK);
  json_set_alloc_funcs(j_alloc, j_free);
  return ctx;
}

/* Fail the n-th allocation of fn for every n until fn succeeds: each failure is
 * an error with a message, and nothing is left allocated. */
typedef int (*step_fn)(cops_ctx *ctx, void *arg);
static void sweep(const char *what, cops_ctx *ctx, step_fn fn, void *arg, void (*undo)(void *))
{
  for (long n = 0;; n++) {
    const long live = mem.live;
    mem.count = 0;
    mem.fail_at = n;
    const int rc = fn(ctx, arg);
    mem.fail_at = -1;
    if (rc == COPS_OK) {
      ck_assert_msg(mem.count <= n, "%s: succeeded past failed allocation %ld", what, n);
      if (undo)
        undo(arg);
      return;
    }
    /* COPS_ENOMEM, or COPS_EJSON where jansson's reader reports its own shortage of
     * memory as a syntax error (docs/api.md). */
    ck_assert_msg(rc == COPS_ENOMEM || rc == COPS_EJSON, "%s: allocation %ld failed with %s (%s)",
                  what, n, cops_strerror(rc), cops_ctx_errmsg(ctx));
    ck_assert_msg(strcmp(cops_ctx_errmsg(ctx), "no error") != 0, "%s: no message", what);
    ck_assert_msg(mem.live == live, "%s: allocation %ld failed and %ld blocks stayed", what, n,
                  mem.live - live);
  }
}

static int load_sheet(cops_ctx *ctx, void *arg)
{
  cops_character **out = arg;
  return cops_character_load(out, ctx, SHEETS_DIR "/mike.json");
}
static void free_sheet(void *arg)
{
  cops_character_free(*(cops_character **)arg);
}
static char *text_out;
static void free_text(void *arg)
{
  (void)arg;
  cops_free(text_out);
}
static int sheet_json(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_character_to_json(arg, &text_out);
}
static int log_jsonl(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_log_to_jsonl(arg, 0, &text_out);
}
static int log_narration(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_log_narrate(arg, 0, COPS_LANG_FR, &text_out);
}

START_TEST(test_a_failing_allocator_reading_and_writing)
{
  mem.fail_at = -1;
  cops_ctx *ctx = budget_ctx();
  cops_character *ch;
  sweep("cops_character_load", ctx, load_sheet, &ch, free_sheet);
  cops_scenario *sc;
  ck_assert_int_eq(cops_character_load(&ch, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  sweep("cops_character_to_json", ctx, sheet_json, ch, free_text);
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
  cops_ctx_seed(ctx, 2030);
  ck_assert_int_eq(cops_scenario_run(sc), COPS_OK);
  cops_log *log = cops_encounter_log(cops_scenario_encounter(sc));
  sweep("cops_log_to_jsonl", ctx, log_jsonl, log, free_text);
  sweep("cops_log_narrate", ctx, log_narration, log, free_text);
  cops_scenario_free(sc);
  cops_character_free(ch);
  cops_ctx_free(ctx);
  json_set_alloc_funcs(malloc, free);
  ck_assert_int_eq(mem.live, 0);
}
END_TEST

/* A fight whose allocations fail one after another: each failed run changes
 * nothing (its log, characters and the seeded source), and the retry gives the
 * fight of a run that never failed, byte for byte. */
START_TEST(test_a_failing_allocator_over_a_fight_changes_nothing)
{
  mem.fail_at = -1;
  cops_ctx *ctx = budget_ctx();
  cops_scenario *sc;
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
  cops_encounter *e = cops_scenario_encounter(sc);
  cops_ctx_seed(ctx, 2030);
  ck_assert_int_eq(cops_scenario_run(sc), COPS_OK);
  char *reference = state_of(e);
  cops_scenario_free(sc);
  int failed = 0;
  for (long n = 0;; n++) {
    /* A fresh scenario each time: a warm one allocates nothing more. */
    ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
    e = cops_scenario_encounter(sc);
    cops_ctx_seed(ctx, 2030);
    char *before = state_of(e);
    mem.count = 0;
    mem.fail_at = n;
    const int rc = cops_scenario_run(sc);
    mem.fail_at = -1;
    if (rc == COPS_OK) {
      free(before);
      break;
    }
    failed++;
    ck_assert_str_ne(cops_ctx_errmsg(ctx), "no error");
    ck_assert_int_eq(rc, COPS_ENOMEM);
    char *after = state_of(e);
    ck_assert_str_eq(after, before);
    free(after);
    free(before);
    ck_assert_int_eq(cops_scenario_run(sc), COPS_OK);   /* the seeded source was put back */
    char *retried = state_of(e);
    ck_assert_str_eq(retried, reference);
    free(retried);
    cops_scenario_free(sc);
  }
  ck_assert_int_gt(failed, 0);
  free(reference);
  cops_scenario_free(sc);
  cops_ctx_free(ctx);
  json_set_alloc_funcs(malloc, free);
  ck_assert_int_eq(mem.live, 0);
}
END_TEST

/* ---- re-entry -------------------------------------------------------------------- */
typedef struct reentry {
  cops_ctx *ctx;
  cops_roll *roll;
  int mode, calls, inner_rc;
} reentry;

static int reentrant_die(void *user, int sides)
{
  reentry *r = user;
  if (r->calls++ == 1) {
    switch (r->mode) {
    case 0:   /* roll into the roll being filled, on the same context */
      r->inner_rc = cops_roll_pool(r->roll, r->ctx, 3, 5, 1, 0);
      break;
    case 1:   /* free the context */
      cops_ctx_free(r->ctx);
      break;
    case 2:   /* free the roll being filled */
      cops_roll_free(r->roll);
      break;
    default:  /* re-seed the context */
      r->inner_rc = cops_ctx_seed(r->ctx, 1);
      break;
    }
  }
  return sides;   /* a 10 or a 6 */
}

START_TEST(test_a_callback_calling_back_is_refused)
{
  for (int mode = 0; mode < 4; mode++) {
    reentry r = {0};
    r.mode = mode;
    r.inner_rc = 12345;
    ck_assert_int_eq(cops_ctx_new(&r.ctx), COPS_OK);
    ck_assert_int_eq(cops_roll_new(&r.roll), COPS_OK);
    ck_assert_int_eq(cops_ctx_use_callback(r.ctx, reentrant_die, &r), COPS_OK);
    ck_assert_int_eq(cops_roll_pool(r.roll, r.ctx, 4, 5, 1, 0), COPS_ESTATE);
    ck_assert_int_eq(cops_roll_kind(r.roll), COPS_ROLL_NONE);
    if (mode == 0 || mode == 3)
      ck_assert_int_eq(r.inner_rc, COPS_ESTATE);
    ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(r.ctx), "callback"));
    /* The context and the roll are still there, and work once the callback is well-behaved. */
    r.mode = 99;
    r.calls = 5;
    ck_assert_int_eq(cops_roll_pool(r.roll, r.ctx, 2, 5, 1, 0), COPS_OK);
    ck_assert_str_eq(cops_ctx_errmsg(r.ctx), "no error");
    cops_roll_free(r.roll);
    cops_ctx_free(r.ctx);
  }
}
END_TEST

/* ---- messages and queries ------------------------------------------------------------ */
START_TEST(test_a_message_is_about_the_last_call)
{
  cops_ctx *ctx;
  cops_roll *roll;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&roll), COPS_OK);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "no error");
  ck_assert_int_eq(cops_roll_notation(roll, ctx, "4+/3 (", 0), COPS_ESYNTAX);
  ck_assert_str_ne(cops_ctx_errmsg(ctx), "no error");
  ck_assert_int_eq(cops_roll_notation(roll, ctx, "4+/3 (2)", 0), COPS_OK);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "no error");
  ck_assert_int_eq(cops_ctx_set_reroll_cap(ctx, -1), COPS_ERANGE);
  ck_assert_int_eq(cops_roll_pool(roll, ctx, 3, 5, 1, 0), COPS_OK);   /* the fast path too */
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "no error");
  cops_roll_free(roll);
  cops_ctx_free(ctx);
}
END_TEST

START_TEST(test_queries_never_answer_a_code_as_a_value)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_scenario *sc;
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
  cops_encounter *e = cops_scenario_encounter(sc);
  int can = 7, side = 7;
  ck_assert_int_eq(cops_encounter_able(e, 99, &can), COPS_ERANGE);
  ck_assert_int_eq(can, 7);
  ck_assert_int_eq(cops_encounter_able(e, -1, &can), COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_able(e, 0, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_able(e, 0, &can), COPS_OK);
  ck_assert_int_eq(can, 1);
  ck_assert_int_eq(cops_encounter_get_winner(e, &side), COPS_ESTATE);
  ck_assert_int_eq(side, 7);
  ck_assert_int_eq(cops_encounter_get_winner(e, NULL), COPS_EINVAL);
  cops_encounter_set_max_rounds(e, 1);
  cops_ctx_seed(ctx, 2030);
  ck_assert_int_eq(cops_scenario_run(sc), COPS_OK);
  ck_assert_int_eq(cops_encounter_get_winner(e, &side), COPS_OK);
  ck_assert_int_eq(side, COPS_NO_WINNER);
  cops_scenario_free(sc);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *contract_suite(void)
{
  Suite *s = suite_create("contract");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, test_a_failing_callback_at_every_die_of_a_fight_changes_nothing);
  tcase_add_test(tc, test_a_failing_allocator_reading_and_writing);
  tcase_add_test(tc, test_a_failing_allocator_over_a_fight_changes_nothing);
  tcase_add_test(tc, test_a_callback_calling_back_is_refused);
  tcase_add_test(tc, test_a_message_is_about_the_last_call);
  tcase_add_test(tc, test_queries_never_answer_a_code_as_a_value);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(contract_suite)
