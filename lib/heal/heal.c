/* Healing (COPS.md C8.4-C8.8) and nights (C5): the public procedures of
 * <cops/heal.h> on the wounds of lib/sheet/wounds.c, each all or nothing. */
#include <limits.h>
#include <string.h>

#include "heal/heal.h"
#include "attack/attack-private.h"
#include "lang/lang.h"

#define CFAIL(ch, code, ...) cops__fail((ch)->ctx, (code), __VA_ARGS__)

static const char *who(const cops_character *ch)
{
  return ch->name[0] ? ch->name : "the character";
}

/* ---- all or nothing ----------------------------------------------------------- */

/* Everything time may change on one character: its wounds, hit points and
 * points, with the whole ledger (time passing may add many entries), the
 * log's end and the random source's place. */
struct snapshot {
  cops_character *ch;
  struct cops__wounds w;
  int hp, current[2];
  struct cops__ledger_entry ledger[COPS__LEDGER];
  cops_log *log;
  cops__log_mark_t lm;
  cops__rng_mark_t rm;
};

static void snap(struct snapshot *s, cops_character *ch, cops_log *log)
{
  s->ch = ch;
  s->w = ch->w;
  s->hp = ch->hp;
  s->current[0] = ch->current[0];
  s->current[1] = ch->current[1];
  memcpy(s->ledger, ch->ledger, sizeof s->ledger);
  s->log = log;
  cops__log_mark(log, &s->lm);
  cops__rng_mark(ch->ctx, &s->rm);
}

static int unsnap(const struct snapshot *s, int rc)
{
  cops_character *ch = s->ch;
  ch->w = s->w;
  ch->hp = s->hp;
  ch->current[0] = s->current[0];
  ch->current[1] = s->current[1];
  memcpy(ch->ledger, s->ledger, sizeof s->ledger);
  cops__log_rewind(s->log, &s->lm);
  cops__rng_rewind(ch->ctx, &s->rm);
  return rc;
}

static int check_id(cops_character *ch, const char *what, int id)
{
  return id < -1 ? CFAIL(ch, COPS_ERANGE, "%s %d out of range -1..%d", what, id, INT_MAX)
                 : COPS_OK;
}

/* ---- the clock ------------------------------------------------------------------ */

int cops_character_time(const cops_character *ch, int *seconds)
{
  if (!ch || !seconds)
    return COPS_EINVAL;
  *seconds = ch->w.clock;
  return COPS_OK;
}

static int time_event(cops_log *log, const cops_character *ch, int id, int elapsed)
{
  if (!log)
    return COPS_OK;
  cops_event x = {0};
  x.type = COPS_EV_TIME;
  x.elapsed = elapsed;
  x.clock = ch->w.clock + elapsed;
  return cops__log_push(log, &x, cops__ev_name(ch), id, NULL, -1, NULL, NULL);
}

/* Time passes, all or nothing (the caller took the snapshot). */
static int pass(cops_character *ch, int seconds, cops_log *log, int id)
{
  int rc;
  cops_roll *roll = NULL;
  if (ch->w.rest == COPS_REST_HOSPITAL && !ch->w.rest_value &&
      cops__roll_new(&roll, &ch->ctx->alloc))
    return CFAIL(ch, COPS_ENOMEM, "out of memory for a roll");
  if (!(rc = time_event(log, ch, id, seconds)))
    rc = cops__advance(ch, seconds, log, id, roll);
  cops_roll_free(roll);
  return rc;
}

static int check_time(cops_character *ch, int seconds, cops_log *log, int id)
{
  if (log && log->ctx != ch->ctx)
    return CFAIL(ch, COPS_EINVAL, "the log belongs to another context");
  if (seconds < 0 || seconds > COPS_CLOCK_MAX - ch->w.clock)
    return CFAIL(ch, COPS_ERANGE, "%d seconds out of range 0..%d (the clock is at %d, "
                "at most %d)", seconds, COPS_CLOCK_MAX - ch->w.clock, ch->w.clock,
                COPS_CLOCK_MAX);
  return check_id(ch, "id", id);
}

