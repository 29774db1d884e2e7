#!/bin/sh
# The bindings cover the C API: every function the shared library exports is called
# by the Python package and by the Lua module, or listed in bindings/parity.txt with
# the reason it is not. Python's calls are its prototypes and lib.cops_x attributes;
# Lua's, the library symbols the module links to. Then the names (tests/names.py).
# Usage: parity.sh LIBCOPS SOURCE_ROOT [LUA_MODULE]
set -eu
lib=$1 root=$2 luamod=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm -D --defined-only "$lib" | awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' | sort -u > "$tmp/exported"
[ "$(wc -l < "$tmp/exported")" -gt 200 ] || { echo "parity: too few exported functions"; exit 1; }
fail=0
# A prototype given twice is one a Python dict keeps silently: refused.
dups=$(grep -oh '^ *"cops_[a-z0-9_]*": ' $(find "$root/bindings/python/cops" -name '*.py') |
       sort | uniq -d)
[ -z "$dups" ] || { echo "parity: Python prototypes given twice:"; echo "$dups"; exit 1; }

bindings=python
[ -z "$luamod" ] || bindings="python lua"
for binding in $bindings; do
  case $binding in
    python)
      # A call is a prototype ("cops_x": ...) or an attribute of the library (lib.cops_x),
      # not a mention in a comment.
      # shellcheck disable=SC2046
      grep -oh '\(lib\.\|"\)cops_[a-z0-9_]*' $(find "$root/bindings/python/cops" -name '*.py') |
        sed 's/^lib\.//; s/^"//' | sort -u > "$tmp/called" ;;
    lua)
      nm -D --undefined-only "$luamod" | awk '{ sub(/@.*/, "", $2); print $2 }' |
        grep '^cops_' | sort -u > "$tmp/called" ;;
  esac
  awk -v b="$binding" '!/^#/ && NF >= 3 { for (i = 2; i <= NF; i++) if ($i == b) print $1 }' \
    "$root/bindings/parity.txt" | sort -u > "$tmp/excluded"
  comm -23 "$tmp/exported" "$tmp/called" | comm -23 - "$tmp/excluded" > "$tmp/missing"
  if [ -s "$tmp/missing" ]; then
    echo "parity: $binding does not call, and bindings/parity.txt does not excuse:"
    sed 's/^/  /' "$tmp/missing"
    fail=1
  fi
  # An excuse for a function the binding calls, or that is not exported, is stale.
  comm -12 "$tmp/excluded" "$tmp/called" > "$tmp/stale"
  comm -23 "$tmp/excluded" "$tmp/exported" >> "$tmp/stale"
  if [ -s "$tmp/stale" ]; then
    echo "parity: stale lines in bindings/parity.txt for $binding:"
    sed 's/^/  /' "$tmp/stale"
    fail=1
  fi
  echo "parity: $binding calls $(comm -12 "$tmp/exported" "$tmp/called" | wc -l) of $(wc -l < "$tmp/exported") exported functions, $(wc -l < "$tmp/excluded") excused"
done
# One set of names: each binding's public names as tests/names/ lists them, the same
# operation under the same name in both (tests/names.py, docs/python.md "Names").
LIBCOPS_PATH=$lib /usr/bin/python3 "$root/tests/names.py" "$root" ${luamod:+"$(dirname "$luamod")"} ||
  fail=1
exit $fail
