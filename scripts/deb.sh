#!/bin/sh
# Debian packages of libcops (docs/packaging.md): installs the build dependencies, builds
# libcops0, libcops-dev, cops, python3-cops and lua-cops from a copy of the source tree
# with dpkg-buildpackage -us -uc -b, then runs lintian over them (no error; each warning
# fixed or overridden with its reason). The .deb files land in OUT.
# Usage: sh scripts/deb.sh [OUT]   (default build/deb)
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
out=${1:-build/deb}
case $out in /*) ;; *) out=$root/$out ;; esac
sh scripts/deps.sh deb
python3 scripts/deb-symbols.py --check "$root"
rm -rf "$out"
mkdir -p "$out/src"
# The files of the tree, as .gitignore leaves them (no build folder).
if [ -d .git ] || git rev-parse --git-dir >/dev/null 2>&1; then
  git ls-files -z --cached --others --exclude-standard | (cd "$root" && xargs -0 tar cf -) | tar xf - -C "$out/src"
else
  tar cf - --exclude=./build . | tar xf - -C "$out/src"
fi
(cd "$out/src" && dpkg-buildpackage -us -uc -b >"$out/build.log" 2>&1) ||
  { tail -n 60 "$out/build.log"; echo "deb.sh: dpkg-buildpackage failed ($out/build.log)"; exit 1; }
rm -rf "$out/src"
ls "$out"/*.deb
status=0
lintian --fail-on error,warning --info "$out"/*.changes >"$out/lintian.log" 2>&1 || status=$?
grep -v "running with root privileges is not recommended" "$out/lintian.log" || true
[ "$status" -eq 0 ] || { echo "deb.sh: lintian found errors or warnings ($out/lintian.log)"; exit 1; }
echo "deb.sh: lintian: no error, no warning"
