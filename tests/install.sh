#!/bin/sh
# Installed, it works: meson install into a scratch prefix (and again under
# DESTDIR), then, with only that prefix's paths: a C program built with
# pkg-config, `cops --version`, `import cops` from a fresh Python that finds the
# installed library by itself, and `require "cops"` from Lua.
# Usage: sh tests/install.sh BUILD_DIR   (run from the source root)
set -eu
build=$1
root=$(pwd)
prefix=$root/$build-prefix
dest=$root/$build-destdir
rm -rf "$prefix" "$dest" "$build"
fail() { echo "install: $*" >&2; exit 1; }

meson setup "$build" --prefix="$prefix" -Dtests=false -Dbench=false >"$build.log" 2>&1 ||
  { cat "$build.log"; fail "meson setup"; }
meson install -C "$build" >>"$build.log" 2>&1 || { cat "$build.log"; fail "meson install"; }

pc=$(find "$prefix" -name cops.pc | head -n 1)
[ -n "$pc" ] || fail "no cops.pc"
libdir=$(dirname "$(dirname "$pc")")
for f in "$prefix/bin/cops" "$prefix/include/cops/cops.h" "$prefix/include/cops/version.h" \
         "$libdir/libcops.so.0" "$prefix/lib/lua/5.4/cops.so" \
         "$prefix/share/man/man1/cops.1" "$prefix/share/man/man3/libcops.3" \
         "$prefix/share/bash-completion/completions/cops" "$prefix/share/doc/libcops/LICENSE" \
         "$prefix/share/doc/libcops/html/index.html" "$prefix/share/cops/schemas/event.schema.json"; do
  [ -e "$f" ] || fail "$f is missing"
done
# The man pages render without a warning; the completion loads into bash.
for page in man1/cops.1 man3/libcops.3; do
  warnings=$(MANWIDTH=80 man --warnings -l "$prefix/share/man/$page" 2>&1 >/dev/null)
  [ -z "$warnings" ] || fail "man $page: $warnings"
done
bash -c ". /usr/share/bash-completion/bash_completion && . '$prefix/share/bash-completion/completions/cops' && complete -p cops" >/dev/null ||
  fail "the bash completion does not load"
echo "  man pages cops(1), libcops(3); bash completion; LICENSE"

# C, through pkg-config: every example program, as a user builds it, warning-free under
# -Wall -Wextra.
for ex in quickstart encounter vtt; do
  cc -Wall -Wextra -Werror "examples/$ex.c" -o "$build/$ex-pc" \
    $(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags --libs cops) || fail "cc $ex.c"
done
out=$(LD_LIBRARY_PATH=$libdir "$build/quickstart-pc") || fail "quickstart"
echo "  C via pkg-config: $out"

# The command.
version=$(sed -n "s/^  version: '\(.*\)',$/\1/p" meson.build)
v=$(LD_LIBRARY_PATH=$libdir "$prefix/bin/cops" --version) || fail "cops --version"
[ "$v" = "cops $version (libcops $version)" ] || fail "cops --version said '$v'"
echo "  $v"

# Python: a fresh interpreter, no environment but the package's folder; the
# package finds libcops where meson installed it.
pydir=$(/usr/bin/python3 bindings/python/install_dir.py "$prefix")
[ -f "$pydir/cops/__init__.py" ] && [ -f "$pydir/cops/py.typed" ] || fail "no Python package in $pydir"
out=$(cd / && env -i PYTHONPATH="$pydir" /usr/bin/python3 -B -c '
import cops
c = cops.Context(seed=2030)
print(cops.__file__.startswith("'"$pydir"'"), cops.version(), c.roll("4+/3 (2)").successes >= 0)') ||
  fail "import cops"
[ "$out" = "True $version True" ] || fail "import cops said '$out'"
# The chat-bot example, as a user's bot: it imports the installed package.
out=$(cd "$root" && printf '!odds 4+/3 (2)\n' | env -i PYTHONPATH="$pydir" COPS_LANG=en \
      /usr/bin/python3 -B examples/python/bot.py) || fail "the bot"
case $out in "4+/3 (2): 80.29 % to succeed"*) ;; *) fail "the bot said '$out'" ;; esac
echo "  the chat-bot example, importing the installed package"
echo "  Python: import cops from $pydir"

# Lua: only the prefix's module folder on the path (the library through the
# loader's path, as after ldconfig).
out=$(cd / && env -i LUA_CPATH="$prefix/lib/lua/5.4/?.so" LUA_PATH="" LD_LIBRARY_PATH="$libdir" \
      lua5.4 -e 'local cops = require "cops"; print(cops.version(), cops.context(1):roll("4+/3 (2)").pool)') ||
  fail "require cops"
[ "$out" = "$version	3" ] || fail "require cops said '$out'"
echo "  Lua: require \"cops\" from $prefix/lib/lua/5.4"

# LuaRocks: the rockspec builds the module against the installed library (in a
# copy of the sources: luarocks make builds in place).
if command -v luarocks >/dev/null; then
  rockspec=$build/bindings/libcops-$version-1.rockspec
  [ -f "$rockspec" ] || fail "no $rockspec for version $version"
  mkdir -p "$build/rock/bindings/lua"
  cp bindings/lua/*.c bindings/lua/*.h "$build/rock/bindings/lua/" && cp "$rockspec" "$build/rock/"
  (cd "$build/rock" && luarocks --lua-version 5.4 make --tree "$root/$build/rock/tree" \
     "$(basename "$rockspec")" LIBCOPS_DIR="$prefix" LIBCOPS_LIBDIR="$libdir" \
     >"$root/$build/rock.log" 2>&1 < /dev/null) || { cat "$build/rock.log"; fail "luarocks make"; }
  out=$(cd / && env -i LUA_CPATH="$root/$build/rock/tree/lib/lua/5.4/?.so" LUA_PATH="" \
        lua5.4 -e 'print(require("cops").version())') || fail "the rock's module"
  [ "$out" = "$version" ] || fail "the rock's module said '$out'"
  echo "  LuaRocks: $(basename "$rockspec") built against the prefix"
fi

# DESTDIR: the same files under it, nothing outside.
meson install -C "$build" --destdir "$dest" >>"$build.log" 2>&1 || fail "meson install --destdir"
( cd "$prefix" && find . -type f -o -type l | sort ) >"$build/files"
( cd "$dest$prefix" && find . -type f -o -type l | sort ) >"$build/files-destdir"
cmp -s "$build/files" "$build/files-destdir" || fail "DESTDIR holds other files"
[ "$(find "$dest" -mindepth 1 -maxdepth 1)" = "$dest$(echo "$prefix" | cut -d/ -f1-2)" ] ||
  fail "DESTDIR: files outside the prefix"
echo "  DESTDIR: the same $(wc -l <"$build/files") files"
echo "install: ok"
