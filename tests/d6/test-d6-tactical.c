/* The tactical policy of D6 fights (docs/d6.md, "Policies"): its contract (setters, saves,
 * reset, suggestions that change nothing, d6.declare events), the choices it makes from the
 * exact odds (the target a shot most likely hurts, an active dodge under fire) and its
 * mirror matches against the simple policy. */
#include <stdio.h>

#include <cops/d6.h>

#include "testutil.h"

#define D6_SHEETS SCENARIOS_DIR "/../d6/sheets"

static cops_ctx *seeded_ctx(uint64_t seed)
{
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(c, seed), COPS_OK);
  return c;
}

static char *saved(const cops_d6_fight *f)
{
  char *text = NULL;
  ck_assert_int_eq(cops_d6_fight_save(f, &text), COPS_OK);
  return text;
}

/* Two officers in Kevlar 20 m apart (a vest covers the body, not the head, §5.6): the simple
 * policy shoots from where it stands; the tactical one closes in by a range band (D6-L7: a
 * move of 10 m is no action; §5.4.1) and aims at the head (§5.12: -3D to hit, +3D damage,
 * no vest). */
START_TEST(test_tactical_closes_in_and_aims_at_the_head)
{
  cops_ctx *ctx = seeded_ctx(4);
  cops_d6_fight *f;
  ck_assert_int_eq(cops_d6_fight_from_json(&f, ctx,
                     "{\"system\": \"d6\", \"schema\": 1, \"sides\": [\"A\", \"B\"], "
                     "\"fighters\": [{\"sheet\": \"" D6_SHEETS "/ramirez.json\", \"side\": 0, "
                     "\"x\": 0, \"y\": 0}, {\"sheet\": \"" D6_SHEETS "/ramirez.json\", "
                     "\"side\": 1, \"x\": 20, \"y\": 0}]}", "."), COPS_OK);
  cops_d6_declaration d;
  cops_d6_declaration_init(&d, COPS_D6_DO_NOTHING);
  ck_assert_int_eq(cops_d6_fight_suggest(f, 0, &d), COPS_OK);
  ck_assert_int_eq(d.action, COPS_D6_DO_ATTACK);
  ck_assert_int_eq(d.moving, 0);
  ck_assert_int_eq(d.option, COPS_D6_NO_OPTION);
  ck_assert_int_eq(cops_d6_fight_set_policy(f, 0, COPS_POLICY_TACTICAL), COPS_OK);
  char *before = saved(f);
  ck_assert_int_eq(cops_d6_fight_suggest(f, 0, &d), COPS_OK);
  char *after = saved(f);
  ck_assert_str_eq(before, after);   /* a suggestion changes nothing */
  cops_free(before);
  cops_free(after);
  ck_assert_int_eq(d.action, COPS_D6_DO_ATTACK);
  ck_assert_int_eq(d.target, 1);
  ck_assert_int_eq(d.weapon, 0);
  ck_assert_int_eq(d.moving, 1);
  ck_assert_int_eq(d.x, 10);   /* 10 m closer: short range instead of medium (§5.4.1) */
  ck_assert_int_eq(d.y, 0);
  ck_assert_int_eq(d.option, COPS_D6_AIMED_VITAL);
  ck_assert_int_eq(d.location, COPS_D6_HEAD);
  cops_d6_fight_free(f);
  cops_ctx_free(ctx);
}
END_TEST

/* The policy's contract: checked setters, kept by saves and by reset; each tactical plan
 * logged as d6.declare with the odds it weighed, the turn that follows it the one planned;
 * the same seed, the same fight. */
