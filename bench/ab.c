/* Two builds of the library in one process, the same fights played by each in short
 * slices taken in turn (docs/performance.md, "Two builds side by side"): a busy machine
 * slows both sides of a pair alike, where two runs of the benchmark, seconds apart, each
 * meet another machine. Linux (glibc): each library is loaded into a namespace of its own
 * (dlmopen), so that the two never share a symbol.
 *
 * Usage: ab OLD.so NEW.so [PAIRS] [FIGHTS]
 *   the benchmark's 2 v 2 (bench.c: n cops in vests against n gangers, Vulcan 051, 12 m
 *   apart), under the simple policy then the tactical one, in each library; PAIRS pairs of
 *   slices (default 60), FIGHTS tactical fights a slice (default 3000; the simple policy's
 *   fights are three times as long, a third of them). Prints each build's cost of a round
 *   under each policy (the median over the slices), its tactical / simple per round (the
 *   median of the pairs), and new / old under each policy (median and quartiles). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <cops/cops.h>

struct build {
  const char *path;
  int (*ctx_new)(cops_ctx **);
  int (*ctx_seed)(cops_ctx *, uint64_t);
  const char *(*version)(void);
  int (*armour_new)(cops_armour **, cops_ctx *, const char *);
  int (*armour_set)(cops_armour *, int, int, int);
  int (*encounter_new)(cops_encounter **, cops_ctx *, int);
  int (*set_logging)(cops_encounter *, int);
  int (*character_new)(cops_character **, cops_ctx *);
  int (*weapon_new)(cops_weapon **, cops_ctx *, int, const char *);
  int (*set_name)(cops_character *, const char *);
  int (*set_characteristic)(cops_character *, int, int);
  int (*set_hp)(cops_character *, int);
  int (*set_skill)(cops_character *, int, int, const char *);
  int (*weapon_set)(cops_weapon *, int, int);
  int (*add)(cops_encounter *, cops_character *, int, int, int, int *);
  int (*give_weapon)(cops_encounter *, int, cops_weapon *);
  int (*set_armour)(cops_encounter *, int, const cops_armour *);
  int (*set_side_policy)(cops_encounter *, int, int);
  int (*reset)(cops_encounter *);
  int (*run)(cops_encounter *);
  int (*round)(const cops_encounter *);
  const char *(*errmsg)(const cops_ctx *);
  cops_ctx *ctx;
  cops_encounter *fight[2];   /* 0: the simple policy, 1: the tactical one */
};

static void *symbol(void *lib, const char *path, const char *name)
{
  void *f = dlsym(lib, name);
  if (!f) {
    fprintf(stderr, "ab: %s has no %s: %s\n", path, name, dlerror());
    exit(2);
  }
  return f;
}

#define SYM(field, name) *(void **)&b->field = symbol(lib, b->path, name)

static void fail(const struct build *b, const char *what)
{
  fprintf(stderr, "ab: %s: %s: %s\n", b->path, what, b->errmsg(b->ctx));
  exit(2);
}

static void load(struct build *b, const char *path)
{
  b->path = path;
  void *lib = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "ab: %s\n", dlerror());
    exit(2);
  }
  SYM(ctx_new, "cops_ctx_new");
  SYM(ctx_seed, "cops_ctx_seed");
  SYM(version, "cops_version_string");
  SYM(armour_new, "cops_armour_new");
  SYM(armour_set, "cops_armour_set");
  SYM(encounter_new, "cops_encounter_new");
  SYM(set_logging, "cops_encounter_set_logging");
  SYM(character_new, "cops_character_new");
  SYM(weapon_new, "cops_weapon_new");
  SYM(set_name, "cops_character_set_name");
  SYM(set_characteristic, "cops_character_set_characteristic");
  SYM(set_hp, "cops_character_set_hp");
  SYM(set_skill, "cops_character_set_skill");
  SYM(weapon_set, "cops_weapon_set");
  SYM(add, "cops_encounter_add");
  SYM(give_weapon, "cops_encounter_give_weapon");
  SYM(set_armour, "cops_encounter_set_armour");
  SYM(set_side_policy, "cops_encounter_set_side_policy");
  SYM(reset, "cops_encounter_reset");
  SYM(run, "cops_encounter_run");
  SYM(round, "cops_encounter_round");
  SYM(errmsg, "cops_ctx_errmsg");
  if (b->ctx_new(&b->ctx) || b->ctx_seed(b->ctx, 1)) {
    fprintf(stderr, "ab: %s: no context\n", path);
    exit(2);
  }
  cops_armour *vest;
  if (b->armour_new(&vest, b->ctx, "Gilet") || b->armour_set(vest, COPS_LOC_TORSO, 2, 1))
    fail(b, "the vest");
  for (int policy = 0; policy < 2; policy++) {
    cops_encounter *e;
    if (b->encounter_new(&e, b->ctx, COPS_RULES_CORE) || b->set_logging(e, 0))
      fail(b, "the encounter");
    for (int i = 0; i < 4; i++) {
      cops_character *c;
      cops_weapon *w;
      char name[24];
      int id;
      snprintf(name, sizeof name, "Fighter %d", i);
      if (b->character_new(&c, b->ctx) || b->weapon_new(&w, b->ctx, COPS_HANDGUN, "Vulcan 051") ||
          b->set_name(c, name) || b->set_characteristic(c, COPS_CARRURE, 3) ||
          b->set_characteristic(c, COPS_COORDINATION, 3) ||
          b->set_characteristic(c, COPS_REFLEXES, 3) ||
          b->set_characteristic(c, COPS_SANG_FROID, 3) || b->set_hp(c, 29) ||
          b->set_skill(c, COPS_ARME_DE_POING, i < 2 ? 5 : 6, NULL) ||
          b->weapon_set(w, COPS_WEAPON_RANGE, 20) || b->weapon_set(w, COPS_WEAPON_MAGAZINE, 12) ||
          b->weapon_set(w, COPS_WEAPON_LOADED, 12) ||
          b->add(e, c, i < 2 ? 0 : 1, i < 2 ? 0 : 12, 2 * (i % 2), &id) ||
          b->give_weapon(e, id, w) || (i < 2 && b->set_armour(e, id, vest)))
        fail(b, "the fighters");
    }
    if (policy && (b->set_side_policy(e, 0, COPS_POLICY_TACTICAL) ||
                   b->set_side_policy(e, 1, COPS_POLICY_TACTICAL)))
      fail(b, "the tactical policy");
    b->fight[policy] = e;
  }
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* n fights under one policy: nanoseconds a round. */
static double slice(struct build *b, int policy, int n)
{
  long rounds = 0;
  const double t0 = now();
  for (int i = 0; i < n; i++) {
    if (b->reset(b->fight[policy]) || b->run(b->fight[policy]))
      fail(b, "a fight");
    rounds += b->round(b->fight[policy]);
  }
  return (now() - t0) * 1e9 / (double)(rounds ? rounds : 1);
}

