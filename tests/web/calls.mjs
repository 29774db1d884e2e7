// The rest of the C API from the npm package (docs/javascript.md), run from the scratch
// project of tests/web/package.sh: the context's files and dice, sheets read and written,
// an encounter's combatants as handles, the Ancienneté callback, chases built by hand with
// their crash tests and secondary actions, interviews evaluated and read back, covering
// fire, standing up, the catalogue, summaries read back. Each against the cops command, the
// library's own answers elsewhere, or scripted dice.
// Usage: node calls.mjs SOURCE_ROOT NATIVE_COPS
import { readFileSync, readdirSync } from 'node:fs';
import { strict as assert } from 'node:assert';
import { load, CopsError, Character, CoverFire } from 'libcops';
import { harness, command, copyExamples } from './harness.mjs';

const [root, copsCli] = process.argv.slice(2);
const cops = await load();
const { test, report } = harness('calls');
const native = command(copsCli);
copyExamples(cops, root);
const refused = (fn, code) => assert.throws(fn, (e) => e instanceof CopsError && e.code === code);
/** A context whose dice are the faces given, then 0 (a refusal: COPS_ERNG). */
const scripted = (...faces) => cops.context({ callback: () => faces.shift() ?? 0 });

test('the context: its source, dice, re-roll cap, confined files', () => {
  const ctx = cops.context({ seed: 1 });
  assert.equal(ctx.source, 'seeded');
  ctx.useCallback(() => 4);
  assert.equal(ctx.source, 'callback');
  assert.equal(ctx.die(10), 4);
  refused(() => ctx.die(7), 'COPS_ERANGE');
  assert.equal(ctx.rerollCap, 100);
  ctx.rerollCap = 3;
  assert.equal(ctx.rerollCap, 3);
  cops.writeFile('/jail/sheets/a.txt', 'inside');
  ctx.confine('/jail');
  assert.equal(ctx.readFile('sheets/a.txt'), 'inside');
  refused(() => ctx.readFile('../examples/sheets/sarah.json'), 'COPS_EIO');
  refused(() => ctx.characterFile('/examples/sheets/sarah.json'), 'COPS_EIO');
  ctx.writeFile('out.json', '{"a": 1}');
  assert.equal(ctx.readFile('out.json'), '{"a": 1}');
  ctx.confine(null);
  assert.equal(ctx.readFile('/jail/out.json'), '{"a": 1}');
  assert.equal(typeof cops.version, 'string');
  ctx.dispose();
});

test('sheets, weapons and armour read from files and written back', () => {
  const ctx = cops.context();
  const sarah = ctx.characterFile('/examples/sheets/sarah.json');
  sarah.save('/tmp/sarah.json');
  assert.deepEqual(ctx.characterFile('/tmp/sarah.json').toJSON(), sarah.toJSON());
  assert.equal(typeof sarah.maxHpIsSet, 'boolean');
  assert.deepEqual(sarah.rest(), ['none', 0, 0]);
  sarah.setRest('hospital', { fixed: 2 });
  assert.deepEqual(sarah.rest().slice(0, 2), ['hospital', 2]);
  for (const f of readdirSync(`${root}/examples/weapons`)) {
    const w = ctx.weaponFile(`/examples/weapons/${f}`);
    assert.equal(typeof w.specialisation, 'string');
    assert.deepEqual(w.toJSON(), ctx.weapon(readFileSync(`${root}/examples/weapons/${f}`, 'utf8')).toJSON());
  }
  for (const f of readdirSync(`${root}/examples/armour`))
    assert.equal(typeof ctx.armourFile(`/examples/armour/${f}`).name, 'string');
  const log = ctx.log();
  log.setRound(3);
  sarah.advance(60, { log });
  assert.ok(log.events().every((e) => e.round === 3));
  ctx.dispose();
});

