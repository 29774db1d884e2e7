// The npm package as a program that installed it uses it (docs/javascript.md): run from a
// scratch project where `npm install libcops-VERSION.tgz` put it, importing 'libcops'.
// The same dice and JSON Lines as the cops command for every example scenario; a wrong
// type is a TypeError, a refused value a CopsError, never cut or truncated; handles
// disposed, used after, collected; a loop of rolls and fights with the wasm memory flat.
// Usage: node package.mjs SOURCE_ROOT NATIVE_COPS
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { strict as assert } from 'node:assert';
import { harness, copyExamples } from './harness.mjs';
import { load, CopsError } from 'libcops';

const [root, copsCli] = process.argv.slice(2);
const cops = await load();
const { test, report } = harness('package');
const native = (...args) => execFileSync(copsCli, args, { encoding: 'utf8' });
copyExamples(cops, root);

test('the version is the library\'s and the package\'s', () => {
  const pkg = JSON.parse(readFileSync(new URL(import.meta.resolve('libcops/package.json')), 'utf8'));
  assert.equal(cops.version, pkg.version);
  assert.match(native('version'), new RegExp(`libcops ${pkg.version.replace(/\./g, '\\.')}`));
});

test('rolls: the same dice as cops roll', () => {
  for (const [seed, notation] of [[2030, '4+/3 (2)'], [7, '6+/5 (3) +1D'], [1, '10+/2']]) {
    const ctx = cops.context({ seed });
    assert.equal(JSON.stringify(ctx.roll(notation)),
      native('roll', '--seed', String(seed), '--json', notation).trim(), notation);
    ctx.dispose();
  }
});

test('every example scenario: the same JSON Lines as cops fight', () => {
  const scenarios = readdirSync(`${root}/examples/scenarios`).filter((f) => f.endsWith('.json') &&
    JSON.parse(readFileSync(`${root}/examples/scenarios/${f}`, 'utf8')).type !== 'chase');
  assert.ok(scenarios.length >= 3);
  for (const f of scenarios) {
    const ctx = cops.context();
    const sc = ctx.scenarioFile(`/examples/scenarios/${f}`);
    sc.encounter.seed(2030);
    sc.encounter.run();
    assert.equal(sc.encounter.jsonl(),
      native('fight', `${root}/examples/scenarios/${f}`, '--seed', '2030', '--json'), f);
    sc.dispose();
    ctx.dispose();
  }
});

test('chases, interviews, Storyteller and D6 fights, simulations: as the cops command', () => {
  for (const f of ['sunset-chase.json', 'harbor-freeway-pursuit.json']) {
    const ctx = cops.context({ seed: 2030 });
    const chase = ctx.chaseFile(`/examples/scenarios/${f}`);
    chase.run();
    assert.equal(chase.jsonl(), native('chase', `${root}/examples/scenarios/${f}`, '--seed', '2030', '--json'), f);
    assert.ok(['caught', 'escaped', 'going'].includes(chase.result));
    chase.dispose();
    ctx.dispose();
  }
  {
    const ctx = cops.context({ seed: 2030 });
    const subject = ctx.subjectFile('/examples/subjects/hardened-gang-member.json');
    const sarah = ctx.character(readFileSync(`${root}/examples/sheets/sarah.json`, 'utf8'));
    const iv = ctx.interview(subject, sarah);
    const r = iv.ask({ method: 'Intimidation', attitude: 'Agressif' });
    assert.ok(['won', 'tied', 'lost'].includes(r.result));
    assert.equal(iv.jsonl(), native('interrogate', `${root}/examples/subjects/hardened-gang-member.json`,
      '--sheet', `${root}/examples/sheets/sarah.json`, '--method', 'Intimidation', '--attitude', 'Agressif',
      '--seed', '2030', '--json'));
    const again = ctx.resumeInterview(iv.save());
    assert.equal(again.save(), iv.save());
    assert.throws(() => iv.ask({ method: 'Nonsense', attitude: 'Agressif' }), CopsError);
    assert.throws(() => iv.ask({ method: 'Intimidation', attitude: 'Poli', tone: 1 }), CopsError);
    for (const h of [again, iv, sarah, subject, ctx]) h.dispose();
  }
  for (const [sys, file, load] of [['st', 'st/scenarios/street-brawl.json', 'stFightFile'],
    ['d6', 'd6/scenarios/shootout.json', 'd6FightFile']]) {
    const ctx = cops.context();
    const f = ctx[load](`/examples/${file}`);
    f.seed(7);
    f.run();
    assert.equal(f.jsonl(), native(sys, 'fight', `${root}/examples/${file}`, '--seed', '7', '--json'), file);
    assert.ok(f.over);
    f.dispose();
    ctx.dispose();
  }
  {
    const ctx = cops.context();
    const sc = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
    const sim = ctx.sim(sc, { seed: 5 });
    sim.run(50);
    assert.deepEqual(sim.toJSON(), JSON.parse(native('sim', `${root}/examples/scenarios/street-shootout.json`,
      '-n', '50', '--seed', '5', '--json', '--jobs', '1')));
    for (const h of [sim, sc, ctx]) h.dispose();
  }
});

