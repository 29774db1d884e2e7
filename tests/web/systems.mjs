// The optional systems from the npm package (docs/javascript.md, docs/storyteller.md,
// docs/d6.md), run from the scratch project of tests/web/package.sh: the Storyteller and D6
// rolls, odds, attacks, spells, powers and catalogues give what the cops command gives for
// the same seed, byte for byte; fights stepped turn by turn with the policy's suggestions
// are the command's fights; the scene's procedures with scripted dice; vehicles, objects and
// grapples change all or nothing; bad input is refused.
// Usage: node systems.mjs SOURCE_ROOT NATIVE_COPS
import { readFileSync } from 'node:fs';
import { strict as assert } from 'node:assert';
import { load, CopsError, StCharacter, StFight, D6Character, D6Vehicle } from 'libcops';
import { harness, command, copyExamples } from './harness.mjs';

const [root, copsCli] = process.argv.slice(2);
const cops = await load();
const { test, report } = harness('systems');
const native = command(copsCli);
copyExamples(cops, root);
const file = (p) => `${root}/examples/${p}`;
const jsonl = (text) => text.trim().split('\n').map((l) => JSON.parse(l));
/** A context whose dice are the faces given, then 0 (a refusal: COPS_ERNG). */
const scripted = (...faces) => cops.context({ callback: () => faces.shift() ?? 0 });
const refused = (fn, code) => assert.throws(fn, (e) => e instanceof CopsError && e.code === code);

test('Storyteller rolls: the same dice and JSON as cops st roll', () => {
  const ctx = cops.context();
  for (const pool of ['5', '5 9-again', '3+3-2', '1-2', '9 all-8s', '4 average', '2 8-again no-chance', '6 7+'])
    for (const seed of [1, 2, 3, 2030]) {
      ctx.seed(seed);
      assert.equal(JSON.stringify(ctx.stRoll(pool)), native('st', 'roll', '--seed', String(seed), '--json', pool).trim());
    }
  // A pool given as an object rolls as its notation does.
  ctx.seed(5);
  const a = ctx.stRoll({ dice: 4, mod: 1, again: 9 });
  ctx.seed(5);
  assert.deepEqual(a, ctx.stRoll('4+1 9-again'));
  assert.deepEqual(ctx.stPool({ dice: 4, mod: 1, again: 9 }), { dice: 4, mod: 1, threshold: 8, again: 9,
    mode: 'dice', chance: true, notation: '4+1 9-again' });
  ctx.dispose();
});

test('Storyteller odds: as cops st odds --json, opposed as --vs', () => {
  const ctx = cops.context();
  for (const pool of ['1', '3', '5 9-again', '0', '7 8-again', '4 average'])
    assert.deepEqual(ctx.stOdds(pool), JSON.parse(native('st', 'odds', '--json', pool)));
  const vs = JSON.parse(native('st', 'odds', '--json', '--vs', '3', '5'));
  const o = ctx.stOpposed('5', '3');
  assert.deepEqual(o, { a_wins: vs.a_wins, b_wins: vs.b_wins, tie: vs.tie });
  let sum = 0;
  for (let d = -30; d <= 30; d++) sum += ctx.stDifference('5', '3', d);
  assert.ok(Math.abs(sum - 1) < 1e-12);
  assert.equal(ctx.stDifference('5', '3', 0), o.tie);
  ctx.dispose();
});

test('a Storyteller attack: the events of cops st attack, the damage on the sheet', () => {
  for (const seed of [7, 8, 9]) {
    const ctx = cops.context({ seed });
    const a = ctx.stCharacterFile('/examples/st/sheets/marcus.json');
    const b = ctx.stCharacterFile('/examples/st/sheets/vince.json');
    const log = ctx.log();
    const [bashing0, lethal0] = b.health;
    const o = ctx.stAttack(a, b, 'exchange', { log });
    const want = native('st', 'attack', '--attacker', file('st/sheets/marcus.json'), '--target',
      file('st/sheets/vince.json'), '--seed', String(seed), '--json');
    assert.equal(log.jsonl(), want);
    const damage = jsonl(want).filter((e) => e.type === 'st.damage');
    assert.deepEqual([o.bashing, o.lethal], damage.length ? [damage[0].bashing, damage[0].lethal] : [0, 0]);
    assert.ok(b.health[0] + b.health[1] >= bashing0 + lethal0);
    assert.equal(ctx.stEventFields(log, 1).successes, jsonl(want)[1].successes);
    ctx.dispose();
  }
});

