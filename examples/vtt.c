/* A virtual tabletop's fight on libcops (docs/encounters.md, "Building a VTT on
 * libcops"): the player controls Mike, the default policy the others. Each round
 * the table reads what it draws (hit points, the weapon and its rounds, the
 * initiatives allowed, the actions refused and why), offers the policy's
 * suggestion as the player's default, shows its odds before the roll, declares
 * it and narrates the round. Ancienneté is the player's: asked for by a callback
 * when Mike fails a roll. After round SAVE_ROUND the fight is saved to a file,
 * everything is freed, and the fight is resumed from the file in a new context:
 * the rest of the evening is the one it would have been.
 * Build: cc vtt.c $(pkg-config --cflags --libs cops)
 * Run:   ./vtt SCENARIO SEED [SAVE_ROUND SAVE_FILE]
 * The narration goes to standard output, the table's notes on saving to standard
 * error: with and without a save, standard output is the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cops/cops.h>

#define PLAYER 0   /* Mike, the scenario's first combatant */

static int fail(cops_ctx *ctx, const char *what)
{
  fprintf(stderr, "vtt: %s: %s\n", what, cops_ctx_errmsg(ctx));
  return EXIT_FAILURE;
}

/* The player's rule for Ancienneté (C5): spend it to stay in the fight, that is on a
 * failed stopping-power or recovery roll, never on a shot. */
static int player_decides(void *user, int id, int purpose, const cops_roll *failed,
                          int points)
{
  (void)user;
  const int spend = purpose == COPS_PURPOSE_STOPPING || purpose == COPS_PURPOSE_RECOVERY;
  printf("  [table] combatant %d failed its %s roll (%d successes): %s (%d Ancienneté left)\n",
         id, cops_purpose_name(purpose), cops_roll_successes(failed),
         spend ? "spends a point" : "keeps the points", points);
  return spend;
}

/* What the table draws for the player before declaring. */
static int show_player(cops_ctx *ctx, cops_encounter *e)
{
  const cops_character *mike = cops_encounter_character(e, PLAYER);
  int hp, hand, lo, hi;
  if (cops_character_hp(mike, &hp) || cops_encounter_hand(e, PLAYER, &hand) ||
      cops_encounter_initiative_range(e, PLAYER, &lo, &hi))
    return fail(ctx, "reading the player");
  printf("  [table] %s: %d/%d hit points", cops_character_name(mike), hp,
         cops_character_max_hp(mike));
  if (hand >= 0) {
    const cops_weapon *w = cops_encounter_weapon_at(e, PLAYER, hand);
    int loaded = 0;
    cops_weapon_get(w, COPS_WEAPON_LOADED, &loaded);
    printf(", %s in hand (%d rounds)", cops_weapon_name(w), loaded);
  }
  printf(", initiative %+d..%+d\n", lo, hi);
  for (int a = 0; a < COPS_ACT_COUNT; a++) {
    int ok;
    char why[256];
    if (cops_encounter_allowed(e, PLAYER, a, &ok, why, sizeof why))
      return fail(ctx, "what is allowed");
    if (!ok && (a == COPS_ACT_BURST || a == COPS_ACT_MELEE || a == COPS_ACT_RELOAD))
      printf("  [table] no %s: %s\n", cops_encounter_action_name(a), why);
  }
  return 0;
}

/* The policy's suggestion as the player's default, its odds, and the declaration. */
static int player_declares(cops_ctx *ctx, cops_encounter *e, cops_attack_odds *odds)
{
  cops_declaration d;
  cops_declaration_init(&d, COPS_ACT_WAIT);
  if (cops_encounter_suggest(e, PLAYER, &d))
    return fail(ctx, "the suggestion");
  printf("  [table] suggested: %s", cops_encounter_action_name(d.action));
  if (d.target >= 0)
    printf(" at %s", cops_character_name(cops_encounter_character(e, d.target)));
  if (d.target >= 0 && d.action >= COPS_ACT_SHOOT && d.action <= COPS_ACT_ESCAPE) {
    double hit, down, mean = 0;
    if (cops_encounter_odds(e, PLAYER, &d, odds) || cops_attack_odds_hit(odds, &hit, NULL) ||
        cops_attack_odds_down(odds, &down, NULL))
      return fail(ctx, "the odds");
    for (int k = 0; k <= cops_attack_odds_damage_max(odds); k++) {
      double p;
      cops_attack_odds_damage(odds, k, &p);
      mean += k * p;
    }
    printf(" — %.0f %% to hit, %.1f damage on average, %.0f %% the target goes down",
           100 * hit, mean, 100 * down);
  }
  printf("\n");
  if (cops_encounter_declare(e, PLAYER, &d))
    return fail(ctx, "the declaration");
  return 0;
}

