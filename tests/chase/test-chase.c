/* Chases (COPS.md C7) with scripted dice: the outcomes of C7.3, losses and black dice
 * (C7.2, C7.5), crash tests, bands (C7.1), the ends (C7.4), several pursuers, the order
 * of declarations, the GM's dice, Adrénaline, the wound malus and Ancienneté, errors,
 * all or nothing. */
#include <math.h>
#include <stdio.h>

#include "testutil.h"

/* A participant's dice set whole (lib/chase/chase.c, private). */
int cops__chase_set_dice(cops_chase *c, int id, int white, int black);

static cops_ctx *ctx;
static script dice;
static cops_character *ch[4];
static cops_chase *chase;

#define FACES(...) SCRIPT_FACES(&dice, __VA_ARGS__)

static cops_character *driver(const char *name, int level)
{
  cops_character *c;
  ck_assert_int_eq(cops_character_new(&c, ctx), COPS_OK);
  cops_character_set_name(c, name);
  cops_character_set_characteristic(c, COPS_REFLEXES, 3);
  cops_character_set_characteristic(c, COPS_CARRURE, 3);
  if (level)
    ck_assert_int_eq(cops_character_set_skill(c, COPS_CONDUITE, level, "voiture"), COPS_OK);
  return c;
}

static void setup(void)
{
  ctx = SCRIPT(&dice, 1);
  dice.n = 0;
  ch[0] = driver("Rico", 5);    /* the pursued in the tests */
  ch[1] = driver("Mike", 5);
  ch[2] = driver("Sarah", 4);
  ch[3] = driver("Tito", 0);    /* no Conduite: unskilled */
  ck_assert_int_eq(cops_chase_new(&chase, ctx), COPS_OK);
}

static void teardown(void)
{
  cops_chase_free(chase);
  for (int i = 0; i < 4; i++)
    cops_character_free(ch[i]);
  cops_ctx_free(ctx);
}

static int add(int i, int role, int white)
{
  int id;
  ck_assert_msg(cops_chase_add(chase, ch[i], "Conduite [voiture]/Réflexes", role, "Dodge",
                               white, &id) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  return id;
}

static void declare(int id, int successes, int blacken)
{
  cops_chase_declaration d;
  ck_assert_int_eq(cops_chase_declaration_init(&d, successes), COPS_OK);
  d.blacken = blacken;
  ck_assert_msg(cops_chase_declare(chase, id, &d) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
}

static void held(int id, int white, int black)
{
  int w, b;
  ck_assert_int_eq(cops_chase_dice(chase, id, &w, &b), COPS_OK);
  ck_assert_msg(w == white && b == black, "participant %d: %d white %d black, expected %d %d",
                id, w, b, white, black);
}

static void resolve(void)
{
  ck_assert_msg(cops_chase_resolve_round(chase) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(dice.next, dice.n);
}

static int count(int type)
{
  cops_log *log = cops_chase_log(chase);
  int n = 0;
  for (int i = 0; i < cops_log_count(log); i++) {
    cops_event x;
    x.size = sizeof x;
    cops_log_event(log, i, &x);
    n += x.type == type;
  }
  return n;
}

static cops_event last_of(int type)
{
  cops_log *log = cops_chase_log(chase);
  cops_event x, found;
  memset(&found, 0, sizeof found);
  for (int i = 0; i < cops_log_count(log); i++) {
    x.size = sizeof x;
    cops_log_event(log, i, &x);
    if (x.type == type)
      found = x;
  }
  ck_assert_int_eq(found.type, type);
  return found;
}

/* C7.3: both succeed, the one who declared more makes the other lose a die; equal: none. */
START_TEST(test_c7_3_both_succeed)
{
  const int p = add(0, COPS_CHASE_PURSUED, 5), q = add(1, COPS_CHASE_PURSUER, 5);
  declare(p, 1, 0);
  declare(q, 2, 0);
  FACES(5, 1, 1, 1, 1, 6, 7, 1, 1, 1);   /* Rico 1 success of 1; Mike 2 of 2 */
  resolve();
  held(p, 4, 0);
  held(q, 5, 0);
  declare(p, 2, 0);
  declare(q, 2, 0);
  FACES(5, 6, 1, 1, 6, 7, 1, 1, 1);
  resolve();
  held(p, 4, 0);                  /* equal declarations: no change */
  held(q, 5, 0);
  ck_assert_int_eq(cops_chase_round(chase), 2);
}
END_TEST

/* C7.3: only one succeeds, the loser loses ME + 1 (declared 5, got 3: loses 3). */
START_TEST(test_c7_3_one_fails_loses_me_plus_one)
{
  const int p = add(0, COPS_CHASE_PURSUED, 6), q = add(1, COPS_CHASE_PURSUER, 5);
  declare(p, 1, 0);
  declare(q, 5, 0);
  FACES(5, 1, 1, 1, 1, 1, 9, 9, 9, 1, 1);   /* Rico 1 of 1; Mike 3 of 5: ME 2 */
  resolve();
  held(p, 6, 0);
  held(q, 2, 0);
  ck_assert_int_eq(last_of(COPS_EV_CHASE_DICE).lost, 3);
}
END_TEST

/* C7.3: both fail, each loses a die; C7.2: turned black instead when declared. */
START_TEST(test_c7_3_both_fail_and_black_dice)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 4);
  declare(p, 2, 1);                       /* Rico turns a lost die black */
  declare(q, 2, 0);
  FACES(1, 1, 1, 1, 1, 1, 1, 1);
  resolve();
  held(p, 3, 1);
  held(q, 3, 0);
  cops_event x = last_of(COPS_EV_CHASE_DICE);
  ck_assert_int_eq(x.lost, 1);            /* Mike's, last */
  /* Round 2: Rico's black die is his last die (white first, black last); it fails in a
   * successful roll: a crash test all the same (C7.2). */
  declare(p, 1, 0);
  declare(q, 1, 0);
  FACES(5, 1, 1, 2, /* Rico: 1 success, the black die 2 failed */ 5, 1, 1, /* Mike */ 4);
  resolve();
  ck_assert_int_eq(count(COPS_EV_CRASH), 1);
  x = last_of(COPS_EV_CRASH);
  ck_assert_int_eq(x.failed, 1);
  ck_assert_int_eq(x.total, 4);
  ck_assert_int_eq(x.actor_id, p);
}
END_TEST

/* C7.5: conversions never absorb more than the white dice in hand; then black dice go. */
START_TEST(test_c7_5_losses_white_then_black)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 6);
  ck_assert_int_eq(cops_chase_adjust(chase, p, -2), COPS_OK);   /* the GM: 2 white left */
  held(p, 2, 0);
  declare(p, 5, 9);                       /* turn every die lost black, if it can */
  declare(q, 1, 0);
  FACES(9, 9, /* Rico 2 of 5: ME 3, loses 4 */ 5, 1, 1, 1, 1, 1);
  resolve();
  /* 4 to lose: 2 white turned black, then 2 black lost: none left, forced to stop. */
  held(p, 0, 0);
  ck_assert_int_eq(cops_chase_state(chase, p), COPS_CHASER_STOPPED);
  ck_assert_int_eq(cops_chase_result(chase), COPS_CHASE_CAUGHT);
  ck_assert_int_eq(count(COPS_EV_CHASE_END), 1);
  ck_assert_int_eq(cops_chase_resolve_round(chase), COPS_ESTATE);
}
END_TEST