test('a Storyteller fight stepped turn by turn on the policy\'s suggestions is cops st fight\'s', () => {
  for (const name of ['street-brawl', 'firefight']) {
    const ctx = cops.context();
    const f = ctx.stFightFile(`/examples/st/scenarios/${name}.json`);
    f.seed(3);
    while (!f.over && f.round < 100) {
      f.beginRound();
      for (let id = f.next(); id !== null; id = f.next()) {
        f.declare(id, f.suggest(id));
        assert.equal(f.step(), id);
      }
    }
    assert.equal(f.jsonl(), native('st', 'fight', file(`st/scenarios/${name}.json`), '--seed', '3', '--json'));
    assert.ok(f.character(0) instanceof StCharacter);
    assert.equal(typeof f.fighter(0).nerve, 'string');
    ctx.dispose();
  }
});

test('Storyteller policies: the tactical side\'s fight is cops st fight\'s, refusals change nothing', () => {
  const ctx = cops.context();
  const f = ctx.stFightFile('/examples/st/scenarios/firefight.json');
  assert.deepEqual([0, 1, 2, 3].map((id) => f.policy(id)), Array(4).fill('simple'));
  f.setSidePolicy(0, 'tactical');
  assert.equal(f.policy(1), 'tactical');
  assert.equal(f.fighter(1).policy, 'tactical');
  assert.equal(f.policy(2), 'simple');
  refused(() => f.setPolicy(0, 'clever'), 'COPS_EINVAL');
  refused(() => f.setPolicy(9, 'simple'), 'COPS_ERANGE');
  refused(() => f.setSidePolicy(8, 'simple'), 'COPS_ERANGE');
  assert.throws(() => f.setPolicy(0, 1), TypeError);
  f.seed(77);
  f.run();
  assert.equal(f.jsonl(), native('st', 'fight', file('st/scenarios/firefight.json'), '--side-policy', 'LAPD:tactical',
    '--seed', '77', '--json'));
  const plans = jsonl(f.jsonl()).filter((e) => e.type === 'st.declare');
  assert.ok(plans.length > 0 && plans.every((p) => p.policy === 'tactical' && p.actor_id < 2));
  const at = jsonl(f.jsonl()).findIndex((e) => e.type === 'st.declare');
  assert.equal(ctx.stEventFields(f, at).policy, 1);
  ctx.dispose();
});

test('D6 policies: the tactical side\'s fight is cops d6 fight\'s, refusals change nothing', () => {
  const ctx = cops.context();
  const f = ctx.d6FightFile('/examples/d6/scenarios/shootout.json');
  assert.deepEqual([0, 1, 2, 3].map((id) => f.policy(id)), Array(4).fill('simple'));
  f.setSidePolicy(1, 'tactical');
  assert.equal(f.policy(2), 'tactical');
  assert.equal(f.fighter(3).policy, 'tactical');
  assert.equal(f.policy(0), 'simple');
  refused(() => f.setPolicy(0, 'clever'), 'COPS_EINVAL');
  refused(() => f.setPolicy(9, 'simple'), 'COPS_ERANGE');
  refused(() => f.setSidePolicy(8, 'simple'), 'COPS_ERANGE');
  assert.throws(() => f.setPolicy(0, 1), TypeError);
  f.seed(2030);
  f.run();
  assert.equal(f.jsonl(), native('d6', 'fight', file('d6/scenarios/shootout.json'), '--side-policy', '1:tactical',
    '--seed', '2030', '--json'));
  const plans = jsonl(f.jsonl()).filter((e) => e.type === 'd6.declare');
  assert.ok(plans.length > 0 && plans.every((p) => p.policy === 'tactical' && p.actor_id >= 2));
  const at = jsonl(f.jsonl()).findIndex((e) => e.type === 'd6.declare');
  assert.equal(ctx.d6EventFields(f, at).policy, 1);
  ctx.dispose();
});

