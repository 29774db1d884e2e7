// The web tabletop (docs/web.md): a scenario's fight on a grid, one side played from
// the page with the exact odds of each planned attack, the others by the library's
// policy; every event animated and narrated, every die shown; saves, resumes, replays.
// Everything about the rules comes from libcops (cops.mjs); this file draws.
import { load } from './cops.mjs';

const $ = (sel) => document.querySelector(sel);
const SVG = 'http://www.w3.org/2000/svg';
const ATTACKS = new Set(['shoot', 'burst', 'cover', 'melee', 'strike', 'hold', 'throw', 'escape']);
const SIDE_COLOURS = ['var(--cops)', 'var(--other)', 'var(--third)', '#9333ea'];
const ACTIONS = ['wait', 'shoot', 'burst', 'cover', 'melee', 'strike', 'hold', 'throw', 'escape',
  'move', 'reload', 'draw', 'stand_up', 'first_aid', 'medicine'];

let cops = null;
const files = new Map();        // example files by path, as the page fetched them
let ctx = null;                 // the fight's context, scenario and encounter
let scenario = null;
let enc = null;
let sideNames = [];
let shown = 0;                  // events of the log already animated and printed
let busy = false;
let replaying = false;
let focusId = -1;               // the combatant whose order the odds are of
const tokens = new Map();       // id -> { g, x, y, name, side }
let view = { x0: 0, y0: 0 };

function setState(s) { document.body.dataset.state = s; }
function status(text) { $('#status').textContent = text; }
function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
function pace() { return $('#animate').checked ? 140 : 0; }
function errorText(e) { return e && e.message ? e.message : String(e); }

