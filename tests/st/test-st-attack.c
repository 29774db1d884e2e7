/* The Storyteller module's attacks with scripted dice (OTHER-SYSTEMS.md ST §5, §6; the
 * rulings ST-A4 ... ST-A33 each cites): pools, opposed and unopposed results, the damage
 * pipeline, the events and their narration, refusals that change nothing. */
#include <stdio.h>

#include <cops/st.h>

#include "testutil.h"

#define ST_SHEETS SHEETS_DIR "/../st/sheets"

static cops_st_character *sheet(cops_ctx *ctx, const char *name)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s.json", ST_SHEETS, name);
  cops_st_character *ch;
  ck_assert_msg(cops_st_character_load(&ch, ctx, path) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  return ch;
}

/* A plain fighter: Strength, Dexterity, Stamina, Wits, skills Brawl and Firearms. */
static cops_st_character *plain(cops_ctx *ctx, const char *name, int str, int dex, int sta,
                                int wits, int brawl, int firearms)
{
  cops_st_character *ch;
  ck_assert_int_eq(cops_st_character_new(&ch, ctx), COPS_OK);
  ck_assert_int_eq(cops_st_character_set_name(ch, name), COPS_OK);
  const int v[][2] = {{COPS_ST_STRENGTH, str}, {COPS_ST_DEXTERITY, dex}, {COPS_ST_STAMINA, sta},
                      {COPS_ST_WITS, wits}, {COPS_ST_BRAWL, brawl}, {COPS_ST_FIREARMS, firearms},
                      {COPS_ST_RESOLVE, 2}, {COPS_ST_COMPOSURE, 2}};
  for (int i = 0; i < 8; i++)
    ck_assert_int_eq(cops_st_character_set_trait(ch, v[i][0], v[i][1]), COPS_OK);
  return ch;
}

static cops_st_outcome attack(cops_ctx *ctx, const cops_st_attack *a, cops_log *log, int rc)
{
  cops_st_outcome o;
  memset(&o, 0, sizeof o);
  o.size = sizeof o;
  ck_assert_msg(cops_st_attack_resolve(&o, ctx, a, log) == rc, "%s", cops_ctx_errmsg(ctx));
  return o;
}

static void health(const cops_st_character *ch, int bashing, int lethal)
{
  int b, l;
  cops_st_character_health(ch, &b, &l);
  ck_assert_msg(b == bashing && l == lethal, "%s: %d bashing %d lethal, expected %d %d",
                cops_st_character_name(ch), b, l, bashing, lethal);
}

/* §5.3, ST-A6: both roll at once, Strength + Brawl - the other's Defense; the winner
 * deals code + margin; ST-A5: a tie deals nothing; the target may win. */
START_TEST(test_s5_3_exchange)
{
  script s;
  /* Rico: Str 4 Brawl 3 (7) - Defense 2 of Sam = 5 dice; Sam: Str 3 Brawl 2 (5) - 2 = 3. */
  cops_ctx *ctx = SCRIPT(&s, 8, 9, 3, 1, 2, /* Sam */ 2, 3, 4);
  cops_st_character *rico = plain(ctx, "Rico", 4, 2, 3, 2, 3, 0);
  cops_st_character *sam = plain(ctx, "Sam", 3, 2, 3, 2, 2, 0);
  cops_st_attack a;
  ck_assert_int_eq(cops_st_attack_init(&a, COPS_ST_EXCHANGE), COPS_OK);
  a.attacker = rico;
  a.target = sam;
  cops_st_outcome o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, 5);
  ck_assert_int_eq(o.defender_pool, 3);
  ck_assert_int_eq(o.successes, 2);
  ck_assert_int_eq(o.defender_successes, 0);
  ck_assert_int_eq(o.winner, COPS_ST_ATTACKER);
  ck_assert_int_eq(o.margin, 2);
  ck_assert_int_eq(o.damage, 2);                 /* fists 0B + 2 */
  ck_assert_int_eq(o.type, COPS_ST_BASHING);
  health(sam, 2, 0);
  ck_assert_int_eq(s.next, 8);
  /* A tie: no winner, no damage (ST-A5). */
  SCRIPT_FACES(&s, 8, 1, 1, 1, 1, 9, 1, 1);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.winner, COPS_ST_NOBODY);
  ck_assert_int_eq(o.damage, 0);
  health(sam, 2, 0);
  /* The target wins: the attacker takes the target's code + margin. */
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1, 9, 10, 2, 3);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.winner, COPS_ST_DEFENDER);
  ck_assert_int_eq(o.victim, COPS_ST_ATTACKER);
  ck_assert_int_eq(o.margin, 2);                 /* 9, 10 and its re-roll 2 */
  health(rico, 2, 0);
  cops_st_character_free(rico);
  cops_st_character_free(sam);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.4, ST-A7: a secondary attacker rolls unopposed against Defense - 2 per opponent past
 * the first (floored at 0); the incremental switch; a fifth cannot engage. */
