/* What a tabletop needs of a fight (docs/encounters.md, "Tabletops"): the caller's tags in
 * events, states, snapshots, saves and scenarios; a combatant's state with scripted dice;
 * the snapshot against the states; checkpoints rolled back over many seeds and both
 * rulesets, the fight going on byte for byte as the uninterrupted one (48 fights, each round
 * compared by its own events: the test command runs it under valgrind too). */
#include <jansson.h>
#include <stdio.h>

#include "testutil.h"

static cops_ctx *open_ctx(uint64_t seed)
{
  cops_ctx *c;
  ck_assert_int_eq(cops_ctx_new(&c), COPS_OK);
  ck_assert_int_eq(cops_ctx_seed(c, seed), COPS_OK);
  return c;
}

static char *jsonl_from(const cops_encounter *e, int from)
{
  char *t = NULL;
  ck_assert_int_eq(cops_log_to_jsonl(cops_encounter_log(e), from, &t), COPS_OK);
  return t;
}

static char *jsonl(const cops_encounter *e)
{
  return jsonl_from(e, 0);
}

/* Every able combatant declares what the policy suggests, in id order, from @p first. */
static void declare_from(cops_encounter *e, int first)
{
  for (int i = first; i < cops_encounter_count(e); i++)
    if (cops_encounter_can_act(e, i) == 1) {
      cops_declaration d;
      cops_declaration_init(&d, COPS_ACT_WAIT);
      ck_assert_int_eq(cops_encounter_suggest(e, i, &d), COPS_OK);
      ck_assert_int_eq(cops_encounter_declare(e, i, &d), COPS_OK);
    }
}

static int first_able(cops_encounter *e)
{
  for (int i = 0; i < cops_encounter_count(e); i++)
    if (cops_encounter_can_act(e, i) == 1)
      return i;
  return cops_encounter_count(e);
}

/* One round: begin, declare all, resolve. */
static void round_through(cops_encounter *e)
{
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  declare_from(e, 0);
  ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
}

static int rounds_cap(cops_encounter *e)
{
  return cops_encounter_over(e) == 1 || cops_encounter_round(e) >= 30;
}

/* The fight of @p name under @p ruleset and @p seed, round by round, uninterrupted and
 * with checkpoints rolled back at every round and between declarations: the same events
 * and the same save. */
static void same_fight(const char *name, int ruleset, uint64_t seed)
{
  cops_ctx *c1 = open_ctx(seed), *c2 = open_ctx(seed);
  cops_scenario *s1 = test_scenario(c1, name), *s2 = test_scenario(c2, name);
  cops_encounter *e1 = cops_scenario_encounter(s1), *e2 = cops_scenario_encounter(s2);
  ck_assert_int_eq(cops_encounter_set_ruleset(e1, ruleset), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_ruleset(e2, ruleset), COPS_OK);
  ck_assert_int_eq(cops_encounter_seed(e1, seed), COPS_OK);
  ck_assert_int_eq(cops_encounter_seed(e2, seed), COPS_OK);
  while (!rounds_cap(e1))
    round_through(e1);
  cops_checkpoint *start;
  ck_assert_int_eq(cops_encounter_checkpoint(e2, &start), COPS_OK);
  while (!rounds_cap(e2)) {
    cops_checkpoint *before, *between;
    const int from = cops_log_count(cops_encounter_log(e2));   /* this round's events */
    ck_assert_int_eq(cops_encounter_checkpoint(e2, &before), COPS_OK);
    ck_assert_int_eq(cops_encounter_begin_round(e2), COPS_OK);
    const int first = first_able(e2);
    declare_from(e2, first < cops_encounter_count(e2) ? first : 0);
    /* A first pass with the first declaration only, rolled back. */
    ck_assert_int_eq(cops_encounter_rollback(e2, before), COPS_OK);
    ck_assert_int_eq(cops_encounter_begin_round(e2), COPS_OK);
    if (first < cops_encounter_count(e2)) {
      cops_declaration d;
      cops_declaration_init(&d, COPS_ACT_WAIT);
      ck_assert_int_eq(cops_encounter_suggest(e2, first, &d), COPS_OK);
      ck_assert_int_eq(cops_encounter_declare(e2, first, &d), COPS_OK);
    }
    ck_assert_int_eq(cops_encounter_checkpoint(e2, &between), COPS_OK);
    declare_from(e2, first + 1);
    ck_assert_int_eq(cops_encounter_resolve_round(e2), COPS_OK);
    char *once = jsonl_from(e2, from);
    /* Back between the declarations: the same round again. */
    ck_assert_int_eq(cops_encounter_rollback(e2, between), COPS_OK);
    ck_assert_int_eq(cops_encounter_phase(e2), COPS_PHASE_DECLARING);
    declare_from(e2, first + 1);
    ck_assert_int_eq(cops_encounter_resolve_round(e2), COPS_OK);
    char *twice = jsonl_from(e2, from);
    ck_assert_str_eq(once, twice);
    cops_free(twice);
    /* Back before the round: the same round again. */
    ck_assert_int_eq(cops_encounter_rollback(e2, before), COPS_OK);
    ck_assert_int_eq(cops_encounter_phase(e2), COPS_PHASE_BETWEEN_ROUNDS);
    round_through(e2);
    twice = jsonl_from(e2, from);
    ck_assert_str_eq(once, twice);
    cops_free(once);
    cops_free(twice);
    cops_checkpoint_free(before);
    cops_checkpoint_free(between);
  }
  char *a = jsonl(e1), *b = jsonl(e2), *sa, *sb;
  ck_assert_msg(strcmp(a, b) == 0, "%s seed %llu: the events differ", name,
                (unsigned long long)seed);
  /* Back to the start, the whole fight again: the same once more. */
  ck_assert_int_eq(cops_encounter_rollback(e2, start), COPS_OK);
  ck_assert_int_eq(cops_log_count(cops_encounter_log(e2)), 0);
  while (!rounds_cap(e2))
    round_through(e2);
  cops_checkpoint_free(start);
  cops_free(b);
  b = jsonl(e2);
  ck_assert_msg(strcmp(a, b) == 0, "%s seed %llu: the fight again differs", name,
                (unsigned long long)seed);
  ck_assert_int_eq(cops_encounter_save(e1, &sa), COPS_OK);
  ck_assert_int_eq(cops_encounter_save(e2, &sb), COPS_OK);
  ck_assert_str_eq(sa, sb);
  cops_free(a);
  cops_free(b);
  cops_free(sa);
  cops_free(sb);
  cops_scenario_free(s1);
  cops_scenario_free(s2);
  cops_ctx_free(c1);
  cops_ctx_free(c2);
}

