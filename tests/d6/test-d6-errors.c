/* The documented errors of the D6 module (docs/api.md, "Errors"): each code a function's
 * documentation lists, fed and checked, where the other suites of tests/d6 do not
 * already (tests/errors.py keeps the account). */
#include <stdio.h>

#include "d6-testutil.h"

static cops_ctx *ctx;
static script dead_script;
#define dead_ctx() dead_ctx_of(&dead_script)


static void setup(void)
{
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(ctx, 2030), COPS_OK);
}

static void teardown(void)
{
  cops_ctx_free(ctx);
}


static cops_d6_vehicle car(const char *name)
{
  cops_d6_vehicle v;
  ck_assert_int_eq(cops_d6_vehicle_init(&v), COPS_OK);
  snprintf(v.name, sizeof v.name, "%s", name);
  v.resistance.dice = 2;
  v.manoeuvrability.dice = 1;
  v.speed = COPS_D6_CRUISING;
  return v;
}

START_TEST(dice)
{
  cops_d6_code c;
  EXPECT(cops_d6_code_parse(&c, ctx, "3D+"), COPS_ESYNTAX);
  EXPECT(cops_d6_code_parse(&c, ctx, "99D"), COPS_ERANGE);
  char buf[16];
  EXPECT(cops_d6_code_format(code(-1, 0), buf, sizeof buf), COPS_EINVAL);
  cops_d6_pool p;
  EXPECT(cops_d6_pool_parse_sized(&p, 3, ctx, "3D"), COPS_EINVAL);
  EXPECT(cops_d6_pool_parse(&p, ctx, "3D ("), COPS_ESYNTAX);
  EXPECT(cops_d6_pool_parse(&p, ctx, "3D vs 0"), COPS_ERANGE);
  EXPECT(cops_d6_pool_format(NULL, buf, sizeof buf), COPS_EINVAL);
  ck_assert_int_eq(cops_d6_pool_init(&p, code(3, 0)), COPS_OK);
  cops_roll *r = NULL;
  ck_assert_int_eq(cops_roll_new_in(&r, ctx), COPS_OK);
  p.dice_mod = 99;
  EXPECT(cops_d6_roll(r, ctx, &p, NULL), COPS_ERANGE);
  double ge, eq;
  EXPECT(cops_d6_odds_total(ctx, &p, NULL, 6, &ge, &eq), COPS_ERANGE);
  p.dice_mod = 0;
  EXPECT(cops_d6_odds_total(NULL, &p, NULL, 6, &ge, &eq), COPS_EINVAL);
  cops_ctx *dead = dead_ctx();
  EXPECT(cops_d6_roll(r, dead, &p, NULL), COPS_ERNG);
  cops_ctx_free(dead);
  cops_roll_free(r);
}
END_TEST

START_TEST(characters)
{
  int trait;
  EXPECT(cops_d6_trait_parse("nonsense", &trait), COPS_EINVAL);
  cops_d6_character *ch = simple(ctx, "Kim", "3D");
  EXPECT(cops_d6_character_set_name(ch, ""), COPS_EINVAL);
  cops_d6_code c;
  EXPECT(cops_d6_character_trait(ch, -5, &c), COPS_EINVAL);
  EXPECT(cops_d6_character_natural_damage(NULL, &c), COPS_EINVAL);
  cops_d6_wounds w = wounds(ch);
  w.size = 2;
  EXPECT(cops_d6_character_set_wounds(ch, &w), COPS_EINVAL);
  cops_d6_weapon weapon;
  weapon.size = sizeof weapon;
  EXPECT(cops_d6_weapon_find(NULL, &weapon), COPS_EINVAL);
  ck_assert_int_eq(cops_d6_weapon_find("Glock 17", &weapon), COPS_OK);
  EXPECT(cops_d6_character_add_weapon(NULL, &weapon, NULL), COPS_EINVAL);
  cops_d6_character *bad = NULL;
  EXPECT(cops_d6_character_from_json(NULL, ctx, "{}"), COPS_EINVAL);
  EXPECT(cops_d6_character_from_json(&bad, ctx, "{\"system\":\"d6\","), COPS_EJSON);
  EXPECT(cops_d6_character_from_json(&bad, ctx, "{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D")
                                     ",\"character_points\":-4}"), COPS_ERANGE);
  ck_assert_ptr_null(bad);
  EXPECT(cops_d6_character_save(NULL, "x.json"), COPS_EINVAL);
  EXPECT(cops_d6_character_save(ch, "/nonexistent/x.json"), COPS_EIO);
  EXPECT(cops_d6_character_end_round(NULL, ctx, 0, NULL, NULL), COPS_EINVAL);

  /* End of round: the mortal clock's Vigueur roll (D6-A19) from dice that fail. */
  cops_ctx *dead = dead_ctx();
  cops_d6_character *hurt = simple(dead, "Hurt", "3D");
  cops_d6_wounds hw = wounds(hurt);
  hw.step = 5;
  hw.mortal_rounds = 12;
  ck_assert_int_eq(cops_d6_character_set_wounds(hurt, &hw), COPS_OK);
  ck_assert_int_eq(wounds(hurt).level, COPS_D6_MORTALLY);
  EXPECT(cops_d6_character_end_round(hurt, dead, 0, NULL, NULL), COPS_ERNG);
  cops_d6_character_free(hurt);
  cops_ctx_free(dead);
  cops_d6_character_free(ch);
}
END_TEST

