/* The pieces of a core-rules attack (COPS.md C8.1, C8.3, C10.3, C10.4) with
 * scripted dice: location, damage against armour, stopping power, recovery. */
#include "render/render.h"
#include "testutil.h"

static cops_ctx *ctx;
static script dice;
static cops_roll *r1, *r2, *r3;

static void setup(void)
{
  ctx = SCRIPT(&dice, 1);
  dice.n = 0;
  ck_assert_int_eq(cops_roll_new(&r1), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r2), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&r3), COPS_OK);
}

static void teardown(void)
{
  cops_roll_free(r1);
  cops_roll_free(r2);
  cops_roll_free(r3);
  cops_ctx_free(ctx);
}

#define FACES(...) SCRIPT_FACES(&dice, __VA_ARGS__)

static cops_armour *vest(void)
{
  cops_armour *a;
  ck_assert_int_eq(cops_armour_new(&a, ctx, "Gilet"), COPS_OK);
  cops_armour_set(a, COPS_LOC_TORSO, 2, 1);
  cops_armour_set(a, COPS_LOC_ABDOMEN, 2, 1);
  return a;
}

START_TEST(test_c10_3_locations_and_modifiers)
{
  static const int zone[11] = {-1, COPS__LEGS, COPS__LEGS, COPS__ABDOMEN, COPS__ABDOMEN,
                               COPS__TORSO, COPS__TORSO, COPS__TORSO, COPS__ARMS, COPS__ARMS,
                               COPS__HEAD};
  static const int mod[11] = {0, 0, 0, 1, 1, 2, 2, 2, 0, 0, 3};
  for (int f = 1; f <= 10; f++) {
    ck_assert_int_eq(cops__core_zone(f), zone[f]);
    ck_assert_int_eq(cops__core_zone_modifier(cops__core_zone(f)), mod[f]);
  }
  ck_assert_int_eq(cops__core_zone(0), -1);
  ck_assert_int_eq(cops__core_zone(11), -1);
}
END_TEST

/* C8.1: PU d6 - armour (d6 + fixed); if positive, + the location's d6. */
START_TEST(test_c8_1_damage_through_armour)
{
  cops_armour *a = vest();
  cops__damage d;
  /* Vulcan 051 (PU 5) in the torso: 3+4+2+6+1 = 16, vest 3+2+1 = 6, torso 2d6 5+4. */
  FACES(3, 4, 2, 6, 1, 3, 2, 5, 4);
  ck_assert_int_eq(cops__core_damage(ctx, 5, a, COPS__TORSO, r1, r2, r3, &d), COPS_OK);
  ck_assert_int_eq(d.raw, 16);
  ck_assert_int_eq(d.protection, 6);
  ck_assert_int_eq(d.bonus, 9);
  ck_assert_int_eq(d.damage, 19);
  ck_assert_int_eq(d.stopped, 0);
  ck_assert_int_eq(d.lasting, 1); /* C8.3: 15 or more */
  ck_assert_int_eq(dice.next, 9);
  ck_assert_int_eq(dice.last_sides, 6);
  /* The head is not covered: no armour dice; 3 location d6. */
  FACES(1, 1, 1, 1, 1, 2, 2, 2);
  ck_assert_int_eq(cops__core_damage(ctx, 5, a, COPS__HEAD, r1, r2, r3, &d), COPS_OK);
  ck_assert_int_eq(d.protection, 0);
  ck_assert_int_eq(cops_roll_count(r2), 0);
  ck_assert_int_eq(d.damage, 11);
  ck_assert_int_eq(d.lasting, 0);
  cops_armour_free(a);
}
END_TEST

START_TEST(test_c8_1_armour_stops_everything)
{
  cops_armour *a = vest();
  cops__damage d;
  /* PU 2: 1+2 = 3 against 2d6+1 = 6+5+1: not hurt, and no location dice drawn. */
  FACES(1, 2, 6, 5, 4, 4);
  ck_assert_int_eq(cops__core_damage(ctx, 2, a, COPS__ABDOMEN, r1, r2, r3, &d), COPS_OK);
  ck_assert_int_eq(d.stopped, 1);
  ck_assert_int_eq(d.damage, 0);
  ck_assert_int_eq(d.bonus, 0);
  ck_assert_int_eq(dice.next, 4);
  ck_assert_int_eq(cops_roll_kind(r3), COPS_ROLL_NONE);
  /* Exactly equal is stopped too (<= 0). */
  FACES(6, 1, 4, 2);
  ck_assert_int_eq(cops__core_damage(ctx, 2, a, COPS__TORSO, r1, r2, r3, &d), COPS_OK);
  ck_assert_int_eq(d.stopped, 1);
  /* 14 damage is not a lasting wound; 15 is. */
  FACES(6, 6, 2);
  ck_assert_int_eq(cops__core_damage(ctx, 3, NULL, COPS__LEGS, r1, r2, r3, &d), COPS_OK);
  ck_assert_int_eq(d.damage, 14);
  ck_assert_int_eq(d.lasting, 0);
  FACES(6, 6, 3);
  ck_assert_int_eq(cops__core_damage(ctx, 3, NULL, COPS__ARMS, r1, r2, r3, &d), COPS_OK);
  ck_assert_int_eq(d.damage, 15);
  ck_assert_int_eq(d.lasting, 1);
  cops_armour_free(a);
}
END_TEST

