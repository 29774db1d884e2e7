#!/bin/sh
# The pip route of docs/python.md: in a virtual environment (Debian's pip refuses
# the system Python), pip installs the distribution libcops offline (no index, no
# dependency), and the installed package imports and rolls.
# Usage: python-install.sh PYTHON LIBCOPS SOURCE_ROOT
set -eu
python=$1 lib=$2 root=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$python" -m venv "$tmp/env"
"$tmp/env/bin/pip" install --quiet --no-index --disable-pip-version-check "$root/bindings/python"
"$tmp/env/bin/pip" list --disable-pip-version-check 2>/dev/null | grep -q '^libcops ' ||
  { echo "python-install: no distribution named libcops"; exit 1; }
cd "$tmp"
out=$(LIBCOPS_PATH=$lib "$tmp/env/bin/python" -c \
  'import cops; c = cops.Context(seed=2030); print(cops.__file__.startswith("'"$tmp/env"'"), c.roll("4+/3 (2)").successes >= 0)')
[ "$out" = "True True" ] || { echo "python-install: unexpected output: $out"; exit 1; }
echo "python-install: ok"