START_TEST(test_s5_4_outnumbering)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8);
  cops_st_character *a1 = plain(ctx, "A", 2, 2, 2, 2, 2, 0);   /* 4 dice */
  cops_st_character *t = plain(ctx, "T", 2, 5, 2, 5, 0, 0);    /* Defense 5 */
  cops_st_attack a;
  cops_st_attack_init(&a, COPS_ST_STRIKE);
  a.attacker = a1;
  a.target = t;
  a.opponents = 3;                                  /* 5 - 4 = 1 */
  cops_st_outcome o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, 3);
  ck_assert_int_eq(o.successes, 3);
  ck_assert_int_eq(o.damage, 3);                    /* unopposed: code + successes */
  cops_st_rules r;
  cops_st_rules_init(&r);
  r.outnumber_incremental = 1;
  a.rules = &r;
  a.rank = 1;                                       /* the 2nd: -2 */
  SCRIPT_FACES(&s, 8, 8);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, 1);
  a.rank = 0;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, NULL), COPS_ERANGE);
  a.rules = NULL;
  a.opponents = 5;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "at most four"));
  cops_st_character_free(a1);
  cops_st_character_free(t);
  cops_ctx_free(ctx);
}
END_TEST

/* §5.5-§5.7, §6.6, §6.10, ST-A14, ST-A24: Dexterity + Firearms - Defense - Cover - crowd -
 * prone - the range band - the shooter's own Cover; code + successes; beyond long range
 * no shot; a dramatic failure with a crowd may hit one of them (ST-A15). */
START_TEST(test_s5_5_shots)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 9, 2);
  cops_st_character *marcus = sheet(ctx, "marcus");    /* Dex 3 Firearms 3, revolver 4L */
  cops_st_character *vince = sheet(ctx, "vince");      /* Defense 2 */
  cops_st_attack a;
  cops_st_attack_init(&a, COPS_ST_SHOT);
  a.attacker = marcus;
  a.target = vince;
  a.weapon = 0;
  a.distance = 30;                                     /* medium: -1 */
  a.cover = 1;
  cops_st_outcome o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, 2);                         /* 6 - 2 - 1 - 1 */
  ck_assert_int_eq(o.damage, 5);
  ck_assert_int_eq(o.type, COPS_ST_LETHAL);
  health(vince, 1, 5);                                 /* the sheet's bashing box, then 5 */
  /* Long range, the crowd, prone and the shooter's own Cover: 6 - (2+1+1+1) - 2 - 1 < 0. */
  a.distance = 80;
  a.crowd = 1;
  a.flags = COPS_ST_PRONE;
  a.own_cover = 1;
  SCRIPT_FACES(&s, 1);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, -2);
  ck_assert_int_eq(o.dramatic, 1);
  ck_assert_int_eq(o.stray, 1);                        /* ST-A15 */
  ck_assert_int_eq(o.damage, 0);
  a.distance = 81;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "beyond Heavy revolver's long range"));
  a.distance = 10;
  a.weapon = 1;                                        /* a baton */
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, NULL), COPS_ERULE);
  a.weapon = -1;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, NULL), COPS_ERULE);
  cops_st_character_free(marcus);
  cops_st_character_free(vince);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.12, ST-A30: no dice; every die an 8; Defense 0. Example 1: Strength 2 + Brawl 2 = 4
 * bashing. Example 2: Dexterity 3 + Firearms 3 + 3 aiming dice with a 4L revolver: 13. */
