// libcops from JavaScript (docs/javascript.md): what every area's classes share: the
// error model (CopsError for a refused value, TypeError for a wrong type), handles and
// their lifetime, the checks that turn JavaScript values into C arguments, C structs in
// the module's memory, and logs. cops-core.mjs (the COPS rules), cops-st.mjs and
// cops-d6.mjs (the optional systems) build on it.

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

export function typeName(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? (v.constructor?.name ?? 'an object') : typeof v;
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string for C: a TypeError for another type; a NUL or a lone surrogate is refused
 * (COPS_EINVAL), never cut or replaced. */
export function text(v, what = 'text') {
  if (typeof v !== 'string') throw new TypeError(`${what} must be a string, not ${typeName(v)}`);
  if (v.includes('\0')) throw new CopsError(-1, `${what} contains a NUL character`);
  if (LONE_SURROGATE.test(v)) throw new CopsError(-1, `${what} is not UTF-8 text (a lone surrogate)`);
  return v;
}

/** An int for C: a TypeError for another type; a number that is not an integer is refused
 * (COPS_EINVAL), one outside lo..hi (C's int by default) too (COPS_ERANGE): never truncated. */
export function int(v, what, lo = -2147483648, hi = 2147483647) {
  if (typeof v !== 'number') throw new TypeError(`${what} must be a number, not ${typeName(v)}`);
  if (!Number.isInteger(v)) throw new CopsError(-1, `${what}: ${v} is not an integer`);
  if (v < lo || v > hi) throw new CopsError(-2, `${what}: ${v} out of range ${lo}..${hi}`);
  return v;
}

export function bool(v, what) {
  if (typeof v !== 'boolean') throw new TypeError(`${what} must be a boolean, not ${typeName(v)}`);
  return v;
}

export function instance(v, Kind, what) {
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
  /** Let go of a hold taken by a borrower that counts (_holds++) rather than keep a closure. */
  _unhold() {
    if (--this._holds === 0 && this._deferred) this._freeNow();
  }
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

/** A document as JSON text: a string as it is, an object written. */
export function json(doc, what = 'document') {
  if (typeof doc === 'string') return doc;
  if (typeof doc === 'object' && doc !== null && !Array.isArray(doc)) return JSON.stringify(doc);
  throw new TypeError(`${what} must be JSON text or an object, not ${typeName(doc)}`);
}

/** A seed: an integer number, a bigint or a decimal string, 0..2^64-1. */
export function seedValue(seed) {
  let s;
  if (typeof seed === 'bigint') s = seed;
  else if (typeof seed === 'number') s = BigInt(int(seed, 'seed', 0, Number.MAX_SAFE_INTEGER));
  else if (typeof seed === 'string' && /^[0-9]{1,20}$/.test(seed)) s = BigInt(seed);
  else if (typeof seed === 'string') throw new CopsError(-1, `seed '${seed}': a decimal number`);
  else throw new TypeError(`seed must be a number, a bigint or a decimal string, not ${typeName(seed)}`);
  if (s < 0n || s >= 1n << 64n) throw new CopsError(-2, `seed ${seed}: not 0..2^64-1`);
  return s;
}

/** What is made from a context: freed by freeFn(ptr), or, with freeFn null, owned by
 * another handle (a scenario's encounter). */
export class Owned extends Handle {
  constructor(ctx, ptr, freeFn, after = null) {
    super(ptr, freeFn ? ctx._child(freeFn, ptr, after) : null);
    this.ctx = ctx;
    this.cops = ctx.cops;
    this.m = ctx.m;
  }
}

/** The events of a log: JSON Lines, objects, narration. */
export function logJsonl(owner, log, from) {
  int(from, 'from', 0);
  owner.ctx._check(owner.m._cops_log_to_jsonl(log, from, owner.cops.cell));
  return owner.cops._taken();
}
export function logNarrate(owner, log, from, lang) {
  int(from, 'from', 0);
  owner.ctx._check(owner.m._cops_log_narrate(log, from, owner.cops._lang(lang), owner.cops.cell));
  return owner.cops._taken();
}
export function lines(text) { return text.split('\n').filter((l) => l).map((l) => JSON.parse(l)); }

/** A log of one's own (cops_log, docs/events.md). */
export class Log extends Owned {
  constructor(ctx, ptr) { super(ctx, ptr, (p) => ctx.m._cops_log_free(p)); }
  get count() { return this.ctx._check(this.m._cops_log_count(this._h)); }
  /** The most events it holds (0: no limit). */
  get limit() { return this.ctx._check(this.m._cops_log_limit(this._h)); }
  set limit(n) { this.ctx._check(this.m._cops_log_set_limit(this._h, int(n, 'limit', 0))); }
  clear() { this.ctx._check(this.m._cops_log_clear(this._h)); }
  /** The round number the next events carry. */
  setRound(round) { this.ctx._check(this.m._cops_log_set_round(this._h, int(round, 'round', 0))); }
  jsonl(from = 0) { return logJsonl(this, this._h, from); }
  events(from = 0) { return lines(this.jsonl(from)); }
  narrate(from = 0, lang = 'fr') { return logNarrate(this, this._h, from, lang); }
}

// C structs in the module's memory (wasm32: int, unsigned and pointers 4 bytes, double and
// 64-bit integers 8, each aligned on its size), for the structs of the optional systems.
const SIZES = { i32: 4, u32: 4, ptr: 4, f64: 8, char: 1 };

/** A struct's layout: fields [name, type] with type 'i32', 'u32', 'ptr', 'f64', or
 * [type, count] for an array ('char' arrays hold text). A first field 'size' is the
 * struct's size, as the C API's _sized functions and out-structs want it. */
export class Struct {
  constructor(fields) {
    let off = 0;
    let align = 4;
    this.fields = fields.map(([name, type]) => {
      const [base, count] = Array.isArray(type) ? type : [type, 1];
      const size = SIZES[base];
      align = Math.max(align, size);
      off = Math.ceil(off / size) * size;
      const f = { name, base, count, off, array: Array.isArray(type) };
      off += size * count;
      return f;
    });
    this.size = Math.ceil(off / align) * align;
    this.by = new Map(this.fields.map((f) => [f.name, f]));
    this.sized = this.fields[0].name === 'size';
  }
  /** fn(p) on a zeroed struct (its size set), freed after. */
  with(m, fn) {
    const p = m._malloc(this.size);
    if (!p) throw new CopsError(-3, 'out of memory');
    try {
      m.HEAPU8.fill(0, p, p + this.size);
      if (this.sized) m.HEAP32[p >> 2] = this.size;
      return fn(p);
    } finally {
      m._free(p);
    }
  }
  _field(name) {
    const f = this.by.get(name);
    if (!f) throw new Error(`no field ${name}`);
    return f;
  }
  get(m, p, name) {
    const f = this._field(name);
    if (f.base === 'char') return m.UTF8ToString(p + f.off, f.count);
    const at = (p + f.off) >> (f.base === 'f64' ? 3 : 2);
    const heap = f.base === 'f64' ? m.HEAPF64 : f.base === 'i32' ? m.HEAP32 : m.HEAPU32;
    return f.array ? Array.from(heap.subarray(at, at + f.count)) : heap[at];
  }
  /** Set a field; a number is checked as an int of C (int()), a text as clean text that fits. */
  set(m, p, name, value) {
    const f = this._field(name);
    if (f.base === 'char') {
      text(value, name);
      const n = m.lengthBytesUTF8(value);
      if (n >= f.count) throw new CopsError(-2, `${name}: at most ${f.count - 1} bytes, not ${n}`);
      m.HEAPU8.fill(0, p + f.off, p + f.off + f.count);
      m.stringToUTF8(value, p + f.off, f.count);
      return;
    }
    if (!f.array && f.base === 'i32') {
      m.HEAP32[(p + f.off) >> 2] = int(value, name);
      return undefined;
    }
    const put = (i, v) => {
      if (f.base === 'f64') {
        if (typeof v !== 'number') throw new TypeError(`${name} must be a number, not ${typeName(v)}`);
        m.HEAPF64[((p + f.off) >> 3) + i] = v;
      } else {
        m.HEAP32[((p + f.off) >> 2) + i] = f.base === 'i32' ? int(v, name) : int(v, name, 0, 0xffffffff) | 0;
      }
    };
    if (!f.array) return put(0, value);
    if (!Array.isArray(value) || value.length !== f.count)
      throw new TypeError(`${name} must be an array of ${f.count} numbers`);
    value.forEach((v, i) => put(i, v));
  }
  /** Every field but the size, by name. */
  read(m, p) {
    const out = {};
    const h32 = m.HEAP32;
    for (const f of this.fields) {
      if (f.name === 'size') continue;
      if (f.base === 'i32' && !f.array) out[f.name] = h32[(p + f.off) >> 2];
      else out[f.name] = this.get(m, p, f.name);
    }
    return out;
  }

}

/** Fields of C int type, by name, for a Struct. */
export const ints = (names) => names.map((f) => [f, 'i32']);

/** The three doubles fill(a, b, c) writes through its out-parameters, as [a, b, c]. */
export function threeDoubles(ctx, fill) {
  const m = ctx.m;
  const p = m._malloc(24);
  if (!p) throw new CopsError(-3, 'out of memory');
  try {
    ctx._check(fill(p, p + 8, p + 16));
    const h = m.HEAPF64;
    return [h[p >> 3], h[(p >> 3) + 1], h[(p >> 3) + 2]];
  } finally {
    m._free(p);
  }
}

/** Free the function-table entry of a C callback. */
export function dropCallback(m, callbacks) {
  if (callbacks.fn) m.removeFunction(callbacks.fn);
  callbacks.fn = 0;
}

/** Give C a callback: answer(...args) is what it returns; an exception is kept in
 * callbacks.error for the call that ran it to throw (the C call fails all or nothing), and
 * -6 (COPS_ESTATE) goes back to C. set(f) installs it (set(0) removes it, for fn null); the
 * entry it replaces is freed. fn is the caller's function, checked here. */
export function installCallback(m, callbacks, fn, answer, sig, set, check) {
  if (fn === null) {
    check(set(0));
    dropCallback(m, callbacks);
    return;
  }
  if (typeof fn !== 'function') throw new TypeError(`the callback must be a function, not ${typeName(fn)}`);
  const f = m.addFunction((...args) => {
    try {
      return answer(...args);
    } catch (e) {
      callbacks.error = e;
      return -6;
    }
  }, sig);
  const rc = set(f);
  if (rc < 0) {
    m.removeFunction(f);
    check(rc);
  }
  dropCallback(m, callbacks);
  callbacks.fn = f;
}

/** A module's rulings (cops_st_rules, cops_d6_rules): the fields, those that are booleans,
 * and the module's C functions by its prefix. */
export class ModuleRules {
  constructor(prefix, fields, flags) {
    this.struct = new Struct([['size', 'u32'], ...ints(fields)]);
    this.fields = fields;
    this.flags = flags;
    this.prefix = prefix;
  }
  /** fn(p) with the rules in C (0 for null: the defaults), fields given over the defaults. */
  with(ctx, rules, fn) {
    if (rules === undefined || rules === null) return fn(0);
    const m = ctx.m;
    const o = options(rules, this.fields, 'rules');
    return this.struct.with(m, (p) => {
      ctx._check(m[`_cops_${this.prefix}_rules_init_sized`](p, this.struct.size));
      for (const [k, v] of Object.entries(o))
        this.struct.set(m, p, k, this.flags.includes(k) ? (bool(v, k) ? 1 : 0) : v);
      return fn(p);
    });
  }
  /** The rules fill(p) writes, by field (the booleans as booleans). */
  read(ctx, fill) {
    return this.struct.with(ctx.m, (p) => {
      ctx._check(fill(p));
      const o = this.struct.read(ctx.m, p);
      for (const f of this.flags) o[f] = o[f] === 1;
      return o;
    });
  }
  /** The library's defaults. */
  defaults(ctx) { return this.read(ctx, (p) => ctx.m[`_cops_${this.prefix}_rules_init_sized`](p, this.struct.size)); }
}

/** A character of a module made blank and named (cops_PREFIX_character_new, set_name). */
export function namedCharacter(ctx, prefix, Kind, name) {
  text(name, 'name');
  ctx._check(ctx.m[`_cops_${prefix}_character_new`](ctx.cops.cell, ctx._h));
  const ch = new Kind(ctx, ctx.m.HEAP32[ctx.cops.cell >> 2]);
  try {
    ch.name = name;
  } catch (e) {
    ch.dispose();
    throw e;
  }
  return ch;
}

/** The index of value in names (a name, or its index as a number); COPS_ENOTFOUND otherwise. */
export function member(value, names, what) {
  if (typeof value === 'number') return int(value, what, 0, names.length - 1);
  text(value, what);
  const i = names.findIndex((n) => n.toLowerCase() === value.toLowerCase());
  if (i < 0) throw new CopsError(-7, `${what} must be one of ${names.join(', ')}, not '${value}'`);
  return i;
}

/** The options object of a call: {} when left out, a TypeError for another type, and a
 * CopsError naming any option the call does not know (known: an array, or a Set). */
export function options(opts, known, what = 'options') {
  if (opts === undefined) return {};
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts))
    throw new TypeError(`${what} must be an object, not ${typeName(opts)}`);
  const has = known instanceof Set ? (k) => known.has(k) : (k) => known.includes(k);
  for (const k in opts)
    if (Object.hasOwn(opts, k) && !has(k))
      throw new CopsError(-1, `${what}: unknown option '${k}' (${[...known].join(', ')})`);
  return opts;
}

