/* The D6 events: read back (cops_d6_log_event), rendered as JSON keys after the common ones
 * (docs/d6.md, "Events") and narrated in French and English (Spanish reads the English).
 * Data in, text out: nothing here resolves a rule. */
#include <stdio.h>
#include <string.h>

#include "d6/d6-private.h"
#include "log/log.h"
#include "d6-private.h"

static const char *const type_names[] = {"d6.attack", "d6.roll",       "d6.result", "d6.damage",
                                         "d6.state",  "d6.heal",       "d6.vehicle", "d6.initiative",
                                         "d6.round",  "d6.turn",       "d6.hold",   "d6.disarm",
                                         "d6.coordinate", "d6.end", "d6.spell", "d6.psionic",
                                         "d6.prepare", "d6.declare"};
_Static_assert(sizeof type_names / sizeof type_names[0] == COPS_D6_EV_TYPE_END - COPS_D6_EV_ATTACK,
               "a name for every D6 event type");
static const char *const option_keys[COPS_D6_OPTION_COUNT] = {
  "none", "single_shot", "burst", "several_shots", "random_fire", "aimed", "aimed_vital",
  "brutal", "precise"};
static const char *const location_keys[COPS_D6_LOCATION_COUNT] = {
  "anywhere", "arm", "leg", "weapon", "head", "heart"};
static const char *const defence_keys[3] = {"natural", "active", "total"};
static const char *const purpose_keys[COPS_D6_PURPOSE_COUNT] = {
  "attack", "defence", "cover", "throw", "damage", "resistance", "check", "knockout", "survival",
  "recovery", "treatment", "vehicle", "repair", "initiative", "command", "escape", "disarm",
  "spell", "resist", "backlash", "psionic"};
static const char *const vehicle_what[4] = {"damage", "crash", "repair", "stop"};
const char *const cops__d6_result_names[6] = {"none", "very_light", "light", "heavy", "severe",
                                           "destroyed"};
const char *const cops__d6_speed_names[5] = {"stopped", "slow", "cruising", "full_speed", "flat_out"};
const char *const cops__d6_control_names[4] = {"controlled", "out_of_control", "crashed", "wrecked"};
static const char *const heal_keys[4] = {"after_combat", "in_combat", "recovery", "psionic"};
static const char *const astral_keys[4] = {"leaves_body", "senses", "non_physical", "physical"};
static const char *const state_keys[COPS_D6_STATE_COUNT] = {
  "knocked_out", "wakes", "stun_ends", "defend_only", "dying", "dies", "limb", "confused"};
static const char *const action_keys[COPS_D6_DO_COUNT] = {"nothing", "attack", "grab", "escape",
                                                          "shoot_vehicle", "ram", "cast"};
static const char *const hold_keys[4] = {"grabbed", "escaped", "held", "released"};
static const char *const disarm_keys[4] = {"fails", "wins", "takes", "drops"};
static const char *const band_keys[4] = {"point_blank", "short", "medium", "long"};
static const char *const flag_keys[3] = {"blinded", "target_blinded", "surprise"};

const char *cops__d6_event_type_name(int type)
{
  return type >= COPS_D6_EV_ATTACK && type < COPS_D6_EV_TYPE_END
             ? type_names[type - COPS_D6_EV_ATTACK] : NULL;
}

