/* D6 healing (OTHER-SYSTEMS.md D6 §6.1-§6.4, §8.5-§8.7 and the rulings each test cites):
 * natural recovery and treatments with scripted dice. */
#include "d6-testutil.h"

static void set_step(cops_d6_character *ch, int step)
{
  cops_d6_wounds w = wounds(ch);
  w.step = step;
  ck_assert_int_eq(cops_d6_character_set_wounds(ch, &w), COPS_OK);
}

/* §6.1: the waits; D6-A33: −1D after work, +1D after twice the rest; a success one step
 * better, a critical failure one step worse, another failure nothing. */
START_TEST(test_s6_1_recovery)
{
  ck_assert_int_eq(cops_d6_recovery_wait(COPS_D6_STUNNED), 1);
  ck_assert_int_eq(cops_d6_recovery_wait(COPS_D6_WOUNDED), 3 * 1440);
  ck_assert_int_eq(cops_d6_recovery_wait(COPS_D6_SEVERELY), 3 * 1440);
  ck_assert_int_eq(cops_d6_recovery_wait(COPS_D6_INCAPACITATED), 14 * 1440);
  ck_assert_int_eq(cops_d6_recovery_wait(COPS_D6_MORTALLY), 35 * 1440);
  ck_assert_int_eq(cops_d6_recovery_wait(COPS_D6_KILLED), COPS_EINVAL);
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *ch = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Kim\"," ATTRS("4D") "}");
  cops_d6_healing h;
  h.size = sizeof h;
  /* Wounded (−1D): Vigueur 3D against 6; 2+2+2 = 6, a success: Stunned. */
  set_step(ch, 2);
  SCRIPT_FACES(&s, 2, 2, 2);
  ck_assert_int_eq(cops_d6_recover(&h, ctx, ch, 0, COPS_D6_RESTED, NULL, NULL), COPS_OK);
  ck_assert_int_eq(h.rolled, 1);
  ck_assert_int_eq(h.difficulty, 6);
  ck_assert_int_eq(h.success, 1);
  ck_assert_int_eq(h.level, COPS_D6_STUNNED);
  ck_assert_int_eq(s.next, 3);
  /* Stunned: no roll, unhurt. */
  ck_assert_int_eq(cops_d6_recover(&h, ctx, ch, 0, COPS_D6_RESTED, NULL, NULL), COPS_OK);
  ck_assert_int_eq(h.rolled, 0);
  ck_assert_int_eq(wounds(ch).level, COPS_D6_UNHURT);
  ck_assert_int_eq(cops_d6_recover(&h, ctx, ch, 0, COPS_D6_RESTED, NULL, NULL), COPS_ERULE);
  /* Severely wounded (−2D) after work (−1D): 1D; 3 < 6 fails, nothing moves. */
  set_step(ch, 3);
  SCRIPT_FACES(&s, 3);
  ck_assert_int_eq(cops_d6_recover(&h, ctx, ch, 0, COPS_D6_WORKED, NULL, NULL), COPS_OK);
  ck_assert_int_eq(h.success, 0);
  ck_assert_int_eq(h.critical, 0);
  ck_assert_int_eq(wounds(ch).step, 3);
  /* A long rest (+1D): 3D; the free die's 1 on a failure: one step worse, Incapacitated. */
  SCRIPT_FACES(&s, 1, 1, 1);
  ck_assert_int_eq(cops_d6_recover(&h, ctx, ch, 0, COPS_D6_LONG_REST, NULL, NULL), COPS_OK);
  ck_assert_int_eq(h.critical, 1);
  ck_assert_int_eq(h.level, COPS_D6_INCAPACITATED);
  /* Level 5 needs the patient stabilised (D6-A19), then against 8 at full dice (4D). */
  set_step(ch, 5);
  ck_assert_int_eq(cops_d6_recover(&h, ctx, ch, 0, COPS_D6_RESTED, NULL, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "stabilised"));
  cops_d6_wounds w = wounds(ch);
  w.stabilised = 1;
  w.mortal_rounds = 500;
  cops_d6_character_set_wounds(ch, &w);
  SCRIPT_FACES(&s, 2, 2, 2, 2);
  ck_assert_int_eq(cops_d6_recover(&h, ctx, ch, 0, COPS_D6_RESTED, NULL, NULL), COPS_OK);
  ck_assert_int_eq(h.difficulty, 8);
  w = wounds(ch);
  ck_assert_int_eq(w.level, COPS_D6_INCAPACITATED);
  ck_assert_int_eq(w.mortal_rounds, 0);          /* out of level 5: the clock stops */
  ck_assert_int_eq(w.stabilised, 0);
  ck_assert_int_eq(w.unconscious, 0);            /* D6-A18: conscious, at −3D */
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §8.5, D6-A30: in hit points a level regained sets the loss to its bracket's bottom. */
START_TEST(test_s8_5_recovery_in_hp)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *ch = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Iris\"," ATTRS("4D")
                                     ",\"wounds\":{\"mode\":\"hit_points\",\"hp_max\":20,\"hp_lost\":15}}");
  ck_assert_int_eq(wounds(ch).level, COPS_D6_SEVERELY);   /* 75 % */
  cops_d6_healing h;
  h.size = sizeof h;
  SCRIPT_FACES(&s, 4, 4);                                  /* 4D −2D: 8 against 6 */
  ck_assert_int_eq(cops_d6_recover(&h, ctx, ch, 0, COPS_D6_RESTED, NULL, NULL), COPS_OK);
  ck_assert_int_eq(h.level, COPS_D6_WOUNDED);
  ck_assert_int_eq(wounds(ch).hp_lost, 9);               /* ⌊0.40 × 20⌋ + 1: level 2's bottom */
  ck_assert_int_eq(h.hp_gained, 6);
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.3, §6.4, D6-A35, D6-A36: Medicine after a fight by level; the technology's points;
 * treating oneself −1D; one attempt a healer a level. */
