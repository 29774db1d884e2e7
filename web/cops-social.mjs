// libcops from JavaScript: Interrogations and interviews (COPS.md C10, docs/interrogations.md).

import {
  CopsError, Owned, Struct, bool, instance, int, lines, logJsonl, logNarrate, options, typeName,
} from './cops-base.mjs';
import { ACTION_SIZE } from './cops-dice.mjs';
import { Character } from './cops-sheet.mjs';

const EVALUATION = new Struct([['size', 'u32'], ['wishes', ['i32', 8]], ['nwishes', 'i32'], ['dice_mod', 'i32'],
  ['threshold_mod', 'i32'], ['difficulty_mod', 'i32'], ['anciennete', 'i32']]);
const APPROACH = ['skill', 'attitude', 'affinity', 'deficiency', 'resistance_up', 'dice_mod', 'threshold_mod', 'anciennete'];
const IV_RESULTS = ['won', 'tied', 'lost'];

/** cops_approach in C memory from an approach object, for fn(ptr); resistance_up only
 * where the caller counts it (free: an approach outside an interview). */
function withApproach(ctx, a, free, fn) {
  if (typeof a !== 'object' || a === null) throw new TypeError(`an approach must be an object, not ${typeName(a)}`);
  const known = ['method', 'attitude', 'affinity', 'deficiency', 'dice_mod', 'threshold_mod', 'anciennete',
    ...(free ? ['resistance_up'] : [])];
  for (const k of Object.keys(a))
    if (!known.includes(k)) throw new CopsError(-1, `approach: unknown field '${k}' (${known.join(', ')})`);
  const m = ctx.m;
  const cell = ctx.cops.cell;
  const skill = ctx.cops._withString(a.method, (p) => {
    ctx.cops._check(m._cops_skill_parse(p, cell), 0, `unknown method '${a.method}'`);
    return m.getValue(cell, 'i32');
  }, 'method');
  const attitude = ctx.cops._withString(a.attitude, (p) => {
    ctx.cops._check(m._cops_interview_attitude_parse(p, cell), 0, `unknown attitude '${a.attitude}'`);
    return m.getValue(cell, 'i32');
  }, 'attitude');
  const size = 4 * (1 + APPROACH.length);
  const p = m._malloc(size + 24);
  try {
    ctx._check(m._cops_approach_init_sized(p, size, skill, attitude));
    const flag = (f) => (a[f] === undefined ? 0 : (bool(a[f], f) ? 1 : 0));
    m.setValue(p + 12, flag('affinity'), 'i32');
    m.setValue(p + 16, flag('deficiency'), 'i32');
    if (a.resistance_up !== undefined) m.setValue(p + 20, int(a.resistance_up, 'resistance_up'), 'i32');
    if (a.dice_mod !== undefined) m.setValue(p + 24, int(a.dice_mod, 'dice_mod'), 'i32');
    if (a.threshold_mod !== undefined) m.setValue(p + 28, int(a.threshold_mod, 'threshold_mod'), 'i32');
    m.setValue(p + 32, flag('anciennete'), 'i32');
    return fn(p);
  } finally {
    m._free(p);
  }
}

