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
  *out = e->tactics;
  return COPS_OK;
}

/* What enemy k is expected to do: what it declared, or its own policy's choice. */
static int expected_of(cops_encounter *e, struct cops__tactics *T, int k, cops_declaration *d)
{
  if (e->c[k].declared) {
    *d = e->c[k].decl;
    return COPS_OK;
  }
  return simple_of(e, T, k, d);
}

/* A declaration in six ints, each field within the range its checks allow (C1.7, C6, A1.2,
 * docs/encounters.md), the place it moves to from where the combatant stands. */
static void pack_declaration(const cops_declaration *d, const struct combatant *c, int out[6])
{
  const unsigned u = (unsigned)d->action | (unsigned)(d->attitude + 2) << 5 |
                     (unsigned)(d->initiative + 4) << 8 | (unsigned)(d->moving != 0) << 12 |
                     (unsigned)(d->adrenaline != 0) << 13 | (unsigned)(d->anciennete != 0) << 14 |
                     (unsigned)(d->long_move != 0) << 15 | (unsigned)(d->weapon & 15) << 16 |
                     (unsigned)(d->difficulty & 15) << 20 | (unsigned)(d->aim & 15) << 24 |
                     (unsigned)(d->keep & 15) << 28;
  out[0] = (int)u;
  out[1] = (int)((unsigned)(d->dice_mod & 0xffff) | (unsigned)(d->difficulty_mod & 0xffff) << 16);
  out[2] = (int)((unsigned)(d->threshold_mod & 0xff) | (unsigned)(d->circumstances & 0xff) << 8 |
                 (unsigned)(d->target & 0xff) << 16 | (unsigned)(d->shots & 0xff) << 24);
  out[3] = d->bullets;
  out[4] = d->moving ? d->x - c->x : 0;
  out[5] = d->moving ? d->y - c->y : 0;
}

/* The key of id's attack on t declared as d (its target, place, action, attitude and
 * initiative cleared when the entry holds them all), t at target_attitude. */
static void pair_key_of(const cops_encounter *e, int id, int t, const cops_declaration *d,
                        int target_attitude, struct pair_key *k)
{
  const struct combatant *c = &e->c[id], *tc = &e->c[t];
  const cops_weapon *w = in_hand(c);
  k->rules = (uint64_t)(uintptr_t)e->rules;
  k->attacker = (uint64_t)(uintptr_t)c->ch;
  k->weapon = (uint64_t)(uintptr_t)w;
  k->target = (uint64_t)(uintptr_t)tc->ch;
  k->armour = (uint64_t)(uintptr_t)tc->armour;
  k->stamp[0] = c->ch->stamp;
  k->stamp[1] = w ? w->stamp : 0;
  k->stamp[2] = tc->ch->stamp;
  k->stamp[3] = cops__armour_stamp(tc->armour);
  int *v = k->v;
  /* The attacker's health, not its hit points: its dice (C8.2) and A4.3's half. */
  v[0] = cops__health(c->ch) * 2 + (2 * c->ch->hp <= cops__max_hp(c->ch));
  v[1] = (int)c->ch->conditions;
  v[2] = (int)c->start_conditions;
  /* Its points left, when the declaration spends them (C5). */
  v[3] = d->adrenaline || d->anciennete ? c->ch->current[0] : -1;
  v[4] = d->adrenaline || d->anciennete ? c->ch->current[1] : -1;
  v[5] = tc->x - c->x;
  v[6] = tc->y - c->y;
  /* Rounds loaded up to the most a shot or a burst fires (C10.6, C10.7). */
  const int loaded = cops__wget(w, COPS_WEAPON_LOADED);
  int most = cops__wget(w, COPS_WEAPON_CT);
  if (cops__wget(w, COPS_WEAPON_VRC) > most)
    most = cops__wget(w, COPS_WEAPON_VRC);
  v[7] = loaded < most ? loaded : most;
  v[8] = tc->ch->hp;
  v[9] = (int)tc->ch->conditions;
  v[10] = (int)tc->start_conditions;
  v[11] = target_attitude;
  v[12] = tc->held_by == id;
  v[13] = t;
  pack_declaration(d, c, k->d);
}

