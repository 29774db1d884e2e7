#!/bin/sh
# The cops command, end to end: the rules' worked examples through --dice,
# seeds, JSON, exit statuses and one-line errors (issue 2).
# Usage: cli.sh PATH_TO_COPS. $COPS_CLI_WRAPPER (e.g. valgrind) prefixes each run.
set -u
cops=$1
sheets=$2
wrap=${COPS_CLI_WRAPPER:-}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # run ARGS...: sets $out, $err, $rc
  $wrap "$cops" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
}
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; echo "  stdout: $out"; echo "  stderr: $err"; }
expect_out() { # expect_out NAME EXPECTED_STDOUT ARGS...
  name=$1 want=$2; shift 2
  run "$@"
  if [ "$rc" -eq 0 ] && [ "$out" = "$want" ] && [ -z "$err" ]; then ok; else ko "$name (rc $rc)"; fi
}
expect_err() { # expect_err NAME STATUS STDERR ARGS...
  name=$1 status=$2 want=$3; shift 3
  run "$@"
  lines=$(printf '%s\n' "$err" | wc -l)
  if [ "$rc" -eq "$status" ] && [ "$err" = "$want" ] && [ "$lines" -eq 1 ] && [ -z "$out" ]; then
    ok
  else
    ko "$name (rc $rc, want $status)"
  fi
}

cops_is_sealed() { # cops_is_sealed FILE: the file is a sealed text
  case $(cat "$1") in '{"schema": 1, "type": "sealed"'*) return 0 ;; *) return 1 ;; esac
}
cops_golden() { # cops_golden NAME: the golden JSON Lines of NAME, seed 2030
  cat "$golden/$1-2030.jsonl"
}

# C1 worked example (001): dice 3, 4, 6 at 4+, difficulty 2: 2 successes, MR 0.
expect_out "c1 worked example json" \
'{"kind":"action","action":"4+/3 (2)","pool":3,"threshold":4,"difficulty":2,"unskilled":false,"dice":[{"face":3,"success":false,"reroll_of":null},{"face":4,"success":true,"reroll_of":null},{"face":6,"success":true,"reroll_of":null}],"successes":2,"success":true,"margin":0,"capped":false}' \
  roll --dice 3,4,6 --json "4+/3 (2)"
expect_out "c1 worked example text" \
"4+/3 (2): 3 dice at 4+, difficulty 2
dice: [3, 4, 6]
2 successes: success, MR 0" \
  roll --dice 3,4,6 "4+/3 (2)"
# C1.2: chains of 10s, breadth-first.
expect_out "c1.2 chains" \
"5+/3 (2): 3 dice at 5+, difficulty 2
dice: [10→10→9, 10→2, 4]
4 successes: success, MR 2" \
  roll --dice 10,10,4,10,2,9 "5+/3 (2)"
# C1.4: unskilled.
expect_out "c1.4 unskilled" \
"6+/2 (1): 2 dice at 10+, difficulty 1, unskilled (only a 10 succeeds, no re-roll)
dice: [9, 10]
1 success: success, MR 0" \
  roll --unskilled --dice 9,10 "6+/2"
# C1.7: modifiers, a pool below 1 die.
expect_out "c1.7 no dice" \
"6+/1 (2) -1D: 0 dice at 6+, difficulty 2
dice: []
0 successes: failure, ME 2" \
  roll --seed 1 "6+/1 (2) -1D"
# The notation may come as several arguments.
expect_out "joined arguments" \
"5+/3 (1) +1D: 4 dice at 5+, difficulty 1
dice: [1, 2, 3, 5]
1 success: success, MR 0" \
  roll --dice 1,2,3,5 5+/3 +1D

# Options anywhere, "--opt=value", a negative modifier as its own argument, "--".
run roll "5+/3 (2)" --json --seed=2030; a=$out
run roll --json -- 5+/3 "(2)" --seed; b=$err
if [ "$a" = "$(printf '%s' "$a" | grep '^{"kind":"action","action":"5+/3 (2)"')" ] && [ -n "$a" ]; then ok; else ko "options after the notation"; fi
case $b in *"(2) --seed: column 11: expected a number after the modifier's sign"*) ok ;; *) ko "-- ends the options" ;; esac
expect_out "separate negative modifier" \
"5+/3 (1) -1D: 2 dice at 5+, difficulty 1
dice: [4, 6]
1 success: success, MR 0" \
  roll --dice 4,6 5+/3 -1D
expect_err "option without value" 2 "cops: roll: --seed needs a value (see 'cops help')" roll "4+/3" --seed

# Seeds: replayable, the hex form equals the number's little-endian key.
run roll --seed 2030 --json "5+/3 (2)"; first=$out
run roll --seed 2030 --json "5+/3 (2)"
if [ "$rc" -eq 0 ] && [ "$out" = "$first" ]; then ok; else ko "seed replay"; fi
run roll --seed ee07000000000000000000000000000000000000000000000000000000000000 --json "5+/3 (2)"
if [ "$rc" -eq 0 ] && [ "$out" = "$first" ]; then ok; else ko "hex seed 2030"; fi
# The golden value of tests/golden/dice.h (GOLDEN_2030_A).
gold='{"kind":"action","action":"5+/3 (2)","pool":3,"threshold":5,"difficulty":2,"unskilled":false,"dice":[{"face":1,"success":false,"reroll_of":null},{"face":7,"success":true,"reroll_of":null},{"face":2,"success":false,"reroll_of":null}],"successes":1,"success":false,"margin":-1,"capped":false}'
if [ "$first" = "$gold" ]; then ok; else ko "seed 2030 golden"; fi

# Errors: exit 2, one line on stderr, nothing on stdout.
expect_err "syntax" 2 "cops: 4+/3 (2: column 8: expected ')' after the difficulty, found end of text" \
  roll "4+/3 (2"
expect_err "range" 2 "cops: 11+/3: column 1: threshold 11+ out of range 2+..10+" roll "11+/3"
expect_err "too few faces" 2 "cops: --dice ran out of faces after 3 (this roll needs more)" \
  roll --dice 10,4,5 "5+/3"
expect_err "too many faces" 2 "cops: --dice gave 4 faces, the roll used 3" \
  roll --dice 1,4,5,6 "5+/3"
expect_err "bad face" 2 "cops: --dice: '1,11' is not a list of faces 1..10 separated by commas (see 'cops help')" \
  roll --dice 1,11 "5+/3"
expect_err "bad seed" 2 "cops: --seed: '-4' is neither a number 0..18446744073709551615 nor 64 hex digits (see 'cops help')" \
  roll --seed -4 "5+/3"
expect_err "seed and dice" 2 "cops: roll: --seed and --dice exclude each other (see 'cops help')" \
  roll --seed 1 --dice 1 "5+/3"
expect_err "no notation" 2 "cops: roll: missing NOTATION, e.g. \"4+/3 (2)\" (see 'cops help')" roll --json
expect_err "unknown option" 2 "cops: roll: unknown option '--jsn' (see 'cops help')" \
  roll --jsn "5+/3"
expect_err "unknown command" 2 "cops: unknown command 'rol' (see 'cops help')" rol "5+/3"
expect_err "no command" 2 "cops: missing command (see 'cops help')"

# cops odds: exact figures for dyadic cases (C1, C5).
run odds --json "6+/3"
case $out in
  '{"action":"6+/3 (1)","unskilled":false,"p_success":0.875,'*'"p_adrenaline":0.9375,"p_anciennete":0.984375}') ok ;;
  *) ko "odds json 6+/3" ;;
esac
run odds --json "6+/3" --vs 6+/3
n=$(printf '%s' "$out" | grep -o '"at_least":\[[^]]*\]' | tr ',' '\n' | wc -l)
[ "$n" -eq 7 ] && ok || ko "at_least has dice + 4 entries ($n)"
sum=$(printf '%s' "$out" | sed 's/.*"p_win":\([^,]*\),"p_tie":\([^,]*\),"p_lose":\([^}]*\)}/\1 \2 \3/' |
      awk '{ s = $1 + $2 + $3; print (s > 0.999999999 && s < 1.000000001 && $1 == $3) ? "ok" : "ko" }')
[ "$sum" = ok ] && ok || ko "opposed odds add up to 1 and are symmetric"
run odds "4+/3 (2)"   # 4 dice: 1 - 0.3^4 - 4 (0.63) 0.3^3 = 0.92386
case $out in *"P(success)             80.29 %"*"with Adrénaline (+1D)  92.39 %"*) ok ;; *) ko "odds text 0.8029" ;; esac
run odds --table
rows=$(printf '%s\n' "$out" | grep -c '^  [1-8]  ')
[ "$rc" -eq 0 ] && [ "$rows" -eq 40 ] && ok || ko "odds table: 5 difficulties x 8 dice ($rows rows)"
case $out in *"  3    99.9%  99.2%  97.3%  93.6%  87.5%  78.4%  65.7%  48.8%"*) ok ;; *) ko "odds table row" ;; esac
run odds --table --json --unskilled
case $out in '{"unskilled":true,"dice":[1,2,3,4,5,6,7,8],"thresholds":null,"difficulties":[1,2,3,4,5],"p_success":[['*) ok ;; *) ko "odds table json" ;; esac
expect_err "odds with a seed" 2 "cops: odds: odds are exact: --seed and --dice do not apply (see 'cops help')" \
  odds --seed 3 "4+/3"
expect_err "odds min without vs" 2 "cops: odds: --min goes with --vs (see 'cops help')" odds --min 2 "4+/3"
expect_err "odds bad vs" 2 "cops: 4+/: column 4: expected the number of dice or a characteristic name after '/', found end of text" \
  odds "4+/3" --vs "4+/"
expect_err "roll with vs" 2 "cops: roll: --vs, --min, --table and --lang do not apply to a roll (see 'cops help')" \
  roll "4+/3" --vs "4+/3"

# Rolls from a sheet (issue 4): names, specialisations (C1.5), Adrénaline, Ancienneté.
expect_out "sheet roll with Adrénaline" \
"Mike Delgado: Arme de poing/Coordination (2) (Adrénaline: +1 die)
5+/3 (2) +1D: 4 dice at 5+, difficulty 2
dice: [5, 1, 1, 9]
2 successes: success, MR 0" \
  roll --sheet "$sheets/mike.json" --dice 5,1,1,9 --adrenaline "Arme de poing/Coordination (2)"
# C6.1, C6.2, C1.7: the round's attitude and initiative and the GM's dice on a roll.
expect_out "roll with attitude, initiative and the GM's dice" \
"+2 dice: attitude Agressif +1 (C6.1), initiative -1 (C6.2), the GM's +2 (C1.7)
4+/3 (2) +2D: 5 dice at 4+, difficulty 2
dice: [3, 4, 6, 1, 2]
2 successes: success, MR 0" \
  roll --dice 3,4,6,1,2 --attitude agressif --initiative -1 --bonus 2 "4+/3 (2)"
expect_out "sheet roll, a defensive one at Prudent" \
"Mike Delgado: Arme de poing/Coordination (2) +3D
+3 dice: attitude Prudent +1 (C6.1, a defensive roll), initiative +2 (C6.2)
5+/3 (2) +3D: 6 dice at 5+, difficulty 2
dice: [5, 1, 1, 9, 2, 2]
2 successes: success, MR 0" \
  roll --sheet "$sheets/mike.json" --dice 5,1,1,9,2,2 --attitude -1 --defensive --initiative 2 "Arme de poing/Coordination (2)"
expect_out "the GM's malus to no dice" \
"-3 dice: the GM's -3 (C1.7)
4+/3 (2) -3D: 0 dice at 4+, difficulty 2
dice: []
0 successes: failure, ME 2" \
  roll --seed 1 --bonus -3 "4+/3 (2)"
expect_err "roll --initiative beyond the Réflexes" 2 \
  "cops: roll: --initiative -1: Mike Delgado's Réflexes 3 allow +0..+2 (C6) (see 'cops help')" \
  roll --sheet "$sheets/mike.json" --initiative -1 "Arme de poing/Coordination (2)"
expect_err "roll --initiative out of range" 2 \
  "cops: roll: --initiative '3' is not a number -2..2 (see 'cops help')" \
  roll --initiative 3 "4+/3"
expect_err "roll --attitude unknown" 2 \
  "cops: roll: --attitude 'calme': planqué, prudent, normal, agressif, ultra-violent (or -2..2) (see 'cops help')" \
  roll --attitude calme "4+/3"
expect_err "roll --bonus out of range" 2 \
  "cops: roll: --bonus '65' is not a number -64..64 (see 'cops help')" \
  roll --bonus 65 "4+/3"
