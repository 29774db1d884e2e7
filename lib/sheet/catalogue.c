/* The static tables of COPS.md C2 and C3, and name matching. */
#include <stdint.h>
#include <string.h>

#include "sheet/sheet.h"

static const char *const characteristic_names[COPS_CHARACTERISTIC_COUNT][2] = {
  {"Carrure", "Build"},
  {"Charme", "Charm"},
  {"Coordination", "Coordination"},
  {"Éducation", "Education"},
  {"Perception", "Perception"},
  {"Réflexes", "Reflexes"},
  {"Sang-froid", "Nerve"},
};

#define MAX_LISTED 7

struct skill_info {
  const char *name[2];
  int characteristic;
  int spec_level;        /* specialisation from this level and better; 0: never */
  int free_specs;        /* specialisations outside the list are allowed */
  int adrenaline;
  const char *specs[MAX_LISTED + 1];
};

/* COPS.md C3. "From N" without "mandatory" is treated as mandatory (RULING). */
static const struct skill_info skills[COPS_SKILL_COUNT] = {
  {{"Arme d'épaule", "Shoulder arms"}, COPS_COORDINATION, 5, 0, 1,
   {"fusil à lunette", "fusil", "fusil à pompe"}},
  {{"Arme de contact", "Melee weapons"}, COPS_REFLEXES, 6, 1, 1,
   {"couteau", "matraque", "arme exotique"}},
  {{"Arme de poing", "Handguns"}, COPS_COORDINATION, 0, 0, 1, {NULL}},
  {{"Arme lourde", "Heavy weapons"}, COPS_CARRURE, 9, 0, 1,
   {"mitrailleuse", "lance-roquettes", "lance-flammes"}},
  {{"Athlétisme", "Athletics"}, COPS_CARRURE, 6, 0, 1,
   {"course d'endurance", "course de vitesse", "épreuves de force", "escalade", "nage", "saut",
    "sport spécifique"}},
  {{"Bureaucratie", "Bureaucracy"}, COPS_SANG_FROID, 0, 0, 0, {NULL}},
  {{"Conduite", "Driving"}, COPS_COORDINATION, 8, 0, 1, {"voiture", "moto", "camion", "chenillé"}},
  {{"Connaissance", "Knowledge"}, COPS_EDUCATION, 9, 1, 0, {NULL}},
  {{"Corps à corps", "Hand-to-hand"}, COPS_REFLEXES, 7, 0, 1,
   {"coups", "projections", "immobilisations"}},
  {{"Déguisement", "Disguise"}, COPS_PERCEPTION, 0, 0, 0, {NULL}},
  {{"Discrétion", "Stealth"}, COPS_COORDINATION, 0, 0, 0, {NULL}},
  {{"Électronique", "Electronics"}, COPS_EDUCATION, 6, 0, 0,
   {"armement", "hi-fi vidéo", "informatique", "sécurité", "surveillance"}},
  {{"Éloquence", "Eloquence"}, COPS_CHARME, 0, 0, 0, {NULL}},
  {{"Falsification", "Forgery"}, COPS_PERCEPTION, 0, 0, 0, {NULL}},
  {{"Informatique", "Computers"}, COPS_EDUCATION, 5, 0, 0, {"piratage", "programmation"}},
  {{"Instinct de flic", "Cop instinct"}, COPS_PERCEPTION, 0, 0, 0, {NULL}},
  {{"Intimidation", "Intimidation"}, COPS_SANG_FROID, 0, 0, 0, {NULL}},
  {{"Jeu", "Gambling"}, COPS_SANG_FROID, 0, 0, 0, {NULL}},
  {{"Lancer", "Throwing"}, COPS_COORDINATION, 0, 0, 1, {NULL}},
  {{"Mécanique", "Mechanics"}, COPS_COORDINATION, 6, 0, 0,
   {"armement", "automobile", "machinerie", "mécanique de précision", "sécurité"}},
  {{"Médecine", "Medicine"}, COPS_EDUCATION, 6, 0, 0,
   {"chirurgie", "pharmacologie", "médecine légale"}},
  {{"Pilotage", "Piloting"}, COPS_COORDINATION, 9, 0, 0,
   {"patrouilleur maritime", "hélicoptère", "hovercraft", "avion"}},
  {{"Premiers secours", "First aid"}, COPS_COORDINATION, 0, 0, 0, {NULL}},
  {{"Psychologie", "Psychology"}, COPS_PERCEPTION, 0, 0, 0, {NULL}},
  {{"Rhétorique", "Rhetoric"}, COPS_EDUCATION, 0, 0, 0, {NULL}},
  {{"Scène de crime", "Crime scene"}, COPS_PERCEPTION, 0, 0, 0, {NULL}},
  {{"Tir en rafales", "Burst fire"}, COPS_COORDINATION, 7, 0, 1, {"arme d'épaule", "arme de poing"}},
};

