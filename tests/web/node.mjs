// The WebAssembly build under Node.js (docs/web.md): the same dice, events, narration,
// odds and saves as the C library, byte for byte.
// Usage: node tests/web/node.mjs WEB_DIR SOURCE_ROOT NATIVE_COPS NATIVE_WEB_ODDS
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strict as assert } from 'node:assert';
import { harness } from './harness.mjs';

const [webDir, root, copsCli, webOdds] = process.argv.slice(2);
const { load, CopsError } = await import(`${webDir}/cops-node.mjs`);
const cops = await load();
const { test, report } = harness('node');
const native = (...args) => execFileSync(copsCli, args, { encoding: 'utf8' });
const golden = (name) => readFileSync(`${root}/tests/golden/${name}`, 'utf8');

// The example files in the module's memory file system, at the same place as on disk.
for (const dir of ['scenarios', 'sheets', 'weapons', 'armour'])
  for (const f of readdirSync(`${root}/examples/${dir}`))
    cops.writeFile(`/examples/${dir}/${f}`, readFileSync(`${root}/examples/${dir}/${f}`));

/** An example fight seeded with 2030 in a context of its own, under `rules`. */
function seeded(name, rules = 'core') {
  const ctx = cops.context();
  const sc = ctx.scenarioFile(`/examples/scenarios/${name}.json`);
  sc.encounter.ruleset = rules;
  sc.encounter.seed(2030);
  return { e: sc.encounter, free: () => { sc.free(); ctx.free(); } };
}

test('the wasm the browser fetches is the one Node runs', () => {
  assert.deepEqual(readFileSync(`${webDir}/libcops.wasm`), readFileSync(`${webDir}/libcops-node.wasm`));
});

test('loading leaves the process\'s handlers alone', () => {
  assert.equal(process.listenerCount('uncaughtException'), 0);
  assert.equal(process.listenerCount('unhandledRejection'), 0);
});

test('version', () => assert.equal(`libcops ${cops.version})`, native('--version').trim().split('(').pop()));

// C1's worked example with the caller's dice, then seeded rolls against the C command.
test('C1 worked example, dice from a callback', () => {
  const faces = [3, 4, 6];
  const ctx = cops.context({ callback: () => faces.shift() });
  assert.equal(JSON.stringify(ctx.roll('4+/3 (2)')),
    native('roll', '--dice', '3,4,6', '--json', '4+/3 (2)').trim());
  ctx.free();
});
test('seeded rolls equal the C command', () => {
  for (const seed of [0, 7, 2030, '18446744073709551615']) {
    const ctx = cops.context({ seed });
    assert.equal(JSON.stringify(ctx.roll('5+/6 (3)')),
      native('roll', '--seed', String(seed), '--json', '5+/6 (3)').trim());
    ctx.free();
  }
});
test('exact odds equal the C command', () => {
  const ctx = cops.context();
  for (const n of ['4+/3 (2)', '7+/8 (5)', '2+/1']) {
    const o = ctx.odds(n);
    const c = JSON.parse(native('odds', '--json', n));
    assert.equal(o.success, c.p_success);
    assert.equal(o.expected, c.expected_successes);
    // at_least[k] = sum of pmf[j] for j >= k
    c.at_least.forEach((p, k) => {
      const tail = o.pmf.slice(k).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(tail - p) < 1e-12, `P(>= ${k}) ${tail} against ${p}`);
    });
  }
  ctx.free();
});
test('a face out of range from the callback is refused, not used', () => {
  const ctx = cops.context({ callback: () => 11 });
  assert.throws(() => ctx.roll('4+/3'), (e) => e instanceof CopsError && e.code === 'COPS_ERNG');
  ctx.free();
});
test('the system source rolls', () => {
  const ctx = cops.context();
  const r = ctx.roll('4+/3 (2)');
  assert.equal(r.dice.length >= 3, true);
  r.dice.forEach((d) => assert.ok(d.face >= 1 && d.face <= 10));
  ctx.free();
});
test('errors are CopsErrors with the C message', () => {
  const ctx = cops.context({ seed: 1 });
  assert.throws(() => ctx.roll('4+/'), (e) => e.code === 'COPS_ESYNTAX' && /column/.test(e.message));
  assert.throws(() => ctx.character('{"schema": 1'), (e) => e.code === 'COPS_EJSON');
  assert.throws(() => ctx.seed(-1), (e) => e.code === 'COPS_ERANGE');   // out of 0..2^64-1
  assert.throws(() => ctx.encounter('house'), (e) => e.code === 'COPS_EINVAL');
  ctx.free();
});

