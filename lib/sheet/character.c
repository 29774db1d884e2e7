/* A COPS character (COPS.md C1.4, C1.5, C2, C3, C5, C8.2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sheet/sheet.h"
#include "lang/lang.h"

#define FAIL(ch, code, ...) cops__fail((ch)->ctx, code, __VA_ARGS__)

static int valid_characteristic(int c)
{
  return c >= 0 && c < COPS_CHARACTERISTIC_COUNT;
}

static int valid_skill(int s)
{
  return s >= 0 && s < COPS_SKILL_COUNT;
}

static int default_max_hp(const cops_character *ch)
{
  return 20 + 3 * ch->value[COPS_CARRURE]; /* C2 RULING */
}

int cops_character_max_hp(const cops_character *ch)
{
  if (!ch)
    return COPS_EINVAL;
  return ch->max_hp_set ? ch->max_hp_set : default_max_hp(ch);
}

int cops_character_new(cops_character **out, cops_ctx *ctx)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  cops_character *ch = cops__calloc(&ctx->alloc, sizeof *ch);
  if (!ch)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a character");
  ch->ctx = ctx;
  ch->stamp = cops__serial(ctx);
  for (int c = 0; c < COPS_CHARACTERISTIC_COUNT; c++)
    ch->value[c] = 1;
  ch->hp = default_max_hp(ch);
  *out = ch;
  return COPS_OK;
}

void cops_character_free(cops_character *ch)
{
  if (!ch || cops__refused(ch->ctx))
    return;
  if (ch->holders > 0) {   /* another holder keeps it */
    ch->holders--;
    return;
  }
  cops__free(&ch->ctx->alloc, ch->rel);
  cops__dossier_free(ch);
  cops__gear_free(ch);
  cops__free(&ch->ctx->alloc, ch);
}

cops_character *cops_character_retain(cops_character *ch)
{
  if (ch)
    ch->holders++;
  return ch;
}

cops_ctx *cops__character_ctx(const cops_character *ch)
{
  return ch->ctx;
}

int cops_character_set_name(cops_character *ch, const char *name)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!name)
    return FAIL(ch, COPS_EINVAL, "name is NULL");
  size_t len = strlen(name);
  if (len == 0)
    return FAIL(ch, COPS_EINVAL, "name is empty");
  if (len > COPS_NAME_MAX)
    return FAIL(ch, COPS_ERANGE, "name of %zu bytes (at most %d)", len, COPS_NAME_MAX);
  if (!cops__clean_text(name))
    return FAIL(ch, COPS_EINVAL, "name is not clean UTF-8 text");
  memcpy(ch->name, name, len + 1);
  return COPS_OK;
}

const char *cops_character_name(const cops_character *ch)
{
  return ch ? ch->name : NULL;
}

int cops_character_set_characteristic(cops_character *ch, int c, int value)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!valid_characteristic(c))
    return FAIL(ch, COPS_ERANGE, "characteristic %d out of range 0..%d", c,
                COPS_CHARACTERISTIC_COUNT - 1);
  if (value < 1 || value > 5)
    return FAIL(ch, COPS_ERANGE, "%s %d out of range 1..5", cops_characteristic_name(c, 0),
                value);
  const int old_max = cops_character_max_hp(ch);
  ch->value[c] = value;
  ch->stamp = cops__serial(ch->ctx);
  const int new_max = cops_character_max_hp(ch);
  if (ch->hp == old_max || ch->hp > new_max)
    ch->hp = new_max; /* an unhurt character stays unhurt */
  if (ch->hp < -new_max)
    ch->hp = -new_max;
  if (new_max != old_max)
    cops__wound_settle(ch);
  return COPS_OK;
}

int cops_character_characteristic(const cops_character *ch, int c)
{
  if (!ch)
    return COPS_EINVAL;
  return valid_characteristic(c) ? ch->value[c] : COPS_ERANGE;
}

/* The catalogue's spelling of a specialisation of skill, or NULL. */
static const char *listed_specialisation(int skill, const char *text, size_t len)
{
  for (int i = 0; i < cops_skill_specialisation_count(skill); i++) {
    const char *name = cops_skill_specialisation_name(skill, i);
    if (cops__names_match(text, len, name))
      return name;
  }
  return NULL;
}

