/* A board as one JSON document (schemas/snapshot.schema.json, docs/encounters.md,
 * "Tabletops"): a fight's (cops_encounter_snapshot), and the pieces a chase's shares
 * (lib/render/snapshot-chase.c). Written straight into text, keys in a fixed order: a
 * tabletop asks for one every frame. */
#include <string.h>

#include "fight/encounter-private.h"
#include "render/render.h"


/* A JSON string: the text's quotes and backslashes escaped (tags and names are clean
 * text: no control character). NULL is null. */
void cops__snap_str(cops__text *t, const char *s)
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

/* An integer as decimal text: no printf on the way (a snapshot a frame). */
static void number(cops__text *t, int v)
{
  char buf[12];
  int i = sizeof buf;
  unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
  do {
    buf[--i] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0)
    buf[--i] = '-';
  cops__text_add(t, buf + i, sizeof buf - (size_t)i);
}

void cops__snap_key(cops__text *t, const char *k)
{
  const size_t n = strlen(k);
  char buf[40];
  if (n + 4 > sizeof buf) {
    cops__text_printf(t, ",\"%s\":", k);
    return;
  }
  buf[0] = ',';
  buf[1] = '"';
  memcpy(buf + 2, k, n);
  buf[n + 2] = '"';
  buf[n + 3] = ':';
  cops__text_add(t, buf, n + 4);
}

void cops__snap_integer(cops__text *t, const char *k, int v)
{
  cops__snap_key(t, k);
  number(t, v);
}

void cops__snap_boolean(cops__text *t, const char *k, int v)
{
  cops__snap_key(t, k);
  if (v)
    cops__text_add(t, "true", 4);
  else
    cops__text_add(t, "false", 5);
}

void cops__snap_id_or_null(cops__text *t, const char *k, int id)
{
  cops__snap_key(t, k);
  if (id >= 0)
    number(t, id);
  else
    cops__text_add(t, "null", 4);
}

void cops__snap_conditions(cops__text *t, unsigned bits)
{
  cops__snap_key(t, "conditions");
  cops__text_add(t, "[", 1);
  int first = 1;
  for (int i = 0; i < 32; i++)
    if (bits & (1u << i)) {
      if (!first)
        cops__text_add(t, ",", 1);
      cops__snap_str(t, cops__condition_key(i));
      first = 0;
    }
  cops__text_add(t, "]", 1);
}

static void combatant(cops__text *t, const cops_combatant_state *s)
{
  cops__text_add(t, "{\"id\":", 6);
  number(t, s->id);
  cops__snap_key(t, "tag");
  cops__snap_str(t, s->tag);
  cops__snap_key(t, "name");
  cops__snap_str(t, s->name);
  cops__snap_integer(t, "side", s->side);
  cops__snap_integer(t, "x", s->x);
  cops__snap_integer(t, "y", s->y);
  cops__snap_boolean(t, "present", s->present);
  cops__snap_boolean(t, "able", s->able);
  cops__snap_boolean(t, "controlled", s->controlled);
  cops__snap_integer(t, "hp", s->hp);
  cops__snap_integer(t, "max_hp", s->max_hp);
  cops__snap_key(t, "health");
  cops__snap_str(t, cops__health_key(s->health));
  cops__snap_key(t, "health_state");
  cops__snap_str(t, cops_health_state_key(s->health_state));
  cops__snap_conditions(t, s->conditions);
  cops__snap_boolean(t, "awaited", s->awaited);
  cops__snap_key(t, "declaration");
  if (s->declared) {
    cops__text_add(t, "{\"action\":", 10);
    cops__snap_str(t, cops_encounter_action_name(s->action));
    cops__snap_integer(t, "attitude", s->attitude);
    cops__snap_integer(t, "initiative", s->initiative);
    cops__snap_id_or_null(t, "target", s->target);
    cops__text_add(t, "}", 1);
  } else {
    cops__text_add(t, "null", 4);
  }
  cops__snap_key(t, "weapon");
  if (s->weapon >= 0) {
    cops__text_add(t, "{\"index\":", 9);
    number(t, s->weapon);
    cops__snap_key(t, "name");
    cops__snap_str(t, s->weapon_name);
    cops__snap_integer(t, "loaded", s->loaded);
    if (s->magazines >= 0)   /* spare magazines, when counted (0.17) */
      cops__snap_integer(t, "magazines", s->magazines);
    cops__text_add(t, "}", 1);
  } else {
    cops__text_add(t, "null", 4);
  }
  cops__snap_key(t, "armour");
  cops__snap_str(t, s->armour_name);
  cops__snap_integer(t, "adrenaline", s->adrenaline);
  cops__snap_integer(t, "anciennete", s->anciennete);
  cops__snap_id_or_null(t, "holds", s->holds);
  cops__snap_id_or_null(t, "held_by", s->held_by);
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
  cops__text_printf(&t, "{\"schema\":%d,\"kind\":\"encounter\",\"round\":%d", COPS__SNAPSHOT_SCHEMA,
                    e->round);
  cops__snap_key(&t, "phase");
  cops__snap_str(&t, cops_phase_key(phase));
  cops__snap_key(&t, "ruleset");
  cops__snap_str(&t, cops_ruleset_name(cops_encounter_ruleset(e)));
  cops__snap_id_or_null(&t, "winner", e->over ? e->winner : -1);
  cops__snap_integer(&t, "events", cops_log_count(log));
  cops__snap_integer(&t, "next_seq", cops__log_next_seq(log));
  cops_combatant_state s[COPS_COMBATANTS_MAX];
  for (int i = 0; i < e->n; i++)
    cops__enc_state(e, i, &s[i]);
  cops__snap_key(&t, "awaiting");
  cops__text_add(&t, "[", 1);
  for (int i = 0, first = 1; i < e->n; i++)
    if (s[i].awaited) {
      if (!first)
        cops__text_add(&t, ",", 1);
      number(&t, i);
      first = 0;
    }
  cops__text_add(&t, "]", 1);
  cops__snap_key(&t, "combatants");
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
