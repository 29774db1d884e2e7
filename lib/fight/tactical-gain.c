/* What an attack gains for the tactical policy (lib/fight/tactical.c): the law of its roll,
 * what its hits do at each margin (each ruleset's own odds of a hit, C10.3-C10.7, A2, A4),
 * the chance to put the target down and the progress toward it, for a shot, several shots
 * or a burst. Kept by all they depend on (weapon, armour, hit points): pure functions of
 * their keys. */
#include <string.h>
#ifdef COPS_TACTICS_CHECK
#include <stdio.h>
#include <stdlib.h>
#endif

#include "attack/rules.h"
#include "dice/dice.h"
#include "fight/tactical-private.h"

#ifdef COPS_TACTICS_CHECK
void cops__tac_kept_is_made(const void *kept, const void *made, size_t n, const char *what)
{
  if (memcmp(kept, made, n)) {
    fprintf(stderr, "libcops: the tactical policy kept %s that differ from the same made "
            "again (lib/fight/tactical.c)\n", what);
    abort();
  }
}
#endif

/* A key's place: its bits mixed (a 32-bit finaliser), the set of two ways of a table of n
 * (a power of 2) it falls in. */
static unsigned set_of(unsigned h, unsigned n)
{
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h & (n - 2);
}



/* The law of a roll: P(successes >= k), k < TAIL (none when its pool is empty), kept by
 * its pool, threshold and skill; its difficulty in *difficulty. */
static int tail_of(cops_encounter *e, struct cops__tactics *T, const cops_action *a,
                   const double **tail, int *difficulty)
{
  cops__effective eff;
  int rc = cops__resolve_action(e->ctx, a, &eff);
  if (rc)
    return rc;
  *difficulty = eff.difficulty;
  const int key = 1 + ((eff.pool < 0 ? 0 : eff.pool) << 6 | eff.threshold << 1 |
                       (eff.unskilled != 0));
  struct law_entry *L = &T->law[set_of((unsigned)key, LAWS)];
  int fresh = 0;
  if (L->key != key && L[1].key == key)
    L++;
  else if (L->key != key) {
    if (L->key) {   /* the older way makes room: the newer moves over */
      L[1] = L[0];
      L->key = 0;
    }
    fresh = 1;
  }
#ifdef COPS_TACTICS_CHECK
  struct law_entry kept = *L;
  fresh |= (++T->sample & 63) == 0;   /* the best attacks and threats check all they read */
#endif
  if (fresh) {
    memset(L->tail, 0, sizeof L->tail);
    if (eff.pool >= 1) {
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
    }
#ifdef COPS_TACTICS_CHECK
    if (kept.key == key)
      cops__tac_kept_is_made(kept.tail, L->tail, sizeof kept.tail, "the law of a roll");
#endif
    L->key = key;
  }
  *tail = L->tail;
  return COPS_OK;
}

/* P(the roll's margin is m), m = 0 .. MARGINS - 1 (the last: that or more). */
static double margin_p(const double *tail, int difficulty, int m)
{
  const int k = difficulty + m;
  if (k >= TAIL)
    return 0;
  return m == MARGINS - 1 || k + 1 >= TAIL ? tail[k] : tail[k] - tail[k + 1];
}

int cops__tac_margins_at_least(cops_encounter *e, struct cops__tactics *T, const cops_action *a,
                               const int m[2], double p[2])
{
  const double *tail;
  int difficulty;
  const int rc = tail_of(e, T, a, &tail, &difficulty);
  if (rc)
    return rc;
  for (int i = 0; i < 2; i++) {
    const int k = difficulty + m[i];
    p[i] = k >= TAIL ? 0 : tail[k < 0 ? 0 : k];
#ifdef COPS_TACTICS_CHECK
    double made;
    if (cops_odds_margin_at_least(e->ctx, a, m[i], &made) == COPS_OK &&
        (made - p[i] > 1e-9 || p[i] - made > 1e-9)) {
      fprintf(stderr, "libcops: the tactical policy's P(margin >= %d) %.12g, the odds' %.12g\n",
              m[i], p[i], made);
      abort();
    }
#endif
  }
  return COPS_OK;
}

