// The web tabletop (docs/web.md): a scenario's fight on a grid, one side played from
// the page with the exact odds of each planned attack, the others by the library's
// policy; every event animated and narrated, every die shown; saves, resumes, replays.
// Everything about the rules comes from libcops (cops.mjs); this file draws.
import { load } from './cops.mjs';
import { CONDITION_KEYS, HEALTH_GLYPH, TEXT } from './tabletop-text.mjs';
import { lawChart } from './tabletop-chart.mjs';
import {
  blackDice, chaseDeclaration, chaseForm, chaseOdds, chaseOddsText, chaseStates, controls, diceRow,
  drawChase,
} from './tabletop-chase.mjs';

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
let chase = null;               // a chase file played instead of a fight (C7)
let chaseStart = new Map();     // each chase participant's black dice when it started
const chaseBlack = new Map();   // and now, as the events animated say
let sideNames = [];
let shown = 0;                  // events of the log already animated and printed
let busy = false;
let replaying = false;
let focusId = -1;               // the combatant whose order the odds are of
let selected = -1;              // the controlled combatant the board's clicks are for
const undoStack = [];           // { cp, kind: 'declare' | 'round' }: what Undo goes back to
const tokens = new Map();       // id -> { g, x, y, name, side }
let view = { x0: 0, y0: 0 };

// --- The page's words, in the narration's language ---------------------------------

/** A condition's key in the page's language (its bit from CONDITION_KEYS). */
function conditionName(key) {
  const bit = CONDITION_KEYS.indexOf(key);
  return bit < 0 ? key.replace(/_/g, ' ') : cops.conditionNames(1 << bit, lang())[0];
}

function lang() { return $('#lang').value; }
/** The page's word for key in the chosen language, {name}s filled from vars. */
function tr(key, vars = {}) {
  const t = TEXT[lang()] ?? TEXT.en;
  const v = t[key] ?? TEXT.en[key];
  return typeof v === 'string' ? v.replace(/\{(\w+)\}/g, (_, k) => String(vars[k])) : v;
}
/** A probability as the language writes it, one decimal. */
function pct(p) {
  return `${new Intl.NumberFormat(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })
    .format(100 * p)} %`;
}
function sideName(side) { return sideNames[side] ?? `${tr('side')} ${side}`; }

/** Every label of the page in the chosen language. */
function translate() {
  document.documentElement.lang = lang();
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = tr(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-title]')) el.title = tr(el.dataset.i18nTitle);
  for (const el of document.querySelectorAll('[data-i18n-word]')) {
    const [group, word] = el.dataset.i18nWord.split('.');
    el.textContent = tr(group)[word];
  }
  for (const el of document.querySelectorAll('[data-i18n-label]'))
    el.setAttribute('aria-label', tr(el.dataset.i18nLabel));
}

function setState(s) { document.body.dataset.state = s; }
/** The fight or the chase being played. */
function game() { return enc ?? chase; }
function isOver() {
  if (enc) return enc.over;
  return !!chase && (chase.result !== 'going' || chase.round >= chase.maxRounds);
}
function num(v) {
  return new Intl.NumberFormat(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v);
}
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
  board.style.setProperty('--board-ratio', `${x1 - x0} / ${y1 - y0}`);
  const grid = svg('g', { class: 'grid' }, board);
  // One line a metre, every fifth darker, numbered in metres along the top and left edges.
  for (let x = Math.floor(x0); x <= x1; x++)
    svg('line', { x1: x, y1: y0, x2: x, y2: y1, class: x % 5 === 0 ? 'five' : '' }, grid);
  for (let y = Math.floor(y0); y <= y1; y++)
    svg('line', { x1: x0, y1: y, x2: x1, y2: y, class: y % 5 === 0 ? 'five' : '' }, grid);
  for (let x = Math.ceil(x0 / 5) * 5; x <= x1 - 1; x += 5)
    svg('text', { class: 'axis', x: x + 0.1, y: y0 + 0.5 }, grid).textContent = String(x);
  for (let y = Math.ceil(y0 / 5) * 5; y <= y1 - 1; y += 5)
    if (y !== Math.ceil(y0 / 5) * 5 || y > y0 + 1)
      svg('text', { class: 'axis', x: x0 + 0.1, y: y - 0.1 }, grid).textContent = String(y);
  const scale = svg('g', { id: 'scale', transform: `translate(${x1 - 6.5} ${y1 - 0.8})` }, board);
  svg('rect', { x: -0.2, y: -0.75, width: 5.9, height: 1.05, class: 'scale-back' }, scale);
  svg('line', { x1: 0, y1: 0, x2: 5, y2: 0, class: 'bar' }, scale);
  svg('line', { x1: 0, y1: -0.2, x2: 0, y2: 0.2, class: 'bar' }, scale);
  svg('line', { x1: 5, y1: -0.2, x2: 5, y2: 0.2, class: 'bar' }, scale);
  svg('text', { x: 5.4, y: 0, class: 'scale-label' }, scale).textContent = tr('scale', { m: 5 });
  svg('g', { id: 'bands' }, board);
  svg('g', { id: 'reach' }, board);
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
    const g = svg('g', { class: 'token', 'data-id': c.id, tabindex: 0, role: 'button',
      'aria-label': c.name }, $('#board'));
    svg('circle', { r: 0.45, fill: SIDE_COLOURS[c.side % SIDE_COLOURS.length] }, g);
    svg('text', {}, g).textContent = initials(c.name);
    svg('text', { class: 'label', y: 0.85 }, g).textContent = c.name;
    svg('rect', { class: 'hp-back', x: -0.5, y: -0.8, width: 1, height: 0.2 }, g);
    svg('rect', { class: 'hp', x: -0.5, y: -0.8, width: 1, height: 0.2 }, g);
    svg('text', { class: 'hp-text', y: -1.05 }, g);
    const badge = svg('g', { class: 'badge', transform: 'translate(0.42 -0.38)' }, g);
    svg('circle', { r: 0.22 }, badge);
    svg('text', {}, badge);
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
  const w = max > 0 ? Math.max(0, Math.min(1, hp / max)) : 0;
  t.g.querySelector('.hp').setAttribute('width', w);
  t.g.querySelector('.hp-text').textContent = `${hp}/${max}`;
}