START_TEST(combat)
{
  cops_d6_character *a = sheet(ctx, "{\"system\":\"d6\",\"name\":\"A\"," ATTRS("3D")
                               ",\"skills\":{\"marksmanship\":\"4D\"},\"weapons\":[\"Glock 17\"]}");
  cops_d6_character *b = simple(ctx, "B", "3D");
  cops_d6_attack at;
  ck_assert_int_eq(cops_d6_attack_init(&at), COPS_OK);
  cops_d6_outcome out;
  out.size = sizeof out;
  EXPECT(cops_d6_attack_resolve(&out, ctx, &at, NULL), COPS_EINVAL);   /* no attacker */
  at.attacker = a;
  at.target = b;
  at.weapon = 0;
  at.distance = -5;
  EXPECT(cops_d6_attack_resolve(&out, ctx, &at, NULL), COPS_ERANGE);
  at.distance = 100000;
  EXPECT(cops_d6_attack_resolve(&out, ctx, &at, NULL), COPS_ERULE);    /* beyond long range */
  at.distance = 5;
  cops_ctx *dead = dead_ctx();
  cops_d6_character *da = sheet(dead, "{\"system\":\"d6\",\"name\":\"A\"," ATTRS("3D")
                                ",\"weapons\":[\"Glock 17\"]}");
  cops_d6_character *db = simple(dead, "B", "3D");
  at.attacker = da;
  at.target = db;
  EXPECT(cops_d6_attack_resolve(&out, dead, &at, NULL), COPS_ERNG);

  cops_d6_character *pair[2] = {a, b};
  int order[2];
  EXPECT(cops_d6_initiative(NULL, pair, NULL, NULL, 2, NULL, NULL, order, NULL), COPS_EINVAL);
  cops_d6_character *dpair[2] = {da, db};
  EXPECT(cops_d6_initiative(dead, dpair, NULL, NULL, 2, NULL, NULL, order, NULL), COPS_ERNG);

  cops_d6_code hc;
  EXPECT(cops_d6_hazard_code(COPS_D6_HAZARD_COUNT, 0, NULL, &hc), COPS_EINVAL);

  cops_log *log = NULL;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  cops_d6_event ev;
  ev.size = sizeof ev;
  EXPECT(cops_d6_log_event(NULL, 0, &ev), COPS_EINVAL);
  EXPECT(cops_d6_log_event(log, 0, &ev), COPS_ERANGE);
  cops_character *cop = NULL;
  ck_assert_int_eq(cops_character_new(&cop, ctx), COPS_OK);
  ck_assert_int_eq(cops_character_advance(cop, 60, log, 0), COPS_OK);   /* a COPS event */
  EXPECT(cops_d6_log_event(log, 0, &ev), COPS_ESTATE);
  cops_character_free(cop);
  cops_log_free(log);

  /* Healing. */
  cops_d6_healing h;
  h.size = sizeof h;
  EXPECT(cops_d6_recover(&h, NULL, b, 0, COPS_D6_RESTED, NULL, NULL), COPS_EINVAL);
  EXPECT(cops_d6_recover(&h, ctx, b, 0, 99, NULL, NULL), COPS_ERANGE);
  EXPECT(cops_d6_treat(&h, NULL, a, 0, b, 1, COPS_D6_AFTER_COMBAT, NULL, NULL), COPS_EINVAL);
  EXPECT(cops_d6_treat(&h, ctx, a, 0, b, 1, 99, NULL, NULL), COPS_ERANGE);

  /* Psionics. */
  cops_d6_character *psi = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Psi\",\"attributes\":{"
                                 "\"vigueur\":\"2D\",\"agility\":\"2D\",\"coordination\":\"2D\","
                                 "\"perception\":\"2D\",\"knowledge\":\"2D\",\"charisma\":\"2D\","
                                 "\"psionics\":\"2D\"}}");
  cops_d6_psionic ps;
  ck_assert_int_eq(cops_d6_psionic_init(&ps), COPS_OK);
  cops_d6_psionic_outcome po;
  po.size = sizeof po;
  EXPECT(cops_d6_psionic_resolve(&po, ctx, &ps, NULL), COPS_EINVAL);   /* no psionic */
  ps.psionic = psi;
  ps.actions = 0;
  EXPECT(cops_d6_psionic_resolve(&po, ctx, &ps, NULL), COPS_ERANGE);
  ps.actions = 1;
  ps.psionic = b;                                                       /* no Psionics */
  EXPECT(cops_d6_psionic_resolve(&po, ctx, &ps, NULL), COPS_ERULE);
  cops_d6_character *dpsi = sheet(dead, "{\"system\":\"d6\",\"name\":\"Psi\",\"attributes\":{"
                                  "\"vigueur\":\"2D\",\"agility\":\"2D\",\"coordination\":\"2D\","
                                  "\"perception\":\"2D\",\"knowledge\":\"2D\",\"charisma\":\"2D\","
                                  "\"psionics\":\"2D\"}}");
  ps.psionic = dpsi;
  EXPECT(cops_d6_psionic_resolve(&po, dead, &ps, NULL), COPS_ERNG);
  cops_d6_character_free(dpsi);
  cops_d6_character_free(psi);

  /* Vehicles. */
  cops_d6_vehicle v = car("Van");
  cops_d6_vehicle_outcome vo;
  vo.size = sizeof vo;
  EXPECT(cops_d6_vehicle_harm(&vo, NULL, &v, 0, code(3, 0), NULL, NULL, 0, NULL, NULL),
         COPS_EINVAL);
  EXPECT(cops_d6_vehicle_harm(&vo, ctx, &v, 0, code(99, 0), NULL, NULL, 0, NULL, NULL),
         COPS_ERANGE);
  const int speeds[2] = {COPS_D6_CRUISING, COPS_D6_CRUISING};
  cops_d6_code cc;
  EXPECT(cops_d6_collision_code(NULL, 2, 0, &cc), COPS_EINVAL);
  EXPECT(cops_d6_collision_code(speeds, 2, 99, &cc), COPS_EINVAL);   /* no such impact */
  const int too_fast[2] = {COPS_D6_CRUISING, 99};
  EXPECT(cops_d6_collision_code(too_fast, 2, 0, &cc), COPS_ERANGE);
  EXPECT(cops_d6_vehicle_end_round(NULL), COPS_EINVAL);
  EXPECT(cops_d6_vehicle_crash(&vo, NULL, &v, 0, NULL, NULL, 0, NULL, NULL), COPS_EINVAL);
  v.control = COPS_D6_OUT_OF_CONTROL;
  cops_d6_character *rider = simple(dead, "Rider", "2D");
  EXPECT(cops_d6_vehicle_crash(&vo, dead, &v, 0, &rider, NULL, 1, NULL, NULL), COPS_ERNG);
  cops_d6_character_free(rider);
  v.control = 0;
  int ok;
  script s;
  cops_ctx *sc = SCRIPT(&s, 2, 2, 1, 1);   /* 3D showing 2+2+1 against 1D showing 1: light */
  v.resistance.dice = 1;
  ck_assert_int_eq(cops_d6_vehicle_harm(&vo, sc, &v, 0, code(3, 0), NULL, NULL, 0, NULL, NULL),
                   COPS_OK);
  cops_ctx_free(sc);
  ck_assert_int_ge(v.ndamage, 1);
  EXPECT(cops_d6_repair(&ok, dead, da, 0, code(3, 0), &v, 1, 0, 0, NULL, NULL), COPS_ERNG);
  cops_d6_character_free(da);
  cops_d6_character_free(db);
  cops_ctx_free(dead);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
}
END_TEST

