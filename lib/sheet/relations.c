/* A cop's relations (COPS.md C9, docs/relations.md): allies and informants, levels 1-4 with
 * at most two at level 4, knowledge domains rated -3..+1, one push at a time, the upkeep,
 * and the level of information in a domain. */
#include <stdio.h>
#include <string.h>

#include <cops/relations.h>

#include "sheet/sheet.h"
#include "lang/lang.h"

#define FAIL(ch, code, ...) cops__fail((ch)->ctx, (code), __VA_ARGS__)

static int valid(const cops_character *ch, int i)
{
  return ch && i >= 0 && i < ch->nrel;
}

static int level4(const cops_character *ch, int except)
{
  int n = 0;
  for (int i = 0; i < ch->nrel; i++)
    n += i != except && ch->rel[i].level == 4;
  return n;
}

static int check_level(cops_character *ch, int level, int except)
{
  if (level < 1 || level > 4)
    return FAIL(ch, COPS_ERANGE, "relation level %d out of range 1..4 (C9)", level);
  if (level == 4 && level4(ch, except) >= COPS_LEVEL4_MAX)
    return FAIL(ch, COPS_ERULE, "%s has %d relations of level 4 already: at most %d at a "
                "time (C9)", ch->name, COPS_LEVEL4_MAX, COPS_LEVEL4_MAX);
  return COPS_OK;
}

/* What keeps a relation of each kind going (C9): informants "une somme mensuelle ... ou des
 * informations intéressantes ou des petits services", the sum first and the default; allies
 * "petits services de temps à autre, renvois d'ascenseur", the favours (RULING C9-L1 of
 * docs/rulings.md). */
static int default_upkeep(int kind)
{
  return kind == COPS_ALLY ? COPS_UPKEEP_FAVOURS : COPS_UPKEEP_MONEY;
}

static int upkeep_fits(int kind, int upkeep)
{
  return kind == COPS_ALLY ? upkeep == COPS_UPKEEP_FAVOURS
                           : upkeep >= COPS_UPKEEP_MONEY && upkeep <= COPS_UPKEEP_SERVICES;
}

int cops_character_find_relation(const cops_character *ch, const char *name)
{
  if (!ch || !name)
    return COPS_EINVAL;
  for (int i = 0; i < ch->nrel; i++)
    if (cops__names_match(name, strlen(name), ch->rel[i].name))
      return i;
  return COPS_ENOTFOUND;
}

int cops_character_add_relation(cops_character *ch, const char *name, int kind, int level,
                                int *index)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = cops__check_name(ch->ctx, "a relation's name", name, COPS_NAME_MAX);
  if (rc)
    return rc;
  if (kind != COPS_ALLY && kind != COPS_INFORMANT)
    return FAIL(ch, COPS_EINVAL, "relation kind %d: COPS_ALLY or COPS_INFORMANT", kind);
  if ((rc = check_level(ch, level, -1)))
    return rc;
  if (cops_character_find_relation(ch, name) >= 0)
    return FAIL(ch, COPS_EINVAL, "%s is on the sheet already", name);
  if (ch->nrel == COPS_RELATIONS_MAX)
    return FAIL(ch, COPS_ERANGE, "at most %d relations", COPS_RELATIONS_MAX);
  if (ch->nrel == ch->caprel) {
    const int cap = ch->caprel ? 2 * ch->caprel : 4;
    struct cops__relation *grown = cops__realloc(&ch->ctx->alloc, ch->rel,
                                                 (size_t)cap * sizeof *grown);
    if (!grown)
      return FAIL(ch, COPS_ENOMEM, "out of memory for a relation");
    ch->rel = grown;
    ch->caprel = cap;
  }
  struct cops__relation *r = &ch->rel[ch->nrel];
  memset(r, 0, sizeof *r);
  snprintf(r->name, sizeof r->name, "%s", name);
  r->kind = kind;
  r->level = level;
  r->upkeep = default_upkeep(kind);   /* none said: the kind's (C9) */
  r->pushed = -1;
  if (index)
    *index = ch->nrel;
  ch->nrel++;
  return COPS_OK;
}

