/* A Storyteller fight's turns (OTHER-SYSTEMS.md ST §1, §2, §5, §6; ST-A6, ST-A7, ST-A11,
 * ST-A13 ... ST-A17, ST-A20, ST-A25, ST-A26, ST-A28; ST-M19 ... ST-M21): a turn's plan checked,
 * its move and stance, its roll action (melee exchanges whose damage lands at the winner's
 * rank, strikes with outnumbering, shots with Cover, the crowd and stray shots, aiming, the
 * coup de grâce, total defence, grapples), the injuries of non-combatants, delays. The
 * round around them, and its all-or-nothing saves, are lib/st/st-fight.c's. */
#include <string.h>

#include "st/st-private.h"
#include "log/log.h"
#include "st-fight-private.h"

/* ---- a turn's plan checked (ST §1, ST-A11) -------------------------------------------- */

static int grapple_partner(const cops_st_fight *f, int id)
{
  const int g = f->c[id].grapple;
  return g < 0 ? -1 : f->g[g].a == id ? f->g[g].b : f->g[g].a;
}

/* The moves a plan spends (ST-A11, ST-A28), or -1 when it goes beyond twice Speed. */
static int moves_of(const cops_st_fight *f, int id, const cops_st_declaration *d)
{
  const struct cops__st_fighter *c = &f->c[id];
  int m = d->prone ? 1 : 0;
  if (d->moving) {
    const int metres_moved = metres(c->x, c->y, d->x, d->y);
    const int lying = d->prone ? 0 : c->prone;   /* up before the move, down after it */
    const int base = cops__st_derived(c->ch, &f->r, COPS_ST_SPEED);
    const int speed = lying ? base / 2 : base;
    if (metres_moved > 2 * speed)
      return -1;
    m += metres_moved == 0 ? 0 : metres_moved <= speed ? 1 : 2;
  }
  return m;
}