START_TEST(test_rollback_gives_the_same_fight)
{
  static const char *const names[] = {"street-shootout", "bar-brawl", "covering-fire-standoff"};
  const int ruleset = _i % 2 ? COPS_RULES_ALTERNATIVE : COPS_RULES_CORE;
  for (int k = 0; k < 3; k++)
    for (uint64_t seed = 1; seed <= 8; seed++)
      same_fight(names[k], ruleset, seed + 100 * (uint64_t)_i);
}
END_TEST

/* A checkpoint goes back to its own encounter only, and not across a cleared log. */
START_TEST(test_checkpoint_refusals)
{
  cops_ctx *c = open_ctx(7);
  cops_scenario *s = test_scenario(c, "street-shootout"), *t = test_scenario(c, "bar-brawl");
  cops_encounter *e = cops_scenario_encounter(s), *f = cops_scenario_encounter(t);
  cops_checkpoint *cp;
  ck_assert_int_eq(cops_encounter_checkpoint(NULL, &cp), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_checkpoint(e, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_checkpoint(e, &cp), COPS_OK);
  ck_assert_int_eq(cops_encounter_rollback(f, cp), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "a checkpoint of another encounter"));
  ck_assert_int_eq(cops_encounter_rollback(e, NULL), COPS_EINVAL);
  round_through(e);
  ck_assert_int_eq(cops_encounter_round(e), 1);
  ck_assert_int_eq(cops_encounter_rollback(e, cp), COPS_OK);
  ck_assert_int_eq(cops_encounter_round(e), 0);
  ck_assert_int_eq(cops_log_count(cops_encounter_log(e)), 0);
  round_through(e);
  ck_assert_int_eq(cops_log_clear(cops_encounter_log(e)), COPS_OK);
  ck_assert_int_eq(cops_encounter_rollback(e, cp), COPS_ESTATE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "the log was cleared"));
  ck_assert_int_eq(cops_encounter_round(e), 1);   /* refused: nothing changed */
  cops_checkpoint_free(cp);
  cops_checkpoint_free(NULL);
  cops_scenario_free(s);
  cops_scenario_free(t);
  cops_ctx_free(c);
}
END_TEST

/* Combatants added after a checkpoint leave with a rollback; the caller's characters are
 * still its own. */
