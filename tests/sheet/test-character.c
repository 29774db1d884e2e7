/* Characters: the catalogue (C2, C3), skills and specialisations (C1.5),
 * hit points (C8.2), points (C5), rolls, and JSON sheets (docs/sheets.md). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "testutil.h"

static cops_ctx *ctx;
static script dice;

static void setup(void)
{
  ctx = SCRIPT(&dice, 1);
  dice.n = 0;
}

static void teardown(void)
{
  cops_ctx_free(ctx);
}

/* Faces for the next rolls. */
#define FACES(...) SCRIPT_FACES(&dice, __VA_ARGS__)

static cops_character *load_sheet(const char *name)
{
  char path[512];
  cops_character *ch = NULL;
  snprintf(path, sizeof path, "%s/%s", SHEETS_DIR, name);
  ck_assert_msg(cops_character_load(&ch, ctx, path) == COPS_OK, "%s: %s", path,
                cops_ctx_errmsg(ctx));
  return ch;
}

static cops_roll *roll_of(cops_character *ch, const char *notation, unsigned flags, int rc)
{
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  ck_assert_msg(cops_character_roll(r, ch, notation, flags) == rc, "%s: %s", notation,
                cops_ctx_errmsg(ctx));
  return r;
}

/* ---- the catalogue ---- */

START_TEST(test_c3_catalogue_matches_the_rules)
{
  static const struct {
    const char *name;
    int characteristic, spec_level, adrenaline, listed, free;
  } c3[COPS_SKILL_COUNT] = {
    {"Arme d'épaule", COPS_COORDINATION, 5, 1, 3, 0},
    {"Arme de contact", COPS_REFLEXES, 6, 1, 3, 1},
    {"Arme de poing", COPS_COORDINATION, 0, 1, 0, 0},
    {"Arme lourde", COPS_CARRURE, 9, 1, 3, 0},
    {"Athlétisme", COPS_CARRURE, 6, 1, 7, 0},
    {"Bureaucratie", COPS_SANG_FROID, 0, 0, 0, 0},
    {"Conduite", COPS_COORDINATION, 8, 1, 4, 0},
    {"Connaissance", COPS_EDUCATION, 9, 0, 0, 1},
    {"Corps à corps", COPS_REFLEXES, 7, 1, 3, 0},
    {"Déguisement", COPS_PERCEPTION, 0, 0, 0, 0},
    {"Discrétion", COPS_COORDINATION, 0, 0, 0, 0},
    {"Électronique", COPS_EDUCATION, 6, 0, 5, 0},
    {"Éloquence", COPS_CHARME, 0, 0, 0, 0},
    {"Falsification", COPS_PERCEPTION, 0, 0, 0, 0},
    {"Informatique", COPS_EDUCATION, 5, 0, 2, 0},
    {"Instinct de flic", COPS_PERCEPTION, 0, 0, 0, 0},
    {"Intimidation", COPS_SANG_FROID, 0, 0, 0, 0},
    {"Jeu", COPS_SANG_FROID, 0, 0, 0, 0},
    {"Lancer", COPS_COORDINATION, 0, 1, 0, 0},
    {"Mécanique", COPS_COORDINATION, 6, 0, 5, 0},
    {"Médecine", COPS_EDUCATION, 6, 0, 3, 0},
    {"Pilotage", COPS_COORDINATION, 9, 0, 4, 0},
    {"Premiers secours", COPS_COORDINATION, 0, 0, 0, 0},
    {"Psychologie", COPS_PERCEPTION, 0, 0, 0, 0},
    {"Rhétorique", COPS_EDUCATION, 0, 0, 0, 0},
    {"Scène de crime", COPS_PERCEPTION, 0, 0, 0, 0},
    {"Tir en rafales", COPS_COORDINATION, 7, 1, 2, 0},
  };
  ck_assert_int_eq(cops_skill_count(), 27);
  for (int s = 0; s < COPS_SKILL_COUNT; s++) {
    ck_assert_str_eq(cops_skill_name(s, COPS_LANG_FR), c3[s].name);
    ck_assert_ptr_nonnull(cops_skill_name(s, COPS_LANG_EN));
    ck_assert_int_eq(cops_skill_characteristic(s), c3[s].characteristic);
    ck_assert_int_eq(cops_skill_specialisation_level(s), c3[s].spec_level);
    ck_assert_int_eq(cops_skill_adrenaline(s), c3[s].adrenaline);
    ck_assert_int_eq(cops_skill_specialisation_count(s), c3[s].listed);
    ck_assert_int_eq(cops_skill_specialisation_free(s), c3[s].free);
    int back;
    ck_assert_int_eq(cops_skill_parse(c3[s].name, &back), COPS_OK);
    ck_assert_int_eq(back, s);
    ck_assert_int_eq(cops_skill_parse(cops_skill_name(s, COPS_LANG_EN), &back), COPS_OK);
    ck_assert_int_eq(back, s);
  }
  ck_assert_str_eq(cops_skill_specialisation_name(COPS_ARME_D_EPAULE, 2), "fusil à pompe");
  ck_assert_ptr_null(cops_skill_specialisation_name(COPS_ARME_D_EPAULE, 3));
  ck_assert_ptr_null(cops_skill_name(27, 0));
  ck_assert_ptr_null(cops_skill_name(0, 2));
  ck_assert_int_eq(cops_skill_characteristic(-1), COPS_ERANGE);
  ck_assert_int_eq(cops_skill_specialisation_count(27), COPS_ERANGE);
}
END_TEST

