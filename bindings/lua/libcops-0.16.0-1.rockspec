-- LuaRocks: the Lua module of libcops, built against an installed libcops
-- (meson install; docs/lua.md). In a source tree:
--   luarocks --lua-version 5.4 make bindings/lua/libcops-0.16.0-1.rockspec \
--     LIBCOPS_DIR=/usr/local
rockspec_format = "3.0"
package = "libcops"
version = "0.16.0-1"
source = {
  -- The release archive that `meson dist` makes; `luarocks make` uses the tree at hand.
  url = "file://libcops-0.16.0.tar.xz",
  dir = "libcops-0.16.0",
}
description = {
  summary = "The rules of the COPS role-playing game, resolved exactly by libcops",
  detailed = [[
Rolls with open 10s, exact odds, characters, weapons and armour, attacks and whole
fights of COPS (Los Angeles, 2030), with every die and a replayable event log.
require "cops" gives the binding of the C library libcops, which must be installed.]],
  license = "MIT",
}
dependencies = { "lua >= 5.4, < 5.5" }
external_dependencies = {
  LIBCOPS = { header = "cops/cops.h", library = "cops" },
}
build = {
  type = "builtin",
  modules = {
    cops = {
      sources = { "bindings/lua/base.c", "bindings/lua/dice.c", "bindings/lua/log.c",
                  "bindings/lua/catalogue.c", "bindings/lua/sheet.c", "bindings/lua/attack.c",
                  "bindings/lua/heal.c", "bindings/lua/fight.c", "bindings/lua/chase.c",
                  "bindings/lua/social.c", "bindings/lua/sim.c", "bindings/lua/fight-base.c",
                  "bindings/lua/st.c", "bindings/lua/st-fight.c", "bindings/lua/d6.c",
                  "bindings/lua/d6-character.c", "bindings/lua/d6-combat.c",
                  "bindings/lua/d6-vehicle.c", "bindings/lua/d6-fight.c",
                  "bindings/lua/d6-magic.c" },
      libraries = { "cops" },
      incdirs = { "$(LIBCOPS_INCDIR)" },
      libdirs = { "$(LIBCOPS_LIBDIR)" },
    },
  },
}
