#!/bin/sh
# The docs' pictures of the tabletop (docs/web.md) from the screenshots the browser test
# (tests/web/browser.mjs) leaves in the WebAssembly build: the page as it is.
# Usage: sh scripts/web-images.sh [WASM_BUILD]   (after sh tests/web/run.sh NATIVE WASM_BUILD)
set -eu
cd "$(dirname "$0")/.."
build=${1:-build/wasm}
for name in web-tabletop web-tabletop-phone web-tabletop-chase; do
  if [ ! -s "$build/$name.png" ]; then
    echo "web-images.sh: no $build/$name.png: run the web tests first (tests/web/run.sh)" >&2
    exit 1
  fi
  cp "$build/$name.png" "docs/images/$name.png"
  echo "docs/images/$name.png"
done