int cops_character_advance(cops_character *ch, int seconds, cops_log *log, int id)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = check_time(ch, seconds, log, id);
  if (rc)
    return rc;
  struct snapshot s;
  snap(&s, ch, log);
  return (rc = pass(ch, seconds, log, id)) ? unsnap(&s, rc) : COPS_OK;
}

int cops_character_bleeding(const cops_character *ch, int *period, int *next,
                            unsigned *stabilised)
{
  if (!ch)
    return COPS_EINVAL;
  if (period)
    *period = ch->w.bleed_period;
  if (next)
    *next = ch->w.bleed_next;
  if (stabilised)
    *stabilised = ch->w.stabilised;
  return COPS_OK;
}

int cops_character_lost_recently(const cops_character *ch)
{
  return ch ? cops__lost_recently(ch) : COPS_EINVAL;
}

int cops_character_lasting_wounds(const cops_character *ch)
{
  return ch ? ch->w.lasting : COPS_EINVAL;
}

int cops_character_set_lasting_wounds(cops_character *ch, int count)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (count < 0 || count > 1000)
    return CFAIL(ch, COPS_ERANGE, "lasting wounds %d out of range 0..1000", count);
  ch->w.lasting = count;
  return COPS_OK;
}

/* ---- rest (C8.6) ------------------------------------------------------------------ */

static int bleeding_event(cops_log *log, const cops_character *ch, const char *actor,
                          int actor_id, int id)
{
  if (!log)
    return COPS_OK;
  cops_event x = {0};
  x.type = COPS_EV_BLEEDING;
  x.period = ch->w.bleed_period;
  x.clock = ch->w.clock;
  return cops__log_push(log, &x, actor, actor_id, cops__ev_name(ch), id, NULL, NULL);
}

int cops_character_set_rest(cops_character *ch, int rest, int value, cops_log *log, int id)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc;
  if ((rc = check_time(ch, 0, log, id)))
    return rc;
  if (rest < 0 || rest >= COPS_REST_COUNT)
    return CFAIL(ch, COPS_EINVAL, "rest %d: COPS_REST_NONE, _NATURAL or _HOSPITAL", rest);
  if (rest == COPS_REST_HOSPITAL ? value != 0 && (value < 2 || value > 12) : value != 0)
    return CFAIL(ch, COPS_ERANGE, rest == COPS_REST_HOSPITAL
                ? "a hospital's gain a day %d out of range 2..12 (0: 2d6, C8.6)"
                : "value %d: only a hospital has a fixed gain (0)", value);
  const int max = cops__max_hp(ch);
  if (cops__dead(ch))
    return CFAIL(ch, COPS_ERULE, "%s is clinically dead: nothing heals (C8.2, C8.7)", who(ch));
  if (ch->w.rest == COPS_REST_HOSPITAL && rest != COPS_REST_HOSPITAL &&
      (max - ch->hp >= 10 || ch->hp <= 0))
    return CFAIL(ch, COPS_ERULE, "no hospital discharges %s with %d damage (10 or more, or at "
                "0 hit points or fewer: C8.6)", who(ch), max - ch->hp);
  if (rest == COPS_REST_NATURAL && ch->hp <= 0)
    return CFAIL(ch, COPS_ERULE, "%s is at %d hit points: natural healing needs more than 0 "
                "(C8.8); stabilise and send to hospital", who(ch), ch->hp);
  if (rest == COPS_REST_HOSPITAL && ch->w.bleed_period == 1 && ch->w.rest != COPS_REST_HOSPITAL)
    return CFAIL(ch, COPS_ERULE, "%s bleeds 1 hit point a round: stabilise first (C8.5); a "
                "hospital heals the stabilised (C8.8)", who(ch));
  struct snapshot s;
  snap(&s, ch, log);
  ch->w.rest = rest;
  ch->w.rest_value = value;
  ch->w.rest_since = ch->w.clock;
  if (log) {
    cops_event x = {0};
    x.type = COPS_EV_REST;
    x.rest = rest;
    x.total = value;
    x.clock = ch->w.clock;
    if ((rc = cops__log_push(log, &x, NULL, -1, cops__ev_name(ch), id, NULL, NULL)))
      return unsnap(&s, rc);
  }
  /* The hospital's care stops a stabilised character's bleeding (docs/rulings.md). */
  if (rest == COPS_REST_HOSPITAL && ch->w.bleed_period) {
    ch->w.bleed_period = ch->w.bleed_next = 0;
    if ((rc = bleeding_event(log, ch, NULL, -1, id)))
      return unsnap(&s, rc);
  }
  return COPS_OK;
}