START_TEST(test_names_parse_in_any_spelling)
{
  static const struct { const char *text; int value; } chars[] = {
    {"Sang-froid", COPS_SANG_FROID}, {"sang froid", COPS_SANG_FROID},
    {"SANG-FROID", COPS_SANG_FROID}, {"Sangfroid", COPS_SANG_FROID}, {"nerve", COPS_SANG_FROID},
    {"Éducation", COPS_EDUCATION}, {"education", COPS_EDUCATION}, {"EDUCATION", COPS_EDUCATION},
    {"réflexes", COPS_REFLEXES}, {"REFLEXES", COPS_REFLEXES}, {"Build", COPS_CARRURE},
  };
  int v;
  ck_assert_int_eq(cops_characteristic_count(), 7);
  for (size_t i = 0; i < sizeof chars / sizeof chars[0]; i++) {
    ck_assert_msg(cops_characteristic_parse(chars[i].text, &v) == COPS_OK, "%s", chars[i].text);
    ck_assert_int_eq(v, chars[i].value);
  }
  static const struct { const char *text; int value; } skills[] = {
    {"arme d epaule", COPS_ARME_D_EPAULE}, {"ARME D'ÉPAULE", COPS_ARME_D_EPAULE},
    {"Arme d\xe2\x80\x99\xc3\xa9paule", COPS_ARME_D_EPAULE}, {"armedepaule", COPS_ARME_D_EPAULE},
    {"Corps-à-corps", COPS_CORPS_A_CORPS}, {"corps a corps", COPS_CORPS_A_CORPS},
    {"Scene de crime", COPS_SCENE_DE_CRIME}, {"burst fire", COPS_TIR_EN_RAFALES},
  };
  for (size_t i = 0; i < sizeof skills / sizeof skills[0]; i++) {
    ck_assert_msg(cops_skill_parse(skills[i].text, &v) == COPS_OK, "%s", skills[i].text);
    ck_assert_int_eq(v, skills[i].value);
  }
  ck_assert_int_eq(cops_skill_parse("Arme", &v), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_skill_parse("", &v), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_characteristic_parse("Force", &v), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_characteristic_parse(NULL, &v), COPS_EINVAL);
  ck_assert_int_eq(cops_skill_parse("Jeu", NULL), COPS_EINVAL);
  ck_assert_str_eq(cops_characteristic_name(COPS_SANG_FROID, COPS_LANG_EN), "Nerve");
  ck_assert_ptr_null(cops_characteristic_name(7, 0));
}
END_TEST

/* ---- the character ---- */

START_TEST(test_c2_characteristics_and_default_hit_points)
{
  cops_character *ch;
  ck_assert_int_eq(cops_character_new(&ch, ctx), COPS_OK);
  ck_assert_str_eq(cops_character_name(ch), "");
  ck_assert_int_eq(cops_character_characteristic(ch, COPS_CARRURE), 1);
  ck_assert_int_eq(cops_character_max_hp(ch), 23); /* 20 + 3 x 1, C2 RULING */
  ck_assert_int_eq(cops_character_set_characteristic(ch, COPS_CARRURE, 4), COPS_OK);
  ck_assert_int_eq(cops_character_max_hp(ch), 32);
  int hp;
  ck_assert_int_eq(cops_character_hp(ch, &hp), COPS_OK);
  ck_assert_int_eq(hp, 32); /* unhurt stays unhurt */
  ck_assert_int_eq(cops_character_set_characteristic(ch, COPS_CARRURE, 6), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Carrure 6 out of range 1..5");
  ck_assert_int_eq(cops_character_set_characteristic(ch, COPS_CHARME, 0), COPS_ERANGE);
  ck_assert_int_eq(cops_character_set_characteristic(ch, 7, 3), COPS_ERANGE);
  ck_assert_int_eq(cops_character_set_max_hp(ch, 40), COPS_OK);
  ck_assert_int_eq(cops_character_max_hp(ch), 40);
  ck_assert_int_eq(cops_character_max_hp_is_set(ch), 1);
  ck_assert_int_eq(cops_character_set_characteristic(ch, COPS_CARRURE, 2), COPS_OK);
  ck_assert_int_eq(cops_character_max_hp(ch), 40); /* an override stays */
  ck_assert_int_eq(cops_character_set_max_hp(ch, 0), COPS_OK);
  ck_assert_int_eq(cops_character_max_hp(ch), 26);
  ck_assert_int_eq(cops_character_set_max_hp(ch, 1000), COPS_ERANGE);
  ck_assert_int_eq(cops_character_set_name(ch, "Mike Delgado"), COPS_OK);
  ck_assert_str_eq(cops_character_name(ch), "Mike Delgado");
  ck_assert_int_eq(cops_character_set_name(ch, "bad\x01name"), COPS_EINVAL);
  ck_assert_int_eq(cops_character_set_name(ch, "\xc3"), COPS_EINVAL);
  char longname[200];
  memset(longname, 'a', sizeof longname - 1);
  longname[sizeof longname - 1] = '\0';
  ck_assert_int_eq(cops_character_set_name(ch, longname), COPS_ERANGE);
  cops_character_free(ch);
}
END_TEST

START_TEST(test_c8_2_health_states)
{
  cops_character *ch;
  int hp;
  ck_assert_int_eq(cops_character_new(&ch, ctx), COPS_OK);
  cops_character_set_characteristic(ch, COPS_CARRURE, 3); /* max 29 */
  ck_assert_int_eq(cops_character_health(ch), COPS_HEALTHY);
  cops_character_damage(ch, 14); /* 15: 30 >= 29, not below half */
  ck_assert_int_eq(cops_character_health(ch), COPS_HEALTHY);
  cops_character_damage(ch, 1);  /* 14: 28 < 29, below half */
  ck_assert_int_eq(cops_character_health(ch), COPS_BELOW_HALF);
  cops_character_damage(ch, 14);
  ck_assert_int_eq(cops_character_health(ch), COPS_UNCONSCIOUS);
  cops_character_damage(ch, 1);
  ck_assert_int_eq(cops_character_health(ch), COPS_DYING);
  ck_assert_int_eq(cops_character_heal(ch, 3), COPS_OK);
  cops_character_hp(ch, &hp);
  ck_assert_int_eq(hp, 2);
  ck_assert_int_eq(cops_character_damage(ch, 500), COPS_OK);
  cops_character_hp(ch, &hp);
  ck_assert_int_eq(hp, -29); /* never below minus the maximum */
  ck_assert_int_eq(cops_character_health(ch), COPS_DEAD);
  ck_assert_str_eq(cops_health_name(COPS_DEAD, COPS_LANG_FR), "cliniquement mort");
  ck_assert_str_eq(cops_health_name(COPS_BELOW_HALF, COPS_LANG_EN), "wounded: below half (-1 die)");
  ck_assert_ptr_null(cops_health_name(6, 0));
  ck_assert_str_eq(cops_health_name(COPS_DEAD, COPS_LANG_ES), "clínicamente muerto");
  ck_assert_ptr_null(cops_health_name(0, cops_lang_count()));
  ck_assert_ptr_null(cops_health_name(0, -1));
  ck_assert_int_eq(cops_character_heal(ch, 5), COPS_ERULE);
  ck_assert_int_eq(cops_character_set_hp(ch, 29), COPS_OK);
  ck_assert_int_eq(cops_character_heal(ch, 5), COPS_OK);
  cops_character_hp(ch, &hp);
  ck_assert_int_eq(hp, 29); /* never above the maximum */
  ck_assert_int_eq(cops_character_set_hp(ch, 30), COPS_ERANGE);
  ck_assert_int_eq(cops_character_set_hp(ch, -30), COPS_ERANGE);
  ck_assert_int_eq(cops_character_damage(ch, -1), COPS_ERANGE);
  ck_assert_int_eq(cops_character_heal(ch, 10001), COPS_ERANGE);
  cops_character_free(ch);
}
END_TEST

START_TEST(test_c3_specialisations_and_burst_fire)
{
  cops_character *ch;
  ck_assert_int_eq(cops_character_new(&ch, ctx), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_D_EPAULE, 3, NULL), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Arme d'épaule 3+ needs a specialisation (from 5+: C3)");
  ck_assert_int_eq(cops_character_skill(ch, COPS_ARME_D_EPAULE), 0);
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_D_EPAULE, 3, "FUSIL A POMPE"), COPS_OK);
  ck_assert_str_eq(cops_character_specialisation(ch, COPS_ARME_D_EPAULE, 0), "fusil à pompe");
  ck_assert_int_eq(cops_character_add_specialisation(ch, COPS_ARME_D_EPAULE, "arbalète"),
                   COPS_ENOTFOUND);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "unknown specialisation 'arbalète' for Arme d'épaule "
                                         "(fusil à lunette, fusil, fusil à pompe)");
  ck_assert_int_eq(cops_character_add_specialisation(ch, COPS_ARME_D_EPAULE, "fusil"), COPS_OK);
  ck_assert_int_eq(cops_character_add_specialisation(ch, COPS_ARME_D_EPAULE, "Fusil"), COPS_OK);
  ck_assert_int_eq(cops_character_specialisation_count(ch, COPS_ARME_D_EPAULE), 2);
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_D_EPAULE, 6, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_specialisation_count(ch, COPS_ARME_D_EPAULE), 2);
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_DE_POING, 4, "x"), COPS_ENOTFOUND);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Arme de poing has no specialisations");
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_DE_POING, 1, NULL), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "skill level 1+ out of range 2+..9+ for Arme de poing");
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_DE_POING, 10, NULL), COPS_ERANGE);
  /* Free specialisations: any Connaissance; an exotic weapon for Arme de contact. */
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_CONNAISSANCE, 4, "vaudou"), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_DE_CONTACT, 5, "nunchaku"), COPS_OK);
  ck_assert_int_eq(cops_character_add_specialisation(ch, COPS_JEU, "poker"), COPS_ERULE);

  /* Tir en rafales never better than its weapon skill (C3). */
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_TIR_EN_RAFALES, 6, "arme de poing"),
                   COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Tir en rafales [arme de poing] 6+ needs Arme de poing");
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_DE_POING, 6, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_TIR_EN_RAFALES, 5, "arme de poing"),
                   COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Tir en rafales [arme de poing] 5+ would be better "
                   "than Arme de poing 6+ (C3: never better than its weapon skill)");
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_TIR_EN_RAFALES, 6, "arme de poing"),
                   COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_DE_POING, 7, NULL), COPS_ERULE);
  ck_assert_int_eq(cops_character_skill(ch, COPS_ARME_DE_POING), 6); /* unchanged */
  ck_assert_int_eq(cops_character_remove_skill(ch, COPS_ARME_DE_POING), COPS_ERULE);
  ck_assert_int_eq(cops_character_remove_skill(ch, COPS_TIR_EN_RAFALES), COPS_OK);
  ck_assert_int_eq(cops_character_remove_skill(ch, COPS_ARME_DE_POING), COPS_OK);
  ck_assert_int_eq(cops_character_skill(ch, COPS_ARME_DE_POING), 0);
  /* Tir en rafales from 8+ needs no specialisation, and so no weapon skill. */
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_TIR_EN_RAFALES, 8, NULL), COPS_OK);
  cops_character_free(ch);
}
END_TEST