static int plan_ok(const cops_st_fight *f, int id, const cops_st_declaration *d)
{
  cops_ctx *ctx = f->ctx;
  const struct cops__st_fighter *c = &f->c[id];
  const char *who = c->ch->name;
  int rc;
  if (d->size < COPS__ST_DECL_SIZE_0_15 || d->size > sizeof *d)
    return cops__fail(ctx, COPS_EINVAL, "declaration size %u, expected %zu "
                      "(cops_st_declaration_init)", (unsigned)d->size, sizeof *d);
  if (d->action < 0 || d->action >= COPS_ST_DO_COUNT)
    return cops__fail(ctx, COPS_EINVAL, "unknown action %d", d->action);
  if (d->flags & ~(COPS_ST_TOUCH | COPS_ST_BURST))
    return cops__fail(ctx, COPS_EINVAL, "declaration flags 0x%x: only COPS_ST_TOUCH and "
                      "COPS_ST_BURST", d->flags);
  if ((rc = cops__st_range(ctx, "target", d->target, -1, f->n - 1)) ||
      (rc = cops__st_range(ctx, "weapon", d->weapon, -1, c->ch->nweapons - 1)) ||
      (rc = cops__st_range(ctx, "called", d->called, 0, COPS_ST_CALLED_COUNT - 1)) ||
      (rc = cops__st_range(ctx, "bonus", d->bonus, -10, 10)) ||
      (rc = cops__st_range(ctx, "cover", d->cover, -1, c->cover)) ||
      (rc = cops__st_range(ctx, "moving", d->moving, 0, 1)) ||
      (rc = cops__st_range(ctx, "prone", d->prone, -1, 1)) ||
      (rc = cops__st_range(ctx, "after", d->after, -1, f->n - 1)) ||
      (rc = cops__st_range(ctx, "effects[0]", d->effects[0], -1, COPS_ST_GRAPPLE_EFFECT_COUNT - 1)) ||
      (rc = cops__st_range(ctx, "effects[1]", d->effects[1], -1, COPS_ST_GRAPPLE_EFFECT_COUNT - 1)) ||
      (rc = cops__st_range(ctx, "bite", d->bite, 0, 1)))
    return rc;
  if (d->moving && (rc = cops__st_check_position(ctx, d->x, d->y)))
    return rc;
  if (d->target == id || d->after == id)
    return cops__fail(ctx, COPS_EINVAL, "%s cannot %s itself", who,
                      d->after == id ? "wait for" : "target");
  if (!cops__st_fighter_able(f, id)) {
    /* One who cannot act keeps its rank and its turn does nothing: the declaration of
     * nothing, which the default policy suggests for it, is the one it takes. */
    if (d->action == COPS_ST_DO_NOTHING && !d->moving && !d->bite && !d->prone && d->after < 0)
      return COPS_OK;
    return cops__fail(ctx, COPS_ERULE, "%s is out of the fight and cannot act", who);
  }
  const int roll = d->action != COPS_ST_DO_NOTHING || c->roll_used ? 1 : 0;
  const int moves = moves_of(f, id, d);
  if (moves < 0)
    return cops__fail(ctx, COPS_ERULE, "%s moves %d m at most in a round (twice Speed, §1)",
                      who, 2 * cops__st_fighter_speed(f, id));
  if (roll + moves > 2 || roll + moves + d->bite > 3)
    return cops__fail(ctx, COPS_ERULE, "%d roll, %d move and %d automatic actions: a round "
                      "has 1/1/1, 0/2/1, 0/1/2, 1/0/2 or 0/0/3 (§1, ST-A11)", roll, moves,
                      d->bite);
  if ((d->prone == 1 && c->prone) || (d->prone == -1 && !c->prone))
    return cops__fail(ctx, COPS_ERULE, "%s is %s already (§6.10)", who,
                      c->prone ? "prone" : "standing");
  if (d->action != COPS_ST_DO_NOTHING && c->surprised && f->round == 1)
    return cops__fail(ctx, COPS_ERULE, "%s is surprised: no roll action in the first round "
                      "(§6.8, ST-A26)", who);
  if (d->action != COPS_ST_DO_NOTHING && d->action != COPS_ST_DO_TOTAL_DEFENSE &&
      c->nerve == COPS_ST_RESTRICTED)
    return cops__fail(ctx, COPS_ERULE, "%s lost its nerve: it can only hide, protect or flee "
                      "this round (§2)", who);
  const int partner = grapple_partner(f, id);
  if (partner >= 0 && (d->moving || d->prone))
    return cops__fail(ctx, COPS_ERULE, "%s is grappling: no move until it breaks free (§6.2)",
                      who);
  if (partner >= 0 && d->action != COPS_ST_DO_NOTHING && d->action != COPS_ST_DO_GRAPPLE)
    return cops__fail(ctx, COPS_ERULE, "%s is grappling: its roll action is the grapple's "
                      "contest (§6.2, ST-A19)", who);
  if (d->bite && d->action != COPS_ST_DO_GRAPPLE)
    return cops__fail(ctx, COPS_ERULE, "a bite needs a grapple (§6.1)");
  const int needs_target = d->action != COPS_ST_DO_NOTHING &&
                           d->action != COPS_ST_DO_TOTAL_DEFENSE;
  if (needs_target && d->target < 0)
    return cops__fail(ctx, COPS_EINVAL, "%s needs a target", cops_st_fight_action_name(d->action));
  if (d->action == COPS_ST_DO_GRAPPLE) {
    if (partner >= 0 && d->target != partner)
      return cops__fail(ctx, COPS_ERULE, "%s grapples %s already", who, f->c[partner].ch->name);
    if (partner < 0 && grapple_partner(f, d->target) >= 0)
      return cops__fail(ctx, COPS_ERULE, "%s is in another grapple", f->c[d->target].ch->name);
  }
  if (d->action == COPS_ST_DO_ATTACK || d->action == COPS_ST_DO_GRAPPLE) {
    const cops_st_weapon *w = d->weapon >= 0 ? &c->ch->weapon[d->weapon] : NULL;
    const int x = d->moving ? d->x : c->x, y = d->moving ? d->y : c->y;
    const int reach = metres(x, y, f->c[d->target].x, f->c[d->target].y);
    const int melee = d->action == COPS_ST_DO_GRAPPLE || !w || w->kind != COPS_ST_FIREARM;
    if (melee && reach > 1)
      return cops__fail(ctx, COPS_ERULE, "%s is %d m from %s: melee needs contact (1 m)", who,
                        reach, f->c[d->target].ch->name);
    if (melee && reach <= 1 && cops__st_crowded(f, d->target, id))
      return cops__fail(ctx, COPS_ERULE, "%s has four opponents in contact: a fifth cannot "
                        "engage (§5.4, ST-A7)", f->c[d->target].ch->name);
  }
  return COPS_OK;
}

