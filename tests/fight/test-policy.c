/* The policies that declare for the combatants nobody controls (docs/encounters.md,
 * "Policies"): their names, a combatant's and a side's policy, the tactical policy's
 * choices from the exact odds (C6.1, C6.2, C10.6, C10.7, C11), its determinism, and mirror
 * matches in which it wins most of the decided fights against the simple policy. */
#include <stdio.h>

#include "testutil.h"

START_TEST(test_names_and_settings)
{
  ck_assert_str_eq(cops_policy_name(COPS_POLICY_SIMPLE), "simple");
  ck_assert_str_eq(cops_policy_name(COPS_POLICY_TACTICAL), "tactical");
  ck_assert_ptr_null(cops_policy_name(COPS_POLICY_COUNT));
  ck_assert_ptr_null(cops_policy_name(-1));
  ck_assert_int_eq(cops_policy_parse("tactical"), COPS_POLICY_TACTICAL);
  ck_assert_int_eq(cops_policy_parse("simple"), COPS_POLICY_SIMPLE);
  ck_assert_int_eq(cops_policy_parse("Tactical"), COPS_EINVAL);
  ck_assert_int_eq(cops_policy_parse(NULL), COPS_EINVAL);
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  cops_scenario *s = test_scenario(c, "street-shootout");
  cops_encounter *e = cops_scenario_encounter(s);
  for (int id = 0; id < cops_encounter_count(e); id++)
    ck_assert_int_eq(cops_encounter_policy(e, id), COPS_POLICY_SIMPLE);   /* the default */
  ck_assert_int_eq(cops_encounter_set_side_policy(e, 1, COPS_POLICY_TACTICAL), COPS_OK);
  ck_assert_int_eq(cops_encounter_policy(e, 0), COPS_POLICY_SIMPLE);
  ck_assert_int_eq(cops_encounter_policy(e, 2), COPS_POLICY_TACTICAL);
  ck_assert_int_eq(cops_encounter_set_policy(e, 0, COPS_POLICY_TACTICAL), COPS_OK);
  ck_assert_int_eq(cops_encounter_policy(e, 0), COPS_POLICY_TACTICAL);
  /* Refusals change nothing. */
  ck_assert_int_eq(cops_encounter_set_policy(e, 0, 2), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "policy 2"));
  ck_assert_int_eq(cops_encounter_set_policy(e, 0, -1), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_set_policy(e, 99, COPS_POLICY_SIMPLE), COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_set_side_policy(e, COPS_SIDES_MAX, COPS_POLICY_SIMPLE),
                   COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_set_side_policy(e, 0, 7), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_policy(e, 0), COPS_POLICY_TACTICAL);
  ck_assert_int_eq(cops_encounter_policy(e, 99), COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_policy(NULL, 0), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_set_policy(NULL, 0, 0), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_set_side_policy(NULL, 0, 0), COPS_EINVAL);
  /* A reset keeps the policies (they are settings, not the fight's state). */
  ck_assert_int_eq(cops_scenario_reset(s), COPS_OK);
  ck_assert_int_eq(cops_encounter_policy(e, 0), COPS_POLICY_TACTICAL);
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

/* In the street shootout Tito (id 3) bursts with his Scorpion by the simple policy. With
 * one shot a round (CT 1), the tactical policy's choice of target, shot or burst is the one
 * whose exact odds (cops_encounter_odds) put an enemy down most likely, at the attitude and
 * initiative it chose. */
