/* The embedding contract (docs/api.md): all-or-nothing procedures under a
 * random callback that fails at every die and an allocator that fails at
 * every allocation; a random callback that calls back into its context;
 * messages about the most recent call; queries whose values are not codes. */
#define _DEFAULT_SOURCE
#include <stdio.h>

#include <jansson.h>

#include "testutil.h"

#define STREET SCENARIOS_DIR "/street-shootout.json"

/* Every die and every allocation; under valgrind (COPS_TEST_QUICK) every
 * few, spread over the whole fight. */
static long stride(long quick)
{
  return getenv("COPS_TEST_QUICK") ? quick : 1;
}

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
 * conditions, rounds loaded, position and ability, the round, and (with_log)
 * the log's JSON Lines, else its length. */
static char *state_of_(cops_encounter *e, int with_log)
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
    int clock, period, next;
    unsigned made;
    cops_character_time(ch, &clock);
    cops_character_bleeding(ch, &period, &next, &made);
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%d: hp %d cond %d rec %d/%d loaded %d at "
                          "(%d,%d) able %d present %d clock %d bleeding %d/%d/%u recent %d\n",
                          i, hp, cops_character_conditions(ch), d, r, loaded, x, y, can,
                          cops_encounter_present(e, i), clock, period, next, made,
                          cops_character_lost_recently(ch));
  }
  if (with_log) {
    char *log;
    ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &log), COPS_OK);
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", log);
    cops_free(log);
  } else {
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%d events\n",
                          cops_log_count(cops_encounter_log(e)));
  }
  ck_assert_uint_lt(n, sizeof buf - 1);
  return strdup(buf);
}

static char *state_of(cops_encounter *e)
{
  return state_of_(e, 1);
}

/* The first n lines of a text. */
static size_t lines_prefix(const char *text, int n)
{
  const char *p = text;
  for (int i = 0; i < n && *p; i++)
    p = strchr(p, '\n') + 1;
  return (size_t)(p - text);
}

/* Run the scenario round by round; a round that fails must change nothing,
 * and its retry goes on as if it had not failed. Returns the final log. The
 * log before a round is the reference fight's first lines (NULL: the
 * reference run itself), so only its length is kept before each round. */
static char *run_with_retries(cops_scenario *sc, source *src, int *failures,
                              const char *reference)
{
  cops_encounter *e = cops_scenario_encounter(sc);
  while (!cops_encounter_over(e)) {
    char *before = state_of_(e, 0);
    const int events = cops_log_count(cops_encounter_log(e));
    const int pos = src->pos;
    int rc = cops_encounter_run_round(e);
    if (rc) {
      ck_assert_int_eq(rc, COPS_ERNG);
      ck_assert_ptr_nonnull(reference);
      char *after = state_of_(e, 0);
      ck_assert_str_eq(after, before);           /* nothing half-applied */
      free(after);
      char *log;
      ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &log), COPS_OK);
      const size_t len = lines_prefix(reference, events);
      ck_assert_uint_eq(strlen(log), len);
      ck_assert_int_eq(memcmp(log, reference, len), 0);   /* the log as it was */
      cops_free(log);
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
  /* Under each ruleset (the loop's _i: the core rules, then the alternative rules). */
  ck_assert_int_eq(cops_encounter_set_ruleset(cops_scenario_encounter(sc), _i), COPS_OK);
  int failures = 0;
  char *reference = run_with_retries(sc, &src, &failures, NULL);
  ck_assert_int_eq(failures, 0);
  const long dice = src.calls;
  ck_assert_int_gt(dice, 50);
  for (long k = 0; k < dice; k += stride(13)) {
    ck_assert_int_eq(cops_scenario_reset(sc), COPS_OK);
    src.pos = 0;
    src.calls = 0;
    src.fail_at = k;
    failures = 0;
    char *log = run_with_retries(sc, &src, &failures, reference);
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
  int json;              /* jansson's allocations count too */
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
  if (!mem.json) {
    mem.live++;
    return malloc(n);
  }
  return b_alloc(&mem, n);
}
static void j_free(void *p)
{
  if (p)
    b_free(&mem, p);
}

static cops_ctx *budget_ctx(void)
{
  mem.json = 1;
  const cops_allocator a = {sizeof a, b_alloc, b_realloc, b_free, &mem};
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new_with_allocator(&ctx, &a), COPS_OK);
  json_set_alloc_funcs(j_alloc, j_free);
  return ctx;
}

/* Fail the n-th allocation of fn for every n until fn succeeds: each failure is
 * an error with a message, and nothing is left allocated. */
