#!/bin/bash
# The bash completion of cops (completion/cops) with bash-completion loaded:
# commands, each command's options, values of --lang/--mode/--attitude, and
# JSON files where a file is expected. Usage: completion.sh SOURCE_ROOT
set -u
root=$1
# shellcheck disable=SC1091
source /usr/share/bash-completion/bash_completion || exit 77
# shellcheck disable=SC1091
source "$root/completion/cops"
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/d" && touch "$tmp/d/mike.json" "$tmp/d/notes.txt"
cd "$tmp/d" || exit 1

expect() { # expect "WANTED WORDS" WORD...: complete the last word of the line
  local want=$1
  shift
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE="${COMP_WORDS[*]}"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _cops
  local got
  got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')
  if [[ "$got" != "$want " ]]; then
    echo "FAIL: ${COMP_WORDS[*]}: got '$got', want '$want '"
    fail=1
  fi
}

expect "roll" cops ro
expect "seal-key sheet sim st" cops s
expect "--help attack cast fight harm heal odds psionic roll sheet spell-cost spells weapons" cops d6 ""
expect "healing" cops d6 psionic --power h
expect "doubled" cops d6 spell-cost --effect-kind d
expect "--spell" cops d6 cast --sp
expect "--save-at --seal-key --seed --side-policy" cops d6 fight --s
expect "long" cops d6 heal --rest l
expect "brutal burst" cops d6 attack --option b
expect "--defence --defence-skill --defence-total --defender-actions" cops d6 attack --def
expect "fall fire" cops d6 harm --hazard f
expect "--no-explode --no-free-die" cops d6 roll --no
expect "--help attack fight odds roll" cops st ""
expect "--save-at" cops st fight --sa
expect "coup" cops st attack --kind cou
expect "--crowd" cops st attack --cr
expect "--seed" cops st roll --s
expect "--save-at --seal-key --seed --side-policy --snapshot-at" cops fight --s
expect "--version --vs" cops st odds --v
expect "--help --version" cops --
expect "--help check import show" cops sheet ""
expect "--from --help --json --output --version" cops sheet import --""
expect "roll20" cops sheet import --from ""
expect "--seed --sheet" cops roll --s
expect "--json" cops sheet show --j
expect "fr" cops fight x.json --lang f
expect "en es fr" cops fight x.json --lang ""
expect "en fr" cops sheet show --lang ""
expect "burst" cops attack --mode bu
expect "Agressif" cops attack --attitude Ag
expect "mike.json" cops fight ""
expect "mike.json" cops roll --sheet ""
expect "-n" cops sim x.json -n
expect "attack" cops help at
expect "" cops roll --seed ""
expect "heal help" cops he
expect "chase" cops ch
expect "stabilise" cops heal st
expect "hospital" cops heal rest x.json ho
expect "kit" cops heal first-aid x.json --gear k
expect "mike.json" cops heal first-aid x.json --healer ""
expect "--aftermath" cops fight x.json --af
[ $fail -eq 0 ] && echo "completion: ok"
exit $fail
