/* A Roll20 COPS character (the community sheet's attributes, as Roll20's export and API give
 * them: [{"name", "current", "max"}], or an object holding them under "attribs") made into a
 * character through the sheet's own calls, which check every rule; what could not be kept as
 * it was is reported, attribute by attribute (docs/sheets.md, "Importing from Roll20"). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/sheet.h"
#include "base/jsonutil.h"

#define NONE 10   /* a Roll20 threshold of 10 and worse: the skill is not held */

struct import {
  cops_ctx *ctx;
  cops_character *ch;
  json_t *attrs;      /* lower-case name -> {"n": the name as given, "v": the value as text} */
  json_t *rows;       /* section -> row id -> field -> {"n", "v"} */
  json_t *report;     /* [{"attribute", "action", "detail"}] */
  json_t *dossier;
  char background[4096], notes[COPS_DOSSIER_TEXT_MAX + 1];
  int oom;
};

#if defined(__GNUC__)
static void say(struct import *im, const char *attr, const char *action, const char *fmt, ...)
  __attribute__((format(printf, 4, 5)));
#endif

static void say(struct import *im, const char *attr, const char *action, const char *fmt, ...)
{
  char detail[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(detail, sizeof detail, fmt, ap);
  va_end(ap);
  json_t *e = json_pack("{s:s,s:s,s:s}", "attribute", attr, "action", action, "detail", detail);
  im->oom |= !e || json_array_append_new(im->report, e);
}

/* A call's code, out of memory remembered: the import then fails whole (never a sheet with
 * something missing said "dropped"). */
static int kept(struct import *im, int rc)
{
  im->oom |= rc == COPS_ENOMEM;
  return rc;
}

static void lower(char *s)
{
  for (; *s; s++)
    *s = (char)tolower((unsigned char)*s);
}

/* The value of an attribute as text (numbers written as Roll20 shows them); NULL for none. */
static json_t *as_text(json_t *v)
{
  char buf[64];
  if (json_is_string(v))
    return json_incref(v);
  if (json_is_integer(v)) {
    snprintf(buf, sizeof buf, "%lld", (long long)json_integer_value(v));
    return json_string(buf);
  }
  if (json_is_real(v)) {
    snprintf(buf, sizeof buf, "%g", json_real_value(v));
    return json_string(buf);
  }
  if (json_is_boolean(v))
    return json_string(json_is_true(v) ? "1" : "0");
  return NULL;
}

/* One attribute into the maps: repeating_<section>_<row>_<field> into rows, the rest into
 * attrs; "_max" attributes' max values come as their own entries (PV_max). */
static int file_attribute(struct import *im, const char *name, json_t *value)
{
  char key[256];
  if (!*name || strlen(name) >= sizeof key)
    return cops__fail(im->ctx, COPS_EJSON, "an attribute's name of 1..255 bytes expected");
  json_t *text = as_text(value);
  if (!text)
    return 0;   /* null, an object: nothing a sheet holds */
  json_t *entry = json_pack("{s:s,s:o}", "n", name, "v", text);
  if (!entry)
    return im->oom = 1, 0;
  snprintf(key, sizeof key, "%s", name);
  lower(key);
  if (!strncmp(key, "repeating_", 10)) {
    char *section = key + 10, *row = strchr(section, '_'), *field = strrchr(key, '_');
    if (row && field > row) {
      *row++ = '\0';
      *field++ = '\0';
      json_t *s = json_object_get(im->rows, section);
      if (!s && (!(s = json_object()) || json_object_set_new(im->rows, section, s)))
        return json_decref(entry), im->oom = 1, 0;
      json_t *r = json_object_get(s, row);
      if (!r && (!(r = json_object()) || json_object_set_new(s, row, r)))
        return json_decref(entry), im->oom = 1, 0;
      im->oom |= json_object_set_new(r, field, entry);
      return 0;
    }
  }
  if (json_object_get(im->attrs, key))
    say(im, name, "dropped", "given twice: the last value kept");
  im->oom |= json_object_set_new(im->attrs, key, entry);
  return 0;
}

static int read_export(struct import *im, json_t *root, const char **character_name)
{
  json_t *list = root;
  *character_name = NULL;
  if (json_is_object(root)) {
    list = json_object_get(root, "attribs");
    if (!list)
      list = json_object_get(root, "attributes");
    json_t *n = json_object_get(root, "name");
    if (json_is_string(n))
      *character_name = json_string_value(n);
  }
  if (!json_is_array(list))
    return cops__fail(im->ctx, COPS_EJSON, "expected Roll20's attributes: a list of "
                      "{\"name\", \"current\"}, or an object with them under \"attribs\"");
  size_t i;
  json_t *a;
  json_array_foreach(list, i, a) {
    json_t *n = json_object_get(a, "name");
    if (!json_is_object(a) || !json_is_string(n))
      return cops__fail(im->ctx, COPS_EJSON, "attribs[%zu]: expected {\"name\", \"current\"}",
                        i);
    int rc = file_attribute(im, json_string_value(n), json_object_get(a, "current"));
    json_t *max = json_object_get(a, "max");
    if (!rc && max && !(json_is_string(max) && !json_string_length(max))) {
      char maxname[300];
      snprintf(maxname, sizeof maxname, "%s_max", json_string_value(n));
      rc = file_attribute(im, maxname, max);
    }
    if (rc)
      return rc;
  }
  return 0;
}

/* Take an attribute (it is then accounted for): its value, NULL when absent or empty; its
 * name as given into *as when as is not NULL. */
static const char *take_in(json_t *map, const char *key, const char **as)
{
  char k[256];
  snprintf(k, sizeof k, "%s", key);
  lower(k);
  json_t *e = json_object_get(map, k);
  if (as)
    *as = e ? json_string_value(json_object_get(e, "n")) : key;
  if (!e)
    return NULL;
  json_object_set_new(e, "used", json_true());
  const char *v = json_string_value(json_object_get(e, "v"));
  while (v && isspace((unsigned char)*v))
    v++;
  return v && *v ? v : NULL;
}

static const char *take(struct import *im, const char *key, const char **as)
{
  return take_in(im->attrs, key, as);
}

/* A whole number from text ("3", " 3 ", "3.0"); 0 when it is none. */
static int number(const char *v, long *out)
{
  if (!v)
    return 0;
  char *end;
  errno = 0;
  double d = strtod(v, &end);
  while (*end && isspace((unsigned char)*end))
    end++;
  if (end == v || *end || errno || d != (double)(long)d || d > INT_MAX || d < INT_MIN)
    return 0;
  *out = (long)d;
  return 1;
}

/* A number attribute within lo..hi: absent gives dflt; out of range corrected; not a number
 * dropped (dflt). */
static long ranged(struct import *im, json_t *map, const char *key, long lo, long hi, long dflt,
                   const char *why)
{
  const char *as, *v = take_in(map, key, &as);
  long n;
  if (!v)
    return dflt;
  if (!number(v, &n)) {
    say(im, as, "dropped", "'%s' is not a whole number: %ld", v, dflt);
    return dflt;
  }
  if (n < lo || n > hi) {
    const long to = n < lo ? lo : hi;
    say(im, as, "corrected", "%ld out of range %ld..%ld%s%s: %ld", n, lo, hi, why ? " " : "",
        why ? why : "", to);
    return to;
  }
  return n;
}

static void append(char *buf, size_t cap, const char *line, struct import *im, const char *as)
{
  const size_t n = strlen(buf), m = strlen(line);
  if (n + m + 2 > cap) {
    say(im, as, "dropped", "no room left in the dossier's text");
    return;
  }
  if (n)
    buf[n] = '\n', buf[n + 1] = '\0';
  strcat(buf, line);
}

/* Text kept as a line of the dossier's background or notes, "label: value". */
static void keep_line(struct import *im, char *buf, size_t cap, const char *where,
                      const char *key, const char *label)
{
  const char *as, *v = take(im, key, &as);
  if (!v)
    return;
  char line[1024];
  snprintf(line, sizeof line, "%s : %s", label, v);
  append(buf, cap, line, im, as);
  say(im, as, "kept", "in dossier.%s", where);
}

static const struct {
  const char *attr, *name;
} characteristics[] = {
  {"Carrure", "Carrure"}, {"Charme", "Charme"}, {"Coordination", "Coordination"},
  {"Education", "Éducation"}, {"Perception", "Perception"}, {"Reflexes", "Réflexes"},
  {"Sang-Froid", "Sang-froid"},
};

static void import_characteristics(struct import *im)
{
  for (size_t k = 0; k < sizeof characteristics / sizeof characteristics[0]; k++) {
    int c;
    cops_characteristic_parse(characteristics[k].name, &c);
    const char *as;
    if (!take(im, characteristics[k].attr, &as))
      say(im, as, "corrected", "absent: 2, the Roll20 sheet's default");
    long v = ranged(im, im->attrs, characteristics[k].attr, 1, 5, 2, "(C2)");
    cops_character_set_characteristic(im->ch, c, (int)v);
  }
}

/* The skills: Roll20's base threshold (10: not held) and its rows of specialisations. */
static const struct skill_map {
  const char *base, *skill, *section, *spec_name, *spec_level, *fixed_name, *fixed_level;
} skills[] = {
  {"ArmePoing", "Arme de poing", NULL, NULL, NULL, NULL, NULL},
  {"CorpsACorps", "Corps à corps", "corpsacorps", "nomCorpsACorpsSpe", "CorpsACorpsSpe",
   "nomCorpsACorps1Spe", "CorpsACorps1Spe"},
  {"ArmeContact1", "Arme de contact", "armecontact", "nomcontactspe", "ArmeContactSpe", NULL,
   NULL},
  {"ArmeEpaule1", "Arme d'épaule", "armeepaule", "nomEpaulespe", "ArmeEpauleSpe", NULL, NULL},
  {"ArmeLourde", "Arme lourde", "armelourde", "nomLourdespe", "ArmeLourdeSpe", NULL, NULL},
  {"Athletisme", "Athlétisme", "athletisme", "nomAthletismeSpe", "AthletismeSpe", NULL, NULL},
  {"Bureaucratie", "Bureaucratie", NULL, NULL, NULL, NULL, NULL},
  {"Conduite", "Conduite", "conduite", "nomConduiteSpe", "ConduiteSpe", "nomConduiteVoiture",
   "ConduiteVoiture"},
  {"Connaissance", "Connaissance", "connaissance", "nomConnaissanceSpe", "ConnaissanceSpe",
   NULL, NULL},
  {"Deguisement", "Déguisement", NULL, NULL, NULL, NULL, NULL},
  {"Discretion", "Discrétion", NULL, NULL, NULL, NULL, NULL},
  {"Electronique", "Électronique", "electronique", "nomElectroniqueSpe", "electroniqueSpe",
   NULL, NULL},
  {"Eloquence", "Éloquence", NULL, NULL, NULL, NULL, NULL},
  {"Falsification", "Falsification", NULL, NULL, NULL, NULL, NULL},
  {"Informatique", "Informatique", "informatique", "nomInformatiqueSpe", "InformatiqueSpe",
   NULL, NULL},
  {"InstinctFlic", "Instinct de flic", NULL, NULL, NULL, NULL, NULL},
  {"Intimidation", "Intimidation", NULL, NULL, NULL, NULL, NULL},
  {"Jeu", "Jeu", NULL, NULL, NULL, NULL, NULL},
  {"Lancer", "Lancer", NULL, NULL, NULL, NULL, NULL},
  {"Mecanique", "Mécanique", "mecanique", "nomMecaniqueSpe", "MecaniqueSpe", NULL, NULL},
  {"Medecine", "Médecine", "medecine", "nomMedecineSpe", "MedecineSpe", NULL, NULL},
  {"PremSecours", "Premiers secours", NULL, NULL, NULL, NULL, NULL},
  {"Psychologie", "Psychologie", NULL, NULL, NULL, NULL, NULL},
  {"Rhétorique", "Rhétorique", NULL, NULL, NULL, NULL, NULL},
  {"SceneCrime", "Scène de crime", NULL, NULL, NULL, NULL, NULL},
  {"TirEnRafale", "Tir en rafales", "tirenrafale", "nomTirEnRafaleSpe", "TirEnRafaleSpe", NULL,
   NULL},   /* last: never better than its weapon skill (C3) */
};

/* The Roll20 sheet's spellings of specialisations the rules spell otherwise (C3). */
static const char *const spec_aliases[][2] = {
  {"projection", "projections"}, {"immobilisation", "immobilisations"},
  {"vitesse", "course de vitesse"}, {"epreuve de force", "épreuves de force"},
  {"sport collectif", "sport spécifique"}, {"lance-roquette", "lance-roquettes"},
  {"lance-flamme", "lance-flammes"}, {"hi-fi", "hi-fi vidéo"},
};

struct spec {
  char name[COPS_SPECIALISATION_MAX + 1];
  const char *as;
  long level;
};

/* A row's specialisation: its name (the rules' spelling where an alias gives it) and level. */
static int spec_of(struct import *im, int skill, json_t *map, const char *name_key,
                   const char *level_key, struct spec *out)
{
  const char *as, *name = take_in(map, name_key, &as);
  const char *las, *lv = take_in(map, level_key, &las);
  if (!name || !strcmp(name, "Non Sélectionné")) {
    if (lv)
      say(im, las, "dropped", "no specialisation chosen for it");
    return 0;
  }
  char folded[COPS_SPECIALISATION_MAX + 1];
  snprintf(folded, sizeof folded, "%s", name);
  lower(folded);
  snprintf(out->name, sizeof out->name, "%s", name);
  for (size_t k = 0; k < sizeof spec_aliases / sizeof spec_aliases[0]; k++)
    if (!strcmp(folded, spec_aliases[k][0])) {
      snprintf(out->name, sizeof out->name, "%s", spec_aliases[k][1]);
      say(im, as, "corrected", "'%s': the rules' '%s' (C3)", name, out->name);
    }
  (void)skill;
  out->as = as;
  out->level = NONE;
  long n;
  if (!lv || !number(lv, &n)) {
    say(im, as, "dropped", "'%s' without a level", name);
    return 0;
  }
  if (n < 2) {
    say(im, las, "corrected", "%ld out of range 2..9 (C3): 2", n);
    n = 2;
  }
  if (n >= NONE) {
    say(im, las, "dropped", "%s at %ld+: no better than not holding the skill", name, n);
    return 0;
  }
  out->level = n;
  return 1;
}

static void import_skill(struct import *im, const struct skill_map *m)
{
  int s;
  cops_skill_parse(m->skill, &s);
  const int from = cops_skill_specialisation_level(s);
  const char *as;
  take(im, m->base, &as);
  long base = ranged(im, im->attrs, m->base, 2, NONE, NONE, "(C3)");
  long plain = base;   /* the level without a specialisation */
  if (plain < NONE && from && plain <= from) {
    plain = from == 9 ? NONE : from + 1;
    if (plain == NONE)
      say(im, as, "corrected", "%ld+ needs a specialisation (C3): not held without one", base);
    else
      say(im, as, "corrected", "%ld+ needs a specialisation (C3): %ld+ without one", base, plain);
  }
  struct spec sp[1 + 32];
  int n = 0;
  if (m->fixed_name && spec_of(im, s, im->attrs, m->fixed_name, m->fixed_level, &sp[n]))
    n++;
  json_t *rows = m->section ? json_object_get(im->rows, m->section) : NULL;
  const char *id;
  json_t *row;
  json_object_foreach(rows, id, row) {
    if (n < 33 && spec_of(im, s, row, m->spec_name, m->spec_level, &sp[n]))
      n++;
  }
  long best = NONE;
  for (int k = 0; k < n; k++)
    best = sp[k].level < best ? sp[k].level : best;
  long level = plain;
  if (best < plain) {
    level = best;
    /* Without a specialisation the rules give the level after the mandatory ones (C1.5), or
     * the specialisation's own when it needs none there (C3). */
    const long derived = from && best <= from ? (from == 9 ? NONE : from + 1) : best;
    if (derived != plain && derived == NONE)
      say(im, as, "corrected", "%ld+ without a specialisation: not held without one (C1.5)",
          plain);
    else if (derived != plain && plain < NONE)
      say(im, as, "corrected", "%ld+ without a specialisation: %ld+ by the rules (C1.5, C3)",
          plain, derived);
  }
  if (level >= NONE)
    return;
  int made = 0;
  for (int k = 0; k < n; k++) {
    if (sp[k].level != level) {
      say(im, sp[k].as, "dropped", "%s at %ld+ beside %ld+: a libcops sheet holds one level per "
          "skill (C3)", sp[k].name, sp[k].level, level);
      continue;
    }
    int rc = kept(im, made ? cops_character_add_specialisation(im->ch, s, sp[k].name)
                           : cops_character_set_skill(im->ch, s, (int)level, sp[k].name));
    for (long worse = level + 1; rc == COPS_ERULE && !made && worse < NONE; worse++)
      if (!(rc = kept(im, cops_character_set_skill(im->ch, s, (int)worse, sp[k].name)))) {
        say(im, sp[k].as, "corrected", "%s at %ld+: %ld+, never better than its weapon skill "
            "(C3)", sp[k].name, level, worse);
        level = worse;
      }
    if (rc)
      say(im, sp[k].as, "dropped", "%s: %s", sp[k].name, cops_ctx_errmsg(im->ctx));
    made |= !rc;
  }
  if (!made && plain < NONE && kept(im, cops_character_set_skill(im->ch, s, (int)plain, NULL)))
    say(im, as, "dropped", "%s", cops_ctx_errmsg(im->ctx));
}

/* The characteristic a skill's rolls use on the Roll20 sheet: a libcops roll names its own. */
static void drop_characteristic(struct import *im, json_t *map, const char *key, int skill)
{
  const char *as, *v = take_in(map, key, &as);
  if (!v)
    return;
  char name[64];
  snprintf(name, sizeof name, "%s", v);
  const size_t len = strlen(name);
  if (!strncmp(name, "@{", 2) && len > 3 && name[len - 1] == '}') {
    memmove(name, name + 2, len - 3);
    name[len - 3] = '\0';
  }
  int c;
  if (cops_characteristic_parse(name, &c))
    say(im, as, "dropped", "%s: not a characteristic", v);
  else if (c != cops_skill_characteristic(skill))
    say(im, as, "dropped", "%s: a roll names its characteristic ('%s/%s')", v,
        cops_skill_name(skill, 0), cops_characteristic_name(c, 0));
}

static void import_skills(struct import *im)
{
  for (size_t k = 0; k < sizeof skills / sizeof skills[0]; k++) {
    const struct skill_map *m = &skills[k];
    int s;
    cops_skill_parse(m->skill, &s);
    char key[64];
    snprintf(key, sizeof key, "car%s", m->base);
    drop_characteristic(im, im->attrs, key, s);
    if (m->fixed_level) {
      snprintf(key, sizeof key, "car%s", m->fixed_level);
      drop_characteristic(im, im->attrs, key, s);
    }
    json_t *rows = m->section ? json_object_get(im->rows, m->section) : NULL;
    const char *id;
    json_t *row;
    snprintf(key, sizeof key, "car%s", m->spec_level ? m->spec_level : "");
    json_object_foreach(rows, id, row) drop_characteristic(im, row, key, s);
    import_skill(im, m);
  }
}

/* Hit points (C2 RULING: 20 + 3 x Carrure, the Roll20 sheet's PVModif on top), Adrénaline and
 * Ancienneté (C5: the two maxima at most 5 together). */
static void import_points(struct import *im)
{
  const int carrure = cops_character_characteristic(im->ch, 0);
  const long modif = ranged(im, im->attrs, "PVModif", -999, 999, 0, NULL);
  long max = 20 + 3L * carrure + modif;
  if (max < 1 || max > 999) {
    say(im, "PVModif", "corrected", "a maximum of %ld hit points out of range 1..999: %d", max,
        max < 1 ? 1 : 999);
    max = max < 1 ? 1 : 999;
  }
  if (modif)
    cops_character_set_max_hp(im->ch, (int)max);
  const char *as, *given = take(im, "PV_max", &as);
  long n;
  if (given && (!number(given, &n) || n != max))
    say(im, as, "corrected", "%s: the rules give %ld (20 + 3 x Carrure%s, C2)", given, max,
        modif ? " + PVModif" : "");
  cops_character_set_hp(im->ch, (int)ranged(im, im->attrs, "PV", -max, max, max, "(C8.2)"));
  const char *init = take(im, "InitMin", &as);
  const long least = 3 - cops_character_characteristic(im->ch, 5);
  if (init && (!number(init, &n) || n != least))
    say(im, as, "dropped", "%s: the rules derive it from Réflexes (C6.2)", init);
  long amax = ranged(im, im->attrs, "Adrenaline_max", 0, 5, 0, "(C5)");
  long omax = ranged(im, im->attrs, "Anciennete_max", 0, 5, 0, "(C5)");
  if (amax + omax > 5) {
    say(im, "Anciennete_max", "corrected", "%ld with Adrénaline %ld: at most 5 together (C5): %ld",
        omax, amax, 5 - amax);
    omax = 5 - amax;
  }
  cops_character_set_points(im->ch, (int)amax, (int)omax);
  cops_character_set_current_points(im->ch, COPS_ADRENALINE,
                                    (int)ranged(im, im->attrs, "Adrenaline", 0, amax, amax, NULL));
  cops_character_set_current_points(im->ch, COPS_ANCIENNETE,
                                    (int)ranged(im, im->attrs, "Anciennete", 0, omax, omax, NULL));
}

static void dossier_text(struct import *im, const char *key, const char *field, size_t max)
{
  const char *as, *v = take(im, key, &as);
  if (!v)
    return;
  char text[16385];
  snprintf(text, sizeof text, "%s", v);
  if (strlen(text) > max) {
    size_t cut = max;
    while (cut && ((unsigned char)text[cut] & 0xC0) == 0x80)
      cut--;   /* not inside a character */
    text[cut] = '\0';
    say(im, as, "corrected", "cut to %zu bytes", cut);
  }
  im->oom |= json_object_set_new(im->dossier, field, json_string(text));
}

/* The dossier (docs/sheets.md): the fields it has, the rest of the Roll20 dossier as lines of
 * its background; stages and inventory as notes. */
static void import_dossier(struct import *im)
{
  dossier_text(im, "Surnom", "nickname", COPS_NAME_MAX);
  dossier_text(im, "Grade", "grade", COPS_NAME_MAX);
  const char *as;
  if (take(im, "Age", &as))
    im->oom |= json_object_set_new(im->dossier, "age",
                                   json_integer(ranged(im, im->attrs, "Age", 0, 150, 0, NULL)));
  static const char *const lines[][2] = {
    {"DNaissance", "Date de naissance"}, {"Sexe", "Sexe"}, {"Taille", "Taille (cm)"},
    {"Poids", "Poids (kg)"}, {"Ethnie", "Ethnie"}, {"OriginesSociales", "Origine sociale"},
    {"OSexuelle", "Orientation sexuelle"}, {"DateInteg", "Date d'intégration"},
    {"Etudes", "Études"}, {"Salaire", "Salaire"}, {"Depenses", "Dépenses"},
    {"Treso", "Économies"},
  };
  for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++)
    keep_line(im, im->background, sizeof im->background, "background", lines[k][0], lines[k][1]);
  if (im->background[0])
    im->oom |= json_object_set_new(im->dossier, "background", json_string(im->background));
  json_t *langs = json_array();
  im->oom |= !langs;
  static const char *const fixed[] = {"langues", "langues1", "langues2"};
  for (size_t k = 0; k < 3; k++) {
    const char *v = take(im, fixed[k], &as);
    if (v)
      im->oom |= json_array_append_new(langs, json_string(v));
  }
  const char *id;
  json_t *row;
  json_object_foreach(json_object_get(im->rows, "langues"), id, row) {
    const char *v = take_in(row, "langues", &as);
    if (v && json_array_size(langs) < COPS_DOSSIER_LANGUAGES_MAX)
      im->oom |= json_array_append_new(langs, json_string(v));
    else if (v)
      say(im, as, "dropped", "more than %d languages", COPS_DOSSIER_LANGUAGES_MAX);
  }
  if (json_array_size(langs))
    im->oom |= json_object_set_new(im->dossier, "languages", json_incref(langs));
  json_decref(langs);
  dossier_text(im, "historique", "history", COPS_DOSSIER_TEXT_MAX);
  if (take(im, "XP", &as))
    im->oom |= json_object_set_new(im->dossier, "experience", json_integer(
                                     ranged(im, im->attrs, "XP", 0, 1000000, 0, NULL)));
  static const char *const stage_sections[] = {"stages", "stages2"};
  for (size_t k = 0; k < 2; k++)
    json_object_foreach(json_object_get(im->rows, stage_sections[k]), id, row) {
      const char *name = take_in(row, "stagename", &as), *level = take_in(row, "stagelevel", NULL);
      const char *bonus = take_in(row, "stageBonus", NULL), *cap = take_in(row, "StageCapacite", NULL);
      if (!name && !bonus && !cap)
        continue;
      char line[2048];
      snprintf(line, sizeof line, "Stage %s (niveau %s)%s%s%s%s", name ? name : "?",
               level ? level : "?", bonus ? " ; bonus : " : "", bonus ? bonus : "",
               cap ? " ; capacité spéciale : " : "", cap ? cap : "");
      append(im->notes, sizeof im->notes, line, im, as);
      say(im, as, "kept", "in dossier.notes (a stage: the rules of 000 give none)");
    }
  json_object_foreach(json_object_get(im->rows, "inventaire"), id, row) {
    const char *obj = take_in(row, "invobjet", &as), *detail = take_in(row, "invdetail", NULL);
    if (!obj && !detail)
      continue;
    char line[1024];
    snprintf(line, sizeof line, "Inventaire : %s%s%s", obj ? obj : "?", detail ? " — " : "",
             detail ? detail : "");
    append(im->notes, sizeof im->notes, line, im, as);
    say(im, as, "kept", "in dossier.notes");
  }
}