START_TEST(fights)
{
  int v;
  EXPECT(cops_d6_fight_action_parse("dance", &v), COPS_EINVAL);
  EXPECT(cops_d6_fight_tactic_parse("dance", &v), COPS_EINVAL);
  cops_d6_fight *f = NULL;
  EXPECT(cops_d6_fight_new(NULL, ctx, NULL), COPS_EINVAL);
  cops_d6_rules rules;
  ck_assert_int_eq(cops_d6_rules_init(&rules), COPS_OK);
  rules.cp_dice = 99;
  EXPECT(cops_d6_fight_new(&f, ctx, &rules), COPS_ERANGE);
  ck_assert_int_eq(cops_d6_fight_new(&f, ctx, NULL), COPS_OK);
  cops_d6_character *a = simple(ctx, "A", "3D"), *b = simple(ctx, "B", "3D"),
                    *c = simple(ctx, "C", "3D");
  int id;
  EXPECT(cops_d6_fight_add(NULL, a, 0, 0, 0, &id), COPS_EINVAL);
  EXPECT(cops_d6_fight_add(f, a, -1, 0, 0, &id), COPS_ERANGE);
  ck_assert_int_eq(cops_d6_fight_add(f, a, 0, 0, 0, &id), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_add(f, b, 1, 5, 0, &id), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_add(f, c, 0, 1, 0, &id), COPS_OK);
  const int members[1] = {2};
  EXPECT(cops_d6_fight_coordinate(NULL, 0, 1, members, 1), COPS_EINVAL);
  EXPECT(cops_d6_fight_coordinate(f, 0, 9, members, 1), COPS_ERANGE);
  cops_d6_vehicle car_ = car("Sedan");
  EXPECT(cops_d6_fight_add_vehicle(NULL, &car_, 0, 0, NULL), COPS_EINVAL);
  car_.speed = 99;
  EXPECT(cops_d6_fight_add_vehicle(f, &car_, 0, 0, NULL), COPS_ERANGE);
  car_.speed = COPS_D6_CRUISING;
  int vid;
  ck_assert_int_eq(cops_d6_fight_add_vehicle(f, &car_, 0, 0, &vid), COPS_OK);
  EXPECT(cops_d6_fight_board(NULL, 0, vid, 1), COPS_EINVAL);
  EXPECT(cops_d6_fight_board(f, 0, vid + 5, 1), COPS_ERANGE);
  ck_assert_int_eq(cops_d6_fight_board(f, 0, vid, 1), COPS_OK);
  EXPECT(cops_d6_fight_board(f, 2, vid, 1), COPS_ERULE);   /* a driver already */
  cops_d6_fighter st;
  st.size = sizeof st;
  EXPECT(cops_d6_fight_fighter(NULL, 0, &st), COPS_EINVAL);
  EXPECT(cops_d6_fight_fighter(f, 9, &st), COPS_ERANGE);
  EXPECT(cops_d6_fight_winner(NULL, &v), COPS_EINVAL);
  EXPECT(cops_d6_fight_winner(f, &v), COPS_ESTATE);
  char *save = NULL;
  EXPECT(cops_d6_fight_save(NULL, &save), COPS_EINVAL);
  EXPECT(cops_d6_fight_step(NULL, &id), COPS_EINVAL);
  EXPECT(cops_d6_fight_step(f, &id), COPS_ESTATE);          /* no round */
  EXPECT(cops_d6_fight_begin_round(NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  cops_d6_character *late = simple(ctx, "Late", "3D");
  EXPECT(cops_d6_fight_add(f, late, 0, 0, 0, &id), COPS_ESTATE);
  EXPECT(cops_d6_fight_add_vehicle(f, &car_, 9, 0, NULL), COPS_ESTATE);
  EXPECT(cops_d6_fight_coordinate(f, 0, 1, members, 1), COPS_ESTATE);
  ck_assert_int_eq(cops_d6_fight_run_round(f), COPS_OK);
  cops_d6_declaration d;
  ck_assert_int_eq(cops_d6_declaration_init(&d, COPS_D6_DO_NOTHING), COPS_OK);
  EXPECT(cops_d6_fight_declare(f, 0, &d), COPS_ESTATE);     /* between rounds */
  cops_d6_fight_free(f);
  cops_d6_character_free(late);

  cops_ctx *dead = dead_ctx();
  cops_d6_fight *df = NULL;
  ck_assert_int_eq(cops_d6_fight_new(&df, dead, NULL), COPS_OK);
  cops_d6_character *da = simple(dead, "A", "3D"), *db = simple(dead, "B", "3D");
  ck_assert_int_eq(cops_d6_fight_add(df, da, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_add(df, db, 1, 5, 0, NULL), COPS_OK);
  EXPECT(cops_d6_fight_begin_round(df), COPS_ERNG);
  cops_d6_fight_free(df);
  cops_d6_character_free(da);
  cops_d6_character_free(db);
  /* A step whose dice fail: a round begun with dice, continued without. */
  cops_ctx *sc = NULL;
  ck_assert_int_eq(cops_ctx_new(&sc), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(sc, 7), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_new(&df, sc, NULL), COPS_OK);
  cops_d6_character *sa = simple(sc, "A", "3D"), *sb = simple(sc, "B", "3D");
  ck_assert_int_eq(cops_d6_fight_add(df, sa, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_add(df, sb, 1, 1, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_begin_round(df), COPS_OK);
  script none;
  memset(&none, 0, sizeof none);
  ck_assert_int_eq(cops_ctx_use_callback(sc, script_die, &none), COPS_OK);
  EXPECT(cops_d6_fight_step(df, &id), COPS_ERNG);
  cops_d6_fight_free(df);
  cops_d6_character_free(sa);
  cops_d6_character_free(sb);
  cops_ctx_free(sc);
  cops_ctx_free(dead);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_d6_character_free(c);
}
END_TEST

#define D6_SHEET "{\"system\":\"d6\",\"name\":\"A\"," ATTRS("3D") "}"

START_TEST(fight_files)
{
  cops_d6_fight *f = NULL;
  EXPECT(cops_d6_fight_from_json(NULL, ctx, "{}", NULL), COPS_EINVAL);
  EXPECT(cops_d6_fight_from_json(&f, ctx, "{\"system\":\"d6\",", NULL), COPS_EJSON);
  EXPECT(cops_d6_fight_from_json(&f, ctx, "{\"system\":\"d6\",\"sides\":[\"a\"],\"fighters\":"
                                 "[{\"sheet\":" D6_SHEET ",\"side\":1}]}", NULL), COPS_ERANGE);
  EXPECT(cops_d6_fight_from_json(&f, ctx, "{\"system\":\"d6\",\"sides\":[\"a\",\"b\"],"
                                 "\"fighters\":[{\"sheet\":" D6_SHEET ",\"side\":0},"
                                 "{\"sheet\":" D6_SHEET ",\"side\":1,\"driver\":true}]}", NULL),
         COPS_ERULE);
  EXPECT(cops_d6_fight_from_json(&f, ctx, "{\"system\":\"d6\",\"sides\":[\"a\"],\"fighters\":"
                                 "[{\"sheet\":\"nowhere.json\",\"side\":0}]}", "/nonexistent"),
         COPS_EIO);
  ck_assert_ptr_null(f);
}
END_TEST

static Suite *d6_errors_suite(void)
{
  Suite *s = suite_create("d6-errors");
  TCase *tc = tcase_create("documented");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, dice);
  tcase_add_test(tc, characters);
  tcase_add_test(tc, combat);
  tcase_add_test(tc, fights);
  tcase_add_test(tc, fight_files);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(d6_errors_suite)
