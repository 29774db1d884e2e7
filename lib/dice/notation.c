/* The roll notation of COPS.md C1.1 with the modifiers of C1.7.
 * Grammar and examples: docs/notation.md. */
#include <stdio.h>
#include <string.h>

#include "dice/dice.h"

/* Numbers above this are refused before they can overflow. */
#define NUMBER_MAX 9999

typedef struct parser {
  cops_ctx *ctx;
  const char *s;
  size_t i;
} parser;

/* 1-based column, counting UTF-8 characters rather than bytes. */
static int column_at(const parser *p, size_t at)
{
  int col = 1;
  for (size_t k = 0; k < at; k++)
    col += ((unsigned char)p->s[k] & 0xC0) != 0x80;
  return col;
}

/* Bytes of the whitespace at s: space, tab, U+00A0 and U+202F (French typography). */
static size_t space_len(const char *s)
{
  if (*s == ' ' || *s == '\t')
    return 1;
  if ((unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xA0)
    return 2;
  if ((unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 &&
      (unsigned char)s[2] == 0xAF)
    return 3;
  return 0;
}

static void skip_ws(parser *p)
{
  size_t n;
  while ((n = space_len(p->s + p->i)))
    p->i += n;
}

/* What stands at the cursor, for messages: "end of text" or the character. */
static void describe(const parser *p, char *buf, size_t len)
{
  const unsigned char *c = (const unsigned char *)p->s + p->i;
  if (!*c) {
    snprintf(buf, len, "end of text");
    return;
  }
  size_t n = 1;
  while (n < 4 && (c[n] & 0xC0) == 0x80)
    n++;
  snprintf(buf, len, "'%.*s'", (int)n, (const char *)c);
}

static int syntax(parser *p, const char *expected)
{
  char found[24];
  describe(p, found, sizeof found);
  return cops__fail(p->ctx, COPS_ESYNTAX, "column %d: expected %s, found %s",
                    column_at(p, p->i), expected, found);
}

static int is_digit(char c)
{
  return c >= '0' && c <= '9';
}

static int is_letter(unsigned char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

static int number(parser *p, int *out)
{
  size_t start = p->i;
  long v = 0;
  while (is_digit(p->s[p->i])) {
    v = v * 10 + (p->s[p->i++] - '0');
    if (v > NUMBER_MAX)
      return cops__fail(p->ctx, COPS_ERANGE, "column %d: number too large (at most %d)",
                        column_at(p, start), NUMBER_MAX);
  }
  *out = (int)v;
  return COPS_OK;
}

/* A name: letters (any UTF-8), spaces, apostrophes, dots, and hyphens that
 * join two words ("Sang-froid"). Trailing spaces are trimmed. An optional
 * "[specialisation]" follows. */
static int name(parser *p, cops__term *t)
{
  size_t start = p->i, end = p->i;
  for (;;) {
    const unsigned char c = (unsigned char)p->s[p->i];
    size_t ws = space_len(p->s + p->i);
    if (ws) {
      p->i += ws;
    } else if (is_letter(c) || c == '\'' || c == '.') {
      p->i++;
      end = p->i;
    } else if (c == '-' && is_letter((unsigned char)p->s[p->i + 1])) {
      p->i++;
      end = p->i;
    } else {
      break;
    }
  }
  t->is_name = 1;
  t->name = p->s + start;
  t->name_len = end - start;
  t->spec = NULL;
  t->spec_len = 0;
  if (p->s[p->i] == '[') {
    size_t open = p->i++;
    skip_ws(p);
    size_t sstart = p->i, send = p->i;
    while (p->s[p->i] && p->s[p->i] != ']') {
      if (!space_len(p->s + p->i))
        send = p->i + 1;
      p->i++;
    }
    if (p->s[p->i] != ']') {
      p->i = open;
      return cops__fail(p->ctx, COPS_ESYNTAX,
                        "column %d: '[' opens a specialisation that is never closed with ']'",
                        column_at(p, open));
    }
    if (send == sstart)
      return cops__fail(p->ctx, COPS_ESYNTAX, "column %d: empty specialisation '[]'",
                        column_at(p, open));
    t->spec = p->s + sstart;
    t->spec_len = send - sstart;
    p->i++;
  }
  return COPS_OK;
}

static int first_term(parser *p, cops__term *t)
{
  t->column = column_at(p, p->i);
  if (is_digit(p->s[p->i])) {
    int rc = number(p, &t->value);
    if (rc)
      return rc;
    if (p->s[p->i] != '+')
      return syntax(p, "'+' after the threshold (thresholds are written like 4+)");
    p->i++;
    if (t->value < COPS_THRESHOLD_MIN || t->value > COPS_THRESHOLD_MAX)
      return cops__fail(p->ctx, COPS_ERANGE, "column %d: threshold %d+ out of range %d+..%d+",
                        t->column, t->value, COPS_THRESHOLD_MIN, COPS_THRESHOLD_MAX);
    return COPS_OK;
  }
  if (is_letter((unsigned char)p->s[p->i]))
    return name(p, t);
  return syntax(p, "a threshold such as 4+ or a skill name");
}

static int second_term(parser *p, cops__term *t)
{
  t->column = column_at(p, p->i);
  if (is_digit(p->s[p->i])) {
    int rc = number(p, &t->value);
    if (rc)
      return rc;
    if (t->value > COPS_DICE_MAX)
      return cops__fail(p->ctx, COPS_ERANGE, "column %d: %d dice out of range 0..%d",
                        t->column, t->value, COPS_DICE_MAX);
    return COPS_OK;
  }
  if (is_letter((unsigned char)p->s[p->i]))
    return name(p, t);
  return syntax(p, "the number of dice or a characteristic name after '/'");
}

static int difficulty(parser *p, cops__notation *n)
{
  p->i++; /* '(' */
  skip_ws(p);
  size_t at = p->i;
  if (!is_digit(p->s[p->i]))
    return syntax(p, "a difficulty (a whole number) after '('");
  int rc = number(p, &n->difficulty);
  if (rc)
    return rc;
  if (n->difficulty > COPS_DIFFICULTY_MAX)
    return cops__fail(p->ctx, COPS_ERANGE, "column %d: difficulty %d out of range 0..%d",
                      column_at(p, at), n->difficulty, COPS_DIFFICULTY_MAX);
  skip_ws(p);
  if (p->s[p->i] != ')')
    return syntax(p, "')' after the difficulty");
  p->i++;
  return COPS_OK;
}

/* "+1D", "-2 d", "+1S", "-1R": sign, number, letter. */
static int modifier(parser *p, cops__notation *n)
{
  size_t at = p->i;
  int sign = p->s[p->i++] == '-' ? -1 : 1, v = 0, rc;
  skip_ws(p);
  if (!is_digit(p->s[p->i]))
    return syntax(p, "a number after the modifier's sign");
  if ((rc = number(p, &v)))
    return rc;
  skip_ws(p);
  int *target, limit;
  const char *what;
  switch (p->s[p->i]) {
  case 'D': case 'd':
    target = &n->dice_mod, limit = COPS_MOD_MAX, what = "dice";
    break;
  case 'S': case 's':
    target = &n->threshold_mod, limit = COPS_THRESHOLD_MOD_MAX, what = "threshold";
    break;
  case 'R': case 'r':
    target = &n->difficulty_mod, limit = COPS_MOD_MAX, what = "difficulty";
    break;
  default:
    return syntax(p, "D (dice), S (seuil: threshold) or R (réussites: difficulty) "
                     "after the modifier's number");
  }
  p->i++;
  *target += sign * v;
  if (*target < -limit || *target > limit)
    return cops__fail(p->ctx, COPS_ERANGE,
                      "column %d: %s modifiers add up to %d, out of range %d..%d",
                      column_at(p, at), what, *target, -limit, limit);
  return COPS_OK;
}

int cops__parse_notation(cops_ctx *ctx, const char *text, cops__notation *n)
{
  parser p = {ctx, text, 0};
  memset(n, 0, sizeof *n);
  n->difficulty = 1;
  int rc, have_difficulty = 0;
  skip_ws(&p);
  if ((rc = first_term(&p, &n->first)))
    return rc;
  skip_ws(&p);
  if (p.s[p.i] != '/')
    return syntax(&p, n->first.is_name ? "'/' after the skill" : "'/' after the threshold");
  p.i++;
  skip_ws(&p);
  if ((rc = second_term(&p, &n->second)))
    return rc;
  for (;;) {
    skip_ws(&p);
    char c = p.s[p.i];
    if (!c)
      return COPS_OK;
    if (c == '(' && !have_difficulty) {
      have_difficulty = 1;
      if ((rc = difficulty(&p, n)))
        return rc;
    } else if (c == '+' || c == '-') {
      if ((rc = modifier(&p, n)))
        return rc;
    } else {
      return syntax(&p, have_difficulty ? "a modifier such as +1D, or the end of the text"
                                        : "'(difficulty)', a modifier such as +1D, "
                                          "or the end of the text");
    }
  }
}


int cops__action_parse(cops_action *out, cops_ctx *ctx, const char *text)
{
  cops__notation n;
  int rc = cops__parse_notation(ctx, text, &n);
  if (rc)
    return rc;
  const cops__term *named = n.first.is_name ? &n.first : n.second.is_name ? &n.second : NULL;
  if (named)
    return cops__fail(ctx, COPS_ESYNTAX,
                      "column %d: '%.*s' is a name; without a character the notation takes "
                      "numbers only (threshold like 4+, dice like 3)",
                      named->column, (int)named->name_len, named->name);
  cops_action_init(out, n.second.value, n.first.value, n.difficulty);
  out->dice_mod = n.dice_mod;
  out->threshold_mod = n.threshold_mod;
  out->difficulty_mod = n.difficulty_mod;
  cops__effective e;
  return cops__resolve_action(ctx, out, &e);
}

int (cops_action_parse)(cops_action *out, cops_ctx *ctx, const char *text)
{
  return cops_action_parse_sized(out, COPS__ACTION_SIZE_0_1, ctx, text);
}

int cops_action_parse_sized(cops_action *caller, size_t size, cops_ctx *ctx, const char *text)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!caller || !text)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", caller ? "text" : "action");
  if (size < COPS__ACTION_SIZE_0_1 || size > sizeof *caller)
    return cops__fail(ctx, COPS_EINVAL, "action size %zu, expected %zu..%zu", size,
                      (size_t)COPS__ACTION_SIZE_0_1, sizeof *caller);
  cops_action full;
  int rc = cops__action_parse(&full, ctx, text);
  return rc ? rc : cops__action_out(caller, size, &full);
}
