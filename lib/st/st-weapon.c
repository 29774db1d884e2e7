/* Storyteller weapons and protection (ST §0.5, §6.4, §6.6, §6.13, §6.14; ST-A22,
 * ST-A24, ST-A31, ST-A32; ST-M4, ST-M5). */
#include <string.h>

#include "st/st-private.h"
#include "st-private.h"

const char *const cops__st_weapon_kind_names[4] = {"unarmed", "melee", "firearm", "teeth"};
const char *const cops__st_damage_type_names[2] = {"bashing", "lethal"};
const char *const cops__st_health_state_names[4] = {"fit", "unconscious", "bleeding_out", "dead"};

static void weapon_default(cops_st_weapon *w, int kind)
{
  static const struct { const char *name; int damage, type; } d[4] = {
    {"Fists", 0, COPS_ST_BASHING}, {"Knife", 0, COPS_ST_LETHAL},
    {"Pistol", 2, COPS_ST_LETHAL}, {"Teeth", -1, COPS_ST_BASHING},
  };
  memset(w, 0, sizeof *w);
  w->size = sizeof *w;
  memcpy(w->name, d[kind].name, strlen(d[kind].name) + 1);
  w->damage = d[kind].damage;
  w->type = d[kind].type;
  w->kind = kind;
  w->ammo = -1;
  if (kind == COPS_ST_FIREARM) {
    w->range[0] = 20;
    w->range[1] = 40;
    w->range[2] = 80;
  }
}

void cops__st_fists(cops_st_weapon *w)
{
  weapon_default(w, COPS_ST_UNARMED);
}

int cops_st_weapon_init_sized(cops_st_weapon *w, size_t size, int kind)
{
  if (!w || size < COPS__ST_WEAPON_SIZE_0_15 || size > sizeof *w || kind < 0 ||
      kind > COPS_ST_TEETH)
    return COPS_EINVAL;
  cops_st_weapon full;
  weapon_default(&full, kind);
  memcpy(w, &full, size);
  w->size = (uint32_t)size;
  return COPS_OK;
}

int cops__st_weapon_check(cops_ctx *ctx, const cops_st_weapon *w, const char *where)
{
  if (w->size < COPS__ST_WEAPON_SIZE_0_15 || w->size > sizeof *w)
    return cops__fail(ctx, COPS_EINVAL, "%s: size %u, expected %zu (cops_st_weapon_init)", where,
                      (unsigned)w->size, sizeof *w);
  const char *nul = memchr(w->name, '\0', sizeof w->name);
  if (!nul || nul == w->name || !cops__clean_text(w->name))
    return cops__fail(ctx, COPS_EINVAL, "%s.name: 1 to %zu bytes of clean UTF-8", where,
                      sizeof w->name - 1);
  if (w->kind < COPS_ST_UNARMED || w->kind > COPS_ST_TEETH)
    return cops__fail(ctx, COPS_EINVAL, "%s.kind %d: unarmed, melee, firearm or teeth", where,
                      w->kind);
  if (w->type != COPS_ST_BASHING && w->type != COPS_ST_LETHAL)
    return cops__fail(ctx, COPS_EINVAL, "%s.type %d: bashing (0) or lethal (1)", where, w->type);
  if (w->damage < -1 || w->damage > 10)
    return cops__fail(ctx, COPS_ERANGE, "%s.damage %d out of range -1..10", where, w->damage);
  if (w->automatic != 0 && w->automatic != 1)
    return cops__fail(ctx, COPS_ERANGE, "%s.automatic %d: 0 or 1", where, w->automatic);
  if (w->min_strength < 0 || w->min_strength > COPS_ST_TRAIT_MAX)
    return cops__fail(ctx, COPS_ERANGE, "%s.min_strength %d out of range 0..%d", where,
                      w->min_strength, COPS_ST_TRAIT_MAX);
  for (int b = 0; b < 3; b++)
    if (w->range[b] < 0 || w->range[b] > 10000 || (b > 0 && w->range[b] < w->range[b - 1]))
      return cops__fail(ctx, COPS_ERANGE, "%s.range: short <= medium <= long, each 0..10000 m "
                        "(ST-A24)", where);
  if (w->ammo < -1 || w->ammo > 1000)
    return cops__fail(ctx, COPS_ERANGE, "%s.ammo %d out of range -1..1000 (-1: untracked)", where,
                      w->ammo);
  if (w->kind == COPS_ST_FIREARM && w->range[2] == 0)
    return cops__fail(ctx, COPS_ERANGE, "%s.range: a firearm reaches some distance (ST-A24)",
                      where);
  return COPS_OK;
}

