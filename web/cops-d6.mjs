// libcops from JavaScript: the optional D6 System module (docs/d6.md, <cops/d6.h> and the
// d6-*.h headers), as Python's cops.d6: codes, pools, rolls and their exact odds,
// characters, weapons and protections, attacks, harm and healing, initiative, vehicles as
// values, and whole fights; magic and psionics are cops-d6-magic.mjs's, the procedures on
// vehicles cops-d6-vehicle.mjs's, both over this module. Its calls hang off a Context as
// ctx.d6X (d6Roll, d6Character ...). A code is { dice, pips } or its text ("3D+2"); a value
// naming a C struct's field keeps the field's name, as everywhere in the API.

import {
  CopsError, ModuleFight, ModuleRules, Owned, Struct, bool, instance, int, ints, logPtr, member,
  namedCharacter, options, text, threeDoubles, typeName, weaponIndex,
} from './cops-base.mjs';

const NO_DIFFICULTY = -1;
export const ROLL_DEFENCE = -10000;
export const TRAITS = ['vigueur', 'agility', 'coordination', 'perception', 'knowledge', 'charisma', 'magic',
  'miracles', 'psionics', 'metaphysics', 'resistance', 'willpower', 'dodge', 'acrobatics',
  'reflexes', 'brawling', 'melee_weapons', 'marksmanship', 'throwing', 'command', 'medicine',
  'piloting', 'wagon', 'vehicle', 'search', 'investigation', 'alteration', 'conjuration',
  'divination', 'teleportation', 'faith_divination', 'favour', 'nemesis', 'psychic_attack',
  'empathy', 'medium', 'astral_projection', 'psi_protection', 'keen_senses', 'psi_healing',
  'psychometry', 'telekinesis', 'telepathy'];
export const LEVELS = ['unhurt', 'stunned', 'wounded', 'severely_wounded', 'incapacitated',
  'mortally_wounded', 'killed'];
const MODES = ['levels', 'hit_points'];
const CATEGORIES = ['melee', 'missile', 'thrown', 'pistol', 'rifle', 'shotgun', 'assault',
  'semi_auto', 'automatic', 'explosive'];
const COVERAGES = ['body', 'head', 'parry'];
export const DEFENCES = ['natural', 'active', 'total'];
const OPTIONS = ['none', 'single_shot', 'burst', 'several_shots', 'random_fire', 'aimed',
  'aimed_vital', 'brutal', 'precise'];
const LOCATIONS = ['anywhere', 'arm', 'leg', 'weapon', 'head', 'heart'];
const SIZES = ['any', 'under_50cm', 'under_10cm', 'under_1cm'];
const BANDS = ['point_blank', 'short', 'medium', 'long'];
const VICTIMS = [null, 'target', 'attacker'];
const HAZARDS = ['botulism', 'poison', 'cold_or_heat', 'extreme_cold_or_heat', 'socket',
  'high_voltage', 'fall', 'acid', 'radiation', 'fire'];
const RESTS = ['rested', 'worked', 'long_rest'];
const TREATMENTS = ['after_combat', 'in_combat'];
const WEAPON_FLAGS = ['burst', 'stun', 'energy', 'long'];
const ATTACK_FLAGS = { blinded: 0x1, target_blinded: 0x2, surprise: 0x4 };
const INITIATIVE_FLAGS = { surpriser: 0x1, long_in_melee: 0x2 };
const LIMBS = ['arm', 'leg'];
const LIMB_BITS = { arm: 1, leg: 2 };
/** The fields of wounds() that setWounds() reads (level is derived). */
const WOUND_KEYS = new Set(['mode', 'level', 'step', 'extra', 'hp_max', 'hp_lost', 'stunned',
  'stunned_rounds', 'defend_only', 'unconscious', 'mortal_rounds', 'stabilised', 'limbs', 'treated',
  'confused', 'protection', 'protection_rounds']);
const ACTIONS = ['nothing', 'attack', 'grab', 'escape', 'shoot_vehicle', 'ram', 'cast'];
const TACTICS = ['attack', 'dodge', 'grab', 'defend', 'ram'];
export const SPEEDS = ['stopped', 'slow', 'cruising', 'full_speed', 'flat_out'];
export const VEHICLE_RESULTS = ['none', 'very_light', 'light', 'heavy', 'severe', 'destroyed'];
const CONTROLS = ['controlled', 'out_of_control', 'crashed', 'wrecked'];
export const IMPACTS = ['side_on', 'head_on', 'from_behind', 'into_object'];

export const CODE = new Struct([['dice', 'i32'], ['pips', 'i32']]);
const RULE_FIELDS = ['explode', 'free_die', 'cp_dice', 'fp_factor', 'action_penalty', 'difficulty',
  'skill_defence', 'success_damage', 'negative_resistance', 'gravity', 'fall_full_height',
  'medical_tech', 'combat_heal_level5_only', 'disarm_vs_damage_roll', 'magic_modifier',
  'magic_banned', 'spell_difficulty_halved', 'backlash_percent', 'scroll_use', 'artifact_use'];
const RULE_FLAGS = ['explode', 'free_die', 'skill_defence', 'success_damage', 'negative_resistance',
  'fall_full_height', 'combat_heal_level5_only', 'disarm_vs_damage_roll', 'magic_banned',
  'spell_difficulty_halved'];
const RULES = new ModuleRules('d6', RULE_FIELDS, RULE_FLAGS);
const POOL = new Struct([['size', 'u32'], ['code', ['i32', 2]],
  ...ints(['dice_mod', 'points', 'actions', 'cp', 'fp', 'difficulty'])]);
const WOUNDS = new Struct([['size', 'u32'], ...ints(['mode', 'level', 'step', 'extra', 'hp_max',
  'hp_lost', 'stunned', 'stunned_rounds', 'defend_only', 'unconscious', 'mortal_rounds',
  'stabilised']), ['limbs', 'u32'], ['treated', ['i32', 4]], ...ints(['confused', 'protection',
  'protection_rounds'])]);
const WEAPON = new Struct([['size', 'u32'], ['name', ['char', 48]], ['category', 'i32'],
  ['damage', ['i32', 2]], ['adds_natural', 'i32'], ['vig_range', 'i32'], ['range', ['i32', 3]],
  ['ammo', 'i32'], ['roll_dice', 'i32'], ['flags', 'u32']]);
const PROTECTION = new Struct([['size', 'u32'], ['name', ['char', 48]], ['armour', ['i32', 2]],
  ...ints(['coverage', 'energy_only', 'penalty_dice', 'penalty_points', 'penalty_perception'])]);
