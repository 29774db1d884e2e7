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

# Against 0.6.0 (99fd24d), on the same fights: its library built once beside this one
# (release, LTO, in build/v060), bench/v060.c built against each, run alternately five times;
# the medians' ratio, this / 0.6.0 (docs/performance.md; aim >= 1.0).
if [ ! -f build/v060/lib/libcops.so.0.6.0 ] || [ ! -x build/v060/examples/cops ]; then
  rm -rf build/v060-src build/v060
  mkdir -p build/v060-src
  git archive 99fd24d | tar xf - -C build/v060-src
  (meson setup build/v060 build/v060-src --buildtype=release -Db_lto=true -Dtests=false \
     -Dexamples=true -Dbench=false -Dlua=disabled -Dbindings_tests=disabled >build/v060.log 2>&1 &&
   meson compile -C build/v060 >>build/v060.log 2>&1) || { tail -n 20 build/v060.log; exit 1; }
fi
cc -O2 -o build/v060-now bench/v060.c -Iinclude -Ibuild/release/include \
  build/release/lib/libcops.so.0 -Wl,-rpath,"$(pwd)/build/release/lib"
cc -O2 -o build/v060-old bench/v060.c -Ibuild/v060-src/include -Ibuild/v060/include \
  build/v060/lib/libcops.so.0 -Wl,-rpath,"$(pwd)/build/v060/lib"
for _ in 1 2 3 4 5; do   # each version reads its own examples (0.6.0's sheets have fewer fields)
  build/v060-old build/v060-src/examples/scenarios/street-shootout.json 1 | sed 's/^/old /'
  build/v060-now examples/scenarios/street-shootout.json 1 | sed 's/^/now /'
done >build/v060.txt
median() { grep "^$1 $2 " build/v060.txt | awk '{ print $4 }' | sort -n | sed -n 3p; }
awk -v o2="$(median old 2v2)" -v n2="$(median now 2v2)" -v os="$(median old street)" \
    -v ns="$(median now street)" 'BEGIN {
  printf "0.6.0 against now, rounds per second (medians of 5, alternating): 2 v 2 %.0f / %.0f, street shootout %.0f / %.0f\n", o2, n2, os, ns
  printf "  2 v 2 now / 0.6.0               %.2f   (>= 1.00)\n", n2 / o2
  printf "  street shootout now / 0.6.0     %.2f   (>= 1.00)\n", ns / os }'

# And as the simulator runs them: each version's `cops sim` on its own street shootout,
# one thread, alternately five times (0.6.0 draws one stream for the whole study, this
# version seeds each fight from the study's seed and its index: the same work, splittable).
n060=$((100000 * secs))
for _ in 1 2 3 4 5; do
  for v in old now; do
    if [ $v = old ]; then
      set -- build/v060/examples/cops sim build/v060-src/examples/scenarios/street-shootout.json
    else
      set -- build/release/examples/cops sim examples/scenarios/street-shootout.json --jobs 1
    fi
    t0=$(date +%s.%N)
    "$@" -n "$n060" --seed 1 >/dev/null 2>&1
    t1=$(date +%s.%N)
    awk -v v=$v -v a="$t0" -v b="$t1" -v n="$n060" 'BEGIN { printf "%s %.0f\n", v, n / (b - a) }'
  done
done >build/v060-sim.txt
simmed() { grep "^$1 " build/v060-sim.txt | awk '{ print $2 }' | sort -n | sed -n 3p; }
awk -v o="$(simmed old)" -v n="$(simmed now)" -v f="$n060" 'BEGIN {
  printf "0.6.0 against now, cops sim street shootout, %d fights, one thread (medians of 5): %.0f / %.0f fights/s\n", f, o, n
  printf "  cops sim now / 0.6.0            %.2f   (>= 1.00)\n", n / o }'

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