START_TEST(test_c5_points)
{
  cops_character *ch;
  int cur, max;
  ck_assert_int_eq(cops_character_new(&ch, ctx), COPS_OK);
  ck_assert_int_eq(cops_character_set_points(ch, 3, 3), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx),
                   "Adrénaline 3 + Ancienneté 3: each at least 0, at most 5 together (C5)");
  ck_assert_int_eq(cops_character_set_points(ch, -1, 2), COPS_ERULE);
  ck_assert_int_eq(cops_character_set_points(ch, 2, 3), COPS_OK);
  ck_assert_int_eq(cops_character_points(ch, COPS_ANCIENNETE, &cur, &max), COPS_OK);
  ck_assert_int_eq(cur, 3);
  ck_assert_int_eq(max, 3);
  ck_assert_int_eq(cops_character_recover(ch, COPS_ADRENALINE), COPS_ERULE);
  ck_assert_int_eq(cops_character_set_current_points(ch, COPS_ADRENALINE, 0), COPS_OK);
  ck_assert_int_eq(cops_character_recover(ch, COPS_ADRENALINE), COPS_OK);
  cops_character_points(ch, COPS_ADRENALINE, &cur, NULL);
  ck_assert_int_eq(cur, 1);
  ck_assert_int_eq(cops_character_set_current_points(ch, COPS_ADRENALINE, 3), COPS_ERANGE);
  ck_assert_int_eq(cops_character_spend_permanently(ch, COPS_ANCIENNETE), COPS_OK);
  cops_character_points(ch, COPS_ANCIENNETE, &cur, &max);
  ck_assert_int_eq(max, 2);
  ck_assert_int_eq(cur, 2);
  ck_assert_int_eq(cops_character_recover(ch, 2), COPS_ERANGE);
  ck_assert_int_eq(cops_character_points(ch, 5, &cur, &max), COPS_ERANGE);
  cops_character_free(ch);
}
END_TEST

/* ---- rolls from a character ---- */

