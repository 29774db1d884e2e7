/**
 * @file cops/relations.h
 * @brief A cop's relations (COPS.md C9, docs/relations.md): allies and
 * informants, their levels, their knowledge domains, a push, their upkeep,
 * and the cap of two level-4 relations. They live on the character and in its
 * sheet (schema 3).
 */
#ifndef COPS_RELATIONS_H
#define COPS_RELATIONS_H

#include <cops/common.h>
#include <cops/character.h>

COPS_BEGIN_DECLS

/** Most relations of one character. */
#define COPS_RELATIONS_MAX 64
/** Most knowledge domains of one relation. */
#define COPS_DOMAINS_MAX 16
/** Longest domain name, in bytes of UTF-8. */
#define COPS_DOMAIN_MAX 63
/** Most level-4 relations at a time (C9). */
#define COPS_LEVEL4_MAX 2

/** The two kinds of contact (C9). */
typedef enum cops_relation_kind {
  COPS_ALLY = 0,      /**< allié: real empathy, may act on their own and take risks */
  COPS_INFORMANT = 1  /**< informateur: trades information for money, information or favours */
} cops_relation_kind;

/**
 * What keeps a relation going (C9): an informant takes a monthly sum (its
 * default), information or small services; an ally occasional favours (its
 * default and its only upkeep). Since 0.17.0 a relation always has one of
 * its kind's: ::COPS_UPKEEP_NONE given to cops_character_set_relation_upkeep()
 * sets the kind's default, and cops_character_relation() never reports it.
 */
typedef enum cops_upkeep {
  COPS_UPKEEP_NONE = 0,        /**< not said: the kind's default */
  COPS_UPKEEP_MONEY = 1,       /**< a monthly sum (informants) */
  COPS_UPKEEP_INFORMATION = 2, /**< information in return (informants) */
  COPS_UPKEEP_SERVICES = 3,    /**< small services (informants) */
  COPS_UPKEEP_FAVOURS = 4      /**< occasional favours (allies) */
} cops_upkeep;

/** Ratings of a knowledge domain (C9): -3 .. +1 (+1 very rare). */
#define COPS_DOMAIN_RATING_MIN (-3)
/** See ::COPS_DOMAIN_RATING_MIN. */
#define COPS_DOMAIN_RATING_MAX 1

/**
 * One relation as cops_character_relation() reads it. Set @c size to
 * sizeof(cops_relation) before the call; the struct only grows at its end.
 */
typedef struct cops_relation {
  uint32_t size;      /**< sizeof(cops_relation), set by the caller */
  const char *name;   /**< the contact's name (borrowed: valid until the relation changes) */
  int kind;           /**< a ::cops_relation_kind */
  int level;          /**< 1..4 */
  int upkeep;         /**< a ::cops_upkeep */
  int domains;        /**< knowledge domains rated */
  int pushed;         /**< the domain pushed (C9), an index, or -1 */
} cops_relation;

/**
 * @brief Add a relation (C9): a contact's name (unique on the sheet, folded as
 * names are), its kind, its level 1..4 (at most ::COPS_LEVEL4_MAX at level 4),
 * with its kind's default upkeep (an informant a monthly sum, an ally
 * favours: ::cops_upkeep).
 * @param ch the cop
 * @param name the contact's name (UTF-8, at most ::COPS_NAME_MAX bytes)
 * @param kind a ::cops_relation_kind
 * @param level 1..4
 * @param[out] index its index (may be NULL)
 * @return ::COPS_OK; ::COPS_EINVAL (a bad kind, an empty or invalid name, a
 *         name on the sheet already); ::COPS_ERANGE (a level, a name too long,
 *         more than ::COPS_RELATIONS_MAX); ::COPS_ERULE (a third level 4);
 *         ::COPS_ENOMEM
 * @rule C9
 * @since 0.11.0
 */
COPS_API int cops_character_add_relation(cops_character *ch, const char *name, int kind,
                                         int level, int *index);