test('a Storyteller fight built from characters runs as its file does', () => {
  const ctx = cops.context();
  const other = cops.context();
  const doc = JSON.parse(readFileSync(file('st/scenarios/street-brawl.json'), 'utf8'));
  const fromFile = ctx.stFight(doc, '/examples/st/scenarios');
  const built = other.newStFight();
  built.setMaxRounds(doc.max_rounds);
  for (let id = 0; id < fromFile.count; id++) {
    const fighter = fromFile.fighter(id);
    assert.equal(built.add(other.stCharacter(fromFile.character(id).toJSON()), fighter.side, fighter.x, fighter.y), id);
    built.setTactic(id, fighter.tactic);
  }
  for (let s = 0; s < 2; s++) if (fromFile.sideName(s)) built.setSideName(s, fromFile.sideName(s));
  fromFile.seed(11);
  built.seed(11);
  const health = () => Array.from({ length: built.count }, (_, id) => built.character(id).health);
  const before = health();
  fromFile.run();
  built.run();
  assert.equal(built.winner, fromFile.winner);
  assert.equal(built.jsonl(), fromFile.jsonl());
  // reset(): the characters as the first round found them, the same fight again.
  const first = built.jsonl();
  assert.notDeepEqual(health(), before);
  built.reset();
  assert.equal(built.round, 0);
  assert.equal(built.over, false);
  assert.equal(built.jsonl(), '');
  assert.deepEqual(health(), before);
  built.seed(11);
  built.run();
  assert.equal(built.jsonl(), first);
  ctx.dispose();
  other.dispose();
});

test('the scene\'s procedures with scripted dice (ST §2-§6.15)', () => {
  const ctx = scripted(7);
  const a = ctx.newStCharacter('A');
  for (const [t, v] of [['Dexterity', 3], ['Composure', 2], ['Strength', 3], ['Stamina', 2], ['Resolve', 2], ['Athletics', 1]])
    a.setTrait(t, v);
  assert.deepEqual(ctx.stInitiative(a), { die: 7, total: 7 + a.derived('Initiative') });
  assert.equal(a.derived('Initiative'), 5);
  assert.equal(a.derived('Health'), 2 + 5);
  a.setDerived('Health', 9);
  assert.equal(a.derived('Health'), 9);
  a.setDerived('Health', null);
  assert.equal(a.derived('Health', { human_size: 4 }), 6);
  a.damage(7, 'lethal');
  assert.equal(a.healthState(), 'bleeding out');
  assert.equal(a.woundPenalty(), -3);
  a.setHealth(0, 0);
  assert.equal(ctx.stOverwhelming(4, 2), true);
  assert.equal(ctx.stOverwhelming(3, 2), false);
  refused(() => ctx.stOverwhelming(200, 2), 'COPS_ERANGE');
  // An object: a door of Durability 1 and 3 boxes; Strength 3 + Vigor 0 - 1 = 2 dice.
  const door = ctx.stObject('Door', 1, 3);
  ctx.useCallback(((f) => () => f.shift() ?? 0)([8, 9]));
  assert.equal(door.strike(a), 2);
  assert.equal(door.damage, 2);
  // The dice fail (0): nothing changes, all or nothing.
  assert.throws(() => door.strike(a), (e) => e.code === 'COPS_ERNG');
  assert.equal(door.damage, 2);
  assert.equal(door.broken, false);
  const g = ctx.stGrapple(a, a.copy());
  assert.throws(() => g.round({ a_effects: ['damage'] }), (e) => e.code === 'COPS_ERNG');
  assert.equal(g.active, true);
  assert.equal(g.hold, null);
  ctx.dispose();
});

