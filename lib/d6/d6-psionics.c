/* D6 psionic powers (OTHER-SYSTEMS.md D6 §7.13; D6-A41, D6-A48, D6-A52 ... D6-A57): each
 * power's difficulty with §7.13.1's extensions, its roll and what it does. */
#include <string.h>

#include "d6/d6-private.h"
#include "log/log.h"
#include "dice/roll-private.h"
#include "d6-private.h"

#define PSIONIC_SIZE_0_16 sizeof(cops_d6_psionic)
#define OUTCOME_SIZE_0_16 sizeof(cops_d6_psionic_outcome)

static const char *const power_names[COPS_D6_POWER_COUNT] = {
  "astral", "empathy", "far_senses", "healing", "medium", "protection", "psychometry"};
/* Each power's skill (§7.5, §7.13). */
static const int power_skills[COPS_D6_POWER_COUNT] = {
  COPS_D6_ASTRAL_PROJECTION, COPS_D6_EMPATHY, COPS_D6_KEEN_SENSES, COPS_D6_PSI_HEALING,
  COPS_D6_PSI_MEDIUM, COPS_D6_PSI_PROTECTION, COPS_D6_PSYCHOMETRY};

/* §7.13.1's truncated tables (the magic ones, D6-A55). */
static const int range_values[5] = {0, 5, 10, 15, 20};
static const int concentration_values[4] = {-2, 0, 4, 6};
static const int familiarity_values[COPS_D6_FAMILIARITY_COUNT] = {0, -2, -4, 4, 8};
static const int group_values[4] = {0, 5, 10, 15};
static const int attitude_values[COPS_D6_ATTITUDE_COUNT] = {0, -4, 4};
static const int information_values[COPS_D6_INFORMATION_COUNT] = {0, 0, 4, 6, 8};
static const int psychometry_values[4] = {14, 18, 21, 24};

const char *cops_d6_psionic_power_name(int power)
{
  return power >= 0 && power < COPS_D6_POWER_COUNT ? power_names[power] : NULL;
}

int cops_d6_psionic_init_sized(cops_d6_psionic *p, size_t size)
{
  if (!p || size < PSIONIC_SIZE_0_16 || size > sizeof *p)
    return COPS_EINVAL;
  cops_d6_psionic full;
  memset(&full, 0, sizeof full);
  full.size = sizeof full;
  full.power = COPS_D6_POWER_FAR_SENSES;
  full.target_id = 1;
  full.concentration = COPS_D6_SLIGHT;
  full.crowd = 8;
  full.duration_rounds = 2;
  full.actions = 1;
  memcpy(p, &full, size);
  p->size = (uint32_t)size;
  return COPS_OK;
}

/* The base difficulty (§7.13.2 - §7.13.8), the Medium's modifiers (D6-A54), -1 for an
 * opposed power. */
static int base_difficulty(const cops_d6_psionic *p)
{
  switch (p->power) {
  case COPS_D6_POWER_ASTRAL:
  case COPS_D6_POWER_PROTECTION:
    return 10;
  case COPS_D6_POWER_FAR_SENSES:
    return 5;
  case COPS_D6_POWER_MEDIUM: {
    int d = 20 + (p->years_dead > 1 ? 2 + 2 * (p->years_dead / 5) : 0);
    d -= (p->medium & COPS_D6_MURDERED ? 2 : 0) + (p->medium & COPS_D6_KNEW ? 4 : 0) +
         (p->medium & COPS_D6_HAS_INFORMATION ? 2 : 0) + (p->medium & COPS_D6_AT_PLACE ? 3 : 0);
    return d;
  }
  case COPS_D6_POWER_PSYCHOMETRY:
    return psychometry_values[p->psychometry];
  default:
    return 0;   /* Empathy is opposed; Healing reads the patient's level */
  }
}

/* §7.13.1's extensions (D6-A55): range, concentration, target, information, duration. */
static int extensions(const cops_d6_psionic *p)
{
  const int dur = p->duration_rounds <= 2 ? 0 : p->duration_rounds <= 720
                                                    ? p->duration_rounds - 2
                                                    : 718 + (p->duration_rounds + 719) / 720 - 1;
  return range_values[p->range] +
         (p->concentration == COPS_D6_VERY_BUSY ? p->crowd : concentration_values[p->concentration]) +
         familiarity_values[p->familiarity] + group_values[p->group] +
         attitude_values[p->attitude] + information_values[p->information] + dur;
}

