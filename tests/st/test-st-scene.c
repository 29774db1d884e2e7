/* The Storyteller rolls around a fight with scripted dice (OTHER-SYSTEMS.md ST §2, §3,
 * §4, §5.2, §5.8, §6.15 and the rulings each cites): initiative and its ties, total
 * defence, non-combatants, overwhelming odds, non-dramatic fights, objects. */
#include <stdio.h>

#include <cops/st.h>

#include "testutil.h"

static cops_st_character *person(cops_ctx *ctx, const char *name, int str, int dex, int comp,
                                 int resolve, int athletics)
{
  cops_st_character *ch;
  ck_assert_int_eq(cops_st_character_new(&ch, ctx), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_name(ch, name), COPS_OK);
  const int v[][2] = {{COPS_ST_STRENGTH, str}, {COPS_ST_DEXTERITY, dex},
                      {COPS_ST_COMPOSURE, comp}, {COPS_ST_RESOLVE, resolve},
                      {COPS_ST_ATHLETICS, athletics}, {COPS_ST_WITS, 2}, {COPS_ST_STAMINA, 2}};
  for (int i = 0; i < 7; i++)
    ck_assert_int_eq(cops_st_character_set_trait(ch, v[i][0], v[i][1]), COPS_OK);
  return ch;
}

/* §5.2: 1d10 + Initiative (Dexterity + Composure, ST-A3; armour off, ST-A32); ST-A13:
 * ties to the higher score, then a d10 roll-off, again while equal. */
START_TEST(test_s5_2_initiative)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 7, 4, 6, 9);
  cops_st_character *a = person(ctx, "A", 2, 3, 2, 2, 0);   /* score 5 */
  cops_st_character *b = person(ctx, "B", 2, 2, 2, 2, 0);   /* score 4 */
  cops_st_character *c = person(ctx, "C", 2, 4, 1, 2, 0);   /* score 5 */
  int die, ta, tb, tc;
  ck_assert_int_eq(cops_st_initiative(ctx, a, NULL, 0, &die, &ta, NULL), COPS_OK);
  ck_assert_int_eq(die, 7);
  ck_assert_int_eq(ta, 12);
  cops_st_character_set_protection(b, 0, 1, 0);               /* armour 1: score 3 */
  ck_assert_int_eq(cops_st_initiative(ctx, b, NULL, 1, NULL, &tb, NULL), COPS_OK);
  ck_assert_int_eq(tb, 7);
  ck_assert_int_eq(cops_st_initiative(ctx, c, NULL, 2, NULL, &tc, NULL), COPS_OK);
  ck_assert_int_eq(tc, 11);
  cops_st_character *chars[3] = {a, b, c};
  int totals[3] = {ta, tb, tc}, order[3];
  ck_assert_int_eq(cops_st_initiative_order(ctx, chars, totals, 3, NULL, order), COPS_OK);
  ck_assert_int_eq(order[0] * 100 + order[1] * 10 + order[2], 21);   /* A, C, B */
  /* Equal totals: the higher score first (B 9 + 3 against C 7 + 5: C). */
  totals[0] = 13;
  totals[1] = 12;
  totals[2] = 12;
  ck_assert_int_eq(cops_st_initiative_order(ctx, chars, totals, 3, NULL, order), COPS_OK);
  ck_assert_int_eq(order[0] * 100 + order[1] * 10 + order[2], 21);
  ck_assert_int_eq(s.next, 3);                                        /* no roll-off */
  totals[0] = 12;
  /* Equal totals and scores (A and C): a roll-off, again while equal: 5, 5, then 3, 8. */
  SCRIPT_FACES(&s, 5, 5, 3, 8);
  ck_assert_int_eq(cops_st_initiative_order(ctx, chars, totals, 3, NULL, order), COPS_OK);
  ck_assert_int_eq(order[0], 2);
  ck_assert_int_eq(order[1], 0);
  ck_assert_int_eq(s.next, 4);
  ck_assert_int_eq(cops_st_initiative_order(ctx, chars, totals, 0, NULL, order), COPS_ERANGE);
  cops_st_character_free(a);
  cops_st_character_free(b);
  cops_st_character_free(c);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.8: Dexterity + Athletics; the successes for the attacks' total_defense. */
