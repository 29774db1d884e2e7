/* Attacks under the alternative combat rules (COPS.md A1-A5) with scripted dice: every
 * rule of A1.1, A2, A3, A4 and A5 that a one-off attack resolves, their errors, their
 * events, and all or nothing. */
#include <stdio.h>
#include <string.h>

#include "render/render.h"
#include "testutil.h"

static cops_ctx *ctx;
static script dice;
static cops_outcome *out, *zone;
static cops_log *log_;
static cops_character *mike, *joe, *ann;
static cops_weapon *vulcan, *scorpion, *knife;
static cops_armour *vest;

#define FACES(...) SCRIPT_FACES(&dice, __VA_ARGS__)
#define ALL_DRAWN() ck_assert_msg(dice.next == dice.n, "drew %d faces of %d", dice.next, dice.n)

static cops_weapon *weapon(int kind, const char *name, int range, int magazine, int vrc, int vc,
                           int pu, int fa)
{
  cops_weapon *w;
  ck_assert_int_eq(cops_weapon_new(&w, ctx, kind, name), COPS_OK);
  cops_weapon_set(w, COPS_WEAPON_RANGE, range);
  cops_weapon_set(w, COPS_WEAPON_PR, 0);
  cops_weapon_set(w, COPS_WEAPON_PU, pu);
  cops_weapon_set(w, COPS_WEAPON_FA, fa);
  if (magazine) {
    cops_weapon_set(w, COPS_WEAPON_MAGAZINE, magazine);
    cops_weapon_set(w, COPS_WEAPON_LOADED, magazine);
    cops_weapon_set(w, COPS_WEAPON_CT, 2);
    cops_weapon_set(w, COPS_WEAPON_VRC, vrc);
    cops_weapon_set(w, COPS_WEAPON_VC, vc);
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
  /* Mike: Carrure 3, Coordination 3, Réflexes 5, Sang-froid 2. */
  mike = fighter(ctx, "Mike", 3, 3, 5, 2);
  ck_assert_int_eq(cops_character_set_skill(mike, COPS_ARME_DE_POING, 5, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(mike, COPS_TIR_EN_RAFALES, 6, "arme de poing"),
                   COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(mike, COPS_CORPS_A_CORPS, 6, "coups"), COPS_OK);
  ck_assert_int_eq(cops_character_add_specialisation(mike, COPS_CORPS_A_CORPS, "projections"),
                   COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(mike, COPS_ARME_DE_CONTACT, 5, "couteau"), COPS_OK);
  /* Joe: Carrure 3 (29 hit points), Coordination 2, Réflexes 3, Sang-froid 2. */
  joe = fighter(ctx, "Joe", 3, 2, 3, 2);
  ck_assert_int_eq(cops_character_set_skill(joe, COPS_CORPS_A_CORPS, 6, "coups"), COPS_OK);
  ck_assert_int_eq(cops_character_add_specialisation(joe, COPS_CORPS_A_CORPS,
                                                     "immobilisations"), COPS_OK);
  /* Ann: Carrure 2 (26 hit points), Coordination 3, Réflexes 1, Sang-froid 1. */
  ann = fighter(ctx, "Ann", 2, 3, 1, 1);
  ck_assert_int_eq(cops_character_set_skill(ann, COPS_ARME_DE_POING, 5, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(ann, COPS_CORPS_A_CORPS, 6, "immobilisations"),
                   COPS_OK);
  ck_assert_int_eq(cops_character_add_specialisation(ann, COPS_CORPS_A_CORPS, "coups"), COPS_OK);
  vulcan = weapon(COPS_HANDGUN, "Vulcan 051", 20, 12, 0, 0, 3, 2);
  scorpion = weapon(COPS_HANDGUN, "Scorpion 131", 25, 30, 3, 3, 2, 2);
  knife = weapon(COPS_BLADE, "Couteau 021", 1, 0, 0, 0, 1, 1);
  ck_assert_int_eq(cops_weapon_set_skill(knife, COPS_ARME_DE_CONTACT, "couteau"), COPS_OK);
  ck_assert_int_eq(cops_armour_new(&vest, ctx, "Gilet"), COPS_OK);
  cops_armour_set(vest, COPS_LOC_TORSO, 2, 1);
  cops_armour_set(vest, COPS_LOC_ABDOMEN, 2, 1);
}

static void teardown(void)
{
  cops_character_free(mike);
  cops_character_free(joe);
  cops_character_free(ann);
  cops_weapon_free(vulcan);
  cops_weapon_free(scorpion);
  cops_weapon_free(knife);
  cops_armour_free(vest);
  cops_log_free(log_);
  cops_outcome_free(out);
  cops_outcome_free(zone);
  cops_ctx_free(ctx);
}

/* An attack of a on t under the alternative rules. */
static cops_situation alt(int mode, cops_character *a, cops_character *t, cops_weapon *w,
                          int distance)
{
  cops_situation s;
  ck_assert_int_eq(cops_situation_init(&s, mode), COPS_OK);
  s.ruleset = COPS_RULES_ALTERNATIVE;
  s.attacker = a;
  s.target = t;
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

static cops_hit hit_of(const cops_outcome *o, int i)
{
  cops_hit h;
  h.size = sizeof h;
  ck_assert_int_eq(cops_outcome_hit(o, i, &h), COPS_OK);
  return h;
}

static cops_victim victim_of(const cops_outcome *o, int i)
{
  cops_victim v;
  v.size = sizeof v;
  ck_assert_int_eq(cops_outcome_victim(o, i, &v), COPS_OK);
  return v;
}

static void expect_text(int lang, const char *want)
{
  char *text = NULL;
  if (lang < 0)
    ck_assert_int_eq(cops_log_to_jsonl(log_, 0, &text), COPS_OK);
  else
    ck_assert_int_eq(cops_log_narrate(log_, 0, lang, &text), COPS_OK);
  ck_assert_msg(strstr(text, want), "'%s' not in:\n%s", want, text);
  cops_free(text);
}

static void fresh(cops_character *c)
{
  cops_character_set_hp(c, cops_character_max_hp(c));
  cops_character_set_conditions(c, COPS_COND_ALL & ~COPS_COND_OUT, 0);
  cops_character_set_lasting_wounds(c, 0);
}

/* A2.1, A4.1, A4.2, A5: a single shot whose two excess successes move the location from 8
 * to the head; the stopping roll fails under the FA: unconscious 1d10 minutes. */
START_TEST(test_a2_1_single_shot_shift_and_head_mishap)
{
  cops_situation s = alt(COPS_ATTACK_SINGLE, mike, joe, vulcan, 5);
  s.aim = 10;
  /* 5+/Coordination 3 (1): 5 6 7, MR 2; location 8 -> 10; PU 3d6 4 4 4 = 12, head 3d6 1 1 1:
   * 15 (lasting). 29 -> 14, below half: FA 2 at 6+ with Carrure 3 - 1: 6 3, one success:
   * a mishap; the head: 1d10 = 4 minutes. */
  FACES(5, 6, 7, 8, 4, 4, 4, 1, 1, 1, 6, 3, 4);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  cops_hit h = hit_of(out, 0);
  ck_assert_int_eq(h.rolled, 8);
  ck_assert_int_eq(h.die, 10);
  ck_assert_int_eq(h.location, COPS_ZONE_HEAD);
  ck_assert_int_eq(h.body_side, COPS_BODY_NONE);
  ck_assert_int_eq(h.raw, 12);
  ck_assert_int_eq(h.bonus, 3);
  ck_assert_int_eq(h.damage, 15);
  ck_assert_int_eq(hp(joe), 14);
  cops_victim v = victim_of(out, 0);
  ck_assert_int_eq(v.stopping, COPS_STOP_MISHAP);
  ck_assert_int_eq(v.stopping_difficulty, 2);
  ck_assert_int_eq(v.stopping_threshold, 6);
  ck_assert_uint_eq(v.mishaps, COPS_MISHAP_UNCONSCIOUS);
  ck_assert_int_eq(v.minutes, 4);
  const cops_roll *st = cops_outcome_roll(out, COPS_OUTCOME_STOPPING);
  ck_assert_int_eq(cops_roll_pool_size(st), 2);
  ck_assert_int_eq(cops_roll_threshold(st), 6);
  ck_assert_int_eq(cops_roll_difficulty(st), 3);   /* unaffected with more than FA 2 */
  ck_assert_int_eq(cops_character_conditions(joe),
                   COPS_COND_STOPPED | COPS_COND_KNOCKED_OUT | COPS_COND_LASTING_WOUND);
  expect_text(-1, "\"rules\":\"alternative\"");
  expect_text(-1, "\"die\":10,\"location\":\"head\",\"modifier\":3,\"rolled\":8,\"shift\":2");
  expect_text(-1, "\"result\":\"mishap\",\"difficulty\":3,\"fa\":2,\"threshold\":6");
  expect_text(-1, "\"type\":\"mishap\"");
  expect_text(-1, "\"mishap\":\"unconscious\",\"location\":\"head\",\"side\":null,\"minutes\":4");
  expect_text(COPS_LANG_EN, "rolled 8, moved +2 by excess successes");
  expect_text(COPS_LANG_EN, "Joe: stopping factor 2 at 6+ — stopped, with a mishap");
  expect_text(COPS_LANG_EN, "Joe is knocked unconscious for 4 minutes");
  expect_text(COPS_LANG_FR, "Joe perd connaissance pour 4 minutes");
  /* Unconscious, Joe cannot act. */
  cops_situation back = alt(COPS_ATTACK_STRIKE, joe, mike, NULL, 1);
  ck_assert_int_eq(cops_attack(out, &back, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "unconscious after a blow to the head"));
  /* The caller's minutes instead of the d10. */
  fresh(joe);
  s.knockout_minutes = 7;
  FACES(5, 6, 7, 8, 4, 4, 4, 1, 1, 1, 6, 3);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(victim_of(out, 0).minutes, 7);
}
END_TEST

/* A2.2: two bullets in for one excess success, each its own location; FA at 7+; as many
 * successes as the FA: stopped. Then three bullets and two steps toward the head. */
START_TEST(test_a2_2_burst)
{
  cops_situation s = alt(COPS_ATTACK_BURST, mike, joe, scorpion, 5);
  s.armour = vest;
  /* Tir en rafales 6+/3 (1): 6 6 1, MR 1: 2 bullets of 3. Locations 3 (abdomen), 1 (right
   * leg). Abdomen: PU 3 3, vest 1 1 + 1: 3 left, + 1d6 2 = 5. Leg: 2 2 = 4. 29 -> 20.
   * FA 2 at 7+: 7 8 1: two successes: stopped. */
  FACES(6, 6, 1, 3, 1, 3, 3, 1, 1, 2, 2, 2, 7, 8, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  int fired, hits;
  ck_assert_int_eq(cops_outcome_bullets(out, &fired, &hits), COPS_OK);
  ck_assert_int_eq(fired, 3);
  ck_assert_int_eq(hits, 2);
  cops_hit a = hit_of(out, 0), b = hit_of(out, 1);
  ck_assert_int_eq(a.location, COPS_ZONE_ABDOMEN);
  ck_assert_int_eq(a.protection, 3);
  ck_assert_int_eq(a.damage, 5);
  ck_assert_int_eq(b.location, COPS_ZONE_LEGS);
  ck_assert_int_eq(b.body_side, COPS_BODY_RIGHT);
  ck_assert_int_eq(b.damage, 4);
  ck_assert_int_eq(hp(joe), 20);
  ck_assert_int_eq(cops_roll_threshold(cops_outcome_roll(out, COPS_OUTCOME_STOPPING)), 7);
  ck_assert_int_eq(victim_of(out, 0).stopping, COPS_STOP_STOPPED);
  ck_assert_int_eq(cops_character_conditions(joe), COPS_COND_STOPPED);
  expect_text(-1, "\"type\":\"stray\"");
  expect_text(COPS_LANG_EN, "Joe: hit in the right leg (d10 1, +0)");
  /* MR 4 (two more dice): 3 bullets, 2 steps toward the head: 9 -> 10, then 5 -> 6 (the
   * nearer); 2 stays. Head: 1 1 + 1 1 1 = 5; torso: 1 1 against the vest 1 1 + 1: stopped;
   * left leg: 1 1 = 2. FA 2 at 8+: 8 9 9: unaffected. */
  fresh(joe);
  cops_log_clear(log_);
  s.aim = 10;
  s.dice_mod = 2;
  FACES(6, 6, 6, 6, 6, 9, 5, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 8, 9, 9);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  a = hit_of(out, 0);
  b = hit_of(out, 1);
  cops_hit c = hit_of(out, 2);
  ck_assert_int_eq(a.rolled, 9);
  ck_assert_int_eq(a.die, 10);
  ck_assert_int_eq(a.damage, 5);
  ck_assert_int_eq(b.rolled, 5);
  ck_assert_int_eq(b.die, 6);
  ck_assert_int_eq(b.stopped, 1);
  ck_assert_int_eq(c.die, 2);
  ck_assert_int_eq(c.body_side, COPS_BODY_LEFT);
  ck_assert_int_eq(hp(joe), 22);
  ck_assert_int_eq(cops_roll_threshold(cops_outcome_roll(out, COPS_OUTCOME_STOPPING)), 8);
  ck_assert_int_eq(victim_of(out, 0).stopping, COPS_STOP_UNAFFECTED);
  ck_assert_int_eq(cops_character_conditions(joe), 0);
}
END_TEST

/* A2.3: covering fire of 12 bullets (+2 dice), an Agressif character crossing: 3 d10, two
 * 10s are two bullets (not rolled again); FA at 7+ failed: every location at once. */
START_TEST(test_a2_3_covering_fire)
{
  cops_situation s = alt(COPS_ATTACK_COVER, mike, joe, scorpion, 15);
  s.bullets = 12;
  /* 5+/3 + 2 (2): 5 5 5 1 1, MR 1. */
  FACES(5, 5, 5, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  const cops_roll *r = cops_outcome_roll(out, COPS_OUTCOME_ATTACK);
  ck_assert_int_eq(cops_roll_pool_size(r), 5);
  ck_assert_int_eq(cops_roll_difficulty(r), 2);
  int v;
  ck_assert_int_eq(cops_weapon_get(scorpion, COPS_WEAPON_LOADED, &v), COPS_OK);
  ck_assert_int_eq(v, 18);
  /* 1 + 1 (MR) + 1 (Agressif) d10: 10 10 4. Torso (5): 3 3 + 1 1 = 8; left arm (9): 2 2 = 4.
   * 29 -> 17. FA 2 at 7+: 1 1 1: knocked down, and the left hand drops. */
  FACES(10, 10, 4, 5, 3, 3, 1, 1, 9, 2, 2, 1, 1, 1);
  ck_assert_int_eq(cops_cover_enter(zone, out, joe, NULL, COPS_AGRESSIF, log_), COPS_OK);
  ALL_DRAWN();
  const cops_roll *h = cops_outcome_roll(zone, COPS_OUTCOME_COVER_HITS);
  ck_assert_int_eq(cops_roll_count(h), 3);
  ck_assert_int_eq(cops_roll_successes(h), 2);
  ck_assert_int_eq(hp(joe), 17);
  cops_victim w = victim_of(zone, 0);
  ck_assert_int_eq(w.stopping, COPS_STOP_MISHAP);
  ck_assert_int_eq(w.stopping_threshold, 7);
  ck_assert_uint_eq(w.mishaps, COPS_MISHAP_KNOCKED_DOWN | COPS_MISHAP_DROP_LEFT);
  ck_assert_int_eq(w.minutes, 0);
  ck_assert_int_eq(cops_character_conditions(joe), COPS_COND_STOPPED | COPS_COND_ON_GROUND);
  expect_text(-1, "\"mishap\":\"drop_left\",\"location\":\"arms\",\"side\":\"left\"");
  expect_text(COPS_LANG_EN, "Joe drops what the left hand held");
  expect_text(COPS_LANG_EN, "Joe is knocked to the ground, away from the attack");
  /* Six bullets in: FA at 11+, only natural 10s (C1.7), and no error. 12 bullets, 6 more
   * dice: 11 dice of 5, MR 9; Joe crosses: 10 d10, six 10s; six times the abdomen (4),
   * 1 1 + 1: 3 each, 29 -> 11; Carrure 3 - 1: 9 9, no success: knocked down. */
  fresh(joe);
  cops_weapon_set(scorpion, COPS_WEAPON_LOADED, 30);
  s.dice_mod = 6;
  FACES(5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  FACES(10, 10, 10, 10, 10, 10, 1, 1, 1, 1, 4, 1, 1, 1, 4, 1, 1, 1, 4, 1, 1, 1, 4, 1, 1, 1, 4,
        1, 1, 1, 4, 1, 1, 1, 9, 9);
  ck_assert_int_eq(cops_cover_enter(zone, out, joe, NULL, COPS_NORMAL, NULL), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(hp(joe), 11);
  ck_assert_int_eq(victim_of(zone, 0).stopping_threshold, 11);
  ck_assert_int_eq(cops_roll_threshold(cops_outcome_roll(zone, COPS_OUTCOME_STOPPING)), 10);
  ck_assert_int_eq(victim_of(zone, 0).stopping, COPS_STOP_MISHAP);
  s.dice_mod = 0;
  /* From 4 bullets to the rounds loaded. */
  s.bullets = 3;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_ERULE);
  s.bullets = 19;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "from 4 to the 18 loaded"));
}
END_TEST

/* A2.3: "En cas de succès le tir couvre une zone": a covering fire that fails makes no zone,
 * so nobody rolls a nerve under it nor is pinned; the bullets are spent all the same. The
 * core rules put anyone "sous le feu" under it, made or failed (C10.5, docs/rulings.md). */
START_TEST(test_a2_3_a_failed_covering_fire_makes_no_zone)
{
  cops_situation s = alt(COPS_ATTACK_COVER, mike, NULL, scorpion, 8);
  s.bullets = 12;
  /* 5+/3 + 2 (1): 1 2 3 4 1, no success. */
  FACES(1, 2, 3, 4, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_roll_succeeded(cops_outcome_roll(out, COPS_OUTCOME_ATTACK)), 0);
  int v, zone_made = -1;
  ck_assert_int_eq(cops_weapon_get(scorpion, COPS_WEAPON_LOADED, &v), COPS_OK);
  ck_assert_int_eq(v, 18);   /* spent */
  ck_assert_int_eq(cops_cover_zone(out, &zone_made), COPS_OK);
  ck_assert_int_eq(zone_made, 0);
  const int events = cops_log_count(log_);
  cops_roll *nerve;
  ck_assert_int_eq(cops_roll_new(&nerve), COPS_OK);
  int steady = -1;
  FACES(9, 9, 9);
  ck_assert_int_eq(cops_cover_nerve_under(nerve, out, joe, log_, &steady), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "covering fire that failed makes no zone (A2.3): no "
                   "nerve roll under it");
  ck_assert_int_eq(dice.next, 0);
  ck_assert_int_eq(steady, -1);
  ck_assert_int_eq(cops_log_count(log_), events);
  ck_assert_int_eq(cops_character_conditions(joe), 0);
  /* Made: a zone, and the nerve under it names Joe by the fire's target id. */
  FACES(5, 5, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_cover_zone(out, &zone_made), COPS_OK);
  ck_assert_int_eq(zone_made, 1);
  FACES(9, 1);   /* 6+/Sang-froid 2 (3): 1 success: pinned */
  ck_assert_int_eq(cops_cover_nerve_under(nerve, out, joe, log_, &steady), COPS_OK);
  ck_assert_int_eq(steady, 0);
  ck_assert_int_eq(cops_character_conditions(joe), COPS_COND_PINNED);
  /* The core rules: a failed fire still puts Joe under fire; he rolls his nerve. */
  cops_character_set_conditions(joe, COPS_COND_PINNED, 0);
  s.ruleset = COPS_RULES_CORE;
  s.bullets = 0;   /* the core rules empty the magazine */
  FACES(1, 1, 1, 1, 1, 1, 1);
  ck_assert_msg(cops_attack(out, &s, NULL) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(cops_roll_succeeded(cops_outcome_roll(out, COPS_OUTCOME_ATTACK)), 0);
  ck_assert_int_eq(cops_cover_zone(out, &zone_made), COPS_OK);
  ck_assert_int_eq(zone_made, 1);
  FACES(9, 9);
  ck_assert_int_eq(cops_cover_nerve_under(nerve, out, joe, NULL, &steady), COPS_OK);
  ck_assert_int_eq(steady, 0);
  /* Not covering fire: refused. */
  ck_assert_int_eq(cops_cover_zone(zone, &zone_made), COPS_EINVAL);
  ck_assert_int_eq(cops_cover_zone(NULL, &zone_made), COPS_EINVAL);
  cops_roll_free(nerve);
}
END_TEST

/* A3.4: a hold against the target's Réflexes; the holder's blow against the held one's
 * Carrure; the escape with Carrure against the holder's, roles swapped when the excess
 * reaches the holder's Réflexes. A3.2: the strike. */
START_TEST(test_a3_4_hold_and_role_swap)
{
  cops_situation s = alt(COPS_ATTACK_HOLD, ann, joe, NULL, 1);
  /* Immobilisation 6+/Coordination 3 (Joe's Réflexes 3): 6 6 6. */
  FACES(6, 6, 6);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_outcome_hit_target(out), 1);
  ck_assert_int_eq(cops_character_conditions(joe), COPS_COND_HELD);
  ck_assert_ptr_null(cops_outcome_roll(out, COPS_OUTCOME_STOPPING) &&
                             cops_roll_count(cops_outcome_roll(out, COPS_OUTCOME_STOPPING))
                         ? (void *)1 : NULL);
  /* Held, Joe can only try to escape. */
  cops_situation back = alt(COPS_ATTACK_STRIKE, joe, ann, NULL, 1);
  ck_assert_int_eq(cops_attack(out, &back, NULL), COPS_ERULE);
  /* Ann strikes the held Joe: against his Carrure (1 here), not his Réflexes (3). 6 6 1, MR
   * 1; abdomen (4): (Carrure 2 + 1) d6 2 3 4: 4. FA 1 at 7+: Sang-froid 2 > Carrure 1: 7 7. */
  cops_character_set_characteristic(joe, COPS_CARRURE, 1);
  s = alt(COPS_ATTACK_STRIKE, ann, joe, NULL, 1);
  s.holding = 1;
  FACES(6, 6, 1, 4, 2, 3, 4, 7, 7);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_roll_difficulty(cops_outcome_roll(out, COPS_OUTCOME_ATTACK)), 1);
  ck_assert_int_eq(hit_of(out, 0).damage, 4);
  ck_assert_int_eq(victim_of(out, 0).stopping, COPS_STOP_UNAFFECTED);
  cops_character_set_characteristic(joe, COPS_CARRURE, 3);
  /* Joe escapes: Immobilisation 6+/Carrure 3 against Ann's Carrure 2; Agressif adds no die
   * to an escape. 6 7 8: MR 1, Ann's Réflexes 1: the roles swap. */
  s = alt(COPS_ATTACK_ESCAPE, joe, ann, NULL, 1);
  s.attitude = COPS_AGRESSIF;
  FACES(6, 7, 8);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  const cops_roll *r = cops_outcome_roll(out, COPS_OUTCOME_ATTACK);
  ck_assert_int_eq(cops_roll_pool_size(r), 3);
  ck_assert_int_eq(cops_roll_difficulty(r), 2);
  ck_assert_int_eq(cops_character_conditions(joe), 0);
  ck_assert_int_eq(cops_character_conditions(ann), COPS_COND_HELD);
  expect_text(-1, "\"freed\":true,\"swapped\":true");
  expect_text(COPS_LANG_EN, "Joe breaks free and now holds Ann");
  /* Holding is the holder's. */
  s = alt(COPS_ATTACK_STRIKE, mike, joe, NULL, 1);
  s.holding = 1;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "Joe is not held"));
}
END_TEST

/* A3.2: an unarmed strike that only the armour's dice reduce, never its fixed part. */
START_TEST(test_a3_2_strike_armour_dice_only)
{
  cops_situation s = alt(COPS_ATTACK_STRIKE, mike, joe, NULL, 1);
  s.armour = vest;
  /* 6+/3 (Réflexes 3): 6 6 6; torso (6): (3 + 2) d6 1 2 6 3 4, the highest 6; the vest's
   * 2d6 1 2 = 3 (its fixed 1 does not count), no bonus: 3. FA 1 at 8+: 8 8 1. */
  FACES(6, 6, 6, 6, 1, 2, 6, 3, 4, 1, 2, 8, 8, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  cops_hit h = hit_of(out, 0);
  ck_assert_int_eq(h.location, COPS_ZONE_TORSO);
  ck_assert_int_eq(h.raw, 6);
  ck_assert_int_eq(h.protection, 3);
  ck_assert_int_eq(h.bonus, 0);
  ck_assert_int_eq(h.damage, 3);
  ck_assert_int_eq(hp(joe), 26);
  ck_assert_int_eq(victim_of(out, 0).stopping, COPS_STOP_UNAFFECTED);
  ck_assert_int_eq(cops_roll_threshold(cops_outcome_roll(out, COPS_OUTCOME_STOPPING)), 8);
  expect_text(-1, "\"purpose\":\"highest\"");
}
END_TEST

/* A3.1: an armed strike, PU d6 plus the highest of Carrure d6, moved one step. */
START_TEST(test_a3_1_armed_strike)
{
  cops_situation s = alt(COPS_ATTACK_MELEE, mike, joe, knife, 1);
  s.aim = 10;
  s.dice_mod = 1;
  /* 5+/3 + 1 (3): 5 6 7 8, MR 1; 2 -> 3 (abdomen); PU 1d6 4 + the highest of 2 5 3: 9;
   * + 1d6 2: 11. FA 1 at (5 + 3)+: 8 1 1, one success: stopped. */
  FACES(5, 6, 7, 8, 2, 4, 2, 5, 3, 2, 8, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  cops_hit h = hit_of(out, 0);
  ck_assert_int_eq(h.rolled, 2);
  ck_assert_int_eq(h.die, 3);
  ck_assert_int_eq(h.location, COPS_ZONE_ABDOMEN);
  ck_assert_int_eq(h.raw, 9);
  ck_assert_int_eq(h.bonus, 2);
  ck_assert_int_eq(h.damage, 11);
  ck_assert_int_eq(victim_of(out, 0).stopping, COPS_STOP_STOPPED);
  ck_assert_int_eq(cops_roll_threshold(cops_outcome_roll(out, COPS_OUTCOME_STOPPING)), 8);
  /* The target does not roll: nothing of its own is accepted. */
  cops_weapon *none = NULL;
  s.target_weapon = knife;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_EINVAL);
  s.target_weapon = none;
  s.target_mode = COPS_ATTACK_STRIKE;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "the target does not roll"));
}
END_TEST

/* A3.3: a throw of two metres, (the target's Carrure + bonus) d6, FA 2 at (5 + its Carrure)+. */
START_TEST(test_a3_3_throw)
{
  cops_situation s = alt(COPS_ATTACK_THROW, mike, joe, NULL, 1);
  s.dice_mod = 2;
  /* 6+/3 + 2 (3): 6 6 6 6 6, MR 2; head (10): (3 + 3) d6 1 1 1 1 1 5: 5. FA 2 at 8+:
   * 9 9 9. */
  FACES(6, 6, 6, 6, 6, 10, 1, 1, 1, 1, 1, 5, 9, 9, 9);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_OK);
  ALL_DRAWN();
  int m;
  ck_assert_int_eq(cops_outcome_margin(out, &m), COPS_OK);
  ck_assert_int_eq(m, 2);
  ck_assert_int_eq(hit_of(out, 0).damage, 5);
  ck_assert_int_eq(cops_character_conditions(joe), COPS_COND_ON_GROUND);
  expect_text(-1, "\"margin\":2,\"metres\":2");
  expect_text(COPS_LANG_EN, "Joe is thrown 2 metres");
  s.aim = 10;   /* a throw's location does not move */
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_EINVAL);
}
END_TEST

