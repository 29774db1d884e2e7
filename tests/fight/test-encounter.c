/* Encounters (COPS.md C6, C8.2, C8.5, C10.4, C10.5, C11.1): order and ties,
 * simultaneous steps, melee at initiative 0, the state between rounds, dying
 * and death, join and leave, declarations refused, the default policy,
 * scenarios, determinism. Scripted dice where a rule needs exact faces. */
#include <math.h>
#include <stdio.h>

#include "render/render.h"
#include "testutil.h"

static cops_ctx *ctx;
static script dice;
static cops_encounter *enc;
static cops_character *ch[6];
static cops_weapon *gun[6];

#define FACES(...) SCRIPT_FACES(&dice, __VA_ARGS__)

/* A shooter: Carrure 3, Coordination 3, Sang-froid 2, Réflexes r; Arme de poing 5+. */
static cops_character *shooter(const char *name, int reflexes)
{
  cops_character *c;
  ck_assert_int_eq(cops_character_new(&c, ctx), COPS_OK);
  cops_character_set_name(c, name);
  cops_character_set_characteristic(c, COPS_CARRURE, 3);
  cops_character_set_characteristic(c, COPS_COORDINATION, 3);
  cops_character_set_characteristic(c, COPS_SANG_FROID, 2);
  cops_character_set_characteristic(c, COPS_REFLEXES, reflexes);
  cops_character_set_hp(c, cops_character_max_hp(c));
  ck_assert_int_eq(cops_character_set_skill(c, COPS_ARME_DE_POING, 5, NULL), COPS_OK);
  ck_assert_int_eq(cops_character_set_skill(c, COPS_CORPS_A_CORPS, 6, "coups"), COPS_OK);
  cops_character_add_specialisation(c, COPS_CORPS_A_CORPS, "immobilisations");
  cops_character_add_specialisation(c, COPS_CORPS_A_CORPS, "projections");
  return c;
}

static cops_weapon *vulcan(const char *name)
{
  cops_weapon *w;
  ck_assert_int_eq(cops_weapon_new(&w, ctx, COPS_HANDGUN, name), COPS_OK);
  cops_weapon_set(w, COPS_WEAPON_RANGE, 20);
  cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 12);
  cops_weapon_set(w, COPS_WEAPON_LOADED, 12);
  cops_weapon_set(w, COPS_WEAPON_CT, 2);
  return w;
}

static void setup(void)
{
  ctx = SCRIPT(&dice, 1);
  dice.n = 0;
  ck_assert_int_eq(cops_encounter_new(&enc, ctx, COPS_RULES_CORE), COPS_OK);
  static const char *const names[6] = {"Ana", "Ben", "Cy", "Dee", "Eve", "Finn"};
  static const int reflexes[6] = {5, 3, 3, 1, 3, 3};
  for (int i = 0; i < 6; i++) {
    ch[i] = shooter(names[i], reflexes[i]);
    gun[i] = vulcan("Vulcan 051");
  }
}

static void teardown(void)
{
  cops_encounter_free(enc);
  for (int i = 0; i < 6; i++) {
    cops_character_free(ch[i]);
    cops_weapon_free(gun[i]);
  }
  cops_ctx_free(ctx);
}

/* An example scenario in a context of its own. */
static cops_scenario *open_scenario(cops_ctx **c, const char *name)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s.json", SCENARIOS_DIR, name);
  cops_scenario *s = NULL;
  ck_assert_int_eq(cops_ctx_new(c), COPS_OK);
  ck_assert_msg(cops_scenario_load(&s, *c, path) == COPS_OK, "%s: %s", path,
                cops_ctx_errmsg(*c));
  return s;
}

/* Add combatant i on a side at (x, y), armed, controlled by the test. */
static int join(int i, int side, int x, int y)
{
  int id;
  ck_assert_int_eq(cops_encounter_add(enc, ch[i], side, x, y, &id), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(enc, id, gun[i]), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(enc, id, 1), COPS_OK);
  return id;
}

static cops_declaration decl(int action, int target, int attitude, int initiative)
{
  cops_declaration d;
  ck_assert_int_eq(cops_declaration_init(&d, action), COPS_OK);
  d.target = target;
  d.attitude = attitude;
  d.initiative = initiative;
  return d;
}

static void declare(int id, cops_declaration d)
{
  ck_assert_msg(cops_encounter_declare(enc, id, &d) == COPS_OK, "declare %d: %s", id,
                cops_ctx_errmsg(ctx));
}

/* The actors of the log's events of one type, in order, as "Ana,Ben,". */
static const char *actors(int type, char *buf, size_t cap)
{
  cops_log *log = cops_encounter_log(enc);
  buf[0] = '\0';
  for (int i = 0; i < cops_log_count(log); i++) {
    cops_event e;
    memset(&e, 0, sizeof e);
    e.size = sizeof e;
    cops_log_event(log, i, &e);
    if (e.type == type && strlen(buf) + 16 < cap) {
      strcat(buf, e.actor ? e.actor : "-");
      strcat(buf, ",");
    }
  }
  return buf;
}

static int count_events(int type, int field_reason)
{
  cops_log *log = cops_encounter_log(enc);
  int n = 0;
  for (int i = 0; i < cops_log_count(log); i++) {
    cops_event e;
    memset(&e, 0, sizeof e);
    e.size = sizeof e;
    cops_log_event(log, i, &e);
    n += e.type == type && (field_reason < 0 || e.reason == field_reason);
  }
  return n;
}

/* The pool of the n-th ROLL event of purpose attack (0-based). */
static int attack_pool(int n)
{
  cops_log *log = cops_encounter_log(enc);
  for (int i = 0; i < cops_log_count(log); i++) {
    cops_event e;
    memset(&e, 0, sizeof e);
    e.size = sizeof e;
    cops_log_event(log, i, &e);
    if (e.type == COPS_EV_ROLL && e.purpose == COPS_PURPOSE_ATTACK && n-- == 0)
      return e.pool;
  }
  return -1;
}

