/* What a tabletop needs of a chase besides its rules (docs/chases.md, "Tabletops"): the
 * caller's tags, a participant's or passenger's state, checkpoints to roll back to. The
 * snapshot's JSON is a renderer's (lib/render/snapshot.c). */
#include <stdio.h>
#include <string.h>

#include "chase/chase-private.h"
#include "base/jsonutil.h"

/* The slot of participant or passenger id in the tags, or -1. */
static int slot(const cops_chase *c, int id)
{
  if (id >= 0 && id < c->n)
    return id;
  if (id >= COPS_PASSENGER_ID0 && id < COPS_PASSENGER_ID0 + c->nr)
    return id;
  return -1;
}

int cops_chase_set_tag(cops_chase *c, int id, const char *tag)
{
  if (!c)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (slot(c, id) < 0)
    return FAIL(c, COPS_EINVAL, "no participant or passenger %d", id);
  if (!tag)
    tag = "";
  int rc;
  if ((rc = cops__check_tag(c->ctx, tag)))
    return rc;
  for (int i = 0; tag[0] && i < COPS__CHASE_IDS; i++)
    if (i != id && slot(c, i) >= 0 && strcmp(cops__chase_tag(c, i), tag) == 0)
      return FAIL(c, COPS_EINVAL, "the tag '%s' is %d's already", tag, i);
  if (!c->tag && !tag[0])
    return COPS_OK;   /* no tags, none asked */
  if (!c->tag && !(c->tag = cops__calloc(&c->ctx->alloc, COPS__CHASE_IDS * sizeof *c->tag)))
    return FAIL(c, COPS_ENOMEM, "out of memory for tags");
  if ((rc = cops__log_tag(c->log, id, tag)))
    return rc;
  strcpy(c->tag[id], tag);   /* checked: at most COPS_TAG_MAX bytes */
  return COPS_OK;
}

const char *cops_chase_tag(const cops_chase *c, int id)
{
  return c && slot(c, id) >= 0 && cops__chase_tag(c, id)[0] ? cops__chase_tag(c, id) : NULL;
}

int cops_chase_find_tag(const cops_chase *c, const char *tag)
{
  if (!c || !tag)
    return COPS_EINVAL;
  for (int i = 0; tag[0] && i < COPS__CHASE_IDS; i++)
    if (slot(c, i) >= 0 && strcmp(cops__chase_tag(c, i), tag) == 0)
      return i;
  return cops__fail(c->ctx, COPS_ENOTFOUND, "no participant or passenger is tagged '%.64s'",
                    tag);
}

int cops__chase_tag_from(cops_chase *c, int id, json_t *v, const char *where)
{
  json_t *tv = json_object_get(v, "tag");
  if (!tv)
    return COPS_OK;
  char field[112];
  snprintf(field, sizeof field, "%s.tag", where);
  if (!json_is_string(tv) || !json_string_value(tv)[0])
    return cops__fail(c->ctx, COPS_EJSON, "%s: expected a tag, a string not empty", field);
  const int rc = cops_chase_set_tag(c, id, json_string_value(tv));
  return rc ? cops__prefix_error(c->ctx, rc, field) : COPS_OK;
}

int cops_chaser_state_init_sized(cops_chaser_state *st, size_t size)
{
  if (!st || size < sizeof(uint32_t) || size > sizeof *st)
    return COPS_EINVAL;
  memset(st, 0, size);
  st->size = (uint32_t)size;
  return COPS_OK;
}

void cops__chase_board_state(const cops_chase *c, int id, cops_chaser_state *st)
{
  const int passenger = id >= COPS_PASSENGER_ID0;
  const int at = passenger ? c->r[id - COPS_PASSENGER_ID0].vehicle : id;
  const struct chaser *p = &c->p[at];
  const cops_character *ch = passenger ? c->r[id - COPS_PASSENGER_ID0].ch : p->ch;
  const int pursued = cops__chase_pursued(c);
  st->size = sizeof *st;
  st->id = id;
  st->tag = cops__chase_tag(c, id)[0] ? cops__chase_tag(c, id) : NULL;
  st->name = cops__ev_name(ch);
  st->passenger = passenger;
  st->rides_with = passenger ? at : -1;
  st->role = p->role;
  st->state = p->state;
  st->vehicle = p->vehicle[0] ? p->vehicle : NULL;
  st->white = passenger ? 0 : p->white;
  st->black = passenger ? 0 : p->black;
  st->band = !passenger && p->role == COPS_CHASE_PURSUER && pursued >= 0
               ? cops__chase_band_of(p, &c->p[pursued]) : -1;
  st->declared = !passenger && p->declared;
  st->hp = ch->hp;
  st->max_hp = cops__max_hp(ch);
  st->health_state = cops_character_health_state(ch);
  st->conditions = ch->conditions;
}