/* A1.1 attack dice and defence on the threshold; A2's difficulties; A4.3 at PV = max/2. */
START_TEST(test_a1_1_a2_a4_3_modifiers)
{
  cops_situation s = alt(COPS_ATTACK_SINGLE, mike, joe, vulcan, 5);
  s.attitude = COPS_AGRESSIF;
  s.target_attitude = COPS_ULTRA_VIOLENT;
  FACES(1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ALL_DRAWN();
  const cops_roll *r = cops_outcome_roll(out, COPS_OUTCOME_ATTACK);
  ck_assert_int_eq(cops_roll_pool_size(r), 4);     /* +1 d10 */
  ck_assert_int_eq(cops_roll_threshold(r), 3);     /* 5 - 2 */
  s.attitude = COPS_PLANQUE;
  s.target_attitude = COPS_PLANQUE;
  FACES(1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(r), 2);
  ck_assert_int_eq(cops_roll_threshold(r), 7);
  s.attitude = s.target_attitude = 0;
  /* 1 up to 10 m (10 included), 2 up to the range (20), 3 up to twice; beyond: no roll. */
  const int at[][2] = {{10, 1}, {11, 2}, {20, 2}, {21, 3}, {40, 3}};
  for (int k = 0; k < 5; k++) {
    s.distance = at[k][0];
    FACES(1, 1, 1);
    ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
    ck_assert_int_eq(cops_roll_difficulty(r), at[k][1]);
  }
  s.distance = 41;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_outcome_possible(out), 0);
  /* A4.3: Ann has 26 hit points; at 13 the alternative rules take a die, the core ones not. */
  cops_character_set_hp(ann, 13);
  s = alt(COPS_ATTACK_SINGLE, ann, joe, vulcan, 5);
  FACES(1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(r), 2);
  s.ruleset = COPS_RULES_CORE;
  s.initiative = 2;   /* the only one Réflexes 1 allows (C6), two dice more (C6.2) */
  FACES(1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_OK);
  ck_assert_int_eq(cops_roll_pool_size(r), 5);
  ALL_DRAWN();
}
END_TEST

