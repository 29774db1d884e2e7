/* The D6 System module's combat (OTHER-SYSTEMS.md D6 §5, §8.3, §8.4 and the rulings each test
 * cites): scripted dice make every rule exact. */
#include "d6-testutil.h"

/* Harm a character of Vigueur 1D whose resistance die shows 1 with `damage` (4D, faces
 * given): the margin is their sum − 1. */
static cops_d6_outcome harm(cops_ctx *ctx, script *s, cops_d6_character *ch, int stun,
                            const int faces[4])
{
  /* then, for a character entering level 4, a failed check (at most 3D) and 10D of 1s */
  script_faces(s, 18, (const int[]){faces[0], faces[1], faces[2], faces[3], 1, 2, 1, 1, 1, 1,
                                    1, 1, 1, 1, 1, 1, 1, 1});
  cops_d6_outcome o;
  o.size = sizeof o;
  ck_assert_msg(cops_d6_harm(&o, ctx, ch, 1, code(4, 0), stun, NULL, NULL) == COPS_OK, "%s",
                cops_ctx_errmsg(ctx));
  return o;
}

/* §5.6: the wound-margin table; a tie does not wound; 16 or more kills outright (D6-A65). */
START_TEST(test_s5_6_margin_table)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  /* Damage 1D against 1D (1): a tie and a margin of 1. */
  static const struct { int face, margin, step; } small[] = {{1, 0, 0}, {2, 1, 1}};
  for (size_t k = 0; k < 2; k++) {
    cops_d6_character *ch = simple(ctx, "Target", "1D");
    script_faces(&s, 2, (const int[]){small[k].face, 1});
    cops_d6_outcome o;
    o.size = sizeof o;
    ck_assert_int_eq(cops_d6_harm(&o, ctx, ch, 1, code(1, 0), 0, NULL, NULL), COPS_OK);
    ck_assert_int_eq(o.margin, small[k].margin);
    ck_assert_int_eq(o.steps, small[k].step);
    cops_d6_character_free(ch);
  }
  /* Damage 4D against 1: every row's ends. */
  static const struct { int faces[4], margin, step; } t[] = {
    {{1, 1, 1, 1}, 3, 1},  {{2, 1, 1, 1}, 4, 2},  {{2, 2, 3, 2}, 8, 2},  {{3, 2, 3, 2}, 9, 3},
    {{3, 3, 3, 4}, 12, 3}, {{4, 3, 3, 4}, 13, 4}, {{4, 4, 4, 4}, 15, 4}, {{5, 4, 4, 4}, 16, 6}};
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
    cops_d6_character *ch = simple(ctx, "Target", "1D");
    const cops_d6_outcome o = harm(ctx, &s, ch, 0, t[k].faces);
    ck_assert_int_eq(o.margin, t[k].margin);
    ck_assert_int_eq(o.steps, t[k].step);
    ck_assert_int_eq(o.wound_level, t[k].step);
    ck_assert_int_eq(wounds(ch).step, t[k].step);
    cops_d6_character_free(ch);
  }
  cops_ctx_free(ctx);
}
END_TEST

/* §5.7, D6-A17: Stunned's −1D lasts to the end of the round; level 1 clears after 12 rounds
 * (§6.1); only the current level's penalty counts. */
START_TEST(test_s5_7_stunned)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *ch = simple(ctx, "Target", "1D");
  script_faces(&s, 2, (const int[]){3, 1});   /* 3 against 1: margin 2, one level */
  cops_d6_outcome o;
  o.size = sizeof o;
  ck_assert_int_eq(cops_d6_harm(&o, ctx, ch, 1, code(1, 0), 0, NULL, NULL), COPS_OK);
  ck_assert_int_eq(o.wound_level, COPS_D6_STUNNED);
  int dice, points;
  ck_assert_int_eq(cops_d6_character_penalty(ch, COPS_D6_DODGE, &dice, &points), COPS_OK);
  ck_assert_int_eq(dice, -1);
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  ck_assert_int_eq(cops_d6_character_end_round(ch, ctx, 1, NULL, log), COPS_OK);
  cops_d6_character_penalty(ch, COPS_D6_DODGE, &dice, &points);
  ck_assert_int_eq(dice, 0);                 /* still at level 1, the penalty gone */
  ck_assert_int_eq(wounds(ch).level, COPS_D6_STUNNED);
  for (int r = 2; r <= 11; r++)
    ck_assert_int_eq(cops_d6_character_end_round(ch, ctx, 1, NULL, log), COPS_OK);
  ck_assert_int_eq(wounds(ch).level, COPS_D6_STUNNED);
  ck_assert_int_eq(cops_log_count(log), 0);
  ck_assert_int_eq(cops_d6_character_end_round(ch, ctx, 1, NULL, log), COPS_OK);
  ck_assert_int_eq(wounds(ch).level, COPS_D6_UNHURT);
  ck_assert_int_eq(cops_log_count(log), 1);
  cops_d6_event e;
  e.size = sizeof e;
  ck_assert_int_eq(cops_d6_log_event(log, 0, &e), COPS_OK);
  ck_assert_int_eq(e.state, COPS_D6_STUN_ENDS);
  /* Wounded and Severely wounded: −1D, −2D, not added to level 1's. */
  cops_d6_wounds w = wounds(ch);
  w.step = 3;
  cops_d6_character_set_wounds(ch, &w);
  cops_d6_character_penalty(ch, COPS_D6_VIGUEUR, &dice, &points);
  ck_assert_int_eq(dice, -2);
  cops_log_free(log);
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.9, D6-A20: a stunning weapon inflicts two levels fewer (16+ counting 6), and knocks
 * out for the margin's minutes even with no level left. */
