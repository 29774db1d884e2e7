/* The Storyteller events rendered: their JSON keys after the common ones
 * (docs/storyteller.md, "Events") and their narration in French and English
 * (Spanish reads the English). Data in, text out: nothing here resolves a rule. */
#include <stdio.h>
#include <string.h>

#include "st/st-private.h"
#include "log/log.h"
#include "st-private.h"

static const char *const type_names[] = {"st.attack", "st.roll", "st.result", "st.damage",
                                         "st.effect", "st.initiative", "st.nerve", "st.object",
                                         "st.bout", "st.grapple", "st.round", "st.move",
                                         "st.action", "st.end", "st.declare"};
static const char *const kind_keys[COPS_ST_ATTACK_KIND_COUNT] = {
  "exchange", "strike", "shot", "contact_shot", "coup_de_grace", "long_burst"};
static const char *const called_keys[COPS_ST_CALLED_COUNT] = {
  "body", "arm", "leg", "head", "heart", "hand", "eye"};
static const char *const flag_keys[5] = {"touch", "burst", "surprised", "defenseless", "prone"};
static const char *const purpose_keys[COPS_ST_PURPOSE_COUNT] = {
  "attack", "defence", "total_defense", "nerve", "object", "bout", "grapple"};
static const char *const grapple_keys[COPS_ST_GRAPPLE_EFFECT_COUNT] = {
  "break_free", "take_weapon", "damage", "disarm", "hold", "shield"};
static const char *const nerve_keys[4] = {"acts", "spent", "restricted", "out"};
static const char *const side_keys[3] = {NULL, "attacker", "defender"};
static const char *const effect_keys[COPS_ST_EFFECT_COUNT] = {
  "recoil", "stray", "full_effect", "contact"};
static const char *const mode_keys[3] = {"dice", "all-8s", "average"};

_Static_assert(sizeof type_names / sizeof type_names[0] == COPS_ST_EV_TYPE_END - COPS_ST_EV_ATTACK,
               "a name for every Storyteller event type");

const char *cops__st_event_type_name(int type)
{
  return type >= COPS_ST_EV_ATTACK && type < COPS_ST_EV_TYPE_END
             ? type_names[type - COPS_ST_EV_ATTACK] : NULL;
}

static json_t *read_event(const cops_log *log, int i, cops_st_event *e, cops_event *c)
{
  memset(e, 0, sizeof *e);
  e->size = sizeof *e;
  cops_st_log_event(log, i, e);
  memset(c, 0, sizeof *c);
  c->size = sizeof *c;
  cops__log_read(log, i, c);
  return NULL;
}

