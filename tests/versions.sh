#!/bin/sh
# One version (written once, in meson.build): the command, the library, pkg-config, the
# Python package (in the tree and as its build backend names it), the Lua module and the
# rockspec all say it.
# Usage: versions.sh SOURCE_ROOT BUILD COPS LIBCOPS PYTHON LUA
set -u
root=$1 build=$2 cops=$3 lib=$4 py=$5 lua=$6
want=$(sed -n "s/^  version: '\(.*\)',$/\1/p" "$root/meson.build")
fail=0 n=0
check() { # check WHAT SAID
  n=$((n + 1))
  if [ "$2" != "$want" ]; then echo "FAIL: $1 says '$2', meson.build '$want'"; fail=$((fail + 1)); fi
}
check "cops --version" "$("$cops" --version | sed -n 's/^cops \([^ ]*\) (libcops \([^)]*\))$/\1/p')"
check "cops --version (the library)" "$("$cops" --version | sed -n 's/.*(libcops \([^)]*\))$/\1/p')"
check "pkg-config" "$(PKG_CONFIG_PATH="$build/meson-private" pkg-config --modversion cops)"
check "cops.__version__" "$(cd / && LIBCOPS_PATH="$lib" PYTHONPATH="$root/bindings/python" "$py" -c 'import cops; print(cops.__version__)')"
check "cops.version()" "$(cd / && LIBCOPS_PATH="$lib" PYTHONPATH="$root/bindings/python" "$py" -c 'import cops; print(cops.version())')"
check "the Python build backend" "$(cd "$root/bindings/python/_backend" && "$py" -c 'import cops_backend; print(cops_backend.VERSION)')"
check "the installed _version.py" "$(sed -n 's/^VERSION = "\(.*\)"$/\1/p' "$build/bindings/_version.py")"
if [ -n "$lua" ] && [ -f "$build/bindings/cops.so" ]; then
  check "Lua cops.version()" "$(LUA_CPATH="$build/bindings/?.so" "$lua" -e 'print(require("cops").version())')"
fi
rock=$(ls "$build"/bindings/libcops-*-1.rockspec 2>/dev/null | head -n 1)
check "the rockspec's name" "$(basename "$rock" | sed 's/^libcops-\(.*\)-1\.rockspec$/\1/')"
check "the rockspec" "$(sed -n 's/^version = "\(.*\)-1"$/\1/p' "$rock")"
grep -rq "0\.12\.0\|version = \"[0-9]" "$root/bindings/python/pyproject.toml" &&
  { echo "FAIL: pyproject.toml writes a version"; fail=$((fail + 1)); }
echo "versions: $((n - fail)) of $n say $want"
[ "$fail" -eq 0 ]
