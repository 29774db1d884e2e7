/* D6 healing (OTHER-SYSTEMS.md D6 §6.1-§6.4, §8.5-§8.7; D6-A19, D6-A30 .. D6-A36, D6-A67;
 * D6-M17, D6-M20): natural recovery, treatment after and during a fight, in wound levels
 * (one step at a time) or hit points. */
#include <string.h>

#include "d6/d6-private.h"
#include "log/log.h"
#include "dice/roll-private.h"
#include "d6-private.h"

int cops_d6_recovery_wait(int level)
{
  static const int minutes[] = {0, 1, 3 * 1440, 3 * 1440, 14 * 1440, 35 * 1440};   /* §6.1 */
  return level >= COPS_D6_STUNNED && level <= COPS_D6_MORTALLY ? minutes[level] : COPS_EINVAL;
}

void cops__d6_moved(cops_d6_wounds *w)
{
  for (int k = 0; k < 4; k++)
    w->treated[k] = -1;
}

/* One step better or worse (`by` ±1), in levels or hit points, and what the new level
 * brings: a limb healed with a better state (D6-A67), the clock stopped out of level 5,
 * level 4 reached by healing conscious (D6-A18). */
static void move(cops_d6_wounds *w, int by)
{
  const int before = w->level;
  if (w->mode == COPS_D6_LEVELS) {
    w->step += by;
    w->step = w->step < 0 ? 0 : w->step > cops__d6_top_step(w) ? cops__d6_top_step(w) : w->step;
  } else if (by < 0) {                         /* D6-A30: the bottom of the level above */
    const int bottom = cops__d6_hp_bottom(before - 1, w->hp_max);
    w->hp_lost = w->hp_lost < bottom ? w->hp_lost : bottom;
  } else {                                     /* D6-A31 */
    const int bottom = cops__d6_hp_bottom(before + 1, w->hp_max);
    w->hp_lost = w->hp_lost > bottom ? w->hp_lost : bottom;
  }
  w->level = cops__d6_level(w);
  if (w->level < COPS_D6_MORTALLY)
    w->mortal_rounds = w->stabilised = 0;
  if (w->level == COPS_D6_INCAPACITATED && before == COPS_D6_MORTALLY)
    w->unconscious = 0;
  if (w->level < COPS_D6_STUNNED)
    w->stunned = w->stunned_rounds = 0;
  if (by < 0)
    w->limbs = 0;
  cops__d6_moved(w);
}

static int heal_event(cops_log *log, const cops_d6_character *healer, int healer_id,
                      const cops_d6_character *patient, int patient_id, int kind,
                      const cops_d6_healing *h)
{
  const int v[COPS__PAYLOAD] = {kind, h->level_before, h->level, h->hp_gained, h->success,
                                h->critical, h->rolled};
  return cops__d6_log_event(log, COPS_D6_EV_HEAL, healer, healer_id, patient, patient_id,
                            NULL, v);
}