static void fill(const struct cops__record *r, cops_d6_event *e)
{
  const int *v = r->v;
  switch (r->type) {
  case COPS_D6_EV_ATTACK:
    e->option = v[0], e->location = v[1], e->distance = v[2], e->defence = v[3];
    e->defence_skill = v[4], e->cover = v[5], e->flags = v[6];
    break;
  case COPS_D6_EV_ROLL:
    e->purpose = v[0], e->code.dice = v[1] / 3, e->code.pips = v[1] % 3, e->dice_rolled = v[2];
    e->difficulty = v[8] ? v[3] : COPS_D6_NO_DIFFICULTY, e->total = v[4], e->free_face = v[5];
    e->success = v[6], e->critical = v[7];
    break;
  case COPS_D6_EV_RESULT:
    e->attack_total = v[0], e->defence_value = v[1], e->band = v[2], e->hit = v[3];
    e->level = v[4], e->parried = v[5], e->dropped = v[6];
    break;
  case COPS_D6_EV_DAMAGE:
    e->damage_total = v[0], e->resistance_total = v[1], e->margin = v[2], e->steps = v[3];
    e->hp_lost = v[4], e->wound_level = v[5], e->unconscious = v[6], e->massive = v[7];
    break;
  case COPS_D6_EV_INITIATIVE:
    e->rank = v[0], e->total = v[1], e->code.dice = v[2] / 3, e->code.pips = v[2] % 3;
    e->tie_die = v[3];
    break;
  case COPS_D6_EV_VEHICLE:
    e->vehicle_event = v[0], e->vehicle_result = v[1], e->margin = v[2];
    e->passenger_damage = v[3], e->speed = v[4], e->top_speed = v[5], e->control = v[6];
    e->vehicle_penalty = v[7], e->ranks_lost = v[8];
    break;
  case COPS_D6_EV_ROUND:
    break;
  case COPS_D6_EV_TURN:
    e->action = v[0], e->actions = v[1], e->defence = v[2], e->defence_skill = v[3];
    e->moved = v[4], e->x = v[5], e->y = v[6];
    break;
  case COPS_D6_EV_HOLD:
  case COPS_D6_EV_DISARM:
    e->hold = v[0];
    break;
  case COPS_D6_EV_COORDINATE:
    e->success = v[0], e->members = v[1];
    break;
  case COPS_D6_EV_END:
    e->winner = v[0];
    break;
  case COPS_D6_EV_SPELL:
    e->difficulty = v[0], e->total = v[1], e->success = v[2], e->level = v[3];
    e->critical = v[4], e->resisted = v[5];
    break;
  case COPS_D6_EV_PSIONIC:
    e->power = v[0], e->difficulty = v[1], e->total = v[2], e->success = v[3], e->level = v[4];
    e->critical = v[5], e->resisted = v[6], e->astral_band = v[7], e->protection = v[8];
    break;
  case COPS_D6_EV_PREPARE:
    e->prepared = v[0], e->needed = v[1], e->interrupted = v[2];
    break;
  case COPS_D6_EV_DECLARE:
    e->action = v[0], e->defence = v[1], e->policy = v[2], e->odds_down = v[3];
    e->odds_first = v[4], e->odds_risk = v[5], e->moved = v[6], e->x = v[7], e->y = v[8];
    e->option = v[9];
    break;
  case COPS_D6_EV_HEAL:
    e->heal_kind = v[0], e->level_before = v[1], e->wound_level = v[2], e->hp_gained = v[3];
    e->success = v[4], e->critical = v[5], e->rolled = v[6];
    break;
  default:
    e->state = v[0], e->value = v[1];
    break;
  }
}

int cops_d6_log_event(const cops_log *log, int i, cops_d6_event *out)
{
  if (!log || !out || out->size < sizeof(uint32_t) || out->size > sizeof *out)
    return COPS_EINVAL;
  COPS__ENTER(log->ctx);
  if (i < 0 || i >= log->count)
    return cops__fail(log->ctx, COPS_ERANGE, "event %d out of range 0..%d", i, log->count - 1);
  const struct cops__record *r = &log->rec[i];
  if (r->type < COPS_D6_EV_ATTACK || r->type >= COPS_D6_EV_TYPE_END)
    return cops__fail(log->ctx, COPS_ESTATE, "event %d is no D6 event", i);
  cops_d6_event e;
  memset(&e, 0, sizeof e);
  fill(r, &e);
  const uint32_t size = out->size;
  memcpy(out, &e, size);
  out->size = size;
  return COPS_OK;
}

static void read_event(const cops_log *log, int i, cops_d6_event *e, cops_event *c)
{
  memset(e, 0, sizeof *e);
  e->size = sizeof *e;
  fill(&log->rec[i], e);
  memset(c, 0, sizeof *c);
  c->size = sizeof *c;
  cops__log_read(log, i, c);
}

