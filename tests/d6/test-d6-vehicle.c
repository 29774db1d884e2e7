/* D6 vehicles (OTHER-SYSTEMS.md D6 §5.16-§5.18, §6.5 and the rulings each test cites):
 * damage against Resistance, passengers, loss of control, collisions, attacks and repairs
 * with scripted dice. */
#include <stdio.h>

#include <cops/d6.h>

#include "testutil.h"

static cops_d6_character *person(cops_ctx *ctx, const char *name, const char *vig)
{
  char json[512];
  snprintf(json, sizeof json, "{\"system\":\"d6\",\"name\":\"%s\",\"attributes\":{\"vigueur\":"
           "\"%s\",\"agility\":\"3D\",\"coordination\":\"3D\",\"perception\":\"2D\",\"knowledge\":"
           "\"2D\",\"charisma\":\"2D\"},\"skills\":{\"marksmanship\":\"2D\"},\"weapons\":"
           "[\"Glock 17\"]}", name, vig);
  cops_d6_character *ch = NULL;
  ck_assert_msg(cops_d6_character_from_json(&ch, ctx, json) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  return ch;
}

static cops_d6_vehicle car(const char *name, int res_dice, int man_dice, int speed)
{
  cops_d6_vehicle v;
  ck_assert_int_eq(cops_d6_vehicle_init(&v), COPS_OK);
  snprintf(v.name, sizeof v.name, "%s", name);
  v.resistance.dice = res_dice;
  v.manoeuvrability.dice = man_dice;
  v.speed = speed;
  return v;
}

static int level(const cops_d6_character *ch)
{
  cops_d6_wounds w;
  w.size = sizeof w;
  cops_d6_character_wounds(ch, &w);
  return w.level;
}

/* §5.17, D6-A10, D6-A25: the table's rows at their ends, what each does and to whom. */
START_TEST(test_s5_17_table)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  static const struct { int faces[4], margin, result, passengers; } t[] = {
    {{1, 0, 0, 0}, 0, COPS_D6_NO_DAMAGE, 0}, {{2, 1, 1, 0}, 3, COPS_D6_VERY_LIGHT, 0},
    {{2, 1, 1, 1}, 4, COPS_D6_LIGHT, 2},     {{3, 3, 3, 1}, 9, COPS_D6_HEAVY, 4},
    {{4, 4, 3, 3}, 13, COPS_D6_SEVERE, 0},   {{5, 5, 4, 3}, 16, COPS_D6_DESTROYED, 0}};
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
    cops_d6_vehicle v = car("Sedan", 1, 3, COPS_D6_CRUISING);
    cops_d6_character *pax = person(ctx, "Rider", "2D");
    const int n = t[k].faces[3] ? 4 : t[k].faces[2] ? 3 : t[k].faces[1] ? 2 : 1;
    cops_d6_code dmg = {n, 0};
    /* damage nD, Resistance 1D showing 1, then the passenger's damage and Vigueur in 1s */
    int faces[16], m = 0;
    for (int i = 0; i < n; i++)
      faces[m++] = t[k].faces[i];
    faces[m++] = 1;
    for (int i = 0; i < 8; i++)
      faces[m++] = 1;
    script_faces(&s, m, faces);
    cops_d6_vehicle_outcome o;
    o.size = sizeof o;
    ck_assert_msg(cops_d6_vehicle_harm(&o, ctx, &v, 5, dmg, &pax, NULL, 1, NULL, NULL) == COPS_OK,
                  "%s", cops_ctx_errmsg(ctx));
    ck_assert_int_eq(o.margin, t[k].margin);
    ck_assert_int_eq(o.result, t[k].result);
    ck_assert_int_eq(o.passenger_damage, t[k].passengers);
    switch (t[k].result) {
    case COPS_D6_VERY_LIGHT:
      ck_assert_int_eq(v.very_light, 2);
      ck_assert_int_eq(cops_d6_vehicle_penalty(&v), -1);
      break;
    case COPS_D6_LIGHT:
    case COPS_D6_HEAVY:
      ck_assert_int_eq(v.ndamage, 1);
      ck_assert_int_eq(cops_d6_vehicle_penalty(&v), t[k].result == COPS_D6_LIGHT ? -1 : -2);
      /* 2D of 1s against 2: no wound; 4D: margin 2, Stunned */
      ck_assert_int_eq(level(pax), t[k].result == COPS_D6_HEAVY ? COPS_D6_STUNNED : COPS_D6_UNHURT);
      break;
    case COPS_D6_SEVERE:
      ck_assert_int_eq(v.control, COPS_D6_OUT_OF_CONTROL);
      break;
    case COPS_D6_DESTROYED:
      ck_assert_int_eq(v.control, COPS_D6_WRECKED);
      ck_assert_int_eq(level(pax), COPS_D6_KILLED);   /* no roll (D6-A25) */
      ck_assert_int_eq(cops_d6_vehicle_harm(&o, ctx, &v, 5, dmg, NULL, NULL, 0, NULL, NULL),
                       COPS_ERULE);
      break;
    default:
      ck_assert_int_eq(v.ndamage, 0);
      ck_assert_int_eq(level(pax), COPS_D6_UNHURT);
    }
    cops_d6_character_free(pax);
  }
  cops_ctx_free(ctx);
}
END_TEST

