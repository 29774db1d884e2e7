// Types of libcops from JavaScript (docs/javascript.md): cops.mjs, cops-node.mjs and
// cops-single.mjs. The events' types (events.d.mts) are generated from their schema by the
// build. tsc --strict checks them against tests/web/types.mts from an installed package in
// the test command (tests/web/package.sh).
import type { Die, Event } from './events.mjs';
export * from './events.mjs';

/** The C API's error names (COPS_EINVAL ...), by the negated code. */
export const ERRORS: readonly string[];

/** A refusal of the library: its code's name, its number, the context's message. */
export class CopsError extends Error {
  readonly name: 'CopsError';
  /** 'COPS_EINVAL', 'COPS_ESYNTAX', 'COPS_EJSON', 'COPS_ESTATE' ... */
  readonly code: string;
  /** The C return code (negative). */
  readonly status: number;
}

export interface LoadOptions {
  /** The module's bytes (Node.js reads libcops.wasm beside cops.mjs by default). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the browser fetches libcops.wasm (beside cops.mjs by default). */
  wasmUrl?: string;
}

/** Load libcops.wasm. */
export function load(options?: LoadOptions): Promise<Cops>;

export type Seed = number | bigint | string;
export type Lang = 'fr' | 'en' | 'es';
export type Ruleset = 'core' | 'alternative';
export type ActionName = 'wait' | 'shoot' | 'burst' | 'cover' | 'melee' | 'strike' | 'hold' |
  'throw' | 'escape' | 'move' | 'reload' | 'draw' | 'stand_up' | 'first_aid' | 'medicine';

export interface ContextOptions {
  /** The seeded stream of cops_ctx_seed (0 .. 2^64 - 1). */
  seed?: Seed;
  /** 32 bytes: cops_ctx_seed_bytes. */
  key?: ArrayLike<number>;
  /** Every face from the caller: sides is 10 or 6; a face outside 1..sides is COPS_ERNG. */
  callback?: (sides: number) => number;
}

/** The loaded library. */
export class Cops {
  readonly version: string;
  /** Write a file into the module's memory file system (sheets, weapons, scenarios). */
  writeFile(path: string, text: string | Uint8Array): void;
  /** A context; without options its dice come from the system (crypto.getRandomValues). */
  context(options?: ContextOptions): Context;
  actionName(action: number): string;
  actionParse(text: ActionName | string | number): number;
  attitudeName(attitude: number, lang?: Lang): string;
  attitudeParse(text: string | number): number;
  conditionNames(bits: number, lang?: Lang): string[];
  /** Whether a text is a sealed save. */
  isSealed(text: string): boolean;
  /** The rules' catalogue: names of every game term. */
  readonly catalogue: Catalogue;
}

/** The rules' catalogue, as Python's and Lua's cops.catalogue. */
export class Catalogue {
  characteristics(lang?: Lang): string[];
  languages(): Lang[];
  language(code: Lang | number): number;
  actionNames(): string[];
  modeNames(): string[];
  rulesetNames(): string[];
  purposeNames(): string[];
  weaponKinds(lang?: Lang): string[];
  weaponKind(name: string | number): number;
  weaponFields(): string[];
  locations(lang?: Lang): string[];
  location(name: string | number): number;
  zoneName(zone: number, lang?: Lang): string;
  attitudeName(attitude: number, lang?: Lang): string;
  conditionName(condition: number, lang?: Lang): string;
  stoppingName(result: number, lang?: Lang): string;
  restName(rest: 'none' | 'natural' | 'hospital' | number, lang?: Lang): string;
  treatmentName(kind: 'first_aid' | 'stabilise' | 'medicine' | number, lang?: Lang): string;
  healthName(health: 'healthy' | 'below_half' | 'unconscious' | 'dying' | 'dead' | 'dead_final' | number, lang?: Lang): string;
  chaseBandName(band: 'short' | 'intermediate' | 'long' | number, lang?: Lang): string;
  interviewAttitudeName(attitude: string | number, lang?: Lang): string;
  methodCharacteristic(method: string | number): string;
  traitName(trait: string | number, lang?: Lang): string;
  relationKindName(kind: 'ally' | 'informant' | number, lang?: Lang): string;
  relationLevelName(kind: 'ally' | 'informant' | number, level: number, lang?: Lang): string;
  upkeepName(upkeep: 'none' | 'money' | 'information' | 'services' | 'favours' | number, lang?: Lang): string;
  initiativeRange(reflexes: number): [number, number];
  weaponValuesFromName(name: string): [number, number, number];
}