/** The calls of a Context for this area (Context.prototype takes them). */
export const socialContext = {
  /** An interrogation's subject (docs/interrogations.md). */
  subject(doc) { return this._fromText(this.m._cops_subject_from_json, doc, 'subject', Subject); },
  subjectFile(path) { return this._fromFile(this.m._cops_subject_load, path, Subject); },
  /** A blank subject of that name, to fill in. */
  newSubject(name) {
    this.cops._withString(name, (p) => this._check(this.m._cops_subject_new(this.cops.cell, this._h, p)), 'name');
    return new Subject(this, this.m.getValue(this.cops.cell, 'i32'));
  },
  /** An interview of subject by cop (a Character); both stay in use while it lives. */
  interview(subject, cop) {
    instance(subject, Subject, 'subject');
    instance(cop, Character, 'cop');
    this._check(this.m._cops_interview_new(this.cops.cell, this._h, subject._h, cop._h));
    // The interview borrows both (cops_interview_new): they are freed after it, whatever
    // the order of dispose() or of collection.
    const releases = [subject._hold(), cop._hold()];
    const iv = new Interview(this, this.m.getValue(this.cops.cell, 'i32'), () => releases.forEach((r) => r()));
    iv._held = [subject, cop];
    return iv;
  },
  /** resumeInterview() from a file of the memory file system (within Context.confine). */
  resumeInterviewFile(path) { return this._fromFile(this.m._cops_interview_resume_file, path, Interview); },
  /** The exact odds of questioning subject with an approach before any die ({ method,
   * attitude, affinity, deficiency, resistance_up, dice_mod, threshold_mod, anciennete }):
   * { win, tie, lose, tiers, mean_tiers } (cops_approach_odds, C4.4-C4.8). */
  approachOdds(subject, cop, approach) {
    instance(subject, Subject, 'subject');
    instance(cop, Character, 'cop');
    return withApproach(this, approach, true, (p) => interrogationOdds(this, (o) => this.m._cops_approach_odds(subject._h, cop._h, p, o)));
  },
  /** The two opposed rolls of an approach in notation: [the interrogator's, the subject's]. */
  approachRolls(subject, cop, approach) {
    instance(subject, Subject, 'subject');
    instance(cop, Character, 'cop');
    const m = this.m;
    return withApproach(this, approach, true, (p) => {
      const a = m._malloc(2 * ACTION_SIZE + 64);
      try {
        m.setValue(a, ACTION_SIZE, 'i32');
        m.setValue(a + ACTION_SIZE, ACTION_SIZE, 'i32');
        this._check(m._cops_approach_actions(subject._h, cop._h, p, a, a + ACTION_SIZE));
        return [a, a + ACTION_SIZE].map((x) => {
          this._check(m._cops_action_format(x, a + 2 * ACTION_SIZE, 64));
          return m.UTF8ToString(a + 2 * ACTION_SIZE);
        });
      } finally {
        m._free(a);
      }
    });
  },
  resumeInterview(save) { return this._fromText(this.m._cops_interview_resume, save, 'save', Interview); },
};

/** An interrogation's subject (cops_subject, docs/interrogations.md). */
export class Subject extends Owned {
  constructor(ctx, ptr, owner = null) {
    super(ctx, ptr, owner ? null : (p) => ctx.m._cops_subject_free(p));
    this._owner = owner;   // a resumed interview owns its subject
  }
  get name() { return this.cops._str(this.m._cops_subject_name(this._h)); }
  /** Write the subject to a file of the memory file system, with what it has been through
   * (the methods barred, the resistance increases: C4.7). */
  save(path) { this.cops._withString(path, (p) => this.ctx._check(this.m._cops_subject_save(this._h, p)), 'path'); }
  _trait(name) { return this.cops.catalogue._parsed(this.m._cops_characteristic_parse, name, 'characteristic'); }
  _attitude(name) { return this.cops.catalogue._parsed(this.m._cops_interview_attitude_parse, name, 'attitude'); }
  _method(name) { return this.cops.catalogue._parsed(this.m._cops_skill_parse, name, 'method'); }
  _kind(kind) { return this.cops.catalogue._member(kind, ['affinity', 'deficiency'], 'kind'); }
  /** Sang-froid, Charme or Éducation (C4.1). */
  characteristic(name) { return this.ctx._check(this.m._cops_subject_characteristic(this._h, this._trait(name))); }
  setCharacteristic(name, value) { this.ctx._check(this.m._cops_subject_set_characteristic(this._h, this._trait(name), int(value, 'value'))); }
  resistance(name) {
    this.ctx._check(this.m._cops_subject_resistance(this._h, this._trait(name), this.cops.cell));
    return this.m.getValue(this.cops.cell, 'i32');
  }
  setResistance(name, modifier) { this.ctx._check(this.m._cops_subject_set_resistance(this._h, this._trait(name), int(modifier, 'modifier'))); }
  /** The subject's reaction to an interrogator's attitude (C4.3). */
  reaction(attitude) {
    this.ctx._check(this.m._cops_subject_reaction(this._h, this._attitude(attitude), this.cops.cell));
    return this.m.getValue(this.cops.cell, 'i32');
  }
  setReaction(attitude, reaction) { this.ctx._check(this.m._cops_subject_set_reaction(this._h, this._attitude(attitude), int(reaction, 'reaction'))); }
  /** 'dice' (added to the interrogator's roll) or 'resistance' (off the subject's). */
  get reactionMode() { return ['dice', 'resistance'][this.ctx._check(this.m._cops_subject_reaction_mode(this._h))]; }
  set reactionMode(mode) { this.ctx._check(this.m._cops_subject_set_reaction_mode(this._h, this.cops.catalogue._member(mode, ['dice', 'resistance'], 'mode'))); }
  /** 'affinity' or 'deficiency' tags (C4.6). */
  addTag(kind, tag) {
    const k = this._kind(kind);
    this.cops._withString(tag, (p) => this.ctx._check(this.m._cops_subject_add_tag(this._h, k, p)), 'tag');
  }
  tags(kind) {
    const k = this._kind(kind);
    const n = this.ctx._check(this.m._cops_subject_tag_count(this._h, k));
    return Array.from({ length: n }, (_, i) => this.cops._str(this.m._cops_subject_tag(this._h, k, i)));
  }
  hasTag(kind, tag) {
    const k = this._kind(kind);
    return this.cops._withString(tag, (p) => this.ctx._check(this.m._cops_subject_has_tag(this._h, k, p)) === 1, 'tag');
  }
  /** A fact of a tier (C4.5); facts: [[tier, text], ...]. */
  addFact(tier, fact) {
    int(tier, 'tier');
    this.cops._withString(fact, (p) => this.ctx._check(this.m._cops_subject_add_fact(this._h, tier, p)), 'fact');
  }
  get facts() {
    const n = this.ctx._check(this.m._cops_subject_fact_count(this._h));
    return Array.from({ length: n }, (_, i) => {
      const t = this.m._cops_subject_fact(this._h, i, this.cops.cell);
      return [this.m.getValue(this.cops.cell, 'i32'), this.cops._str(t)];
    });
  }
  /** A method lost for everyone after a failure (C4.7), and the resistance increases kept. */
  barred(method) { return this.ctx._check(this.m._cops_subject_barred(this._h, this._method(method))) === 1; }
  setBarred(method, barred = true) { this.ctx._check(this.m._cops_subject_set_barred(this._h, this._method(method), bool(barred, 'barred') ? 1 : 0)); }
  get resistanceUp() { return this.ctx._check(this.m._cops_subject_resistance_up(this._h)); }
  set resistanceUp(up) { this.ctx._check(this.m._cops_subject_set_resistance_up(this._h, int(up, 'resistanceUp'))); }
  toJSON() { this.ctx._check(this.m._cops_subject_to_json(this._h, this.cops.cell)); return JSON.parse(this.cops._taken()); }
}