START_TEST(test_s6_3_after_combat)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *doc = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Doc\"," ATTRS("3D")
                                      ",\"skills\":{\"medicine\":\"3D\"}}");
  cops_d6_character *nurse = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Nurse\"," ATTRS("3D")
                                        ",\"skills\":{\"medicine\":\"3D\"}}");
  cops_d6_character *pat = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Pat\"," ATTRS("3D")
                                      ",\"wounds\":{\"step\":2}}");
  cops_d6_healing h;
  h.size = sizeof h;
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  SCRIPT_FACES(&s, 5, 5, 4);                        /* 14 against 15: a failure */
  ck_assert_int_eq(cops_d6_treat(&h, ctx, doc, 7, pat, 1, COPS_D6_AFTER_COMBAT, NULL, log),
                   COPS_OK);
  ck_assert_int_eq(h.difficulty, 15);
  ck_assert_int_eq(h.success, 0);
  ck_assert_int_eq(cops_d6_treat(&h, ctx, doc, 7, pat, 1, COPS_D6_AFTER_COMBAT, NULL, log),
                   COPS_ERULE);                     /* D6-A35 */
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "D6-A35"));
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.medical_tech = 5;                               /* another healer, futuristic: 14 + 5 */
  SCRIPT_FACES(&s, 5, 5, 4);
  ck_assert_int_eq(cops_d6_treat(&h, ctx, nurse, 8, pat, 1, COPS_D6_AFTER_COMBAT, &r, log),
                   COPS_OK);
  ck_assert_int_eq(h.total, 19);
  ck_assert_int_eq(h.level, COPS_D6_STUNNED);
  /* A new level: the first healer may try again; Stunned is 10. */
  SCRIPT_FACES(&s, 4, 3, 3);
  ck_assert_int_eq(cops_d6_treat(&h, ctx, doc, 7, pat, 1, COPS_D6_AFTER_COMBAT, NULL, log),
                   COPS_OK);
  ck_assert_int_eq(h.difficulty, 10);
  ck_assert_int_eq(h.level, COPS_D6_UNHURT);
  ck_assert_int_eq(cops_d6_treat(&h, ctx, doc, 7, pat, 1, COPS_D6_AFTER_COMBAT, NULL, log),
                   COPS_ERULE);                     /* unhurt */
  /* Treating oneself, Wounded: 3D −1D −1D, one die; its 1 on a failure is critical and
   * makes it worse. */
  set_step(doc, 2);
  SCRIPT_FACES(&s, 1);
  ck_assert_int_eq(cops_d6_treat(&h, ctx, doc, 7, doc, 7, COPS_D6_AFTER_COMBAT, NULL, log),
                   COPS_OK);
  ck_assert_int_eq(h.critical, 1);
  ck_assert_int_eq(h.level, COPS_D6_SEVERELY);
  ck_assert_int_eq(s.next, 1);
  /* The events: d6.roll and d6.heal each time. */
  char *jsonl;
  ck_assert_int_eq(cops_log_to_jsonl(log, 0, &jsonl), COPS_OK);
  ck_assert_ptr_nonnull(strstr(jsonl, "\"type\":\"d6.heal\",\"actor\":\"Nurse\""));
  ck_assert_ptr_nonnull(strstr(jsonl, "\"purpose\":\"treatment\""));
  cops_free(jsonl);
  cops_log_free(log);
  cops_d6_character_free(doc);
  cops_d6_character_free(nurse);
  cops_d6_character_free(pat);
  cops_ctx_free(ctx);
}
END_TEST

