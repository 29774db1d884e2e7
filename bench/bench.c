/* Benchmarks of the dice engine and the odds (docs/performance.md). Prints
 * figures and ratios; asserts nothing about time.
 * Usage: bench [--seconds S] [--peer ROLLS_PER_S] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include <cops/cops.h>
#if COPS_WITH_ST
#include <cops/st.h>
#endif
#if COPS_WITH_D6
#include <cops/d6.h>
#endif

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double budget = 2.0;
static volatile long sink;

/* Each figure runs ROUNDS times, the rounds of all figures interleaved, and
 * the best round counts: a noisy neighbour slows some rounds, never speeds
 * one up. A round runs the body n times, n calibrated in the first round to
 * take the budget; last_rate is that round's rate. */
#define ROUNDS 11
static double last_rate;

/* Sorts a figure's ROUNDS ratios, for their median and range (insertion sort). */
static void sort_rounds(double *v)
{
  for (int i = 1; i < ROUNDS; i++)
    for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
      const double t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
}
/* A roll as a program shows it: the pool rolled, then every die and every figure read
 * back through the getters (what the JavaScript API's ctx.rollPool() returns). */
static long read_every_die(cops_roll *roll, cops_ctx *ctx)
{
  long s = cops_roll_pool(roll, ctx, 3, 5, 2, 0);
  int face, success, parent, margin = 0;
  for (int i = 0, n = cops_roll_count(roll); i < n; i++) {
    cops_roll_die(roll, i, &face, &success, &parent);
    s += face + success + parent;
  }
  cops_roll_margin(roll, &margin);
  return s + margin + cops_roll_successes(roll) + cops_roll_succeeded(roll) +
         cops_roll_pool_size(roll) + cops_roll_threshold(roll) + cops_roll_difficulty(roll) +
         cops_roll_capped(roll) + cops_roll_unskilled(roll) + cops_roll_anciennete(roll);
}

#define RATE(rate, round, n, body)                                         \
  do {                                                                     \
    if ((round) == 0) {                                                    \
      n = 1024;                                                            \
      for (;;) {                                                           \
        double t0_ = now();                                                \
        for (long i_ = 0; i_ < n; i_++) { body; }                          \
        double dt_ = now() - t0_;                                          \
        if (dt_ >= budget / ROUNDS) { rate = last_rate = n / dt_; break; } \
        n = dt_ > 0.01 ? (long)(n * budget / ROUNDS * 1.1 / dt_) : n * 8;  \
      }                                                                    \
    } else {                                                               \
      double t0_ = now();                                                  \
      for (long i_ = 0; i_ < n; i_++) { body; }                            \
      double r_ = last_rate = n / (now() - t0_);                           \
      if (r_ > rate) rate = r_;                                            \
    }                                                                      \
  } while (0)

/* The bound: the keystream exactly as the library draws it (ChaCha20, 4 KiB
 * refills), and a plain loop that only counts the successes of 3-die pools
 * at 5+ with open 10s from it: no trace, no checks, no API. */
struct stream {
  unsigned char buf[4096];
  size_t pos;
  uint64_t block;
  unsigned char key[32];
};

static void refill(struct stream *s)
{
  static const unsigned char nonce[8];
  memset(s->buf, 0, sizeof s->buf);
  crypto_stream_chacha20_xor_ic(s->buf, s->buf, sizeof s->buf, nonce, s->block, s->key);
  s->block += sizeof s->buf / 64;
  s->pos = 0;
}

static inline int plain_d10(struct stream *s)
{
  for (;;) {
    if (s->pos == sizeof s->buf)
      refill(s);
    unsigned b = s->buf[s->pos++];
    if (b < 250)
      return (int)(b % 10) + 1;
  }
}

static inline int plain_pool(struct stream *s)
{
  int successes = 0;
  for (int i = 0; i < 3; i++) {
    int f = plain_d10(s);
    successes += f >= 5;
    while (f == 10) {
      f = plain_d10(s);
      successes += f >= 5;
    }
  }
  return successes;
}

