/* Helpers shared by the Check suites: scripted dice and a main(). */
#ifndef COPS_TESTUTIL_H
#define COPS_TESTUTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cops/cops.h>

/* Scripted dice: the callback source returns these faces in order, and 0
 * (an error for the library) once they run out. */
typedef struct script {
  int faces[1024];
  int n, next;
  int last_sides;
} script;

static inline int script_die(void *user, int sides)
{
  script *s = user;
  s->last_sides = sides;
  return s->next < s->n ? s->faces[s->next++] : 0;
}

/* A context whose dice are the given faces. */
static inline cops_ctx *scripted_ctx(script *s, const int *faces, int n)
{
  cops_ctx *ctx = NULL;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  memset(s, 0, sizeof *s);
  ck_assert_int_le(n, 1024);
  memcpy(s->faces, faces, (size_t)n * sizeof *faces);
  s->n = n;
  ck_assert_int_eq(cops_ctx_use_callback(ctx, script_die, s), COPS_OK);
  return ctx;
}

/* Give a scripted source new faces, from the first. */
static inline void script_faces(script *s, int n, const int *faces)
{
  ck_assert_int_le(n, 1024);
  memcpy(s->faces, faces, (size_t)n * sizeof *faces);
  s->n = n;
  s->next = 0;
}

#define SCRIPT_FACES(s, ...)                                               \
  script_faces((s), (int)(sizeof((const int[]){__VA_ARGS__}) / sizeof(int)), \
               (const int[]){__VA_ARGS__})

#define SCRIPT(s, ...)                                                     \
  scripted_ctx((s), (const int[]){__VA_ARGS__},                            \
               (int)(sizeof((const int[]){__VA_ARGS__}) / sizeof(int)))

/* A call and the code it must give, with the message of the suite's context `ctx` when it
 * does not (the suites of documented errors). */
#define EXPECT(call, code)                                                            \
  do {                                                                                \
    const int rc_ = (call);                                                           \
    ck_assert_msg(rc_ == (code), "%s gave %d, expected %s: %s", #call, rc_, #code,     \
                  cops_ctx_errmsg(ctx));                                              \
  } while (0)

/* A context whose random source fails at its first die (the script's own, no face). */
static inline cops_ctx *dead_ctx_of(script *s)
{
  cops_ctx *c = NULL;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  memset(s, 0, sizeof *s);
  ck_assert_int_eq(cops_ctx_use_callback(c, script_die, s), COPS_OK);
  return c;
}

/* Every die of a roll: faces, success flags, re-roll parents. */
static inline void expect_dice(const cops_roll *r, int n, const int *faces, const int *succ,
                               const int *parent)
{
  ck_assert_int_eq(cops_roll_count(r), n);
  for (int i = 0; i < n; i++) {
    int f, s, p;
    ck_assert_int_eq(cops_roll_die(r, i, &f, &s, &p), COPS_OK);
    ck_assert_msg(f == faces[i], "die %d: face %d, expected %d", i, f, faces[i]);
    if (succ)
      ck_assert_msg(s == succ[i], "die %d: success %d, expected %d", i, s, succ[i]);
    if (parent)
      ck_assert_msg(p == parent[i], "die %d: reroll_of %d, expected %d", i, p, parent[i]);
  }
}

/* The size of a long loop: @p full, or a tenth of it when COPS_TEST_QUICK is
 * set (the valgrind run, which checks memory, not statistics). */
/* A fighter of the attack tests: named, four characteristics, at full hit points. */
static inline cops_character *fighter(cops_ctx *ctx, const char *name, int carrure,
                                      int coordination, int reflexes, int sang_froid)
{
  cops_character *c;
  ck_assert_int_eq(cops_character_new(&c, ctx), COPS_OK);
  ck_assert_int_eq(cops_character_set_name(c, name), COPS_OK);
  cops_character_set_characteristic(c, COPS_CARRURE, carrure);
  cops_character_set_characteristic(c, COPS_COORDINATION, coordination);
  cops_character_set_characteristic(c, COPS_REFLEXES, reflexes);
  cops_character_set_characteristic(c, COPS_SANG_FROID, sang_froid);
  cops_character_set_hp(c, cops_character_max_hp(c));
  return c;
}

#ifdef SCENARIOS_DIR
/* examples/scenarios/NAME.json read in c (the suite stops on a refusal, its message shown). */
static inline cops_scenario *test_scenario(cops_ctx *c, const char *name)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s.json", SCENARIOS_DIR, name);
  cops_scenario *s = NULL;
  ck_assert_msg(cops_scenario_load(&s, c, path) == COPS_OK, "%s: %s", path, cops_ctx_errmsg(c));
  return s;
}
#endif

static inline long test_size(long full)
{
  return getenv("COPS_TEST_QUICK") ? full / 10 : full;
}

#define TEST_MAIN(make_suite)                                              \
  int main(void)                                                           \
  {                                                                        \
    SRunner *sr = srunner_create(make_suite());                            \
    srunner_run_all(sr, CK_NORMAL);                                        \
    int failed = srunner_ntests_failed(sr);                                \
    srunner_free(sr);                                                      \
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;                           \
  }

#endif
