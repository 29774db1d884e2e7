/* Storyteller characters (ST §0.6, §0.7, §2; ST-A3, ST-A8, ST-A12; ST-M2) and
 * their health track (ST-L1), and the rules' defaults (§7). */
#include <string.h>

#include "st/st-private.h"
#include "st-private.h"

/* The first published size of cops_st_rules (0.15.0). */
#define RULES_SIZE_0_15 (offsetof(cops_st_rules, stray_shots) + sizeof(int))

static const char *const trait_names[COPS_ST_TRAIT_COUNT] = {
  "Strength", "Dexterity", "Stamina", "Wits", "Resolve", "Composure",
  "Brawl", "Weaponry", "Firearms", "Athletics", "Vigor", "Size",
};
static const char *const derived_names[COPS_ST_DERIVED_COUNT] = {
  "Defense", "Initiative", "Speed", "Health", "Willpower",
};

void cops__st_rules_default(cops_st_rules *r)
{
  memset(r, 0, sizeof *r);
  r->size = sizeof *r;
  r->threshold = 8;          /* ST-A37 */
  r->again = 10;             /* ST-A1 */
  r->chance_die = 1;         /* ST-A2 */
  r->human_size = 5;         /* ST-A3 */
  r->speed_base = 5;         /* ST-A3 */
  r->defense_athletics = 0;  /* ST-A3 */
  r->health_track = 1;       /* ST-L1 */
  r->wound_penalties = 1;    /* ST-L1 */
  r->combatant_xp = 20;      /* §2, ST-A12 */
  r->combatant_skill = 2;    /* §2 */
  r->outnumber_incremental = 0; /* ST-A7 */
  r->stray_shots = 1;        /* ST-A15 */
}

int cops_st_rules_init_sized(cops_st_rules *r, size_t size)
{
  if (!r || size < RULES_SIZE_0_15 || size > sizeof *r)
    return COPS_EINVAL;
  cops_st_rules full;
  cops__st_rules_default(&full);
  memcpy(r, &full, size);
  r->size = (uint32_t)size;
  return COPS_OK;
}

int cops__st_rules_in(cops_ctx *ctx, const cops_st_rules *given, cops_st_rules *out)
{
  cops__st_rules_default(out);
  if (!given)
    return COPS_OK;
  if (given->size < RULES_SIZE_0_15 || given->size > sizeof *out)
    return cops__fail(ctx, COPS_EINVAL, "rules size %u, expected %zu (initialise them with "
                      "cops_st_rules_init)", (unsigned)given->size, sizeof *out);
  memcpy(out, given, given->size);
  out->size = sizeof *out;
  int rc;
  if ((rc = cops__st_range(ctx, "rules.threshold", out->threshold, 2, 10)) ||
      (rc = cops__st_range(ctx, "rules.chance_die", out->chance_die, 0, 1)) ||
      (rc = cops__st_range(ctx, "rules.human_size", out->human_size, 1, COPS_ST_SIZE_MAX)) ||
      (rc = cops__st_range(ctx, "rules.speed_base", out->speed_base, 0, 20)) ||
      (rc = cops__st_range(ctx, "rules.defense_athletics", out->defense_athletics, 0, 1)) ||
      (rc = cops__st_range(ctx, "rules.health_track", out->health_track, 0, 1)) ||
      (rc = cops__st_range(ctx, "rules.wound_penalties", out->wound_penalties, 0, 1)) ||
      (rc = cops__st_range(ctx, "rules.combatant_xp", out->combatant_xp, 0, 100000)) ||
      (rc = cops__st_range(ctx, "rules.combatant_skill", out->combatant_skill, 0,
                           COPS_ST_TRAIT_MAX + 1)) ||
      (rc = cops__st_range(ctx, "rules.outnumber_incremental", out->outnumber_incremental, 0,
                           1)) ||
      (rc = cops__st_range(ctx, "rules.stray_shots", out->stray_shots, 0, 1)))
    return rc;
  if (out->again != 0 && (out->again < 8 || out->again > 10 || out->again < out->threshold))
    return cops__fail(ctx, COPS_ERANGE, "rules.again %d: 8, 9 or 10, not below the threshold "
                      "(0 for no re-roll)", out->again);
  return COPS_OK;
}

/* ---- the character ---------------------------------------------------------------- */

