/* The social folder's interface (lib/social/): a subject's traits, what it went through
 * (C4.7), its JSON, the keys of traits and methods. Its own private parts:
 * interview-private.h. Uses lib/heal/ and below. Not installed. */
#ifndef COPS_LIB_SOCIAL_H
#define COPS_LIB_SOCIAL_H

#include "heal/heal.h"

/* A subject's resisting characteristic and resistance modifier; its context
 * (lib/social/subject.c, for lib/social/interrogation.c). */
int cops__subject_roll(const cops_subject *s, int characteristic, int *value, int *resistance);
cops_ctx *cops__subject_ctx(const cops_subject *s);
/* A subject as JSON (*bad set when out of memory), and read from a JSON value: what its file
 * holds, for an interview's save (lib/social/subject.c). */
json_t *cops__subject_json(const cops_subject *s, int *bad);
int cops__subject_from_value(cops_subject **out, cops_ctx *ctx, json_t *v);
/* A copy of s as an interrogator sees it (free with cops_subject_free): the traits of the
 * known bits (bit k: cops_trait k) as they are, the others a characteristic of 2 and a
 * reaction of 0; no resistance modifier, no fact (lib/social/subject.c); NULL when out of memory. */
cops_subject *cops__subject_seen(const cops_subject *s, unsigned known);
/* A trait's value: a characteristic, or a reaction from the cop's side. */
int cops__subject_trait(const cops_subject *s, int trait);
/* Resistance increases a subject keeps (C4.7): from 14 on no roll changes, C1.7's clamps
 * holding the subject's threshold at 2 whatever its modifier and the reaction. */
#define COPS__IV_UP_MAX 20
/* What a subject has been through (C4.7): bit k, method k (Intimidation, Éloquence,
 * Rhétorique) barred; set with the resistance increases (0..COPS__IV_UP_MAX), for the
 * interview's procedures, its undo and its old saves (lib/social/subject.c). */
unsigned cops__subject_barred_bits(const cops_subject *s);
void cops__subject_set_state(cops_subject *s, unsigned barred, int up);
/* The JSON keys of traits ("sang_froid", "amical") and of methods ("rhetorique")
 * (lib/social/interview.c, for the renderer and the saves). */
const char *cops__trait_key(int trait);
const char *cops__method_key(int skill);

#endif
