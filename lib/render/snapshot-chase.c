/* A chase as one JSON document (cops_chase_snapshot, schemas/snapshot.schema.json,
 * docs/chases.md "Tabletops"), with the pieces of lib/render/snapshot.c. */
#include "chase/chase-private.h"
#include "render/render.h"

static void chaser(cops__text *t, const cops_chaser_state *s)
{
  static const char *const roles[] = {"pursued", "pursuer"};
  static const char *const states[] = {"in", "lost", "stopped", "wrecked"};
  static const char *const bands[] = {"short", "intermediate", "long"};
  cops__text_printf(t, "{\"id\":%d", s->id);
  cops__snap_key(t, "tag");
  cops__snap_str(t, s->tag);
  cops__snap_key(t, "name");
  cops__snap_str(t, s->name);
  cops__snap_id_or_null(t, "rides_with", s->rides_with);
  cops__snap_key(t, "role");
  cops__snap_str(t, roles[s->role]);
  cops__snap_key(t, "state");
  cops__snap_str(t, states[s->state]);
  cops__snap_key(t, "vehicle");
  cops__snap_str(t, s->vehicle);
  if (!s->passenger) {
    cops__snap_integer(t, "white", s->white);
    cops__snap_integer(t, "black", s->black);
    cops__snap_key(t, "band");
    cops__snap_str(t, s->band >= 0 ? bands[s->band] : NULL);
    cops__snap_boolean(t, "declared", s->declared);
  }
  cops__snap_integer(t, "hp", s->hp);
  cops__snap_integer(t, "max_hp", s->max_hp);
  cops__snap_key(t, "health_state");
  cops__snap_str(t, cops_health_state_key(s->health_state));
  cops__snap_conditions(t, s->conditions);
  cops__text_add(t, "}", 1);
}

int cops_chase_snapshot(const cops_chase *c, char **out)
{
  static const char *const results[] = {"going", "caught", "escaped"};
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!c)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  cops__text t;
  cops__text_init(&t, &c->ctx->alloc);
  cops__text_printf(&t, "{\"schema\":%d,\"kind\":\"chase\"", COPS__SNAPSHOT_SCHEMA);
  cops__snap_key(&t, "name");
  cops__snap_str(&t, c->name[0] ? c->name : NULL);
  cops__snap_integer(&t, "round", c->round);
  cops__snap_key(&t, "result");
  cops__snap_str(&t, results[c->result]);
  cops__snap_integer(&t, "events", cops_log_count(c->log));
  cops__snap_integer(&t, "next_seq", cops__log_next_seq(c->log));
  cops_chaser_state s;
  cops__snap_key(&t, "participants");
  cops__text_add(&t, "[", 1);
  for (int i = 0; i < c->n; i++) {
    if (i)
      cops__text_add(&t, ",", 1);
    cops__chase_board_state(c, i, &s);
    chaser(&t, &s);
  }
  cops__text_add(&t, "]", 1);
  cops__snap_key(&t, "passengers");
  cops__text_add(&t, "[", 1);
  for (int k = 0; k < c->nr; k++) {
    if (k)
      cops__text_add(&t, ",", 1);
    cops__chase_board_state(c, COPS_PASSENGER_ID0 + k, &s);
    chaser(&t, &s);
  }
  cops__text_add(&t, "]}\n", 3);
  if (cops__text_finish(&t, out))
    return cops__fail(c->ctx, COPS_ENOMEM, "out of memory for a snapshot");
  return COPS_OK;
}
