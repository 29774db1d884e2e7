// The page a bundler builds in tests/web/bundlers.sh: the package imported as a web
// application imports it (libcops, and libcops/single), the example files put in its memory
// file system, a roll and the street shootout run with seed 2030; the result in
// window.result for tests/web/bundlers.mjs to compare with the cops command.
import { load } from 'libcops';
import { load as loadSingle } from 'libcops/single';
import { files } from './files.js';

async function main() {
  const result = {};
  for (const [name, loader] of [['default', load], ['single', loadSingle]]) {
    const cops = await loader();
    for (const [path, text] of Object.entries(files)) cops.writeFile(path, text);
    const dice = cops.context({ seed: 2030 });
    const roll = JSON.stringify(dice.roll('4+/3 (2)'));
    dice.dispose();
    const ctx = cops.context();
    const sc = ctx.scenarioFile('/examples/scenarios/street-shootout.json');
    sc.encounter.seed(2030);
    sc.encounter.run();
    result[name] = { roll, jsonl: sc.encounter.jsonl() };
    sc.dispose();
    ctx.dispose();
  }
  window.result = result;
  document.body.dataset.state = 'done';
}
main().catch((e) => {
  window.result = { error: String(e.stack ?? e) };
  document.body.dataset.state = 'failed';
});
