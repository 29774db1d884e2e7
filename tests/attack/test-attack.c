/* Attacks under the core rules (COPS.md C6.1-C6.4, C8, C10, C11) with
 * scripted dice: every rule, every error, and the event log. */
#include <stdio.h>

#include "render/render.h"
#include "testutil.h"

static cops_ctx *ctx;
static script dice;
static cops_outcome *out, *zone;
static cops_log *log_;
static cops_roll *roll;
static cops_character *mike, *joe;
static cops_weapon *vulcan, *scorpion, *knife, *club;
static cops_armour *vest;

#define FACES(...) SCRIPT_FACES(&dice, __VA_ARGS__)
/* Every scripted face was drawn, no more, no fewer. */
#define ALL_DRAWN() ck_assert_msg(dice.next == dice.n, "drew %d faces of %d", dice.next, dice.n)

static cops_weapon *gun(int kind, const char *name, int range, int magazine, int ct, int vrc,
                        int vc)
{
  cops_weapon *w;
  ck_assert_int_eq(cops_weapon_new(&w, ctx, kind, name), COPS_OK);
  ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_RANGE, range), COPS_OK);
  if (magazine) {
    ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_MAGAZINE, magazine), COPS_OK);
    ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_LOADED, magazine), COPS_OK);
    ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_CT, ct), COPS_OK);
    ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_VRC, vrc), COPS_OK);
    ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_VC, vc), COPS_OK);
  }
  return w;
}

static void setup(void)
{
  ctx = SCRIPT(&dice, 1);
  dice.n = 0;
  ck_assert_int_eq(cops_outcome_new(&out), COPS_OK);
  ck_assert_int_eq(cops_outcome_new(&zone), COPS_OK);
  ck_assert_int_eq(cops_log_new(&log_, ctx), COPS_OK);
  ck_assert_int_eq(cops_roll_new(&roll), COPS_OK);
  /* Mike: Carrure 3, Coordination 3, Réflexes 5, Sang-froid 2; Arme de poing 5+. */
  mike = fighter(ctx, "Mike", 3, 3, 5, 2);
  ck_assert_int_eq(cops_character_set_skill(mike, COPS_ARME_DE_POING, 5, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(mike, COPS_TIR_EN_RAFALES, 6, "arme de poing"),
                   COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(mike, COPS_CORPS_A_CORPS, 6, "coups"), COPS_OK);
  ck_assert_int_eq(cops_character_add_specialisation(mike, COPS_CORPS_A_CORPS,
                                                     "immobilisations"), COPS_OK);
  ck_assert_int_eq(cops_character_add_specialisation(mike, COPS_CORPS_A_CORPS, "projections"),
                   COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(mike, COPS_ARME_DE_CONTACT, 5, "couteau"), COPS_OK);
  /* Joe: Carrure 3 (29 hit points), Coordination 2, Réflexes 3, Sang-froid 2. */
  joe = fighter(ctx, "Joe", 3, 2, 3, 2);
  ck_assert_int_eq(cops_character_set_skill(joe, COPS_CORPS_A_CORPS, 6, "coups"), COPS_OK);
  ck_assert_int_eq(cops_character_add_specialisation(joe, COPS_CORPS_A_CORPS,
                                                     "immobilisations"), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(joe, COPS_ARME_DE_CONTACT, 6, "matraque"),
                   COPS_OK);
  vulcan = gun(COPS_HANDGUN, "Vulcan 051", 20, 12, 2, 0, 0);
  scorpion = gun(COPS_HANDGUN, "Scorpion 131", 25, 30, 3, 3, 3);
  ck_assert_int_eq(cops_weapon_new(&knife, ctx, COPS_BLADE, "Couteau 021"), COPS_OK);
  ck_assert_int_eq(cops_weapon_set_skill(knife, COPS_ARME_DE_CONTACT, "couteau"), COPS_OK);
  ck_assert_int_eq(cops_weapon_new(&club, ctx, COPS_BLUNT, "Matraque 012"), COPS_OK);
  ck_assert_int_eq(cops_armour_new(&vest, ctx, "Gilet"), COPS_OK);
  cops_armour_set(vest, COPS_LOC_TORSO, 2, 1);
  cops_armour_set(vest, COPS_LOC_ABDOMEN, 2, 1);
}

static void teardown(void)
{
  cops_character_free(mike);
  cops_character_free(joe);
  cops_weapon_free(vulcan);
  cops_weapon_free(scorpion);
  cops_weapon_free(knife);
  cops_weapon_free(club);
  cops_armour_free(vest);
  cops_roll_free(roll);
  cops_log_free(log_);
  cops_outcome_free(out);
  cops_outcome_free(zone);
  cops_ctx_free(ctx);
}

/* A shot of Mike at Joe with the Vulcan at d metres. */
static cops_situation shot(int mode, cops_weapon *w, int distance)
{
  cops_situation s;
  ck_assert_int_eq(cops_situation_init(&s, mode), COPS_OK);
  s.attacker = mike;
  s.target = joe;
  s.weapon = w;
  s.distance = distance;
  return s;
}

static int hp(const cops_character *c)
{
  int v;
  ck_assert_int_eq(cops_character_hp(c, &v), COPS_OK);
  return v;
}

static int loaded(const cops_weapon *w)
{
  int v;
  ck_assert_int_eq(cops_weapon_get(w, COPS_WEAPON_LOADED, &v), COPS_OK);
  return v;
}

static cops_hit hit_at(int i)
{
  cops_hit h;
  h.size = sizeof h;
  ck_assert_int_eq(cops_outcome_hit(out, i, &h), COPS_OK);
  return h;
}

static cops_victim victim_at(const cops_outcome *o, int i)
{
  cops_victim v;
  v.size = sizeof v;
  ck_assert_int_eq(cops_outcome_victim(o, i, &v), COPS_OK);
  return v;
}

static const cops_roll *attack_roll(void)
{
  return cops_outcome_roll(out, COPS_OUTCOME_ATTACK);
}

/* Expect an error code, a message containing text, and no die drawn. */
static void expect_error(const cops_situation *s, int code, const char *text)
{
  const int before = dice.next;
  ck_assert_int_eq(cops_attack(out, s, log_), code);
  ck_assert_msg(strstr(cops_ctx_errmsg(ctx), text), "message '%s' lacks '%s'",
                cops_ctx_errmsg(ctx), text);
  ck_assert_int_eq(dice.next, before);
  ck_assert_int_eq(cops_outcome_mode(out), COPS_ESTATE);
}

/* C10.1-C10.4, C8.1-C8.3: one whole shot, die by die. */
START_TEST(test_c10_single_shot_whole)
{
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  s.armour = vest;
  /* to hit 5+/3 (1): 5 6 2; location 6 torso; PU 5d6 3 4 2 6 1 = 16; vest 2d6 3 2 + 1 = 6;
   * torso 2d6 5 4 = 9: 16 - 6 + 9 = 19 (lasting). 29 -> 10, below half: stopping 6+/3-1
   * (FA 1 + 2) 7 8: 2 successes of 3, shaken. */
  FACES(5, 6, 2, 6, 3, 4, 2, 6, 1, 3, 2, 5, 4, 7, 8);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_outcome_mode(out), COPS_ATTACK_SINGLE);
  ck_assert_int_eq(cops_outcome_hit_target(out), 1);
  ck_assert_int_eq(cops_outcome_possible(out), 1);
  int m, fired, hits;
  ck_assert_int_eq(cops_outcome_margin(out, &m), COPS_OK);
  ck_assert_int_eq(m, 1);
  ck_assert_int_eq(cops_outcome_bullets(out, &fired, &hits), COPS_OK);
  ck_assert_int_eq(fired, 1);
  ck_assert_int_eq(hits, 1);
  ck_assert_int_eq(cops_roll_pool_size(attack_roll()), 3);
  ck_assert_int_eq(cops_roll_threshold(attack_roll()), 5);
  ck_assert_int_eq(cops_roll_difficulty(attack_roll()), 1);
  ck_assert_int_eq(cops_outcome_hit_count(out), 1);
  cops_hit h = hit_at(0);
  ck_assert_int_eq(h.victim, 0);
  ck_assert_int_eq(h.die, 6);
  ck_assert_int_eq(h.location, COPS_ZONE_TORSO);
  ck_assert_int_eq(h.modifier, 2);
  ck_assert_int_eq(h.raw, 16);
  ck_assert_int_eq(h.protection, 6);
  ck_assert_int_eq(h.bonus, 9);
  ck_assert_int_eq(h.damage, 19);
  ck_assert_int_eq(h.stopped, 0);
  ck_assert_int_eq(cops_outcome_victim_count(out), 1);
  cops_victim v = victim_at(out, 0);
  ck_assert_ptr_eq(v.who, joe);
  ck_assert_int_eq(v.damage, 19);
  ck_assert_int_eq(v.lasting, 1);
  ck_assert_int_eq(v.hp_before, 29);
  ck_assert_int_eq(v.hp_after, 10);
  ck_assert_int_eq(v.health_before, COPS_HEALTHY);
  ck_assert_int_eq(v.health_after, COPS_BELOW_HALF);
  ck_assert_int_eq(v.stopping, COPS_STOP_SHAKEN);
  ck_assert_int_eq(v.stopping_difficulty, 3);
  ck_assert_int_eq(hp(joe), 10);
  const cops_roll *st = cops_outcome_roll(out, COPS_OUTCOME_STOPPING);
  ck_assert_int_eq(cops_roll_pool_size(st), 2);   /* Carrure 3, -1 die below half */
  ck_assert_int_eq(cops_roll_difficulty(st), 3);
  const unsigned want = COPS_COND_SHAKEN | COPS_COND_NO_NEGATIVE_INITIATIVE |
                        COPS_COND_LASTING_WOUND;
  ck_assert_uint_eq(v.conditions, want);
  ck_assert_int_eq(cops_character_conditions(joe), (int)want);
  ck_assert_int_eq(loaded(vulcan), 11);
}
END_TEST

