/* The narration of the event log for players (docs/events.md): one line per
 * event, every word from the language's catalogue (lib/lang/): this file
 * chooses the message and gives it the event's values; the catalogue says
 * how a language puts them. */
#include <stdio.h>
#include <string.h>

#include <cops/interrogation.h>

#include "render/render.h"
#include "lang/lang.h"
#include "log/log.h"

/* The values a message may take, by the names its placeholders use. */
enum { V_TEXT, V_NUM, V_DICE };
typedef struct value {
  const char *name;
  int kind;
  const char *text;
  long long num;
} value;

typedef struct line {
  cops__text *t;
  const cops_log *log;
  int event;                 /* for {dice} */
  const struct cops__lang *lang;
  value v[16];
  int n;
} line;

/* A text value; one of the same name is replaced. */
static void text(line *l, const char *name, const char *s)
{
  int k = 0;
  while (k < l->n && strcmp(l->v[k].name, name))
    k++;
  l->v[k] = (value){name, V_TEXT, s ? s : "", 0};
  l->n += k == l->n;
}

static void num(line *l, const char *name, long long x)
{
  l->v[l->n++] = (value){name, V_NUM, NULL, x};
}

/* The dice of a roll, a re-roll following its 10 as "10→7", as players say it. */
static void put_dice(cops__text *t, const cops_log *log, int i)
{
  const struct cops__record *r = &log->rec[i];
  cops__text_add(t, "[", 1);
  for (int k = 0; k < r->dice; k++) {
    int face, ok, p;
    cops__log_die(log, r, k, &face, &ok, &p);
    if (p >= 0)
      continue;
    if (k)
      cops__text_add(t, ", ", 2);
    cops__text_printf(t, "%d", face);
    int cur = k;
    for (;;) {
      int next = -1;
      for (int m = cur + 1; m < r->dice; m++) {
        cops__log_die(log, r, m, &face, &ok, &p);
        if (p == cur) {
          next = m;
          break;
        }
      }
      if (next < 0)
        break;
      cops__text_printf(t, "→%d", log->face[r->first_die + next]);
      cur = next;
    }
  }
  cops__text_add(t, "]", 1);
}

/* Message id, in the singular or the plural for count (count < 0: no plural),
 * its placeholders filled from the line's values. */
static void say(line *l, int id, long long count)
{
  const char *const *forms = l->lang->msg[id];
  int plural = 0;
  if (count >= 0 && forms[1])
    plural = l->lang->plural == COPS__PLURAL_ZERO_ONE ? count > 1 : count != 1;
  const char *s = forms[plural] ? forms[plural] : forms[0];
  while (*s) {
    const char *open = strchr(s, '{');
    if (!open) {
      cops__text_add(l->t, s, strlen(s));
      break;
    }
    cops__text_add(l->t, s, (size_t)(open - s));
    const char *close = strchr(open, '}');
    if (!close) {
      cops__text_add(l->t, open, strlen(open));
      break;
    }
    const char *colon = memchr(open, ':', (size_t)(close - open));
    const size_t len = (size_t)((colon ? colon : close) - open - 1);
    const int sign = colon && colon[1] == '+';
    const value *v = NULL;
    for (int k = 0; k < l->n && !v; k++)
      if (strlen(l->v[k].name) == len && !memcmp(l->v[k].name, open + 1, len))
        v = &l->v[k];
    if (!v)
      cops__text_add(l->t, open, (size_t)(close - open + 1));   /* a catalogue's slip, shown */
    else if (v->kind == V_TEXT)
      cops__text_add(l->t, v->text, strlen(v->text));
    else if (v->kind == V_DICE)
      put_dice(l->t, l->log, l->event);
    else
      cops__text_printf(l->t, sign ? "%+lld" : "%lld", v->num);
    s = close + 1;
  }
}

static const char *who(const line *l, const char *name)
{
  return name && name[0] ? name : l->lang->msg[MSG_SOMEONE][0];
}

static int condition_index(int condition)
{
  for (int i = 0; i < 9; i++)
    if (condition == 1 << i)
      return i;
  return 0;
}

/* A method's place in the catalogue's iv_method (C4.2). */
static int method_index(int skill)
{
  return skill == COPS_INTIMIDATION ? 0 : skill == COPS_ELOQUENCE ? 1 : 2;
}