START_TEST(test_s5_9_stun)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *ch = simple(ctx, "Target", "1D");
  cops_d6_outcome o = harm(ctx, &s, ch, 1, (const int[]){2, 1, 1, 1});   /* margin 4: 2 -> 0 */
  ck_assert_int_eq(o.margin, 4);
  ck_assert_int_eq(o.steps, 0);
  ck_assert_int_eq(o.unconscious, 4);
  cops_d6_wounds w = wounds(ch);
  ck_assert_int_eq(w.unconscious, 48);
  ck_assert_int_eq(cops_d6_character_can_act(ch), 0);
  o = harm(ctx, &s, ch, 1, (const int[]){5, 4, 4, 4});                   /* 16: 6 -> 4 */
  ck_assert_int_eq(o.steps, 4);
  ck_assert_int_eq(o.wound_level, COPS_D6_INCAPACITATED);
  ck_assert_int_eq(o.massive, 1);
  ck_assert_int_eq(wounds(ch).unconscious, 16 * 12);
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.7, D6-A18: entering level 4 by damage, the better of Résistance and Volonté against 15
 * (without the −3D); a failure knocks out for 10D minutes. §5.10: massive damage. */
START_TEST(test_s5_7_incapacitated)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *ch = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Target\"," ATTRS("2D")
                                     ",\"skills\":{\"willpower\":\"3D\",\"resistance\":\"2D\"}}");
  cops_d6_wounds w = wounds(ch);
  w.step = 2;
  ck_assert_int_eq(cops_d6_character_set_wounds(ch, &w), COPS_OK);
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  /* Wounded, it resists at 1D (D6-A17). Margin 4 (two levels: 2 -> 4), then Volonté 3D: 5+5+4 = 14 < 15, then 10D minutes. */
  script_faces(&s, 18, (const int[]){2, 1, 1, 1, 1, 5, 5, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2});
  cops_d6_outcome o;
  o.size = sizeof o;
  ck_assert_int_eq(cops_d6_harm(&o, ctx, ch, 1, code(4, 0), 0, NULL, log), COPS_OK);
  ck_assert_int_eq(o.wound_level, COPS_D6_INCAPACITATED);
  ck_assert_int_eq(o.check, 0);
  ck_assert_int_eq(o.unconscious, 29);
  ck_assert_int_eq(o.massive, 1);
  w = wounds(ch);
  ck_assert_int_eq(w.unconscious, 29 * 12);
  ck_assert_int_eq(w.defend_only, 2);
  ck_assert_int_eq(s.next, 18);
  /* The events: damage roll, resistance, damage, defend only, check, 10D, knocked out. */
  ck_assert_int_eq(cops_log_count(log), 7);
  cops_d6_event e;
  e.size = sizeof e;
  ck_assert_int_eq(cops_d6_log_event(log, 4, &e), COPS_OK);
  ck_assert_int_eq(e.purpose, COPS_D6_FOR_CHECK);
  ck_assert_int_eq(e.code.dice, 3);
  ck_assert_int_eq(e.total, 14);
  ck_assert_int_eq(e.difficulty, 15);
  ck_assert_int_eq(e.success, 0);
  /* A pass (a fresh character): it stays conscious at −3D. */
  cops_d6_character *b = sheet(ctx, "{\"system\":\"d6\",\"name\":\"B\"," ATTRS("3D")
                                    ",\"skills\":{\"resistance\":\"3D\"},\"wounds\":{\"step\":3}}");
  /* Severely wounded, Vigueur 3D resists at 1D: 4 against 1; then Résistance 3D in full. */
  script_faces(&s, 9, (const int[]){1, 1, 1, 1, 1, 5, 5, 5, 1});
  ck_assert_int_eq(cops_d6_harm(&o, ctx, b, 1, code(4, 0), 0, NULL, NULL), COPS_OK);
  ck_assert_int_eq(o.check, 1);
  ck_assert_int_eq(cops_d6_character_can_act(b), 1);
  int dice;
  cops_d6_character_penalty(b, COPS_D6_MARKSMANSHIP, &dice, NULL);
  ck_assert_int_eq(dice, -3);
  cops_log_free(log);
  cops_d6_character_free(b);
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.7, D6-A19: at level 5, from the round after, a Vigueur roll at full dice against the
 * whole minutes at level 5; below it, death. Stabilised: no roll. */
