/* Thread safety (docs/api.md): separate contexts are independent. Four threads,
 * each with a context of its own, run seeded street shootouts at once; each log
 * must equal the log of the same seed run alone; a simulator's study split across four
 * threads is the study run alone. The test command also runs it under ThreadSanitizer. */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdio.h>

#include "testutil.h"

#define THREADS 4
#define FIGHTS 3

struct job {
  uint64_t seed;
  char *log[FIGHTS];
  int rc;
};

/* FIGHTS fights from one seed, each log kept. */
static int fights(struct job *j)
{
  cops_ctx *ctx;
  cops_scenario *sc;
  if (cops_ctx_new(&ctx))
    return -1;
  int rc = cops_scenario_load(&sc, ctx, SCENARIOS_DIR "/street-shootout.json");
  for (int f = 0; !rc && f < FIGHTS; f++) {
    cops_encounter *e = cops_scenario_encounter(sc);
    cops_scenario_reset(sc);
    cops_encounter_seed(e, j->seed + (uint64_t)f);
    char *text;
    if (!(rc = cops_scenario_run(sc)) && !(rc = cops_log_to_jsonl(cops_encounter_log(e), 0,
                                                                 &text))) {
      j->log[f] = strdup(text);
      cops_free(text);
    }
  }
  if (!rc)
    cops_scenario_free(sc);
  cops_ctx_free(ctx);
  return rc;
}

static void *run(void *arg)
{
  struct job *j = arg;
  j->rc = fights(j);
  return NULL;
}

START_TEST(test_threads_with_a_context_each_give_the_single_threaded_logs)
{
  struct job alone[THREADS], together[THREADS];
  memset(alone, 0, sizeof alone);
  memset(together, 0, sizeof together);
  for (int t = 0; t < THREADS; t++) {
    alone[t].seed = together[t].seed = 100 + 10 * (uint64_t)t;
    ck_assert_int_eq(fights(&alone[t]), COPS_OK);
  }
  pthread_t th[THREADS];
  for (int t = 0; t < THREADS; t++)
    ck_assert_int_eq(pthread_create(&th[t], NULL, run, &together[t]), 0);
  for (int t = 0; t < THREADS; t++)
    ck_assert_int_eq(pthread_join(th[t], NULL), 0);
  for (int t = 0; t < THREADS; t++) {
    ck_assert_int_eq(together[t].rc, COPS_OK);
    for (int f = 0; f < FIGHTS; f++) {
      ck_assert_ptr_nonnull(together[t].log[f]);
      ck_assert_str_eq(together[t].log[f], alone[t].log[f]);
      free(together[t].log[f]);
      free(alone[t].log[f]);
    }
  }
}
END_TEST

/* The simulator's way (docs/simulation.md): threads, a context, scenario and summary each,
 * over blocks of one seeded study, merged in the main thread; the same summary as one
 * thread's, under ThreadSanitizer too. */
struct block {
  long long from, runs;
  cops_ctx *ctx;
  cops_sim *sim;
  int rc;
};

static void *run_block(void *arg)
{
  struct block *b = arg;
  cops_scenario *sc = NULL;
  b->rc = cops_ctx_new(&b->ctx);
  if (!b->rc)
    b->rc = cops_scenario_load(&sc, b->ctx, SCENARIOS_DIR "/street-shootout.json");
  if (!b->rc)
    b->rc = cops_sim_new(&b->sim, b->ctx, sc, 1, 77);
  if (!b->rc)
    b->rc = cops_sim_run(b->sim, sc, b->from, b->runs);
  cops_scenario_free(sc);
  return NULL;
}

START_TEST(test_a_study_split_across_threads_is_the_study)
{
  cops_ctx *ctx;
  cops_scenario *sc;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, SCENARIOS_DIR "/street-shootout.json"), COPS_OK);
  cops_sim *alone, *all;
  ck_assert_int_eq(cops_sim_new(&alone, ctx, sc, 1, 77), COPS_OK);
  ck_assert_int_eq(cops_sim_run(alone, sc, 0, 80), COPS_OK);
  ck_assert_int_eq(cops_sim_new(&all, ctx, sc, 1, 77), COPS_OK);
  struct block b[THREADS];
  pthread_t th[THREADS];
  memset(b, 0, sizeof b);
  for (int t = 0; t < THREADS; t++) {
    b[t].from = 20 * t;
    b[t].runs = 20;
    ck_assert_int_eq(pthread_create(&th[t], NULL, run_block, &b[t]), 0);
  }
  for (int t = 0; t < THREADS; t++)
    ck_assert_int_eq(pthread_join(th[t], NULL), 0);
  for (int t = THREADS - 1; t >= 0; t--) {   /* merged in another order than run */
    ck_assert_int_eq(b[t].rc, COPS_OK);
    ck_assert_int_eq(cops_sim_merge(all, b[t].sim), COPS_OK);
    cops_sim_free(b[t].sim);
    cops_ctx_free(b[t].ctx);
  }
  char *want, *got;
  ck_assert_int_eq(cops_sim_to_json(alone, &want), COPS_OK);
  ck_assert_int_eq(cops_sim_to_json(all, &got), COPS_OK);
  ck_assert_str_eq(got, want);
  cops_free(want);
  cops_free(got);
  cops_sim_free(all);
  cops_sim_free(alone);
  cops_scenario_free(sc);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *threads_suite(void)
{
  Suite *s = suite_create("threads");
  TCase *tc = tcase_create("contexts");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_threads_with_a_context_each_give_the_single_threaded_logs);
  tcase_add_test(tc, test_a_study_split_across_threads_is_the_study);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(threads_suite)
