// The JavaScript API's figures (docs/performance.md, "JavaScript"): what a tabletop calls,
// through the npm package's own classes, each beside the native figure of the same work in
// bench/bench.c. The same file runs under Node.js and in the browser (bench/web.mjs).
// run(cops, seconds) → [[figure, rate, unit, native figure]].

/** As bench/bench.c measures: each figure runs ROUNDS times, the rounds of all figures
 * interleaved, and the best round counts (a noisy neighbour slows some rounds, never speeds
 * one up; the first rounds also carry the engine's warm-up, before its optimising tier). */
const ROUNDS = 11;

/** Runs of fn that take about `budget` ms. */
function calibrate(fn, budget) {
  let n = 64;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    const dt = performance.now() - t0;
    if (dt >= budget) return n;
    n = dt > 10 ? Math.ceil(n * budget * 1.1 / dt) : n * 8;
  }
}

/** Calls per second of each [name, fn, ...] in figures, `seconds` each in all. */
function rates(figures, seconds) {
  const budget = seconds * 1000 / ROUNDS;
  const runs = figures.map(([, fn]) => calibrate(fn, budget));
  const best = figures.map(() => 0);
  for (let round = 0; round < ROUNDS; round++)
    figures.forEach(([, fn], k) => {
      const t0 = performance.now();
      for (let i = 0; i < runs[k]; i++) fn();
      best[k] = Math.max(best[k], runs[k] / ((performance.now() - t0) / 1000));
    });
  return best;
}

/** bench/bench.c's 2 v 2 fight: two cops (Vulcan 051, vest) against two gangers, 12 m; both
 * sides under `policy`. */
function copsFight(ctx, policy = 'simple') {
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
  e.setSidePolicy(0, policy);
  e.setSidePolicy(1, policy);
  return () => { e.reset(); e.run(); };
}

/** bench/bench.c's Storyteller 2 v 2: officers with pistols against thugs with bats; made
 * once and reset before each run, or (made) made, run and disposed of each time. */
function stFight(ctx, made = false) {
  const chars = [0, 1, 2, 3].map((i) => {
    const c = ctx.newStCharacter(i < 2 ? 'Officer' : 'Thug');
    for (const [t, v] of [['Strength', 3], ['Dexterity', 3], ['Stamina', 3], ['Wits', 2], ['Resolve', 2],
      ['Composure', 2], ['Brawl', 2], ['Weaponry', 2], ['Firearms', 3]]) c.setTrait(t, v);
    c.setCombatant(true);
    c.addWeapon(i < 2 ? { name: 'Firearm', damage: 2, kind: 'firearm' } : { name: 'Bat', damage: 2, type: 'bashing' });
    return c;
  });
  const build = () => {
    const f = ctx.newStFight();
    f.setLogging(false);
    chars.forEach((c, k) => { if (made) c.setHealth(0, 0); f.add(c, k >> 1, k < 2 ? 0 : 12, 2 * (k % 2)); });
    return f;
  };
  if (made) return () => { const f = build(); f.run(); f.dispose(); };
  const f = build();
  return () => { f.reset(); f.run(); };
}

/** bench/bench.c's D6 2 v 2: officers with Glock 17s against thugs with machetes; made once
 * and reset before each run, or (made) made, run and disposed of each time. */
function d6Fight(ctx, made = false) {
  const chars = [0, 1, 2, 3].map((i) => {
    const c = ctx.newD6Character(i < 2 ? 'Officer' : 'Thug');
    c.addWeapon(i < 2 ? 'Glock 17' : 'Machete');
    c.setTrait(i < 2 ? 'marksmanship' : 'melee_weapons', { dice: 4, pips: 0 });
    c.setTrait('vigueur', { dice: 3, pips: 0 });
    return c;
  });
  const unhurt = chars[0].wounds();
  const build = () => {
    const f = ctx.newD6Fight();
    f.setLogging(false);
    chars.forEach((c, k) => { if (made) c.setWounds(unhurt); f.add(c, k >> 1, k < 2 ? 0 : 12, 2 * (k % 2)); });
    return f;
  };
  if (made) return () => { const f = build(); f.run(); f.dispose(); };
  const f = build();
  return () => { f.reset(); f.run(); };
}

export function run(cops, seconds) {
  const ctx = cops.context({ seed: 1 });
  const figures = [];
  const figure = (name, fn, unit, native) => figures.push([name, fn, unit, native]);
  figure('js: ctx.roll("5+/3 (2)"), every die', () => ctx.roll('5+/3 (2)'), 'rolls/s',
    'seeded pool, every die and figure read back');
  figure('js: ctx.rollPool(3, 5, 2), every die', () => ctx.rollPool(3, 5, 2), 'rolls/s',
    'seeded pool, every die and figure read back');
  figure('js: encounter 2 v 2, default policy, no log', copsFight(ctx), 'fights/s',
    'encounter: 2 v 2, default policy, no log');
  figure('js: encounter 2 v 2, tactical policy, no log', copsFight(ctx, 'tactical'), 'fights/s',
    'encounter: 2 v 2, tactical policy, no log');
  if (ctx.stAvailable()) {
    figure('js: st 2 v 2 fight, default policy, no log', stFight(ctx), 'fights/s',
      'st: 2 v 2 fight, default policy, no log');
    figure('js: st 2 v 2 fight, made and freed each time', stFight(ctx, true), 'fights/s',
      'st: 2 v 2 fight, made and freed each time');
  }
  if (ctx.d6Available()) {
    figure('js: d6 2 v 2 fight, default policy, no log', d6Fight(ctx), 'fights/s',
      'd6: 2 v 2 fight, default policy, no log');
    figure('js: d6 2 v 2 fight, made and freed each time', d6Fight(ctx, true), 'fights/s',
      'd6: 2 v 2 fight, made and freed each time');
  }
  const best = rates(figures, seconds);
  ctx.dispose();
  return figures.map(([name, , unit, native], k) => [name, best[k], unit, native]);
}