/* Contacts: relations (C9), their occupation in the notes, their field of knowledge a domain. */
static void import_contacts(struct import *im)
{
  const char *id, *as;
  json_t *row;
  json_object_foreach(json_object_get(im->rows, "contacts"), id, row) {
    const char *name = take_in(row, "contactname", &as);
    const char *kind_text = take_in(row, "contact", NULL);
    const char *occupation = take_in(row, "contactoccupation", NULL);
    const char *domain = take_in(row, "contactconnaissance1", NULL);
    if (!name) {
      if (kind_text || occupation || domain)
        say(im, as, "dropped", "a contact without a name");
      continue;
    }
    const int kind = kind_text && !strncmp(kind_text, "Alli", 4) ? COPS_ALLY : COPS_INFORMANT;
    long level = ranged(im, row, "contactlevel", 1, 4, 1, "(C9)");
    int i;
    int rc = kept(im, cops_character_add_relation(im->ch, name, kind, (int)level, &i));
    if (rc == COPS_ERULE) {
      say(im, as, "corrected", "%s at level 4: a third level 4, at most %d (C9): 3", name,
          COPS_LEVEL4_MAX);
      rc = kept(im, cops_character_add_relation(im->ch, name, kind, 3, &i));
    }
    if (rc) {
      say(im, as, "dropped", "%s: %s", name, cops_ctx_errmsg(im->ctx));
      continue;
    }
    if (domain && kept(im, cops_relation_set_domain(im->ch, i, domain, 0)))
      say(im, as, "dropped", "%s's domain '%s': %s", name, domain, cops_ctx_errmsg(im->ctx));
    else if (domain)
      say(im, as, "kept", "%s knows of '%s': a domain rated 0, the Roll20 sheet rates none (C9)",
          name, domain);
    if (occupation) {
      char line[512];
      snprintf(line, sizeof line, "Contact %s : %s", name, occupation);
      append(im->notes, sizeof im->notes, line, im, as);
      say(im, as, "kept", "%s's occupation in dossier.notes", name);
    }
  }
}