/* Check a specialisation for a skill: *canonical receives the spelling to
 * keep (the catalogue's, or the text for a free one). */
int cops__check_specialisation(cops_ctx *ctx, int skill, const char *text, size_t len,
                               const char **canonical)
{
  const char *sname = cops_skill_name(skill, COPS_LANG_FR);
  if (cops_skill_specialisation_count(skill) == 0 && !cops_skill_specialisation_free(skill))
    return cops__fail(ctx, COPS_ENOTFOUND, "%s has no specialisations", sname);
  if (len == 0 || len > COPS_SPECIALISATION_MAX)
    return cops__fail(ctx, COPS_ERANGE, "specialisation of %zu bytes (1..%d)", len,
                      COPS_SPECIALISATION_MAX);
  const char *listed = listed_specialisation(skill, text, len);
  if (listed) {
    *canonical = listed;
    return COPS_OK;
  }
  if (cops_skill_specialisation_free(skill)) {
    *canonical = NULL; /* the text itself */
    return COPS_OK;
  }
  char list[256] = "";
  for (int i = 0; i < cops_skill_specialisation_count(skill); i++) {
    strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
    strncat(list, cops_skill_specialisation_name(skill, i), sizeof list - strlen(list) - 1);
  }
  return cops__fail(ctx, COPS_ENOTFOUND, "unknown specialisation '%.*s' for %s (%s)",
                    (int)len, text, sname, list);
}

static int has_specialisation(const struct skill_slot *slot, const char *text, size_t len)
{
  for (int i = 0; i < slot->nspecs; i++)
    if (cops__names_match(text, len, slot->specs[i]))
      return 1;
  return 0;
}

static int needs_specialisation(int skill, int level)
{
  int from = cops_skill_specialisation_level(skill);
  return from > 0 && level <= from;
}

/* Tir en rafales [weapon] can never be better (lower) than the weapon skill
 * (C3). Checked over the whole character: any order of changes works. */
static int check_burst_fire(const cops_character *ch)
{
  const struct skill_slot *tr = &ch->skill[COPS_TIR_EN_RAFALES];
  if (!tr->level)
    return COPS_OK;
  for (int i = 0; i < tr->nspecs; i++) {
    int weapon = cops__names_match(tr->specs[i], strlen(tr->specs[i]), "arme de poing")
                     ? COPS_ARME_DE_POING
                     : COPS_ARME_D_EPAULE;
    const int wl = ch->skill[weapon].level;
    const char *wname = cops_skill_name(weapon, COPS_LANG_FR);
    if (!wl)
      return FAIL(ch, COPS_ERULE, "Tir en rafales [%s] %d+ needs %s", tr->specs[i], tr->level,
                  wname);
    if (tr->level < wl)
      return FAIL(ch, COPS_ERULE,
                  "Tir en rafales [%s] %d+ would be better than %s %d+ (C3: never better "
                  "than its weapon skill)", tr->specs[i], tr->level, wname, wl);
  }
  return COPS_OK;
}

/* Apply a change to one skill slot, keeping it only if the whole character
 * stays valid. */
static int commit_slot(cops_character *ch, int skill, const struct skill_slot *next)
{
  struct skill_slot old = ch->skill[skill];
  ch->skill[skill] = *next;
  int rc = check_burst_fire(ch);
  if (rc)
    ch->skill[skill] = old;
  else
    ch->stamp = cops__serial(ch->ctx);
  return rc;
}

static int add_spec(cops_character *ch, int skill, struct skill_slot *slot, const char *spec)
{
  const char *canonical = NULL;
  size_t len = strlen(spec);
  if (!cops__clean_text(spec))
    return FAIL(ch, COPS_EINVAL, "specialisation is not clean UTF-8 text");
  int rc = cops__check_specialisation(ch->ctx, skill, spec, len, &canonical);
  if (rc)
    return rc;
  if (has_specialisation(slot, spec, len))
    return COPS_OK; /* already held */
  if (slot->nspecs == COPS_SPECIALISATIONS_MAX)
    return FAIL(ch, COPS_ERANGE, "%s already has %d specialisations",
                cops_skill_name(skill, 0), COPS_SPECIALISATIONS_MAX);
  const char *keep = canonical ? canonical : spec;
  snprintf(slot->specs[slot->nspecs++], COPS_SPECIALISATION_MAX + 1, "%s", keep);
  return COPS_OK;
}