expect_err "roll --defensive alone" 2 \
  "cops: roll: --defensive says how --attitude counts: give it one (see 'cops help')" \
  roll --defensive "4+/3"
expect_err "the modifiers are cops roll's" 2 \
  "cops: odds: --attitude, --initiative, --bonus and --defensive are for cops roll (see 'cops help')" \
  odds --bonus 1 "4+/3"
expect_out "sheet roll outside the specialisation (C1.5)" \
"Mike Delgado: Arme d'épaule [fusil à lunette]/Coordination (2)
6+/3 (2): 3 dice at 6+, difficulty 2
dice: [6, 7, 2]
2 successes: success, MR 0" \
  roll --sheet "$sheets/mike.json" --dice 6,7,2 "Arme d'épaule [fusil à lunette]/Coordination (2)"
expect_out "sheet roll: helicopter pilot flying a plane (C1.5)" \
"Mike Delgado: Pilotage [avion]/Coordination
10+/3 (1): 3 dice at 10+, difficulty 1, unskilled (only a 10 succeeds, no re-roll)
dice: [9, 10, 3]
1 success: success, MR 0" \
  roll --sheet "$sheets/mike.json" --dice 9,10,3 "Pilotage [avion]/Coordination"
run roll --sheet "$sheets/mike.json" --dice 5,1,1,5,6,7 --anciennete --json "Arme de poing/Coordination (2)"
case $out in
  '{"roll":{'*'"success":false,"margin":-1,"capped":false},"anciennete":{'*'"successes":3,"success":true,"margin":0,"capped":false,"anciennete":true}}') ok ;;
  *) ko "sheet roll with Ancienneté (json)" ;;
esac
run roll --sheet "$sheets/mike.json" --dice 5,1,1,5,6,7 --anciennete "Arme de poing/Coordination (2)"
case $out in *"Ancienneté: rolled again"*"3 successes: success, MR 0 (after Ancienneté, C5)") ok ;;
  *) ko "sheet roll with Ancienneté (text)" ;; esac
run roll --sheet "$sheets/mike.json" --dice 9,9,1 --anciennete "Arme de poing/Coordination (2)"
case $out in *"Ancienneté not spent: the roll succeeded") ok ;; *) ko "Ancienneté after a success" ;; esac
expect_err "sheet roll needs a specialisation" 2 \
  "cops: Arme d'épaule/Coordination: column 1: Arme d'épaule 3+ is specialised: name the specialisation, e.g. Arme d'épaule [fusil à pompe]/..." \
  roll --sheet "$sheets/mike.json" "Arme d'épaule/Coordination"
expect_err "Adrénaline without a sheet" 2 \
  "cops: roll: --adrenaline, --anciennete and --not-an-action need a character: --sheet FILE (see 'cops help')" \
  roll --adrenaline "4+/3"
expect_err "missing sheet" 2 "cops: /nonexistent.json: No such file or directory" \
  roll --sheet /nonexistent.json "6+/Coordination"
expect_out "sheet check" "$sheets/joe.json: ok (Joe « Scar » Ramirez)" sheet check "$sheets/joe.json"
run sheet show --lang en "$sheets/mike.json"
case $out in "Mike Delgado
Build 3  Charm 2  Coordination 3  Education 2  Perception 3  Reflexes 3  Nerve 4
Hit points 29/29 (healthy)"*"  Burst fire 6+ [arme de poing]
Relations
  Tito Vargas: informant 2 (straight); upkeep: money; domains: drogue +1, gangs +0, politique -2
  Lena Park: ally 3 (friend); upkeep: favours; domains: presse +1, police -1") ok ;;
  *) ko "sheet show --lang en (with its relations, C9)" ;; esac
run sheet show "$sheets/mike.json"
case $out in *"  Tito Vargas : informateur 2 (réglo) ; entretien : argent ; domaines : drogue +1, gangs +0, politique -2
  Lena Park : allié 3 (ami) ; entretien : services rendus ; domaines : presse +1, police -1") ok ;;
  *) ko "sheet show: relations in French" ;; esac
run sheet show --json "$sheets/mike.json"
[ "$out" = "$(cat "$sheets/mike.json")" ] && ok || ko "sheet show --json is the sheet"
# The gear a sheet carries (docs/sheets.md): shown, written back, used by attack and fight.
run sheet show --lang en "$sheets/sarah-kit.json"
case $out in *"Gear
  Remington 162 (shoulder arm), 5/6 rounds, 1 spare magazine, in hand
  Vulcan 051 (handgun), 12/12 rounds, 2 spare magazines
  Couteau 021 (blade)
  Armour: Gilet pare-balles"*) ok ;; *) ko "sheet show: the gear" ;; esac
run sheet show --json "$sheets/sarah-kit.json"
[ "$out" = "$(cat "$sheets/sarah-kit.json")" ] && ok || ko "sheet show --json keeps the gear's files by name"
run attack --attacker "$sheets/sarah-kit.json" --target "$sheets/sarah-kit.json" --distance 8 \
  --seed 10 --lang en
named=$out
run attack --attacker "$sheets/sarah-kit.json" --target "$sheets/sarah-kit.json" --distance 8 \
  --weapon "$sheets/../weapons/remington-162.json" --armour "$sheets/../armour/gilet-pare-balles.json" \
  --attacker-armour "$sheets/../armour/gilet-pare-balles.json" \
  --target-weapon "$sheets/../weapons/remington-162.json" --seed 10 --lang en
# The same attack but the rounds: the sheet's Remington holds 5, the file's 6.
case $named in *"with Remington 162"*"1 round used, 4 left"*"armour"*)
  [ "$named" = "$(printf '%s\n' "$out" | sed 's/1 round used, 5 left/1 round used, 4 left/')" ] && ok ||
    ko "attack: the sheets' gear is the files named, the rounds the sheet's" ;;
  *) ko "attack: the weapon in hand and the armour worn from the sheets" ;; esac
run fight "$sheets/../scenarios/liquor-store.json" --seed 3 --lang en
case $out in *"Sarah Okafor takes Vulcan 051 in hand"*) [ "$rc" -eq 0 ] && ok || ko "fight: a sheet's gear: exit $rc" ;;
  *) ko "fight: a combatant naming no weapon fights with its sheet's" ;; esac
printf '{"name": "X", "characteristics": {"Carrure": 9}}' > "$tmp/bad.json"
expect_err "sheet check of a bad sheet" 2 "cops: $tmp/bad.json: characteristics.Carrure: 9 out of range 1..5" \
  sheet check "$tmp/bad.json"
expect_err "sheet without a verb" 2 "cops: sheet: unknown 'list': check, show or import (see 'cops help')" \
  sheet list "$sheets/mike.json"

# Attacks (issue 5): a scripted shot narrated, a seeded burst against its golden
# JSON Lines (the replay contract), and the errors, each on one line.
ex=$sheets/..
golden=$(dirname "$0")/golden
expect_out "attack: scripted single shot (C10.1-C10.4, C8.1-C8.3)" \
"Mike Delgado (Normal, init +0) shoots at Joe « Scar » Ramirez with Vulcan 051 at 12 m
Mike Delgado — to hit: 5+/3 (2) [9, 9, 2], 2 successes, success (MR 0)
Mike Delgado: 1 round used, 11 left in Vulcan 051
Mike Delgado hits Joe « Scar » Ramirez: 1 bullet of 1
Joe « Scar » Ramirez: hit in the torso (d10 6, +2)
Joe « Scar » Ramirez — damage: 5d6 [3, 4, 2, 6, 1] = 16
Joe « Scar » Ramirez — armour: 2d6 [3, 2] = 5
Joe « Scar » Ramirez — location: 2d6 [5, 4] = 9
Joe « Scar » Ramirez: 16 - protection 6 + location 9 = 19 damage
Joe « Scar » Ramirez: 12 → -7 hit points (dying), lasting wound
Joe « Scar » Ramirez: now lasting wound" \
  attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --armour "$ex/armour/gilet-pare-balles.json" \
  --distance 12 --dice 9,9,2,6,3,4,2,6,1,3,2,5,4 --lang en
run attack --attacker "$sheets/mike.json" --target "$sheets/sarah.json" \
  --weapon "$ex/weapons/scorpion-131.json" --armour "$ex/armour/gilet-pare-balles.json" \
  --distance 8 --mode burst --attitude agressif --seed 2030 --json
if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/attack-burst-2030.jsonl")" ]; then ok
else ko "attack: seeded burst is byte for byte the golden log"; fi
# The alternative rules (A2.2, A5): a burst aimed at the head, its golden log.
run attack --rules alternative --attacker "$sheets/mike.json" --target "$sheets/sarah.json" \
  --weapon "$ex/weapons/scorpion-131.json" --armour "$ex/armour/gilet-pare-balles.json" \
  --distance 8 --mode burst --attitude agressif --aim head --seed 14 --json
if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/alternative-burst-14.jsonl")" ]; then ok
else ko "attack --rules alternative: seeded burst is byte for byte the golden log"; fi
run attack --rules alternative --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --distance 5 --initiative 1 --seed 1
case $err in *"orders the round and adds no dice (A1.2, A1.3)"*) [ "$rc" -eq 2 ] && ok || ko "attack --rules alternative --initiative: exit $rc" ;;
  *) ko "attack --rules alternative: an initiative is refused with its reason" ;; esac
run attack --rules house --attacker "$sheets/mike.json" --target "$sheets/joe.json"
case $err in *"--rules 'house': core or alternative"*) ok ;; *) ko "attack --rules: unknown ruleset" ;; esac
run attack --rules alternative --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --distance 5 --aim head --odds
case $out in "hits "*"stopping power    no roll "*"unaffected "*"stopped "*"mishap "*"target down"*) [ "$rc" -eq 0 ] && ok || ko "attack --rules alternative --odds: exit $rc" ;;
  *) ko "attack --rules alternative --odds: A5's results" ;; esac
run attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/scorpion-131.json" --mode cover --seed 11
case $out in *"ouvre un tir de couverture avec Scorpion 131"*"sang-froid sous le feu"*) ok ;;
  *) ko "attack: covering fire then the target's nerve" ;; esac
run attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --distance 5 --adrenaline --seed 2 --json
case $out in '{"schema":2,"seq":0,"round":0,"type":"attack"'*'"distance":5,"adrenaline":true}'*'"pool":4,'*) ok ;;
  *) ko "attack --adrenaline: one more die, said in the attack event" ;; esac
run attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --distance 5 --anciennete --dice 1,1,1,1,1,1 --lang en
case $out in *"to hit: 5+/3 (1) [1, 1, 1]"*"to hit, again for an Ancienneté point (MR 0 at best): 5+/3 (1) [1, 1, 1]"*) ok ;;
  *) ko "attack --anciennete: the failed roll, then again for a point" ;; esac
# The odds of a planned attack: no die drawn, the same answer as the library's (test-odds).
run attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --distance 12 --odds
case $out in "hits               67.68 %"*"target down"*) [ "$rc" -eq 0 ] && ok || ko "attack --odds: exit $rc" ;;
  *) ko "attack --odds: the chance to hit first, the target going down last" ;; esac
run attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --distance 12 --odds --anciennete --json
case $out in '{"schema":1,"p_hit":0.895'*'"p_down":'*) ok ;;
  *) ko "attack --odds --anciennete --json: a failure rolled again, 1 - (1 - 0.6768)^2" ;; esac
expect_err "attack: --odds draws no die" 2 \
  "cops: attack: --odds draws no die and narrates nothing: no --seed, --dice or --lang (see 'cops help')" \
  attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --odds --seed 3
expect_err "attack: burst without VRC" 2 \
  "cops: Vulcan 051 has no burst value (VRC): no controlled burst (C10.6)" \
  attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --mode burst --distance 5 --seed 1
sed 's/"loaded": 12/"loaded": 0/' "$ex/weapons/vulcan-051.json" > "$tmp/empty.json"
expect_err "attack: empty weapon" 2 "cops: Vulcan 051 is empty: reload it" \
  attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" --weapon "$tmp/empty.json" \
  --distance 5 --seed 1
expect_err "attack: melee beyond reach" 2 \
  "cops: 3 m away: beyond the attacker's reach of 1 m (C11)" \
  attack --attacker "$sheets/joe.json" --target "$sheets/mike.json" \
  --weapon "$ex/weapons/couteau-021.json" --mode melee --distance 3 --seed 1
expect_err "attack: initiative outside Réflexes" 2 \
  "cops: initiative -2 outside +0..+2 that Réflexes 3 allows (C6)" \
  attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --initiative -2 --seed 1
