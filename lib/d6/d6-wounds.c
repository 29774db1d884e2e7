/* D6 damage and the wound track (OTHER-SYSTEMS.md D6 §5.6-§5.11, §5.19, §8.3, §8.4; D6-A16 ..
 * D6-A20, D6-A26, D6-A27, D6-A29, D6-A63, D6-A65; D6-M15, D6-M20, D6-M21): a damage total
 * against a resistance roll, the margin through the wound-margin table or onto hit points,
 * what entering a level does, harm outside combat, and a character's end of round. */
#include <string.h>

#include "d6/d6-private.h"
#include "log/log.h"
#include "dice/roll-private.h"
#include "d6-private.h"

/* ---- events and all or nothing -------------------------------------------------------- */

void cops__d6_save(cops__d6_undo *u, cops_ctx *ctx, cops_log *log, cops_d6_character *a,
                   cops_d6_character *b)
{
  u->n = 0;
  cops_d6_character *who[2] = {a, b};
  for (int k = 0; k < 2; k++)
    if (who[k] && (k == 0 || who[k] != who[0])) {
      u->who[u->n] = who[k];
      u->copy[u->n++] = *who[k];
    }
  u->log = log;
  cops__log_mark(log, &u->log_mark);
  cops__rng_mark(ctx, &u->rng_mark);
}

int cops__d6_procedure(cops_ctx *ctx, cops_log *log, cops_d6_character *a, cops_d6_character *b,
                       cops__d6_body body, void *arg)
{
  cops_roll *roll;
  int rc = cops__roll_new(&roll, &ctx->alloc);
  if (rc)
    return cops__fail(ctx, rc, "out of memory for a roll");
  cops__d6_undo u;
  cops__d6_save(&u, ctx, log, a, b);
  rc = body(ctx, roll, log, arg);
  cops_roll_free(roll);
  if ((rc = cops__d6_restore(&u, ctx, rc)))
    return rc == COPS_ERNG ? cops__fail(ctx, rc, "the dice failed") : rc;
  return COPS_OK;
}

void cops__d6_copy_out(void *out, const void *full)
{
  if (!out)
    return;
  uint32_t size;
  memcpy(&size, out, sizeof size);
  memcpy(out, full, size);
  memcpy(out, &size, sizeof size);
}

int cops__d6_magic_user_ok(cops_ctx *ctx, const cops_d6_character *ch, int cp, int fp)
{
  if (!cops_d6_character_can_act(ch) || ch->w.confused)
    return cops__fail(ctx, COPS_ERULE, "%s cannot act%s", ch->name,
                      ch->w.confused ? ": confused (§7.7)" : "");
  if (ch->w.defend_only)
    return cops__fail(ctx, COPS_ERULE, "%s can only defend this round (massive damage, §5.10)",
                      ch->name);
  if (cp > ch->cp || fp > ch->fp)
    return cops__fail(ctx, COPS_ERULE, "%s has %d Character and %d Fate Points", ch->name, ch->cp,
                      ch->fp);
  return COPS_OK;
}

int cops__d6_restore(const cops__d6_undo *u, cops_ctx *ctx, int rc)
{
  if (!rc)
    return COPS_OK;
  for (int k = 0; k < u->n; k++)
    *u->who[k] = u->copy[k];
  cops__log_rewind(u->log, &u->log_mark);
  cops__rng_rewind(ctx, &u->rng_mark);
  return rc;
}

int cops__d6_log_named(cops_log *log, int type, const char *actor, int actor_id,
                       const char *target, int target_id, const char *weapon, const int *v)
{
  if (!log)
    return COPS_OK;
  const int a = actor ? cops__log_name(log, actor) : -1;
  const int t = target ? cops__log_name(log, target) : -1;
  if (a == -2 || t == -2)
    return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
  return cops__log_push_module(log, type, a, actor_id, t, target_id, weapon, v, NULL);
}

int cops__d6_log_event(cops_log *log, int type, const cops_d6_character *actor, int actor_id,
                       const cops_d6_character *target, int target_id, const char *weapon,
                       const int *v)
{
  return cops__d6_log_named(log, type, actor ? actor->name : NULL, actor_id,
                            target ? target->name : NULL, target_id, weapon, v);
}