/* Core legs and arms are both sides: the less protected one counts. */
START_TEST(test_core_limbs_take_the_weaker_side)
{
  cops_armour *a;
  int d, f;
  ck_assert_int_eq(cops_armour_new(&a, ctx, "Jambière"), COPS_OK);
  cops_armour_set(a, COPS_LOC_RIGHT_LEG, 2, 0);
  cops__core_protection(a, COPS__LEGS, &d, &f);
  ck_assert_int_eq(d + f, 0);
  cops_armour_set(a, COPS_LOC_LEFT_LEG, 1, 1);
  cops__core_protection(a, COPS__LEGS, &d, &f);
  ck_assert_int_eq(d, 1);
  ck_assert_int_eq(f, 1);
  cops_armour_set(a, COPS_LOC_RIGHT_ARM, 1, 0);
  cops_armour_set(a, COPS_LOC_LEFT_ARM, 0, 4);
  cops__core_protection(a, COPS__ARMS, &d, &f); /* 3.5 against 4 */
  ck_assert_int_eq(d, 1);
  ck_assert_int_eq(f, 0);
  cops__core_protection(NULL, COPS__ARMS, &d, &f);
  ck_assert_int_eq(d + f, 0);
  cops_armour_free(a);
}
END_TEST

/* C10.4: 6+/the higher of Carrure and Sang-froid (FA + location modifier). */
START_TEST(test_c10_4_stopping_power_outcomes)
{
  cops_character *joe;
  int result;
  ck_assert_int_eq(cops_character_new(&joe, ctx), COPS_OK);
  cops_character_set_characteristic(joe, COPS_CARRURE, 3);
  cops_character_set_characteristic(joe, COPS_SANG_FROID, 4);
  /* FA 1 in the torso: difficulty 3, 4 dice (Sang-froid). */
  FACES(6, 7, 8, 1);
  ck_assert_int_eq(cops__core_stopping(r1, joe, 1, COPS__TORSO, -1, &result), COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(r1), 4);
  ck_assert_int_eq(cops_roll_difficulty(r1), 3);
  ck_assert_int_eq(result, COPS__STOP_STEADY);
  FACES(6, 1, 1, 1);
  ck_assert_int_eq(cops__core_stopping(r1, joe, 1, COPS__TORSO, -1, &result), COPS_OK);
  ck_assert_int_eq(result, COPS__STOP_SHAKEN);
  FACES(1, 2, 3, 5);
  ck_assert_int_eq(cops__core_stopping(r1, joe, 1, COPS__TORSO, -1, &result), COPS_OK);
  ck_assert_int_eq(result, COPS__STOP_OUT);
  /* The player may choose Carrure: 3 dice; difficulty 4 in the head, met with a 10. */
  FACES(10, 6, 6, 6);
  ck_assert_int_eq(cops__core_stopping(r1, joe, 1, COPS__HEAD, COPS_CARRURE, &result),
                   COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(r1), 3);
  ck_assert_int_eq(cops_roll_difficulty(r1), 4);
  ck_assert_int_eq(result, COPS__STOP_STEADY);
  cops_character_free(joe);
}
END_TEST

START_TEST(test_c10_4_wounded_and_recovery)
{
  cops_character *joe;
  int result, recovered;
  ck_assert_int_eq(cops_character_new(&joe, ctx), COPS_OK);
  cops_character_set_characteristic(joe, COPS_CARRURE, 4); /* 32 hit points */
  cops_character_damage(joe, 17);                          /* 15: below half */
  FACES(6, 6, 6);
  ck_assert_int_eq(cops__core_stopping(r1, joe, 2, COPS__LEGS, -1, &result), COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(r1), 3); /* C8.2: -1 die */
  /* Recovery: FA 2 + abdomen 1 - 1 per round elapsed; at 3 rounds, difficulty 0. */
  FACES(1, 1, 7);
  ck_assert_int_eq(cops__core_recovery(r1, joe, 2, COPS__ABDOMEN, 1, -1, &recovered), COPS_OK);
  ck_assert_int_eq(cops_roll_difficulty(r1), 2);
  ck_assert_int_eq(recovered, 0);
  FACES(1, 1, 1);
  ck_assert_int_eq(cops__core_recovery(r1, joe, 2, COPS__ABDOMEN, 4, -1, &recovered), COPS_OK);
  ck_assert_int_eq(cops_roll_difficulty(r1), 0);
  ck_assert_int_eq(recovered, 1);
  cops_character_free(joe);
}
END_TEST

static Suite *combat_suite(void)
{
  Suite *s = suite_create("combat");
  TCase *tc = tcase_create("core");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_c10_3_locations_and_modifiers);
  tcase_add_test(tc, test_c8_1_damage_through_armour);
  tcase_add_test(tc, test_c8_1_armour_stops_everything);
  tcase_add_test(tc, test_core_limbs_take_the_weaker_side);
  tcase_add_test(tc, test_c10_4_stopping_power_outcomes);
  tcase_add_test(tc, test_c10_4_wounded_and_recovery);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(combat_suite)
