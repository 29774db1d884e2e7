/* The tactical policy of a Storyteller fight (docs/storyteller.md, "Policies"): what a
 * fighter nobody declares for does when it weighs the exact odds of its attacks (the pools'
 * laws, lib/st/st-odds.c). For a fighter whose tactic is to strike, from the simple
 * policy's plan (lib/st/st-policy.c):
 *
 *   score = its progress on its target - the enemies' progress on it this round,
 *
 * a progress being the expected boxes an attack marks out of those its target has left
 * before its track is full (1 when it is put out of the fight, §2, ST-L1), through the
 * target's armour and vest (ST-A31 ... ST-A33); an exchange (§5.3, ST-A6) counts the boxes
 * its loser takes, either way. Weighed: every able enemy, each weapon (a shot, a short
 * burst, §6.4; a blow, an exchange or a contact shot in contact, ST-A16; a move into
 * contact and a blow, ST-A11), and for a shot the Cover it uses (§5.6, ST-A14), a penalty
 * on its own shot and a protection against the shots the enemies still to act plan at it.
 * The enemies are expected to do what they declared, or what the simple policy would.
 * Grappling, aiming, defending and the fighters the rules restrict keep the simple plan.
 * Deterministic: no die is drawn, and the fight is as before the call. */
#include <string.h>

#include "st/st-private.h"
#include "st-fight-private.h"

#define LAW 32                /* successes 0 .. 30, 31 for every count above */
#define BOXES (10 + LAW + 1)  /* a code of at most 10 and its successes (ST-A4) */
#define COVERS 6              /* Cover used 0 .. 5 (§5.6) */
#define FLOOR 0.1             /* the weight of an enemy that can do nothing, over the most */
#define LATER 0.5             /* a blow that comes a round later, against one now */

/* What damage does to a character as it stands: for d boxes coming (d < BOXES), the boxes
 * marked (bashing and lethal) and whether it is out of the fight after them. */
struct effect_table {
  double left;                 /* boxes before its track is full, at least 1 */
  int marked[BOXES], out[BOXES];
};

static void effect_of(const cops_st_fight *f, const cops_st_character *v, int type, int firearm,
                      struct effect_table *E)
{
  const int health = cops__st_derived(v, &f->r, COPS_ST_HEALTH);
  E->left = health - v->bashing - v->lethal;
  if (E->left < 1)
    E->left = 1;
  for (int d = 0; d < BOXES; d++) {
    cops_st_character scratch = *v;   /* the fight's character is left as it is */
    int ignored, converted, bashing, lethal;
    const int state = cops__st_take(&scratch, &f->r, d, type, firearm, &ignored, &converted,
                                    &bashing, &lethal);
    E->marked[d] = f->r.health_track ? bashing + lethal : 0;
    E->out[d] = state != COPS_ST_FIT;
  }
}

/* Progress and P(out) for damage = code + margin (at least 0) with the margin's law m[]. */
static void progress_of(const double *m, int n, int code, const struct effect_table *E,
                        double *prog, double *down)
{
  *prog = *down = 0;
  for (int k = 1; k < n; k++) {
    if (m[k] <= 0)
      continue;
    int d = code + k;
    d = d < 0 ? 0 : d >= BOXES ? BOXES - 1 : d;
    const double took = E->out[d] ? E->left
                        : E->marked[d] < E->left ? E->marked[d] : E->left;
    *prog += m[k] * took / E->left;
    *down += m[k] * E->out[d];
  }
}

/* An attack's value: id's progress on its target (down: P(out)), less the target's on id
 * when the exchange is opposed. 0 when the rules refuse it (nothing to weigh). */