/* C10.1: characteristic + initiative + attitude + PR + 1 point-blank (< 2 m). */
START_TEST(test_c10_1_dice)
{
  cops_situation s = shot(COPS_ATTACK_SINGLE, scorpion, 1);   /* PR 1 */
  s.initiative = 2;
  s.attitude = COPS_ULTRA_VIOLENT;
  /* 3 + 2 + 2 + 1 + 1 = 9 dice, all failures. */
  FACES(1, 1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_roll_pool_size(attack_roll()), 9);
  ck_assert_int_eq(cops_outcome_hit_target(out), 0);
  /* At 2 m no point-blank die; initiative -2, Planqué: 3 - 2 - 2 + 1 = 0 dice. */
  s.distance = 2;
  s.initiative = -2;
  s.attitude = COPS_PLANQUE;
  FACES(1);
  dice.n = 0;
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ck_assert_int_eq(dice.next, 0);
  ck_assert_int_eq(cops_outcome_possible(out), 0);
  ck_assert_int_eq(cops_outcome_hit_target(out), 0);
  int m;
  ck_assert_int_eq(cops_outcome_margin(out, &m), COPS_ESTATE);
  ck_assert_int_eq(cops_roll_kind(attack_roll()), COPS_ROLL_NONE);
  ck_assert_int_eq(loaded(scorpion), 28);   /* the round is still fired */
  cops_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  const int n = cops_log_count(log_);
  ck_assert_int_eq(cops_log_event(log_, n - 1, &e), COPS_OK);
  ck_assert_int_eq(e.type, COPS_EV_STRAY);   /* the round fired hits nobody (C10.8) */
  ck_assert_int_eq(e.stray, 1);
  ck_assert_int_eq(cops_log_event(log_, n - 2, &e), COPS_OK);
  ck_assert_int_eq(e.type, COPS_EV_MISS);
  ck_assert_int_eq(e.reason, COPS_MISS_NO_DICE);
}
END_TEST

/* C10.2: range bands, the target's defence, GM factors, the minimum of 1. */
START_TEST(test_c10_2_difficulty)
{
  static const struct {
    int distance, target_attitude, gm, difficulty;
  } cases[] = {
    {1, 0, 0, 1}, {9, 0, 0, 1}, {10, 0, 0, 2}, {20, 0, 0, 2}, {21, 0, 0, 3}, {40, 0, 0, 3},
    {5, COPS_PLANQUE, 0, 3}, {5, COPS_PRUDENT, 0, 2}, {15, COPS_AGRESSIF, 0, 1},
    {5, COPS_ULTRA_VIOLENT, 0, 1}, {30, COPS_ULTRA_VIOLENT, 0, 1}, {30, 0, 2, 5},
    {5, 0, -3, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, cases[i].distance);
    s.target_attitude = cases[i].target_attitude;
    s.difficulty_mod = cases[i].gm;
    const int pool = cases[i].distance < 2 ? 4 : 3;
    FACES(1, 1, 1, 1);
    dice.n = pool;
    ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
    ck_assert_msg(cops_roll_difficulty(attack_roll()) == cases[i].difficulty,
                  "case %zu: difficulty %d, expected %d", i,
                  cops_roll_difficulty(attack_roll()), cases[i].difficulty);
    cops_weapon_reload(vulcan);
  }
  /* Beyond twice the range: no roll, a miss, the round fired. */
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 41);
  FACES(1);
  dice.n = 0;
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ck_assert_int_eq(dice.next, 0);
  ck_assert_int_eq(cops_outcome_possible(out), 0);
  ck_assert_int_eq(loaded(vulcan), 11);
  cops_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  ck_assert_int_eq(cops_log_event(log_, cops_log_count(log_) - 2, &e), COPS_OK);
  ck_assert_int_eq(e.type, COPS_EV_MISS);
  ck_assert_int_eq(e.reason, COPS_MISS_OUT_OF_RANGE);
  /* A weapon of range 5: 7 m is past its range though under 10 m: difficulty 3. */
  cops_weapon *derringer = gun(COPS_HANDGUN, "Derringer 031", 5, 2, 1, 0, 0);
  s = shot(COPS_ATTACK_SINGLE, derringer, 7);
  FACES(1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_difficulty(attack_roll()), 3);
  cops_weapon_free(derringer);
}
END_TEST

/* C10.3: every location face, its zone and modifier, in the hit and the damage dice. */
START_TEST(test_c10_3_each_location)
{
  static const int zones[11] = {0, COPS_ZONE_LEGS, COPS_ZONE_LEGS, COPS_ZONE_ABDOMEN,
                               COPS_ZONE_ABDOMEN, COPS_ZONE_TORSO, COPS_ZONE_TORSO,
                               COPS_ZONE_TORSO, COPS_ZONE_ARMS, COPS_ZONE_ARMS, COPS_ZONE_HEAD};
  static const int mod[11] = {0, 0, 0, 1, 1, 2, 2, 2, 0, 0, 3};
  for (int f = 1; f <= 10; f++) {
    cops_character_set_hp(joe, 29);
    cops_character_set_conditions(joe, COPS_COND_ALL & ~COPS_COND_OUT, 0);
    cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
    /* hit 9 9 9; location f; PU 5 x 1; location dice mod x 1; stopping 3 x 6. */
    int faces[32], n = 0;
    faces[n++] = 9, faces[n++] = 9, faces[n++] = 9, faces[n++] = f;
    for (int i = 0; i < 5; i++)
      faces[n++] = 1;
    for (int i = 0; i < mod[f]; i++)
      faces[n++] = 1;
    for (int i = 0; i < 3; i++)
      faces[n++] = 6;
    script_faces(&dice, n, faces);
    ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
    ALL_DRAWN();
    cops_hit h = hit_at(0);
    ck_assert_int_eq(h.location, zones[f]);
    ck_assert_int_eq(h.modifier, mod[f]);
    ck_assert_int_eq(h.damage, 5 + mod[f]);
    ck_assert_int_eq(cops_zone_of_die(f), zones[f]);
    ck_assert_int_eq(cops_zone_modifier(zones[f]), mod[f]);
    cops_victim v = victim_at(out, 0);
    ck_assert_int_eq(v.stopping_difficulty, 1 + mod[f]);
    cops_weapon_reload(vulcan);
  }
  ck_assert_int_eq(cops_zone_of_die(0), COPS_ERANGE);
  ck_assert_int_eq(cops_zone_of_die(11), COPS_ERANGE);
  ck_assert_int_eq(cops_zone_modifier(5), COPS_ERANGE);
  ck_assert_str_eq(cops_zone_name(COPS_ZONE_HEAD, COPS_LANG_FR), "tête");
  ck_assert_str_eq(cops_zone_name(COPS_ZONE_TORSO, COPS_LANG_EN), "torso");
  ck_assert_ptr_null(cops_zone_name(-1, 0));
}
END_TEST

/* C8.1: armour that stops everything: no location dice, no damage; the
 * stopping-power roll still happens (the impact, 000 §10). */
