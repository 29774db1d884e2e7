/* The exact odds of a planned attack under the alternative rules (COPS.md A2-A5): the
 * attack roll's law from the same plan as the attack (shoot.c, melee.c), the bullets in
 * and the steps of the excess successes (A2.1, A2.2), every location d10 (A4.1), each
 * bullet's damage through its side's armour (A4.2, A3), the stopping factor's three
 * results (A5) with the wound malus of A4.3. By enumeration and convolution: no die drawn,
 * nothing changed. */
#include <string.h>

#include "attack/attack.h"
#include "attack/attack-odds-private.h"
#include "attack/alternative/alternative.h"

#define FACES 10
#define MOST_LAW (6 * 20 + 6 * 3)   /* one bullet or blow: 20d6 of PU and 3d6 of location */

/* The law of the highest of n d6 into out[0..6] (out[0]: no die). */
static void highest_law(int n, double *out)
{
  memset(out, 0, 7 * sizeof *out);
  if (n <= 0) {
    out[0] = 1;
    return;
  }
  double below = 0;
  for (int k = 1; k <= 6; k++) {
    double at_most = 1;
    for (int i = 0; i < n; i++)
      at_most *= k / 6.0;
    out[k] = at_most - below;
    below = at_most;
  }
}

/* One bullet's or blow's damage at a spot into out[0..]: the most damage.
 * kind 0: a weapon (A4.2): PU d6 (+ the highest of carrure d6, A3.1) less the armour's
 * dice and fixed part, then the bonus d6 when something is left; kind 1: bare-handed or
 * a throw (A3.2, A3.3): the highest of (carrure + bonus) d6 less the armour's dice. */
static int one_law(int kind, int pu, int carrure, const cops_armour *armour,
                   const struct cops__alt_spot *spot, double *out)
{
  int dice, fixed;
  cops__alt_protection(armour, spot, &dice, &fixed);
  double raw[MOST_LAW + 1] = {0}, prot[6 * 20 + 1], extra[6 * 3 + 1], hi[7];
  int most_raw;
  if (kind == 0) {
    double sum[6 * 20 + 1];
    cops__d6_sum_law(pu, sum);
    highest_law(carrure, hi);
    cops__convolve(sum, 6 * pu, hi, 6, raw);
    most_raw = 6 * pu + 6;
    cops__d6_sum_law(spot->bonus, extra);
  } else {
    highest_law(carrure + spot->bonus, raw);
    most_raw = 6;
    fixed = 0;               /* A3.2: the armour's dice only */
    memset(extra, 0, sizeof extra);
    extra[0] = 1;
  }
  cops__d6_sum_law(dice, prot);
  const int bonus_max = kind == 0 ? 6 * spot->bonus : 0;
  const int most = most_raw + bonus_max;
  memset(out, 0, (size_t)(most + 1) * sizeof *out);
  for (int r = 0; r <= most_raw; r++)
    for (int a = 0; a <= 6 * dice; a++) {
      const double p = raw[r] * prot[a];
      const int net = r - a - fixed;
      if (p == 0)
        continue;
      if (net <= 0) {
        out[0] += p;         /* stopped: no bonus dice (A4.2) */
        continue;
      }
      for (int b = 0; b <= bonus_max; b++)
        out[net + b] += p * extra[b];
    }
  return most;
}

/* A5: P(unaffected), P(stopped), P(mishap) of the higher of Sang-froid and Carrure at
 * threshold (over 10: the natural 10s), difficulty FA + 1, one die less from PV <= max/2. */
static int stop_law(cops_attack_odds *o, int pool, int threshold, int fa, int wounded,
                    double out[3])
{
  cops_action a;
  cops_action_init(&a, pool, threshold < 10 ? threshold : 10, fa + 1);
  a.threshold_mod = threshold > 10 ? threshold - 10 : 0;
  a.dice_mod = wounded ? -1 : 0;
  cops__effective e;
  int extent, rc = cops__odds_law(o->ctx, &a, o->pmf2, &extent, &e);
  if (rc)
    return rc;
  out[0] = out[1] = out[2] = 0;
  for (int k = 0; k <= extent; k++) {
    const double p = e.pool < 1 ? (k == 0) : o->pmf2[k];
    out[k > fa ? 0 : k == fa ? 1 : 2] += p;
  }
  return COPS_OK;
}

/* Bullets or blows of weight w landing with the damage law d[0..most]: hit points, and
 * the stopping roll of a target still up (A5). */