static uint64_t key_hash(const struct pair_key *k)
{
  /* Four lanes over the key's 8-byte words, then mixed: the same bits everywhere. */
  const unsigned char *b = (const unsigned char *)k;
  uint64_t h[4] = {0x9e3779b97f4a7c15u, 0xbf58476d1ce4e5b9u, 0x94d049bb133111ebu,
                   0x2545f4914f6cdd1du};
  size_t i = 0;
  for (; i + 32 <= sizeof *k; i += 32)
    for (int l = 0; l < 4; l++) {
      uint64_t x;
      memcpy(&x, b + i + 8 * l, 8);
      h[l] = (h[l] ^ x) * 0xff51afd7ed558ccdu;
    }
  for (int l = 0; i + 8 <= sizeof *k; i += 8, l++) {
    uint64_t x;
    memcpy(&x, b + i, 8);
    h[l] = (h[l] ^ x) * 0xff51afd7ed558ccdu;
  }
  uint64_t r = h[0] ^ (h[1] >> 7 | h[1] << 57) ^ (h[2] >> 19 | h[2] << 45) ^
               (h[3] >> 31 | h[3] << 33);
  r ^= r >> 29;
  r *= 0xc4ceb9fe1a85ec53u;
  r ^= r >> 32;
  return r | 1;   /* never 0, an empty entry's tag */
}

/* Whether the key at `at` is k: word by word (a key's size is a multiple of 8). */
static int same_key(const void *at, const struct pair_key *k)
{
  const unsigned char *a = at, *b = (const unsigned char *)k;
  uint64_t diff = 0;
  for (size_t i = 0; i < sizeof *k; i += 8) {
    uint64_t x, y;
    memcpy(&x, a + i, 8);
    memcpy(&y, b + i, 8);
    diff |= x ^ y;
  }
  return diff == 0;
}

/* The entry of key k in a table of n two-way sets (entries of size bytes, their key
 * first; tag[]: their keys' hashes): *fresh 1 when it was not kept and the older way made
 * room for it (its tag is set when it is made: tag_of_fresh). */
static void *entry_of(void *table, uint64_t *tag, size_t size, unsigned n,
                      const struct pair_key *k, uint64_t *hash, int *fresh)
{
  const uint64_t h = key_hash(k);
  const unsigned i = (unsigned)(h >> 32) & (n - 2);
  unsigned char *at = (unsigned char *)table + (size_t)i * size;
  *hash = h;
  *fresh = 0;
  if (tag[i] == h && same_key(at, k))
    return at;
  if (tag[i + 1] == h && same_key(at + size, k))
    return at + size;
  if (tag[i]) {
    memcpy(at + size, at, size);
    tag[i + 1] = tag[i];
  }
  tag[i] = 0;
  memset(at, 0, size);
  *fresh = 1;
  return at;
}

/* P(k acts before id): C6 step 3 (lower initiative first; a tie to the higher Réflexes,
 * then the more aggressive attitude, else at once); under the alternative rules (A1.2,
 * A1.3) the higher score first, each the highest of its Réflexes in d10 plus twice its
 * attitude (A1.1's initiative column), a tie at once. */
struct threat {
  struct gain gain[ATTITUDES];   /* on id at each of its attitudes (copied: a later miss may
                                    reuse the entry) */
  int initiative, reflexes, attitude, who;
};

