// libcops in one file (docs/javascript.md): the WebAssembly module inlined, for bundlers
// and hosts that cannot carry a .wasm file beside the script (the package's
// "libcops/single" export). Larger to download than cops.mjs with its .wasm.
import createLibcops from './libcops-single.mjs';
import { create } from './cops-core.mjs';

export * from './cops-core.mjs';

/** Load the inlined libcops.wasm. */
export async function load() {
  return create(await createLibcops({ print: () => {}, printErr: () => {} }));
}
