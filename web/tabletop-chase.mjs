// The tabletop page's chases (docs/web.md, COPS.md C7): each participant's white and black
// chase dice, its distance band to the pursued, its hit points and state; the player's
// declarations with the exact odds of the round; which dice of a roll were black. It draws
// and reads the DOM; tabletop.mjs plays the rounds.

/** The participants and passengers of a chase, as cops_chase_board_state gives them. */
export function chaseStates(chase) {
  const ids = [...Array(chase.count).keys()];
  for (let k = 0; k < chase.passengers; k++) ids.push(16 + k);
  return ids.map((id) => chase.boardState(id));
}

/** Whether the player declares for participant st: side 0 the pursued, 1 the pursuers. */
export function controls(side, st) {
  return !st.passenger && side >= 0 && (st.role === 'pursued') === (side === 0);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A participant's chase dice: a square each, white then black. */
export function diceRow(white, black) {
  const row = el('span', 'chase-dice');
  row.dataset.white = white;
  row.dataset.black = black;
  for (let k = 0; k < white; k++) row.appendChild(el('span', 'cd white'));
  for (let k = 0; k < black; k++) row.appendChild(el('span', 'cd black'));
  return row;
}

/** The chase board: a row a participant (its dice, band, hit points, state) into box. */
export function drawChase(box, chase, { cops, tr, lang, glyph }) {
  box.replaceChildren();
  const h = el('h3', '', chase.name);
  box.appendChild(h);
  const states = chaseStates(chase);
  const name = (id) => states.find((s) => s.id === id)?.name ?? String(id);
  for (const st of states) {
    const row = el('div', `chaser role-${st.role} state-${st.state}${st.passenger ? ' passenger' : ''}`);
    row.dataset.id = st.id;
    row.dataset.state = st.state;
    row.dataset.health = st.health_state;
    const who = el('span', 'who', st.name);
    const what = st.passenger ? tr('rides_with', { name: name(st.rides_with) })
      : `${st.role === 'pursued' ? tr('pursued') : tr('pursuers')}${st.vehicle ? `, ${st.vehicle}` : ''}`;
    row.append(who, el('span', 'what', what));
    if (!st.passenger) row.appendChild(diceRow(st.white, st.black));
    const band = el('span', 'band', st.band ? `${tr('band')} ${cops.catalogue.chaseBandName(st.band, lang)}` : '');
    band.dataset.band = st.band ?? '';
    row.appendChild(band);
    const hp = el('span', `hp health-${st.health_state}`, `${st.hp}/${st.max_hp} ${tr('hp')}`);
    const badge = el('span', 'glyph', glyph[st.health_state] ?? '?');
    badge.title = tr('health')[st.health_state] ?? st.health_state;
    hp.prepend(badge);
    row.append(hp, el('span', 'chaser-state', st.passenger ? '' : tr('chaser_states')[st.state] ?? st.state));
    box.appendChild(row);
  }
}

/** The one of the other role a participant's round is weighed against: the pursued for a
 * pursuer, the pursuer holding the most dice for the pursued (as `cops chase --odds`). */
export function opponent(chase, id) {
  const me = chase.boardState(id);
  let best = -1;
  let most = -1;
  for (let k = 0; k < chase.count; k++) {
    const s = chase.boardState(k);
    if (k === id || (s.role === 'pursued') === (me.role === 'pursued') || s.state !== 'in') continue;
    if (s.white + s.black > most) { best = k; most = s.white + s.black; }
  }
  return best;
}

/** The player's form for participant st: successes declared, dice to turn black, the
 * points it spends (C7, C7.2, C5), from the default policy's suggestion. */
export function chaseForm(st, suggestion, { tr }) {
  const box = el('div', 'order chase-order');
  box.dataset.id = st.id;
  const h = el('h3', '', `${st.name} `);
  const dice = diceRow(st.white, st.black);
  dice.setAttribute('aria-label', `${tr('white')} ${st.white}, ${tr('black')} ${st.black}`);
  h.appendChild(dice);
  box.appendChild(h);
  const field = (name, label, type, value, max) => {
    const l = el('label', '', label + ' ');
    const input = document.createElement('input');
    input.name = name;
    input.type = type;
    if (type === 'checkbox') input.checked = !!value;
    else {
      input.min = '0';
      if (max !== undefined) input.max = String(max);
      input.value = String(value);
      input.style.width = '4em';
    }
    l.appendChild(input);
    box.appendChild(l);
  };
  field('successes', tr('declare_successes'), 'number', suggestion.successes, 64);
  field('blacken', tr('blacken'), 'number', suggestion.blacken, st.white);
  field('adrenaline', tr('adrenaline'), 'checkbox', false);
  field('anciennete', tr('anciennete'), 'checkbox', false);
  return box;
}

/** What a chase form declares (cops_chase_declare's fields). */
export function chaseDeclaration(box) {
  const v = (n) => box.querySelector(`[name="${n}"]`);
  const d = { successes: Number(v('successes').value), blacken: Number(v('blacken').value) };
  if (v('adrenaline').checked) d.adrenaline = true;
  if (v('anciennete').checked) d.anciennete = true;
  return d;
}

/** The exact odds of participant id's round as declared in d, against its opponent
 * declaring as the default policy would: { other, otherSuccesses, odds }. */
export function chaseOdds(chase, id, d) {
  const other = opponent(chase, id);
  if (other < 0) return null;
  const theirs = chase.suggest(other).successes;
  return { other, otherSuccesses: theirs,
    odds: chase.odds(id, d.successes, other, theirs, { anciennete: !!d.anciennete }) };
}

/** Those odds as lines of text. */
export function chaseOddsText(chase, id, o, { tr, pct, num }) {
  const L = tr('chase_lines');
  return [tr('chase_odds', { name: chase.boardState(id).name, other: chase.boardState(o.other).name,
    n: o.otherSuccesses }),
  `${pct(o.odds.success)} ${L.success}, ${pct(o.odds.both)} ${L.both}`,
  `${pct(o.odds.only_mine)} ${L.only_mine}, ${pct(o.odds.only_other)} ${L.only_other}, ${pct(o.odds.neither)} ${L.neither}`,
  `${num(o.odds.loss)} ${L.loss}, ${num(o.odds.other_loss)} ${L.other_loss}`,
  `${pct(o.odds.crash)} ${L.crash}`].join('\n');
}

/**
 * The black dice of each chase roll of a log: seq -> how many of the roll's first wave were
 * black (its last ones, C7.2 as the library rolls them), from each participant's black dice
 * at the start (start: id -> black) and the chase_dice events before the roll.
 */
export function blackDice(events, start) {
  const black = new Map(start);
  const out = new Map();
  for (const ev of events) {
    if (ev.type === 'chase_dice' && Number.isInteger(ev.target_id)) black.set(ev.target_id, ev.black);
    if (ev.type === 'roll' && ev.purpose === 'chase' && ev.dice)
      out.set(ev.seq, Math.min(black.get(ev.actor_id) ?? 0, ev.pool));
  }
  return out;
}
