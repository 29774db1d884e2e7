/* The same fights on this library and on 0.6.0's (scripts/bench.sh, docs/performance.md):
 * bench.c's 2 v 2 (two cops with the Vulcan 051 and a vest against two gangers, 12 m apart,
 * no log) and the street shootout's fights one seed after another, as `cops sim` runs them.
 * scripts/bench.sh builds it against each version's headers and library: it calls only
 * what both have. Prints "2v2 FIGHTS_PER_S ROUNDS_PER_S" and "street FIGHTS_PER_S ROUNDS_PER_S".
 * Usage: v060 STREET_SHOOTOUT.json SECONDS */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <cops/cops.h>

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int two_v_two(cops_ctx *ctx, cops_encounter **out)
{
  cops_armour *vest;
  cops_encounter *e;
  if (cops_armour_new(&vest, ctx, "Gilet") || cops_armour_set(vest, COPS_LOC_TORSO, 2, 1) ||
      cops_encounter_new(&e, ctx, 0) || cops_encounter_set_logging(e, 0))
    return 1;
  for (int i = 0; i < 4; i++) {
    cops_character *c;
    cops_weapon *w;
    int id;
    char name[24];
    snprintf(name, sizeof name, "Fighter %d", i);
    if (cops_character_new(&c, ctx) || cops_weapon_new(&w, ctx, COPS_HANDGUN, "Vulcan 051"))
      return 1;
    cops_character_set_name(c, name);
    cops_character_set_characteristic(c, COPS_CARRURE, 3);
    cops_character_set_characteristic(c, COPS_COORDINATION, 3);
    cops_character_set_characteristic(c, COPS_REFLEXES, 3);
    cops_character_set_characteristic(c, COPS_SANG_FROID, 3);
    cops_character_set_hp(c, 29);
    cops_character_set_skill(c, COPS_ARME_DE_POING, i < 2 ? 5 : 6, NULL);
    cops_weapon_set(w, COPS_WEAPON_RANGE, 20);
    cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 12);
    cops_weapon_set(w, COPS_WEAPON_LOADED, 12);
    if (cops_encounter_add(e, c, i < 2 ? 0 : 1, i < 2 ? 0 : 12, 2 * (i % 2), &id) ||
        cops_encounter_give_weapon(e, id, w) || (i < 2 && cops_encounter_set_armour(e, id, vest)))
      return 1;
  }
  *out = e;
  return 0;
}

int main(int argc, char **argv)
{
  if (argc != 3)
    return 2;
  const double seconds = atof(argv[2]);
  cops_ctx *ctx;
  cops_encounter *e;
  cops_scenario *sc;
  if (cops_ctx_new(&ctx) || cops_ctx_seed(ctx, 1) || two_v_two(ctx, &e) ||
      cops_scenario_load(&sc, ctx, argv[1])) {
    fprintf(stderr, "v060: %s\n", cops_ctx_errmsg(ctx));
    return 1;
  }
  cops_encounter *street = cops_scenario_encounter(sc);
  cops_encounter_set_logging(street, 0);
  long fights = 0, rounds = 0;
  double t0 = now(), t;
  do {   /* 2 v 2: each fight from where the context's dice are */
    for (int k = 0; k < 1000; k++) {
      cops_encounter_reset(e);
      if (cops_encounter_run(e))
        return 1;
      rounds += cops_encounter_round(e);
    }
    fights += 1000;
  } while ((t = now() - t0) < seconds);
  printf("2v2 %.0f %.0f\n", fights / t, rounds / t);
  fights = rounds = 0;
  t0 = now();
  do {   /* the street shootout: fight i seeded with i */
    for (int k = 0; k < 1000; k++, fights++) {
      cops_scenario_reset(sc);
      cops_encounter_seed(street, (uint64_t)fights);
      (void)cops_scenario_run(sc);   /* a scripted declaration the dice made impossible stops
                                        it: counted, as cops sim counts it apart */
      rounds += cops_encounter_round(street);
    }
  } while ((t = now() - t0) < seconds);
  printf("street %.0f %.0f\n", fights / t, rounds / t);
  cops_scenario_free(sc);
  cops_encounter_free(e);
  cops_ctx_free(ctx);
  return 0;
}