START_TEST(test_s5_7_mortal_clock)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *ch = simple(ctx, "Target", "5D");   /* resists at 2D while at level 4 */
  cops_d6_wounds w = wounds(ch);
  w.step = 4;
  cops_d6_character_set_wounds(ch, &w);
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  script_faces(&s, 6, (const int[]){1, 1, 1, 1, 1, 1});   /* 4 against 2: one level, 4 -> 5 */
  cops_d6_outcome o;
  o.size = sizeof o;
  ck_assert_int_eq(cops_d6_harm(&o, ctx, ch, 1, code(4, 0), 0, NULL, log), COPS_OK);
  ck_assert_int_eq(o.wound_level, COPS_D6_MORTALLY);
  ck_assert_int_eq(cops_d6_character_can_act(ch), 0);
  script_faces(&s, 0, (const int[]){0});   /* no die may be drawn */
  ck_assert_int_eq(cops_d6_character_end_round(ch, ctx, 1, NULL, log), COPS_OK);   /* no roll */
  ck_assert_int_eq(wounds(ch).mortal_rounds, 1);
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1);                        /* against 0: lives */
  ck_assert_int_eq(cops_d6_character_end_round(ch, ctx, 1, NULL, log), COPS_OK);
  ck_assert_int_eq(wounds(ch).mortal_rounds, 2);
  w = wounds(ch);
  w.mortal_rounds = 84;                          /* 7 minutes: Vigueur 5D at full dice shows 5 */
  cops_d6_character_set_wounds(ch, &w);
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1);
  const int before = cops_log_count(log);
  ck_assert_int_eq(cops_d6_character_end_round(ch, ctx, 1, NULL, log), COPS_OK);
  ck_assert_int_eq(wounds(ch).level, COPS_D6_KILLED);
  ck_assert_int_eq(cops_log_count(log), before + 2);
  cops_d6_event e;
  e.size = sizeof e;
  cops_d6_log_event(log, before, &e);
  ck_assert_int_eq(e.purpose, COPS_D6_FOR_SURVIVAL);
  ck_assert_int_eq(e.difficulty, 7);
  ck_assert_int_eq(e.total, 5);
  cops_d6_log_event(log, before + 1, &e);
  ck_assert_int_eq(e.state, COPS_D6_DIES);
  /* Stabilised: the clock stops. */
  cops_d6_character *b = simple(ctx, "B", "2D");
  w = wounds(b);
  w.step = 5;
  w.mortal_rounds = 100;
  w.stabilised = 1;
  cops_d6_character_set_wounds(b, &w);
  script_faces(&s, 0, (const int[]){0});   /* no die may be drawn */
  ck_assert_int_eq(cops_d6_character_end_round(b, ctx, 1, NULL, NULL), COPS_OK);
  ck_assert_int_eq(wounds(b).mortal_rounds, 100);
  cops_log_free(log);
  cops_d6_character_free(b);
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.8, D6-A66: extra steps between 3 and 4 behave as level 3 and take margins' steps. */
START_TEST(test_s5_8_extra_levels)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *ch = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Hero\"," ATTRS("3D")
                                     ",\"wounds\":{\"extra\":2,\"step\":3}}");
  /* Vigueur 3D at level 3: 1D (−2D, D6-A17). */
  cops_d6_outcome o = harm(ctx, &s, ch, 0, (const int[]){2, 1, 1, 1});   /* +2 steps */
  ck_assert_int_eq(o.steps, 2);
  ck_assert_int_eq(o.wound_level, COPS_D6_SEVERELY);
  ck_assert_int_eq(wounds(ch).step, 5);
  o = harm(ctx, &s, ch, 0, (const int[]){1, 1, 1, 1});                  /* +1: level 4 */
  ck_assert_int_eq(wounds(ch).step, 6);
  ck_assert_int_eq(o.wound_level, COPS_D6_INCAPACITATED);
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §8.3, §8.4: in hit points, the margin comes off them and the share lost is the level;
 * D6-A63: massive damage when a hit raises the level by two. */
START_TEST(test_s8_3_hp_damage)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *ch = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Kim\"," ATTRS("3D")
                                     ",\"wounds\":{\"mode\":\"hit_points\",\"hp_max\":20}}");
  cops_d6_outcome o;
  o.size = sizeof o;
  SCRIPT_FACES(&s, 2, 2, 2, 1, 1, 1, 1);            /* 7 against 3: 4 HP, 20 % */
  ck_assert_int_eq(cops_d6_harm(&o, ctx, ch, 1, code(4, 0), 0, NULL, NULL), COPS_OK);
  ck_assert_int_eq(o.hp_lost, 4);
  ck_assert_int_eq(o.wound_level, COPS_D6_STUNNED);
  ck_assert_int_eq(o.massive, 0);
  SCRIPT_FACES(&s, 3, 3, 3, 3, 1, 1);               /* 12 against 2 (−1D): 10 more, 70 % */
  ck_assert_int_eq(cops_d6_harm(&o, ctx, ch, 1, code(4, 0), 0, NULL, NULL), COPS_OK);
  ck_assert_int_eq(o.hp_lost, 10);
  ck_assert_int_eq(o.wound_level, COPS_D6_SEVERELY);
  ck_assert_int_eq(o.massive, 1);
  /* A stun in hit points (D6-L3): the level rises two less and the loss stops at that
   * level's top. 10 against 1 (−2D): 14 + 9 = 23 would kill; 3 + (6 − 3 − 2) = 4: the top of
   * level 4 is 18 HP (90 %). */
  SCRIPT_FACES(&s, 3, 3, 2, 2, 1, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);   /* Résistance 3D, 10D */
  ck_assert_int_eq(cops_d6_harm(&o, ctx, ch, 1, code(4, 0), 1, NULL, NULL), COPS_OK);
  ck_assert_int_eq(o.check, 0);
  ck_assert_int_eq(o.wound_level, COPS_D6_INCAPACITATED);
  ck_assert_int_eq(wounds(ch).hp_lost, 18);
  ck_assert_int_eq(o.hp_lost, 4);
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.2, §5.15, D6-A6: Perception each round; surprisers first, long weapons last; a tie to
 * the higher Perception, then to a d6 drawn again while equal; who cannot act is left out. */