int cops_st_fight_declare(cops_st_fight *f, int id, const cops_st_declaration *d)
{
  if (!f)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc = cops__st_check_id(f, id);
  if (rc)
    return rc;
  if (!d)
    return cops__fail(f->ctx, COPS_EINVAL, "declaration is NULL");
  if (!f->in_round)
    return cops__fail(f->ctx, COPS_ESTATE, "no round under way (cops_st_fight_begin_round)");
  if (f->c[id].acted)
    return cops__fail(f->ctx, COPS_ESTATE, "%s has had its turn this round", f->c[id].ch->name);
  if ((rc = plan_ok(f, id, d)))
    return rc;
  if (d->after >= 0 && (f->c[d->after].rank <= f->c[id].rank || f->c[d->after].acted))
    return cops__fail(f->ctx, COPS_ERULE, "%s can wait only for a fighter still to act after "
                      "it this round (§5.2, ST-A13)", f->c[id].ch->name);
  memset(&f->c[id].decl, 0, sizeof f->c[id].decl);
  memcpy(&f->c[id].decl, d, d->size);
  f->c[id].decl.size = sizeof f->c[id].decl;
  f->c[id].declared = 1;
  return COPS_OK;
}

int cops_st_fight_suggest(cops_st_fight *f, int id, cops_st_declaration *d)
{
  if (!f || !d || d->size < COPS__ST_DECL_SIZE_0_15 || d->size > sizeof *d)
    return COPS_EINVAL;
  COPS__ENTER(f->ctx);
  int rc = cops__st_check_id(f, id);
  if (rc)
    return rc;
  cops_st_declaration full;
  cops__st_plan_by_policy(f, id, &full, NULL);
  const uint32_t size = d->size;
  memcpy(d, &full, size);
  d->size = size;
  return COPS_OK;
}

/* The plan of fighter id now: its declaration, or its policy's. */
static void plan_of(const cops_st_fight *f, int id, cops_st_declaration *d)
{
  if (f->c[id].declared)
    *d = f->c[id].decl;
  else
    cops__st_plan_by_policy(f, id, d, NULL);
}

/* The Cover fighter id uses this round, declared once (ST-A14): at its turn, or at the
 * first shot at it before then, from its plan (all of it unless the plan says less). */
static void settle_cover(cops_st_fight *f, int id, const cops_st_declaration *plan)
{
  struct cops__st_fighter *c = &f->c[id];
  if (c->cover_set)
    return;
  cops_st_declaration d;
  if (plan)
    d = *plan;
  else
    plan_of(f, id, &d);
  c->cover_used = d.cover >= 0 && d.cover <= c->cover ? d.cover : c->cover;
  c->cover_set = 1;
}

/* ---- damage and its consequences ------------------------------------------------------ */

/* A hit of `boxes` on a non-combatant: more than Resolve, Willpower or out (§2, ST-A12). */
static int injured(cops_st_fight *f, int id, int boxes)
{
  struct cops__st_fighter *c = &f->c[id];
  if (boxes <= c->ch->trait[COPS_ST_RESOLVE] || cops__st_is_combatant(c->ch, &f->r) || c->out)
    return COPS_OK;
  int nerve, rc = cops_st_injury(c->ch, &f->r, id, boxes, c->spend, &nerve, cops__st_log_of(f));
  if (!rc && nerve == COPS_ST_OUT)
    c->out = 1;
  return rc;
}

