/* The exact odds of a chase round for a pair (COPS.md C7, C7.2, C7.3, C7.5) and the
 * default policy of declarations (docs/chases.md). */
#include <string.h>

#include "chase/chase-private.h"

static int valid(const cops_chase *c, int id)
{
  return cops__chase_valid(c, id);
}

/* ---- the odds of a round and the default policy --------------------------------- */

/* The roll of participant id under declaration d: its action, and the white and black
 * dice of its first wave (the malus takes white dice first, C7.5). */
static int roll_of(cops_chase *c, int id, const cops_chase_declaration *d, cops_action *a,
                   int *w, int *b)
{
  struct chaser *p = &c->p[id];
  int rc = cops__prepared_action(a, p->ch, &p->prep, d->flags & COPS_ADRENALINE_DIE, NULL);
  if (rc)
    return rc;
  a->dice = p->white + p->black;
  a->dice_mod += d->dice_mod;
  a->threshold_mod += d->threshold_mod;
  a->difficulty = d->successes;
  a->difficulty_mod += d->difficulty_mod;
  int pool = a->dice + a->dice_mod;
  pool = pool < 0 ? 0 : pool > COPS_DICE_MAX ? COPS_DICE_MAX : pool;
  *b = p->black < pool ? p->black : pool;
  *w = pool - *b;
  return COPS_OK;
}

/* One side's odds: P(success) (with the re-roll when declared) and the law of its
 * failures by ME (fail[m], m = 1 .. difficulty), into arrays of COPS_DIFFICULTY_MAX + 2. */
struct side {
  cops_action a;
  int w, b, d;            /* white and black dice rolled, difficulty */
  double p, p1;           /* P(success) final, of one roll */
  double fail[COPS_DIFFICULTY_MAX + 2];
};

static int side_of(cops_chase *c, int id, const cops_chase_declaration *d, struct side *s)
{
  int rc = roll_of(c, id, d, &s->a, &s->w, &s->b);
  if (rc)
    return rc;
  int diff = s->a.difficulty + s->a.difficulty_mod;
  s->d = diff < 0 ? 0 : diff > COPS_DIFFICULTY_MAX ? COPS_DIFFICULTY_MAX : diff;
  if ((rc = cops_odds_success(c->ctx, &s->a, &s->p1)))
    return rc;
  const int again = (d->flags & COPS_CHASE_ANCIENNETE) != 0;
  s->p = again ? s->p1 + (1 - s->p1) * s->p1 : s->p1;
  memset(s->fail, 0, sizeof s->fail);
  /* Failing with ME m: m successes short of the difficulty (a pool below 1 die fails with
   * ME max(difficulty, 1), C1.7). */
  if (s->w + s->b <= 0) {
    s->fail[s->d > 0 ? s->d : 1] = again ? (1 - s->p1) : 1;
    return COPS_OK;
  }
  for (int k = 0; k < s->d; k++) {
    double pk;
    if ((rc = cops_odds_pmf(c->ctx, &s->a, k, &pk)))
      return rc;
    s->fail[s->d - k] = again ? (1 - s->p1) * pk : pk;
  }
  return COPS_OK;
}

/* P(a black die fails a crash test) of one roll, and jointly with success: the roll
 * succeeds with no black die under the threshold. */