/* D6-A25: manoeuvrability driven to 0D lowers the top speed (1 rank light, 2 heavy); very
 * light lasts this round and the next; out of control, two speed levels a round. */
START_TEST(test_a25_speed_and_control)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_vehicle v = car("Van", 1, 1, COPS_D6_FLAT_OUT);
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  SCRIPT_FACES(&s, 2, 2, 1, 1);                          /* 5 against 1: light, at 0D */
  ck_assert_int_eq(cops_d6_vehicle_harm(&o, ctx, &v, 0, (cops_d6_code){3, 0}, NULL, NULL, 0, NULL,
                                        NULL), COPS_OK);
  ck_assert_int_eq(o.result, COPS_D6_LIGHT);
  ck_assert_int_eq(o.ranks_lost, 1);
  ck_assert_int_eq(v.top_speed, COPS_D6_FULL_SPEED);
  ck_assert_int_eq(v.speed, COPS_D6_FULL_SPEED);
  SCRIPT_FACES(&s, 4, 4, 2, 1);                          /* 10: heavy, 2 ranks more */
  ck_assert_int_eq(cops_d6_vehicle_harm(&o, ctx, &v, 0, (cops_d6_code){3, 0}, NULL, NULL, 0, NULL,
                                        NULL), COPS_OK);
  ck_assert_int_eq(v.top_speed, COPS_D6_SLOW);
  ck_assert_int_eq(cops_d6_vehicle_penalty(&v), -3);
  SCRIPT_FACES(&s, 1, 1, 1, 1);                          /* 3: very light */
  ck_assert_int_eq(cops_d6_vehicle_harm(&o, ctx, &v, 0, (cops_d6_code){3, 0}, NULL, NULL, 0, NULL,
                                        NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_vehicle_penalty(&v), -4);
  cops_d6_vehicle_end_round(&v);
  ck_assert_int_eq(cops_d6_vehicle_penalty(&v), -4);     /* the next round too */
  cops_d6_vehicle_end_round(&v);
  ck_assert_int_eq(cops_d6_vehicle_penalty(&v), -3);
  cops_d6_vehicle w = car("Bike", 1, 3, COPS_D6_FLAT_OUT);
  SCRIPT_FACES(&s, 5, 5, 4, 1);                          /* 14: severe */
  ck_assert_int_eq(cops_d6_vehicle_harm(&o, ctx, &w, 1, (cops_d6_code){3, 0}, NULL, NULL, 0, NULL,
                                        NULL), COPS_OK);
  ck_assert_int_eq(w.control, COPS_D6_OUT_OF_CONTROL);
  cops_d6_vehicle_end_round(&w);
  ck_assert_int_eq(w.speed, COPS_D6_CRUISING);
  cops_d6_vehicle_end_round(&w);
  ck_assert_int_eq(w.speed, COPS_D6_STOPPED);
  ck_assert_int_eq(w.control, COPS_D6_CONTROLLED);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.17, D6-A25: a crash only out of control; its passengers take 6D each. */
START_TEST(test_s5_17_crash)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_vehicle v = car("Coupe", 3, 2, COPS_D6_FULL_SPEED);
  cops_d6_character *pax[2] = {person(ctx, "A", "2D"), person(ctx, "B", "2D")};
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  ck_assert_int_eq(cops_d6_vehicle_crash(&o, ctx, &v, 0, pax, NULL, 2, NULL, NULL), COPS_ERULE);
  v.control = COPS_D6_OUT_OF_CONTROL;
  /* each: 6D of 1s (6) against 2D of 1s (2): margin 4, two levels */
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
  const int ids[2] = {7, 8};
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  ck_assert_int_eq(cops_d6_vehicle_crash(&o, ctx, &v, 3, pax, ids, 2, NULL, log), COPS_OK);
  ck_assert_int_eq(v.control, COPS_D6_CRASHED);
  ck_assert_int_eq(v.speed, COPS_D6_STOPPED);
  ck_assert_int_eq(level(pax[0]), COPS_D6_WOUNDED);
  ck_assert_int_eq(level(pax[1]), COPS_D6_WOUNDED);
  char *jsonl;
  cops_log_to_jsonl(log, 0, &jsonl);
  ck_assert_ptr_nonnull(strstr(jsonl, "\"type\":\"d6.vehicle\",\"actor\":null,\"actor_id\":null,"
                                      "\"target\":\"Coupe\",\"target_id\":3,\"event\":\"crash\""));
  ck_assert_ptr_nonnull(strstr(jsonl, "\"target\":\"B\",\"target_id\":8"));
  cops_free(jsonl);
  cops_log_free(log);
  cops_d6_character_free(pax[0]);
  cops_d6_character_free(pax[1]);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.18, D6-A62: the shared code (speeds + one impact modifier, at least 0D), rolled against
 * each vehicle; the worked example: slow and cruising head-on, 9D; everyone stops. */
START_TEST(test_s5_18_collision)
{
  cops_d6_code c;
  ck_assert_int_eq(cops_d6_collision_code((const int[]){COPS_D6_SLOW, COPS_D6_CRUISING}, 2,
                                          COPS_D6_SIDE_ON, &c), COPS_OK);
  ck_assert_int_eq(c.dice, 6);
  ck_assert_int_eq(cops_d6_collision_code((const int[]){COPS_D6_SLOW, COPS_D6_CRUISING}, 2,
                                          COPS_D6_HEAD_ON, &c), COPS_OK);
  ck_assert_int_eq(c.dice, 9);
  ck_assert_int_eq(cops_d6_collision_code((const int[]){COPS_D6_SLOW, COPS_D6_STOPPED}, 2,
                                          COPS_D6_FROM_BEHIND, &c), COPS_OK);
  ck_assert_int_eq(c.dice, 0);
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_vehicle a = car("Slow car", 1, 2, COPS_D6_SLOW), b = car("Fast car", 1, 2, COPS_D6_CRUISING);
  cops_d6_vehicle *vs[2] = {&a, &b};
  cops_d6_vehicle_outcome o[2];
  o[0].size = o[1].size = sizeof o[0];
  int faces[20];
  for (int i = 0; i < 20; i++)
    faces[i] = 1;
  faces[18] = 5;                       /* a: 9D = 9 against 1, margin 8; b: 9D = 13, margin 12 */
  script_faces(&s, 20, faces);
  ck_assert_int_eq(cops_d6_collision(o, ctx, vs, (const int[]){10, 11}, 2, COPS_D6_HEAD_ON, NULL,
                                     NULL, NULL, NULL, NULL), COPS_OK);
  ck_assert_int_eq(o[0].damage_total, 9);
  ck_assert_int_eq(o[0].result, COPS_D6_LIGHT);
  ck_assert_int_eq(o[1].damage_total, 13);
  ck_assert_int_eq(o[1].result, COPS_D6_HEAVY);
  ck_assert_int_eq(a.speed, COPS_D6_STOPPED);
  ck_assert_int_eq(b.speed, COPS_D6_STOPPED);
  /* Into an object: Stopped and −1D: a full-speed car takes 5D. */
  cops_d6_vehicle c1 = car("Truck", 1, 2, COPS_D6_FULL_SPEED);
  cops_d6_vehicle *one[1] = {&c1};
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_d6_collision(o, ctx, one, NULL, 1, COPS_D6_INTO_OBJECT, NULL, NULL, NULL,
                                     NULL, NULL), COPS_OK);
  ck_assert_int_eq(o[0].damage_total, 5);
  ck_assert_int_eq(cops_d6_collision(o, ctx, vs, NULL, 2, COPS_D6_INTO_OBJECT, NULL, NULL, NULL,
                                     NULL, NULL), COPS_EINVAL);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.16, D6-A64, §5.14: an attack on a car: 10, the range band, the scales (a human gets +6
 * to hit a car and −6 on its damage); the driver's dodge replaces 10. */
START_TEST(test_s5_16_attack_vehicle)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *shooter = person(ctx, "Shooter", "2D");
  cops_d6_vehicle v = car("Getaway car", 1, 2, COPS_D6_CRUISING);
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  /* Marksmanship 2D: 3+3 + 6 = 12 vs 10 + 5 (12 m, medium) = 15: a miss. */
  SCRIPT_FACES(&s, 3, 3);
  ck_assert_int_eq(cops_d6_attack_vehicle(&o, ctx, shooter, 0, 0, 12, 1, &v, 1,
                                          COPS_D6_ROLL_DEFENCE, NULL, NULL, 0, NULL, NULL), COPS_OK);
  ck_assert_int_eq(o.attack_total, 12);
  ck_assert_int_eq(o.defence_value, 15);
  ck_assert_int_eq(o.hit, 0);
  /* At 5 m (short, 10): a hit; 3D+2 − 6: 5+5+5+2−6 = 11 against 1: margin 10, heavy. */
  SCRIPT_FACES(&s, 3, 3, 5, 5, 5, 1);
  ck_assert_int_eq(cops_d6_attack_vehicle(&o, ctx, shooter, 0, 0, 5, 1, &v, 1,
                                          COPS_D6_ROLL_DEFENCE, NULL, NULL, 0, NULL, NULL), COPS_OK);
  ck_assert_int_eq(o.hit, 1);
  ck_assert_int_eq(o.damage_total, 11);
  ck_assert_int_eq(o.result, COPS_D6_HEAVY);
  /* The driver dodged 17: it replaces 10. */
  SCRIPT_FACES(&s, 3, 3);
  ck_assert_int_eq(cops_d6_attack_vehicle(&o, ctx, shooter, 0, 0, 5, 1, &v, 1, 17, NULL, NULL, 0,
                                          NULL, NULL), COPS_OK);
  ck_assert_int_eq(o.defence_value, 17);
  ck_assert_int_eq(cops_d6_attack_vehicle(&o, ctx, shooter, 0, 0, 25, 1, &v, 1,
                                          COPS_D6_ROLL_DEFENCE, NULL, NULL, 0, NULL, NULL),
                   COPS_ERULE);
  cops_d6_character_free(shooter);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.5, D6-A37: a repair's difficulty by result and conditions; a success clears the
 * result with its speed ranks; a wrecked vehicle is beyond repair. */
START_TEST(test_s6_5_repair)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *mech = person(ctx, "Mechanic", "3D");
  cops_d6_vehicle v = car("Van", 1, 1, COPS_D6_FLAT_OUT);
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  SCRIPT_FACES(&s, 2, 2, 1, 1);                          /* light at 0D: a rank lost */
  ck_assert_int_eq(cops_d6_vehicle_harm(&o, ctx, &v, 0, (cops_d6_code){3, 0}, NULL, NULL, 0, NULL,
                                        NULL), COPS_OK);
  ck_assert_int_eq(v.top_speed, COPS_D6_FULL_SPEED);
  int ok;
  /* 10, −5 tools, +5 studied: 10; a 3D skill showing 3+3+3 = 9 fails. */
  SCRIPT_FACES(&s, 3, 3, 3);
  ck_assert_int_eq(cops_d6_repair(&ok, ctx, mech, 4, (cops_d6_code){3, 0}, &v, 0, 0,
                                  COPS_D6_TOOLS | COPS_D6_STUDIED, NULL, NULL), COPS_OK);
  ck_assert_int_eq(ok, 0);
  ck_assert_int_eq(v.ndamage, 1);
  /* A workshop (the tools do not add up): 0 → at least 1; a success. */
  SCRIPT_FACES(&s, 1, 1, 1);
  ck_assert_int_eq(cops_d6_repair(&ok, ctx, mech, 4, (cops_d6_code){3, 0}, &v, 0, 0,
                                  COPS_D6_WORKSHOP | COPS_D6_TOOLS, NULL, NULL), COPS_OK);
  ck_assert_int_eq(ok, 1);
  ck_assert_int_eq(v.ndamage, 0);
  ck_assert_int_eq(v.top_speed, COPS_D6_FLAT_OUT);
  ck_assert_int_eq(cops_d6_repair(&ok, ctx, mech, 4, (cops_d6_code){3, 0}, &v, 0, 0, 0, NULL,
                                  NULL), COPS_ERANGE);
  ck_assert_int_eq(cops_d6_repair(&ok, ctx, mech, 4, (cops_d6_code){3, 0}, &v, 0, 0,
                                  COPS_D6_UNKNOWN | COPS_D6_STUDIED, NULL, NULL), COPS_EINVAL);
  v.control = COPS_D6_WRECKED;
  ck_assert_int_eq(cops_d6_repair(&ok, ctx, mech, 4, (cops_d6_code){3, 0}, &v, 0, 0, 0, NULL,
                                  NULL), COPS_ERULE);
  cops_d6_character_free(mech);
  cops_ctx_free(ctx);
}
END_TEST