int main(int argc, char **argv)
{
  double peer = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
      budget = atof(argv[++i]);
    else if (!strcmp(argv[i], "--peer") && i + 1 < argc)
      peer = atof(argv[++i]);
    else {
      fprintf(stderr, "usage: bench [--seconds S] [--peer ROLLS_PER_S]\n");
      return 2;
    }
  }
  if (budget <= 0)
    budget = 1.0;
  cops_ctx *ctx;
  cops_roll *roll;
  if (sodium_init() < 0 || cops_ctx_new(&ctx) || cops_roll_new(&roll))
    return 1;

  double traced = 0, parsed = 0, system = 0, read = 0, every = 0, odds = 0, refills = 0, plain = 0;
  long n_every = 0;
  double attacks = 0, logged = 0;
  long n_traced = 0, n_parsed = 0, n_system = 0, n_read = 0, n_odds = 0, n_refills = 0,
       n_plain = 0, n_attacks = 0, n_logged = 0;
  cops_ctx *seeded;
  cops_action a;
  double p;
  struct stream s = {.pos = sizeof s.buf, .key = {1}};
  if (cops_ctx_new(&seeded))
    return 1;
  cops_ctx_seed(seeded, 1);
  cops_action_init(&a, 3, 5, 2);
  /* An attack: a burst of a Scorpion 131 at 8 m into a vest, the target
   * healed and the weapon reloaded before each (C10.6, C8.1, C10.4). */
  cops_character *shooter, *target;
  cops_weapon *smg;
  cops_armour *vest;
  cops_outcome *outcome;
  cops_log *log;
  cops_situation sit;
  if (cops_character_new(&shooter, seeded) || cops_character_new(&target, seeded) ||
      cops_weapon_new(&smg, seeded, COPS_HANDGUN, "Scorpion 131") ||
      cops_armour_new(&vest, seeded, "Gilet") || cops_outcome_new(&outcome) ||
      cops_log_new(&log, seeded))
    return 1;
  cops_character_set_characteristic(shooter, COPS_COORDINATION, 3);
  cops_character_set_characteristic(shooter, COPS_REFLEXES, 3);
  cops_character_set_characteristic(target, COPS_CARRURE, 3);
  cops_character_set_hp(target, 29);
  cops_character_set_skill(shooter, COPS_ARME_DE_POING, 5, NULL);
  cops_character_set_skill(shooter, COPS_TIR_EN_RAFALES, 6, "arme de poing");
  cops_weapon_set(smg, COPS_WEAPON_MAGAZINE, 30);
  cops_weapon_set(smg, COPS_WEAPON_CT, 3);
  cops_weapon_set(smg, COPS_WEAPON_VRC, 3);
  cops_armour_set(vest, COPS_LOC_TORSO, 2, 1);
  cops_situation_init(&sit, COPS_ATTACK_BURST);
  sit.attacker = shooter;
  sit.target = target;
  sit.weapon = smg;
  sit.armour = vest;
  sit.distance = 8;
