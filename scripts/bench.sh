#!/bin/sh
# Benchmarks: a release build, then the figures of docs/performance.md.
# Usage: sh scripts/bench.sh [seconds per figure]
set -eu
cd "$(dirname "$0")/.."
sh scripts/deps.sh build
if [ -f build/release/build.ninja ]; then
  meson setup --reconfigure build/release -Dtests=false --buildtype=release >/dev/null
else
  meson setup build/release -Dtests=false --buildtype=release >/dev/null
fi
meson compile -C build/release >build/release.log 2>&1 || { cat build/release.log; exit 1; }
build/release/bench/bench "${1:-1}"