/* Seconds as days, hours, minutes and seconds ("1 d 2 h 5 min"), 0 as "0 s". */
static void duration(char *buf, size_t size, int seconds, const struct cops__lang *L)
{
  static const int unit[4] = {86400, 3600, 60, 1};
  size_t n = 0;
  buf[0] = '\0';
  for (int k = 0; k < 4; k++) {
    const int q = seconds / unit[k];
    seconds %= unit[k];
    if ((q || (k == 3 && n == 0)) && n < size)
      n += (size_t)snprintf(buf + n, size - n, "%s%d %s", n ? " " : "", q, L->units[k]);
  }
}

static void narrate(cops__text *t, const cops_log *log, int i, const struct cops__lang *L,
                    int lang)
{
#if COPS_WITH_D6
  if (log->rec[i].type >= COPS_D6_EV_ATTACK) {
    cops__d6_narrate(t, log, i, lang);
    return;
  }
#endif
#if COPS_WITH_ST
  if (log->rec[i].type >= COPS_ST_EV_ATTACK) {
    cops__st_narrate(t, log, i, lang);
    return;
  }
#endif
  (void)lang;
  cops_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  cops__log_read(log, i, &e);
  line l = {.t = t, .log = log, .event = i, .lang = L};
  const char *a = who(&l, e.actor), *g = who(&l, e.target);
  if (e.round > 0) {
    num(&l, "round", e.round);
    say(&l, MSG_ROUND, -1);
  }
  l.n = 0;
  text(&l, "actor", a);
  text(&l, "target", g);
  text(&l, "weapon", e.weapon);
  switch (e.type) {
  case COPS_EV_ATTACK:
    text(&l, "attitude", L->attitude[e.attitude + 2]);
    num(&l, "initiative", e.initiative);
    text(&l, "mode", L->mode[e.mode]);
    num(&l, "distance", e.distance);
    say(&l, e.mode == COPS_ATTACK_COVER ? MSG_ATTACK_COVER : MSG_ATTACK, -1);
    if (e.weapon)
      say(&l, MSG_ATTACK_WEAPON, -1);
    if (e.mode <= COPS_ATTACK_COVER && e.target)
      say(&l, MSG_ATTACK_DISTANCE, -1);
    if (e.adrenaline)
      say(&l, MSG_ATTACK_ADRENALINE, -1);
    break;
  case COPS_EV_ROLL:
    /* A d6 roll belongs to the one it hurts or protects. */
    text(&l, "who", e.roll_kind == COPS_ROLL_ACTION || !e.target ? a : g);
    text(&l, "purpose", L->purpose[e.purpose]);
    num(&l, "threshold", e.threshold);
    num(&l, "pool", e.pool);
    num(&l, "difficulty", e.difficulty);
    num(&l, "successes", e.successes);
    num(&l, "total", e.total);
    num(&l, "margin", e.margin >= 0 ? e.margin : -e.margin);
    text(&l, "result", L->msg[e.success ? MSG_ROLL_SUCCESS : MSG_ROLL_FAILURE][0]);
    text(&l, "mr", L->msg[e.margin >= 0 ? MSG_MR : MSG_ME][0]);
    l.v[l.n++] = (value){"dice", V_DICE, NULL, 0};
    say(&l, e.anciennete ? MSG_ROLL_ANCIENNETE : MSG_ROLL, -1);
    if (e.purpose == COPS_PURPOSE_INITIATIVE) {   /* A1.2: d10, one kept (the next line) */
      say(&l, MSG_ROLL_D10, -1);
    } else if (e.purpose == COPS_PURPOSE_HIGHEST) {   /* A3: the highest d6 counts */
      int highest = 0;
      for (int k = 0; k < e.dice; k++) {
        int face, success, parent;
        cops__log_die(log, &log->rec[i], k, &face, &success, &parent);
        highest = face > highest ? face : highest;
      }
      num(&l, "highest", highest);
      say(&l, MSG_ROLL_HIGHEST, -1);
    } else if (e.roll_kind == COPS_ROLL_ACTION) {   /* difficulty 0: an opposed roll (C1.6) */
      say(&l, e.difficulty == 0 ? MSG_ROLL_OPPOSED : MSG_ROLL_ACTION, e.successes);
    } else {
      say(&l, MSG_ROLL_D6, -1);
    }
    break;
  case COPS_EV_MISS:
    num(&l, "bullet", e.bullet);
    text(&l, "reason", L->miss[e.reason]);
    say(&l, e.bullet > 0 ? MSG_MISS_BULLET : MSG_MISS, -1);
    break;
  case COPS_EV_HIT:
    num(&l, "hits", e.hits);
    num(&l, "fired", e.fired);
    num(&l, "margin", e.margin);
    say(&l, e.fired ? MSG_HIT_BULLETS : MSG_HIT, e.hits);
    if (e.distance > 0) {          /* A3.3: the metres thrown */
      num(&l, "metres", e.distance);
      say(&l, MSG_THROWN, e.distance);
    }
    break;
  case COPS_EV_LOCATION: {
    /* A4.1: a leg or an arm has its side. */
    const int limb = e.body_side == COPS_BODY_NONE ? -1
                     : (e.location == COPS_ZONE_ARMS ? 2 : 0) + (e.body_side == COPS_BODY_LEFT);
    if (e.location >= 0) {
      text(&l, "zone", L->zone_narration[e.location]);
      num(&l, "die", e.die);
      num(&l, "modifier", e.modifier);
      if (limb >= 0)
        text(&l, "limb", L->limb[limb]);
    }
    say(&l, e.location < 0 ? MSG_UNLOCATED : limb >= 0 ? MSG_LOCATION_LIMB : MSG_LOCATION, -1);
    if (e.shift) {                 /* A2.1, A3.1: moved by excess successes */
      num(&l, "rolled", e.rolled);
      num(&l, "shift", e.shift);
      say(&l, MSG_SHIFT, -1);
    }
    break;
  }
  case COPS_EV_DAMAGE:
    num(&l, "raw", e.raw);
    num(&l, "protection", e.protection);
    num(&l, "bonus", e.bonus);
    num(&l, "damage", e.damage);
    say(&l, e.stopped ? MSG_DAMAGE_STOPPED : e.location < 0 ? MSG_DAMAGE_UNLOCATED : MSG_DAMAGE,
        -1);
    break;
  case COPS_EV_HIT_POINTS:
    num(&l, "hp_before", e.hp_before);
    num(&l, "hp_after", e.hp_after);
    text(&l, "health", L->health[e.health_after]);
    text(&l, "cause", L->cause[e.cause]);
    say(&l, e.cause == COPS_CAUSE_ATTACK     ? MSG_HIT_POINTS
            : e.cause == COPS_CAUSE_BLEEDING ? MSG_HP_BLEEDING
            : e.cause == COPS_CAUSE_REVIVAL  ? MSG_HP_REVIVAL
                                             : MSG_HP_CARE,
        -1);
    if (e.lasting)
      say(&l, MSG_LASTING, -1);
    break;
  case COPS_EV_BLEEDING:
    num(&l, "period", e.period);
    say(&l, e.period == 0 ? MSG_BLEEDING_STOPS : e.period == 1 ? MSG_BLEEDING_ROUND
                                                               : MSG_BLEEDING_SLOW, -1);
    break;
  case COPS_EV_REST:
    text(&l, "rest", L->rest[e.rest]);
    num(&l, "fixed", e.total);
    say(&l, e.total ? MSG_REST_FIXED : MSG_REST, -1);
    break;
  case COPS_EV_TIME: {
    char d[64];
    duration(d, sizeof d, e.elapsed, L);
    text(&l, "duration", d);
    say(&l, MSG_TIME, -1);
    break;
  }
  case COPS_EV_CHASE_DICE:
    num(&l, "white", e.white);
    num(&l, "black", e.black);
    num(&l, "lost", e.lost);
    num(&l, "blackened", e.blackened);
    num(&l, "change", e.total);
    if (e.active) {   /* the GM's change between rounds */
      say(&l, MSG_CHASE_GM, -1);
      break;
    }
    if (e.blackened)
      say(&l, MSG_CHASE_BLACKENS, e.blackened);
    if (e.blackened && e.lost)
      cops__text_add(t, "; ", 2);
    if (e.lost || !e.blackened)
      say(&l, MSG_CHASE_LOSES, e.lost);
    break;
  case COPS_EV_CHASE_BAND:
    text(&l, "band", L->band[e.band]);
    say(&l, MSG_CHASE_BAND, -1);
    break;
  case COPS_EV_CRASH:
    num(&l, "failed", e.failed);
    num(&l, "total", e.total);
    say(&l, MSG_CRASH, e.failed);
    break;
  case COPS_EV_CHASE_OUT:
    text(&l, "state", L->chaser[e.result]);
    say(&l, MSG_CHASE_OUT, -1);
    break;
  case COPS_EV_CHASE_END:
    say(&l, e.result == COPS_CHASE_CAUGHT ? MSG_CHASE_CAUGHT : MSG_CHASE_ESCAPED, -1);
    break;
  case COPS_EV_CHASE_JOIN:
    num(&l, "white", e.white);
    say(&l, MSG_CHASE_JOIN, e.white);
    break;
  case COPS_EV_INTERVIEW:
    say(&l, MSG_IV_START, -1);
    break;
  case COPS_EV_TRAIT:
    num(&l, "value", e.value);
    if (e.trait < 3) {
      text(&l, "trait", L->iv_trait[e.trait]);
      say(&l, MSG_IV_TRAIT, -1);
    } else {
      text(&l, "attitude", L->iv_attitude[e.trait - 3]);
      say(&l, MSG_IV_REACTION, -1);
    }
    break;
  case COPS_EV_APPROACH:
    text(&l, "skill", L->iv_method[method_index(e.skill)]);
    text(&l, "attitude", L->iv_attitude[e.attitude]);
    say(&l, MSG_IV_APPROACH, -1);
    if (e.affinity)
      say(&l, MSG_IV_AFFINITY, -1);
    if (e.deficiency)
      say(&l, MSG_IV_DEFICIENCY, -1);
    if (e.dice_mod || e.threshold_mod) {
      num(&l, "dice_mod", e.dice_mod);
      num(&l, "threshold_mod", e.threshold_mod);
      num(&l, "difficulty_mod", 0);
      say(&l, MSG_DECLARE_GM, -1);
    }
    if (e.resistance) {
      num(&l, "resistance", e.resistance);
      say(&l, MSG_IV_UP, -1);
    }
    break;
  case COPS_EV_INTERROGATION:
    num(&l, "margin", e.margin >= 0 ? e.margin : -e.margin);
    num(&l, "tiers", e.tiers);
    say(&l, e.result == COPS_IV_WON ? MSG_IV_WON : e.result == COPS_IV_TIED ? MSG_IV_TIED
                                                                            : MSG_IV_LOST,
        e.tiers);
    break;
  case COPS_EV_FACT:
    num(&l, "tier", e.tier);
    text(&l, "text", e.text);
    say(&l, MSG_IV_FACT, -1);
    break;
  case COPS_EV_BARRED:
    text(&l, "skill", L->iv_method[method_index(e.skill)]);
    num(&l, "resistance", e.resistance);
    say(&l, MSG_IV_BARRED, -1);
    break;
  case COPS_EV_EVIDENCE:
    num(&l, "resistance", e.resistance);
    say(&l, MSG_IV_EVIDENCE, -1);
    break;
  case COPS_EV_NIGHT:
    text(&l, "point", e.point >= 0 ? L->point[e.point] : NULL);
    say(&l, e.point >= 0 ? MSG_NIGHT : MSG_NIGHT_NONE, -1);
    break;
  case COPS_EV_STOPPING:
    text(&l, "stopping", L->stopping[e.result]);
    num(&l, "fa", e.fa);
    num(&l, "threshold", e.threshold);
    say(&l, e.result >= COPS_STOP_UNAFFECTED ? MSG_STOPPING_FA : MSG_STOPPING, -1);
    break;
  case COPS_EV_INITIATIVE:
    num(&l, "initiative", e.initiative);
    num(&l, "kept", e.kept);
    num(&l, "stance", 2 * e.attitude);
    num(&l, "circumstances", e.circumstances);
    say(&l, MSG_INITIATIVE, -1);
    break;
  case COPS_EV_MISHAP:
    num(&l, "minutes", e.minutes);
    text(&l, "hand", L->hand[e.body_side == COPS_BODY_LEFT]);
    say(&l, e.mishap == COPS_MISHAP_KNOCKED_DOWN ? MSG_MISHAP_DOWN
            : e.mishap == COPS_MISHAP_UNCONSCIOUS ? MSG_MISHAP_OUT
                                                  : MSG_MISHAP_DROP,
        e.minutes);
    break;
  case COPS_EV_CONDITION:
    text(&l, "condition", L->condition[condition_index(e.condition)]);
    say(&l, e.active ? MSG_CONDITION_ON : MSG_CONDITION_OFF, -1);
    break;
  case COPS_EV_AMMUNITION:
    text(&l, "weapon", e.weapon ? e.weapon : L->msg[MSG_THE_WEAPON][0]);
    num(&l, "used", e.used);
    num(&l, "loaded", e.loaded);
    say(&l, MSG_AMMUNITION, e.used);
    break;
  case COPS_EV_COVER:
    num(&l, "fired", e.fired);
    num(&l, "margin", e.margin);
    say(&l, e.success ? MSG_COVER : MSG_COVER_FAILS, -1);
    break;
  case COPS_EV_ESCAPE:
    say(&l, e.result == 2 ? MSG_SWAPPED : e.result ? MSG_ESCAPE : MSG_STILL_HELD, -1);
    break;
  case COPS_EV_START: {
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)e.seed);
    text(&l, "seed", seed);
    num(&l, "combatants", e.id);
    say(&l, e.seeded ? MSG_START_SEEDED : MSG_START, -1);
    break;
  }
  case COPS_EV_JOIN:
    text(&l, "side_name", e.target);
    num(&l, "side", e.side);
    num(&l, "x", e.x);
    num(&l, "y", e.y);
    say(&l, e.target ? MSG_JOIN_NAMED : MSG_JOIN, -1);
    break;
  case COPS_EV_LEAVE:
    say(&l, MSG_LEAVE, -1);
    break;
  case COPS_EV_ROUND:
    say(&l, MSG_ROUND_BEGINS, -1);
    break;
  case COPS_EV_DECLARE:
    text(&l, "attitude", L->attitude[e.attitude + 2]);
    num(&l, "initiative", e.initiative);
    text(&l, "action", L->action[e.action]);
    num(&l, "x", e.x);
    num(&l, "y", e.y);
    say(&l, MSG_DECLARE, -1);
    if (e.target)
      say(&l, MSG_DECLARE_TARGET, -1);
    if (e.distance >= 0)
      say(&l, MSG_DECLARE_MOVING, -1);
    if (e.dice_mod || e.threshold_mod || e.difficulty_mod) {
      num(&l, "dice_mod", e.dice_mod);
      num(&l, "threshold_mod", e.threshold_mod);
      num(&l, "difficulty_mod", e.difficulty_mod);
      say(&l, MSG_DECLARE_GM, -1);
    }
    if (e.policy == COPS_POLICY_TACTICAL && e.odds_down >= 0) {
      /* Thousandths as a percentage with one decimal, in the language's own way. */
      const char sep = strcmp(L->code, "en") ? ',' : '.';
      char down[16], risk[16];
      snprintf(down, sizeof down, "%d%c%d", e.odds_down / 10, sep, e.odds_down % 10);
      snprintf(risk, sizeof risk, "%d%c%d", e.odds_risk / 10, sep, e.odds_risk % 10);
      text(&l, "down", down);
      text(&l, "risk", risk);
      say(&l, MSG_DECLARE_ODDS, -1);
    }
    break;
  case COPS_EV_MOVE:
    num(&l, "distance", e.distance);
    num(&l, "x", e.x);
    num(&l, "y", e.y);
    say(&l, MSG_MOVE, -1);
    break;
  case COPS_EV_RELOAD:
  case COPS_EV_DRAW:
    text(&l, "weapon", e.weapon ? e.weapon : L->msg[MSG_NO_WEAPON][0]);
    num(&l, "loaded", e.loaded);
    say(&l, e.type == COPS_EV_RELOAD ? MSG_RELOAD : MSG_DRAW, -1);
    break;
  case COPS_EV_IDLE:
    text(&l, "reason", L->idle[e.reason]);
    say(&l, MSG_IDLE, -1);
    break;
  case COPS_EV_DEATH:
    say(&l, e.final ? MSG_DEATH_FINAL : MSG_DEATH, -1);
    break;
  case COPS_EV_END:
    text(&l, "side_name", e.target);
    num(&l, "side", e.side);
    say(&l, e.target ? MSG_END_NAMED : e.side >= 0 ? MSG_END : MSG_END_NO_WINNER, -1);
    break;
  case COPS_EV_STRAY:
    num(&l, "stray", e.stray);
    say(&l, MSG_STRAY, e.stray);
    break;
  case COPS_EV_PENETRATION:
    num(&l, "bullet", e.bullet);
    num(&l, "damage", e.damage);
    say(&l, MSG_PENETRATION, -1);
    break;
  default:
    break;
  }
  cops__text_add(t, "\n", 1);
}

int cops_log_narrate(const cops_log *log, int from, int lang, char **out)
{
  int rc = cops__log_check_from(log, from, out);
  if (rc)
    return rc;
  const struct cops__lang *L = cops__lang(lang);
  if (!L)
    return cops__fail(log->ctx, COPS_EINVAL, "language %d is not one of the %d of cops_lang",
                      lang, cops__lang_count());
  cops__text t;
  cops__text_init(&t, &log->ctx->alloc);
  for (int i = from; i < log->count; i++)
    narrate(&t, log, i, L, lang);
  if ((rc = cops__text_finish(&t, out)))
    return cops__fail(log->ctx, rc, "out of memory for the narration");
  return COPS_OK;
}
