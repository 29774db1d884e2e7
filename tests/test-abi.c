/* ABI (docs/abi.md): a program built against the 0.6 headers keeps working.
 * The structs below are frozen copies of the 0.6 layouts, each followed by
 * guard words. The test calls the library as a 0.6 program did (the plain
 * function symbols, bypassing the 0.7 macros with parentheses) and checks
 * that nothing past a struct is written and the results are the same as
 * with the current structs. Keep this file for every later version: add the
 * new version's frozen layouts, never change these. */
#include <stdio.h>

#include "testutil.h"

/* ---- the 0.6 layouts, frozen --------------------------------------------- */
typedef struct action_v06 {
  uint32_t size;
  int dice;
  int threshold;
  int difficulty;
  int dice_mod;
  int threshold_mod;
  int difficulty_mod;
  unsigned flags;
} action_v06;

typedef struct situation_v06 {
  uint32_t size;
  int ruleset;
  int mode;
  cops_character *attacker;
  cops_weapon *weapon;
  int attitude;
  int initiative;
  int characteristic;
  int movement;
  int shots_fired;
  int several;
  cops_character *target;
  const cops_armour *armour;
  int target_attitude;
  cops_weapon *target_weapon;
  int target_mode;
  const cops_armour *attacker_armour;
  int distance;
  int dice_mod;
  int threshold_mod;
  int difficulty_mod;
  int target_dice_mod;
  int target_stopping;
  int attacker_stopping;
  int penetration;
} situation_v06;

typedef struct hit_v06 {
  uint32_t size;
  int victim;
  int bullet;
  int die;
  int location;
  int modifier;
  int raw;
  int protection;
  int bonus;
  int damage;
  int stopped;
} hit_v06;

typedef struct victim_v06 {
  uint32_t size;
  const cops_character *who;
  int hits;
  int damage;
  int lasting;
  int hp_before, hp_after;
  int health_before, health_after;
  int stopping;
  int stopping_difficulty;
  unsigned conditions;
} victim_v06;

typedef struct declaration_v06 {
  uint32_t size;
  int action;
  int attitude;
  int initiative;
  int target;
  int weapon;
  int shots;
  int moving;
  int x, y;
  int difficulty;
} declaration_v06;

typedef struct event_v06 {
  uint32_t size;
  int type;
  int seq;
  int round;
  const char *actor;
  const char *target;
  const char *weapon;
  int mode;
  int attitude;
  int initiative;
  int distance;
  int purpose;
  int roll_kind;
  int pool;
  int threshold;
  int difficulty;
  int successes;
  int success;
  int margin;
  int total;
  int unskilled;
  int dice;
  int bullet;
  int die;
  int location;
  int modifier;
  int raw;
  int protection;
  int bonus;
  int damage;
  int stopped;
  int lasting;
  int hp_before;
  int hp_after;
  int health_before;
  int health_after;
  int result;
  int condition;
  int active;
  int fired;
  int hits;
  int reason;
  int used;
  int loaded;
  int stray;
  int action;
  int x, y;
  int side;
  int id;
  int target_id;
  int seeded;
  uint64_t seed;
} event_v06;

/* The situation of 0.7 and 0.8: 0.6's and the ids and the zone (0.9 grew it). */
typedef struct situation_v08 {
  situation_v06 v06;
  int attacker_id;
  int target_id;
  int zone_x;
  int zone_y;
  int zone_radius;
} situation_v08;

/* The event of 0.7 and 0.8: 0.6's and three fields (0.9 grew it again). */
typedef struct event_v08 {
  event_v06 v06;
  int actor_id;
  int capped;
  int radius;
} event_v08;

#define GUARD 0xC0FFEE11u
#define GUARDED(type) struct { type s; uint32_t guard[8]; }
static void set_guard(uint32_t *g)
{
  for (int i = 0; i < 8; i++)
    g[i] = GUARD;
}
static void check_guard(const uint32_t *g, const char *what)
{
  for (int i = 0; i < 8; i++)
    ck_assert_msg(g[i] == GUARD, "%s: the word %d after the 0.6 struct was overwritten", what, i);
}

static cops_ctx *ctx;
static cops_character *mike, *joe;
static cops_weapon *vulcan;
static cops_armour *vest;

static void setup(void)
{
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_character_load(&mike, ctx, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_load(&joe, ctx, SHEETS_DIR "/joe.json"), COPS_OK);
  ck_assert_int_eq(cops_weapon_load(&vulcan, ctx, WEAPONS_DIR "/vulcan-051.json"), COPS_OK);
  ck_assert_int_eq(cops_armour_load(&vest, ctx, ARMOUR_DIR "/gilet-pare-balles.json"), COPS_OK);
}

static void teardown(void)
{
  cops_armour_free(vest);
  cops_weapon_free(vulcan);
  cops_character_free(joe);
  cops_character_free(mike);
  cops_ctx_free(ctx);
}

