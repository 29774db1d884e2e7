-- Tests of the Lua binding, run by the test command: lua5.4 test.lua SOURCE_ROOT
-- (package.cpath must reach the built cops.so). Each check counts; any failure
-- makes the script exit with status 1.
local root = assert(arg[1], "usage: lua5.4 test.lua SOURCE_ROOT")
local cops = require "cops"
local ex = root .. "/examples"
local h = dofile(root .. "/bindings/lua/tests/harness.lua")
local test = h.test

local function raises(name, code, fn)
  return h.raises(code, fn, name)
end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

test("version", function()
  assert(cops.version():match("^%d+%.%d+%.%d+$"))
end)

test("seeded rolls repeat", function()
  local ctx <close> = cops.context(2030)
  local a = ctx:roll("5+/3 (2) +1D")
  ctx:seed(2030)
  local b = ctx:roll("5+/3 (2) +1D")
  assert(a.json == b.json and a.pool == 4 and a.threshold == 5)
  assert(#a.dice >= 4)
end)

test("a roll's json is the C library's, made when read, after its context closed too", function()
  local r
  do
    local ctx <close> = cops.context(function() return 7 end)
    r = ctx:roll("4+/3 (2)")
  end
  for k in pairs(r) do assert(k ~= "json", "json made before it was read") end
  assert(type(r.json) == "string" and r.json:find('"action":"4+/3 (2)"', 1, true)
         and r.json:find('"successes":3', 1, true), tostring(r.json))
  assert(rawget(r, "json") == r.json and r.nothing == nil)
end)

test("a Lua function as the dice: the C1 worked example", function()
  local faces, i = {3, 4, 6}, 0
  local ctx <close> = cops.context(function(sides) i = i + 1; return faces[i] end)
  local r = ctx:roll("4+/3 (2)")
  assert(r.successes == 2 and r.success and r.margin == 0)
  assert(r.dice[1] == 3 and r.dice[2] == 4 and r.dice[3] == 6)
end)

test("callback errors", function()
  local bad <close> = cops.context(function() return 11 end)
  local err = raises("face 11", "ERNG", function() bad:roll("4+/1") end)
  assert(err.code == -4 and err.message:find("11"))
  assert(tostring(err):find("^ERNG: "))
  local boom <close> = cops.context(function() error("no more dice") end)
  local ok, e = pcall(function() boom:roll("4+/1") end)
  assert(not ok and tostring(e):find("no more dice"))
end)

test("a dice function closing its context is refused", function()
  local ctx
  ctx = cops.context(function() ctx:close(); return 1 end)
  local err = raises("callback", "ESTATE", function() ctx:roll("4+/3") end)
  assert(err.message:find("dice function"))
  local calls = 0
  local other
  other = cops.context(function() calls = calls + 1; other:die(10); return 1 end)
  raises("own context", "ESTATE", function() other:roll("4+/3") end)
  other:seed(5)
  assert(other:roll("4+/3").pool == 3)
  other:close()
  ctx:seed(1)
  assert(ctx:roll("4+/3").pool == 3)
  ctx:close()
end)

test("integers and strings are checked before C", function()
  local ctx <close> = cops.context(1)
  assert(not pcall(function() ctx:die(2^32 + 10 | 0) end))      -- was a d10
  local ok, err = pcall(function() ctx:roll("4+/3\0 (2)") end)
  assert(not ok and tostring(err):find("NUL"))
  local odd <close> = cops.context(function() return 5.5 end)
  local e = raises("5.5", "ERNG", function() odd:roll("4+/1") end)
  assert(e.message:find("5.5"), e.message)                    -- not "returned 0"
  local big <close> = cops.context(function() return 2^32 + 5 | 0 end)
  raises("2^32+5", "ERNG", function() big:roll("4+/1") end)   -- was a 5
  local mike <close> = ctx:load_character(ex .. "/sheets/mike.json")
  local enc <close> = ctx:encounter()
  assert(not pcall(function() enc:add(mike, 2^32 | 0) end))   -- was side 0
  assert(enc:add(mike, 0) == 0)
end)

test("__close and __gc never free what is still in use", function()
  local keep
  do
    local ctx <close> = cops.context(2030)
    keep = ctx:load_character(ex .. "/sheets/mike.json")
  end                                 -- the context's __close: its handle is closed ...
  local r = keep:roll("Arme de poing/Coordination (2)")
  assert(r.pool == 3)                 -- ... but the character still rolls on it
  keep:close()
  local ctx <close> = cops.context(7)
  local e <close> = ctx:encounter()
  do
    local mike <close> = ctx:load_character(ex .. "/sheets/mike.json")
    local joe <close> = ctx:load_character(ex .. "/sheets/joe.json")
    local gun <close> = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
    e:add(mike, 0, 0, 0, {weapons = {gun}})
    e:add(joe, 1, 8, 0)
  end                                 -- closed by <close> while the encounter holds them
  collectgarbage()
  e:run()                             -- the encounter still has them, whole
  assert(e:over())
end)

test("a confined context reads only under its folder", function()
  local ctx <close> = cops.context(1)
  ctx:confine(ex)
  local mike <close> = ctx:load_character("sheets/mike.json")
  local err = raises("outside", "EIO", function() ctx:load_character("/etc/passwd") end)
  assert(not err.message:find("root:"))
  raises("up", "EIO", function() ctx:load_character("../README.md") end)
  ctx:confine(nil)
end)

test("errors carry code and message", function()
  local ctx <close> = cops.context(1)
  local err = raises("syntax", "ESYNTAX", function() ctx:roll("4+/3 (2") end)
  assert(err.code == -5 and err.message:find("column 8"))
  raises("range", "ERANGE", function() ctx:die(8) end)
  assert(not pcall(function() ctx:roll(nil) end))
end)

test("odds", function()
  local ctx <close> = cops.context()
  assert(math.abs(ctx:odds("4+/3 (2)") - 0.8029) < 1e-12)
end)

test("characters, weapons, armour", function()
  local ctx <close> = cops.context(3)
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  assert(mike:name() == "Mike Delgado" and mike:hp() == 29 and mike:health() == "healthy")
  assert(mike:roll("Arme de poing/Coordination (2)").threshold == 5)
  raises("unknown skill", "ENOTFOUND", function() mike:roll("Cuisine/Coordination") end)
  assert(mike:hp(10) == 10 and mike:health() == "below_half")
  local joe_text = read(ex .. "/sheets/joe.json")
  assert(ctx:character_json(joe_text):to_json() == joe_text)
  -- The 0.16 name, deprecated until 0.18.0, reads the same.
  assert(ctx:character(joe_text):to_json() == joe_text)
  raises("bad sheet", "EJSON", function() ctx:character_json('{"name": "x"}') end)
  raises("no file", "EIO", function() ctx:load_character("/nonexistent.json") end)
  local w = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  assert(w:name() == "Vulcan 051" and w:get("pu") == 5 and w:get("magazine") == 12)
  assert(not pcall(function() w:get("colour") end))
  local a = ctx:load_armour(ex .. "/armour/gilet-pare-balles.json")
  assert(a:name() == "Gilet pare-balles")
  mike:close(); w:close(); a:close()
end)

test("an encounter round by round", function()
  local ctx <close> = cops.context(1)
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local joe = ctx:load_character(ex .. "/sheets/joe.json")
  local gun = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  local knife = ctx:load_weapon(ex .. "/weapons/couteau-021.json")
  local vest = ctx:load_armour(ex .. "/armour/gilet-pare-balles.json")
  local e = ctx:encounter()
  local m = e:add(mike, 0, 0, 0, {weapons = {gun}, armour = vest, controlled = true})
  local j = e:add(joe, 1, 12, 0, {weapons = {knife}})
  e:seed(7)
  raises("winner too early", "ESTATE", function() e:winner() end)
  while not e:over() do
    e:begin_round()
    if e:can_act(m) then
      e:declare(m, {action = "shoot", target = j, attitude = "Agressif", initiative = 1})
    end
    e:resolve_round()
  end
  local events = e:events()
  assert(events[1].type == "start" and events[#events].type == "end")
  assert(e:jsonl():find('"seed":"7"', 1, true))
  assert(e:narrate("en"):find("Round 1", 1, true) and e:narrate("fr"):find("Tour 1", 1, true))
  assert(not pcall(function() e:narrate("de") end))
  local w = e:winner()
  assert(w == nil or w == 0 or w == 1)
  e:close()
end)

test("refusals", function()
  local ctx <close> = cops.context(1)
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local joe = ctx:load_character(ex .. "/sheets/joe.json")
  local e <close> = ctx:encounter()
  local m = e:add(mike, 0, 0, 0, {controlled = true})
  local j = e:add(joe, 1, 5, 0)
  raises("declare before the round", "ESTATE", function() e:declare(m, {action = "wait"}) end)
  e:begin_round()
  local err = raises("initiative", "ERANGE",
                     function() e:declare(m, {action = "shoot", target = j, initiative = -2}) end)
  assert(err.message:find("Réflexes"))
  raises("no weapon", "ERULE", function() e:declare(m, {action = "shoot", target = j}) end)
  assert(not pcall(function() e:declare(m, {action = "dance"}) end))
  raises("undeclared", "ESTATE", function() e:resolve_round() end)
  e:declare(m, {action = "wait"})
  e:resolve_round()
  assert(not pcall(function() mike:close() end), "closing a borrowed character must fail")
  e:close()
  mike:close()
end)

test("a scenario under the alternative rules replays the C log byte for byte", function()
  local ctx <close> = cops.context()
  local s <close> = ctx:scenario(ex .. "/scenarios/covering-fire-standoff.json")
  assert(s:ruleset() == "core")
  assert(s:ruleset("alternative") == "alternative")
  s:seed(2030)
  s:run()
  assert(s:jsonl() == read(root .. "/tests/golden/covering-fire-standoff-alternative-2030.jsonl"))
  assert(not pcall(function() s:ruleset("core") end))
end)

test("the scenario replays the C log byte for byte", function()
  local ctx <close> = cops.context()
  local s <close> = ctx:scenario(ex .. "/scenarios/street-shootout.json")
  assert(s:name() == "Fusillade sur Alvarado Street")
  s:seed(2030)
  s:run()
  assert(s:jsonl() == read(root .. "/tests/golden/street-shootout-2030.jsonl"))
  assert(s:narrate("fr") == read(root .. "/tests/golden/street-shootout-2030.fr.txt"))
  assert(s:narrate("es") == read(root .. "/tests/golden/street-shootout-2030.es.txt"))
  assert(not pcall(function() s:narrate("de") end))
  local events = s:events()
  assert(events[1].type == "start" and events[#events].type == "end")
  -- Combatants by id: one name per id, five combatants.
  local names, count = {}, 0
  for _, e in ipairs(events) do
    if e.actor_id then
      if not names[e.actor_id] then count = count + 1 end
      names[e.actor_id] = names[e.actor_id] or e.actor
      assert(names[e.actor_id] == e.actor)
    end
    assert((e.target_id ~= nil) == (e.target ~= nil and e.type ~= "join" and e.type ~= "end"))
  end
  assert(count == 5 and names[0] == "Mike Delgado")
  local roll
  for _, e in ipairs(events) do if e.type == "roll" then roll = e break end end
  assert(roll and roll.capped == 0)   -- schema 2: a roll says whether a chain hit the cap
  s:reset()
  assert(s:round() == 0)
  s:set_log_limit(30)                 -- output bounded: the run fails whole
  local err = raises("limit", "ERANGE", function() s:run() end)
  assert(err.message:find("limit of 30 events"))
  assert(s:round() == 0)
end)

test("handles close once; the context waits for its handles", function()
  local ctx = cops.context(1)
  local w = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  assert(not pcall(function() ctx:close() end))
  w:close(); w:close()
  assert(not pcall(function() w:name() end))
  ctx:close(); ctx:close()
  assert(not pcall(function() ctx:roll("4+/1") end))
  for _ = 1, 200 do
    local c = cops.context(2)
    c:load_character(ex .. "/sheets/sarah.json")
  end
  collectgarbage()
  collectgarbage()
end)

test("a sheet's dossier and extra object, as JSON text (docs/sheets.md)", function()
  local ctx <close> = cops.context(1)
  local mike <close> = ctx:load_character(ex .. "/sheets/mike-dossier.json")
  assert(mike:dossier():find('^{"nickname":"Tex","grade":"Inspecteur","age":34,'), mike:dossier())
  assert(mike:extra():find('"foundry"'))
  assert(mike:to_json() == read(ex .. "/sheets/mike-dossier.json"))   -- byte for byte
  local ana <close> = ctx:new_character("Ana")
  assert(ana:dossier() == "{}" and ana:extra() == "{}")
  assert(ana:dossier('{"grade": "Sergent", "age": 41}') == '{"grade":"Sergent","age":41}')
  local e = raises("rank", "EJSON", function() ana:dossier('{"rank": "x"}') end)
  assert(e.message:find("dossier.rank: unknown field"), e.message)
  raises("age", "ERANGE", function() ana:dossier('{"age": 200}') end)
  assert(ana:dossier() == '{"grade":"Sergent","age":41}')          -- nothing half-applied
  assert(ana:extra('{"token": "ana.png"}') == '{"token":"ana.png"}')
  assert(ana:to_json():find('"schema": 4,'))
  assert(ana:dossier(nil) == "{}" and ana:extra(nil) == "{}")
  assert(ana:to_json():find('"schema": 3,'))
end)

test("the gear a sheet carries, and a fight that spends its magazines (docs/sheets.md)", function()
  local ctx <close> = cops.context(1)
  local sarah <close> = ctx:load_character(ex .. "/sheets/sarah-kit.json")
  assert(sarah:to_json() == read(ex .. "/sheets/sarah-kit.json"))   -- byte for byte
  assert(sarah:gear():find('^{"weapons":%[{"weapon":"../weapons/remington%-162.json",'
                           .. '"loaded":5,"magazines":1,"in_hand":true}'), sarah:gear())
  local ws = sarah:weapons()
  assert(#ws == 3 and ws[1]:name() == "Remington 162" and ws[3]:name() == "Couteau 021")
  assert(ws[1]:magazines() == 1 and ws[2]:magazines() == 2 and ws[3]:magazines() == nil)
  assert(sarah:hand() == 0 and sarah:armour():name() == "Gilet pare-balles")
  local e = raises("magazine", "ERULE", function() ws[3]:magazines(1) end)
  assert(e.message:find("has no magazine"), e.message)
  local ana <close> = ctx:new_character("Ana")
  assert(ana:gear() == "{}" and ana:hand() == nil and ana:armour() == nil and #ana:weapons() == 0)
  raises("two in hand", "ERULE", function()
    ana:gear('{"weapons": [{"weapon": {"name": "A 111", "kind": "blade"}, "in_hand": true},'
             .. '{"weapon": {"name": "B 111", "kind": "blade"}, "in_hand": true}]}')
  end)
  assert(ana:gear() == "{}")                                        -- nothing half-applied
  local joe <close> = ctx:load_character(ex .. "/sheets/joe.json")
  local fight <close> = ctx:encounter()
  fight:add(sarah, 0, 0, 0, {controlled = true})
  fight:add(joe, 1, 30, 0, {controlled = true})
  fight:equip(0)
  assert(fight:weapon(0):name() == "Remington 162")
  assert(fight:state(0).magazines == 1 and fight:state(0).armour == "Gilet pare-balles")
  fight:begin_round()
  fight:declare(0, {action = "reload"})
  fight:declare(1, {action = "wait"})
  fight:resolve_round()
  assert(ws[1]:get("loaded") == 6 and ws[1]:magazines() == 0)       -- the sheet's own
  fight:begin_round()
  e = raises("no spare", "ERULE", function() fight:declare(0, {action = "reload"}) end)
  assert(e.message:find("no spare magazine left"), e.message)
end)

test("a Roll20 COPS character made into a sheet (docs/sheets.md)", function()
  local ctx <close> = cops.context(1)
  local mike <close>, report = ctx:character_roll20(read(ex .. "/roll20/delgado.json"))
  assert(mike:to_json() == read(ex .. "/../tests/golden/roll20-delgado.json"))
  assert(report:find('{"attribute":"Badge","action":"dropped","detail":"not an attribute of the '
                     .. 'Roll20 COPS sheet"}', 1, true), report)
  local e = raises("not attributes", "EJSON", function() ctx:character_roll20('{"name": "x"}') end)
  assert(e.message:find("expected Roll20's attributes"), e.message)
end)

h.finish("lua")