int cops_character_relation_count(const cops_character *ch)
{
  return ch ? ch->nrel : COPS_EINVAL;
}

int cops_character_relation(const cops_character *ch, int i, cops_relation *out)
{
  if (!valid(ch, i) || !out || out->size < sizeof(uint32_t))
    return COPS_EINVAL;
  const struct cops__relation *r = &ch->rel[i];
  cops_relation v;
  v.size = out->size < sizeof v ? out->size : (uint32_t)sizeof v;
  v.name = r->name;
  v.kind = r->kind;
  v.level = r->level;
  v.upkeep = r->upkeep;
  v.domains = r->nd;
  v.pushed = r->pushed;
  memcpy(out, &v, v.size);
  return COPS_OK;
}

int cops_character_remove_relation(cops_character *ch, int i)
{
  if (!valid(ch, i))
    return COPS_EINVAL;
  memmove(&ch->rel[i], &ch->rel[i + 1], (size_t)(ch->nrel - i - 1) * sizeof *ch->rel);
  ch->nrel--;
  return COPS_OK;
}

int cops_character_set_relation_level(cops_character *ch, int i, int level)
{
  if (!valid(ch, i))
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = check_level(ch, level, i);
  if (!rc)
    ch->rel[i].level = level;
  return rc;
}

int cops_character_set_relation_upkeep(cops_character *ch, int i, int upkeep)
{
  if (!valid(ch, i))
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (upkeep < COPS_UPKEEP_NONE || upkeep > COPS_UPKEEP_FAVOURS)
    return FAIL(ch, COPS_EINVAL, "upkeep %d: a cops_upkeep", upkeep);
  const int kind = ch->rel[i].kind;
  if (upkeep == COPS_UPKEEP_NONE)
    upkeep = default_upkeep(kind);
  if (!upkeep_fits(kind, upkeep))
    return FAIL(ch, COPS_ERULE, kind == COPS_ALLY
                ? "%s is an ally, kept by occasional favours, not by %s (C9)"
                : "%s is an informant, kept by money, information or small services, not by "
                  "%s (C9)", ch->rel[i].name, cops_upkeep_name(upkeep, COPS_LANG_EN));
  ch->rel[i].upkeep = upkeep;
  return COPS_OK;
}

static int domain_index(const struct cops__relation *r, const char *domain)
{
  for (int k = 0; k < r->nd; k++)
    if (cops__names_match(domain, strlen(domain), r->d[k].name))
      return k;
  return -1;
}

/* Domain @p domain of relation i, added at 0 when @p add and not rated yet. */
static int domain_of(cops_character *ch, int i, const char *domain, int add, int *k)
{
  int rc = cops__check_name(ch->ctx, "a domain's name", domain, COPS_DOMAIN_MAX);
  if (rc)
    return rc;
  struct cops__relation *r = &ch->rel[i];
  if ((*k = domain_index(r, domain)) >= 0 || !add)
    return COPS_OK;
  if (r->nd == COPS_DOMAINS_MAX)
    return FAIL(ch, COPS_ERANGE, "%s: at most %d knowledge domains", r->name,
                COPS_DOMAINS_MAX);
  *k = r->nd++;
  snprintf(r->d[*k].name, sizeof r->d[*k].name, "%s", domain);
  r->d[*k].rating = 0;
  return COPS_OK;
}

int cops_relation_set_domain(cops_character *ch, int i, const char *domain, int rating)
{
  if (!valid(ch, i))
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (rating < COPS_DOMAIN_RATING_MIN || rating > COPS_DOMAIN_RATING_MAX)
    return FAIL(ch, COPS_ERANGE, "domain rating %d out of range %d..%+d (C9)", rating,
                COPS_DOMAIN_RATING_MIN, COPS_DOMAIN_RATING_MAX);
  int k, rc = domain_of(ch, i, domain, 1, &k);
  if (!rc)
    ch->rel[i].d[k].rating = rating;
  return rc;
}

