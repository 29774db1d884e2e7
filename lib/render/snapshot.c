/* A board as one JSON document (schemas/snapshot.schema.json, docs/encounters.md,
 * "Tabletops"): a fight's (cops_encounter_snapshot) and a chase's (cops_chase_snapshot).
 * Written straight into text, keys in a fixed order: a tabletop asks for one every frame. */
#include <string.h>

#include "fight/encounter-private.h"
#include "render/render.h"

#define SNAPSHOT_SCHEMA 1

/* A JSON string: the text's quotes and backslashes escaped (tags and names are clean
 * text: no control character). NULL is null. */
static void str(cops__text *t, const char *s)
{
  if (!s) {
    cops__text_add(t, "null", 4);
    return;
  }
  cops__text_add(t, "\"", 1);
  for (const char *p = s; *p;) {
    const size_t run = strcspn(p, "\"\\");
    cops__text_add(t, p, run);
    p += run;
    if (*p) {
      const char esc[2] = {'\\', *p++};
      cops__text_add(t, esc, 2);
    }
  }
  cops__text_add(t, "\"", 1);
}

static void key(cops__text *t, const char *k)
{
  cops__text_printf(t, ",\"%s\":", k);
}

static void integer(cops__text *t, const char *k, int v)
{
  cops__text_printf(t, ",\"%s\":%d", k, v);
}

static void boolean(cops__text *t, const char *k, int v)
{
  cops__text_printf(t, ",\"%s\":%s", k, v ? "true" : "false");
}

static void id_or_null(cops__text *t, const char *k, int id)
{
  if (id >= 0)
    integer(t, k, id);
  else
    cops__text_printf(t, ",\"%s\":null", k);
}

static void conditions(cops__text *t, unsigned bits)
{
  key(t, "conditions");
  cops__text_add(t, "[", 1);
  int first = 1;
  for (int i = 0; i < 32; i++)
    if (bits & (1u << i)) {
      if (!first)
        cops__text_add(t, ",", 1);
      str(t, cops__condition_key(i));
      first = 0;
    }
  cops__text_add(t, "]", 1);
}

static void combatant(cops__text *t, const cops_combatant_state *s)
{
  cops__text_printf(t, "{\"id\":%d", s->id);
  key(t, "tag");
  str(t, s->tag);
  key(t, "name");
  str(t, s->name);
  integer(t, "side", s->side);
  integer(t, "x", s->x);
  integer(t, "y", s->y);
  boolean(t, "present", s->present);
  boolean(t, "able", s->able);
  boolean(t, "controlled", s->controlled);
  integer(t, "hp", s->hp);
  integer(t, "max_hp", s->max_hp);
  key(t, "health");
  str(t, cops__health_key(s->health));
  key(t, "health_state");
  str(t, cops_health_state_key(s->health_state));
  conditions(t, s->conditions);
  boolean(t, "awaited", s->awaited);
  key(t, "declaration");
  if (s->declared) {
    cops__text_add(t, "{\"action\":", 10);
    str(t, cops_encounter_action_name(s->action));
    integer(t, "attitude", s->attitude);
    integer(t, "initiative", s->initiative);
    id_or_null(t, "target", s->target);
    cops__text_add(t, "}", 1);
  } else {
    cops__text_add(t, "null", 4);
  }
  key(t, "weapon");
  if (s->weapon >= 0) {
    cops__text_printf(t, "{\"index\":%d", s->weapon);
    key(t, "name");
    str(t, s->weapon_name);
    integer(t, "loaded", s->loaded);
    cops__text_add(t, "}", 1);
  } else {
    cops__text_add(t, "null", 4);
  }
  key(t, "armour");
  str(t, s->armour_name);
  integer(t, "adrenaline", s->adrenaline);
  integer(t, "anciennete", s->anciennete);
  id_or_null(t, "holds", s->holds);
  id_or_null(t, "held_by", s->held_by);
  cops__text_add(t, "}", 1);
}

int cops_encounter_snapshot(const cops_encounter *e, char **out)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  cops__text t;
  cops__text_init(&t, &e->ctx->alloc);
  const int phase = cops__enc_phase(e);
  const cops_log *log = cops_encounter_log(e);
  cops__text_printf(&t, "{\"schema\":%d,\"kind\":\"encounter\",\"round\":%d", SNAPSHOT_SCHEMA,
                    e->round);
  key(&t, "phase");
  str(&t, cops_phase_key(phase));
  key(&t, "ruleset");
  str(&t, cops_ruleset_name(cops_encounter_ruleset(e)));
  id_or_null(&t, "winner", e->over ? e->winner : -1);
  integer(&t, "events", cops_log_count(log));
  integer(&t, "next_seq", cops__log_next_seq(log));
  cops_combatant_state s[COPS_COMBATANTS_MAX];
  for (int i = 0; i < e->n; i++)
    cops__enc_state(e, i, &s[i]);
  key(&t, "awaiting");
  cops__text_add(&t, "[", 1);
  for (int i = 0, first = 1; i < e->n; i++)
    if (s[i].awaited) {
      cops__text_printf(&t, first ? "%d" : ",%d", i);
      first = 0;
    }
  cops__text_add(&t, "]", 1);
  key(&t, "combatants");
  cops__text_add(&t, "[", 1);
  for (int i = 0; i < e->n; i++) {
    if (i)
      cops__text_add(&t, ",", 1);
    combatant(&t, &s[i]);
  }
  cops__text_add(&t, "]}\n", 3);
  if (cops__text_finish(&t, out))
    return cops__fail(e->ctx, COPS_ENOMEM, "out of memory for a snapshot");
  return COPS_OK;
}