/** A roll as cops_roll_to_json writes it. */
export interface Roll {
  kind: string; action: string; pool: number; threshold: number; difficulty: number;
  unskilled: boolean; dice: Die[]; successes: number; success: boolean; margin: number;
  capped: boolean; [key: string]: unknown;
}
/** Exact odds of an action: pmf[k] = P(k successes). */
export interface Odds { success: number; expected: number; pmf: number[] }

/**
 * What every handle has: freed by dispose() (also `[Symbol.dispose]`, so `using` frees it
 * where the language has it); one a program forgets is freed when collected; used after
 * dispose() it throws CopsError COPS_ESTATE.
 */
export class Handle {
  /** Free it now; again does nothing. */
  dispose(): void;
  /** True once disposed (or its owner was). */
  readonly disposed: boolean;
  /** The 0.16 name of dispose(). */
  free(): void;
}

export class Context extends Handle {
  seed(seed: Seed): void;
  seedBytes(key: ArrayLike<number>): void;
  useSystem(): void;
  useCallback(fn: (sides: number) => number): void;
  /** Roll a notation ("4+/3 (2)", COPS.md C1). */
  roll(notation: string, options?: { unskilled?: boolean }): Roll;
  odds(notation: string): Odds;
  newCharacter(): Character;
  newWeapon(kind: string | number, name: string): Weapon;
  newArmour(name: string): Armour;
  character(sheet: string | object): Character;
  weapon(weapon: string | object): Weapon;
  armour(armour: string | object): Armour;
  /** A scenario; file names in it resolve from baseDir of the memory file system. */
  scenario(json: string | object, baseDir?: string | null): Scenario;
  scenarioFile(path: string): Scenario;
  encounter(ruleset?: Ruleset): Encounter;
  /** An encounter resumed from Encounter.save()'s text. */
  resume(save: string | object): Encounter;
  chase(json: string | object, baseDir?: string | null): Chase;
  chaseFile(path: string): Chase;
  resumeChase(save: string | object): Chase;
  subject(json: string | object): Subject;
  subjectFile(path: string): Subject;
  newSubject(name: string): Subject;
  interview(subject: Subject, cop: Character): Interview;
  resumeInterview(save: string | object): Interview;
  sim(scenario: Scenario, options?: { seed?: Seed }): Sim;
  stFight(json: string | object, baseDir?: string | null): StFight;
  stFightFile(path: string): StFight;
  d6Fight(json: string | object, baseDir?: string | null): D6Fight;
  d6FightFile(path: string): D6Fight;
  oddsPmf(notation: string, k: number): number;
  oddsAtLeast(notation: string, k: number): number;
  oddsMarginAtLeast(notation: string, margin: number): number;
  oddsExpected(notation: string): number;
  oddsQuantile(notation: string, q: number): number;
  oddsDiceFor(notation: string, p: number): number;
  oddsThresholdFor(notation: string, p: number): number;
  /** P(success) plain, with the Adrénaline die (null: no room), with Ancienneté, with both. */
  oddsPoints(notation: string): { plain: number; adrenaline: number | null; anciennete: number; both: number | null };
  oddsOpposed(notationA: string, notationB: string, minSuccesses?: number): { a: number; none: number; b: number };
  oddsOpposedDifference(notationA: string, notationB: string, difference: number): number;
  rollPool(dice: number, threshold: number, difficulty: number, options?: { unskilled?: boolean }): Roll;
  rollD6(count: number, options?: { highest?: boolean }): Roll;
  rollOpposed(notationA: string, notationB: string, minSuccesses?: number): { a: Roll; b: Roll; winner: 'a' | 'b' | null; margin: number };
  /** A log of one's own, for wounds over time and one-off procedures. */
  log(): Log;
  /** One attack (docs/attacks.md); all or nothing. */
  attack(situation: Situation, options?: { log?: Log | null }): Outcome;
  /** The exact odds of an attack (schemas/attack-odds.schema.json). */
  attackOdds(situation: Situation): AttackOdds;
  /** First aid, stabilisation, Médecine (docs/healing.md); all or nothing. */
  treat(healer: Character, patient: Character, kind: TreatmentKind, options?: TreatmentOptions & { log?: Log | null }): Treated;
  treatOdds(healer: Character, patient: Character, kind: TreatmentKind, options?: TreatmentOptions): TreatmentOdds;
  treatmentAction(healer: Character, patient: Character, kind: TreatmentKind, options?: TreatmentOptions): string;
  /** A save sealed with a 32-byte key (docs/api.md, "Sealed saves"). */
  seal(key: Uint8Array, text: string): string;
  /** A sealed save's text; CopsError COPS_ESEAL for another key or a changed byte. */
  unseal(key: Uint8Array, sealed: string): string;
}

