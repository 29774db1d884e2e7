/* D6 weapons and protections (OTHER-SYSTEMS.md D6 §9, §10; D6-A38, D6-A39; D6-M4, D6-M5):
 * the seed's tables as data, the checks of a caller's, and a character's equipment. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "d6/d6-private.h"
#include "d6-private.h"

const char *const cops__d6_category_names[COPS_D6_WEAPON_CATEGORY_COUNT] = {
  "melee", "missile", "thrown", "pistol", "rifle", "shotgun", "assault", "semi_auto",
  "automatic", "explosive"};
const char *const cops__d6_coverage_names[3] = {"body", "head", "parry"};

#define B COPS_D6_BURST_FIRE
/* name, category, damage dice and pips, adds natural damage, Vig ranges, ranges, ammo,
 * roll dice, flags: §9.2-§9.11 in the seed's order. */
static const struct gear_weapon {
  const char *name;
  signed char category, dice, pips, plus, vig;
  short range[3];
  short ammo;
  signed char roll;
  unsigned char flags;
} weapons[] = {
  {"Dagger", COPS_D6_MELEE, 1, 0, 1, 0, {0, 0, 0}, 0, 0, 0},
  {"Sword", COPS_D6_MELEE, 2, 0, 1, 0, {0, 0, 0}, 0, 0, 0},
  {"Long sword", COPS_D6_MELEE, 3, 1, 1, 0, {0, 0, 0}, 0, -1, 0},
  {"Axe", COPS_D6_MELEE, 3, 0, 1, 0, {0, 0, 0}, 0, 0, 0},
  {"War axe", COPS_D6_MELEE, 4, 0, 1, 0, {0, 0, 0}, 0, -1, 0},
  {"Katana", COPS_D6_MELEE, 3, 0, 1, 0, {0, 0, 0}, 0, 0, 0},
  {"Machete", COPS_D6_MELEE, 1, 2, 1, 0, {0, 0, 0}, 0, 0, 0},
  {"Mace", COPS_D6_MELEE, 1, 1, 1, 0, {0, 0, 0}, 0, 0, 0},
  {"Nunchaku", COPS_D6_MELEE, 1, 2, 1, 0, {0, 0, 0}, 0, 0, 0},
  {"Rapier", COPS_D6_MELEE, 2, 0, 1, 0, {0, 0, 0}, 0, 0, 0},
  {"Tonfa", COPS_D6_MELEE, 1, 2, 1, 0, {0, 0, 0}, 0, 0, 0},
  {"Bow", COPS_D6_MISSILE, 1, 2, 1, 0, {10, 100, 250}, 0, 0, 0},
  {"Longbow", COPS_D6_MISSILE, 2, 2, 1, 0, {10, 100, 250}, 0, 0, 0},
  {"Composite bow", COPS_D6_MISSILE, 3, 1, 1, 0, {10, 100, 250}, 0, 0, 0},
  {"Crossbow", COPS_D6_MISSILE, 4, 0, 0, 0, {10, 100, 200}, 0, 0, 0},
  {"Heavy crossbow", COPS_D6_MISSILE, 4, 1, 0, 0, {10, 100, 300}, 0, 0, 0},
  {"Harpoon launcher", COPS_D6_MISSILE, 6, 0, 0, 0, {20, 200, 400}, 0, 0, 0},
  {"Boomerang", COPS_D6_THROWN, 1, 1, 1, 0, {5, 40, 100}, 0, 0, 0},
  {"Stone", COPS_D6_THROWN, 0, 1, 1, 1, {-2, -1, 0}, 0, 0, 0},
  {"Javelin", COPS_D6_THROWN, 2, 0, 1, 0, {5, 25, 40}, 0, 0, 0},
  {"Shuriken", COPS_D6_THROWN, 1, 0, 1, 0, {5, 10, 15}, 0, 0, 0},
  {"Throwing knife", COPS_D6_THROWN, 1, 0, 1, 0, {5, 10, 15}, 0, 0, 0},
  {"Colt .45 Peacemaker", COPS_D6_PISTOL, 4, 1, 0, 0, {15, 30, 45}, 6, 0, 0},
  {"Glock 17", COPS_D6_PISTOL, 3, 2, 0, 0, {8, 16, 24}, 8, 0, 0},
  {"Luger P08", COPS_D6_PISTOL, 3, 2, 0, 0, {10, 20, 30}, 8, 0, 0},
  {"Smith & Wesson .357 Magnum", COPS_D6_PISTOL, 5, 0, 0, 0, {20, 35, 50}, 6, 0, 0},
  {"Walter PPK 9mm", COPS_D6_PISTOL, 3, 0, 0, 0, {7, 14, 21}, 7, 0, 0},
  {"Winchester 94", COPS_D6_RIFLE, 6, 1, 0, 0, {30, 60, 120}, 6, 0, 0},
  {"Springfield M1903", COPS_D6_RIFLE, 7, 0, 0, 0, {40, 80, 160}, 5, 0, 0},
  {"Remington 30", COPS_D6_SHOTGUN, 6, 0, 0, 0, {20, 40, 60}, 2, 0, 0},
  {"Kalashnikov AK-47", COPS_D6_ASSAULT, 6, 0, 0, 0, {45, 85, 170}, 30, 0, B},
  {"Thompson M1", COPS_D6_SEMI_AUTO, 4, 2, 0, 0, {25, 50, 75}, 30, 0, B},
  {"Uzi 9mm", COPS_D6_SEMI_AUTO, 3, 2, 0, 0, {20, 40, 60}, 20, 0, B},
  {"Vickers MK.1", COPS_D6_AUTOMATIC, 7, 1, 0, 0, {150, 300, 900}, 250, 0, B},
  {"MG 42", COPS_D6_AUTOMATIC, 8, 2, 0, 0, {300, 600, 1200}, 500, 0, B},
  {"Stick of dynamite", COPS_D6_EXPLOSIVE, 5, 0, 0, 1, {-3, -2, 1}, 0, 0, 0},
  {"Fragmentation grenade", COPS_D6_EXPLOSIVE, 6, 0, 0, 1, {-4, -3, 3}, 0, 0, 0},
  {"C4", COPS_D6_EXPLOSIVE, 5, 0, 0, 0, {1, 1, 1}, 0, 0, 0},
  {"Gas grenade", COPS_D6_EXPLOSIVE, 0, 0, 0, 1, {-4, -3, 3}, 0, 0, 0},
};
#undef B
#define WEAPONS ((int)(sizeof weapons / sizeof weapons[0]))

