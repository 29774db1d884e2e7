/* Wounds over time (COPS.md C8.2-C8.8) and nights (C5): the clock, bleeding, first
 * aid, stabilisation, rest, clinical death and revival, the aftermath of a fight,
 * sheets with wounds, all or nothing, and the odds of each treatment. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>

#include "testutil.h"

static cops_ctx *ctx;
static script dice;
static cops_character *doc, *pat;   /* the healer and the patient */
static cops_log *log_;
static cops_roll *roll;

#define FACES(...) SCRIPT_FACES(&dice, __VA_ARGS__)

static cops_character *person(const char *name, int carrure, int coordination, int nerve)
{
  cops_character *ch;
  ck_assert_int_eq(cops_character_new(&ch, ctx), COPS_OK);
  cops_character_set_name(ch, name);
  cops_character_set_characteristic(ch, COPS_CARRURE, carrure);
  cops_character_set_characteristic(ch, COPS_COORDINATION, coordination);
  cops_character_set_characteristic(ch, COPS_SANG_FROID, nerve);
  return ch;
}

static void setup(void)
{
  ctx = SCRIPT(&dice, 1);
  dice.n = 0;
  /* Doc: Premiers secours 5+, Médecine 7+ (no specialisation needed below 6+),
   * Coordination 3, Sang-froid 3. Pat: Carrure 3, 29 hit points. */
  doc = person("Doc", 2, 3, 3);
  ck_assert_int_eq(cops_character_set_skill(doc, COPS_PREMIERS_SECOURS, 5, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(doc, COPS_MEDECINE, 7, NULL), COPS_OK);
  pat = person("Pat", 3, 2, 2);
  ck_assert_int_eq(cops_log_new(&log_, ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&roll), COPS_OK);
}

static void teardown(void)
{
  cops_roll_free(roll);
  cops_log_free(log_);
  cops_character_free(pat);
  cops_character_free(doc);
  cops_ctx_free(ctx);
}

static int hp_of(const cops_character *ch)
{
  int hp;
  ck_assert_int_eq(cops_character_hp(ch, &hp), COPS_OK);
  return hp;
}

static int clock_of(const cops_character *ch)
{
  int t;
  ck_assert_int_eq(cops_character_time(ch, &t), COPS_OK);
  return t;
}

static int period_of(const cops_character *ch)
{
  int p, next;
  ck_assert_int_eq(cops_character_bleeding(ch, &p, &next, NULL), COPS_OK);
  return p;
}

static int next_of(const cops_character *ch)
{
  int p, next;
  ck_assert_int_eq(cops_character_bleeding(ch, &p, &next, NULL), COPS_OK);
  return next;
}

static cops_treated treat_rc(int kind, int difficulty, unsigned flags, int rc)
{
  cops_treatment t;
  ck_assert_int_eq(cops_treatment_init(&t, COPS_TREAT_FIRST_AID), COPS_OK);
  t.kind = kind;
  t.difficulty = difficulty;
  t.flags = flags;
  cops_treated out;
  memset(&out, 0, sizeof out);
  out.size = sizeof out;
  const int got = cops_treat(&out, roll, doc, pat, &t, log_);
  ck_assert_msg(got == rc, "treat kind %d: %d, expected %d (%s)", kind, got, rc,
                cops_ctx_errmsg(ctx));
  return out;
}

static int count(int type)
{
  int n = 0;
  for (int i = 0; i < cops_log_count(log_); i++) {
    cops_event x;
    x.size = sizeof x;
    cops_log_event(log_, i, &x);
    n += x.type == type;
  }
  return n;
}

static cops_event last_of(int type)
{
  cops_event x, found;
  memset(&found, 0, sizeof found);
  for (int i = 0; i < cops_log_count(log_); i++) {
    x.size = sizeof x;
    cops_log_event(log_, i, &x);
    if (x.type == type)
      found = x;
  }
  ck_assert_int_eq(found.type, type);
  return found;
}

/* ---- the clock and bleeding (C8.2, C8.8) ---- */

START_TEST(test_c8_8_bleeding_first_loss_at_the_end_of_the_next_round)
{
  ck_assert_int_eq(cops_character_damage(pat, 30), COPS_OK);
  ck_assert_int_eq(hp_of(pat), -1);
  ck_assert_int_eq(period_of(pat), 1);
  ck_assert_int_eq(next_of(pat), 6);   /* fell in the round 0..3 s: loses at 6 s */
  ck_assert_int_eq(cops_character_advance(pat, 5, log_, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), -1);
  ck_assert_int_eq(cops_character_advance(pat, 1, log_, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), -2);
  ck_assert_int_eq(cops_character_advance(pat, 3, log_, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), -3);   /* then every round */
  ck_assert_int_eq(clock_of(pat), 9);
  cops_event x = last_of(COPS_EV_HIT_POINTS);
  ck_assert_int_eq(x.cause, COPS_CAUSE_BLEEDING);
  ck_assert_int_eq(x.clock, 9);
  ck_assert_int_eq(x.target_id, 1);
  ck_assert_int_eq(count(COPS_EV_TIME), 3);
  x = last_of(COPS_EV_TIME);
  ck_assert_int_eq(x.elapsed, 3);
  ck_assert_int_eq(x.clock, 9);
  /* Healed above 0: the bleeding stops. */
  ck_assert_int_eq(cops_character_heal(pat, 4), COPS_OK);
  ck_assert_int_eq(period_of(pat), 0);
  ck_assert_int_eq(cops_character_advance(pat, 600, NULL, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), 1);
}
END_TEST

START_TEST(test_c8_2_c8_7_clinical_death_revival_and_final_death)
{
  cops_character_set_hp(pat, -27);
  ck_assert_int_eq(cops_character_advance(pat, 9, log_, 0), COPS_OK);
  ck_assert_int_eq(hp_of(pat), -29);            /* losses at 6 and 9 s: -max */
  ck_assert_int_eq(cops_character_health(pat), COPS_DEAD);
  ck_assert_int_eq(count(COPS_EV_DEATH), 1);
  ck_assert_int_eq(last_of(COPS_EV_DEATH).final, 0);
  ck_assert_int_eq(period_of(pat), 0);          /* clinical death: no more bleeding */
  ck_assert_int_eq(cops_character_advance(pat, 3600, log_, 0), COPS_OK);
  ck_assert_int_eq(hp_of(pat), -29);
  ck_assert_int_eq(cops_character_heal(pat, 5), COPS_ERULE);
  ck_assert_int_eq(cops_character_set_rest(pat, COPS_REST_HOSPITAL, 0, NULL, 0), COPS_ERULE);
  treat_rc(COPS_TREAT_STABILISE, 1, 0, COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "clinically dead"));
  /* C8.7 RULING: a revival back to -max + 1, a new wound bleeding 1 a round. */
  ck_assert_int_eq(cops_character_revive(pat, log_, 0), COPS_OK);
  ck_assert_int_eq(hp_of(pat), -28);
  ck_assert_int_eq(cops_character_health(pat), COPS_DYING);
  ck_assert_int_eq(period_of(pat), 1);
  ck_assert_int_eq(next_of(pat), clock_of(pat) + 6);
  ck_assert_int_eq(last_of(COPS_EV_HIT_POINTS).cause, COPS_CAUSE_REVIVAL);
  ck_assert_int_eq(cops_character_revive(pat, log_, 0), COPS_ERULE);
  ck_assert_int_eq(cops_character_declare_dead(pat, log_, 0), COPS_ERULE);
  ck_assert_int_eq(cops_character_advance(pat, 6, log_, 0), COPS_OK);
  ck_assert_int_eq(cops_character_health(pat), COPS_DEAD);
  ck_assert_int_eq(cops_character_declare_dead(pat, log_, 0), COPS_OK);
  ck_assert_int_eq(cops_character_health(pat), COPS_DEAD_FINAL);
  ck_assert_int_eq(last_of(COPS_EV_DEATH).final, 1);
  ck_assert_int_eq(cops_character_revive(pat, log_, 0), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "final"));
  ck_assert_int_eq(cops_character_declare_dead(pat, log_, 0), COPS_ERULE);
  ck_assert_str_eq(cops_health_name(COPS_DEAD_FINAL, COPS_LANG_EN), "dead for good");
}
END_TEST