/** An interview (cops_interview): a cop's interrogations of a subject, saved and resumed. */
export class Interview extends Owned {
  constructor(ctx, ptr, after = null) { super(ctx, ptr, (p) => ctx.m._cops_interview_free(p), after); }
  /** One interrogation: { method, attitude, affinity, deficiency, dice_mod, threshold_mod,
   * anciennete } → { result: 'won'|'tied'|'lost', margin, tiers, learnt, anciennete }. */
  ask(a) {
    return this._withApproach(a, (p) => {
      const m = this.m;
      const r = m._malloc(24);
      try {
        m.setValue(r, 24, 'i32');
        this.ctx._check(m._cops_interview_ask(this._h, p, r));
        const at = (k) => m.getValue(r + 4 * k, 'i32');
        return { result: IV_RESULTS[at(1)], margin: at(2), tiers: at(3), learnt: at(4), anciennete: at(5) === 1 };
      } finally {
        m._free(r);
      }
    });
  }
  _withApproach(a, fn) { return withApproach(this.ctx, a, false, fn); }
  /** New evidence (C4.7): barred methods and the resistance back. */
  evidence() { this.ctx._check(this.m._cops_interview_evidence(this._h)); }
  barred(method) {
    const k = this.cops.catalogue._parsed(this.m._cops_skill_parse, method, 'method');
    return this.ctx._check(this.m._cops_interview_barred(this._h, k)) === 1;
  }
  get resistanceUp() { return this.ctx._check(this.m._cops_interview_resistance_up(this._h)); }
  get asked() { return this.ctx._check(this.m._cops_interview_asked(this._h)); }
  /** Whether the interrogator knows a trait of the subject (C4.1). */
  knows(trait) {
    const t = this.cops.catalogue._parsed(this.m._cops_trait_parse, trait, 'trait');
    return this.ctx._check(this.m._cops_interview_knows(this._h, t)) === 1;
  }
  /** The exact odds of an approach now (C4.1, C4.7, C4.8): { win, tie, lose, tiers, mean_tiers }; gm
   * when the GM knows the subject's reactions. */
  odds(approach, { gm = false } = {}) {
    bool(gm, 'gm');
    return this._withApproach(approach, (p) => {
      const m = this.m;
      const o = m._malloc(120);
      try {
        m.setValue(o, 120, 'i32');
        this.ctx._check(m._cops_interview_odds(this._h, p, gm ? 1 : 0, o));
        return readOdds(m, o);
      } finally {
        m._free(o);
      }
    });
  }
  /** The subject questioned and the interrogator (an interview resumed from a save owns
   * its own: they go with it). */
  get subject() {
    if (this._held) return this._held[0];
    this._subject ??= new Subject(this.ctx, this.m._cops_interview_subject(this._h), this);
    return this._subject;
  }
  get interrogator() {
    if (this._held) return this._held[1];
    this._cop ??= new Character(this.ctx, this.m._cops_character_retain(this.m._cops_interview_interrogator(this._h)));
    return this._cop;
  }
  dispose() {
    if (this._subject) this._subject._ptr = 0;
    super.dispose();
  }
  /**
   * The first contact (C4.1), once: Psychologie/Perception (2) reveals the first of the
   * wishes not known yet (traits: 'Sang-froid', 'Charme', 'Éducation' or an attitude), one
   * more per point of MR; null wishes the eight in order. opts: dice_mod, threshold_mod,
   * difficulty_mod, anciennete. The traits revealed.
   */
  evaluate(wishes = null, opts = {}) {
    const o = options(opts, ['dice_mod', 'threshold_mod', 'difficulty_mod', 'anciennete']);
    const list = wishes === null ? [0, 1, 2, 3, 4, 5, 6, 7] : wishes;
    if (!Array.isArray(list)) throw new TypeError(`wishes must be an array or null, not ${typeName(list)}`);
    if (list.length > 8) throw new CopsError(-2, 'wishes: at most eight traits');
    const traits = list.map((w) => this.cops.catalogue._parsed(this.m._cops_trait_parse, w, 'trait'));
    return EVALUATION.with(this.m, (e) => {
      this.ctx._check(this.m._cops_evaluation_init_sized(e, EVALUATION.size));
      EVALUATION.set(this.m, e, 'wishes', [...traits, ...Array(8 - traits.length).fill(0)]);
      EVALUATION.set(this.m, e, 'nwishes', traits.length);
      for (const f of ['dice_mod', 'threshold_mod', 'difficulty_mod']) if (o[f] !== undefined) EVALUATION.set(this.m, e, f, o[f]);
      EVALUATION.set(this.m, e, 'anciennete', o.anciennete !== undefined && bool(o.anciennete, 'anciennete') ? 1 : 0);
      this.ctx._check(this.m._cops_interview_evaluate(this._h, e, this.cops.cell));
      return this.m.getValue(this.cops.cell, 'i32');
    });
  }
  /** The evaluation was made. */
  get evaluated() { return this.ctx._check(this.m._cops_interview_evaluated(this._h)) === 1; }
  /** The traits the interrogator knows, in the catalogue's order (traitName). */
  get known() {
    const out = [];
    for (let k = 0; k < 8; k++)
      if (this.m._cops_interview_knows(this._h, k) === 1) out.push(this.cops.catalogue.traitName(k));
    return out;
  }
  /** The facts learnt, in the subject's order. */
  get learnt() {
    return this.subject.facts.filter((_, i) => this.ctx._check(this.m._cops_interview_learnt(this._h, i)) === 1);
  }
  /** save() to a file of the memory file system (within Context.confine). */
  saveFile(path) { this.cops._withString(path, (p) => this.ctx._check(this.m._cops_interview_save_file(this._h, p)), 'path'); }
  get _log() { return this.m._cops_interview_log(this._h); }
  jsonl(from = 0) { return logJsonl(this, this._log, from); }
  events(from = 0) { return lines(this.jsonl(from)); }
  narrate(from = 0, lang = 'fr') { return logNarrate(this, this._log, from, lang); }
  save() { this.ctx._check(this.m._cops_interview_save(this._h, this.cops.cell)); return this.cops._taken(); }
}

/** cops_interrogation_odds read. */
function readOdds(m, o) {
  const d = (k) => m.getValue(o + 8 * k, 'double');
  return { win: d(1), tie: d(2), lose: d(3), tiers: Array.from({ length: 10 }, (_, k) => d(4 + k)), mean_tiers: d(14) };
}

/** The odds fill(out) writes into a cops_interrogation_odds. */
function interrogationOdds(ctx, fill) {
  const m = ctx.m;
  const o = m._malloc(120);
  try {
    m.setValue(o, 120, 'i32');
    ctx._check(fill(o));
    return readOdds(m, o);
  } finally {
    m._free(o);
  }
}
