/* The tactical policy's shots (C10, docs/encounters.md, "Policies"): each target's best
 * attacks from where a combatant stands or a step closer, by shots, bursts, attitude and
 * initiative (kept by all they read), weighed against the chance that an enemy puts it down
 * first; the same from 5 m farther away; reloading before it is too late. The threats and
 * what it weighs them against come from lib/fight/tactical.c. */
#include <string.h>

#include "fight/tactical-private.h"

/* P(t's enemy k acts before id) at each of id's initiatives lo .. lo + ni - 1 and
 * attitudes, into out[initiative - lo][attitude - ATTITUDE_LO]: C6 step 3 (lower initiative
 * first; a tie to the higher Réflexes, then the more aggressive attitude, else at once);
 * under the alternative rules (A1.2, A1.3) the higher score first, each the highest of its
 * Réflexes in d10 plus twice its attitude (A1.1's initiative column), a tie at once. */
static void before(const cops_encounter *e, const struct threat *t, int lo, int ni, int reflexes,
                   double out[INITIATIVES][ATTITUDES])
{
  if (!e->rules->initiative_chosen) {
    /* its highest d10 is v (P(highest <= v) = (v / 10)^Réflexes); k's beats v + the
     * bonuses */
    double mine[11], theirs[11];
    for (int v = 0; v <= 10; v++) {
      mine[v] = cops__pow_int(v / 10.0, reflexes);
      theirs[v] = cops__pow_int(v / 10.0, t->reflexes);
    }
    for (int a = 0; a < ATTITUDES; a++) {
      double p = 0;
      for (int v = 1; v <= 10; v++) {
        const int need = v + 2 * (ATTITUDE_LO + a) - 2 * t->attitude;   /* k's die above this */
        const double above = need >= 10 ? 0 : need < 1 ? 1 : 1 - theirs[need];
        p += (mine[v] - mine[v - 1]) * above;
      }
      for (int i = 0; i < ni; i++)
        out[i][a] = p;   /* rolled, whatever was declared (A1.2) */
    }
    return;
  }
  for (int i = 0; i < ni; i++) {
    const int initiative = lo + i;
    for (int a = 0; a < ATTITUDES; a++) {
      const int attitude = ATTITUDE_LO + a;
      out[i][a] = t->initiative != initiative ? t->initiative < initiative
                  : t->reflexes != reflexes   ? t->reflexes > reflexes
                  : t->attitude != attitude   ? t->attitude > attitude
                                              : 0.5;
    }
  }
}

/* first[i][a] *= 1 - P(t's enemy acts before id) x P(it puts id down), at each of id's
 * initiatives lo + i and attitudes: the same products as with before(), without the
 * factors of 1 (an enemy that acts after it). */