START_TEST(test_rollback_removes_later_combatants)
{
  cops_ctx *c = open_ctx(3);
  cops_encounter *e;
  cops_character *a, *b;
  ck_assert_int_eq(cops_encounter_new(&e, c, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_character_new(&a, c), COPS_OK);
  ck_assert_int_eq(cops_character_new(&b, c), COPS_OK);
  cops_character_set_name(a, "A");
  cops_character_set_name(b, "B");
  ck_assert_int_eq(cops_encounter_add(e, a, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_tag(e, 0, "tok-a"), COPS_OK);
  cops_checkpoint *cp;
  ck_assert_int_eq(cops_encounter_checkpoint(e, &cp), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, b, 1, 5, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_tag(e, 1, "tok-b"), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_tag(e, 0, "tok-a2"), COPS_OK);
  ck_assert_int_eq(cops_encounter_count(e), 2);
  ck_assert_int_eq(cops_encounter_rollback(e, cp), COPS_OK);
  ck_assert_int_eq(cops_encounter_count(e), 1);
  ck_assert_str_eq(cops_encounter_tag(e, 0), "tok-a");
  ck_assert_ptr_null(cops_encounter_tag(e, 1));
  ck_assert_int_eq(cops_encounter_find_tag(e, "tok-b"), COPS_ENOTFOUND);
  /* B may join again, as a new combatant 1. */
  ck_assert_int_eq(cops_encounter_add(e, b, 1, 5, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_tag(e, 1, "tok-b"), COPS_OK);
  cops_checkpoint_free(cp);
  cops_encounter_free(e);
  cops_character_free(a);
  cops_character_free(b);
  cops_ctx_free(c);
}
END_TEST

START_TEST(test_tags_are_checked)
{
  cops_ctx *c = open_ctx(1);
  cops_scenario *s = test_scenario(c, "street-shootout");
  cops_encounter *e = cops_scenario_encounter(s);
  char long_tag[COPS_TAG_MAX + 2];
  memset(long_tag, 'x', sizeof long_tag - 1);
  long_tag[COPS_TAG_MAX + 1] = '\0';
  ck_assert_int_eq(cops_encounter_set_tag(e, 0, long_tag), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "at most 64"));
  long_tag[COPS_TAG_MAX] = '\0';   /* exactly 64 bytes */
  ck_assert_int_eq(cops_encounter_set_tag(e, 0, long_tag), COPS_OK);
  ck_assert_str_eq(cops_encounter_tag(e, 0), long_tag);
  ck_assert_int_eq(cops_encounter_set_tag(e, 0, "\xff\xfe"), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_set_tag(e, 0, "a\nb"), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_set_tag(e, 0, "\xed\xa0\x80"), COPS_EINVAL);   /* a surrogate */
  ck_assert_str_eq(cops_encounter_tag(e, 0), long_tag);   /* refused: unchanged */
  ck_assert_int_eq(cops_encounter_set_tag(e, 1, long_tag), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "combatant 0's already"));
  ck_assert_int_eq(cops_encounter_set_tag(e, 9, "t"), COPS_ERANGE);
  ck_assert_int_eq(cops_encounter_set_tag(NULL, 0, "t"), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_set_tag(e, 1, "joueuse « Zoé »"), COPS_OK);
  ck_assert_int_eq(cops_encounter_find_tag(e, "joueuse « Zoé »"), 1);
  ck_assert_int_eq(cops_encounter_find_tag(e, ""), COPS_ENOTFOUND);
  ck_assert_int_eq(cops_encounter_find_tag(e, NULL), COPS_EINVAL);
  ck_assert_int_eq(cops_encounter_set_tag(e, 1, NULL), COPS_OK);
  ck_assert_ptr_null(cops_encounter_tag(e, 1));
  ck_assert_ptr_null(cops_encounter_tag(e, -1));
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

/* Tags in every event's JSON beside the id, in cops_event, in a save and back. */
START_TEST(test_tags_travel_with_the_combatant)
{
  cops_ctx *c = open_ctx(2030);
  cops_scenario *s = test_scenario(c, "street-shootout");
  cops_encounter *e = cops_scenario_encounter(s);
  const int n = cops_encounter_count(e);
  char tags[8][32];
  for (int i = 0; i < n; i++) {
    snprintf(tags[i], sizeof tags[i], "token-%d\"q", i);   /* a quote, escaped in JSON */
    ck_assert_int_eq(cops_encounter_set_tag(e, i, tags[i]), COPS_OK);
  }
  ck_assert_int_eq(cops_encounter_seed(e, 2030), COPS_OK);
  ck_assert_int_eq(cops_encounter_run_round(e), COPS_OK);
  char *text = jsonl(e);
  int tagged = 0;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    json_error_t err;
    json_t *j = json_loads(line, 0, &err);
    ck_assert_ptr_nonnull(j);
    const char *keys[2][2] = {{"actor_id", "actor_tag"}, {"target_id", "target_tag"}};
    for (int k = 0; k < 2; k++) {
      json_t *id = json_object_get(j, keys[k][0]);
      json_t *tag = json_object_get(j, keys[k][1]);
      if (json_is_integer(id)) {
        ck_assert_ptr_nonnull(tag);
        ck_assert_str_eq(json_string_value(tag), tags[json_integer_value(id)]);
        tagged++;
      } else {
        ck_assert_ptr_null(tag);
      }
    }
    json_decref(j);
  }
  ck_assert_int_gt(tagged, 10);
  cops_free(text);
  cops_event ev;
  cops_event_init(&ev);
  ck_assert_int_eq(cops_log_event(cops_encounter_log(e), 1, &ev), COPS_OK);
  ck_assert_int_ge(ev.actor_id, 0);
  ck_assert_str_eq(ev.actor_tag, tags[ev.actor_id]);
  /* A tag changed: the events from then on carry the new one, the earlier ones keep theirs. */
  const int before = cops_log_count(cops_encounter_log(e));
  ck_assert_int_eq(cops_encounter_set_tag(e, 0, "renamed"), COPS_OK);
  ck_assert_int_eq(cops_encounter_run_round(e), COPS_OK);
  for (int i = 0; i < cops_log_count(cops_encounter_log(e)); i++) {
    ck_assert_int_eq(cops_log_event(cops_encounter_log(e), i, &ev), COPS_OK);
    if (ev.actor_id == 0)
      ck_assert_str_eq(ev.actor_tag, i < before ? tags[0] : "renamed");
  }
  /* Saved and resumed: the tags come back and go on into the events. */
  char *saved;
  ck_assert_int_eq(cops_encounter_save(e, &saved), COPS_OK);
  ck_assert_msg(strstr(saved, "\"tag\": \"renamed\"") != NULL, "%s", saved);
  cops_encounter *r;
  ck_assert_int_eq(cops_encounter_load(&r, c, saved), COPS_OK);
  ck_assert_str_eq(cops_encounter_tag(r, 0), "renamed");
  ck_assert_str_eq(cops_encounter_tag(r, 1), tags[1]);
  if (!cops_encounter_over(r)) {
    ck_assert_int_eq(cops_encounter_run_round(r), COPS_OK);
    ck_assert_int_eq(cops_log_event(cops_encounter_log(r), 0, &ev), COPS_OK);
    if (ev.actor_id >= 0)
      ck_assert_str_eq(ev.actor_tag, ev.actor_id ? tags[ev.actor_id] : "renamed");
  }
  /* A save whose tags repeat is refused. */
  char *dup = malloc(strlen(saved) + 1);
  strcpy(dup, saved);
  static const char json_tag1[] = "token-1\\\"q";   /* tags[1] as JSON writes it */
  char *at = strstr(dup, json_tag1);
  ck_assert_ptr_nonnull(at);
  memcpy(at, "renamed", 7);
  memmove(at + 7, at + strlen(json_tag1), strlen(at + strlen(json_tag1)) + 1);
  cops_encounter *bad = NULL;
  ck_assert_int_eq(cops_encounter_load(&bad, c, dup), COPS_EJSON);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "tags combatants[0] already"));
  free(dup);
  cops_free(saved);
  cops_encounter_free(r);
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

