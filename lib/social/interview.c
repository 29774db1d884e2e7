/* The interview (COPS.md C4, docs/interrogations.md): an interrogator questioning a
 * subject — the evaluation of the first contact (C4.1), interrogation rolls and the facts
 * they give (C4.2-C4.6, C4.8), the methods barred and the resistance raised by failures and
 * the new evidence that opens the methods again (C4.7); what the interrogator knows and
 * learnt, and the odds as it sees them. Its save: lib/social/interview-save.c. */
#include <stdint.h>
#include <string.h>

#include <cops/interrogation.h>

#include "social/social.h"
#include "social/interview-private.h"
#include "log/log.h"

static const char *const trait_keys[COPS_TRAIT_COUNT] = {
  "sang_froid", "charme", "education", "agressif", "inquisiteur", "froid", "poli", "amical",
};
static const int methods[3] = {COPS_INTIMIDATION, COPS_ELOQUENCE, COPS_RHETORIQUE};
static const int resisting[3] = {COPS_SANG_FROID, COPS_CHARME, COPS_EDUCATION};

const char *cops__trait_key(int trait)
{
  return trait >= 0 && trait < COPS_TRAIT_COUNT ? trait_keys[trait] : NULL;
}

int cops__method_index(int skill)
{
  for (int k = 0; k < 3; k++)
    if (methods[k] == skill)
      return k;
  return -1;
}

const char *cops__method_key(int skill)
{
  static const char *const keys[3] = {"intimidation", "eloquence", "rhetorique"};
  const int k = cops__method_index(skill);
  return k >= 0 ? keys[k] : NULL;
}

int cops__method_of_key(const char *key)
{
  for (int k = 0; key && k < 3; k++)
    if (!strcmp(key, cops__method_key(methods[k])))
      return methods[k];
  return -1;
}

int cops__trait_of_key(const char *key)
{
  for (int k = 0; key && k < COPS_TRAIT_COUNT; k++)
    if (!strcmp(key, trait_keys[k]))
      return k;
  return -1;
}

const char *cops_trait_name(int trait, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  if (!L || trait < 0 || trait >= COPS_TRAIT_COUNT)
    return NULL;
  return trait < 3 ? L->iv_trait[trait] : L->iv_attitude[trait - 3];
}

int cops_trait_parse(const char *text, int *trait)
{
  if (!text || !trait)
    return COPS_EINVAL;
  int k = cops__trait_of_key(text), c;
  if (k >= 0) {
    *trait = k;
    return COPS_OK;
  }
  if (!cops_interview_attitude_parse(text, &k)) {
    *trait = COPS_TRAIT_AGRESSIF + k;
    return COPS_OK;
  }
  for (int lang = 0; lang < cops__lang_count(); lang++)
    for (k = 0; k < 3; k++)
      if (cops__names_match(text, strlen(text), cops__lang(lang)->iv_trait[k])) {
        *trait = k;
        return COPS_OK;
      }
  if (!cops_characteristic_parse(text, &c))
    for (k = 0; k < 3; k++)
      if (resisting[k] == c) {
        *trait = k;
        return COPS_OK;
      }
  return COPS_ENOTFOUND;
}

static void init(cops_interview *iv, cops_ctx *ctx, cops_subject *s, cops_character *cop)
{
  iv->ctx = ctx;
  iv->subject = s;
  iv->cop = cop;
}

int cops__interview_alloc(cops_interview **out, cops_ctx *ctx)
{
  cops_interview *iv = cops__calloc(&ctx->alloc, sizeof *iv);
  if (!iv)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for an interview");
  iv->ctx = ctx;
  int rc;
  if ((rc = cops_log_new(&iv->log, ctx)) || (rc = cops__roll_new(&iv->roll, &ctx->alloc)) ||
      (rc = cops__roll_new(&iv->other, &ctx->alloc))) {
    cops_interview_free(iv);
    return rc == COPS_ENOMEM ? cops__fail(ctx, rc, "out of memory for an interview") : rc;
  }
  *out = iv;
  return COPS_OK;
}

int cops_interview_new(cops_interview **out, cops_ctx *ctx, cops_subject *s, cops_character *cop)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx || !s || !cop)
    return ctx ? cops__fail(ctx, COPS_EINVAL, "an interview needs a subject and an "
                            "interrogator") : COPS_EINVAL;
  COPS__ENTER(ctx);
  if (cops__subject_ctx(s) != ctx || cops__character_ctx(cop) != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the subject and the interrogator belong to another "
                      "context");
  cops_interview *iv;
  int rc = cops__interview_alloc(&iv, ctx);
  if (rc)
    return rc;
  init(iv, ctx, s, cop);
  cops_event e = {0};
  e.type = COPS_EV_INTERVIEW;
  if ((rc = cops__log_push(iv->log, &e, cops__ev_name(cop), COPS_IV_COP, cops_subject_name(s),
                           COPS_IV_SUBJECT, NULL, NULL))) {
    cops_interview_free(iv);
    return rc;
  }
  *out = iv;
  return COPS_OK;
}