START_TEST(test_s6_12_coup_de_grace)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_st_character *agent = plain(ctx, "Agent", 2, 2, 2, 2, 2, 0);
  cops_st_character *prisoner = plain(ctx, "Prisoner", 2, 3, 5, 3, 0, 0);
  cops_st_attack a;
  cops_st_attack_init(&a, COPS_ST_COUP_DE_GRACE);
  a.attacker = agent;
  a.target = prisoner;
  cops_st_outcome o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.successes, 4);
  ck_assert_int_eq(o.damage, 4);
  ck_assert_int_eq(o.type, COPS_ST_BASHING);
  cops_st_character *shooter = plain(ctx, "Shooter", 2, 3, 2, 3, 0, 3);
  cops_st_weapon rev;
  cops_st_weapon_init(&rev, COPS_ST_FIREARM);
  rev.damage = 4;
  ck_assert_int_eq(cops_st_character_add_weapon(shooter, &rev, &a.weapon), COPS_OK);
  a.attacker = shooter;
  a.aim = 3;                                           /* ST-A25: at most Wits */
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.successes, 9);
  ck_assert_int_eq(o.damage, 13);
  ck_assert_int_eq(s.next, 0);                         /* not one die */
  a.aim = 4;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, NULL), COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "at most Wits 3"));
  /* A pool of no die, logged first in a new log (found by the fuzzer): no success, no
   * chance die, the roll's event with no die. */
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  cops_st_character *nobody = plain(ctx, "Nobody", 0, 0, 0, 0, 0, 0);
  a.attacker = nobody;
  a.weapon = -1;
  a.aim = 0;
  o = attack(ctx, &a, log, COPS_OK);
  ck_assert_int_eq(o.successes, 0);
  ck_assert_int_eq(cops_log_count(log), 3);
  cops_event e = {.size = sizeof e};
  ck_assert_int_eq(cops_log_event(log, 1, &e), COPS_OK);
  ck_assert_int_eq(e.dice, 0);
  cops_log_free(log);
  cops_st_character_free(nobody);
  cops_st_character_free(agent);
  cops_st_character_free(prisoner);
  cops_st_character_free(shooter);
  cops_ctx_free(ctx);
}
END_TEST

/* ST-A33: human shield (§6.9, ST-A27), then armour (§6.14, ST-A32), then the vest
 * (§6.13, ST-A31), with their budgets per round. */