const HEALTH_STATES = Object.keys(HEALTH_GLYPH);
/** A token's health state: its class (colour, tabletop.css) and glyph. */
function showHealth(t, state) {
  for (const h of HEALTH_STATES) t.g.classList.toggle(`health-${h}`, h === state);
  t.g.dataset.health = state;
  t.g.querySelector('.badge text').textContent = HEALTH_GLYPH[state] ?? '?';
}

/** Draw every combatant as the library says it is now. */
function drawState() {
  for (const c of enc.states()) {
    const t = token(c);
    place(t, c.x, c.y);
    showHp(t, c.hp, c.max_hp);
    showHealth(t, c.health_state);
    t.g.classList.toggle('down', !c.able);
    t.g.classList.toggle('gone', !c.present);
    t.g.classList.toggle('controlled', c.controlled);
    const weapon = c.weapon ? `, ${c.weapon.name} (${c.weapon.loaded} ${tr('rounds')})` : '';
    const names = cops.conditionNames(enc.combatant(c.id).conditions, lang());
    const cond = names.length ? `; ${names.join(', ')}` : '';
    t.g.querySelector('title').textContent = `${c.name} (${sideName(c.side)}): ${c.hp}/${c.max_hp} ` +
      `${tr('hp')}, ${tr('health')[c.health_state] ?? c.health_state}${weapon}${cond}`;
  }
  fillWho();
}

function float(x, y, text, cls = '') {
  if (!pace()) return;   // played at once: the log panel says it, the board stays readable
  const el = svg('text', { class: `float ${cls}`, x, y: y - 0.9 }, $('#effects'));
  el.textContent = text;
  setTimeout(() => el.remove(), Math.max(600, pace() * 6));
}

function shot(from, to, hit) {
  if (!pace()) return;
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
    case 'round': status(`${tr('round')} ${ev.round}`); break;
    case 'join': if (a) place(a, ev.x, ev.y); break;
    case 'attack':
      if (a && t) shot(a, t, false);
      lastAttack.set(ev.actor_id, ev.target_id);
      break;
    case 'roll':
      if (ev.dice) showDice(ev, chase && ev.purpose === 'chase' ? Math.min(chaseBlack.get(ev.actor_id) ?? 0, ev.pool) : 0);
      break;
    case 'chase_dice': {
      chaseBlack.set(ev.target_id, ev.black);
      $(`#chase-board .chaser[data-id="${ev.target_id}"] .chase-dice`)?.replaceWith(diceRow(ev.white, ev.black));
      break;
    }
    case 'chase_band': {
      const band = $(`#chase-board .chaser[data-id="${ev.actor_id}"] .band`);
      if (band) {
        band.dataset.band = ev.band;
        band.textContent = `${tr('band')} ${cops.catalogue.chaseBandName(ev.band, lang())}`;
      }
      break;
    }
    case 'chase_end': status(tr('results')[ev.result] ?? ev.result); break;
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
    case 'death': if (a) showHealth(a, 'dead'); break;
    case 'condition': {
      const v = tokens.get(ev.target_id ?? ev.actor_id);
      if (v && ev.active) float(v.x, v.y + 1, conditionName(ev.condition), 'info');
      break;
    }
    case 'end': status(ev.winner === null || ev.winner === undefined ? tr('over_none')
      : tr('over_wins', { side: sideName(ev.winner) })); break;
    default: break;
  }
  if (a) a.g.classList.add('acting');
  if (pace()) await sleep(pace());
  if (a) a.g.classList.remove('acting');
}

/** The dice of a roll event, drawn as dice: each face, a success marked, each open 10 followed
 * by the die that re-rolls it, with the roll's successes and margin (or a d6 sum's total).
 * They stay until the next roll. */
