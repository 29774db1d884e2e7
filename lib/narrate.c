/* The narration of the event log for players, in French or English
 * (docs/events.md): one line per event. */
#include <string.h>

#include "log.h"

/* The narration writes into a growing text (lib/mem.c). */
#define text_printf cops__text_printf
#define text_add cops__text_add


static const char *who(const char *name, int lang)
{
  return name && name[0] ? name : (lang ? "someone" : "quelqu'un");
}

static void narrate_dice(cops__text *t, const cops_log *log, int i)
{
  const struct cops__record *r = &log->rec[i];
  text_add(t, "[", 1);
  for (int k = 0; k < r->dice; k++) {
    const int d = r->first_die + k;
    int face, ok, p;
    cops__log_die(log, r, k, &face, &ok, &p);
    /* A re-roll follows its 10 as "10→7", as players say it. */
    if (p >= 0)
      continue;
    if (k)
      text_add(t, ", ", 2);
    text_printf(t, "%d", log->face[d]);
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

static void narrate(cops__text *t, const cops_log *log, int i, int lang)
{
  cops_event e;
  memset(&e, 0, sizeof e);
  e.size = sizeof e;
  cops__log_read(log, i, &e);
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
  int rc = cops__log_check_from(log, from, out);
  if (rc)
    return rc;
  if (lang != COPS_LANG_FR && lang != COPS_LANG_EN)
    return cops__fail(log->ctx, COPS_EINVAL, "language %d is neither COPS_LANG_FR nor "
                      "COPS_LANG_EN", lang);
  cops__text t;
  cops__text_init(&t, &log->ctx->alloc);
  for (int i = from; i < log->count; i++)
    narrate(&t, log, i, lang);
  if ((rc = cops__text_finish(&t, out)))
    return cops__fail(log->ctx, rc, "out of memory for the narration");
  return COPS_OK;
}
