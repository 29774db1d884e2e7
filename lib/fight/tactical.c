/* The tactical policy (docs/encounters.md, "Policies"): what a combatant nobody controls
 * declares when it weighs the exact odds. Its objective, for a combatant with a firearm in
 * hand: the most likely enemy put out of the fight this round, against the risk that its
 * own attitude and initiative bring,
 *
 *   score = P(it acts before it is put down) x P(its attack puts the target down)
 *           - P(it is put down this round),
 *
 * over every enemy in range, a single shot, several shots (C10.7) or a burst (C10.6), a
 * step of 5 m closer when it changes the range band (C6.3, C10.2), every attitude from
 * Prudent to Ultra-violent (C6.1) and every initiative its Réflexes allow (C6.2; rolled
 * under the alternative rules, A1.2). The odds of its roll are exact (the law of its
 * successes, lib/dice/odds.c); a bullet's chance to put the target down is the exact odds
 * of one bullet in (cops_attack_odds_compute), the bullets of a burst taken one by one.
 * The enemies are expected to do what they declared, or what their own policy would.
 * Anything else (hand to hand, standing up, breaking free, reloading an empty weapon, no
 * enemy in range) is the simple policy's choice. Deterministic: no die is drawn. */
#include <string.h>

#include "attack/rules.h"
#include "dice/dice.h"
#include "fight/fight.h"
#include "fight/encounter-private.h"

#define TAIL 16        /* P(successes >= k), k < TAIL */
#define LAWS 64        /* the laws kept, by pool and threshold */
#define DOWNS 64       /* the bullets' odds kept, by weapon, target and its state */
#define MOST 6         /* bullets in counted one by one; more count as MOST */

struct law_entry {
  int key;                   /* 0: empty */
  double tail[TAIL];
};

struct down_entry {
  const cops_weapon *w;      /* NULL: empty */
  int attacker, own[4];      /* its attitude, conditions, metres moved, aim: its roll's margin */
  int target, hp, attitude;
  const struct cops__rules *rules;
  unsigned cond;
  const cops_armour *armour;
  int exact;                 /* bursts counted exactly: 1 .. exact */
  int have;                  /* down[1 .. have] made */
  double down[MOST + 1];     /* P(down | n bullets in) */
};

struct cops__tactics {
  cops_attack_odds *odds;
  struct law_entry law[LAWS];
  struct down_entry down[DOWNS];
};

void cops__tactics_free(cops_encounter *e)
{
  if (!e->tactics)
    return;
  cops_attack_odds_free(e->tactics->odds);
  cops__free(&e->ctx->alloc, e->tactics);
  e->tactics = NULL;
}

static int tactics_of(cops_encounter *e, struct cops__tactics **out)
{
  if (!e->tactics) {
    struct cops__tactics *t = cops__calloc(&e->ctx->alloc, sizeof *t);
    if (!t)
      return FAIL(e, COPS_ENOMEM, "out of memory for the tactical policy");
    if (cops_attack_odds_new(&t->odds, e->ctx)) {
      cops__free(&e->ctx->alloc, t);
      return FAIL(e, COPS_ENOMEM, "out of memory for the tactical policy");
    }
    e->tactics = t;
  }
  *out = e->tactics;
  return COPS_OK;
}

/* x to the power n >= 0, by products: the same bits on every machine. */
static double pow_int(double x, int n)
{
  double r = 1;
  for (int k = 0; k < n; k++)
    r *= x;
  return r;
}

/* P(successes >= k) of a roll (its difficulty aside), k < TAIL: kept by its pool, threshold
 * and skill. */
static int tail_of(cops_encounter *e, struct cops__tactics *T, const cops_action *a,
                   const double **tail)
{
  cops__effective eff;
  int rc = cops__resolve_action(e->ctx, a, &eff);
  if (rc)
    return rc;
  const int key = 1 + (eff.pool << 6 | eff.threshold << 1 | (eff.unskilled != 0));
  struct law_entry *L = &T->law[((unsigned)key * 2654435761u) >> 26];   /* LAWS = 64 */
  if (L->key != key) {
    cops_action plain = *a;
    double pmf[COPS__LAW_K];
    int extent;
    if ((rc = cops__odds_law(e->ctx, &plain, pmf, &extent, &eff)))
      return rc;
    double above = 0;
    for (int k = extent; k >= 0; k--) {
      above += pmf[k];
      if (k < TAIL)
        L->tail[k] = above;
    }
    for (int k = extent + 1; k < TAIL; k++)
      L->tail[k] = 0;
    L->key = key;
  }
  *tail = L->tail;
  return COPS_OK;
}