static int value_of(const cops_st_fight *f, const cops_st_attack *a, double *v, double *down)
{
  cops__st_pools p;
  double la[LAW], ld[LAW];
  if (cops__st_attack_pools(f->ctx, a, &p) ||
      cops__st_pool_law(f->ctx, &p.attacker, la, LAW) ||
      (p.opposed && cops__st_pool_law(f->ctx, &p.defender, ld, LAW))) {
    f->ctx->errmsg[0] = '\0';   /* an attack the rules refuse: not a choice */
    return 0;
  }
  struct effect_table E;
  effect_of(f, a->target, p.w.type, p.w.kind == COPS_ST_FIREARM, &E);
  if (!p.opposed) {   /* unopposed: the successes are the margin (§5.5, ST-A4) */
    progress_of(la, LAW, p.w.damage, &E, v, down);
    return 1;
  }
  /* Opposed (§5.3, ST-A5): the margin's law either way; a tie deals nothing. */
  double won[LAW], lost[LAW];
  memset(won, 0, sizeof won);
  memset(lost, 0, sizeof lost);
  for (int i = 0; i < LAW; i++)
    for (int j = 0; j < LAW; j++) {
      const double q = la[i] * ld[j];
      if (i > j)
        won[i - j] += q;
      else if (j > i)
        lost[j - i] += q;
    }
  double back, back_down;
  progress_of(won, LAW, p.w.damage, &E, v, down);
  struct effect_table M;
  effect_of(f, a->attacker, p.tw.type, p.tw.kind == COPS_ST_FIREARM, &M);
  progress_of(lost, LAW, p.tw.damage, &M, &back, &back_down);
  *v -= back;
  return 1;
}

/* The attack fighter id would make on t with weapon w and flags, as the fight's turn makes
 * it (lib/st/st-turn.c), from (x, y), id using `cover` of its Cover against a shot. */
static void attack_of(const cops_st_fight *f, int id, int t, int w, unsigned flags, int x, int y,
                      int cover, int simple, cops_st_attack *a)
{
  const struct cops__st_fighter *c = &f->c[id], *o = &f->c[t];
  cops_st_attack_init(a, COPS_ST_EXCHANGE);
  a->attacker = c->ch;
  a->target = o->ch;
  a->attacker_id = id;
  a->target_id = t;
  a->weapon = w;
  a->rules = &f->r;
  a->flags = flags;
  a->total_defense = o->total_defense;
  if (o->surprised && f->round == 1)
    a->flags |= COPS_ST_SURPRISED;                 /* §6.8, ST-A26 */
  if (o->grapple >= 0) {
    const struct cops__st_fight_grapple *g = &f->g[o->grapple];
    const int holder = g->g.hold == COPS_ST_ATTACKER ? g->a : g->g.hold == COPS_ST_DEFENDER ? g->b : -1;
    if (holder >= 0 && holder != t)
      a->flags |= COPS_ST_DEFENSELESS;             /* ST-A20 */
  }
  const int firearm = w >= 0 && c->ch->weapon[w].kind == COPS_ST_FIREARM;
  const int range = metres(x, y, o->x, o->y);
  int tw;
  if (range <= 1 && cops__st_answers(f, t, id, simple, &tw)) {   /* §5.3, ST-A16 */
    a->kind = firearm ? COPS_ST_CONTACT_SHOT : COPS_ST_EXCHANGE;
    a->target_weapon = tw;
  } else if (firearm) {                            /* §5.5 */
    int crowd[3];
    a->kind = COPS_ST_SHOT;
    a->distance = range;
    if (range > 1) {
      a->cover = o->cover_set ? o->cover_used : o->cover;
      a->own_cover = cover;
      a->crowd = cops__st_crowd_of(f, t, crowd);
      if (o->prone)
        a->flags |= COPS_ST_PRONE;
      if (c->aim_target == t)
        a->aim = c->aim;
    }
  } else {                                         /* §5.4, ST-A7 */
    int n = cops__st_enemies_in_contact(f, t) + (cops__st_dist(f, id, t) > 1);
    n = n < 1 ? 1 : n > 4 ? 4 : n;
    a->kind = COPS_ST_STRIKE;
    a->opponents = n;
    a->rank = n == 1 ? 0 : o->strikes + 1 < n - 1 ? o->strikes + 1 : n - 1;
  }
}

/* The enemies' progress on id this round, for each Cover it may use (lost[u]), and P(it is
 * put out) (risk[u]): each enemy still to act that plans an attack on it (its declaration,
 * or the simple policy's), each taking its share of what the others leave. */