static int land(cops_attack_odds *o, const struct cops__odds_target *t, int ko, double w,
                const double *d, int most, int fa, int threshold)
{
  double law[2][3];
  int have[2] = {0, 0};
  for (int k = 0; k <= most; k++) {
    const double p = w * d[k];
    if (p == 0)
      continue;
    o->damage[k] += p;
    o->damage_max = k > o->damage_max ? k : o->damage_max;
    int after = t->hp - k;
    after = after < -t->max ? -t->max : after;
    if (after <= 0) {
      o->down += p;
      o->dead += p * (after <= -t->max);
      continue;   /* RULING A: no stopping roll at PV <= 0 */
    }
    if (ko)
      continue;   /* nor unconscious after a blow to the head */
    const int wounded = 2 * after <= t->max;   /* A4.3 */
    if (!have[wounded]) {
      int rc = stop_law(o, t->characteristic, threshold, fa, wounded, law[wounded]);
      if (rc)
        return rc;
      have[wounded] = 1;
    }
    for (int r = 0; r < 3; r++)
      o->stop[COPS_STOP_UNAFFECTED + r] += p * law[wounded][r];
  }
  return COPS_OK;
}

/* The law of the attack roll's margin when it succeeds (margin[m], m capped at 10) and the
 * chance it does, Ancienneté's second roll included (C5: a success then at MR 0). */
static double margin_law(cops_attack_odds *o, const cops_situation *s, const cops_action *a,
                         int possible, double margin[11])
{
  cops__effective e;
  int extent;
  memset(margin, 0, 11 * sizeof *margin);
  if (!possible || cops__odds_law(o->ctx, a, o->pmf, &extent, &e) || e.pool < 1)
    return 0;
  double p = 0;
  for (int k = e.difficulty; k <= extent; k++) {
    const int m = k - e.difficulty;
    margin[m < 10 ? m : 10] += o->pmf[k];
    p += o->pmf[k];
  }
  if (s->anciennete && cops__anciennete_left(s->attacker) > 0) {
    margin[0] += (1 - p) * p;
    p += (1 - p) * p;
  }
  return p;
}

/* Weights of the final location faces of `in` bullets: w[f1][f2][f3] (faces sorted, 0 for
 * no bullet), every rolled combination moved by the steps (A2.1, A2.2). */
struct spots {
  double w[4][FACES + 1][FACES + 1][FACES + 1];   /* by bullets in */
  double acc[2][3 * MOST_LAW + 1];                /* scratch of the convolutions */
};

static void add_spots(struct spots *sp, int in, int aim, int steps, double weight,
                      double *zone)
{
  int rolled[3] = {1, 1, 1};
  const int combos = in == 1 ? 10 : in == 2 ? 100 : 1000;
  const double each = weight / combos;
  for (int c = 0; c < combos; c++) {
    rolled[0] = c % 10 + 1;
    rolled[1] = c / 10 % 10 + 1;
    rolled[2] = c / 100 + 1;
    struct cops__alt_spot spot[3];
    cops__alt_spread(spot, rolled, in, aim, steps);
    int f[3] = {0, 0, 0};
    unsigned seen = 0;
    for (int b = 0; b < in; b++) {
      f[b] = spot[b].die;
      if (!(seen & (1u << spot[b].zone)))
        zone[spot[b].zone] += each;
      seen |= 1u << spot[b].zone;
    }
    for (int x = 0; x < 3; x++)    /* sorted, the empty places last */
      for (int y = x + 1; y < 3; y++)
        if (f[y] > f[x]) {
          const int t = f[x];
          f[x] = f[y];
          f[y] = t;
        }
    sp->w[in][f[0]][f[1]][f[2]] += each;
  }
}

/* Land every set of final faces: their damage laws convolved, then hit points and A5. */
static int land_spots(cops_attack_odds *o, struct spots *sp, const cops_situation *s,
                      int kind, int pu, int carrure, int fa, int threshold_base)
{
  struct cops__odds_target t;
  cops__odds_target(s, &t);
  const int ko = (cops_character_conditions(s->target) & COPS_COND_KNOCKED_OUT) != 0;
  double one[FACES + 1][MOST_LAW + 1];
  int one_max[FACES + 1];
  for (int f = 1; f <= FACES; f++) {
    struct cops__alt_spot spot;
    cops__alt_spot(&spot, f, 0);
    one_max[f] = one_law(kind, pu, carrure, s->armour, &spot, one[f]);
  }
  double (*acc)[3 * MOST_LAW + 1] = sp->acc;
  for (int in = 1; in <= 3; in++)
    for (int a = 1; a <= FACES; a++)
      for (int b = 0; b <= (in > 1 ? a : 0); b++)
        for (int c = 0; c <= (in > 2 ? b : 0); c++) {
          const double w = sp->w[in][a][b][c];
          if (w == 0)
            continue;
          o->in[in] += w;
          int most = one_max[a];
          memcpy(acc[0], one[a], (size_t)(most + 1) * sizeof(double));
          const int more[2] = {b, c};
          for (int k = 0; k < in - 1; k++) {
            cops__convolve(acc[k & 1], most, one[more[k]], one_max[more[k]], acc[!(k & 1)]);
            most += one_max[more[k]];
          }
          int rc = land(o, &t, ko, w, acc[(in - 1) & 1], most, fa,
                        threshold_base < 0 ? 5 + in : threshold_base);
          if (rc)
            return rc;
        }
  return COPS_OK;
}