START_TEST(test_a_scenario_tags_its_combatants)
{
  cops_ctx *c = open_ctx(1);
  cops_scenario *s = NULL;
  const char *json =
    "{\"schema\":1,\"name\":\"t\",\"combatants\":["
    "{\"sheet\":\"" SHEETS_DIR "/mike.json\",\"side\":\"a\",\"tag\":\"red-1\"},"
    "{\"sheet\":\"" SHEETS_DIR "/joe.json\",\"side\":\"b\",\"position\":[5,0]}]}";
  ck_assert_msg(cops_scenario_from_json(&s, c, json, NULL) == COPS_OK, "%s", cops_ctx_errmsg(c));
  ck_assert_str_eq(cops_encounter_tag(cops_scenario_encounter(s), 0), "red-1");
  ck_assert_ptr_null(cops_encounter_tag(cops_scenario_encounter(s), 1));
  cops_scenario_free(s);
  const char *bad =
    "{\"schema\":1,\"name\":\"t\",\"combatants\":["
    "{\"sheet\":\"" SHEETS_DIR "/mike.json\",\"side\":\"a\",\"tag\":\"\\u0007\"},"
    "{\"sheet\":\"" SHEETS_DIR "/joe.json\",\"side\":\"b\"}]}";
  ck_assert_msg(cops_scenario_from_json(&s, c, bad, NULL) == COPS_EINVAL, "%s",
                cops_ctx_errmsg(c));
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "combatants[0].tag"));
  const char *twice =
    "{\"schema\":1,\"name\":\"t\",\"combatants\":["
    "{\"sheet\":\"" SHEETS_DIR "/mike.json\",\"side\":\"a\",\"tag\":\"x\"},"
    "{\"sheet\":\"" SHEETS_DIR "/joe.json\",\"side\":\"b\",\"tag\":\"x\"}]}";
  ck_assert_int_eq(cops_scenario_from_json(&s, c, twice, NULL), COPS_EINVAL);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(c), "combatants[1].tag"));
  cops_ctx_free(c);
}
END_TEST

static cops_character *shooter(cops_ctx *c, const char *name)
{
  cops_character *ch;
  ck_assert_int_eq(cops_character_new(&ch, c), COPS_OK);
  cops_character_set_name(ch, name);
  cops_character_set_characteristic(ch, COPS_CARRURE, 3);
  cops_character_set_characteristic(ch, COPS_COORDINATION, 3);
  cops_character_set_characteristic(ch, COPS_SANG_FROID, 2);
  cops_character_set_characteristic(ch, COPS_REFLEXES, 3);
  cops_character_set_hp(ch, cops_character_max_hp(ch));
  ck_assert_int_eq(cops_character_set_skill(ch, COPS_ARME_DE_POING, 5, NULL), COPS_OK);
  return ch;
}

