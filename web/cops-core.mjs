// libcops from JavaScript (docs/javascript.md): the C library compiled to WebAssembly, the
// same dice, events and replay as in C. Every rule stays in C; this module turns
// JavaScript values into the C API's arguments and its results into values, and
// throws a CopsError for every refusal of a value, a TypeError for a value of the wrong
// type. It holds no environment code: cops.mjs (browsers, bundlers) and cops-node.mjs
// (Node.js) load the WebAssembly module and hand it to create().

/** The C API's error codes by number (cops_errors), for CopsError.code. */
export const ERRORS = ['OK', 'EINVAL', 'ERANGE', 'ENOMEM', 'ERNG', 'ESYNTAX', 'ESTATE',
  'ENOTFOUND', 'ERULE', 'EJSON', 'EIO', 'ESEAL'];

/** A refusal of the library: code (a COPS_E... name), status (its number), message. */
export class CopsError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'CopsError';
    this.status = status;
    this.code = ERRORS[-status] ? 'COPS_' + ERRORS[-status] : String(status);
  }
}

function typeName(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? (v.constructor?.name ?? 'an object') : typeof v;
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string for C: a TypeError for another type; a NUL or a lone surrogate is refused
 * (COPS_EINVAL), never cut or replaced. */
function text(v, what = 'text') {
  if (typeof v !== 'string') throw new TypeError(`${what} must be a string, not ${typeName(v)}`);
  if (v.includes('\0')) throw new CopsError(-1, `${what} contains a NUL character`);
  if (LONE_SURROGATE.test(v)) throw new CopsError(-1, `${what} is not UTF-8 text (a lone surrogate)`);
  return v;
}

/** An int for C: a TypeError for another type; a number that is not an integer is refused
 * (COPS_EINVAL), one outside lo..hi (C's int by default) too (COPS_ERANGE): never truncated. */
function int(v, what, lo = -2147483648, hi = 2147483647) {
  if (typeof v !== 'number') throw new TypeError(`${what} must be a number, not ${typeName(v)}`);
  if (!Number.isInteger(v)) throw new CopsError(-1, `${what}: ${v} is not an integer`);
  if (v < lo || v > hi) throw new CopsError(-2, `${what}: ${v} out of range ${lo}..${hi}`);
  return v;
}

function bool(v, what) {
  if (typeof v !== 'boolean') throw new TypeError(`${what} must be a boolean, not ${typeName(v)}`);
  return v;
}

function instance(v, Kind, what) {
  if (!(v instanceof Kind)) throw new TypeError(`${what} must be a ${Kind.name}, not ${typeName(v)}`);
  return v;
}

// Handles: freed by dispose() (or `using`), or by the garbage collector when a program
// forgets; a handle used after dispose() throws COPS_ESTATE and never reaches freed memory.
const DISPOSE = Symbol.dispose ?? Symbol.for('Symbol.dispose');
const finalizer = new FinalizationRegistry((release) => release());

/** What a handle of the C API is: its pointer, and how it is freed (null: owned by another). */
export class Handle {
  constructor(ptr, release) {
    this._ptr = ptr;
    this._release = release;
    this._holds = 0;        // C objects that borrow this one (an interview its subject)
    this._deferred = false;
    if (release) finalizer.register(this, release, this);
  }
  /** A borrower's hold: while held, dispose() only marks it disposed; the last release frees it. */
  _hold() {
    this._holds++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this._holds === 0 && this._deferred) this._freeNow();
    };
  }
  _freeNow() {
    const release = this._release;
    this._release = null;
    this._deferred = false;
    if (release) release();
  }
  /** The C pointer; COPS_ESTATE once disposed. */
  get _h() {
    if (!this._ptr) throw new CopsError(-6, `${this.constructor.name}: used after dispose()`);
    return this._ptr;
  }
  /** True once disposed (or its owner was). */
  get disposed() { return !this._ptr; }
  /** Free it now (cops_X_free); again does nothing. */
  dispose() {
    if (!this._ptr) return;
    this._ptr = 0;
    if (this._release) {
      finalizer.unregister(this);
      if (this._holds > 0) this._deferred = true;
      else this._freeNow();
    }
  }
  [DISPOSE]() { this.dispose(); }
  /** The 0.16 name of dispose(). */
  free() { this.dispose(); }
}

/** The fields of cops_declaration after its size, in order (0.13.0, 21 ints). */
const DECLARATION = ['action', 'attitude', 'initiative', 'target', 'weapon', 'shots',
  'moving', 'x', 'y', 'difficulty', 'dice_mod', 'threshold_mod', 'difficulty_mod',
  'long_move', 'adrenaline', 'anciennete', 'aim', 'bullets', 'circumstances', 'keep'];
const DECLARATION_SIZE = 4 * (1 + DECLARATION.length);
/** cops_action (0.7.0): size, dice, threshold, difficulty, three modifiers, flags. */
const ACTION_SIZE = 4 * 8;
const RULESETS = ['core', 'alternative'];
/** cops_situation's fields after its size, in order (0.13.0; pointers are 4 bytes). */
const SITUATION = ['size', 'ruleset', 'mode', 'attacker', 'weapon', 'attitude', 'initiative',
  'characteristic', 'movement', 'shots_fired', 'several', 'target', 'armour', 'target_attitude',
  'target_weapon', 'target_mode', 'attacker_armour', 'distance', 'dice_mod', 'threshold_mod',
  'difficulty_mod', 'target_dice_mod', 'target_stopping', 'attacker_stopping', 'penetration',
  'attacker_id', 'target_id', 'zone_x', 'zone_y', 'zone_radius', 'adrenaline', 'anciennete',
  'target_threshold_mod', 'target_adrenaline', 'distance_cm', 'aim', 'bullets', 'holding',
  'knockout_minutes'];
const SITUATION_INTS = ['initiative', 'movement', 'shots_fired', 'distance', 'dice_mod',
  'threshold_mod', 'difficulty_mod', 'target_dice_mod', 'penetration', 'attacker_id',
  'target_id', 'target_threshold_mod', 'distance_cm', 'aim', 'bullets', 'knockout_minutes'];
const SITUATION_KEYS = ['attacker', 'target', 'mode', 'weapon', 'armour', 'target_weapon',
  'attacker_armour', 'attitude', 'target_attitude', 'characteristic', 'target_stopping',
  'attacker_stopping', 'target_mode', 'rules', 'zone', 'several', 'adrenaline', 'anciennete',
  'target_adrenaline', 'holding', ...SITUATION_INTS];
/** cops_treated's fields after its size. */
const TREATED = ['kind', 'succeeded', 'margin', 'anciennete', 'healed', 'cap', 'hp_before', 'hp_after',
  'bleed_period'];
/** cops_hit's and cops_victim's fields after size (and who). */
const HIT = ['victim', 'bullet', 'die', 'location', 'modifier', 'raw', 'protection', 'bonus',
  'damage', 'stopped', 'body_side', 'rolled'];
const VICTIM = ['hits', 'damage', 'lasting', 'hp_before', 'hp_after', 'health_before',
  'health_after', 'stopping', 'stopping_difficulty', 'conditions', 'stopping_threshold',
  'mishaps', 'minutes'];
const LANGS = { fr: 0, en: 1, es: 2 };

/** The library over a loaded emscripten module (what cops.mjs and cops-node.mjs do). */
export function create(module) { return new Cops(module); }

/** The loaded library: contexts, names, and the in-memory file system it reads. */
export class Cops {
  constructor(m) {
    this.m = m;
    this.version = m.UTF8ToString(m._cops_version_string());
    this.cell = m._malloc(16);   // out-parameters of one call at a time
    /** The rules' catalogue: names of every game term, in fr, en or es. */
    this.catalogue = new Catalogue(this);
  }

  /** Write a file into the module's memory file system (sheets, weapons, scenarios). */
  writeFile(path, text) {
    const dir = path.replace(/\/[^/]*$/, '');
    if (dir) this.m.FS.mkdirTree(dir);
    this.m.FS.writeFile(path, text);
  }

  /**
   * A context: { seed } (a number, bigint or decimal string: the seeded stream of
   * cops_ctx_seed), { key } (32 bytes: cops_ctx_seed_bytes), { callback } (sides => face,
   * cops_ctx_use_callback), or none: the system source (crypto.getRandomValues).
   */
  context(options = {}) {
    if (typeof options !== 'object' || options === null)
      throw new TypeError(`options must be an object, not ${typeName(options)}`);
    const m = this.m;
    this._check(m._cops_ctx_new(this.cell), 0);
    const ctx = new Context(this, m.getValue(this.cell, 'i32'));
    try {
      if (options.seed !== undefined) ctx.seed(options.seed);
      else if (options.key !== undefined) ctx.seedBytes(options.key);
      else if (options.callback !== undefined) ctx.useCallback(options.callback);
    } catch (e) {
      ctx.dispose();
      throw e;
    }
    return ctx;
  }

  /** Whether a text is a sealed save (cops_is_sealed). */
  isSealed(sealed) {
    return this._withString(sealed, (p) => this.m._cops_is_sealed(p) === 1, 'sealed');
  }

  /** Names of the C catalogue: actions, attitudes (in a language), conditions. */
  actionName(action) { return this._str(this.m._cops_encounter_action_name(int(action, 'action'))); }
  actionParse(name) {
    if (typeof name === 'number') return int(name, 'action');
    return this._withString(name, (p) => {
      this._check(this.m._cops_encounter_action_parse(p, this.cell), 0, `unknown action '${name}'`);
      return this.m.getValue(this.cell, 'i32');
    }, 'action');
  }
  attitudeName(attitude, lang = 'en') {
    return this._str(this.m._cops_attitude_name(int(attitude, 'attitude'), this._lang(lang)));
  }
  attitudeParse(name) {
    if (typeof name === 'number') return int(name, 'attitude');
    return this._withString(name, (p) => {
      this._check(this.m._cops_attitude_parse(p, this.cell), 0, `unknown attitude '${name}'`);
      return this.m.getValue(this.cell, 'i32');
    }, 'attitude');
  }
  conditionNames(bits, lang = 'en') {
    int(bits, 'conditions');
    const names = [];
    for (let b = 1; b <= 0x100; b <<= 1)
      if (bits & b) names.push(this._str(this.m._cops_condition_name(b, this._lang(lang))));
    return names;
  }
  _lang(code) {
    if (typeof code === 'number') return int(code, 'lang', 0, 2);
    text(code, 'lang');
    if (!Object.hasOwn(LANGS, code)) throw new CopsError(-7, `unknown language '${code}' (fr, en, es)`);
    return LANGS[code];
  }

  // Internals shared by the classes below.
  _str(p) { return p ? this.m.UTF8ToString(p) : null; }
  _withString(value, fn, what = 'text') {
    text(value, what);
    const m = this.m;
    const n = m.lengthBytesUTF8(value) + 1;
    const p = m._malloc(n);
    if (!p) throw new CopsError(-3, 'out of memory');
    try {
      m.stringToUTF8(value, p, n);
      return fn(p);
    } finally {
      m._free(p);
    }
  }
  /** The text a char ** out-parameter received, freed with cops_free. */
  _taken() {
    const p = this.m.getValue(this.cell, 'i32');
    const s = this.m.UTF8ToString(p);
    this.m._cops_free(p);
    return s;
  }
  _check(rc, ctxPtr, message) {
    if (rc >= 0) return rc;
    let msg = message;
    if (!msg && ctxPtr) msg = this._str(this.m._cops_ctx_errmsg(ctxPtr));
    if (!msg) msg = this._str(this.m._cops_strerror(rc));
    throw new CopsError(rc, msg);
  }
}

/** A document as JSON text: a string as it is, an object written. */
function json(doc, what = 'document') {
  if (typeof doc === 'string') return doc;
  if (typeof doc === 'object' && doc !== null && !Array.isArray(doc)) return JSON.stringify(doc);
  throw new TypeError(`${what} must be JSON text or an object, not ${typeName(doc)}`);
}

