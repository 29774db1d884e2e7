/* D6 dice codes (OTHER-SYSTEMS.md D6 §0.2, D6-A3, D6-M1) and a roll's notation
 * (docs/d6.md, "Codes and rolls"): read with a column in every error, written back in
 * their canonical forms; the rules' defaults (§11) and a pool's checks. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "d6/d6-private.h"
#include "base/lex.h"
#include "d6-private.h"

int cops__d6_range(cops_ctx *ctx, const char *what, int v, int lo, int hi)
{
  if (v < lo || v > hi)
    return cops__fail(ctx, COPS_ERANGE, "%s %d out of range %d..%d", what, v, lo, hi);
  return COPS_OK;
}

int cops__d6_code_ok(cops_d6_code c)
{
  return c.dice >= 0 && c.dice <= COPS_D6_DICE_MAX && c.pips >= 0 && c.pips <= 2;
}

int cops_d6_code_pips(cops_d6_code c)
{
  return cops__d6_code_ok(c) ? 3 * c.dice + c.pips : COPS_EINVAL;
}

int cops_d6_code_add(cops_d6_code a, cops_d6_code b, cops_d6_code *out)
{
  if (!out || !cops__d6_code_ok(a) || !cops__d6_code_ok(b))
    return COPS_EINVAL;
  const int pips = a.pips + b.pips;                  /* D6-A3: 3 pips make 1D */
  const int dice = a.dice + b.dice + pips / 3;
  if (dice > COPS_D6_DICE_MAX)
    return COPS_ERANGE;
  out->dice = dice;
  out->pips = pips % 3;
  return COPS_OK;
}


/* A decimal number of at most 4 digits at p; its end, or NULL. */
static const char *number(const char *p, int *v)
{
  int n = 0, digits = 0;
  while (isdigit((unsigned char)*p) && digits < 5) {
    n = n * 10 + (*p++ - '0');
    digits++;
  }
  if (!digits || digits > 4)
    return NULL;
  *v = n;
  return p;
}

/* A code at s (after an optional '+'): "xD", "xD+y", "y" when pips_alone; its end, or NULL
 * with the column of the fault in *col. */
static const char *code_at(const char *text, const char *s, int pips_alone, cops_d6_code *c,
                           int *col)
{
  int v;
  const char *end = number(s, &v);
  *col = (int)(s - text) + 1;
  if (!end)
    return NULL;
  if (*end == 'D' || *end == 'd') {
    c->dice = v;
    c->pips = 0;
    end++;
    if (*end == '+' && isdigit((unsigned char)end[1])) {
      int y;
      const char *e2 = number(end + 1, &y);
      if (!e2 || y > 2) {
        *col = (int)(end - text) + 2;
        return NULL;
      }
      c->pips = y;
      end = e2;
    }
  } else if (pips_alone && v <= 2) {
    c->dice = 0;
    c->pips = v;
  } else {
    *col = (int)((pips_alone ? s : end) - text) + 1;   /* too many pips, or no D */
    return NULL;
  }
  return end;
}

int cops_d6_code_parse(cops_d6_code *out, cops_ctx *ctx, const char *text)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!out || !text)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", out ? "text" : "code");
  if (!cops__clean_text(text))
    return cops__fail(ctx, COPS_ESYNTAX, "the code holds a control character or is not UTF-8");
  const char *s = cops__lex_skip(text);
  const int plus = *s == '+';
  if (plus)
    s++;
  cops_d6_code c;
  int col;
  const char *end = code_at(text, s, plus, &c, &col);
  if (!end)
    return cops__fail(ctx, COPS_ESYNTAX, "column %d: expected a dice code such as 3D+2, +1D "
                      "or +1 (pips 0 to 2)", col);
  const char *rest = cops__lex_skip(end);
  if (*rest)
    return cops__fail(ctx, COPS_ESYNTAX, "column %d: '%s' after the code", (int)(rest - text) + 1,
                      rest);
  if (c.dice > COPS_D6_DICE_MAX)
    return cops__fail(ctx, COPS_ERANGE, "%dD: at most %dD", c.dice, COPS_D6_DICE_MAX);
  *out = c;
  return COPS_OK;
}


int cops_d6_code_format(cops_d6_code c, char *buf, size_t len)
{
  if (!cops__d6_code_ok(c) || (!buf && len > 0))
    return COPS_EINVAL;
  char text[32];
  const int n = c.pips ? snprintf(text, sizeof text, "%dD+%d", c.dice, c.pips)
                       : snprintf(text, sizeof text, "%dD", c.dice);
  return cops__lex_put(buf, len, text, n);
}