START_TEST(test_tactical_weighs_the_odds)
{
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  cops_scenario *s = test_scenario(c, "street-shootout");
  cops_encounter *e = cops_scenario_encounter(s);
  int hand;
  ck_assert_int_eq(cops_encounter_hand(e, 3, &hand), COPS_OK);
  ck_assert_int_eq(cops_weapon_set(cops_encounter_weapon_at(e, 3, hand), COPS_WEAPON_CT, 1),
                   COPS_OK);
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  cops_declaration simple, tactical;
  cops_declaration_init(&simple, COPS_ACT_WAIT);
  cops_declaration_init(&tactical, COPS_ACT_WAIT);
  ck_assert_int_eq(cops_encounter_suggest(e, 3, &simple), COPS_OK);
  ck_assert_int_eq(simple.action, COPS_ACT_BURST);
  ck_assert_int_eq(cops_encounter_set_policy(e, 3, COPS_POLICY_TACTICAL), COPS_OK);
  ck_assert_int_eq(cops_encounter_suggest(e, 3, &tactical), COPS_OK);   /* its own policy */
  ck_assert(tactical.action == COPS_ACT_SHOOT || tactical.action == COPS_ACT_BURST);
  ck_assert_int_eq(tactical.shots, 1);
  cops_attack_odds *o;
  ck_assert_int_eq(cops_attack_odds_new(&o, c), COPS_OK);
  double chosen, dead;
  ck_assert_int_eq(cops_encounter_odds(e, 3, &tactical, o), COPS_OK);
  cops_attack_odds_down(o, &chosen, &dead);
  int alternatives = 0;
  for (int target = 0; target < 2; target++)   /* the two cops */
    for (int action = COPS_ACT_SHOOT; action <= COPS_ACT_BURST; action++) {
      cops_declaration other = tactical;
      other.target = target;
      other.action = action;
      other.moving = 0;
      double down;
      ck_assert_int_eq(cops_encounter_odds(e, 3, &other, o), COPS_OK);
      cops_attack_odds_down(o, &down, &dead);
      ck_assert_msg(chosen >= down - 1e-9, "target %d action %d: %f > the choice's %f", target,
                    action, down, chosen);
      alternatives++;
    }
  ck_assert_int_eq(alternatives, 4);
  /* The declaration it makes passes the encounter's checks, and the round resolves. */
  ck_assert_int_eq(cops_encounter_declare(e, 3, &tactical), COPS_OK);
  ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
  cops_attack_odds_free(o);
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

/* Reloading before it is too late: Tito's Scorpion 131 (CT 3, VRC 3) with one round left
 * reloads, at Planqué, rather than fire the one shot; with two it fires both. */
START_TEST(test_tactical_reloads_early)
{
  for (int loaded = 1; loaded <= 2; loaded++) {
    cops_ctx *c;
    ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
    ck_assert_int_eq(cops_ctx_seed(c, 2030), COPS_OK);   /* Tito acts before he is hit */
    cops_scenario *s = test_scenario(c, "street-shootout");
    cops_encounter *e = cops_scenario_encounter(s);
    int hand;
    ck_assert_int_eq(cops_encounter_hand(e, 3, &hand), COPS_OK);
    ck_assert_int_eq(cops_weapon_set(cops_encounter_weapon_at(e, 3, hand), COPS_WEAPON_LOADED,
                                     loaded), COPS_OK);
    ck_assert_int_eq(cops_encounter_set_side_policy(e, 1, COPS_POLICY_TACTICAL), COPS_OK);
    ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
    cops_declaration d;
    cops_declaration_init(&d, COPS_ACT_WAIT);
    ck_assert_int_eq(cops_encounter_suggest(e, 3, &d), COPS_OK);
    if (loaded == 1) {
      ck_assert_int_eq(d.action, COPS_ACT_RELOAD);
      ck_assert_int_eq(d.attitude, COPS_PLANQUE);
    } else {
      ck_assert_int_eq(d.action, COPS_ACT_SHOOT);
      ck_assert_int_eq(d.shots, 2);
    }
    ck_assert_int_eq(cops_encounter_declare(e, 3, &d), COPS_OK);
    ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
    int left;
    ck_assert_int_eq(cops_weapon_get(cops_encounter_weapon_at(e, 3, hand), COPS_WEAPON_LOADED,
                                     &left), COPS_OK);
    ck_assert_int_eq(left, loaded == 1 ? 30 : 0);
    cops_scenario_free(s);
    cops_ctx_free(c);
  }
}
END_TEST

/* Backing off by a range band (C6.3, C10.2): Rico's shotgun has a range of 15 m. 15 m from
 * Rico, who stands and shoots from there, the simple policy stands; the tactical one steps
 * 5 m back, into the shotgun's farther band, and shoots from there (Rico's shot is declared
 * where everyone stands: C6). 12 m away, it closes in instead (a step into Mike's own
 * better band). */
START_TEST(test_tactical_backs_off)
{
  for (int k = 0; k < 2; k++) {
    cops_ctx *c;
    ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
    ck_assert_int_eq(cops_ctx_seed(c, 2030), COPS_OK);
    cops_scenario *s = test_scenario(c, "street-shootout");
    cops_encounter *e = cops_scenario_encounter(s);
    for (int g = 1; g < 4; g++)   /* the others far away: Mike against Rico alone */
      ck_assert_int_eq(cops_encounter_set_position(e, g, 500 + 3 * g, 500), COPS_OK);
    ck_assert_int_eq(cops_encounter_set_position(e, 4, k ? 12 : 15, 0), COPS_OK);
    ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
    cops_declaration d;
    cops_declaration_init(&d, COPS_ACT_WAIT);
    ck_assert_int_eq(cops_encounter_suggest(e, 0, &d), COPS_OK);
    ck_assert_int_ge(d.x, 0);   /* the simple policy stands or closes in: never backs off */
    ck_assert_int_eq(cops_encounter_set_policy(e, 0, COPS_POLICY_TACTICAL), COPS_OK);
    ck_assert_int_eq(cops_encounter_suggest(e, 0, &d), COPS_OK);
    ck_assert_int_eq(d.action, COPS_ACT_SHOOT);
    ck_assert_int_eq(d.target, 4);
    ck_assert_int_eq(d.moving, 1);
    ck_assert_int_eq(d.x, k ? 5 : -5);
    ck_assert_int_eq(d.y, 0);
    cops_scenario_free(s);
    cops_ctx_free(c);
  }
}
END_TEST

/* First aid when it pays (C8.4, C8.5): Sarah is dying beside Mike. With the gang 200 m away
 * (no threat, nothing to shoot) the simple policy walks toward them, the tactical one steps
 * to her and stabilises her bare-handed, at Ultra-violent for the dice (C6.1); 40 m away,
 * under the gang's fire, from under cover (Planqué); 15 m away, its shot gains more. */
START_TEST(test_tactical_first_aid)
{
  static const struct {
    int far, action, attitude;
  } cases[] = {{200, COPS_ACT_FIRST_AID, COPS_ULTRA_VIOLENT}, {40, COPS_ACT_FIRST_AID, COPS_PLANQUE},
               {15, COPS_ACT_SHOOT, COPS_PLANQUE}};
  for (int k = 0; k < 3; k++) {
    cops_ctx *c;
    ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
    ck_assert_int_eq(cops_ctx_seed(c, 2030), COPS_OK);
    cops_scenario *s = test_scenario(c, "street-shootout");
    cops_encounter *e = cops_scenario_encounter(s);
    for (int g = 2; g < 5; g++)
      ck_assert_int_eq(cops_encounter_set_position(e, g, cases[k].far + g, 0), COPS_OK);
    ck_assert_int_eq(cops_character_set_hp(cops_encounter_character(e, 1), -3), COPS_OK);
    ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
    cops_declaration d;
    cops_declaration_init(&d, COPS_ACT_WAIT);
    ck_assert_int_eq(cops_encounter_suggest(e, 0, &d), COPS_OK);
    ck_assert_int_ne(d.action, COPS_ACT_FIRST_AID);   /* the simple policy never helps */
    ck_assert_int_eq(cops_encounter_set_side_policy(e, 0, COPS_POLICY_TACTICAL), COPS_OK);
    ck_assert_int_eq(cops_encounter_suggest(e, 0, &d), COPS_OK);
    ck_assert_int_eq(d.action, cases[k].action);
    ck_assert_int_eq(d.attitude, cases[k].attitude);
    if (d.action == COPS_ACT_FIRST_AID) {
      ck_assert_int_eq(d.target, 1);
      ck_assert_int_eq(d.difficulty, 3);
      ck_assert_int_eq(d.moving, 1);   /* 3 m away: a step into reach */
      ck_assert_int_eq(cops_encounter_declare(e, 0, &d), COPS_OK);
      ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
      int events = cops_log_count(cops_encounter_log(e)), aid = 0;
      for (int i = 0; i < events; i++) {
        cops_event ev;
        memset(&ev, 0, sizeof ev);
        ev.size = sizeof ev;
        ck_assert_int_eq(cops_log_event(cops_encounter_log(e), i, &ev), COPS_OK);
        aid += ev.type == COPS_EV_ROLL && ev.purpose == COPS_PURPOSE_FIRST_AID &&
               ev.actor_id == 0 && ev.target_id == 1;
      }
      ck_assert_int_eq(aid, 1);   /* rolled: in reach after the step */
    }
    cops_scenario_free(s);
    cops_ctx_free(c);
  }
}
END_TEST

/* The same seed, the same fight: tactical choices draw no die, and what the policy keeps
 * from fight to fight (its odds) never changes a choice. Fights played one after the other
 * in one encounter, reset between, are each the fight a fresh encounter plays with its seed,
 * under both rulesets. */
static char *fight_log(cops_ctx *c, cops_scenario *s, int ruleset, uint64_t seed)
{
  cops_encounter *e = cops_scenario_encounter(s);
  ck_assert_int_eq(cops_scenario_reset(s), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_ruleset(e, ruleset), COPS_OK);
  for (int side = 0; side < 2; side++)
    ck_assert_int_eq(cops_encounter_set_side_policy(e, side, COPS_POLICY_TACTICAL), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(c, seed), COPS_OK);
  ck_assert_msg(cops_scenario_run(s) == COPS_OK, "%s", cops_ctx_errmsg(c));
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), 0, &text), COPS_OK);
  return text;
}

