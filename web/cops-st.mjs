// libcops from JavaScript: the optional Storyteller module (docs/storyteller.md,
// <cops/st.h>, <cops/st-attack.h>, <cops/st-scene.h>, <cops/st-fight.h>), as Python's
// cops.st: pools, rolls and their exact odds, characters and their weapons, attacks and
// long bursts, the scene's procedures (initiative, total defence, nerve, bouts, objects,
// grapples) and whole fights. Its calls hang off a Context as ctx.stX (stRoll, stCharacter
// ...); a value naming a C struct's field keeps the field's name, as everywhere in the API.

import {
  CopsError, ModuleFight, ModuleRules, Owned, Struct, bool, instance, int, logPtr, member,
  namedCharacter, options, text, threeDoubles, typeName, weaponIndex,
} from './cops-base.mjs';

const MODES = ['dice', 'all-8s', 'average'];
const NO_CHANCE = 0x1;
const POOL = new Struct([['size', 'u32'], ['dice', 'i32'], ['mod', 'i32'], ['threshold', 'i32'],
  ['again', 'i32'], ['mode', 'i32'], ['flags', 'u32']]);
const RULE_FIELDS = ['threshold', 'again', 'chance_die', 'human_size', 'speed_base',
  'defense_athletics', 'health_track', 'wound_penalties', 'combatant_xp', 'combatant_skill',
  'outnumber_incremental', 'stray_shots'];
const RULE_FLAGS = ['chance_die', 'defense_athletics', 'health_track', 'wound_penalties',
  'outnumber_incremental', 'stray_shots'];
const RULES = new ModuleRules('st', RULE_FIELDS, RULE_FLAGS);
const BACKGROUND = ['military', 'police', 'criminal', 'crisis-trained', 'player'];
const HEALTH_STATES = ['fit', 'unconscious', 'bleeding out', 'dead'];
const DERIVED = ['Defense', 'Initiative', 'Speed', 'Health', 'Willpower'];
const DAMAGE = ['bashing', 'lethal'];
const POINTS = ['willpower', 'vitae'];
const WEAPON_KINDS = ['unarmed', 'melee', 'firearm', 'teeth'];
const ATTACK_KINDS = ['exchange', 'strike', 'shot', 'contact_shot', 'coup_de_grace'];
const CALLED = ['body', 'arm', 'leg', 'head', 'heart', 'hand', 'eye'];
const ATTACK_FLAGS = { touch: 0x1, burst: 0x2, surprised: 0x4, defenseless: 0x8, prone: 0x10 };
const SIDES = [null, 'attacker', 'defender'];
const NERVES = ['acts', 'spent', 'restricted', 'out'];
const GRAPPLE_EFFECTS = ['break_free', 'take_weapon', 'damage', 'disarm', 'hold', 'shield'];

const WEAPON = new Struct([['size', 'u32'], ['name', ['char', 48]], ['damage', 'i32'],
  ['type', 'i32'], ['kind', 'i32'], ['automatic', 'i32'], ['min_strength', 'i32'],
  ['range', ['i32', 3]], ['ammo', 'i32']]);
const ATTACK_INTS = ['weapon', 'target_weapon', 'attacker_id', 'target_id', 'distance', 'cover',
  'own_cover', 'crowd', 'opponents', 'rank', 'called', 'aim', 'total_defense', 'bonus'];
const ATTACK = new Struct([['size', 'u32'], ['kind', 'i32'], ['attacker', 'ptr'], ['target', 'ptr'],
  ...ATTACK_INTS.map((f) => [f, 'i32']), ['flags', 'u32'], ['shield', 'ptr'], ['shield_id', 'i32'],
  ['rules', 'ptr']]);
const OUTCOME = new Struct([['size', 'u32'], ...['pool', 'successes', 'dramatic', 'defender_pool',
  'defender_successes', 'winner', 'margin', 'victim', 'damage', 'type', 'shield_damage', 'ignored',
  'converted', 'bashing', 'lethal', 'state', 'full_effect', 'stray', 'recoil', 'contact']
  .map((f) => [f, 'i32'])]);
const EVENT = new Struct([['size', 'u32'], ...['kind', 'flags', 'distance', 'called', 'purpose',
  'pool', 'threshold', 'again', 'mode', 'successes', 'chance', 'dramatic', 'capped', 'winner',
  'margin', 'damage', 'damage_type', 'ignored', 'converted', 'bashing', 'lethal', 'state',
  'effect', 'value', 'score', 'total', 'boxes', 'broken'].map((f) => [f, 'i32']),
['effects', ['i32', 2]], ...['active', 'hold', 'shield', 'controller', 'action', 'aim', 'from_x',
  'from_y', 'x', 'y', 'metres', 'prone', 'prone_change', 'winner_side', 'rounds', 'policy', 'cover',
  'moving', 'odds_down', 'odds_first', 'odds_risk'].map((f) => [f, 'i32'])]);
const OBJECT = new Struct([['size', 'u32'], ['name', ['char', 48]], ['durability', 'i32'],
  ['boxes', 'i32'], ['damage', 'i32'], ['failure_damage', 'i32']]);
const GRAPPLE = new Struct([['size', 'u32'], ...['active', 'hold', 'shield', 'controller',
  'weapon_owner', 'weapon'].map((f) => [f, 'i32'])]);
const GRAPPLE_SIDE = new Struct([['effects', ['i32', 2]], ['in_hand', 'i32'], ['bite', 'i32']]);
const GRAPPLE_OUTCOME = new Struct([['size', 'u32'], ['successes', ['i32', 2]], ['pool', ['i32', 2]],
  ['winner', 'i32'], ['margin', 'i32'], ['effects', ['i32', 2]], ...['damage', 'damage_type', 'bite',
    'disarmed_owner', 'disarmed_weapon'].map((f) => [f, 'i32'])]);
