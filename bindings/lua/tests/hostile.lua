-- Hostile calls, as a chat bot relays strangers' text (docs/lua.md, "Errors"): 12,000
-- seeded random calls across the module's functions and every method of its objects, with
-- huge and negative integers, NaN, infinities, NUL bytes, invalid UTF-8, unknown names,
-- empty strings, wrong types and closed handles. Every error must be the module's error
-- table ({code, name, status, message} with __tostring); a string error, a crash or a hang
-- fails.
-- Usage: lua5.4 hostile.lua SOURCE_ROOT (package.cpath must reach cops.so).
local root = assert(arg[1], "usage: lua5.4 hostile.lua SOURCE_ROOT")
local cops = require "cops"
local ex = root .. "/examples"
local CALLS = 12000

local hostile = {0, 1, -1, 2, 7, 16, 64, 2 ^ 31, math.maxinteger, math.mininteger, 0 / 0,
                 math.huge, -math.huge, 1.5, "", "\0", "a\0b", "\xff\xfe", "zzz", "Poli",
                 "Intimidation", "shoot", "fr", "pursuer", "4+/3 (2)", string.rep("x", 70),
                 "../../etc/passwd", "/etc/passwd", {}, {1, 2}, {action = "shoot"}, true, false,
                 print, coroutine.create(function() end)}

local function world(ctx)
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local gun = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  local vest = ctx:load_armour(ex .. "/armour/gilet-pare-balles.json")
  local sc = ctx:scenario(ex .. "/scenarios/street-shootout.json")
  local enc = ctx:load_encounter(sc:save())
  local chase = ctx:load_chase(ex .. "/scenarios/sunset-chase.json")
  local closed = ctx:load_character(ex .. "/sheets/joe.json")
  closed:close()
  return {ctx, mike, gun, vest, sc, enc, chase, closed, enc:checkpoint(), ctx:log()}
end

local function methods(objects)
  local out = {}
  for name, f in pairs(cops) do
    if type(f) == "function" and name ~= "context" and name ~= "_context_with_allocator" then
      out[#out + 1] = {name, f}
    end
  end
  for name, f in pairs(cops.catalogue) do out[#out + 1] = {"catalogue." .. name, f} end
  for _, o in ipairs(objects) do
    local index = getmetatable(o) and getmetatable(o).__index
    if type(index) == "table" then
      for name, f in pairs(index) do
        if type(f) == "function" and name ~= "close" and not name:find("callback") then
          out[#out + 1] = {name, function(...) return f(o, ...) end}
        end
      end
    end
  end
  table.sort(out, function(a, b) return a[1] < b[1] end)
  return out
end

local function in_model(err)
  return type(err) == "table" and type(err.code) == "number" and type(err.name) == "string"
         and err.status == err.name and type(err.message) == "string"
         and getmetatable(err) and getmetatable(err).__tostring ~= nil
end

math.randomseed(2030)
local failures, calls, kinds = {}, 0, {}
local tmp = os.tmpname()
os.remove(tmp)
os.execute("mkdir -p " .. tmp)
while calls < CALLS do
  local ctx <close> = cops.context(math.random(1000))
  local objects = world(ctx)
  ctx:confine(tmp)
  local fns = methods(objects)
  for _ = 1, 400 do
    local pick = fns[math.random(#fns)]
    local args = {}
    for k = 1, math.random(0, 3) do
      local pool = math.random(4) == 1 and objects or hostile
      args[k] = pool[math.random(#pool)]
    end
    local started = os.clock()
    local ok, err = pcall(pick[2], table.unpack(args))
    if not ok and not in_model(err) then
      kinds[pick[1]] = (kinds[pick[1]] or 0) + 1
      if #failures < 15 then
        failures[#failures + 1] = pick[1] .. ": " .. tostring(err)
      end
    end
    if os.clock() - started > 20 then
      failures[#failures + 1] = pick[1] .. ": a call hung"
    end
    calls = calls + 1
  end
  for i = #objects, 1, -1 do
    local o = objects[i]
    if type(o) == "userdata" and o ~= ctx then pcall(function() o:close() end) end
  end
end
os.execute("rm -rf " .. tmp)
local names = {}
for k in pairs(kinds) do names[#names + 1] = k end
table.sort(names)
print(string.format("hostile: %d calls, %d outside the error model%s", calls, #failures,
                    #names > 0 and " (" .. table.concat(names, ", ") .. ")" or ""))
for _, f in ipairs(failures) do print("FAIL: " .. f) end
os.exit(#failures == 0 and 0 or 1, true)