/* name, armour dice and pips, coverage, energy only, penalty dice, points, on Perception:
 * §10.2-§10.4 (the helmet once: the ancient and the modern are the same). */
static const struct gear_protection {
  const char *name;
  signed char dice, pips, coverage, energy, pdice, ppoints, perception;
} protections[] = {
  {"Clothing", 0, 1, COPS_D6_COVERS_BODY, 0, 0, 0, 0},
  {"Fur", 0, 2, COPS_D6_COVERS_BODY, 0, 0, 0, 0},
  {"Light leather armour", 0, 2, COPS_D6_COVERS_BODY, 0, 0, -1, 0},
  {"Bone armour", 1, 0, COPS_D6_COVERS_BODY, 0, 0, -1, 0},
  {"Leather armour", 1, 0, COPS_D6_COVERS_BODY, 0, 0, -1, 0},
  {"Heavy leather armour", 1, 1, COPS_D6_COVERS_BODY, 0, 0, -2, 0},
  {"Chain mail", 2, 0, COPS_D6_COVERS_BODY, 0, -1, 0, 0},
  {"Plate armour", 3, 0, COPS_D6_COVERS_BODY, 0, -2, 0, 0},
  {"Helmet", 1, 0, COPS_D6_COVERS_HEAD, 0, 0, -1, 1},
  {"Shield", 1, 0, COPS_D6_COVERS_PARRY, 0, 0, 0, 0},
  {"Bulletproof vest", 3, 0, COPS_D6_COVERS_BODY, 0, 0, -2, 0},
  {"Light Kevlar vest", 2, 1, COPS_D6_COVERS_BODY, 0, 0, 0, 0},
  {"Kevlar vest", 2, 2, COPS_D6_COVERS_BODY, 0, 0, -1, 0},
  {"Heavy Kevlar vest", 3, 0, COPS_D6_COVERS_BODY, 0, 0, -2, 0},
  {"Portable energy shield", 3, 0, COPS_D6_COVERS_PARRY, 1, 0, 0, 0},
  {"Ceramic armour", 3, 1, COPS_D6_COVERS_BODY, 0, -1, 0, 0},
};
#define PROTECTIONS ((int)(sizeof protections / sizeof protections[0]))