void cops_interview_free(cops_interview *iv)
{
  if (!iv || cops__refused(iv->ctx))
    return;
  if (iv->owned) {
    cops_subject_free(iv->subject);
    cops_character_free(iv->cop);
  }
  cops_log_free(iv->log);
  cops_roll_free(iv->roll);
  cops_roll_free(iv->other);
  cops__free(&iv->ctx->alloc, iv);
}

cops_log *cops_interview_log(cops_interview *iv)
{
  return iv ? iv->log : NULL;
}

cops_subject *cops_interview_subject(cops_interview *iv)
{
  return iv ? iv->subject : NULL;
}

cops_character *cops_interview_interrogator(cops_interview *iv)
{
  return iv ? iv->cop : NULL;
}

int cops_interview_evaluated(const cops_interview *iv)
{
  return iv ? iv->evaluated : COPS_EINVAL;
}

int cops_interview_knows(const cops_interview *iv, int trait)
{
  if (!iv || trait < 0 || trait >= COPS_TRAIT_COUNT)
    return COPS_EINVAL;
  return (iv->known >> trait) & 1u;
}

int cops_interview_barred(const cops_interview *iv, int skill)
{
  return iv ? cops_subject_barred(iv->subject, skill) : COPS_EINVAL;
}

int cops_interview_resistance_up(const cops_interview *iv)
{
  return iv ? cops_subject_resistance_up(iv->subject) : COPS_EINVAL;
}

int cops_interview_learnt(const cops_interview *iv, int i)
{
  if (!iv || i < 0 || i >= cops_subject_fact_count(iv->subject))
    return COPS_EINVAL;
  return (int)((iv->learnt >> i) & 1u);
}

int cops_interview_asked(const cops_interview *iv)
{
  return iv ? iv->asked : COPS_EINVAL;
}

/* ---- all or nothing -------------------------------------------------------------- */

struct undo {
  cops_interview iv;
  unsigned barred;   /* the subject's state (C4.7) */
  int up;
  cops__char_state st;
  cops__log_mark_t lm;
  cops__rng_mark_t rm;
};

static void keep(cops_interview *iv, struct undo *u)
{
  u->iv = *iv;
  u->barred = cops__subject_barred_bits(iv->subject);
  u->up = cops_subject_resistance_up(iv->subject);
  cops__char_save(iv->cop, &u->st);
  cops__log_mark(iv->log, &u->lm);
  cops__rng_mark(iv->ctx, &u->rm);
}

static int undo(cops_interview *iv, const struct undo *u, int rc)
{
  cops__char_restore(iv->cop, &u->st);
  cops__log_rewind(iv->log, &u->lm);
  cops__rng_rewind(iv->ctx, &u->rm);
  *iv = u->iv;
  cops__subject_set_state(iv->subject, u->barred, u->up);
  return rc;
}

static int push(cops_interview *iv, cops_event *e, int from_subject, const char *text)
{
  const char *cop = cops__ev_name(iv->cop), *subject = cops_subject_name(iv->subject);
  return from_subject
             ? cops__log_push(iv->log, e, subject, COPS_IV_SUBJECT, cop, COPS_IV_COP, text, NULL)
             : cops__log_push(iv->log, e, cop, COPS_IV_COP, subject, COPS_IV_SUBJECT, text, NULL);
}

static int push_roll(cops_interview *iv, int purpose, int from_subject, const cops_roll *roll)
{
  cops_event e = {0};
  e.type = COPS_EV_ROLL;
  e.purpose = purpose;
  const char *cop = cops__ev_name(iv->cop), *subject = cops_subject_name(iv->subject);
  return from_subject ? cops__log_push(iv->log, &e, subject, COPS_IV_SUBJECT, cop, COPS_IV_COP,
                                       NULL, roll)
                      : cops__log_push(iv->log, &e, cop, COPS_IV_COP, subject, COPS_IV_SUBJECT,
                                       NULL, roll);
}

/* A failed (or lost) roll of the interrogator rolled again for an Ancienneté point (C5),
 * logged; *again says whether it was. */