int cops__d6_roll_logged(cops_ctx *ctx, cops_roll *roll, const cops_d6_pool *p,
                         const cops_d6_rules *r, int difficulty, int purpose,
                         const cops_d6_character *who, int id, cops_log *log, int *total)
{
  return cops__d6_roll_named(ctx, roll, p, r, difficulty, purpose, who ? who->name : NULL, id,
                             log, total);
}

int cops__d6_roll_named(cops_ctx *ctx, cops_roll *roll, const cops_d6_pool *p,
                        const cops_d6_rules *r, int difficulty, int purpose, const char *who,
                        int id, cops_log *log, int *total)
{
  cops_d6_pool q = *p;
  q.difficulty = COPS_D6_NO_DIFFICULTY;
  int rc = cops_d6_roll(roll, ctx, &q, r);
  if (rc)
    return rc;
  *total = roll->total;
  const int has = difficulty != COPS__D6_NONE;
  const int success = has ? roll->total >= difficulty : -1;
  if (!log)
    return COPS_OK;
  const int v[COPS__PAYLOAD] = {
    purpose, 3 * p->code.dice + p->code.pips, roll->d6_dice,
    has ? difficulty : COPS_D6_NO_DIFFICULTY, roll->total, roll->d6_free ? roll->d6_free_face : 0,
    success, success == 0 && roll->d6_free && roll->d6_free_face == 1, has};
  const int name = who ? cops__log_name(log, who) : -1;
  if (name == -2)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for an event");
  return cops__log_push_module(log, COPS_D6_EV_ROLL, name, who ? id : -1, -1, -1, NULL, v, roll);
}

static int state_event(cops_log *log, const cops_d6_character *ch, int id, int state, int value)
{
  const int v[COPS__PAYLOAD] = {state, value};
  return cops__d6_log_event(log, COPS_D6_EV_STATE, NULL, -1, ch, id, NULL, v);
}

/* ---- the wound-margin table (§5.6) and what a level brings (§5.7) --------------------- */

/* Steps of the table for a margin; 6 for "killed outright". */
static int table_steps(int margin)
{
  return margin <= 0 ? 0 : margin <= 3 ? 1 : margin <= 8 ? 2 : margin <= 12 ? 3
         : margin <= 15 ? 4 : 6;
}

/* The better of Résistance and Volonté (D6-A18; a tie: Résistance). */
static int check_trait(const cops_d6_character *ch)
{
  return cops_d6_code_pips(cops__d6_trait(ch, COPS_D6_WILLPOWER)) >
                 cops_d6_code_pips(cops__d6_trait(ch, COPS_D6_RESISTANCE))
             ? COPS_D6_WILLPOWER : COPS_D6_RESISTANCE;
}

double cops__d6_check_fails(cops_ctx *ctx, const cops_d6_rules *r, const cops_d6_character *ch)
{
  cops_d6_pool p;
  cops_d6_pool_init(&p, cops__d6_trait(ch, check_trait(ch)));
  double pass = 0;
  if (cops_d6_odds_total(ctx, &p, r, 15, &pass, NULL))
    ctx->errmsg[0] = '\0';
  return 1 - pass;
}

void cops__d6_wound_apply(cops_d6_wounds *w, int margin, int stun, int *steps_out, int *lost_out)
{
  const int before = w->level;
  int steps = 0, lost = 0;
  if (w->mode == COPS_D6_LEVELS) {
    int t = table_steps(margin);
    int kill = t == 6;
    if (stun) {                                     /* §5.9, D6-A20 */
      t = t > 2 ? t - 2 : 0;
      kill = 0;
    }
    const int top = cops__d6_top_step(w);
    const int step = kill ? top : w->step + t < top ? w->step + t : top;   /* D6-A65 */
    steps = step - w->step;
    w->step = step;
  } else {
    lost = margin > 0 ? margin : 0;                 /* §8.3 */
    int after = w->hp_lost + lost < w->hp_max ? w->hp_lost + lost : w->hp_max;
    if (stun) {                                     /* D6-A20 in hit points (D6-L3) */
      const int rise = cops_d6_hp_level(after, w->hp_max) - before;
      if (rise > 0) {
        const int allowed = before + (rise > 2 ? rise - 2 : 0);
        const int cap = cops__d6_hp_bottom(allowed + 1, w->hp_max) - 1;
        after = after < cap ? after : cap > w->hp_lost ? cap : w->hp_lost;
      }
    }
    lost = after - w->hp_lost;
    w->hp_lost = after;
  }
  w->level = cops__d6_level(w);
  *steps_out = steps;
  *lost_out = lost;
}