#define ONE_ATTACK(lg)                                                     \
  do {                                                                     \
    cops_character_set_hp(target, 29);                                     \
    cops_character_set_conditions(target, COPS_COND_ALL & ~COPS_COND_OUT, 0); \
    cops_weapon_set(smg, COPS_WEAPON_LOADED, 30);                          \
    if (lg)                                                                \
      cops_log_clear(lg);                                                  \
    sink += cops_attack(outcome, &sit, lg);                                \
  } while (0)
  ONE_ATTACK(log);
  /* Whole fights with the default policy, no log: n cops (Vulcan 051, vest) against
   * n gangers (Vulcan 051) 12 m apart, reset before each: 2 v 2 and 4 v 4 under the core
   * rules, 2 v 2 under the alternative rules (A), and the core 2 v 2 again under the tactical
   * policy (docs/encounters.md, "Policies"); then hand to hand (C11), 1 v 1 with clubs
   * (PU 1, FA 2, as examples/weapons/matraque-012.json; Arme de contact [matraque] 5+ and
   * 6+) 1 m apart, under each policy. */
  struct fight {
    cops_encounter *e;
    cops_character *ch[8];
    cops_weapon *w[8];
    long rounds, runs;
  } fights[6];
  for (int f = 4; f < 6; f++) {
    if (cops_encounter_new(&fights[f].e, seeded, COPS_RULES_CORE))
      return 1;
    cops_encounter_set_logging(fights[f].e, 0);
    fights[f].rounds = fights[f].runs = 0;
    for (int i = 0; i < 2; i++) {
      cops_character *c;
      cops_weapon *w;
      int id;
      char name[24];
      snprintf(name, sizeof name, "Brawler %d", i);
      if (cops_character_new(&c, seeded) || cops_weapon_new(&w, seeded, COPS_BLUNT, "Matraque") ||
          cops_character_set_name(c, name) ||
          cops_character_set_characteristic(c, COPS_CARRURE, 3) ||
          cops_character_set_characteristic(c, COPS_REFLEXES, 3) ||
          cops_character_set_hp(c, 29) ||
          cops_character_set_skill(c, COPS_ARME_DE_CONTACT, i ? 6 : 5, "matraque") ||
          cops_weapon_set_skill(w, COPS_ARME_DE_CONTACT, "matraque") ||
          cops_weapon_set(w, COPS_WEAPON_PU, 1) || cops_weapon_set(w, COPS_WEAPON_FA, 2) ||
          cops_weapon_set(w, COPS_WEAPON_RANGE, 1) ||
          cops_encounter_add(fights[f].e, c, i, i, 0, &id) ||
          cops_encounter_give_weapon(fights[f].e, id, w)) {
        fprintf(stderr, "bench: the fighters hand to hand: %s\n", cops_ctx_errmsg(seeded));
        return 1;
      }
      fights[f].ch[i] = c;
      fights[f].w[i] = w;
    }
    if (f == 5 && (cops_encounter_set_side_policy(fights[f].e, 0, COPS_POLICY_TACTICAL) ||
                   cops_encounter_set_side_policy(fights[f].e, 1, COPS_POLICY_TACTICAL)))
      return 1;
    if (cops_encounter_run(fights[f].e)) {
      fprintf(stderr, "bench: the fight hand to hand fails: %s\n", cops_ctx_errmsg(seeded));
      return 1;
    }
  }
  for (int f = 0; f < 4; f++) {
    const int n = f == 1 ? 4 : 2;
    if (cops_encounter_new(&fights[f].e, seeded, f == 2 ? COPS_RULES_ALTERNATIVE
                                                        : COPS_RULES_CORE))
      return 1;
    cops_encounter_set_logging(fights[f].e, 0);
    fights[f].rounds = fights[f].runs = 0;
    for (int i = 0; i < 2 * n; i++) {
      cops_character *c;
      cops_weapon *w;
      if (cops_character_new(&c, seeded) || cops_weapon_new(&w, seeded, COPS_HANDGUN, "Vulcan 051"))
        return 1;
      char name[24];
      snprintf(name, sizeof name, "Fighter %d", i);   /* a save needs a name */
      cops_character_set_name(c, name);
      cops_character_set_characteristic(c, COPS_CARRURE, 3);
      cops_character_set_characteristic(c, COPS_COORDINATION, 3);
      cops_character_set_characteristic(c, COPS_REFLEXES, 3);
      cops_character_set_characteristic(c, COPS_SANG_FROID, 3);
      cops_character_set_hp(c, 29);
      cops_character_set_skill(c, COPS_ARME_DE_POING, i < n ? 5 : 6, NULL);
      cops_weapon_set(w, COPS_WEAPON_RANGE, 20);
      cops_weapon_set(w, COPS_WEAPON_MAGAZINE, 12);
      cops_weapon_set(w, COPS_WEAPON_LOADED, 12);
      int id;
      if (cops_encounter_add(fights[f].e, c, i < n ? 0 : 1, i < n ? 0 : 12, 2 * (i % n), &id) ||
          cops_encounter_give_weapon(fights[f].e, id, w))
        return 1;
      if (i < n)
        cops_encounter_set_armour(fights[f].e, id, vest);
      fights[f].ch[i] = c;
      fights[f].w[i] = w;
    }
    if (f == 3 && (cops_encounter_set_side_policy(fights[f].e, 0, COPS_POLICY_TACTICAL) ||
                   cops_encounter_set_side_policy(fights[f].e, 1, COPS_POLICY_TACTICAL)))
      return 1;
    if (cops_encounter_run(fights[f].e)) {
      fprintf(stderr, "bench: the fight fails: %s\n", cops_ctx_errmsg(seeded));
      return 1;
    }
  }
  /* A tabletop's board: the 4 v 4 fight after two rounds, loaded with its log on; its
   * states, snapshots, and a checkpoint rolled back at once. */
  cops_encounter *board = NULL;
  {
    char *saved = NULL;
    cops_encounter_reset(fights[1].e);
    if (cops_encounter_run_round(fights[1].e) || cops_encounter_run_round(fights[1].e) ||
        cops_encounter_save(fights[1].e, &saved) || cops_encounter_load(&board, seeded, saved) ||
        cops_encounter_set_logging(board, 1)) {
      fprintf(stderr, "bench: the board: %s\n", cops_ctx_errmsg(seeded));
      return 1;
    }
    cops_free(saved);
    for (int i = 0; i < cops_encounter_count(board); i++) {
      char tag[24];
      snprintf(tag, sizeof tag, "token-%d", i);
      cops_encounter_set_tag(board, i, tag);
    }
  }
  double states = 0, snapshots = 0, undos = 0;
  long n_states = 0, n_snapshots = 0, n_undos = 0;
  const int board_n = cops_encounter_count(board);
#define ONE_FIGHT(f)                                                       \
  do {                                                                     \
    cops_encounter_reset(fights[f].e);                                     \
    sink += cops_encounter_run(fights[f].e);                               \
    fights[f].rounds += cops_encounter_round(fights[f].e);                 \
    fights[f].runs++;                                                      \
  } while (0)
  double fights2 = 0, fights4 = 0, fights2a = 0, planned1 = 0, planned3 = 0, chases = 0;
  double fights2t = 0, melee = 0, meleet = 0;
  long n_fights2t = 0, n_melee = 0, n_meleet = 0;
  long n_fights2 = 0, n_fights4 = 0, n_fights2a = 0, n_planned1 = 0, n_planned3 = 0,
       n_chases = 0;
  /* A whole chase (C7): a car and its pursuer, 5 white dice each, Conduite 5+, two
   * successes declared each round and one lost die turned black, to its end, no log kept
   * past the chase (made and freed each time, as a table would). */
  cops_character *driver[2];
  for (int i = 0; i < 2; i++)
    if (cops_character_new(&driver[i], seeded) ||
        cops_character_set_skill(driver[i], COPS_CONDUITE, 5, "voiture"))
      return 1;
  long chase_rounds = 0, chase_runs = 0;