static double before(const cops_encounter *e, const struct threat *t, int initiative,
                     int reflexes, int attitude)
{
  if (!e->rules->initiative_chosen) {
    double p = 0;
    for (int v = 1; v <= 10; v++) {   /* its highest d10 is v; k's beats v + the bonuses */
      const double mine = cops__pow_int(v / 10.0, reflexes) - cops__pow_int((v - 1) / 10.0, reflexes);
      const int need = v + 2 * attitude - 2 * t->attitude;   /* k's die above this */
      const double above = need >= 10 ? 0 : need < 1 ? 1 : 1 - cops__pow_int(need / 10.0, t->reflexes);
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

/* The enemies that shoot at id this round (what they declared, or would): their chance to
 * put it down at each of its attitudes, their initiative and Réflexes. */
static int threats_of(cops_encounter *e, struct cops__tactics *T, int id, struct threat *th,
                      int *n)
{
  *n = 0;
  for (int k = 0; k < e->n; k++) {
    if (k == id || e->c[k].side == e->c[id].side || !able(e, k))
      continue;
    cops_declaration dk;
    int rc = expected_of(e, T, k, &dk);
    if (rc)
      return rc;
    if (dk.target != id || (dk.action != COPS_ACT_SHOOT && dk.action != COPS_ACT_BURST))
      continue;
    struct pair_key key;
    pair_key_of(e, k, id, &dk, 99, &key);   /* every attitude of id */
    int fresh;
    uint64_t hash;
    struct threat_entry *E = entry_of(T->threat, T->threat_tag, sizeof *E, THREATS, &key,
                                      &hash, &fresh);
    if (fresh) {
      /* The plan against id at Normal; another attitude moves its defence only (C10.2,
       * A1.1), unless the plan cannot tell. */
      struct plan normal;
      if ((rc = cops__tac_plan_of(e, T, k, &dk, 0, &normal)))
        return rc;
      for (int a = 0; a < ATTITUDES; a++) {
        struct plan p = normal;
        if (normal.can && e->rules->attack->defence(&p.a, ATTITUDE_LO + a) &&
            (rc = cops__tac_plan_of(e, T, k, &dk, ATTITUDE_LO + a, &p)))
          return rc;
        if ((rc = cops__tac_plan_gain(e, T, &p, e->rules->initiative_chosen ? dk.initiative : 0,
                                      &E->gain[a])))
          return rc;   /* the entry stays empty */
      }
      E->k = key;
      T->threat_tag[E - T->threat] = hash;
    }
#ifdef COPS_TACTICS_CHECK
    else {
      struct gain made[ATTITUDES] = {{0, 0}};
      for (int a = 0; a < ATTITUDES && !rc; a++) {
        struct plan p;
        if (!(rc = cops__tac_plan_of(e, T, k, &dk, ATTITUDE_LO + a, &p)))
          rc = cops__tac_plan_gain(e, T, &p, e->rules->initiative_chosen ? dk.initiative : 0, &made[a]);
      }
      if (rc)
        return rc;
      cops__tac_kept_is_made(E->gain, made, sizeof made, "the odds of a threat");
    }
#endif
    struct threat *t = &th[(*n)++];
    memcpy(t->gain, E->gain, sizeof t->gain);
    t->initiative = dk.initiative;
    t->attitude = dk.attitude;
    t->reflexes = cops_character_characteristic(e->c[k].ch, COPS_REFLEXES);
    t->who = k;
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
                          cops_declaration *d, const double *risk, int *why, double *score)
{
  *score = -2;
  if (d->target < 0)
    return COPS_OK;
  const int mode = d->action == COPS_ACT_MELEE ? COPS_ATTACK_MELEE : COPS_ATTACK_STRIKE;
  const struct combatant *t = &e->c[d->target];
  const int target_attitude = t->declared ? t->decl.attitude : t->attitude_now;
  double best = -2;
  int pick = d->attitude;
  for (int a = 1; a < ATTITUDES; a++) {   /* not Planqué: no cover in an exchange of blows */
    cops_declaration cand = *d;
    cand.attitude = ATTITUDE_LO + a;
    cops_situation s;
    cops__tac_situation_of(e, id, &cand, target_attitude, mode, &s);
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
      A->best[i][a].v = -1;
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
            if (v > A->best[i - lo][a].v + 1e-12) {
              A->best[i - lo][a].v = v;
              A->best[i - lo][a].down = (float)g->down;
              A->best[i - lo][a].step = (signed char)step;
              A->best[i - lo][a].m = (signed char)m;
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
  for (int t = 0; t < e->n && !rc; t++) {
    if (e->c[t].side == e->c[id].side || !able(e, t))
      continue;
    const int target_attitude = e->c[t].declared ? e->c[t].decl.attitude : e->c[t].attitude_now;
    struct pair_key key;
    pair_key_of(e, id, t, base, target_attitude, &key);
    key.v[13] |= (lo + 2) << 8 | (hi + 2) << 12;
    int fresh;
    uint64_t hash = 0;
    struct aim_entry *A = entry_of(T->aim, T->aim_tag, sizeof *A, AIMS, &key, &hash, &fresh);
    if (fresh) {
      if ((rc = aims_of(e, T, id, t, base, lo, hi, 0, A)))
        break;   /* the entry stays empty */
      A->k = key;
      T->aim_tag[A - T->aim] = hash;
    }
    for (int i = 0; i <= hi - lo; i++)
      for (int a = 0; a < ATTITUDES; a++)
        *most = A->best[i][a].v > *most ? A->best[i][a].v : *most;
  }
  w->v[COPS_WEAPON_LOADED] = loaded;
  return rc;
}

/* id's best shot from where it stands (C10): each target's best attacks (struct aim_entry)
 * scored at each attitude and initiative against the threats th (score below). */
struct pick {
  double v, down;
  int t, step, m, step_x, step_y;
};
struct choice {
  double top;   /* -2: no shot */
  int pa, pi, why[3];
  struct pick best[ATTITUDES][INITIATIVES];
};

static int best_shot(cops_encounter *e, struct cops__tactics *T, int id,
                     const cops_declaration *base, int lo, int hi, int reflexes,
                     const struct threat *th, int nth, const double *lost, const double *risk,
                     const struct threat *old, int nold, struct choice *out)
{
  struct pick (*best)[INITIATIVES] = out->best;
  for (int a = 0; a < ATTITUDES; a++)
    for (int i = 0; i < INITIATIVES; i++)
      best[a][i].v = -1;
  const struct combatant *c = &e->c[id];
  int rc;
  for (int t = 0; t < e->n; t++) {
    if (e->c[t].side == c->side || !able(e, t))
      continue;
    const int target_attitude = e->c[t].declared ? e->c[t].decl.attitude : e->c[t].attitude_now;
    struct pair_key key;
    pair_key_of(e, id, t, base, target_attitude, &key);
    key.v[13] |= (lo + 2) << 8 | (hi + 2) << 12;   /* the initiatives it may take */
    int fresh;
    uint64_t hash;
    struct aim_entry *A = entry_of(T->aim, T->aim_tag, sizeof *A, AIMS, &key, &hash, &fresh);
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
    for (int a = 0; a < ATTITUDES; a++)
      for (int i = 0; i <= hi - lo; i++)
        if (A->best[i][a].v > best[a][i].v + 1e-12) {
          best[a][i].v = A->best[i][a].v;
          best[a][i].down = A->best[i][a].down;
          best[a][i].t = t;
          best[a][i].step = A->best[i][a].step;
          best[a][i].m = A->best[i][a].m;
          best[a][i].step_x = A->step_x;   /* copied: a later miss may reuse A */
          best[a][i].step_y = A->step_y;
        }
  }
  /* score = P(it acts before it is put down) x (its progress on its target, less a
   * millionth a bullet) - the enemies' progress on it this round. */
  double top = -2;
  int pa = -1, pi = 0;
  out->why[0] = out->why[1] = out->why[2] = -1;
  for (int a = 0; a < ATTITUDES; a++)
    for (int i = 0; i <= hi - lo; i++) {
      if (best[a][i].v < 0)
        continue;
      double first = 1;
      for (int k = 0; k < nth; k++)
        first *= 1 - before(e, &th[k], lo + i, reflexes, ATTITUDE_LO + a) * th[k].gain[a].down;
      double gone = lost[a];
      if (old) {   /* after a move: who acts before it shoots where it stood (old) */
        double kept = 1;
        for (int k = 0; k < nth; k++) {
          const double b = before(e, &th[k], lo + i, reflexes, ATTITUDE_LO + a);
          double was = th[k].gain[a].prog;   /* where it stood: the same enemy's */
          for (int j = 0; j < nold; j++)
            was = old[j].who == th[k].who ? old[j].gain[a].prog : was;
          kept *= 1 - (b * was + (1 - b) * th[k].gain[a].prog);
        }
        for (int j = 0; j < nold; j++) {   /* those that no longer reach it there */
          int there = 0;
          for (int k = 0; k < nth; k++)
            there |= th[k].who == old[j].who;
          if (!there)
            kept *= 1 - before(e, &old[j], lo + i, reflexes, ATTITUDE_LO + a) *
                            old[j].gain[a].prog;
        }
        gone = 1 - kept;
      }
      const double score = first * best[a][i].v - gone;
      if (score > top + 1e-12) {
        top = score;
        pa = a;
        pi = i;
        out->why[0] = thousandths(best[a][i].down);
        out->why[1] = thousandths(first);
        out->why[2] = thousandths(risk[a]);
      }
    }
  out->top = top;
  out->pa = pa;
  out->pi = pi;
  return COPS_OK;
}

/* The enemies' threats on id where it stands, and their sums at each of its attitudes: P(it
 * is put down this round) and their progress on it (each its share of what the others
 * leave). */
static int exposure(cops_encounter *e, struct cops__tactics *T, int id, struct threat *th,
                    int *nth, double *risk, double *lost)
{
  int rc = threats_of(e, T, id, th, nth);
  if (rc)
    return rc;
  for (int a = 0; a < ATTITUDES; a++) {
    double safe = 1, kept = 1;
    for (int k = 0; k < *nth; k++) {
      safe *= 1 - th[k].gain[a].down;
      kept *= 1 - th[k].gain[a].prog;
    }
    risk[a] = 1 - safe;
    lost[a] = 1 - kept;
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
    backed = there.top > here.top + 1e-12 && there.pa >= 0 &&
             !there.best[there.pa][there.pi].step;
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
        now = here.best[a][i].v > now ? here.best[a][i].v : now;
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
  const struct pick *p = &ch->best[pa][pi];
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