test('odds, rolls and the catalogue: as the cops command and the C library', () => {
  const ctx = cops.context({ seed: 2030 });
  const want = JSON.parse(native('odds', '4+/3 (2)', '--json'));
  assert.equal(ctx.oddsExpected('4+/3 (2)'), want.expected_successes);
  want.at_least.forEach((p, k) => assert.equal(ctx.oddsAtLeast('4+/3 (2)', k), p, `k ${k}`));
  const points = ctx.oddsPoints('4+/3 (2)');
  assert.equal(points.plain, want.p_success);
  assert.equal(points.adrenaline, want.p_adrenaline);
  assert.equal(points.anciennete, want.p_anciennete);
  assert.equal(ctx.oddsPoints('4+/64').adrenaline, null);   // no room for one more die
  const pmf = Array.from({ length: 40 }, (_, k) => ctx.oddsPmf('4+/3 (2)', k));   // open 10s: past 3
  assert.ok(Math.abs(pmf.reduce((a, b) => a + b) - 1) < 1e-12);
  const opposed = ctx.oddsOpposed('4+/3', '5+/2');
  assert.ok(Math.abs(opposed.a + opposed.none + opposed.b - 1) < 1e-12);
  assert.ok(ctx.oddsOpposedDifference('4+/3', '5+/2', 0) > 0);
  assert.equal(ctx.oddsQuantile('4+/3 (2)', 0.5), 2);
  assert.ok(ctx.oddsDiceFor('4+/1', 0.9) >= 1 && ctx.oddsThresholdFor('4+/3', 0.5) >= 2);
  assert.throws(() => ctx.oddsPmf('4+/3', 0.5), (e) => e.code === 'COPS_EINVAL');
  const byPool = cops.context({ seed: 2030 }).rollPool(3, 4, 2);
  assert.deepEqual(byPool.dice, JSON.parse(native('roll', '--seed', '2030', '--json', '4+/3 (2)')).dice);
  assert.equal(ctx.rollD6(3).dice.length, 3);
  const o = cops.context({ seed: 1 }).rollOpposed('4+/3', '4+/3');
  assert.ok([null, 'a', 'b'].includes(o.winner) && o.a.dice.length === 3);
  const cat = cops.catalogue;
  assert.equal(cat.characteristics('en').at(-1), 'Nerve');
  assert.deepEqual(cat.languages(), ['fr', 'en', 'es']);
  assert.equal(cat.chaseBandName('short', 'en'), 'short');
  assert.equal(cat.interviewAttitudeName('Poli', 'en'), 'Polite');
  assert.equal(cat.methodCharacteristic('Intimidation'), 'Sang-froid');
  assert.equal(cat.traitName('Amical', 'en'), 'Friendly');
  assert.equal(cat.upkeepName('money', 'en'), 'money');
  const [lo, hi] = cat.initiativeRange(3);
  assert.ok(Number.isInteger(lo) && lo <= hi);
  assert.throws(() => cat.initiativeRange(9), (e) => e.code === 'COPS_ERANGE');
  assert.deepEqual(cat.weaponValuesFromName('Vulcan 051'), [0, 5, 1]);
  assert.ok(cat.actionNames().includes('shoot') && cat.modeNames().includes('burst'));
  assert.throws(() => cat.relationLevelName('ally', 9), (e) => e.code === 'COPS_ERANGE');
  assert.throws(() => cat.chaseBandName('far'), (e) => e.code === 'COPS_ENOTFOUND');
  assert.throws(() => cat.healthName({}), TypeError);
  ctx.dispose();
});

