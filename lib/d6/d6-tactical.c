/* The tactical policy of a D6 fight (docs/d6.md, "Policies"): what a fighter nobody declares
 * for does when it weighs the exact odds of its attacks (the laws of the rolls' totals,
 * lib/d6/d6-odds.c). For a fighter on foot whose tactic is to attack or to dodge, from the
 * simple policy's plan (lib/d6/d6-turn.c):
 *
 *   score = its progress on its target x the target's weight - the enemies' progress on it,
 *
 * a progress being the expected wound levels a hit adds out of those its target has before
 * it is out of the fight (1 when it is: mortally wounded or worse, knocked out by a stun
 * weapon, or incapacitated and failing its check of 15, §5.6 ... §5.9, D6-A18, D6-A20), from
 * the law of the attack's total against the defence value and the cover's roll (§5.3, §5.4,
 * D6-A11, D6-A14) and the law of the damage against the resistance (§5.5, §5.6, D6-A38). A
 * target's weight is what it does to the fighter's side this round over the most any enemy
 * does (a floor of 0.1). Weighed: every able enemy on foot, each weapon (a shot in reach from
 * where it stands; a blow in contact, after a move when one reaches) with each option the
 * rules allow it (none, a burst, a head shot, a brutal or a precise blow), and its defence, natural
 * or an active dodge (one more action, -1D on every roll, D6-A5, D6-A11) against the attacks
 * the enemies still to act plan at it (their declarations, or the simple policy's). A fighter
 * aboard a vehicle, holding or held, coordinated, casting, or with nothing to attack keeps the
 * simple plan, as do the tactics grab, defend and ram. No die is drawn; the fight is as before
 * the call. */
#include <string.h>

#include "d6/d6-private.h"
#include "d6-fight-private.h"

#define LAW 256      /* totals from the lowest, the last holding every one above */
#define LEVELS 48    /* success-damage points: one per 5 of margin (D6-A38) */
#define FLOOR 0.1    /* the weight of an enemy that can do nothing, over the most */
#define NEGLIGIBLE 1e-12   /* a total's chance below which the sums leave it out */

/* What a margin of damage over resistance does to the target as it stands (§5.6, §8.3): its
 * progress toward being out of the fight, 1 when it is. */
static double progress_at(const cops_d6_character *v, int margin, int stun, double check_fails)
{
  cops_d6_wounds w = v->w;
  const int before = w.level;
  int steps, lost;
  cops__d6_wound_apply(&w, margin, stun, &steps, &lost);
  if (w.level >= COPS_D6_MORTALLY || (stun && margin > 0))
    return 1;
  const double part = (double)(w.level - before) / (COPS_D6_MORTALLY - before);
  if (w.level == COPS_D6_INCAPACITATED && before < COPS_D6_INCAPACITATED)
    return check_fails + (1 - check_fails) * part;   /* D6-A18: out when the check fails */
  return part > 0 ? part : 0;
}

/* A law into out[] (cap LAW) with its lowest total; the totals past *n (the count of those
 * that carry more than NEGLIGIBLE) left out of the sums. 0 when the rules refuse the pool. */
static int law_of(const cops_d6_fight *f, const cops_d6_pool *p, const cops_d6_rules *r,
                  double *out, int *lo, int *n)
{
  if (cops__d6_pool_law(f->ctx, p, r, out, LAW, lo)) {
    f->ctx->errmsg[0] = '\0';
    return 0;
  }
  *n = LAW;
  while (*n > 1 && out[*n - 1] < NEGLIGIBLE)
    (*n)--;
  return 1;
}

/* The progress attack a makes on its target (down: P(out of the fight)); 0 when the rules
 * refuse it (nothing to weigh). */
