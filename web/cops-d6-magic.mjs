// libcops from JavaScript: the D6 System module's magic and psionics (docs/d6.md "Magic",
// <cops/d6-magic.h>): spells designed and cast, the sample spells, psionic powers, the cost
// of advancing a skill.

import { CopsError, Struct, bool, int, ints, logPtr, member, options } from './cops-base.mjs';
import {
  DEFENCES, LEVELS, ROLL_DEFENCE, TRAITS, catalogue, codeOf, codePair, d6Character, flagsOf,
  found, nameOf, need, setPtr, traitIndex, withCode, withRules,
} from './cops-d6.mjs';

const EFFECT_KINDS = ['none', 'skill', 'doubled'];
const SPELL_RANGES = ['touch', 'short', 'medium', 'long', 'very_long', 'extreme', 'planetary', 'stellar'];
const CONCENTRATIONS = ['isolated', 'slight', 'quiet_public', 'busy_public', 'very_busy'];
const FAMILIARITIES = ['none', 'known_slightly', 'known_well', 'never_seen', 'first_heard'];
const TARGET_GROUPS = ['one', 'group_of_five', 'group_of_dozen', 'crowd', 'whole_city',
  'whole_region', 'whole_country'];
const ATTITUDES = ['unaware', 'neutral', 'refusing'];
const INFORMATIONS = ['none', 'simple_emotions', 'complex_thoughts', 'distant_thoughts', 'secrets'];
const INGREDIENTS = ['simple', 'none', 'costly', 'rare'];
const GESTURES = ['simple', 'none', 'large'];
const INCANTATIONS = ['spoken', 'none', 'complex'];
const SPELL_PARTS = ['effect', 'range', 'speed', 'concentration', 'target', 'information',
  'duration', 'preparation', 'components', 'other'];
const POWERS = ['astral', 'empathy', 'far_senses', 'healing', 'medium', 'protection', 'psychometry'];
const ASTRAL_BANDS = ['leaves_body', 'senses', 'non_physical', 'physical'];
const PSYCHOMETRIES = ['vague', 'general', 'last_day', 'motivations'];
const MEDIUM_FLAGS = { murdered: 0x1, knew: 0x2, has_information: 0x4, at_place: 0x8 };
const DESIGN_FIELDS = ['measure', 'range', 'range_tenths', 'speed_tenths', 'concentration', 'crowd',
  'familiarity', 'group', 'attitude', 'information', 'duration_rounds', 'duration_tenths',
  'preparation_rounds', 'casting_tenths', 'ingredients', 'gestures', 'incantation', 'other'];
const DESIGN_WORDS = { range: SPELL_RANGES, concentration: CONCENTRATIONS, familiarity: FAMILIARITIES,
  group: TARGET_GROUPS, attitude: ATTITUDES, information: INFORMATIONS, ingredients: INGREDIENTS,
  gestures: GESTURES, incantation: INCANTATIONS };
const DESIGN = new Struct([['size', 'u32'], ['effect_kind', 'i32'], ['effect', ['i32', 2]],
  ['effect_value', 'i32'], ...ints(DESIGN_FIELDS)]);
const COST = new Struct([['size', 'u32'], ['parts', ['i32', 10]], ['sum', 'i32'], ['difficulty', 'i32']]);
const SPELL = new Struct([['size', 'u32'], ['name', ['char', 48]], ['skill', 'i32'],
  ['activation_skill', 'i32'], ['difficulty', 'i32'], ['effect', ['char', 96]], ['effect_value', 'i32'],
  ['range_m', 'i32'], ['range_value', 'i32'], ['exact', 'i32'], ['speed', 'i32'],
  ['duration', ['char', 32]], ['duration_value', 'i32'], ['casting', ['char', 32]],
  ['casting_value', 'i32'], ['conditions', ['char', 128]], ['conditions_value', 'i32'],
  ['damage', 'i32'], ['damage_code', ['i32', 2]]]);
