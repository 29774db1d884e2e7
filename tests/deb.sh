#!/bin/sh
# The Debian packages as a user gets them (docs/packaging.md): built and linted by
# scripts/deb.sh, installed with apt-get, then used with nothing but the system's paths:
# `cops version` and a fight, an example compiled with pkg-config, `import cops` and a fight
# from Debian's python3, `require "cops"` and a fight from lua5.4; the man pages and the
# completion where man and bash look. Then removed (purged): dpkg knows none of their files
# and /usr holds exactly what it held before. Needs root (apt-get).
# Usage: sh tests/deb.sh [OUT]   (default build/deb; prints "deb: N passed, N failed")
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
out=${1:-build/deb}
case $out in /*) ;; *) out=$root/$out ;; esac
passed=0
failed=0
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); echo "FAIL: $*"; }
finish() { echo "deb: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }
pkgs="libcops0 libcops-dev cops python3-cops lua-cops"

if [ "$(id -u)" -ne 0 ]; then
  ko "installing packages needs root"
  finish
fi
for p in $pkgs; do   # a machine that has them already is not a clean one to test on
  if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    ko "$p is already installed: remove it first"
    finish
  fi
done
if sh scripts/deb.sh "$out"; then ok; else ko "scripts/deb.sh: the packages or lintian"; finish; fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The symbols file guards the ABI: dpkg-gensymbols at -c4 (debian/rules) accepts the library
# as built with it, and fails on a symbol gone or on one not listed.
mkdir "$tmp/lib"
dpkg-deb -x "$out"/libcops0_*.deb "$tmp/lib"
version=$(dpkg-parsechangelog -S Version)
gensym() { dpkg-gensymbols -v"$version" -plibcops0 -P"$tmp/lib" -I"$1" -c4 -O/dev/null >"$tmp/gensym.log" 2>&1; }
sym=debian/libcops0.symbols
if gensym "$sym"; then ok; else cat "$tmp/gensym.log"; ko "dpkg-gensymbols refuses the built library"; fi
{ cat "$sym"; echo " cops_gone_away@COPS_0 0.2.0"; } >"$tmp/gone.symbols"
if gensym "$tmp/gone.symbols"; then ko "dpkg-gensymbols accepts a symbol gone"; else ok; fi
grep -v ' cops_zone_of_die@' "$sym" >"$tmp/unlisted.symbols"
if gensym "$tmp/unlisted.symbols"; then ko "dpkg-gensymbols accepts a symbol not listed"; else ok; fi
find /usr -xdev 2>/dev/null | LC_ALL=C sort >"$tmp/before"
if DEBIAN_FRONTEND=noninteractive apt-get install -y "$out"/*.deb >"$tmp/install.log" 2>&1; then ok
else cat "$tmp/install.log"; ko "apt-get install ./*.deb"; finish; fi

# As a user: a shell with the system's paths only, in a folder of its own.
user() { (cd "$tmp" && env -i PATH=/usr/bin:/bin HOME="$tmp" LANG=C.UTF-8 "$@"); }
golden=$(cat "$root/tests/golden/street-shootout-2030.jsonl")
scenario=$root/examples/scenarios/street-shootout.json

v=$(user cops version 2>&1)
case $v in "cops 0."*"(libcops 0."*")") ok ;; *) ko "cops version said '$v'" ;; esac
[ "$(user cops fight "$scenario" --seed 2030 --json)" = "$golden" ] && ok ||
  ko "cops fight: not the golden log"
user man -w cops >/dev/null 2>&1 && user man -w 3 libcops >/dev/null 2>&1 && ok ||
  ko "man cops / man 3 libcops: not found"
[ -f /usr/share/bash-completion/completions/cops ] && ok || ko "no bash completion"

cp "$root/examples/quickstart.c" "$tmp/"
if user sh -c 'cc quickstart.c $(pkg-config --cflags --libs cops) -o quickstart' 2>"$tmp/cc.log"; then
  q=$(user ./quickstart)
  case $q in "successes: "*) ok ;; *) ko "quickstart said '$q'" ;; esac
else
  cat "$tmp/cc.log"; ko "cc quickstart.c \$(pkg-config --cflags --libs cops)"
fi

py=$(user /usr/bin/python3 -c '
import sys, cops
ctx = cops.Context()
sc = cops.Scenario(ctx, sys.argv[1])
sc.seed(2030)
sc.run()
print(cops.__file__)
sys.stdout.write(sc.jsonl())' "$scenario")
[ "$(printf '%s\n' "$py" | head -n 1)" = "/usr/lib/python3/dist-packages/cops/__init__.py" ] && ok ||
  ko "import cops: not Debian's package ($(printf '%s\n' "$py" | head -n 1))"
[ "$(printf '%s\n' "$py" | tail -n +2)" = "$golden" ] && ok || ko "Python: not the golden log"

cat >"$tmp/fight.lua" <<'LUA'
local cops = require "cops"
local ctx <close> = cops.context()
local s <close> = ctx:scenario(arg[1])
s:seed(2030)
s:run()
io.write(s:jsonl())
LUA
lua=$(user lua5.4 fight.lua "$scenario")
[ "$lua" = "$golden" ] && ok || ko "Lua: require \"cops\" and the fight: not the golden log"

# Removed: nothing of theirs left.
if DEBIAN_FRONTEND=noninteractive apt-get purge -y $pkgs >"$tmp/purge.log" 2>&1; then ok
else cat "$tmp/purge.log"; ko "apt-get purge"; fi
for p in $pkgs; do
  if dpkg -L "$p" >/dev/null 2>&1; then ko "dpkg -L $p: still known"; else ok; fi
done
find /usr -xdev 2>/dev/null | LC_ALL=C sort >"$tmp/after"
if cmp -s "$tmp/before" "$tmp/after"; then ok
else ko "/usr is not as before:"; diff "$tmp/before" "$tmp/after" | head -n 20; fi
finish