/* Edits of the hit points or the maximum keep the wound consistent (a fuzzed sheet that
 * did not read back: a final death edited back to -6). */
START_TEST(test_edits_keep_the_wound_consistent)
{
  cops_character_set_hp(pat, -29);
  ck_assert_int_eq(cops_character_declare_dead(pat, NULL, 0), COPS_OK);
  cops_character_set_hp(pat, -6);
  ck_assert_int_eq(cops_character_health(pat), COPS_DYING);
  ck_assert_int_eq(period_of(pat), 1);
  char *a;
  ck_assert_int_eq(cops_character_to_json(pat, &a), COPS_OK);
  ck_assert_ptr_null(strstr(a, "final"));
  cops_free(a);
  /* Carrure 3 -> 1: the maximum 29 -> 23, -25 is below it: clinically dead at -23. */
  cops_character_set_hp(pat, -25);
  cops_character_set_characteristic(pat, COPS_CARRURE, 1);
  ck_assert_int_eq(hp_of(pat), -23);
  ck_assert_int_eq(cops_character_health(pat), COPS_DEAD);
  ck_assert_int_eq(period_of(pat), 0);
  /* And back up: dying again, bleeding. */
  cops_character_set_max_hp(pat, 40);
  ck_assert_int_eq(cops_character_health(pat), COPS_DYING);
  ck_assert_int_eq(period_of(pat), 1);
}
END_TEST

/* ---- first aid (C8.4, C8.8) ---- */

START_TEST(test_c8_4_first_aid_heals_the_margin_once_per_fight)
{
  cops_character_damage(pat, 12);   /* 17 */
  /* Premiers secours 5+ / Coordination 3, kit (1): 9 9 9, MR 2. */
  FACES(9, 9, 9);
  cops_treated r = treat_rc(COPS_TREAT_FIRST_AID, 1, 0, COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  ck_assert_int_eq(r.succeeded, 1);
  ck_assert_int_eq(r.margin, 2);
  ck_assert_int_eq(r.healed, 2);
  ck_assert_int_eq(r.cap, 7);       /* lost 12, but never above max - 5 = 24 */
  ck_assert_int_eq(hp_of(pat), 19);
  ck_assert_int_eq(last_of(COPS_EV_ROLL).purpose, COPS_PURPOSE_TREATMENT);
  ck_assert_int_eq(last_of(COPS_EV_HIT_POINTS).cause, COPS_CAUSE_FIRST_AID);
  /* Once per wounded character per fight: again only after new damage. */
  treat_rc(COPS_TREAT_FIRST_AID, 1, 0, COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "once per fight (C8.4)"));
  cops_character_damage(pat, 1);    /* 18 */
  /* Bare hands (3): 9 9 9 is MR 0, heals nothing. */
  FACES(9, 9, 9);
  r = treat_rc(COPS_TREAT_FIRST_AID, 3, 0, COPS_OK);
  ck_assert_int_eq(r.succeeded, 1);
  ck_assert_int_eq(r.healed, 0);
  ck_assert_int_eq(hp_of(pat), 18);
}
END_TEST

