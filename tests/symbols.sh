#!/bin/sh
# Fails when the shared library exports a symbol that is not cops_* (or a
# private cops__*), or when a function the headers declare is not exported.
# Usage: symbols.sh LIBRARY HEADER_DIR
set -eu
lib=$1
headers=$2
exported=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' | sed 's/@.*//' | sort -u)
status=0
leaks=$(printf '%s\n' "$exported" | grep -v '^cops_' | grep -v '^COPS_0$' || true)
private=$(printf '%s\n' "$exported" | grep '^cops__' || true)
if [ -n "$leaks$private" ]; then
  echo "symbols exported that are not public cops_ functions:"
  printf '%s\n%s\n' "$leaks" "$private" | sed '/^$/d'
  status=1
fi
# The function's name is the last word before "(" (the return type may be a cops_ type).
# The optional Storyteller module's header counts when the library holds the module.
files=$(ls "$headers"/*.h)
printf '%s\n' "$exported" | grep -qx cops_st_roll || files=$(printf '%s\n' $files | grep -v '/st\(-[a-z]*\)\{0,1\}\.h$')
printf '%s\n' "$exported" | grep -qx cops_d6_roll || files=$(printf '%s\n' $files | grep -v '/d6\(-[a-z]*\)\{0,1\}\.h$')
# shellcheck disable=SC2086
declared=$(cat $files | tr '\n' ' ' | grep -o 'COPS_API[^;(]*(' |
           sed -n 's/.*[^a-z0-9_]\(cops_[a-z0-9_]*\) *($/\1/p' | sort -u)
for f in $declared; do
  if ! printf '%s\n' "$exported" | grep -qx "$f"; then
    echo "declared but not exported: $f"
    status=1
  fi
done
n=$(printf '%s\n' "$declared" | wc -l)
[ "$status" -eq 0 ] && echo "ok: $n public functions exported, nothing else"
exit $status
