/* A Storyteller pool's notation (docs/storyteller.md, "Pools"): read with a
 * column in every error, and written back in its canonical form. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "st/st-private.h"
#include "base/lex.h"
#include "st-private.h"


/* A decimal number of at most 3 digits at p; its end, or NULL. */
static const char *number(const char *p, int *v)
{
  int n = 0, digits = 0;
  while (isdigit((unsigned char)*p) && digits < 4) {
    n = n * 10 + (*p++ - '0');
    digits++;
  }
  if (!digits || isdigit((unsigned char)*p))
    return NULL;
  *v = n;
  return p;
}



int cops_st_pool_parse_sized(cops_st_pool *out, size_t size, cops_ctx *ctx, const char *text)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!out || !text)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", out ? "text" : "pool");
  if (size < COPS__ST_POOL_SIZE_0_15 || size > sizeof(cops_st_pool))
    return cops__fail(ctx, COPS_EINVAL, "pool size %zu, expected %zu", size,
                      sizeof(cops_st_pool));
  if (!cops__clean_text(text))
    return cops__fail(ctx, COPS_ESYNTAX, "the pool holds a control character or is not UTF-8");
  cops_st_pool p;
  cops__st_pool_default(&p, 0);
  const char *s = cops__lex_skip(text);
  int v;
  const char *end = number(s, &v);
  if (!end)
    return cops__fail(ctx, COPS_ESYNTAX, "column %d: expected the number of dice, e.g. "
                      "\"4+3-2 9-again\"", (int)(s - text) + 1);
  if (v > COPS_DICE_MAX)
    return cops__fail(ctx, COPS_ERANGE, "column %d: %d dice (at most %d)",
                      (int)(s - text) + 1, v, COPS_DICE_MAX);
  p.dice = v;
  s = cops__lex_skip(end);
  while (*s == '+' || *s == '-') {
    const int sign = *s == '-' ? -1 : 1;
    const char *at = cops__lex_skip(s + 1);
    if (!(end = number(at, &v)))
      return cops__fail(ctx, COPS_ESYNTAX, "column %d: expected a number after '%c'",
                        (int)(at - text) + 1, *s);
    if (p.mod + sign * v > COPS_ST_MOD_MAX || p.mod + sign * v < -COPS_ST_MOD_MAX)
      return cops__fail(ctx, COPS_ERANGE, "column %d: modifiers past %+d dice",
                        (int)(at - text) + 1, sign * COPS_ST_MOD_MAX);
    p.mod += sign * v;
    s = cops__lex_skip(end);
  }
  int seen_again = 0, seen_thr = 0, seen_mode = 0, seen_chance = 0;
  while (*s) {
    const size_t n = cops__lex_word_len(s);
    const int col = (int)(s - text) + 1;
    int *seen = NULL;
    if (cops__lex_word_is(s, n, "no-again")) {
      p.again = 0;
      seen = &seen_again;
    } else if (n >= 7 && cops__lex_word_is(s + n - 6, 6, "-again") && number(s, &v) == s + n - 6 &&
               v >= 8 && v <= 10) {
      p.again = v;
      seen = &seen_again;
    } else if (n >= 2 && s[n - 1] == '+' && number(s, &v) == s + n - 1 && v >= 2 &&
               v <= 10) {
      p.threshold = v;
      seen = &seen_thr;
    } else if (cops__lex_word_is(s, n, "all-8s")) {
      p.mode = COPS_ST_ALL_EIGHTS;
      seen = &seen_mode;
    } else if (cops__lex_word_is(s, n, "average")) {
      p.mode = COPS_ST_AVERAGE;
      seen = &seen_mode;
    } else if (cops__lex_word_is(s, n, "no-chance")) {
      p.flags |= COPS_ST_NO_CHANCE;
      seen = &seen_chance;
    } else {
      return cops__fail(ctx, COPS_ESYNTAX, "column %d: '%.*s' is none of 8-again, 9-again, "
                        "10-again, no-again, 2+ .. 10+, all-8s, average, no-chance", col,
                        (int)(n > 40 ? 40 : n), s);
    }
    if ((*seen)++)
      return cops__fail(ctx, COPS_ESYNTAX, "column %d: '%.*s' says again what an earlier "
                        "word said", col, (int)(n > 40 ? 40 : n), s);
    s = cops__lex_skip(s + n);
  }
  cops__st_effective e;
  int rc = cops__st_pool_check(ctx, &p, &e);   /* again below the threshold */
  return rc ? rc : cops__st_pool_out(out, size, &p);
}

int cops_st_pool_format(const cops_st_pool *given, char *buf, size_t len)
{
  cops_st_pool tmp;
  const cops_st_pool *p = given ? cops__st_pool_in(given, &tmp) : NULL;
  if (!p || (!buf && len > 0))
    return COPS_EINVAL;
  char text[160];
  int n = snprintf(text, sizeof text, "%d", p->dice);
  if (p->mod)
    n += snprintf(text + n, sizeof text - (size_t)n, "%+d", p->mod);
  if (p->again == 0)
    n += snprintf(text + n, sizeof text - (size_t)n, " no-again");
  else if (p->again != 10)
    n += snprintf(text + n, sizeof text - (size_t)n, " %d-again", p->again);
  if (p->threshold != 8)
    n += snprintf(text + n, sizeof text - (size_t)n, " %d+", p->threshold);
  if (p->mode == COPS_ST_ALL_EIGHTS)
    n += snprintf(text + n, sizeof text - (size_t)n, " all-8s");
  else if (p->mode == COPS_ST_AVERAGE)
    n += snprintf(text + n, sizeof text - (size_t)n, " average");
  if (p->flags & COPS_ST_NO_CHANCE)
    n += snprintf(text + n, sizeof text - (size_t)n, " no-chance");
  return cops__lex_put(buf, len, text, n);
}
