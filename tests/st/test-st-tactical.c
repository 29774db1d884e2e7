/* The tactical policy of Storyteller fights (docs/storyteller.md, "Policies"): its
 * contract (setters, saves, reset, suggestions that change nothing, st.declare events), the
 * choices it makes from the exact odds (the target a shot most likely hurts, the Cover it
 * uses under fire) and its mirror matches against the simple policy. */
#include <stdio.h>

#include <cops/st.h>

#include "testutil.h"

#define ST_SHEETS SCENARIOS_DIR "/../st/sheets"

static cops_ctx *seeded_ctx(uint64_t seed)
{
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(c, seed), COPS_OK);
  return c;
}

static cops_st_character *shooter(cops_ctx *ctx, const char *name, int firearms)
{
  cops_st_character *ch;
  ck_assert_int_eq(cops_st_character_new(&ch, ctx), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_name(ch, name), COPS_OK);
  const int v[][2] = {{COPS_ST_STRENGTH, 2}, {COPS_ST_DEXTERITY, 3}, {COPS_ST_WITS, 2},
                      {COPS_ST_COMPOSURE, 2}, {COPS_ST_BRAWL, 1},
                      {COPS_ST_FIREARMS, firearms}, {COPS_ST_STAMINA, 2}, {COPS_ST_RESOLVE, 2}};
  for (int i = 0; i < 8; i++)
    ck_assert_int_eq(cops_st_character_set_trait(ch, v[i][0], v[i][1]), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_combatant(ch, 1), COPS_OK);
  cops_st_weapon w;
  cops_st_weapon_init(&w, COPS_ST_FIREARM);   /* 2L, 20/40/80 m */
  ck_assert_int_eq(cops_st_character_add_weapon(ch, &w, NULL), COPS_OK);
  return ch;
}

static char *saved(const cops_st_fight *f)
{
  char *text = NULL;
  ck_assert_int_eq(cops_st_fight_save(f, &text), COPS_OK);
  return text;
}

/* The nearest enemy is prone behind Cover 4 (§5.6, §6.10); a farther one stands in the
 * open: the simple policy shoots the nearest, the tactical one the shot that hurts. */
START_TEST(test_tactical_picks_the_target_it_can_hurt)
{
  cops_ctx *ctx = seeded_ctx(7);
  cops_st_character *a = shooter(ctx, "A", 3), *b = shooter(ctx, "B", 2),
                    *c = shooter(ctx, "C", 2);
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, a, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, b, 1, 15, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, c, 1, 0, 30, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_set_cover(f, 1, 4), COPS_OK);
  ck_assert_int_eq(cops_st_fight_set_prone(f, 1, 1), COPS_OK);
  ck_assert_int_eq(cops_st_fight_policy(f, 0), COPS_POLICY_SIMPLE);
  cops_st_declaration d;
  cops_st_declaration_init(&d, COPS_ST_DO_NOTHING);
  ck_assert_int_eq(cops_st_fight_suggest(f, 0, &d), COPS_OK);
  ck_assert_int_eq(d.action, COPS_ST_DO_ATTACK);
  ck_assert_int_eq(d.target, 1);
  ck_assert_int_eq(cops_st_fight_set_policy(f, 0, COPS_POLICY_TACTICAL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_policy(f, 0), COPS_POLICY_TACTICAL);
  char *before = saved(f);
  ck_assert_int_eq(cops_st_fight_suggest(f, 0, &d), COPS_OK);
  char *after = saved(f);
  ck_assert_str_eq(before, after);   /* a suggestion changes nothing */
  cops_free(before);
  cops_free(after);
  ck_assert_int_eq(d.action, COPS_ST_DO_ATTACK);
  ck_assert_int_eq(d.target, 2);
  ck_assert_int_eq(d.weapon, 0);
  ck_assert_int_eq(d.moving, 0);
  cops_st_fight_free(f);
  cops_st_character_free(a);
  cops_st_character_free(b);
  cops_st_character_free(c);
  cops_ctx_free(ctx);
}
END_TEST

/* Cover is used once a round, against the shots at it and on its own (§5.6, ST-A14): with
 * no enemy able to shoot it, the tactical shooter uses none (every die on its shot); under
 * the fire of an enemy still to act, it uses some. */
