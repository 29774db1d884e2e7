#!/bin/sh
# Build libcops for WebAssembly (docs/web.md): libsodium and jansson from their Debian
# sources, then libcops with meson's cross build for emscripten, into BUILD/web: the
# module libcops.mjs + libcops.wasm, the JavaScript API cops.mjs, the tabletop page and
# the example files it offers. The dependencies are built once and kept under
# $COPS_WASM_CACHE (default ~/.cache/libcops-wasm), one folder per version of each.
# Needs emscripten, autoconf, automake, libtool, cmake, dpkg-dev and a deb-src entry
# (sh scripts/deps.sh web installs them); scripts/wasm-deps.sh builds the dependencies.
# Usage: sh scripts/wasm.sh [BUILD]   (BUILD defaults to build/wasm; COPS_WASM_BENCH=true
# adds the benchmark, BUILD/bench/bench.js, for scripts/bench.sh)
#        sh scripts/wasm.sh --deps    (the dependencies only, into the cache: what
# scripts/test.sh starts early, so that its WebAssembly stage finds them made)
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
deps_only=false
if [ "${1:-}" = "--deps" ]; then
  deps_only=true
  shift
fi
build=${1:-build/wasm}
# Debian's emscripten runs its optimiser under Node.js with node-acorn, which a Node.js
# from elsewhere finds only through NODE_PATH; configure's test programs load their
# .wasm from a file, which Node's fetch cannot: it is turned off for them.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
export NODE_OPTIONS="--no-experimental-fetch"
emver=$(emcc --version | sed -n '1s/.* \([0-9][0-9.]*\).*/\1/p')
srcver() { apt-cache showsrc "$1" 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -n 1; }
sodium_ver=$(srcver libsodium)
jansson_ver=$(srcver jansson)
[ -n "$sodium_ver" ] && [ -n "$jansson_ver" ] || {
  echo "wasm.sh: no Debian source for libsodium or jansson (a deb-src entry is needed: sh scripts/deps.sh web)" >&2
  exit 1
}
cache=${COPS_WASM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/libcops-wasm}
prefix=$cache/emscripten-$emver-libsodium-$sodium_ver-jansson-$jansson_ver
if [ ! -f "$prefix/done" ]; then
  echo "wasm.sh: building libsodium $sodium_ver and jansson $jansson_ver for WebAssembly into $prefix"
  rm -rf "$prefix"
  mkdir -p "$prefix"
  log=$prefix/build.log
  sh scripts/wasm-deps.sh "$prefix" "$sodium_ver" "$jansson_ver" >"$log" 2>&1 ||
    { tail -n 30 "$log"; echo "wasm.sh: the dependencies failed (log: $log)" >&2; exit 1; }
  touch "$prefix/done"
fi
if $deps_only; then
  echo "wasm.sh: libsodium $sodium_ver and jansson $jansson_ver for WebAssembly in $prefix"
  exit 0
fi
deps="[properties]
pkg_config_libdir = '$prefix/lib/pkgconfig'
# web/emscripten.ini $(cksum <web/emscripten.ini)"
# A cross file is read when the build is set up: new dependencies or a changed
# web/emscripten.ini, a new build.
if [ -f "$build/deps.ini" ] && [ "$(cat "$build/deps.ini")" != "$deps" ]; then
  rm -rf "$build"
fi
mkdir -p "$build"
printf '%s\n' "$deps" >"$build/deps.ini"
opts="-Dbuildtype=release -Db_lto=${COPS_WASM_LTO:-true} -Ddefault_library=static -Dtests=false -Dexamples=false -Dbench=${COPS_WASM_BENCH:-false}
  -Dlua=disabled -Dpython=disabled -Dbindings_tests=disabled -Dman=disabled -Ddocs=disabled"
if [ -f "$build/build.ninja" ]; then
  # shellcheck disable=SC2086
  meson configure "$build" $opts >"$build.log" 2>&1
else
  # shellcheck disable=SC2086
  meson setup "$build" --cross-file web/emscripten.ini --cross-file "$build/deps.ini" $opts \
    >"$build.log" 2>&1
fi || { tail -n 30 "$build.log"; exit 1; }
meson compile -C "$build" >"$build/compile.log" 2>&1 || { tail -n 40 "$build/compile.log"; exit 1; }
# The example files the page offers, and their list.
web=$build/web
rm -rf "$web/examples"
mkdir -p "$web/examples"
for d in scenarios sheets weapons armour; do cp -r "examples/$d" "$web/examples/"; done
(cd "$web" && find examples -name '*.json' | sort | sed 's/.*/"&"/' | paste -sd, - |
  sed 's/^/[/; s/$/]/') >"$web/examples/index.json"
case $web in /*) where=$web ;; *) where=$root/$web ;; esac
echo "wasm.sh: $where/libcops.wasm ($(wc -c <"$web/libcops.wasm") bytes, $(gzip -9c "$web/libcops.wasm" | wc -c) gzipped)"