int cops_character_set_skill(cops_character *ch, int skill, int level, const char *spec)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!valid_skill(skill))
    return FAIL(ch, COPS_ERANGE, "skill %d out of range 0..%d", skill, COPS_SKILL_COUNT - 1);
  const char *sname = cops_skill_name(skill, COPS_LANG_FR);
  if (level < 2 || level > 9)
    return FAIL(ch, COPS_ERANGE, "skill level %d+ out of range 2+..9+ for %s", level, sname);
  struct skill_slot next = ch->skill[skill];
  if (!next.level)
    next.nspecs = 0;
  next.level = level;
  int rc;
  if (spec && (rc = add_spec(ch, skill, &next, spec)))
    return rc;
  if (needs_specialisation(skill, level) && next.nspecs == 0)
    return FAIL(ch, COPS_ERULE, "%s %d+ needs a specialisation (from %d+: C3)", sname, level,
                cops_skill_specialisation_level(skill));
  return commit_slot(ch, skill, &next);
}

int cops_character_add_specialisation(cops_character *ch, int skill, const char *spec)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!valid_skill(skill))
    return FAIL(ch, COPS_ERANGE, "skill %d out of range 0..%d", skill, COPS_SKILL_COUNT - 1);
  if (!spec)
    return FAIL(ch, COPS_EINVAL, "specialisation is NULL");
  if (!ch->skill[skill].level)
    return FAIL(ch, COPS_ERULE, "%s is not held: set its level first",
                cops_skill_name(skill, 0));
  struct skill_slot next = ch->skill[skill];
  int rc = add_spec(ch, skill, &next, spec);
  return rc ? rc : commit_slot(ch, skill, &next);
}

int cops_character_remove_skill(cops_character *ch, int skill)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!valid_skill(skill))
    return FAIL(ch, COPS_ERANGE, "skill %d out of range 0..%d", skill, COPS_SKILL_COUNT - 1);
  struct skill_slot none;
  memset(&none, 0, sizeof none);
  return commit_slot(ch, skill, &none);
}

int cops_character_skill(const cops_character *ch, int skill)
{
  if (!ch)
    return COPS_EINVAL;
  return valid_skill(skill) ? ch->skill[skill].level : COPS_ERANGE;
}

int cops_character_specialisation_count(const cops_character *ch, int skill)
{
  if (!ch)
    return COPS_EINVAL;
  return valid_skill(skill) ? ch->skill[skill].nspecs : COPS_ERANGE;
}

const char *cops_character_specialisation(const cops_character *ch, int skill, int i)
{
  if (!ch || !valid_skill(skill) || i < 0 || i >= ch->skill[skill].nspecs)
    return NULL;
  return ch->skill[skill].specs[i];
}

int cops_character_set_max_hp(cops_character *ch, int max)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (max < 0 || max > COPS_HP_MAX)
    return FAIL(ch, COPS_ERANGE, "maximum hit points %d out of range 1..%d (0: the default)",
                max, COPS_HP_MAX);
  const int old_max = cops_character_max_hp(ch);
  ch->max_hp_set = max;
  ch->stamp = cops__serial(ch->ctx);
  const int new_max = cops_character_max_hp(ch);
  if (ch->hp == old_max || ch->hp > new_max)
    ch->hp = new_max;
  if (ch->hp < -new_max)
    ch->hp = -new_max;
  cops__wound_settle(ch);
  return COPS_OK;
}

int cops_character_max_hp_is_set(const cops_character *ch)
{
  return ch ? ch->max_hp_set != 0 : COPS_EINVAL;
}

int cops_character_hp(const cops_character *ch, int *hp)
{
  if (!ch || !hp)
    return COPS_EINVAL;
  *hp = ch->hp;
  return COPS_OK;
}

int cops_character_set_hp(cops_character *ch, int hp)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  const int max = cops_character_max_hp(ch);
  if (hp < -max || hp > max)
    return FAIL(ch, COPS_ERANGE, "hit points %d out of range %d..%d", hp, -max, max);
  cops__wound_set(ch, hp);
  return COPS_OK;
}

