/* An encounter built through the C API, no JSON: two cops and a ganger, the
 * player controlling Mike round by round, the default policy the others.
 * Build: cc encounter.c $(pkg-config --cflags --libs cops)
 * Run:   ./encounter [seed]   (narration in English, then who won) */
#include <stdio.h>
#include <stdlib.h>

#include <cops/cops.h>

static cops_character *person(cops_ctx *ctx, const char *name, int coordination, int reflexes)
{
  cops_character *ch = NULL;
  if (cops_character_new(&ch, ctx))
    return NULL;
  cops_character_set_name(ch, name);
  cops_character_set_characteristic(ch, COPS_CARRURE, 3);
  cops_character_set_characteristic(ch, COPS_COORDINATION, coordination);
  cops_character_set_characteristic(ch, COPS_REFLEXES, reflexes);
  cops_character_set_characteristic(ch, COPS_SANG_FROID, 3);
  cops_character_set_hp(ch, cops_character_max_hp(ch));
  cops_character_set_skill(ch, COPS_ARME_DE_POING, 5, NULL);
  return ch;
}

static cops_weapon *handgun(cops_ctx *ctx)
{
  cops_weapon *w = NULL;
  if (cops_weapon_new(&w, ctx, COPS_HANDGUN, "Vulcan 051"))   /* PR 0, PU 5, FA 1 */
    return NULL;
  cops_weapon_set(w, COPS_WEAPON_RANGE, 20);
  cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 12);
  cops_weapon_set(w, COPS_WEAPON_LOADED, 12);
  return w;
}

int main(int argc, char **argv)
{
  cops_ctx *ctx;
  cops_encounter *e;
  if (cops_ctx_new(&ctx) || cops_encounter_new(&e, ctx, COPS_RULES_CORE))
    return 1;
  cops_character *mike = person(ctx, "Mike", 3, 4), *sarah = person(ctx, "Sarah", 3, 3),
                 *joe = person(ctx, "Joe", 3, 3);
  cops_weapon *w1 = handgun(ctx), *w2 = handgun(ctx), *w3 = handgun(ctx);
  cops_armour *vest = NULL;
  cops_armour_new(&vest, ctx, "Gilet pare-balles");
  cops_armour_set(vest, COPS_LOC_TORSO, 2, 1);
  cops_armour_set(vest, COPS_LOC_ABDOMEN, 2, 1);
  int m, s, j;
  if (!mike || !sarah || !joe || !w1 || !w2 || !w3 ||
      cops_encounter_add(e, mike, 0, 0, 0, &m) || cops_encounter_add(e, sarah, 0, 2, 0, &s) ||
      cops_encounter_add(e, joe, 1, 15, 4, &j)) {
    fprintf(stderr, "encounter: %s\n", cops_ctx_errmsg(ctx));
    return 1;
  }
  cops_encounter_give_weapon(e, m, w1);
  cops_encounter_give_weapon(e, s, w2);
  cops_encounter_give_weapon(e, j, w3);
  cops_encounter_set_armour(e, m, vest);
  cops_encounter_set_controlled(e, m, 1);        /* the player's character */
  cops_encounter_seed(e, argc > 1 ? strtoull(argv[1], NULL, 10) : 2030);

  while (!cops_encounter_over(e)) {
    if (cops_encounter_begin_round(e))
      break;
    int can = 0;
    if (cops_encounter_able(e, m, &can) == COPS_OK && can) {
      /* The player's choice: Agressif, initiative -1 (act early, one die less), one shot
       * at Joe; once Mike has fired 6 rounds, reload. */
      cops_declaration d;
      int loaded = 0;
      cops_weapon_get(cops_encounter_weapon(e, m), COPS_WEAPON_LOADED, &loaded);
      cops_declaration_init(&d, loaded > 6 ? COPS_ACT_SHOOT : COPS_ACT_RELOAD);
      d.attitude = COPS_AGRESSIF;
      d.initiative = (cops_character_conditions(mike) & COPS_COND_NO_NEGATIVE_INITIATIVE) ? 0 : -1;
      if (d.action == COPS_ACT_SHOOT)
        d.target = j;
      if (cops_encounter_declare(e, m, &d)) {
        fprintf(stderr, "encounter: %s\n", cops_ctx_errmsg(ctx));
        break;
      }
    }
    if (cops_encounter_resolve_round(e)) {
      fprintf(stderr, "encounter: %s\n", cops_ctx_errmsg(ctx));
      break;
    }
  }
  char *text = NULL;
  if (cops_log_narrate(cops_encounter_log(e), 0, COPS_LANG_EN, &text) == COPS_OK) {
    fputs(text, stdout);
    cops_free(text);
  }
  int winner;
  if (cops_encounter_get_winner(e, &winner) == COPS_OK && winner != COPS_NO_WINNER)
    printf("winner: side %d after %d rounds\n", winner, cops_encounter_round(e));
  else
    printf("no winner after %d rounds\n", cops_encounter_round(e));
  cops_encounter_free(e);
  cops_character_free(mike);
  cops_character_free(sarah);
  cops_character_free(joe);
  cops_weapon_free(w1);
  cops_weapon_free(w2);
  cops_weapon_free(w3);
  cops_armour_free(vest);
  cops_ctx_free(ctx);
  return 0;
}