export class Character extends Handle {
  /**
   * Roll for the character: its skill and characteristic by name, its wounds (C1, C5).
   * One who cannot act (C8.2) throws COPS_ERULE unless notAnAction (the GM's roll).
   */
  roll(notation: string,
    options?: { adrenaline?: boolean; anciennete?: false; notAnAction?: boolean }): Roll;
  /** The same, a failure rolled again for an Ancienneté point (null when it succeeded). */
  roll(notation: string, options: { adrenaline?: boolean; anciennete: true; notAnAction?: boolean }):
    { roll: Roll; anciennete: Roll | null };
  readonly hp: number;
  readonly maxHp: number;
  readonly conditions: number;
  /** The sheet (docs/sheets.md). */
  name: string;
  characteristic(name: string | number): number;
  setCharacteristic(name: string | number, value: number): void;
  /** The level (2..9), null without the skill. */
  skill(name: string | number): number | null;
  setSkill(name: string | number, level: number, specialisations?: string[]): void;
  removeSkill(name: string | number): void;
  specialisations(name: string | number): string[];
  /** [current, max]. */
  points(kind: 'adrenaline' | 'anciennete'): [number, number];
  setPoints(adrenalineMax: number, ancienneteMax: number): void;
  setCurrentPoints(kind: 'adrenaline' | 'anciennete', current: number): void;
  recoverPoint(kind: 'adrenaline' | 'anciennete'): void;
  spendPermanently(kind: 'adrenaline' | 'anciennete'): void;
  damage(amount: number): void;
  heal(amount: number): void;
  setHp(hp: number): void;
  readonly health: 'healthy' | 'below_half' | 'unconscious' | 'dying' | 'dead' | 'dead_final';
  healthName(lang?: Lang): string;
  setConditions(bits: number, on?: boolean): void;
  /** [difficulty, rounds]. */
  recovery(): [number, number];
  setRecovery(difficulty: number): void;
  /** P(success) of a notation naming its skill and characteristic. */
  odds(notation: string): number;
  /** Relations (C9, docs/relations.md), by index or name. */
  addRelation(name: string, kind: 'ally' | 'informant' | string, level: number, upkeep?: Upkeep | null): number;
  relation(relation: number | string): Relation;
  readonly relations: Relation[];
  removeRelation(relation: number | string): void;
  setRelationLevel(relation: number | string, level: number): void;
  setRelationUpkeep(relation: number | string, upkeep: Upkeep): void;
  setDomain(relation: number | string, domain: string, rating: number): void;
  removeDomain(relation: number | string, domain: string): void;
  push(relation: number | string, domain: string): void;
  release(relation: number | string): void;
  information(relation: number | string, domain: string): number;
  /** Wounds over time (docs/healing.md); events go to { log, id }. */
  readonly time: number;
  advance(seconds: number, options?: LogTo): void;
  bleeding(): { period: number; next: number; stabilised: ('stabilise' | 'medicine')[] };
  readonly lostRecently: number;
  lastingWounds: number;
  setRest(kind: 'none' | 'natural' | 'hospital', options?: LogTo & { fixed?: number }): void;
  night(kind: 'adrenaline' | 'anciennete' | null, options?: LogTo & { seconds?: number }): void;
  revive(options?: LogTo): void;
  declareDead(options?: LogTo): void;
  /** What a board shows of its health. */
  readonly healthState: HealthState;
  toJSON(): object;
}
export class Weapon extends Handle {
  readonly name: string;
  toJSON(): object;
  readonly kind: number;
  /** [skill, specialisation]. */
  readonly skill: [string, string];
  setSkill(skill: string | number, specialisation?: string | null): void;
  /** A field by name (cops.catalogue.weaponFields()). */
  get(field: string | number): number;
  set(field: string | number, value: number): void;
  reload(): void;
}
export class Armour extends Handle {
  readonly name: string;
  toJSON(): object;
  /** [dice, fixed] at a location. */
  protection(location: string | number): [number, number];
  setProtection(location: string | number, dice: number, fixed: number): void;
  againstThrows: boolean;
}