const CAST = new Struct([['size', 'u32'], ['caster', 'ptr'], ['caster_id', 'i32'], ['skill', 'i32'],
  ['difficulty', 'i32'], ['damage', ['i32', 2]], ['target', 'ptr'], ['target_id', 'i32'],
  ['actions', 'i32'], ['cp', 'i32'], ['fp', 'i32'], ['flags', 'u32'], ['rules', 'ptr'], ['beat', 'i32'],
  ['aim_skill', 'i32'], ['aim_target', 'ptr'], ...ints(['aim_target_id', 'distance', 'reach_m',
    'aim_defence', 'aim_defence_skill', 'aim_defence_total', 'aim_cover'])]);
const CAST_OUTCOME = new Struct([['size', 'u32'], ...ints(['difficulty', 'total', 'success', 'level',
  'critical', 'resisted', 'backlash_total', 'wound_level', 'rolled', 'aimed', 'hit', 'aim_total',
  'defence_value', 'damage_total', 'target_level'])]);
const PSIONIC = new Struct([['size', 'u32'], ['power', 'i32'], ['psionic', 'ptr'], ['psionic_id', 'i32'],
  ['target', 'ptr'], ['target_id', 'i32'], ...ints(['range', 'concentration', 'crowd', 'familiarity',
    'group', 'attitude', 'information', 'duration_rounds', 'psychometry']), ['medium', 'u32'],
  ...ints(['years_dead', 'actions', 'cp', 'fp']), ['rules', 'ptr']]);
const PSIONIC_OUTCOME = new Struct([['size', 'u32'], ...ints(['difficulty', 'total', 'success', 'level',
  'critical', 'resisted', 'band', 'protection', 'level_before', 'level_after'])]);
function spellOf(m, p) {
  const { damage_code: code, ...s } = SPELL.read(m, p);
  return { ...s, skill: TRAITS[s.skill], activation_skill: s.activation_skill < 0 ? null : TRAITS[s.activation_skill],
    exact: s.exact === 1, damage: s.damage ? codeOf(m, code) : null };
}

