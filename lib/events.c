/* The event log (DESIGN.md section 5, docs/events.md): typed events with
 * every die, and their two renderings, JSON Lines and narration. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "internal.h"

struct record {
  cops_event e;          /* names are NULL here: see the offsets */
  int actor, target, weapon;   /* offsets into names, -1 for none */
  int first_die;         /* index into the dice arrays */
};

struct cops_log {
  cops_ctx *ctx;
  int round;
  struct record *rec;
  int count, capacity;
  /* Dice of ROLL events, in draw order. */
  uint8_t *face, *success;
  int32_t *reroll_of;
  int ndice, dice_capacity;
  /* Names, each stored once, NUL-terminated. */
  char *names;
  int names_len, names_capacity;
  int name_off[32];      /* the last distinct names, for reuse */
  int nname;
};

int cops_log_new(cops_log **out, cops_ctx *ctx)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!ctx)
    return COPS_EINVAL;
  cops_log *log = calloc(1, sizeof *log);
  if (!log)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a log");
  log->ctx = ctx;
  *out = log;
  return COPS_OK;
}

void cops_log_free(cops_log *log)
{
  if (!log)
    return;
  free(log->rec);
  free(log->face);
  free(log->success);
  free(log->reroll_of);
  free(log->names);
  free(log);
}

int cops_log_clear(cops_log *log)
{
  if (!log)
    return COPS_EINVAL;
  log->count = log->ndice = log->names_len = log->nname = 0;
  log->round = 0;
  return COPS_OK;
}

int cops_log_count(const cops_log *log)
{
  return log ? log->count : COPS_EINVAL;
}

int cops_log_set_round(cops_log *log, int round)
{
  if (!log)
    return COPS_EINVAL;
  if (round < 0 || round > 1000000)
    return cops__fail(log->ctx, COPS_ERANGE, "round %d out of range 0..1000000", round);
  log->round = round;
  return COPS_OK;
}

static int grow(void **p, int *capacity, int need, size_t size)
{
  if (need <= *capacity)
    return 0;
  int cap = *capacity ? *capacity : 64;
  while (cap < need)
    cap *= 2;
  void *q = realloc(*p, (size_t)cap * size);
  if (!q)
    return -1;
  *p = q;
  *capacity = cap;
  return 0;
}

/* The offset of name in the pool, stored once; -1 for NULL. */
static int intern(cops_log *log, const char *name)
{
  if (!name)
    return -1;
  for (int i = 0; i < log->nname; i++)
    if (!strcmp(log->names + log->name_off[i], name))
      return log->name_off[i];
  const int len = (int)strlen(name) + 1;
  if (grow((void **)&log->names, &log->names_capacity, log->names_len + len, 1))
    return -2;
  const int off = log->names_len;
  memcpy(log->names + off, name, (size_t)len);
  log->names_len += len;
  if (log->nname < (int)(sizeof log->name_off / sizeof log->name_off[0]))
    log->name_off[log->nname++] = off;
  return off;
}