static json_t *code_json(cops_d6_code c)
{
  char text[32];
  cops_d6_code_format(c, text, sizeof text);
  return json_string(text);
}

json_t *cops__d6_event_json(const cops_log *log, int i)
{
  cops_d6_event e;
  cops_event c;
  read_event(log, i, &e, &c);
  switch (c.type) {
  case COPS_D6_EV_ATTACK: {
    json_t *flags = json_array();
    for (int k = 0; flags && k < 3; k++)
      if ((e.flags & (1 << k)) && json_array_append_new(flags, json_string(flag_keys[k]))) {
        json_decref(flags);
        flags = NULL;
      }
    return json_pack("{s:o,s:s,s:s,s:i,s:s,s:o,s:i,s:o}", "weapon",
                     c.weapon ? json_string(c.weapon) : json_null(), "option",
                     option_keys[e.option], "location", location_keys[e.location], "distance",
                     e.distance, "defence", defence_keys[e.defence], "defence_skill",
                     e.defence_skill >= 0 ? json_string(cops_d6_trait_name(e.defence_skill))
                                          : json_null(),
                     "cover", e.cover, "flags", flags);
  }
  case COPS_D6_EV_ROLL:
    return json_pack("{s:s,s:o,s:i,s:o,s:o,s:i,s:o,s:o,s:b}", "purpose", purpose_keys[e.purpose],
                     "code", code_json(e.code), "dice_rolled", e.dice_rolled, "dice",
                     cops__event_dice_json(log, i, c.dice), "difficulty",
                     e.difficulty == COPS_D6_NO_DIFFICULTY && e.success < 0
                         ? json_null() : json_integer(e.difficulty),
                     "total", e.total, "free_face",
                     e.free_face ? json_integer(e.free_face) : json_null(), "success",
                     e.success < 0 ? json_null() : json_boolean(e.success), "critical",
                     e.critical);
  case COPS_D6_EV_RESULT:
    return json_pack("{s:i,s:i,s:o,s:b,s:i,s:b,s:b}", "attack_total", e.attack_total,
                     "defence_value", e.defence_value, "band",
                     e.band >= 0 ? json_string(band_keys[e.band]) : json_null(), "hit", e.hit,
                     "level", e.level, "parried", e.parried, "dropped", e.dropped);
  case COPS_D6_EV_DAMAGE:
    return json_pack("{s:i,s:i,s:i,s:i,s:i,s:s,s:i,s:b}", "damage_total", e.damage_total,
                     "resistance_total", e.resistance_total, "margin", e.margin, "steps",
                     e.steps, "hp_lost", e.hp_lost, "wound_level",
                     cops__d6_level_names[e.wound_level], "unconscious", e.unconscious,
                     "massive", e.massive);
  case COPS_D6_EV_INITIATIVE:
    return json_pack("{s:i,s:i,s:o,s:o}", "rank", e.rank, "total", e.total, "perception",
                     code_json(e.code), "tie_die",
                     e.tie_die ? json_integer(e.tie_die) : json_null());
  case COPS_D6_EV_VEHICLE:
    return json_pack("{s:s,s:s,s:i,s:i,s:s,s:s,s:s,s:i,s:i}", "event",
                     vehicle_what[e.vehicle_event], "result", cops__d6_result_names[e.vehicle_result],
                     "margin", e.margin, "passenger_damage", e.passenger_damage, "speed",
                     cops__d6_speed_names[e.speed], "top_speed", cops__d6_speed_names[e.top_speed], "control",
                     cops__d6_control_names[e.control], "penalty", e.vehicle_penalty, "ranks_lost",
                     e.ranks_lost);
  case COPS_D6_EV_HEAL:
    return json_pack("{s:s,s:b,s:b,s:b,s:s,s:s,s:i}", "kind", heal_keys[e.heal_kind], "rolled",
                     e.rolled, "success", e.success, "critical", e.critical, "level_before",
                     cops__d6_level_names[e.level_before], "wound_level",
                     cops__d6_level_names[e.wound_level], "hp_gained", e.hp_gained);
  case COPS_D6_EV_ROUND:
    return json_object();
  case COPS_D6_EV_TURN:
    return json_pack("{s:s,s:i,s:s,s:o,s:o}", "action", action_keys[e.action], "actions",
                     e.actions, "defence", defence_keys[e.defence], "defence_skill",
                     e.defence_skill >= 0 ? json_string(cops_d6_trait_name(e.defence_skill))
                                          : json_null(),
                     "moved_to", e.moved ? json_pack("[i,i]", e.x, e.y) : json_null());
  case COPS_D6_EV_HOLD:
    return json_pack("{s:s}", "hold", hold_keys[e.hold]);
  case COPS_D6_EV_DISARM:
    return json_pack("{s:o,s:s}", "weapon", c.weapon ? json_string(c.weapon) : json_null(),
                     "disarm", disarm_keys[e.hold]);
  case COPS_D6_EV_COORDINATE:
    return json_pack("{s:b,s:i}", "success", e.success, "members", e.members);
  case COPS_D6_EV_END:
    return json_pack("{s:o}", "winner", e.winner >= 0 ? json_integer(e.winner) : json_null());
  case COPS_D6_EV_PSIONIC:
    return json_pack("{s:s,s:i,s:i,s:b,s:i,s:b,s:o,s:o,s:i}", "power",
                     cops_d6_psionic_power_name(e.power), "difficulty", e.difficulty, "total",
                     e.total, "success", e.success, "level", e.level, "critical", e.critical,
                     "resisted", e.resisted >= 0 ? json_integer(e.resisted) : json_null(),
                     "band", e.astral_band >= 0 ? json_string(astral_keys[e.astral_band]) : json_null(),
                     "protection", e.protection);
  case COPS_D6_EV_PREPARE:
    return json_pack("{s:i,s:i,s:b}", "prepared", e.prepared, "needed", e.needed, "interrupted",
                     e.interrupted);
  case COPS_D6_EV_DECLARE:
    return json_pack("{s:s,s:o,s:s,s:s,s:o,s:s,s:o}", "action", action_keys[e.action], "weapon",
                     c.weapon ? json_string(c.weapon) : json_null(), "option",
                     option_keys[e.option], "defence",
                     defence_keys[e.defence], "to", e.moved ? json_pack("[i,i]", e.x, e.y)
                                                            : json_null(),
                     "policy", cops_policy_name(e.policy), "odds",
                     e.odds_down < 0 ? json_null()
                     : json_pack("{s:f,s:f,s:f}", "down", e.odds_down / 1000.0, "first",
                                 e.odds_first / 1000.0, "risk", e.odds_risk / 1000.0));
  case COPS_D6_EV_SPELL:
    return json_pack("{s:i,s:i,s:b,s:i,s:b,s:o}", "difficulty", e.difficulty, "total", e.total,
                     "success", e.success, "level", e.level, "critical", e.critical, "resisted",
                     e.resisted >= 0 ? json_integer(e.resisted) : json_null());
  default:
    return json_pack("{s:s,s:o}", "state", state_keys[e.state], "value",
                     e.state == COPS_D6_LIMB ? json_string(location_keys[e.value])
                                             : json_integer(e.value));
  }
}