static int by_value(const void *a, const void *b)
{
  const double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The median and quartiles of v[0 .. n - 1] (sorted in place). */
static double quartile(double *v, int n, int q)
{
  qsort(v, (size_t)n, sizeof *v, by_value);
  return v[(n - 1) * q / 4];
}

int main(int argc, char **argv)
{
  if (argc < 3) {
    fprintf(stderr, "usage: ab OLD.so NEW.so [PAIRS] [FIGHTS]\n");
    return 2;
  }
  const int pairs = argc > 3 ? atoi(argv[3]) : 60, fights = argc > 4 ? atoi(argv[4]) : 3000;
  if (pairs < 1 || fights < 3) {
    fprintf(stderr, "ab: PAIRS at least 1, FIGHTS at least 3\n");
    return 2;
  }
  struct build b[2];
  load(&b[0], argv[1]);
  load(&b[1], argv[2]);
  /* The kept odds made first: the first fights of the tactical policy fill its tables. */
  for (int k = 0; k < 20; k++)
    for (int i = 0; i < 2; i++)
      for (int policy = 0; policy < 2; policy++)
        slice(&b[i], policy, policy ? fights : fights / 3);
  double *cost[2][2], *ratio[2], *change[2];
  for (int i = 0; i < 2; i++) {
    ratio[i] = malloc(sizeof(double) * (size_t)pairs);
    change[i] = malloc(sizeof(double) * (size_t)pairs);
    for (int policy = 0; policy < 2; policy++)
      cost[i][policy] = malloc(sizeof(double) * (size_t)pairs);
    if (!ratio[i] || !change[i] || !cost[i][0] || !cost[i][1]) {
      fprintf(stderr, "ab: out of memory for %d pairs\n", pairs);
      return 2;
    }
  }
  for (int p = 0; p < pairs; p++) {
    for (int k = 0; k < 2; k++) {   /* the first build each pair in turn */
      const int i = (p + k) & 1;
      for (int policy = 0; policy < 2; policy++)
        cost[i][policy][p] = slice(&b[i], policy, policy ? fights : fights / 3);
    }
    for (int i = 0; i < 2; i++)
      ratio[i][p] = cost[i][1][p] / cost[i][0][p];
    for (int policy = 0; policy < 2; policy++)
      change[policy][p] = cost[1][policy][p] / cost[0][policy][p];
  }
  for (int i = 0; i < 2; i++)
    printf("%s (%s): simple %.1f ns a round, tactical %.1f, tactical / simple %.3f\n",
           i ? "new" : "old", b[i].version(), quartile(cost[i][0], pairs, 2),
           quartile(cost[i][1], pairs, 2), quartile(ratio[i], pairs, 2));
  for (int policy = 0; policy < 2; policy++) {
    const double lo = quartile(change[policy], pairs, 1), hi = quartile(change[policy], pairs, 3);
    printf("new / old, %s: %.4f (quartiles %.4f .. %.4f)\n", policy ? "tactical" : "simple",
           quartile(change[policy], pairs, 2), lo, hi);
  }
  for (int i = 0; i < 2; i++) {
    free(ratio[i]);
    free(change[i]);
    for (int policy = 0; policy < 2; policy++)
      free(cost[i][policy]);
  }
  return 0;
}
