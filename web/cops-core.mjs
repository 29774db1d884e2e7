// libcops from JavaScript (docs/javascript.md): the C library compiled to WebAssembly, the
// same dice, events and replay as in C. Every rule stays in C; this module turns
// JavaScript values into the C API's arguments and its results into values, and
// throws a CopsError for every refusal of a value, a TypeError for a value of the wrong
// type. It holds no environment code: cops.mjs (browsers, bundlers) and cops-node.mjs
// (Node.js) load the WebAssembly module and hand it to create().

import {
  CopsError, Handle, LANGS, Log, int, json, seedValue, text, typeName,
} from './cops-base.mjs';
import { Catalogue } from './cops-catalogue.mjs';
import { diceContext } from './cops-dice.mjs';
import { attackContext } from './cops-attack.mjs';
import { sheetContext } from './cops-sheet.mjs';
import { fightContext } from './cops-fight.mjs';
import { chaseContext } from './cops-chase.mjs';
import { socialContext } from './cops-social.mjs';
import { stContext } from './cops-st.mjs';
import { d6Context } from './cops-d6.mjs';
import { d6MagicContext } from './cops-d6-magic.mjs';
import { d6VehicleContext } from './cops-d6-vehicle.mjs';

export { ERRORS, CopsError, Handle, Log, Checkpoint } from './cops-base.mjs';
export { Catalogue } from './cops-catalogue.mjs';
export { Character, Weapon, Armour } from './cops-sheet.mjs';
export { Scenario, Encounter, Sim } from './cops-fight.mjs';
export { CoverFire } from './cops-attack.mjs';
export { Chase } from './cops-chase.mjs';
export { Subject, Interview } from './cops-social.mjs';
export { StCharacter, StFight, StObject, StGrapple } from './cops-st.mjs';
export { D6Character, D6Fight, D6Vehicle } from './cops-d6.mjs';

/** The library over a loaded emscripten module (what cops.mjs and cops-node.mjs do). */
export function create(module) { return new Cops(module); }

/** The loaded library: contexts, names, and the in-memory file system it reads. */
export class Cops {
  constructor(m) {
    this.m = m;
    this._version = m.UTF8ToString(m._cops_version_string());
    this.cell = m._malloc(16);   // out-parameters of one call at a time
    /** The rules' catalogue: names of every game term, in fr, en or es. */
    this.catalogue = new Catalogue(this);
  }

  /** The library's version ("0.16.0"), as `cops --version` gives it. */
  get version() { return this._version; }

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
  context(opts = {}) {
    if (typeof opts !== 'object' || opts === null)
      throw new TypeError(`options must be an object, not ${typeName(opts)}`);
    const m = this.m;
    this._check(m._cops_ctx_new(this.cell), 0);
    const ctx = new Context(this, m.getValue(this.cell, 'i32'));
    try {
      if (opts.seed !== undefined) ctx.seed(opts.seed);
      else if (opts.key !== undefined) ctx.seedBytes(opts.key);
      else if (opts.callback !== undefined) ctx.useCallback(opts.callback);
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

/** A cops_ctx: the random source, and what is made from it. */
export class Context extends Handle {
  constructor(cops, ptr) {
    // The C context outlives what is made from it: disposed (or collected) while some
    // remain, it is freed with the last of them.
    const m = cops.m;
    const life = { refs: 0, done: false, fn: 0, ptr, cleanups: [] };
    life.free = () => {
      if (life.refs > 0 || !life.done || !life.ptr) return;
      // What the context keeps for its calls (the roll buffer, parsed notations) goes first.
      for (const cleanup of life.cleanups.splice(0)) cleanup();
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
  /** A child's release: freeFn(ptr) and after(), then the context's if it was the last. */
  _child(freeFn, ptr, after) {
    const life = this.life;
    life.refs++;
    return () => {
      freeFn(ptr);
      if (after) after();
      life.refs--;
      life.free();
    };
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
  /** Where the dice come from: 'system', 'seeded' or 'callback'. */
  get source() { return ['system', 'seeded', 'callback'][this._check(this.m._cops_ctx_source(this._h))]; }
  /** The most re-rolls of one die's chain of 10s (C1.2 RULING, default 100). */
  get rerollCap() { return this._check(this.m._cops_ctx_reroll_cap(this._h)); }
  set rerollCap(cap) { this._check(this.m._cops_ctx_set_reroll_cap(this._h, int(cap, 'rerollCap'))); }
  /** One die of 10 or 6 sides from the source. */
  die(sides) {
    this._check(this.m._cops_ctx_die(this._h, int(sides, 'sides'), this.cops.cell));
    return this.m.getValue(this.cops.cell, 'i32');
  }
  /**
   * Read files only under the folder root of the memory file system (relative paths, no way
   * out, regular files of at most maxBytes, no file content in messages); null lifts it
   * (cops_ctx_confine). For text from strangers.
   */
  confine(root, maxBytes = 1 << 20) {
    if (root === null) return void this._check(this.m._cops_ctx_confine(this._h, 0, 0));
    int(maxBytes, 'maxBytes', 1, 1 << 24);
    this.cops._withString(root, (p) => this._check(this.m._cops_ctx_confine(this._h, p, maxBytes)), 'root');
  }
  /** A whole file's text, read as the loaders read (within confine(); cops_ctx_read_file). */
  readFile(path) {
    this.cops._withString(path, (p) => this._check(this.m._cops_ctx_read_file(this._h, p, this.cops.cell)), 'path');
    return this.cops._taken();
  }
  /** Write text as the savers write (within confine(), whole; cops_ctx_write_file). */
  writeFile(path, text) {
    this.cops._withString(path, (p) => this.cops._withString(text, (t) =>
      this._check(this.m._cops_ctx_write_file(this._h, p, t)), 'text'), 'path');
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

  /** A log of one's own (cops_log): wounds over time and one-off procedures write to it. */
  log() {
    this._check(this.m._cops_log_new(this.cops.cell, this._h));
    return new Log(this, this.m.getValue(this.cops.cell, 'i32'));
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

}

// Each area's calls on a context (ctx.roll, ctx.attack, ctx.stRoll ...).
Object.assign(Context.prototype, diceContext, attackContext, sheetContext, fightContext, chaseContext,
  socialContext, stContext, d6Context, d6MagicContext, d6VehicleContext);
