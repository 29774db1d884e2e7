#!/bin/sh
# Two builds side by side (docs/performance.md, "Two builds side by side"): the library of a
# git revision and the working tree's, both release builds as scripts/bench.sh makes them,
# the same fights played in one process in turns (bench/ab.c).
# Usage: sh scripts/bench-ab.sh REVISION [PAIRS] [FIGHTS]   (Linux)
set -eu
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: sh scripts/bench-ab.sh REVISION [PAIRS] [FIGHTS]" >&2; exit 2; }
rev=$(git rev-parse --verify --quiet "$1^{commit}") || { echo "bench-ab: no revision $1" >&2; exit 2; }
sh scripts/deps.sh build
options="-Dtests=false --buildtype=release -Db_lto=true"
if [ -f build/release/build.ninja ]; then
  meson configure build/release $options >/dev/null
else
  meson setup build/release $options >/dev/null
fi
meson compile -C build/release >build/release.log 2>&1 || { cat build/release.log; exit 1; }
# The revision's sources in a worktree of their own, built once and kept under build/ab.
src=build/ab/src-$rev
if [ ! -d "$src" ]; then
  mkdir -p build/ab
  git worktree prune   # a worktree whose folder went with build/ is registered no more
  git worktree add --detach "$src" "$rev" >/dev/null
fi
if [ ! -f "$src/build/build.ninja" ]; then
  meson setup "$src/build" "$src" $options -Dbench=false >/dev/null
fi
meson compile -C "$src/build" >build/ab/build.log 2>&1 || { cat build/ab/build.log; exit 1; }
old=$(ls "$src"/build/lib/libcops.so.*.*.* | head -n 1)
new=$(ls build/release/lib/libcops.so.*.*.* | head -n 1)
echo "old: $(git log -1 --format='%h %s' "$rev" | cut -c1-72)"
echo "new: the working tree of $(git log -1 --format='%h' HEAD)$(git diff --quiet HEAD -- lib include || echo ', changed')"
build/release/bench/ab "$old" "$new" "${2:-60}" "${3:-3000}"