START_TEST(test_s5_2_initiative)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *f[5];
  f[0] = simple(ctx, "A", "2D");                     /* Perception 2D */
  f[1] = simple(ctx, "B", "2D");
  f[2] = simple(ctx, "C", "2D");
  f[3] = simple(ctx, "D", "2D");
  f[4] = simple(ctx, "E", "2D");
  cops_d6_character_set_trait(f[1], COPS_D6_PERCEPTION, &(cops_d6_code){1, 2});   /* lower */
  cops_d6_wounds w = wounds(f[4]);
  w.step = 5;                                        /* dying: left out */
  cops_d6_character_set_wounds(f[4], &w);
  const unsigned flags[5] = {0, 0, COPS_D6_LONG_IN_MELEE, COPS_D6_SURPRISER, 0};
  int order[5], totals[5];
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  /* A 3+3 = 6; B 1D+2, 4 + 2 = 6: a tie, A's Perception the higher; C 5+5 = 10 but a long
   * weapon in melee; D 1+1 = 2 but the surpriser. */
  SCRIPT_FACES(&s, 3, 3, 4, 3, 5, 5, 1, 1);
  ck_assert_int_eq(cops_d6_initiative(ctx, f, NULL, flags, 5, NULL, log, order, totals), 4);
  ck_assert_int_eq(order[0], 3);                     /* the surpriser */
  ck_assert_int_eq(order[1], 0);
  ck_assert_int_eq(order[2], 1);
  ck_assert_int_eq(order[3], 2);                     /* the long weapon, though highest */
  ck_assert_int_eq(totals[1], 6);
  ck_assert_int_eq(totals[4], 0);
  /* A and C equal in all: a d6 each, again while equal: 4, 4 then 2, 5. */
  cops_d6_character *pair[2] = {f[0], f[2]};
  SCRIPT_FACES(&s, 3, 3, 3, 3, 4, 4, 2, 5);
  ck_assert_int_eq(cops_d6_initiative(ctx, pair, NULL, NULL, 2, NULL, log, order, NULL), 2);
  ck_assert_int_eq(order[0], 1);
  ck_assert_int_eq(s.next, 8);
  cops_d6_event e;
  e.size = sizeof e;
  ck_assert_int_eq(cops_d6_log_event(log, cops_log_count(log) - 2, &e), COPS_OK);
  ck_assert_int_eq(e.rank, 1);
  ck_assert_int_eq(e.tie_die, 5);
  ck_assert_int_eq(cops_d6_initiative(ctx, f, NULL, flags, 33, NULL, log, order, NULL), COPS_ERANGE);
  cops_log_free(log);
  for (int k = 0; k < 5; k++)
    cops_d6_character_free(f[k]);
  cops_ctx_free(ctx);
}
END_TEST

/* A shooter and its target for the attack tests: Marksmanship 4D, a Glock 17 (3D+2,
 * 8/16/24 m); the target Vigueur 1D, Dodge 3D, no protection. */
static void duel(cops_ctx *ctx, cops_d6_character **a, cops_d6_character **b)
{
  *a = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Ramirez\"," ATTRS("2D")
                  ",\"skills\":{\"marksmanship\":\"4D\",\"brawling\":\"3D\"},\"weapons\":[\"Glock 17\","
                  "\"Tonfa\",\"Uzi 9mm\"],\"natural_damage\":\"2D\",\"character_points\":2}");
  *b = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Vasquez\"," ATTRS("1D")
                  ",\"skills\":{\"dodge\":\"3D\",\"brawling\":\"2D\"},\"weapons\":[\"Dagger\"]}");
}

/* Back to unhurt, between two tests of modifiers. */
static void heal(cops_d6_character *ch)
{
  cops_d6_wounds w = wounds(ch);
  w.step = w.defend_only = w.unconscious = w.stunned = w.stunned_rounds = 0;
  w.hp_lost = 0;
  ck_assert_int_eq(cops_d6_character_set_wounds(ch, &w), COPS_OK);
}

static int attack(cops_ctx *ctx, cops_d6_attack *a, cops_d6_outcome *o, cops_log *log)
{
  o->size = sizeof *o;
  return cops_d6_attack_resolve(o, ctx, a, log);
}