/** The calls of a Context for this part of the module (Context.prototype takes them). */
export const d6MagicContext = {
  /** The sample spells of §7.12 as printed; one by name, any case. */
  d6Spells() {
    need(this.m);
    const m = this.m;
    return catalogue(m, m._cops_d6_spell_count, (i, p) => this._check(m._cops_d6_spell_at(i, p)), SPELL, spellOf);
  },
  d6Spell(name) { need(this.m); return found(this, SPELL, this.m._cops_d6_spell_find, name, 'sample spells', spellOf); },
  d6PowerName(power) { need(this.m); return nameOf(this.m, this.m._cops_d6_psionic_power_name(int(power, 'power')), 'power', power); },
  /** The samples' measure scale (D6-A44): tenths of a metre or a second to a value. */
  d6MeasureValue(tenths) {
    need(this.m);
    int(tenths, 'tenths', 1, 1e10);
    return this.m._cops_d6_measure_value(BigInt(tenths));
  },
  /** Character Points to raise a skill a pip from code (D6-A59). */
  d6AdvanceCost(code, { magic = false, teacher = true } = {}) {
    need(this.m);
    bool(magic, 'magic'); bool(teacher, 'teacher');
    const rc = withCode(this, code, 'code', (p) => this.m._cops_d6_advance_cost(p, magic ? 1 : 0, teacher ? 1 : 0));
    if (rc < 0) throw new CopsError(-1, 'not a code');
    return rc;
  },
  /** A spell's difficulty from its design (cops_d6_spell_difficulty, §7.11): { parts (by
   * part name), sum, difficulty }. The design names cops_d6_spell_design's fields. */
  d6SpellDifficulty(design = {}, rules = null) {
    need(this.m);
    const m = this.m;
    const o = options(design, ['effect_kind', 'effect', 'effect_value', ...DESIGN_FIELDS], 'design');
    return DESIGN.with(m, (d) => COST.with(m, (c) => {
      this._check(m._cops_d6_spell_design_init_sized(d, DESIGN.size));
      if (o.effect_kind !== undefined) DESIGN.set(m, d, 'effect_kind', member(o.effect_kind, EFFECT_KINDS, 'effect kind'));
      if (o.effect !== undefined) DESIGN.set(m, d, 'effect', codePair(this, o.effect, 'effect'));
      if (o.effect_value !== undefined) DESIGN.set(m, d, 'effect_value', o.effect_value);
      for (const f of DESIGN_FIELDS) {
        if (o[f] === undefined) continue;
        if (f === 'measure') DESIGN.set(m, d, f, bool(o[f], f) ? 1 : 0);
        else DESIGN.set(m, d, f, DESIGN_WORDS[f] ? member(o[f], DESIGN_WORDS[f], f) : o[f]);
      }
      withRules(this, rules, (r) => this._check(m._cops_d6_spell_difficulty(this._h, d, r, c)));
      const x = COST.read(m, c);
      return { parts: Object.fromEntries(SPELL_PARTS.map((p, i) => [p, x.parts[i]])), sum: x.sum, difficulty: x.difficulty };
    }));
  },
  /** Cast a spell (cops_d6_cast_resolve, §7.7): all or nothing. opts: skill, difficulty,
   * damage (a code), target, caster_id, target_id, actions, cp, fp, ingredients, scroll,
   * artifact, surprise, beat, aim (a skill) with aim_target, aim_target_id, distance, reach_m,
   * aim_defence, aim_defence_skill, aim_defence_total, aim_cover; rules, log. */
  d6Cast(caster, opts = {}) {
    d6Character(caster, 'caster');
    const o = options(opts, ['skill', 'difficulty', 'damage', 'target', 'caster_id', 'target_id',
      'actions', 'cp', 'fp', 'ingredients', 'scroll', 'artifact', 'surprise', 'beat', 'aim',
      'aim_target', 'aim_target_id', 'distance', 'reach_m', 'aim_defence', 'aim_defence_skill',
      'aim_defence_total', 'aim_cover', 'rules', 'log']);
    if (o.target != null) d6Character(o.target, 'target');
    const flag = (k, dflt) => (o[k] === undefined ? dflt : bool(o[k], k));
    const m = this.m;
    return CAST.with(m, (c) => {
      this._check(m._cops_d6_cast_init_sized(c, CAST.size));
      setPtr(m, CAST, c, 'caster', caster._h);
      CAST.set(m, c, 'caster_id', o.caster_id ?? 0);
      CAST.set(m, c, 'skill', traitIndex(o.skill ?? 'alteration', 'skill'));
      CAST.set(m, c, 'difficulty', o.difficulty ?? 10);
      if (o.damage != null) CAST.set(m, c, 'damage', codePair(this, o.damage, 'damage'));
      if (o.target != null) setPtr(m, CAST, c, 'target', o.target._h);
      CAST.set(m, c, 'target_id', o.target_id ?? 1);
      CAST.set(m, c, 'actions', o.actions ?? 1);
      CAST.set(m, c, 'cp', o.cp ?? 0);
      CAST.set(m, c, 'fp', flag('fp', false) ? 1 : 0);
      CAST.set(m, c, 'flags', (flag('ingredients', true) ? 0 : 1) | (flag('scroll', false) ? 2 : 0)
        | (flag('artifact', false) ? 4 : 0) | (flag('surprise', false) ? 8 : 0));
      CAST.set(m, c, 'beat', o.beat == null ? -1 : o.beat);
      if (o.aim != null) {
        d6Character(o.aim_target, 'aim_target');
        CAST.set(m, c, 'aim_skill', traitIndex(o.aim, 'aim'));
        setPtr(m, CAST, c, 'aim_target', o.aim_target._h);
        CAST.set(m, c, 'aim_target_id', o.aim_target_id ?? 1);
        CAST.set(m, c, 'distance', o.distance ?? 0);
        CAST.set(m, c, 'reach_m', o.reach_m ?? 10);
        CAST.set(m, c, 'aim_defence', member(o.aim_defence ?? 'natural', DEFENCES, 'defence'));
        CAST.set(m, c, 'aim_defence_skill', traitIndex(o.aim_defence_skill ?? 'dodge', 'aim_defence_skill'));
        CAST.set(m, c, 'aim_defence_total', o.aim_defence_total == null ? ROLL_DEFENCE : o.aim_defence_total);
        CAST.set(m, c, 'aim_cover', o.aim_cover ?? 0);
      }
      return withRules(this, o.rules, (r) => {
        setPtr(m, CAST, c, 'rules', r);
        return CAST_OUTCOME.with(m, (out) => {
          this._check(m._cops_d6_cast_resolve(out, this._h, c, logPtr(o.log)));
          const x = CAST_OUTCOME.read(m, out);
          const aimed = x.aimed === 1;
          return { ...x, success: x.success === 1, critical: x.critical === 1, resisted: x.resisted < 0 ? null : x.resisted,
            wound_level: LEVELS[x.wound_level], rolled: x.rolled === 1, aimed, hit: x.hit === 1,
            target_level: aimed ? LEVELS[x.target_level] : null };
        });
      });
    });
  },
  /** Use a psionic power (cops_d6_psionic_resolve, §7.13): all or nothing. opts name
   * cops_d6_psionic's fields (target, psionic_id, target_id, range, concentration, crowd,
   * familiarity, group, attitude, information, duration_rounds, psychometry, medium (a list
   * of 'murdered', 'knew', 'has_information', 'at_place'), years_dead, actions, cp, fp), rules,
   * log. */
  d6Psionic(ch, power, opts = {}) {
    d6Character(ch, 'psionic');
    const o = options(opts, ['target', 'psionic_id', 'target_id', 'range', 'concentration', 'crowd',
      'familiarity', 'group', 'attitude', 'information', 'duration_rounds', 'psychometry', 'medium',
      'years_dead', 'actions', 'cp', 'fp', 'rules', 'log']);
    if (o.target != null) d6Character(o.target, 'target');
    const pw = member(power, POWERS, 'power');
    const m = this.m;
    return PSIONIC.with(m, (q) => {
      this._check(m._cops_d6_psionic_init_sized(q, PSIONIC.size));
      PSIONIC.set(m, q, 'power', pw);
      setPtr(m, PSIONIC, q, 'psionic', ch._h);
      PSIONIC.set(m, q, 'psionic_id', o.psionic_id ?? 0);
      if (o.target != null) setPtr(m, PSIONIC, q, 'target', o.target._h);
      PSIONIC.set(m, q, 'target_id', o.target_id ?? 1);
      for (const [f, names, d] of [['range', SPELL_RANGES, 'touch'], ['concentration', CONCENTRATIONS, 'slight'],
        ['familiarity', FAMILIARITIES, 'none'], ['group', TARGET_GROUPS, 'one'], ['attitude', ATTITUDES, 'unaware'],
        ['information', INFORMATIONS, 'none'], ['psychometry', PSYCHOMETRIES, 'vague']])
        PSIONIC.set(m, q, f, member(o[f] ?? d, names, f));
      for (const [f, d] of [['crowd', 8], ['duration_rounds', 2], ['years_dead', 0], ['actions', 1], ['cp', 0]])
        PSIONIC.set(m, q, f, o[f] ?? d);
      PSIONIC.set(m, q, 'medium', flagsOf(o.medium, MEDIUM_FLAGS, 'medium modifier'));
      PSIONIC.set(m, q, 'fp', o.fp !== undefined && bool(o.fp, 'fp') ? 1 : 0);
      return withRules(this, o.rules, (r) => {
        setPtr(m, PSIONIC, q, 'rules', r);
        return PSIONIC_OUTCOME.with(m, (out) => {
          this._check(m._cops_d6_psionic_resolve(out, this._h, q, logPtr(o.log)));
          const x = PSIONIC_OUTCOME.read(m, out);
          const healing = POWERS[pw] === 'healing';
          return { ...x, success: x.success === 1, critical: x.critical === 1,
            resisted: x.resisted < 0 ? null : x.resisted, band: x.band >= 0 ? ASTRAL_BANDS[x.band] : null,
            level_before: healing ? LEVELS[x.level_before] : null, level_after: healing ? LEVELS[x.level_after] : null };
        });
      });
    });
  },
};