/* A shot or a burst that hits, its margin's law given: the bullets in (one, A2.1; a burst's
 * one more a point of margin up to 3 and those fired, A2.2), the steps of the rest, every
 * location and its damage. */
static int shot_given(cops_attack_odds *o, struct spots *sp, const cops_situation *s, int fired,
                      const double margin[11])
{
  fired = fired > 0 ? fired : 1;
  for (int m = 0; m <= 10; m++) {
    int in = 1;
    if (s->mode == COPS_ATTACK_BURST) {
      in = 1 + (m < 2 ? m : 2);
      in = in > fired ? fired : in;
    }
    if (margin[m] > 0)
      add_spots(sp, in, s->aim, m - (in - 1), margin[m], o->zone);
  }
  return land_spots(o, sp, s, 0, cops__wget(s->weapon, COPS_WEAPON_PU), 0,
                    cops__wget(s->weapon, COPS_WEAPON_FA), -1);   /* FA at (5 + in)+ */
}

int cops__alt_shot_given(cops_attack_odds *o, const cops_situation *s, int fired,
                         const double margin[11])
{
  struct spots *sp = cops__calloc(&o->ctx->alloc, sizeof *sp);
  if (!sp)
    return cops__fail(o->ctx, COPS_ENOMEM, "out of memory for odds");
  const int rc = shot_given(o, sp, s, fired, margin);
  cops__free(&o->ctx->alloc, sp);
  return rc;
}

int cops__alt_odds(cops_attack_odds *o, const cops_situation *s)
{
  double margin[11];
  struct spots *sp = cops__calloc(&o->ctx->alloc, sizeof *sp);
  if (!sp)
    return cops__fail(o->ctx, COPS_ENOMEM, "out of memory for odds");
  int rc;
  if (s->mode <= COPS_ATTACK_COVER) {
    struct cops__shot_plan plan;
    if ((rc = cops__alt_shot_plan(s, &plan)))
      goto done;
    const double p = margin_law(o, s, &plan.a, plan.reason < 0, margin);
    o->hit = p;
    o->in[0] = 1 - p;
    o->damage[0] = 1 - p;
    if (s->mode == COPS_ATTACK_COVER) {
      o->in[0] = 1;
      o->damage[0] = 1;
      goto done;   /* covering fire hits those who cross its zone (cops_cover_enter) */
    }
    rc = shot_given(o, sp, s, plan.fired, margin);
    goto done;
  }
  cops_action a;
  if ((rc = cops__alt_melee_plan(s, &a)))
    goto done;
  const double p = margin_law(o, s, &a, 1, margin);
  o->hit = p;
  o->in[0] = 1 - p;
  o->damage[0] = 1;
  if (s->mode == COPS_ATTACK_HOLD || s->mode == COPS_ATTACK_ESCAPE) {
    o->in[1] = p;            /* no damage, no FA (A3.4) */
    goto done;
  }
  o->damage[0] = 1 - p;
  const int mine = cops_character_characteristic(s->attacker, COPS_CARRURE);
  const int theirs = cops_character_characteristic(s->target, COPS_CARRURE);
  for (int m = 0; m <= 10; m++)
    if (margin[m] > 0)   /* a throw's location does not move (A3.3) */
      add_spots(sp, 1, s->mode == COPS_ATTACK_THROW ? 0 : s->aim, m, margin[m], o->zone);
  if (s->mode == COPS_ATTACK_MELEE)        /* A3.1 */
    rc = land_spots(o, sp, s, 0, cops__wget(s->weapon, COPS_WEAPON_PU), mine,
                    cops__wget(s->weapon, COPS_WEAPON_FA), 5 + mine);
  else if (s->mode == COPS_ATTACK_STRIKE)  /* A3.2 */
    rc = land_spots(o, sp, s, 1, 0, mine, 1, 5 + mine);
  else                                     /* A3.3 */
    rc = land_spots(o, sp, s, 1, 0, theirs, 2, 5 + theirs);
done:
  cops__free(&o->ctx->alloc, sp);
  return rc;
}