/* C6: increasing initiative; ties by Réflexes, then the more aggressive attitude. */
START_TEST(test_c6_order_and_ties)
{
  const int a = join(0, 0, 0, 0), b = join(1, 0, 0, 2), c = join(2, 1, 5, 0),
            d = join(3, 1, 5, 2);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(d, decl(COPS_ACT_SHOOT, a, 0, 2));                  /* Réflexes 1: +2 only */
  declare(c, decl(COPS_ACT_SHOOT, a, COPS_NORMAL, 0));
  declare(b, decl(COPS_ACT_SHOOT, c, COPS_AGRESSIF, 0));      /* same init and Réflexes */
  declare(a, decl(COPS_ACT_SHOOT, c, 0, -2));
  /* Every die a 1: every shot misses. Pools: Ana 3-2=1, Ben 4, Cy 3, Dee 3+2=5. */
  FACES(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  char buf[256];
  ck_assert_str_eq(actors(COPS_EV_ATTACK, buf, sizeof buf), "Ana,Ben,Cy,Dee,");
  ck_assert_int_eq(attack_pool(0), 1);
  ck_assert_int_eq(attack_pool(3), 5);
  ck_assert_int_eq(cops_encounter_round(enc), 1);
  ck_assert_int_eq(cops_encounter_over(enc), 0);
  /* Réflexes before attitude: Ana (5) Ultra-violent... at the same initiative as Ben (3). */
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_log_clear(cops_encounter_log(enc));
  declare(b, decl(COPS_ACT_SHOOT, c, COPS_ULTRA_VIOLENT, 0));
  declare(a, decl(COPS_ACT_SHOOT, c, COPS_PLANQUE, 0));
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  declare(d, decl(COPS_ACT_WAIT, -1, 0, 2));
  FACES(1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_str_eq(actors(COPS_EV_ATTACK, buf, sizeof buf), "Ana,Ben,");
}
END_TEST

/* C6: equal initiative, Réflexes and attitude act at once, against the state at the
 * step's start; otherwise the later one may be down before acting. */
START_TEST(test_c6_simultaneous)
{
  const int b = join(1, 0, 0, 0), c = join(2, 1, 5, 0);
  cops_character_set_hp(ch[1], 1);
  cops_character_set_hp(ch[2], 1);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(b, decl(COPS_ACT_SHOOT, c, 0, 0));
  declare(c, decl(COPS_ACT_SHOOT, b, 0, 0));
  /* Each at 1 hit point (below half: -1 die): 2 dice 9 9, location 1, 5d6 of 1: 5 damage,
   * 1 -> -4, dying: no stopping roll. */
  FACES(9, 9, 1, 1, 1, 1, 1, 1, 9, 9, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  char buf[256];
  ck_assert_str_eq(actors(COPS_EV_ATTACK, buf, sizeof buf), "Ben,Cy,");
  int hp;
  cops_character_hp(ch[1], &hp);
  ck_assert_int_eq(hp, -4);
  cops_character_hp(ch[2], &hp);
  ck_assert_int_eq(hp, -4);
  /* Both sides down: over, no winner. */
  ck_assert_int_eq(cops_encounter_over(enc), 1);
  ck_assert_int_eq(cops_encounter_winner(enc), -1);
}
END_TEST

START_TEST(test_c6_not_simultaneous)
{
  const int b = join(1, 0, 0, 0), c = join(2, 1, 5, 0);
  cops_character_set_hp(ch[2], 1);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(b, decl(COPS_ACT_SHOOT, c, COPS_AGRESSIF, 0));   /* more aggressive: first */
  declare(c, decl(COPS_ACT_SHOOT, b, 0, 0));
  FACES(9, 9, 9, 9, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  char buf[256];
  ck_assert_str_eq(actors(COPS_EV_ATTACK, buf, sizeof buf), "Ben,");
  ck_assert_int_eq(count_events(COPS_EV_IDLE, COPS_IDLE_DOWN), 1);
  ck_assert_int_eq(cops_encounter_over(enc), 1);
  ck_assert_int_eq(cops_encounter_winner(enc), 0);
}
END_TEST

/* C6.4: melee at initiative 0, before other actions at 0; two fighters attacking each
 * other make one exchange. */
/* C6.4 (corrected against the source): melee counts as initiative 0 and takes its place
 * among the other actions at 0 by the tie rule: higher Réflexes first, then the more
 * aggressive attitude, else simultaneous. */
START_TEST(test_c6_4_melee_ordered_at_zero_by_the_tie_rule)
{
  const int a = join(0, 0, 0, 0), b = join(1, 0, 5, 0), c = join(2, 1, 6, 0),
            d = join(3, 1, 30, 0), e = join(4, 1, 8, 0);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(a, decl(COPS_ACT_SHOOT, d, 0, 0));      /* Ana, Réflexes 5, a shot at 0 */
  declare(b, decl(COPS_ACT_STRIKE, c, 0, 0));     /* Ben and Cy, Réflexes 3: melee */
  declare(c, decl(COPS_ACT_STRIKE, b, 0, 0));
  declare(d, decl(COPS_ACT_SHOOT, a, 1, 2));      /* Dee, Réflexes 1: +2 only */
  declare(e, decl(COPS_ACT_WAIT, -1, 0, 0));
  /* Ana 3 dice at 30 m; the exchange Ben 3 and Cy 3; Dee 3 + 1 Agressif + 2: all 1s. */
  FACES(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  char buf[256];
  ck_assert_str_eq(actors(COPS_EV_ATTACK, buf, sizeof buf), "Ana,Ben,Dee,");
  /* Réflexes equal (3): Eve's Agressif shot at 0 before the Normal exchange. */
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_log_clear(cops_encounter_log(enc));
  declare(a, decl(COPS_ACT_WAIT, -1, 0, 0));
  declare(b, decl(COPS_ACT_STRIKE, c, 0, 0));
  declare(c, decl(COPS_ACT_STRIKE, b, 0, 0));
  declare(d, decl(COPS_ACT_WAIT, -1, 0, 2));
  declare(e, decl(COPS_ACT_SHOOT, a, 1, 0));
  FACES(1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  ck_assert_str_eq(actors(COPS_EV_ATTACK, buf, sizeof buf), "Eve,Ben,");
}
END_TEST

START_TEST(test_c6_4_melee_at_zero_and_one_exchange)
{
  const int b = join(1, 0, 0, 0), c = join(2, 1, 1, 0), e = join(4, 1, 8, 0);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(e, decl(COPS_ACT_SHOOT, b, 0, 0));      /* id 2, initiative 0, not melee */
  declare(c, decl(COPS_ACT_STRIKE, b, 0, 0));
  declare(b, decl(COPS_ACT_STRIKE, c, 0, 0));
  /* One exchange: Ben 3 dice (Réflexes 3) and Cy 3, all 1: nobody hits. Eve: 3 dice. */
  FACES(1, 1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  char buf[256];
  ck_assert_str_eq(actors(COPS_EV_ATTACK, buf, sizeof buf), "Ben,Eve,");
  /* A melee declaration needs initiative 0; a shot's initiative must fit Réflexes. */
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_declaration d = decl(COPS_ACT_STRIKE, c, 0, 1);
  ck_assert_int_eq(cops_encounter_declare(enc, b, &d), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "melee has none"));
  d = decl(COPS_ACT_SHOOT, c, 0, -1);
  ck_assert_int_eq(cops_encounter_declare(enc, b, &d), COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "outside +0..+2 that Réflexes 3"));
}
END_TEST

/* The pool of the first roll of combatant id in the log (attack or defence). */
static int pool_of(int id)
{
  cops_log *log = cops_encounter_log(enc);
  for (int i = 0; i < cops_log_count(log); i++) {
    cops_event e;
    memset(&e, 0, sizeof e);
    e.size = sizeof e;
    cops_log_event(log, i, &e);
    if (e.type == COPS_EV_ROLL && e.actor_id == id &&
        (e.purpose == COPS_PURPOSE_ATTACK || e.purpose == COPS_PURPOSE_DEFENCE))
      return e.pool;
  }
  return -1;
}

/* In a melee exchange each fighter's own modifiers go to its own pool, whichever of the
 * two joined first and so opens the exchange (C6.1-C6.3, C10.4, C1.7, C5): Cy, shaken,
 * moving 7 m, with the GM's +3 dice and an Adrénaline point, against Ben. */
START_TEST(test_c11_each_fighter_own_modifiers)
{
  for (int cy_first = 0; cy_first < 2; cy_first++) {
    cops_encounter_free(enc);
    ck_assert_int_eq(cops_encounter_new(&enc, ctx, COPS_RULES_CORE), COPS_OK);
    cops_character_set_conditions(ch[1], COPS_COND_ALL, 0);
    cops_character_set_conditions(ch[2], COPS_COND_ALL, 0);
    cops_character_set_conditions(ch[2], COPS_COND_SHAKEN, 1);
    ck_assert_int_eq(cops_character_set_points(ch[2], 2, 0), COPS_OK);
    int ben, cy;
    if (cy_first) {
      cy = join(2, 1, 8, 0);
      ben = join(1, 0, 0, 0);
    } else {
      ben = join(1, 0, 0, 0);
      cy = join(2, 1, 8, 0);
    }
    ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
    declare(ben, decl(COPS_ACT_STRIKE, cy, 0, 0));
    cops_declaration d = decl(COPS_ACT_STRIKE, ben, 0, 0);
    d.moving = 1;
    d.x = 1;
    d.dice_mod = 3;
    d.adrenaline = 1;
    declare(cy, d);
    /* Ben 3 dice (Réflexes 3); Cy 3 + 3 GM - 1 shaken - 1 moved + 1 Adrénaline = 5. */
    FACES(1, 1, 1, 1, 1, 1, 1, 1);
    ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
    ck_assert_int_eq(dice.next, dice.n);
    ck_assert_msg(pool_of(ben) == 3, "Cy first %d: Ben's pool %d", cy_first, pool_of(ben));
    ck_assert_msg(pool_of(cy) == 5, "Cy first %d: Cy's pool %d", cy_first, pool_of(cy));
    int cur;
    cops_character_points(ch[2], COPS_ADRENALINE, &cur, NULL);
    ck_assert_int_eq(cur, 1);
  }
}
END_TEST

/* First aid in a fight is an action like the others (C6.1-C6.3, C10.4); one stabilisation
 * per wound (C8.5), at 0 hit points too; a new wound on the stabilised makes them bleed
 * 1 hit point a round again (C8.5, C8.8). */
START_TEST(test_c8_5_first_aid_is_an_action_and_once_per_wound)
{
  const int a = join(0, 0, 7, 0), b = join(1, 0, 1, 0), c = join(2, 1, 4, 0);
  cops_weapon_set(gun[2], COPS_WEAPON_PU, 3);
  cops_character_set_hp(ch[1], -5);   /* Ben is dying */
  cops_character_set_conditions(ch[0], COPS_COND_SHAKEN, 1);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_declaration aid = decl(COPS_ACT_FIRST_AID, b, 1, 2);   /* Agressif, initiative +2 */
  aid.difficulty = 1;
  aid.moving = 1;
  aid.x = 0;                                                  /* 7 m: -1 die (C6.3) */
  declare(a, aid);
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  /* Sang-froid 2 + 1 Agressif + 2 initiative - 1 moved - 1 shaken = 3 dice, unskilled:
   * 10 1 1, one success at difficulty 1: stabilised, MR 0. */
  FACES(10, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  cops_log *log = cops_encounter_log(enc);
  int pool = -1;
  for (int i = 0; i < cops_log_count(log); i++) {
    cops_event x;
    x.size = sizeof x;
    cops_log_event(log, i, &x);
    if (x.type == COPS_EV_ROLL && x.purpose == COPS_PURPOSE_FIRST_AID)
      pool = x.pool;
  }
  ck_assert_int_eq(pool, 3);
  int hp;
  cops_character_hp(ch[1], &hp);
  ck_assert_int_eq(hp, -5);        /* stabilised: the first slowed loss 10 rounds later */
  /* Round 2: the same wound is not stabilised twice; Cy's shot is a new wound. */
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  aid.moving = 0;
  aid.attitude = 0;
  aid.initiative = 0;
  ck_assert_int_eq(cops_encounter_declare(enc, a, &aid), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "already stabilised once"));
  declare(a, decl(COPS_ACT_WAIT, -1, 0, 0));
  declare(c, decl(COPS_ACT_SHOOT, b, 0, 0));
  /* Cy 9 9 9: hit; location 1 (legs); PU 3d6 1 1 1: 3 damage, -8; no stopping roll. */
  FACES(9, 9, 9, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  cops_character_hp(ch[1], &hp);
  ck_assert_int_eq(hp, -8);        /* a new wound: its first loss at the end of the next round */
  int period, next;
  cops_character_bleeding(ch[1], &period, &next, NULL);
  ck_assert_int_eq(period, 1);     /* 1 a round again, not 1 a 10 rounds (C8.5, C8.8) */
  ck_assert_int_eq(next, 9);       /* shot at 3 s (round 2): the end of round 3 */
  /* Round 3: a new wound may be stabilised again. */
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  ck_assert_int_eq(cops_encounter_declare(enc, a, &aid), COPS_OK);
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  FACES(1, 1);                     /* Ali's 2 dice fail: made, still 1 a round */
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  cops_character_hp(ch[1], &hp);
  ck_assert_int_eq(hp, -9);
}
END_TEST

/* Médecine in a fight (C8.5): in addition to Premiers secours or instead, once per wound;
 * 1 hit point every 40 rounds, healing nothing. */
START_TEST(test_c8_5_medicine_in_a_fight)
{
  ck_assert_int_eq(cops_character_set_skill(ch[0], COPS_MEDECINE, 7, NULL), COPS_OK);
  const int a = join(0, 0, 0, 0), b = join(1, 0, 1, 0), c = join(2, 1, 9, 0);
  cops_character_set_hp(ch[1], -4);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_declaration med = decl(COPS_ACT_MEDICINE, b, 0, 0);
  med.difficulty = 2;
  declare(a, med);
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  /* Médecine 7+ / Coordination 3, makeshift (2): 8 7 1, MR 0. */
  FACES(8, 7, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  int hp, period, next;
  cops_character_hp(ch[1], &hp);
  cops_character_bleeding(ch[1], &period, &next, NULL);
  ck_assert_int_eq(hp, -4);                 /* heals nothing */
  ck_assert_int_eq(period, 40);
  ck_assert_int_eq(next, 120);              /* a full 40 rounds after round 1's start */
  cops_log *log = cops_encounter_log(enc);
  int medicine = 0;
  for (int i = 0; i < cops_log_count(log); i++) {
    cops_event x;
    x.size = sizeof x;
    cops_log_event(log, i, &x);
    medicine += x.type == COPS_EV_ROLL && x.purpose == COPS_PURPOSE_MEDICINE;
  }
  ck_assert_int_eq(medicine, 1);
  /* Round 2: not Médecine again on this wound; Premiers secours still may. */
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  ck_assert_int_eq(cops_encounter_declare(enc, a, &med), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "with Médecine"));
  cops_declaration aid = decl(COPS_ACT_FIRST_AID, b, 0, 0);
  aid.difficulty = 1;
  declare(a, aid);
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  FACES(9, 1);                              /* Sang-froid 2, unskilled: 9 1 fails */
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  cops_character_bleeding(ch[1], &period, NULL, NULL);
  ck_assert_int_eq(period, 40);             /* a failed Premiers secours keeps Médecine's rate */
}
END_TEST

/* Stabilisation applies at 0 hit points too: they bleed (C8.2, C8.5 RULING). */
START_TEST(test_c8_5_stabilisation_at_zero)
{
  const int a = join(0, 0, 0, 0), b = join(1, 0, 1, 0);
  cops_character_set_hp(ch[1], 0);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_declaration aid = decl(COPS_ACT_FIRST_AID, b, 0, 0);
  aid.difficulty = 1;
  ck_assert_int_eq(cops_encounter_declare(enc, a, &aid), COPS_OK);
  /* Two dice 10 10 (unskilled): MR 1, Ben back to 1 hit point. */
  FACES(10, 10);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  int hp;
  cops_character_hp(ch[1], &hp);
  ck_assert_int_eq(hp, 1);
}
END_TEST

/* C6.5 (corrected against the source): point-blank is under 2 m and short range under
 * 10 m on the true distance: a diagonal neighbour at 1.41 m gets the point-blank die, a
 * target at 9.9 m short range; the events keep whole metres, rounded up. */
START_TEST(test_c6_5_true_distances)
{
  const int a = join(0, 0, 0, 0), b = join(1, 1, 1, 1), c = join(2, 1, 7, 7);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(a, decl(COPS_ACT_SHOOT, b, 0, 0));
  declare(b, decl(COPS_ACT_WAIT, -1, 0, 0));
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  FACES(1, 1, 1, 1);   /* 3 + 1 point-blank: all miss */
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  ck_assert_int_eq(attack_pool(0), 4);
  ck_assert_int_eq(cops_encounter_distance(enc, a, b), 2);   /* reported rounded up */
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_log_clear(cops_encounter_log(enc));
  declare(a, decl(COPS_ACT_SHOOT, c, 0, 0));
  declare(b, decl(COPS_ACT_WAIT, -1, 0, 0));
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  FACES(1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  cops_log *log = cops_encounter_log(enc);
  int difficulty = -1, distance = -1;
  for (int i = 0; i < cops_log_count(log); i++) {
    cops_event x;
    x.size = sizeof x;
    cops_log_event(log, i, &x);
    if (x.type == COPS_EV_ROLL && x.purpose == COPS_PURPOSE_ATTACK)
      difficulty = x.difficulty;
    if (x.type == COPS_EV_ATTACK)
      distance = x.distance;
  }
  ck_assert_int_eq(difficulty, 1);   /* 9.9 m: short range (C10.2) */
  ck_assert_int_eq(distance, 10);    /* the event's metres, rounded up */
  /* A one-off situation: distance_cm must round up to distance. */
  cops_situation s;
  cops_situation_init(&s, COPS_ATTACK_SINGLE);
  s.attacker = ch[0];
  s.target = ch[1];
  s.weapon = gun[0];
  s.distance = 2;
  s.distance_cm = 250;
  cops_outcome *o;
  ck_assert_int_eq(cops_outcome_new(&o), COPS_OK);
  ck_assert_int_eq(cops_attack(o, &s, NULL), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "distance_cm 250 is not within"));
  cops_outcome_free(o);
}
END_TEST

/* C10.4 between rounds: shaken costs a die the next round, then ends; no negative
 * initiative that round; out of the fight: a recovery roll at the round's start. */
START_TEST(test_c10_4_round_bound_conditions)
{
  const int a = join(0, 0, 0, 0), c = join(2, 1, 5, 0);
  cops_character_set_conditions(ch[0], COPS_COND_SHAKEN | COPS_COND_NO_NEGATIVE_INITIATIVE, 1);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_declaration d = decl(COPS_ACT_SHOOT, c, 0, -1);
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "negative initiative"));
  declare(a, decl(COPS_ACT_SHOOT, c, 0, 0));
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  FACES(1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(attack_pool(0), 2);    /* 3 - 1 shaken */
  ck_assert_int_eq(cops_character_conditions(ch[0]), 0);   /* both ended with the round */
  /* Round 2: negative initiative allowed again, full dice. */
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_log_clear(cops_encounter_log(enc));
  declare(a, decl(COPS_ACT_SHOOT, c, 0, -1));
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  FACES(1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(attack_pool(0), 2);    /* 3 - 1 for initiative -1 (C6.2) */
  /* Out of the fight: round 3 starts with a recovery roll, difficulty 3 - 1. */
  cops_character_set_recovery(ch[0], 3);
  FACES(6, 6, 1);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, 3);
  ck_assert_int_eq(cops_encounter_can_act(enc, a), 1);
  ck_assert_int_eq(count_events(COPS_EV_CONDITION, -1), 1);   /* out: cleared */
  /* Still out after a failed roll: cannot declare; the round tells it. */
  declare(a, decl(COPS_ACT_WAIT, -1, 0, 0));
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  cops_character_set_recovery(ch[0], 5);
  cops_log_clear(cops_encounter_log(enc));
  FACES(1, 1, 1);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  ck_assert_int_eq(cops_encounter_can_act(enc, a), 0);
  d = decl(COPS_ACT_WAIT, -1, 0, 0);
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_ESTATE);
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(count_events(COPS_EV_IDLE, COPS_IDLE_OUT), 1);
  ck_assert_int_eq(cops_encounter_over(enc), 0);   /* stunned, not beaten */
}
END_TEST

/* C10.5 in an encounter: covering fire first; in its zone a failed nerve loses the action
 * (Planqué, pinned for the round), a steady one takes the zone's hits before acting. */
START_TEST(test_c10_5_cover_in_an_encounter)
{
  cops_weapon *uzi;
  ck_assert_int_eq(cops_weapon_new(&uzi, ctx, COPS_HANDGUN, "Uzi 020"), COPS_OK); /* PU 2, FA 0 */
  cops_weapon_set(uzi, COPS_WEAPON_RANGE, 30);
  cops_weapon_set(uzi, COPS_WEAPON_MAGAZINE, 12);
  cops_weapon_set(uzi, COPS_WEAPON_LOADED, 12);
  cops_weapon_set(uzi, COPS_WEAPON_VC, 2);
  int a;
  ck_assert_int_eq(cops_encounter_add(enc, ch[0], 0, 0, 0, &a), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(enc, a, uzi), COPS_OK);
  cops_encounter_set_controlled(enc, a, 1);
  const int c = join(2, 1, 20, 0), e = join(4, 1, 22, 0);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(a, decl(COPS_ACT_COVER, c, 0, 0));
  declare(c, decl(COPS_ACT_SHOOT, a, 0, 0));
  declare(e, decl(COPS_ACT_WAIT, -1, 0, 0));
  /* Cover 3 + 2 = 5 dice at 5+ (VC 2): 9 9 9 1 1, MR 1. Nerve 6+/Sang-froid 2 (3): Cy 1 1
   * fails; Eve 10 6, then 6 for the 10: 3 successes, steady. Eve, acting: (1 + 1) d10:
   * 10 1, one bullet: location 5 (torso), 2d6 1 1 + torso 2d6 1 1 = 4; stopping FA 0 + 2:
   * 6 6 1. */
  FACES(9, 9, 9, 1, 1, 1, 1, 10, 6, 6, 10, 1, 5, 1, 1, 1, 1, 6, 6, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  int loaded;
  cops_weapon_get(uzi, COPS_WEAPON_LOADED, &loaded);
  ck_assert_int_eq(loaded, 0);
  ck_assert_int_eq(count_events(COPS_EV_IDLE, COPS_IDLE_PINNED), 1);
  char buf[256];
  ck_assert_str_eq(actors(COPS_EV_ATTACK, buf, sizeof buf), "Ana,");   /* Cy never fires */
  int hp;
  cops_character_hp(ch[4], &hp);
  ck_assert_int_eq(hp, 25);
  ck_assert(!(cops_character_conditions(ch[2]) & COPS_COND_PINNED));  /* ended with the round */
  cops_encounter_free(enc);
  enc = NULL;
  cops_weapon_free(uzi);
  ck_assert_int_eq(cops_encounter_new(&enc, ctx, COPS_RULES_CORE), COPS_OK);
}
END_TEST

/* C11.1 in an encounter: a hold, then the held one may only escape, at 2 hit points. */
START_TEST(test_c11_1_hold_then_escape)
{
  const int b = join(1, 0, 0, 0), c = join(2, 1, 1, 0);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(b, decl(COPS_ACT_HOLD, c, 0, 0));
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  /* Ben 6 6 1 (2), Cy 1 1 1 (0): held. */
  FACES(6, 6, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert(cops_character_conditions(ch[2]) & COPS_COND_HELD);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_declaration d = decl(COPS_ACT_STRIKE, b, 0, 0);
  ck_assert_int_eq(cops_encounter_declare(enc, c, &d), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "held: escape or wait"));
  d = decl(COPS_ACT_MOVE, -1, 0, 0);
  d.moving = 1;
  d.x = 3;
  ck_assert_int_eq(cops_encounter_declare(enc, c, &d), COPS_ERULE);
  /* The default policy escapes: Cy 2 hit points, then 6 6 1 (2) against Ben 1 1 1: free. */
  cops_encounter_set_controlled(enc, c, 0);
  declare(b, decl(COPS_ACT_WAIT, -1, 0, 0));
  FACES(6, 6, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  cops_declaration got;
  cops_declaration_init(&got, 0);
  ck_assert_int_eq(cops_encounter_declaration(enc, c, &got), COPS_OK);
  ck_assert_int_eq(got.action, COPS_ACT_ESCAPE);
  ck_assert_int_eq(got.target, b);
  int hp;
  cops_character_hp(ch[2], &hp);
  ck_assert_int_eq(hp, 27);
  ck_assert(!(cops_character_conditions(ch[2]) & COPS_COND_HELD));
}
END_TEST

/* C11.1: thrown, a stand-up roll at the round's end; on failure the next round's action
 * is standing up. */
START_TEST(test_c11_1_throw_and_stand_up)
{
  const int b = join(1, 0, 0, 0), c = join(2, 1, 1, 0);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(b, decl(COPS_ACT_THROW, c, 0, 0));
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  /* Ben 6 6 6 (3), Cy 1 1 1: margin 3, thrown: 3 damage (Cy's Carrure), stopping FA 2:
   * 6 6 1 steady; end of round: Coordination (3) 1 1 1: still down. */
  FACES(6, 6, 6, 1, 1, 1, 6, 6, 1, 1, 1, 1);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(dice.next, dice.n);
  ck_assert(cops_character_conditions(ch[2]) & COPS_COND_ON_GROUND);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_declaration d = decl(COPS_ACT_SHOOT, b, 0, 0);
  ck_assert_int_eq(cops_encounter_declare(enc, c, &d), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "on the ground"));
  declare(c, decl(COPS_ACT_STAND_UP, -1, 0, 0));
  declare(b, decl(COPS_ACT_WAIT, -1, 0, 0));
  dice.n = dice.next = 0;
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);   /* no die: it just happens */
  ck_assert(!(cops_character_conditions(ch[2]) & COPS_COND_ON_GROUND));
}
END_TEST

/* C8.2: the dying lose 1 hit point a round from the round after they fell; at minus
 * the maximum they die and leave. */
START_TEST(test_c8_2_dying_and_death)
{
  /* Both fell a round before the fight: their first loss ends its first round (C8.8). */
  cops_character_set_hp(ch[0], -1);
  cops_character_set_hp(ch[1], -28);   /* max 29: dies at -29 */
  ck_assert_int_eq(cops_character_advance(ch[0], 3, NULL, 0), COPS_OK);
  ck_assert_int_eq(cops_character_advance(ch[1], 3, NULL, 1), COPS_OK);
  const int a = join(0, 0, 0, 0), b = join(1, 0, 0, 1), c = join(2, 1, 5, 0);
  ck_assert_int_eq(cops_encounter_can_act(enc, a), 0);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  int hp;
  cops_character_hp(ch[0], &hp);
  ck_assert_int_eq(hp, -2);
  ck_assert_int_eq(cops_character_health(ch[1]), COPS_DEAD);
  ck_assert_int_eq(count_events(COPS_EV_DEATH, -1), 1);
  ck_assert_int_eq(cops_encounter_present(enc, b), 0);
  ck_assert_int_eq(cops_encounter_present(enc, a), 1);
  ck_assert_int_eq(cops_encounter_over(enc), 1);
  ck_assert_int_eq(cops_encounter_winner(enc), 1);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_ESTATE);
  ck_assert_int_eq(cops_encounter_run(enc), COPS_ESTATE);
}
END_TEST

/* C8.5: first aid on a dying ally within 1 m: MR hit points back; still below 0, the
 * loss slows to 1 every 10 rounds. */
START_TEST(test_c8_5_first_aid)
{
  const int a = join(0, 0, 0, 0), b = join(1, 0, 1, 0), c = join(2, 1, 5, 0);
  cops_character_set_hp(ch[1], -5);
  ck_assert_int_eq(cops_character_set_skill(ch[0], COPS_PREMIERS_SECOURS, 4, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_declaration d = decl(COPS_ACT_FIRST_AID, b, 0, 0);
  d.difficulty = 1;
  declare(a, d);
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  /* Premiers secours 4+ / Sang-froid 2 (1): 4 4: MR 1. */
  FACES(4, 4);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  int hp;
  cops_character_hp(ch[1], &hp);
  ck_assert_int_eq(hp, -5 + 1);       /* +1, and stabilised: no loss this round */
  for (int r = 0; r < 9; r++) {
    ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
    declare(a, decl(COPS_ACT_WAIT, -1, 0, 0));
    declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
    ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  }
  cops_character_hp(ch[1], &hp);
  ck_assert_int_eq(hp, -5);           /* one in ten rounds */
  /* First aid on someone not dying is refused. */
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  d = decl(COPS_ACT_FIRST_AID, c, 0, 0);
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_ERULE);
}
END_TEST

/* Join and leave between rounds only; ids are never reused. */
START_TEST(test_join_and_leave)
{
  const int a = join(0, 0, 0, 0), c = join(2, 1, 5, 0);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  int id;
  ck_assert_int_eq(cops_encounter_add(enc, ch[4], 1, 9, 9, &id), COPS_ESTATE);
  ck_assert_int_eq(cops_encounter_remove(enc, c), COPS_ESTATE);
  declare(a, decl(COPS_ACT_WAIT, -1, 0, 0));
  declare(c, decl(COPS_ACT_WAIT, -1, 0, 0));
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(enc, ch[4], 1, 9, 9, &id), COPS_OK);
  ck_assert_int_eq(id, 2);
  ck_assert_int_eq(count_events(COPS_EV_JOIN, -1), 3);
  ck_assert_int_eq(cops_encounter_add(enc, ch[4], 1, 9, 9, &id), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_remove(enc, c), COPS_OK);
  ck_assert_int_eq(cops_encounter_remove(enc, c), COPS_ESTATE);
  ck_assert_int_eq(count_events(COPS_EV_LEAVE, -1), 1);
  ck_assert_int_eq(cops_encounter_distance(enc, a, id), 13);   /* (9, 9): 12.73 up */
  cops_encounter_set_controlled(enc, id, 1);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  declare(a, decl(COPS_ACT_WAIT, -1, 0, 0));
  /* Eve is controlled and has not declared: nothing is resolved. */
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_ESTATE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "Eve (id 2) is controlled"));
  declare(id, decl(COPS_ACT_WAIT, -1, 0, 0));
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_OK);
}
END_TEST

