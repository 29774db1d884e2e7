/* Chases (COPS.md C7, docs/chases.md): participants with white and black dice
 * that persist from round to round, declarations, a round's rolls and the
 * outcomes of C7.3 pair by pair, losses, crash tests, ends and bands. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "chase/chase-private.h"
#include "lang/lang.h"
#include "log/log.h"

static const char *who(const struct chaser *p)
{
  return p->ch->name[0] ? p->ch->name : NULL;
}

int cops_chase_new(cops_chase **out, cops_ctx *ctx)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_chase *c = cops__calloc(&ctx->alloc, sizeof *c);
  if (!c)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a chase");
  c->ctx = ctx;
  c->serial = cops__serial(ctx);
  c->max_rounds = 100;
  c->small_malus = COPS_CHASE_SMALL_MALUS;
  c->large_malus = COPS_CHASE_LARGE_MALUS;
  if (cops_log_new(&c->log, ctx) || cops__roll_new(&c->roll, &ctx->alloc) ||
      cops__roll_new(&c->d6, &ctx->alloc) || cops_outcome_new_in(&c->outcome, ctx)) {
    cops_chase_free(c);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a chase");
  }
  *out = c;
  return COPS_OK;
}

void cops_chase_free(cops_chase *c)
{
  if (!c || cops__refused(c->ctx))
    return;
  cops_log_free(c->log);
  cops_roll_free(c->roll);
  cops_roll_free(c->d6);
  cops_outcome_free(c->outcome);
  for (int i = 0; i < c->nowned; i++)
    cops_character_free(c->owned[i]);
  for (int i = 0; i < c->nowned_w; i++)
    cops_weapon_free(c->owned_w[i]);
  cops__free(&c->ctx->alloc, c->script);
  for (int i = 0; i < c->nheld; i++)
    cops_character_free(c->held[i]);
  if (c->held != c->held_first)
    cops__free(&c->ctx->alloc, c->held);
  cops__free(&c->ctx->alloc, c->tag);
  cops__free(&c->ctx->alloc, c);
}

int cops__chase_hold(cops_chase *c, cops_character *ch, int *fresh)
{
  *fresh = 0;
  for (int i = 0; i < c->nheld; i++)
    if (c->held[i] == ch)
      return COPS_OK;
  if (!c->held) {   /* the first holds in the chase itself: no allocation for a duel */
    c->held = c->held_first;
    c->held_cap = (int)(sizeof c->held_first / sizeof c->held_first[0]);
  }
  if (c->nheld == c->held_cap) {
    const int cap = 2 * c->held_cap;
    cops_character **q = cops__malloc(&c->ctx->alloc, (size_t)cap * sizeof *c->held);
    if (!q)
      return FAIL(c, COPS_ENOMEM, "out of memory for the chase's holds");
    memcpy(q, c->held, (size_t)c->nheld * sizeof *q);
    if (c->held != c->held_first)
      cops__free(&c->ctx->alloc, c->held);
    c->held = q;
    c->held_cap = cap;
  }
  c->held[c->nheld++] = cops_character_retain(ch);
  *fresh = 1;
  return COPS_OK;
}

void cops__chase_unhold(cops_chase *c, int fresh)
{
  if (fresh)
    cops_character_free(c->held[--c->nheld]);
}

static int valid(const cops_chase *c, int id)
{
  return cops__chase_valid(c, id);
}

int cops__chase_pursued(const cops_chase *c)
{
  for (int i = 0; i < c->n; i++)
    if (c->p[i].role == COPS_CHASE_PURSUED)
      return i;
  return -1;
}