int cops_character_damage(cops_character *ch, int amount)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (amount < 0 || amount > 10000)
    return FAIL(ch, COPS_ERANGE, "damage %d out of range 0..10000", amount);
  cops__wound_loss(ch, amount);   /* clinically dead at -max (C8.2) */
  return COPS_OK;
}

int cops_character_heal(cops_character *ch, int amount)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (amount < 0 || amount > 10000)
    return FAIL(ch, COPS_ERANGE, "healing %d out of range 0..10000", amount);
  const int max = cops_character_max_hp(ch);
  if (ch->hp <= -max)
    return FAIL(ch, COPS_ERULE, "%s is dead: only doctors with proper equipment may try "
                "(C8.7)", ch->name[0] ? ch->name : "the character");
  cops__wound_gain(ch, amount);
  return COPS_OK;
}

int cops_character_health(const cops_character *ch)
{
  return ch ? cops__health(ch) : COPS_EINVAL;
}

int cops_character_health_state(const cops_character *ch)
{
  if (!ch)
    return COPS_EINVAL;
  switch (cops__health(ch)) {
  case COPS_DEAD_FINAL: return COPS_HEALTH_STATE_DEAD;
  case COPS_DEAD: return COPS_HEALTH_STATE_CLINICALLY_DEAD;
  case COPS_DYING:
    return ch->w.stabilised ? COPS_HEALTH_STATE_STABILISED : COPS_HEALTH_STATE_DYING;
  case COPS_UNCONSCIOUS: return COPS_HEALTH_STATE_UNCONSCIOUS;
  case COPS_BELOW_HALF: return COPS_HEALTH_STATE_BELOW_HALF;
  default:
    return ch->hp < cops__max_hp(ch) ? COPS_HEALTH_STATE_WOUNDED : COPS_HEALTH_STATE_HEALTHY;
  }
}

const char *cops_health_state_key(int state)
{
  static const char *const keys[] = {"healthy", "wounded", "below_half", "unconscious",
                                     "dying", "stabilised", "clinically_dead", "dead"};
  return state >= 0 && state < (int)(sizeof keys / sizeof keys[0]) ? keys[state] : NULL;
}

const char *cops_health_name(int health, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L && health >= 0 && health <= COPS_DEAD_FINAL ? L->health[health] : NULL;
}

int cops_character_conditions(const cops_character *ch)
{
  return ch ? (int)ch->conditions : COPS_EINVAL;
}

int cops_character_set_conditions(cops_character *ch, unsigned conditions, int on)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (conditions & ~COPS_COND_ALL)
    return FAIL(ch, COPS_EINVAL, "unknown condition bits 0x%x", conditions & ~COPS_COND_ALL);
  if (on != 0 && on != 1)
    return FAIL(ch, COPS_EINVAL, "on is %d, not 0 or 1", on);
  if (on && (conditions & COPS_COND_OUT))
    return FAIL(ch, COPS_EINVAL, "out of the fight needs a recovery difficulty: "
                "cops_character_set_recovery()");
  if (on)
    ch->conditions |= conditions;
  else
    ch->conditions &= ~conditions;
  return COPS_OK;
}

int cops_character_set_recovery(cops_character *ch, int difficulty)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (difficulty < 0 || difficulty > 20)
    return FAIL(ch, COPS_ERANGE, "recovery difficulty %d out of range 0..20", difficulty);
  ch->conditions |= COPS_COND_OUT;
  ch->recovery_difficulty = difficulty;
  ch->recovery_rounds = 0;
  return COPS_OK;
}

int cops_character_recovery(const cops_character *ch, int *difficulty, int *rounds)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!(ch->conditions & COPS_COND_OUT))
    return cops__fail(ch->ctx, COPS_ESTATE, "%s is not out of the fight",
                      ch->name[0] ? ch->name : "the character");
  if (difficulty)
    *difficulty = ch->recovery_difficulty;
  if (rounds)
    *rounds = ch->recovery_rounds;
  return COPS_OK;
}

void cops__character_recovery_step(cops_character *ch)
{
  ch->recovery_rounds++;
}