/* A kind the Roll20 sheet does not say, guessed from the magazine and the name. */
static int guess_kind(const char *name, long magazine)
{
  char n[256];
  snprintf(n, sizeof n, "%s", name);
  lower(n);
  static const struct {
    const char *word;
    int kind;
  } words[] = {
    {"fusil", COPS_SHOULDER_ARM}, {"carabine", COPS_SHOULDER_ARM}, {"rifle", COPS_SHOULDER_ARM},
    {"shotgun", COPS_SHOULDER_ARM}, {"pompe", COPS_SHOULDER_ARM},
    {"mitrailleuse", COPS_HEAVY_WEAPON}, {"lance", COPS_HEAVY_WEAPON},
    {"matraque", COPS_BLUNT}, {"batte", COPS_BLUNT}, {"tonfa", COPS_BLUNT}, {"club", COPS_BLUNT},
    {"couteau", COPS_BLADE}, {"knife", COPS_BLADE}, {"machette", COPS_BLADE},
    {"grenade", COPS_THROWN},
  };
  for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
    if (strstr(n, words[k].word) &&
        (magazine > 0) == (words[k].kind == COPS_SHOULDER_ARM || words[k].kind == COPS_HEAVY_WEAPON))
      return words[k].kind;
  return magazine > 0 ? COPS_HANDGUN : COPS_BLADE;
}

