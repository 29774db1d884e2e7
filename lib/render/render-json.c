/* The JSON Lines rendering of the event log (docs/events.md, schema
 * COPS_EVENT_SCHEMA): one object per event, keys in a fixed order. */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "render/render.h"
#include "log/log.h"

static const char *const type_names[COPS_EV_TYPE_COUNT] = {
  "attack", "roll", "miss", "hit", "location", "damage", "hit_points", "stopping",
  "condition", "ammunition", "cover", "escape", "stray", "penetration", "start", "join",
  "leave", "round", "declare", "move", "reload", "draw", "idle", "death", "end", "bleeding",
  "rest", "time", "night", "chase_dice", "chase_band", "crash", "chase_out", "chase_end",
  "chase_join", "interview", "trait", "approach", "interrogation", "fact", "barred", "evidence",
  "mishap", "initiative",
};
static const char *const idle_keys[COPS_IDLE_REASON_COUNT] = {
  "out", "down", "pinned", "no_target", "out_of_reach", "empty", "not_dying", "treated",
  "stopped", "knocked_out", "held", "disarmed", "freed",
};
static const char *const purpose_names[COPS_PURPOSE_COUNT] = {
  "attack", "defence", "cover", "nerve", "cover_hits", "damage", "armour", "location",
  "stopping", "recovery", "escape", "stand_up", "first_aid", "treatment", "medicine",
  "hospital", "chase", "crash", "evaluation", "interrogation", "resistance", "highest",
  "initiative",
};
static const char *const iv_result_keys[3] = {"won", "tied", "lost"};

static const char *const band_keys[3] = {"short", "intermediate", "long"};
static const char *const chaser_keys[4] = {"in", "lost", "stopped", "wrecked"};
static const char *const chase_result_keys[3] = {"going", "caught", "escaped"};
static const char *const cause_keys[COPS_CAUSE_COUNT] = {
  "attack", "bleeding", "first_aid", "stabilise", "hospital", "rest", "revival",
};
static const char *const rest_keys[COPS_REST_COUNT] = {"none", "natural", "hospital"};
static const char *const reason_names[COPS_MISS_REASON_COUNT] = {
  "roll", "out_of_range", "no_dice", "past_ten", "margin",
};
static const char *const zone_keys[COPS_ZONE_COUNT] = {"legs", "abdomen", "torso", "arms", "head"};
static const char *const health_keys[6] = {"healthy", "below_half", "unconscious", "dying", "dead",
                                          "dead_final"};
static const char *const stop_keys[COPS_STOP_RESULT_COUNT] = {
  "steady", "shaken", "out", "unaffected", "stopped", "mishap",
};
#define CONDITIONS 9
static const char *const condition_keys[CONDITIONS] = {
  "out", "shaken", "no_negative_initiative", "held", "on_ground", "pinned", "lasting_wound",
  "stopped", "knocked_out",
};
static const char *const side_keys[3] = {NULL, "right", "left"};

const char *cops__condition_key(int index)
{
  return index >= 0 && index < CONDITIONS ? condition_keys[index] : NULL;
}

const char *cops__health_key(int health)
{
  return health >= 0 && health < 6 ? health_keys[health] : NULL;
}

const char *cops_event_type_name(int type)
{
#if COPS_WITH_D6
  if (type >= COPS_D6_EV_ATTACK)
    return cops__d6_event_type_name(type);
#endif
#if COPS_WITH_ST
  if (type >= COPS_ST_EV_ATTACK)
    return cops__st_event_type_name(type);
#endif
  return type >= 0 && type < COPS_EV_TYPE_COUNT ? type_names[type] : NULL;
}

const char *cops_purpose_name(int purpose)
{
  return purpose >= 0 && purpose < COPS_PURPOSE_COUNT ? purpose_names[purpose] : NULL;
}

static int condition_index(int condition)
{
  for (int i = 0; i < CONDITIONS; i++)
    if (condition == 1 << i)
      return i;
  return 0;
}

static json_t *str_or_null(const char *s)
{
  return s ? json_string(s) : json_null();
}

/* A key that a line has only when it says something (new keys of schema 2), made only
 * then: more, or NULL (freed) when out of memory. */
static json_t *with(json_t *more, const char *key, json_t *value)
{
  if (!more || !value || json_object_set_new(more, key, value)) {
    json_decref(more);
    json_decref(value);
    return NULL;
  }
  return more;
}

static json_t *side_json(int side)
{
  return side > 0 && side < 3 ? json_string(side_keys[side]) : json_null();
}

static json_t *id_or_null(int id)
{
  return id >= 0 ? json_integer(id) : json_null();
}

/* One line's object: the common keys, then the type's own (docs/events.md).
 * NULL when out of memory: never a line with keys missing. */