static int value_of(const cops_d6_fight *f, const cops_d6_attack *a, double *v, double *down)
{
  cops__d6_pools p;
  if (cops__d6_attack_pools(f->ctx, a, &p)) {
    f->ctx->errmsg[0] = '\0';   /* an attack the rules refuse: not a choice */
    return 0;
  }
  const cops_d6_rules *r = &p.rules;
  static const double one = 1;
  double la[LAW], ld[LAW], lc[LAW];
  int alo, na, dlo = 0, clo = 0;
  const double *pd = &one, *pc = &one;
  int nd = 1, nc = 1;
  if (!law_of(f, &p.attack, r, la, &alo, &na))
    return 0;
  if (p.defence_rolled && !law_of(f, &p.defence, r, ld, &dlo, &nd))
    return 0;   /* the target's active defence, rolled at its turn (D6-A11) */
  if (p.defence_rolled)
    pd = ld;
  if (p.cover.code.dice > 0 && !law_of(f, &p.cover, r, lc, &clo, &nc))
    return 0;   /* the cover's dice, rolled with the attack (§5.4.2) */
  if (p.cover.code.dice > 0)
    pc = lc;
  /* The law of what the attack must reach: the defence's roll plus the cover's. */
  double need[2 * LAW];
  memset(need, 0, sizeof need);
  for (int i = 0; i < nd; i++)
    for (int j = 0; j < nc; j++)
      need[i + j] += pd[i] * pc[j];
  const int need_lo = p.value + dlo + clo;
  /* P(hit with a margin in [5b, 5b + 4]) (D6-A38: a point of damage per 5) */
  double hit[LEVELS];
  memset(hit, 0, sizeof hit);
  double total_hit = 0;
  for (int s = 0; s < nd + nc - 1; s++) {
    if (need[s] < NEGLIGIBLE)
      continue;
    for (int k = 0; k < na; k++) {
      const int margin = alo + k - (need_lo + s);
      if (margin < 0 || la[k] == 0)
        continue;
      const int band = p.success_damage ? margin / 5 : 0;
      hit[band < LEVELS ? band : LEVELS - 1] += need[s] * la[k];
      total_hit += need[s] * la[k];
    }
  }
  *v = *down = 0;
  if (total_hit <= 0)
    return 1;
  /* The margin of damage over resistance (§5.6; D6-A16: no negative resistance unless the
   * rules allow it): its law, from mlo. */
  double lg[LAW], lr[LAW];
  int glo, rlo, ng, nr;
  if (!law_of(f, &p.damage, r, lg, &glo, &ng) || !law_of(f, &p.resistance, r, lr, &rlo, &nr))
    return 0;
  if (!r->negative_resistance && rlo < 0) {
    double below = 0;
    for (int k = 0; k < LAW && rlo + k < 0; k++) {
      below += lr[k];
      lr[k] = 0;
    }
    if (-rlo < LAW)
      lr[-rlo] += below;
  }
  double margin_law[2 * LAW];
  memset(margin_law, 0, sizeof margin_law);
  const int mlo = glo - (rlo + LAW - 1);
  for (int i = 0; i < ng; i++)
    if (lg[i] > 0)
      for (int j = 0; j < nr; j++)
        margin_law[i + (LAW - 1 - j)] += lg[i] * lr[j];
  const double fails = cops__d6_check_fails(f->ctx, r, a->target);
  for (int m = 0; m < 2 * LAW - 1; m++) {
    if (margin_law[m] < NEGLIGIBLE)
      continue;
    for (int band = 0; band < LEVELS; band++) {
      if (hit[band] <= 0)
        continue;
      const double q = hit[band] * margin_law[m];
      const double prog = progress_at(a->target, mlo + m + band, p.stun, fails);
      *v += q * prog;
      *down += q * (prog >= 1);
    }
  }
  return 1;
}

static int thousandths(double p)
{
  const int k = (int)(p * 1000 + 0.5);
  return k < 0 ? 0 : k > 1000 ? 1000 : k;
}

/* An enemy's plan: its declaration, or the simple policy's. */
static void plan_of(const cops_d6_fight *f, int e, cops_d6_declaration *d)
{
  if (f->c[e].declared)
    *d = f->c[e].decl;
  else
    cops__d6_policy(f, e, d);
}

/* id's defence as the enemies' attacks see it: natural, or an active dodge still to roll
 * with its actions this round. */
static void defended(cops_d6_attack *a, int dodge, int actions)
{
  if (!dodge) {
    a->defence = COPS_D6_NATURAL;
    return;
  }
  a->defence = COPS_D6_ACTIVE;
  a->defence_skill = COPS_D6_DODGE;
  a->defence_total = COPS_D6_ROLL_DEFENCE;
  a->defender_actions = actions;
}

/* The enemies' progress on id this round if it stands at (x, y), with each defence (lost[0]
 * natural, lost[1] an active dodge with `actions`), P(it is out) in risk[]; each enemy still
 * to act that plans an attack on it (a blow only when it can still reach it: one move), each
 * taking its share of what the others leave. */