test('a single attack and its odds: as cops attack', () => {
  const read = (f) => readFileSync(`${root}/examples/${f}`, 'utf8');
  const args = ['--attacker', `${root}/examples/sheets/mike.json`, '--target', `${root}/examples/sheets/joe.json`,
    '--weapon', `${root}/examples/weapons/vulcan-051.json`, '--distance', '8'];
  for (const [mode, seed] of [['single', 2030], ['single', 7]]) {
    const ctx = cops.context({ seed });
    const mike = ctx.character(read('sheets/mike.json'));
    const joe = ctx.character(read('sheets/joe.json'));
    const gun = ctx.weapon(read('weapons/vulcan-051.json'));
    const log = ctx.log();
    const sit = { attacker: mike, target: joe, weapon: gun, distance: 8, mode };
    const odds = ctx.attackOdds(sit);
    const out = ctx.attack(sit, { log });
    assert.equal(log.jsonl(), native('attack', ...args, '--mode', mode, '--seed', String(seed), '--json'), mode);
    assert.deepEqual(odds, JSON.parse(native('attack', ...args, '--mode', mode, '--odds', '--json')), mode);
    assert.equal(out.mode, mode);
    assert.equal(out.victims.reduce((n, v) => n + v.damage, 0), out.hits.reduce((n, h) => n + h.damage, 0));
    assert.throws(() => ctx.attack({ ...sit, range: 3 }), (e) => e.code === 'COPS_EINVAL');
    assert.throws(() => ctx.attack({ ...sit, attacker: 'mike' }), TypeError);
    assert.throws(() => ctx.attack({ ...sit, distance: 1.5 }), (e) => e.code === 'COPS_EINVAL');
    for (const h of [log, gun, joe, mike, ctx]) h.dispose();
  }
});

test('treatments and their odds: as cops heal', () => {
  const read = (f) => readFileSync(`${root}/examples/${f}`, 'utf8');
  for (const seed of [3, 11]) {
    const ctx = cops.context({ seed });
    const sarah = ctx.character(read('sheets/sarah.json'));
    const joe = ctx.character(read('sheets/joe.json'));
    const log = ctx.log();
    const r = ctx.treat(sarah, joe, 'first_aid', { log });
    assert.equal(log.jsonl(), native('heal', 'first-aid', `${root}/examples/sheets/joe.json`, '--healer',
      `${root}/examples/sheets/sarah.json`, '--seed', String(seed), '--json'));
    assert.equal(r.kind, 'first_aid');
    assert.equal(r.hp_after - r.hp_before, r.healed);
    assert.equal(joe.hp, r.hp_after);
    for (const h of [log, joe, sarah, ctx]) h.dispose();
  }
  const ctx = cops.context();
  const sarah = ctx.character(read('sheets/sarah.json'));
  const joe = ctx.character(read('sheets/joe.json'));
  const odds = ctx.treatOdds(sarah, joe, 'first_aid');
  assert.deepEqual({ kind: 'first_aid', ...odds }, JSON.parse(native('heal', 'first-aid',
    `${root}/examples/sheets/joe.json`, '--healer', `${root}/examples/sheets/sarah.json`, '--odds', '--json')));
  assert.ok(Math.abs(odds.healed.reduce((a, b) => a + b, 0) - 1) < 1e-9 && odds.cap >= 0);
  assert.match(ctx.treatmentAction(sarah, joe, 'first_aid'), /^\d+\+\/\d+ \(\d+\)/);
  assert.throws(() => ctx.treat(sarah, joe, 'stabilise'), (e) => e.code === 'COPS_ERULE');   // not dying
  assert.throws(() => ctx.treat(sarah, joe, 'massage'), (e) => e.code === 'COPS_ENOTFOUND');
  assert.throws(() => ctx.treat(sarah, joe, 'first_aid', { gear: 'kit' }), (e) => e.code === 'COPS_EINVAL');
  assert.throws(() => ctx.treat(sarah, 'joe', 'first_aid'), TypeError);
  for (const h of [joe, sarah, ctx]) h.dispose();
});