static int crash_odds(cops_chase *c, const struct side *s, const cops_chase_declaration *d,
                      double *crash)
{
  if (s->b <= 0) {
    *crash = 0;
    return COPS_OK;
  }
  cops_action one = s->a;
  one.dice = 1;
  one.dice_mod = 0;
  one.difficulty = 0;
  one.difficulty_mod = 0;
  double none;
  int rc = cops_odds_pmf(c->ctx, &one, 0, &none);   /* one die under the threshold */
  if (rc)
    return rc;
  const double q = 1 - none;
  double clean = 1;                                  /* no black die fails */
  for (int k = 0; k < s->b; k++)
    clean *= q;
  const double crash1 = 1 - clean;
  if (!(d->flags & COPS_CHASE_ANCIENNETE)) {
    *crash = crash1;
    return COPS_OK;
  }
  /* With a re-roll on failure the crash tests come from the final roll (C7.5): a first
   * roll that succeeds keeps its black dice; P(success and no black failure) is
   * clean x P(W + C >= d), C the successes of b dice each at the threshold or above. */
  enum { N = COPS_DIFFICULTY_MAX + 1 };
  double wlaw[N] = {0}, claw[N] = {0}, one_law[N] = {0}, tmp[N];
  cops_action white = s->a;
  white.dice = s->w;
  white.dice_mod = 0;
  for (int k = 0; k < s->d && k < N; k++) {
    if (s->w > 0 && (rc = cops_odds_pmf(c->ctx, &white, k, &wlaw[k])))
      return rc;
    if (k >= 1 && (rc = cops_odds_pmf(c->ctx, &one, k, &one_law[k])))
      return rc;
    one_law[k] = k >= 1 ? one_law[k] / q : 0;
  }
  if (s->w <= 0)
    wlaw[0] = 1;
  claw[0] = 1;
  for (int j = 0; j < s->b; j++) {
    memset(tmp, 0, sizeof tmp);
    for (int x = 0; x < s->d; x++)
      for (int y = 1; x + y < s->d; y++)
        tmp[x + y] += claw[x] * one_law[y];
    memcpy(claw, tmp, sizeof tmp);
  }
  double below = 0;                                  /* P(W + C < d) */
  for (int x = 0; x < s->d; x++)
    for (int y = 0; x + y < s->d; y++)
      below += wlaw[x] * claw[y];
  const double success_clean = clean * (1 - below);
  *crash = (s->p1 - success_clean) + (1 - s->p1) * crash1;
  return COPS_OK;
}

static int pair_ok(const cops_chase *c, int id, int other)
{
  if (!valid(c, id) || !valid(c, other) || id == other)
    return 0;
  const int r = c->p[id].role, o = c->p[other].role;
  return (r == COPS_CHASE_PURSUED) != (o == COPS_CHASE_PURSUED);
}

static int checked_decl(cops_chase *c, const cops_chase_declaration *given,
                        cops_chase_declaration *d)
{
  if (given->size < sizeof(uint32_t) + sizeof(int) || given->size > sizeof *given)
    return FAIL(c, COPS_EINVAL, "declaration size %u, expected %zu", given->size, sizeof *given);
  memset(d, 0, sizeof *d);
  memcpy(d, given, given->size);
  if (d->successes < 1 || d->successes > COPS_DIFFICULTY_MAX)
    return FAIL(c, COPS_ERANGE, "declared successes %d out of range 1..%d (C7.5)",
                d->successes, COPS_DIFFICULTY_MAX);
  if (d->flags & ~(COPS_ADRENALINE_DIE | COPS_CHASE_ANCIENNETE))
    return FAIL(c, COPS_EINVAL, "unknown declaration flags 0x%x", d->flags);
  if (d->dice_mod < -COPS_MOD_MAX || d->dice_mod > COPS_MOD_MAX ||
      d->threshold_mod < -COPS_THRESHOLD_MOD_MAX || d->threshold_mod > COPS_THRESHOLD_MOD_MAX ||
      d->difficulty_mod < -COPS_MOD_MAX || d->difficulty_mod > COPS_MOD_MAX)
    return FAIL(c, COPS_ERANGE, "the GM's modifiers %d/%d/%d out of range", d->dice_mod,
                d->threshold_mod, d->difficulty_mod);
  return COPS_OK;
}

/* The odds of the pair (id, other), no check of the sizes. */
static int odds(cops_chase *c, int id, const cops_chase_declaration *mine, int other,
                const cops_chase_declaration *theirs, cops_chase_round_odds *o)
{
  struct side a, b;
  int rc;
  if ((rc = side_of(c, id, mine, &a)) || (rc = side_of(c, other, theirs, &b)) ||
      (rc = crash_odds(c, &a, mine, &o->crash)))
    return rc;
  o->success = a.p;
  o->other_success = b.p;
  o->both = a.p * b.p;
  o->only_mine = a.p * (1 - b.p);
  o->only_other = (1 - a.p) * b.p;
  o->neither = (1 - a.p) * (1 - b.p);
  /* C7.3: both succeed, the fewer declared loses 1; one fails, ME + 1; both fail, 1 each. */
  /* My failures weigh ME + 1 when the other succeeds, 1 when it fails too. */
  double fa = 0, fb = 0;
  for (int m = 1; m <= COPS_DIFFICULTY_MAX + 1; m++) {
    fa += a.fail[m] * (m + 1);
    fb += b.fail[m] * (m + 1);
  }
  o->loss = o->both * (mine->successes < theirs->successes) + b.p * fa + o->neither;
  o->other_loss = o->both * (theirs->successes < mine->successes) + a.p * fb + o->neither;
  return COPS_OK;
}