START_TEST(test_c8_1_armour_stops_everything)
{
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  s.armour = vest;
  /* hit 9; location 10? no: 5 torso; PU 1 1 1 1 1 = 5; vest 6 6 + 1 = 13: stopped;
   * stopping 6+/3 (1 + 2): 6 6 6. */
  FACES(9, 9, 9, 5, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  cops_hit h = hit_at(0);
  ck_assert_int_eq(h.stopped, 1);
  ck_assert_int_eq(h.damage, 0);
  ck_assert_int_eq(h.bonus, 0);
  ck_assert_int_eq(h.protection, 13);
  ck_assert_int_eq(hp(joe), 29);
  cops_victim v = victim_at(out, 0);
  ck_assert_int_eq(v.stopping, COPS_STOP_STEADY);
  ck_assert_uint_eq(v.conditions, COPS_COND_NO_NEGATIVE_INITIATIVE);
  /* No location roll in the log. */
  for (int i = 0; i < cops_log_count(log_); i++) {
    cops_event e;
    memset(&e, 0, sizeof e);
    e.size = sizeof e;
    cops_log_event(log_, i, &e);
    ck_assert(!(e.type == COPS_EV_ROLL && e.purpose == COPS_PURPOSE_LOCATION));
  }
}
END_TEST

/* C10.4: the three stopping outcomes, and the recovery rolls later. */
START_TEST(test_c10_4_stopping_and_recovery)
{
  /* Legs (mod 0), 5 damage: difficulty FA 1. Joe's Carrure 3 > Sang-froid 2. */
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  FACES(9, 9, 9, 1, 1, 1, 1, 1, 1, 2, 3, 6);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(victim_at(out, 0).stopping, COPS_STOP_STEADY);
  cops_character_set_conditions(joe, COPS_COND_ALL & ~COPS_COND_OUT, 0);
  /* Head (mod 3): difficulty 4; 6 6 1: shaken. */
  FACES(9, 9, 9, 10, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(victim_at(out, 0).stopping, COPS_STOP_SHAKEN);
  ck_assert_int_eq(cops_character_conditions(joe),
                   COPS_COND_SHAKEN | COPS_COND_NO_NEGATIVE_INITIATIVE);
  /* Torso (mod 2): difficulty 3; no success: out of the fight. Sang-froid chosen. */
  cops_character_set_hp(joe, 29);
  s.target_stopping = COPS_SANG_FROID;
  FACES(9, 9, 9, 6, 1, 1, 1, 1, 1, 1, 1, 1, 2);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  cops_victim v = victim_at(out, 0);
  ck_assert_int_eq(v.stopping, COPS_STOP_OUT);
  ck_assert_int_eq(cops_roll_pool_size(cops_outcome_roll(out, COPS_OUTCOME_STOPPING)), 2);
  ck_assert(cops_character_conditions(joe) & COPS_COND_OUT);
  int difficulty, rounds;
  ck_assert_int_eq(cops_character_recovery(joe, &difficulty, &rounds), COPS_OK);
  ck_assert_int_eq(difficulty, 3);
  ck_assert_int_eq(rounds, 0);
  /* Out of the fight: cannot attack. */
  cops_situation back = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  back.attacker = joe;
  back.target = mike;
  expect_error(&back, COPS_ERULE, "out of the fight");
  /* Recovery: difficulty 3 - 1 = 2 the first later round; 6+/3: one success fails. */
  int recovered;
  FACES(6, 1, 1);
  ck_assert_int_eq(cops_recovery_roll(roll, joe, -1, log_, &recovered), COPS_OK);
  ck_assert_int_eq(recovered, 0);
  ck_assert_int_eq(cops_roll_difficulty(roll), 2);
  /* Second round: difficulty 1; one success recovers. */
  FACES(6, 1, 1);
  ck_assert_int_eq(cops_recovery_roll(roll, joe, -1, log_, &recovered), COPS_OK);
  ck_assert_int_eq(cops_roll_difficulty(roll), 1);
  ck_assert_int_eq(recovered, 1);
  ck_assert(!(cops_character_conditions(joe) & COPS_COND_OUT));
  ck_assert_int_eq(cops_recovery_roll(roll, joe, -1, log_, &recovered), COPS_ESTATE);
  ck_assert_int_eq(cops_recovery_roll(roll, joe, COPS_CHARME, log_, &recovered), COPS_EINVAL);
}
END_TEST

/* C8.2: unconscious and dying targets roll no stopping power; dead ones cannot be attacked. */
START_TEST(test_c8_2_down_and_dead)
{
  cops_character_set_hp(joe, 3);
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  FACES(9, 9, 9, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  cops_victim v = victim_at(out, 0);
  ck_assert_int_eq(v.hp_after, -2);
  ck_assert_int_eq(v.health_after, COPS_DYING);
  ck_assert_int_eq(v.stopping, COPS_STOP_NONE);
  ck_assert_int_eq(cops_roll_kind(cops_outcome_roll(out, COPS_OUTCOME_STOPPING)), COPS_ROLL_NONE);
  cops_character_set_hp(joe, -29);
  expect_error(&s, COPS_ERULE, "dead");
  /* A dying attacker cannot act. */
  cops_character_set_hp(joe, 29);
  cops_character_set_hp(mike, 0);
  expect_error(&s, COPS_ERULE, "cannot act");
}
END_TEST

/* C10.6: a burst puts 1 + MR bullets in, up to VRC, locations chained past 10 miss. */
START_TEST(test_c10_6_burst_chain_past_ten)
{
  cops_situation s = shot(COPS_ATTACK_BURST, scorpion, 5);   /* PR 1: 4 dice */
  /* Tir en rafales 6+/4 (1): 6 6 7 1 = 3 successes, MR 2: 3 bullets (VRC 3).
   * Location 9 (arms), then 10 (head), then 11: missed. */
  /* Scorpion 131: PU 3. Arms: 3d6 1 1 1; head: 3d6 1 1 1 + 3d6 1 1 1; stopping 6 6 6. */
  FACES(6, 6, 7, 1, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_roll_threshold(attack_roll()), 6);   /* the burst skill */
  int fired, hits;
  cops_outcome_bullets(out, &fired, &hits);
  ck_assert_int_eq(fired, 3);
  ck_assert_int_eq(hits, 2);
  ck_assert_int_eq(loaded(scorpion), 27);
  ck_assert_int_eq(cops_outcome_hit_count(out), 2);
  ck_assert_int_eq(hit_at(0).die, 9);
  ck_assert_int_eq(hit_at(0).location, COPS_ZONE_ARMS);
  ck_assert_int_eq(hit_at(1).die, 10);
  ck_assert_int_eq(hit_at(1).location, COPS_ZONE_HEAD);
  ck_assert_int_eq(hit_at(1).damage, 6);
  /* One stopping roll at the worst location: FA 1 + 3. */
  ck_assert_int_eq(victim_at(out, 0).stopping_difficulty, 4);
  ck_assert_int_eq(victim_at(out, 0).damage, 3 + 6);
  int past = 0;
  for (int i = 0; i < cops_log_count(log_); i++) {
    cops_event e;
    memset(&e, 0, sizeof e);
    e.size = sizeof e;
    cops_log_event(log_, i, &e);
    if (e.type == COPS_EV_MISS && e.reason == COPS_MISS_PAST_TEN) {
      past++;
      ck_assert_int_eq(e.bullet, 3);
    }
  }
  ck_assert_int_eq(past, 1);
  /* C10.8: the bullet past 10 is a stray one. */
  int stray = 0;
  for (int i = 0; i < cops_log_count(log_); i++) {
    cops_event e;
    memset(&e, 0, sizeof e);
    e.size = sizeof e;
    cops_log_event(log_, i, &e);
    if (e.type == COPS_EV_STRAY) {
      stray++;
      ck_assert_int_eq(e.stray, 1);
      ck_assert_int_eq(e.fired, 3);
    }
    ck_assert(e.type != COPS_EV_PENETRATION);   /* no threshold set */
  }
  ck_assert_int_eq(stray, 1);
  /* MR 5 still puts only VRC = 3 bullets in. */
  cops_character_set_hp(joe, 29);
  /* Legs, legs, abdomen: 3 + 3 + 3 + 1 d6. */
  FACES(6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6);
  s.difficulty_mod = -5;   /* difficulty stays 1 (RULING), 4 successes: MR 3 */
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  cops_outcome_bullets(out, &fired, &hits);
  ck_assert_int_eq(hits, 3);
  /* With 2 rounds left, the burst fires 2. */
  cops_weapon_set(scorpion, COPS_WEAPON_LOADED, 2);
  FACES(1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  cops_outcome_bullets(out, &fired, &hits);
  ck_assert_int_eq(fired, 2);
  ck_assert_int_eq(loaded(scorpion), 0);
}
END_TEST

/* C10.7: several shots; the nth takes -n dice; CT is the limit. */
START_TEST(test_c10_7_several_shots)
{
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);   /* CT 2, 3 dice */
  s.several = 1;
  FACES(1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(attack_roll()), 2);   /* first: -1 */
  s.shots_fired = 1;
  FACES(1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(attack_roll()), 1);   /* second: -2 */
  s.shots_fired = 2;
  expect_error(&s, COPS_ERULE, "at most 2 (CT");
  ck_assert_int_eq(loaded(vulcan), 10);
}
END_TEST

/* C6.3: moving up to 5 m is free, up to 10 m costs a die, more is a chase. */
START_TEST(test_c6_3_movement)
{
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  s.movement = 5;
  FACES(1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(attack_roll()), 3);
  s.movement = 10;
  FACES(1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(attack_roll()), 2);
  s.movement = 11;
  expect_error(&s, COPS_ERULE, "chase");
  s.movement = -1;
  expect_error(&s, COPS_EINVAL, "negative");
}
END_TEST

/* C10.5: +2 dice, difficulty VC, the whole magazine; nerve; entering the zone. */
START_TEST(test_c10_5_covering_fire)
{
  cops_situation s = shot(COPS_ATTACK_COVER, scorpion, 0);
  s.target = NULL;
  /* 3 + 1 (PR) + 2 = 6 dice at 5+, difficulty VC 3: 5 5 5 5 1 1: MR 1. */
  FACES(5, 5, 5, 5, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_roll_pool_size(attack_roll()), 6);
  ck_assert_int_eq(cops_roll_difficulty(attack_roll()), 3);
  int fired;
  cops_outcome_bullets(out, &fired, NULL);
  ck_assert_int_eq(fired, 30);
  ck_assert_int_eq(loaded(scorpion), 0);
  /* Joe's nerve: 6+/Sang-froid 2 (3) fails: pinned. */
  int steady;
  FACES(6, 6);
  ck_assert_int_eq(cops_cover_nerve(roll, joe, log_, &steady), COPS_OK);
  ck_assert_int_eq(steady, 0);
  ck_assert_int_eq(cops_roll_difficulty(roll), 3);
  ck_assert(cops_character_conditions(joe) & COPS_COND_PINNED);
  /* Joe (Ultra-violent) enters anyway: (1 + 1) + 2 = 4 d10; two 10s: two bullets. */
  /* Torso: 3d6 1 1 1 + 2d6 1 1 = 5; legs: 3d6 2 1 1 = 4; stopping FA 1 + 2: 6 6 6. */
  FACES(10, 3, 10, 9, 5, 1, 1, 1, 1, 1, 1, 2, 1, 1, 6, 6, 6);
  ck_assert_int_eq(cops_cover_enter(zone, out, joe, NULL, COPS_ULTRA_VIOLENT, log_), COPS_OK);
  ALL_DRAWN();
  const cops_roll *d10 = cops_outcome_roll(zone, COPS_OUTCOME_COVER_HITS);
  ck_assert_int_eq(cops_roll_count(d10), 4);     /* 10s are not re-rolled */
  ck_assert_int_eq(cops_roll_successes(d10), 2);
  int hits;
  cops_outcome_bullets(zone, NULL, &hits);
  ck_assert_int_eq(hits, 2);
  ck_assert_int_eq(cops_outcome_hit_count(zone), 2);
  cops_victim v = victim_at(zone, 0);
  ck_assert_int_eq(v.damage, 5 + 4);
  ck_assert_int_eq(v.stopping, COPS_STOP_STEADY);
  ck_assert_int_eq(v.stopping_difficulty, 1 + 2);
}
END_TEST

/* C10.5: the d10 are never more than the bullets fired; a failed cover gives none. */
START_TEST(test_c10_5_cover_dice_cap)
{
  cops_weapon *smg = gun(COPS_HANDGUN, "Uzi 121", 20, 4, 4, 0, 1);   /* 4 rounds, VC 1 */
  cops_situation s = shot(COPS_ATTACK_COVER, smg, 0);
  s.target = NULL;
  /* 3 + 1 + 2 = 6 dice, difficulty 1: six successes, MR 5: 6 d10 + 2, capped at 4. */
  FACES(9, 9, 9, 9, 9, 9);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  FACES(1, 1, 1, 1);
  ck_assert_int_eq(cops_cover_enter(zone, out, joe, NULL, COPS_ULTRA_VIOLENT, NULL), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_roll_count(cops_outcome_roll(zone, COPS_OUTCOME_COVER_HITS)), 4);
  ck_assert_int_eq(cops_outcome_hit_target(zone), 0);
  /* Fewer than 4 rounds: no covering fire. */
  cops_weapon_set(smg, COPS_WEAPON_LOADED, 3);
  expect_error(&s, COPS_ERULE, "at least 4 rounds");
  cops_weapon_reload(smg);
  /* A failed covering fire: no d10 at all. */
  FACES(1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();   /* no face left: any d10 drawn would fail with COPS_ERNG */
  ck_assert_int_eq(cops_cover_enter(zone, out, joe, NULL, COPS_AGRESSIF, NULL), COPS_OK);
  ck_assert_int_eq(cops_outcome_hit_target(zone), 0);
  /* Only a covering-fire outcome makes a zone. */
  ck_assert_int_eq(cops_cover_enter(zone, zone, joe, NULL, 0, NULL), COPS_EINVAL);
  cops_situation one = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  FACES(1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &one, NULL), COPS_OK);
  ck_assert_int_eq(cops_cover_enter(zone, out, joe, NULL, 0, NULL), COPS_EINVAL);
  /* No VC: no covering fire. */
  s.weapon = vulcan;
  expect_error(&s, COPS_ERULE, "no covering-fire value");
  s.weapon = smg;
  cops_weapon_reload(smg);
  s.several = 1;
  expect_error(&s, COPS_ERULE, "whole action");
  cops_weapon_free(smg);
}
END_TEST

/* A melee fight of Mike (knife) against Joe (club). */
static cops_situation melee(int mode, cops_weapon *w, cops_weapon *tw)
{
  cops_situation s;
  ck_assert_int_eq(cops_situation_init(&s, mode), COPS_OK);
  s.attacker = mike;
  s.target = joe;
  s.weapon = w;
  s.target_weapon = tw;
  s.distance = 1;
  return s;
}

/* C11: opposed; one more success hits with the difference as margin. */
START_TEST(test_c11_melee_winner)
{
  cops_weapon_set(knife, COPS_WEAPON_PU, 2);
  cops_weapon_set(knife, COPS_WEAPON_FA, 1);
  cops_situation s = melee(COPS_ATTACK_MELEE, knife, club);
  s.attitude = COPS_AGRESSIF;
  s.target_attitude = COPS_PRUDENT;
  /* Mike: Arme de contact [couteau] 5+ / Réflexes 5 + 1 = 6 dice: 5 5 5 1 1 1 (3).
   * Joe: 6+ / Réflexes 3 - 1 = 2 dice: 6 1 (1). Mike hits, margin 2.
   * Location 3 (abdomen): PU 2d6 1 1, abdomen 1d6 1: 3. Stopping FA 1 + 1 = 2: 6 6 6. */
  FACES(5, 5, 5, 1, 1, 1, 6, 1, 3, 1, 1, 1, 6, 6, 6);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_roll_pool_size(attack_roll()), 6);
  ck_assert_int_eq(cops_roll_pool_size(cops_outcome_roll(out, COPS_OUTCOME_DEFENCE)), 2);
  int m;
  cops_outcome_margin(out, &m);
  ck_assert_int_eq(m, 2);
  ck_assert_int_eq(cops_outcome_hit_target(out), 1);
  ck_assert_int_eq(cops_outcome_victim_count(out), 1);
  ck_assert_int_eq(hp(joe), 29 - 3);
  ck_assert_int_eq(hp(mike), 29);
  /* Joe wins: only Joe's club lands (Matraque 012: PU 0, FA 1... 012 is PR 0 PU 1 FA 2). */
  cops_character_set_hp(joe, 29);
  s.attitude = COPS_NORMAL;
  s.target_attitude = COPS_NORMAL;
  /* Mike 5 dice 1 1 1 1 1 (0); Joe 3 dice 6 6 1 (2). Location 1 legs: PU 1d6 4.
   * Mike's stopping FA 2 + 0: 6+/Carrure 3: 6 6 1. */
  FACES(1, 1, 1, 1, 1, 6, 6, 1, 1, 4, 6, 6, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_outcome_hit_target(out), 0);
  cops_outcome_margin(out, &m);
  ck_assert_int_eq(m, -2);
  ck_assert_int_eq(hp(mike), 29 - 4);
  ck_assert_int_eq(hp(joe), 29);
  cops_victim v = victim_at(out, 0);
  ck_assert_ptr_eq(v.who, mike);
  ck_assert_int_eq(v.stopping_difficulty, 2);
  ck_assert_int_eq(hit_at(0).victim, 1);
  ck_assert_int_eq(cops_roll_kind(cops_outcome_roll(out, COPS_OUTCOME_STOPPING_BACK)),
                   COPS_ROLL_ACTION);
}
END_TEST

/* C11: equal successes, at least one each: both hit; none each: nobody. */
START_TEST(test_c11_melee_tie)
{
  cops_weapon_set(knife, COPS_WEAPON_PU, 1);
  cops_weapon_set(knife, COPS_WEAPON_FA, 0);
  cops_situation s = melee(COPS_ATTACK_MELEE, knife, club);
  /* Mike 5 dice: 5 1 1 1 1 (1). Joe 3 dice: 6 1 1 (1). Both hit, margin 0.
   * Mike on Joe: location 1, PU 1d6 2. Joe on Mike: location 2, PU 1d6 3.
   * Stopping: Joe FA 0 + 0 -> difficulty 0: 1 1 1; Mike FA 2: 6 6 1. */
  FACES(5, 1, 1, 1, 1, 6, 1, 1, 1, 2, 2, 3, 1, 1, 1, 6, 6, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_outcome_victim_count(out), 2);
  ck_assert_int_eq(hp(joe), 27);
  ck_assert_int_eq(hp(mike), 26);
  ck_assert_int_eq(victim_at(out, 0).stopping, COPS_STOP_STEADY);  /* difficulty 0 */
  ck_assert_int_eq(victim_at(out, 1).stopping, COPS_STOP_STEADY);
  /* Both 0: nobody hits. */
  FACES(1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_outcome_victim_count(out), 0);
  ck_assert_int_eq(cops_outcome_hit_count(out), 0);
}
END_TEST

/* C11: reach, weapons of the wrong kind, no initiative in melee. */
START_TEST(test_c11_melee_errors)
{
  cops_situation s = melee(COPS_ATTACK_MELEE, knife, NULL);
  s.distance = 2;
  expect_error(&s, COPS_ERULE, "beyond the attacker's reach of 1 m");
  s.distance = 1;
  s.initiative = 1;
  expect_error(&s, COPS_EINVAL, "melee has none");
  s.initiative = 0;
  s.weapon = vulcan;
  expect_error(&s, COPS_EINVAL, "blade or a blunt weapon");
  s = melee(COPS_ATTACK_STRIKE, knife, NULL);
  expect_error(&s, COPS_EINVAL, "bare-handed");
  s = melee(COPS_ATTACK_SINGLE, knife, NULL);
  expect_error(&s, COPS_EINVAL, "no single");
  s = melee(COPS_ATTACK_MELEE, knife, NULL);
  s.target_mode = COPS_ATTACK_BURST;
  expect_error(&s, COPS_EINVAL, "fights back");
}
END_TEST

/* C11.1 Coups: Carrure in points, the modifier as points, armour's fixed part only,
 * FA 1, 2 to the head. */
START_TEST(test_c11_1_strike)
{
  cops_armour *helmet;
  ck_assert_int_eq(cops_armour_new(&helmet, ctx, "Casque"), COPS_OK);
  cops_armour_set(helmet, COPS_LOC_HEAD, 3, 1);
  cops_situation s = melee(COPS_ATTACK_STRIKE, NULL, NULL);
  s.armour = helmet;
  /* Mike Corps à corps [coups] 6+ / Réflexes 5: 6 6 1 1 1 (2); Joe strikes back 6+/3:
   * 1 1 1 (0). Location 10 head: 3 (Carrure) - 1 (fixed, no dice) + 3 points = 5.
   * Stopping FA 2 + 3 = 5: 6 6 6. */
  FACES(6, 6, 1, 1, 1, 1, 1, 1, 10, 6, 6, 6);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  cops_hit h = hit_at(0);
  ck_assert_int_eq(h.location, COPS_ZONE_HEAD);
  ck_assert_int_eq(h.raw, 3);
  ck_assert_int_eq(h.protection, 1);
  ck_assert_int_eq(h.bonus, 3);
  ck_assert_int_eq(h.damage, 5);
  ck_assert_int_eq(victim_at(out, 0).stopping_difficulty, 5);
  ck_assert_int_eq(victim_at(out, 0).stopping, COPS_STOP_SHAKEN);
  /* Legs: 3 + 0, FA 1. */
  FACES(6, 6, 1, 1, 1, 1, 1, 1, 2, 6, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(hit_at(0).damage, 3);
  ck_assert_int_eq(victim_at(out, 0).stopping_difficulty, 1);
  /* Fixed protection at least the Carrure: nothing, no points added. */
  cops_armour_set(helmet, COPS_LOC_HEAD, 0, 3);
  FACES(6, 6, 1, 1, 1, 1, 1, 1, 10, 6, 6, 6);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(hit_at(0).damage, 0);
  ck_assert_int_eq(hit_at(0).stopped, 1);
  cops_armour_free(helmet);
}
END_TEST

/* C11.1 Immobilisation: MR >= 1 holds; the held one may only escape, at 2 hit points,
 * and must beat the holder. */
START_TEST(test_c11_1_hold_and_escape)
{
  cops_situation s = melee(COPS_ATTACK_HOLD, NULL, NULL);
  /* Mike 6 1 1 1 1 (1), Joe 6 1 1 (1): tie, margin 0: no hold; Joe's strike lands,
   * location 1: 3 damage, stopping FA 1: 6 1 1. */
  FACES(6, 1, 1, 1, 1, 6, 1, 1, 1, 6, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_outcome_hit_target(out), 0);
  ck_assert(!(cops_character_conditions(joe) & COPS_COND_HELD));
  ck_assert_int_eq(hp(mike), 26);
  /* Mike 6 6 1 1 1 (2), Joe 1 1 1: held, no damage, no stopping roll. */
  FACES(6, 6, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_outcome_hit_target(out), 1);
  ck_assert(cops_character_conditions(joe) & COPS_COND_HELD);
  ck_assert_int_eq(hp(joe), 29);
  ck_assert_uint_eq(victim_at(out, 0).conditions, COPS_COND_HELD);
  ck_assert_int_eq(victim_at(out, 0).stopping, COPS_STOP_NONE);
  /* Joe may only escape. */
  cops_situation j = melee(COPS_ATTACK_STRIKE, NULL, NULL);
  j.attacker = joe;
  j.target = mike;
  expect_error(&j, COPS_ERULE, "only action is an escape");
  j.mode = COPS_ATTACK_ESCAPE;
  /* 2 hit points, then Corps à corps [immobilisations] Joe 6 1 1 (1) vs Mike 6 1 1 1 1 (1):
   * a tie keeps the hold. */
  FACES(6, 1, 1, 6, 1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &j, NULL), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(hp(joe), 27);
  ck_assert_int_eq(cops_outcome_hit_target(out), 0);
  ck_assert(cops_character_conditions(joe) & COPS_COND_HELD);
  /* Joe 6 6 1 (2) vs Mike 6 1 1 1 1 (1): free. */
  FACES(6, 6, 1, 6, 1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &j, NULL), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(hp(joe), 25);
  ck_assert_int_eq(cops_outcome_hit_target(out), 1);
  ck_assert(!(cops_character_conditions(joe) & COPS_COND_HELD));
  /* Escaping when not held is an error. */
  expect_error(&j, COPS_ERULE, "not held");
}
END_TEST

/* C11.1 Projection: MR >= 2; the target's own Carrure, unlocated, armour useless unless
 * made for it; FA 2; on the ground until Coordination (3). */
START_TEST(test_c11_1_throw_and_stand_up)
{
  cops_situation s = melee(COPS_ATTACK_THROW, NULL, NULL);
  s.armour = vest;
  /* MR 1 is not enough: Mike 6 6 1 1 1 (2), Joe 6 1 1 (1): the throw fails; Joe's
   * strike is one fewer success: nothing. */
  FACES(6, 6, 1, 1, 1, 6, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_outcome_hit_target(out), 0);
  ck_assert_int_eq(hp(joe), 29);
  /* MR 2: Mike 6 6 1 1 1 (2), Joe 1 1 1 (0): no location die; 3 damage through the vest;
   * stopping FA 2: 6 6 1. */
  FACES(6, 6, 1, 1, 1, 1, 1, 1, 6, 6, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  cops_hit h = hit_at(0);
  ck_assert_int_eq(h.location, -1);
  ck_assert_int_eq(h.die, 0);
  ck_assert_int_eq(h.damage, 3);
  ck_assert_int_eq(hp(joe), 26);
  ck_assert_int_eq(victim_at(out, 0).stopping_difficulty, 2);
  ck_assert(cops_character_conditions(joe) & COPS_COND_ON_GROUND);
  /* Armour against throws takes off its torso's fixed part. */
  cops_armour_set_against_throws(vest, 1);
  FACES(6, 6, 1, 1, 1, 1, 1, 1, 6, 6, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(hit_at(0).damage, 2);
  /* Standing up: 6+/Coordination 2 (3) fails, then succeeds with 3 successes? 2 dice:
   * only 10s re-roll: 10 6 then 6 -> 3 successes. */
  int stood;
  FACES(6, 1);
  ck_assert_int_eq(cops_stand_up(roll, joe, log_, &stood), COPS_OK);
  ck_assert_int_eq(stood, 0);
  ck_assert_int_eq(cops_roll_difficulty(roll), 3);
  FACES(10, 6, 6);
  ck_assert_int_eq(cops_stand_up(roll, joe, log_, &stood), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(stood, 1);
  ck_assert(!(cops_character_conditions(joe) & COPS_COND_ON_GROUND));
  ck_assert_int_eq(cops_stand_up(roll, joe, log_, &stood), COPS_ESTATE);
}
END_TEST

/* Every error of the issue, and the situation's checks. */
START_TEST(test_attack_errors)
{
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  cops_weapon_set(vulcan, COPS_WEAPON_LOADED, 0);
  expect_error(&s, COPS_ERULE, "empty: reload");
  cops_weapon_reload(vulcan);
  s.mode = COPS_ATTACK_BURST;
  expect_error(&s, COPS_ERULE, "no burst value (VRC)");
  s.mode = COPS_ATTACK_SINGLE;
  s.initiative = -2;   /* Réflexes 5 allows it */
  cops_character_set_characteristic(mike, COPS_REFLEXES, 3);
  expect_error(&s, COPS_EINVAL, "outside +0..+2");
  cops_character_set_characteristic(mike, COPS_REFLEXES, 5);
  cops_character_set_conditions(mike, COPS_COND_NO_NEGATIVE_INITIATIVE, 1);
  expect_error(&s, COPS_ERULE, "negative initiative");
  s.initiative = 0;
  s.attitude = 3;
  expect_error(&s, COPS_EINVAL, "attitude 3");
  s.attitude = 0;
  s.target = mike;
  expect_error(&s, COPS_EINVAL, "its own target");
  s.target = NULL;
  expect_error(&s, COPS_EINVAL, "needs a target");
  s.target = joe;
  s.weapon = NULL;
  expect_error(&s, COPS_EINVAL, "needs a weapon");
  s.weapon = knife;
  expect_error(&s, COPS_EINVAL, "no single");
  s.weapon = vulcan;
  s.ruleset = COPS_RULES_COUNT;
  expect_error(&s, COPS_EINVAL, "unknown ruleset");
  s.ruleset = 0;
  s.aim = 10;   /* a field of the alternative rules */
  expect_error(&s, COPS_EINVAL, "aim 10: a field of the alternative rules");
  s.aim = 0;
  s.ruleset = 0;
  s.size = 4;
  expect_error(&s, COPS_EINVAL, "cops_situation_init");
  s.size = sizeof s;
  s.target_stopping = COPS_CHARME;
  expect_error(&s, COPS_EINVAL, "stopping characteristic");
  s.target_stopping = -1;
  s.distance = -1;
  expect_error(&s, COPS_EINVAL, "distance");
  s.distance = 5;
  s.target_mode = COPS_ATTACK_STRIKE;
  expect_error(&s, COPS_EINVAL, "only melee");
  s.target_mode = -1;
  s.penetration = -1;
  expect_error(&s, COPS_EINVAL, "penetration threshold");
  s.penetration = 0;
  /* Different contexts. */
  cops_ctx *other;
  cops_character *stranger;
  ck_assert_int_eq(cops_ctx_new(&other), COPS_OK);
  ck_assert_int_eq(cops_character_new(&stranger, other), COPS_OK);
  s.target = stranger;
  expect_error(&s, COPS_EINVAL, "different contexts");
  cops_character_free(stranger);
  cops_ctx_free(other);
  s.target = joe;
  ck_assert_int_eq(cops_attack(NULL, &s, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_attack(out, NULL, NULL), COPS_EINVAL);
  ck_assert_int_eq((cops_situation_init)(NULL, 0), COPS_EINVAL);
  ck_assert_int_eq(cops_situation_init_sized(NULL, sizeof(cops_situation), 0), COPS_EINVAL);
  ck_assert_int_eq(cops_situation_init(&s, COPS_ATTACK_MODE_COUNT), COPS_EINVAL);
  /* The callback source failing mid-attack empties the outcome. */
  s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  FACES(9, 9);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_ERNG);
  ck_assert_int_eq(cops_outcome_mode(out), COPS_ESTATE);
  ck_assert_int_eq(cops_outcome_hit_count(out), COPS_ESTATE);
}
END_TEST

START_TEST(test_names_and_ranges)
{
  int v, lo, hi;
  ck_assert_int_eq(cops_attitude_parse("ultra violent", &v), COPS_OK);
  ck_assert_int_eq(v, 2);
  ck_assert_int_eq(cops_attitude_parse("PLANQUÉ", &v), COPS_OK);
  ck_assert_int_eq(v, -2);
  ck_assert_int_eq(cops_attitude_parse("careful", &v), COPS_OK);
  ck_assert_int_eq(v, -1);
  ck_assert_int_eq(cops_attitude_parse("+1", &v), COPS_OK);
  ck_assert_int_eq(v, 1);
  ck_assert_int_eq(cops_attitude_parse("calm", &v), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_attitude_parse(NULL, &v), COPS_EINVAL);
  ck_assert_str_eq(cops_attitude_name(COPS_AGRESSIF, COPS_LANG_FR), "Agressif");
  ck_assert_ptr_null(cops_attitude_name(3, 0));
  for (int r = 1; r <= 5; r++) {
    ck_assert_int_eq(cops_initiative_range(r, &lo, &hi), COPS_OK);
    ck_assert_int_eq(lo, 3 - r);
    ck_assert_int_eq(hi, 2);
  }
  ck_assert_int_eq(cops_initiative_range(0, &lo, &hi), COPS_ERANGE);
  ck_assert_int_eq(cops_attack_mode_parse("Burst", &v), COPS_OK);
  ck_assert_int_eq(v, COPS_ATTACK_BURST);
  ck_assert_int_eq(cops_attack_mode_parse("snipe", &v), COPS_ENOTFOUND);
  ck_assert_str_eq(cops_attack_mode_name(COPS_ATTACK_THROW), "throw");
  ck_assert_str_eq(cops_stopping_name(COPS_STOP_OUT, COPS_LANG_EN), "out of the fight");
  ck_assert_ptr_null(cops_stopping_name(COPS_STOP_NONE, 0));
  ck_assert_str_eq(cops_stopping_name(COPS_STOP_MISHAP, COPS_LANG_EN), "stopped, with a mishap");
  ck_assert_ptr_null(cops_stopping_name(COPS_STOP_RESULT_COUNT, 0));
  ck_assert_str_eq(cops_condition_name(COPS_COND_KNOCKED_OUT, COPS_LANG_EN),
                   "unconscious (blow to the head)");
  ck_assert_str_eq(cops_condition_name(COPS_COND_HELD, COPS_LANG_FR), "immobilisé");
  ck_assert_ptr_null(cops_condition_name(3, 0));
  ck_assert_int_eq(cops_character_set_conditions(joe, COPS_COND_OUT, 1), COPS_EINVAL);
  ck_assert_int_eq(cops_character_set_conditions(joe, 0x200, 1), COPS_EINVAL);
  ck_assert_int_eq(cops_character_set_recovery(joe, 21), COPS_ERANGE);
  ck_assert_int_eq(cops_character_recovery(joe, NULL, NULL), COPS_ESTATE);
}
END_TEST

/* The event log: types in order, every die, JSON Lines and both narrations. */
START_TEST(test_events_of_a_shot)
{
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  s.armour = vest;
  s.penetration = 19;   /* C10.8: a bullet of 19 damage or more may go through */
  FACES(5, 6, 2, 6, 3, 4, 2, 6, 1, 3, 2, 5, 4, 7, 8);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  static const int types[] = {
    COPS_EV_ATTACK, COPS_EV_ROLL, COPS_EV_AMMUNITION, COPS_EV_HIT, COPS_EV_LOCATION,
    COPS_EV_ROLL, COPS_EV_ROLL, COPS_EV_ROLL, COPS_EV_DAMAGE, COPS_EV_PENETRATION,
    COPS_EV_HIT_POINTS,
    COPS_EV_CONDITION, COPS_EV_ROLL, COPS_EV_STOPPING, COPS_EV_CONDITION, COPS_EV_CONDITION,
  };
  const int n = (int)(sizeof types / sizeof types[0]);
  ck_assert_int_eq(cops_log_count(log_), n);
  int drawn = 0;
  for (int i = 0; i < n; i++) {
    cops_event e;
    memset(&e, 0, sizeof e);
    e.size = sizeof e;
    ck_assert_int_eq(cops_log_event(log_, i, &e), COPS_OK);
    ck_assert_msg(e.type == types[i], "event %d: %s", i, cops_event_type_name(e.type));
    ck_assert_int_eq(e.seq, i);
    for (int j = 0; j < e.dice; j++) {
      int face;
      ck_assert_int_eq(cops_log_die(log_, i, j, &face, NULL, NULL), COPS_OK);
      ck_assert_int_eq(face, dice.faces[drawn + (drawn >= 3)]);  /* the location d10 */
      drawn++;
    }
    if (i == 0) {
      ck_assert_str_eq(e.actor, "Mike");
      ck_assert_str_eq(e.target, "Joe");
      ck_assert_str_eq(e.weapon, "Vulcan 051");
    }
    /* Outside an encounter the attacker is 0 and the target 1 (the situation's defaults). */
    ck_assert_int_eq(e.actor_id, !e.actor ? -1 : strcmp(e.actor, "Mike") ? 1 : 0);
    ck_assert_int_eq(e.target_id, !e.target ? -1 : strcmp(e.target, "Mike") ? 1 : 0);
  }
  ck_assert_int_eq(drawn, 14);
  char *jsonl, *fr, *en;
  ck_assert_int_eq(cops_log_to_jsonl(log_, 0, &jsonl), COPS_OK);
  ck_assert_int_eq(cops_log_narrate(log_, 0, COPS_LANG_FR, &fr), COPS_OK);
  ck_assert_int_eq(cops_log_narrate(log_, 0, COPS_LANG_EN, &en), COPS_OK);
  int lines = 0;
  for (const char *p = jsonl; *p; p++)
    lines += *p == '\n';
  ck_assert_int_eq(lines, n);
  ck_assert_ptr_nonnull(strstr(jsonl, "{\"schema\":2,\"seq\":0,\"round\":0,\"type\":\"attack\","
                                      "\"actor\":\"Mike\",\"actor_id\":0,\"target\":\"Joe\","
                                      "\"target_id\":1,\"weapon\":\"Vulcan 051\",\"mode\":\"single\""));
  ck_assert_ptr_nonnull(strstr(jsonl, "\"type\":\"damage\",\"actor\":\"Mike\",\"actor_id\":0,"
                                      "\"target\":\"Joe\",\"target_id\":1,\"bullet\":1,\"location\":\"torso\",\"raw\":16,"
                                      "\"protection\":6,\"bonus\":9,\"damage\":19,"
                                      "\"stopped\":false}"));
  ck_assert_ptr_nonnull(strstr(fr, "Mike (Normal, init +0) tire sur Joe avec Vulcan 051 à 5 m\n"));
  ck_assert_ptr_nonnull(strstr(fr, "Mike — tir : 5+/3 (1) [5, 6, 2], 2 réussites, réussi (MR 1)\n"));
  ck_assert_ptr_nonnull(strstr(fr, "Joe : impact au torse (d10 6, +2)\n"));
  ck_assert_ptr_nonnull(strstr(en, "Joe: 29 → 10 hit points (wounded: below half (-1 die)), "
                                   "lasting wound\n"));
  lines = 0;
  for (const char *p = en; *p; p++)
    lines += *p == '\n';
  ck_assert_int_eq(lines, n);
  cops_free(jsonl);
  cops_free(fr);
  cops_free(en);
  /* From an index; out of range; the round number. */
  ck_assert_int_eq(cops_log_to_jsonl(log_, n, &jsonl), COPS_OK);
  ck_assert_str_eq(jsonl, "");
  cops_free(jsonl);
  ck_assert_int_eq(cops_log_to_jsonl(log_, n + 1, &jsonl), COPS_ERANGE);
  ck_assert_int_eq(cops_log_narrate(log_, 0, cops_lang_count(), &fr), COPS_EINVAL);
  ck_assert_int_eq(cops_log_narrate(log_, 0, -1, &fr), COPS_EINVAL);
  cops_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  ck_assert_int_eq(cops_log_event(log_, n, &e), COPS_ERANGE);
  e.size = 0;
  ck_assert_int_eq(cops_log_event(log_, 0, &e), COPS_EINVAL);
  ck_assert_int_eq(cops_log_die(log_, 0, 0, NULL, NULL, NULL), COPS_ERANGE);
  ck_assert_int_eq(cops_log_set_round(log_, 3), COPS_OK);
  ck_assert_int_eq(cops_log_set_round(log_, -1), COPS_ERANGE);
  ck_assert_int_eq(cops_log_clear(log_), COPS_OK);
  ck_assert_int_eq(cops_log_count(log_), 0);
  ck_assert_str_eq(cops_event_type_name(COPS_EV_ESCAPE), "escape");
  ck_assert_ptr_null(cops_event_type_name(COPS_EV_TYPE_COUNT));
  ck_assert_str_eq(cops_purpose_name(COPS_PURPOSE_STAND_UP), "stand_up");
}
END_TEST

/* A seeded attack gives the same log twice, and a different one with another seed. */
START_TEST(test_seeded_replay)
{
  char *first = NULL;
  for (int run = 0; run < 3; run++) {
    cops_ctx_seed(ctx, run < 2 ? 2030 : 2031);
    cops_character_set_hp(joe, 29);
    cops_character_set_conditions(joe, COPS_COND_ALL & ~COPS_COND_OUT, 0);
    cops_weapon_reload(scorpion);
    cops_log_free(log_);
    ck_assert_int_eq(cops_log_new(&log_, ctx), COPS_OK);
    cops_situation s = shot(COPS_ATTACK_BURST, scorpion, 8);
    s.armour = vest;
    s.attitude = COPS_AGRESSIF;
    ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
    char *text;
    ck_assert_int_eq(cops_log_to_jsonl(log_, 0, &text), COPS_OK);
    if (run == 0)
      first = text;
    else if (run == 1) {
      ck_assert_str_eq(text, first);
      cops_free(text);
    } else {
      ck_assert_str_ne(text, first);
      cops_free(text);
    }
  }
  cops_free(first);
}
END_TEST

/* C5 in an attack: an Adrénaline point spent for one more die; the attack event says
 * so; with no point left the attack is refused and nothing changes. */
START_TEST(test_adrenaline_in_an_attack)
{
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  int cur;
  ck_assert_int_eq(cops_character_set_points(mike, 2, 0), COPS_OK);
  FACES(1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);   /* plain: three dice, a miss */
  ALL_DRAWN();
  s.adrenaline = 1;
  FACES(1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);   /* four dice */
  ALL_DRAWN();
  ck_assert_int_eq(cops_roll_pool_size(cops_outcome_roll(out, COPS_OUTCOME_ATTACK)), 4);
  ck_assert_int_eq(cops_character_points(mike, COPS_ADRENALINE, &cur, NULL), COPS_OK);
  ck_assert_int_eq(cur, 1);
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(log_, 0, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "\"distance\":5,\"adrenaline\":true}"));
  ck_assert_ptr_null(strstr(strstr(text, "adrenaline") + 1, "adrenaline"));   /* the plain one: no key */
  cops_free(text);
  ck_assert_int_eq(cops_log_narrate(log_, 0, COPS_LANG_EN, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "at 5 m, spending an Adrénaline point (+1 die)\n"));
  cops_free(text);
  /* No point left: refused before any die, nothing spent or fired. */
  ck_assert_int_eq(cops_character_set_current_points(mike, COPS_ADRENALINE, 0), COPS_OK);
  const int rounds = loaded(vulcan), events = cops_log_count(log_);
  FACES(9, 9, 9, 9);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "no Adrénaline point left"));
  ck_assert_int_eq(dice.next, 0);
  ck_assert_int_eq(loaded(vulcan), rounds);
  ck_assert_int_eq(cops_log_count(log_), events);
  s.adrenaline = 2;
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_EINVAL);
  /* In melee too: a strike with one more die. */
  ck_assert_int_eq(cops_character_set_current_points(mike, COPS_ADRENALINE, 1), COPS_OK);
  cops_situation m = shot(COPS_ATTACK_STRIKE, NULL, 1);
  m.adrenaline = 1;
  cops_log_clear(log_);
  FACES(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &m, log_), COPS_OK);
  ck_assert_int_eq(cops_character_points(mike, COPS_ADRENALINE, &cur, NULL), COPS_OK);
  ck_assert_int_eq(cur, 0);
}
END_TEST

/* The rolls of a log with @p purpose, in order: their JSON lines. */
static int rolls_of(const char *jsonl, const char *purpose, const char **line, int most)
{
  char key[64];
  snprintf(key, sizeof key, "\"type\":\"roll\",");
  int n = 0;
  for (const char *p = jsonl; (p = strstr(p, key)) && n < most; p++) {
    const char *end = strchr(p, '\n');
    const char *pp = strstr(p, "\"purpose\":\"");
    if (pp && (!end || pp < end) && !strncmp(pp + 11, purpose, strlen(purpose)) &&
        pp[11 + strlen(purpose)] == '"')
      line[n++] = p;
  }
  return n;
}

/* C5 in an attack: the attacker's failed roll made again for an Ancienneté point
 * (the situation's flag); a success then has MR 0; the point is gone; with none
 * left the failure stands. */
START_TEST(test_anciennete_in_an_attack)
{
  cops_situation s = shot(COPS_ATTACK_SINGLE, vulcan, 5);
  s.anciennete = 1;
  int cur;
  ck_assert_int_eq(cops_character_set_points(mike, 0, 2), COPS_OK);
  /* Three dice 1 1 1 fail; again 1 1 1: a miss, one point spent. */
  FACES(1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_outcome_hit_target(out), 0);
  ck_assert_int_eq(cops_roll_anciennete(attack_roll()), 1);
  ck_assert_int_eq(cops_character_points(mike, COPS_ANCIENNETE, &cur, NULL), COPS_OK);
  ck_assert_int_eq(cur, 1);
  char *text;
  const char *line[4];
  ck_assert_int_eq(cops_log_to_jsonl(log_, 0, &text), COPS_OK);
  ck_assert_int_eq(rolls_of(text, "attack", line, 4), 2);
  ck_assert_ptr_null(strstr(line[0], "anciennete") < line[1] ? strstr(line[0], "anciennete")
                                                              : NULL);
  ck_assert_ptr_nonnull(strstr(line[1], "\"capped\":false,\"anciennete\":true}"));
  cops_free(text);
  ck_assert_int_eq(cops_log_narrate(log_, 0, COPS_LANG_EN, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "— to hit, again for an Ancienneté point (MR 0 at best): "));
  cops_free(text);
  /* 1 1 1, then 9 9 9: three successes at difficulty 1, MR 0 (C5). Location 1
   * (legs, +0), the damage dice 1s, Joe's stopping 6s. */
  cops_log_clear(log_);
  FACES(1, 1, 1, 9, 9, 9, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  int m = -1;
  ck_assert_int_eq(cops_outcome_margin(out, &m), COPS_OK);
  ck_assert_int_eq(m, 0);
  ck_assert_int_eq(cops_outcome_hit_target(out), 1);
  ck_assert_int_eq(cops_character_points(mike, COPS_ANCIENNETE, &cur, NULL), COPS_OK);
  ck_assert_int_eq(cur, 0);
  /* None left: the failure stands, one roll. */
  FACES(1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_roll_anciennete(attack_roll()), 0);
  /* A success is not rolled again, and the flag is 0 or 1. */
  ck_assert_int_eq(cops_character_set_current_points(mike, COPS_ANCIENNETE, 1), COPS_OK);
  FACES(9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_anciennete(attack_roll()), 0);
  ck_assert_int_eq(cops_character_points(mike, COPS_ANCIENNETE, &cur, NULL), COPS_OK);
  ck_assert_int_eq(cur, 1);
  s.anciennete = 2;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_EINVAL);
}
END_TEST

/* C5 with C4.8's reading in melee: a lost opposed roll made again; the fighter who
 * then wins hits alone, with margin 0 (RULING, docs/rulings.md). */
START_TEST(test_anciennete_in_melee)
{
  cops_weapon_set(knife, COPS_WEAPON_PU, 2);
  cops_weapon_set(knife, COPS_WEAPON_FA, 1);
  cops_situation s = melee(COPS_ATTACK_MELEE, knife, club);
  s.anciennete = 1;
  ck_assert_int_eq(cops_character_set_points(mike, 0, 1), COPS_OK);
  /* Mike 5 dice 1 1 1 1 1 (0) loses to Joe's 6 6 1 (2); again 5 5 5 1 1 (3): Mike
   * hits alone, margin 0. Location 3 (abdomen): PU 2d6 1 1, abdomen 1d6 1: 3.
   * Joe's stopping FA 1 + 1: 6 6 6. */
  FACES(1, 1, 1, 1, 1, 6, 6, 1, 5, 5, 5, 1, 1, 3, 1, 1, 1, 6, 6, 6);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  int m = -1;
  cops_outcome_margin(out, &m);
  ck_assert_int_eq(m, 0);
  ck_assert_int_eq(cops_outcome_hit_target(out), 1);
  ck_assert_int_eq(hp(joe), 29 - 3);
  ck_assert_int_eq(hp(mike), 29);
  /* A hold won on the re-roll needs MR 1: margin 0 holds nobody (C11.1). */
  cops_character_set_hp(joe, 29);
  ck_assert_int_eq(cops_character_set_current_points(mike, COPS_ANCIENNETE, 1), COPS_OK);
  cops_situation h = melee(COPS_ATTACK_HOLD, NULL, NULL);
  h.anciennete = 1;
  int faces[64], n = 0;
  for (int k = 0; k < 64; k++)
    faces[k] = 1;
  script_faces(&dice, 64, faces);   /* a tie at 0: nobody lost, nothing rolled again */
  ck_assert_int_eq(cops_attack(out, &h, NULL), COPS_OK);
  const int pa = cops_roll_pool_size(attack_roll());
  const int pd = cops_roll_pool_size(cops_outcome_roll(out, COPS_OUTCOME_DEFENCE));
  ck_assert_int_gt(pa, pd);
  ck_assert_int_eq(dice.next, pa + pd);
  /* Mike's 1s lose to Joe's 6s; Mike's 6s again win, margin 0: no hold. */
  for (int k = 0; k < pa; k++)
    faces[n++] = 1;
  for (int k = 0; k < pd; k++)
    faces[n++] = 6;
  for (int k = 0; k < pa; k++)
    faces[n++] = 6;
  script_faces(&dice, n, faces);
  ck_assert_int_eq(cops_attack(out, &h, log_), COPS_OK);
  ALL_DRAWN();
  cops_outcome_margin(out, &m);
  ck_assert_int_eq(m, 0);
  ck_assert_int_eq(cops_outcome_hit_target(out), 0);
  ck_assert_int_eq(cops_character_conditions(joe) & COPS_COND_HELD, 0);
  ck_assert_int_eq(hp(mike), 29);
}
END_TEST

static Suite *attack_suite(void)
{
  Suite *s = suite_create("attack");
  TCase *tc = tcase_create("core");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_c10_single_shot_whole);
  tcase_add_test(tc, test_c10_1_dice);
  tcase_add_test(tc, test_c10_2_difficulty);
  tcase_add_test(tc, test_c10_3_each_location);
  tcase_add_test(tc, test_c8_1_armour_stops_everything);
  tcase_add_test(tc, test_c10_4_stopping_and_recovery);
  tcase_add_test(tc, test_c8_2_down_and_dead);
  tcase_add_test(tc, test_c10_6_burst_chain_past_ten);
  tcase_add_test(tc, test_c10_7_several_shots);
  tcase_add_test(tc, test_c6_3_movement);
  tcase_add_test(tc, test_c10_5_covering_fire);
  tcase_add_test(tc, test_c10_5_cover_dice_cap);
  tcase_add_test(tc, test_c11_melee_winner);
  tcase_add_test(tc, test_c11_melee_tie);
  tcase_add_test(tc, test_c11_melee_errors);
  tcase_add_test(tc, test_c11_1_strike);
  tcase_add_test(tc, test_c11_1_hold_and_escape);
  tcase_add_test(tc, test_c11_1_throw_and_stand_up);
  tcase_add_test(tc, test_attack_errors);
  tcase_add_test(tc, test_names_and_ranges);
  tcase_add_test(tc, test_events_of_a_shot);
  tcase_add_test(tc, test_seeded_replay);
  tcase_add_test(tc, test_adrenaline_in_an_attack);
  tcase_add_test(tc, test_anciennete_in_an_attack);
  tcase_add_test(tc, test_anciennete_in_melee);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(attack_suite)