/* Latin-1 letters U+00C0..U+00FF folded to ASCII ("" for × and ÷). */
static const char *const latin1_fold[64] = {
  "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
  "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",
  "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
  "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
};

/* The folded piece of the character at s[*i] (moving *i past it): a Latin-1 letter's
 * ASCII, "oe", "" for punctuation and spaces; one holds a single byte's piece. */
static const char *fold_piece(const unsigned char *s, size_t len, size_t *i, char one[2])
{
  const unsigned c = s[*i];
  one[0] = one[1] = 0;
  if (c == 0xC3 && *i + 1 < len && s[*i + 1] >= 0x80 && s[*i + 1] <= 0xBF) {
    *i += 2;
    return latin1_fold[s[*i - 1] - 0x80]; /* U+00C0 + (byte - 0x80) */
  }
  if (c == 0xC5 && *i + 1 < len && (s[*i + 1] == 0x92 || s[*i + 1] == 0x93)) {
    *i += 2;
    return "oe"; /* Œ œ */
  }
  if (c == 0xE2 && *i + 2 < len && s[*i + 1] == 0x80 &&
      (s[*i + 2] == 0x99 || s[*i + 2] == 0xAF)) {
    *i += 3;
    return ""; /* ’ and the narrow no-break space */
  }
  if (c == 0xC2 && *i + 1 < len && s[*i + 1] == 0xA0) {
    *i += 2;
    return ""; /* no-break space */
  }
  if (c >= 'A' && c <= 'Z')
    one[0] = (char)(c - 'A' + 'a');
  else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80)
    one[0] = (char)c;
  (*i)++;
  return one; /* spaces, hyphens, apostrophes, dots ... are dropped */
}

size_t cops__fold(const char *text, size_t len, char *out, size_t cap)
{
  const unsigned char *s = (const unsigned char *)text;
  size_t n = 0;
  for (size_t i = 0; i < len && s[i];) {
    char one[2];
    for (const char *piece = fold_piece(s, len, &i, one); *piece; piece++) {
      if (n + 1 < cap)
        out[n] = *piece;
      n++;
    }
  }
  if (cap)
    out[n < cap ? n : cap - 1] = '\0';
  return n;
}

/* 1 when the string b folds to the n bytes of folded (n > 0), compared as it folds: a
 * name that differs stops at its first different letter. */
static int folds_to(const char *b, const char *folded, size_t n)
{
  const unsigned char *s = (const unsigned char *)b;
  size_t k = 0;
  for (size_t i = 0; s[i];) {
    char one[2];
    for (const char *piece = fold_piece(s, SIZE_MAX, &i, one); *piece; piece++)
      if (k >= n || folded[k++] != *piece)
        return 0;
  }
  return k == n && n > 0;
}

#define FOLDED_MAX 128   /* a longer name matches nothing */

int cops__names_match(const char *a, size_t alen, const char *b)
{
  char fa[FOLDED_MAX];
  const size_t na = cops__fold(a, alen, fa, sizeof fa);
  return na < sizeof fa && folds_to(b, fa, na);
}

static int parse_name(const char *text, size_t len, int count, const char *(*name)(int, int),
                      int *out)
{
  char folded[FOLDED_MAX];   /* the text folded once, each name compared as it folds */
  const size_t n = cops__fold(text, len, folded, sizeof folded);
  if (n >= sizeof folded)
    return COPS_ENOTFOUND;
  for (int i = 0; i < count; i++) {
    for (int lang = 0; lang < 2; lang++) {
      if (folds_to(name(i, lang), folded, n)) {
        *out = i;
        return COPS_OK;
      }
    }
  }
  return COPS_ENOTFOUND;
}

int cops__characteristic_parse_span(const char *text, size_t len, int *out)
{
  return parse_name(text, len, COPS_CHARACTERISTIC_COUNT, cops_characteristic_name, out);
}

int cops__skill_parse_span(const char *text, size_t len, int *out)
{
  return parse_name(text, len, COPS_SKILL_COUNT, cops_skill_name, out);
}

int cops_characteristic_count(void)
{
  return COPS_CHARACTERISTIC_COUNT;
}

const char *cops_characteristic_name(int c, int lang)
{
  if (c < 0 || c >= COPS_CHARACTERISTIC_COUNT || lang < 0 || lang > 1)
    return NULL;
  return characteristic_names[c][lang];
}

