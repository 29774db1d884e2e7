/* Checkpoints of every kind (cops_encounter_checkpoint(), cops_chase_checkpoint()): the
 * head they share, made, checked and freed here; each kind adds its own parts. */
#include <string.h>

#include "base/internal.h"

void cops_checkpoint_free(cops_checkpoint *cp)
{
  if (!cp)
    return;
  cp->free(cp);
  cops__free(cp->alloc, cp);
}

int cops__checkpoint_new(cops_ctx *ctx, size_t size, int kind, const void *owner,
                         uint64_t serial, void (*free_parts)(cops_checkpoint *),
                         cops_checkpoint **out)
{
  cops_checkpoint *cp = cops__calloc(&ctx->alloc, size);
  if (!cp)
    return cops__fail(ctx, COPS_ENOMEM, "out of memory for a checkpoint");
  cp->kind = kind;
  cp->owner = owner;
  cp->serial = serial;
  cp->free = free_parts;
  cp->alloc = &ctx->alloc;
  *out = cp;
  return COPS_OK;
}

int cops__checkpoint_of(cops_ctx *ctx, const cops_checkpoint *cp, int kind, const void *owner,
                        uint64_t serial, const char *what)
{
  if (!cp || cp->kind != kind || cp->owner != owner || cp->serial != serial)
    return cops__fail(ctx, COPS_EINVAL, "a checkpoint of another %s", what);
  return COPS_OK;
}
