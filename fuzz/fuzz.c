/* A libFuzzer target over every parser of libcops and its engine: notation,
 * character sheets, weapon and armour files, rolls from a character, names,
 * scenarios (run for a few rounds), saved fights (read, saved again, run a
 * few rounds); and, from raw bytes, attacks of every mode
 * from fuzzed situations, the odds of fuzzed actions, an encounter driven
 * by fuzzed declarations round after round, wounds over time (treatments,
 * time, rest, nights, revivals in a fuzzed order, the sheet written and read back),
 * chases driven by fuzzed declarations and GM's dice, subjects, saved interviews, the
 * simulator's summaries, the Storyteller module's pools (text and bytes), sheets and
 * attacks, and the D6 module's codes, sheets, attacks, fight files and magic.
 * The first byte picks the mode;
 * the rest is its text or its bytes. Any crash, leak or undefined behaviour is
 * a bug. Run: sh scripts/fuzz.sh [runs]. */
#include <stdio.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cops/cops.h>
#if COPS_WITH_ST
#include <cops/st.h>
#endif
#if COPS_WITH_D6
#include <cops/d6.h>
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char sheet[] =
  "{\"name\":\"M\",\"characteristics\":{\"Carrure\":3,\"Charme\":2,\"Coordination\":3,"
  "\"Éducation\":2,\"Perception\":3,\"Réflexes\":3,\"Sang-froid\":4},"
  "\"adrenaline\":{\"max\":2},\"anciennete\":{\"max\":2},\"skills\":["
  "{\"skill\":\"Arme d'épaule\",\"level\":\"3+\",\"specialisations\":[\"fusil à pompe\"]},"
  "{\"skill\":\"Pilotage\",\"level\":\"6+\",\"specialisations\":[\"hélicoptère\"]},"
  "{\"skill\":\"Arme de poing\",\"level\":5}]}";

/* The next fuzzed value in lo..hi (lo when the bytes run out). */
struct bytes {
  const uint8_t *p;
  size_t n;
};
static int take(struct bytes *b, int lo, int hi)
{
  if (!b->n)
    return lo;
  int v = b->p[0] | (b->n > 1 ? b->p[1] << 8 : 0);
  b->p += b->n > 1 ? 2 : 1;
  b->n -= b->n > 1 ? 2 : 1;
  return lo + v % (hi - lo + 1);
}

/* An attack of any mode from a fuzzed situation, with its log rendered. */
static void fuzz_attack(cops_ctx *ctx, struct bytes *b)
{
  cops_character *a, *t;
  cops_weapon *gun, *knife;
  cops_armour *vest;
  cops_outcome *o;
  cops_log *log;
  if (cops_character_from_json(&a, ctx, sheet) || cops_character_from_json(&t, ctx, sheet) ||
      cops_weapon_new(&gun, ctx, COPS_HANDGUN, "Vulcan 051") ||
      cops_weapon_new(&knife, ctx, COPS_BLADE, "Couteau 021") ||
      cops_armour_new(&vest, ctx, "Gilet") || cops_outcome_new(&o) || cops_log_new(&log, ctx))
    abort();
  cops_weapon_set(gun, COPS_WEAPON_MAGAZINE, take(b, 0, 200));
  cops_weapon_set(gun, COPS_WEAPON_LOADED, take(b, 0, 200));
  cops_weapon_set(gun, COPS_WEAPON_VRC, take(b, 0, 10));
  cops_weapon_set(gun, COPS_WEAPON_VC, take(b, 0, 10));
  cops_weapon_set(gun, COPS_WEAPON_CT, take(b, 1, 5));
  cops_armour_set(vest, take(b, 0, COPS_LOCATION_COUNT - 1), take(b, 0, 5), take(b, 0, 5));
  cops_character_set_hp(t, take(b, -40, 29));
  cops_character_set_conditions(a, (unsigned)take(b, 0, COPS_COND_ALL), 1);
  for (int k = 0; k < 3 && b->n; k++) {
    cops_situation s;
    cops_situation_init(&s, take(b, 0, COPS_ATTACK_MODE_COUNT - 1));
    s.attacker = a;
    s.target = take(b, 0, 4) ? t : NULL;
    s.weapon = take(b, 0, 2) == 0 ? NULL : take(b, 0, 1) ? gun : knife;
    s.armour = take(b, 0, 1) ? vest : NULL;
    s.attitude = take(b, -3, 3);
    s.target_attitude = take(b, -3, 3);
    s.initiative = take(b, -3, 3);
    s.distance = take(b, -1, 300);
    s.movement = take(b, -1, 12);
    s.dice_mod = take(b, -70, 70);
    s.difficulty_mod = take(b, -70, 70);
    s.shots_fired = take(b, 0, 4);
    s.several = take(b, 0, 1);
    s.target_mode = take(b, -2, COPS_ATTACK_MODE_COUNT);
    s.target_weapon = take(b, 0, 1) ? knife : NULL;
    s.penetration = take(b, 0, 30);
    s.attacker_id = take(b, -2, 5);
    s.target_id = take(b, -2, 5);
    s.ruleset = take(b, -1, COPS_RULES_COUNT);
    if (s.ruleset == COPS_RULES_ALTERNATIVE) {      /* the fields only A reads */
      s.aim = take(b, -1, 11);
      s.bullets = take(b, -1, 40);
      s.holding = take(b, -1, 2);
      s.knockout_minutes = take(b, -1, 30);
    }
    cops_attack_odds *odds;   /* the odds of the same plan, either ruleset */
    if (cops_attack_odds_new(&odds, ctx))
      abort();
    char *odds_json;
    if (cops_attack_odds_compute(odds, &s) == COPS_OK &&
        cops_attack_odds_to_json(odds, &odds_json) == COPS_OK)
      cops_free(odds_json);
    cops_attack_odds_free(odds);
    if (cops_attack(o, &s, log) == COPS_OK && s.mode == COPS_ATTACK_COVER && take(b, 0, 1)) {
      cops_outcome *entry;
      if (cops_outcome_new(&entry))
        abort();
      cops_cover_enter(entry, o, t, vest, take(b, -3, 3), log);
      cops_outcome_free(entry);
    }
  }
  char *json;
  if (cops_log_to_jsonl(log, 0, &json) == COPS_OK)
    cops_free(json);
  if (cops_log_narrate(log, 0, COPS_LANG_EN, &json) == COPS_OK)
    cops_free(json);
  cops_log_free(log);
  cops_outcome_free(o);
  cops_armour_free(vest);
  cops_weapon_free(knife);
  cops_weapon_free(gun);
  cops_character_free(t);
  cops_character_free(a);
}

/* Every odds query of a fuzzed action (fields past their ranges included). */
static void fuzz_odds(cops_ctx *ctx, struct bytes *b)
{
  cops_action a, v;
  double p, q, r, s;
  int k;
  cops_action_init(&a, take(b, -2, 70), take(b, 0, 12), take(b, -2, 70));
  a.dice_mod = take(b, -70, 70);
  a.threshold_mod = take(b, -12, 12);
  a.difficulty_mod = take(b, -70, 70);
  a.flags = (unsigned)take(b, 0, 2);
  v = a;
  v.dice = take(b, 0, 64);
  cops_odds_success(ctx, &a, &p);
  cops_odds_pmf(ctx, &a, take(b, -1, 80), &p);
  cops_odds_at_least(ctx, &a, take(b, -1, 80), &p);
  cops_odds_margin_at_least(ctx, &a, take(b, -80, 80), &p);
  cops_odds_expected(ctx, &a, &p);
  cops_odds_quantile(ctx, &a, take(b, 0, 100) / 100.0, &k);
  cops_odds_points(ctx, &a, &p, &q, &r, &s);
  cops_odds_opposed(ctx, &a, &v, take(b, -1, 70), &p, &q, &r);
  cops_odds_opposed_difference(ctx, &a, &v, take(b, -80, 80), &p);
  cops_odds_dice_for(ctx, &a, take(b, 0, 100) / 100.0, &k);
  cops_odds_threshold_for(ctx, &a, take(b, 0, 100) / 100.0, &k);
}

#if COPS_WITH_ST
/* A Storyteller pool's text: read, written, read back the same (an oracle), rolled
 * and its odds asked. */
static void fuzz_st_text(cops_ctx *ctx, cops_roll *roll, const char *text)
{
  cops_st_pool p, again;
  char buf[256], *json;
  double x;
  if (cops_st_pool_parse(&p, ctx, text) != COPS_OK)
    return;
  if (cops_st_pool_format(&p, buf, sizeof buf) >= (int)sizeof buf ||
      cops_st_pool_parse(&again, ctx, buf) != COPS_OK || memcmp(&p, &again, sizeof p))
    abort();
  if (cops_st_roll(roll, ctx, &p) != COPS_OK || cops_roll_to_json(roll, &json) != COPS_OK)
    abort();
  cops_free(json);
  if (cops_st_odds_expected(ctx, &p, &x) != COPS_OK || !(x >= 0))
    abort();
}