test('Storyteller characters: traits, weapons, protection, a sheet read back', () => {
  const ctx = cops.context({ seed: 1 });
  const m = ctx.stCharacterFile('/examples/st/sheets/marcus.json');
  const again = ctx.stCharacter(m.toJSON());
  assert.deepEqual(again.toJSON(), m.toJSON());
  const before = m.weapons.length;
  const i = m.addWeapon({ name: 'Knife', damage: 1 });
  assert.equal(i, before);
  assert.deepEqual(m.weapons[i], { name: 'Knife', damage: 1, type: 'lethal', kind: 'melee', automatic: false,
    min_strength: 0, range: [0, 0, 0], ammo: -1 });
  m.removeWeapon(i);
  assert.equal(m.weapons.length, before);
  m.setProtection(1, 0, false);
  assert.deepEqual(m.protection, { vest: 1, armour: 0, old_fashioned: false });
  m.background = ['police', 'player'];
  assert.deepEqual(m.background, ['police', 'player']);
  m.experience = 30;
  assert.equal(m.isCombatant(), true);
  m.setCombatant(false);
  assert.equal(m.isCombatant(), false);
  refused(() => m.setTrait('Charm', 2), 'COPS_ENOTFOUND');
  refused(() => m.addWeapon({ name: 'x'.repeat(48), damage: 1 }), 'COPS_ERANGE');
  assert.throws(() => m.addWeapon({ name: 'Bat', damage: '2' }), TypeError);
  refused(() => ctx.stAttack(m, again, 'exchange', { elbow: 1 }), 'COPS_EINVAL');
  assert.throws(() => ctx.stAttack(m, {}, 'exchange'), TypeError);
  refused(() => ctx.stRoll('5 11-again'), 'COPS_ESYNTAX');
  ctx.dispose();
});

test('a fight keeps its characters; one read from a file owns them and they go with it', () => {
  const ctx = cops.context();
  const a = ctx.newStCharacter('A');
  const b = ctx.newStCharacter('B');
  const f = ctx.newStFight();
  f.add(a, 0);
  f.add(b, 1, 1, 0);
  a.dispose();
  assert.equal(f.character(0).disposed, true);
  assert.equal(f.distance(0, 1), 1);
  f.dispose();
  const g = ctx.stFightFile('/examples/st/scenarios/street-brawl.json');
  const ch = g.character(0);
  assert.equal(typeof ch.name, 'string');
  g.dispose();
  refused(() => ch.name, 'COPS_ESTATE');
  assert.ok(StFight.prototype.declare);
  ctx.dispose();
});

test('D6 rolls and odds: as cops d6 roll and cops d6 odds', () => {
  const ctx = cops.context();
  for (const roll of ['3D+2', '3D+2 -1D vs 15', '4D +5 cp 2', '2D fp vs 10', '1D actions 2 vs 5'])
    for (const seed of [1, 7, 2030]) {
      ctx.seed(seed);
      assert.equal(JSON.stringify(ctx.d6Roll(roll)), native('d6', 'roll', '--seed', String(seed), '--json', roll).trim());
    }
  ctx.seed(4);
  assert.equal(JSON.stringify(ctx.d6Roll('3D', { explode: false })),
    native('d6', 'roll', '--seed', '4', '--no-explode', '--json', '3D').trim());
  for (const roll of ['3D+2 vs 15', '5D', '2D+1 vs 8']) {
    const want = JSON.parse(native('d6', 'odds', '--json', roll));
    const o = ctx.d6Odds(roll);
    assert.equal(o.expected, want.expected);
    assert.equal(o.success, want.success ?? null);
    assert.equal(o.critical, want.critical ?? null);
    want.at_least.forEach((p, i) => assert.equal(ctx.d6Total(roll, want.from + i)[0], p));
  }
  const vs = JSON.parse(native('d6', 'odds', '--json', '--vs', '2D+2', '3D')).contest;
  assert.deepEqual(ctx.d6Contest('3D', '2D+2'), { greater: vs.greater, equal: vs.equal, less: vs.less });
  assert.deepEqual(ctx.d6Code('3D+2'), { dice: 3, pips: 2, notation: '3D+2' });
  assert.deepEqual(ctx.d6CodeAdd('2D+2', { dice: 0, pips: 2 }), { dice: 3, pips: 1, notation: '3D+1' });
  assert.equal(ctx.d6CodePips('2D+1'), 7);
  assert.deepEqual(ctx.d6Pool('3D+2 -1D vs 15').difficulty, 15);
  refused(() => ctx.d6Roll('3Q'), 'COPS_ESYNTAX');
  ctx.dispose();
});