/* The state of each combatant through a scripted shot: declared, awaited, hit, loaded. */
START_TEST(test_state_follows_the_fight)
{
  script dice;
  cops_ctx *c = SCRIPT(&dice, 1);
  cops_encounter *e;
  ck_assert_int_eq(cops_encounter_new(&e, c, COPS_RULES_CORE), COPS_OK);
  cops_character *a = shooter(c, "Ana"), *b = shooter(c, "Ben");
  cops_weapon *w;
  ck_assert_int_eq(cops_weapon_new(&w, c, COPS_HANDGUN, "Vulcan 051"), COPS_OK);
  cops_weapon_set(w, COPS_WEAPON_RANGE, 20);
  cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 12);
  cops_weapon_set(w, COPS_WEAPON_LOADED, 12);
  cops_weapon_set(w, COPS_WEAPON_CT, 2);
  int ia, ib;
  ck_assert_int_eq(cops_encounter_add(e, a, 0, 0, 0, &ia), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(e, b, 1, 6, 8, &ib), COPS_OK);
  ck_assert_int_eq(cops_encounter_give_weapon(e, ia, w), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(e, ia, 1), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_tag(e, ib, "ben"), COPS_OK);
  cops_combatant_state st;
  ck_assert_int_eq(cops_combatant_state_init(&st), COPS_OK);
  ck_assert_int_eq(cops_encounter_state(e, ib, &st), COPS_OK);
  ck_assert_int_eq(st.id, ib);
  ck_assert_str_eq(st.tag, "ben");
  ck_assert_str_eq(st.name, "Ben");
  ck_assert_int_eq(st.side, 1);
  ck_assert_int_eq(st.x, 6);
  ck_assert_int_eq(st.y, 8);
  ck_assert_int_eq(st.hp, 29);
  ck_assert_int_eq(st.max_hp, 29);
  ck_assert_int_eq(st.health_state, COPS_HEALTH_STATE_HEALTHY);
  ck_assert_int_eq(st.weapon, -1);
  ck_assert_ptr_null(st.weapon_name);
  ck_assert_int_eq(st.loaded, -1);
  ck_assert_int_eq(st.action, -1);
  ck_assert_int_eq(st.awaited, 0);
  ck_assert_int_eq(cops_encounter_phase(e), COPS_PHASE_BETWEEN_ROUNDS);
  ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
  ck_assert_int_eq(cops_encounter_phase(e), COPS_PHASE_DECLARING);
  ck_assert_int_eq(cops_encounter_state(e, ia, &st), COPS_OK);
  ck_assert_ptr_null(st.tag);
  ck_assert_int_eq(st.awaited, 1);     /* controlled, able, not declared */
  ck_assert_int_eq(st.weapon, 0);
  ck_assert_str_eq(st.weapon_name, "Vulcan 051");
  ck_assert_int_eq(st.loaded, 12);
  cops_declaration d;
  cops_declaration_init(&d, COPS_ACT_SHOOT);
  d.target = ib;
  d.initiative = 2;
  ck_assert_msg(cops_encounter_declare(e, ia, &d) == COPS_OK, "%s", cops_ctx_errmsg(c));
  ck_assert_int_eq(cops_encounter_state(e, ia, &st), COPS_OK);
  ck_assert_int_eq(st.awaited, 0);
  ck_assert_int_eq(st.declared, 1);
  ck_assert_int_eq(st.action, COPS_ACT_SHOOT);
  ck_assert_int_eq(st.target, ib);
  ck_assert_int_eq(st.initiative, 2);
  /* Ben (the policy's) waits; Ana hits with 10 m to go: dice as tests/fight/test-encounter.c
   * scripts a shot: attack 5+/3 (3) 6 6 6, location 3 (torso), damage 6 6, stopping 1 1. */
  cops_declaration wait;
  cops_declaration_init(&wait, COPS_ACT_WAIT);
  ck_assert_int_eq(cops_encounter_declare(e, ib, &wait), COPS_OK);
  SCRIPT_FACES(&dice, 6, 6, 6, 3, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
               1, 1, 1, 1, 1, 1, 1, 1);
  ck_assert_msg(cops_encounter_resolve_round(e) == COPS_OK, "%s", cops_ctx_errmsg(c));
  ck_assert_int_eq(cops_encounter_phase(e), COPS_PHASE_BETWEEN_ROUNDS);
  ck_assert_int_eq(cops_encounter_state(e, ia, &st), COPS_OK);
  ck_assert_int_eq(st.loaded, 11);
  ck_assert_int_eq(st.declared, 0);    /* between rounds: nothing declared */
  ck_assert_int_eq(st.action, -1);
  int hp;
  cops_character_hp(b, &hp);
  ck_assert_int_eq(cops_encounter_state(e, ib, &st), COPS_OK);
  ck_assert_int_eq(st.hp, hp);
  ck_assert_int_lt(st.hp, 29);
  ck_assert_int_eq(st.health, cops_character_health(b));
  ck_assert_int_eq(st.health_state, cops_character_health_state(b));
  ck_assert_int_eq(st.conditions, (unsigned)cops_character_conditions(b));
  /* A smaller struct (an older program's) is written up to its size only. */
  struct {
    cops_combatant_state head;
    int guard;
  } old;
  memset(&old, 0x5a, sizeof old);
  old.head.size = (uint32_t)offsetof(cops_combatant_state, side);
  ck_assert_int_eq(cops_encounter_state(e, ib, &old.head), COPS_OK);
  ck_assert_int_eq(old.head.id, ib);
  ck_assert_int_eq(old.head.side, 0x5a5a5a5a);
  ck_assert_int_eq(old.guard, 0x5a5a5a5a);
  st.size = sizeof st + 4;
  ck_assert_int_eq(cops_encounter_state(e, ib, &st), COPS_EINVAL);
  st.size = sizeof st;
  ck_assert_int_eq(cops_encounter_state(e, 2, &st), COPS_ERANGE);
  ck_assert_int_eq(cops_combatant_state_init_sized(&st, 2), COPS_EINVAL);
  cops_encounter_free(e);
  cops_character_free(a);
  cops_character_free(b);
  cops_weapon_free(w);
  cops_ctx_free(c);
}
END_TEST