/* Declarations refused, each with its reason. */
START_TEST(test_invalid_declarations)
{
  const int a = join(0, 0, 0, 0), c = join(2, 1, 5, 0);
  cops_declaration d = decl(COPS_ACT_SHOOT, c, 0, 0);
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_ESTATE);   /* no round yet */
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  struct {
    cops_declaration d;
    int code;
    const char *text;
  } cases[] = {
    {decl(COPS_ACT_SHOOT, a, 0, 0), COPS_EINVAL, "cannot shoot themselves"},
    {decl(COPS_ACT_SHOOT, -1, 0, 0), COPS_EINVAL, "needs a target"},
    {decl(COPS_ACT_SHOOT, 7, 0, 0), COPS_ERANGE, "target 7 out of range 0..1"},
    {decl(COPS_ACT_SHOOT, -2, 0, 0), COPS_ERANGE, "target -2 out of range"},
    {decl(COPS_ACT_WAIT, 5, 0, 0), COPS_ERANGE, "target 5 out of range -1..1"},
    {decl(COPS_ACT_SHOOT, c, 3, 0), COPS_ERANGE, "attitude 3 out of range -2..2"},
    {decl(COPS_ACT_SHOOT, c, -3, 0), COPS_ERANGE, "attitude -3 out of range -2..2"},
    {decl(COPS_ACT_SHOOT, c, 0, 3), COPS_ERANGE, "outside -2..+2"},
    {decl(COPS_ACT_BURST, c, 0, 0), COPS_ERULE, "no burst value"},
    {decl(COPS_ACT_COVER, c, 0, 0), COPS_ERULE, "no covering-fire value"},
    {decl(COPS_ACT_MELEE, c, 0, 0), COPS_ERULE, "no blade or blunt weapon"},
    {decl(COPS_ACT_ESCAPE, c, 0, 0), COPS_ERULE, "not held"},
    {decl(COPS_ACT_STAND_UP, -1, 0, 0), COPS_ERULE, "not on the ground"},
    {decl(COPS_ACT_DRAW, -1, 0, 0), COPS_ERULE, "already holds"},
    {decl(COPS_ACT_RELOAD, c, 0, 0), COPS_EINVAL, "takes no target"},
    {decl(COPS_ACT_MOVE, -1, 0, 0), COPS_EINVAL, "move needs moving"},
    {decl(COPS_ACT_WAIT, -1, 0, 0), COPS_EINVAL, "unknown action"},
  };
  cases[sizeof cases / sizeof cases[0] - 1].d.action = COPS_ACT_COUNT;
  /* Every other field of the declaration out of its range (ERANGE) or a flag not 0 or 1
   * (EINVAL), as cops_encounter_declare's documentation lists them. */
  struct {
    int field;
    int value, code;
    const char *text;
  } fields[] = {
    {0, 65, COPS_ERANGE, "GM dice modifier 65"}, {1, -11, COPS_ERANGE, "GM threshold modifier"},
    {2, 65, COPS_ERANGE, "GM difficulty modifier"}, {3, 2, COPS_EINVAL, "long_move is 2"},
    {4, 2, COPS_EINVAL, "adrenaline is 2"}, {5, 2, COPS_EINVAL, "anciennete is 2"},
    {6, 2, COPS_EINVAL, "moving is 2"}, {7, 100001, COPS_ERANGE, "outside"},
    {8, 1, COPS_EINVAL, "the alternative rules'"},
  };
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
    cops_declaration f = decl(COPS_ACT_SHOOT, c, 0, 0);
    int *at[] = {&f.dice_mod, &f.threshold_mod, &f.difficulty_mod, &f.long_move, &f.adrenaline,
                 &f.anciennete, &f.moving, &f.x, &f.aim};
    *at[fields[i].field] = fields[i].value;
    if (fields[i].field == 7)
      f.moving = 1;
    ck_assert_msg(cops_encounter_declare(enc, a, &f) == fields[i].code, "field %zu: %s", i,
                  cops_ctx_errmsg(ctx));
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), fields[i].text), "field %zu: '%s' lacks '%s'",
                  i, cops_ctx_errmsg(ctx), fields[i].text);
  }
  cops_declaration draw = decl(COPS_ACT_DRAW, -1, 0, 0);
  draw.weapon = 4;
  ck_assert_int_eq(cops_encounter_declare(enc, a, &draw), COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "weapon 4 out of range"));
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    cases[i].d.size = sizeof cases[i].d;
    ck_assert_msg(cops_encounter_declare(enc, a, &cases[i].d) == cases[i].code,
                  "case %zu: %s", i, cops_ctx_errmsg(ctx));
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), cases[i].text), "case %zu: '%s' lacks '%s'", i,
                  cops_ctx_errmsg(ctx), cases[i].text);
  }
  d = decl(COPS_ACT_SHOOT, c, 0, 0);
  d.shots = 3;
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "(CT, C10.7)"));
  d.shots = 1;
  d.moving = 1;
  d.x = 11;
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "chase rules"));
  d.moving = 0;
  d.size = 3;
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_EINVAL);
  cops_weapon_set(gun[0], COPS_WEAPON_LOADED, 0);
  d = decl(COPS_ACT_SHOOT, c, 0, 0);
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "empty: reload"));
  ck_assert_int_eq(cops_encounter_declare(enc, 9, &d), COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_declare(enc, a, NULL), COPS_EINVAL);
}
END_TEST