/* C7.5: a black die showing 10 succeeded, its re-roll never calls a crash test. */
START_TEST(test_c7_5_a_black_ten_is_no_crash)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 4);
  declare(p, 2, 1);
  declare(q, 2, 0);
  FACES(1, 1, 1, 1, 1, 1, 1, 1);          /* both fail: Rico 3 white 1 black */
  resolve();
  declare(p, 1, 0);
  declare(q, 1, 0);
  FACES(5, 1, 1, 10, 1, /* the black 10, re-rolled 1 */ 5, 1, 1);
  resolve();
  ck_assert_int_eq(count(COPS_EV_CRASH), 0);
}
END_TEST

/* C7.2 RULING: one d6 per failed black die by default, or one d6 plus the failures; the
 * caller's table decides a wreck (C7.4): here 8 or more. */
static int wreck_from_8(void *user, int id, int failed, const int *d6, int n, int *wrecked)
{
  int *seen = user;
  seen[0] = id;
  seen[1] = failed;
  seen[2] = n;
  seen[3] = d6[0];
  *wrecked = d6[0] >= 8;
  return 0;
}

START_TEST(test_c7_2_crash_tests_and_a_wreck)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 4);
  int seen[4] = {-1, -1, -1, -1};
  ck_assert_int_eq(cops_chase_set_crash_callback(chase, wreck_from_8, seen), COPS_OK);
  /* Mike turns a die black in each of two both-failed rounds; in the second his black
   * die fails: a crash test, one d6 (3), no wreck. */
  declare(p, 5, 0);
  declare(q, 5, 1);
  FACES(1, 1, 1, 1, 1, 1, 1, 1);
  resolve();
  ck_assert_int_eq(count(COPS_EV_CRASH), 0);
  declare(p, 5, 0);
  declare(q, 5, 1);
  FACES(1, 1, 1, 1, 1, 1, 1, 3);
  resolve();
  ck_assert_int_eq(seen[0], q);
  ck_assert_int_eq(seen[1], 1);
  ck_assert_int_eq(seen[2], 1);
  ck_assert_int_eq(seen[3], 3);
  held(p, 2, 0);
  held(q, 2, 2);
  ck_assert_int_eq(cops_chase_set_crash_mode(chase, COPS_CRASH_ONE_PLUS), COPS_OK);
  ck_assert_int_eq(cops_chase_set_crash_mode(chase, 2), COPS_EINVAL);
  declare(p, 1, 0);
  declare(q, 1, 0);
  /* Rico 5 5: success. Mike 5 1 | 1 1: both black dice fail: one d6 (5) + 2 = 7. */
  FACES(5, 5, 5, 1, 1, 1, 5);
  resolve();
  ck_assert_int_eq(seen[0], q);
  ck_assert_int_eq(seen[1], 2);
  ck_assert_int_eq(seen[2], 1);
  ck_assert_int_eq(seen[3], 7);
  ck_assert_int_eq(cops_chase_state(chase, q), COPS_CHASER_IN);
  ck_assert_int_eq(last_of(COPS_EV_CRASH).total, 7);
  /* Again, 6 + 2 = 8: a wreck; the only pursuer out: the pursued escapes. */
  declare(p, 1, 0);
  declare(q, 1, 0);
  FACES(5, 5, 5, 1, 1, 1, 6);
  resolve();
  ck_assert_int_eq(cops_chase_state(chase, q), COPS_CHASER_WRECKED);
  ck_assert_int_eq(cops_chase_result(chase), COPS_CHASE_ESCAPED);
}
END_TEST

/* C7.1: bands from the difference of dice held. */
START_TEST(test_c7_1_bands)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 6);
  int band;
  ck_assert_int_eq(cops_chase_band(chase, q, &band), COPS_OK);
  ck_assert_int_eq(band, COPS_BAND_SHORT);          /* 2 more */
  cops_chase_adjust(chase, q, -1);
  cops_chase_band(chase, q, &band);
  ck_assert_int_eq(band, COPS_BAND_INTERMEDIATE);   /* 1 more */
  cops_chase_adjust(chase, p, 3);
  cops_chase_band(chase, q, &band);
  ck_assert_int_eq(band, COPS_BAND_LONG);           /* the pursued 2 more */
  ck_assert_int_eq(cops_chase_band(chase, p, &band), COPS_EINVAL);
  ck_assert_str_eq(cops_chase_band_name(COPS_BAND_LONG, COPS_LANG_FR), "longue");
  ck_assert_int_eq(last_of(COPS_EV_CHASE_DICE).active, 1);
}
END_TEST

/* C7 step 5, C7.1 RULING: a passenger's shot from a vehicle at small (short) or large
 * (intermediate) maluses, none on foot, nothing at long distance. */
START_TEST(test_c7_1_shot_maluses)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 6);
  int id, mod;
  ck_assert_int_eq(cops_chase_add(chase, ch[2], "Conduite [voiture]/Réflexes",
                                  COPS_CHASE_PURSUER, NULL, 4, &id), COPS_OK);   /* on foot */
  ck_assert_int_eq(cops_chase_shot_malus(chase, q, &mod), COPS_OK);
  ck_assert_int_eq(mod, -COPS_CHASE_SMALL_MALUS);                 /* short */
  cops_chase_adjust(chase, q, -1);
  ck_assert_int_eq(cops_chase_shot_malus(chase, q, &mod), COPS_OK);
  ck_assert_int_eq(mod, -COPS_CHASE_LARGE_MALUS);                 /* intermediate */
  ck_assert_int_eq(cops_chase_set_maluses(chase, 2, 4), COPS_OK);
  ck_assert_int_eq(cops_chase_shot_malus(chase, q, &mod), COPS_OK);
  ck_assert_int_eq(mod, -4);
  ck_assert_int_eq(cops_chase_shot_malus(chase, id, &mod), COPS_OK);
  ck_assert_int_eq(mod, 0);                                       /* on foot */
  cops_chase_adjust(chase, p, 2);
  ck_assert_int_eq(cops_chase_shot_malus(chase, id, &mod), COPS_ERULE);   /* long */
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "out of reach (C7.1)"));
  ck_assert_int_eq(cops_chase_set_maluses(chase, 11, 0), COPS_ERANGE);
  ck_assert_int_eq(cops_chase_shot_malus(chase, p, &mod), COPS_EINVAL);
}
END_TEST