/** A seed: an integer number, a bigint or a decimal string, 0..2^64-1. */
function seedValue(seed) {
  let s;
  if (typeof seed === 'bigint') s = seed;
  else if (typeof seed === 'number') s = BigInt(int(seed, 'seed', 0, Number.MAX_SAFE_INTEGER));
  else if (typeof seed === 'string' && /^[0-9]{1,20}$/.test(seed)) s = BigInt(seed);
  else if (typeof seed === 'string') throw new CopsError(-1, `seed '${seed}': a decimal number`);
  else throw new TypeError(`seed must be a number, a bigint or a decimal string, not ${typeName(seed)}`);
  if (s < 0n || s >= 1n << 64n) throw new CopsError(-2, `seed ${seed}: not 0..2^64-1`);
  return s;
}

/** A cops_ctx: the random source, and what is made from it. */
export class Context extends Handle {
  constructor(cops, ptr) {
    // The C context outlives what is made from it: disposed (or collected) while some
    // remain, it is freed with the last of them.
    const m = cops.m;
    const life = { refs: 0, done: false, fn: 0, ptr };
    life.free = () => {
      if (life.refs > 0 || !life.done || !life.ptr) return;
      m._cops_ctx_free(ptr);
      life.ptr = 0;
      if (life.fn) m.removeFunction(life.fn);
      life.fn = 0;
    };
    super(ptr, () => { life.done = true; life.free(); });
    this.cops = cops;
    this.m = m;
    this.life = life;
  }
  _check(rc, message) { return this.cops._check(rc, this.life.ptr, message); }
  /** A child's release: the child's own free, then the context's if it was the last. */
  _child(freeChild) {
    const life = this.life;
    life.refs++;
    return () => { freeChild(); life.refs--; life.free(); };
  }
  _dropCallback() {
    if (this.life.fn) this.m.removeFunction(this.life.fn);
    this.life.fn = 0;
  }

