// The package bundled by vite and by webpack, each in its default configuration (built by
// tests/web/bundlers.sh), opened in headless Chromium: the page loads the WebAssembly the
// bundler carried (and the single-file entry), rolls and runs the street shootout; the
// bytes equal the cops command's.
// Usage: node tests/web/bundlers.mjs PROJECT_DIR NATIVE_COPS SOURCE_ROOT
import { execFileSync } from 'node:child_process';
import { strict as assert } from 'node:assert';
import { open, serve } from './cdp.mjs';

const [project, copsCli, root] = process.argv.slice(2);
const native = (...args) => execFileSync(copsCli, args, { encoding: 'utf8' });
const roll = native('roll', '--seed', '2030', '--json', '4+/3 (2)').trim();
const jsonl = native('fight', `${root}/examples/scenarios/street-shootout.json`, '--seed', '2030', '--json');
let passed = 0;
let failed = 0;
for (const bundler of ['vite', 'webpack']) {
  const server = await serve(`${project}/dist-${bundler}`);
  const browser = await open(`${server.url}index.html`);
  try {
    let state;
    for (let i = 0; i < 1200 && state !== 'done' && state !== 'failed'; i++) {
      state = await browser.evaluate('document.body?.dataset.state');
      if (state !== 'done' && state !== 'failed') await new Promise((r) => setTimeout(r, 50));
    }
    const result = await browser.evaluate('JSON.stringify(window.result ?? null)');
    const r = JSON.parse(result);
    assert.equal(state, 'done', `${bundler}: the page ${state ?? 'never ran'}: ${r?.error ?? ''}`);
    for (const entry of ['default', 'single']) {
      assert.equal(r[entry].roll, roll, `${bundler} ${entry}: the roll`);
      assert.equal(r[entry].jsonl, jsonl, `${bundler} ${entry}: the fight's JSON Lines`);
    }
    passed++;
  } catch (e) {
    failed++;
    console.log(`FAIL: ${bundler}\n  ${String(e.stack ?? e).split('\n').slice(0, 4).join('\n  ')}`);
  } finally {
    await browser.close();
    server.close();
  }
}
console.log(`bundlers: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