static void threats_of(const cops_st_fight *f, int id, double *lost, double *risk)
{
  double kept[COVERS], safe[COVERS];
  for (int u = 0; u < COVERS; u++)
    kept[u] = safe[u] = 1;
  for (int e = 0; e < f->n; e++) {
    const struct cops__st_fighter *o = &f->c[e];
    if (o->side == f->c[id].side || o->acted || o->roll_used || !cops__st_fighter_able(f, e))
      continue;
    cops_st_declaration d;
    if (o->declared)
      d = o->decl;
    else
      cops__st_policy(f, e, &d);
    if (d.action != COPS_ST_DO_ATTACK || d.target != id)
      continue;
    const int ex = d.moving ? d.x : o->x, ey = d.moving ? d.y : o->y;
    const int own = o->cover_set ? o->cover_used
                    : d.cover >= 0 && d.cover <= o->cover ? d.cover : o->cover;
    for (int u = 0; u < COVERS; u++) {
      /* the Cover id uses as the enemy sees it: its own attack_of reads o->cover */
      cops_st_attack a;
      attack_of(f, e, id, d.weapon, d.flags, ex, ey, own, 1, &a);
      if (a.kind == COPS_ST_SHOT && a.distance > 1)
        a.cover = u;
      double v, down;
      if (!value_of(f, &a, &v, &down))
        continue;
      v = v > 0 ? v : 0;
      kept[u] *= 1 - v;
      safe[u] *= 1 - down;
    }
  }
  for (int u = 0; u < COVERS; u++) {
    lost[u] = 1 - kept[u];
    risk[u] = 1 - safe[u];
  }
}

/* What enemy t does to id's side this round: the progress of the attack it plans (its
 * declaration, or the simple policy's), or half the most its attacks could make on one of
 * them when it plans none this round (a run into contact: its blow comes later). */
static double danger_of(const cops_st_fight *f, int t, int side)
{
  const struct cops__st_fighter *o = &f->c[t];
  const cops_st_character *ch = o->ch;
  cops_st_declaration d;
  if (o->declared)
    d = o->decl;
  else
    cops__st_policy(f, t, &d);
  double val, down;
  if (d.action == COPS_ST_DO_ATTACK && d.target >= 0 && f->c[d.target].side == side) {
    cops_st_attack a;
    attack_of(f, t, d.target, d.weapon, d.flags, d.moving ? d.x : o->x, d.moving ? d.y : o->y,
              o->cover_set ? o->cover_used : d.cover >= 0 ? d.cover : o->cover, 1, &a);
    return value_of(f, &a, &val, &down) && val > 0 ? val : 0;
  }
  double most = 0;
  for (int v = 0; v < f->n; v++) {
    const struct cops__st_fighter *c = &f->c[v];
    if (c->side != side || !cops__st_fighter_able(f, v))
      continue;
    for (int w = -1; w < ch->nweapons; w++) {
      const cops_st_weapon *wp = w >= 0 ? &ch->weapon[w] : NULL;
      if (wp && (wp->kind == COPS_ST_TEETH || wp->kind == COPS_ST_FIREARM))
        continue;
      cops_st_attack a;   /* a blow once in contact, unanswered */
      attack_of(f, t, v, w, 0, c->x, c->y, 0, 1, &a);
      a.kind = COPS_ST_STRIKE;
      a.opponents = 1;
      a.rank = 0;
      if (value_of(f, &a, &val, &down) && val > most)
        most = val;
    }
  }
  return LATER * most;
}

static int thousandths(double p)
{
  const int k = (int)(p * 1000 + 0.5);
  return k < 0 ? 0 : k > 1000 ? 1000 : k;
}