/* A Storyteller sheet: read, written, read back and written the same (an oracle); its
 * derived traits, combatant test and track asked, damage marked. */
static void fuzz_st_sheet(cops_ctx *ctx, const char *text)
{
  cops_st_character *ch, *again;
  char *json, *second;
  if (cops_st_character_from_json(&ch, ctx, text) != COPS_OK)
    return;
  if (cops_st_character_to_json(ch, &json) != COPS_OK)
    abort();
  if (cops_st_character_from_json(&again, ctx, json) != COPS_OK ||
      cops_st_character_to_json(again, &second) != COPS_OK || strcmp(json, second))
    abort();
  for (int d = 0; d < COPS_ST_DERIVED_COUNT; d++)
    if (cops_st_character_derived(ch, NULL, d) < 0)
      abort();
  cops_st_character_is_combatant(ch, NULL);
  cops_st_character_damage(ch, NULL, 7, COPS_ST_LETHAL);
  if (cops_st_character_health_state(ch, NULL) < 0 || cops_st_character_wound_penalty(ch, NULL) > 0)
    abort();
  cops_free(json);
  cops_free(second);
  cops_st_character_free(again);
  cops_st_character_free(ch);
}

/* A Storyteller fight file inline (confined: a text names no file): read, saved, read back
 * and saved the same (an oracle); a few rounds, turn by turn with the policy's suggestion
 * declared; saved between them and read back; the log rendered. */
static void fuzz_st_fight(cops_ctx *ctx, const char *text)
{
  cops_st_fight *f, *again;
  char *json, *second;
  if (cops_ctx_confine(ctx, ".", 1 << 20))
    abort();
  if (cops_st_fight_from_json(&f, ctx, text, NULL) != COPS_OK)
    return;
  if (cops_st_fight_save(f, &json) != COPS_OK)
    abort();
  if (cops_st_fight_from_json(&again, ctx, json, NULL) != COPS_OK ||
      cops_st_fight_save(again, &second) != COPS_OK || strcmp(json, second))
    abort();
  cops_free(json);
  cops_free(second);
  cops_st_fight_free(again);
  cops_st_fight_set_max_rounds(f, cops_st_fight_round(f) + 3 > 10000 ? 10000
                                  : cops_st_fight_round(f) + 3);
  for (int r = 0; r < 3 && !cops_st_fight_over(f); r++) {
    if (cops_st_fight_begin_round(f) != COPS_OK)
      break;
    int id;
    while (cops_st_fight_next(f, &id) == COPS_OK && id >= 0) {
      cops_st_declaration d;
      cops_st_declaration_init(&d, COPS_ST_DO_NOTHING);
      if (cops_st_fight_suggest(f, id, &d) != COPS_OK || cops_st_fight_declare(f, id, &d) != COPS_OK)
        abort();   /* the policy's turn is always one the fight accepts */
      if (cops_st_fight_step(f, NULL) != COPS_OK)
        abort();
    }
    if (!cops_st_fight_over(f) && cops_st_fight_save(f, &json) == COPS_OK) {
      if (cops_st_fight_from_json(&again, ctx, json, NULL) != COPS_OK)
        abort();
      cops_st_fight_free(again);
      cops_free(json);
    }
  }
  if (cops_log_to_jsonl(cops_st_fight_log(f), 0, &json) == COPS_OK)
    cops_free(json);
  if (cops_log_narrate(cops_st_fight_log(f), 0, COPS_LANG_EN, &json) == COPS_OK)
    cops_free(json);
  cops_st_fight_free(f);
}

/* Storyteller attacks between fuzzed characters, with fuzzed fields (in range or not):
 * refused or resolved, the outcome sound, the log rendered. */
static void fuzz_st_attack(cops_ctx *ctx, struct bytes *b)
{
  cops_st_character *ch[3];
  cops_log *log;
  if (cops_log_new(&log, ctx))
    abort();
  for (int k = 0; k < 3; k++) {
    if (cops_st_character_new(&ch[k], ctx) || cops_st_character_set_name(ch[k], k ? "T" : "A"))
      abort();
    for (int t = 0; t < COPS_ST_TRAIT_COUNT; t++)
      cops_st_character_set_trait(ch[k], t, take(b, -1, 12));
    cops_st_character_set_protection(ch[k], take(b, 0, 4), take(b, 0, 3), take(b, 0, 1));
    cops_st_character_set_health(ch[k], take(b, 0, 12), take(b, 0, 12));
    for (int w = take(b, 0, 3); w > 0; w--) {
      cops_st_weapon wp;
      cops_st_weapon_init(&wp, take(b, 0, 3));
      wp.damage = take(b, -2, 11);
      wp.automatic = take(b, 0, 1);
      wp.min_strength = take(b, 0, 11);
      wp.ammo = take(b, -2, 30);
      cops_st_character_add_weapon(ch[k], &wp, NULL);
    }
  }
  for (int n = 0; n < 4 && b->n; n++) {
    cops_st_attack a;
    cops_st_attack_init(&a, take(b, -1, 5));
    a.attacker = ch[0];
    a.target = ch[1];
    a.shield = take(b, 0, 3) ? NULL : ch[2];
    a.weapon = take(b, -2, 3);
    a.target_weapon = take(b, -2, 3);
    a.distance = take(b, -1, 120);
    a.cover = take(b, -1, 6);
    a.own_cover = take(b, 0, 6);
    a.crowd = take(b, 0, 4);
    a.opponents = take(b, 0, 5);
    a.rank = take(b, 0, 4);
    a.called = take(b, 0, 7);
    a.aim = take(b, 0, 5);
    a.total_defense = take(b, 0, 70);
    a.bonus = take(b, -11, 11);
    a.flags = (unsigned)take(b, 0, 0x3f);
    cops_st_outcome o = {.size = sizeof o};
    if (cops_st_attack_resolve(&o, ctx, &a, log) == COPS_OK &&
        (o.damage < 0 || o.bashing < 0 || o.lethal < 0 || o.state < 0 || o.state > 3))
      abort();
    if (take(b, 0, 3) == 0)
      cops_st_character_begin_round(ch[1]);
  }
  /* The rolls around a fight, with fuzzed arguments. */
  int x, y, order[3], totals[3] = {take(b, -5, 30), take(b, -5, 30), take(b, -5, 30)};
  cops_st_initiative(ctx, ch[0], NULL, 0, &x, &y, log);
  cops_st_initiative_order(ctx, ch, totals, take(b, 0, 3), NULL, order);
  cops_st_total_defense(ctx, ch[1], NULL, 1, &x, log);
  cops_st_nerve(ctx, ch[2], NULL, 2, take(b, 0, 1), &x, log);
  cops_st_injury(ch[2], NULL, 2, take(b, -1, 101), take(b, 0, 1), &x, log);
  cops_st_bout(ctx, ch[0], ch[take(b, 0, 2)], NULL, take(b, -2, 65), take(b, -2, 65),
               take(b, 0, 2), &x, log);
  {
    cops_st_attack a;
    cops_st_attack_init(&a, take(b, 1, 3));
    a.attacker = ch[0];
    a.weapon = take(b, -2, 3);
    a.distance = take(b, -1, 120);
    cops_st_character *ts[2] = {ch[1], take(b, 0, 1) ? ch[2] : ch[0]};
    const int ids[2] = {1, 2}, covers[2] = {take(b, -1, 10), take(b, 0, 9)};
    const int shares[2] = {take(b, -1, 65), take(b, 0, 64)};
    cops_st_outcome lo[2] = {{.size = sizeof lo[0]}, {.size = sizeof lo[1]}};
    if (cops_st_long_burst(lo, ctx, &a, ts, ids, covers, shares, take(b, 0, 2), log) == COPS_OK &&
        (lo[0].damage < 0 || lo[0].margin < 0))
      abort();
  }
  cops_st_grapple g;
  cops_st_grapple_init(&g);
  for (int n = 0; n < 3 && b->n; n++) {
    cops_st_grapple_side sa = {{take(b, -2, 6), take(b, -2, 6)}, take(b, -2, 3), take(b, 0, 2)};
    cops_st_grapple_side sb = {{take(b, -2, 6), take(b, -2, 6)}, take(b, -2, 3), take(b, 0, 2)};
    cops_st_grapple_outcome go = {.size = sizeof go};
    if (take(b, 0, 5) == 0)
      g.hold = take(b, -1, 3);
    if (cops_st_grapple_round(&g, &go, ctx, ch[0], ch[1], 0, 1, &sa, &sb, NULL, log) == COPS_OK &&
        (go.damage < 0 || go.bite < 0 || (go.winner && go.margin <= 0)))
      abort();
  }
  cops_st_object obj;
  if (cops_st_object_init(&obj, "Door", take(b, -1, 11), take(b, 0, 101)) == COPS_OK) {
    obj.failure_damage = take(b, -1, 11);
    obj.damage = take(b, -1, 101);
    cops_st_object_strike(&obj, ctx, ch[0], NULL, 0, take(b, -2, 3), take(b, -2, 65),
                          take(b, -1, 3), &x, log);
  }
  char *text;
  if (cops_log_to_jsonl(log, 0, &text) == COPS_OK)
    cops_free(text);
  if (cops_log_narrate(log, 0, COPS_LANG_FR, &text) == COPS_OK)
    cops_free(text);
  for (int k = 0; k < 3; k++)
    cops_st_character_free(ch[k]);
  cops_log_free(log);
}