int cops_chase_add(cops_chase *c, cops_character *ch, const char *skill, int role,
                   const char *vehicle, int white, int *id)
{
  if (!c || !ch || !skill)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (ch->ctx != c->ctx)
    return FAIL(c, COPS_EINVAL, "the character belongs to another context");
  if (c->result)
    return FAIL(c, COPS_ESTATE, "the chase is over");
  if (c->n == COPS_CHASERS_MAX)
    return FAIL(c, COPS_ERANGE, "at most %d participants", COPS_CHASERS_MAX);
  if (role != COPS_CHASE_PURSUED && role != COPS_CHASE_PURSUER)
    return FAIL(c, COPS_EINVAL, "role %d: COPS_CHASE_PURSUED or COPS_CHASE_PURSUER", role);
  if (role == COPS_CHASE_PURSUED && cops__chase_pursued(c) >= 0)
    return FAIL(c, COPS_ESTATE, "the chase has its pursued already (id %d)", cops__chase_pursued(c));
  if (white < 4 || white > 6)
    return FAIL(c, COPS_ERANGE, "white dice %d out of range 4..6 (C7)", white);
  for (int i = 0; i < c->n; i++)
    if (c->p[i].ch == ch)
      return FAIL(c, COPS_EINVAL, "%s is in the chase already (id %d)", ch->name, i);
  for (int k = 0; k < c->nr; k++)
    if (c->r[k].ch == ch)
      return FAIL(c, COPS_EINVAL, "%s is in the chase already (id %d)", ch->name,
                  COPS_PASSENGER_ID0 + k);
  if (strlen(skill) >= sizeof c->p[0].skill)
    return FAIL(c, COPS_ERANGE, "the skill's notation is longer than %zu bytes",
                sizeof c->p[0].skill - 1);
  if (vehicle && strlen(vehicle) > COPS_NAME_MAX)
    return FAIL(c, COPS_ERANGE, "the vehicle's name is longer than %d bytes", COPS_NAME_MAX);
  /* The skill's threshold, checked now (C1.4, C1.5). */
  cops_action a;
  int rc = cops__character_action(&a, ch, skill, 0, NULL);
  if (rc)
    return rc;
  struct chaser *p = &c->p[c->n];
  memset(p, 0, sizeof *p);
  p->ch = ch;
  snprintf(p->skill, sizeof p->skill, "%s", skill);
  int fresh;
  if ((rc = cops__prepare_action(c->ctx, p->skill, &p->prep)) ||   /* read once, rolled often */
      (rc = cops__chase_hold(c, ch, &fresh))) {
    memset(p, 0, sizeof *p);
    return rc;
  }
  snprintf(p->vehicle, sizeof p->vehicle, "%s", vehicle ? vehicle : "");
  p->role = role;
  p->state = COPS_CHASER_IN;
  p->white = white;
  p->threshold = (a.flags & COPS_UNSKILLED) ? 11 : a.threshold;
  p->tackle = -1;
  p->joined = c->round;
  if (c->round > 0) {   /* a chase under way: the log tells who joins (C7) */
    cops_event x = {0};
    x.type = COPS_EV_CHASE_JOIN;
    x.white = white;
    if ((rc = cops__log_push(c->log, &x, who(p), c->n, NULL, -1, NULL, NULL))) {
      memset(p, 0, sizeof *p);
      cops__chase_unhold(c, fresh);
      return rc;
    }
  }
  if (id)
    *id = c->n;
  c->n++;
  return COPS_OK;
}

int cops_chase_count(const cops_chase *c)
{
  return c ? c->n : COPS_EINVAL;
}

cops_character *cops_chase_character(const cops_chase *c, int id)
{
  return valid(c, id) ? c->p[id].ch : NULL;
}

int cops_chase_role(const cops_chase *c, int id)
{
  return valid(c, id) ? c->p[id].role : COPS_EINVAL;
}

int cops_chase_state(const cops_chase *c, int id)
{
  return valid(c, id) ? c->p[id].state : COPS_EINVAL;
}

int cops_chase_dice(const cops_chase *c, int id, int *white, int *black)
{
  if (!valid(c, id))
    return COPS_EINVAL;
  if (white)
    *white = c->p[id].white;
  if (black)
    *black = c->p[id].black;
  return COPS_OK;
}

/* C7.1: from the difference of the dice held. */
int cops__chase_band_of(const struct chaser *q, const struct chaser *p)
{
  const int d = (q->white + q->black) - (p->white + p->black);
  return d >= 2 ? COPS_BAND_SHORT : d <= -2 ? COPS_BAND_LONG : COPS_BAND_INTERMEDIATE;
}

static int band_of(const struct chaser *q, const struct chaser *p)
{
  return cops__chase_band_of(q, p);
}

int cops_chase_band(const cops_chase *c, int pursuer, int *band)
{
  const int p = c ? cops__chase_pursued(c) : -1;
  if (!valid(c, pursuer) || !band || c->p[pursuer].role != COPS_CHASE_PURSUER || p < 0)
    return COPS_EINVAL;
  *band = band_of(&c->p[pursuer], &c->p[p]);
  return COPS_OK;
}