/* scripts/mirror.py's 4 v 4: the same four on both sides, 15 m apart. */
static cops_scenario *four_v_four(cops_ctx *c)
{
  static const char *const sheet[] = {"mike", "sarah", "joe", "mike"};
  static const char *const weapon[] = {"vulcan-051", "scorpion-131", "remington-162",
                                       "vulcan-051"};
  char text[4096];
  int at = snprintf(text, sizeof text, "{\"schema\": 1, \"name\": \"4 v 4\", \"combatants\": [");
  for (int k = 0; k < 8; k++)
    at += snprintf(text + at, sizeof text - (size_t)at,
                   "%s{\"sheet\": \"../sheets/%s.json\", \"side\": \"%s\", \"position\": [%d, %d], "
                   "\"weapons\": [\"../weapons/%s.json\"]%s}", k ? ", " : "", sheet[k % 4],
                   k < 4 ? "A" : "B", k < 4 ? 0 : 15, 2 * (k % 4), weapon[k % 4],
                   k % 2 ? "" : ", \"armour\": \"../armour/gilet-pare-balles.json\"");
  snprintf(text + at, sizeof text - (size_t)at, "]}");
  cops_scenario *s;
  ck_assert_msg(cops_scenario_from_json(&s, c, text, SCENARIOS_DIR) == COPS_OK, "%s",
                cops_ctx_errmsg(c));
  return s;
}

static cops_scenario *named(cops_ctx *c, const char *name)
{
  return name ? test_scenario(c, name) : four_v_four(c);
}

