// libcops from JavaScript: Sheets (docs/sheets.md): characters, weapons and armour, their relations (C9) and wounds over
// time (C8), and the treatments (C8.4, C8.5).

import {
  CopsError, HEALTH, Log, Owned, RELATION_KINDS, RESTS, TREATMENTS, UPKEEPS, bool, instance, int,
  json, text, typeName,
} from './cops-base.mjs';
import { ACTION_SIZE } from './cops-dice.mjs';

/** cops_treated's fields after its size. */
const TREATED = ['kind', 'succeeded', 'margin', 'anciennete', 'healed', 'cap', 'hp_before', 'hp_after',
  'bleed_period'];

/** The calls of a Context for this area (Context.prototype takes them). */
export const sheetContext = {
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
  },
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
  },
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
  },
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
  },
  _made(fn, doc, Kind) {
    this.cops._withString(json(doc, 'sheet'), (p) => this._check(fn(this.cops.cell, this._h, p)));
    return new Kind(this, this.m.getValue(this.cops.cell, 'i32'));
  },
  /** A blank character (cops_character_new), a weapon of a kind, armour: to fill in. */
  newCharacter() {
    this._check(this.m._cops_character_new(this.cops.cell, this._h));
    return new Character(this, this.m.getValue(this.cops.cell, 'i32'));
  },
  newWeapon(kind, name) {
    const k = this.cops.catalogue._parsed(this.m._cops_weapon_kind_parse, kind, 'kind');
    this.cops._withString(name, (p) => this._check(this.m._cops_weapon_new(this.cops.cell, this._h, k, p)), 'name');
    return new Weapon(this, this.m.getValue(this.cops.cell, 'i32'));
  },
  newArmour(name) {
    this.cops._withString(name, (p) => this._check(this.m._cops_armour_new(this.cops.cell, this._h, p)), 'name');
    return new Armour(this, this.m.getValue(this.cops.cell, 'i32'));
  },
  /** A character from its sheet (JSON text or object, docs/sheets.md). */
  /** A sheet, weapon or armour file of the memory file system (within Context.confine). */
  characterFile(path) { return this._fromFile(this.m._cops_character_load, path, Character); },
  weaponFile(path) { return this._fromFile(this.m._cops_weapon_load, path, Weapon); },
  armourFile(path) { return this._fromFile(this.m._cops_armour_load, path, Armour); },
  character(sheet) { return this._made(this.m._cops_character_from_json, sheet, Character); },
  /** A Roll20 COPS character (docs/sheets.md, "Importing from Roll20"): Roll20's attributes as
   * JSON text, an array of { name, current, max } or an object holding it under attribs.
   * { character, report }: the report an array of { attribute, action, detail }. */
  characterRoll20(exported) {
    const m = this.m;
    const cells = m._malloc(8);
    try {
      this.cops._withString(Array.isArray(exported) ? JSON.stringify(exported) : json(exported, 'export'),
        (p) => this._check(m._cops_character_from_roll20(cells, this._h, p, cells + 4)));
      const character = new Character(this, m.getValue(cells, 'i32'));
      const r = m.getValue(cells + 4, 'i32');
      const report = JSON.parse(m.UTF8ToString(r));
      m._cops_free(r);
      return { character, report };
    } finally {
      m._free(cells);
    }
  },
  weapon(w) { return this._made(this.m._cops_weapon_from_json, w, Weapon); },
  armour(a) { return this._made(this.m._cops_armour_from_json, a, Armour); },
};

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
  /** The dossier (docs/sheets.md): nickname, grade, age, background, languages, history,
   * experience, notes, as given and in their order; {} when there is none; never read by the
   * rules. Set with an object or a JSON text (every field checked, all or nothing); null or
   * {} clears it. */
  get dossier() { return this._object('dossier'); }
  set dossier(value) { this._setObject('dossier', value); }
  /** The sheet's "extra" object: a tabletop's own data, kept and written back as it came,
   * never read by the library; {} when there is none. */
  get extra() { return this._object('extra'); }
  set extra(value) { this._setObject('extra', value); }
  /** What the sheet carries (docs/sheets.md, "The gear"): { weapons: [{ weapon: a file's name
   * or the weapon inline, loaded, magazines, in_hand }], armour: a file's name or the armour
   * inline }; {} when nothing. Set with an object or a JSON text (checked whole, all or
   * nothing; files are read from the memory file system, refused when the context is
   * confined); null or {} empties it. */
  get gear() { return this._object('gear'); }
  set gear(value) { this._setObject('gear', value); }
  /** The sheet's weapons, in order: the character's own (what a fight spends from them is the
   * sheet's), each a Weapon of its own to close. */
  get weapons() {
    const n = this.m._cops_character_weapon_count(this._h);
    const out = [];
    for (let k = 0; k < n; k++)
      out.push(new Weapon(this.ctx, this.m._cops_weapon_retain(this.m._cops_character_weapon(this._h, k))));
    return out;
  }
  /** The index of the weapon in hand (the one marked in_hand, else the first); null without weapons. */
  get hand() {
    const k = this.m._cops_character_hand(this._h);
    return k < 0 ? null : k;
  }
  /** The armour the sheet wears, an Armour of its own to close; null for none. */
  get armour() {
    const p = this.m._cops_character_armour(this._h);
    return p ? new Armour(this.ctx, this.m._cops_armour_retain(p)) : null;
  }
  _object(what) {
    this.ctx._check(this.m[`_cops_character_${what}`](this._h, this.cops.cell));
    return JSON.parse(this.cops._taken());
  }
  _setObject(what, value) {
    const set = this.m[`_cops_character_set_${what}`];
    if (value === null) this.ctx._check(set(this._h, 0));
    else this.cops._withString(json(value, what), (p) => this.ctx._check(set(this._h, p)), what);
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
  /** The rest under way: [kind ('none', 'natural', 'hospital'), the hospital's fixed gain or
   * 0, the clock's second it began]. */
  rest() {
    const c = this.cops.cell;
    this.ctx._check(this.m._cops_character_rest(this._h, c, c + 4, c + 8));
    return [RESTS[this.m.getValue(c, 'i32')], this.m.getValue(c + 4, 'i32'), this.m.getValue(c + 8, 'i32')];
  }
  /** The maximum was given (a sheet's hit_points.max), not derived from Carrure. */
  get maxHpIsSet() { return this.ctx._check(this.m._cops_character_max_hp_is_set(this._h)) === 1; }
  /** Write the sheet to a file of the memory file system (within Context.confine). */
  save(path) { this.cops._withString(path, (p) => this.ctx._check(this.m._cops_character_save(this._h, p)), 'path'); }
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
  /** The specialisation it is used with ('' for none). */
  get specialisation() { return this.cops._str(this.m._cops_weapon_specialisation(this._h)) ?? ''; }
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
  /** A full magazine again; with its spare magazines counted, one is used (a RULE error when
   * none is left). */
  reload() { this.ctx._check(this.m._cops_weapon_reload(this._h)); }
  /** The spare magazines carried with it, null when they are not counted. */
  get magazines() {
    const n = this.m._cops_weapon_magazines(this._h);
    return n < 0 ? null : n;
  }
  set magazines(n) {
    this.ctx._check(this.m._cops_weapon_set_magazines(this._h, n === null ? -1 : int(n, 'magazines')));
  }
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