/* The astral band of a success level (§7.13.2, D6-A53). */
static int astral_band(int level)
{
  return level <= 0 ? COPS_D6_ASTRAL_LEAVES : level <= 5 ? COPS_D6_ASTRAL_SENSES
         : level <= 10 ? COPS_D6_ASTRAL_NON_PHYSICAL : COPS_D6_ASTRAL_PHYSICAL;
}

static int run(cops_ctx *ctx, const cops_d6_psionic *p, const cops_d6_rules *r, cops_roll *roll,
               cops_log *log, cops_d6_psionic_outcome *o)
{
  cops_d6_character *me = p->psionic, *them = p->target ? p->target : p->psionic;
  const int them_id = p->target ? p->target_id : p->psionic_id;
  const int skill = power_skills[p->power], skilled = me->has[skill] != 0;
  const int trait = skilled ? skill : COPS_D6_PSIONICS;        /* D6-A48 */
  cops_d6_pool pool;
  cops_d6_pool_init(&pool, me->trait[trait]);
  cops__d6_penalty(me, trait, &pool.dice_mod, &pool.points);
  pool.points += r->magic_modifier;                            /* D6-A57 */
  pool.actions = p->actions;
  pool.cp = p->cp;
  pool.fp = p->fp;
  me->cp -= p->cp;
  me->fp -= p->fp;
  const int extra = extensions(p) + (skilled ? 0 : 5);
  int rc;
  o->resisted = -1;
  o->band = COPS_D6_ASTRAL_NONE;
  if (p->power == COPS_D6_POWER_HEALING) {
    cops_d6_healing h;
    if ((rc = cops__d6_psionic_heal(ctx, r, &pool, extra, me, p->psionic_id, them, them_id, log,
                                    &h)))
      return rc;
    o->difficulty = h.difficulty;
    o->total = h.total;
    o->success = h.success;
    o->level = h.total - h.difficulty;
    o->critical = h.critical;
    o->level_before = h.level_before;
    o->level_after = h.level;
  } else {
    int total;
    const int opposed = p->power == COPS_D6_POWER_EMPATHY;
    o->difficulty = opposed ? extra : base_difficulty(p) + extra;
    if ((rc = cops__d6_roll_logged(ctx, roll, &pool, r, opposed ? COPS__D6_NONE : o->difficulty,
                                   COPS_D6_FOR_PSIONIC, me, p->psionic_id, log, &total)))
      return rc;
    const int free1 = roll->d6_free && roll->d6_free_face == 1;
    o->total = total;
    if (opposed) {                                             /* D6-A56: a tie succeeds */
      cops_d6_pool w;
      cops_d6_pool_init(&w, cops__d6_trait(them, COPS_D6_WILLPOWER));
      cops__d6_penalty(them, COPS_D6_WILLPOWER, &w.dice_mod, &w.points);
      if ((rc = cops__d6_roll_logged(ctx, roll, &w, r, COPS__D6_NONE, COPS_D6_FOR_RESIST, them,
                                     them_id, log, &o->resisted)))
        return rc;
      o->difficulty = o->resisted + extra;
    }
    o->level = total - o->difficulty;
    o->success = total >= o->difficulty;
    o->critical = !o->success && free1;
    if (o->success && p->power == COPS_D6_POWER_ASTRAL)
      o->band = astral_band(o->level);
    if (o->success && p->power == COPS_D6_POWER_PROTECTION) {   /* §7.13.7, D6-A41 */
      o->protection = o->level > 100 ? 100 : o->level;
      if (o->protection > them->w.protection || !them->w.protection_rounds) {
        them->w.protection = o->protection;
        them->w.protection_rounds = p->duration_rounds;
      }
    }
  }
  const int v[COPS__PAYLOAD] = {p->power, o->difficulty, o->total, o->success, o->level,
                                o->critical, o->resisted, o->band, o->protection};
  return cops__d6_log_event(log, COPS_D6_EV_PSIONIC, me, p->psionic_id,
                            p->target ? p->target : NULL, p->target ? p->target_id : -1, NULL, v);
}

struct frame {
  const cops_d6_psionic *p;
  const cops_d6_rules *r;
  cops_d6_psionic_outcome o;
};

static int body(cops_ctx *ctx, cops_roll *roll, cops_log *log, void *arg)
{
  struct frame *fr = arg;
  return run(ctx, fr->p, fr->r, roll, log, &fr->o);
}

