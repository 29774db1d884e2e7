#!/bin/sh
# The WebAssembly build tested (docs/web.md): under Node.js (tests/web/node.mjs), as the npm
# package installed in an empty project with its types (tsc --strict over tests/web/types.mts
# and every event type: tests/web/package.sh) and bundled by vite and webpack
# (tests/web/bundlers.sh), and in headless Chromium
# through the tabletop page (tests/web/browser.mjs), both against the native build's
# command, golden logs and odds. The browser test leaves the docs' screenshot in
# WASM_BUILD/web-tabletop.png (and -phone.png, -desk.png: scripts/web-images.sh).
# Usage: sh tests/web/run.sh NATIVE_BUILD WASM_BUILD   (after sh scripts/wasm.sh WASM_BUILD)
set -u
cd "$(dirname "$0")/../.."
root=$(pwd)
native=$root/$1
wasm=$root/$2
status=0
node tests/web/node.mjs "$wasm/web" "$root" "$native/examples/cops" "$native/tests/web-odds" ||
  status=1
# The npm package (scripts/npm.sh) installed in an empty project and used from there.
if made=$(COPS_WASM_BUILD=$2 sh scripts/npm.sh build/npm); then
  COPS_PYTHON_LIB=$native/lib/libcops.so \
    sh tests/web/package.sh "${made##* }" "$root" "$native/examples/cops" || status=1
  sh tests/web/bundlers.sh "${made##* }" "$root" "$native/examples/cops" || status=1
  # The Foundry VTT module example with the package in it, in Chromium (examples/js/foundry).
  node tests/web/foundry.mjs "${made##* }" "$root" || status=1
else
  echo "types: 0 passed, 1 failed"; echo "package: 0 passed, 1 failed (scripts/npm.sh)"
  echo "bundlers: 0 passed, 2 failed"; echo "foundry: 0 passed, 1 failed"; status=1
fi
# The package's public names (tests/names/javascript.txt) and how many of Python's it has.
LIBCOPS_PATH=$native/lib/libcops.so /usr/bin/python3 tests/names.py "$root" --js "$wasm/web" || status=1
node tests/web/browser.mjs "$wasm/web" "$root" "$native/examples/cops" "$native/tests/web-odds" \
  "$wasm/web-tabletop.png" ||
  status=1
exit $status