#define ONE_CHASE()                                                        \
  do {                                                                     \
    cops_chase *c_;                                                        \
    int p_, q_;                                                            \
    sink += cops_chase_new(&c_, seeded);                                   \
    sink += cops_chase_add(c_, driver[0], "Conduite [voiture]/Réflexes",   \
                           COPS_CHASE_PURSUED, NULL, 5, &p_);              \
    sink += cops_chase_add(c_, driver[1], "Conduite [voiture]/Réflexes",   \
                           COPS_CHASE_PURSUER, NULL, 5, &q_);              \
    cops_chase_declaration d_;                                             \
    cops_chase_declaration_init(&d_, 2);                                   \
    d_.blacken = 1;                                                        \
    while (!cops_chase_result(c_)) {                                       \
      cops_chase_declare(c_, p_, &d_);                                     \
      cops_chase_declare(c_, q_, &d_);                                     \
      sink += cops_chase_resolve_round(c_);                                \
    }                                                                      \
    chase_rounds += cops_chase_round(c_);                                  \
    chase_runs++;                                                          \
    cops_chase_free(c_);                                                   \
  } while (0)
  /* The exact odds of a planned attack: the burst above, and one shot. */
  cops_attack_odds *plan;
  cops_situation single = sit;
  single.mode = COPS_ATTACK_SINGLE;
  if (cops_attack_odds_new(&plan, seeded) || cops_attack_odds_compute(plan, &sit) ||
      cops_attack_odds_compute(plan, &single))
    return 1;
  if (sink != 0) {
    fprintf(stderr, "bench: the attack fails: %s\n", cops_ctx_errmsg(seeded));
    return 1;
  }
  /* The ratio to the plain loop is taken round by round, the two measured
   * back to back, and the median of the rounds reported: a slow moment hits
   * both sides of a pair alike. */
  double pair_ratio[ROUNDS];
  /* The same for the tactical policy's fights against the simple policy's, the 2 v 2 and
   * hand to hand: fights a second round by round, the tactical measured right after. */
  double tactical_pair[ROUNDS], melee_pair[ROUNDS];
#if COPS_WITH_ST
  /* The Storyteller module's pools (docs/storyteller.md): 6 dice at 8+ with 10-again,
   * rolled, and the exact odds of at least one success. */
  double st_rolls = 0, st_odds = 0;
  long n_st_rolls = 0, n_st_odds = 0;
  cops_st_pool st_pool;
  cops_st_pool_init(&st_pool, 6);
  /* Whole Storyteller fights (docs/storyteller.md, "Fights"), the default policy, no log:
   * two officers with 2L pistols against two thugs with 2B bats, 12 m apart; made once and
   * reset before each run (cops_st_fight_reset, as the encounter figure above), and made,
   * played to its end and freed each time (the tracks emptied first). */
  double st_fights = 0, st_made = 0;
  long n_st_fights = 0, n_st_made = 0, st_fight_rounds = 0, st_fight_runs = 0;
  cops_st_character *st_ch[4];
  for (int i = 0; i < 4; i++) {
    if (cops_st_character_new(&st_ch[i], seeded))
      return 1;
    const int v[][2] = {{COPS_ST_STRENGTH, 3}, {COPS_ST_DEXTERITY, 3}, {COPS_ST_STAMINA, 3},
                        {COPS_ST_WITS, 2}, {COPS_ST_RESOLVE, 2}, {COPS_ST_COMPOSURE, 2},
                        {COPS_ST_BRAWL, 2}, {COPS_ST_WEAPONRY, 2}, {COPS_ST_FIREARMS, 3}};
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
      cops_st_character_set_trait(st_ch[i], v[k][0], v[k][1]);
    cops_st_character_set_name(st_ch[i], i < 2 ? "Officer" : "Thug");
    cops_st_character_set_combatant(st_ch[i], 1);
    cops_st_weapon w;
    cops_st_weapon_init(&w, i < 2 ? COPS_ST_FIREARM : COPS_ST_MELEE);
    if (i >= 2) {
      snprintf(w.name, sizeof w.name, "Bat");
      w.damage = 2;
      w.type = COPS_ST_BASHING;
    }
    if (cops_st_character_add_weapon(st_ch[i], &w, NULL))
      return 1;
  }
#define ONE_ST_FIGHT()                                                     \
  do {                                                                     \
    cops_st_fight *f_;                                                     \
    sink += cops_st_fight_new(&f_, seeded, NULL);                          \
    cops_st_fight_set_logging(f_, 0);                                      \
    for (int k_ = 0; k_ < 4; k_++) {                                       \
      cops_st_character_set_health(st_ch[k_], 0, 0);                       \
      sink += cops_st_fight_add(f_, st_ch[k_], k_ / 2, k_ < 2 ? 0 : 12,    \
                                2 * (k_ % 2), NULL);                       \
    }                                                                      \
    sink += cops_st_fight_run(f_);                                         \
    st_fight_rounds += cops_st_fight_round(f_);                            \
    st_fight_runs++;                                                       \
    cops_st_fight_free(f_);                                                \
  } while (0)
  cops_st_fight *st_fight;
  if (cops_st_fight_new(&st_fight, seeded, NULL) || cops_st_fight_set_logging(st_fight, 0))
    return 1;
  for (int k = 0; k < 4; k++)
    if (cops_st_fight_add(st_fight, st_ch[k], k / 2, k < 2 ? 0 : 12, 2 * (k % 2), NULL))
      return 1;
