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

/** What a player keeps on the sheet and the rules never read (docs/sheets.md). */
export interface Dossier {
  nickname?: string;
  grade?: string;
  age?: number;
  background?: string;
  languages?: string[];
  history?: string;
  experience?: number;
  notes?: string;
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
/** The policies that declare for combatants nobody controls. */
export type Policy = 'simple' | 'tactical';
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
  skill(name: string | number): { name: string; english: string; characteristic: string; adrenaline: boolean;
    specialisation_level: number | null; specialisations: string[]; free_specialisations: boolean };
  skills(): ReturnType<Catalogue['skill']>[];
  zoneOfDie(d10: number): [string, number];
  bodySide(d10: number): 'right' | 'left' | null;
  bodySideName(side: 'right' | 'left', lang?: Lang): string;
  mishapNames(): string[];
  eventTypeNames(): string[];
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
  /** A Roll20 COPS character made into a sheet, with what was dropped, corrected, kept
   * elsewhere or guessed (docs/sheets.md, "Importing from Roll20"). */
  characterRoll20(exported: string | object): { character: Character; report: ImportNote[] };
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
  /** An empty Storyteller fight, and a D6 one, under rules (the defaults by default). */
  newStFight(options?: { rules?: Partial<StRules> | null }): StFight;
  newD6Fight(options?: { rules?: Partial<D6Rules> | null }): D6Fight;
  // The Storyteller module (docs/storyteller.md).
  stAvailable(): boolean;
  stPool(pool: StPoolSpec): StPool;
  /** The roll's JSON, as `cops st roll --json` writes it. */
  stRoll(pool: StPoolSpec): StRoll;
  /** As `cops st odds --json` writes them. */
  stOdds(pool: StPoolSpec): { pool: string; expected: number; dramatic: number; pmf: number[]; at_least: number[] };
  stOpposed(a: StPoolSpec, b: StPoolSpec): { a_wins: number; b_wins: number; tie: number };
  stDifference(a: StPoolSpec, b: StPoolSpec, d: number): number;
  stRules(): StRules;
  newStCharacter(name: string): StCharacter;
  stCharacter(sheet: string | object): StCharacter;
  stCharacterFile(path: string): StCharacter;
  stAttack(attacker: StCharacter, target: StCharacter, kind?: StAttackKind, options?: StAttackOptions): StOutcome;
  stLongBurst(attacker: StCharacter, targets: StCharacter[], options?: StLongBurstOptions): StOutcome[];
  stEventFields(log: Log | StFight, index: number): { [field: string]: number };
  stInitiative(ch: StCharacter, options?: StSceneOptions): { die: number; total: number };
  stInitiativeOrder(chars: StCharacter[], totals: number[], options?: { rules?: Partial<StRules> | null }): number[];
  stTotalDefense(ch: StCharacter, options?: StSceneOptions): number;
  stNerve(ch: StCharacter, options?: StSceneOptions & { spend?: boolean }): StNerve;
  stInjury(ch: StCharacter, damage: number, options?: StSceneOptions & { spend?: boolean }): StNerve;
  stOverwhelming(a: number, b: number): boolean;
  stBout(a: StCharacter, b: StCharacter, options?: { pool_a?: number; pool_b?: number; damage?: boolean; rules?: Partial<StRules> | null; log?: Log | StFight | null }): 'a' | 'b' | null;
  stObject(name: string, durability: number, boxes: number, options?: { failure_damage?: number; damage?: number }): StObject;
  stGrapple(a: StCharacter, b: StCharacter): StGrapple;
  // The D6 System module (docs/d6.md).
  d6Available(): boolean;
  d6Code(text: string): D6Code;
  d6CodeAdd(a: D6CodeSpec, b: D6CodeSpec): D6Code;
  d6CodePips(code: D6CodeSpec): number;
  d6Pool(pool: D6PoolSpec): D6Pool;
  /** The roll's JSON, as `cops d6 roll --json` writes it. */
  d6Roll(pool: D6PoolSpec, rules?: Partial<D6Rules> | null): D6Roll;
  d6Odds(pool: D6PoolSpec, rules?: Partial<D6Rules> | null): { expected: number; success: number | null; critical: number | null };
  d6Total(pool: D6PoolSpec, k: number, rules?: Partial<D6Rules> | null): [number, number];
  d6Contest(a: D6PoolSpec, b: D6PoolSpec, rules?: Partial<D6Rules> | null): { greater: number; equal: number; less: number };
  d6Rules(): D6Rules;
  newD6Character(name: string): D6Character;
  d6Character(sheet: string | object): D6Character;
  d6CharacterFile(path: string): D6Character;
  d6Vehicle(name: string, options?: { scale?: number; resistance?: D6CodeSpec; manoeuvrability?: D6CodeSpec; speed?: D6Speed; top_speed?: D6Speed }): D6Vehicle;
  d6Weapons(): D6Weapon[];
  d6Weapon(name: string): D6Weapon;
  d6Protections(): D6Protection[];
  d6Protection(name: string): D6Protection;
  d6Spells(): D6Spell[];
  d6Spell(name: string): D6Spell;
  d6CategoryName(category: number): string;
  d6TraitParent(trait: string): string;
  d6HitPoints(vigueur: D6CodeSpec): number;
  d6HpLevel(lost: number, maxHp: number): D6Level;
  d6HazardCode(hazard: string, amount?: number, rules?: Partial<D6Rules> | null): D6Code;
  d6HazardName(hazard: number): string;
  d6RecoveryWait(level: D6Level): number;
  d6ActionName(action: number): string;
  d6ActionCode(name: string): number;
  d6TacticName(tactic: number): string;
  d6TacticCode(name: string): number;
  d6PowerName(power: number): string;
  d6MeasureValue(tenths: number): number;
  d6AdvanceCost(code: D6CodeSpec, options?: { magic?: boolean; teacher?: boolean }): number;
  d6CollisionCode(speeds: D6Speed[], impact?: D6Impact): D6Code;
  d6SpellDifficulty(design?: { [field: string]: string | number | boolean | D6CodeSpec }, rules?: Partial<D6Rules> | null): { parts: { [part: string]: number }; sum: number; difficulty: number };
  d6Attack(attacker: D6Character, target: D6Character, options?: D6AttackOptions): D6Outcome;
  d6Harm(ch: D6Character, damage: D6CodeSpec, options?: { stun?: boolean; id?: number; rules?: Partial<D6Rules> | null; log?: Log | D6Fight | null }): D6Outcome;
  d6EndRound(ch: D6Character, options?: { id?: number; rules?: Partial<D6Rules> | null; log?: Log | D6Fight | null }): void;
  d6EventFields(log: Log | D6Fight, index: number): { code: D6Code; [field: string]: number | D6Code };
  d6Recover(ch: D6Character, options?: { rest?: 'rested' | 'worked' | 'long_rest'; id?: number; rules?: Partial<D6Rules> | null; log?: Log | null }): D6Healing;
  d6Treat(healer: D6Character, patient: D6Character, options?: { kind?: 'after_combat' | 'in_combat'; healer_id?: number; patient_id?: number; rules?: Partial<D6Rules> | null; log?: Log | null }): D6Healing;
  d6Initiative(fighters: D6Character[], options?: { ids?: number[]; flags?: ('surpriser' | 'long_in_melee')[][]; rules?: Partial<D6Rules> | null; log?: Log | null }): { order: number[]; totals: number[] };
  d6Cast(caster: D6Character, options?: D6CastOptions): D6CastOutcome;
  d6Psionic(ch: D6Character, power: 'astral' | 'empathy' | 'far_senses' | 'healing' | 'medium' | 'protection' | 'psychometry', options?: D6PsionicOptions): D6PsionicOutcome;
  d6VehicleHarm(v: D6Vehicle, damage: D6CodeSpec, options?: D6VehicleOptions): D6VehicleOutcome;
  d6AttackVehicle(attacker: D6Character, v: D6Vehicle, options?: D6VehicleOptions & { weapon?: number | string | null; distance?: number; actions?: number; dodge_total?: number | null; attacker_id?: number }): D6VehicleOutcome;
  d6Collision(vehicles: D6Vehicle[], options?: { impact?: D6Impact; ids?: number[]; passengers?: D6Character[][]; rules?: Partial<D6Rules> | null; log?: Log | null }): D6VehicleOutcome[];
  d6VehicleCrash(v: D6Vehicle, options?: D6VehicleOptions): D6VehicleOutcome;
  d6Repair(mechanic: D6Character, skill: D6CodeSpec, v: D6Vehicle, index?: number, options?: { flags?: ('workshop' | 'tools' | 'unknown' | 'studied')[]; mechanic_id?: number; id?: number; rules?: Partial<D6Rules> | null; log?: Log | null }): boolean;
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
  /** Where the dice come from. */
  readonly source: 'system' | 'seeded' | 'callback';
  /** The most re-rolls of one die's chain of 10s (C1.2 RULING). */
  rerollCap: number;
  /** One die of 10 or 6 sides. */
  die(sides: 10 | 6): number;
  /** Read files only under root of the memory file system; null lifts it (cops_ctx_confine). */
  confine(root: string | null, maxBytes?: number): void;
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  characterFile(path: string): Character;
  weaponFile(path: string): Weapon;
  armourFile(path: string): Armour;
  resumeFile(path: string): Encounter;
  simSummary(summary: string | object): Sim;
  simFile(path: string): Sim;
  newChase(): Chase;
  resumeChaseFile(path: string): Chase;
  resumeInterviewFile(path: string): Interview;
  approachOdds(subject: Subject, cop: Character, approach: Approach & { resistance_up?: number }): InterrogationOdds;
  approachRolls(subject: Subject, cop: Character, approach: Approach & { resistance_up?: number }): [string, string];
  coverZone(cover: CoverFire): boolean;
  coverNerve(character: Character, options?: { log?: Log | null; cover?: CoverFire | null }): { roll: Roll; success: boolean };
  coverEnter(cover: CoverFire, character: Character, options?: { armour?: Armour | null; attitude?: string | number; log?: Log | null }): Outcome;
  recoveryRoll(character: Character, options?: { characteristic?: string | number | null; log?: Log | null }): { roll: Roll; success: boolean };
  standUp(character: Character, options?: { log?: Log | null }): { roll: Roll; success: boolean };
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
  /** The dossier and a tabletop's extra object (docs/sheets.md): read as objects, set with
   * an object, a JSON text or null (none). */
  get dossier(): Dossier;
  set dossier(value: Dossier | string | null);
  get extra(): Record<string, unknown>;
  set extra(value: Record<string, unknown> | string | null);
  /** What the sheet carries (docs/sheets.md, "The gear"): read as an object, set with an
   * object, a JSON text or null (nothing). */
  get gear(): Gear;
  set gear(value: Gear | string | null);
  /** The sheet's weapons, the character's own: each a handle to close. */
  readonly weapons: Weapon[];
  /** The index of the weapon in hand; null without weapons. */
  readonly hand: number | null;
  /** The armour the sheet wears, a handle to close; null for none. */
  readonly armour: Armour | null;
  setRest(kind: 'none' | 'natural' | 'hospital', options?: LogTo & { fixed?: number }): void;
  night(kind: 'adrenaline' | 'anciennete' | null, options?: LogTo & { seconds?: number }): void;
  revive(options?: LogTo): void;
  declareDead(options?: LogTo): void;
  /** What a board shows of its health. */
  readonly healthState: HealthState;
  toJSON(): object;
  /** [kind of rest, the hospital's fixed gain or 0, the clock's second it began]. */
  rest(): ['none' | 'natural' | 'hospital', number, number];
  readonly maxHpIsSet: boolean;
  /** Write the sheet to a file of the memory file system. */
  save(path: string): void;
}
/** One line of an import's report: the attribute, what became of it, why. */
export interface ImportNote {
  attribute: string;
  action: 'dropped' | 'corrected' | 'kept' | 'guessed';
  detail: string;
}
/** A sheet's gear (docs/sheets.md, "The gear"): files by name, or the objects inline. */
export interface Gear {
  weapons?: { weapon: string | Record<string, unknown>; loaded?: number; magazines?: number;
    in_hand?: boolean }[];
  armour?: string | Record<string, unknown>;
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
  /** A full magazine; one spare used when they are counted (a RULE error when none is left). */
  reload(): void;
  /** The spare magazines carried with it, null when not counted. */
  get magazines(): number | null;
  set magazines(value: number | null);
  /** The specialisation it is used with ('' for none). */
  readonly specialisation: string;
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
  /** Take the gear of the combatant's sheet: its weapons when it carries none, its armour
   * when it wears none. */
  equip(id: number): void;
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
  weapons(id: number): { name: string; loaded: number; magazines: number | null }[];
  setPosition(id: number, x: number, y: number): void;
  remove(id: number): void;
  reset(): void;
  setControlled(id: number, on?: boolean): void;
  /** Who declares for combatant id when nobody controls it (docs/encounters.md, "Policies"). */
  setPolicy(id: number, policy: Policy): void;
  /** Every combatant of side (those in the encounter now) under policy. */
  setSidePolicy(side: number, policy: Policy): void;
  policy(id: number): Policy;
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
  saveFile(path: string): void;
  setLogging(on: boolean): void;
  setMaxRounds(rounds: number): void;
  logLimit: number;
  aftermath(difficulty?: number, seconds?: number): void;
  readonly aftermathDone: boolean;
  position(id: number): [number, number];
  distance(a: number, b: number): number;
  present(id: number): boolean;
  side(id: number): number;
  canAct(id: number): boolean;
  controlled(id: number): boolean;
  hand(id: number): number | null;
  /** Handles of their own on the combatant's character, weapon in hand and armour. */
  character(id: number): Character;
  weapon(id: number): Weapon | null;
  armour(id: number): Armour | null;
  states(): CombatantState[];
  /** Who decides on Ancienneté for the controlled combatants (C5); null: the declarations. */
  setAncienneteCallback(fn: ((id: number, purpose: string, failed: Roll, points: number) => boolean) | null): void;
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
  add(character: Character, skill: string, role?: 'pursued' | 'pursuer', vehicle?: string | null, white?: number): number;
  addPassenger(vehicle: number, character: Character): number;
  readonly passengers: number;
  passenger(id: number): [Character, number];
  character(id: number): Character;
  role(id: number): 'pursued' | 'pursuer';
  state(id: number): 'in' | 'lost' | 'stopped' | 'wrecked';
  dice(id: number): [number, number];
  adjust(id: number, delta: number): void;
  band(pursuer: number): 'short' | 'intermediate' | 'long';
  setMaluses(small: number, large: number): void;
  shotMalus(pursuer: number): number;
  chooser(pursuer: number): number;
  readonly maxRounds: number;
  setMaxRounds(rounds: number): void;
  setCrashMode(mode: 'each' | 'one_plus'): void;
  setCrashCallback(fn: ((id: number, failed: number, d6: number[]) => boolean) | null): void;
  wreck(id: number): void;
  odds(id: number, successes: number, other: number, otherSuccesses: number, options?: { anciennete?: boolean; otherAnciennete?: boolean }): {
    success: number; other_success: number; both: number; only_mine: number; only_other: number; neither: number;
    loss: number; other_loss: number; crash: number };
  boardState(id: number): { [field: string]: unknown };
  /** A secondary action (C7 step 5): the situation's fields a chase lets the caller give. */
  act(actor: number, target: number, situation?: Pick<Situation, 'mode' | 'weapon' | 'armour' | 'distance' |
    'attitude' | 'target_attitude' | 'dice_mod' | 'threshold_mod' | 'difficulty_mod'>): Outcome;
  saveFile(path: string): void;
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
  /** Write the subject to a file of the memory file system, with what it has been through. */
  save(path: string): void;
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
  readonly subject: Subject;
  readonly interrogator: Character;
  /** The first contact (C4.1), once: the traits revealed. */
  evaluate(wishes?: (string | number)[] | null, options?: { dice_mod?: number; threshold_mod?: number; difficulty_mod?: number; anciennete?: boolean }): number;
  readonly evaluated: boolean;
  readonly known: string[];
  readonly learnt: unknown[];
  saveFile(path: string): void;
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
  readonly ruleset: Ruleset;
}