/* Health states from hit points, stabilisation and death. */
START_TEST(test_health_states)
{
  cops_ctx *c = open_ctx(1);
  cops_character *ch = shooter(c, "H");
  const int max = cops_character_max_hp(ch);
  ck_assert_int_eq(cops_character_health_state(ch), COPS_HEALTH_STATE_HEALTHY);
  cops_character_set_hp(ch, max - 1);
  ck_assert_int_eq(cops_character_health_state(ch), COPS_HEALTH_STATE_WOUNDED);
  cops_character_set_hp(ch, max / 2 - 1);
  ck_assert_int_eq(cops_character_health_state(ch), COPS_HEALTH_STATE_BELOW_HALF);
  cops_character_set_hp(ch, 0);
  ck_assert_int_eq(cops_character_health_state(ch), COPS_HEALTH_STATE_UNCONSCIOUS);
  cops_character_set_hp(ch, -3);
  ck_assert_int_eq(cops_character_health_state(ch), COPS_HEALTH_STATE_DYING);
  cops_character_set_hp(ch, -max);
  ck_assert_int_eq(cops_character_health_state(ch), COPS_HEALTH_STATE_CLINICALLY_DEAD);
  ck_assert_int_eq(cops_character_declare_dead(ch, NULL, -1), COPS_OK);
  ck_assert_int_eq(cops_character_health_state(ch), COPS_HEALTH_STATE_DEAD);
  ck_assert_int_eq(cops_character_health_state(NULL), COPS_EINVAL);
  static const char *const keys[] = {"healthy", "wounded", "below_half", "unconscious",
                                     "dying", "stabilised", "clinically_dead", "dead"};
  for (int k = 0; k < 8; k++)
    ck_assert_str_eq(cops_health_state_key(k), keys[k]);
  ck_assert_ptr_null(cops_health_state_key(8));
  ck_assert_ptr_null(cops_health_state_key(-1));
  cops_character_free(ch);
  cops_ctx_free(c);
}
END_TEST

