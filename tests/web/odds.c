/* The native side of the web tests (tests/web): the exact odds of one planned attack in
 * a scenario's first round, as cops_attack_odds_to_json() writes them, for the browser
 * and Node.js builds to equal byte for byte.
 * Usage: web-odds SCENARIO SEED ID ACTION TARGET ATTITUDE INITIATIVE */
#include <stdio.h>
#include <stdlib.h>

#include <cops/cops.h>

int main(int argc, char **argv)
{
  if (argc != 8) {
    fprintf(stderr, "usage: web-odds SCENARIO SEED ID ACTION TARGET ATTITUDE INITIATIVE\n");
    return 2;
  }
  cops_ctx *ctx;
  cops_scenario *sc;
  cops_attack_odds *o;
  cops_declaration d;
  int action, attitude;
  char *json;
  const int id = atoi(argv[3]);
  if (cops_ctx_new(&ctx))
    return 1;
  int rc = cops_scenario_load(&sc, ctx, argv[1]);
  if (!rc) {
    cops_encounter *e = cops_scenario_encounter(sc);
    if (!(rc = cops_encounter_action_parse(argv[4], &action)) &&
        !(rc = cops_attitude_parse(argv[6], &attitude)) &&
        !(rc = cops_encounter_seed(e, strtoull(argv[2], NULL, 10))) &&
        !(rc = cops_encounter_set_controlled(e, id, 1)) &&
        !(rc = cops_encounter_begin_round(e)) && !(rc = cops_attack_odds_new(&o, ctx))) {
      cops_declaration_init(&d, action);
      d.target = atoi(argv[5]);
      d.attitude = attitude;
      d.initiative = atoi(argv[7]);
      if (!(rc = cops_encounter_odds(e, id, &d, o)) && !(rc = cops_attack_odds_to_json(o, &json))) {
        puts(json);
        cops_free(json);
      }
      cops_attack_odds_free(o);
    }
    cops_scenario_free(sc);
  }
  if (rc)
    fprintf(stderr, "web-odds: %s\n", cops_ctx_errmsg(ctx));
  cops_ctx_free(ctx);
  return rc ? 1 : 0;
}