START_TEST(test_tactical_is_deterministic)
{
  static const char *const names[] = {"street-shootout", "bar-brawl", "covering-fire-standoff",
                                      NULL};
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
    for (int ruleset = COPS_RULES_CORE; ruleset <= COPS_RULES_ALTERNATIVE; ruleset++) {
      cops_ctx *c;
      ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
      cops_scenario *kept = named(c, names[k]);
      for (uint64_t seed = 1; seed <= 6; seed++) {
        char *again = fight_log(c, kept, ruleset, seed);
        cops_scenario *fresh = named(c, names[k]);
        char *first = fight_log(c, fresh, ruleset, seed);
        ck_assert_msg(strcmp(first, again) == 0, "%s, ruleset %d, seed %llu: another fight",
                      names[k] ? names[k] : "4 v 4", ruleset, (unsigned long long)seed);
        ck_assert_ptr_nonnull(strstr(first, "\"policy\":\"tactical\""));
        cops_free(first);
        cops_free(again);
        cops_scenario_free(fresh);
      }
      cops_scenario_free(kept);
      cops_ctx_free(c);
    }
}
END_TEST

/* An allocator that hands out blocks full of 0xA5 and remembers the largest. */
struct filled {
  unsigned char *big;
  size_t big_size;
};

static void *filled_alloc(void *user, size_t n)
{
  struct filled *f = user;
  unsigned char *p = malloc(n);
  if (p) {
    memset(p, 0xA5, n);
    if (n > f->big_size) {
      f->big = p;
      f->big_size = n;
    }
  }
  return p;
}

static void *filled_realloc(void *user, void *p, size_t n)
{
  (void)user;
  return realloc(p, n);
}

static void filled_free(void *user, void *p)
{
  struct filled *f = user;
  if (p == f->big) {
    f->big = NULL;
    f->big_size = 0;
  }
  free(p);
}

/* What the policy keeps is taken when it first plays and written only where entries are
 * made (docs/encounters.md, "Policies"): of its 14.5 MB, one fight writes a small part, and
 * memory that comes dirty plays the same fight as memory that comes clean. */
START_TEST(test_tactical_writes_what_it_keeps)
{
  struct filled f = {NULL, 0};
  const cops_allocator a = {sizeof a, filled_alloc, filled_realloc, filled_free, &f};
  cops_ctx *dirty, *clean;
  ck_assert_int_eq(cops_ctx_new_with_allocator(&dirty, &a), COPS_OK);
  ck_assert_int_eq(cops_ctx_new(&clean), COPS_OK);
  cops_scenario *s = named(dirty, "street-shootout"), *t = named(clean, "street-shootout");
  char *played = fight_log(dirty, s, COPS_RULES_CORE, 7);
  char *expected = fight_log(clean, t, COPS_RULES_CORE, 7);
  ck_assert_str_eq(played, expected);
  ck_assert_uint_gt(f.big_size, 8u << 20);   /* the policy's tables */
  size_t pages = f.big_size / 4096, written = 0;
  for (size_t k = 0; k < pages; k++) {
    const unsigned char *page = f.big + k * 4096;
    size_t i = 0;
    while (i < 4096 && page[i] == 0xA5)
      i++;
    written += i < 4096;
  }
  ck_assert_msg(written > 0 && written * 4 < pages, "%zu of %zu pages written", written, pages);
  cops_free(played);
  cops_free(expected);
  cops_scenario_free(s);
  cops_scenario_free(t);
  cops_ctx_free(dirty);
  cops_ctx_free(clean);
}
END_TEST

/* What the policy keeps is found again: the same fight played a second time in the same
 * encounter (the scenario reset, the same seed) finds every best attack, threat and choice it
 * kept, by the tag in its set's state (lib/fight/tactical-keys.c), and writes none of its
 * tables: a lookup that missed would make its entry again in the other way of its set. */
START_TEST(test_tactical_finds_what_it_kept)
{
  struct filled f = {NULL, 0};
  const cops_allocator a = {sizeof a, filled_alloc, filled_realloc, filled_free, &f};
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new_with_allocator(&c, &a), COPS_OK);
  cops_scenario *s = named(c, "street-shootout");
  char *first = fight_log(c, s, COPS_RULES_CORE, 7);
  ck_assert_uint_gt(f.big_size, 8u << 20);   /* the policy's tables */
  const unsigned char *tables = f.big;
  const size_t size = f.big_size;
  unsigned char *then = malloc(size);
  ck_assert_ptr_nonnull(then);
  memcpy(then, tables, size);
  char *second = fight_log(c, s, COPS_RULES_CORE, 7);
  ck_assert_str_eq(first, second);
  ck_assert_ptr_eq(f.big, tables);   /* the same encounter's */
  size_t changed = 0;
  for (size_t k = 0; k < size; k += 4096)
    changed += memcmp(then + k, tables + k, size - k < 4096 ? size - k : 4096) != 0;
  /* at most the page of the tactics check's sample count (-Dtactics_check=true) */
  ck_assert_msg(changed <= 1, "%zu pages of the tables written again", changed);
  free(then);
  cops_free(first);
  cops_free(second);
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

/* What the policy keeps follows what the caller changes between two fights: a weapon, a
 * characteristic, an armour changed in place give the fight a fresh encounter with the same changes
 * plays, not the one before them (each change makes it another fight). */