const DECLARATION = new Struct([['size', 'u32'], ['action', 'i32'], ['target', 'i32'],
  ['weapon', 'i32'], ['flags', 'u32'], ...['called', 'bonus', 'cover', 'moving', 'x', 'y', 'prone',
    'after'].map((f) => [f, 'i32']), ['effects', ['i32', 2]], ['bite', 'i32']]);
const FIGHTER_FIELDS = ['side', 'x', 'y', 'able', 'out', 'initiative', 'rank', 'acted', 'delayed',
  'roll_used', 'moves_used', 'automatic_used', 'facing', 'attackers', 'cover', 'cover_used',
  'total_defense', 'aim', 'aim_target', 'surprised', 'prone', 'nerve', 'grapple', 'spend', 'tactic',
  'policy'];
const FIGHTER = new Struct([['size', 'u32'], ...FIGHTER_FIELDS.map((f) => [f, 'i32'])]);

export function need(m) {
  if (!m._cops_st_roll) throw new CopsError(-6, 'this libcops was built without the Storyteller module (meson option st)');
}

/** A pool for C: a notation ("4+1 9-again") read by cops_st_pool_parse_sized, or an object
 * { dice, mod, threshold, again, mode, chance } (the defaults of ST-A1, ST-A2, ST-A37). */
function withPool(ctx, spec, fn) {
  const m = ctx.m;
  need(m);
  return POOL.with(m, (p) => {
    if (typeof spec === 'string') {
      ctx.cops._withString(spec, (s) => ctx._check(m._cops_st_pool_parse_sized(p, POOL.size, ctx._h, s)), 'pool');
    } else if (typeof spec === 'object' && spec !== null && !Array.isArray(spec)) {
      const o = options(spec, ['dice', 'mod', 'threshold', 'again', 'mode', 'chance'], 'pool');
      if (o.dice === undefined) throw new CopsError(-1, 'pool: dice is required');
      ctx._check(m._cops_st_pool_init_sized(p, POOL.size, int(o.dice, 'dice')));
      if (o.mod !== undefined) POOL.set(m, p, 'mod', o.mod);
      if (o.threshold !== undefined) POOL.set(m, p, 'threshold', o.threshold);
      if (o.again !== undefined) POOL.set(m, p, 'again', o.again);
      if (o.mode !== undefined) POOL.set(m, p, 'mode', member(o.mode, MODES, 'mode'));
      if (o.chance !== undefined) POOL.set(m, p, 'flags', bool(o.chance, 'chance') ? 0 : NO_CHANCE);
    } else {
      throw new TypeError(`a pool must be a notation or an object, not ${typeName(spec)}`);
    }
    return fn(p);
  });
}

function poolOf(m, p) {
  const o = POOL.read(m, p);
  const notation = m._malloc(160);
  try {
    const rc = m._cops_st_pool_format(p, notation, 160);
    if (rc < 0) throw new CopsError(rc, 'not a pool');
    return { dice: o.dice, mod: o.mod, threshold: o.threshold, again: o.again, mode: MODES[o.mode],
      chance: !(o.flags & NO_CHANCE), notation: m.UTF8ToString(notation) };
  } finally {
    m._free(notation);
  }
}

/** Rules for C (cops_st_rules): null for the defaults, or an object of its fields. */
export const withRules = (ctx, rules, fn) => RULES.with(ctx, rules, fn);

function stCharacter(v, what) {
  return instance(v, StCharacter, what);
}

function outcomeOf(m, p) {
  const o = OUTCOME.read(m, p);
  return { ...o, dramatic: o.dramatic === 1, winner: SIDES[o.winner], victim: SIDES[o.victim],
    type: DAMAGE[o.type], state: HEALTH_STATES[o.state], full_effect: o.full_effect === 1,
    stray: o.stray === 1, contact: o.contact === 1 };
}

function sideOf(v) { return [null, 'first', 'second'][v]; }

