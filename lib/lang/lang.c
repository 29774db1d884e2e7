/* The table of languages and what every catalogue must hold (lib/lang/lang.h). */
#include "lang.h"

static const struct cops__lang *const languages[] = {
  [COPS_LANG_FR] = &cops__lang_fr,
  [COPS_LANG_EN] = &cops__lang_en,
  [COPS_LANG_ES] = &cops__lang_es,
};

const struct cops__lang *cops__lang(int lang)
{
  return lang >= 0 && lang < cops__lang_count() ? languages[lang] : NULL;
}

int cops__lang_count(void)
{
  return (int)(sizeof languages / sizeof languages[0]);
}

int cops_lang_count(void)
{
  return cops__lang_count();
}

const char *cops_lang_code(int lang)
{
  const struct cops__lang *L = cops__lang(lang);
  return L ? L->code : NULL;
}

/* ASCII letters in any case. */
static int same_code(const char *a, const char *b)
{
  for (; *a && *b; a++, b++)
    if ((*a | 0x20) != *b)
      return 0;
  return !*a && !*b;
}

int cops_lang_parse(const char *code, int *lang)
{
  if (!code || !lang)
    return COPS_EINVAL;
  for (int i = 0; i < cops__lang_count(); i++)
    if (same_code(code, languages[i]->code)) {
      *lang = i;
      return COPS_OK;
    }
  return COPS_ENOTFOUND;
}