START_TEST(test_s5_8_total_defense)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 8, 10, 2, 1, 5, 9);
  cops_st_character *a = person(ctx, "A", 2, 3, 2, 2, 2);
  int k;
  ck_assert_int_eq(cops_st_total_defense(ctx, a, NULL, 0, &k, NULL), COPS_OK);
  ck_assert_int_eq(k, 3);   /* 8, 10, 2, 1, 5, then the 10's 9 */
  ck_assert_int_eq(s.next, 6);
  cops_st_character_free(a);
  cops_ctx_free(ctx);
}
END_TEST

/* §2, ST-A12: a combatant acts without a roll; a non-combatant rolls Resolve + Composure
 * (1 success), or spends Willpower, or is restricted; a hit above Resolve costs Willpower
 * or puts them out of the fight. */
START_TEST(test_s2_non_combatants)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_st_character *cop = person(ctx, "Cop", 2, 2, 2, 2, 0);
  cops_st_character_set_background(cop, COPS_ST_POLICE);
  int nerve;
  ck_assert_int_eq(cops_st_nerve(ctx, cop, NULL, 0, 1, &nerve, NULL), COPS_OK);
  ck_assert_int_eq(nerve, COPS_ST_ACTS);
  ck_assert_int_eq(s.next, 0);                       /* no roll */
  cops_st_character *civ = person(ctx, "Civ", 2, 2, 2, 1, 0);   /* Resolve 1 + Composure 2 */
  SCRIPT_FACES(&s, 3, 9, 1);
  ck_assert_int_eq(cops_st_nerve(ctx, civ, NULL, 1, 1, &nerve, NULL), COPS_OK);
  ck_assert_int_eq(nerve, COPS_ST_ACTS);
  SCRIPT_FACES(&s, 3, 2, 1);
  ck_assert_int_eq(cops_st_nerve(ctx, civ, NULL, 1, 1, &nerve, NULL), COPS_OK);
  ck_assert_int_eq(nerve, COPS_ST_SPENT);
  int cur, max;
  cops_st_character_points(civ, COPS_ST_WILLPOWER, &cur, &max);
  ck_assert_int_eq(cur * 10 + max, 23);
  SCRIPT_FACES(&s, 3, 2, 1);
  ck_assert_int_eq(cops_st_nerve(ctx, civ, NULL, 1, 0, &nerve, NULL), COPS_OK);
  ck_assert_int_eq(nerve, COPS_ST_RESTRICTED);
  /* Injury: 1 box is not above Resolve 1; 2 is: spend, then nothing left to spend. */
  ck_assert_int_eq(cops_st_injury(civ, NULL, 1, 1, 1, &nerve, NULL), COPS_OK);
  ck_assert_int_eq(nerve, COPS_ST_ACTS);
  ck_assert_int_eq(cops_st_injury(civ, NULL, 1, 2, 1, &nerve, NULL), COPS_OK);
  ck_assert_int_eq(nerve, COPS_ST_SPENT);
  cops_st_character_set_points(civ, COPS_ST_WILLPOWER, 0);
  ck_assert_int_eq(cops_st_injury(civ, NULL, 1, 2, 1, &nerve, NULL), COPS_OK);
  ck_assert_int_eq(nerve, COPS_ST_OUT);
  ck_assert_int_eq(cops_st_injury(cop, NULL, 0, 9, 0, &nerve, NULL), COPS_OK);
  ck_assert_int_eq(nerve, COPS_ST_ACTS);             /* a combatant */
  ck_assert_int_eq(cops_st_injury(civ, NULL, 1, 101, 1, &nerve, NULL), COPS_ERANGE);
  cops_st_character_free(cop);
  cops_st_character_free(civ);
  cops_ctx_free(ctx);
}
END_TEST

/* §4, ST-A10: twice the dice or more, before Defense (12 against 6 qualifies). */
START_TEST(test_s4_overwhelming)
{
  ck_assert_int_eq(cops_st_overwhelming(12, 6), 1);
  ck_assert_int_eq(cops_st_overwhelming(11, 6), 0);
  ck_assert_int_eq(cops_st_overwhelming(1, 0), 1);
  ck_assert_int_eq(cops_st_overwhelming(-1, 3), COPS_ERANGE);
}
END_TEST

/* §3, ST-A9: one opposed roll; 3 successes against 2: the first wins; the loser takes 3
 * bashing, the winner 2; a tie is a draw. */