/* What the alternative rules refuse, and all or nothing. */
START_TEST(test_errors_and_all_or_nothing)
{
  cops_situation s = alt(COPS_ATTACK_SINGLE, mike, joe, vulcan, 5);
  s.initiative = 1;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "orders the round and adds no dice"));
  s.initiative = 0;
  s.aim = 11;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_EINVAL);
  s.aim = 0;
  s.knockout_minutes = 1441;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_EINVAL);
  s.knockout_minutes = 0;
  s.holding = 1;
  ck_assert_int_eq(cops_attack(out, &s, NULL), COPS_EINVAL);
  s.holding = 0;
  /* The source running dry in the middle of a burst changes nothing. */
  s = alt(COPS_ATTACK_BURST, mike, joe, scorpion, 5);
  ck_assert_int_eq(cops_character_set_points(mike, 1, 0), COPS_OK);
  ck_assert_int_eq(cops_character_set_current_points(mike, COPS_ADRENALINE, 1), COPS_OK);
  s.adrenaline = 1;
  const int count = cops_log_count(log_);
  FACES(6, 6, 6, 6, 3, 1);
  ck_assert_int_eq(cops_attack(out, &s, log_), COPS_ERNG);
  ck_assert_int_eq(hp(joe), 29);
  ck_assert_int_eq(cops_character_conditions(joe), 0);
  int v;
  ck_assert_int_eq(cops_weapon_get(scorpion, COPS_WEAPON_LOADED, &v), COPS_OK);
  ck_assert_int_eq(v, 30);
  int left, max;
  ck_assert_int_eq(cops_character_points(mike, COPS_ADRENALINE, &left, &max), COPS_OK);
  ck_assert_int_eq(left, 1);
  ck_assert_int_eq(cops_log_count(log_), count);
  ck_assert_int_eq(cops_outcome_mode(out), COPS_ESTATE);
}
END_TEST

