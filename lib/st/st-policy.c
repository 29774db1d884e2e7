/* The default policy of a Storyteller fight (docs/storyteller.md, "The default policy"):
 * what a fighter nobody declares for does with its turn, by its tactic. It reads the
 * fight and writes a declaration; the fight checks and plays it. */
#include <string.h>

#include "st/st-private.h"
#include "st-fight-private.h"

int cops__st_best_melee(const cops_st_character *ch)
{
  int best = -1, code = 0, type = COPS_ST_BASHING;   /* bare hands: 0B */
  for (int k = 0; k < ch->nweapons; k++) {
    const cops_st_weapon *w = &ch->weapon[k];
    if ((w->kind == COPS_ST_MELEE || w->kind == COPS_ST_UNARMED) &&
        (w->damage > code || (w->damage == code && w->type > type))) {
      best = k;
      code = w->damage;
      type = w->type;
    }
  }
  return best;
}

/* The firearm with the best code that has a round for a shot and reaches `range`; -1. */
static int best_firearm(const cops_st_character *ch, int range)
{
  int best = -1;
  for (int k = 0; k < ch->nweapons; k++) {
    const cops_st_weapon *w = &ch->weapon[k];
    if (w->kind == COPS_ST_FIREARM && w->ammo != 0 && (range <= 1 || range <= w->range[2]) &&
        (best < 0 || w->damage > ch->weapon[best].damage))
      best = k;
  }
  return best;
}

static int teeth(const cops_st_character *ch)
{
  for (int k = 0; k < ch->nweapons; k++)
    if (ch->weapon[k].kind == COPS_ST_TEETH)
      return 1;
  return 0;
}

/* The nearest able enemy that four others do not engage already (ST-A7), lower id on a tie. */
static int nearest_enemy(const cops_st_fight *f, int id)
{
  int best = -1, best_d = 0;
  for (int j = 0; j < f->n; j++) {
    if (f->c[j].side == f->c[id].side || !cops__st_fighter_able(f, j))
      continue;
    if (cops__st_crowded(f, j, id))
      continue;
    const int d = metres(f->c[id].x, f->c[id].y, f->c[j].x, f->c[j].y);
    if (best < 0 || d < best_d) {
      best = j;
      best_d = d;
    }
  }
  return best;
}

void cops__st_contact_point(const cops_st_fight *f, int id, int t, int *x, int *y)
{
  static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
  const struct cops__st_fighter *c = &f->c[id], *o = &f->c[t];
  int best = -1;
  for (int k = 0; k < 4; k++) {
    const int px = o->x + dx[k], py = o->y + dy[k];
    if (px < -COPS_ST_POSITION_MAX || px > COPS_ST_POSITION_MAX || py < -COPS_ST_POSITION_MAX ||
        py > COPS_ST_POSITION_MAX)
      continue;
    int taken = 0;
    for (int j = 0; j < f->n && !taken; j++)
      taken = j != id && cops__st_fighter_able(f, j) && f->c[j].x == px && f->c[j].y == py;
    if (taken)
      continue;
    const int d = metres(c->x, c->y, px, py);
    if (best < 0 || d < best) {
      best = d;
      *x = px;
      *y = py;
    }
  }
  if (best < 0) {
    *x = o->x;
    *y = o->y;
  }
}

static void melee(const cops_st_fight *f, int id, int t, cops_st_declaration *d)
{
  const cops_st_character *ch = f->c[id].ch;
  d->target = t;
  if (f->c[id].tactic == COPS_ST_TACTIC_GRAPPLE && f->c[t].grapple < 0) {
    d->action = COPS_ST_DO_GRAPPLE;
    d->effects[0] = COPS_ST_GRAPPLE_DAMAGE;
    d->effects[1] = COPS_ST_HOLD;
    d->bite = teeth(ch);
    return;
  }
  const int m = cops__st_best_melee(ch), g = best_firearm(ch, 1);
  const int melee_code = m >= 0 ? ch->weapon[m].damage : 0;
  d->action = COPS_ST_DO_ATTACK;
  d->weapon = g >= 0 && ch->weapon[g].damage > melee_code ? g : m;   /* ST-A16 */
}