/* The situation of combatant id's attack as declared in d, the target at attitude
 * target_attitude: as cops_encounter_odds() makes it, everything put back. */
static void situation_of(cops_encounter *e, int id, const cops_declaration *d,
                         int target_attitude, int mode, cops_situation *s)
{
  struct combatant *c = &e->c[id], *t = &e->c[d->target];
  const struct combatant keep = *c;
  const int keep_attitude = t->attitude_now;
  const int moved = d->moving ? metres(c->x, c->y, d->x, d->y) : 0;
  if (d->moving) {
    c->x = d->x;
    c->y = d->y;
  }
  c->decl = *d;
  c->attitude_now = d->attitude;
  t->attitude_now = target_attitude;
  e->rules->situation(e, id, mode, moved, s);
  s->several = d->action == COPS_ACT_SHOOT && d->shots > 1;
  t->attitude_now = keep_attitude;
  *c = keep;
}

/* P(n bullets of id's weapon in the target put it down), n = 1 .. need (at most MOST): the
 * exact odds of a shot, or of a burst of n (C10.6), sure to hit (the pool raised, at 2+,
 * against 1; what the bullets in do does not depend on the roll). Beyond the bursts the
 * weapon can fire now, n bullets are taken as n chances of one. Kept by everything they
 * depend on, so that a fight resumed from a save chooses as the one that went on. */
static int bullets_down(cops_encounter *e, struct cops__tactics *T, int id,
                        const cops_declaration *d, int target_attitude, int need,
                        const double **down)
{
  const struct combatant *c = &e->c[id], *t = &e->c[d->target];
  cops_weapon *w = in_hand(c);
  int hp = 0;
  cops_character_hp(t->ch, &hp);
  const unsigned cond = (unsigned)cops_character_conditions(t->ch);
  const int vrc = cops__wget(w, COPS_WEAPON_VRC), loaded = cops__wget(w, COPS_WEAPON_LOADED);
  const int magazine = cops__wget(w, COPS_WEAPON_MAGAZINE);
  int exact = vrc < MOST ? vrc : MOST;   /* the bursts it can fire now, counted exactly */
  if (magazine > 0 && loaded < exact)
    exact = loaded;
  if (need > MOST)
    need = MOST;
  /* What the bullets in do depends on the target's state and, through the roll's margin
   * (a burst's bullets, the alternative rules' location shifts), on the attacker's. */
  const int own[4] = {d->attitude, (int)c->start_conditions,
                      d->moving ? metres(c->x, c->y, d->x, d->y) : 0, d->aim};
  unsigned h = (unsigned)id * 2246822519u + (unsigned)d->target * 131u + (unsigned)hp * 7u +
               (unsigned)(target_attitude + 2) * 17u + cond + (unsigned)exact * 101u;
  for (int k = 0; k < 4; k++)
    h = h * 31u + (unsigned)own[k];
  struct down_entry *D = &T->down[(h * 2654435761u) >> 26];   /* DOWNS = 64 */
  if (!(D->w == w && D->attacker == id && !memcmp(D->own, own, sizeof own) &&
        D->target == d->target && D->hp == hp && D->attitude == target_attitude &&
        D->cond == cond && D->armour == t->armour && D->rules == e->rules && D->exact == exact)) {
    *D = (struct down_entry){w, id, {own[0], own[1], own[2], own[3]}, d->target, hp,
                             target_attitude, e->rules, cond, t->armour, exact, 0, {0}};
  }
  for (int n = D->have + 1; n <= need; n++) {
    if (n > 1 && n > exact) {
      D->down[n] = 1 - pow_int(1 - D->down[1], n);
      D->have = n;
      continue;
    }
    cops_declaration one = *d;
    one.action = n == 1 ? COPS_ACT_SHOOT : COPS_ACT_BURST;
    one.shots = 1;
    cops_situation s;
    situation_of(e, id, &one, target_attitude, n == 1 ? COPS_ATTACK_SINGLE : COPS_ATTACK_BURST,
                 &s);
    s.dice_mod = 12;
    s.threshold_mod = -10;
    s.difficulty_mod = -COPS_DIFFICULTY_MAX;
    s.adrenaline = s.anciennete = 0;
    /* A burst of exactly n: the rounds it fires are those loaded, n for this plan. */
    if (n > 1)
      w->v[COPS_WEAPON_LOADED] = n;
    int rc = cops_attack_odds_compute(T->odds, &s);
    if (n > 1)
      w->v[COPS_WEAPON_LOADED] = loaded;
    if (rc) {
      D->w = NULL;   /* not kept half made */
      return rc;
    }
    double hit = 0, ignored, dead, p = 0;
    cops_attack_odds_hit(T->odds, &hit, &ignored);
    cops_attack_odds_down(T->odds, &p, &dead);
    D->down[n] = hit > 0 ? p / hit : 0;
    D->have = n;
  }
  *down = D->down;
  return COPS_OK;
}