int cops_st_character_new(cops_st_character **out, cops_ctx *ctx)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_st_character *ch = cops__calloc(&ctx->alloc, sizeof *ch);
  if (!ch)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a character");
  ch->ctx = ctx;                 /* Size 0: the rules' human_size (ST-A3) */
  for (int d = 0; d < COPS_ST_DERIVED_COUNT; d++)
    ch->derived[d] = -1;
  ch->combatant = -1;
  ch->willpower = -1;            /* full until spent */
  *out = ch;
  return COPS_OK;
}

void cops_st_character_free(cops_st_character *ch)
{
  if (ch)
    cops__free(&ch->ctx->alloc, ch);
}

int cops_st_character_copy(cops_st_character **out, const cops_st_character *ch)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ch)
    return COPS_EINVAL;
  cops_st_character *c = cops__malloc(&ch->ctx->alloc, sizeof *c);
  if (!c)
    return cops__fail(ch->ctx, COPS_ENOMEM, "out of memory for a character");
  *c = *ch;
  *out = c;
  return COPS_OK;
}

const char *cops_st_character_name(const cops_st_character *ch)
{
  return ch ? ch->name : NULL;
}

int cops_st_character_set_name(cops_st_character *ch, const char *name)
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

static int trait_ok(const cops_st_character *ch, int trait)
{
  if (!ch)
    return COPS_EINVAL;
  if (trait < 0 || trait >= COPS_ST_TRAIT_COUNT)
    return cops__fail(ch->ctx, COPS_EINVAL, "unknown trait %d", trait);
  return COPS_OK;
}

int cops_st_character_trait(const cops_st_character *ch, int trait)
{
  const int rc = trait_ok(ch, trait);
  if (rc)
    return rc;
  return trait == COPS_ST_SIZE && !ch->trait[trait] ? 5 : ch->trait[trait];
}

int cops_st_character_set_trait(cops_st_character *ch, int trait, int value)
{
  int rc = trait_ok(ch, trait);
  if (rc)
    return rc;
  if (trait == COPS_ST_SIZE)   /* 0: the rules' human_size again */
    rc = cops__st_range(ch->ctx, "Size", value, 0, COPS_ST_SIZE_MAX);
  else
    rc = cops__st_range(ch->ctx, trait_names[trait], value, 0, COPS_ST_TRAIT_MAX);
  if (!rc)
    ch->trait[trait] = value;
  return rc;
}

int cops__st_derived(const cops_st_character *ch, const cops_st_rules *r, int which)
{
  if (ch->derived[which] >= 0)
    return ch->derived[which];
  const int *t = ch->trait;
  switch (which) {
  case COPS_ST_DEFENSE: {
    const int base = t[COPS_ST_DEXTERITY] < t[COPS_ST_WITS] ? t[COPS_ST_DEXTERITY] : t[COPS_ST_WITS];
    return base + (r->defense_athletics ? t[COPS_ST_ATHLETICS] : 0);
  }
  case COPS_ST_INITIATIVE: return t[COPS_ST_DEXTERITY] + t[COPS_ST_COMPOSURE];
  case COPS_ST_SPEED: return t[COPS_ST_STRENGTH] + t[COPS_ST_DEXTERITY] + r->speed_base;
  case COPS_ST_HEALTH: return t[COPS_ST_STAMINA] + (t[COPS_ST_SIZE] ? t[COPS_ST_SIZE] : r->human_size);
  default: return t[COPS_ST_RESOLVE] + t[COPS_ST_COMPOSURE];
  }
}

int cops_st_character_derived(const cops_st_character *ch, const cops_st_rules *rules,
                              int which)
{
  if (!ch)
    return COPS_EINVAL;
  cops_st_rules r;
  int rc = cops__st_rules_in(ch->ctx, rules, &r);
  if (rc)
    return rc;
  if (which < 0 || which >= COPS_ST_DERIVED_COUNT)
    return cops__fail(ch->ctx, COPS_EINVAL, "unknown derived trait %d", which);
  return cops__st_derived(ch, &r, which);
}