expect_err "attack: unknown mode" 2 \
  "cops: attack: --mode 'snipe': single, burst, cover, melee, strike, hold, throw or escape (see 'cops help')" \
  attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" --mode snipe
expect_err "attack: no target" 2 "cops: attack: --attacker and --target are required (see 'cops help')" \
  attack --attacker "$sheets/mike.json"
expect_err "attack: too few dice" 2 "cops: --dice ran out of faces after 3 (this attack needs more)" \
  attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --distance 12 --dice 9,9,2
expect_err "attack: too many dice" 2 "cops: attack: --dice has 4 faces, the attack used 3 (see 'cops help')" \
  attack --attacker "$sheets/mike.json" --target "$sheets/joe.json" \
  --weapon "$ex/weapons/vulcan-051.json" --distance 12 --dice 1,1,1,1

# Encounters (issue 6): the street shootout with seed 2030, narrated in both languages
# and as JSON Lines, byte for byte against the golden logs; a seeded sim; errors.
sc=$ex/scenarios
for form in fr en es jsonl; do
  case $form in jsonl) opt="--json" ;; *) opt="--lang $form" ;; esac
  ext=$form; [ "$form" = jsonl ] || ext=$form.txt
  # shellcheck disable=SC2086
  run fight "$sc/street-shootout.json" --seed 2030 $opt
  if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/street-shootout-2030.$ext")" ] && [ -z "$err" ]; then ok
  else ko "fight: street shootout, seed 2030, $form, is the golden log"; fi
done
# Policies (issue 41): the tactical policy's street shootout is its golden log; a side by
# its name or its number; refusals.
for ext in en.txt jsonl; do
  case $ext in jsonl) opt="--json" ;; *) opt="--lang en" ;; esac
  # shellcheck disable=SC2086
  run fight "$sc/street-shootout.json" --seed 2030 --policy tactical $opt
  if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/street-shootout-tactical-2030.$ext")" ]; then ok
  else ko "fight --policy tactical: street shootout, seed 2030, $ext, is the golden log"; fi
done
run fight "$sc/street-shootout.json" --seed 2030 --side-policy gang:tactical --json
by_name=$out
run fight "$sc/street-shootout.json" --seed 2030 --side-policy 1:tactical --json
if [ "$rc" -eq 0 ] && [ "$out" = "$by_name" ] && [ "$out" != "$(cat "$golden/street-shootout-2030.jsonl")" ]; then ok
else ko "fight --side-policy: a side by its name or its number, not the simple policy's fight"; fi
run fight "$sc/street-shootout.json" --seed 2030 --policy tactical --side-policy COPS:simple --side-policy gang:simple --json
if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/street-shootout-2030.jsonl")" ]; then ok
else ko "fight --side-policy after --policy: every side back to simple is the golden log"; fi
expect_err "bad policy" 2 "cops: fight: --policy 'clever': simple or tactical (see 'cops help')" \
  fight "$sc/street-shootout.json" --policy clever
expect_err "bad side policy" 2 "cops: fight: --side-policy 'gang': SIDE:simple or SIDE:tactical (see 'cops help')" \
  fight "$sc/street-shootout.json" --side-policy gang
expect_err "unknown side" 2 "cops: fight: --side-policy 'cartel:tactical': no side 'cartel' in the scenario (see 'cops help')" \
  fight "$sc/street-shootout.json" --side-policy cartel:tactical
expect_err "side number" 2 "cops: fight: --side-policy '2:tactical': no side '2' in the scenario (see 'cops help')" \
  fight "$sc/street-shootout.json" --side-policy 2:tactical
# Every example fight scenario has its golden log under both rulesets (issue 18).
for f in bar-brawl covering-fire-standoff street-shootout; do
  for ext in en.txt jsonl; do
    case $ext in jsonl) opt="--json" ;; *) opt="--lang en" ;; esac
    if [ "$f" != street-shootout ]; then
      # shellcheck disable=SC2086
      run fight "$sc/$f.json" --seed 2030 $opt
      if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/$f-2030.$ext")" ]; then ok
      else ko "fight: $f, seed 2030, $ext, is the golden log"; fi
    fi
    # shellcheck disable=SC2086
    run fight "$sc/$f.json" --seed 2030 --rules alternative $opt
    if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/$f-alternative-2030.$ext")" ]; then ok
    else ko "fight --rules alternative: $f, seed 2030, $ext, is the golden log"; fi
  done
done
expect_err "fight: --rules and --resume" 2 \
  "cops: fight: --rules: a saved fight carries its ruleset (see 'cops help')" \
  fight --resume "$tmp/saved.json" --rules core
run sim "$sc/street-shootout.json" -n 200 --seed 5
if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/street-shootout-sim-200-5.txt")" ]; then ok
else ko "sim: 200 fights, seed 5, is the golden summary"; fi
for f in bar-brawl covering-fire-standoff; do
  run fight "$sc/$f.json" --seed 1 --lang en
  case $out in *"The fight is over"*) [ "$rc" -eq 0 ] && ok || ko "fight $f" ;; *) ko "fight $f" ;; esac
done
expect_err "fight: no scenario" 2 \
  "cops: fight: missing SCENARIO, e.g. examples/scenarios/street-shootout.json (see 'cops help')" fight
expect_err "fight: a missing file" 2 "cops: $tmp/none.json: No such file or directory" \
  fight "$tmp/none.json"
printf '{"schema": 1, "name": "x", "combatants": [{"sheet": "s.json"}]}' > "$tmp/bad-scenario.json"
expect_err "fight: a bad scenario names the field" 2 \
  "cops: $tmp/bad-scenario.json: combatants: expected a list of at least two" \
  fight "$tmp/bad-scenario.json"
# Save and resume: the two halves are the uninterrupted fight, byte for byte, at every round.
for at in 0 1 2 3 4; do
  run fight "$sc/street-shootout.json" --seed 2030 --json --save-at $at "$tmp/saved.json"
  first=$out first_rc=$rc
  run fight --resume "$tmp/saved.json" --json
  if [ "$first_rc" -eq 0 ] && [ "$rc" -eq 0 ] && [ -z "$err" ] &&
     [ "$(printf '%s\n%s' "$first" "$out" | sed '/^$/d')" = "$(cat "$golden/street-shootout-2030.jsonl")" ]; then ok
  else ko "fight --save-at $at, then --resume: the golden log"; fi
done
run fight "$sc/street-shootout.json" --seed 2030 --lang en --save-at 100 "$tmp/late.json"
case $out in *"The fight is over"*)
  [ "$rc" -eq 1 ] && [ "$err" = "cops: fight: the fight is over after round 5: nothing saved" ] &&
    [ ! -e "$tmp/late.json" ] && ok || ko "fight --save-at past the end" ;;
  *) ko "fight --save-at past the end: the fight is printed" ;; esac
# The board at a round (--snapshot-at): its round and phase, every combatant, the events
# the log holds: those of the same fight's JSON Lines to that round.
run fight "$sc/street-shootout.json" --seed 2030 --snapshot-at 2
case $out in
  '{"schema":1,"kind":"encounter","round":2,"phase":"between_rounds",'*'"combatants":[{"id":0,'*)
    n=$(printf '%s' "$out" | sed 's/.*"events":\([0-9]*\),.*/\1/')
    run fight "$sc/street-shootout.json" --seed 2030 --json --save-at 2 "$tmp/two.json"
    [ "$rc" -eq 0 ] && [ "$n" -eq "$(printf '%s\n' "$out" | wc -l)" ] && ok ||
      ko "fight --snapshot-at 2: the events of two rounds" ;;
  *) ko "fight --snapshot-at 2" ;; esac
run fight "$sc/street-shootout.json" --seed 2030 --snapshot-at 100
case $out in *'"phase":"over"'*) [ "$rc" -eq 0 ] && ok || ko "fight --snapshot-at past the end" ;;
  *) ko "fight --snapshot-at past the end: the board at the end" ;; esac
run fight --resume "$tmp/two.json" --snapshot-at 0
case $out in *'"round":2,"phase":"between_rounds"'*) [ "$rc" -eq 0 ] && ok ||
  ko "fight --resume --snapshot-at" ;; *) ko "fight --resume --snapshot-at" ;; esac
expect_err "fight: --snapshot-at with --json" 2 \
  "cops: fight: --snapshot-at prints the board alone: not with --save-at, --aftermath, --json or --lang (see 'cops help')" \
  fight "$sc/street-shootout.json" --snapshot-at 1 --json
expect_err "fight: --snapshot-at not a round" 2 \
  "cops: fight: --snapshot-at: '-1' is not a round 0..10000 (see 'cops help')" \
  fight "$sc/street-shootout.json" --snapshot-at -1
# Importing from Roll20 (docs/sheets.md, "Importing from Roll20"): a hand-made export giving
# every attribute of the community COPS sheet, its sheet and report byte for byte.
r20=$sheets/../roll20/delgado.json
missing=
while IFS= read -r attr; do
  case $attr in '#'*|'') continue ;;
    *:*) pat="\"name\": \"repeating_${attr%%:*}_[^\"]*_${attr#*:}\"" ;;
    *_max) pat="\"name\": \"${attr%_max}\", \"current\": [^,]*, \"max\": \"[^\"]" ;;
    *) pat="\"name\": \"$attr\"" ;;
  esac
  tr '\n' ' ' < "$r20" | sed 's/  */ /g' | grep -qi "$pat" || missing="$missing $attr"
done < "$golden/roll20-attributes.txt"
[ -z "$missing" ] && ok || ko "the Roll20 export gives every attribute of the sheet; missing:$missing"
run sheet import --from roll20 "$r20"
if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/roll20-delgado.json")" ] &&
   [ "$err" = "$(cat "$golden/roll20-delgado.report")" ]; then ok
else ko "sheet import --from roll20: the golden sheet and report"; fi
run sheet import --from roll20 --output "$tmp/imported.json" "$r20"
run sheet check "$tmp/imported.json"
[ "$rc" -eq 0 ] && [ "$(cat "$tmp/imported.json")" = "$(cat "$golden/roll20-delgado.json")" ] && ok ||
  ko "sheet import --output: the sheet written, and it reads"
run sheet import --from roll20 --json "$r20"
case $out in '{"sheet":{"schema":4,"name":"Mike Delgado"'*'"report":[{"attribute":"carArmePoing","action":"dropped"'*) [ -z "$err" ] && ok || ko "sheet import --json: nothing on stderr" ;;
  *) ko "sheet import --json: one document, the sheet and the report" ;; esac
printf '%s' '[{"name": "Prenom", "current": "Ana"}, {"name": "Carrure", "current": 6},
 {"name": "Charme", "current": "deux"}, {"name": "ArmePoing", "current": "1"},
 {"name": "ArmeEpaule1", "current": "4"}, {"name": "Adrenaline", "current": 3, "max": 4},
 {"name": "Anciennete", "current": 1, "max": "3"}, {"name": "PV", "current": 99, "max": 50},
 {"name": "armeDescr", "current": "Uzi"}, {"name": "armeM", "current": 20},
 {"name": "armeVRC", "current": 1}, {"name": "armePU", "current": 25},
 {"name": "repeating_contacts_a_contactname", "current": "A"},
 {"name": "repeating_contacts_a_contactlevel", "current": 4},
 {"name": "repeating_contacts_b_contactname", "current": "B"},
 {"name": "repeating_contacts_b_contactlevel", "current": 4},
 {"name": "repeating_contacts_c_contactname", "current": "C"},
 {"name": "repeating_contacts_c_contactlevel", "current": 4}, {"name": "Age", "current": 200}]' > "$tmp/r20-bad.json"
run sheet import --from roll20 "$tmp/r20-bad.json"
for line in "Carrure: corrected: 6 out of range 1..5 (C2): 5" \
    "Charme: dropped: 'deux' is not a whole number: 2" \
    "Coordination: corrected: absent: 2, the Roll20 sheet's default" \
    "ArmePoing: corrected: 1 out of range 2..10 (C3): 2" \
    "ArmeEpaule1: corrected: 4+ needs a specialisation (C3): 6+ without one" \
    "Anciennete_max: corrected: 3 with Adrénaline 4: at most 5 together (C5): 1" \
    "PV_max: corrected: 50: the rules give 35 (20 + 3 x Carrure, C2)" \
    "PV: corrected: 99 out of range -35..35 (C8.2): 35" \
    "armePU: corrected: 25 out of range 0..20: 20" \
    "armeVRC: corrected: 1: a burst is 2 rounds or more (C10.6): none" \
    "repeating_contacts_c_contactname: corrected: C at level 4: a third level 4, at most 2 (C9): 3" \
    "Age: corrected: 200 out of range 0..150: 150"; do
  case $err in *"cops: import: $line"*) ok ;; *) ko "sheet import: reports '$line'" ;; esac
