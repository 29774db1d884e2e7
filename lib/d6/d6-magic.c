/* D6 magic (OTHER-SYSTEMS.md D6 §7.2-§7.12; D6-A42 ... D6-A49, D6-A51, D6-A57, D6-A59,
 * D6-A60): the spell builder's tables and the samples' measure scale, the sample spells as
 * printed, a cast in five steps with its critical failure, the cost of a skill's pip. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "d6/d6-private.h"
#include "log/log.h"
#include "dice/roll-private.h"
#include "d6-private.h"

#define DESIGN_SIZE_0_16 sizeof(cops_d6_spell_design)
#define SPELL_SIZE_0_16 sizeof(cops_d6_spell)
#define CAST_SIZE_0_16 sizeof(cops_d6_cast)
#define CAST_OUTCOME_SIZE_0_16 sizeof(cops_d6_cast_outcome)
#define COST_SIZE_0_16 sizeof(cops_d6_spell_cost)

/* §7.11.3 - §7.11.9's tables. */
static const int range_values[COPS_D6_RANGE_COUNT] = {0, 5, 10, 15, 20, 30, 40, 50};
static const int concentration_values[COPS_D6_CONCENTRATION_COUNT - 1] = {-2, 0, 4, 6};
static const int familiarity_values[COPS_D6_FAMILIARITY_COUNT] = {0, -2, -4, 4, 8};
static const int group_values[COPS_D6_TARGET_GROUP_COUNT] = {0, 5, 10, 15, 25, 35, 50};
static const int attitude_values[COPS_D6_ATTITUDE_COUNT] = {0, -4, 4};
static const int information_values[COPS_D6_INFORMATION_COUNT] = {0, 0, 4, 6, 8};
static const int ingredient_values[COPS_D6_INGREDIENT_COUNT] = {0, 3, -2, -4};
static const int gesture_values[COPS_D6_GESTURE_COUNT] = {0, 3, -2};
static const int incantation_values[COPS_D6_INCANTATION_COUNT] = {0, 3, -2};

int cops_d6_spell_design_init_sized(cops_d6_spell_design *d, size_t size)
{
  if (!d || size < DESIGN_SIZE_0_16 || size > sizeof *d)
    return COPS_EINVAL;
  cops_d6_spell_design full;
  memset(&full, 0, sizeof full);
  full.size = sizeof full;
  full.concentration = COPS_D6_SLIGHT;
  full.crowd = 8;
  full.duration_rounds = 2;
  full.preparation_rounds = 2;
  memcpy(d, &full, size);
  d->size = (uint32_t)size;
  return COPS_OK;
}

int cops_d6_measure_value(long long tenths)
{
  static const long long base[5] = {10, 15, 25, 40, 60};   /* hundredths at v = -5 .. -1 */
  if (tenths < 1 || tenths > 10000000000LL)
    return COPS_ERANGE;
  const long long want = tenths * 10;                       /* in hundredths */
  long long scale = 1;
  for (int v = -5; v <= 45; v++) {
    if (v > -5 && (v + 5) % 5 == 0)
      scale *= 10;
    if (base[(v + 5) % 5] * scale >= want)
      return v;
  }
  return COPS_ERANGE;
}

/* A measure in tenths (of a metre, of a second), 0 for none. */
static int measured(int tenths)
{
  return tenths > 0 ? cops_d6_measure_value(tenths) : 0;
}

/* D6-A45: the literal duration table: 2 rounds or less 0, then a round each up to an hour
 * (720 rounds), then an hour each. */
static int duration_cost(int rounds)
{
  if (rounds <= 2)
    return 0;
  if (rounds <= 720)
    return rounds - 2;
  return 718 + (rounds + 719) / 720 - 1;
}

/* D6-A46: less than a round counts as one, more than four as four. */
static int preparation_cost(int rounds)
{
  return rounds <= 1 ? 4 : rounds == 2 ? 0 : rounds == 3 ? -2 : -4;
}

