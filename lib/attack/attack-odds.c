/* The exact odds of a planned attack (docs/attacks.md#odds-before-the-roll):
 * from the same laws as the odds of a roll (lib/dice/odds.c) and the same plan as
 * the procedure (lib/attack/core/shoot.c, melee.c), by convolution; no die drawn,
 * nothing changed. */
#include <math.h>
#include <string.h>

#include "attack/attack.h"
#include "attack/attack-odds-private.h"
#include "base/jsonutil.h"
#include "attack/rules.h"

int cops_attack_odds_new(cops_attack_odds **out, cops_ctx *ctx)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_attack_odds *o = cops__calloc(&ctx->alloc, sizeof *o);
  if (!o)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for the odds of an attack");
  o->ctx = ctx;
  *out = o;
  return COPS_OK;
}

void cops_attack_odds_free(cops_attack_odds *o)
{
  if (!o || cops__refused(o->ctx))
    return;
  cops__free(&o->ctx->alloc, o);
}

/* ---- laws -------------------------------------------------------------------------- */

/* The sum of n d6 into out[0 .. 6n]. */
void cops__d6_sum_law(int n, double *out)
{
  memset(out, 0, (size_t)(6 * n + 1) * sizeof *out);
  out[0] = 1;
  for (int d = 0; d < n; d++)
    for (int s = 6 * (d + 1); s >= 0; s--) {
      double p = 0;
      for (int f = 1; f <= 6 && f <= s; f++)
        p += out[s - f];
      out[s] = p / 6;
    }
}

/* One bullet's (or a weapon's blow's) damage at a zone (C8.1): PU d6 less the
 * armour's d6 and fixed part; nothing through, nothing more; else the location's
 * d6 on top. */
static int bullet_damage(int pu, int dice, int fixed, int bonus, double *out)
{
  double raw[6 * 20 + 1], prot[6 * 20 + 1], extra[6 * 3 + 1], net[6 * 20 + 1];
  cops__d6_sum_law(pu, raw);
  cops__d6_sum_law(dice, prot);
  cops__d6_sum_law(bonus, extra);
  memset(net, 0, sizeof net);
  double stopped = 0;
  for (int r = 0; r <= 6 * pu; r++)
    for (int a = 0; a <= 6 * dice; a++) {
      const int n = r - a - fixed;
      const double p = raw[r] * prot[a];
      if (n <= 0)
        stopped += p;
      else
        net[n] += p;
    }
  const int most = 6 * pu + 6 * bonus;
  memset(out, 0, (size_t)(most + 1) * sizeof *out);
  out[0] = stopped;
  for (int n = 1; n <= 6 * pu; n++)
    for (int b = 0; b <= 6 * bonus; b++)
      out[n + b] += net[n] * extra[b];
  return most;
}

/* P(steady), P(shaken), P(out) of a stopping roll (C10.4): 6+/c (difficulty), one
 * die less when wounded (C8.2). */
static int stopping_law(cops_attack_odds *o, int c, int difficulty, int wounded, double out[3])
{
  cops_action a;
  cops_action_init(&a, c, 6, difficulty < 0 ? 0 : difficulty);
  a.dice_mod = wounded ? -1 : 0;
  cops__effective e;
  int extent, rc = cops__odds_law(o->ctx, &a, o->pmf2, &extent, &e);
  if (rc)
    return rc;
  double success = 0;
  for (int k = e.difficulty; k <= extent; k++)
    success += o->pmf2[k];
  if (e.pool < 1)
    success = 0;
  out[0] = success;
  out[2] = e.pool < 1 ? 1 : o->pmf2[0] * (e.difficulty > 0);
  out[1] = 1 - out[0] - out[2];
  if (out[1] < 0)
    out[1] = 0;
  return COPS_OK;
}

/* ---- what a hit does ----------------------------------------------------------------- */


