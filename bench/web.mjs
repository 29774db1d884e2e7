// The benchmark as WebAssembly (docs/performance.md, docs/web.md): the same program,
// bench/bench.c, native, under Node.js and in headless Chromium, one after the other in
// one run, and each figure's ratio to native; then the JavaScript API's own figures
// (bench/js.mjs) under both, each beside the native figure of the same work.
// Usage: node bench/web.mjs NATIVE_BENCH WASM_BENCH_DIR SECONDS
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { open, serve } from '../tests/web/cdp.mjs';
import { run as runJs } from './js.mjs';

const [native, wasmDir, seconds] = process.argv.slice(2);
const args = ['--seconds', seconds];

/** The figures of a bench output: { 'seeded pool, full trace': [rate, unit] ... }. */
function figures(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    const m = /^  (\S.*?)\s{2,}(\d+) ([a-z0-9]+\/s)/.exec(line);
    if (m) out.set(m[1], [Number(m[2]), m[3]]);
  }
  return out;
}

const runs = [];
runs.push(['native', figures(execFileSync(native, args, { encoding: 'utf8' }))]);
runs.push([`Node ${process.version}`, figures(execFileSync(process.execPath,
  ['--no-experimental-fetch', `${wasmDir}/bench.js`, ...args], { encoding: 'utf8' }))]);

const page = `<!DOCTYPE html><meta charset="utf-8"><title>libcops bench</title><script>
var benchOut = []; var Module = { arguments: ${JSON.stringify(args)},
  print: function (l) { benchOut.push(l); }, printErr: function (l) { benchOut.push(l); },
  onExit: function (code) { window.benchDone = code; } };
</script><script src="bench.js"></script>`;
// The build's folder: bench/ (bench.js) and web/ (the package's modules) side by side.
const buildDir = dirname(wasmDir);
const jsPage = `<!DOCTYPE html><meta charset="utf-8"><title>libcops JavaScript bench</title>
<script type="module">
import { load } from './web/cops.mjs';
import { run } from './js-bench.mjs';
try {
  window.jsDone = JSON.stringify(run(await load(), ${Number(seconds)}));
} catch (e) {
  window.jsDone = JSON.stringify({ error: String(e && e.stack || e) });
}
</script>`;
const server = await serve(buildDir, {
  '/bench/bench.html': page, '/js-bench.html': jsPage,
  '/js-bench.mjs': readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'js.mjs')),
});
const browser = await open(`${server.url}bench/bench.html`);
try {
  const { product } = await browser.version();
  let done = null;
  for (let i = 0; i < 6000 && done === null; i++) {
    done = await browser.evaluate("typeof window.benchDone === 'number' ? window.benchDone : null");
    if (done === null) await new Promise((r) => setTimeout(r, 100));
  }
  if (done !== 0) throw new Error(`the benchmark in ${product} ended with ${done}`);
  runs.push([`${product.replace('HeadlessChrome', 'Chromium')} (headless)`,
    figures(await browser.evaluate("benchOut.join('\\n')"))]);
} finally {
  await browser.close();
}
// The JavaScript API under Node.js, then in Chromium from the page above.
const { load } = await import(pathToFileURL(resolve(buildDir, 'web', 'cops-node.mjs')).href);
const jsRuns = [[`Node ${process.version}`, runJs(await load(), Number(seconds))]];
const jsBrowser = await open(`${server.url}js-bench.html`);
try {
  const { product } = await jsBrowser.version();
  let done = null;
  for (let i = 0; i < 6000 && done === null; i++) {
    done = await jsBrowser.evaluate("typeof window.jsDone === 'string' ? window.jsDone : null");
    if (done === null) await new Promise((r) => setTimeout(r, 100));
  }
  if (done === null) throw new Error(`the JavaScript bench did not end in ${product}`);
  const rows = JSON.parse(done);
  if (rows.error) throw new Error(`the JavaScript bench in ${product}: ${rows.error}`);
  jsRuns.push([`${product.replace('HeadlessChrome', 'Chromium')} (headless)`, rows]);
} finally {
  await jsBrowser.close();
  server.close();
}

console.log(`WebAssembly against native, the same bench/bench.c (${seconds} s a figure): ` +
  runs.slice(1).map(([name]) => name).join(', '));
const head = ['figure', 'native', ...runs.slice(1).flatMap(([name]) => [name.split(/[ /]/)[0], 'ratio'])];
console.log('  ' + head[0].padEnd(58) + head.slice(1).map((h) => h.padStart(12)).join(''));
for (const [figure, [rate, unit]] of runs[0][1]) {
  const cells = [String(rate)];
  for (const [, f] of runs.slice(1)) {
    const w = f.get(figure);
    cells.push(w ? String(w[0]) : '-', w ? (w[0] / rate).toFixed(2) : '-');
  }
  console.log('  ' + `${figure} (${unit})`.padEnd(58) + cells.map((c) => c.padStart(12)).join(''));
}

console.log(`The JavaScript API (bench/js.mjs, ${seconds} s a figure) against native, the same work: ` +
  jsRuns.map(([name]) => name).join(', '));
console.log('  ' + 'figure'.padEnd(58) + ['native', ...jsRuns.flatMap(([name]) => [name.split(/[ /]/)[0], 'ratio'])]
  .map((h) => h.padStart(12)).join(''));
for (const [name, , unit, nativeFigure] of jsRuns[0][1]) {
  const base = runs[0][1].get(nativeFigure);
  const cells = [base ? String(base[0]) : '-'];
  for (const [, rows] of jsRuns) {
    const row = rows.find((r) => r[0] === name);
    cells.push(row ? String(Math.round(row[1])) : '-', row && base ? (row[1] / base[0]).toFixed(2) : '-');
  }
  console.log('  ' + `${name} (${unit})`.padEnd(58) + cells.map((c) => c.padStart(12)).join(''));
  console.log('  ' + `  native: ${nativeFigure}`);
}