START_TEST(test_s3_non_dramatic_bout)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 8, 9, 8, 1, 1, /* b */ 8, 8, 2, 2, 2);
  cops_st_character *a = person(ctx, "A", 3, 2, 2, 2, 0);
  cops_st_character *b = person(ctx, "B", 3, 2, 2, 2, 0);
  cops_st_character_set_trait(a, COPS_ST_BRAWL, 2);
  cops_st_character_set_trait(b, COPS_ST_BRAWL, 2);
  cops_log *log;
  cops_log_new(&log, ctx);
  int winner;
  ck_assert_int_eq(cops_st_bout(ctx, a, b, NULL, -1, -1, 1, &winner, log), COPS_OK);
  ck_assert_int_eq(winner, COPS_ST_ATTACKER);
  int bb, ll;
  cops_st_character_health(b, &bb, &ll);
  ck_assert_int_eq(bb, 3);
  cops_st_character_health(a, &bb, &ll);
  ck_assert_int_eq(bb, 2);
  char *text;
  ck_assert_int_eq(cops_log_narrate(log, 2, COPS_LANG_EN, &text), COPS_OK);
  ck_assert_str_eq(text, "A wins the bout by 1.\n"
                         "A takes 2 bashing: 2 bashing, 0 lethal marked; standing.\n"
                         "B takes 3 bashing: 3 bashing, 0 lethal marked; standing.\n");
  cops_free(text);
  SCRIPT_FACES(&s, 8, 1, 8, 1);
  ck_assert_int_eq(cops_st_bout(ctx, a, b, NULL, 2, 2, 0, &winner, NULL), COPS_OK);
  ck_assert_int_eq(winner, COPS_ST_NOBODY);
  ck_assert_int_eq(cops_st_bout(ctx, a, a, NULL, 2, 2, 0, &winner, NULL), COPS_EINVAL);
  cops_log_free(log);
  cops_st_character_free(a);
  cops_st_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.15, ST-A34, ST-A35. Example 1: steel cuffs (Durability 4, Size 2): Strength + Vigor
 * with -4 dice, 1 bashing on 0 successes, free at 2 damage. Example 2: a car (3, 10) and a
 * fire axe (2L): effective Durability 1; a pool of Strength + Vigor - 1 = 4 averaging one
 * success a round: the car is scrap after ten rounds. */
START_TEST(test_s6_15_objects)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_st_character *p = person(ctx, "Prisoner", 3, 2, 2, 2, 0);
  cops_st_character_set_trait(p, COPS_ST_VIGOR, 1);
  cops_st_object cuffs;
  ck_assert_int_eq(cops_st_object_init(&cuffs, "Steel cuffs", 4, 2), COPS_OK);
  cuffs.failure_damage = 1;
  int k;
  ck_assert_int_eq(cops_st_object_strike(&cuffs, ctx, p, NULL, 0, -1, -1, COPS_ST_DICE, &k,
                                         NULL), COPS_OK);
  ck_assert_int_eq(k, 0);                  /* 4 - 4: a chance die, 1 */
  int bb, ll;
  cops_st_character_health(p, &bb, &ll);
  ck_assert_int_eq(bb, 1);                 /* hurt wrists */
  SCRIPT_FACES(&s, 10, 8);
  ck_assert_int_eq(cops_st_object_strike(&cuffs, ctx, p, NULL, 0, -1, -1, COPS_ST_DICE, &k,
                                         NULL), COPS_OK);
  ck_assert_int_eq(k, 2);
  ck_assert_int_eq(cuffs.damage, 2);       /* free */
  ck_assert_int_eq(cops_st_object_strike(&cuffs, ctx, p, NULL, 0, -1, -1, COPS_ST_DICE, &k,
                                         NULL), COPS_ESTATE);
  cops_st_character *v = person(ctx, "Vandal", 4, 2, 2, 2, 0);
  cops_st_character_set_trait(v, COPS_ST_VIGOR, 1);
  cops_st_weapon axe;
  cops_st_weapon_init(&axe, COPS_ST_MELEE);
  strcpy(axe.name, "Fire axe");
  axe.damage = 2;
  int w;
  ck_assert_int_eq(cops_st_character_add_weapon(v, &axe, &w), COPS_OK);
  cops_st_object car;
  ck_assert_int_eq(cops_st_object_init(&car, "City car", 3, 10), COPS_OK);
  cops_log *log;
  cops_log_new(&log, ctx);
  int rounds = 0;
  SCRIPT_FACES(&s, 1);
  while (car.damage < car.boxes) {
    ck_assert_int_eq(cops_st_object_strike(&car, ctx, v, NULL, 0, w, -1, COPS_ST_AVERAGE, &k,
                                           log), COPS_OK);
    ck_assert_int_eq(k, 1);
    rounds++;
  }
  ck_assert_int_eq(rounds, 10);
  ck_assert_int_eq(s.next, 0);             /* no die drawn */
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(log, cops_log_count(log) - 1, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "\"type\":\"st.object\",\"actor\":\"Vandal\",\"actor_id\":0,"
                                     "\"target\":null,\"target_id\":null,\"object\":\"City car\","
                                     "\"durability\":1,\"successes\":1,\"damage\":10,\"size\":10,"
                                     "\"broken\":true}"));
  cops_free(text);
  ck_assert_int_eq(cops_log_narrate(log, cops_log_count(log) - 1, COPS_LANG_FR, &text), COPS_OK);
  ck_assert_str_eq(text, "City car : 1 dommages (10/10), cassé.\n");
  cops_free(text);
  ck_assert_int_eq(cops_st_object_init(&car, "Tank", 11, 40), COPS_ERANGE);
  ck_assert_int_eq(cops_st_object_init(&car, "", 3, 4), COPS_EINVAL);
  cops_log_free(log);
  cops_st_character_free(p);
  cops_st_character_free(v);
  cops_ctx_free(ctx);
}
END_TEST