/* §5.3.1, §5.4.1, D6-A15: natural defence 10, the range bands, nothing past long range. */
START_TEST(test_s5_4_range)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *a, *b;
  duel(ctx, &a, &b);
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = b;
  at.weapon = 0;
  static const struct { int metres, band, value; } t[] = {
    {3, COPS_D6_POINT_BLANK, 5}, {4, COPS_D6_SHORT, 10}, {8, COPS_D6_SHORT, 10},
    {9, COPS_D6_MEDIUM, 15}, {16, COPS_D6_MEDIUM, 15}, {24, COPS_D6_LONG, 20}};
  cops_d6_outcome o;
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
    at.distance = t[k].metres;
    SCRIPT_FACES(&s, 1, 1, 1, 1);   /* 4D: 4, a miss but at 3 m */
    ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
    ck_assert_int_eq(o.band, t[k].band);
    ck_assert_int_eq(o.defence_value, t[k].value);
    ck_assert_int_eq(o.attack_total, 4);
    ck_assert_int_eq(o.hit, 0);
  }
  at.distance = 25;
  SCRIPT_FACES(&s, 1, 1, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "beyond"));
  ck_assert_int_eq(s.next, 0);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.5, §5.6, §10.1: a hit's damage (a flat code) against Vigueur + armour; a tie hits. */
START_TEST(test_s5_5_hit_and_damage)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *a, *b;
  duel(ctx, &a, &b);
  cops_d6_protection vest;
  vest.size = sizeof vest;
  ck_assert_int_eq(cops_d6_protection_find("light kevlar vest", &vest), COPS_OK);
  ck_assert_int_eq(cops_d6_character_add_protection(b, &vest, NULL), COPS_OK);
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = b;
  at.weapon = 0;
  at.distance = 5;
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  /* Attack 4D: 3+3+2+2 = 10 = 10, a hit; damage 3D+2: 5+5+4+2 = 16; resistance 1D + 2D+1
   * (3D+1): 1+1+1+1 = 4; margin 12: 3 levels. */
  SCRIPT_FACES(&s, 3, 3, 2, 2, 5, 5, 4, 1, 1, 1);
  cops_d6_outcome o;
  ck_assert_int_eq(attack(ctx, &at, &o, log), COPS_OK);
  ck_assert_int_eq(o.hit, 1);
  ck_assert_int_eq(o.level, 0);
  ck_assert_int_eq(o.damage_total, 16);
  ck_assert_int_eq(o.resistance_total, 4);
  ck_assert_int_eq(o.margin, 12);
  ck_assert_int_eq(o.steps, 3);
  ck_assert_int_eq(o.victim, COPS_D6_TARGET_HIT);
  ck_assert_int_eq(o.massive, 1);
  ck_assert_int_eq(s.next, 10);
  /* The events: attack, attack roll, result, damage roll, resistance, damage, defend only. */
  ck_assert_int_eq(cops_log_count(log), 7);
  cops_event e;
  e.size = sizeof e;
  cops_log_event(log, 0, &e);
  ck_assert_str_eq(cops_event_type_name(e.type), "d6.attack");
  ck_assert_int_eq(e.actor_id, 0);
  ck_assert_int_eq(e.target_id, 1);
  ck_assert_str_eq(e.weapon, "Glock 17");
  cops_log_event(log, 4, &e);
  ck_assert_int_eq(e.actor_id, 1);
  ck_assert_int_eq(e.dice, 3);
  /* Massive damage: the target may only defend (§5.10). */
  at.attacker = b;
  at.target = a;
  at.weapon = -1;
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "only defend"));
  cops_log_free(log);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.3.3, §5.3.5, §5.4.2, D6-A14: active defence replaces 10 even below it; total defence
 * adds 10; cover dice are rolled and added; a defence rolled here counts the target's
 * actions and penalties. */
START_TEST(test_s5_3_defences)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *a, *b;
  duel(ctx, &a, &b);
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = b;
  at.weapon = 0;
  at.distance = 5;
  at.defence = COPS_D6_ACTIVE;
  at.defence_total = 6;
  cops_d6_outcome o;
  SCRIPT_FACES(&s, 1, 1, 2, 2, 1, 1, 1, 5);   /* 6 against 6: a hit; 5 against 5: no wound */
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.defence_value, 6);
  ck_assert_int_eq(o.hit, 1);
  at.defence = COPS_D6_TOTAL;
  at.defence_total = COPS_D6_ROLL_DEFENCE;   /* Dodge 3D: 2+2+2, + 10 */
  at.cover = 2;                               /* +2D: 3+3 */
  SCRIPT_FACES(&s, 2, 2, 2, 3, 3, 1, 1, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.defence_value, 22);
  ck_assert_int_eq(o.hit, 0);
  /* Two actions: Dodge at 2D (D6-A5), the target blinded: −4D, floored at 0D (D6-A4). */
  at.cover = 0;
  at.defender_actions = 2;
  SCRIPT_FACES(&s, 4, 4, 1, 1, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.defence_value, 18);
  at.flags = COPS_D6_TARGET_BLINDED;
  SCRIPT_FACES(&s, 1, 1, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.defence_value, 10);
  ck_assert_int_eq(s.next, 4);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.3.2, D6-A13: the option adjusts natural defence by the best of the three skills. */