/* One weapon row (the first, or a repeating_armes row) as an inline weapon of the gear. */
static json_t *weapon_of(struct import *im, json_t *map, int index)
{
  const char *as, *name = take_in(map, "armeDescr", &as);
  static const char *const fields[] = {"armePR", "armePU", "armeFA", "armeVRC", "armePortee",
                                       "armeVC", "armeCT", "ArmeMuni", "armeDecompte", "armeM",
                                       "armeNbCharg"};
  int any = name != NULL;
  for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
    char key[32];
    snprintf(key, sizeof key, "%s", fields[k]);
    lower(key);
    any |= json_object_get(map, key) != NULL;
  }
  if (!any)
    return NULL;
  char label[COPS_NAME_MAX + 1];
  snprintf(label, sizeof label, "%s", name ? name : "");
  if (!name)
    snprintf(label, sizeof label, "Arme %d", index + 1);
  const long magazine = ranged(im, map, "armeM", 0, COPS_MAGAZINE_MAX, 0, NULL);
  const int kind = guess_kind(label, magazine);
  cops_weapon *w;
  if (kept(im, cops_weapon_new(&w, im->ctx, kind, label))) {
    say(im, as, "dropped", "%s: %s", label, cops_ctx_errmsg(im->ctx));
    return NULL;
  }
  say(im, as, "guessed", "%s: kind %s (the Roll20 sheet names none; set it in the sheet)",
      label, cops_weapon_kind_name(kind, COPS_LANG_EN));
  char folded[COPS_NAME_MAX + 1];
  snprintf(folded, sizeof folded, "%s", label);
  lower(folded);
  if (kind == COPS_SHOULDER_ARM && (strstr(folded, "pompe") || strstr(folded, "lunette"))) {
    const char *spec = strstr(folded, "pompe") ? "fusil à pompe" : "fusil à lunette";
    int skill;
    cops_skill_parse("Arme d'épaule", &skill);
    kept(im, cops_weapon_set_skill(w, skill, spec));
    say(im, as, "guessed", "%s: used with Arme d'épaule [%s]", label, spec);
  }
  const int firearm = kind == COPS_HANDGUN || kind == COPS_SHOULDER_ARM || kind == COPS_HEAVY_WEAPON;
  cops_weapon_set(w, COPS_WEAPON_PR, (int)ranged(im, map, "armePR", -5, 5, 0, NULL));
  cops_weapon_set(w, COPS_WEAPON_PU, (int)ranged(im, map, "armePU", 0, 20, 0, NULL));
  cops_weapon_set(w, COPS_WEAPON_FA, (int)ranged(im, map, "armeFA", 0, 10, 0, NULL));
  cops_weapon_set(w, COPS_WEAPON_RANGE, (int)ranged(im, map, "armePortee", 1, 10000, 1, NULL));
  if (firearm) {
    const int mag = magazine > 0 ? (int)magazine : 1;
    cops_weapon_set(w, COPS_WEAPON_MAGAZINE, mag);
    cops_weapon_set(w, COPS_WEAPON_LOADED, (int)ranged(im, map, "armeDecompte", 0, mag, mag, NULL));
    cops_weapon_set(w, COPS_WEAPON_CT, (int)ranged(im, map, "armeCT", 1, mag, 1, NULL));
    long vrc = ranged(im, map, "armeVRC", 0, mag, 0, NULL);
    if (vrc == 1) {
      say(im, "armeVRC", "corrected", "1: a burst is 2 rounds or more (C10.6): none");
      vrc = 0;
    }
    cops_weapon_set(w, COPS_WEAPON_VRC, (int)vrc);
    cops_weapon_set(w, COPS_WEAPON_VC, (int)ranged(im, map, "armeVC", 0, 10, 0, NULL));
    cops_weapon_set_magazines(w, (int)ranged(im, map, "armeNbCharg", 0, COPS_MAGAZINES_MAX, 0,
                                             NULL));
  } else {
    static const char *const unused[] = {"armeDecompte", "armeCT", "armeVRC", "armeVC",
                                         "armeNbCharg"};
    for (size_t k = 0; k < sizeof unused / sizeof unused[0]; k++) {
      const char *uas, *v = take_in(map, unused[k], &uas);
      long n;
      if (v && (!number(v, &n) || n))
        say(im, uas, "dropped", "%s: a weapon without a magazine has none (C10, C11)", v);
    }
  }
  const char *muni = take_in(map, "ArmeMuni", &as);
  if (muni && strcmp(muni, "c"))
    say(im, as, "dropped", "'%s': a libcops sheet counts spare magazines", muni);
  json_t *j = cops__weapon_json(w);
  cops_weapon_free(w);
  im->oom |= !j;
  return j;
}