/* All or nothing: the dice running out at a passenger's roll leave the vehicle, the
 * passengers and the log as they were. */
START_TEST(test_vehicle_all_or_nothing)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_vehicle v = car("Sedan", 1, 3, COPS_D6_CRUISING);
  const cops_d6_vehicle before = v;
  cops_d6_character *pax[2] = {person(ctx, "A", "2D"), person(ctx, "B", "2D")};
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  /* heavy (4D to each passenger): the second passenger's dice run out */
  SCRIPT_FACES(&s, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1);
  cops_d6_vehicle_outcome o;
  o.size = sizeof o;
  ck_assert_int_eq(cops_d6_vehicle_harm(&o, ctx, &v, 0, (cops_d6_code){3, 0}, pax, NULL, 2, NULL,
                                        log), COPS_ERNG);
  ck_assert_mem_eq(&v, &before, sizeof v);
  ck_assert_int_eq(level(pax[0]), COPS_D6_UNHURT);
  ck_assert_int_eq(cops_log_count(log), 0);
  cops_log_free(log);
  cops_d6_character_free(pax[0]);
  cops_d6_character_free(pax[1]);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("d6-vehicle");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_s5_17_table);
  tcase_add_test(tc, test_a25_speed_and_control);
  tcase_add_test(tc, test_s5_17_crash);
  tcase_add_test(tc, test_s5_18_collision);
  tcase_add_test(tc, test_s5_16_attack_vehicle);
  tcase_add_test(tc, test_s6_5_repair);
  tcase_add_test(tc, test_vehicle_all_or_nothing);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(suite)
