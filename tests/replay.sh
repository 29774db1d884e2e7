#!/bin/sh
# Cross-language replay: one scenario, one seed, then its aftermath (docs/healing.md),
# the JSON Lines from the C command, from Python (ctypes) and from Lua are byte for byte
# the same; and so are those of one attack, one seed.
# Usage: replay.sh COPS PYTHON LUA LIBCOPS LUA_MODULE_DIR SOURCE_ROOT
set -u
cops=$1 python=$2 lua=$3 lib=$4 luadir=$5 root=$6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for case in "street-shootout 2030" "street-shootout 99" "bar-brawl 5" "covering-fire-standoff 12"; do
  set -- $case
  sc=$root/examples/scenarios/$1.json seed=$2
  "$cops" fight "$sc" --seed "$seed" --aftermath --json > "$tmp/c.jsonl" || { echo "FAIL: C $case"; fail=$((fail+1)); continue; }
  LIBCOPS_PATH=$lib "$python" - "$root" "$sc" "$seed" > "$tmp/py.jsonl" <<'PY' || { echo "FAIL: Python $case"; fail=$((fail+1)); continue; }
import sys
sys.path.insert(0, sys.argv[1] + "/bindings/python")
import cops
with cops.Context() as ctx:
    s = cops.Scenario(ctx, sys.argv[2])
    s.seed(int(sys.argv[3]))
    s.run()
    s.aftermath(1, 600)
    sys.stdout.write(s.jsonl())
PY
  LUA_CPATH="$luadir/?.so" "$lua" - "$sc" "$seed" > "$tmp/lua.jsonl" <<'LUA' || { echo "FAIL: Lua $case"; fail=$((fail+1)); continue; }
local cops = require "cops"
local ctx <close> = cops.context()
local s <close> = ctx:scenario(arg[1])
s:seed(math.tointeger(tonumber(arg[2])))
s:run()
s:aftermath(1, 600)
io.write(s:jsonl())
LUA
  if cmp -s "$tmp/c.jsonl" "$tmp/py.jsonl" && cmp -s "$tmp/c.jsonl" "$tmp/lua.jsonl" &&
     [ -s "$tmp/c.jsonl" ]; then
    pass=$((pass+1))
  else
    echo "FAIL: $case: the logs differ"; fail=$((fail+1))
  fi
done
# A chase file, one seed (docs/chases.md): the command's JSON Lines, Python's and Lua's.
for seed in 2030 7; do for name in sunset-chase harbor-freeway-pursuit skid-row-tackle; do
  sc=$root/examples/scenarios/$name.json
  "$cops" chase "$sc" --seed "$seed" --json > "$tmp/c.jsonl" || { echo "FAIL: C chase $name $seed"; fail=$((fail+1)); continue; }
  LIBCOPS_PATH=$lib "$python" - "$root" "$sc" "$seed" > "$tmp/py.jsonl" <<'PY' || { echo "FAIL: Python chase $name $seed"; fail=$((fail+1)); continue; }
import sys
sys.path.insert(0, sys.argv[1] + "/bindings/python")
import cops
with cops.Context(seed=int(sys.argv[3])) as ctx:
    with cops.Chase.load(ctx, sys.argv[2]) as chase:
        chase.run()
        sys.stdout.write(chase.jsonl())
PY
  LUA_CPATH="$luadir/?.so" "$lua" - "$sc" "$seed" > "$tmp/lua.jsonl" <<'LUA' || { echo "FAIL: Lua chase $name $seed"; fail=$((fail+1)); continue; }
local cops = require "cops"
local ctx <close> = cops.context(math.tointeger(tonumber(arg[2])))
local chase <close> = ctx:load_chase(arg[1])
chase:run()
io.write(chase:jsonl())
LUA
  if cmp -s "$tmp/c.jsonl" "$tmp/py.jsonl" && cmp -s "$tmp/c.jsonl" "$tmp/lua.jsonl" &&
     [ -s "$tmp/c.jsonl" ]; then
    pass=$((pass+1))
  else
    echo "FAIL: chase $name $seed: the logs differ"; fail=$((fail+1))
  fi