START_TEST(test_st_a33_damage_pipeline)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 8, 8, 8, 8, 8, 8);
  cops_st_character *gun = plain(ctx, "Gun", 2, 4, 2, 2, 0, 4);   /* 8 dice */
  cops_st_weapon pistol;
  cops_st_weapon_init(&pistol, COPS_ST_FIREARM);                  /* 2L */
  cops_st_character_add_weapon(gun, &pistol, NULL);
  cops_st_character *cop = plain(ctx, "Cop", 2, 2, 3, 2, 0, 0);    /* Defense 2, Health 8 */
  ck_assert_int_eq(cops_st_character_set_protection(cop, 2, 0, 0), COPS_OK);
  cops_st_attack a;
  cops_st_attack_init(&a, COPS_ST_SHOT);
  a.attacker = gun;
  a.target = cop;
  a.weapon = 0;
  SCRIPT_FACES(&s, 8, 8, 1, 1, 1, 1);                             /* 6 dice: 2 successes */
  cops_st_outcome o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.damage, 4);
  ck_assert_int_eq(o.converted, 2);                               /* the vest's code */
  ck_assert_int_eq(o.bashing, 2);
  ck_assert_int_eq(o.lethal, 2);
  health(cop, 2, 2);
  SCRIPT_FACES(&s, 8, 1, 1, 1, 1, 1);                             /* same round: spent */
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.converted, 0);
  ck_assert_int_eq(o.lethal, 3);
  ck_assert_int_eq(cops_st_character_begin_round(cop), COPS_OK);
  SCRIPT_FACES(&s, 8, 1, 1, 1, 1, 1);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.converted, 2);
  /* Armour 2: Defense and Dexterity -2; ignores 2 boxes a round; old-fashioned, 1 against
   * firearms. */
  cops_st_character_set_health(cop, 0, 0);
  ck_assert_int_eq(cops_st_character_set_protection(cop, 0, 2, 1), COPS_OK);
  SCRIPT_FACES(&s, 8, 8, 8, 1, 1, 1, 1, 1);                       /* Defense 0: 8 dice */
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, 8);
  ck_assert_int_eq(o.damage, 5);
  ck_assert_int_eq(o.ignored, 1);
  health(cop, 0, 4);
  /* Human shield: the shield takes all, the protected the rest past the shield's Stamina. */
  cops_st_character *hostage = plain(ctx, "Hostage", 2, 2, 2, 2, 0, 0);
  cops_st_character_set_health(cop, 0, 0);
  cops_st_character_set_protection(cop, 0, 0, 0);
  a.shield = hostage;
  SCRIPT_FACES(&s, 8, 8, 8, 1, 1, 1);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.damage, 5);
  ck_assert_int_eq(o.shield_damage, 5);
  health(hostage, 0, 5);
  health(cop, 0, 3);                                              /* 5 - Stamina 2 */
  a.shield = cop;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, NULL), COPS_EINVAL);
  cops_st_character_free(gun);
  cops_st_character_free(cop);
  cops_st_character_free(hostage);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.4, ST-A22: a short burst +1 die, recoil for too little Strength; §6.11, ST-A29:
 * a called shot's penalty and its full effect at 2 or more; §6.3, ST-A21: a touch;
 * §6.8: surprise; §5.8: total defence. */
START_TEST(test_s6_options)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 8, 8, 1);
  cops_st_character *vince = sheet(ctx, "vince");                /* machine pistol, Str 4 */
  cops_st_character *t = plain(ctx, "T", 2, 2, 2, 2, 0, 0);        /* Defense 2 */
  cops_st_attack a;
  cops_st_attack_init(&a, COPS_ST_SHOT);
  a.attacker = vince;
  a.target = t;
  a.weapon = 1;
  a.flags = COPS_ST_BURST;
  cops_st_outcome o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, 2 + 1 - 2 + 1);                        /* Dex 2 + Firearms 1 */
  ck_assert_int_eq(o.recoil, 0);                                  /* Strength 4 >= 3 */
  cops_st_character_set_trait(vince, COPS_ST_STRENGTH, 2);
  SCRIPT_FACES(&s, 1, 1);
  int b0, l0;
  cops_st_character_health(vince, &b0, &l0);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.recoil, 1);
  health(vince, b0 + 1, l0);
  a.weapon = 0;                                                   /* a bat cannot burst */
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, NULL), COPS_ERULE);
  /* A called shot at the head: -3; 2 or more: its full effect. */
  cops_st_character *marcus = sheet(ctx, "marcus");
  a.attacker = marcus;
  a.weapon = 0;
  a.flags = 0;
  a.called = COPS_ST_HEAD;
  SCRIPT_FACES(&s, 1);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, 6 - 2 - 3);
  ck_assert_int_eq(o.full_effect, 0);
  SCRIPT_FACES(&s, 8);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.damage, 5);
  ck_assert_int_eq(o.full_effect, 1);
  /* Surprise: Defense 0; total defence adds its successes. */
  a.called = COPS_ST_BODY;
  a.flags = COPS_ST_SURPRISED;
  a.total_defense = 3;
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1, 1);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, 6);
  a.flags = 0;
  SCRIPT_FACES(&s, 1);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, 1);                                    /* 6 - (2 + 3) */
  /* A touch: Dexterity for Strength, contact without damage. */
  cops_st_attack_init(&a, COPS_ST_EXCHANGE);
  a.attacker = marcus;                                            /* Dex 3 + Brawl 2 */
  a.target = t;
  a.flags = COPS_ST_TOUCH;
  SCRIPT_FACES(&s, 9, 1, 1, 1);
  int tb, tl;
  cops_st_character_health(t, &tb, &tl);
  o = attack(ctx, &a, NULL, COPS_OK);
  ck_assert_int_eq(o.pool, 3);
  ck_assert_int_eq(o.contact, 1);
  ck_assert_int_eq(o.damage, 0);
  health(t, tb, tl);
  cops_st_character_free(vince);
  cops_st_character_free(marcus);
  cops_st_character_free(t);
  cops_ctx_free(ctx);
}
END_TEST