START_TEST(test_s5_3_2_skill_defence)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *a, *b;
  duel(ctx, &a, &b);
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.skill_defence = 1;
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = b;
  at.rules = &r;
  static const struct { int dice, pips, adj; } t[] = {
    {1, 2, -1}, {2, 0, 0}, {4, 0, 0}, {4, 1, 1}, {6, 0, 1}, {6, 1, 2}, {8, 0, 2}, {8, 1, 3}};
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
    cops_d6_character_set_trait(b, COPS_D6_AGILITY, &(cops_d6_code){1, 0});
    cops_d6_character_set_trait(b, COPS_D6_DODGE, &(cops_d6_code){0, 0});
    cops_d6_character_set_trait(b, COPS_D6_REFLEXES, &(cops_d6_code){t[k].dice, t[k].pips});
    SCRIPT_FACES(&s, 1, 1, 1);
    cops_d6_outcome o;
    ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
    ck_assert_int_eq(o.defence_value, 10 + t[k].adj);
  }
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.12, §5.13, D6-A21, §5.15, §5.14: options' dice to hit and to damage, scales, size. */
START_TEST(test_s5_12_options)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *a, *b;
  duel(ctx, &a, &b);
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = b;
  at.weapon = 2;                 /* Uzi 9mm 3D+2, bursts */
  at.distance = 5;
  at.option = COPS_D6_BURST;     /* 4D -2D: 2 dice; damage 3D+2 +2D: 5 dice */
  SCRIPT_FACES(&s, 5, 5, 1, 1, 1, 1, 1, 1);
  cops_d6_outcome o;
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  heal(b);
  ck_assert_int_eq(o.attack_total, 10);
  ck_assert_int_eq(o.damage_total, 7);
  ck_assert_int_eq(s.next, 8);
  at.weapon = 0;                 /* a Glock fires no burst */
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_ERULE);
  at.option = COPS_D6_SEVERAL_SHOTS;
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_ERULE);   /* one action */
  at.actions = 2;                /* 4D -1D -1D: 2 dice */
  SCRIPT_FACES(&s, 5, 4);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  heal(b);
  ck_assert_int_eq(o.attack_total, 9);
  at.actions = 1;
  at.option = COPS_D6_BRUTAL;
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_ERULE);   /* melee only */
  /* A brutal blow with the tonfa at a dodge of 5: Melee Weapons (Agility 3D) -2D; damage
   * +1D+2 + 2D natural + 2D: 5D+2. */
  at.weapon = 1;
  at.distance = 0;
  at.defence = COPS_D6_ACTIVE;
  at.defence_total = 5;
  SCRIPT_FACES(&s, 5, 1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  heal(b);
  ck_assert_int_eq(o.attack_total, 5);
  ck_assert_int_eq(o.hit, 1);
  ck_assert_int_eq(o.band, COPS_D6_NO_BAND);
  ck_assert_int_eq(o.damage_total, 7);
  /* A precise attack: +2D to hit, −2D damage (D6-A21): 5 dice, then 1D+2. */
  at.option = COPS_D6_PRECISE;
  SCRIPT_FACES(&s, 2, 2, 2, 2, 2, 1, 1, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  heal(b);
  ck_assert_int_eq(o.attack_total, 10);
  ck_assert_int_eq(o.damage_total, 3);
  /* §5.14: a dog (−3) bites a human: +3 to hit, −3 damage. */
  at.option = COPS_D6_NO_OPTION;
  at.weapon = -1;
  cops_d6_character_set_scale(a, -3);
  SCRIPT_FACES(&s, 3, 2, 2, 3, 3, 1);   /* Brawling 3D 7 + 3; natural 2D 6 - 3 */
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  heal(b);
  ck_assert_int_eq(o.attack_total, 10);
  ck_assert_int_eq(o.damage_total, 3);
  /* §5.15, D6-A24: a size bracket replaces the scales. */
  at.target_size = COPS_D6_UNDER_50CM;   /* −1D, no scale points */
  SCRIPT_FACES(&s, 3, 2, 1, 1, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  heal(b);
  ck_assert_int_eq(o.attack_total, 5);
  /* CP spent: +1 die each, taken from the attacker; more than it has is refused. */
  at.target_size = COPS_D6_ANY_SIZE;
  cops_d6_character_set_scale(a, 0);
  at.cp = 3;
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_ERULE);
  at.cp = 2;
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  heal(b);
  ck_assert_int_eq(o.attack_total, 5);
  int cp;
  cops_d6_character_points(a, &cp, NULL);
  ck_assert_int_eq(cp, 0);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.3.4, D6-A12: a parried blow's outcomes. */
START_TEST(test_s5_3_4_parries)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *a, *b;
  duel(ctx, &a, &b);
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = b;
  at.weapon = 1;                       /* tonfa +1D+2 */
  at.defence = COPS_D6_ACTIVE;
  at.defence_skill = COPS_D6_BRAWLING;
  at.defence_total = 12;
  /* Missed on a bare-handed parry: the defender takes the tonfa's 1D+2 alone: 3 + 2 against
   * Vigueur 1D: 1: margin 4. */
  SCRIPT_FACES(&s, 1, 1, 1, 3, 1);
  cops_d6_outcome o;
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.hit, 0);
  ck_assert_int_eq(o.parried, 1);
  ck_assert_int_eq(o.victim, COPS_D6_TARGET_HIT);
  ck_assert_int_eq(o.damage_total, 5);
  ck_assert_int_eq(o.margin, 4);
  ck_assert_int_eq(wounds(b).step, 2);
  /* A bare hand on the dagger: the attacker takes the dagger's 1D. */
  at.weapon = -1;
  at.defence_skill = COPS_D6_MELEE_WEAPONS;
  at.parry_weapon = 0;
  SCRIPT_FACES(&s, 1, 1, 1, 4, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.victim, COPS_D6_ATTACKER_HIT);
  ck_assert_int_eq(o.damage_total, 4);
  ck_assert_int_eq(o.resistance_total, 2);
  ck_assert_int_eq(wounds(a).step, 1);
  /* Hand on hand, weapon on weapon: nothing. The attacker's Stunned −1D ends with the round. */
  ck_assert_int_eq(cops_d6_character_end_round(a, ctx, 0, NULL, NULL), COPS_OK);
  at.defence_skill = COPS_D6_BRAWLING;
  SCRIPT_FACES(&s, 1, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.parried, 1);
  ck_assert_int_eq(o.victim, COPS_D6_NOBODY);
  ck_assert_int_eq(s.next, 3);
  /* A parry against a shot counts for nothing: natural defence (D6-L5). */
  at.weapon = 0;
  at.distance = 5;
  SCRIPT_FACES(&s, 1, 1, 1, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.defence_value, 10);
  ck_assert_int_eq(o.parried, 0);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.12, D6-A67: an aimed shot at an arm neutralises it: −1D to its rolls. */
START_TEST(test_s5_12_aimed)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *a, *b;
  duel(ctx, &a, &b);
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = b;
  at.weapon = 0;
  at.distance = 5;
  at.option = COPS_D6_AIMED;
  at.location = COPS_D6_ARM;   /* 3D: 4+4+4; damage 3D+2: 1+1+1+2 = 5 against 5: no wound */
  SCRIPT_FACES(&s, 4, 4, 4, 1, 1, 1, 5);
  cops_d6_outcome o;
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.hit, 1);
  ck_assert_int_eq(o.margin, 0);
  ck_assert_int_eq(o.neutralised, COPS_D6_ARM);
  int dice;
  cops_d6_character_penalty(b, COPS_D6_BRAWLING, &dice, NULL);
  ck_assert_int_eq(dice, -1);
  cops_d6_character_penalty(b, COPS_D6_DODGE, &dice, NULL);
  ck_assert_int_eq(dice, 0);
  at.location = COPS_D6_HEAD;
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_EINVAL);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* D6-A39: a throw with Vig ranges rolls its reach; a long limit of 0 or less lands the
 * explosive on the thrower. */
