/* Wounds over time (COPS.md C8.2, C8.5, C8.6, C8.8): the character's clock,
 * the ledger of the last ten minutes, bleeding and rest as time passes.
 * docs/healing.md tells the rules of time; lib/heal/heal.c holds the treatments. */
#include <string.h>

#include "sheet/sheet.h"

#define ROUND COPS_ROUND_SECONDS

/* ---- the ledger ------------------------------------------------------------ */

static struct cops__ledger_entry *entry(cops_character *ch, int k)
{
  return &ch->ledger[cops__ledger_index(ch, k)];
}

/* x += n, saturating at COPS__LEDGER_MAX. */
static void add_to(int *x, int n)
{
  *x = *x > COPS__LEDGER_MAX - n ? COPS__LEDGER_MAX : *x + n;
}

/* Forget what is more than ten minutes old (C8.8). */
static void prune(cops_character *ch)
{
  while (ch->w.ln && entry(ch, 0)->t < ch->w.clock - COPS__WINDOW) {
    ch->w.lhead = ch->w.lhead + 1 < COPS__LEDGER ? ch->w.lhead + 1 : 0;
    ch->w.ln--;
  }
}

/* The entry of the clock's second, made when needed. */
static struct cops__ledger_entry *now_entry(cops_character *ch)
{
  prune(ch);
  if (ch->w.ln && cops__ledger_last(ch)->t == ch->w.clock)
    return cops__ledger_last(ch);
  /* At most 601 seconds are at most ten minutes old: there is room. */
  struct cops__ledger_entry *x = entry(ch, ch->w.ln++);
  x->t = ch->w.clock;
  x->lost = x->healed = 0;
  return x;
}

int cops__lost_recently(const cops_character *ch)
{
  long sum = 0;
  for (int k = 0; k < ch->w.ln; k++) {
    const struct cops__ledger_entry *x = &ch->ledger[cops__ledger_index(ch, k)];
    if (x->t >= ch->w.clock - COPS__WINDOW)
      sum += (long)x->lost - x->healed;
  }
  return sum > 0 ? (int)sum : 0;
}

/* ---- hit points and the wound's state ------------------------------------- */

/* A new wound: bleeding 1 a round, the first loss at the end of the round after
 * the fall (the clock's second starts a round), new stabilisations allowed (C8.8). */
static void new_wound(cops_character *ch)
{
  const int max = cops__max_hp(ch);
  ch->w.stabilised = 0;
  if (ch->hp <= -max || ch->w.rest == COPS_REST_HOSPITAL) {
    /* Clinically dead: bleeding stops (C8.2); in hospital its care stops it
     * (docs/rulings.md). */
    ch->w.bleed_period = ch->w.bleed_next = 0;
    return;
  }
  ch->w.bleed_period = 1;
  ch->w.bleed_next = ch->w.clock + 2 * ROUND;
}

static void wound_closes(cops_character *ch)
{
  ch->w.bleed_period = ch->w.bleed_next = 0;
  ch->w.stabilised = 0;
}

int cops__wound_loss(cops_character *ch, int amount)
{
  const int max = cops__max_hp(ch);
  const int after = ch->hp - amount < -max ? -max : ch->hp - amount;
  const int lost = ch->hp - after;
  if (lost <= 0)
    return 0;
  ch->hp = after;
  add_to(&now_entry(ch)->lost, lost);
  ch->w.aided = 0;
  if (after <= 0)
    new_wound(ch);   /* a fall, or new damage on the dying (C8.5 RULING, C8.8) */
  return lost;
}

int cops__wound_gain(cops_character *ch, int amount)
{
  const int max = cops__max_hp(ch);
  const int after = ch->hp + amount > max ? max : ch->hp + amount;
  const int gained = after - ch->hp;
  if (gained <= 0)
    return 0;
  ch->hp = after;
  add_to(&now_entry(ch)->healed, gained);
  if (after > 0)
    wound_closes(ch);
  return gained;
}

void cops__wound_settle(cops_character *ch)
{
  const int max = cops__max_hp(ch);
  if (ch->hp > -max)
    ch->w.final = 0;   /* only a clinical death is final */
  if (ch->hp > 0)
    wound_closes(ch);
  else if (ch->hp <= -max)
    new_wound(ch);     /* clinically dead: no bleeding */
  else if (!ch->w.bleed_period && ch->w.rest != COPS_REST_HOSPITAL)
    new_wound(ch);     /* dying again (back from -max): bleeding */
}

void cops__wound_set(cops_character *ch, int hp)
{
  const int before = ch->hp;
  ch->hp = hp;
  if (before > 0 && hp <= 0)
    new_wound(ch);     /* a fall */
  else
    cops__wound_settle(ch);
}

/* ---- time passes ------------------------------------------------------------ */

static int push(cops_log *log, cops_event *x, const cops_character *ch, int id,
                const cops_roll *roll)
{
  return cops__log_push(log, x, NULL, -1, cops__ev_name(ch), id, NULL, roll);
}