int cops__log_push(cops_log *log, const cops_event *e, const char *actor, const char *target,
                   const char *weapon, const cops_roll *roll)
{
  if (!log)
    return COPS_OK;
  if (grow((void **)&log->rec, &log->capacity, log->count + 1, sizeof *log->rec))
    return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
  struct record *r = &log->rec[log->count];
  r->e = *e;
  r->e.size = sizeof r->e;
  r->e.seq = log->count;
  r->e.round = log->round;
  r->e.actor = r->e.target = r->e.weapon = NULL;
  r->actor = intern(log, actor);
  r->target = intern(log, target);
  r->weapon = intern(log, weapon);
  if (r->actor == -2 || r->target == -2 || r->weapon == -2)
    return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
  r->first_die = log->ndice;
  if (roll) {
    const int n = cops_roll_count(roll);
    const int kind = cops_roll_kind(roll);
    const int before = log->dice_capacity;
    if (grow((void **)&log->face, &log->dice_capacity, log->ndice + n, 1))
      return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
    if (log->dice_capacity != before) {
      /* The three dice arrays share one capacity. */
      uint8_t *s = realloc(log->success, (size_t)log->dice_capacity);
      if (s)
        log->success = s;
      int32_t *p = realloc(log->reroll_of, (size_t)log->dice_capacity * sizeof *p);
      if (p)
        log->reroll_of = p;
      if (!s || !p) {
        log->dice_capacity = before;
        return cops__fail(log->ctx, COPS_ENOMEM, "out of memory for an event");
      }
    }
    for (int i = 0; i < n; i++) {
      int face, success, parent;
      cops_roll_die(roll, i, &face, &success, &parent);
      log->face[log->ndice + i] = (uint8_t)face;
      log->success[log->ndice + i] = (uint8_t)success;
      log->reroll_of[log->ndice + i] = parent;
    }
    log->ndice += n;
    r->e.type = COPS_EV_ROLL;
    r->e.roll_kind = kind;
    r->e.dice = n;
    if (kind == COPS_ROLL_ACTION) {
      r->e.pool = cops_roll_pool_size(roll);
      r->e.threshold = cops_roll_threshold(roll);
      r->e.difficulty = cops_roll_difficulty(roll);
      r->e.successes = cops_roll_successes(roll);
      r->e.success = cops_roll_succeeded(roll);
      r->e.unskilled = cops_roll_unskilled(roll);
      cops_roll_margin(roll, &r->e.margin);
    } else {
      r->e.pool = n;
      r->e.total = cops_roll_total(roll);
    }
  }
  log->count++;
  return COPS_OK;
}

int cops_log_event(const cops_log *log, int i, cops_event *ev)
{
  if (!log || !ev || ev->size < sizeof(uint32_t) || ev->size > sizeof *ev)
    return COPS_EINVAL;
  if (i < 0 || i >= log->count)
    return cops__fail(log->ctx, COPS_ERANGE, "event %d out of range 0..%d", i, log->count - 1);
  cops_event e = log->rec[i].e;
  const struct record *r = &log->rec[i];
  e.actor = r->actor >= 0 ? log->names + r->actor : NULL;
  e.target = r->target >= 0 ? log->names + r->target : NULL;
  e.weapon = r->weapon >= 0 ? log->names + r->weapon : NULL;
  const uint32_t size = ev->size;
  memcpy(ev, &e, size);
  ev->size = size;
  return COPS_OK;
}

int cops_log_die(const cops_log *log, int i, int j, int *face, int *success, int *reroll_of)
{
  if (!log)
    return COPS_EINVAL;
  if (i < 0 || i >= log->count)
    return cops__fail(log->ctx, COPS_ERANGE, "event %d out of range 0..%d", i, log->count - 1);
  const struct record *r = &log->rec[i];
  if (j < 0 || j >= r->e.dice)
    return cops__fail(log->ctx, COPS_ERANGE, "die %d of event %d: it has %d", j, i, r->e.dice);
  const int k = r->first_die + j;
  if (face)
    *face = log->face[k];
  if (success)
    *success = log->success[k];
  if (reroll_of)
    *reroll_of = log->reroll_of[k];
  return COPS_OK;
}

static const char *const type_names[COPS_EV_TYPE_COUNT] = {
  "attack", "roll", "miss", "hit", "location", "damage", "hit_points", "stopping",
  "condition", "ammunition", "cover", "escape", "stray", "penetration", "start", "join",
  "leave", "round", "declare", "move", "reload", "draw", "idle", "death", "end",
};
static const char *const idle_keys[COPS_IDLE_REASON_COUNT] = {
  "out", "down", "pinned", "no_target", "out_of_reach", "empty", "not_dying",
};
static const char *const purpose_names[COPS_PURPOSE_COUNT] = {
  "attack", "defence", "cover", "nerve", "cover_hits", "damage", "armour", "location",
  "stopping", "recovery", "escape", "stand_up", "first_aid",
};
static const char *const reason_names[COPS_MISS_REASON_COUNT] = {
  "roll", "out_of_range", "no_dice", "past_ten", "margin",
};
static const char *const zone_keys[COPS_ZONE_COUNT] = {"legs", "abdomen", "torso", "arms", "head"};
static const char *const health_keys[5] = {"healthy", "below_half", "unconscious", "dying", "dead"};
static const char *const stop_keys[3] = {"steady", "shaken", "out"};
static const char *const condition_keys[7] = {
  "out", "shaken", "no_negative_initiative", "held", "on_ground", "pinned", "lasting_wound",
};

