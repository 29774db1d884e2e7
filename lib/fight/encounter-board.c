/* What a tabletop needs of a fight besides its rules (docs/encounters.md, "Tabletops"):
 * the caller's tags, a combatant's state for the board, the phase, and checkpoints to
 * roll back to. The snapshot's JSON is a renderer's (lib/render/snapshot.c). */
#include <stdlib.h>
#include <string.h>

#include "fight/encounter-private.h"

int cops_encounter_set_tag(cops_encounter *e, int id, const char *tag)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = check_id(e, id)))
    return rc;
  if (!tag)
    tag = "";
  if ((rc = cops__check_tag(e->ctx, tag)))
    return rc;
  for (int i = 0; tag[0] && i < e->n; i++)
    if (i != id && strcmp(e->tag[i], tag) == 0)
      return FAIL(e, COPS_EINVAL, "the tag '%s' is combatant %d's already", tag, i);
  if ((rc = cops__log_tag(e->log, id, tag)))
    return rc;
  strcpy(e->tag[id], tag);   /* checked: at most COPS_TAG_MAX bytes */
  return COPS_OK;
}

const char *cops_encounter_tag(const cops_encounter *e, int id)
{
  return e && id >= 0 && id < e->n && e->tag[id][0] ? e->tag[id] : NULL;
}

int cops_encounter_find_tag(const cops_encounter *e, const char *tag)
{
  if (!e || !tag)
    return COPS_EINVAL;
  for (int i = 0; tag[0] && i < e->n; i++)
    if (strcmp(e->tag[i], tag) == 0)
      return i;
  return cops__fail(e->ctx, COPS_ENOTFOUND, "no combatant is tagged '%.64s'", tag);
}

int cops__enc_phase(const cops_encounter *e)
{
  return e->over ? COPS_PHASE_OVER : e->in_round ? COPS_PHASE_DECLARING
                                                 : COPS_PHASE_BETWEEN_ROUNDS;
}

int cops_encounter_phase(const cops_encounter *e)
{
  return e ? cops__enc_phase(e) : COPS_EINVAL;
}

const char *cops_phase_key(int phase)
{
  static const char *const keys[] = {"between_rounds", "declaring", "over"};
  return phase >= 0 && phase <= COPS_PHASE_OVER ? keys[phase] : NULL;
}

int cops_combatant_state_init_sized(cops_combatant_state *st, size_t size)
{
  if (!st || size < sizeof(uint32_t) || size > sizeof *st)
    return COPS_EINVAL;
  memset(st, 0, size);
  st->size = (uint32_t)size;
  return COPS_OK;
}

void cops__enc_state(const cops_encounter *e, int id, cops_combatant_state *st)
{
  const struct combatant *c = &e->c[id];
  const cops_character *ch = c->ch;
  const cops_weapon *w = in_hand(c);
  st->size = sizeof *st;
  st->id = id;
  st->tag = e->tag[id][0] ? e->tag[id] : NULL;
  st->name = name(e, id);
  st->side = c->side;
  st->x = c->x;
  st->y = c->y;
  st->present = c->present;
  st->able = cops_encounter_can_act(e, id) == 1;
  st->controlled = c->controlled;
  st->hp = ch->hp;
  st->max_hp = cops__max_hp(ch);
  st->health = cops__health(ch);
  st->health_state = cops_character_health_state(ch);
  st->conditions = ch->conditions;
  st->declared = e->in_round && c->declared;
  st->awaited = e->in_round && !e->over && c->controlled && !c->declared && able(e, id);
  st->action = st->declared ? c->decl.action : -1;
  st->attitude = st->declared ? c->decl.attitude : 0;
  st->initiative = st->declared ? c->decl.initiative : 0;
  st->target = st->declared ? c->decl.target : -1;
  st->weapon = w ? c->hand : -1;
  st->weapon_name = w ? cops_weapon_name(w) : NULL;
  st->loaded = w ? cops__wget(w, COPS_WEAPON_LOADED) : -1;
  st->armour_name = c->armour ? cops_armour_name(c->armour) : NULL;
  st->adrenaline = ch->current[COPS_ADRENALINE];
  st->anciennete = ch->current[COPS_ANCIENNETE];
  st->holds = -1;
  for (int j = 0; j < e->n && st->holds < 0; j++)
    if (e->c[j].held_by == id && e->c[j].present)
      st->holds = j;
  st->held_by = c->held_by;
  st->magazines = w ? w->spares : -1;
}