test('the D6 catalogues and a sheet: as cops d6 weapons, spells and sheet', () => {
  const ctx = cops.context();
  const weapons = JSON.parse(native('d6', 'weapons', '--json')).weapons;
  assert.deepEqual(ctx.d6Weapons().map((w) => [w.name, w.category]), weapons.map((w) => [w.name, w.category]));
  assert.equal(ctx.d6Weapon(weapons[1].name.toUpperCase()).name, weapons[1].name);
  refused(() => ctx.d6Weapon('Phaser'), 'COPS_ENOTFOUND');
  const spells = jsonl(native('d6', 'spells', '--json'));
  assert.deepEqual(ctx.d6Spells().map((s) => [s.name, s.skill, s.difficulty, s.effect, s.duration, s.casting,
    s.damage && s.damage.notation]), spells.map((s) => [s.name, s.skill, s.difficulty, s.effect, s.duration,
    s.casting, s.damage]));
  for (const who of ['iris', 'morgane', 'ramirez', 'gang-member']) {
    const ch = ctx.d6CharacterFile(`/examples/d6/sheets/${who}.json`);
    assert.deepEqual(ch.toJSON(), JSON.parse(native('d6', 'sheet', file(`d6/sheets/${who}.json`), '--json')));
  }
  assert.equal(ctx.d6TraitParent('dodge'), 'agility');
  assert.equal(ctx.d6HitPoints('3D'), ctx.d6HitPoints({ dice: 3, pips: 0 }));
  assert.equal(ctx.d6CategoryName(3), 'pistol');
  assert.equal(ctx.d6TacticName(ctx.d6TacticCode('ram')), 'ram');
  assert.equal(ctx.d6ActionName(ctx.d6ActionCode('cast')), 'cast');
  assert.equal(ctx.d6PowerName(3), 'healing');
  ctx.dispose();
});

test('a D6 attack, harm, a spell and a power: the events of the cops command', () => {
  const sheet = (ctx, who) => ctx.d6CharacterFile(`/examples/d6/sheets/${who}.json`);
  for (const seed of [3, 7]) {
    let ctx = cops.context({ seed });
    let log = ctx.log();
    const o = ctx.d6Attack(sheet(ctx, 'ramirez'), sheet(ctx, 'gang-member'), { log });
    assert.equal(log.jsonl(), native('d6', 'attack', '--attacker', file('d6/sheets/ramirez.json'), '--target',
      file('d6/sheets/gang-member.json'), '--seed', String(seed), '--json'));
    assert.equal(o.attack_total, ctx.d6EventFields(log, 2).attack_total);
    ctx.dispose();
    ctx = cops.context({ seed });
    log = ctx.log();
    ctx.d6Harm(sheet(ctx, 'iris'), '4D', { id: 0, log });
    assert.equal(log.jsonl(), native('d6', 'harm', file('d6/sheets/iris.json'), '--damage', '4D', '--seed', String(seed), '--json'));
    ctx.dispose();
    ctx = cops.context({ seed });
    log = ctx.log();
    const might = ctx.d6Spell('Might');
    ctx.d6Cast(sheet(ctx, 'morgane'), { skill: might.skill, difficulty: might.difficulty, log });
    assert.equal(log.jsonl(), native('d6', 'cast', file('d6/sheets/morgane.json'), '--spell', 'Might', '--seed', String(seed), '--json'));
    ctx.dispose();
    ctx = cops.context({ seed });
    log = ctx.log();
    ctx.d6Psionic(sheet(ctx, 'iris'), 'empathy', { target: sheet(ctx, 'ramirez'), log });
    assert.equal(log.jsonl(), native('d6', 'psionic', file('d6/sheets/iris.json'), '--power', 'empathy', '--target',
      file('d6/sheets/ramirez.json'), '--seed', String(seed), '--json'));
    ctx.dispose();
  }
});

