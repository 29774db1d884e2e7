/* The interview's private parts (lib/social/interview.c: the procedures; lib/social/interview-save.c: its
 * save). Not installed. */
#ifndef COPS_INTERVIEW_PRIVATE_H
#define COPS_INTERVIEW_PRIVATE_H

#include "social/social.h"
#include "lang/lang.h"

/* The ids events give the two parties. */
#define COPS_IV_COP 0
#define COPS_IV_SUBJECT 1

struct cops_interview {
  cops_ctx *ctx;
  cops_subject *subject;
  cops_character *cop;
  int owned;              /* a resumed interview's: freed with it */
  int evaluated;          /* the first contact made (C4.1) */
  unsigned known;         /* bit t: the interrogator knows cops_trait t */
  uint32_t learnt;        /* bit i: fact i learnt */
  int asked;              /* interrogation rolls made */
  cops_log *log;
  cops_roll *roll, *other;
};

/* An interview with its log and rolls, nothing else set (lib/social/interview.c). */
int cops__interview_alloc(cops_interview **out, cops_ctx *ctx);
/* A method's index 0..2 (Intimidation, Éloquence, Rhétorique), or -1; a method from its key,
 * a trait from its key, or -1. */
int cops__method_index(int skill);
int cops__method_of_key(const char *key);
int cops__trait_of_key(const char *key);

#endif
