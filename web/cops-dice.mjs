// libcops from JavaScript: Rolls and their exact odds (COPS.md C1, docs/odds.md).

import { bool, int, json, text, typeName } from './cops-base.mjs';

/** cops_action (0.7.0): size, dice, threshold, difficulty, three modifiers, flags. */
export const ACTION_SIZE = 4 * 8;

/** The calls of a Context for this area (Context.prototype takes them). */
export const diceContext = {
  /** Roll a notation ("4+/3 (2)", C1): the roll as its JSON (docs/json.md). */
  roll(notation, { unskilled = false } = {}) {
    text(notation, 'notation');
    bool(unskilled, 'unskilled');
    const m = this.m;
    this._check(m._cops_roll_new(this.cops.cell));
    const roll = m.getValue(this.cops.cell, 'i32');
    try {
      this.cops._withString(notation, (p) =>
        this._check(m._cops_roll_notation(roll, this._h, p, unskilled ? 1 : 0)));
      this._check(m._cops_roll_to_json(roll, this.cops.cell));
      return JSON.parse(this.cops._taken());
    } finally {
      m._cops_roll_free(roll);
    }
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
      const m = this.m;
      const d = m._malloc(24);
      try {
        this._check(m._cops_odds_opposed(this._h, a, b, minSuccesses, d, d + 8, d + 16));
        return { a: m.getValue(d, 'double'), none: m.getValue(d + 8, 'double'), b: m.getValue(d + 16, 'double') };
      } finally {
        m._free(d);
      }
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
    return this._rolled((r) => this.m._cops_roll_pool(r, this._h, dice, threshold, difficulty, unskilled ? 1 : 0));
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