/* The armour: the Roll20 sheet's fixed protections present in the export, and its rows of
 * protections, the best at each location (protections do not add up). */
static json_t *armour_of(struct import *im)
{
  static const struct {
    const char *attr, *modif;
    int dice, fixed, locs[2];
  } fixed[] = {
    {"protecTete", "protecModifTete", 2, 6, {COPS_LOC_HEAD, -1}},
    {"protecTorse", "protecModifTorse", 1, 6, {COPS_LOC_TORSO, -1}},
    {"protecAbdomen", "protecModifAbdomen", 1, 6, {COPS_LOC_ABDOMEN, -1}},
    {"protecBras", "protecModifBras", 1, 6, {COPS_LOC_RIGHT_ARM, COPS_LOC_LEFT_ARM}},
    {"protecJambes", "protecModifJambes", 1, 6, {COPS_LOC_RIGHT_LEG, COPS_LOC_LEFT_LEG}},
  };
  int dice[COPS_LOCATION_COUNT] = {0}, fix[COPS_LOCATION_COUNT] = {0};
  char name[COPS_NAME_MAX + 1] = "";
  int worn = 0;
  const char *as;
  for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) {
    const char *label = take(im, fixed[k].attr, &as);
    const char *mas, *modif = take(im, fixed[k].modif, &mas);
    if (modif)
      say(im, mas, "dropped", "'%s': a modifier in words", modif);
    if (!label)
      continue;
    for (int l = 0; l < 2 && fixed[k].locs[l] >= 0; l++) {
      dice[fixed[k].locs[l]] = fixed[k].dice;
      fix[fixed[k].locs[l]] = fixed[k].fixed;
    }
    if (strlen(name) + strlen(label) + 4 < sizeof name)
      snprintf(name + strlen(name), sizeof name - strlen(name), "%s%s", worn ? " + " : "", label);
    worn = 1;
  }
  const char *id;
  json_t *row;
  json_object_foreach(json_object_get(im->rows, "protections"), id, row) {
    const char *label = take_in(row, "protecDescr", &as), *part = take_in(row, "partie", NULL);
    const char *mas, *modif = take_in(row, "protecModif", &mas);
    const long d = ranged(im, row, "protecval", 0, COPS_ARMOUR_DICE_MAX, 0, NULL);
    const long f = ranged(im, row, "protecvalfixe", 0, COPS_ARMOUR_FIXED_MAX, 0, NULL);
    if (modif)
      say(im, mas, "dropped", "'%s': a modifier in words", modif);
    if (!d && !f)
      continue;
    int locs[2] = {COPS_LOC_HEAD, -1};   /* "10": the head, the Roll20 sheet's default */
    if (part && !strcmp(part, "8-9"))
      locs[0] = COPS_LOC_RIGHT_ARM, locs[1] = COPS_LOC_LEFT_ARM;
    else if (part && !strcmp(part, "5-7"))
      locs[0] = COPS_LOC_TORSO;
    else if (part && !strcmp(part, "3-4"))
      locs[0] = COPS_LOC_ABDOMEN;
    else if (part && !strcmp(part, "1-2"))
      locs[0] = COPS_LOC_RIGHT_LEG, locs[1] = COPS_LOC_LEFT_LEG;
    for (int l = 0; l < 2 && locs[l] >= 0; l++) {
      if (2 * d * 7 + 4 * f <= 2 * dice[locs[l]] * 7 + 4 * fix[locs[l]]) {
        say(im, as, "dropped", "%s: no better than what is worn there already (protections do "
            "not add up)", label ? label : "a protection");
        continue;
      }
      dice[locs[l]] = (int)d;
      fix[locs[l]] = (int)f;
    }
    if (label && strlen(name) + strlen(label) + 4 < sizeof name)
      snprintf(name + strlen(name), sizeof name - strlen(name), "%s%s", worn ? " + " : "", label);
    worn = 1;
  }
  if (!worn)
    return NULL;
  cops_armour *a;
  if (kept(im, cops_armour_new(&a, im->ctx, name[0] ? name : "Protection"))) {
    say(im, "protecDescr", "dropped", "%s", cops_ctx_errmsg(im->ctx));
    return NULL;
  }
  for (int l = 0; l < COPS_LOCATION_COUNT; l++)
    cops_armour_set(a, l, dice[l], fix[l]);
  json_t *j = cops__armour_json(a);
  cops_armour_free(a);
  im->oom |= !j;
  return j;
}

