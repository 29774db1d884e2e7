/* D6 magic (OTHER-SYSTEMS.md D6 §7 and the rulings each test cites): the spell builder's
 * tables and the samples' measure scale, the samples as printed, casting with scripted
 * dice, the cost of a pip. */
#include "d6-testutil.h"

static cops_d6_spell_cost cost_of(cops_ctx *ctx, const cops_d6_spell_design *d,
                                  const cops_d6_rules *r)
{
  cops_d6_spell_cost c;
  c.size = sizeof c;
  ck_assert_msg(cops_d6_spell_difficulty(ctx, d, r, &c) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  return c;
}

/* §7.12's inferred scale (D6-A44): every check the digest lists, and its ends. */
START_TEST(test_s7_12_measure_scale)
{
  static const struct { long long tenths; int v; } t[] = {
    {10, 0}, {15, 1}, {50, 4}, {250, 7}, {600, 9}, {1000, 10}, {36000, 18}, {144000, 21},
    {1, -5}, {11, 1}, {16, 2}, {10000000000LL, 45}};
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++)
    ck_assert_msg(cops_d6_measure_value(t[k].tenths) == t[k].v, "%lld tenths: %d, expected %d",
                  t[k].tenths, cops_d6_measure_value(t[k].tenths), t[k].v);
  ck_assert_int_eq(cops_d6_measure_value(0), COPS_ERANGE);
  ck_assert_int_eq(cops_d6_measure_value(10000000001LL), COPS_ERANGE);
}
END_TEST

/* §7.11.2, D6-A42: 3 a die and 1 a pip; doubled for damage, protection, an Attribute. */
START_TEST(test_s7_11_effect_value)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_d6_spell_design d;
  cops_d6_spell_design_init(&d);
  d.effect_kind = COPS_D6_EFFECT_SKILL;
  d.effect = code(4, 2);
  ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_EFFECT], 14);
  d.effect = code(5, 2);
  ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_EFFECT], 17);
  d.effect_kind = COPS_D6_EFFECT_DOUBLED;
  d.effect = code(3, 0);
  ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_EFFECT], 18);
  d.effect = code(4, 1);
  ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_EFFECT], 26);
  /* a code without a kind is refused; a value without one stands */
  d.effect_kind = COPS_D6_EFFECT_NONE;
  cops_d6_spell_cost c;
  c.size = sizeof c;
  ck_assert_int_eq(cops_d6_spell_difficulty(ctx, &d, NULL, &c), COPS_EINVAL);
  d.effect = code(0, 0);
  d.effect_value = 29;
  ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_EFFECT], 29);
  cops_ctx_free(ctx);
}
END_TEST

