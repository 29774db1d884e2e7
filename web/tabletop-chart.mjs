// Small bar charts the page writes itself as SVG (docs/web.md): a law of probabilities, one
// bar per value, beside the odds of the attack being planned. No plotting library: the
// browser draws the SVG. The colours are Okabe and Ito's (colour-blind readers tell them
// apart); each bar says its value to a pointer and to a screen reader.
const NS = 'http://www.w3.org/2000/svg';

function el(doc, name, attrs = {}, text = null) {
  const e = doc.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = text;
  return e;
}

/**
 * An SVG bar chart of a law: values[k] the probability of k (drawn from first, the values
 * before it left out). title: what it shows; label(k): the axis word of k; pct(p): a
 * probability in the page's language.
 */
export function lawChart(doc, { title, values, first = 0, label = String, pct, colour = '#0072B2',
  width = 240, height = 110 }) {
  const shown = values.slice(first);
  let last = shown.length - 1;
  while (last > 0 && shown[last] < 5e-4) last--;   // the tail too small to see
  const bars = shown.slice(0, last + 1);
  const left = 8, right = 8, top = 18, bottom = 18;
  const top_p = Math.max(...bars, 1e-12);
  const w = (width - left - right) / Math.max(bars.length, 1);
  const svg = el(doc, 'svg', { class: 'law', viewBox: `0 0 ${width} ${height}`, width, height,
    role: 'img', 'aria-label': `${title}: ${bars.map((p, k) => `${label(k + first)} ${pct(p)}`).join(', ')}` });
  svg.append(el(doc, 'title', {}, title));
  svg.append(el(doc, 'text', { x: left, y: 12, class: 'law-title' }, title));
  const base = height - bottom;
  bars.forEach((p, k) => {
    const h = (base - top) * (p / top_p);
    const bar = el(doc, 'rect', { x: left + k * w + w * 0.1, y: base - h, width: Math.max(w * 0.8, 0.5),
      height: h, fill: colour, 'data-value': p });
    bar.append(el(doc, 'title', {}, `${label(k + first)}: ${pct(p)}`));
    svg.append(bar);
  });
  svg.append(el(doc, 'line', { x1: left, y1: base, x2: width - right, y2: base, stroke: '#475569' }));
  const ticks = bars.length <= 6 ? bars.map((_, k) => k) : [0, Math.floor((bars.length - 1) / 2), bars.length - 1];
  for (const k of ticks)
    svg.append(el(doc, 'text', { x: left + k * w + w / 2, y: height - 4, 'text-anchor': 'middle',
      class: 'law-tick' }, label(k + first)));
  return svg;
}
