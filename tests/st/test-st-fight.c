/* Whole Storyteller fights with scripted dice (OTHER-SYSTEMS.md ST §1, §2, §5, §6; ST-M18
 * ... ST-M21 and the rulings each test cites): the round's phases, exchanges landing at
 * the winner's rank, outnumbering, aiming over rounds, surprise, the actions of a turn,
 * delays, non-combatants, grapples, stray shots, all or nothing, files and saves. */
#include <stdio.h>

#include <cops/st.h>

#include "testutil.h"

static cops_st_character *person(cops_ctx *ctx, const char *name, int str, int dex, int wits,
                                 int comp, int brawl, int firearms)
{
  cops_st_character *ch;
  ck_assert_int_eq(cops_st_character_new(&ch, ctx), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_name(ch, name), COPS_OK);
  const int v[][2] = {{COPS_ST_STRENGTH, str}, {COPS_ST_DEXTERITY, dex}, {COPS_ST_WITS, wits},
                      {COPS_ST_COMPOSURE, comp}, {COPS_ST_BRAWL, brawl},
                      {COPS_ST_FIREARMS, firearms}, {COPS_ST_STAMINA, 2}, {COPS_ST_RESOLVE, 2}};
  for (int i = 0; i < 8; i++)
    ck_assert_int_eq(cops_st_character_set_trait(ch, v[i][0], v[i][1]), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_combatant(ch, 1), COPS_OK);
  return ch;
}

static void give_pistol(cops_st_character *ch)
{
  cops_st_weapon w;
  cops_st_weapon_init(&w, COPS_ST_FIREARM);   /* 2L, 20/40/80 m */
  ck_assert_int_eq(cops_st_character_add_weapon(ch, &w, NULL), COPS_OK);
}

static int health(const cops_st_character *ch, int lethal)
{
  int b, l;
  ck_assert_int_eq(cops_st_character_health(ch, &b, &l), COPS_OK);
  return lethal ? l : b;
}

static cops_st_fighter state(const cops_st_fight *f, int id)
{
  cops_st_fighter s;
  memset(&s, 0, sizeof s);
  s.size = sizeof s;
  ck_assert_int_eq(cops_st_fight_fighter(f, id, &s), COPS_OK);
  return s;
}

/* The Storyteller fields of the last event of type `type` in the log (-1 when none). */
static int last_of(const cops_log *log, int type, cops_st_event *e)
{
  for (int i = cops_log_count(log) - 1; i >= 0; i--) {
    cops_event ev;
    memset(&ev, 0, sizeof ev);
    ev.size = sizeof ev;
    ck_assert_int_eq(cops_log_event(log, i, &ev), COPS_OK);
    if (ev.type == type) {
      memset(e, 0, sizeof *e);
      e->size = sizeof *e;
      ck_assert_int_eq(cops_st_log_event(log, i, e), COPS_OK);
      return i;
    }
  }
  return -1;
}

/* §5.3, ST-A6, ST-M18: the exchange is rolled when the first of the two acts, with both
 * roll actions; the slower winner's damage lands at its own rank. */
START_TEST(test_s5_3_exchange_lands_at_winners_rank)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 1, /* A */ 1, 2, 3, /* B */ 8, 9, 5);
  cops_st_character *a = person(ctx, "A", 3, 2, 2, 2, 2, 0);   /* Initiative 4, Defense 2 */
  cops_st_character *b = person(ctx, "B", 3, 2, 2, 1, 2, 0);   /* Initiative 3 */
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, a, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, b, 1, 1, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_begin_round(f), COPS_OK);
  int order[2], n, id;
  ck_assert_int_eq(cops_st_fight_order(f, order, 2, &n), COPS_OK);
  ck_assert_int_eq(n, 2);
  ck_assert_int_eq(order[0], 0);
  ck_assert_int_eq(state(f, 0).initiative, 13);
  ck_assert_int_eq(state(f, 1).initiative, 4);
  ck_assert_int_eq(cops_st_fight_step(f, &id), COPS_OK);
  ck_assert_int_eq(id, 0);
  cops_st_event e;
  ck_assert_int_ge(last_of(cops_st_fight_log(f), COPS_ST_EV_RESULT, &e), 0);
  ck_assert_int_eq(e.winner, COPS_ST_DEFENDER);
  ck_assert_int_eq(e.damage, 2);                    /* 0B + margin 2 */
  ck_assert_int_eq(health(a, 0), 0);                /* not yet: B's rank comes later */
  ck_assert_int_eq(state(f, 1).roll_used, 1);       /* B's roll action went into it */
  ck_assert_int_eq(state(f, 1).facing, 0);
  ck_assert_int_eq(cops_st_fight_next(f, &id), COPS_OK);
  ck_assert_int_eq(id, 1);
  ck_assert_int_eq(cops_st_fight_step(f, &id), COPS_OK);
  ck_assert_int_eq(id, 1);
  ck_assert_int_eq(health(a, 0), 2);                /* at B's rank */
  ck_assert_int_eq(s.next, 8);                      /* B rolled nothing more */
  ck_assert_int_eq(cops_st_fight_next(f, &id), COPS_OK);
  ck_assert_int_eq(id, -1);                         /* the round ended */
  ck_assert_int_eq(cops_st_fight_over(f), 0);
  ck_assert_int_eq(cops_st_fight_step(f, &id), COPS_ESTATE);
  cops_st_fight_free(f);
  cops_st_character_free(a);
  cops_st_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* ST-A6, ST-L2: a winner knocked out before its rank deals nothing; ST-A7: the second
 * opponent in contact strikes unopposed at Defense - 2. */