/* §7.11.3 - §7.11.9 with D6-A45, D6-A46, D6-A47: each table's rows, the sum, the switch. */
START_TEST(test_s7_11_tables)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  cops_d6_spell_design d;
  cops_d6_spell_design_init(&d);
  cops_d6_spell_cost c = cost_of(ctx, &d, NULL);   /* touch, slight, one unaware, 2 and 2 */
  ck_assert_int_eq(c.sum, 0);
  ck_assert_int_eq(c.difficulty, 1);               /* at least 1 (D6-L11) */
  static const int ranges[] = {0, 5, 10, 15, 20, 30, 40, 50};
  for (int k = 0; k < COPS_D6_RANGE_COUNT; k++) {
    d.range = k;
    ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_RANGE], ranges[k]);
  }
  d.range = COPS_D6_RANGE_TOUCH;
  d.concentration = COPS_D6_ISOLATED;
  ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_CONCENTRATION], -2);
  d.concentration = COPS_D6_VERY_BUSY;
  d.crowd = 13;
  ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_CONCENTRATION], 13);
  d.crowd = 19;
  c.size = sizeof c;
  ck_assert_int_eq(cops_d6_spell_difficulty(ctx, &d, NULL, &c), COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "crowd"));
  d.crowd = 8;
  d.concentration = COPS_D6_SLIGHT;
  /* the target's three groups add (D6-A47): well known −4, a dozen +10, refusing +4 */
  d.familiarity = COPS_D6_KNOWN_WELL;
  d.group = COPS_D6_GROUP_OF_DOZEN;
  d.attitude = COPS_D6_REFUSING;
  ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_TARGET], 10);
  d.familiarity = COPS_D6_FAMILIARITY_NONE, d.group = COPS_D6_ONE_TARGET;
  d.attitude = COPS_D6_UNAWARE;
  d.information = COPS_D6_SECRETS;
  ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_INFORMATION], 8);
  d.information = COPS_D6_NO_INFORMATION;
  /* D6-A45: literal durations */
  static const struct { int rounds, cost; } dur[] = {{1, 0}, {2, 0}, {3, 1}, {720, 718},
                                                     {721, 719}, {1440, 719}, {1441, 720}};
  for (size_t k = 0; k < sizeof dur / sizeof dur[0]; k++) {
    d.duration_rounds = dur[k].rounds;
    ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_DURATION], dur[k].cost);
  }
  d.duration_rounds = 2;
  /* D6-A46: preparation */
  static const int prep[][2] = {{0, 4}, {1, 4}, {2, 0}, {3, -2}, {4, -4}, {9, -4}};
  for (size_t k = 0; k < 6; k++) {
    d.preparation_rounds = prep[k][0];
    ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_PREPARATION], prep[k][1]);
  }
  /* §7.11.9: no ingredients +3, large movements −2, complex incantation −2 */
  d.ingredients = COPS_D6_NO_INGREDIENTS;
  d.gestures = COPS_D6_LARGE_MOVEMENTS;
  d.incantation = COPS_D6_COMPLEX_INCANTATION;
  ck_assert_int_eq(cost_of(ctx, &d, NULL).parts[COPS_D6_PART_COMPONENTS], -1);
  /* a whole spell: 3D damage (18) at medium range (+10), busy (+6), 4 rounds' preparation
   * (−4), the components (−1): 29; halved ⌈29 ÷ 2⌉ = 15 (D6-A43) */
  d.effect_kind = COPS_D6_EFFECT_DOUBLED;
  d.effect = code(3, 0);
  d.range = COPS_D6_RANGE_MEDIUM;
  d.concentration = COPS_D6_BUSY_PUBLIC;
  d.preparation_rounds = 4;
  c = cost_of(ctx, &d, NULL);
  ck_assert_int_eq(c.sum, 29);
  ck_assert_int_eq(c.difficulty, 29);
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.spell_difficulty_halved = 1;
  ck_assert_int_eq(cost_of(ctx, &d, &r).difficulty, 15);
  cops_ctx_free(ctx);
}
END_TEST

/* §7.12, D6-A43, D6-A44: the samples' printed values summed on the measure scale give the
 * digest's sums; halved, four printed difficulties; the samples keep their printed ones. */
START_TEST(test_s7_12_samples)
{
  cops_ctx *ctx;
  ck_assert_int_eq(cops_ctx_new(&ctx), COPS_OK);
  ck_assert_int_eq(cops_d6_spell_count(), 6);
  /* name, range m, speed m, duration tenths of s, casting tenths, the sum, halved matches */
  static const struct { const char *name; int range, speed, duration, casting, sum, halved; } t[] = {
    {"Heal", 0, 0, 15, 50, 10, 1},         {"Might", 1, 0, 250, 50, 6, 1},
    {"Food", 1, 0, 144000, 50, 8, 1},      {"Opening", 1, 0, 50, 50, 10, 1},
    {"Counterspell", 60, 60, 50, 50, 42, 0}, {"Deadly bullet", 100, 100, 250, 36000, 15, 0}};
  cops_d6_rules halved;
  cops_d6_rules_init(&halved);
  halved.spell_difficulty_halved = 1;
  for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
    cops_d6_spell s;
    s.size = sizeof s;
    ck_assert_int_eq(cops_d6_spell_find(t[k].name, &s), COPS_OK);
    cops_d6_spell_design d;
    cops_d6_spell_design_init(&d);
    d.measure = 1;
    d.effect_value = s.effect_value;
    d.range_tenths = t[k].range * 10;
    d.speed_tenths = t[k].speed * 10;
    d.duration_tenths = t[k].duration;
    d.casting_tenths = t[k].casting;
    d.other = s.conditions_value;
    const cops_d6_spell_cost c = cost_of(ctx, &d, NULL);
    ck_assert_msg(c.sum == t[k].sum, "%s: sum %d, expected %d", t[k].name, c.sum, t[k].sum);
    ck_assert_int_eq(c.parts[COPS_D6_PART_RANGE], s.range_value);
    ck_assert_int_eq(c.parts[COPS_D6_PART_SPEED], s.speed);
    ck_assert_int_eq(c.parts[COPS_D6_PART_DURATION], s.duration_value);
    ck_assert_int_eq(c.parts[COPS_D6_PART_PREPARATION], s.casting_value);
    ck_assert_int_eq(cost_of(ctx, &d, &halved).difficulty == s.difficulty, t[k].halved);
  }
  cops_d6_spell s;
  s.size = sizeof s;
  ck_assert_int_eq(cops_d6_spell_find("deadly BULLET", &s), COPS_OK);
  ck_assert_int_eq(s.difficulty, 15);
  ck_assert_int_eq(s.damage, 1);
  ck_assert_int_eq(s.damage_code.dice, 4);
  ck_assert_int_eq(s.skill, COPS_D6_ALTERATION);
  ck_assert_int_eq(cops_d6_spell_find("Fireball", &s), COPS_EINVAL);
  ck_assert_int_eq(cops_d6_spell_at(6, &s), COPS_ERANGE);
  s.size = 4;
  ck_assert_int_eq(cops_d6_spell_at(0, &s), COPS_EINVAL);
  cops_ctx_free(ctx);
}
END_TEST