/** A Storyteller or D6 fight (docs/storyteller.md, docs/d6.md). */
declare class ModuleFight<C> extends Handle implements Logged {
  readonly name: string;
  readonly count: number;
  readonly round: number;
  readonly over: boolean;
  readonly winner: number | null;
  /** The most events its log holds (0: no limit). */
  logLimit: number;
  seed(seed: Seed): void;
  run(): void;
  /** Back to the start (as the first round began), round 0, the log empty; the dice go on. */
  reset(): void;
  runRound(): void;
  beginRound(): void;
  resolveRound(): void;
  /** Whose turn comes next, null when no round is under way. */
  next(): number | null;
  /** Play the next turn; whose it was. */
  step(): number | null;
  /** A fighter before the first round (kept in use by the fight); its id. */
  add(character: C, side: number, x?: number, y?: number): number;
  /** Fighter id's character (one a fight file made goes with the fight). */
  character(id: number): C;
  sideName(side: number): string | null;
  setSideName(side: number, name: string): void;
  setMaxRounds(rounds: number): void;
  setLogging(on: boolean): void;
  distance(a: number, b: number): number;
  setPosition(id: number, x: number, y: number): void;
  setCover(id: number, cover: number): void;
  setOut(id: number, out?: boolean): void;
  order(): number[];
  jsonl(from?: number): string;
  events(from?: number): Event[];
  narrate(from?: number, lang?: Lang): string;
  save(): string;
}
/** A Storyteller fight (cops_st_fight). */
export class StFight extends ModuleFight<StCharacter> {
  setSurprised(id: number, surprised?: boolean): void;
  setProne(id: number, prone?: boolean): void;
  setSpend(id: number, spend: boolean): void;
  setTactic(id: number, tactic: StTactic): void;
  /** What plays fighter id when nobody declares for it (docs/storyteller.md, "Policies"). */
  setPolicy(id: number, policy: Policy): void;
  setSidePolicy(side: number, policy: Policy): void;
  policy(id: number): Policy;
  readonly rules: StRules;
  fighter(id: number): StFighter;
  grapple(id: number): StGrappleState | null;
  declare(id: number, declaration: StDeclaration): void;
  suggest(id: number): Required<StDeclaration>;
}
/** A D6 System fight (cops_d6_fight). */
export class D6Fight extends ModuleFight<D6Character> {
  setSurpriser(id: number, surpriser?: boolean): void;
  setTactic(id: number, tactic: D6Tactic): void;
  /** What plays fighter id when nobody declares for it (docs/d6.md, "Policies"). */
  setPolicy(id: number, policy: Policy): void;
  setSidePolicy(side: number, policy: Policy): void;
  policy(id: number): Policy;
  readonly rules: D6Rules;
  coordinate(coordinator: number, target: number, members: number[]): void;
  addVehicle(vehicle: D6Vehicle, x?: number, y?: number): number;
  vehicleCount(): number;
  vehicle(vid: number): D6Vehicle;
  vehiclePosition(vid: number): [number, number];
  board(id: number, vid: number | null, driver?: boolean): void;
  fighter(id: number): D6Fighter;
  declare(id: number, declaration: D6Declaration): void;
  suggest(id: number): Required<D6Declaration>;
}


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
  /** The round number the next events carry. */
  setRound(round: number): void;
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
  /** Covering fire (mode 'cover'): kept for coverZone, coverNerve and coverEnter until disposed. */
  cover?: CoverFire;
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