function showDice(ev, black = 0) {
  const box = $('#dice');
  box.replaceChildren();
  box.dataset.seq = ev.seq;
  const head = document.createElement('div');
  head.className = 'dice-head';
  const purpose = (tr('purposes') ?? {})[ev.purpose] ?? (ev.purpose ?? '').replace(/_/g, ' ');
  head.textContent = [ev.actor, purpose].filter((x) => x).join(' — ');
  box.appendChild(head);
  const row = document.createElement('div');
  row.className = 'dice-row';
  const d6 = ev.kind === 'd6_sum';
  const die = (d, i) => {
    const el = document.createElement('span');
    // A chase roll's black dice are the last of its first wave (C7.2).
    const dark = d.reroll_of === null && i >= ev.pool - black && i < ev.pool;
    el.className = `die${d6 ? ' d6' : ''}${d.success ? ' success' : ''}${!d6 && d.face === 10 ? ' open' : ''}` +
      `${dark ? ' black' : ''}`;
    el.dataset.index = i;
    el.dataset.face = d.face;
    el.dataset.success = d.success ? '1' : '0';
    if (d.reroll_of !== null && d.reroll_of !== undefined) {
      el.dataset.rerollOf = d.reroll_of;
      el.title = tr('rerolls', { n: d.reroll_of + 1 });
    }
    el.textContent = String(d.face);
    el.setAttribute('aria-label', `${d.face}${dark ? `, ${tr('black_die')}` : ''}${d.success ? `, ${tr('success')}` : ''}`);
    if (d.success) {
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.setAttribute('aria-hidden', 'true');
      mark.textContent = '✓';
      el.appendChild(mark);
    }
    return el;
  };
  // Each die of the pool, then the chain of the dice that re-roll it.
  ev.dice.forEach((d, i) => {
    if (d.reroll_of !== null && d.reroll_of !== undefined) return;
    const chain = document.createElement('span');
    chain.className = 'chain';
    chain.appendChild(die(d, i));
    for (let at = i, next; (next = ev.dice.findIndex((x) => x.reroll_of === at)) >= 0; at = next) {
      const link = document.createElement('span');
      link.className = 'link';
      link.setAttribute('aria-hidden', 'true');
      link.textContent = '→';
      chain.append(link, die(ev.dice[next], next));
    }
    row.appendChild(chain);
  });
  box.appendChild(row);
  const sum = document.createElement('div');
  sum.className = 'dice-sum';
  sum.textContent = d6 ? `${tr('total')} ${ev.total}`
    : `${ev.successes} ${tr('successes')}, ${tr('margin')} ${ev.margin}: ${tr(ev.success ? 'success' : 'failure')}`;
  sum.classList.toggle('success', !d6 && !!ev.success);
  sum.classList.toggle('total', d6);
  box.appendChild(sum);
}

const rolls = new Map();   // seq -> the roll events of the narration's lines
/** A line of the narration, with the combatants its event names (the log's filter). */
function appendLine(text, ev) {
  const el = $('#narration');
  const line = document.createElement('span');
  line.className = 'line';
  const ids = ev ? [ev.actor_id, ev.target_id].filter((v) => Number.isInteger(v)) : [];
  line.dataset.ids = ids.join(' ');
  if (ev && ev.type === 'roll' && ev.dice) {   // a click on the line shows its dice
    line.dataset.seq = ev.seq;
    line.classList.add('has-dice');
    line.tabIndex = 0;   // Enter shows them too
    rolls.set(ev.seq, ev);
  }
  line.textContent = text;
  line.hidden = !shownTo(line);
  el.appendChild(line);
  el.scrollTop = el.scrollHeight;
}
function shownTo(line) {
  const who = $('#who').value;
  return who === '-1' || !line.dataset.ids || line.dataset.ids.split(' ').includes(who);
}
/** The narration filtered to one combatant (the lines of events naming it), or everyone. */
function filterLog() {
  for (const line of $('#narration').children) line.hidden = !shownTo(line);
}
function fillWho() {
  const sel = $('#who');
  const keep = sel.value;
  const people = chase ? chaseStates(chase) : [...tokens.values()];
  const want = people.map((t) => `${t.id}:${t.name}`).join('|');
  if (sel.dataset.list === want) return;
  sel.dataset.list = want;
  sel.replaceChildren(new Option(tr('everyone'), '-1'));
  sel.options[0].dataset.i18n = 'everyone';
  for (const t of people) sel.add(new Option(t.name, String(t.id)));
  sel.value = [...sel.options].some((o) => o.value === keep) ? keep : '-1';
  filterLog();
}
/** The whole narration again, in the chosen language, each line with its event. */
function narrateAll() {
  $('#narration').replaceChildren();
  rolls.clear();
  const events = game().events(0);
  const lines = game().narrate(0, lang()).split('\n').filter((l) => l);
  if (lines.length === events.length) lines.forEach((l, i) => appendLine(l + '\n', events[i]));
  else if (lines.length) appendLine(lines.join('\n') + '\n', null);
}

function append(id, text) {
  const el = $(id);
  el.textContent += text;
  el.scrollTop = el.scrollHeight;
}

/** Animate and print the events the last call added to the log. */
async function play() {
  const from = shown;
  const events = game().events(from);
  shown += events.length;
  append('#jsonl', game().jsonl(from));
  const lines = game().narrate(from, lang()).split('\n').filter((l) => l);
  // One narrated line at a time with its event when they pair up; the rest at the end.
  for (let i = 0; i < events.length; i++) {
    if (lines.length === events.length) appendLine(lines[i] + '\n', events[i]);
    await animate(events[i]);
  }
  if (lines.length !== events.length && lines.length) appendLine(lines.join('\n') + '\n', null);
  if (chase) drawChaseBoard();
  else drawState();
}

// --- The fight --------------------------------------------------------------------