START_TEST(test_st_a7_outnumbered_winner_falls_first)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 1, 5, /* A */ 1, 2, 3, /* B */ 9, /* C */ 8, 1, 1, 1, 1);
  cops_st_character *a = person(ctx, "A", 3, 2, 2, 2, 2, 0);
  cops_st_character *b = person(ctx, "B", 3, 2, 2, 1, 2, 0);
  cops_st_character *c = person(ctx, "C", 3, 2, 2, 2, 2, 0);
  ck_assert_int_eq(cops_st_character_set_health(b, 6, 0), COPS_OK);   /* 7 boxes: -2 */
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, a, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, b, 1, 1, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, c, 0, 1, 1, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_run_round(f), COPS_OK);
  cops_st_event e;
  const cops_log *log = cops_st_fight_log(f);
  ck_assert_int_ge(last_of(log, COPS_ST_EV_ATTACK, &e), 0);
  ck_assert_int_eq(e.kind, COPS_ST_STRIKE);
  ck_assert_int_ge(last_of(log, COPS_ST_EV_ROLL, &e), 0);
  ck_assert_int_eq(e.pool, 5);                      /* 5 - (Defense 2 - 2 x (2 - 1)) */
  ck_assert_int_eq(cops_st_character_health_state(b, NULL), COPS_ST_UNCONSCIOUS);
  ck_assert_int_eq(health(a, 0), 0);                /* B fell before its rank */
  ck_assert_int_eq(s.next, 12);
  int side;
  ck_assert_int_eq(cops_st_fight_over(f), 1);
  ck_assert_int_eq(cops_st_fight_winner(f, &side), COPS_OK);
  ck_assert_int_eq(side, 0);
  ck_assert_int_ge(last_of(log, COPS_ST_EV_END, &e), 0);
  ck_assert_int_eq(e.winner_side, 0);
  ck_assert_int_eq(e.rounds, 1);
  ck_assert_int_eq(cops_st_fight_run_round(f), COPS_ESTATE);
  cops_st_fight_free(f);
  cops_st_character_free(a);
  cops_st_character_free(b);
  cops_st_character_free(c);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.7, ST-A25, ST-M21: one die a round up to Wits, spent by the shot; §5.6: Cover adds to
 * Defense; moving loses the dice. */
START_TEST(test_s6_7_aiming_over_rounds)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 1, 9, 1, 9, 1, /* the shot */ 8, 8, 2, 2, /* round 4 */ 9, 1,
                         9, 1);
  cops_st_character *sh = person(ctx, "Shooter", 2, 3, 2, 3, 0, 3);
  cops_st_character *t = person(ctx, "Target", 2, 2, 2, 1, 0, 0);
  give_pistol(sh);
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, sh, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, t, 1, 10, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_set_tactic(f, 0, COPS_ST_TACTIC_AIM), COPS_OK);
  ck_assert_int_eq(cops_st_fight_set_cover(f, 1, 2), COPS_OK);
  cops_st_declaration stay;
  cops_st_declaration_init(&stay, COPS_ST_DO_NOTHING);
  for (int round = 1; round <= 3; round++) {
    ck_assert_int_eq(cops_st_fight_begin_round(f), COPS_OK);
    ck_assert_int_eq(cops_st_fight_declare(f, 1, &stay), COPS_OK);
    ck_assert_int_eq(cops_st_fight_resolve_round(f), COPS_OK);
    ck_assert_int_eq(state(f, 0).aim, round < 3 ? round : 0);
  }
  cops_st_event e;
  ck_assert_int_ge(last_of(cops_st_fight_log(f), COPS_ST_EV_ROLL, &e), 0);
  ck_assert_int_eq(e.pool, 4);                      /* 6 - Defense 2 - Cover 2 + aim 2 */
  ck_assert_int_eq(health(t, 1), 4);                /* 2L + 2 successes */
  /* Round 4: aiming again, then moved by the Storyteller: the die is lost. */
  ck_assert_int_eq(cops_st_fight_begin_round(f), COPS_OK);
  ck_assert_int_eq(cops_st_fight_declare(f, 1, &stay), COPS_OK);
  ck_assert_int_eq(cops_st_fight_resolve_round(f), COPS_OK);
  ck_assert_int_eq(state(f, 0).aim, 1);
  ck_assert_int_eq(cops_st_fight_set_position(f, 0, 0, 1), COPS_OK);
  ck_assert_int_eq(state(f, 0).aim, 0);
  ck_assert_int_eq(state(f, 0).aim_target, -1);
  cops_st_fight_free(f);
  cops_st_character_free(sh);
  cops_st_character_free(t);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.8, ST-A26: a surprised fighter has no roll action in round 1 and Defense 0; both
 * return in round 2. */