/* A Storyteller pool from raw fields (any value, in range or not): rolled, its odds and an
 * opposed roll's asked; the opposed odds sum to 1 (an oracle). */
static void fuzz_st_bytes(cops_ctx *ctx, cops_roll *roll, struct bytes *b)
{
  cops_st_pool p, q;
  double x, aw, bw, tie;
  cops_st_pool_init(&p, take(b, -2, 70));
  p.mod = take(b, -70, 70);
  p.threshold = take(b, 0, 12);
  p.again = take(b, -1, 12);
  p.mode = take(b, -1, 3);
  p.flags = (unsigned)take(b, 0, 2);
  q = p;
  q.dice = take(b, 0, 64);
  q.mode = take(b, 0, 2);
  cops_ctx_set_reroll_cap(ctx, take(b, 0, 40));
  if (cops_st_roll(roll, ctx, &p) == COPS_OK && cops_st_roll_successes(roll) < 0)
    abort();
  cops_st_odds_pmf(ctx, &p, take(b, -1, 200), &x);
  cops_st_odds_at_least(ctx, &p, take(b, -1, 200), &x);
  cops_st_odds_dramatic(ctx, &p, &x);
  cops_st_odds_difference(ctx, &p, &q, take(b, -200, 200), &x);
  if (cops_st_odds_opposed(ctx, &p, &q, &aw, &bw, &tie) == COPS_OK &&
      fabs(aw + bw + tie - 1.0) > 1e-9)
    abort();
}
#endif

/* An encounter of two sides driven by fuzzed declarations, round after round. */
static void fuzz_encounter(cops_ctx *ctx, struct bytes *b)
{
  cops_character *ch[4];
  cops_weapon *w[4];
  cops_encounter *e;
  const int ruleset = take(b, 0, COPS_RULES_COUNT - 1);
  if (cops_encounter_new(&e, ctx, ruleset))
    abort();
  for (int i = 0; i < 4; i++) {
    int id;
    if (cops_character_from_json(&ch[i], ctx, sheet) ||
        cops_weapon_new(&w[i], ctx, i % 2 ? COPS_HANDGUN : COPS_BLADE, "Arme 152"))
      abort();
    cops_weapon_set(w[i], COPS_WEAPON_MAGAZINE, take(b, 0, 40));
    cops_weapon_set(w[i], COPS_WEAPON_LOADED, take(b, 0, 40));
    cops_weapon_set(w[i], COPS_WEAPON_VC, take(b, 0, 5));
    if (cops_encounter_add(e, ch[i], i % 2, take(b, -20, 20), take(b, -20, 20), &id) ||
        cops_encounter_give_weapon(e, id, w[i]) ||
        cops_encounter_set_controlled(e, id, take(b, 0, 1)))
      abort();
  }
  /* The caller's tags: any bytes (refused unless clean UTF-8 of at most 64 bytes). */
  for (int i = 0; i < 4; i++) {
    char tag[80];
    const int len = take(b, 0, 70);
    for (int k = 0; k < len; k++)
      tag[k] = (char)take(b, 1, 255);
    tag[len] = '\0';
    cops_encounter_set_tag(e, i, tag);
  }
  cops_encounter_set_max_rounds(e, 6);
  cops_encounter_seed(e, (uint64_t)take(b, 0, 1000));
  /* A checkpoint at a round's start or between declarations: rolled back at the end, the
   * board is the one it was. */
  cops_checkpoint *cp = NULL;
  char *board = NULL;
  while (!cops_encounter_over(e) && b->n) {
    if (!cp && take(b, 0, 3) == 0 && (cops_encounter_checkpoint(e, &cp) ||
                                      cops_encounter_snapshot(e, &board)))
      abort();
    if (cops_encounter_begin_round(e))
      break;
    for (int i = 0; i < 4; i++) {
      cops_declaration d;
      cops_declaration_init(&d, take(b, 0, COPS_ACT_COUNT - 1));
      d.target = take(b, -1, 4);
      d.attitude = take(b, -2, 2);
      d.initiative = take(b, -3, 3);
      d.shots = take(b, 0, 4);
      d.weapon = take(b, 0, 1);
      d.moving = take(b, 0, 1);
      d.x = take(b, -15, 15);
      d.y = take(b, -15, 15);
      d.difficulty = take(b, 0, 4);
      if (ruleset == COPS_RULES_ALTERNATIVE) {   /* the fields of A1.2 and A2 */
        d.initiative = take(b, 0, 3) ? 0 : d.initiative;
        d.aim = take(b, -1, 11);
        d.bullets = take(b, 0, 3) ? 0 : take(b, 0, 40);
        d.circumstances = take(b, -11, 11);
        d.keep = take(b, -1, 11);
      }
      cops_encounter_declare(e, i, &d);   /* refused or not: both are fine */
      if (!cp && i == 1 && take(b, 0, 3) == 0 && (cops_encounter_checkpoint(e, &cp) ||
                                                  cops_encounter_snapshot(e, &board)))
        abort();
    }
    if (cops_encounter_resolve_round(e)) {
      /* a controlled combatant without a valid declaration: let the policy play */
      for (int i = 0; i < 4; i++)
        cops_encounter_set_controlled(e, i, 0);
      if (cops_encounter_resolve_round(e))
        break;
    }
  }
  char *json;
  if (cops_log_to_jsonl(cops_encounter_log(e), 0, &json) == COPS_OK)
    cops_free(json);
  if (cops_encounter_snapshot(e, &json))
    abort();
  cops_free(json);
  if (cp) {
    if (cops_encounter_rollback(e, cp) || cops_encounter_snapshot(e, &json) ||
        strcmp(json, board) != 0)
      abort();
    cops_free(json);
    cops_free(board);
    cops_checkpoint_free(cp);
  }
  cops_encounter_free(e);
  for (int i = 0; i < 4; i++) {
    cops_weapon_free(w[i]);
    cops_character_free(ch[i]);
  }
}

/* Wounds over time (<cops/heal.h>): fuzzed damage, treatments, time, rest, nights,
 * revival and final death; the sheet written, read back and written the same. */
static void fuzz_wounds(cops_ctx *ctx, struct bytes *b)
{
  cops_character *doc, *pat;
  cops_log *log;
  cops_roll *roll;
  if (cops_character_from_json(&doc, ctx, sheet) || cops_character_from_json(&pat, ctx, sheet) ||
      cops_log_new(&log, ctx) || cops_roll_new(&roll))
    abort();
  cops_log_set_limit(log, take(b, 0, 400));
  for (int step = 0; step < 24 && b->n; step++) {
    switch (take(b, 0, 9)) {
    case 0: cops_character_damage(pat, take(b, 0, 80)); break;
    case 1: cops_character_advance(pat, take(b, 0, 3 * 86400), log, 1); break;
    case 2: cops_character_set_rest(pat, take(b, 0, 3), take(b, 0, 13), log, 1); break;
    case 3: cops_character_night(pat, take(b, -1, 2), take(b, 0, 40000), log, 1); break;
    case 4: cops_character_revive(pat, log, 1); break;
    case 5: cops_character_declare_dead(pat, log, 1); break;
    case 6: cops_character_set_hp(pat, take(b, -40, 40)); break;
    default: {
      cops_treatment t;
      cops_treatment_init(&t, take(b, 0, 3));
      t.difficulty = take(b, 0, 4);
      t.flags = (unsigned)take(b, 0, 3) << 8;
      cops_treated out;
      out.size = sizeof out;
      cops_treatment_odds odds;
      odds.size = sizeof odds;
      double law[16];
      cops_treat_odds(&odds, doc, pat, &t, law, 16);
      cops_treat(&out, roll, take(b, 0, 1) ? doc : pat, pat, &t, log);
      break;
    }
    }
  }
  char *a = NULL, *c = NULL;
  cops_character *again;
  if (cops_character_to_json(pat, &a) == COPS_OK) {
    if (cops_character_from_json(&again, ctx, a) != COPS_OK)
      abort();   /* a sheet the library wrote reads back */
    if (cops_character_to_json(again, &c) == COPS_OK && strcmp(a, c))
      abort();   /* and writes the same */
    cops_free(c);
    cops_character_free(again);
    cops_free(a);
  }
  if (cops_log_narrate(log, 0, COPS_LANG_EN, &a) == COPS_OK)
    cops_free(a);
  if (cops_log_to_jsonl(log, 0, &a) == COPS_OK)
    cops_free(a);
  cops_roll_free(roll);
  cops_log_free(log);
  cops_character_free(pat);
  cops_character_free(doc);
}