static void threats_of(const cops_d6_fight *f, int id, int x, int y, int actions, double *lost,
                       double *risk)
{
  double kept[2] = {1, 1}, safe[2] = {1, 1};
  for (int e = 0; e < f->n; e++) {
    const struct cops__d6_fighter *o = &f->c[e];
    if (o->side == f->c[id].side || o->acted || !cops__d6_fighter_able(f, e))
      continue;
    cops_d6_declaration d;
    plan_of(f, e, &d);
    if (d.action != COPS_D6_DO_ATTACK || d.target != id)
      continue;
    const int melee = d.weapon < 0 || o->ch->weapon[d.weapon].category == COPS_D6_MELEE;
    if (melee && metres(o->x, o->y, x, y) > COPS_D6_MOVE_MAX + 1)
      continue;   /* out of its reach this round */
    for (int k = 0; k < 2; k++) {
      cops_d6_attack a;
      cops__d6_attack_of(f, e, id, &d, &a);
      a.distance = melee ? 1 : metres(d.moving ? d.x : o->x, d.moving ? d.y : o->y, x, y);
      a.actions = d.count + (d.defence == COPS_D6_ACTIVE) + d.extra_actions;
      defended(&a, k, actions);
      double v, down;
      if (!value_of(f, &a, &v, &down))
        continue;
      for (int n = 0; n < (d.option == COPS_D6_SEVERAL_SHOTS ? 1 : d.count); n++) {
        kept[k] *= 1 - v;
        safe[k] *= 1 - down;
      }
    }
  }
  for (int k = 0; k < 2; k++) {
    lost[k] = 1 - kept[k];
    risk[k] = 1 - safe[k];
  }
}

/* What enemy t does to id's side this round: the progress of the attack it plans. */
static double danger_of(const cops_d6_fight *f, int t, int side)
{
  cops_d6_declaration d;
  plan_of(f, t, &d);
  if (d.action != COPS_D6_DO_ATTACK || d.target < 0 || f->c[d.target].side != side)
    return 0;
  cops_d6_attack a;
  cops__d6_attack_of(f, t, d.target, &d, &a);
  if (d.moving)
    a.distance = metres(d.x, d.y, f->c[d.target].x, f->c[d.target].y);
  a.actions = d.count + (d.defence == COPS_D6_ACTIVE) + d.extra_actions;
  double v, down;
  return value_of(f, &a, &v, &down) && v > 0 ? v : 0;
}

/* The options weighed (§5.12, §5.13, D6-A21): none, a burst, a head shot (which a vest does
 * not stop), a brutal or a precise blow. */
static const int options[] = {COPS_D6_NO_OPTION, COPS_D6_BURST, COPS_D6_AIMED_VITAL,
                              COPS_D6_BRUTAL, COPS_D6_PRECISE};
#define OPTIONS (int)(sizeof options / sizeof options[0])