// A character's own rolls (C1, C5): the same as cops roll --sheet with the same seed.
test('a character rolls its skills, Adrénaline and Ancienneté as cops roll --sheet does', () => {
  const sheet = readFileSync(`${root}/examples/sheets/mike.json`, 'utf8');
  for (const [seed, notation, opts, flags] of [
    [7, "Arme d'épaule [fusil à lunette]/Coordination (2)", {}, []],
    [3, 'Arme de poing/Coordination (2)', { adrenaline: true, anciennete: true },
      ['--adrenaline', '--anciennete']],
    [1, 'Conduite [voiture]/Réflexes (3)', { anciennete: true }, ['--anciennete']]]) {   // fails: rolled again
    const ctx = cops.context({ seed });
    const mike = ctx.character(sheet);
    assert.equal(JSON.stringify(mike.roll(notation, opts)),
      native('roll', '--sheet', `${root}/examples/sheets/mike.json`, '--seed', String(seed),
        ...flags, '--json', notation).trim(), notation);
    mike.free();
    ctx.free();
  }
  const ctx = cops.context({ seed: 1 });
  const mike = ctx.character(sheet);
  assert.throws(() => mike.roll('Plongée/Coordination'), (e) => e instanceof CopsError);
  mike.free();
  ctx.free();
});

test('a sheet keeps its dossier and extra object, byte for byte (docs/sheets.md)', () => {
  const text = readFileSync(`${root}/examples/sheets/mike-dossier.json`, 'utf8');
  const ctx = cops.context({ seed: 1 });
  const mike = ctx.characterFile('/examples/sheets/mike-dossier.json');
  assert.deepEqual(Object.keys(mike.dossier), ['nickname', 'grade', 'age', 'background', 'languages',
    'history', 'experience', 'notes']);
  assert.equal(mike.dossier.nickname, 'Tex');
  assert.deepEqual(mike.extra.foundry.flags.z, [1, 2.5, null]);
  assert.equal(JSON.stringify(mike.toJSON(), null, 2) + '\n', text);
  const ana = ctx.character({ name: 'Ana', characteristics: JSON.parse(text).characteristics });
  assert.deepEqual(ana.dossier, {});
  ana.dossier = { grade: 'Sergent', age: 41 };
  ana.extra = '{"token": "ana.png"}';
  assert.deepEqual(ana.dossier, { grade: 'Sergent', age: 41 });
  assert.equal(ana.toJSON().schema, 4);
  assert.throws(() => { ana.dossier = { rank: 'x' }; },
    (e) => e instanceof CopsError && /dossier\.rank: unknown field/.test(e.message));
  assert.throws(() => { ana.dossier = { age: 200 }; }, (e) => e instanceof CopsError && e.code === 'COPS_ERANGE');
  assert.throws(() => { ana.dossier = ['x']; }, TypeError);
  assert.deepEqual(ana.dossier, { grade: 'Sergent', age: 41 });   // nothing half-applied
  ana.dossier = null;
  ana.extra = {};
  assert.equal(ana.toJSON().schema, 3);
  ana.free();
  mike.free();
  ctx.free();
});