/* A chase of three driven by fuzzed declarations, the GM's dice and crash mode, with a
 * crash table that wrecks on a fuzzed threshold; its log rendered. */
static int fuzz_crash_table(void *user, int id, int failed, const int *d6, int n, int *wrecked)
{
  (void)id, (void)failed;
  *wrecked = n > 0 && d6[0] >= *(const int *)user;
  return 0;
}

static void fuzz_chase(cops_ctx *ctx, struct bytes *b)
{
  cops_character *ch[4];
  cops_weapon *gun;
  cops_chase *c;
  if (cops_chase_new(&c, ctx) || cops_weapon_new(&gun, ctx, COPS_HANDGUN, "Vulcan 051"))
    abort();
  cops_weapon_set(gun, COPS_WEAPON_RANGE, 20);
  cops_weapon_set(gun, COPS_WEAPON_MAGAZINE, 12);
  cops_weapon_set(gun, COPS_WEAPON_LOADED, take(b, 0, 12));
  for (int i = 0; i < 4; i++) {
    if (cops_character_from_json(&ch[i], ctx, sheet))
      abort();
    cops_character_set_skill(ch[i], COPS_CONDUITE, take(b, 2, 9), "voiture");
    if (i < 3)
      cops_chase_add(c, ch[i], take(b, 0, 1) ? "Conduite [voiture]/Réflexes" : "Athlétisme/Carrure",
                     i ? COPS_CHASE_PURSUER : take(b, 0, 1), take(b, 0, 1) ? "Car" : NULL,
                     take(b, 3, 7), NULL);
  }
  cops_chase_add_passenger(c, take(b, -1, 3), ch[3], NULL);   /* C7 step 5 */
  int threshold = take(b, 1, 12);
  cops_chase_set_crash_callback(c, fuzz_crash_table, &threshold);
  cops_chase_set_crash_mode(c, take(b, 0, 2));
  cops_log_set_limit(cops_chase_log(c), take(b, 0, 500));
  for (int round = 0; round < 30 && b->n && !cops_chase_result(c); round++) {
    const int n = cops_chase_count(c);
    for (int i = 0; i < n; i++) {
      cops_chase_declaration d, e;
      cops_chase_round_odds o;
      o.size = sizeof o;
      cops_chase_declaration_init(&e, take(b, -1, 8));
      if (take(b, 0, 1) && cops_chase_suggest(c, i, &e) == COPS_OK)
        cops_chase_odds(c, i, &e, take(b, -1, 3), &e, &o);
      cops_chase_declaration_init(&d, take(b, -1, 8));
      d.blacken = take(b, -1, 8);
      d.flags = (unsigned)take(b, 0, 3) << 8;
      d.dice_mod = take(b, -3, 3);
      cops_chase_declare(c, i, &d);
    }
    if (take(b, 0, 3) == 0)
      cops_chase_adjust(c, take(b, -1, 3), take(b, -70, 70));
    if (take(b, 0, 15) == 0)
      cops_chase_wreck(c, take(b, 0, 2));
    cops_chase_resolve_round(c);
    for (int k = take(b, 0, 3); k > 0; k--) {   /* secondary actions, any */
      cops_situation s;
      cops_situation_init(&s, take(b, 0, COPS_ATTACK_MODE_COUNT - 1));
      s.weapon = take(b, 0, 1) ? gun : NULL;
      s.distance = take(b, 0, 30);
      s.dice_mod = take(b, -3, 3);
      cops_chase_act(c, take(b, -1, COPS_PASSENGER_ID0 + 1), take(b, -1, 3), &s, NULL);
    }
  }
  char *text;
  int band, who;
  cops_chase_band(c, 1, &band);
  cops_chase_chooser(c, 2, &who);
  if (cops_log_narrate(cops_chase_log(c), 0, COPS_LANG_ES, &text) == COPS_OK)
    cops_free(text);
  if (cops_log_to_jsonl(cops_chase_log(c), 0, &text) == COPS_OK)
    cops_free(text);
  cops_chase_free(c);
  cops_weapon_free(gun);
  for (int i = 0; i < 4; i++)
    cops_character_free(ch[i]);
}

#if COPS_WITH_D6
/* A D6 code and a roll's notation: read, written, read back the same (an oracle), rolled
 * under each switch, and their odds asked: a law's probabilities within 0..1, a contest's
 * summing to 1. */
static void fuzz_d6_text(cops_ctx *ctx, cops_roll *roll, const char *text)
{
  char buf[256], *json;
  cops_d6_code c, c2;
  if (cops_d6_code_parse(&c, ctx, text) == COPS_OK &&
      (cops_d6_code_format(c, buf, sizeof buf) >= (int)sizeof buf ||
       cops_d6_code_parse(&c2, ctx, buf) != COPS_OK || c.dice != c2.dice || c.pips != c2.pips))
    abort();
  cops_d6_pool p, again;
  if (cops_d6_pool_parse(&p, ctx, text) != COPS_OK)
    return;
  if (cops_d6_pool_format(&p, buf, sizeof buf) >= (int)sizeof buf ||
      cops_d6_pool_parse(&again, ctx, buf) != COPS_OK || memcmp(&p, &again, sizeof p))
    abort();
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  for (int k = 0; k < 4; k++) {
    r.explode = k & 1;
    r.free_die = k >> 1;
    if (cops_d6_roll(roll, ctx, &p, &r) == COPS_OK) {
      if (cops_roll_to_json(roll, &json) != COPS_OK)
        abort();
      cops_free(json);
    }
    double e, ge, eq, g, t, l;
    if (cops_d6_odds(ctx, &p, &r, NULL, NULL, &e) == COPS_OK &&
        (cops_d6_odds_total(ctx, &p, &r, p.code.dice * 3, &ge, &eq) != COPS_OK || !(ge >= 0) ||
         ge > 1 || !(eq >= 0) || eq > ge + 1e-12))
      abort();
    if (cops_d6_odds_contest(ctx, &p, &again, &r, &g, &t, &l) == COPS_OK &&
        fabs(g + t + l - 1) > 1e-9)
      abort();
  }
}

/* A D6 sheet: read, written, read back and written the same (an oracle); its derived
 * values and penalties in their ranges; harmed until dead, each level in 0..6. */
static void fuzz_d6_sheet(cops_ctx *ctx, const char *text)
{
  cops_d6_character *ch, *again;
  char *json, *second;
  if (cops_d6_character_from_json(&ch, ctx, text) != COPS_OK)
    return;
  if (cops_d6_character_to_json(ch, &json) != COPS_OK)
    abort();
  if (cops_d6_character_from_json(&again, ctx, json) != COPS_OK ||
      cops_d6_character_to_json(again, &second) != COPS_OK || strcmp(json, second))
    abort();
  for (int t = 0; t < COPS_D6_TRAIT_COUNT; t++) {
    cops_d6_code c;
    int d, p;
    if (cops_d6_character_trait(ch, t, &c) < 0 || cops_d6_character_penalty(ch, t, &d, &p) ||
        d > 0 || p > 0)
      abort();
  }
  cops_d6_wounds w = {.size = sizeof w};
  for (int k = 0; k < 12; k++) {
    cops_d6_outcome o = {.size = sizeof o};
    if (cops_d6_harm(&o, ctx, ch, 0, (cops_d6_code){k, 0}, k & 1, NULL, NULL) == COPS_OK &&
        (o.wound_level < 0 || o.wound_level > COPS_D6_KILLED))
      abort();
    cops_d6_character_end_round(ch, ctx, 0, NULL, NULL);
    if (cops_d6_character_wounds(ch, &w) || w.hp_lost > w.hp_max || w.level > COPS_D6_KILLED)
      abort();
  }
  cops_free(json);
  cops_free(second);
  cops_d6_character_free(again);
  cops_d6_character_free(ch);
}

/* D6 attacks between fuzzed characters with fuzzed fields: an outcome in its ranges, and a
 * refused attack leaves both characters as they were (all or nothing); the log rendered. */