static void import_gear(struct import *im)
{
  json_t *gear = json_object(), *ws = json_array();
  im->oom |= !gear || !ws;
  int n = 0;
  json_t *w = weapon_of(im, im->attrs, n);
  if (w)
    im->oom |= json_array_append_new(ws, json_pack("{s:o}", "weapon", w)), n++;
  const char *id;
  json_t *row;
  json_object_foreach(json_object_get(im->rows, "armes"), id, row) {
    if (!(w = weapon_of(im, row, n)))
      continue;
    if (json_array_size(ws) == COPS_WEAPONS_MAX) {
      say(im, json_string_value(json_object_get(w, "name")), "dropped",
          "more than %d weapons carried", COPS_WEAPONS_MAX);
      json_decref(w);
      continue;
    }
    im->oom |= json_array_append_new(ws, json_pack("{s:o}", "weapon", w));
    n++;
  }
  if (json_array_size(ws))
    im->oom |= json_object_set(gear, "weapons", ws);
  json_t *a = armour_of(im);
  if (a)
    im->oom |= json_object_set_new(gear, "armour", a);
  char *text = json_object_size(gear) ? json_dumps(gear, JSON_COMPACT) : NULL;
  im->oom |= !text && json_object_size(gear);
  if (text && kept(im, cops_character_set_gear(im->ch, text)))
    say(im, "armes", "dropped", "the gear: %s", cops_ctx_errmsg(im->ctx));
  free(text);
  json_decref(ws);
  json_decref(gear);
}