void cops__character_recovery_state(const cops_character *ch, int *difficulty, int *rounds)
{
  *difficulty = ch->recovery_difficulty;
  *rounds = ch->recovery_rounds;
}

void cops__character_set_recovery_state(cops_character *ch, int difficulty, int rounds)
{
  ch->recovery_difficulty = difficulty;
  ch->recovery_rounds = rounds;
}

const char *cops_condition_name(unsigned condition, int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  if (!L)
    return NULL;
  for (int i = 0; i < 9; i++)
    if (condition == 1u << i)
      return L->condition[i];
  return NULL;
}

static int check_kind(const cops_character *ch, int kind)
{
  if (kind != COPS_ADRENALINE && kind != COPS_ANCIENNETE)
    return FAIL(ch, COPS_ERANGE, "point kind %d (0 Adrénaline, 1 Ancienneté)", kind);
  return COPS_OK;
}

static const char *const point_names[2] = {"Adrénaline", "Ancienneté"};

int cops_character_set_points(cops_character *ch, int adrenaline_max, int anciennete_max)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (adrenaline_max < 0 || anciennete_max < 0 ||
      adrenaline_max + anciennete_max > COPS_POINTS_MAX)
    return FAIL(ch, COPS_ERULE,
                "Adrénaline %d + Ancienneté %d: each at least 0, at most %d together (C5)",
                adrenaline_max, anciennete_max, COPS_POINTS_MAX);
  ch->max[COPS_ADRENALINE] = ch->current[COPS_ADRENALINE] = adrenaline_max;
  ch->max[COPS_ANCIENNETE] = ch->current[COPS_ANCIENNETE] = anciennete_max;
  ch->stamp = cops__serial(ch->ctx);
  return COPS_OK;
}

int cops_character_set_current_points(cops_character *ch, int kind, int current)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = check_kind(ch, kind);
  if (rc)
    return rc;
  if (current < 0 || current > ch->max[kind])
    return FAIL(ch, COPS_ERANGE, "%s %d out of range 0..%d", point_names[kind], current,
                ch->max[kind]);
  ch->current[kind] = current;
  return COPS_OK;
}

int cops_character_points(const cops_character *ch, int kind, int *current, int *max)
{
  if (!ch)
    return COPS_EINVAL;
  if (kind != COPS_ADRENALINE && kind != COPS_ANCIENNETE)
    return COPS_ERANGE;
  if (current)
    *current = ch->current[kind];
  if (max)
    *max = ch->max[kind];
  return COPS_OK;
}

int cops_character_recover(cops_character *ch, int kind)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = check_kind(ch, kind);
  if (rc)
    return rc;
  if (ch->current[kind] >= ch->max[kind])
    return FAIL(ch, COPS_ERULE, "%s is already at its maximum %d (C5)", point_names[kind],
                ch->max[kind]);
  ch->current[kind]++;
  return COPS_OK;
}

int cops_character_spend_permanently(cops_character *ch, int kind)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  int rc = check_kind(ch, kind);
  if (rc)
    return rc;
  if (ch->max[kind] == 0)
    return FAIL(ch, COPS_ERULE, "no %s point to spend", point_names[kind]);
  ch->max[kind]--;
  if (ch->current[kind] > ch->max[kind])
    ch->current[kind] = ch->max[kind];
  return COPS_OK;
}

/* The specialisation a term names checked against the catalogue (C3): once per
 * notation. */
static int check_spec(cops_ctx *ctx, int skill, const cops__term *t)
{
  const char *canonical = NULL;
  int rc;
  if (t->spec && (rc = cops__check_specialisation(ctx, skill, t->spec, t->spec_len,
                                                  &canonical))) {
    char why[sizeof ctx->errmsg];
    snprintf(why, sizeof why, "%s", cops_ctx_errmsg(ctx));
    return cops__fail(ctx, rc, "column %d: %s", t->column, why);
  }
  return COPS_OK;
}

/* The threshold a character rolls a skill at, for an optional named
 * specialisation (C1.4, C1.5), checked already (check_spec). Sets *unskilled. */