/* ---- narration --------------------------------------------------------------------- */

typedef struct words {
  const char *option[COPS_D6_OPTION_COUNT], *location[COPS_D6_LOCATION_COUNT];
  const char *defence[3], *band[4], *purpose[COPS_D6_PURPOSE_COUNT], *level[7];
  const char *attacks, *bare, *dice_rolled[2], *vs, *success, *failure, *critical;
  const char *hits, *misses, *parried, *damage, *against, *margin, *steps[2], *hp, *now, *massive;
  const char *state[COPS_D6_STATE_COUNT], *minutes, *rounds, *dropped, *colon;
  const char *heal[4], *better, *worse, *same, *hp_gained;
  const char *vresult[6], *vcrash, *vrepair, *vstop, *control[4], *passengers, *top_speed;
  const char *acts, *tie;
  const char *round, *action[COPS_D6_DO_COUNT], *actions[2], *moves_to, *hold[4], *disarm[4];
  const char *command[2], *wins, *nobody;
  const char *spell[2], *resisted;
  const char *power[COPS_D6_POWER_COUNT], *astral[4], *protection;
  const char *prepares[2], *interrupted, *at;
} words;

static const words en = {
  {"", "single shot", "burst", "several shots", "firing at random", "aimed", "aimed at a vital spot",
   "brutal attack", "precise attack"},
  {"", "an arm", "a leg", "the weapon", "the head", "the heart"},
  {"natural defence", "active defence", "total defence"},
  {"point blank", "short range", "medium range", "long range"},
  {"attacks with", "defends with", "Cover and visibility", "throws", "rolls damage", "resists with",
   "checks with", "is out for", "fights for life with", "recovers with", "treats with",
   "resists with", "repairs with", "rolls Perception", "commands with", "struggles with",
   "wrestles for the weapon with", "casts with", "resists the spell with",
   "Backlash", "uses a psionic power with"},
  {"unhurt", "stunned", "wounded", "severely wounded", "incapacitated", "mortally wounded", "killed"},
  "attacks", "bare hands", {"die", "dice"}, "vs", "success", "failure", "critical failure",
  "Hit", "Miss", "Parried", "Damage", "against resistance", "margin", {"level", "levels"},
  "HP lost",
  "now", "massive damage",
  {"is knocked out for", "wakes up", "is no longer stunned", "can only defend for", "is dying",
   "dies", "loses the use of", "is confused until the end of the next round"},
  "min", "rounds", "drops the throw on themself", ":",
  {"is treated after the fight", "is treated during the fight", "recovers", "is healed by the mind"},
  "better", "worse", "no change", "HP regained",
  {"no damage", "very light damage (-1D this round and the next)", "light damage (-1D)",
   "heavy damage (-2D)", "severe damage", "destroyed"},
  "crashes", "is repaired by", "stops",
  {"controlled", "out of control", "crashed", "wrecked"},
  "each passenger takes", "top speed", "acts", "a tie broken by",
  "The round begins.",
  {"waits", "attacks", "grabs", "tries to escape from", "shoots at", "rams", "casts a spell"},
  {"action", "actions"}, "moves to",
  {"holds", "breaks free from", "is still held by", "lets go of"},
  {"fails to disarm", "wins the weapon of", "takes the weapon of", "knocks away the weapon of"},
  {"fails to coordinate the attack on", "coordinates the attack on"}, "The fight is won by side",
  "The fight ends undecided.",
  {"The spell fails", "The spell takes hold"}, "resisted with",
  {"Astral projection", "Empathy", "Far senses", "Healing", "Medium", "Protection",
   "Psychometry"},
  {"leaves the body", "can sense from afar", "can act, not physically", "can act physically"},
  "protection points",
  {"prepares a spell", "round"}, "loses the spell being prepared after", "at",
};