static void import_rest(struct import *im)
{
  static const char *const round[] = {"nAttitude", "nInitiative", "attitude", "initiative",
                                      "modif", "dBleu", "dNoir"};
  static const char *const display[] = {"resetModif", "resetInit", "resetAtt", "menu",
                                        "viewStages", "viewContact"};
  const char *as;
  for (size_t k = 0; k < sizeof round / sizeof round[0]; k++)
    if (take(im, round[k], &as))
      say(im, as, "dropped", "a roll's choice, not the sheet's (cops roll --attitude, "
          "--initiative, --bonus)");
  for (size_t k = 0; k < sizeof display / sizeof display[0]; k++)
    if (take(im, display[k], &as))
      say(im, as, "dropped", "the Roll20 sheet's display");
  const char *key;
  json_t *e;
  json_object_foreach(im->attrs, key, e) {
    if (!json_object_get(e, "used"))
      say(im, json_string_value(json_object_get(e, "n")), "dropped",
          "not an attribute of the Roll20 COPS sheet");
  }
  const char *section, *id, *field;
  json_t *rows, *row;
  json_object_foreach(im->rows, section, rows) {
    json_object_foreach(rows, id, row) {
      json_object_foreach(row, field, e) {
        if (!json_object_get(e, "used"))
          say(im, json_string_value(json_object_get(e, "n")), "dropped",
              "not an attribute of the Roll20 COPS sheet");
      }
    }
  }
}

