#!/bin/sh
# Benchmarks (docs/performance.md): a release build, the peer on Node.js, and
# the figures with their ratios, all in one run.
# Usage: sh scripts/bench.sh [seconds per figure]   (default 2)
set -eu
cd "$(dirname "$0")/.."
sh scripts/deps.sh build
secs=${1:-2}
if [ -f build/release/build.ninja ]; then
  meson configure build/release -Dtests=false --buildtype=release -Db_lto=true >/dev/null
else
  meson setup build/release -Dtests=false --buildtype=release -Db_lto=true >/dev/null
fi
meson compile -C build/release >build/release.log 2>&1 || { cat build/release.log; exit 1; }

# The peer: installed with npm into a scratch folder, never vendored.
peer_args=""
peer_dir=build/peer
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null 2>&1 || true
  fi
fi
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  mkdir -p "$peer_dir"
  if [ ! -d "$peer_dir/node_modules/@dice-roller/rpg-dice-roller" ]; then
    (cd "$peer_dir" && npm init -y >/dev/null 2>&1 &&
     npm install --no-audit --no-fund --silent @dice-roller/rpg-dice-roller >/dev/null 2>&1) ||
      echo "peer: npm install failed; the peer is left out"
  fi
  if [ -d "$peer_dir/node_modules/@dice-roller/rpg-dice-roller" ]; then
    cp bench/peer.js "$peer_dir/peer.js"
    version=$(node -p "require('./$peer_dir/node_modules/@dice-roller/rpg-dice-roller/package.json').version")
    if out=$(cd "$peer_dir" && node peer.js "$secs"); then
      set -- $out
      echo "peer: @dice-roller/rpg-dice-roller $version on Node $(node --version): $1 rolls/s, mean $2 successes over $3 rolls"
      peer_args="--peer $1"
    fi
  fi
else
  echo "peer: no Node.js/npm; the peer is left out"
fi
build/release/bench/bench --seconds "$secs" $peer_args

# The simulator's threads (cops sim --jobs): the same fights on 1 and on every core, the
# same summary; the ratio of their rates (the best of three runs each) is the scaling.
cores=$(nproc 2>/dev/null || echo 1)
fights=$((50000 * secs))
rate() { # rate JOBS: fights per second of cops sim on the street shootout, best of three
  best=0
  for _ in 1 2 3; do
    t0=$(date +%s.%N)
    build/release/examples/cops sim examples/scenarios/street-shootout.json -n "$fights" \
      --seed 1 --jobs "$1" --json | cksum > "build/sim-jobs-$1.sum"
    t1=$(date +%s.%N)
    best=$(awk -v n="$fights" -v a="$t0" -v b="$t1" -v m="$best" \
           'BEGIN { r = n / (b - a); if (m + 0 > r) r = m; printf "%.0f", r }')
  done
  echo "$best"
}
one=$(rate 1)
all=$(rate "$cores")
same=no
cmp -s build/sim-jobs-1.sum "build/sim-jobs-$cores.sum" && same=yes
echo "cops sim, street shootout, $fights fights: $one fights/s on 1 thread, $all on $cores" \
  "(the same summary: $same)"
awk -v a="$one" -v b="$all" -v c="$cores" \
  'BEGIN { printf "  sim --jobs %d / --jobs 1          %.2f   (>= %.2f: near-linear)\n", c, b / a, 0.8 * c }'

# The same study on Dask's distributed scheduler (cops.distributed, docs/simulation.md):
# 1 and 2 local worker processes against cops sim --jobs 1, with Debian's python3.
if [ -x /usr/bin/python3 ]; then
  LIBCOPS_PATH=$(pwd)/build/release/lib/libcops.so /usr/bin/python3 bench/sim-dask.py \
    build/release/examples/cops $((400000 * secs))
fi

# The same benchmark as WebAssembly under Node.js and in headless Chromium (docs/web.md),
# when emscripten, Node.js and Chromium are here (sh scripts/deps.sh web).
if command -v emcc >/dev/null 2>&1 && command -v node >/dev/null 2>&1 && [ -x /usr/bin/chromium ]; then
  COPS_WASM_BENCH=true sh scripts/wasm.sh build/wasm
  node bench/web.mjs build/release/bench/bench build/wasm/bench "$secs"
else
  echo "WebAssembly: not measured (no emscripten, Node.js or Chromium; sh scripts/deps.sh web)"
fi