/** What the Storyteller and D6 fights share (their C functions: cops_PREFIX_fight_...). */
export class ModuleFight extends Owned {
  constructor(ctx, ptr, prefix, Kind) {
    // What the fight's release lets go: the characters it holds and the views it made of
    // its own (one object, no closure a character).
    const kept = { chars: [], views: [] };
    super(ctx, ptr, ctx.m[`_cops_${prefix}_fight_free`], () => {
      for (const c of kept.chars) if (c) c._unhold();
      for (const v of kept.views) if (v) v._ptr = 0;   // the fight's own characters go with it
    });
    this.prefix = prefix;
    this._kept = kept;
    this._Character = Kind;
  }
  _fn(name) {
    const all = (this.cops._fightFns ??= {});   // the loaded module's own
    const fns = (all[this.prefix] ??= new Map());
    let fn = fns.get(name);
    if (!fn) {
      fn = this.m[`_cops_${this.prefix}_fight_${name}`];
      fns.set(name, fn);
    }
    return fn;
  }
  _out(fn) { this.ctx._check(fn(this.cops.cell)); return this.m.getValue(this.cops.cell, 'i32'); }
  get name() { return this.cops._str(this._fn('name')(this._h)); }
  get count() { return this.ctx._check(this._fn('count')(this._h)); }
  get round() { return this.ctx._check(this._fn('round')(this._h)); }
  get over() { return this.ctx._check(this._fn('over')(this._h)) === 1; }
  /** The winning side once over, null when none won (or not over). */
  get winner() {
    if (!this.over) return null;
    const w = this._out((c) => this._fn('winner')(this._h, c));
    return w < 0 ? null : w;
  }
  seed(seed) { this.ctx._check(this._fn('seed')(this._h, seedValue(seed))); }
  run() { this.ctx._check(this._fn('run')(this._h)); }
  /** Back to the start, to run the same fight again: every fighter and its character as they
   * stood when the first round began, round 0, the log empty; the dice go on. COPS_ESTATE for
   * a fight read from a save made after round 1. */
  reset() { this.ctx._check(this._fn('reset')(this._h)); }
  runRound() { this.ctx._check(this._fn('run_round')(this._h)); }
  beginRound() { this.ctx._check(this._fn('begin_round')(this._h)); }
  resolveRound() { this.ctx._check(this._fn('resolve_round')(this._h)); }
  /** Whose turn comes next, null when no round is under way. */
  next() { const id = this._out((c) => this._fn('next')(this._h, c)); return id < 0 ? null : id; }
  /** Play the next turn; whose turn it was (null: none). */
  step() { const id = this._out((c) => this._fn('step')(this._h, c)); return id < 0 ? null : id; }
  /** A fighter before the first round (the fight keeps the character in use); its id. */
  add(character, side, x = 0, y = 0) {
    instance(character, this._Character, 'character');
    int(side, 'side'); int(x, 'x'); int(y, 'y');
    const cell = this.cops.cell;
    this.ctx._check(this._fn('add')(this._h, character._h, side, x, y, cell));
    const id = this.m.HEAP32[cell >> 2];
    character._holds++;            // the fight borrows it (cops_*_fight_add)
    this._kept.chars[id] = character;
    return id;
  }
  /** Fighter id's character (one a fight file made is the fight's: it goes with it). */
  character(id) {
    this._id(id);
    const kept = this._kept;
    let ch = kept.chars[id] ?? kept.views[id];
    if (!ch) {
      const p = this._fn('character')(this._h, id);
      if (!p) throw new CopsError(-2, `no fighter ${id}`);
      ch = new this._Character(this.ctx, p, this);
      kept.views[id] = ch;
    }
    return ch;
  }

