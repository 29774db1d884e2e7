// libcops from JavaScript: Rolls and their exact odds (COPS.md C1, docs/odds.md).

import { CopsError, bool, int, json, text, threeDoubles, typeName } from './cops-base.mjs';

/** cops_action (0.7.0): size, dice, threshold, difficulty, three modifiers, flags. */
export const ACTION_SIZE = 4 * 8;

/** How many parsed notations a context keeps for roll(). */
const PARSED_KEPT = 64;
/** The ints copsjs_roll_read writes at most: ten figures and 3 per die (beyond, the dice
 * are read one by one). */
const ROLL_OUT = 10 + 3 * 256;

/** The calls of a Context for this area (Context.prototype takes them). */
export const diceContext = {
  /** Roll a notation ("4+/3 (2)", C1): the roll as its JSON (docs/json.md), the object
   * cops_roll_to_json writes, built from the roll itself without a JSON text between. */
  roll(notation, { unskilled = false } = {}) {
    bool(unskilled, 'unskilled');
    const m = this.m;
    const action = this._parsedAction(notation, unskilled);
    const r = this._rollBuffer();
    this._check(m._cops_roll_action(r, this._h, action.ptr));
    action.text ??= this._actionText(r);
    return this._actionRoll(r, action.text);
  },
  /** The context's roll, reused by roll() (freed with the context). */
  _rollBuffer() {
    const life = this.life;
    if (!life.roll) {
      const m = this.m;
      this._check(m._cops_roll_new_in(this.cops.cell, this._h));
      const r = m.getValue(this.cops.cell, 'i32');
      const out = m._malloc(4 * ROLL_OUT);
      if (!out) {
        m._cops_roll_free(r);
        throw new CopsError(-3, 'out of memory');
      }
      life.roll = r;
      life.rollOut = out;
      life.cleanups.push(() => { m._cops_roll_free(r); m._free(out); life.roll = 0; });
    }
    return life.roll;
  },
  /** A notation parsed once (cops_action_parse_sized), kept with the context: the last
   * PARSED_KEPT notations, the oldest dropped first. */
  _parsedAction(notation, unskilled) {
    const life = this.life;
    const m = this.m;
    if (!life.actions) {
      const actions = [new Map(), new Map()];   // without and with COPS_UNSKILLED
      life.actions = actions;
      life.cleanups.push(() => {
        life.lastNotation = undefined;
        actions.forEach((kept) => {
          for (const a of kept.values()) m._free(a.ptr);
          kept.clear();
        });
      });
    }
    if (notation === life.lastNotation && unskilled === life.lastUnskilled) return life.lastAction;
    const kept = life.actions[unskilled ? 1 : 0];
    let a = kept.get(notation);
    if (a) return this._lastAction(notation, unskilled, a);
    text(notation, 'notation');   // a string kept was checked when it came in
    const ptr = m._malloc(ACTION_SIZE);
    if (!ptr) throw new CopsError(-3, 'out of memory');
    try {
      this.cops._withString(notation, (p) => this._check(m._cops_action_parse_sized(ptr, ACTION_SIZE, this._h, p)));
    } catch (e) {
      m._free(ptr);
      throw e;
    }
    if (unskilled) m.setValue(ptr + 28, m.getValue(ptr + 28, 'i32') | 1, 'i32');   // a.flags |= COPS_UNSKILLED
    a = { ptr, text: null };
    if (kept.size >= PARSED_KEPT) {
      const [oldest, dropped] = kept.entries().next().value;
      if (life.lastAction === dropped) life.lastNotation = undefined;
      m._free(dropped.ptr);
      kept.delete(oldest);
    }
    kept.set(notation, a);
    return this._lastAction(notation, unskilled, a);
  },
  /** The notation rolled last, its parsed action at hand for the next roll of it. */
  _lastAction(notation, unskilled, a) {
    const life = this.life;
    life.lastNotation = notation;
    life.lastUnskilled = unskilled;
    life.lastAction = a;
    return a;
  },
  /** The roll's action as cops_action_format writes it. */
  _actionText(r) {
    const m = this.m;
    const p = m._malloc(ACTION_SIZE + 96);
    try {
      this._check(m._cops_roll_action_of_sized(r, p, ACTION_SIZE));
      this._check(m._cops_action_format(p, p + ACTION_SIZE, 96));
      return m.UTF8ToString(p + ACTION_SIZE);
    } finally {
      m._free(p);
    }
  },
  /** An action roll as cops_roll_to_json writes it, from what copsjs_roll_read writes
   * (web/roll-glue.c): ten figures, then face, success and parent for each die. */
  _actionRoll(r, action) {
    const m = this.m;
    const p = this.life.rollOut;
    this._check(m._copsjs_roll_read(r, p, ROLL_OUT));
    const h = m.HEAP32;
    const at = p >> 2;
    const n = h[at];
    const fit = Math.min(n, (ROLL_OUT - 10) / 3);
    const dice = new Array(n);
    for (let i = 0, d = at + 10; i < fit; i++, d += 3)
      dice[i] = { face: h[d], success: h[d + 1] === 1, reroll_of: h[d + 2] < 0 ? null : h[d + 2] };
    for (let i = fit; i < n; i++) {
      const c = this.cops.cell;
      m._cops_roll_die(r, i, c, c + 4, c + 8);
      const parent = m.getValue(c + 8, 'i32');
      dice[i] = { face: m.getValue(c, 'i32'), success: m.getValue(c + 4, 'i32') === 1, reroll_of: parent < 0 ? null : parent };
    }
    const out = { kind: 'action', action, pool: h[at + 1], threshold: h[at + 2], difficulty: h[at + 3],
      unskilled: h[at + 4] === 1, dice, successes: h[at + 5], success: h[at + 6] === 1, margin: h[at + 7],
      capped: h[at + 8] === 1 };
    if (h[at + 9] === 1) out.anciennete = true;
    return out;
  },
  /**
   * Exact odds of a notation: { success, expected, pmf } where pmf[k] is
   * P(k successes), up to the last k whose probability is not 0.
   */
  odds(notation) {
    text(notation, 'notation');
    const m = this.m;
    const a = m._malloc(ACTION_SIZE + 8);
    try {
      this.cops._withString(notation, (p) =>
        this._check(m._cops_action_parse_sized(a, ACTION_SIZE, this._h, p)));
      const d = a + ACTION_SIZE;
      this._check(m._cops_odds_success(this._h, a, d));
      const success = m.getValue(d, 'double');
      this._check(m._cops_odds_expected(this._h, a, d));
      const expected = m.getValue(d, 'double');
      const pmf = [];
      let total = 0;
      for (let k = 0; total < 1 - 1e-15 && k <= 4096; k++) {
        this._check(m._cops_odds_pmf(this._h, a, k, d));
        const p = m.getValue(d, 'double');
        pmf.push(p);
        total += p;
      }
      while (pmf.length > 1 && pmf[pmf.length - 1] === 0) pmf.pop();
      return { success, expected, pmf };
    } finally {
      m._free(a);
    }
  },
  /** The parsed action of a notation in C memory, for fn(actionPtr); freed after. */
  _withAction(notation, fn) {
    text(notation, 'notation');
    const m = this.m;
    const a = m._malloc(ACTION_SIZE);
    try {
      this.cops._withString(notation, (p) =>
        this._check(m._cops_action_parse_sized(a, ACTION_SIZE, this._h, p)), 'notation');
      return fn(a);
    } finally {
      m._free(a);
    }
  },
  /** A double the C call writes into its last argument. */
  _real(fn) {
    const d = this.m._malloc(8);
    try {
      this._check(fn(d));
      return this.m.getValue(d, 'double');
    } finally {
      this.m._free(d);
    }
  },
  _count(fn) { this._check(fn(this.cops.cell)); return this.m.getValue(this.cops.cell, 'i32'); },
  /** P(successes = k), P(successes >= k), P(margin >= m) (COPS.md C1, docs/odds.md). */
  oddsPmf(notation, k) { int(k, 'k'); return this._withAction(notation, (a) => this._real((d) => this.m._cops_odds_pmf(this._h, a, k, d))); },
  oddsAtLeast(notation, k) { int(k, 'k'); return this._withAction(notation, (a) => this._real((d) => this.m._cops_odds_at_least(this._h, a, k, d))); },
  oddsMarginAtLeast(notation, margin) {
    int(margin, 'margin');
    return this._withAction(notation, (a) => this._real((d) => this.m._cops_odds_margin_at_least(this._h, a, margin, d)));
  },
  oddsExpected(notation) { return this._withAction(notation, (a) => this._real((d) => this.m._cops_odds_expected(this._h, a, d))); },
  /** The smallest k with P(successes <= k) >= q, 0 <= q < 1. */
  oddsQuantile(notation, q) {
    if (typeof q !== 'number') throw new TypeError(`q must be a number, not ${typeName(q)}`);
    return this._withAction(notation, (a) => this._count((c) => this.m._cops_odds_quantile(this._h, a, q, c)));
  },
  /** The fewest dice, the worst threshold reaching P(success) >= p. */
  oddsDiceFor(notation, p) {
    if (typeof p !== 'number') throw new TypeError(`p must be a number, not ${typeName(p)}`);
    return this._withAction(notation, (a) => this._count((c) => this.m._cops_odds_dice_for(this._h, a, p, c)));
  },
  oddsThresholdFor(notation, p) {
    if (typeof p !== 'number') throw new TypeError(`p must be a number, not ${typeName(p)}`);
    return this._withAction(notation, (a) => this._count((c) => this.m._cops_odds_threshold_for(this._h, a, p, c)));
  },
  /** P(success) plain, with the Adrénaline die, with an Ancienneté re-roll, with both (C5;
   * the Adrénaline figures null when the pool has no room for one more die). */
  oddsPoints(notation) {
    return this._withAction(notation, (a) => {
      const m = this.m;
      const d = m._malloc(32);
      try {
        this._check(m._cops_odds_points(this._h, a, d, d + 8, d + 16, d + 24));
        const v = [0, 1, 2, 3].map((i) => m.getValue(d + 8 * i, 'double'));
        const known = (x) => (x < 0 || Number.isNaN(x) ? null : x);
        return { plain: v[0], adrenaline: known(v[1]), anciennete: v[2], both: known(v[3]) };
      } finally {
        m._free(d);
      }
    });
  },
  /** P(A wins), P(no winner), P(B wins) of an opposed roll (C1.6). */
  oddsOpposed(notationA, notationB, minSuccesses = 0) {
    int(minSuccesses, 'minSuccesses');
    return this._withAction(notationA, (a) => this._withAction(notationB, (b) => {
      const [pa, none, pb] = threeDoubles(this, (x, y, z) => this.m._cops_odds_opposed(this._h, a, b, minSuccesses, x, y, z));
      return { a: pa, none, b: pb };
    }));
  },
  /** P(A's successes - B's successes = d) (C1.6). */
  oddsOpposedDifference(notationA, notationB, difference) {
    int(difference, 'difference');
    return this._withAction(notationA, (a) => this._withAction(notationB, (b) =>
      this._real((d) => this.m._cops_odds_opposed_difference(this._h, a, b, difference, d))));
  },
  /** A roll the C call fill(roll) makes, as its JSON. */
  _rolled(fill) {
    const m = this.m;
    this._check(m._cops_roll_new_in(this.cops.cell, this._h));
    const roll = m.getValue(this.cops.cell, 'i32');
    try {
      this._check(fill(roll));
      this._check(m._cops_roll_to_json(roll, this.cops.cell));
      return JSON.parse(this.cops._taken());
    } finally {
      m._cops_roll_free(roll);
    }
  },
  /** A pool given by its numbers: dice at threshold+, difficulty (C1). */
  rollPool(dice, threshold, difficulty, { unskilled = false } = {}) {
    int(dice, 'dice'); int(threshold, 'threshold'); int(difficulty, 'difficulty'); bool(unskilled, 'unskilled');
    const r = this._rollBuffer();
    this._check(this.m._cops_roll_pool(r, this._h, dice, threshold, difficulty, unskilled ? 1 : 0));
    // Its text as cops_action_format writes it, kept for the pools rolled most.
    const life = this.life;
    life.poolTexts ??= new Map();
    // One number for the usual pools (under 1024 dice, thresholds under 64, difficulties
    // of -512 .. 511), a text for the rest.
    const key = dice >= 0 && dice < 1024 && threshold >= 0 && threshold < 64 && difficulty >= -512 && difficulty < 512
      ? ((dice * 64 + threshold) * 1024 + difficulty + 512) * 2 + (unskilled ? 1 : 0)
      : `${dice} ${threshold} ${difficulty} ${unskilled ? 1 : 0}`;
    let action = life.poolTexts.get(key);
    if (action === undefined) {
      action = this._actionText(r);
      if (life.poolTexts.size >= PARSED_KEPT) life.poolTexts.delete(life.poolTexts.keys().next().value);
      life.poolTexts.set(key, action);
    }
    return this._actionRoll(r, action);
  },

  /** count d6 summed (damage, C8.1), or the highest kept. */
  rollD6(count, { highest = false } = {}) {
    int(count, 'count'); bool(highest, 'highest');
    return this._rolled((r) => (highest ? this.m._cops_roll_d6_highest : this.m._cops_roll_d6)(r, this._h, count));
  },
  /** An opposed roll (C1.6): { a, b, winner: 'a' | 'b' | null, margin }. */
  rollOpposed(notationA, notationB, minSuccesses = 0) {
    int(minSuccesses, 'minSuccesses');
    return this._withAction(notationA, (a) => this._withAction(notationB, (b) => {
      const m = this.m;
      const cell = this.cops.cell;
      this._check(m._cops_roll_new_in(cell, this._h));
      const ra = m.getValue(cell, 'i32');
      let rb = 0;
      try {
        this._check(m._cops_roll_new_in(cell, this._h));
        rb = m.getValue(cell, 'i32');
        this._check(m._cops_roll_opposed(ra, rb, this._h, a, b, minSuccesses, cell, cell + 4));
        const winner = { 1: 'a', 2: 'b' }[m.getValue(cell, 'i32')] ?? null;
        const margin = m.getValue(cell + 4, 'i32');
        const json = (r) => { this._check(m._cops_roll_to_json(r, cell)); return JSON.parse(this.cops._taken()); };
        return { a: json(ra), b: json(rb), winner, margin };
      } finally {
        m._cops_roll_free(ra);
        if (rb) m._cops_roll_free(rb);
      }
    }));
  },
};
