/* The tactical policy (docs/encounters.md, "Policies"): what a combatant nobody controls
 * declares when it weighs the exact odds. Its objective, for a combatant with a firearm in
 * hand: progress toward putting an enemy out of the fight this round, against the progress
 * the enemies make on it,
 *
 *   score = P(it acts before it is put down) x its progress on its target
 *           - the enemies' progress on it,
 *
 * a progress being the expected hit points an attack takes out of those its target has
 * left, min(damage, hp) / hp (1 when the target goes down, C8.2), over every enemy in
 * range, a single shot, several shots (C10.7) or a burst (C10.6), a step of 5 m closer
 * when it changes the range band (C6.3, C10.2), every attitude from Planqué, under cover,
 * to Ultra-violent (C6.1, A1.1) and every initiative its Réflexes allow (C6.2; rolled
 * under the alternative rules, A1.2, A1.3). What an attack gains comes from the exact odds
 * (lib/fight/tactical-gain.c). The same attacks are weighed from 5 m farther away from the
 * enemy that gains most on it when a range band changes (backing off), and first aid for a
 * dying ally when it gains more than they do (C8.5). The enemies are expected to do what
 * they declared, or what the simple policy would. Hand to hand weighs the exchange's odds
 * for the attitude alone; anything else (standing up, breaking free, reloading an empty
 * weapon, no enemy in range) is the simple policy's choice. Deterministic: no die is drawn, and what it keeps from
 * round to round (the best attacks on each target, each enemy's threat) is kept by
 * everything it reads, the caller's changes seen through the stamps of characters, weapons
 * and armour, so that a choice is the same whatever was kept before it. */
#include <string.h>

#include "attack/rules.h"
#include "fight/tactical-private.h"

void cops__tactics_declaring(cops_encounter *e, int on)
{
  if (!e->tactics)
    return;
  e->tactics->declaring = on;
  memset(e->tactics->have, 0, sizeof e->tactics->have);
  memset(e->tactics->known, 0, sizeof e->tactics->known);
}

/* What the simple policy declares for k now. */
static int simple_of(cops_encounter *e, struct cops__tactics *T, int k, cops_declaration *d)
{
  if (T && T->declaring && T->have[k]) {
    *d = T->simple[k];
    return COPS_OK;
  }
  const int rc = e->rules->policy(e, k, d);
  if (!rc && T && T->declaring) {
    T->simple[k] = *d;
    T->have[k] = 1;
  }
  return rc;
}

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
  if (e->tactics->rules != e->rules) {   /* what was kept was by other rules: new serials */
    memset(e->tactics->ident, 0, sizeof e->tactics->ident);
    memset(e->tactics->known, 0, sizeof e->tactics->known);
    e->tactics->rules = e->rules;
  }
  *out = e->tactics;
  return COPS_OK;
}

/* What enemy k is expected to do: what it declared, or its own policy's choice (made in
 * *buf, or kept while the policies declare). */
static int expected_of(cops_encounter *e, struct cops__tactics *T, int k, cops_declaration *buf,
                       const cops_declaration **d)
{
  if (e->c[k].declared) {
    *d = &e->c[k].decl;
    return COPS_OK;
  }
  if (T->declaring && T->have[k]) {
    *d = &T->simple[k];
    return COPS_OK;
  }
  *d = buf;
  return simple_of(e, T, k, buf);
}

/* An enemy k that shoots at id this round. */
struct threat {
  struct gain gain[ATTITUDES];   /* on id at each of its attitudes (copied: a later miss may
                                    reuse the entry) */
  int initiative, reflexes, attitude, who;
};

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

/* What enemy k's attack declared as dk gains on its target at each of the target's
 * attitudes. */
static int threat_gains(cops_encounter *e, struct cops__tactics *T, int k,
                        const cops_declaration *dk, struct gain *gain)
{
  /* The plan against its target at Normal; another attitude moves its defence only (C10.2,
   * A1.1), unless the plan cannot tell. */
  struct plan normal;
  int rc = cops__tac_plan_of(e, T, k, dk, 0, &normal);
  if (rc)
    return rc;
  for (int a = 0; a < ATTITUDES; a++) {
    struct plan p = normal;
    if (normal.can && e->rules->attack->defence(&p.a, ATTITUDE_LO + a) &&
        (rc = cops__tac_plan_of(e, T, k, dk, ATTITUDE_LO + a, &p)))
      return rc;
    if ((rc = cops__tac_plan_gain(e, T, &p, e->rules->initiative_chosen ? dk->initiative : 0,
                                  &gain[a])))
      return rc;
  }
  return COPS_OK;
}