#define RESET_ST_FIGHT()                                                   \
  do {                                                                     \
    sink += cops_st_fight_reset(st_fight) + cops_st_fight_run(st_fight);   \
    st_fight_rounds += cops_st_fight_round(st_fight);                      \
    st_fight_runs++;                                                       \
  } while (0)
#endif
#if COPS_WITH_D6
  /* The D6 System module's rolls (docs/d6.md): 4D+2 against 15, the free die's chain
   * included; the exact odds of a contest of 4D+2 against 3D+1. */
  double d6_rolls = 0, d6_contests = 0;
  long n_d6_rolls = 0, n_d6_contests = 0;
  cops_d6_pool d6_pool, d6_other;
  const cops_d6_code d6_a = {4, 2}, d6_b = {3, 1};
  cops_d6_pool_init(&d6_pool, d6_a);
  d6_pool.difficulty = 15;
  cops_d6_pool_init(&d6_other, d6_b);
  /* One D6 attack to the wound (docs/d6.md, "Combat"): Marksmanship 5D with a Glock 17 at
   * 12 m against natural defence, the damage against Vigueur 3D+1; the target's wounds
   * put back after each, so every attack meets the same state. */
  double d6_attacks = 0;
  long n_d6_attacks = 0;
  cops_d6_character *d6_a_ch, *d6_b_ch;
  if (cops_d6_character_new(&d6_a_ch, seeded) || cops_d6_character_new(&d6_b_ch, seeded) ||
      cops_d6_character_set_name(d6_a_ch, "Ramirez") || cops_d6_character_set_name(d6_b_ch, "Cruz"))
    return 1;
  cops_d6_weapon d6_gun = {.size = sizeof d6_gun};
  cops_d6_weapon_find("Glock 17", &d6_gun);
  cops_d6_character_add_weapon(d6_a_ch, &d6_gun, NULL);
  cops_d6_character_set_trait(d6_a_ch, COPS_D6_MARKSMANSHIP, &(cops_d6_code){5, 0});
  cops_d6_character_set_trait(d6_b_ch, COPS_D6_VIGUEUR, &(cops_d6_code){3, 1});
  cops_d6_wounds d6_unhurt = {.size = sizeof d6_unhurt};
  cops_d6_character_wounds(d6_b_ch, &d6_unhurt);
  cops_d6_attack d6_att;
  cops_d6_attack_init(&d6_att);
  d6_att.attacker = d6_a_ch;
  d6_att.target = d6_b_ch;
  d6_att.weapon = 0;
  d6_att.distance = 12;
  if (cops_d6_attack_resolve(NULL, seeded, &d6_att, NULL))
    return 1;
  /* Whole D6 fights (docs/d6.md, "Fights"), the default policy, no log: two officers with
   * Glock 17s (Marksmanship 4D) against two thugs with machetes, 12 m apart; made once and
   * reset before each run (cops_d6_fight_reset), and made, played to its end and freed each
   * time (the wounds healed first). */
  double d6_fights = 0, d6_made = 0;
  long n_d6_fights = 0, n_d6_made = 0, d6_fight_rounds = 0, d6_fight_runs = 0;
  cops_d6_character *d6_ch[4];
  for (int i = 0; i < 4; i++) {
    cops_d6_weapon w = {.size = sizeof w};
    if (cops_d6_character_new(&d6_ch[i], seeded) ||
        cops_d6_character_set_name(d6_ch[i], i < 2 ? "Officer" : "Thug") ||
        cops_d6_weapon_find(i < 2 ? "Glock 17" : "Machete", &w) ||
        cops_d6_character_add_weapon(d6_ch[i], &w, NULL) ||
        cops_d6_character_set_trait(d6_ch[i], i < 2 ? COPS_D6_MARKSMANSHIP : COPS_D6_MELEE_WEAPONS,
                                    &(cops_d6_code){4, 0}) ||
        cops_d6_character_set_trait(d6_ch[i], COPS_D6_VIGUEUR, &(cops_d6_code){3, 0}))
      return 1;
  }