static void expect_action(cops_character *ch, const char *notation, unsigned flags, int ndice,
                          int threshold, int difficulty, int unskilled)
{
  cops_action a;
  ck_assert_msg(cops_character_action(&a, ch, notation, flags) == COPS_OK, "%s: %s", notation,
                cops_ctx_errmsg(ctx));
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  FACES(1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_roll_action(r, ctx, &a), COPS_OK);
  ck_assert_msg(cops_roll_pool_size(r) == ndice, "%s: %d dice", notation, cops_roll_pool_size(r));
  ck_assert_msg(cops_roll_threshold(r) == threshold, "%s: %d+", notation, cops_roll_threshold(r));
  ck_assert_int_eq(cops_roll_difficulty(r), difficulty);
  ck_assert_int_eq(cops_roll_unskilled(r), unskilled);
  cops_roll_free(r);
}

START_TEST(test_c1_5_worked_examples)
{
  cops_character *mike = load_sheet("mike.json");
  /* Shotgun specialist at 3+ with a scoped rifle: Arme d'épaule at 6+. */
  expect_action(mike, "Arme d'épaule [fusil à lunette]/Coordination (2)", 0, 3, 6, 2, 0);
  expect_action(mike, "Arme d'épaule [fusil à pompe]/Coordination (2)", 0, 3, 3, 2, 0);
  /* Helicopter pilot at 6+ flying a plane: as if unskilled. */
  expect_action(mike, "Pilotage [avion]/Coordination (1)", 0, 3, 10, 1, 1);
  expect_action(mike, "Pilotage [hélicoptère]/Coordination (1)", 0, 3, 6, 1, 0);
  /* No skill (C1.4); the skill's level; a characteristic roll; numbers. */
  expect_action(mike, "Discrétion/Coordination (1)", 0, 3, 10, 1, 1);
  expect_action(mike, "Arme de poing/Coordination (2)", 0, 3, 5, 2, 0);
  expect_action(mike, "arme de poing / reflexes", 0, 3, 5, 1, 0);
  expect_action(mike, "6+/Sang-froid (3)", 0, 4, 6, 3, 0);
  expect_action(mike, "4+/3 (2) +1D", 0, 4, 4, 2, 0);
  expect_action(mike, "Conduite [voiture]/Réflexes (2) -1S", 0, 3, 3, 2, 0);
  expect_action(mike, "Conduite [moto]/Réflexes (2)", 0, 3, 9, 2, 0); /* from 8+: 9+ */
  cops_character_free(mike);
}
END_TEST

START_TEST(test_character_roll_errors)
{
  cops_character *mike = load_sheet("mike.json");
  cops_action a;
  ck_assert_int_eq(cops_character_action(&a, mike, "Arme d'épaule/Coordination (2)", 0),
                   COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "column 1: Arme d'épaule 3+ is specialised: name the "
                   "specialisation, e.g. Arme d'épaule [fusil à pompe]/...");
  ck_assert_int_eq(cops_character_action(&a, mike, "Arme de plomb/Coordination", 0),
                   COPS_ENOTFOUND);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "column 1: unknown skill 'Arme de plomb'");
  ck_assert_int_eq(cops_character_action(&a, mike, "Jeu/Chance (2)", 0), COPS_ENOTFOUND);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "column 5: unknown characteristic 'Chance'");
  ck_assert_int_eq(cops_character_action(&a, mike, "Arme d'épaule [arc]/Coordination", 0),
                   COPS_ENOTFOUND);
  ck_assert_int_eq(cops_character_action(&a, mike, "Arme de poing/", 0), COPS_ESYNTAX);
  ck_assert_int_eq(cops_character_action(&a, mike, "Bureaucratie/Sang-froid",
                                         COPS_ADRENALINE_DIE), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Adrénaline cannot be spent on Bureaucratie (C3)");
  ck_assert_int_eq(cops_character_action(&a, mike, "6+/Coordination", COPS_ADRENALINE_DIE),
                   COPS_ERULE);
  ck_assert_int_eq(cops_character_action(&a, mike, "6+/Coordination", 0x4), COPS_EINVAL);
  ck_assert_int_eq(cops_character_action(NULL, mike, "6+/Coordination", 0), COPS_EINVAL);
  ck_assert_int_eq(cops_character_action(&a, NULL, "6+/Coordination", 0), COPS_EINVAL);
  ck_assert_int_eq(cops_character_action(&a, mike, NULL, 0), COPS_EINVAL);
  cops_character_free(mike);
}
END_TEST

/* C8.2: below half of the maximum hit points, -1 die on every d10 roll. */
START_TEST(test_c8_2_wound_malus)
{
  cops_character *mike = load_sheet("mike.json");
  cops_character_damage(mike, 14); /* 15 of 29 */
  expect_action(mike, "Arme de poing/Coordination (2)", 0, 3, 5, 2, 0);
  cops_character_damage(mike, 1);  /* 14 of 29 */
  expect_action(mike, "Arme de poing/Coordination (2)", 0, 2, 5, 2, 0);
  expect_action(mike, "4+/3 (2)", 0, 2, 4, 2, 0);
  cops_character_free(mike);
}
END_TEST

/* C8.2: at 0 hit points or below one is unconscious and cannot act: a roll is refused,
 * naming the state, nothing drawn or spent, unless the caller says it is not an action. So
 * for one out of the fight (C10.4) or knocked out (A5). */
