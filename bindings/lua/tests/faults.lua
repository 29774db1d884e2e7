-- The Lua binding's paths under allocation failure (docs/testing.md), run by the
-- test command: lua5.4 faults.lua SOURCE_ROOT (package.cpath must reach cops.so
-- and tests/failalloc.so). A context made with failalloc's allocator fails its
-- n-th library allocation, for every n until the script succeeds: each failure
-- raises ENOMEM with a message, the phase run again gives the reference result
-- (nothing half-applied, no die lost), and the blocks held are those of a run
-- that never failed; all are freed with the context.
local root = assert(arg[1], "usage: lua5.4 faults.lua SOURCE_ROOT")
local cops = require "cops"
local failalloc = require "failalloc"
local ex = root .. "/examples"

-- A value as text, tables walked in key order, to compare results.
local function dump(v)
  if type(v) ~= "table" then
    return type(v) == "string" and string.format("%q", v) or tostring(v)
  end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local out = {}
  for _, k in ipairs(keys) do out[#out + 1] = tostring(k) .. "=" .. dump(v[k]) end
  return "{" .. table.concat(out, ",") .. "}"
end

local function collect()
  collectgarbage("collect")
  collectgarbage("collect")
end

local function sweep(name, fa, script)
  local function context()
    return cops._context_with_allocator(fa:allocator(), 2030)
  end
  local held = {}
  do
    local ctx = context()
    local base = fa:live()
    local st = script.setup(ctx)
    held[1] = fa:live() - base
    script.act(st)
    held[2] = fa:live() - base
    held.reference = dump(script.render(st))
    collect()
    held[3] = fa:live() - base
    st = nil
    collect()
    ctx:close()
  end
  collect()
  assert(fa:live() == 0, name .. ": blocks left by a clean run")
  local n = 0
  while true do
    local ctx = context()
    local base = fa:live()
    local st, phase = nil, 1
    fa:arm(n)
    local ok, err = pcall(function()
      st = script.setup(ctx)
      phase = 2
      script.act(st)
      phase = 3
      return dump(script.render(st))
    end)
    local made = fa:count()
    fa:arm(-1)
    local what = string.format("%s: allocation %d (%s)", name, n,
                               ({"setup", "act", "render"})[phase])
    if ok then
      assert(made <= n, what .. ": succeeded past the failed allocation")
      assert(err == held.reference, what .. ": a different result")
      st = nil
      collect()
      ctx:close()
      collect()
      assert(fa:live() == 0, what .. ": blocks after the context closed")
      return made
    end
    assert(type(err) == "table" and err.name == "ENOMEM" and #err.message > 0,
           what .. ": " .. tostring(err))
    collect()
    if phase == 1 then
      assert(fa:live() == base, string.format("%s: %d blocks stayed", what, fa:live() - base))
      st = script.setup(ctx)
      script.act(st)
    elseif phase == 2 then
      script.act(st)
    end
    local again = dump(script.render(st))
    collect()
    assert(again == held.reference, what .. ": a different result after")
    assert(fa:live() - base == held[3], string.format("%s: %d blocks held, %d after a clean run",
                                                      what, fa:live() - base, held[3]))
    st = nil
    collect()
    ctx:close()
    collect()
    assert(fa:live() == 0, what .. ": blocks after the context closed")
    n = n + 1
  end
end

local function fighters(ctx, controlled)
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local joe = ctx:load_character(ex .. "/sheets/joe.json")
  local gun = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  local knife = ctx:load_weapon(ex .. "/weapons/couteau-021.json")
  local vest = ctx:load_armour(ex .. "/armour/gilet-pare-balles.json")
  local e = ctx:encounter()
  local m = e:add(mike, 0, 0, 0, {weapons = {gun}, armour = vest, controlled = controlled})
  local j = e:add(joe, 1, 12, 0, {weapons = {knife}})
  return {e = e, m = m, j = j, joe = joe, gun = gun}
end

local scripts = {
  {"roll", {
    setup = function(ctx) return {ctx = ctx} end,
    act = function(st) st.roll = st.ctx:roll("5+/3 (2) +1D") end,
    render = function(st) return {st.roll, st.roll.json} end}},
  {"sheet", {
    setup = function(ctx)
      local mike = ctx:load_character(ex .. "/sheets/mike.json")
      return {ctx = ctx, mike = ctx:character_json(mike:to_json())}
    end,
    act = function(st) st.roll = st.mike:roll("Arme de poing/Coordination (2)", true) end,
    render = function(st)
      return {st.mike:to_json(), st.ctx:odds("5+/3 (2)"), st.roll, st.roll.json}
    end}},
  {"equipment", {
    setup = function(ctx)
      local gun = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
      return {gun = ctx:weapon_json(gun:to_json()),
              vest = ctx:load_armour(ex .. "/armour/gilet-pare-balles.json")}
    end,
    act = function(st) st.gun:reload() end,
    render = function(st) return {st.gun:to_json(), st.gun:get("loaded"), st.vest:to_json()} end}},
  {"gear", {
    setup = function(ctx)
      local sarah = ctx:load_character(ex .. "/sheets/sarah-kit.json")
      local joe = ctx:load_character(ex .. "/sheets/joe.json")
      local e = ctx:encounter()
      e:add(sarah, 0, 0, 0, {controlled = true})
      e:add(joe, 1, 30, 0, {controlled = true})
      return {e = e, sarah = sarah}
    end,
    act = function(st) st.e:equip(0) end,
    render = function(st)
      local s = st.e:state(0)
      return {st.sarah:to_json(), #st.e:weapons(0), s.weapon_name, s.magazines, s.armour}
    end}},
  {"roll20", {
    setup = function(ctx)
      local f = assert(io.open(ex .. "/roll20/delgado.json"))
      local text = f:read("a")
      f:close()
      return {ctx = ctx, text = text}
    end,
    act = function(st) st.mike, st.report = st.ctx:character_roll20(st.text) end,
    render = function(st) return {st.mike and st.mike:to_json(), st.report} end}},
  {"fight", {
    setup = function(ctx) return fighters(ctx, false) end,
    act = function(st) st.e:run() end,
    render = function(st)
      return {st.e:jsonl(), st.e:narrate("fr"), st.e:narrate("en"), st.e:winner(), st.e:events()}
    end}},
  {"declared round", {
    setup = function(ctx)
      local st = fighters(ctx, true)
      st.e:begin_round()
      st.e:declare(st.m, {action = "shoot", target = st.j, attitude = "Agressif", initiative = 1})
      return st
    end,
    act = function(st) st.e:resolve_round() end,
    render = function(st) return {st.e:jsonl(), st.joe:hp(), st.gun:get("loaded"), st.e:round()} end}},
  {"scenario", {
    setup = function(ctx) return {s = ctx:scenario(ex .. "/scenarios/street-shootout.json")} end,
    act = function(st) st.s:run() end,
    render = function(st) return {st.s:name(), st.s:jsonl(), st.s:narrate("fr"), st.s:winner()} end}},
}
if cops.st then   -- a Storyteller fight file played: each round all or nothing
  scripts[#scripts + 1] = {"st fight", {
    setup = function(ctx) return {f = cops.st.load_fight(ctx, ex .. "/st/scenarios/street-brawl.json")} end,
    act = function(st) st.f:run() end,
    render = function(st) return {st.f:jsonl(), st.f:narrate("en"), st.f:winner(), st.f:save()} end}}
end

if cops.d6 then   -- D6 sheets read and an attack resolved: all or nothing
  scripts[#scripts + 1] = {"d6 attack", {
    setup = function(ctx)
      local d = ex .. "/d6/sheets/"
      return {ctx = ctx, log = ctx:log(), a = cops.d6.load_character(ctx, d .. "gang-member.json"),
              b = cops.d6.load_character(ctx, d .. "ramirez.json")}
    end,
    act = function(st)
      cops.d6.attack(st.ctx, {attacker = st.a, target = st.b, weapon = "Uzi 9mm", distance = 8,
                              option = "burst", cover = 1, defence = "active", log = st.log})
    end,
    render = function(st) return {st.log:jsonl(), st.log:narrate("en"), st.b:to_json()} end}}
  -- a fight file with vehicles read and played: each round all or nothing
  scripts[#scripts + 1] = {"d6 fight", {
    setup = function(ctx) return {f = cops.d6.load_fight(ctx, ex .. "/d6/scenarios/car-collision.json")} end,
    act = function(st) st.f:run() end,
    render = function(st) return {st.f:jsonl(), st.f:narrate("fr"), st.f:winner(), st.f:save()} end}}
end

local failed = 0
do
  local fa = failalloc.new()
  fa:arm(0)
  local ok, err = pcall(cops._context_with_allocator, fa:allocator(), 1)
  assert(not ok and err.name == "ENOMEM" and fa:failed() == 1 and fa:live() == 0,
         "a context whose first allocation fails: " .. tostring(err))
end
for _, s in ipairs(scripts) do
  local fa = failalloc.new()
  local ok, made = pcall(sweep, s[1], fa, s[2])
  if ok then
    assert(made > 0 and fa:failed() >= made)
    print(string.format("%s: %d allocations, each failed once", s[1], made))
  else
    failed = failed + 1
    print("FAIL: " .. tostring(made))
  end
end
collect()
print(string.format("%d passed, %d failed", #scripts - failed, failed))
os.exit(failed == 0 and 0 or 1, true)