START_TEST(test_0_6_action_filled_within_its_size)
{
  GUARDED(action_v06) w;
  set_guard(w.guard);
  ck_assert_int_eq((cops_action_init)((cops_action *)&w.s, 3, 5, 2), COPS_OK);
  check_guard(w.guard, "cops_action_init");
  ck_assert_uint_eq(w.s.size, sizeof w.s);
  ck_assert_int_eq(w.s.dice, 3);
  ck_assert_int_eq((cops_action_parse)((cops_action *)&w.s, ctx, "4+/3 (2) +1D"), COPS_OK);
  check_guard(w.guard, "cops_action_parse");
  ck_assert_int_eq(w.s.dice_mod, 1);
  ck_assert_int_eq((cops_character_action)((cops_action *)&w.s, mike, "6+/Réflexes (1)", 0),
                   COPS_OK);
  check_guard(w.guard, "cops_character_action");
  cops_roll *roll;
  ck_assert_int_eq(cops_roll_new(&roll), COPS_OK);
  cops_ctx_seed(ctx, 7);
  ck_assert_int_eq(cops_roll_action(roll, ctx, (const cops_action *)&w.s), COPS_OK);
  memset(&w.s, 0, sizeof w.s);
  ck_assert_int_eq((cops_roll_action_of)(roll, (cops_action *)&w.s), COPS_OK);
  check_guard(w.guard, "cops_roll_action_of");
  ck_assert_uint_eq(w.s.size, sizeof w.s);
  ck_assert_int_eq(w.s.threshold, 6);
  /* A size below the first published one is refused, never guessed at. */
  cops_action small;
  ck_assert_int_eq(cops_action_init_sized(&small, 8, 3, 5, 2), COPS_EINVAL);
  cops_roll_free(roll);
}
END_TEST

/* One shot from a 0.6 situation and from a current one: same dice, same log. */
static char *shoot(const cops_situation *s)
{
  cops_outcome *o;
  cops_log *log;
  ck_assert_int_eq(cops_outcome_new(&o), COPS_OK);
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  cops_character_set_hp(joe, 29);
  cops_weapon_reload(vulcan);
  cops_ctx_seed(ctx, 2030);
  ck_assert_int_eq(cops_attack(o, s, log), COPS_OK);
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(log, 0, &text), COPS_OK);
  /* The hits and victims read with the 0.6 sizes. */
  GUARDED(hit_v06) h;
  GUARDED(victim_v06) v;
  for (int i = 0; i < cops_outcome_hit_count(o); i++) {
    set_guard(h.guard);
    h.s.size = sizeof h.s;
    ck_assert_int_eq(cops_outcome_hit(o, i, (cops_hit *)&h.s), COPS_OK);
    check_guard(h.guard, "cops_outcome_hit");
  }
  for (int i = 0; i < cops_outcome_victim_count(o); i++) {
    set_guard(v.guard);
    v.s.size = sizeof v.s;
    ck_assert_int_eq(cops_outcome_victim(o, i, (cops_victim *)&v.s), COPS_OK);
    check_guard(v.guard, "cops_outcome_victim");
  }
  /* Every event read with the 0.6 size: the fields it knows are the current ones. */
  for (int i = 0; i < cops_log_count(log); i++) {
    GUARDED(event_v06) e;
    cops_event now;
    set_guard(e.guard);
    e.s.size = sizeof e.s;
    now.size = sizeof now;
    ck_assert_int_eq(cops_log_event(log, i, (cops_event *)&e.s), COPS_OK);
    ck_assert_int_eq(cops_log_event(log, i, &now), COPS_OK);
    check_guard(e.guard, "cops_log_event");
    ck_assert_uint_eq(e.s.size, sizeof e.s);
    ck_assert_int_eq(memcmp((const char *)&e.s + 4, (const char *)&now + 4, sizeof e.s - 4), 0);
  }
  /* And with the size of 0.7-0.8: nothing of the fields 0.9 added is written past it. */
  for (int i = 0; i < cops_log_count(log); i++) {
    GUARDED(event_v08) e;
    cops_event now;
    set_guard(e.guard);
    e.s.v06.size = sizeof e.s;
    now.size = sizeof now;
    ck_assert_int_eq(cops_log_event(log, i, (cops_event *)&e.s), COPS_OK);
    ck_assert_int_eq(cops_log_event(log, i, &now), COPS_OK);
    check_guard(e.guard, "cops_log_event (0.8 size)");
    ck_assert_int_eq(memcmp((const char *)&e.s + 4, (const char *)&now + 4, sizeof e.s - 4), 0);
  }
  cops_log_free(log);
  cops_outcome_free(o);
  return text;
}