START_TEST(test_a39_throw)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *a, *b;
  duel(ctx, &a, &b);
  cops_d6_weapon g;
  g.size = sizeof g;
  ck_assert_int_eq(cops_d6_weapon_find("fragmentation grenade", &g), COPS_OK);
  int gi;
  ck_assert_int_eq(cops_d6_character_add_weapon(a, &g, &gi), COPS_OK);
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = b;
  at.weapon = gi;
  at.distance = 6;
  /* Vigueur 2D: 5+5 = 10: limits 6/7/13: 6 m short; Throwing (Coordination 3D) 4+4+2 = 10. */
  SCRIPT_FACES(&s, 5, 5, 4, 4, 2, 1, 1, 1, 1, 1, 1, 1);
  cops_d6_outcome o;
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.band, COPS_D6_SHORT);
  ck_assert_int_eq(o.hit, 1);
  ck_assert_int_eq(o.damage_total, 6);
  /* 1+1 = 2: the long limit 2 + 3 = 5; 6 m is past it: a miss. */
  SCRIPT_FACES(&s, 1, 1, 5, 5, 5);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.hit, 0);
  /* A stone (Vig-2/Vig-1/Vig) thrown with a reach of 0 drops on the thrower (§9.1). */
  cops_d6_weapon stone;
  stone.size = sizeof stone;
  cops_d6_weapon_find("Stone", &stone);
  ck_assert_int_eq(cops_d6_character_add_weapon(a, &stone, &at.weapon), COPS_OK);
  cops_d6_character_set_trait(a, COPS_D6_VIGUEUR, &(cops_d6_code){0, 0});
  at.distance = 2;
  SCRIPT_FACES(&s, 1);
  ck_assert_int_eq(attack(ctx, &at, &o, NULL), COPS_OK);
  ck_assert_int_eq(o.dropped, 1);
  ck_assert_int_eq(o.hit, 0);
  ck_assert_int_eq(o.victim, COPS_D6_NOBODY);
  ck_assert_int_eq(s.next, 0);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* All or nothing: dice running out mid-attack leave characters, log and source as they were. */
START_TEST(test_attack_all_or_nothing)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *a, *b;
  duel(ctx, &a, &b);
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = b;
  at.weapon = 0;
  at.distance = 5;
  at.cp = 1;
  char *before_a, *before_b;
  cops_d6_character_to_json(a, &before_a);
  cops_d6_character_to_json(b, &before_b);
  for (int n = 0; n < 11; n++) {   /* 5 attack dice, 3 damage, 1 resistance: 9 faces */
    script_faces(&s, n, (const int[]){5, 5, 5, 5, 5, 5, 5, 5, 1, 1, 1});
    cops_d6_outcome o;
    const int rc = attack(ctx, &at, &o, log);
    if (n < 9) {
      ck_assert_int_eq(rc, COPS_ERNG);
      ck_assert_int_eq(cops_log_count(log), 0);
      char *ja, *jb;
      cops_d6_character_to_json(a, &ja);
      cops_d6_character_to_json(b, &jb);
      ck_assert_str_eq(ja, before_a);
      ck_assert_str_eq(jb, before_b);
      cops_free(ja);
      cops_free(jb);
    } else {
      ck_assert_int_eq(rc, COPS_OK);
      ck_assert_int_eq(o.hit, 1);
      break;
    }
  }
  cops_free(before_a);
  cops_free(before_b);
  cops_log_free(log);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.19, D6-A26, D6-A27: the hazards' codes, falls with and without the switch. */
