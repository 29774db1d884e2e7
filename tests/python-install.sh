#!/bin/sh
# pip installs the Python binding offline (no index, no dependency), and the
# installed package imports and rolls. Usage: python-install.sh PYTHON LIBCOPS SOURCE_ROOT
set -eu
python=$1 lib=$2 root=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$python" -m pip install --quiet --no-index --disable-pip-version-check --root-user-action=ignore \
  --target "$tmp/site" "$root/bindings/python"
cd "$tmp"
out=$(PYTHONPATH="$tmp/site" LIBCOPS_PATH=$lib "$python" -c \
  'import cops; c = cops.Context(seed=2030); print(cops.__file__.startswith("'"$tmp"'"), c.roll("4+/3 (2)").successes >= 0)')
[ "$out" = "True True" ] || { echo "python-install: unexpected output: $out"; exit 1; }
echo "python-install: ok"