function freeFight() {
  clearUndo();
  selected = -1;
  if (scenario) scenario.free();
  else if (enc) enc.free();
  if (chase) chase.free();
  if (ctx) ctx.free();
  ctx = scenario = enc = chase = null;
}

function controlledSide() { return Number($('#side').value); }

function fillSides(names) {
  sideNames = names;
  const sel = $('#side');
  const keep = sel.value;
  sel.replaceChildren(new Option(tr('nobody'), '-1'));
  sel.options[0].dataset.i18n = 'nobody';
  names.forEach((n, i) => sel.add(new Option(n, String(i))));
  // The first side played from the page until the player picks another (or none).
  sel.value = [...sel.options].some((o) => o.value === keep) && sel.dataset.picked ? keep : '0';
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
  const opt = $('#scenario').selectedOptions[0];
  if (opt && opt.dataset.kind === 'chase') return newChase(opt.value);
  showBoard('fight');
  ctx = cops.context();
  const src = await scenarioText();
  scenario = src.path ? ctx.scenarioFile(src.path) : ctx.scenario(src.text, src.base);
  enc = scenario.encounter;
  if ($('#rules').value) enc.ruleset = $('#rules').value;
  const seed = $('#seed').value.trim();
  if (seed) enc.seed(seed);
  fillSides(scenario.sides);
  startBoard();
  $('#narration').replaceChildren();
  $('#dice').replaceChildren();
  $('#theirs').replaceChildren();
  $('#jsonl').textContent = '';
  shown = 0;
  await nextRound();
}

/** The board for the encounter: the controlled side, and (a new fight) the policy of every
 * combatant: it plays those nobody controls and suggests to the player. */
function startBoard(setPolicy = true) {
  const all = enc.combatants();
  layout(all);
  for (const c of all) {
    enc.setControlled(c.id, c.side === controlledSide());
    if (setPolicy) enc.setPolicy(c.id, $('#policy').value);
  }
  drawState();
}

function controlledIds() {
  return enc.combatants().filter((c) => c.controlled && c.able).map((c) => c.id);
}

/** Between rounds: begin the next one and ask for the player's declarations. */
async function nextRound() {
  const over = enc.over;
  $('#round').disabled = over;
  $('#end').disabled = over;
  $('#save').disabled = over;
  $('#download').disabled = false;
  if (!over && controlledSide() >= 0 && controlledIds().length && enc.phase !== 'declaring') {
    enc.beginRound();
    await play();
    if (enc.over) return nextRound();
  }
  drawOrders();
}

/** The declaration phase as the encounter has it: a form for each controlled combatant able
 * to act, or what it declared; the buttons that apply. */
function drawOrders(kept = new Map()) {
  $('#orders').replaceChildren();
  showOdds(null);
  $('#undo').disabled = !undoStack.length;
  if (!enc || enc.over || controlledSide() < 0 || enc.phase !== 'declaring') return select(-1);
  for (const st of enc.states()) {
    if (!st.controlled || !st.able) continue;
    if (st.declaration) declaredBox(st);
    else orderForm(st.id, kept.get(st.id) ?? null);
  }
  if (!controlledIds().includes(selected) || !$(`#orders .order[data-id="${selected}"]`)) {
    const open = $('#orders .order:not(.declared)');
    select(open ? Number(open.dataset.id) : -1);
  } else {
    select(selected);
  }
  status(`${tr('round')} ${enc.round} — ${tr('your_declarations')}`);
}

/** What a controlled combatant declared this round (Undo takes it back). */
function declaredBox(st) {
  const box = document.createElement('div');
  box.className = 'order declared';
  box.dataset.id = st.id;
  const d = st.declaration;
  const target = d.target >= 0 ? ` → ${enc.combatant(d.target).name}` : '';
  const h = document.createElement('h3');
  h.textContent = `${st.name} — ${tr('declared')}`;
  const p = document.createElement('p');
  p.textContent = `${tr('actions')[d.action] ?? d.action}${target}, ${cops.attitudeName(d.attitude, lang())}` +
    (enc.ruleset === 'core' ? `, ${tr('initiative').toLowerCase()} ${d.initiative > 0 ? '+' : ''}${d.initiative}` : '');
  box.append(h, p);
  $('#orders').appendChild(box);
}

// --- Undo: the library's checkpoints ------------------------------------------------

function checkpoint(kind) { undoStack.push({ cp: game().checkpoint(), kind }); }
function clearUndo() {
  while (undoStack.length) undoStack.pop().cp.free();
  if ($('#undo')) $('#undo').disabled = true;
}
/** Back to before the last declaration or the last round, exactly (the same dice after). */
async function undo() {
  const top = undoStack.pop();
  if (!top) return;
  game().rollback(top.cp);
  top.cp.free();
  rebuildLog();
  if (chase) nextChaseRound();
  else {
    drawState();
    await nextRound();
  }
  status(tr(top.kind === 'round' ? 'undone_round' : 'undone_declaration'));
}
/** The log panels again from the encounter's log (a rollback dropped events). */
function rebuildLog() {
  narrateAll();
  $('#jsonl').textContent = game().jsonl(0);
  const events = game().events(0);
  shown = events.length;
  const all = events.filter((e) => e.type === 'roll' && e.dice);
  if (all.length) showRoll(all[all.length - 1]);
  else $('#dice').replaceChildren();
  if (chase) {
    chaseBlack.clear();
    for (const s of chaseStates(chase)) chaseBlack.set(s.id, s.black);
  }
  showTheirs();
}
/** A roll of the log in the dice tray, a chase roll's black dice marked. */
function showRoll(ev) {
  showDice(ev, chase && ev.purpose === 'chase' ? blackDice(game().events(0), chaseStart).get(ev.seq) ?? 0 : 0);
}