test('an encounter\'s combatants: places, handles on their sheets, states, limits, files', () => {
  const ctx = cops.context();
  const sc = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
  const e = sc.encounter;
  for (let id = 0; id < e.count; id++) {
    const c = e.combatant(id);
    assert.deepEqual(e.position(id), [c.x, c.y]);
    assert.equal(e.present(id), true);
    assert.equal(typeof e.side(id), 'number');
    assert.equal(e.canAct(id), true);
    assert.equal(e.controlled(id), false);
    const ch = e.character(id);
    assert.ok(ch instanceof Character);
    assert.equal(ch.name, c.name);
    ch.dispose();
    assert.equal(e.character(id).name, c.name);   // the encounter's own is untouched
    const w = e.weapon(id);
    assert.equal(w === null ? null : w.name, c.weapon === null ? null : c.weapon.name);
    assert.equal(e.hand(id) === null, w === null);
    const a = e.armour(id);
    assert.ok(a === null || typeof a.name === 'string');
  }
  assert.equal(e.distance(0, 1), e.distance(1, 0));
  assert.ok(e.distance(0, 1) > 0);
  assert.equal(e.distance(0, 0), 0);
  assert.equal(e.states().length, e.count);
  e.seed(4);
  e.setMaxRounds(1);
  e.run();
  assert.equal(e.round, 1);
  e.saveFile('/tmp/encounter.json');
  const back = ctx.resumeFile('/tmp/encounter.json');
  assert.equal(back.save(), e.save());
  back.logLimit = 5;
  assert.equal(back.logLimit, 5);
  back.setLogging(false);
  const quiet = ctx.scenarioFile('/examples/scenarios/street-shootout.json').encounter;
  quiet.setLogging(false);
  quiet.run();
  assert.equal(quiet.eventCount, 0);
  assert.equal(quiet.aftermathDone, false);
  quiet.aftermath(1, 600);
  assert.equal(quiet.aftermathDone, true);
  refused(() => e.position(99), 'COPS_ERANGE');
  ctx.dispose();
});

test('policies: the tactical side\'s fight is the cops command\'s, refusals change nothing', () => {
  const ctx = cops.context();
  const sc = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
  const e = sc.encounter;
  assert.deepEqual(Array.from({ length: e.count }, (_, id) => e.policy(id)), Array(e.count).fill('simple'));
  e.setSidePolicy(1, 'tactical');
  assert.equal(e.policy(3), 'tactical');
  assert.equal(e.policy(0), 'simple');
  refused(() => e.setPolicy(0, 'clever'), 'COPS_EINVAL');
  refused(() => e.setPolicy(99, 'simple'), 'COPS_ERANGE');
  refused(() => e.setSidePolicy(16, 'simple'), 'COPS_ERANGE');
  assert.throws(() => e.setPolicy(0, 1), TypeError);
  assert.equal(e.policy(0), 'simple');
  e.seed(2030);
  e.run();
  assert.equal(e.jsonl(), native('fight', `${root}/examples/scenarios/street-shootout.json`, '--seed', '2030',
    '--side-policy', 'gang:tactical', '--json'));
  ctx.dispose();
});

test('the Ancienneté callback: asked for a controlled combatant\'s failed rolls; its exception fails the round', () => {
  const play = (fn) => {
    const ctx = cops.context();
    const sc = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
    const e = sc.encounter;
    e.seed(2030);
    e.setControlled(0, true);
    e.setAncienneteCallback(fn);
    return { ctx, e };
  };
  const asked = [];
  const { ctx, e } = play((id, purpose, roll, points) => { asked.push({ id, purpose, roll, points }); return false; });
  for (let r = 0; r < 20 && !e.over && asked.length === 0; r++) {
    e.beginRound();
    e.declare(0, e.suggest(0));
    e.resolveRound();
  }
  assert.ok(asked.length > 0);
  assert.equal(asked[0].id, 0);
  assert.equal(typeof asked[0].purpose, 'string');
  assert.equal(asked[0].roll.success, false);
  assert.ok(asked[0].points >= 1);
  ctx.dispose();
  const rounds = asked.length;
  const boom = new Error('the table decides later');
  const { ctx: ctx2, e: e2 } = play(() => { throw boom; });
  let thrown = null;
  for (let r = 0; r < 20 && !thrown; r++) {
    const before = e2.save();
    e2.beginRound();
    e2.declare(0, e2.suggest(0));
    try {
      e2.resolveRound();
    } catch (err) {
      thrown = err;
      assert.equal(e2.phase, 'declaring');
      e2.setAncienneteCallback(null);
      e2.resolveRound();
      assert.notEqual(e2.save(), before);
    }
  }
  assert.equal(thrown, boom);
  assert.ok(rounds > 0);
  ctx2.dispose();
});