START_TEST(test_0_6_situation_reads_as_the_current_one)
{
  GUARDED(situation_v06) w;
  set_guard(w.guard);
  ck_assert_int_eq((cops_situation_init)((cops_situation *)&w.s, COPS_ATTACK_SINGLE), COPS_OK);
  check_guard(w.guard, "cops_situation_init");
  ck_assert_uint_eq(w.s.size, sizeof w.s);
  w.s.attacker = mike;
  w.s.target = joe;
  w.s.weapon = vulcan;
  w.s.armour = vest;
  w.s.distance = 12;
  cops_situation now;
  ck_assert_int_eq(cops_situation_init(&now, COPS_ATTACK_SINGLE), COPS_OK);
  ck_assert_uint_eq(now.size, sizeof now);
  now.attacker = mike;
  now.target = joe;
  now.weapon = vulcan;
  now.armour = vest;
  now.distance = 12;
  char *old = shoot((const cops_situation *)&w.s);
  char *cur = shoot(&now);
  ck_assert_str_eq(old, cur);   /* the new fields' defaults are what 0.6 did */
  check_guard(w.guard, "cops_attack");
  cops_free(old);
  cops_free(cur);
}
END_TEST

/* A 0.8 program's situation (160 bytes) reads as the current one: the fields 0.9 added
 * (Adrénaline in the old tail padding, which 0.8's init zeroed; Ancienneté past it)
 * take their defaults, and nothing past the struct is written. */
START_TEST(test_0_8_situation_reads_as_the_current_one)
{
  GUARDED(situation_v08) w;
  set_guard(w.guard);
  ck_assert_uint_eq(sizeof w.s, 160);
  ck_assert_int_eq(cops_situation_init_sized((cops_situation *)&w.s, sizeof w.s,
                                             COPS_ATTACK_SINGLE), COPS_OK);
  check_guard(w.guard, "cops_situation_init_sized (0.8 size)");
  ck_assert_uint_eq(w.s.v06.size, sizeof w.s);
  ck_assert_int_eq(w.s.target_id, 1);
  w.s.v06.attacker = mike;
  w.s.v06.target = joe;
  w.s.v06.weapon = vulcan;
  w.s.v06.armour = vest;
  w.s.v06.distance = 12;
  cops_situation now;
  ck_assert_int_eq(cops_situation_init(&now, COPS_ATTACK_SINGLE), COPS_OK);
  ck_assert_uint_gt(sizeof now, sizeof w.s);
  now.attacker = mike;
  now.target = joe;
  now.weapon = vulcan;
  now.armour = vest;
  now.distance = 12;
  char *old = shoot((const cops_situation *)&w.s);
  char *cur = shoot(&now);
  ck_assert_str_eq(old, cur);
  check_guard(w.guard, "cops_attack (0.8 size)");
  cops_free(old);
  cops_free(cur);
}
END_TEST

START_TEST(test_0_6_declaration_filled_and_read_within_its_size)
{
  GUARDED(declaration_v06) w;
  set_guard(w.guard);
  ck_assert_int_eq((cops_declaration_init)((cops_declaration *)&w.s, COPS_ACT_SHOOT), COPS_OK);
  check_guard(w.guard, "cops_declaration_init");
  ck_assert_uint_eq(w.s.size, sizeof w.s);
  ck_assert_int_eq(w.s.shots, 1);
  cops_encounter *e;
  int a, b;
  ck_assert_int_eq(cops_encounter_new(&e, ctx, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, mike, 0, 0, 0, &a), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, joe, 1, 12, 0, &b), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e, a, vulcan), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(e, a, 1), COPS_OK);
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  w.s.target = b;
  ck_assert_int_eq(cops_encounter_declare(e, a, (const cops_declaration *)&w.s), COPS_OK);
  memset(&w.s, 0, sizeof w.s);
  w.s.size = sizeof w.s;
  ck_assert_int_eq(cops_encounter_declaration(e, a, (cops_declaration *)&w.s), COPS_OK);
  check_guard(w.guard, "cops_encounter_declaration");
  ck_assert_int_eq(w.s.target, b);
  /* The suggestion of the policy, read within a 0.6-0.8 declaration. */
  set_guard(w.guard);
  memset(&w.s, 0, sizeof w.s);
  w.s.size = sizeof w.s;
  ck_assert_int_eq(cops_encounter_suggest(e, b, (cops_declaration *)&w.s), COPS_OK);
  check_guard(w.guard, "cops_encounter_suggest");
  ck_assert_uint_eq(w.s.size, sizeof w.s);
  cops_encounter_free(e);
}
END_TEST

static Suite *abi_suite(void)
{
  Suite *s = suite_create("abi");
  TCase *tc = tcase_create("0.6");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_0_6_action_filled_within_its_size);
  tcase_add_test(tc, test_0_6_situation_reads_as_the_current_one);
  tcase_add_test(tc, test_0_6_declaration_filled_and_read_within_its_size);
  tcase_add_test(tc, test_0_8_situation_reads_as_the_current_one);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(abi_suite)
