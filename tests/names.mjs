// Every public name of the JavaScript package, one a line (tests/names.py reads them): the
// module's exports, and each exported class's methods and accessors as Class.name, the
// loaded library's (Cops) and its catalogue's included.
// Usage: node tests/names.mjs WEB_DIR
const [webDir] = process.argv.slice(2);
const mod = await import(`${webDir}/cops-core.mjs`);
const names = new Set();
for (const [name, value] of Object.entries(mod)) {
  names.add(name);
  if (typeof value !== 'function' || !/^[A-Z]/.test(name)) continue;
  for (let proto = value.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto))
    for (const key of Object.getOwnPropertyNames(proto))
      if (key !== 'constructor' && !key.startsWith('_')) names.add(`${name}.${key}`);
}
names.add('load');   // cops.mjs, cops-node.mjs and cops-single.mjs each add it
console.log([...names].sort().join('\n'));