json_t *cops__st_event_json(const cops_log *log, int i)
{
  cops_st_event e;
  cops_event c;
  read_event(log, i, &e, &c);
  switch (c.type) {
  case COPS_ST_EV_ATTACK: {
    json_t *flags = json_array();
    for (int k = 0; flags && k < 5; k++)
      if ((e.flags & (1 << k)) && json_array_append_new(flags, json_string(flag_keys[k]))) {
        json_decref(flags);
        flags = NULL;
      }
    return json_pack("{s:s,s:s,s:i,s:s,s:o}", "weapon", c.weapon ? c.weapon : "", "kind",
                     kind_keys[e.kind], "distance", e.distance, "called", called_keys[e.called],
                     "flags", flags);
  }
  case COPS_ST_EV_ROLL:
    return json_pack("{s:s,s:i,s:i,s:o,s:s,s:b,s:o,s:i,s:b,s:b}", "purpose",
                     purpose_keys[e.purpose], "dice_pool", e.pool, "threshold", e.threshold,
                     "again", e.again ? json_integer(e.again) : json_null(), "mode",
                     mode_keys[e.mode], "chance", e.chance, "dice",
                     cops__event_dice_json(log, i, c.dice), "successes", e.successes,
                     "dramatic", e.dramatic, "capped", e.capped);
  case COPS_ST_EV_RESULT:
    return json_pack("{s:o,s:i,s:i,s:i,s:s}", "winner",
                     e.winner ? json_string(side_keys[e.winner]) : json_null(), "successes",
                     e.successes, "margin", e.margin, "damage", e.damage, "damage_type",
                     cops__st_damage_type_names[e.damage_type]);
  case COPS_ST_EV_DAMAGE:
    return json_pack("{s:i,s:s,s:i,s:i,s:i,s:i,s:s}", "damage", e.damage, "damage_type",
                     cops__st_damage_type_names[e.damage_type], "ignored", e.ignored,
                     "converted", e.converted, "bashing", e.bashing, "lethal", e.lethal,
                     "state", cops__st_health_state_names[e.state]);
  case COPS_ST_EV_EFFECT:
    return json_pack("{s:s,s:i}", "effect", effect_keys[e.effect], "value", e.value);
  case COPS_ST_EV_INITIATIVE:
    return json_pack("{s:i,s:i,s:i}", "die", e.value, "score", e.score, "total", e.total);
  case COPS_ST_EV_NERVE:
    return json_pack("{s:s,s:i}", "nerve", nerve_keys[e.value], "damage", e.damage);
  case COPS_ST_EV_OBJECT:
    return json_pack("{s:s,s:i,s:i,s:i,s:i,s:b}", "object", c.weapon ? c.weapon : "",
                     "durability", e.value, "successes", e.successes, "damage", e.total,
                     "size", e.boxes, "broken", e.broken);
  case COPS_ST_EV_BOUT:
    return json_pack("{s:o,s:i,s:i,s:i}", "winner",
                     e.winner ? json_string(side_keys[e.winner]) : json_null(), "margin",
                     e.margin, "actor_bashing", e.boxes, "target_bashing", e.total);
  case COPS_ST_EV_ROUND:
    return json_object();
  case COPS_ST_EV_MOVE:
    return json_pack("{s:[i,i],s:[i,i],s:i,s:b,s:i}", "from", e.from_x, e.from_y, "to", e.x,
                     e.y, "metres", e.metres, "prone", e.prone, "prone_change", e.prone_change);
  case COPS_ST_EV_ACTION:
    return json_pack("{s:s,s:i}", "action", e.action == COPS_ST_DO_AIM ? "aim" : "delay", "aim",
                     e.aim);
  case COPS_ST_EV_DECLARE: {
    json_t *flags = json_array();
    for (int k = 0; flags && k < 5; k++)
      if ((e.flags & (1 << k)) && json_array_append_new(flags, json_string(flag_keys[k]))) {
        json_decref(flags);
        flags = NULL;
      }
    return json_pack("{s:s,s:o,s:o,s:i,s:o,s:s,s:o}", "action",
                     cops_st_fight_action_name(e.action), "weapon",
                     c.weapon ? json_string(c.weapon) : json_null(), "flags", flags, "cover",
                     e.cover, "to",
                     e.moving ? json_pack("[i,i]", e.x, e.y) : json_null(), "policy",
                     cops_policy_name(e.policy), "odds",
                     e.odds_down < 0 ? json_null()
                     : json_pack("{s:f,s:f,s:f}", "down", e.odds_down / 1000.0, "first",
                                 e.odds_first / 1000.0, "risk", e.odds_risk / 1000.0));
  }
  case COPS_ST_EV_END:
    return json_pack("{s:o,s:i}", "winner",
                     e.winner_side >= 0 ? json_integer(e.winner_side) : json_null(), "rounds",
                     e.rounds);
  default: {  /* COPS_ST_EV_GRAPPLE */
    json_t *effects = json_array();
    for (int k = 0; effects && k < 2; k++)
      if (e.effects[k] >= 0 && json_array_append_new(effects, json_string(grapple_keys[e.effects[k]]))) {
        json_decref(effects);
        effects = NULL;
      }
    return json_pack("{s:o,s:i,s:o,s:b,s:o,s:o,s:o}", "winner",
                     e.winner ? json_string(side_keys[e.winner]) : json_null(), "margin", e.margin,
                     "effects", effects, "active", e.active, "hold",
                     e.hold ? json_string(side_keys[e.hold]) : json_null(), "shield",
                     e.shield ? json_string(side_keys[e.shield]) : json_null(), "controller",
                     e.controller ? json_string(side_keys[e.controller]) : json_null());
  }
  }
}

/* ---- narration --------------------------------------------------------------------- */