export class Scenario extends Handle {
  readonly name: string;
  readonly sides: string[];
  /** Owned by the scenario: freed with it. */
  readonly encounter: Encounter;
}

/** cops_declaration's fields; the action by name; fields left out take the defaults. */
export interface Declaration {
  action: ActionName | string;
  attitude?: number | string; initiative?: number; target?: number; weapon?: number;
  shots?: number; moving?: number | boolean; x?: number; y?: number; difficulty?: number;
  dice_mod?: number; threshold_mod?: number; difficulty_mod?: number;
  long_move?: number | boolean; adrenaline?: number | boolean; anciennete?: number | boolean;
  aim?: number; bullets?: number; circumstances?: number; keep?: number;
}
/** A declaration as the library gives it back: every field. */
export type FullDeclaration = Required<Declaration> & { action: ActionName; attitude: number };

export interface Combatant {
  id: number; name: string; side: number; x: number; y: number; hp: number; max_hp: number;
  conditions: number; condition_names: string[]; present: boolean; able: boolean;
  controlled: boolean; weapon: { name: string; loaded: number } | null;
}


/** The exact odds of a planned attack, as cops_attack_odds_to_json writes them. */
export interface AttackOdds {
  schema: number; p_hit: number; p_hit_back: number; in: number[];
  zones: Record<string, number>; damage: number[]; stopping: Record<string, number>;
  p_down: number; p_dead: number; [key: string]: unknown;
}

export class Encounter extends Handle {
  add(character: Character, side: number, x?: number, y?: number): number;
  giveWeapon(id: number, weapon: Weapon): void;
  setArmour(id: number, armour: Armour | null): void;
  seed(seed: Seed): void;
  ruleset: Ruleset;
  readonly count: number;
  readonly round: number;
  readonly over: boolean;
  /** The winning side once over; null when none won or not over. */
  readonly winner: number | null;
  combatant(id: number): Combatant;
  combatants(): Combatant[];
  weapons(id: number): { name: string; loaded: number }[];
  setPosition(id: number, x: number, y: number): void;
  remove(id: number): void;
  reset(): void;
  setControlled(id: number, on?: boolean): void;
  initiativeRange(id: number): [number, number];
  allowed(id: number, action: ActionName | string | number): { allowed: boolean; why: string };
  beginRound(): void;
  declare(id: number, declaration: Declaration): void;
  declaration(id: number): FullDeclaration;
  suggest(id: number): FullDeclaration;
  odds(id: number, declaration: Declaration): AttackOdds;
  resolveRound(): void;
  runRound(): void;
  run(): void;
  readonly eventCount: number;
  jsonl(from?: number): string;
  events(from?: number): Event[];
  narrate(from?: number, lang?: Lang): string;
  save(): string;
  /** The caller's token id (up to 64 bytes), null to drop it. */
  setTag(id: number, tag: string | null): void;
  tag(id: number): string | null;
  findTag(tag: string): number | null;
  /** The whole board (schemas/snapshot.schema.json). */
  snapshot(): { round: number; phase: Phase; combatants: CombatantState[]; [key: string]: unknown };
  state(id: number): CombatantState;
  readonly phase: Phase;
  checkpoint(): Checkpoint;
  rollback(checkpoint: Checkpoint): void;
}

export type Phase = 'between_rounds' | 'declaring' | 'resolved';
export type HealthState = 'healthy' | 'wounded' | 'below_half' | 'unconscious' | 'dying' |
  'stabilised' | 'clinically_dead' | 'dead';
