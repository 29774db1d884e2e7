// libcops from JavaScript: Chases (COPS.md C7, docs/chases.md).

import {
  BANDS, Checkpoint, CopsError, Owned, Struct, bool, dropCallback, installCallback, instance, int,
  lines, logJsonl, logNarrate, member, options, typeName,
} from './cops-base.mjs';
import { Character } from './cops-sheet.mjs';

const CHASE_RESULTS = ['going', 'caught', 'escaped'];
const CHASE_DECLARATION = ['successes', 'blacken', 'flags', 'dice_mod', 'threshold_mod', 'difficulty_mod'];

/** The calls of a Context for this area (Context.prototype takes them). */
export const chaseContext = {
  /** A chase (JSON text or object, docs/chases.md); file names resolve from baseDir. */
  chase(doc, baseDir = null) { return this._fromText(this.m._cops_chase_from_json, doc, 'chase', Chase, baseDir); },
  chaseFile(path) { return this._fromFile(this.m._cops_chase_load, path, Chase); },
  /** An empty chase: add() its participants. */
  newChase() {
    this._check(this.m._cops_chase_new(this.cops.cell, this._h));
    return new Chase(this, this.m.getValue(this.cops.cell, 'i32'));
  },
  /** resumeChase() from a file of the memory file system (within Context.confine). */
  resumeChaseFile(path) { return this._fromFile(this.m._cops_chase_resume_file, path, Chase); },
  /** A chase resumed from the text of Chase.save(). */
  resumeChase(save) { return this._fromText(this.m._cops_chase_resume, save, 'save', Chase); },
};

/** A chase (cops_chase, docs/chases.md): participants by id, rounds, declarations, the log. */
const ROLES = ['pursued', 'pursuer'];
const CHASER_STATES = ['in', 'lost', 'stopped', 'wrecked'];
const CRASH_MODES = ['each', 'one_plus'];
const PASSENGER_ID0 = 16;
const CHASER_STATE = new Struct([['size', 'u32'], ['id', 'i32'], ['tag', 'ptr'], ['name', 'ptr'],
  ['passenger', 'i32'], ['rides_with', 'i32'], ['role', 'i32'], ['state', 'i32'], ['vehicle', 'ptr'],
  ['white', 'i32'], ['black', 'i32'], ['band', 'i32'], ['declared', 'i32'], ['hp', 'i32'], ['max_hp', 'i32'],
  ['health_state', 'i32'], ['conditions', 'u32']]);
const ROUND_ODDS_FIELDS = ['success', 'other_success', 'both', 'only_mine', 'only_other', 'neither', 'loss',
  'other_loss', 'crash'];
const ROUND_ODDS = new Struct([['size', 'u32'], ...ROUND_ODDS_FIELDS.map((f) => [f, 'f64'])]);

