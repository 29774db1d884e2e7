// libcops from JavaScript: Single attacks and their exact odds (docs/attacks.md).

import {
  CopsError, Log, Owned, RULESETS, bool, instance, int, text, typeName,
} from './cops-base.mjs';
import { Armour, Character, Weapon } from './cops-sheet.mjs';

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
/** cops_hit's and cops_victim's fields after size (and who). */
const HIT = ['victim', 'bullet', 'die', 'location', 'modifier', 'raw', 'protection', 'bonus',
  'damage', 'stopped', 'body_side', 'rolled'];
const VICTIM = ['hits', 'damage', 'lasting', 'hp_before', 'hp_after', 'health_before',
  'health_after', 'stopping', 'stopping_difficulty', 'conditions', 'stopping_threshold',
  'mishaps', 'minutes'];

/** The calls of a Context for this area (Context.prototype takes them). */
export const attackContext = {
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
  },
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
    let o = m.getValue(this.cops.cell, 'i32');
    try {
      this._withSituation(situation, (p) => this._check(m._cops_attack(o, p, log ? log._h : 0)));
      const out = this._outcome(o, situation);
      if (out.mode === 'cover') {
        // Covering fire goes on through the round (C10.5): its outcome is kept for
        // coverZone, coverNerve and coverEnter, as a handle of its own.
        out.cover = new CoverFire(this, o);
        o = 0;
      }
      return out;
    } finally {
      if (o) m._cops_outcome_free(o);
    }
  },
  /** Whether covering fire makes a zone whose characters roll their nerve (C10.5, A2.3). */
  coverZone(cover) {
    instance(cover, CoverFire, 'cover');
    this._check(this.m._cops_cover_zone(cover._h, this.cops.cell));
    return this.m.getValue(this.cops.cell, 'i32') === 1;
  },
  /** Nerve under covering fire (C10.5): { roll, success } (success: steady, else pinned
   * down). With opts.cover, a fire that makes no zone is COPS_ERULE and nothing is rolled. */
  coverNerve(character, { log = null, cover = null } = {}) {
    if (cover !== null) instance(cover, CoverFire, 'cover');
    return this._follow(character, log, (r, ch, l, flag) => (cover
      ? this.m._cops_cover_nerve_under(r, cover._h, ch, l, flag) : this.m._cops_cover_nerve(r, ch, l, flag)));
  },
  /** A character enters the zone of covering fire: (MR + 1) d10, each 10 a bullet (C10.5). */
  coverEnter(cover, character, { armour = null, attitude = 'Normal', log = null } = {}) {
    instance(cover, CoverFire, 'cover');
    instance(character, Character, 'character');
    if (armour !== null) instance(armour, Armour, 'armour');
    if (log !== null) instance(log, Log, 'log');
    const m = this.m;
    this._check(m._cops_outcome_new_in(this.cops.cell, this._h));
    const o = m.getValue(this.cops.cell, 'i32');
    try {
      this._check(m._cops_cover_enter(o, cover._h, character._h, armour ? armour._h : 0,
        this.cops.attitudeParse(attitude), log ? log._h : 0));
      return this._outcome(o, { target: character });
    } finally {
      m._cops_outcome_free(o);
    }
  },
  /** The recovery roll of a character out of the fight (C10.4): { roll, success } (back);
   * characteristic null for the higher of Carrure and Sang-froid. */
  recoveryRoll(character, { characteristic = null, log = null } = {}) {
    const c = characteristic === null ? -1
      : this.cops.catalogue._parsed(this.m._cops_characteristic_parse, characteristic, 'characteristic');
    return this._follow(character, log, (r, ch, l, flag) => this.m._cops_recovery_roll(r, ch, c, l, flag));
  },
  /** A character on the ground tries to stand up (C11.1): { roll, success }. */
  standUp(character, { log = null } = {}) {
    return this._follow(character, log, (r, ch, l, flag) => this.m._cops_stand_up(r, ch, l, flag));
  },
  _follow(character, log, fn) {
    instance(character, Character, 'character');
    if (log !== null) instance(log, Log, 'log');
    let success = false;
    const roll = this._rolled((r) => {
      const rc = fn(r, character._h, log ? log._h : 0, this.cops.cell);
      success = rc >= 0 && this.m.getValue(this.cops.cell, 'i32') === 1;
      return rc;
    });
    return { roll, success };
  },
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
        const v = { who: who === situation.target?._ptr ? 'target' : who === situation.attacker?._ptr ? 'attacker' : null };
        VICTIM.forEach((f, k) => { v[f] = m.getValue(buf + 8 + 4 * k, 'i32'); });
        return v;
      });
      return { mode: this.cops._str(m._cops_attack_mode_name(m._cops_outcome_mode(o))),
        hitTarget: m._cops_outcome_hit_target(o) === 1, possible: m._cops_outcome_possible(o) === 1,
        margin, fired, bulletsIn, hits, victims };
    } finally {
      m._free(buf);
    }
  },
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
  },
};

/** Covering fire under way (C10.5): the outcome of an attack of mode 'cover', kept for
 * Context.coverZone, coverNerve and coverEnter; freed by dispose(). */
export class CoverFire extends Owned {
  constructor(ctx, ptr) { super(ctx, ptr, (p) => ctx.m._cops_outcome_free(p)); }
}