/** A combatant as a board shows it (cops_encounter_state; snapshot's combatants). */
export interface CombatantState {
  id: number; tag: string | null; name: string; side: number; x: number; y: number;
  hp: number; max_hp: number; health_state: HealthState; [key: string]: unknown;
}

/** A checkpoint of an encounter or a chase, for rollback(). */
export class Checkpoint extends Handle {}

/** A log's events, as every fight has them. */
interface Logged {
  jsonl(from?: number): string;
  events(from?: number): Event[];
  narrate(from?: number, lang?: Lang): string;
  save(): string;
}

export type ChaseResult = 'going' | 'caught' | 'escaped';
export interface ChaseDeclaration {
  successes?: number; blacken?: number; adrenaline?: boolean; anciennete?: boolean;
  dice_mod?: number; threshold_mod?: number; difficulty_mod?: number;
}
/** A chase (docs/chases.md). */
export class Chase extends Handle implements Logged {
  readonly name: string;
  readonly count: number;
  readonly round: number;
  readonly result: ChaseResult;
  run(): void;
  resolveRound(): void;
  declare(id: number, declaration: ChaseDeclaration): void;
  suggest(id: number): { successes: number; blacken: number };
  jsonl(from?: number): string;
  events(from?: number): Event[];
  narrate(from?: number, lang?: Lang): string;
  save(): string;
  snapshot(): { [key: string]: unknown };
  setTag(id: number, tag: string | null): void;
  tag(id: number): string | null;
  findTag(tag: string): number | null;
  checkpoint(): Checkpoint;
  rollback(checkpoint: Checkpoint): void;
}

/** An interrogation's subject (docs/interrogations.md). */
export class Subject extends Handle {
  readonly name: string;
  toJSON(): object;
  characteristic(name: string | number): number;
  setCharacteristic(name: string | number, value: number): void;
  resistance(name: string | number): number;
  setResistance(name: string | number, modifier: number): void;
  reaction(attitude: InterviewAttitude | string | number): number;
  setReaction(attitude: InterviewAttitude | string | number, reaction: number): void;
  reactionMode: 'dice' | 'resistance';
  addTag(kind: 'affinity' | 'deficiency', tag: string): void;
  tags(kind: 'affinity' | 'deficiency'): string[];
  hasTag(kind: 'affinity' | 'deficiency', tag: string): boolean;
  addFact(tier: number, fact: string): void;
  /** [tier, text] of each fact. */
  readonly facts: [number, string][];
  barred(method: Method | string): boolean;
  setBarred(method: Method | string, barred?: boolean): void;
  resistanceUp: number;
}
export type Method = 'Intimidation' | 'Éloquence' | 'Rhétorique';
export type InterviewAttitude = 'Agressif' | 'Inquisiteur' | 'Froid' | 'Poli' | 'Amical';
export interface Approach {
  method: Method | string; attitude: InterviewAttitude | string; affinity?: boolean;
  deficiency?: boolean; dice_mod?: number; threshold_mod?: number; anciennete?: boolean;
}
export interface InterviewResult {
  result: 'won' | 'tied' | 'lost'; margin: number; tiers: number; learnt: number; anciennete: boolean;
}
/** An interview (docs/interrogations.md). */
export class Interview extends Handle implements Logged {
  ask(approach: Approach): InterviewResult;
  evidence(): void;
  barred(method: Method | string): boolean;
  readonly resistanceUp: number;
  readonly asked: number;
  knows(trait: string | number): boolean;
  /** The exact odds of an approach now; gm: the subject's reactions known. */
  odds(approach: Approach, options?: { gm?: boolean }): { win: number; tie: number; lose: number; tiers: number[]; mean_tiers: number };
  jsonl(from?: number): string;
  events(from?: number): Event[];
  narrate(from?: number, lang?: Lang): string;
  save(): string;
}

/** A simulation (docs/simulation.md). */
export class Sim extends Handle {
  run(runs: number, from?: number): void;
  readonly fights: number;
  readonly stopped: number;
  wins(side: number): number;
  merge(other: Sim): void;
  compare(other: Sim): { [key: string]: unknown };
  /** The summary, as cops sim --json writes it (schemas/sim.schema.json). */
  toJSON(): { fights: number; [key: string]: unknown };
}