int cops_characteristic_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  return cops__characteristic_parse_span(text, strlen(text), out);
}

int cops_skill_count(void)
{
  return COPS_SKILL_COUNT;
}

const char *cops_skill_name(int skill, int lang)
{
  if (skill < 0 || skill >= COPS_SKILL_COUNT || lang < 0 || lang > 1)
    return NULL;
  return skills[skill].name[lang];
}

int cops_skill_parse(const char *text, int *out)
{
  if (!text || !out)
    return COPS_EINVAL;
  return cops__skill_parse_span(text, strlen(text), out);
}

#define SKILL_FIELD(fn, expr)                                              \
  int fn(int skill)                                                        \
  {                                                                        \
    if (skill < 0 || skill >= COPS_SKILL_COUNT)                            \
      return COPS_ERANGE;                                                  \
    return expr;                                                           \
  }

SKILL_FIELD(cops_skill_characteristic, skills[skill].characteristic)
SKILL_FIELD(cops_skill_specialisation_level, skills[skill].spec_level)
SKILL_FIELD(cops_skill_specialisation_free, skills[skill].free_specs)
SKILL_FIELD(cops_skill_adrenaline, skills[skill].adrenaline)

int cops_skill_specialisation_count(int skill)
{
  if (skill < 0 || skill >= COPS_SKILL_COUNT)
    return COPS_ERANGE;
  int n = 0;
  while (n < MAX_LISTED && skills[skill].specs[n])
    n++;
  return n;
}

const char *cops_skill_specialisation_name(int skill, int i)
{
  int n = cops_skill_specialisation_count(skill);
  return n >= 0 && i >= 0 && i < n ? skills[skill].specs[i] : NULL;
}

int cops__name_index(const char *text, const char *const *names, int count)
{
  char folded[FOLDED_MAX];
  const size_t n = cops__fold(text, strlen(text), folded, sizeof folded);
  for (int i = 0; n < sizeof folded && i < count; i++)
    if (folds_to(names[i], folded, n))
      return i;
  return -1;
}

/* 1 when text is valid UTF-8 (shortest forms, no surrogate, at most U+10FFFF) without
 * control characters (C0, DEL, C1). */
static int clean(const char *text, int lines)
{
  const unsigned char *s = (const unsigned char *)text;
  while (*s) {
    if ((*s < 0x20 && !(lines && (*s == '\n' || *s == '\t'))) || *s == 0x7F)
      return 0;
    const int n = *s < 0x80 ? 0 : (*s & 0xE0) == 0xC0 ? 1 : (*s & 0xF0) == 0xE0 ? 2
                : (*s & 0xF8) == 0xF0 ? 3 : -1;
    if (n < 0)
      return 0;
    uint32_t cp = n == 0 ? *s : n == 1 ? *s & 0x1Fu : n == 2 ? *s & 0x0Fu : *s & 0x07u;
    s++;
    for (int i = 0; i < n; i++, s++) {
      if ((*s & 0xC0) != 0x80)
        return 0;
      cp = cp << 6 | (*s & 0x3Fu);
    }
    static const uint32_t least[4] = {0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF ||
        (cp >= 0x80 && cp <= 0x9F))
      return 0;
  }
  return 1;
}

int cops__clean_text(const char *text)
{
  return clean(text, 0);
}

int cops__clean_lines(const char *text)
{
  return clean(text, 1);
}

int cops__check_tag(cops_ctx *ctx, const char *tag)
{
  const size_t len = strlen(tag);
  if (len > COPS_TAG_MAX)
    return cops__fail(ctx, COPS_EINVAL, "a tag of %zu bytes: at most %d", len, COPS_TAG_MAX);
  if (!cops__clean_text(tag))
    return cops__fail(ctx, COPS_EINVAL, "a tag is not UTF-8 text without control characters");
  return COPS_OK;
}

int cops__check_name(cops_ctx *ctx, const char *what, const char *text, size_t max)
{
  if (!text)
    return cops__fail(ctx, COPS_EINVAL, "%s is NULL", what);
  const size_t len = strlen(text);
  if (len == 0)
    return cops__fail(ctx, COPS_EINVAL, "%s is empty", what);
  if (len > max)
    return cops__fail(ctx, COPS_ERANGE, "%s of %zu bytes (at most %zu)", what, len, max);
  if (!cops__clean_text(text))
    return cops__fail(ctx, COPS_EINVAL, "%s is not clean UTF-8 text (no control character)",
                      what);
  return COPS_OK;
}