test('a chase built by hand: dice, bands, odds, crash tests, a passenger\'s shot, files', () => {
  const ctx = cops.context({ seed: 11 });
  const chase = ctx.newChase();
  const sarah = ctx.characterFile('/examples/sheets/sarah.json');
  const mike = ctx.characterFile('/examples/sheets/mike.json');
  const runner = ctx.characterFile('/examples/sheets/sarah.json');
  const gun = ctx.weaponFile('/examples/weapons/scorpion-131.json');
  assert.equal(chase.add(runner, 'Conduite [voiture]/Réflexes', 'pursued', 'Sedan', 4), 0);
  assert.equal(chase.add(sarah, 'Conduite [voiture]/Réflexes', 'pursuer', 'Cruiser', 5), 1);
  assert.equal(chase.addPassenger(1, mike), 16);
  assert.equal(chase.passengers, 1);
  const [rider, vehicle] = chase.passenger(16);
  assert.equal(rider.name, mike.name);
  assert.equal(vehicle, 1);
  assert.equal(chase.character(1).name, sarah.name);
  assert.deepEqual([chase.role(0), chase.role(1)], ['pursued', 'pursuer']);
  assert.deepEqual(chase.dice(1), [5, 0]);
  chase.adjust(1, 1);
  assert.deepEqual(chase.dice(1), [6, 0]);
  assert.equal(typeof chase.band(1), 'string');
  assert.ok([0, 1].includes(chase.chooser(1)));
  const o = chase.odds(1, 1, 0, 1);
  assert.ok(Math.abs(o.both + o.only_mine + o.only_other + o.neither - 1) < 1e-12);
  assert.equal(chase.boardState(16).passenger, true);
  assert.equal(chase.boardState(1).white, 6);
  chase.setMaxRounds(7);
  assert.equal(chase.maxRounds, 7);
  chase.setCrashMode('one_plus');
  chase.setMaluses(1, 3);
  const tested = [];
  chase.setCrashCallback((id, failed, d6) => { tested.push([id, failed, d6]); return false; });
  for (let r = 0; r < 7 && chase.result === 'going'; r++) {
    for (const id of [0, 1]) chase.declare(id, chase.suggest(id));
    chase.resolveRound();
    if (chase.result === 'going' && chase.band(1) !== 'long') {
      const shot = chase.act(16, 0, { weapon: gun, distance: 10, dice_mod: chase.shotMalus(1) });
      assert.equal(typeof shot.hitTarget, 'boolean');
    }
  }
  assert.ok(tested.every(([id, failed, d6]) => Number.isInteger(id) && failed >= 1 && d6.length >= 1));
  chase.saveFile('/tmp/chase.json');
  assert.equal(ctx.resumeChaseFile('/tmp/chase.json').save(), chase.save());
  assert.ok(tested.length > 0);
  if (chase.state(0) === 'in') {
    chase.wreck(0);
    assert.equal(chase.state(0), 'wrecked');
  } else {
    refused(() => chase.wreck(0), 'COPS_ESTATE');
  }
  refused(() => chase.setCrashMode('all'), 'COPS_ENOTFOUND');
  ctx.dispose();
  // The same chase again with a crash table that throws: the round that tests a crash fails
  // with that exception, and nothing of it happened.
  const again = cops.context({ seed: 11 });
  const c2 = again.newChase();
  c2.add(again.characterFile('/examples/sheets/sarah.json'), 'Conduite [voiture]/Réflexes', 'pursued', 'Sedan', 4);
  c2.add(again.characterFile('/examples/sheets/sarah.json'), 'Conduite [voiture]/Réflexes', 'pursuer', 'Cruiser', 5);
  c2.addPassenger(1, again.characterFile('/examples/sheets/mike.json'));
  c2.adjust(1, 1);
  c2.setCrashMode('one_plus');
  const boom = new RangeError('no table');
  c2.setCrashCallback(() => { throw boom; });
  let thrown = null;
  for (let r = 0; r < 7 && !thrown && c2.result === 'going'; r++) {
    for (const id of [0, 1]) c2.declare(id, c2.suggest(id));
    const before = c2.save();
    try {
      c2.resolveRound();
    } catch (e) {
      thrown = e;
      assert.equal(c2.save(), before);
    }
    if (!thrown && c2.result === 'going' && c2.band(1) !== 'long')
      c2.act(16, 0, { weapon: again.weaponFile('/examples/weapons/scorpion-131.json'), distance: 10, dice_mod: c2.shotMalus(1) });
  }
  assert.equal(thrown, boom);
  again.dispose();
});

