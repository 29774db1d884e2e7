#!/bin/sh
# Fuzz every parser of libcops with libFuzzer under AddressSanitizer and
# UndefinedBehaviorSanitizer (clang). Usage: sh scripts/fuzz.sh [runs] [seed]
# Deterministic for a given runs and seed; the test command runs a short one.
set -eu
cd "$(dirname "$0")/.."
runs=${1:-200000}
seed=${2:-1}
dir=build/fuzz
opts="-Dfuzz=true -Dtests=false -Dexamples=false -Dbench=false -Db_sanitize=address,undefined -Db_lundef=false -Dc_args=-fsanitize=fuzzer-no-link"
if [ -f "$dir/build.ninja" ]; then
  CC=clang meson configure "$dir" $opts >/dev/null
else
  CC=clang meson setup "$dir" $opts >/dev/null
fi
meson compile -C "$dir" >"$dir.log" 2>&1 || { cat "$dir.log"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp fuzz/corpus/* "$work/"
status=0
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  "$dir/fuzz/fuzz-parsers" -runs="$runs" -seed="$seed" -max_len=4096 \
  -artifact_prefix="$dir/" "$work" >"$dir-run.log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  grep -E "ERROR|SUMMARY|runtime error|artifact" "$dir-run.log" | head -n 20
  echo "fuzz: failed (status $status); the crashing input is in $dir/, the log in $dir-run.log"
  exit 1
fi
tail -n 1 "$dir-run.log"