typedef int (*step_fn)(cops_ctx *ctx, void *arg);
static void sweep(const char *what, cops_ctx *ctx, step_fn fn, void *arg, void (*undo)(void *),
                  long step, int json)
{
  mem.json = json;
  for (long n = 0;; n += step) {
    const long live = mem.live;
    mem.count = 0;
    mem.fail_at = n;
    const int rc = fn(ctx, arg);
    mem.fail_at = -1;
    if (rc == COPS_OK) {
      ck_assert_msg(mem.count <= n, "%s: succeeded past failed allocation %ld", what, n);
      if (undo)
        undo(arg);
      if (getenv("COPS_TEST_VERBOSE"))
        fprintf(stderr, "%s: %ld allocations\n", what, mem.count);
      mem.json = 1;
      return;
    }
    ck_assert_msg(rc == COPS_ENOMEM, "%s: allocation %ld failed with %s (%s)", what, n,
                  cops_strerror(rc), cops_ctx_errmsg(ctx));
    /* A function with a context says why (a roll has none: its code says it). */
    ck_assert_msg(!ctx || strcmp(cops_ctx_errmsg(ctx), "no error") != 0, "%s: no message", what);
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
static int save_encounter(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_encounter_save(arg, &text_out);
}

static int load_scenario(cops_ctx *ctx, void *arg)
{
  cops_scenario **out = arg;
  return cops_scenario_load(out, ctx, STREET);
}
static void free_scenario(void *arg)
{
  cops_scenario_free(*(cops_scenario **)arg);
}
static int sheet_json(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_character_to_json(arg, &text_out);
}
static int weapon_json(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_weapon_to_json(arg, &text_out);
}
static int armour_json(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_armour_to_json(arg, &text_out);
}
static int roll_json(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_roll_to_json(arg, &text_out);
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
  cops_scenario *sc;
  /* Readers: the library's own allocations. jansson's reader may truncate a string or
   * abort when its own allocations fail (docs/api.md): not the library's to sweep. */
  sweep("cops_character_load", ctx, load_sheet, &ch, free_sheet, 1, 0);
  sweep("cops_scenario_load", ctx, load_scenario, &sc, free_scenario, 1, 0);
  ck_assert_int_eq(cops_character_load(&ch, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  /* Writers: the library's and jansson's allocations. */
  sweep("cops_character_to_json", ctx, sheet_json, ch, free_text, 1, 1);
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
  cops_ctx_seed(ctx, 2030);
  ck_assert_int_eq(cops_scenario_run(sc), COPS_OK);
  cops_log *log = cops_encounter_log(cops_scenario_encounter(sc));
  /* A whole fight's log: every kind of line; its thousands of allocations every few. */
  sweep("cops_log_to_jsonl", ctx, log_jsonl, log, free_text, stride(997) * 7, 1);
  sweep("cops_log_narrate", ctx, log_narration, log, free_text, 1, 1);
  cops_scenario_free(sc);
  /* A shot's log, every allocation. */
  cops_character *joe;
  cops_weapon *w;
  cops_log *shot;
  cops_outcome *o;
  ck_assert_int_eq(cops_character_load(&joe, ctx, SHEETS_DIR "/joe.json"), COPS_OK);
  ck_assert_int_eq(cops_weapon_load(&w, ctx, WEAPONS_DIR "/vulcan-051.json"), COPS_OK);
  ck_assert_int_eq(cops_log_new(&shot, ctx), COPS_OK);
  ck_assert_int_eq(cops_outcome_new_in(&o, ctx), COPS_OK);
  cops_situation s;
  cops_situation_init(&s, COPS_ATTACK_SINGLE);
  s.attacker = ch;
  s.target = joe;
  s.weapon = w;
  s.distance = 3;
  ck_assert_int_eq(cops_attack(o, &s, shot), COPS_OK);
  sweep("cops_log_to_jsonl (a shot)", ctx, log_jsonl, shot, free_text, 1, 1);
  sweep("cops_log_narrate (a shot)", ctx, log_narration, shot, free_text, 1, 1);
  sweep("cops_weapon_to_json", ctx, weapon_json, w, free_text, 1, 1);
  cops_armour *vest;
  cops_roll *roll;
  ck_assert_int_eq(cops_armour_load(&vest, ctx, ARMOUR_DIR "/gilet-pare-balles.json"), COPS_OK);
  sweep("cops_armour_to_json", ctx, armour_json, vest, free_text, 1, 1);
  ck_assert_int_eq(cops_roll_new_in(&roll, ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_notation(roll, ctx, "4+/6 (2)", 0), COPS_OK);
  sweep("cops_roll_to_json", NULL, roll_json, roll, free_text, 1, 1);
  cops_roll_free(roll);
  cops_armour_free(vest);
  cops_outcome_free(o);
  cops_log_free(shot);
  cops_weapon_free(w);
  cops_character_free(joe);
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
  mem.json = 1;
  cops_scenario *sc;
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
  cops_encounter *e = cops_scenario_encounter(sc);
  ck_assert_int_eq(cops_encounter_set_ruleset(e, _i), COPS_OK);   /* each ruleset in turn */
  cops_ctx_seed(ctx, 2030);
  ck_assert_int_eq(cops_scenario_run(sc), COPS_OK);
  char *reference = state_of(e);
  /* Its save: every allocation, the library's and jansson's (no text read back). */
  sweep("cops_encounter_save", ctx, save_encounter, e, free_text, 1, 1);
  cops_scenario_free(sc);
  int failed = 0;
  for (long n = 0;; n += stride(7)) {
    /* A fresh scenario each time: a warm one allocates nothing more. */
    ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
    e = cops_scenario_encounter(sc);
    ck_assert_int_eq(cops_encounter_set_ruleset(e, _i), COPS_OK);
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

/* The aftermath of a fight (docs/healing.md) whose allocations fail one after another:
 * each failure leaves the combatants, their clocks and wounds, the log and the seeded
 * source as they were; the retry gives the aftermath that never failed. */
START_TEST(test_a_failing_allocator_over_an_aftermath_changes_nothing)
{
  mem.fail_at = -1;
  cops_ctx *ctx = budget_ctx();
  mem.json = 1;
  cops_scenario *sc;
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
  cops_encounter *e = cops_scenario_encounter(sc);
  cops_ctx_seed(ctx, 2030);
  ck_assert_int_eq(cops_scenario_run(sc), COPS_OK);
  ck_assert_int_eq(cops_encounter_aftermath(e, 1, 600), COPS_OK);
  char *reference = state_of(e);
  cops_scenario_free(sc);
  int failed = 0;
  for (long n = 0;; n++) {
    ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
    e = cops_scenario_encounter(sc);
    cops_ctx_seed(ctx, 2030);
    ck_assert_int_eq(cops_scenario_run(sc), COPS_OK);
    char *before = state_of(e);
    mem.count = 0;
    mem.fail_at = n;
    const int rc = cops_encounter_aftermath(e, 1, 600);
    mem.fail_at = -1;
    if (rc == COPS_OK) {
      free(before);
      break;
    }
    failed++;
    ck_assert_int_eq(rc, COPS_ENOMEM);
    ck_assert_str_ne(cops_ctx_errmsg(ctx), "no error");
    ck_assert_int_eq(cops_encounter_aftermath_done(e), 0);
    char *after = state_of(e);
    ck_assert_str_eq(after, before);
    free(after);
    free(before);
    ck_assert_int_eq(cops_encounter_aftermath(e, 1, 600), COPS_OK);
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

/* A chase (docs/chases.md) whose round, with its passengers' shots, has its allocations fail
 * one after another: each failure leaves the dice, the states, the log and the seeded
 * source as they were (the save text and the log say it all); the retry gives the round
 * that never failed. Resuming a
 * saved chase fails cleanly at every allocation of the library too. */
static char *chase_state(cops_chase *c)
{
  char *save, *log;
  ck_assert_int_eq(cops_chase_save(c, &save), COPS_OK);
  ck_assert_int_eq(cops_log_to_jsonl(cops_chase_log(c), 0, &log), COPS_OK);
  const size_t n = strlen(save) + strlen(log) + 1;
  char *both = malloc(n);
  snprintf(both, n, "%s%s", save, log);
  cops_free(save);
  cops_free(log);
  return both;
}

static int save_chase(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_chase_save(arg, &text_out);
}

static char *chase_text;
static int resume_chase(cops_ctx *ctx, void *arg)
{
  return cops_chase_resume((cops_chase **)arg, ctx, chase_text);
}
static void free_chase(void *arg)
{
  cops_chase_free(*(cops_chase **)arg);
  *(cops_chase **)arg = NULL;
}

START_TEST(test_a_failing_allocator_over_a_chase_changes_nothing)
{
  mem.fail_at = -1;
  cops_ctx *ctx = budget_ctx();
  mem.json = 1;
  const char *path = SCENARIOS_DIR "/harbor-freeway-pursuit.json";   /* passengers shoot */
  cops_chase *c;
  ck_assert_int_eq(cops_chase_load(&c, ctx, path), COPS_OK);
  cops_ctx_seed(ctx, 2030);
  cops_chase_set_max_rounds(c, 1);
  ck_assert_int_eq(cops_chase_run(c), COPS_OK);
  char *reference = chase_state(c);
  cops_chase_free(c);
  int failed = 0;
  for (long n = 0;; n++) {
    ck_assert_int_eq(cops_chase_load(&c, ctx, path), COPS_OK);
    cops_ctx_seed(ctx, 2030);
    cops_chase_set_max_rounds(c, 1);
    char *before = chase_state(c);
    mem.count = 0;
    mem.fail_at = n;
    const int rc = cops_chase_run(c);   /* the first round, a cold log */
    mem.fail_at = -1;
    if (rc == COPS_OK) {
      free(before);
      break;
    }
    failed++;
    ck_assert_int_eq(rc, COPS_ENOMEM);
    ck_assert_str_ne(cops_ctx_errmsg(ctx), "no error");
    char *after = chase_state(c);
    ck_assert_str_eq(after, before);
    free(after);
    free(before);
    ck_assert_int_eq(cops_chase_run(c), COPS_OK);
    char *retried = chase_state(c);
    ck_assert_str_eq(retried, reference);
    free(retried);
    cops_chase_free(c);
  }
  ck_assert_int_gt(failed, 0);
  /* Saving (passengers, weapons, states): every allocation, the library's and jansson's. */
  sweep("cops_chase_save", ctx, save_chase, c, free_text, 1, 1);
  /* Resuming: every allocation of the library (jansson's reader cannot tell a failed
   * allocation from bad text, as for the other readers above). */
  ck_assert_int_eq(cops_chase_save(c, &chase_text), COPS_OK);
  cops_chase *again = NULL;
  sweep("cops_chase_resume", ctx, resume_chase, &again, free_chase, 1, 0);
  cops_free(chase_text);
  free(reference);
  cops_chase_free(c);
  cops_ctx_free(ctx);
  json_set_alloc_funcs(malloc, free);
  ck_assert_int_eq(mem.live, 0);
}
END_TEST

/* An interview (docs/interrogations.md) whose evaluation and interrogation rolls have their
 * allocations fail one after another (a cold log each time): each failure leaves the
 * interview, its log and the seeded dice as they were; the retry gives the interview that
 * never failed. Its save and its resumption fail cleanly at every allocation too. */
static char *interview_state(cops_interview *iv)
{
  char *save, *log;
  ck_assert_int_eq(cops_interview_save(iv, &save), COPS_OK);
  ck_assert_int_eq(cops_log_to_jsonl(cops_interview_log(iv), 0, &log), COPS_OK);
  const size_t n = strlen(save) + strlen(log) + 1;
  char *both = malloc(n);
  ck_assert_ptr_nonnull(both);
  snprintf(both, n, "%s%s", save, log);
  cops_free(save);
  cops_free(log);
  return both;
}

/* Step k of the interview: the evaluation, then Intimidation, Rhétorique and Éloquence
 * (the last with Ancienneté), all Froid. */
static int interview_step(cops_interview *iv, int k)
{
  if (k == 0)
    return cops_interview_evaluate(iv, NULL, NULL);
  static const int methods[] = {COPS_INTIMIDATION, COPS_RHETORIQUE, COPS_ELOQUENCE};
  cops_approach a;
  cops_approach_init(&a, methods[k - 1], COPS_IV_FROID);
  a.anciennete = k == 3;
  return cops_interview_ask(iv, &a, NULL);
}

static int save_interview(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_interview_save(arg, &text_out);
}
static char *interview_text;
static int resume_interview(cops_ctx *ctx, void *arg)
{
  return cops_interview_resume((cops_interview **)arg, ctx, interview_text);
}
static void free_interview(void *arg)
{
  cops_interview_free(*(cops_interview **)arg);
  *(cops_interview **)arg = NULL;
}

START_TEST(test_a_failing_allocator_over_an_interview_changes_nothing)
{
  mem.fail_at = -1;
  cops_ctx *ctx = budget_ctx();
  mem.json = 1;
  cops_subject *s;
  ck_assert_int_eq(cops_subject_load(&s, ctx, SCENARIOS_DIR "/../subjects/hardened-gang-member.json"),
                   COPS_OK);
  const char *sheet = SCENARIOS_DIR "/../sheets/mike.json";
  cops_character *cop;
  cops_interview *iv;
  char *reference = NULL;
  int failed = 0;
  for (long n = -1;; n++) {   /* n = -1: the reference, nothing failing */
    ck_assert_int_eq(cops_character_load(&cop, ctx, sheet), COPS_OK);
    /* The subject keeps what it has been through (C4.7): reset for each run. */
    static const int methods[] = {COPS_INTIMIDATION, COPS_ELOQUENCE, COPS_RHETORIQUE};
    for (int m = 0; m < 3; m++)
      ck_assert_int_eq(cops_subject_set_barred(s, methods[m], 0), COPS_OK);
    ck_assert_int_eq(cops_subject_set_resistance_up(s, 0), COPS_OK);
    cops_ctx_seed(ctx, 2030);
    ck_assert_int_eq(cops_interview_new(&iv, ctx, s, cop), COPS_OK);   /* a cold log */
    int any = 0;
    for (int k = 0; k < 4; k++) {
      char *before = interview_state(iv);
      mem.count = 0;
      mem.fail_at = n;
      const int rc = interview_step(iv, k);
      mem.fail_at = -1;
      if (rc) {
        any = 1;
        ck_assert_int_eq(rc, COPS_ENOMEM);
        ck_assert_str_ne(cops_ctx_errmsg(ctx), "no error");
        char *after = interview_state(iv);
        ck_assert_str_eq(after, before);
        free(after);
        ck_assert_int_eq(interview_step(iv, k), COPS_OK);   /* the retry */
      }
      free(before);
    }
    char *state = interview_state(iv);
    if (!reference)
      reference = state;
    else {
      ck_assert_str_eq(state, reference);   /* as if nothing had ever failed */
      free(state);
    }
    failed += any;
    if (n >= 0 && !any)
      break;
    cops_interview_free(iv);
    cops_character_free(cop);
  }
  ck_assert_int_gt(failed, 0);
  /* Saving: every allocation, the library's and jansson's; resuming: the library's. */
  sweep("cops_interview_save", ctx, save_interview, iv, free_text, 1, 1);
  ck_assert_int_eq(cops_interview_save(iv, &interview_text), COPS_OK);
  cops_interview *again = NULL;
  sweep("cops_interview_resume", ctx, resume_interview, &again, free_interview, 1, 0);
  cops_free(interview_text);
  free(reference);
  cops_interview_free(iv);
  cops_character_free(cop);
  cops_subject_free(s);
  cops_ctx_free(ctx);
  json_set_alloc_funcs(malloc, free);
  ck_assert_int_eq(mem.live, 0);
}
END_TEST

/* The simulator's summary (docs/simulation.md): its fights fail at every allocation with
 * the summary unchanged; written and read at every allocation too. */
struct sim_step {
  cops_sim *s;
  cops_scenario *sc;
};
static int sim_fights(cops_ctx *ctx, void *arg)
{
  struct sim_step *st = arg;
  const int rc = cops_sim_run(st->s, st->sc, 0, 3);
  /* Refused, nothing counted (read without a call that would clear the message). */
  if (rc)
    ck_assert_int_eq(cops_sim_fights(st->s) + cops_sim_stopped(st->s), 0);
  (void)ctx;
  return rc;
}
static int sim_json(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_sim_to_json(arg, &text_out);
}
static char *sim_text;
static int sim_read(cops_ctx *ctx, void *arg)
{
  return cops_sim_from_json((cops_sim **)arg, ctx, sim_text);
}
static cops_sim *sim_other;
static int sim_compared(cops_ctx *ctx, void *arg)
{
  (void)ctx;
  return cops_sim_compare(arg, sim_other, &text_out);
}
static void free_sim(void *arg)
{
  cops_sim_free(*(cops_sim **)arg);
  *(cops_sim **)arg = NULL;
}

START_TEST(test_a_failing_allocator_over_a_simulation_changes_nothing)
{
  mem.fail_at = -1;
  cops_ctx *ctx = budget_ctx();
  struct sim_step st;
  ck_assert_int_eq(cops_scenario_load(&st.sc, ctx, STREET), COPS_OK);
  ck_assert_int_eq(cops_sim_new(&st.s, ctx, st.sc, 1, 3), COPS_OK);
  sweep("cops_sim_run", ctx, sim_fights, &st, NULL, 1, 0);
  ck_assert_int_eq(cops_sim_fights(st.s) + cops_sim_stopped(st.s), 3);
  sweep("cops_sim_to_json", ctx, sim_json, st.s, free_text, 1, 1);
  ck_assert_int_eq(cops_sim_to_json(st.s, &sim_text), COPS_OK);
  cops_sim *again = NULL;
  sweep("cops_sim_from_json", ctx, sim_read, &again, free_sim, 1, 0);
  /* The same fights under the alternative rules, compared at every allocation. */
  ck_assert_int_eq(cops_scenario_reset(st.sc), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_ruleset(cops_scenario_encounter(st.sc),
                                              COPS_RULES_ALTERNATIVE), COPS_OK);
  ck_assert_int_eq(cops_sim_new(&sim_other, ctx, st.sc, 1, 3), COPS_OK);
  ck_assert_int_eq(cops_sim_run(sim_other, st.sc, 0, 3), COPS_OK);
  sweep("cops_sim_compare", ctx, sim_compared, st.s, free_text, 1, 1);
  cops_sim_free(sim_other);
  cops_free(sim_text);
  cops_sim_free(st.s);
  cops_scenario_free(st.sc);
  cops_ctx_free(ctx);
  json_set_alloc_funcs(malloc, free);
  ck_assert_int_eq(mem.live, 0);
}
END_TEST

/* An attack whose allocations fail one after another (a cold log and outcome
 * each time): each failure leaves the target, the weapon, the log and the
 * seeded source as they were; the retry gives the attack that never failed. */
START_TEST(test_a_failing_allocator_over_an_attack_changes_nothing)
{
  mem.fail_at = -1;
  cops_ctx *ctx = budget_ctx();
  cops_character *mike, *joe;
  cops_weapon *w;
  cops_armour *vest;
  ck_assert_int_eq(cops_character_load(&mike, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_load(&joe, ctx, SHEETS_DIR "/sarah.json"), COPS_OK);
  ck_assert_int_eq(cops_weapon_load(&w, ctx, WEAPONS_DIR "/scorpion-131.json"), COPS_OK);
  ck_assert_int_eq(cops_armour_load(&vest, ctx, ARMOUR_DIR "/gilet-pare-balles.json"), COPS_OK);
  cops_situation s;
  cops_situation_init(&s, COPS_ATTACK_BURST);
  s.attacker = mike;
  s.target = joe;
  s.weapon = w;
  s.armour = vest;
  s.distance = 8;
  s.attitude = COPS_AGRESSIF;
  s.ruleset = _i;              /* each ruleset in turn; under A aimed at the head */
  s.aim = _i == COPS_RULES_ALTERNATIVE ? 10 : 0;
  char *reference = NULL;
  int failed = 0;
  for (long n = -1;; n++) {
    cops_log *log;
    cops_outcome *o;
    mem.fail_at = -1;
    ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
    ck_assert_int_eq(cops_outcome_new_in(&o, ctx), COPS_OK);
    const int full = cops_character_max_hp(joe);
    ck_assert_int_eq(cops_character_set_hp(joe, full), COPS_OK);
    cops_character_set_conditions(joe, COPS_COND_ALL, 0);
    cops_weapon_reload(w);
    cops_ctx_seed(ctx, 2030);
    mem.count = 0;
    mem.fail_at = n;        /* n = -1: the reference, nothing fails */
    int rc = cops_attack(o, &s, log);
    mem.fail_at = -1;
    const int rc_failed_this_time = rc != COPS_OK;
    ck_assert_msg(rc != COPS_OK || n < 0 || mem.count <= n,
                  "allocation %ld failed and the attack still succeeded", n);
    if (rc) {
      failed++;
      ck_assert_int_eq(rc, COPS_ENOMEM);
      int hp, loaded;
      cops_character_hp(joe, &hp);
      cops_weapon_get(w, COPS_WEAPON_LOADED, &loaded);
      ck_assert_msg(hp == full, "allocation %ld: hp %d (%s)", n, hp, cops_ctx_errmsg(ctx));
      ck_assert_int_eq(cops_character_conditions(joe), 0);
      int magazine;
      cops_weapon_get(w, COPS_WEAPON_MAGAZINE, &magazine);
      ck_assert_int_eq(loaded, magazine);
      ck_assert_int_eq(cops_log_count(log), 0);
      ck_assert_int_eq(cops_outcome_mode(o), COPS_ESTATE);   /* left empty */
      rc = cops_attack(o, &s, log);                          /* the source was put back */
    }
    ck_assert_int_eq(rc, COPS_OK);
    char *text;
    ck_assert_int_eq(cops_log_to_jsonl(log, 0, &text), COPS_OK);
    if (!reference)
      reference = strdup(text);
    else
      ck_assert_str_eq(text, reference);
    cops_free(text);
    cops_outcome_free(o);
    cops_log_free(log);
    if (n >= 0 && !rc_failed_this_time)
      break;   /* the n-th allocation was never reached: every one has been failed */
  }
  ck_assert_int_gt(failed, 0);
  free(reference);
  cops_armour_free(vest);
  cops_weapon_free(w);
  cops_character_free(joe);
  cops_character_free(mike);
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
  /* Characters, odds, encounters, files: the same. */
  cops_character *ch;
  ck_assert_int_eq(cops_character_new(&ch, ctx), COPS_OK);
  ck_assert_int_eq(cops_character_set_characteristic(ch, COPS_CARRURE, 9), COPS_ERANGE);
  ck_assert_str_ne(cops_ctx_errmsg(ctx), "no error");
  ck_assert_int_eq(cops_character_set_hp(ch, 5), COPS_OK);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "no error");
  cops_action a;
  double p;
  cops_action_init(&a, 3, 11, 1);
  ck_assert_int_eq(cops_odds_success(ctx, &a, &p), COPS_ERANGE);
  ck_assert_str_ne(cops_ctx_errmsg(ctx), "no error");
  cops_action_init(&a, 3, 5, 1);
  ck_assert_int_eq(cops_odds_success(ctx, &a, &p), COPS_OK);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "no error");
  cops_encounter *e;
  int id;
  ck_assert_int_eq(cops_encounter_new(&e, ctx, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, ch, 99, 0, 0, &id), COPS_ERANGE);
  ck_assert_str_ne(cops_ctx_errmsg(ctx), "no error");
  ck_assert_int_eq(cops_encounter_add(e, ch, 0, 0, 0, &id), COPS_OK);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "no error");
  cops_weapon *w;
  ck_assert_int_eq(cops_weapon_load(&w, ctx, "/nowhere.json"), COPS_EIO);
  ck_assert_str_ne(cops_ctx_errmsg(ctx), "no error");
  ck_assert_int_eq(cops_weapon_load(&w, ctx, WEAPONS_DIR "/vulcan-051.json"), COPS_OK);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "no error");
  cops_weapon_free(w);
  cops_encounter_free(e);
  cops_character_free(ch);
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

/* Names from strangers: no control character (a newline forged narration
 * lines), no invalid UTF-8, never cut (a cut mid-character made invalid UTF-8). */
START_TEST(test_names_are_clean_and_never_cut)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_weapon *w = NULL;
  cops_armour *a = NULL;
  ck_assert_int_eq(cops_weapon_new(&w, ctx, COPS_HANDGUN, "Colt\nMike dies"), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "control character"));
  ck_assert_int_eq(cops_armour_new(&a, ctx, "Gilet\x1b[31m"), COPS_EINVAL);
  ck_assert_int_eq(cops_weapon_new(&w, ctx, COPS_HANDGUN, "Colt \xc3"), COPS_EINVAL);
  char long_name[300];
  memset(long_name, 'a', sizeof long_name - 1);
  long_name[sizeof long_name - 1] = '\0';
  ck_assert_int_eq(cops_weapon_new(&w, ctx, COPS_HANDGUN, long_name), COPS_ERANGE);
  static const struct {
    const char *json, *message;
    int code;
  } bad[] = {
    {"{\"schema\":1,\"name\":\"x\\ny\",\"combatants\":[]}", "control character",
     COPS_EINVAL},
    {"{\"schema\":1,\"name\":\"x\",\"combatants\":[{\"sheet\":\"" SHEETS_DIR "/mike.json\","
     "\"side\":\"a\\nb\"},{\"sheet\":\"" SHEETS_DIR "/joe.json\",\"side\":\"c\"}]}",
     "control character", COPS_EINVAL},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cops_scenario *sc = NULL;
    ck_assert_int_eq(cops_scenario_from_json(&sc, ctx, bad[i].json, NULL), bad[i].code);
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[i].message), "%s", cops_ctx_errmsg(ctx));
    ck_assert_ptr_null(sc);
  }
  /* A scenario name one byte too long is refused, not cut. */
  char json[512];
  char name[COPS_NAME_MAX + 2];
  memset(name, 'e', sizeof name - 1);
  name[sizeof name - 1] = '\0';
  snprintf(json, sizeof json, "{\"schema\":1,\"name\":\"%s\",\"combatants\":[]}", name);
  cops_scenario *sc = NULL;
  ck_assert_int_eq(cops_scenario_from_json(&sc, ctx, json, NULL), COPS_ERANGE);
  cops_ctx_free(ctx);
}
END_TEST

/* Covering fire of 100 rounds after a run of 10s: MR 86, so 87 d10 for the one
 * crossing the zone, more than a roll's 64 (issue 12: it aborted the round). */
static int tens_then_ones(void *user, int sides)
{
  int *calls = user;
  (void)sides;
  return (*calls)++ < 90 ? 10 : 1;
}

START_TEST(test_covering_fire_of_many_rounds_rolls_every_d10)
{
  cops_ctx *ctx;
  int calls = 0;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_character *mike, *joe;
  cops_weapon *w;
  ck_assert_int_eq(cops_character_load(&mike, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_load(&joe, ctx, SHEETS_DIR "/joe.json"), COPS_OK);
  ck_assert_int_eq(cops_weapon_from_json(&w, ctx, "{\"schema\":1,\"name\":\"Scorpion 131\",\"kind\":"
                                         "\"handgun\",\"magazine\":100,\"loaded\":100,"
                                         "\"ct\":1,\"vc\":3}"), COPS_OK);
  cops_outcome *cover, *cross;
  cops_log *log;
  ck_assert_int_eq(cops_outcome_new(&cover), COPS_OK);
  ck_assert_int_eq(cops_outcome_new(&cross), COPS_OK);
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_use_callback(ctx, tens_then_ones, &calls), COPS_OK);
  cops_situation s;
  cops_situation_init(&s, COPS_ATTACK_COVER);
  s.attacker = mike;
  s.weapon = w;
  ck_assert_int_eq(cops_attack(cover, &s, log), COPS_OK);
  int margin, fired;
  ck_assert_int_eq(cops_outcome_margin(cover, &margin), COPS_OK);
  cops_outcome_bullets(cover, &fired, NULL);
  ck_assert_int_eq(fired, 100);
  ck_assert_int_gt(margin + 1, COPS_DICE_MAX);
  const int before = cops_log_count(log);
  ck_assert_int_eq(cops_cover_enter(cross, cover, joe, NULL, 0, log), COPS_OK);
  int d10 = 0, events = 0;
  for (int i = before; i < cops_log_count(log); i++) {
    cops_event e;
    e.size = sizeof e;
    cops_log_event(log, i, &e);
    if (e.type == COPS_EV_ROLL && e.purpose == COPS_PURPOSE_COVER_HITS) {
      d10 += e.dice;
      events++;
    }
  }
  ck_assert_int_eq(d10, margin + 1);     /* every d10 of (MR + 1), within the bullets fired */
  ck_assert_int_eq(events, 2);           /* 64, then the rest */
  cops_log_free(log);
  cops_outcome_free(cross);
  cops_outcome_free(cover);
  cops_weapon_free(w);
  cops_character_free(joe);
  cops_character_free(mike);
  cops_ctx_free(ctx);
}
END_TEST

/* Output bounded by input: a log holds at most its limit; a round that would pass it
 * fails whole (nothing changes) and goes on once the log is cleared (issue 12). */
START_TEST(test_the_log_has_a_limit)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_scenario *sc;
  ck_assert_int_eq(cops_scenario_load(&sc, ctx, STREET), COPS_OK);
  cops_encounter *e = cops_scenario_encounter(sc);
  cops_log *log = cops_encounter_log(e);
  ck_assert_int_eq(cops_log_limit(log), COPS_LOG_LIMIT_DEFAULT);
  ck_assert_int_eq(cops_log_set_limit(log, -1), COPS_ERANGE);
  ck_assert_int_eq(cops_log_set_limit(log, 100), COPS_OK);
  cops_ctx_seed(ctx, 2030);
  int rc, failed = 0;
  while (!cops_encounter_over(e)) {
    const int before = cops_log_count(log);
    const int round = cops_encounter_round(e);
    if ((rc = cops_encounter_run_round(e))) {
      ck_assert_int_eq(rc, COPS_ERANGE);
      ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "limit of 100 events"));
      ck_assert_int_eq(cops_log_count(log), before);     /* nothing of the round */
      ck_assert_int_eq(cops_encounter_round(e), round);
      ck_assert_int_eq(cops_log_clear(log), COPS_OK);
      failed++;
      ck_assert_int_lt(failed, 100);
    }
    ck_assert_int_le(cops_log_count(log), 100);
  }
  ck_assert_int_gt(failed, 0);
  cops_scenario_free(sc);
  cops_ctx_free(ctx);
}
END_TEST