int cops_st_character_set_derived(cops_st_character *ch, int which, int value)
{
  if (!ch)
    return COPS_EINVAL;
  if (which < 0 || which >= COPS_ST_DERIVED_COUNT)
    return cops__fail(ch->ctx, COPS_EINVAL, "unknown derived trait %d", which);
  int rc = cops__st_range(ch->ctx, derived_names[which], value, -1, 99);
  if (!rc && which == COPS_ST_HEALTH && value == 0)
    rc = cops__fail(ch->ctx, COPS_ERANGE, "Health 0: at least 1 box (or -1 to compute it)");
  if (!rc)
    ch->derived[which] = value;
  return rc;
}

int cops_st_character_points(const cops_st_character *ch, int kind, int *current, int *max)
{
  if (!ch || !current || !max)
    return COPS_EINVAL;
  if (kind == COPS_ST_VITAE) {
    *current = ch->vitae;
    *max = ch->vitae_max;
    return COPS_OK;
  }
  if (kind != COPS_ST_WILLPOWER)
    return cops__fail(ch->ctx, COPS_EINVAL, "unknown point pool %d", kind);
  cops_st_rules r;
  cops__st_rules_default(&r);
  *max = cops__st_derived(ch, &r, COPS_ST_WILLPOWER_MAX);
  *current = ch->willpower < 0 || ch->willpower > *max ? *max : ch->willpower;
  return COPS_OK;
}

int cops_st_character_set_points(cops_st_character *ch, int kind, int current)
{
  if (!ch)
    return COPS_EINVAL;
  int cur = 0, max = 0, rc;
  if ((rc = cops_st_character_points(ch, kind, &cur, &max)))
    return rc;
  if (kind == COPS_ST_VITAE) {
    if ((rc = cops__st_range(ch->ctx, "Vitae", current, 0, 50)))
      return rc;
    ch->vitae = current;
    if (current > ch->vitae_max)
      ch->vitae_max = current;
    return COPS_OK;
  }
  if ((rc = cops__st_range(ch->ctx, "Willpower", current, 0, max)))
    return rc;
  ch->willpower = current;
  return COPS_OK;
}

#define BACKGROUND_ALL (COPS_ST_MILITARY | COPS_ST_POLICE | COPS_ST_CRIMINAL | \
                        COPS_ST_CRISIS_TRAINED | COPS_ST_PLAYER)

unsigned cops_st_character_background(const cops_st_character *ch)
{
  return ch ? ch->background : 0;
}

int cops_st_character_set_background(cops_st_character *ch, unsigned flags)
{
  if (!ch)
    return COPS_EINVAL;
  if (flags & ~BACKGROUND_ALL)
    return cops__fail(ch->ctx, COPS_EINVAL, "unknown background flags 0x%x", flags);
  ch->background = flags;
  return COPS_OK;
}

int cops_st_character_experience(const cops_st_character *ch)
{
  return ch ? ch->xp : COPS_EINVAL;
}

int cops_st_character_set_experience(cops_st_character *ch, int xp)
{
  if (!ch)
    return COPS_EINVAL;
  const int rc = cops__st_range(ch->ctx, "experience", xp, 0, 100000);
  if (!rc)
    ch->xp = xp;
  return rc;
}

int cops__st_is_combatant(const cops_st_character *ch, const cops_st_rules *r)
{
  if (ch->combatant >= 0)
    return ch->combatant;
  const int *t = ch->trait;
  return (ch->background & ~COPS_ST_PLAYER) != 0 ||
         t[COPS_ST_FIREARMS] >= r->combatant_skill || t[COPS_ST_WEAPONRY] >= r->combatant_skill ||
         t[COPS_ST_BRAWL] >= r->combatant_skill ||
         ((ch->background & COPS_ST_PLAYER) && ch->xp > r->combatant_xp);
}

int cops_st_character_is_combatant(const cops_st_character *ch, const cops_st_rules *rules)
{
  if (!ch)
    return COPS_EINVAL;
  cops_st_rules r;
  const int rc = cops__st_rules_in(ch->ctx, rules, &r);
  return rc ? rc : cops__st_is_combatant(ch, &r);
}

int cops_st_character_set_combatant(cops_st_character *ch, int combatant)
{
  if (!ch)
    return COPS_EINVAL;
  const int rc = cops__st_range(ch->ctx, "combatant", combatant, -1, 1);
  if (!rc)
    ch->combatant = combatant;
  return rc;
}

/* ---- the health track (ST-L1) ---------------------------------------------------- */