/* ---- the rules and a pool ------------------------------------------------------------ */

void cops__d6_rules_default(cops_d6_rules *r)
{
  static const cops_d6_rules defaults = {
    .size = sizeof defaults,
    .explode = 1,          /* D6-A1 */
    .free_die = 1,         /* D6-A2 */
    .cp_dice = 1,          /* D6-A8 */
    .fp_factor = 2,        /* D6-A8 */
    .action_penalty = 1,   /* D6-A5 */
    .difficulty = 15,      /* D6-A7 */
    .backlash_percent = 100, /* D6-A49 */
  };                       /* options off, normal gravity, falls past 3 m (§5), magic allowed */
  *r = defaults;
}

int cops_d6_rules_init_sized(cops_d6_rules *r, size_t size)
{
  if (!r || size < COPS__D6_RULES_SIZE_0_16 || size > sizeof *r)
    return COPS_EINVAL;
  cops_d6_rules full;
  cops__d6_rules_default(&full);
  memcpy(r, &full, size);
  r->size = (uint32_t)size;
  return COPS_OK;
}

int cops__d6_rules_in(cops_ctx *ctx, const cops_d6_rules *given, cops_d6_rules *out)
{
  cops__d6_rules_default(out);
  if (!given)
    return COPS_OK;
  if (given->size < COPS__D6_RULES_SIZE_0_16 || given->size > sizeof *out)
    return cops__fail(ctx, COPS_EINVAL, "rules size %u, expected %zu (initialise them with "
                      "cops_d6_rules_init)", (unsigned)given->size, sizeof *out);
  memcpy(out, given, given->size);
  out->size = sizeof *out;
  int rc;
  if ((rc = cops__d6_range(ctx, "rules.explode", out->explode, 0, 1)) ||
      (rc = cops__d6_range(ctx, "rules.free_die", out->free_die, 0, 1)) ||
      (rc = cops__d6_range(ctx, "rules.cp_dice", out->cp_dice, 0, 5)) ||
      (rc = cops__d6_range(ctx, "rules.fp_factor", out->fp_factor, 1, 4)) ||
      (rc = cops__d6_range(ctx, "rules.action_penalty", out->action_penalty, 0, 5)) ||
      (rc = cops__d6_range(ctx, "rules.difficulty", out->difficulty, 1, 1000)) ||
      (rc = cops__d6_range(ctx, "rules.skill_defence", out->skill_defence, 0, 1)) ||
      (rc = cops__d6_range(ctx, "rules.success_damage", out->success_damage, 0, 1)) ||
      (rc = cops__d6_range(ctx, "rules.negative_resistance", out->negative_resistance, 0, 1)) ||
      (rc = cops__d6_range(ctx, "rules.gravity", out->gravity, 0, 3)) ||
      (rc = cops__d6_range(ctx, "rules.fall_full_height", out->fall_full_height, 0, 1)) ||
      (rc = cops__d6_range(ctx, "rules.combat_heal_level5_only", out->combat_heal_level5_only,
                           0, 1)) ||
      (rc = cops__d6_range(ctx, "rules.disarm_vs_damage_roll", out->disarm_vs_damage_roll, 0,
                           1)) ||
      (rc = cops__d6_range(ctx, "rules.magic_modifier", out->magic_modifier, -10, 15)) ||
      (rc = cops__d6_range(ctx, "rules.magic_banned", out->magic_banned, 0, 1)) ||
      (rc = cops__d6_range(ctx, "rules.spell_difficulty_halved", out->spell_difficulty_halved,
                           0, 1)) ||
      (rc = cops__d6_range(ctx, "rules.backlash_percent", out->backlash_percent, 0, 100)) ||
      (rc = cops__d6_range(ctx, "rules.scroll_use", out->scroll_use, 0, COPS_D6_SCROLL_NO_ROLL)) ||
      (rc = cops__d6_range(ctx, "rules.artifact_use", out->artifact_use, 0, 1)))
    return rc;
  if (out->medical_tech != -5 && out->medical_tech != 0 && out->medical_tech != 5)
    return cops__fail(ctx, COPS_ERANGE, "rules.medical_tech %d: -5, 0 or +5 (§6.4)",
                      out->medical_tech);
  return COPS_OK;
}