done
case $out in *'"name": "Ana"'*'"Carrure": 5'*'"Arme d'"'"'épaule",'*'"level": "6+"'*) [ "$rc" -eq 0 ] && ok || ko "sheet import: corrected sheet: exit $rc" ;;
  *) ko "sheet import: the corrected sheet" ;; esac
printf '[{' > "$tmp/r20-cut.json"
expect_err "sheet import: not JSON" 2 \
  "cops: $tmp/r20-cut.json: line 1, column 2: string or '}' expected" \
  sheet import --from roll20 "$tmp/r20-cut.json"
printf '{"name": "x"}' > "$tmp/r20-none.json"
expect_err "sheet import: no attributes" 2 \
  "cops: $tmp/r20-none.json: expected Roll20's attributes: a list of {\"name\", \"current\"}, or an object with them under \"attribs\"" \
  sheet import --from roll20 "$tmp/r20-none.json"
expect_err "sheet import: another format" 2 \
  "cops: sheet import: --from foundry: roll20 (the only format read) (see 'cops help')" \
  sheet import --from foundry "$r20"
expect_err "sheet import: no file" 2 "cops: sheet import: one FILE expected (see 'cops help')" \
  sheet import --from roll20

# --root DIR: every file a command reads or writes under DIR; strangers' files quoted never.
mkdir -p "$tmp/root/sheets"
printf '{"schema":1,"name":"e","combatants":[{"sheet":"/etc/passwd","side":"a"},{"sheet":"/etc/passwd","side":"b"}]}' > "$tmp/root/evil.json"
expect_err "fight --root: an absolute sheet" 2 \
  "cops: evil.json: combatants[0].sheet: /etc/passwd: an absolute path, outside the confinement" \
  --root "$tmp/root" fight evil.json
run fight "$tmp/root/evil.json"
case $err in *root:*|*"near"*) ko "fight: an error quotes a file's content" ;; *) ok ;; esac
run --root "$tmp/root" sheet import --from roll20 /etc/passwd
case $err in *"an absolute path, outside the confinement"*) [ "$rc" -eq 2 ] && ok || ko "sheet import --root: exit $rc" ;;
  *) ko "sheet import --root: a file outside is refused" ;; esac
cp "$sc/street-shootout.json" "$tmp/root/"
cp -r "$sc/../sheets" "$sc/../weapons" "$sc/../armour" "$tmp/" 2>/dev/null
run --root "$tmp/root" fight street-shootout.json --seed 1 --save-at 1 ../escaped.json
case $err in *"outside the confinement"*)
  [ "$rc" -eq 2 ] && [ ! -e "$tmp/escaped.json" ] && ok || ko "fight --root: a save out of the root" ;;
  *) ko "fight --root --save-at ../: refused" ;; esac
mkdir -p "$tmp/root2/scenarios"
cp -r "$sc/../sheets" "$sc/../weapons" "$sc/../armour" "$tmp/root2/"
cp "$sc/street-shootout.json" "$tmp/root2/scenarios/"
run fight --root="$tmp/root2" scenarios/street-shootout.json --seed 2030 --json --save-at 2 saved.json
[ "$rc" -eq 0 ] && [ -f "$tmp/root2/saved.json" ] && [ ! -e saved.json ] && ok ||
  ko "fight --root: the scenario's files and the save relative to the root"
expect_err "--root: not a folder" 2 "cops: --root: '$tmp/nothing' is not a folder (see 'cops help')" \
  --root "$tmp/nothing" roll 4+/3
expect_err "fight: --resume and --seed" 2 \
  "cops: fight: --seed: a saved fight carries its dice (see 'cops help')" \
  fight --resume "$tmp/saved.json" --seed 3
expect_err "fight: --save-at needs two values" 2 \
  "cops: fight: --save-at needs a ROUND and a FILE (see 'cops help')" \
  fight "$sc/street-shootout.json" --save-at 2
printf '{"schema": 1, "type": "libcops-encounter"}' > "$tmp/bad-save.json"
expect_err "fight: a bad save names the field" 2 \
  "cops: $tmp/bad-save.json: ruleset: expected \"core\" or \"alternative\"" \
  fight --resume "$tmp/bad-save.json"
expect_err "sim: a bad run count" 2 "cops: sim: -n '0' is not a number 1..100000000 (see 'cops help')" \
  sim "$sc/street-shootout.json" -n 0

run help
case $out in "usage: cops COMMAND"*"  sim "*) [ "$rc" -eq 0 ] && ok || ko help ;; *) ko help ;; esac
# Each command's own help, through --help (anywhere) and cops help COMMAND.
for c in roll odds sheet attack fight sim version help; do
  run "$c" --help
  first=$(printf '%s\n' "$out" | head -n 1)
  case $first in "usage: cops $c"*) [ "$rc" -eq 0 ] && [ -z "$err" ] && ok || ko "$c --help" ;;
    *) ko "$c --help" ;; esac
  run help "$c"
  [ "$rc" -eq 0 ] && [ "$(printf '%s\n' "$out" | head -n 1)" = "$first" ] && ok || ko "help $c"
done
run sim --help
case $out in *"95 %"*) case $out in *"%%"*) ko "help prints %%" ;; *) ok ;; esac ;; *) ko "sim help" ;; esac
expect_err "fight: a language the library lacks" 2 "cops: fight: --lang 'de': fr, en or es (see 'cops help')" \
  fight "$ex/scenarios/street-shootout.json" --lang de
expect_err "help of nothing" 2 "cops: help: unknown command 'nope' (see 'cops help')" help nope
# --version anywhere before --, as the command version too.
version=$("$cops" version)
case $version in "cops "*" (libcops "*")") ok ;; *) ko "version: $version" ;; esac
for args in "--version" "roll --version" "fight x.json --version" "sim --seed 3 --version"; do
  # shellcheck disable=SC2086
  expect_out "$args" "$version" $args
done
expect_err "--version after --" 2 \
  "cops: --version: column 1: expected a threshold such as 4+ or a skill name, found '-'" \
  roll -- --version

# The simulator (issue 18): fight i seeded from the seed and i — the same figures for any
# number of threads and any split of the fights; summaries merged; fight 0 is cops fight.
run sim "$sc/street-shootout.json" -n 600 --seed 5 --json
whole=$out
for j in 1 2 3; do
  run sim "$sc/street-shootout.json" -n 600 --seed 5 --json --jobs "$j"
  [ "$rc" -eq 0 ] && [ "$out" = "$whole" ] && ok || ko "sim --jobs $j: not the same summary"
done
"$cops" sim "$sc/street-shootout.json" -n 250 --seed 5 --json > "$tmp/sim-a.json"
"$cops" sim "$sc/street-shootout.json" -n 350 --from 250 --seed 5 --json --jobs 2 > "$tmp/sim-b.json"
run sim --merge "$tmp/sim-b.json" "$tmp/sim-a.json" --json
[ "$rc" -eq 0 ] && [ "$out" = "$whole" ] && ok || ko "sim --merge of two ranges: not the whole"
run sim --merge "$tmp/sim-b.json"
case $out in "Fusillade sur Alvarado Street: "*" fights, seed 5, runs 250..599"*) ok ;;
  *) ko "sim --merge: the ranges said" ;; esac
expect_err "sim --merge: overlapping fights" 2 \
  "cops: $tmp/sim-a.json: fights 0..249 overlap the summary's 0..249" \
  sim --merge "$tmp/sim-a.json" "$tmp/sim-a.json"
"$cops" sim "$sc/street-shootout.json" -n 10 --from 600 --seed 6 --json > "$tmp/sim-c.json"
expect_err "sim --merge: another seed" 2 \
  "cops: $tmp/sim-c.json: the summaries have other seeds: fight i of one is not fight i of the other" \
  sim --merge "$tmp/sim-a.json" "$tmp/sim-c.json"
"$cops" sim "$sc/bar-brawl.json" -n 10 --from 600 --seed 5 --json > "$tmp/sim-d.json"
run sim --merge "$tmp/sim-a.json" "$tmp/sim-d.json"
case $err in "cops: $tmp/sim-d.json: the summaries are of other scenarios"*) [ "$rc" -eq 2 ] && ok || ko "sim --merge: another scenario: exit $rc" ;;
  *) ko "sim --merge: another scenario" ;; esac
# A study under the tactical policy (issue 41): the summary records each combatant's
# policy, the same for any --jobs; fight 0 is cops fight's; a summary under other policies
# does not merge.
run sim "$sc/street-shootout.json" -n 40 --seed 5 --side-policy gang:tactical --json
tac=$out
run sim "$sc/street-shootout.json" -n 40 --seed 5 --side-policy gang:tactical --json --jobs 2
[ "$rc" -eq 0 ] && [ "$out" = "$tac" ] && ok || ko "sim --side-policy --jobs 2: not the same summary"
case $tac in *'"name": "Mike Delgado",'*'"policy": "tactical"'*) ok ;; *) ko "sim --side-policy: the policies recorded" ;; esac
"$cops" sim "$sc/street-shootout.json" -n 10 --from 40 --seed 5 --json > "$tmp/sim-e.json"
printf '%s\n' "$tac" > "$tmp/sim-f.json"
run sim --merge "$tmp/sim-f.json" "$tmp/sim-e.json"
case $err in *"of other sides, combatants or policies"*) [ "$rc" -eq 2 ] && ok || ko "sim --merge: other policies: exit $rc" ;;
  *) ko "sim --merge: other policies" ;; esac
run sim "$sc/street-shootout.json" -n 1 --seed 5 --side-policy gang:tactical --json
one=$(printf '%s' "$out" | tr -d ' \n')
run fight "$sc/street-shootout.json" --seed 5 --side-policy gang:tactical --json
last=$(printf '%s\n' "$out" | tail -1)
case $last in *'"winner":1}'*) case $one in *'"sides":[{"name":"COPS","wins":0},{"name":"gang","wins":1}]'*) ok ;; *) ko "sim -n 1 --side-policy: fight 0's winner" ;; esac ;;
  *'"winner":0}'*) case $one in *'"sides":[{"name":"COPS","wins":1},{"name":"gang","wins":0}]'*) ok ;; *) ko "sim -n 1 --side-policy: fight 0's winner" ;; esac ;;
  *) ko "fight --side-policy: no winner" ;; esac
expect_err "sim: bad policy" 2 "cops: sim: --policy 'smart': simple or tactical (see 'cops help')" \
  sim "$sc/street-shootout.json" -n 5 --policy smart
# Two rulesets compared on one scenario (issue 18): the same fights for any --jobs, every
# line of the table, and the refusals.
run sim --compare core,alternative "$sc/street-shootout.json" -n 60 --seed 5 --json
cmp1=$out
run sim --compare core,alternative "$sc/street-shootout.json" -n 60 --seed 5 --json --jobs 2
[ "$rc" -eq 0 ] && [ "$out" = "$cmp1" ] && ok || ko "sim --compare --jobs 2: not the same comparison"
case $cmp1 in *'"type": "sim-compare"'*'"rules": ['*'"core",'*'"alternative"'*'"lethality"'*) ok ;;
  *) ko "sim --compare --json: the comparison of both rulesets" ;; esac
run sim --compare core,alternative "$sc/bar-brawl.json" -n 40 --seed 5
case $out in "Bagarre au Rusty Nail: core (40 fights) and alternative (40 fights), the same seeds"*"wins"*"lethality (dead per combatant)"*"rounds (mean)"*) [ "$rc" -eq 0 ] && ok || ko "sim --compare: exit $rc" ;;
  *) ko "sim --compare: the table of both rulesets" ;; esac
expect_err "sim --compare: one ruleset" 2 \
  "cops: sim: --compare 'core': two rulesets, e.g. core,alternative (see 'cops help')" \
  sim --compare core "$sc/street-shootout.json" -n 10
expect_err "sim --compare: an unknown ruleset" 2 \
  "cops: sim: --compare 'core,house': rulesets are core and alternative (see 'cops help')" \
  sim --compare core,house "$sc/street-shootout.json" -n 10
# Unseeded studies merge too, numbered apart by --from (their dice are the system's).
"$cops" sim "$sc/street-shootout.json" -n 30 --json > "$tmp/sim-u1.json"
"$cops" sim "$sc/street-shootout.json" -n 30 --from 30 --json > "$tmp/sim-u2.json"
run sim --merge "$tmp/sim-u1.json" "$tmp/sim-u2.json"
case $out in "Fusillade sur Alvarado Street: "*" fights"*) case $out in *seed*) ko "sim --merge unseeded: a seed" ;; *) ok ;; esac ;;
  *) ko "sim --merge of unseeded studies" ;; esac