START_TEST(test_tactical_cover_under_fire)
{
  for (int fire = 0; fire <= 1; fire++) {
    cops_ctx *ctx = seeded_ctx(11);
    cops_st_character *a = shooter(ctx, "A", 3), *b = shooter(ctx, "B", 4);
    if (!fire)
      ck_assert_int_eq(cops_st_character_remove_weapon(b, 0), COPS_OK);
    cops_st_fight *f;
    ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
    ck_assert_int_eq(cops_st_fight_add(f, a, 0, 0, 0, NULL), COPS_OK);
    ck_assert_int_eq(cops_st_fight_add(f, b, 1, 0, 25, NULL), COPS_OK);
    ck_assert_int_eq(cops_st_fight_set_cover(f, 0, 4), COPS_OK);
    ck_assert_int_eq(cops_st_fight_set_side_policy(f, 0, COPS_POLICY_TACTICAL), COPS_OK);
    cops_st_declaration d;
    cops_st_declaration_init(&d, COPS_ST_DO_NOTHING);
    ck_assert_int_eq(cops_st_fight_suggest(f, 0, &d), COPS_OK);
    if (fire) {
      ck_assert_int_eq(d.action, COPS_ST_DO_ATTACK);
      ck_assert_int_eq(d.target, 1);
      ck_assert_int_gt(d.cover, 0);
    } else {   /* B has no firearm: it runs at A, who shoots with every die */
      ck_assert_int_eq(d.action, COPS_ST_DO_ATTACK);
      ck_assert_int_eq(d.cover, 0);
    }
    cops_st_fight_free(f);
    cops_st_character_free(a);
    cops_st_character_free(b);
    cops_ctx_free(ctx);
  }
}
END_TEST

/* The policy's contract: checked setters, kept by saves and by reset; each tactical plan
 * logged as st.declare with the odds it weighed, the attack that follows it the one it
 * planned; the same seed, the same fight. */
START_TEST(test_tactical_contract)
{
  cops_ctx *ctx = seeded_ctx(3);
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_load(&f, ctx, SCENARIOS_DIR "/../st/scenarios/firefight.json"),
                   COPS_OK);
  ck_assert_int_eq(cops_st_fight_set_policy(f, 0, 2), COPS_EINVAL);
  ck_assert_int_eq(cops_st_fight_set_policy(f, 0, -1), COPS_EINVAL);
  ck_assert_int_eq(cops_st_fight_set_policy(f, 9, COPS_POLICY_TACTICAL), COPS_ERANGE);
  ck_assert_int_eq(cops_st_fight_set_side_policy(f, 0, 2), COPS_EINVAL);
  ck_assert_int_eq(cops_st_fight_set_side_policy(f, COPS_ST_SIDES_MAX, COPS_POLICY_TACTICAL),
                   COPS_ERANGE);
  ck_assert_int_eq(cops_st_fight_policy(f, 9), COPS_ERANGE);
  ck_assert_int_eq(cops_st_fight_set_side_policy(f, 0, COPS_POLICY_TACTICAL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_policy(f, 1), COPS_POLICY_TACTICAL);
  ck_assert_int_eq(cops_st_fight_policy(f, 2), COPS_POLICY_SIMPLE);
  char *text = saved(f);
  ck_assert_ptr_nonnull(strstr(text, "\"policy\": \"tactical\""));
  cops_st_fight *g;
  ck_assert_int_eq(cops_st_fight_from_json(&g, ctx, text, SCENARIOS_DIR "/../st/scenarios"),
                   COPS_OK);
  cops_free(text);
  ck_assert_int_eq(cops_st_fight_policy(g, 0), COPS_POLICY_TACTICAL);
  ck_assert_int_eq(cops_st_fight_policy(g, 3), COPS_POLICY_SIMPLE);
  cops_st_fight_free(g);

  char *logs[2];
  for (int k = 0; k < 2; k++) {
    ck_assert_int_eq(cops_st_fight_seed(f, 77), COPS_OK);
    ck_assert_int_eq(cops_st_fight_run(f), COPS_OK);
    const cops_log *log = cops_st_fight_log(f);
    int plans = 0, weighed = 0;
    for (int i = 0; i < cops_log_count(log); i++) {
      cops_event ev;
      memset(&ev, 0, sizeof ev);
      ev.size = sizeof ev;
      ck_assert_int_eq(cops_log_event(log, i, &ev), COPS_OK);
      if (ev.type != COPS_ST_EV_DECLARE)
        continue;
      cops_st_event e;
      memset(&e, 0, sizeof e);
      e.size = sizeof e;
      ck_assert_int_eq(cops_st_log_event(log, i, &e), COPS_OK);
      ck_assert_int_eq(e.policy, COPS_POLICY_TACTICAL);
      ck_assert_int_lt(ev.actor_id, 2);   /* side 0 only */
      plans++;
      if (e.odds_down < 0)
        continue;
      weighed++;
      ck_assert_int_le(e.odds_down, 1000);
      ck_assert_int_ge(e.odds_risk, 0);
      ck_assert_int_le(e.odds_risk, 1000);
      /* the attack that follows is the one planned, at the target planned */
      for (int j = i + 1; j < cops_log_count(log); j++) {
        cops_event at;
        memset(&at, 0, sizeof at);
        at.size = sizeof at;
        ck_assert_int_eq(cops_log_event(log, j, &at), COPS_OK);
        if (at.type != COPS_ST_EV_ATTACK)
          continue;
        ck_assert_int_eq(at.actor_id, ev.actor_id);
        ck_assert_int_eq(at.target_id, ev.target_id);
        break;
      }
    }
    ck_assert_int_gt(plans, 0);
    ck_assert_int_gt(weighed, 0);
    char *json = NULL;
    ck_assert_int_eq(cops_log_to_jsonl(log, 0, &json), COPS_OK);
    logs[k] = json;
    ck_assert_int_eq(cops_st_fight_reset(f), COPS_OK);
    ck_assert_int_eq(cops_st_fight_policy(f, 1), COPS_POLICY_TACTICAL);   /* kept */
  }
  ck_assert_str_eq(logs[0], logs[1]);
  cops_free(logs[0]);
  cops_free(logs[1]);
  cops_st_fight_free(f);
  cops_ctx_free(ctx);
}
END_TEST