START_TEST(test_c8_4_first_aid_never_above_max_minus_five)
{
  cops_character_damage(pat, 6);    /* 23: 1 point below 24 */
  FACES(9, 9, 9);                   /* MR 2 */
  cops_treated r = treat_rc(COPS_TREAT_FIRST_AID, 1, 0, COPS_OK);
  ck_assert_int_eq(r.cap, 1);
  ck_assert_int_eq(r.healed, 1);
  ck_assert_int_eq(hp_of(pat), 24);
  cops_character_damage(pat, 2);    /* 22, at most 24 again */
  FACES(9, 9, 9);
  r = treat_rc(COPS_TREAT_FIRST_AID, 1, 0, COPS_OK);
  ck_assert_int_eq(hp_of(pat), 24);
}
END_TEST

START_TEST(test_c8_8_first_aid_counts_the_last_ten_minutes)
{
  cops_character_damage(pat, 10);   /* 19 at 0 s */
  ck_assert_int_eq(cops_character_lost_recently(pat), 10);
  cops_character_advance(pat, 300, NULL, 1);
  cops_character_damage(pat, 3);    /* 16 at 300 s */
  cops_character_heal(pat, 1);      /* 17 */
  ck_assert_int_eq(cops_character_lost_recently(pat), 12);
  cops_character_advance(pat, 300, NULL, 1);
  ck_assert_int_eq(cops_character_lost_recently(pat), 12);   /* 600 s old: still counts */
  cops_character_advance(pat, 1, NULL, 1);
  ck_assert_int_eq(cops_character_lost_recently(pat), 2);    /* 3 lost less 1 healed */
  FACES(9, 9, 9, 9);
  cops_character_set_characteristic(doc, COPS_COORDINATION, 4);
  cops_treated r = treat_rc(COPS_TREAT_FIRST_AID, 1, 0, COPS_OK);   /* MR 3 */
  ck_assert_int_eq(r.margin, 3);
  ck_assert_int_eq(r.cap, 2);
  ck_assert_int_eq(hp_of(pat), 19);
  /* Ten minutes later first aid heals nothing: a new wound first. */
  cops_character_damage(pat, 1);
  cops_character_advance(pat, 601, NULL, 1);
  ck_assert_int_eq(cops_character_lost_recently(pat), 0);
  FACES(9, 9, 9, 9);
  r = treat_rc(COPS_TREAT_FIRST_AID, 1, 0, COPS_OK);
  ck_assert_int_eq(r.healed, 0);
}
END_TEST

START_TEST(test_c8_8_first_aid_needs_more_than_zero)
{
  cops_character_set_hp(pat, 0);
  treat_rc(COPS_TREAT_FIRST_AID, 1, 0, COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Pat is at 0 hit points: first aid needs more than "
                   "0; stabilise the dying (C8.5, C8.8)");
  ck_assert_int_eq(cops_log_count(log_), 0);
  /* The healer must be able to act (C8.2). */
  cops_character_set_hp(pat, 10);
  cops_character_damage(pat, 2);
  cops_character_set_hp(doc, 0);
  treat_rc(COPS_TREAT_FIRST_AID, 1, 0, COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "cannot act"));
  cops_character_set_hp(doc, 5);
  treat_rc(COPS_TREAT_FIRST_AID, 4, 0, COPS_ERANGE);
  treat_rc(COPS_TREAT_COUNT, 1, 0, COPS_EINVAL);
  treat_rc(COPS_TREAT_FIRST_AID, 1, 0x8000u, COPS_EINVAL);
  treat_rc(COPS_TREAT_FIRST_AID, 1, COPS_ADRENALINE_DIE, COPS_ERULE);   /* not on this skill */
  treat_rc(COPS_TREAT_FIRST_AID, 1, COPS_TREAT_ANCIENNETE, COPS_ERULE); /* no point */
  ck_assert_int_eq(cops_log_count(log_), 0);
}
END_TEST

/* ---- stabilisation (C8.5) ---- */