/* The default policy: the nearest standing enemy; reload when empty; burst when the
 * weapon allows; Prudent below half; close in to strike bare-handed. */
START_TEST(test_default_policy)
{
  const int a = join(0, 0, 0, 0), c = join(2, 1, 30, 0), e = join(4, 1, 8, 6);
  cops_encounter_set_controlled(enc, a, 0);
  cops_encounter_set_controlled(enc, c, 0);
  cops_encounter_set_controlled(enc, e, 0);
  cops_weapon_set(gun[2], COPS_WEAPON_LOADED, 0);
  cops_weapon_set(gun[4], COPS_WEAPON_VRC, 3);
  cops_character_set_hp(ch[4], 10);                      /* below half of 29 */
  ck_assert_int_eq(cops_ctx_seed(ctx, 7), COPS_OK);
  ck_assert_int_eq(cops_encounter_run_round(enc), COPS_OK);
  cops_declaration d;
  cops_declaration_init(&d, 0);
  ck_assert_int_eq(cops_encounter_declaration(enc, a, &d), COPS_OK);
  ck_assert_int_eq(d.action, COPS_ACT_SHOOT);
  ck_assert_int_eq(d.target, e);                          /* 10 m, not 30 */
  ck_assert_int_eq(d.initiative, 0);                      /* Réflexes 5: 0 */
  cops_encounter_declaration(enc, c, &d);
  ck_assert_int_eq(d.action, COPS_ACT_RELOAD);
  cops_encounter_declaration(enc, e, &d);
  ck_assert_int_eq(d.action, COPS_ACT_BURST);
  ck_assert_int_eq(d.attitude, COPS_PRUDENT);
  /* Bare-handed, 12 m away: moves 10 m towards and cannot reach yet. */
  cops_encounter *e2;
  ck_assert_int_eq(cops_encounter_new(&e2, ctx, COPS_RULES_CORE), COPS_OK);
  int x, y;
  ck_assert_int_eq(cops_encounter_add(e2, ch[1], 0, 0, 0, &x), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e2, ch[3], 1, 12, 0, &y), COPS_OK);
  ck_assert_int_eq(cops_encounter_run_round(e2), COPS_OK);
  cops_encounter_declaration(e2, x, &d);
  ck_assert_int_eq(d.action, COPS_ACT_MOVE);
  ck_assert_int_eq(d.moving, 1);
  ck_assert_int_eq(d.x, 10);
  cops_encounter_position(e2, x, &x, &y);
  ck_assert_int_eq(x, 10);
  /* Next round: within reach after a 1 m step: strikes. */
  ck_assert_int_eq(cops_encounter_run_round(e2), COPS_OK);
  cops_encounter_declaration(e2, 0, &d);
  ck_assert_int_eq(d.action, COPS_ACT_STRIKE);
  ck_assert_int_eq(d.initiative, 0);
  cops_encounter_free(e2);
  /* A shotgun in hand that Finn cannot use (unskilled: 10+) and a handgun he can (5+):
   * the policy draws the handgun first. */
  cops_weapon *shotgun;
  ck_assert_int_eq(cops_weapon_new(&shotgun, ctx, COPS_SHOULDER_ARM, "Remington 162"), COPS_OK);
  cops_weapon_set(shotgun, COPS_WEAPON_RANGE, 15);
  cops_weapon_set(shotgun, COPS_WEAPON_MAGAZINE, 6);
  cops_weapon_set(shotgun, COPS_WEAPON_LOADED, 6);
  ck_assert_int_eq(cops_encounter_new(&e2, ctx, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e2, ch[5], 0, 0, 0, &x), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e2, x, shotgun), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e2, x, gun[5]), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e2, ch[3], 1, 8, 0, &y), COPS_OK);
  ck_assert_int_eq(cops_encounter_run_round(e2), COPS_OK);
  cops_encounter_declaration(e2, x, &d);
  ck_assert_int_eq(d.action, COPS_ACT_DRAW);
  ck_assert_int_eq(d.weapon, 1);
  ck_assert_ptr_eq(cops_encounter_weapon(e2, x), gun[5]);
  cops_encounter_free(e2);
  cops_weapon_free(shotgun);
}
END_TEST

/* Same seed, same log; reset gives the same fight again; a round cap ends it. */
START_TEST(test_determinism_and_reset)
{
  const int a = join(0, 0, 0, 0), c = join(2, 1, 12, 0);
  cops_encounter_set_controlled(enc, a, 0);
  cops_encounter_set_controlled(enc, c, 0);
  ck_assert_int_eq(cops_encounter_seed(enc, 2030), COPS_OK);
  ck_assert_int_eq(cops_encounter_run(enc), COPS_OK);
  char *first, *second;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(enc), 0, &first), COPS_OK);
  ck_assert_int_eq(cops_encounter_reset(enc), COPS_OK);
  ck_assert_int_eq(cops_encounter_round(enc), 0);
  ck_assert_int_eq(cops_encounter_over(enc), 0);
  int hp;
  cops_character_hp(ch[2], &hp);
  ck_assert_int_eq(hp, 29);
  ck_assert_int_eq(cops_encounter_seed(enc, 2030), COPS_OK);
  ck_assert_int_eq(cops_encounter_run(enc), COPS_OK);
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(enc), 0, &second), COPS_OK);
  ck_assert_str_eq(first, second);
  ck_assert_ptr_nonnull(strstr(first, "{\"schema\":2,\"seq\":0,\"round\":0,\"type\":\"start\","
                                      "\"actor\":null,\"actor_id\":null,\"target\":null,"
                                      "\"target_id\":null,\"seed\":\"2030\",\"combatants\":2}"));
  ck_assert_ptr_nonnull(strstr(first, "\"type\":\"end\""));
  cops_free(first);
  cops_free(second);
  /* A round cap: no winner. */
  cops_encounter_reset(enc);
  cops_encounter_set_max_rounds(enc, 1);
  cops_encounter_set_position(enc, c, 500, 0);   /* out of range: both move */
  ck_assert_int_eq(cops_encounter_run(enc), COPS_OK);
  ck_assert_int_eq(cops_encounter_round(enc), 1);
  ck_assert_int_eq(cops_encounter_winner(enc), -1);
  ck_assert_int_eq(cops_encounter_set_max_rounds(enc, 0), COPS_ERANGE);
}
END_TEST

#define CHARS "\"characteristics\":{\"Carrure\":2,\"Charme\":2,\"Coordination\":2," \
              "\"Éducation\":2,\"Perception\":2,\"Réflexes\":2,\"Sang-froid\":2}"
#define SHEET_A "{\"schema\":1,\"name\":\"A\"," CHARS "}"
#define SHEET_B "{\"schema\":1,\"name\":\"B\"," CHARS "}"