int cops__d6_wound(cops_ctx *ctx, const cops_d6_rules *r, cops_roll *roll, cops_d6_character *v,
                   int id, int damage_total, const cops_d6_pool *resistance, int stun,
                   cops_log *log, cops_d6_outcome *o)
{
  int res, rc = cops__d6_roll_logged(ctx, roll, resistance, r, COPS__D6_NONE,
                                     COPS_D6_FOR_RESISTANCE, v, id, log, &res);
  if (rc)
    return rc;
  if (!r->negative_resistance && res < 0)
    res = 0;                                        /* D6-A16: option B off */
  const int margin = damage_total - res;
  cops_d6_wounds *w = &v->w;
  const int before = w->level;
  int steps, lost;
  cops__d6_wound_apply(w, margin, stun, &steps, &lost);
  const int level = w->level;
  if (steps > 0 || level != before)
    cops__d6_moved(w);                              /* D6-A35: a new level, new attempts */
  o->resistance_total = res;
  o->margin = margin;
  o->steps = steps;
  o->hp_lost = lost;
  o->wound_level = level;
  o->massive = level < COPS_D6_KILLED &&
               (w->mode == COPS_D6_LEVELS ? steps >= 2 : level - before >= 2);   /* D6-A63 */
  o->unconscious = stun && margin > 0 ? margin : 0;
  const int vals[COPS__PAYLOAD] = {damage_total, res, margin, steps, lost, level,
                                   o->unconscious, o->massive};
  if ((rc = cops__d6_log_event(log, COPS_D6_EV_DAMAGE, NULL, -1, v, id, NULL, vals)))
    return rc;
  if (level == COPS_D6_STUNNED && before == COPS_D6_UNHURT) {
    w->stunned = 1;                                 /* D6-A17 */
    w->stunned_rounds = 0;
  }
  if (o->massive) {                                 /* §5.10: this round and the next */
    w->defend_only = 2;
    if ((rc = state_event(log, v, id, COPS_D6_DEFEND_ONLY, 2)))
      return rc;
  }
  if (o->unconscious) {                             /* §5.9: the margin in minutes */
    const int rounds = 12 * o->unconscious;
    w->unconscious = w->unconscious > rounds ? w->unconscious : rounds;
    if (level < COPS_D6_KILLED && (rc = state_event(log, v, id, COPS_D6_KNOCKED_OUT, o->unconscious)))
      return rc;
  }
  if (level == COPS_D6_INCAPACITATED && before < COPS_D6_INCAPACITATED) {   /* D6-A18 */
    cops_d6_pool p;
    cops_d6_pool_init(&p, cops__d6_trait(v, check_trait(v)));
    int total;
    if ((rc = cops__d6_roll_logged(ctx, roll, &p, r, 15, COPS_D6_FOR_CHECK, v, id, log, &total)))
      return rc;
    o->check = total >= 15;
    if (!o->check) {
      cops_d6_pool_init(&p, ((cops_d6_code){10, 0}));
      int minutes;
      if ((rc = cops__d6_roll_logged(ctx, roll, &p, r, COPS__D6_NONE, COPS_D6_FOR_KNOCKOUT, v, id,
                                     log, &minutes)))
        return rc;
      minutes = minutes > 1 ? minutes : 1;
      o->unconscious = o->unconscious > minutes ? o->unconscious : minutes;
      w->unconscious = w->unconscious > 12 * minutes ? w->unconscious : 12 * minutes;
      if ((rc = state_event(log, v, id, COPS_D6_KNOCKED_OUT, minutes)))
        return rc;
    }
  }
  if (level == COPS_D6_MORTALLY && before < COPS_D6_MORTALLY) {   /* D6-A19 */
    w->mortal_rounds = 0;
    w->stabilised = 0;
    if ((rc = state_event(log, v, id, COPS_D6_DYING, 0)))
      return rc;
  }
  if (level == COPS_D6_KILLED && before < COPS_D6_KILLED && (rc = state_event(log, v, id, COPS_D6_DIES, 0)))
    return rc;
  return COPS_OK;
}

/* ---- harm outside combat (§5.19) ------------------------------------------------------- */

static const char *const hazard_names[COPS_D6_HAZARD_COUNT] = {
  "botulism", "poison", "cold_or_heat", "extreme_cold_or_heat", "socket", "high_voltage", "fall",
  "acid", "radiation", "fire"};