START_TEST(test_s6_8_surprise_round_one)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 1, /* A: 5 dice */ 1, 2, 3, 4, 5);
  cops_st_character *a = person(ctx, "A", 3, 2, 2, 2, 2, 0);
  cops_st_character *b = person(ctx, "B", 3, 2, 2, 1, 2, 0);
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, a, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, b, 1, 1, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_set_surprised(f, 1, 1), COPS_OK);
  ck_assert_int_eq(cops_st_fight_begin_round(f), COPS_OK);
  ck_assert_int_eq(cops_st_fight_set_surprised(f, 1, 0), COPS_ESTATE);
  cops_st_declaration d;
  cops_st_declaration_init(&d, COPS_ST_DO_ATTACK);
  d.target = 0;
  ck_assert_int_eq(cops_st_fight_declare(f, 1, &d), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "ST-A26"));
  ck_assert_int_eq(cops_st_fight_resolve_round(f), COPS_OK);
  cops_st_event e;
  ck_assert_int_ge(last_of(cops_st_fight_log(f), COPS_ST_EV_ATTACK, &e), 0);
  ck_assert_int_eq(e.kind, COPS_ST_STRIKE);         /* no answer from the surprised */
  ck_assert(e.flags & COPS_ST_SURPRISED);
  ck_assert_int_ge(last_of(cops_st_fight_log(f), COPS_ST_EV_ROLL, &e), 0);
  ck_assert_int_eq(e.pool, 5);                      /* Defense 0 */
  ck_assert_int_eq(state(f, 1).surprised, 0);       /* over after round 1 */
  ck_assert_int_eq(s.next, 7);
  cops_st_fight_free(f);
  cops_st_character_free(a);
  cops_st_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* §1, ST-A11: the legal mixes of a turn; ST-A28: prone is a move action; ST-A13: a delay
 * acts right after the fighter named. */
START_TEST(test_s1_actions_and_delay)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 5, 1);
  cops_st_character *a = person(ctx, "A", 3, 2, 2, 2, 2, 0);   /* Speed 10 */
  cops_st_character *b = person(ctx, "B", 3, 2, 2, 1, 2, 0);
  cops_st_character *c = person(ctx, "C", 3, 2, 2, 1, 2, 0);
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, a, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, b, 1, 30, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, c, 1, 40, 0, NULL), COPS_OK);
  cops_st_declaration d;
  cops_st_declaration_init(&d, COPS_ST_DO_NOTHING);
  ck_assert_int_eq(cops_st_fight_declare(f, 0, &d), COPS_ESTATE);   /* no round yet */
  ck_assert_int_eq(cops_st_fight_begin_round(f), COPS_OK);
  d.moving = 1;
  d.x = 21;                                         /* past twice Speed */
  ck_assert_int_eq(cops_st_fight_declare(f, 0, &d), COPS_ERULE);
  d.x = 20;                                         /* two moves: 0/2/x */
  ck_assert_int_eq(cops_st_fight_declare(f, 0, &d), COPS_OK);
  d.action = COPS_ST_DO_ATTACK;                     /* a roll action and two moves */
  d.target = 1;
  ck_assert_int_eq(cops_st_fight_declare(f, 0, &d), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "ST-A11"));
  d.x = 10;                                         /* 1/1/x, but 20 m from B */
  ck_assert_int_eq(cops_st_fight_declare(f, 0, &d), COPS_ERULE);
  d.action = COPS_ST_DO_NOTHING;
  d.prone = 1;                                      /* a move and going prone: 0/2/x */
  ck_assert_int_eq(cops_st_fight_declare(f, 0, &d), COPS_OK);
  d.prone = -1;                                     /* not lying down */
  ck_assert_int_eq(cops_st_fight_declare(f, 0, &d), COPS_ERULE);
  d.prone = 0;
  d.target = 0;
  d.action = COPS_ST_DO_AIM;
  ck_assert_int_eq(cops_st_fight_declare(f, 0, &d), COPS_EINVAL);   /* itself */
  /* The order is A (9 + 4), B (5 + 3), C (1 + 3); A waits for B. */
  cops_st_declaration_init(&d, COPS_ST_DO_NOTHING);
  d.after = 1;
  ck_assert_int_eq(cops_st_fight_declare(f, 0, &d), COPS_OK);
  cops_st_declaration_init(&d, COPS_ST_DO_NOTHING);
  ck_assert_int_eq(cops_st_fight_declare(f, 1, &d), COPS_OK);
  ck_assert_int_eq(cops_st_fight_declare(f, 2, &d), COPS_OK);
  int id, order[3], n;
  ck_assert_int_eq(cops_st_fight_step(f, &id), COPS_OK);
  ck_assert_int_eq(id, 0);
  ck_assert_int_eq(state(f, 0).delayed, 1);
  ck_assert_int_eq(cops_st_fight_order(f, order, 3, &n), COPS_OK);
  ck_assert_int_eq(order[0] * 100 + order[1] * 10 + order[2], 102);   /* B, A, C */
  ck_assert_int_eq(cops_st_fight_step(f, &id), COPS_OK);
  ck_assert_int_eq(id, 1);
  ck_assert_int_eq(cops_st_fight_step(f, &id), COPS_OK);
  ck_assert_int_eq(id, 0);
  ck_assert_int_eq(state(f, 0).acted, 1);
  cops_st_event e;
  ck_assert_int_ge(last_of(cops_st_fight_log(f), COPS_ST_EV_ACTION, &e), 0);
  ck_assert_int_eq(e.action, -1);
  cops_st_fight_free(f);
  cops_st_character_free(a);
  cops_st_character_free(b);
  cops_st_character_free(c);
  cops_ctx_free(ctx);
}
END_TEST

