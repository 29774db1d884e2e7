/* The languages of the narration and of the names of game terms: one
 * catalogue per language (lib/lang/fr.c, en.c), data only, so that a language
 * is a new table and no code (docs/events.md, "Adding a language"). Not
 * installed. */
#ifndef COPS_LANG_H
#define COPS_LANG_H

#include "base/internal.h"

/* The messages of the narration (lib/render/narrate.c). A message is a template:
 * text with placeholders {name} (a value of the event, listed in
 * cops__msg_placeholders) and {name:+} (a number with its sign). A message
 * that depends on a count has two forms, singular and plural, chosen by the
 * language's plural rule on the count its comment names. */
enum cops__msg {
  MSG_ROUND,              /* {round} */
  MSG_SOMEONE,            /* a name left blank */
  MSG_ATTACK,             /* {actor} {attitude} {initiative:+} {mode} {target} */
  MSG_ATTACK_COVER,       /* {actor} {attitude} {initiative:+} {mode} */
  MSG_ATTACK_WEAPON,      /* {weapon} */
  MSG_ATTACK_DISTANCE,    /* {distance} */
  MSG_ATTACK_ADRENALINE,  /* an Adrénaline point spent (C5) */
  MSG_ROLL,               /* {who} {purpose} */
  MSG_ROLL_ANCIENNETE,    /* {who} {purpose}: a failed roll made again for an Ancienneté point (C5) */
  MSG_ROLL_OPPOSED,       /* {threshold} {pool} {dice} {successes}; plural on successes */
  MSG_ROLL_ACTION,        /* {threshold} {pool} {difficulty} {dice} {successes} {result} {mr} {margin}; plural on successes */
  MSG_ROLL_SUCCESS,       /* the result of a roll that succeeds */
  MSG_ROLL_FAILURE,       /* and of one that fails */
  MSG_MR,                 /* marge de réussite */
  MSG_ME,                 /* marge d'échec */
  MSG_ROLL_D6,            /* {pool} {dice} {total} */
  MSG_MISS_BULLET,        /* {actor} {bullet} {reason} */
  MSG_MISS,               /* {actor} {target} {reason} */
  MSG_HIT_BULLETS,        /* {actor} {target} {hits} {fired}; plural on hits */
  MSG_HIT,                /* {actor} {target} {margin} */
  MSG_UNLOCATED,          /* {target} */
  MSG_LOCATION,           /* {target} {zone} {die} {modifier:+} */
  MSG_DAMAGE_STOPPED,     /* {target} {raw} {protection} */
  MSG_DAMAGE_UNLOCATED,   /* {target} {raw} {protection} {damage} */
  MSG_DAMAGE,             /* {target} {raw} {protection} {bonus} {damage} */
  MSG_HIT_POINTS,         /* {target} {hp_before} {hp_after} {health} */
  MSG_LASTING,            /* after MSG_HIT_POINTS */
  MSG_STOPPING,           /* {target} {stopping} */
  MSG_CONDITION_ON,       /* {target} {condition} */
  MSG_CONDITION_OFF,      /* {target} {condition} */
  MSG_AMMUNITION,         /* {actor} {used} {loaded} {weapon}; plural on used */
  MSG_THE_WEAPON,         /* a weapon without a name */
  MSG_COVER,              /* {actor} {fired} {margin} */
  MSG_COVER_FAILS,        /* {actor} {fired} */
  MSG_ESCAPE,             /* {actor} {target} */
  MSG_STILL_HELD,         /* {actor} {target} */
  MSG_START_SEEDED,       /* {seed} {combatants} */
  MSG_START,              /* {combatants} */
  MSG_JOIN_NAMED,         /* {actor} {side_name} {x} {y} */
  MSG_JOIN,               /* {actor} {side} {x} {y} */
  MSG_LEAVE,              /* {actor} */
  MSG_ROUND_BEGINS,
  MSG_DECLARE,            /* {actor} {attitude} {initiative:+} {action} */
  MSG_DECLARE_TARGET,     /* {target} */
  MSG_DECLARE_MOVING,     /* {x} {y} */
  MSG_DECLARE_GM,         /* {dice_mod:+} {threshold_mod:+} {difficulty_mod:+} */
  MSG_DECLARE_ODDS,       /* {down} {risk}: the tactical policy's odds, in % */
  MSG_MOVE,               /* {actor} {distance} {x} {y} */
  MSG_RELOAD,             /* {actor} {weapon} {loaded} */
  MSG_DRAW,               /* {actor} {weapon} */
  MSG_NO_WEAPON,          /* a weapon unknown to the log */
  MSG_IDLE,               /* {actor} {reason} */
  MSG_DEATH,              /* {actor} */
  MSG_END_NAMED,          /* {side_name} */
  MSG_END,                /* {side} */
  MSG_END_NO_WINNER,
  MSG_STRAY,              /* {actor} {stray}; plural on stray */
  MSG_PENETRATION,        /* {target} {bullet} {damage} */
  MSG_HP_BLEEDING,        /* {target} {hp_before} {hp_after} {health} */
  MSG_HP_CARE,            /* {target} {cause} {hp_before} {hp_after} {health} */
  MSG_HP_REVIVAL,         /* {target} {hp_before} {hp_after} {health} */
  MSG_BLEEDING_ROUND,     /* {target}: 1 hit point a round */
  MSG_BLEEDING_SLOW,      /* {target} {period} */
  MSG_BLEEDING_STOPS,     /* {target} */
  MSG_REST,               /* {target} {rest} */
  MSG_REST_FIXED,         /* {target} {rest} {fixed} */
  MSG_TIME,               /* {actor} {duration} */
  MSG_NIGHT,              /* {actor} {point} */
  MSG_NIGHT_NONE,         /* {actor} */
  MSG_DEATH_FINAL,        /* {actor} */
  MSG_CHASE_LOSES,        /* {target} {lost} {white} {black}; plural on lost */
  MSG_CHASE_BLACKENS,     /* {target} {blackened} {white} {black}; plural on blackened */
  MSG_CHASE_GM,           /* {target} {change:+} {white} {black} */
  MSG_CHASE_BAND,         /* {actor} {target} {band} */
  MSG_CRASH,              /* {actor} {failed} {total}; plural on failed */
  MSG_CHASE_OUT,          /* {actor} {state} */
  MSG_CHASE_CAUGHT,       /* {target} */
  MSG_CHASE_ESCAPED,      /* {target} */
  MSG_CHASE_JOIN,         /* {actor} {white}; plural on white */
  MSG_IV_START,           /* {actor} {target}: an interview begins (C4) */
  MSG_IV_TRAIT,           /* {actor} {target} {trait} {value}: a characteristic revealed (C4.1) */
  MSG_IV_REACTION,        /* {actor} {target} {attitude} {value:+}: a reaction revealed */
  MSG_IV_APPROACH,        /* {actor} {target} {skill} {attitude} */
  MSG_IV_AFFINITY,        /* after MSG_IV_APPROACH (C4.6) */
  MSG_IV_DEFICIENCY,      /* after MSG_IV_APPROACH (C4.6) */
  MSG_IV_UP,              /* {resistance:+}: after MSG_IV_APPROACH (C4.7) */
  MSG_IV_WON,             /* {actor} {target} {margin} {tiers}; plural on tiers */
  MSG_IV_TIED,            /* {actor} {target} */
  MSG_IV_LOST,            /* {actor} {target} {margin} */
  MSG_IV_FACT,            /* {actor} {tier} {text}: the subject speaks */
  MSG_IV_BARRED,          /* {actor} {target} {skill} {resistance:+} */
  MSG_IV_EVIDENCE,        /* {actor} {target} {resistance:+} */
  MSG_LOCATION_LIMB,      /* {target} {limb} {die} {modifier:+}: a leg or an arm under A4.1 */
  MSG_SHIFT,              /* {rolled} {shift:+}: after a location moved by excess successes (A2.1) */
  MSG_THROWN,             /* {target} {metres}: after a throw's hit (A3.3); plural on metres */
  MSG_STOPPING_FA,        /* {target} {fa} {threshold} {stopping}: the stopping factor (A5) */
  MSG_SWAPPED,            /* {actor} {target}: an escape that swaps the roles (A3.4) */
  MSG_MISHAP_DOWN,        /* {target}: knocked to the ground (A5) */
  MSG_MISHAP_OUT,         /* {target} {minutes}: unconscious (A5); plural on minutes */
  MSG_MISHAP_DROP,        /* {target} {hand}: drops what that hand held (A5) */
  MSG_INITIATIVE,         /* {actor} {initiative} {kept} {stance:+} {circumstances:+}: A1.2 */
  MSG_ROLL_D10,           /* {pool} {dice}: the initiative d10 of A1.2 */
  MSG_ROLL_HIGHEST,       /* {pool} {dice} {highest}: d6 of which the highest counts (A3) */
  MSG_COUNT
};