/* ---- mirror matches --------------------------------------------------------------------- */

static const char *const sheets[4] = {"marcus", "vince", "lucien", "nadia"};

/* n v n: fighter i of each side the same sheet and Cover, the sides `gap` metres apart. */
static void mirror_text(char *buf, size_t len, int n, int gap)
{
  int at = snprintf(buf, len, "{\"system\": \"st\", \"schema\": 1, \"max_rounds\": 30, "
                              "\"sides\": [\"A\", \"B\"], \"fighters\": [");
  for (int side = 0; side < 2; side++)
    for (int i = 0; i < n; i++)
      at += snprintf(buf + at, len - (size_t)at,
                     "%s{\"sheet\": \"%s/%s.json\", \"side\": %d, \"x\": %d, \"y\": %d, "
                     "\"cover\": %d}", side || i ? ", " : "", ST_SHEETS, sheets[i % 4], side,
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
    cops_st_fight *f;
    ck_assert_int_eq(cops_st_fight_from_json(&f, ctx, text, "."), COPS_OK);
    ck_assert_int_eq(cops_st_fight_set_logging(f, 0), COPS_OK);
    ck_assert_int_eq(cops_st_fight_set_side_policy(f, side, COPS_POLICY_TACTICAL), COPS_OK);
    for (int r = 0; r < runs; r++) {
      ck_assert_int_eq(cops_st_fight_seed(f, 2030u + (unsigned)r), COPS_OK);
      ck_assert_int_eq(cops_st_fight_run(f), COPS_OK);
      int winner;
      ck_assert_int_eq(cops_st_fight_winner(f, &winner), COPS_OK);
      if (winner >= 0) {
        (*decided)++;
        *won += winner == side;
      }
      ck_assert_int_eq(cops_st_fight_reset(f), COPS_OK);
    }
    cops_st_fight_free(f);
    cops_ctx_free(ctx);
  }
}

/* The tactical side wins at least 60 % of the decided mirror matches of 2 v 2 to 4 v 4 fights,
 * from shooting range and from a few metres, and never fewer than the simple side in any
 * of them; 1 v 1 (one target, one weapon that reaches) plays the same choices either way. */
START_TEST(test_tactical_mirror)
{
  static const int gaps[2] = {20, 4};
  int all_won = 0, all_decided = 0;
  for (int g = 0; g < 2; g++)
    for (int n = 1; n <= 4; n++) {
      int won, decided;
      mirror(n, gaps[g], 300, &won, &decided);
      printf("st mirror %d v %d at %2d m: tactical won %d of %d decided (%.1f %%)\n", n, n,
             gaps[g], won, decided, decided ? 100.0 * won / decided : 0.0);
      ck_assert_int_gt(decided, 500);
      ck_assert_int_ge(2 * won, decided - 40);   /* not worse than even, within the noise */
      if (n > 1) {
        all_won += won;
        all_decided += decided;
      }
    }
  ck_assert_msg(10 * all_won >= 6 * all_decided, "the tactical side won %d of %d", all_won,
                all_decided);
}
END_TEST

static Suite *st_tactical_suite(void)
{
  Suite *s = suite_create("st-tactical");
  TCase *tc = tcase_create("policy");
  tcase_add_test(tc, test_tactical_picks_the_target_it_can_hurt);
  tcase_add_test(tc, test_tactical_cover_under_fire);
  tcase_add_test(tc, test_tactical_contract);
  suite_add_tcase(s, tc);
  TCase *m = tcase_create("mirror");
  tcase_set_timeout(m, 600);
  tcase_add_test(m, test_tactical_mirror);
  suite_add_tcase(s, m);
  return s;
}
TEST_MAIN(st_tactical_suite)