/* C7.4 and C7.5: a pursuer at 0 has lost the prey; both sides at 0: the pursued escapes. */
START_TEST(test_c7_4_ends)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 4);
  cops_chase_adjust(chase, p, -3);
  cops_chase_adjust(chase, q, -3);
  declare(p, 1, 0);
  declare(q, 1, 0);
  FACES(1, 1);                            /* both fail: each loses its last die */
  resolve();
  ck_assert_int_eq(cops_chase_state(chase, p), COPS_CHASER_STOPPED);
  ck_assert_int_eq(cops_chase_state(chase, q), COPS_CHASER_LOST);
  ck_assert_int_eq(cops_chase_result(chase), COPS_CHASE_ESCAPED);
  cops_chase_declaration d;
  cops_chase_declaration_init(&d, 1);
  ck_assert_int_eq(cops_chase_declare(chase, p, &d), COPS_ESTATE);
}
END_TEST

/* C7.4 between rounds: the GM takes the pursued's last dice: caught; a wreck in a chase
 * that has no pursued yet decides nothing (found by the fuzzer). */
START_TEST(test_c7_4_ends_between_rounds)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 4);
  ck_assert_int_eq(cops_chase_adjust(chase, p, -4), COPS_OK);
  ck_assert_int_eq(cops_chase_state(chase, p), COPS_CHASER_STOPPED);
  ck_assert_int_eq(cops_chase_result(chase), COPS_CHASE_CAUGHT);
  ck_assert_int_eq(count(COPS_EV_CHASE_END), 1);
  ck_assert_int_eq(cops_chase_wreck(chase, q), COPS_ESTATE);   /* over */
  cops_chase *alone;
  ck_assert_int_eq(cops_chase_new(&alone, ctx), COPS_OK);
  int id;
  ck_assert_int_eq(cops_chase_add(alone, ch[2], "Conduite [voiture]/Réflexes",
                                  COPS_CHASE_PURSUER, NULL, 4, &id), COPS_OK);
  ck_assert_int_eq(cops_chase_wreck(alone, id), COPS_OK);
  ck_assert_int_eq(cops_chase_result(alone), COPS_CHASE_GOING);
  cops_chase_free(alone);
}
END_TEST

/* C7.5: several pursuers, each pair its own outcome; the pursued loses its worst pair's. */
START_TEST(test_c7_5_several_pursuers)
{
  const int p = add(0, COPS_CHASE_PURSUED, 5), q = add(1, COPS_CHASE_PURSUER, 5),
            r = add(2, COPS_CHASE_PURSUER, 5);
  declare(p, 3, 0);
  declare(q, 1, 0);
  declare(r, 4, 0);
  /* Rico 2 of 3 (ME 1); Mike 1 of 1; Sarah (4+) 4 of 4. */
  FACES(5, 5, 1, 1, 1, 5, 1, 1, 1, 1, 4, 4, 4, 4, 1);
  resolve();
  /* Rico against Mike: Rico fails, loses 2; against Sarah: Rico fails, loses 2. Worst: 2. */
  held(p, 3, 0);
  held(q, 5, 0);
  held(r, 5, 0);
  ck_assert_int_eq(count(COPS_EV_CHASE_BAND), 2);
  int band;
  cops_chase_band(chase, r, &band);
  ck_assert_int_eq(band, COPS_BAND_SHORT);
}
END_TEST

/* C7 step 2: the better skill (lower threshold) chooses; equal: the pursued; unskilled is
 * 11+ (C7.5). */
START_TEST(test_c7_the_order_of_declarations)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 4),
            r = add(2, COPS_CHASE_PURSUER, 4), t = add(3, COPS_CHASE_PURSUER, 4);
  int who;
  cops_chase_chooser(chase, q, &who);
  ck_assert_int_eq(who, p);               /* 5+ and 5+: the pursued */
  cops_chase_chooser(chase, r, &who);
  ck_assert_int_eq(who, r);               /* Sarah 4+ */
  cops_chase_chooser(chase, t, &who);
  ck_assert_int_eq(who, p);               /* Tito unskilled */
  ck_assert_int_eq(cops_chase_chooser(chase, p, &who), COPS_EINVAL);
}
END_TEST

/* C7.5: the wound malus and an Adrénaline die change this roll only; Ancienneté rolls a
 * failed chase roll again. */
START_TEST(test_c7_5_malus_adrenaline_anciennete)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 4);
  cops_character_set_hp(ch[0], 10);       /* below half: -1 die */
  cops_character_set_points(ch[1], 1, 1);
  cops_chase_declaration d;
  cops_chase_declaration_init(&d, 2);
  declare(p, 1, 0);
  d.flags = COPS_ADRENALINE_DIE | COPS_CHASE_ANCIENNETE;
  ck_assert_int_eq(cops_chase_declare(chase, q, &d), COPS_OK);
  /* Rico 3 dice: 5 1 1 (1 of 1). Mike 5 dice: 1 1 1 1 1 fails; again: 5 5 1 1 1. */
  FACES(5, 1, 1, 1, 1, 1, 1, 1, 5, 5, 1, 1, 1);
  resolve();
  held(p, 3, 0);                   /* both succeed, Mike declared more: Rico loses 1 */
  int cur;
  cops_character_points(ch[1], COPS_ADRENALINE, &cur, NULL);
  ck_assert_int_eq(cur, 0);
  cops_character_points(ch[1], COPS_ANCIENNETE, &cur, NULL);
  ck_assert_int_eq(cur, 0);
  held(q, 4, 0);                   /* the chase dice held do not change */
}
END_TEST

/* Errors, and a round that fails changes nothing. */
static int failing_table(void *user, int id, int failed, const int *d6, int n, int *wrecked)
{
  (void)user, (void)id, (void)failed, (void)d6, (void)n, (void)wrecked;
  return COPS_ERANGE;
}