/* ---- the log's memory: names stored once ----------------------------------- */
typedef struct bytes {
  long live;
} bytes;
static void *y_alloc(void *user, size_t n)
{
  size_t *p = malloc(n + sizeof(max_align_t));
  if (!p)
    return NULL;
  *p = n;
  ((bytes *)user)->live += (long)n;
  return (char *)p + sizeof(max_align_t);
}
static void *y_realloc(void *user, void *q, size_t n)
{
  size_t *p = (size_t *)((char *)q - sizeof(max_align_t));
  const size_t old = *p;
  p = realloc(p, n + sizeof(max_align_t));
  if (!p)
    return NULL;
  *p = n;
  ((bytes *)user)->live += (long)n - (long)old;
  return (char *)p + sizeof(max_align_t);
}
static void y_free(void *user, void *q)
{
  size_t *p = (size_t *)((char *)q - sizeof(max_align_t));
  ((bytes *)user)->live -= (long)*p;
  free(p);
}

/* 64 combatants far apart with knives, each name of 4 + name_len bytes, up to
 * 10,000 rounds: the 0.6 shape of a scenario whose log outgrew its input. */
static char *far_apart(int name_len)
{
  json_t *sheet = json_load_file(SHEETS_DIR "/joe.json", 0, NULL);
  json_t *knife = json_load_file(WEAPONS_DIR "/couteau-021.json", 0, NULL);
  ck_assert(sheet && knife);
  json_t *list = json_array();
  for (int i = 0; i < 64; i++) {
    char name[COPS_NAME_MAX + 1];
    snprintf(name, sizeof name, "%03d %.*s", i, name_len,
             "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"
             "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz");
    json_t *one = json_deep_copy(sheet);
    json_object_set_new(one, "name", json_string(name));
    json_array_append_new(list, json_pack("{s:o, s:s, s:[i,i], s:[O]}", "sheet", one, "side",
                                          i % 2 ? "east" : "west", "position",
                                          i % 2 ? 90000 : -90000, i * 10, "weapons", knife));
  }
  json_t *sc = json_pack("{s:i, s:s, s:i, s:o}", "schema", 1, "name", "far apart",
                         "max_rounds", 10000, "combatants", list);
  char *text = json_dumps(sc, JSON_COMPACT);
  json_decref(sc);
  json_decref(sheet);
  json_decref(knife);
  return text;
}