static void fuzz_d6_attack(cops_ctx *ctx, struct bytes *b)
{
  cops_d6_character *ch[2];
  cops_log *log;
  if (cops_log_new(&log, ctx))
    abort();
  for (int k = 0; k < 2; k++) {
    if (cops_d6_character_new(&ch[k], ctx) || cops_d6_character_set_name(ch[k], k ? "T" : "A"))
      abort();
    for (int t = 0; t < COPS_D6_TRAIT_COUNT; t++)
      cops_d6_character_set_trait(ch[k], t, &(cops_d6_code){take(b, -1, 8), take(b, 0, 3)});
    cops_d6_character_set_scale(ch[k], take(b, -16, 25));
    cops_d6_character_set_points(ch[k], take(b, 0, 3), take(b, 0, 1));
    cops_d6_wounds w = {.size = sizeof w};
    cops_d6_character_wounds(ch[k], &w);
    w.mode = take(b, 0, 2);
    w.extra = take(b, 0, 3);
    w.step = take(b, 0, 8);
    w.hp_lost = take(b, 0, 12);
    w.limbs = (unsigned)take(b, 0, 4);
    cops_d6_character_set_wounds(ch[k], &w);
    for (int n = take(b, 0, 3); n > 0; n--) {
      cops_d6_weapon wp = {.size = sizeof wp};
      if (take(b, 0, 1))
        cops_d6_weapon_at(take(b, 0, cops_d6_weapon_count()), &wp);
      else {
        cops_d6_weapon_init(&wp, take(b, 0, COPS_D6_WEAPON_CATEGORY_COUNT));
        snprintf(wp.name, sizeof wp.name, "W%d", n);
        wp.damage = (cops_d6_code){take(b, 0, 8), take(b, 0, 2)};
        wp.adds_natural = take(b, 0, 1);
        wp.vig_range = take(b, 0, 1);
        for (int r = 0; r < 3; r++)
          wp.range[r] = take(b, -5, 40);
        wp.flags = (unsigned)take(b, 0, 16);
      }
      cops_d6_character_add_weapon(ch[k], &wp, NULL);
    }
    for (int n = take(b, 0, 2); n > 0; n--) {
      cops_d6_protection p = {.size = sizeof p};
      cops_d6_protection_at(take(b, 0, cops_d6_protection_count()), &p);
      cops_d6_character_add_protection(ch[k], &p, NULL);
    }
  }
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  int order[2], totals[2];
  const int ranked = cops_d6_initiative(ctx, ch, NULL, (const unsigned[]){(unsigned)take(b, 0, 4),
                                        (unsigned)take(b, 0, 3)}, 2, NULL, log, order, totals);
  if (ranked > 2 || (ranked == 2 && order[0] == order[1]))
    abort();
  r.skill_defence = take(b, 0, 1);
  r.success_damage = take(b, 0, 1);
  r.negative_resistance = take(b, 0, 1);
  r.gravity = take(b, 0, 4);
  for (int n = 0; n < 6 && b->n; n++) {
    cops_d6_attack a;
    cops_d6_attack_init(&a);
    const int swap = take(b, 0, 1);
    a.attacker = ch[swap];
    a.target = ch[!swap];
    a.weapon = take(b, -2, 3);
    a.distance = take(b, -1, 300);
    a.defence = take(b, 0, 3);
    a.defence_skill = take(b, 10, 24);
    a.defence_total = take(b, 0, 3) ? COPS_D6_ROLL_DEFENCE : take(b, -101, 40);
    a.parry_weapon = take(b, -1, 3);
    a.defender_actions = take(b, 0, 4);
    a.cover = take(b, 0, 21);
    a.option = take(b, 0, COPS_D6_OPTION_COUNT);
    a.location = take(b, 0, COPS_D6_LOCATION_COUNT);
    a.actions = take(b, 0, 4);
    a.target_size = take(b, 0, 4);
    a.flags = (unsigned)take(b, 0, 8);
    a.cp = take(b, 0, 3);
    a.fp = take(b, 0, 1);
    a.rules = &r;
    char *before[2], *after;
    cops_d6_character_to_json(ch[0], &before[0]);
    cops_d6_character_to_json(ch[1], &before[1]);
    const int count = cops_log_count(log);
    cops_d6_outcome o = {.size = sizeof o};
    if (cops_d6_attack_resolve(&o, ctx, &a, log) == COPS_OK) {
      if (o.wound_level < 0 || o.wound_level > COPS_D6_KILLED || o.victim < 0 || o.victim > 2 ||
          o.steps < 0 || o.hp_lost < 0 || (o.hit && o.attack_total < o.defence_value))
        abort();
    } else {
      for (int k = 0; k < 2; k++) {
        if (cops_d6_character_to_json(ch[k], &after) || strcmp(after, before[k]))
          abort();
        cops_free(after);
      }
      if (cops_log_count(log) != count)
        abort();
    }
    cops_free(before[0]);
    cops_free(before[1]);
    if (take(b, 0, 1))
      cops_d6_character_end_round(ch[take(b, 0, 1)], ctx, 0, &r, log);
    cops_d6_healing h = {.size = sizeof h};
    const int who = take(b, 0, 1);
    if (take(b, 0, 3) == 0 &&
        cops_d6_recover(&h, ctx, ch[who], who, take(b, -1, 3), &r, log) == COPS_OK &&
        (h.level < 0 || h.level > COPS_D6_KILLED || h.hp_gained < 0))
      abort();
    if (take(b, 0, 3) == 0 &&
        cops_d6_treat(&h, ctx, ch[!who], take(b, -1, 3), ch[who], who, take(b, -1, 2), &r,
                      log) == COPS_OK &&
        (h.level < 0 || h.level > COPS_D6_KILLED || h.hp_gained < 0))
      abort();
  }
  /* Vehicles with fuzzed fields, damage, collisions, crashes, repairs: their state in range. */
  cops_d6_vehicle v[2];
  for (int k = 0; k < 2; k++) {
    cops_d6_vehicle_init(&v[k]);
    snprintf(v[k].name, sizeof v[k].name, "V%d", k);
    v[k].scale = take(b, -16, 25);
    v[k].resistance = (cops_d6_code){take(b, -1, 6), take(b, 0, 2)};
    v[k].manoeuvrability = (cops_d6_code){take(b, -1, 4), take(b, 0, 2)};
    v[k].speed = take(b, -1, 5);
    v[k].top_speed = take(b, 0, 5);
    v[k].control = take(b, 0, 4);
  }
  cops_d6_vehicle *vp[2] = {&v[0], &v[1]};
  for (int n = 0; n < 4 && b->n; n++) {
    cops_d6_vehicle_outcome vo = {.size = sizeof vo};
    switch (take(b, 0, 5)) {
    case 0:
      cops_d6_vehicle_harm(&vo, ctx, &v[take(b, 0, 1)], 0, (cops_d6_code){take(b, 0, 12), 0}, ch,
                           NULL, take(b, 0, 2), &r, log);
      break;
    case 1:
      cops_d6_collision(NULL, ctx, vp, NULL, take(b, 1, 2), take(b, -1, 4), ch, NULL,
                        (const int[]){take(b, 0, 1), take(b, 0, 1)}, &r, log);
      break;
    case 2:
      cops_d6_vehicle_crash(&vo, ctx, &v[0], 0, ch, NULL, take(b, 0, 2), &r, log);
      break;
    case 3: {
      int ok;
      cops_d6_repair(&ok, ctx, ch[0], 0, (cops_d6_code){take(b, 0, 5), 0}, &v[0], 0,
                     take(b, -1, 3), (unsigned)take(b, 0, 16), &r, log);
      break;
    }
    case 4:
      cops_d6_attack_vehicle(&vo, ctx, ch[1], 1, take(b, -2, 3), take(b, 0, 200), take(b, 0, 3),
                             &v[1], 2, take(b, 0, 1) ? COPS_D6_ROLL_DEFENCE : take(b, -5, 30), ch,
                             NULL, take(b, 0, 1), &r, log);
      break;
    default:
      cops_d6_vehicle_end_round(&v[take(b, 0, 1)]);
    }
    for (int k = 0; k < 2; k++)
      if (v[k].ndamage < 0 || v[k].ndamage > COPS_D6_VEHICLE_DAMAGE_MAX ||
          (v[k].speed >= 0 && v[k].speed <= 4 && v[k].top_speed >= 0 && v[k].top_speed <= 4 &&
           cops_d6_vehicle_penalty(&v[k]) > 0))
        abort();
  }
  char *text;
  if (cops_log_narrate(log, 0, COPS_LANG_FR, &text) == COPS_OK)
    cops_free(text);
  if (cops_log_to_jsonl(log, 0, &text) == COPS_OK)
    cops_free(text);
  cops_log_free(log);
  cops_d6_character_free(ch[0]);
  cops_d6_character_free(ch[1]);
}
/* D6 magic from raw fields (in range or not): a spell's design costed (its difficulty at
 * least 1, the halved one half the sum rounded up), the measure scale, casts between
 * fuzzed characters refused or resolved, the outcome sound, the log rendered. */