/* The damage of an exchange that id won, landing at its rank (ST-A6): lost when id went
 * down before it came (ST-L2). */
int cops__st_land(cops_st_fight *f, int id)
{
  struct cops__st_fighter *c = &f->c[id];
  if (!c->owed)
    return COPS_OK;
  const int boxes = c->owed, to = c->owed_to;
  c->owed = 0;
  c->owed_to = -1;
  if (!cops__st_fighter_able(f, id))
    return COPS_OK;
  cops_st_outcome o;
  memset(&o, 0, sizeof o);
  int rc = cops__st_hit(cops__st_log_of(f), &f->r, f->c[to].ch, to, boxes, c->owed_type, c->owed_firearm,
                        &o);
  return rc ? rc : injured(f, to, o.bashing + o.lethal);
}

/* ---- the roll actions --------------------------------------------------------------- */

static int roll_total_defense(cops_st_fight *f, int id)
{
  struct cops__st_fighter *c = &f->c[id];
  c->td_done = c->roll_used = 1;
  return cops_st_total_defense(f->ctx, c->ch, &f->r, id, &c->total_defense, cops__st_log_of(f));
}

/* Before an attack on t: its total defence, declared and not rolled yet (ST-A17). */
static int defend_first(cops_st_fight *f, int t)
{
  struct cops__st_fighter *c = &f->c[t];
  if (c->acted || c->td_done || c->roll_used || !cops__st_fighter_able(f, t) ||
      (c->surprised && f->round == 1))
    return COPS_OK;
  cops_st_declaration d;
  plan_of(f, t, &d);
  return d.action == COPS_ST_DO_TOTAL_DEFENSE ? roll_total_defense(f, t) : COPS_OK;
}

/* Whether t answers id's melee attack in an exchange (ST-A6): able, its roll action free,
 * facing nobody else, its plan an attack or grapple at id; its weapon in *weapon. */
int cops__st_answers(const cops_st_fight *f, int t, int id, int simple, int *weapon)
{
  const struct cops__st_fighter *c = &f->c[t];
  if (c->acted || c->roll_used || !cops__st_fighter_able(f, t) || c->grapple >= 0 ||
      (c->surprised && f->round == 1) || c->nerve == COPS_ST_RESTRICTED ||
      (c->facing >= 0 && c->facing != id))
    return 0;
  cops_st_declaration d;
  if (simple && !c->declared)
    cops__st_policy(f, t, &d);
  else
    plan_of(f, t, &d);
  if ((d.action != COPS_ST_DO_ATTACK && d.action != COPS_ST_DO_GRAPPLE) || d.target != id)
    return 0;
  const cops_st_character *ch = c->ch;
  *weapon = d.action == COPS_ST_DO_ATTACK && d.weapon >= 0 &&
                    ch->weapon[d.weapon].kind != COPS_ST_FIREARM &&
                    ch->weapon[d.weapon].kind != COPS_ST_TEETH
                ? d.weapon : cops__st_best_melee(ch);
  return 1;
}

static void engage(struct cops__st_fighter *t, int id)
{
  for (int k = 0; k < t->nattackers; k++)
    if (t->attackers[k] == id)
      return;
  t->attackers[t->nattackers++] = id;
}

int cops__st_crowd_of(const cops_st_fight *f, int t, int *who)
{
  int n = 0;
  const struct cops__st_fighter *c = &f->c[t];
  for (int k = 0; k < c->nattackers && n < 3; k++) {
    const int a = c->attackers[k];
    if (a != c->facing && cops__st_fighter_able(f, a) && cops__st_dist(f, a, t) <= 1)
      who[n++] = a;
  }
  return n;
}

/* A dramatic failure into a crowd: one of them, drawn with a d6, takes the weapon's code
 * (at least 1) of its type (§5.7, ST-A15). */
