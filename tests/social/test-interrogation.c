/* Interrogations (COPS.md C4): the subject's profile and its file, the two rolls of an
 * approach (C4.2-C4.4, C4.6, C4.7) and their exact odds (C4.5, C4.8), checked against
 * seeded rolls. */
#include <math.h>
#include <stdio.h>

#include "testutil.h"

#define SUBJECTS_DIR SCENARIOS_DIR "/../subjects"

static cops_ctx *ctx;
static cops_character *cop;
static cops_subject *subject;

static void setup(void)
{
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_character_new(&cop, ctx), COPS_OK);
  cops_character_set_name(cop, "Sarah");
  cops_character_set_characteristic(cop, COPS_SANG_FROID, 3);
  cops_character_set_characteristic(cop, COPS_CHARME, 4);
  cops_character_set_characteristic(cop, COPS_EDUCATION, 4);
  cops_character_set_hp(cop, cops_character_max_hp(cop));
  ck_assert_int_eq(cops_character_set_skill(cop, COPS_INTIMIDATION, 7, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(cop, COPS_ELOQUENCE, 4, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(cop, COPS_RHETORIQUE, 5, NULL), COPS_OK);
  ck_assert_int_eq(cops_subject_new(&subject, ctx, "Rosa"), COPS_OK);
}

static void teardown(void)
{
  cops_subject_free(subject);
  cops_character_free(cop);
  cops_ctx_free(ctx);
}

/* What an action rolls, its modifiers applied (none of these cases reaches C1.7's clamps). */
typedef struct effective {
  int pool, threshold, unskilled;
} effective;

static void effective_of(const cops_action *a, effective *e)
{
  e->pool = a->dice + a->dice_mod;
  e->threshold = a->threshold + a->threshold_mod;
  e->unskilled = (a->flags & COPS_UNSKILLED) != 0;
}

static void actions(int skill, int attitude, cops_action *mine, cops_action *theirs,
                    effective *me, effective *them)
{
  cops_approach a;
  ck_assert_int_eq(cops_approach_init(&a, skill, attitude), COPS_OK);
  ck_assert_msg(cops_approach_actions(subject, cop, &a, mine, theirs) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  effective_of(mine, me);
  effective_of(theirs, them);
}

/* C4.2: the method fixes the resisting characteristic; the interrogator rolls
 * Skill/<that characteristic>. C4.4: the subject rolls it at 6 - resistance. */
START_TEST(test_c4_2_c4_4_the_two_rolls)
{
  ck_assert_int_eq(cops_method_characteristic(COPS_INTIMIDATION), COPS_SANG_FROID);
  ck_assert_int_eq(cops_method_characteristic(COPS_ELOQUENCE), COPS_CHARME);
  ck_assert_int_eq(cops_method_characteristic(COPS_RHETORIQUE), COPS_EDUCATION);
  ck_assert_int_eq(cops_method_characteristic(COPS_PSYCHOLOGIE), COPS_EINVAL);
  cops_subject_set_characteristic(subject, COPS_SANG_FROID, 4);
  cops_subject_set_characteristic(subject, COPS_CHARME, 1);
  cops_subject_set_characteristic(subject, COPS_EDUCATION, 3);
  ck_assert_int_eq(cops_subject_set_resistance(subject, COPS_SANG_FROID, 2), COPS_OK);
  ck_assert_int_eq(cops_subject_set_resistance(subject, COPS_CHARME, -1), COPS_OK);
  cops_action m, t;
  effective me, them;
  actions(COPS_INTIMIDATION, COPS_IV_FROID, &m, &t, &me, &them);
  ck_assert_int_eq(me.pool, 3);        /* Sarah's Sang-froid */
  ck_assert_int_eq(me.threshold, 7);   /* Intimidation 7+ */
  ck_assert_int_eq(them.pool, 4);      /* Rosa's Sang-froid */
  ck_assert_int_eq(them.threshold, 4); /* resistance +2: 4+ */
  actions(COPS_ELOQUENCE, COPS_IV_FROID, &m, &t, &me, &them);
  ck_assert_int_eq(me.pool, 4);
  ck_assert_int_eq(me.threshold, 4);
  ck_assert_int_eq(them.pool, 1);
  ck_assert_int_eq(them.threshold, 7); /* -1: 7+ */
  actions(COPS_RHETORIQUE, COPS_IV_FROID, &m, &t, &me, &them);
  ck_assert_int_eq(me.pool, 4);
  ck_assert_int_eq(me.threshold, 5);
  ck_assert_int_eq(them.pool, 3);
  ck_assert_int_eq(them.threshold, 6);
  /* The interrogator's wound malus (C8.2). */
  cops_character_set_hp(cop, 5);
  actions(COPS_RHETORIQUE, COPS_IV_FROID, &m, &t, &me, &them);
  ck_assert_int_eq(me.pool, 3);
  /* Without the skill: unskilled (C1.4). */
  cops_character_set_hp(cop, cops_character_max_hp(cop));
  cops_character_remove_skill(cop, COPS_RHETORIQUE);
  actions(COPS_RHETORIQUE, COPS_IV_FROID, &m, &t, &me, &them);
  ck_assert_int_eq(me.unskilled, 1);
  ck_assert_int_eq(me.threshold, 10);
}
END_TEST

/* C4.3 RULING: the reaction adds dice to the interrogator's roll; the knob subtracts it from
 * the subject's resistance instead (C4.8). C4.6: a deficiency doubles a malus only. C4.7:
 * each failure raised every resistance by 1. */
START_TEST(test_c4_3_c4_6_c4_7_reactions_and_resistance)
{
  ck_assert_int_eq(cops_subject_set_reaction(subject, COPS_IV_AGRESSIF, -2), COPS_OK);
  ck_assert_int_eq(cops_subject_set_reaction(subject, COPS_IV_AMICAL, 2), COPS_OK);
  cops_action m, t;
  effective me, them;
  actions(COPS_ELOQUENCE, COPS_IV_AMICAL, &m, &t, &me, &them);
  ck_assert_int_eq(me.pool, 6);
  ck_assert_int_eq(them.threshold, 6);
  actions(COPS_ELOQUENCE, COPS_IV_AGRESSIF, &m, &t, &me, &them);
  ck_assert_int_eq(me.pool, 2);
  cops_approach a;
  cops_approach_init(&a, COPS_ELOQUENCE, COPS_IV_AGRESSIF);
  a.deficiency = 1;
  ck_assert_int_eq(cops_approach_actions(subject, cop, &a, &m, &t), COPS_OK);
  effective_of(&m, &me);
  ck_assert_int_eq(me.pool, 0);        /* -2 doubled: -4 */
  cops_approach_init(&a, COPS_ELOQUENCE, COPS_IV_AMICAL);
  a.deficiency = 1;                    /* a bonus is not doubled */
  cops_approach_actions(subject, cop, &a, &m, &t);
  effective_of(&m, &me);
  ck_assert_int_eq(me.pool, 6);
  a.resistance_up = 2;                 /* two failures before */
  cops_approach_actions(subject, cop, &a, &m, &t);
  effective_of(&t, &them);
  ck_assert_int_eq(them.threshold, 4);
  /* The resistance mode: the reaction moves the subject's threshold, not the dice. */
  ck_assert_int_eq(cops_subject_set_reaction_mode(subject, COPS_REACTION_RESISTANCE), COPS_OK);
  actions(COPS_ELOQUENCE, COPS_IV_AMICAL, &m, &t, &me, &them);
  ck_assert_int_eq(me.pool, 4);
  ck_assert_int_eq(them.threshold, 8);   /* resistance 0 - 2: 8+ */
  actions(COPS_ELOQUENCE, COPS_IV_AGRESSIF, &m, &t, &me, &them);
  ck_assert_int_eq(them.threshold, 4);   /* 0 + 2: 4+ */
  /* Errors. */
  cops_approach_init(&a, COPS_PSYCHOLOGIE, COPS_IV_POLI);
  ck_assert_int_eq(cops_approach_actions(subject, cop, &a, &m, &t), COPS_EINVAL);
  cops_approach_init(&a, COPS_ELOQUENCE, 5);
  ck_assert_int_eq(cops_approach_actions(subject, cop, &a, &m, &t), COPS_EINVAL);
  cops_approach_init(&a, COPS_ELOQUENCE, COPS_IV_POLI);
  a.resistance_up = 21;
  ck_assert_int_eq(cops_approach_actions(subject, cop, &a, &m, &t), COPS_ERANGE);
  a.resistance_up = 0;
  a.size = 3;
  ck_assert_int_eq(cops_approach_actions(subject, cop, &a, &m, &t), COPS_EINVAL);
  ck_assert_int_eq(cops_subject_set_reaction(subject, COPS_IV_POLI, 6), COPS_ERANGE);
  ck_assert_int_eq(cops_subject_set_resistance(subject, COPS_CARRURE, 1), COPS_EINVAL);
  ck_assert_int_eq(cops_subject_set_characteristic(subject, COPS_CHARME, 0), COPS_ERANGE);
  ck_assert_int_eq(cops_subject_set_reaction_mode(subject, 2), COPS_EINVAL);
}
END_TEST

/* C4.5, C4.8: the odds of an approach, exact, against 40,000 seeded opposed rolls: a win by
 * one success gives the essential (tier 0), each point beyond one tier more; a tie fails;
 * the affinity's free point adds to a win only. */
START_TEST(test_c4_8_odds_match_seeded_interrogations)
{
  cops_subject_set_characteristic(subject, COPS_CHARME, 3);
  cops_subject_set_reaction(subject, COPS_IV_POLI, 1);
  for (int affinity = 0; affinity < 2; affinity++) {
    cops_approach a;
    cops_approach_init(&a, COPS_ELOQUENCE, COPS_IV_POLI);
    a.affinity = affinity;
    cops_interrogation_odds o;
    o.size = sizeof o;
    ck_assert_int_eq(cops_approach_odds(subject, cop, &a, &o), COPS_OK);
    ck_assert_double_eq_tol(o.win + o.tie + o.lose, 1.0, 1e-12);
    ck_assert_double_eq_tol(o.tier[0], o.win, 1e-12);
    for (int k = 1; k <= COPS_TIER_MAX; k++)
      ck_assert(o.tier[k] <= o.tier[k - 1] + 1e-15);
    cops_action m, t;
    ck_assert_int_eq(cops_approach_actions(subject, cop, &a, &m, &t), COPS_OK);
    cops_ctx *seeded;
    ck_assert_int_eq(cops_ctx_new(&seeded), COPS_OK);
    cops_ctx_seed(seeded, 4 + (unsigned)affinity);
    cops_roll *ra, *rb;
    cops_roll_new(&ra);
    cops_roll_new(&rb);
    const int n = 40000;
    long win = 0, tie = 0, tiers[COPS_TIER_MAX + 1] = {0};
    double sum = 0;
    for (int i = 0; i < n; i++) {
      int winner, margin;
      ck_assert_int_eq(cops_roll_opposed(ra, rb, seeded, &m, &t, 0, &winner, &margin), COPS_OK);
      tie += winner == COPS_OPPOSED_NONE;
      if (winner != COPS_OPPOSED_A)
        continue;
      win++;
      const int eff = margin + affinity;
      for (int k = 0; k <= COPS_TIER_MAX && k + 1 <= eff; k++)
        tiers[k]++;
      sum += eff;
    }
    const struct {
      double p;
      long count;
    } checks[] = {{o.win, win}, {o.tie, tie}, {o.tier[1], tiers[1]}, {o.tier[2], tiers[2]},
                  {o.tier[3], tiers[3]}};
    for (size_t c = 0; c < sizeof checks / sizeof checks[0]; c++) {
      const double p = checks[c].p, sd = sqrt(p * (1 - p) / n);
      ck_assert_msg(fabs((double)checks[c].count / n - p) <= 5 * sd + 1e-9,
                    "affinity %d, check %zu: seeded %.4f, exact %.4f", affinity, c,
                    (double)checks[c].count / n, p);
    }
    ck_assert_double_eq_tol(sum / n, o.mean_tiers, 0.05);
    if (affinity) {   /* the free point moves the tiers, never the win */
      cops_interrogation_odds plain;
      plain.size = sizeof plain;
      a.affinity = 0;
      cops_approach_odds(subject, cop, &a, &plain);
      ck_assert_double_eq_tol(plain.win, o.win, 1e-15);
      ck_assert_double_eq_tol(o.tier[1], plain.tier[0], 1e-15);
    }
    cops_roll_free(ra);
    cops_roll_free(rb);
    cops_ctx_free(seeded);
  }
}
END_TEST

/* C4.8, C5: Ancienneté rolls a lost interrogation roll again against the subject's same
 * successes; a win then has MR 0, the essential only. Exact odds against 40,000 seeded
 * interrogations. */
START_TEST(test_c4_8_anciennete_rolls_a_lost_roll_again)
{
  cops_subject_set_characteristic(subject, COPS_CHARME, 3);
  cops_approach a;
  cops_approach_init(&a, COPS_ELOQUENCE, COPS_IV_FROID);
  a.anciennete = 1;
  cops_interrogation_odds o, plain;
  o.size = plain.size = sizeof o;
  ck_assert_int_eq(cops_approach_odds(subject, cop, &a, &o), COPS_ERULE);   /* no point */
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Sarah has no Ancienneté point left (C5)");
  ck_assert_int_eq(cops_character_set_points(cop, 0, 1), COPS_OK);
  ck_assert_int_eq(cops_approach_odds(subject, cop, &a, &o), COPS_OK);
  a.anciennete = 0;
  ck_assert_int_eq(cops_approach_odds(subject, cop, &a, &plain), COPS_OK);
  ck_assert(o.win > plain.win);
  ck_assert_double_eq_tol(o.win + o.tie + o.lose, 1.0, 1e-12);
  for (int k = 1; k <= COPS_TIER_MAX; k++)   /* a re-roll's win gives the essential only */
    ck_assert_double_eq_tol(o.tier[k], plain.tier[k], 1e-15);
  ck_assert_double_eq_tol(o.mean_tiers - plain.mean_tiers, o.win - plain.win, 1e-12);
  cops_action m, t;
  ck_assert_int_eq(cops_approach_actions(subject, cop, &a, &m, &t), COPS_OK);
  cops_ctx *seeded;
  ck_assert_int_eq(cops_ctx_new(&seeded), COPS_OK);
  cops_ctx_seed(seeded, 17);
  cops_roll *ra, *rb;
  cops_roll_new(&ra);
  cops_roll_new(&rb);
  const int n = 40000;
  long win = 0, tie = 0;
  for (int i = 0; i < n; i++) {
    int winner, margin;
    ck_assert_int_eq(cops_roll_opposed(ra, rb, seeded, &m, &t, 0, &winner, &margin), COPS_OK);
    if (winner != COPS_OPPOSED_A) {   /* rolled again against the same successes */
      ck_assert_int_eq(cops_roll_action(ra, seeded, &m), COPS_OK);
      const int d = cops_roll_successes(ra) - cops_roll_successes(rb);
      winner = d > 0 ? COPS_OPPOSED_A : d == 0 ? COPS_OPPOSED_NONE : COPS_OPPOSED_B;
    }
    win += winner == COPS_OPPOSED_A;
    tie += winner == COPS_OPPOSED_NONE;
  }
  const double pw = o.win, pt = o.tie;
  ck_assert_msg(fabs((double)win / n - pw) <= 5 * sqrt(pw * (1 - pw) / n),
                "win: seeded %.4f, exact %.4f", (double)win / n, pw);
  ck_assert_msg(fabs((double)tie / n - pt) <= 5 * sqrt(pt * (1 - pt) / n),
                "tie: seeded %.4f, exact %.4f", (double)tie / n, pt);
  cops_roll_free(ra);
  cops_roll_free(rb);
  cops_ctx_free(seeded);
}
END_TEST

/* The subject's file: the example subjects read, written, read back and written the same;
 * malformed files refused, naming the field. */
START_TEST(test_subject_files)
{
  static const char *const files[] = {"frightened-witness", "hardened-gang-member",
                                      "lawyer-backed-suspect"};
  for (int f = 0; f < 3; f++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s.json", SUBJECTS_DIR, files[f]);
    cops_subject *s, *again;
    ck_assert_msg(cops_subject_load(&s, ctx, path) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
    char *text, *text2;
    ck_assert_int_eq(cops_subject_to_json(s, &text), COPS_OK);
    ck_assert_int_eq(cops_subject_from_json(&again, ctx, text), COPS_OK);
    ck_assert_int_eq(cops_subject_to_json(again, &text2), COPS_OK);
    ck_assert_str_eq(text, text2);
    ck_assert_int_ge(cops_subject_fact_count(s), 3);
    cops_free(text);
    cops_free(text2);
    cops_subject_free(again);
    cops_subject_free(s);
  }
  cops_subject *s;
  ck_assert_int_eq(cops_subject_load(&s, ctx, SUBJECTS_DIR "/lawyer-backed-suspect.json"),
                   COPS_OK);
  ck_assert_int_eq(cops_subject_reaction_mode(s), COPS_REACTION_RESISTANCE);
  ck_assert_int_eq(cops_subject_has_tag(s, 1, "Press"), 1);
  ck_assert_int_eq(cops_subject_has_tag(s, 0, "press"), 0);
  int tier;
  ck_assert_str_eq(cops_subject_fact(s, 2, &tier), "The envelope held the councilman's "
                   "schedule for the week.");
  ck_assert_int_eq(tier, 4);
  cops_subject_free(s);
#define BASE "{\"type\":\"subject\",\"name\":\"X\",\"characteristics\":{\"Sang-froid\":2," \
             "\"Charme\":2,\"Éducation\":2}"
  static const struct {
    const char *json;
    int rc;
    const char *msg;
  } bad[] = {
    {"{\"type\":\"chase\"}", COPS_EJSON, "type: expected \"subject\""},
    {BASE ",\"mood\":1}", COPS_EJSON, "mood: unknown field"},
    {"{\"type\":\"subject\",\"name\":\"X\",\"characteristics\":{\"Charme\":2,\"Éducation\":2}}",
     COPS_EJSON, "characteristics.Sang-froid: missing field"},
    {BASE ",\"reactions\":{\"Narquois\":1}}", COPS_EJSON, "reactions.Narquois: unknown name"},
    {BASE ",\"reactions\":{\"Poli\":6}}", COPS_ERANGE, "reactions.Poli: 6 out of range -5..5"},
    {BASE ",\"resistance\":{\"Carrure\":1}}", COPS_EINVAL,
     "resistance.Carrure: characteristic 0: a subject resists with Sang-froid, Charme or "
     "Éducation (C4.2)"},
    {BASE ",\"reaction_mode\":\"both\"}", COPS_EJSON,
     "reaction_mode: expected \"dice\" or \"resistance\""},
    {BASE ",\"facts\":[{\"tier\":10,\"text\":\"a\"}]}", COPS_ERANGE,
     "facts[0].tier: 10 out of range 0..9"},
    {BASE ",\"affinity\":[\"a\",\"A\"]}", COPS_EINVAL, "affinity[1]: 'A' is there already"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    const int rc = cops_subject_from_json(&s, ctx, bad[i].json);
    ck_assert_msg(rc == bad[i].rc && !strcmp(cops_ctx_errmsg(ctx), bad[i].msg),
                  "case %zu: %d %s", i, rc, cops_ctx_errmsg(ctx));
    ck_assert_ptr_null(s);
  }
  /* Attitudes by name, in any language. */
  int a;
  ck_assert_int_eq(cops_interview_attitude_parse("inquisiteur", &a), COPS_OK);
  ck_assert_int_eq(a, COPS_IV_INQUISITEUR);
  ck_assert_int_eq(cops_interview_attitude_parse("Friendly", &a), COPS_OK);
  ck_assert_int_eq(a, COPS_IV_AMICAL);
  ck_assert_str_eq(cops_interview_attitude_name(COPS_IV_FROID, COPS_LANG_ES), "Frío");
}
END_TEST

static Suite *interrogation_suite(void)
{
  Suite *s = suite_create("interrogation");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_c4_2_c4_4_the_two_rolls);
  tcase_add_test(tc, test_c4_3_c4_6_c4_7_reactions_and_resistance);
  tcase_add_test(tc, test_c4_8_odds_match_seeded_interrogations);
  tcase_add_test(tc, test_c4_8_anciennete_rolls_a_lost_roll_again);
  tcase_add_test(tc, test_subject_files);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(interrogation_suite)
