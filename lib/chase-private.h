/* The chase's private parts (lib/chase.c: the engine; lib/chase-odds.c: the odds of a
 * round and the default policy; lib/chase-file.c: running a chase, chase files). Not
 * installed. */
#ifndef COPS_CHASE_PRIVATE_H
#define COPS_CHASE_PRIVATE_H

#include "internal.h"

#define FAIL(c, code, ...) cops__fail((c)->ctx, (code), __VA_ARGS__)

struct cops__chase_line {
  int round, id;
  cops_chase_declaration d;
};

struct chaser {
  cops_character *ch;
  char skill[160];            /* the roll's notation, without difficulty */
  char vehicle[COPS_NAME_MAX + 1];
  int role, state;
  int white, black;
  int threshold;              /* the threshold rolled (C1.4/C1.5); 11 unskilled (C7.5) */
  int declared;               /* declared for the next round */
  cops_chase_declaration decl;
};

struct cops_chase {
  cops_ctx *ctx;
  char name[COPS_NAME_MAX + 1];
  struct chaser p[COPS_CHASERS_MAX];
  int n, round, result, max_rounds;
  cops_character *owned[COPS_CHASERS_MAX];   /* a chase file's characters, freed with it */
  int nowned;
  struct cops__chase_line *script;           /* a chase file's declarations */
  int nscript;
  int wreck_from;                            /* a chase file's crash table, 0 for none */
  int small_malus, large_malus;              /* C7.1 RULING: a passenger's shot, dice */
  int crash_mode;
  cops_crash_fn crash;
  void *crash_user;
  cops_log *log;
  cops_roll *roll, *d6;
};


static inline int cops__chase_valid(const cops_chase *c, int id)
{
  return c && id >= 0 && id < c->n;
}

/* A chase file's crash table, user the chase: a d6 at wreck_from or more wrecks
 * (lib/chase-file.c). */
int cops__chase_file_table(void *user, int id, int failed, const int *d6, int n, int *wrecked);
/* The pursued's id, or -1 (lib/chase.c). */
int cops__chase_pursued(const cops_chase *c);

#endif