int cops__hp_event(cops_log *log, const cops_character *ch, const char *actor, int actor_id,
                   int id, int cause, int before, int health_before)
{
  if (!log)
    return COPS_OK;
  cops_event x = {0};
  x.type = COPS_EV_HIT_POINTS;
  x.cause = cause;
  x.clock = ch->w.clock;
  x.hp_before = before;
  x.hp_after = ch->hp;
  x.damage = before > ch->hp ? before - ch->hp : 0;
  x.healed = ch->hp > before ? ch->hp - before : 0;
  x.health_before = health_before;
  x.health_after = cops__health(ch);
  return cops__log_push(log, &x, actor, actor_id, cops__ev_name(ch), id, NULL, NULL);
}

static int death_event(cops_log *log, const cops_character *ch, int id)
{
  if (!log)
    return COPS_OK;
  cops_event x = {0};
  x.type = COPS_EV_DEATH;
  x.id = id;
  x.final = ch->w.final;
  x.clock = ch->w.clock;
  return cops__log_push(log, &x, cops__ev_name(ch), id, NULL, -1, NULL, NULL);
}

/* The next second rest heals at, or -1 when it cannot heal (full, or natural
 * rest at 0 hit points or fewer, C8.6, C8.8). */
static int rest_due(const cops_character *ch)
{
  const int period = ch->w.rest == COPS_REST_HOSPITAL ? COPS_DAY_SECONDS
                     : ch->w.rest == COPS_REST_NATURAL ? 2 * COPS_DAY_SECONDS
                                                       : 0;
  if (!period || ch->hp >= cops__max_hp(ch) || cops__dead(ch) ||
      (ch->w.rest == COPS_REST_NATURAL && ch->hp <= 0))
    return -1;
  /* The first full period after the clock's second. */
  const long done = ((long)ch->w.clock - ch->w.rest_since) / period;
  const long due = (long)ch->w.rest_since + (done + 1) * period;
  return due > COPS_CLOCK_MAX ? -1 : (int)due;
}

static int rest_gain(cops_character *ch, cops_log *log, int id, cops_roll *roll)
{
  int gain = 1, rc;
  const int cause = ch->w.rest == COPS_REST_HOSPITAL ? COPS_CAUSE_HOSPITAL : COPS_CAUSE_REST;
  if (ch->w.rest == COPS_REST_HOSPITAL) {
    gain = ch->w.rest_value;
    if (!gain) {   /* 2d6 a day (C8.6 RULING) */
      if ((rc = cops__roll_d6_sum(roll, ch->ctx, 2)))
        return rc;
      gain = cops_roll_total(roll);
      if (log) {
        cops_event x = {0};
        x.type = COPS_EV_ROLL;
        x.purpose = COPS_PURPOSE_HOSPITAL;
        if ((rc = push(log, &x, ch, id, roll)))
          return rc;
      }
    }
  }
  const int before = ch->hp, health = cops__health(ch);
  cops__wound_gain(ch, gain);
  return cops__hp_event(log, ch, NULL, -1, id, cause, before, health);
}

static int bleed(cops_character *ch, cops_log *log, int id)
{
  const int before = ch->hp, health = cops__health(ch);
  const int max = cops__max_hp(ch);
  ch->hp--;
  add_to(&now_entry(ch)->lost, 1);
  int rc = cops__hp_event(log, ch, NULL, -1, id, COPS_CAUSE_BLEEDING, before, health);
  if (rc)
    return rc;
  if (ch->hp <= -max) {
    ch->w.bleed_period = ch->w.bleed_next = 0;   /* clinically dead (C8.2 RULING) */
    return death_event(log, ch, id);
  }
  ch->w.bleed_next += ch->w.bleed_period * ROUND;
  return COPS_OK;
}

int cops__advance(cops_character *ch, int seconds, cops_log *log, int id, cops_roll *roll)
{
  const int end = ch->w.clock + seconds;
  int rc;
  if (COPS_LIKELY(!ch->w.bleed_period && !ch->w.rest)) {   /* nothing happens: the clock moves */
    ch->w.clock = end;
    if (ch->w.ln)
      prune(ch);
    return COPS_OK;
  }
  for (;;) {
    /* The next thing that happens: a loss, or a gain of rest; a loss first at
     * the same second. */
    const int b = ch->w.bleed_period && ch->w.rest != COPS_REST_HOSPITAL ? ch->w.bleed_next : -1;
    const int r = rest_due(ch);
    int t = b;
    if (r >= 0 && (t < 0 || r < t))
      t = r;
    if (t < 0 || t > end)
      break;
    ch->w.clock = t > ch->w.clock ? t : ch->w.clock;
    if (t == b)
      rc = bleed(ch, log, id);
    else
      rc = rest_gain(ch, log, id, roll);
    if (rc)
      return rc;
  }
  ch->w.clock = end;
  prune(ch);
  return COPS_OK;
}