/* Scenarios: load, run, reset; errors name the field. */
START_TEST(test_scenarios)
{
  cops_scenario *s;
  cops_ctx *seeded;
  ck_assert_int_eq(cops_ctx_new(&seeded), COPS_OK);
  ck_assert_int_eq(cops_scenario_load(&s, seeded, SCENARIOS_DIR "/street-shootout.json"),
                   COPS_OK);
  ck_assert_str_eq(cops_scenario_name(s), "Fusillade sur Alvarado Street");
  ck_assert_int_eq(cops_scenario_side_count(s), 2);
  ck_assert_str_eq(cops_scenario_side_name(s, 1), "gang");
  cops_encounter *e = cops_scenario_encounter(s);
  ck_assert_int_eq(cops_encounter_count(e), 5);
  cops_encounter_seed(e, 1);
  ck_assert_int_eq(cops_scenario_run(s), COPS_OK);
  ck_assert_int_eq(cops_encounter_over(e), 1);
  ck_assert_int_eq(cops_scenario_reset(s), COPS_OK);
  cops_scenario_free(s);
  /* Scripted rounds: the covering fire comes first in round 1. */
  ck_assert_int_eq(cops_scenario_load(&s, seeded, SCENARIOS_DIR "/covering-fire-standoff.json"),
                   COPS_OK);
  e = cops_scenario_encounter(s);
  cops_encounter_seed(e, 3);
  ck_assert_int_eq(cops_scenario_run(s), COPS_OK);
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &text), COPS_OK);
  const char *cover = strstr(text, "\"mode\":\"cover\"");
  const char *first_shot = strstr(text, "\"mode\":\"single\"");
  ck_assert_ptr_nonnull(cover);
  ck_assert(!first_shot || cover < first_shot);
  ck_assert_ptr_nonnull(strstr(text, "\"purpose\":\"nerve\""));
  cops_free(text);
  cops_scenario_free(s);
  static const struct {
    const char *json, *message;
    int code;
  } bad[] = {
    {"[]", "a scenario is a JSON object", COPS_EJSON},
    {"{\"schema\":2,\"name\":\"x\"}", "schema: 2 out of range 1..1", COPS_ERANGE},
    {"{\"schema\":1,\"name\":\"x\",\"colour\":1}", "colour: unknown field", COPS_EJSON},
    {"{\"schema\":1,\"name\":\"x\",\"ruleset\":\"alt\",\"combatants\":[]}", "ruleset", COPS_EJSON},
    {"{\"schema\":1,\"name\":\"x\",\"combatants\":[{}]}", "at least two", COPS_EJSON},
    {"{\"schema\":1,\"name\":\"x\",\"combatants\":[{\"side\":\"a\"},{}]}",
     "combatants[0].sheet: missing", COPS_EJSON},
    {"{\"schema\":1,\"name\":\"x\",\"combatants\":[{\"sheet\":\"nowhere.json\",\"side\":\"a\"},{}]}",
     "combatants[0].sheet: nowhere.json", COPS_EIO},
    {"{\"schema\":1,\"name\":\"x\",\"combatants\":[{\"sheet\":" SHEET_A ","
     "\"side\":\"a\",\"position\":[1]},{}]}", "combatants[0].position: expected [x, y]",
     COPS_EJSON},
    {"{\"schema\":1,\"name\":\"x\",\"combatants\":[{\"sheet\":" SHEET_A ","
     "\"side\":\"a\"},{\"sheet\":" SHEET_B ",\"side\":\"b\"}],\"rounds\":[{"
     "\"round\":1,\"declarations\":[{\"combatant\":\"C\",\"action\":\"wait\"}]}]}",
     "rounds[0].declarations[0].combatant: no combatant named 'C'", COPS_ENOTFOUND},
    {"{\"schema\":1,\"name\":\"x\",\"combatants\":[{\"sheet\":" SHEET_A ","
     "\"side\":\"a\"},{\"sheet\":" SHEET_B ",\"side\":\"b\"}],\"rounds\":[{"
     "\"round\":1,\"declarations\":[{\"combatant\":\"A\",\"action\":\"dance\"}]}]}",
     "rounds[0].declarations[0].action: unknown action 'dance'", COPS_ENOTFOUND},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_msg(cops_scenario_from_json(&s, seeded, bad[i].json, NULL) == bad[i].code,
                  "bad %zu: %s", i, cops_ctx_errmsg(seeded));
    ck_assert_ptr_null(s);
    ck_assert_msg(strstr(cops_ctx_errmsg(seeded), bad[i].message), "bad %zu: '%s' lacks '%s'",
                  i, cops_ctx_errmsg(seeded), bad[i].message);
  }
  /* A scripted declaration the rules refuse fails the run with the round named. */
  ck_assert_int_eq(cops_scenario_from_json(&s, seeded,
    "{\"schema\":1,\"name\":\"x\",\"combatants\":[{\"sheet\":" SHEET_A ","
    "\"side\":\"a\"},{\"sheet\":" SHEET_B ",\"side\":\"b\",\"position\":[3,0]}],"
    "\"rounds\":[{\"round\":1,\"declarations\":[{\"combatant\":\"A\",\"action\":\"shoot\",\"initiative\":1,"
    "\"target\":\"B\"}]}]}", NULL), COPS_OK);
  ck_assert_int_eq(cops_scenario_run(s), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(seeded), "round 1: A has no firearm in hand"));
  cops_scenario_free(s);
  cops_ctx_free(seeded);
}
END_TEST

START_TEST(test_api_edges)
{
  ck_assert_int_eq(cops_encounter_new(NULL, ctx, 0), COPS_EINVAL);
  cops_encounter *e;
  ck_assert_int_eq(cops_encounter_new(&e, ctx, 5), COPS_EINVAL);
  ck_assert_ptr_null(e);
  ck_assert_int_eq(cops_encounter_add(enc, ch[0], 16, 0, 0, NULL), COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_add(enc, ch[0], 0, 100001, 0, NULL), COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_add(enc, NULL, 0, 0, 0, NULL), COPS_EINVAL);
  const int a = join(0, 0, 0, 0);
  ck_assert_int_eq(cops_encounter_give_weapon(enc, a, gun[0]), COPS_EINVAL);   /* twice */
  ck_assert_int_eq(cops_encounter_give_weapon(enc, 5, gun[1]), COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_set_controlled(enc, a, 2), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_resolve_round(enc), COPS_ESTATE);
  ck_assert_int_eq(cops_encounter_winner(enc), COPS_ESTATE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "the fight is not over"));
  ck_assert_int_eq(cops_encounter_distance(enc, a, 3), COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "combatant 3 out of range 0..0"));
  ck_assert_ptr_eq(cops_encounter_weapon(enc, a), gun[0]);
  ck_assert_ptr_eq(cops_encounter_character(enc, a), ch[0]);
  ck_assert_ptr_null(cops_encounter_character(enc, 1));
  ck_assert_int_eq(cops_encounter_side(enc, 1), COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_set_logging(enc, 2), COPS_EINVAL);
  ck_assert_str_eq(cops_encounter_action_name(COPS_ACT_FIRST_AID), "first_aid");
  int v;
  ck_assert_int_eq(cops_encounter_action_parse("Stand up", &v), COPS_OK);
  ck_assert_int_eq(v, COPS_ACT_STAND_UP);
  ck_assert_int_eq(cops_encounter_action_parse("fly", &v), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_declaration_init(NULL, 0), COPS_EINVAL);
  cops_declaration d;
  memset(&d, 0, sizeof d);
  ck_assert_int_eq(cops_encounter_declaration(enc, a, &d), COPS_EINVAL);   /* size not set */
  cops_encounter_free(NULL);
  cops_scenario_free(NULL);
}
END_TEST

/* A scenario stepped round by round, through the encounter's own calls, keeps its
 * scripted declarations: its log is byte for byte that of cops_scenario_run (the
 * bar brawl's round 1 is scripted Agressif; 0.7 stepped it Normal). */
static char *scenario_log(const char *file, uint64_t seed, int stepped)
{
  cops_ctx *c;
  cops_scenario *s;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  ck_assert_int_eq(cops_scenario_load(&s, c, file), COPS_OK);
  cops_encounter *e = cops_scenario_encounter(s);
  cops_encounter_seed(e, seed);
  if (!stepped) {
    ck_assert_int_eq(cops_scenario_run(s), COPS_OK);
    ck_assert_int_eq(cops_scenario_run(s), COPS_OK);   /* over: nothing left to run */
  } else {
    int k = 0;
    while (!cops_encounter_over(e))
      if (k++ % 2)
        ck_assert_int_eq(cops_encounter_run_round(e), COPS_OK);
      else {
        ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
        ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
      }
  }
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &text), COPS_OK);
  char *copy = malloc(strlen(text) + 1);
  strcpy(copy, text);
  cops_free(text);
  cops_scenario_free(s);
  cops_ctx_free(c);
  return copy;
}

START_TEST(test_scenarios_stepped_keep_their_script)
{
  static const char *const files[] = {
    SCENARIOS_DIR "/bar-brawl.json", SCENARIOS_DIR "/covering-fire-standoff.json",
    SCENARIOS_DIR "/street-shootout.json",
  };
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++)
    for (uint64_t seed = 1; seed <= 12; seed++) {
      char *run = scenario_log(files[f], seed, 0), *stepped = scenario_log(files[f], seed, 1);
      ck_assert_msg(!strcmp(run, stepped), "%s, seed %llu: stepped differs", files[f],
                    (unsigned long long)seed);
      if (f == 0)
        ck_assert_ptr_nonnull(strstr(stepped, "\"round\":1,\"type\":\"declare\",\"actor\":"));
      free(run);
      free(stepped);
    }
  /* The scripted declaration is made at the round's begin and can be read. */
  cops_ctx *c;
  cops_scenario *s = open_scenario(&c, "bar-brawl");
  cops_encounter *e = cops_scenario_encounter(s);
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  int scripted = 0;
  for (int id = 0; id < cops_encounter_count(e); id++) {
    cops_declaration d;
    d.size = sizeof d;
    if (cops_encounter_declaration(e, id, &d) == COPS_OK) {
      scripted++;
      ck_assert(d.action == COPS_ACT_HOLD || d.action == COPS_ACT_MELEE);
      ck_assert_int_eq(d.attitude, 1);   /* Agressif, as the file says */
    }
  }
  ck_assert_int_ge(scripted, 2);
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

/* A character that left and joined again is in the fight once after a reset. */
START_TEST(test_reset_after_leaving_and_joining_again)
{
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  cops_ctx_seed(c, 4);
  cops_character *a, *b;
  ck_assert_int_eq(cops_character_load(&a, c, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_load(&b, c, SHEETS_DIR "/joe.json"), COPS_OK);
  cops_encounter *e;
  ck_assert_int_eq(cops_encounter_new(&e, c, COPS_RULES_CORE), COPS_OK);
  int ia, ib, ia2;
  ck_assert_int_eq(cops_encounter_add(e, a, 0, 0, 0, &ia), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, b, 1, 1, 0, &ib), COPS_OK);
  ck_assert_int_eq(cops_encounter_run_round(e), COPS_OK);
  ck_assert_int_eq(cops_encounter_remove(e, ia), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, a, 0, 5, 5, &ia2), COPS_OK);
  ck_assert_int_eq(cops_encounter_reset(e), COPS_OK);
  ck_assert_int_eq(cops_encounter_present(e, ia), 0);    /* 0.7: both places were back */
  ck_assert_int_eq(cops_encounter_present(e, ia2), 1);
  ck_assert_int_eq(cops_encounter_present(e, ib), 1);
  int x, y;
  ck_assert_int_eq(cops_encounter_position(e, ia2, &x, &y), COPS_OK);
  ck_assert_int_eq(x, 5);
  ck_assert_int_eq(cops_encounter_run(e), COPS_OK);
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &text), COPS_OK);
  ck_assert_ptr_null(strstr(text, "\"actor_id\":0,\"target\":"));   /* the first place never acts */
  cops_free(text);
  cops_encounter_free(e);
  cops_character_free(a);
  cops_character_free(b);
  cops_ctx_free(c);
}
END_TEST

/* cops_encounter_suggest gives what resolving the round declares for a combatant left
 * without a declaration, for every combatant of many seeded rounds; nothing changes. */
START_TEST(test_suggest_is_what_the_policy_declares)
{
  cops_ctx *c;
  cops_scenario *s = open_scenario(&c, "street-shootout");
  cops_encounter *e = cops_scenario_encounter(s);
  cops_declaration d;
  d.size = sizeof d;
  ck_assert_int_eq(cops_encounter_suggest(e, 0, &d), COPS_ESTATE);   /* no round yet */
  int checked = 0;
  for (uint64_t seed = 1; seed <= 10; seed++) {
    ck_assert_int_eq(cops_encounter_reset(e), COPS_OK);
    cops_encounter_seed(e, seed);
    while (!cops_encounter_over(e)) {
      ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
      const int n = cops_encounter_count(e);
      cops_declaration want[COPS_COMBATANTS_MAX];
      int has[COPS_COMBATANTS_MAX] = {0};
      char *before;
      ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &before), COPS_OK);
      for (int id = 0; id < n; id++) {
        want[id].size = sizeof want[id];
        const int rc = cops_encounter_suggest(e, id, &want[id]);
        int can = 0;
        cops_encounter_able(e, id, &can);
        ck_assert_int_eq(rc, can ? COPS_OK : COPS_ESTATE);
        has[id] = rc == COPS_OK;
      }
      char *after;
      ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &after), COPS_OK);
      ck_assert_str_eq(before, after);                  /* nothing logged, nothing drawn */
      cops_free(before);
      cops_free(after);
      ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
      for (int id = 0; id < n; id++) {
        if (!has[id])
          continue;
        cops_declaration got;
        got.size = sizeof got;
        ck_assert_int_eq(cops_encounter_declaration(e, id, &got), COPS_OK);
        ck_assert_int_eq(memcmp(&got, &want[id], sizeof got), 0);
        checked++;
      }
    }
  }
  ck_assert_int_gt(checked, 100);
  ck_assert_int_eq(cops_encounter_suggest(e, 99, &d), COPS_ERANGE);
  d.size = 0;
  ck_assert_int_eq(cops_encounter_suggest(e, 0, &d), COPS_EINVAL);
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

/* What a UI reads: weapons and the one in hand, armour, control, initiatives and the
 * actions allowed now with the reasons for the others (C6, C10.4, C11.1). */