int cops_character_rest(const cops_character *ch, int *rest, int *value, int *since)
{
  if (!ch)
    return COPS_EINVAL;
  if (rest)
    *rest = ch->w.rest;
  if (value)
    *value = ch->w.rest_value;
  if (since)
    *since = ch->w.rest_since;
  return COPS_OK;
}

const char *cops_rest_name(int rest, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && rest >= 0 && rest < COPS_REST_COUNT ? L->rest[rest] : NULL;
}

/* ---- nights (C5) ------------------------------------------------------------------ */

int cops_character_night(cops_character *ch, int kind, int seconds, cops_log *log, int id)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = check_time(ch, seconds, log, id);
  if (rc)
    return rc;
  if (seconds < 1)
    return CFAIL(ch, COPS_ERANGE, "a night of %d seconds: at least 1", seconds);
  if (kind != -1 && kind != COPS_ADRENALINE && kind != COPS_ANCIENNETE)
    return CFAIL(ch, COPS_EINVAL, "point kind %d: COPS_ADRENALINE, COPS_ANCIENNETE or -1", kind);
  if (kind >= 0 && ch->current[kind] >= ch->max[kind])
    return CFAIL(ch, COPS_ERULE, "%s's %s is at its maximum %d: choose the other kind or none "
                "(C5 RULING)", who(ch), kind == COPS_ADRENALINE ? "Adrénaline" : "Ancienneté",
                ch->max[kind]);
  struct snapshot s;
  snap(&s, ch, log);
  if ((rc = pass(ch, seconds, log, id)))
    return unsnap(&s, rc);
  if (kind >= 0)
    ch->current[kind]++;
  if (log) {
    cops_event x = {0};
    x.type = COPS_EV_NIGHT;
    x.point = kind;
    x.clock = ch->w.clock;
    if ((rc = cops__log_push(log, &x, cops__ev_name(ch), id, NULL, -1, NULL, NULL)))
      return unsnap(&s, rc);
  }
  return COPS_OK;
}

/* ---- clinical death (C8.2, C8.7) -------------------------------------------------- */

int cops_character_revive(cops_character *ch, cops_log *log, int id)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = check_time(ch, 0, log, id);
  if (rc)
    return rc;
  if (!cops__dead(ch))
    return CFAIL(ch, COPS_ERULE, "%s is not clinically dead: no revival (C8.7)", who(ch));
  if (ch->w.final)
    return CFAIL(ch, COPS_ERULE, "%s's death was declared final (C8.2 RULING)", who(ch));
  struct snapshot s;
  snap(&s, ch, log);
  const int before = ch->hp, health = cops__health(ch);
  const int max = cops__max_hp(ch);
  /* C8.7 RULING: -max + 1, dying; a new wound (C8.8), which the ledger does not count. */
  cops__wound_set(ch, -max + 1);
  ch->w.rest = COPS_REST_NONE;
  ch->w.bleed_period = 1;
  ch->w.bleed_next = ch->w.clock + 2 * COPS_ROUND_SECONDS;
  ch->w.stabilised = 0;
  if ((rc = cops__hp_event(log, ch, NULL, -1, id, COPS_CAUSE_REVIVAL, before, health)) ||
      (rc = bleeding_event(log, ch, NULL, -1, id)))
    return unsnap(&s, rc);
  return COPS_OK;
}