static cops_d6_character *mage(cops_ctx *ctx, const char *skills)
{
  char json[512];
  snprintf(json, sizeof json, "{\"system\":\"d6\",\"name\":\"Mage\",\"attributes\":{\"vigueur\":"
           "\"2D\",\"agility\":\"2D\",\"coordination\":\"2D\",\"perception\":\"2D\","
           "\"knowledge\":\"2D\",\"charisma\":\"2D\",\"magic\":\"2D\"},\"skills\":{%s}}", skills);
  return sheet(ctx, json);
}

/* §7.7, D6-A48, D6-A57: the skill against the difficulty, the setting's points; without the
 * skill the Attribute at +5. */
START_TEST(test_s7_7_cast)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *m = mage(ctx, "\"alteration\":\"4D\"");
  cops_d6_cast c;
  cops_d6_cast_init(&c);
  c.caster = m;
  c.skill = COPS_D6_ALTERATION;
  c.difficulty = 15;
  cops_d6_cast_outcome o;
  o.size = sizeof o;
  SCRIPT_FACES(&s, 4, 4, 4, 3);   /* 15: a success at level 0 */
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.total, 15);
  ck_assert_int_eq(o.success, 1);
  ck_assert_int_eq(o.level, 0);
  /* the setting's −3 (D6-A57) */
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.magic_modifier = -3;
  c.rules = &r;
  SCRIPT_FACES(&s, 4, 4, 4, 3);
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.total, 12);
  ck_assert_int_eq(o.success, 0);
  ck_assert_int_eq(o.critical, 0);
  c.rules = NULL;
  /* a surpriser's first action: +1D (§5.15, D6-L14): 5 dice, 4, 4, 4, 1, 3 = 16 */
  c.flags = COPS_D6_CAST_SURPRISE;
  SCRIPT_FACES(&s, 4, 4, 4, 1, 3);
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.total, 16);
  ck_assert_int_eq(s.next, 5);
  c.flags = 0x10;
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_EINVAL);
  c.flags = 0;
  /* Conjuration absent: Magic 2D against 15 + 5 (D6-A48) */
  c.skill = COPS_D6_CONJURATION;
  SCRIPT_FACES(&s, 5, 5);
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.difficulty, 20);
  ck_assert_int_eq(o.total, 10);
  /* refusals */
  c.flags = COPS_D6_CAST_NO_INGREDIENTS;
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_ERULE);
  c.flags = 0;
  c.skill = COPS_D6_DODGE;
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_EINVAL);
  c.skill = COPS_D6_NEMESIS;   /* Miraculous Faith 0D */
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_ERULE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "miracles below 1D"));
  c.skill = COPS_D6_ALTERATION;
  r.magic_banned = 1;
  c.rules = &r;
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_ERULE);
  cops_d6_character_free(m);
  cops_ctx_free(ctx);
}
END_TEST