const ATTACK = new Struct([['size', 'u32'], ['attacker', 'ptr'], ['target', 'ptr'],
  ...ints(['attacker_id', 'target_id', 'weapon', 'distance', 'defence', 'defence_skill',
    'defence_total', 'parry_weapon', 'defender_actions', 'cover', 'option', 'location', 'actions',
    'target_size']), ['flags', 'u32'], ['cp', 'i32'], ['fp', 'i32'], ['rules', 'ptr']]);
const OUTCOME_FIELDS = ['attack_total', 'defence_value', 'band', 'hit', 'level', 'parried', 'victim',
  'damage_total', 'resistance_total', 'margin', 'steps', 'hp_lost', 'wound_level', 'massive',
  'unconscious', 'check', 'neutralised', 'dropped'];
const OUTCOME = new Struct([['size', 'u32'], ...ints(OUTCOME_FIELDS)]);
const EVENT = new Struct([['size', 'u32'], ...ints(['option', 'location', 'distance', 'defence',
  'defence_skill', 'cover', 'flags', 'purpose']), ['code', ['i32', 2]], ...ints(['dice_rolled',
  'difficulty', 'total', 'free_face', 'success', 'critical', 'attack_total', 'defence_value',
  'band', 'hit', 'level', 'parried', 'dropped', 'heal_kind', 'level_before', 'hp_gained', 'rolled',
  'vehicle_event', 'vehicle_result', 'passenger_damage', 'speed', 'top_speed', 'control',
  'vehicle_penalty', 'ranks_lost', 'rank', 'tie_die', 'damage_total', 'resistance_total', 'margin',
  'steps', 'hp_lost', 'wound_level', 'unconscious', 'massive', 'state', 'value', 'action',
  'actions', 'moved', 'x', 'y', 'hold', 'members', 'winner', 'resisted', 'power', 'astral_band',
  'protection', 'prepared', 'needed', 'interrupted', 'policy', 'odds_down', 'odds_first',
  'odds_risk'])]);
const HEALING = new Struct([['size', 'u32'], ...ints(['rolled', 'total', 'difficulty', 'success',
  'critical', 'level_before', 'level', 'hp_gained'])]);
const DECLARATION = new Struct([['size', 'u32'], ...ints(['action', 'target', 'weapon', 'option',
  'location', 'count', 'impact', 'defence', 'defence_skill', 'parry_weapon', 'disarm', 'release',
  'speed', 'moving', 'x', 'y', 'cp', 'fp', 'extra_actions', 'spell_skill', 'spell_difficulty']),
['spell_damage', ['i32', 2]], ...ints(['preparation', 'spell_aim', 'spell_reach', 'spell_beat'])]);
const FIGHTER_FIELDS = ['side', 'x', 'y', 'able', 'out', 'initiative', 'rank', 'acted', 'actions',
  'defence', 'defence_skill', 'defence_total', 'cover', 'surpriser', 'holding', 'held_by',
  'vehicle', 'driver', 'coordinator', 'coordinated', 'tactic', 'preparing', 'policy'];
const FIGHTER = new Struct([['size', 'u32'], ...ints(FIGHTER_FIELDS)]);

export const VEHICLE = new Struct([['size', 'u32'], ['name', ['char', 48]], ['scale', 'i32'],
  ['resistance', ['i32', 2]], ['manoeuvrability', ['i32', 2]], ...ints(['speed', 'top_speed',
    'very_light', 'control', 'ndamage']), ['damage', ['i32', 24]]]);

export function need(m) {
  if (!m._cops_d6_roll) throw new CopsError(-6, 'this libcops was built without the D6 System module (meson option d6)');
}

export function setPtr(m, S, p, name, value) { m.setValue(p + S.by.get(name).off, value, 'i32'); }