expect_err "sim --jobs of a chase" 2 \
  "cops: sim: --jobs, --from, --json, --policy and --side-policy are for a fight's scenario, not a chase file (see 'cops help')" \
  sim "$ex/scenarios/sunset-chase.json" --jobs 2
expect_err "sim --jobs 0" 2 "cops: sim: --jobs '0' is not a number 1..64 (see 'cops help')" \
  sim "$sc/street-shootout.json" --jobs 0
run sim "$sc/street-shootout.json" -n 1 --seed 2030 --json
one=$(printf '%s' "$out" | tr -d ' \n')
run fight "$sc/street-shootout.json" --seed 2030 --json
case $one in *'"sides":[{"name":"COPS","wins":1}'*'"rounds":5,'*)
  case $out in *'"round":5,"type":"end"'*'"winner":0}') ok ;; *) ko "sim: fight 0 is cops fight (fight)" ;; esac ;;
  *) ko "sim: fight 0 is cops fight (sim $one)" ;; esac

# cops sim keeps the finished fights when a scripted declaration becomes impossible by chance
# (its target died first): they are counted and left out, never an exit 2 (issue 12).
cat >"$tmp/dead.json" <<EOF
{"schema": 1, "name": "Duel", "combatants": [
 {"sheet": "$sheets/mike.json", "side": "a", "position": [0, 0], "weapons": ["$ex/weapons/vulcan-051.json"]},
 {"sheet": "$sheets/joe.json", "side": "b", "position": [2, 0], "weapons": ["$ex/weapons/vulcan-051.json"]},
 {"sheet": "$sheets/sarah.json", "side": "a", "position": [1, 0], "weapons": ["$ex/weapons/vulcan-051.json"]},
 {"sheet": "$sheets/joe.json", "side": "b", "position": [300, 0]}],
 "rounds": [{"round": 3, "declarations": [{"combatant": "Sarah Okafor", "action": "shoot", "target": 1}]}]}
EOF
run sim "$tmp/dead.json" -n 300 --seed 1
case $out in *"fights stopped on a scripted declaration"*) [ "$rc" -eq 0 ] && ok || ko "sim: exit $rc" ;;
  *) ko "sim: stopped fights reported" ;; esac

# A sheet's file name is one argument, spaces and length as they come (issue 12).
mkdir -p "$tmp/a dir"
cp "$sheets/mike.json" "$tmp/a dir/mike sheet.json"
run sheet check "$tmp/a dir/mike sheet.json"
[ "$rc" -eq 0 ] && [ "$out" = "$tmp/a dir/mike sheet.json: ok (Mike Delgado)" ] && ok || ko "sheet: a path with a space"
run sheet check "$tmp/$(printf '%01100d' 0).json"
case $err in *notation*) ko "sheet: a long path is no notation" ;; "cops: "*) [ "$rc" -eq 2 ] && ok || ko "sheet: long path exit $rc" ;; *) ko "sheet: long path" ;; esac

# Wounds over time (issue 15): treatments with scripted dice, time, rest, the odds,
# sheets written only when asked, errors; a fight's aftermath.
sed 's/"current": 12/"current": -5/' "$sheets/joe.json" > "$tmp/dying.json"
expect_out "heal: stabilise (C8.5), scripted" \
"Mike Delgado — stabilises: 7+/4 (1) [9, 9, 9, 9], 4 successes, success (MR 3)
Joe « Scar » Ramirez — stabilised: -5 → -2 hit points (dying)
Joe « Scar » Ramirez is stabilised: 1 hit point every 10 rounds
Joe « Scar » Ramirez: -2/30 hit points (dying), clock 0 s" \
  heal stabilise "$tmp/dying.json" --healer "$sheets/mike.json" --dice 9,9,9,9 --lang en \
  --write "$tmp/stable.json"
expect_out "heal: the dying bleed by the clock (C8.2, C8.8)" \
"Joe « Scar » Ramirez : 9 s passent
Joe « Scar » Ramirez saigne : -5 → -6 points de vie (mourant)
Joe « Scar » Ramirez saigne : -6 → -7 points de vie (mourant)
Joe « Scar » Ramirez : -7/30 points de vie (mourant), horloge 9 s" \
  heal wait "$tmp/dying.json" 9s
run sheet check "$tmp/stable.json"
[ "$rc" -eq 0 ] && ok || ko "heal --write: the sheet reads back"
run sheet show --lang en "$tmp/stable.json"
case $out in *"Hit points -2/30 (dying)
Clock 0 s; bleeding: 1 hit point every 10 round(s)"*) ok ;; *) ko "sheet show: the wound" ;; esac
expect_out "heal: stabilised, a loss every 30 s (C8.5, C8.8)" \
"Joe « Scar » Ramirez: 1 min pass
Joe « Scar » Ramirez bleeds: -2 → -3 hit points (dying)
Joe « Scar » Ramirez bleeds: -3 → -4 hit points (dying)
Joe « Scar » Ramirez: -4/30 hit points (dying), clock 60 s" \
  heal wait "$tmp/stable.json" 1m --lang en
expect_out "heal: hospital, a fixed 8 a day (C8.6)" \
'{"schema":2,"seq":0,"round":0,"type":"rest","actor":null,"actor_id":null,"target":"Joe « Scar » Ramirez","target_id":0,"rest":"hospital","fixed":8,"clock":0}
{"schema":2,"seq":1,"round":0,"type":"bleeding","actor":null,"actor_id":null,"target":"Joe « Scar » Ramirez","target_id":0,"period":0,"clock":0}' \
  heal rest "$tmp/stable.json" hospital --fixed 8 --json --write "$tmp/hospital.json"
run heal wait "$tmp/hospital.json" 2d --lang en
case $out in *"a day in hospital: -2 → 6 hit points"*"a day in hospital: 6 → 14 hit points"*) ok ;;
  *) ko "heal: two days in hospital" ;; esac
expect_err "heal: no discharge with 10 damage or more (C8.6)" 2 \
  "cops: no hospital discharges Joe « Scar » Ramirez with 32 damage (10 or more, or at 0 hit points or fewer: C8.6)" \
  heal rest "$tmp/hospital.json" none
expect_err "heal: first aid needs more than 0 (C8.8)" 2 \
  "cops: the healer Joe « Scar » Ramirez is dying and cannot act (C8.2)" heal first-aid "$tmp/dying.json"
expect_err "heal: first aid on the dying (C8.8)" 2 \
  "cops: Joe « Scar » Ramirez is at -5 hit points: first aid needs more than 0; stabilise the dying (C8.5, C8.8)" \
  heal first-aid "$tmp/dying.json" --healer "$sheets/mike.json" --seed 1
run heal stabilise "$tmp/dying.json" --healer "$sheets/mike.json" --odds --json
case $out in '{"kind":"stabilise","success":0.8704'*'"cap":35,'*) [ "$rc" -eq 0 ] && ok || ko "heal --odds exit" ;;
  *) ko "heal --odds: 1 - 0.6^4" ;; esac
expect_err "heal: unknown action" 2 \
  "cops: heal: unknown action 'bandage': first-aid, stabilise, medicine, wait, rest, night, revive or final (see 'cops help')" \
  heal bandage "$tmp/dying.json"
expect_err "heal: a bad time" 2 \
  "cops: heal wait: '3 weeks' is not a time such as 90s, 10m, 2h or 3d (at most 2000000000 seconds) (see 'cops help')" \
  heal wait "$tmp/dying.json" "3 weeks"
expect_err "heal: --odds draws no die" 2 \
  "cops: heal: --odds draws no die: no --seed, --dice, --lang or --write (see 'cops help')" \
  heal stabilise "$tmp/dying.json" --odds --seed 1
run sheet show --json "$tmp/dying.json"
case $out in *'"current": -5'*) ok ;; *) ko "heal without --write leaves the sheet" ;; esac
run fight "$ex/scenarios/street-shootout.json" --seed 2030 --aftermath --lang en
case $out in *"The fight is over: side COPS wins
Mike Delgado — stabilises: 7+/4 (1) [9, 7, 3, 10→7], 4 successes, success (MR 3)
Joe « Scar » Ramirez — stabilised: -10 → -7 hit points (dying)"*"Rico Salas is clinically dead") ok ;;
  *) ko "fight --aftermath" ;; esac
expect_err "fight: --aftermath and --save-at" 2 \
  "cops: fight: --aftermath comes after the fight: not with --save-at (see 'cops help')" \
  fight "$ex/scenarios/street-shootout.json" --aftermath --save-at 1 "$tmp/s.json"

# Chases (issue 16): a chase file, seed 2030, narrated and as JSON Lines, against the golden
# logs; cops sim of a chase file; errors.
# The car chase with a passenger who shoots and the foot chase that ends in a tackle too.
for name in sunset-chase harbor-freeway-pursuit skid-row-tackle; do
  for form in en jsonl; do
    case $form in jsonl) opt="--json" ;; *) opt="--lang $form" ;; esac
    ext=$form; [ "$form" = jsonl ] || ext=$form.txt
    # shellcheck disable=SC2086
    run chase "$ex/scenarios/$name.json" --seed 2030 $opt
    if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/$name-2030.$ext")" ] && [ -z "$err" ]; then ok
    else ko "chase: $name, seed 2030, $form, is the golden log"; fi
  done
done
case $(cat "$golden/skid-row-tackle-2030.en.txt") in
  *"Dana Brooks (Normal, init +0) tries to throw Tommy Vega"*"Tommy Vega is forced to stop
Round 3 — The chase is over: Tommy Vega is caught") ok ;;
  *) ko "the foot chase ends in a tackle" ;; esac
case $(cat "$golden/harbor-freeway-pursuit-2030.en.txt") in
  *"Sarah Okafor (Normal, init +0) shoots at Vince Ortega with Vulcan 051 at 8 m"*) ok ;;
  *) ko "the passenger shoots" ;; esac
for at in 2 4; do   # passengers, their weapons and their last actions saved and resumed
  run chase "$ex/scenarios/harbor-freeway-pursuit.json" --seed 2030 --json --save-at "$at" "$tmp/chase.json"
  first=$out
  run chase --resume "$tmp/chase.json" --json
  if [ "$rc" -eq 0 ] &&
     [ "$(printf '%s\n%s' "$first" "$out" | sed '/^$/d')" = "$(cat "$golden/harbor-freeway-pursuit-2030.jsonl")" ]; then ok
  else ko "chase --save-at $at, then --resume, with passengers: the golden log"; fi
done
for at in 0 3 6; do   # saved after round N, resumed: the golden log
  run chase "$ex/scenarios/sunset-chase.json" --seed 2030 --json --save-at "$at" "$tmp/chase.json"
  first=$out
  run chase --resume "$tmp/chase.json" --json
  if [ "$rc" -eq 0 ] &&
     [ "$(printf '%s\n%s' "$first" "$out" | sed '/^$/d')" = "$(cat "$golden/sunset-chase-2030.jsonl")" ]; then ok
  else ko "chase --save-at $at, then --resume: the golden log"; fi
done
expect_err "chase: --resume and --seed" 2 \
  "cops: chase: --seed: a saved chase carries its dice (see 'cops help')" \
  chase --resume "$tmp/chase.json" --seed 3
run sim "$ex/scenarios/alley-foot-chase.json" -n 200 --seed 4
case $out in "The alleys behind the Million Dollar Theater: 200 chases, seed 4
result (95 % interval)
  escaped "*"participants: lost or stopped, wrecked
  Kid Moreno "*) [ "$rc" -eq 0 ] && ok || ko "sim of a chase: exit $rc" ;;
  *) ko "sim of a chase" ;; esac
run chase "$ex/scenarios/sunset-chase.json" --odds 1
case $out in "Mike Delgado (5 white, 0 black) against Lupe Reyes declaring 1 (the default policy)
declare  success   both  only me  only other  neither  loses  makes lose  crash
      1   99.76%"*) [ "$rc" -eq 0 ] && ok || ko "chase --odds exit" ;; *) ko "chase --odds" ;; esac
expect_err "chase --odds draws no die" 2 \
  "cops: chase: --odds draws no die and narrates nothing: no --seed or --lang (see 'cops help')" \
  chase "$ex/scenarios/sunset-chase.json" --odds 1 --seed 3
expect_err "chase: a fight is no chase" 2 \
  "cops: $ex/scenarios/street-shootout.json: type: expected \"chase\"" \
  chase "$ex/scenarios/street-shootout.json"
expect_err "chase: missing file" 2 \
  "cops: chase: missing CHASE file, e.g. examples/scenarios/sunset-chase.json (see 'cops help')" chase

