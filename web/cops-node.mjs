// libcops for Node.js (docs/javascript.md): the WebAssembly module read from this
// package's folder (or given), the same API as cops.mjs.
//
//   import { load } from 'libcops';
//   const cops = await load();
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { create } from './cops-core.mjs';

export * from './cops-core.mjs';

/** Load libcops.wasm: options.wasmBinary (its bytes), or the file beside this module. */
export async function load(options = {}) {
  const require = createRequire(import.meta.url);
  const createLibcops = require('./libcops-node.cjs');
  const wasmBinary = options.wasmBinary ?? await readFile(new URL('libcops.wasm', import.meta.url));
  return create(await createLibcops({ print: () => {}, printErr: () => {}, wasmBinary }));
}