/** The controlled combatant id declares what its form says. */
function declareOne(id) {
  const d = declarationOf(id);
  checkpoint('declare');
  try {
    enc.declare(id, d);
  } catch (e) {
    undoStack.pop().cp.free();
    throw e;
  }
  drawOrders();
}

// --- The board's clicks -------------------------------------------------------------

/** The combatant the board's clicks are for: its token ringed, its reach drawn (5 m free,
 * 10 m a die, C6.3), its form shown. */
function select(id) {
  selected = id;
  for (const t of tokens.values()) t.g.classList.toggle('selected', t.id === id);
  for (const box of document.querySelectorAll('#orders .order'))
    box.classList.toggle('selected', Number(box.dataset.id) === id);
  const reach = $('#reach');
  if (reach) reach.replaceChildren();
  const t = tokens.get(id);
  if (!t || !reach || !$(`#orders .order[data-id="${id}"]:not(.declared)`)) return;
  svg('circle', { cx: t.x, cy: t.y, r: 5, class: 'free' }, reach);
  svg('circle', { cx: t.x, cy: t.y, r: 10, class: 'die' }, reach);
  const d = declarationOf(id);
  if (d.moving) {
    svg('line', { x1: t.x, y1: t.y, x2: d.x, y2: d.y, class: 'path' }, reach);
    svg('circle', { cx: d.x, cy: d.y, r: 0.3, class: 'to' }, reach);
  }
  focusId = id;
  updateOdds();
}

/** The range bands of the weapon in combatant id's hand around its token (C10.2: under
 * 10 m difficulty 1, up to its range 2, up to twice it 3, beyond none; C6.5 point-blank under
 * 2 m); none for a weapon without range or no combatant (-1). */
function showBands(id) {
  const g = $('#bands');
  if (!g) return;
  g.replaceChildren();
  const t = tokens.get(id);
  if (!enc || !t) return;
  const w = enc.weapon(id);
  if (!w) return;
  let range = 0;
  try {
    range = w.get('range');
  } finally {
    w.free();
  }
  if (range <= 0) return;
  const seen = new Set();
  for (const [r, cls] of [[2, 'blank'], [10, 'short'], [range, 'range'], [2 * range, 'far']]) {
    if (seen.has(r)) continue;
    seen.add(r);
    svg('circle', { cx: t.x, cy: t.y, r, class: cls }, g);
    svg('text', { x: t.x + r + 0.1, y: t.y - 0.15, class: cls }, g).textContent = tr('scale', { m: r });
  }
  g.dataset.id = id;
}

/** A click on the board at (x, y) metres, or on token id: select one's own, target an
 * enemy, or move there. */
function boardClick(id, x, y) {
  const box = $(`#orders .order[data-id="${selected}"]:not(.declared)`);
  const t = id >= 0 ? tokens.get(id) : null;
  if (t && $(`#orders .order[data-id="${id}"]`)) return select(id);
  if (!box) return;
  const field = (n) => box.querySelector(`[name="${n}"]`);
  if (t) {
    if (t.side === tokens.get(selected).side) return;
    const target = field('target');
    if (![...target.options].some((o) => o.value === String(id))) return;
    target.value = String(id);
    if (!ATTACKS.has(field('action').value) && !field('action').querySelector('[value="shoot"]').disabled)
      field('action').value = 'shoot';
  } else {
    field('moving').checked = true;
    field('x').value = String(Math.round(x));
    field('y').value = String(Math.round(y));
  }
  select(selected);
}

/** The policy's declarations of the last round for those the player does not control, with
 * the odds each weighed (docs/events.md, declare). */
function showTheirs() {
  const box = $('#theirs');
  box.replaceChildren();
  if (!enc || replaying) return;
  const events = enc.events(0);
  const last = events.filter((e) => e.type === 'declare' && !enc.controlled(e.actor_id)).map((e) => e.round);
  const round = last.length ? Math.max(...last) : -1;
  for (const e of events) {
    if (e.type !== 'declare' || e.round !== round || enc.controlled(e.actor_id)) continue;
    const line = document.createElement('div');
    line.className = 'their';
    line.dataset.id = e.actor_id;
    const target = e.target ? ` → ${e.target}` : '';
    const odds = e.odds ? ` (${tr('odds_down')} ${pct(e.odds.down)}, ${tr('odds_first')} ${pct(e.odds.first)}, ` +
      `${tr('odds_risk')} ${pct(e.odds.risk)})` : '';
    line.textContent = `${e.actor}: ${tr('actions')[e.action] ?? e.action}${target}, ` +
      `${cops.attitudeName(e.attitude, lang())}${e.policy ? ` — ${tr('policies')[e.policy] ?? e.policy}` : ''}${odds}`;
    box.appendChild(line);
  }
  if (box.children.length) {
    const h = document.createElement('h3');
    h.textContent = `${tr('theirs')} (${tr('round').toLowerCase()} ${round})`;
    box.prepend(h);
  }
}

