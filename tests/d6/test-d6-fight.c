/* D6 whole fights (OTHER-SYSTEMS.md D6 §5.1-§5.3, §5.12, §5.13, §5.15, §5.18 and the rulings
 * each test cites): rounds, declarations, multiple actions, defences held for the round,
 * holds, disarms, coordinated attacks, vehicles rammed; all or nothing; files and replay.
 * Scripted dice make the rules exact; seeded runs pin what a replay must repeat. */
#include "d6-testutil.h"

/* A character with Perception 2D, Agility and Coordination 3D, Vigueur as given, and more
 * fields (skills, weapons) after a comma, or "". */
static cops_d6_character *pc(cops_ctx *ctx, const char *name, const char *vig, const char *more)
{
  char json[1024];
  snprintf(json, sizeof json, "{\"system\":\"d6\",\"name\":\"%s\"," ATTRS("%s") "%s%s}", name,
           vig, *more ? "," : "", more);
  return sheet(ctx, json);
}

static cops_d6_fight *two(cops_ctx *ctx, cops_d6_character *a, cops_d6_character *b, int dist)
{
  cops_d6_fight *f;
  ck_assert_int_eq(cops_d6_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_add(f, a, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_add(f, b, 1, dist, 0, NULL), COPS_OK);
  return f;
}

static cops_d6_fighter state(const cops_d6_fight *f, int id)
{
  cops_d6_fighter s;
  s.size = sizeof s;
  ck_assert_int_eq(cops_d6_fight_fighter(f, id, &s), COPS_OK);
  return s;
}

/* The last event of a type in the log from `from`, its index (-1 none). */
static int last_of(const cops_log *log, int type, int from)
{
  int found = -1;
  for (int i = from; i < cops_log_count(log); i++) {
    cops_event e;
    e.size = sizeof e;
    cops_log_event(log, i, &e);
    if (e.type == type)
      found = i;
  }
  return found;
}

static cops_d6_event d6ev(const cops_log *log, int i)
{
  cops_d6_event e;
  e.size = sizeof e;
  ck_assert_int_eq(cops_d6_log_event(log, i, &e), COPS_OK);
  return e;
}

static void step_ok(cops_ctx *ctx, cops_d6_fight *f, int expect)
{
  int who;
  ck_assert_msg(cops_d6_fight_step(f, &who) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(who, expect);
}

/* D6-A5, D6-A11, §5.3.3: an attack and an active Dodge are two actions: −1D on both rolls;
 * the Dodge total replaces 10 for every later attack this round, and ends with it. */
START_TEST(test_a5_a11_actions_and_active_defence)
{
  script s;
  /* initiative: A 2D (5, 4), B 2D (1, 1) */
  cops_ctx *ctx = SCRIPT(&s, 5, 4, 1, 1,
                         /* A's Dodge at 3D−1D: 2, 2 = 4; A's blow at 2D: 1, 1 = 2 < 10 */
                         2, 2, 1, 1,
                         /* B's blow 3D: 3, 2, 1 = 6 ≥ 4: a hit; B's natural damage 2D: 1, 1
                          * against A's Vigueur 3D: 2, 2, 2: no wound */
                         3, 2, 1, 1, 1, 2, 2, 2);
  cops_d6_character *a = pc(ctx, "A", "3D", ""), *b = pc(ctx, "B", "3D", "");
  cops_d6_fight *f = two(ctx, a, b, 1);
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  int order[2], n;
  ck_assert_int_eq(cops_d6_fight_order(f, order, 2, &n), COPS_OK);
  ck_assert_int_eq(n, 2);
  ck_assert_int_eq(order[0], 0);
  cops_d6_declaration d;
  cops_d6_declaration_init(&d, COPS_D6_DO_ATTACK);
  d.target = 1;
  d.defence = COPS_D6_ACTIVE;
  d.defence_skill = COPS_D6_DODGE;
  ck_assert_int_eq(cops_d6_fight_declare(f, 0, &d), COPS_OK);
  cops_log *log = cops_d6_fight_log(f);
  const int from = cops_log_count(log);
  step_ok(ctx, f, 0);
  cops_d6_fighter sa = state(f, 0);
  ck_assert_int_eq(sa.actions, 2);
  ck_assert_int_eq(sa.defence, COPS_D6_ACTIVE);
  ck_assert_int_eq(sa.defence_total, 4);
  /* both rolls at 3D − 1D */
  int rolls = 0;
  for (int i = from; i < cops_log_count(log); i++) {
    cops_event e;
    e.size = sizeof e;
    cops_log_event(log, i, &e);
    if (e.type == COPS_D6_EV_ROLL) {
      ck_assert_int_eq(d6ev(log, i).dice_rolled, 2);
      rolls++;
    }
  }
  ck_assert_int_eq(rolls, 2);
  step_ok(ctx, f, 1);   /* B's policy: a blow at A, whose Dodge (4) stands for 10 */
  const cops_d6_event r = d6ev(log, last_of(log, COPS_D6_EV_RESULT, from));
  ck_assert_int_eq(r.defence_value, 4);
  ck_assert_int_eq(r.hit, 1);
  /* the round ended: the defence with it */
  ck_assert_int_eq(state(f, 0).defence, COPS_D6_NATURAL);
  ck_assert_int_eq(cops_d6_fight_round(f), 1);
  cops_d6_fight_free(f);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.3.5, D6-A11: total defence is the roll + 10 and the whole round; declared with an
 * attack it is refused. */
START_TEST(test_s5_3_5_total_defence)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 5, 4, 1, 1, /* Dodge 3D at one action: 2, 2, 1 = 5, +10 */
                         2, 2, 1,
                         /* B's blow 3D: 5, 5, 4 = 14 < 15 */
                         5, 5, 4);
  cops_d6_character *a = pc(ctx, "A", "3D", ""), *b = pc(ctx, "B", "3D", "");
  cops_d6_fight *f = two(ctx, a, b, 1);
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  cops_d6_declaration d;
  cops_d6_declaration_init(&d, COPS_D6_DO_ATTACK);
  d.target = 1;
  d.defence = COPS_D6_TOTAL;
  ck_assert_int_eq(cops_d6_fight_declare(f, 0, &d), COPS_ERULE);
  d.action = COPS_D6_DO_NOTHING;
  d.target = -1;
  ck_assert_int_eq(cops_d6_fight_declare(f, 0, &d), COPS_OK);
  cops_log *log = cops_d6_fight_log(f);
  step_ok(ctx, f, 0);
  ck_assert_int_eq(state(f, 0).defence_total, 5);
  ck_assert_int_eq(state(f, 0).actions, 1);
  step_ok(ctx, f, 1);
  const cops_d6_event r = d6ev(log, last_of(log, COPS_D6_EV_RESULT, 0));
  ck_assert_int_eq(r.defence_value, 15);
  ck_assert_int_eq(r.hit, 0);
  cops_d6_fight_free(f);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.13, D6-A68, D6-A10: a grab's hit holds without damage; the held can only escape; an
 * escape's tie fails, a greater total frees; keeping the hold is an action. */
START_TEST(test_a68_grab_and_escape)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 5, 4, 1, 1,
                         /* A grabs: Brawling 3D 4, 4, 4 = 12 ≥ 10 */
                         4, 4, 4,
                         /* B escapes: Vigueur 2D 3, 3 = 6 against A's 3D 2, 2, 2 = 6: a tie */
                         3, 3, 2, 2, 2);
  cops_d6_character *a = pc(ctx, "A", "3D", ""), *b = pc(ctx, "B", "2D", "");
  cops_d6_fight *f = two(ctx, a, b, 1);
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  cops_d6_declaration d;
  cops_d6_declaration_init(&d, COPS_D6_DO_GRAB);
  d.target = 1;
  ck_assert_int_eq(cops_d6_fight_declare(f, 0, &d), COPS_OK);
  cops_log *log = cops_d6_fight_log(f);
  step_ok(ctx, f, 0);
  ck_assert_int_eq(state(f, 0).holding, 1);
  ck_assert_int_eq(state(f, 1).held_by, 0);
  ck_assert_int_eq(last_of(log, COPS_D6_EV_DAMAGE, 0), -1);
  ck_assert_int_eq(d6ev(log, last_of(log, COPS_D6_EV_HOLD, 0)).hold, COPS_D6_GRABBED);
  cops_d6_declaration_init(&d, COPS_D6_DO_ATTACK);
  d.target = 0;
  ck_assert_int_eq(cops_d6_fight_declare(f, 1, &d), COPS_ERULE);   /* held: escape only */
  step_ok(ctx, f, 1);
  ck_assert_int_eq(d6ev(log, last_of(log, COPS_D6_EV_HOLD, 0)).hold, COPS_D6_HELD);
  ck_assert_int_eq(state(f, 1).held_by, 0);
  /* round 2: A hits the one it holds (two actions: 2D, 1, 1 = 2, a miss); B escapes 4, 4 = 8
   * against A's Vigueur at 3D − 1D: 3, 4 = 7 */
  SCRIPT_FACES(&s, 5, 4, 1, 1, 1, 1, 4, 4, 3, 4);
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  const int from = cops_log_count(log);
  step_ok(ctx, f, 0);
  ck_assert_int_eq(state(f, 0).actions, 2);
  ck_assert_int_eq(d6ev(log, last_of(log, COPS_D6_EV_ROLL, from)).dice_rolled, 2);
  step_ok(ctx, f, 1);
  ck_assert_int_eq(d6ev(log, last_of(log, COPS_D6_EV_HOLD, from)).hold, COPS_D6_ESCAPED);
  ck_assert_int_eq(state(f, 0).holding, -1);
  ck_assert_int_eq(state(f, 1).held_by, -1);
  cops_d6_fight_free(f);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* Fight a dagger against a bare-handed parry that disarms (§5.3.4, §5.13, D6-A22). */
static void disarm_round(int literal, const int *faces, int n, int expect_taken)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  script_faces(&s, n, faces);
  cops_d6_character *a = pc(ctx, "A", "3D", "\"weapons\":[\"Dagger\"]");
  cops_d6_character *b = pc(ctx, "B", "2D", "");
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.disarm_vs_damage_roll = literal;
  cops_d6_fight *f;
  ck_assert_int_eq(cops_d6_fight_new(&f, ctx, &r), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_add(f, a, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_add(f, b, 1, 1, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  cops_d6_declaration d;
  cops_d6_declaration_init(&d, COPS_D6_DO_NOTHING);
  d.defence = COPS_D6_ACTIVE;
  d.defence_skill = COPS_D6_BRAWLING;
  d.disarm = 1;
  ck_assert_int_eq(cops_d6_fight_declare(f, 1, &d), COPS_OK);
  ck_assert_msg(cops_d6_fight_resolve_round(f) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  cops_log *log = cops_d6_fight_log(f);
  ck_assert_int_eq(d6ev(log, last_of(log, COPS_D6_EV_RESULT, 0)).parried, 1);
  const int i = last_of(log, COPS_D6_EV_DISARM, 0);
  ck_assert_int_ge(i, 0);
  ck_assert_int_eq(d6ev(log, i).hold, expect_taken ? COPS_D6_DISARM_TAKES : COPS_D6_DISARM_FAILS);
  ck_assert_int_eq(cops_d6_character_weapon_count(a), expect_taken ? 0 : 1);
  ck_assert_int_eq(cops_d6_character_weapon_count(b), expect_taken ? 1 : 0);
  ck_assert_int_eq(s.next, s.n);   /* every scripted die used */
  cops_d6_fight_free(f);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}

START_TEST(test_a22_disarm)
{
  /* initiative: A 1, 1; B 5, 4. B's parry: Brawling 3D 5, 5, 5 = 15. A's dagger: Melee
   * Weapons 3D 2, 2, 2 = 6: parried. The defender takes the dagger's base 1D: 1 against
   * Vigueur 2D 1, 1: no wound. The parry 15 beats the attack 6: Vigueur 2D 4, 4 = 8 against
   * A's 3D 1, 1, 1 = 3: won; the dagger is B's at the round's end. */
  const int won[] = {1, 1, 5, 4, 5, 5, 5, 2, 2, 2, 1, 1, 1, 4, 4, 1, 1, 1};
  disarm_round(0, won, (int)(sizeof won / sizeof won[0]), 1);
  /* D6-A22's switch: the parry against the damage roll, A's dagger + natural damage 2D:
   * 5, 5, 5 = 15, not beaten: no contest. */
  const int literal[] = {1, 1, 5, 4, 5, 5, 5, 2, 2, 2, 1, 1, 1, 5, 5, 5};
  disarm_round(1, literal, (int)(sizeof literal / sizeof literal[0]), 0);
}
END_TEST

/* §5.12, D6-A23: a successful Command puts the group on the coordinator's rank and sums its
 * hits into one damage total against one resistance roll; a failed one leaves each alone. */
START_TEST(test_a23_coordinated_attack)
{
  for (int ok = 0; ok < 2; ok++) {
    script s;
    cops_ctx *ctx = SCRIPT(&s, 1);
    cops_d6_character *c = pc(ctx, "Chief", "2D", "\"skills\":{\"command\":\"4D\"}");
    cops_d6_character *m = pc(ctx, "Member", "2D", "");
    cops_d6_character *t = pc(ctx, "Target", "4D", "");
    cops_d6_fight *f;
    ck_assert_int_eq(cops_d6_fight_new(&f, ctx, NULL), COPS_OK);
    ck_assert_int_eq(cops_d6_fight_add(f, c, 0, 0, 0, NULL), COPS_OK);
    ck_assert_int_eq(cops_d6_fight_add(f, m, 0, 0, 1, NULL), COPS_OK);
    ck_assert_int_eq(cops_d6_fight_add(f, t, 1, 1, 0, NULL), COPS_OK);
    const int members[1] = {1};
    ck_assert_int_eq(cops_d6_fight_coordinate(f, 0, 2, members, 1), COPS_OK);
    ck_assert_int_eq(cops_d6_fight_coordinate(f, 0, 1, members, 1), COPS_ERULE);   /* own side */
    if (ok)
      /* Command 4D 5, 5, 4, 1 = 15: success. Initiative: Chief 2D 5, 4; Target 1, 2; the
       * member does not roll and acts right after the chief. Chief's blow at 3D − 1D (Command
       * was an action): 5, 5 = 10 hits, natural damage 1D (Vigueur 2D): 3. Member's blow
       * 3D 5, 4, 1 = 10 hits, damage 1D: 4. One resistance roll, Target's 4D 1, 1, 1, 1 = 4
       * against 7: margin 3, Stunned. Target's blow at 3D − 1D (Stunned): 1, 1, a miss. */
      SCRIPT_FACES(&s, 5, 5, 4, 1, 5, 4, 1, 2, 5, 5, 3, 5, 4, 1, 4, 1, 1, 1, 1, 1, 1);
    else
      /* Command 4D 1, 1, 1, 2 = 5: failed. Initiative: Chief 1, 1; Member 2, 2; Target
       * 1, 2. Member 3D 5, 4, 1 hits, damage 4 against Target's 4D 1, 1, 1, 1 = 4: no wound.
       * Target's blow at the member 3D 1, 1, 1 misses. Chief at 3D − 1D 5, 5 hits, damage 3
       * against 1, 1, 1, 1: no wound. */
      SCRIPT_FACES(&s, 1, 1, 1, 2, 1, 1, 2, 2, 1, 2, 5, 4, 1, 4, 1, 1, 1, 1, 1, 1, 1, 5, 5,
                   3, 1, 1, 1, 1);
    ck_assert_msg(cops_d6_fight_run_round(f) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
    cops_log *log = cops_d6_fight_log(f);
    ck_assert_int_eq(d6ev(log, last_of(log, COPS_D6_EV_COORDINATE, 0)).success, ok);
    int damages = 0, last = -1;
    for (int i = 0; i < cops_log_count(log); i++) {
      cops_event e;
      e.size = sizeof e;
      cops_log_event(log, i, &e);
      if (e.type == COPS_D6_EV_DAMAGE)
        damages++, last = i;
    }
    ck_assert_int_eq(damages, ok ? 1 : 2);
    if (ok) {
      ck_assert_int_eq(d6ev(log, last).damage_total, 7);
      ck_assert_int_eq(d6ev(log, last).steps, 1);
      ck_assert_int_eq(state(f, 1).initiative, state(f, 0).initiative);
      ck_assert_int_eq(state(f, 1).rank, 1);
      ck_assert_int_eq(state(f, 0).coordinated, 1);
    }
    ck_assert_int_eq(s.next, s.n);
    cops_d6_fight_free(f);
    cops_d6_character_free(c);
    cops_d6_character_free(m);
    cops_d6_character_free(t);
    cops_ctx_free(ctx);
  }
}
END_TEST

/* §5.15, D6-A6: the surpriser acts first in round 1 with +1D on its first action, however
 * low its Perception roll. */
START_TEST(test_s5_15_surprise)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1, 1, 5, 5, /* A's blow at 3D + 1D: 1, 1, 1, 1 */ 1, 1, 1, 1,
                         /* B's blow 3D 1, 1, 1 */ 1, 1, 1);
  cops_d6_character *a = pc(ctx, "A", "3D", ""), *b = pc(ctx, "B", "3D", "");
  cops_d6_fight *f = two(ctx, a, b, 1);
  ck_assert_int_eq(cops_d6_fight_set_surpriser(f, 0, 1), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  int order[2], n;
  cops_d6_fight_order(f, order, 2, &n);
  ck_assert_int_eq(order[0], 0);
  cops_log *log = cops_d6_fight_log(f);
  const int from = cops_log_count(log);
  step_ok(ctx, f, 0);
  ck_assert_int_eq(d6ev(log, last_of(log, COPS_D6_EV_ROLL, from)).dice_rolled, 4);
  ck_assert_int_eq(cops_d6_fight_set_surpriser(f, 0, 0), COPS_ESTATE);
  cops_d6_fight_free(f);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.18, D6-A62: a driver rams another car head-on: the cruising (4D) and slow (2D) cars and
 * +3D give 9D to each, both stop, and the rammer ends where the other was. */
START_TEST(test_s5_18_ram)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_ctx_seed(ctx, 5);
  cops_d6_character *a = pc(ctx, "A", "3D", "\"skills\":{\"vehicle\":\"3D\"}");
  cops_d6_character *b = pc(ctx, "B", "3D", "");
  cops_d6_fight *f = two(ctx, a, b, 30);
  cops_d6_vehicle v;
  cops_d6_vehicle_init(&v);
  snprintf(v.name, sizeof v.name, "Sedan");
  v.speed = COPS_D6_CRUISING;
  ck_assert_int_eq(cops_d6_fight_add_vehicle(f, &v, 0, 0, NULL), COPS_OK);
  snprintf(v.name, sizeof v.name, "Van");
  v.speed = COPS_D6_SLOW;
  ck_assert_int_eq(cops_d6_fight_add_vehicle(f, &v, 40, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_board(f, 0, 0, 1), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_board(f, 1, 1, 1), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_distance(f, 0, 1), 40);
  ck_assert_int_eq(cops_d6_fight_set_tactic(f, 1, COPS_D6_TACTIC_DEFEND), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  cops_d6_declaration d;
  cops_d6_declaration_init(&d, COPS_D6_DO_RAM);
  d.target = 1;
  d.impact = COPS_D6_INTO_OBJECT;
  ck_assert_int_eq(cops_d6_fight_declare(f, 0, &d), COPS_ERULE);
  d.impact = COPS_D6_HEAD_ON;
  ck_assert_int_eq(cops_d6_fight_declare(f, 0, &d), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_declare(f, 1, &d), COPS_ERULE);   /* its own vehicle */
  ck_assert_msg(cops_d6_fight_resolve_round(f) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  cops_log *log = cops_d6_fight_log(f);
  int vehicle_damage = 0;
  for (int i = 0; i < cops_log_count(log); i++) {
    cops_event e;
    e.size = sizeof e;
    cops_log_event(log, i, &e);
    if (e.type == COPS_D6_EV_ROLL && d6ev(log, i).purpose == COPS_D6_FOR_DAMAGE &&
        !e.actor) {
      ck_assert_int_eq(d6ev(log, i).code.dice, 9);
      vehicle_damage++;
    }
  }
  ck_assert_int_eq(vehicle_damage, 2);   /* the collision's 9D, rolled for each car */
  for (int k = 0; k < 2; k++) {
    cops_d6_vehicle out;
    out.size = sizeof out;
    ck_assert_int_eq(cops_d6_fight_vehicle(f, k, &out), COPS_OK);
    ck_assert_int_eq(out.speed, COPS_D6_STOPPED);
  }
  int x, y;
  ck_assert_int_eq(cops_d6_fight_vehicle_position(f, 0, &x, &y), COPS_OK);
  ck_assert_int_eq(x, 40);
  ck_assert_int_eq(cops_d6_fight_distance(f, 0, 1), 0);
  cops_d6_fight_free(f);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* A declaration the state no longer allows fails the step and changes nothing: the fight,
 * the characters, the log, the dice. */
START_TEST(test_fight_all_or_nothing)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 5, 4, 1, 1, 1, 1, 1, 1, 1, 1);
  cops_d6_character *a = pc(ctx, "A", "3D", ""), *b = pc(ctx, "B", "3D", "");
  cops_d6_fight *f = two(ctx, a, b, 1);
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  cops_d6_declaration d;
  cops_d6_declaration_init(&d, COPS_D6_DO_ATTACK);
  d.target = 1;
  ck_assert_int_eq(cops_d6_fight_declare(f, 0, &d), COPS_OK);
  cops_d6_fight_set_position(f, 1, 5, 0);   /* B steps away: no blow reaches it */
  cops_log *log = cops_d6_fight_log(f);
  const int count = cops_log_count(log), next = s.next;
  int who = 7;
  ck_assert_int_eq(cops_d6_fight_step(f, &who), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "contact"));
  ck_assert_int_eq(who, 7);
  ck_assert_int_eq(cops_log_count(log), count);
  ck_assert_int_eq(s.next, next);
  ck_assert_int_eq(state(f, 0).acted, 0);
  ck_assert_int_eq(state(f, 0).actions, 0);
  /* bad calls, clear errors */
  ck_assert_int_eq(cops_d6_fight_declare(f, 9, &d), COPS_ERANGE);
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_ESTATE);
  char *text;
  ck_assert_int_eq(cops_d6_fight_save(f, &text), COPS_ESTATE);
  d.size = 3;
  ck_assert_int_eq(cops_d6_fight_declare(f, 0, &d), COPS_EINVAL);
  cops_d6_fight_free(f);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

static const char *const scenario =
  "{\"system\":\"d6\",\"name\":\"Alley\",\"seed\":\"42\",\"sides\":[\"cops\",\"gang\"],"
  "\"fighters\":["
  "{\"sheet\":{\"system\":\"d6\",\"name\":\"Ramirez\"," ATTRS("3D") ",\"skills\":"
  "{\"marksmanship\":\"5D\",\"dodge\":\"4D\"},\"weapons\":[\"Glock 17\"]},\"side\":0,\"x\":0,"
  "\"y\":0,\"tactic\":\"dodge\"},"
  "{\"sheet\":{\"system\":\"d6\",\"name\":\"Vega\"," ATTRS("3D") ",\"weapons\":[\"Machete\"]},"
  "\"side\":1,\"x\":12,\"y\":0},"
  "{\"sheet\":{\"system\":\"d6\",\"name\":\"Cruz\"," ATTRS("2D") "},\"side\":1,\"x\":14,"
  "\"y\":3,\"tactic\":\"grab\"}]}";

/* A scenario read, run to its end, saved between rounds and resumed: the same events as an
 * uninterrupted run (replay); its save reads back to the same text. */
START_TEST(test_fight_file_replay)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_d6_fight *whole;
  ck_assert_msg(cops_d6_fight_from_json(&whole, ctx, scenario, NULL) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  ck_assert_str_eq(cops_d6_fight_name(whole), "Alley");
  ck_assert_int_eq(cops_d6_fight_run(whole), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_over(whole), 1);
  char *all;
  ck_assert_int_eq(cops_log_to_jsonl(cops_d6_fight_log(whole), 0, &all), COPS_OK);

  cops_ctx *ctx2;
  ck_assert_int_eq(cops_ctx_new(&ctx2), COPS_OK);
  cops_d6_fight *part;
  ck_assert_int_eq(cops_d6_fight_from_json(&part, ctx2, scenario, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_run_round(part), COPS_OK);
  char *first, *save, *again;
  ck_assert_int_eq(cops_log_to_jsonl(cops_d6_fight_log(part), 0, &first), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_save(part, &save), COPS_OK);
  cops_d6_fight_free(part);
  cops_ctx *ctx3;
  ck_assert_int_eq(cops_ctx_new(&ctx3), COPS_OK);
  cops_d6_fight *resumed;
  ck_assert_msg(cops_d6_fight_from_json(&resumed, ctx3, save, NULL) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx3));
  ck_assert_int_eq(cops_d6_fight_save(resumed, &again), COPS_OK);
  ck_assert_str_eq(save, again);
  ck_assert_int_eq(cops_d6_fight_run(resumed), COPS_OK);
  char *rest;
  ck_assert_int_eq(cops_log_to_jsonl(cops_d6_fight_log(resumed), 0, &rest), COPS_OK);
  const size_t nf = strlen(first);
  ck_assert_int_eq(strncmp(all, first, nf), 0);
  ck_assert_str_eq(all + nf, rest);
  int w1, w2;
  cops_d6_fight_winner(whole, &w1);
  cops_d6_fight_winner(resumed, &w2);
  ck_assert_int_eq(w1, w2);
  cops_free(all);
  cops_free(first);
  cops_free(save);
  cops_free(again);
  cops_free(rest);
  cops_d6_fight_free(whole);
  cops_d6_fight_free(resumed);
  cops_ctx_free(ctx);
  cops_ctx_free(ctx2);
  cops_ctx_free(ctx3);
}
END_TEST

/* cops_d6_fight_reset: the same fight again, vehicles and all. Reset and seeded alike, the
 * head-on crash saves as it did before its first round and plays the same events; a fight
 * resumed from a save made after round 1 has no start to go back to. */
START_TEST(test_fight_reset)
{
  const char *path = SHEETS_DIR "/../d6/scenarios/car-collision.json";
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_d6_fight *f;
  ck_assert_msg(cops_d6_fight_load(&f, ctx, path) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_gt(cops_d6_fight_vehicle_count(f), 0);
  ck_assert_int_eq(cops_d6_fight_seed(f, 5), COPS_OK);
  char *start, *again, *first, *second;
  ck_assert_int_eq(cops_d6_fight_save(f, &start), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_run(f), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_over(f), 1);
  ck_assert_int_eq(cops_log_to_jsonl(cops_d6_fight_log(f), 0, &first), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_save(f, &again), COPS_OK);
  ck_assert_str_ne(start, again);
  cops_free(again);
  ck_assert_int_eq(cops_d6_fight_reset(f), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_round(f), 0);
  ck_assert_int_eq(cops_d6_fight_over(f), 0);
  ck_assert_int_eq(cops_log_count(cops_d6_fight_log(f)), 0);
  ck_assert_int_eq(cops_d6_fight_seed(f, 5), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_save(f, &again), COPS_OK);
  ck_assert_str_eq(start, again);
  cops_free(again);
  ck_assert_int_eq(cops_d6_fight_run(f), COPS_OK);
  ck_assert_int_eq(cops_log_to_jsonl(cops_d6_fight_log(f), 0, &second), COPS_OK);
  ck_assert_str_eq(first, second);
  cops_free(second);
  /* Resumed after round 1: refused, nothing changed. */
  cops_d6_fight *part, *resumed;
  char *save, *after;
  ck_assert_int_eq(cops_d6_fight_load(&part, ctx, path), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_run_round(part), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_save(part, &save), COPS_OK);
  ck_assert_int_eq(cops_d6_fight_from_json(&resumed, ctx, save, SHEETS_DIR "/../d6/scenarios"),
                   COPS_OK);
  ck_assert_int_eq(cops_d6_fight_reset(resumed), COPS_ESTATE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "first round is not known"));
  ck_assert_int_eq(cops_d6_fight_save(resumed, &after), COPS_OK);
  ck_assert_str_eq(save, after);
  ck_assert_int_eq(cops_d6_fight_reset(NULL), COPS_EINVAL);
  cops_free(save);
  cops_free(after);
  cops_free(first);
  cops_free(start);
  cops_d6_fight_free(resumed);
  cops_d6_fight_free(part);
  cops_d6_fight_free(f);
  cops_ctx_free(ctx);
}
END_TEST

/* Fight files refused with a message naming the field; nothing made. */
START_TEST(test_fight_file_refusals)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  static const struct { const char *json, *word; int rc; } bad[] = {
    {"{\"system\":\"st\",\"sides\":[\"a\"],\"fighters\":[]}", "system", COPS_EJSON},
    {"{\"system\":\"d6\",\"sides\":[\"a\"],\"fighters\":[],\"extra\":1}", "extra", COPS_EJSON},
    {"{\"system\":\"d6\",\"sides\":[\"a\",\"b\"],\"fighters\":[{\"sheet\":{\"system\":\"d6\","
     "\"name\":\"A\"," ATTRS("2D") "},\"side\":2}]}", "side", COPS_ERANGE},
    {"{\"system\":\"d6\",\"sides\":[\"a\",\"b\"],\"fighters\":[{\"sheet\":{\"system\":\"d6\","
     "\"name\":\"A\"," ATTRS("2D") "},\"side\":0,\"holding\":1},{\"sheet\":{\"system\":\"d6\","
     "\"name\":\"B\"," ATTRS("2D") "},\"side\":1,\"x\":5}]}", "contact", COPS_ERULE},
    {"{\"system\":\"d6\",\"sides\":[\"a\"],\"rules\":{\"gravity\":\"heavy\"},\"fighters\":[]}",
     "gravity", COPS_EJSON},
    {"{\"system\":\"d6\",\"sides\":[\"a\"],\"vehicles\":[{\"name\":\"Car\",\"speed\":\"fast\"}],"
     "\"fighters\":[]}", "speed", COPS_EJSON},
    {"{\"system\":\"d6\",\"sides\":[\"a\"],\"fighters\":[{\"sheet\":{\"system\":\"d6\","
     "\"name\":\"A\"," ATTRS("2D") "},\"side\":0,\"driver\":true}]}", "driver", COPS_ERULE},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    cops_d6_fight *f = (cops_d6_fight *)1;
    const int rc = cops_d6_fight_from_json(&f, ctx, bad[k].json, NULL);
    ck_assert_msg(rc == bad[k].rc, "%zu: %d (%s)", k, rc, cops_ctx_errmsg(ctx));
    ck_assert_ptr_null(f);
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[k].word), "%zu: %s", k, cops_ctx_errmsg(ctx));
  }
  cops_ctx_free(ctx);
}
END_TEST

static void declare_ok(cops_ctx *ctx, cops_d6_fight *f, int id, const cops_d6_declaration *d)
{
  ck_assert_msg(cops_d6_fight_declare(f, id, d) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
}

/* §7.6 item 5, D6-M22, D6-L14: a spell of two rounds' preparation is prepared in the first
 * and cast in the second; a wound since the last round of a preparation interrupts it and it
 * starts over; a preparation is saved with the fight. */
START_TEST(test_m22_preparation)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 5, 4, 1, 1,  /* round 1: the mage first */
                         5, 4, 1, 1,      /* round 2 */
                         3, 3, 3,         /* Alteration 3D: 9 ≥ 5 */
                         5, 4, 1, 1,      /* round 3 */
                         5, 5, 5,         /* B's blow 15 ≥ 10 */
                         2, 2, 1, 1,      /* B's damage 2D: 4 against the mage's 2D: 2 */
                         2, 2, 5, 5, 1);  /* round 4: B first whatever the mage's wound */
  cops_d6_character *b = pc(ctx, "B", "3D", "");
  cops_d6_character *m = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Mage\",\"attributes\":{\"vigueur\":\"2D\","
            "\"agility\":\"3D\",\"coordination\":\"3D\",\"perception\":\"2D\",\"knowledge\":"
            "\"2D\",\"charisma\":\"2D\",\"magic\":\"2D\"},\"skills\":{\"alteration\":\"3D\"},"
            "\"character_points\":2}");
  cops_d6_fight *f = two(ctx, m, b, 1);
  cops_log *log = cops_d6_fight_log(f);
  cops_d6_declaration cast, idle, blow;
  cops_d6_declaration_init(&cast, COPS_D6_DO_CAST);
  cast.spell_skill = COPS_D6_ALTERATION;
  cast.spell_difficulty = 5;
  cast.preparation = 2;
  cops_d6_declaration_init(&idle, COPS_D6_DO_NOTHING);
  cops_d6_declaration_init(&blow, COPS_D6_DO_ATTACK);
  blow.target = 0;

  /* refusals: no skill of a magic Attribute; points on a round of preparation */
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  cops_d6_declaration bad = cast;
  bad.spell_skill = COPS_D6_DODGE;
  ck_assert_int_eq(cops_d6_fight_declare(f, 0, &bad), COPS_EINVAL);
  bad = cast;
  bad.cp = 1;
  ck_assert_int_eq(cops_d6_fight_declare(f, 0, &bad), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "preparation"));

  int from = cops_log_count(log);
  declare_ok(ctx, f, 0, &cast);
  declare_ok(ctx, f, 1, &idle);
  step_ok(ctx, f, 0);
  cops_d6_event e = d6ev(log, last_of(log, COPS_D6_EV_PREPARE, from));
  ck_assert_int_eq(e.prepared, 1);
  ck_assert_int_eq(e.needed, 2);
  ck_assert_int_eq(e.interrupted, 0);
  ck_assert_int_eq(last_of(log, COPS_D6_EV_SPELL, from), -1);
  ck_assert_int_eq(state(f, 0).preparing, 1);
  step_ok(ctx, f, 1);

  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  from = cops_log_count(log);
  declare_ok(ctx, f, 0, &cast);
  declare_ok(ctx, f, 1, &idle);
  step_ok(ctx, f, 0);
  e = d6ev(log, last_of(log, COPS_D6_EV_SPELL, from));
  ck_assert_int_eq(e.total, 9);
  ck_assert_int_eq(e.success, 1);
  ck_assert_int_eq(last_of(log, COPS_D6_EV_PREPARE, from), -1);
  ck_assert_int_eq(state(f, 0).preparing, 0);
  step_ok(ctx, f, 1);

  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  cast.preparation = 3;
  declare_ok(ctx, f, 0, &cast);
  declare_ok(ctx, f, 1, &blow);
  step_ok(ctx, f, 0);
  step_ok(ctx, f, 1);
  cops_d6_wounds w;
  w.size = sizeof w;
  ck_assert_int_eq(cops_d6_character_wounds(m, &w), COPS_OK);
  ck_assert_int_eq(w.level, COPS_D6_STUNNED);
  ck_assert_int_eq(state(f, 0).preparing, 1);
  char *save, *again;
  ck_assert_int_eq(cops_d6_fight_save(f, &save), COPS_OK);
  ck_assert_ptr_nonnull(strstr(save, "\"preparing\""));
  cops_d6_fight *copy;
  ck_assert_msg(cops_d6_fight_from_json(&copy, ctx, save, NULL) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  ck_assert_int_eq(state(copy, 0).preparing, 1);
  ck_assert_int_eq(cops_d6_fight_save(copy, &again), COPS_OK);
  ck_assert_str_eq(save, again);
  cops_d6_fight_free(copy);
  cops_free(save);
  cops_free(again);

  /* the wound came after the first round of it: interrupted, it starts over */
  ck_assert_int_eq(cops_d6_fight_begin_round(f), COPS_OK);
  from = cops_log_count(log);
  declare_ok(ctx, f, 0, &cast);
  declare_ok(ctx, f, 1, &idle);
  step_ok(ctx, f, 1);
  step_ok(ctx, f, 0);
  const int stop = last_of(log, COPS_D6_EV_PREPARE, from) - 1;
  e = d6ev(log, stop);
  ck_assert_int_eq(e.interrupted, 1);
  ck_assert_int_eq(e.prepared, 1);
  e = d6ev(log, stop + 1);
  ck_assert_int_eq(e.interrupted, 0);
  ck_assert_int_eq(e.prepared, 1);
  ck_assert_int_eq(e.needed, 3);
  char *text;
  ck_assert_int_eq(cops_log_narrate(log, stop, COPS_LANG_EN, &text), COPS_OK);
  ck_assert_msg(strstr(text, "Round 4. Mage loses the spell being prepared after 1 round.\n"
                           "Round 4. Mage prepares a spell: round 1/3.\n"), "%s", text);
  cops_free(text);
  cops_d6_fight_free(f);
  cops_d6_character_free(m);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("d6-fight");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_a5_a11_actions_and_active_defence);
  tcase_add_test(tc, test_s5_3_5_total_defence);
  tcase_add_test(tc, test_a68_grab_and_escape);
  tcase_add_test(tc, test_a22_disarm);
  tcase_add_test(tc, test_a23_coordinated_attack);
  tcase_add_test(tc, test_s5_15_surprise);
  tcase_add_test(tc, test_s5_18_ram);
  tcase_add_test(tc, test_fight_all_or_nothing);
  tcase_add_test(tc, test_fight_file_replay);
  tcase_add_test(tc, test_fight_reset);
  tcase_add_test(tc, test_fight_file_refusals);
  tcase_add_test(tc, test_m22_preparation);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(suite)