/* The events: st.attack, st.roll (every die), st.result, st.damage, with ids; JSON and
 * narration in French and English. */
START_TEST(test_events_and_narration)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 2, 9);
  cops_st_character *marcus = sheet(ctx, "marcus");
  cops_st_character *vince = sheet(ctx, "vince");
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  cops_st_attack a;
  cops_st_attack_init(&a, COPS_ST_SHOT);
  a.attacker = marcus;
  a.target = vince;
  a.weapon = 0;
  a.distance = 30;
  a.cover = 1;
  a.attacker_id = 4;
  a.target_id = 7;
  attack(ctx, &a, log, COPS_OK);
  ck_assert_int_eq(cops_log_count(log), 4);
  cops_event e = {.size = sizeof e};
  ck_assert_int_eq(cops_log_event(log, 0, &e), COPS_OK);
  ck_assert_int_eq(e.type, COPS_ST_EV_ATTACK);
  ck_assert_int_eq(e.actor_id, 4);
  ck_assert_int_eq(e.target_id, 7);
  ck_assert_str_eq(e.weapon, "Heavy revolver");
  ck_assert_str_eq(cops_event_type_name(e.type), "st.attack");
  cops_st_event se = {.size = sizeof se};
  ck_assert_int_eq(cops_st_log_event(log, 1, &se), COPS_OK);
  ck_assert_int_eq(se.pool, 2);
  ck_assert_int_eq(se.successes, 1);
  int face, ok, parent;
  ck_assert_int_eq(cops_log_die(log, 1, 1, &face, &ok, &parent), COPS_OK);
  ck_assert_int_eq(face * 10 + ok, 91);
  ck_assert_int_eq(cops_st_log_event(log, 3, &se), COPS_OK);
  ck_assert_int_eq(se.lethal, 5);
  ck_assert_int_eq(se.state, COPS_ST_FIT);
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(log, 3, &text), COPS_OK);
  ck_assert_str_eq(text, "{\"schema\":2,\"seq\":3,\"round\":0,\"type\":\"st.damage\",\"actor\":null,"
                   "\"actor_id\":null,\"target\":\"Vince « Knuckles » Moreau\",\"target_id\":7,"
                   "\"damage\":5,\"damage_type\":\"lethal\",\"ignored\":0,\"converted\":0,"
                   "\"bashing\":0,\"lethal\":5,\"state\":\"fit\"}\n");
  cops_free(text);
  ck_assert_int_eq(cops_log_narrate(log, 0, COPS_LANG_EN, &text), COPS_OK);
  ck_assert_str_eq(text,
    "Marcus Vale attacks Vince « Knuckles » Moreau (Heavy revolver, shot, 30 m).\n"
    "Marcus Vale rolls 2 dice: [2, 9] 1 success.\n"
    "Marcus Vale wins by 1: deals 5 lethal.\n"
    "Vince « Knuckles » Moreau takes 5 lethal: 0 bashing, 5 lethal marked; standing.\n");
  cops_free(text);
  ck_assert_int_eq(cops_log_narrate(log, 2, COPS_LANG_FR, &text), COPS_OK);
  ck_assert_str_eq(text,
    "Marcus Vale l'emporte de 1 : inflige 5 létaux.\n"
    "Vince « Knuckles » Moreau encaisse 5 létaux : 0 contondant, 5 létaux cochés ; debout.\n");
  cops_free(text);
  ck_assert_int_eq(cops_st_log_event(log, 4, &se), COPS_ERANGE);
  cops_log_free(log);
  cops_st_character_free(marcus);
  cops_st_character_free(vince);
  cops_ctx_free(ctx);
}
END_TEST

