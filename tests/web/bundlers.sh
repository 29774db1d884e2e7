#!/bin/sh
# The npm package in the two bundlers web applications use most (docs/javascript.md): a
# scratch project installs the tarball, vite and webpack from npm, bundles
# tests/web/bundle-page.js with each in its default configuration (no config file), and
# tests/web/bundlers.mjs opens both in headless Chromium.
# Usage: sh tests/web/bundlers.sh TARBALL SOURCE_ROOT NATIVE_COPS
set -eu
tarball=$1 root=$2 cli=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
printf '{ "name": "a-web-table", "version": "1.0.0", "private": true, "type": "module" }\n' >package.json
npm install --no-audit --no-fund --silent "$tarball" vite@8 webpack@5 webpack-cli@6 >npm.log 2>&1 ||
  { tail -n 20 npm.log; echo "bundlers: 0 passed, 2 failed (npm install)"; exit 1; }
mkdir src
cp "$root/tests/web/bundle-page.js" src/index.js
node -e '
  const fs = require("fs"), root = process.argv[1], files = {};
  for (const d of ["sheets", "weapons", "armour", "scenarios"])
    for (const f of fs.readdirSync(`${root}/examples/${d}`))
      if (f.endsWith(".json")) files[`/examples/${d}/${f}`] = fs.readFileSync(`${root}/examples/${d}/${f}`, "utf8");
  fs.writeFileSync("src/files.js", `export const files = ${JSON.stringify(files)};\n`);' "$root"
page='<!doctype html><html><head><meta charset="utf-8"><title>a web table</title></head><body><script type="module" src="%s"></script></body></html>\n'
# shellcheck disable=SC2059
printf "$page" /src/index.js >index.html
npx vite build --outDir dist-vite >vite.log 2>&1 || { tail -n 20 vite.log; echo "bundlers: 0 passed, 2 failed (vite)"; exit 1; }
npx webpack --mode production --output-path dist-webpack >webpack.log 2>&1 ||
  { tail -n 20 webpack.log; echo "bundlers: 0 passed, 2 failed (webpack)"; exit 1; }
# shellcheck disable=SC2059
printf "$page" main.js >dist-webpack/index.html
node "$root/tests/web/bundlers.mjs" "$work" "$cli" "$root"
