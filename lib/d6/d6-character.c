/* D6 characters (OTHER-SYSTEMS.md D6 §0.10, §5.5, §5.7, §5.14, §8; D6-A9, D6-A17, D6-A28 ..
 * D6-A31, D6-A66; D6-M2, D6-M3): traits with their attributes standing in for absent skills,
 * natural damage, points, scale, the wound track in steps or hit points, and the penalties
 * a character's state puts on its rolls. */
#include <string.h>

#include "d6/d6-private.h"
#include "d6-private.h"

static const char *const trait_names[COPS_D6_TRAIT_COUNT] = {
  "vigueur", "agility", "coordination", "perception", "knowledge", "charisma", "magic",
  "miracles", "psionics", "metaphysics", "resistance", "willpower", "dodge", "acrobatics",
  "reflexes", "brawling", "melee_weapons", "marksmanship", "throwing", "command", "medicine",
  "piloting", "wagon", "vehicle", "search", "investigation", "alteration", "conjuration",
  "divination", "teleportation", "faith_divination", "favour", "nemesis", "psychic_attack",
  "empathy", "medium", "astral_projection", "psi_protection", "keen_senses", "psi_healing",
  "psychometry", "telekinesis", "telepathy",
};
/* D6-L1: each skill's attribute. */
static const signed char trait_parent[COPS_D6_TRAIT_COUNT] = {
  COPS_D6_VIGUEUR, COPS_D6_AGILITY, COPS_D6_COORDINATION, COPS_D6_PERCEPTION,
  COPS_D6_KNOWLEDGE, COPS_D6_CHARISMA, COPS_D6_MAGIC, COPS_D6_MIRACLES, COPS_D6_PSIONICS,
  COPS_D6_METAPHYSICS,
  COPS_D6_VIGUEUR,        /* resistance */
  COPS_D6_CHARISMA,       /* willpower */
  COPS_D6_AGILITY, COPS_D6_AGILITY, COPS_D6_AGILITY, COPS_D6_AGILITY,
  COPS_D6_AGILITY,        /* melee weapons */
  COPS_D6_COORDINATION, COPS_D6_COORDINATION,
  COPS_D6_CHARISMA,       /* command */
  COPS_D6_KNOWLEDGE,      /* medicine */
  COPS_D6_COORDINATION, COPS_D6_COORDINATION, COPS_D6_COORDINATION,
  COPS_D6_PERCEPTION, COPS_D6_PERCEPTION,
  COPS_D6_MAGIC, COPS_D6_MAGIC, COPS_D6_MAGIC, COPS_D6_MAGIC,          /* §7.5 */
  COPS_D6_MIRACLES, COPS_D6_MIRACLES, COPS_D6_MIRACLES,
  COPS_D6_PSIONICS, COPS_D6_PSIONICS, COPS_D6_PSIONICS, COPS_D6_PSIONICS, COPS_D6_PSIONICS,
  COPS_D6_PSIONICS, COPS_D6_PSIONICS, COPS_D6_PSIONICS, COPS_D6_PSIONICS, COPS_D6_PSIONICS,
};

const char *const cops__d6_level_names[7] = {"unhurt", "stunned", "wounded", "severely_wounded",
                                             "incapacitated", "mortally_wounded", "killed"};

const char *cops_d6_trait_name(int trait)
{
  return trait >= 0 && trait < COPS_D6_TRAIT_COUNT ? trait_names[trait] : NULL;
}

int cops_d6_trait_parse(const char *name, int *trait)
{
  if (!name || !trait)
    return COPS_EINVAL;
  const int t = cops__name_index(name, trait_names, COPS_D6_TRAIT_COUNT);
  if (t < 0)
    return COPS_EINVAL;
  *trait = t;
  return COPS_OK;
}

int cops_d6_trait_parent(int trait)
{
  return trait >= 0 && trait < COPS_D6_TRAIT_COUNT ? trait_parent[trait] : -1;
}

/* ---- the track (§5.6, §5.7, §5.8, §8.4) ---------------------------------------------- */

int cops__d6_top_step(const cops_d6_wounds *w)
{
  return COPS_D6_KILLED + w->extra;
}

int cops_d6_hp_level(int lost, int max)
{
  if (max < 1 || lost < 0)
    return COPS_EINVAL;
  /* D6-A29, in whole numbers: 100·lost against the brackets' percentages of max. */
  const long l = 100L * lost, m = max;
  if (l >= 100 * m)
    return COPS_D6_KILLED;
  if (l > 90 * m)
    return COPS_D6_MORTALLY;
  if (l > 80 * m)
    return COPS_D6_INCAPACITATED;
  if (l > 60 * m)
    return COPS_D6_SEVERELY;
  if (l > 40 * m)
    return COPS_D6_WOUNDED;
  if (l >= 20 * m)
    return COPS_D6_STUNNED;
  return COPS_D6_UNHURT;
}