/* An encounter under A1: its initiatives rolled and kept (A1.2), the actions in decreasing
 * order (A1.3), a stopped combatant losing its next action (A5), a hand dropping its
 * weapon (A5), the declarations' checks. */
static cops_encounter *duel(void)
{
  cops_encounter *e;
  ck_assert_int_eq(cops_encounter_new(&e, ctx, COPS_RULES_ALTERNATIVE), COPS_OK);
  ck_assert_int_eq(cops_encounter_ruleset(e), COPS_RULES_ALTERNATIVE);
  ck_assert_int_eq(cops_encounter_add(e, mike, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, joe, 1, 5, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e, 0, vulcan), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e, 1, knife), COPS_OK);
  cops_encounter_set_controlled(e, 0, 1);
  cops_encounter_set_controlled(e, 1, 1);
  return e;
}

static void declare(cops_encounter *e, int id, int action, int target, int aim, int keep)
{
  cops_declaration d;
  cops_declaration_init(&d, action);
  d.target = target;
  d.aim = aim;
  d.keep = keep;
  ck_assert_int_eq(cops_encounter_declare(e, id, &d), COPS_OK);
}

START_TEST(test_a1_encounter_round)
{
  cops_encounter *e = duel();
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  /* Under A the initiative is rolled: a chosen one is refused. */
  cops_declaration d;
  cops_declaration_init(&d, COPS_ACT_SHOOT);
  d.target = 1;
  d.initiative = 2;
  ck_assert_int_eq(cops_encounter_declare(e, 0, &d), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "it is rolled (A1.2)"));
  int lo, hi, allowed;
  ck_assert_int_eq(cops_encounter_initiative_range(e, 0, &lo, &hi), COPS_OK);
  ck_assert_int_eq(lo, 0);   /* what a tabletop offers: nothing to choose */
  ck_assert_int_eq(hi, 0);
  ck_assert_int_eq(cops_encounter_allowed(e, 0, COPS_ACT_SHOOT, &allowed, NULL, 0), COPS_OK);
  ck_assert_int_eq(allowed, 1);
  /* The odds a tabletop shows before the player commits: A5's results. */
  cops_attack_odds *odds;
  ck_assert_int_eq(cops_attack_odds_new(&odds, ctx), COPS_OK);
  d.initiative = 0;
  d.aim = 10;
  ck_assert_int_eq(cops_encounter_odds(e, 0, &d, odds), COPS_OK);
  double p_mishap, p_steady;
  ck_assert_int_eq(cops_attack_odds_stopping(odds, COPS_STOP_MISHAP, &p_mishap), COPS_OK);
  ck_assert_int_eq(cops_attack_odds_stopping(odds, COPS_STOP_STEADY, &p_steady), COPS_OK);
  ck_assert(p_mishap > 0 && p_steady == 0);
  cops_attack_odds_free(odds);
  declare(e, 0, COPS_ACT_SHOOT, 1, 10, 0);
  cops_declaration_init(&d, COPS_ACT_MOVE);
  d.moving = 1;
  d.x = 4;
  ck_assert_int_eq(cops_encounter_declare(e, 1, &d), COPS_OK);
  /* Initiatives: Mike 5 d10 2 3 4 5 6, 6; Joe 3 d10 9 1 1, 9: Joe moves first, then Mike
   * shoots at 4 m: 5 6 1, MR 1; 9 -> 10, the head: 1 1 1 + 1 1 1 = 6; 29 -> 23; FA 2 at
   * 6+: 6 6 1, as many as the FA: stopped. */
  FACES(2, 3, 4, 5, 6, 9, 1, 1, 5, 6, 1, 9, 1, 1, 1, 1, 1, 1, 6, 6, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(hp(joe), 23);
  ck_assert_int_eq(cops_character_conditions(joe) & COPS_COND_STOPPED, COPS_COND_STOPPED);
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &text), COPS_OK);
  const char *init_mike = strstr(text, "\"type\":\"initiative\",\"actor\":\"Mike\"");
  const char *move = strstr(text, "\"type\":\"move\"");
  const char *attack = strstr(text, "\"type\":\"attack\"");
  ck_assert_ptr_nonnull(init_mike);
  ck_assert_ptr_nonnull(strstr(init_mike, "\"kept\":6,\"attitude\":0,\"circumstances\":0,"
                                          "\"initiative\":6"));
  ck_assert_msg(move && attack && move < attack, "Joe (9) acts before Mike (6)");
  ck_assert_ptr_nonnull(strstr(text, "\"rules\":\"alternative\""));
  cops_free(text);
  /* Round 2: Mike keeps the highest die not above 3 (2 3 4 5 6: 3); Joe, stopped, loses
   * this action (1 1 1) and is no longer stopped. */
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  declare(e, 0, COPS_ACT_WAIT, -1, 0, 3);
  declare(e, 1, COPS_ACT_WAIT, -1, 0, 0);
  FACES(2, 3, 4, 5, 6, 1, 1, 1);
  cops_log_clear(cops_encounter_log(e));
  ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
  ALL_DRAWN();
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "\"kept\":3,"));
  ck_assert_ptr_nonnull(strstr(text, "\"type\":\"idle\",\"actor\":\"Joe\",\"actor_id\":1,"
                                     "\"target\":null,\"target_id\":null,\"reason\":\"stopped\""));
  cops_free(text);
  ck_assert_int_eq(cops_character_conditions(joe) & COPS_COND_STOPPED, 0);
  /* The ruleset is chosen before the first round. */
  ck_assert_int_eq(cops_encounter_set_ruleset(e, COPS_RULES_CORE), COPS_ESTATE);
  ck_assert_int_eq(cops_encounter_reset(e), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_ruleset(e, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_encounter_ruleset(e), COPS_RULES_CORE);
  ck_assert_int_eq(cops_encounter_set_ruleset(e, 7), COPS_EINVAL);
  cops_encounter_free(e);
}
END_TEST