// The Storyteller module's values (docs/storyteller.md, <cops/st.h>).
export type StPoolSpec = string | { dice: number; mod?: number; threshold?: number; again?: number; mode?: 'dice' | 'all-8s' | 'average'; chance?: boolean };
export interface StPool { dice: number; mod: number; threshold: number; again: number; mode: 'dice' | 'all-8s' | 'average'; chance: boolean; notation: string }
export interface StRoll { kind: 'st'; pool: string; dice_pool: number; dice: Die[]; successes: number; success: boolean; dramatic: boolean; capped: boolean; [key: string]: unknown }
export interface StRules {
  threshold: number; again: number; chance_die: boolean; human_size: number; speed_base: number;
  defense_athletics: boolean; health_track: boolean; wound_penalties: boolean; combatant_xp: number;
  combatant_skill: number; outnumber_incremental: boolean; stray_shots: boolean;
}
export type StTrait = 'Strength' | 'Dexterity' | 'Stamina' | 'Wits' | 'Resolve' | 'Composure' | 'Brawl' |
  'Weaponry' | 'Firearms' | 'Athletics' | 'Vigor' | 'Size';
export type StDerived = 'Defense' | 'Initiative' | 'Speed' | 'Health' | 'Willpower';
export type StHealthState = 'fit' | 'unconscious' | 'bleeding out' | 'dead';
export type StNerve = 'acts' | 'spent' | 'restricted' | 'out';
export type StTactic = 'strike' | 'grapple' | 'aim' | 'defend';
export type StAttackKind = 'exchange' | 'strike' | 'shot' | 'contact_shot' | 'coup_de_grace';
export type StCalled = 'body' | 'arm' | 'leg' | 'head' | 'heart' | 'hand' | 'eye';
export type StGrappleEffect = 'break_free' | 'take_weapon' | 'damage' | 'disarm' | 'hold' | 'shield';
export interface StWeapon {
  name: string; damage: number; type: 'bashing' | 'lethal'; kind: 'unarmed' | 'melee' | 'firearm' | 'teeth';
  automatic: boolean; min_strength: number; range: [number, number, number]; ammo: number;
}
export interface StSceneOptions { id?: number; rules?: Partial<StRules> | null; log?: Log | StFight | null }
export interface StAttackOptions {
  weapon?: number | string | null; target_weapon?: number | string | null; distance?: number; cover?: number;
  own_cover?: number; crowd?: number; opponents?: number; rank?: number; called?: StCalled; aim?: number;
  total_defense?: number; bonus?: number; flags?: ('touch' | 'burst' | 'surprised' | 'defenseless' | 'prone')[];
  shield?: StCharacter | null; attacker_id?: number; target_id?: number; shield_id?: number;
  rules?: Partial<StRules> | null; log?: Log | StFight | null;
}
export interface StLongBurstOptions {
  weapon?: number | string | null; distance?: number; covers?: number[]; shares?: number[]; ids?: number[];
  own_cover?: number; aim?: number; bonus?: number; surprised?: boolean; attacker_id?: number;
  rules?: Partial<StRules> | null; log?: Log | StFight | null;
}
export interface StOutcome {
  pool: number; successes: number; dramatic: boolean; defender_pool: number; defender_successes: number;
  winner: 'attacker' | 'defender' | null; margin: number; victim: 'attacker' | 'defender' | null;
  damage: number; type: 'bashing' | 'lethal'; shield_damage: number; ignored: number; converted: number;
  bashing: number; lethal: number; state: StHealthState; full_effect: boolean; stray: boolean; recoil: number;
  contact: boolean;
}
/** A Storyteller character (cops_st_character). */
export class StCharacter extends Handle {
  name: string;
  toJSON(): object;
  copy(): StCharacter;
  trait(name: StTrait | number): number;
  setTrait(name: StTrait | number, value: number): void;
  derived(which: StDerived, rules?: Partial<StRules> | null): number;
  setDerived(which: StDerived, value: number | null): void;
  points(kind: 'willpower' | 'vitae'): [number, number];
  setPoints(kind: 'willpower' | 'vitae', current: number): void;
  background: ('military' | 'police' | 'criminal' | 'crisis-trained' | 'player')[];
  experience: number;
  isCombatant(rules?: Partial<StRules> | null): boolean;
  setCombatant(combatant: boolean | null): void;
  damage(boxes: number, kind: 'bashing' | 'lethal', rules?: Partial<StRules> | null): void;
  /** [bashing, lethal] boxes marked. */
  readonly health: [number, number];
  setHealth(bashing: number, lethal: number): void;
  healthState(rules?: Partial<StRules> | null): StHealthState;
  woundPenalty(rules?: Partial<StRules> | null): number;
  readonly weapons: StWeapon[];
  addWeapon(weapon: Partial<StWeapon> & { name: string; damage: number }): number;
  removeWeapon(index: number): void;
  readonly protection: { vest: number; armour: number; old_fashioned: boolean };
  setProtection(vest?: number, armour?: number, oldFashioned?: boolean): void;
  beginRound(): void;
}
/** An object to force or smash (ST-M6): a plain value. */
export class StObject {
  readonly name: string;
  readonly durability: number;
  readonly boxes: number;
  readonly damage: number;
  readonly failureDamage: number;
  readonly broken: boolean;
  strike(ch: StCharacter, options?: StSceneOptions & { weapon?: number | string | null; dice?: number; average?: boolean }): number;
}
/** Two characters grappling (ST-M19): a plain value. */
export class StGrapple {
  readonly a: StCharacter;
  readonly b: StCharacter;
  readonly active: boolean;
  readonly hold: 'a' | 'b' | null;
  readonly shield: 'a' | 'b' | null;
  readonly controller: 'a' | 'b' | null;
  round(options?: {
    a_effects?: StGrappleEffect[]; b_effects?: StGrappleEffect[]; a_in_hand?: number | string | null;
    b_in_hand?: number | string | null; a_bite?: boolean; b_bite?: boolean; a_id?: number; b_id?: number;
    rules?: Partial<StRules> | null; log?: Log | StFight | null;
  }): { successes: [number, number]; pools: [number, number]; winner: 'a' | 'b' | null; margin: number;
    effects: StGrappleEffect[]; damage: number; damage_type: 'bashing' | 'lethal'; bite: number;
    disarmed: ['a' | 'b', number] | null };
}
export interface StDeclaration {
  action?: 'nothing' | 'attack' | 'grapple' | 'total_defense' | 'aim' | 'coup_de_grace';
  target?: number | null; weapon?: number | string | null; touch?: boolean; burst?: boolean; called?: StCalled;
  bonus?: number; cover?: number | null; move_to?: [number, number] | null; prone?: 'down' | 'up' | null;
  after?: number | null; effects?: StGrappleEffect[]; bite?: boolean;
}
export interface StFighter {
  side: number; x: number; y: number; able: boolean; out: boolean; initiative: number; rank: number | null;
  acted: boolean; delayed: boolean; roll_used: number; moves_used: number; automatic_used: number;
  facing: number | null; attackers: number; cover: number; cover_used: number; total_defense: number;
  aim: number; aim_target: number | null; surprised: boolean; prone: boolean; nerve: StNerve;
  grapple: number | null; spend: boolean; tactic: StTactic; policy: Policy;
}
export interface StGrappleState { first: number; second: number; hold: 'first' | 'second' | null; shield: 'first' | 'second' | null; controller: 'first' | 'second' | null }

