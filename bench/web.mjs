// The benchmark as WebAssembly (docs/performance.md, docs/web.md): the same program,
// bench/bench.c, native, under Node.js and in headless Chromium, one after the other in
// one run, and each figure's ratio to native.
// Usage: node bench/web.mjs NATIVE_BENCH WASM_BENCH_DIR SECONDS
import { execFileSync } from 'node:child_process';
import { open, serve } from '../tests/web/cdp.mjs';

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
const server = await serve(wasmDir, { '/bench.html': page });
const browser = await open(`${server.url}bench.html`);
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