# A2.3: a failed covering fire makes no zone: no nerve roll for Sarah, nothing pinned, the
# bullets spent; six faces are the whole of it.
run attack --rules alternative --attacker "$sheets/mike.json" --target "$sheets/sarah.json" \
  --weapon "$ex/weapons/scorpion-131.json" --mode cover --bullets 12 --distance 8 \
  --dice 1,2,3,4,1,2 --json
case $out in *'"purpose":"nerve"'*|*'"pinned"'*) ko "a2.3 failed cover: no nerve roll" ;;
  *'"type":"ammunition"'*'"used":12,"loaded":18}'*'"fired":12,"success":false,"margin":0,"zone":null}')
  [ "$rc" -eq 0 ] && [ -z "$err" ] && ok || ko "a2.3 failed cover exit" ;;
  *) ko "a2.3 failed cover" ;; esac

# C8.2: at 0 hit points one cannot roll, unless the GM says the roll is not an action.
sed 's/"current": 29/"current": 0/' "$sheets/mike.json" >"$tmp/mike-down.json"
expect_err "roll: unconscious" 2 \
  "cops: Arme de poing/Coordination (2): the character Mike Delgado is unconscious and cannot act (C8.2)" \
  roll --sheet "$tmp/mike-down.json" --dice 9,9,9 "Arme de poing/Coordination (2)"
expect_out "roll: not an action" \
"Mike Delgado: Arme de poing/Coordination (2)
5+/3 (2) -1D: 2 dice at 5+, difficulty 2
dice: [9, 4]
1 success: failure, ME 1" \
  roll --sheet "$tmp/mike-down.json" --not-an-action --dice 9,4 "Arme de poing/Coordination (2)"
expect_err "roll: --not-an-action needs a sheet" 2 \
  "cops: roll: --adrenaline, --anciennete and --not-an-action need a character: --sheet FILE (see 'cops help')" \
  roll --not-an-action "4+/3 (2)"

# Interrogations (issue 17): the odds of each approach, best first; errors.
run interrogate "$ex/subjects/hardened-gang-member.json" --sheet "$sheets/sarah.json" --odds --lang en
case $out in "Luis « Tecato » Reyes, Eastside Locos questioned by Sarah Okafor: the odds of each approach, best first (C4)
method        attitude        win     tie    lose  essential      +1      +2   tiers
Rhetoric      Cold         95.31%   3.91%   0.78%     95.31%  83.06%  60.05%   2.90
Eloquence     Cold         90.98%   6.67%   2.35%     90.98%  75.45%  51.38%   2.58"*) [ "$rc" -eq 0 ] && ok || ko "interrogate --odds exit" ;;
  *) ko "interrogate --odds" ;; esac
run interrogate "$ex/subjects/hardened-gang-member.json" --sheet "$sheets/sarah.json" --odds --affinity --failures 1
case $out in *"
Rhétorique    Froid        94.39%   4.64%   0.97%     94.39%  94.39%  80.81%   3.73"*) ok ;;
  *) ko "interrogate --odds --affinity --failures 1 (the free point moves the tiers, not the win)" ;; esac
run interrogate "$ex/subjects/hardened-gang-member.json" --sheet "$sheets/sarah.json" --odds --anciennete --json
case $out in '{"subject":"Luis « Tecato » Reyes, Eastside Locos","approaches":[{"method":"Rhétorique","attitude":"Froid","win":0.99'*) ok ;;
  *) ko "interrogate --odds --anciennete: a lost roll again" ;; esac
expect_err "interrogate: no --sheet" 2 \
  "cops: interrogate: SUBJECT --sheet COP, e.g. examples/subjects/frightened-witness.json --sheet examples/sheets/sarah.json (or --resume FILE) (see 'cops help')" \
  interrogate "$ex/subjects/frightened-witness.json" --odds
expect_err "interrogate: nothing to do" 2 \
  "cops: interrogate: nothing to do: --evaluate, --method and --attitude, --evidence, --odds or --save (see 'cops help')" \
  interrogate "$ex/subjects/frightened-witness.json" --sheet "$sheets/mike.json"
expect_err "interrogate: --method alone" 2 \
  "cops: interrogate: --method and --attitude go together (see 'cops help')" \
  interrogate "$ex/subjects/frightened-witness.json" --sheet "$sheets/mike.json" --method Intimidation
expect_err "interrogate: no such method" 2 \
  "cops: interrogate: --method: 'Psychologie' is none of Intimidation, Éloquence, Rhétorique (C4.2) (see 'cops help')" \
  interrogate "$ex/subjects/frightened-witness.json" --sheet "$sheets/mike.json" --method Psychologie --attitude Poli
# C4.7: what a failure did to the subject is the subject's: Mike's failed Intimidation (seed 1)
# written back with --write bars it for Sarah, and Luis resists her +1.
cp "$ex/subjects/hardened-gang-member.json" "$tmp/luis.json"
run interrogate "$tmp/luis.json" --sheet "$sheets/mike.json" --method Intimidation \
  --attitude Agressif --seed 1 --write "$tmp/luis.json" --json
case $out in *'"type":"barred","actor":"Mike Delgado","actor_id":0,'*'"skill":"intimidation","resistance":1'*)
  [ "$rc" -eq 0 ] && ok || ko "interrogate --write exit" ;;
  *) ko "interrogate --write: Mike fails" ;; esac
subject_state=$(tr -d ' \n' <"$tmp/luis.json")
case $subject_state in *'"barred":["intimidation"],"resistance_up":1}') ok ;;
  *) out=$subject_state; ko "interrogate --write: the subject keeps it" ;; esac
expect_err "interrogate: barred for the next cop too" 2 \
  "cops: Intimidation is barred on Luis « Tecato » Reyes, Eastside Locos after a failed interrogation (C4.7): new evidence opens it again" \
  interrogate "$tmp/luis.json" --sheet "$sheets/sarah.json" --method Intimidation --attitude Froid --seed 1
run interrogate "$tmp/luis.json" --sheet "$sheets/sarah.json" --method Rhétorique --attitude Froid \
  --seed 1 --json
case $out in *'"type":"approach","actor":"Sarah Okafor","actor_id":0,'*'"skill":"rhetorique",'*'"resistance":1,'*)
  [ "$rc" -eq 0 ] && ok || ko "interrogate: Sarah's exit" ;;
  *) ko "interrogate: Sarah meets the raised resistance" ;; esac
run interrogate "$tmp/luis.json" --sheet "$sheets/sarah.json" --odds --lang en
case $out in *Intimidation*) ko "interrogate --odds: a barred method left out" ;;
  *Rhetoric*) ok ;; *) ko "interrogate --odds of the subject written back" ;; esac
expect_err "interrogate: --write without a step" 2 \
  "cops: interrogate: --write keeps what a step did to the subject: give one (--evaluate, --method and --attitude, --evidence) (see 'cops help')" \
  interrogate "$tmp/luis.json" --sheet "$sheets/sarah.json" --odds --write "$tmp/x.json"
expect_err "interrogate: no such trait" 2 \
  "cops: interrogate: --evaluate: 'Carrure' is none of Sang-froid, Charme, Éducation or an attitude (Agressif, Inquisiteur, Froid, Poli, Amical) (see 'cops help')" \
  interrogate "$ex/subjects/frightened-witness.json" --sheet "$sheets/mike.json" --evaluate Charme,Carrure

# The interview (issue 17): a worked interview in three calls, saved and resumed between
# them — the evaluation and a failed Intimidation (the method barred, resistance +1), a won
# Rhétorique (two facts), new evidence and a second failure — against the golden logs.
interview() {
  run interrogate "$ex/subjects/hardened-gang-member.json" --sheet "$sheets/sarah.json" \
    --evaluate all --method Intimidation --attitude Agressif --seed 2030 "$@" --save "$tmp/iv1.json"
  all=$out; rcs=$rc
  run interrogate --resume "$tmp/iv1.json" --method Rhétorique --attitude Froid "$@" --save "$tmp/iv2.json"
  all=$(printf '%s\n%s' "$all" "$out"); rcs="$rcs$rc"
  run interrogate --resume "$tmp/iv2.json" --evidence --method Intimidation --attitude Froid "$@"
  all=$(printf '%s\n%s' "$all" "$out"); rcs="$rcs$rc"
}
for form in en.txt:"--lang en" jsonl:--json; do
  ext=${form%%:*}
  # shellcheck disable=SC2086
  interview ${form#*:}
  if [ "$rcs" = 000 ] && [ "$all" = "$(cat "$golden/gang-member-interview-2030.$ext")" ]; then ok
  else ko "interrogate: the worked interview, seed 2030, $ext, is the golden log"; fi
done
case $(cat "$golden/gang-member-interview-2030.en.txt") in
  *"Intimidation can no longer be used"*"resistance +1 from failures"*"reveals (tier 1)"*"New evidence"*) ok ;;
  *) ko "the golden interview shows a bar, the resistance, a fact and new evidence" ;; esac
expect_err "interrogate: a barred method" 2 \
  "cops: Intimidation is barred on Luis « Tecato » Reyes, Eastside Locos after a failed interrogation (C4.7): new evidence opens it again" \
  interrogate --resume "$tmp/iv1.json" --method Intimidation --attitude Poli
expect_err "interrogate: evaluated already" 2 \
  "cops: the evaluation is the first contact, once an interview (C4.1)" \
  interrogate --resume "$tmp/iv1.json" --evaluate all
run interrogate --resume "$tmp/iv2.json" --odds --lang en
case $out in *"(as the interrogator sees them: --gm for the true odds)"*) 
  case $out in *Intimidation*) ko "interrogate --odds of an interview: a barred method left out" ;; *) ok ;; esac ;;
  *) ko "interrogate --odds of an interview: the interrogator's view" ;; esac
run interrogate --resume "$tmp/iv2.json" --odds --gm --json
case $out in '{"subject":"Luis « Tecato » Reyes, Eastside Locos","approaches":[{"method":"Rhétorique","attitude":"Froid"'*) ok ;;
  *) ko "interrogate --odds --gm of an interview" ;; esac
expect_err "interrogate: a refused step prints and saves nothing, not the steps before it" 2 \
  "cops: the evaluation is the first contact, once an interview (C4.1)" \
  interrogate --resume "$tmp/iv1.json" --evidence --evaluate all --save "$tmp/iv-none.json"
[ ! -e "$tmp/iv-none.json" ] && ok || ko "interrogate: a refused step wrote its save"
expect_err "interrogate: --resume and --seed" 2 \
  "cops: interrogate: --seed: a saved interview carries its dice (see 'cops help')" \
  interrogate --resume "$tmp/iv1.json" --evidence --seed 3
expect_err "interrogate: a chase save is no interview" 2 \
  "cops: $tmp/chase.json: type: expected \"interview-save\"" \
  interrogate --resume "$tmp/chase.json" --evidence
expect_err "interrogate: a sheet is no subject" 2 \
  "cops: $sheets/mike.json: type: expected \"subject\"" \
  interrogate "$sheets/mike.json" --sheet "$sheets/mike.json" --odds

# The optional Storyteller module (docs/storyteller.md): pools at 8+, 10-again, the chance die.
if "$cops" st odds 1 >/dev/null 2>&1; then
  expect_out "st: 10-again in waves (ST-A1, ST-A37)" \
"5: 5 dice
dice: [7, 8, 10→9, 1, 10→10→3]
5 successes" \
    st roll --dice 7,8,10,1,10,9,10,3 5
  expect_out "st: a chance die's 1 (ST-A2)" \
"1-2 9-again: -1 dice after modifiers: one chance die
dice: [1]
0 successes: dramatic failure" \
    st roll --dice 1 1-2 9-again
  expect_out "st: the coup de grace (§6.12, ST-A30)" \
"9 all-8s: every die counts as an 8 (no roll)
dice: [8, 8, 8, 8, 8, 8, 8, 8, 8]
9 successes" \
    st roll "9 all-8s"
  expect_out "st: json" \