test('sheets, weapons and armour built and changed', () => {
  const ctx = cops.context({ seed: 5 });
  const kim = ctx.newCharacter();
  kim.name = 'Kim';
  assert.equal(kim.name, 'Kim');
  for (const c of cops.catalogue.characteristics()) kim.setCharacteristic(c, 3);
  assert.equal(kim.characteristic('Réflexes'), 3);
  kim.setSkill("Arme d'épaule", 5, ['fusil à pompe']);
  assert.equal(kim.skill("Arme d'épaule"), 5);
  assert.deepEqual(kim.specialisations("Arme d'épaule"), ['fusil à pompe']);
  kim.setSkill('Arme de poing', 4);
  assert.equal(kim.skill('Pilotage'), null);
  assert.throws(() => kim.setSkill('Arme de poing', 12), (e) => e.code === 'COPS_ERANGE');
  assert.throws(() => kim.setSkill('Nonsense', 5), (e) => e.code === 'COPS_ENOTFOUND');
  kim.setPoints(3, 2);
  assert.deepEqual(kim.points('adrenaline'), [3, 3]);
  kim.setCurrentPoints('anciennete', 1);
  assert.deepEqual(kim.points('anciennete'), [1, 2]);
  kim.setHp(kim.maxHp);
  kim.damage(kim.maxHp - 2);
  assert.equal(kim.health, 'below_half');
  kim.heal(1);
  assert.equal(kim.hp, 3);
  assert.ok(kim.odds('Arme de poing/Réflexes (2)') > 0);
  kim.removeSkill('Arme de poing');
  assert.equal(kim.skill('Arme de poing'), null);
  const gun = ctx.newWeapon('handgun', 'Vulcan 051');
  assert.deepEqual(gun.skill[0], 'Arme de poing');
  gun.set('magazine', 15);
  gun.reload();
  assert.equal(gun.get('loaded'), 15);
  assert.throws(() => gun.set('colour', 1), (e) => e.code === 'COPS_ENOTFOUND');
  const vest = ctx.newArmour('Gilet');
  vest.setProtection('torso', 2, 1);
  assert.deepEqual(vest.protection('torso'), [2, 1]);
  vest.againstThrows = true;
  assert.equal(vest.againstThrows, true);
  assert.equal(ctx.armour(vest.toJSON()).protection('torso')[0], 2);
  for (const h of [vest, gun, kim, ctx]) h.dispose();
});