int cops__d6_hp_bottom(int level, int max)
{
  switch (level) {                       /* D6-A30: the smallest loss inside the bracket */
  case COPS_D6_UNHURT: return 0;
  case COPS_D6_STUNNED: return (20 * max + 99) / 100;
  case COPS_D6_WOUNDED: return 40 * max / 100 + 1;
  case COPS_D6_SEVERELY: return 60 * max / 100 + 1;
  case COPS_D6_INCAPACITATED: return 80 * max / 100 + 1;
  case COPS_D6_MORTALLY: return 90 * max / 100 + 1;
  default: return max;
  }
}

int cops__d6_level(const cops_d6_wounds *w)
{
  if (w->mode == COPS_D6_HIT_POINTS)
    return cops_d6_hp_level(w->hp_lost, w->hp_max);
  if (w->step <= COPS_D6_SEVERELY)
    return w->step;
  if (w->step <= COPS_D6_SEVERELY + w->extra)   /* D6-A66: the extra steps are level 3's */
    return COPS_D6_SEVERELY;
  return w->step - w->extra;
}

int cops_d6_hit_points(cops_d6_code v)
{
  if (!cops__d6_code_ok(v))
    return COPS_EINVAL;
  /* §8.2 as a table (its steps are irregular), pips 3 (1D) .. 15 (5D). */
  static const int table[13] = {3, 4, 5, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17};
  const int pips = 3 * v.dice + v.pips;
  if (pips < 3) {
    const int hp = 3 - (3 - pips);         /* D6-A28: −1 a pip below 1D, at least 1 */
    return hp > 1 ? hp : 1;
  }
  if (pips > 15)
    return 17 + (pips - 15);               /* +1 a pip above 5D */
  return table[pips - 3];
}

/* ---- the character ---------------------------------------------------------------- */

int cops_d6_character_new(cops_d6_character **out, cops_ctx *ctx)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_d6_character *ch = cops__calloc(&ctx->alloc, sizeof *ch);
  if (!ch)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a character");
  ch->ctx = ctx;
  for (int t = 0; t < COPS_D6_ATTRIBUTE_COUNT; t++) {
    ch->trait[t].dice = t < COPS_D6_MAGIC ? 2 : 0;   /* the magic attributes: none */
    ch->has[t] = 1;
  }
  ch->w.size = sizeof ch->w;
  ch->w.mode = COPS_D6_LEVELS;
  cops__d6_moved(&ch->w);
  ch->w.hp_max = cops_d6_hit_points(ch->trait[COPS_D6_VIGUEUR]);
  *out = ch;
  return COPS_OK;
}

void cops_d6_character_free(cops_d6_character *ch)
{
  if (ch)
    cops__free(&ch->ctx->alloc, ch);
}

int cops_d6_character_copy(cops_d6_character **out, const cops_d6_character *ch)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ch)
    return COPS_EINVAL;
  cops_d6_character *c = cops__malloc(&ch->ctx->alloc, sizeof *c);
  if (!c)
    return cops__fail(ch->ctx, COPS_ENOMEM, "out of memory for a character");
  *c = *ch;
  *out = c;
  return COPS_OK;
}

const char *cops_d6_character_name(const cops_d6_character *ch)
{
  return ch ? ch->name : NULL;
}

int cops_d6_character_set_name(cops_d6_character *ch, const char *name)
{
  if (!ch)
    return COPS_EINVAL;
  int rc = cops__check_name(ch->ctx, "name", name, sizeof ch->name - 1);
  if (rc)
    return rc;
  if (!*name)
    return cops__fail(ch->ctx, COPS_EINVAL, "name is empty");
  memcpy(ch->name, name, strlen(name) + 1);
  return COPS_OK;
}

cops_d6_code cops__d6_trait(const cops_d6_character *ch, int trait)
{
  return ch->has[trait] ? ch->trait[trait] : ch->trait[trait_parent[trait]];
}

int cops_d6_character_trait(const cops_d6_character *ch, int trait, cops_d6_code *code)
{
  if (!ch || !code || trait < 0 || trait >= COPS_D6_TRAIT_COUNT)
    return COPS_EINVAL;
  *code = cops__d6_trait(ch, trait);
  return ch->has[trait];
}

