-- What the Lua test scripts share: named checks counted, errors of the library
-- expected by name, and the summary that sets the exit status.
--   local h = dofile(root .. "/bindings/lua/tests/harness.lua")
--   h.test("a name", function() ... end); h.raises("ERULE", fn); h.finish("lua")
local h = {passed = 0, failed = 0}

function h.test(name, fn)
  local ok, err = pcall(fn)
  if ok then
    h.passed = h.passed + 1
  else
    h.failed = h.failed + 1
    print("FAIL: " .. name .. ": " .. tostring(err))
  end
end

-- fn must raise the library's error of that name; the error table is returned.
function h.raises(code, fn, what)
  local ok, err = pcall(fn)
  local prefix = what and what .. ": " or ""
  assert(not ok, prefix .. "no error")
  assert(type(err) == "table" and err.name == code,
         prefix .. "expected " .. code .. ", got " .. tostring(err))
  return err
end

-- The summary line, then exit 1 on any failure (closing the state: every handle finalised).
function h.finish(label)
  print(string.format("%s: %d passed, %d failed", label, h.passed, h.failed))
  os.exit(h.failed == 0 and 0 or 1, true)
end

return h