typedef struct words {
  const char *kind[COPS_ST_ATTACK_KIND_COUNT];
  const char *called[COPS_ST_CALLED_COUNT];
  const char *type[2][2];   /* [type][plural] */
  const char *die, *dice, *colon, *semi;
  const char *state[4];
  const char *attacks, *rolls, *chance, *dramatic, *success, *successes, *tie, *miss, *wins;
  const char *deals, *damage_in, *ignored, *converted, *marked, *recoil, *stray, *full, *contact;
  const char *defence, *no_damage;
  const char *initiative, *nerve[4], *injury[4], *object, *broken, *bout_win, *bout_draw;
  const char *purpose[COPS_ST_PURPOSE_COUNT];
  const char *grapple_win, *grapple_tie, *grapple[COPS_ST_GRAPPLE_EFFECT_COUNT];
  const char *moves, *to, *prone[2], *aims, *waits, *no_winner;
} words;

static const words en = {
  {"melee exchange", "strike", "shot", "shot in contact", "coup de grâce", "long burst"},
  {"", "an arm", "a leg", "the head", "the heart", "a hand", "an eye"},
  {{"bashing", "bashing"}, {"lethal", "lethal"}},
  "die", "dice", ":", ";",
  {"standing", "unconscious", "bleeding out", "dead"},
  "attacks", "rolls", "a chance die", "dramatic failure", "success", "successes",
  "Equal successes: no winner.", "No success: the attack fails.", "wins by",
  "deals", "takes", "armour ignores", "the vest turns", "marked", "recoil costs", "a stray shot may hit someone in contact",
  "the called shot has its full effect", "makes contact", "defends with", "no damage",
  "initiative",
  {"acts", "spends 1 Willpower to act", "can only hide, protect or flee this round", "is out of the fight"},
  {"keeps going", "spends 1 Willpower to stay in the fight", "", "is out of the fight"},
  "damage", "broken", "wins the bout by", "The bout is a draw.",
  {"rolls", "defends with", "defends totally with", "keeps their nerve with", "strains with", "rolls", "grapples with"},
  "wins the grapple by", "The grapple goes on: equal successes.",
  {"breaks free", "takes the weapon", "hurts", "disarms", "holds in submission", "uses as a shield"},
  "moves", "to", {"gets up", "goes prone"}, "aims at", "waits for", "no winner",
};

static const words fr = {
  {"échange au contact", "frappe", "tir", "tir au contact", "coup de grâce", "longue rafale"},
  {"", "un bras", "une jambe", "la tête", "le cœur", "une main", "un œil"},
  {{"contondant", "contondants"}, {"létal", "létaux"}},
  "dé", "dés", " :", " ;",
  {"debout", "inconscient", "se vide de son sang", "mort"},
  "attaque", "lance", "un dé de chance", "échec critique", "réussite", "réussites",
  "Autant de réussites : pas de vainqueur.", "Aucune réussite : l'attaque échoue.",
  "l'emporte de", "inflige", "encaisse", "l'armure ignore", "le gilet change",
  "cochés", "le recul coûte", "une balle perdue peut toucher quelqu'un au contact",
  "le tir visé a son plein effet", "touche sans blesser", "se défend avec", "aucun dommage",
  "initiative",
  {"agit", "dépense 1 point de Volonté pour agir", "ne peut que se cacher, protéger ou fuir ce round", "est hors du combat"},
  {"tient bon", "dépense 1 point de Volonté pour rester dans le combat", "", "est hors du combat"},
  "dommages", "cassé", "remporte l'assaut de", "L'assaut est nul.",
  {"lance", "se défend avec", "se défend totalement avec", "garde son sang-froid avec", "force avec", "lance", "lutte avec"},
  "remporte la lutte de", "La lutte continue : autant de réussites.",
  {"se dégage", "prend l'arme", "blesse", "désarme", "immobilise par une prise de soumission", "se sert de l'autre comme bouclier"},
  "se déplace de", "jusqu'en", {"se relève", "se jette à terre"}, "vise", "attend",
  "sans vainqueur",
};

