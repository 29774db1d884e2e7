/* Small pieces of the notations' readers and writers (lib/st/st-pool.c, lib/d6/d6-code.c):
 * blanks skipped, a word's length and name, text copied into a caller's buffer. Not
 * installed. */
#ifndef COPS_LEX_H
#define COPS_LEX_H

#include <string.h>

#include "base/internal.h"

static inline const char *cops__lex_skip(const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* The word at p, up to a blank or the end: its length. */
static inline size_t cops__lex_word_len(const char *p)
{
  size_t n = 0;
  while (p[n] && p[n] != ' ' && p[n] != '\t')
    n++;
  return n;
}

/* The n bytes at p are the word w, in any case. */
static inline int cops__lex_word_is(const char *p, size_t n, const char *w)
{
  return strlen(w) == n && cops__names_match(p, n, w);
}

/* At most len - 1 bytes of text (n long) into buf, NUL-terminated; n, as snprintf. */
static inline int cops__lex_put(char *buf, size_t len, const char *text, int n)
{
  if (len > 0) {
    const size_t copy = (size_t)n < len ? (size_t)n : len - 1;
    memcpy(buf, text, copy);
    buf[copy] = '\0';
  }
  return n;
}

#endif