test('an interview evaluated, read back, saved to a file; an approach\'s odds and rolls', () => {
  const ctx = cops.context({ seed: 3 });
  const subject = ctx.subjectFile('/examples/subjects/frightened-witness.json');
  const sarah = ctx.characterFile('/examples/sheets/sarah.json');
  const approach = { method: 'Éloquence', attitude: 'Amical' };
  assert.deepEqual(ctx.approachOdds(subject, sarah, approach), ctx.interview(subject, sarah).odds(approach, { gm: true }));
  const [cop, them] = ctx.approachRolls(subject, sarah, approach);
  assert.equal(typeof cop, 'string');
  assert.equal(typeof them, 'string');
  const iv = ctx.interview(subject, sarah);
  assert.equal(iv.evaluated, false);
  const revealed = iv.evaluate(null);
  assert.equal(iv.evaluated, true);
  assert.equal(iv.known.length, revealed);
  refused(() => iv.evaluate(), 'COPS_ESTATE');
  iv.ask(approach);
  assert.ok(iv.learnt.every((f) => subject.facts.some((x) => JSON.stringify(x) === JSON.stringify(f))));
  assert.equal(iv.subject, subject);
  assert.equal(iv.interrogator, sarah);
  iv.saveFile('/tmp/iv.json');
  const back = ctx.resumeInterviewFile('/tmp/iv.json');
  assert.equal(back.save(), iv.save());
  assert.equal(back.subject.name, subject.name);
  assert.equal(back.interrogator.name, sarah.name);
  const mine = back.subject;
  back.dispose();
  refused(() => mine.name, 'COPS_ESTATE');
  subject.save('/tmp/subject.json');
  assert.equal(ctx.subjectFile('/tmp/subject.json').name, subject.name);
  ctx.dispose();
});

test('covering fire, its nerve and its zone; standing up; a recovery roll', () => {
  const ctx = cops.context({ seed: 2 });
  const sc = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
  const e = sc.encounter;
  const shooter = e.character(0);
  const gun = ctx.weaponFile('/examples/weapons/scorpion-131.json');
  const other = e.character(1);
  const out = ctx.attack({ attacker: shooter, weapon: gun, mode: 'cover', target: other });
  assert.equal(out.mode, 'cover');
  assert.ok(out.cover instanceof CoverFire);
  const zone = ctx.coverZone(out.cover);
  assert.equal(zone, true);
  const nerve = ctx.coverNerve(other, { cover: out.cover });
  assert.equal(typeof nerve.success, 'boolean');
  assert.ok(Array.isArray(nerve.roll.dice));
  const entered = ctx.coverEnter(out.cover, other);
  assert.equal(entered.mode, 'cover');
  out.cover.dispose();
  refused(() => ctx.coverZone(out.cover), 'COPS_ESTATE');
  const s = scripted(9, 9, 9, 9, 9, 9);
  const ch = s.characterFile('/examples/sheets/sarah.json');
  refused(() => s.standUp(ch), 'COPS_ESTATE');   // not on the ground
  ch.setConditions(16, true);   // on the ground (C11.1)
  const up = s.standUp(ch);
  assert.equal(up.success, true);
  assert.ok(up.roll.dice.every((d) => d.face === 9));
  ch.setConditions(16, true);
  s.useCallback(() => 0);
  refused(() => s.standUp(ch), 'COPS_ERNG');
  ch.setRecovery(4);
  s.useCallback(() => 9);
  const back = s.recoveryRoll(ch, { characteristic: null });
  assert.equal(typeof back.success, 'boolean');
  s.dispose();
  ctx.dispose();
});

test('the catalogue: skills, zones, sides, mishaps, event types; a summary read back', () => {
  const cat = cops.catalogue;
  const skills = cat.skills();
  assert.equal(skills.length, 27);
  assert.deepEqual(cat.skill(skills[3].english), skills[3]);
  assert.equal(cat.skill('Arme de poing').characteristic, 'Coordination');
  assert.equal(cat.zoneOfDie(10)[0], cat.zoneName(4, 'en'));
  assert.equal(cat.bodySide(1), 'right');
  assert.equal(cat.bodySide(5), null);
  assert.equal(typeof cat.bodySideName('left', 'en'), 'string');
  assert.equal(cat.mishapNames().length, 4);
  const types = cat.eventTypeNames();
  assert.ok(['hit', 'st.attack', 'd6.attack'].every((t) => types.includes(t)));
  refused(() => cat.zoneOfDie(11), 'COPS_EINVAL');
  const ctx = cops.context();
  const sc = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
  const a = ctx.sim(sc, { seed: 5 });
  a.run(20);
  const b = ctx.sim(sc, { seed: 5 });
  b.run(20, 20);
  const back = ctx.simSummary(a.toJSON());
  assert.equal(back.ruleset, 'core');
  back.merge(b);
  assert.deepEqual(back.toJSON(), JSON.parse(native('sim', `${root}/examples/scenarios/street-shootout.json`,
    '-n', '40', '--seed', '5', '--json', '--jobs', '1')));
  refused(() => back.run(1), 'COPS_ESTATE');
  ctx.dispose();
});

report();