START_TEST(test_c8_5_premiers_secours_heals_and_slows_to_ten_rounds)
{
  cops_character_set_hp(pat, -5);
  cops_character_advance(pat, 12, NULL, 1);      /* losses at 6, 9, 12: -8 */
  ck_assert_int_eq(hp_of(pat), -8);
  /* Premiers secours 5+ / Sang-froid 3 (1): 9 9 1, MR 1. */
  FACES(9, 9, 1);
  cops_treated r = treat_rc(COPS_TREAT_STABILISE, 1, 0, COPS_OK);
  ck_assert_int_eq(r.healed, 1);
  ck_assert_int_eq(r.bleed_period, 10);
  ck_assert_int_eq(hp_of(pat), -7);
  ck_assert_int_eq(next_of(pat), 12 + 30);       /* one full period later (C8.8) */
  ck_assert_int_eq(last_of(COPS_EV_BLEEDING).period, 10);
  cops_character_advance(pat, 29, NULL, 1);
  ck_assert_int_eq(hp_of(pat), -7);
  cops_character_advance(pat, 1, NULL, 1);
  ck_assert_int_eq(hp_of(pat), -8);
  /* Once per wound: not again. */
  treat_rc(COPS_TREAT_STABILISE, 1, 0, COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "once per wound (C8.5)"));
  /* A new wound bleeds 1 a round again and may be stabilised again (C8.5 RULING). */
  cops_character_damage(pat, 1);
  ck_assert_int_eq(period_of(pat), 1);
  unsigned made;
  cops_character_bleeding(pat, NULL, NULL, &made);
  ck_assert_uint_eq(made, 0);
  FACES(1, 1, 1);
  cops_treated f = treat_rc(COPS_TREAT_STABILISE, 1, 0, COPS_OK);
  ck_assert_int_eq(f.succeeded, 0);
  ck_assert_int_eq(f.bleed_period, 1);           /* failed: still 1 a round */
}
END_TEST

START_TEST(test_c8_5_awake_above_zero)
{
  cops_character_set_hp(pat, 0);                /* PV 0 bleeds too (C8.5 RULING) */
  ck_assert_int_eq(period_of(pat), 1);
  FACES(9, 9, 9);                                /* MR 2 */
  cops_treated r = treat_rc(COPS_TREAT_STABILISE, 1, 0, COPS_OK);
  ck_assert_int_eq(hp_of(pat), 2);
  ck_assert_int_eq(r.bleed_period, 0);
  ck_assert_int_eq(cops_character_health(pat), COPS_BELOW_HALF);
  ck_assert_int_eq(last_of(COPS_EV_BLEEDING).period, 0);
}
END_TEST

START_TEST(test_c8_5_medicine_and_both)
{
  cops_character_set_hp(pat, -5);
  /* Médecine 7+ / Coordination 3 (1): 8 1 1, MR 0: 1 a 40 rounds, heals nothing. */
  FACES(8, 1, 1);
  cops_treated m = treat_rc(COPS_TREAT_MEDICINE, 1, 0, COPS_OK);
  ck_assert_int_eq(m.succeeded, 1);
  ck_assert_int_eq(m.healed, 0);
  ck_assert_int_eq(m.bleed_period, 40);
  ck_assert_int_eq(hp_of(pat), -5);
  ck_assert_int_eq(next_of(pat), 120);
  ck_assert_int_eq(last_of(COPS_EV_ROLL).purpose, COPS_PURPOSE_MEDICINE);
  /* Premiers secours too: MR 1 heals, both succeeding stays 1 a 40 rounds. */
  FACES(9, 9, 1);
  cops_treated s = treat_rc(COPS_TREAT_STABILISE, 1, 0, COPS_OK);
  ck_assert_int_eq(s.healed, 1);
  ck_assert_int_eq(s.bleed_period, 40);
  treat_rc(COPS_TREAT_MEDICINE, 1, 0, COPS_ERULE);
  cops_character_advance(pat, 119, NULL, 1);
  ck_assert_int_eq(hp_of(pat), -4);
  cops_character_advance(pat, 1, NULL, 1);
  ck_assert_int_eq(hp_of(pat), -5);
  /* Both failing on a new wound: 1 a round (C8.5 RULING). */
  cops_character_damage(pat, 1);
  FACES(1, 1, 1);
  treat_rc(COPS_TREAT_MEDICINE, 1, 0, COPS_OK);
  FACES(1, 1, 1);
  cops_treated b = treat_rc(COPS_TREAT_STABILISE, 1, 0, COPS_OK);
  ck_assert_int_eq(b.bleed_period, 1);
}
END_TEST