int cops_chase_chooser(const cops_chase *c, int pursuer, int *id)
{
  const int p = c ? cops__chase_pursued(c) : -1;
  if (!valid(c, pursuer) || !id || c->p[pursuer].role != COPS_CHASE_PURSUER || p < 0)
    return COPS_EINVAL;
  *id = c->p[pursuer].threshold < c->p[p].threshold ? pursuer : p;   /* equal: the pursued */
  return COPS_OK;
}

/* An event of participant id (its name as actor). */
static int ev(cops_chase *c, cops_event *x, int id, int target)
{
  return cops__log_push(c->log, x, id >= 0 ? who(&c->p[id]) : NULL, id,
                        target >= 0 ? who(&c->p[target]) : NULL, target, NULL, NULL);
}

int cops__chase_out(cops_chase *c, int id, int state)
{
  c->p[id].state = state;
  c->p[id].declared = 0;
  cops_event x = {0};
  x.type = COPS_EV_CHASE_OUT;
  x.result = state;
  return ev(c, &x, id, -1);
}

/* The chase's result once a participant left (C7.4, C7.5): no pursuer left, the pursued
 * escapes (both at 0 in one round included); the pursued out, caught. Told once. A chase
 * that never had both sides has no result. */
int cops__chase_conclude(cops_chase *c)
{
  const int pursued = cops__chase_pursued(c);
  int in = 0, pursuers = 0;
  for (int i = 0; i < c->n; i++)
    if (c->p[i].role == COPS_CHASE_PURSUER) {
      pursuers++;
      in += c->p[i].state == COPS_CHASER_IN;
    }
  if (c->result || pursued < 0 || !pursuers)
    return COPS_OK;
  c->result = !in ? COPS_CHASE_ESCAPED
              : c->p[pursued].state != COPS_CHASER_IN ? COPS_CHASE_CAUGHT : COPS_CHASE_GOING;
  if (!c->result)
    return COPS_OK;
  cops_event x = {0};
  x.type = COPS_EV_CHASE_END;
  x.result = c->result;
  return ev(c, &x, -1, pursued);
}

int cops_chase_adjust(cops_chase *c, int id, int delta)
{
  if (!valid(c, id))
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  struct chaser *p = &c->p[id];
  if (p->state != COPS_CHASER_IN || c->result)
    return FAIL(c, COPS_ESTATE, "participant %d is out of the chase", id);
  const int held = p->white + p->black;
  if (delta < -held || delta > COPS_CHASE_DICE_MAX - held)
    return FAIL(c, COPS_ERANGE, "%+d dice: %d held, %d..%d after", delta, held, 0,
                COPS_CHASE_DICE_MAX);
  cops__log_mark_t mark;
  cops__log_mark(c->log, &mark);
  const int white = p->white, black = p->black;
  if (delta >= 0) {
    p->white += delta;             /* the GM adds white dice (C7.5) */
  } else {
    const int w = -delta < p->white ? -delta : p->white;   /* white first (C7.5) */
    p->white -= w;
    p->black -= -delta - w;
  }
  cops_event x = {0};
  x.type = COPS_EV_CHASE_DICE;
  x.white = p->white;
  x.black = p->black;
  x.lost = delta < 0 ? -delta : 0;
  x.total = delta;
  x.active = 1;   /* the GM's */
  int rc = ev(c, &x, -1, id);
  if (!rc && p->white + p->black == 0)
    rc = cops__chase_out(c, id, p->role == COPS_CHASE_PURSUER ? COPS_CHASER_LOST
                                                           : COPS_CHASER_STOPPED);
  if (!rc)
    rc = cops__chase_conclude(c);
  if (rc) {
    p->white = white;
    p->black = black;
    p->state = COPS_CHASER_IN;
    c->result = COPS_CHASE_GOING;
    cops__log_rewind(c->log, &mark);
  }
  return rc;
}

int cops_chase_declaration_init_sized(cops_chase_declaration *d, size_t size, int successes)
{
  if (!d || size < sizeof(uint32_t) + sizeof(int) || size > sizeof *d)
    return COPS_EINVAL;
  cops_chase_declaration full;
  memset(&full, 0, sizeof full);
  full.size = (uint32_t)size;
  full.successes = successes;
  memcpy(d, &full, size);
  return COPS_OK;
}