int cops_d6_pool_init_sized(cops_d6_pool *p, size_t size, cops_d6_code code)
{
  if (!p || size < COPS__D6_POOL_SIZE_0_16 || size > sizeof *p)
    return COPS_EINVAL;
  cops_d6_pool full;
  memset(&full, 0, sizeof full);
  full.size = sizeof full;
  full.code = code;
  full.actions = 1;
  full.difficulty = COPS_D6_NO_DIFFICULTY;
  memcpy(p, &full, size);
  p->size = (uint32_t)size;
  return COPS_OK;
}

int cops__d6_check(cops_ctx *ctx, const cops_d6_pool *given, const cops_d6_rules *rules,
                       cops__d6_effective *e)
{
  if (!given)
    return cops__fail(ctx, COPS_EINVAL, "pool is NULL");
  if (given->size < COPS__D6_POOL_SIZE_0_16 || given->size > sizeof *given)
    return cops__fail(ctx, COPS_EINVAL, "pool size %u, expected %zu (initialise it with "
                      "cops_d6_pool_init)", (unsigned)given->size, sizeof *given);
  if (given->size == sizeof e->pool) {     /* the hot path: a struct copy, no memset */
    e->pool = *given;
  } else {
    memset(&e->pool, 0, sizeof e->pool);
    memcpy(&e->pool, given, given->size);
    e->pool.size = sizeof e->pool;
  }
  const cops_d6_pool *p = &e->pool;
  int rc = cops__d6_rules_in(ctx, rules, &e->rules);
  if (rc)
    return rc;
  if (!cops__d6_code_ok(p->code))
    return cops__fail(ctx, COPS_ERANGE, "code %dD+%d: dice 0..%d, pips 0..2 (D6-A3)",
                      p->code.dice, p->code.pips, COPS_D6_DICE_MAX);
  if ((rc = cops__d6_range(ctx, "dice_mod", p->dice_mod, -COPS_D6_DICE_MAX, COPS_D6_DICE_MAX)) ||
      (rc = cops__d6_range(ctx, "points", p->points, -1000, 1000)) ||
      (rc = cops__d6_range(ctx, "actions", p->actions, 1, 10)) ||
      (rc = cops__d6_range(ctx, "cp", p->cp, 0, 10)) ||
      (rc = cops__d6_range(ctx, "fp", p->fp, 0, 1)))
    return rc;
  if (p->difficulty != COPS_D6_NO_DIFFICULTY &&
      (rc = cops__d6_range(ctx, "difficulty", p->difficulty, 1, 1000)))
    return rc;
  int dice = p->code.dice + p->dice_mod + p->cp * e->rules.cp_dice -
             (p->actions - 1) * e->rules.action_penalty;        /* D6-A5, D6-A8 */
  if (p->fp)
    dice *= e->rules.fp_factor;                                  /* D6-A8 */
  if (dice < 0)
    dice = 0;                                                    /* D6-A4 */
  if (dice > COPS_D6_DICE_MAX)
    return cops__fail(ctx, COPS_ERANGE, "%d dice after the modifiers (at most %d)", dice,
                      COPS_D6_DICE_MAX);
  e->dice = dice;
  e->free = dice > 0 && e->rules.free_die;                       /* D6-A2 */
  e->fixed = p->code.pips + p->points;
  return COPS_OK;
}

/* ---- a roll's notation --------------------------------------------------------------- */



/* The number after a word (difficulty, actions, cp): its end, or NULL. */
static const char *word_number(const char *s, int *v)
{
  return number(cops__lex_skip(s), v);
}