/* D6-A51: an unwilling being's Willpower (Charisma without it) must be strictly beaten. */
START_TEST(test_a51_resisted)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *m = mage(ctx, "\"teleportation\":\"3D\"");
  cops_d6_character *t = simple(ctx, "Target", "2D");   /* Charisma 2D */
  cops_d6_cast c;
  cops_d6_cast_init(&c);
  c.caster = m;
  c.skill = COPS_D6_TELEPORTATION;
  c.difficulty = 8;
  c.target = t;
  cops_d6_cast_outcome o;
  o.size = sizeof o;
  SCRIPT_FACES(&s, 3, 3, 3, 5, 4);   /* 9 ≥ 8; the target's 9: a tie, resisted */
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.resisted, 9);
  ck_assert_int_eq(o.success, 0);
  SCRIPT_FACES(&s, 3, 3, 3, 5, 3);   /* 9 against 8: it takes hold */
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.success, 1);
  cops_d6_character_free(m);
  cops_d6_character_free(t);
  cops_ctx_free(ctx);
}
END_TEST

/* §7.7, §7.9, D6-A49: a failure whose free die shows 1 confuses the caster to the end of the
 * next round and turns a damaging spell on it (a part under backlash_percent). */
START_TEST(test_a49_backlash)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *m = mage(ctx, "\"alteration\":\"2D\"");
  cops_log *log;
  ck_assert_int_eq(cops_log_new(&log, ctx), COPS_OK);
  cops_d6_cast c;
  cops_d6_cast_init(&c);
  c.caster = m;
  c.difficulty = 15;
  c.damage = code(4, 0);
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.backlash_percent = 50;
  c.rules = &r;
  cops_d6_cast_outcome o;
  o.size = sizeof o;
  /* Alteration 2D: 3 and the free die 1: a critical failure; backlash 4D 5, 5, 4, 4 = 18,
   * half 9; Vigueur 2D 1, 2 = 3: margin 6, two levels (wounded), massive */
  SCRIPT_FACES(&s, 3, 1, 5, 5, 4, 4, 1, 2);
  ck_assert_msg(cops_d6_cast_resolve(&o, ctx, &c, log) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(o.critical, 1);
  ck_assert_int_eq(o.backlash_total, 9);
  ck_assert_int_eq(o.wound_level, COPS_D6_WOUNDED);
  ck_assert_int_eq(wounds(m).confused, 2);
  /* confused: no cast, no attack until two ends of round */
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_ERULE);
  ck_assert_int_eq(cops_d6_character_end_round(m, ctx, 0, NULL, NULL), COPS_OK);
  ck_assert_int_eq(wounds(m).confused, 1);
  ck_assert_int_eq(cops_d6_character_end_round(m, ctx, 0, NULL, NULL), COPS_OK);
  ck_assert_int_eq(wounds(m).confused, 0);
  char *jsonl;
  ck_assert_int_eq(cops_log_to_jsonl(log, 0, &jsonl), COPS_OK);
  ck_assert_ptr_nonnull(strstr(jsonl, "\"type\":\"d6.spell\""));
  ck_assert_ptr_nonnull(strstr(jsonl, "\"state\":\"confused\""));
  ck_assert_ptr_nonnull(strstr(jsonl, "\"purpose\":\"backlash\""));
  cops_free(jsonl);
  /* all or nothing: the dice run out in the backlash, nothing changes */
  cops_d6_character *n = mage(ctx, "\"alteration\":\"2D\"");
  c.caster = n;
  const int before = cops_log_count(log);
  SCRIPT_FACES(&s, 3, 1, 5, 5);
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, log), COPS_ERNG);
  ck_assert_int_eq(wounds(n).confused, 0);
  ck_assert_int_eq(cops_log_count(log), before);
  cops_log_free(log);
  cops_d6_character_free(m);
  cops_d6_character_free(n);
  cops_ctx_free(ctx);
}
END_TEST