'{"kind":"st","pool":"0","dice_pool":0,"threshold":8,"again":10,"mode":"dice","chance":true,"dice":[{"face":10,"success":true,"reroll_of":null},{"face":8,"success":true,"reroll_of":0}],"successes":2,"success":true,"dramatic":false,"capped":false}' \
    st roll --json --dice 10,8 0
  run st odds 3
  case $out in "3: 1.000 successes expected"*"         1   39.690 %   65.700 %"*) ok ;; *) ko "st odds" ;; esac
  run st odds 12 --vs 6
  case $out in *"opposed (ST §0.4): the first wins 74.247 %, the second 13.426 %, no winner 12.328 %") ok ;;
    *) ko "st odds --vs" ;; esac
  run st roll --seed 2030 --json "6 8-again"
  case $out in '{"kind":"st","pool":"6 8-again","dice_pool":6,'*'"successes":1,'*) ok ;; *) ko "st seeded" ;; esac
  expect_err "st: a bad pool" 2 \
    "cops: st roll: '5 fast': column 3: 'fast' is none of 8-again, 9-again, 10-again, no-again, 2+ .. 10+, all-8s, average, no-chance" \
    st roll 5 fast
  expect_err "st: no pool" 2 "cops: st odds: missing POOL, e.g. \"4+3-2 9-again\" (see 'cops help')" st odds
  expect_err "st: unknown verb" 2 "cops: st: unknown 'dance': roll, odds, attack or fight (see 'cops help')" st dance
  st="$sheets/../st/sheets"
  expect_out "st attack: a shot at medium range behind Cover (§5.5, §5.6, §6.6)" \
"Marcus Vale attacks Vince « Knuckles » Moreau (Heavy revolver, shot, 30 m).
Marcus Vale rolls 2 dice: [9, 3] 1 success.
Marcus Vale wins by 1: deals 5 lethal.
Vince « Knuckles » Moreau takes 5 lethal: 0 bashing, 5 lethal marked; standing." \
    st attack --attacker "$st/marcus.json" --target "$st/vince.json" --kind shot \
    --weapon "Heavy revolver" --distance 30 --cover 1 --dice 9,3 --lang en
  expect_out "st attack: a tie in an exchange (ST-A5)" \
"Vince « Knuckles » Moreau attaque Marcus Vale (Baseball bat, échange au contact).
Vince « Knuckles » Moreau lance 3 dés : [8, 1, 1] 1 réussite.
Marcus Vale se défend avec 2 dés : [9, 2] 1 réussite.
Autant de réussites : pas de vainqueur." \
    st attack --attacker "$st/vince.json" --target "$st/marcus.json" --weapon 0 \
    --target-weapon baton --dice 8,1,1,9,2
  run st attack --attacker "$st/marcus.json" --target "$st/vince.json" --kind coup --weapon 0 --json
  case $out in *'"type":"st.result",'*'"successes":6,"margin":6,"damage":10,"damage_type":"lethal"}'*) ok ;;
    *) ko "st attack: coup de grace" ;; esac
  expect_err "st attack: beyond long range" 2 \
    "cops: st attack: 100 m: beyond Heavy revolver's long range (80 m, ST-A24)" \
    st attack --attacker "$st/marcus.json" --target "$st/vince.json" --kind shot --weapon 0 \
    --distance 100 --seed 1
  expect_err "st attack: a COPS sheet" 2 \
    "cops: $sheets/mike.json: system: missing: a COPS sheet (read it with cops_character_load)" \
    st attack --attacker "$sheets/mike.json" --target "$st/vince.json"
  expect_err "st attack: no such weapon" 2 \
    "cops: st attack: --weapon 'rocket': Marcus Vale carries no such weapon (see 'cops help')" \
    st attack --attacker "$st/marcus.json" --target "$st/vince.json" --weapon rocket
  expect_err "st attack: a bad kind" 2 \
    "cops: st attack: --kind 'kick': exchange, strike, shot, contact or coup (see 'cops help')" \
    st attack --attacker "$st/marcus.json" --target "$st/vince.json" --kind kick
  # Whole fights (ST §5, ST-M18): the two scenarios seeded, byte for byte their golden logs;
  # saved after round 2 and resumed, the same events.
  stsc="$sheets/../st/scenarios"
  run st fight "$stsc/street-brawl.json" --json
  if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/st-street-brawl-2030.jsonl")" ]; then ok
  else ko "st fight: the street brawl's golden log"; fi
  run st fight "$stsc/street-brawl.json" --lang en
  if [ "$out" = "$(cat "$golden/st-street-brawl-2030.en.txt")" ]; then ok
  else ko "st fight: the street brawl narrated"; fi
  run st fight "$stsc/firefight.json" --json
  if [ "$out" = "$(cat "$golden/st-firefight-77.jsonl")" ]; then ok
  else ko "st fight: the firefight's golden log"; fi
  run st fight "$stsc/firefight.json"
  if [ "$out" = "$(cat "$golden/st-firefight-77.fr.txt")" ]; then ok
  else ko "st fight: the firefight narrated in French"; fi
  run st fight "$stsc/firefight.json" --json --save-at 2 "$tmp/st-save.json"
  first=$out
  run st fight "$tmp/st-save.json" --json
  if [ "$rc" -eq 0 ] && [ "$first
$out" = "$(cat "$golden/st-firefight-77.jsonl")" ]; then ok
  else ko "st fight: saved at round 2 and resumed, the same events"; fi
  expect_err "st fight: a save past its round" 2 \
    "cops: st fight: --save-at 1: the fight is at round 2 already (see 'cops help')" \
    st fight "$tmp/st-save.json" --save-at 1 "$tmp/x.json"
  expect_err "st fight: a COPS scenario" 2 \
    "cops: $ex/scenarios/bar-brawl.json: system: \"st\" expected (a Storyteller fight)" \
    st fight "$ex/scenarios/bar-brawl.json"
  expect_err "st fight: no file" 2 \
    "cops: st fight: missing the fight file (a scenario or a save) (see 'cops help')" st fight
  run st fight "$stsc/street-brawl.json" --seed 5 --json
  case $out in *'"type":"st.end"'*) ok ;; *) ko "st fight --seed" ;; esac
  expect_err "st: too few faces" 2 "cops: --dice ran out of faces after 1 (this roll needs more)" \
    st roll --dice 10 3
  expect_err "st: odds and seed" 2 \
    "cops: st odds: odds are exact: --seed and --dice do not apply (see 'cops help')" st odds --seed 1 3
fi

# The optional D6 System module (docs/d6.md): codes, the free die and its chain, the odds.
if "$cops" d6 odds 1D >/dev/null 2>&1; then
  expect_out "d6: the free die's chain (D6-A1)" \
"3D+2 vs 15: 3 dice, the last one free
dice: [4, 2, 6→6→1]
total 21: success, level +6" \
    d6 roll --dice 4,2,6,6,1 3D+2 vs 15
  expect_out "d6: a critical failure (§0.3)" \
"3D vs 15: 3 dice, the last one free
dice: [5, 5, 1]
total 11: critical failure, level -4" \
    d6 roll --dice 5,5,1 "3D vs 15"
  run d6 odds "2D vs 3"
  case $out in *"vs 3: success 97.222 %, critical failure 2.778 %") ok ;; *) ko "d6 odds" ;; esac
  run d6 odds 1D --vs 1D
  case $out in *"greater 42.857 %, equal 14.286 %, less 42.857 %") ok ;; *) ko "d6 odds --vs" ;; esac
  expect_err "d6: a bad code" 2 \
    "cops: d6 roll: '3D+3': column 4: expected a dice code such as 3D+2, e.g. \"3D+2 -1D vs 15\"" \
    d6 roll 3D+3
  expect_err "d6: unknown verb" 2 \
    "cops: d6: unknown 'dance': roll, odds, attack, harm, heal, fight, spells, spell-cost, cast, psionic, weapons or sheet (see 'cops help')" d6 dance
  d6s="$ex/d6/sheets"
  expect_out "d6 attack: a hit through the wound-margin table (§5.4.1, §5.6, §5.10)" \
"Sgt. Elena Ramirez attacks Dario Cruz (Glock 17, 5 m; natural defence).
Sgt. Elena Ramirez attacks with 5D, 5 dice [3, 3, 3, 3, 3] = 14 vs 10: success.
Hit: 14 vs 10 (short range).
Sgt. Elena Ramirez rolls damage 3D+2, 3 dice [5, 5, 4] = 16.
Dario Cruz resists with 3D+1, 3 dice [1, 1, 1] = 4.
Damage 16 against resistance 4 (margin 12): Dario Cruz +3 levels, now severely wounded, massive damage.
Dario Cruz can only defend for 2 rounds." \
    d6 attack --attacker "$d6s/ramirez.json" --target "$d6s/gang-member.json" --weapon "glock 17" \
    --distance 5 --dice 3,3,3,3,3,5,5,4,1,1,1 --lang en
  expect_err "d6 attack: beyond long range (D6-A15)" 2 \
    "cops: d6 attack: 30 m is beyond Glock 17's long range, 24 m (§5.4.1)" \
    d6 attack --attacker "$d6s/ramirez.json" --target "$d6s/gang-member.json" --weapon 0 \
    --distance 30 --dice 1
  expect_err "d6 attack: an unknown option" 2 \
    "cops: d6 attack: --option 'laser': none, single-shot, burst, several-shots, random-fire, aimed, aimed-vital, brutal, precise (see 'cops help')" \
    d6 attack --attacker "$d6s/ramirez.json" --target "$d6s/gang-member.json" --option laser
  expect_out "d6 harm: a fall of 6 m (D6-A26)" \
"Damage 2D, 2 dice [2, 2] = 4.
Morgane Lefèvre resists with 2D+1, 2 dice [1, 1] = 3.
Damage 4 against resistance 3 (margin 1): Morgane Lefèvre +1 level, now stunned." \
    d6 harm "$d6s/morgane.json" --hazard fall --amount 600 --dice 2,2,1,1 --lang en
  expect_err "d6 sheet: a Storyteller sheet refused" 2 \
    "cops: $ex/d6/sheets/../../st/sheets/marcus.json: system: expected \"d6\" (a D6 System sheet)" \
    d6 sheet "$d6s/../../st/sheets/marcus.json"
  run d6 sheet "$d6s/iris.json"
  case $out in *"hit points 9/9: unhurt"*"protection 0: Light Kevlar vest, +2D+1") ok ;;
    *) ko "d6 sheet" ;; esac
  run d6 weapons
  case $out in *"MG 42 "*"Ceramic armour "*) ok ;; *) ko "d6 weapons" ;; esac
  sed 's/"protections": \["Kevlar vest"\]/"protections": ["Kevlar vest"], "wounds": {"step": 3}/' \
    "$d6s/ramirez.json" > "$tmp/d6-patient.json"
  expect_out "d6 heal: Medicine after a fight (§6.3), the sheet written back" \
"Morgane Lefèvre treats with 4D+1, 4 dice [6, 5, 5, 4] = 21 vs 15: success.
Sgt. Elena Ramirez is treated after the fight: wounded (better)." \
    d6 heal "$tmp/d6-patient.json" --treat-by "$d6s/morgane.json" --dice 6,5,5,4 --write --lang en
  case $(cat "$tmp/d6-patient.json") in *'"step": 2'*) ok ;; *) ko "d6 heal --write" ;; esac
  expect_err "d6 heal: a natural recovery needs the wait's rest, not --in-combat" 2 \
    "cops: d6 heal: --rest goes with --recover, --in-combat with --treat-by (see 'cops help')" \
    d6 heal "$tmp/d6-patient.json" --recover --in-combat
  expect_err "d6: too few faces" 2 "cops: --dice ran out of faces after 1 (this roll needs more)" \
    d6 roll --dice 3 2D
  expect_err "d6: odds and seed" 2 \
    "cops: d6 odds: odds are exact: --seed and --dice do not apply (see 'cops help')" \
    d6 odds --seed 1 3D
  # Whole fights (docs/d6.md, "Fights"): the scenarios' golden logs, a save resumed.
  d6sc="$ex/d6/scenarios"
  run d6 fight "$d6sc/shootout.json" --json
  if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/d6-shootout-2030.jsonl")" ]; then ok
  else ko "d6 fight: the shootout's golden log"; fi
  run d6 fight "$d6sc/shootout.json" --lang en
  if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/d6-shootout-2030.en.txt")" ]; then ok
  else ko "d6 fight: the shootout narrated"; fi
  run d6 fight "$d6sc/car-collision.json" --json
  if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/d6-car-collision-2030.jsonl")" ]; then ok
  else ko "d6 fight: the car collision's golden log"; fi
  run d6 fight "$d6sc/car-collision.json"
  if [ "$rc" -eq 0 ] && [ "$out" = "$(cat "$golden/d6-car-collision-2030.fr.txt")" ]; then ok
  else ko "d6 fight: the car collision narrated in French"; fi
  run d6 fight "$d6sc/shootout.json" --json --save-at 3 "$tmp/d6-save.json"
  first=$out
  run d6 fight "$tmp/d6-save.json" --json
  if [ "$rc" -eq 0 ] && [ "$(printf '%s\n%s' "$first" "$out")" = "$(cat "$golden/d6-shootout-2030.jsonl")" ]; then ok
  else ko "d6 fight: saved at round 3 and resumed, the same events"; fi
  expect_err "d6 fight: a save past its round" 2 \
    "cops: d6 fight: --save-at 1: the fight is at round 3 already (see 'cops help')" \
    d6 fight "$tmp/d6-save.json" --save-at 1 "$tmp/x.json"
  expect_err "d6 fight: a Storyteller fight" 2 \
    "cops: $ex/st/scenarios/street-brawl.json: system: \"d6\" expected (a D6 fight)" \
    d6 fight "$ex/st/scenarios/street-brawl.json"
  expect_err "d6 fight: no file" 2 \
    "cops: d6 fight: missing the fight file (a scenario or a save) (see 'cops help')" d6 fight
  expect_err "d6 fight: --seed and --dice" 2 \
    "cops: d6 fight: --seed and --dice exclude each other (see 'cops help')" \
    d6 fight "$d6sc/shootout.json" --seed 1 --dice 1,2
  run d6 fight "$d6sc/car-collision.json" --seed 7 --json
  case $out in *'"type":"d6.end"'*) ok ;; *) ko "d6 fight --seed" ;; esac
  # Magic (docs/d6.md, "Magic"): the samples, a spell built, a cast and its backlash.
  run d6 spells
  case $out in *"Deadly bullet (alteration, difficulty 15)"*) ok ;; *) ko "d6 spells" ;; esac
  expect_out "d6 spell-cost: 3D damage at medium range, busy, 4 rounds' preparation, halved (§7.11, D6-A42, D6-A43)" \