export class Chase extends Owned {
  constructor(ctx, ptr) {
    const callbacks = { fn: 0 };
    super(ctx, ptr, (p) => ctx.m._cops_chase_free(p), () => dropCallback(ctx.m, callbacks));
    this._callbacks = callbacks;
  }
  /** A refusal of the C call, or the exception the crash callback raised during it. */
  _check(rc) {
    const raised = this._callbacks.error;
    if (raised) {
      this._callbacks.error = null;
      throw raised;
    }
    return this.ctx._check(rc);
  }
  _out(fn) { this._check(fn(this.cops.cell)); return this.m.getValue(this.cops.cell, 'i32'); }
  /** A participant before the first round: the chase roll without its difficulty
   * ('Conduite [voiture]/Réflexes'), 'pursued' (one) or 'pursuer', a vehicle's name or null on
   * foot, the GM's white dice 4..6 (C7). The chase holds the character. Its id. */
  add(character, skill, role = 'pursuer', vehicle = null, white = 4) {
    instance(character, Character, 'character');
    const r = member(role, ROLES, 'role');
    int(white, 'white');
    return this.cops._withString(skill, (s) => {
      const add = (v) => this._out((c) => this.m._cops_chase_add(this._h, character._h, s, r, v, white, c));
      return vehicle === null ? add(0) : this.cops._withString(vehicle, add, 'vehicle');
    }, 'skill');
  }
  /** A passenger rides participant vehicle's vehicle (C7 step 5); its id, 16 + k. */
  addPassenger(vehicle, character) {
    instance(character, Character, 'character');
    return this._out((c) => this.m._cops_chase_add_passenger(this._h, int(vehicle, 'vehicle'), character._h, c));
  }
  /** How many passengers ride. */
  get passengers() { return this._check(this.m._cops_chase_passengers(this._h)); }
  /** A passenger's character and the participant it rides with: [Character, vehicle]. */
  passenger(id) {
    int(id, 'id');
    if (id < PASSENGER_ID0 || id >= PASSENGER_ID0 + this.passengers) throw new CopsError(-1, `no passenger ${id}`);
    const p = this.m._cops_chase_passenger(this._h, id, this.cops.cell);
    return [new Character(this.ctx, this.m._cops_character_retain(p)), this.m.getValue(this.cops.cell, 'i32')];
  }
  /** The participant's character (a handle of its own on the chase's). */
  character(id) {
    const p = this.m._cops_chase_character(this._h, int(id, 'id'));
    if (!p) throw new CopsError(-1, `no participant ${id}`);
    return new Character(this.ctx, this.m._cops_character_retain(p));
  }
  /** 'pursued' or 'pursuer'. */
  role(id) { return ROLES[this._check(this.m._cops_chase_role(this._h, int(id, 'id')))]; }
  /** 'in', 'lost' (a pursuer at 0 dice), 'stopped' (the pursued at 0), 'wrecked'. */
  state(id) { return CHASER_STATES[this._check(this.m._cops_chase_state(this._h, int(id, 'id')))]; }
  /** [white, black] chase dice held. */
  dice(id) {
    const c = this.cops.cell;
    this._check(this.m._cops_chase_dice(this._h, int(id, 'id'), c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  /** The GM adds white dice (delta > 0) or removes dice, white first (C7.5). */
  adjust(id, delta) { this._check(this.m._cops_chase_adjust(this._h, int(id, 'id'), int(delta, 'delta'))); }
  /** The distance band of a pursuer and the pursued (C7.1). */
  band(pursuer) { return BANDS[this._out((c) => this.m._cops_chase_band(this._h, int(pursuer, 'pursuer'), c))]; }
  /** The dice small and large maluses take off a passenger's shot (C7.1 RULING; 1 and 3). */
  setMaluses(small, large) { this._check(this.m._cops_chase_set_maluses(this._h, int(small, 'small'), int(large, 'large'))); }
  /** The dice modifier of a shot between a pursuer and the pursued at their band (C7.1). */
  shotMalus(pursuer) { return this._out((c) => this.m._cops_chase_shot_malus(this._h, int(pursuer, 'pursuer'), c)); }
  /** Who of a pursuer and the pursued chooses the order of declarations (C7). */
  chooser(pursuer) { return this._out((c) => this.m._cops_chase_chooser(this._h, int(pursuer, 'pursuer'), c)); }
  /** The round cap of run(). */
  get maxRounds() { return this._check(this.m._cops_chase_max_rounds(this._h)); }
  setMaxRounds(rounds) { this._check(this.m._cops_chase_set_max_rounds(this._h, int(rounds, 'rounds'))); }
  /** 'each' (one d6 per failed black die) or 'one_plus' (one d6 plus the failures). */
  setCrashMode(mode) { this._check(this.m._cops_chase_set_crash_mode(this._h, member(mode, CRASH_MODES, 'mode'))); }
  /** The caller's crash-test table (C7.2): fn(id, failedBlackDice, d6Results) → true when the
   * participant wrecks. An exception fails the round (nothing changes) and is thrown by it.
   * null removes it. */
  setCrashCallback(fn) {
    const m = this.m;
    installCallback(m, this._callbacks, fn, (user, id, failed, d6, n, wrecked) => {
      const faces = Array.from({ length: n }, (_, i) => m.HEAP32[(d6 >> 2) + i]);
      const answer = fn(id, failed, faces);
      if (typeof answer !== 'boolean') throw new TypeError(`the crash callback returned ${typeName(answer)}, not a boolean`);
      m.HEAP32[wrecked >> 2] = answer ? 1 : 0;
      return 0;
    }, 'iiiiiii', (f) => m._cops_chase_set_crash_callback(this._h, f, 0), (rc) => this._check(rc));
  }
  /** The GM says a participant wrecks (C7.4). */
  wreck(id) { this._check(this.m._cops_chase_wreck(this._h, int(id, 'id'))); }
  /** The exact odds of a round between participant id and the other of its pair for two
   * declarations, no die drawn (cops_chase_odds). */
  odds(id, successes, other, otherSuccesses, { anciennete = false, otherAnciennete = false } = {}) {
    int(id, 'id'); int(other, 'other');
    const m = this.m;
    return this._withDeclaration((mine) => this._withDeclaration((theirs) => ROUND_ODDS.with(m, (o) => {
      m.setValue(mine + 12, bool(anciennete, 'anciennete') ? 0x200 : 0, 'i32');
      m.setValue(theirs + 12, bool(otherAnciennete, 'otherAnciennete') ? 0x200 : 0, 'i32');
      this._check(m._cops_chase_odds(this._h, id, mine, other, theirs, o));
      return ROUND_ODDS.read(m, o);
    }), int(otherSuccesses, 'otherSuccesses')), int(successes, 'successes'));
  }
  /** Everything a board shows of a participant or passenger (cops_chase_board_state). */
  boardState(id) {
    const m = this.m;
    return CHASER_STATE.with(m, (s) => {
      this._check(m._cops_chaser_state_init_sized(s, CHASER_STATE.size));
      this._check(m._cops_chase_board_state(this._h, int(id, 'id'), s));
      const v = CHASER_STATE.read(m, s);
      const str = (p) => (p ? m.UTF8ToString(p) : null);
      return { id: v.id, tag: str(v.tag), name: str(v.name), passenger: v.passenger === 1,
        rides_with: v.rides_with < 0 ? null : v.rides_with, role: ROLES[v.role], state: CHASER_STATES[v.state],
        vehicle: str(v.vehicle), white: v.white, black: v.black, band: v.band < 0 ? null : BANDS[v.band],
        declared: v.declared === 1, hp: v.hp, max_hp: v.max_hp,
        health_state: this.cops._str(m._cops_health_state_key(v.health_state)),
        conditions: this.cops.conditionNames(v.conditions) };
    });
  }
  /** A secondary action after a round (C7 step 5, cops_chase_act): a passenger's or a
   * runner's shot at the band's malus, or close combat on foot at short distance, through
   * the attack procedures; opts name the situation's fields (mode, weapon, armour, distance,
   * attitude, target_attitude, dice_mod, threshold_mod, difficulty_mod). All or nothing. */
  act(actor, target, opts = {}) {
    int(actor, 'actor'); int(target, 'target');
    const o = options(opts, ['mode', 'weapon', 'armour', 'distance', 'attitude', 'target_attitude', 'dice_mod',
      'threshold_mod', 'difficulty_mod']);
    const who = actor >= PASSENGER_ID0 ? this.passenger(actor)[0] : this.character(actor);
    const victim = this.character(target);
    const m = this.m;
    try {
      const situation = { ...o, attacker: who, target: victim };
      this._check(m._cops_outcome_new_in(this.cops.cell, this.ctx._h));
      const out = m.getValue(this.cops.cell, 'i32');
      try {
        this.ctx._withSituation(situation, (s) => this._check(m._cops_chase_act(this._h, actor, target, s, out)));
        return this.ctx._outcome(out, situation);
      } finally {
        m._cops_outcome_free(out);
      }
    } finally {
      who.dispose();
      victim.dispose();
    }
  }
  /** save() to a file of the memory file system (within Context.confine). */
  saveFile(path) { this.cops._withString(path, (p) => this._check(this.m._cops_chase_save_file(this._h, p)), 'path'); }
  get name() { return this.cops._str(this.m._cops_chase_name(this._h)); }
  get count() { return this._check(this.m._cops_chase_count(this._h)); }
  get round() { return this._check(this.m._cops_chase_round(this._h)); }
  /** 'going', 'caught' or 'escaped'. */
  get result() { return CHASE_RESULTS[this._check(this.m._cops_chase_result(this._h))]; }
  run() { this._check(this.m._cops_chase_run(this._h)); }
  resolveRound() { this._check(this.m._cops_chase_resolve_round(this._h)); }
  _withDeclaration(fn, successes = 1) {
    const m = this.m;
    const p = m._malloc(4 * (1 + CHASE_DECLARATION.length));
    try {
      this._check(m._cops_chase_declaration_init_sized(p, 4 * (1 + CHASE_DECLARATION.length), successes));
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
      this._check(m._cops_chase_declare(this._h, id, p));
    });
  }
  /** What the default policy would declare for id: { successes, blacken }. */
  suggest(id) {
    int(id, 'id');
    return this._withDeclaration((p) => {
      this._check(this.m._cops_chase_suggest(this._h, id, p));
      return { successes: this.m.getValue(p + 4, 'i32'), blacken: this.m.getValue(p + 8, 'i32') };
    });
  }
  get _log() { return this.m._cops_chase_log(this._h); }
  jsonl(from = 0) { return logJsonl(this, this._log, from); }
  events(from = 0) { return lines(this.jsonl(from)); }
  narrate(from = 0, lang = 'fr') { return logNarrate(this, this._log, from, lang); }
  save() { this._check(this.m._cops_chase_save(this._h, this.cops.cell)); return this.cops._taken(); }
  snapshot() { this._check(this.m._cops_chase_snapshot(this._h, this.cops.cell)); return JSON.parse(this.cops._taken()); }
  setTag(id, tag) {
    int(id, 'id');
    if (tag === null) return this._check(this.m._cops_chase_set_tag(this._h, id, 0));
    this.cops._withString(tag, (p) => this._check(this.m._cops_chase_set_tag(this._h, id, p)), 'tag');
  }
  tag(id) { int(id, 'id'); return this.cops._str(this.m._cops_chase_tag(this._h, id)); }
  findTag(tag) {
    const rc = this.cops._withString(tag, (p) => this.m._cops_chase_find_tag(this._h, p), 'tag');
    return rc === -7 ? null : this._check(rc);
  }
  checkpoint() {
    this._check(this.m._cops_chase_checkpoint(this._h, this.cops.cell));
    return new Checkpoint(this.ctx, this.m.getValue(this.cops.cell, 'i32'));
  }
  rollback(cp) { instance(cp, Checkpoint, 'checkpoint'); this._check(this.m._cops_chase_rollback(this._h, cp._h)); }
}