/* §8.7, D6-A32: in hit points the success level comes back (0 on a tie). */
START_TEST(test_s8_7_after_combat_hp)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *doc = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Doc\"," ATTRS("3D")
                                      ",\"skills\":{\"medicine\":\"4D\"}}");
  cops_d6_character *pat = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Pat\"," ATTRS("3D")
                                      ",\"wounds\":{\"mode\":\"hit_points\",\"hp_max\":20,\"hp_lost\":10}}");
  cops_d6_healing h;
  h.size = sizeof h;
  SCRIPT_FACES(&s, 5, 5, 5, 4);                     /* 19 against 15: 4 HP */
  ck_assert_int_eq(cops_d6_treat(&h, ctx, doc, 3, pat, 1, COPS_D6_AFTER_COMBAT, NULL, NULL),
                   COPS_OK);
  ck_assert_int_eq(h.hp_gained, 4);
  ck_assert_int_eq(wounds(pat).hp_lost, 6);
  ck_assert_int_eq(h.level, COPS_D6_STUNNED);       /* 30 % */
  cops_d6_character_free(doc);
  cops_d6_character_free(pat);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.2, D6-A34: during a fight, levels 4 and 5 (5 only with the switch); the better of
 * Medicine and Knowledge against the whole minutes at level 5 (at least 1); a success sets
 * level 3 and stops the clock. */
START_TEST(test_s6_2_in_combat)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *medic = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Medic\"," ATTRS("3D")
                                        ",\"skills\":{\"medicine\":\"1D\"}}");   /* Knowledge 2D */
  cops_d6_character *pat = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Pat\"," ATTRS("3D")
                                      ",\"wounds\":{\"step\":3}}");
  cops_d6_healing h;
  h.size = sizeof h;
  ck_assert_int_eq(cops_d6_treat(&h, ctx, medic, 2, pat, 1, COPS_D6_IN_COMBAT, NULL, NULL),
                   COPS_ERULE);
  cops_d6_wounds w = wounds(pat);
  w.step = 5;
  w.mortal_rounds = 30;                             /* 2 whole minutes */
  cops_d6_character_set_wounds(pat, &w);
  SCRIPT_FACES(&s, 1, 1);                           /* Knowledge 2D: 2 against 2 */
  ck_assert_int_eq(cops_d6_treat(&h, ctx, medic, 2, pat, 1, COPS_D6_IN_COMBAT, NULL, NULL),
                   COPS_OK);
  ck_assert_int_eq(h.difficulty, 2);
  ck_assert_int_eq(h.success, 1);
  w = wounds(pat);
  ck_assert_int_eq(w.level, COPS_D6_SEVERELY);
  ck_assert_int_eq(w.mortal_rounds, 0);
  /* Level 4 is treated only without the switch; its difficulty is 1. */
  set_step(pat, 4);
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.combat_heal_level5_only = 1;
  ck_assert_int_eq(cops_d6_treat(&h, ctx, medic, 2, pat, 1, COPS_D6_IN_COMBAT, &r, NULL),
                   COPS_ERULE);
  SCRIPT_FACES(&s, 1, 1);
  ck_assert_int_eq(cops_d6_treat(&h, ctx, medic, 2, pat, 1, COPS_D6_IN_COMBAT, NULL, NULL),
                   COPS_OK);
  ck_assert_int_eq(h.difficulty, 1);
  ck_assert_int_eq(h.level, COPS_D6_SEVERELY);
  /* A healer who cannot act is refused. */
  set_step(medic, 5);
  set_step(pat, 4);
  ck_assert_int_eq(cops_d6_treat(&h, ctx, medic, 2, pat, 1, COPS_D6_IN_COMBAT, NULL, NULL),
                   COPS_ERULE);
  cops_d6_character_free(medic);
  cops_d6_character_free(pat);
  cops_ctx_free(ctx);
}
END_TEST

/* All or nothing: dice running out leave the patient, the healer and the log as they were. */
START_TEST(test_heal_all_or_nothing)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *doc = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Doc\"," ATTRS("3D")
                                      ",\"skills\":{\"medicine\":\"3D\"}}");
  cops_d6_character *pat = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Pat\"," ATTRS("3D")
                                      ",\"wounds\":{\"step\":2}}");
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  char *before;
  cops_d6_character_to_json(pat, &before);
  SCRIPT_FACES(&s, 5, 5);
  ck_assert_int_eq(cops_d6_treat(NULL, ctx, doc, 7, pat, 1, COPS_D6_AFTER_COMBAT, NULL, log),
                   COPS_ERNG);
  char *after;
  cops_d6_character_to_json(pat, &after);
  ck_assert_str_eq(before, after);                  /* no healer remembered either */
  ck_assert_int_eq(cops_log_count(log), 0);
  SCRIPT_FACES(&s, 5);
  ck_assert_int_eq(cops_d6_recover(NULL, ctx, pat, 1, COPS_D6_RESTED, NULL, log), COPS_ERNG);
  cops_free(after);
  cops_d6_character_to_json(pat, &after);
  ck_assert_str_eq(before, after);
  cops_free(before);
  cops_free(after);
  cops_log_free(log);
  cops_d6_character_free(doc);
  cops_d6_character_free(pat);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("d6-heal");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_s6_1_recovery);
  tcase_add_test(tc, test_s8_5_recovery_in_hp);
  tcase_add_test(tc, test_s6_3_after_combat);
  tcase_add_test(tc, test_s8_7_after_combat_hp);
  tcase_add_test(tc, test_s6_2_in_combat);
  tcase_add_test(tc, test_heal_all_or_nothing);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(suite)
