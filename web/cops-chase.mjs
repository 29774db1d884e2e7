// libcops from JavaScript: Chases (COPS.md C7, docs/chases.md).

import {
  Checkpoint, CopsError, Owned, bool, instance, int, lines, logJsonl, logNarrate, typeName,
} from './cops-base.mjs';

const CHASE_RESULTS = ['going', 'caught', 'escaped'];
const CHASE_DECLARATION = ['successes', 'blacken', 'flags', 'dice_mod', 'threshold_mod', 'difficulty_mod'];

/** The calls of a Context for this area (Context.prototype takes them). */
export const chaseContext = {
  /** A chase (JSON text or object, docs/chases.md); file names resolve from baseDir. */
  chase(doc, baseDir = null) { return this._fromText(this.m._cops_chase_from_json, doc, 'chase', Chase, baseDir); },
  chaseFile(path) { return this._fromFile(this.m._cops_chase_load, path, Chase); },
  /** A chase resumed from the text of Chase.save(). */
  resumeChase(save) { return this._fromText(this.m._cops_chase_resume, save, 'save', Chase); },
};

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