/* All or nothing: dice that run out part-way through an exchange leave both characters,
 * the log and the seeded source as they were; refusals draw nothing. */
START_TEST(test_all_or_nothing)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 8, 8, 8, 8, 8);       /* the attacker's five, none for Sam */
  cops_st_character *rico = plain(ctx, "Rico", 4, 2, 3, 2, 3, 0);
  cops_st_character *sam = plain(ctx, "Sam", 3, 2, 3, 2, 2, 0);
  cops_st_character_set_health(sam, 1, 1);
  cops_log *log;
  cops_log_new(&log, ctx);
  cops_st_attack a;
  cops_st_attack_init(&a, COPS_ST_EXCHANGE);
  a.attacker = rico;
  a.target = sam;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, log), COPS_ERNG);
  ck_assert_int_eq(cops_log_count(log), 0);
  health(sam, 1, 1);
  /* Seeded: a failed attack draws nothing. */
  cops_ctx *seeded, *twin;
  ck_assert_int_eq(cops_ctx_new(&seeded), COPS_OK);
  ck_assert_int_eq(cops_ctx_new(&twin), COPS_OK);
  cops_ctx_seed(seeded, 5);
  cops_ctx_seed(twin, 5);
  cops_st_character *r2 = plain(seeded, "Rico", 4, 2, 3, 2, 3, 0);
  cops_st_character *s2 = plain(seeded, "Sam", 3, 2, 3, 2, 2, 0);
  cops_st_character *r3 = plain(twin, "Rico", 4, 2, 3, 2, 3, 0);
  cops_st_character *s3 = plain(twin, "Sam", 3, 2, 3, 2, 2, 0);
  a.attacker = r2;
  a.target = s2;
  a.weapon = 2;                                     /* none: refused */
  ck_assert_int_eq(cops_st_attack_resolve(NULL, seeded, &a, NULL), COPS_EINVAL);
  a.weapon = -1;
  cops_st_outcome o1 = attack(seeded, &a, NULL, COPS_OK);
  a.attacker = r3;
  a.target = s3;
  cops_st_outcome o2 = attack(twin, &a, NULL, COPS_OK);
  ck_assert_int_eq(memcmp(&o1, &o2, sizeof o1), 0);
  /* Other refusals. */
  a.target = r3;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, twin, &a, NULL), COPS_EINVAL);
  a.target = s3;
  a.kind = 9;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, twin, &a, NULL), COPS_EINVAL);
  a.kind = COPS_ST_EXCHANGE;
  a.flags = 0x40;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, twin, &a, NULL), COPS_EINVAL);
  a.flags = 0;
  a.cover = 6;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, twin, &a, NULL), COPS_ERANGE);
  a.cover = 0;
  cops_st_weapon teeth;
  cops_st_weapon_init(&teeth, COPS_ST_TEETH);
  cops_st_character_add_weapon(r3, &teeth, &a.weapon);
  ck_assert_int_eq(cops_st_attack_resolve(NULL, twin, &a, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(twin), "a bite"));
  cops_st_outcome small = {.size = 8};
  ck_assert_int_eq(cops_st_attack_resolve(&small, twin, &a, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_st_attack_resolve(NULL, twin, NULL, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_st_attack_resolve(NULL, NULL, &a, NULL), COPS_EINVAL);
  cops_st_character *list[] = {rico, sam, r2, s2, r3, s3};
  for (int i = 0; i < 6; i++)
    cops_st_character_free(list[i]);
  cops_log_free(log);
  cops_ctx_free(ctx);
  cops_ctx_free(seeded);
  cops_ctx_free(twin);
}
END_TEST

START_TEST(test_weapons_and_protection)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_st_character *ch = plain(ctx, "W", 2, 2, 2, 2, 0, 0);
  cops_st_weapon w;
  ck_assert_int_eq(cops_st_weapon_init(&w, COPS_ST_FIREARM), COPS_OK);
  ck_assert_int_eq(w.range[2], 80);
  w.range[1] = 90;                                  /* medium past long */
  ck_assert_int_eq(cops_st_character_add_weapon(ch, &w, NULL), COPS_ERANGE);
  cops_st_weapon_init(&w, COPS_ST_MELEE);
  w.damage = 11;
  ck_assert_int_eq(cops_st_character_add_weapon(ch, &w, NULL), COPS_ERANGE);
  w.damage = 2;
  w.name[0] = '\0';
  ck_assert_int_eq(cops_st_character_add_weapon(ch, &w, NULL), COPS_EINVAL);
  strcpy(w.name, "Axe");
  for (int i = 0; i < COPS_ST_WEAPONS_MAX; i++)
    ck_assert_int_eq(cops_st_character_add_weapon(ch, &w, NULL), COPS_OK);
  ck_assert_int_eq(cops_st_character_add_weapon(ch, &w, NULL), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_remove_weapon(ch, 0), COPS_OK);
  ck_assert_int_eq(cops_st_character_weapon_count(ch), 3);
  cops_st_weapon back;
  ck_assert_int_eq(cops_st_character_weapon(ch, 2, &back), COPS_OK);
  ck_assert_str_eq(back.name, "Axe");
  ck_assert_int_eq(cops_st_character_weapon(ch, 3, &back), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_set_protection(ch, 4, 0, 0), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_set_protection(ch, 0, 3, 0), COPS_ERANGE);
  ck_assert_int_eq(cops_st_character_set_protection(ch, 3, 2, 1), COPS_OK);
  int v, ar, old;
  ck_assert_int_eq(cops_st_character_protection(ch, &v, &ar, &old), COPS_OK);
  ck_assert_int_eq(v * 100 + ar * 10 + old, 321);
  ck_assert_int_eq(cops_st_weapon_init(&w, 4), COPS_EINVAL);
  /* The sheet keeps them. */
  char *text;
  ck_assert_int_eq(cops_st_character_to_json(ch, &text), COPS_OK);
  cops_st_character *again;
  ck_assert_int_eq(cops_st_character_from_json(&again, ctx, text), COPS_OK);
  ck_assert_int_eq(cops_st_character_weapon_count(again), 3);
  ck_assert_int_eq(cops_st_character_protection(again, &v, &ar, &old), COPS_OK);
  ck_assert_int_eq(v * 100 + ar * 10 + old, 321);
  cops_free(text);
  cops_st_character_free(again);
  cops_st_character_free(ch);
  cops_ctx_free(ctx);
}
END_TEST