/* §7.3, D6-A59: 3D+1 to 4D costs 3 + 3 = 6; a magic skill 12; without a teacher 24. */
START_TEST(test_a59_advance_cost)
{
  const cops_d6_code a = {3, 1}, b = {3, 2};
  ck_assert_int_eq(cops_d6_advance_cost(a, 0, 1) + cops_d6_advance_cost(b, 0, 1), 6);
  ck_assert_int_eq(cops_d6_advance_cost(a, 1, 1) + cops_d6_advance_cost(b, 1, 1), 12);
  ck_assert_int_eq(cops_d6_advance_cost(a, 1, 0) + cops_d6_advance_cost(b, 1, 0), 24);
  ck_assert_int_eq(cops_d6_advance_cost(code(3, 3), 0, 1), COPS_EINVAL);
  ck_assert_int_eq(cops_d6_advance_cost(a, 2, 1), COPS_EINVAL);
}
END_TEST

static cops_d6_character *psionic(cops_ctx *ctx, const char *skills)
{
  char json[512];
  snprintf(json, sizeof json, "{\"system\":\"d6\",\"name\":\"Psi\",\"attributes\":{\"vigueur\":"
           "\"2D\",\"agility\":\"2D\",\"coordination\":\"2D\",\"perception\":\"2D\","
           "\"knowledge\":\"2D\",\"charisma\":\"2D\",\"psionics\":\"2D\"},\"skills\":{%s}}",
           skills);
  return sheet(ctx, json);
}

static cops_d6_psionic_outcome use(cops_ctx *ctx, const cops_d6_psionic *p, int expect)
{
  cops_d6_psionic_outcome o;
  o.size = sizeof o;
  ck_assert_msg(cops_d6_psionic_resolve(&o, ctx, p, NULL) == expect, "%s", cops_ctx_errmsg(ctx));
  return o;
}

/* §7.13.2, D6-A53: astral projection's bands, a level of exactly 10 not yet physical. */
START_TEST(test_s7_13_astral)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *p = psionic(ctx, "\"astral_projection\":\"4D\"");
  cops_d6_psionic q;
  cops_d6_psionic_init(&q);
  q.psionic = p;
  q.power = COPS_D6_POWER_ASTRAL;
  static const struct { int faces[4], band; } t[] = {
    {{3, 3, 2, 2}, COPS_D6_ASTRAL_LEAVES},       {{3, 3, 3, 2}, COPS_D6_ASTRAL_SENSES},
    {{5, 5, 5, 5}, COPS_D6_ASTRAL_NON_PHYSICAL}, {{5, 5, 5, 4}, COPS_D6_ASTRAL_NON_PHYSICAL},
    {{1, 1, 1, 1}, COPS_D6_ASTRAL_NONE}};
  for (size_t k = 0; k < 4; k++) {
    script_faces(&s, 4, t[k].faces);
    const cops_d6_psionic_outcome o = use(ctx, &q, COPS_OK);
    ck_assert_int_eq(o.difficulty, 10);
    ck_assert_int_eq(o.band, t[k].band);
  }
  /* 20 + 1 = 21: level 11, physical */
  SCRIPT_FACES(&s, 5, 5, 5, 6, 1);
  ck_assert_int_eq(use(ctx, &q, COPS_OK).band, COPS_D6_ASTRAL_PHYSICAL);
  SCRIPT_FACES(&s, 1, 1, 1, 1);
  const cops_d6_psionic_outcome o = use(ctx, &q, COPS_OK);
  ck_assert_int_eq(o.band, COPS_D6_ASTRAL_NONE);
  ck_assert_int_eq(o.critical, 1);
  cops_d6_character_free(p);
  cops_ctx_free(ctx);
}
END_TEST