/* A landing of weight w: total damage law d[0..most], worst location modifier, FA. */
static int land(cops_attack_odds *o, const struct cops__odds_target *t, double w, const double *d,
                int most, int fa, int modifier, double law[2][3], int *have)
{
  const int difficulty = fa + modifier;
  for (int k = 0; k <= most; k++) {
    const double p = w * d[k];
    if (p == 0)
      continue;
    o->damage[k] += p;
    if (k > o->damage_max)
      o->damage_max = k;
    int after = t->hp - k;
    if (after < -t->max)
      after = -t->max;
    if (after <= 0) {
      o->down += p;
      o->dead += p * (after <= -t->max);
      continue;   /* no stopping roll once down (C10.4) */
    }
    const int wounded = 2 * after < t->max;
    if (!have[wounded]) {
      int rc = stopping_law(o, t->characteristic, difficulty, wounded, law[wounded]);
      if (rc)
        return rc;
      have[wounded] = 1;
    }
    for (int r = 0; r < 3; r++)
      o->stop[r] += p * law[wounded][r];
  }
  return COPS_OK;
}

void cops__convolve(const double *a, int na, const double *b, int nb, double *out)
{
  memset(out, 0, (size_t)(na + nb + 1) * sizeof *out);
  for (int i = 0; i <= na; i++)
    if (a[i] != 0)
      for (int j = 0; j <= nb; j++)
        out[i + j] += a[i] * b[j];
}

void cops__odds_target(const cops_situation *s, struct cops__odds_target *t)
{
  cops_character_hp(s->target, &t->hp);
  t->max = cops_character_max_hp(s->target);
  int c = s->target_stopping;
  if (c < 0)
    c = cops_character_characteristic(s->target, COPS_CARRURE) >=
                cops_character_characteristic(s->target, COPS_SANG_FROID)
            ? COPS_CARRURE
            : COPS_SANG_FROID;
  t->characteristic = cops_character_characteristic(s->target, c);
}

/* Bullets in with chained locations from a d10 (C10.3, C10.6), each with its own
 * damage; p_bullets[b]: the chance that b bullets reach the target's body (b >= 1).
 * Also a weapon's blow in melee (one "bullet"). */
static int located_hits(cops_attack_odds *o, const cops_situation *s, const cops_weapon *w,
                        const double *p_bullets, int most)
{
  struct cops__odds_target t;
  cops__odds_target(s, &t);
  const int pu = cops__wget(w, COPS_WEAPON_PU), fa = cops__wget(w, COPS_WEAPON_FA);
  for (int z = 0; z < COPS_ZONE_COUNT; z++) {
    int dice, fixed;
    cops__core_protection(s->armour, z, &dice, &fixed);
    o->one_max[z] = bullet_damage(pu, dice, fixed, cops__core_zone_modifier(z), o->one[z]);
  }
  double law[4][2][3];
  int have[4][2] = {{0}};
  for (int d1 = 1; d1 <= 10; d1++) {
    /* Bullets k = 1 .. in land at dies d1 .. d1 + k - 1. */
    const int room = 11 - d1;
    int worst[MOST_IN + 1];
    o->conv_max[0] = 0;
    o->conv[0][0] = 1;
    worst[0] = 0;
    for (int k = 1; k <= room && k <= most; k++) {
      const int z = cops__core_zone(d1 + k - 1);
      cops__convolve(o->conv[k - 1], o->conv_max[k - 1], o->one[z], o->one_max[z], o->conv[k]);
      o->conv_max[k] = o->conv_max[k - 1] + o->one_max[z];
      const int m = cops__core_zone_modifier(z);
      worst[k] = m > worst[k - 1] ? m : worst[k - 1];
    }
    double by_in[MOST_IN + 1] = {0};   /* bullets in, from this first die */
    for (int b = 1; b <= most; b++)
      by_in[b < room ? b : room] += p_bullets[b] / 10;
    for (int in = 1; in <= MOST_IN; in++) {
      const double weight = by_in[in];
      if (weight == 0)
        continue;
      o->in[in] += weight;
      for (int k = 0; k < in; k++) {
        const int z = cops__core_zone(d1 + k);
        int seen = 0;
        for (int j = 0; j < k; j++)
          seen |= cops__core_zone(d1 + j) == z;
        if (!seen)
          o->zone[z] += weight;
      }
      int rc = land(o, &t, weight, o->conv[in], o->conv_max[in], fa, worst[in],
                    law[worst[in]], have[worst[in]]);
      if (rc)
        return rc;
    }
  }
  return COPS_OK;
}