test('subjects, interviews and simulations: every call', () => {
  const ctx = cops.context({ seed: 8 });
  const subject = ctx.subjectFile('/examples/subjects/hardened-gang-member.json');
  const sarah = ctx.character(readFileSync(`${root}/examples/sheets/sarah.json`, 'utf8'));
  const table = JSON.parse(native('interrogate', `${root}/examples/subjects/hardened-gang-member.json`,
    '--sheet', `${root}/examples/sheets/sarah.json`, '--odds', '--json')).approaches;
  const iv = ctx.interview(subject, sarah);
  for (const row of table.slice(0, 4)) {
    const { method, attitude, ...odds } = row;
    // The GM's odds (the subject's reactions known) are the table cops interrogate --odds prints.
    assert.deepEqual(iv.odds({ method, attitude }, { gm: true }), odds, `${method} ${attitude}`);
    assert.ok(iv.odds({ method, attitude }).win > 0);
  }
  assert.equal(iv.asked, 0);
  assert.equal(iv.barred('Intimidation'), false);
  assert.equal(iv.knows('Sang-froid'), false);
  const s2 = ctx.newSubject('Vic');
  s2.setCharacteristic('Sang-froid', 4);
  assert.equal(s2.characteristic('Sang-froid'), 4);
  s2.setResistance('Charme', 2);
  assert.equal(s2.resistance('Charme'), 2);
  s2.setReaction('Poli', 1);
  assert.equal(s2.reaction('Poli'), 1);
  s2.reactionMode = 'resistance';
  assert.equal(s2.reactionMode, 'resistance');
  s2.addTag('affinity', 'cops in uniform');
  assert.deepEqual(s2.tags('affinity'), ['cops in uniform']);
  assert.equal(s2.hasTag('affinity', 'COPS IN UNIFORM'), true);
  s2.addFact(1, 'the car');
  assert.deepEqual(s2.facts, [[1, 'the car']]);
  s2.setBarred('Intimidation');
  assert.equal(s2.barred('Intimidation'), true);
  s2.resistanceUp = 2;
  assert.equal(s2.resistanceUp, 2);
  assert.throws(() => s2.setCharacteristic('Carrure', 3), (e) => e instanceof CopsError);
  assert.throws(() => s2.addTag('hatred', 'x'), (e) => e.code === 'COPS_ENOTFOUND');
  const sc = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
  const a = ctx.sim(sc, { seed: 5 });
  const b = ctx.sim(sc, { seed: 5 });
  a.run(20);
  b.run(30, 20);
  a.merge(b);
  const whole = ctx.sim(sc, { seed: 5 });
  whole.run(50);
  assert.deepEqual(a.toJSON(), whole.toJSON());   // disjoint ranges merged: the whole study
  assert.equal(a.fights, 50);
  assert.equal(a.wins(0) + a.wins(1) + a.stopped <= 50, true);
  assert.ok(a.compare(whole).schema >= 1);
  // The interview borrows its subject and its cop: disposed first, they live on for it.
  subject.dispose();
  sarah.dispose();
  assert.throws(() => subject.name, (e) => e.code === 'COPS_ESTATE');
  assert.ok(['won', 'tied', 'lost'].includes(iv.ask({ method: 'Éloquence', attitude: 'Poli' }).result));
  assert.ok(subject._deferred && sarah._deferred);   // their C memory waits for the interview
  iv.dispose();
  assert.ok(!subject._deferred && subject._release === null && sarah._release === null);
  for (const h of [whole, b, a, sc, s2, ctx]) h.dispose();
});

test('relations (C9): as the Python binding reads them', () => {
  const ctx = cops.context();
  const mike = ctx.character(readFileSync(`${root}/examples/sheets/mike.json`, 'utf8'));
  assert.deepEqual(mike.relation('tito vargas'), { name: 'Tito Vargas', kind: 'informant', level: 2,
    upkeep: 'money', domains: { drogue: 1, gangs: 0, politique: -2 }, pushed: null });
  assert.equal(mike.information('Tito Vargas', 'drogue'), 3);
  assert.equal(mike.information(0, 'politique'), 0);
  mike.push(0, 'politique');
  assert.equal(mike.information(0, 'politique'), 1);
  assert.equal(mike.relation(0).pushed, 'politique');
  assert.throws(() => mike.push(0, 'gangs'), (e) => e.code === 'COPS_ESTATE' && /one push at a time/.test(e.message));
  mike.release(0);
  assert.equal(mike.relation(0).pushed, null);
  const i = mike.addRelation('Ana', 'allié', 4, 'favours');
  assert.equal(mike.relations[i].kind, 'ally');
  mike.addRelation('Ben', 'informant', 4);
  assert.throws(() => mike.addRelation('Cid', 'ally', 4), (e) => e.code === 'COPS_ERULE');
  const before = mike.relations.length;
  assert.throws(() => mike.addRelation('Dee', 'ally', 1, 'money'), (e) => e.code === 'COPS_ERULE');
  assert.throws(() => mike.addRelation('Dee', 'ally', 1, 'cash'), (e) => e.code === 'COPS_ENOTFOUND');
  assert.equal(mike.relations.length, before);   // all or nothing
  mike.setRelationUpkeep('Ben', 'information');
  assert.equal(mike.relation('Ben').upkeep, 'information');
  mike.setDomain('Ben', 'docks', 1);
  assert.equal(mike.relation('Ben').domains.docks, 1);
  mike.removeDomain('Ben', 'docks');
  mike.setRelationLevel('Ana', 3);
  mike.removeRelation('Ana');
  assert.throws(() => mike.relation('Ana'), (e) => e.code === 'COPS_ENOTFOUND');
  assert.throws(() => mike.relation(1.5), (e) => e.code === 'COPS_EINVAL');
  mike.dispose();
  ctx.dispose();
});

