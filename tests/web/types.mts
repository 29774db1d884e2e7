// The types of the package (web/cops.d.mts, events.d.mts) as a program that installed it
// uses them: tsc --strict accepts this file, and refuses each line marked @ts-expect-error
// (a misuse the types catch). Run from the scratch project of tests/web/package.sh.
import { load, CopsError, type Declaration } from 'libcops';

const cops = await load();
const ctx = cops.context({ seed: 2030n });
const roll = ctx.roll('4+/3 (2)');
const faces: number[] = roll.dice.map((d) => d.face);
const odds = ctx.odds('4+/3 (2)');
const mike = ctx.character('{}');
const once: number = mike.roll('Arme de poing/Coordination (2)', { adrenaline: true }).successes;
const twice = mike.roll('Arme de poing/Coordination (2)', { anciennete: true });
const again: number | undefined = twice.anciennete?.successes;
const gms: number = mike.roll('6+/Carrure', { notAnAction: true }).successes;
const p: number = odds.success + odds.pmf[0];
const fight = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
const e = fight.encounter;
e.seed('2030');
e.ruleset = 'alternative';
e.setControlled(0);
e.beginRound();
const plan: Declaration = { action: 'shoot', target: 2, attitude: 'aggressive', initiative: 1 };
const hit: number = e.odds(0, plan).p_hit;
e.declare(0, e.suggest(0));
e.resolveRound();
const names: string[] = e.events().filter((ev) => ev.type === 'hit').map((ev) => ev.target ?? '');
const winner: number | null = e.winner;
const text: string = e.narrate(0, 'en') + e.jsonl() + e.save();
try {
  ctx.roll('4+/');
} catch (err) {
  if (err instanceof CopsError) console.log(err.code, err.status, err.message);
}
// @ts-expect-error a declaration names its action
e.declare(0, { target: 2 });
// @ts-expect-error no such ruleset
e.ruleset = 'house';
// @ts-expect-error no such language
e.narrate(0, 'de');
// @ts-expect-error the round is read, not set
e.round = 3;
// @ts-expect-error a roll's dice are numbers
const wrong: string[] = roll.dice.map((d) => d.face);
// @ts-expect-error notAnAction is a boolean
mike.roll('6+/Carrure', { notAnAction: 1 });
// @ts-expect-error with anciennete the answer holds both rolls, not one
const one: number = mike.roll('Arme de poing/Coordination (2)', { anciennete: true }).successes;
// The optional systems: Storyteller and D6 characters, rolls, attacks and fights.
const marcus = ctx.stCharacterFile('/examples/st/sheets/marcus.json');
const vince = ctx.stCharacterFile('/examples/st/sheets/vince.json');
const hitSt: 'attacker' | 'defender' | null = ctx.stAttack(marcus, vince, 'exchange', { called: 'head' }).winner;
const stPool: number = ctx.stRoll('5 9-again').successes + ctx.stOdds({ dice: 5, again: 9 }).expected;
const brawl = ctx.stFightFile('/examples/st/scenarios/street-brawl.json');
brawl.beginRound();
for (let id = brawl.next(); id !== null; id = brawl.next()) { brawl.declare(id, brawl.suggest(id)); brawl.step(); }
const nerve: string = brawl.fighter(0).nerve;
const iris = ctx.d6CharacterFile('/examples/d6/sheets/iris.json');
const dodge: string | null = iris.trait('dodge').notation;
const level: string = ctx.d6Harm(iris, '3D', { id: 0 }).wound_level;
const car = ctx.d6Vehicle('Car', { speed: 'cruising', resistance: '4D' });
const wreck: string = ctx.d6VehicleHarm(car, { dice: 5 }).result;
const spell: boolean = ctx.d6Cast(iris, { skill: 'alteration', difficulty: 8 }).success;
const empathy: number | null = ctx.d6Psionic(iris, 'empathy', { target: iris.copy() }).resisted;
// @ts-expect-error a D6 attack's option is one of the rules' options
ctx.d6Attack(iris, iris.copy(), { option: 'sniping' });
const d6fight = ctx.newD6Fight({ rules: { explode: false } });
d6fight.add(iris.copy(), 0);
// @ts-expect-error a Storyteller fight takes Storyteller characters
brawl.add(iris, 0);
// @ts-expect-error no such attack kind
ctx.stAttack(marcus, vince, 'headbutt');
// @ts-expect-error a vehicle's speed is a speed band
car.speed = 'fast';
const src: 'system' | 'seeded' | 'callback' = ctx.source;
const fire = ctx.attack({ attacker: mike, mode: 'cover' }).cover;
if (fire) console.log(ctx.coverZone(fire), ctx.coverNerve(mike, { cover: fire }).success);
const where: [number, number] = e.position(0);
const chase = ctx.newChase();
chase.setCrashCallback((id, failed, d6) => d6.length > failed + id);
// @ts-expect-error a crash table answers a boolean
chase.setCrashCallback(() => 1);
e.setAncienneteCallback((id, purpose, failed, points) => failed.successes === 0 && points > 1);
console.log(hitSt, stPool, nerve, dodge, level, wreck, src, where, spell, empathy);
console.log(faces, p, hit, names, winner, text, wrong, once, again, one);
fight.dispose();
const gone: boolean = fight.disposed;
ctx.free();   // the 0.16 name
console.log(gone);
// The areas beyond fights, as a program uses them.
{
  const c2 = cops.context({ seed: 1 });
  const chase = c2.chaseFile('/examples/scenarios/sunset-chase.json');
  const result: 'going' | 'caught' | 'escaped' = chase.result;
  const s: { successes: number; blacken: number } = chase.suggest(0);
  const iv = c2.interview(c2.subjectFile('/examples/subjects/frightened-witness.json'), mike);
  const r = iv.ask({ method: 'Intimidation', attitude: 'Poli' });
  const won: boolean = r.result === 'won';
  const st = c2.stFightFile('/examples/st/scenarios/street-brawl.json');
  const w: number | null = st.winner;
  const sealed: string = c2.seal(new Uint8Array(32), st.save());
  const health: 'healthy' | 'wounded' | 'below_half' | 'unconscious' | 'dying' | 'stabilised' |
    'clinically_dead' | 'dead' = mike.healthState;
  // @ts-expect-error a chase declaration's successes are a number
  chase.declare(0, { successes: '2' });
  // @ts-expect-error a key is bytes
  c2.unseal('key', sealed);
  console.log(result, s, won, w, health);
  c2.dispose();
}
// Odds, rolls, the catalogue, wounds over time.
{
  const c3 = cops.context({ seed: 3 });
  const p: number = c3.oddsAtLeast('4+/3', 2);
  const pts = c3.oddsPoints('4+/3');
  const adr: number | null = pts.adrenaline;
  const band: string = cops.catalogue.chaseBandName('short', 'en');
  const log = c3.log();
  const joe = c3.character('{}');
  joe.advance(60, { log, id: 1 });
  const period: number = joe.bleeding().period;
  // @ts-expect-error a rest is none, natural or hospital
  joe.setRest('spa');
  // @ts-expect-error a log's count is read only
  log.count = 3;
  console.log(p, adr, band, period);
  c3.dispose();
}
{
  const c4 = cops.context({ seed: 4 });
  const a = c4.character('{}');
  const out = c4.attack({ attacker: a, target: a, mode: 'single', distance: 8 });
  const hit: boolean = out.hitTarget;
  const p: number = c4.attackOdds({ attacker: a, target: a }).p_hit;
  // @ts-expect-error no such mode
  c4.attack({ attacker: a, mode: 'laser' });
  console.log(hit, p);
  c4.dispose();
}
{
  const c5 = cops.context();
  const kim = c5.newCharacter();
  kim.name = 'Kim';
  const lv: number | null = kim.skill('Arme de poing');
  const [cur, max]: [number, number] = kim.points('adrenaline');
  const gun = c5.newWeapon('handgun', 'Vulcan 051');
  const loaded: number = gun.get('loaded');
  // @ts-expect-error the points are adrenaline or anciennete
  kim.points('luck');
  console.log(lv, cur, max, loaded);
  c5.dispose();
}
{
  const c6 = cops.context();
  const s = c6.newSubject('Vic');
  s.reactionMode = 'dice';
  const facts: [number, string][] = s.facts;
  // @ts-expect-error a reaction mode is dice or resistance
  s.reactionMode = 'luck';
  console.log(facts);
  c6.dispose();
}