/* A fixed blow (C11.1): a strike located by a d10, Carrure plus the location's
 * points less the armour's fixed part, FA 1 (2 to the head); a throw unlocated, the
 * target's own Carrure, FA 2. */
static int fixed_hit(cops_attack_odds *o, const cops_situation *s, double p)
{
  struct cops__odds_target t;
  cops__odds_target(s, &t);
  double law[2][3], one[ONE_MAX + 1];
  if (s->mode == COPS_ATTACK_THROW) {
    int fixed = 0;
    if (s->armour && cops_armour_against_throws(s->armour))
      cops_armour_get(s->armour, COPS_LOC_TORSO, NULL, &fixed);
    const int net = cops_character_characteristic(s->target, COPS_CARRURE) - fixed;
    const int dmg = net <= 0 ? 0 : net;
    memset(one, 0, sizeof one);
    one[dmg] = 1;
    int have[2] = {0};
    o->in[1] += p;
    return land(o, &t, p, one, dmg, 2, 0, law, have);
  }
  const int raw = cops_character_characteristic(s->attacker, COPS_CARRURE);
  for (int d = 1; d <= 10; d++) {
    const int z = cops__core_zone(d), m = cops__core_zone_modifier(z);
    int dice, fixed;
    cops__core_protection(s->armour, z, &dice, &fixed);
    const int net = raw - fixed, dmg = net <= 0 ? 0 : net + m;
    memset(one, 0, (size_t)(dmg + 1) * sizeof *one);
    one[dmg] = 1;
    int have[2] = {0};
    o->in[1] += p / 10;
    o->zone[z] += p / 10;
    int rc = land(o, &t, p / 10, one, dmg, z == COPS_ZONE_HEAD ? 2 : 1, m, law, have);
    if (rc)
      return rc;
  }
  return COPS_OK;
}

/* ---- the modes ------------------------------------------------------------------------- */

static int shot_odds(cops_attack_odds *o, const cops_situation *s)
{
  struct cops__shot_plan plan;
  int rc = cops__core_shot_plan(s, &plan);
  if (rc)
    return rc;
  cops__effective e;
  int extent;
  if ((rc = cops__odds_law(o->ctx, &plan.a, o->pmf, &extent, &e)))
    return rc;
  /* The margin's law when the roll succeeds (C1.3); Ancienneté (C5): a failure rolled
   * again, a success then at margin 0. */
  double margin[MOST_IN + 1] = {0}, p = 0;
  if (plan.reason < 0 && e.pool >= 1)
    for (int k = e.difficulty; k <= extent; k++) {
      const int m = k - e.difficulty;
      margin[m < MOST_IN ? m : MOST_IN] += o->pmf[k];
      p += o->pmf[k];
    }
  if (s->anciennete && cops__anciennete_left(s->attacker) > 0) {
    margin[0] += (1 - p) * p;
    p += (1 - p) * p;
  }
  o->hit = p;
  if (s->mode == COPS_ATTACK_COVER) {
    o->in[0] = 1;
    o->damage[0] = 1;
    return COPS_OK;   /* covering fire hits those who cross its zone (cops_cover_enter) */
  }
  o->in[0] = 1 - p;
  o->damage[0] = 1 - p;
  return cops__core_shot_given(o, s, plan.fired, margin);
}

/* What a shot or a burst that hits does, its margin's law given (margin[m], m capped at
 * MOST_IN; their sum the chance it hits): one bullet, plus the margin in a burst, up to
 * those fired, each located and landed. */
