#!/bin/sh
# Install the Debian packages a step needs, only those missing.
# Usage: deps.sh build|test|coverage. Run as root on Debian 12 (apt-get), or with
# everything already installed.
set -eu
build="meson ninja-build pkg-config gcc libc6-dev libsodium-dev libjansson-dev"
case "${1:-build}" in
  build) want=$build ;;
  test) want="$build g++ check valgrind clang libclang-rt-14-dev binutils liblua5.4-dev lua5.4 python3-pytest python3-pip python3-venv scdoc bash-completion man-db luarocks doxygen python3-jsonschema mypy" ;;
  coverage) want="$build check gcovr" ;;
  *) echo "usage: deps.sh build|test|coverage" >&2; exit 2 ;;
esac
missing=""
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
if [ "$(id -u)" -ne 0 ]; then
  echo "deps.sh: these Debian packages are missing:$missing; run as root, or install them" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