START_TEST(test_errors_and_all_or_nothing)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4);
  int id;
  ck_assert_int_eq(cops_chase_add(chase, ch[1], "Conduite [voiture]/Réflexes",
                                  COPS_CHASE_PURSUED, NULL, 4, &id), COPS_ESTATE);
  ck_assert_int_eq(cops_chase_add(chase, ch[1], "Conduite [voiture]/Réflexes",
                                  COPS_CHASE_PURSUER, NULL, 3, &id), COPS_ERANGE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "white dice 3 out of range 4..6 (C7)");
  ck_assert_int_eq(cops_chase_add(chase, ch[0], "Conduite [voiture]/Réflexes",
                                  COPS_CHASE_PURSUER, NULL, 4, &id), COPS_EINVAL);
  ck_assert_int_eq(cops_chase_add(chase, ch[1], "Conduite/Réflexes (", COPS_CHASE_PURSUER,
                                  NULL, 4, &id), COPS_ESYNTAX);
  ck_assert_int_eq(cops_chase_resolve_round(chase), COPS_ESTATE);   /* no pursuer */
  const int q = add(1, COPS_CHASE_PURSUER, 4);
  declare(p, 1, 1);
  ck_assert_int_eq(cops_chase_resolve_round(chase), COPS_ESTATE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Mike (id 1) has not declared");
  cops_chase_declaration d;
  cops_chase_declaration_init(&d, 0);
  ck_assert_int_eq(cops_chase_declare(chase, q, &d), COPS_ERANGE);
  d.successes = 1;
  d.flags = COPS_CHASE_ANCIENNETE;
  ck_assert_int_eq(cops_chase_declare(chase, q, &d), COPS_ERULE);
  declare(q, 1, 0);
  /* A round: both fail, Rico turns his die black. Then a round whose crash test's table
   * fails: nothing changed. */
  FACES(1, 1, 1, 1, 1, 1, 1, 1);
  resolve();
  held(p, 3, 1);
  const int events = cops_log_count(cops_chase_log(chase));
  cops_chase_set_crash_callback(chase, failing_table, NULL);
  declare(p, 1, 0);
  declare(q, 1, 0);
  FACES(5, 1, 1, 1, 5, 1, 1, 3);          /* Rico's black die fails */
  ck_assert_int_eq(cops_chase_resolve_round(chase), COPS_ERANGE);
  held(p, 3, 1);
  held(q, 3, 0);
  ck_assert_int_eq(cops_log_count(cops_chase_log(chase)), events);
  ck_assert_int_eq(cops_chase_round(chase), 1);
  /* The dice running out fail it too, and change nothing. */
  cops_chase_set_crash_callback(chase, NULL, NULL);
  FACES(5, 1);
  ck_assert_int_eq(cops_chase_resolve_round(chase), COPS_ERNG);
  held(p, 3, 1);
  ck_assert_int_eq(cops_log_count(cops_chase_log(chase)), events);
  /* Under way, the pursued cannot join (it has one), nor a 7th white die. */
  ck_assert_int_eq(cops_chase_add(chase, ch[2], "Conduite [voiture]/Réflexes",
                                  COPS_CHASE_PURSUED, NULL, 4, &id), COPS_ESTATE);
  ck_assert_int_eq(cops_chase_add(chase, ch[2], "Conduite [voiture]/Réflexes",
                                  COPS_CHASE_PURSUER, NULL, 7, &id), COPS_ERANGE);
  ck_assert_int_eq(cops_log_count(cops_chase_log(chase)), events);
}
END_TEST

/* The events name participants by id, and narrate. */
START_TEST(test_events_and_narration)
{
  const int p = add(0, COPS_CHASE_PURSUED, 5), q = add(1, COPS_CHASE_PURSUER, 5);
  declare(p, 1, 0);
  declare(q, 5, 1);
  FACES(5, 1, 1, 1, 1, 9, 9, 9, 1, 1);    /* Mike 3 of 5: loses 3, one turned black */
  resolve();
  held(q, 2, 1);
  char *text;
  ck_assert_int_eq(cops_log_narrate(cops_chase_log(chase), 0, COPS_LANG_EN, &text), COPS_OK);
  ck_assert_msg(strstr(text, "Mike turns 1 white die black (2 white, 1 black); Mike loses 2 "
                             "chase dice (2 white, 1 black)"), "%s", text);
  ck_assert_msg(strstr(text, "Mike and Rico: long distance"), "%s", text);   /* 3 to 5 */
  cops_free(text);
  ck_assert_int_eq(cops_log_to_jsonl(cops_chase_log(chase), 0, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "\"type\":\"chase_dice\""));
  ck_assert_ptr_nonnull(strstr(text, "\"purpose\":\"chase\""));
  cops_free(text);
  cops_event x = last_of(COPS_EV_CHASE_BAND);
  ck_assert_int_eq(x.actor_id, q);
  ck_assert_int_eq(x.target_id, p);
}
END_TEST

/* The odds of a round against seeded rounds: each outcome, the dice lost, the crash tests. */
START_TEST(test_c7_odds_match_seeded_rounds)
{
  cops_ctx *sctx;
  ck_assert_int_eq(cops_ctx_new(&sctx), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(sctx, 16), COPS_OK);
  cops_character *rico, *mike;
  ck_assert_int_eq(cops_character_new(&rico, sctx), COPS_OK);
  ck_assert_int_eq(cops_character_new(&mike, sctx), COPS_OK);
  cops_character_set_name(rico, "Rico");
  cops_character_set_name(mike, "Mike");
  cops_character_set_skill(rico, COPS_CONDUITE, 5, "voiture");
  cops_character_set_skill(mike, COPS_CONDUITE, 6, "voiture");
  cops_character_set_points(mike, 0, 1);
  cops_chase_declaration dp, dq;
  cops_chase_declaration_init(&dp, 2);
  cops_chase_declaration_init(&dq, 3);
  dq.flags = COPS_CHASE_ANCIENNETE;
  cops_chase_round_odds o;
  o.size = sizeof o;
  const long n = test_size(20000);
  long both = 0, mine = 0, theirs = 0, neither = 0, crash = 0;
  double loss = 0, other_loss = 0;
  for (long i = 0; i < n; i++) {
    cops_chase *c;
    ck_assert_int_eq(cops_chase_new(&c, sctx), COPS_OK);
    int p, q;
    ck_assert_int_eq(cops_chase_add(c, rico, "Conduite [voiture]/Réflexes", COPS_CHASE_PURSUED,
                                    NULL, 5, &p), COPS_OK);
    ck_assert_int_eq(cops_chase_add(c, mike, "Conduite [voiture]/Réflexes", COPS_CHASE_PURSUER,
                                    NULL, 4, &q), COPS_OK);
    ck_assert_int_eq(cops__chase_set_dice(c, q, 3, 2), COPS_OK);
    if (i == 0)
      ck_assert_int_eq(cops_chase_odds(c, q, &dq, p, &dp, &o), COPS_OK);
    cops_character_set_current_points(mike, COPS_ANCIENNETE, 1);
    ck_assert_int_eq(cops_chase_declare(c, p, &dp), COPS_OK);
    ck_assert_int_eq(cops_chase_declare(c, q, &dq), COPS_OK);
    ck_assert_int_eq(cops_chase_resolve_round(c), COPS_OK);
    int pw, pb, qw, qb;
    cops_chase_dice(c, p, &pw, &pb);
    cops_chase_dice(c, q, &qw, &qb);
    loss += 5 - (qw + qb);
    other_loss += 5 - (pw + pb);
    int ok[2] = {0, 0};
    cops_log *log = cops_chase_log(c);
    for (int k = 0; k < cops_log_count(log); k++) {
      cops_event x;
      x.size = sizeof x;
      cops_log_event(log, k, &x);
      if (x.type == COPS_EV_ROLL && x.purpose == COPS_PURPOSE_CHASE)
        ok[x.actor_id == q] = x.success;   /* the last roll of each: the final one */
      crash += x.type == COPS_EV_CRASH && x.actor_id == q;
    }
    both += ok[1] && ok[0];
    mine += ok[1] && !ok[0];
    theirs += !ok[1] && ok[0];
    neither += !ok[1] && !ok[0];
    cops_chase_free(c);
  }
  const double N = (double)n;
  const double want[5] = {o.both, o.only_mine, o.only_other, o.neither, o.crash};
  const long got[5] = {both, mine, theirs, neither, crash};
  for (int k = 0; k < 5; k++) {
    const double sd = sqrt(want[k] * (1 - want[k]) / N);
    ck_assert_msg(fabs((double)got[k] / N - want[k]) < 5 * sd + 1e-9, "%d: %f, odds %f", k,
                  (double)got[k] / N, want[k]);
  }
  ck_assert_msg(fabs(loss / N - o.loss) < 0.05, "loss %f, odds %f", loss / N, o.loss);
  ck_assert_msg(fabs(other_loss / N - o.other_loss) < 0.05, "other loss %f, odds %f",
                other_loss / N, o.other_loss);
  ck_assert_double_eq_tol(o.both + o.only_mine + o.only_other + o.neither, 1, 1e-12);
  cops_character_free(rico);
  cops_character_free(mike);
  cops_ctx_free(sctx);
}
END_TEST