const char *cops_event_type_name(int type)
{
  return type >= 0 && type < COPS_EV_TYPE_COUNT ? type_names[type] : NULL;
}

const char *cops_purpose_name(int purpose)
{
  return purpose >= 0 && purpose < COPS_PURPOSE_COUNT ? purpose_names[purpose] : NULL;
}

static int condition_index(int condition)
{
  for (int i = 0; i < 7; i++)
    if (condition == 1 << i)
      return i;
  return 0;
}

static json_t *str_or_null(const char *s)
{
  return s ? json_string(s) : json_null();
}

static json_t *event_json(const cops_log *log, int i)
{
  cops_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  cops_log_event(log, i, &e);
  json_t *j = json_pack("{s:i,s:i,s:i,s:s,s:o,s:o}", "schema", COPS_EVENT_SCHEMA, "seq", e.seq,
                        "round", e.round, "type", type_names[e.type], "actor",
                        str_or_null(e.actor), "target", str_or_null(e.target));
  if (!j)
    return NULL;
  json_t *more = NULL;
  switch (e.type) {
  case COPS_EV_ATTACK:
    more = json_pack("{s:o,s:s,s:i,s:i,s:i}", "weapon", str_or_null(e.weapon), "mode",
                     cops_attack_mode_name(e.mode), "attitude", e.attitude, "initiative",
                     e.initiative, "distance", e.distance);
    break;
  case COPS_EV_ROLL: {
    json_t *dice = json_array();
    const int first = log->rec[i].first_die;
    for (int k = 0; dice && k < e.dice; k++) {
      const int32_t p = log->reroll_of[first + k];
      json_array_append_new(dice, json_pack("{s:i,s:b,s:o}", "face", log->face[first + k],
                                            "success", log->success[first + k], "reroll_of",
                                            p < 0 ? json_null() : json_integer(p)));
    }
    if (e.roll_kind == COPS_ROLL_ACTION)
      more = json_pack("{s:s,s:s,s:i,s:i,s:i,s:b,s:o,s:i,s:b,s:i}", "purpose",
                       purpose_names[e.purpose], "kind", "action", "pool", e.pool, "threshold",
                       e.threshold, "difficulty", e.difficulty, "unskilled", e.unskilled,
                       "dice", dice, "successes", e.successes, "success", e.success, "margin",
                       e.margin);
    else
      more = json_pack("{s:s,s:s,s:i,s:o,s:i}", "purpose", purpose_names[e.purpose], "kind",
                       "d6_sum", "pool", e.pool, "dice", dice, "total", e.total);
    break;
  }
  case COPS_EV_MISS:
    more = json_pack("{s:s,s:i,s:i}", "reason", reason_names[e.reason], "bullet", e.bullet,
                     "fired", e.fired);
    break;
  case COPS_EV_HIT:
    more = json_pack("{s:i,s:i,s:i}", "fired", e.fired, "hits", e.hits, "margin", e.margin);
    break;
  case COPS_EV_LOCATION:
    more = json_pack("{s:i,s:i,s:o,s:i}", "bullet", e.bullet, "die", e.die, "location",
                     e.location >= 0 ? json_string(zone_keys[e.location]) : json_null(),
                     "modifier", e.modifier);
    break;
  case COPS_EV_DAMAGE:
    more = json_pack("{s:i,s:o,s:i,s:i,s:i,s:i,s:b}", "bullet", e.bullet, "location",
                     e.location >= 0 ? json_string(zone_keys[e.location]) : json_null(), "raw",
                     e.raw, "protection", e.protection, "bonus", e.bonus, "damage", e.damage,
                     "stopped", e.stopped);
    break;
  case COPS_EV_HIT_POINTS:
    more = json_pack("{s:i,s:i,s:i,s:s,s:s,s:b}", "damage", e.damage, "hp_before", e.hp_before,
                     "hp_after", e.hp_after, "health_before", health_keys[e.health_before],
                     "health_after", health_keys[e.health_after], "lasting", e.lasting);
    break;
  case COPS_EV_STOPPING:
    more = json_pack("{s:s,s:i}", "result", stop_keys[e.result], "difficulty", e.difficulty);
    break;
  case COPS_EV_CONDITION:
    more = json_pack("{s:s,s:b}", "condition", condition_keys[condition_index(e.condition)],
                     "active", e.active);
    break;
  case COPS_EV_AMMUNITION:
    more = json_pack("{s:o,s:i,s:i}", "weapon", str_or_null(e.weapon), "used", e.used,
                     "loaded", e.loaded);
    break;
  case COPS_EV_COVER:
    more = json_pack("{s:o,s:i,s:b,s:i}", "weapon", str_or_null(e.weapon), "fired", e.fired,
                     "success", e.success, "margin", e.margin);
    break;
  case COPS_EV_ESCAPE:
    more = json_pack("{s:b}", "freed", e.result);
    break;
  case COPS_EV_STRAY:
    more = json_pack("{s:i,s:i}", "fired", e.fired, "stray", e.stray);
    break;
  case COPS_EV_PENETRATION:
    more = json_pack("{s:i,s:o,s:i}", "bullet", e.bullet, "location",
                     e.location >= 0 ? json_string(zone_keys[e.location]) : json_null(),
                     "damage", e.damage);
    break;
  case COPS_EV_START: {
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)e.seed);
    more = json_pack("{s:o,s:i}", "seed", e.seeded ? json_string(seed) : json_null(),
                     "combatants", e.id);
    break;
  }
  case COPS_EV_JOIN:
    more = json_pack("{s:i,s:i,s:i,s:i}", "id", e.id, "side", e.side, "x", e.x, "y", e.y);
    break;
  case COPS_EV_LEAVE:
  case COPS_EV_DEATH:
    more = json_pack("{s:i}", "id", e.id);
    break;
  case COPS_EV_ROUND:
    more = json_object();
    break;
  case COPS_EV_DECLARE:
    more = json_pack("{s:i,s:s,s:i,s:i,s:o,s:o}", "id", e.id, "action",
                     cops_encounter_action_name(e.action), "attitude", e.attitude, "initiative",
                     e.initiative, "target_id",
                     e.target_id >= 0 ? json_integer(e.target_id) : json_null(), "to",
                     e.distance >= 0 ? json_pack("[i,i]", e.x, e.y) : json_null());
    break;
  case COPS_EV_MOVE:
    more = json_pack("{s:i,s:i,s:i}", "x", e.x, "y", e.y, "distance", e.distance);
    break;
  case COPS_EV_RELOAD:
    more = json_pack("{s:o,s:i}", "weapon", str_or_null(e.weapon), "loaded", e.loaded);
    break;
  case COPS_EV_DRAW:
    more = json_pack("{s:o}", "weapon", str_or_null(e.weapon));
    break;
  case COPS_EV_IDLE:
    more = json_pack("{s:s}", "reason", idle_keys[e.reason]);
    break;
  case COPS_EV_END:
    more = json_pack("{s:o}", "winner", e.side >= 0 ? json_integer(e.side) : json_null());
    break;
  default:
    break;
  }
  if (!more || json_object_update(j, more)) {
    json_decref(more);
    json_decref(j);
    return NULL;
  }
  json_decref(more);
  return j;
}