#define ONE_D6_FIGHT()                                                     \
  do {                                                                     \
    cops_d6_fight *f_;                                                     \
    sink += cops_d6_fight_new(&f_, seeded, NULL);                          \
    cops_d6_fight_set_logging(f_, 0);                                      \
    for (int k_ = 0; k_ < 4; k_++) {                                       \
      sink += cops_d6_character_set_wounds(d6_ch[k_], &d6_unhurt);          \
      sink += cops_d6_fight_add(f_, d6_ch[k_], k_ / 2, k_ < 2 ? 0 : 12,    \
                                2 * (k_ % 2), NULL);                       \
    }                                                                      \
    sink += cops_d6_fight_run(f_);                                         \
    d6_fight_rounds += cops_d6_fight_round(f_);                            \
    d6_fight_runs++;                                                       \
    cops_d6_fight_free(f_);                                                \
  } while (0)
  cops_d6_fight *d6_fight;
  if (cops_d6_fight_new(&d6_fight, seeded, NULL) || cops_d6_fight_set_logging(d6_fight, 0))
    return 1;
  for (int k = 0; k < 4; k++)
    if (cops_d6_fight_add(d6_fight, d6_ch[k], k / 2, k < 2 ? 0 : 12, 2 * (k % 2), NULL))
      return 1;
#define RESET_D6_FIGHT()                                                   \
  do {                                                                     \
    sink += cops_d6_fight_reset(d6_fight) + cops_d6_fight_run(d6_fight);   \
    d6_fight_rounds += cops_d6_fight_round(d6_fight);                      \
    d6_fight_runs++;                                                       \
  } while (0)
#endif
  for (int round = 0; round < ROUNDS; round++) {
    /* A roll is the call that fills the result with every die; reading a
     * value back is an accessor call, measured on its own below. */
    RATE(traced, round, n_traced, sink += cops_roll_pool(roll, seeded, 3, 5, 2, 0));
    pair_ratio[round] = last_rate;
    RATE(refills, round, n_refills, refill(&s); sink += s.buf[0]);
    s.pos = sizeof s.buf;
    RATE(plain, round, n_plain, sink += plain_pool(&s));
    pair_ratio[round] /= last_rate;
    RATE(parsed, round, n_parsed, sink += cops_roll_notation(roll, seeded, "5+/3 (2)", 0));
    RATE(system, round, n_system, sink += cops_roll_pool(roll, ctx, 3, 5, 2, 0));
    RATE(read, round, n_read,
         sink += cops_roll_pool(roll, seeded, 3, 5, 2, 0) + cops_roll_successes(roll));
    RATE(every, round, n_every, sink += read_every_die(roll, seeded));
    RATE(odds, round, n_odds, cops_odds_success(ctx, &a, &p); sink += (long)(p * 100));
    RATE(attacks, round, n_attacks, ONE_ATTACK(NULL));
    RATE(logged, round, n_logged, ONE_ATTACK(log));
    RATE(fights2, round, n_fights2, ONE_FIGHT(0));
    tactical_pair[round] = last_rate;
    RATE(fights2t, round, n_fights2t, ONE_FIGHT(3));
    tactical_pair[round] /= last_rate;
    RATE(fights4, round, n_fights4, ONE_FIGHT(1));
    RATE(fights2a, round, n_fights2a, ONE_FIGHT(2));
    RATE(melee, round, n_melee, ONE_FIGHT(4));
    melee_pair[round] = last_rate;
    RATE(meleet, round, n_meleet, ONE_FIGHT(5));
    melee_pair[round] /= last_rate;
    RATE(planned1, round, n_planned1, sink += cops_attack_odds_compute(plan, &single));
    RATE(planned3, round, n_planned3, sink += cops_attack_odds_compute(plan, &sit));
    RATE(chases, round, n_chases, ONE_CHASE());
    RATE(states, round, n_states, for (int id_ = 0; id_ < board_n; id_++) {
           cops_combatant_state st_;
           cops_combatant_state_init(&st_);
           sink += cops_encounter_state(board, id_, &st_) + st_.hp;
         });
    RATE(snapshots, round, n_snapshots, char *t_ = NULL;
         sink += cops_encounter_snapshot(board, &t_); cops_free(t_));
    RATE(undos, round, n_undos, cops_checkpoint *cp_ = NULL;
         sink += cops_encounter_checkpoint(board, &cp_) + cops_encounter_rollback(board, cp_);
         cops_checkpoint_free(cp_));
#if COPS_WITH_ST
    RATE(st_rolls, round, n_st_rolls, sink += cops_st_roll(roll, seeded, &st_pool));
    RATE(st_odds, round, n_st_odds, cops_st_odds_at_least(ctx, &st_pool, 1, &p);
         sink += (long)(p * 100));
    RATE(st_fights, round, n_st_fights, RESET_ST_FIGHT());
    RATE(st_made, round, n_st_made, ONE_ST_FIGHT());
#endif
#if COPS_WITH_D6
    RATE(d6_rolls, round, n_d6_rolls, sink += cops_d6_roll(roll, seeded, &d6_pool, NULL));
    RATE(d6_contests, round, n_d6_contests,
         cops_d6_odds_contest(ctx, &d6_pool, &d6_other, NULL, &p, NULL, NULL);
         sink += (long)(p * 100));
    RATE(d6_attacks, round, n_d6_attacks,
         sink += cops_d6_attack_resolve(NULL, seeded, &d6_att, NULL);
         sink += cops_d6_character_set_wounds(d6_b_ch, &d6_unhurt));
    RATE(d6_fights, round, n_d6_fights, RESET_D6_FIGHT());
    RATE(d6_made, round, n_d6_made, ONE_D6_FIGHT());
#endif
  }