int cops_character_declare_dead(cops_character *ch, cops_log *log, int id)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = check_time(ch, 0, log, id);
  if (rc)
    return rc;
  if (!cops__dead(ch))
    return CFAIL(ch, COPS_ERULE, "%s is not clinically dead (at %d hit points, -%d or fewer: "
                "C8.2)", who(ch), ch->hp, cops__max_hp(ch));
  if (ch->w.final)
    return CFAIL(ch, COPS_ERULE, "%s's death is final already", who(ch));
  ch->w.final = 1;
  if (log) {
    cops_event x = {0};
    x.type = COPS_EV_DEATH;
    x.id = id;
    x.final = 1;
    x.clock = ch->w.clock;
    if ((rc = cops__log_push(log, &x, cops__ev_name(ch), id, NULL, -1, NULL, NULL))) {
      ch->w.final = 0;
      return rc;
    }
  }
  return COPS_OK;
}

/* ---- treatments (C8.4, C8.5) ------------------------------------------------------- */

/* The treatment's fields before 0.10.0's: none; the first version is the whole. */
#define TREATMENT_SIZE_0_10 sizeof(cops_treatment)

int cops_treatment_init_sized(cops_treatment *t, size_t size, int kind)
{
  if (!t || size < offsetof(cops_treatment, patient_id) + sizeof(int) || size > sizeof *t)
    return COPS_EINVAL;
  cops_treatment full;
  memset(&full, 0, sizeof full);
  full.size = (uint32_t)size;
  full.kind = kind;
  full.difficulty = 1;
  full.healer_id = 0;
  full.patient_id = 1;
  memcpy(t, &full, size);
  return kind >= 0 && kind < COPS_TREAT_COUNT ? COPS_OK : COPS_EINVAL;
}

int (cops_treatment_init)(cops_treatment *t, int kind)
{
  return cops_treatment_init_sized(t, TREATMENT_SIZE_0_10, kind);
}

const char *cops_treatment_name(int kind, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && kind >= 0 && kind < COPS_TREAT_COUNT ? L->treatment[kind] : NULL;
}

static const struct {
  int skill, characteristic;
} treatment_roll[COPS_TREAT_COUNT] = {
  [COPS_TREAT_FIRST_AID] = {COPS_PREMIERS_SECOURS, COPS_COORDINATION},
  [COPS_TREAT_STABILISE] = {COPS_PREMIERS_SECOURS, COPS_SANG_FROID},
  [COPS_TREAT_MEDICINE] = {COPS_MEDECINE, COPS_COORDINATION},
};

/* The most first aid may heal the patient now (C8.4, C8.8). */
static int first_aid_cap(const cops_character *p)
{
  const int room = cops__max_hp(p) - 5 - p->hp;
  const int recent = cops__lost_recently(p);
  const int cap = recent < room ? recent : room;
  return cap > 0 ? cap : 0;
}