  _id(id) {
    int(id, 'id');
    const n = this.count;
    if (id < 0 || id >= n) throw new CopsError(-2, `fighter ${id} out of range 0..${n - 1}`);
    return id;
  }
  /** Side side's name, null out of range. */
  sideName(side) { return this.cops._str(this._fn('side_name')(this._h, int(side, 'side'))); }
  setSideName(side, name) { this.cops._withString(name, (p) => this.ctx._check(this._fn('set_side_name')(this._h, int(side, 'side'), p)), 'name'); }
  /** The round cap, 1..10000. */
  setMaxRounds(rounds) { this.ctx._check(this._fn('set_max_rounds')(this._h, int(rounds, 'rounds'))); }
  setLogging(on) { this.ctx._check(this._fn('set_logging')(this._h, bool(on, 'on') ? 1 : 0)); }
  /** The most events the fight's log holds (0: no limit). */
  get logLimit() { return this.ctx._check(this.m._cops_log_limit(this._log)); }
  set logLimit(n) { this.ctx._check(this.m._cops_log_set_limit(this._log, int(n, 'logLimit', 0))); }
  distance(a, b) { return this.ctx._check(this._fn('distance')(this._h, this._id(a), this._id(b))); }
  setPosition(id, x, y) { this.ctx._check(this._fn('set_position')(this._h, this._id(id), int(x, 'x'), int(y, 'y'))); }
  setCover(id, cover) { this.ctx._check(this._fn('set_cover')(this._h, this._id(id), int(cover, 'cover'))); }
  setOut(id, out = true) { this.ctx._check(this._fn('set_out')(this._h, this._id(id), bool(out, 'out') ? 1 : 0)); }
  get _log() { return this._fn('log')(this._h); }
  jsonl(from = 0) { return logJsonl(this, this._log, from); }
  events(from = 0) { return lines(this.jsonl(from)); }
  narrate(from = 0, lang = 'fr') { return logNarrate(this, this._log, from, lang); }
  /** This round's order, first to act first. */
  order() {
    const m = this.m;
    const p = m._malloc(4 * 33);
    try {
      this.ctx._check(this._fn('order')(this._h, p, 32, p + 128));
      return Array.from({ length: m.HEAP32[(p + 128) >> 2] }, (_, i) => m.HEAP32[(p >> 2) + i]);
    } finally {
      m._free(p);
    }
  }
  /** The fight between rounds as a fight file. */
  save() { this.ctx._check(this._fn('save')(this._h, this.cops.cell)); return this.cops._taken(); }
}