int cops_d6_spell_difficulty(cops_ctx *ctx, const cops_d6_spell_design *given,
                             const cops_d6_rules *rules, cops_d6_spell_cost *out)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!given || given->size < DESIGN_SIZE_0_16 || given->size > sizeof *given)
    return cops__fail(ctx, COPS_EINVAL, "design: NULL or a size the library does not know "
                      "(initialise it with cops_d6_spell_design_init)");
  if (!out || out->size < COST_SIZE_0_16 || out->size > sizeof *out)
    return cops__fail(ctx, COPS_EINVAL, "cost: NULL or a size the library does not know");
  cops_d6_spell_design d;
  cops_d6_spell_design_init(&d);
  memcpy(&d, given, given->size);
  cops_d6_rules r;
  int rc;
  if ((rc = cops__d6_rules_in(ctx, rules, &r)) ||
      (rc = cops__d6_range(ctx, "effect_kind", d.effect_kind, 0, COPS_D6_EFFECT_DOUBLED)) ||
      (rc = cops__d6_range(ctx, "effect_value", d.effect_value, 0, 200)) ||
      (rc = cops__d6_range(ctx, "effect.dice", d.effect.dice, 0, 30)) ||
      (rc = cops__d6_range(ctx, "effect.pips", d.effect.pips, 0, 2)) ||
      (rc = cops__d6_range(ctx, "measure", d.measure, 0, 1)) ||
      (rc = cops__d6_range(ctx, "range", d.range, 0, COPS_D6_RANGE_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "range_tenths", d.range_tenths, 0, 1000000000)) ||
      (rc = cops__d6_range(ctx, "speed_tenths", d.speed_tenths, 0, 1000000000)) ||
      (rc = cops__d6_range(ctx, "concentration", d.concentration, 0,
                           COPS_D6_CONCENTRATION_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "crowd", d.crowd, 8, 18)) ||
      (rc = cops__d6_range(ctx, "familiarity", d.familiarity, 0, COPS_D6_FAMILIARITY_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "group", d.group, 0, COPS_D6_TARGET_GROUP_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "attitude", d.attitude, 0, COPS_D6_ATTITUDE_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "information", d.information, 0, COPS_D6_INFORMATION_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "duration_rounds", d.duration_rounds, 1, 1000000)) ||
      (rc = cops__d6_range(ctx, "duration_tenths", d.duration_tenths, 0, 1000000000)) ||
      (rc = cops__d6_range(ctx, "preparation_rounds", d.preparation_rounds, 0, 1000000)) ||
      (rc = cops__d6_range(ctx, "casting_tenths", d.casting_tenths, 0, 1000000000)) ||
      (rc = cops__d6_range(ctx, "ingredients", d.ingredients, 0, COPS_D6_INGREDIENT_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "gestures", d.gestures, 0, COPS_D6_GESTURE_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "incantation", d.incantation, 0, COPS_D6_INCANTATION_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "other", d.other, -100, 100)))
    return rc;
  if (d.effect_kind == COPS_D6_EFFECT_NONE && (d.effect.dice || d.effect.pips))
    return cops__fail(ctx, COPS_EINVAL, "effect: a code is valued by its kind, skill or doubled "
                      "(§7.11.2); with none, give effect_value");
  cops_d6_spell_cost c;
  memset(&c, 0, sizeof c);
  const int per_die = d.effect_kind == COPS_D6_EFFECT_DOUBLED ? 6 : 3;   /* D6-A42 */
  c.parts[COPS_D6_PART_EFFECT] = d.effect_kind == COPS_D6_EFFECT_NONE
                                     ? d.effect_value
                                     : per_die * d.effect.dice + per_die / 3 * d.effect.pips;
  if (d.measure) {                                                       /* D6-A44, D6-A45 */
    c.parts[COPS_D6_PART_RANGE] = measured(d.range_tenths);
    c.parts[COPS_D6_PART_SPEED] = measured(d.speed_tenths);
    c.parts[COPS_D6_PART_DURATION] = measured(d.duration_tenths);
    c.parts[COPS_D6_PART_PREPARATION] = -measured(d.casting_tenths);
  } else {
    c.parts[COPS_D6_PART_RANGE] = range_values[d.range];
    c.parts[COPS_D6_PART_DURATION] = duration_cost(d.duration_rounds);
    c.parts[COPS_D6_PART_PREPARATION] = preparation_cost(d.preparation_rounds);
  }
  c.parts[COPS_D6_PART_CONCENTRATION] = d.concentration == COPS_D6_VERY_BUSY
                                            ? d.crowd : concentration_values[d.concentration];
  c.parts[COPS_D6_PART_TARGET] = familiarity_values[d.familiarity] + group_values[d.group] +
                                 attitude_values[d.attitude];            /* D6-A47 */
  c.parts[COPS_D6_PART_INFORMATION] = information_values[d.information];
  c.parts[COPS_D6_PART_COMPONENTS] = ingredient_values[d.ingredients] +
                                     gesture_values[d.gestures] +
                                     incantation_values[d.incantation];
  c.parts[COPS_D6_PART_OTHER] = d.other;
  for (int k = 0; k < COPS_D6_PART_COUNT; k++)
    c.sum += c.parts[k];
  c.difficulty = r.spell_difficulty_halved ? (c.sum > 0 ? (c.sum + 1) / 2 : c.sum / 2) : c.sum;
  if (c.difficulty < 1)
    c.difficulty = 1;   /* D6-L11: a roll is made against 1 at the least */
  const uint32_t size = out->size;
  memcpy(out, &c, size);
  out->size = size;
  return COPS_OK;
}