/* The treatment checked: its fields, the healer, the patient. */
static int check_treatment(cops_character *healer, const cops_character *patient,
                           const cops_treatment *t, cops_treatment *full)
{
  cops_ctx *ctx = healer->ctx;
  if (t->size < offsetof(cops_treatment, patient_id) + sizeof(int) || t->size > sizeof *t)
    return cops__fail(ctx, COPS_EINVAL, "treatment size %u, expected %zu (initialise it with "
                      "cops_treatment_init)", t->size, sizeof *t);
  memset(full, 0, sizeof *full);
  memcpy(full, t, t->size);
  if (full->kind < 0 || full->kind >= COPS_TREAT_COUNT)
    return cops__fail(ctx, COPS_EINVAL, "treatment kind %d out of range 0..%d", full->kind,
                      COPS_TREAT_COUNT - 1);
  if (full->difficulty < 1 || full->difficulty > 3)
    return cops__fail(ctx, COPS_ERANGE, "difficulty %d out of range 1..3 (kit, makeshift "
                      "gear, bare hands: C8.4)", full->difficulty);
  if (full->flags & ~(COPS_ADRENALINE_DIE | COPS_TREAT_ANCIENNETE))
    return cops__fail(ctx, COPS_EINVAL, "unknown treatment flags 0x%x",
                      full->flags & ~(COPS_ADRENALINE_DIE | COPS_TREAT_ANCIENNETE));
  int rc;
  if ((rc = cops__check_range(ctx, "dice_mod", full->dice_mod, -COPS_MOD_MAX, COPS_MOD_MAX)) ||
      (rc = cops__check_range(ctx, "threshold_mod", full->threshold_mod,
                              -COPS_THRESHOLD_MOD_MAX, COPS_THRESHOLD_MOD_MAX)) ||
      (rc = cops__check_range(ctx, "difficulty_mod", full->difficulty_mod, -COPS_MOD_MAX,
                              COPS_MOD_MAX)) ||
      (rc = cops__check_range(ctx, "healer_id", full->healer_id, -1, INT_MAX)) ||
      (rc = cops__check_range(ctx, "patient_id", full->patient_id, -1, INT_MAX)))
    return rc;
  if (patient->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the healer and the patient belong to two contexts");
  if ((full->flags & COPS_ADRENALINE_DIE) &&
      !cops_skill_adrenaline(treatment_roll[full->kind].skill))
    return cops__fail(ctx, COPS_ERULE, "%s does not allow Adrénaline (C3)",
                      cops_skill_name(treatment_roll[full->kind].skill, COPS_LANG_FR));
  if ((rc = cops__check_can_act(ctx, healer, "healer")))
    return rc;
  if ((full->flags & COPS_ADRENALINE_DIE) && healer->current[COPS_ADRENALINE] < 1)
    return cops__fail(ctx, COPS_ERULE, "%s has no Adrénaline point left (C5)", who(healer));
  if ((full->flags & COPS_TREAT_ANCIENNETE) && healer->current[COPS_ANCIENNETE] < 1)
    return cops__fail(ctx, COPS_ERULE, "%s has no Ancienneté point left (C5)", who(healer));
  const char *name = who(patient);
  if (cops__dead(patient))
    return cops__fail(ctx, COPS_ERULE, "%s is clinically dead: only a revival may help "
                      "(C8.7)", name);
  if (full->kind == COPS_TREAT_FIRST_AID) {
    if (patient->hp <= 0)
      return cops__fail(ctx, COPS_ERULE, "%s is at %d hit points: first aid needs more than "
                        "0; stabilise the dying (C8.5, C8.8)", name, patient->hp);
    if (patient->w.aided)
      return cops__fail(ctx, COPS_ERULE, "%s had first aid since their last wound: once per "
                        "fight (C8.4)", name);
  } else {
    if (patient->hp > 0)
      return cops__fail(ctx, COPS_ERULE, "%s is not dying (%d hit points): stabilisation is "
                        "for 0 or fewer (C8.5)", name, patient->hp);
    if (patient->w.stabilised & (1u << full->kind))
      return cops__fail(ctx, COPS_ERULE, "%s's wound had its %s already: once per wound "
                        "(C8.5)", name, cops_treatment_name(full->kind, COPS_LANG_EN));
  }
  return COPS_OK;
}

static int treatment_action(cops_action *a, cops_character *healer, const cops_treatment *t)
{
  int rc = cops__character_skill_action(a, healer, treatment_roll[t->kind].skill, NULL,
                                        treatment_roll[t->kind].characteristic);
  if (rc)
    return rc;
  a->difficulty = t->difficulty;
  a->dice_mod += t->dice_mod + ((t->flags & COPS_ADRENALINE_DIE) != 0);
  a->threshold_mod += t->threshold_mod;
  a->difficulty_mod += t->difficulty_mod;
  return COPS_OK;
}

int cops_treatment_action(cops_action *out, cops_character *healer,
                          const cops_character *patient, const cops_treatment *t)
{
  if (!out || !healer || !patient || !t)
    return COPS_EINVAL;
  COPS__ENTER(healer->ctx);
  cops_treatment full;
  int rc = check_treatment(healer, patient, t, &full);
  return rc ? rc : treatment_action(out, healer, &full);
}

int cops__stabilised(cops_character *ch, int kind, int succeeded, int mr, cops_log *log,
                     int healer_id, const char *healer, int patient_id, int *healed)
{
  int rc;
  *healed = 0;
  ch->w.stabilised |= 1u << kind;
  if (!succeeded)
    return COPS_OK;   /* both failing: still 1 a round (C8.5 RULING) */
  const int before = ch->hp, health = cops__health(ch);
  if (kind == COPS_TREAT_STABILISE) {
    const unsigned made = ch->w.stabilised;
    const int was40 = ch->w.bleed_period == 40;
    *healed = cops__wound_gain(ch, mr);
    if ((rc = cops__hp_event(log, ch, healer, healer_id, patient_id, COPS_CAUSE_STABILISE,
                             before, health)))
      return rc;
    if (ch->hp > 0)
      return log ? bleeding_event(log, ch, healer, healer_id, patient_id) : COPS_OK;   /* awake */
    ch->w.stabilised = made;
    ch->w.bleed_period = was40 ? 40 : 10;   /* both succeeding: 1 a 40 rounds (C8.5) */
  } else {
    ch->w.bleed_period = 40;
  }
  /* The first slowed loss one full period later (C8.8); in hospital, none: its care stops
   * the bleeding (docs/rulings.md), as for a wound taken there. */
  if (ch->w.rest == COPS_REST_HOSPITAL)
    ch->w.bleed_period = 0;
  ch->w.bleed_next = ch->w.bleed_period ? ch->w.clock + ch->w.bleed_period * COPS_ROUND_SECONDS
                                        : 0;
  return log ? bleeding_event(log, ch, healer, healer_id, patient_id) : COPS_OK;
}

int cops_treat(cops_treated *out, cops_roll *roll, cops_character *healer,
               cops_character *patient, const cops_treatment *t, cops_log *log)
{
  if (!roll || !healer || !patient || !t)
    return COPS_EINVAL;
  cops_ctx *ctx = healer->ctx;
  COPS__ENTER(ctx);
  if (out && (out->size < offsetof(cops_treated, bleed_period) + sizeof(int) ||
              out->size > sizeof *out))
    return cops__fail(ctx, COPS_EINVAL, "cops_treated size %u: set it to sizeof(cops_treated)",
                      out->size);
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  cops_treatment tr;
  int rc = check_treatment(healer, patient, t, &tr);
  if (rc)
    return rc;
  cops_action a;
  if ((rc = treatment_action(&a, healer, &tr)))
    return rc;
  struct undo u;
  cops__undo_save(&u, 0, ctx, log, healer, patient == healer ? NULL : patient, NULL);
  static const int purpose[COPS_TREAT_COUNT] = {COPS_PURPOSE_TREATMENT, COPS_PURPOSE_FIRST_AID,
                                                COPS_PURPOSE_MEDICINE};
  cops_treated res;
  memset(&res, 0, sizeof res);
  res.kind = tr.kind;
  res.hp_before = patient->hp;
  if (tr.flags & COPS_ADRENALINE_DIE)
    healer->current[COPS_ADRENALINE]--;
  if ((rc = cops_roll_action(roll, ctx, &a)))
    goto fail;
  cops_event rx = {0};
  rx.purpose = purpose[tr.kind];
  if ((rc = cops__log_push(log, &rx, cops__ev_name(healer), tr.healer_id, cops__ev_name(patient),
                           tr.patient_id, NULL, roll)))
    goto fail;
  if (!cops_roll_succeeded(roll) && (tr.flags & COPS_TREAT_ANCIENNETE)) {
    if ((rc = cops__spend_anciennete(ctx, healer, roll)))
      goto fail;
    res.anciennete = 1;
    if ((rc = cops__log_push(log, &rx, cops__ev_name(healer), tr.healer_id,
                             cops__ev_name(patient), tr.patient_id, NULL, roll)))
      goto fail;
  }
  res.succeeded = cops_roll_succeeded(roll);
  cops_roll_margin(roll, &res.margin);
  if (tr.kind == COPS_TREAT_FIRST_AID) {
    res.cap = first_aid_cap(patient);
    patient->w.aided = 1;
    if (res.succeeded && res.margin > 0 && res.cap > 0) {
      const int before = patient->hp, health = cops__health(patient);
      res.healed = cops__wound_gain(patient, res.margin < res.cap ? res.margin : res.cap);
      if ((rc = cops__hp_event(log, patient, cops__ev_name(healer), tr.healer_id,
                               tr.patient_id, COPS_CAUSE_FIRST_AID, before, health)))
        goto fail;
    }
  } else {
    res.cap = tr.kind == COPS_TREAT_STABILISE ? cops__max_hp(patient) - patient->hp : 0;
    if ((rc = cops__stabilised(patient, tr.kind, res.succeeded, res.margin, log, tr.healer_id,
                               cops__ev_name(healer), tr.patient_id, &res.healed)))
      goto fail;
  }
  res.hp_after = patient->hp;
  res.bleed_period = patient->w.bleed_period;
  if (out) {
    const uint32_t size = out->size;
    res.size = size;
    memcpy(out, &res, size);
  }
  return COPS_OK;
fail:
  cops__undo_apply(&u);
  return rc;
}

/* ---- the odds of a treatment -------------------------------------------------------- */

int cops_treat_odds(cops_treatment_odds *out, cops_character *healer,
                        const cops_character *patient, const cops_treatment *t,
                        double *healed, int n)
{
  if (!out || !healer || !patient || !t || (n > 0 && !healed) || n < 0)
    return COPS_EINVAL;
  cops_ctx *ctx = healer->ctx;
  COPS__ENTER(ctx);
  if (out->size < offsetof(cops_treatment_odds, awake) + sizeof(double) ||
      out->size > sizeof *out)
    return cops__fail(ctx, COPS_EINVAL, "cops_treatment_odds size %u: set it to "
                      "sizeof(cops_treatment_odds)", out->size);
  cops_treatment tr;
  cops_action a;
  int rc = check_treatment(healer, patient, t, &tr);
  if (rc || (rc = treatment_action(&a, healer, &tr)))
    return rc;
  /* The cap of what it may heal: C8.4's for first aid; up to the maximum when
   * stabilising; nothing with Médecine. */
  const int cap = tr.kind == COPS_TREAT_FIRST_AID   ? first_aid_cap(patient)
                  : tr.kind == COPS_TREAT_STABILISE ? cops__max_hp(patient) - patient->hp
                                                    : 0;
  const int reroll = (tr.flags & COPS_TREAT_ANCIENNETE) != 0;   /* a point is left: checked */
  double p;
  if ((rc = cops_odds_success(ctx, &a, &p)))
    return rc;
  /* P(MR >= m) of the first roll; a successful re-roll has MR 0 (C5). */
  const double fail = 1 - p;
  cops_treatment_odds res;
  memset(&res, 0, sizeof res);
  res.success = reroll ? p + fail * p : p;
  res.cap = cap;
  for (int k = 0; k < n; k++)
    healed[k] = 0;
  double mean = 0, awake = 0, at_cap_or_more = 0;
  /* P(healed = k) for k = 1 .. cap - 1 is P(MR = k); at the cap, P(MR >= cap). */
  double below = 0;
  for (int k = 1; k <= cap; k++) {
    double ge, ge_next;
    if ((rc = cops_odds_margin_at_least(ctx, &a, k, &ge)))
      return rc;
    if (k == cap) {
      at_cap_or_more = ge;
      ge_next = 0;
    } else if ((rc = cops_odds_margin_at_least(ctx, &a, k + 1, &ge_next))) {
      return rc;
    }
    const double pk = k == cap ? ge : ge - ge_next;
    below += pk;
    mean += k * pk;
    if (k < n)
      healed[k] = pk;
    if (tr.kind == COPS_TREAT_STABILISE && patient->hp + k > 0)
      awake += pk;
    if (ge < 1e-15)
      break;
  }
  (void)at_cap_or_more;
  if (n > 0)
    healed[0] = 1 - below;
  res.mean_healed = mean;
  res.awake = awake;
  const uint32_t size = out->size;
  res.size = size;
  memcpy(out, &res, size);
  return COPS_OK;
}