/* All or nothing: dice that run out part-way through a bout leave both characters, the
 * log and the source as they were. */
START_TEST(test_scene_all_or_nothing)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 8, 8, 8);
  cops_st_character *a = person(ctx, "A", 3, 2, 2, 2, 0);
  cops_st_character *b = person(ctx, "B", 3, 2, 2, 2, 0);
  cops_log *log;
  cops_log_new(&log, ctx);
  int winner;
  ck_assert_int_eq(cops_st_bout(ctx, a, b, NULL, 3, 3, 1, &winner, log), COPS_ERNG);
  ck_assert_int_eq(cops_log_count(log), 0);
  int bb, ll;
  cops_st_character_health(a, &bb, &ll);
  ck_assert_int_eq(bb + ll, 0);
  cops_log_free(log);
  cops_st_character_free(a);
  cops_st_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.2, ST-A19, ST-A20, §6.1, ST-A18: a grapple round by round with scripted dice. */
START_TEST(test_s6_2_grapple)
{
  script s;
  /* Both Strength 3 + Brawl 2 = 5, Defense 2: 3 dice each. */
  cops_ctx *ctx = SCRIPT(&s, 8, 8, 1, /* B */ 1, 1, 1);
  cops_st_character *a = person(ctx, "A", 3, 2, 2, 2, 0);
  cops_st_character *b = person(ctx, "B", 3, 2, 2, 2, 0);
  cops_st_character_set_trait(a, COPS_ST_BRAWL, 2);
  cops_st_character_set_trait(b, COPS_ST_BRAWL, 2);
  cops_st_weapon knife, fangs;
  cops_st_weapon_init(&knife, COPS_ST_MELEE);
  knife.damage = 1;
  int kb;
  cops_st_character_add_weapon(b, &knife, &kb);
  cops_st_weapon_init(&fangs, COPS_ST_TEETH);
  fangs.damage = 0;
  fangs.type = COPS_ST_LETHAL;                      /* a vampire's 0L */
  cops_st_character_add_weapon(a, &fangs, NULL);
  cops_st_grapple g;
  ck_assert_int_eq(cops_st_grapple_init(&g), COPS_OK);
  cops_st_grapple_side sa = {{COPS_ST_TAKE_WEAPON, COPS_ST_GRAPPLE_DAMAGE}, -1, 0};
  cops_st_grapple_side sb = {{COPS_ST_BREAK_FREE, -1}, kb, 0};
  cops_st_grapple_outcome o = {.size = sizeof o};
  cops_log *log;
  cops_log_new(&log, ctx);
  /* Margin 2: one effect, the knife taken. */
  ck_assert_int_eq(cops_st_grapple_round(&g, &o, ctx, a, b, 0, 1, &sa, &sb, NULL, log), COPS_OK);
  ck_assert_int_eq(o.winner, COPS_ST_ATTACKER);
  ck_assert_int_eq(o.margin, 2);
  ck_assert_int_eq(o.effects[0], COPS_ST_TAKE_WEAPON);
  ck_assert_int_eq(o.effects[1], -1);
  ck_assert_int_eq(g.controller * 10 + g.weapon_owner, 12);
  /* Margin 4 (10-again): two effects; the damage with the knife held: 1 + 4 lethal. */
  sa.effects[0] = COPS_ST_GRAPPLE_DAMAGE;
  sa.effects[1] = COPS_ST_HOLD;
  SCRIPT_FACES(&s, 10, 8, 8, 9, 1, 1, 1);
  ck_assert_int_eq(cops_st_grapple_round(&g, &o, ctx, a, b, 0, 1, &sa, &sb, NULL, log), COPS_OK);
  ck_assert_int_eq(o.margin, 4);
  ck_assert_int_eq(o.damage, 5);
  ck_assert_int_eq(o.damage_type, COPS_ST_LETHAL);
  ck_assert_int_eq(g.hold, COPS_ST_ATTACKER);
  int bb, ll;
  cops_st_character_health(b, &bb, &ll);
  ck_assert_int_eq(ll, 5);
  /* In the hold B's Defense is 0: A rolls 5 dice; a tie keeps the hold; A bites as the
   * holder, margin 0: 0L, nothing (ST-A18). */
  sa.bite = 1;
  sa.effects[0] = COPS_ST_HOLD;
  sa.effects[1] = -1;
  SCRIPT_FACES(&s, 8, 1, 1, 1, 1, /* B, wounded (-1): 2 dice */ 9, 1);
  ck_assert_int_eq(cops_st_grapple_round(&g, &o, ctx, a, b, 0, 1, &sa, &sb, NULL, log), COPS_OK);
  ck_assert_int_eq(o.pool[0], 5);
  ck_assert_int_eq(o.pool[1], 2);
  ck_assert_int_eq(o.winner, COPS_ST_NOBODY);
  ck_assert_int_eq(g.hold, COPS_ST_ATTACKER);
  ck_assert_int_eq(o.bite, 0);
  /* B wins: the hold is lost, B breaks free; the grapple is over. */
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1, 9, 9);
  ck_assert_int_eq(cops_st_grapple_round(&g, &o, ctx, a, b, 0, 1, &sa, &sb, NULL, log), COPS_OK);
  ck_assert_int_eq(o.winner, COPS_ST_DEFENDER);
  ck_assert_int_eq(g.active, 0);
  ck_assert_int_eq(g.hold, 0);
  ck_assert_int_eq(cops_st_grapple_round(&g, &o, ctx, a, b, 0, 1, &sa, &sb, NULL, log),
                   COPS_ESTATE);
  char *text;
  ck_assert_int_eq(cops_log_narrate(log, 0, COPS_LANG_EN, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "A wins the grapple by 2: takes the weapon.\n"));
  ck_assert_ptr_nonnull(strstr(text, "A wins the grapple by 4: hurts, holds in submission.\n"));
  ck_assert_ptr_nonnull(strstr(text, "B wins the grapple by 2: breaks free.\n"));
  cops_free(text);
  /* Refusals: a bite without teeth, an unknown effect. */
  cops_st_grapple_init(&g);
  sb.bite = 1;
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_st_grapple_round(&g, &o, ctx, a, b, 0, 1, &sa, &sb, NULL, log),
                   COPS_ERULE);
  sb.bite = 0;
  sb.effects[0] = 9;
  ck_assert_int_eq(cops_st_grapple_round(&g, &o, ctx, a, b, 0, 1, &sa, &sb, NULL, log),
                   COPS_EINVAL);
  cops_log_free(log);
  cops_st_character_free(a);
  cops_st_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *st_scene_suite(void)
{
  Suite *s = suite_create("st-scene");
  TCase *tc = tcase_create("scene");
  tcase_add_test(tc, test_s5_2_initiative);
  tcase_add_test(tc, test_s5_8_total_defense);
  tcase_add_test(tc, test_s2_non_combatants);
  tcase_add_test(tc, test_s4_overwhelming);
  tcase_add_test(tc, test_s3_non_dramatic_bout);
  tcase_add_test(tc, test_s6_15_objects);
  tcase_add_test(tc, test_scene_all_or_nothing);
  tcase_add_test(tc, test_s6_2_grapple);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(st_scene_suite)