START_TEST(test_what_a_ui_reads)
{
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  cops_ctx_seed(c, 9);
  cops_character *mike, *joe;
  cops_weapon *pistol, *knife;
  cops_armour *vest;
  ck_assert_int_eq(cops_character_load(&mike, c, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_load(&joe, c, SHEETS_DIR "/joe.json"), COPS_OK);
  ck_assert_int_eq(cops_weapon_load(&pistol, c, WEAPONS_DIR "/vulcan-051.json"), COPS_OK);
  ck_assert_int_eq(cops_weapon_load(&knife, c, WEAPONS_DIR "/couteau-021.json"), COPS_OK);
  ck_assert_int_eq(cops_armour_load(&vest, c, ARMOUR_DIR "/gilet-pare-balles.json"), COPS_OK);
  cops_encounter *e;
  ck_assert_int_eq(cops_encounter_new(&e, c, COPS_RULES_CORE), COPS_OK);
  int m, j, hand, ctl, lo, hi, ok;
  ck_assert_int_eq(cops_encounter_add(e, mike, 0, 0, 0, &m), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, joe, 1, 1, 0, &j), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e, m, pistol), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e, m, knife), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_armour(e, m, vest), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(e, m, 1), COPS_OK);
  ck_assert_int_eq(cops_encounter_weapon_count(e, m), 2);
  ck_assert_ptr_eq(cops_encounter_weapon_at(e, m, 1), knife);
  ck_assert_ptr_null(cops_encounter_weapon_at(e, m, 2));
  ck_assert_int_eq(cops_encounter_hand(e, m, &hand), COPS_OK);
  ck_assert_int_eq(hand, 0);
  ck_assert_int_eq(cops_encounter_hand(e, j, &hand), COPS_OK);
  ck_assert_int_eq(hand, -1);
  ck_assert_ptr_eq(cops_encounter_armour(e, m), vest);
  ck_assert_ptr_null(cops_encounter_armour(e, j));
  ck_assert_int_eq(cops_encounter_controlled(e, m, &ctl), COPS_OK);
  ck_assert_int_eq(ctl, 1);
  ck_assert_int_eq(cops_encounter_controlled(e, 7, &ctl), COPS_ERANGE);
  /* Joe (Réflexes 3 -> 0..+2); Mike barred from negative initiative keeps 0..+2 too,
   * a Réflexes 5 character would lose -2..-1. */
  ck_assert_int_eq(cops_character_set_characteristic(joe, COPS_REFLEXES, 5), COPS_OK);
  ck_assert_int_eq(cops_encounter_initiative_range(e, j, &lo, &hi), COPS_OK);
  ck_assert_int_eq(lo, -2);
  ck_assert_int_eq(hi, 2);
  cops_character_set_conditions(joe, COPS_COND_NO_NEGATIVE_INITIATIVE, 1);
  ck_assert_int_eq(cops_encounter_initiative_range(e, j, &lo, &hi), COPS_OK);
  ck_assert_int_eq(lo, 0);
  char why[256];
  ck_assert_int_eq(cops_encounter_allowed(e, m, COPS_ACT_SHOOT, &ok, why, sizeof why),
                   COPS_ESTATE);   /* outside a round */
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  ck_assert_int_eq(cops_encounter_allowed(e, m, COPS_ACT_SHOOT, &ok, why, sizeof why), COPS_OK);
  ck_assert_int_eq(ok, 1);
  ck_assert_str_eq(why, "");
  ck_assert_int_eq(cops_encounter_allowed(e, m, COPS_ACT_MELEE, &ok, why, sizeof why), COPS_OK);
  ck_assert_int_eq(ok, 0);       /* a pistol in hand */
  ck_assert_ptr_nonnull(strstr(why, "no blade or blunt weapon in hand"));
  ck_assert_int_eq(cops_encounter_allowed(e, m, COPS_ACT_BURST, &ok, why, sizeof why), COPS_OK);
  ck_assert_int_eq(ok, 0);
  ck_assert_ptr_nonnull(strstr(why, "no burst value"));
  ck_assert_int_eq(cops_encounter_allowed(e, m, COPS_ACT_DRAW, &ok, NULL, 0), COPS_OK);
  ck_assert_int_eq(ok, 1);       /* the knife */
  ck_assert_int_eq(cops_encounter_allowed(e, j, COPS_ACT_SHOOT, &ok, why, sizeof why), COPS_OK);
  ck_assert_int_eq(ok, 0);
  ck_assert_ptr_nonnull(strstr(why, "no firearm in hand"));
  ck_assert_int_eq(cops_encounter_allowed(e, j, COPS_ACT_ESCAPE, &ok, why, sizeof why), COPS_OK);
  ck_assert_int_eq(ok, 0);
  ck_assert_ptr_nonnull(strstr(why, "not held"));
  ck_assert_int_eq(cops_encounter_allowed(e, j, COPS_ACT_STRIKE, &ok, why, sizeof why), COPS_OK);
  ck_assert_int_eq(ok, 1);
  ck_assert_str_eq(cops_ctx_errmsg(c), "no error");   /* an answer, not an error */
  ck_assert_int_eq(cops_encounter_allowed(e, j, 99, &ok, why, sizeof why), COPS_EINVAL);
  cops_encounter_free(e);
  cops_armour_free(vest);
  cops_weapon_free(knife);
  cops_weapon_free(pistol);
  cops_character_free(joe);
  cops_character_free(mike);
  cops_ctx_free(c);
}
END_TEST

/* What the policy suggests is always allowed, and an action allowed can be declared. */
START_TEST(test_allowed_agrees_with_the_policy)
{
  cops_ctx *c;
  cops_scenario *s = open_scenario(&c, "bar-brawl");
  cops_encounter *e = cops_scenario_encounter(s);
  int checked = 0;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    ck_assert_int_eq(cops_encounter_reset(e), COPS_OK);
    cops_encounter_seed(e, seed);
    while (!cops_encounter_over(e)) {
      ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
      for (int id = 0; id < cops_encounter_count(e); id++) {
        int can = 0, ok = 0;
        cops_encounter_able(e, id, &can);
        if (!can)
          continue;
        cops_declaration d;
        d.size = sizeof d;
        ck_assert_int_eq(cops_encounter_suggest(e, id, &d), COPS_OK);
        char why[256];
        ck_assert_int_eq(cops_encounter_allowed(e, id, d.action, &ok, why, sizeof why), COPS_OK);
        ck_assert_msg(ok, "the policy's %s refused: %s", cops_encounter_action_name(d.action), why);
        checked++;
      }
      ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
    }
  }
  ck_assert_int_gt(checked, 50);
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

/* Mike and Joe of the example sheets, a Vulcan for each and a vest, in an encounter of
 * their own context (a seeded one when seed > 0); duel_join() puts them in. */
struct duel {
  cops_ctx *c;
  cops_character *mike, *joe;
  cops_weapon *pistol, *joes;
  cops_armour *vest;
  cops_encounter *e;
  int m, j;
};

static void duel_load(struct duel *d, uint64_t seed)
{
  ck_assert_int_eq(cops_ctx_new(&d->c), COPS_OK);
  if (seed)
    ck_assert_int_eq(cops_ctx_seed(d->c, seed), COPS_OK);
  ck_assert_int_eq(cops_character_load(&d->mike, d->c, SHEETS_DIR "/mike.json"), COPS_OK);
  ck_assert_int_eq(cops_character_load(&d->joe, d->c, SHEETS_DIR "/joe.json"), COPS_OK);
  ck_assert_int_eq(cops_weapon_load(&d->pistol, d->c, WEAPONS_DIR "/vulcan-051.json"), COPS_OK);
  ck_assert_int_eq(cops_weapon_load(&d->joes, d->c, WEAPONS_DIR "/vulcan-051.json"), COPS_OK);
  ck_assert_int_eq(cops_armour_load(&d->vest, d->c, ARMOUR_DIR "/gilet-pare-balles.json"),
                   COPS_OK);
  ck_assert_int_eq(cops_encounter_new(&d->e, d->c, COPS_RULES_CORE), COPS_OK);
}

/* Mike at (0, 0) with his pistol, controlled; Joe at (joe_x, 0). */
static void duel_join(struct duel *d, int joe_x)
{
  ck_assert_int_eq(cops_encounter_add(d->e, d->mike, 0, 0, 0, &d->m), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(d->e, d->joe, 1, joe_x, 0, &d->j), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(d->e, d->m, d->pistol), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(d->e, d->m, 1), COPS_OK);
}

static void duel_free(struct duel *d)
{
  cops_encounter_free(d->e);
  cops_armour_free(d->vest);
  cops_weapon_free(d->joes);
  cops_weapon_free(d->pistol);
  cops_character_free(d->joe);
  cops_character_free(d->mike);
  cops_ctx_free(d->c);
}

/* The GM's modifiers of a declared action's roll (C1.7) and a move beyond 10 m that
 * the GM allows (C6.3 RULING): the roll shows them, so do the declare event and its
 * narration. */
static void gm_round(int dice_mod, int threshold_mod, int difficulty_mod, int to_x, int long_move,
                     int adrenaline, int *rc_declare, cops_event *roll, char **jsonl, char **text)
{
  struct duel du;
  duel_load(&du, 3);
  duel_join(&du, 30);
  cops_encounter *e = du.e;
  cops_character *mike = du.mike;
  const int m = du.m, j = du.j;
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  cops_declaration d;
  cops_declaration_init(&d, COPS_ACT_SHOOT);
  d.target = j;
  d.dice_mod = dice_mod;
  d.threshold_mod = threshold_mod;
  d.difficulty_mod = difficulty_mod;
  d.adrenaline = adrenaline;
  if (adrenaline < 0) {            /* no point left */
    cops_character_set_current_points(mike, COPS_ADRENALINE, 0);
    d.adrenaline = 1;
  }
  if (to_x) {
    d.moving = 1;
    d.x = to_x;
    d.long_move = long_move;
  }
  *rc_declare = cops_encounter_declare(e, m, &d);
  if (*rc_declare == COPS_OK) {
    ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
    const cops_log *log = cops_encounter_log(e);
    memset(roll, 0, sizeof *roll);
    for (int i = 0; i < cops_log_count(log); i++) {
      cops_event x;
      x.size = sizeof x;
      cops_log_event(log, i, &x);
      if (x.type == COPS_EV_ROLL && x.purpose == COPS_PURPOSE_ATTACK && x.actor_id == m) {
        *roll = x;
        break;
      }
    }
    char *out;
    ck_assert_int_eq(cops_log_to_jsonl(log, 0, &out), COPS_OK);
    *jsonl = malloc(strlen(out) + 1);
    strcpy(*jsonl, out);
    cops_free(out);
    ck_assert_int_eq(cops_log_narrate(log, 0, COPS_LANG_EN, &out), COPS_OK);
    *text = malloc(strlen(out) + 1);
    strcpy(*text, out);
    cops_free(out);
    int cur = -1;
    cops_character_points(mike, COPS_ADRENALINE, &cur, NULL);
    roll->id = cur;   /* the points left, for the caller */
  }
  duel_free(&du);
}

START_TEST(test_gm_modifiers_and_long_moves)
{
  int rc;
  cops_event plain, gm;
  char *jsonl, *text, *jsonl2, *text2;
  gm_round(0, 0, 0, 0, 0, 0, &rc, &plain, &jsonl, &text);
  ck_assert_int_eq(rc, COPS_OK);
  ck_assert_ptr_null(strstr(jsonl, "dice_mod"));   /* no key without a modifier */
  gm_round(2, -1, 1, 0, 0, 0, &rc, &gm, &jsonl2, &text2);
  ck_assert_int_eq(rc, COPS_OK);
  ck_assert_int_eq(gm.pool, plain.pool + 2);
  ck_assert_int_eq(gm.threshold, plain.threshold - 1);
  ck_assert_int_eq(gm.difficulty, plain.difficulty + 1);
  ck_assert_ptr_nonnull(strstr(jsonl2, "\"type\":\"declare\""));
  ck_assert_ptr_nonnull(strstr(jsonl2, "\"to\":null,\"dice_mod\":2,\"threshold_mod\":-1,"
                                       "\"difficulty_mod\":1}"));
  ck_assert_ptr_nonnull(strstr(text2, "declares: shoot at Joe « Scar » Ramirez (GM: +2 dice, "
                                      "threshold -1, difficulty +1)"));
  free(jsonl);
  free(text);
  free(jsonl2);
  free(text2);
  /* 15 m: refused unless the GM allows it; then the C6.3 die and the GM's malus. */
  gm_round(0, 0, 0, 15, 0, 0, &rc, &gm, &jsonl, &text);
  ck_assert_int_eq(rc, COPS_ERULE);
  gm_round(-1, 0, 0, 15, 1, 0, &rc, &gm, &jsonl, &text);
  ck_assert_int_eq(rc, COPS_OK);
  ck_assert_int_eq(gm.pool, plain.pool - 2);   /* -1 moving past 5 m, -1 the GM's */
  ck_assert_ptr_nonnull(strstr(jsonl, "\"type\":\"move\""));
  ck_assert_ptr_nonnull(strstr(jsonl, "\"distance\":15"));
  free(jsonl);
  free(text);
  gm_round(65, 0, 0, 0, 0, 0, &rc, &gm, &jsonl, &text);
  ck_assert_int_eq(rc, COPS_ERANGE);
  gm_round(0, 11, 0, 0, 0, 0, &rc, &gm, &jsonl, &text);
  ck_assert_int_eq(rc, COPS_ERANGE);
  /* C5: an Adrénaline point declared for the attack: one more die, the point gone. */
  gm_round(0, 0, 0, 0, 0, 1, &rc, &gm, &jsonl, &text);
  ck_assert_int_eq(rc, COPS_OK);
  ck_assert_int_eq(gm.pool, plain.pool + 1);
  ck_assert_int_eq(gm.id, 1);        /* 2 - 1 points left */
  ck_assert_ptr_nonnull(strstr(jsonl, "\"adrenaline\":true"));
  free(jsonl);
  free(text);
  gm_round(0, 0, 0, 0, 0, -1, &rc, &gm, &jsonl, &text);
  ck_assert_int_eq(rc, COPS_ERULE);  /* no point left: refused at the declaration */
}
END_TEST