/* Crash odds by hand: one black die at 5+ fails 4 times in 10. */
START_TEST(test_c7_2_crash_odds_by_hand)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 4);
  ck_assert_int_eq(cops__chase_set_dice(chase, q, 3, 1), COPS_OK);
  cops_chase_declaration dq, dp;
  cops_chase_declaration_init(&dq, 1);
  cops_chase_declaration_init(&dp, 1);
  cops_chase_round_odds o;
  o.size = sizeof o;
  ck_assert_int_eq(cops_chase_odds(chase, q, &dq, p, &dp, &o), COPS_OK);
  ck_assert_double_eq_tol(o.crash, 0.4, 1e-12);
  ck_assert_double_eq_tol(o.success, 1 - pow(0.4, 4), 1e-12);   /* 5+: a die fails 4 in 10 */
  ck_assert_int_eq(cops_chase_odds(chase, q, &dq, q, &dp, &o), COPS_EINVAL);
  o.size = 4;
  ck_assert_int_eq(cops_chase_odds(chase, q, &dq, p, &dp, &o), COPS_EINVAL);
}
END_TEST

/* The default policy declares, and a chase runs to its end unattended. */
START_TEST(test_the_default_policy_runs_a_chase)
{
  cops_ctx *sctx;
  ck_assert_int_eq(cops_ctx_new(&sctx), COPS_OK);
  cops_ctx_seed(sctx, 7);
  cops_character *a, *b;
  cops_character_new(&a, sctx);
  cops_character_new(&b, sctx);
  cops_character_set_skill(a, COPS_CONDUITE, 5, "voiture");
  cops_character_set_skill(b, COPS_CONDUITE, 5, "voiture");
  cops_chase *c;
  cops_chase_new(&c, sctx);
  int p, q;
  cops_chase_add(c, a, "Conduite [voiture]/Réflexes", COPS_CHASE_PURSUED, NULL, 5, &p);
  cops_chase_add(c, b, "Conduite [voiture]/Réflexes", COPS_CHASE_PURSUER, NULL, 5, &q);
  cops_chase_declaration d;
  cops_chase_declaration_init(&d, 1);
  ck_assert_int_eq(cops_chase_suggest(c, q, &d), COPS_OK);
  ck_assert_int_ge(d.successes, 1);
  ck_assert_int_le(d.successes, 5);
  int rounds = 0;
  while (!cops_chase_result(c) && rounds < 100) {
    for (int i = 0; i < 2; i++)
      if (cops_chase_state(c, i) == COPS_CHASER_IN) {
        ck_assert_int_eq(cops_chase_suggest(c, i, &d), COPS_OK);
        ck_assert_int_eq(cops_chase_declare(c, i, &d), COPS_OK);
      }
    ck_assert_int_eq(cops_chase_resolve_round(c), COPS_OK);
    rounds++;
  }
  ck_assert_int_ne(cops_chase_result(c), COPS_CHASE_GOING);
  ck_assert_int_eq(cops_chase_suggest(c, q, &d), COPS_ESTATE);
  cops_chase_free(c);
  cops_character_free(a);
  cops_character_free(b);
  cops_ctx_free(sctx);
}
END_TEST

/* A chase saved at every round and resumed in a fresh context: the same events, byte for
 * byte, as the chase that never stopped; the save of the resumed chase is the same text. */
START_TEST(test_a_chase_saved_and_resumed_is_the_same_chase)
{
  /* The car chase with shooting passengers too: their sheets, states, weapons, last
   * actions. */
  static const char *const files[] = {SCENARIOS_DIR "/sunset-chase.json",
                                      SCENARIOS_DIR "/harbor-freeway-pursuit.json"};
  for (int fi = 0; fi < 2; fi++)
  for (unsigned long long seed = 1; seed <= 3; seed++) {
    cops_ctx *a;
    ck_assert_int_eq(cops_ctx_new(&a), COPS_OK);
    cops_ctx_seed(a, seed);
    cops_chase *full;
    ck_assert_int_eq(cops_chase_load(&full, a, files[fi]), COPS_OK);
    ck_assert_int_eq(cops_chase_run(full), COPS_OK);
    char *reference;
    ck_assert_int_eq(cops_log_to_jsonl(cops_chase_log(full), 0, &reference), COPS_OK);
    const int rounds = cops_chase_round(full);
    cops_chase_free(full);
    for (int at = 0; at <= rounds; at++) {
      cops_ctx_seed(a, seed);
      cops_chase *c;
      ck_assert_int_eq(cops_chase_load(&c, a, files[fi]), COPS_OK);
      cops_chase_set_max_rounds(c, at ? at : 1);
      if (at)
        ck_assert_int_eq(cops_chase_run(c), COPS_OK);   /* `at` rounds */
      cops_chase_set_max_rounds(c, 40);
      char *saved, *head;
      ck_assert_int_eq(cops_chase_save(c, &saved), COPS_OK);
      ck_assert_int_eq(cops_log_to_jsonl(cops_chase_log(c), 0, &head), COPS_OK);
      cops_chase_free(c);
      cops_ctx *b;
      ck_assert_int_eq(cops_ctx_new(&b), COPS_OK);
      cops_ctx_seed(b, 999);                  /* the save carries the dice */
      cops_chase *again;
      ck_assert_msg(cops_chase_resume(&again, b, saved) == COPS_OK, "%s", cops_ctx_errmsg(b));
      char *resaved;
      ck_assert_int_eq(cops_chase_save(again, &resaved), COPS_OK);
      ck_assert_str_eq(resaved, saved);
      ck_assert_int_eq(cops_chase_run(again), COPS_OK);
      char *tail;
      ck_assert_int_eq(cops_log_to_jsonl(cops_chase_log(again), 0, &tail), COPS_OK);
      const size_t nh = strlen(head);
      ck_assert_msg(!strncmp(reference, head, nh) && !strcmp(reference + nh, tail),
                    "%s, seed %llu, saved after round %d: the resumed chase differs",
                    files[fi], seed, at);
      cops_free(tail);
      cops_free(resaved);
      cops_chase_free(again);
      cops_ctx_free(b);
      cops_free(head);
      cops_free(saved);
    }
    cops_free(reference);
    cops_ctx_free(a);
  }
  /* Malformed saves are refused, naming the field. */
  cops_chase *c;
  ck_assert_int_eq(cops_chase_resume(&c, ctx, "{\"type\": \"chase\"}"), COPS_EJSON);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "type: expected \"chase-save\"");
  ck_assert_ptr_null(c);
  /* The caller's dice cannot be saved. */
  add(0, COPS_CHASE_PURSUED, 4);
  add(1, COPS_CHASE_PURSUER, 4);
  char *text;
  ck_assert_int_eq(cops_chase_save(chase, &text), COPS_ESTATE);
}
END_TEST

