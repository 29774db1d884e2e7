// libcops from JavaScript: Fights (docs/encounters.md): scenarios, encounters and their rounds, simulations
// (docs/simulation.md).

import {
  Checkpoint, CopsError, Owned, RULESETS, bool, dropCallback, installCallback, instance, int,
  json, seedValue, text, typeName,
} from './cops-base.mjs';
import { Armour, Character, Weapon } from './cops-sheet.mjs';

/** The fields of cops_declaration after its size, in order (0.13.0, 21 ints). */
const DECLARATION = ['action', 'attitude', 'initiative', 'target', 'weapon', 'shots',
  'moving', 'x', 'y', 'difficulty', 'dice_mod', 'threshold_mod', 'difficulty_mod',
  'long_move', 'adrenaline', 'anciennete', 'aim', 'bullets', 'circumstances', 'keep'];
const DECLARATION_SIZE = 4 * (1 + DECLARATION.length);

/** The calls of a Context for this area (Context.prototype takes them). */
export const fightContext = {
  /** A scenario (JSON text or object); file names resolve from baseDir (memory FS). */
  scenario(doc, baseDir = null) {
    const m = this.m;
    this.cops._withString(json(doc, 'scenario'), (p) => {
      if (baseDir === null) return this._check(m._cops_scenario_from_json(this.cops.cell, this._h, p, 0));
      return this.cops._withString(baseDir, (b) =>
        this._check(m._cops_scenario_from_json(this.cops.cell, this._h, p, b)), 'baseDir');
    });
    return new Scenario(this, m.getValue(this.cops.cell, 'i32'));
  },
  /** A scenario file of the memory file system (Cops.writeFile). */
  scenarioFile(path) {
    this.cops._withString(path, (p) => this._check(this.m._cops_scenario_load(this.cops.cell, this._h, p)));
    return new Scenario(this, this.m.getValue(this.cops.cell, 'i32'));
  },
  /** An empty encounter under 'core' or 'alternative' rules. */
  encounter(ruleset = 'core') {
    text(ruleset, 'ruleset');
    const r = RULESETS.indexOf(ruleset);
    if (r < 0) throw new CopsError(-1, `unknown ruleset '${ruleset}' (core, alternative)`);
    this._check(this.m._cops_encounter_new(this.cops.cell, this._h, r));
    return new Encounter(this, this.m.getValue(this.cops.cell, 'i32'), true);
  },
  /** A simulation of scenario's fight (docs/simulation.md): seeded from seed, or the context's dice. */
  sim(scenario, { seed } = {}) {
    instance(scenario, Scenario, 'scenario');
    const seeded = seed !== undefined;
    this._check(this.m._cops_sim_new(this.cops.cell, this._h, scenario._h, seeded ? 1 : 0,
      seeded ? seedValue(seed) : 0n));
    const s = new Sim(this, this.m.getValue(this.cops.cell, 'i32'));
    s.scenario = scenario;
    return s;
  },
  /** resume() from a file of the memory file system (within Context.confine). */
  resumeFile(path) {
    this.cops._withString(path, (p) => this._check(this.m._cops_encounter_load_file(this.cops.cell, this._h, p)), 'path');
    return new Encounter(this, this.m.getValue(this.cops.cell, 'i32'), true);
  },
  /** A simulation's summary read back (the JSON of Sim.toJSON(), or a file of it), to merge
   * or compare with others. */
  simSummary(doc) { return this._fromText(this.m._cops_sim_from_json, doc, 'summary', Sim); },
  simFile(path) { return this._fromFile(this.m._cops_sim_load, path, Sim); },
  /** An encounter resumed from the text of Encounter.save(): its own dice go on. */
  resume(save) {
    this.cops._withString(json(save, 'save'), (p) => this._check(this.m._cops_encounter_load(this.cops.cell, this._h, p)));
    return new Encounter(this, this.m.getValue(this.cops.cell, 'i32'), true);
  },
};

