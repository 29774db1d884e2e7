#!/bin/sh
# The main job: install what is missing, build libcops and the cops command,
# and show what it does. Usage: sh scripts/demo.sh
# With --web: build the WebAssembly library and the tabletop page (docs/web.md) and
# say how to open it.
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--web" ]; then
  sh scripts/deps.sh web
  sh scripts/wasm.sh build/wasm
  echo "The tabletop is in build/wasm/web. Serve it and open it in a browser:"
  echo "  python3 -m http.server -d build/wasm/web 8000"
  echo "  then http://localhost:8000/ (a page from file:// cannot load WebAssembly)"
  exit 0
elif [ -n "${1:-}" ]; then
  echo "usage: sh scripts/demo.sh [--web]" >&2
  exit 2
fi
sh scripts/deps.sh build
if [ -f build/demo/build.ninja ]; then
  meson configure build/demo -Dtests=false -Dbench=false --buildtype=release -Db_lto=true >/dev/null
else
  meson setup build/demo -Dtests=false -Dbench=false --buildtype=release -Db_lto=true >/dev/null
fi
meson compile -C build/demo >build/demo.log 2>&1 || { cat build/demo.log; exit 1; }
cops=build/demo/examples/cops

show() { # print the command as one would type it, then run it
  line="$ cops"
  for a in "$@"; do
    case $a in
      *[!A-Za-z0-9,.+/_-]*) line="$line \"$a\"" ;;
      *) line="$line $a" ;;
    esac
  done
  printf '\n%s\n' "$line"
  "$cops" "$@"
}
echo "libcops $("$cops" version | sed 's/.*libcops //; s/)//') built in build/demo"
echo "== A whole fight: the street shootout, two cops against three gangers (seed 2030):"
show fight examples/scenarios/street-shootout.json --seed 2030
echo
echo "== The same scenario 10,000 times with the default policy (win rates, 95 % intervals):"
show sim examples/scenarios/street-shootout.json -n 10000 --seed 2030
echo
echo "== The worked example of COPS.md C1 (dice 3, 4, 6 scripted with --dice):"
show roll --dice 3,4,6 "4+/3 (2)"
echo
echo "== Open 10s (C1.2), re-rolled wave after wave:"
show roll --dice 10,10,4,10,2,9 "5+/3 (2)"
echo
echo "== No skill (C1.4): only a 10 succeeds, and it is not rolled again:"
show roll --unskilled --dice 9,10 "6+/2"
echo
echo "== A seeded roll with modifiers (+1 die, threshold -1): the same every time:"
show roll --seed 2030 "5+/3 (2) +1D -1S"
echo
echo "== Unpredictable dice from the system source, as JSON for a VTT:"
show roll --json "4+/3 (2)"
echo
echo "== Exact odds (no sampling): P(success), Adrénaline, Ancienneté, P(successes >= k):"
show odds "4+/3 (2)"
echo
echo "== Mike Delgado's sheet (examples/sheets/mike.json):"
show sheet show examples/sheets/mike.json
echo
echo "== Sarah's gear on her sheet (examples/sheets/sarah-kit.json): rounds, spare magazines, in hand:"
show sheet show --lang en examples/sheets/sarah-kit.json | tail -n 5
echo
echo "== A Roll20 character imported (examples/roll20/delgado.json): what became of each attribute:"
show sheet import --from roll20 examples/roll20/delgado.json 2>&1 >/dev/null | head -n 8
echo
echo "== C1.5: the shotgun specialist at 3+ shoots a scoped rifle at 6+:"
show roll --sheet examples/sheets/mike.json --seed 7 "Arme d'épaule [fusil à lunette]/Coordination (2)"
echo
echo "== Adrénaline (+1 die) and, on a failure, Ancienneté (rolled again, MR 0):"
show roll --sheet examples/sheets/mike.json --dice 4,1,2,6,5,9,3,7 --adrenaline --anciennete "Arme de poing/Coordination (2)"
echo
echo "== An attack (C10): Mike, Agressif, fires a controlled burst at Sarah in her vest, 8 m:"
show attack --attacker examples/sheets/mike.json --target examples/sheets/sarah.json \
  --weapon examples/weapons/scorpion-131.json --armour examples/armour/gilet-pare-balles.json \
  --distance 8 --mode burst --attitude agressif --seed 2030
echo
echo "== Bare hands (C11.1): Joe throws Mike to the ground (margin 2 needed):"
show attack --attacker examples/sheets/joe.json --target examples/sheets/mike.json \
  --mode throw --distance 1 --seed 7 --lang en
echo
echo "== An interview (C4): Sarah sizes up a gang member, then questions him coldly:"
show interrogate examples/subjects/hardened-gang-member.json --sheet examples/sheets/sarah.json \
  --evaluate all --method Rhétorique --attitude Froid --seed 2030 --lang en
echo
echo "== A notation error names the column (exit status 2):"
show roll "4+/3 (2" || echo "(exit status $?)"
