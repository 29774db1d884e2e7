/* What follows an attack under the core rules: covering fire's zone (nerve,
 * crossing it), the recovery roll of one out of the fight, standing up
 * (COPS.md C10.4, C10.5, C11.1). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "attack/attack.h"
#include "attack/attack-private.h"
#include "attack/rules.h"

/* ---- covering fire's zone, recovery, standing up --------------------------- */

/* The start of a follow-up procedure on ch with a roll: checks, then the save. */
static int follow_enter(cops_roll *roll, cops_character *ch, cops_log *log, struct undo *u,
                        unsigned flags)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  COPS__ENTER(ctx);
  if (log && log->ctx != ctx)
    return FAIL(ctx, COPS_EINVAL, "the log belongs to another context");
  (void)roll;
  cops__undo_save(u, flags, ctx, log, ch, NULL, NULL);
  return COPS_OK;
}

static int follow_leave(cops_roll *roll, const struct undo *u, int rc)
{
  if (rc) {
    cops__undo_apply(u);
    cops__roll_clear(roll);
  }
  return rc;
}

static int cover_nerve(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *steady)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  int rc = cops__check_can_act(ctx, ch, "character under covering fire");
  if (rc)
    return rc;
  const struct party p = {name_of(ch), id, 0, -1};
  if ((rc = cops__characteristic_roll(roll, ch, COPS_SANG_FROID, 3)) || /* C10.5 */
      (rc = ev_roll(log, COPS_PURPOSE_NERVE, p, NOBODY, roll)) ||
      (!cops_roll_succeeded(roll) &&
       (rc = anciennete(ctx, ch, id, COPS_PURPOSE_NERVE, roll, 0, log, p, NOBODY, NULL))))
    return rc;
  *steady = cops_roll_succeeded(roll);
  if (!*steady)
    return cops__add_conditions(NULL, ch, COPS_COND_PINNED, NOBODY, p, log);
  return COPS_OK;
}

int cops__cover_nerve(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *steady,
                unsigned flags)
{
  if (!roll || !ch || !steady)
    return COPS_EINVAL;
  struct undo u;
  int rc = follow_enter(roll, ch, log, &u, flags);
  if (rc)
    return rc;
  return follow_leave(roll, &u, cover_nerve(roll, ch, id, log, steady));
}

int cops_cover_nerve(cops_roll *roll, cops_character *ch, cops_log *log, int *steady)
{
  return cops__cover_nerve(roll, ch, 1, log, steady, 0);
}

/* Whether covering fire makes a zone (C10.5, A2.3). */
int cops_cover_zone(const cops_outcome *cover, int *zone)
{
  if (!cover || !zone || cover->mode != COPS_ATTACK_COVER)
    return COPS_EINVAL;
  const struct cops__attack_rules *r = cops__attack_rules_of(cover->ruleset);
  *zone = cover->cover_success || (r && r->failed_cover_zone);
  return COPS_OK;
}

int cops_cover_nerve_under(cops_roll *roll, const cops_outcome *cover, cops_character *ch,
                           cops_log *log, int *steady)
{
  if (!roll || !cover || !ch || !steady)
    return COPS_EINVAL;
  cops_ctx *ctx = cops__character_ctx(ch);
  COPS__ENTER(ctx);
  int zone;
  if (cops_cover_zone(cover, &zone))
    return FAIL(ctx, COPS_EINVAL, "the outcome given as covering fire is %s",
                cover->mode < 0 ? "empty" : cops__mode_names[cover->mode]);
  if (!zone)
    return FAIL(ctx, COPS_ERULE, "covering fire that failed makes no zone (A2.3): no nerve "
                "roll under it");
  return cops__cover_nerve(roll, ch, cover->cover_target_id, log, steady, 0);
}

int cops__core_cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                           const cops_armour *armour, int attitude, cops_log *log)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  int rc;
  const struct party sn = {cover->cover_shooter[0] ? cover->cover_shooter : NULL,
                           cover->cover_shooter_id, 0, -1};
  /* (MR + 1) d10, +1 Agressif, +2 Ultra-violent, at most one per bullet fired. */
  int n = 0;
  if (cover->cover_success) {
    n = cover->margin + 1 + (attitude > 0 ? attitude : 0);
    if (n > cover->fired)
      n = cover->fired;
  }
  const int pu = cover->cover_pu, fa = cover->cover_fa;
  int hits;
  if ((rc = cops__cover_hits(out, cover, ch, n, sn, log, &hits)) || !hits)
    return rc;
  int worst = 0;
  for (int b = 0; b < hits; b++) {
    if ((rc = cops__located_damage(out, ctx, 0, ch, armour, pu, b + 1, 0, 0, sn, log)))
      return rc;
    const int m = out->hit[out->nhit - 1].modifier;
    worst = m > worst ? m : worst;
  }
  if ((rc = cops__apply_damage(out, 0, ch, sn, log)))
    return rc;
  return cops__stopping(out, out->roll[COPS_OUTCOME_STOPPING], ch, fa, worst, -1, sn, log);
}