/* The log's bytes for 20,000 events of the same fight with names of 4 and of 120
 * bytes: they differ by the 64 names once, not by a copy per event (0.6 kept 32
 * names and copied the others again for every event: megabytes here). */
static long log_bytes(int name_len, int *events)
{
  bytes mem_bytes = {0};
  const cops_allocator a = {sizeof a, y_alloc, y_realloc, y_free, &mem_bytes};
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new_with_allocator(&ctx, &a), COPS_OK);
  char *text = far_apart(name_len);
  cops_scenario *sc;
  ck_assert_msg(cops_scenario_from_json(&sc, ctx, text, NULL) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  free(text);
  cops_encounter *e = cops_scenario_encounter(sc);
  cops_log *log = cops_encounter_log(e);
  ck_assert_int_eq(cops_log_set_limit(log, 20000), COPS_OK);
  cops_ctx_seed(ctx, 7);
  const long before = mem_bytes.live;
  ck_assert_int_eq(cops_scenario_run(sc), COPS_ERANGE);   /* the limit, not the end */
  ck_assert_int_eq(cops_scenario_run(sc), COPS_ERANGE);
  ck_assert_int_eq(cops_log_clear(log), COPS_OK);
  int rc;
  while ((rc = cops_encounter_run_round(e)) == COPS_OK && cops_log_count(log) < 19000) {
  }
  ck_assert_int_eq(rc, COPS_OK);
  *events = cops_log_count(log);
  const long grown = mem_bytes.live - before;
  cops_scenario_free(sc);
  cops_ctx_free(ctx);
  ck_assert_int_eq(mem_bytes.live, 0);
  return grown;
}