/* C5 in a fight: the caller's Ancienneté decision for a controlled combatant, the
 * declaration's flag for any, the policy's combatants keeping their points; each
 * re-roll logged right after the failed roll; a callback that fails or calls the
 * library fails the round, all or nothing. */
struct anc_calls {
  int n, answer, ids[256], purposes[256], points[256];
  cops_ctx *misuse;         /* a context to call from the callback, or NULL */
};

static int anc_decide(void *user, int id, int purpose, const cops_roll *failed, int points)
{
  struct anc_calls *a = user;
  ck_assert_int_eq(cops_roll_succeeded(failed), 0);
  ck_assert_int_eq(cops_roll_anciennete(failed), 0);
  if (a->misuse)
    cops_ctx_seed(a->misuse, 1);
  if (a->n < 256) {
    a->ids[a->n] = id;
    a->purposes[a->n] = purpose;
    a->points[a->n] = points;
  }
  a->n++;
  return a->answer;
}

static int points_left(cops_character *c)
{
  int cur = -1;
  cops_character_points(c, COPS_ANCIENNETE, &cur, NULL);
  return cur;
}

/* Every Ancienneté roll event follows a failed roll of the same purpose by the
 * same combatant; the count of those by @p id. */
static int anciennete_rolls(const cops_log *log, int id)
{
  int n = 0;
  cops_event prev = {0}, x;
  for (int i = 0; i < cops_log_count(log); i++) {
    x.size = sizeof x;
    ck_assert_int_eq(cops_log_event(log, i, &x), COPS_OK);
    if (x.type == COPS_EV_ROLL && x.anciennete) {
      ck_assert_int_eq(prev.type, COPS_EV_ROLL);
      ck_assert_int_eq(prev.success, 0);
      ck_assert_int_eq(prev.anciennete, 0);
      ck_assert_int_eq(prev.purpose, x.purpose);
      ck_assert_int_eq(prev.actor_id, x.actor_id);
      if (x.success)
        ck_assert_int_eq(x.margin, 0);
      n += x.actor_id == id;
    }
    prev = x;
  }
  return n;
}

START_TEST(test_anciennete_in_a_fight)
{
  struct duel du;
  duel_load(&du, 0);
  ck_assert_int_eq(cops_character_set_points(du.mike, 0, 5), COPS_OK);
  ck_assert_int_eq(cops_character_set_points(du.joe, 0, 5), COPS_OK);
  duel_join(&du, 25);
  ck_assert_int_eq(cops_encounter_give_weapon(du.e, du.j, du.joes), COPS_OK);
  cops_ctx *c = du.c;
  cops_character *mike = du.mike, *joe = du.joe;
  cops_encounter *e = du.e;
  const int m = du.m, j = du.j;
  ck_assert_int_eq(cops_encounter_seed(e, 11), COPS_OK);
  struct anc_calls calls = {0};
  calls.answer = 1;
  ck_assert_int_eq(cops_encounter_set_anciennete_callback(NULL, anc_decide, &calls), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_set_anciennete_callback(e, anc_decide, &calls), COPS_OK);
  int failing = 0;
  /* Fights from seed 1 on, each from the start (reset: the points back), until the
   * callback has been asked and has failed once. */
  for (uint64_t seed = 1; seed <= 60 && (!failing || calls.n == 0); seed++) {
    ck_assert_int_eq(cops_encounter_reset(e), COPS_OK);
    ck_assert_int_eq(cops_encounter_seed(e, seed), COPS_OK);
    for (int round = 0; round < 30 && !cops_encounter_over(e); round++) {
      ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
      int can = 0;
      cops_encounter_able(e, m, &can);
      if (can) {
        cops_declaration d;
        cops_declaration_init(&d, COPS_ACT_WAIT);
        ck_assert_int_eq(cops_encounter_suggest(e, m, &d), COPS_OK);
        ck_assert_int_eq(d.anciennete, 0);   /* the policy keeps the points */
        ck_assert_int_eq(cops_encounter_declare(e, m, &d), COPS_OK);
      }
      if (failing) {
        ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
        continue;
      }
      /* A callback that fails: the round fails and nothing changes; so does one
       * that calls the library or answers 7; then the round again. */
      const int events = cops_log_count(cops_encounter_log(e)), left = points_left(mike);
      const int n0 = calls.n;
      calls.answer = COPS_ERULE;
      const int rc = cops_encounter_resolve_round(e);
      calls.answer = 1;
      if (rc == COPS_OK)
        continue;
      failing = 1;
      ck_assert_int_eq(rc, COPS_ERULE);
      ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "the Ancienneté callback failed"));
      ck_assert_int_eq(calls.n, n0 + 1);
      ck_assert_int_eq(cops_log_count(cops_encounter_log(e)), events);
      ck_assert_int_eq(points_left(mike), left);
      calls.misuse = c;
      ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_ESTATE);
      ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "called the library"));
      calls.misuse = NULL;
      calls.answer = 7;
      ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_EINVAL);
      calls.answer = 1;
      ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
      ck_assert_int_eq(points_left(mike), left - 1);
    }
    const cops_log *log = cops_encounter_log(e);
    ck_assert_int_eq(anciennete_rolls(log, m), 5 - points_left(mike));
    ck_assert_int_eq(anciennete_rolls(log, j), 0);
    ck_assert_int_eq(points_left(joe), 5);   /* the policy's combatant keeps its points */
  }
  ck_assert_int_gt(calls.n, 0);
  ck_assert_int_eq(failing, 1);
  /* Reset puts the points back as they joined, as the rest. */
  ck_assert_int_eq(cops_character_set_current_points(mike, COPS_ANCIENNETE, 0), COPS_OK);
  ck_assert_int_eq(cops_encounter_reset(e), COPS_OK);
  ck_assert_int_eq(points_left(mike), 5);
  for (int k = 0; k < calls.n && k < 256; k++) {
    ck_assert_int_eq(calls.ids[k], m);       /* only the controlled combatant is asked */
    ck_assert_int_ge(calls.points[k], 1);
  }
  /* The declaration's flag, for a combatant of the policy's: its failed rolls this
   * round rolled again while points last, without asking. */
  ck_assert_int_eq(cops_encounter_set_anciennete_callback(e, NULL, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(e, m, 0), COPS_OK);
  int spent = 0;
  for (uint64_t seed = 1; seed <= 60 && !spent; seed++) {
    ck_assert_int_eq(cops_encounter_reset(e), COPS_OK);
    ck_assert_int_eq(cops_encounter_seed(e, seed), COPS_OK);
    for (int round = 0; round < 30 && !cops_encounter_over(e); round++) {
      ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
      int can = 0;
      cops_encounter_able(e, j, &can);
      if (can && points_left(joe) > 0) {
        cops_declaration d;
        cops_declaration_init(&d, COPS_ACT_WAIT);
        ck_assert_int_eq(cops_encounter_suggest(e, j, &d), COPS_OK);
        d.anciennete = 1;
        ck_assert_int_eq(cops_encounter_declare(e, j, &d), COPS_OK);
      }
      ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
    }
    spent = 5 - points_left(joe);
    ck_assert_int_eq(anciennete_rolls(cops_encounter_log(e), j), spent);
    ck_assert_int_eq(anciennete_rolls(cops_encounter_log(e), m), 0);
  }
  ck_assert_int_gt(spent, 0);
  duel_free(&du);
}
END_TEST

/* The declaration's Ancienneté flag is 0 or 1 and wants a point left. */
START_TEST(test_anciennete_declared)
{
  const int a = join(0, 0, 0, 0), b = join(1, 1, 5, 0);
  ck_assert_int_eq(cops_character_set_points(ch[0], 0, 1), COPS_OK);
  ck_assert_int_eq(cops_encounter_begin_round(enc), COPS_OK);
  cops_declaration d = decl(COPS_ACT_SHOOT, b, 0, 0);
  d.anciennete = 2;
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_EINVAL);
  d.anciennete = 1;
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_OK);
  ck_assert_int_eq(cops_character_set_current_points(ch[0], COPS_ANCIENNETE, 0), COPS_OK);
  ck_assert_int_eq(cops_encounter_declare(enc, a, &d), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "no Ancienneté point left"));
}
END_TEST

/* Save and resume (docs/encounters.md): for three scenarios and several seeds, a
 * save at every round boundary and between declaring and resolving (a controlled
 * combatant declared), loaded in a fresh context and run to the end, gives the
 * uninterrupted fight's events byte for byte; a save of a loaded fight is the same
 * text. */
static char *log_from(cops_encounter *e, int from)
{
  char *t = NULL;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), from, &t), COPS_OK);
  return t;
}

/* Round r of a fight whose combatant 0 is controlled: the suggestion declared. */
static void controlled_round(cops_encounter *e, int resolve)
{
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  int can = 0;
  cops_encounter_able(e, 0, &can);
  if (can) {
    cops_declaration d;
    cops_declaration_init(&d, COPS_ACT_WAIT);
    ck_assert_int_eq(cops_encounter_suggest(e, 0, &d), COPS_OK);
    ck_assert_int_eq(cops_encounter_declare(e, 0, &d), COPS_OK);
  }
  if (resolve)
    ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
}

START_TEST(test_save_and_resume_every_boundary)
{
  static const char *const names[] = {"street-shootout", "bar-brawl", "covering-fire-standoff"};
  int compared = 0;
  /* Six seeds; two under valgrind (COPS_TEST_QUICK), which checks memory, not coverage. */
  const uint64_t seeds = getenv("COPS_TEST_QUICK") ? 2 : 6;
  for (size_t k = 0; k < 3; k++)
    for (uint64_t seed = 1; seed <= seeds; seed++) {
      cops_ctx *c;
      cops_scenario *s = open_scenario(&c, names[k]);
      cops_encounter *e = cops_scenario_encounter(s);
      ck_assert_int_eq(cops_encounter_set_controlled(e, 0, 1), COPS_OK);
      ck_assert_int_eq(cops_encounter_seed(e, seed), COPS_OK);
      while (!cops_encounter_over(e))
        controlled_round(e, 1);
      char *full = log_from(e, 0);
      const int rounds = cops_encounter_round(e);
      for (int r = 0; r < rounds; r++)
        for (int mid = 0; mid < 2; mid++) {
          ck_assert_int_eq(cops_scenario_reset(s), COPS_OK);
          ck_assert_int_eq(cops_encounter_seed(e, seed), COPS_OK);
          for (int j = 0; j < r; j++)
            controlled_round(e, 1);
          if (mid)
            controlled_round(e, 0);   /* declared, not resolved */
          const int before = cops_log_count(cops_encounter_log(e));
          char *saved;
          ck_assert_int_eq(cops_encounter_save(e, &saved), COPS_OK);
          cops_ctx *c2;
          cops_encounter *e2;
          ck_assert_int_eq(cops_ctx_new(&c2), COPS_OK);
          ck_assert_msg(cops_encounter_load(&e2, c2, saved) == COPS_OK, "%s seed %d round %d: %s",
                        names[k], (int)seed, r, cops_ctx_errmsg(c2));
          char *again;
          ck_assert_int_eq(cops_encounter_save(e2, &again), COPS_OK);
          ck_assert_str_eq(again, saved);     /* nothing lost on the way */
          if (mid)
            ck_assert_int_eq(cops_encounter_resolve_round(e2), COPS_OK);
          while (!cops_encounter_over(e2))
            controlled_round(e2, 1);
          char *rest = log_from(e2, 0);
          const char *p = full;
          for (int j = 0; j < before; j++)
            p = strchr(p, '\n') + 1;
          ck_assert_msg(!strcmp(p, rest), "%s seed %d: resumed at round %d%s differs", names[k],
                        (int)seed, r, mid ? " (declared)" : "");
          compared++;
          cops_free(rest);
          cops_free(again);
          cops_free(saved);
          cops_encounter_free(e2);
          cops_ctx_free(c2);
        }
      cops_free(full);
      cops_scenario_free(s);
      cops_ctx_free(c);
    }
  if (seeds == 6)
    ck_assert_int_gt(compared, 300);   /* every round of 18 fights, twice */
}
END_TEST