/* Save the fight, free everything, and resume it from the file in a new context. */
static int save_and_resume(cops_ctx **ctx, cops_scenario **sc, cops_encounter **e,
                           const char *file)
{
  if (cops_encounter_save_file(*e, file))
    return fail(*ctx, "saving");
  fprintf(stderr, "vtt: saved after round %d to %s; resuming in a new context\n",
          cops_encounter_round(*e), file);
  if (*sc)
    cops_scenario_free(*sc);
  else
    cops_encounter_free(*e);
  cops_ctx_free(*ctx);
  *sc = NULL;
  *e = NULL;
  if (cops_ctx_new(ctx))
    return EXIT_FAILURE;
  if (cops_encounter_load_file(e, *ctx, file))
    return fail(*ctx, "resuming");
  /* The callback is the table's, not the save's. */
  if (cops_encounter_set_anciennete_callback(*e, player_decides, NULL))
    return fail(*ctx, "the callback");
  return 0;
}

int main(int argc, char **argv)
{
  if (argc != 3 && argc != 5) {
    fprintf(stderr, "usage: vtt SCENARIO SEED [SAVE_ROUND SAVE_FILE]\n");
    return 2;
  }
  const int save_round = argc == 5 ? atoi(argv[3]) : -1;
  cops_ctx *ctx;
  cops_scenario *sc;
  if (cops_ctx_new(&ctx))
    return EXIT_FAILURE;
  if (cops_scenario_load(&sc, ctx, argv[1]))
    return fail(ctx, argv[1]);
  cops_encounter *e = cops_scenario_encounter(sc);
  if (cops_encounter_seed(e, strtoull(argv[2], NULL, 10)) ||
      cops_encounter_set_controlled(e, PLAYER, 1) ||
      cops_encounter_set_anciennete_callback(e, player_decides, NULL))
    return fail(ctx, "the table");
  int rc = 0, from = 0;
  while (!rc && !cops_encounter_over(e)) {
    if (cops_encounter_round(e) == save_round) {
      if ((rc = save_and_resume(&ctx, &sc, &e, argv[4])))
        break;
      from = 0;   /* the resumed log starts empty, its events numbered on */
    }
    cops_attack_odds *odds;
    if (cops_attack_odds_new(&odds, ctx))
      return EXIT_FAILURE;
    if (cops_encounter_begin_round(e)) {
      rc = fail(ctx, "the round");
    } else {
      printf("Round %d\n", cops_encounter_round(e));
      int can = 0;
      cops_encounter_able(e, PLAYER, &can);
      if (can && !(rc = show_player(ctx, e)))
        rc = player_declares(ctx, e, odds);
      if (!rc && cops_encounter_resolve_round(e))
        rc = fail(ctx, "resolving");
    }
    cops_attack_odds_free(odds);
    char *text;
    if (!rc && !cops_log_narrate(cops_encounter_log(e), from, COPS_LANG_EN, &text)) {
      fputs(text, stdout);
      cops_free(text);
      from = cops_log_count(cops_encounter_log(e));
    }
  }
  int side;
  if (!rc && !cops_encounter_get_winner(e, &side))
    printf("Winner: side %d\n", side);
  if (sc)
    cops_scenario_free(sc);
  else
    cops_encounter_free(e);
  cops_ctx_free(ctx);
  return rc;
}
