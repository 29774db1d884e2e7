// Headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages ended by a NUL byte, ours on the browser's
// fd 3, its own on fd 4), so nothing is downloaded and no port is opened for it; and
// the small static server the page is served from (as `python3 -m http.server` would).
// Used by the browser test (browser.mjs) and the benchmark (bench/web.mjs).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize, extname } from 'node:path';

const TYPES = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript',
  '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm',
  '.png': 'image/png' };

/** Serve the files of dir on 127.0.0.1 (a free port), and extra ones given as
 * { '/name': text }; resolves to { url, close }. */
export async function serve(dir, extra = {}) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    try {
      const body = extra[path] ?? readFileSync(join(dir, path === '/' ? 'index.html' : path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** Start Chromium ($CHROMIUM, default /usr/bin/chromium) and open url in a tab. */
export async function open(url) {
  const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
  const profile = mkdtempSync(join(tmpdir(), 'cops-chromium-'));
  const browser = spawn(chromium, ['--headless', '--no-sandbox', '--disable-gpu',
    '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check',
    '--remote-debugging-pipe', `--user-data-dir=${profile}`, '--window-size=1280,1000',
    'about:blank'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  browser.stdio[2].on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  const exited = new Promise((r) => browser.once('exit', r));
  let nextId = 1;
  const pending = new Map();
  let buffer = '';
  browser.stdio[4].on('data', (chunk) => {
    buffer += chunk.toString();
    let end;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const msg = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      const p = pending.get(msg.id);
      if (!p) continue;
      pending.delete(msg.id);
      if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
      else p.resolve(msg.result);
    }
  });
  browser.once('exit', () => {
    for (const p of pending.values()) p.reject(new Error(`chromium exited: ${stderr.slice(-1000)}`));
  });
  function send(method, params = {}, sessionId = undefined) {
    const id = nextId++;
    browser.stdio[3].write(JSON.stringify({ id, method, params, sessionId }) + '\0');
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
  }
  const { targetId } = await send('Target.createTarget', { url });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  await send('Runtime.enable', {}, sessionId);
  return {
    /** Evaluate an expression in the page (promises awaited); its value. */
    async evaluate(expression) {
      const r = await send('Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true }, sessionId);
      if (r.exceptionDetails)
        throw new Error(`${expression.slice(0, 200)}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
      return r.result.value;
    },
    /** A click of the mouse's left button at (x, y) CSS pixels of the page, as a user's. */
    async click(x, y) {
      for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased'])
        await send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 }, sessionId);
    },
    /** The mouse moved to (x, y) CSS pixels of the page (hover). */
    move: (x, y) => send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y }, sessionId),
    /** A key pressed and released on the focused element (key: 'Enter', 'Tab' ...). */
    async key(key, code = key, keyCode = { Enter: 13, Tab: 9, ' ': 32 }[key] ?? 0) {
      const text = key === 'Enter' ? '\r' : key === ' ' ? ' ' : undefined;
      await send('Input.dispatchKeyEvent', { type: 'keyDown', key, code, windowsVirtualKeyCode: keyCode, text }, sessionId);
      await send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode }, sessionId);
    },
    /** The page laid out at width x height CSS pixels (mobile: a phone's viewport). */
    viewport: (width, height, mobile = false) => send('Emulation.setDeviceMetricsOverride',
      { width, height, deviceScaleFactor: 1, mobile }, sessionId),
    /** A PNG of the page as shown. */
    async screenshot() {
      const shot = await send('Page.captureScreenshot', { format: 'png' }, sessionId);
      return Buffer.from(shot.data, 'base64');
    },
    version: () => send('Browser.getVersion'),
    stderr: () => stderr,
    async close() {
      await Promise.race([send('Browser.close').catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
      // Chromium and its helpers are their own process group (detached): all of them go.
      try {
        process.kill(-browser.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
      for (let i = 0; ; i++) {
        try {
          rmSync(profile, { recursive: true, force: true });
          break;
        } catch (e) {
          if (i === 30) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
  };
}