START_TEST(test_c8_2_who_cannot_act_cannot_roll)
{
  cops_character *mike = load_sheet("mike.json");   /* 29 hit points */
  static const struct {
    int hp;
    const char *message;
  } states[] = {
    {0, "the character Mike Delgado is unconscious and cannot act (C8.2)"},
    {-3, "the character Mike Delgado is dying and cannot act (C8.2)"},
    {-29, "the character Mike Delgado is clinically dead and cannot act (C8.2)"},
  };
  cops_roll *r;
  ck_assert_int_eq(cops_roll_new(&r), COPS_OK);
  for (size_t k = 0; k < sizeof states / sizeof *states; k++) {
    ck_assert_int_eq(cops_character_set_hp(mike, states[k].hp), COPS_OK);
    FACES(9, 9, 9, 9);
    ck_assert_int_eq(cops_character_roll(r, mike, "Arme de poing/Coordination (2)",
                                         COPS_ADRENALINE_DIE), COPS_ERULE);
    ck_assert_str_eq(cops_ctx_errmsg(ctx), states[k].message);
    ck_assert_int_eq(dice.next, 0);                       /* nothing drawn */
    ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);
    int cur;
    cops_character_points(mike, COPS_ADRENALINE, &cur, NULL);
    ck_assert_int_eq(cur, 2);                             /* nothing spent */
    /* The GM's roll for that character: not an action. 3 dice - 1 (C8.2), then 2 dice. */
    FACES(9, 4);
    ck_assert_int_eq(cops_character_roll(r, mike, "Arme de poing/Coordination (2)",
                                         COPS_NOT_AN_ACTION), COPS_OK);
    ck_assert_int_eq(cops_roll_pool_size(r), 2);
    ck_assert_int_eq(cops_roll_successes(r), 1);
    /* Ancienneté is the player's choice: not for one who cannot act. */
    ck_assert_int_eq(cops_character_reroll(r, mike, r), COPS_ERULE);
    ck_assert_str_eq(cops_ctx_errmsg(ctx), states[k].message);
  }
  /* Above 0 but out of the fight, or knocked out. */
  ck_assert_int_eq(cops_character_set_hp(mike, 20), COPS_OK);
  ck_assert_int_eq(cops_character_set_recovery(mike, 3), COPS_OK);
  FACES(9, 9, 9);
  ck_assert_int_eq(cops_character_roll(r, mike, "6+/Carrure", 0), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "the character Mike Delgado is out of the fight until "
                   "a recovery roll succeeds (C10.4)");
  ck_assert_int_eq(cops_character_set_conditions(mike, COPS_COND_OUT, 0), COPS_OK);
  ck_assert_int_eq(cops_character_set_conditions(mike, COPS_COND_KNOCKED_OUT, 1), COPS_OK);
  ck_assert_int_eq(cops_character_roll(r, mike, "6+/Carrure", 0), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "the character Mike Delgado is unconscious after a "
                   "blow to the head (A5)");
  ck_assert_int_eq(dice.next, 0);
  ck_assert_int_eq(cops_character_set_conditions(mike, COPS_COND_KNOCKED_OUT, 0), COPS_OK);
  ck_assert_int_eq(cops_character_roll(r, mike, "6+/Carrure", 0), COPS_OK);
  /* The flag changes nothing for one who can act, and the action accepts it. */
  FACES(9, 9, 9);
  ck_assert_int_eq(cops_character_roll(r, mike, "6+/Carrure", COPS_NOT_AN_ACTION), COPS_OK);
  cops_action a;
  ck_assert_int_eq(cops_character_set_hp(mike, 0), COPS_OK);
  ck_assert_int_eq(cops_character_action(&a, mike, "6+/Carrure", COPS_NOT_AN_ACTION), COPS_OK);
  ck_assert_int_eq(cops_character_roll(r, mike, "6+/Carrure", 0x400), COPS_EINVAL);
  cops_roll_free(r);
  cops_character_free(mike);
}
END_TEST

/* C5: Adrénaline before a roll, Ancienneté after a failure. */
START_TEST(test_c5_adrenaline_and_anciennete_rolls)
{
  cops_character *mike = load_sheet("mike.json");
  int cur;
  FACES(5, 1, 1, 9);
  cops_roll *r = roll_of(mike, "Arme de poing/Coordination (2)", COPS_ADRENALINE_DIE, COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(r), 4);
  ck_assert_int_eq(cops_roll_successes(r), 2);
  cops_character_points(mike, COPS_ADRENALINE, &cur, NULL);
  ck_assert_int_eq(cur, 1);
  FACES(1, 1, 1, 1);
  ck_assert_int_eq(cops_character_roll(r, mike, "Arme de poing/Coordination (2)",
                                       COPS_ADRENALINE_DIE), COPS_OK);
  FACES(1, 1, 1, 1);
  ck_assert_int_eq(cops_character_roll(r, mike, "Arme de poing/Coordination (2)",
                                       COPS_ADRENALINE_DIE), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "no Adrénaline point left (0 of 2)");
  ck_assert_int_eq(cops_roll_kind(r), COPS_ROLL_NONE);

  /* A failure (1 success of 2), rolled again: 3 successes, but MR 0 (C5). */
  FACES(5, 1, 1, 5, 6, 7);
  ck_assert_int_eq(cops_character_roll(r, mike, "Arme de poing/Coordination (2)", 0), COPS_OK);
  ck_assert_int_eq(cops_roll_succeeded(r), 0);
  cops_roll *again;
  ck_assert_int_eq(cops_roll_new(&again), COPS_OK);
  ck_assert_int_eq(cops_character_reroll(again, mike, r), COPS_OK);
  ck_assert_int_eq(cops_roll_successes(again), 3);
  ck_assert_int_eq(cops_roll_succeeded(again), 1);
  ck_assert_int_eq(cops_roll_anciennete(again), 1);
  ck_assert_int_eq(cops_roll_anciennete(r), 0);
  int m;
  cops_roll_margin(again, &m);
  ck_assert_int_eq(m, 0);
  char *json;
  cops_roll_to_json(again, &json);
  ck_assert_ptr_nonnull(strstr(json, "\"margin\":0,\"capped\":false,\"anciennete\":true}"));
  cops_free(json);
  cops_character_points(mike, COPS_ANCIENNETE, &cur, NULL);
  ck_assert_int_eq(cur, 1);
  /* Not after a success, not twice, not without points. */
  ck_assert_int_eq(cops_character_reroll(again, mike, again), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx),
                   "this roll was already rolled again with Ancienneté (C5)");
  FACES(9, 9, 9);
  ck_assert_int_eq(cops_character_roll(r, mike, "Arme de poing/Coordination (2)", 0), COPS_OK);
  ck_assert_int_eq(cops_character_reroll(again, mike, r), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx),
                   "Ancienneté is spent after a failed roll, and this one succeeded (C5)");
  cops_character_set_current_points(mike, COPS_ANCIENNETE, 0);
  FACES(1, 1, 1);
  ck_assert_int_eq(cops_character_roll(r, mike, "Arme de poing/Coordination (2)", 0), COPS_OK);
  ck_assert_int_eq(cops_character_reroll(r, mike, r), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "no Ancienneté point left (0 of 2)");
  /* The same roll object, rolled again in place. */
  cops_character_set_current_points(mike, COPS_ANCIENNETE, 1);
  FACES(6, 1, 1);
  ck_assert_int_eq(cops_character_reroll(r, mike, r), COPS_OK);
  ck_assert_int_eq(cops_roll_successes(r), 1);
  cops_roll_free(again);
  cops_roll_free(r);
  cops_character_free(mike);
}
END_TEST