/* §6.5, ST-A23: one roll at several targets with +1 die, the highest Defense and Cover;
 * the shares in order; 10 rounds; recoil (ST-A22). Ammunition: a shot 1, a burst 3. */
START_TEST(test_s6_5_long_burst)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 8, 9, 10, 3, 8, 1);
  cops_st_character *g = plain(ctx, "Gunner", 2, 4, 3, 2, 0, 3);   /* 7 dice */
  cops_st_weapon smg;
  cops_st_weapon_init(&smg, COPS_ST_FIREARM);
  strcpy(smg.name, "SMG");
  smg.damage = 2;
  smg.automatic = 1;
  smg.min_strength = 3;
  smg.ammo = 12;
  int w;
  ck_assert_int_eq(cops_st_character_add_weapon(g, &smg, &w), COPS_OK);
  cops_st_character *t1 = plain(ctx, "T1", 2, 1, 3, 1, 0, 0);     /* Defense 1 */
  cops_st_character *t2 = plain(ctx, "T2", 2, 3, 3, 3, 0, 0);     /* Defense 3 */
  cops_st_character *t3 = plain(ctx, "T3", 2, 2, 3, 2, 0, 0);
  cops_st_attack a;
  cops_st_attack_init(&a, COPS_ST_SHOT);
  a.attacker = g;
  a.weapon = w;
  a.distance = 10;
  cops_st_character *targets[3] = {t1, t2, t3};
  const int ids[3] = {1, 2, 3}, covers[3] = {0, 1, 0}, shares[3] = {2, 2, 2};
  cops_st_outcome o[3];
  for (int i = 0; i < 3; i++) {
    memset(&o[i], 0, sizeof o[i]);
    o[i].size = sizeof o[i];
  }
  /* Refusals, nothing drawn: the same target twice, the shooter as a target. */
  targets[1] = t1;
  ck_assert_int_eq(cops_st_long_burst(NULL, ctx, &a, targets, ids, covers, shares, 2, NULL),
                   COPS_EINVAL);
  targets[1] = g;
  ck_assert_int_eq(cops_st_long_burst(NULL, ctx, &a, targets, ids, covers, shares, 2, NULL),
                   COPS_EINVAL);
  targets[1] = t2;
  cops_log *log;
  cops_log_new(&log, ctx);
  ck_assert_int_eq(cops_st_long_burst(o, ctx, &a, targets, ids, covers, shares, 3, log), COPS_OK);
  ck_assert_int_eq(o[0].pool, 7 + 1 - 3 - 1);           /* +1, Defense 3, Cover 1 */
  ck_assert_int_eq(o[0].successes, 4);                  /* 8, 9, 10 (8) */
  ck_assert_int_eq(o[0].damage, 4);                     /* 2 + 2 */
  ck_assert_int_eq(o[1].damage, 4);
  ck_assert_int_eq(o[2].damage, 0);                     /* no success left */
  ck_assert_int_eq(o[2].winner, COPS_ST_NOBODY);
  ck_assert_int_eq(o[0].recoil, 1);                     /* Strength 2 < 3 */
  cops_st_weapon back;
  cops_st_character_weapon(g, w, &back);
  ck_assert_int_eq(back.ammo, 2);
  /* Two rounds left: no long burst, no short burst; a shot takes one. */
  ck_assert_int_eq(cops_st_long_burst(o, ctx, &a, targets, ids, covers, shares, 3, log),
                   COPS_ERULE);
  a.target = t1;
  a.flags = COPS_ST_BURST;
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "SMG holds 2 rounds: a burst needs 3"));
  a.flags = 0;
  SCRIPT_FACES(&s, 1, 1, 1, 1, 1, 1);
  ck_assert_int_eq(cops_st_attack_resolve(NULL, ctx, &a, NULL), COPS_OK);
  cops_st_character_weapon(g, w, &back);
  ck_assert_int_eq(back.ammo, 1);
  char *text;
  ck_assert_int_eq(cops_log_narrate(log, 0, COPS_LANG_EN, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "Gunner attacks (SMG, long burst, 10 m).\n"));
  cops_free(text);
  cops_log_free(log);
  cops_st_character *all[4] = {g, t1, t2, t3};
  for (int i = 0; i < 4; i++)
    cops_st_character_free(all[i]);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *st_attack_suite(void)
{
  Suite *s = suite_create("st-attack");
  TCase *tc = tcase_create("attacks");
  tcase_add_test(tc, test_s5_3_exchange);
  tcase_add_test(tc, test_s5_4_outnumbering);
  tcase_add_test(tc, test_s5_5_shots);
  tcase_add_test(tc, test_s6_12_coup_de_grace);
  tcase_add_test(tc, test_st_a33_damage_pipeline);
  tcase_add_test(tc, test_s6_options);
  tcase_add_test(tc, test_events_and_narration);
  tcase_add_test(tc, test_all_or_nothing);
  tcase_add_test(tc, test_weapons_and_protection);
  tcase_add_test(tc, test_s6_5_long_burst);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(st_attack_suite)