int cops__core_shot_given(cops_attack_odds *o, const cops_situation *s, int fired,
                          const double margin[MOST_IN + 1])
{
  double bullets[MOST_IN + 1] = {0};
  fired = fired > 0 ? fired : 1;
  const int most = fired < MOST_IN ? fired : MOST_IN;
  for (int m = 0; m <= MOST_IN; m++) {
    int b = s->mode == COPS_ATTACK_BURST ? 1 + m : 1;
    b = b < most ? b : most;
    bullets[b] += margin[m];
  }
  return located_hits(o, s, s->weapon, bullets, most);
}

static int melee_odds(cops_attack_odds *o, const cops_situation *s);

/* The core rules' odds (the rules table's): a shot's or a melee exchange's. */
int cops__core_odds(cops_attack_odds *o, const cops_situation *s)
{
  return s->mode <= COPS_ATTACK_COVER ? shot_odds(o, s) : melee_odds(o, s);
}

/* P(a, d) of the two rolls: the attacker's law in pmf, the defender's in pmf2. */
static int melee_odds(cops_attack_odds *o, const cops_situation *s)
{
  struct cops__melee_plan plan;
  int rc = cops__core_melee_plan(s, &plan);
  if (rc)
    return rc;
  cops__effective ea, ed;
  int na, nd;
  double *pd = cops__malloc(&o->ctx->alloc, sizeof(double) * COPS__LAW_K);
  if (!pd)
    return cops__fail(o->ctx, COPS_ENOMEM, "out of memory for odds");
  if ((rc = cops__odds_law(o->ctx, &plan.a, o->pmf, &na, &ea)) ||
      (rc = cops__odds_law(o->ctx, &plan.d, pd, &nd, &ed))) {
    cops__free(&o->ctx->alloc, pd);
    return rc;
  }
  const int mode = s->mode, again = s->anciennete && cops__anciennete_left(s->attacker) > 0;
  const int need = mode == COPS_ATTACK_HOLD ? 1 : mode == COPS_ATTACK_THROW ? 2 : 0;
  double lands = 0, back = 0;
  for (int d = 0; d <= nd; d++)
    for (int a = 0; a <= na; a++) {
      const double p = pd[d] * o->pmf[a];
      if (p == 0)
        continue;
      const int lost = mode == COPS_ATTACK_ESCAPE ? a <= d : a < d;
      /* C5 with C4.8: a lost roll again; a win on it has margin 0. */
      for (int a2 = again && lost ? 0 : -1; a2 <= (again && lost ? na : -1); a2++) {
        const int x = a2 < 0 ? a : a2;
        const double q = a2 < 0 ? p : p * o->pmf[a2];
        const int margin = a2 >= 0 && x > d ? 0 : x - d;
        if (mode == COPS_ATTACK_ESCAPE) {
          lands += q * (x > d);
          continue;
        }
        const int hits = x >= 1 && x >= d, hit_back = d >= 1 && d >= x;
        lands += q * (hits && margin >= need);
        back += q * hit_back;
      }
    }
  cops__free(&o->ctx->alloc, pd);
  if (mode == COPS_ATTACK_ESCAPE) {
    int hp;
    cops_character_hp(s->attacker, &hp);
    if (hp - 2 <= 0)
      lands = 0;   /* the 2 hit points of trying put the attacker down first (C11.1) */
  }
  o->hit = lands;
  o->hit_back = back;
  o->in[0] = 1 - lands;
  o->damage[0] = 1 - lands;
  if (mode == COPS_ATTACK_MELEE) {
    double blows[MOST_IN + 1] = {0};
    blows[1] = lands;
    return located_hits(o, s, s->weapon, blows, 1);
  }
  if (mode == COPS_ATTACK_STRIKE || mode == COPS_ATTACK_THROW)
    return fixed_hit(o, s, lands);
  o->in[1] = lands;          /* a hold or an escape: no damage to the target */
  o->damage[0] = 1;
  return COPS_OK;
}

