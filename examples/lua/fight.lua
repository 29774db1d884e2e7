-- A short Lua script over the cops module: a roll, exact odds, and the street
-- shootout narrated in English. Run from the source tree:
--   LUA_CPATH="build/bindings/?.so" lua5.4 examples/lua/fight.lua [seed]
local cops = require "cops"
local root = arg[2] or "."
local seed = math.tointeger(tonumber(arg[1] or "2030"))

local ctx <close> = cops.context(seed)
local r = ctx:roll("4+/3 (2)")
print(string.format("4+/3 (2): dice %s, %d successes, margin %d",
                    table.concat(r.dice, ", "), r.successes, r.margin))
print(string.format("odds of 4+/3 (2): %.2f %%", 100 * ctx:odds("4+/3 (2)")))

local s <close> = ctx:scenario(root .. "/examples/scenarios/street-shootout.json")
s:seed(seed)
s:run()
io.write(s:narrate("en"))
local w = s:winner()
print(w and ("winning side: " .. w) or "no winner")