/* The snapshot is the states, the phase and the log in one document. */
START_TEST(test_snapshot_is_the_states)
{
  cops_ctx *c = open_ctx(2030);
  cops_scenario *s = test_scenario(c, "bar-brawl");
  cops_encounter *e = cops_scenario_encounter(s);
  ck_assert_int_eq(cops_encounter_set_tag(e, 0, "t\\0"), COPS_OK);
  ck_assert_int_eq(cops_encounter_set_controlled(e, 1, 1), COPS_OK);
  ck_assert_int_eq(cops_encounter_seed(e, 2030), COPS_OK);
  for (int r = 0; r < 3 && !cops_encounter_over(e); r++) {
    ck_assert_int_eq(cops_encounter_begin_round(e), COPS_OK);
    char *text;
    ck_assert_int_eq(cops_encounter_snapshot(e, &text), COPS_OK);
    json_error_t err;
    json_t *j = json_loads(text, 0, &err);
    ck_assert_msg(j != NULL, "%s: %s", text, err.text);
    ck_assert_str_eq(json_string_value(json_object_get(j, "phase")), "declaring");
    ck_assert_int_eq(json_integer_value(json_object_get(j, "round")), cops_encounter_round(e));
    ck_assert_int_eq(json_integer_value(json_object_get(j, "events")),
                     cops_log_count(cops_encounter_log(e)));
    json_t *list = json_object_get(j, "combatants");
    ck_assert_int_eq((int)json_array_size(list), cops_encounter_count(e));
    json_t *awaiting = json_object_get(j, "awaiting");
    int nawaited = 0;
    for (int i = 0; i < cops_encounter_count(e); i++) {
      cops_combatant_state st;
      cops_combatant_state_init(&st);
      ck_assert_int_eq(cops_encounter_state(e, i, &st), COPS_OK);
      json_t *o = json_array_get(list, (size_t)i);
      ck_assert_int_eq(json_integer_value(json_object_get(o, "id")), i);
      ck_assert_int_eq(json_integer_value(json_object_get(o, "hp")), st.hp);
      ck_assert_int_eq(json_integer_value(json_object_get(o, "x")), st.x);
      ck_assert_str_eq(json_string_value(json_object_get(o, "health_state")),
                       cops_health_state_key(st.health_state));
      ck_assert_int_eq(json_is_true(json_object_get(o, "able")), st.able);
      ck_assert_int_eq(json_is_true(json_object_get(o, "awaited")), st.awaited);
      if (st.tag)
        ck_assert_str_eq(json_string_value(json_object_get(o, "tag")), st.tag);
      else
        ck_assert(json_is_null(json_object_get(o, "tag")));
      if (st.weapon >= 0)
        ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(o, "weapon"),
                                                            "loaded")), st.loaded);
      int bits = 0;
      json_t *conds = json_object_get(o, "conditions");
      bits = (int)json_array_size(conds);
      ck_assert_int_eq(bits, __builtin_popcount(st.conditions));
      if (st.awaited)
        ck_assert_int_eq(json_integer_value(json_array_get(awaiting, (size_t)nawaited++)), i);
    }
    ck_assert_int_eq((int)json_array_size(awaiting), nawaited);
    ck_assert_int_eq(nawaited, cops_encounter_can_act(e, 1) == 1);
    json_decref(j);
    cops_free(text);
    declare_from(e, 0);
    ck_assert_int_eq(cops_encounter_resolve_round(e), COPS_OK);
  }
  ck_assert_int_eq(cops_encounter_snapshot(NULL, NULL), COPS_EINVAL);
  char *text;
  ck_assert_int_eq(cops_encounter_snapshot(NULL, &text), COPS_EINVAL);
  ck_assert_ptr_null(text);
  cops_scenario_free(s);
  cops_ctx_free(c);
}
END_TEST

/* One rule for built and loaded fights (docs/api.md, "Who frees what"): the encounter holds
 * what it was given and what it made until it is freed; a caller frees its own handles
 * when it likes, and retains what it wants to keep longer. Run under valgrind by the test
 * command: no invalid access, no leak. */
