// The Foundry VTT module example (examples/js/foundry) in headless Chromium, with Foundry's
// globals played by this page (Hooks, ChatMessage, canvas, ui, game) and the package's files in
// its libcops/ folder as its README says: the ready hook loads libcops, /cops posts a card
// with every die of the roll, a skill rolls the token's sheet, a bad notation is the
// library's message, other chat lines are left to Foundry.
// Usage: node tests/web/foundry.mjs TARBALL SOURCE_ROOT
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open, serve } from './cdp.mjs';

const [tarball, root] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'cops-foundry-'));
const mod = join(work, 'libcops-rolls');
cpSync(join(root, 'examples/js/foundry'), mod, { recursive: true });
execFileSync('tar', ['xzf', tarball, '-C', work]);
cpSync(join(work, 'package'), join(mod, 'libcops'), { recursive: true });
const sheet = readFileSync(join(root, 'examples/sheets/mike.json'), 'utf8');

const page = `<!DOCTYPE html><meta charset="utf-8"><title>Foundry</title><script type="module">
const hooks = { once: {}, on: {} };
const posted = [];
const notes = [];
window.Hooks = {
  once: (name, fn) => { (hooks.once[name] ??= []).push(fn); },
  on: (name, fn) => { (hooks.on[name] ??= []).push(fn); },
};
window.ChatMessage = { create: (data) => { posted.push(data); return Promise.resolve(data); },
  getSpeaker: ({ token }) => ({ alias: token ? token.name : 'Gamemaster' }) };
window.ui = { notifications: { warn: (m) => notes.push(['warn', m]), error: (m) => notes.push(['error', m]) } };
window.game = { user: { name: 'Gamemaster' } };
const mike = { name: 'Mike', document: { name: 'Mike' },
  actor: { getFlag: (scope, key) => (scope === 'libcops-rolls' && key === 'sheet' ? ${JSON.stringify(sheet)} : undefined) } };
window.canvas = { tokens: { controlled: [] } };
const chat = (text) => (hooks.on.chatMessage ?? []).map((fn) => fn({}, text, {}));
const mod = await import('./scripts/cops-roll.mjs');
const early = chat('/cops 4+/3 (2)');
for (const fn of hooks.once.ready ?? []) await fn();
const out = { early, notesEarly: notes.slice() };
out.plain = chat('hello there');
out.numeric = chat('/cops 4+/3 (2)');
canvas.tokens.controlled = [mike];
out.skill = chat('/cops Arme de poing/Coordination (2)');
out.bad = chat('/cops 4+/');
out.posted = posted.map((p) => ({ content: p.content, speaker: p.speaker }));
out.notes = notes;
// The card of a roll the page makes itself, from the same package, seeded.
const { load } = await import('./libcops/cops.mjs');
const cops = await load();
const ctx = cops.context({ seed: 2030 });
const roll = ctx.roll('4+/3 (2)');
out.card = mod.card('Gamemaster', '4+/3 (2)', roll);
out.roll = roll;
window.result = JSON.stringify(out);
</script>`;

const server = await serve(mod, { '/test.html': page });
const browser = await open(`${server.url}test.html`);
let passed = 0;
const failures = [];
const check = (name, ok) => { if (ok) passed++; else { failures.push(name); console.log(`FAIL: foundry: ${name}`); } };
try {
  let result = null;
  for (let i = 0; i < 300 && result === null; i++) {
    result = await browser.evaluate("typeof window.result === 'string' ? window.result : null");
    if (result === null) await new Promise((r) => setTimeout(r, 100));
  }
  check('the page ran the module', result !== null);
  const r = JSON.parse(result ?? '{}');
  const dice = (html) => [...(html ?? '').matchAll(/<li class="([^"]*)" data-die="(\d+)"[^>]*>(\d+)<\/li>/g)];
  check('before ready, /cops waits for libcops', r.early?.[0] === false && r.notesEarly?.[0]?.[0] === 'warn');
  check('other chat lines are left to Foundry', r.plain?.[0] === true);
  check('/cops is answered', r.numeric?.[0] === false && r.skill?.[0] === false && r.bad?.[0] === false);
  check('two cards posted', r.posted?.length === 2);
  const numeric = r.posted?.[0]?.content ?? '';
  const ok = dice(numeric);
  check('a numeric roll shows its dice', ok.length >= 3 && ok.every((d) => Number(d[3]) >= 1 && Number(d[3]) <= 10));
  const successes = Number(/data-successes="(\d+)"/.exec(numeric)?.[1]);
  check('the successes are the dice marked', successes === ok.filter((d) => d[1].includes('cops-success')).length);
  const skill = r.posted?.[1] ?? {};
  check('a skill rolls the token\'s sheet', skill.speaker?.alias === 'Mike' && /Mike: Arme de poing/.test(skill.content) && dice(skill.content).length >= 1);
  check('a bad notation is the library\'s message', r.notes?.some(([k, m]) => k === 'error' && /^libcops: column 4/.test(m)));
  const seeded = dice(r.card);
  check('the card shows every die of the roll', seeded.length === r.roll?.dice?.length &&
    seeded.every((d, i) => Number(d[3]) === r.roll.dice[i].face && d[1].includes('cops-success') === r.roll.dice[i].success));
} finally {
  await browser.close();
  server.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(`foundry: ${passed} passed, ${failures.length} failed`);
process.exitCode = failures.length ? 1 : 0;