static int stray(cops_st_fight *f, const int *crowd, int n, const cops_st_weapon *w)
{
  int pick = 0, rc;
  if (n > 1) {
    int face;
    if ((rc = cops__d6(f->ctx, &face)))
      return cops__fail(f->ctx, rc, "the random source failed");
    pick = (face - 1) * n / 6;
  }
  const int v = crowd[pick];
  cops_st_outcome o;
  memset(&o, 0, sizeof o);
  if ((rc = cops__st_hit(cops__st_log_of(f), &f->r, f->c[v].ch, v, w->damage > 1 ? w->damage : 1, w->type,
                         1, &o)))
    return rc;
  return injured(f, v, o.bashing + o.lethal);
}

static int attack(cops_st_fight *f, int id, const cops_st_declaration *d)
{
  struct cops__st_fighter *c = &f->c[id], *t = &f->c[d->target];
  const int ti = d->target;
  int rc = defend_first(f, ti);
  if (rc)
    return rc;
  cops_st_attack a;
  cops_st_attack_init(&a, COPS_ST_EXCHANGE);
  a.attacker = c->ch;
  a.target = t->ch;
  a.attacker_id = id;
  a.target_id = ti;
  a.weapon = d->weapon;
  a.bonus = d->bonus;
  a.rules = &f->r;
  a.flags = d->flags;
  a.total_defense = t->total_defense;
  if (t->surprised && f->round == 1)
    a.flags |= COPS_ST_SURPRISED;                   /* §6.8, ST-A26 */
  if (t->grapple >= 0) {
    const struct cops__st_fight_grapple *g = &f->g[t->grapple];
    const int holder = g->g.hold == COPS_ST_ATTACKER ? g->a : g->g.hold == COPS_ST_DEFENDER ? g->b : -1;
    if (holder >= 0 && holder != ti)
      a.flags |= COPS_ST_DEFENSELESS;               /* ST-A20: Defense 0 against everyone */
  }
  const cops_st_weapon *w = d->weapon >= 0 ? &c->ch->weapon[d->weapon] : NULL;
  const int firearm = w && w->kind == COPS_ST_FIREARM;
  const int range = cops__st_dist(f, id, ti);
  int crowd[3], ncrowd = 0, defer = 0;
  if (firearm && range > 1) {                       /* §5.5: unopposed */
    a.kind = COPS_ST_SHOT;
    a.distance = range;
    settle_cover(f, ti, NULL);
    a.cover = t->cover_used;
    a.own_cover = c->cover_used;
    ncrowd = cops__st_crowd_of(f, ti, crowd);
    a.crowd = ncrowd;
    a.called = d->called;
    if (t->prone)
      a.flags |= COPS_ST_PRONE;
    if (c->aim_target == ti)
      a.aim = c->aim;
    c->aim = 0;                                     /* fired: the dice are spent (ST-M21) */
    c->aim_target = -1;
    if (t->grapple >= 0) {                          /* §6.9: a shield held */
      const struct cops__st_fight_grapple *g = &f->g[t->grapple];
      const int user = g->g.shield == COPS_ST_ATTACKER ? g->a : g->g.shield == COPS_ST_DEFENDER ? g->b : -1;
      if (user == ti) {
        const int s = g->a == ti ? g->b : g->a;
        a.shield = f->c[s].ch;
        a.shield_id = s;
      }
    }
  } else {
    if (range > 1)
      return cops__fail(f->ctx, COPS_ERULE, "%s is %d m from %s: melee needs contact (1 m)",
                        c->ch->name, range, t->ch->name);
    if (cops__st_crowded(f, ti, id))
      return cops__fail(f->ctx, COPS_ERULE, "%s has four opponents in contact: a fifth cannot "
                        "engage (§5.4, ST-A7)", t->ch->name);
    int tw;
    if (cops__st_answers(f, ti, id, 0, &tw)) {                  /* §5.3, ST-A6, ST-A16 */
      a.kind = firearm ? COPS_ST_CONTACT_SHOT : COPS_ST_EXCHANGE;
      a.target_weapon = tw;
      t->roll_used = 1;
      t->facing = id;
      c->facing = ti;
      defer = 1;
    } else if (firearm) {                           /* the target cannot answer: a shot */
      a.kind = COPS_ST_SHOT;
      a.distance = range;
    } else {                                        /* §5.4, ST-A7 */
      int n = cops__st_enemies_in_contact(f, ti);
      n = n < 1 ? 1 : n > 4 ? 4 : n;
      a.kind = COPS_ST_STRIKE;
      a.opponents = n;
      a.rank = n == 1 ? 0 : t->strikes + 1 < n - 1 ? t->strikes + 1 : n - 1;
      t->strikes++;
    }
    engage(t, id);
  }
  cops__st_attack_result res;
  if ((rc = cops__st_attack_run(&res, f->ctx, &a, cops__st_log_of(f), f->ra, f->rd, defer)))
    return rc;
  const cops_st_outcome *o = &res.o;
  if (res.deferred) {                               /* the target's blow, at its rank */
    t->owed = res.dealt;
    t->owed_to = id;
    t->owed_type = o->type;
    t->owed_firearm = res.firearm;
  } else if (o->damage > 0) {
    const int victim = o->victim == COPS_ST_ATTACKER ? id : ti;
    if ((rc = injured(f, victim, o->bashing + o->lethal)))
      return rc;
  }
  if (a.shield && o->shield_damage > 0 && (rc = injured(f, a.shield_id, o->shield_damage)))
    return rc;
  if (o->stray && f->r.stray_shots && ncrowd > 0 && (rc = stray(f, crowd, ncrowd, w)))
    return rc;
  return COPS_OK;
}