/* A2.3 in a fight: Mike's covering fire fails; Joe, at its target, is under no fire: he
 * reloads, no face drawn for a nerve roll, not pinned. Under the core rules the same failed
 * fire makes him roll his nerve (C10.5). */
static char *cover_round(int ruleset, const int *faces, int nfaces)
{
  cops_encounter *e;
  ck_assert_int_eq(cops_encounter_new(&e, ctx, ruleset), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, mike, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, joe, 1, 8, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e, 0, scorpion), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e, 1, vulcan), COPS_OK);
  cops_weapon_set(vulcan, COPS_WEAPON_LOADED, 3);
  cops_encounter_set_controlled(e, 0, 1);
  cops_encounter_set_controlled(e, 1, 1);
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  cops_declaration d;
  cops_declaration_init(&d, COPS_ACT_COVER);
  d.target = 1;
  d.bullets = ruleset == COPS_RULES_ALTERNATIVE ? 12 : 0;
  ck_assert_int_eq(cops_encounter_declare(e, 0, &d), COPS_OK);
  cops_declaration_init(&d, COPS_ACT_RELOAD);
  ck_assert_int_eq(cops_encounter_declare(e, 1, &d), COPS_OK);
  script_faces(&dice, nfaces, faces);
  ck_assert_msg(cops_encounter_resolve_round(e) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ALL_DRAWN();
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &text), COPS_OK);
  cops_encounter_free(e);
  return text;
}