/* ---- the samples of §7.12, as printed (D6-A43, D6-A60) -------------------------------- */

typedef struct sample {
  const char *name;
  int skill, difficulty;
  const char *effect;
  int effect_value, range_m, range_value, speed;
  const char *duration;
  int duration_value;
  const char *casting;
  int casting_value;
  const char *conditions;
  int conditions_value, damage_dice;
} sample;

static const sample samples[] = {
  {"Heal", COPS_D6_CONJURATION, 5, "a Medicine roll at 5D+2", 16, 0, 0, 0, "1.5 seconds", 1,
   "1 round", -4, "touching the patient -3", -3, 0},
  {"Might", COPS_D6_ALTERATION, 3, "+1D to one Attribute", 6, 1, 0, 0, "5 rounds", 7,
   "1 round", -4, "gestures -3", -3, 0},
  {"Food", COPS_D6_CONJURATION, 4, "one kilogram of food and water", 1, 1, 0, 0, "4 hours", 21,
   "1 round", -4,
   "gestures -2, incantation -2, components (cutlery, tablecloths or napkins) -6", -10, 0},
  {"Opening", COPS_D6_TELEPORTATION, 5,
   "the door opens if the total is greater than the lock's difficulty", 18, 1, 0, 0, "1 round",
   4, "1 round", -4,
   "components (the key) -3, gestures -2, incantation -2, physical contact with the key -1", -8,
   0},
  {"Counterspell", COPS_D6_ALTERATION, 19,
   "cancels an opponent's spell if its total is greater than the spell's", 29, 60, 9, 9,
   "1 round", 4, "1 round", -4,
   "concentration (3 seconds, a Willpower roll against 7) -1, gestures -1, incantation -3", -5,
   0},
  {"Deadly bullet", COPS_D6_ALTERATION, 15, "4D physical damage", 18, 100, 10, 10, "5 rounds",
   7, "1 hour", -18, "components (obsidian) -11, incantation -1", -12, 4},
};
#define NSAMPLES ((int)(sizeof samples / sizeof samples[0]))

int cops_d6_spell_count(void)
{
  return NSAMPLES;
}