/* Every answer at 0, for odds about to be computed under ruleset. */
static void clear_answers(cops_attack_odds *o, int ruleset)
{
  memset(o->in, 0, sizeof o->in);
  memset(o->zone, 0, sizeof o->zone);
  memset(o->damage, 0, sizeof o->damage);
  memset(o->stop, 0, sizeof o->stop);
  o->hit = o->hit_back = o->down = o->dead = 0;
  o->damage_max = 0;
  o->ruleset = ruleset;
}

int cops_attack_odds_compute(cops_attack_odds *o, const cops_situation *given)
{
  if (!o)
    return COPS_EINVAL;
  COPS__ENTER(o->ctx);
  o->computed = 0;
  if (!given || !given->attacker)
    return cops__fail(o->ctx, COPS_EINVAL, "situation or attacker is NULL");
  cops_situation s;
  int rc = cops__situation_full(o->ctx, given, &s);
  if (rc)
    return rc;
  if (cops__character_ctx(s.attacker) != o->ctx)
    return cops__fail(o->ctx, COPS_EINVAL, "the attacker belongs to another context");
  if (s.adrenaline && cops_character_points(s.attacker, COPS_ADRENALINE, &rc, NULL) == COPS_OK &&
      rc < 1)
    return cops__fail(o->ctx, COPS_ERULE, "%s has no Adrénaline point left (C5)",
                      cops_character_name(s.attacker));
  clear_answers(o, s.ruleset);
  if ((rc = cops__attack_rules_of(s.ruleset)->odds(o, &s)))
    return rc;
  o->computed = 1;
  return COPS_OK;
}

int cops__attack_odds_given(cops_attack_odds *o, const cops_situation *given, int fired,
                            const double margin[11])
{
  o->computed = 0;
  cops_situation s;
  int rc = cops__situation_full(o->ctx, given, &s);
  if (rc)
    return rc;
  clear_answers(o, s.ruleset);
  for (int m = 0; m <= 10; m++)
    o->hit += margin[m];
  o->in[0] = o->damage[0] = 1 - o->hit;
  if ((rc = cops__attack_rules_of(s.ruleset)->shot_given(o, &s, fired, margin)))
    return rc;
  o->computed = 1;
  return COPS_OK;
}

/* ---- answers -------------------------------------------------------------------------- */

static int ready(const cops_attack_odds *o, const void *out)
{
  if (!o || !out)
    return COPS_EINVAL;
  if (!o->computed)
    return cops__fail(o->ctx, COPS_ESTATE, "no odds computed (cops_attack_odds_compute)");
  return COPS_OK;
}

int cops_attack_odds_hit(const cops_attack_odds *o, double *p, double *hit_back)
{
  int rc = ready(o, p);
  if (rc)
    return rc;
  *p = o->hit;
  if (hit_back)
    *hit_back = o->hit_back;
  return COPS_OK;
}

int cops_attack_odds_in(const cops_attack_odds *o, int k, double *p)
{
  int rc = ready(o, p);
  if (rc)
    return rc;
  *p = k >= 0 && k <= MOST_IN ? o->in[k] : 0;
  return COPS_OK;
}

int cops_attack_odds_zone(const cops_attack_odds *o, int zone, double *p)
{
  int rc = ready(o, p);
  if (rc)
    return rc;
  if (zone < 0 || zone >= COPS_ZONE_COUNT)
    return cops__fail(o->ctx, COPS_ERANGE, "zone %d out of range 0..%d", zone,
                      COPS_ZONE_COUNT - 1);
  *p = o->zone[zone];
  return COPS_OK;
}

int cops_attack_odds_damage(const cops_attack_odds *o, int d, double *p)
{
  int rc = ready(o, p);
  if (rc)
    return rc;
  *p = d >= 0 && d <= o->damage_max ? o->damage[d] : 0;
  return COPS_OK;
}

int cops_attack_odds_damage_max(const cops_attack_odds *o)
{
  if (!o)
    return COPS_EINVAL;
  return o->computed ? o->damage_max : COPS_ESTATE;
}