int cops_d6_character_set_trait(cops_d6_character *ch, int trait, const cops_d6_code *code)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (trait < 0 || trait >= COPS_D6_TRAIT_COUNT)
    return cops__fail(ch->ctx, COPS_EINVAL, "trait %d: none such (0..%d)", trait,
                      COPS_D6_TRAIT_COUNT - 1);
  if (!code) {
    if (trait < COPS_D6_ATTRIBUTE_COUNT)
      return cops__fail(ch->ctx, COPS_EINVAL, "%s: an attribute cannot be removed",
                        trait_names[trait]);
    ch->has[trait] = 0;
    return COPS_OK;
  }
  if (!cops__d6_code_ok(*code) || code->dice > COPS__D6_TRAIT_DICE_MAX)
    return cops__fail(ch->ctx, COPS_ERANGE, "%s %dD+%d: dice 0..%d, pips 0..2",
                      trait_names[trait], code->dice, code->pips, COPS__D6_TRAIT_DICE_MAX);
  ch->trait[trait] = *code;
  ch->has[trait] = 1;
  if (trait == COPS_D6_VIGUEUR && !ch->hp_given) {   /* §8.2 follows Vigueur */
    ch->w.hp_max = cops_d6_hit_points(*code);
    if (ch->w.hp_lost > ch->w.hp_max)
      ch->w.hp_lost = ch->w.hp_max;
    ch->w.level = cops__d6_level(&ch->w);
  }
  return COPS_OK;
}

int cops_d6_character_natural_damage(const cops_d6_character *ch, cops_d6_code *code)
{
  if (!ch || !code)
    return COPS_EINVAL;
  if (ch->has_natural) {
    *code = ch->natural;
    return 1;
  }
  /* D6-A9: half Vigueur's dice, rounded up, its pips ignored. */
  code->dice = (ch->trait[COPS_D6_VIGUEUR].dice + 1) / 2;
  code->pips = 0;
  return 0;
}

int cops_d6_character_set_natural_damage(cops_d6_character *ch, const cops_d6_code *code)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!code) {
    ch->has_natural = 0;
    return COPS_OK;
  }
  if (!cops__d6_code_ok(*code) || code->dice > COPS__D6_TRAIT_DICE_MAX)
    return cops__fail(ch->ctx, COPS_ERANGE, "natural damage %dD+%d: dice 0..%d, pips 0..2",
                      code->dice, code->pips, COPS__D6_TRAIT_DICE_MAX);
  ch->natural = *code;
  ch->has_natural = 1;
  return COPS_OK;
}

int cops_d6_character_points(const cops_d6_character *ch, int *cp, int *fp)
{
  if (!ch)
    return COPS_EINVAL;
  if (cp)
    *cp = ch->cp;
  if (fp)
    *fp = ch->fp;
  return COPS_OK;
}

int cops_d6_character_set_points(cops_d6_character *ch, int cp, int fp)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc;
  if ((rc = cops__d6_range(ch->ctx, "character points", cp, 0, 999)) ||
      (rc = cops__d6_range(ch->ctx, "fate points", fp, 0, 99)))
    return rc;
  ch->cp = cp;
  ch->fp = fp;
  return COPS_OK;
}

int cops_d6_character_scale(const cops_d6_character *ch)
{
  return ch ? ch->scale : COPS_EINVAL;
}

int cops_d6_character_set_scale(cops_d6_character *ch, int scale)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = cops__d6_range(ch->ctx, "scale", scale, -15, 24);
  if (rc)
    return rc;
  ch->scale = scale;
  return COPS_OK;
}

/* ---- wounds ------------------------------------------------------------------------- */

int cops_d6_character_wounds(const cops_d6_character *ch, cops_d6_wounds *out)
{
  if (!ch || !out || out->size < COPS__D6_WOUNDS_SIZE_0_16 || out->size > sizeof *out)
    return COPS_EINVAL;
  const uint32_t size = out->size;
  memcpy(out, &ch->w, size);
  out->size = size;
  return COPS_OK;
}