START_TEST(test_a2_3_a_failed_covering_fire_in_a_fight)
{
  /* Initiatives: Mike 5 d10 (6 kept), Joe 3 d10 (9); the fire 5+/3 + 2 (1): five 1s. */
  static const int alternative[] = {2, 3, 4, 5, 6, 9, 1, 1, 1, 1, 1, 1, 1};
  char *text = cover_round(COPS_RULES_ALTERNATIVE, alternative, 13);
  ck_assert_ptr_nonnull(strstr(text, "\"type\":\"cover\",\"actor\":\"Mike\",\"actor_id\":0,"
                                     "\"target\":\"Joe\",\"target_id\":1"));
  ck_assert_ptr_nonnull(strstr(text, "\"fired\":12,\"success\":false,\"margin\":0,\"zone\":null}"));
  ck_assert_ptr_null(strstr(text, "\"purpose\":\"nerve\""));
  ck_assert_ptr_nonnull(strstr(text, "\"type\":\"reload\",\"actor\":\"Joe\",\"actor_id\":1"));
  ck_assert_int_eq(cops_character_conditions(joe) & COPS_COND_PINNED, 0);
  cops_free(text);
  /* Core: the fire (initiative chosen) fails, Joe rolls 6+/Sang-froid (3): 9 9, pinned; his
   * reload is lost. */
  cops_weapon_set(scorpion, COPS_WEAPON_LOADED, 30);
  static const int core[] = {1, 1, 1, 1, 1, 9, 9};   /* 3 + 2 dice at 5+; Joe 2 at 6+ */
  text = cover_round(COPS_RULES_CORE, core, 7);
  ck_assert_ptr_nonnull(strstr(text, "\"fired\":30,\"success\":false,\"margin\":0,"
                                     "\"zone\":{\"x\":8,\"y\":0,\"radius\":5}}"));
  ck_assert_ptr_nonnull(strstr(text, "\"purpose\":\"nerve\""));
  ck_assert_ptr_null(strstr(text, "\"type\":\"reload\""));
  ck_assert_ptr_nonnull(strstr(text, "\"type\":\"condition\",\"actor\":null,\"actor_id\":null,"
                                     "\"target\":\"Joe\",\"target_id\":1,\"condition\":\"pinned\","
                                     "\"active\":true"));
  ck_assert_ptr_nonnull(strstr(text, "\"type\":\"idle\",\"actor\":\"Joe\",\"actor_id\":1,"
                                     "\"target\":null,\"target_id\":null,\"reason\":\"pinned\""));
  cops_free(text);
}
END_TEST