int cops_chase_declare(cops_chase *c, int id, const cops_chase_declaration *given)
{
  if (!valid(c, id) || !given)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (given->size < sizeof(uint32_t) + sizeof(int) || given->size > sizeof *given)
    return FAIL(c, COPS_EINVAL, "declaration size %u, expected %zu (initialise it with "
                "cops_chase_declaration_init)", given->size, sizeof *given);
  cops_chase_declaration d;
  memset(&d, 0, sizeof d);
  memcpy(&d, given, given->size);
  struct chaser *p = &c->p[id];
  if (c->result || p->state != COPS_CHASER_IN)
    return FAIL(c, COPS_ESTATE, "participant %d is out of the chase", id);
  if (d.successes < 1 || d.successes > COPS_DIFFICULTY_MAX)
    return FAIL(c, COPS_ERANGE, "declared successes %d out of range 1..%d (C7.5)",
                d.successes, COPS_DIFFICULTY_MAX);
  if (d.blacken < 0 || d.blacken > COPS_CHASE_DICE_MAX)
    return FAIL(c, COPS_ERANGE, "blacken %d out of range 0..%d", d.blacken,
                COPS_CHASE_DICE_MAX);
  if (d.flags & ~(COPS_ADRENALINE_DIE | COPS_CHASE_ANCIENNETE))
    return FAIL(c, COPS_EINVAL, "unknown declaration flags 0x%x",
                d.flags & ~(COPS_ADRENALINE_DIE | COPS_CHASE_ANCIENNETE));
  if (d.dice_mod < -COPS_MOD_MAX || d.dice_mod > COPS_MOD_MAX ||
      d.threshold_mod < -COPS_THRESHOLD_MOD_MAX || d.threshold_mod > COPS_THRESHOLD_MOD_MAX ||
      d.difficulty_mod < -COPS_MOD_MAX || d.difficulty_mod > COPS_MOD_MAX)
    return FAIL(c, COPS_ERANGE, "the GM's modifiers %d/%d/%d out of range", d.dice_mod,
                d.threshold_mod, d.difficulty_mod);
  cops_action a;
  int rc = cops__prepared_action(&a, p->ch, &p->prep, d.flags & COPS_ADRENALINE_DIE, NULL);
  if (rc)
    return rc;
  if ((d.flags & COPS_ADRENALINE_DIE) && p->ch->current[COPS_ADRENALINE] < 1)
    return FAIL(c, COPS_ERULE, "%s has no Adrénaline point left (C5)", p->ch->name);
  if ((d.flags & COPS_CHASE_ANCIENNETE) && p->ch->current[COPS_ANCIENNETE] < 1)
    return FAIL(c, COPS_ERULE, "%s has no Ancienneté point left (C5)", p->ch->name);
  p->decl = d;
  p->declared = 1;
  return COPS_OK;
}

int cops_chase_round(const cops_chase *c)
{
  return c ? c->round : COPS_EINVAL;
}

int cops_chase_result(const cops_chase *c)
{
  return c ? c->result : COPS_EINVAL;
}

int cops_chase_set_crash_mode(cops_chase *c, int mode)
{
  if (!c)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (mode != COPS_CRASH_EACH && mode != COPS_CRASH_ONE_PLUS)
    return FAIL(c, COPS_EINVAL, "crash mode %d: COPS_CRASH_EACH or COPS_CRASH_ONE_PLUS", mode);
  c->crash_mode = mode;
  return COPS_OK;
}

int cops_chase_set_crash_callback(cops_chase *c, cops_crash_fn fn, void *user)
{
  if (!c)
    return COPS_EINVAL;
  c->crash = fn;
  c->crash_user = user;
  return COPS_OK;
}

cops_log *cops_chase_log(cops_chase *c)
{
  return c ? c->log : NULL;
}

const char *cops_chase_band_name(int band, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && band >= 0 && band <= COPS_BAND_LONG ? L->band[band] : NULL;
}

/* ---- a round ------------------------------------------------------------------ */

/* What a participant's roll gave this round. */
struct rolled {
  int success, margin, failed_black, lose;
};

/* Roll for participant id: the chase dice as the pool (the wound malus and an Adrénaline
 * die change this roll only, C7.5), white dice first, then black; an Ancienneté point rolls
 * a failure again; failed black dice counted on the final roll's first wave. */