#if COPS_WITH_D6
  cops_d6_fight_free(d6_fight);
  cops_d6_character_free(d6_a_ch);
  cops_d6_character_free(d6_b_ch);
  for (int i = 0; i < 4; i++)
    cops_d6_character_free(d6_ch[i]);
#endif
  cops_attack_odds_free(plan);
  cops_encounter_free(board);
  const double mean2 = (double)fights[0].rounds / (double)fights[0].runs;
  const double mean4 = (double)fights[1].rounds / (double)fights[1].runs;
  const double mean2a = (double)fights[2].rounds / (double)fights[2].runs;
  const double mean2t = (double)fights[3].rounds / (double)fights[3].runs;
  const double mean_melee = (double)fights[4].rounds / (double)fights[4].runs;
  const double mean_meleet = (double)fights[5].rounds / (double)fights[5].runs;
  for (int f = 0; f < 6; f++) {
    cops_encounter_free(fights[f].e);
    for (int i = 0; i < (f == 1 ? 8 : f >= 4 ? 2 : 4); i++) {
      cops_character_free(fights[f].ch[i]);
      cops_weapon_free(fights[f].w[i]);
    }
  }
  cops_character_free(shooter);
  cops_character_free(target);
  cops_weapon_free(smg);
  cops_armour_free(vest);
  cops_outcome_free(outcome);
  cops_log_free(log);
  sort_rounds(pair_ratio);
  sort_rounds(tactical_pair);
  sort_rounds(melee_pair);
  const double ratio_plain = pair_ratio[ROUNDS / 2];
  /* A round's cost under each policy: fights a second times rounds a fight, inverted. */
  for (int i = 0; i < ROUNDS; i++) {
    tactical_pair[i] *= mean2 / mean2t;
    melee_pair[i] *= mean_melee / mean_meleet;
  }
  const double keystream = refills * sizeof s.buf * 250.0 / 256.0;
  cops_character_free(driver[0]);
  cops_character_free(driver[1]);
#if COPS_WITH_ST
  cops_st_fight_free(st_fight);
  for (int i = 0; i < 4; i++)
    cops_st_character_free(st_ch[i]);
#endif
  cops_ctx_free(seeded);

  /* A 3-die pool at 5+ draws 3 x 10/9 d10 on average (re-rolls included). */
  const double dice_per_roll = 3.0 * 10.0 / 9.0;
  printf("libcops %s benchmark (best of %d rounds of %.2f s per figure; 3-die pools at 5+, "
         "difficulty 2)\n", cops_version_string(), ROUNDS, budget / ROUNDS);
  printf("  %-46s %13.0f rolls/s\n", "seeded pool, full trace", traced);
  printf("  %-46s %13.0f rolls/s\n", "seeded pool from \"5+/3 (2)\" parsed each time", parsed);
  printf("  %-46s %13.0f rolls/s\n", "system-source pool, full trace", system);
  printf("  %-46s %13.0f rolls/s\n", "seeded pool, every die and figure read back", every);
  printf("  %-46s %13.0f rolls/s\n", "seeded pool, then cops_roll_successes()", read);
  printf("  %-46s %13.0f queries/s\n", "odds: exact P(success)", odds);
  printf("  %-46s %13.0f attacks/s\n", "attack: burst, damage, stopping (no log)", attacks);
  printf("  %-46s %13.0f attacks/s\n", "attack: the same with its event log", logged);
  printf("  %-46s %13.0f fights/s (%.1f rounds each)\n", "encounter: 2 v 2, default policy, no log",
         fights2, mean2);
  printf("  %-46s %13.0f fights/s (%.1f rounds each)\n", "encounter: 4 v 4, default policy, no log",
         fights4, mean4);
  printf("  %-46s %13.0f fights/s (%.1f rounds each)\n", "encounter: 2 v 2, alternative rules (A)",
         fights2a, mean2a);
  printf("  %-46s %13.0f fights/s (%.1f rounds each)\n", "encounter: 2 v 2, tactical policy, no log",
         fights2t, mean2t);
  printf("  %-46s %13.0f fights/s (%.1f rounds each)\n", "encounter: 1 v 1 hand to hand, default policy",
         melee, mean_melee);
  printf("  %-46s %13.0f fights/s (%.1f rounds each)\n", "encounter: 1 v 1 hand to hand, tactical",
         meleet, mean_meleet);
  printf("  %-46s %13.0f plans/s\n", "odds of a planned shot, every law", planned1);
  printf("  %-46s %13.0f plans/s\n", "odds of a planned burst of 3, every law", planned3);
  const double chase_mean = chase_runs ? (double)chase_rounds / (double)chase_runs : 0;
  printf("  %-46s %13.0f chases/s (%.1f rounds each, %.0f rounds/s)\n",
         "chase: 1 v 1, to its end (C7)", chases, chase_mean, chases * chase_mean);
  printf("  %-46s %13.0f states/s\n", "board: a 4 v 4 fight's combatant states", states * board_n);
  printf("  %-46s %13.0f snapshots/s\n", "board: a 4 v 4 fight's snapshot (JSON)", snapshots);
  printf("  %-46s %13.0f undos/s\n", "board: checkpoint and rollback, 4 v 4", undos);