static void fuzz_d6_magic(cops_ctx *ctx, struct bytes *b)
{
  cops_d6_spell_design d;
  cops_d6_spell_design_init(&d);
  d.effect_kind = take(b, -1, 3);
  d.effect = (cops_d6_code){take(b, -1, 31), take(b, 0, 3)};
  d.effect_value = take(b, -1, 201);
  d.measure = take(b, 0, 2);
  d.range = take(b, -1, COPS_D6_RANGE_COUNT);
  d.range_tenths = take(b, -1, 100000);
  d.speed_tenths = take(b, -1, 100000);
  d.concentration = take(b, -1, COPS_D6_CONCENTRATION_COUNT);
  d.crowd = take(b, 7, 19);
  d.familiarity = take(b, -1, COPS_D6_FAMILIARITY_COUNT);
  d.group = take(b, -1, COPS_D6_TARGET_GROUP_COUNT);
  d.attitude = take(b, -1, COPS_D6_ATTITUDE_COUNT);
  d.information = take(b, -1, COPS_D6_INFORMATION_COUNT);
  d.duration_rounds = take(b, 0, 3000);
  d.duration_tenths = take(b, -1, 200000);
  d.preparation_rounds = take(b, -1, 9);
  d.casting_tenths = take(b, -1, 40000);
  d.ingredients = take(b, -1, COPS_D6_INGREDIENT_COUNT);
  d.gestures = take(b, -1, COPS_D6_GESTURE_COUNT);
  d.incantation = take(b, -1, COPS_D6_INCANTATION_COUNT);
  d.other = take(b, -101, 101);
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.spell_difficulty_halved = take(b, 0, 1);
  r.magic_modifier = take(b, -11, 16);
  r.backlash_percent = take(b, -1, 101);
  r.magic_banned = take(b, 0, 4) == 0;
  cops_d6_spell_cost c = {.size = sizeof c};
  if (cops_d6_spell_difficulty(ctx, &d, &r, &c) == COPS_OK) {
    int sum = 0;
    for (int k = 0; k < COPS_D6_PART_COUNT; k++)
      sum += c.parts[k];
    const int want = r.spell_difficulty_halved ? (sum > 0 ? (sum + 1) / 2 : sum / 2) : sum;
    if (sum != c.sum || c.difficulty != (want < 1 ? 1 : want))
      abort();
  }
  const int v = cops_d6_measure_value(take(b, 0, 1000000));
  if (v != COPS_ERANGE && (v < -5 || v > 45))
    abort();
  cops_d6_character *ch[2];
  cops_log *log;
  if (cops_log_new(&log, ctx))
    abort();
  for (int k = 0; k < 2; k++) {
    if (cops_d6_character_new(&ch[k], ctx) || cops_d6_character_set_name(ch[k], k ? "T" : "M"))
      abort();
    for (int t = 0; t < COPS_D6_TRAIT_COUNT; t++)
      if (take(b, 0, 2))
        cops_d6_character_set_trait(ch[k], t, &(cops_d6_code){take(b, -1, 6), take(b, 0, 3)});
    cops_d6_character_set_points(ch[k], take(b, 0, 3), take(b, 0, 1));
  }
  for (int n = take(b, 1, 4); n > 0; n--) {
    cops_d6_cast k;
    cops_d6_cast_init(&k);
    k.caster = ch[0];
    k.target = take(b, 0, 1) ? ch[1] : NULL;
    k.skill = take(b, -1, COPS_D6_TRAIT_COUNT);
    k.difficulty = take(b, 0, 40);
    k.damage = (cops_d6_code){take(b, -1, 6), take(b, 0, 3)};
    k.actions = take(b, 0, 11);
    k.cp = take(b, 0, 4);
    k.fp = take(b, 0, 2);
    k.flags = (unsigned)take(b, 0, 16);
    k.rules = &r;
    k.beat = take(b, -2, 30);
    if (take(b, 0, 1)) {
      k.aim_skill = take(b, COPS_D6_MARKSMANSHIP - 1, COPS_D6_THROWING + 1);
      k.aim_target = take(b, 0, 3) ? ch[1] : ch[0];
      k.distance = take(b, -1, 200);
      k.reach_m = take(b, 0, 150);
      k.aim_defence = take(b, 0, 3);
      k.aim_defence_skill = take(b, -1, COPS_D6_TRAIT_COUNT);
      k.aim_cover = take(b, -1, 3);
    }
    r.scroll_use = take(b, -1, 3);
    r.artifact_use = take(b, 0, 1);
    cops_d6_cast_outcome o = {.size = sizeof o};
    const int before = cops_log_count(log);
    const int rc = cops_d6_cast_resolve(&o, ctx, &k, log);
    if (rc != COPS_OK) {
      if (cops_log_count(log) != before)
        abort();   /* refused: nothing written */
      continue;
    }
    cops_d6_wounds w = {.size = sizeof w};
    cops_d6_character_wounds(ch[0], &w);
    if ((o.critical && (o.success || w.confused != 2)) ||
        (o.rolled && o.level != o.total - o.difficulty) || (!o.rolled && !o.success))
      abort();
    if (take(b, 0, 1))
      cops_d6_character_end_round(ch[0], ctx, 0, &r, log);
  }
  for (int n = take(b, 0, 4); n > 0; n--) {   /* psionic powers (§7.13) */
    cops_d6_psionic q;
    cops_d6_psionic_init(&q);
    q.power = take(b, -1, COPS_D6_POWER_COUNT);
    q.psionic = ch[take(b, 0, 1)];
    q.target = take(b, 0, 2) ? ch[take(b, 0, 1)] : NULL;
    q.psionic_id = take(b, -2, 3);
    q.range = take(b, -1, COPS_D6_RANGE_COUNT);
    q.concentration = take(b, -1, COPS_D6_CONCENTRATION_COUNT);
    q.group = take(b, -1, COPS_D6_TARGET_GROUP_COUNT);
    q.information = take(b, -1, COPS_D6_INFORMATION_COUNT);
    q.duration_rounds = take(b, 0, 1500);
    q.psychometry = take(b, -1, 4);
    q.medium = (unsigned)take(b, 0, 17);
    q.years_dead = take(b, -1, 60);
    q.actions = take(b, 0, 11);
    q.rules = &r;
    cops_d6_psionic_outcome o = {.size = sizeof o};
    const int before = cops_log_count(log);
    const int rc = cops_d6_psionic_resolve(&o, ctx, &q, log);
    if (rc != COPS_OK ? cops_log_count(log) != before
                      : (o.critical && o.success) || (o.band >= 0 && !o.success) ||
                            o.protection < 0)
      abort();
  }
  char *json;
  if (cops_log_to_jsonl(log, 0, &json) == COPS_OK)
    cops_free(json);
  if (cops_log_narrate(log, 0, COPS_LANG_FR, &json) == COPS_OK)
    cops_free(json);
  cops_log_free(log);
  cops_d6_character_free(ch[0]);
  cops_d6_character_free(ch[1]);
}

/* D6 fight files (a scenario or a save): read, saved and read back to the same text, then
 * played a few rounds, each turn first with a declaration made of fuzzed bytes (refused,
 * or played, or refused when played with nothing changed), then the policy's, which the
 * fight always accepts; a save between rounds reads back. */

/* A sheet written, read back and written again: the same text, else abort (an oracle). */
static void sheet_round_trip(cops_ctx *ctx, const cops_character *ch)
{
  char *json, *second;
  cops_character *again;
  if (cops_character_to_json(ch, &json) != COPS_OK)
    return;
  if (cops_character_from_json(&again, ctx, json) != COPS_OK)
    abort();
  if (cops_character_to_json(again, &second) != COPS_OK || strcmp(json, second))
    abort();
  cops_free(second);
  cops_character_free(again);
  cops_free(json);
}

