// The web tabletop in a real browser (docs/web.md): Debian's Chromium, headless, driven
// over the DevTools protocol on a pipe (--remote-debugging-pipe: no driver to download,
// no port), the page served from the WebAssembly build by a small HTTP server.
// It plays the street shootout with seed 2030 to its end (the log shown equals the C
// golden JSON Lines), declares one attack for the player and compares the odds shown
// with the C library's, saves, resumes and replays, and takes the docs' screenshot.
// Usage: node tests/web/browser.mjs WEB_DIR SOURCE_ROOT NATIVE_COPS NATIVE_WEB_ODDS SCREENSHOT.png
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { strict as assert } from 'node:assert';
import { open, serve } from './cdp.mjs';

const [webDir, root, copsCli, webOdds, screenshot] = process.argv.slice(2);
const server = await serve(webDir);
const browser = await open(`${server.url}index.html`);
const page = (expression) => browser.evaluate(expression);

/** Wait for the page's data-state (the tabletop sets it after each step). */
async function until(state, seconds = 60) {
  for (let i = 0; i < seconds * 20; i++) {
    const s = await page('document.body?.dataset.state');
    if (s === state) return;
    if (s === 'failed') throw new Error(`the page failed: ${await page("document.querySelector('#status').textContent")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the page never reached '${state}' (it is '${await page('document.body.dataset.state')}', ` +
    `status: ${await page("document.querySelector('#status').textContent")})`);
}
/** Wait until an expression is true in the page. */
async function waitFor(expression, seconds = 60) {
  for (let i = 0; i < seconds * 20; i++) {
    if (await page(expression)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never true: ${expression}`);
}
/** A file given to a file input, as the user choosing it would. */
const choose = (sel, name, content) => page(`(() => { const dt = new DataTransfer();
  dt.items.add(new File([${JSON.stringify(content)}], ${JSON.stringify(name)}));
  const input = document.querySelector('${sel}'); input.files = dt.files;
  input.dispatchEvent(new Event('change')); })()`);
const click = (sel) => page(`document.querySelector('${sel}').click()`);
const set = (sel, value) => page(`(() => { const e = document.querySelector('${sel}');
  e.value = ${JSON.stringify(String(value))}; e.dispatchEvent(new Event('change', { bubbles: true })); })()`);
const text = (sel) => page(`document.querySelector('${sel}').textContent`);
const golden = (name) => readFileSync(`${root}/tests/golden/${name}`, 'utf8');
/** Where die i of a roll is drawn: each die of the pool, then those re-rolling it. */
function order(dice, i) {
  let first = i;
  let depth = 0;
  while (dice[first].reroll_of !== null) { first = dice[first].reroll_of; depth++; }
  return first * 100 + depth;
}

let passed = 0;
const failures = [];
async function test(name, fn) {
  try {
    await fn();
    passed++;
  } catch (e) {
    failures.push(name);
    console.log(`FAIL: ${name}\n  ${String(e.stack).split('\n').slice(0, 4).join('\n  ')}`);
  }
}

try {
  await until('ready');

  await test('the street shootout, seed 2030, run to its end: the log shown is the C golden log', async () => {
    assert.equal(await page("document.querySelector('#scenario').value"), 'examples/scenarios/street-shootout.json');
    assert.equal(await page("document.querySelector('#seed').value"), '2030');
    // It opens ready to play: the first side the player's, the others the tactical policy's.
    assert.equal(await page("document.querySelector('#side').value"), '0');
    assert.equal(await page("document.querySelector('#policy').value"), 'tactical');
    assert.equal(await page("document.querySelectorAll('#orders .order').length"), 2);
    assert.equal(await page("window.tabletop.encounter().policy(2)"), 'tactical');
    // Watched under the simple policy: the golden fight.
    await set('#side', -1);
    await set('#policy', 'simple');
    await click('#new');
    await until('ready');
    await page("document.querySelector('#animate').checked = false");
    await click('#end');
    await until('over');
    assert.equal(await text('#jsonl'), golden('street-shootout-2030.jsonl'));
    assert.equal(await text('#narration'), golden('street-shootout-2030.fr.txt'));
    assert.match(await text('#status'), /Le combat est terminé/);
    // Played at once: nothing left floating on the board, the log panel says it all.
    assert.equal(await page("document.querySelectorAll('#effects > *').length"), 0);
  });

  await test('the page speaks the narration\'s language: labels, status, the narration again', async () => {
    const labels = { fr: ['Jouer le tour', 'Nouveau combat', /Le combat est terminé/],
      en: ['Play the round', 'New fight', /The fight is over/],
      es: ['Jugar el asalto', 'Nuevo combate', /El combate ha terminado/] };
    for (const lang of ['en', 'es', 'fr']) {
      await set('#lang', lang);
      assert.equal(await page('document.documentElement.lang'), lang);
      assert.equal(await text('#round'), labels[lang][0]);
      assert.equal(await text('#new'), labels[lang][1]);
      assert.equal(await page("document.querySelector('#side').options[0].textContent"),
        { fr: 'personne (spectateur)', en: 'nobody (watch)', es: 'nadie (mirar)' }[lang]);
      if (lang !== 'fr') assert.equal(await text('#narration'), golden(`street-shootout-2030.${lang}.txt`));
      assert.match(await text('#status'), labels[lang][2]);
    }
    assert.equal(await text('#narration'), golden('street-shootout-2030.fr.txt'));
  });

  await test('the log filtered by combatant: the lines of the events that name it', async () => {
    const events = golden('street-shootout-2030.jsonl').trim().split('\n').map((l) => JSON.parse(l));
    await set('#who', 2);
    const shown = JSON.parse(await page(`JSON.stringify([...document.querySelectorAll('#narration .line')]
      .filter((l) => !l.hidden).map((l) => l.textContent))`));
    const lines = golden('street-shootout-2030.fr.txt').split('\n').filter((l) => l);
    // Those naming Joe, and those naming nobody (the rounds, the start and the end).
    const nobody = (e) => !Number.isInteger(e.actor_id) && !Number.isInteger(e.target_id);
    const want = events.map((e, i) => [e, lines[i]])
      .filter(([e]) => e.actor_id === 2 || e.target_id === 2 || nobody(e)).map(([, l]) => l + '\n');
    assert.ok(want.length > 10 && want.length < events.length - 10);
    assert.deepEqual(shown, want);
    assert.equal(await text('#narration'), golden('street-shootout-2030.fr.txt'));   // hidden, kept
    await set('#who', -1);
    assert.equal(await page("[...document.querySelectorAll('#narration .line')].filter((l) => l.hidden).length"), 0);
  });

  await test('the same under the alternative rules, and with the system\'s dice', async () => {
    await set('#rules', 'alternative');
    await click('#new');
    await until('ready');
    await click('#end');
    await until('over');
    assert.equal(await text('#jsonl'), golden('street-shootout-alternative-2030.jsonl'));
    await set('#rules', '');
    await set('#seed', '');
    await click('#new');
    await until('ready');
    await click('#end');
    await until('over');
    const start = JSON.parse((await text('#jsonl')).split('\n')[0]);
    assert.equal(start.type, 'start');
    assert.equal(start.seed, null);   // unseeded: the browser's crypto.getRandomValues
    await set('#seed', 2030);
  });

  await test('one declared attack: the odds shown are the C odds', async () => {
    await set('#side', 0);
    await click('#new');
    await until('ready');
    assert.equal(await page("document.querySelectorAll('#orders .order').length"), 2);
    await set('#orders .order[data-id="0"] [name="action"]', 'shoot');
    await set('#orders .order[data-id="0"] [name="target"]', 2);
    await set('#orders .order[data-id="0"] [name="attitude"]', 1);
    await set('#orders .order[data-id="0"] [name="initiative"]', 1);
    const shown = JSON.parse(await page("document.querySelector('#odds').dataset.json"));
    const want = JSON.parse(execFileSync(webOdds, [`${root}/examples/scenarios/street-shootout.json`,
      '2030', '0', 'shoot', '2', 'aggressive', '1'], { encoding: 'utf8' }));
    assert.deepEqual(shown, want);
    assert.ok((await text('#odds')).includes(`${(100 * want.p_hit).toFixed(1).replace('.', ',')} % de toucher`));
    // Beside the figures, the laws they come from, drawn by the page as SVG: each bar the C
    // odds' probability, the tail too small to see left out, titled in the page's language.
    const laws = JSON.parse(await page(`JSON.stringify([...document.querySelectorAll('#odds svg.law')]
      .map((svg) => ({ title: svg.querySelector('title').textContent,
        bars: [...svg.querySelectorAll('rect')].map((r) => Number(r.dataset.value)) })))`));
    assert.equal(laws.length, 2);
    assert.deepEqual(laws.map((l) => l.title), ['balles ou coups au but', 'dommages après protection']);
    const kept = (law) => law.slice(0, law.length - [...law].reverse().findIndex((p) => p >= 5e-4));
    assert.deepEqual(laws[0].bars, kept(want.in));
    assert.deepEqual(laws[1].bars, kept(want.damage));
    assert.ok(laws[1].bars.length > 10, 'the damage law has its bars');
    // Only the enemies are offered as targets (Mike is on side 0: the gang's 2, 3, 4).
    assert.deepEqual(JSON.parse(await page(`JSON.stringify([...document.querySelectorAll(
      '#orders .order[data-id="0"] [name="target"] option')].map((o) => o.value))`)), ['-1', '2', '3', '4']);
    // A plan the rules refuse says why instead of odds: melee has no initiative (C6.4).
    await set('#orders .order[data-id="0"] [name="action"]', 'melee');
    assert.match(await text('#odds'), /melee has none, use 0 \(C6\.4\)/);
    assert.equal(await page("document.querySelector('#odds').dataset.json"), '');
    await set('#orders .order[data-id="0"] [name="action"]', 'shoot');
    assert.deepEqual(JSON.parse(await page("document.querySelector('#odds').dataset.json")), want);
  });

  await test('the declared round is played, animated and narrated', async () => {
    await page("document.querySelector('#animate').checked = true");
    await click('#round');
    await until('ready');
    assert.equal(await page('document.body.dataset.error'), undefined);
    assert.equal(await page("document.querySelectorAll('#board .token').length"), 5);
    assert.match(await text('#narration'), /Mike Delgado/);
    const events = (await text('#jsonl')).trim().split('\n').map((l) => JSON.parse(l));
    const declared = events.find((e) => e.type === 'declare' && e.actor_id === 0);
    assert.equal(declared.action, 'shoot');
    assert.equal(declared.target_id, 2);
    assert.equal(declared.attitude, 1);
    assert.equal(declared.initiative, 1);
    await set('#orders .order[data-id="0"] [name="target"]', 2);
  });

  await test('the tokens and the dice as the library says: hit points, health states, each die', async () => {
    // Every token: its hit points as numbers and its health state's class and glyph.
    const states = JSON.parse(await page('JSON.stringify(window.tabletop.encounter().states())'));
    const drawn = JSON.parse(await page(`JSON.stringify([...document.querySelectorAll('#board .token')].map((g) => ({
      id: Number(g.dataset.id), hp: g.querySelector('.hp-text').textContent, health: g.dataset.health,
      classes: [...g.classList].filter((c) => c.startsWith('health-')),
      glyph: g.querySelector('.badge text').textContent })))`));
    const glyph = { healthy: '✓', wounded: '−', below_half: '!', unconscious: 'z', dying: '✚',
      stabilised: '+', clinically_dead: '†', dead: '✕' };
    assert.equal(drawn.length, states.length);
    for (const st of states) {
      const t = drawn.find((d) => d.id === st.id);
      assert.equal(t.hp, `${st.hp}/${st.max_hp}`);
      assert.equal(t.health, st.health_state);
      assert.deepEqual(t.classes, [`health-${st.health_state}`]);
      assert.equal(t.glyph, glyph[st.health_state]);
    }
    assert.ok(states.some((st) => st.health_state !== 'healthy'), 'someone hurt after a round');
    // The dice tray: the last roll of the log, each die's face and success, re-rolls chained.
    const events = (await text('#jsonl')).trim().split('\n').map((l) => JSON.parse(l));
    const roll = events.filter((e) => e.type === 'roll' && e.dice).pop();
    assert.equal(Number(await page("document.querySelector('#dice').dataset.seq")), roll.seq);
    const dice = JSON.parse(await page(`JSON.stringify([...document.querySelectorAll('#dice .die')].map((d) => ({
      index: Number(d.dataset.index), face: Number(d.dataset.face), success: d.classList.contains('success'),
      mark: !!d.querySelector('.mark'), of: d.dataset.rerollOf === undefined ? null : Number(d.dataset.rerollOf),
      after: d.previousElementSibling?.previousElementSibling?.dataset.index })))`));
    assert.equal(dice.length, roll.dice.length);
    for (const d of dice) {
      const want = roll.dice[d.index];
      assert.equal(d.face, want.face);
      assert.equal(d.success, want.success);
      assert.equal(d.mark, want.success);
      assert.equal(d.of, want.reroll_of);
      if (want.reroll_of !== null) assert.equal(Number(d.after), want.reroll_of);   // right after the die it re-rolls
    }
    const sum = await text('#dice .dice-sum');
    assert.ok(roll.kind === 'd6_sum' ? sum.includes(String(roll.total))
      : sum.startsWith(`${roll.successes} succès, marge ${roll.margin}`), sum);
  });

  await test('a re-rolled 10 chained to its die (Tito\'s attack, round 1)', async () => {
    // The golden fight's round 1: Tito's 10 re-rolled as a 9 (die 4 re-rolls die 3).
    const log = golden('street-shootout-2030.jsonl');
    const cut = log.split('\n').findIndex((l) => l.includes('"seq":24,'));
    await choose('#replay', 'part.jsonl', log.split('\n').slice(0, cut + 1).join('\n') + '\n');
    await until('replayed');
    const chains = JSON.parse(await page(`JSON.stringify([...document.querySelectorAll('#dice .chain')]
      .map((c) => [...c.querySelectorAll('.die')].map((d) => Number(d.dataset.face))))`));
    assert.deepEqual(chains, [[4], [3], [6], [10, 9]]);
    assert.equal(await page("document.querySelectorAll('#dice .die.open').length"), 1);
    assert.match(await text('#dice .dice-sum'), /^2 succès, marge 0/);
  });

  await test('saved after two rounds and resumed: the rest of the uninterrupted fight', async () => {
    await set('#side', -1);
    await page("document.querySelector('#animate').checked = false");
    await click('#new');
    await until('ready');
    await click('#round');
    await until('ready');
    await click('#round');
    await until('ready');
    const before = await text('#jsonl');
    await click('#save');   // downloads the save; the page keeps its text in data-save
    await until('ready');
    const save = await page('document.body.dataset.save');
    assert.equal(JSON.parse(save).round, 2);
    await choose('#resume', 'cops-fight-round-2.json', save);
    await waitFor("document.querySelector('#status').textContent.startsWith('Repris après le tour 2')");
    await until('ready');
    await click('#end');
    await until('over');
    assert.equal(before + (await text('#jsonl')), golden('street-shootout-2030.jsonl'));
  });

  await test('a saved log replayed: every event shown, the tokens where the log puts them', async () => {
    const log = golden('bar-brawl-2030.jsonl');
    await choose('#replay', 'bar-brawl-2030.jsonl', log);
    await until('replayed');
    assert.equal(await text('#jsonl'), log);
    assert.equal((await text('#narration')).trim().split('\n').length, log.trim().split('\n').length);
    const joins = log.trim().split('\n').map((l) => JSON.parse(l)).filter((e) => e.type === 'join');
    assert.equal(await page("document.querySelectorAll('#board .token').length"), joins.length);
  });

  await test('a scenario file dropped on the page: its fight, the C command\'s', async () => {
    const file = (f) => JSON.parse(readFileSync(`${root}/examples/${f}`, 'utf8'));
    const duel = { schema: 1, name: 'Duel on Pico Boulevard', combatants: [
      { sheet: file('sheets/sarah.json'), side: 'COPS', position: [0, 0],
        weapons: ['../weapons/remington-162.json'], armour: '../armour/gilet-pare-balles.json' },
      { sheet: file('sheets/joe.json'), side: 'gang', position: [8, 3],
        weapons: ['../weapons/vulcan-051.json'] }] };
    await set('#seed', 7);
    await page(`(() => { const dt = new DataTransfer();
      dt.items.add(new File([${JSON.stringify(JSON.stringify(duel))}], 'duel.json'));
      document.querySelector('#drop').dispatchEvent(new DragEvent('drop',
        { dataTransfer: dt, bubbles: true, cancelable: true })); })()`);
    await waitFor("document.querySelector('#scenario').value === 'dropped' && " +
      "document.body.dataset.state === 'ready' && document.querySelectorAll('#board .token').length === 2");
    assert.equal(await page("document.querySelector('#scenario').selectedOptions[0].textContent"), 'duel.json');
    await click('#end');
    await until('over');
    // The same file for the C command, its file names leading to the examples' files
    // as the page resolves them.
    const dir = mkdtempSync(join(tmpdir(), 'cops-web-'));
    try {
      mkdirSync(`${dir}/scenarios`);
      for (const d of ['weapons', 'armour']) symlinkSync(`${root}/examples/${d}`, `${dir}/${d}`);
      writeFileSync(`${dir}/scenarios/duel.json`, JSON.stringify(duel));
      assert.equal(await text('#jsonl'), execFileSync(copsCli,
        ['fight', `${dir}/scenarios/duel.json`, '--seed', '7', '--json'], { encoding: 'utf8' }));
    } finally {
      rmSync(dir, { recursive: true });
    }
    await set('#seed', 2030);
  });

  await test('a malformed log is refused with a message, the page as it was', async () => {
    const before = await text('#narration');
    const start = golden('street-shootout-2030.jsonl').split('\n')[0];
    for (const [log, why] of [[`${start}\nnot json\n`, /line 2: not JSON/],
      [`${start}\n\n5\n`, /line 3: not an event of schema 2/],
      [`${start}\n{"schema":2,"seq":1,"round":0,"type":"join","actor":"X","side":0}`,
        /line 2: a join without its combatant, side or position/]]) {
      await page(`window.tabletop.replay(${JSON.stringify(log)})`);   // awaits the refusal
      assert.match(await page('document.body.dataset.error'), why);
      assert.match(await text('#status'), why);
      assert.equal(await text('#narration'), before);
    }
    await click('#new');
    await until('ready');
  });

  await test('two rounds played by clicks: select, move, target, declare, roll, undo, roll again', async () => {
    // Seed 2031: the fight goes on to a second round (the tactical gang ends most in one).
    await set('#scenario', 'examples/scenarios/street-shootout.json');
    await set('#seed', 2031);
    await set('#side', 0);
    await set('#policy', 'tactical');
    await set('#who', -1);
    await page("document.querySelector('#animate').checked = false");
    await click('#new');
    await until('ready');
    const at = async (x, y) => {   // a real click at metres (x, y) of the board
      const p = await page(`window.tabletop.screen(${x}, ${y})`);
      await browser.click(p.x, p.y);
    };
    const tokenAt = async (id) => {
      const [x, y] = await page(`window.tabletop.encounter().position(${id})`);
      await at(x, y);
    };
    const selectedId = () => page("Number(document.querySelector('#board .token.selected')?.dataset.id ?? -1)");
    const jsonl = () => text('#jsonl');
    // The first open form's combatant is selected, its reach drawn: 5 m free, 10 m a die (C6.3).
    assert.equal(await selectedId(), 0);
    assert.deepEqual(JSON.parse(await page(`JSON.stringify([...document.querySelectorAll('#reach circle')]
      .map((c) => [c.getAttribute('cx'), c.getAttribute('cy'), c.getAttribute('r')]))`)), [['0', '0', '5'], ['0', '0', '10']]);
    await tokenAt(1);
    assert.equal(await selectedId(), 1);
    // Hovered, a token shows its weapon's range bands (C10.2): 2, 10, its range, twice it.
    {
      const [x, y] = await page('window.tabletop.encounter().position(2)');
      const p = await page(`window.tabletop.screen(${x}, ${y})`);
      await browser.move(p.x, p.y);
      const range = await page("(() => { const w = window.tabletop.encounter().weapon(2); const r = w.get('range'); w.free(); return r; })()");
      assert.ok(range > 10);
      assert.deepEqual(JSON.parse(await page(`JSON.stringify([...document.querySelectorAll('#bands circle')].map((c) =>
        [Number(c.getAttribute('cx')), Number(c.getAttribute('cy')), Number(c.getAttribute('r'))]))`)),
        [[x, y, 2], [x, y, 10], [x, y, range], [x, y, 2 * range]]);
      const away = await page('window.tabletop.screen(-2, 8)');
      await browser.move(away.x, away.y);
      assert.equal(await page("document.querySelectorAll('#bands circle').length"), 0);
    }
    // By keyboard: Mike's token focused, Enter selects him.
    await page("document.querySelector('#board .token[data-id=\"0\"]').focus()");
    await browser.key('Enter');
    assert.equal(await selectedId(), 0);
    // A click on the board moves him there; a click on Joe makes him the target.
    await at(3, -2);
    const mike = (n) => page(`document.querySelector('#orders .order[data-id="0"] [name="${n}"]').${n === 'moving' ? 'checked' : 'value'}`);
    assert.equal(await mike('moving'), true);
    assert.equal(await mike('x'), '3');
    assert.equal(await mike('y'), '-2');
    assert.equal(await page("document.querySelectorAll('#reach .path').length"), 1);
    await tokenAt(2);
    assert.equal(await mike('target'), '2');
    assert.equal(await mike('action'), 'shoot');
    assert.equal(await selectedId(), 0);   // an enemy is a target, not a selection
    const planned = JSON.parse(await page('JSON.stringify(window.tabletop.declaration(0))'));
    const odds = JSON.parse(await page("document.querySelector('#odds').dataset.json"));
    assert.deepEqual(odds, JSON.parse(await page(`JSON.stringify(window.tabletop.encounter().odds(0, ${JSON.stringify(planned)}))`)));
    // A click on one's own side selects, never targets: Sarah is on Mike's side.
    await tokenAt(1);
    assert.equal(await selectedId(), 1);
    assert.equal(await mike('target'), '2');
    await page("document.querySelector('#orders .order[data-id=\"0\"] .declare').click()");
    await until('ready');
    assert.equal(await page("document.querySelector('#orders .order[data-id=\"0\"]').classList.contains('declared')"), true);
    assert.equal(await page("document.querySelector('#undo').disabled"), false);
    const declared = JSON.parse(await page('JSON.stringify(window.tabletop.encounter().state(0).declaration)'));
    assert.equal(declared.action, 'shoot');
    assert.equal(declared.target, 2);
    // Undo the declaration: Mike's form again, the log as it was.
    const before = await jsonl();
    await click('#undo');
    await until('ready');
    assert.equal(await page("document.querySelector('#orders .order[data-id=\"0\"]').classList.contains('declared')"), false);
    assert.equal(await page('window.tabletop.encounter().state(0).declaration'), null);
    assert.equal(await jsonl(), before);
    await page(`(() => { const f = document.querySelector('#orders .order[data-id="0"]');
      for (const [n, v] of Object.entries({ target: '2', action: 'shoot' })) { f.querySelector(\`[name="\${n}"]\`).value = v; }
      f.querySelector('[name="moving"]').checked = true; f.querySelector('[name="x"]').value = '3';
      f.querySelector('[name="y"]').value = '-2'; f.querySelector('.declare').click(); })()`);
    await until('ready');
    // Roll: the round resolved; Mike's declaration in the log as clicked.
    const declaredLog = await jsonl();
    const settled = () => waitFor("['ready', 'over'].includes(document.body.dataset.state)");
    await click('#round');
    await settled();
    const rolled = await jsonl();
    const events = rolled.trim().split('\n').map((l) => JSON.parse(l));
    const d = events.find((e) => e.type === 'declare' && e.round === 1 && e.actor_id === 0);
    assert.equal(d.action, 'shoot');
    assert.equal(d.target_id, 2);
    assert.deepEqual(d.to, [3, -2]);
    // The policy's declarations shown, with the odds they weighed.
    const theirs = JSON.parse(await page("JSON.stringify([...document.querySelectorAll('#theirs .their')].map((l) => [Number(l.dataset.id), l.textContent]))"));
    const policyDeclared = events.filter((e) => e.type === 'declare' && e.round === 1 && e.actor_id >= 2);
    assert.deepEqual(theirs.map(([id]) => id), policyDeclared.map((e) => e.actor_id));
    for (const [i, [, line]] of theirs.entries()) {
      assert.match(line, /tactique/);
      if (policyDeclared[i].odds) assert.ok(line.includes(`${(100 * policyDeclared[i].odds.down).toFixed(1).replace('.', ',')} %`), line);
    }
    // The DOM against the log: hit points and health, the last roll's dice.
    const states = JSON.parse(await page('JSON.stringify(window.tabletop.encounter().states())'));
    for (const st of states) {
      assert.equal(await page(`document.querySelector('#board .token[data-id="${st.id}"] .hp-text').textContent`), `${st.hp}/${st.max_hp}`);
      assert.equal(await page(`document.querySelector('#board .token[data-id="${st.id}"]').dataset.health`), st.health_state);
    }
    const roll = events.filter((e) => e.type === 'roll' && e.dice).pop();
    assert.deepEqual(JSON.parse(await page("JSON.stringify([...document.querySelectorAll('#dice .die')].map((d) => [Number(d.dataset.face), d.classList.contains('success')]))")),
      [...roll.dice.keys()].sort((a, b) => order(roll.dice, a) - order(roll.dice, b)).map((i) => [roll.dice[i].face, roll.dice[i].success]));
    // The docs' screenshot: the round played, the policy's declarations, the dice.
    await tokenAt(0);
    writeFileSync(screenshot, await browser.screenshot());
    // Undo the round, roll again: the same dice, the same log, byte for byte.
    await click('#undo');
    await until('ready');
    assert.equal(await jsonl(), declaredLog);
    assert.equal(await page("document.querySelector('#orders .order[data-id=\"0\"]').classList.contains('declared')"), true);
    assert.match(await text('#status'), /Le dernier tour annulé/);
    await click('#round');
    await settled();
    assert.equal(await jsonl(), rolled);
    // A second round the same way: target by a click, roll.
    assert.equal(await page('window.tabletop.encounter().over'), false);
    assert.equal(await page("document.querySelector('#orders .order[data-id=\"0\"]:not(.declared)') !== null"), true);
    {
      await tokenAt(0);
      await tokenAt(3);
      assert.equal(await mike('target'), '3');
      await click('#round');
      await settled();
      const second = (await jsonl()).trim().split('\n').map((l) => JSON.parse(l));
      const d2 = second.find((e) => e.type === 'declare' && e.round === 2 && e.actor_id === 0);
      assert.equal(d2.target_id, 3);
    }
  });

  await test('a phone and a desk: the board the width of the phone, the controls below; contrast', async () => {
    const dir = dirname(screenshot);
    await browser.viewport(390, 844, true);
    await page('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const box = JSON.parse(await page(`JSON.stringify({ board: document.querySelector('#board').getBoundingClientRect(),
      panel: document.querySelector('#side-panel').getBoundingClientRect(), width: document.documentElement.clientWidth })`));
    assert.ok(box.board.width >= 0.9 * 390, `the board is ${box.board.width} px wide`);
    assert.ok(box.panel.top >= box.board.bottom, 'the controls below the board');
    assert.ok(box.width <= 390, 'no sideways scrolling');
    writeFileSync(join(dir, 'web-tabletop-phone.png'), await browser.screenshot());
    await browser.viewport(1280, 800);
    await page('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const desk = JSON.parse(await page(`JSON.stringify({ board: document.querySelector('#board').getBoundingClientRect(),
      panel: document.querySelector('#side-panel').getBoundingClientRect() })`));
    assert.ok(desk.panel.left >= desk.board.right, 'side by side at 1280');
    writeFileSync(join(dir, 'web-tabletop-desk.png'), await browser.screenshot());
    // WCAG AA: every text of the page at least 4.5:1 against what is behind it.
    const low = JSON.parse(await page(`(() => {
      const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
      const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
      const back = (el) => { for (; el; el = el.parentElement) { const c = rgb(getComputedStyle(el).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3); } return [255, 255, 255]; };
      const out = [];
      for (const el of document.querySelectorAll('body *')) {
        if (el.closest('svg') || !el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
        if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
        const f = lum(rgb(getComputedStyle(el).color)), b = lum(back(el));
        const ratio = (Math.max(f, b) + 0.05) / (Math.min(f, b) + 0.05);
        if (ratio < 4.5) out.push([el.tagName + (el.id ? '#' + el.id : '') + '.' + el.className, ratio.toFixed(2)]);
      }
      return JSON.stringify(out); })()`));
    assert.deepEqual(low, []);
  });

  const chaseFile = 'examples/scenarios/sunset-chase.json';
  await test('a chase from the examples, watched to its end: the C golden log and narration', async () => {
    assert.equal(await page(`document.querySelector('#scenario option[value="${chaseFile}"]').dataset.kind`), 'chase');
    await set('#scenario', chaseFile);
    await set('#seed', 2030);
    await set('#side', -1);
    await page("document.querySelector('#animate').checked = false");
    await click('#new');
    await until('ready');
    assert.equal(await page("getComputedStyle(document.querySelector('#board')).display"), 'none');
    assert.equal(await page("document.querySelector('#chase-board').hidden"), false);
    assert.equal(await page("document.querySelectorAll('#chase-board .chaser').length"), 3);
    await click('#end');
    await until('over');
    const log = golden('sunset-chase-2030.jsonl');
    assert.equal(await text('#jsonl'), log);
    await set('#lang', 'en');
    assert.equal(await text('#narration'), golden('sunset-chase-2030.en.txt'));
    const end = log.trim().split('\n').map((l) => JSON.parse(l)).find((e) => e.type === 'chase_end');
    assert.match(await text('#status'), { caught: /caught/, escaped: /escaped/ }[end.result]);
    await set('#lang', 'fr');
  });

  await test('a chase round declared from the page: the odds as C\'s, white and black dice, bands', async () => {
    await set('#side', 1);   // the pursuers: Mike and Dan
    await click('#new');
    await until('ready');
    assert.deepEqual(JSON.parse(await page("JSON.stringify([...document.querySelectorAll('#orders .chase-order')].map((b) => Number(b.dataset.id)))")), [1, 2]);
    await set('#orders .chase-order[data-id="1"] [name="successes"]', 2);
    await set('#orders .chase-order[data-id="1"] [name="blacken"]', 1);
    const shown = JSON.parse(await page("document.querySelector('#odds').dataset.json"));
    const c = JSON.parse(execFileSync(copsCli, ['chase', `${root}/${chaseFile}`, '--odds', '1', '--json'], { encoding: 'utf8' }));
    assert.equal(shown.other, c.other);
    assert.equal(shown.otherSuccesses, c.other_declares);
    const row = c.declarations.find((d) => d.successes === 2);
    for (const k of ['success', 'both', 'only_mine', 'only_other', 'neither', 'loss', 'other_loss', 'crash'])
      assert.ok(Math.abs(shown.odds[k] - row[k]) < 1e-12, `${k}: ${shown.odds[k]} against ${row[k]}`);
    assert.ok((await text('#odds')).includes(`${(100 * row.success).toFixed(1).replace('.', ',')} % réussit`));
    const settled = () => waitFor("['ready', 'over'].includes(document.body.dataset.state)");
    await click('#round');
    await settled();
    // Every participant's dice and band as the log leaves them, and as the library has them.
    const check = async () => {
      const events = (await text('#jsonl')).trim().split('\n').map((l) => JSON.parse(l));
      const rows = JSON.parse(await page(`JSON.stringify([...document.querySelectorAll('#chase-board .chaser')].map((r) => ({
        id: Number(r.dataset.id), white: r.querySelectorAll('.cd.white').length, black: r.querySelectorAll('.cd.black').length,
        band: r.querySelector('.band').dataset.band })))`));
      for (const r of rows) {
        const st = JSON.parse(await page(`JSON.stringify(window.tabletop.chase().boardState(${r.id}))`));
        assert.deepEqual([r.white, r.black, r.band || null], [st.white, st.black, st.band]);
        const dice = events.filter((e) => e.type === 'chase_dice' && e.target_id === r.id).pop();
        if (dice) assert.deepEqual([r.white, r.black], [dice.white, dice.black]);
        const band = events.filter((e) => e.type === 'chase_band' && e.actor_id === r.id).pop();
        if (band) assert.equal(r.band, band.band);
      }
      return events;
    };
    let events = await check();
    const mike = events.filter((e) => e.type === 'chase_dice' && e.target_id === 1 && e.round === 1).pop();
    assert.deepEqual([mike.white, mike.black, mike.blackened], [4, 1, 1]);   // the die lost turned black
    await click('#round');
    await settled();
    events = await check();
    // Mike's second roll: its last die black (C7.2), drawn so when its line is clicked.
    const roll = events.find((e) => e.type === 'roll' && e.purpose === 'chase' && e.round === 2 && e.actor_id === 1);
    await page(`document.querySelector('#narration .line[data-seq="${roll.seq}"]').click()`);
    assert.equal(Number(await page("document.querySelector('#dice').dataset.seq")), roll.seq);
    const drawn = JSON.parse(await page("JSON.stringify([...document.querySelectorAll('#dice .die')].map((d) => [Number(d.dataset.index), d.classList.contains('black'), Number(d.dataset.face)]))"));
    assert.equal(drawn.length, roll.dice.length);
    for (const [i, black, face] of drawn) {
      assert.equal(face, roll.dice[i].face);
      assert.equal(black, i === roll.pool - 1 && roll.dice[i].reroll_of === null, `die ${i}`);
    }
    writeFileSync(join(dirname(screenshot), 'web-tabletop-chase.png'), await browser.screenshot());
    // Undo the round: the dice as they were, the same round again.
    const second = await text('#jsonl');
    await click('#undo');
    await until('ready');
    assert.deepEqual(JSON.parse(await page("JSON.stringify([...document.querySelectorAll('#chase-board .chaser[data-id=\"1\"] .cd')].map((d) => d.className))")),
      ['cd white', 'cd white', 'cd white', 'cd white', 'cd black']);
    await click('#round');
    await settled();
    assert.equal(await text('#jsonl'), second);
  });
} catch (e) {
  failures.push('driver');
  console.log(`FAIL: ${e.stack}\nchromium: ${browser.stderr()}`);
} finally {
  await browser.close();
  server.close();
}
console.log(`browser: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
