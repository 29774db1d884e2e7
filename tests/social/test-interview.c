/* The interview (COPS.md C4): the evaluation (C4.1), interrogation rolls and the facts they
 * give (C4.5, C4.6, C4.8), the methods barred and the resistance raised by failures, new
 * evidence (C4.7), Ancienneté (C4.8, C5), all or nothing, the odds as the interrogator sees
 * them, and the save, with scripted dice and seeded runs. */
#include <stdio.h>

#include "testutil.h"

static script s;
static cops_ctx *ctx;
static cops_character *cop;
static cops_subject *subject;
static cops_interview *iv;

static void setup(void)
{
  ctx = SCRIPT(&s, 1);
  ck_assert_int_eq(cops_character_new(&cop, ctx), COPS_OK);
  cops_character_set_name(cop, "Sarah");
  cops_character_set_characteristic(cop, COPS_SANG_FROID, 3);
  cops_character_set_characteristic(cop, COPS_CHARME, 3);
  cops_character_set_characteristic(cop, COPS_EDUCATION, 3);
  cops_character_set_characteristic(cop, COPS_PERCEPTION, 3);
  cops_character_set_hp(cop, cops_character_max_hp(cop));
  ck_assert_int_eq(cops_character_set_skill(cop, COPS_INTIMIDATION, 7, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(cop, COPS_ELOQUENCE, 6, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(cop, COPS_RHETORIQUE, 5, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(cop, COPS_PSYCHOLOGIE, 5, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_points(cop, 0, 2), COPS_OK);
  ck_assert_int_eq(cops_subject_new(&subject, ctx, "Rosa"), COPS_OK);
  cops_subject_set_characteristic(subject, COPS_SANG_FROID, 3);
  cops_subject_set_characteristic(subject, COPS_CHARME, 2);
  cops_subject_set_characteristic(subject, COPS_EDUCATION, 4);
  cops_subject_set_resistance(subject, COPS_SANG_FROID, 1);   /* 5+ */
  cops_subject_set_reaction(subject, COPS_IV_AGRESSIF, -1);
  cops_subject_set_reaction(subject, COPS_IV_POLI, 2);
  ck_assert_int_eq(cops_subject_add_fact(subject, 0, "She saw the van."), COPS_OK);
  ck_assert_int_eq(cops_subject_add_fact(subject, 1, "It was white, with a ladder."), COPS_OK);
  ck_assert_int_eq(cops_subject_add_fact(subject, 2, "The driver was Tommy."), COPS_OK);
  ck_assert_int_eq(cops_subject_add_fact(subject, 0, "It left at midnight."), COPS_OK);
  ck_assert_int_eq(cops_interview_new(&iv, ctx, subject, cop), COPS_OK);
}

static void teardown(void)
{
  cops_interview_free(iv);
  cops_subject_free(subject);
  cops_character_free(cop);
  cops_ctx_free(ctx);
}

static cops_event event(int i)
{
  cops_event e;
  e.size = sizeof e;
  ck_assert_int_eq(cops_log_event(cops_interview_log(iv), i, &e), COPS_OK);
  return e;
}

static int count(void)
{
  return cops_log_count(cops_interview_log(iv));
}

static int ask(int skill, int attitude, int affinity, int anciennete, cops_interview_result *r)
{
  cops_approach a;
  ck_assert_int_eq(cops_approach_init(&a, skill, attitude), COPS_OK);
  a.affinity = affinity;
  a.anciennete = anciennete;
  memset(r, 0, sizeof *r);
  r->size = sizeof *r;
  return cops_interview_ask(iv, &a, r);
}

/* C4.1: Psychologie/Perception (2); a success reveals the first wish, one more per point of
 * MR, in the order of the wishes; once an interview. */
START_TEST(test_c4_1_evaluation)
{
  ck_assert_int_eq(event(0).type, COPS_EV_INTERVIEW);
  ck_assert_int_eq(event(0).actor_id, 0);
  ck_assert_int_eq(event(0).target_id, 1);
  cops_evaluation e;
  ck_assert_int_eq(cops_evaluation_init(&e), COPS_OK);
  e.wishes[0] = COPS_TRAIT_CHARME;
  e.wishes[1] = COPS_TRAIT_POLI;
  e.wishes[2] = COPS_TRAIT_SANG_FROID;
  e.nwishes = 3;
  SCRIPT_FACES(&s, 5, 6, 9);   /* 3 successes at 5+, difficulty 2: MR 1, two traits */
  int n = -1;
  ck_assert_msg(cops_interview_evaluate(iv, &e, &n) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(n, 2);
  ck_assert_int_eq(count(), 4);
  cops_event r = event(1);
  ck_assert_int_eq(r.type, COPS_EV_ROLL);
  ck_assert_int_eq(r.purpose, COPS_PURPOSE_EVALUATION);
  ck_assert_int_eq(r.difficulty, 2);
  ck_assert_int_eq(r.margin, 1);
  ck_assert_int_eq(event(2).type, COPS_EV_TRAIT);
  ck_assert_int_eq(event(2).trait, COPS_TRAIT_CHARME);
  ck_assert_int_eq(event(2).value, 2);
  ck_assert_int_eq(event(3).trait, COPS_TRAIT_POLI);
  ck_assert_int_eq(event(3).value, 2);
  ck_assert_int_eq(cops_interview_knows(iv, COPS_TRAIT_CHARME), 1);
  ck_assert_int_eq(cops_interview_knows(iv, COPS_TRAIT_POLI), 1);
  ck_assert_int_eq(cops_interview_knows(iv, COPS_TRAIT_SANG_FROID), 0);
  ck_assert_int_eq(cops_interview_evaluated(iv), 1);
  /* Once an interview: refused, nothing drawn, nothing logged. */
  SCRIPT_FACES(&s, 9, 9, 9);
  ck_assert_int_eq(cops_interview_evaluate(iv, &e, &n), COPS_ESTATE);
  ck_assert_int_eq(n, 0);
  ck_assert_int_eq(s.next, 0);
  ck_assert_int_eq(count(), 4);
  /* Errors, each refused before any die. */
  cops_interview *other;
  ck_assert_int_eq(cops_interview_new(&other, ctx, subject, cop), COPS_OK);
  e.wishes[1] = COPS_TRAIT_CHARME;
  ck_assert_int_eq(cops_interview_evaluate(other, &e, NULL), COPS_EINVAL);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "wishes[1]: charme wished twice");
  e.wishes[1] = 8;
  ck_assert_int_eq(cops_interview_evaluate(other, &e, NULL), COPS_EINVAL);
  e.wishes[1] = COPS_TRAIT_POLI;
  e.dice_mod = 99;
  ck_assert_int_eq(cops_interview_evaluate(other, &e, NULL), COPS_EINVAL);
  e.dice_mod = 0;
  e.size = 2;
  ck_assert_int_eq(cops_interview_evaluate(other, &e, NULL), COPS_EINVAL);
  ck_assert_int_eq(s.next, 0);
  ck_assert_int_eq(cops_interview_evaluated(other), 0);
  /* A failure reveals nothing; the whole list by default (NULL). */
  SCRIPT_FACES(&s, 1, 2, 9);
  ck_assert_int_eq(cops_interview_evaluate(other, NULL, &n), COPS_OK);
  ck_assert_int_eq(n, 0);
  ck_assert_int_eq(cops_log_count(cops_interview_log(other)), 2);
  cops_interview_free(other);
  /* A failed evaluation rolled again for an Ancienneté point: MR 0, one trait (C5). */
  ck_assert_int_eq(cops_interview_new(&other, ctx, subject, cop), COPS_OK);
  cops_evaluation_init(&e);
  e.anciennete = 1;
  e.nwishes = 2;
  e.wishes[0] = COPS_TRAIT_AMICAL;
  e.wishes[1] = COPS_TRAIT_EDUCATION;
  SCRIPT_FACES(&s, 1, 2, 3, 9, 9, 9);
  ck_assert_int_eq(cops_interview_evaluate(other, &e, &n), COPS_OK);
  ck_assert_int_eq(n, 1);
  ck_assert_int_eq(cops_interview_knows(other, COPS_TRAIT_AMICAL), 1);
  ck_assert_int_eq(cops_interview_knows(other, COPS_TRAIT_EDUCATION), 0);
  int cur, max;
  cops_character_points(cop, COPS_ANCIENNETE, &cur, &max);
  ck_assert_int_eq(cur, 1);
  cops_event again;
  again.size = sizeof again;
  cops_log_event(cops_interview_log(other), 2, &again);
  ck_assert_int_eq(again.anciennete, 1);
  cops_interview_free(other);
}
END_TEST

/* C4.5, C4.8: a win by one success gives the essential (tier 0), each point beyond one tier
 * more; C4.6: the affinity's free point on a win; facts learnt once. */
START_TEST(test_c4_5_c4_6_facts_by_margin)
{
  cops_interview_result r;
  /* Intimidation 7+, Sang-froid 3 - 1 (Agressif): 2 dice; Rosa 3 dice at 5+. */
  SCRIPT_FACES(&s, 8, 9, 1, 2, 5);
  ck_assert_msg(ask(COPS_INTIMIDATION, COPS_IV_AGRESSIF, 0, 0, &r) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  ck_assert_int_eq(r.result, COPS_IV_WON);
  ck_assert_int_eq(r.margin, 1);
  ck_assert_int_eq(r.tiers, 1);
  ck_assert_int_eq(r.learnt, 2);
  ck_assert_int_eq(count(), 7);
  cops_event e = event(1);
  ck_assert_int_eq(e.type, COPS_EV_APPROACH);
  ck_assert_int_eq(e.skill, COPS_INTIMIDATION);
  ck_assert_int_eq(e.attitude, COPS_IV_AGRESSIF);
  ck_assert_int_eq(event(2).purpose, COPS_PURPOSE_INTERROGATION);
  ck_assert_int_eq(event(2).pool, 2);
  ck_assert_int_eq(event(2).threshold, 7);
  ck_assert_int_eq(event(3).purpose, COPS_PURPOSE_RESISTANCE);
  ck_assert_int_eq(event(3).actor_id, 1);
  ck_assert_int_eq(event(3).threshold, 5);
  e = event(4);
  ck_assert_int_eq(e.type, COPS_EV_INTERROGATION);
  ck_assert_int_eq(e.learnt, 2);
  e = event(5);
  ck_assert_int_eq(e.type, COPS_EV_FACT);
  ck_assert_int_eq(e.fact, 0);
  ck_assert_str_eq(e.text, "She saw the van.");
  ck_assert_ptr_null(e.weapon);
  ck_assert_int_eq(event(6).fact, 3);
  ck_assert_int_eq(cops_interview_learnt(iv, 0), 1);
  ck_assert_int_eq(cops_interview_learnt(iv, 1), 0);
  ck_assert_int_eq(cops_interview_learnt(iv, 3), 1);
  ck_assert_int_eq(cops_interview_learnt(iv, 4), COPS_EINVAL);
  /* Éloquence 6+, Charme 3 + 2 (Poli): 5 dice; Rosa's Charme 2 at 6+. Margin 1 and the
   * affinity's point: tiers 0 and 1; the essential is known already. */
  SCRIPT_FACES(&s, 6, 7, 1, 1, 1, 6, 1);
  ck_assert_int_eq(ask(COPS_ELOQUENCE, COPS_IV_POLI, 1, 0, &r), COPS_OK);
  ck_assert_int_eq(r.margin, 1);
  ck_assert_int_eq(r.tiers, 2);
  ck_assert_int_eq(r.learnt, 1);
  ck_assert_int_eq(cops_interview_learnt(iv, 1), 1);
  ck_assert_int_eq(cops_interview_learnt(iv, 2), 0);
  ck_assert_int_eq(cops_interview_asked(iv), 2);
  ck_assert_int_eq(cops_interview_barred(iv, COPS_INTIMIDATION), 0);
}
END_TEST

/* C4.7, C4.8: a tie fails; the method is barred on the subject, every resistance +1,
 * cumulative; new evidence opens the methods again, the increases stay. */
START_TEST(test_c4_7_failure_and_evidence)
{
  cops_interview_result r;
  /* Rhétorique 5+, Éducation 3: 3 dice; Rosa's Éducation 4 at 6+. A tie. */
  SCRIPT_FACES(&s, 5, 1, 1, 6, 1, 1, 1);
  ck_assert_int_eq(ask(COPS_RHETORIQUE, COPS_IV_FROID, 0, 0, &r), COPS_OK);
  ck_assert_int_eq(r.result, COPS_IV_TIED);
  ck_assert_int_eq(r.tiers, 0);
  ck_assert_int_eq(r.learnt, 0);
  cops_event e = event(count() - 1);
  ck_assert_int_eq(e.type, COPS_EV_BARRED);
  ck_assert_int_eq(e.skill, COPS_RHETORIQUE);
  ck_assert_int_eq(e.resistance, 1);
  ck_assert_int_eq(cops_interview_barred(iv, COPS_RHETORIQUE), 1);
  ck_assert_int_eq(cops_interview_resistance_up(iv), 1);
  /* Barred: refused, nothing drawn or logged. */
  const int before = count();
  SCRIPT_FACES(&s, 9, 9, 9, 1, 1, 1, 1);
  ck_assert_int_eq(ask(COPS_RHETORIQUE, COPS_IV_FROID, 0, 0, &r), COPS_ERULE);
  ck_assert_int_eq(s.next, 0);
  ck_assert_int_eq(count(), before);
  /* A loss: Intimidation barred too; the resistance now +2, so Rosa's Sang-froid at 3+. */
  SCRIPT_FACES(&s, 1, 1, 4, 5, 1);
  ck_assert_int_eq(ask(COPS_INTIMIDATION, COPS_IV_AGRESSIF, 0, 0, &r), COPS_OK);
  ck_assert_int_eq(r.result, COPS_IV_LOST);
  ck_assert_int_eq(r.margin, -2);   /* 1, 1 fail at 7+; 4, 5 pass at 4+ */
  ck_assert_int_eq(event(count() - 3).threshold, 4);
  ck_assert_int_eq(cops_interview_resistance_up(iv), 2);
  ck_assert_int_eq(cops_interview_odds(iv, &(cops_approach){0}, 1, NULL), COPS_EINVAL);
  /* New evidence: every method open, the increases stay. */
  ck_assert_int_eq(cops_interview_evidence(iv), COPS_OK);
  e = event(count() - 1);
  ck_assert_int_eq(e.type, COPS_EV_EVIDENCE);
  ck_assert_int_eq(e.resistance, 2);
  ck_assert_int_eq(cops_interview_barred(iv, COPS_RHETORIQUE), 0);
  ck_assert_int_eq(cops_interview_barred(iv, COPS_INTIMIDATION), 0);
  ck_assert_int_eq(cops_interview_resistance_up(iv), 2);
  SCRIPT_FACES(&s, 9, 9, 9, 1, 1, 1, 1);
  ck_assert_int_eq(ask(COPS_RHETORIQUE, COPS_IV_FROID, 0, 0, &r), COPS_OK);
  ck_assert_int_eq(event(count() - 2 - r.learnt).threshold, 4);   /* 6 - 2 */
  ck_assert_int_eq(r.result, COPS_IV_WON);
  ck_assert_int_eq(r.tiers, 3);
  /* The approach's own increases are the interview's to keep. */
  cops_approach a;
  cops_approach_init(&a, COPS_ELOQUENCE, COPS_IV_POLI);
  a.resistance_up = 1;
  ck_assert_int_eq(cops_interview_ask(iv, &a, NULL), COPS_EINVAL);
}
END_TEST

/* C4.7: what the subject has been through is the subject's. Mike's failed Intimidation bars
 * it for Sarah in her own interview, and Rosa resists Sarah +1; the subject written and read
 * back keeps both; the caller resets them. */
START_TEST(test_c4_7_the_subject_keeps_it_for_every_interrogator)
{
  cops_character *mike;
  ck_assert_int_eq(cops_character_new(&mike, ctx), COPS_OK);
  cops_character_set_name(mike, "Mike");
  cops_character_set_characteristic(mike, COPS_SANG_FROID, 3);
  cops_character_set_characteristic(mike, COPS_EDUCATION, 2);
  ck_assert_int_eq(cops_character_set_skill(mike, COPS_INTIMIDATION, 6, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(mike, COPS_RHETORIQUE, 6, NULL), COPS_OK);
  cops_interview *his;
  ck_assert_int_eq(cops_interview_new(&his, ctx, subject, mike), COPS_OK);
  /* Mike: Intimidation 6+, Sang-froid 3 - 1 (Agressif): 2 dice; Rosa 3 dice at 5+. Lost. */
  cops_approach a;
  cops_approach_init(&a, COPS_INTIMIDATION, COPS_IV_AGRESSIF);
  SCRIPT_FACES(&s, 2, 3, 5, 1, 1);
  cops_interview_result r = {.size = sizeof r};
  ck_assert_int_eq(cops_interview_ask(his, &a, &r), COPS_OK);
  ck_assert_int_eq(r.result, COPS_IV_LOST);
  ck_assert_int_eq(cops_subject_barred(subject, COPS_INTIMIDATION), 1);
  ck_assert_int_eq(cops_subject_barred(subject, COPS_ELOQUENCE), 0);
  ck_assert_int_eq(cops_subject_resistance_up(subject), 1);
  /* Sarah's interview, begun before Mike's failure, sees it: barred, nothing drawn. */
  const int before = count();
  SCRIPT_FACES(&s, 9, 9, 9, 1, 1, 1, 1);
  ck_assert_int_eq(ask(COPS_INTIMIDATION, COPS_IV_FROID, 0, 0, &r), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Intimidation is barred on Rosa after a failed "
                   "interrogation (C4.7): new evidence opens it again");
  ck_assert_int_eq(s.next, 0);
  ck_assert_int_eq(count(), before);
  ck_assert_int_eq(cops_interview_barred(iv, COPS_INTIMIDATION), 1);
  ck_assert_int_eq(cops_interview_resistance_up(iv), 1);
  cops_action mine, theirs;
  ck_assert_int_eq(cops_approach_actions(subject, cop, &a, &mine, &theirs), COPS_ERULE);
  /* Éloquence: Rosa's Charme 2 at 6 - 1 = 5+ (+1 from Mike's failure), 3 faces each side. */
  SCRIPT_FACES(&s, 6, 7, 1, 5, 1);
  ck_assert_int_eq(ask(COPS_ELOQUENCE, COPS_IV_FROID, 0, 0, &r), COPS_OK);
  cops_event e = event(before);
  ck_assert_int_eq(e.type, COPS_EV_APPROACH);
  ck_assert_int_eq(e.resistance, 1);
  e = event(before + 2);
  ck_assert_int_eq(e.purpose, COPS_PURPOSE_RESISTANCE);
  ck_assert_int_eq(e.threshold, 5);
  ck_assert_int_eq(e.pool, 2);
  ck_assert_int_eq(r.result, COPS_IV_WON);
  ck_assert_int_eq(r.margin, 1);
  /* The subject as a file keeps both; a fresh copy is barred and raised the same. */
  char *json;
  ck_assert_int_eq(cops_subject_to_json(subject, &json), COPS_OK);
  ck_assert_ptr_nonnull(strstr(json, "\"barred\": [\n    \"intimidation\"\n  ]"));
  ck_assert_ptr_nonnull(strstr(json, "\"resistance_up\": 1"));
  cops_subject *copy;
  ck_assert_int_eq(cops_subject_from_json(&copy, ctx, json), COPS_OK);
  cops_free(json);
  ck_assert_int_eq(cops_subject_barred(copy, COPS_INTIMIDATION), 1);
  ck_assert_int_eq(cops_subject_resistance_up(copy), 1);
  /* New evidence in Mike's interview opens the methods for everyone; the increase stays. */
  ck_assert_int_eq(cops_interview_evidence(his), COPS_OK);
  ck_assert_int_eq(cops_interview_barred(iv, COPS_INTIMIDATION), 0);
  ck_assert_int_eq(cops_subject_resistance_up(subject), 1);
  /* The caller's reset, checked. */
  ck_assert_int_eq(cops_subject_set_barred(copy, COPS_INTIMIDATION, 0), COPS_OK);
  ck_assert_int_eq(cops_subject_set_resistance_up(copy, 0), COPS_OK);
  ck_assert_int_eq(cops_subject_barred(copy, COPS_INTIMIDATION), 0);
  ck_assert_int_eq(cops_subject_resistance_up(copy), 0);
  ck_assert_int_eq(cops_subject_set_resistance_up(copy, 21), COPS_ERANGE);
  ck_assert_int_eq(cops_subject_set_barred(copy, COPS_PSYCHOLOGIE, 1), COPS_EINVAL);
  ck_assert_int_eq(cops_subject_set_barred(copy, COPS_ELOQUENCE, 2), COPS_EINVAL);
  ck_assert_int_eq(cops_subject_barred(copy, COPS_PSYCHOLOGIE), COPS_EINVAL);
  ck_assert_int_eq(cops_subject_to_json(copy, &json), COPS_OK);
  ck_assert_ptr_null(strstr(json, "barred"));   /* a fresh subject reads as before */
  ck_assert_ptr_null(strstr(json, "resistance_up"));
  cops_free(json);
  cops_subject_free(copy);
  cops_interview_free(his);
  cops_character_free(mike);
}
END_TEST

/* C8.2: an interrogator who cannot act neither evaluates nor questions. */
START_TEST(test_c8_2_an_unconscious_interrogator)
{
  ck_assert_int_eq(cops_character_set_hp(cop, 0), COPS_OK);
  SCRIPT_FACES(&s, 9, 9, 9, 9, 9, 9);
  ck_assert_int_eq(cops_interview_evaluate(iv, NULL, NULL), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "the interrogator Sarah is unconscious and cannot "
                   "act (C8.2)");
  cops_interview_result r;
  ck_assert_int_eq(ask(COPS_ELOQUENCE, COPS_IV_POLI, 0, 0, &r), COPS_ERULE);
  ck_assert_int_eq(s.next, 0);
  ck_assert_int_eq(count(), 1);
  ck_assert_int_eq(cops_interview_evaluated(iv), 0);
}
END_TEST

/* C4.8, C5: a lost roll rolled again for an Ancienneté point against the subject's same
 * successes; a win then has MR 0: the essential only. All or nothing when a die is missing. */
START_TEST(test_c4_8_anciennete_and_all_or_nothing)
{
  cops_interview_result r;
  /* 2 dice at 7+ lose 0 to 1; again: 9, 9 beat 1 by 1... the essential only. */
  SCRIPT_FACES(&s, 1, 1, 5, 1, 1, 9, 9);
  ck_assert_int_eq(ask(COPS_INTIMIDATION, COPS_IV_AGRESSIF, 1, 1, &r), COPS_OK);
  ck_assert_int_eq(r.result, COPS_IV_WON);
  ck_assert_int_eq(r.anciennete, 1);
  ck_assert_int_eq(r.margin, 1);
  ck_assert_int_eq(r.tiers, 1);
  int cur, max;
  cops_character_points(cop, COPS_ANCIENNETE, &cur, &max);
  ck_assert_int_eq(cur, 1);
  ck_assert_int_eq(event(4).anciennete, 1);
  ck_assert_int_eq(event(4).purpose, COPS_PURPOSE_INTERROGATION);
  /* A won roll keeps its point. */
  SCRIPT_FACES(&s, 9, 9, 1, 1, 1);
  ck_assert_int_eq(ask(COPS_INTIMIDATION, COPS_IV_AGRESSIF, 0, 1, &r), COPS_OK);
  ck_assert_int_eq(r.anciennete, 0);
  ck_assert_int_eq(r.tiers, 2);
  cops_character_points(cop, COPS_ANCIENNETE, &cur, &max);
  ck_assert_int_eq(cur, 1);
  /* Dice run out in the middle: nothing changes, the point included. */
  const int n = count(), asked = cops_interview_asked(iv);
  SCRIPT_FACES(&s, 1, 1, 5, 1, 1, 9);
  ck_assert_int_ne(ask(COPS_INTIMIDATION, COPS_IV_AGRESSIF, 0, 1, &r), COPS_OK);
  ck_assert_int_eq(count(), n);
  ck_assert_int_eq(cops_interview_asked(iv), asked);
  ck_assert_int_eq(cops_interview_barred(iv, COPS_INTIMIDATION), 0);
  ck_assert_int_eq(cops_interview_resistance_up(iv), 0);
  ck_assert_int_eq(cops_interview_learnt(iv, 2), 0);
  cops_character_points(cop, COPS_ANCIENNETE, &cur, &max);
  ck_assert_int_eq(cur, 1);
}
END_TEST

/* The odds as the interrogator sees them (what the evaluation revealed, 2 and 0 for the
 * rest, no resistance modifier) and as they are (the GM's), both with the increases. */
START_TEST(test_odds_as_the_interrogator_sees_them)
{
  cops_approach a;
  cops_approach_init(&a, COPS_INTIMIDATION, COPS_IV_AGRESSIF);
  cops_interrogation_odds gm = {.size = sizeof gm}, seen = {.size = sizeof seen},
                         plain = {.size = sizeof plain};
  ck_assert_int_eq(cops_interview_odds(iv, &a, 1, &gm), COPS_OK);
  ck_assert_int_eq(cops_approach_odds(subject, cop, &a, &plain), COPS_OK);
  ck_assert(gm.win == plain.win);
  ck_assert_int_eq(cops_interview_odds(iv, &a, 0, &seen), COPS_OK);
  /* Unknown: Sang-froid 2 at 6+ and no reaction: the same as a subject made so. */
  cops_subject *blank;
  cops_subject_new(&blank, ctx, "Blank");
  ck_assert_int_eq(cops_approach_odds(blank, cop, &a, &plain), COPS_OK);
  ck_assert(seen.win == plain.win);
  ck_assert(seen.win != gm.win);
  /* Revealed: Sang-froid and the reaction to Agressif. */
  cops_evaluation e;
  cops_evaluation_init(&e);
  e.nwishes = 2;
  e.wishes[0] = COPS_TRAIT_SANG_FROID;
  e.wishes[1] = COPS_TRAIT_AGRESSIF;
  SCRIPT_FACES(&s, 5, 6, 9);
  ck_assert_int_eq(cops_interview_evaluate(iv, &e, NULL), COPS_OK);
  cops_subject_set_characteristic(blank, COPS_SANG_FROID, 3);
  cops_subject_set_reaction(blank, COPS_IV_AGRESSIF, -1);
  ck_assert_int_eq(cops_interview_odds(iv, &a, 0, &seen), COPS_OK);
  cops_approach_odds(blank, cop, &a, &plain);
  ck_assert(seen.win == plain.win);
  ck_assert(seen.win > gm.win);   /* the resistance modifier +1 stays hidden */
  ck_assert_int_eq(cops_interview_odds(iv, &a, 2, &seen), COPS_EINVAL);
  cops_subject_free(blank);
}
END_TEST

/* The save: resumed in a fresh context, the rest of a seeded interview is the same, event
 * for event; a refused save changes nothing. */
START_TEST(test_save_and_resume)
{
  cops_ctx *a, *b;
  ck_assert_int_eq(cops_ctx_new(&a), COPS_OK);
  ck_assert_int_eq(cops_ctx_new(&b), COPS_OK);
  cops_ctx_seed(a, 2030);
  cops_subject *sub;
  char *text;
  ck_assert_int_eq(cops_subject_to_json(subject, &text), COPS_OK);
  ck_assert_int_eq(cops_subject_from_json(&sub, a, text), COPS_OK);
  cops_free(text);
  cops_character *c;
  ck_assert_int_eq(cops_character_to_json(cop, &text), COPS_OK);
  ck_assert_int_eq(cops_character_from_json(&c, a, text), COPS_OK);
  cops_free(text);
  cops_interview *whole;
  ck_assert_int_eq(cops_interview_new(&whole, a, sub, c), COPS_OK);
  ck_assert_int_eq(cops_interview_evaluate(whole, NULL, NULL), COPS_OK);
  char *saved;
  ck_assert_int_eq(cops_interview_save(whole, &saved), COPS_OK);
  const int at = cops_log_count(cops_interview_log(whole));
  static const int plan[][2] = {{COPS_RHETORIQUE, COPS_IV_POLI}, {COPS_ELOQUENCE, COPS_IV_AMICAL},
                                {COPS_INTIMIDATION, COPS_IV_FROID}};
  for (int round = 0; round < 2; round++)
    for (int k = 0; k < 3; k++) {
      cops_approach ap;
      cops_approach_init(&ap, plan[k][0], plan[k][1]);
      cops_interview_ask(whole, &ap, NULL);   /* a barred method is refused: so be it */
    }
  char *want;
  ck_assert_int_eq(cops_log_to_jsonl(cops_interview_log(whole), at, &want), COPS_OK);
  /* Refused saves: nothing changes, the seeded dice included. */
  cops_ctx_seed(b, 7);
  cops_interview *r;
  static const char *const bad[] = {"{}", "[]", "{\"type\":\"interview-save\"}"};
  for (int k = 0; k < 3; k++)
    ck_assert_int_eq(cops_interview_resume(&r, b, bad[k]), COPS_EJSON);
  /* What the subject has been through (C4.7) is the subject's, in the save's subject. */
  char *broken = malloc(strlen(saved) + 64);
  ck_assert_ptr_nonnull(broken);
  const char *head = strstr(saved, "\"type\": \"subject\",");
  ck_assert_ptr_nonnull(head);
  const size_t cut = (size_t)(head - saved) + strlen("\"type\": \"subject\",");
  sprintf(broken, "%.*s \"resistance_up\": 9, \"barred\": [\"eloquence\"],%s", (int)cut, saved,
          saved + cut);
  ck_assert_int_eq(cops_interview_resume(&r, b, broken), COPS_OK);
  ck_assert_int_eq(cops_interview_resistance_up(r), 9);
  ck_assert_int_eq(cops_subject_resistance_up(cops_interview_subject(r)), 9);
  ck_assert_int_eq(cops_interview_barred(r, COPS_ELOQUENCE), 1);
  ck_assert_int_eq(cops_interview_barred(r, COPS_RHETORIQUE), 0);
  cops_interview_free(r);
  /* A save of 0.16 kept them beside the subject: read into the subject; not both. */
  char *old = malloc(strlen(saved) + 64);
  ck_assert_ptr_nonnull(old);
  head = strstr(saved, "\"type\": \"interview-save\",");
  ck_assert_ptr_nonnull(head);
  const size_t at_old = (size_t)(head - saved) + strlen("\"type\": \"interview-save\",");
  sprintf(old, "%.*s \"resistance_up\": 4, \"barred\": [\"intimidation\"],%s", (int)at_old,
          saved, saved + at_old);
  ck_assert_int_eq(cops_interview_resume(&r, b, old), COPS_OK);
  ck_assert_int_eq(cops_subject_resistance_up(cops_interview_subject(r)), 4);
  ck_assert_int_eq(cops_subject_barred(cops_interview_subject(r), COPS_INTIMIDATION), 1);
  cops_interview_free(r);
  free(old);
  old = malloc(strlen(broken) + 64);
  ck_assert_ptr_nonnull(old);
  sprintf(old, "%.*s \"resistance_up\": 4,%s", (int)cut, broken, broken + cut);
  ck_assert_int_eq(cops_interview_resume(&r, b, old), COPS_EJSON);   /* resistance_up twice */
  free(old);
  char *p = strstr(broken, "\"known\": [");
  ck_assert_ptr_nonnull(p);
  memcpy(p + strlen("\"known\": ["), "\"xx\"", 4);
  ck_assert_int_eq(cops_interview_resume(&r, b, broken), COPS_EJSON);
  ck_assert_ptr_null(r);
  free(broken);
  ck_assert_int_eq(cops_interview_resume(&r, b, saved), COPS_OK);
  char *again;
  ck_assert_int_eq(cops_interview_save(r, &again), COPS_OK);
  ck_assert_str_eq(saved, again);
  cops_free(again);
  for (int round = 0; round < 2; round++)
    for (int k = 0; k < 3; k++) {
      cops_approach ap;
      cops_approach_init(&ap, plan[k][0], plan[k][1]);
      cops_interview_ask(r, &ap, NULL);
    }
  char *got;
  ck_assert_int_eq(cops_log_to_jsonl(cops_interview_log(r), 0, &got), COPS_OK);
  ck_assert_str_eq(got, want);
  cops_free(got);
  cops_free(want);
  cops_free(saved);
  cops_interview_free(r);
  cops_interview_free(whole);
  cops_subject_free(sub);
  cops_character_free(c);
  cops_ctx_free(b);
  cops_ctx_free(a);
  /* Dice from the caller's function cannot be saved. */
  ck_assert_int_eq(cops_interview_save(iv, &text), COPS_ESTATE);
}
END_TEST

/* Names of traits, in the three languages and as the JSON keys. */
START_TEST(test_trait_names)
{
  int t;
  ck_assert_str_eq(cops_trait_name(COPS_TRAIT_SANG_FROID, COPS_LANG_FR), "Sang-froid");
  ck_assert_str_eq(cops_trait_name(COPS_TRAIT_SANG_FROID, COPS_LANG_EN), "Nerve");
  ck_assert_str_eq(cops_trait_name(COPS_TRAIT_AMICAL, COPS_LANG_EN), "Friendly");
  ck_assert_ptr_null(cops_trait_name(8, COPS_LANG_EN));
  ck_assert_int_eq(cops_trait_parse("sang-froid", &t), COPS_OK);
  ck_assert_int_eq(t, COPS_TRAIT_SANG_FROID);
  ck_assert_int_eq(cops_trait_parse("education", &t), COPS_OK);
  ck_assert_int_eq(t, COPS_TRAIT_EDUCATION);
  ck_assert_int_eq(cops_trait_parse("Encanto", &t), COPS_OK);
  ck_assert_int_eq(t, COPS_TRAIT_CHARME);
  ck_assert_int_eq(cops_trait_parse("polite", &t), COPS_OK);
  ck_assert_int_eq(t, COPS_TRAIT_POLI);
  ck_assert_int_eq(cops_trait_parse("Carrure", &t), COPS_ENOTFOUND);
}
END_TEST

static Suite *suite(void)
{
  Suite *su = suite_create("interview");
  TCase *tc = tcase_create("interview");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_c4_1_evaluation);
  tcase_add_test(tc, test_c4_5_c4_6_facts_by_margin);
  tcase_add_test(tc, test_c4_7_failure_and_evidence);
  tcase_add_test(tc, test_c4_7_the_subject_keeps_it_for_every_interrogator);
  tcase_add_test(tc, test_c8_2_an_unconscious_interrogator);
  tcase_add_test(tc, test_c4_8_anciennete_and_all_or_nothing);
  tcase_add_test(tc, test_odds_as_the_interrogator_sees_them);
  tcase_add_test(tc, test_save_and_resume);
  tcase_add_test(tc, test_trait_names);
  suite_add_tcase(su, tc);
  return su;
}

TEST_MAIN(suite)
