#!/bin/sh
# The docs' pictures of what the library computes (docs/simulation.md, docs/odds.md), drawn by
# cops.plot from what the command line writes about the examples, seeded: the same files each
# time (tests/pictures.sh checks the ones in docs/images are these).
# Usage: sh scripts/pictures.sh [BUILD [OUT]]   (default build/gcc, docs/images; Debian's
# python3 with python3-matplotlib)
set -eu
cd "$(dirname "$0")/.."
build=${1:-build/gcc}
out=${2:-docs/images}
cops=$build/examples/cops
lib=$(ls "$build"/lib/libcops.so.*.*.* | head -n 1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ex=examples
"$cops" sim "$ex/scenarios/street-shootout.json" -n 10000 --seed 1 --jobs 2 --json >"$tmp/sim.json"
"$cops" sim --compare core,alternative "$ex/scenarios/street-shootout.json" -n 4000 --seed 1 \
  --jobs 2 --json >"$tmp/compare.json"
"$cops" odds --json "4+/3 (2)" >"$tmp/odds.json"
"$cops" attack --attacker "$ex/sheets/mike.json" --target "$ex/sheets/joe.json" \
  --weapon "$ex/weapons/scorpion-131.json" --armour "$ex/armour/gilet-pare-balles.json" \
  --mode burst --distance 8 --odds --json >"$tmp/attack.json"
"$cops" interrogate "$ex/subjects/hardened-gang-member.json" --sheet "$ex/sheets/sarah.json" \
  --odds --json >"$tmp/interrogation.json"
mkdir -p "$out"
for kind in sim compare odds attack interrogation; do
  LIBCOPS_PATH=$lib PYTHONPATH=bindings/python /usr/bin/python3 -m cops.plot \
    "$tmp/$kind.json" -o "$out/plot-$kind.svg" --lang en
  echo "$out/plot-$kind.svg"
done