/** A code as [dice, pips] for a struct: { dice, pips } or its text, read by cops_d6_code_parse. */
export function codePair(ctx, v, what) {
  if (typeof v === 'string') {
    return CODE.with(ctx.m, (p) => {
      ctx.cops._withString(v, (s) => ctx._check(ctx.m._cops_d6_code_parse(p, ctx._h, s)), what);
      return [ctx.m.getValue(p, 'i32'), ctx.m.getValue(p + 4, 'i32')];
    });
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new TypeError(`${what} must be a code ({ dice, pips } or its text), not ${typeName(v)}`);
  const o = options(v, ['dice', 'pips', 'notation'], what);
  return [int(o.dice, `${what}.dice`), int(o.pips ?? 0, `${what}.pips`)];
}

export function codeOf(m, [dice, pips]) {
  return CODE.with(m, (p) => {
    m.setValue(p, dice, 'i32');
    m.setValue(p + 4, pips, 'i32');
    const buf = m._malloc(32);
    try {
      const rc = m._cops_d6_code_format(p, buf, 32);
      return { dice, pips, notation: rc < 0 ? null : m.UTF8ToString(buf) };
    } finally {
      m._free(buf);
    }
  });
}

/** fn(p) with p a cops_d6_code passed by value (the wasm ABI passes it by address). */
export function withCode(ctx, v, what, fn) {
  const pair = codePair(ctx, v, what);
  return CODE.with(ctx.m, (p) => {
    ctx.m.setValue(p, pair[0], 'i32');
    ctx.m.setValue(p + 4, pair[1], 'i32');
    return fn(p);
  });
}

function withPool(ctx, spec, fn) {
  const m = ctx.m;
  need(m);
  return POOL.with(m, (p) => {
    if (typeof spec === 'string') {
      ctx.cops._withString(spec, (s) => ctx._check(m._cops_d6_pool_parse_sized(p, POOL.size, ctx._h, s)), 'pool');
    } else if (typeof spec === 'object' && spec !== null && !Array.isArray(spec)) {
      const o = options(spec, ['code', 'dice_mod', 'points', 'actions', 'cp', 'fp', 'difficulty', 'notation'], 'pool');
      if (o.code === undefined) throw new CopsError(-1, 'pool: code is required');
      withCode(ctx, o.code, 'code', (c) => ctx._check(m._cops_d6_pool_init_sized(p, POOL.size, c)));
      for (const f of ['dice_mod', 'points', 'actions', 'cp']) if (o[f] !== undefined) POOL.set(m, p, f, o[f]);
      if (o.fp !== undefined) POOL.set(m, p, 'fp', bool(o.fp, 'fp') ? 1 : 0);
      if (o.difficulty !== undefined) POOL.set(m, p, 'difficulty', o.difficulty === null ? NO_DIFFICULTY : o.difficulty);
    } else {
      throw new TypeError(`a pool must be a notation or an object, not ${typeName(spec)}`);
    }
    return fn(p);
  });
}

function poolOf(m, p) {
  const o = POOL.read(m, p);
  const buf = m._malloc(160);
  try {
    const rc = m._cops_d6_pool_format(p, buf, 160);
    return { code: codeOf(m, o.code), dice_mod: o.dice_mod, points: o.points, actions: o.actions,
      cp: o.cp, fp: o.fp === 1, difficulty: o.difficulty === NO_DIFFICULTY ? null : o.difficulty,
      notation: rc < 0 ? null : m.UTF8ToString(buf) };
  } finally {
    m._free(buf);
  }
}

export const withRules = (ctx, rules, fn) => RULES.with(ctx, rules, fn);

export function d6Character(v, what) { return instance(v, D6Character, what); }

export function traitIndex(value, what = 'trait') { return member(value, TRAITS, what); }

export function flagsOf(given, table, what) {
  if (given === undefined) return 0;
  if (!Array.isArray(given)) throw new TypeError(`${what} must be an array of names, not ${typeName(given)}`);
  let b = 0;
  for (const f of given) {
    text(f, what);
    if (!Object.hasOwn(table, f)) throw new CopsError(-7, `unknown ${what} '${f}' (${Object.keys(table).join(', ')})`);
    b |= table[f];
  }
  return b;
}

function listBits(given, names, what) {
  return flagsOf(given, Object.fromEntries(names.map((n, i) => [n, 1 << i])), what);
}

function weaponOf(m, w) {
  const o = WEAPON.read(m, w);
  return { name: o.name, category: CATEGORIES[o.category], damage: codeOf(m, o.damage),
    adds_natural: o.adds_natural === 1, vig_range: o.vig_range === 1, range: o.range, ammo: o.ammo,
    roll_dice: o.roll_dice, flags: WEAPON_FLAGS.filter((_, b) => o.flags & (1 << b)) };
}

function protectionOf(m, p) {
  const o = PROTECTION.read(m, p);
  return { name: o.name, armour: codeOf(m, o.armour), coverage: COVERAGES[o.coverage],
    energy_only: o.energy_only === 1, penalty_dice: o.penalty_dice, penalty_points: o.penalty_points,
    penalty_perception: o.penalty_perception === 1 };
}

function outcomeOf(m, p) {
  const o = OUTCOME.read(m, p);
  return { ...o, band: o.band >= 0 ? BANDS[o.band] : null, hit: o.hit === 1, parried: o.parried === 1,
    victim: VICTIMS[o.victim], wound_level: LEVELS[o.wound_level], massive: o.massive === 1,
    check: o.check < 0 ? null : o.check === 1, neutralised: LOCATIONS[o.neutralised],
    dropped: o.dropped === 1 };
}

function healingOf(m, p) {
  const h = HEALING.read(m, p);
  return { rolled: h.rolled === 1, total: h.total, difficulty: h.difficulty, success: h.success === 1,
    critical: h.critical === 1, level_before: LEVELS[h.level_before], level: LEVELS[h.level],
    hp_gained: h.hp_gained };
}

export function catalogue(m, count, at, S, of) {
  return Array.from({ length: count() }, (_, i) => S.with(m, (p) => { at(i, p); return of(m, p); }));
}

export function found(ctx, S, find, name, what, of) {
  return S.with(ctx.m, (p) => {
    const rc = ctx.cops._withString(name, (s) => find(s, p), 'name');
    if (rc) throw new CopsError(-7, `'${name}' is not in the D6 ${what}`);
    return of(ctx.m, p);
  });
}

function weaponStruct(ctx, w, p) {
  const m = ctx.m;
  const o = options(w, ['name', 'category', 'damage', 'adds_natural', 'vig_range', 'range', 'ammo', 'roll_dice', 'flags'], 'weapon');
  ctx._check(m._cops_d6_weapon_init_sized(p, WEAPON.size, member(o.category ?? 'melee', CATEGORIES, 'category')));
  // The category's defaults (cops_d6_weapon_init_sized), and what the caller gives over them.
  for (const f of ['name', 'range', 'ammo', 'roll_dice']) if (o[f] !== undefined) WEAPON.set(m, p, f, o[f]);
  if (o.damage !== undefined) WEAPON.set(m, p, 'damage', codePair(ctx, o.damage, 'damage'));
  for (const f of ['adds_natural', 'vig_range']) if (o[f] !== undefined) WEAPON.set(m, p, f, bool(o[f], f) ? 1 : 0);
  if (o.flags !== undefined) WEAPON.set(m, p, 'flags', listBits(o.flags, WEAPON_FLAGS, 'weapon flag'));
}

function protectionStruct(ctx, pr, p) {
  const m = ctx.m;
  const o = options(pr, ['name', 'armour', 'coverage', 'energy_only', 'penalty_dice', 'penalty_points', 'penalty_perception'], 'protection');
  ctx._check(m._cops_d6_protection_init_sized(p, PROTECTION.size));
  for (const f of ['name', 'penalty_dice', 'penalty_points']) if (o[f] !== undefined) PROTECTION.set(m, p, f, o[f]);
  if (o.armour !== undefined) PROTECTION.set(m, p, 'armour', codePair(ctx, o.armour, 'armour'));
  if (o.coverage !== undefined) PROTECTION.set(m, p, 'coverage', member(o.coverage, COVERAGES, 'coverage'));
  for (const f of ['energy_only', 'penalty_perception']) if (o[f] !== undefined) PROTECTION.set(m, p, f, bool(o[f], f) ? 1 : 0);
}

export function nameOf(m, p, what, value) {
  if (!p) throw new CopsError(-7, `no ${what} ${JSON.stringify(value)}`);
  return m.UTF8ToString(p);
}

/** The D6 calls of a Context (Context.prototype takes them: ctx.d6Roll ...). */
export const d6Context = {
  d6Fight(doc, baseDir = null) { return this._fromText(this.m._cops_d6_fight_from_json, doc, 'fight', D6Fight, baseDir); },
  d6FightFile(path) { return this._fromFile(this.m._cops_d6_fight_load, path, D6Fight); },
  /** True when the library holds the D6 System module (meson option d6). */
  d6Available() { return Boolean(this.m._cops_d6_roll); },
  /** A code read: "3D+2", "+1D", "+1" (cops_d6_code_parse): { dice, pips, notation }. */
  d6Code(value) { need(this.m); return codeOf(this.m, codePair(this, text(value, 'code'), 'code')); },
  /** The sum of two codes (cops_d6_code_add, at most 64D). */
  d6CodeAdd(a, b) {
    need(this.m);
    const m = this.m;
    return withCode(this, a, 'a', (pa) => withCode(this, b, 'b', (pb) => CODE.with(m, (out) => {
      const rc = m._cops_d6_code_add(pa, pb, out);
      if (rc) throw new CopsError(-2, 'not a code (at most 64D)');
      return codeOf(m, [m.getValue(out, 'i32'), m.getValue(out + 4, 'i32')]);
    })));
  },
  /** A code as pips, 3 a die (cops_d6_code_pips). */
  d6CodePips(code) {
    need(this.m);
    const v = withCode(this, code, 'code', (p) => this.m._cops_d6_code_pips(p));
    if (v < 0) throw new CopsError(-1, 'not a code');
    return v;
  },
  /** A roll's notation read (cops_d6_pool_parse): { code, dice_mod, points, actions, cp, fp,
   * difficulty, notation }. */
  d6Pool(spec) { return withPool(this, spec, (p) => poolOf(this.m, p)); },
  /** Roll a pool (cops_d6_roll): the roll's JSON, as `cops d6 roll --json` writes it. */
  d6Roll(spec, rules = null) {
    const m = this.m;
    need(m);
    return this._rolled((r) => withRules(this, rules, (rp) => (typeof spec === 'string'
      ? this.cops._withString(spec, (s) => m._cops_d6_roll_text(r, this._h, s, rp), 'pool')
      : withPool(this, spec, (p) => m._cops_d6_roll(r, this._h, p, rp)))));
  },
  /** A pool's exact odds (cops_d6_odds): { expected, success, critical } (null without a
   * difficulty). */
  d6Odds(spec, rules = null) {
    const m = this.m;
    return withPool(this, spec, (p) => withRules(this, rules, (r) => {
      const none = POOL.get(m, p, 'difficulty') === NO_DIFFICULTY;
      const [success, critical, expected] = threeDoubles(this, (x, y, z) => m._cops_d6_odds(this._h, p, r, none ? 0 : x, none ? 0 : y, z));
      return { expected, success: none ? null : success, critical: none ? null : critical };
    }));
  },
  /** [P(total >= k), P(total = k)], exactly (cops_d6_odds_total). */
  d6Total(spec, k, rules = null) {
    int(k, 'k');
    const m = this.m;
    return withPool(this, spec, (p) => withRules(this, rules, (r) => {
      const c = this.cops.cell;
      this._check(m._cops_d6_odds_total(this._h, p, r, k, c, c + 8));
      return [m.getValue(c, 'double'), m.getValue(c + 8, 'double')];
    }));
  },
  /** A contest's odds (D6 §0.5): { greater, equal, less } for a's total against b's. */
  d6Contest(a, b, rules = null) {
    const m = this.m;
    return withPool(this, a, (pa) => withPool(this, b, (pb) => withRules(this, rules, (r) => {
      const [greater, equal, less] = threeDoubles(this, (x, y, z) => m._cops_d6_odds_contest(this._h, pa, pb, r, x, y, z));
      return { greater, equal, less };
    })));
  },
  /** The defaults of the D6 rules (cops_d6_rules_init_sized), by field. */
  d6Rules() {
    need(this.m);
    return RULES.defaults(this);
  },
  /** A character with every attribute 2D, no skill, unhurt. */
  newD6Character(name) { need(this.m); return namedCharacter(this, 'd6', D6Character, name); },

  /** A character from a sheet with "system": "d6" (JSON text or an object). */
  d6Character(doc) { need(this.m); return this._fromText(this.m._cops_d6_character_from_json, doc, 'sheet', D6Character); },
  d6CharacterFile(path) { need(this.m); return this._fromFile(this.m._cops_d6_character_load, path, D6Character); },
  /** An empty fight under rules (null: the defaults). */
  newD6Fight({ rules = null } = {}) {
    need(this.m);
    withRules(this, rules, (r) => this._check(this.m._cops_d6_fight_new(this.cops.cell, this._h, r)));
    return new D6Fight(this, this.m.getValue(this.cops.cell, 'i32'));
  },
  /** The catalogue's weapons (D6 §9) and protections (§10); one by name, any case. */
  d6Weapons() { need(this.m); const m = this.m; return catalogue(m, m._cops_d6_weapon_count, m._cops_d6_weapon_at, WEAPON, weaponOf); },
  d6Weapon(name) { need(this.m); return found(this, WEAPON, this.m._cops_d6_weapon_find, name, 'catalogue', weaponOf); },
  d6Protections() { need(this.m); const m = this.m; return catalogue(m, m._cops_d6_protection_count, m._cops_d6_protection_at, PROTECTION, protectionOf); },
  d6Protection(name) { need(this.m); return found(this, PROTECTION, this.m._cops_d6_protection_find, name, 'catalogue', protectionOf); },
  d6CategoryName(category) { need(this.m); return nameOf(this.m, this.m._cops_d6_weapon_category_name(int(category, 'category')), 'category', category); },
  /** A skill's attribute (D6-L1); an attribute's own name. */
  d6TraitParent(name) { need(this.m); return nameOf(this.m, this.m._cops_d6_trait_name(this.m._cops_d6_trait_parent(traitIndex(name))), 'trait', name); },
  /** Hit points for a Vigueur code (§8.2, D6-A28). */
  d6HitPoints(vigueur) {
    need(this.m);
    const v = withCode(this, vigueur, 'vigueur', (p) => this.m._cops_d6_hit_points(p));
    if (v < 0) throw new CopsError(-1, 'not a code');
    return v;
  },
  /** The wound level of lost hit points out of maxHp (§8.4, D6-A29). */
  d6HpLevel(lost, maxHp) {
    need(this.m);
    const v = this.m._cops_d6_hp_level(int(lost, 'lost'), int(maxHp, 'maxHp'));
    if (v < 0) throw new CopsError(-1, 'lost 0 or more, maxHp 1 or more');
    return LEVELS[v];
  },
  /** A hazard's damage code (§5.19): amount is a poison's dice or a fall's height in cm. */
  d6HazardCode(hazard, amount = 0, rules = null) {
    need(this.m);
    const h = member(hazard, HAZARDS, 'hazard');
    int(amount, 'amount');
    return CODE.with(this.m, (c) => {
      const rc = withRules(this, rules, (r) => this.m._cops_d6_hazard_code(h, amount, r, c));
      if (rc) throw new CopsError(-2, `${HAZARDS[h]}: amount ${amount} out of range`);
      return codeOf(this.m, [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')]);
    });
  },
  d6HazardName(hazard) { need(this.m); return nameOf(this.m, this.m._cops_d6_hazard_name(int(hazard, 'hazard')), 'hazard', hazard); },
  /** The wait in minutes before a natural recovery at that level (§6.1). */
  d6RecoveryWait(level) {
    need(this.m);
    const v = this.m._cops_d6_recovery_wait(member(level, LEVELS, 'level'));
    if (v < 0) throw new CopsError(-7, `no recovery from '${level}'`);
    return v;
  },
  /** A fight action's and a tactic's name and code (cops_d6_fight_action_name ...). */
  d6ActionName(action) { need(this.m); return nameOf(this.m, this.m._cops_d6_fight_action_name(int(action, 'action')), 'action', action); },
  d6ActionCode(name) { need(this.m); return this.cops.catalogue._parsed(this.m._cops_d6_fight_action_parse, text(name, 'action'), 'action'); },
  d6TacticName(tactic) { need(this.m); return nameOf(this.m, this.m._cops_d6_fight_tactic_name(int(tactic, 'tactic')), 'tactic', tactic); },
  d6TacticCode(name) { need(this.m); return this.cops.catalogue._parsed(this.m._cops_d6_fight_tactic_parse, text(name, 'tactic'), 'tactic'); },
  /** One attack (cops_d6_attack_resolve, D6 §5.3-§5.15); opts name cops_d6_attack's fields
   * (weapon and parry_weapon by index or name, defence, defence_skill, defence_total null to
   * roll it here, option, location, target_size, flags of 'blinded', 'target_blinded',
   * 'surprise', cp, fp), rules, log. All or nothing. */
  d6Attack(attacker, target, opts = {}) {
    d6Character(attacker, 'attacker');
    d6Character(target, 'target');
    const o = options(opts, ['weapon', 'distance', 'defence', 'defence_skill', 'defence_total',
      'parry_weapon', 'defender_actions', 'cover', 'option', 'location', 'actions', 'target_size',
      'flags', 'cp', 'fp', 'attacker_id', 'target_id', 'rules', 'log']);
    const m = this.m;
    return ATTACK.with(m, (a) => {
      this._check(m._cops_d6_attack_init_sized(a, ATTACK.size));
      setPtr(m, ATTACK, a, 'attacker', attacker._h);
      setPtr(m, ATTACK, a, 'target', target._h);
      ATTACK.set(m, a, 'weapon', weaponIndex(attacker, o.weapon));
      ATTACK.set(m, a, 'parry_weapon', weaponIndex(target, o.parry_weapon, 'parry_weapon'));
      ATTACK.set(m, a, 'defence', member(o.defence ?? 'natural', DEFENCES, 'defence'));
      ATTACK.set(m, a, 'defence_skill', traitIndex(o.defence_skill ?? 'dodge', 'defence_skill'));
      ATTACK.set(m, a, 'defence_total', o.defence_total == null ? ROLL_DEFENCE : o.defence_total);
      for (const [f, d] of [['distance', 0], ['defender_actions', 1], ['cover', 0], ['actions', 1],
        ['cp', 0], ['attacker_id', 0], ['target_id', 1]]) ATTACK.set(m, a, f, o[f] ?? d);
      ATTACK.set(m, a, 'fp', o.fp !== undefined && bool(o.fp, 'fp') ? 1 : 0);
      ATTACK.set(m, a, 'option', member(o.option ?? 'none', OPTIONS, 'option'));
      ATTACK.set(m, a, 'location', member(o.location ?? 'anywhere', LOCATIONS, 'location'));
      ATTACK.set(m, a, 'target_size', member(o.target_size ?? 'any', SIZES, 'target size'));
      ATTACK.set(m, a, 'flags', flagsOf(o.flags, ATTACK_FLAGS, 'flag'));
      return withRules(this, o.rules, (r) => {
        setPtr(m, ATTACK, a, 'rules', r);
        return OUTCOME.with(m, (out) => {
          this._check(m._cops_d6_attack_resolve(out, this._h, a, logPtr(o.log)));
          return outcomeOf(m, out);
        });
      });
    });
  },
  /** Damage outside an attack against the character's Vigueur (cops_d6_harm, §5.19). */
  d6Harm(ch, damage, opts = {}) {
    d6Character(ch, 'character');
    const o = options(opts, ['stun', 'id', 'rules', 'log']);
    const stun = o.stun !== undefined && bool(o.stun, 'stun');
    const m = this.m;
    return withCode(this, damage, 'damage', (c) => withRules(this, o.rules, (r) => OUTCOME.with(m, (out) => {
      this._check(m._cops_d6_harm(out, this._h, ch._h, int(o.id ?? 1, 'id'), c, stun ? 1 : 0, r, logPtr(o.log)));
      return outcomeOf(m, out);
    })));
  },
  /** A character's end of round: Stunned ends, the counters run, the mortal clock turns. */
  d6EndRound(ch, opts = {}) {
    d6Character(ch, 'character');
    const o = options(opts, ['id', 'rules', 'log']);
    withRules(this, o.rules, (r) => this._check(this.m._cops_d6_character_end_round(ch._h, this._h, int(o.id ?? 0, 'id'), r, logPtr(o.log))));
  },
  /** The D6 fields of event index of a Log or a fight's log (cops_d6_log_event). */
  d6EventFields(log, index) {
    need(this.m);
    int(index, 'index');
    const p = logPtr(log);
    if (!p) throw new TypeError('log must be a Log or a fight');
    const m = this.m;
    return EVENT.with(m, (e) => {
      this._check(m._cops_d6_log_event(p, index, e));
      const o = EVENT.read(m, e);
      return { ...o, code: codeOf(m, o.code) };
    });
  },
  /** A natural recovery after its wait (cops_d6_recover, §6.1, §8.5): rest 'rested',
   * 'worked' or 'long_rest'. */
  d6Recover(ch, opts = {}) {
    d6Character(ch, 'character');
    const o = options(opts, ['rest', 'id', 'rules', 'log']);
    const m = this.m;
    return HEALING.with(m, (h) => {
      withRules(this, o.rules, (r) => this._check(m._cops_d6_recover(h, this._h, ch._h, int(o.id ?? 0, 'id'),
        member(o.rest ?? 'rested', RESTS, 'rest'), r, logPtr(o.log))));
      return healingOf(m, h);
    });
  },
  /** A treatment (cops_d6_treat): kind 'after_combat' or 'in_combat'. */
  d6Treat(healer, patient, opts = {}) {
    d6Character(healer, 'healer');
    d6Character(patient, 'patient');
    const o = options(opts, ['kind', 'healer_id', 'patient_id', 'rules', 'log']);
    const m = this.m;
    return HEALING.with(m, (h) => {
      withRules(this, o.rules, (r) => this._check(m._cops_d6_treat(h, this._h, healer._h, int(o.healer_id ?? 0, 'healer_id'),
        patient._h, int(o.patient_id ?? 1, 'patient_id'), member(o.kind ?? 'after_combat', TREATMENTS, 'kind'), r, logPtr(o.log))));
      return healingOf(m, h);
    });
  },
  /** A round's initiative (cops_d6_initiative, §5.2, D6-A6): { order, totals }: the indices
   * of the fighters able to act, first first, and every fighter's Perception total.
   * opts.flags[i] lists 'surpriser' or 'long_in_melee'. */
  d6Initiative(fighters, opts = {}) {
    const o = options(opts, ['ids', 'flags', 'rules', 'log']);
    const m = this.m;
    need(m);
    return withAboard(this, fighters, o.ids, (arr, ids, n) => {
      let flagWords = null;
      if (o.flags !== undefined && o.flags !== null) {
        if (!Array.isArray(o.flags) || o.flags.length !== n) throw new CopsError(-1, 'one list of flags a fighter');
        flagWords = o.flags.map((f) => flagsOf(f, INITIATIVE_FLAGS, 'flag'));
      }
      const p = m._malloc(12 * Math.max(n, 1));
      try {
        if (flagWords) flagWords.forEach((b, i) => m.setValue(p + 4 * i, b, 'i32'));
        const ranked = withRules(this, o.rules, (r) => this._check(m._cops_d6_initiative(this._h, arr, ids,
          flagWords ? p : 0, n, r, logPtr(o.log), p + 4 * n, p + 8 * n)));
        return { order: Array.from({ length: ranked }, (_, i) => m.getValue(p + 4 * (n + i), 'i32')),
          totals: Array.from({ length: n }, (_, i) => m.getValue(p + 4 * (2 * n + i), 'i32')) };
      } finally {
        m._free(p);
      }
    });
  },
};

/** A D6 character (cops_d6_character, docs/d6.md "Sheets"). */
export class D6Character extends Owned {
  constructor(ctx, ptr, owner = null) {
    super(ctx, ptr, owner ? null : (p) => ctx.m._cops_d6_character_free(p));
    this._owner = owner;
  }
  get name() { return this.cops._str(this.m._cops_d6_character_name(this._h)); }
  set name(value) { this.cops._withString(value, (p) => this.ctx._check(this.m._cops_d6_character_set_name(this._h, p)), 'name'); }
  toJSON() {
    this.ctx._check(this.m._cops_d6_character_to_json(this._h, this.cops.cell));
    return JSON.parse(this.cops._taken());
  }
  /** Write the sheet to path of the memory file system (cops_d6_character_save). */
  save(path) { this.cops._withString(path, (p) => this.ctx._check(this.m._cops_d6_character_save(this._h, p)), 'path'); }
  /** A copy with its own wounds and equipment. */
  copy() {
    this.ctx._check(this.m._cops_d6_character_copy(this.cops.cell, this._h));
    return new D6Character(this.ctx, this.m.getValue(this.cops.cell, 'i32'));
  }
  /** The code rolled for a trait (a skill absent: its attribute's). */
  trait(name) {
    const t = traitIndex(name);
    return CODE.with(this.m, (c) => {
      this.ctx._check(this.m._cops_d6_character_trait(this._h, t, c));
      return codeOf(this.m, [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')]);
    });
  }
  /** Set a trait's code; null removes a skill. */
  setTrait(name, code) {
    const t = traitIndex(name);
    if (code === null) this.ctx._check(this.m._cops_d6_character_set_trait(this._h, t, 0));
    else withCode(this.ctx, code, name, (c) => this.ctx._check(this.m._cops_d6_character_set_trait(this._h, t, c)));
  }
  /** True when the sheet has the trait (a skill absent rolls its attribute). */
  has(name) {
    const t = traitIndex(name);
    return CODE.with(this.m, (c) => this.ctx._check(this.m._cops_d6_character_trait(this._h, t, c)) === 1);
  }
  /** Natural damage (§5.5): the sheet's, or derived (D6-A9); null sets it derived again. */
  get naturalDamage() {
    return CODE.with(this.m, (c) => {
      this.ctx._check(this.m._cops_d6_character_natural_damage(this._h, c));
      return codeOf(this.m, [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')]);
    });
  }
  set naturalDamage(code) {
    if (code === null) this.ctx._check(this.m._cops_d6_character_set_natural_damage(this._h, 0));
    else withCode(this.ctx, code, 'naturalDamage', (c) => this.ctx._check(this.m._cops_d6_character_set_natural_damage(this._h, c)));
  }
  /** Character Points and Fate Points (§0.8): [cp, fp]. */
  get points() {
    const c = this.cops.cell;
    this.ctx._check(this.m._cops_d6_character_points(this._h, c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  setPoints(cp, fp) { this.ctx._check(this.m._cops_d6_character_set_points(this._h, int(cp, 'cp'), int(fp, 'fp'))); }
  /** The scale value (§5.14). */
  get scale() { return this.ctx._check(this.m._cops_d6_character_scale(this._h)); }
  set scale(value) { this.ctx._check(this.m._cops_d6_character_set_scale(this._h, int(value, 'scale'))); }
  /** The wounds and the state they bring (cops_d6_wounds). */
  wounds() {
    const m = this.m;
    return WOUNDS.with(m, (w) => {
      this.ctx._check(m._cops_d6_character_wounds(this._h, w));
      const o = WOUNDS.read(m, w);
      return { ...o, mode: MODES[o.mode], level: LEVELS[o.level], stunned: o.stunned === 1,
        stabilised: o.stabilised === 1, limbs: LIMBS.filter((_, b) => o.limbs & (1 << b)),
        treated: o.treated.filter((i) => i >= 0) };
    });
  }
  /** Set the wounds (every field checked; the level is derived): the fields of wounds(). */
  setWounds(wounds) {
    const o = options(wounds, WOUND_KEYS, 'wounds');
    const m = this.m;
    WOUNDS.with(m, (w) => {
      this.ctx._check(m._cops_d6_character_wounds(this._h, w));
      const h = m.HEAP32;
      for (const f of WOUNDS.fields) {
        const k = f.name;
        const v = o[k];
        if (v === undefined || k === 'level' || k === 'size') continue;
        if (k === 'mode') WOUNDS.set(m, w, k, member(v, MODES, 'mode'));
        else if (k === 'limbs') WOUNDS.set(m, w, k, flagsOf(v, LIMB_BITS, 'limb'));
        else if (k === 'treated') {
          if (!Array.isArray(v)) throw new TypeError('treated must be an array of ids');
          if (v.length > 4) throw new CopsError(-2, 'treated: at most 4 healers');
          WOUNDS.set(m, w, k, [0, 1, 2, 3].map((i) => (i < v.length ? v[i] : -1)));
        } else if (k === 'stunned' || k === 'stabilised') h[(w + f.off) >> 2] = bool(v, k) ? 1 : 0;
        else h[(w + f.off) >> 2] = int(v, k);
      }
      this.ctx._check(m._cops_d6_character_set_wounds(this._h, w));
    });
  }

  /** Switch between 'levels' and 'hit_points' (D6-A31). */
  setMode(mode) { this.ctx._check(this.m._cops_d6_character_set_mode(this._h, member(mode, MODES, 'mode'))); }
  /** Dice and points the character's state takes off a roll of trait: [dice, points]. */
  penalty(name) {
    const c = this.cops.cell;
    this.ctx._check(this.m._cops_d6_character_penalty(this._h, traitIndex(name), c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  /** Conscious and alive (§5.7). */
  get canAct() { return this.ctx._check(this.m._cops_d6_character_can_act(this._h)) === 1; }
  /** The weapons carried: { name, category, damage, adds_natural, vig_range, range, ammo,
   * roll_dice, flags }. */
  get weapons() {
    const m = this.m;
    return Array.from({ length: this.ctx._check(m._cops_d6_character_weapon_count(this._h)) }, (_, i) =>
      WEAPON.with(m, (w) => { this.ctx._check(m._cops_d6_character_weapon(this._h, i, w)); return weaponOf(m, w); }));
  }
  /** Carry a weapon (its fields, or a catalogue name); its index. */
  addWeapon(weapon) {
    const m = this.m;
    const w = typeof weapon === 'string' ? this.ctx.d6Weapon(weapon) : weapon;
    return WEAPON.with(m, (p) => {
      weaponStruct(this.ctx, w, p);
      this.ctx._check(m._cops_d6_character_add_weapon(this._h, p, this.cops.cell));
      return m.getValue(this.cops.cell, 'i32');
    });
  }
  removeWeapon(index) { this.ctx._check(this.m._cops_d6_character_remove_weapon(this._h, int(index, 'index'))); }
  /** The protections worn: { name, armour, coverage, energy_only, penalty_dice,
   * penalty_points, penalty_perception }. */
  get protections() {
    const m = this.m;
    return Array.from({ length: this.ctx._check(m._cops_d6_character_protection_count(this._h)) }, (_, i) =>
      PROTECTION.with(m, (p) => { this.ctx._check(m._cops_d6_character_protection(this._h, i, p)); return protectionOf(m, p); }));
  }
  /** Wear a protection (its fields, or a catalogue name); its index. */
  addProtection(protection) {
    const m = this.m;
    const pr = typeof protection === 'string' ? this.ctx.d6Protection(protection) : protection;
    return PROTECTION.with(m, (p) => {
      protectionStruct(this.ctx, pr, p);
      this.ctx._check(m._cops_d6_character_add_protection(this._h, p, this.cops.cell));
      return m.getValue(this.cops.cell, 'i32');
    });
  }
  removeProtection(index) { this.ctx._check(this.m._cops_d6_character_remove_protection(this._h, int(index, 'index'))); }
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

/** A D6 System fight (cops_d6_fight, docs/d6.md "Fights"). */
export class D6Fight extends ModuleFight {
  constructor(ctx, ptr) { super(ctx, ptr, 'd6', D6Character); }
  setSurpriser(id, surpriser = true) { this.ctx._check(this.m._cops_d6_fight_set_surpriser(this._h, this._id(id), bool(surpriser, 'surpriser') ? 1 : 0)); }
  /** 'attack', 'dodge', 'grab', 'defend' or 'ram': the default policy's tactic. */
  setTactic(id, tactic) { this.ctx._check(this.m._cops_d6_fight_set_tactic(this._h, this._id(id), member(tactic, TACTICS, 'tactic'))); }
  _policy(name) {
    const code = this.cops._withString(name, (p) => this.m._cops_policy_parse(p), 'policy');
    if (code < 0) throw new CopsError(-1, `policy '${name}': 'simple' or 'tactical'`);
    return code;
  }
  /** Fighter id's policy when nobody declares for it: 'simple' (the default: its tactic) or 'tactical' (docs/d6.md, "Policies"). */
  setPolicy(id, policy) { this.ctx._check(this.m._cops_d6_fight_set_policy(this._h, this._id(id), this._policy(policy))); }
  /** Every fighter of side (those in the fight now) under policy. */
  setSidePolicy(side, policy) { int(side, 'side'); this.ctx._check(this.m._cops_d6_fight_set_side_policy(this._h, side, this._policy(policy))); }
  policy(id) { return this.cops._str(this.m._cops_policy_name(this.ctx._check(this.m._cops_d6_fight_policy(this._h, this._id(id))))); }
  /** The fight's rules, by field (cops_d6_rules). */
  get rules() { return RULES.read(this.ctx, (p) => this.m._cops_d6_fight_rules(this._h, p)); }
  /** Coordinate members' attacks on target under coordinator's Command (§5.10). */
  coordinate(coordinator, target, members) {
    if (!Array.isArray(members)) throw new TypeError(`members must be an array, not ${typeName(members)}`);
    members.forEach((x, i) => int(x, `members[${i}]`));
    const m = this.m;
    const p = m._malloc(4 * Math.max(members.length, 1));
    try {
      members.forEach((x, i) => m.setValue(p + 4 * i, x, 'i32'));
      this.ctx._check(m._cops_d6_fight_coordinate(this._h, this._id(coordinator), int(target, 'target'), p, members.length));
    } finally {
      m._free(p);
    }
  }
  /** A vehicle in the fight (a copy of v); its id. */
  addVehicle(v, x = 0, y = 0) {
    instance(v, D6Vehicle, 'vehicle');
    int(x, 'x'); int(y, 'y');
    return v._inPlace((p) => this._out((c) => this.m._cops_d6_fight_add_vehicle(this._h, p, x, y, c)));
  }
  vehicleCount() { return this.ctx._check(this.m._cops_d6_fight_vehicle_count(this._h)); }
  /** Vehicle vid as it is now (a copy). */
  vehicle(vid) {
    int(vid, 'vid');
    const m = this.m;
    return VEHICLE.with(m, (p) => {
      this.ctx._check(m._cops_d6_fight_vehicle(this._h, vid, p));
      return D6Vehicle._from(this.ctx, m.HEAPU8.slice(p, p + VEHICLE.size));
    });
  }
  vehiclePosition(vid) {
    const c = this.cops.cell;
    this.ctx._check(this.m._cops_d6_fight_vehicle_position(this._h, int(vid, 'vid'), c, c + 4));
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  /** Fighter id boards vehicle vid (null: gets out), as its driver or not. */
  board(id, vid, driver = false) {
    this.ctx._check(this.m._cops_d6_fight_board(this._h, this._id(id), vid === null ? -1 : int(vid, 'vid'), bool(driver, 'driver') ? 1 : 0));
  }
  /** Fighter id's state (cops_d6_fighter, D6-M3); ids of none are null. */
  fighter(id) {
    this._id(id);
    const m = this.m;
    return FIGHTER.with(m, (p) => {
      this.ctx._check(m._cops_d6_fight_fighter(this._h, id, p));
      const v = FIGHTER.read(m, p);
      for (const f of ['able', 'out', 'acted', 'surpriser', 'driver', 'coordinated']) v[f] = v[f] === 1;
      for (const f of ['rank', 'holding', 'held_by', 'vehicle', 'coordinator']) if (v[f] < 0) v[f] = null;
      v.defence = DEFENCES[v.defence];
      v.defence_skill = v.defence_skill < 0 ? null : TRAITS[v.defence_skill];
      v.tactic = TACTICS[v.tactic];
      v.policy = m.UTF8ToString(m._cops_policy_name(v.policy));
      return v;
    });
  }
  /** Fighter id's turn (cops_d6_declaration): the fields of suggest()'s answer. */
  declare(id, d) {
    const ch = this.character(id);
    if (d === undefined) throw new TypeError('declaration must be an object');
    const o = options(d, ['action', 'target', 'weapon', 'option', 'location', 'count', 'impact',
      'defence', 'defence_skill', 'parry_weapon', 'disarm', 'release', 'speed', 'move_to', 'cp', 'fp',
      'extra_actions', 'spell_skill', 'spell_difficulty', 'spell_damage', 'preparation', 'spell_aim',
      'spell_reach', 'spell_beat'], 'declaration');
    const m = this.m;
    const flag = (k) => (o[k] !== undefined && bool(o[k], k) ? 1 : 0);
    DECLARATION.with(m, (p) => {
      this.ctx._check(m._cops_d6_declaration_init_sized(p, DECLARATION.size, 0));
      DECLARATION.set(m, p, 'action', member(o.action ?? 'nothing', ACTIONS, 'action'));
      DECLARATION.set(m, p, 'target', o.target == null ? -1 : o.target);
      DECLARATION.set(m, p, 'weapon', weaponIndex(ch, o.weapon));
      DECLARATION.set(m, p, 'option', member(o.option ?? 'none', OPTIONS, 'option'));
      DECLARATION.set(m, p, 'location', member(o.location ?? 'anywhere', LOCATIONS, 'location'));
      DECLARATION.set(m, p, 'count', o.count ?? 1);
      DECLARATION.set(m, p, 'impact', member(o.impact ?? 'side_on', IMPACTS, 'impact'));
      DECLARATION.set(m, p, 'defence', member(o.defence ?? 'natural', DEFENCES, 'defence'));
      DECLARATION.set(m, p, 'defence_skill', traitIndex(o.defence_skill ?? 'dodge', 'defence_skill'));
      DECLARATION.set(m, p, 'parry_weapon', weaponIndex(ch, o.parry_weapon, 'parry_weapon'));
      DECLARATION.set(m, p, 'disarm', flag('disarm'));
      DECLARATION.set(m, p, 'release', flag('release'));
      DECLARATION.set(m, p, 'speed', o.speed == null ? -1 : member(o.speed, SPEEDS, 'speed'));
      if (o.move_to != null) {
        if (!Array.isArray(o.move_to) || o.move_to.length !== 2) throw new TypeError('move_to must be [x, y]');
        DECLARATION.set(m, p, 'moving', 1);
        DECLARATION.set(m, p, 'x', o.move_to[0]);
        DECLARATION.set(m, p, 'y', o.move_to[1]);
      }
      DECLARATION.set(m, p, 'cp', o.cp ?? 0);
      DECLARATION.set(m, p, 'fp', flag('fp'));
      DECLARATION.set(m, p, 'extra_actions', o.extra_actions ?? 0);
      DECLARATION.set(m, p, 'spell_skill', traitIndex(o.spell_skill ?? 'alteration', 'spell_skill'));
      DECLARATION.set(m, p, 'spell_difficulty', o.spell_difficulty ?? 10);
      if (o.spell_damage != null) DECLARATION.set(m, p, 'spell_damage', codePair(this.ctx, o.spell_damage, 'spell_damage'));
      DECLARATION.set(m, p, 'preparation', o.preparation ?? 0);
      DECLARATION.set(m, p, 'spell_aim', o.spell_aim == null ? -1 : traitIndex(o.spell_aim, 'spell_aim'));
      DECLARATION.set(m, p, 'spell_reach', o.spell_reach ?? 10);
      DECLARATION.set(m, p, 'spell_beat', o.spell_beat == null ? -1 : o.spell_beat);
      this.ctx._check(m._cops_d6_fight_declare(this._h, id, p));
    });
  }
  /** What the default policy would do with fighter id's turn now (a declaration). */
  suggest(id) {
    this._id(id);
    const m = this.m;
    return DECLARATION.with(m, (p) => {
      this.ctx._check(m._cops_d6_fight_suggest(this._h, id, p));
      const d = DECLARATION.read(m, p);
      const names = this.character(id).weapons.map((w) => w.name);
      return { action: ACTIONS[d.action], target: d.target < 0 ? null : d.target,
        weapon: d.weapon < 0 ? null : names[d.weapon], option: OPTIONS[d.option],
        location: LOCATIONS[d.location], count: d.count, impact: IMPACTS[d.impact],
        defence: DEFENCES[d.defence], defence_skill: TRAITS[d.defence_skill],
        parry_weapon: d.parry_weapon < 0 ? null : names[d.parry_weapon], disarm: d.disarm === 1,
        release: d.release === 1, speed: d.speed < 0 ? null : SPEEDS[d.speed],
        move_to: d.moving ? [d.x, d.y] : null, cp: d.cp, fp: d.fp === 1, extra_actions: d.extra_actions,
        spell_skill: TRAITS[d.spell_skill], spell_difficulty: d.spell_difficulty,
        spell_damage: d.spell_damage[0] || d.spell_damage[1] ? codeOf(m, d.spell_damage) : null,
        preparation: d.preparation, spell_aim: d.spell_aim < 0 ? null : TRAITS[d.spell_aim],
        spell_reach: d.spell_reach, spell_beat: d.spell_beat < 0 ? null : d.spell_beat };
    });
  }
}