#if COPS_WITH_ST
  printf("  %-46s %13.0f rolls/s\n", "st: 6-die pool at 8+, 10-again, full trace", st_rolls);
  printf("  %-46s %13.0f queries/s\n", "st: exact P(at least 1 success), 6 dice", st_odds);
  printf("  %-46s %13.0f fights/s (%.1f rounds each)\n", "st: 2 v 2 fight, default policy, no log",
         st_fights, st_fight_runs ? (double)st_fight_rounds / (double)st_fight_runs : 0);
  printf("  %-46s %13.0f fights/s\n", "st: 2 v 2 fight, made and freed each time", st_made);
#endif
#if COPS_WITH_D6
  printf("  %-46s %13.0f rolls/s\n", "d6: 4D+2 vs 15, the free die, full trace", d6_rolls);
  printf("  %-46s %13.0f queries/s\n", "d6: exact contest odds, 4D+2 against 3D+1", d6_contests);
  printf("  %-46s %13.0f attacks/s\n", "d6: an attack to the wound, Glock at 12 m", d6_attacks);
  printf("  %-46s %13.0f fights/s (%.1f rounds each)\n", "d6: 2 v 2 fight, default policy, no log",
         d6_fights, d6_fight_runs ? (double)d6_fight_rounds / (double)d6_fight_runs : 0);
  printf("  %-46s %13.0f fights/s\n", "d6: 2 v 2 fight, made and freed each time", d6_made);
#endif
  printf("  %-46s %13.0f d10/s (%.0f pools/s)\n", "bound: ChaCha20 keystream as d10", keystream,
         keystream / dice_per_roll);
  printf("  %-46s %13.0f rolls/s\n", "bound: plain loop counting successes", plain);
  if (peer > 0)
    printf("  %-46s %13.0f rolls/s\n", "peer: rpg-dice-roller 3d10!=10>=5 (Node)", peer);
  printf("ratios (target)\n");
  printf("  traced / plain loop            %8.2f   (>= 0.70; median of %d back-to-back pairs, "
         "%.2f..%.2f)\n", ratio_plain, ROUNDS, pair_ratio[0], pair_ratio[ROUNDS - 1]);
  printf("  traced + read back / plain     %8.2f\n", read / plain);
  printf("  traced / keystream bound       %8.2f\n", traced / (keystream / dice_per_roll));
  printf("  system / seeded                %8.2f   (>= 0.50)\n", system / traced);
  printf("  attack with log / without      %8.2f   (>= 0.50)\n", logged / attacks);
  printf("  2 v 2 fights / 100000          %8.2f   (>= 1: the aim of 100,000 fights/s)\n",
         fights2 / 100000.0);
  printf("  2 v 2 alternative / core       %8.2f   (>= 1: the alternative rules as fast)\n",
         fights2a / fights2);
  printf("  tactical / simple, per round   %8.2f   (<= 3: a round's cost under each policy; median "
         "of %d back-to-back pairs, %.2f..%.2f)\n",
         tactical_pair[ROUNDS / 2], ROUNDS, tactical_pair[0], tactical_pair[ROUNDS - 1]);
  printf("  the same hand to hand          %8.2f   (median of %d back-to-back pairs, %.2f..%.2f)\n",
         melee_pair[ROUNDS / 2], ROUNDS, melee_pair[0], melee_pair[ROUNDS - 1]);
  printf("  board states / 1000000         %8.2f   (>= 1: a million combatant states/s)\n",
         states * board_n / 1e6);
  printf("  board snapshots / 100000       %8.2f   (>= 1: 100,000 snapshots/s)\n",
         snapshots / 1e5);
#if COPS_WITH_ST
  printf("  st 2 v 2 fights / COPS 2 v 2   %8.2f\n", st_fights / fights2);
#endif
#if COPS_WITH_D6
  printf("  d6 2 v 2 fights / COPS 2 v 2   %8.2f\n", d6_fights / fights2);
#endif
  if (peer > 0) {
    printf("  traced / peer                  %8.0f   (>= 300)\n", traced / peer);
    printf("  parsed each time / peer        %8.0f   (>= 50)\n", parsed / peer);
  } else {
    printf("  peer: not measured (no Node.js or npm package; see docs/performance.md)\n");
  }
  cops_roll_free(roll);
  cops_ctx_free(ctx);
  return 0;
}