const char *cops_d6_weapon_category_name(int category)
{
  return category >= 0 && category < COPS_D6_WEAPON_CATEGORY_COUNT
             ? cops__d6_category_names[category] : NULL;
}

static int same_name(const char *a, const char *b)
{
  for (; *a && *b; a++, b++)
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
      return 0;
  return *a == *b;
}

static void weapon_default(cops_d6_weapon *w, int category)
{
  memset(w, 0, sizeof *w);
  w->size = sizeof *w;
  w->category = category;
  if (category >= COPS_D6_ASSAULT && category <= COPS_D6_AUTOMATIC)
    w->flags = COPS_D6_BURST_FIRE;
}

/* A full weapon handed to a caller's struct of any published size. */
static int weapon_out(cops_d6_weapon *out, const cops_d6_weapon *full)
{
  if (!out || out->size < COPS__D6_WEAPON_SIZE_0_16 || out->size > sizeof *out)
    return COPS_EINVAL;
  const uint32_t size = out->size;
  memcpy(out, full, size);
  out->size = size;
  return COPS_OK;
}

int cops_d6_weapon_init_sized(cops_d6_weapon *w, size_t size, int category)
{
  if (!w || size < COPS__D6_WEAPON_SIZE_0_16 || size > sizeof *w || category < 0 ||
      category >= COPS_D6_WEAPON_CATEGORY_COUNT)
    return COPS_EINVAL;
  cops_d6_weapon full;
  weapon_default(&full, category);
  w->size = (uint32_t)size;
  return weapon_out(w, &full);
}

int cops_d6_weapon_count(void)
{
  return WEAPONS;
}

int cops_d6_weapon_at(int i, cops_d6_weapon *out)
{
  if (i < 0 || i >= WEAPONS)
    return COPS_ERANGE;
  const struct gear_weapon *g = &weapons[i];
  cops_d6_weapon w;
  weapon_default(&w, g->category);
  snprintf(w.name, sizeof w.name, "%s", g->name);
  w.damage.dice = g->dice;
  w.damage.pips = g->pips;
  w.adds_natural = g->plus;
  w.vig_range = g->vig;
  for (int k = 0; k < 3; k++)
    w.range[k] = g->range[k];
  w.ammo = g->ammo;
  w.roll_dice = g->roll;
  w.flags = g->flags;
  return weapon_out(out, &w);
}

int cops_d6_weapon_find(const char *name, cops_d6_weapon *out)
{
  if (!name || !out)
    return COPS_EINVAL;
  for (int i = 0; i < WEAPONS; i++)
    if (same_name(name, weapons[i].name))
      return cops_d6_weapon_at(i, out);
  return COPS_ENOTFOUND;
}

