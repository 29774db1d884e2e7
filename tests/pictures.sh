#!/bin/sh
# The docs' pictures (docs/images/plot-*.svg) are what scripts/pictures.sh draws from the
# examples now: drawn again and compared byte for byte.
# Usage: tests/pictures.sh SOURCE_ROOT BUILD
set -eu
root=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sh "$root/scripts/pictures.sh" "$build" "$tmp" >/dev/null
fail=0
for kind in sim compare odds attack interrogation; do
  if ! cmp -s "$tmp/plot-$kind.svg" "$root/docs/images/plot-$kind.svg"; then
    echo "FAIL: docs/images/plot-$kind.svg is not what scripts/pictures.sh draws now"
    fail=1
  fi
done
[ "$fail" -eq 0 ] && echo "pictures: 5 of 5 as drawn"
exit "$fail"