/* A save refused (malformed, impossible) changes nothing, the context's dice
 * included; a system source's key is never written. */
START_TEST(test_save_refused_and_the_system_source)
{
  cops_ctx *c;
  cops_scenario *s = open_scenario(&c, "street-shootout");
  cops_encounter *e = cops_scenario_encounter(s);
  ck_assert_int_eq(cops_encounter_seed(e, 5), COPS_OK);
  ck_assert_int_eq(cops_encounter_run_round(e), COPS_OK);
  char *saved;
  ck_assert_int_eq(cops_encounter_save(e, &saved), COPS_OK);
  ck_assert_ptr_nonnull(strstr(saved, "\"source\": \"seeded\""));
  static const struct {
    const char *from, *to;
    int code;
    const char *says;
  } bad[] = {
    {"\"schema\": 1", "\"schema\": 2", COPS_ERANGE, "schema"},
    {"\"type\": \"libcops-encounter\"", "\"type\": \"sheet\"", COPS_EJSON, "type"},
    {"\"side\": 1", "\"side\": 16", COPS_ERANGE, "].side: 16"},
    {"\"held_by\": -1", "\"held_by\": 99", COPS_ERANGE, "].held_by: 99"},
    {"\"round\": 1", "\"round\": 1000000", COPS_ERANGE, "round"},
    {"\"source\": \"seeded\"", "\"source\": \"dice\"", COPS_EJSON, "random.source"},
    {"\"pos\": ", "\"pos\": -", COPS_ERANGE, "random.pos"},
    {"\"character\": 4", "\"character\": 3", COPS_EJSON, "present twice"},
    {"\"weapons\": [\n        1", "\"weapons\": [\n        0", COPS_EJSON, "carried twice"},
    {"\"Carrure\": ", "\"Carrure\": 1", COPS_ERANGE, "characters[0]"},
    {"\"seed\": \"5\"", "\"seed\": \"-5\"", COPS_EJSON, "seed"},
    {"\"seed\": \"5\"", "\"seed\": 5", COPS_EJSON, "seed"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    const char *at = strstr(saved, bad[k].from);
    ck_assert_msg(at != NULL, "case %zu: %s not in the save", k, bad[k].from);
    char *text = malloc(strlen(saved) + 64);
    memcpy(text, saved, (size_t)(at - saved));
    strcpy(text + (at - saved), bad[k].to);
    strcat(text, at + strlen(bad[k].from));
    cops_ctx *c2;
    ck_assert_int_eq(cops_ctx_new(&c2), COPS_OK);
    ck_assert_int_eq(cops_ctx_seed(c2, 77), COPS_OK);
    cops_encounter *e2 = (cops_encounter *)1;
    const int rc = cops_encounter_load(&e2, c2, text);
    ck_assert_msg(rc == bad[k].code, "case %zu: %d, expected %d (%s)", k, rc, bad[k].code,
                  cops_ctx_errmsg(c2));
    ck_assert_ptr_null(e2);
    ck_assert_msg(strstr(cops_ctx_errmsg(c2), bad[k].says) != NULL, "case %zu: %s", k,
                  cops_ctx_errmsg(c2));
    /* The context's dice as a fresh context seeded 77 gives them. */
    cops_ctx *c3;
    ck_assert_int_eq(cops_ctx_new(&c3), COPS_OK);
    ck_assert_int_eq(cops_ctx_seed(c3, 77), COPS_OK);
    for (int d = 0; d < 20; d++) {
      int f2, f3;
      ck_assert_int_eq(cops_ctx_die(c2, 10, &f2), COPS_OK);
      ck_assert_int_eq(cops_ctx_die(c3, 10, &f3), COPS_OK);
      ck_assert_int_eq(f2, f3);
    }
    cops_ctx_free(c3);
    cops_ctx_free(c2);
    free(text);
  }
  /* A save of 0.9 (no stabilisation, no points as joined) still loads. */
  json_t *old = json_loads(saved, 0, NULL);
  ck_assert_ptr_nonnull(old);
  json_t *comb = json_object_get(old, "combatants");
  for (size_t k = 0; k < json_array_size(comb); k++) {
    json_object_del(json_array_get(comb, k), "treated");
    json_object_del(json_object_get(json_array_get(comb, k), "joined"), "points");
  }
  char *text09 = json_dumps(old, 0);
  json_decref(old);
  cops_encounter *e09;
  ck_assert_int_eq(cops_encounter_load(&e09, c, text09), COPS_OK);
  ck_assert_int_eq(cops_encounter_run(e09), COPS_OK);
  cops_encounter_free(e09);
  free(text09);
  ck_assert_int_eq(cops_encounter_load(NULL, c, saved), COPS_EINVAL);
  cops_encounter *none;
  ck_assert_int_eq(cops_encounter_load(&none, c, "[1, 2]"), COPS_EJSON);
  ck_assert_int_eq(cops_encounter_load(&none, c, "{"), COPS_EJSON);
  ck_assert_int_eq(cops_encounter_save(e, NULL), COPS_EINVAL);
  cops_free(saved);
  /* A system source: no key in the save; resumed, new dice. */
  ck_assert_int_eq(cops_ctx_use_system(c), COPS_OK);
  ck_assert_int_eq(cops_encounter_save(e, &saved), COPS_OK);
  ck_assert_ptr_nonnull(strstr(saved, "\"source\": \"system\""));
  ck_assert_ptr_null(strstr(saved, "\"key\""));
  cops_encounter *e2;
  ck_assert_int_eq(cops_encounter_load(&e2, c, saved), COPS_OK);
  ck_assert_int_eq(cops_encounter_run(e2), COPS_OK);
  ck_assert_int_eq(cops_encounter_over(e2), 1);
  cops_encounter_free(e2);
  cops_free(saved);
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

/* The odds of a declared attack (cops_encounter_odds) are those of the situation
 * the round resolves: the same as a one-off situation built by hand after the move,
 * and, over seeded fights where the target only waits, the hits and the falls
 * happen as often as they say. */
START_TEST(test_odds_of_a_declared_attack)
{
  struct duel du;
  duel_load(&du, 0);
  duel_join(&du, 24);
  cops_ctx *c = du.c;
  cops_character *mike = du.mike, *joe = du.joe;
  cops_weapon *pistol = du.pistol;
  cops_armour *vest = du.vest;
  cops_encounter *e = du.e;
  const int m = du.m, j = du.j;
  ck_assert_int_eq(cops_encounter_set_armour(e, j, vest), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(e, j, 1), COPS_OK);
  cops_attack_odds *o, *by_hand;
  ck_assert_int_eq(cops_attack_odds_new(&o, c), COPS_OK);
  ck_assert_int_eq(cops_attack_odds_new(&by_hand, c), COPS_OK);
  cops_declaration shoot, wait;
  cops_declaration_init(&shoot, COPS_ACT_SHOOT);
  shoot.target = j;
  shoot.attitude = COPS_AGRESSIF;
  shoot.moving = 1;
  shoot.x = 4;
  cops_declaration_init(&wait, COPS_ACT_WAIT);
  wait.attitude = COPS_PRUDENT;
  ck_assert_int_eq(cops_encounter_odds(e, m, &shoot, o), COPS_ESTATE);   /* no round yet */
  double expected = 0, variance = 0, expected_down = 0, var_down = 0;
  long hits = 0, downs = 0, rounds = 0;
  const long fights = test_size(3000);
  for (long f = 0; f < fights; f++) {
    ck_assert_int_eq(cops_encounter_reset(e), COPS_OK);
    ck_assert_int_eq(cops_encounter_seed(e, (uint64_t)f + 1), COPS_OK);
    ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
    ck_assert_int_eq(cops_encounter_declare(e, j, &wait), COPS_OK);
    ck_assert_int_eq(cops_encounter_odds(e, m, &shoot, o), COPS_OK);
    double p, down;
    ck_assert_int_eq(cops_attack_odds_hit(o, &p, NULL), COPS_OK);
    ck_assert_int_eq(cops_attack_odds_down(o, &down, NULL), COPS_OK);
    if (f == 0) {
      /* The same as the one-off situation after the move: 20 m, Agressif, moved 4 m,
       * against a Prudent target in a vest. */
      cops_situation s;
      cops_situation_init(&s, COPS_ATTACK_SINGLE);
      s.attacker = mike;
      s.target = joe;
      s.weapon = pistol;
      s.armour = vest;
      s.distance = 20;
      s.attitude = COPS_AGRESSIF;
      s.target_attitude = COPS_PRUDENT;
      s.movement = 4;
      ck_assert_int_eq(cops_attack_odds_compute(by_hand, &s), COPS_OK);
      double q;
      cops_attack_odds_hit(by_hand, &q, NULL);
      ck_assert_double_eq_tol(p, q, 1e-15);
      ck_assert_double_gt(p, 0.05);
      /* Not an attack, or no target: no odds. */
      ck_assert_int_eq(cops_encounter_odds(e, m, &wait, o), COPS_EINVAL);
    }
    ck_assert_int_eq(cops_encounter_declare(e, m, &shoot), COPS_OK);
    const int before = cops_log_count(cops_encounter_log(e));
    ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
    const cops_log *log = cops_encounter_log(e);
    int rolled = 0, hit = 0;
    for (int i = before; i < cops_log_count(log); i++) {
      cops_event x;
      x.size = sizeof x;
      cops_log_event(log, i, &x);
      if (x.type == COPS_EV_ROLL && x.purpose == COPS_PURPOSE_ATTACK && x.actor_id == m) {
        rolled = 1;
        hit = x.success;
      }
    }
    ck_assert_int_eq(rolled, 1);
    int hp;
    cops_character_hp(joe, &hp);
    hits += hit;
    downs += hp <= 0;
    expected += p;
    variance += p * (1 - p);
    expected_down += down;
    var_down += down * (1 - down);
    rounds++;
  }
  ck_assert_msg(fabs(hits - expected) <= 5 * sqrt(variance) + 1, "hits %ld, expected %.1f", hits,
                expected);
  ck_assert_msg(fabs(downs - expected_down) <= 5 * sqrt(var_down) + 1, "falls %ld, expected %.1f",
                downs, expected_down);
  cops_attack_odds_free(by_hand);
  cops_attack_odds_free(o);
  duel_free(&du);
}
END_TEST

static Suite *encounter_suite(void)
{
  Suite *s = suite_create("encounter");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 600);   /* the save at every round, under the sanitizers and valgrind */
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_c6_order_and_ties);
  tcase_add_test(tc, test_c6_simultaneous);
  tcase_add_test(tc, test_c6_not_simultaneous);
  tcase_add_test(tc, test_c6_4_melee_at_zero_and_one_exchange);
  tcase_add_test(tc, test_c6_4_melee_ordered_at_zero_by_the_tie_rule);
  tcase_add_test(tc, test_c11_each_fighter_own_modifiers);
  tcase_add_test(tc, test_c8_5_first_aid_is_an_action_and_once_per_wound);
  tcase_add_test(tc, test_c8_5_stabilisation_at_zero);
  tcase_add_test(tc, test_c8_5_medicine_in_a_fight);
  tcase_add_test(tc, test_c6_5_true_distances);
  tcase_add_test(tc, test_c10_4_round_bound_conditions);
  tcase_add_test(tc, test_c10_5_cover_in_an_encounter);
  tcase_add_test(tc, test_c11_1_hold_then_escape);
  tcase_add_test(tc, test_c11_1_throw_and_stand_up);
  tcase_add_test(tc, test_c8_2_dying_and_death);
  tcase_add_test(tc, test_c8_5_first_aid);
  tcase_add_test(tc, test_join_and_leave);
  tcase_add_test(tc, test_invalid_declarations);
  tcase_add_test(tc, test_default_policy);
  tcase_add_test(tc, test_determinism_and_reset);
  tcase_add_test(tc, test_scenarios);
  tcase_add_test(tc, test_scenarios_stepped_keep_their_script);
  tcase_add_test(tc, test_reset_after_leaving_and_joining_again);
  tcase_add_test(tc, test_suggest_is_what_the_policy_declares);
  tcase_add_test(tc, test_what_a_ui_reads);
  tcase_add_test(tc, test_allowed_agrees_with_the_policy);
  tcase_add_test(tc, test_gm_modifiers_and_long_moves);
  tcase_add_test(tc, test_anciennete_in_a_fight);
  tcase_add_test(tc, test_anciennete_declared);
  tcase_add_test(tc, test_save_and_resume_every_boundary);
  tcase_add_test(tc, test_save_refused_and_the_system_source);
  tcase_add_test(tc, test_odds_of_a_declared_attack);
  tcase_add_test(tc, test_api_edges);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(encounter_suite)
