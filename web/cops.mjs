// libcops for browsers and bundlers (docs/javascript.md): the WebAssembly module loaded
// from beside this file, found by bundlers through new URL(..., import.meta.url) (webpack
// and vite copy libcops.wasm with the bundle), or given. No Node.js module is imported
// here, so a bundle for the web never meets one: Node.js takes cops-node.mjs (the
// package's "node" export).
//
//   import { load } from 'libcops';
//   const cops = await load();
//   using ctx = cops.context({ seed: 2030 });
//   console.log(ctx.roll('4+/3 (2)'));
import createLibcops from './libcops.mjs';
import { create } from './cops-core.mjs';

export * from './cops-core.mjs';

/**
 * Load libcops.wasm: options.wasmBinary (its bytes), options.wasmUrl (where to fetch it),
 * or the file beside this module.
 */
export async function load(options = {}) {
  const settings = { print: () => {}, printErr: () => {} };
  if (options.wasmBinary) {
    settings.wasmBinary = options.wasmBinary;
  } else {
    const url = options.wasmUrl ?? new URL('./libcops.wasm', import.meta.url).href;
    settings.locateFile = () => String(url);
  }
  return create(await createLibcops(settings));
}