/* The odds of a character's roll come from the same action. */
START_TEST(test_character_odds)
{
  cops_character *mike = load_sheet("mike.json");
  cops_action a;
  double p;
  ck_assert_int_eq(cops_character_action(&a, mike, "6+/Coordination (1)", 0), COPS_OK);
  ck_assert_int_eq(cops_odds_success(ctx, &a, &p), COPS_OK);
  ck_assert(fabs(p - 7.0 / 8.0) < 1e-12);
  cops_character_free(mike);
}
END_TEST

/* ---- JSON sheets ---- */

START_TEST(test_sheets_round_trip_exactly)
{
  static const char *const names[] = {"mike.json", "sarah.json", "joe.json"};
  for (size_t i = 0; i < 3; i++) {
    char path[512], text[65536];
    snprintf(path, sizeof path, "%s/%s", SHEETS_DIR, names[i]);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    cops_character *ch = load_sheet(names[i]), *again;
    char *json;
    ck_assert_int_eq(cops_character_to_json(ch, &json), COPS_OK);
    ck_assert_str_eq(json, text);
    ck_assert_int_eq(cops_character_from_json(&again, ctx, json), COPS_OK);
    char *json2;
    cops_character_to_json(again, &json2);
    ck_assert_str_eq(json2, json);
    cops_free(json);
    cops_free(json2);
    cops_character_free(again);
    cops_character_free(ch);
  }
}
END_TEST

START_TEST(test_mike_as_the_issue_describes_him)
{
  cops_character *mike = load_sheet("mike.json");
  static const int values[7] = {3, 2, 3, 2, 3, 3, 4};
  for (int c = 0; c < 7; c++)
    ck_assert_int_eq(cops_character_characteristic(mike, c), values[c]);
  ck_assert_str_eq(cops_character_name(mike), "Mike Delgado");
  ck_assert_int_eq(cops_character_max_hp(mike), 29);
  ck_assert_int_eq(cops_character_max_hp_is_set(mike), 0);
  ck_assert_int_eq(cops_character_skill(mike, COPS_ARME_DE_POING), 5);
  ck_assert_int_eq(cops_character_skill(mike, COPS_CONDUITE), 4);
  ck_assert_int_eq(cops_character_skill(mike, COPS_ARME_D_EPAULE), 3);
  ck_assert_int_eq(cops_character_skill(mike, COPS_PILOTAGE), 6);
  ck_assert_int_eq(cops_character_skill(mike, COPS_PREMIERS_SECOURS), 7);
  ck_assert_int_eq(cops_character_skill(mike, COPS_INTIMIDATION), 6);
  ck_assert_int_eq(cops_character_skill(mike, COPS_TIR_EN_RAFALES), 6);
  ck_assert_str_eq(cops_character_specialisation(mike, COPS_TIR_EN_RAFALES, 0), "arme de poing");
  int cur, max;
  cops_character_points(mike, COPS_ADRENALINE, &cur, &max);
  ck_assert_int_eq(max, 2);
  cops_character_points(mike, COPS_ANCIENNETE, &cur, &max);
  ck_assert_int_eq(max, 2);
  cops_character_free(mike);
}
END_TEST

#define SHEET(body) "{\"name\":\"X\",\"characteristics\":{\"Carrure\":3,\"Charme\":2," \
  "\"Coordination\":3,\"Éducation\":2,\"Perception\":3,\"Réflexes\":3,\"Sang-froid\":4}" body "}"