START_TEST(test_the_log_stores_each_name_once)
{
  int short_events, long_events;
  const long short_names = log_bytes(4, &short_events);
  const long long_names = log_bytes(120, &long_events);
  ck_assert_int_eq(short_events, long_events);   /* the same fight */
  ck_assert_int_ge(short_events, 19000);
  ck_assert_msg(long_names - short_names < 64 * 124 * 4,
                "names of 116 more bytes cost %ld more bytes over %d events",
                long_names - short_names, long_events);
}
END_TEST

/* Files named by strangers (issue 12): confined to a folder, regular files only,
 * of bounded size, and no quoting of a file's content in a message. */
START_TEST(test_a_confined_context_reads_only_its_folder)
{
  char root[] = "/tmp/cops-confine-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(root));
  char path[512], cmd[1024];
  snprintf(cmd, sizeof cmd, "mkdir -p %s/sheets %s/scenes && cp " SHEETS_DIR "/mike.json "
           SHEETS_DIR "/joe.json %s/sheets/ && printf 'secret words here' > %s/notes.txt && "
           "ln -s /etc/passwd %s/sheets/link.json && mkfifo %s/fifo.json && "
           "printf '{\"schema\":1,\"name\":\"s\",\"combatants\":[{\"sheet\":"
           "\"../sheets/mike.json\",\"side\":\"a\"},{\"sheet\":\"../sheets/joe.json\",\"side\":\"b\"}]}' > %s/scenes/s.json",
           root, root, root, root, root, root, root);
  ck_assert_int_eq(system(cmd), 0);
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_confine(ctx, "/nowhere/at/all", 1 << 20), COPS_EIO);
  ck_assert_int_eq(cops_ctx_confine(ctx, root, 0), COPS_ERANGE);
  ck_assert_int_eq(cops_ctx_confine(ctx, root, 1 << 20), COPS_OK);
  cops_character *ch = NULL;
  ck_assert_int_eq(cops_character_load(&ch, ctx, "sheets/mike.json"), COPS_OK);
  cops_character_free(ch);
  static const char *const refused[] = {
    "/etc/passwd", "../etc/passwd", "sheets/../../etc/passwd", "sheets/link.json",
    "fifo.json", "..", ".",
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
    ch = NULL;
    ck_assert_msg(cops_character_load(&ch, ctx, refused[i]) == COPS_EIO, "%s", refused[i]);
    ck_assert_ptr_null(ch);
    ck_assert_ptr_null(strstr(cops_ctx_errmsg(ctx), "root:"));   /* nothing of /etc/passwd */
  }
  /* Not JSON: the message gives the place, never the words. */
  ck_assert_int_eq(cops_character_load(&ch, ctx, "notes.txt"), COPS_EJSON);
  ck_assert_ptr_null(strstr(cops_ctx_errmsg(ctx), "secret"));
  /* A size limit. */
  ck_assert_int_eq(cops_ctx_confine(ctx, root, 100), COPS_OK);
  ck_assert_int_eq(cops_character_load(&ch, ctx, "sheets/mike.json"), COPS_EIO);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "larger than 100 bytes"));
  ck_assert_int_eq(cops_ctx_confine(ctx, root, 1 << 20), COPS_OK);
  /* A scenario's files are relative to it and stay inside; read from text it names none. */
  cops_scenario *sc = NULL;
  ck_assert_msg(cops_scenario_load(&sc, ctx, "scenes/s.json") == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  cops_scenario_free(sc);
  sc = NULL;
  ck_assert_int_eq(cops_scenario_from_json(&sc, ctx, "{\"schema\":1,\"name\":\"s\","
                   "\"combatants\":[{\"sheet\":\"sheets/mike.json\"},{\"sheet\":"
                   "\"sheets/joe.json\"}]}", NULL), COPS_EIO);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "names no file"));
  /* Lifted: the whole file system again, but still regular files only. */
  ck_assert_int_eq(cops_ctx_confine(ctx, NULL, 0), COPS_OK);
  snprintf(path, sizeof path, "%s/fifo.json", root);
  ck_assert_int_eq(cops_character_load(&ch, ctx, path), COPS_EIO);   /* no hang */
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "not a regular file"));
  cops_ctx_free(ctx);
  snprintf(cmd, sizeof cmd, "rm -rf %s", root);
  ck_assert_int_eq(system(cmd), 0);
}
END_TEST