void cops__st_mark(cops_st_character *ch, int health, int boxes, int type)
{
  for (int i = 0; i < boxes && !ch->dead; i++) {
    if (ch->bashing + ch->lethal < health) {
      if (type == COPS_ST_LETHAL)
        ch->lethal++;
      else
        ch->bashing++;
    } else if (ch->bashing > 0) {   /* a full track: a bashing box turns lethal */
      ch->bashing--;
      ch->lethal++;
    } else {                        /* full of lethal: no box left */
      ch->dead = 1;
    }
  }
}

int cops_st_character_damage(cops_st_character *ch, const cops_st_rules *rules, int boxes,
                             int type)
{
  if (!ch)
    return COPS_EINVAL;
  cops_st_rules r;
  int rc = cops__st_rules_in(ch->ctx, rules, &r);
  if (rc || (rc = cops__st_range(ch->ctx, "boxes", boxes, 0, 100)))
    return rc;
  if (type != COPS_ST_BASHING && type != COPS_ST_LETHAL)
    return cops__fail(ch->ctx, COPS_EINVAL, "damage type %d: bashing (0) or lethal (1)", type);
  if (r.health_track)
    cops__st_mark(ch, cops__st_derived(ch, &r, COPS_ST_HEALTH), boxes, type);
  return COPS_OK;
}

int cops_st_character_health(const cops_st_character *ch, int *bashing, int *lethal)
{
  if (!ch)
    return COPS_EINVAL;
  if (bashing)
    *bashing = ch->bashing;
  if (lethal)
    *lethal = ch->lethal;
  return COPS_OK;
}

int cops_st_character_set_health(cops_st_character *ch, int bashing, int lethal)
{
  if (!ch)
    return COPS_EINVAL;
  int rc;
  if ((rc = cops__st_range(ch->ctx, "bashing", bashing, 0, 100)) ||
      (rc = cops__st_range(ch->ctx, "lethal", lethal, 0, 100)))
    return rc;
  ch->bashing = bashing;
  ch->lethal = lethal;
  ch->dead = 0;
  return COPS_OK;
}

int cops__st_health_state(const cops_st_character *ch, const cops_st_rules *r)
{
  if (ch->dead)
    return COPS_ST_DEAD;
  const int health = cops__st_derived(ch, r, COPS_ST_HEALTH);
  if (ch->bashing + ch->lethal < health)
    return COPS_ST_FIT;
  return ch->lethal >= health ? COPS_ST_BLEEDING_OUT : COPS_ST_UNCONSCIOUS;
}

int cops_st_character_health_state(const cops_st_character *ch, const cops_st_rules *rules)
{
  if (!ch)
    return COPS_EINVAL;
  cops_st_rules r;
  const int rc = cops__st_rules_in(ch->ctx, rules, &r);
  return rc ? rc : cops__st_health_state(ch, &r);
}

int cops__st_wound_penalty(const cops_st_character *ch, const cops_st_rules *r)
{
  if (!r->wound_penalties)
    return 0;
  const int health = cops__st_derived(ch, r, COPS_ST_HEALTH);
  const int marked = ch->bashing + ch->lethal;
  for (int k = 0; k < 3; k++) {      /* the last box, then the two before it */
    const int box = health - k;      /* 1-based */
    if (box >= 1 && marked >= box)
      return k - 3;
  }
  return 0;
}

int cops_st_character_wound_penalty(const cops_st_character *ch, const cops_st_rules *rules)
{
  if (!ch)
    return COPS_EINVAL;
  cops_st_rules r;
  const int rc = cops__st_rules_in(ch->ctx, rules, &r);
  return rc ? rc : cops__st_wound_penalty(ch, &r);
}

const char *cops_st_trait_name(int trait)
{
  return trait >= 0 && trait < COPS_ST_TRAIT_COUNT ? trait_names[trait] : NULL;
}

const char *cops_st_derived_name(int which)
{
  return which >= 0 && which < COPS_ST_DERIVED_COUNT ? derived_names[which] : NULL;
}

int cops_st_trait_parse(const char *name, int *trait)
{
  if (!name || !trait)
    return COPS_EINVAL;
  const int i = cops__name_index(name, trait_names, COPS_ST_TRAIT_COUNT);
  if (i < 0)
    return COPS_ENOTFOUND;
  *trait = i;
  return COPS_OK;
}