static int anciennete(cops_interview *iv, int purpose, int *again)
{
  return cops__anciennete(iv->ctx, iv->cop, COPS_IV_COP, purpose, iv->roll, 1, iv->log,
                          cops__ev_name(iv->cop), cops_subject_name(iv->subject),
                          COPS_IV_SUBJECT, again);
}

/* ---- the evaluation (C4.1) ------------------------------------------------------- */

int cops_evaluation_init_sized(cops_evaluation *e, size_t size)
{
  if (!e || size < offsetof(cops_evaluation, anciennete) + sizeof(int) ||
      size > sizeof(cops_evaluation))
    return COPS_EINVAL;
  cops_evaluation full;
  memset(&full, 0, sizeof full);
  full.size = (uint32_t)size;
  memcpy(e, &full, size);
  return COPS_OK;
}

static int check_evaluation(cops_interview *iv, const cops_evaluation *given, cops_evaluation *e)
{
  cops_ctx *ctx = iv->ctx;
  if (!given) {
    cops_evaluation_init(e);
    for (int k = 0; k < COPS_TRAIT_COUNT; k++)
      e->wishes[k] = k;
    e->nwishes = COPS_TRAIT_COUNT;
    return COPS_OK;
  }
  if (given->size < offsetof(cops_evaluation, anciennete) + sizeof(int) ||
      given->size > sizeof(cops_evaluation))
    return cops__fail(ctx, COPS_EINVAL, "evaluation size %u, expected %zu (initialise it with "
                      "cops_evaluation_init)", given->size, sizeof(cops_evaluation));
  memset(e, 0, sizeof *e);
  memcpy(e, given, given->size);
  if (e->nwishes < 0 || e->nwishes > COPS_TRAIT_COUNT)
    return cops__fail(ctx, COPS_EINVAL, "nwishes %d out of range 0..%d", e->nwishes,
                      COPS_TRAIT_COUNT);
  unsigned seen = 0;
  for (int k = 0; k < e->nwishes; k++) {
    const int t = e->wishes[k];
    if (t < 0 || t >= COPS_TRAIT_COUNT)
      return cops__fail(ctx, COPS_EINVAL, "wishes[%d]: %d is not a cops_trait", k, t);
    if (seen & 1u << t)
      return cops__fail(ctx, COPS_EINVAL, "wishes[%d]: %s wished twice", k, trait_keys[t]);
    seen |= 1u << t;
  }
  int rc;
  if ((rc = cops__check_range(ctx, "dice_mod", e->dice_mod, -COPS_MOD_MAX, COPS_MOD_MAX)) ||
      (rc = cops__check_range(ctx, "threshold_mod", e->threshold_mod, -COPS_THRESHOLD_MOD_MAX,
                              COPS_THRESHOLD_MOD_MAX)) ||
      (rc = cops__check_range(ctx, "difficulty_mod", e->difficulty_mod, -COPS_MOD_MAX,
                              COPS_MOD_MAX)))
    return rc;
  if (e->anciennete != 0 && e->anciennete != 1)
    return cops__fail(ctx, COPS_EINVAL, "anciennete: 0 or 1");
  if (e->anciennete && cops__anciennete_left(iv->cop) < 1)
    return cops__fail(ctx, COPS_ERULE, "%s has no Ancienneté point left (C5)",
                      cops_character_name(iv->cop));
  return COPS_OK;
}

static int evaluate(cops_interview *iv, const cops_evaluation *e, int *revealed)
{
  cops_action a;
  int rc = cops__character_skill_action(&a, iv->cop, COPS_PSYCHOLOGIE, NULL, COPS_PERCEPTION);
  if (rc)
    return rc;
  a.difficulty = 2;   /* C4.1: Psychologie/Perception (2) */
  a.dice_mod += e->dice_mod;
  a.threshold_mod += e->threshold_mod;
  a.difficulty_mod += e->difficulty_mod;
  if ((rc = cops_roll_action(iv->roll, iv->ctx, &a)) ||
      (rc = push_roll(iv, COPS_PURPOSE_EVALUATION, 0, iv->roll)))
    return rc;
  if (!cops_roll_succeeded(iv->roll) && e->anciennete &&
      (rc = anciennete(iv, COPS_PURPOSE_EVALUATION, NULL)))
    return rc;
  iv->evaluated = 1;
  if (!cops_roll_succeeded(iv->roll))
    return COPS_OK;
  int margin;
  cops_roll_margin(iv->roll, &margin);   /* 0 after a re-roll (C5) */
  int left = 1 + margin;
  for (int k = 0; k < e->nwishes && left > 0; k++) {
    const int t = e->wishes[k];
    if (iv->known & 1u << t)
      continue;
    iv->known |= 1u << t;
    left--;
    ++*revealed;
    cops_event ev = {0};
    ev.type = COPS_EV_TRAIT;
    ev.trait = t;
    ev.value = cops__subject_trait(iv->subject, t);
    if ((rc = push(iv, &ev, 0, NULL)))
      return rc;
  }
  return COPS_OK;
}