static Suite *contract_suite(void)
{
  Suite *s = suite_create("contract");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 600);
  tcase_add_loop_test(tc, test_a_failing_callback_at_every_die_of_a_fight_changes_nothing, 0,
                      COPS_RULES_COUNT);
  tcase_add_test(tc, test_a_failing_allocator_reading_and_writing);
  tcase_add_loop_test(tc, test_a_failing_allocator_over_a_fight_changes_nothing, 0,
                      COPS_RULES_COUNT);
  tcase_add_loop_test(tc, test_a_failing_allocator_over_an_attack_changes_nothing, 0,
                      COPS_RULES_COUNT);
  tcase_add_test(tc, test_a_failing_allocator_over_an_aftermath_changes_nothing);
  tcase_add_test(tc, test_a_failing_allocator_over_a_chase_changes_nothing);
  tcase_add_test(tc, test_a_failing_allocator_over_an_interview_changes_nothing);
  tcase_add_test(tc, test_a_failing_allocator_over_a_simulation_changes_nothing);
  tcase_add_test(tc, test_a_callback_calling_back_is_refused);
  tcase_add_test(tc, test_a_message_is_about_the_last_call);
  tcase_add_test(tc, test_queries_never_answer_a_code_as_a_value);
  tcase_add_test(tc, test_names_are_clean_and_never_cut);
  tcase_add_test(tc, test_covering_fire_of_many_rounds_rolls_every_d10);
  tcase_add_test(tc, test_the_log_has_a_limit);
  tcase_add_test(tc, test_the_log_stores_each_name_once);
  tcase_add_test(tc, test_a_confined_context_reads_only_its_folder);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(contract_suite)
