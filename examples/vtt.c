/* A virtual tabletop's fight on libcops (docs/encounters.md, "Building a VTT on
 * libcops" and "Tabletops"): the player controls Mike, the default policy the others.
 * The table tags each combatant with its own token id, and each round draws the board
 * from one state per token (cops_encounter_state), shows what the player may do (the
 * initiatives allowed, the actions refused and why), offers the policy's suggestion as
 * the player's default, shows its odds before the roll, declares it and narrates the
 * round. Ancienneté is the player's: asked for by a callback when Mike fails a roll.
 * In round UNDO_ROUND the player mis-clicks (waits instead of acting): the GM takes
 * the round back (cops_encounter_rollback to the round's checkpoint) and it is played
 * again as it should have been. After round SAVE_ROUND the fight is saved to a file,
 * everything is freed, and the fight is resumed from the file in a new context: the
 * rest of the evening is the one it would have been, tokens included.
 * Build: cc vtt.c $(pkg-config --cflags --libs cops)
 * Run:   ./vtt SCENARIO SEED [SAVE_ROUND SAVE_FILE [UNDO_ROUND]]   (-1: no save)
 * The board and the narration go to standard output, the table's notes on saving and
 * undoing to standard error: with and without a save or an undo, standard output is
 * the same. */
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
struct table {
  int quiet;   /* a mis-clicked round, to be taken back: nothing shown */
};

static int player_decides(void *user, int id, int purpose, const cops_roll *failed,
                          int points)
{
  const struct table *table = user;
  const int spend = purpose == COPS_PURPOSE_STOPPING || purpose == COPS_PURPOSE_RECOVERY;
  if (!table->quiet)
    printf("  [table] combatant %d failed its %s roll (%d successes): %s (%d Ancienneté left)\n",
           id, cops_purpose_name(purpose), cops_roll_successes(failed),
           spend ? "spends a point" : "keeps the points", points);
  return spend;
}

/* The table's own token ids, given to the library once (cops_encounter_set_tag): every
 * event and state names the token as well as the combatant's id. */
static int tag_tokens(cops_ctx *ctx, cops_encounter *e)
{
  for (int id = 0; id < cops_encounter_count(e); id++) {
    char token[32];
    snprintf(token, sizeof token, "token-%c", 'A' + id);
    if (cops_encounter_set_tag(e, id, token))
      return fail(ctx, "tagging the tokens");
  }
  return 0;
}

/* The board, one state per token: what the table draws each frame. */
static int draw_board(cops_ctx *ctx, const cops_encounter *e)
{
  for (int id = 0; id < cops_encounter_count(e); id++) {
    cops_combatant_state st;
    cops_combatant_state_init(&st);
    if (cops_encounter_state(e, id, &st))
      return fail(ctx, "the board");
    if (!st.present)
      continue;
    printf("  [board] %s %-22s side %d at (%d, %d) %2d/%d %s", st.tag, st.name, st.side, st.x,
           st.y, st.hp, st.max_hp, cops_health_state_key(st.health_state));
    if (st.weapon >= 0)
      printf(", %s (%d)", st.weapon_name, st.loaded);
    if (st.held_by >= 0)
      printf(", held by %s", cops_encounter_tag(e, st.held_by));
    printf("\n");
  }
  return 0;
}

/* What the table shows the player before declaring. */
static int show_player(cops_ctx *ctx, cops_encounter *e)
{
  int lo, hi;
  if (cops_encounter_initiative_range(e, PLAYER, &lo, &hi))
    return fail(ctx, "reading the player");
  printf("  [table] %s may declare an initiative %+d..%+d\n", cops_encounter_tag(e, PLAYER),
         lo, hi);
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

/* The policy's suggestion as the player's default, its odds, and the declaration; a
 * mis-click declares a wait instead, and shows nothing (the round is taken back). */
static int player_declares(cops_ctx *ctx, cops_encounter *e, cops_attack_odds *odds,
                           int misclick)
{
  cops_declaration d;
  cops_declaration_init(&d, COPS_ACT_WAIT);
  if (misclick)
    return cops_encounter_declare(e, PLAYER, &d) ? fail(ctx, "the declaration") : 0;
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
                           const char *file, struct table *table)
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
  fprintf(stderr, "vtt: the tokens came back: %s is %s\n",
          cops_character_name(cops_encounter_character(*e, PLAYER)),
          cops_encounter_tag(*e, PLAYER));
  /* The callback is the table's, not the save's. */
  if (cops_encounter_set_anciennete_callback(*e, player_decides, table))
    return fail(*ctx, "the callback");
  return 0;
}

/* One round: begin, the player's declaration (a mis-click when @p misclick), resolve. */
static int play_round(cops_ctx *ctx, cops_encounter *e, int misclick)
{
  cops_attack_odds *odds;
  if (cops_attack_odds_new(&odds, ctx))
    return EXIT_FAILURE;
  int rc = 0;
  if (cops_encounter_begin_round(e)) {
    rc = fail(ctx, "the round");
  } else {
    int can = 0;
    cops_encounter_able(e, PLAYER, &can);
    if (!misclick)
      printf("Round %d\n", cops_encounter_round(e));
    if (can && !misclick && !(rc = draw_board(ctx, e)))
      rc = show_player(ctx, e);
    if (can && !rc)
      rc = player_declares(ctx, e, odds, misclick);
    if (!rc && cops_encounter_resolve_round(e))
      rc = fail(ctx, "resolving");
  }
  cops_attack_odds_free(odds);
  return rc;
}

int main(int argc, char **argv)
{
  if (argc != 3 && argc != 5 && argc != 6) {
    fprintf(stderr, "usage: vtt SCENARIO SEED [SAVE_ROUND SAVE_FILE [UNDO_ROUND]]\n");
    return 2;
  }
  const int save_round = argc >= 5 ? atoi(argv[3]) : -1;
  const int undo_round = argc == 6 ? atoi(argv[5]) : -1;
  cops_ctx *ctx;
  cops_scenario *sc;
  if (cops_ctx_new(&ctx))
    return EXIT_FAILURE;
  if (cops_scenario_load(&sc, ctx, argv[1]))
    return fail(ctx, argv[1]);
  cops_encounter *e = cops_scenario_encounter(sc);
  struct table table = {0};
  if (cops_encounter_seed(e, strtoull(argv[2], NULL, 10)) ||
      cops_encounter_set_controlled(e, PLAYER, 1) ||
      cops_encounter_set_anciennete_callback(e, player_decides, &table))
    return fail(ctx, "the table");
  int rc = tag_tokens(ctx, e), from = 0;
  while (!rc && !cops_encounter_over(e)) {
    if (cops_encounter_round(e) == save_round) {
      if ((rc = save_and_resume(&ctx, &sc, &e, argv[4], &table)))
        break;
      from = 0;   /* the resumed log starts empty, its events numbered on */
    }
    if (cops_encounter_round(e) + 1 == undo_round) {
      /* The mis-clicked round, played and taken back: the log, the dice, the wounds
       * and the rounds fired are where they were. */
      cops_checkpoint *cp;
      if (cops_encounter_checkpoint(e, &cp))
        return fail(ctx, "the checkpoint");
      table.quiet = 1;
      rc = play_round(ctx, e, 1);
      table.quiet = 0;
      if (!rc && cops_encounter_rollback(e, cp))
        rc = fail(ctx, "the undo");
      cops_checkpoint_free(cp);
      if (rc)
        break;
      fprintf(stderr, "vtt: round %d taken back and played again\n", undo_round);
    }
    rc = play_round(ctx, e, 0);
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
