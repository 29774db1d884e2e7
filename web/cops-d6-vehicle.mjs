// libcops from JavaScript: the D6 System module's vehicles (docs/d6.md "Vehicles",
// <cops/d6-vehicle.h>): vehicles as values changed in place, attacks on them, harm,
// collisions, crashes and repairs.

import {
  CopsError, Struct, instance, int, ints, logPtr, member, options, text, typeName, weaponIndex,
} from './cops-base.mjs';
import {
  CODE, ROLL_DEFENCE, codeOf, codePair, d6Character, flagsOf, need, withCode, withRules,
} from './cops-d6.mjs';

export const SPEEDS = ['stopped', 'slow', 'cruising', 'full_speed', 'flat_out'];
const VEHICLE_RESULTS = ['none', 'very_light', 'light', 'heavy', 'severe', 'destroyed'];
const CONTROLS = ['controlled', 'out_of_control', 'crashed', 'wrecked'];
export const IMPACTS = ['side_on', 'head_on', 'from_behind', 'into_object'];
const REPAIR_FLAGS = { workshop: 0x1, tools: 0x2, unknown: 0x4, studied: 0x8 };
export const VEHICLE = new Struct([['size', 'u32'], ['name', ['char', 48]], ['scale', 'i32'],
  ['resistance', ['i32', 2]], ['manoeuvrability', ['i32', 2]], ...ints(['speed', 'top_speed',
    'very_light', 'control', 'ndamage']), ['damage', ['i32', 24]]]);
const VEHICLE_OUTCOME = new Struct([['size', 'u32'], ...ints(['attack_total', 'defence_value', 'hit',
  'damage_total', 'resistance_total', 'margin', 'result', 'passenger_damage', 'ranks_lost'])]);
function vehicleOutcomeOf(m, p) {
  const o = VEHICLE_OUTCOME.read(m, p);
  return { ...o, hit: o.hit === 1, result: VEHICLE_RESULTS[o.result] };
}
/** n pointers and n ids in the module's memory for the call fn(chars, ids), freed after. */
export function withAboard(ctx, passengers, ids, fn) {
  if (!Array.isArray(passengers)) throw new TypeError(`passengers must be an array, not ${typeName(passengers)}`);
  passengers.forEach((p, i) => d6Character(p, `passengers[${i}]`));
  const n = passengers.length;
  if (ids !== undefined && ids !== null) {
    if (!Array.isArray(ids)) throw new TypeError(`ids must be an array, not ${typeName(ids)}`);
    if (ids.length !== n) throw new CopsError(-1, 'one id a passenger');
    ids.forEach((x, i) => int(x, `ids[${i}]`));
  }
  const m = ctx.m;
  const p = m._malloc(8 * Math.max(n, 1));
  if (!p) throw new CopsError(-3, 'out of memory');
  try {
    passengers.forEach((c, i) => m.setValue(p + 4 * i, c._h, 'i32'));
    if (ids) ids.forEach((x, i) => m.setValue(p + 4 * (n + i), x, 'i32'));
    return fn(n ? p : 0, ids ? p + 4 * n : 0, n);
  } finally {
    m._free(p);
  }
}
/** A vehicle (cops_d6_vehicle, D6-M6): a plain value kept in JavaScript. */
export class D6Vehicle {
  constructor(ctx, name, opts = {}) {
    const o = options(opts, ['scale', 'resistance', 'manoeuvrability', 'speed', 'top_speed']);
    const m = ctx.m;
    this._ctx = ctx;
    text(name, 'name');
    if (!name || m.lengthBytesUTF8(name) >= 48) throw new CopsError(-2, "a vehicle's name is 1 to 47 bytes");
    this._bytes = VEHICLE.with(m, (p) => {
      ctx._check(m._cops_d6_vehicle_init_sized(p, VEHICLE.size));
      VEHICLE.set(m, p, 'name', name);
      VEHICLE.set(m, p, 'scale', o.scale ?? 6);
      VEHICLE.set(m, p, 'resistance', codePair(ctx, o.resistance ?? { dice: 3, pips: 0 }, 'resistance'));
      VEHICLE.set(m, p, 'manoeuvrability', codePair(ctx, o.manoeuvrability ?? { dice: 2, pips: 0 }, 'manoeuvrability'));
      VEHICLE.set(m, p, 'speed', member(o.speed ?? 'stopped', SPEEDS, 'speed'));
      VEHICLE.set(m, p, 'top_speed', member(o.top_speed ?? 'flat_out', SPEEDS, 'speed'));
      return m.HEAPU8.slice(p, p + VEHICLE.size);
    });
  }
  /** fn(p) on the vehicle in the module's memory; its changes kept when fn returns. */
  _inPlace(fn) {
    const m = this._ctx.m;
    return VEHICLE.with(m, (p) => {
      m.HEAPU8.set(this._bytes, p);
      const r = fn(p);
      this._bytes = m.HEAPU8.slice(p, p + VEHICLE.size);
      return r;
    });
  }
  _get(name) { return this._inPlace((p) => VEHICLE.get(this._ctx.m, p, name)); }
  get name() { return this._get('name'); }
  get scale() { return this._get('scale'); }
  get speed() { return SPEEDS[this._get('speed')]; }
  set speed(value) { const s = member(value, SPEEDS, 'speed'); this._inPlace((p) => VEHICLE.set(this._ctx.m, p, 'speed', s)); }
  get topSpeed() { return SPEEDS[this._get('top_speed')]; }
  get control() { return CONTROLS[this._get('control')]; }
  /** The outstanding results: [result, dice, top-speed ranks] each. */
  get damage() {
    const n = this._get('ndamage');
    const d = this._get('damage');
    return Array.from({ length: n }, (_, i) => [VEHICLE_RESULTS[d[3 * i]], d[3 * i + 1], d[3 * i + 2]]);
  }
  /** Dice off its manoeuvrability rolls (cops_d6_vehicle_penalty). */
  get penalty() { return this._inPlace((p) => this._ctx.m._cops_d6_vehicle_penalty(p)); }
  /** The vehicle's end of round (cops_d6_vehicle_end_round). */
  endRound() { this._inPlace((p) => this._ctx._check(this._ctx.m._cops_d6_vehicle_end_round(p))); }
  static _from(ctx, bytes) {
    const v = Object.create(D6Vehicle.prototype);
    v._ctx = ctx;
    v._bytes = bytes;
    return v;
  }
}