  seed(seed) { this._check(this.m._cops_ctx_seed(this._h, seedValue(seed))); this._dropCallback(); }
  seedBytes(key) {
    if (!(key instanceof Uint8Array) && !Array.isArray(key))
      throw new TypeError(`key must be a Uint8Array or an array of bytes, not ${typeName(key)}`);
    if (Array.isArray(key)) key.forEach((b, i) => int(b, `key[${i}]`, 0, 255));
    const bytes = Uint8Array.from(key);
    const p = this.m._malloc(bytes.length || 1);
    try {
      this.m.HEAPU8.set(bytes, p);
      this._check(this.m._cops_ctx_seed_bytes(this._h, p, bytes.length));
    } finally {
      this.m._free(p);
    }
    this._dropCallback();
  }
  /** Fresh key from the system's entropy (the browser's crypto.getRandomValues). */
  useSystem() { this._check(this.m._cops_ctx_use_system(this._h)); this._dropCallback(); }
  /** Every face from fn(sides) (10 or 6); a value outside 1..sides is refused (COPS_ERNG). */
  useCallback(fn) {
    if (typeof fn !== 'function') throw new TypeError(`the dice must be a function, not ${typeName(fn)}`);
    const f = this.m.addFunction((user, sides) => {
      try {
        const face = fn(sides);
        return Number.isInteger(face) ? face : 0;
      } catch {
        return 0;
      }
    }, 'iii');
    const rc = this.m._cops_ctx_use_callback(this._h, f, 0);
    if (rc < 0) {
      this.m.removeFunction(f);
      this._check(rc);
    }
    this._dropCallback();
    this.life.fn = f;
  }

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
  }

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
  }

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
  }
  /** A double the C call writes into its last argument. */
  _real(fn) {
    const d = this.m._malloc(8);
    try {
      this._check(fn(d));
      return this.m.getValue(d, 'double');
    } finally {
      this.m._free(d);
    }
  }
  _count(fn) { this._check(fn(this.cops.cell)); return this.m.getValue(this.cops.cell, 'i32'); }
  /** P(successes = k), P(successes >= k), P(margin >= m) (COPS.md C1, docs/odds.md). */
  oddsPmf(notation, k) { int(k, 'k'); return this._withAction(notation, (a) => this._real((d) => this.m._cops_odds_pmf(this._h, a, k, d))); }
  oddsAtLeast(notation, k) { int(k, 'k'); return this._withAction(notation, (a) => this._real((d) => this.m._cops_odds_at_least(this._h, a, k, d))); }
  oddsMarginAtLeast(notation, margin) {
    int(margin, 'margin');
    return this._withAction(notation, (a) => this._real((d) => this.m._cops_odds_margin_at_least(this._h, a, margin, d)));
  }
  oddsExpected(notation) { return this._withAction(notation, (a) => this._real((d) => this.m._cops_odds_expected(this._h, a, d))); }
  /** The smallest k with P(successes <= k) >= q, 0 <= q < 1. */
  oddsQuantile(notation, q) {
    if (typeof q !== 'number') throw new TypeError(`q must be a number, not ${typeName(q)}`);
    return this._withAction(notation, (a) => this._count((c) => this.m._cops_odds_quantile(this._h, a, q, c)));
  }
  /** The fewest dice, the worst threshold reaching P(success) >= p. */
  oddsDiceFor(notation, p) {
    if (typeof p !== 'number') throw new TypeError(`p must be a number, not ${typeName(p)}`);
    return this._withAction(notation, (a) => this._count((c) => this.m._cops_odds_dice_for(this._h, a, p, c)));
  }
  oddsThresholdFor(notation, p) {
    if (typeof p !== 'number') throw new TypeError(`p must be a number, not ${typeName(p)}`);
    return this._withAction(notation, (a) => this._count((c) => this.m._cops_odds_threshold_for(this._h, a, p, c)));
  }
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
  }
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
  }
  /** P(A's successes - B's successes = d) (C1.6). */
  oddsOpposedDifference(notationA, notationB, difference) {
    int(difference, 'difference');
    return this._withAction(notationA, (a) => this._withAction(notationB, (b) =>
      this._real((d) => this.m._cops_odds_opposed_difference(this._h, a, b, difference, d))));
  }

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
  }
  /** A pool given by its numbers: dice at threshold+, difficulty (C1). */
  rollPool(dice, threshold, difficulty, { unskilled = false } = {}) {
    int(dice, 'dice'); int(threshold, 'threshold'); int(difficulty, 'difficulty'); bool(unskilled, 'unskilled');
    return this._rolled((r) => this.m._cops_roll_pool(r, this._h, dice, threshold, difficulty, unskilled ? 1 : 0));
  }
  /** count d6 summed (damage, C8.1), or the highest kept. */
  rollD6(count, { highest = false } = {}) {
    int(count, 'count'); bool(highest, 'highest');
    return this._rolled((r) => (highest ? this.m._cops_roll_d6_highest : this.m._cops_roll_d6)(r, this._h, count));
  }
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
  }
  /** cops_situation in C memory from a plain object (C's field names), for fn(ptr). */
  _withSituation(sit, fn) {
    if (typeof sit !== 'object' || sit === null) throw new TypeError(`a situation must be an object, not ${typeName(sit)}`);
    for (const k of Object.keys(sit))
      if (!SITUATION_KEYS.includes(k))
        throw new CopsError(-1, `situation: unknown field '${k}' (${SITUATION_KEYS.join(', ')})`);
    const m = this.m;
    const cat = this.cops.catalogue;
    const p = m._malloc(4 * SITUATION.length);
    try {
      const at = (f) => p + 4 * SITUATION.indexOf(f);
      const mode = cat._parsed(m._cops_attack_mode_parse, sit.mode ?? 'single', 'mode');
      this._check(m._cops_situation_init_sized(p, 4 * SITUATION.length, mode));
      const handle = (f, Kind, required) => {
        const v = sit[f];
        if (v === undefined || v === null) {
          if (required) throw new TypeError(`situation: ${f} must be a ${Kind.name}`);
          return;
        }
        m.setValue(at(f), instance(v, Kind, f)._h, 'i32');
      };
      handle('attacker', Character, true);
      handle('target', Character, false);
      handle('weapon', Weapon, false);
      handle('armour', Armour, false);
      handle('target_weapon', Weapon, false);
      handle('attacker_armour', Armour, false);
      for (const f of ['attitude', 'target_attitude'])
        if (sit[f] !== undefined) m.setValue(at(f), this.cops.attitudeParse(sit[f]), 'i32');
      for (const f of ['characteristic', 'target_stopping', 'attacker_stopping'])
        if (sit[f] !== undefined && sit[f] !== null)
          m.setValue(at(f), cat._parsed(m._cops_characteristic_parse, sit[f], f), 'i32');
      if (sit.target_mode !== undefined && sit.target_mode !== null)
        m.setValue(at('target_mode'), cat._parsed(m._cops_attack_mode_parse, sit.target_mode, 'target_mode'), 'i32');
      if (sit.rules !== undefined) {
        const r = RULESETS.indexOf(text(sit.rules, 'rules'));
        if (r < 0) throw new CopsError(-7, `unknown ruleset '${sit.rules}' (core, alternative)`);
        m.setValue(at('ruleset'), r, 'i32');
      }
      if (sit.zone !== undefined) {
        if (!Array.isArray(sit.zone) || sit.zone.length !== 3) throw new TypeError('zone must be [x, y, radius]');
        ['zone_x', 'zone_y', 'zone_radius'].forEach((f, i) => m.setValue(at(f), int(sit.zone[i], f), 'i32'));
      }
      for (const f of ['several', 'adrenaline', 'anciennete', 'target_adrenaline', 'holding'])
        if (sit[f] !== undefined) m.setValue(at(f), bool(sit[f], f) ? 1 : 0, 'i32');
      for (const f of SITUATION_INTS)
        if (sit[f] !== undefined) m.setValue(at(f), int(sit[f], f), 'i32');
      return fn(p);
    } finally {
      m._free(p);
    }
  }
  /**
   * One attack (cops_attack, docs/attacks.md): the situation as C's fields ({ attacker,
   * target, mode, weapon, armour, distance, attitude, target_attitude ... }), events to
   * log when given. The target's hit points and conditions change, the weapon's rounds go
   * down; all or nothing. → { mode, hitTarget, possible, margin, fired, hits, victims }.
   */
  attack(situation, { log = null } = {}) {
    if (log !== null) instance(log, Log, 'log');
    const m = this.m;
    this._check(m._cops_outcome_new_in(this.cops.cell, this._h));
    const o = m.getValue(this.cops.cell, 'i32');
    try {
      this._withSituation(situation, (p) => this._check(m._cops_attack(o, p, log ? log._h : 0)));
      return this._outcome(o, situation);
    } finally {
      m._cops_outcome_free(o);
    }
  }
  _outcome(o, situation) {
    const m = this.m;
    const cell = this.cops.cell;
    const margin = m._cops_outcome_margin(o, cell) < 0 ? null : m.getValue(cell, 'i32');
    m._cops_outcome_bullets(o, cell, cell + 4);
    const fired = m.getValue(cell, 'i32');
    const bulletsIn = m.getValue(cell + 4, 'i32');
    const buf = m._malloc(64);
    try {
      const hits = Array.from({ length: Math.max(0, m._cops_outcome_hit_count(o)) }, (_, i) => {
        m.setValue(buf, 52, 'i32');
        this._check(m._cops_outcome_hit(o, i, buf));
        const h = {};
        HIT.forEach((f, k) => { h[f] = m.getValue(buf + 4 * (k + 1), 'i32'); });
        h.stopped = h.stopped === 1;
        h.victim = h.victim === 1 ? 'attacker' : 'target';
        return h;
      });
      const victims = Array.from({ length: Math.max(0, m._cops_outcome_victim_count(o)) }, (_, i) => {
        m.setValue(buf, 60, 'i32');
        this._check(m._cops_outcome_victim(o, i, buf));
        const who = m.getValue(buf + 4, 'i32');
        const v = { who: who === situation.target?._ptr ? 'target' : who === situation.attacker._ptr ? 'attacker' : null };
        VICTIM.forEach((f, k) => { v[f] = m.getValue(buf + 8 + 4 * k, 'i32'); });
        return v;
      });
      return { mode: this.cops._str(m._cops_attack_mode_name(m._cops_outcome_mode(o))),
        hitTarget: m._cops_outcome_hit_target(o) === 1, possible: m._cops_outcome_possible(o) === 1,
        margin, fired, bulletsIn, hits, victims };
    } finally {
      m._free(buf);
    }
  }
  /** The exact odds of an attack (cops_attack_odds): its JSON (schemas/attack-odds.schema.json). */
  attackOdds(situation) {
    const m = this.m;
    this._check(m._cops_attack_odds_new(this.cops.cell, this._h));
    const o = m.getValue(this.cops.cell, 'i32');
    try {
      this._withSituation(situation, (p) => this._check(m._cops_attack_odds_compute(o, p)));
      this._check(m._cops_attack_odds_to_json(o, this.cops.cell));
      return JSON.parse(this.cops._taken());
    } finally {
      m._cops_attack_odds_free(o);
    }
  }

  /** cops_treatment in C memory, for fn(ptr) (docs/healing.md). */
  _withTreatment(kind, opts, fn) {
    const k = this.cops.catalogue._member(kind, TREATMENTS, 'treatment');
    if (typeof opts !== 'object' || opts === null) throw new TypeError(`options must be an object, not ${typeName(opts)}`);
    const known = ['difficulty', 'adrenaline', 'anciennete', 'dice_mod', 'threshold_mod', 'difficulty_mod',
      'healer_id', 'patient_id', 'log'];
    for (const key of Object.keys(opts))
      if (!known.includes(key)) throw new CopsError(-1, `treatment: unknown field '${key}' (${known.join(', ')})`);
    const m = this.m;
    const p = m._malloc(36);
    try {
      this._check(m._cops_treatment_init_sized(p, 36, k));
      if (opts.difficulty !== undefined) m.setValue(p + 8, int(opts.difficulty, 'difficulty'), 'i32');
      const flags = (opts.adrenaline !== undefined && bool(opts.adrenaline, 'adrenaline') ? 0x100 : 0) |
        (opts.anciennete !== undefined && bool(opts.anciennete, 'anciennete') ? 0x200 : 0);
      m.setValue(p + 12, flags, 'i32');
      ['dice_mod', 'threshold_mod', 'difficulty_mod', 'healer_id', 'patient_id'].forEach((f, i) => {
        if (opts[f] !== undefined) m.setValue(p + 16 + 4 * i, int(opts[f], f), 'i32');
      });
      return fn(p);
    } finally {
      m._free(p);
    }
  }
  /** First aid, stabilisation or Médecine by healer on patient (C8.4, C8.5): kind
   * 'first_aid' | 'stabilise' | 'medicine', options { difficulty, adrenaline, anciennete,
   * dice_mod, threshold_mod, difficulty_mod, healer_id, patient_id, log }; all or nothing. */
  treat(healer, patient, kind, opts = {}) {
    instance(healer, Character, 'healer');
    instance(patient, Character, 'patient');
    const log = opts.log ?? null;
    if (log !== null) instance(log, Log, 'log');
    return this._withTreatment(kind, opts, (t) => {
      const m = this.m;
      const out = m._malloc(40);
      const cell = this.cops.cell;
      this._check(m._cops_roll_new_in(cell, this._h));
      const roll = m.getValue(cell, 'i32');
      try {
        m.setValue(out, 40, 'i32');
        this._check(m._cops_treat(out, roll, healer._h, patient._h, t, log ? log._h : 0));
        const r = {};
        TREATED.forEach((f, i) => { r[f] = m.getValue(out + 4 * (i + 1), 'i32'); });
        r.kind = TREATMENTS[r.kind];
        r.succeeded = r.succeeded === 1;
        r.anciennete = r.anciennete === 1;
        this._check(m._cops_roll_to_json(roll, cell));
        r.roll = JSON.parse(this.cops._taken());
        return r;
      } finally {
        m._cops_roll_free(roll);
        m._free(out);
      }
    });
  }
  /** The exact odds of a treatment: { success, mean_healed, cap, awake, healed } where
   * healed[k] is P(k hit points healed). */
  treatOdds(healer, patient, kind, opts = {}) {
    instance(healer, Character, 'healer');
    instance(patient, Character, 'patient');
    return this._withTreatment(kind, opts, (t) => {
      const m = this.m;
      const n = 64;
      const out = m._malloc(40 + 8 * n);
      try {
        m.setValue(out, 40, 'i32');
        this._check(m._cops_treat_odds(out, healer._h, patient._h, t, out + 40, n));
        const cap = m.getValue(out + 24, 'i32');
        const healed = Array.from({ length: Math.min(n, cap + 1) }, (_, k) => m.getValue(out + 40 + 8 * k, 'double'));
        return { success: m.getValue(out + 8, 'double'), mean_healed: m.getValue(out + 16, 'double'), cap,
          awake: m.getValue(out + 32, 'double'), healed };
      } finally {
        m._free(out);
      }
    });
  }
  /** The notation the healer rolls for that treatment ("Premiers secours/Coordination (1)" as numbers). */
  treatmentAction(healer, patient, kind, opts = {}) {
    instance(healer, Character, 'healer');
    instance(patient, Character, 'patient');
    return this._withTreatment(kind, opts, (t) => {
      const m = this.m;
      const a = m._malloc(ACTION_SIZE + 64);
      try {
        this._check(m._cops_treatment_action(a, healer._h, patient._h, t));
        this._check(m._cops_action_format(a, a + ACTION_SIZE, 64));
        return m.UTF8ToString(a + ACTION_SIZE);
      } finally {
        m._free(a);
      }
    });
  }

  /** A log of one's own (cops_log): wounds over time and one-off procedures write to it. */
  log() {
    this._check(this.m._cops_log_new(this.cops.cell, this._h));
    return new Log(this, this.m.getValue(this.cops.cell, 'i32'));
  }

  _made(fn, doc, Kind) {
    this.cops._withString(json(doc, 'sheet'), (p) => this._check(fn(this.cops.cell, this._h, p)));
    return new Kind(this, this.m.getValue(this.cops.cell, 'i32'));
  }
  /** A blank character (cops_character_new), a weapon of a kind, armour: to fill in. */
  newCharacter() {
    this._check(this.m._cops_character_new(this.cops.cell, this._h));
    return new Character(this, this.m.getValue(this.cops.cell, 'i32'));
  }
  newWeapon(kind, name) {
    const k = this.cops.catalogue._parsed(this.m._cops_weapon_kind_parse, kind, 'kind');
    this.cops._withString(name, (p) => this._check(this.m._cops_weapon_new(this.cops.cell, this._h, k, p)), 'name');
    return new Weapon(this, this.m.getValue(this.cops.cell, 'i32'));
  }
  newArmour(name) {
    this.cops._withString(name, (p) => this._check(this.m._cops_armour_new(this.cops.cell, this._h, p)), 'name');
    return new Armour(this, this.m.getValue(this.cops.cell, 'i32'));
  }
  /** A character from its sheet (JSON text or object, docs/sheets.md). */
  character(sheet) { return this._made(this.m._cops_character_from_json, sheet, Character); }
  weapon(w) { return this._made(this.m._cops_weapon_from_json, w, Weapon); }
  armour(a) { return this._made(this.m._cops_armour_from_json, a, Armour); }

  /** A scenario (JSON text or object); file names resolve from baseDir (memory FS). */
  scenario(doc, baseDir = null) {
    const m = this.m;
    this.cops._withString(json(doc, 'scenario'), (p) => {
      if (baseDir === null) return this._check(m._cops_scenario_from_json(this.cops.cell, this._h, p, 0));
      return this.cops._withString(baseDir, (b) =>
        this._check(m._cops_scenario_from_json(this.cops.cell, this._h, p, b)), 'baseDir');
    });
    return new Scenario(this, m.getValue(this.cops.cell, 'i32'));
  }
  /** A scenario file of the memory file system (Cops.writeFile). */
  scenarioFile(path) {
    this.cops._withString(path, (p) => this._check(this.m._cops_scenario_load(this.cops.cell, this._h, p)));
    return new Scenario(this, this.m.getValue(this.cops.cell, 'i32'));
  }
  /** An empty encounter under 'core' or 'alternative' rules. */
  encounter(ruleset = 'core') {
    text(ruleset, 'ruleset');
    const r = RULESETS.indexOf(ruleset);
    if (r < 0) throw new CopsError(-1, `unknown ruleset '${ruleset}' (core, alternative)`);
    this._check(this.m._cops_encounter_new(this.cops.cell, this._h, r));
    return new Encounter(this, this.m.getValue(this.cops.cell, 'i32'), true);
  }
  /** A made object's handle from the cell, or what fn(cell, ctx, text) refused. */
  _fromText(fn, doc, what, Kind, baseDir) {
    const m = this.m;
    this.cops._withString(json(doc, what), (p) => {
      if (baseDir === undefined) return this._check(fn(this.cops.cell, this._h, p));
      if (baseDir === null) return this._check(fn(this.cops.cell, this._h, p, 0));
      return this.cops._withString(baseDir, (b) => this._check(fn(this.cops.cell, this._h, p, b)), 'baseDir');
    }, what);
    return new Kind(this, m.getValue(this.cops.cell, 'i32'));
  }
  _fromFile(fn, path, Kind) {
    this.cops._withString(path, (p) => this._check(fn(this.cops.cell, this._h, p)), 'path');
    return new Kind(this, this.m.getValue(this.cops.cell, 'i32'));
  }

  /** A chase (JSON text or object, docs/chases.md); file names resolve from baseDir. */
  chase(doc, baseDir = null) { return this._fromText(this.m._cops_chase_from_json, doc, 'chase', Chase, baseDir); }
  chaseFile(path) { return this._fromFile(this.m._cops_chase_load, path, Chase); }
  /** A chase resumed from the text of Chase.save(). */
  resumeChase(save) { return this._fromText(this.m._cops_chase_resume, save, 'save', Chase); }
  /** An interrogation's subject (docs/interrogations.md). */
  subject(doc) { return this._fromText(this.m._cops_subject_from_json, doc, 'subject', Subject); }
  subjectFile(path) { return this._fromFile(this.m._cops_subject_load, path, Subject); }
  /** A blank subject of that name, to fill in. */
  newSubject(name) {
    this.cops._withString(name, (p) => this._check(this.m._cops_subject_new(this.cops.cell, this._h, p)), 'name');
    return new Subject(this, this.m.getValue(this.cops.cell, 'i32'));
  }
  /** An interview of subject by cop (a Character); both stay in use while it lives. */
  interview(subject, cop) {
    instance(subject, Subject, 'subject');
    instance(cop, Character, 'cop');
    this._check(this.m._cops_interview_new(this.cops.cell, this._h, subject._h, cop._h));
    // The interview borrows both (cops_interview_new): they are freed after it, whatever
    // the order of dispose() or of collection.
    const releases = [subject._hold(), cop._hold()];
    const iv = new Interview(this, this.m.getValue(this.cops.cell, 'i32'), () => releases.forEach((r) => r()));
    iv._held = [subject, cop];
    return iv;
  }
  resumeInterview(save) { return this._fromText(this.m._cops_interview_resume, save, 'save', Interview); }
  /** A simulation of scenario's fight (docs/simulation.md): seeded from seed, or the context's dice. */
  sim(scenario, { seed } = {}) {
    instance(scenario, Scenario, 'scenario');
    const seeded = seed !== undefined;
    this._check(this.m._cops_sim_new(this.cops.cell, this._h, scenario._h, seeded ? 1 : 0,
      seeded ? seedValue(seed) : 0n));
    const s = new Sim(this, this.m.getValue(this.cops.cell, 'i32'));
    s.scenario = scenario;
    return s;
  }
  /** A Storyteller fight (docs/storyteller.md) and a D6 fight (docs/d6.md). */
  stFight(doc, baseDir = null) { return this._fromText(this.m._cops_st_fight_from_json, doc, 'fight', StFight, baseDir); }
  stFightFile(path) { return this._fromFile(this.m._cops_st_fight_load, path, StFight); }
  d6Fight(doc, baseDir = null) { return this._fromText(this.m._cops_d6_fight_from_json, doc, 'fight', D6Fight, baseDir); }
  d6FightFile(path) { return this._fromFile(this.m._cops_d6_fight_load, path, D6Fight); }

  /** A save's text sealed with key, 32 bytes (cops_seal, docs/api.md "Sealed saves"). */
  seal(key, plain) { return this._sealing(this.m._cops_seal, key, plain, 'text'); }
  /** The text a sealed save holds; COPS_ESEAL for another key or a changed byte. */
  unseal(key, sealed) { return this._sealing(this.m._cops_unseal, key, sealed, 'sealed'); }
  _sealing(fn, key, value, what) {
    if (!(key instanceof Uint8Array)) throw new TypeError(`key must be a Uint8Array, not ${typeName(key)}`);
    if (key.length !== 32) throw new CopsError(-1, `a sealing key has 32 bytes, not ${key.length}`);
    const m = this.m;
    const k = m._malloc(32);
    try {
      m.HEAPU8.set(key, k);
      this.cops._withString(value, (p) => this._check(fn(this._h, k, 32, p, this.cops.cell)), what);
    } finally {
      m.HEAPU8.fill(0, k, k + 32);
      m._free(k);
    }
    return this.cops._taken();
  }

  /** An encounter resumed from the text of Encounter.save(): its own dice go on. */
  resume(save) {
    this.cops._withString(json(save, 'save'), (p) => this._check(this.m._cops_encounter_load(this.cops.cell, this._h, p)));
    return new Encounter(this, this.m.getValue(this.cops.cell, 'i32'), true);
  }
}