// Names shared by several areas, in the C enums' order.
export const RULESETS = ['core', 'alternative'];
export const LANGS = { fr: 0, en: 1, es: 2 };
export const HEALTH = ['healthy', 'below_half', 'unconscious', 'dying', 'dead', 'dead_final'];
export const BANDS = ['short', 'intermediate', 'long'];
export const RELATION_KINDS = ['ally', 'informant'];
export const UPKEEPS = ['none', 'money', 'information', 'services', 'favours'];
export const RESTS = ['none', 'natural', 'hospital'];
export const TREATMENTS = ['first_aid', 'stabilise', 'medicine'];

/** A checkpoint of an encounter or a chase (cops_checkpoint). */
export class Checkpoint extends Owned {
  constructor(ctx, ptr) { super(ctx, ptr, (p) => ctx.m._cops_checkpoint_free(p)); }
}

/** The C log of a Log or of a handle that logs (a fight), for the procedures' log argument. */
export function logPtr(log) {
  if (log === undefined || log === null) return 0;
  if (log instanceof Log) return log._h;
  if (log && typeof log === 'object' && '_log' in log) return log._log;
  throw new TypeError(`log must be a Log, a fight or null, not ${typeName(log)}`);
}

/** A weapon of a character by index or name (any case); null for none (-1). */
export function weaponIndex(ch, weapon, what = 'weapon') {
  if (weapon === undefined || weapon === null) return -1;
  if (typeof weapon === 'string') {
    const i = ch.weapons.findIndex((w) => w.name.toLowerCase() === weapon.toLowerCase());
    if (i < 0) throw new CopsError(-7, `${ch.name} carries no weapon '${weapon}'`);
    return i;
  }
  return int(weapon, what);
}