static int front(cops_ctx *ctx, const cops_d6_character *ch, const cops_d6_rules *given,
                 cops_d6_rules *r, const cops_log *log, const cops_d6_healing *out)
{
  if (!ch)
    return cops__fail(ctx, COPS_EINVAL, "character is NULL");
  if (ch->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the character belongs to another context");
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  if (out && (out->size < sizeof(uint32_t) || out->size > sizeof *out))
    return cops__fail(ctx, COPS_EINVAL, "healing size %u, expected %zu", (unsigned)out->size,
                      sizeof *out);
  return cops__d6_rules_in(ctx, given, r);
}

static void put(cops_d6_healing *out, const cops_d6_healing *h)
{
  if (out) {
    const uint32_t size = out->size;
    memcpy(out, h, size);
    out->size = size;
  }
}

/* Roll `p` against d (no log of its own purpose beyond the roll) and apply: a success moves
 * one step better (or, with hp, regains the success level's points), a critical failure
 * one step worse. */
static int roll_and_apply(cops_ctx *ctx, const cops_d6_rules *r, cops_d6_pool *p, int d,
                          int purpose, const cops_d6_character *who, int who_id,
                          cops_d6_character *patient, int success_hp, cops_log *log,
                          cops_d6_healing *h)
{
  cops_roll *roll;
  int rc = cops__roll_new(&roll, &ctx->alloc);
  if (rc)
    return cops__fail(ctx, rc, "out of memory for a roll");
  int total = 0;
  rc = cops__d6_roll_logged(ctx, roll, p, r, d, purpose, who, who_id, log, &total);
  const int critical = !rc && total < d && roll->d6_free && roll->d6_free_face == 1;
  cops_roll_free(roll);
  if (rc)
    return rc;
  cops_d6_wounds *w = &patient->w;
  h->rolled = 1;
  h->total = total;
  h->difficulty = d;
  h->success = total >= d;
  h->critical = critical;
  if (h->success && success_hp && w->mode == COPS_D6_HIT_POINTS) {   /* §8.7, D6-A32 */
    const int gain = total - d < w->hp_lost ? total - d : w->hp_lost;
    const int before = w->level;
    w->hp_lost -= gain;
    w->level = cops__d6_level(w);
    h->hp_gained = gain;
    if (gain > 0)
      w->limbs = 0;
    if (w->level != before) {
      if (w->level < COPS_D6_MORTALLY)
        w->mortal_rounds = w->stabilised = 0;
      cops__d6_moved(w);
    }
  } else if (h->success) {
    const int lost = w->hp_lost;
    move(w, -1);
    h->hp_gained = lost - w->hp_lost;
  } else if (critical) {
    move(w, 1);
  }
  h->level = w->level;
  return COPS_OK;
}

int cops__d6_tried(const cops_d6_character *patient, int healer_id)
{
  for (int k = 0; k < 4; k++)
    if (patient->w.treated[k] == healer_id)
      return 1;
  return 0;
}

void cops__d6_attempt(cops_d6_character *patient, int healer_id)
{
  int k = 0;
  while (k < 3 && patient->w.treated[k] >= 0)
    k++;
  if (patient->w.treated[k] >= 0)
    memmove(&patient->w.treated[0], &patient->w.treated[1], 3 * sizeof(int));
  patient->w.treated[k] = healer_id;
}

int cops__d6_psionic_heal(cops_ctx *ctx, const cops_d6_rules *r, cops_d6_pool *p, int extra,
                          const cops_d6_character *healer, int healer_id,
                          cops_d6_character *patient, int patient_id, cops_log *log,
                          cops_d6_healing *h)
{
  static const int table[] = {0, 10, 15, 15, 20, 30};          /* §7.13.5 */
  memset(h, 0, sizeof *h);
  h->size = sizeof *h;
  h->level_before = patient->w.level;
  cops__d6_attempt(patient, healer_id);                         /* D6-A35 */
  int rc = roll_and_apply(ctx, r, p, table[h->level_before] + extra, COPS_D6_FOR_PSIONIC, healer,
                          healer_id, patient, 1, log, h);
  return rc ? rc : heal_event(log, healer, healer_id, patient, patient_id,
                              COPS_D6_PSIONIC_HEALING, h);
}

int cops_d6_recover(cops_d6_healing *out, cops_ctx *ctx, cops_d6_character *ch, int id, int rest,
                    const cops_d6_rules *rules, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_d6_rules r;
  int rc = front(ctx, ch, rules, &r, log, out);
  if (rc || (rc = cops__d6_range(ctx, "rest", rest, 0, 2)) ||
      (rc = cops__d6_range(ctx, "id", id, -1, 1000000)))
    return rc;
  const int level = ch->w.level;
  if (level == COPS_D6_UNHURT || level == COPS_D6_KILLED)
    return cops__fail(ctx, COPS_ERULE, "%s is %s: nothing to recover from", ch->name,
                      level ? "dead" : "unhurt");
  if (level == COPS_D6_MORTALLY && !ch->w.stabilised)
    return cops__fail(ctx, COPS_ERULE, "%s is dying: a natural recovery from level 5 needs "
                      "the patient stabilised (D6-A19)", ch->name);
  cops__d6_undo u;
  cops__d6_save(&u, ctx, log, ch, NULL);
  cops_d6_healing h;
  memset(&h, 0, sizeof h);
  h.size = sizeof h;
  h.level_before = level;
  if (level == COPS_D6_STUNNED) {              /* §6.1: after a minute, without a roll */
    const int lost = ch->w.hp_lost;
    move(&ch->w, -1);
    h.success = 1;
    h.level = ch->w.level;
    h.hp_gained = lost - ch->w.hp_lost;
  } else {
    cops_d6_pool p;
    cops_d6_pool_init(&p, ch->trait[COPS_D6_VIGUEUR]);
    cops__d6_penalty(ch, COPS_D6_VIGUEUR, &p.dice_mod, &p.points);   /* D6-A17 */
    p.dice_mod += rest == COPS_D6_WORKED ? -1 : rest == COPS_D6_LONG_REST ? 1 : 0;   /* D6-A33 */
    rc = roll_and_apply(ctx, &r, &p, level >= COPS_D6_INCAPACITATED ? 8 : 6,
                        COPS_D6_FOR_RECOVERY, ch, id, ch, 0, log, &h);
  }
  if (!rc)
    rc = heal_event(log, NULL, -1, ch, id, COPS_D6_RECOVERY, &h);
  if ((rc = cops__d6_restore(&u, ctx, rc)))
    return rc == COPS_ERNG ? cops__fail(ctx, rc, "the dice failed") : rc;
  put(out, &h);
  return COPS_OK;
}

int cops_d6_treat(cops_d6_healing *out, cops_ctx *ctx, cops_d6_character *healer, int healer_id,
                  cops_d6_character *patient, int patient_id, int kind,
                  const cops_d6_rules *rules, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_d6_rules r;
  int rc = front(ctx, patient, rules, &r, log, out);
  if (rc)
    return rc;
  if (!healer || healer->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the healer is NULL or of another context");
  if ((rc = cops__d6_range(ctx, "kind", kind, 0, 1)) ||
      (rc = cops__d6_range(ctx, "healer_id", healer_id, 0, 1000000)) ||
      (rc = cops__d6_range(ctx, "patient_id", patient_id, -1, 1000000)))
    return rc;
  const int level = patient->w.level;
  if (!cops_d6_character_can_act(healer))
    return cops__fail(ctx, COPS_ERULE, "%s cannot act (%s)", healer->name,
                      cops__d6_level_names[healer->w.level]);
  if (level == COPS_D6_UNHURT || level == COPS_D6_KILLED)
    return cops__fail(ctx, COPS_ERULE, "%s is %s: nothing to treat", patient->name,
                      level ? "dead" : "unhurt");
  if (kind == COPS_D6_IN_COMBAT &&
      (level < (r.combat_heal_level5_only ? COPS_D6_MORTALLY : COPS_D6_INCAPACITATED)))
    return cops__fail(ctx, COPS_ERULE, "%s is %s: treatment during a fight is for level %s "
                      "(§6.2, D6-A34)", patient->name, cops__d6_level_names[level],
                      r.combat_heal_level5_only ? "5" : "4 or 5");
  if (cops__d6_tried(patient, healer_id))
    return cops__fail(ctx, COPS_ERULE, "healer %d has tried on %s at this level already "
                      "(D6-A35)", healer_id, patient->name);
  cops__d6_undo u;
  cops__d6_save(&u, ctx, log, healer, patient);
  cops_d6_healing h;
  memset(&h, 0, sizeof h);
  h.size = sizeof h;
  h.level_before = level;
  /* The skill: Medicine; during a fight the better of Medicine and Knowledge (§6.2). */
  int skill = COPS_D6_MEDICINE;
  if (kind == COPS_D6_IN_COMBAT &&
      cops_d6_code_pips(cops__d6_trait(healer, COPS_D6_KNOWLEDGE)) >
          cops_d6_code_pips(cops__d6_trait(healer, COPS_D6_MEDICINE)))
    skill = COPS_D6_KNOWLEDGE;
  cops_d6_pool p;
  cops_d6_pool_init(&p, cops__d6_trait(healer, skill));
  cops__d6_penalty(healer, skill, &p.dice_mod, &p.points);        /* D6-A17 */
  if (healer == patient)
    p.dice_mod -= 1;                                              /* §6.4, D6-A36 */
  if (skill == COPS_D6_MEDICINE)
    p.points += r.medical_tech;                                   /* §6.4, D6-A36 */
  int d;
  if (kind == COPS_D6_IN_COMBAT) {                                /* D6-A34 */
    d = level == COPS_D6_MORTALLY ? patient->w.mortal_rounds / 12 : 0;
    d = d > 1 ? d : 1;
  } else {
    static const int table[] = {0, 10, 15, 15, 20, 30};         /* §6.3 */
    d = table[level];
  }
  cops__d6_attempt(patient, healer_id);   /* whatever comes of it (D6-A35) */
  if (kind == COPS_D6_IN_COMBAT) {
    cops_roll *roll;
    int total = 0;
    if ((rc = cops__roll_new(&roll, &ctx->alloc)))
      rc = cops__fail(ctx, rc, "out of memory for a roll");
    else {
      rc = cops__d6_roll_logged(ctx, roll, &p, &r, d, COPS_D6_FOR_TREATMENT, healer, healer_id,
                                log, &total);
      h.critical = !rc && total < d && roll->d6_free && roll->d6_free_face == 1;
      cops_roll_free(roll);
    }
    h.rolled = 1;
    h.total = total;
    h.difficulty = d;
    h.success = total >= d;
    if (!rc && h.success) {                     /* level 3, the clock stopped (D6-A34) */
      cops_d6_wounds *w = &patient->w;
      const int lost = w->hp_lost;
      if (w->mode == COPS_D6_LEVELS)
        w->step = COPS_D6_SEVERELY + w->extra;
      else
        w->hp_lost = cops__d6_hp_bottom(COPS_D6_SEVERELY + 1, w->hp_max) - 1;
      w->level = cops__d6_level(w);
      w->mortal_rounds = w->stabilised = w->unconscious = 0;
      w->limbs = 0;
      cops__d6_moved(w);
      h.hp_gained = lost - w->hp_lost;
    }
    h.level = patient->w.level;
  } else {
    rc = roll_and_apply(ctx, &r, &p, d, COPS_D6_FOR_TREATMENT, healer, healer_id, patient, 1,
                        log, &h);
  }
  if (!rc)
    rc = heal_event(log, healer, healer_id, patient, patient_id, kind, &h);
  if ((rc = cops__d6_restore(&u, ctx, rc)))
    return rc == COPS_ERNG ? cops__fail(ctx, rc, "the dice failed") : rc;
  put(out, &h);
  return COPS_OK;
}