/* Plural rules, as data: which counts take the singular. */
enum cops__plural {
  COPS__PLURAL_ONE,          /* 1 (English, Spanish, German ...) */
  COPS__PLURAL_ZERO_ONE,     /* 0 and 1 (French) */
};

struct cops__lang {
  const char *code;                       /* "fr", "en" */
  const char *name;                       /* in the language itself */
  int plural;                             /* a cops__plural */
  const char *msg[MSG_COUNT][2];          /* each message, singular and plural */
  /* Words the messages take. */
  const char *purpose[COPS_PURPOSE_COUNT];
  const char *mode[COPS_ATTACK_MODE_COUNT];      /* what an attacker does */
  const char *miss[COPS_MISS_REASON_COUNT];
  const char *action[COPS_ACT_COUNT];            /* what a combatant declares */
  const char *idle[COPS_IDLE_REASON_COUNT];
  const char *zone_narration[COPS_ZONE_COUNT];   /* where a hit lands, as MSG_LOCATION has it */
  /* Names of game terms, also given by the public name functions. */
  const char *attitude[5];                       /* -2 .. +2 */
  const char *zone[COPS_ZONE_COUNT];
  const char *health[6];
  const char *condition[9];                      /* by bit, COPS_COND_OUT first */
  const char *stopping[COPS_STOP_RESULT_COUNT];
  const char *limb[4];                           /* A4.1: right leg, left leg, right arm, left arm */
  const char *side[3];                           /* ::cops_body_sides (none: NULL) */
  const char *hand[2];                           /* right, left (MSG_MISHAP_DROP) */
  const char *cause[COPS_CAUSE_COUNT];           /* why hit points came back (MSG_HP_CARE) */
  const char *rest[COPS_REST_COUNT];             /* also cops_rest_name() */
  const char *treatment[COPS_TREAT_COUNT];       /* also cops_treatment_name() */
  const char *point[2];                          /* Adrénaline, Ancienneté */
  const char *units[4];                          /* day, hour, minute, second */
  const char *band[3];                           /* C7.1, also cops_chase_band_name() */
  const char *chaser[4];                         /* a participant's state (CHASE_OUT) */
  const char *relation_kind[2];                  /* C9: ally, informant */
  const char *relation_level[2][4];              /* C9: by kind, levels 1..4 */
  const char *upkeep[5];                         /* C9: cops_upkeep */
  const char *iv_attitude[5];                    /* C4.3: an interrogator's attitudes */
  const char *iv_method[3];                      /* C4.2: Intimidation, Éloquence, Rhétorique */
  const char *iv_trait[3];                       /* C4.1: Sang-froid, Charme, Éducation */
};

/* The catalogue of a cops_lang, NULL for none. */
const struct cops__lang *cops__lang(int lang);
/* How many languages there are (cops_lang values 0 .. n-1). */
int cops__lang_count(void);
/* The placeholders a message takes, space-separated, as the comments above
 * list them (the catalogue check compares every language with this). */
extern const char *const cops__msg_placeholders[MSG_COUNT];
/* Whether a message has a plural form. */
extern const unsigned char cops__msg_plural[MSG_COUNT];

extern const struct cops__lang cops__lang_fr;
extern const struct cops__lang cops__lang_en;
extern const struct cops__lang cops__lang_es;

#endif