/** The Storyteller calls of a Context (Context.prototype takes them: ctx.stRoll ...). */
export const stContext = {
  /** A Storyteller fight (docs/storyteller.md) and a D6 fight (docs/d6.md). */
  stFight(doc, baseDir = null) { return this._fromText(this.m._cops_st_fight_from_json, doc, 'fight', StFight, baseDir); },
  stFightFile(path) { return this._fromFile(this.m._cops_st_fight_load, path, StFight); },
  /** True when the library holds the Storyteller module (meson option st). */
  stAvailable() { return Boolean(this.m._cops_st_roll); },
  /** A pool read and checked as a roll checks it: { dice, mod, threshold, again, mode, chance,
   * notation }. */
  stPool(spec) {
    return withPool(this, spec, (p) => {
      this._check(this.m._cops_st_odds_dramatic(this._h, p, this.cops.cell));
      return poolOf(this.m, p);
    });
  },
  /** Roll a pool (cops_st_roll): the roll's JSON, as `cops st roll --json` writes it. */
  stRoll(spec) {
    const m = this.m;
    need(m);
    return this._rolled((r) => (typeof spec === 'string'
      ? this.cops._withString(spec, (s) => m._cops_st_roll_text(r, this._h, s), 'pool')
      : withPool(this, spec, (p) => m._cops_st_roll(r, this._h, p))));
  },
  /** The exact law of a pool's successes, as `cops st odds --json` writes it: { pool,
   * expected, dramatic, pmf, at_least } up to the last k whose at_least is above 1e-12. */
  stOdds(spec) {
    const m = this.m;
    return withPool(this, spec, (p) => {
      const q = (fn, ...args) => { this._check(fn(this._h, p, ...args, this.cops.cell)); return m.getValue(this.cops.cell, 'double'); };
      const pmf = [];
      const atLeast = [];
      for (let k = 0; k <= 1000; k++) {
        const a = q(m._cops_st_odds_at_least, k);
        if (k > 0 && a < 1e-12) break;
        pmf.push(q(m._cops_st_odds_pmf, k));
        atLeast.push(a);
      }
      return { pool: poolOf(m, p).notation, expected: q(m._cops_st_odds_expected),
        dramatic: q(m._cops_st_odds_dramatic), pmf, at_least: atLeast };
    });
  },
  /** An opposed roll's odds (ST-A5): { a_wins, b_wins, tie }. */
  stOpposed(a, b) {
    const m = this.m;
    return withPool(this, a, (pa) => withPool(this, b, (pb) => {
      const [aWins, bWins, tie] = threeDoubles(this, (x, y, z) => m._cops_st_odds_opposed(this._h, pa, pb, x, y, z));
      return { a_wins: aWins, b_wins: bWins, tie };
    }));
  },
  /** P(a's successes - b's successes = d) (cops_st_odds_difference). */
  stDifference(a, b, d) {
    int(d, 'd');
    return withPool(this, a, (pa) => withPool(this, b, (pb) => {
      this._check(this.m._cops_st_odds_difference(this._h, pa, pb, d, this.cops.cell));
      return this.m.getValue(this.cops.cell, 'double');
    }));
  },
  /** The defaults of the Storyteller rules (cops_st_rules_init_sized), by field. */
  stRules() {
    need(this.m);
    return RULES.defaults(this);
  },
  /** A character with every trait 0 and Size 5. */
  newStCharacter(name) { need(this.m); return namedCharacter(this, 'st', StCharacter, name); },

  /** A character from a sheet with "system": "st" (JSON text or an object). */
  stCharacter(doc) { need(this.m); return this._fromText(this.m._cops_st_character_from_json, doc, 'sheet', StCharacter); },
  stCharacterFile(path) { need(this.m); return this._fromFile(this.m._cops_st_character_load, path, StCharacter); },
  /** An empty fight under rules (null: the defaults); add fighters, then run. */
  newStFight({ rules = null } = {}) {
    need(this.m);
    withRules(this, rules, (r) => this._check(this.m._cops_st_fight_new(this.cops.cell, this._h, r)));
    return new StFight(this, this.m.getValue(this.cops.cell, 'i32'));
  },
  /** One attack (cops_st_attack_resolve): kind 'exchange', 'strike', 'shot', 'contact_shot'
   * or 'coup_de_grace'; opts name cops_st_attack's fields (weapon and target_weapon by index
   * or name, called by name, flags a list of 'touch', 'burst', 'surprised', 'defenseless',
   * 'prone'), shield a StCharacter, rules, log. All or nothing. */
  stAttack(attacker, target, kind = 'exchange', opts = {}) {
    stCharacter(attacker, 'attacker');
    stCharacter(target, 'target');
    const o = options(opts, ['weapon', 'target_weapon', 'distance', 'cover', 'own_cover', 'crowd',
      'opponents', 'rank', 'called', 'aim', 'total_defense', 'bonus', 'flags', 'shield',
      'attacker_id', 'target_id', 'shield_id', 'rules', 'log']);
    if (o.shield !== undefined && o.shield !== null) stCharacter(o.shield, 'shield');
    const m = this.m;
    return ATTACK.with(m, (a) => {
      this._check(m._cops_st_attack_init_sized(a, ATTACK.size, member(kind, ATTACK_KINDS, 'attack kind')));
      m.setValue(a + ATTACK.by.get('attacker').off, attacker._h, 'i32');
      m.setValue(a + ATTACK.by.get('target').off, target._h, 'i32');
      ATTACK.set(m, a, 'weapon', weaponIndex(attacker, o.weapon));
      ATTACK.set(m, a, 'target_weapon', weaponIndex(target, o.target_weapon, 'target_weapon'));
      for (const f of ['distance', 'cover', 'own_cover', 'crowd', 'opponents', 'rank', 'aim',
        'total_defense', 'bonus', 'attacker_id', 'target_id', 'shield_id'])
        if (o[f] !== undefined) ATTACK.set(m, a, f, o[f]);
      if (o.called !== undefined) ATTACK.set(m, a, 'called', member(o.called, CALLED, 'called shot'));
      ATTACK.set(m, a, 'flags', attackFlags(o.flags));
      if (o.shield) m.setValue(a + ATTACK.by.get('shield').off, o.shield._h, 'i32');
      return withRules(this, o.rules, (r) => {
        m.setValue(a + ATTACK.by.get('rules').off, r, 'i32');
        return OUTCOME.with(m, (out) => {
          this._check(m._cops_st_attack_resolve(out, this._h, a, logPtr(o.log)));
          return outcomeOf(m, out);
        });
      });
    });
  },
  /** A long burst at 1 to 8 targets (ST-A23): one outcome per target; opts covers, shares
   * (default all to the first), ids, weapon, distance, own_cover, aim, bonus, surprised,
   * attacker_id, rules, log. */
  stLongBurst(attacker, targets, opts = {}) {
    stCharacter(attacker, 'attacker');
    if (!Array.isArray(targets)) throw new TypeError(`targets must be an array, not ${typeName(targets)}`);
    targets.forEach((t, i) => stCharacter(t, `targets[${i}]`));
    const n = targets.length;
    if (n < 1 || n > 8) throw new CopsError(-2, '1 to 8 targets');
    const o = options(opts, ['weapon', 'distance', 'covers', 'shares', 'ids', 'own_cover', 'aim',
      'bonus', 'surprised', 'attacker_id', 'rules', 'log']);
    const covers = o.covers ?? Array(n).fill(0);
    const shares = o.shares ?? [64, ...Array(n - 1).fill(0)];
    const ids = o.ids ?? Array.from({ length: n }, (_, i) => i + 1);
    for (const [k, v] of [['covers', covers], ['shares', shares], ['ids', ids]]) {
      if (!Array.isArray(v)) throw new TypeError(`${k} must be an array`);
      if (v.length !== n) throw new CopsError(-1, 'one cover, share and id for each target');
      v.forEach((x, i) => int(x, `${k}[${i}]`));
    }
    const m = this.m;
    return ATTACK.with(m, (a) => {
      this._check(m._cops_st_attack_init_sized(a, ATTACK.size, 2));
      m.setValue(a + ATTACK.by.get('attacker').off, attacker._h, 'i32');
      ATTACK.set(m, a, 'weapon', weaponIndex(attacker, o.weapon));
      for (const f of ['distance', 'own_cover', 'aim', 'bonus', 'attacker_id'])
        if (o[f] !== undefined) ATTACK.set(m, a, f, o[f]);
      ATTACK.set(m, a, 'flags', o.surprised !== undefined && bool(o.surprised, 'surprised') ? ATTACK_FLAGS.surprised : 0);
      const arrays = m._malloc(16 * n);
      const outs = m._malloc(OUTCOME.size * n);
      if (!arrays || !outs) { m._free(arrays); m._free(outs); throw new CopsError(-3, 'out of memory'); }
      try {
        m.HEAPU8.fill(0, outs, outs + OUTCOME.size * n);
        for (let i = 0; i < n; i++) {
          m.setValue(arrays + 4 * i, targets[i]._h, 'i32');
          m.setValue(arrays + 4 * (n + i), ids[i], 'i32');
          m.setValue(arrays + 4 * (2 * n + i), covers[i], 'i32');
          m.setValue(arrays + 4 * (3 * n + i), shares[i], 'i32');
          m.setValue(outs + OUTCOME.size * i, OUTCOME.size, 'i32');
        }
        return withRules(this, o.rules, (r) => {
          m.setValue(a + ATTACK.by.get('rules').off, r, 'i32');
          this._check(m._cops_st_long_burst(outs, this._h, a, arrays, arrays + 4 * n,
            arrays + 8 * n, arrays + 12 * n, n, logPtr(o.log)));
          return Array.from({ length: n }, (_, i) => outcomeOf(m, outs + OUTCOME.size * i));
        });
      } finally {
        m._free(arrays);
        m._free(outs);
      }
    });
  },
  /** The Storyteller fields of event index of a Log or a fight's log (cops_st_log_event). */
  stEventFields(log, index) {
    int(index, 'index');
    const p = logPtr(log);
    if (!p) throw new TypeError('log must be a Log or a fight');
    return EVENT.with(this.m, (e) => {
      this._check(this.m._cops_st_log_event(p, index, e));
      const o = EVENT.read(this.m, e);
      const [effect1, effect2] = o.effects;
      delete o.effects;
      return { ...o, effect_1: effect1, effect_2: effect2 };
    });
  },
  /** 1d10 + Initiative (§5.2): { die, total }. */
  stInitiative(ch, opts = {}) {
    stCharacter(ch, 'character');
    const o = options(opts, ['id', 'rules', 'log']);
    const c = this.cops.cell;
    withRules(this, o.rules, (r) => this._check(this.m._cops_st_initiative(this._h, ch._h, r,
      int(o.id ?? 0, 'id'), c, c + 4, logPtr(o.log))));
    return { die: this.m.getValue(c, 'i32'), total: this.m.getValue(c + 4, 'i32') };
  },
  /** The indices of chars, first to act first (ST-A13). */
  stInitiativeOrder(chars, totals, { rules = null } = {}) {
    if (!Array.isArray(chars) || !Array.isArray(totals)) throw new TypeError('chars and totals must be arrays');
    chars.forEach((ch, i) => stCharacter(ch, `chars[${i}]`));
    totals.forEach((t, i) => int(t, `totals[${i}]`));
    if (chars.length !== totals.length) throw new CopsError(-1, 'one total for each character');
    const n = chars.length;
    const m = this.m;
    const p = m._malloc(12 * Math.max(n, 1));
    if (!p) throw new CopsError(-3, 'out of memory');
    try {
      for (let i = 0; i < n; i++) {
        m.setValue(p + 4 * i, chars[i]._h, 'i32');
        m.setValue(p + 4 * (n + i), totals[i], 'i32');
      }
      withRules(this, rules, (r) => this._check(m._cops_st_initiative_order(this._h, p, p + 4 * n, n, r, p + 8 * n)));
      return Array.from({ length: n }, (_, i) => m.getValue(p + 4 * (2 * n + i), 'i32'));
    } finally {
      m._free(p);
    }
  },
  /** Dexterity + Athletics (§5.8): the successes added to Defense this round. */
  stTotalDefense(ch, opts = {}) {
    stCharacter(ch, 'character');
    const o = options(opts, ['id', 'rules', 'log']);
    withRules(this, o.rules, (r) => this._check(this.m._cops_st_total_defense(this._h, ch._h, r,
      int(o.id ?? 0, 'id'), this.cops.cell, logPtr(o.log))));
    return this.m.getValue(this.cops.cell, 'i32');
  },
  /** A non-combatant's round (§2): 'acts', 'spent' (Willpower) or 'restricted'. */
  stNerve(ch, opts = {}) {
    stCharacter(ch, 'character');
    const o = options(opts, ['spend', 'id', 'rules', 'log']);
    const spend = o.spend === undefined ? true : bool(o.spend, 'spend');
    withRules(this, o.rules, (r) => this._check(this.m._cops_st_nerve(this._h, ch._h, r,
      int(o.id ?? 0, 'id'), spend ? 1 : 0, this.cops.cell, logPtr(o.log))));
    return NERVES[this.m.getValue(this.cops.cell, 'i32')];
  },
  /** A non-combatant hit (§2): 'acts', 'spent' or 'out'. */
  stInjury(ch, damage, opts = {}) {
    stCharacter(ch, 'character');
    int(damage, 'damage');
    const o = options(opts, ['spend', 'id', 'rules', 'log']);
    const spend = o.spend === undefined ? true : bool(o.spend, 'spend');
    withRules(this, o.rules, (r) => this._check(this.m._cops_st_injury(ch._h, r, int(o.id ?? 0, 'id'),
      damage, spend ? 1 : 0, this.cops.cell, logPtr(o.log))));
    return NERVES[this.m.getValue(this.cops.cell, 'i32')];
  },
  /** §4, ST-A10: pool a is at least twice pool b. */
  stOverwhelming(a, b) {
    need(this.m);
    const rc = this.m._cops_st_overwhelming(int(a, 'a'), int(b, 'b'));
    if (rc < 0) throw new CopsError(rc, 'pools 0 .. 128');
    return rc === 1;
  },
  /** A non-dramatic fight (§3, ST-A9): 'a', 'b' or null (a draw). */
  stBout(a, b, opts = {}) {
    stCharacter(a, 'a');
    stCharacter(b, 'b');
    const o = options(opts, ['pool_a', 'pool_b', 'damage', 'rules', 'log']);
    const damage = o.damage === undefined ? true : bool(o.damage, 'damage');
    withRules(this, o.rules, (r) => this._check(this.m._cops_st_bout(this._h, a._h, b._h, r,
      int(o.pool_a ?? -1, 'pool_a'), int(o.pool_b ?? -1, 'pool_b'), damage ? 1 : 0,
      this.cops.cell, logPtr(o.log))));
    return [null, 'a', 'b'][this.m.getValue(this.cops.cell, 'i32')];
  },
  /** An object to force or smash (§6.15, ST-M6): a plain value, struck with strike(). */
  stObject(name, durability, boxes, { failure_damage = 0, damage = 0 } = {}) {
    need(this.m);
    return new StObject(this, name, durability, boxes, failure_damage, damage);
  },
  /** Two characters grappling (§6.2, ST-M19): grapple.round(...) after round. */
  stGrapple(a, b) {
    need(this.m);
    return new StGrapple(this, stCharacter(a, 'a'), stCharacter(b, 'b'));
  },
};