int cops_d6_spell_at(int i, cops_d6_spell *out)
{
  if (!out || out->size < SPELL_SIZE_0_16 || out->size > sizeof *out)
    return COPS_EINVAL;
  if (i < 0 || i >= NSAMPLES)
    return COPS_ERANGE;
  const sample *s = &samples[i];
  cops_d6_spell sp;
  memset(&sp, 0, sizeof sp);
  snprintf(sp.name, sizeof sp.name, "%s", s->name);
  sp.skill = s->skill;
  sp.activation_skill = -1;
  sp.difficulty = s->difficulty;
  snprintf(sp.effect, sizeof sp.effect, "%s", s->effect);
  sp.effect_value = s->effect_value;
  sp.range_m = s->range_m;
  sp.range_value = s->range_value;
  sp.speed = s->speed;
  snprintf(sp.duration, sizeof sp.duration, "%s", s->duration);
  sp.duration_value = s->duration_value;
  snprintf(sp.casting, sizeof sp.casting, "%s", s->casting);
  sp.casting_value = s->casting_value;
  snprintf(sp.conditions, sizeof sp.conditions, "%s", s->conditions);
  sp.conditions_value = s->conditions_value;
  sp.damage = s->damage_dice > 0;
  sp.damage_code.dice = s->damage_dice;
  const uint32_t size = out->size;
  memcpy(out, &sp, size);
  out->size = size;
  return COPS_OK;
}

int cops_d6_spell_find(const char *name, cops_d6_spell *out)
{
  if (!name)
    return COPS_EINVAL;
  for (int i = 0; i < NSAMPLES; i++)
    if (!strcasecmp(samples[i].name, name))
      return cops_d6_spell_at(i, out);
  return COPS_EINVAL;
}

/* ---- casting (§7.7) ------------------------------------------------------------------- */

int cops_d6_cast_init_sized(cops_d6_cast *c, size_t size)
{
  if (!c || size < CAST_SIZE_0_16 || size > sizeof *c)
    return COPS_EINVAL;
  cops_d6_cast full;
  memset(&full, 0, sizeof full);
  full.size = sizeof full;
  full.skill = COPS_D6_ALTERATION;
  full.difficulty = 10;
  full.target_id = 1;
  full.actions = 1;
  full.beat = COPS_D6_NO_BEAT;
  full.aim_skill = -1;
  full.aim_target_id = 1;
  full.reach_m = 10;
  full.aim_defence_skill = COPS_D6_DODGE;
  full.aim_defence_total = COPS_D6_ROLL_DEFENCE;
  memcpy(c, &full, size);
  c->size = (uint32_t)size;
  return COPS_OK;
}

/* The magic Attribute a trait belongs to, or -1 for none (§7.1). */
static int magic_attribute(int trait)
{
  const int a = trait < COPS_D6_ATTRIBUTE_COUNT ? trait : cops_d6_trait_parent(trait);
  return a >= COPS_D6_MAGIC && a <= COPS_D6_METAPHYSICS ? a : -1;
}

/* A cast spell aimed (§7.8, D6-A50): an attack roll with the aiming skill and the spell as
 * the weapon (its reach's thirds as range bands, D6-L13; its damage), the same action. */
static int aim(cops_ctx *ctx, const cops_d6_cast *c, const cops_d6_rules *r, cops_log *log,
               cops_d6_cast_outcome *o)
{
  o->wound_level = c->caster->w.level;
  if (c->aim_skill < 0)
    return COPS_OK;
  cops_d6_weapon w;
  memset(&w, 0, sizeof w);
  w.size = sizeof w;
  snprintf(w.name, sizeof w.name, "spell");
  w.category = c->aim_skill == COPS_D6_MELEE_WEAPONS ? COPS_D6_MELEE
               : c->aim_skill == COPS_D6_THROWING ? COPS_D6_THROWN : COPS_D6_MISSILE;
  w.damage = c->damage;
  if (w.category != COPS_D6_MELEE) {
    w.range[2] = c->reach_m;
    w.range[1] = 2 * c->reach_m / 3 > 0 ? 2 * c->reach_m / 3 : c->reach_m;
    w.range[0] = c->reach_m / 3 > 0 ? c->reach_m / 3 : w.range[1];
  }
  cops_d6_attack a;
  cops_d6_attack_init(&a);
  a.attacker = c->caster;
  a.attacker_id = c->caster_id;
  a.target = c->aim_target;
  a.target_id = c->aim_target_id;
  a.distance = c->distance;
  a.defence = c->aim_defence;
  a.defence_skill = c->aim_defence_skill;
  a.defence_total = c->aim_defence_total;
  a.cover = c->aim_cover;
  a.actions = c->actions;        /* summoned and hurled in one round: one action */
  a.flags = c->flags & COPS_D6_CAST_SURPRISE ? COPS_D6_SURPRISE : 0;
  a.rules = r;
  cops_d6_outcome ao;
  memset(&ao, 0, sizeof ao);
  ao.size = sizeof ao;
  const int rc = cops__d6_attack_with(&ao, ctx, &a, &w, log);
  if (rc)
    return rc;
  o->aimed = 1;
  o->hit = ao.hit;
  o->aim_total = ao.attack_total;
  o->defence_value = ao.defence_value;
  o->damage_total = ao.hit ? ao.damage_total : 0;
  o->target_level = c->aim_target->w.level;
  o->wound_level = c->caster->w.level;
  return COPS_OK;
}

