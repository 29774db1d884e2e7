/* A libFuzzer target over every parser of libcops: notation, character
 * sheets, weapon and armour files, rolls from a character, names, scenarios
 * (run for a few rounds). The first
 * byte picks the parser; the rest is its text. Any crash, leak or undefined
 * behaviour is a bug. Run: sh scripts/fuzz.sh [runs]. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cops/cops.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char sheet[] =
  "{\"name\":\"M\",\"characteristics\":{\"Carrure\":3,\"Charme\":2,\"Coordination\":3,"
  "\"Éducation\":2,\"Perception\":3,\"Réflexes\":3,\"Sang-froid\":4},"
  "\"adrenaline\":{\"max\":2},\"anciennete\":{\"max\":2},\"skills\":["
  "{\"skill\":\"Arme d'épaule\",\"level\":\"3+\",\"specialisations\":[\"fusil à pompe\"]},"
  "{\"skill\":\"Pilotage\",\"level\":\"6+\",\"specialisations\":[\"hélicoptère\"]},"
  "{\"skill\":\"Arme de poing\",\"level\":5}]}";

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
  switch (data[0] % 7) {
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
    cops_character *ch;
    if (cops_character_from_json(&ch, ctx, text) == COPS_OK) {
      if (cops_character_to_json(ch, &json) == COPS_OK)
        cops_free(json);
      cops_character_free(ch);
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
    if (cops_character_action(&a, ch, text, 0) == COPS_OK)
      cops_character_roll(roll, ch, text, COPS_ADRENALINE_DIE);
    cops_character_free(ch);
    break;
  }
  case 5: {
    /* A scenario inline (no file names: a fuzzer could name /dev/stdin), run a few rounds. */
    cops_scenario *sc;
    if (!strchr(text, '/') && cops_scenario_from_json(&sc, ctx, text, NULL) == COPS_OK) {
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