done; done
# One attack, one seed: the command's JSON Lines, Python's and Lua's, byte for byte.
ex=$root/examples
for case in "single vulcan-051 12 7" "burst scorpion-131 8 2030" "cover scorpion-131 10 11"; do
  set -- $case
  "$cops" attack --attacker "$ex/sheets/mike.json" --target "$ex/sheets/joe.json" \
    --weapon "$ex/weapons/$2.json" --armour "$ex/armour/gilet-pare-balles.json" \
    --mode "$1" --distance "$3" --attitude agressif --seed "$4" --json > "$tmp/c.jsonl" ||
    { echo "FAIL: C attack $case"; fail=$((fail+1)); continue; }
  LIBCOPS_PATH=$lib "$python" - "$root" "$@" > "$tmp/py.jsonl" <<'PY' || { echo "FAIL: Python attack $case"; fail=$((fail+1)); continue; }
import sys
root, mode, weapon, distance, seed = sys.argv[1:6]
sys.path.insert(0, root + "/bindings/python")
import cops
ex = root + "/examples"
with cops.Context(seed=int(seed)) as ctx:
    mike = cops.Character.load(ctx, ex + "/sheets/mike.json")
    joe = cops.Character.load(ctx, ex + "/sheets/joe.json")
    gun = cops.Weapon.load(ctx, ex + "/weapons/" + weapon + ".json")
    vest = cops.Armour.load(ctx, ex + "/armour/gilet-pare-balles.json")
    log = cops.Log(ctx)
    if mode == "cover":   # as the command: the fire, the target's nerve, then the crossing
        cover = cops.attack(ctx, mike, None, mode=mode, weapon=gun, armour=vest,
                            distance=int(distance), attitude="Agressif", log=log)
        _, steady = cops.cover_nerve(ctx, joe, log=log)
        if steady:
            cops.cover_enter(ctx, cover, joe, armour=vest, log=log)
    else:
        cops.attack(ctx, mike, joe, mode=mode, weapon=gun, armour=vest, distance=int(distance),
                    attitude="Agressif", log=log)
    sys.stdout.write(log.jsonl())
PY
  LUA_CPATH="$luadir/?.so" "$lua" - "$root" "$@" > "$tmp/lua.jsonl" <<'LUA' || { echo "FAIL: Lua attack $case"; fail=$((fail+1)); continue; }
local root, mode, weapon, distance, seed = table.unpack(arg)
local cops = require "cops"
local ex = root .. "/examples"
local ctx <close> = cops.context(math.tointeger(tonumber(seed)))
local mike = ctx:load_character(ex .. "/sheets/mike.json")
local joe = ctx:load_character(ex .. "/sheets/joe.json")
local gun = ctx:load_weapon(ex .. "/weapons/" .. weapon .. ".json")
local vest = ctx:load_armour(ex .. "/armour/gilet-pare-balles.json")
local log <close> = ctx:log()
local d = math.tointeger(tonumber(distance))
if mode == "cover" then   -- as the command: the fire, the target's nerve, then the crossing
  local cover = ctx:attack{attacker = mike, mode = mode, weapon = gun, armour = vest,
                           distance = d, attitude = "Agressif", log = log}
  local _, steady = ctx:cover_nerve(joe, log)
  if steady then ctx:cover_enter(cover, joe, {armour = vest, log = log}) end
else
  ctx:attack{attacker = mike, target = joe, mode = mode, weapon = gun, armour = vest,
             distance = d, attitude = "Agressif", log = log}
end
io.write(log:jsonl())
LUA
  if [ -s "$tmp/c.jsonl" ] && cmp -s "$tmp/c.jsonl" "$tmp/py.jsonl" &&
     cmp -s "$tmp/c.jsonl" "$tmp/lua.jsonl"; then
    pass=$((pass+1))
  else
    echo "FAIL: attack $case: the logs differ"; diff "$tmp/c.jsonl" "$tmp/py.jsonl" | head -5
    fail=$((fail+1))
  fi
done
echo "replay: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