void cops__st_tactical(const cops_st_fight *f, int id, cops_st_declaration *d, int *why)
{
  cops__st_policy(f, id, d);
  const struct cops__st_fighter *c = &f->c[id];
  if (c->tactic != COPS_ST_TACTIC_STRIKE || c->grapple >= 0 ||
      !(d->action == COPS_ST_DO_ATTACK || (d->action == COPS_ST_DO_NOTHING && d->moving)))
    return;   /* an order, a grapple, or nothing to attack: the simple plan */
  const cops_st_character *ch = c->ch;
  double lost[COVERS], risk[COVERS];
  threats_of(f, id, lost, risk);
  const int fixed = c->cover_set;   /* declared once a round (ST-A14) */
  const int covers = fixed ? 1 : c->cover + 1;
  /* The simple plan's score: its attack's, or nothing gained behind all its Cover. */
  const int all = fixed ? c->cover_used : c->cover;
  double top = -lost[all] - 1e-9, top_down = 0;
  int top_cover = all, found = 0;
  cops_st_declaration best = *d;
  const int speed = cops__st_derived(ch, &f->r, COPS_ST_SPEED);
  /* Each enemy weighed by what it can do to id's side (the most dangerous 1): putting the
   * one with the revolver down first is worth more than the one with a chance die. */
  double weight[COPS_ST_FIGHTERS_MAX], most = 0;
  for (int t = 0; t < f->n; t++) {
    weight[t] = 0;
    if (f->c[t].side != c->side && cops__st_fighter_able(f, t))
      weight[t] = danger_of(f, t, c->side);
    most = weight[t] > most ? weight[t] : most;
  }
  for (int t = 0; t < f->n; t++)
    weight[t] = (FLOOR + weight[t]) / (FLOOR + most);
  for (int t = 0; t < f->n; t++) {
    const struct cops__st_fighter *o = &f->c[t];
    if (o->side == c->side || !cops__st_fighter_able(f, t) || cops__st_crowded(f, t, id))
      continue;
    const int range = cops__st_dist(f, id, t);
    int x = c->x, y = c->y, moving = 0;
    if (range > 1) {   /* a move into contact first, when one move reaches it (ST-A11) */
      int px, py;
      cops__st_contact_point(f, id, t, &px, &py);
      if (!c->prone && metres(c->x, c->y, px, py) <= speed && (px != o->x || py != o->y)) {
        x = px;
        y = py;
        moving = 1;
      }
    }
    for (int w = -1; w < ch->nweapons; w++) {
      const cops_st_weapon *wp = w >= 0 ? &ch->weapon[w] : NULL;
      if (wp && wp->kind == COPS_ST_TEETH)
        continue;
      const int firearm = wp && wp->kind == COPS_ST_FIREARM;
      /* a firearm shoots from where it stands; a blow needs contact, after a move */
      const int step = !firearm && range > 1;
      if (step && !moving)
        continue;
      const int ax = step ? x : c->x, ay = step ? y : c->y;
      for (int burst = 0; burst <= firearm; burst++) {
        if (burst && (!wp->automatic || (wp->ammo >= 0 && wp->ammo < 3) ||
                      ch->trait[COPS_ST_STRENGTH] < wp->min_strength))
          continue;   /* a burst without the Strength costs recoil (ST-A22): not weighed */
        const int shot = firearm && range > 1;
        for (int k = 0; k < (shot ? covers : 1); k++) {
          const int u = shot ? (fixed ? c->cover_used : k) : all;
          cops_st_attack a;
          attack_of(f, id, t, w, burst ? COPS_ST_BURST : 0, ax, ay, u, 1, &a);
          double v, down;
          if (!value_of(f, &a, &v, &down))
            continue;
          const double score = v * weight[t] - lost[u];
          if (score > top + 1e-12) {
            top = score;
            top_down = down;
            top_cover = u;
            found = 1;
            cops_st_declaration_init(&best, COPS_ST_DO_ATTACK);
            best.target = t;
            best.weapon = w;
            best.flags = burst ? COPS_ST_BURST : 0;
            best.cover = shot ? u : -1;
            best.moving = step;
            best.x = step ? x : c->x;
            best.y = step ? y : c->y;
          }
        }
      }
    }
  }
  if (found)
    *d = best;
  if (why) {
    why[0] = found ? thousandths(top_down) : -1;
    why[1] = found ? 1000 : -1;   /* at its turn: the enemies before it have acted */
    why[2] = found ? thousandths(risk[top_cover]) : -1;
  }
}