int cops_attack_odds_stopping(const cops_attack_odds *o, int result, double *p)
{
  int rc = ready(o, p);
  if (rc)
    return rc;
  if (result < COPS_STOP_NONE || result >= COPS_STOP_RESULT_COUNT)
    return cops__fail(o->ctx, COPS_ERANGE, "stopping result %d out of range -1..%d", result,
                      COPS_STOP_RESULT_COUNT - 1);
  if (result == COPS_STOP_NONE) {
    double none = 1;
    for (int r = 0; r < COPS_STOP_RESULT_COUNT; r++)
      none -= o->stop[r];
    *p = none < 0 ? 0 : none;
  } else {
    *p = o->stop[result];
  }
  return COPS_OK;
}

int cops_attack_odds_down(const cops_attack_odds *o, double *down, double *dead)
{
  int rc = ready(o, down);
  if (rc)
    return rc;
  *down = o->down;
  if (dead)
    *dead = o->dead;
  return COPS_OK;
}

int cops_attack_odds_to_json(const cops_attack_odds *o, char **out)
{
  if (out)
    *out = NULL;
  int rc = ready(o, out);
  if (rc)
    return rc;
  json_t *in = json_array(), *dmg = json_array(), *zones = json_object(), *stop = json_object();
  int bad = !in || !dmg || !zones || !stop;
  int last_in = 0;
  for (int k = 0; k <= MOST_IN; k++)
    if (o->in[k] > 0)
      last_in = k;
  for (int k = 0; !bad && k <= last_in; k++)
    bad |= json_array_append_new(in, json_real(o->in[k]));
  for (int k = 0; !bad && k <= o->damage_max; k++)
    bad |= json_array_append_new(dmg, json_real(o->damage[k]));
  for (int z = 0; !bad && z < COPS_ZONE_COUNT; z++)
    bad |= json_object_set_new(zones, cops_zone_name(z, COPS_LANG_EN), json_real(o->zone[z]));
  /* The results of the ruleset's stopping roll: C10.4's, or A5's. */
  static const char *const results[] = {"none", "steady", "shaken", "out", "unaffected",
                                        "stopped", "mishap"};
  const int alt = o->ruleset == COPS_RULES_ALTERNATIVE;
  for (int r = COPS_STOP_NONE; !bad && r < COPS_STOP_RESULT_COUNT; r++) {
    if (r >= 0 && (r >= COPS_STOP_UNAFFECTED) != alt)
      continue;
    double p;
    cops_attack_odds_stopping(o, r, &p);
    bad |= json_object_set_new(stop, results[r + 1], json_real(p));
  }
  json_t *root = json_object();
  if (!root || bad) {
    json_decref(root);
    json_decref(in);
    json_decref(dmg);
    json_decref(zones);
    json_decref(stop);
    return cops__fail(o->ctx, COPS_ENOMEM, "out of memory for the odds' JSON");
  }
  bad |= json_object_set_new(root, "schema", json_integer(1));
  if (alt)   /* the ruleset, when not the core rules' (0.13) */
    bad |= json_object_set_new(root, "rules", json_string(cops_ruleset_name(o->ruleset)));
  bad |= json_object_set_new(root, "p_hit", json_real(o->hit));
  bad |= json_object_set_new(root, "p_hit_back", json_real(o->hit_back));
  bad |= json_object_set_new(root, "in", in);
  bad |= json_object_set_new(root, "zones", zones);
  bad |= json_object_set_new(root, "damage", dmg);
  bad |= json_object_set_new(root, "stopping", stop);
  bad |= json_object_set_new(root, "p_down", json_real(o->down));
  bad |= json_object_set_new(root, "p_dead", json_real(o->dead));
  if (bad) {
    json_decref(root);
    return cops__fail(o->ctx, COPS_ENOMEM, "out of memory for the odds' JSON");
  }
  rc = cops__json_hand(&o->ctx->alloc, root, 0, out);
  return rc ? cops__fail(o->ctx, rc, "out of memory for the odds' JSON") : COPS_OK;
}