/** One controlled combatant's order: action, target, attitude, initiative, where to. */
function orderForm(id, preset = null) {
  const c = enc.combatant(id);
  const s = preset ?? enc.suggest(id);
  const box = document.createElement('div');
  box.className = 'order';
  box.dataset.id = id;
  box.dataset.suggestion = JSON.stringify(s);   // the fields the form does not show
  const h = document.createElement('h3');
  h.textContent = `${c.name} — ${c.hp}/${c.max_hp} ${tr('hp')}${c.weapon ? `, ${c.weapon.name} (${c.weapon.loaded})` : ''}`;
  box.appendChild(h);
  const field = (name, label, control) => {
    const l = document.createElement('label');
    l.textContent = label + ' ';
    control.name = name;
    l.appendChild(control);
    box.appendChild(l);
    return control;
  };
  const action = field('action', tr('action'), document.createElement('select'));
  for (const a of ACTIONS) {
    const ok = enc.allowed(id, a);
    const o = new Option(tr('actions')[a] ?? a.replace('_', ' '), a);
    o.disabled = !ok.allowed;
    o.title = ok.why;
    action.add(o);
  }
  action.value = s.action;
  const target = field('target', tr('target'), document.createElement('select'));
  target.add(new Option(tr('none'), '-1'));
  // The enemies still in the fight: one's own side is never offered.
  for (const t of enc.combatants())
    if (t.side !== c.side && t.present) target.add(new Option(t.name, String(t.id)));
  target.value = [...target.options].some((o) => o.value === String(s.target)) ? String(s.target) : '-1';
  const attitude = field('attitude', tr('attitude'), document.createElement('select'));
  for (let v = -2; v <= 2; v++) attitude.add(new Option(cops.attitudeName(v, lang()), String(v)));
  attitude.value = String(s.attitude);
  if (enc.ruleset === 'core') {
    const [lo, hi] = enc.initiativeRange(id);
    const init = field('initiative', tr('initiative'), document.createElement('select'));
    for (let v = lo; v <= hi; v++) init.add(new Option((v > 0 ? '+' : '') + v, String(v)));
    init.value = String(Math.max(lo, Math.min(hi, s.initiative)));
  }
  const weapons = enc.weapons(id);
  if (weapons.length > 1) {
    const w = field('weapon', tr('draw'), document.createElement('select'));
    weapons.forEach((wp, i) => w.add(new Option(wp.name, String(i))));
    w.value = String(s.weapon);
  }
  const moving = field('moving', tr('move_first'), document.createElement('input'));
  moving.type = 'checkbox';
  moving.checked = !!s.moving;
  for (const k of ['x', 'y']) {
    const v = field(k, k, document.createElement('input'));
    v.type = 'number';
    v.value = s.moving ? s[k] : c[k];
    v.style.width = '4em';
  }
  const declare = document.createElement('button');
  declare.className = 'declare';
  declare.textContent = tr('declare');
  declare.onclick = () => guarded(async () => declareOne(id));
  box.appendChild(declare);
  box.addEventListener('change', () => { focusId = id; select(id); });
  box.addEventListener('focusin', () => { if (selected !== id) select(id); });
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

function showOdds(o, who = '', error = '') {
  const box = $('#odds');
  box.dataset.json = o ? JSON.stringify(o) : '';
  box.style.color = error ? '#b91c1c' : '';
  if (error) { box.textContent = error; return; }
  if (!o) { box.textContent = ''; return; }
  const mean = o.damage.reduce((s, p, k) => s + k * p, 0);
  const num = new Intl.NumberFormat(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const lines = [`${who}: ${pct(o.p_hit)} ${tr('to_hit')}`, `${num.format(mean)} ${tr('mean_damage')}`,
    `${pct(o.p_down)} ${tr('down')}, ${pct(o.p_dead)} ${tr('dead')}`];
  if (o.p_hit_back) lines.push(`${pct(o.p_hit_back)} ${tr('hit_back')}`);
  box.textContent = lines.join('\n');
  // The laws behind the figures: bullets (or blows) in, and the damage after armour.
  const charts = document.createElement('div');
  charts.className = 'laws';
  charts.append(lawChart(document, { title: tr('chart_in'), values: o.in, pct, colour: '#0072B2' }),
    lawChart(document, { title: tr('chart_damage'), values: o.damage, pct, colour: '#D55E00' }));
  box.append(charts);
}

/** The exact odds of the attack being planned, before anything is committed. */
function updateOdds() {
  if (focusId < 0 || !$(`#orders .order[data-id="${focusId}"]:not(.declared)`)) return showOdds(null);
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
    else setState(isOver() ? 'over' : 'ready');
  }
}

/** Declare the player's orders (or the policy's, when `policy`) and resolve the round. */
async function playRound(policy = false) {
  if (chase) return playChaseRound(policy);
  if (controlledSide() >= 0 && enc.phase === 'declaring' && $('#orders').children.length) {
    checkpoint('round');
    try {
      for (const id of controlledIds())
        if (!enc.state(id).declaration) enc.declare(id, policy ? enc.suggest(id) : declarationOf(id));
      enc.resolveRound();
    } catch (e) {   // all or nothing: the declarations made here taken back
      const top = undoStack.pop();
      enc.rollback(top.cp);
      top.cp.free();
      throw e;
    }
  } else if (controlledSide() >= 0 && controlledIds().length) {
    enc.beginRound();
    for (const id of controlledIds()) enc.declare(id, enc.suggest(id));
    enc.resolveRound();
  } else {
    enc.runRound();
  }
  await play();
  showTheirs();
  await nextRound();
}

/** The rest of the fight: this round as declared, the next ones with the policy's
 * suggestions for the player's side too. */
async function runToEnd() {
  for (let first = true; !isOver(); first = false) await playRound(!first);
}

// --- Chases (C7) --------------------------------------------------------------------

/** The grid for a fight, the chase's board for a chase. */
function showBoard(kind) {
  $('#board').toggleAttribute('hidden', kind !== 'fight');   // an SVG element has no .hidden
  $('#chase-board').hidden = kind !== 'chase';
}
function clearPanels() {
  $('#narration').replaceChildren();
  rolls.clear();
  $('#dice').replaceChildren();
  $('#theirs').replaceChildren();
  $('#jsonl').textContent = '';
  shown = 0;
}
/** A chase file of the examples (its name in the list), seeded as `cops chase --seed`. */
async function newChase(path) {
  ctx = cops.context();
  const seed = $('#seed').value.trim();
  if (seed) ctx.seed(seed);
  chase = ctx.chaseFile('/' + path);
  startChase();
  nextChaseRound();
}
function startChase() {
  chaseStart = new Map(chaseStates(chase).map((s) => [s.id, s.black]));
  chaseBlack.clear();
  for (const [id, b] of chaseStart) chaseBlack.set(id, b);
  fillSides([tr('pursued'), tr('pursuers')]);
  showBoard('chase');
  clearPanels();
  layout([]);
}
function drawChaseBoard() {
  drawChase($('#chase-board'), chase, { cops, tr, lang: lang(), glyph: HEALTH_GLYPH });
  fillWho();
}
/** Between chase rounds: the board, and a form for each participant the player declares for. */
function nextChaseRound(kept = new Map()) {
  const over = isOver();
  for (const b of ['#round', '#end', '#save']) $(b).disabled = over;
  $('#download').disabled = false;
  $('#undo').disabled = !undoStack.length;
  drawChaseBoard();
  $('#orders').replaceChildren();
  showOdds(null);
  if (over) {
    status(tr('results')[chase.result] ?? '');
    return;
  }
  for (const st of chaseStates(chase)) {
    if (st.state !== 'in' || !controls(controlledSide(), st)) continue;
    const box = chaseForm(st, kept.get(st.id) ?? chase.suggest(st.id), { tr });
    box.addEventListener('change', () => showChaseOdds(st.id));
    box.addEventListener('focusin', () => showChaseOdds(st.id));
    $('#orders').appendChild(box);
  }
  const first = $('#orders .chase-order');
  if (first) showChaseOdds(Number(first.dataset.id));
  status(`${tr('round')} ${chase.round + 1}${first ? ` — ${tr('your_declarations')}` : ''}`);
}
/** The exact odds of a participant's round as its form declares it. */
function showChaseOdds(id) {
  const box = $(`#orders .chase-order[data-id="${id}"]`);
  const odds = $('#odds');
  odds.style.color = '';
  try {
    const o = chaseOdds(chase, id, chaseDeclaration(box));
    odds.dataset.json = o ? JSON.stringify(o) : '';
    odds.textContent = o ? chaseOddsText(chase, id, o, { tr, pct, num }) : '';
  } catch (e) {
    odds.dataset.json = '';
    odds.style.color = '#b91c1c';
    odds.textContent = errorText(e);
  }
}
/** One chase round: the player's declarations (or none, when `policy`), then the others' as
 * the chase file scripts them or the default policy suggests (cops_chase_run, one round). */
async function playChaseRound(policy = false) {
  checkpoint('round');
  try {
    if (!policy)
      for (const box of document.querySelectorAll('#orders .chase-order'))
        chase.declare(Number(box.dataset.id), chaseDeclaration(box));
    const cap = chase.maxRounds;
    chase.setMaxRounds(chase.round + 1);
    try {
      chase.run();
    } finally {
      chase.setMaxRounds(cap);
    }
  } catch (e) {   // all or nothing: the declarations made here taken back
    const top = undoStack.pop();
    chase.rollback(top.cp);
    top.cp.free();
    throw e;
  }
  await play();
  nextChaseRound();
}

// --- Save, resume, replay ---------------------------------------------------------

function save() {
  const text = game().save();
  document.body.dataset.save = text;
  download(`cops-${chase ? 'chase' : 'fight'}-round-${game().round}.json`, text, 'application/json');
}

async function resume(text) {
  freeFight();
  replaying = false;
  ctx = cops.context();
  try {
    enc = ctx.resume(text);
  } catch (e) {   // a chase's save, or neither (the fight's message)
    try {
      chase = ctx.resumeChase(text);
    } catch {
      throw e;
    }
    startChase();
    nextChaseRound();
    return status(tr('resumed', { round: chase.round }));
  }
  showBoard('fight');
  if (!sideNames.length) fillSides(['side 0', 'side 1']);
  startBoard(false);   // a save keeps each combatant's policy
  $('#narration').replaceChildren();
  $('#dice').replaceChildren();
  $('#theirs').replaceChildren();
  $('#jsonl').textContent = '';
  shown = 0;
  status(tr('resumed', { round: enc.round }));
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
  fillWho();
  $('#narration').replaceChildren();
  $('#dice').replaceChildren();
  $('#theirs').replaceChildren();
  $('#jsonl').textContent = text.endsWith('\n') ? text : text + '\n';
  for (const ev of events) {
    appendLine(describe(ev) + '\n', ev);
    if (ev.type === 'hit_points') {
      const v = tokens.get(ev.target_id ?? ev.actor_id);
      if (v) {   // a log gives no maximum: the bar against the most seen
        v.most = Math.max(v.most ?? 0, ev.hp_before, ev.hp_after, 1);
        showHp(v, ev.hp_after, v.most);
      }
      continue;
    }
    await animate(ev);
  }
  for (const b of ['#round', '#end', '#save']) $(b).disabled = true;
  status(tr('replayed', { n: events.length }));
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
      try {   // a chase (C7)
        const c = probe.chaseFile('/' + path);
        const o = new Option(`${c.name} (${tr('chase_suffix')})`, path);
        o.dataset.kind = 'chase';
        o.dataset.name = c.name;
        $('#scenario').add(o);
        c.free();
      } catch {
        // another kind of file
      }
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
  $('#side').addEventListener('change', () => { $('#side').dataset.picked = '1'; });
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
  $('#who').onchange = filterLog;
  const lineDice = (ev) => {
    const line = ev.target.closest('.line.has-dice');
    if (line && rolls.has(Number(line.dataset.seq)) && game()) showRoll(rolls.get(Number(line.dataset.seq)));
  };
  $('#narration').addEventListener('click', lineDice);
  $('#narration').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') lineDice(ev); });
  $('#undo').onclick = () => guarded(undo);
  const board = $('#board');
  const metres = (ev) => {
    const pt = board.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    return pt.matrixTransform(board.getScreenCTM().inverse());
  };
  board.addEventListener('click', (ev) => {
    if (busy || replaying || !enc) return;
    const g = ev.target.closest('.token');
    const m = metres(ev);
    boardClick(g ? Number(g.dataset.id) : -1, m.x, m.y);
  });
  // A token hovered or focused: its weapon's range bands.
  const bands = (ev, on) => {
    const g = ev.target.closest?.('.token');
    if (g && !replaying) showBands(on ? Number(g.dataset.id) : -1);
  };
  board.addEventListener('mouseover', (ev) => bands(ev, true));
  board.addEventListener('mouseout', (ev) => bands(ev, false));
  board.addEventListener('focusin', (ev) => bands(ev, true));
  board.addEventListener('focusout', (ev) => bands(ev, false));
  board.addEventListener('keydown', (ev) => {   // a token by keyboard: Enter or Space
    const g = ev.target.closest('.token');
    if (!g || (ev.key !== 'Enter' && ev.key !== ' ') || busy || replaying || !enc) return;
    ev.preventDefault();
    boardClick(Number(g.dataset.id), 0, 0);
  });
  $('#lang').onchange = () => {
    translate();
    for (const o of document.querySelectorAll('#scenario option[data-kind="chase"]'))
      o.textContent = `${o.dataset.name} (${tr('chase_suffix')})`;
    if (chase && !replaying) {
      fillSides([tr('pursued'), tr('pursuers')]);
      narrateAll();
      nextChaseRound(new Map([...document.querySelectorAll('#orders .chase-order')]
        .map((b) => [Number(b.dataset.id), chaseDeclaration(b)])));
    }
    if (enc && !replaying) {
      if (enc.over)
        status(enc.winner === null ? tr('over_none') : tr('over_wins', { side: sideName(enc.winner) }));
      narrateAll();
      drawState();
      // The forms again, in the new language, as the player left them.
      drawOrders(new Map([...document.querySelectorAll('#orders .order:not(.declared)')]
        .map((b) => [Number(b.dataset.id), declarationOf(Number(b.dataset.id))])));
      showTheirs();
    }
    $('#scale .scale-label')?.replaceChildren(tr('scale', { m: 5 }));
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
    translate();
    cops = await load();
    $('#version').textContent = `libcops ${cops.version} (WebAssembly)`;
    wire();
    await fetchExamples();
    await guarded(newFight);
  } catch (e) {
    status(`${tr('no_start')}: ${errorText(e)}`);
    setState('failed');
  }
}

// What a script driving the page (tests/web/browser.mjs) or the console can call.
window.tabletop = { newFight: () => guarded(newFight), replay: (t) => guarded(() => replay(t)),
  resume: (t) => guarded(() => resume(t)), save: () => game().save(), encounter: () => enc,
  chase: () => chase,
  declaration: (id) => declarationOf(id), undo: () => guarded(undo),
  /** Where metres (x, y) of the board are on the screen, for a script's clicks. */
  screen: (x, y) => {
    const board = $('#board');
    const pt = board.createSVGPoint();
    pt.x = x;
    pt.y = y;
    const p = pt.matrixTransform(board.getScreenCTM());
    return { x: p.x, y: p.y };
  } };
main();