/* A5 in an encounter: a mishap on the right arm drops the knife in Joe's hand. */
START_TEST(test_a5_encounter_drop)
{
  cops_encounter *e = duel();
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  declare(e, 0, COPS_ACT_SHOOT, 1, 0, 0);
  declare(e, 1, COPS_ACT_WAIT, -1, 0, 0);
  /* Mike 9 1 1 1 1, Joe 1 1 1; 5 5 1, MR 1 but no aim; right arm (8): 1 1 1 = 3; FA 2 at
   * 6+: 1 1 1: a mishap, the right hand drops the knife. */
  FACES(9, 1, 1, 1, 1, 1, 1, 1, 5, 5, 1, 8, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
  ALL_DRAWN();
  int hand;
  ck_assert_int_eq(cops_encounter_hand(e, 1, &hand), COPS_OK);
  ck_assert_int_eq(hand, -1);
  ck_assert_ptr_null(cops_encounter_weapon(e, 1));
  /* The save keeps it, and reads it back. */
  char *saved;
  ck_assert_int_eq(cops_encounter_save(e, &saved), COPS_OK);
  ck_assert_ptr_nonnull(strstr(saved, "\"alternative\""));
  cops_encounter *back;
  ck_assert_int_eq(cops_encounter_load(&back, ctx, saved), COPS_OK);
  ck_assert_int_eq(cops_encounter_ruleset(back), COPS_RULES_ALTERNATIVE);
  ck_assert_int_eq(cops_encounter_hand(back, 1, &hand), COPS_OK);
  ck_assert_int_eq(hand, -1);
  char *again;
  ck_assert_int_eq(cops_encounter_save(back, &again), COPS_OK);
  ck_assert_str_eq(saved, again);
  cops_free(saved);
  cops_free(again);
  cops_encounter_free(back);
  cops_encounter_free(e);
}
END_TEST

/* A scenario under the alternative rules, with the declarations' fields of A scripted. */
START_TEST(test_a_scenario_scripts_the_fields_of_a)
{
  cops_scenario *sc;
  ck_assert_int_eq(cops_scenario_from_json(&sc, ctx,
    "{\"schema\":1,\"name\":\"A\",\"ruleset\":\"alternative\",\"combatants\":["
    "{\"sheet\":\"../sheets/mike.json\",\"side\":\"COPS\",\"position\":[0,0],"
    "\"weapons\":[\"../weapons/vulcan-051.json\"]},"
    "{\"sheet\":\"../sheets/joe.json\",\"side\":\"gang\",\"position\":[8,0]}],"
    "\"rounds\":[{\"round\":1,\"declarations\":[{\"combatant\":0,\"action\":\"shoot\","
    "\"target\":1,\"aim\":10,\"keep\":3,\"circumstances\":2}]}]}", SHEETS_DIR), COPS_OK);
  cops_encounter *e = cops_scenario_encounter(sc);
  ck_assert_int_eq(cops_encounter_ruleset(e), COPS_RULES_ALTERNATIVE);
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  cops_declaration d;
  cops_declaration_init(&d, COPS_ACT_WAIT);
  ck_assert_int_eq(cops_encounter_declaration(e, 0, &d), COPS_OK);
  ck_assert_int_eq(d.aim, 10);
  ck_assert_int_eq(d.keep, 3);
  ck_assert_int_eq(d.circumstances, 2);
  cops_scenario_free(sc);
  /* Under the core rules the same script is refused, naming the round. */
  ck_assert_int_eq(cops_scenario_from_json(&sc, ctx,
    "{\"schema\":1,\"name\":\"A\",\"combatants\":["
    "{\"sheet\":\"../sheets/mike.json\",\"side\":\"COPS\",\"position\":[0,0],"
    "\"weapons\":[\"../weapons/vulcan-051.json\"]},"
    "{\"sheet\":\"../sheets/joe.json\",\"side\":\"gang\",\"position\":[8,0]}],"
    "\"rounds\":[{\"round\":1,\"declarations\":[{\"combatant\":0,\"action\":\"shoot\","
    "\"target\":1,\"initiative\":2,\"aim\":10}]}]}", SHEETS_DIR), COPS_OK);
  ck_assert_int_eq(cops_encounter_begin_round(cops_scenario_encounter(sc)), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "round 1"));
  cops_scenario_free(sc);
}
END_TEST