static void change(cops_encounter *e, int what)
{
  int hand;
  switch (what) {
  case 0:   /* the gang's first shooter's weapon: PU 1 */
    ck_assert_int_eq(cops_encounter_hand(e, 2, &hand), COPS_OK);
    ck_assert_int_eq(cops_weapon_set(cops_encounter_weapon_at(e, 2, hand), COPS_WEAPON_PU, 1),
                     COPS_OK);
    break;
  case 1:   /* Mike's Coordination at its lowest */
    ck_assert_int_eq(cops_character_set_characteristic(cops_encounter_character(e, 0),
                                                       COPS_COORDINATION, 1), COPS_OK);
    break;
  default:  /* the cops' vest: nothing on the torso */
    ck_assert_int_eq(cops_armour_set((cops_armour *)cops_encounter_armour(e, 0),
                                     COPS_LOC_TORSO, 0, 0), COPS_OK);
    break;
  }
}

START_TEST(test_tactical_follows_changes)
{
  for (int ruleset = COPS_RULES_CORE; ruleset <= COPS_RULES_ALTERNATIVE; ruleset++)
    for (int what = 0; what < 3; what++) {
      cops_ctx *c;
      ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
      cops_scenario *kept = test_scenario(c, "street-shootout");
      char *before = fight_log(c, kept, ruleset, 2030);
      change(cops_scenario_encounter(kept), what);
      char *after = fight_log(c, kept, ruleset, 2030);
      cops_scenario *fresh = test_scenario(c, "street-shootout");
      change(cops_scenario_encounter(fresh), what);
      char *first = fight_log(c, fresh, ruleset, 2030);
      ck_assert_msg(strcmp(first, after) == 0, "ruleset %d, change %d: another fight", ruleset,
                    what);
      ck_assert_msg(strcmp(before, after) != 0, "ruleset %d, change %d changes nothing",
                    ruleset, what);
      cops_free(before);
      cops_free(after);
      cops_free(first);
      cops_scenario_free(fresh);
      cops_scenario_free(kept);
      cops_ctx_free(c);
    }
}
END_TEST

/* The declaration events say who declared (docs/events.md): the tactical policy with the
 * odds it weighed for an attack, none for a choice it left to the simple policy; the simple
 * policy's and the caller's as in 0.16 (no policy, no odds in JSON). */
START_TEST(test_declarations_say_who_and_why)
{
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  cops_scenario *s = test_scenario(c, "street-shootout");
  cops_encounter *e = cops_scenario_encounter(s);
  ck_assert_int_eq(cops_encounter_set_side_policy(e, 1, COPS_POLICY_TACTICAL), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(e, 1, 1), COPS_OK);
  ck_assert_int_eq(cops_encounter_seed(e, 2030), COPS_OK);
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  cops_declaration d;
  cops_declaration_init(&d, COPS_ACT_WAIT);
  ck_assert_int_eq(cops_encounter_declare(e, 1, &d), COPS_OK);
  ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
  const cops_log *log = cops_encounter_log(e);
  int seen[5] = {0};
  for (int i = 0; i < cops_log_count(log); i++) {
    cops_event ev;
    cops_event_init(&ev);
    ck_assert_int_eq(cops_log_event(log, i, &ev), COPS_OK);
    if (ev.type != COPS_EV_DECLARE) {
      ck_assert_int_eq(ev.policy, -1);
      continue;
    }
    seen[ev.actor_id]++;
    if (ev.actor_id == 0)
      ck_assert_int_eq(ev.policy, COPS_POLICY_SIMPLE);
    else if (ev.actor_id == 1)
      ck_assert_int_eq(ev.policy, -1);   /* the caller's */
    else
      ck_assert_int_eq(ev.policy, COPS_POLICY_TACTICAL);
    if (ev.policy != COPS_POLICY_TACTICAL) {
      ck_assert_int_eq(ev.odds_down, -1);
      continue;
    }
    ck_assert(ev.action == COPS_ACT_SHOOT || ev.action == COPS_ACT_BURST);
    ck_assert_int_ge(ev.odds_down, 1);
    ck_assert_int_le(ev.odds_down, 1000);
    ck_assert_int_ge(ev.odds_first, 0);
    ck_assert_int_le(ev.odds_first, 1000);
    ck_assert_int_ge(ev.odds_risk, 0);
    ck_assert_int_le(ev.odds_risk, 1000);
  }
  for (int id = 0; id < 5; id++)
    ck_assert_int_eq(seen[id], 1);
  char *text;
  ck_assert_int_eq(cops_log_to_jsonl(log, 0, &text), COPS_OK);
  ck_assert_ptr_nonnull(strstr(text, "\"policy\":\"tactical\",\"odds\":{\"down\":0."));
  ck_assert_ptr_null(strstr(text, "\"policy\":\"simple\""));
  cops_free(text);
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

/* A save keeps each combatant's policy (absent: simple): the fight resumed from it goes on as
 * the one that was saved; a save naming no policy is refused, naming the field. */
START_TEST(test_saves_keep_the_policies)
{
  cops_ctx *c1, *c2;
  ck_assert_int_eq(cops_ctx_new(&c1), COPS_OK);
  ck_assert_int_eq(cops_ctx_new(&c2), COPS_OK);
  cops_scenario *s = test_scenario(c1, "street-shootout");
  cops_encounter *e = cops_scenario_encounter(s);
  ck_assert_int_eq(cops_encounter_set_side_policy(e, 1, COPS_POLICY_TACTICAL), COPS_OK);
  ck_assert_int_eq(cops_encounter_seed(e, 2030), COPS_OK);
  ck_assert_int_eq(cops_encounter_run_round(e), COPS_OK);
  char *save;
  ck_assert_int_eq(cops_encounter_save(e, &save), COPS_OK);
  ck_assert_ptr_nonnull(strstr(save, "\"policy\": \"tactical\""));
  cops_encounter *r;
  ck_assert_msg(cops_encounter_load(&r, c2, save) == COPS_OK, "%s", cops_ctx_errmsg(c2));
  for (int id = 0; id < cops_encounter_count(e); id++)
    ck_assert_int_eq(cops_encounter_policy(r, id), cops_encounter_policy(e, id));
  const int from = cops_log_count(cops_encounter_log(e));
  ck_assert_int_eq(cops_encounter_run(e), COPS_OK);
  ck_assert_int_eq(cops_encounter_run(r), COPS_OK);
  char *rest, *resumed;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), from, &rest), COPS_OK);
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(r), 0, &resumed), COPS_OK);
  ck_assert_str_eq(rest, resumed);
  /* A policy the library does not know: refused, the field named. */
  char *bad = strstr(save, "\"policy\": \"tactical\"");
  memcpy(bad + 11, "clever\"  ", 9);
  cops_encounter *none = (cops_encounter *)&bad;
  ck_assert_int_eq(cops_encounter_load(&none, c2, save), COPS_EJSON);
  ck_assert_ptr_null(none);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c2), ".policy: expected"));
  cops_free(rest);
  cops_free(resumed);
  cops_free(save);
  cops_encounter_free(r);
  cops_scenario_free(s);
  cops_ctx_free(c1);
  cops_ctx_free(c2);
}
END_TEST