/* §7.13.3, D6-A56, §7.13.4, §7.13.8, §7.13.6, D6-A54, §7.13.1: the difficulties. */
START_TEST(test_s7_13_difficulties)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *p = psionic(ctx, "\"empathy\":\"3D\",\"keen_senses\":\"3D\","
                                      "\"psychometry\":\"3D\",\"medium\":\"3D\"");
  cops_d6_character *t = simple(ctx, "Target", "2D");
  cops_d6_psionic q;
  cops_d6_psionic_init(&q);
  q.psionic = p;
  q.power = COPS_D6_POWER_EMPATHY;
  use(ctx, &q, COPS_EINVAL);              /* empathy needs someone to read */
  q.target = t;
  SCRIPT_FACES(&s, 3, 3, 3, 5, 4);       /* 9 against Charisma 9: a tie succeeds */
  cops_d6_psionic_outcome o = use(ctx, &q, COPS_OK);
  ck_assert_int_eq(o.resisted, 9);
  ck_assert_int_eq(o.success, 1);
  q.target = NULL;
  q.power = COPS_D6_POWER_FAR_SENSES;    /* 5, medium range +10 */
  q.range = COPS_D6_RANGE_MEDIUM;
  SCRIPT_FACES(&s, 5, 5, 4);
  ck_assert_int_eq(use(ctx, &q, COPS_OK).difficulty, 15);
  q.range = COPS_D6_RANGE_EXTREME;       /* the psionic tables stop at very long */
  use(ctx, &q, COPS_ERANGE);
  ck_assert_ptr_nonnull(strstr(cops_ctx_errmsg(ctx), "range"));
  q.range = COPS_D6_RANGE_TOUCH;
  q.power = COPS_D6_POWER_PSYCHOMETRY;
  static const int psy[4] = {14, 18, 21, 24};
  for (int k = 0; k < 4; k++) {
    q.psychometry = k;
    SCRIPT_FACES(&s, 1, 1, 2);
    ck_assert_int_eq(use(ctx, &q, COPS_OK).difficulty, psy[k]);
  }
  q.power = COPS_D6_POWER_MEDIUM;        /* 20; D6-A54's years; the modifiers */
  static const struct { int years; unsigned flags; int d; } med[] = {
    {1, 0, 20}, {3, 0, 22}, {5, 0, 24}, {12, 0, 26}, {0, COPS_D6_MURDERED | COPS_D6_KNEW, 14},
    {0, COPS_D6_HAS_INFORMATION | COPS_D6_AT_PLACE, 15}};
  for (size_t k = 0; k < sizeof med / sizeof med[0]; k++) {
    q.years_dead = med[k].years;
    q.medium = med[k].flags;
    SCRIPT_FACES(&s, 1, 1, 2);
    ck_assert_int_eq(use(ctx, &q, COPS_OK).difficulty, med[k].d);
  }
  /* D6-A48: without its skill, Psionics at +5 */
  q.power = COPS_D6_POWER_PROTECTION;
  q.medium = 0;
  SCRIPT_FACES(&s, 1, 2);
  ck_assert_int_eq(use(ctx, &q, COPS_OK).difficulty, 15);
  cops_d6_character_free(p);
  cops_d6_character_free(t);
  cops_ctx_free(ctx);
}
END_TEST

/* §7.13.5, D6-A35: Healing moves the patient one level, once a healer a level; a critical
 * failure one level worse. */
START_TEST(test_s7_13_healing)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *p = psionic(ctx, "\"psi_healing\":\"4D\"");
  cops_d6_character *pat = simple(ctx, "Patient", "2D");
  cops_d6_wounds w = wounds(pat);
  w.step = COPS_D6_WOUNDED;
  ck_assert_int_eq(cops_d6_character_set_wounds(pat, &w), COPS_OK);
  cops_d6_psionic q;
  cops_d6_psionic_init(&q);
  q.psionic = p;
  q.power = COPS_D6_POWER_HEALING;
  q.target = p;
  use(ctx, &q, COPS_ERULE);               /* the psionic is unhurt */
  q.target = pat;
  SCRIPT_FACES(&s, 4, 4, 4, 3);          /* 15 against 15 */
  cops_d6_psionic_outcome o = use(ctx, &q, COPS_OK);
  ck_assert_int_eq(o.difficulty, 15);
  ck_assert_int_eq(o.level_before, COPS_D6_WOUNDED);
  ck_assert_int_eq(o.level_after, COPS_D6_STUNNED);
  q.psionic_id = 4;                        /* another healer: Stunned is 10; a critical 1 */
  SCRIPT_FACES(&s, 1, 1, 2, 1);
  o = use(ctx, &q, COPS_OK);
  ck_assert_int_eq(o.critical, 1);
  ck_assert_int_eq(o.level_after, COPS_D6_WOUNDED);
  q.psionic_id = 0;                        /* a new level: the first healer may try again */
  SCRIPT_FACES(&s, 1, 1, 2, 2);
  ck_assert_int_eq(use(ctx, &q, COPS_OK).success, 0);
  use(ctx, &q, COPS_ERULE);               /* but not twice at this level (D6-A35) */
  cops_d6_character_free(p);
  cops_d6_character_free(pat);
  cops_ctx_free(ctx);
}
END_TEST