START_TEST(test_who_frees_what)
{
  cops_ctx *c = open_ctx(9);
  cops_encounter *e;
  ck_assert_int_eq(cops_encounter_new(&e, c, COPS_RULES_CORE), COPS_OK);
  for (int i = 0; i < 4; i++) {
    char name[8];
    snprintf(name, sizeof name, "P%d", i);
    cops_character *ch = shooter(c, name);
    cops_weapon *w;
    cops_armour *a;
    ck_assert_int_eq(cops_weapon_new(&w, c, COPS_HANDGUN, "Vulcan 051"), COPS_OK);
    cops_weapon_set(w, COPS_WEAPON_RANGE, 20);
    cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 12);
    cops_weapon_set(w, COPS_WEAPON_LOADED, 12);
    ck_assert_int_eq(cops_armour_new(&a, c, "Gilet"), COPS_OK);
    int id;
    ck_assert_int_eq(cops_encounter_add(e, ch, i % 2, 3 * i, 0, &id), COPS_OK);
    ck_assert_int_eq(cops_encounter_give_weapon(e, id, w), COPS_OK);
    ck_assert_int_eq(cops_encounter_set_armour(e, id, a), COPS_OK);
    cops_character_free(ch);   /* the caller's handles, let go at once */
    cops_weapon_free(w);
    cops_armour_free(a);
  }
  ck_assert_int_eq(cops_encounter_set_max_rounds(e, 8), COPS_OK);
  ck_assert_int_eq(cops_encounter_run(e), COPS_OK);
  char *board;
  ck_assert_int_eq(cops_encounter_snapshot(e, &board), COPS_OK);
  cops_free(board);
  /* What a query gives, retained, outlives the encounter. */
  cops_character *kept = cops_character_retain(cops_encounter_character(e, 1));
  int hp_then;
  ck_assert_int_eq(cops_character_hp(kept, &hp_then), COPS_OK);
  char *saved;
  ck_assert_int_eq(cops_encounter_save(e, &saved), COPS_OK);
  cops_encounter_free(e);
  int hp_now;
  ck_assert_int_eq(cops_character_hp(kept, &hp_now), COPS_OK);
  ck_assert_int_eq(hp_now, hp_then);
  cops_character_free(kept);
  /* A loaded fight: the same rule. */
  ck_assert_int_eq(cops_encounter_load(&e, c, saved), COPS_OK);
  cops_weapon *w = cops_weapon_retain(cops_encounter_weapon_at(e, 0, 0));
  const cops_armour *a = cops_armour_retain(cops_encounter_armour(e, 0));
  cops_encounter_free(e);
  ck_assert_str_eq(cops_weapon_name(w), "Vulcan 051");
  ck_assert_str_eq(cops_armour_name(a), "Gilet");
  cops_weapon_free(w);
  cops_armour_free((cops_armour *)a);
  cops_free(saved);
  ck_assert_ptr_null(cops_character_retain(NULL));
  /* A character given to two encounters and a chase: freed with the last of them. */
  cops_character *both = shooter(c, "Both");
  cops_encounter *f, *g;
  cops_chase *h;
  ck_assert_int_eq(cops_encounter_new(&f, c, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_encounter_new(&g, c, COPS_RULES_CORE), COPS_OK);
  ck_assert_int_eq(cops_chase_new(&h, c), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(f, both, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_encounter_add(g, both, 0, 0, 0, NULL), COPS_OK);
  ck_assert_int_eq(cops_chase_add(h, both, "Arme de poing/Réflexes", COPS_CHASE_PURSUED, NULL, 4,
                                  NULL), COPS_OK);
  cops_character_free(both);
  cops_encounter_free(f);
  ck_assert_str_eq(cops_character_name(cops_encounter_character(g, 0)), "Both");
  cops_encounter_free(g);
  ck_assert_str_eq(cops_character_name(cops_chase_character(h, 0)), "Both");
  cops_chase_free(h);
  cops_ctx_free(c);
}
END_TEST

/* A built fight whose characters have no name saves and resumes as any other: the
 * resumed fight saves the same text and runs on to the same events. */
START_TEST(test_unnamed_characters_resume)
{
  cops_ctx *c = open_ctx(5);
  cops_encounter *e = NULL;
  ck_assert_int_eq(cops_encounter_new(&e, c, COPS_RULES_CORE), COPS_OK);
  for (int i = 0; i < 2; i++) {
    cops_character *ch = NULL;
    ck_assert_int_eq(cops_character_new(&ch, c), COPS_OK);
    for (int k = 0; k < COPS_CHARACTERISTIC_COUNT; k++)
      ck_assert_int_eq(cops_character_set_characteristic(ch, k, 3), COPS_OK);
    ck_assert_int_eq(cops_character_set_hp(ch, cops_character_max_hp(ch)), COPS_OK);
    ck_assert_int_eq(cops_encounter_add(e, ch, i, 2 * i, 0, NULL), COPS_OK);
    cops_character_free(ch);   /* the encounter holds it */
  }
  ck_assert_int_eq(cops_encounter_seed(e, 5), COPS_OK);
  round_through(e);
  char *save = NULL, *again = NULL;
  ck_assert_int_eq(cops_encounter_save(e, &save), COPS_OK);
  cops_ctx *c2 = open_ctx(99);   /* the save carries the dice stream's place */
  cops_encounter *back = NULL;
  ck_assert_msg(cops_encounter_load(&back, c2, save) == COPS_OK, "%s", cops_ctx_errmsg(c2));
  ck_assert_str_eq(cops_character_name(cops_encounter_character(back, 0)), "");
  ck_assert_int_eq(cops_encounter_save(back, &again), COPS_OK);
  ck_assert_msg(strcmp(again, save) == 0, "the resumed fight saves another text");
  const int from = cops_log_count(cops_encounter_log(e));
  for (int r = 0; r < 3 && !rounds_cap(e); r++) {
    round_through(e);
    round_through(back);
  }
  char *a = jsonl_from(e, from), *b = jsonl_from(back, 0);   /* a resumed log starts empty */
  ck_assert_msg(strlen(a) > 100 && strcmp(a, b) == 0, "the resumed fight went another way");
  cops_free(a);
  cops_free(b);
  cops_free(save);
  cops_free(again);
  cops_encounter_free(back);
  cops_encounter_free(e);
  cops_ctx_free(c2);
  cops_ctx_free(c);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("board");
  TCase *tc = tcase_create("board");
  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, test_rollback_gives_the_same_fight, 0, 2);
  tcase_add_test(tc, test_checkpoint_refusals);
  tcase_add_test(tc, test_rollback_removes_later_combatants);
  tcase_add_test(tc, test_tags_are_checked);
  tcase_add_test(tc, test_tags_travel_with_the_combatant);
  tcase_add_test(tc, test_a_scenario_tags_its_combatants);
  tcase_add_test(tc, test_state_follows_the_fight);
  tcase_add_test(tc, test_health_states);
  tcase_add_test(tc, test_snapshot_is_the_states);
  tcase_add_test(tc, test_who_frees_what);
  tcase_add_test(tc, test_unnamed_characters_resume);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  const int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