void cops__st_narrate(cops__text *t, const cops_log *log, int i, int lang)
{
  const words *W = lang == COPS_LANG_FR ? &fr : &en;
  cops_st_event e;
  cops_event c;
  read_event(log, i, &e, &c);
  const char *actor = c.actor ? c.actor : "?", *target = c.target ? c.target : "?";
  if (c.round > 0 && c.type != COPS_ST_EV_ROUND)
    cops__text_printf(t, lang == COPS_LANG_FR ? "Round %d. " : "Round %d. ", c.round);
  switch (c.type) {
  case COPS_ST_EV_ROUND:
    if (lang == COPS_LANG_FR)
      cops__text_printf(t, "Début du round %d.", c.round);
    else
      cops__text_printf(t, "Round %d begins.", c.round);
    break;
  case COPS_ST_EV_MOVE:
    cops__text_printf(t, "%s", actor);
    if (e.prone_change)
      cops__text_printf(t, " %s%s", W->prone[e.prone_change > 0], e.metres ? "," : "");
    if (e.metres)
      cops__text_printf(t, " %s %d m %s (%d, %d)", W->moves, e.metres, W->to, e.x, e.y);
    cops__text_printf(t, ".");
    break;
  case COPS_ST_EV_ACTION:
    if (e.action == COPS_ST_DO_AIM)
      cops__text_printf(t, "%s %s %s (%d %s).", actor, W->aims, target, e.aim,
                        e.aim == 1 ? W->die : W->dice);
    else
      cops__text_printf(t, "%s %s %s.", actor, W->waits, target);
    break;
  case COPS_ST_EV_DECLARE: {
    static const char *const plans[2][COPS_ST_DO_COUNT] = {
      {"does nothing", "attacks", "grapples", "defends totally", "aims at", "gives the coup de grâce to"},
      {"ne fait rien", "attaque", "lutte avec", "se défend totalement", "vise", "donne le coup de grâce à"}};
    const int french = lang == COPS_LANG_FR;
    const int act = e.action >= 0 && e.action < COPS_ST_DO_COUNT ? e.action : 0;
    cops__text_printf(t, french ? "%s (politique %s) prévoit :" : "%s (%s policy) plans:", actor,
                      cops__policy_word(e.policy, french));
    if (e.moving)
      cops__text_printf(t, french ? " aller en (%d, %d)," : " to move to (%d, %d),", e.x, e.y);
    cops__text_printf(t, " %s", plans[french][act]);
    if (c.target)
      cops__text_printf(t, " %s", target);
    if (c.weapon)
      cops__text_printf(t, " (%s%s)", c.weapon,
                        (e.flags & COPS_ST_BURST) ? (french ? ", rafale" : ", burst") : "");
    if (e.odds_down >= 0)
      cops__text_odds(t, french, e.odds_down, e.odds_risk);
    cops__text_printf(t, ".");
    break;
  }
  case COPS_ST_EV_END:
    if (lang == COPS_LANG_FR)
      cops__text_printf(t, "Le combat est fini après %d round%s :", e.rounds,
                        e.rounds == 1 ? "" : "s");
    else
      cops__text_printf(t, "The fight is over after %d round%s:", e.rounds,
                        e.rounds == 1 ? "" : "s");
    if (e.winner_side < 0)
      cops__text_printf(t, " %s.", W->no_winner);
    else if (lang == COPS_LANG_FR)
      cops__text_printf(t, " le camp %d l'emporte.", e.winner_side);
    else
      cops__text_printf(t, " side %d wins.", e.winner_side);
    break;
  case COPS_ST_EV_ATTACK:
    cops__text_printf(t, "%s %s%s%s (%s, %s", actor, W->attacks, c.target ? " " : "",
                      c.target ? target : "", c.weapon ? c.weapon : "", W->kind[e.kind]);
    if (e.kind == COPS_ST_SHOT || e.kind == COPS_ST_LONG_BURST)
      cops__text_printf(t, ", %d m", e.distance);
    if (e.called)
      cops__text_printf(t, ", %s", W->called[e.called]);
    cops__text_printf(t, ").");
    break;
  case COPS_ST_EV_ROLL: {
    cops__text_printf(t, "%s %s ", actor, W->purpose[e.purpose]);
    if (e.chance)
      cops__text_printf(t, "%s", W->chance);
    else
      cops__text_printf(t, "%d %s", e.pool > 0 ? e.pool : 0, e.pool == 1 ? W->die : W->dice);
    cops__text_printf(t, "%s [", W->colon);
    for (int k = 0; k < c.dice; k++) {
      int face, ok, parent;
      cops__log_die(log, &log->rec[i], k, &face, &ok, &parent);
      cops__text_printf(t, "%s%d", k ? ", " : "", face);
    }
    cops__text_printf(t, "] %d %s%s%s.", e.successes,
                      e.successes == 1 ? W->success : W->successes,
                      e.dramatic ? ", " : "", e.dramatic ? W->dramatic : "");
    break;
  }
  case COPS_ST_EV_RESULT:
    if (!e.winner && e.successes > 0)
      cops__text_printf(t, "%s", W->tie);
    else if (!e.winner)
      cops__text_printf(t, "%s", W->miss);
    else if (e.damage > 0)
      cops__text_printf(t, "%s %s %d%s %s %d %s.", e.winner == COPS_ST_DEFENDER ? target : actor,
                        W->wins, e.margin, W->colon, W->deals, e.damage,
                        W->type[e.damage_type][e.damage > 1]);
    else
      cops__text_printf(t, "%s %s %d%s %s.", e.winner == COPS_ST_DEFENDER ? target : actor,
                        W->wins, e.margin, W->colon, W->no_damage);
    break;
  case COPS_ST_EV_DAMAGE:
    cops__text_printf(t, "%s %s %d %s", target, W->damage_in, e.damage,
                      W->type[e.damage_type][e.damage > 1]);
    if (e.ignored)
      cops__text_printf(t, ", %s %d", W->ignored, e.ignored);
    if (e.converted)
      cops__text_printf(t, ", %s %d %s %s", W->converted, e.converted,
                        lang == COPS_LANG_FR ? "en" : "into",
                        W->type[COPS_ST_BASHING][e.converted > 1]);
    cops__text_printf(t, "%s %d %s, %d %s %s%s %s.", W->colon, e.bashing,
                      W->type[COPS_ST_BASHING][e.bashing > 1], e.lethal,
                      W->type[COPS_ST_LETHAL][e.lethal > 1], W->marked, W->semi,
                      W->state[e.state]);
    break;
  case COPS_ST_EV_INITIATIVE:
    cops__text_printf(t, "%s%s %s %d + %d = %d.", actor, W->colon, W->initiative, e.value,
                      e.score, e.total);
    break;
  case COPS_ST_EV_NERVE:
    cops__text_printf(t, "%s %s.", actor, e.damage ? W->injury[e.value] : W->nerve[e.value]);
    break;
  case COPS_ST_EV_OBJECT:
    cops__text_printf(t, "%s%s %d %s (%d/%d)%s%s.", c.weapon ? c.weapon : "?", W->colon,
                      e.successes, W->object, e.total, e.boxes, e.broken ? ", " : "",
                      e.broken ? W->broken : "");
    break;
  case COPS_ST_EV_BOUT:
    if (e.winner)
      cops__text_printf(t, "%s %s %d.", e.winner == COPS_ST_DEFENDER ? target : actor,
                        W->bout_win, e.margin);
    else
      cops__text_printf(t, "%s", W->bout_draw);
    break;
  case COPS_ST_EV_GRAPPLE:
    if (!e.winner) {
      cops__text_printf(t, "%s", W->grapple_tie);
    } else {
      cops__text_printf(t, "%s %s %d", e.winner == COPS_ST_DEFENDER ? target : actor,
                        W->grapple_win, e.margin);
      for (int k = 0; k < 2; k++)
        if (e.effects[k] >= 0)
          cops__text_printf(t, "%s %s", k ? "," : W->colon, W->grapple[e.effects[k]]);
      cops__text_printf(t, ".");
    }
    break;
  default:
    if (e.effect == COPS_ST_RECOIL)
      cops__text_printf(t, "%s%s %s %d %s.", actor, W->colon, W->recoil, e.value,
                        W->type[COPS_ST_BASHING][e.value > 1]);
    else if (e.effect == COPS_ST_STRAY)
      cops__text_printf(t, "%s%s %s (%d).", actor, W->colon, W->stray, e.value);
    else if (e.effect == COPS_ST_FULL_EFFECT)
      cops__text_printf(t, "%s%s %s (%s).", actor, W->colon, W->full, W->called[e.value]);
    else
      cops__text_printf(t, "%s %s.", actor, W->contact);
    break;
  }
  cops__text_add(t, "\n", 1);
}