int cops_interview_evaluate(cops_interview *iv, const cops_evaluation *given, int *revealed)
{
  if (!iv)
    return COPS_EINVAL;
  COPS__ENTER(iv->ctx);
  if (revealed)
    *revealed = 0;
  if (iv->evaluated)
    return cops__fail(iv->ctx, COPS_ESTATE, "the evaluation is the first contact, once an "
                      "interview (C4.1)");
  cops_evaluation e;
  int rc = check_evaluation(iv, given, &e);
  if (rc || (rc = cops__check_can_act(iv->ctx, iv->cop, "interrogator")))   /* C8.2 */
    return rc;
  struct undo u;
  keep(iv, &u);
  int n = 0;
  if ((rc = evaluate(iv, &e, &n)))
    return undo(iv, &u, rc);
  if (revealed)
    *revealed = n;
  return COPS_OK;
}

/* ---- interrogation rolls (C4.2-C4.8) --------------------------------------------- */

/* The approach as the interview rolls it: given's fields, its resistance increases 0 (the
 * subject's own are added by cops_approach_actions), and the method open. */
static int interview_approach(cops_interview *iv, const cops_approach *given, cops_approach *a)
{
  cops_ctx *ctx = iv->ctx;
  if (!given)
    return cops__fail(ctx, COPS_EINVAL, "NULL approach");
  if (given->size < offsetof(cops_approach, threshold_mod) + sizeof(int) ||
      given->size > sizeof(cops_approach))
    return cops__fail(ctx, COPS_EINVAL, "approach size %u, expected %zu (initialise it with "
                      "cops_approach_init)", given->size, sizeof(cops_approach));
  memset(a, 0, sizeof *a);
  memcpy(a, given, given->size);
  a->size = sizeof *a;
  if (a->resistance_up)
    return cops__fail(ctx, COPS_EINVAL, "resistance_up %d: the subject keeps the increases "
                      "(C4.7), leave it 0", a->resistance_up);
  if (cops_subject_barred(iv->subject, a->skill) == 1)
    return cops__fail(ctx, COPS_ERULE, "%s is barred on %s after a failed interrogation "
                      "(C4.7): new evidence opens it again", cops_skill_name(a->skill, 0),
                      cops_subject_name(iv->subject));
  return COPS_OK;
}

static int learn(cops_interview *iv, int tiers, int *learnt)
{
  const int n = cops_subject_fact_count(iv->subject);
  for (int i = 0; i < n; i++) {
    int tier;
    const char *text = cops_subject_fact(iv->subject, i, &tier);
    if (tier >= tiers || (iv->learnt & 1u << i))
      continue;
    iv->learnt |= 1u << i;
    ++*learnt;
    cops_event e = {0};
    e.type = COPS_EV_FACT;
    e.fact = i;
    e.tier = tier;
    int rc = push(iv, &e, 1, text);
    if (rc)
      return rc;
  }
  return COPS_OK;
}