START_TEST(test_c5_anciennete_rolls_a_failed_treatment_again)
{
  cops_character_set_points(doc, 0, 2);
  cops_character_set_hp(pat, -3);
  /* 1 1 1 fails; the point rolls again: 9 9 9, a success with MR 0 (C5). */
  FACES(1, 1, 1, 9, 9, 9);
  cops_treated r = treat_rc(COPS_TREAT_STABILISE, 1, COPS_TREAT_ANCIENNETE, COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  ck_assert_int_eq(r.anciennete, 1);
  ck_assert_int_eq(r.succeeded, 1);
  ck_assert_int_eq(r.margin, 0);
  ck_assert_int_eq(r.bleed_period, 10);
  int cur;
  cops_character_points(doc, COPS_ANCIENNETE, &cur, NULL);
  ck_assert_int_eq(cur, 1);
  ck_assert_int_eq(count(COPS_EV_ROLL), 2);
  ck_assert_int_eq(last_of(COPS_EV_ROLL).anciennete, 1);
}
END_TEST

/* ---- rest (C8.6) ---- */

START_TEST(test_c8_6_hospital_days_and_discharge)
{
  cops_character_set_hp(pat, -5);
  ck_assert_int_eq(cops_character_set_rest(pat, COPS_REST_HOSPITAL, 0, log_, 1), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "stabilise first (C8.5)"));
  FACES(9, 1, 1);                                 /* MR 0: stabilised at -5 */
  treat_rc(COPS_TREAT_STABILISE, 1, 0, COPS_OK);
  ck_assert_int_eq(cops_character_set_rest(pat, COPS_REST_HOSPITAL, 0, log_, 1), COPS_OK);
  ck_assert_int_eq(period_of(pat), 0);            /* the hospital stops the bleeding */
  ck_assert_int_eq(last_of(COPS_EV_REST).rest, COPS_REST_HOSPITAL);
  /* 2d6 at the end of each full day: 3 + 4, then 6 + 6. */
  FACES(3, 4, 6, 6);
  ck_assert_int_eq(cops_character_advance(pat, COPS_DAY_SECONDS - 1, log_, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), -5);
  ck_assert_int_eq(cops_character_advance(pat, 1, log_, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), 2);
  ck_assert_int_eq(last_of(COPS_EV_ROLL).purpose, COPS_PURPOSE_HOSPITAL);
  ck_assert_int_eq(last_of(COPS_EV_HIT_POINTS).cause, COPS_CAUSE_HOSPITAL);
  /* No hospital discharges a character with 10 or more damage. */
  ck_assert_int_eq(cops_character_set_rest(pat, COPS_REST_NONE, 0, NULL, 1), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "no hospital discharges"));
  ck_assert_int_eq(cops_character_advance(pat, COPS_DAY_SECONDS, log_, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), 14);
  ck_assert_int_eq(dice.next, dice.n);
  /* A fixed value: 8 a day from now, never above the maximum. */
  ck_assert_int_eq(cops_character_set_rest(pat, COPS_REST_HOSPITAL, 8, log_, 1), COPS_OK);
  ck_assert_int_eq(cops_character_advance(pat, 3 * COPS_DAY_SECONDS, log_, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), 29);
  /* Hurt in hospital: a new wound, but the hospital's care keeps it from bleeding. */
  cops_character_damage(pat, 30);
  ck_assert_int_eq(period_of(pat), 0);
  /* Stabilised there (a new wound may be): still no bleeding, and the sheet that says so
   * reads back (found by the fuzzer: a period of 10 in hospital, which no sheet may hold). */
  FACES(9, 9, 1);
  cops_treated st = treat_rc(COPS_TREAT_STABILISE, 1, 0, COPS_OK);
  ck_assert_int_eq(st.succeeded, 1);
  ck_assert_int_eq(st.bleed_period, 0);
  ck_assert_int_eq(period_of(pat), 0);
  char *sheet_text;
  ck_assert_int_eq(cops_character_to_json(pat, &sheet_text), COPS_OK);
  cops_character *back;
  ck_assert_msg(cops_character_from_json(&back, ctx, sheet_text) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  cops_character_free(back);
  cops_free(sheet_text);
  cops_character_heal(pat, 30);
  ck_assert_int_eq(cops_character_set_rest(pat, COPS_REST_NONE, 0, log_, 1), COPS_OK);
  ck_assert_int_eq(cops_character_set_rest(pat, COPS_REST_HOSPITAL, 13, NULL, 1), COPS_ERANGE);
  ck_assert_int_eq(cops_character_set_rest(pat, COPS_REST_NATURAL, 3, NULL, 1), COPS_ERANGE);
  ck_assert_int_eq(cops_character_set_rest(pat, 3, 0, NULL, 1), COPS_EINVAL);
}
END_TEST

START_TEST(test_c8_6_natural_healing_every_two_days)
{
  cops_character_set_hp(pat, 0);
  ck_assert_int_eq(cops_character_set_rest(pat, COPS_REST_NATURAL, 0, NULL, 1), COPS_ERULE);
  cops_character_set_hp(pat, 10);
  ck_assert_int_eq(cops_character_set_rest(pat, COPS_REST_NATURAL, 0, log_, 1), COPS_OK);
  ck_assert_int_eq(cops_character_advance(pat, 2 * COPS_DAY_SECONDS - 1, log_, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), 10);
  ck_assert_int_eq(cops_character_advance(pat, 1, log_, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), 11);
  ck_assert_int_eq(last_of(COPS_EV_HIT_POINTS).cause, COPS_CAUSE_REST);
  ck_assert_int_eq(cops_character_advance(pat, 10 * COPS_DAY_SECONDS, log_, 1), COPS_OK);
  ck_assert_int_eq(hp_of(pat), 16);
  ck_assert_int_eq(dice.next, dice.n);            /* no die */
}
END_TEST

/* ---- nights (C5) ---- */

START_TEST(test_c5_a_night_gives_one_point_back)
{
  cops_character_set_points(doc, 2, 1);
  cops_character_set_current_points(doc, COPS_ADRENALINE, 0);
  cops_character_set_current_points(doc, COPS_ANCIENNETE, 1);
  ck_assert_int_eq(cops_character_night(doc, COPS_ANCIENNETE, 8 * 3600, log_, 0), COPS_ERULE);
  ck_assert_int_eq(clock_of(doc), 0);              /* nothing changed */
  ck_assert_int_eq(cops_log_count(log_), 0);
  ck_assert_int_eq(cops_character_night(doc, COPS_ADRENALINE, 8 * 3600, log_, 0), COPS_OK);
  int cur;
  cops_character_points(doc, COPS_ADRENALINE, &cur, NULL);
  ck_assert_int_eq(cur, 1);
  ck_assert_int_eq(clock_of(doc), 8 * 3600);
  cops_event x = last_of(COPS_EV_NIGHT);
  ck_assert_int_eq(x.point, COPS_ADRENALINE);
  ck_assert_int_eq(x.clock, 8 * 3600);
  ck_assert_int_eq(cops_character_night(doc, -1, 3600, log_, 0), COPS_OK);
  ck_assert_int_eq(last_of(COPS_EV_NIGHT).point, -1);
  ck_assert_int_eq(cops_character_night(doc, 2, 3600, log_, 0), COPS_EINVAL);
  ck_assert_int_eq(cops_character_night(doc, -1, 0, log_, 0), COPS_ERANGE);
}
END_TEST