static void not_first(const cops_encounter *e, const struct threat *t, int lo, int ni,
                      int reflexes, double first[INITIATIVES][ATTITUDES])
{
  if (!e->rules->initiative_chosen) {
    double b[INITIATIVES][ATTITUDES];
    before(e, t, lo, 1, reflexes, b);
    for (int i = 0; i < ni; i++)
      for (int a = 0; a < ATTITUDES; a++)
        first[i][a] *= 1 - b[0][a] * t->gain[a].down;
    return;
  }
  for (int i = 0; i < ni; i++) {
    const int initiative = lo + i;
    if (t->initiative > initiative)
      continue;   /* it acts after: 1 - 0 x down */
    if (t->initiative < initiative || t->reflexes > reflexes) {
      for (int a = 0; a < ATTITUDES; a++)
        first[i][a] *= 1 - t->gain[a].down;
      continue;
    }
    if (t->reflexes < reflexes)
      continue;
    for (int a = 0; a < ATTITUDES; a++) {
      const int attitude = ATTITUDE_LO + a;
      const double b = t->attitude != attitude ? t->attitude > attitude : 0.5;
      first[i][a] *= 1 - b * t->gain[a].down;
    }
  }
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

/* The place a step of five metres toward t takes id to (C6.3), when it changes the range
 * band of w or brings t within reach; 0 when there is none. */
static int step_toward(const cops_encounter *e, int id, int t, const cops_weapon *w, int *x, int *y)
{
  const struct combatant *c = &e->c[id];
  const int distance = dist(e, id, t);
  if (distance <= 5)
    return 0;
  towards(c->x, c->y, e->c[t].x, e->c[t].y, 5, x, y);
  const int from = metres(*x, *y, e->c[t].x, e->c[t].y);
  return !(band(w, from) == band(w, distance) && in_reach(w, distance));
}

#define OFFSETS 17   /* pool offsets -8 .. 8 of attitude and initiative kept by aims_of */

/* id's best attacks on t (struct aim_entry): every step, shot count or burst, attitude and
 * initiative, from the simple policy's declaration d. */
static int aims_of(cops_encounter *e, struct cops__tactics *T, int id, int t,
                   const cops_declaration *d, int lo, int hi, int direct, struct aim_entry *A)
{
  const struct combatant *c = &e->c[id];
  const cops_weapon *w = in_hand(c);
  const int loaded = cops__wget(w, COPS_WEAPON_LOADED);
  const int magazine = cops__wget(w, COPS_WEAPON_MAGAZINE);
  const int ct = cops__wget(w, COPS_WEAPON_CT);
  int most_shots = magazine == 0 ? 1 : ct < loaded ? ct : loaded;
  if (most_shots > MOST)
    most_shots = MOST;   /* C10.7: each more shot a die less; past MOST, none is left */
  const int vrc = cops__wget(w, COPS_WEAPON_VRC);
  const int target_attitude = e->c[t].declared ? e->c[t].decl.attitude : e->c[t].attitude_now;
  for (int a = 0; a < ATTITUDES; a++)
    for (int i = 0; i < INITIATIVES; i++)
      A->v[i][a] = -1;
  for (int step = 0; step <= 1; step++) {
    cops_declaration cand = *d;
    cand.target = t;
    cand.moving = 0;
    int from = dist(e, id, t);
    if (step) {
      if (!step_toward(e, id, t, w, &cand.x, &cand.y))
        continue;
      A->step_x = cand.x - c->x;
      A->step_y = cand.y - c->y;
      cand.moving = 1;
      from = metres(cand.x, cand.y, e->c[t].x, e->c[t].y);
    }
    if (!in_reach(w, from))
      continue;
    /* kind 0: a burst; 1: one shot; 2: several (C10.7's malus on the first), every count
     * from one pass over the shots. */
    for (int kind = 0; kind <= 2; kind++) {
      if ((kind == 0 && (vrc <= 0 || loaded <= 0)) || (kind == 2 && most_shots < 2))
        continue;
      cand.action = kind == 0 ? COPS_ACT_BURST : COPS_ACT_SHOOT;
      cand.shots = kind == 2 ? most_shots : 1;
      /* The plan at Normal; another attitude moves its dice only (C6.1, A1.1). */
      struct plan normal;
      cand.attitude = 0;
      int rc = cops__tac_plan_of(e, T, id, &cand, target_attitude, &normal);
      if (rc)
        return rc;
      if (!normal.can)
        continue;
      /* The gains by the pool's whole offset, attitude and initiative together (what
       * plan_gains reads of them): each made once. */
      struct gain by_offset[OFFSETS][MOST + 1];
      unsigned char made[OFFSETS] = {0};
      for (int a = 0; a < ATTITUDES; a++) {
        struct plan p = normal;
        const int shift = e->rules->attack->attitude_dice(ATTITUDE_LO + a) -
                          e->rules->attack->attitude_dice(0);
        p.a.dice_mod += shift;
        if (direct) {   /* the check's way: the plan made at that attitude */
          cand.attitude = ATTITUDE_LO + a;
          if ((rc = cops__tac_plan_of(e, T, id, &cand, target_attitude, &p)))
            return rc;
          if (!p.can)
            continue;
        }
        if (p.a.dice + p.a.dice_mod > COPS_DICE_MAX || p.a.dice + p.a.dice_mod < 1)
          continue;   /* more dice than a roll may have (C1.7), or none (C10.1): no shot */
        for (int i = lo; i <= hi; i++) {
          struct gain own[MOST + 1], *gain = own;
          const int o = shift + i + OFFSETS / 2;
          if (!direct && o >= 0 && o < OFFSETS) {
            gain = by_offset[o];
            if (!made[o] && (rc = cops__tac_plan_gains(e, T, &normal, shift + i, gain)))
              return rc;
            made[o] = 1;
          } else if ((rc = cops__tac_plan_gains(e, T, &p, i, gain))) {
            return rc;
          }
          for (int m = kind == 2 ? 2 : kind; m <= (kind == 2 ? most_shots : kind); m++) {
            const int bullets = m == 0 ? vrc : m;
            const struct gain *g = &gain[m == 0 ? 0 : m - 1];
            const double v = g->prog - 1e-6 * bullets;
            if (v > A->v[i - lo][a] + 1e-12) {
              A->v[i - lo][a] = v;
              A->what[i - lo][a].down = (short)cops__thousandths((float)g->down);
              A->what[i - lo][a].step = (signed char)step;
              A->what[i - lo][a].m = (signed char)m;
            }
          }
        }
      }
    }
  }
  return COPS_OK;
}

/* id's best attacks on t (struct aim_entry), kh the attacker's part of their key: found, or
 * made in buf and kept (the tactics check makes a found one again). */
static int aims_kept(cops_encounter *e, struct cops__tactics *T, const struct key_head *kh,
                     int id, int t, const cops_declaration *base, int lo, int hi,
                     struct aim_entry *buf, const struct aim_entry **out)
{
  const int target_attitude = e->c[t].declared ? e->c[t].decl.attitude : e->c[t].attitude_now;
  struct pair_key key;
  uint64_t check;
  const uint64_t hash = cops__tac_key(e, T, kh, t, target_attitude,
                                      (lo + 2) << 8 | (hi + 2) << 12, &key, &check);
  int fresh, rc;
  struct aim_entry *A =
      cops__tac_entry(T->aim, T->aim_set, sizeof *A, AIMS, hash, check, &fresh);
  if (fresh) {
    memset(buf, 0, sizeof *buf);
    if ((rc = aims_of(e, T, id, t, base, lo, hi, 0, buf)))
      return rc;   /* the entry stays unmade */
    cops__tac_made(T->aim, T->aim_set, sizeof *A, A, buf, hash, check);
    *out = buf;
    return COPS_OK;
  }
#ifdef COPS_TACTICS_CHECK
  else {
    struct aim_entry made;
    memset(&made, 0, sizeof made);
    made.check = check;
    made.hash = hash;
    if ((rc = aims_of(e, T, id, t, base, lo, hi, 1, &made)))
      return rc;
    cops__tac_kept_is_made(A, &made, sizeof made, "the best attacks on a target");
  }
#endif
  *out = A;
  return COPS_OK;
}

/* The best progress id's attacks can make on any target, at any attitude and initiative,
 * with its weapon's magazine full (C10.6, C10.7): what reloading buys. */
static int full_magazine(cops_encounter *e, struct cops__tactics *T, int id,
                         const cops_declaration *base, int lo, int hi, double *most)
{
  cops_weapon *w = in_hand(&e->c[id]);
  const int loaded = w->v[COPS_WEAPON_LOADED];
  w->v[COPS_WEAPON_LOADED] = w->v[COPS_WEAPON_MAGAZINE];   /* put back below */
  int rc = COPS_OK;
  *most = -1;
  struct key_head kh;
  cops__tac_key_head(e, T, id, base, &kh);
  for (int t = 0; t < e->n && !rc; t++) {
    if (e->c[t].side == e->c[id].side || !able(e, t))
      continue;
    const struct aim_entry *A;
    struct aim_entry buf;
    if ((rc = aims_kept(e, T, &kh, id, t, base, lo, hi, &buf, &A)))
      break;
    for (int i = 0; i <= hi - lo; i++)
      for (int a = 0; a < ATTITUDES; a++)
        *most = A->v[i][a] > *most ? A->v[i][a] : *most;
  }
  w->v[COPS_WEAPON_LOADED] = loaded;
  return rc;
}

/* id's best shot from where it stands (C10): each target's best attacks (struct aim_entry)
 * scored at each attitude and initiative against the threats th (score below). */
struct pick {
  int t, down, step, m, step_x, step_y;
};
struct choice {
  double top;                       /* -2: no shot */
  int pa, pi, why[3];
  double v[INITIATIVES][ATTITUDES]; /* the best attack's value at each, -1: none */
  struct pick win;                  /* the attack chosen (pa, pi) */
};

static int best_shot(cops_encounter *e, struct cops__tactics *T, int id,
                     const cops_declaration *base, int lo, int hi, int reflexes,
                     const struct threat *th, int nth, const double *lost, const double *risk,
                     const struct threat *old, int nold, struct choice *out)
{
  const int ni = hi - lo + 1;
  double (*bv)[ATTITUDES] = out->v;
  signed char from[INITIATIVES][ATTITUDES];   /* the target each best comes from */
  for (int i = 0; i < INITIATIVES; i++)
    for (int a = 0; a < ATTITUDES; a++) {
      bv[i][a] = -1;
      from[i][a] = -1;
    }
  const struct combatant *c = &e->c[id];
  int rc;
  struct key_head kh;
  cops__tac_key_head(e, T, id, base, &kh);
  for (int t = 0; t < e->n; t++) {
    if (e->c[t].side == c->side || !able(e, t))
      continue;
    const struct aim_entry *A;
    struct aim_entry buf;
    if ((rc = aims_kept(e, T, &kh, id, t, base, lo, hi, &buf, &A)))
      return rc;
    /* copied: a later miss may reuse A */
    struct aim_kept *K = &T->kept[t];
    K->step_x = A->step_x;
    K->step_y = A->step_y;
    memcpy(K->what, A->what, (size_t)ni * sizeof A->what[0]);
    for (int i = 0; i < ni; i++)
      for (int a = 0; a < ATTITUDES; a++)
        if (A->v[i][a] > bv[i][a] + 1e-12) {
          bv[i][a] = A->v[i][a];
          from[i][a] = (signed char)t;
        }
  }
  /* P(it acts before it is put down) at each initiative and attitude: each enemy's share,
   * P(it acts first) x P(it puts it down), taken out in turn. */
  double first[INITIATIVES][ATTITUDES];
  for (int i = 0; i < ni; i++)
    for (int a = 0; a < ATTITUDES; a++)
      first[i][a] = 1;
  for (int k = 0; k < nth; k++)
    not_first(e, &th[k], lo, ni, reflexes, first);
  /* After a move: who acts before it shoots where it stood (old). */
  double (*b)[INITIATIVES][ATTITUDES] = T->before;
  if (old)
    for (int k = 0; k < nth + nold; k++)
      before(e, k < nth ? &th[k] : &old[k - nth], lo, ni, reflexes, b[k]);
  /* score = P(it acts before it is put down) x (its progress on its target, less a
   * millionth a bullet) - the enemies' progress on it this round. */
  double top = -2;
  int pa = -1, pi = 0;
  for (int a = 0; a < ATTITUDES; a++)
    for (int i = 0; i < ni; i++) {
      if (bv[i][a] < 0)
        continue;
      double gone = lost[a];
      if (old) {
        double kept = 1;
        for (int k = 0; k < nth; k++) {
          const double bk = b[k][i][a];
          double was = th[k].gain[a].prog;   /* where it stood: the same enemy's */
          for (int j = 0; j < nold; j++)
            was = old[j].who == th[k].who ? old[j].gain[a].prog : was;
          kept *= 1 - (bk * was + (1 - bk) * th[k].gain[a].prog);
        }
        for (int j = 0; j < nold; j++) {   /* those that no longer reach it there */
          int there = 0;
          for (int k = 0; k < nth; k++)
            there |= th[k].who == old[j].who;
          if (!there)
            kept *= 1 - b[nth + j][i][a] * old[j].gain[a].prog;
        }
        gone = 1 - kept;
      }
      const double score = first[i][a] * bv[i][a] - gone;
      if (score > top + 1e-12) {
        top = score;
        pa = a;
        pi = i;
      }
    }
  out->top = top;
  out->pa = pa;
  out->pi = pi;
  out->why[0] = out->why[1] = out->why[2] = -1;
  if (pa >= 0) {
    const int t = from[pi][pa];
    const struct aim_kept *K = &T->kept[t];
    out->win.t = t;
    out->win.down = K->what[pi][pa].down;
    out->win.step = K->what[pi][pa].step;
    out->win.m = K->what[pi][pa].m;
    out->win.step_x = K->step_x;
    out->win.step_y = K->step_y;
    out->why[0] = out->win.down;
    out->why[1] = cops__thousandths(first[pi][pa]);
    out->why[2] = cops__thousandths(risk[pa]);
  }
  return COPS_OK;
}

/* Backing off by a range band (C6.3, C10.2): 5 m straight away from the enemy whose shots
 * gain most on id, when that takes id into a farther band of that enemy's weapon or out of
 * its reach; 0 when there is none. */
static int back_off(const cops_encounter *e, int id, const struct threat *th, int nth, int *x,
                    int *y)
{
  int k = -1;
  double most = 0;
  for (int j = 0; j < nth; j++)
    if (th[j].gain[0 - ATTITUDE_LO].prog > most) {
      most = th[j].gain[0 - ATTITUDE_LO].prog;
      k = th[j].who;
    }
  if (k < 0)
    return 0;
  const struct combatant *c = &e->c[id], *o = &e->c[k];
  const cops_weapon *w = in_hand(o);
  if (!w)
    return 0;
  towards(c->x, c->y, 2 * c->x - o->x, 2 * c->y - o->y, 5, x, y);
  if (*x < -COPS_POSITION_MAX || *x > COPS_POSITION_MAX || *y < -COPS_POSITION_MAX ||
      *y > COPS_POSITION_MAX || (*x == c->x && *y == c->y))
    return 0;
  const int now = dist(e, id, k), then = metres(*x, *y, o->x, o->y);
  return band(w, then) > band(w, now) || (in_reach(w, now) && !in_reach(w, then));
}

/* id's choice of an attack, base what it carries of the simple policy's declaration, th
 * the threats on it: the best shot from where it stands or from 5 m farther away (C6.3),
 * or a reload (C10) before it is too late. *top: the chosen attack's score (-2: none, the
 * simple policy's declaration stands, o->kind 0). */
int cops__tac_shot_choice(cops_encounter *e, struct cops__tactics *T, int id,
                          const cops_declaration *base, int lo, int hi, int reflexes,
                          const struct threat *th, int nth, const double *risk,
                          const double *lost, struct outcome *o, double *top)
{
  memset(o, 0, sizeof *o);
  struct choice here;
  int rc = best_shot(e, T, id, base, lo, hi, reflexes, th, nth, lost, risk, NULL, 0, &here);
  if (rc)
    return rc;
  /* The same from 5 m farther away from the enemy that gains most on it, when a range band
   * changes (its threats and its shots made from there). */
  int bx = 0, by = 0, backed = 0;
  struct choice there;
  if (back_off(e, id, th, nth, &bx, &by)) {
    struct combatant *me = &e->c[id];
    const int x0 = me->x, y0 = me->y;
    struct threat th2[COPS_COMBATANTS_MAX];
    int nth2;
    double risk2[ATTITUDES], lost2[ATTITUDES];
    me->x = bx;   /* put back below */
    me->y = by;
    rc = cops__tac_exposure(e, T, id, th2, &nth2, risk2, lost2);
    if (!rc)
      rc = best_shot(e, T, id, base, lo, hi, reflexes, th2, nth2, lost2, risk2, th, nth,
                     &there);
    me->x = x0;
    me->y = y0;
    if (rc)
      return rc;
    backed = there.top > here.top + 1e-12 && there.pa >= 0 && !there.win.step;
  }
  const struct choice *ch = backed ? &there : &here;
  *top = ch->top;
  const int pa = ch->pa, pi = ch->pi;
  if (pa < 0)
    return COPS_OK;
  /* Reloading before it is too late: when the rounds left fire fewer shots than the weapon
   * can (its CT, C10.7, or its burst, C10.6) and the best it can do with them is less than
   * half the progress a full magazine would make, it reloads (C10), at its least exposed
   * attitude. */
  const struct combatant *c = &e->c[id];
  const cops_weapon *w = in_hand(c);
  const int magazine = cops__wget(w, COPS_WEAPON_MAGAZINE);
  const int loaded = cops__wget(w, COPS_WEAPON_LOADED);
  int uses = cops__wget(w, COPS_WEAPON_CT);
  if (cops__wget(w, COPS_WEAPON_VRC) > uses)
    uses = cops__wget(w, COPS_WEAPON_VRC);
  uses = uses < magazine ? uses : magazine;
  if (magazine > 0 && loaded < uses && w->spares) {
    double now = -1, full;
    for (int a = 0; a < ATTITUDES; a++)
      for (int i = 0; i <= hi - lo; i++)
        now = here.v[i][a] > now ? here.v[i][a] : now;
    if ((rc = full_magazine(e, T, id, base, lo, hi, &full)))
      return rc;
    if (now < full / 2) {
      int safest = 0;
      for (int a = 1; a < ATTITUDES; a++)
        safest = lost[a] < lost[safest] - 1e-12 ? a : safest;
      o->kind = 1;
      o->attitude = (signed char)(ATTITUDE_LO + safest);
      o->why[0] = 0;   /* no attack: nothing to put down */
      o->why[1] = 1000;
      o->why[2] = (short)cops__thousandths(risk[safest]);
      return COPS_OK;
    }
  }
  const struct pick *p = &ch->win;
  o->kind = 2;
  for (int j = 0; j < 3; j++)
    o->why[j] = (short)ch->why[j];
  o->target = (signed char)p->t;
  o->attitude = (signed char)(ATTITUDE_LO + pa);
  o->initiative = (signed char)(lo + pi);
  o->action = (signed char)(p->m == 0 ? COPS_ACT_BURST : COPS_ACT_SHOOT);
  o->shots = (signed char)(p->m == 0 ? 1 : p->m);
  if (backed) {   /* 5 m away, then the shot */
    o->moving = 1;
    o->x = bx;
    o->y = by;
  } else if (p->step) {
    o->moving = 1;
    o->x = c->x + p->step_x;
    o->y = c->y + p->step_y;
  }
  return COPS_OK;
}