START_TEST(test_tactical_contract)
{
  cops_ctx *ctx = seeded_ctx(3);
  cops_d6_fight *f;
  ck_assert_int_eq(cops_d6_fight_load(&f, ctx, SCENARIOS_DIR "/../d6/scenarios/shootout.json"),
                   COPS_OK);
  ck_assert_int_eq(cops_d6_fight_set_policy(f, 0, 2), COPS_EINVAL);
  ck_assert_int_eq(cops_d6_fight_set_policy(f, 0, -1), COPS_EINVAL);
  ck_assert_int_eq(cops_d6_fight_set_policy(f, 9, COPS_POLICY_TACTICAL), COPS_ERANGE);
  ck_assert_int_eq(cops_d6_fight_set_side_policy(f, 0, 2), COPS_EINVAL);
  ck_assert_int_eq(cops_d6_fight_set_side_policy(f, COPS_D6_SIDES_MAX, COPS_POLICY_TACTICAL),
                   COPS_ERANGE);
  ck_assert_int_eq(cops_d6_fight_policy(f, 9), COPS_ERANGE);
  ck_assert_int_eq(cops_d6_fight_set_side_policy(f, 1, COPS_POLICY_TACTICAL), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_policy(f, 3), COPS_POLICY_TACTICAL);
  ck_assert_int_eq(cops_d6_fight_policy(f, 0), COPS_POLICY_SIMPLE);
  cops_d6_fighter st;
  memset(&st, 0, sizeof st);
  st.size = sizeof st;
  ck_assert_int_eq(cops_d6_fight_fighter(f, 2, &st), COPS_OK);
  ck_assert_int_eq(st.policy, COPS_POLICY_TACTICAL);
  char *text = saved(f);
  ck_assert_ptr_nonnull(strstr(text, "\"policy\": \"tactical\""));
  cops_d6_fight *g;
  ck_assert_int_eq(cops_d6_fight_from_json(&g, ctx, text, SCENARIOS_DIR "/../d6/scenarios"),
                   COPS_OK);
  cops_free(text);
  ck_assert_int_eq(cops_d6_fight_policy(g, 2), COPS_POLICY_TACTICAL);
  ck_assert_int_eq(cops_d6_fight_policy(g, 1), COPS_POLICY_SIMPLE);
  cops_d6_fight_free(g);
  char *logs[2];
  for (int k = 0; k < 2; k++) {
    ck_assert_int_eq(cops_d6_fight_seed(f, 2030), COPS_OK);
    ck_assert_int_eq(cops_d6_fight_run(f), COPS_OK);
    const cops_log *log = cops_d6_fight_log(f);
    int plans = 0, weighed = 0;
    for (int i = 0; i < cops_log_count(log); i++) {
      cops_event ev;
      memset(&ev, 0, sizeof ev);
      ev.size = sizeof ev;
      ck_assert_int_eq(cops_log_event(log, i, &ev), COPS_OK);
      if (ev.type != COPS_D6_EV_DECLARE)
        continue;
      cops_d6_event e;
      memset(&e, 0, sizeof e);
      e.size = sizeof e;
      ck_assert_int_eq(cops_d6_log_event(log, i, &e), COPS_OK);
      ck_assert_int_eq(e.policy, COPS_POLICY_TACTICAL);
      ck_assert_int_ge(ev.actor_id, 2);   /* side 1 only */
      plans++;
      /* the turn that follows is the one planned */
      cops_event turn;
      memset(&turn, 0, sizeof turn);
      turn.size = sizeof turn;
      ck_assert_int_eq(cops_log_event(log, i + 1, &turn), COPS_OK);
      ck_assert_int_eq(turn.type, COPS_D6_EV_TURN);
      ck_assert_int_eq(turn.actor_id, ev.actor_id);
      ck_assert_int_eq(turn.target_id, ev.target_id);
      if (e.odds_down < 0)
        continue;
      weighed++;
      ck_assert_int_le(e.odds_down, 1000);
      ck_assert_int_ge(e.odds_risk, 0);
      ck_assert_int_le(e.odds_risk, 1000);
    }
    ck_assert_int_gt(plans, 0);
    ck_assert_int_gt(weighed, 0);
    char *json = NULL;
    ck_assert_int_eq(cops_log_to_jsonl(log, 0, &json), COPS_OK);
    logs[k] = json;
    ck_assert_int_eq(cops_d6_fight_reset(f), COPS_OK);
    ck_assert_int_eq(cops_d6_fight_policy(f, 3), COPS_POLICY_TACTICAL);   /* kept */
  }
  ck_assert_str_eq(logs[0], logs[1]);
  cops_free(logs[0]);
  cops_free(logs[1]);
  cops_d6_fight_free(f);
  cops_ctx_free(ctx);
}
END_TEST