/** A scenario: its name, sides, and its encounter (owned by the scenario). */
export class Scenario extends Owned {
  constructor(ctx, ptr) {
    const callbacks = { fn: 0 };
    super(ctx, ptr, (p) => ctx.m._cops_scenario_free(p), () => dropCallback(ctx.m, callbacks));
    this.encounter = new Encounter(ctx, this.m._cops_scenario_encounter(ptr), false, callbacks);
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
  constructor(ctx, ptr, owned, callbacks = { fn: 0 }) {
    super(ctx, ptr, owned ? (p) => ctx.m._cops_encounter_free(p) : null,
      owned ? () => dropCallback(ctx.m, callbacks) : null);
    this.owned = owned;
    this._callbacks = callbacks;
  }
  /** A refusal of the C call, or the exception the Ancienneté callback raised during it. */
  _check(rc, message) {
    const raised = this._callbacks.error;
    if (raised) {
      this._callbacks.error = null;
      throw raised;
    }
    return this.ctx._check(rc, message);
  }
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
  /** Equip combatant id with what its character's sheet carries (Character.gear): the sheet's
   * weapons when it carries none, the one marked in hand in hand, its armour when it wears
   * none. The rounds the fight spends are the sheet's. */
  equip(id) { this._check(this.m._cops_encounter_equip(this._h, int(id, 'id'))); }
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
      const spares = m._cops_weapon_magazines(w);
      return { name: this.cops._str(m._cops_weapon_name(w)), loaded: m.getValue(this.cops.cell, 'i32'),
        magazines: spares < 0 ? null : spares };
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
  // Who declares for a combatant nobody controls (docs/encounters.md, "Policies").
  _policy(name) {
    const code = this.cops._withString(name, (p) => this.m._cops_policy_parse(p), 'policy');
    if (code < 0) throw new CopsError(-1, `policy '${name}': 'simple' or 'tactical'`);
    return code;
  }
  /** Combatant id's policy when nobody controls it: 'simple' (the default) or 'tactical'. */
  setPolicy(id, policy) { int(id, 'id'); this._check(this.m._cops_encounter_set_policy(this._h, id, this._policy(policy))); }
  /** Every combatant of side (those in the encounter now) under policy. */
  setSidePolicy(side, policy) { int(side, 'side'); this._check(this.m._cops_encounter_set_side_policy(this._h, side, this._policy(policy))); }
  policy(id) { int(id, 'id'); return this.cops._str(this.m._cops_policy_name(this._check(this.m._cops_encounter_policy(this._h, id)))); }
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
  /** save() to a file of the memory file system (within Context.confine). */
  saveFile(path) { this.cops._withString(path, (p) => this._check(this.m._cops_encounter_save_file(this._h, p)), 'path'); }
  /** Log the events or not (a simulation runs faster without). */
  setLogging(on) { this._check(this.m._cops_encounter_set_logging(this._h, bool(on, 'on') ? 1 : 0)); }
  /** After this many rounds the fight ends with no winner. */
  setMaxRounds(rounds) { this._check(this.m._cops_encounter_set_max_rounds(this._h, int(rounds, 'rounds'))); }
  /** The most events the log holds (0: no limit). */
  get logLimit() { return this._check(this.m._cops_log_limit(this._log)); }
  set logLimit(n) { this._check(this.m._cops_log_set_limit(this._log, int(n, 'logLimit', 0))); }
  /** After a fight that is over: the dying stabilised, first aid, then time passes
   * (cops_encounter_aftermath, docs/healing.md); the events go to the log. */
  aftermath(difficulty = 1, seconds = 600) {
    this._check(this.m._cops_encounter_aftermath(this._h, int(difficulty, 'difficulty', 1, 3), int(seconds, 'seconds', 0)));
  }
  get aftermathDone() { return this._check(this.m._cops_encounter_aftermath_done(this._h)) === 1; }
  /** Where combatant id stands, [x, y] in metres. */
  position(id) {
    const c = this.cops.cell;
    this._check(this.m._cops_encounter_position(this._h, int(id, 'id'), c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  /** Metres between two combatants. */
  distance(a, b) { return this._check(this.m._cops_encounter_distance(this._h, int(a, 'a'), int(b, 'b'))); }
  /** The combatant is still in the encounter (it has not left). */
  present(id) { return this._check(this.m._cops_encounter_present(this._h, int(id, 'id'))) === 1; }
  side(id) { return this._check(this.m._cops_encounter_side(this._h, int(id, 'id'))); }
  /** The combatant can declare an action this round. */
  canAct(id) { return this._int((c) => this.m._cops_encounter_able(this._h, int(id, 'id'), c)) === 1; }
  /** A player declares for the combatant (setControlled), or the policy does. */
  controlled(id) { return this._int((c) => this.m._cops_encounter_controlled(this._h, int(id, 'id'), c)) === 1; }
  /** The index of the weapon in hand (weapons(id)), null bare-handed. */
  hand(id) { const h = this._int((c) => this.m._cops_encounter_hand(this._h, int(id, 'id'), c)); return h < 0 ? null : h; }
  /** Combatant id's Character, Weapon in hand and Armour worn (null: none): handles of their
   * own on the encounter's objects (the C objects are shared and counted). */
  character(id) { return this._shared(this.m._cops_encounter_character(this._h, int(id, 'id')), id, 'character', Character); }
  weapon(id) { return this._shared(this.m._cops_encounter_weapon(this._h, int(id, 'id')), id, 'weapon', Weapon, true); }
  armour(id) {
    this.side(id);
    return this._shared(this.m._cops_encounter_armour(this._h, id), id, 'armour', Armour, true);
  }
  _shared(p, id, kind, Kind, optional = false) {
    if (!p) {
      if (optional) return null;
      throw new CopsError(-1, `no combatant ${id}`);
    }
    return new Kind(this.ctx, this.m[`_cops_${kind}_retain`](p));
  }
  /** Every combatant's state, in id order (state(id) each). */
  states() { return this.snapshot().combatants; }
  /**
   * Who decides on Ancienneté for the controlled combatants (C5): fn(id, purpose, failedRoll,
   * pointsLeft) → true to spend a point and roll again, called while a round runs for each
   * failed roll of a controlled combatant whose declaration did not say anciennete. An
   * exception from fn fails the round (all or nothing) and is thrown by the round's call;
   * fn must not call the library on this context. null: the declarations' flag alone.
   */
  setAncienneteCallback(fn) {
    const m = this.m;
    installCallback(m, this._callbacks, fn, (user, id, purpose, failed, points) => {
      const rc = m._cops_roll_to_json(failed, this.cops.cell);
      if (rc < 0) return rc;
      const roll = JSON.parse(this.cops._taken());
      const answer = fn(id, this.cops._str(m._cops_purpose_name(purpose)), roll, points);
      if (typeof answer !== 'boolean') throw new TypeError(`the Ancienneté callback returned ${typeName(answer)}, not a boolean`);
      return answer ? 1 : 0;
    }, 'iiiiii', (f) => m._cops_encounter_set_anciennete_callback(this._h, f, 0), (rc) => this._check(rc));
  }
}

/** A simulation's summary (cops_sim, docs/simulation.md). */
export class Sim extends Owned {
  constructor(ctx, ptr) { super(ctx, ptr, (p) => ctx.m._cops_sim_free(p)); }
  /** Fights from .. from + runs - 1 of the study. */
  run(runs, from = 0) {
    int(runs, 'runs', 1); int(from, 'from', 0, Number.MAX_SAFE_INTEGER);
    if (!this.scenario) throw new CopsError(-6, 'a summary read back runs no fight: merge it with a simulation');
    this.ctx._check(this.m._cops_sim_run(this._h, this.scenario._h, BigInt(from), BigInt(runs)));
  }
  get fights() { return Number(this.m._cops_sim_fights(this._h)); }
  /** 'core' or 'alternative'. */
  get ruleset() { return RULESETS[this.ctx._check(this.m._cops_sim_ruleset(this._h))]; }
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