/* ---- the contract ---- */

START_TEST(test_time_passing_is_all_or_nothing)
{
  cops_character_set_hp(pat, -2);
  cops_character_damage(pat, 1);
  char *before;
  ck_assert_int_eq(cops_character_to_json(pat, &before), COPS_OK);
  /* Room for the TIME event and 3 losses: the fourth fails the whole call. */
  cops_log_set_limit(log_, 4);
  ck_assert_int_eq(cops_character_advance(pat, 60, log_, 1), COPS_ERANGE);
  char *after;
  ck_assert_int_eq(cops_character_to_json(pat, &after), COPS_OK);
  ck_assert_str_eq(after, before);
  ck_assert_int_eq(cops_log_count(log_), 0);
  cops_free(after);
  cops_free(before);
  ck_assert_int_eq(cops_character_advance(pat, -1, log_, 1), COPS_ERANGE);
  ck_assert_int_eq(cops_character_advance(pat, COPS_CLOCK_MAX - clock_of(pat), NULL, 1), COPS_OK);
  ck_assert_int_eq(clock_of(pat), COPS_CLOCK_MAX);
  ck_assert_int_eq(cops_character_advance(pat, 1, log_, 1), COPS_ERANGE);
  ck_assert_int_eq(cops_character_advance(pat, 0, log_, -2), COPS_ERANGE);
  ck_assert_int_eq(cops_character_advance(NULL, 0, log_, 0), COPS_EINVAL);
}
END_TEST

START_TEST(test_a_failed_treatment_changes_nothing)
{
  cops_character_set_points(doc, 0, 1);
  cops_character_set_hp(pat, -3);
  /* The dice run out at the re-roll: everything is put back. */
  FACES(1, 1, 1, 9);
  treat_rc(COPS_TREAT_STABILISE, 1, COPS_TREAT_ANCIENNETE, COPS_ERNG);
  int cur;
  cops_character_points(doc, COPS_ANCIENNETE, &cur, NULL);
  ck_assert_int_eq(cur, 1);
  ck_assert_int_eq(hp_of(pat), -3);
  unsigned made;
  cops_character_bleeding(pat, NULL, NULL, &made);
  ck_assert_uint_eq(made, 0);
  ck_assert_int_eq(cops_log_count(log_), 0);
}
END_TEST

START_TEST(test_sheets_keep_time_and_wounds)
{
  cops_character_damage(pat, 16);         /* lasting counts attacks: set it */
  cops_character_set_lasting_wounds(pat, 1);
  cops_character_advance(pat, 100, NULL, 1);
  cops_character_damage(pat, 15);         /* -2 at 100 s */
  FACES(9, 1, 1);
  treat_rc(COPS_TREAT_MEDICINE, 1, 0, COPS_OK);
  char *a, *b;
  ck_assert_int_eq(cops_character_to_json(pat, &a), COPS_OK);
  ck_assert_ptr_nonnull(strstr(a, "\"time\": 100"));
  ck_assert_ptr_nonnull(strstr(a, "\"period\": 40"));
  ck_assert_ptr_nonnull(strstr(a, "\"medicine\""));
  cops_character *again;
  ck_assert_int_eq(cops_character_from_json(&again, ctx, a), COPS_OK);
  ck_assert_int_eq(cops_character_to_json(again, &b), COPS_OK);
  ck_assert_str_eq(a, b);
  ck_assert_int_eq(cops_character_lost_recently(again), 31);
  ck_assert_int_eq(cops_character_lasting_wounds(again), 1);
  ck_assert_int_eq(next_of(again), 100 + 120);
  cops_free(a);
  cops_free(b);
  cops_character_free(again);
  /* A sheet of schema 1 at 0 hit points or below: a fall now. */
  const char *old = "{\"schema\":1,\"name\":\"Old\",\"characteristics\":{\"Carrure\":3,"
                    "\"Charme\":2,\"Coordination\":3,\"Éducation\":2,\"Perception\":3,"
                    "\"Réflexes\":3,\"Sang-froid\":3},\"hit_points\":{\"current\":-4}}";
  ck_assert_int_eq(cops_character_from_json(&again, ctx, old), COPS_OK);
  ck_assert_int_eq(period_of(again), 1);
  ck_assert_int_eq(next_of(again), 6);
  cops_character_free(again);
}
END_TEST