/** What is made from a context: freed by freeFn(ptr), or, with freeFn null, owned by
 * another handle (a scenario's encounter). */
class Owned extends Handle {
  constructor(ctx, ptr, freeFn, after = null) {
    super(ptr, freeFn ? ctx._child(() => { freeFn(ptr); if (after) after(); }) : null);
    this.ctx = ctx;
    this.cops = ctx.cops;
    this.m = ctx.m;
  }
}

/** What a context reads from JSON: `kind` names its C functions (cops_KIND_name ...). */
class Sheet extends Owned {
  constructor(ctx, ptr, prefix) { super(ctx, ptr, (p) => ctx.m[`_cops_${prefix}_free`](p)); this.prefix = prefix; }
  get name() { return this.cops._str(this.m[`_cops_${this.prefix}_name`](this._h)); }
  toJSON() {
    this.ctx._check(this.m[`_cops_${this.prefix}_to_json`](this._h, this.cops.cell));
    return JSON.parse(this.cops._taken());
  }
}

export class Character extends Sheet {
  constructor(ctx, ptr) { super(ctx, ptr, 'character'); }
  /**
   * Roll for the character (cops_character_roll, COPS.md C1): a notation naming its
   * skill and characteristic ("Arme de poing/Coordination (2)"), with its wounds;
   * adrenaline spends a point for one more die. The roll as its JSON; with anciennete,
   * { roll, anciennete } as `cops roll --anciennete --json` writes it: a failure rolled
   * again for a point (C5) in anciennete, null when the roll succeeded. One who cannot
   * act (0 hit points or below, out of the fight, knocked out: C8.2) cannot roll: a
   * CopsError COPS_ERULE naming the state, unless notAnAction says the roll is none of
   * the character's actions (the GM's roll for them).
   */
  roll(notation, { adrenaline = false, anciennete = false, notAnAction = false } = {}) {
    text(notation, 'notation');
    bool(adrenaline, 'adrenaline'); bool(anciennete, 'anciennete'); bool(notAnAction, 'notAnAction');
    const m = this.m;
    const cell = this.cops.cell;
    const json = (r) => {
      this.ctx._check(m._cops_roll_to_json(r, cell));
      return JSON.parse(this.cops._taken());
    };
    this.ctx._check(m._cops_roll_new(cell));
    const roll = m.getValue(cell, 'i32');
    let again = 0;
    try {
      this.cops._withString(notation, (p) => this.ctx._check(
        m._cops_character_roll(roll, this._h, p, (adrenaline ? 0x100 /* COPS_ADRENALINE_DIE */ : 0) |
          (notAnAction ? 0x200 /* COPS_NOT_AN_ACTION */ : 0))));
      if (!anciennete) return json(roll);
      if (this.ctx._check(m._cops_roll_succeeded(roll)) === 1) return { roll: json(roll), anciennete: null };
      this.ctx._check(m._cops_roll_new(cell));
      again = m.getValue(cell, 'i32');
      this.ctx._check(m._cops_character_reroll(again, this._h, roll));
      return { roll: json(roll), anciennete: json(again) };
    } finally {
      m._cops_roll_free(roll);
      if (again) m._cops_roll_free(again);
    }
  }
  get hp() { this.ctx._check(this.m._cops_character_hp(this._h, this.cops.cell)); return this.m.getValue(this.cops.cell, 'i32'); }
  get maxHp() { return this.m._cops_character_max_hp(this._h); }
  get conditions() { return this.m._cops_character_conditions(this._h); }
  // The sheet (docs/sheets.md): characteristics, skills, points, hit points, conditions.
  _parsedArg(fn, value, what) { return this.cops.catalogue._parsed(fn, value, what); }
  get name() { return super.name; }
  set name(value) { this.cops._withString(value, (p) => this.ctx._check(this.m._cops_character_set_name(this._h, p)), 'name'); }
  characteristic(name) {
    return this.ctx._check(this.m._cops_character_characteristic(this._h, this._parsedArg(this.m._cops_characteristic_parse, name, 'characteristic')));
  }
  setCharacteristic(name, value) {
    const c = this._parsedArg(this.m._cops_characteristic_parse, name, 'characteristic');
    this.ctx._check(this.m._cops_character_set_characteristic(this._h, c, int(value, 'value')));
  }
  /** The skill's level (2..9, as "N+"), null when the character lacks it (C3). */
  skill(name) {
    const level = this.ctx._check(this.m._cops_character_skill(this._h, this._parsedArg(this.m._cops_skill_parse, name, 'skill')));
    return level > 0 ? level : null;
  }
  /** A skill at a level (2..9) with its specialisations (C3). */
  setSkill(name, level, specialisations = []) {
    const m = this.m;
    const skill = this._parsedArg(m._cops_skill_parse, name, 'skill');
    int(level, 'level');
    if (!Array.isArray(specialisations)) throw new TypeError(`specialisations must be an array, not ${typeName(specialisations)}`);
    specialisations.forEach((x, i) => text(x, `specialisations[${i}]`));
    if (specialisations.length === 0) this.ctx._check(m._cops_character_set_skill(this._h, skill, level, 0));
    else this.cops._withString(specialisations[0], (p) => this.ctx._check(m._cops_character_set_skill(this._h, skill, level, p)), 'specialisation');
    for (const x of specialisations.slice(1))
      this.cops._withString(x, (p) => this.ctx._check(m._cops_character_add_specialisation(this._h, skill, p)), 'specialisation');
  }
  removeSkill(name) { this.ctx._check(this.m._cops_character_remove_skill(this._h, this._parsedArg(this.m._cops_skill_parse, name, 'skill'))); }
  specialisations(name) {
    const skill = this._parsedArg(this.m._cops_skill_parse, name, 'skill');
    const n = this.ctx._check(this.m._cops_character_specialisation_count(this._h, skill));
    return Array.from({ length: n }, (_, i) => this.cops._str(this.m._cops_character_specialisation(this._h, skill, i)));
  }
  /** [current, max] of 'adrenaline' or 'anciennete' (C5). */
  points(kind) {
    const k = this.cops.catalogue._member(kind, ['adrenaline', 'anciennete'], 'kind');
    const c = this.cops.cell;
    this.ctx._check(this.m._cops_character_points(this._h, k, c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  setPoints(adrenalineMax, ancienneteMax) {
    this.ctx._check(this.m._cops_character_set_points(this._h, int(adrenalineMax, 'adrenalineMax'), int(ancienneteMax, 'ancienneteMax')));
  }
  setCurrentPoints(kind, current) {
    const k = this.cops.catalogue._member(kind, ['adrenaline', 'anciennete'], 'kind');
    this.ctx._check(this.m._cops_character_set_current_points(this._h, k, int(current, 'current')));
  }
  recoverPoint(kind) { this.ctx._check(this.m._cops_character_recover(this._h, this.cops.catalogue._member(kind, ['adrenaline', 'anciennete'], 'kind'))); }
  spendPermanently(kind) { this.ctx._check(this.m._cops_character_spend_permanently(this._h, this.cops.catalogue._member(kind, ['adrenaline', 'anciennete'], 'kind'))); }
  /** Damage taken (C8.2), hit points healed. */
  damage(amount) { this.ctx._check(this.m._cops_character_damage(this._h, int(amount, 'amount', 0))); }
  heal(amount) { this.ctx._check(this.m._cops_character_heal(this._h, int(amount, 'amount', 0))); }
  setHp(hp) { this.ctx._check(this.m._cops_character_set_hp(this._h, int(hp, 'hp'))); }
  /** 'healthy', 'below_half', 'unconscious', 'dying', 'dead' or 'dead_final' (C8.2). */
  get health() { return HEALTH[this.ctx._check(this.m._cops_character_health(this._h))]; }
  healthName(lang = 'fr') { return this.cops.catalogue.healthName(this.health, lang); }
  setConditions(bits, on = true) { this.ctx._check(this.m._cops_character_set_conditions(this._h, int(bits, 'conditions', 0), bool(on, 'on') ? 1 : 0)); }
  /** [difficulty, rounds] of the recovery roll of one out of the fight (C10.4). */
  recovery() {
    const c = this.cops.cell;
    this.ctx._check(this.m._cops_character_recovery(this._h, c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  setRecovery(difficulty) { this.ctx._check(this.m._cops_character_set_recovery(this._h, int(difficulty, 'difficulty'))); }
  /** P(success) of a notation naming the character's skill and characteristic. */
  odds(notation) {
    const m = this.m;
    const a = m._malloc(ACTION_SIZE + 8);
    try {
      this.cops._withString(notation, (p) => this.ctx._check(m._cops_character_action_sized(a, ACTION_SIZE, this._h, p, 0)), 'notation');
      this.ctx._check(m._cops_odds_success(this.ctx._h, a, a + ACTION_SIZE));
      return m.getValue(a + ACTION_SIZE, 'double');
    } finally {
      m._free(a);
    }
  }

  // Relations (C9, docs/relations.md): by index or by the contact's name (folded).
  _relationIndex(relation) {
    if (typeof relation === 'number') return int(relation, 'relation', 0);
    const i = this.cops._withString(relation, (p) => this.m._cops_character_find_relation(this._h, p), 'relation');
    if (i < 0) throw new CopsError(-7, `no relation '${relation}'`);
    return i;
  }
  /** A relation: 'ally' or 'informant' (or their French names), level 1..4, the upkeep of
   * its kind or its default; its index. All or nothing. */
  addRelation(name, kind, level, upkeep = null) {
    const m = this.m;
    const k = this.cops.catalogue._parsed(m._cops_relation_kind_parse, kind, 'kind');
    int(level, 'level');
    this.cops._withString(name, (p) => this.ctx._check(m._cops_character_add_relation(this._h, p, k, level, this.cops.cell)), 'name');
    const i = m.getValue(this.cops.cell, 'i32');
    if (upkeep !== null) {
      try {
        this.setRelationUpkeep(i, upkeep);
      } catch (e) {
        m._cops_character_remove_relation(this._h, i);
        throw e;
      }
    }
    return i;
  }
  /** { name, kind, level, upkeep, domains: { domain: rating }, pushed } */
  relation(relation) {
    const m = this.m;
    const i = this._relationIndex(relation);
    const r = m._malloc(28);
    try {
      m.setValue(r, 28, 'i32');
      this.ctx._check(m._cops_character_relation(this._h, i, r));
      const at = (k) => m.getValue(r + 4 * k, 'i32');
      const domains = {};
      const cell = this.cops.cell;
      for (let k = 0; k < at(5); k++) {
        this.ctx._check(m._cops_relation_domain(this._h, i, k, cell, cell + 4));
        domains[m.UTF8ToString(m.getValue(cell, 'i32'))] = m.getValue(cell + 4, 'i32');
      }
      const pushed = at(6) >= 0 ? Object.keys(domains)[at(6)] : null;
      return { name: m.UTF8ToString(at(1)), kind: RELATION_KINDS[at(2)], level: at(3),
        upkeep: UPKEEPS[at(4)], domains, pushed };
    } finally {
      m._free(r);
    }
  }
  get relations() {
    return Array.from({ length: this.ctx._check(this.m._cops_character_relation_count(this._h)) }, (_, i) => this.relation(i));
  }
  removeRelation(relation) { this.ctx._check(this.m._cops_character_remove_relation(this._h, this._relationIndex(relation))); }
  setRelationLevel(relation, level) {
    this.ctx._check(this.m._cops_character_set_relation_level(this._h, this._relationIndex(relation), int(level, 'level')));
  }
  setRelationUpkeep(relation, upkeep) {
    const u = this.cops.catalogue._member(upkeep, UPKEEPS, 'upkeep');
    this.ctx._check(this.m._cops_character_set_relation_upkeep(this._h, this._relationIndex(relation), u));
  }
  setDomain(relation, domain, rating) {
    const i = this._relationIndex(relation);
    int(rating, 'rating');
    this.cops._withString(domain, (p) => this.ctx._check(this.m._cops_relation_set_domain(this._h, i, p, rating)), 'domain');
  }
  removeDomain(relation, domain) {
    const i = this._relationIndex(relation);
    this.cops._withString(domain, (p) => this.ctx._check(this.m._cops_relation_remove_domain(this._h, i, p)), 'domain');
  }
  /** Push a relation for information in a domain (C9); release() ends it. */
  push(relation, domain) {
    const i = this._relationIndex(relation);
    this.cops._withString(domain, (p) => this.ctx._check(this.m._cops_relation_push(this._h, i, p)), 'domain');
  }
  release(relation) { this.ctx._check(this.m._cops_relation_release(this._h, this._relationIndex(relation))); }
  /** The level of information the relation gives in a domain (C9). */
  information(relation, domain) {
    const i = this._relationIndex(relation);
    return this.cops._withString(domain, (p) => {
      this.ctx._check(this.m._cops_relation_information(this._h, i, p, this.cops.cell));
      return this.m.getValue(this.cops.cell, 'i32');
    }, 'domain');
  }

  // Wounds over time (docs/healing.md): events go to a Log given as { log, id }.
  _logArgs(opts) {
    const { log = null, id = 0 } = opts ?? {};
    if (log !== null) instance(log, Log, 'log');
    int(id, 'id', -1);
    return [log ? log._h : 0, id];
  }
  /** Seconds of the character's clock. */
  get time() { return this.ctx._count((c) => this.m._cops_character_time(this._h, c)); }
  /** Let seconds pass (C8.2, C8.5, C8.6, C8.8): bleeding, rest, all or nothing. */
  advance(seconds, opts) {
    int(seconds, 'seconds', 0);
    const [log, id] = this._logArgs(opts);
    this.ctx._check(this.m._cops_character_advance(this._h, seconds, log, id));
  }
  /** { period, next, stabilised: 'stabilise' / 'medicine' flags } of a dying character. */
  bleeding() {
    const m = this.m;
    const c = m._malloc(12);
    try {
      this.ctx._check(m._cops_character_bleeding(this._h, c, c + 4, c + 8));
      const flags = m.getValue(c + 8, 'i32');
      return { period: m.getValue(c, 'i32'), next: m.getValue(c + 4, 'i32'),
        stabilised: [flags & 2 ? 'stabilise' : null, flags & 4 ? 'medicine' : null].filter((x) => x) };
    } finally {
      m._free(c);
    }
  }
  get lostRecently() { return this.ctx._check(this.m._cops_character_lost_recently(this._h)); }
  get lastingWounds() { return this.ctx._check(this.m._cops_character_lasting_wounds(this._h)); }
  set lastingWounds(n) { this.ctx._check(this.m._cops_character_set_lasting_wounds(this._h, int(n, 'lastingWounds'))); }
  /** At rest from now on: 'none', 'natural' or 'hospital' (fixed: the hospital's gain a day,
   * 2..12, or 0 for 2d6) (C8.6). */
  setRest(kind, opts = {}) {
    const r = ['none', 'natural', 'hospital'].indexOf(text(kind, 'rest'));
    if (r < 0) throw new CopsError(-7, `rest '${kind}': none, natural or hospital`);
    const fixed = int(opts.fixed ?? 0, 'fixed');
    const [log, id] = this._logArgs(opts);
    this.ctx._check(this.m._cops_character_set_rest(this._h, r, fixed, log, id));
  }
  /** A night's sleep (C5): seconds pass, then a point of 'adrenaline' or 'anciennete' (or none) comes back. */
  night(kind, opts = {}) {
    const k = kind === null ? -1 : ['adrenaline', 'anciennete'].indexOf(text(kind, 'kind'));
    if (k === -1 && kind !== null) throw new CopsError(-7, `night '${kind}': adrenaline, anciennete or null`);
    const seconds = int(opts.seconds ?? 8 * 3600, 'seconds', 1);
    const [log, id] = this._logArgs(opts);
    this.ctx._check(this.m._cops_character_night(this._h, k, seconds, log, id));
  }
  revive(opts) { const [log, id] = this._logArgs(opts); this.ctx._check(this.m._cops_character_revive(this._h, log, id)); }
  declareDead(opts) { const [log, id] = this._logArgs(opts); this.ctx._check(this.m._cops_character_declare_dead(this._h, log, id)); }
  /** What a board shows: 'healthy', 'wounded', 'below_half', 'unconscious', 'dying',
   * 'stabilised', 'clinically_dead' or 'dead'. */
  get healthState() {
    return this.cops._str(this.m._cops_health_state_key(this.ctx._check(this.m._cops_character_health_state(this._h))));
  }
}
export class Weapon extends Sheet {
  constructor(ctx, ptr) { super(ctx, ptr, 'weapon'); }
  /** Its kind's number (cops.catalogue.weaponKinds() in order). */
  get kind() { return this.ctx._check(this.m._cops_weapon_kind(this._h)); }
  /** [skill, specialisation] it is used with. */
  get skill() {
    const s = this.ctx._check(this.m._cops_weapon_skill(this._h));
    return [this.cops._str(this.m._cops_skill_name(s, 0)), this.cops._str(this.m._cops_weapon_specialisation(this._h))];
  }
  setSkill(skill, specialisation = null) {
    const k = this.cops.catalogue._parsed(this.m._cops_skill_parse, skill, 'skill');
    if (specialisation === null) return this.ctx._check(this.m._cops_weapon_set_skill(this._h, k, 0));
    this.cops._withString(specialisation, (p) => this.ctx._check(this.m._cops_weapon_set_skill(this._h, k, p)), 'specialisation');
  }
  /** A field by its name (cops.catalogue.weaponFields(): "pr", "pu", "loaded" ...). */
  get(field) {
    const f = this.cops.catalogue._parsed(this.m._cops_weapon_field_parse, field, 'field');
    this.ctx._check(this.m._cops_weapon_get(this._h, f, this.cops.cell));
    return this.m.getValue(this.cops.cell, 'i32');
  }
  set(field, value) {
    const f = this.cops.catalogue._parsed(this.m._cops_weapon_field_parse, field, 'field');
    this.ctx._check(this.m._cops_weapon_set(this._h, f, int(value, 'value')));
  }
  /** A full magazine again. */
  reload() { this.ctx._check(this.m._cops_weapon_reload(this._h)); }
}
export class Armour extends Sheet {
  constructor(ctx, ptr) { super(ctx, ptr, 'armour'); }
  /** [dice, fixed] of protection at a location (C8.3). */
  protection(location) {
    const l = this.cops.catalogue._parsed(this.m._cops_location_parse, location, 'location');
    const c = this.cops.cell;
    this.ctx._check(this.m._cops_armour_get(this._h, l, c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  setProtection(location, dice, fixed) {
    const l = this.cops.catalogue._parsed(this.m._cops_location_parse, location, 'location');
    this.ctx._check(this.m._cops_armour_set(this._h, l, int(dice, 'dice'), int(fixed, 'fixed')));
  }
  get againstThrows() { return this.ctx._check(this.m._cops_armour_against_throws(this._h)) === 1; }
  set againstThrows(yes) { this.ctx._check(this.m._cops_armour_set_against_throws(this._h, bool(yes, 'againstThrows') ? 1 : 0)); }
}

/** A scenario: its name, sides, and its encounter (owned by the scenario). */
export class Scenario extends Owned {
  constructor(ctx, ptr) {
    super(ctx, ptr, (p) => ctx.m._cops_scenario_free(p));
    this.encounter = new Encounter(ctx, this.m._cops_scenario_encounter(ptr), false);
  }
  get name() { return this.cops._str(this.m._cops_scenario_name(this._h)); }
  get sides() {
    const n = this.m._cops_scenario_side_count(this._h);
    return Array.from({ length: n }, (_, i) => this.cops._str(this.m._cops_scenario_side_name(this._h, i)));
  }
  /** The scenario and its encounter freed. */
  dispose() {
    this.encounter._ptr = 0;
    super.dispose();
  }
}

/** A fight (cops_encounter): combatants by id, rounds, declarations, the log. */
export class Encounter extends Owned {
  constructor(ctx, ptr, owned) {
    super(ctx, ptr, owned ? (p) => ctx.m._cops_encounter_free(p) : null);
    this.owned = owned;
  }
  _check(rc, message) { return this.ctx._check(rc, message); }
  _int(fn) { this._check(fn(this.cops.cell)); return this.m.getValue(this.cops.cell, 'i32'); }

  add(character, side, x = 0, y = 0) {
    instance(character, Character, 'character');
    int(side, 'side'); int(x, 'x'); int(y, 'y');
    return this._int((c) => this.m._cops_encounter_add(this._h, character._h, side, x, y, c));
  }
  giveWeapon(id, weapon) {
    int(id, 'id');
    instance(weapon, Weapon, 'weapon');
    this._check(this.m._cops_encounter_give_weapon(this._h, id, weapon._h));
  }
  setArmour(id, armour) {
    int(id, 'id');
    if (armour !== null) instance(armour, Armour, 'armour');
    this._check(this.m._cops_encounter_set_armour(this._h, id, armour ? armour._h : 0));
  }
  /** Record the seed in the log's start and seed the context (cops_encounter_seed). */
  seed(seed) { this._check(this.m._cops_encounter_seed(this._h, seedValue(seed))); }
  get ruleset() { return RULESETS[this._check(this.m._cops_encounter_ruleset(this._h))]; }
  set ruleset(name) {
    const r = RULESETS.indexOf(name);
    if (r < 0) throw new CopsError(-1, `unknown ruleset '${name}' (core, alternative)`);
    this._check(this.m._cops_encounter_set_ruleset(this._h, r));
  }
  get count() { return this._check(this.m._cops_encounter_count(this._h)); }
  get round() { return this._check(this.m._cops_encounter_round(this._h)); }
  get over() { return this._check(this.m._cops_encounter_over(this._h)) === 1; }
  /** The winning side once over, null when none won (or not over). */
  get winner() {
    if (!this.over) return null;
    const w = this._int((c) => this.m._cops_encounter_get_winner(this._h, c));
    return w < 0 ? null : w;
  }

  /** What a tabletop draws of combatant id. */
  combatant(id) {
    int(id, 'id');
    const m = this.m;
    const ch = m._cops_encounter_character(this._h, id);
    if (!ch) throw new CopsError(-1, `no combatant ${id}`);
    const cell = this.cops.cell;
    this._check(m._cops_encounter_position(this._h, id, cell, cell + 4));
    const x = m.getValue(cell, 'i32');
    const y = m.getValue(cell + 4, 'i32');
    this._check(m._cops_character_hp(ch, cell));
    const hp = m.getValue(cell, 'i32');
    const hand = this._int((c) => m._cops_encounter_hand(this._h, id, c));
    let weapon = null;
    if (hand >= 0) {
      const w = m._cops_encounter_weapon_at(this._h, id, hand);
      m._cops_weapon_get(w, 5 /* COPS_WEAPON_LOADED */, cell);
      weapon = { name: this.cops._str(m._cops_weapon_name(w)), loaded: m.getValue(cell, 'i32') };
    }
    const conditions = m._cops_character_conditions(ch);
    return {
      id, name: this.cops._str(m._cops_character_name(ch)),
      side: this._check(m._cops_encounter_side(this._h, id)), x, y, hp,
      max_hp: m._cops_character_max_hp(ch), conditions,
      condition_names: this.cops.conditionNames(conditions),
      present: this._check(m._cops_encounter_present(this._h, id)) === 1,
      able: this._int((c) => m._cops_encounter_able(this._h, id, c)) === 1,
      controlled: this._int((c) => m._cops_encounter_controlled(this._h, id, c)) === 1,
      weapon,
    };
  }
  /** The weapons id carries, in order (a DRAW declaration's weapon is an index). */
  weapons(id) {
    int(id, 'id');
    const m = this.m;
    const n = this._check(m._cops_encounter_weapon_count(this._h, id));
    return Array.from({ length: n }, (_, k) => {
      const w = m._cops_encounter_weapon_at(this._h, id, k);
      m._cops_weapon_get(w, 5 /* COPS_WEAPON_LOADED */, this.cops.cell);
      return { name: this.cops._str(m._cops_weapon_name(w)), loaded: m.getValue(this.cops.cell, 'i32') };
    });
  }
  combatants() { return Array.from({ length: this.count }, (_, i) => this.combatant(i)); }
  setPosition(id, x, y) { int(id, 'id'); int(x, 'x'); int(y, 'y'); this._check(this.m._cops_encounter_set_position(this._h, id, x, y)); }
  /** A combatant leaves between rounds (its id stays taken). */
  remove(id) { int(id, 'id'); this._check(this.m._cops_encounter_remove(this._h, id)); }
  /** Every combatant back as it joined, round 0, the log emptied (cops_encounter_reset). */
  reset() { this._check(this.m._cops_encounter_reset(this._h)); }
  setControlled(id, on = true) { int(id, 'id'); bool(on, 'on'); this._check(this.m._cops_encounter_set_controlled(this._h, id, on ? 1 : 0)); }
  initiativeRange(id) {
    int(id, 'id');
    const c = this.cops.cell;
    this._check(this.m._cops_encounter_initiative_range(this._h, id, c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  /** Whether id may take action now: { allowed, why }. */
  allowed(id, action) {
    int(id, 'id');
    const m = this.m;
    const why = m._malloc(256);
    try {
      this._check(m._cops_encounter_allowed(this._h, id, this.cops.actionParse(action), this.cops.cell, why, 256));
      return { allowed: m.getValue(this.cops.cell, 'i32') === 1, why: m.UTF8ToString(why) };
    } finally {
      m._free(why);
    }
  }

  // Declarations: plain objects with cops_declaration's fields, the action by name.
  _withDeclaration(d, fn) {
    const m = this.m;
    const p = m._malloc(DECLARATION_SIZE);
    try {
      const action = d ? this.cops.actionParse(d.action ?? 'wait') : 0;
      this._check(m._cops_declaration_init_sized(p, DECLARATION_SIZE, action));
      if (d) {
        for (const k of Object.keys(d))
          if (!DECLARATION.includes(k))
            throw new CopsError(-1, `declaration: unknown field '${k}' (${DECLARATION.join(', ')})`);
        DECLARATION.forEach((f, i) => {
          if (f === 'action' || d[f] === undefined) return;
          let v = d[f];
          if (f === 'attitude') v = this.cops.attitudeParse(v);
          if (typeof v === 'boolean') v = v ? 1 : 0;
          int(v, `declaration: ${f}`);
          m.setValue(p + 4 * (i + 1), v, 'i32');
        });
      }
      return fn(p);
    } finally {
      m._free(p);
    }
  }
  _readDeclaration(p) {
    const d = {};
    DECLARATION.forEach((f, i) => { d[f] = this.m.getValue(p + 4 * (i + 1), 'i32'); });
    d.action = this.cops.actionName(d.action);
    return d;
  }
  beginRound() { this._check(this.m._cops_encounter_begin_round(this._h)); }
  declare(id, d) {
    int(id, 'id');
    if (typeof d !== 'object' || d === null) throw new TypeError(`a declaration must be an object, not ${typeName(d)}`);
    this._withDeclaration(d, (p) => this._check(this.m._cops_encounter_declare(this._h, id, p)));
  }
  declaration(id) {
    int(id, 'id');
    return this._withDeclaration(null, (p) => {
      this._check(this.m._cops_encounter_declaration(this._h, id, p));
      return this._readDeclaration(p);
    });
  }
  /** The default policy's declaration for id now. */
  suggest(id) {
    int(id, 'id');
    return this._withDeclaration(null, (p) => {
      this._check(this.m._cops_encounter_suggest(this._h, id, p));
      return this._readDeclaration(p);
    });
  }
  /** The exact odds of the attack id would declare (cops_encounter_odds), as their JSON. */
  odds(id, d) {
    int(id, 'id');
    const m = this.m;
    this._check(m._cops_attack_odds_new(this.cops.cell, this.ctx._h));
    const o = m.getValue(this.cops.cell, 'i32');
    try {
      this._withDeclaration(d, (p) => this._check(m._cops_encounter_odds(this._h, id, p, o)));
      this._check(m._cops_attack_odds_to_json(o, this.cops.cell));
      return JSON.parse(this.cops._taken());
    } finally {
      m._cops_attack_odds_free(o);
    }
  }
  resolveRound() { this._check(this.m._cops_encounter_resolve_round(this._h)); }
  runRound() { this._check(this.m._cops_encounter_run_round(this._h)); }
  run() { this._check(this.m._cops_encounter_run(this._h)); }

  // The log: events as JSON Lines, as objects, narrated.
  get _log() { return this.m._cops_encounter_log(this._h); }
  get eventCount() { return this._check(this.m._cops_log_count(this._log)); }
  jsonl(from = 0) {
    int(from, 'from', 0);
    this._check(this.m._cops_log_to_jsonl(this._log, from, this.cops.cell));
    return this.cops._taken();
  }
  events(from = 0) { return this.jsonl(from).split('\n').filter((l) => l).map((l) => JSON.parse(l)); }
  narrate(from = 0, lang = 'fr') {
    int(from, 'from', 0);
    this._check(this.m._cops_log_narrate(this._log, from, this.cops._lang(lang), this.cops.cell));
    return this.cops._taken();
  }
  // What a tabletop needs (docs/encounters.md, "Tabletops").
  /** The caller's token id for combatant id (up to 64 bytes of UTF-8), null to drop it. */
  setTag(id, tag) {
    int(id, 'id');
    if (tag === null) return this._check(this.m._cops_encounter_set_tag(this._h, id, 0));
    this.cops._withString(tag, (p) => this._check(this.m._cops_encounter_set_tag(this._h, id, p)), 'tag');
  }
  tag(id) { int(id, 'id'); return this.cops._str(this.m._cops_encounter_tag(this._h, id)); }
  /** The combatant tagged tag, null for none. */
  findTag(tag) {
    const rc = this.cops._withString(tag, (p) => this.m._cops_encounter_find_tag(this._h, p), 'tag');
    return rc === -7 /* COPS_ENOTFOUND */ ? null : this._check(rc);
  }
  /** The whole board (schemas/snapshot.schema.json). */
  snapshot() {
    this._check(this.m._cops_encounter_snapshot(this._h, this.cops.cell));
    return JSON.parse(this.cops._taken());
  }
  /** Everything a board shows of combatant id, as in snapshot(). */
  state(id) {
    int(id, 'id');
    const c = this.snapshot().combatants.find((x) => x.id === id);
    if (!c) throw new CopsError(-2, `no combatant ${id}`);
    return c;
  }
  /** 'between_rounds', 'declaring' or 'resolved'. */
  get phase() { return this.cops._str(this.m._cops_phase_key(this._check(this.m._cops_encounter_phase(this._h)))); }
  /** The fight now, to come back to (cops_encounter_checkpoint). */
  checkpoint() {
    this._check(this.m._cops_encounter_checkpoint(this._h, this.cops.cell));
    return new Checkpoint(this.ctx, this.m.getValue(this.cops.cell, 'i32'));
  }
  /** Back to cp, exactly: the fight goes on as it did from there. */
  rollback(cp) {
    instance(cp, Checkpoint, 'checkpoint');
    this._check(this.m._cops_encounter_rollback(this._h, cp._h));
  }

  /** The whole fight as text (docs/saves.md); Context.resume() goes on from it. */
  save() {
    this._check(this.m._cops_encounter_save(this._h, this.cops.cell));
    return this.cops._taken();
  }
}


/** A checkpoint of an encounter or a chase (cops_checkpoint). */
export class Checkpoint extends Owned {
  constructor(ctx, ptr) { super(ctx, ptr, (p) => ctx.m._cops_checkpoint_free(p)); }
}

/** The events of a log: JSON Lines, objects, narration. */
function logJsonl(owner, log, from) {
  int(from, 'from', 0);
  owner.ctx._check(owner.m._cops_log_to_jsonl(log, from, owner.cops.cell));
  return owner.cops._taken();
}
function logNarrate(owner, log, from, lang) {
  int(from, 'from', 0);
  owner.ctx._check(owner.m._cops_log_narrate(log, from, owner.cops._lang(lang), owner.cops.cell));
  return owner.cops._taken();
}
function lines(text) { return text.split('\n').filter((l) => l).map((l) => JSON.parse(l)); }

const CHASE_RESULTS = ['going', 'caught', 'escaped'];
const CHASE_DECLARATION = ['successes', 'blacken', 'flags', 'dice_mod', 'threshold_mod', 'difficulty_mod'];

/** A chase (cops_chase, docs/chases.md): participants by id, rounds, declarations, the log. */
export class Chase extends Owned {
  constructor(ctx, ptr) { super(ctx, ptr, (p) => ctx.m._cops_chase_free(p)); }
  get name() { return this.cops._str(this.m._cops_chase_name(this._h)); }
  get count() { return this.ctx._check(this.m._cops_chase_count(this._h)); }
  get round() { return this.ctx._check(this.m._cops_chase_round(this._h)); }
  /** 'going', 'caught' or 'escaped'. */
  get result() { return CHASE_RESULTS[this.ctx._check(this.m._cops_chase_result(this._h))]; }
  run() { this.ctx._check(this.m._cops_chase_run(this._h)); }
  resolveRound() { this.ctx._check(this.m._cops_chase_resolve_round(this._h)); }
  _withDeclaration(fn, successes = 1) {
    const m = this.m;
    const p = m._malloc(4 * (1 + CHASE_DECLARATION.length));
    try {
      this.ctx._check(m._cops_chase_declaration_init_sized(p, 4 * (1 + CHASE_DECLARATION.length), successes));
      return fn(p);
    } finally {
      m._free(p);
    }
  }
  /** Declare for participant id: { successes, blacken, adrenaline, anciennete, dice_mod,
   * threshold_mod, difficulty_mod }. */
  declare(id, d) {
    int(id, 'id');
    if (typeof d !== 'object' || d === null) throw new TypeError(`a declaration must be an object, not ${typeName(d)}`);
    const known = ['successes', 'blacken', 'adrenaline', 'anciennete', 'dice_mod', 'threshold_mod', 'difficulty_mod'];
    for (const k of Object.keys(d))
      if (!known.includes(k)) throw new CopsError(-1, `chase declaration: unknown field '${k}' (${known.join(', ')})`);
    this._withDeclaration((p) => {
      const m = this.m;
      const set = (i, v) => m.setValue(p + 4 * (i + 1), v, 'i32');
      set(0, int(d.successes ?? 1, 'successes'));
      if (d.blacken !== undefined) set(1, int(d.blacken, 'blacken'));
      const flags = (d.adrenaline ? 0x100 : 0) | (d.anciennete ? 0x200 : 0);
      if (d.adrenaline !== undefined) bool(d.adrenaline, 'adrenaline');
      if (d.anciennete !== undefined) bool(d.anciennete, 'anciennete');
      set(2, flags);
      ['dice_mod', 'threshold_mod', 'difficulty_mod'].forEach((f, k) => {
        if (d[f] !== undefined) set(3 + k, int(d[f], f));
      });
      this.ctx._check(m._cops_chase_declare(this._h, id, p));
    });
  }
  /** What the default policy would declare for id: { successes, blacken }. */
  suggest(id) {
    int(id, 'id');
    return this._withDeclaration((p) => {
      this.ctx._check(this.m._cops_chase_suggest(this._h, id, p));
      return { successes: this.m.getValue(p + 4, 'i32'), blacken: this.m.getValue(p + 8, 'i32') };
    });
  }
  get _log() { return this.m._cops_chase_log(this._h); }
  jsonl(from = 0) { return logJsonl(this, this._log, from); }
  events(from = 0) { return lines(this.jsonl(from)); }
  narrate(from = 0, lang = 'fr') { return logNarrate(this, this._log, from, lang); }
  save() { this.ctx._check(this.m._cops_chase_save(this._h, this.cops.cell)); return this.cops._taken(); }
  snapshot() { this.ctx._check(this.m._cops_chase_snapshot(this._h, this.cops.cell)); return JSON.parse(this.cops._taken()); }
  setTag(id, tag) {
    int(id, 'id');
    if (tag === null) return this.ctx._check(this.m._cops_chase_set_tag(this._h, id, 0));
    this.cops._withString(tag, (p) => this.ctx._check(this.m._cops_chase_set_tag(this._h, id, p)), 'tag');
  }
  tag(id) { int(id, 'id'); return this.cops._str(this.m._cops_chase_tag(this._h, id)); }
  findTag(tag) {
    const rc = this.cops._withString(tag, (p) => this.m._cops_chase_find_tag(this._h, p), 'tag');
    return rc === -7 ? null : this.ctx._check(rc);
  }
  checkpoint() {
    this.ctx._check(this.m._cops_chase_checkpoint(this._h, this.cops.cell));
    return new Checkpoint(this.ctx, this.m.getValue(this.cops.cell, 'i32'));
  }
  rollback(cp) { instance(cp, Checkpoint, 'checkpoint'); this.ctx._check(this.m._cops_chase_rollback(this._h, cp._h)); }
}

/** An interrogation's subject (cops_subject, docs/interrogations.md). */
export class Subject extends Owned {
  constructor(ctx, ptr) { super(ctx, ptr, (p) => ctx.m._cops_subject_free(p)); }
  get name() { return this.cops._str(this.m._cops_subject_name(this._h)); }
  _trait(name) { return this.cops.catalogue._parsed(this.m._cops_characteristic_parse, name, 'characteristic'); }
  _attitude(name) { return this.cops.catalogue._parsed(this.m._cops_interview_attitude_parse, name, 'attitude'); }
  _method(name) { return this.cops.catalogue._parsed(this.m._cops_skill_parse, name, 'method'); }
  _kind(kind) { return this.cops.catalogue._member(kind, ['affinity', 'deficiency'], 'kind'); }
  /** Sang-froid, Charme or Éducation (C4.1). */
  characteristic(name) { return this.ctx._check(this.m._cops_subject_characteristic(this._h, this._trait(name))); }
  setCharacteristic(name, value) { this.ctx._check(this.m._cops_subject_set_characteristic(this._h, this._trait(name), int(value, 'value'))); }
  resistance(name) {
    this.ctx._check(this.m._cops_subject_resistance(this._h, this._trait(name), this.cops.cell));
    return this.m.getValue(this.cops.cell, 'i32');
  }
  setResistance(name, modifier) { this.ctx._check(this.m._cops_subject_set_resistance(this._h, this._trait(name), int(modifier, 'modifier'))); }
  /** The subject's reaction to an interrogator's attitude (C4.3). */
  reaction(attitude) {
    this.ctx._check(this.m._cops_subject_reaction(this._h, this._attitude(attitude), this.cops.cell));
    return this.m.getValue(this.cops.cell, 'i32');
  }
  setReaction(attitude, reaction) { this.ctx._check(this.m._cops_subject_set_reaction(this._h, this._attitude(attitude), int(reaction, 'reaction'))); }
  /** 'dice' (added to the interrogator's roll) or 'resistance' (off the subject's). */
  get reactionMode() { return ['dice', 'resistance'][this.ctx._check(this.m._cops_subject_reaction_mode(this._h))]; }
  set reactionMode(mode) { this.ctx._check(this.m._cops_subject_set_reaction_mode(this._h, this.cops.catalogue._member(mode, ['dice', 'resistance'], 'mode'))); }
  /** 'affinity' or 'deficiency' tags (C4.6). */
  addTag(kind, tag) {
    const k = this._kind(kind);
    this.cops._withString(tag, (p) => this.ctx._check(this.m._cops_subject_add_tag(this._h, k, p)), 'tag');
  }
  tags(kind) {
    const k = this._kind(kind);
    const n = this.ctx._check(this.m._cops_subject_tag_count(this._h, k));
    return Array.from({ length: n }, (_, i) => this.cops._str(this.m._cops_subject_tag(this._h, k, i)));
  }
  hasTag(kind, tag) {
    const k = this._kind(kind);
    return this.cops._withString(tag, (p) => this.ctx._check(this.m._cops_subject_has_tag(this._h, k, p)) === 1, 'tag');
  }
  /** A fact of a tier (C4.5); facts: [[tier, text], ...]. */
  addFact(tier, fact) {
    int(tier, 'tier');
    this.cops._withString(fact, (p) => this.ctx._check(this.m._cops_subject_add_fact(this._h, tier, p)), 'fact');
  }
  get facts() {
    const n = this.ctx._check(this.m._cops_subject_fact_count(this._h));
    return Array.from({ length: n }, (_, i) => {
      const t = this.m._cops_subject_fact(this._h, i, this.cops.cell);
      return [this.m.getValue(this.cops.cell, 'i32'), this.cops._str(t)];
    });
  }
  /** A method lost for everyone after a failure (C4.7), and the resistance increases kept. */
  barred(method) { return this.ctx._check(this.m._cops_subject_barred(this._h, this._method(method))) === 1; }
  setBarred(method, barred = true) { this.ctx._check(this.m._cops_subject_set_barred(this._h, this._method(method), bool(barred, 'barred') ? 1 : 0)); }
  get resistanceUp() { return this.ctx._check(this.m._cops_subject_resistance_up(this._h)); }
  set resistanceUp(up) { this.ctx._check(this.m._cops_subject_set_resistance_up(this._h, int(up, 'resistanceUp'))); }
  toJSON() { this.ctx._check(this.m._cops_subject_to_json(this._h, this.cops.cell)); return JSON.parse(this.cops._taken()); }
}

const APPROACH = ['skill', 'attitude', 'affinity', 'deficiency', 'resistance_up', 'dice_mod', 'threshold_mod', 'anciennete'];
const IV_RESULTS = ['won', 'tied', 'lost'];

/** An interview (cops_interview): a cop's interrogations of a subject, saved and resumed. */
export class Interview extends Owned {
  constructor(ctx, ptr, after = null) { super(ctx, ptr, (p) => ctx.m._cops_interview_free(p), after); }
  /** One interrogation: { method, attitude, affinity, deficiency, dice_mod, threshold_mod,
   * anciennete } → { result: 'won'|'tied'|'lost', margin, tiers, learnt, anciennete }. */
  ask(a) {
    return this._withApproach(a, (p) => {
      const m = this.m;
      const r = m._malloc(24);
      try {
        m.setValue(r, 24, 'i32');
        this.ctx._check(m._cops_interview_ask(this._h, p, r));
        const at = (k) => m.getValue(r + 4 * k, 'i32');
        return { result: IV_RESULTS[at(1)], margin: at(2), tiers: at(3), learnt: at(4), anciennete: at(5) === 1 };
      } finally {
        m._free(r);
      }
    });
  }
  _withApproach(a, fn) {
    if (typeof a !== 'object' || a === null) throw new TypeError(`an approach must be an object, not ${typeName(a)}`);
    const known = ['method', 'attitude', 'affinity', 'deficiency', 'dice_mod', 'threshold_mod', 'anciennete'];
    for (const k of Object.keys(a))
      if (!known.includes(k)) throw new CopsError(-1, `approach: unknown field '${k}' (${known.join(', ')})`);
    const m = this.m;
    const cell = this.cops.cell;
    const skill = this.cops._withString(a.method, (p) => {
      this.cops._check(m._cops_skill_parse(p, cell), 0, `unknown method '${a.method}'`);
      return m.getValue(cell, 'i32');
    }, 'method');
    const attitude = this.cops._withString(a.attitude, (p) => {
      this.cops._check(m._cops_interview_attitude_parse(p, cell), 0, `unknown attitude '${a.attitude}'`);
      return m.getValue(cell, 'i32');
    }, 'attitude');
    const size = 4 * (1 + APPROACH.length);
    const p = m._malloc(size + 24);
    try {
      this.ctx._check(m._cops_approach_init_sized(p, size, skill, attitude));
      const flag = (f) => (a[f] === undefined ? 0 : (bool(a[f], f) ? 1 : 0));
      m.setValue(p + 12, flag('affinity'), 'i32');
      m.setValue(p + 16, flag('deficiency'), 'i32');
      if (a.dice_mod !== undefined) m.setValue(p + 24, int(a.dice_mod, 'dice_mod'), 'i32');
      if (a.threshold_mod !== undefined) m.setValue(p + 28, int(a.threshold_mod, 'threshold_mod'), 'i32');
      m.setValue(p + 32, flag('anciennete'), 'i32');
      return fn(p);
    } finally {
      m._free(p);
    }
  }
  /** New evidence (C4.7): barred methods and the resistance back. */
  evidence() { this.ctx._check(this.m._cops_interview_evidence(this._h)); }
  barred(method) {
    const k = this.cops.catalogue._parsed(this.m._cops_skill_parse, method, 'method');
    return this.ctx._check(this.m._cops_interview_barred(this._h, k)) === 1;
  }
  get resistanceUp() { return this.ctx._check(this.m._cops_interview_resistance_up(this._h)); }
  get asked() { return this.ctx._check(this.m._cops_interview_asked(this._h)); }
  /** Whether the interrogator knows a trait of the subject (C4.1). */
  knows(trait) {
    const t = this.cops.catalogue._parsed(this.m._cops_trait_parse, trait, 'trait');
    return this.ctx._check(this.m._cops_interview_knows(this._h, t)) === 1;
  }
  /** The exact odds of an approach now (C4.1, C4.7, C4.8): { win, tie, lose, tiers, mean_tiers }; gm
   * when the GM knows the subject's reactions. */
  odds(approach, { gm = false } = {}) {
    bool(gm, 'gm');
    return this._withApproach(approach, (p) => {
      const m = this.m;
      const o = m._malloc(120);
      try {
        m.setValue(o, 120, 'i32');
        this.ctx._check(m._cops_interview_odds(this._h, p, gm ? 1 : 0, o));
        const d = (k) => m.getValue(o + 8 * k, 'double');
        return { win: d(1), tie: d(2), lose: d(3), tiers: Array.from({ length: 10 }, (_, k) => d(4 + k)), mean_tiers: d(14) };
      } finally {
        m._free(o);
      }
    });
  }
  get _log() { return this.m._cops_interview_log(this._h); }
  jsonl(from = 0) { return logJsonl(this, this._log, from); }
  events(from = 0) { return lines(this.jsonl(from)); }
  narrate(from = 0, lang = 'fr') { return logNarrate(this, this._log, from, lang); }
  save() { this.ctx._check(this.m._cops_interview_save(this._h, this.cops.cell)); return this.cops._taken(); }
}

/** A simulation's summary (cops_sim, docs/simulation.md). */
export class Sim extends Owned {
  constructor(ctx, ptr) { super(ctx, ptr, (p) => ctx.m._cops_sim_free(p)); }
  /** Fights from .. from + runs - 1 of the study. */
  run(runs, from = 0) {
    int(runs, 'runs', 1); int(from, 'from', 0, Number.MAX_SAFE_INTEGER);
    this.ctx._check(this.m._cops_sim_run(this._h, this.scenario._h, BigInt(from), BigInt(runs)));
  }
  get fights() { return Number(this.m._cops_sim_fights(this._h)); }
  get stopped() { return Number(this.m._cops_sim_stopped(this._h)); }
  wins(side) { return Number(this.m._cops_sim_wins(this._h, int(side, 'side'))); }
  /** Another summary of the same study (other fights of it) added to this one. */
  merge(other) { instance(other, Sim, 'other'); this.ctx._check(this.m._cops_sim_merge(this._h, other._h)); }
  /** Two rulesets' summaries side by side (cops sim --compare --json). */
  compare(other) {
    instance(other, Sim, 'other');
    this.ctx._check(this.m._cops_sim_compare(this._h, other._h, this.cops.cell));
    return JSON.parse(this.cops._taken());
  }
  /** The summary, as cops sim --json writes it (schemas/sim.schema.json). */
  toJSON() { this.ctx._check(this.m._cops_sim_to_json(this._h, this.cops.cell)); return JSON.parse(this.cops._taken()); }
}

/** What the Storyteller and D6 fights share (their C functions: cops_PREFIX_fight_...). */
class ModuleFight extends Owned {
  constructor(ctx, ptr, prefix) {
    super(ctx, ptr, (p) => ctx.m[`_cops_${prefix}_fight_free`](p));
    this.prefix = prefix;
  }
  _fn(name) { return this.m[`_cops_${this.prefix}_fight_${name}`]; }
  get name() { return this.cops._str(this._fn('name')(this._h)); }
  get count() { return this.ctx._check(this._fn('count')(this._h)); }
  get round() { return this.ctx._check(this._fn('round')(this._h)); }
  get over() { return this.ctx._check(this._fn('over')(this._h)) === 1; }
  /** The winning side once over, null when none won (or not over). */
  get winner() {
    if (!this.over) return null;
    this.ctx._check(this._fn('winner')(this._h, this.cops.cell));
    const w = this.m.getValue(this.cops.cell, 'i32');
    return w < 0 ? null : w;
  }
  seed(seed) { this.ctx._check(this._fn('seed')(this._h, seedValue(seed))); }
  run() { this.ctx._check(this._fn('run')(this._h)); }
  runRound() { this.ctx._check(this._fn('run_round')(this._h)); }
  get _log() { return this._fn('log')(this._h); }
  jsonl(from = 0) { return logJsonl(this, this._log, from); }
  events(from = 0) { return lines(this.jsonl(from)); }
  narrate(from = 0, lang = 'fr') { return logNarrate(this, this._log, from, lang); }
  save() { this.ctx._check(this._fn('save')(this._h, this.cops.cell)); return this.cops._taken(); }
}
/** A Storyteller fight (cops_st_fight, docs/storyteller.md). */
export class StFight extends ModuleFight { constructor(ctx, ptr) { super(ctx, ptr, 'st'); } }
/** A D6 System fight (cops_d6_fight, docs/d6.md). */
export class D6Fight extends ModuleFight { constructor(ctx, ptr) { super(ctx, ptr, 'd6'); } }

/** A log of one's own (cops_log, docs/events.md). */
export class Log extends Owned {
  constructor(ctx, ptr) { super(ctx, ptr, (p) => ctx.m._cops_log_free(p)); }
  get count() { return this.ctx._check(this.m._cops_log_count(this._h)); }
  /** The most events it holds (0: no limit). */
  get limit() { return this.ctx._check(this.m._cops_log_limit(this._h)); }
  set limit(n) { this.ctx._check(this.m._cops_log_set_limit(this._h, int(n, 'limit', 0))); }
  clear() { this.ctx._check(this.m._cops_log_clear(this._h)); }
  jsonl(from = 0) { return logJsonl(this, this._h, from); }
  events(from = 0) { return lines(this.jsonl(from)); }
  narrate(from = 0, lang = 'fr') { return logNarrate(this, this._h, from, lang); }
}

const HEALTH = ['healthy', 'below_half', 'unconscious', 'dying', 'dead', 'dead_final'];
const BANDS = ['short', 'intermediate', 'long'];
const RELATION_KINDS = ['ally', 'informant'];
const UPKEEPS = ['none', 'money', 'information', 'services', 'favours'];
const RESTS = ['none', 'natural', 'hospital'];
const TREATMENTS = ['first_aid', 'stabilise', 'medicine'];

/** The rules' catalogue (<cops/catalogue.h> and the names of every area), as Python's
 * cops.catalogue and Lua's cops.catalogue. */
export class Catalogue {
  constructor(cops) { this.cops = cops; this.m = cops.m; }
  _name(p, what, value) {
    if (!p) throw new CopsError(-7, `no ${what} ${JSON.stringify(value)}`);
    return this.m.UTF8ToString(p);
  }
  _list(fn, ...args) {
    const out = [];
    for (let i = 0; i < 64; i++) {
      const p = fn(i, ...args);
      if (!p) break;
      out.push(this.m.UTF8ToString(p));
    }
    return out;
  }
  _member(value, names, what) {
    if (typeof value === 'number') return int(value, what, 0, names.length - 1);
    text(value, what);
    const i = names.indexOf(value);
    if (i < 0) throw new CopsError(-7, `${what} must be one of ${names.join(', ')}, not '${value}'`);
    return i;
  }
  _parsed(fn, value, what) {
    if (typeof value === 'number') return int(value, what);
    return this.cops._withString(value, (p) => {
      this.cops._check(fn(p, this.cops.cell), 0, `unknown ${what} '${value}'`);
      return this.m.getValue(this.cops.cell, 'i32');
    }, what);
  }
  characteristics(lang = 'fr') { return this._list(this.m._cops_characteristic_name, this.cops._lang(lang)); }
  languages() { return ['fr', 'en', 'es']; }
  language(code) { return this.cops._lang(code); }
  actionNames() { return this._list(this.m._cops_encounter_action_name); }
  modeNames() { return this._list(this.m._cops_attack_mode_name); }
  rulesetNames() { return this._list(this.m._cops_ruleset_name); }
  purposeNames() { return this._list(this.m._cops_purpose_name); }
  weaponKinds(lang = 'en') { return this._list(this.m._cops_weapon_kind_name, this.cops._lang(lang)); }
  weaponKind(name) { return this._parsed(this.m._cops_weapon_kind_parse, name, 'weapon kind'); }
  weaponFields() { return this._list(this.m._cops_weapon_field_name); }
  locations(lang = 'fr') { return this._list(this.m._cops_location_name, this.cops._lang(lang)); }
  location(name) { return this._parsed(this.m._cops_location_parse, name, 'location'); }
  zoneName(zone, lang = 'fr') { return this._name(this.m._cops_zone_name(int(zone, 'zone'), this.cops._lang(lang)), 'zone', zone); }
  attitudeName(attitude, lang = 'fr') { return this._name(this.m._cops_attitude_name(int(attitude, 'attitude'), this.cops._lang(lang)), 'attitude', attitude); }
  conditionName(condition, lang = 'fr') { return this._name(this.m._cops_condition_name(int(condition, 'condition', 0), this.cops._lang(lang)), 'condition', condition); }
  stoppingName(result, lang = 'fr') { return this._name(this.m._cops_stopping_name(int(result, 'result'), this.cops._lang(lang)), 'stopping result', result); }
  restName(rest, lang = 'fr') { return this._name(this.m._cops_rest_name(this._member(rest, RESTS, 'rest'), this.cops._lang(lang)), 'rest', rest); }
  treatmentName(kind, lang = 'fr') { return this._name(this.m._cops_treatment_name(this._member(kind, TREATMENTS, 'treatment'), this.cops._lang(lang)), 'treatment', kind); }
  healthName(health, lang = 'fr') { return this._name(this.m._cops_health_name(this._member(health, HEALTH, 'health'), this.cops._lang(lang)), 'health', health); }
  chaseBandName(band, lang = 'fr') { return this._name(this.m._cops_chase_band_name(this._member(band, BANDS, 'band'), this.cops._lang(lang)), 'band', band); }
  interviewAttitudeName(attitude, lang = 'fr') {
    const a = this._parsed(this.m._cops_interview_attitude_parse, attitude, 'attitude');
    return this._name(this.m._cops_interview_attitude_name(a, this.cops._lang(lang)), 'attitude', attitude);
  }
  methodCharacteristic(method) {
    const c = this.m._cops_method_characteristic(this._parsed(this.m._cops_skill_parse, method, 'method'));
    if (c < 0) throw new CopsError(-1, `a method is Intimidation, Éloquence or Rhétorique, not '${method}'`);
    return this._name(this.m._cops_characteristic_name(c, 0), 'characteristic', c);
  }
  traitName(trait, lang = 'fr') {
    const t = this._parsed(this.m._cops_trait_parse, trait, 'trait');
    return this._name(this.m._cops_trait_name(t, this.cops._lang(lang)), 'trait', trait);
  }
  relationKindName(kind, lang = 'fr') { return this._name(this.m._cops_relation_kind_name(this._member(kind, RELATION_KINDS, 'kind'), this.cops._lang(lang)), 'kind', kind); }
  relationLevelName(kind, level, lang = 'fr') {
    const k = this._member(kind, RELATION_KINDS, 'kind');
    int(level, 'level', 1, 4);
    return this._name(this.m._cops_relation_level_name(k, level, this.cops._lang(lang)), 'level', level);
  }
  upkeepName(upkeep, lang = 'fr') { return this._name(this.m._cops_upkeep_name(this._member(upkeep, UPKEEPS, 'upkeep'), this.cops._lang(lang)), 'upkeep', upkeep); }
  /** The initiatives a character of this Réflexes may choose (C6): [lowest, highest]. */
  initiativeRange(reflexes) {
    int(reflexes, 'reflexes');
    const c = this.cops.cell;
    if (this.m._cops_initiative_range(reflexes, c, c + 4)) throw new CopsError(-2, `Réflexes ${reflexes} out of range 1..5`);
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  /** The PR, PU and FA a weapon's name carries ("Vulcan 051": [0, 5, 1]). */
  weaponValuesFromName(name) {
    const c = this.cops.cell;
    const rc = this.cops._withString(name, (p) => this.m._cops_weapon_values_from_name(p, c, c + 4, c + 8), 'name');
    if (rc) throw new CopsError(rc, `no PR/PU/FA code in '${name}'`);
    return [0, 4, 8].map((o) => this.m.getValue(c + o, 'i32'));
  }
}