/* §2, ST-A12, ST-M20: a non-combatant who fails its nerve without Willpower can only hide
 * (the policy's total defence); a hit above its Resolve puts it out of the fight. */
START_TEST(test_s2_non_combatant_in_a_fight)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, /* A's initiative */ 9, /* N's nerve: 3 dice */ 1, 2, 3,
                         /* N's initiative */ 1, /* N's total defence */ 1, 1,
                         /* A strikes: 3 dice */ 8, 8, 8);
  cops_st_character *a = person(ctx, "A", 3, 2, 2, 2, 2, 0);
  cops_st_character *civ = person(ctx, "N", 1, 2, 2, 1, 0, 0);
  ck_assert_int_eq(cops_st_character_set_combatant(civ, 0), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_points(civ, COPS_ST_WILLPOWER, 0), COPS_OK);
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, a, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, civ, 1, 1, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_begin_round(f), COPS_OK);
  ck_assert_int_eq(state(f, 1).nerve, COPS_ST_RESTRICTED);
  cops_st_declaration d;
  ck_assert_int_eq(cops_st_declaration_init(&d, COPS_ST_DO_NOTHING), COPS_OK);
  ck_assert_int_eq(cops_st_fight_suggest(f, 1, &d), COPS_OK);
  ck_assert_int_eq(d.action, COPS_ST_DO_TOTAL_DEFENSE);
  d.action = COPS_ST_DO_ATTACK;
  d.target = 0;
  ck_assert_int_eq(cops_st_fight_declare(f, 1, &d), COPS_ERULE);
  ck_assert_int_eq(cops_st_fight_resolve_round(f), COPS_OK);
  /* N hides: its total defence is rolled before A's strike (ST-A17), 0 successes; A's
   * 5 dice less Defense 2: 3 successes, 3 bashing, above Resolve 2, no Willpower. */
  ck_assert_int_eq(health(civ, 0), 3);
  ck_assert_int_eq(s.next, 10);
  cops_st_event e;
  ck_assert_int_ge(last_of(cops_st_fight_log(f), COPS_ST_EV_NERVE, &e), 0);
  ck_assert_int_eq(e.value, COPS_ST_OUT);
  ck_assert_int_eq(state(f, 1).out, 1);
  ck_assert_int_eq(state(f, 1).able, 0);
  ck_assert_int_eq(cops_st_fight_over(f), 1);
  cops_st_fight_free(f);
  cops_st_character_free(a);
  cops_st_character_free(civ);
  cops_ctx_free(ctx);
}
END_TEST


/* §6.2, ST-A19, ST-A20, ST-M19: a grapple started in contact; a margin of 4 gives damage
 * and a hold; the held has Defense 0 against everyone and cannot move; the grapple ends
 * when one of the two is out of the fight. */