/* The character's name: "Prénom Nom", else the export's name, else "Sans nom". */
static int import_name(struct import *im, const char *exported)
{
  const char *as, *first = take(im, "Prenom", &as), *last = take(im, "Nom", NULL);
  char name[512];
  snprintf(name, sizeof name, "%s%s%s", first ? first : "", first && last ? " " : "",
           last ? last : "");
  if (!name[0])
    snprintf(name, sizeof name, "%s", exported && *exported ? exported : "Sans nom");
  if (strlen(name) > COPS_NAME_MAX) {
    size_t cut = COPS_NAME_MAX;
    while (cut && ((unsigned char)name[cut] & 0xC0) == 0x80)
      cut--;
    name[cut] = '\0';
    say(im, "Nom", "corrected", "cut to %zu bytes", cut);
  }
  if (kept(im, cops_character_set_name(im->ch, name))) {
    say(im, "Nom", "corrected", "not a name (%s): Sans nom", cops_ctx_errmsg(im->ctx));
    cops_character_set_name(im->ch, "Sans nom");
  }
  return 0;
}

static int import_all(struct import *im, json_t *root)
{
  const char *exported;
  int rc = read_export(im, root, &exported);
  if (rc || (rc = import_name(im, exported)))
    return rc;
  import_characteristics(im);
  import_points(im);
  import_skills(im);
  import_dossier(im);
  import_contacts(im);
  if (im->notes[0])
    im->oom |= json_object_set_new(im->dossier, "notes", json_string(im->notes));
  if (json_object_size(im->dossier)) {
    char *text = json_dumps(im->dossier, JSON_COMPACT);
    im->oom |= !text;
    if (text && kept(im, cops_character_set_dossier(im->ch, text)))
      say(im, "historique", "dropped", "the dossier: %s", cops_ctx_errmsg(im->ctx));
    free(text);
  }
  import_gear(im);
  import_rest(im);
  return 0;
}

int cops_character_from_roll20(cops_character **out, cops_ctx *ctx, const char *json,
                               char **report)
{
  if (out)
    *out = NULL;
  if (report)
    *report = NULL;
  if (!out || !ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  json_t *root;
  int rc = cops__json_begin(ctx, json, "Roll20 export", &root);
  if (rc)
    return rc;
  struct import *im = cops__calloc(&ctx->alloc, sizeof *im);
  if (!im) {
    json_decref(root);
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for the import");
  }
  im->ctx = ctx;
  im->attrs = json_object();
  im->rows = json_object();
  im->report = json_array();
  im->dossier = json_object();
  im->oom = !im->attrs || !im->rows || !im->report || !im->dossier;
  if (!im->oom && !(rc = cops_character_new(&im->ch, ctx)))
    rc = import_all(im, root);
  if (!rc && im->oom)
    rc = cops__fail(ctx, COPS_ENOMEM, "out of memory for the import");
  if (!rc && report && cops__json_hand(&ctx->alloc, json_incref(im->report), 0, report))
    rc = cops__fail(ctx, COPS_ENOMEM, "out of memory for the import's report");
  if (!rc) {
    *out = im->ch;
    im->ch = NULL;
  }
  cops_character_free(im->ch);
  json_decref(root);
  json_decref(im->attrs);
  json_decref(im->rows);
  json_decref(im->report);
  json_decref(im->dossier);
  cops__free(&ctx->alloc, im);
  return rc;
}