int cops_d6_character_set_wounds(cops_d6_character *ch, const cops_d6_wounds *given)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  cops_ctx *ctx = ch->ctx;
  if (!given || given->size < COPS__D6_WOUNDS_SIZE_0_16 || given->size > sizeof *given)
    return cops__fail(ctx, COPS_EINVAL, "wounds: NULL or a size the library does not know");
  cops_d6_wounds w = ch->w;
  memcpy(&w, given, given->size);
  w.size = sizeof w;
  int rc;
  if ((rc = cops__d6_range(ctx, "wounds.mode", w.mode, 0, 1)) ||
      (rc = cops__d6_range(ctx, "wounds.extra", w.extra, 0, 2)) ||
      (rc = cops__d6_range(ctx, "wounds.step", w.step, 0, COPS_D6_KILLED + w.extra)) ||
      (rc = cops__d6_range(ctx, "wounds.hp_max", w.hp_max, 1, 999)) ||
      (rc = cops__d6_range(ctx, "wounds.hp_lost", w.hp_lost, 0, w.hp_max)) ||
      (rc = cops__d6_range(ctx, "wounds.stunned", w.stunned, 0, 1)) ||
      (rc = cops__d6_range(ctx, "wounds.stunned_rounds", w.stunned_rounds, 0, 11)) ||
      (rc = cops__d6_range(ctx, "wounds.defend_only", w.defend_only, 0, 2)) ||
      (rc = cops__d6_range(ctx, "wounds.unconscious", w.unconscious, 0, 1000000)) ||
      (rc = cops__d6_range(ctx, "wounds.mortal_rounds", w.mortal_rounds, 0, 1000000)) ||
      (rc = cops__d6_range(ctx, "wounds.stabilised", w.stabilised, 0, 1)) ||
      (rc = cops__d6_range(ctx, "wounds.confused", w.confused, 0, 2)) ||
      (rc = cops__d6_range(ctx, "wounds.protection", w.protection, 0, 100)) ||
      (rc = cops__d6_range(ctx, "wounds.protection_rounds", w.protection_rounds, 0, 1000000)))
    return rc;
  if (w.limbs & ~(COPS_D6_ARM_HURT | COPS_D6_LEG_HURT))
    return cops__fail(ctx, COPS_EINVAL, "wounds.limbs: unknown bits 0x%x", w.limbs);
  for (int k = 0; k < 4; k++)
    if ((rc = cops__d6_range(ctx, "wounds.treated", w.treated[k], -1, 1000000)))
      return rc;
  if (w.mode != ch->w.mode) {         /* D6-A31: the level carried across */
    if (w.mode == COPS_D6_HIT_POINTS)
      w.hp_lost = cops__d6_hp_bottom(cops__d6_level(&ch->w), w.hp_max);
    else {
      const int level = cops_d6_hp_level(ch->w.hp_lost, ch->w.hp_max);
      w.step = level <= COPS_D6_SEVERELY ? level : level + w.extra;
    }
  }
  if (w.hp_max != ch->w.hp_max)
    ch->hp_given = 1;
  w.level = cops__d6_level(&w);
  ch->w = w;
  return COPS_OK;
}

int cops_d6_character_set_mode(cops_d6_character *ch, int mode)
{
  if (!ch)
    return COPS_EINVAL;
  cops_d6_wounds w = ch->w;
  w.mode = mode;
  return cops_d6_character_set_wounds(ch, &w);
}

int cops_d6_character_can_act(const cops_d6_character *ch)
{
  if (!ch)
    return COPS_EINVAL;
  return ch->w.level < COPS_D6_MORTALLY && !ch->w.unconscious;
}

/* The rolls an armour's penalty hinders: Agility and Coordination and their skills, or
 * Perception and its skills (§10.1). */
static int hindered(int trait, int perception)
{
  const int parent = trait_parent[trait];
  return perception ? parent == COPS_D6_PERCEPTION
                    : parent == COPS_D6_AGILITY || parent == COPS_D6_COORDINATION;
}

void cops__d6_penalty(const cops_d6_character *ch, int trait, int *dice, int *points)
{
  int d = 0, p = 0;
  switch (ch->w.level) {                 /* D6-A17: the current level's penalty only */
  case COPS_D6_STUNNED: d = ch->w.stunned ? -1 : 0; break;
  case COPS_D6_WOUNDED: d = -1; break;
  case COPS_D6_SEVERELY: d = -2; break;
  case COPS_D6_INCAPACITATED: d = -3; break;
  default: break;                        /* 0; 5 and 6: no roll but the survival's */
  }
  if ((ch->w.limbs & COPS_D6_ARM_HURT) &&          /* D6-A67 */
      (trait == COPS_D6_BRAWLING || trait == COPS_D6_MELEE_WEAPONS ||
       trait == COPS_D6_MARKSMANSHIP || trait == COPS_D6_THROWING))
    d -= 1;
  if ((ch->w.limbs & COPS_D6_LEG_HURT) && (trait == COPS_D6_DODGE || trait == COPS_D6_ACROBATICS))
    d -= 1;
  for (int i = 0; i < ch->nprot; i++)
    if (hindered(trait, ch->prot[i].penalty_perception)) {
      d += ch->prot[i].penalty_dice;
      p += ch->prot[i].penalty_points;
    }
  *dice = d;
  *points = p;
}

int cops_d6_character_penalty(const cops_d6_character *ch, int trait, int *dice, int *points)
{
  if (!ch || trait < 0 || trait >= COPS_D6_TRAIT_COUNT)
    return COPS_EINVAL;
  int d, p;
  cops__d6_penalty(ch, trait, &d, &p);
  if (dice)
    *dice = d;
  if (points)
    *points = p;
  return COPS_OK;
}