int cops_d6_psionic_resolve(cops_d6_psionic_outcome *out, cops_ctx *ctx,
                            const cops_d6_psionic *given, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!given || given->size < PSIONIC_SIZE_0_16 || given->size > sizeof *given)
    return cops__fail(ctx, COPS_EINVAL, "psionic: NULL or a size the library does not know "
                      "(initialise it with cops_d6_psionic_init)");
  if (out && (out->size < OUTCOME_SIZE_0_16 || out->size > sizeof *out))
    return cops__fail(ctx, COPS_EINVAL, "outcome size %u, expected %zu", (unsigned)out->size,
                      sizeof *out);
  cops_d6_psionic p;
  cops_d6_psionic_init(&p);
  memcpy(&p, given, given->size);
  p.size = sizeof p;
  if (!p.psionic)
    return cops__fail(ctx, COPS_EINVAL, "psionic is NULL");
  if (p.psionic->ctx != ctx || (p.target && p.target->ctx != ctx))
    return cops__fail(ctx, COPS_EINVAL, "a character belongs to another context");
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  cops_d6_rules r;
  int rc;
  if ((rc = cops__d6_rules_in(ctx, p.rules, &r)) ||
      (rc = cops__d6_range(ctx, "power", p.power, 0, COPS_D6_POWER_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "psionic_id", p.psionic_id, -1, 1000000)) ||
      (rc = cops__d6_range(ctx, "target_id", p.target_id, -1, 1000000)) ||
      (rc = cops__d6_range(ctx, "range", p.range, 0, COPS_D6_RANGE_VERY_LONG)) ||
      (rc = cops__d6_range(ctx, "concentration", p.concentration, 0,
                           COPS_D6_CONCENTRATION_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "crowd", p.crowd, 8, 18)) ||
      (rc = cops__d6_range(ctx, "familiarity", p.familiarity, 0, COPS_D6_FAMILIARITY_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "group", p.group, 0, COPS_D6_CROWD)) ||
      (rc = cops__d6_range(ctx, "attitude", p.attitude, 0, COPS_D6_ATTITUDE_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "information", p.information, 0, COPS_D6_INFORMATION_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "duration_rounds", p.duration_rounds, 1, 1000000)) ||
      (rc = cops__d6_range(ctx, "psychometry", p.psychometry, 0, COPS_D6_MOTIVATIONS)) ||
      (rc = cops__d6_range(ctx, "years_dead", p.years_dead, 0, 10000)) ||
      (rc = cops__d6_range(ctx, "actions", p.actions, 1, 10)) ||
      (rc = cops__d6_range(ctx, "cp", p.cp, 0, 10)) ||
      (rc = cops__d6_range(ctx, "fp", p.fp, 0, 1)))
    return rc;
  if (p.medium & ~(COPS_D6_MURDERED | COPS_D6_KNEW | COPS_D6_HAS_INFORMATION | COPS_D6_AT_PLACE))
    return cops__fail(ctx, COPS_EINVAL, "medium: unknown bits 0x%x", p.medium);
  const cops_d6_character *me = p.psionic;
  if (p.power == COPS_D6_POWER_EMPATHY && (!p.target || p.target == p.psionic))
    return cops__fail(ctx, COPS_EINVAL, "empathy reads another: target is required (§7.13.3)");
  if (r.magic_banned)
    return cops__fail(ctx, COPS_ERULE, "the setting bans magic (§7.4)");
  if (me->trait[COPS_D6_PSIONICS].dice < 1)
    return cops__fail(ctx, COPS_ERULE, "%s has psionics below 1D: no power (§7.2)", me->name);
  if ((rc = cops__d6_magic_user_ok(ctx, me, p.cp, p.fp)))
    return rc;
  if (p.power == COPS_D6_POWER_HEALING) {
    const cops_d6_character *pat = p.target ? p.target : p.psionic;
    if (pat->w.level == COPS_D6_UNHURT || pat->w.level == COPS_D6_KILLED)
      return cops__fail(ctx, COPS_ERULE, "%s is %s: nothing to heal", pat->name,
                        pat->w.level ? "dead" : "unhurt");
    if (cops__d6_tried(pat, p.psionic_id))
      return cops__fail(ctx, COPS_ERULE, "healer %d has tried on %s at this level already "
                        "(D6-A35)", p.psionic_id, pat->name);
  }
  struct frame fr = {&p, &r, {0}};
  fr.o.size = sizeof fr.o;
  if ((rc = cops__d6_procedure(ctx, log, p.psionic, p.target, body, &fr)))
    return rc;
  cops__d6_copy_out(out, &fr.o);
  return COPS_OK;
}
