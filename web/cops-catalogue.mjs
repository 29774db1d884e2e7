// libcops from JavaScript: The rules' catalogue: the names of every game term, in fr, en or es.

import {
  BANDS, CopsError, HEALTH, RELATION_KINDS, RESTS, TREATMENTS, UPKEEPS, int, text,
} from './cops-base.mjs';

/** The rules' catalogue (<cops/catalogue.h> and the names of every area), as Python's
 * cops.catalogue and Lua's cops.catalogue. */
export class Catalogue {
  constructor(cops) { this.cops = cops; this.m = cops.m; }
  _name(p, what, value) {
    if (!p) throw new CopsError(-7, `no ${what} ${JSON.stringify(value)}`);
    return this.m.UTF8ToString(p);
  }
  _list(fn, ...args) {
    const out = [];
    for (let i = 0; i < 64; i++) {
      const p = fn(i, ...args);
      if (!p) break;
      out.push(this.m.UTF8ToString(p));
    }
    return out;
  }
  _member(value, names, what) {
    if (typeof value === 'number') return int(value, what, 0, names.length - 1);
    text(value, what);
    const i = names.indexOf(value);
    if (i < 0) throw new CopsError(-7, `${what} must be one of ${names.join(', ')}, not '${value}'`);
    return i;
  }
  _parsed(fn, value, what) {
    if (typeof value === 'number') return int(value, what);
    return this.cops._withString(value, (p) => {
      this.cops._check(fn(p, this.cops.cell), 0, `unknown ${what} '${value}'`);
      return this.m.getValue(this.cops.cell, 'i32');
    }, what);
  }
  characteristics(lang = 'fr') { return this._list(this.m._cops_characteristic_name, this.cops._lang(lang)); }
  languages() { return ['fr', 'en', 'es']; }
  language(code) { return this.cops._lang(code); }
  actionNames() { return this._list(this.m._cops_encounter_action_name); }
  modeNames() { return this._list(this.m._cops_attack_mode_name); }
  rulesetNames() { return this._list(this.m._cops_ruleset_name); }
  purposeNames() { return this._list(this.m._cops_purpose_name); }
  weaponKinds(lang = 'en') { return this._list(this.m._cops_weapon_kind_name, this.cops._lang(lang)); }
  weaponKind(name) { return this._parsed(this.m._cops_weapon_kind_parse, name, 'weapon kind'); }
  weaponFields() { return this._list(this.m._cops_weapon_field_name); }
  locations(lang = 'fr') { return this._list(this.m._cops_location_name, this.cops._lang(lang)); }
  location(name) { return this._parsed(this.m._cops_location_parse, name, 'location'); }
  zoneName(zone, lang = 'fr') { return this._name(this.m._cops_zone_name(int(zone, 'zone'), this.cops._lang(lang)), 'zone', zone); }
  attitudeName(attitude, lang = 'fr') { return this._name(this.m._cops_attitude_name(int(attitude, 'attitude'), this.cops._lang(lang)), 'attitude', attitude); }
  conditionName(condition, lang = 'fr') { return this._name(this.m._cops_condition_name(int(condition, 'condition', 0), this.cops._lang(lang)), 'condition', condition); }
  stoppingName(result, lang = 'fr') { return this._name(this.m._cops_stopping_name(int(result, 'result'), this.cops._lang(lang)), 'stopping result', result); }
  restName(rest, lang = 'fr') { return this._name(this.m._cops_rest_name(this._member(rest, RESTS, 'rest'), this.cops._lang(lang)), 'rest', rest); }
  treatmentName(kind, lang = 'fr') { return this._name(this.m._cops_treatment_name(this._member(kind, TREATMENTS, 'treatment'), this.cops._lang(lang)), 'treatment', kind); }
  healthName(health, lang = 'fr') { return this._name(this.m._cops_health_name(this._member(health, HEALTH, 'health'), this.cops._lang(lang)), 'health', health); }
  chaseBandName(band, lang = 'fr') { return this._name(this.m._cops_chase_band_name(this._member(band, BANDS, 'band'), this.cops._lang(lang)), 'band', band); }
  interviewAttitudeName(attitude, lang = 'fr') {
    const a = this._parsed(this.m._cops_interview_attitude_parse, attitude, 'attitude');
    return this._name(this.m._cops_interview_attitude_name(a, this.cops._lang(lang)), 'attitude', attitude);
  }
  methodCharacteristic(method) {
    const c = this.m._cops_method_characteristic(this._parsed(this.m._cops_skill_parse, method, 'method'));
    if (c < 0) throw new CopsError(-1, `a method is Intimidation, Éloquence or Rhétorique, not '${method}'`);
    return this._name(this.m._cops_characteristic_name(c, 0), 'characteristic', c);
  }
  traitName(trait, lang = 'fr') {
    const t = this._parsed(this.m._cops_trait_parse, trait, 'trait');
    return this._name(this.m._cops_trait_name(t, this.cops._lang(lang)), 'trait', trait);
  }
  relationKindName(kind, lang = 'fr') { return this._name(this.m._cops_relation_kind_name(this._member(kind, RELATION_KINDS, 'kind'), this.cops._lang(lang)), 'kind', kind); }
  relationLevelName(kind, level, lang = 'fr') {
    const k = this._member(kind, RELATION_KINDS, 'kind');
    int(level, 'level', 1, 4);
    return this._name(this.m._cops_relation_level_name(k, level, this.cops._lang(lang)), 'level', level);
  }
  upkeepName(upkeep, lang = 'fr') { return this._name(this.m._cops_upkeep_name(this._member(upkeep, UPKEEPS, 'upkeep'), this.cops._lang(lang)), 'upkeep', upkeep); }
  /** A skill of C3 by name in any spelling (or index): { name, english, characteristic,
   * adrenaline, specialisation_level, specialisations, free_specialisations }. */
  skill(name) {
    const m = this.m;
    const k = this._parsed(m._cops_skill_parse, name, 'skill');
    const count = m._cops_skill_count();
    if (k < 0 || k >= count) throw new CopsError(-2, `skill ${k} out of range 0..${count - 1}`);
    const level = m._cops_skill_specialisation_level(k);
    return { name: m.UTF8ToString(m._cops_skill_name(k, 0)), english: m.UTF8ToString(m._cops_skill_name(k, 1)),
      characteristic: m.UTF8ToString(m._cops_characteristic_name(m._cops_skill_characteristic(k), 0)),
      adrenaline: m._cops_skill_adrenaline(k) === 1, specialisation_level: level > 0 ? level : null,
      specialisations: Array.from({ length: m._cops_skill_specialisation_count(k) }, (_, i) =>
        m.UTF8ToString(m._cops_skill_specialisation_name(k, i))),
      free_specialisations: m._cops_skill_specialisation_free(k) === 1 };
  }
  /** The 27 skills of C3, in order. */
  skills() { return Array.from({ length: this.m._cops_skill_count() }, (_, k) => this.skill(k)); }
  /** The hit zone of a location d10 (C10.3) and its damage modifier: [zone, modifier]. */
  zoneOfDie(d10) {
    const z = this.m._cops_zone_of_die(int(d10, 'd10'));
    if (z < 0) throw new CopsError(-1, `a location die is 1..10, not ${d10}`);
    return [this.m.UTF8ToString(this.m._cops_zone_name(z, 1)), this.m._cops_zone_modifier(z)];
  }
  /** The side of the body a location d10 gives under A4.1: 'right' (1, 8), 'left' (2, 9),
   * null for the others. */
  bodySide(d10) {
    const side = this.m._cops_body_side_of_die(int(d10, 'd10'));
    if (side < 0) throw new CopsError(-1, `a location die is 1..10, not ${d10}`);
    return this.cops._str(this.m._cops_body_side_name(side, 1));
  }
  /** A side's name ('right', 'left') in a language. */
  bodySideName(side, lang = 'fr') {
    const s = this._member(side, ['right', 'left'], 'side') + 1;
    return this._name(this.m._cops_body_side_name(s, this.cops._lang(lang)), 'side', side);
  }
  /** The mishaps of A5, by bit order. */
  mishapNames() { return [0, 1, 2, 3].map((b) => this._name(this.m._cops_mishap_name(1 << b), 'mishap', b)); }
  /** The event types, in order (docs/events.md), then the Storyteller module's from type 1000
   * on and the D6 module's from type 2000 on when the library holds them. */
  eventTypeNames() {
    const names = this._list(this.m._cops_event_type_name);
    for (const first of [1000, 2000])
      for (let i = first; i < first + 64; i++) {
        const p = this.m._cops_event_type_name(i);
        if (!p) break;
        names.push(this.m.UTF8ToString(p));
      }
    return names;
  }
  /** The initiatives a character of this Réflexes may choose (C6): [lowest, highest]. */
  initiativeRange(reflexes) {
    int(reflexes, 'reflexes');
    const c = this.cops.cell;
    if (this.m._cops_initiative_range(reflexes, c, c + 4)) throw new CopsError(-2, `Réflexes ${reflexes} out of range 1..5`);
    return [this.m.getValue(c, 'i32'), this.m.getValue(c + 4, 'i32')];
  }
  /** The PR, PU and FA a weapon's name carries ("Vulcan 051": [0, 5, 1]). */
  weaponValuesFromName(name) {
    const c = this.cops.cell;
    const rc = this.cops._withString(name, (p) => this.m._cops_weapon_values_from_name(p, c, c + 4, c + 8), 'name');
    if (rc) throw new CopsError(rc, `no PR/PU/FA code in '${name}'`);
    return [0, 4, 8].map((o) => this.m.getValue(c + o, 'i32'));
  }
}
