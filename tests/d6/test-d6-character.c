/* The D6 System module's characters (OTHER-SYSTEMS.md D6 §0.10, §8, §9, §10 and the rulings
 * each test cites): traits, hit points, the catalogue, sheets. */
#include "d6-testutil.h"

/* §0.10, D6-L1, D6-A9: traits, a skill standing in for its attribute, natural damage. */
START_TEST(test_character_traits)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_d6_character *ch = sheet(ctx, "{\"system\":\"d6\",\"name\":\"Ramirez\"," ATTRS("3D+2")
                                     ",\"skills\":{\"dodge\":\"4D+1\"}}");
  cops_d6_code c;
  ck_assert_int_eq(cops_d6_character_trait(ch, COPS_D6_DODGE, &c), 1);
  ck_assert_int_eq(c.dice * 10 + c.pips, 41);
  ck_assert_int_eq(cops_d6_character_trait(ch, COPS_D6_BRAWLING, &c), 0);   /* Agility's */
  ck_assert_int_eq(c.dice * 10 + c.pips, 30);
  ck_assert_int_eq(cops_d6_character_trait(ch, COPS_D6_RESISTANCE, &c), 0); /* Vigueur's */
  ck_assert_int_eq(c.dice * 10 + c.pips, 32);
  ck_assert_int_eq(cops_d6_trait_parent(COPS_D6_MEDICINE), COPS_D6_KNOWLEDGE);
  ck_assert_int_eq(cops_d6_trait_parent(COPS_D6_WILLPOWER), COPS_D6_CHARISMA);
  ck_assert_int_eq(cops_d6_trait_parent(99), -1);
  /* D6-A9: ⌈Vigueur's dice ÷ 2⌉D, pips ignored: 3D+2 -> 2D; the sheet's own wins. */
  ck_assert_int_eq(cops_d6_character_natural_damage(ch, &c), 0);
  ck_assert_int_eq(c.dice * 10 + c.pips, 20);
  ck_assert_int_eq(cops_d6_character_set_trait(ch, COPS_D6_VIGUEUR, &(cops_d6_code){5, 0}), COPS_OK);
  ck_assert_int_eq(cops_d6_character_natural_damage(ch, &c), 0);
  ck_assert_int_eq(c.dice, 3);
  ck_assert_int_eq(cops_d6_character_set_natural_damage(ch, &(cops_d6_code){1, 1}), COPS_OK);
  ck_assert_int_eq(cops_d6_character_natural_damage(ch, &c), 1);
  ck_assert_int_eq(c.dice * 10 + c.pips, 11);
  /* Refusals name what is wrong. */
  ck_assert_int_eq(cops_d6_character_set_trait(ch, COPS_D6_AGILITY, NULL), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "attribute cannot be removed"));
  ck_assert_int_eq(cops_d6_character_set_trait(ch, COPS_D6_DODGE, &(cops_d6_code){21, 0}),
                   COPS_ERANGE);
  ck_assert_int_eq(cops_d6_character_set_trait(ch, COPS_D6_DODGE, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_character_trait(ch, COPS_D6_DODGE, &c), 0);
  ck_assert_int_eq(cops_d6_character_set_scale(ch, 25), COPS_ERANGE);
  ck_assert_int_eq(cops_d6_character_set_points(ch, 5, 100), COPS_ERANGE);
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §8.2 (a table, not a formula), D6-A28, D6-A29 (integer brackets), D6-A30, D6-A31. */
START_TEST(test_s8_hit_points)
{
  static const struct { int dice, pips, hp; } t[] = {
    {1, 0, 3}, {1, 1, 4}, {1, 2, 5}, {2, 0, 7}, {2, 1, 8}, {2, 2, 9}, {3, 0, 10}, {3, 1, 11},
    {3, 2, 12}, {4, 0, 14}, {4, 1, 15}, {4, 2, 16}, {5, 0, 17}, {5, 1, 18}, {6, 0, 20},
    {0, 2, 2}, {0, 1, 1}, {0, 0, 1}};
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++)
    ck_assert_int_eq(cops_d6_hit_points(code(t[k].dice, t[k].pips)), t[k].hp);
  /* max 10: <20 % 0; 20-40 % 1; 41-60 % 2; 61-80 % 3; 81-90 % 4; 91-99 % 5; 100 % 6. */
  static const int lvl10[11] = {0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 6};
  for (int lost = 0; lost <= 10; lost++)
    ck_assert_int_eq(cops_d6_hp_level(lost, 10), lvl10[lost]);
  ck_assert_int_eq(cops_d6_hp_level(13, 14), COPS_D6_MORTALLY);   /* 92.9 % */
  ck_assert_int_eq(cops_d6_hp_level(3, 14), COPS_D6_STUNNED);     /* 21.4 % */
  ck_assert_int_eq(cops_d6_hp_level(2, 14), COPS_D6_UNHURT);      /* 14.3 % */
  ck_assert_int_eq(cops_d6_hp_level(1, 0), COPS_EINVAL);
  /* D6-A31: to hit points the bottom of the level's bracket; back, the bracket's level. */
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_d6_character *ch = simple(ctx, "Kim", "4D");   /* 14 HP */
  cops_d6_wounds w = wounds(ch);
  ck_assert_int_eq(w.hp_max, 14);
  w.step = 3;
  ck_assert_int_eq(cops_d6_character_set_wounds(ch, &w), COPS_OK);
  ck_assert_int_eq(cops_d6_character_set_mode(ch, COPS_D6_HIT_POINTS), COPS_OK);
  w = wounds(ch);
  ck_assert_int_eq(w.hp_lost, 14 * 60 / 100 + 1);   /* 9: 64 % */
  ck_assert_int_eq(w.level, COPS_D6_SEVERELY);
  w.hp_lost = 12;                                    /* 85.7 %: Incapacitated */
  ck_assert_int_eq(cops_d6_character_set_wounds(ch, &w), COPS_OK);
  ck_assert_int_eq(cops_d6_character_set_mode(ch, COPS_D6_LEVELS), COPS_OK);
  w = wounds(ch);
  ck_assert_int_eq(w.step, 4);
  ck_assert_int_eq(w.level, COPS_D6_INCAPACITATED);
  w.hp_lost = 15;
  w.mode = COPS_D6_HIT_POINTS;
  ck_assert_int_eq(cops_d6_character_set_wounds(ch, &w), COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "wounds.hp_lost"));
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §9, §10: the catalogue, a character's equipment, and checks naming the field. */
START_TEST(test_s9_catalogue)
{
  cops_d6_weapon w;
  w.size = sizeof w;
  ck_assert_int_ge(cops_d6_weapon_count(), 38);
  ck_assert_int_eq(cops_d6_weapon_find("LONG SWORD", &w), COPS_OK);
  ck_assert_int_eq(w.damage.dice * 10 + w.damage.pips, 31);
  ck_assert_int_eq(w.adds_natural, 1);
  ck_assert_int_eq(w.roll_dice, -1);
  ck_assert_int_eq(cops_d6_weapon_find("MG 42", &w), COPS_OK);
  ck_assert_int_eq(w.range[2], 1200);
  ck_assert_int_ne(w.flags & COPS_D6_BURST_FIRE, 0);
  ck_assert_int_eq(cops_d6_weapon_find("Stone", &w), COPS_OK);
  ck_assert_int_eq(w.vig_range, 1);
  ck_assert_int_eq(w.range[0], -2);
  ck_assert_int_eq(cops_d6_weapon_find("Phaser", &w), COPS_ENOTFOUND);
  cops_d6_protection p;
  p.size = sizeof p;
  ck_assert_int_eq(cops_d6_protection_find("Chain mail", &p), COPS_OK);
  ck_assert_int_eq(p.penalty_dice, -1);
  ck_assert_int_eq(cops_d6_protection_find("Helmet", &p), COPS_OK);
  ck_assert_int_eq(p.coverage, COPS_D6_COVERS_HEAD);
  ck_assert_int_eq(p.penalty_perception, 1);
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_d6_character *ch = simple(ctx, "Knight", "3D");
  cops_d6_protection_find("Chain mail", &p);
  ck_assert_int_eq(cops_d6_character_add_protection(ch, &p, NULL), COPS_OK);
  int dice, points;
  cops_d6_character_penalty(ch, COPS_D6_MARKSMANSHIP, &dice, &points);
  ck_assert_int_eq(dice, -1);                  /* Coordination's skills (§10.1) */
  cops_d6_character_penalty(ch, COPS_D6_SEARCH, &dice, &points);
  ck_assert_int_eq(dice, 0);
  cops_d6_weapon_init(&w, COPS_D6_PISTOL);
  snprintf(w.name, sizeof w.name, "Blaster");
  w.damage.dice = 4;
  w.range[0] = 10;
  w.range[1] = 5;
  w.range[2] = 30;
  ck_assert_int_eq(cops_d6_character_add_weapon(ch, &w, NULL), COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "weapon.range"));
  w.range[1] = 20;
  w.flags = COPS_D6_LONG_WEAPON;
  ck_assert_int_eq(cops_d6_character_add_weapon(ch, &w, NULL), COPS_ERANGE);
  w.flags = COPS_D6_ENERGY;
  ck_assert_int_eq(cops_d6_character_add_weapon(ch, &w, NULL), COPS_OK);
  ck_assert_int_eq(cops_d6_character_weapon_count(ch), 1);
  ck_assert_int_eq(cops_d6_character_remove_weapon(ch, 0), COPS_OK);
  ck_assert_int_eq(cops_d6_character_remove_weapon(ch, 0), COPS_EINVAL);
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* Sheets: read, written back the same, refused with the field named. */
START_TEST(test_sheets)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_d6_character *ch = sheet(ctx,
    "{\"system\":\"d6\",\"schema\":1,\"name\":\"Ramirez\"," ATTRS("3D+1")
    ",\"skills\":{\"dodge\":\"4D\"},\"natural_damage\":\"2D\",\"character_points\":4,"
    "\"fate_points\":1,\"scale\":0,\"weapons\":[\"Glock 17\",{\"name\":\"Stun baton\",\"category\":"
    "\"melee\",\"damage\":\"+1D\",\"flags\":[\"stun\"]}],\"protections\":[\"Kevlar vest\","
    "{\"name\":\"Visor\",\"armour\":\"+1\",\"coverage\":\"head\",\"penalty\":\"-1D\","
    "\"penalty_on\":\"perception\"}],\"wounds\":{\"mode\":\"hit_points\",\"hp_lost\":3,"
    "\"limbs\":[\"leg\"],\"stunned\":true}}");
  char *j1, *j2;
  ck_assert_int_eq(cops_d6_character_to_json(ch, &j1), COPS_OK);
  cops_d6_character *back = sheet(ctx, j1);
  ck_assert_int_eq(cops_d6_character_to_json(back, &j2), COPS_OK);
  ck_assert_str_eq(j1, j2);
  ck_assert_ptr_nonnull(strstr(j1, "\"damage\": \"+1D\""));
  ck_assert_ptr_nonnull(strstr(j1, "\"penalty\": \"-1D\""));
  cops_d6_wounds w = wounds(back);
  ck_assert_int_eq(w.hp_max, 11);
  ck_assert_int_eq(w.hp_lost, 3);
  ck_assert_int_eq(w.level, COPS_D6_STUNNED);
  ck_assert_int_eq(w.limbs, COPS_D6_LEG_HURT);
  cops_free(j1);
  cops_free(j2);
  static const struct { const char *json, *msg; } bad[] = {
    {"{\"name\":\"X\"}", "system: missing"},
    {"{\"system\":\"st\",\"name\":\"X\"}", "system: expected \"d6\""},
    {"{\"system\":\"d6\",\"name\":\"X\",\"attributes\":{\"vigueur\":\"3D\"}}", "attributes.agility: missing"},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D+3") "}", "attributes.vigueur"},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("21D") "}", "at most 20D"},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D") ",\"skills\":{\"flying\":\"1D\"}}", "skills.flying: unknown"},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D") ",\"weapons\":[\"Phaser\"]}", "weapons[0]: \"Phaser\""},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D") ",\"weapons\":[{\"name\":\"B\",\"category\":\"laser\"}]}", "weapons[0].category"},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D") ",\"weapons\":[{\"name\":\"B\",\"category\":\"pistol\",\"damage\":\"3D\",\"range\":[1,2]}]}", "weapons[0].range"},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D") ",\"protections\":[{\"name\":\"P\",\"armour\":\"+1D\",\"penalty\":\"-2X\"}]}", "protections[0].penalty"},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D") ",\"wounds\":{\"step\":7}}", "wounds.step"},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D") ",\"wounds\":{\"mode\":\"hp\"}}", "wounds.mode"},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D") ",\"scale\":30}", "scale"},
    {"{\"system\":\"d6\",\"name\":\"X\"," ATTRS("3D") ",\"extra\":1}", "extra"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    cops_d6_character *x = NULL;
    ck_assert_msg(cops_d6_character_from_json(&x, ctx, bad[k].json) != COPS_OK, "%s", bad[k].json);
    ck_assert_ptr_null(x);
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[k].msg), "%s: %s", bad[k].json,
                  cops_ctx_errmsg(ctx));
  }
  cops_d6_character_free(back);
  cops_d6_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("d6-character");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_character_traits);
  tcase_add_test(tc, test_s8_hit_points);
  tcase_add_test(tc, test_s9_catalogue);
  tcase_add_test(tc, test_sheets);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(suite)