/* The situation of combatant id's attack as declared in d, the target at attitude
 * target_attitude: as cops_encounter_odds() makes it, everything put back. */
void cops__tac_situation_of(cops_encounter *e, int id, const cops_declaration *d,
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

/* The progress of the damage law in T->odds on a target at hp hit points. */
static double progress(const struct cops__tactics *T, int hp)
{
  double prog = 0;
  const int most = cops_attack_odds_damage_max(T->odds);
  for (int k = 1; k <= most; k++) {
    double p;
    cops_attack_odds_damage(T->odds, k, &p);
    prog += p * (k < hp ? k : hp);
  }
  return hp > 0 ? prog / hp : 1;
}

/* What each margin of a hit of the plan in s (a single shot, or a burst of fired) gains
 * on a target at hp, into out[0 .. MARGINS - 1]; the damage law of a single shot's bullet
 * at margin 0 in T->odds after the last. */
static int gain_by_margin(struct cops__tactics *T, const cops_situation *s, int fired, int hp,
                          struct gain *out)
{
  for (int m = 0; m < MARGINS; m++) {
    double margin[MARGINS] = {0};
    margin[MARGINS - 1 - m] = 1;   /* margin 0 last: its damage law stays */
    int rc = cops__attack_odds_given(T->odds, s, fired, margin);
    if (rc)
      return rc;
    double dead;
    cops_attack_odds_down(T->odds, &out[MARGINS - 1 - m].down, &dead);
    out[MARGINS - 1 - m].prog = progress(T, hp);
  }
  return COPS_OK;
}

/* The row of a single shot (fired 1) or of a burst of fired for id's weapon on d's target
 * at hp hit points: 0, or 1 when the rules refuse it. */
static int fill_row(cops_encounter *e, struct cops__tactics *T, int id, const cops_declaration *d,
                    int target_attitude, int fired, int hp, struct gain *row)
{
  cops_declaration one = *d;
  one.action = fired > 1 ? COPS_ACT_BURST : COPS_ACT_SHOOT;
  one.shots = 1;
  cops_situation s;
  cops__tac_situation_of(e, id, &one, target_attitude,
                         fired > 1 ? COPS_ATTACK_BURST : COPS_ATTACK_SINGLE, &s);
  if (gain_by_margin(T, &s, fired, hp, row)) {
    e->ctx->errmsg[0] = '\0';   /* a shot the rules refuse: not a choice */
    return 1;
  }
  return 0;
}

/* A single shot's row and the single shots' counts of H (struct hit_entry): 0, or 1 when
 * the rules refuse the shot. */
static int fill_single(cops_encounter *e, struct cops__tactics *T, int id,
                       const cops_declaration *d, int target_attitude, int hp,
                       struct hit_entry *H)
{
  if (fill_row(e, T, id, d, target_attitude, 1, hp, H->single))
    return 1;
  /* k single shots in: k bullets at margin 0, each at its own location; the damage past
   * the target's hit points counts once. The law is the damage given a hit (the margin
   * law is a sure one). */
  double one_law[TAIL * 4] = {0}, sum[TAIL * 4] = {0}, next[TAIL * 4];
  const int top = hp < 1 ? 1 : hp < TAIL * 4 ? hp : TAIL * 4 - 1;
  for (int k = 0; k <= cops_attack_odds_damage_max(T->odds); k++) {
    double p;
    cops_attack_odds_damage(T->odds, k, &p);
    one_law[k < top ? k : top] += p;
  }
  memcpy(sum, one_law, sizeof sum);
  H->multi[0] = H->multi[1] = (struct gain){0, 0};
  for (int k = 2; k <= MOST; k++) {
    memset(next, 0, sizeof next);
    for (int i = 0; i <= top; i++)
      if (sum[i] != 0)
        for (int j = 0; j <= top; j++) {
          const int x = i + j < top ? i + j : top;
          next[x] += sum[i] * one_law[j];
        }
    memcpy(sum, next, sizeof sum);
    H->multi[k].down = sum[top];
    H->multi[k].prog = 0;
    for (int i = 1; i <= top; i++)
      H->multi[k].prog += sum[i] * i;
    H->multi[k].prog /= top;
  }
  return 0;
}

/* What bullets of id's weapon that hit d's target do (struct hit_entry), row `fired` of a
 * burst made if it is not yet. NULL in *out when the rules refuse the shot. */
static int hits_of(cops_encounter *e, struct cops__tactics *T, int id, const cops_declaration *d,
                   int target_attitude, int fired, const struct hit_entry **out)
{
  *out = NULL;
  const struct combatant *c = &e->c[id], *t = &e->c[d->target];
  const cops_weapon *w = in_hand(c);
  int hp = 0, prot[2 * COPS_LOCATION_COUNT] = {0};
  cops_character_hp(t->ch, &hp);
  if (t->armour)
    for (int l = 0; l < COPS_LOCATION_COUNT; l++)
      cops_armour_get(t->armour, l, &prot[2 * l], &prot[2 * l + 1]);
  const int pu = cops__wget(w, COPS_WEAPON_PU), aim = d->aim;
  unsigned h = (unsigned)pu * 2246822519u + (unsigned)hp * 131u + (unsigned)(aim + 1) * 7u;
  for (int k = 0; k < 2 * COPS_LOCATION_COUNT; k++)
    h = h * 31u + (unsigned)prot[k];
  h ^= (unsigned)(e->rules->initiative_chosen) * 0x9e3779b9u;
  struct hit_entry *H = &T->hit[set_of(h, HITS)];
#define SAME(H) ((H)->rules == e->rules && (H)->pu == pu && (H)->aim == aim && (H)->hp == hp && \
                 !memcmp((H)->prot, prot, sizeof prot))
  if (fired > BURST)
    fired = BURST;
  if (!SAME(H) && SAME(H + 1))
    H++;
  else if (!SAME(H)) {
    if (H->rules)
      H[1] = H[0];   /* the older way makes room */
    H->rules = NULL;
    if (fill_single(e, T, id, d, target_attitude, hp, H))
      return COPS_OK;
    H->rules = e->rules;
    H->pu = pu;
    H->aim = aim;
    H->hp = hp;
    memcpy(H->prot, prot, sizeof prot);
    H->have = 1u << 1;
  }
#ifdef COPS_TACTICS_CHECK
  else if ((++T->sample & 63) == 0) {
    struct hit_entry made;
    if (fill_single(e, T, id, d, target_attitude, hp, &made))
      cops__tac_kept_is_made("", "x", 1, "what a shot does, where the rules refuse the shot");
    cops__tac_kept_is_made(H->single, made.single, sizeof made.single, "what a shot does");
    cops__tac_kept_is_made(H->multi, made.multi, sizeof made.multi, "what shots do");
    if (fired >= 2 && (H->have & (1u << fired))) {
      if (fill_row(e, T, id, d, target_attitude, fired, hp, made.burst[fired]))
        cops__tac_kept_is_made("", "x", 1, "what a burst does, where the rules refuse the burst");
      cops__tac_kept_is_made(H->burst[fired], made.burst[fired], sizeof made.burst[fired],
                   "what a burst does");
    }
  }
#endif
#undef SAME
  if (fired >= 2 && !(H->have & (1u << fired))) {
    if (fill_row(e, T, id, d, target_attitude, fired, hp, H->burst[fired]))
      return COPS_OK;
    H->have |= 1u << fired;
  }
  *out = H;
  return COPS_OK;
}


