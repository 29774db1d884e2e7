/* What the tactical policy's tables are kept by (lib/fight/tactical-private.h, struct
 * pair_key) and how an entry is found: who the combatants are, their state and the
 * declaration, in whole words, hashed twice on four lanes each; two-way sets behind the
 * first hash, an entry found by both. */
#include <string.h>

#include "fight/tactical-private.h"

/* Two ints in one word of a key. */
static inline uint64_t two(int lo, int hi)
{
  return (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32;
}

/* A declaration in three words, each field within the range its checks allow (C1.7, C6,
 * A1.2, docs/encounters.md), the place it moves to from where the combatant stands. */
static void pack_declaration(const cops_declaration *d, const struct combatant *c, uint64_t out[3])
{
  const unsigned u = (unsigned)d->action | (unsigned)(d->attitude + 2) << 5 |
                     (unsigned)(d->initiative + 4) << 8 | (unsigned)(d->moving != 0) << 12 |
                     (unsigned)(d->adrenaline != 0) << 13 | (unsigned)(d->anciennete != 0) << 14 |
                     (unsigned)(d->long_move != 0) << 15 | (unsigned)(d->weapon & 15) << 16 |
                     (unsigned)(d->difficulty & 15) << 20 | (unsigned)(d->aim & 15) << 24 |
                     (unsigned)(d->keep & 15) << 28;
  out[0] = two((int)u, (int)((unsigned)(d->dice_mod & 0xffff) |
                             (unsigned)(d->difficulty_mod & 0xffff) << 16));
  out[1] = two((int)((unsigned)(d->threshold_mod & 0xff) | (unsigned)(d->circumstances & 0xff) << 8 |
                     (unsigned)(d->target & 0xff) << 16 | (unsigned)(d->shots & 0xff) << 24),
               d->bullets);
  out[2] = two(d->moving ? d->x - c->x : 0, d->moving ? d->y - c->y : 0);
}

/* Who combatant k is, as the odds read it: a serial of its own, new whenever its character,
 * the weapon in its hand or its armour is another or has changed (their stamps). */
static uint64_t ident_of(const cops_encounter *e, struct cops__tactics *T, int k)
{
  const struct combatant *c = &e->c[k];
  struct ident *I = &T->ident[k];
  if (T->known[k])
    return I->who[I->now].serial;
  T->known[k] = T->declaring;   /* nothing it reads changes while the policies declare */
  const cops_weapon *w = in_hand(c);
  const uint64_t s0 = c->ch->stamp, s1 = w ? w->stamp : 0, s2 = cops__armour_stamp(c->armour);
  for (int j = 0; j < IDENTS; j++) {   /* the one it is, or was: a weapon drawn, then put back */
    const struct who *W = &I->who[(I->now + j) % IDENTS];
    if (W->serial && W->ch == c->ch && W->weapon == w && W->armour == c->armour &&
        W->stamp[0] == s0 && W->stamp[1] == s1 && W->stamp[2] == s2) {
      I->now = (I->now + j) % IDENTS;
      return W->serial;
    }
  }
  I->now = I->next;   /* the oldest makes room */
  I->next = (I->next + 1) % IDENTS;
  struct who *W = &I->who[I->now];
  W->ch = c->ch;
  W->weapon = w;
  W->armour = c->armour;
  W->stamp[0] = s0;
  W->stamp[1] = s1;
  W->stamp[2] = s2;
  W->serial = ++T->serials;
  return W->serial;
}

/* A key's two hashes: each on four lanes over its words (word i in lane i % 4), the two
 * started, multiplied and mixed apart, so that two keys share both by chance alone (an
 * entry is found by both, struct choice_entry). */
#define LANE(h, x) (((h) ^ (x)) * 0xff51afd7ed558ccdu)
#define LANE2(g, x) (((g) ^ (x)) * 0x9fb21c651e98df25u)

static uint64_t key_mix(const uint64_t h[4])
{
  uint64_t r = h[0] ^ (h[1] >> 7 | h[1] << 57) ^ (h[2] >> 19 | h[2] << 45) ^
               (h[3] >> 31 | h[3] << 33);
  r ^= r >> 29;
  r *= 0xc4ceb9fe1a85ec53u;
  r ^= r >> 32;
  return r;
}

static uint64_t check_mix(const uint64_t g[4])
{
  uint64_t r = g[3] ^ (g[2] >> 11 | g[2] << 53) ^ (g[1] >> 23 | g[1] << 41) ^
               (g[0] >> 37 | g[0] << 27);
  r ^= r >> 31;
  r *= 0xd6e8feb86659fd93u;
  r ^= r >> 32;
  return r;
}

/* The rounds loaded in w up to the most a shot or a burst fires (C10.6, C10.7), and at
 * least whether any is: all a choice reads of them. */
static int rounds_up_to_most(const cops_weapon *w)
{
  const int loaded = cops__wget(w, COPS_WEAPON_LOADED);
  int most = cops__wget(w, COPS_WEAPON_CT);
  if (cops__wget(w, COPS_WEAPON_VRC) > most)
    most = cops__wget(w, COPS_WEAPON_VRC);
  most = most > 1 ? most : 1;
  return loaded < most ? loaded : most;
}

/* A key's lanes, both hashes', before its first word. */
static void lanes_start(uint64_t h[4], uint64_t g[4])
{
  h[0] = 0x9e3779b97f4a7c15u;
  h[1] = 0xbf58476d1ce4e5b9u;
  h[2] = 0x94d049bb133111ebu;
  h[3] = 0x2545f4914f6cdd1du;
  g[0] = 0x7f4a7c159e3779b9u;
  g[1] = 0x1ce4e5b9bf58476du;
  g[2] = 0x133111eb94d049bbu;
  g[3] = 0x4f6cdd1d2545f491u;
}

/* Words from .. to - 1 of a key into both hashes' lanes (word i in lane i % 4), four side by
 * side. */
static void lanes_add(uint64_t h[4], uint64_t g[4], const uint64_t *w, int from, int to)
{
  int i = from;
  for (; (i & 3) && i < to; i++) {
    h[i & 3] = LANE(h[i & 3], w[i]);
    g[i & 3] = LANE2(g[i & 3], w[i]);
  }
  for (; i + 4 <= to; i += 4)
    for (int r = 0; r < 4; r++) {
      h[r] = LANE(h[r], w[i + r]);
      g[r] = LANE2(g[r], w[i + r]);
    }
  for (int r = 0; r < 3 && i < to; r++, i++) {   /* the last three at most */
    h[r] = LANE(h[r], w[i]);
    g[r] = LANE2(g[r], w[i]);
  }
}

/* The attacker's part of the keys of id's attacks declared as d (words 0 .. KEY_HEAD - 1)
 * and its lanes so far: the same for every target. */
void cops__tac_key_head(const cops_encounter *e, struct cops__tactics *T, int id,
                        const cops_declaration *d, struct key_head *kh)
{
  const struct combatant *c = &e->c[id];
  const cops_weapon *w = in_hand(c);
  uint64_t *v = kh->w;
  v[0] = ident_of(e, T, id);
  /* Its health, not its hit points: its dice (C8.2) and A4.3's half. */
  v[1] = two(cops__health(c->ch) * 2 + (2 * c->ch->hp <= cops__max_hp(c->ch)),
             (int)c->ch->conditions);
  /* Its points left, when the declaration spends them (C5). */
  const int spends = d->adrenaline || d->anciennete;
  v[2] = two((int)c->start_conditions, spends ? c->ch->current[0] : -1);
  v[3] = two(spends ? c->ch->current[1] : -1, rounds_up_to_most(w));
  pack_declaration(d, c, v + 4);
  lanes_start(kh->h, kh->g);
  lanes_add(kh->h, kh->g, v, 0, KEY_HEAD);
  kh->id = id;
}

/* The key of an attack of kh's attacker on t (its target, place, action, attitude and
 * initiative cleared when the entry holds them all), t at target_attitude, and its hash;
 * more: what else the entry depends on (the initiatives it holds). Written word by word,
 * as it is read. */
uint64_t cops__tac_key(const cops_encounter *e, struct cops__tactics *T, const struct key_head *kh,
                       int t, int target_attitude, int more, struct pair_key *k, uint64_t *check)
{
  const struct combatant *c = &e->c[kh->id], *tc = &e->c[t];
  uint64_t *v = k->w;
  memcpy(v, kh->w, sizeof kh->w);
  v[7] = ident_of(e, T, t);
  v[8] = two(tc->ch->hp, (int)tc->ch->conditions);
  v[9] = two((int)tc->start_conditions, target_attitude);
  v[10] = two(tc->x - c->x, tc->y - c->y);
  v[11] = two(tc->held_by == kh->id, t | more);
  uint64_t h[4], g[4];
  memcpy(h, kh->h, sizeof h);
  memcpy(g, kh->g, sizeof g);
  lanes_add(h, g, v, KEY_HEAD, KEY_WORDS);
  *check = check_mix(g);
  return key_mix(h);
}

/* Whether the entry at `at` is the key's of hashes h and check. */
static int same_key(const unsigned char *at, uint64_t h, uint64_t check)
{
  uint64_t k[2];
  memcpy(k, at, sizeof k);
  return k[0] == check && k[1] == h;
}

/* A way's tag in its set's state (struct cops__tactics): 14 bits of the key's first hash
 * that do not choose the set, at bit 4 for way 0 and bit 18 for way 1. */
#define SET_TAG(h) ((uint32_t)(h) & 0x3fffu)
#define TAG_AT(way) (4u + 14u * (way))

/* The entry of the key of hashes h and check in a table of n entries of size bytes in sets
 * of two ways, their hashes first (the set's state in sets[], struct cops__tactics): the way
 * that holds it, else *fresh 1 and the way made first, no longer held, where
 * cops__tac_made() puts the entry once it is made. Nothing is moved: a set keeps the two
 * made last. A way whose tag differs is not read: a key not kept is told from the sets'
 * states alone, and its entry is made apart (in the caches) and only written to the table,
 * never read back while its line comes from memory. A key is found by its two hashes, not
 * by its words: two keys share both with a chance of about 2^-128, so that what is found
 * is, but for that chance, what a fresh encounter would make. */
void *cops__tac_entry(void *table, uint32_t *sets, size_t size, unsigned n, uint64_t h,
                      uint64_t check, int *fresh)
{
  const unsigned i = (unsigned)(h >> 32) & (n - 2);
  unsigned char *at = (unsigned char *)table + (size_t)i * size;
  const uint32_t st = sets[i / 2], tag = SET_TAG(h);
  *fresh = 0;
  if ((st & 2u) && (st >> TAG_AT(0) & 0x3fffu) == tag && same_key(at, h, check))
    return at;
  if ((st & 4u) && (st >> TAG_AT(1) & 0x3fffu) == tag && same_key(at + size, h, check))
    return at + size;
  const unsigned way = !(st & 2u) ? 0u : !(st & 4u) ? 1u : (st & 1u) ^ 1u;
  sets[i / 2] = (st & ~(1u | 2u << way)) | way;
  *fresh = 1;
  return at + way * size;
}

void cops__tac_made(void *table, uint32_t *sets, size_t size, void *entry, const void *made,
                    uint64_t h, uint64_t check)
{
  const size_t k = (size_t)((unsigned char *)entry - (unsigned char *)table) / size;
  const uint64_t head[2] = {check, h};
  memcpy(entry, made, size);
  memcpy(entry, head, sizeof head);
  const unsigned way = (unsigned)(k & 1);
  sets[k / 2] = (sets[k / 2] & ~(0x3fffu << TAG_AT(way))) | SET_TAG(h) << TAG_AT(way) |
                2u << way;
}

/* The key of id's exchange declared as d (the attitude aside) with its target at
 * target_attitude: a pair key, then what else an exchange reads (cops__core_situation,
 * the attack's odds): what the target declared against it, and both fighters' hit points
 * and points left. Its hash. */
uint64_t cops__tac_exchange_key(const cops_encounter *e, struct cops__tactics *T, int id,
                                const cops_declaration *d, int target_attitude, uint64_t *w,
                                uint64_t *check)
{
  cops_declaration cand = *d;
  cand.attitude = 0;
  struct key_head kh;
  struct pair_key k;
  cops__tac_key_head(e, T, id, &cand, &kh);
  cops__tac_key(e, T, &kh, d->target, target_attitude, 0, &k, check);
  memcpy(w, k.w, sizeof k.w);
  const struct combatant *c = &e->c[id], *tc = &e->c[d->target];
  const int back = tc->declared && tc->decl.target == id && is_melee_action(tc->decl.action) &&
                   tc->decl.action != COPS_ACT_ESCAPE && !tc->cancelled;
  w[KEY_WORDS] = two(back | (back ? tc->decl.action : 0) << 1 | (tc->moved > 5) << 6 |
                         (back && tc->decl.adrenaline) << 7,
                     back ? tc->decl.dice_mod : 0);
  w[KEY_WORDS + 1] = two(back ? tc->decl.threshold_mod : 0, c->ch->hp);
  w[KEY_WORDS + 2] = two(c->ch->current[0], c->ch->current[1]);
  w[KEY_WORDS + 3] = two(tc->ch->current[0], tc->ch->current[1]);
  uint64_t h[4], g[4];
  lanes_start(h, g);
  lanes_add(h, g, w, 0, EXCHANGE_WORDS);
  *check = check_mix(g);
  return key_mix(h);
}

/* Enemy k's part of the keys of the choices made against it (struct enemy_part): kept while
 * the policies declare, until it declares. */
static int enemy_part(cops_encounter *e, struct cops__tactics *T, int k,
                      const struct enemy_part **out)
{
  const struct combatant *o = &e->c[k];
  struct enemy_part *P = &T->part[k];
  *out = P;
  if (T->declaring && T->parted[k] && P->declared == o->declared)
    return COPS_OK;
  cops_declaration buf;
  const cops_declaration *dk;
  const int rc = cops__tac_expected(e, T, k, &buf, &dk);
  if (rc)
    return rc;
  P->w[0] = ident_of(e, T, k);
  P->w[1] = two(o->ch->hp, (int)o->ch->conditions);
  P->w[2] = two((int)o->start_conditions, o->declared ? o->decl.attitude : o->attitude_now);
  P->shoots = dk->action == COPS_ACT_SHOOT || dk->action == COPS_ACT_BURST ? dk->target : -1;
  if (P->shoots >= 0) {   /* what its threat's key holds besides */
    const int its = dk->adrenaline || dk->anciennete;
    P->w[3] = two(its ? o->ch->current[0] : -1, its ? o->ch->current[1] : -1);
    P->w[4] = two(rounds_up_to_most(in_hand(o)), 0);
    pack_declaration(dk, o, P->w + 5);
  }
  P->declared = (unsigned char)o->declared;
  T->parted[k] = (unsigned char)T->declaring;
  return COPS_OK;
}

/* The key of id's choice of an attack (cops__tactical_policy): everything that choice reads:
 * id, its state and place, what it carries of the simple policy's declaration (base), each
 * enemy able to fight, in order, with its state and place from id, and, when it shoots at
 * id, what it is expected to do (what it declared, or what its own policy would). Nothing of
 * its allies: first aid is weighed apart. Its words into w, the first its count, *words 0
 * when they pass CHOICE_WORDS (a fight too large to keep its choices). */
int cops__tac_choice_key(cops_encounter *e, struct cops__tactics *T, int id,
                         const cops_declaration *base, uint64_t *w, int *words, uint64_t *hash,
                         uint64_t *check)
{
  const struct combatant *c = &e->c[id];
  const cops_weapon *wp = in_hand(c);
  /* Its points when the declaration spends them (C5). */
  const int spends = base->adrenaline || base->anciennete;
  int n = 1, rc;
  *words = 0;
  w[n++] = ident_of(e, T, id);
  w[n++] = two(c->ch->hp, (int)c->ch->conditions);
  w[n++] = two((int)c->start_conditions, spends ? c->ch->current[0] : -1);
  w[n++] = two(spends ? c->ch->current[1] : -1, rounds_up_to_most(wp));
  w[n++] = two(c->x, c->y);
  w[n++] = two(c->held_by, (wp && wp->spares != 0) | id << 1);
  pack_declaration(base, c, w + n);
  n += 3;
  for (int k = 0; k < e->n; k++) {
    const struct combatant *o = &e->c[k];
    if (k == id || o->side == c->side || !able(e, k))
      continue;
    if (n + 10 > CHOICE_WORDS)
      return COPS_OK;
    const struct enemy_part *P;
    if ((rc = enemy_part(e, T, k, &P)))
      return rc;
    const int at_id = P->shoots == id;
    w[n++] = P->w[0];
    w[n++] = P->w[1];
    w[n++] = P->w[2];
    w[n++] = two(o->x - c->x, o->y - c->y);
    w[n++] = two(o->held_by == id, k | at_id << 8);
    if (at_id) {
      memcpy(w + n, P->w + 3, 5 * sizeof *w);
      n += 5;
    }
  }
  w[0] = (uint64_t)n;
  uint64_t h[4], g[4];
  lanes_start(h, g);
  lanes_add(h, g, w, 0, n);
  *hash = key_mix(h);
  *check = check_mix(g);
  *words = n;
  return COPS_OK;
}