/* An attack as id would declare it, before the pool offsets of attitude and initiative:
 * its roll, difficulty, bullets fired and one bullet's chance to put the target down. */
struct plan {
  cops_action a;
  int can, fired, shots, burst;
  const double *down;        /* P(down | n bullets in), n = 1 .. MOST */
};

static int plan_of(cops_encounter *e, struct cops__tactics *T, int id,
                   const cops_declaration *d, int target_attitude, struct plan *p)
{
  memset(p, 0, sizeof *p);
  const int mode = d->action == COPS_ACT_BURST ? COPS_ATTACK_BURST : COPS_ATTACK_SINGLE;
  cops_situation given, s;
  situation_of(e, id, d, target_attitude, mode, &given);
  /* The plan at its attitude (each ruleset's dice and defence, C6.1, A1.1) and initiative
   * 0: the chosen initiative's dice (C6.2) are added to its pool. */
  given.initiative = 0;
  int rc = cops__situation_full(e->ctx, &given, &s);
  if (rc)
    return rc;
  struct cops__shot_plan sp;
  if (cops__attack_rules_of(s.ruleset)->shot_plan(&s, &sp) != COPS_OK) {
    e->ctx->errmsg[0] = '\0';   /* a shot the rules refuse: not a choice */
    return COPS_OK;
  }
  p->a = sp.a;
  p->can = sp.reason < 0;
  p->fired = sp.fired > 0 ? sp.fired : 1;
  p->shots = d->action == COPS_ACT_SHOOT ? d->shots : 1;
  p->burst = d->action == COPS_ACT_BURST;
  const int need = p->burst ? p->fired : p->shots;
  return p->can ? bullets_down(e, T, id, d, target_attitude, need, &p->down) : COPS_OK;
}

/* P(the attack puts the target down) with its pool moved by offset dice. */
static int plan_down(cops_encounter *e, struct cops__tactics *T, const struct plan *p,
                     int offset, double *down)
{
  *down = 0;
  if (!p->can)
    return COPS_OK;
  /* Single shots (C10.7: the nth -n dice, the first's in a): the law of their hits. */
  double hits[MOST + 1] = {1};
  for (int n = 0; n < p->shots; n++) {
    cops_action a = p->a;
    a.dice_mod += offset - n;
    const double *tail;
    int rc;
    if (a.dice + a.dice_mod < 1 || (rc = tail_of(e, T, &a, &tail)))
      break;
    const int need = a.difficulty < TAIL ? a.difficulty : TAIL - 1;
    if (p->burst) {
      /* C10.6: one bullet, one more a point of margin, at most those fired. */
      for (int b = 1; b <= p->fired; b++) {
        const int at = need + b - 1 < TAIL ? need + b - 1 : TAIL - 1;
        const int next = need + b < TAIL ? need + b : TAIL - 1;
        const double in_b = tail[at] - (b < p->fired ? tail[next] : 0);
        *down += in_b * p->down[b < MOST ? b : MOST];
      }
      return COPS_OK;
    }
    const double q = tail[need];
    for (int k = n + 1 < MOST ? n + 1 : MOST; k >= 1; k--)
      hits[k] = hits[k] * (1 - q) + hits[k - 1] * q;
    hits[0] *= 1 - q;
  }
  if (!p->burst)
    for (int k = 1; k <= MOST; k++)
      *down += hits[k] * p->down[k];
  return COPS_OK;
}

/* What enemy k is expected to do: what it declared, or its own policy's choice. */
static int expected_of(cops_encounter *e, int k, cops_declaration *d)
{
  if (e->c[k].declared) {
    *d = e->c[k].decl;
    return COPS_OK;
  }
  return e->rules->policy(e, k, d);
}

#define ATTITUDES 4            /* Prudent (-1) .. Ultra-violent (+2) */
#define ATTITUDE_LO (-1)

/* The enemies that shoot at id this round: their chance to put it down at each of its
 * attitudes, their initiative and Réflexes. */
struct threat {
  double down[ATTITUDES];
  int initiative, reflexes, attitude;
};