static int cast_run(cops_ctx *ctx, const cops_d6_cast *c, const cops_d6_rules *r,
                    cops_roll *roll, cops_log *log, cops_d6_cast_outcome *o)
{
  cops_d6_character *me = c->caster;
  const int attribute = magic_attribute(c->skill);
  const int skilled = c->skill == attribute || me->has[c->skill];
  const int trait = skilled ? c->skill : attribute;      /* D6-A48: the Attribute at +5 */
  o->difficulty = c->difficulty + (skilled ? 0 : 5);
  o->resisted = -1;
  if (((c->flags & COPS_D6_CAST_SCROLL) && r->scroll_use == COPS_D6_SCROLL_NO_ROLL) ||
      ((c->flags & COPS_D6_CAST_ARTIFACT) && r->artifact_use)) {   /* D6-A58: it just works */
    o->success = 1;
    const int v[COPS__PAYLOAD] = {o->difficulty, 0, 1, 0, 0, -1};
    int rc = cops__d6_log_event(log, COPS_D6_EV_SPELL, me, c->caster_id, NULL, -1, NULL, v);
    return rc ? rc : aim(ctx, c, r, log, o);
  }
  o->rolled = 1;
  cops_d6_pool p;
  cops_d6_pool_init(&p, me->trait[trait]);
  cops__d6_penalty(me, trait, &p.dice_mod, &p.points);
  p.points += r->magic_modifier;                          /* D6-A57 */
  p.actions = c->actions;
  p.dice_mod += (c->flags & COPS_D6_CAST_SURPRISE) != 0;    /* §5.15, D6-L14 */
  p.cp = c->cp;
  p.fp = c->fp;
  me->cp -= c->cp;
  me->fp -= c->fp;
  int total, rc;
  if ((rc = cops__d6_roll_logged(ctx, roll, &p, r, o->difficulty, COPS_D6_FOR_SPELL, me,
                                 c->caster_id, log, &total)))
    return rc;
  o->total = total;
  o->level = total - o->difficulty;
  o->success = total >= o->difficulty && (c->beat < 0 || total > c->beat);   /* §7.12 */
  o->critical = !o->success && roll->d6_free && roll->d6_free_face == 1;   /* §0.3 */
  if (o->success && c->target) {                          /* D6-A51 */
    cops_d6_pool w;
    cops_d6_pool_init(&w, cops__d6_trait(c->target, COPS_D6_WILLPOWER));
    cops__d6_penalty(c->target, COPS_D6_WILLPOWER, &w.dice_mod, &w.points);
    if ((rc = cops__d6_roll_logged(ctx, roll, &w, r, COPS__D6_NONE, COPS_D6_FOR_RESIST,
                                   c->target, c->target_id, log, &o->resisted)))
      return rc;
    o->success = total > o->resisted;
  }
  {
    const int v[COPS__PAYLOAD] = {o->difficulty, o->total, o->success, o->level, o->critical,
                                  o->resisted};
    if ((rc = cops__d6_log_event(log, COPS_D6_EV_SPELL, me, c->caster_id, c->target,
                                 c->target ? c->target_id : -1, NULL, v)))
      return rc;
  }
  if (o->critical) {                                      /* §7.7, §7.9, D6-A49 */
    me->w.confused = 2;
    const int v[COPS__PAYLOAD] = {COPS_D6_CONFUSED, 2};
    if ((rc = cops__d6_log_event(log, COPS_D6_EV_STATE, NULL, -1, me, c->caster_id, NULL, v)))
      return rc;
    if (cops_d6_code_pips(c->damage) > 0) {
      cops_d6_pool dp, rp;
      cops_d6_pool_init(&dp, c->damage);
      if ((rc = cops__d6_roll_logged(ctx, roll, &dp, r, COPS__D6_NONE, COPS_D6_FOR_BACKLASH,
                                     NULL, -1, log, &total)))
        return rc;
      o->backlash_total = total * r->backlash_percent / 100;
      cops_d6_pool_init(&rp, me->trait[COPS_D6_VIGUEUR]);   /* D6-L4: Vigueur alone */
      cops__d6_penalty(me, COPS_D6_VIGUEUR, &rp.dice_mod, &rp.points);
      cops_d6_outcome wo;
      memset(&wo, 0, sizeof wo);
      wo.size = sizeof wo;
      wo.check = -1;
      if ((rc = cops__d6_wound(ctx, r, roll, me, c->caster_id, o->backlash_total, &rp, 0, log,
                               &wo)))
        return rc;
    }
  }
  o->wound_level = me->w.level;
  return o->success ? aim(ctx, c, r, log, o) : COPS_OK;
}

