#!/bin/sh
# The functions libcops.wasm exports: every cops_ function the public headers declare
# (COPS_API), as emcc's -sEXPORTED_FUNCTIONS wants them, with malloc and free.
# Usage: exports.sh HEADER...
sed -n 's/^COPS_API[^(]*[ *]\(cops_[a-z0-9_]*\)(.*/_\1/p' "$@" | sort -u |
  { tr '\n' ','; echo '_malloc,_free'; }