export function attackFlags(flags) {
  if (flags === undefined) return 0;
  if (!Array.isArray(flags)) throw new TypeError(`flags must be an array, not ${typeName(flags)}`);
  let bits = 0;
  for (const f of flags) {
    text(f, 'flag');
    if (!Object.hasOwn(ATTACK_FLAGS, f)) throw new CopsError(-7, `unknown flag '${f}' (${Object.keys(ATTACK_FLAGS).join(', ')})`);
    bits |= ATTACK_FLAGS[f];
  }
  return bits;
}

/** A Storyteller character (cops_st_character, docs/storyteller.md "Sheets"). */
export class StCharacter extends Owned {
  constructor(ctx, ptr, owner = null) {
    super(ctx, ptr, owner ? null : (p) => ctx.m._cops_st_character_free(p));
    this._owner = owner;   // a fight read from a file owns its characters
  }
  get name() { return this.cops._str(this.m._cops_st_character_name(this._h)); }
  set name(value) { this.cops._withString(value, (p) => this.ctx._check(this.m._cops_st_character_set_name(this._h, p)), 'name'); }
  toJSON() {
    this.ctx._check(this.m._cops_st_character_to_json(this._h, this.cops.cell));
    return JSON.parse(this.cops._taken());
  }
  /** A copy with its own damage. */
  copy() {
    this.ctx._check(this.m._cops_st_character_copy(this.cops.cell, this._h));
    return new StCharacter(this.ctx, this.m.getValue(this.cops.cell, 'i32'));
  }
  _trait(name) {
    return this.cops.catalogue._parsed(this.m._cops_st_trait_parse, name, 'trait');
  }
  /** A trait by name (Strength ... Size). */
  trait(name) { return this.ctx._check(this.m._cops_st_character_trait(this._h, this._trait(name))); }
  setTrait(name, value) { this.ctx._check(this.m._cops_st_character_set_trait(this._h, this._trait(name), int(value, 'value'))); }
  /** Defense, Initiative, Speed, Health or Willpower: the sheet's, else ST-A3's formula. */
  derived(which, rules = null) {
    const w = member(which, DERIVED, 'derived');
    return withRules(this.ctx, rules, (r) => this.ctx._check(this.m._cops_st_character_derived(this._h, r, w)));
  }
  /** Set a derived trait, or null to compute it again. */
  setDerived(which, value) {
    const w = member(which, DERIVED, 'derived');
    this.ctx._check(this.m._cops_st_character_set_derived(this._h, w, value === null ? -1 : int(value, 'value')));
  }
  /** 'willpower' or 'vitae': [current, maximum]. */
  points(kind) {
    const c = this.cops.cell;
    this.ctx._check(this.m._cops_st_character_points(this._h, member(kind, POINTS, 'kind'), c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  setPoints(kind, current) { this.ctx._check(this.m._cops_st_character_set_points(this._h, member(kind, POINTS, 'kind'), int(current, 'current'))); }
  /** Of 'military', 'police', 'criminal', 'crisis-trained', 'player' (§2). */
  get background() {
    const flags = this.m._cops_st_character_background(this._h) >>> 0;
    return BACKGROUND.filter((_, i) => flags & (1 << i));
  }
  set background(value) {
    if (!Array.isArray(value)) throw new TypeError(`background must be an array, not ${typeName(value)}`);
    let flags = 0;
    for (const b of value) flags |= 1 << member(b, BACKGROUND, 'background');
    this.ctx._check(this.m._cops_st_character_set_background(this._h, flags));
  }
  get experience() { return this.ctx._check(this.m._cops_st_character_experience(this._h)); }
  set experience(xp) { this.ctx._check(this.m._cops_st_character_set_experience(this._h, int(xp, 'experience'))); }
  /** The test of §2 (ST-A12), or the value setCombatant forced. */
  isCombatant(rules = null) { return withRules(this.ctx, rules, (r) => this.ctx._check(this.m._cops_st_character_is_combatant(this._h, r)) === 1); }
  setCombatant(combatant) {
    this.ctx._check(this.m._cops_st_character_set_combatant(this._h, combatant === null ? -1 : (bool(combatant, 'combatant') ? 1 : 0)));
  }
  /** Mark boxes of 'bashing' or 'lethal' damage on the track (ST-L1). */
  damage(boxes, kind, rules = null) {
    int(boxes, 'boxes');
    const k = member(kind, DAMAGE, 'damage type');
    withRules(this.ctx, rules, (r) => this.ctx._check(this.m._cops_st_character_damage(this._h, r, boxes, k)));
  }
  /** The boxes marked: [bashing, lethal]. */
  get health() {
    const c = this.cops.cell;
    this.ctx._check(this.m._cops_st_character_health(this._h, c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  setHealth(bashing, lethal) { this.ctx._check(this.m._cops_st_character_set_health(this._h, int(bashing, 'bashing'), int(lethal, 'lethal'))); }
  /** 'fit', 'unconscious', 'bleeding out' or 'dead' (ST-L1). */
  healthState(rules = null) { return HEALTH_STATES[withRules(this.ctx, rules, (r) => this.ctx._check(this.m._cops_st_character_health_state(this._h, r)))]; }
  /** 0, -1, -2 or -3 dice (ST-L1). */
  woundPenalty(rules = null) { this._h; return withRules(this.ctx, rules, (r) => this.m._cops_st_character_wound_penalty(this._h, r)); }
  /** The weapons carried, in order (ST-M4): { name, damage, type, kind, automatic,
   * min_strength, range, ammo }. */
  get weapons() {
    const m = this.m;
    const n = this.ctx._check(m._cops_st_character_weapon_count(this._h));
    return Array.from({ length: n }, (_, i) => WEAPON.with(m, (w) => {
      this.ctx._check(m._cops_st_character_weapon_sized(this._h, i, w, WEAPON.size));
      const o = WEAPON.read(m, w);
      return { ...o, type: DAMAGE[o.type], kind: WEAPON_KINDS[o.kind], automatic: o.automatic === 1 };
    }));
  }
  /** Carry a weapon (at most 4): { kind = 'melee', name, damage, type, automatic,
   * min_strength, range: [short, medium, long], ammo }, the kind's defaults
   * (cops_st_weapon_init_sized) for what is left out; its index. */
  addWeapon(weapon) {
    const o = options(weapon, ['name', 'damage', 'type', 'kind', 'automatic', 'min_strength', 'range', 'ammo'], 'weapon');
    if (weapon === undefined) throw new TypeError('weapon must be an object');
    const m = this.m;
    return WEAPON.with(m, (w) => {
      this.ctx._check(m._cops_st_weapon_init_sized(w, WEAPON.size, member(o.kind ?? 'melee', WEAPON_KINDS, 'weapon kind')));
      // The kind's defaults (cops_st_weapon_init_sized), and what the caller gives over them.
      for (const f of ['name', 'damage', 'min_strength', 'range', 'ammo']) if (o[f] !== undefined) WEAPON.set(m, w, f, o[f]);
      if (o.type !== undefined) WEAPON.set(m, w, 'type', member(o.type, DAMAGE, 'type'));
      if (o.automatic !== undefined) WEAPON.set(m, w, 'automatic', bool(o.automatic, 'automatic') ? 1 : 0);
      this.ctx._check(m._cops_st_character_add_weapon(this._h, w, this.cops.cell));
      return m.getValue(this.cops.cell, 'i32');
    });
  }
  removeWeapon(index) { this.ctx._check(this.m._cops_st_character_remove_weapon(this._h, int(index, 'index'))); }
  /** { vest (0..3), armour (0..2), old_fashioned } (ST-M5). */
  get protection() {
    const c = this.cops.cell;
    this.ctx._check(this.m._cops_st_character_protection(this._h, c, c + 4, c + 8));
    return { vest: this.m.getValue(c, 'i32'), armour: this.m.getValue(c + 4, 'i32'), old_fashioned: this.m.getValue(c + 8, 'i32') === 1 };
  }
  setProtection(vest = 0, armour = 0, oldFashioned = false) {
    this.ctx._check(this.m._cops_st_character_set_protection(this._h, int(vest, 'vest'), int(armour, 'armour'), bool(oldFashioned, 'oldFashioned') ? 1 : 0));
  }
  /** A new round for the vest's and the armour's budgets (ST-A31, ST-A32). */
  beginRound() { this.ctx._check(this.m._cops_st_character_begin_round(this._h)); }
}

/** An object to force or smash (§6.15, ST-M6, ST-A34): a plain value kept in JavaScript. */
export class StObject {
  constructor(ctx, name, durability, boxes, failureDamage, damage) {
    const m = ctx.m;
    this._ctx = ctx;
    this._bytes = OBJECT.with(m, (p) => {
      const rc = ctx.cops._withString(name, (s) => m._cops_st_object_init_sized(p, OBJECT.size, s,
        int(durability, 'durability'), int(boxes, 'boxes')), 'name');
      if (rc) throw new CopsError(-2, 'an object: a name of 1 to 47 bytes, durability 0 .. 10, boxes 1 .. 100');
      OBJECT.set(m, p, 'failure_damage', failureDamage);
      OBJECT.set(m, p, 'damage', damage);
      return m.HEAPU8.slice(p, p + OBJECT.size);
    });
  }
  _read(name) { return OBJECT.with(this._ctx.m, (p) => { this._ctx.m.HEAPU8.set(this._bytes, p); return OBJECT.get(this._ctx.m, p, name); }); }
  get name() { return this._read('name'); }
  get durability() { return this._read('durability'); }
  get boxes() { return this._read('boxes'); }
  get damage() { return this._read('damage'); }
  get failureDamage() { return this._read('failure_damage'); }
  get broken() { return this.damage >= this.boxes; }
  /** One go (ST-A34): its successes, added to the damage. opts: weapon, dice (-1: Strength +
   * Vigor), average, id, rules, log. All or nothing. */
  strike(ch, opts = {}) {
    const ctx = this._ctx;
    const m = ctx.m;
    stCharacter(ch, 'character');
    const o = options(opts, ['weapon', 'dice', 'average', 'id', 'rules', 'log']);
    const average = o.average !== undefined && bool(o.average, 'average');
    return OBJECT.with(m, (p) => {
      m.HEAPU8.set(this._bytes, p);
      withRules(ctx, o.rules, (r) => ctx._check(m._cops_st_object_strike(p, ctx._h, ch._h, r,
        int(o.id ?? 0, 'id'), weaponIndex(ch, o.weapon), int(o.dice ?? -1, 'dice'), average ? 2 : 0,
        ctx.cops.cell, logPtr(o.log))));
      this._bytes = m.HEAPU8.slice(p, p + OBJECT.size);
      return m.getValue(ctx.cops.cell, 'i32');
    });
  }
}

function wished(effects, what) {
  if (!Array.isArray(effects)) throw new TypeError(`${what} must be an array, not ${typeName(effects)}`);
  if (effects.length > 2) throw new CopsError(-2, 'two effects at most');
  const w = effects.map((e) => member(e, GRAPPLE_EFFECTS, 'grapple effect'));
  return [w[0] ?? -1, w[1] ?? -1];
}

/** Two characters grappling (§6.2, ST-M19), round after round; a plain value. */
export class StGrapple {
  constructor(ctx, a, b) {
    this._ctx = ctx;
    this.a = a;
    this.b = b;
    this._bytes = GRAPPLE.with(ctx.m, (p) => {
      ctx._check(ctx.m._cops_st_grapple_init_sized(p, GRAPPLE.size));
      return ctx.m.HEAPU8.slice(p, p + GRAPPLE.size);
    });
  }
  _state() { return GRAPPLE.with(this._ctx.m, (p) => { this._ctx.m.HEAPU8.set(this._bytes, p); return GRAPPLE.read(this._ctx.m, p); }); }
  get active() { return this._state().active === 1; }
  get hold() { return [null, 'a', 'b'][this._state().hold]; }
  get shield() { return [null, 'a', 'b'][this._state().shield]; }
  get controller() { return [null, 'a', 'b'][this._state().controller]; }
  /** One round's contest (all or nothing). opts: a_effects, b_effects (the wished effects,
   * the second at a margin of 4+), a_in_hand, b_in_hand, a_bite, b_bite, a_id, b_id, rules, log:
   * { successes, pools, winner, margin, effects, damage, damage_type, bite, disarmed }. */
  round(opts = {}) {
    const ctx = this._ctx;
    const m = ctx.m;
    const o = options(opts, ['a_effects', 'b_effects', 'a_in_hand', 'b_in_hand', 'a_bite', 'b_bite', 'a_id', 'b_id', 'rules', 'log']);
    const sides = [['a', this.a], ['b', this.b]].map(([k, ch]) => ({
      effects: wished(o[`${k}_effects`] ?? [], `${k}_effects`),
      in_hand: weaponIndex(ch, o[`${k}_in_hand`], `${k}_in_hand`),
      bite: o[`${k}_bite`] !== undefined && bool(o[`${k}_bite`], `${k}_bite`) ? 1 : 0,
    }));
    return GRAPPLE.with(m, (g) => GRAPPLE_SIDE.with(m, (sa) => GRAPPLE_SIDE.with(m, (sb) =>
      GRAPPLE_OUTCOME.with(m, (out) => {
        m.HEAPU8.set(this._bytes, g);
        [sa, sb].forEach((p, i) => {
          GRAPPLE_SIDE.set(m, p, 'effects', sides[i].effects);
          GRAPPLE_SIDE.set(m, p, 'in_hand', sides[i].in_hand);
          GRAPPLE_SIDE.set(m, p, 'bite', sides[i].bite);
        });
        withRules(ctx, o.rules, (r) => ctx._check(m._cops_st_grapple_round(g, out, ctx._h, this.a._h,
          this.b._h, int(o.a_id ?? 0, 'a_id'), int(o.b_id ?? 1, 'b_id'), sa, sb, r, logPtr(o.log))));
        this._bytes = m.HEAPU8.slice(g, g + GRAPPLE.size);
        const x = GRAPPLE_OUTCOME.read(m, out);
        return { successes: x.successes, pools: x.pool, winner: [null, 'a', 'b'][x.winner], margin: x.margin,
          effects: x.effects.filter((e) => e >= 0).map((e) => GRAPPLE_EFFECTS[e]), damage: x.damage,
          damage_type: DAMAGE[x.damage_type], bite: x.bite,
          disarmed: x.disarmed_owner ? [['a', 'b'][x.disarmed_owner - 1], x.disarmed_weapon] : null };
      }))));
  }
}

/** A Storyteller fight (cops_st_fight, docs/storyteller.md "Fights"). */
export class StFight extends ModuleFight {
  constructor(ctx, ptr) { super(ctx, ptr, 'st', StCharacter); }
  setSurprised(id, surprised = true) { this.ctx._check(this.m._cops_st_fight_set_surprised(this._h, this._id(id), bool(surprised, 'surprised') ? 1 : 0)); }
  setProne(id, prone = true) { this.ctx._check(this.m._cops_st_fight_set_prone(this._h, this._id(id), bool(prone, 'prone') ? 1 : 0)); }
  setSpend(id, spend) { this.ctx._check(this.m._cops_st_fight_set_spend(this._h, this._id(id), bool(spend, 'spend') ? 1 : 0)); }
  /** 'strike', 'grapple', 'aim' or 'defend': the default policy's tactic for fighter id. */
  setTactic(id, tactic) {
    const t = this.cops.catalogue._parsed(this.m._cops_st_fight_tactic_parse, tactic, 'tactic');
    this.ctx._check(this.m._cops_st_fight_set_tactic(this._h, this._id(id), t));
  }
  _policy(name) {
    const code = this.cops._withString(name, (p) => this.m._cops_policy_parse(p), 'policy');
    if (code < 0) throw new CopsError(-1, `policy '${name}': 'simple' or 'tactical'`);
    return code;
  }
  /** Fighter id's policy when nobody declares for it: 'simple' (the default: its tactic) or 'tactical' (docs/storyteller.md, "Policies"). */
  setPolicy(id, policy) { this.ctx._check(this.m._cops_st_fight_set_policy(this._h, this._id(id), this._policy(policy))); }
  /** Every fighter of side (those in the fight now) under policy. */
  setSidePolicy(side, policy) { int(side, 'side'); this.ctx._check(this.m._cops_st_fight_set_side_policy(this._h, side, this._policy(policy))); }
  policy(id) { return this.cops._str(this.m._cops_policy_name(this.ctx._check(this.m._cops_st_fight_policy(this._h, this._id(id))))); }
  /** The fight's rules, by field (cops_st_rules). */
  get rules() {
    return RULES.read(this.ctx, (p) => this.m._cops_st_fight_rules(this._h, p));
  }
  /** Fighter id's state (cops_st_fighter, ST-M3); ids of none are null. */
  fighter(id) {
    this._id(id);
    const m = this.m;
    return FIGHTER.with(m, (p) => {
      this.ctx._check(m._cops_st_fight_fighter(this._h, id, p));
      const v = FIGHTER.read(m, p);
      for (const f of ['able', 'out', 'acted', 'delayed', 'surprised', 'prone', 'spend']) v[f] = v[f] === 1;
      for (const f of ['rank', 'facing', 'aim_target', 'grapple']) if (v[f] < 0) v[f] = null;
      v.nerve = NERVES[v.nerve];
      v.tactic = m.UTF8ToString(m._cops_st_fight_tactic_name(v.tactic));
      v.policy = m.UTF8ToString(m._cops_policy_name(v.policy));
      return v;
    });
  }
  /** The grapple fighter id is in ({ first, second, hold, shield, controller }), or null. */
  grapple(id) {
    if (this.fighter(id).grapple === null) return null;
    const m = this.m;
    return GRAPPLE.with(m, (g) => {
      const c = this.cops.cell;
      this.ctx._check(m._cops_st_fight_grapple(this._h, id, g, c, c + 4));
      const s = GRAPPLE.read(m, g);
      return { first: m.getValue(c, 'i32'), second: m.getValue(c + 4, 'i32'), hold: sideOf(s.hold),
        shield: sideOf(s.shield), controller: sideOf(s.controller) };
    });
  }
  /** Fighter id's turn this round (cops_st_declaration, ST §1): { action, target, weapon,
   * touch, burst, called, bonus, cover, move_to: [x, y], prone: 'down' | 'up', after,
   * effects, bite }; checked at once (COPS_ERULE names why). */
  declare(id, d) {
    const ch = this.character(id);
    const o = options(d, ['action', 'target', 'weapon', 'touch', 'burst', 'called', 'bonus', 'cover',
      'move_to', 'prone', 'after', 'effects', 'bite'], 'declaration');
    if (d === undefined) throw new TypeError('declaration must be an object');
    const m = this.m;
    DECLARATION.with(m, (p) => {
      this.ctx._check(m._cops_st_declaration_init_sized(p, DECLARATION.size, 0));
      DECLARATION.set(m, p, 'action', this.cops.catalogue._parsed(m._cops_st_fight_action_parse, o.action ?? 'nothing', 'action'));
      DECLARATION.set(m, p, 'target', o.target == null ? -1 : o.target);
      DECLARATION.set(m, p, 'weapon', weaponIndex(ch, o.weapon));
      DECLARATION.set(m, p, 'flags', (o.touch !== undefined && bool(o.touch, 'touch') ? 1 : 0) | (o.burst !== undefined && bool(o.burst, 'burst') ? 2 : 0));
      DECLARATION.set(m, p, 'called', member(o.called ?? 'body', CALLED, 'called shot'));
      DECLARATION.set(m, p, 'bonus', o.bonus ?? 0);
      DECLARATION.set(m, p, 'cover', o.cover == null ? -1 : o.cover);
      if (o.move_to != null) {
        if (!Array.isArray(o.move_to) || o.move_to.length !== 2) throw new TypeError('move_to must be [x, y]');
        DECLARATION.set(m, p, 'moving', 1);
        DECLARATION.set(m, p, 'x', o.move_to[0]);
        DECLARATION.set(m, p, 'y', o.move_to[1]);
      }
      if (o.prone != null && o.prone !== 'down' && o.prone !== 'up') throw new CopsError(-1, `prone must be null, 'down' or 'up', not ${JSON.stringify(o.prone)}`);
      DECLARATION.set(m, p, 'prone', { down: 1, up: -1 }[o.prone] ?? 0);
      DECLARATION.set(m, p, 'after', o.after == null ? -1 : o.after);
      DECLARATION.set(m, p, 'effects', wished(o.effects ?? [], 'effects'));
      DECLARATION.set(m, p, 'bite', o.bite !== undefined && bool(o.bite, 'bite') ? 1 : 0);
      this.ctx._check(m._cops_st_fight_declare(this._h, id, p));
    });
  }
  /** What the default policy would do with fighter id's turn now (a declaration). */
  suggest(id) {
    this._id(id);
    const m = this.m;
    return DECLARATION.with(m, (p) => {
      this.ctx._check(m._cops_st_fight_suggest(this._h, id, p));
      const d = DECLARATION.read(m, p);
      const ch = this.character(id);
      return { action: m.UTF8ToString(m._cops_st_fight_action_name(d.action)),
        target: d.target < 0 ? null : d.target, weapon: d.weapon < 0 ? null : ch.weapons[d.weapon].name,
        touch: (d.flags & 1) !== 0, burst: (d.flags & 2) !== 0, called: CALLED[d.called], bonus: d.bonus,
        cover: d.cover < 0 ? null : d.cover, move_to: d.moving ? [d.x, d.y] : null,
        prone: { 1: 'down', '-1': 'up' }[d.prone] ?? null, after: d.after < 0 ? null : d.after,
        effects: d.effects.filter((e) => e >= 0).map((e) => GRAPPLE_EFFECTS[e]), bite: d.bite === 1 };
    });
  }
}