test('a sheet carries its gear, and a fight spends its magazines (docs/sheets.md)', () => {
  const text = readFileSync(`${root}/examples/sheets/sarah-kit.json`, 'utf8');
  const ctx = cops.context({ seed: 1 });
  const sarah = ctx.characterFile('/examples/sheets/sarah-kit.json');
  assert.equal(JSON.stringify(sarah.toJSON(), null, 2) + '\n', text);   // byte for byte
  assert.deepEqual(sarah.gear.weapons[0], { weapon: '../weapons/remington-162.json', loaded: 5,
    magazines: 1, in_hand: true });
  const weapons = sarah.weapons;
  assert.deepEqual(weapons.map((w) => [w.name, w.magazines]),
    [['Remington 162', 1], ['Vulcan 051', 2], ['Couteau 021', null]]);
  assert.equal(sarah.hand, 0);
  const vest = sarah.armour;
  assert.equal(vest.name, 'Gilet pare-balles');
  assert.throws(() => { weapons[2].magazines = 1; },
    (e) => e instanceof CopsError && /has no magazine/.test(e.message));
  const joe = ctx.characterFile('/examples/sheets/joe.json');
  const e = ctx.encounter('core');
  e.add(sarah, 0, 0, 0);
  e.add(joe, 1, 30, 0);
  e.equip(0);
  e.setControlled(0, true);
  e.setControlled(1, true);
  assert.deepEqual(e.weapons(0)[0], { name: 'Remington 162', loaded: 5, magazines: 1 });
  assert.equal(e.snapshot().combatants[0].weapon.magazines, 1);
  e.beginRound();
  e.declare(0, { action: 'reload' });
  e.declare(1, { action: 'wait' });
  e.resolveRound();
  assert.equal(weapons[0].get('loaded'), 6);   // the sheet's own weapon
  assert.equal(weapons[0].magazines, 0);
  e.beginRound();
  assert.throws(() => e.declare(0, { action: 'reload' }),
    (err) => err instanceof CopsError && /no spare magazine left/.test(err.message));
  const ana = ctx.character({ name: 'Ana', characteristics: JSON.parse(text).characteristics });
  assert.deepEqual(ana.gear, {});
  assert.equal(ana.hand, null);
  assert.equal(ana.armour, null);
  assert.throws(() => { ana.gear = { weapons: [{ weapon: { name: 'Vulcan 051', kind: 'handgun' }, rounds: 1 }] }; },
    (err) => err instanceof CopsError && /gear\.weapons\[0\]\.rounds: unknown field/.test(err.message));
  ana.gear = { weapons: [{ weapon: { name: 'Couteau 021', kind: 'blade' } }] };
  assert.equal(ana.toJSON().schema, 4);
  ana.gear = null;
  assert.equal(ana.toJSON().schema, 3);
  e.free();
  for (const x of [...weapons, vest, ana, joe, sarah]) x.free();
  ctx.free();
});

