/* Helpers shared by the D6 module's Check suites: a sheet's attributes, characters from
 * sheets, their wounds, codes. */
#ifndef COPS_D6_TESTUTIL_H
#define COPS_D6_TESTUTIL_H

#include <stdio.h>

#include <cops/d6.h>

#include "testutil.h"

/* The six attributes of a sheet, Vigueur as given. */
#define ATTRS(vig) "\"attributes\":{\"vigueur\":\"" vig "\",\"agility\":\"3D\",\"coordination\":\"3D\"," \
                   "\"perception\":\"2D\",\"knowledge\":\"2D\",\"charisma\":\"2D\"}"

static inline cops_d6_character *sheet(cops_ctx *ctx, const char *json)
{
  cops_d6_character *ch = NULL;
  ck_assert_msg(cops_d6_character_from_json(&ch, ctx, json) == COPS_OK, "%s: %s", json,
                cops_ctx_errmsg(ctx));
  return ch;
}

/* A character of those attributes with its name and Vigueur. */
static inline cops_d6_character *simple(cops_ctx *ctx, const char *name, const char *vig)
{
  char json[512];
  snprintf(json, sizeof json, "{\"system\":\"d6\",\"name\":\"%s\",\"attributes\":{\"vigueur\":"
           "\"%s\",\"agility\":\"3D\",\"coordination\":\"3D\",\"perception\":\"2D\",\"knowledge\":"
           "\"2D\",\"charisma\":\"2D\"}}", name, vig);
  return sheet(ctx, json);
}

static inline cops_d6_wounds wounds(const cops_d6_character *ch)
{
  cops_d6_wounds w;
  w.size = sizeof w;
  ck_assert_int_eq(cops_d6_character_wounds(ch, &w), COPS_OK);
  return w;
}

static inline cops_d6_code code(int dice, int pips)
{
  cops_d6_code c = {dice, pips};
  return c;
}

#endif