static int coup(cops_st_fight *f, int id, const cops_st_declaration *d)
{
  struct cops__st_fighter *c = &f->c[id];
  cops_st_attack a;
  cops_st_attack_init(&a, COPS_ST_COUP_DE_GRACE);
  a.attacker = c->ch;
  a.target = f->c[d->target].ch;
  a.attacker_id = id;
  a.target_id = d->target;
  a.weapon = d->weapon;
  a.bonus = d->bonus;
  a.rules = &f->r;
  if (c->aim_target == d->target)
    a.aim = c->aim;                                 /* ST-A25: aiming counts */
  c->aim = 0;
  c->aim_target = -1;
  cops__st_attack_result res;
  int rc = cops__st_attack_run(&res, f->ctx, &a, cops__st_log_of(f), f->ra, f->rd, 0);
  return rc ? rc : injured(f, d->target, res.o.bashing + res.o.lethal);
}

/* A grapple side's choices: the one acting, and the other's declaration or the policy's
 * (taken before the contest spends its roll action). */
static void grapple_side(const cops_st_fight *f, int id, int other, const cops_st_declaration *mine,
                         cops_st_grapple_side *s)
{
  cops_st_declaration d;
  if (mine)
    d = *mine;
  else if (f->c[id].declared)
    d = f->c[id].decl;
  else
    d.action = COPS_ST_DO_NOTHING;
  if (d.action != COPS_ST_DO_GRAPPLE || d.target != other) {
    cops_st_declaration_init(&d, COPS_ST_DO_NOTHING);
    cops__st_grapple_choice(f, id, &d);
  }
  s->effects[0] = d.effects[0];
  s->effects[1] = d.effects[1];
  s->in_hand = d.weapon;
  s->bite = d.bite;
}