/* §7.13.7, D6-A41: Protection's success level as points on the resistance to an attack, for
 * the power's duration. */
START_TEST(test_s7_13_protection)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *p = psionic(ctx, "\"psi_protection\":\"4D\"");
  cops_d6_psionic q;
  cops_d6_psionic_init(&q);
  q.psionic = p;
  q.power = COPS_D6_POWER_PROTECTION;
  q.duration_rounds = 3;                   /* +1 (D6-A45) */
  SCRIPT_FACES(&s, 5, 5, 5, 3);          /* 18 against 11: 7 points */
  const cops_d6_psionic_outcome o = use(ctx, &q, COPS_OK);
  ck_assert_int_eq(o.difficulty, 11);
  ck_assert_int_eq(o.protection, 7);
  ck_assert_int_eq(wounds(p).protection, 7);
  ck_assert_int_eq(wounds(p).protection_rounds, 3);
  /* a blow: Brawling 3D 5, 5, 4 = 14 hits; natural damage 1D: 5; resistance 2D 1, 1 + 7 */
  cops_d6_character *a = simple(ctx, "A", "2D");
  cops_d6_attack at;
  cops_d6_attack_init(&at);
  at.attacker = a;
  at.target = p;
  cops_d6_outcome out;
  out.size = sizeof out;
  SCRIPT_FACES(&s, 5, 5, 4, 5, 1, 1);
  ck_assert_int_eq(cops_d6_attack_resolve(&out, ctx, &at, NULL), COPS_OK);
  ck_assert_int_eq(out.resistance_total, 9);
  ck_assert_int_eq(out.steps, 0);
  for (int r = 0; r < 3; r++)
    ck_assert_int_eq(cops_d6_character_end_round(p, ctx, 0, NULL, NULL), COPS_OK);
  ck_assert_int_eq(wounds(p).protection, 0);
  cops_d6_character_free(a);
  cops_d6_character_free(p);
  cops_ctx_free(ctx);
}
END_TEST

/* §7.8, D6-A50: a cast spell aimed is a normal attack with the aiming skill, the spell's
 * damage on a hit, the setting's modifier left out. */
START_TEST(test_a50_aimed)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *m = mage(ctx, "\"alteration\":\"3D\",\"marksmanship\":\"3D\"");
  cops_d6_character *t = simple(ctx, "Target", "2D");
  cops_d6_cast c;
  cops_d6_cast_init(&c);
  c.caster = m;
  c.difficulty = 8;
  c.damage = code(3, 0);
  c.aim_skill = COPS_D6_MARKSMANSHIP;
  c.aim_target = t;
  c.distance = 10;
  c.reach_m = 60;                    /* bands 20, 40, 60: 10 m is short */
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.magic_modifier = 5;              /* on the cast only (D6-A57) */
  c.rules = &r;
  cops_d6_cast_outcome o;
  o.size = sizeof o;
  /* cast 3D 2, 2, 1 = 5 + 5 = 10 ≥ 8; aim 3D 4, 3, 3 = 10 ≥ 10; damage 3D 5, 5, 4 = 14
   * against Vigueur 2D 1, 2 = 3: margin 11, three levels */
  SCRIPT_FACES(&s, 2, 2, 1, 4, 3, 3, 5, 5, 4, 1, 2);
  ck_assert_msg(cops_d6_cast_resolve(&o, ctx, &c, NULL) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(o.total, 10);
  ck_assert_int_eq(o.aimed, 1);
  ck_assert_int_eq(o.aim_total, 10);
  ck_assert_int_eq(o.defence_value, 10);
  ck_assert_int_eq(o.hit, 1);
  ck_assert_int_eq(o.damage_total, 14);
  ck_assert_int_eq(o.target_level, COPS_D6_SEVERELY);
  /* behind a die of cover (§5.4.2, D6-A14): cast 2, 2, 1; cover 1D 3: 13 to beat; aim
   * 4, 3, 3 = 10: a miss */
  c.aim_cover = 1;
  SCRIPT_FACES(&s, 2, 2, 1, 3, 4, 3, 3);
  ck_assert_msg(cops_d6_cast_resolve(&o, ctx, &c, NULL) == COPS_OK, "%s", cops_ctx_errmsg(ctx));
  ck_assert_int_eq(o.defence_value, 13);
  ck_assert_int_eq(o.hit, 0);
  c.aim_cover = 21;
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_ERANGE);
  c.aim_cover = 0;
  /* beyond the reach: refused, nothing changed */
  c.distance = 61;
  SCRIPT_FACES(&s, 2, 2, 1);
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_ERULE);
  ck_assert_int_eq(s.next, 0);
  c.aim_skill = COPS_D6_DODGE;
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_EINVAL);
  cops_d6_character_free(m);
  cops_d6_character_free(t);
  cops_ctx_free(ctx);
}
END_TEST