int cops_chase_odds(cops_chase *c, int id, const cops_chase_declaration *mine, int other,
                    const cops_chase_declaration *theirs, cops_chase_round_odds *out)
{
  if (!c || !mine || !theirs || !out)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (!pair_ok(c, id, other))
    return FAIL(c, COPS_EINVAL, "%d and %d are not the pursued and a pursuer", id, other);
  if (out->size < offsetof(cops_chase_round_odds, crash) + sizeof(double) || out->size > sizeof *out)
    return FAIL(c, COPS_EINVAL, "cops_chase_round_odds size %u: set it to sizeof(cops_chase_round_odds)",
                out->size);
  cops_chase_declaration m, t;
  int rc;
  if ((rc = checked_decl(c, mine, &m)) || (rc = checked_decl(c, theirs, &t)))
    return rc;
  cops_chase_round_odds o;
  memset(&o, 0, sizeof o);
  if ((rc = odds(c, id, &m, other, &t, &o)))
    return rc;
  const uint32_t size = out->size;
  o.size = size;
  memcpy(out, &o, size);
  return COPS_OK;
}

/* The most successes a participant reaches one time in two, at least 1. */
static int likeliest(cops_chase *c, int id, int *k)
{
  const struct chaser *p = &c->p[id];
  cops_chase_declaration d;
  cops_chase_declaration_init(&d, 1);
  cops_action a;
  int w, b, rc = roll_of(c, id, &d, &a, &w, &b);
  if (rc)
    return rc;
  a.difficulty = 0;
  *k = 1;
  for (int n = 2; n <= p->white + p->black + 1 && n <= COPS_DIFFICULTY_MAX; n++) {
    double at;
    if ((rc = cops_odds_at_least(c->ctx, &a, n, &at)))
      return rc;
    if (at < 0.5)
      break;
    *k = n;
  }
  return COPS_OK;
}

int cops_chase_suggest(cops_chase *c, int id, cops_chase_declaration *out)
{
  if (!valid(c, id) || !out)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (out->size < sizeof(uint32_t) + sizeof(int) || out->size > sizeof *out)
    return FAIL(c, COPS_EINVAL, "declaration size %u: initialise it with "
                "cops_chase_declaration_init", out->size);
  if (c->result || c->p[id].state != COPS_CHASER_IN)
    return FAIL(c, COPS_ESTATE, "participant %d is out of the chase", id);
  /* The other: the pursued, or for the pursued the pursuer holding the most dice. */
  int other = -1;
  if (c->p[id].role == COPS_CHASE_PURSUER) {
    other = cops__chase_pursued(c);
  } else {
    for (int i = 0; i < c->n; i++)
      if (c->p[i].role == COPS_CHASE_PURSUER && c->p[i].state == COPS_CHASER_IN &&
          (other < 0 || c->p[i].white + c->p[i].black > c->p[other].white + c->p[other].black))
        other = i;
  }
  if (other < 0 || c->p[other].state != COPS_CHASER_IN)
    return FAIL(c, COPS_ESTATE, "participant %d has nobody to chase or flee", id);
  int k, rc;
  if ((rc = likeliest(c, other, &k)))
    return rc;
  cops_chase_declaration mine, theirs;
  cops_chase_declaration_init(&theirs, k);
  cops_chase_declaration_init(&mine, 1);
  double best = -1e300;
  int choice = 1;
  const int held = c->p[id].white + c->p[id].black;
  for (int n = 1; n <= held && n <= COPS_DIFFICULTY_MAX; n++) {
    mine.successes = n;
    cops_chase_round_odds o;
    if ((rc = odds(c, id, &mine, other, &theirs, &o)))
      return rc;
    if (o.other_loss - o.loss > best + 1e-12) {
      best = o.other_loss - o.loss;
      choice = n;
    }
  }
  cops_chase_declaration d;
  cops_chase_declaration_init(&d, choice);
  d.blacken = c->p[id].white <= 2 ? COPS_CHASE_DICE_MAX : 0;
  const uint32_t size = out->size;
  d.size = size;
  memcpy(out, &d, size);
  return COPS_OK;
}