struct cast_frame {
  const cops_d6_cast *c;
  const cops_d6_rules *r;
  cops_d6_cast_outcome o;
};

static int cast_body(cops_ctx *ctx, cops_roll *roll, cops_log *log, void *arg)
{
  struct cast_frame *fr = arg;
  return cast_run(ctx, fr->c, fr->r, roll, log, &fr->o);
}

int cops_d6_cast_resolve(cops_d6_cast_outcome *out, cops_ctx *ctx, const cops_d6_cast *given,
                         cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!given || given->size < CAST_SIZE_0_16 || given->size > sizeof *given)
    return cops__fail(ctx, COPS_EINVAL, "cast: NULL or a size the library does not know "
                      "(initialise it with cops_d6_cast_init)");
  if (out && (out->size < CAST_OUTCOME_SIZE_0_16 || out->size > sizeof *out))
    return cops__fail(ctx, COPS_EINVAL, "outcome size %u, expected %zu", (unsigned)out->size,
                      sizeof *out);
  cops_d6_cast c;
  cops_d6_cast_init(&c);
  memcpy(&c, given, given->size);
  c.size = sizeof c;
  cops_d6_rules r;
  int rc;
  if (!c.caster)
    return cops__fail(ctx, COPS_EINVAL, "caster is NULL");
  if (c.caster->ctx != ctx || (c.target && c.target->ctx != ctx))
    return cops__fail(ctx, COPS_EINVAL, "a character belongs to another context");
  if (c.target == c.caster)
    return cops__fail(ctx, COPS_EINVAL, "the caster resists its own spell");
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  if ((rc = cops__d6_rules_in(ctx, c.rules, &r)) ||
      (rc = cops__d6_range(ctx, "caster_id", c.caster_id, -1, 1000000)) ||
      (rc = cops__d6_range(ctx, "target_id", c.target_id, -1, 1000000)) ||
      (rc = cops__d6_range(ctx, "skill", c.skill, 0, COPS_D6_TRAIT_COUNT - 1)) ||
      (rc = cops__d6_range(ctx, "difficulty", c.difficulty, 1, 1000)) ||
      (rc = cops__d6_range(ctx, "actions", c.actions, 1, 10)) ||
      (rc = cops__d6_range(ctx, "cp", c.cp, 0, 10)) ||
      (rc = cops__d6_range(ctx, "fp", c.fp, 0, 1)))
    return rc;
  if (!cops__d6_code_ok(c.damage))
    return cops__fail(ctx, COPS_ERANGE, "damage: a code of 0 .. %d dice, 0 .. 2 pips",
                      COPS_D6_DICE_MAX);
  if (c.flags & ~(COPS_D6_CAST_NO_INGREDIENTS | COPS_D6_CAST_SCROLL | COPS_D6_CAST_ARTIFACT |
                  COPS_D6_CAST_SURPRISE))
    return cops__fail(ctx, COPS_EINVAL, "flags: unknown bits 0x%x", c.flags);
  if ((c.flags & COPS_D6_CAST_SCROLL) && (c.flags & COPS_D6_CAST_ARTIFACT))
    return cops__fail(ctx, COPS_EINVAL, "flags: a scroll or an artifact, not both");
  if ((rc = cops__d6_range(ctx, "beat", c.beat, -1, 1000)))
    return rc;
  if (c.aim_skill != -1) {
    if (c.aim_skill != COPS_D6_MARKSMANSHIP && c.aim_skill != COPS_D6_MELEE_WEAPONS &&
        c.aim_skill != COPS_D6_THROWING)
      return cops__fail(ctx, COPS_EINVAL, "aim_skill %d: marksmanship, melee_weapons or "
                        "throwing (§7.8)", c.aim_skill);
    if (!c.aim_target || c.aim_target->ctx != ctx || c.aim_target == c.caster)
      return cops__fail(ctx, COPS_EINVAL, "aim_target: another character of this context");
    if (c.target && c.target != c.aim_target)
      return cops__fail(ctx, COPS_EINVAL, "target and aim_target: the same being, or one of "
                        "them");
    if ((rc = cops__d6_range(ctx, "aim_target_id", c.aim_target_id, -1, 1000000)) ||
        (rc = cops__d6_range(ctx, "distance", c.distance, 0, 100000)) ||
        (rc = cops__d6_range(ctx, "reach_m", c.reach_m, 1, 1000000)) ||
        (rc = cops__d6_range(ctx, "aim_cover", c.aim_cover, 0, 20)))
      return rc;
    if (c.aim_skill == COPS_D6_MELEE_WEAPONS ? c.distance > 1 : c.distance > c.reach_m)
      return cops__fail(ctx, COPS_ERULE, "%d m is beyond the spell's reach, %d m (§5.4.1)",
                        c.distance, c.aim_skill == COPS_D6_MELEE_WEAPONS ? 1 : c.reach_m);
  }
  const cops_d6_character *me = c.caster;
  const int attribute = magic_attribute(c.skill);
  if (attribute < 0)
    return cops__fail(ctx, COPS_EINVAL, "skill %s: no skill of a magic Attribute (§7.1)",
                      cops_d6_trait_name(c.skill));
  if (r.magic_banned)
    return cops__fail(ctx, COPS_ERULE, "the setting bans magic (§7.4)");
  const int anyone = ((c.flags & COPS_D6_CAST_SCROLL) && r.scroll_use != COPS_D6_SCROLL_CASTERS) ||
                     ((c.flags & COPS_D6_CAST_ARTIFACT) && r.artifact_use);   /* D6-A58 */
  if (!anyone && me->trait[attribute].dice < 1)
    return cops__fail(ctx, COPS_ERULE, "%s has %s below 1D: no magic (§7.2)", me->name,
                      cops_d6_trait_name(attribute));
  if (c.flags & COPS_D6_CAST_NO_INGREDIENTS)
    return cops__fail(ctx, COPS_ERULE, "the ingredients are missing (§7.7)");
  if ((rc = cops__d6_magic_user_ok(ctx, me, c.cp, c.fp)))
    return rc;
  struct cast_frame fr = {&c, &r, {0}};
  fr.o.size = sizeof fr.o;
  if ((rc = cops__d6_procedure(ctx, log, c.caster, c.target ? c.target : c.aim_target, cast_body,
                                &fr)))
    return rc;
  cops__d6_copy_out(out, &fr.o);
  return COPS_OK;
}

int cops_d6_advance_cost(cops_d6_code from, int magic, int teacher)
{
  if (!cops__d6_code_ok(from) || (magic != 0 && magic != 1) || (teacher != 0 && teacher != 1))
    return COPS_EINVAL;
  return from.dice * (magic ? (teacher ? 2 : 4) : 1);     /* D6-A59 */
}
