#!/bin/sh
# Install the Debian packages a step needs, only those missing.
# Usage: deps.sh build|test|coverage|web|deb. Run as root on Debian 12 (apt-get), or with
# everything already installed. web (in test too): emscripten and what builds libsodium
# and jansson from their Debian sources for it (scripts/wasm.sh), Node.js, npm, Chromium
# and TypeScript for the web tests and the npm package, and a deb-src entry for those
# sources when apt has none.
set -eu
build="meson ninja-build pkg-config gcc libc6-dev libsodium-dev libjansson-dev"
web="emscripten nodejs node-typescript chromium autoconf automake libtool cmake dpkg-dev"
# deb (in test too): what dpkg-buildpackage needs for debian/control's Build-Depends, and lintian.
deb="$build debhelper dh-python dpkg-dev python3 liblua5.4-dev scdoc bash-completion lintian"
case "${1:-build}" in
  build) want=$build ;;
  test) want="$build g++ check valgrind clang libclang-rt-14-dev binutils liblua5.4-dev lua5.4 python3-pytest python3-pip python3-venv scdoc bash-completion man-db luarocks doxygen python3-jsonschema python3-distributed python3-matplotlib mypy $web $deb" ;;
  coverage) want="$build check gcovr" ;;
  web) want="$build $web" ;;
  deb) want=$deb ;;
  *) echo "usage: deps.sh build|test|coverage|web|deb" >&2; exit 2 ;;
esac
sources=""
case " $want " in
  *" emscripten "*)
    apt-cache showsrc jansson 2>/dev/null | grep -q '^Version:' || sources=yes ;;
esac
missing=""
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing="$missing $p"
done
# npm packs the JavaScript package (scripts/npm.sh): Debian's, unless a Node.js that brings
# its own is installed (Debian's npm would conflict with it).
case " $want " in
  *" nodejs "*) command -v npm >/dev/null 2>&1 || missing="$missing npm" ;;
esac
[ -z "$missing" ] && [ -z "$sources" ] && exit 0
[ -z "$missing" ] || echo "installing:$missing"
[ -z "$sources" ] || echo "adding Debian's source packages (deb-src) for libsodium and jansson"
if [ "$(id -u)" -ne 0 ]; then
  [ -z "$missing" ] || echo "deps.sh: these Debian packages are missing:$missing; run as root, or install them" >&2
  [ -z "$sources" ] || echo "deps.sh: apt has no deb-src entry (scripts/wasm.sh needs one); run as root, or add one" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if [ -n "$sources" ]; then
  cat >/etc/apt/sources.list.d/libcops-deb-src.sources <<EOF
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
fi
apt-get update -qq
[ -z "$missing" ] && exit 0
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