int cops_st_character_weapon_count(const cops_st_character *ch)
{
  return ch ? ch->nweapons : COPS_EINVAL;
}

int cops_st_character_weapon_sized(const cops_st_character *ch, int i, cops_st_weapon *out,
                                   size_t size)
{
  if (!ch || !out || size < COPS__ST_WEAPON_SIZE_0_15 || size > sizeof *out)
    return COPS_EINVAL;
  if (i < 0 || i >= ch->nweapons)
    return cops__fail(ch->ctx, COPS_ERANGE, "weapon %d: the character carries %d", i,
                      ch->nweapons);
  memcpy(out, &ch->weapon[i], size);
  out->size = (uint32_t)size;
  return COPS_OK;
}

int cops_st_character_add_weapon(cops_st_character *ch, const cops_st_weapon *w, int *index)
{
  if (!ch)
    return COPS_EINVAL;
  if (!w)
    return cops__fail(ch->ctx, COPS_EINVAL, "weapon is NULL");
  cops_st_weapon full;
  memset(&full, 0, sizeof full);
  if (w->size >= COPS__ST_WEAPON_SIZE_0_15 && w->size <= sizeof full)
    memcpy(&full, w, w->size);
  full.size = w->size;
  int rc = cops__st_weapon_check(ch->ctx, &full, "weapon");
  if (rc)
    return rc;
  if (ch->nweapons == COPS_ST_WEAPONS_MAX)
    return cops__fail(ch->ctx, COPS_ERANGE, "the character carries %d weapons already (at most)",
                      COPS_ST_WEAPONS_MAX);
  full.size = sizeof full;
  ch->weapon[ch->nweapons] = full;
  if (index)
    *index = ch->nweapons;
  ch->nweapons++;
  return COPS_OK;
}

int cops_st_character_remove_weapon(cops_st_character *ch, int i)
{
  if (!ch)
    return COPS_EINVAL;
  if (i < 0 || i >= ch->nweapons)
    return cops__fail(ch->ctx, COPS_ERANGE, "weapon %d: the character carries %d", i,
                      ch->nweapons);
  memmove(&ch->weapon[i], &ch->weapon[i + 1], (size_t)(ch->nweapons - i - 1) * sizeof ch->weapon[0]);
  ch->nweapons--;
  return COPS_OK;
}

int cops_st_character_set_protection(cops_st_character *ch, int vest, int armour,
                                     int old_fashioned)
{
  if (!ch)
    return COPS_EINVAL;
  int rc;
  if ((rc = cops__st_range(ch->ctx, "vest", vest, 0, 3)) ||
      (rc = cops__st_range(ch->ctx, "armour", armour, 0, 2)) ||
      (rc = cops__st_range(ch->ctx, "old_fashioned", old_fashioned, 0, 1)))
    return rc;
  ch->vest = vest;
  ch->armour = armour;
  ch->old_fashioned = old_fashioned;
  ch->vest_used = ch->armour_used = 0;
  return COPS_OK;
}

int cops_st_character_protection(const cops_st_character *ch, int *vest, int *armour,
                                 int *old_fashioned)
{
  if (!ch)
    return COPS_EINVAL;
  if (vest)
    *vest = ch->vest;
  if (armour)
    *armour = ch->armour;
  if (old_fashioned)
    *old_fashioned = ch->old_fashioned;
  return COPS_OK;
}

int cops_st_character_begin_round(cops_st_character *ch)
{
  if (!ch)
    return COPS_EINVAL;
  ch->vest_used = ch->armour_used = 0;
  return COPS_OK;
}
