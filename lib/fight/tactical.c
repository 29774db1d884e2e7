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
 * (lib/fight/tactical-gain.c), the shots weighed in lib/fight/tactical-shot.c. The same
 * attacks are weighed from 5 m farther away from the enemy that gains most on it when a
 * range band changes (backing off), and first aid for a dying ally when it gains more than
 * they do (C8.5). The enemies are expected to do what they declared, or what the simple
 * policy would where everyone stands (declarations are made before anyone moves, C6): a
 * move it weighs changes what they can do to it, not what they declare. Hand to hand
 * weighs the exchange's odds for the attitude alone; anything else (standing up, breaking
 * free, reloading an empty weapon, no enemy in range) is the simple policy's choice.
 * Deterministic: no die is drawn, and what it keeps from round to round (the best attacks
 * on each target, each enemy's threat, each choice of an attack) is kept by everything it
 * reads, the caller's changes seen through the stamps of characters, weapons and armour,
 * and found by two 64-bit hashes of it (lib/fight/tactical-keys.c), so that a choice is the
 * same whatever was kept before it. */
#include <stddef.h>
#include <string.h>

#include "attack/rules.h"
#include "fight/tactical-private.h"

#ifdef COPS_TACTICS_CHECK
#define CHECKED 1   /* each kept choice made again and compared */
#else
#define CHECKED 0
#endif

void cops__tactics_declaring(cops_encounter *e, int on)
{
  if (!e->tactics)
    return;
  e->tactics->declaring = on;
  memset(e->tactics->have, 0, sizeof e->tactics->have);
  memset(e->tactics->known, 0, sizeof e->tactics->known);
  memset(e->tactics->parted, 0, sizeof e->tactics->parted);
  e->tactics->dying_made = 0;
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
  cops__free(&e->ctx->alloc, e->tactics->block);
  e->tactics = NULL;
}

static int tactics_of(cops_encounter *e, struct cops__tactics **out)
{
  if (!e->tactics) {
    /* Aligned as it asks, its tables of entries left as they come (struct cops__tactics):
     * the pages no entry reaches are never written. */
    const size_t align = _Alignof(struct cops__tactics);
    void *block = cops__malloc(&e->ctx->alloc, sizeof(struct cops__tactics) + align - 1);
    if (!block)
      return FAIL(e, COPS_ENOMEM, "out of memory for the tactical policy");
    struct cops__tactics *t =
        (struct cops__tactics *)(((uintptr_t)block + align - 1) & ~(uintptr_t)(align - 1));
    memset(t, 0, offsetof(struct cops__tactics, choice));
    t->block = block;
    if (cops_attack_odds_new(&t->odds, e->ctx)) {
      cops__free(&e->ctx->alloc, block);
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

int cops__tac_expected(cops_encounter *e, struct cops__tactics *T, int k, cops_declaration *buf,
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
int cops__tac_exposure(cops_encounter *e, struct cops__tactics *T, int id, struct threat *th,
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
    int rc = cops__tac_expected(e, T, k, &buf, &dk);
    if (rc)
      return rc;
    if (dk->target != id || (dk->action != COPS_ACT_SHOOT && dk->action != COPS_ACT_BURST))
      continue;
    struct key_head kh;
    struct pair_key key;
    uint64_t check;
    cops__tac_key_head(e, T, k, dk, &kh);
    const uint64_t hash = cops__tac_key(e, T, &kh, id, 99, 0, &key, &check);   /* every attitude */
    int fresh;
    struct threat_entry *E =
        cops__tac_entry(T->threat, T->threat_set, sizeof *E, THREATS, hash, check, &fresh);
    struct threat_entry made;
    if (fresh) {
      memset(&made, 0, sizeof made);
      if ((rc = threat_gains(e, T, k, dk, made.gain)))
        return rc;   /* the entry stays unmade */
      cops__tac_made(T->threat, T->threat_set, sizeof *E, E, &made, hash, check);
      E = &made;
    }
#ifdef COPS_TACTICS_CHECK
    else {
      struct gain again[ATTITUDES] = {{0, 0}};
      for (int a = 0; a < ATTITUDES && !rc; a++) {
        struct plan p;
        if (!(rc = cops__tac_plan_of(e, T, k, dk, ATTITUDE_LO + a, &p)))
          rc = cops__tac_plan_gain(e, T, &p, e->rules->initiative_chosen ? dk->initiative : 0,
                                   &again[a]);
      }
      if (rc)
        return rc;
      cops__tac_kept_is_made(E->gain, again, sizeof again, "the odds of a threat");
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
  uint64_t key[EXCHANGE_WORDS], check;
  const uint64_t hash = cops__tac_exchange_key(e, T, id, d, target_attitude, key, &check);
  int fresh, rc;
  struct exchange_entry *M =
      cops__tac_entry(T->exchange, T->exchange_set, sizeof *M, EXCHANGES, hash, check, &fresh);
  struct exchange_entry made;
  if (fresh) {
    memset(&made, 0, sizeof made);
    if ((rc = exchange_odds(e, T, id, d, target_attitude, made.down)))
      return rc;   /* the entry stays unmade */
    cops__tac_made(T->exchange, T->exchange_set, sizeof *M, M, &made, hash, check);
    M = &made;
  }
#ifdef COPS_TACTICS_CHECK
  else {
    double again[ATTITUDES];
    if ((rc = exchange_odds(e, T, id, d, target_attitude, again)))
      return rc;
    cops__tac_kept_is_made(M->down, again, sizeof again, "the odds of an exchange");
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
        why[0] = cops__thousandths(down[a]);
        why[1] = 1000;
        why[2] = cops__thousandths(risk[a]);
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
    const int margins[2] = {0, 1 - hp};   /* it succeeds; its hit points climb above 0 */
    const int left = hp + cops_character_max_hp(a->ch);   /* rounds to clinical death */
    const double urgency = left <= 5 ? 1 : 5.0 / left;
    {   /* the most it could be worth (the most dice, the least exposure): beats `beat`? */
      cops_action most = act;
      most.dice_mod += ATTITUDE_LO + ATTITUDES - 1;
      double p[2];   /* P(it succeeds), P(the hit points climb above 0) */
      if (cops__tac_margins_at_least(e, T, &most, margins, p)) {
        e->ctx->errmsg[0] = '\0';
        continue;
      }
      if (p[1] + SAVE * (p[0] - p[1]) * urgency - least <= beat + 1e-12)
        continue;
    }
    for (int at = 0; at < ATTITUDES; at++) {
      cops_action try = act;
      try.dice_mod += ATTITUDE_LO + at;   /* the attitude's dice (C6.1) */
      double p[2];
      if (cops__tac_margins_at_least(e, T, &try, margins, p)) {
        e->ctx->errmsg[0] = '\0';
        continue;
      }
      const double ok = p[0], wake = p[1];
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
          why[0] = cops__thousandths(ok);
          why[1] = 1000;
          why[2] = cops__thousandths(risk[at]);
        }
      }
    }
  }
  return COPS_OK;
}

/* Whether the rules allow declaration d now (not on the ground, not held ...: C11.1). */
static int allowed(cops_encounter *e, int id, const cops_declaration *d)
{
  if (cops__check_declaration(e, id, d) == COPS_OK)
    return 1;
  e->ctx->errmsg[0] = '\0';
  return 0;
}

/* The choice o made on the simple policy's declaration d (and why, when asked). */
static void apply(const struct outcome *o, cops_declaration *d, int *why)
{
  if (o->kind == 0)
    return;
  if (why)
    for (int j = 0; j < 3; j++)
      why[j] = o->why[j];
  if (o->kind == 1) {
    d->action = COPS_ACT_RELOAD;
    d->target = -1;
    d->attitude = o->attitude;
    d->shots = 1;
    d->moving = 0;
    return;
  }
  d->target = o->target;
  d->attitude = o->attitude;
  d->initiative = o->initiative;
  d->action = o->action;
  d->shots = o->shots;
  d->moving = 0;
  if (o->moving) {
    d->x = o->x;
    d->y = o->y;
    d->moving = 1;
  }
}

/* id's choice of an attack, kept by everything it reads (cops__tac_choice_key) with the
 * exposure it weighed: made once for each state met, then found; then, when an ally is
 * dying (dying 1), first aid instead when it gains more (C8.5). */
static int kept_shot_choice(cops_encounter *e, struct cops__tactics *T, int id,
                            const cops_declaration *base, int lo, int hi, int reflexes,
                            int dying, cops_declaration *d, int *why)
{
  uint64_t key[CHOICE_WORDS], hash, check;
  int words, rc;
  if ((rc = cops__tac_choice_key(e, T, id, base, key, &words, &hash, &check)))
    return rc;
  struct choice_entry *C = NULL, made;
  int fresh = 1;
  if (words)
    C = cops__tac_entry(T->choice, T->choice_set, sizeof *C, CHOICES, hash, check, &fresh);
  if (fresh || CHECKED) {   /* made apart, then kept in its entry */
    struct threat th[COPS_COMBATANTS_MAX];
    int nth;
    memset(&made, 0, sizeof made);
    if ((rc = cops__tac_exposure(e, T, id, th, &nth, made.risk, made.lost)) ||
        (rc = cops__tac_shot_choice(e, T, id, base, lo, hi, reflexes, th, nth, made.risk,
                                    made.lost, &made.o, &made.top)))
      return rc;   /* the entry stays unmade */
#ifdef COPS_TACTICS_CHECK
    if (!fresh)
      cops__tac_kept_is_made(&C->o, &made.o, sizeof *C - offsetof(struct choice_entry, o),
                             "a choice");
#endif
    if (C && fresh)
      cops__tac_made(T->choice, T->choice_set, sizeof *C, C, &made, hash, check);
    if (fresh)
      C = &made;
  }
  if (dying) {   /* first aid when it gains more than any attack (it reads no kept choice) */
    double aid = -2;
    cops_declaration aid_d;
    int aid_why[3] = {-1, -1, -1};
    if ((rc = first_aid(e, T, id, C->lost, C->risk, C->top, &aid, &aid_d, aid_why)))
      return rc;
    if (aid > C->top + 1e-12 && allowed(e, id, &aid_d)) {
      *d = aid_d;
      if (why)
        memcpy(why, aid_why, sizeof aid_why);
      return COPS_OK;
    }
  }
  apply(&C->o, d, why);
  return COPS_OK;
}

static int choose(cops_encounter *e, struct cops__tactics *T, int id, cops_declaration *d,
                  int *why)
{
  int rc = simple_of(e, T, id, d);
  if (rc)
    return rc;
  const int shot = d->action == COPS_ACT_SHOOT || d->action == COPS_ACT_BURST;
  const int blow = d->action == COPS_ACT_MELEE || d->action == COPS_ACT_STRIKE;
  if (!T->declaring || !T->dying_made) {   /* those first aid may still help (C8.5) */
    T->dying = 0;
    for (int k = 0; k < e->n; k++) {
      const cops_character *ch = e->c[k].ch;
      if (ch->hp <= 0 && !cops__dead(ch) && !(ch->w.stabilised & (1u << COPS_TREAT_STABILISE)))
        T->dying |= (uint64_t)1 << k;
    }
    T->dying_made = T->declaring;
  }
  int dying = 0;   /* an ally first aid may still help, in reach after a move */
  for (uint64_t m = T->dying & ~((uint64_t)1 << id); m && !dying; m &= m - 1) {
    const int k = __builtin_ctzll(m);
    dying = e->c[k].side == e->c[id].side && dist(e, id, k) <= 11;
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
  cops_declaration base = *d;   /* what an attack carries of the simple policy's choice */
  base.action = COPS_ACT_SHOOT;
  base.attitude = base.initiative = base.shots = base.moving = base.x = base.y = 0;
  base.target = -1;
  if (shot)
    return kept_shot_choice(e, T, id, &base, lo, hi, reflexes, dying, d, why);
  struct threat th[COPS_COMBATANTS_MAX];
  int nth;
  double risk[ATTITUDES], lost[ATTITUDES];
  if ((rc = cops__tac_exposure(e, T, id, th, &nth, risk, lost)))
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
  double melee;   /* a blow */
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

int cops__tactical_policy(cops_encounter *e, int id, cops_declaration *d, int *why)
{
  struct cops__tactics *T = NULL;
  int rc = tactics_of(e, &T);
  if (rc)
    return rc;
  if (T->declaring)
    return choose(e, T, id, d, why);
  /* A choice asked alone (cops_encounter_suggest): what it expects of the others is kept for
   * the call as while the policies declare, so that a move it weighs (backing off) is
   * weighed against what they would declare where everyone stands, as in the round. */
  cops__tactics_declaring(e, 1);
  rc = choose(e, T, id, d, why);
  cops__tactics_declaring(e, 0);
  return rc;
}