int cops__tac_plan_of(cops_encounter *e, struct cops__tactics *T, int id,
                   const cops_declaration *d, int target_attitude, struct plan *p)
{
  memset(p, 0, sizeof *p);
  const int mode = d->action == COPS_ACT_BURST ? COPS_ATTACK_BURST : COPS_ATTACK_SINGLE;
  cops_situation given, s;
  cops__tac_situation_of(e, id, d, target_attitude, mode, &given);
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
  p->fired = sp.fired > 0 ? sp.fired : 1;
  p->shots = d->action == COPS_ACT_SHOOT ? d->shots : 1;
  p->burst = d->action == COPS_ACT_BURST;
  if (sp.reason >= 0 && sp.reason != COPS_MISS_NO_DICE)
    return COPS_OK;   /* no dice: plan_gains finds none (and another attitude may have some) */
  if ((rc = hits_of(e, T, id, d, target_attitude, p->burst ? p->fired : 1, &p->hit)))
    return rc;
  p->can = p->hit != NULL;
  return COPS_OK;
}

/* What the attack gains with its pool moved by offset dice: a burst's margins (C10.6,
 * A2.2); single shots (C10.7: the nth -n dice) each with its own roll, one that hits at its
 * margin, two or more by the hits' count. out[n - 1]: after the first n shots, n = 1 ..
 * the plan's shots (1 for a burst). */