int cops_encounter_state(const cops_encounter *e, int id, cops_combatant_state *st)
{
  if (!e || !st)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  if (st->size < sizeof(uint32_t) || st->size > sizeof *st)
    return FAIL(e, COPS_EINVAL, "state size %u: set it to sizeof(cops_combatant_state) "
                "(cops_combatant_state_init does)", (unsigned)st->size);
  int rc;
  if ((rc = check_id(e, id)))
    return rc;
  const uint32_t size = st->size;
  if (size == sizeof *st) {
    cops__enc_state(e, id, st);
    return COPS_OK;
  }
  cops_combatant_state full;
  cops__enc_state(e, id, &full);
  memcpy(st, &full, size);   /* the fields the caller's struct knows */
  st->size = size;
  return COPS_OK;
}

/* ---- checkpoints ---------------------------------------------------------------------- */

/* A fight's checkpoint: struct saved (what a failed round puts back), each character's
 * whole ledger, the tags, the flags a round does not change, the stream's whole state. */
struct encounter_checkpoint {
  struct cops_checkpoint head;
  struct saved v;
  struct cops__ledger_entry *ledger[COPS_COMBATANTS_MAX];
  char tag[COPS_COMBATANTS_MAX][COPS_TAG_MAX + 1];
  int aftermath, seeded, epoch;
  uint64_t seed;
  struct cops__rng_state rng;
};

static void free_encounter_checkpoint(cops_checkpoint *cp)
{
  struct encounter_checkpoint *k = (struct encounter_checkpoint *)cp;
  for (int i = 0; i < k->v.n; i++)
    cops__free(cp->alloc, k->ledger[i]);
}

int cops_encounter_checkpoint(cops_encounter *e, cops_checkpoint **out)
{
  if (!out)
    return COPS_EINVAL;
  *out = NULL;
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  cops_checkpoint *cp;
  int rc;
  if ((rc = cops__checkpoint_new(e->ctx, sizeof(struct encounter_checkpoint),
                                 COPS__CHECKPOINT_ENCOUNTER, e, e->serial,
                                 free_encounter_checkpoint, &cp)))
    return rc;
  struct encounter_checkpoint *k = (struct encounter_checkpoint *)cp;
  struct saved *v = &k->v;
  for (int i = 0; i < e->n; i++) {
    const cops_character *ch = e->c[i].ch;
    if (ch->w.ln && !(k->ledger[i] = cops__malloc(&e->ctx->alloc,
                                                  (size_t)ch->w.ln * sizeof *k->ledger[i]))) {
      v->n = i;
      cops_checkpoint_free(cp);
      return FAIL(e, COPS_ENOMEM, "out of memory for a checkpoint");
    }
    for (int j = 0; j < ch->w.ln; j++)
      k->ledger[i][j] = ch->ledger[cops__ledger_index(ch, j)];
  }
  cops__enc_save(e, v);
  memcpy(k->tag, e->tag, sizeof k->tag);
  k->aftermath = e->aftermath;
  k->seeded = e->seeded;
  k->seed = e->seed;
  k->epoch = e->log->epoch;
  cops__rng_export(e->ctx, &k->rng);
  *out = cp;
  return COPS_OK;
}

int cops_encounter_rollback(cops_encounter *e, const cops_checkpoint *cp)
{
  if (!e)
    return COPS_EINVAL;
  COPS__ENTER(e->ctx);
  int rc;
  if ((rc = cops__checkpoint_of(e->ctx, cp, COPS__CHECKPOINT_ENCOUNTER, e, e->serial,
                                 "encounter")))
    return rc;
  const struct encounter_checkpoint *k = (const struct encounter_checkpoint *)cp;
  if (k->epoch != e->log->epoch)
    return FAIL(e, COPS_ESTATE, "the log was cleared or the fight reset since the "
                "checkpoint: it cannot come back");
  if ((rc = cops__log_reserve_tags(e->log, k->v.n)))   /* the only step that may fail */
    return rc;
  cops__enc_restore(e, &k->v);
  for (int i = 0; i < e->n; i++) {
    cops_character *ch = e->c[i].ch;
    for (int j = 0; j < ch->w.ln; j++)
      ch->ledger[cops__ledger_index(ch, j)] = k->ledger[i][j];
  }
  memcpy(e->tag, k->tag, sizeof e->tag);
  for (int i = 0; i < e->n; i++)
    cops__log_tag(e->log, i, e->tag[i]);   /* room made above */
  e->aftermath = k->aftermath;
  e->seeded = k->seeded;
  e->seed = k->seed;
  cops__rng_restore(e->ctx, &k->rng);
  return COPS_OK;
}