static const struct bad_sheet {
  const char *json;
  int code;
  const char *message;
} bad_sheets[] = {
  {"", COPS_EJSON, "line 1, column 0: '[' or '{' expected"},
  {"{\"name\": \"X\",\n \"characteristics\": {", COPS_EJSON,
   "line 2, column 21: string or '}' expected"},
  {"{\"name\": \"X\", }", COPS_EJSON, "line 1, column 15: string or '}' expected"},
  {"[1, 2]", COPS_EJSON, "the sheet: expected a JSON object"},
  {"{\"characteristics\": {}}", COPS_EJSON, "name: missing field"},
  {"{\"name\": 7}", COPS_EJSON, "name: expected a string"},
  {"{\"name\": \"X\"}", COPS_EJSON, "characteristics: missing field"},
  {SHEET(",\"skils\":[]"), COPS_EJSON,
   "skils: unknown field (a tabletop's own data goes in the sheet's \"extra\" object, docs/sheets.md)"},
  {"{\"name\":\"X\",\"characteristics\":{\"Carrure\":3}}", COPS_EJSON,
   "characteristics.Charme: missing field"},
  {"{\"name\":\"X\",\"characteristics\":{\"Carrure\":0}}", COPS_ERANGE,
   "characteristics.Carrure: 0 out of range 1..5"},
  {"{\"name\":\"X\",\"characteristics\":{\"Sang froid\":6}}", COPS_ERANGE,
   "characteristics.Sang froid: 6 out of range 1..5"},
  {"{\"name\":\"X\",\"characteristics\":{\"Force\":3}}", COPS_ENOTFOUND,
   "characteristics.Force: unknown characteristic"},
  {"{\"name\":\"X\",\"characteristics\":{\"Carrure\":\"3\"}}", COPS_EJSON,
   "characteristics.Carrure: expected a whole number"},
  {"{\"name\":\"X\",\"characteristics\":{\"Carrure\":3,\"carrure\":4}}", COPS_EJSON,
   "characteristics.carrure: Carrure appears twice"},
  {SHEET(",\"characteristics\":{}"), COPS_EJSON,
   "line 1, column 146: duplicate object key"},
  {SHEET(",\"skills\":[{\"skill\":\"Arme de plomb\",\"level\":\"5+\"}]"), COPS_ENOTFOUND,
   "skills[0].skill: unknown skill 'Arme de plomb'"},
  {SHEET(",\"skills\":[{\"skill\":\"Jeu\",\"level\":\"1+\"}]"), COPS_ERANGE,
   "skills[0].level: 1+ out of range 2+..9+"},
  {SHEET(",\"skills\":[{\"skill\":\"Jeu\",\"level\":10}]"), COPS_ERANGE,
   "skills[0].level: 10 out of range 2..9"},
  {SHEET(",\"skills\":[{\"skill\":\"Jeu\",\"level\":\"10+\"}]"), COPS_ERANGE,
   "skills[0].level: 10+ out of range 2+..9+"},
  {SHEET(",\"skills\":[{\"skill\":\"Jeu\",\"level\":\" 5+\"}]"), COPS_EJSON,
   "skills[0].level: \" 5+\" is not a level such as \"5+\""},
  {SHEET(",\"skills\":[{\"skill\":\"Jeu\",\"level\":\"+5+\"}]"), COPS_EJSON,
   "skills[0].level: \"+5+\" is not a level such as \"5+\""},
  {SHEET(",\"skills\":[{\"skill\":\"Jeu\",\"level\":\"05+\"}]"), COPS_EJSON,
   "skills[0].level: \"05+\" is not a level such as \"5+\""},
  {SHEET(",\"skills\":[{\"skill\":\"Jeu\",\"level\":\"five\"}]"), COPS_EJSON,
   "skills[0].level: \"five\" is not a level such as \"5+\""},
  {SHEET(",\"skills\":[{\"skill\":\"Jeu\"}]"), COPS_EJSON, "skills[0].level: missing field"},
  {SHEET(",\"skills\":[{\"skill\":\"Conduite\",\"level\":\"4+\"}]"), COPS_ERULE,
   "skills (Conduite): Conduite 4+ needs a specialisation (from 8+: C3)"},
  {SHEET(",\"skills\":[{\"skill\":\"Conduite\",\"level\":\"4+\",\"specialisations\":[\"avion\"]}]"),
   COPS_ENOTFOUND,
   "skills (Conduite): unknown specialisation 'avion' for Conduite (voiture, moto, camion, "
   "chenillé)"},
  {SHEET(",\"skills\":[{\"skill\":\"Conduite\",\"level\":\"4+\",\"specialisations\":\"voiture\"}]"),
   COPS_EJSON, "skills[0].specialisations: expected an array of names"},
  {SHEET(",\"skills\":[{\"skill\":\"Jeu\",\"level\":\"4+\"},{\"skill\":\"jeu\",\"level\":\"5+\"}]"),
   COPS_EJSON, "skills[1].skill: Jeu appears twice"},
  {SHEET(",\"skills\":[{\"skill\":\"Tir en rafales\",\"level\":\"4+\",\"specialisations\":"
         "[\"arme de poing\"]},{\"skill\":\"Arme de poing\",\"level\":\"5+\"}]"),
   COPS_ERULE, "skills (Tir en rafales): Tir en rafales [arme de poing] 4+ would be better than "
   "Arme de poing 5+ (C3: never better than its weapon skill)"},
  {SHEET(",\"skills\":{}"), COPS_EJSON, "skills: expected an array"},
  {SHEET(",\"adrenaline\":{\"max\":3},\"anciennete\":{\"max\":3}"), COPS_ERULE,
   "adrenaline.max + anciennete.max: 3 + 3, at most 5 together (C5)"},
  {SHEET(",\"adrenaline\":{\"max\":2,\"current\":3}"), COPS_ERANGE,
   "adrenaline.current: 3 out of range 0..2"},
  {SHEET(",\"adrenaline\":2"), COPS_EJSON,
   "adrenaline: expected an object {\"max\": N, \"current\": N}"},
  {SHEET(",\"anciennete\":{\"current\":1}"), COPS_EJSON, "anciennete.max: missing field"},
  {SHEET(",\"hit_points\":{\"max\":0}"), COPS_ERANGE, "hit_points.max: 0 out of range 1..999"},
  {SHEET(",\"hit_points\":{\"current\":30}"), COPS_ERANGE,
   "hit_points.current: 30 out of range -29..29"},
  {SHEET(",\"hit_points\":{\"now\":3}"), COPS_EJSON, "hit_points.now: unknown field"},
  {SHEET(",\"schema\":5"), COPS_ERANGE, "schema: 5 out of range 1..4"},
  {SHEET(",\"schema\":3,\"extra\":{}"), COPS_EJSON, "extra: a sheet of schema 4 (0.17.0)"},
  {SHEET(",\"schema\":2,\"relations\":[]"), COPS_EJSON,
   "relations: a sheet of schema 3 (0.11.0)"},
  {SHEET(",\"relations\":{}"), COPS_EJSON, "relations: expected at most 64 relations"},
  {SHEET(",\"relations\":[{\"name\":\"T\",\"kind\":\"friend\",\"level\":2}]"), COPS_EJSON,
   "relations[0].kind: expected \"ally\" or \"informant\""},
  {SHEET(",\"relations\":[{\"name\":\"T\",\"kind\":\"ally\",\"level\":5}]"), COPS_ERANGE,
   "relations[0].level: 5 out of range 1..4"},
  {SHEET(",\"relations\":[{\"name\":\"T\",\"kind\":\"ally\",\"level\":1,\"wage\":1}]"),
   COPS_EJSON, "relations[0].wage: unknown field"},
  {SHEET(",\"relations\":[{\"name\":\"T\",\"kind\":\"ally\",\"level\":1,\"domains\":"
         "[{\"domain\":\"gangs\",\"rating\":2}]}]"),
   COPS_ERANGE, "relations[0].domains[0].rating: 2 out of range -3..1"},
  {SHEET(",\"relations\":[{\"name\":\"T\",\"kind\":\"ally\",\"level\":1,\"domains\":"
         "[{\"domain\":\"gangs\",\"rating\":0},{\"domain\":\"Gangs\",\"rating\":1}]}]"),
   COPS_EJSON, "relations[0].domains[1]: 'Gangs' is rated twice"},
  {SHEET(",\"relations\":[{\"name\":\"A\",\"kind\":\"ally\",\"level\":4},"
         "{\"name\":\"B\",\"kind\":\"ally\",\"level\":4},"
         "{\"name\":\"C\",\"kind\":\"informant\",\"level\":4}]"),
   COPS_ERULE, "relations[2]: X has 2 relations of level 4 already: at most 2 at a time (C9)"},
  {SHEET(",\"relations\":[{\"name\":\"A\",\"kind\":\"ally\",\"level\":1},"
         "{\"name\":\"a\",\"kind\":\"ally\",\"level\":1}]"),
   COPS_EINVAL, "relations[1]: a is on the sheet already"},
  {SHEET(",\"schema\":1,\"time\":5"), COPS_EJSON, "time: a sheet of schema 2 (0.10.0)"},
  {SHEET(",\"time\":-1"), COPS_ERANGE, "time: -1 out of range 0..2000000000"},
  {SHEET(",\"wounds\":{\"bleeding\":{\"period\":1,\"next\":6}}"), COPS_ERULE, "wounds.bleeding: at 29 hit points nobody bleeds (C8.2: 0 to -28)"},
  {SHEET(",\"hit_points\":{\"current\":-3},\"wounds\":{\"bleeding\":{\"period\":5,\"next\":6}}"), COPS_ERANGE, "wounds.bleeding.period: 5 rounds, not 1, 10 or 40 (C8.5)"},
  {SHEET(",\"hit_points\":{\"current\":-3},\"wounds\":{\"bleeding\":{\"period\":1,\"next\":7}}"), COPS_ERANGE, "wounds.bleeding.next: 7 out of range 0..6"},
  {SHEET(",\"wounds\":{\"final\":true}"), COPS_ERULE, "wounds.final: at 29 hit points, not clinically dead (-29: C8.2)"},
  {SHEET(",\"wounds\":{\"stabilised\":[\"stabilise\"]}"), COPS_ERULE, "wounds.stabilised: at 29 hit points there is no wound to stabilise (C8.5)"},
  {SHEET(",\"wounds\":{\"rest\":{\"kind\":\"spa\",\"since\":0}}"), COPS_EJSON, "wounds.rest.kind: expected \"none\", \"natural\" or \"hospital\""},
  {SHEET(",\"wounds\":{\"rest\":{\"kind\":\"natural\",\"since\":0,\"fixed\":5}}"), COPS_EJSON, "wounds.rest.fixed: only a hospital has a fixed gain (C8.6)"},
  {SHEET(",\"time\":700,\"wounds\":{\"ledger\":[{\"time\":50,\"lost\":3}]}"), COPS_ERANGE, "wounds.ledger[0].time: 50 out of range 100..700"},
  {SHEET(",\"time\":700,\"wounds\":{\"ledger\":[{\"time\":650,\"lost\":3},{\"time\":650}]}"), COPS_ERANGE, "wounds.ledger[1].time: 650 out of range 651..700"},
  {SHEET(",\"wounds\":{\"scars\":1}"), COPS_EJSON, "wounds.scars: unknown field"},
};