int cops_relation_domain(const cops_character *ch, int i, int k, const char **name, int *rating)
{
  if (!valid(ch, i) || k < 0 || k >= ch->rel[i].nd)
    return COPS_EINVAL;
  if (name)
    *name = ch->rel[i].d[k].name;
  if (rating)
    *rating = ch->rel[i].d[k].rating;
  return COPS_OK;
}

int cops_relation_remove_domain(cops_character *ch, int i, const char *domain)
{
  if (!valid(ch, i))
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int k, rc = domain_of(ch, i, domain, 0, &k);
  if (rc)
    return rc;
  struct cops__relation *r = &ch->rel[i];
  if (k < 0)
    return FAIL(ch, COPS_ENOTFOUND, "%s has no domain '%s'", r->name, domain);
  memmove(&r->d[k], &r->d[k + 1], (size_t)(r->nd - k - 1) * sizeof r->d[0]);
  r->nd--;
  if (r->pushed == k)
    r->pushed = -1;
  else if (r->pushed > k)
    r->pushed--;
  return COPS_OK;
}

int cops_relation_push(cops_character *ch, int i, const char *domain)
{
  if (!valid(ch, i))
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  struct cops__relation *r = &ch->rel[i];
  if (r->pushed >= 0)
    return FAIL(ch, COPS_ESTATE, "%s is pushed already in '%s': one push at a time (C9)",
                r->name, r->d[r->pushed].name);
  int k, rc = domain_of(ch, i, domain, 1, &k);
  if (!rc)
    r->pushed = k;
  return rc;
}

int cops_relation_release(cops_character *ch, int i)
{
  if (!valid(ch, i))
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (ch->rel[i].pushed < 0)
    return FAIL(ch, COPS_ESTATE, "%s is not pushed", ch->rel[i].name);
  ch->rel[i].pushed = -1;
  return COPS_OK;
}

int cops_relation_information(const cops_character *ch, int i, const char *domain, int *level)
{
  if (!valid(ch, i) || !domain || !level)
    return COPS_EINVAL;
  const struct cops__relation *r = &ch->rel[i];
  const int k = domain_index(r, domain);
  *level = r->level + (k >= 0 ? r->d[k].rating : 0) + (k >= 0 && k == r->pushed);
  return COPS_OK;
}

const char *cops_relation_kind_name(int kind, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && (kind == COPS_ALLY || kind == COPS_INFORMANT) ? L->relation_kind[kind] : NULL;
}

const char *cops_relation_level_name(int kind, int level, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && (kind == COPS_ALLY || kind == COPS_INFORMANT) && level >= 1 && level <= 4
             ? L->relation_level[kind][level - 1] : NULL;
}

const char *cops_upkeep_name(int upkeep, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && upkeep >= COPS_UPKEEP_NONE && upkeep <= COPS_UPKEEP_FAVOURS ? L->upkeep[upkeep]
                                                                          : NULL;
}

/* A name of any language's list (cops__lang(0 .. count - 1)). */
static int parse_any(const char *text, int n, const char *(*name)(int, int), int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  for (int lang = 0; lang < cops__lang_count(); lang++)
    for (int v = 0; v < n; v++)
      if (cops__names_match(text, strlen(text), name(v, lang))) {
        *out = v;
        return COPS_OK;
      }
  return COPS_ENOTFOUND;
}

int cops_relation_kind_parse(const char *text, int *kind)
{
  return parse_any(text, 2, cops_relation_kind_name, kind);
}

int cops_upkeep_parse(const char *text, int *upkeep)
{
  return parse_any(text, COPS_UPKEEP_FAVOURS + 1, cops_upkeep_name, upkeep);
}