static int chase_roll(cops_chase *c, int id, struct rolled *r)
{
  struct chaser *p = &c->p[id];
  cops_action a;
  int rc = cops__prepared_action(&a, p->ch, &p->prep, p->decl.flags & COPS_ADRENALINE_DIE,
                                 NULL);
  if (rc)
    return rc;
  if ((p->decl.flags & COPS_ADRENALINE_DIE) && (rc = cops__spend_adrenaline(c->ctx, p->ch)))
    return rc;
  a.dice = p->white + p->black;
  a.dice_mod += p->decl.dice_mod;
  a.threshold_mod += p->decl.threshold_mod;
  a.difficulty = p->decl.successes;
  a.difficulty_mod += p->decl.difficulty_mod;
  if ((rc = cops_roll_action(c->roll, c->ctx, &a)))
    return rc;
  cops_event x = {0};
  x.purpose = COPS_PURPOSE_CHASE;
  if ((rc = cops__log_push(c->log, &x, who(p), id, NULL, -1, NULL, c->roll)))
    return rc;
  if (!cops_roll_succeeded(c->roll) && (p->decl.flags & COPS_CHASE_ANCIENNETE)) {
    if ((rc = cops__spend_anciennete(c->ctx, p->ch, c->roll)) ||
        (rc = cops__log_push(c->log, &x, who(p), id, NULL, -1, NULL, c->roll)))
      return rc;
  }
  r->success = cops_roll_succeeded(c->roll);
  cops_roll_margin(c->roll, &r->margin);
  /* The black dice are the last of the first wave: a malus takes a white die first, an
   * Adrénaline die is white (C7.5); a 10's re-roll never calls a crash test. */
  const int pool = cops_roll_pool_size(c->roll);
  const int black = p->black < pool ? p->black : pool;
  r->failed_black = 0;
  for (int k = pool - black; k < pool; k++) {
    int face, ok, parent;
    cops_roll_die(c->roll, k, &face, &ok, &parent);
    r->failed_black += !ok;
  }
  r->lose = 0;
  return COPS_OK;
}

/* C7.3 for one pair: the dice each of the two loses. */
static void pair_outcome(const struct chaser *a, const struct rolled *ra, const struct chaser *b,
                         const struct rolled *rb, int *lose_a, int *lose_b)
{
  *lose_a = *lose_b = 0;
  if (ra->success && rb->success) {
    if (a->decl.successes > b->decl.successes)
      *lose_b = 1;
    else if (b->decl.successes > a->decl.successes)
      *lose_a = 1;
  } else if (ra->success) {
    *lose_b = -rb->margin + 1;   /* ME + 1 */
  } else if (rb->success) {
    *lose_a = -ra->margin + 1;
  } else {
    *lose_a = *lose_b = 1;
  }
}

/* Lose k dice: white dice turned black as declared (never more than the white in hand),
 * then white dice lost, then black (C7.2, C7.5). */
static int lose(cops_chase *c, int id, int k)
{
  struct chaser *p = &c->p[id];
  if (k <= 0)
    return COPS_OK;
  int turn = p->decl.blacken < k ? p->decl.blacken : k;
  turn = turn < p->white ? turn : p->white;
  p->white -= turn;
  p->black += turn;
  int left = k - turn;
  const int w = left < p->white ? left : p->white;
  p->white -= w;
  left -= w;
  const int b = left < p->black ? left : p->black;
  p->black -= b;
  cops_event x = {0};
  x.type = COPS_EV_CHASE_DICE;
  x.white = p->white;
  x.black = p->black;
  x.lost = w + b;
  x.blackened = turn;
  x.total = -k;
  return ev(c, &x, -1, id);
}