static const words fr = {
  {"", "tir unique", "rafale", "plusieurs tirs", "tir au hasard", "tir visé", "tir visé à un point vital",
   "attaque brutale", "attaque précise"},
  {"", "un bras", "une jambe", "l'arme", "la tête", "le cœur"},
  {"défense naturelle", "défense active", "défense totale"},
  {"à bout portant", "à courte portée", "à moyenne portée", "à longue portée"},
  {"attaque avec", "se défend avec", "Couvert et visibilité", "lance", "lance les dégâts", "résiste avec",
   "teste", "est inconscient pour", "lutte pour sa vie avec", "récupère avec", "soigne avec",
   "résiste avec", "répare avec", "lance sa Perception", "commande avec", "se débat avec",
   "lutte pour l'arme avec", "lance le sort avec", "résiste au sort avec",
   "Retour de flamme", "use d'un pouvoir psionique avec"},
  {"indemne", "choqué", "blessé", "gravement blessé", "en incapacité", "mortellement blessé", "tué"},
  "attaque", "à mains nues", {"dé", "dés"}, "contre", "réussite", "échec", "échec critique",
  "Touché", "Raté", "Paré", "Dégâts", "contre une résistance de", "marge", {"niveau", "niveaux"},
  "PV perdus", "désormais", "dégâts massifs",
  {"est assommé pour", "reprend connaissance", "n'est plus choqué", "ne peut que se défendre pendant",
   "agonise", "meurt", "perd l'usage de", "est confus jusqu'à la fin du round suivant"},
  "min", "rounds", "laisse tomber le projectile sur soi", " :",
  {"est soigné après le combat", "est soigné pendant le combat", "récupère", "est soigné par l'esprit"},
  "mieux", "pire", "sans changement", "PV regagnés",
  {"aucun dégât", "dégâts très légers (-1D ce round et le suivant)", "dégâts légers (-1D)",
   "dégâts lourds (-2D)", "dégâts graves", "détruit"},
  "s'écrase", "est réparé par", "s'arrête",
  {"sous contrôle", "hors de contrôle", "écrasé", "détruit"},
  "chaque passager encaisse", "vitesse maximale", "agit au rang", "une égalité départagée par",
  "Le round commence.",
  {"attend", "attaque", "attrape", "tente d'échapper à", "tire sur", "percute", "lance un sort"},
  {"action", "actions"}, "se déplace en",
  {"tient", "se dégage de", "reste tenu par", "lâche"},
  {"échoue à désarmer", "gagne l'arme de", "prend l'arme de", "fait tomber l'arme de"},
  {"échoue à coordonner l'attaque sur", "coordonne l'attaque sur"}, "Le combat est gagné par le camp",
  "Le combat s'achève sans vainqueur.",
  {"Le sort échoue", "Le sort prend effet"}, "résisté avec",
  {"Projection astrale", "Empathie", "Sens lointains", "Soins", "Médium", "Protection",
   "Psychométrie"},
  {"quitte son corps", "peut percevoir à distance", "peut agir, pas physiquement",
   "peut agir physiquement"},
  "points de protection",
  {"prépare un sort", "round"}, "perd le sort en préparation après", "sur",
};