int cops_d6_pool_parse_sized(cops_d6_pool *out, size_t size, cops_ctx *ctx, const char *text)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!out || !text)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", out ? "text" : "pool");
  if (size < COPS__D6_POOL_SIZE_0_16 || size > sizeof(cops_d6_pool))
    return cops__fail(ctx, COPS_EINVAL, "pool size %zu, expected %zu", size,
                      sizeof(cops_d6_pool));
  if (!cops__clean_text(text))
    return cops__fail(ctx, COPS_ESYNTAX, "the roll holds a control character or is not UTF-8");
  cops_d6_pool p;
  const cops_d6_code none = {0, 0};
  cops_d6_pool_init(&p, none);
  const char *s = cops__lex_skip(text);
  int col;
  const char *end = code_at(text, *s == '+' ? s + 1 : s, *s == '+', &p.code, &col);
  if (!end)
    return cops__fail(ctx, COPS_ESYNTAX, "column %d: expected a dice code such as 3D+2, e.g. "
                      "\"3D+2 -1D vs 15\"", col);
  if (p.code.dice > COPS_D6_DICE_MAX)
    return cops__fail(ctx, COPS_ERANGE, "column %d: %dD (at most %dD)", (int)(s - text) + 1,
                      p.code.dice, COPS_D6_DICE_MAX);
  s = cops__lex_skip(end);
  int seen_vs = 0, seen_actions = 0, seen_cp = 0, seen_fp = 0;
  while (*s) {
    const int at = (int)(s - text) + 1;
    const size_t n = cops__lex_word_len(s);
    int v;
    if (*s == '+' || *s == '-') {                                /* ±nD or ±n */
      const int sign = *s == '-' ? -1 : 1;
      if (!(end = number(s + 1, &v)))
        return cops__fail(ctx, COPS_ESYNTAX, "column %d: expected a number after '%c'", at + 1,
                          *s);
      if (*end == 'D' || *end == 'd') {
        p.dice_mod += sign * v;
        end++;
        if (p.dice_mod > COPS_D6_DICE_MAX || p.dice_mod < -COPS_D6_DICE_MAX)
          return cops__fail(ctx, COPS_ERANGE, "column %d: dice modifiers past %+dD", at,
                            sign * COPS_D6_DICE_MAX);
      } else {
        p.points += sign * v;
        if (p.points > 1000 || p.points < -1000)
          return cops__fail(ctx, COPS_ERANGE, "column %d: points past %+d", at, sign * 1000);
      }
      if (*end && *end != ' ' && *end != '\t')
        return cops__fail(ctx, COPS_ESYNTAX, "column %d: '%.*s' is no modifier (+1D, -2, ...)",
                          at, (int)(n > 40 ? 40 : n), s);
      s = cops__lex_skip(end);
      continue;
    }
    int *seen = NULL, *field = NULL, lo = 0, hi = 0;
    if (cops__lex_word_is(s, n, "vs")) {
      seen = &seen_vs, field = &p.difficulty, lo = 1, hi = 1000;
    } else if (cops__lex_word_is(s, n, "actions")) {
      seen = &seen_actions, field = &p.actions, lo = 1, hi = 10;
    } else if (cops__lex_word_is(s, n, "cp")) {
      seen = &seen_cp, field = &p.cp, lo = 0, hi = 10;
    } else if (cops__lex_word_is(s, n, "fp")) {
      seen = &seen_fp;
      p.fp = 1;
    } else {
      return cops__fail(ctx, COPS_ESYNTAX, "column %d: '%.*s' is none of +nD, -nD, +n, -n, vs N, "
                        "actions N, cp N, fp", at, (int)(n > 40 ? 40 : n), s);
    }
    if ((*seen)++)
      return cops__fail(ctx, COPS_ESYNTAX, "column %d: '%.*s' given twice", at,
                        (int)(n > 40 ? 40 : n), s);
    s += n;
    if (field) {
      if (!(end = word_number(s, &v)) || (*end && *end != ' ' && *end != '\t'))
        return cops__fail(ctx, COPS_ESYNTAX, "column %d: '%.*s' needs a number", at, (int)n,
                          s - n);
      if (v < lo || v > hi)
        return cops__fail(ctx, COPS_ERANGE, "column %d: %.*s %d out of range %d..%d", at,
                          (int)n, s - n, v, lo, hi);
      *field = v;
      s = end;
    }
    s = cops__lex_skip(s);
  }
  memcpy(out, &p, size);
  out->size = (uint32_t)size;
  return COPS_OK;
}

int cops_d6_pool_format(const cops_d6_pool *p, char *buf, size_t len)
{
  if (!p || p->size < COPS__D6_POOL_SIZE_0_16 || p->size > sizeof *p || (!buf && len > 0) ||
      !cops__d6_code_ok(p->code))
    return COPS_EINVAL;
  char text[160];
  int n = cops_d6_code_format(p->code, text, sizeof text);
  if (p->dice_mod)
    n += snprintf(text + n, sizeof text - (size_t)n, " %+dD", p->dice_mod);
  if (p->points)
    n += snprintf(text + n, sizeof text - (size_t)n, " %+d", p->points);
  if (p->actions != 1)
    n += snprintf(text + n, sizeof text - (size_t)n, " actions %d", p->actions);
  if (p->cp)
    n += snprintf(text + n, sizeof text - (size_t)n, " cp %d", p->cp);
  if (p->fp)
    n += snprintf(text + n, sizeof text - (size_t)n, " fp");
  if (p->difficulty != COPS_D6_NO_DIFFICULTY)
    n += snprintf(text + n, sizeof text - (size_t)n, " vs %d", p->difficulty);
  return cops__lex_put(buf, len, text, n);
}