const char *cops_d6_hazard_name(int hazard)
{
  return hazard >= 0 && hazard < COPS_D6_HAZARD_COUNT ? hazard_names[hazard] : NULL;
}

int cops_d6_hazard_code(int hazard, int amount, const cops_d6_rules *rules, cops_d6_code *out)
{
  if (!out || hazard < 0 || hazard >= COPS_D6_HAZARD_COUNT)
    return COPS_EINVAL;
  cops_d6_rules r;
  cops__d6_rules_default(&r);
  if (rules) {
    if (rules->size < COPS__D6_RULES_SIZE_0_16 || rules->size > sizeof r)
      return COPS_EINVAL;
    memcpy(&r, rules, rules->size);
  }
  static const signed char dice[COPS_D6_HAZARD_COUNT] = {4, 0, 1, 2, 1, 9, 0, 2, 3, 1};
  cops_d6_code c = {dice[hazard], hazard == COPS_D6_ACID ? 1 : 0};
  if (hazard == COPS_D6_POISON) {                   /* D6-A27: the poison's own code */
    if (amount < 6 || amount > 9)
      return COPS_ERANGE;
    c.dice = amount;
  } else if (hazard == COPS_D6_FALL) {              /* D6-A26, in centimetres */
    if (amount < 0 || amount > 100000)
      return COPS_ERANGE;
    c.dice = amount <= 300 ? 0 : r.fall_full_height ? amount / 150 : (amount - 300) / 150;
    if (c.dice > COPS_D6_DICE_MAX)
      c.dice = COPS_D6_DICE_MAX;
  }
  *out = c;
  return COPS_OK;
}