START_TEST(test_s6_2_grapple_in_a_fight)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 1, 5, /* G */ 8, 8, 8, 8, /* V */ 1, 1, 1,
                         /* T strikes V */ 1, 1, 1, 1, 1);
  cops_st_character *g = person(ctx, "G", 3, 2, 2, 2, 3, 0);
  cops_st_character *v = person(ctx, "V", 3, 2, 2, 1, 2, 0);
  cops_st_character *t = person(ctx, "T", 3, 2, 2, 2, 2, 0);
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, g, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, v, 1, 1, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, t, 0, 1, 1, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_set_tactic(f, 0, COPS_ST_TACTIC_GRAPPLE), COPS_OK);
  ck_assert_int_eq(cops_st_fight_begin_round(f), COPS_OK);
  int id;
  ck_assert_int_eq(cops_st_fight_step(f, &id), COPS_OK);   /* G grapples V */
  ck_assert_int_eq(id, 0);
  cops_st_grapple gr;
  cops_st_grapple_init(&gr);
  int first, second;
  ck_assert_int_eq(cops_st_fight_grapple(f, 1, &gr, &first, &second), COPS_OK);
  ck_assert_int_eq(first, 0);
  ck_assert_int_eq(second, 1);
  ck_assert_int_eq(gr.hold, COPS_ST_ATTACKER);
  ck_assert_int_eq(health(v, 0), 3);                /* -1B + margin 4 */
  ck_assert_int_eq(state(f, 1).grapple, 0);
  cops_st_declaration d;
  cops_st_declaration_init(&d, COPS_ST_DO_NOTHING);
  d.moving = 1;
  d.x = 3;
  ck_assert_int_eq(cops_st_fight_declare(f, 1, &d), COPS_ERULE);
  ck_assert_int_eq(cops_st_fight_step(f, &id), COPS_OK);   /* T strikes the held V */
  ck_assert_int_eq(id, 2);
  cops_st_event e;
  ck_assert_int_ge(last_of(cops_st_fight_log(f), COPS_ST_EV_ATTACK, &e), 0);
  ck_assert(e.flags & COPS_ST_DEFENSELESS);
  ck_assert_int_ge(last_of(cops_st_fight_log(f), COPS_ST_EV_ROLL, &e), 0);
  ck_assert_int_eq(e.pool, 5);
  ck_assert_int_eq(cops_st_fight_resolve_round(f), COPS_OK);
  ck_assert_int_eq(s.next, 15);
  ck_assert_int_eq(cops_st_fight_set_out(f, 0, 1), COPS_OK);
  ck_assert_int_eq(cops_st_fight_grapple(f, 1, &gr, NULL, NULL), COPS_ESTATE);
  cops_st_fight_free(f);
  cops_st_character_free(g);
  cops_st_character_free(v);
  cops_st_character_free(t);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.7, ST-A15: a shooter's dramatic failure at a target with a crowd hits the combatant
 * making a secondary attack, for the weapon's code; the Storyteller's veto switches it. */
START_TEST(test_s5_7_stray_shot)
{
  for (int veto = 0; veto < 2; veto++) {
    script s;
    cops_ctx *ctx = SCRIPT(&s, 9, 1, 6, 5, /* A v T */ 1, 1, 1, 1, 1, 1,
                           /* C strikes */ 1, 1, 1, 1, 1, /* S: a chance die */ 1);
    cops_st_character *a = person(ctx, "A", 3, 2, 2, 2, 2, 0);
    cops_st_character *t = person(ctx, "T", 3, 2, 2, 1, 2, 0);
    cops_st_character *c = person(ctx, "C", 3, 2, 2, 2, 2, 0);
    cops_st_character *sh = person(ctx, "S", 2, 1, 2, 2, 0, 0);
    give_pistol(sh);
    cops_st_rules r;
    cops_st_rules_init(&r);
    r.stray_shots = !veto;
    cops_st_fight *f;
    ck_assert_int_eq(cops_st_fight_new(&f, ctx, &r), COPS_OK);
    ck_assert_int_eq(cops_st_fight_add(f, a, 0, 1, 0, NULL), COPS_OK);
    ck_assert_int_eq(cops_st_fight_add(f, t, 1, 0, 0, NULL), COPS_OK);
    ck_assert_int_eq(cops_st_fight_add(f, c, 0, -1, 0, NULL), COPS_OK);
    ck_assert_int_eq(cops_st_fight_add(f, sh, 0, 0, 10, NULL), COPS_OK);
    ck_assert_int_eq(cops_st_fight_run_round(f), COPS_OK);
    cops_st_event e;
    ck_assert_int_ge(last_of(cops_st_fight_log(f), COPS_ST_EV_EFFECT, &e), 0);
    ck_assert_int_eq(e.effect, COPS_ST_STRAY);
    ck_assert_int_eq(health(c, 1), veto ? 0 : 2);   /* the pistol's 2L */
    ck_assert_int_eq(health(a, 1), 0);
    ck_assert_int_eq(s.next, 16);
    cops_st_fight_free(f);
    cops_st_character_free(a);
    cops_st_character_free(t);
    cops_st_character_free(c);
    cops_st_character_free(sh);
    cops_ctx_free(ctx);
  }
}
END_TEST

/* All or nothing: dice that run out in the middle of a round leave the fight, its
 * characters and its log as they were; the same round then plays from its start. */