int cops_chase_board_state(const cops_chase *c, int id, cops_chaser_state *st)
{
  if (!c || !st)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  if (st->size < sizeof(uint32_t) || st->size > sizeof *st)
    return FAIL(c, COPS_EINVAL, "state size %u: set it to sizeof(cops_chaser_state) "
                "(cops_chaser_state_init does)", (unsigned)st->size);
  if (slot(c, id) < 0)
    return FAIL(c, COPS_EINVAL, "no participant or passenger %d", id);
  const uint32_t size = st->size;
  cops_chaser_state full;
  cops__chase_board_state(c, id, &full);
  memcpy(st, &full, size);
  st->size = size;
  return COPS_OK;
}

/* ---- checkpoints ---------------------------------------------------------------------- */

/* A chase's checkpoint: what a failed round puts back (struct cops__chase_undo), how many
 * participants and passengers, every character's whole ledger, the tags, the stream. */
struct chase_checkpoint {
  struct cops_checkpoint head;
  struct cops__chase_undo u;
  int n, nr, epoch;
  struct cops__ledger_entry *ledger[COPS_CHASERS_MAX + COPS_PASSENGERS_MAX];
  int nledger;
  char tag[COPS__CHASE_IDS][COPS_TAG_MAX + 1];
  int tagged;                         /* the chase had its tags made */
  struct cops__rng_state rng;
};

static cops_character *character_at(const cops_chase *c, int k)
{
  return k < c->n ? c->p[k].ch : c->r[k - c->n].ch;
}

static void free_chase_checkpoint(cops_checkpoint *cp)
{
  struct chase_checkpoint *k = (struct chase_checkpoint *)cp;
  for (int i = 0; i < k->nledger; i++)
    cops__free(cp->alloc, k->ledger[i]);
}

int cops_chase_checkpoint(cops_chase *c, cops_checkpoint **out)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!c)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  cops_checkpoint *cp;
  int rc;
  if ((rc = cops__checkpoint_new(c->ctx, sizeof(struct chase_checkpoint),
                                 COPS__CHECKPOINT_CHASE, c, c->serial, free_chase_checkpoint,
                                 &cp)))
    return rc;
  struct chase_checkpoint *k = (struct chase_checkpoint *)cp;
  for (int i = 0; i < c->n + c->nr; i++) {
    const cops_character *ch = character_at(c, i);
    k->nledger = i + 1;
    if (ch->w.ln && !(k->ledger[i] = cops__malloc(&c->ctx->alloc,
                                                  (size_t)ch->w.ln * sizeof *k->ledger[i]))) {
      cops_checkpoint_free(cp);
      return FAIL(c, COPS_ENOMEM, "out of memory for a checkpoint");
    }
    for (int j = 0; j < ch->w.ln; j++)
      k->ledger[i][j] = ch->ledger[cops__ledger_index(ch, j)];
  }
  cops__chase_keep(c, &k->u);
  k->n = c->n;
  k->nr = c->nr;
  k->epoch = c->log->epoch;
  if (c->tag) {
    memcpy(k->tag, c->tag, sizeof k->tag);
    k->tagged = 1;
  }
  cops__rng_export(c->ctx, &k->rng);
  *out = cp;
  return COPS_OK;
}

int cops_chase_rollback(cops_chase *c, const cops_checkpoint *cp)
{
  if (!c)
    return COPS_EINVAL;
  COPS__ENTER(c->ctx);
  int rc;
  if ((rc = cops__checkpoint_of(c->ctx, cp, COPS__CHECKPOINT_CHASE, c, c->serial, "chase")))
    return rc;
  const struct chase_checkpoint *k = (const struct chase_checkpoint *)cp;
  if (k->epoch != c->log->epoch)
    return FAIL(c, COPS_ESTATE, "the log was cleared since the checkpoint: it cannot come "
                "back");
  if ((rc = cops__log_reserve_tags(c->log, COPS__CHASE_IDS)))
    return rc;   /* with the tags' room, the only steps that may fail */
  if (k->tagged && !c->tag &&
      !(c->tag = cops__calloc(&c->ctx->alloc, COPS__CHASE_IDS * sizeof *c->tag)))
    return FAIL(c, COPS_ENOMEM, "out of memory for tags");
  c->n = k->n;
  c->nr = k->nr;
  cops__chase_undo(c, &k->u);
  for (int i = 0; i < c->n + c->nr; i++) {
    cops_character *ch = character_at(c, i);
    for (int j = 0; j < ch->w.ln; j++)
      ch->ledger[cops__ledger_index(ch, j)] = k->ledger[i][j];
  }
  if (c->tag)
    memcpy(c->tag, k->tag, COPS__CHASE_IDS * sizeof *c->tag);
  for (int i = 0; c->tag && i < COPS__CHASE_IDS; i++)
    if (slot(c, i) >= 0)
      cops__log_tag(c->log, i, c->tag[i]);   /* room made above */
  cops__rng_restore(c->ctx, &k->rng);
  return COPS_OK;
}