static int ask(cops_interview *iv, const cops_approach *a, cops_interview_result *r)
{
  cops_action mine, theirs;
  int rc = cops_approach_actions(iv->subject, iv->cop, a, &mine, &theirs);
  if (rc)
    return rc;
  cops_event e = {0};
  e.type = COPS_EV_APPROACH;
  e.skill = a->skill;
  e.attitude = a->attitude;
  e.affinity = a->affinity;
  e.deficiency = a->deficiency;
  e.dice_mod = a->dice_mod;
  e.threshold_mod = a->threshold_mod;
  e.resistance = cops_subject_resistance_up(iv->subject);
  e.anciennete = a->anciennete;
  /* The interrogator's dice first, then the subject's (as cops_roll_opposed). */
  if ((rc = push(iv, &e, 0, NULL)) || (rc = cops_roll_action(iv->roll, iv->ctx, &mine)) ||
      (rc = cops_roll_action(iv->other, iv->ctx, &theirs)) ||
      (rc = push_roll(iv, COPS_PURPOSE_INTERROGATION, 0, iv->roll)) ||
      (rc = push_roll(iv, COPS_PURPOSE_RESISTANCE, 1, iv->other)))
    return rc;
  const int against = cops_roll_successes(iv->other);
  int d = cops_roll_successes(iv->roll) - against;
  if (d <= 0 && a->anciennete) {   /* C4.8: a lost roll rolled again, against the same */
    if ((rc = anciennete(iv, COPS_PURPOSE_INTERROGATION, &r->anciennete)))
      return rc;
    d = cops_roll_successes(iv->roll) - against;
  }
  if (iv->asked < INT32_MAX)
    iv->asked++;
  r->margin = d;
  r->result = d > 0 ? COPS_IV_WON : d == 0 ? COPS_IV_TIED : COPS_IV_LOST;
  if (d > 0) {   /* C4.5, C4.8: tier k needs a margin of k + 1; after a re-roll, MR 0 */
    const int m = r->anciennete ? 1 : d + a->affinity;
    r->tiers = m < COPS_TIER_MAX + 1 ? m : COPS_TIER_MAX + 1;
  }
  e = (cops_event){0};
  e.type = COPS_EV_INTERROGATION;
  e.result = r->result;
  e.margin = d;
  e.tiers = r->tiers;
  e.anciennete = r->anciennete;
  /* The count of facts comes first in the log: counted before their events. */
  uint32_t before = iv->learnt;
  int n = 0;
  for (int i = 0; i < cops_subject_fact_count(iv->subject); i++) {
    int tier;
    cops_subject_fact(iv->subject, i, &tier);
    n += tier < r->tiers && !(before & 1u << i);
  }
  e.learnt = n;
  if ((rc = push(iv, &e, 0, NULL)) || (rc = learn(iv, r->tiers, &r->learnt)))
    return rc;
  if (d > 0)
    return COPS_OK;
  /* C4.7: the method barred on this subject, every resistance up by 1 (cumulative; past
   * COPS__IV_UP_MAX it changes no roll: C1.7's clamps hold the threshold at 2). */
  cops_subject *s = iv->subject;
  const int up = cops_subject_resistance_up(s);
  cops__subject_set_state(s, cops__subject_barred_bits(s) | 1u << cops__method_index(a->skill),
                          up < COPS__IV_UP_MAX ? up + 1 : up);
  e = (cops_event){0};
  e.type = COPS_EV_BARRED;
  e.skill = a->skill;
  e.resistance = cops_subject_resistance_up(s);
  return push(iv, &e, 0, NULL);
}

int cops_interview_ask(cops_interview *iv, const cops_approach *given, cops_interview_result *out)
{
  if (!iv)
    return COPS_EINVAL;
  COPS__ENTER(iv->ctx);
  if (out && (out->size < sizeof(uint32_t) || out->size > sizeof *out))
    return cops__fail(iv->ctx, COPS_EINVAL, "result size %u, expected %zu", out->size,
                      sizeof *out);
  cops_approach a;
  int rc = interview_approach(iv, given, &a);
  if (rc || (rc = cops__check_can_act(iv->ctx, iv->cop, "interrogator")))   /* C8.2 */
    return rc;
  struct undo u;
  keep(iv, &u);
  cops_interview_result r;
  memset(&r, 0, sizeof r);
  if ((rc = ask(iv, &a, &r)))
    return undo(iv, &u, rc);
  if (out) {
    r.size = out->size;
    memcpy(out, &r, out->size);
  }
  return COPS_OK;
}

int cops_interview_evidence(cops_interview *iv)
{
  if (!iv)
    return COPS_EINVAL;
  COPS__ENTER(iv->ctx);
  cops_event e = {0};
  e.type = COPS_EV_EVIDENCE;
  e.resistance = cops_subject_resistance_up(iv->subject);
  int rc = push(iv, &e, 0, NULL);   /* the log's push changes nothing when it fails */
  if (rc)
    return rc;
  /* C4.7: the three skills usable again on the subject, the increases stay. */
  cops__subject_set_state(iv->subject, 0, cops_subject_resistance_up(iv->subject));
  return COPS_OK;
}

int cops_interview_odds(cops_interview *iv, const cops_approach *given, int gm,
                        cops_interrogation_odds *out)
{
  if (!iv)
    return COPS_EINVAL;
  COPS__ENTER(iv->ctx);
  if (gm != 0 && gm != 1)
    return cops__fail(iv->ctx, COPS_EINVAL, "gm: 1 for the odds as they are, 0 as the "
                      "interrogator sees them");
  cops_approach a;
  int rc = interview_approach(iv, given, &a);
  if (rc)
    return rc;
  if (gm)
    return cops_approach_odds(iv->subject, iv->cop, &a, out);
  cops_subject *seen = cops__subject_seen(iv->subject, iv->known);
  if (!seen)
    return cops__fail(iv->ctx, COPS_ENOMEM, "out of memory for the odds");
  rc = cops_approach_odds(seen, iv->cop, &a, out);
  cops_subject_free(seen);
  return rc;
}