const char *const cops__msg_placeholders[MSG_COUNT] = {
  [MSG_ROUND] = "round",
  [MSG_SOMEONE] = "",
  [MSG_ATTACK] = "actor attitude initiative mode target",
  [MSG_ATTACK_COVER] = "actor attitude initiative mode",
  [MSG_ATTACK_WEAPON] = "weapon",
  [MSG_ATTACK_DISTANCE] = "distance",
  [MSG_ATTACK_ADRENALINE] = "",
  [MSG_ROLL] = "who purpose",
  [MSG_ROLL_ANCIENNETE] = "who purpose",
  [MSG_ROLL_OPPOSED] = "threshold pool dice successes",
  [MSG_ROLL_ACTION] = "threshold pool difficulty dice successes result mr margin",
  [MSG_ROLL_SUCCESS] = "",
  [MSG_ROLL_FAILURE] = "",
  [MSG_MR] = "",
  [MSG_ME] = "",
  [MSG_ROLL_D6] = "pool dice total",
  [MSG_MISS_BULLET] = "actor bullet reason",
  [MSG_MISS] = "actor target reason",
  [MSG_HIT_BULLETS] = "actor target hits fired",
  [MSG_HIT] = "actor target margin",
  [MSG_UNLOCATED] = "target",
  [MSG_LOCATION] = "target zone die modifier",
  [MSG_DAMAGE_STOPPED] = "target raw protection",
  [MSG_DAMAGE_UNLOCATED] = "target raw protection damage",
  [MSG_DAMAGE] = "target raw protection bonus damage",
  [MSG_HIT_POINTS] = "target hp_before hp_after health",
  [MSG_LASTING] = "",
  [MSG_STOPPING] = "target stopping",
  [MSG_CONDITION_ON] = "target condition",
  [MSG_CONDITION_OFF] = "target condition",
  [MSG_AMMUNITION] = "actor used loaded weapon",
  [MSG_THE_WEAPON] = "",
  [MSG_COVER] = "actor fired margin",
  [MSG_COVER_FAILS] = "actor fired",
  [MSG_ESCAPE] = "actor target",
  [MSG_STILL_HELD] = "actor target",
  [MSG_START_SEEDED] = "seed combatants",
  [MSG_START] = "combatants",
  [MSG_JOIN_NAMED] = "actor side_name x y",
  [MSG_JOIN] = "actor side x y",
  [MSG_LEAVE] = "actor",
  [MSG_ROUND_BEGINS] = "",
  [MSG_DECLARE] = "actor attitude initiative action",
  [MSG_DECLARE_TARGET] = "target",
  [MSG_DECLARE_MOVING] = "x y",
  [MSG_DECLARE_GM] = "dice_mod threshold_mod difficulty_mod",
  [MSG_DECLARE_ODDS] = "down risk",
  [MSG_MOVE] = "actor distance x y",
  [MSG_RELOAD] = "actor weapon loaded",
  [MSG_DRAW] = "actor weapon",
  [MSG_NO_WEAPON] = "",
  [MSG_IDLE] = "actor reason",
  [MSG_DEATH] = "actor",
  [MSG_END_NAMED] = "side_name",
  [MSG_END] = "side",
  [MSG_END_NO_WINNER] = "",
  [MSG_STRAY] = "actor stray",
  [MSG_PENETRATION] = "target bullet damage",
  [MSG_HP_BLEEDING] = "target hp_before hp_after health",
  [MSG_HP_CARE] = "target cause hp_before hp_after health",
  [MSG_HP_REVIVAL] = "target hp_before hp_after health",
  [MSG_BLEEDING_ROUND] = "target",
  [MSG_BLEEDING_SLOW] = "target period",
  [MSG_BLEEDING_STOPS] = "target",
  [MSG_REST] = "target rest",
  [MSG_REST_FIXED] = "target rest fixed",
  [MSG_TIME] = "actor duration",
  [MSG_NIGHT] = "actor point",
  [MSG_NIGHT_NONE] = "actor",
  [MSG_DEATH_FINAL] = "actor",
  [MSG_CHASE_LOSES] = "target lost white black",
  [MSG_CHASE_BLACKENS] = "target blackened white black",
  [MSG_CHASE_GM] = "target change white black",
  [MSG_CHASE_BAND] = "actor target band",
  [MSG_CRASH] = "actor failed total",
  [MSG_CHASE_OUT] = "actor state",
  [MSG_CHASE_CAUGHT] = "target",
  [MSG_CHASE_ESCAPED] = "target",
  [MSG_CHASE_JOIN] = "actor white",
  [MSG_IV_START] = "actor target",
  [MSG_IV_TRAIT] = "actor target trait value",
  [MSG_IV_REACTION] = "actor target attitude value",
  [MSG_IV_APPROACH] = "actor target skill attitude",
  [MSG_IV_AFFINITY] = "",
  [MSG_IV_DEFICIENCY] = "",
  [MSG_IV_UP] = "resistance",
  [MSG_IV_WON] = "actor target margin tiers",
  [MSG_IV_TIED] = "actor target",
  [MSG_IV_LOST] = "actor target margin",
  [MSG_IV_FACT] = "actor tier text",
  [MSG_IV_BARRED] = "actor target skill resistance",
  [MSG_IV_EVIDENCE] = "actor target resistance",
  [MSG_LOCATION_LIMB] = "target limb die modifier",
  [MSG_SHIFT] = "rolled shift",
  [MSG_THROWN] = "target metres",
  [MSG_STOPPING_FA] = "target fa threshold stopping",
  [MSG_SWAPPED] = "actor target",
  [MSG_MISHAP_DOWN] = "target",
  [MSG_MISHAP_OUT] = "target minutes",
  [MSG_MISHAP_DROP] = "target hand",
  [MSG_INITIATIVE] = "actor initiative kept stance circumstances",
  [MSG_ROLL_D10] = "pool dice",
  [MSG_ROLL_HIGHEST] = "pool dice highest",
};

const unsigned char cops__msg_plural[MSG_COUNT] = {
  [MSG_ROLL_OPPOSED] = 1, [MSG_ROLL_ACTION] = 1, [MSG_HIT_BULLETS] = 1, [MSG_AMMUNITION] = 1,
  [MSG_STRAY] = 1, [MSG_CHASE_LOSES] = 1, [MSG_CHASE_BLACKENS] = 1, [MSG_CRASH] = 1,
  [MSG_CHASE_JOIN] = 1, [MSG_IV_WON] = 1, [MSG_THROWN] = 1, [MSG_MISHAP_OUT] = 1,
};