START_TEST(test_the_ledger_saturates_and_still_reads_back)
{
  /* A simulation that never lets time pass: one second's sum stops at 10^9. */
  const char *text = "{\"schema\":2,\"name\":\"Sim\",\"characteristics\":{\"Carrure\":3,"
                     "\"Charme\":2,\"Coordination\":3,\"Éducation\":2,\"Perception\":3,"
                     "\"Réflexes\":3,\"Sang-froid\":3},\"wounds\":{\"ledger\":"
                     "[{\"time\":0,\"lost\":999999990,\"healed\":999999990}]}}";
  cops_character *sim;
  ck_assert_int_eq(cops_character_from_json(&sim, ctx, text), COPS_OK);
  ck_assert_int_eq(cops_character_damage(sim, 20), COPS_OK);
  ck_assert_int_eq(cops_character_lost_recently(sim), 10);   /* 10^9 - 999999990 */
  char *a;
  ck_assert_int_eq(cops_character_to_json(sim, &a), COPS_OK);
  ck_assert_ptr_nonnull(strstr(a, "\"lost\": 1000000000"));
  cops_character *again;
  ck_assert_int_eq(cops_character_from_json(&again, ctx, a), COPS_OK);
  cops_free(a);
  cops_character_free(again);
  cops_character_free(sim);
}
END_TEST

/* ---- the odds of a treatment ---- */

