/* The pieces every core-rules attack is made of (COPS.md C8.1, C8.3, C10.3,
 * C10.4): the hit location, the damage roll against armour, the stopping-power
 * roll and its recovery. The attack procedures put them together in the
 * draw order of docs/randomness.md: location d10, damage d6, armour d6,
 * location d6, then the stopping-power pool. */
#include "attack/attack.h"

/* C10.3: d10 1-2 legs, 3-4 abdomen, 5-7 torso, 8-9 arms, 10 head. */
int cops__core_zone(int d10)
{
  static const int zone[11] = {
    -1, COPS__LEGS, COPS__LEGS, COPS__ABDOMEN, COPS__ABDOMEN, COPS__TORSO, COPS__TORSO,
    COPS__TORSO, COPS__ARMS, COPS__ARMS, COPS__HEAD,
  };
  return d10 >= 1 && d10 <= 10 ? zone[d10] : -1;
}

/* C10.3: the zone's modifier, added as d6 to damage and to the
 * stopping-power difficulty. */
int cops__core_zone_modifier(int zone)
{
  static const int mod[COPS__ZONE_COUNT] = {0, 1, 2, 0, 3};
  return zone >= 0 && zone < COPS__ZONE_COUNT ? mod[zone] : 0;
}

/* The armour at a core zone. Legs and arms are both sides in the core rules:
 * the less protected side counts (a hit may land on either). */
void cops__core_protection(const cops_armour *a, int zone, int *dice, int *fixed)
{
  static const int first[COPS__ZONE_COUNT] = {COPS_LOC_RIGHT_LEG, COPS_LOC_ABDOMEN,
                                              COPS_LOC_TORSO, COPS_LOC_RIGHT_ARM, COPS_LOC_HEAD};
  static const int second[COPS__ZONE_COUNT] = {COPS_LOC_LEFT_LEG, -1, -1, COPS_LOC_LEFT_ARM, -1};
  *dice = *fixed = 0;
  if (!a || zone < 0 || zone >= COPS__ZONE_COUNT)
    return;
  cops_armour_get(a, first[zone], dice, fixed);
  if (second[zone] >= 0) {
    int d2, f2;
    cops_armour_get(a, second[zone], &d2, &f2);
    if (7 * d2 + 2 * f2 < 7 * *dice + 2 * *fixed) { /* twice the mean: 3.5 per die */
      *dice = d2;
      *fixed = f2;
    }
  }
}

int cops__core_damage(cops_ctx *ctx, int pu, const cops_armour *armour, int zone,
                      cops_roll *pu_roll, cops_roll *armour_roll, cops_roll *bonus_roll,
                      cops__damage *out)
{
  int rc, dice, fixed;
  cops__core_protection(armour, zone, &dice, &fixed);
  out->zone = zone;
  out->stopped = 0;
  out->bonus = 0;
  if ((rc = cops__roll_d6_sum(pu_roll, ctx, pu)))            /* PU d6 (C8.1) */
    return rc;
  if ((rc = cops__roll_d6_sum(armour_roll, ctx, dice)))      /* the armour's protection roll */
    return rc;
  out->raw = cops_roll_total(pu_roll);
  out->protection = cops_roll_total(armour_roll) + fixed;
  const int net = out->raw - out->protection;
  if (net <= 0) {
    /* Not hurt at all: no location dice are rolled (C8.1). */
    out->stopped = 1;
    out->damage = 0;
    out->lasting = 0;
    cops__roll_clear(bonus_roll);
    return COPS_OK;
  }
  if ((rc = cops__roll_d6_sum(bonus_roll, ctx, cops__core_zone_modifier(zone))))
    return rc;
  out->bonus = cops_roll_total(bonus_roll);
  out->damage = net + out->bonus;
  out->lasting = out->damage >= 15;                     /* C8.3 */
  return COPS_OK;
}

/* 6+/characteristic (difficulty), the wound malus of C8.2 included. */
int cops__characteristic_roll(cops_roll *roll, cops_character *ch, int characteristic,
                              int difficulty)
{
  cops_action a;
  cops_action_init(&a, cops_character_characteristic(ch, characteristic), 6,
                   difficulty < 0 ? 0 : difficulty);
  if (cops__health(ch) != COPS_HEALTHY)
    a.dice_mod = -1;
  return cops_roll_action(roll, cops__character_ctx(ch), &a);
}

/* 6+/Carrure or Sang-froid (C10.4): the player's choice, by default
 * (RULING) the higher. */
int cops__stopping_roll(cops_roll *roll, cops_character *target, int characteristic,
                        int difficulty)
{
  int c = characteristic;
  if (c < 0)
    c = cops_character_characteristic(target, COPS_CARRURE) >=
                cops_character_characteristic(target, COPS_SANG_FROID)
            ? COPS_CARRURE
            : COPS_SANG_FROID;
  return cops__characteristic_roll(roll, target, c, difficulty);
}

int cops__core_stopping(cops_roll *roll, cops_character *target, int fa, int zone,
                        int characteristic, int *result)
{
  int rc = cops__stopping_roll(roll, target, characteristic, fa + cops__core_zone_modifier(zone));
  if (rc)
    return rc;
  if (cops_roll_succeeded(roll))
    *result = COPS__STOP_STEADY;      /* no negative initiative next round */
  else if (cops_roll_successes(roll) >= 1)
    *result = COPS__STOP_SHAKEN;      /* -1 die physical, no negative initiative next round */
  else
    *result = COPS__STOP_OUT;         /* out of the fight, recovery rolls later */
  return COPS_OK;
}

int cops__core_recovery(cops_roll *roll, cops_character *target, int fa, int zone,
                        int rounds, int characteristic, int *recovered)
{
  /* FA + location modifier - 1 per round elapsed (C10.4). */
  int rc = cops__stopping_roll(roll, target, characteristic,
                         fa + cops__core_zone_modifier(zone) - rounds);
  if (rc)
    return rc;
  *recovered = cops_roll_succeeded(roll);
  return COPS_OK;
}