static void fuzz_d6_fight(cops_ctx *ctx, const char *text, struct bytes *b)
{
  cops_d6_fight *f, *again;
  char *json, *second;
  if (cops_ctx_confine(ctx, ".", 1 << 20))
    abort();
  if (cops_d6_fight_from_json(&f, ctx, text, NULL) != COPS_OK)
    return;
  if (cops_d6_fight_save(f, &json) != COPS_OK)
    abort();
  if (cops_d6_fight_from_json(&again, ctx, json, NULL) != COPS_OK ||
      cops_d6_fight_save(again, &second) != COPS_OK || strcmp(json, second))
    abort();
  cops_free(json);
  cops_free(second);
  cops_d6_fight_free(again);
  cops_d6_fight_set_max_rounds(f, cops_d6_fight_round(f) + 3 > 10000 ? 10000
                                  : cops_d6_fight_round(f) + 3);
  const int n = cops_d6_fight_count(f), nv = cops_d6_fight_vehicle_count(f);
  for (int r = 0; r < 3 && !cops_d6_fight_over(f); r++) {
    if (cops_d6_fight_begin_round(f) != COPS_OK)
      break;
    int id;
    while (cops_d6_fight_next(f, &id) == COPS_OK && id >= 0) {
      cops_d6_declaration d;
      cops_d6_declaration_init(&d, take(b, 0, COPS_D6_DO_COUNT));
      d.target = take(b, -1, d.action == COPS_D6_DO_SHOOT_VEHICLE ||
                                     d.action == COPS_D6_DO_RAM ? nv : n);
      d.weapon = take(b, -2, 8);
      d.option = take(b, 0, COPS_D6_OPTION_COUNT);
      d.location = take(b, 0, COPS_D6_LOCATION_COUNT);
      d.count = take(b, 0, 5);
      d.impact = take(b, 0, 4);
      d.defence = take(b, 0, 3);
      d.defence_skill = take(b, -1, COPS_D6_TRAIT_COUNT);
      d.parry_weapon = take(b, -1, 8);
      d.disarm = take(b, 0, 1);
      d.release = take(b, 0, 1);
      d.speed = take(b, -2, 5);
      d.moving = take(b, 0, 1);
      d.x = take(b, -20, 20);
      d.y = take(b, -20, 20);
      d.extra_actions = take(b, 0, 6);
      if (d.action == COPS_D6_DO_CAST) {   /* D6-M22 */
        d.spell_skill = take(b, -1, COPS_D6_TRAIT_COUNT);
        d.spell_difficulty = take(b, 0, 30);
        d.spell_damage.dice = take(b, 0, 4);
        d.preparation = take(b, -1, 4);
        d.spell_aim = take(b, -2, COPS_D6_TRAIT_COUNT);
        d.spell_reach = take(b, 0, 50);
        d.spell_beat = take(b, -2, 20);
        d.cp = take(b, 0, 2);
      }
      if (cops_d6_fight_declare(f, id, &d) == COPS_OK) {
        cops_log *log = cops_d6_fight_log(f);
        const int before = cops_log_count(log);
        const int rc = cops_d6_fight_step(f, NULL);
        if (rc == COPS_OK)
          continue;
        if (rc != COPS_ERULE || cops_log_count(log) != before)
          abort();   /* refused when played: nothing changed */
      }
      cops_d6_declaration_init(&d, COPS_D6_DO_NOTHING);
      if (cops_d6_fight_suggest(f, id, &d) != COPS_OK ||
          cops_d6_fight_declare(f, id, &d) != COPS_OK) {
        fprintf(stderr, "the policy's turn refused: %s\n", cops_ctx_errmsg(ctx));
        abort();   /* the policy's turn is always one the fight accepts */
      }
      if (cops_d6_fight_step(f, NULL) != COPS_OK)
        abort();
    }
    if (!cops_d6_fight_over(f) && cops_d6_fight_save(f, &json) == COPS_OK) {
      if (cops_d6_fight_from_json(&again, ctx, json, NULL) != COPS_OK)
        abort();
      cops_d6_fight_free(again);
      cops_free(json);
    }
  }
  if (cops_log_to_jsonl(cops_d6_fight_log(f), 0, &json) == COPS_OK)
    cops_free(json);
  if (cops_log_narrate(cops_d6_fight_log(f), 0, COPS_LANG_FR, &json) == COPS_OK)
    cops_free(json);
  cops_d6_fight_free(f);
}