test('wounds over time: the clock, bleeding, rest, nights, a log of its own', () => {
  const ctx = cops.context({ seed: 4 });
  const mike = ctx.character(readFileSync(`${root}/examples/sheets/mike.json`, 'utf8'));
  const log = ctx.log();
  const t0 = mike.time;
  mike.advance(600, { log, id: 3 });
  assert.equal(mike.time, t0 + 600);
  assert.equal(mike.bleeding().period, 0);
  mike.setRest('hospital', { log, id: 3 });
  mike.advance(86400, { log, id: 3 });
  assert.ok(log.count > 0 && log.events().every((e) => e.actor_id === 3 || e.target_id === 3 || e.actor_id === null));
  assert.match(log.narrate(0, 'en'), /\S/);
  assert.throws(() => mike.setRest('spa'), (e) => e.code === 'COPS_ENOTFOUND');
  assert.throws(() => mike.advance(-1), (e) => e.code === 'COPS_ERANGE');
  assert.throws(() => mike.advance(60, { log: 'log' }), TypeError);
  assert.equal(typeof mike.lostRecently, 'number');
  log.limit = 1;
  assert.equal(log.limit, 1);
  log.clear();
  assert.equal(log.count, 0);
  for (const h of [log, mike, ctx]) h.dispose();
});

test('a tabletop: tags in events, snapshots, checkpoints rolled back, sealed saves', () => {
  const ctx = cops.context();
  const sc = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
  const e = sc.encounter;
  e.seed(2030);
  e.setTag(0, 'token-7');
  assert.equal(e.tag(0), 'token-7');
  assert.equal(e.findTag('token-7'), 0);
  assert.equal(e.findTag('nobody'), null);
  assert.throws(() => e.setTag(0, 'x'.repeat(65)), (err) => err instanceof CopsError);
  assert.equal(e.phase, 'between_rounds');
  assert.equal(e.state(0).tag, 'token-7');
  assert.equal(e.snapshot().combatants.length, e.count);
  const cp = e.checkpoint();
  e.runRound();
  const first = e.jsonl();
  assert.match(first, /"actor_tag":"token-7"/);
  e.rollback(cp);
  assert.equal(e.round, 0);
  e.runRound();
  assert.equal(e.jsonl(), first);   // the same round again, byte for byte
  cp.dispose();
  const key = new Uint8Array(32).fill(7);
  const sealed = ctx.seal(key, e.save());
  assert.ok(cops.isSealed(sealed) && !sealed.includes('"hp"'));
  assert.equal(ctx.unseal(key, sealed), e.save());
  assert.throws(() => ctx.unseal(new Uint8Array(32), sealed), (err) => err.code === 'COPS_ESEAL');
  assert.throws(() => ctx.seal(new Uint8Array(3), 'x'), (err) => err.code === 'COPS_EINVAL');
  assert.throws(() => ctx.seal('key', 'x'), TypeError);
  assert.throws(() => ctx.resume(sealed), (err) => err.code === 'COPS_EJSON');
  const resumed = ctx.resume(ctx.unseal(key, sealed));
  assert.equal(resumed.save(), e.save());
  const mike = ctx.character(readFileSync(`${root}/examples/sheets/mike.json`, 'utf8'));
  assert.equal(mike.healthState, 'healthy');
  for (const h of [mike, resumed, sc, ctx]) h.dispose();
});