/* A gunman: Coordination 3, Arme de poing 5+ (a passenger or a runner). */
static cops_character *gunman(const char *name)
{
  cops_character *c = driver(name, 5);
  cops_character_set_characteristic(c, COPS_COORDINATION, 3);
  ck_assert_int_eq(cops_character_set_skill(c, COPS_ARME_DE_POING, 5, NULL), COPS_OK);
  cops_character_set_hp(c, cops_character_max_hp(c));
  return c;
}

static cops_weapon *vulcan(void)
{
  cops_weapon *w;
  ck_assert_int_eq(cops_weapon_new(&w, ctx, COPS_HANDGUN, "Vulcan 051"), COPS_OK);
  cops_weapon_set(w, COPS_WEAPON_RANGE, 20);
  cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 12);
  cops_weapon_set(w, COPS_WEAPON_LOADED, 12);
  cops_weapon_set(w, COPS_WEAPON_CT, 2);
  return w;
}

/* A round where both declare 1 and roll one success (9 then ones): no die changes. */
static void quiet_round(int p, int q, int np, int nq)
{
  declare(p, 1, 0);
  declare(q, 1, 0);
  int f[32], n = 0;
  f[n++] = 9;
  for (int k = 1; k < np; k++)
    f[n++] = 1;
  f[n++] = 9;
  for (int k = 1; k < nq; k++)
    f[n++] = 1;
  script_faces(&dice, n, f);
  resolve();
}

static const cops_roll *attack_roll(cops_outcome *o)
{
  return cops_outcome_roll(o, COPS_OUTCOME_ATTACK);
}

/* C7 step 5, C7.1: a passenger shoots after the round, at the band's malus (small at
 * short, large at intermediate), once a round; the driver drives; long is out of reach. */
START_TEST(test_c7_step5_a_passenger_shoots)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 6);
  cops_character *jo = gunman("Jo");
  cops_weapon *w = vulcan();
  int j;
  ck_assert_int_eq(cops_chase_add_passenger(chase, q, jo, &j), COPS_OK);
  ck_assert_int_eq(j, COPS_PASSENGER_ID0);
  ck_assert_int_eq(cops_chase_passengers(chase), 1);
  int rides;
  ck_assert_ptr_eq(cops_chase_passenger(chase, j, &rides), jo);
  ck_assert_int_eq(rides, q);
  ck_assert_ptr_null(cops_chase_passenger(chase, j + 1, NULL));
  ck_assert_int_eq(cops_chase_add_passenger(chase, q, jo, NULL), COPS_EINVAL);  /* twice */
  ck_assert_int_eq(cops_chase_add_passenger(chase, q, ch[0], NULL), COPS_EINVAL);
  cops_outcome *o;
  ck_assert_int_eq(cops_outcome_new(&o), COPS_OK);
  cops_situation s;
  cops_situation_init(&s, COPS_ATTACK_SINGLE);
  s.weapon = w;
  s.distance = 5;
  ck_assert_int_eq(cops_chase_act(chase, j, p, &s, o), COPS_ESTATE);   /* no round yet */
  quiet_round(p, q, 4, 6);
  ck_assert_int_eq(cops_chase_add_passenger(chase, q, ch[2], NULL), COPS_ESTATE);
  /* Short (6 dice against 4): 1 die off the pool of 3, to hit 5+ (1) at 5 m: 1 2 misses. */
  FACES(1, 2);
  ck_assert_msg(cops_chase_act(chase, j, p, &s, o) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(dice.next, dice.n);
  ck_assert_int_eq(cops_roll_pool_size(attack_roll(o)), 2);
  ck_assert_int_eq(cops_outcome_hit_target(o), 0);
  int left;
  cops_weapon_get(w, COPS_WEAPON_LOADED, &left);
  ck_assert_int_eq(left, 11);
  cops_event x = last_of(COPS_EV_ATTACK);
  ck_assert_int_eq(x.actor_id, j);
  ck_assert_int_eq(x.target_id, p);
  /* Once a round; the driver drives; shots need the GM's metres; the pair's other. */
  ck_assert_int_eq(cops_chase_act(chase, j, p, &s, o), COPS_ESTATE);
  ck_assert_int_eq(cops_chase_act(chase, q, p, &s, o), COPS_ERULE);
  quiet_round(p, q, 4, 6);
  s.distance = 0;
  ck_assert_int_eq(cops_chase_act(chase, j, p, &s, o), COPS_EINVAL);
  s.distance = 5;
  ck_assert_int_eq(cops_chase_act(chase, j, q, &s, o), COPS_ERULE);
  s.attacker = ch[2];
  ck_assert_int_eq(cops_chase_act(chase, j, p, &s, o), COPS_EINVAL);
  s.attacker = NULL;
  s.mode = COPS_ATTACK_THROW;   /* close combat from a car */
  s.weapon = NULL;
  ck_assert_int_eq(cops_chase_act(chase, j, p, &s, o), COPS_ERULE);
  s.mode = COPS_ATTACK_COVER;
  ck_assert_int_eq(cops_chase_act(chase, j, p, &s, o), COPS_ERULE);
  s.mode = COPS_ATTACK_SINGLE;
  s.weapon = w;
  /* Intermediate (5 against 4): the GM's large malus, 2 here: 1 die left: 6 hits; the
   * location d10 1 (a leg, no bonus), PU 5d6 1 1 1 1 1: 5 damage; stopping 6 6 6 holds. */
  cops__chase_set_dice(chase, q, 5, 0);
  ck_assert_int_eq(cops_chase_set_maluses(chase, 1, 2), COPS_OK);
  FACES(6, 1, 1, 1, 1, 1, 1, 6, 6, 6);
  ck_assert_msg(cops_chase_act(chase, j, p, &s, o) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(cops_roll_pool_size(attack_roll(o)), 1);
  ck_assert_int_eq(cops_outcome_hit_target(o), 1);
  ck_assert_int_eq(dice.next, dice.n);
  cops_victim v = {.size = sizeof v};
  ck_assert_int_eq(cops_outcome_victim(o, 0, &v), COPS_OK);
  ck_assert_int_eq(v.hp_before - v.hp_after, 5);
  ck_assert_int_eq(v.stopping, COPS_STOP_STEADY);
  ck_assert_int_eq(cops_chase_state(chase, p), COPS_CHASER_IN);
  /* Long: out of reach (C7.1). */
  quiet_round(p, q, 4, 5);
  cops__chase_set_dice(chase, q, 4, 0);
  cops__chase_set_dice(chase, p, 6, 0);
  ck_assert_int_eq(cops_chase_act(chase, j, p, &s, o), COPS_ERULE);
  ck_assert_str_eq(cops_ctx_errmsg(ctx), "Mike and Rico are at long distance: out of reach "
                   "(C7.1)");
  cops_outcome_free(o);
  cops_weapon_free(w);
  cops_chase_free(chase);
  chase = NULL;
  cops_character_free(jo);
}
END_TEST

/* C7.4 RULING: a shot that puts the driver down wrecks the car; the chase is over. All or
 * nothing: a failing allocation in the chase's part leaves everything as it was. */
START_TEST(test_c7_step5_the_driver_down_wrecks)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 6);
  cops_character *jo = gunman("Jo");
  cops_weapon *w = vulcan();
  int j;
  ck_assert_int_eq(cops_chase_add_passenger(chase, q, jo, &j), COPS_OK);
  quiet_round(p, q, 4, 6);
  cops_character_set_hp(ch[0], 2);
  cops_situation s;
  cops_situation_init(&s, COPS_ATTACK_SINGLE);
  s.weapon = w;
  s.distance = 5;
  /* 2 dice: 5 6 (MR 1); torso 6; PU 5d6 3 4 2 6 1; torso 2d6 5 4: 25 damage. */
  FACES(5, 6, 6, 3, 4, 2, 6, 1, 5, 4);
  ck_assert_msg(cops_chase_act(chase, j, p, &s, NULL) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(dice.next, dice.n);
  ck_assert_int_eq(cops_chase_state(chase, p), COPS_CHASER_WRECKED);
  ck_assert_int_eq(cops_chase_result(chase), COPS_CHASE_CAUGHT);
  ck_assert_int_eq(last_of(COPS_EV_CHASE_OUT).actor_id, p);
  ck_assert_int_eq(cops_chase_act(chase, j, p, &s, NULL), COPS_ESTATE);   /* over */
  cops_weapon_free(w);
  cops_chase_free(chase);
  chase = NULL;
  cops_character_free(jo);
}
END_TEST