static int skill_threshold(cops_character *ch, int skill, const cops__term *t, int *threshold,
                           int *unskilled)
{
  const struct skill_slot *slot = &ch->skill[skill];
  const char *sname = cops_skill_name(skill, COPS_LANG_FR);
  const int from = cops_skill_specialisation_level(skill);
  *unskilled = 0;
  if (!slot->level) {
    *unskilled = 1; /* C1.4 */
    *threshold = 10;
    return COPS_OK;
  }
  if (!needs_specialisation(skill, slot->level)) {
    *threshold = slot->level;
    return COPS_OK;
  }
  if (!t->spec) {
    char hint[COPS_SPECIALISATION_MAX + 1];
    snprintf(hint, sizeof hint, "%s", slot->specs[0]);
    return cops__fail(ch->ctx, COPS_ERULE,
                      "column %d: %s %d+ is specialised: name the specialisation, e.g. "
                      "%s [%s]/...", t->column, sname, slot->level, sname, hint);
  }
  if (has_specialisation(slot, t->spec, t->spec_len)) {
    *threshold = slot->level;
  } else if (from >= 9) {
    *unskilled = 1; /* no level without specialisation: as if unskilled (C1.5) */
    *threshold = 10;
  } else {
    *threshold = from + 1; /* the last level without specialisation (C1.5) */
  }
  return COPS_OK;
}

int cops__prepare_action(cops_ctx *ctx, const char *notation, cops__prepared *out)
{
  cops__notation *n = &out->n;
  int rc = cops__parse_notation(ctx, notation, n);
  if (rc)
    return rc;
  out->skill = out->characteristic = -1;
  if (n->first.is_name && cops__skill_parse_span(n->first.name, n->first.name_len, &out->skill))
    return cops__fail(ctx, COPS_ENOTFOUND, "column %d: unknown skill '%.*s'", n->first.column,
                      (int)n->first.name_len, n->first.name);
  if (n->first.is_name && (rc = check_spec(ctx, out->skill, &n->first)))
    return rc;
  if (n->second.is_name &&
      cops__characteristic_parse_span(n->second.name, n->second.name_len, &out->characteristic))
    return cops__fail(ctx, COPS_ENOTFOUND, "column %d: unknown characteristic '%.*s'",
                      n->second.column, (int)n->second.name_len, n->second.name);
  return COPS_OK;
}

int cops__character_action(cops_action *out, cops_character *ch, const char *notation,
                           unsigned flags, int *skill_out)
{
  cops__prepared p;
  int rc = cops__prepare_action(ch->ctx, notation, &p);
  return rc ? rc : cops__prepared_action(out, ch, &p, flags, skill_out);
}

int cops__prepared_action(cops_action *out, cops_character *ch, const cops__prepared *p,
                          unsigned flags, int *skill_out)
{
  const cops__notation n = p->n;
  int rc, threshold = 10, unskilled = 0, skill = p->skill, dice;
  if (n.first.is_name) {
    if ((rc = skill_threshold(ch, skill, &n.first, &threshold, &unskilled)))
      return rc;
  } else {
    threshold = n.first.value;
  }
  dice = n.second.is_name ? ch->value[p->characteristic] : n.second.value;
  cops_action_init(out, dice, threshold, n.difficulty);
  out->dice_mod = n.dice_mod;
  out->threshold_mod = n.threshold_mod;
  out->difficulty_mod = n.difficulty_mod;
  out->flags = unskilled ? COPS_UNSKILLED : 0;
  if (cops_character_health(ch) != COPS_HEALTHY)
    out->dice_mod -= 1; /* below half of the maximum hit points: -1 die (C8.2) */
  if (flags & COPS_ADRENALINE_DIE) {
    if (skill < 0)
      return FAIL(ch, COPS_ERULE, "Adrénaline is spent on a skill roll, not on %d+ (C3, C5)",
                  threshold);
    if (!cops_skill_adrenaline(skill))
      return FAIL(ch, COPS_ERULE, "Adrénaline cannot be spent on %s (C3)",
                  cops_skill_name(skill, COPS_LANG_FR));
    out->dice_mod += 1; /* C5 */
  }
  if (skill_out)
    *skill_out = skill;
  cops__effective e;
  return cops__resolve_action(ch->ctx, out, &e);
}

/* A skill roll built without notation: skill [spec] / characteristic, the
 * wound malus of C8.2 included. For the attack procedures. */