/* A scenario names policies (docs/scenarios.md): a combatant's own, over its side's in
 * "side_policies", over the scenario's "policy"; refusals name the field. */
START_TEST(test_scenario_policies)
{
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  char text[2048];
#define POLICY_SCENARIO(top, own)                                                         \
  snprintf(text, sizeof text,                                                             \
           "{\"schema\": 1, \"name\": \"Policies\", %s \"combatants\": ["                   \
           "{\"sheet\": \"../sheets/mike.json\", \"side\": \"COPS\"%s},"                   \
           "{\"sheet\": \"../sheets/sarah.json\", \"side\": \"COPS\"},"                    \
           "{\"sheet\": \"../sheets/joe.json\", \"side\": \"gang\"}]}",                     \
           top, own)
  cops_scenario *s;
  POLICY_SCENARIO("", "");
  ck_assert_msg(cops_scenario_from_json(&s, c, text, SCENARIOS_DIR) == COPS_OK, "%s",
                cops_ctx_errmsg(c));
  for (int id = 0; id < 3; id++)
    ck_assert_int_eq(cops_encounter_policy(cops_scenario_encounter(s), id), COPS_POLICY_SIMPLE);
  cops_scenario_free(s);
  POLICY_SCENARIO("\"policy\": \"tactical\", \"side_policies\": {\"COPS\": \"simple\"},",
                  ", \"policy\": \"tactical\"");
  ck_assert_msg(cops_scenario_from_json(&s, c, text, SCENARIOS_DIR) == COPS_OK, "%s",
                cops_ctx_errmsg(c));
  cops_encounter *e = cops_scenario_encounter(s);
  ck_assert_int_eq(cops_encounter_policy(e, 0), COPS_POLICY_TACTICAL);   /* its own */
  ck_assert_int_eq(cops_encounter_policy(e, 1), COPS_POLICY_SIMPLE);     /* its side's */
  ck_assert_int_eq(cops_encounter_policy(e, 2), COPS_POLICY_TACTICAL);   /* the scenario's */
  ck_assert_int_eq(cops_scenario_reset(s), COPS_OK);
  ck_assert_int_eq(cops_encounter_policy(e, 1), COPS_POLICY_SIMPLE);
  cops_scenario_free(s);
  static const struct {
    const char *top, *own, *message;
  } bad[] = {
    {"\"policy\": \"clever\",", "", "policy: \"simple\" or \"tactical\""},
    {"\"policy\": 1,", "", "policy: \"simple\" or \"tactical\""},
    {"\"side_policies\": {\"cartel\": \"tactical\"},", "", "side_policies.cartel: no combatant"},
    {"\"side_policies\": {\"gang\": \"smart\"},", "", "side_policies.gang: \"simple\""},
    {"\"side_policies\": [\"gang\"],", "", "side_policies: expected an object"},
    {"", ", \"policy\": null", "combatants[0].policy: \"simple\" or \"tactical\""},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    POLICY_SCENARIO(bad[k].top, bad[k].own);
    s = (cops_scenario *)&text;
    ck_assert_int_eq(cops_scenario_from_json(&s, c, text, SCENARIOS_DIR), COPS_EJSON);
    ck_assert_ptr_null(s);
    ck_assert_msg(strstr(cops_ctx_errmsg(c), bad[k].message), "case %zu: %s", k,
                  cops_ctx_errmsg(c));
  }
  cops_ctx_free(c);
}
END_TEST