START_TEST(test_s5_19_hazards)
{
  cops_d6_code c;
  ck_assert_int_eq(cops_d6_hazard_code(COPS_D6_ACID, 0, NULL, &c), COPS_OK);
  ck_assert_int_eq(c.dice * 10 + c.pips, 21);
  ck_assert_int_eq(cops_d6_hazard_code(COPS_D6_HIGH_VOLTAGE, 0, NULL, &c), COPS_OK);
  ck_assert_int_eq(c.dice, 9);
  ck_assert_int_eq(cops_d6_hazard_code(COPS_D6_POISON, 7, NULL, &c), COPS_OK);
  ck_assert_int_eq(c.dice, 7);
  ck_assert_int_eq(cops_d6_hazard_code(COPS_D6_POISON, 5, NULL, &c), COPS_ERANGE);
  static const struct { int cm, dice, full; } falls[] = {
    {300, 0, 0}, {449, 0, 2}, {450, 1, 3}, {600, 2, 4}, {1000, 4, 6}};
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  for (size_t k = 0; k < sizeof falls / sizeof falls[0]; k++) {
    ck_assert_int_eq(cops_d6_hazard_code(COPS_D6_FALL, falls[k].cm, NULL, &c), COPS_OK);
    ck_assert_int_eq(c.dice, falls[k].dice);
    r.fall_full_height = 1;
    ck_assert_int_eq(cops_d6_hazard_code(COPS_D6_FALL, falls[k].cm, &r, &c), COPS_OK);
    ck_assert_int_eq(c.dice, falls[k].cm > 300 ? falls[k].full : 0);
    r.fall_full_height = 0;
  }
  ck_assert_str_eq(cops_d6_hazard_name(COPS_D6_FALL), "fall");
  ck_assert_ptr_null(cops_d6_hazard_name(COPS_D6_HAZARD_COUNT));
}
END_TEST

/* The log's JSON and narration name every D6 event. */
START_TEST(test_events_render)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *a, *b;
  duel(ctx, &a, &b);
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = b;
  at.weapon = 0;
  at.distance = 5;
  SCRIPT_FACES(&s, 6, 6, 6, 6, 2, 6, 6, 6, 6, 1, 1);   /* a free die's chain: 6 -> 2 */
  cops_d6_outcome o;
  ck_assert_int_eq(attack(ctx, &at, &o, log), COPS_OK);
  char *jsonl, *en, *fr;
  ck_assert_int_eq(cops_log_to_jsonl(log, 0, &jsonl), COPS_OK);
  ck_assert_ptr_nonnull(strstr(jsonl, "\"type\":\"d6.roll\""));
  ck_assert_ptr_nonnull(strstr(jsonl, "\"reroll_of\":3"));
  ck_assert_ptr_nonnull(strstr(jsonl, "\"wound_level\":\"killed\""));
  ck_assert_ptr_nonnull(strstr(jsonl, "\"state\":\"dies\""));
  ck_assert_int_eq(cops_log_narrate(log, 0, COPS_LANG_EN, &en), COPS_OK);
  ck_assert_ptr_nonnull(strstr(en, "Ramirez attacks Vasquez (Glock 17, 5 m; natural defence)."));
  ck_assert_ptr_nonnull(strstr(en, "[6, 6, 6, 6→2] = 26 vs 10: success."));
  ck_assert_ptr_nonnull(strstr(en, "Vasquez dies."));
  ck_assert_int_eq(cops_log_narrate(log, 0, COPS_LANG_FR, &fr), COPS_OK);
  ck_assert_ptr_nonnull(strstr(fr, "Vasquez meurt."));
  cops_free(jsonl);
  cops_free(en);
  cops_free(fr);
  cops_log_free(log);
  cops_d6_character_free(a);
  cops_d6_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("d6-combat");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_s5_6_margin_table);
  tcase_add_test(tc, test_s5_7_stunned);
  tcase_add_test(tc, test_s5_9_stun);
  tcase_add_test(tc, test_s5_7_incapacitated);
  tcase_add_test(tc, test_s5_7_mortal_clock);
  tcase_add_test(tc, test_s5_8_extra_levels);
  tcase_add_test(tc, test_s8_3_hp_damage);
  tcase_add_test(tc, test_s5_2_initiative);
  tcase_add_test(tc, test_s5_4_range);
  tcase_add_test(tc, test_s5_5_hit_and_damage);
  tcase_add_test(tc, test_s5_3_defences);
  tcase_add_test(tc, test_s5_3_2_skill_defence);
  tcase_add_test(tc, test_s5_12_options);
  tcase_add_test(tc, test_s5_3_4_parries);
  tcase_add_test(tc, test_s5_12_aimed);
  tcase_add_test(tc, test_a39_throw);
  tcase_add_test(tc, test_attack_all_or_nothing);
  tcase_add_test(tc, test_s5_19_hazards);
  tcase_add_test(tc, test_events_render);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(suite)