/* ---- mirror matches --------------------------------------------------------------------- */

static const char *const sheets[4] = {"ramirez", "gang-member", "gang-member", "ramirez"};

/* n v n: fighter i of each side the same sheet and Cover, the sides `gap` metres apart. */
static void mirror_text(char *buf, size_t len, int n, int gap)
{
  int at = snprintf(buf, len, "{\"system\": \"d6\", \"schema\": 1, \"max_rounds\": 100, "
                              "\"sides\": [\"A\", \"B\"], \"fighters\": [");
  for (int side = 0; side < 2; side++)
    for (int i = 0; i < n; i++)
      at += snprintf(buf + at, len - (size_t)at,
                     "%s{\"sheet\": \"%s/%s.json\", \"side\": %d, \"x\": %d, \"y\": %d, "
                     "\"cover\": %d}", side || i ? ", " : "", D6_SHEETS, sheets[i % 4], side,
                     side ? gap : 0, 2 * i, i % 3);
  snprintf(buf + at, len - (size_t)at, "]}");
}

/* Fights won by the tactical side and fights decided, each side tactical in turn over the
 * same seeds. */
static void mirror(int n, int gap, int runs, int *won, int *decided)
{
  char text[4096];
  mirror_text(text, sizeof text, n, gap);
  *won = *decided = 0;
  for (int side = 0; side < 2; side++) {
    cops_ctx *ctx = seeded_ctx(1);
    cops_d6_fight *f;
    ck_assert_int_eq(cops_d6_fight_from_json(&f, ctx, text, "."), COPS_OK);
    ck_assert_int_eq(cops_d6_fight_set_logging(f, 0), COPS_OK);
    ck_assert_int_eq(cops_d6_fight_set_side_policy(f, side, COPS_POLICY_TACTICAL), COPS_OK);
    for (int r = 0; r < runs; r++) {
      ck_assert_int_eq(cops_d6_fight_seed(f, 2030u + (unsigned)r), COPS_OK);
      ck_assert_int_eq(cops_d6_fight_run(f), COPS_OK);
      int winner;
      ck_assert_int_eq(cops_d6_fight_winner(f, &winner), COPS_OK);
      if (winner >= 0) {
        (*decided)++;
        *won += winner == side;
      }
      ck_assert_int_eq(cops_d6_fight_reset(f), COPS_OK);
    }
    cops_d6_fight_free(f);
    cops_ctx_free(ctx);
  }
}

/* The tactical side wins at least 60 % of the decided mirror matches of every size, 1 v 1 to
 * 4 v 4, from shooting range and from a few metres. */
START_TEST(test_tactical_mirror)
{
  static const int gaps[2] = {20, 4};
  for (int g = 0; g < 2; g++)
    for (int n = 1; n <= 4; n++) {
      int won, decided;
      mirror(n, gaps[g], 50, &won, &decided);
      printf("d6 mirror %d v %d at %2d m: tactical won %d of %d decided (%.1f %%)\n", n, n,
             gaps[g], won, decided, decided ? 100.0 * won / decided : 0.0);
      ck_assert_int_gt(decided, 80);
      ck_assert_int_ge(10 * won, 6 * decided);
    }
}
END_TEST

static Suite *d6_tactical_suite(void)
{
  Suite *s = suite_create("d6-tactical");
  TCase *tc = tcase_create("policy");
  tcase_add_test(tc, test_tactical_closes_in_and_aims_at_the_head);
  tcase_add_test(tc, test_tactical_contract);
  suite_add_tcase(s, tc);
  TCase *m = tcase_create("mirror");
  tcase_set_timeout(m, 600);
  tcase_add_test(m, test_tactical_mirror);
  suite_add_tcase(s, m);
  return s;
}
TEST_MAIN(d6_tactical_suite)