int cops__spend_adrenaline(cops_ctx *ctx, cops_character *ch)
{
  if (ch->current[COPS_ADRENALINE] < 1)
    return cops__fail(ctx, COPS_ERULE, "%s has no Adrénaline point left (C5)", ch->name);
  ch->current[COPS_ADRENALINE]--;
  return COPS_OK;
}

/* C5: the action of @p failed rolled again into @p out (which may be @p failed)
 * for one Ancienneté point. */
static int reroll_into(cops_ctx *ctx, cops_character *ch, cops_roll *out,
                       const cops_roll *failed)
{
  cops_action a;
  if (cops_roll_action_of(failed, &a) != COPS_OK)
    return cops__fail(ctx, COPS_ESTATE, "the roll to roll again holds no action roll");
  if (cops__roll_anciennete(failed))
    return cops__fail(ctx, COPS_ERULE, "this roll was already rolled again with Ancienneté (C5)");
  if (ch->current[COPS_ANCIENNETE] < 1)
    return cops__fail(ctx, COPS_ERULE, "no Ancienneté point left (0 of %d)",
                      ch->max[COPS_ANCIENNETE]);
  int rc = cops_roll_action(out, ctx, &a);
  if (rc)
    return rc;
  cops__roll_set_anciennete(out); /* a success now has MR 0 (C5) */
  ch->current[COPS_ANCIENNETE]--;
  return COPS_OK;
}

int cops__spend_anciennete(cops_ctx *ctx, cops_character *ch, cops_roll *roll)
{
  return reroll_into(ctx, ch, roll, roll);
}

int cops__anciennete_left(const cops_character *ch)
{
  return ch->current[COPS_ANCIENNETE];
}

int cops__character_skill_action(cops_action *out, cops_character *ch, int skill,
                                 const char *spec, int characteristic)
{
  cops__term t = {0};
  t.is_name = 1;
  t.column = 1;
  if (spec) {
    t.spec = spec;
    t.spec_len = strlen(spec);
  }
  int threshold, unskilled, rc;
  const struct skill_slot *slot = &ch->skill[skill];
  const int level = slot->level;
  /* Fast path: a specialisation spelt as the character's sheet spells it (the weapons'
   * and the attack procedures' names are the catalogue's). */
  int exact = 0;
  for (int i = 0; spec && level && i < slot->nspecs && !exact; i++)
    exact = strcmp(spec, slot->specs[i]) == 0;
  int listed = 0;   /* spelt as the catalogue lists it: nothing to check */
  for (int i = 0; spec && !exact && i < cops_skill_specialisation_count(skill) && !listed; i++)
    listed = strcmp(spec, cops_skill_specialisation_name(skill, i)) == 0;
  if (exact || (level && (!spec || listed) && !needs_specialisation(skill, level))) {
    threshold = level;
    unskilled = 0;
  } else if (listed) {
    /* The catalogue's spelling, not on the sheet: none of the sheet's names it, since a
     * sheet keeps a listed specialisation as the catalogue spells it (add_spec). As
     * skill_threshold() without it (C1.4, C1.5). */
    const int from = cops_skill_specialisation_level(skill);
    unskilled = !level || from >= 9;
    threshold = unskilled ? 10 : from + 1;
  } else if (!spec && level && needs_specialisation(skill, level)) {
    /* A weapon of none of the specialisations: C1.5, as for an unlisted one. */
    const int from = cops_skill_specialisation_level(skill);
    unskilled = from >= 9;
    threshold = unskilled ? 10 : from + 1;
  } else if ((rc = check_spec(ch->ctx, skill, &t)) ||
             (rc = skill_threshold(ch, skill, &t, &threshold, &unskilled))) {
    return rc;
  }
  cops_action_init(out, ch->value[characteristic], threshold, 0);
  out->flags = unskilled ? COPS_UNSKILLED : 0;
  if (cops_character_health(ch) != COPS_HEALTHY)
    out->dice_mod = -1; /* C8.2 */
  return COPS_OK;
}