test('a wrong type is a TypeError; a refused value a CopsError, never cut', () => {
  const ctx = cops.context({ seed: 1 });
  assert.throws(() => ctx.roll(42), TypeError);
  assert.throws(() => ctx.roll(null), TypeError);
  assert.throws(() => ctx.roll('4+/3\0 (9)'), (e) => e instanceof CopsError && e.code === 'COPS_EINVAL');
  assert.throws(() => ctx.roll('4+/3 \ud800'), (e) => e instanceof CopsError && e.code === 'COPS_EINVAL');
  assert.throws(() => ctx.roll('4+/'), (e) => e instanceof CopsError && e.code === 'COPS_ESYNTAX');
  assert.throws(() => ctx.roll('4+/3', { unskilled: 1 }), TypeError);
  assert.throws(() => ctx.seed(0.5), (e) => e.code === 'COPS_EINVAL');
  assert.throws(() => ctx.seed(-1), (e) => e.code === 'COPS_ERANGE');
  assert.throws(() => ctx.seed({}), TypeError);
  assert.throws(() => ctx.seed('12abc'), (e) => e.code === 'COPS_EINVAL');
  assert.throws(() => ctx.useCallback('not a function'), TypeError);
  const e = ctx.encounter();
  const mike = ctx.character(readFileSync(`${root}/examples/sheets/mike.json`, 'utf8'));
  for (const bad of [0.5, NaN, Infinity, 2 ** 53, -0.5])
    assert.throws(() => e.add(mike, bad), (err) => err instanceof CopsError, String(bad));
  assert.throws(() => e.add(mike, 2 ** 31), (err) => err.code === 'COPS_ERANGE');
  assert.throws(() => e.add('mike', 0), TypeError);
  assert.throws(() => e.add(mike, '0'), TypeError);
  assert.equal(e.add(mike, 0), 0);
  assert.throws(() => e.declare(0, 'shoot'), TypeError);
  assert.throws(() => e.narrate(0, 'klingon'), (err) => err.code === 'COPS_ENOTFOUND');
  assert.throws(() => ctx.character(42), TypeError);
  assert.throws(() => ctx.encounter('house'), (err) => err.code === 'COPS_EINVAL');
  e.dispose();
  mike.dispose();
  ctx.dispose();
});

test('dispose: once, then a CopsError; what a context made outlives it', () => {
  const ctx = cops.context({ seed: 3 });
  const mike = ctx.character(readFileSync(`${root}/examples/sheets/mike.json`, 'utf8'));
  const dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');
  assert.equal(typeof ctx[dispose], 'function');
  ctx[dispose]();
  assert.ok(ctx.disposed);
  assert.throws(() => ctx.roll('4+/3'), (e) => e.code === 'COPS_ESTATE');
  ctx.dispose();                                   // again: nothing
  assert.equal(mike.name, 'Mike Delgado');   // its context is freed with it, later
  const before = mike.roll('Arme de poing/Coordination (2)');
  assert.ok(before.dice.length > 0);
  mike.dispose();
  assert.throws(() => mike.name, (e) => e.code === 'COPS_ESTATE');
  const sc = cops.context().scenarioFile('/examples/scenarios/street-shootout.json');
  sc.dispose();
  assert.throws(() => sc.encounter.run(), (e) => e.code === 'COPS_ESTATE');   // owned by it
});

test('a loop of rolls and fights: the wasm memory flat after warm-up', () => {
  const ctx = cops.context({ seed: 9 });
  const heap = () => cops.m.HEAPU8.length;
  const round = (rolls, fights) => {
    for (let i = 0; i < rolls; i++) ctx.roll('4+/3 (2)');
    for (let i = 0; i < fights; i++) {
      const sc = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
      sc.encounter.run();
      sc.dispose();
    }
  };
  round(20000, 200);
  const warm = heap();
  for (let k = 0; k < 4; k++) round(Number(process.env.COPS_JS_ROLLS ?? 250000),
    Number(process.env.COPS_JS_FIGHTS ?? 2500));
  assert.equal(heap(), warm);
  ctx.dispose();
});

report();