/* While the policies declare, a choice weighs what each enemy declared before it in the same
 * round, not what that enemy was expected to do when an earlier choice looked at it. Cops 0
 * and 2 (tactical) and 3 (the caller's) against the ganger 1 (tactical), who declares after
 * 0 has weighed it and before 2 does: what 1 declares depends on whether 3 shoots at it,
 * which 2's choice does not read otherwise. Each round is played twice from one checkpoint,
 * 3 shooting at 1 or waiting, and every declaration is the one cops_encounter_suggest()
 * gives in the same order, each declared before the next is asked (outside a round's
 * declarations the policy keeps nothing of the combatants between calls). */
static cops_encounter *three_cops(cops_ctx *c, int ruleset, cops_character **chs,
                                  cops_weapon **ws)
{
  cops_encounter *e;
  ck_assert_int_eq(cops_encounter_new(&e, c, ruleset), COPS_OK);
  for (int i = 0; i < 4; i++) {
    cops_character *ch;
    cops_weapon *w;
    int id;
    ck_assert_int_eq(cops_character_new(&ch, c), COPS_OK);
    ck_assert_int_eq(cops_weapon_new(&w, c, COPS_HANDGUN, "Vulcan 051"), COPS_OK);
    ck_assert_int_eq(cops_character_set_name(ch, i == 1 ? "Ganger" : "Cop"), COPS_OK);
    for (int k = COPS_CARRURE; k <= COPS_SANG_FROID; k++)
      ck_assert_int_eq(cops_character_set_characteristic(ch, k, 3), COPS_OK);
    ck_assert_int_eq(cops_character_set_hp(ch, i == 1 ? 29 : 20 + i), COPS_OK);
    ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_DE_POING, i == 1 ? 7 : 4, NULL),
                     COPS_OK);
    ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_RANGE, 20), COPS_OK);
    ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 12), COPS_OK);
    ck_assert_int_eq(cops_weapon_set(w, COPS_WEAPON_LOADED, 12), COPS_OK);
    ck_assert_int_eq(cops_encounter_add(e, ch, i == 1, i == 1 ? 12 : 0, 3 * i, &id), COPS_OK);
    ck_assert_int_eq(cops_encounter_give_weapon(e, id, w), COPS_OK);
    ck_assert_int_eq(cops_encounter_set_policy(e, id, COPS_POLICY_TACTICAL), COPS_OK);
    chs[i] = ch;   /* the caller's: the encounter borrows them */
    ws[i] = w;
  }
  ck_assert_int_eq(cops_encounter_set_controlled(e, 3, 1), COPS_OK);
  return e;
}

static int same_declaration(const cops_declaration *a, const cops_declaration *b)
{
  return a->action == b->action && a->target == b->target && a->attitude == b->attitude &&
         a->initiative == b->initiative && a->shots == b->shots && a->moving == b->moving &&
         (!a->moving || (a->x == b->x && a->y == b->y));
}

/* The round begun, 3's declaration when it can act: a shot at 1, or waiting. */
static void declare_three(cops_ctx *c, cops_encounter *e, int shoots)
{
  cops_declaration d;
  cops_declaration_init(&d, shoots ? COPS_ACT_SHOOT : COPS_ACT_WAIT);
  if (shoots)
    d.target = 1;
  int can;
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  ck_assert_int_eq(cops_encounter_able(e, 3, &can), COPS_OK);
  if (can)
    ck_assert_msg(cops_encounter_declare(e, 3, &d) == COPS_OK, "%s", cops_ctx_errmsg(c));
}

