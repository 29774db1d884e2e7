#!/bin/sh
# Line and branch coverage of lib/ by the unit suites (gcc --coverage, gcovr).
# Usage: sh scripts/coverage.sh   (prints the summary; build/coverage/index.html has the detail)
set -eu
cd "$(dirname "$0")/.."
sh scripts/deps.sh coverage
dir=build/coverage
if [ -f "$dir/build.ninja" ]; then
  meson configure "$dir" -Db_coverage=true -Dbindings_tests=disabled >/dev/null
else
  CC=gcc meson setup "$dir" -Db_coverage=true -Dbindings_tests=disabled -Dbench=false >/dev/null
fi
meson compile -C "$dir" >"$dir.log" 2>&1 || { cat "$dir.log"; exit 1; }
find "$dir" -name '*.gcda' -delete
meson test -C "$dir" --suite unit --suite cli --no-suite threads >"$dir-test.log" 2>&1 || { tail -n 20 "$dir-test.log"; exit 1; }
gcovr --root . --filter 'lib/' --object-directory "$dir" --print-summary \
  --html-details -o "$dir/index.html" "$dir" | tail -n 3