void cops__d6_narrate(cops__text *t, const cops_log *log, int i, int lang)
{
  const words *W = lang == COPS_LANG_FR ? &fr : &en;
  cops_d6_event e;
  cops_event c;
  read_event(log, i, &e, &c);
  const char *actor = c.actor ? c.actor : "", *target = c.target ? c.target : "?";
  if (c.round > 0)
    cops__text_printf(t, "Round %d. ", c.round);
  switch (c.type) {
  case COPS_D6_EV_ATTACK:
    cops__text_printf(t, "%s %s %s (%s", actor, W->attacks, target, c.weapon ? c.weapon : W->bare);
    if (e.distance)
      cops__text_printf(t, ", %d m", e.distance);
    if (e.option)
      cops__text_printf(t, ", %s", W->option[e.option]);
    if (e.location)
      cops__text_printf(t, ", %s", W->location[e.location]);
    cops__text_printf(t, "; %s).", W->defence[e.defence]);
    break;
  case COPS_D6_EV_ROLL: {
    char code[32];
    cops_d6_code_format(e.code, code, sizeof code);
    cops__text_printf(t, "%s%s%s %s, %d %s [", actor, *actor ? " " : "",
                      !*actor && e.purpose == COPS_D6_FOR_DAMAGE ? W->damage
                                                                  : W->purpose[e.purpose],
                      code, e.dice_rolled, W->dice_rolled[e.dice_rolled > 1]);
    for (int k = 0; k < c.dice; k++) {
      int face, ok, parent;
      cops__log_die(log, &log->rec[i], k, &face, &ok, &parent);
      cops__text_printf(t, "%s%s%d", k ? (parent >= 0 ? "→" : ", ") : "", "", face);
    }
    cops__text_printf(t, "] = %d", e.total);
    if (e.success >= 0)
      cops__text_printf(t, " %s %d%s %s", W->vs, e.difficulty, W->colon,
                        e.critical ? W->critical : e.success ? W->success : W->failure);
    cops__text_printf(t, ".");
    break;
  }
  case COPS_D6_EV_RESULT:
    if (e.dropped) {
      cops__text_printf(t, "%s %s.", actor, W->dropped);
      break;
    }
    cops__text_printf(t, "%s%s %d %s %d", e.parried ? W->parried : e.hit ? W->hits : W->misses,
                      W->colon, e.attack_total, W->vs, e.defence_value);
    if (e.band >= 0)
      cops__text_printf(t, " (%s)", W->band[e.band]);
    cops__text_printf(t, ".");
    break;
  case COPS_D6_EV_DAMAGE:
    cops__text_printf(t, "%s %d %s %d (%s %d)%s %s", W->damage, e.damage_total, W->against,
                      e.resistance_total, W->margin, e.margin, W->colon, target);
    if (e.hp_lost)
      cops__text_printf(t, " %d %s,", e.hp_lost, W->hp);
    else if (e.steps)
      cops__text_printf(t, " +%d %s,", e.steps, W->steps[e.steps > 1]);
    cops__text_printf(t, " %s %s%s%s.", W->now, W->level[e.wound_level], e.massive ? ", " : "",
                      e.massive ? W->massive : "");
    break;
  case COPS_D6_EV_INITIATIVE:
    if (lang == COPS_LANG_FR)
      cops__text_printf(t, "%s %s %d (%d)", actor, W->acts, e.rank, e.total);
    else
      cops__text_printf(t, "%s %s %d%s (%d)", actor, W->acts, e.rank,
                        e.rank % 10 == 1 && e.rank % 100 != 11 ? "st"
                        : e.rank % 10 == 2 && e.rank % 100 != 12 ? "nd"
                        : e.rank % 10 == 3 && e.rank % 100 != 13 ? "rd" : "th", e.total);
    if (e.tie_die)
      cops__text_printf(t, ", %s %d", W->tie, e.tie_die);
    cops__text_printf(t, ".");
    break;
  case COPS_D6_EV_VEHICLE:
    if (e.vehicle_event == 0)
      cops__text_printf(t, "%s%s %s (%s %d), %s", target, W->colon, W->vresult[e.vehicle_result],
                        W->margin, e.margin, W->control[e.control]);
    else if (e.vehicle_event == 1)
      cops__text_printf(t, "%s %s", target, W->vcrash);
    else if (e.vehicle_event == 2)
      cops__text_printf(t, "%s %s %s", target, W->vrepair, actor);
    else
      cops__text_printf(t, "%s %s", target, W->vstop);
    if (e.passenger_damage)
      cops__text_printf(t, "; %s %dD", W->passengers, e.passenger_damage);
    if (e.ranks_lost)
      cops__text_printf(t, "; %s -%d", W->top_speed, e.ranks_lost);
    cops__text_printf(t, ".");
    break;
  case COPS_D6_EV_HEAL:
    cops__text_printf(t, "%s %s%s %s (%s)", target, W->heal[e.heal_kind], W->colon,
                      W->level[e.wound_level],
                      e.wound_level < e.level_before ? W->better
                      : e.wound_level > e.level_before ? W->worse : W->same);
    if (e.hp_gained)
      cops__text_printf(t, ", %d %s", e.hp_gained, W->hp_gained);
    cops__text_printf(t, ".");
    break;
  case COPS_D6_EV_ROUND:
    cops__text_printf(t, "%s", W->round);
    break;
  case COPS_D6_EV_TURN:
    cops__text_printf(t, "%s", actor);
    if (e.moved)
      cops__text_printf(t, " %s (%d, %d),", W->moves_to, e.x, e.y);
    cops__text_printf(t, " %s", W->action[e.action]);
    if (e.action != COPS_D6_DO_NOTHING && c.target)
      cops__text_printf(t, "%s%s %s", e.action == COPS_D6_DO_CAST ? " " : "",
                        e.action == COPS_D6_DO_CAST ? W->at : "", c.target);
    if (c.weapon)
      cops__text_printf(t, " (%s)", c.weapon);
    if (e.defence)
      cops__text_printf(t, ", %s", W->defence[e.defence]);
    cops__text_printf(t, " (%d %s).", e.actions, W->actions[e.actions > 1]);
    break;
  case COPS_D6_EV_HOLD:
    cops__text_printf(t, "%s %s %s.", actor, W->hold[e.hold], target);
    break;
  case COPS_D6_EV_DISARM:
    cops__text_printf(t, "%s %s %s", actor, W->disarm[e.hold], target);
    if (c.weapon)
      cops__text_printf(t, " (%s)", c.weapon);
    cops__text_printf(t, ".");
    break;
  case COPS_D6_EV_COORDINATE:
    cops__text_printf(t, "%s %s %s (%d).", actor, W->command[e.success != 0], target, e.members);
    break;
  case COPS_D6_EV_PSIONIC:
    cops__text_printf(t, "%s%s %d %s %d%s %s", W->power[e.power], W->colon, e.total, W->vs,
                      e.difficulty, W->colon,
                      e.critical ? W->critical : e.success ? W->success : W->failure);
    if (e.astral_band >= 0)
      cops__text_printf(t, ", %s", W->astral[e.astral_band]);
    if (e.protection)
      cops__text_printf(t, ", %d %s", e.protection, W->protection);
    cops__text_printf(t, ".");
    break;
  case COPS_D6_EV_DECLARE: {
    const int french = lang == COPS_LANG_FR;
    cops__text_printf(t, french ? "%s (politique %s) prévoit :" : "%s (%s policy) plans:", actor,
                      cops__policy_word(e.policy, french));
    if (e.moved)
      cops__text_printf(t, " %s (%d, %d),", W->moves_to, e.x, e.y);
    cops__text_printf(t, " %s", W->action[e.action]);
    if (e.action != COPS_D6_DO_NOTHING && c.target)
      cops__text_printf(t, " %s", c.target);
    if (c.weapon || e.option)
      cops__text_printf(t, " (%s%s%s)", c.weapon ? c.weapon : "", c.weapon && e.option ? ", " : "",
                        e.option ? W->option[e.option] : "");
    if (e.defence)
      cops__text_printf(t, ", %s", W->defence[e.defence]);
    if (e.odds_down >= 0)
      cops__text_odds(t, french, e.odds_down, e.odds_risk);
    cops__text_printf(t, ".");
    break;
  }
  case COPS_D6_EV_PREPARE:
    if (e.interrupted)
      cops__text_printf(t, "%s %s %d %s.", actor, W->interrupted, e.prepared,
                        e.prepared > 1 ? W->rounds : W->prepares[1]);
    else
      cops__text_printf(t, "%s %s%s %s %d/%d.", actor, W->prepares[0], W->colon, W->prepares[1],
                        e.prepared, e.needed);
    break;
  case COPS_D6_EV_SPELL:
    cops__text_printf(t, "%s%s %d %s %d", W->spell[e.success != 0], W->colon, e.total, W->vs,
                      e.difficulty);
    if (e.resisted >= 0)
      cops__text_printf(t, ", %s %d", W->resisted, e.resisted);
    if (e.critical)
      cops__text_printf(t, " (%s)", W->critical);
    cops__text_printf(t, ".");
    break;
  case COPS_D6_EV_END:
    if (e.winner >= 0)
      cops__text_printf(t, "%s %d.", W->wins, e.winner);
    else
      cops__text_printf(t, "%s", W->nobody);
    break;
  default:
    cops__text_printf(t, "%s %s", target, W->state[e.state]);
    if (e.state == COPS_D6_KNOCKED_OUT)
      cops__text_printf(t, " %d %s", e.value, W->minutes);
    else if (e.state == COPS_D6_DEFEND_ONLY)
      cops__text_printf(t, " %d %s", e.value, W->rounds);
    else if (e.state == COPS_D6_LIMB)
      cops__text_printf(t, " %s", W->location[e.value]);
    cops__text_printf(t, ".");
    break;
  }
  cops__text_add(t, "\n", 1);
}
