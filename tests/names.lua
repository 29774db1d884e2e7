-- Every public name of the Lua module, one a line (tests/names.py reads them): the module's
-- functions and values, those of its tables (catalogue, st, d6), and each handle's methods
-- as TYPE:METHOD (the metatables the module registers, "cops.TYPE").
local cops = require "cops"
local out = {}
local function walk(prefix, t, seen)
  for k, v in pairs(t) do
    if type(k) == "string" and not k:match("^_") then
      if type(v) == "table" and not seen[v] then
        seen[v] = true
        walk(prefix .. k .. ".", v, seen)
      else
        out[#out + 1] = prefix .. k
      end
    end
  end
end
walk("", cops, {})
for k, v in pairs(debug.getregistry()) do
  if type(k) == "string" and k:match("^cops%.") and type(v) == "table" then
    local index = rawget(v, "__index")
    if type(index) == "table" then
      for m in pairs(index) do
        if type(m) == "string" and not m:match("^_") then
          out[#out + 1] = k:sub(6) .. ":" .. m
        end
      end
    end
  end
end
table.sort(out)
io.write(table.concat(out, "\n"), "\n")