int cops__d6_weapon_check(cops_ctx *ctx, const cops_d6_weapon *w, const char *where)
{
  if (!w || w->size < COPS__D6_WEAPON_SIZE_0_16 || w->size > sizeof *w)
    return cops__fail(ctx, COPS_EINVAL, "%s: NULL or a size the library does not know "
                      "(initialise it with cops_d6_weapon_init)", where);
  if (!memchr(w->name, '\0', sizeof w->name) || !w->name[0])
    return cops__fail(ctx, COPS_EINVAL, "%s.name: 1 to %zu bytes", where, sizeof w->name - 1);
  char field[64];
#define RANGE(name, v, lo, hi)                                                                \
  do {                                                                                        \
    snprintf(field, sizeof field, "%s.%s", where, name);                                     \
    int rc_ = cops__d6_range(ctx, field, (v), (lo), (hi));                                   \
    if (rc_)                                                                                  \
      return rc_;                                                                             \
  } while (0)
  RANGE("category", w->category, 0, COPS_D6_WEAPON_CATEGORY_COUNT - 1);
  RANGE("damage.dice", w->damage.dice, 0, COPS__D6_TRAIT_DICE_MAX);
  RANGE("damage.pips", w->damage.pips, 0, 2);
  RANGE("adds_natural", w->adds_natural, 0, 1);
  RANGE("vig_range", w->vig_range, 0, 1);
  RANGE("ammo", w->ammo, 0, 10000);
  RANGE("roll_dice", w->roll_dice, -4, 0);
  const int ranged = w->category != COPS_D6_MELEE;
  if (w->vig_range && w->category != COPS_D6_THROWN && w->category != COPS_D6_EXPLOSIVE)
    return cops__fail(ctx, COPS_ERANGE, "%s.vig_range: only thrown weapons and explosives "
                      "(§9.1)", where);
  for (int k = 0; k < 3; k++) {
    snprintf(field, sizeof field, "%s.range[%d]", where, k);
    int rc = w->vig_range ? cops__d6_range(ctx, field, w->range[k], -20, 20)
             : ranged ? cops__d6_range(ctx, field, w->range[k], 1, 100000)
                      : cops__d6_range(ctx, field, w->range[k], 0, 0);
    if (rc)
      return rc;
    if (k && ranged && w->range[k] < w->range[k - 1])
      return cops__fail(ctx, COPS_ERANGE, "%s.range: short, medium, long in order", where);
  }
#undef RANGE
  if (w->flags & ~(COPS_D6_BURST_FIRE | COPS_D6_STUN | COPS_D6_ENERGY | COPS_D6_LONG_WEAPON))
    return cops__fail(ctx, COPS_EINVAL, "%s.flags: unknown bits 0x%x", where, w->flags);
  if ((w->flags & COPS_D6_LONG_WEAPON) && ranged)
    return cops__fail(ctx, COPS_ERANGE, "%s.flags: only a melee weapon is long (§5.15)", where);
  return COPS_OK;
}

/* ---- protections ---------------------------------------------------------------------- */

static void protection_default(cops_d6_protection *p)
{
  memset(p, 0, sizeof *p);
  p->size = sizeof *p;
}

static int protection_out(cops_d6_protection *out, const cops_d6_protection *full)
{
  if (!out || out->size < COPS__D6_PROTECTION_SIZE_0_16 || out->size > sizeof *out)
    return COPS_EINVAL;
  const uint32_t size = out->size;
  memcpy(out, full, size);
  out->size = size;
  return COPS_OK;
}

int cops_d6_protection_init_sized(cops_d6_protection *p, size_t size)
{
  if (!p || size < COPS__D6_PROTECTION_SIZE_0_16 || size > sizeof *p)
    return COPS_EINVAL;
  cops_d6_protection full;
  protection_default(&full);
  p->size = (uint32_t)size;
  return protection_out(p, &full);
}

int cops_d6_protection_count(void)
{
  return PROTECTIONS;
}

int cops_d6_protection_at(int i, cops_d6_protection *out)
{
  if (i < 0 || i >= PROTECTIONS)
    return COPS_ERANGE;
  const struct gear_protection *g = &protections[i];
  cops_d6_protection p;
  protection_default(&p);
  snprintf(p.name, sizeof p.name, "%s", g->name);
  p.armour.dice = g->dice;
  p.armour.pips = g->pips;
  p.coverage = g->coverage;
  p.energy_only = g->energy;
  p.penalty_dice = g->pdice;
  p.penalty_points = g->ppoints;
  p.penalty_perception = g->perception;
  return protection_out(out, &p);
}

int cops_d6_protection_find(const char *name, cops_d6_protection *out)
{
  if (!name || !out)
    return COPS_EINVAL;
  for (int i = 0; i < PROTECTIONS; i++)
    if (same_name(name, protections[i].name))
      return cops_d6_protection_at(i, out);
  return COPS_ENOTFOUND;
}