START_TEST(test_fight_all_or_nothing)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 1, 1, 2, 3);
  cops_st_character *a = person(ctx, "A", 3, 2, 2, 2, 2, 0);
  cops_st_character *b = person(ctx, "B", 3, 2, 2, 1, 2, 0);
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, a, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, b, 1, 1, 0, NULL), COPS_OK);
  char *before, *after;
  ck_assert_int_eq(cops_st_fight_save(f, &before), COPS_OK);
  ck_assert_int_eq(cops_st_fight_run_round(f), COPS_ERNG);
  ck_assert_int_eq(cops_st_fight_round(f), 0);
  ck_assert_int_eq(cops_log_count(cops_st_fight_log(f)), 0);
  ck_assert_int_eq(cops_st_fight_save(f, &after), COPS_OK);
  ck_assert_str_eq(before, after);
  cops_free(after);
  /* A step that fails: the round stays where it was. */
  SCRIPT_FACES(&s, 9, 1, 1, 2, 3);
  ck_assert_int_eq(cops_st_fight_begin_round(f), COPS_OK);
  const int events = cops_log_count(cops_st_fight_log(f));
  ck_assert_int_eq(cops_st_fight_step(f, NULL), COPS_ERNG);
  ck_assert_int_eq(cops_log_count(cops_st_fight_log(f)), events);
  ck_assert_int_eq(state(f, 1).roll_used, 0);
  ck_assert_int_eq(cops_st_fight_save(f, &after), COPS_ESTATE);   /* between rounds only */
  SCRIPT_FACES(&s, 1, 2, 3, 8, 9, 5);
  ck_assert_int_eq(cops_st_fight_resolve_round(f), COPS_OK);
  ck_assert_int_eq(health(a, 0), 2);
  cops_free(before);
  cops_st_fight_free(f);
  cops_st_character_free(a);
  cops_st_character_free(b);
  cops_ctx_free(ctx);
}
END_TEST

/* Fight files: a seeded scenario run whole, and the same run saved after round 2 and resumed
 * in another context, give the same events, numbered alike. */
