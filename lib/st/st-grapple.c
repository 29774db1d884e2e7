/* Storyteller grapples (OTHER-SYSTEMS.md ST §6.1, §6.2, §6.9; ST-A5, ST-A18, ST-A19,
 * ST-A20; ST-M12, ST-M19): one round's contest and the winner's effects on the
 * grapple's state. All or nothing. */
#include <string.h>

#include "st/st-private.h"
#include "log/log.h"
#include "st-private.h"

#define GRAPPLE_SIZE_0_15 sizeof(cops_st_grapple)
#define OUTCOME_SIZE_0_15 sizeof(cops_st_grapple_outcome)

int cops_st_grapple_init_sized(cops_st_grapple *g, size_t size)
{
  if (!g || size < GRAPPLE_SIZE_0_15 || size > sizeof *g)
    return COPS_EINVAL;
  cops_st_grapple full;
  memset(&full, 0, sizeof full);
  full.size = (uint32_t)size;
  full.active = 1;
  full.weapon = -1;
  memcpy(g, &full, size);
  return COPS_OK;
}

static int side_ok(cops_ctx *ctx, const cops_st_grapple_side *s, const cops_st_character *ch,
                   const char *who)
{
  for (int k = 0; k < 2; k++)
    if (s->effects[k] < -1 || s->effects[k] >= COPS_ST_GRAPPLE_EFFECT_COUNT)
      return cops__fail(ctx, COPS_EINVAL, "%s's effect %d: unknown (%d)", who, k, s->effects[k]);
  if (s->in_hand < -1 || s->in_hand >= ch->nweapons)
    return cops__fail(ctx, COPS_EINVAL, "%s's weapon in hand %d: %s carries %d", who, s->in_hand,
                      ch->name, ch->nweapons);
  if (s->bite != 0 && s->bite != 1)
    return cops__fail(ctx, COPS_EINVAL, "%s's bite: 0 or 1", who);
  return COPS_OK;
}

static int state_ok(cops_ctx *ctx, const cops_st_grapple *g, cops_st_character *const *ch)
{
  if (g->size < GRAPPLE_SIZE_0_15 || g->size > sizeof *g)
    return cops__fail(ctx, COPS_EINVAL, "grapple size %u, expected %zu (cops_st_grapple_init)",
                      (unsigned)g->size, sizeof *g);
  const int *sides[] = {&g->hold, &g->shield, &g->controller, &g->weapon_owner};
  for (int k = 0; k < 4; k++)
    if (*sides[k] < 0 || *sides[k] > 2)
      return cops__fail(ctx, COPS_ERANGE, "grapple: a side %d (0 nobody, 1, 2)", *sides[k]);
  if (!g->active)
    return cops__fail(ctx, COPS_ESTATE, "the grapple is over (broken free)");
  if (g->controller && (!g->weapon_owner || g->weapon < 0 ||
                        g->weapon >= ch[g->weapon_owner - 1]->nweapons))
    return cops__fail(ctx, COPS_ERANGE, "grapple: the controlled weapon %d is on no sheet",
                      g->weapon);
  return COPS_OK;
}

/* The first teeth weapon on a sheet, or NULL. */
static const cops_st_weapon *teeth_of(const cops_st_character *ch)
{
  for (int i = 0; i < ch->nweapons; i++)
    if (ch->weapon[i].kind == COPS_ST_TEETH)
      return &ch->weapon[i];
  return NULL;
}

static int defense_of(const cops_st_character *ch, const cops_st_rules *r)
{
  const int d = cops__st_derived(ch, r, COPS_ST_DEFENSE) - ch->armour;
  return d > 0 ? d : 0;
}

static int hurt(cops_log *log, const cops_st_rules *r, cops_st_character *v, int id, int boxes,
                int type)
{
  int ig, cv, b, l;
  const int st = cops__st_take(v, r, boxes, type, 0, &ig, &cv, &b, &l);
  const int vals[COPS__PAYLOAD] = {boxes, type, ig, cv, b, l, st};
  return cops__st_log_event(log, COPS_ST_EV_DAMAGE, NULL, -1, v, id, NULL, vals);
}