/** The calls of a Context for this part of the module (Context.prototype takes them). */
export const d6VehicleContext = {
  /** A vehicle (cops_d6_vehicle, D6-M6): a car by default; opts scale, resistance,
   * manoeuvrability, speed, top_speed. A plain value the vehicle calls change in place. */
  d6Vehicle(name, opts = {}) { need(this.m); return new D6Vehicle(this, name, opts); },
  /** A collision's shared damage code (§5.18, D6-A62). */
  d6CollisionCode(speeds, impact = 'side_on') {
    need(this.m);
    if (!Array.isArray(speeds)) throw new TypeError(`speeds must be an array, not ${typeName(speeds)}`);
    const s = speeds.map((v) => member(v, SPEEDS, 'speed'));
    const i = member(impact, IMPACTS, 'impact');
    const m = this.m;
    const p = m._malloc(4 * Math.max(s.length, 1));
    try {
      s.forEach((v, k) => m.setValue(p + 4 * k, v, 'i32'));
      return CODE.with(m, (c) => {
        if (m._cops_d6_collision_code(p, s.length, i, c)) throw new CopsError(-2, '1 to 8 speeds');
        return codeOf(m, [m.getValue(c, 'i32'), m.getValue(c + 4, 'i32')]);
      });
    } finally {
      m._free(p);
    }
  },
  /** Damage against a vehicle's Resistance (cops_d6_vehicle_harm, §5.17). */
  d6VehicleHarm(v, damage, opts = {}) {
    instance(v, D6Vehicle, 'vehicle');
    const o = options(opts, ['id', 'passengers', 'ids', 'rules', 'log']);
    const m = this.m;
    return withCode(this, damage, 'damage', (c) => withAboard(this, o.passengers ?? [], o.ids, (arr, ids, n) =>
      v._inPlace((vp) => VEHICLE_OUTCOME.with(m, (out) => {
        withRules(this, o.rules, (r) => this._check(m._cops_d6_vehicle_harm(out, this._h, vp, int(o.id ?? 0, 'id'), c, arr, ids, n, r, logPtr(o.log))));
        return vehicleOutcomeOf(m, out);
      }))));
  },
  /** An attack on a vehicle (cops_d6_attack_vehicle, §5.16, D6-A64). */
  d6AttackVehicle(attacker, v, opts = {}) {
    d6Character(attacker, 'attacker');
    instance(v, D6Vehicle, 'vehicle');
    const o = options(opts, ['weapon', 'distance', 'actions', 'dodge_total', 'attacker_id', 'id', 'passengers', 'ids', 'rules', 'log']);
    const m = this.m;
    const w = weaponIndex(attacker, o.weapon);
    return withAboard(this, o.passengers ?? [], o.ids, (arr, ids, n) => v._inPlace((vp) => VEHICLE_OUTCOME.with(m, (out) => {
      withRules(this, o.rules, (r) => this._check(m._cops_d6_attack_vehicle(out, this._h, attacker._h,
        int(o.attacker_id ?? 0, 'attacker_id'), w, int(o.distance ?? 0, 'distance'), int(o.actions ?? 1, 'actions'),
        vp, int(o.id ?? 1, 'id'), o.dodge_total == null ? ROLL_DEFENCE : int(o.dodge_total, 'dodge_total'),
        arr, ids, n, r, logPtr(o.log))));
      return vehicleOutcomeOf(m, out);
    })));
  },
  /** A collision (cops_d6_collision, §5.18): passengers[i] the characters in vehicles[i]. */
  d6Collision(vehicles, opts = {}) {
    need(this.m);
    if (!Array.isArray(vehicles)) throw new TypeError(`vehicles must be an array, not ${typeName(vehicles)}`);
    vehicles.forEach((v, i) => instance(v, D6Vehicle, `vehicles[${i}]`));
    const o = options(opts, ['impact', 'ids', 'passengers', 'rules', 'log']);
    const n = vehicles.length;
    const impact = member(o.impact ?? 'side_on', IMPACTS, 'impact');
    if (o.ids != null && (!Array.isArray(o.ids) || o.ids.length !== n)) throw new CopsError(-1, 'one id a vehicle');
    let flat = [];
    let counts = null;
    if (o.passengers != null) {
      if (!Array.isArray(o.passengers) || o.passengers.length !== n) throw new CopsError(-1, 'one list of passengers a vehicle');
      counts = o.passengers.map((g) => { if (!Array.isArray(g)) throw new TypeError('passengers: a list a vehicle'); return g.length; });
      flat = o.passengers.flat();
    }
    const m = this.m;
    const vs = m._malloc(VEHICLE.size * Math.max(n, 1) + 12 * Math.max(n, 1));
    const outs = m._malloc(VEHICLE_OUTCOME.size * Math.max(n, 1));
    if (!vs || !outs) { m._free(vs); m._free(outs); throw new CopsError(-3, 'out of memory'); }
    try {
      const ptrs = vs + VEHICLE.size * Math.max(n, 1);
      m.HEAPU8.fill(0, outs, outs + VEHICLE_OUTCOME.size * Math.max(n, 1));
      vehicles.forEach((v, i) => {
        m.HEAPU8.set(v._bytes, vs + VEHICLE.size * i);
        m.setValue(ptrs + 4 * i, vs + VEHICLE.size * i, 'i32');
        if (o.ids) m.setValue(ptrs + 4 * (n + i), int(o.ids[i], `ids[${i}]`), 'i32');
        if (counts) m.setValue(ptrs + 4 * (2 * n + i), counts[i], 'i32');
        m.setValue(outs + VEHICLE_OUTCOME.size * i, VEHICLE_OUTCOME.size, 'i32');
      });
      return withAboard(this, flat, null, (parr) => {
        withRules(this, o.rules, (r) => this._check(m._cops_d6_collision(outs, this._h, ptrs, o.ids ? ptrs + 4 * n : 0, n,
          impact, parr, 0, counts ? ptrs + 8 * n : 0, r, logPtr(o.log))));
        vehicles.forEach((v, i) => { v._bytes = m.HEAPU8.slice(vs + VEHICLE.size * i, vs + VEHICLE.size * (i + 1)); });
        return Array.from({ length: n }, (_, i) => vehicleOutcomeOf(m, outs + VEHICLE_OUTCOME.size * i));
      });
    } finally {
      m._free(vs);
      m._free(outs);
    }
  },
  /** A vehicle out of control meets an obstacle (cops_d6_vehicle_crash, D6-A25). */
  d6VehicleCrash(v, opts = {}) {
    instance(v, D6Vehicle, 'vehicle');
    const o = options(opts, ['id', 'passengers', 'ids', 'rules', 'log']);
    const m = this.m;
    return withAboard(this, o.passengers ?? [], o.ids, (arr, ids, n) => v._inPlace((vp) => VEHICLE_OUTCOME.with(m, (out) => {
      withRules(this, o.rules, (r) => this._check(m._cops_d6_vehicle_crash(out, this._h, vp, int(o.id ?? 0, 'id'), arr, ids, n, r, logPtr(o.log))));
      return vehicleOutcomeOf(m, out);
    })));
  },
  /** A repair of outstanding result index (cops_d6_repair, §6.5, D6-A37): flags of
   * 'workshop', 'tools', 'unknown', 'studied'; true on a success. */
  d6Repair(mechanic, skill, v, index = 0, opts = {}) {
    d6Character(mechanic, 'mechanic');
    instance(v, D6Vehicle, 'vehicle');
    int(index, 'index');
    const o = options(opts, ['flags', 'mechanic_id', 'id', 'rules', 'log']);
    const m = this.m;
    const f = flagsOf(o.flags, REPAIR_FLAGS, 'flag');
    return withCode(this, skill, 'skill', (c) => v._inPlace((vp) => {
      withRules(this, o.rules, (r) => this._check(m._cops_d6_repair(this.cops.cell, this._h, mechanic._h,
        int(o.mechanic_id ?? 0, 'mechanic_id'), c, vp, int(o.id ?? 0, 'id'), index, f, r, logPtr(o.log))));
      return m.getValue(this.cops.cell, 'i32') === 1;
    }));
  },
};