static int grapple(cops_st_fight *f, int id, const cops_st_declaration *d)
{
  const int t = d->target;
  struct cops__st_fighter *c = &f->c[id], *o = &f->c[t];
  int slot = c->grapple;
  if (slot < 0) {                                   /* ST-A19: a roll action in melee starts one */
    for (slot = 0; slot < COPS__ST_GRAPPLES && f->g[slot].used; slot++)
      ;
    if (slot == COPS__ST_GRAPPLES)
      return cops__fail(f->ctx, COPS_ESTATE, "too many grapples at once");
    struct cops__st_fight_grapple *g = &f->g[slot];
    memset(g, 0, sizeof *g);
    cops_st_grapple_init(&g->g);
    g->a = id;
    g->b = t;
    g->used = 1;
    g->round = 0;
    c->grapple = o->grapple = slot;
    engage(o, id);
  }
  struct cops__st_fight_grapple *g = &f->g[slot];
  if (g->round == f->round)
    return cops__fail(f->ctx, COPS_ERULE, "the grapple's contest was rolled this round (ST-A19)");
  cops_st_grapple_side sides[2];
  const int first = g->a, second = g->b;
  grapple_side(f, first, second, first == id ? d : NULL, &sides[0]);
  grapple_side(f, second, first, second == id ? d : NULL, &sides[1]);
  g->round = f->round;
  o->roll_used = 1;                                 /* both roll the contest */
  c->facing = t;
  o->facing = id;
  if (sides[0].bite)
    f->c[first].auto_used++;
  if (sides[1].bite)
    f->c[second].auto_used++;
  cops_st_grapple_outcome out;
  memset(&out, 0, sizeof out);
  out.size = sizeof out;
  int rc = cops_st_grapple_round(&g->g, &out, f->ctx, f->c[first].ch, f->c[second].ch, first,
                                 second, &sides[0], &sides[1], &f->r, cops__st_log_of(f));
  if (rc)
    return rc;
  const int loser = out.winner == COPS_ST_ATTACKER ? second : out.winner == COPS_ST_DEFENDER ? first : -1;
  if (loser >= 0 && (rc = injured(f, loser, out.damage + out.bite)))
    return rc;
  if (!g->g.active) {                               /* broken free (ST-M19) */
    f->c[first].grapple = f->c[second].grapple = -1;
    g->used = 0;
  }
  return COPS_OK;
}

static int aim(cops_st_fight *f, int id, const cops_st_declaration *d)
{
  struct cops__st_fighter *c = &f->c[id];
  if (c->aim_target != d->target)
    c->aim = 0;                                     /* a new target: from nothing (ST-A25) */
  c->aim_target = d->target;
  const int wits = c->ch->trait[COPS_ST_WITS];
  c->aim = c->aim + 1 < wits ? c->aim + 1 : wits;   /* §6.7: at most Wits */
  c->aimed = 1;
  const int v[COPS__PAYLOAD] = {COPS_ST_DO_AIM, c->aim};
  return cops__st_fight_event(f, COPS_ST_EV_ACTION, id, d->target, v);
}

/* ---- a turn (ST-M18 2) ------------------------------------------------------------- */

static int move(cops_st_fight *f, int id, const cops_st_declaration *d)
{
  struct cops__st_fighter *c = &f->c[id];
  const int from_x = c->x, from_y = c->y;
  const int m = moves_of(f, id, d);
  c->moves_used += m;
  if (d->prone)
    c->prone = d->prone > 0;                        /* ST-A28: a move action */
  int walked = 0;
  if (d->moving && (d->x != c->x || d->y != c->y)) {
    walked = metres(c->x, c->y, d->x, d->y);
    c->x = d->x;
    c->y = d->y;
    c->aim = 0;                                     /* moved: the aiming is lost (ST-A25) */
    c->aim_target = -1;
  }
  if (!walked && !d->prone)
    return COPS_OK;
  const int v[COPS__PAYLOAD] = {from_x, from_y, c->x, c->y, walked, c->prone, d->prone};
  return cops__st_fight_event(f, COPS_ST_EV_MOVE, id, -1, v);
}

/* A policy's plan, with the odds it weighed (a st.declare event; the simple policy's
 * plans are not logged, as 0.15.0 to 0.16.0 logged them). */
static int declared(cops_st_fight *f, int id, const cops_st_declaration *d, const int *why)
{
  const struct cops__st_fighter *c = &f->c[id];
  const cops_st_character *t = d->target >= 0 ? f->c[d->target].ch : NULL;
  const char *weapon = d->action == COPS_ST_DO_ATTACK && d->weapon >= 0
                           ? c->ch->weapon[d->weapon].name : NULL;
  const int v[COPS__PAYLOAD] = {d->action, (int)d->flags, d->cover, c->policy, why[0],
                                why[1], why[2], d->moving, d->x, d->y};
  return cops__st_log_event(cops__st_log_of(f), COPS_ST_EV_DECLARE, c->ch, id, t,
                            t ? d->target : -1, weapon, v);
}

