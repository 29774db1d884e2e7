// The JavaScript API's figures (docs/performance.md, "JavaScript"): what a tabletop calls,
// through the npm package's own classes, each beside the native figure of the same work in
// bench/bench.c. The same file runs under Node.js and in the browser (bench/web.mjs).
// run(cops, seconds) → [[figure, rate, unit, native figure]].

/** Calls per second of fn, run in batches for at least `seconds`. */
function rate(fn, seconds) {
  let n = 0;
  let batch = 64;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    for (let i = 0; i < batch; i++) fn();
    n += batch;
    t = performance.now();
    if (t - t0 < 50) batch *= 2;
  }
  return n / ((t - t0) / 1000);
}

/** bench/bench.c's 2 v 2 fight: two cops (Vulcan 051, vest) against two gangers, 12 m. */
function copsFight(ctx) {
  const e = ctx.encounter('core');
  e.setLogging(false);
  const vest = ctx.newArmour('Gilet');
  vest.setProtection('torse', 2, 1);
  for (let i = 0; i < 4; i++) {
    const c = ctx.newCharacter();
    c.name = `Fighter ${i}`;
    for (const k of ['Carrure', 'Coordination', 'Réflexes', 'Sang-froid']) c.setCharacteristic(k, 3);
    c.setHp(29);
    c.setSkill('Arme de poing', i < 2 ? 5 : 6);
    const w = ctx.newWeapon('handgun', 'Vulcan 051');
    w.set('range', 20);
    w.set('magazine', 12);
    w.set('loaded', 12);
    const id = e.add(c, i < 2 ? 0 : 1, i < 2 ? 0 : 12, 2 * (i % 2));
    e.giveWeapon(id, w);
    if (i < 2) e.setArmour(id, vest);
  }
  return () => { e.reset(); e.run(); };
}

/** bench/bench.c's Storyteller 2 v 2: officers with pistols against thugs with bats. */
function stFight(ctx) {
  const chars = [0, 1, 2, 3].map((i) => {
    const c = ctx.newStCharacter(i < 2 ? 'Officer' : 'Thug');
    for (const [t, v] of [['Strength', 3], ['Dexterity', 3], ['Stamina', 3], ['Wits', 2], ['Resolve', 2],
      ['Composure', 2], ['Brawl', 2], ['Weaponry', 2], ['Firearms', 3]]) c.setTrait(t, v);
    c.setCombatant(true);
    c.addWeapon(i < 2 ? { name: 'Firearm', damage: 2, kind: 'firearm' } : { name: 'Bat', damage: 2, type: 'bashing' });
    return c;
  });
  return () => {
    const f = ctx.newStFight();
    f.setLogging(false);
    chars.forEach((c, k) => { c.setHealth(0, 0); f.add(c, k >> 1, k < 2 ? 0 : 12, 2 * (k % 2)); });
    f.run();
    f.dispose();
  };
}

/** bench/bench.c's D6 2 v 2: officers with Glock 17s against thugs with machetes. */
function d6Fight(ctx) {
  const chars = [0, 1, 2, 3].map((i) => {
    const c = ctx.newD6Character(i < 2 ? 'Officer' : 'Thug');
    c.addWeapon(i < 2 ? 'Glock 17' : 'Machete');
    c.setTrait(i < 2 ? 'marksmanship' : 'melee_weapons', { dice: 4, pips: 0 });
    c.setTrait('vigueur', { dice: 3, pips: 0 });
    return c;
  });
  const unhurt = chars[0].wounds();
  return () => {
    const f = ctx.newD6Fight();
    f.setLogging(false);
    chars.forEach((c, k) => { c.setWounds(unhurt); f.add(c, k >> 1, k < 2 ? 0 : 12, 2 * (k % 2)); });
    f.run();
    f.dispose();
  };
}

export function run(cops, seconds) {
  const ctx = cops.context({ seed: 1 });
  const out = [];
  const figure = (name, fn, unit, native) => out.push([name, rate(fn, seconds), unit, native]);
  figure('js: ctx.roll("5+/3 (2)"), every die', () => ctx.roll('5+/3 (2)'), 'rolls/s',
    'seeded pool, every die and figure read back');
  figure('js: ctx.rollPool(3, 5, 2), every die', () => ctx.rollPool(3, 5, 2), 'rolls/s',
    'seeded pool, every die and figure read back');
  figure('js: encounter 2 v 2, default policy, no log', copsFight(ctx), 'fights/s',
    'encounter: 2 v 2, default policy, no log');
  if (ctx.stAvailable())
    figure('js: st 2 v 2 fight, default policy, no log', stFight(ctx), 'fights/s',
      'st: 2 v 2 fight, default policy, no log');
  if (ctx.d6Available())
    figure('js: d6 2 v 2 fight, default policy, no log', d6Fight(ctx), 'fights/s',
      'd6: 2 v 2 fight, default policy, no log');
  ctx.dispose();
  return out;
}
