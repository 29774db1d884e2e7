/* Memory: the context's allocator (docs/api.md "Memory"), and the memory
 * handed over to the caller, which cops_free() releases whatever allocator
 * made it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/internal.h"

static void *std_alloc(void *user, size_t size)
{
  (void)user;
  return malloc(size);
}

static void *std_realloc(void *user, void *p, size_t size)
{
  (void)user;
  return realloc(p, size);
}

static void std_free(void *user, void *p)
{
  (void)user;
  free(p);
}

const cops_allocator cops__std_alloc = {
  sizeof(cops_allocator), std_alloc, std_realloc, std_free, NULL,
};

void *cops__malloc(const cops_allocator *a, size_t n)
{
  return n ? a->alloc_fn(a->user, n) : NULL;
}

void *cops__calloc(const cops_allocator *a, size_t n)
{
  void *p = cops__malloc(a, n);
  if (p)
    memset(p, 0, n);
  return p;
}

void *cops__realloc(const cops_allocator *a, void *p, size_t n)
{
  if (!n)
    return NULL;
  return p ? a->realloc_fn(a->user, p, n) : a->alloc_fn(a->user, n);
}

void cops__free(const cops_allocator *a, void *p)
{
  if (p)
    a->free_fn(a->user, p);
}

/* Memory handed over starts after a header that says how to free it. */
union handed {
  struct {
    void (*free_fn)(void *, void *);
    void *user;
  } h;
  max_align_t align;
};

static void *handed_finish(const cops_allocator *a, void *block)
{
  union handed *h = block;
  h->h.free_fn = a->free_fn;
  h->h.user = a->user;
  return h + 1;
}

void *cops__handed_new(const cops_allocator *a, size_t n)
{
  void *block = cops__malloc(a, sizeof(union handed) + n);
  return block ? handed_finish(a, block) : NULL;
}

void cops_free(void *p)
{
  if (!p)
    return;
  union handed *h = (union handed *)p - 1;
  h->h.free_fn(h->h.user, h);
}

/* A growing text, handed over at its end. */
void cops__text_init(cops__text *t, const cops_allocator *a)
{
  memset(t, 0, sizeof *t);
  t->a = a;
}

void cops__text_add(cops__text *t, const char *s, size_t n)
{
  if (t->failed)
    return;
  const size_t head = sizeof(union handed);
  if (t->len + n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + n + 1)
      cap *= 2;
    char *q = cops__realloc(t->a, t->block, head + cap);
    if (!q) {
      t->failed = 1;
      return;
    }
    t->block = q;
    t->cap = cap;
  }
  char *s0 = t->block + head;
  memcpy(s0 + t->len, s, n);
  t->len += n;
  s0[t->len] = '\0';
}

int cops__text_finish(cops__text *t, char **out)
{
  if (!t->failed && !t->block)
    cops__text_add(t, "", 0);
  if (t->failed) {
    cops__free(t->a, t->block);
    t->block = NULL;
    return COPS_ENOMEM;
  }
  *out = handed_finish(t->a, t->block);
  t->block = NULL;
  return COPS_OK;
}

void cops__text_drop(cops__text *t)
{
  cops__free(t->a, t->block);
  t->block = NULL;
}

void cops__text_printf(cops__text *t, const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) {
    t->failed = 1;
    return;
  }
  cops__text_add(t, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

int cops__json_hand(const cops_allocator *a, json_t *j, int sheet, char **out)
{
  *out = NULL;
  if (!j)
    return COPS_ENOMEM;
  const size_t flags = sheet ? JSON_INDENT(2) : JSON_COMPACT;
  const size_t n = json_dumpb(j, NULL, 0, flags);
  char *buf = n ? cops__handed_new(a, n + 2) : NULL;
  if (!buf || json_dumpb(j, buf, n, flags) != n) {
    cops_free(buf);
    json_decref(j);
    return COPS_ENOMEM;
  }
  size_t end = n;
  if (sheet)
    buf[end++] = '\n';
  buf[end] = '\0';
  json_decref(j);
  *out = buf;
  return COPS_OK;
}

void cops__text_odds(cops__text *t, int french, int down, int risk)
{
  const char sep = french ? ',' : '.';
  cops__text_printf(t, french ? " ; hors de combat %d%c%d %%, risque %d%c%d %%"
                              : "; out of the fight %d%c%d %%, risk %d%c%d %%",
                    down / 10, sep, down % 10, risk / 10, sep, risk % 10);
}
