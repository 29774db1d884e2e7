// What the JavaScript test programs share (tests/web/node.mjs, package.mjs, systems.mjs):
// named tests that report their failure and go on, and the line scripts/test.sh counts.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';

export function harness(stage) {
  let passed = 0;
  const failures = [];
  return {
    test(name, fn) {
      try {
        fn();
        passed++;
      } catch (e) {
        failures.push(name);
        console.log(`FAIL: ${name}\n  ${String(e.stack ?? e).split('\n').slice(0, 4).join('\n  ')}`);
      }
    },
    /** Print `STAGE: N passed, M failed` and set the exit code. */
    report() {
      console.log(`${stage}: ${passed} passed, ${failures.length} failed`);
      process.exitCode = failures.length ? 1 : 0;
    },
  };
}

/** The cops command's standard output. */
export const command = (cli) => (...args) => execFileSync(cli, args, { encoding: 'utf8' });

/** Every example file (root/examples), in the module's memory file system at the same place
 * (/examples/...), where the files name each other. */
export function copyExamples(cops, root) {
  (function copy(dir) {
    for (const f of readdirSync(`${root}/${dir}`)) {
      const path = `${dir}/${f}`;
      if (statSync(`${root}/${path}`).isDirectory()) copy(path);
      else if (f.endsWith('.json')) cops.writeFile(`/${path}`, readFileSync(`${root}/${path}`, 'utf8'));
    }
  })('examples');
}