test('a D6 fight stepped turn by turn on the policy\'s suggestions is cops d6 fight\'s', () => {
  for (const name of ['shootout', 'car-collision']) {
    const ctx = cops.context();
    const f = ctx.d6FightFile(`/examples/d6/scenarios/${name}.json`);
    f.seed(5);
    while (!f.over && f.round < 100) {
      f.beginRound();
      for (let id = f.next(); id !== null; id = f.next()) {
        f.declare(id, f.suggest(id));
        assert.equal(f.step(), id);
      }
    }
    const events = native('d6', 'fight', file(`d6/scenarios/${name}.json`), '--seed', '5', '--json');
    assert.equal(f.jsonl(), events);
    assert.ok(f.character(0) instanceof D6Character);
    // reset(): the same fight again, vehicles and wounds as the first round found them.
    f.reset();
    assert.equal(f.round, 0);
    f.seed(5);
    f.run();
    assert.equal(f.jsonl(), events);
    const part = ctx.d6FightFile(`/examples/d6/scenarios/${name}.json`);
    part.runRound();
    const resumed = ctx.d6Fight(part.save());
    refused(() => resumed.reset(), 'COPS_ESTATE');
    assert.equal(resumed.round, 1);
    ctx.dispose();
  }
});

test('D6 characters, wounds, healing and initiative with scripted dice', () => {
  const ctx = scripted();
  const a = ctx.newD6Character('A');
  assert.deepEqual(a.trait('dodge'), { dice: 2, pips: 0, notation: '2D' });
  assert.equal(a.has('dodge'), false);
  a.setTrait('dodge', '3D+1');
  assert.equal(a.has('dodge'), true);
  a.setTrait('dodge', null);
  assert.equal(a.has('dodge'), false);
  a.setPoints(5, 1);
  assert.deepEqual(a.points, [5, 1]);
  a.setWounds({ step: 2, limbs: ['arm'] });
  const w = a.wounds();
  assert.equal(w.level, 'wounded');
  assert.deepEqual(w.limbs, ['arm']);
  assert.deepEqual(a.penalty('agility'), [-1, 0]);
  refused(() => a.setWounds({ step: 2, treated: [1, 2, 3, 4, 5] }), 'COPS_ERANGE');
  a.addProtection(ctx.d6Protections()[0].name);
  assert.equal(a.protections.length, 1);
  a.removeProtection(0);
  assert.equal(a.protections.length, 0);
  // Recovery from Wounded: 2D+... against the wait's difficulty, with dice 6 and 5 (the free die 5).
  ctx.useCallback(((f) => () => f.shift() ?? 0)([6, 5]));
  const h = ctx.d6Recover(a);
  assert.equal(h.level_before, 'wounded');
  assert.equal(h.total, 11);
  // The dice run out: refused, and the wounds unchanged.
  a.setWounds({ step: 2 });
  const before = a.wounds();
  refused(() => ctx.d6Recover(a), 'COPS_ERNG');
  assert.deepEqual(a.wounds(), before);
  const b = a.copy();
  ctx.useCallback(((f) => () => f.shift() ?? 0)([1, 2, 3, 6, 6, 1]));
  const { order, totals } = ctx.d6Initiative([a, b]);
  assert.deepEqual(order.length, 2);
  assert.equal(totals.length, 2);
  assert.equal(ctx.d6RecoveryWait('stunned') >= 0, true);
  ctx.dispose();
});

test('vehicles change in place, all or nothing', () => {
  const ctx = cops.context({ seed: 12 });
  const car = ctx.d6Vehicle('Car', { speed: 'cruising' });
  assert.equal(car instanceof D6Vehicle, true);
  assert.deepEqual([car.name, car.speed, car.topSpeed, car.control, car.damage, car.penalty],
    ['Car', 'cruising', 'flat_out', 'controlled', [], 0]);
  const log = ctx.log();
  const o = ctx.d6VehicleHarm(car, '5D', { log });
  const rolls = log.events().filter((e) => e.type === 'd6.roll');
  assert.deepEqual([o.damage_total, o.resistance_total], rolls.map((r) => r.total));
  assert.equal(o.margin, o.damage_total - o.resistance_total);
  assert.equal(car.damage.length, o.result === 'none' ? 0 : 1);
  const damage = car.damage;
  ctx.useCallback(() => 0);
  refused(() => ctx.d6VehicleHarm(car, '5D'), 'COPS_ERNG');
  assert.deepEqual(car.damage, damage);
  car.speed = 'slow';
  assert.equal(car.speed, 'slow');
  refused(() => { car.speed = 'warp'; }, 'COPS_ENOTFOUND');
  assert.deepEqual(ctx.d6CollisionCode(['cruising', 'slow']), ctx.d6CollisionCode(['slow', 'cruising']));
  refused(() => ctx.d6CollisionCode([]), 'COPS_ERANGE');
  const f = ctx.newD6Fight();
  const vid = f.addVehicle(car, 3, 4);
  assert.deepEqual(f.vehiclePosition(vid), [3, 4]);
  assert.equal(f.vehicle(vid).speed, 'slow');
  assert.equal(f.vehicleCount(), 1);
  ctx.dispose();
});