START_TEST(test_tactical_reads_this_rounds_declarations)
{
  int compared = 0, reacts = 0;
  for (int ruleset = COPS_RULES_CORE; ruleset <= COPS_RULES_ALTERNATIVE; ruleset++)
    for (uint64_t seed = 1; seed <= 12; seed++) {
      cops_ctx *c;
      ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
      cops_character *chs[4];
      cops_weapon *ws[4];
      cops_encounter *e = three_cops(c, ruleset, chs, ws);
      ck_assert_int_eq(cops_encounter_seed(e, seed), COPS_OK);
      cops_encounter_set_logging(e, 0);
      while (!cops_encounter_over(e) && cops_encounter_round(e) < 20) {
        cops_checkpoint *cp;
        ck_assert_int_eq(cops_encounter_checkpoint(e, &cp), COPS_OK);
        cops_declaration ganger[2];
        for (int shoots = 1; shoots >= 0; shoots--) {
          ck_assert_int_eq(cops_encounter_rollback(e, cp), COPS_OK);
          cops_declaration want[3];
          int acts[3];
          declare_three(c, e, shoots);
          for (int id = 0; id < 3; id++) {
            cops_declaration_init(&want[id], COPS_ACT_WAIT);
            acts[id] = cops_encounter_suggest(e, id, &want[id]) == COPS_OK;
            if (acts[id])
              ck_assert_msg(cops_encounter_declare(e, id, &want[id]) == COPS_OK, "%s",
                            cops_ctx_errmsg(c));
          }
          ganger[shoots] = want[1];
          ck_assert_int_eq(cops_encounter_rollback(e, cp), COPS_OK);
          declare_three(c, e, shoots);
          ck_assert_msg(cops_encounter_resolve_round(e) == COPS_OK, "%s", cops_ctx_errmsg(c));
          for (int id = 0; id < 3; id++) {
            if (!acts[id])
              continue;
            cops_declaration got;
            cops_declaration_init(&got, COPS_ACT_WAIT);
            ck_assert_int_eq(cops_encounter_declaration(e, id, &got), COPS_OK);
            ck_assert_msg(same_declaration(&got, &want[id]),
                          "ruleset %d, seed %llu, round %d, 3 %s, id %d: %s at %d, attitude %d, "
                          "initiative %d, where %s at %d, attitude %d, initiative %d", ruleset,
                          (unsigned long long)seed, cops_encounter_round(e),
                          shoots ? "shooting" : "waiting", id,
                          cops_encounter_action_name(got.action), got.target, got.attitude,
                          got.initiative, cops_encounter_action_name(want[id].action),
                          want[id].target, want[id].attitude, want[id].initiative);
            compared++;
          }
        }
        reacts += !same_declaration(&ganger[0], &ganger[1]);
        cops_checkpoint_free(cp);   /* the round with 3 waiting goes on */
      }
      cops_encounter_free(e);
      for (int i = 0; i < 4; i++) {
        cops_character_free(chs[i]);
        cops_weapon_free(ws[i]);
      }
      cops_ctx_free(c);
    }
  ck_assert_int_gt(compared, 200);
  ck_assert_int_gt(reacts, 10);   /* the ganger's choice does turn on 3's shot */
}
END_TEST

/* Mirror matches (docs/simulation.md, "Policies"): each scenario played with one side under
 * the tactical policy and the other under the simple one, then the sides swapped, the same
 * seeds each way: the tactical side wins at least 60 % of the decided fights, under both
 * rulesets. */
static void mirror(const char *name, int ruleset, int runs, int *won, int *decided)
{
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  cops_scenario *s = test_scenario(c, name);
  cops_encounter *e = cops_scenario_encounter(s);
  for (int side = 0; side < 2; side++)
    for (int r = 0; r < runs; r++) {
      ck_assert_int_eq(cops_scenario_reset(s), COPS_OK);
      ck_assert_int_eq(cops_encounter_set_ruleset(e, ruleset), COPS_OK);
      cops_encounter_set_logging(e, 0);
      ck_assert_int_eq(cops_encounter_set_side_policy(e, side, COPS_POLICY_TACTICAL), COPS_OK);
      ck_assert_int_eq(cops_encounter_set_side_policy(e, 1 - side, COPS_POLICY_SIMPLE), COPS_OK);
      ck_assert_int_eq(cops_ctx_seed(c, (uint64_t)r + 1), COPS_OK);
      ck_assert_msg(cops_scenario_run(s) == COPS_OK, "%s: %s", name, cops_ctx_errmsg(c));
      int w;
      ck_assert_int_eq(cops_encounter_get_winner(e, &w), COPS_OK);
      if (w >= 0) {
        ++*decided;
        *won += w == side;
      }
    }
  cops_scenario_free(s);
  cops_ctx_free(c);
}

START_TEST(test_mirror_matches)
{
  static const char *const names[] = {"street-shootout", "bar-brawl", "covering-fire-standoff"};
  for (int ruleset = COPS_RULES_CORE; ruleset <= COPS_RULES_ALTERNATIVE; ruleset++) {
    int won = 0, decided = 0;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
      mirror(names[k], ruleset, 200, &won, &decided);
    ck_assert_int_gt(decided, 600);
    ck_assert_msg(won * 100 >= decided * 60, "ruleset %d: the tactical policy won %d of %d",
                  ruleset, won, decided);
  }
}
END_TEST

static Suite *policy_suite(void)
{
  Suite *s = suite_create("policy");
  TCase *tc = tcase_create("policy");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, test_names_and_settings);
  tcase_add_test(tc, test_tactical_weighs_the_odds);
  tcase_add_test(tc, test_tactical_reloads_early);
  tcase_add_test(tc, test_tactical_first_aid);
  tcase_add_test(tc, test_tactical_backs_off);
  tcase_add_test(tc, test_tactical_is_deterministic);
  tcase_add_test(tc, test_tactical_writes_what_it_keeps);
  tcase_add_test(tc, test_tactical_finds_what_it_kept);
  tcase_add_test(tc, test_tactical_follows_changes);
  tcase_add_test(tc, test_tactical_reads_this_rounds_declarations);
  tcase_add_test(tc, test_declarations_say_who_and_why);
  tcase_add_test(tc, test_saves_keep_the_policies);
  tcase_add_test(tc, test_scenario_policies);
  suite_add_tcase(s, tc);
  TCase *mirror = tcase_create("mirror");
  tcase_set_timeout(mirror, 900);
  tcase_add_test(mirror, test_mirror_matches);
  suite_add_tcase(s, mirror);
  return s;
}
TEST_MAIN(policy_suite)