int cops_character_action_sized(cops_action *out, size_t size, cops_character *ch,
                                const char *notation, unsigned flags)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!out || !notation)
    return FAIL(ch, COPS_EINVAL, "%s is NULL", out ? "notation" : "action");
  if (flags & ~(COPS_ADRENALINE_DIE | COPS_NOT_AN_ACTION))
    return FAIL(ch, COPS_EINVAL, "unknown flags 0x%x", flags);
  flags &= ~COPS_NOT_AN_ACTION;   /* what the roll would be: nothing to refuse here */
  if (size < COPS__ACTION_SIZE_0_1 || size > sizeof *out)
    return FAIL(ch, COPS_EINVAL, "action size %zu, expected %zu..%zu", size,
                (size_t)COPS__ACTION_SIZE_0_1, sizeof *out);
  cops_action full;
  int rc = cops__character_action(&full, ch, notation, flags, NULL);
  return rc ? rc : cops__action_out(out, size, &full);
}

int (cops_character_action)(cops_action *out, cops_character *ch, const char *notation,
                            unsigned flags)
{
  return cops_character_action_sized(out, COPS__ACTION_SIZE_0_1, ch, notation, flags);
}

/* Who may act: conscious, not out of the fight (C8.2, C10.4, A5). */
int cops__check_can_act(cops_ctx *ctx, const cops_character *ch, const char *role)
{
  const int health = cops__health(ch);
  const char *sp = ch->name[0] ? " " : "";
  if (health >= COPS_UNCONSCIOUS)
    return cops__fail(ctx, COPS_ERULE, "the %s%s%s is %s and cannot act (C8.2)", role, sp,
                      ch->name, cops_health_name(health, COPS_LANG_EN));
  if (ch->conditions & COPS_COND_OUT)
    return cops__fail(ctx, COPS_ERULE, "the %s%s%s is out of the fight until a recovery roll "
                      "succeeds (C10.4)", role, sp, ch->name);
  if (ch->conditions & COPS_COND_KNOCKED_OUT)
    return cops__fail(ctx, COPS_ERULE, "the %s%s%s is unconscious after a blow to the head (A5)",
                      role, sp, ch->name);
  return COPS_OK;
}

int cops_character_roll(cops_roll *roll, cops_character *ch, const char *notation,
                        unsigned flags)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!roll || !notation)
    return FAIL(ch, COPS_EINVAL, "%s is NULL", roll ? "notation" : "roll");
  if (flags & ~(COPS_ADRENALINE_DIE | COPS_NOT_AN_ACTION))
    return FAIL(ch, COPS_EINVAL, "unknown flags 0x%x", flags);
  cops__roll_clear(roll);
  int rc;
  /* C8.2: at 0 hit points or below one is unconscious; so are those out of the fight or
   * knocked out. Their roll is an action they cannot take, unless the caller says it is
   * none. */
  if (!(flags & COPS_NOT_AN_ACTION) && (rc = cops__check_can_act(ch->ctx, ch, "character")))
    return rc;
  cops_action a;
  if ((rc = cops__character_action(&a, ch, notation, flags & ~COPS_NOT_AN_ACTION, NULL)))
    return rc;
  if ((flags & COPS_ADRENALINE_DIE) && ch->current[COPS_ADRENALINE] < 1)
    return FAIL(ch, COPS_ERULE, "no Adrénaline point left (0 of %d)", ch->max[COPS_ADRENALINE]);
  if ((rc = cops_roll_action(roll, ch->ctx, &a)))
    return rc;
  if (flags & COPS_ADRENALINE_DIE)
    ch->current[COPS_ADRENALINE]--; /* spent before the roll (C5) */
  return COPS_OK;
}

int cops_character_reroll(cops_roll *out, cops_character *ch, const cops_roll *failed)
{
  if (!ch)
    return COPS_EINVAL;
  COPS__ENTER(ch->ctx);
  if (!out || !failed)
    return FAIL(ch, COPS_EINVAL, "%s is NULL", out ? "failed roll" : "roll");
  int rc;
  if ((rc = cops__check_can_act(ch->ctx, ch, "character")))   /* C8.2: a player's choice */
    return rc;
  if (cops_roll_kind(failed) == COPS_ROLL_ACTION && !cops__roll_anciennete(failed) &&
      cops_roll_succeeded(failed))
    return FAIL(ch, COPS_ERULE, "Ancienneté is spent after a failed roll, and this one "
                "succeeded (C5)");
  return reroll_into(ch->ctx, ch, out, failed);
}