int cops__cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch, int id,
                      const cops_armour *armour, int attitude, cops_log *log, unsigned flags)
{
  if (!out || !cover || !ch || out == cover)
    return COPS_EINVAL;
  cops_ctx *ctx = cops__character_ctx(ch);
  COPS__ENTER(ctx);
  if (cover->mode != COPS_ATTACK_COVER)
    return FAIL(ctx, COPS_EINVAL, "the outcome given as covering fire is %s",
                cover->mode < 0 ? "empty" : cops__mode_names[cover->mode]);
  int rc;
  if ((rc = cops__check_range(ctx, "attitude", attitude, -2, 2)))
    return rc;
  if (cops__dead(ch))
    return FAIL(ctx, COPS_ERULE, "%s is dead (C8.2)", who_name(ch, "the character"));
  if (log && log->ctx != ctx)
    return FAIL(ctx, COPS_EINVAL, "the log belongs to another context");
  if ((rc = cops__outcome_enter(out, ctx)))
    return rc;
  struct undo u;
  cops__undo_save(&u, flags, ctx, log, ch, NULL, NULL);
  out->ruleset = cover->ruleset;
  if ((rc = cops__cast(out, log, NULL, -1, ch, id)))
    return cops__outcome_leave(out, &u, rc);
  return cops__outcome_leave(out, &u, cops__attack_rules_of(cover->ruleset)->cover_enter(out, cover, ch,
                                                                                 armour, attitude,
                                                                                 log));
}

int cops_cover_enter(cops_outcome *out, const cops_outcome *cover, cops_character *ch,
                     const cops_armour *armour, int attitude, cops_log *log)
{
  return cops__cover_enter(out, cover, ch, cover ? cover->cover_target_id : 1, armour, attitude,
                           log, 0);
}

static int recovery_roll(cops_roll *roll, cops_character *ch, int id, int characteristic,
                         cops_log *log, int *recovered)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  int rc, base, rounds;
  if ((rc = cops__check_stopping_choice(ctx, "characteristic", characteristic)) ||
      (rc = cops_character_recovery(ch, &base, &rounds)))
    return rc;
  const int health = cops__health(ch);
  if (health >= COPS_UNCONSCIOUS)
    return FAIL(ctx, COPS_ERULE, "%s is %s: no recovery roll (C8.2)",
                who_name(ch, "the character"), cops_health_name(health, COPS_LANG_EN));
  /* FA + location modifier - 1 per round elapsed (C10.4). */
  const int difficulty = base - (rounds + 1);
  if ((rc = cops__stopping_roll(roll, ch, characteristic, difficulty < 0 ? 0 : difficulty)))
    return rc;
  cops__character_recovery_step(ch);
  const struct party p = {name_of(ch), id, 0, -1};
  if ((rc = ev_roll(log, COPS_PURPOSE_RECOVERY, p, NOBODY, roll)) ||
      (!cops_roll_succeeded(roll) &&
       (rc = anciennete(ctx, ch, id, COPS_PURPOSE_RECOVERY, roll, 0, log, p, NOBODY,
                              NULL))))
    return rc;
  *recovered = cops_roll_succeeded(roll);
  if (!*recovered)
    return COPS_OK;
  cops_character_set_conditions(ch, COPS_COND_OUT, 0);
  return ev_condition(log, NOBODY, p, COPS_COND_OUT, 0);
}

int cops__recovery_roll(cops_roll *roll, cops_character *ch, int id, int characteristic,
                        cops_log *log, int *recovered, unsigned flags)
{
  if (!roll || !ch || !recovered)
    return COPS_EINVAL;
  struct undo u;
  int rc = follow_enter(roll, ch, log, &u, flags);
  if (rc)
    return rc;
  return follow_leave(roll, &u, recovery_roll(roll, ch, id, characteristic, log, recovered));
}

int cops_recovery_roll(cops_roll *roll, cops_character *ch, int characteristic, cops_log *log,
                       int *recovered)
{
  return cops__recovery_roll(roll, ch, 1, characteristic, log, recovered, 0);
}

static int stand_up(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *stood)
{
  cops_ctx *ctx = cops__character_ctx(ch);
  if (!(cops_character_conditions(ch) & COPS_COND_ON_GROUND))
    return FAIL(ctx, COPS_ESTATE, "%s is not on the ground", who_name(ch, "the character"));
  int rc = cops__check_can_act(ctx, ch, "character");
  if (rc)
    return rc;
  const struct party p = {name_of(ch), id, 0, -1};
  /* Coordination (3), RULING 6+ (C11.1). */
  if ((rc = cops__characteristic_roll(roll, ch, COPS_COORDINATION, 3)) ||
      (rc = ev_roll(log, COPS_PURPOSE_STAND_UP, p, NOBODY, roll)) ||
      (!cops_roll_succeeded(roll) &&
       (rc = anciennete(ctx, ch, id, COPS_PURPOSE_STAND_UP, roll, 0, log, p, NOBODY,
                              NULL))))
    return rc;
  *stood = cops_roll_succeeded(roll);
  if (!*stood)
    return COPS_OK;
  cops_character_set_conditions(ch, COPS_COND_ON_GROUND, 0);
  return ev_condition(log, NOBODY, p, COPS_COND_ON_GROUND, 0);
}

int cops__stand_up(cops_roll *roll, cops_character *ch, int id, cops_log *log, int *stood,
                unsigned flags)
{
  if (!roll || !ch || !stood)
    return COPS_EINVAL;
  struct undo u;
  int rc = follow_enter(roll, ch, log, &u, flags);
  if (rc)
    return rc;
  return follow_leave(roll, &u, stand_up(roll, ch, id, log, stood));
}

int cops_stand_up(cops_roll *roll, cops_character *ch, cops_log *log, int *stood)
{
  return cops__stand_up(roll, ch, 1, log, stood, 0);
}