/** @brief Relations on the sheet, or ::COPS_EINVAL. @since 0.11.0 */
COPS_API int cops_character_relation_count(const cops_character *ch);
/** @brief Read relation @p i into @p out (its @c size set). @return ::COPS_OK, ::COPS_EINVAL @since 0.11.0 */
COPS_API int cops_character_relation(const cops_character *ch, int i, cops_relation *out);
/** @brief The index of the relation named @p name (folded), or ::COPS_ENOTFOUND. @since 0.11.0 */
COPS_API int cops_character_find_relation(const cops_character *ch, const char *name);
/** @brief Remove relation @p i (the later ones move down by one). @since 0.11.0 */
COPS_API int cops_character_remove_relation(cops_character *ch, int i);
/**
 * @brief A relation's level, 1..4: ::COPS_ERULE for a third level 4 (C9).
 * @since 0.11.0
 */
COPS_API int cops_character_set_relation_level(cops_character *ch, int i, int level);
/**
 * @brief A relation's upkeep, a ::cops_upkeep of its kind (C9): money,
 * information or services for an informant, favours for an ally;
 * ::COPS_UPKEEP_NONE sets the kind's default (money, favours).
 * @return ::COPS_OK; ::COPS_EINVAL (no such relation or upkeep);
 *         ::COPS_ERULE (an upkeep the kind does not take: nothing changes)
 * @rule C9
 * @since 0.11.0 (the kind's check and defaults since 0.17.0)
 */
COPS_API int cops_character_set_relation_upkeep(cops_character *ch, int i, int upkeep);

/**
 * @brief Rate a knowledge domain of relation @p i, -3..+1 (C9); a domain is a
 * name of the caller's ("drogue", "gangs", "politique"), matched folded. A
 * rating of 0 keeps the domain listed.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ERANGE (the rating, a name too
 *         long, more than ::COPS_DOMAINS_MAX)
 * @rule C9
 * @since 0.11.0
 */
COPS_API int cops_relation_set_domain(cops_character *ch, int i, const char *domain, int rating);
/** @brief Domain @p k of relation @p i: its name (borrowed) and rating. @since 0.11.0 */
COPS_API int cops_relation_domain(const cops_character *ch, int i, int k, const char **name,
                                  int *rating);
/** @brief Remove a domain from relation @p i (::COPS_ENOTFOUND when not rated). @since 0.11.0 */
COPS_API int cops_relation_remove_domain(cops_character *ch, int i, const char *domain);

/**
 * @brief Push a contact (C9): +1 to one domain for as long as the push lasts,
 * with risk to the contact (the caller shows it). One push at a time per
 * relation; a domain not rated yet is added at 0 first.
 * @return ::COPS_OK; ::COPS_EINVAL; ::COPS_ESTATE (a push under way);
 *         ::COPS_ERANGE (a new domain past ::COPS_DOMAINS_MAX)
 * @rule C9
 * @since 0.11.0
 */
COPS_API int cops_relation_push(cops_character *ch, int i, const char *domain);
/** @brief End relation @p i's push (::COPS_ESTATE when none). @since 0.11.0 */
COPS_API int cops_relation_release(cops_character *ch, int i);

/**
 * @brief The level of information relation @p i has in @p domain (C9
 * RULING): its level plus the domain's rating (0 when not rated), +1 when
 * pushed there; 0 or less: nothing in that domain.
 * @param ch the cop
 * @param i the relation's index
 * @param domain a domain's name (matched folded; one not rated counts 0)
 * @param[out] level the level of information (may be 0 or negative)
 * @return ::COPS_OK, ::COPS_EINVAL
 * @rule C9
 * @since 0.11.0
 */
COPS_API int cops_relation_information(const cops_character *ch, int i, const char *domain,
                                       int *level);

/** @brief A kind's name ("allié", "ally"), or NULL. @since 0.11.0 */
COPS_API const char *cops_relation_kind_name(int kind, int lang);
/** @brief Read a kind's name (French or English). @since 0.11.0 */
COPS_API int cops_relation_kind_parse(const char *text, int *kind);
/**
 * @brief A level's name for a kind (C9): allié "connaissance", "copain",
 * "ami", "à la vie à la mort"; informateur "correct", "réglo", "sûr",
 * "parfaitement fiable"; in English too. NULL out of range.
 * @since 0.11.0
 */
COPS_API const char *cops_relation_level_name(int kind, int level, int lang);
/** @brief An upkeep's name ("argent", "money"), or NULL. @since 0.11.0 */
COPS_API const char *cops_upkeep_name(int upkeep, int lang);
/** @brief Read an upkeep's name (French or English). @since 0.11.0 */
COPS_API int cops_upkeep_parse(const char *text, int *upkeep);

COPS_END_DECLS

#endif
