#!/bin/sh
# The npm package (docs/javascript.md): the WebAssembly build (scripts/wasm.sh, into
# $COPS_WASM_BUILD, default build/wasm) put together as a package, then `npm pack`:
# BUILD/libcops-VERSION.tgz, which `npm install ./libcops-VERSION.tgz` installs.
# The version is meson.build's. Usage: sh scripts/npm.sh [BUILD]   (default build/npm)
set -eu
cd "$(dirname "$0")/.."
build=${1:-build/npm}
wasm=${COPS_WASM_BUILD:-build/wasm}
sh scripts/wasm.sh "$wasm" >/dev/null
version=$(sed -n "s/^  version: '\([0-9.]*\)',$/\1/p" meson.build | head -n 1)
[ -n "$version" ] || { echo "npm.sh: no version in meson.build" >&2; exit 1; }
pkg=$build/package
rm -rf "$pkg"
mkdir -p "$pkg"
for f in cops.d.mts events.d.mts libcops.mjs libcops.wasm libcops-node.cjs libcops-single.mjs; do
  cp "$wasm/web/$f" "$pkg/"
done
# The API's modules, one an area (docs/javascript.md), as web/meson.build copies them.
cp "$wasm"/web/cops*.mjs "$pkg/"
cp LICENSE "$pkg/"
cp web/README.npm.md "$pkg/README.md"
sed "s/@VERSION@/$version/" web/package.json.in >"$pkg/package.json"
rm -f "$build/libcops-$version.tgz"
(cd "$build" && npm pack ./package --silent >/dev/null)
[ -f "$build/libcops-$version.tgz" ] || { echo "npm.sh: npm pack made no tarball" >&2; exit 1; }
case $build in /*) where=$build ;; *) where=$(pwd)/$build ;; esac
echo "npm.sh: $(wc -c <"$build/libcops-$version.tgz") bytes in $where/libcops-$version.tgz"