static int crash_tests(cops_chase *c, int id, int failed)
{
  struct chaser *p = &c->p[id];
  const int n = c->crash_mode == COPS_CRASH_EACH ? failed : 1;
  int rc = cops__roll_d6_sum(c->d6, c->ctx, n < COPS_D6_MAX ? n : COPS_D6_MAX);
  if (rc)
    return rc;
  cops_event x = {0};
  x.purpose = COPS_PURPOSE_CRASH;
  if ((rc = cops__log_push(c->log, &x, who(p), id, NULL, -1, NULL, c->d6)))
    return rc;
  int d6[COPS_D6_MAX];
  const int m = cops_roll_count(c->d6);
  for (int k = 0; k < m; k++)
    cops_roll_die(c->d6, k, &d6[k], NULL, NULL);
  if (c->crash_mode == COPS_CRASH_ONE_PLUS)
    d6[0] += failed;
  memset(&x, 0, sizeof x);
  x.type = COPS_EV_CRASH;
  x.failed = failed;
  x.total = c->crash_mode == COPS_CRASH_ONE_PLUS ? d6[0] : cops_roll_total(c->d6);
  if ((rc = ev(c, &x, id, -1)))
    return rc;
  int wrecked = 0;
  if (c->crash && (rc = c->crash(c->crash_user, id, failed, d6, m, &wrecked)))
    return rc < 0 ? rc : FAIL(c, COPS_EINVAL, "the crash callback returned %d", rc);
  return wrecked ? cops__chase_out(c, id, COPS_CHASER_WRECKED) : COPS_OK;
}

static int resolve(cops_chase *c, int pursued)
{
  struct rolled r[COPS_CHASERS_MAX];
  int rc;
  cops_log_set_round(c->log, c->round + 1);
  cops_event x = {0};
  x.type = COPS_EV_ROUND;
  if ((rc = ev(c, &x, -1, -1)))
    return rc;
  for (int i = 0; i < c->n; i++)
    if (c->p[i].state == COPS_CHASER_IN && (rc = chase_roll(c, i, &r[i])))
      return rc;
  /* C7.3 pair by pair; the pursued loses the dice of its worst pair only (C7.5). */
  int worst = 0;
  for (int i = 0; i < c->n; i++) {
    if (i == pursued || c->p[i].state != COPS_CHASER_IN)
      continue;
    int lp, lq;
    pair_outcome(&c->p[pursued], &r[pursued], &c->p[i], &r[i], &lp, &lq);
    r[i].lose = lq;
    worst = lp > worst ? lp : worst;
  }
  r[pursued].lose = worst;
  for (int i = 0; i < c->n; i++)
    if (c->p[i].state == COPS_CHASER_IN && (rc = lose(c, i, r[i].lose)))
      return rc;
  /* Crash tests from the final roll (C7.2, C7.5). */
  for (int i = 0; i < c->n; i++)
    if (c->p[i].state == COPS_CHASER_IN && r[i].failed_black > 0 &&
        (rc = crash_tests(c, i, r[i].failed_black)))
      return rc;
  /* The ends (C7.4): 0 dice. */
  for (int i = 0; i < c->n; i++) {
    struct chaser *p = &c->p[i];
    if (p->state == COPS_CHASER_IN && p->white + p->black == 0 &&
        (rc = cops__chase_out(c, i, p->role == COPS_CHASE_PURSUER ? COPS_CHASER_LOST
                                                               : COPS_CHASER_STOPPED)))
      return rc;
  }
  /* The bands of those still in (C7.1), unless the chase is over. */
  const int going = c->p[pursued].state == COPS_CHASER_IN;
  for (int i = 0; going && i < c->n; i++) {
    if (i == pursued || c->p[i].state != COPS_CHASER_IN)
      continue;
    memset(&x, 0, sizeof x);
    x.type = COPS_EV_CHASE_BAND;
    x.band = band_of(&c->p[i], &c->p[pursued]);
    if ((rc = ev(c, &x, i, pursued)))
      return rc;
  }
  /* Both sides at 0 in one round: the pursued escapes (C7.5). */
  if ((rc = cops__chase_conclude(c)))
    return rc;
  for (int i = 0; i < c->n; i++)
    c->p[i].declared = 0;
  c->round++;
  return COPS_OK;
}

int cops_chase_resolve_round(cops_chase *c)
{
  if (!c)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (c->result)
    return FAIL(c, COPS_ESTATE, "the chase is over");
  const int pursued = cops__chase_pursued(c);
  int pursuers = 0;
  for (int i = 0; i < c->n; i++)
    pursuers += c->p[i].role == COPS_CHASE_PURSUER && c->p[i].state == COPS_CHASER_IN;
  if (pursued < 0 || !pursuers)
    return FAIL(c, COPS_ESTATE, "a chase needs its pursued and a pursuer");
  for (int i = 0; i < c->n; i++)
    if (c->p[i].state == COPS_CHASER_IN && !c->p[i].declared)
      return FAIL(c, COPS_ESTATE, "%s (id %d) has not declared", c->p[i].ch->name, i);
  /* All or nothing: the participants, their characters' points, the log, the dice. */
  struct cops__chase_undo u;
  cops__chase_keep(c, &u);
  int rc = resolve(c, pursued);
  if (rc)
    cops__chase_undo(c, &u);
  return rc;
}