/* A growing text buffer. */
struct text {
  char *s;
  size_t len, cap;
  int failed;
};

static void text_add(struct text *t, const char *s, size_t n)
{
  if (t->failed)
    return;
  if (t->len + n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + n + 1)
      cap *= 2;
    char *q = realloc(t->s, cap);
    if (!q) {
      t->failed = 1;
      return;
    }
    t->s = q;
    t->cap = cap;
  }
  memcpy(t->s + t->len, s, n);
  t->len += n;
  t->s[t->len] = '\0';
}

static void text_printf(struct text *t, const char *fmt, ...) COPS_PRINTF(2, 3);
static void text_printf(struct text *t, const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  text_add(t, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static int text_finish(struct text *t, char **out)
{
  if (!t->failed && !t->s)
    text_add(t, "", 0);
  if (t->failed) {
    free(t->s);
    return COPS_ENOMEM;
  }
  *out = t->s;
  return COPS_OK;
}

static int check_from(const cops_log *log, int from, char **out)
{
  if (!log || !out)
    return COPS_EINVAL;
  *out = NULL;
  if (from < 0 || from > log->count)
    return cops__fail(log->ctx, COPS_ERANGE, "from %d out of range 0..%d", from, log->count);
  return COPS_OK;
}

int cops_log_to_jsonl(const cops_log *log, int from, char **out)
{
  int rc = check_from(log, from, out);
  if (rc)
    return rc;
  struct text t = {0};
  for (int i = from; i < log->count && !t.failed; i++) {
    json_t *j = event_json(log, i);
    char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (!s) {
      t.failed = 1;
      break;
    }
    text_add(&t, s, strlen(s));
    text_add(&t, "\n", 1);
    free(s);
  }
  if ((rc = text_finish(&t, out)))
    return cops__fail(log->ctx, rc, "out of memory for the JSON of the log");
  return COPS_OK;
}

/* Narration. */

static const char *who(const char *name, int lang)
{
  return name && name[0] ? name : (lang ? "someone" : "quelqu'un");
}

static void narrate_dice(struct text *t, const cops_log *log, int i)
{
  const struct record *r = &log->rec[i];
  text_add(t, "[", 1);
  for (int k = 0; k < r->e.dice; k++) {
    const int d = r->first_die + k;
    const int32_t p = log->reroll_of[d];
    /* A re-roll follows its 10 as "10→7", as players say it. */
    if (p >= 0)
      continue;
    if (k)
      text_add(t, ", ", 2);
    text_printf(t, "%d", log->face[d]);
    int cur = k;
    for (;;) {
      int next = -1;
      for (int m = cur + 1; m < r->e.dice; m++)
        if (log->reroll_of[r->first_die + m] == cur) {
          next = m;
          break;
        }
      if (next < 0)
        break;
      text_printf(t, "→%d", log->face[r->first_die + next]);
      cur = next;
    }
  }
  text_add(t, "]", 1);
}

static const char *const purpose_text[COPS_PURPOSE_COUNT][2] = {
  {"tir", "to hit"},
  {"riposte", "fights back"},
  {"tir de couverture", "covering fire"},
  {"sang-froid sous le feu", "nerve under fire"},
  {"traverse la zone couverte", "crosses the covered zone"},
  {"dommages", "damage"},
  {"protection", "armour"},
  {"localisation", "location"},
  {"encaissement", "stopping power"},
  {"récupération", "recovery"},
  {"se libérer", "breaks free"},
  {"se relever", "stands up"},
  {"premiers secours", "first aid"},
};

static const char *const mode_text[COPS_ATTACK_MODE_COUNT][2] = {
  {"tire sur", "shoots at"},
  {"lâche une rafale sur", "fires a burst at"},
  {"ouvre un tir de couverture", "lays down covering fire"},
  {"attaque", "attacks"},
  {"frappe", "strikes"},
  {"tente d'immobiliser", "tries to hold"},
  {"tente de projeter", "tries to throw"},
  {"tente d'échapper à", "tries to break free from"},
};

static const char *const reason_text[COPS_MISS_REASON_COUNT][2] = {
  {"raté", "missed"},
  {"hors de portée (plus du double de la portée)", "out of range (beyond twice the range)"},
  {"moins d'un dé : impossible de toucher", "fewer than one die: cannot hit"},
  {"la localisation dépasse 10 : la balle se perd", "the location went past 10: the bullet misses"},
  {"marge insuffisante", "margin too small"},
};

static const char *const action_text[COPS_ACT_COUNT][2] = {
  {"attendre", "wait"},
  {"tirer sur", "shoot at"},
  {"rafale sur", "burst at"},
  {"tir de couverture vers", "covering fire towards"},
  {"corps à corps avec", "melee with"},
  {"frapper", "strike"},
  {"immobiliser", "hold"},
  {"projeter", "throw"},
  {"se libérer de", "break free from"},
  {"se déplacer", "move"},
  {"recharger", "reload"},
  {"changer d'arme", "draw another weapon"},
  {"se relever", "stand up"},
  {"premiers secours à", "first aid to"},
};

static const char *const idle_text[COPS_IDLE_REASON_COUNT][2] = {
  {"hors de combat", "out of the fight"},
  {"à terre avant d'agir", "down before acting"},
  {"cloué sous le feu, se met à couvert", "pinned down, takes cover"},
  {"plus de cible", "no target left"},
  {"cible hors d'atteinte", "target out of reach"},
  {"arme vide", "weapon empty"},
  {"le blessé n'est plus mourant", "the wounded is no longer dying"},
};

static const char *const zone_fr[COPS_ZONE_COUNT] = {
  "aux jambes", "à l'abdomen", "au torse", "aux bras", "à la tête",
};

static void narrate(struct text *t, const cops_log *log, int i, int lang)
{
  cops_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  cops_log_event(log, i, &e);
  const char *a = who(e.actor, lang), *g = who(e.target, lang);
  if (e.round > 0)
    text_printf(t, lang ? "Round %d — " : "Tour %d — ", e.round);
  switch (e.type) {
  case COPS_EV_ATTACK:
    if (e.mode == COPS_ATTACK_COVER)
      text_printf(t, "%s (%s, init %+d) %s", a, cops_attitude_name(e.attitude, lang),
                  e.initiative, mode_text[e.mode][lang]);
    else
      text_printf(t, "%s (%s, init %+d) %s %s", a, cops_attitude_name(e.attitude, lang),
                  e.initiative, mode_text[e.mode][lang], g);
    if (e.weapon)
      text_printf(t, lang ? " with %s" : " avec %s", e.weapon);
    if (e.mode <= COPS_ATTACK_COVER && e.target)
      text_printf(t, lang ? " at %d m" : " à %d m", e.distance);
    break;
  case COPS_EV_ROLL:
    /* A d6 roll belongs to the one it hurts or protects. */
    text_printf(t, lang ? "%s — %s: " : "%s — %s : ",
                e.roll_kind == COPS_ROLL_ACTION || !e.target ? a : g,
                purpose_text[e.purpose][lang]);
    if (e.roll_kind == COPS_ROLL_ACTION && e.difficulty == 0) {
      /* An opposed roll: only the successes count (C1.6). */
      text_printf(t, "%d+/%d ", e.threshold, e.pool);
      narrate_dice(t, log, i);
      text_printf(t, lang ? ", %d success%s" : ", %d réussite%s", e.successes,
                  e.successes == 1 || (!lang && e.successes == 0) ? "" : (lang ? "es" : "s"));
    } else if (e.roll_kind == COPS_ROLL_ACTION) {
      text_printf(t, "%d+/%d (%d) ", e.threshold, e.pool, e.difficulty);
      narrate_dice(t, log, i);
      if (lang)
        text_printf(t, ", %d success%s, %s (%s %d)", e.successes, e.successes == 1 ? "" : "es",
                    e.success ? "success" : "failure", e.margin >= 0 ? "MR" : "ME",
                    e.margin >= 0 ? e.margin : -e.margin);
      else
        text_printf(t, ", %d réussite%s, %s (%s %d)", e.successes, e.successes > 1 ? "s" : "",
                    e.success ? "réussi" : "raté", e.margin >= 0 ? "MR" : "ME",
                    e.margin >= 0 ? e.margin : -e.margin);
    } else {
      text_printf(t, "%dd6 ", e.pool);
      narrate_dice(t, log, i);
      text_printf(t, " = %d", e.total);
    }
    break;
  case COPS_EV_MISS:
    if (e.bullet > 0)
      text_printf(t, lang ? "%s: bullet %d, %s" : "%s : balle %d, %s", a, e.bullet,
                  reason_text[e.reason][lang]);
    else
      text_printf(t, lang ? "%s misses %s: %s" : "%s manque %s : %s", a, g,
                  reason_text[e.reason][lang]);
    break;
  case COPS_EV_HIT:
    if (e.fired)
      text_printf(t, lang ? "%s hits %s: %d bullet%s of %d" : "%s touche %s : %d balle%s sur %d",
                  a, g, e.hits, e.hits > 1 ? "s" : "", e.fired);
    else
      text_printf(t, lang ? "%s hits %s (margin %d)" : "%s touche %s (marge %d)", a, g,
                  e.margin);
    break;
  case COPS_EV_LOCATION:
    if (e.location < 0)
      text_printf(t, lang ? "%s: unlocated" : "%s : non localisé", g);
    else
      text_printf(t, lang ? "%s: hit in the %s (d10 %d, %+d)" : "%s : impact %s (d10 %d, %+d)",
                  g, lang ? cops_zone_name(e.location, 1) : zone_fr[e.location], e.die,
                  e.modifier);
    break;
  case COPS_EV_DAMAGE:
    if (e.stopped)
      text_printf(t, lang ? "%s: %d against protection %d — the armour stops it"
                          : "%s : %d contre une protection de %d — l'armure arrête tout",
                  g, e.raw, e.protection);
    else if (e.location < 0)
      text_printf(t, lang ? "%s: %d - protection %d = %d damage"
                          : "%s : %d - protection %d = %d points de dommages",
                  g, e.raw, e.protection, e.damage);
    else
      text_printf(t, lang ? "%s: %d - protection %d + location %d = %d damage"
                          : "%s : %d - protection %d + localisation %d = %d points de dommages",
                  g, e.raw, e.protection, e.bonus, e.damage);
    break;
  case COPS_EV_HIT_POINTS:
    text_printf(t, lang ? "%s: %d → %d hit points (%s)" : "%s : %d → %d points de vie (%s)", g,
                e.hp_before, e.hp_after, cops_health_name(e.health_after, lang));
    if (e.lasting)
      text_add(t, lang ? ", lasting wound" : ", séquelles durables",
               strlen(lang ? ", lasting wound" : ", séquelles durables"));
    break;
  case COPS_EV_STOPPING:
    text_printf(t, lang ? "%s: stopping power — %s" : "%s : force d'arrêt — %s", g,
                cops_stopping_name(e.result, lang));
    break;
  case COPS_EV_CONDITION:
    if (e.active)
      text_printf(t, lang ? "%s: now %s" : "%s : %s", g,
                  cops_condition_name((unsigned)e.condition, lang));
    else
      text_printf(t, lang ? "%s: no longer %s" : "%s : n'est plus %s", g,
                  cops_condition_name((unsigned)e.condition, lang));
    break;
  case COPS_EV_AMMUNITION:
    if (lang)
      text_printf(t, "%s: %d round%s used, %d left in %s", a, e.used, e.used > 1 ? "s" : "",
                  e.loaded, e.weapon ? e.weapon : "the weapon");
    else
      text_printf(t, "%s : %d balle%s tirée%s, reste %d dans %s", a, e.used,
                  e.used > 1 ? "s" : "", e.used > 1 ? "s" : "", e.loaded,
                  e.weapon ? e.weapon : "l'arme");
    break;
  case COPS_EV_COVER:
    if (e.success)
      text_printf(t, lang ? "%s covers the zone: %d bullets, margin %d"
                          : "%s couvre la zone : %d balles, marge %d",
                  a, e.fired, e.margin);
    else
      text_printf(t, lang ? "%s's covering fire fails (%d bullets)"
                          : "le tir de couverture de %s échoue (%d balles)",
                  a, e.fired);
    break;
  case COPS_EV_ESCAPE:
    text_printf(t, e.result ? (lang ? "%s breaks free from %s" : "%s se libère de %s")
                            : (lang ? "%s is still held by %s" : "%s reste immobilisé par %s"),
                a, g);
    break;
  case COPS_EV_START:
    if (e.seeded)
      text_printf(t, lang ? "The fight begins (seed %llu, %d combatants)"
                          : "Début du combat (graine %llu, %d combattants)",
                  (unsigned long long)e.seed, e.id);
    else
      text_printf(t, lang ? "The fight begins (%d combatants)" : "Début du combat (%d combattants)",
                  e.id);
    break;
  case COPS_EV_JOIN:
    if (e.target)
      text_printf(t, lang ? "%s joins side %s at (%d, %d)" : "%s rejoint le camp %s en (%d, %d)",
                  a, e.target, e.x, e.y);
    else
      text_printf(t, lang ? "%s joins side %d at (%d, %d)" : "%s rejoint le camp %d en (%d, %d)",
                  a, e.side, e.x, e.y);
    break;
  case COPS_EV_LEAVE:
    text_printf(t, lang ? "%s leaves the fight" : "%s quitte le combat", a);
    break;
  case COPS_EV_ROUND:
    text_add(t, lang ? "the round begins" : "début du tour",
             strlen(lang ? "the round begins" : "début du tour"));
    break;
  case COPS_EV_DECLARE:
    text_printf(t, lang ? "%s (%s, init %+d) declares: %s" : "%s (%s, init %+d) déclare : %s", a,
                cops_attitude_name(e.attitude, lang), e.initiative,
                action_text[e.action][lang]);
    if (e.target)
      text_printf(t, " %s", e.target);
    if (e.distance >= 0)
      text_printf(t, lang ? ", moving to (%d, %d)" : ", en se déplaçant en (%d, %d)", e.x, e.y);
    break;
  case COPS_EV_MOVE:
    text_printf(t, lang ? "%s moves %d m to (%d, %d)" : "%s se déplace de %d m en (%d, %d)", a,
                e.distance, e.x, e.y);
    break;
  case COPS_EV_RELOAD:
    text_printf(t, lang ? "%s reloads %s (%d rounds)" : "%s recharge %s (%d balles)", a,
                e.weapon ? e.weapon : "?", e.loaded);
    break;
  case COPS_EV_DRAW:
    text_printf(t, lang ? "%s takes %s in hand" : "%s prend %s en main", a,
                e.weapon ? e.weapon : "?");
    break;
  case COPS_EV_IDLE:
    text_printf(t, lang ? "%s does not act: %s" : "%s n'agit pas : %s", a,
                idle_text[e.reason][lang]);
    break;
  case COPS_EV_DEATH:
    text_printf(t, lang ? "%s is dead" : "%s est mort", a);
    break;
  case COPS_EV_END:
    if (e.target)
      text_printf(t, lang ? "The fight is over: side %s wins" : "Fin du combat : victoire du camp %s",
                  e.target);
    else if (e.side >= 0)
      text_printf(t, lang ? "The fight is over: side %d wins" : "Fin du combat : victoire du camp %d",
                  e.side);
    else
      text_add(t, lang ? "The fight is over: no winner" : "Fin du combat : sans vainqueur",
               strlen(lang ? "The fight is over: no winner" : "Fin du combat : sans vainqueur"));
    break;
  case COPS_EV_STRAY:
    text_printf(t, lang ? "%s: %d stray bullet%s — watch the bystanders"
                        : "%s : %d balle%s perdue%s — gare aux passants",
                a, e.stray, e.stray > 1 ? "s" : "", lang ? "" : (e.stray > 1 ? "s" : ""));
    break;
  case COPS_EV_PENETRATION:
    text_printf(t, lang ? "%s: bullet %d (%d damage) may go right through"
                        : "%s : la balle %d (%d points) peut traverser",
                g, e.bullet, e.damage);
    break;
  default:
    break;
  }
  text_add(t, "\n", 1);
}

int cops_log_narrate(const cops_log *log, int from, int lang, char **out)
{
  int rc = check_from(log, from, out);
  if (rc)
    return rc;
  if (lang != COPS_LANG_FR && lang != COPS_LANG_EN)
    return cops__fail(log->ctx, COPS_EINVAL, "language %d is neither COPS_LANG_FR nor "
                      "COPS_LANG_EN", lang);
  struct text t = {0};
  for (int i = from; i < log->count; i++)
    narrate(&t, log, i, lang);
  if ((rc = text_finish(&t, out)))
    return cops__fail(log->ctx, rc, "out of memory for the narration");
  return COPS_OK;
}