test('a Roll20 COPS character made into a sheet (docs/sheets.md)', () => {
  const ctx = cops.context({ seed: 1 });
  const exported = readFileSync(`${root}/examples/roll20/delgado.json`, 'utf8');
  const { character, report } = ctx.characterRoll20(exported);
  assert.equal(JSON.stringify(character.toJSON(), null, 2) + '\n',
    readFileSync(`${root}/tests/golden/roll20-delgado.json`, 'utf8'));
  assert.deepEqual(report.find((e) => e.attribute === 'Badge'),
    { attribute: 'Badge', action: 'dropped', detail: 'not an attribute of the Roll20 COPS sheet' });
  const again = ctx.characterRoll20([{ name: 'Prenom', current: 'Ana' }, { name: 'Carrure', current: 7 }]);
  assert.equal(again.character.name, 'Ana');
  assert.deepEqual(again.report[0], { attribute: 'Carrure', action: 'corrected', detail: '7 out of range 1..5 (C2): 5' });
  assert.throws(() => ctx.characterRoll20({ name: 'x' }),
    (e) => e instanceof CopsError && /expected Roll20's attributes/.test(e.message));
  character.free();
  again.character.free();
  ctx.free();
});

// C8.2: at 0 hit points one cannot roll, unless the roll is not an action: then the same
// dice as cops roll --not-an-action with the same seed.
test('one who cannot act cannot roll (C8.2), unless the roll is not an action', () => {
  const down = readFileSync(`${root}/examples/sheets/mike.json`, 'utf8').replace('"current": 29', '"current": 0');
  const dir = mkdtempSync(join(tmpdir(), 'cops-'));
  try {
    writeFileSync(join(dir, 'mike-down.json'), down);
    const ctx = cops.context({ seed: 5 });
    const mike = ctx.character(down);
    assert.equal(mike.hp, 0);
    assert.throws(() => mike.roll('Arme de poing/Coordination (2)', { adrenaline: true }),
      (e) => e instanceof CopsError && e.code === 'COPS_ERULE' &&
        e.message === 'the character Mike Delgado is unconscious and cannot act (C8.2)');
    assert.equal(JSON.stringify(mike.roll('Arme de poing/Coordination (2)', { notAnAction: true })),
      native('roll', '--sheet', join(dir, 'mike-down.json'), '--seed', '5', '--not-an-action', '--json',
        'Arme de poing/Coordination (2)').trim());
    mike.free();
    ctx.free();
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('an encounter reset and seeded again is the same fight; a combatant removed leaves', () => {
  const { e, free } = seeded('street-shootout');
  e.run();
  e.reset();
  assert.equal(e.round, 0);
  assert.equal(e.eventCount, 0);
  e.seed(2030);
  e.run();
  assert.equal(e.jsonl(), golden('street-shootout-2030.jsonl'));
  e.reset();
  e.remove(4);
  assert.equal(e.combatant(4).present, false);
  e.seed(2030);
  e.run();
  assert.ok(!e.events().some((ev) => ev.actor_id === 4 && ev.type === 'attack'));
  free();
});

// Whole fights: every example fight under both rulesets, against the golden logs.
for (const [name, rules] of [['street-shootout', 'core'], ['bar-brawl', 'core'],
  ['covering-fire-standoff', 'core'], ['street-shootout', 'alternative'],
  ['bar-brawl', 'alternative'], ['covering-fire-standoff', 'alternative']]) {
  const stem = rules === 'core' ? `${name}-2030` : `${name}-alternative-2030`;
  test(`${stem}: JSON Lines equal to cops fight's and the golden log, the narration too`, () => {
    const { e, free } = seeded(name, rules);
    e.run();
    assert.equal(e.jsonl(), golden(`${stem}.jsonl`));
    assert.equal(e.jsonl(), native('fight', `${root}/examples/scenarios/${name}.json`, '--seed', '2030',
      '--rules', rules, '--json'));
    assert.equal(e.narrate(0, 'en'), golden(`${stem}.en.txt`));
    assert.deepEqual(e.events(), golden(`${stem}.jsonl`).trim().split('\n').map((l) => JSON.parse(l)));
    free();
  });
}
test('French narration equals the golden log', () => {
  const { e, free } = seeded('street-shootout');
  e.run();
  assert.equal(e.narrate(0, 'fr'), golden('street-shootout-2030.fr.txt'));
  assert.equal(e.narrate(0, 'es'), golden('street-shootout-2030.es.txt'));
  free();
});

// An encounter built from sheets, weapons and armour given as JSON: the same fight as the
// scenario that names the same files, die for die, and the same as the C command's.
test('an encounter built from JSON objects is the scenario\'s fight', () => {
  const file = (f) => JSON.parse(readFileSync(`${root}/examples/${f}`, 'utf8'));
  const duel = { schema: 1, name: 'Duel', combatants: [
    { sheet: file('sheets/mike.json'), side: 'COPS', position: [0, 0],
      weapons: [file('weapons/vulcan-051.json')], armour: file('armour/gilet-pare-balles.json') },
    { sheet: file('sheets/joe.json'), side: 'gang', position: [10, 0],
      weapons: [file('weapons/vulcan-051.json')] }] };
  const ctx = cops.context();
  const sc = ctx.scenario(duel);
  sc.encounter.seed(7);
  sc.encounter.run();
  const dir = mkdtempSync(join(tmpdir(), 'cops-web-'));
  try {
    writeFileSync(`${dir}/duel.json`, JSON.stringify(duel));
    assert.equal(sc.encounter.jsonl(), native('fight', `${dir}/duel.json`, '--seed', '7', '--json'));
  } finally {
    rmSync(dir, { recursive: true });
  }
  const made = [];
  const chars = [];
  const e = ctx.encounter('core');
  duel.combatants.forEach((c, i) => {
    const ch = ctx.character(c.sheet);
    assert.deepEqual(ctx.character(ch.toJSON()).toJSON(), ch.toJSON());
    const id = e.add(ch, i, c.position[0], c.position[1]);
    const w = ctx.weapon(c.weapons[0]);
    e.giveWeapon(id, w);
    made.push(ch, w);
    chars.push(ch);
    if (c.armour) {
      const a = ctx.armour(c.armour);
      assert.equal(a.name, c.armour.name);
      e.setArmour(id, a);
      made.push(a);
    }
  });
  assert.equal(chars[0].name, 'Mike Delgado');
  assert.equal(chars[0].hp, chars[0].maxHp);
  e.seed(7);
  e.run();
  // The same events but the sides' names (a scenario names its sides, in its joins and end).
  const play = (text) => text.split('\n').filter((l) => l).map((l) => JSON.parse(l)).map((ev) =>
    (ev.type === 'join' || ev.type === 'end' ? { ...ev, target: null } : ev));
  assert.deepEqual(play(e.jsonl()), play(sc.encounter.jsonl()));
  assert.equal(e.over, true);
  assert.equal(e.winner, sc.encounter.winner);
  assert.ok(chars.some((c) => c.hp < c.maxHp), 'someone was hurt');
  e.free();
  sc.free();
  made.forEach((m) => m.free());
  ctx.free();
});

// Save after each round, resume in a fresh context: the same fight, and the same save
// text as the C command's.
test('save and resume at every round give the uninterrupted fight', () => {
  const whole = golden('street-shootout-2030.jsonl').trim().split('\n');
  for (let at = 0; at <= 4; at++) {   // over after round 5: nothing to save then
    const first = seeded('street-shootout');
    for (let r = 0; r < at; r++) first.e.runRound();
    const before = first.e.jsonl().split('\n').filter((l) => l);
    const save = first.e.save();
    first.free();
    const ctx = cops.context();
    const e = ctx.resume(save);
    e.run();
    const after = e.jsonl().split('\n').filter((l) => l);
    assert.deepEqual(before.concat(after), whole, `saved after round ${at}`);
    e.free();
    ctx.free();
  }
});
test('the save equals the C command\'s save', () => {
  const { e, free } = seeded('street-shootout');
  for (let r = 0; r < 3; r++) e.runRound();
  const dir = mkdtempSync(join(tmpdir(), 'cops-web-'));
  try {
    native('fight', `${root}/examples/scenarios/street-shootout.json`, '--seed', '2030',
      '--save-at', '3', `${dir}/saved.json`, '--json');
    assert.equal(e.save(), readFileSync(`${dir}/saved.json`, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true });
    free();
  }
});

// A controlled combatant: the table declares, the policy plays the others.
test('a controlled combatant: suggestion, allowed actions, odds equal to C', () => {
  const { e, free } = seeded('street-shootout');
  e.setControlled(0);
  e.beginRound();
  const d = { action: 'shoot', target: 2, attitude: 'aggressive', initiative: 1 };
  const want = execFileSync(webOdds, [`${root}/examples/scenarios/street-shootout.json`, '2030', '0',
    'shoot', '2', 'aggressive', '1'], { encoding: 'utf8' }).trim();
  assert.equal(JSON.stringify(e.odds(0, d)), JSON.stringify(JSON.parse(want)));
  const s = e.suggest(0);
  assert.equal(typeof s.action, 'string');
  assert.deepEqual(e.initiativeRange(0).length, 2);
  assert.equal(e.allowed(0, 'escape').allowed, false);
  assert.ok(e.allowed(0, 'escape').why.length > 0);
  assert.throws(() => e.declare(0, { action: 'shoot', target: 0 }), CopsError);
  assert.throws(() => e.declare(0, { action: 'shoot', targt: 2 }),
    (x) => x.code === 'COPS_EINVAL' && /unknown field 'targt'/.test(x.message));
  assert.throws(() => e.declare(0, { action: 'shoot', target: 2.5 }), /not an integer/);
  assert.throws(() => e.declare(0, { action: 'dance', target: 2 }), /unknown action 'dance'/);
  e.declare(0, d);
  assert.equal(e.declaration(0).action, 'shoot');
  e.resolveRound();
  assert.equal(e.round, 1);
  const m = e.combatant(0);
  assert.equal(m.name, 'Mike Delgado');
  assert.equal(m.controlled, true);
  free();
});

report();