void cops__d6_tactical(const cops_d6_fight *f, int id, cops_d6_declaration *d, int *why)
{
  cops__d6_policy(f, id, d);
  const struct cops__d6_fighter *c = &f->c[id];
  const cops_d6_character *ch = c->ch;
  if ((c->tactic != COPS_D6_TACTIC_ATTACK && c->tactic != COPS_D6_TACTIC_DODGE) ||
      c->vehicle >= 0 || c->holding >= 0 || c->held_by >= 0 ||
      (c->coordinator >= 0 && c->coordinated) || d->action != COPS_D6_DO_ATTACK ||
      d->count != 1 || d->extra_actions || c->prep_done)
    return;   /* an order, a vehicle, a hold, a group, a spell, or nothing to attack */
  const int base = c->actions;   /* a coordinator's Command roll, already counted */
  double weight[COPS_D6_FIGHTERS_MAX], most = 0;
  int nearest = -1;
  for (int t = 0; t < f->n; t++) {
    weight[t] = 0;
    if (f->c[t].side != c->side && cops__d6_fighter_able(f, t)) {
      weight[t] = danger_of(f, t, c->side);
      if (nearest < 0 || cops__d6_dist(f, id, t) < cops__d6_dist(f, id, nearest))
        nearest = t;
    }
    most = weight[t] > most ? weight[t] : most;
  }
  for (int t = 0; t < f->n; t++)
    weight[t] = (FLOOR + weight[t]) / (FLOOR + most);
  /* Where it may stand when it attacks: where it is; a move away from the nearest enemy
   * (backing off by a range band); toward each target (closing in); in contact with it. */
  struct spot {
    int x, y, done;
    double lost[2], risk[2];
  } spots[2 + 2 * COPS_D6_FIGHTERS_MAX];
  int nspots = 0;
  spots[nspots++] = (struct spot){c->x, c->y, 0, {0, 0}, {0, 0}};
  if (nearest >= 0) {
    const struct cops__d6_fighter *o = &f->c[nearest];
    int ax, ay;
    towards(c->x, c->y, 2 * c->x - o->x, 2 * c->y - o->y, COPS_D6_MOVE_MAX, &ax, &ay);
    if (ax >= -COPS_D6_POSITION_MAX && ax <= COPS_D6_POSITION_MAX && ay >= -COPS_D6_POSITION_MAX &&
        ay <= COPS_D6_POSITION_MAX && (ax != c->x || ay != c->y))
      spots[nspots++] = (struct spot){ax, ay, 0, {0, 0}, {0, 0}};
  }
  const int shared = nspots;   /* the spots for every target */
  const int simple_dodge = d->defence == COPS_D6_ACTIVE;
  double top = -2, top_down = 0;
  int found = 0, top_spot = 0, top_dodge = simple_dodge;
  cops_d6_declaration best = *d;
  for (int t = 0; t < f->n; t++) {
    const struct cops__d6_fighter *o = &f->c[t];
    if (o->side == c->side || !cops__d6_fighter_able(f, t) || o->vehicle >= 0)
      continue;
    const int first = nspots;   /* toward t, then in contact with it */
    int ax, ay, mx = c->x, my = c->y;
    towards(c->x, c->y, o->x, o->y, COPS_D6_MOVE_MAX, &ax, &ay);
    if (metres(ax, ay, o->x, o->y) > 1 && (ax != c->x || ay != c->y))
      spots[nspots++] = (struct spot){ax, ay, 0, {0, 0}, {0, 0}};
    if (cops__d6_dist(f, id, t) > 1) {   /* into contact (the simple policy's way) */
      int bx, by;
      towards(o->x, o->y, c->x, c->y, 1, &bx, &by);
      towards(c->x, c->y, bx, by, COPS_D6_MOVE_MAX, &mx, &my);
      if (metres(mx, my, o->x, o->y) <= 1)
        spots[nspots++] = (struct spot){mx, my, 0, {0, 0}, {0, 0}};
    }
    for (int sp = 0; sp < nspots; sp++) {
      if (sp >= shared && sp < first)
        continue;   /* another target's spots */
      struct spot *at = &spots[sp];
      const int dist = metres(at->x, at->y, o->x, o->y);
      for (int w = -1; w < ch->nweapons; w++) {
        const cops_d6_weapon *wp = w >= 0 ? &ch->weapon[w] : NULL;
        const int melee = !wp || wp->category == COPS_D6_MELEE;
        if (melee ? dist > 1 : (wp->vig_range || dist > wp->range[2]))
          continue;
        if (!at->done) {   /* the enemies' attacks at it there */
          threats_of(f, id, at->x, at->y, base + 2, at->lost, at->risk);
          at->done = 1;
        }
        for (int n = 0; n < OPTIONS; n++)
          for (int k = 0; k < 2; k++) {   /* natural defence, or an active dodge */
            cops_d6_declaration cand;
            cops_d6_declaration_init(&cand, COPS_D6_DO_ATTACK);
            cand.target = t;
            cand.weapon = w;
            cand.option = options[n];   /* one the rules refuse for the weapon: not weighed */
            cand.location = options[n] == COPS_D6_AIMED_VITAL ? COPS_D6_HEAD : COPS_D6_ANYWHERE;
            if (k) {
              cand.defence = COPS_D6_ACTIVE;
              cand.defence_skill = COPS_D6_DODGE;
            }
            if (sp) {
              cand.moving = 1;
              cand.x = at->x;
              cand.y = at->y;
            }
            cops_d6_attack a;
            cops__d6_attack_of(f, id, t, &cand, &a);
            a.distance = melee ? 1 : dist;
            a.actions = base + 1 + k;
            double v, down;
            if (!value_of(f, &a, &v, &down))
              continue;
            const double score = v * weight[t] - at->lost[k];
            if (score > top + 1e-12) {
              top = score;
              top_down = down;
              top_dodge = k;
              top_spot = sp;
              best = cand;
              found = 1;
            }
          }
      }
    }
  }
  if (found)
    *d = best;
  if (why) {
    why[0] = found ? thousandths(top_down) : -1;
    why[1] = found ? 1000 : -1;   /* at its turn: those before it have acted */
    why[2] = found ? thousandths(spots[top_spot].risk[top_dodge]) : -1;
  }
}

/* ---- who plays a fighter (docs/d6.md, "Policies") ------------------------------------- */

int cops_d6_fight_set_policy(cops_d6_fight *f, int id, int policy)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__d6_check_id(f, id)) || (rc = cops__policy_check(f->ctx, policy)))
    return rc;
  f->c[id].policy = policy;
  return COPS_OK;
}

int cops_d6_fight_set_side_policy(cops_d6_fight *f, int side, int policy)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc;
  if ((rc = cops__policy_check(f->ctx, policy)) ||
      (rc = cops__d6_range(f->ctx, "side", side, 0, COPS_D6_SIDES_MAX - 1)))
    return rc;
  for (int i = 0; i < f->n; i++)
    if (f->c[i].side == side)
      f->c[i].policy = policy;
  return COPS_OK;
}

int cops_d6_fight_policy(const cops_d6_fight *f, int id)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  const int rc = cops__d6_check_id(f, id);
  return rc ? rc : f->c[id].policy;
}