/* §7.12, D6-A10: Opening and Counterspell must be strictly greater than the total they
 * face; §7.4, D6-A58: scrolls and artifacts under the setting's switches. */
START_TEST(test_a58_beat_scroll_artifact)
{
  script s;
  cops_ctx *ctx = SCRIPT(&s, 1);
  cops_d6_character *m = mage(ctx, "\"teleportation\":\"3D\"");
  cops_d6_cast c;
  cops_d6_cast_init(&c);
  c.caster = m;
  c.skill = COPS_D6_TELEPORTATION;
  c.difficulty = 5;
  c.beat = 12;                        /* a lock of 12 */
  cops_d6_cast_outcome o;
  o.size = sizeof o;
  SCRIPT_FACES(&s, 4, 4, 4);         /* 12: not greater */
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.success, 0);
  SCRIPT_FACES(&s, 4, 4, 5);         /* 13: open */
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.success, 1);
  c.beat = COPS_D6_NO_BEAT;
  /* a scroll in the hands of one without magic */
  cops_d6_character *plain = simple(ctx, "Plain", "2D");
  c.caster = plain;
  c.flags = COPS_D6_CAST_SCROLL;
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_ERULE);   /* casters only */
  cops_d6_rules r;
  cops_d6_rules_init(&r);
  r.scroll_use = COPS_D6_SCROLL_WITH_ROLL;
  c.rules = &r;
  SCRIPT_FACES(&s, 1);               /* no die in Magic 0D: the roll is 0 against 5 + 5 */
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.rolled, 1);
  ck_assert_int_eq(o.success, 0);
  r.scroll_use = COPS_D6_SCROLL_NO_ROLL;
  s.next = 0;
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.rolled, 0);
  ck_assert_int_eq(o.success, 1);
  ck_assert_int_eq(s.next, 0);       /* no die drawn */
  c.flags = COPS_D6_CAST_ARTIFACT;    /* conditional by default: no magic, refused */
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_ERULE);
  r.artifact_use = 1;
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_OK);
  ck_assert_int_eq(o.success, 1);
  c.flags = COPS_D6_CAST_SCROLL | COPS_D6_CAST_ARTIFACT;
  ck_assert_int_eq(cops_d6_cast_resolve(&o, ctx, &c, NULL), COPS_EINVAL);
  cops_d6_character_free(plain);
  cops_d6_character_free(m);
  cops_ctx_free(ctx);
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("d6-magic");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_s7_12_measure_scale);
  tcase_add_test(tc, test_s7_11_effect_value);
  tcase_add_test(tc, test_s7_11_tables);
  tcase_add_test(tc, test_s7_12_samples);
  tcase_add_test(tc, test_s7_7_cast);
  tcase_add_test(tc, test_a51_resisted);
  tcase_add_test(tc, test_a49_backlash);
  tcase_add_test(tc, test_a59_advance_cost);
  tcase_add_test(tc, test_s7_13_astral);
  tcase_add_test(tc, test_s7_13_difficulties);
  tcase_add_test(tc, test_s7_13_healing);
  tcase_add_test(tc, test_s7_13_protection);
  tcase_add_test(tc, test_a50_aimed);
  tcase_add_test(tc, test_a58_beat_scroll_artifact);
  suite_add_tcase(s, tc);
  return s;
}

TEST_MAIN(suite)