/** A Storyteller or D6 fight (docs/storyteller.md, docs/d6.md). */
declare class ModuleFight extends Handle implements Logged {
  readonly name: string;
  readonly count: number;
  readonly round: number;
  readonly over: boolean;
  readonly winner: number | null;
  seed(seed: Seed): void;
  run(): void;
  runRound(): void;
  jsonl(from?: number): string;
  events(from?: number): Event[];
  narrate(from?: number, lang?: Lang): string;
  save(): string;
}
export class StFight extends ModuleFight {}
export class D6Fight extends ModuleFight {}


/** Where a character's events go. */
export interface LogTo { log?: Log | null; id?: number }

/** A log of one's own (docs/events.md). */
export class Log extends Handle {
  readonly count: number;
  /** The most events it holds (0: no limit). */
  limit: number;
  clear(): void;
  jsonl(from?: number): string;
  events(from?: number): Event[];
  narrate(from?: number, lang?: Lang): string;
}

/** An attack's situation, by cops_situation's field names (docs/attacks.md). */
export interface Situation {
  attacker: Character; target?: Character | null;
  mode?: 'single' | 'burst' | 'cover' | 'melee' | 'strike' | 'hold' | 'throw' | 'escape' | number;
  weapon?: Weapon | null; armour?: Armour | null; target_weapon?: Weapon | null;
  attacker_armour?: Armour | null; attitude?: string | number; target_attitude?: string | number;
  characteristic?: string | number | null; target_stopping?: string | number | null;
  attacker_stopping?: string | number | null; target_mode?: string | number | null;
  rules?: Ruleset; zone?: [number, number, number]; several?: boolean; adrenaline?: boolean;
  anciennete?: boolean; target_adrenaline?: boolean; holding?: boolean; initiative?: number;
  movement?: number; shots_fired?: number; distance?: number; dice_mod?: number;
  threshold_mod?: number; difficulty_mod?: number; target_dice_mod?: number; penetration?: number;
  attacker_id?: number; target_id?: number; target_threshold_mod?: number; distance_cm?: number;
  aim?: number; bullets?: number; knockout_minutes?: number;
}
/** A hit of an attack (cops_hit). */
export interface Hit {
  victim: 'target' | 'attacker'; bullet: number; die: number; location: number; modifier: number;
  raw: number; protection: number; bonus: number; damage: number; stopped: boolean;
  body_side: number; rolled: number;
}
/** What an attack did to one character (cops_victim). */
export interface Victim {
  who: 'target' | 'attacker' | null; hits: number; damage: number; lasting: number;
  hp_before: number; hp_after: number; health_before: number; health_after: number;
  stopping: number; stopping_difficulty: number; conditions: number; stopping_threshold: number;
  mishaps: number; minutes: number;
}
/** What an attack did (cops_outcome). */
export interface Outcome {
  mode: string; hitTarget: boolean; possible: boolean; margin: number | null; fired: number;
  bulletsIn: number; hits: Hit[]; victims: Victim[];
}

export type TreatmentKind = 'first_aid' | 'stabilise' | 'medicine';
export interface TreatmentOptions {
  difficulty?: number; adrenaline?: boolean; anciennete?: boolean; dice_mod?: number;
  threshold_mod?: number; difficulty_mod?: number; healer_id?: number; patient_id?: number;
}
/** What a treatment did (cops_treated). */
export interface Treated {
  kind: TreatmentKind; succeeded: boolean; margin: number; anciennete: boolean; healed: number;
  cap: number; hp_before: number; hp_after: number; bleed_period: number; roll: Roll;
}
/** The exact odds of a treatment; healed[k] = P(k hit points healed). */
export interface TreatmentOdds { success: number; mean_healed: number; cap: number; awake: number; healed: number[] }

export type Upkeep = 'none' | 'money' | 'information' | 'services' | 'favours';
/** A relation of a cop (C9). */
export interface Relation {
  name: string; kind: 'ally' | 'informant'; level: number; upkeep: Upkeep;
  domains: Record<string, number>; pushed: string | null;
}