static int threats_of(cops_encounter *e, struct cops__tactics *T, int id, struct threat *th,
                      int *n)
{
  *n = 0;
  for (int k = 0; k < e->n; k++) {
    if (k == id || e->c[k].side == e->c[id].side || !able(e, k))
      continue;
    cops_declaration dk;
    int rc = expected_of(e, k, &dk);
    if (rc)
      return rc;
    if (dk.target != id || (dk.action != COPS_ACT_SHOOT && dk.action != COPS_ACT_BURST))
      continue;
    struct threat *t = &th[(*n)++];
    t->initiative = dk.initiative;
    t->attitude = dk.attitude;
    t->reflexes = cops_character_characteristic(e->c[k].ch, COPS_REFLEXES);
    for (int a = 0; a < ATTITUDES; a++) {
      struct plan p;
      if ((rc = plan_of(e, T, k, &dk, ATTITUDE_LO + a, &p)) ||
          (rc = plan_down(e, T, &p, e->rules->initiative_chosen ? dk.initiative : 0,
                          &t->down[a])))
        return rc;
    }
  }
  return COPS_OK;
}

/* P(k acts before id): C6 step 3 (lower initiative first; a tie to the higher Réflexes,
 * then the more aggressive attitude, else at once); under the alternative rules (A1.2,
 * A1.3) the higher score first, each the highest of its Réflexes in d10 plus twice its
 * attitude (A1.1's initiative column), a tie at once. */
static double before(const cops_encounter *e, const struct threat *t, int initiative,
                     int reflexes, int attitude)
{
  if (!e->rules->initiative_chosen) {
    double p = 0;
    for (int v = 1; v <= 10; v++) {   /* its highest d10 is v; k's beats v + the bonuses */
      const double mine = pow_int(v / 10.0, reflexes) - pow_int((v - 1) / 10.0, reflexes);
      const int need = v + 2 * attitude - 2 * t->attitude;   /* k's die above this */
      const double above = need >= 10 ? 0 : need < 1 ? 1 : 1 - pow_int(need / 10.0, t->reflexes);
      p += mine * above;
    }
    return p;
  }
  if (t->initiative != initiative)
    return t->initiative < initiative;
  if (t->reflexes != reflexes)
    return t->reflexes > reflexes;
  if (t->attitude != attitude)
    return t->attitude > attitude;
  return 0.5;
}

/* Whether a shot of w at distance can reach: within twice its range, loaded if it has a
 * magazine. */
static int in_reach(const cops_weapon *w, int distance)
{
  return distance <= 2 * cops__wget(w, COPS_WEAPON_RANGE) &&
         (cops__wget(w, COPS_WEAPON_MAGAZINE) == 0 || cops__wget(w, COPS_WEAPON_LOADED) > 0);
}

/* The range band of a distance (C10.2): 1 under 10 m, 2 within range, 3 within twice it. */
static int band(const cops_weapon *w, int distance)
{
  return distance < 10 ? 1 : distance <= cops__wget(w, COPS_WEAPON_RANGE) ? 2 : 3;
}

/* Hand to hand (C11): the simple policy's blow, at the attitude that best weighs the
 * exact odds of putting its opponent down (each fighter's attitude is its own pool's,
 * C11) against the shots its attitude draws (C10.2). */
/* Thousandths of a chance, rounded. */
static int thousandths(double p)
{
  const int k = (int)(p * 1000 + 0.5);
  return k < 0 ? 0 : k > 1000 ? 1000 : k;
}

static int melee_attitude(cops_encounter *e, struct cops__tactics *T, int id,
                          cops_declaration *d, const double *risk, int *why)
{
  if (d->target < 0)
    return COPS_OK;
  const int mode = d->action == COPS_ACT_MELEE ? COPS_ATTACK_MELEE : COPS_ATTACK_STRIKE;
  const struct combatant *t = &e->c[d->target];
  const int target_attitude = t->declared ? t->decl.attitude : t->attitude_now;
  double best = -2;
  int pick = d->attitude;
  for (int a = 0; a < ATTITUDES; a++) {
    cops_declaration cand = *d;
    cand.attitude = ATTITUDE_LO + a;
    cops_situation s;
    situation_of(e, id, &cand, target_attitude, mode, &s);
    if (cops_attack_odds_compute(T->odds, &s) != COPS_OK) {
      e->ctx->errmsg[0] = '\0';   /* an exchange the rules refuse: not a choice */
      continue;
    }
    double down, dead;
    cops_attack_odds_down(T->odds, &down, &dead);
    if (down - risk[a] > best + 1e-12) {
      best = down - risk[a];
      pick = cand.attitude;
      if (why) {   /* an exchange is at once (C11): it acts */
        why[0] = thousandths(down);
        why[1] = 1000;
        why[2] = thousandths(risk[a]);
      }
    }
  }
  d->attitude = pick;
  return COPS_OK;
}