int cops__d6_protection_check(cops_ctx *ctx, const cops_d6_protection *p, const char *where)
{
  if (!p || p->size < COPS__D6_PROTECTION_SIZE_0_16 || p->size > sizeof *p)
    return cops__fail(ctx, COPS_EINVAL, "%s: NULL or a size the library does not know "
                      "(initialise it with cops_d6_protection_init)", where);
  if (!memchr(p->name, '\0', sizeof p->name) || !p->name[0])
    return cops__fail(ctx, COPS_EINVAL, "%s.name: 1 to %zu bytes", where, sizeof p->name - 1);
  const struct { const char *name; int v, lo, hi; } f[] = {
    {"armour.dice", p->armour.dice, 0, 10}, {"armour.pips", p->armour.pips, 0, 2},
    {"coverage", p->coverage, 0, 2}, {"energy_only", p->energy_only, 0, 1},
    {"penalty_dice", p->penalty_dice, -4, 0}, {"penalty_points", p->penalty_points, -10, 0},
    {"penalty_perception", p->penalty_perception, 0, 1}};
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
    char field[64];
    snprintf(field, sizeof field, "%s.%s", where, f[k].name);
    int rc = cops__d6_range(ctx, field, f[k].v, f[k].lo, f[k].hi);
    if (rc)
      return rc;
  }
  return COPS_OK;
}

/* ---- a character's equipment ------------------------------------------------------------ */

int cops_d6_character_weapon_count(const cops_d6_character *ch)
{
  return ch ? ch->nweapons : COPS_EINVAL;
}

int cops_d6_character_weapon(const cops_d6_character *ch, int i, cops_d6_weapon *out)
{
  if (!ch || i < 0 || i >= ch->nweapons)
    return COPS_EINVAL;
  return weapon_out(out, &ch->weapon[i]);
}

int cops_d6_character_add_weapon(cops_d6_character *ch, const cops_d6_weapon *w, int *index)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = cops__d6_weapon_check(ch->ctx, w, "weapon");
  if (rc)
    return rc;
  if (ch->nweapons == COPS_D6_WEAPONS_MAX)
    return cops__fail(ch->ctx, COPS_ERANGE, "weapons: at most %d", COPS_D6_WEAPONS_MAX);
  cops_d6_weapon full;
  weapon_default(&full, w->category);
  memcpy(&full, w, w->size);
  full.size = sizeof full;
  ch->weapon[ch->nweapons] = full;
  if (index)
    *index = ch->nweapons;
  ch->nweapons++;
  return COPS_OK;
}

int cops_d6_character_remove_weapon(cops_d6_character *ch, int i)
{
  if (!ch || i < 0 || i >= ch->nweapons)
    return COPS_EINVAL;
  memmove(&ch->weapon[i], &ch->weapon[i + 1], (size_t)(ch->nweapons - i - 1) * sizeof ch->weapon[0]);
  ch->nweapons--;
  return COPS_OK;
}

int cops_d6_character_protection_count(const cops_d6_character *ch)
{
  return ch ? ch->nprot : COPS_EINVAL;
}

int cops_d6_character_protection(const cops_d6_character *ch, int i, cops_d6_protection *out)
{
  if (!ch || i < 0 || i >= ch->nprot)
    return COPS_EINVAL;
  return protection_out(out, &ch->prot[i]);
}

int cops_d6_character_add_protection(cops_d6_character *ch, const cops_d6_protection *p, int *index)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = cops__d6_protection_check(ch->ctx, p, "protection");
  if (rc)
    return rc;
  if (ch->nprot == COPS_D6_PROTECTIONS_MAX)
    return cops__fail(ch->ctx, COPS_ERANGE, "protections: at most %d", COPS_D6_PROTECTIONS_MAX);
  cops_d6_protection full;
  protection_default(&full);
  memcpy(&full, p, p->size);
  full.size = sizeof full;
  ch->prot[ch->nprot] = full;
  if (index)
    *index = ch->nprot;
  ch->nprot++;
  return COPS_OK;
}

int cops_d6_character_remove_protection(cops_d6_character *ch, int i)
{
  if (!ch || i < 0 || i >= ch->nprot)
    return COPS_EINVAL;
  memmove(&ch->prot[i], &ch->prot[i + 1], (size_t)(ch->nprot - i - 1) * sizeof ch->prot[0]);
  ch->nprot--;
  return COPS_OK;
}
