#!/bin/sh
# examples/vtt.c as the test command runs it (docs/encounters.md, "Building a VTT on
# libcops"): a fight with a player, the odds shown before each of its attacks, and, for
# every round it can be saved at, a save, a resume in a new context and the rest of
# the fight; for every round, a mis-clicked round taken back and played again: the
# board (drawn from the tokens' states) and the narration are the uninterrupted ones,
# byte for byte.
# Usage: vtt.sh VTT SCENARIO
set -eu
vtt=$1 scenario=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 pass=0
for seed in 1 2030 77; do
  "$vtt" "$scenario" "$seed" > "$tmp/straight.txt"
  grep -q "to hit, .* damage on average, .* the target goes down" "$tmp/straight.txt" ||
    { echo "FAIL: seed $seed: no odds before the player's attack"; fail=$((fail + 1)); }
  grep -q "^Winner: side" "$tmp/straight.txt" ||
    { echo "FAIL: seed $seed: the fight does not end"; fail=$((fail + 1)); }
  grep -q "^  \[board\] token-A Mike Delgado  *side 0 at (" "$tmp/straight.txt" ||
    { echo "FAIL: seed $seed: no board drawn from the tokens"; fail=$((fail + 1)); }
  rounds=$(grep -c '^Round [0-9]*$' "$tmp/straight.txt")
  r=0
  while [ "$r" -lt "$rounds" ]; do
    "$vtt" "$scenario" "$seed" "$r" "$tmp/save.json" > "$tmp/resumed.txt" 2> "$tmp/err.txt"
    if cmp -s "$tmp/straight.txt" "$tmp/resumed.txt" &&
       grep -q "saved after round $r" "$tmp/err.txt"; then
      pass=$((pass + 1))
    else
      echo "FAIL: seed $seed, saved after round $r: the resumed fight differs"
      diff "$tmp/straight.txt" "$tmp/resumed.txt" | head -n 5
      fail=$((fail + 1))
    fi
    "$vtt" "$scenario" "$seed" -1 "$tmp/none.json" $((r + 1)) > "$tmp/undone.txt" 2> "$tmp/err.txt"
    if cmp -s "$tmp/straight.txt" "$tmp/undone.txt" &&
       grep -q "round $((r + 1)) taken back" "$tmp/err.txt"; then
      pass=$((pass + 1))
    else
      echo "FAIL: seed $seed, round $((r + 1)) taken back: the fight differs"
      diff "$tmp/straight.txt" "$tmp/undone.txt" | head -n 5
      fail=$((fail + 1))
    fi
    r=$((r + 1))
  done
done
echo "vtt: $pass resumptions and undos give the uninterrupted fight, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 5 ]