/* The front of a procedure on one character: context, character, rules, log. */
static int front(cops_ctx *ctx, const cops_d6_character *ch, const cops_d6_rules *given,
                 cops_d6_rules *r, const cops_log *log)
{
  if (!ch)
    return cops__fail(ctx, COPS_EINVAL, "character is NULL");
  if (ch->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the character belongs to another context");
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  return cops__d6_rules_in(ctx, given, r);
}

int cops__d6_harm_run(cops_ctx *ctx, const cops_d6_rules *r, cops_roll *roll,
                      cops_d6_character *ch, int id, cops_d6_code damage, int stun, cops_log *log,
                      cops_d6_outcome *o)
{
  cops_d6_pool dp, rp;
  cops_d6_pool_init(&dp, damage);
  int total;
  cops_d6_pool_init(&rp, ch->trait[COPS_D6_VIGUEUR]);   /* D6-L4: Vigueur alone */
  cops__d6_penalty(ch, COPS_D6_VIGUEUR, &rp.dice_mod, &rp.points);   /* D6-A17 */
  int rc = cops__d6_roll_logged(ctx, roll, &dp, r, COPS__D6_NONE, COPS_D6_FOR_DAMAGE, NULL, -1,
                                log, &total);
  if (rc)
    return rc;
  o->damage_total = total;
  return cops__d6_wound(ctx, r, roll, ch, id, total, &rp, stun, log, o);
}

int cops__d6_kill(cops_d6_character *ch, int id, cops_log *log)
{
  cops_d6_wounds *w = &ch->w;
  if (w->level == COPS_D6_KILLED)
    return COPS_OK;
  if (w->mode == COPS_D6_LEVELS)
    w->step = cops__d6_top_step(w);
  else
    w->hp_lost = w->hp_max;
  w->level = COPS_D6_KILLED;
  cops__d6_moved(w);
  return state_event(log, ch, id, COPS_D6_DIES, 0);
}

int cops_d6_harm(cops_d6_outcome *out, cops_ctx *ctx, cops_d6_character *ch, int id,
                 cops_d6_code damage, int stun, const cops_d6_rules *rules, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_d6_rules r;
  int rc = front(ctx, ch, rules, &r, log);
  if (rc)
    return rc;
  if (out && (out->size < COPS__D6_OUTCOME_SIZE_0_16 || out->size > sizeof *out))
    return cops__fail(ctx, COPS_EINVAL, "outcome size %u, expected %zu", (unsigned)out->size,
                      sizeof *out);
  if (!cops__d6_code_ok(damage))
    return cops__fail(ctx, COPS_ERANGE, "damage %dD+%d: dice 0..%d, pips 0..2", damage.dice,
                      damage.pips, COPS_D6_DICE_MAX);
  if ((rc = cops__d6_range(ctx, "stun", stun, 0, 1)) || (rc = cops__d6_range(ctx, "id", id, -1, 1000000)))
    return rc;
  if (ch->w.level == COPS_D6_KILLED)
    return cops__fail(ctx, COPS_ERULE, "%s is dead", ch->name);
  cops_roll *roll;
  if ((rc = cops__roll_new(&roll, &ctx->alloc)))
    return cops__fail(ctx, rc, "out of memory for a roll");
  cops__d6_undo u;
  cops__d6_save(&u, ctx, log, ch, NULL);
  cops_d6_outcome o;
  memset(&o, 0, sizeof o);
  o.size = sizeof o;
  o.band = COPS_D6_NO_BAND;
  o.check = -1;
  o.victim = COPS_D6_TARGET_HIT;
  rc = cops__d6_harm_run(ctx, &r, roll, ch, id, damage, stun, log, &o);
  cops_roll_free(roll);
  if ((rc = cops__d6_restore(&u, ctx, rc)))
    return rc == COPS_ERNG ? cops__fail(ctx, rc, "the dice failed") : rc;
  if (out) {
    const uint32_t size = out->size;
    memcpy(out, &o, size);
    out->size = size;
  }
  return COPS_OK;
}

/* ---- the end of a round (D6-M21) -------------------------------------------------------- */

int cops_d6_character_end_round(cops_d6_character *ch, cops_ctx *ctx, int id,
                                const cops_d6_rules *rules, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_d6_rules r;
  int rc = front(ctx, ch, rules, &r, log);
  if (rc || (rc = cops__d6_range(ctx, "id", id, -1, 1000000)))
    return rc;
  cops__d6_undo u;
  cops__d6_save(&u, ctx, log, ch, NULL);
  cops_d6_wounds *w = &ch->w;
  w->stunned = 0;                                   /* D6-A17: to the end of the round */
  if (w->level == COPS_D6_STUNNED) {
    if (++w->stunned_rounds >= 12) {                /* §6.1: a minute, then it clears */
      w->stunned_rounds = 0;
      if (w->mode == COPS_D6_LEVELS)
        w->step = 0;
      else
        w->hp_lost = 0;
      w->level = cops__d6_level(w);
      cops__d6_moved(w);
      rc = state_event(log, ch, id, COPS_D6_STUN_ENDS, 12);
    }
  } else {
    w->stunned_rounds = 0;
  }
  if (!rc && w->defend_only > 0)
    w->defend_only--;
  if (!rc && w->confused > 0)
    w->confused--;
  if (!rc && w->protection_rounds > 0 && --w->protection_rounds == 0)
    w->protection = 0;                              /* §7.13.7: for the power's duration */
  if (!rc && w->unconscious > 0 && --w->unconscious == 0 && w->level < COPS_D6_MORTALLY)
    rc = state_event(log, ch, id, COPS_D6_WAKES, 0);
  if (!rc && w->level == COPS_D6_MORTALLY && !w->stabilised) {
    if (w->mortal_rounds >= 1) {                    /* D6-A19: from the round after */
      const int minutes = w->mortal_rounds / 12;
      cops_d6_pool p;
      cops_d6_pool_init(&p, ch->trait[COPS_D6_VIGUEUR]);   /* at full dice (D6-A17) */
      cops_roll *roll;
      int total = 0;
      if ((rc = cops__roll_new(&roll, &ctx->alloc)))
        rc = cops__fail(ctx, rc, "out of memory for a roll");
      else {
        rc = cops__d6_roll_logged(ctx, roll, &p, &r, minutes, COPS_D6_FOR_SURVIVAL, ch, id, log,
                                  &total);
        cops_roll_free(roll);
      }
      if (!rc && total < minutes) {
        if (w->mode == COPS_D6_LEVELS)
          w->step = cops__d6_top_step(w);
        else
          w->hp_lost = w->hp_max;
        w->level = COPS_D6_KILLED;
        cops__d6_moved(w);
        rc = state_event(log, ch, id, COPS_D6_DIES, 0);
      }
    }
    if (!rc && w->level == COPS_D6_MORTALLY)
      w->mortal_rounds++;
  }
  if ((rc = cops__d6_restore(&u, ctx, rc)))
    return rc == COPS_ERNG ? cops__fail(ctx, rc, "the dice failed") : rc;
  return COPS_OK;
}