test('attacks on vehicles, collisions, crashes and repairs: their rolls in the log, all or nothing', () => {
  const ctx = cops.context({ seed: 21 });
  const shooter = ctx.d6CharacterFile('/examples/d6/sheets/ramirez.json');
  const driver = ctx.d6CharacterFile('/examples/d6/sheets/gang-member.json');
  const car = ctx.d6Vehicle('Car', { speed: 'full_speed' });
  const van = ctx.d6Vehicle('Van', { speed: 'cruising', resistance: '4D' });
  const log = ctx.log();
  const shot = ctx.d6AttackVehicle(shooter, car, { weapon: 0, distance: 10, passengers: [driver], log });
  assert.equal(shot.hit, shot.attack_total >= shot.defence_value);
  assert.ok(log.events().some((e) => e.type === 'd6.roll' && e.purpose === 'attack'));
  const outs = ctx.d6Collision([car, van], { impact: 'head_on', passengers: [[driver], []], log });
  assert.equal(outs.length, 2);
  outs.forEach((o) => assert.equal(o.margin, o.damage_total - o.resistance_total));
  if (car.control === 'out_of_control') ctx.d6VehicleCrash(car, { passengers: [driver] });
  else refused(() => ctx.d6VehicleCrash(car), 'COPS_ERULE');
  // A vehicle with an outstanding result to repair: harmed until one sticks short of a wreck.
  let damaged = null;
  for (let k = 0; k < 20 && !damaged; k++) {
    const truck = ctx.d6Vehicle(`Truck ${k}`, { resistance: '4D' });
    ctx.d6VehicleHarm(truck, '5D');
    if (truck.damage.length > 0 && truck.control !== 'wrecked') damaged = truck;
  }
  assert.ok(damaged);
  const before = damaged.damage;
  ctx.useCallback(() => 0);
  refused(() => ctx.d6Repair(shooter, '3D', damaged, 0, { flags: ['tools'] }), 'COPS_ERNG');
  assert.deepEqual(damaged.damage, before);
  refused(() => ctx.d6Collision([car, van], { impact: 'sideways' }), 'COPS_ENOTFOUND');
  assert.throws(() => ctx.d6Collision([car, {}]), TypeError);
  ctx.seed(3);
  assert.equal(typeof ctx.d6Repair(shooter, '3D', damaged, 0, { flags: ['tools', 'workshop'] }), 'boolean');
  ctx.dispose();
});

test('the spell designer: as cops d6 spell-cost', () => {
  const ctx = cops.context();
  const cost = ctx.d6SpellDifficulty({ effect_kind: 'skill', effect: '3D', range: 'short' });
  assert.equal(cost.sum, Object.values(cost.parts).reduce((x, y) => x + y, 0));
  const want = JSON.parse(native('d6', 'spell-cost', '--effect-kind', 'skill', '--effect', '3D', '--range', 'short', '--json'));
  assert.equal(cost.difficulty, want.difficulty);
  assert.equal(ctx.d6MeasureValue(15), 1);
  refused(() => ctx.d6MeasureValue(0), 'COPS_ERANGE');
  refused(() => ctx.d6SpellDifficulty({ range: 'galactic' }), 'COPS_ENOTFOUND');
  ctx.dispose();
});

report();