/* C7.1 on foot: a tackle (a throw, C11.1) at short distance; the pursued thrown down is
 * caught (docs/rulings.md); at intermediate, too far. */
START_TEST(test_c7_step5_a_tackle_ends_a_foot_chase)
{
  int p, q;
  for (int i = 0; i < 2; i++) {
    cops_character_set_characteristic(ch[i], COPS_COORDINATION, 3);
    ck_assert_int_eq(cops_character_set_skill(ch[i], COPS_CORPS_A_CORPS, 6, "projections"),
                     COPS_OK);
    ck_assert_int_eq(cops_character_set_skill(ch[i], COPS_ATHLETISME, 7, NULL), COPS_OK);
    cops_character_set_hp(ch[i], cops_character_max_hp(ch[i]));
  }
  ck_assert_int_eq(cops_chase_add(chase, ch[0], "Athlétisme/Réflexes", COPS_CHASE_PURSUED,
                                  NULL, 4, &p), COPS_OK);
  ck_assert_int_eq(cops_chase_add(chase, ch[1], "Athlétisme/Réflexes", COPS_CHASE_PURSUER,
                                  NULL, 5, &q), COPS_OK);
  cops_character *jo = gunman("Jo");
  ck_assert_int_eq(cops_chase_add_passenger(chase, q, jo, NULL), COPS_EINVAL);  /* on foot */
  cops_character_free(jo);
  quiet_round(p, q, 4, 5);
  cops_situation s;
  cops_situation_init(&s, COPS_ATTACK_THROW);
  ck_assert_int_eq(cops_chase_act(chase, q, p, &s, NULL), COPS_ERULE);   /* intermediate */
  quiet_round(p, q, 4, 5);
  cops__chase_set_dice(chase, q, 6, 0);
  int before = cops_log_count(cops_chase_log(chase));
  cops_outcome *o;
  ck_assert_int_eq(cops_outcome_new(&o), COPS_OK);
  /* Mike throws, 6+/3: 6 6 1; Rico fights back, 8+/3: 1 1 1: margin 2, enough (C11.1);
   * 3 damage (his Carrure), on the ground; stopping 6+/3 (2): 6 6 1, steady. */
  FACES(6, 6, 1, 1, 1, 1, 6, 6, 1);
  const int rc = cops_chase_act(chase, q, p, &s, o);
  ck_assert_msg(rc == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(dice.next, dice.n);
  int margin;
  ck_assert_int_eq(cops_outcome_margin(o, &margin), COPS_OK);
  ck_assert_int_eq(margin, 2);
  ck_assert_int_gt(cops_log_count(cops_chase_log(chase)), before);
  ck_assert(cops_character_conditions(ch[0]) & COPS_COND_ON_GROUND);
  ck_assert_int_eq(cops_chase_state(chase, p), COPS_CHASER_STOPPED);
  ck_assert_int_eq(cops_chase_result(chase), COPS_CHASE_CAUGHT);
  cops_outcome_free(o);
}
END_TEST

/* C7: a pursuer joins a chase under way (its own pair, its own band), told by the log; its
 * passengers board before its first round; saved and resumed with it. */
START_TEST(test_c7_a_pursuer_joins_a_chase_under_way)
{
  const int p = add(0, COPS_CHASE_PURSUED, 4), q = add(1, COPS_CHASE_PURSUER, 5);
  cops_character *jo = gunman("Jo");
  ck_assert_int_eq(cops_chase_add_passenger(chase, q, jo, NULL), COPS_OK);
  quiet_round(p, q, 4, 5);
  ck_assert_int_eq(cops_chase_add(chase, ch[3], "Conduite [voiture]/Réflexes",
                                  COPS_CHASE_PURSUED, NULL, 4, NULL), COPS_ESTATE);
  int r;
  ck_assert_int_eq(cops_chase_add(chase, ch[2], "Conduite [voiture]/Réflexes",
                                  COPS_CHASE_PURSUER, "Chopper", 6, &r), COPS_OK);
  ck_assert_int_eq(r, 2);
  cops_event x = last_of(COPS_EV_CHASE_JOIN);
  ck_assert_int_eq(x.actor_id, r);
  ck_assert_int_eq(x.white, 6);
  ck_assert_int_eq(x.round, 1);
  char *text;
  ck_assert_int_eq(cops_log_narrate(cops_chase_log(chase), cops_log_count(cops_chase_log(chase)) - 1,
                                    COPS_LANG_EN, &text), COPS_OK);
  ck_assert_str_eq(text, "Round 1 — Sarah joins the chase with 6 white dice\n");
  cops_free(text);
  /* Sarah's passenger boards before her first round; Mike's car is on its way. */
  ck_assert_int_eq(cops_chase_add_passenger(chase, r, ch[3], NULL), COPS_OK);
  cops_character *lee = gunman("Lee");
  ck_assert_int_eq(cops_chase_add_passenger(chase, q, lee, NULL), COPS_ESTATE);
  int band;
  ck_assert_int_eq(cops_chase_band(chase, r, &band), COPS_OK);
  ck_assert_int_eq(band, COPS_BAND_SHORT);   /* 6 against 4 */
  declare(p, 1, 0);
  declare(q, 1, 0);
  ck_assert_int_eq(cops_chase_resolve_round(chase), COPS_ESTATE);   /* Sarah declares too */
  declare(r, 1, 0);
  FACES(9, 1, 1, 1, 9, 1, 1, 1, 1, 9, 1, 1, 1, 1, 1);
  resolve();
  held(r, 6, 0);
  ck_assert_int_eq(cops_chase_add_passenger(chase, r, lee, NULL), COPS_ESTATE);
  cops_character_free(lee);
  ck_assert_int_eq(cops_chase_wreck(chase, p), COPS_OK);
  ck_assert_int_eq(cops_chase_add(chase, lee = gunman("Lee"), "Conduite [voiture]/Réflexes",
                                  COPS_CHASE_PURSUER, NULL, 4, NULL), COPS_ESTATE);  /* over */
  cops_character_free(lee);
  cops_chase_free(chase);
  chase = NULL;
  cops_character_free(jo);
}
END_TEST

/* A pursuer who joined under way, saved and resumed: the same save text, and the rest of
 * the chase the same, byte for byte. */
START_TEST(test_a_chase_joined_under_way_is_saved_and_resumed)
{
  cops_ctx *a;
  ck_assert_int_eq(cops_ctx_new(&a), COPS_OK);
  cops_ctx_seed(a, 11);
  cops_chase *c;
  ck_assert_int_eq(cops_chase_load(&c, a, SCENARIOS_DIR "/alley-foot-chase.json"), COPS_OK);
  cops_chase_set_max_rounds(c, 1);
  ck_assert_int_eq(cops_chase_run(c), COPS_OK);
  cops_character *dana;
  ck_assert_int_eq(cops_character_load(&dana, a, SHEETS_DIR "/mike.json"), COPS_OK);
  int r;
  ck_assert_int_eq(cops_chase_add(c, dana, "Athlétisme/Carrure", COPS_CHASE_PURSUER, NULL, 5,
                                  &r), COPS_OK);
  char *saved;
  ck_assert_int_eq(cops_chase_save(c, &saved), COPS_OK);
  ck_assert_ptr_nonnull(strstr(saved, "\"joined\""));
  cops_chase *again;
  ck_assert_msg(cops_chase_resume(&again, a, saved) == COPS_OK, "%s", cops_ctx_errmsg(a));
  char *resaved;
  ck_assert_int_eq(cops_chase_save(again, &resaved), COPS_OK);
  ck_assert_str_eq(resaved, saved);
  cops_ctx_seed(a, 12);
  cops_chase_set_max_rounds(c, 6);
  ck_assert_int_eq(cops_chase_run(c), COPS_OK);
  cops_ctx_seed(a, 12);
  cops_chase_set_max_rounds(again, 6);
  ck_assert_int_eq(cops_chase_run(again), COPS_OK);
  char *x, *y;
  ck_assert_int_eq(cops_log_to_jsonl(cops_chase_log(c), 0, &x), COPS_OK);
  ck_assert_int_eq(cops_log_to_jsonl(cops_chase_log(again), 0, &y), COPS_OK);
  ck_assert_ptr_nonnull(strstr(x, "\"type\":\"chase_join\""));
  const size_t nx = strlen(x), ny = strlen(y);
  ck_assert_uint_gt(ny, 0);
  ck_assert_uint_gt(nx, ny);
  ck_assert_str_eq(x + nx - ny, y);   /* the resumed chase's log is the rest of the other's */
  cops_free(x);
  cops_free(y);
  cops_free(saved);
  cops_free(resaved);
  cops_chase_free(again);
  cops_chase_free(c);
  cops_character_free(dana);
  cops_ctx_free(a);
}
END_TEST

static Suite *chase_suite(void)
{
  Suite *s = suite_create("chase");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 600);
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_c7_3_both_succeed);
  tcase_add_test(tc, test_c7_3_one_fails_loses_me_plus_one);
  tcase_add_test(tc, test_c7_3_both_fail_and_black_dice);
  tcase_add_test(tc, test_c7_5_losses_white_then_black);
  tcase_add_test(tc, test_c7_5_a_black_ten_is_no_crash);
  tcase_add_test(tc, test_c7_2_crash_tests_and_a_wreck);
  tcase_add_test(tc, test_c7_1_bands);
  tcase_add_test(tc, test_c7_1_shot_maluses);
  tcase_add_test(tc, test_c7_4_ends);
  tcase_add_test(tc, test_c7_4_ends_between_rounds);
  tcase_add_test(tc, test_c7_5_several_pursuers);
  tcase_add_test(tc, test_c7_the_order_of_declarations);
  tcase_add_test(tc, test_c7_5_malus_adrenaline_anciennete);
  tcase_add_test(tc, test_errors_and_all_or_nothing);
  tcase_add_test(tc, test_events_and_narration);
  tcase_add_test(tc, test_c7_odds_match_seeded_rounds);
  tcase_add_test(tc, test_c7_2_crash_odds_by_hand);
  tcase_add_test(tc, test_the_default_policy_runs_a_chase);
  tcase_add_test(tc, test_a_chase_saved_and_resumed_is_the_same_chase);
  tcase_add_test(tc, test_c7_step5_a_passenger_shoots);
  tcase_add_test(tc, test_c7_step5_the_driver_down_wrecks);
  tcase_add_test(tc, test_c7_step5_a_tackle_ends_a_foot_chase);
  tcase_add_test(tc, test_c7_a_pursuer_joins_a_chase_under_way);
  tcase_add_test(tc, test_a_chase_joined_under_way_is_saved_and_resumed);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(chase_suite)