#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size == 0)
    return 0;
  char *text = malloc(size);
  if (!text)
    return 0;
  memcpy(text, data + 1, size - 1);
  text[size - 1] = '\0';
  cops_ctx *ctx;
  cops_roll *roll;
  if (cops_ctx_new(&ctx) || cops_roll_new(&roll))
    abort();
  cops_ctx_seed(ctx, 1);
  char *json = NULL;
  struct bytes b = {data + 1, size - 1};
  switch (data[0] % 27) {
  case 0: {
    cops_action a;
    double p;
    if (cops_action_parse(&a, ctx, text) == COPS_OK) {
      cops_odds_success(ctx, &a, &p);
      if (cops_roll_action(roll, ctx, &a) == COPS_OK && cops_roll_to_json(roll, &json) == COPS_OK)
        cops_free(json);
    }
    break;
  }
  case 1: {
    /* A sheet: written, read back and written the same (an oracle: abort otherwise); its
     * relations asked, pushed and released (C9); the input as its dossier, its extra object
     * and its gear, refused or kept and written back the same; its weapons reloaded; the input
     * as a Roll20 character.
     * Confined: a text names no file. */
    cops_character *ch;
    if (cops_ctx_confine(ctx, ".", 1 << 20))
      abort();
    if (cops_character_from_json(&ch, ctx, text) == COPS_OK) {
      sheet_round_trip(ctx, ch);
      for (int i = 0; i < cops_character_relation_count(ch); i++) {
        int level;
        cops_relation_information(ch, i, "drogue", &level);
        cops_relation_release(ch, i);
        cops_relation_push(ch, i, "gangs");
        cops_character_set_relation_level(ch, i, 4);
      }
      if ((cops_character_set_dossier(ch, text) == COPS_OK) +
          (cops_character_set_extra(ch, text) == COPS_OK))
        sheet_round_trip(ctx, ch);
      for (int k = 0; k < cops_character_weapon_count(ch); k++) {
        const int spares = cops_weapon_magazines(cops_character_weapon(ch, k));
        if (cops_weapon_reload(cops_character_weapon(ch, k)) == COPS_OK && spares > 0 &&
            cops_weapon_magazines(cops_character_weapon(ch, k)) != spares - 1)
          abort();   /* a counted reload uses one magazine */
      }
      sheet_round_trip(ctx, ch);
      cops_character_free(ch);
    } else if (cops_character_new(&ch, ctx) == COPS_OK) {   /* the input as a gear object */
      if (cops_character_set_name(ch, "Ana") == COPS_OK &&
          cops_character_set_gear(ch, text) == COPS_OK)
        sheet_round_trip(ctx, ch);
      cops_character_free(ch);
    }
    /* The input as a Roll20 character: whatever it holds, a sheet that reads back, or an
     * error with nothing made. */
    char *said = NULL;
    const int imported = cops_character_from_roll20(&ch, ctx, text, &said);
    if (imported == COPS_OK) {
      if (!said)
        abort();
      sheet_round_trip(ctx, ch);
      cops_character_free(ch);
      cops_free(said);
    } else if (ch || said) {
      abort();
    }
    break;
  }
  case 2: {
    cops_weapon *w;
    if (cops_weapon_from_json(&w, ctx, text) == COPS_OK) {
      if (cops_weapon_to_json(w, &json) == COPS_OK)
        cops_free(json);
      cops_weapon_free(w);
    }
    break;
  }
  case 3: {
    cops_armour *a;
    if (cops_armour_from_json(&a, ctx, text) == COPS_OK) {
      if (cops_armour_to_json(a, &json) == COPS_OK)
        cops_free(json);
      cops_armour_free(a);
    }
    break;
  }
  case 4: {
    cops_character *ch;
    cops_action a;
    if (cops_character_from_json(&ch, ctx, sheet) != COPS_OK)
      abort();
    if (cops_character_action(&a, ch, text, 0) == COPS_OK) {
      cops_character_roll(roll, ch, text, COPS_ADRENALINE_DIE);
      /* C8.2: at 0 hit points the same roll is refused, unless it is not an action. */
      int before;
      cops_character_points(ch, COPS_ADRENALINE, &before, NULL);
      cops_character_set_hp(ch, 0);
      if (cops_character_roll(roll, ch, text, COPS_ADRENALINE_DIE) != COPS_ERULE ||
          cops_roll_kind(roll) != COPS_ROLL_NONE)
        abort();
      int after;
      cops_character_points(ch, COPS_ADRENALINE, &after, NULL);
      if (after != before)
        abort();
      cops_character_roll(roll, ch, text, COPS_NOT_AN_ACTION);
    }
    cops_character_free(ch);
    break;
  }
  case 5: {
    /* A scenario or a chase file inline, run a few rounds. Confined: a text names no file
     * (a fuzzer could name /dev/stdin). */
    if (cops_ctx_confine(ctx, ".", 1 << 20))
      abort();
    cops_chase *chase;
    if (cops_chase_resume(&chase, ctx, text) == COPS_OK) {   /* a saved chase */
      if (cops_chase_save(chase, &json) == COPS_OK)
        cops_free(json);
      cops_chase_set_max_rounds(chase, cops_chase_round(chase) + 3);
      cops_chase_run(chase);
      cops_chase_free(chase);
    }
    if (cops_chase_from_json(&chase, ctx, text, NULL) == COPS_OK) {
      cops_chase_set_max_rounds(chase, 5);
      cops_checkpoint *cp;
      char *board, *again;
      if (cops_chase_checkpoint(chase, &cp) || cops_chase_snapshot(chase, &board))
        abort();
      cops_chase_run(chase);
      if (cops_chase_rollback(chase, cp) || cops_chase_snapshot(chase, &again) ||
          strcmp(board, again) != 0)
        abort();
      cops_free(board);
      cops_free(again);
      cops_checkpoint_free(cp);
      cops_chase_run(chase);
      if (cops_log_to_jsonl(cops_chase_log(chase), 0, &json) == COPS_OK)
        cops_free(json);
      cops_chase_free(chase);
    }
    cops_scenario *sc;
    if (cops_scenario_from_json(&sc, ctx, text, NULL) == COPS_OK) {
      cops_encounter *e = cops_scenario_encounter(sc);
      cops_encounter_set_max_rounds(e, 3);
      cops_encounter_seed(e, 1);
      if (cops_scenario_run(sc) == COPS_OK && cops_log_to_jsonl(cops_encounter_log(e), 0,
                                                                &json) == COPS_OK)
        cops_free(json);
      if (cops_log_narrate(cops_encounter_log(e), 0, COPS_LANG_FR, &json) == COPS_OK)
        cops_free(json);
      cops_scenario_free(sc);
    }
    break;
  }
  case 7:
    fuzz_attack(ctx, &b);
    break;
  case 8:
    fuzz_odds(ctx, &b);
    break;
  case 9:
    fuzz_encounter(ctx, &b);
    break;
  case 10: {
    /* A saved fight: read, written again, and a few rounds on. */
    cops_encounter *e;
    if (cops_encounter_load(&e, ctx, text) == COPS_OK) {
      if (cops_encounter_save(e, &json) == COPS_OK)
        cops_free(json);
      for (int r = 0; r < 3 && !cops_encounter_over(e); r++)
        if (cops_encounter_run_round(e) != COPS_OK)
          break;
      if (cops_log_to_jsonl(cops_encounter_log(e), 0, &json) == COPS_OK)
        cops_free(json);
      cops_encounter_free(e);
    }
    break;
  }
  case 11:
    fuzz_wounds(ctx, &b);
    break;
  case 12:
    fuzz_chase(ctx, &b);
    break;
  case 13: {
    /* A subject (C4): read, written, read back and written the same (an oracle); the odds
     * of every approach of a fixed cop. */
    cops_subject *s, *again;
    if (cops_subject_from_json(&s, ctx, text) == COPS_OK) {
      if (cops_subject_to_json(s, &json) == COPS_OK) {
        char *second;
        if (cops_subject_from_json(&again, ctx, json) != COPS_OK)
          abort();
        if (cops_subject_to_json(again, &second) != COPS_OK || strcmp(json, second))
          abort();
        cops_free(second);
        cops_subject_free(again);
        cops_free(json);
      }
      cops_character *cop;
      if (cops_character_from_json(&cop, ctx, sheet))
        abort();
      static const int methods[] = {COPS_INTIMIDATION, COPS_ELOQUENCE, COPS_RHETORIQUE, 0};
      for (int m = 0; m < 4; m++)
        for (int a = -1; a <= COPS_IV_ATTITUDE_COUNT; a++) {
          cops_approach ap;
          cops_approach_init(&ap, methods[m], a);
          ap.affinity = a & 1;
          ap.deficiency = m & 1;
          ap.resistance_up = (m + a) & 7;
          cops_interrogation_odds o;
          o.size = sizeof o;
          const int rc = cops_approach_odds(s, cop, &ap, &o);
          if (rc == COPS_OK && fabs(o.win + o.tie + o.lose - 1) > 1e-9)
            abort();
          /* C4.7: a method barred on the subject is no approach (an attitude out of range
           * is refused first). */
          if (cops_subject_barred(s, methods[m]) == 1 && a >= 0 &&
              a < COPS_IV_ATTITUDE_COUNT && rc != COPS_ERULE)
            abort();
        }
      cops_character_free(cop);
      cops_subject_free(s);
    }
    break;
  }
  case 14: {
    /* A saved interview (C4): read, written, read back and written the same (an oracle);
     * then the evaluation, new evidence and an approach of each method, the log rendered. */
    cops_interview *iv, *again;
    if (cops_interview_resume(&iv, ctx, text) == COPS_OK) {
      if (cops_interview_save(iv, &json) == COPS_OK) {
        char *second;
        if (cops_interview_resume(&again, ctx, json) != COPS_OK)
          abort();
        if (cops_interview_save(again, &second) != COPS_OK || strcmp(json, second))
          abort();
        cops_free(second);
        cops_interview_free(again);
        cops_free(json);
      }
      cops_interview_evaluate(iv, NULL, NULL);
      cops_interview_evidence(iv);
      static const int methods[] = {COPS_INTIMIDATION, COPS_ELOQUENCE, COPS_RHETORIQUE};
      for (int m = 0; m < 3; m++) {
        cops_approach ap;
        cops_approach_init(&ap, methods[m], m + 1);
        ap.anciennete = m == 1;
        cops_interrogation_odds o;
        o.size = sizeof o;
        if (cops_interview_odds(iv, &ap, m & 1, &o) == COPS_OK &&
            fabs(o.win + o.tie + o.lose - 1) > 1e-9)
          abort();
        cops_interview_ask(iv, &ap, NULL);
      }
      if (cops_log_to_jsonl(cops_interview_log(iv), 0, &json) == COPS_OK)
        cops_free(json);
      if (cops_log_narrate(cops_interview_log(iv), 0, COPS_LANG_ES, &json) == COPS_OK)
        cops_free(json);
      cops_interview_free(iv);
    }
    break;
  }
  case 15: {
    /* A simulator's summary: read, written, read back and written the same (an oracle);
     * merged with a copy of itself (refused unless it counts no fight). */
    cops_sim *s, *again;
    if (cops_sim_from_json(&s, ctx, text) == COPS_OK) {
      if (cops_sim_to_json(s, &json) == COPS_OK) {
        char *second;
        if (cops_sim_from_json(&again, ctx, json) != COPS_OK)
          abort();
        if (cops_sim_to_json(again, &second) != COPS_OK || strcmp(json, second))
          abort();
        if (cops_sim_merge(s, again) == COPS_OK &&
            cops_sim_fights(again) + cops_sim_stopped(again) != 0)
          abort();
        cops_free(second);
        cops_sim_free(again);
        cops_free(json);
      }
      cops_sim_free(s);
    }
    break;
  }
#if COPS_WITH_ST
  case 16:
    fuzz_st_text(ctx, roll, text);
    break;
  case 17:
    fuzz_st_bytes(ctx, roll, &b);
    break;
  case 18:
    fuzz_st_sheet(ctx, text);
    break;
  case 19:
    fuzz_st_attack(ctx, &b);
    break;
  case 20:
    fuzz_st_fight(ctx, text);
    break;
#endif
#if COPS_WITH_D6
  case 21:
    fuzz_d6_text(ctx, roll, text);
    break;
  case 22:
    fuzz_d6_sheet(ctx, text);
    break;
  case 23:
    fuzz_d6_attack(ctx, &b);
    break;
  case 24:
    fuzz_d6_fight(ctx, text, &b);
    break;
  case 25:
    fuzz_d6_magic(ctx, &b);
    break;
#endif
  case 26: {
    /* A sealed text opened with a fixed key (<cops/seal.h>); what opens seals again and
     * opens back to the same (an oracle: abort otherwise). */
    static const unsigned char key[COPS_SEAL_KEY_BYTES] = "libcops fuzzing key, 32 bytes.!";
    char *open = NULL, *again = NULL, *back = NULL;
    (void)cops_is_sealed(text);
    if (cops_unseal(ctx, key, sizeof key, text, &open) == COPS_OK) {
      if (cops_seal(ctx, key, sizeof key, open, &again) != COPS_OK ||
          cops_unseal(ctx, key, sizeof key, again, &back) != COPS_OK || strcmp(open, back))
        abort();
    }
    cops_free(back);
    cops_free(again);
    cops_free(open);
    break;
  }
  default: {
    int v, x, y, z;
    cops_skill_parse(text, &v);
    cops_characteristic_parse(text, &v);
    cops_location_parse(text, &v);
    cops_weapon_kind_parse(text, &v);
    cops_weapon_values_from_name(text, &x, &y, &z);
    break;
  }
  }
  cops_roll_free(roll);
  cops_ctx_free(ctx);
  free(text);
  return 0;
}