void cops__st_grapple_choice(const cops_st_fight *f, int id, cops_st_declaration *d)
{
  const struct cops__st_fighter *c = &f->c[id];
  const struct cops__st_fight_grapple *g = &f->g[c->grapple];
  const int first = g->a == id;
  const int mine = first ? COPS_ST_ATTACKER : COPS_ST_DEFENDER;
  d->action = COPS_ST_DO_GRAPPLE;
  d->target = first ? g->b : g->a;
  d->bite = teeth(c->ch);
  d->effects[0] = COPS_ST_GRAPPLE_DAMAGE;
  if (g->g.hold == mine)
    d->effects[1] = -1;                            /* keeps the hold (ST-A20) */
  else if (first || c->tactic == COPS_ST_TACTIC_GRAPPLE)
    d->effects[1] = COPS_ST_HOLD;
  else
    d->effects[1] = COPS_ST_BREAK_FREE;
}

void cops__st_policy(const cops_st_fight *f, int id, cops_st_declaration *d)
{
  cops_st_declaration_init(d, COPS_ST_DO_NOTHING);
  const struct cops__st_fighter *c = &f->c[id];
  const cops_st_character *ch = c->ch;
  if (!cops__st_fighter_able(f, id) || c->roll_used || (c->surprised && f->round <= 1))
    return;
  if (c->nerve == COPS_ST_RESTRICTED || c->tactic == COPS_ST_TACTIC_DEFEND) {
    d->action = COPS_ST_DO_TOTAL_DEFENSE;          /* hiding (§2), or defending (§5.8) */
    return;
  }
  if (c->grapple >= 0) {                           /* §6.2: the contest of the round */
    if (f->g[c->grapple].round != f->round)
      cops__st_grapple_choice(f, id, d);
    return;
  }
  const int t = nearest_enemy(f, id);
  if (t < 0)
    return;
  const int range = metres(c->x, c->y, f->c[t].x, f->c[t].y);
  if (range <= 1) {
    melee(f, id, t, d);
    return;
  }
  const int gun = best_firearm(ch, range);
  if (gun >= 0) {                                  /* §5.5: a shot, from prone too */
    d->target = t;
    const int wits = ch->trait[COPS_ST_WITS];
    if (c->tactic == COPS_ST_TACTIC_AIM && (c->aim_target != t || c->aim < wits) && wits > 0) {
      d->action = COPS_ST_DO_AIM;
      return;
    }
    const cops_st_weapon *w = &ch->weapon[gun];
    d->action = COPS_ST_DO_ATTACK;
    d->weapon = gun;
    d->cover = c->cover / 2;                       /* half the Cover: a penalty on the shot (§5.6) */
    if (w->automatic && (w->ammo < 0 || w->ammo >= 3) &&
        ch->trait[COPS_ST_STRENGTH] >= w->min_strength)
      d->flags = COPS_ST_BURST;                    /* §6.4, without recoil */
    return;
  }
  /* Into contact: up, then one move and the blow, or two moves (ST-A11, ST-A28). */
  int x, y;
  cops__st_contact_point(f, id, t, &x, &y);
  const int speed = cops__st_derived(ch, &f->r, COPS_ST_SPEED);
  const int moves_left = c->prone ? 1 : 2;
  if (c->prone)
    d->prone = -1;
  const int way = metres(c->x, c->y, x, y);
  d->moving = 1;
  if (way <= speed && moves_left == 2) {
    d->x = x;
    d->y = y;
    melee(f, id, t, d);
    return;
  }
  towards(c->x, c->y, x, y, moves_left == 2 ? 2 * speed : speed, &d->x, &d->y);
  if (d->x == c->x && d->y == c->y)
    d->moving = 0;
}

void cops__st_plan_by_policy(const cops_st_fight *f, int id, cops_st_declaration *d, int *why)
{
  if (why)
    why[0] = why[1] = why[2] = -1;   /* none weighed */
  if (f->c[id].policy == COPS_POLICY_TACTICAL)
    cops__st_tactical(f, id, d, why);
  else
    cops__st_policy(f, id, d);
}