// The D6 System module's values (docs/d6.md, <cops/d6.h>).
export interface D6Code { dice: number; pips: number; notation: string | null }
export type D6CodeSpec = string | { dice: number; pips?: number };
export type D6PoolSpec = string | { code: D6CodeSpec; dice_mod?: number; points?: number; actions?: number; cp?: number; fp?: boolean; difficulty?: number | null };
export interface D6Pool { code: D6Code; dice_mod: number; points: number; actions: number; cp: number; fp: boolean; difficulty: number | null; notation: string | null }
export interface D6Roll { kind: 'd6'; dice: Die[]; total: number; success: boolean | null; critical: boolean; [key: string]: unknown }
export interface D6Rules {
  explode: boolean; free_die: boolean; cp_dice: number; fp_factor: number; action_penalty: number;
  difficulty: number; skill_defence: boolean; success_damage: boolean; negative_resistance: boolean;
  gravity: number; fall_full_height: boolean; medical_tech: number; combat_heal_level5_only: boolean;
  disarm_vs_damage_roll: boolean; magic_modifier: number; magic_banned: boolean;
  spell_difficulty_halved: boolean; backlash_percent: number; scroll_use: number; artifact_use: number;
}
export type D6Level = 'unhurt' | 'stunned' | 'wounded' | 'severely_wounded' | 'incapacitated' | 'mortally_wounded' | 'killed';
export type D6Speed = 'stopped' | 'slow' | 'cruising' | 'full_speed' | 'flat_out';
export type D6Impact = 'side_on' | 'head_on' | 'from_behind' | 'into_object';
export type D6Tactic = 'attack' | 'dodge' | 'grab' | 'defend' | 'ram';
export interface D6Weapon {
  name: string; category: string; damage: D6Code; adds_natural: boolean; vig_range: boolean;
  range: [number, number, number]; ammo: number; roll_dice: number; flags: ('burst' | 'stun' | 'energy' | 'long')[];
}
export interface D6Protection {
  name: string; armour: D6Code; coverage: 'body' | 'head' | 'parry'; energy_only: boolean;
  penalty_dice: number; penalty_points: number; penalty_perception: boolean;
}
export interface D6Spell {
  name: string; skill: string; activation_skill: string | null; difficulty: number; effect: string;
  effect_value: number; range_m: number; range_value: number; exact: boolean; speed: number; duration: string;
  duration_value: number; casting: string; casting_value: number; conditions: string;
  conditions_value: number; damage: D6Code | null;
}
export interface D6Wounds {
  mode: 'levels' | 'hit_points'; level: D6Level; step: number; extra: number; hp_max: number; hp_lost: number;
  stunned: boolean; stunned_rounds: number; defend_only: number; unconscious: number; mortal_rounds: number;
  stabilised: boolean; limbs: ('arm' | 'leg')[]; treated: number[]; confused: number; protection: number;
  protection_rounds: number;
}
export interface D6Outcome {
  attack_total: number; defence_value: number; band: 'point_blank' | 'short' | 'medium' | 'long' | null;
  hit: boolean; level: number; parried: boolean; victim: 'target' | 'attacker' | null; damage_total: number;
  resistance_total: number; margin: number; steps: number; hp_lost: number; wound_level: D6Level;
  massive: boolean; unconscious: number; check: boolean | null; neutralised: string; dropped: boolean;
}
export interface D6AttackOptions {
  weapon?: number | string | null; distance?: number; defence?: 'natural' | 'active' | 'total';
  defence_skill?: string; defence_total?: number | null; parry_weapon?: number | string | null;
  defender_actions?: number; cover?: number; option?: 'none' | 'single_shot' | 'burst' | 'several_shots' |
    'random_fire' | 'aimed' | 'aimed_vital' | 'brutal' | 'precise';
  location?: 'anywhere' | 'arm' | 'leg' | 'weapon' | 'head' | 'heart'; actions?: number;
  target_size?: 'any' | 'under_50cm' | 'under_10cm' | 'under_1cm';
  flags?: ('blinded' | 'target_blinded' | 'surprise')[]; cp?: number; fp?: boolean; attacker_id?: number;
  target_id?: number; rules?: Partial<D6Rules> | null; log?: Log | D6Fight | null;
}
export interface D6CastOptions {
  skill?: string; difficulty?: number; damage?: D6CodeSpec | null; target?: D6Character | null;
  caster_id?: number; target_id?: number; actions?: number; cp?: number; fp?: boolean; ingredients?: boolean;
  scroll?: boolean; artifact?: boolean; surprise?: boolean; beat?: number | null;
  aim?: 'marksmanship' | 'melee_weapons' | 'throwing' | null; aim_target?: D6Character; aim_target_id?: number;
  distance?: number; reach_m?: number; aim_defence?: 'natural' | 'active' | 'total'; aim_defence_skill?: string;
  aim_defence_total?: number | null; aim_cover?: number; rules?: Partial<D6Rules> | null; log?: Log | null;
}
export interface D6CastOutcome {
  difficulty: number; total: number; success: boolean; level: number; critical: boolean; resisted: number | null;
  backlash_total: number; wound_level: D6Level; rolled: boolean; aimed: boolean; hit: boolean; aim_total: number;
  defence_value: number; damage_total: number; target_level: D6Level | null;
}
export interface D6PsionicOptions {
  target?: D6Character | null; psionic_id?: number; target_id?: number; range?: string; concentration?: string;
  crowd?: number; familiarity?: string; group?: string; attitude?: 'unaware' | 'neutral' | 'refusing';
  information?: string; duration_rounds?: number; psychometry?: 'vague' | 'general' | 'last_day' | 'motivations';
  medium?: ('murdered' | 'knew' | 'has_information' | 'at_place')[]; years_dead?: number; actions?: number;
  cp?: number; fp?: boolean; rules?: Partial<D6Rules> | null; log?: Log | null;
}
export interface D6PsionicOutcome {
  difficulty: number; total: number; success: boolean; level: number; critical: boolean; resisted: number | null;
  band: 'leaves_body' | 'senses' | 'non_physical' | 'physical' | null; protection: number;
  level_before: D6Level | null; level_after: D6Level | null;
}
export interface D6Healing { rolled: boolean; total: number; difficulty: number; success: boolean; critical: boolean; level_before: D6Level; level: D6Level; hp_gained: number }
export interface D6VehicleOptions { id?: number; passengers?: D6Character[]; ids?: number[]; rules?: Partial<D6Rules> | null; log?: Log | D6Fight | null }
export interface D6VehicleOutcome {
  attack_total: number; defence_value: number; hit: boolean; damage_total: number; resistance_total: number;
  margin: number; result: 'none' | 'very_light' | 'light' | 'heavy' | 'severe' | 'destroyed';
  passenger_damage: number; ranks_lost: number;
}
/** A D6 character (cops_d6_character). */
export class D6Character extends Handle {
  name: string;
  toJSON(): object;
  /** Write the sheet to a path of the memory file system. */
  save(path: string): void;
  copy(): D6Character;
  trait(name: string): D6Code;
  setTrait(name: string, code: D6CodeSpec | null): void;
  has(name: string): boolean;
  naturalDamage: D6Code;
  /** [Character Points, Fate Points]. */
  readonly points: [number, number];
  setPoints(cp: number, fp: number): void;
  scale: number;
  wounds(): D6Wounds;
  setWounds(wounds: Partial<D6Wounds>): void;
  setMode(mode: 'levels' | 'hit_points'): void;
  penalty(trait: string): [number, number];
  readonly canAct: boolean;
  readonly weapons: D6Weapon[];
  addWeapon(weapon: string | (Partial<Omit<D6Weapon, 'damage'>> & { name: string; damage?: D6CodeSpec })): number;
  removeWeapon(index: number): void;
  readonly protections: D6Protection[];
  addProtection(protection: string | (Partial<Omit<D6Protection, 'armour'>> & { name: string; armour?: D6CodeSpec })): number;
  removeProtection(index: number): void;
}
/** A vehicle (cops_d6_vehicle): a plain value the vehicle calls change in place. */
export class D6Vehicle {
  readonly name: string;
  readonly scale: number;
  speed: D6Speed;
  readonly topSpeed: D6Speed;
  readonly control: 'controlled' | 'out_of_control' | 'crashed' | 'wrecked';
  /** The outstanding results: [result, dice, top-speed ranks]. */
  readonly damage: [string, number, number][];
  readonly penalty: number;
  endRound(): void;
}
export interface D6Declaration {
  action?: 'nothing' | 'attack' | 'grab' | 'escape' | 'shoot_vehicle' | 'ram' | 'cast';
  target?: number | null; weapon?: number | string | null; option?: string; location?: string; count?: number;
  impact?: D6Impact; defence?: 'natural' | 'active' | 'total'; defence_skill?: string;
  parry_weapon?: number | string | null; disarm?: boolean; release?: boolean; speed?: D6Speed | null;
  move_to?: [number, number] | null; cp?: number; fp?: boolean; extra_actions?: number; spell_skill?: string;
  spell_difficulty?: number; spell_damage?: D6CodeSpec | null; preparation?: number; spell_aim?: string | null;
  spell_reach?: number; spell_beat?: number | null;
}
export interface D6Fighter {
  side: number; x: number; y: number; able: boolean; out: boolean; initiative: number; rank: number | null;
  acted: boolean; actions: number; defence: 'natural' | 'active' | 'total'; defence_skill: string | null;
  defence_total: number; cover: number; surpriser: boolean; holding: number | null; held_by: number | null;
  vehicle: number | null; driver: boolean; coordinator: number | null; coordinated: boolean; tactic: D6Tactic;
  preparing: number; policy: Policy;
}

/** Covering fire under way (C10.5): Outcome.cover of an attack of mode 'cover'. */
export class CoverFire extends Handle {}
export interface InterrogationOdds { win: number; tie: number; lose: number; tiers: number[]; mean_tiers: number }