int cops__tactical_policy(cops_encounter *e, int id, cops_declaration *d, int *why)
{
  int rc = e->rules->policy(e, id, d);
  const int shot = d->action == COPS_ACT_SHOOT || d->action == COPS_ACT_BURST;
  const int blow = d->action == COPS_ACT_MELEE || d->action == COPS_ACT_STRIKE;
  if (rc || (!shot && !blow))
    return rc;
  struct cops__tactics *T = NULL;
  if ((rc = tactics_of(e, &T)))
    return rc;
  const struct combatant *c = &e->c[id];
  const cops_weapon *w = in_hand(c);
  const int reflexes = cops_character_characteristic(c->ch, COPS_REFLEXES);
  int lo = 0, hi = 0;
  if (e->rules->initiative_chosen) {
    cops_initiative_range(reflexes, &lo, &hi);
    if (lo < 0 && (c->start_conditions & COPS_COND_NO_NEGATIVE_INITIATIVE))
      lo = 0;
  }
  struct threat th[COPS_COMBATANTS_MAX];
  int nth;
  if ((rc = threats_of(e, T, id, th, &nth)))
    return rc;
  /* Its risk at each attitude: P(put down this round by one of them). */
  double risk[ATTITUDES];
  for (int a = 0; a < ATTITUDES; a++) {
    double safe = 1;
    for (int k = 0; k < nth; k++)
      safe *= 1 - th[k].down[a];
    risk[a] = 1 - safe;
  }
  if (blow)
    return melee_attitude(e, T, id, d, risk, why);
  const int loaded = cops__wget(w, COPS_WEAPON_LOADED);
  const int magazine = cops__wget(w, COPS_WEAPON_MAGAZINE);
  const int ct = cops__wget(w, COPS_WEAPON_CT);
  const int most_shots = magazine == 0 ? 1 : ct < loaded ? ct : loaded;
  const int vrc = cops__wget(w, COPS_WEAPON_VRC);
  double best = -2;
  cops_declaration pick = *d;
  for (int t = 0; t < e->n; t++) {
    if (e->c[t].side == c->side || !able(e, t))
      continue;
    const int distance = dist(e, id, t);
    for (int step = 0; step <= 1; step++) {
      cops_declaration cand = *d;
      cand.target = t;
      cand.moving = 0;
      int from = distance;
      if (step) {
        /* Five metres closer (free, C6.3) when it changes the range band. */
        if (distance <= 5)
          continue;
        towards(c->x, c->y, e->c[t].x, e->c[t].y, 5, &cand.x, &cand.y);
        from = metres(cand.x, cand.y, e->c[t].x, e->c[t].y);
        if (band(w, from) == band(w, distance) && in_reach(w, distance))
          continue;
        cand.moving = 1;
      }
      if (!in_reach(w, from))
        continue;
      for (int m = 0; m <= most_shots; m++) {
        /* m == 0: a burst; m >= 1: m shots. */
        if (m == 0 && (vrc <= 0 || loaded <= 0))
          continue;
        cand.action = m == 0 ? COPS_ACT_BURST : COPS_ACT_SHOOT;
        cand.shots = m == 0 ? 1 : m;
        const int target_attitude = e->c[t].declared ? e->c[t].decl.attitude
                                                     : e->c[t].attitude_now;
        for (int a = 0; a < ATTITUDES; a++) {
          const int attitude = ATTITUDE_LO + a;
          struct plan p;
          cand.attitude = attitude;
          if ((rc = plan_of(e, T, id, &cand, target_attitude, &p)))
            return rc;
          if (!p.can)
            continue;
          for (int i = lo; i <= hi; i++) {
            double down;
            if ((rc = plan_down(e, T, &p, i, &down)))
              return rc;
            double first = 1;   /* P(it acts before it is put down) */
            for (int k = 0; k < nth; k++)
              first *= 1 - before(e, &th[k], i, reflexes, attitude) * th[k].down[a];
            /* Ties go to fewer bullets, then to the simple policy's choice. */
            const double score = first * down - risk[a] - 1e-6 * (m == 0 ? vrc : m);
            if (score > best + 1e-12) {
              best = score;
              pick = cand;
              pick.attitude = attitude;
              pick.initiative = i;
              if (why) {
                why[0] = thousandths(down);
                why[1] = thousandths(first);
                why[2] = thousandths(risk[a]);
              }
            }
          }
        }
      }
    }
  }
  if (best > -2)
    *d = pick;
  return COPS_OK;
}