START_TEST(test_fight_file_save_and_resume)
{
  const char *path = SHEETS_DIR "/../st/scenarios/street-brawl.json";
  cops_ctx *c1, *c2, *c3;
  ck_assert_int_eq(cops_ctx_new(&c1), COPS_OK);
  ck_assert_int_eq(cops_ctx_new(&c2), COPS_OK);
  ck_assert_int_eq(cops_ctx_new(&c3), COPS_OK);
  cops_st_fight *whole, *part, *resumed;
  ck_assert_int_eq(cops_st_fight_load(&whole, c1, path), COPS_OK);
  ck_assert_str_eq(cops_st_fight_name(whole), "Street brawl outside the Blue Lantern");
  ck_assert_int_eq(cops_st_fight_count(whole), 5);
  ck_assert_str_eq(cops_st_fight_side_name(whole, 1), "Moreau's crew");
  ck_assert_int_eq(cops_st_fight_run(whole), COPS_OK);
  ck_assert_int_eq(cops_st_fight_over(whole), 1);
  char *all, *first, *rest, *save;
  ck_assert_int_eq(cops_log_to_jsonl(cops_st_fight_log(whole), 0, &all), COPS_OK);
  ck_assert_int_eq(cops_st_fight_load(&part, c2, path), COPS_OK);
  ck_assert_int_eq(cops_st_fight_run_round(part), COPS_OK);
  ck_assert_int_eq(cops_st_fight_run_round(part), COPS_OK);
  ck_assert_int_eq(cops_log_to_jsonl(cops_st_fight_log(part), 0, &first), COPS_OK);
  ck_assert_int_eq(cops_st_fight_save(part, &save), COPS_OK);
  ck_assert_int_eq(cops_st_fight_from_json(&resumed, c3, save, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_round(resumed), 2);
  ck_assert_int_eq(cops_st_fight_run(resumed), COPS_OK);
  ck_assert_int_eq(cops_log_to_jsonl(cops_st_fight_log(resumed), 0, &rest), COPS_OK);
  const size_t n1 = strlen(first);
  ck_assert_int_eq(strncmp(all, first, n1), 0);
  ck_assert_str_eq(all + n1, rest);
  /* A save read back writes itself again. */
  char *again;
  cops_st_fight *copy;
  ck_assert_int_eq(cops_st_fight_from_json(&copy, c2, save, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_save(copy, &again), COPS_OK);
  ck_assert_str_eq(save, again);
  cops_free(again);
  cops_st_fight_free(copy);
  cops_free(all);
  cops_free(first);
  cops_free(rest);
  cops_free(save);
  cops_st_fight_free(whole);
  cops_st_fight_free(part);
  cops_st_fight_free(resumed);
  cops_ctx_free(c1);
  cops_ctx_free(c2);
  cops_ctx_free(c3);
}
END_TEST

/* cops_st_fight_reset: the same fight again. Reset and seeded alike, it saves as it did
 * before its first round and plays the same events; a reset in the middle of a round goes
 * back as far; a fight resumed from a save made after round 1 has no start to go back to. */
START_TEST(test_fight_reset)
{
  const char *path = SHEETS_DIR "/../st/scenarios/street-brawl.json";
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_load(&f, ctx, path), COPS_OK);
  ck_assert_int_eq(cops_st_fight_seed(f, 11), COPS_OK);
  char *start, *again, *first, *second;
  ck_assert_int_eq(cops_st_fight_save(f, &start), COPS_OK);
  ck_assert_int_eq(cops_st_fight_reset(f), COPS_OK);   /* before round 1: nothing to undo */
  ck_assert_int_eq(cops_st_fight_save(f, &again), COPS_OK);
  ck_assert_str_eq(start, again);
  cops_free(again);
  ck_assert_int_eq(cops_st_fight_run(f), COPS_OK);
  ck_assert_int_eq(cops_st_fight_over(f), 1);
  ck_assert_int_gt(cops_st_fight_round(f), 1);
  ck_assert_int_eq(cops_log_to_jsonl(cops_st_fight_log(f), 0, &first), COPS_OK);
  ck_assert_int_eq(cops_st_fight_reset(f), COPS_OK);
  ck_assert_int_eq(cops_st_fight_round(f), 0);
  ck_assert_int_eq(cops_st_fight_over(f), 0);
  ck_assert_int_eq(cops_log_count(cops_st_fight_log(f)), 0);
  ck_assert_int_eq(cops_st_fight_seed(f, 11), COPS_OK);
  ck_assert_int_eq(cops_st_fight_save(f, &again), COPS_OK);
  ck_assert_str_eq(start, again);
  cops_free(again);
  ck_assert_int_eq(cops_st_fight_run(f), COPS_OK);
  ck_assert_int_eq(cops_log_to_jsonl(cops_st_fight_log(f), 0, &second), COPS_OK);
  ck_assert_str_eq(first, second);
  cops_free(second);
  /* In the middle of round 1, after a turn. */
  ck_assert_int_eq(cops_st_fight_reset(f), COPS_OK);
  ck_assert_int_eq(cops_st_fight_seed(f, 11), COPS_OK);
  ck_assert_int_eq(cops_st_fight_begin_round(f), COPS_OK);
  ck_assert_int_eq(cops_st_fight_step(f, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_reset(f), COPS_OK);
  ck_assert_int_eq(cops_st_fight_seed(f, 11), COPS_OK);
  ck_assert_int_eq(cops_st_fight_save(f, &again), COPS_OK);
  ck_assert_str_eq(start, again);
  cops_free(again);
  /* Resumed after round 2: refused, nothing changed. */
  cops_st_fight *part, *resumed;
  char *save, *after;
  ck_assert_int_eq(cops_st_fight_load(&part, ctx, path), COPS_OK);
  ck_assert_int_eq(cops_st_fight_run_round(part), COPS_OK);
  ck_assert_int_eq(cops_st_fight_run_round(part), COPS_OK);
  ck_assert_int_eq(cops_st_fight_save(part, &save), COPS_OK);
  ck_assert_int_eq(cops_st_fight_from_json(&resumed, ctx, save, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_reset(resumed), COPS_ESTATE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "first round is not known"));
  ck_assert_int_eq(cops_st_fight_round(resumed), 2);
  ck_assert_int_eq(cops_st_fight_save(resumed, &after), COPS_OK);
  ck_assert_str_eq(save, after);
  ck_assert_int_eq(cops_st_fight_reset(NULL), COPS_EINVAL);
  cops_free(save);
  cops_free(after);
  cops_free(first);
  cops_free(start);
  cops_st_fight_free(resumed);
  cops_st_fight_free(part);
  cops_st_fight_free(f);
  cops_ctx_free(ctx);
}
END_TEST

/* A malformed fight file is refused, naming the field; nothing is kept. */
START_TEST(test_fight_file_refusals)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  const char *sheet = "{\"system\":\"st\",\"name\":\"A\",\"attributes\":{\"Strength\":2,"
                      "\"Dexterity\":2,\"Stamina\":2,\"Wits\":2,\"Resolve\":2,\"Composure\":2}}";
  char text[1024];
  static const struct {
    const char *fmt, *message;
    int rc;
  } bad[] = {
    {"{\"system\":\"cops\",\"sides\":[\"a\"],\"fighters\":[{\"sheet\":%s,\"side\":0}]}", "system: \"st\" expected", COPS_EJSON},
    {"{\"system\":\"st\",\"sides\":[\"a\"],\"fighters\":[{\"sheet\":%s}]}", "fighters[0].side: missing", COPS_EJSON},
    {"{\"system\":\"st\",\"sides\":[\"a\"],\"fighters\":[{\"sheet\":%s,\"side\":1}]}", "fighters[0].side", COPS_ERANGE},
    {"{\"system\":\"st\",\"sides\":[\"a\"],\"fighters\":[{\"sheet\":%s,\"side\":0,\"cover\":6}]}", "fighters[0].cover", COPS_ERANGE},
    {"{\"system\":\"st\",\"sides\":[\"a\"],\"fighters\":[{\"sheet\":%s,\"side\":0,\"tactic\":\"run\"}]}", "fighters[0].tactic", COPS_EJSON},
    {"{\"system\":\"st\",\"sides\":[\"a\"],\"rules\":{\"again\":7},\"fighters\":[{\"sheet\":%s,\"side\":0}]}", "rules.again", COPS_ERANGE},
    {"{\"system\":\"st\",\"sides\":[\"a\"],\"rules\":{\"fast\":1},\"fighters\":[{\"sheet\":%s,\"side\":0}]}", "rules.fast: unknown", COPS_EJSON},
    {"{\"system\":\"st\",\"sides\":[\"a\"],\"fighters\":[{\"sheet\":%s,\"side\":0}],\"grapples\":[{\"first\":0,\"second\":0}]}", "grapples[0]", COPS_ERULE},
    {"{\"system\":\"st\",\"sides\":[\"a\"],\"fighters\":[{\"sheet\":%s,\"side\":0}],\"colour\":1}", "colour", COPS_EJSON},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    const char *at = strstr(bad[k].fmt, "%s");
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - bad[k].fmt), bad[k].fmt, sheet, at + 2);
    cops_st_fight *f = (cops_st_fight *)&text;
    const int rc = cops_st_fight_from_json(&f, ctx, text, NULL);
    ck_assert_msg(rc == bad[k].rc, "case %zu: %d (%s)", k, rc, cops_ctx_errmsg(ctx));
    ck_assert_ptr_null(f);
    ck_assert_msg(strstr(cops_ctx_errmsg(ctx), bad[k].message), "case %zu: %s", k,
                  cops_ctx_errmsg(ctx));
  }
  /* A COPS scenario is no Storyteller fight. */
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_load(&f, ctx, SHEETS_DIR "/../scenarios/bar-brawl.json"),
                   COPS_EJSON);
  cops_ctx_free(ctx);
}
END_TEST