void cops__chase_keep(cops_chase *c, struct cops__chase_undo *u)
{
  memcpy(u->p, c->p, (size_t)c->n * sizeof *u->p);
  memcpy(u->r, c->r, (size_t)c->nr * sizeof *u->r);
  for (int i = 0; i < c->n; i++)
    cops__char_save(c->p[i].ch, &u->st[i]);
  for (int k = 0; k < c->nr; k++)
    cops__char_save(c->r[k].ch, &u->st[c->n + k]);
  for (int k = 0; k < c->nowned_w; k++)
    u->loaded[k] = c->owned_w[k]->v[COPS_WEAPON_LOADED];
  u->round = c->round;
  u->result = c->result;
  u->log_round = c->log->round;
  cops__log_mark(c->log, &u->lm);
  cops__rng_mark(c->ctx, &u->rm);
}

void cops__chase_undo(cops_chase *c, const struct cops__chase_undo *u)
{
  memcpy(c->p, u->p, (size_t)c->n * sizeof *u->p);
  memcpy(c->r, u->r, (size_t)c->nr * sizeof *u->r);
  for (int i = 0; i < c->n; i++)
    cops__char_restore(c->p[i].ch, &u->st[i]);
  for (int k = 0; k < c->nr; k++)
    cops__char_restore(c->r[k].ch, &u->st[c->n + k]);
  for (int k = 0; k < c->nowned_w; k++)
    c->owned_w[k]->v[COPS_WEAPON_LOADED] = u->loaded[k];
  c->round = u->round;
  c->result = u->result;
  c->log->round = u->log_round;
  cops__log_rewind(c->log, &u->lm);
  cops__rng_rewind(c->ctx, &u->rm);
}

int cops_chase_wreck(cops_chase *c, int id)
{
  if (!valid(c, id))
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (c->result || c->p[id].state != COPS_CHASER_IN)
    return FAIL(c, COPS_ESTATE, "participant %d is out of the chase", id);
  cops__log_mark_t mark;
  cops__log_mark(c->log, &mark);
  int rc = cops__chase_out(c, id, COPS_CHASER_WRECKED);
  if (!rc)
    rc = cops__chase_conclude(c);
  if (rc) {
    c->p[id].state = COPS_CHASER_IN;
    c->result = COPS_CHASE_GOING;
    cops__log_rewind(c->log, &mark);
  }
  return rc;
}

int cops__chase_set_dice(cops_chase *c, int id, int white, int black)
{
  if (!valid(c, id) || white < 0 || black < 0 || white + black > COPS_CHASE_DICE_MAX)
    return COPS_EINVAL;
  c->p[id].white = white;
  c->p[id].black = black;
  return COPS_OK;
}


int cops_chase_set_maluses(cops_chase *c, int small, int large)
{
  if (!c)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (small < 0 || small > 10 || large < 0 || large > 10)
    return FAIL(c, COPS_ERANGE, "maluses %d and %d out of range 0..10 dice", small, large);
  c->small_malus = small;
  c->large_malus = large;
  return COPS_OK;
}

int cops_chase_shot_malus(const cops_chase *c, int pursuer, int *dice_mod)
{
  const int p = c ? cops__chase_pursued(c) : -1;
  if (!valid(c, pursuer) || !dice_mod || c->p[pursuer].role != COPS_CHASE_PURSUER || p < 0)
    return COPS_EINVAL;
  const int band = band_of(&c->p[pursuer], &c->p[p]);
  if (band == COPS_BAND_LONG)
    return cops__fail(c->ctx, COPS_ERULE, "participants %d and %d are at long distance: out "
                      "of reach (C7.1)", pursuer, p);
  const int vehicles = c->p[pursuer].vehicle[0] && c->p[p].vehicle[0];
  *dice_mod = !vehicles ? 0 : band == COPS_BAND_SHORT ? -c->small_malus : -c->large_malus;
  return COPS_OK;
}
