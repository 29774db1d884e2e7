/* Thread safety (docs/api.md): separate contexts are independent. Four threads,
 * each with a context of its own, run seeded street shootouts at once; each log
 * must equal the log of the same seed run alone. The test command also runs it
 * under ThreadSanitizer. */
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

static Suite *threads_suite(void)
{
  Suite *s = suite_create("threads");
  TCase *tc = tcase_create("contexts");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_threads_with_a_context_each_give_the_single_threaded_logs);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(threads_suite)
