// libcops from JavaScript: the D6 System module's procedures on vehicles (docs/d6.md
// "Vehicles", <cops/d6-vehicle.h>): attacks on them, harm, collisions, crashes and repairs,
// each changing a D6Vehicle (cops-d6.mjs, where fights carry them) in place when it succeeds.

import {
  CopsError, Struct, instance, int, ints, logPtr, member, options, typeName, weaponIndex,
} from './cops-base.mjs';
import {
  CODE, D6Vehicle, IMPACTS, ROLL_DEFENCE, SPEEDS, VEHICLE, VEHICLE_RESULTS, codeOf, d6Character,
  flagsOf, need, withAboard, withCode, withRules,
} from './cops-d6.mjs';

const REPAIR_FLAGS = { workshop: 0x1, tools: 0x2, unknown: 0x4, studied: 0x8 };
const VEHICLE_OUTCOME = new Struct([['size', 'u32'], ...ints(['attack_total', 'defence_value', 'hit',
  'damage_total', 'resistance_total', 'margin', 'result', 'passenger_damage', 'ranks_lost'])]);
function vehicleOutcomeOf(m, p) {
  const o = VEHICLE_OUTCOME.read(m, p);
  return { ...o, hit: o.hit === 1, result: VEHICLE_RESULTS[o.result] };
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