/* The enemies that shoot at id this round (what they declared, or would): their chance to
 * put it down at each of its attitudes, their initiative and Réflexes; and their sums at
 * each of its attitudes: P(it is put down this round) and their progress on it (each its
 * share of what the others leave). */
static int exposure(cops_encounter *e, struct cops__tactics *T, int id, struct threat *th,
                    int *n, double *risk, double *lost)
{
  double safe[ATTITUDES], kept[ATTITUDES];
  for (int a = 0; a < ATTITUDES; a++)
    safe[a] = kept[a] = 1;
  *n = 0;
  for (int k = 0; k < e->n; k++) {
    if (k == id || e->c[k].side == e->c[id].side || !able(e, k))
      continue;
    cops_declaration buf;
    const cops_declaration *dk;
    int rc = expected_of(e, T, k, &buf, &dk);
    if (rc)
      return rc;
    if (dk->target != id || (dk->action != COPS_ACT_SHOOT && dk->action != COPS_ACT_BURST))
      continue;
    struct key_head kh;
    struct pair_key key;
    cops__tac_key_head(e, T, k, dk, &kh);
    const uint64_t hash = cops__tac_key(e, T, &kh, id, 99, 0, &key);   /* every attitude of id */
    int fresh;
    struct threat_entry *E = cops__tac_entry(T->threat, T->threat_tag, sizeof *E, THREATS,
                                             key.w, KEY_WORDS, hash, &fresh);
    if (fresh) {
      if ((rc = threat_gains(e, T, k, dk, E->gain)))
        return rc;   /* the entry stays empty */
      E->k = key;
      T->threat_tag[E - T->threat] = hash;
    }
#ifdef COPS_TACTICS_CHECK
    else {
      struct gain made[ATTITUDES] = {{0, 0}};
      for (int a = 0; a < ATTITUDES && !rc; a++) {
        struct plan p;
        if (!(rc = cops__tac_plan_of(e, T, k, dk, ATTITUDE_LO + a, &p)))
          rc = cops__tac_plan_gain(e, T, &p, e->rules->initiative_chosen ? dk->initiative : 0, &made[a]);
      }
      if (rc)
        return rc;
      cops__tac_kept_is_made(E->gain, made, sizeof made, "the odds of a threat");
    }
#endif
    struct threat *t = &th[(*n)++];
    memcpy(t->gain, E->gain, sizeof t->gain);
    t->initiative = dk->initiative;
    t->attitude = dk->attitude;
    t->reflexes = cops_character_characteristic(e->c[k].ch, COPS_REFLEXES);
    t->who = k;
    for (int a = 0; a < ATTITUDES; a++) {
      safe[a] *= 1 - t->gain[a].down;
      kept[a] *= 1 - t->gain[a].prog;
    }
  }
  for (int a = 0; a < ATTITUDES; a++) {
    risk[a] = 1 - safe[a];
    lost[a] = 1 - kept[a];
  }
  return COPS_OK;
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

/* Thousandths of a chance, rounded. */
static int thousandths(double p)
{
  const int k = (int)(p * 1000 + 0.5);
  return k < 0 ? 0 : k > 1000 ? 1000 : k;
}

/* P(d's target goes down) in id's exchange declared as d (C11) at each attitude but
 * Planqué, into M->down (REFUSED where the rules refuse it). */
#define REFUSED (-3.0)
static int exchange_odds(cops_encounter *e, struct cops__tactics *T, int id,
                         const cops_declaration *d, int target_attitude, double *down)
{
  const int mode = d->action == COPS_ACT_MELEE ? COPS_ATTACK_MELEE : COPS_ATTACK_STRIKE;
  down[0] = REFUSED;   /* not Planqué: no cover in an exchange of blows */
  for (int a = 1; a < ATTITUDES; a++) {
    cops_declaration cand = *d;
    cand.attitude = ATTITUDE_LO + a;
    cops_situation s;
    cops__tac_situation_of(e, id, &cand, target_attitude, mode, &s);
    if (cops_attack_odds_compute(T->odds, &s) != COPS_OK) {
      e->ctx->errmsg[0] = '\0';   /* an exchange the rules refuse: not a choice */
      down[a] = REFUSED;
      continue;
    }
    double dead;
    cops_attack_odds_down(T->odds, &down[a], &dead);
  }
  return COPS_OK;
}

/* Hand to hand (C11): the simple policy's blow, at the attitude that best weighs the
 * exact odds of putting its opponent down (each fighter's attitude is its own pool's,
 * C11) against the shots its attitude draws (C10.2); the odds kept by all they read. */
static int melee_attitude(cops_encounter *e, struct cops__tactics *T, int id,
                          cops_declaration *d, const double *risk, int *why, double *score)
{
  *score = -2;
  if (d->target < 0)
    return COPS_OK;
  const struct combatant *t = &e->c[d->target];
  const int target_attitude = t->declared ? t->decl.attitude : t->attitude_now;
  uint64_t key[EXCHANGE_WORDS];
  const uint64_t hash = cops__tac_exchange_key(e, T, id, d, target_attitude, key);
  int fresh, rc;
  struct exchange_entry *M = cops__tac_entry(T->exchange, T->exchange_tag, sizeof *M, EXCHANGES,
                                             key, EXCHANGE_WORDS, hash, &fresh);
  if (fresh) {
    if ((rc = exchange_odds(e, T, id, d, target_attitude, M->down)))
      return rc;   /* the entry stays empty */
    memcpy(M->k, key, sizeof key);
    T->exchange_tag[M - T->exchange] = hash;
  }
#ifdef COPS_TACTICS_CHECK
  else {
    double made[ATTITUDES];
    if ((rc = exchange_odds(e, T, id, d, target_attitude, made)))
      return rc;
    cops__tac_kept_is_made(M->down, made, sizeof made, "the odds of an exchange");
  }
#endif
  double down[ATTITUDES];
  memcpy(down, M->down, sizeof down);   /* copied: nothing else reads the table meanwhile */
  double best = -2;
  int pick = d->attitude;
  for (int a = 1; a < ATTITUDES; a++) {
    if (down[a] == REFUSED)
      continue;
    if (down[a] - risk[a] > best + 1e-12) {
      best = down[a] - risk[a];
      pick = ATTITUDE_LO + a;
      if (why) {   /* an exchange is at once (C11): it acts */
        why[0] = thousandths(down[a]);
        why[1] = 1000;
        why[2] = thousandths(risk[a]);
      }
    }
  }
  d->attitude = pick;
  *score = best;
  return COPS_OK;
}

/* First aid for a dying ally (C8.5): the stabilisation with Premiers secours/Sang-froid,
 * bare-handed (difficulty 3, C8.4), after a move into reach when it needs one (C6.3), at the
 * attitude that best weighs it against the enemies' progress on id. Its value: P(the ally's
 * hit points climb above 0, and it fights again) + SAVE x P(it is only stabilised) x how
 * near its clinical death is (C8.2: 1 PV a round to -max). *score -2: none to help. */
#define SAVE 1.0
static int first_aid(cops_encounter *e, struct cops__tactics *T, int id, const double *lost,
                     const double *risk, double beat, double *score, cops_declaration *out,
                     int *why)
{
  const struct combatant *c = &e->c[id];
  *score = -2;
  double least = lost[0];   /* the least the enemies gain on it, at any attitude */
  for (int at = 1; at < ATTITUDES; at++)
    least = lost[at] < least ? lost[at] : least;
  for (int k = 0; k < e->n; k++) {
    const struct combatant *a = &e->c[k];
    if (k == id || a->side != c->side)
      continue;
    int hp;
    cops_character_hp(a->ch, &hp);
    if (hp > 0 || cops__dead(a->ch) || (a->ch->w.stabilised & (1u << COPS_TREAT_STABILISE)))
      continue;
    int x = c->x, y = c->y;
    const int distance = dist(e, id, k);
    if (distance > 1) {   /* a move first, at most 10 m (C6.3), to within 1 m (whole metres) */
      towards(c->x, c->y, a->x, a->y, distance - 1, &x, &y);
      if (metres(x, y, a->x, a->y) > 1)
        towards(c->x, c->y, a->x, a->y, distance, &x, &y);
      if (metres(c->x, c->y, x, y) > 10 || metres(x, y, a->x, a->y) > 1)
        continue;
    }
    cops_action act;
    if (cops__character_skill_action(&act, c->ch, COPS_PREMIERS_SECOURS, NULL, COPS_SANG_FROID)) {
      e->ctx->errmsg[0] = '\0';
      continue;
    }
    act.difficulty = 3;
    act.dice_mod -= (metres(c->x, c->y, x, y) > 5) +
                    ((c->start_conditions & COPS_COND_SHAKEN) != 0);   /* as resolved */
    const int left = hp + cops_character_max_hp(a->ch);   /* rounds to clinical death */
    const double urgency = left <= 5 ? 1 : 5.0 / left;
    {   /* the most it could be worth (the most dice, the least exposure): beats `beat`? */
      cops_action most = act;
      most.dice_mod += ATTITUDE_LO + ATTITUDES - 1;
      double ok, wake;
      if (cops__tac_margin_at_least(e, T, &most, 0, &ok) ||
          cops__tac_margin_at_least(e, T, &most, 1 - hp, &wake)) {
        e->ctx->errmsg[0] = '\0';
        continue;
      }
      if (wake + SAVE * (ok - wake) * urgency - least <= beat + 1e-12)
        continue;
    }
    for (int at = 0; at < ATTITUDES; at++) {
      cops_action try = act;
      try.dice_mod += ATTITUDE_LO + at;   /* the attitude's dice (C6.1) */
      double ok, wake;
      if (cops__tac_margin_at_least(e, T, &try, 0, &ok) ||
          cops__tac_margin_at_least(e, T, &try, 1 - hp, &wake)) {
        e->ctx->errmsg[0] = '\0';
        continue;
      }
      const double v = wake + SAVE * (ok - wake) * urgency - lost[at];
      if (v > *score + 1e-12) {
        *score = v;
        cops_declaration_init(out, COPS_ACT_FIRST_AID);
        out->target = k;
        out->attitude = ATTITUDE_LO + at;
        out->difficulty = 3;
        if (x != c->x || y != c->y) {
          out->moving = 1;
          out->x = x;
          out->y = y;
        }
        if (why) {   /* down: P(the stabilisation succeeds) */
          why[0] = thousandths(ok);
          why[1] = 1000;
          why[2] = thousandths(risk[at]);
        }
      }
    }
  }
  return COPS_OK;
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
      for (int a = 0; a < ATTITUDES; a++) {
        struct plan p = normal;
        p.a.dice_mod += e->rules->attack->attitude_dice(ATTITUDE_LO + a) -
                        e->rules->attack->attitude_dice(0);
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
          struct gain gain[MOST + 1];
          if ((rc = cops__tac_plan_gains(e, T, &p, i, gain)))
            return rc;
          for (int m = kind == 2 ? 2 : kind; m <= (kind == 2 ? most_shots : kind); m++) {
            const int bullets = m == 0 ? vrc : m;
            const struct gain *g = &gain[m == 0 ? 0 : m - 1];
            const double v = g->prog - 1e-6 * bullets;
            if (v > A->v[i - lo][a] + 1e-12) {
              A->v[i - lo][a] = v;
              A->what[i - lo][a].down = (short)thousandths((float)g->down);
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
    const int target_attitude = e->c[t].declared ? e->c[t].decl.attitude : e->c[t].attitude_now;
    struct pair_key key;
    const uint64_t hash =
        cops__tac_key(e, T, &kh, t, target_attitude, (lo + 2) << 8 | (hi + 2) << 12, &key);
    int fresh;
    struct aim_entry *A = cops__tac_entry(T->aim, T->aim_tag, sizeof *A, AIMS, key.w, KEY_WORDS,
                                          hash, &fresh);
    if (fresh) {
      if ((rc = aims_of(e, T, id, t, base, lo, hi, 0, A)))
        break;   /* the entry stays empty */
      A->k = key;
      T->aim_tag[A - T->aim] = hash;
    }
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
    const int target_attitude = e->c[t].declared ? e->c[t].decl.attitude : e->c[t].attitude_now;
    struct pair_key key;
    const uint64_t hash =
        cops__tac_key(e, T, &kh, t, target_attitude, (lo + 2) << 8 | (hi + 2) << 12, &key);
    int fresh;
    struct aim_entry *A = cops__tac_entry(T->aim, T->aim_tag, sizeof *A, AIMS, key.w, KEY_WORDS,
                                          hash, &fresh);
    if (fresh) {
      if ((rc = aims_of(e, T, id, t, base, lo, hi, 0, A)))
        return rc;   /* the entry stays empty */
      A->k = key;
      T->aim_tag[A - T->aim] = hash;
    }
#ifdef COPS_TACTICS_CHECK
    else {
      struct aim_entry made;
      memset(&made, 0, sizeof made);
      made.k = key;
      if ((rc = aims_of(e, T, id, t, base, lo, hi, 1, &made)))
        return rc;
      cops__tac_kept_is_made(A, &made, sizeof made, "the best attacks on a target");
    }
#endif
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
    out->why[1] = thousandths(first[pi][pa]);
    out->why[2] = thousandths(risk[pa]);
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

/* Whether the rules allow declaration d now (not on the ground, not held ...: C11.1). */
static int allowed(cops_encounter *e, int id, const cops_declaration *d)
{
  if (cops__check_declaration(e, id, d) == COPS_OK)
    return 1;
  e->ctx->errmsg[0] = '\0';
  return 0;
}

int cops__tactical_policy(cops_encounter *e, int id, cops_declaration *d, int *why)
{
  struct cops__tactics *T = NULL;
  int rc = tactics_of(e, &T);
  if (rc || (rc = simple_of(e, T, id, d)))
    return rc;
  const int shot = d->action == COPS_ACT_SHOOT || d->action == COPS_ACT_BURST;
  const int blow = d->action == COPS_ACT_MELEE || d->action == COPS_ACT_STRIKE;
  int dying = 0;   /* an ally first aid may still help, in reach after a move (C8.5) */
  for (int k = 0; k < e->n && !dying; k++) {
    const cops_character *ally = e->c[k].ch;
    dying = k != id && e->c[k].side == e->c[id].side && ally->hp <= 0 && !cops__dead(ally) &&
            !(ally->w.stabilised & (1u << COPS_TREAT_STABILISE)) && dist(e, id, k) <= 11;
  }
  if (!shot && !blow && !dying)
    return COPS_OK;
  const struct combatant *c = &e->c[id];
  const int reflexes = cops_character_characteristic(c->ch, COPS_REFLEXES);
  int lo = 0, hi = 0;
  if (e->rules->initiative_chosen) {
    cops_initiative_range(reflexes, &lo, &hi);
    if (lo < 0 && (c->start_conditions & COPS_COND_NO_NEGATIVE_INITIATIVE))
      lo = 0;
  }
  struct threat th[COPS_COMBATANTS_MAX];
  int nth;
  double risk[ATTITUDES], lost[ATTITUDES];
  if ((rc = exposure(e, T, id, th, &nth, risk, lost)))
    return rc;
  double aid = -2;
  cops_declaration aid_d;
  int aid_why[3] = {-1, -1, -1};
  if (!shot && !blow) {   /* nothing to attack: first aid when it gains more than it risks */
    double idle = lost[0];   /* the simple plan at its least exposed attitude */
    for (int a = 1; a < ATTITUDES; a++)
      idle = lost[a] < idle ? lost[a] : idle;
    if ((rc = first_aid(e, T, id, lost, risk, -idle, &aid, &aid_d, aid_why)))
      return rc;
    if (aid > -idle + 1e-12 && allowed(e, id, &aid_d)) {
      *d = aid_d;
      if (why)
        memcpy(why, aid_why, sizeof aid_why);
    }
    return COPS_OK;
  }
  if (blow) {
    double melee;
    if ((rc = melee_attitude(e, T, id, d, risk, why, &melee)))
      return rc;
    if (dying && (rc = first_aid(e, T, id, lost, risk, melee, &aid, &aid_d, aid_why)))
      return rc;
    if (aid > melee + 1e-12 && allowed(e, id, &aid_d)) {
      *d = aid_d;
      if (why)
        memcpy(why, aid_why, sizeof aid_why);
    }
    return COPS_OK;
  }
  cops_declaration base = *d;   /* what an attack carries of the simple policy's choice */
  base.action = COPS_ACT_SHOOT;
  base.attitude = base.initiative = base.shots = base.moving = base.x = base.y = 0;
  base.target = -1;
  struct choice here;
  if ((rc = best_shot(e, T, id, &base, lo, hi, reflexes, th, nth, lost, risk, NULL, 0, &here)))
    return rc;
  /* The same from 5 m farther away from the enemy that gains most on it, when a range band
   * changes (its threats and its shots made from there). */
  int bx, by, backed = 0;
  struct choice there;
  if (back_off(e, id, th, nth, &bx, &by)) {
    struct combatant *me = &e->c[id];
    const int x0 = me->x, y0 = me->y;
    struct threat th2[COPS_COMBATANTS_MAX];
    int nth2;
    double risk2[ATTITUDES], lost2[ATTITUDES];
    me->x = bx;   /* put back below */
    me->y = by;
    rc = exposure(e, T, id, th2, &nth2, risk2, lost2);
    if (!rc)
      rc = best_shot(e, T, id, &base, lo, hi, reflexes, th2, nth2, lost2, risk2, th, nth,
                     &there);
    me->x = x0;
    me->y = y0;
    if (rc)
      return rc;
    backed = there.top > here.top + 1e-12 && there.pa >= 0 && !there.win.step;
  }
  const struct choice *ch = backed ? &there : &here;
  const double top = ch->top;
  const int pa = ch->pa, pi = ch->pi;
  if (why && pa >= 0)
    memcpy(why, ch->why, sizeof ch->why);
  if (dying && (rc = first_aid(e, T, id, lost, risk, top, &aid, &aid_d, aid_why)))
    return rc;
  if (aid > top + 1e-12 && allowed(e, id, &aid_d)) {   /* first aid gains more than any attack */
    *d = aid_d;
    if (why)
      memcpy(why, aid_why, sizeof aid_why);
    return COPS_OK;
  }
  if (pa < 0)
    return COPS_OK;
  /* Reloading before it is too late: when the rounds left fire fewer shots than the weapon
   * can (its CT, C10.7, or its burst, C10.6) and the best it can do with them is less than
   * half the progress a full magazine would make, it reloads (C10), at its least exposed
   * attitude. */
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
    if ((rc = full_magazine(e, T, id, &base, lo, hi, &full)))
      return rc;
    if (now < full / 2) {
      int safest = 0;
      for (int a = 1; a < ATTITUDES; a++)
        safest = lost[a] < lost[safest] - 1e-12 ? a : safest;
      d->action = COPS_ACT_RELOAD;
      d->target = -1;
      d->attitude = ATTITUDE_LO + safest;
      d->shots = 1;
      d->moving = 0;
      if (why) {   /* no attack: nothing to put down */
        why[0] = 0;
        why[1] = 1000;
        why[2] = thousandths(risk[safest]);
      }
      return COPS_OK;
    }
  }
  const struct pick *p = &ch->win;
  d->target = p->t;
  d->attitude = ATTITUDE_LO + pa;
  d->initiative = lo + pi;
  d->action = p->m == 0 ? COPS_ACT_BURST : COPS_ACT_SHOOT;
  d->shots = p->m == 0 ? 1 : p->m;
  d->moving = 0;
  if (backed) {   /* 5 m away, then the shot */
    d->x = bx;
    d->y = by;
    d->moving = 1;
  } else if (p->step) {
    d->x = c->x + p->step_x;
    d->y = c->y + p->step_y;
    d->moving = 1;
  }
  return COPS_OK;
}