int cops__tac_plan_gains(cops_encounter *e, struct cops__tactics *T, const struct plan *p,
                      int offset, struct gain *out)
{
  for (int n = 0; n < p->shots; n++)
    out[n] = (struct gain){0, 0};
  if (!p->can)
    return COPS_OK;
  const struct hit_entry *H = p->hit;
  double hits[MOST + 1] = {1};
  struct gain one = {0, 0};   /* exactly one hit, weighed by its margin */
  for (int n = 0; n < p->shots; n++) {
    cops_action a = p->a;
    a.dice_mod += offset - n;
    const double *tail;
    int difficulty, rc;
    if (a.dice + a.dice_mod < 1 || (rc = tail_of(e, T, &a, &tail, &difficulty))) {
      for (int k = n; k < p->shots; k++)   /* no die left: the shots after add nothing */
        out[k] = n ? out[n - 1] : (struct gain){0, 0};
      return COPS_OK;
    }
    if (p->burst) {
      const struct gain *row = p->fired >= 2 ? H->burst[p->fired < BURST ? p->fired : BURST]
                                             : H->single;
      for (int m = 0; m < MARGINS; m++) {
        const double pm = margin_p(tail, difficulty, m);
        out[0].down += pm * row[m].down;
        out[0].prog += pm * row[m].prog;
      }
      return COPS_OK;
    }
    double q = 0;
    struct gain by_margin = {0, 0};
    for (int m = 0; m < MARGINS; m++) {
      const double pm = margin_p(tail, difficulty, m);
      q += pm;
      by_margin.down += pm * H->single[m].down;
      by_margin.prog += pm * H->single[m].prog;
    }
    one.down = one.down * (1 - q) + hits[0] * by_margin.down;
    one.prog = one.prog * (1 - q) + hits[0] * by_margin.prog;
    for (int k = n + 1 < MOST ? n + 1 : MOST; k >= 1; k--)
      hits[k] = hits[k] * (1 - q) + hits[k - 1] * q;
    hits[0] *= 1 - q;
    out[n] = one;
    for (int k = 2; k <= MOST; k++) {
      out[n].down += hits[k] * H->multi[k].down;
      out[n].prog += hits[k] * H->multi[k].prog;
    }
  }
  return COPS_OK;
}

int cops__tac_plan_gain(cops_encounter *e, struct cops__tactics *T, const struct plan *p,
                     int offset, struct gain *g)
{
  struct gain all[MOST + 1];
  const int rc = cops__tac_plan_gains(e, T, p, offset, all);
  *g = p->shots >= 1 && p->shots <= MOST ? all[p->shots - 1] : (struct gain){0, 0};
  return rc;
}