/* ST-A14: the Cover a fighter uses is declared once a round; a shot before its turn takes
 * the Cover its declaration gives (here 1 of its 4), and its own shot then pays that. */
START_TEST(test_st_a14_cover_once_a_round)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 1, /* S's shot */ 2, 2, 2, /* T's shot */ 2, 2);
  cops_st_character *sh = person(ctx, "S", 2, 3, 2, 3, 0, 3);
  cops_st_character *t = person(ctx, "T", 2, 2, 2, 1, 0, 3);
  give_pistol(sh);
  give_pistol(t);
  cops_st_fight *f;
  ck_assert_int_eq(cops_st_fight_new(&f, ctx, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, sh, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_add(f, t, 1, 10, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_fight_set_cover(f, 1, 4), COPS_OK);
  ck_assert_int_eq(cops_st_fight_begin_round(f), COPS_OK);
  cops_st_declaration d;
  cops_st_declaration_init(&d, COPS_ST_DO_ATTACK);
  d.target = 0;
  d.weapon = 0;
  d.cover = 5;
  ck_assert_int_eq(cops_st_fight_declare(f, 1, &d), COPS_ERANGE);   /* more than there is */
  d.cover = 1;
  ck_assert_int_eq(cops_st_fight_declare(f, 1, &d), COPS_OK);
  ck_assert_int_eq(cops_st_fight_resolve_round(f), COPS_OK);
  const cops_log *log = cops_st_fight_log(f);
  int pools[2], n = 0;
  for (int i = 0; i < cops_log_count(log) && n < 2; i++) {
    cops_event ev;
    memset(&ev, 0, sizeof ev);
    ev.size = sizeof ev;
    ck_assert_int_eq(cops_log_event(log, i, &ev), COPS_OK);
    cops_st_event e;
    memset(&e, 0, sizeof e);
    e.size = sizeof e;
    if (ev.type == COPS_ST_EV_ROLL && cops_st_log_event(log, i, &e) == COPS_OK)
      pools[n++] = e.pool;
  }
  ck_assert_int_eq(n, 2);
  ck_assert_int_eq(pools[0], 3);   /* 6 - Defense 2 - Cover 1 */
  ck_assert_int_eq(pools[1], 2);   /* 5 - Defense 2 - its own Cover 1 */
  ck_assert_int_eq(state(f, 1).cover_used, 1);
  cops_st_fight_free(f);
  cops_st_character_free(sh);
  cops_st_character_free(t);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *st_fight_suite(void)
{
  Suite *s = suite_create("st-fight");
  TCase *tc = tcase_create("fight");
  tcase_add_test(tc, test_s5_3_exchange_lands_at_winners_rank);
  tcase_add_test(tc, test_st_a7_outnumbered_winner_falls_first);
  tcase_add_test(tc, test_s6_7_aiming_over_rounds);
  tcase_add_test(tc, test_s6_8_surprise_round_one);
  tcase_add_test(tc, test_s1_actions_and_delay);
  tcase_add_test(tc, test_s2_non_combatant_in_a_fight);
  tcase_add_test(tc, test_s6_2_grapple_in_a_fight);
  tcase_add_test(tc, test_st_a14_cover_once_a_round);
  tcase_add_test(tc, test_s5_7_stray_shot);
  tcase_add_test(tc, test_fight_all_or_nothing);
  tcase_add_test(tc, test_fight_file_save_and_resume);
  tcase_add_test(tc, test_fight_reset);
  tcase_add_test(tc, test_fight_file_refusals);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(st_fight_suite)