START_TEST(test_malformed_sheets)
{
  const struct bad_sheet *b = &bad_sheets[_i];
  cops_character *ch = (cops_character *)&ch;
  ck_assert_msg(cops_character_from_json(&ch, ctx, b->json) == b->code, "%s -> %s", b->json,
                cops_ctx_errmsg(ctx));
  ck_assert_str_eq(cops_ctx_errmsg(ctx), b->message);
  ck_assert_ptr_null(ch);
}
END_TEST

START_TEST(test_sheet_files_and_bad_arguments)
{
  cops_character *ch;
  ck_assert_int_eq(cops_character_load(&ch, ctx, "/nonexistent/sheet.json"), COPS_EIO);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "/nonexistent/sheet.json: No such file or directory");
  ck_assert_int_eq(cops_character_load(&ch, ctx, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_character_load(NULL, ctx, "x"), COPS_EINVAL);
  ck_assert_int_eq(cops_character_from_json(&ch, NULL, "{}"), COPS_EINVAL);
  ck_assert_int_eq(cops_character_from_json(&ch, ctx, NULL), COPS_EINVAL);
  /* A truncated file: the error names the file, the line and the column. */
  char path[] = "/tmp/cops-test-sheet-XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  close(fd);
  cops_character *mike = load_sheet("mike.json");
  ck_assert_int_eq(cops_character_save(mike, path), COPS_OK);
  cops_character *back;
  ck_assert_int_eq(cops_character_load(&back, ctx, path), COPS_OK);
  cops_character_free(back);
  FILE *f = fopen(path, "r+");
  ck_assert_int_eq(ftruncate(fileno(f), 100), 0);
  fclose(f);
  ck_assert_int_eq(cops_character_load(&back, ctx, path), COPS_EJSON);
  ck_assert_msg(strstr(cops_ctx_errmsg(ctx), ": line 6, column 16: string or '}' expected") != NULL, "%s",
                cops_ctx_errmsg(ctx));
  unlink(path);
  ck_assert_int_eq(cops_character_save(mike, "/nonexistent/dir/x.json"), COPS_EIO);
  ck_assert_int_eq(cops_character_save(NULL, path), COPS_EINVAL);
  ck_assert_int_eq(cops_character_to_json(mike, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_character_new(NULL, ctx), COPS_EINVAL);
  ck_assert_int_eq(cops_character_new(&ch, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_character_skill(NULL, 0), COPS_EINVAL);
  ck_assert_int_eq(cops_character_skill(mike, 27), COPS_ERANGE);
  ck_assert_int_eq(cops_character_health(NULL), COPS_EINVAL);
  ck_assert_ptr_null(cops_character_name(NULL));
  ck_assert_ptr_null(cops_character_specialisation(mike, COPS_JEU, 0));
  cops_character_free(mike);
  cops_character_free(NULL);
}
END_TEST

static Suite *character_suite(void)
{
  Suite *s = suite_create("character");
  TCase *tc = tcase_create("core");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_c3_catalogue_matches_the_rules);
  tcase_add_test(tc, test_names_parse_in_any_spelling);
  tcase_add_test(tc, test_c2_characteristics_and_default_hit_points);
  tcase_add_test(tc, test_c8_2_health_states);
  tcase_add_test(tc, test_c3_specialisations_and_burst_fire);
  tcase_add_test(tc, test_c5_points);
  tcase_add_test(tc, test_c1_5_worked_examples);
  tcase_add_test(tc, test_character_roll_errors);
  tcase_add_test(tc, test_c8_2_wound_malus);
  tcase_add_test(tc, test_c8_2_who_cannot_act_cannot_roll);
  tcase_add_test(tc, test_c5_adrenaline_and_anciennete_rolls);
  tcase_add_test(tc, test_character_odds);
  tcase_add_test(tc, test_sheets_round_trip_exactly);
  tcase_add_test(tc, test_mike_as_the_issue_describes_him);
  tcase_add_loop_test(tc, test_malformed_sheets, 0,
                      (int)(sizeof bad_sheets / sizeof bad_sheets[0]));
  tcase_add_test(tc, test_sheet_files_and_bad_arguments);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(character_suite)
