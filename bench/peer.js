// The peer of the benchmark: @dice-roller/rpg-dice-roller rolling the same
// pool as libcops, 3d10!=10>=5 (explode on 10, count successes at 5+).
// Usage: node peer.js SECONDS. Prints the best rate of several rounds.
'use strict';
const { DiceRoll } = require('@dice-roller/rpg-dice-roller');

const seconds = Number(process.argv[2] || 2);
const rounds = 5;
let best = 0, rolls = 0, successes = 0;
for (let r = 0; r < rounds; r++) {
  const t0 = process.hrtime.bigint();
  let n = 0;
  for (;;) {
    const roll = new DiceRoll('3d10!=10>=5');
    successes += roll.total;
    n++;
    if ((n & 255) === 0 && Number(process.hrtime.bigint() - t0) / 1e9 >= seconds / rounds) break;
  }
  const rate = n / (Number(process.hrtime.bigint() - t0) / 1e9);
  if (rate > best) best = rate;
  rolls += n;
}
// Same pool, same rules: 3 x (11 - 5) / 9 = 2 successes on average.
const mean = successes / rolls;
if (Math.abs(mean - 2.0) > 0.05) {
  console.error(`peer: mean ${mean} successes, expected 2.0: not the same pool`);
  process.exit(1);
}
console.log(`${best.toFixed(0)} ${mean.toFixed(4)} ${rolls}`);