function download(name, text, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// --- The board --------------------------------------------------------------------

function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

/** Fit the grid (1 square = 1 metre) around the positions given. */
function layout(points) {
  const board = $('#board');
  board.replaceChildren();
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x0 = Math.min(...xs, 0) - 3;
  const y0 = Math.min(...ys, 0) - 3;
  const x1 = Math.max(...xs, 10) + 3;
  const y1 = Math.max(...ys, 6) + 3;
  view = { x0, y0 };
  board.setAttribute('viewBox', `${x0} ${y0} ${x1 - x0} ${y1 - y0}`);
  const grid = svg('g', { class: 'grid' }, board);
  for (let x = Math.floor(x0); x <= x1; x++) svg('line', { x1: x, y1: y0, x2: x, y2: y1 }, grid);
  for (let y = Math.floor(y0); y <= y1; y++) svg('line', { x1: x0, y1: y, x2: x1, y2: y }, grid);
  svg('g', { id: 'effects' }, board);
  tokens.clear();
}

function initials(name) {
  const words = name.replace(/[«»"]/g, '').split(/\s+/).filter((w) => w);
  return (words[0][0] + (words.length > 1 ? words[words.length - 1][0] : '')).toUpperCase();
}

function token(c) {
  let t = tokens.get(c.id);
  if (!t) {
    const g = svg('g', { class: 'token', 'data-id': c.id }, $('#board'));
    svg('circle', { r: 0.45, fill: SIDE_COLOURS[c.side % SIDE_COLOURS.length] }, g);
    svg('text', {}, g).textContent = initials(c.name);
    svg('text', { class: 'label', y: 0.85 }, g).textContent = c.name;
    svg('rect', { class: 'hp-back', x: -0.45, y: -0.75, width: 0.9, height: 0.12 }, g);
    svg('rect', { class: 'hp', x: -0.45, y: -0.75, width: 0.9, height: 0.12 }, g);
    svg('title', {}, g);
    t = { g, id: c.id, name: c.name, side: c.side, x: 0, y: 0 };
    tokens.set(c.id, t);
  }
  return t;
}

function place(t, x, y) {
  t.x = x;
  t.y = y;
  t.g.setAttribute('transform', `translate(${x} ${y})`);
}

function showHp(t, hp, max) {
  const w = max > 0 ? Math.max(0, Math.min(1, hp / max)) * 0.9 : 0;
  t.g.querySelector('.hp').setAttribute('width', w);
}

/** Draw every combatant as the library says it is now. */
function drawState() {
  for (const c of enc.combatants()) {
    const t = token(c);
    place(t, c.x, c.y);
    showHp(t, c.hp, c.max_hp);
    t.g.classList.toggle('down', !c.able);
    t.g.classList.toggle('dead', !c.present);
    t.g.classList.toggle('controlled', c.controlled);
    const weapon = c.weapon ? `, ${c.weapon.name} (${c.weapon.loaded} rounds)` : '';
    const cond = c.condition_names.length ? `; ${c.condition_names.join(', ')}` : '';
    t.g.querySelector('title').textContent =
      `${c.name} (${sideNames[c.side] ?? `side ${c.side}`}): ${c.hp}/${c.max_hp} HP${weapon}${cond}`;
  }
}

function float(x, y, text, cls = '') {
  const el = svg('text', { class: `float ${cls}`, x, y: y - 0.9 }, $('#effects'));
  el.textContent = text;
  setTimeout(() => el.remove(), Math.max(600, pace() * 6));
}

function shot(from, to, hit) {
  const el = svg('line', { class: `shot${hit ? ' hit' : ''}`, x1: from.x, y1: from.y, x2: to.x, y2: to.y },
    $('#effects'));
  setTimeout(() => el.remove(), Math.max(400, pace() * 4));
}

// --- Events: animated, printed ----------------------------------------------------

const lastAttack = new Map();   // actor id -> target id of its attack being resolved

async function animate(ev) {
  const a = tokens.get(ev.actor_id);
  const t = tokens.get(ev.target_id);
  switch (ev.type) {
    case 'round': status(`Round ${ev.round}`); break;
    case 'join': if (a) place(a, ev.x, ev.y); break;
    case 'attack':
      if (a && t) shot(a, t, false);
      lastAttack.set(ev.actor_id, ev.target_id);
      break;
    case 'roll':
      if (a && ev.dice) float(a.x, a.y, `[${ev.dice.map((d) => d.face).join(' ')}]`, 'info');
      break;
    case 'hit': if (a && t) shot(a, t, true); break;
    case 'miss': if (t) float(t.x, t.y, 'miss', 'info'); break;
    case 'location': if (t) float(t.x, t.y + 0.5, ev.location); break;
    case 'damage': if (t) float(t.x, t.y, `-${ev.damage}`); break;
    case 'stopping': if (t) float(t.x, t.y - 0.5, ev.result, 'info'); break;
    case 'mishap': if (t) float(t.x, t.y - 0.5, ev.mishap ?? 'mishap'); break;
    case 'hit_points': {
      const v = tokens.get(ev.target_id ?? ev.actor_id);
      if (v && enc) showHp(v, ev.hp_after, enc.combatant(v.id).max_hp);
      break;
    }
    case 'move': if (a) place(a, ev.x, ev.y); break;
    case 'death': if (a) a.g.classList.add('dead'); break;
    case 'condition': {
      const v = tokens.get(ev.target_id ?? ev.actor_id);
      if (v && ev.active) float(v.x, v.y + 1, ev.condition.replace(/_/g, ' '), 'info');
      break;
    }
    case 'end': status(ev.winner === null || ev.winner === undefined ? 'The fight is over: no winner'
      : `The fight is over: ${sideNames[ev.winner] ?? `side ${ev.winner}`} wins`); break;
    default: break;
  }
  if (a) a.g.classList.add('acting');
  if (pace()) await sleep(pace());
  if (a) a.g.classList.remove('acting');
}

function append(id, text) {
  const el = $(id);
  el.textContent += text;
  el.scrollTop = el.scrollHeight;
}

/** Animate and print the events the last call added to the log. */
async function play() {
  const from = shown;
  const events = enc.events(from);
  shown += events.length;
  append('#jsonl', enc.jsonl(from));
  const lines = enc.narrate(from, $('#lang').value).split('\n').filter((l) => l);
  // One narrated line at a time with its event when they pair up; the rest at the end.
  for (let i = 0; i < events.length; i++) {
    if (lines.length === events.length) append('#narration', lines[i] + '\n');
    await animate(events[i]);
  }
  if (lines.length !== events.length && lines.length) append('#narration', lines.join('\n') + '\n');
  drawState();
}

// --- The fight --------------------------------------------------------------------

function freeFight() {
  if (scenario) scenario.free();
  else if (enc) enc.free();
  if (ctx) ctx.free();
  ctx = scenario = enc = null;
}

function controlledSide() { return Number($('#side').value); }

function fillSides(names) {
  sideNames = names;
  const sel = $('#side');
  const keep = sel.value;
  sel.replaceChildren(new Option('nobody (watch)', '-1'));
  names.forEach((n, i) => sel.add(new Option(n, String(i))));
  sel.value = [...sel.options].some((o) => o.value === keep) ? keep : '-1';
}

async function scenarioText() {
  const pick = $('#scenario').value;
  if (pick === 'dropped') return { text: files.get('dropped'), base: '/examples/scenarios' };
  return { path: '/' + pick };
}

/** Start the fight the setup describes. */
async function newFight() {
  freeFight();
  replaying = false;
  ctx = cops.context();
  const src = await scenarioText();
  scenario = src.path ? ctx.scenarioFile(src.path) : ctx.scenario(src.text, src.base);
  enc = scenario.encounter;
  if ($('#rules').value) enc.ruleset = $('#rules').value;
  const seed = $('#seed').value.trim();
  if (seed) enc.seed(seed);
  fillSides(scenario.sides);
  startBoard();
  $('#narration').textContent = '';
  $('#jsonl').textContent = '';
  shown = 0;
  await nextRound();
}

function startBoard() {
  const all = enc.combatants();
  layout(all);
  for (const c of all) enc.setControlled(c.id, c.side === controlledSide());
  drawState();
}

function controlledIds() {
  return enc.combatants().filter((c) => c.controlled && c.able).map((c) => c.id);
}

/** Between rounds: begin the next one and ask for the player's declarations. */
async function nextRound() {
  $('#orders').replaceChildren();
  showOdds(null);
  const over = enc.over;
  $('#round').disabled = over;
  $('#end').disabled = over;
  $('#save').disabled = over;
  $('#download').disabled = false;
  if (over) return;
  if (controlledSide() >= 0 && controlledIds().length) {
    enc.beginRound();
    await play();
    if (enc.over) return nextRound();
    for (const id of controlledIds()) orderForm(id);
    status(`Round ${enc.round}: your declarations`);
  }
}

/** One controlled combatant's order: action, target, attitude, initiative, where to. */
function orderForm(id) {
  const c = enc.combatant(id);
  const s = enc.suggest(id);
  const box = document.createElement('div');
  box.className = 'order';
  box.dataset.id = id;
  box.dataset.suggestion = JSON.stringify(s);   // the fields the form does not show
  box.innerHTML = `<h3>${c.name} — ${c.hp}/${c.max_hp} HP${c.weapon ? `, ${c.weapon.name} (${c.weapon.loaded})` : ''}</h3>`;
  const field = (name, label, control) => {
    const l = document.createElement('label');
    l.textContent = label + ' ';
    control.name = name;
    l.appendChild(control);
    box.appendChild(l);
    return control;
  };
  const action = field('action', 'Action', document.createElement('select'));
  for (const a of ACTIONS) {
    const ok = enc.allowed(id, a);
    const o = new Option(a.replace('_', ' '), a);
    o.disabled = !ok.allowed;
    o.title = ok.why;
    action.add(o);
  }
  action.value = s.action;
  const target = field('target', 'Target', document.createElement('select'));
  target.add(new Option('none', '-1'));
  for (const t of enc.combatants())
    if (t.id !== id && t.present) target.add(new Option(t.name, String(t.id)));
  target.value = String(s.target);
  const attitude = field('attitude', 'Attitude', document.createElement('select'));
  for (let v = -2; v <= 2; v++) attitude.add(new Option(cops.attitudeName(v, $('#lang').value), String(v)));
  attitude.value = String(s.attitude);
  if (enc.ruleset === 'core') {
    const [lo, hi] = enc.initiativeRange(id);
    const init = field('initiative', 'Initiative', document.createElement('select'));
    for (let v = lo; v <= hi; v++) init.add(new Option((v > 0 ? '+' : '') + v, String(v)));
    init.value = String(Math.max(lo, Math.min(hi, s.initiative)));
  }
  const weapons = enc.weapons(id);
  if (weapons.length > 1) {
    const w = field('weapon', 'Draw', document.createElement('select'));
    weapons.forEach((wp, i) => w.add(new Option(wp.name, String(i))));
    w.value = String(s.weapon);
  }
  const moving = field('moving', 'Move first', document.createElement('input'));
  moving.type = 'checkbox';
  moving.checked = !!s.moving;
  for (const k of ['x', 'y']) {
    const v = field(k, k, document.createElement('input'));
    v.type = 'number';
    v.value = s.moving ? s[k] : c[k];
    v.style.width = '4em';
  }
  box.addEventListener('change', () => { focusId = id; updateOdds(); });
  $('#orders').appendChild(box);
  if (focusId < 0 || !controlledIds().includes(focusId)) focusId = id;
  updateOdds();
}

function declarationOf(id) {
  const box = $(`#orders .order[data-id="${id}"]`);
  const v = (n) => box.querySelector(`[name="${n}"]`);
  const d = { ...JSON.parse(box.dataset.suggestion), action: v('action').value,
    target: Number(v('target').value), attitude: Number(v('attitude').value),
    moving: v('moving').checked ? 1 : 0 };
  if (v('initiative')) d.initiative = Number(v('initiative').value);
  if (v('weapon')) d.weapon = Number(v('weapon').value);
  if (d.moving) { d.x = Number(v('x').value); d.y = Number(v('y').value); }
  return d;
}

function pct(p) { return `${(100 * p).toFixed(1)} %`; }

function showOdds(o, who = '', error = '') {
  const box = $('#odds');
  box.dataset.json = o ? JSON.stringify(o) : '';
  box.style.color = error ? '#b91c1c' : '';
  if (error) { box.textContent = error; return; }
  if (!o) { box.textContent = ''; return; }
  const mean = o.damage.reduce((s, p, k) => s + k * p, 0);
  const lines = [`${who}: ${pct(o.p_hit)} to hit`, `${mean.toFixed(1)} damage on average`,
    `${pct(o.p_down)} the target goes down, ${pct(o.p_dead)} dead`];
  if (o.p_hit_back) lines.push(`${pct(o.p_hit_back)} hit back`);
  box.textContent = lines.join('\n');
}

/** The exact odds of the attack being planned, before anything is committed. */
function updateOdds() {
  if (focusId < 0 || !$(`#orders .order[data-id="${focusId}"]`)) return showOdds(null);
  const d = declarationOf(focusId);
  const name = enc.combatant(focusId).name;
  if (!ATTACKS.has(d.action) || d.target < 0) return showOdds(null, name, '');
  try {
    showOdds(enc.odds(focusId, d), name);
  } catch (e) {
    showOdds(null, name, errorText(e));
  }
}

/** One thing at a time; the body's data-state says where the page is: playing, then
 * ready (a round to declare or play), over, replayed; data-error the last refusal. */
async function guarded(fn) {
  if (busy) return;
  busy = true;
  setState('playing');
  delete document.body.dataset.error;
  try {
    await fn();
  } catch (e) {
    status(errorText(e));
    document.body.dataset.error = errorText(e);
  } finally {
    busy = false;
    if (replaying) setState('replayed');
    else setState(enc && enc.over ? 'over' : 'ready');
  }
}

/** Declare the player's orders (or the policy's, when `policy`) and resolve the round. */
async function playRound(policy = false) {
  if (controlledSide() >= 0 && enc.round > 0 && $('#orders').children.length) {
    for (const id of controlledIds())
      enc.declare(id, policy ? enc.suggest(id) : declarationOf(id));
    enc.resolveRound();
  } else if (controlledSide() >= 0 && controlledIds().length) {
    enc.beginRound();
    for (const id of controlledIds()) enc.declare(id, enc.suggest(id));
    enc.resolveRound();
  } else {
    enc.runRound();
  }
  await play();
  await nextRound();
}

/** The rest of the fight: this round as declared, the next ones with the policy's
 * suggestions for the player's side too. */
async function runToEnd() {
  for (let first = true; !enc.over; first = false) await playRound(!first);
}

// --- Save, resume, replay ---------------------------------------------------------

function save() {
  const text = enc.save();
  document.body.dataset.save = text;
  download(`cops-fight-round-${enc.round}.json`, text, 'application/json');
}

async function resume(text) {
  freeFight();
  replaying = false;
  ctx = cops.context();
  enc = ctx.resume(text);
  if (!sideNames.length) fillSides(['side 0', 'side 1']);
  startBoard();
  $('#narration').textContent = '';
  $('#jsonl').textContent = '';
  shown = 0;
  status(`Resumed after round ${enc.round}`);
  await nextRound();
}

/** A text line for an event of a replayed log: who, what, every die. */
function describe(ev) {
  const who = ev.actor ?? '';
  const at = ev.target ? ` → ${ev.target}` : '';
  const dice = ev.dice ? ` [${ev.dice.map((d) => d.face).join(', ')}] ${ev.successes} successes` : '';
  const extra = ['action', 'purpose', 'location', 'damage', 'result', 'hp_after', 'x', 'y']
    .filter((k) => ev[k] !== undefined && ev[k] !== null).map((k) => `${k} ${ev[k]}`).join(', ');
  return `#${ev.seq} round ${ev.round} ${ev.type}: ${who}${at}${dice}${extra ? ` (${extra})` : ''}`;
}

/** A line of a log to replay, checked as far as the page draws it (docs/events.md). */
function event(line, n) {
  let ev;
  try {
    ev = JSON.parse(line);
  } catch {
    throw new Error(`line ${n}: not JSON`);
  }
  const int = (v) => Number.isInteger(v);
  if (ev === null || typeof ev !== 'object' || ev.schema !== 2 || !int(ev.seq) || !int(ev.round) ||
      typeof ev.type !== 'string')
    throw new Error(`line ${n}: not an event of schema 2 (schema, seq, round, type)`);
  if (ev.type === 'join' && !(int(ev.actor_id) && int(ev.side) && int(ev.x) && int(ev.y) &&
      typeof ev.actor === 'string'))
    throw new Error(`line ${n}: a join without its combatant, side or position`);
  return ev;
}

async function replay(text) {
  const events = text.split('\n').map((l, i) => [l, i + 1]).filter(([l]) => l.trim())
    .map(([l, n]) => event(l, n));
  freeFight();
  replaying = true;
  $('#orders').replaceChildren();
  showOdds(null);
  const joins = events.filter((e) => e.type === 'join');
  layout(joins);
  sideNames = [];
  for (const j of joins) {
    sideNames[j.side] = j.target;
    const t = token({ id: j.actor_id, name: j.actor, side: j.side });
    place(t, j.x, j.y);
  }
  $('#narration').textContent = '';
  $('#jsonl').textContent = text.endsWith('\n') ? text : text + '\n';
  for (const ev of events) {
    append('#narration', describe(ev) + '\n');
    if (ev.type === 'hit_points') {
      const v = tokens.get(ev.target_id ?? ev.actor_id);
      if (v) v.g.querySelector('.hp').setAttribute('width', ev.hp_after > 0 ? 0.9 * ev.hp_after / Math.max(ev.hp_after, ev.hp_before, 1) : 0);
      continue;
    }
    await animate(ev);
  }
  for (const b of ['#round', '#end', '#save']) $(b).disabled = true;
  status(`Replayed ${events.length} events`);
}

// --- Setup ------------------------------------------------------------------------

async function fetchExamples() {
  const list = await (await fetch('examples/index.json')).json();
  await Promise.all(list.map(async (path) => {
    const text = await (await fetch(path)).text();
    files.set(path, text);
    cops.writeFile('/' + path, text);
  }));
  // The fights among the examples: the scenarios the library reads as one.
  const probe = cops.context({ seed: 0 });
  for (const path of list.filter((p) => p.startsWith('examples/scenarios/'))) {
    try {
      const s = probe.scenarioFile('/' + path);
      $('#scenario').add(new Option(s.name, path));
      s.free();
    } catch {
      // a chase or another kind of file: not a fight
    }
  }
  probe.free();
  $('#scenario').value = 'examples/scenarios/street-shootout.json';
}

function readFile(input) {
  return new Promise((resolve, reject) => {
    const f = input.files[0];
    if (!f) return reject(new Error('no file'));
    const r = new FileReader();
    r.onload = () => resolve(r.result);
    r.onerror = () => reject(r.error);
    r.readAsText(f);
    input.value = '';
  });
}

async function dropScenario(text, name) {
  files.set('dropped', text);
  let opt = [...$('#scenario').options].find((o) => o.value === 'dropped');
  if (!opt) $('#scenario').add(opt = new Option('', 'dropped'));
  opt.textContent = name;
  $('#scenario').value = 'dropped';
  await guarded(newFight);
}

function wire() {
  $('#new').onclick = () => guarded(newFight);
  $('#round').onclick = () => guarded(() => playRound(false));
  $('#end').onclick = () => guarded(runToEnd);
  $('#save').onclick = () => guarded(async () => save());
  $('#download').onclick = () => download('cops-fight.jsonl', $('#jsonl').textContent, 'application/jsonl');
  $('#resume').onchange = async (ev) => guarded(async () => resume(await readFile(ev.target)));
  $('#replay').onchange = async (ev) => guarded(async () => replay(await readFile(ev.target)));
  $('#scenario-file').onchange = async (ev) => {
    const name = ev.target.files[0]?.name ?? 'dropped';
    dropScenario(await readFile(ev.target), name);
  };
  const drop = $('#drop');
  drop.ondragover = (ev) => { ev.preventDefault(); drop.classList.add('over'); };
  drop.ondragleave = () => drop.classList.remove('over');
  drop.ondrop = async (ev) => {
    ev.preventDefault();
    drop.classList.remove('over');
    const f = ev.dataTransfer.files[0];
    if (f) dropScenario(await f.text(), f.name);
  };
  $('#lang').onchange = () => {
    if (enc && !replaying) $('#narration').textContent = enc.narrate(0, $('#lang').value);
  };
  for (const tab of document.querySelectorAll('[role="tab"]')) {
    tab.onclick = () => {
      for (const t of document.querySelectorAll('[role="tab"]')) {
        t.setAttribute('aria-selected', String(t === tab));
        $('#' + t.dataset.tab).hidden = t !== tab;
      }
    };
  }
}

async function main() {
  try {
    cops = await load();
    $('#version').textContent = `libcops ${cops.version} (WebAssembly)`;
    wire();
    await fetchExamples();
    await guarded(newFight);
  } catch (e) {
    status(`libcops could not start: ${errorText(e)}`);
    setState('failed');
  }
}

// What a script driving the page (tests/web/browser.mjs) or the console can call.
window.tabletop = { newFight: () => guarded(newFight), replay: (t) => guarded(() => replay(t)),
  resume: (t) => guarded(() => resume(t)), save: () => enc.save(), encounter: () => enc,
  declaration: (id) => declarationOf(id) };
main();
