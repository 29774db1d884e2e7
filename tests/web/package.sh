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
cp "$root/tests/web/package.mjs" "$root/tests/web/systems.mjs" "$root/tests/web/calls.mjs" \
  "$root/tests/web/harness.mjs" .
# The types, as a TypeScript program that installed the package sees them: the example of
# tests/web/types.mts, and a switch over every event type of the schema whose default is
# `never` (accepted), then the same with one case left out (refused).
cp "$root/tests/web/types.mts" .
node -e '
  const fs = require("fs");
  const types = Object.keys(JSON.parse(fs.readFileSync(process.argv[1], "utf8")).$defs);
  const sw = (ts) => `import type { Event } from "libcops";\nexport function kind(e: Event): string {\n` +
    `  switch (e.type) {\n${ts.map((t) => `    case "${t}": return e.type;`).join("\n")}\n` +
    `    default: { const none: never = e; return none; }\n  }\n}\n`;
  fs.writeFileSync("every-event.mts", sw(types));
  fs.writeFileSync("one-missing.mts", sw(types.slice(1)));' "$root/schemas/event.schema.json"
tsc_strict() { tsc --strict --noEmit --module node16 --moduleResolution node16 --target es2022 "$@"; }
tpass=0 tfail=0
if tsc_strict types.mts every-event.mts; then tpass=$((tpass + 1)); else tfail=$((tfail + 1)); fi
if tsc_strict one-missing.mts >/dev/null 2>&1; then
  echo "FAIL: types: a switch missing an event type passes"; tfail=$((tfail + 1))
else tpass=$((tpass + 1)); fi
echo "types: $tpass passed, $tfail failed"
status=0
node package.mjs "$root" "$cli" || status=1
node systems.mjs "$root" "$cli" || status=1
node calls.mjs "$root" "$cli" || status=1
[ "$tfail" -eq 0 ] || status=1
# The Node.js chat bot (examples/js/bot.mjs) run as a user's bot, importing the installed
# package, against the Python one (examples/python/bot.py, the library of $COPS_PYTHON_LIB):
# the same chat and seed, the same answers, in French and in English.
cp "$root/examples/js/bot.mjs" .
if [ -n "${COPS_PYTHON_LIB:-}" ]; then
  bpass=0 bfail=0
  for lang in fr en; do
    (cd "$root" && COPS_SEED=7 COPS_LANG=$lang node "$work/bot.mjs" <tests/web/chat.txt) >"bot-js-$lang.out" 2>&1
    (cd "$root" && COPS_SEED=7 COPS_LANG=$lang PYTHONPATH="$root/bindings/python" LIBCOPS_PATH="$COPS_PYTHON_LIB" \
      /usr/bin/python3 -B examples/python/bot.py <tests/web/chat.txt) >"bot-py-$lang.out" 2>&1
    if [ -s "bot-js-$lang.out" ] && cmp -s "bot-js-$lang.out" "bot-py-$lang.out"; then
      bpass=$((bpass + 1))
    else
      echo "FAIL: bot ($lang): the Node.js bot's answers differ from the Python bot's"
      diff "bot-py-$lang.out" "bot-js-$lang.out" | head -n 20
      bfail=$((bfail + 1)); status=1
    fi
  done
  echo "bot: $bpass passed, $bfail failed"
fi
exit $status