static json_t *event_json(const cops_log *log, int i)
{
  cops_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  cops__log_read(log, i, &e);
  json_t *j = json_pack("{s:i,s:i,s:i,s:s,s:o,s:o,s:o,s:o}", "schema", COPS_EVENT_SCHEMA, "seq",
                        e.seq, "round", e.round, "type", cops_event_type_name(e.type), "actor",
                        str_or_null(e.actor), "actor_id", id_or_null(e.actor_id), "target",
                        str_or_null(e.target), "target_id", id_or_null(e.target_id));
  if (!j)
    return NULL;
  /* The caller's tags, only where there are (the same bytes as before tags otherwise). */
  if ((e.actor_tag && json_object_set_new(j, "actor_tag", json_string(e.actor_tag))) ||
      (e.target_tag && json_object_set_new(j, "target_tag", json_string(e.target_tag)))) {
    json_decref(j);
    return NULL;
  }
  json_t *more = NULL;
#if COPS_WITH_D6
  if (e.type >= COPS_D6_EV_ATTACK && e.type < COPS_D6_EV_TYPE_END)   /* the whole D6 range */
    more = cops__d6_event_json(log, i);
  else
#endif
  switch (e.type) {
#if COPS_WITH_ST
  case COPS_ST_EV_ATTACK: case COPS_ST_EV_ROLL: case COPS_ST_EV_RESULT: case COPS_ST_EV_DAMAGE:
  case COPS_ST_EV_EFFECT: case COPS_ST_EV_INITIATIVE: case COPS_ST_EV_NERVE:
  case COPS_ST_EV_OBJECT: case COPS_ST_EV_BOUT: case COPS_ST_EV_GRAPPLE: case COPS_ST_EV_ROUND:
  case COPS_ST_EV_MOVE: case COPS_ST_EV_ACTION: case COPS_ST_EV_END: case COPS_ST_EV_DECLARE:
    more = cops__st_event_json(log, i);
    break;
#endif
  case COPS_EV_ATTACK:
    more = json_pack("{s:o,s:s,s:i,s:i,s:i}", "weapon", str_or_null(e.weapon), "mode",
                     cops_attack_mode_name(e.mode), "attitude", e.attitude, "initiative",
                     e.initiative, "distance", e.distance);
    /* An Adrénaline point spent (a new key of schema 2, there when true). */
    if (more && e.adrenaline && json_object_set_new(more, "adrenaline", json_true())) {
      json_decref(more);
      more = NULL;
    }
    /* The ruleset, when not the core rules' (0.13.0). */
    if (e.ruleset != COPS_RULES_CORE)
      more = with(more, "rules",
                json_string(cops_ruleset_name(e.ruleset)));
    break;
  case COPS_EV_ROLL: {
    json_t *dice = cops__event_dice_json(log, i, e.dice);
    if (e.roll_kind == COPS_ROLL_ACTION)
      more = json_pack("{s:s,s:s,s:i,s:i,s:i,s:b,s:o,s:i,s:b,s:i,s:b}", "purpose",
                       purpose_names[e.purpose], "kind", "action", "pool", e.pool, "threshold",
                       e.threshold, "difficulty", e.difficulty, "unskilled", e.unskilled,
                       "dice", dice, "successes", e.successes, "success", e.success, "margin",
                       e.margin, "capped", e.capped);
    else
      more = json_pack("{s:s,s:s,s:i,s:o,s:i}", "purpose", purpose_names[e.purpose], "kind",
                       "d6_sum", "pool", e.pool, "dice", dice, "total", e.total);
    /* An Ancienneté re-roll (a new key of schema 2, there when true). */
    if (more && e.anciennete && json_object_set_new(more, "anciennete", json_true())) {
      json_decref(more);
      more = NULL;
    }
    break;
  }
  case COPS_EV_MISS:
    more = json_pack("{s:s,s:i,s:i}", "reason", reason_names[e.reason], "bullet", e.bullet,
                     "fired", e.fired);
    break;
  case COPS_EV_HIT:
    more = json_pack("{s:i,s:i,s:i}", "fired", e.fired, "hits", e.hits, "margin", e.margin);
    if (e.distance > 0)
      more = with(more, "metres", json_integer(e.distance));   /* A3.3 */
    break;
  case COPS_EV_LOCATION:
    more = json_pack("{s:i,s:i,s:o,s:i}", "bullet", e.bullet, "die", e.die, "location",
                     e.location >= 0 ? json_string(zone_keys[e.location]) : json_null(),
                     "modifier", e.modifier);
    /* A4.1's side, and the shift of excess successes (A2.1, A3.1). */
    if (e.body_side != COPS_BODY_NONE)
      more = with(more, "side", side_json(e.body_side));
    if (e.shift != 0)
      more = with(more, "rolled", json_integer(e.rolled));
    if (e.shift != 0)
      more = with(more, "shift", json_integer(e.shift));
    break;
  case COPS_EV_DAMAGE:
    more = json_pack("{s:i,s:o,s:i,s:i,s:i,s:i,s:b}", "bullet", e.bullet, "location",
                     e.location >= 0 ? json_string(zone_keys[e.location]) : json_null(), "raw",
                     e.raw, "protection", e.protection, "bonus", e.bonus, "damage", e.damage,
                     "stopped", e.stopped);
    if (e.body_side != COPS_BODY_NONE)
      more = with(more, "side", side_json(e.body_side));
    break;
  case COPS_EV_HIT_POINTS:
    more = json_pack("{s:i,s:i,s:i,s:i,s:s,s:s,s:b,s:s,s:i}", "damage", e.damage, "healed",
                     e.healed, "hp_before", e.hp_before, "hp_after", e.hp_after,
                     "health_before", health_keys[e.health_before], "health_after",
                     health_keys[e.health_after], "lasting", e.lasting, "cause",
                     cause_keys[e.cause], "clock", e.clock);
    break;
  case COPS_EV_STOPPING:
    more = json_pack("{s:s,s:i}", "result", stop_keys[e.result], "difficulty", e.difficulty);
    /* A5: the attack's stopping factor and threshold. */
    if (e.result >= COPS_STOP_UNAFFECTED)
      more = with(more, "fa", json_integer(e.fa));
    if (e.result >= COPS_STOP_UNAFFECTED)
      more = with(more, "threshold", json_integer(e.threshold));
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
    more = json_pack("{s:o,s:i,s:b,s:i,s:o}", "weapon", str_or_null(e.weapon), "fired", e.fired,
                     "success", e.success, "margin", e.margin, "zone",
                     e.radius > 0 ? json_pack("{s:i,s:i,s:i}", "x", e.x, "y", e.y, "radius",
                                              e.radius)
                                  : json_null());
    break;
  case COPS_EV_ESCAPE:
    more = json_pack("{s:b}", "freed", e.result);
    if (e.result == 2)
      more = with(more, "swapped", json_true());   /* A3.4: the roles swap */
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
    more = json_pack("{s:i,s:i,s:i}", "side", e.side, "x", e.x, "y", e.y);
    break;
  case COPS_EV_LEAVE:
    more = json_object();
    break;
  case COPS_EV_DEATH:
    more = json_pack("{s:b,s:i}", "final", e.final, "clock", e.clock);
    break;
  case COPS_EV_BLEEDING:
    more = json_pack("{s:i,s:i}", "period", e.period, "clock", e.clock);
    break;
  case COPS_EV_REST:
    more = json_pack("{s:s,s:o,s:i}", "rest", rest_keys[e.rest], "fixed",
                     e.total ? json_integer(e.total) : json_null(), "clock", e.clock);
    break;
  case COPS_EV_CHASE_DICE:
    more = json_pack("{s:i,s:i,s:i,s:i,s:i,s:b}", "white", e.white, "black", e.black, "lost",
                     e.lost, "blackened", e.blackened, "change", e.total, "gm", e.active);
    break;
  case COPS_EV_CHASE_BAND:
    more = json_pack("{s:s}", "band", band_keys[e.band]);
    break;
  case COPS_EV_CRASH:
    more = json_pack("{s:i,s:i}", "failed", e.failed, "total", e.total);
    break;
  case COPS_EV_CHASE_OUT:
    more = json_pack("{s:s}", "state", chaser_keys[e.result]);
    break;
  case COPS_EV_CHASE_END:
    more = json_pack("{s:s}", "result", chase_result_keys[e.result]);
    break;
  case COPS_EV_CHASE_JOIN:
    more = json_pack("{s:i}", "white", e.white);
    break;
  case COPS_EV_TIME:
    more = json_pack("{s:i,s:i}", "elapsed", e.elapsed, "clock", e.clock);
    break;
  case COPS_EV_NIGHT:
    more = json_pack("{s:o,s:i}", "point",
                     e.point == COPS_ADRENALINE   ? json_string("adrenaline")
                     : e.point == COPS_ANCIENNETE ? json_string("anciennete")
                                                  : json_null(),
                     "clock", e.clock);
    break;
  case COPS_EV_ROUND:
    more = json_object();
    break;
  case COPS_EV_DECLARE:
    more = json_pack("{s:s,s:i,s:i,s:o}", "action", cops_encounter_action_name(e.action),
                     "attitude", e.attitude, "initiative", e.initiative, "to",
                     e.distance >= 0 ? json_pack("[i,i]", e.x, e.y) : json_null());
    /* The GM's modifiers, when there are any (new keys of schema 2). */
    if (more && (e.dice_mod || e.threshold_mod || e.difficulty_mod) &&
        (json_object_set_new(more, "dice_mod", json_integer(e.dice_mod)) ||
         json_object_set_new(more, "threshold_mod", json_integer(e.threshold_mod)) ||
         json_object_set_new(more, "difficulty_mod", json_integer(e.difficulty_mod)))) {
      json_decref(more);
      more = NULL;
    }
    /* The tactical policy's declaration: the policy and the odds it weighed (0.17). The
     * simple policy's and the caller's keep the keys of 0.16. */
    if (more && e.policy == COPS_POLICY_TACTICAL &&
        (json_object_set_new(more, "policy", json_string(cops_policy_name(e.policy))) ||
         json_object_set_new(more, "odds",
                             e.odds_down < 0 ? json_null()
                             : json_pack("{s:f,s:f,s:f}", "down", e.odds_down / 1000.0, "first",
                                         e.odds_first / 1000.0, "risk",
                                         e.odds_risk / 1000.0)))) {
      json_decref(more);
      more = NULL;
    }
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
  case COPS_EV_TRAIT:
    more = json_pack("{s:s,s:i}", "trait", cops__trait_key(e.trait), "value", e.value);
    break;
  case COPS_EV_APPROACH:
    more = json_pack("{s:s,s:s,s:b,s:b,s:i,s:i,s:i,s:b}", "skill", cops__method_key(e.skill),
                     "attitude", cops__trait_key(3 + e.attitude), "affinity", e.affinity,
                     "deficiency", e.deficiency, "dice_mod", e.dice_mod, "threshold_mod",
                     e.threshold_mod, "resistance", e.resistance, "anciennete", e.anciennete);
    break;
  case COPS_EV_INTERROGATION:
    more = json_pack("{s:s,s:i,s:i,s:i,s:b}", "result", iv_result_keys[e.result], "margin",
                     e.margin, "tiers", e.tiers, "learnt", e.learnt, "anciennete",
                     e.anciennete);
    break;
  case COPS_EV_FACT:
    more = json_pack("{s:i,s:i,s:s}", "fact", e.fact, "tier", e.tier, "text",
                     e.text ? e.text : "");
    break;
  case COPS_EV_BARRED:
    more = json_pack("{s:s,s:i}", "skill", cops__method_key(e.skill), "resistance", e.resistance);
    break;
  case COPS_EV_EVIDENCE:
    more = json_pack("{s:i}", "resistance", e.resistance);
    break;
  case COPS_EV_INITIATIVE:
    more = json_pack("{s:i,s:i,s:i,s:i}", "kept", e.kept, "attitude", e.attitude,
                     "circumstances", e.circumstances, "initiative", e.initiative);
    break;
  case COPS_EV_MISHAP:
    more = json_pack("{s:s,s:o,s:o,s:i}", "mishap", cops_mishap_name(e.mishap), "location",
                     e.location >= 0 ? json_string(zone_keys[e.location]) : json_null(), "side",
                     side_json(e.body_side), "minutes", e.minutes);
    break;
  default:
    more = json_object();
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


int cops_log_to_jsonl(const cops_log *log, int from, char **out)
{
  int rc = cops__log_check_from(log, from, out);
  if (rc)
    return rc;
  cops__text t;
  cops__text_init(&t, &log->ctx->alloc);
  for (int i = from; i < log->count && !t.failed; i++) {
    json_t *j = event_json(log, i);
    /* Chances (a tactical declaration's odds) in thousandths: 6 digits print them whole. */
    const size_t flags = JSON_COMPACT | JSON_REAL_PRECISION(6);
    const size_t n = j ? json_dumpb(j, NULL, 0, flags) : 0;
    char small[1024];
    char *s = n < sizeof small ? small : NULL;
    if (j && !s)
      s = cops__malloc(&log->ctx->alloc, n);
    if (!n || !s || json_dumpb(j, s, n, flags) != n) {
      t.failed = 1;
    } else {
      cops__text_add(&t, s, n);
      cops__text_add(&t, "\n", 1);
    }
    if (s && s != small)
      cops__free(&log->ctx->alloc, s);
    json_decref(j);
  }
  if ((rc = cops__text_finish(&t, out)))
    return cops__fail(log->ctx, rc, "out of memory for the JSON of the log");
  return COPS_OK;
}

int cops__log_check_from(const cops_log *log, int from, char **out)
{
  if (!log || !out)
    return COPS_EINVAL;
  *out = NULL;
  COPS__ENTER(log->ctx);
  if (from < 0 || from > log->count)
    return cops__fail(log->ctx, COPS_ERANGE, "from %d out of range 0..%d", from, log->count);
  return COPS_OK;
}