START_TEST(test_treatment_odds_match_seeded_rolls)
{
  cops_ctx *sctx;
  ck_assert_int_eq(cops_ctx_new(&sctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(sctx, 77), COPS_OK);
  cops_character *h, *p;
  ck_assert_int_eq(cops_character_new(&h, sctx), COPS_OK);
  ck_assert_int_eq(cops_character_new(&p, sctx), COPS_OK);
  cops_character_set_characteristic(h, COPS_COORDINATION, 3);
  cops_character_set_skill(h, COPS_PREMIERS_SECOURS, 6, NULL);
  cops_character_set_characteristic(p, COPS_CARRURE, 3);
  cops_character_set_name(p, "Pat");
  cops_character_damage(p, 10);                   /* 19: cap min(10, 24 - 19) = 5 */
  cops_treatment t;
  cops_treatment_init(&t, COPS_TREAT_FIRST_AID);
  cops_treatment_odds o;
  o.size = sizeof o;
  double law[8];
  ck_assert_int_eq(cops_treat_odds(&o, h, p, &t, law, 8), COPS_OK);
  ck_assert_int_eq(o.cap, 5);
  double sum = 0, mean = 0;
  for (int k = 0; k < 8; k++) {
    sum += law[k];
    mean += k * law[k];
  }
  ck_assert_double_eq_tol(sum, 1, 1e-12);
  ck_assert_double_eq_tol(mean, o.mean_healed, 1e-12);
  cops_action a;
  ck_assert_int_eq(cops_treatment_action(&a, h, p, &t), COPS_OK);
  double ps;
  cops_odds_success(sctx, &a, &ps);
  ck_assert_double_eq_tol(o.success, ps, 1e-15);
  /* Seeded treatments on fresh copies of the same patient: the frequencies. */
  const long n = test_size(40000);
  long healed[8] = {0}, ok = 0;
  char *sheet;
  ck_assert_int_eq(cops_character_to_json(p, &sheet), COPS_OK);
  cops_roll *r;
  cops_roll_new(&r);
  for (long i = 0; i < n; i++) {
    cops_character *q;
    ck_assert_msg(cops_character_from_json(&q, sctx, sheet) == COPS_OK, "%s: %s", sheet,
                  cops_ctx_errmsg(sctx));
    cops_treated out;
    out.size = sizeof out;
    ck_assert_int_eq(cops_treat(&out, r, h, q, &t, NULL), COPS_OK);
    healed[out.healed]++;
    ok += out.succeeded;
    cops_character_free(q);
  }
  for (int k = 0; k <= 5; k++) {
    const double f = (double)healed[k] / (double)n;
    const double sd = sqrt(law[k] * (1 - law[k]) / (double)n);
    ck_assert_msg(fabs(f - law[k]) < 5 * sd + 1e-9, "healed %d: %f, odds %f", k, f, law[k]);
  }
  const double fs = (double)ok / (double)n;
  ck_assert_msg(fabs(fs - o.success) < 5 * sqrt(o.success * (1 - o.success) / (double)n),
                "success %f, odds %f", fs, o.success);
  cops_free(sheet);
  cops_roll_free(r);
  cops_character_free(p);
  cops_character_free(h);
  cops_ctx_free(sctx);
}
END_TEST

START_TEST(test_treatment_odds_of_stabilisation_and_rerolls)
{
  cops_character_set_hp(pat, -1);
  cops_treatment t;
  cops_treatment_init(&t, COPS_TREAT_STABILISE);
  cops_treatment_odds o;
  o.size = sizeof o;
  double law[40];
  ck_assert_int_eq(cops_treat_odds(&o, doc, pat, &t, law, 40), COPS_OK);
  /* Waking needs healed >= 2: P(MR >= 2). */
  cops_action a;
  cops_treatment_action(&a, doc, pat, &t);
  double ge2;
  cops_odds_margin_at_least(ctx, &a, 2, &ge2);
  ck_assert_double_eq_tol(o.awake, ge2, 1e-12);
  /* With an Ancienneté point to spend: p + (1 - p) p. */
  cops_character_set_points(doc, 0, 1);
  t.flags = COPS_TREAT_ANCIENNETE;
  cops_treatment_odds o2;
  o2.size = sizeof o2;
  ck_assert_int_eq(cops_treat_odds(&o2, doc, pat, &t, NULL, 0), COPS_OK);
  ck_assert_double_eq_tol(o2.success, o.success + (1 - o.success) * o.success, 1e-12);
  ck_assert_double_eq_tol(o2.mean_healed, o.mean_healed, 1e-12);   /* a re-roll heals 0 */
  o2.size = 3;
  ck_assert_int_eq(cops_treat_odds(&o2, doc, pat, &t, NULL, 0), COPS_EINVAL);
}
END_TEST

/* ---- an encounter's clock and its aftermath ---- */

START_TEST(test_c6_rounds_feed_the_clock_and_the_aftermath)
{
  cops_ctx *sctx;
  ck_assert_int_eq(cops_ctx_new(&sctx), COPS_OK);
  cops_scenario *sc;
  ck_assert_int_eq(cops_scenario_load(&sc, sctx, SCENARIOS_DIR "/street-shootout.json"),
                   COPS_OK);
  cops_encounter *e = cops_scenario_encounter(sc);
  cops_encounter_seed(e, 2030);
  ck_assert_int_eq(cops_encounter_aftermath(e, 1, 600), COPS_ESTATE);
  ck_assert_int_eq(cops_encounter_run(e), COPS_OK);
  const int rounds = cops_encounter_round(e);
  for (int i = 0; i < cops_encounter_count(e); i++)
    if (cops_encounter_present(e, i))
      ck_assert_int_eq(clock_of(cops_encounter_character(e, i)), 3 * rounds);
  cops_log *log = cops_encounter_log(e);
  const int before = cops_log_count(log);
  cops_log_set_limit(log, before + 3);
  ck_assert_int_eq(cops_encounter_aftermath(e, 1, 600), COPS_ERANGE);   /* all or nothing */
  ck_assert_int_eq(cops_log_count(log), before);
  for (int i = 0; i < cops_encounter_count(e); i++)
    if (cops_encounter_present(e, i))
      ck_assert_int_eq(clock_of(cops_encounter_character(e, i)), 3 * rounds);
  cops_log_set_limit(log, 0);
  ck_assert_int_eq(cops_encounter_aftermath(e, 0, 600), COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_aftermath(e, 1, 600), COPS_OK);
  ck_assert_int_eq(cops_encounter_aftermath_done(e), 1);
  ck_assert_int_eq(cops_encounter_aftermath(e, 1, 600), COPS_ESTATE);
  /* Every dying combatant got a stabilisation roll, round 0; everyone's clock moved on. */
  int stabilise = 0;
  for (int i = before; i < cops_log_count(log); i++) {
    cops_event x;
    x.size = sizeof x;
    cops_log_event(log, i, &x);
    ck_assert_int_eq(x.round, 0);
    stabilise += x.type == COPS_EV_ROLL && x.purpose == COPS_PURPOSE_FIRST_AID;
  }
  ck_assert_int_gt(stabilise, 0);
  for (int i = 0; i < cops_encounter_count(e); i++)
    if (cops_encounter_present(e, i))
      ck_assert_int_eq(clock_of(cops_encounter_character(e, i)), 3 * rounds + 600);
  /* A save after it says so; the reset allows it again. */
  char *saved;
  ck_assert_int_eq(cops_encounter_save(e, &saved), COPS_OK);
  ck_assert_ptr_nonnull(strstr(saved, "\"aftermath\": true"));
  cops_free(saved);
  ck_assert_int_eq(cops_encounter_reset(e), COPS_OK);
  ck_assert_int_eq(cops_encounter_aftermath_done(e), 0);
  for (int i = 0; i < cops_encounter_count(e); i++)
    ck_assert_int_eq(clock_of(cops_encounter_character(e, i)), 0);
  cops_scenario_free(sc);
  cops_ctx_free(sctx);
}
END_TEST

static Suite *heal_suite(void)
{
  Suite *s = suite_create("heal");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 600);
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_c8_8_bleeding_first_loss_at_the_end_of_the_next_round);
  tcase_add_test(tc, test_c8_2_c8_7_clinical_death_revival_and_final_death);
  tcase_add_test(tc, test_edits_keep_the_wound_consistent);
  tcase_add_test(tc, test_c8_4_first_aid_heals_the_margin_once_per_fight);
  tcase_add_test(tc, test_c8_4_first_aid_never_above_max_minus_five);
  tcase_add_test(tc, test_c8_8_first_aid_counts_the_last_ten_minutes);
  tcase_add_test(tc, test_c8_8_first_aid_needs_more_than_zero);
  tcase_add_test(tc, test_c8_5_premiers_secours_heals_and_slows_to_ten_rounds);
  tcase_add_test(tc, test_c8_5_awake_above_zero);
  tcase_add_test(tc, test_c8_5_medicine_and_both);
  tcase_add_test(tc, test_c5_anciennete_rolls_a_failed_treatment_again);
  tcase_add_test(tc, test_c8_6_hospital_days_and_discharge);
  tcase_add_test(tc, test_c8_6_natural_healing_every_two_days);
  tcase_add_test(tc, test_c5_a_night_gives_one_point_back);
  tcase_add_test(tc, test_time_passing_is_all_or_nothing);
  tcase_add_test(tc, test_a_failed_treatment_changes_nothing);
  tcase_add_test(tc, test_sheets_keep_time_and_wounds);
  tcase_add_test(tc, test_the_ledger_saturates_and_still_reads_back);
  tcase_add_test(tc, test_treatment_odds_match_seeded_rolls);
  tcase_add_test(tc, test_treatment_odds_of_stabilisation_and_rerolls);
  tcase_add_test(tc, test_c6_rounds_feed_the_clock_and_the_aftermath);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(heal_suite)