"effect         +18
range          +10
concentration  +6
preparation    -4
sum            30
difficulty     15" \
    d6 spell-cost --effect-kind doubled --effect 3D --range medium --concentration busy-public \
    --preparation 4 --halved
  expect_out "d6 spell-cost --measure: Might's printed values (§7.12, D6-A44)" \
    '{"parts":{"effect":6,"range":0,"speed":0,"concentration":0,"target":0,"information":0,"duration":7,"preparation":-4,"components":0,"other":-3},"sum":6,"difficulty":3}' \
    d6 spell-cost --measure --effect-value 6 --range-m 1 --duration-s 25 --casting-s 5 \
    --other -3 --halved --json
  expect_out "d6 cast: a critical failure, confusion and the backlash (§7.7, §7.9, D6-A49)" \
"Morgane Lefèvre casts with 3D+1, 3 dice [3, 2, 1] = 7 vs 15: critical failure.
The spell fails: 7 vs 15 (critical failure).
Morgane Lefèvre is confused until the end of the next round.
Backlash 3D, 3 dice [5, 5, 4] = 14.
Morgane Lefèvre resists with 2D+1, 2 dice [1, 1] = 3.
Damage 14 against resistance 3 (margin 11): Morgane Lefèvre +3 levels, now severely wounded, massive damage.
Morgane Lefèvre can only defend for 2 rounds." \
    d6 cast "$d6s/morgane.json" --skill alteration --difficulty 15 --damage 3D \
    --dice 3,2,1,5,5,4,1,1 --lang en
  expect_err "d6 cast: no spell named" 2 \
    "cops: d6 cast: --spell 'fireball': no sample spell (cops d6 spells lists them) (see 'cops help')" \
    d6 cast "$d6s/morgane.json" --spell fireball
  expect_err "d6 cast: no magic Attribute (§7.2)" 2 \
    "cops: d6 cast: Sgt. Elena Ramirez has magic below 1D: no magic (§7.2)" \
    d6 cast "$d6s/ramirez.json" --spell heal --seed 1
  expect_out "d6 psionic: a Medium's modifiers, unskilled (§7.13.6, D6-A54, D6-A48)" \
"Iris Kaur uses a psionic power with 2D+2, 2 dice [5, 5] = 12 vs 25: failure.
Medium: 12 vs 25: failure." \
    d6 psionic "$d6s/iris.json" --power medium --murdered --knew --years-dead 12 --dice 5,5 \
    --lang en
  expect_out "d6 cast --aim: a spell aimed with Marksmanship (§7.8, D6-A50)" \
"Morgane Lefèvre casts with 3D+1, 3 dice [4, 4, 4] = 13 vs 10: success.
The spell takes hold: 13 vs 10.
Morgane Lefèvre attacks Dario Cruz (spell, 10 m; natural defence).
Morgane Lefèvre attacks with 2D, 2 dice [5, 5] = 10 vs 10: success.
Hit: 10 vs 10 (short range).
Morgane Lefèvre rolls damage 2D, 2 dice [3, 3] = 6.
Dario Cruz resists with 3D+1, 3 dice [1, 1, 1] = 4.
Damage 6 against resistance 4 (margin 2): Dario Cruz +1 level, now stunned." \
    d6 cast "$d6s/morgane.json" --skill alteration --difficulty 10 --damage 2D --aim marksmanship \
    --at "$d6s/gang-member.json" --distance 10 --reach 60 --dice 4,4,4,5,5,3,3,1,1,1 --lang en
  expect_err "d6 psionic: an unknown power" 2 \
    "cops: d6 psionic: --power 'flight': astral, empathy, far-senses, healing, medium, protection, psychometry (see 'cops help')" \
    d6 psionic "$d6s/iris.json" --power flight
fi

# Sealed saves (docs/api.md, "Sealed saves"): --seal-key FILE seals what --save-at and --save
# write and opens what --resume reads; the same fight, chase and interview as the plain
# ones; another key, a changed byte, a missing key: refused, exit 2, nothing run.
run seal-key
key1=$out
$wrap "$cops" seal-key > "$tmp/key1"; $wrap "$cops" seal-key > "$tmp/key2"
case $key1 in *[!0-9a-f]*) ko "seal-key: hexadecimal digits only" ;;
  *) [ ${#key1} -eq 64 ] && [ "$rc" -eq 0 ] && [ "$(cat "$tmp/key1")" != "$(cat "$tmp/key2")" ] &&
       ok || ko "seal-key: 64 digits, a new key each time" ;; esac
run fight "$sc/street-shootout.json" --seed 2030 --json --save-at 2 "$tmp/sealed.json" --seal-key "$tmp/key1"
first=$out
case $(cat "$tmp/sealed.json") in '{"schema": 1, "type": "sealed", "cipher": "xsalsa20poly1305"'*)
  [ "$rc" -eq 0 ] && ! grep -q '"hp"' "$tmp/sealed.json" && ok || ko "fight --save-at --seal-key" ;;
  *) ko "fight --save-at --seal-key: a sealed text" ;; esac
run --seal-key="$tmp/key1" fight --resume "$tmp/sealed.json" --json
if [ "$rc" -eq 0 ] &&
   [ "$(printf '%s\n%s' "$first" "$out" | sed '/^$/d')" = "$(cops_golden street-shootout)" ]; then ok
else ko "fight: a sealed save resumed: the golden log"; fi
expect_err "fight: a sealed save, another key" 2 \
  "cops: the key does not open this sealed text (another key, or the text was changed): nothing read" \
  fight --resume "$tmp/sealed.json" --seal-key "$tmp/key2"
sed 's/"box": "\(.\)/"box": "\1x/' "$tmp/sealed.json" > "$tmp/changed.json"
run fight --resume "$tmp/changed.json" --seal-key "$tmp/key1"
[ "$rc" -eq 2 ] && [ -z "$out" ] && ok || ko "fight: a changed sealed save refused"
run fight --resume "$tmp/sealed.json"
case $err in *"a sealed text: open it with its key"*"give the save's key with --seal-key FILE")
  [ "$rc" -eq 2 ] && [ -z "$out" ] && ok || ko "fight: a sealed save without its key (rc $rc)" ;;
  *) ko "fight: a sealed save without its key: what opens it" ;; esac
run fight "$sc/street-shootout.json" --seed 2030 --json --save-at 2 "$tmp/plain.json"
run fight --resume "$tmp/plain.json" --json --seal-key "$tmp/key1"
case $err in *"is not sealed: with --seal-key only sealed saves are read"*)
  [ "$rc" -eq 2 ] && [ -z "$out" ] && ok || ko "fight: a plain save under --seal-key (rc $rc)" ;;
  *) ko "fight: a plain save under --seal-key refused" ;; esac
printf 'not a key\n' > "$tmp/badkey"
expect_err "--seal-key: not a key" 2 \
  "cops: --seal-key: $tmp/badkey: expected 64 hexadecimal digits (cops seal-key makes a key) (see 'cops help')" \
  fight --resume "$tmp/sealed.json" --seal-key "$tmp/badkey"
expect_err "--seal-key: a command without saves" 2 \
  "cops: --seal-key: only fight, chase, interrogate, st fight and d6 fight read and write saves (see 'cops help')" \
  roll 4+/3 --seal-key "$tmp/key1"
run chase "$ex/scenarios/sunset-chase.json" --seed 2030 --json --save-at 3 "$tmp/chase-sealed.json" --seal-key "$tmp/key1"
first=$out
run chase --resume "$tmp/chase-sealed.json" --json --seal-key "$tmp/key1"
if [ "$rc" -eq 0 ] && cops_is_sealed "$tmp/chase-sealed.json" &&
   [ "$(printf '%s\n%s' "$first" "$out" | sed '/^$/d')" = "$(cat "$golden/sunset-chase-2030.jsonl")" ]; then ok
else ko "chase: a sealed save resumed: the golden log"; fi
run interrogate "$ex/subjects/hardened-gang-member.json" --sheet "$sheets/sarah.json" \
  --evaluate all --method Intimidation --attitude Agressif --seed 2030 --json --save "$tmp/iv-sealed.json" \
  --seal-key "$tmp/key1"
all=$out
run interrogate --resume "$tmp/iv-sealed.json" --method Rhétorique --attitude Froid --json \
  --seal-key "$tmp/key1"
if [ "$rc" -eq 0 ] && cops_is_sealed "$tmp/iv-sealed.json" &&
   [ "$(printf '%s\n%s' "$all" "$out")" = "$(head -n "$(printf '%s\n%s\n' "$all" "$out" | wc -l)" "$golden/gang-member-interview-2030.jsonl")" ]; then ok
else ko "interrogate: a sealed save resumed: the golden log so far"; fi

for sys in st d6; do   # the modules' fights: sealed, then read back with the key
  case $sys in st) fightfile=${stsc:-} ;; *) fightfile=${d6sc:+$d6sc/shootout.json} ;; esac
  [ "$sys" = st ] && fightfile=${fightfile:+$fightfile/street-brawl.json}
  [ -n "$fightfile" ] || continue
  run "$sys" fight "$fightfile" --seed 7 --json --save-at 1 "$tmp/$sys-plain.json"
  run "$sys" fight "$tmp/$sys-plain.json" --json
  plain=$out
  run "$sys" fight "$fightfile" --seed 7 --json --save-at 1 "$tmp/$sys-sealed.json" --seal-key "$tmp/key1"
  run "$sys" fight "$tmp/$sys-sealed.json" --json --seal-key "$tmp/key1"
  [ "$rc" -eq 0 ] && cops_is_sealed "$tmp/$sys-sealed.json" && [ -n "$plain" ] && [ "$out" = "$plain" ] &&
    ok || ko "$sys fight: a sealed save read back as the plain one"
  run "$sys" fight "$tmp/$sys-sealed.json" --json
  case $err in *"give the save's key with --seal-key FILE") [ "$rc" -eq 2 ] && ok || ko "$sys fight: no key" ;;
    *) ko "$sys fight: a sealed save without its key" ;; esac
  run "$sys" fight "$tmp/$sys-plain.json" --json --seal-key "$tmp/key1"
  case $err in *"is not sealed"*) [ "$rc" -eq 2 ] && ok || ko "$sys fight: a plain save, a key" ;;
    *) ko "$sys fight: a plain save under --seal-key refused" ;; esac
done

# Output that cannot be written is exit status 1 with a message (issue 12), never 0.
if [ -w /dev/full ]; then
  $wrap "$cops" roll --seed 1 "4+/3" >/dev/full 2>"$tmp/err"; rc=$?; err=$(cat "$tmp/err")
  case $err in "cops: cannot write the output: "*) [ "$rc" -eq 1 ] && ok || ko "/dev/full: exit $rc" ;;
    *) ko "/dev/full: no message" ;; esac
fi
$wrap "$cops" fight "$ex/scenarios/street-shootout.json" --seed 1 >&- 2>"$tmp/err"; rc=$?
err=$(cat "$tmp/err")
case $err in *"cannot write the output"*) [ "$rc" -eq 1 ] && ok || ko "closed stdout: exit $rc" ;;
  *) ko "closed stdout: no message" ;; esac

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