static int round_of(cops_st_grapple *g, cops_st_grapple_outcome *o, cops_ctx *ctx,
                    cops_st_character *const *ch, const int *id,
                    const cops_st_grapple_side *const *side, const cops_st_rules *r,
                    cops_log *log)
{
  int rc;
  /* ST-A20: the one in a submission hold has Defense 0; both still roll (ST-A19). */
  for (int k = 0; k < 2; k++) {
    const int other = 1 - k;
    const int defense = g->hold && g->hold != other + 1 ? 0 : defense_of(ch[other], r);
    if ((rc = cops__st_pool_roll(ctx, r, ch[k]->trait[COPS_ST_STRENGTH] +
                                              ch[k]->trait[COPS_ST_VIGOR] + ch[k]->trait[COPS_ST_BRAWL],
                                 cops__st_wound_penalty(ch[k], r) - defense, COPS_ST_DICE,
                                 COPS_ST_ROLL_GRAPPLE, ch[k], id[k], log, &o->pool[k],
                                 &o->successes[k])))
      return rc;
  }
  const int d = o->successes[0] - o->successes[1];
  o->winner = d > 0 ? COPS_ST_ATTACKER : d < 0 ? COPS_ST_DEFENDER : COPS_ST_NOBODY;
  o->margin = d > 0 ? d : -d;
  o->effects[0] = o->effects[1] = -1;
  o->disarmed_weapon = -1;
  const int holder = g->hold;
  if (o->winner && g->hold && g->hold != o->winner)
    g->hold = 0;                                    /* the holder lost the round */
  if (o->winner) {
    const int w = o->winner - 1, l = 1 - w;
    const int n = o->margin >= 4 ? 2 : 1;           /* ST-A19: "more than 3" */
    int applied = 0, damaged = 0;
    for (int k = 0; k < 2 && applied < n && g->active; k++) {
      const int e = side[w]->effects[k];
      if (e < 0 || (applied == 1 && e == o->effects[0]))
        continue;
      int ok = 1;
      switch (e) {
      case COPS_ST_BREAK_FREE:
        g->active = 0;
        g->hold = g->shield = 0;
        break;
      case COPS_ST_TAKE_WEAPON:
        ok = side[l]->in_hand >= 0 && !(g->controller == o->winner && g->weapon_owner == l + 1);
        if (ok) {
          g->controller = o->winner;
          g->weapon_owner = l + 1;
          g->weapon = side[l]->in_hand;
        }
        break;
      case COPS_ST_GRAPPLE_DAMAGE: {
        ok = !damaged;                              /* once a round (ST-A19) */
        const int armed = g->controller == o->winner;
        const cops_st_weapon *wp = armed ? &ch[g->weapon_owner - 1]->weapon[g->weapon] : NULL;
        const int code = wp ? wp->damage : -1, type = wp ? wp->type : COPS_ST_BASHING;
        if (ok) {
          o->damage = code + o->margin > 0 ? code + o->margin : 0;
          o->damage_type = type;
          damaged = 1;
          if (o->damage > 0 && (rc = hurt(log, r, ch[l], id[l], o->damage, type)))
            return rc;
        }
        break;
      }
      case COPS_ST_DISARM:
        ok = g->controller == o->winner;
        if (ok) {
          o->disarmed_owner = g->weapon_owner;
          o->disarmed_weapon = g->weapon;
          g->controller = g->weapon_owner = 0;
          g->weapon = -1;
        }
        break;
      case COPS_ST_HOLD:
        g->hold = o->winner;
        break;
      default:   /* COPS_ST_SHIELD */
        g->shield = o->winner;
        break;
      }
      if (ok)
        o->effects[applied++] = e;
    }
  }
  /* The bite (ST-A18): the winner's, with the margin; a holder's without winning, 0. */
  for (int k = 0; k < 2 && g->active; k++) {
    const int mine = k + 1;
    const int may = o->winner == mine || (holder == mine && g->hold == mine);
    const cops_st_weapon *t = side[k]->bite ? teeth_of(ch[k]) : NULL;
    if (side[k]->bite && !t)
      return cops__fail(ctx, COPS_ERULE, "%s has no teeth weapon to bite with (§6.1)",
                        ch[k]->name);
    if (!t || !may)
      continue;
    const int m = o->winner == mine ? o->margin : 0;
    o->bite = t->damage + m > 0 ? t->damage + m : 0;
    if (o->bite > 0 && (rc = hurt(log, r, ch[1 - k], id[1 - k], o->bite, t->type)))
      return rc;
  }
  const int v[COPS__PAYLOAD] = {o->winner, o->margin, o->effects[0], o->effects[1], g->active,
                                g->hold, g->shield, g->controller};
  return cops__st_log_event(log, COPS_ST_EV_GRAPPLE, ch[0], id[0], ch[1], id[1], NULL, v);
}

int cops_st_grapple_round(cops_st_grapple *g, cops_st_grapple_outcome *out, cops_ctx *ctx,
                          cops_st_character *a, cops_st_character *b, int a_id, int b_id,
                          const cops_st_grapple_side *sa, const cops_st_grapple_side *sb,
                          const cops_st_rules *rules, cops_log *log)
{
  if (!ctx)
    return COPS_EINVAL;
  COPS__ENTER(ctx);
  if (!g || !a || !b || !sa || !sb)
    return cops__fail(ctx, COPS_EINVAL, "NULL argument to cops_st_grapple_round");
  if (a == b)
    return cops__fail(ctx, COPS_EINVAL, "a grapple needs two characters");
  if (out && (out->size < OUTCOME_SIZE_0_15 || out->size > sizeof *out))
    return cops__fail(ctx, COPS_EINVAL, "outcome size %u, expected %zu",
                      (unsigned)(out ? out->size : 0), sizeof *out);
  if (log && log->ctx != ctx)
    return cops__fail(ctx, COPS_EINVAL, "the log belongs to another context");
  cops_st_rules r;
  cops_st_character *ch[2] = {a, b};
  int rc;
  if ((rc = cops__st_rules_in(ctx, rules, &r)) || (rc = state_ok(ctx, g, ch)) ||
      (rc = side_ok(ctx, sa, a, "the first")) || (rc = side_ok(ctx, sb, b, "the second")))
    return rc;
  cops__st_undo u;
  cops__st_save(&u, ctx, log, ch, 2);
  cops_st_grapple state = *g;
  cops_st_grapple_outcome o;
  memset(&o, 0, sizeof o);
  const int id[2] = {a_id, b_id};
  const cops_st_grapple_side *side[2] = {sa, sb};
  if ((rc = cops__st_restore(&u, ctx, round_of(&state, &o, ctx, ch, id, side, &r, log))))
    return rc;
  *g = state;
  if (out) {
    const uint32_t size = out->size;
    o.size = size;
    memcpy(out, &o, size);
  }
  return COPS_OK;
}