START_TEST(test_names)
{
  int r;
  ck_assert_str_eq(cops_ruleset_name(COPS_RULES_ALTERNATIVE), "alternative");
  ck_assert_ptr_null(cops_ruleset_name(COPS_RULES_COUNT));
  ck_assert_int_eq(cops_ruleset_parse("core", &r), COPS_OK);
  ck_assert_int_eq(r, COPS_RULES_CORE);
  ck_assert_int_eq(cops_ruleset_parse("alternative", &r), COPS_OK);
  ck_assert_int_eq(r, COPS_RULES_ALTERNATIVE);
  ck_assert_int_eq(cops_ruleset_parse("house", &r), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_ruleset_parse(NULL, &r), COPS_EINVAL);
  const int sides[11] = {0, 1, 2, 0, 0, 0, 0, 0, 1, 2, 0};
  for (int d = 1; d <= 10; d++)
    ck_assert_int_eq(cops_body_side_of_die(d), sides[d]);
  ck_assert_int_eq(cops_body_side_of_die(0), COPS_ERANGE);
  ck_assert_str_eq(cops_body_side_name(COPS_BODY_LEFT, COPS_LANG_FR), "gauche");
  ck_assert_ptr_null(cops_body_side_name(COPS_BODY_NONE, COPS_LANG_EN));
  ck_assert_str_eq(cops_mishap_name(COPS_MISHAP_KNOCKED_DOWN), "knocked_down");
  ck_assert_ptr_null(cops_mishap_name(3));
  ck_assert_str_eq(cops_stopping_name(COPS_STOP_UNAFFECTED, COPS_LANG_FR), "pas affecté");
}
END_TEST

static Suite *suite(void)
{
  Suite *su = suite_create("alternative");
  TCase *tc = tcase_create("alternative");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_a2_1_single_shot_shift_and_head_mishap);
  tcase_add_test(tc, test_a2_2_burst);
  tcase_add_test(tc, test_a2_3_covering_fire);
  tcase_add_test(tc, test_a2_3_a_failed_covering_fire_makes_no_zone);
  tcase_add_test(tc, test_a3_4_hold_and_role_swap);
  tcase_add_test(tc, test_a3_2_strike_armour_dice_only);
  tcase_add_test(tc, test_a3_1_armed_strike);
  tcase_add_test(tc, test_a3_3_throw);
  tcase_add_test(tc, test_a1_1_a2_a4_3_modifiers);
  tcase_add_test(tc, test_errors_and_all_or_nothing);
  tcase_add_test(tc, test_a1_encounter_round);
  tcase_add_test(tc, test_a5_encounter_drop);
  tcase_add_test(tc, test_a2_3_a_failed_covering_fire_in_a_fight);
  tcase_add_test(tc, test_a_scenario_scripts_the_fields_of_a);
  tcase_add_test(tc, test_names);
  suite_add_tcase(su, tc);
  return su;
}

TEST_MAIN(suite)
