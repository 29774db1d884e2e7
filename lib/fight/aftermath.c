/* After the fight (COPS.md C8.4, C8.5, C8.8): the race against bleeding, first
 * aid, then time passing (docs/healing.md). The choice of helpers is a policy,
 * as the encounter's default declarations are: the able combatant with the best
 * odds (lib/heal/heal.c's) treats. */
#include <string.h>

#include "fight/fight.h"
#include "fight/encounter-private.h"
#include "log/log.h"

/* The able combatant with the best chance at treatment kind on patient p, or -1: the
 * fight is over, anyone able helps anyone (the winners their prisoners too).
 * Médecine is tried only by those who hold the skill. */
static int best_helper(cops_encounter *e, int p, int kind, int difficulty, double *best)
{
  int who = -1;
  *best = -1;
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present || cops__down(c->ch) ||
        (c->ch->conditions & COPS_COND_OUT))
      continue;
    if (kind == COPS_TREAT_MEDICINE && !cops_character_skill(c->ch, COPS_MEDECINE))
      continue;
    cops_treatment t;
    cops_treatment_init(&t, kind);
    t.difficulty = difficulty;
    cops_treatment_odds odds;
    odds.size = sizeof odds;
    if (cops_treat_odds(&odds, c->ch, e->c[p].ch, &t, NULL, 0) == COPS_OK &&
        odds.success > *best) {
      *best = odds.success;
      who = i;
    }
  }
  return who;
}

static int treat(cops_encounter *e, int helper, int patient, int kind, int difficulty)
{
  cops_treatment t;
  cops_treatment_init(&t, kind);
  t.difficulty = difficulty;
  t.healer_id = helper;
  t.patient_id = patient;
  return cops_treat(NULL, e->roll, e->c[helper].ch, e->c[patient].ch, &t, LOG(e));
}

/* The first combatant id of each character (a character that left and joined again is
 * treated once). */
static int first_of(const cops_encounter *e, int i)
{
  for (int j = 0; j < i; j++)
    if (e->c[j].ch == e->c[i].ch)
      return 0;
  return 1;
}

static int run(cops_encounter *e, int difficulty, int seconds)
{
  int rc;
  double p;
  /* The dying first: Premiers secours, then Médecine while still dying (C8.5). */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present || !first_of(e, i) || !cops__down(c->ch) || cops__dead(c->ch))
      continue;
    for (int kind = COPS_TREAT_STABILISE; kind <= COPS_TREAT_MEDICINE; kind++) {
      if (!cops__down(c->ch) || (c->ch->w.stabilised & (1u << kind)))
        continue;
      const int h = best_helper(e, i, kind, difficulty, &p);
      if (h >= 0 && (rc = treat(e, h, i, kind, difficulty)))
        return rc;
    }
  }
  /* Then first aid for the wounded above 0 who lost hit points lately (C8.4). */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present || !first_of(e, i) || cops__down(c->ch) || c->ch->w.aided ||
        c->ch->hp >= cops__max_hp(c->ch) || !cops__lost_recently(c->ch))
      continue;
    const int h = best_helper(e, i, COPS_TREAT_FIRST_AID, difficulty, &p);
    if (h >= 0 && (rc = treat(e, h, i, COPS_TREAT_FIRST_AID, difficulty)))
      return rc;
  }
  /* Then time passes for everyone still there (C8.2, C8.8). */
  for (int i = 0; i < e->n; i++) {
    struct combatant *c = &e->c[i];
    if (!c->present || !first_of(e, i))
      continue;
    const int room = COPS_CLOCK_MAX - c->ch->w.clock;
    if ((rc = cops_character_advance(c->ch, seconds < room ? seconds : room, LOG(e), i)))
      return rc;
  }
  return COPS_OK;
}

int cops_encounter_aftermath(cops_encounter *e, int difficulty, int seconds)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (!e->over)
    return FAIL(e, COPS_ESTATE, "the fight is not over: the aftermath comes after it");
  if (e->aftermath)
    return FAIL(e, COPS_ESTATE, "the aftermath was played already: one per fight (C8.4)");
  if (difficulty < 1 || difficulty > 3)
    return FAIL(e, COPS_ERANGE, "difficulty %d out of range 1..3 (kit, makeshift gear, bare "
                "hands: C8.4)", difficulty);
  if (seconds < 0 || seconds > COPS_CLOCK_MAX)
    return FAIL(e, COPS_ERANGE, "%d seconds out of range 0..%d", seconds, COPS_CLOCK_MAX);
  /* All or nothing: every character whole (time may fill their ledgers), the log's end,
   * the random source's place. */
  struct whole {
    struct cops__wounds w;
    int hp, current[2];
    struct cops__ledger_entry ledger[COPS__LEDGER];
  } *keep = cops__malloc(&e->ctx->alloc, (size_t)(e->n ? e->n : 1) * sizeof *keep);
  if (!keep)
    return FAIL(e, COPS_ENOMEM, "out of memory for the aftermath");
  for (int i = 0; i < e->n; i++) {
    const cops_character *ch = e->c[i].ch;
    keep[i].w = ch->w;
    keep[i].hp = ch->hp;
    memcpy(keep[i].current, ch->current, sizeof keep[i].current);
    memcpy(keep[i].ledger, ch->ledger, sizeof keep[i].ledger);
  }
  cops__log_mark_t lm;
  cops__rng_mark_t rm;
  cops__log_mark(LOG(e), &lm);
  cops__rng_mark(e->ctx, &rm);
  const int round = e->round;
  e->log->round = 0;   /* after the rounds: no round */
  int rc = run(e, difficulty, seconds);
  e->log->round = round;
  if (rc) {
    for (int i = e->n - 1; i >= 0; i--) {   /* the first entry of a character wins */
      cops_character *ch = e->c[i].ch;
      ch->w = keep[i].w;
      ch->hp = keep[i].hp;
      memcpy(ch->current, keep[i].current, sizeof keep[i].current);
      memcpy(ch->ledger, keep[i].ledger, sizeof keep[i].ledger);
    }
    cops__log_rewind(LOG(e), &lm);
    cops__rng_rewind(e->ctx, &rm);
  } else {
    e->aftermath = 1;
  }
  cops__free(&e->ctx->alloc, keep);
  return rc;
}

int cops_encounter_aftermath_done(const cops_encounter *e)
{
  return e ? e->aftermath : COPS_EINVAL;
}