int cops__st_turn(cops_st_fight *f, int id)
{
  struct cops__st_fighter *c = &f->c[id];
  int rc = cops__st_land(f, id);
  if (rc || !cops__st_fighter_able(f, id))
    return rc;
  cops_st_declaration d;
  if (c->declared) {
    d = c->decl;
  } else {
    int why[3];
    cops__st_plan_by_policy(f, id, &d, why);
    if (c->policy != COPS_POLICY_SIMPLE && (d.action != COPS_ST_DO_NOTHING || d.moving) &&
        (rc = declared(f, id, &d, why)))
      return rc;
  }
  if (c->roll_used && d.action != COPS_ST_DO_NOTHING) {   /* spent in an exchange (ST-A6) */
    d.action = COPS_ST_DO_NOTHING;
    d.bite = 0;
    if (moves_of(f, id, &d) > 1)
      d.moving = 0;
  }
  if ((rc = plan_ok(f, id, &d)))
    return rc;
  settle_cover(f, id, &d);
  if ((rc = move(f, id, &d)))
    return rc;
  const int kept_aim = d.action == COPS_ST_DO_AIM ||
                       ((d.action == COPS_ST_DO_ATTACK || d.action == COPS_ST_DO_COUP_DE_GRACE) &&
                        d.target == c->aim_target);
  if (d.action != COPS_ST_DO_NOTHING && !kept_aim)
    c->aim = 0, c->aim_target = -1;                 /* another roll action (ST-A25) */
  switch (d.action) {
  case COPS_ST_DO_ATTACK:
    rc = attack(f, id, &d);
    break;
  case COPS_ST_DO_GRAPPLE:
    rc = grapple(f, id, &d);
    break;
  case COPS_ST_DO_TOTAL_DEFENSE:
    rc = c->td_done ? COPS_OK : roll_total_defense(f, id);
    break;
  case COPS_ST_DO_AIM:
    rc = aim(f, id, &d);
    break;
  case COPS_ST_DO_COUP_DE_GRACE:
    rc = coup(f, id, &d);
    break;
  default:
    break;
  }
  if (d.action != COPS_ST_DO_NOTHING)
    c->roll_used = 1;
  return rc;
}

/* Put fighter id (at the cursor) right after fighter `after` in the order (ST-A13). */
int cops__st_delay(cops_st_fight *f, int id, int after)
{
  int at = -1;
  for (int k = f->cursor + 1; k < f->norder; k++)
    if (f->order[k] == after)
      at = k;
  if (at < 0 || f->c[after].acted)
    return cops__fail(f->ctx, COPS_ERULE, "%s can wait only for a fighter still to act this "
                      "round (§5.2, ST-A13)", f->c[id].ch->name);
  memmove(&f->order[f->cursor], &f->order[f->cursor + 1],
          (size_t)(at - f->cursor) * sizeof f->order[0]);
  f->order[at] = id;
  cops__st_place_ranks(f);
  f->c[id].delayed = 1;
  f->c[id].decl.after = -1;
  const int v[COPS__PAYLOAD] = {-1, 0};
  return cops__st_fight_event(f, COPS_ST_EV_ACTION, id, after, v);
}

/* A grapple ends when one of its two is out of the fight: an unconscious or fallen
 * fighter holds nobody (ST-M19, ST-L2). */
void cops__st_release_fallen(cops_st_fight *f)
{
  for (int k = 0; k < COPS__ST_GRAPPLES; k++) {
    struct cops__st_fight_grapple *g = &f->g[k];
    if (g->used && (!cops__st_fighter_able(f, g->a) || !cops__st_fighter_able(f, g->b))) {
      g->g.active = 0;
      g->used = 0;
      f->c[g->a].grapple = f->c[g->b].grapple = -1;
    }
  }
}

