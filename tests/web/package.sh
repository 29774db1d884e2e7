#!/bin/sh
# The npm package installed as a user installs it (docs/javascript.md): the tarball of
# scripts/npm.sh into an empty project with `npm install` (offline: it needs nothing else),
# then tests/web/package.mjs run there, importing 'libcops'.
# Usage: sh tests/web/package.sh TARBALL SOURCE_ROOT NATIVE_COPS
set -eu
tarball=$1 root=$2 cli=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
printf '{ "name": "a-table", "version": "1.0.0", "private": true, "type": "module" }\n' >package.json
npm install --offline --no-audit --no-fund --silent "$tarball" >npm.log 2>&1 ||
  { cat npm.log; echo "package: 0 passed, 1 failed (npm install)"; exit 1; }
cp "$root/tests/web/package.mjs" .
node package.mjs "$root" "$cli"
