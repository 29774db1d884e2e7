-- The rest of the C API from Lua (docs/lua.md): one-off attacks and their outcomes,
-- logs, follow-ups, points, characteristics, skills, health, positions, the catalogue,
-- every odds query, pools, d6 and opposed rolls, weapons and armour built and changed.
-- Usage: lua5.4 api.lua SOURCE_ROOT (package.cpath must reach cops.so).
local root = assert(arg[1], "usage: lua5.4 api.lua SOURCE_ROOT")
local cops = require "cops"
local ex = root .. "/examples"
local h = dofile(root .. "/bindings/lua/tests/harness.lua")
local test, raises = h.test, h.raises

local function scripted(faces)
  local i = 0
  return cops.context(function() i = i + 1; return faces[i] end)
end

test("a scripted shot as the command tells it", function()
  local ctx <close> = scripted({9, 9, 2, 6, 3, 4, 2, 6, 1, 3, 2, 5, 4})
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local joe = ctx:load_character(ex .. "/sheets/joe.json")
  local gun = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  local vest = ctx:load_armour(ex .. "/armour/gilet-pare-balles.json")
  local log <close> = ctx:log()
  local o = ctx:attack{attacker = mike, target = joe, weapon = gun, armour = vest, distance = 12,
                       log = log}
  assert(o.mode == "single" and o.possible and o.hit_target and o.margin == 0 and o.fired == 1)
  local h = o.hits[1]
  assert(#o.hits == 1 and h.victim == "target" and h.location == "torso" and h.die == 6
         and h.raw == 16 and h.protection == 6 and h.bonus == 9 and h.damage == 19)
  local v = o.victims[1]
  assert(v.name == "Joe « Scar » Ramirez" and v.hp_before == 12 and v.hp_after == -7
         and v.health_after == "dying" and v.lasting)
  assert(#o.rolls.attack.dice == 3 and o.rolls.stopping == nil)
  assert(joe:hp() == -7 and gun:get("loaded") == 11)
  local text = log:narrate("en")
  assert(text:find("Joe « Scar » Ramirez: 16 - protection 6 + location 9 = 19 damage\n", 1, true))
  assert(log:count() == #log:events() and log:events()[1].type == "attack")
  assert(log:jsonl():find('"type":"attack"', 1, true))
end)

test("the alternative rules give the golden burst", function()
  -- A2.2, A5: tests/cli.sh's burst under the alternative rules, byte for byte.
  local ctx <close> = cops.context(14)
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local sarah = ctx:load_character(ex .. "/sheets/sarah.json")
  local gun = ctx:load_weapon(ex .. "/weapons/scorpion-131.json")
  local vest = ctx:load_armour(ex .. "/armour/gilet-pare-balles.json")
  local log <close> = ctx:log()
  local o = ctx:attack{attacker = mike, target = sarah, weapon = gun, armour = vest,
                       distance = 8, mode = "burst", attitude = "Agressif",
                       rules = "alternative", aim = 10, log = log}
  local f = assert(io.open(root .. "/tests/golden/alternative-burst-14.jsonl"))
  local golden = f:read("a")
  f:close()
  assert(log:jsonl() == golden)
  assert(o.hits[1].rolled == 5 and o.hits[1].die == 7)
  local v = o.victims[1]
  assert(v.stopping == "mishap" and v.stopping_threshold == 8 and v.mishaps[1] == "knocked_down")
  local odds = ctx:attack_odds{attacker = mike, target = sarah, weapon = gun, armour = vest,
                               distance = 8, mode = "burst", attitude = "Agressif",
                               rules = "alternative", aim = 10}
  local st = odds.stopping
  assert(st.steady == 0 and math.abs(st.none + st.unaffected + st.stopped + st.mishap - 1) < 1e-9)
  raises("EINVAL", function()
    ctx:attack{attacker = mike, target = sarah, weapon = gun, rules = "alternative", initiative = 1}
  end)
  local ok, err = pcall(function() ctx:attack{attacker = mike, target = sarah, rules = "house"} end)
  assert(not ok and tostring(err):find("'core' or 'alternative'", 1, true))
  assert(cops.catalogue.ruleset_names()[2] == "alternative")
  assert(cops.catalogue.body_side(9) == "left" and cops.catalogue.body_side(5) == nil)
  assert(cops.catalogue.body_side_name("right", "fr") == "droite")
  assert(cops.catalogue.mishap_names()[4] == "drop_left")
end)

test("Adrénaline in an attack and a declaration", function()
  local ctx <close> = scripted({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local joe = ctx:load_character(ex .. "/sheets/joe.json")
  local gun = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  local log <close> = ctx:log()
  local o = ctx:attack{attacker = mike, target = joe, weapon = gun, distance = 5,
                       adrenaline = true, log = log}
  assert(o.rolls.attack.pool == 4 and select(1, mike:points("adrenaline")) == 1)
  assert(log:jsonl():find('"adrenaline":true', 1, true))
  mike:set_current_points("adrenaline", 0)
  local e = raises("ERULE", function()
    ctx:attack{attacker = mike, target = joe, weapon = gun, distance = 5, adrenaline = true}
  end)
  assert(e.message:find("no Adrénaline point left", 1, true))
  local fight <close> = ctx:encounter()
  local m = fight:add(mike, 0, 0, 0, {controlled = true})
  local j = fight:add(joe, 1, 1, 0)
  fight:begin_round()
  raises("ERULE", function()
    fight:declare(m, {action = "strike", target = j, adrenaline = true})
  end)
end)

test("Ancienneté in an attack and in a fight", function()
  local ctx <close> = scripted({1, 1, 1, 1, 1, 1})
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local joe = ctx:load_character(ex .. "/sheets/joe.json")
  local gun = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  local log <close> = ctx:log()
  local o = ctx:attack{attacker = mike, target = joe, weapon = gun, distance = 5,
                       anciennete = true, log = log}
  assert(not o.hit_target and select(1, mike:points("anciennete")) == 1)
  local rolls = {}
  for _, ev in ipairs(log:events()) do
    if ev.type == "roll" and ev.purpose == 0 then rolls[#rolls + 1] = ev end   -- to hit
  end
  assert(#rolls == 2 and rolls[1].anciennete == nil and rolls[2].anciennete == true)
  -- In a fight: the function decides for the controlled combatant only.
  local asked = 0
  for seed = 1, 40 do
    local c <close> = cops.context(seed)
    local m1 = c:load_character(ex .. "/sheets/mike.json")
    local j1 = c:load_character(ex .. "/sheets/joe.json")
    m1:set_points(0, 5)
    j1:set_points(0, 5)
    local e <close> = c:encounter()
    local m = e:add(m1, 0, 0, 0, {controlled = true,
                                  weapons = {c:load_weapon(ex .. "/weapons/vulcan-051.json")}})
    e:add(j1, 1, 40, 0, {weapons = {c:load_weapon(ex .. "/weapons/vulcan-051.json")}})
    e:set_anciennete_callback(function(id, purpose, failed, points)
      assert(id == m and type(purpose) == "string" and not failed.success and points >= 1)
      asked = asked + 1
      return true
    end)
    while not e:over() and e:round() < 30 do
      e:begin_round()
      if e:can_act(m) then
        local d = e:suggest(m)
        assert(d.anciennete == false)
        d.anciennete = false
        e:declare(m, d)
      end
      e:resolve_round()
    end
    local again = 0
    for _, ev in ipairs(e:events()) do
      if ev.anciennete then assert(ev.actor_id == m); again = again + 1 end
    end
    assert(again == 5 - select(1, m1:points("anciennete")))
    assert(select(1, j1:points("anciennete")) == 5)
    if asked > 0 then
      -- A function that answers no boolean fails the round, which can be made again.
      e:reset()
      e:set_anciennete_callback(function() return 1 end)
      local failed = false
      while not e:over() and e:round() < 30 and not failed do
        e:begin_round()
        if e:can_act(m) then e:declare(m, {action = "wait"}) end
        local ok, err = pcall(e.resolve_round, e)
        if not ok then
          assert(tostring(err):find("not a boolean", 1, true))
          e:set_anciennete_callback(nil)
          e:resolve_round()
          failed = true
        end
      end
      break
    end
  end
  assert(asked > 0)
end)

test("a fight saved and resumed is the same fight", function()
  local path = ex .. "/scenarios/street-shootout.json"
  local full
  do
    local ctx <close> = cops.context()
    local s <close> = ctx:scenario(path)
    s:seed(2030)
    s:run()
    full = s:jsonl()
  end
  for at = 0, 3 do
    local saved, before
    do
      local ctx <close> = cops.context()
      local s <close> = ctx:scenario(path)
      s:seed(2030)
      for _ = 1, at do s:run_round() end
      before = #s:events()
      saved = s:save()
    end
    local ctx <close> = cops.context()
    local e <close> = ctx:load_encounter(saved)
    assert(e:save() == saved, "nothing lost on the way")
    assert(e:character(0) == nil and e:count() == 5)
    e:run()
    local rest = e:jsonl()
    local tail = full
    for _ = 1, before do tail = tail:sub(tail:find("\n", 1, true) + 1) end
    assert(rest == tail, "resumed after round " .. at)
  end
  local ctx <close> = cops.context()
  local err = raises("EJSON", function()
    ctx:load_encounter('{"schema": 1, "type": "libcops-encounter"}')
  end)
  assert(err.message:find("ruleset", 1, true))
end)

test("the odds before the roll", function()
  local ctx <close> = cops.context(5)
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local joe = ctx:load_character(ex .. "/sheets/joe.json")
  local gun = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  local o = ctx:attack_odds{attacker = mike, target = joe, weapon = gun, distance = 12}
  assert(math.abs(o.p_hit - 0.6768) < 1e-12)
  local sum = 0
  for _, p in ipairs(o.damage) do sum = sum + p end
  assert(math.abs(sum - 1) < 1e-9 and math.abs(o.bullets_in[1] - (1 - o.p_hit)) < 1e-12)
  assert(o.zones.torso > 0 and o.stopping.none > 0 and o.p_down > 0)
  assert(gun:get("loaded") == 12 and joe:hp() == 12)
  raises("ERULE", function()
    ctx:attack_odds{attacker = mike, target = joe, weapon = gun, mode = "burst"}
  end)
  local e <close> = ctx:encounter()
  local m = e:add(mike, 0, 0, 0, {controlled = true, weapons = {gun}})
  local j = e:add(joe, 1, 16, 0)
  e:begin_round()
  local planned = e:odds(m, {action = "shoot", target = j, to = {4, 0}})
  local moved = ctx:attack_odds{attacker = mike, target = joe, weapon = gun, distance = 12,
                                movement = 4}
  assert(math.abs(planned.p_hit - moved.p_hit) < 1e-15)
  raises("EINVAL", function() e:odds(m, {action = "wait"}) end)
end)

test("an attack refused changes nothing", function()
  local ctx <close> = cops.context(1)
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local joe = ctx:load_character(ex .. "/sheets/joe.json")
  local gun = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  local log <close> = ctx:log()
  local hp = joe:hp()
  local e = raises("ERULE", function()
    ctx:attack{attacker = mike, target = joe, weapon = gun, mode = "burst", distance = 5, log = log}
  end)
  assert(e.message:find("no burst value", 1, true))
  raises("EINVAL", function()
    ctx:attack{attacker = mike, target = joe, weapon = gun, initiative = -2, log = log}
  end)
  assert(not pcall(function() ctx:attack{attacker = mike, target = joe, mode = "snipe"} end))
  assert(not pcall(function() ctx:attack{attacker = mike, target = gun} end))
  assert(log:count() == 0 and joe:hp() == hp and gun:get("loaded") == 12)
end)

test("covering fire, nerve and crossing, recovery and standing up", function()
  local ctx <close> = cops.context(11)
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local joe = ctx:load_character(ex .. "/sheets/joe.json")
  local smg = ctx:load_weapon(ex .. "/weapons/scorpion-131.json")
  local log <close> = ctx:log()
  local cover = ctx:attack{attacker = mike, weapon = smg, mode = "cover", zone = {10, 0, 3}, log = log}
  assert(cover.mode == "cover" and cover.fired >= 4)
  local r, steady = ctx:cover_nerve(joe, log)
  assert(r.json:find('"action":"6+/', 1, true) and steady == r.success)
  local crossing = ctx:cover_enter(cover, joe, {attitude = "Agressif", log = log})
  assert(crossing.mode == "cover")
  assert(not pcall(function() ctx:cover_enter({}, joe) end))
  raises("ESTATE", function() ctx:recovery_roll(joe) end)
  raises("ESTATE", function() ctx:stand_up(joe) end)
  joe:set_conditions(16)                       -- on the ground
  local up, stood = ctx:stand_up(joe, log)
  assert(stood == up.success and ((joe:conditions() & 16) ~= 0) ~= stood)
end)

test("points, characteristics, skills and health", function()
  local ctx <close> = scripted({1, 1, 1, 1, 7, 8, 9, 1})
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local cur, max = mike:points("adrenaline")
  assert(cur == 2 and max == 2)
  local first, again = mike:roll_with_anciennete("Conduite [voiture]/Réflexes (2)")
  assert(not first.success and again.success and again.margin == 0)
  assert(select(1, mike:points("anciennete")) == 1)
  mike:set_current_points("adrenaline", 0)
  raises("ERULE", function() mike:roll("Arme de poing/Coordination (2)", true) end)
  mike:recover_point("adrenaline")
  assert(select(1, mike:points("adrenaline")) == 1)
  mike:spend_permanently("anciennete")
  cur, max = mike:points("anciennete")
  assert(cur == 1 and max == 1)
  raises("ERULE", function() mike:set_points(3, 3) end)
  assert(not pcall(function() mike:points("luck") end))
  local ana = ctx:new_character("Ana")
  ana:characteristic("sang froid", 4)
  assert(ana:characteristic("Sang-froid") == 4 and ana:characteristic("Charme") == 1)
  assert(ana:skill("Conduite") == nil)
  ana:set_skill("Conduite", 4, {"voiture", "moto"})
  local specs = ana:specialisations("Conduite")
  assert(ana:skill("conduite") == 4 and specs[1] == "voiture" and specs[2] == "moto")
  raises("ERULE", function() ana:set_skill("Pilotage", 4) end)
  ana:remove_skill("Conduite")
  assert(ana:skill("Conduite") == nil)
  assert(ana:max_hp(30) == 30)
  ana:hp(30)
  ana:damage(20)
  assert(ana:hp() == 10 and ana:health() == "below_half" and ana:health_name("es") ~= nil)
  ana:heal(5)
  assert(ana:hp() == 15)
  ana:recovery(3)
  local d, rounds = ana:recovery()
  assert(d == 3 and rounds == 0 and (ana:conditions() & 1) == 1)
  assert(math.abs(mike:odds("Arme de poing/Coordination (2)") - 0.8029) > 0)
  raises("EINVAL", function() ctx:new_character("") end)
end)

test("positions and what an encounter tells", function()
  local ctx <close> = cops.context(4)
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local joe = ctx:load_character(ex .. "/sheets/joe.json")
  local gun = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  local e <close> = ctx:encounter()
  local m = e:add(mike, 0, 0, 0, {weapons = {gun}, controlled = true})
  local j = e:add(joe, 1, 12, 5)
  local x, y = e:position(j)
  assert(e:count() == 2 and x == 12 and y == 5 and e:side(j) == 1 and e:distance(m, j) == 13)
  x, y = e:position(j, 3, 4)
  assert(x == 3 and y == 4 and e:distance(m, j) == 5)
  assert(e:character(m) == mike and e:weapon(m) == gun and e:weapon(j) == nil)
  e:begin_round()
  e:declare(m, {action = "shoot", target = j, attitude = "Agressif", initiative = 1, to = {1, 0},
                dice_mod = 1, difficulty_mod = -1})
  local d = e:declaration(m)
  assert(d.dice_mod == 1 and d.difficulty_mod == -1 and d.threshold_mod == 0 and not d.long_move)
  assert(d.action == "shoot" and d.attitude == 1 and d.target == j and d.to[1] == 1)
  local ws = e:weapons(m)
  assert(#ws == 1 and ws[1] == gun and e:hand(m) == 0 and e:hand(j) == nil)
  assert(e:armour(m) == nil and e:controlled(m) and not e:controlled(j))
  local lo, hi = e:initiative_range(m)
  assert(lo == 0 and hi == 2)
  local allowed = e:allowed(m)
  assert(allowed.shoot == true and allowed.melee:find("no blade or blunt", 1, true))
  assert(e:allowed(j).escape:find("not held", 1, true))
  local offer = e:suggest(j)                   -- what the policy would declare for Joe
  assert(type(offer.action) == "string" and offer.attitude ~= nil)
  e:resolve_round()
  local gm_seen = false
  for _, ev in ipairs(e:events()) do
    if ev.type == "declare" and ev.actor_id == m then gm_seen = ev.dice_mod == 1 end
  end
  assert(gm_seen, "the declare event carries the GM's modifier")
  local got = e:declaration(j)
  assert(got.action == offer.action and got.attitude == offer.attitude
         and got.initiative == offer.initiative and got.target == offer.target)
  raises("ESTATE", function() e:suggest(j) end)
  raises("ESTATE", function() e:allowed(m) end)
  raises("ERANGE", function() e:position(7) end)
end)

test("the catalogue", function()
  local c = cops.catalogue
  assert(c.characteristics()[7] == "Sang-froid" and c.characteristics("en")[7] == "Nerve")
  assert(#c.skills() == 27)
  local driving = c.skill("conduite")
  assert(driving.english == "Driving" and driving.specialisation_level == 8
         and driving.specialisations[1] == "voiture" and not driving.free_specialisations)
  assert(c.locations("en")[7] == "head" and c.location("tête") == 6)
  local z, m = c.zone_of_die(6)
  assert(z == "torso" and m == 2)
  assert(not pcall(c.zone_of_die, 11))
  assert(c.attitude_name(2, "es") == "Ultraviolento" and c.condition_name(8, "en") == "held")
  assert(c.stopping_name(2, "en") == "out of the fight" and c.health_name(4, "fr") == "cliniquement mort")
  assert(c.purpose_names()[1] == "attack" and c.event_type_names()[25] == "end")
  assert(c.action_names()[2] == "shoot" and c.mode_names()[2] == "burst")
  assert(c.weapon_kinds()[4] == "blade" and c.weapon_kind("arme blanche") == 3)
  assert(c.weapon_fields()[2] == "pu")
  local pr, pu, fa = c.weapon_values_from_name("Vulcan 051")
  assert(pr == 0 and pu == 5 and fa == 1)
  local lo, hi = c.initiative_range(3)
  assert(lo == 0 and hi == 2)
  assert(c.languages()[3] == "es" and c.language("ES") == 2)
  assert(not pcall(c.language, "de"))
end)

test("every odds query, pools, d6 and opposed rolls, the context", function()
  local ctx <close> = cops.context(1)
  local function near(a, b) return math.abs(a - b) < 1e-12 end
  assert(near(ctx:odds_pmf("6+/3 (1)", 0), 0.125) and near(ctx:odds_at_least("6+/3 (1)", 1), 0.875))
  assert(near(ctx:odds_margin_at_least("6+/3 (1)", 0), 0.875))
  assert(ctx:odds_quantile("6+/3 (1)", 0.1) == 0 and ctx:odds_quantile("6+/3 (1)", 0.2) == 1)
  assert(ctx:odds_dice_for("6+/1 (1)", 0.875) == 3 and ctx:odds_threshold_for("6+/3 (1)", 0.875) == 6)
  raises("ENOTFOUND", function() ctx:odds_dice_for("10+/1 (9)", 0.999) end)
  assert(near(ctx:odds_expected("4+/3 (2)"), 7 / 3))
  local plain, adr, anc, both = ctx:odds_points("2+/64 (64)")
  assert(plain > 0 and adr == nil and anc >= plain and both == nil)
  local win, none, lose = ctx:odds_opposed("4+/1", "4+/1")
  assert(near(win, lose) and near(win + none + lose, 1))
  local sum = 0
  for d = -12, 12 do sum = sum + ctx:odds_opposed_difference("4+/2", "4+/2", d) end
  assert(math.abs(sum - 1) < 1e-9)
  assert(ctx:source() == "seeded" and ctx:reroll_cap() == 100 and ctx:reroll_cap(3) == 3)
  raises("ERANGE", function() ctx:reroll_cap(5000) end)
  ctx:use_system()
  assert(ctx:source() == "system")
  local s <close> = scripted({7, 2, 10, 3, 4, 6, 2, 6, 6, 1, 5, 9, 9})
  local r = s:roll_pool(3, 5, 2)
  assert(r.successes == 2 and r.json:find('"action":"5+/3 (2)"', 1, true))
  local d6 = s:roll_d6(3)
  assert(d6.json:find('"total":12', 1, true))
  assert(s:roll_d6(2, true).json:find('"kind":"d6_highest"', 1, true))
  local ra, rb, winner, margin = s:roll_opposed("4+/2", "4+/2")
  assert(ra.dice[1] == 1 and rb.dice[1] == 9 and winner == "b" and margin == 1)
end)

test("weapons and armour built and changed", function()
  local ctx <close> = cops.context(1)
  local gun = ctx:new_weapon("handgun", "Vulcan 051")
  assert(gun:get("pu") == 5 and gun:kind() == "handgun" and select(1, gun:skill()) == "Arme de poing")
  gun:set("magazine", 12)
  local e = raises("ERANGE", function() gun:set("pu", 21) end)
  assert(e.message:find("pu: 21 out of range", 1, true))
  local knife = ctx:new_weapon("arme blanche", "Couteau")
  local _, spec = knife:skill("Arme de contact", "machette")
  assert(spec == "machette")
  local vest = ctx:new_armour("Gilet")
  local d, f = vest:protection("torse", 2, 1)
  assert(d == 2 and f == 1 and select(1, vest:protection("head")) == 0)
  assert(vest:against_throws() == false and vest:against_throws(true) == true)
  local sc <close> = ctx:scenario_json('{"schema": 1, "name": "Duel", "combatants": [' ..
    '{"sheet": "sheets/mike.json", "side": "a"}, {"sheet": "sheets/joe.json", "side": "b"}]}', ex)
  assert(sc:sides()[2] == "b" and sc:name() == "Duel")
end)

test("wounds over time: bleeding, treatments, rest, nights, the aftermath", function()
  local ctx <close> = scripted({9, 9, 9, 9, 9, 1, 8, 1, 1, 3, 4})
  local doc = ctx:new_character("Doc")
  doc:set_skill("Premiers secours", 5)
  doc:set_skill("Médecine", 7)
  for _, c in ipairs({"Coordination", "Sang-froid"}) do doc:characteristic(c, 3) end
  local pat = ctx:new_character("Pat")
  pat:characteristic("Carrure", 3)
  pat:damage(12)
  local o = ctx:treat_odds{healer = doc, patient = pat, kind = "first_aid"}
  local sum = 0
  for _, p in ipairs(o.healed) do sum = sum + p end
  assert(o.cap == 7 and #o.healed == 8 and math.abs(sum - 1) < 1e-12 and o.success > 0.5)
  local log <close> = ctx:log()
  local t = ctx:treat{healer = doc, patient = pat, kind = "first_aid", log = log}
  assert(t.succeeded and t.margin == 2 and t.healed == 2 and t.cap == 7 and pat:hp() == 19)
  assert(#t.roll.dice == 3 and log:events()[#log:events()].cause == "first_aid")
  local e = raises("ERULE", function() ctx:treat{healer = doc, patient = pat, kind = "first_aid"} end)
  assert(e.message:find("once per fight", 1, true))
  pat:hp(-5)
  local period, nxt = pat:bleeding()
  assert(period == 1 and nxt == 6)
  local s = ctx:treat{healer = doc, patient = pat, kind = "stabilise"}
  assert(s.healed == 1 and s.bleed_period == 10 and pat:hp() == -4)
  local m = ctx:treat{healer = doc, patient = pat, kind = "medicine"}
  assert(m.succeeded and m.bleed_period == 40)
  local _, _, made = pat:bleeding()
  assert(made.stabilise and made.medicine)
  pat:set_rest("hospital")
  assert(select(1, pat:rest()) == "hospital" and select(1, pat:bleeding()) == 0)
  pat:advance(86400, log, 7)
  assert(pat:hp() == 3 and pat:time() == 86400 and log:events()[#log:events()].clock == 86400)
  raises("ERULE", function() pat:set_rest("none") end)
  assert(ctx:treatment_action{healer = doc, patient = doc, kind = "first_aid"} == "5+/3 (1)")
  doc:set_points(1, 1)
  doc:set_current_points("adrenaline", 0)
  doc:night("adrenaline", 6 * 3600)
  assert(doc:points("adrenaline") == 1 and doc:time() == 6 * 3600)
  raises("ERULE", function() doc:night("anciennete") end)
  assert(cops.catalogue.rest_name("natural", "en"):find("natural healing", 1, true))
  assert(cops.catalogue.treatment_name("first_aid", "fr") == "premiers soins")
  local dead = ctx:new_character("Dead")
  dead:hp(-dead:max_hp())
  raises("ERULE", function() dead:declare_dead(); dead:declare_dead() end)
  raises("ERULE", function() dead:revive() end)
  assert(dead:lasting_wounds(2) == 2 and dead:lost_recently() == 0)
end)

test("a fight's aftermath", function()
  local ctx <close> = cops.context()
  local s <close> = ctx:scenario(ex .. "/scenarios/street-shootout.json")
  s:seed(2030)
  s:run()
  local before = #s:events()
  assert(not s:aftermath_done())
  s:aftermath(1, 600)
  assert(s:aftermath_done() and #s:events() > before)
  raises("ESTATE", function() s:aftermath() end)
end)

test("a chase with scripted dice (C7)", function()
  local ctx <close> = scripted({5, 1, 1, 1, 1, 1, 9, 9, 9, 1, 1, 5, 1, 1, 1, 1, 1, 5, 1, 1, 4})
  local rico, mike = ctx:new_character("Rico"), ctx:new_character("Mike")
  for _, c in ipairs({rico, mike}) do c:set_skill("Conduite", 5, {"voiture"}) end
  local chase <close> = ctx:chase()
  local p = chase:add(rico, "Conduite [voiture]/Réflexes", "pursued", "Dodge", 6)
  local q = chase:add(mike, "Conduite [voiture]/Réflexes", "pursuer", nil, 5)
  assert(chase:chooser(q) == p and chase:band(q) == "intermediate" and chase:count() == 2)
  local o = chase:odds(q, 2, p, 1)
  assert(math.abs(o.both + o.only_mine + o.only_other + o.neither - 1) < 1e-12 and o.crash == 0)
  local s, b = chase:suggest(q)
  assert(s >= 1 and s <= 5 and b == 0)
  chase:declare(p, 1)
  chase:declare(q, 5, {blacken = 1})
  chase:resolve_round()
  local w, b = chase:dice(q)
  assert(w == 2 and b == 1 and chase:band(q) == "long" and chase:round() == 1)
  raises("ERULE", function() chase:shot_malus(q) end)
  chase:set_maluses(1, 2)
  local seen
  chase:set_crash_callback(function(id, failed, d6) seen = {id, failed, d6[1]}; return false end)
  chase:declare(p, 1)
  chase:declare(q, 1)
  chase:resolve_round()
  assert(seen[1] == q and seen[2] == 1 and seen[3] == 4)
  assert(chase:narrate("en"):find("Mike: 1 black die failed, crash test 4", 1, true))
  assert(chase:events()[#chase:events()].type == "chase_band")
  raises("ERANGE", function() chase:declare(q, 0) end)
  chase:wreck(q)
  assert(chase:state(q) == "wrecked" and chase:result() == "escaped")
  assert(chase:character(p) == rico and chase:role(q) == "pursuer")
  assert(cops.catalogue.chase_band_name("long", "fr") == "longue")
  chase:set_crash_mode("one_plus")
  raises("ESTATE", function() chase:adjust(q, 1) end)
end)

test("a chase file run to its end", function()
  local ctx <close> = cops.context(2030)
  local chase <close> = ctx:load_chase(ex .. "/scenarios/sunset-chase.json")
  assert(chase:name() == "Sunset Boulevard, 2 a.m." and chase:count() == 3)
  assert(chase:participant(0) == "Lupe Reyes" and chase:max_rounds() == 40)
  chase:set_max_rounds(40)
  chase:run()
  assert(chase:result() ~= "going" and chase:jsonl():find('"type":"chase_end"', 1, true))
  raises("EJSON", function() ctx:chase_json('{"name": "x"}') end)
  local ctx2 <close> = cops.context(2030)
  local part <close> = ctx2:load_chase(ex .. "/scenarios/sunset-chase.json")
  part:set_max_rounds(2)
  part:run()
  local saved, head = part:save(), part:jsonl()
  local ctx3 <close> = cops.context()
  local rest <close> = ctx3:resume_chase(saved)
  assert(rest:save() == saved)
  rest:set_max_rounds(40)
  rest:run()
  assert(head .. rest:jsonl() == chase:jsonl())
  local file = os.tmpname()
  part:save_file(file)
  local again <close> = ctx3:resume_chase_file(file)
  os.remove(file)
  assert(again:save() == saved)
end)

test("a passenger's shot and a tackle (C7 step 5)", function()
  -- A quiet round (1 success of 1 each: 9 then ones), then Jo's shot at short distance:
  -- 3 dice less the small malus: 1 2, a miss.
  local ctx <close> = scripted({9, 1, 1, 1, 9, 1, 1, 1, 1, 1, 1, 2})
  local rico, mike, jo = ctx:new_character("Rico"), ctx:new_character("Mike"),
                         ctx:new_character("Jo")
  for _, c in ipairs({rico, mike, jo}) do
    c:set_skill("Conduite", 5, {"voiture"})
    c:characteristic("Réflexes", 3)
  end
  jo:characteristic("Coordination", 3)
  jo:set_skill("Arme de poing", 5)
  local gun <close> = ctx:load_weapon(ex .. "/weapons/vulcan-051.json")
  local chase <close> = ctx:chase()
  local p = chase:add(rico, "Conduite [voiture]/Réflexes", "pursued", "Dodge", 4)
  local q = chase:add(mike, "Conduite [voiture]/Réflexes", "pursuer", "Interceptor", 6)
  local j = chase:add_passenger(q, jo)
  local name, rides = chase:passenger(j)
  assert(j == 16 and chase:passengers() == 1 and name == "Jo" and rides == q)
  raises("ESTATE", function() chase:act(j, p, {weapon = gun, distance = 5}) end)
  chase:declare(p, 1)
  chase:declare(q, 1)
  chase:resolve_round()
  local out = chase:act(j, p, {weapon = gun, distance = 5})
  assert(not out.hit_target and #out.rolls.attack.dice == 2)
  raises("ESTATE", function() chase:act(j, p, {weapon = gun, distance = 5}) end)
  raises("ERULE", function() chase:act(q, p, {weapon = gun, distance = 5}) end)
  local ctx2 <close> = cops.context(2030)
  local foot <close> = ctx2:load_chase(ex .. "/scenarios/skid-row-tackle.json")
  foot:run()
  assert(foot:result() == "caught" and foot:state(0) == "stopped")
  assert(foot:narrate("en"):find("Dana Brooks (Normal, init +0) tries to throw Tommy Vega", 1, true))
end)

test("a cop's relations (C9)", function()
  local ctx <close> = cops.context()
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local tito = mike:relation("tito vargas")
  assert(tito.name == "Tito Vargas" and tito.kind == "informant" and tito.level == 2)
  assert(tito.level_name == "réglo" and tito.upkeep == "money" and tito.pushed == nil)
  assert(tito.domains[1].domain == "drogue" and tito.domains[1].rating == 1)
  assert(mike:information(0, "drogue") == 3 and mike:information(0, "politique") == 0)
  mike:push(0, "politique")
  assert(mike:information(0, "politique") == 1 and mike:relation(0).pushed == "politique")
  raises("ESTATE", function() mike:push(0, "gangs") end)
  mike:release(0)
  local a = mike:add_relation("Ana", "allié", 4, "favours")
  assert(a == 2 and mike:relation(a).kind == "ally" and mike:relation(a).upkeep == "favours")
  mike:add_relation("Ben", "informant", 4, "argent")
  assert(mike:relation("Ben").upkeep == "money")
  raises("ERULE", function() mike:add_relation("Cid", "ally", 4) end)
  -- C9: an ally is kept by favours, an informant by money (its default), information or
  -- services; another kind's upkeep is refused and adds nothing.
  local e = raises("ERULE", function() mike:add_relation("Dee", "ally", 1, "money") end)
  assert(e.message:find("Dee is an ally, kept by occasional favours, not by money", 1, true))
  assert(#mike:relations() == 4 and mike:add_relation("Eve", "ally", 1) == 4)
  assert(mike:relation("Eve").upkeep == "favours")
  raises("ERULE", function() mike:set_relation_upkeep("Eve", "services") end)
  assert(mike:relation("Eve").upkeep == "favours")
  mike:remove_relation("Eve")
  raises("ERANGE", function() mike:set_domain("Ana", "gangs", 2) end)
  mike:set_domain("Ana", "presse", 1)
  assert(#mike:relations() == 4)
  local again = ctx:character_json(mike:to_json())
  assert(again:to_json() == mike:to_json() and again:relation("Ana").domains[1].domain == "presse")
  mike:remove_relation("Ana")
  assert(#mike:relations() == 3)
  assert(cops.catalogue.relation_level_name("ally", 4, "en") == "for life")
  assert(cops.catalogue.relation_kind_name("informant") == "informateur")
  assert(cops.catalogue.upkeep_name("services", "en") == "small services")
end)

test("an interrogation's subject and the odds of an approach (C4)", function()
  local ctx <close> = cops.context()
  local rosa <close> = ctx:load_subject(ex .. "/subjects/frightened-witness.json")
  assert(rosa:characteristic("Sang-froid") == 1 and rosa:resistance("Sang-froid") == -1)
  assert(rosa:reaction("Amical") == 2 and rosa:reaction("Friendly") == 2)
  assert(rosa:reaction_mode() == "dice" and rosa:has_tag("deficiency", "Uniforms"))
  assert(rosa:facts()[1].tier == 0 and #rosa:tags("affinity") == 1)
  local again <close> = ctx:subject_json(rosa:to_json())
  assert(again:to_json() == rosa:to_json())
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local mine, theirs = ctx:approach_rolls{subject = rosa, cop = mike, method = "Intimidation",
                                          attitude = "Amical"}
  assert(mine == "6+/4 (0) +2D" and theirs == "6+/1 (0) +1S")
  local o = ctx:approach_odds{subject = rosa, cop = mike, method = "Intimidation",
                              attitude = "Amical"}
  assert(math.abs(o.win + o.tie + o.lose - 1) < 1e-12 and o.tiers[1] == o.win)
  local free = ctx:approach_odds{subject = rosa, cop = mike, method = "Intimidation",
                                 attitude = "Amical", affinity = true}
  assert(math.abs(free.tiers[2] - o.tiers[1]) < 1e-15)
  local again = ctx:approach_odds{subject = rosa, cop = mike, method = "Intimidation",
                                  attitude = "Amical", anciennete = true}
  assert(again.win > o.win and math.abs(again.tiers[2] - o.tiers[2]) < 1e-15)
  raises("EINVAL", function()
    ctx:approach_odds{subject = rosa, cop = mike, method = "Psychologie", attitude = "Poli"}
  end)
  local s <close> = ctx:subject("Nobody")
  s:characteristic("Charme", 4)
  s:reaction("Poli", 1)
  s:add_fact(0, "Nothing at all.")
  raises("ERANGE", function() s:reaction("Poli", 6) end)
  assert(cops.catalogue.interview_attitude_name("Froid", "en") == "Cold")
  assert(cops.catalogue.method_characteristic("Éloquence") == "Charme")
end)

test("an interview: the CLI's worked interview replayed, bars, evidence, odds (C4)", function()
  local ctx <close> = cops.context()
  ctx:seed(2030)
  local luis = ctx:load_subject(ex .. "/subjects/hardened-gang-member.json")
  local sarah = ctx:load_character(ex .. "/sheets/sarah.json")
  local iv <close> = ctx:interview(luis, sarah)
  assert(iv:evaluate() == 2 and iv:known()[1] == "Sang-froid" and iv:knows("Charme"))
  raises("ESTATE", function() iv:evaluate() end)
  local r = iv:ask{method = "Intimidation", attitude = "Agressif"}
  assert(r.result == "lost" and r.tiers == 0 and iv:barred("Intimidation"))
  raises("ERULE", function() iv:ask{method = "Intimidation", attitude = "Poli"} end)
  local iv2 <close> = ctx:resume_interview(iv:save())
  assert(iv2:resistance_up() == 1 and iv2:subject_name() == luis:name())
  r = iv2:ask{method = "Rhétorique", attitude = "Froid"}
  assert(r.result == "won" and r.margin == 3 and r.tiers == 3 and r.learnt == 2)
  assert(#iv2:learnt() == 2)
  local iv3 <close> = ctx:resume_interview(iv2:save())
  iv3:evidence()
  assert(not iv3:barred("Intimidation") and iv3:resistance_up() == 1)
  iv3:ask{method = "Intimidation", attitude = "Froid"}
  local f = assert(io.open(root .. "/tests/golden/gang-member-interview-2030.jsonl"))
  local golden = f:read("a")
  f:close()
  assert(iv:jsonl() .. iv2:jsonl() .. iv3:jsonl() == golden)
  assert(iv3:events()[1].type == "evidence")
  local seen = iv2:odds{method = "Rhétorique", attitude = "Froid"}
  local true_ = iv2:odds{method = "Rhétorique", attitude = "Froid", gm = true}
  assert(seen.win ~= true_.win and math.abs(true_.win + true_.tie + true_.lose - 1) < 1e-12)
  local fresh <close> = ctx:interview(ctx:load_subject(ex .. "/subjects/frightened-witness.json"),
                                     sarah)
  raises("EINVAL", function() fresh:evaluate{wishes = {"Charme", "Charme"}} end)
  assert(not fresh:evaluated())
  assert(cops.catalogue.trait_name("Sang-froid", "en") == "Nerve")
  -- The subject closed first is freed with the interview.
  luis:close()
  assert(iv:narrate("en"):find("holds out", 1, true))
end)

test("C4.7: what the subject went through holds for every interrogator; C8.2", function()
  local face = 1
  local ctx <close> = cops.context(function() return face end)
  local rosa = ctx:load_subject(ex .. "/subjects/frightened-witness.json")
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local sarah = ctx:load_character(ex .. "/sheets/sarah.json")
  local hers <close> = ctx:interview(rosa, sarah)
  local his <close> = ctx:interview(rosa, mike)
  local r = his:ask{method = "Intimidation", attitude = "Froid"}   -- all 1s: a tie fails
  assert(r.result == "tied" and rosa:barred("Intimidation") and rosa:resistance_up() == 1)
  local e = raises("ERULE", function() hers:ask{method = "Intimidation", attitude = "Froid"} end)
  assert(e.message:find("Intimidation is barred on Rosa Medina", 1, true))
  assert(hers:barred("Intimidation") and hers:resistance_up() == 1)
  face = 9
  hers:ask{method = "Éloquence", attitude = "Froid"}
  local mod = rosa:resistance("Charme")
  local lines = hers:jsonl()
  assert(lines:find('"type":"approach",[^\n]*"skill":"eloquence",[^\n]*"resistance":1,'))
  assert(lines:find('"purpose":"resistance","kind":"action","pool":%d+,"threshold":' ..
                    (6 - mod - 1) .. ','))
  local path = os.tmpname()
  rosa:save(path)
  local again <close> = ctx:load_subject(path)
  os.remove(path)
  assert(again:barred("Intimidation") and again:resistance_up() == 1)
  again:set_barred("Intimidation", false)
  assert(not again:barred("Intimidation") and again:resistance_up(0) == 0)
  assert(not again:to_json():find("barred", 1, true))
  raises("ERANGE", function() again:resistance_up(21) end)
  raises("EINVAL", function() again:set_barred("Psychologie") end)
  -- C8.2: one who cannot act cannot roll, unless the roll is not an action.
  mike:hp(0)
  e = raises("ERULE", function() mike:roll("Arme de poing/Coordination (2)") end)
  assert(e.message == "the character Mike Delgado is unconscious and cannot act (C8.2)")
  local roll = mike:roll("Arme de poing/Coordination (2)", false, true)
  assert(roll.pool == 2 and roll.successes == 2)
  raises("ERULE", function() mike:roll_with_anciennete("Arme de poing/Coordination (2)") end)
  sarah:hp(0)
  e = raises("ERULE", function() hers:ask{method = "Rhétorique", attitude = "Froid"} end)
  assert(e.message:find("the interrogator Sarah Okafor is unconscious", 1, true))
end)

test("A2.3: a failed covering fire makes no zone; the core rules keep the nerve roll", function()
  local ctx <close> = scripted({1, 2, 3, 4, 1, 2})
  local mike = ctx:load_character(ex .. "/sheets/mike.json")
  local sarah = ctx:load_character(ex .. "/sheets/sarah.json")
  local smg = ctx:load_weapon(ex .. "/weapons/scorpion-131.json")
  local log <close> = ctx:log()
  local cover = ctx:attack{attacker = mike, weapon = smg, mode = "cover", bullets = 12,
                           distance = 8, rules = "alternative", log = log}
  assert(cover.fired == 12 and not ctx:cover_zone(cover) and smg:get("loaded") == 18)
  local n = log:count()
  local e = raises("ERULE", function() ctx:cover_nerve(sarah, log, cover) end)
  assert(e.message:find("covering fire that failed makes no zone (A2.3)", 1, true))
  assert(log:count() == n and sarah:conditions() == 0)
  local core <close> = scripted({1, 1, 1, 1, 1, 1, 9, 1, 1})
  mike = core:load_character(ex .. "/sheets/mike.json")
  sarah = core:load_character(ex .. "/sheets/sarah.json")
  smg = core:load_weapon(ex .. "/weapons/scorpion-131.json")
  cover = core:attack{attacker = mike, weapon = smg, mode = "cover", distance = 8}
  assert(core:cover_zone(cover))
  local roll, steady = core:cover_nerve(sarah, nil, cover)
  assert(#roll.dice == 3 and roll.dice[1] == 9 and steady == false)
end)

test("the simulator: any split of the fights, merged, the same summary", function()
  local ctx <close> = cops.context()
  local other <close> = cops.context()
  local street = ex .. "/scenarios/street-shootout.json"
  local sc <close> = ctx:scenario(street)
  local sc2 <close> = other:scenario(street)
  local whole <close> = ctx:sim(sc, 7)
  whole:run(sc, 0, 120)
  local a <close> = ctx:sim(sc, 7)
  local b <close> = other:sim(sc2, 7)
  b:run(sc2, 70, 50)
  a:run(sc, 0, 70)
  a:merge(b)
  assert(a:to_json() == whole:to_json())
  assert(whole:fights() + whole:stopped() == 120)
  assert(whole:wins(0) + whole:wins(1) + whole:wins() == whole:fights())
  local again <close> = ctx:sim_json(whole:to_json())
  assert(again:to_json() == whole:to_json())
  raises("ERANGE", function() again:merge(whole) end)
  raises("ERANGE", function() whole:run(sc, 119, 2) end)
  raises("EJSON", function() ctx:sim_json('{"type":"sim"}') end)
  -- The same fights under the alternative rules, compared (cops sim --compare).
  local alt <close> = ctx:scenario(street)
  alt:ruleset("alternative")
  local other_rules <close> = ctx:sim(alt, 7)
  other_rules:run(alt, 0, 120)
  assert(other_rules:ruleset() == "alternative" and whole:ruleset() == "core")
  raises("EINVAL", function() whole:merge(other_rules) end)
  local cmp = whole:compare(other_rules)
  assert(cmp:find('"type": "sim-compare"', 1, true) and cmp:find('"alternative"', 1, true))
end)

test("Storyteller pools, their notation and odds (cops.st)", function()
  if not cops.st then return end   -- libcops built without the module
  -- ST-A37 and ST-A1: 8+ succeeds, each 10 rolled again, wave after wave.
  local ctx <close> = scripted({7, 8, 10, 1, 10, 9, 10, 3})
  local r = cops.st.roll(ctx, "5")
  assert(#r.dice == 8 and r.successes == 5 and r.success and not r.chance and r.pool == 5)
  assert(r.st.text == "5" and r.st.again == 10 and r.json:find('"kind":"st"', 1, true))
  -- ST-A2: the chance die, its 1 a dramatic failure.
  local chance <close> = scripted({1})
  r = cops.st.roll(chance, {dice = 2, mod = -3})
  assert(r.chance and r.dramatic and r.successes == 0 and r.pool == -1)
  local none <close> = scripted({})
  assert(cops.st.roll(none, "9 all-8s").successes == 9 and cops.st.roll(none, "4 average").successes == 1)
  assert(#cops.st.roll(none, {dice = 0, chance = false}).dice == 0)
  -- The notation read and written back; errors with their column.
  local p = cops.st.pool(none, "4+3-2 9-again 9+ no-chance")
  assert(p.text == "4+1 9-again 9+ no-chance" and p.dice == 4 and p.mod == 1 and p.again == 9
         and p.threshold == 9 and p.chance == false and p.mode == "dice")
  raises("ESYNTAX", function() cops.st.pool(none, "5 fast") end)
  raises("ERANGE", function() cops.st.roll(none, {dice = 3, again = 7}) end)
  raises("ERANGE", function() cops.st.roll(none, {dice = 3, threshold = 9, again = 8}) end)
  -- The odds: a third of a success per die (ST-A35), and the opposed roll.
  local o = cops.st.odds(none, "3")
  assert(math.abs(o.expected - 1) < 1e-12 and math.abs(o.at_least[2] - (1 - 0.7 ^ 3)) < 1e-12)
  assert(math.abs(cops.st.odds(none, "0").dramatic - 0.1) < 1e-15)
  local aw, bw, tie = cops.st.opposed(none, "12", "6")
  assert(math.abs(aw + bw + tie - 1) < 1e-12 and aw > bw)
  assert(math.abs(cops.st.difference(none, "1", "1", 0) - select(3, cops.st.opposed(none, "1", "1"))) < 1e-15)
  -- Seeded: the golden faces of tests/st/test-st-dice.c.
  local seeded <close> = cops.context(2030)
  r = cops.st.roll(seeded, "6 8-again")
  assert(table.concat(r.dice, " ") == "1 7 2 9 4 3 6" and r.successes == 1)
end)

test("Storyteller characters, their sheets and health track (cops.st)", function()
  if not cops.st then return end
  local ctx <close> = cops.context(1)
  local sheets = root .. "/examples/st/sheets/"
  local m <close> = cops.st.load_character(ctx, sheets .. "marcus.json")
  assert(m:name() == "Marcus Vale" and m:trait("Strength") == 3 and m:trait("size") == 5)
  -- ST-A3 and its switches; §2 and ST-A12.
  assert(m:derived("Defense") == 3 and m:derived("Initiative") == 6 and m:derived("Speed") == 11
         and m:derived("Health") == 8 and m:derived("Willpower") == 5)
  assert(m:derived("Defense", {defense_athletics = true}) == 5)
  assert(m:is_combatant() and table.concat(m:background(), ",") == "police,player")
  local n <close> = cops.st.load_character(ctx, sheets .. "nadia.json")
  assert(not n:is_combatant() and n:experience() == 12 and select(1, n:points("willpower")) == 3)
  n:set_experience(21)
  assert(n:is_combatant())
  -- ST-L1.
  m:damage(3, "lethal"); m:damage(4, "bashing")
  local b, l = m:health()
  assert(b == 4 and l == 3 and m:health_state() == "fit" and m:wound_penalty() == -2)
  m:damage(2, "bashing")
  b, l = m:health()
  assert(b == 4 and l == 4 and m:health_state() == "unconscious")
  local c <close> = m:copy()
  c:damage(9, "lethal")
  assert(c:health_state() == "dead" and m:health_state() == "unconscious")
  -- Sheets: written back the same; each reader refuses the other system's.
  for _, name in ipairs{"marcus", "vince", "lucien", "nadia"} do
    local f = assert(io.open(sheets .. name .. ".json"))
    local text = f:read("a")
    f:close()
    assert(cops.st.character_json(ctx, text):to_json() == text)
  end
  raises("EJSON", function() ctx:load_character(sheets .. "marcus.json") end)
  raises("EJSON", function() cops.st.load_character(ctx, ex .. "/sheets/mike.json") end)
  raises("ERANGE", function() m:set_trait("Strength", 11) end)
  raises("ERANGE", function() m:derived("Defense", {again = 7}) end)
  local fresh <close> = cops.st.character(ctx, "Fresh")
  fresh:set_background{"police"}
  assert(fresh:is_combatant() and #cops.st.traits == 12 and cops.st.derived[4] == "Health")
end)

test("Storyteller attacks: scripted, their events, refusals (cops.st.attack)", function()
  if not cops.st then return end
  local sheets = root .. "/examples/st/sheets/"
  -- §5.5, §5.6, §6.6: 6 dice - Defense 2 - Cover 1 - medium range 1 = 2 dice: 2, 9.
  local ctx <close> = scripted({2, 9})
  local m <close> = cops.st.load_character(ctx, sheets .. "marcus.json")
  local v <close> = cops.st.load_character(ctx, sheets .. "vince.json")
  assert(#m:weapons() == 2 and m:weapons()[1].range[3] == 80 and select(1, m:protection()) == 2)
  local log <close> = ctx:log()
  local o = cops.st.attack(ctx, {attacker = m, target = v, kind = "shot", weapon = "Heavy revolver",
                                 distance = 30, cover = 1, target_id = 7, log = log})
  assert(o.pool == 2 and o.successes == 1 and o.winner == "attacker" and o.victim == "defender"
         and o.damage == 5 and o.type == "lethal" and o.lethal == 5 and o.state == "fit")
  local ev = log:events()
  assert(#ev == 4 and ev[1].type == "st.attack" and ev[4].type == "st.damage"
         and ev[4].target_id == 7)
  assert(cops.st.event(log, 1).pool == 2 and cops.st.event(log, 3).lethal == 5)
  assert(log:narrate("en"):find("Marcus Vale rolls 2 dice: [2, 9] 1 success.", 1, true))
  raises("ERANGE", function() cops.st.event(log, 9) end)
  -- The vest turns bullet damage into bashing (ST-A31); a new round refills it.
  local g <close> = cops.st.character(ctx, "Gun")
  g:set_trait("Dexterity", 4); g:set_trait("Firearms", 4)
  local idx = g:add_weapon{name = "Pistol", kind = "firearm", damage = 2, type = "lethal",
                           range = {20, 40, 80}}
  local again <close> = scripted({8, 8, 1, 1, 1})
  local g2 <close> = cops.st.character_json(again, g:to_json())
  local m2 <close> = cops.st.character_json(again, m:to_json())
  o = cops.st.attack(again, {attacker = g2, target = m2, kind = "shot", weapon = idx})
  assert(o.damage == 4 and o.converted == 2 and o.bashing == 2 and o.lethal == 2)
  m2:begin_round()
  -- Refusals change nothing.
  raises("ERULE", function() cops.st.attack(ctx, {attacker = m, target = v, kind = "shot",
                                                  weapon = 0, distance = 300}) end)
  raises("ERULE", function() cops.st.attack(ctx, {attacker = m, target = v, kind = "strike",
                                                  opponents = 5}) end)
  raises("ERANGE", function() cops.st.attack(ctx, {attacker = m, target = v, kind = "shot",
                                                   weapon = 0, aim = 9}) end)
  assert(#log:events() == 4)
  m:remove_weapon(1)
  assert(#m:weapons() == 1)
  m:set_protection(0, 2, true)
  local vest, armour, old = m:protection()
  assert(vest == 0 and armour == 2 and old)
end)

test("Storyteller rolls around a fight (cops.st)", function()
  if not cops.st then return end
  local ctx <close> = scripted({7, 4, 8, 10, 2, 1, 5, 9})
  local a <close> = cops.st.character(ctx, "A")
  local b <close> = cops.st.character(ctx, "B")
  a:set_trait("Dexterity", 3); a:set_trait("Composure", 2); a:set_trait("Athletics", 2)
  b:set_trait("Dexterity", 2); b:set_trait("Composure", 2)
  local log <close> = ctx:log()
  local die, total = cops.st.initiative(ctx, a, {log = log})
  assert(die == 7 and total == 12)                       -- §5.2
  die, total = cops.st.initiative(ctx, b, {id = 1})
  assert(total == 8)
  local order = cops.st.initiative_order(ctx, {b, a}, {8, 12})
  assert(order[1] == 2 and order[2] == 1)
  assert(cops.st.total_defense(ctx, a) == 3)             -- §5.8
  assert(log:events()[1].type == "st.initiative" and cops.st.event(log, 0).total == 12)
  assert(cops.st.overwhelming(12, 6) and not cops.st.overwhelming(11, 6))   -- §4
  local nerve <close> = scripted({3, 2, 1})
  local civ <close> = cops.st.character(nerve, "Civ")
  civ:set_trait("Resolve", 1); civ:set_trait("Composure", 2)
  assert(cops.st.nerve(nerve, civ) == "spent")           -- §2
  assert(cops.st.injury(civ, 2, {spend = false}) == "out" and cops.st.injury(civ, 1) == "acts")
  local bout <close> = scripted({8, 9, 8, 1, 1, 8, 8, 2, 2, 2})
  local x <close> = cops.st.character(bout, "X")
  local y <close> = cops.st.character(bout, "Y")
  for _, ch in ipairs{x, y} do ch:set_trait("Strength", 3); ch:set_trait("Brawl", 2) end
  assert(cops.st.bout(bout, x, y) == "a")                 -- §3, ST-A9
  assert(select(1, x:health()) == 2 and select(1, y:health()) == 3)
  local none <close> = scripted({})
  local v <close> = cops.st.character(none, "Vandal")
  v:set_trait("Strength", 4); v:set_trait("Vigor", 1)
  v:add_weapon{name = "Fire axe", kind = "melee", damage = 2, type = "lethal"}
  local car = {name = "City car", durability = 3, boxes = 10}
  local rounds = 0
  while not car.broken do
    assert(cops.st.strike_object(none, car, v, {weapon = "Fire axe", average = true}) == 1)
    rounds = rounds + 1
  end
  assert(rounds == 10 and car.damage == 10)               -- §6.15 example 2
  raises("ESTATE", function() cops.st.strike_object(none, car, v, {average = true}) end)
  -- §6.2: a grapple round by round (ST-A19, ST-A20).
  local gr <close> = scripted({8, 8, 1, 1, 1, 1, 10, 8, 8, 9, 1, 1, 1, 1, 1, 1, 1, 1, 9, 9})
  local p <close> = cops.st.character(gr, "P")
  local q <close> = cops.st.character(gr, "Q")
  for _, ch in ipairs{p, q} do
    for t, x in pairs{Strength = 3, Brawl = 2, Dexterity = 2, Wits = 2, Stamina = 2} do
      ch:set_trait(t, x)
    end
  end
  q:add_weapon{name = "Knife", kind = "melee", damage = 1, type = "lethal"}
  local g = cops.st.grapple()
  local r = cops.st.grapple_round(gr, g, p, q, {a = {effects = {"take_weapon"}},
                                                 b = {effects = {"break_free"}, in_hand = "Knife"}})
  assert(r.winner == "a" and r.margin == 2 and r.effects[1] == "take_weapon" and g.controller == "a")
  r = cops.st.grapple_round(gr, g, p, q, {a = {effects = {"damage", "hold"}}})
  assert(r.margin == 4 and r.damage == 5 and r.damage_type == "lethal" and g.hold == "a")
  r = cops.st.grapple_round(gr, g, p, q, {a = {effects = {"hold"}}, b = {effects = {"break_free"}}})
  assert(r.pool_a == 5 and r.winner == "b" and g.active == false and g.hold == nil)
  raises("ESTATE", function() cops.st.grapple_round(gr, g, p, q) end)
  -- §6.5, ST-A23: a long burst, one roll at three targets; ammunition.
  local lb <close> = scripted({8, 9, 10, 3, 8})
  local gunner <close> = cops.st.character(lb, "Gunner")
  gunner:set_trait("Strength", 2); gunner:set_trait("Dexterity", 4); gunner:set_trait("Firearms", 3)
  gunner:add_weapon{name = "SMG", kind = "firearm", damage = 2, type = "lethal", automatic = true,
                    min_strength = 3, range = {20, 40, 80}, ammo = 12}
  local t1 <close> = cops.st.character(lb, "T1")
  local t2 <close> = cops.st.character(lb, "T2")
  t2:set_trait("Dexterity", 3); t2:set_trait("Wits", 3)
  local t3 <close> = cops.st.character(lb, "T3")
  local outs = cops.st.long_burst(lb, {attacker = gunner, weapon = "SMG", distance = 10,
    targets = {{character = t1, share = 2}, {character = t2, cover = 1, share = 2},
               {character = t3, share = 2}}})
  assert(#outs == 3 and outs[1].pool == 4 and outs[1].damage == 4 and outs[2].damage == 4
         and outs[3].damage == 0 and outs[1].recoil == 1 and gunner:weapons()[1].ammo == 2)
  raises("ERULE", function() cops.st.long_burst(lb, {attacker = gunner, weapon = 0,
                                                      targets = {{character = t1}}}) end)
end)

test("st: a whole fight, its golden log, a save resumed, turns declared", function()
  if not cops.st then return end
  local scenario = root .. "/examples/st/scenarios/street-brawl.json"
  local file = assert(io.open(root .. "/tests/golden/st-street-brawl-2030.jsonl"))
  local golden = file:read("a")
  file:close()
  local c1 <close> = cops.context()
  local whole <close> = cops.st.load_fight(c1, scenario)
  assert(whole:count() == 5 and whole:side_name(0) == "Bouncers" and whole:fighter(3).tactic == "grapple")
  whole:run()
  assert(whole:jsonl() == golden and whole:over() and whole:winner() == 0)
  local c2 <close> = cops.context()
  local part <close> = cops.st.load_fight(c2, scenario)
  part:run_round(); part:run_round()
  local first, save = part:jsonl(), part:save()
  local c3 <close> = cops.context()
  local resumed <close> = cops.st.fight_json(c3, save)
  assert(resumed:round() == 2)
  resumed:run()
  assert(first .. resumed:jsonl() == golden)
  assert(resumed:sheet(3):find('"name": "Lucien"', 1, true))
  -- Reset and seeded again, the whole fight plays the golden log again; a fight resumed
  -- after its first round has no start to go back to.
  whole:reset()
  assert(whole:round() == 0 and not whole:over() and whole:jsonl() == "")
  whole:seed(2030)
  whole:run()
  assert(whole:jsonl() == golden)
  raises("ESTATE", function() resumed:reset() end)
  -- ST-A6: the exchange rolled at A's rank, its damage at B's (the winner's).
  local s <close> = scripted({9, 1, 1, 2, 3, 8, 9, 5})
  local a <close> = cops.st.character(s, "A")
  local b <close> = cops.st.character(s, "B")
  for ch, comp in pairs{[a] = 2, [b] = 1} do
    for t, x in pairs{Strength = 3, Dexterity = 2, Wits = 2, Brawl = 2, Stamina = 2, Composure = comp} do
      ch:set_trait(t, x)
    end
    ch:set_combatant(true)
  end
  local f <close> = cops.st.fight(s)
  assert(f:add(a, 0) == 0 and f:add(b, 1, 1, 0) == 1 and f:distance(0, 1) == 1)
  f:begin_round()
  assert(f:order()[1] == 0 and f:next() == 0 and f:suggest(0).action == "attack")
  raises("ERULE", function() f:declare(0, {action = "attack", target = 1, move_to = {15, 0}}) end)
  assert(f:step() == 0)
  assert(select(1, a:health()) == 0 and f:fighter(1).roll_used == 1)
  assert(f:step() == 1 and select(1, a:health()) == 2 and f:next() == nil)
  raises("ESTATE", function() f:step() end)
  f:set_tactic(0, "defend"); f:set_cover(0, 2); f:set_position(0, 0, 1)
  assert(f:fighter(0).cover == 2 and f:fighter(0).tactic == "defend" and f:grapple(0) == nil)
  -- Policies (docs/storyteller.md, "Policies"): the same names and refusals as Python's.
  assert(f:policy(0) == "simple" and f:fighter(0).policy == "simple")
  f:set_side_policy(1, "tactical")
  assert(f:policy(1) == "tactical" and f:policy(0) == "simple")
  f:set_policy(0, "tactical")
  assert(f:fighter(0).policy == "tactical")
  raises("EINVAL", function() f:set_policy(0, "clever") end)
  raises("ERANGE", function() f:set_policy(9, "simple") end)
  raises("ERANGE", function() f:set_side_policy(8, "simple") end)
  -- The fight's log bounded, as an encounter's: a round past it fails whole.
  local seeded <close> = cops.context(7)
  local x <close> = cops.st.character(seeded, "X")
  local y <close> = cops.st.character(seeded, "Y")
  for _, ch in ipairs{x, y} do
    for t, v in pairs{Strength = 2, Dexterity = 2, Wits = 2, Brawl = 2, Stamina = 2, Composure = 2} do
      ch:set_trait(t, v)
    end
    ch:set_combatant(true)
  end
  local g <close> = cops.st.fight(seeded)
  g:add(x, 0); g:add(y, 1, 1, 0)
  g:set_log_limit(3)
  raises("ERANGE", function() g:run() end)
  assert(#g:events() <= 3 and g:round() == 0)
  raises("ERANGE", function() g:set_log_limit(-1) end)
end)

test("d6: whole fights, their golden logs, a save resumed, turns declared", function()
  if not cops.d6 then return end
  local scenario = root .. "/examples/d6/scenarios/shootout.json"
  local file = assert(io.open(root .. "/tests/golden/d6-shootout-2030.jsonl"))
  local golden = file:read("a")
  file:close()
  local c1 <close> = cops.context()
  local whole <close> = cops.d6.load_fight(c1, scenario)
  assert(whole:count() == 4 and whole:side_name(1) == "Cruz's crew" and whole:fighter(1).coordinator == 0)
  whole:run()
  assert(whole:jsonl() == golden and whole:over() and whole:winner() == 0)
  local c2 <close> = cops.context()
  local part <close> = cops.d6.load_fight(c2, scenario)
  part:run_round()
  local first, save = part:jsonl(), part:save()
  local c3 <close> = cops.context()
  local resumed <close> = cops.d6.fight_json(c3, save)
  assert(resumed:round() == 1)
  resumed:run()
  assert(first .. resumed:jsonl() == golden)
  assert(resumed:sheet(0):find('"name": "Sgt. Elena Ramirez"', 1, true))
  whole:reset()
  assert(whole:round() == 0 and not whole:over() and whole:jsonl() == "")
  whole:seed(2030)
  whole:run()
  assert(whole:jsonl() == golden)
  raises("ESTATE", function() resumed:reset() end)
  -- D6-A5, D6-A11: an attack and an active Dodge, two actions, 2D each; the Dodge (4)
  -- stands for 10 against B's blow.
  local s <close> = scripted({5, 4, 1, 1, 2, 2, 1, 1, 3, 2, 1, 1, 1, 2, 2, 2})
  local a, b = cops.d6.character(s, "A"), cops.d6.character(s, "B")
  for _, ch in ipairs{a, b} do ch:set_trait("agility", "3D"); ch:set_trait("vigueur", "3D") end
  local f <close> = cops.d6.fight(s)
  assert(f:add(a, 0) == 0 and f:add(b, 1, 1, 0) == 1 and f:distance(0, 1) == 1)
  raises("ERANGE", function() f:set_log_limit(-1) end)
  f:set_log_limit(0)
  f:begin_round()
  assert(f:order()[1] == 0 and f:next() == 0 and f:suggest(0).action == "attack")
  raises("ERULE", function() f:declare(0, {action = "attack", target = 1, defence = "total"}) end)
  f:declare(0, {action = "attack", target = 1, defence = "active", defence_skill = "dodge"})
  assert(f:step() == 0 and f:fighter(0).actions == 2 and f:fighter(0).defence_total == 4)
  assert(f:step() == 1 and f:next() == nil and f:fighter(0).defence == "natural")
  raises("ESTATE", function() f:step() end)
  f:set_tactic(0, "defend"); f:set_cover(0, 2); f:set_position(0, 0, 1)
  assert(f:fighter(0).cover == 2 and f:fighter(0).tactic == "defend" and f:rules().difficulty == 15)
  -- Policies (docs/d6.md, "Policies"): the same names and refusals as Python's.
  assert(f:policy(0) == "simple" and f:fighter(0).policy == "simple")
  f:set_side_policy(1, "tactical")
  assert(f:policy(1) == "tactical" and f:policy(0) == "simple")
  f:set_policy(0, "tactical")
  assert(f:fighter(0).policy == "tactical")
  raises("EINVAL", function() f:set_policy(0, "clever") end)
  raises("ERANGE", function() f:set_policy(9, "simple") end)
  raises("ERANGE", function() f:set_side_policy(8, "simple") end)
  -- §5.18: vehicles, a ram's side-on policy.
  local c4 <close> = cops.context(5)
  local g <close> = cops.d6.load_fight(c4, root .. "/examples/d6/scenarios/car-collision.json")
  assert(g:vehicle_count() == 2 and g:vehicle(1).name == "Stolen pickup" and g:fighter(0).driver)
  g:begin_round()
  local plan = g:suggest(0)
  assert(plan.action == "ram" and plan.impact == "side_on" and plan.target == 1)
  assert(cops.d6.fight_actions[6] == "ram" and cops.d6.tactics[5] == "ram")
end)

test("d6: magic, the spell builder, the samples, a cast (§7, D6-A42 ... D6-A59)", function()
  if not cops.d6 then return end
  local ctx <close> = cops.context()
  local cost = cops.d6.spell_difficulty(ctx, {effect_kind = "doubled", effect = {dice = 3},
                                              range = "medium", preparation_rounds = 4})
  assert(cost.parts.effect == 18 and cost.parts.range == 10 and cost.sum == 24)
  assert(cops.d6.spell_difficulty(ctx, {effect_value = 29}, {spell_difficulty_halved = true}).difficulty == 15)
  raises("ERANGE", function() cops.d6.spell_difficulty(ctx, {concentration = "very_busy", crowd = 19}) end)
  assert(cops.d6.measure_value(36000) == 18 and cops.d6.measure_value(15) == 1)
  assert(#cops.d6.spells() == 6 and cops.d6.spell("deadly bullet").damage.dice == 4)
  assert(cops.d6.spell("heal").difficulty == 5 and cops.d6.spell("fireball") == nil)
  assert(cops.d6.advance_cost({dice = 3, pips = 1}, true, false) == 12)
  -- §7.7, D6-A49: a critical failure, confused, the backlash at half
  local s <close> = scripted({3, 1, 5, 5, 4, 4, 1, 2})
  local m = cops.d6.character(s, "Mage")
  m:set_trait("magic", "2D")
  m:set_trait("alteration", "2D")
  local o = cops.d6.cast(s, {caster = m, skill = "alteration", difficulty = 15,
                             damage = {dice = 4}, rules = {backlash_percent = 50}})
  assert(o.critical and not o.success and o.backlash_total == 9 and m:wounds().confused == 2)
  raises("ERULE", function() cops.d6.cast(s, {caster = m, difficulty = 5}) end)
  -- §7.13: a psionic's powers
  local p <close> = cops.context(8)
  local iris = cops.d6.load_character(p, root .. "/examples/d6/sheets/iris.json")
  assert(cops.d6.psionic(p, {psionic = iris, power = "medium", medium = {"murdered", "knew"},
                             years_dead = 12}).difficulty == 25)   -- no Medium skill: +5
  assert(cops.d6.psionic(p, {psionic = iris, power = "psychometry",
                             psychometry = "motivations"}).difficulty == 24)
  raises("EINVAL", function() cops.d6.psionic(p, {psionic = iris, power = "empathy"}) end)
  assert(cops.d6.powers[1] == "astral")
  -- D6-A50, D6-A58: an aimed cast, a scroll read without a roll
  local a <close> = scripted({2, 2, 1, 4, 3, 3, 5, 5, 4, 1, 2})
  local mage, foe = cops.d6.character(a, "Mage"), cops.d6.character(a, "Foe")
  mage:set_trait("magic", "2D"); mage:set_trait("alteration", "3D"); mage:set_trait("marksmanship", "3D")
  local o2 = cops.d6.cast(a, {caster = mage, difficulty = 8, damage = {dice = 3},
                              rules = {magic_modifier = 5},
                              aim = {skill = "marksmanship", target = foe, distance = 10, reach = 60}})
  assert(o2.aimed and o2.hit and o2.damage_total == 14 and o2.target_level == "severely_wounded")
  local covered <close> = scripted({2, 2, 1, 3, 4, 3, 3})   -- a die of cover: 13 to beat
  local m3, f3 = cops.d6.character(covered, "Mage"), cops.d6.character(covered, "Foe")
  m3:set_trait("magic", "2D"); m3:set_trait("alteration", "3D"); m3:set_trait("marksmanship", "3D")
  local o3 = cops.d6.cast(covered, {caster = m3, difficulty = 5, damage = {dice = 3},
                                    aim = {skill = "marksmanship", target = f3, distance = 10,
                                           reach = 60, cover = 1}})
  assert(o3.aimed and not o3.hit and o3.defence_value == 13)
  local early <close> = scripted({2, 2, 2, 2})   -- §5.15: a surpriser's +1D
  local m4 = cops.d6.character(early, "Mage")
  m4:set_trait("magic", "2D"); m4:set_trait("alteration", "3D")
  assert(cops.d6.cast(early, {caster = m4, difficulty = 5, surprise = true}).total == 8)
  local plain = cops.d6.character(p, "Plain")
  assert(not cops.d6.cast(p, {caster = plain, difficulty = 5, scroll = true,
                              rules = {scroll_use = 2}}).rolled)
  -- D6-M22, D6-L14: a spell prepared over two rounds, cast in the second
  local w <close> = scripted({5, 4, 1, 1, 5, 4, 1, 1, 3, 3, 3})
  local caster, other = cops.d6.character(w, "Mage"), cops.d6.character(w, "B")
  for _, ch in ipairs{caster, other} do ch:set_trait("perception", "2D") end
  caster:set_trait("magic", "2D"); caster:set_trait("alteration", "3D")
  local fight <close> = cops.d6.fight(w)
  fight:add(caster, 0); fight:add(other, 1, 5, 0)
  local spell = {action = "cast", spell_skill = "alteration", spell_difficulty = 5, preparation = 2}
  fight:begin_round()
  raises("EINVAL", function() fight:declare(0, {action = "cast", spell_skill = "dodge"}) end)
  fight:declare(0, spell); fight:declare(1, {})
  assert(fight:step() == 0 and fight:fighter(0).preparing == 1 and fight:step() == 1)
  fight:begin_round()
  fight:declare(0, spell); fight:declare(1, {})
  fight:step(); fight:step()
  local jsonl = fight:jsonl()
  assert(jsonl:find('"type":"d6.prepare"', 1, true) and jsonl:find('"prepared":1,"needed":2', 1, true))
  assert(jsonl:find('"type":"d6.spell"[^\n]*"total":9'))
  assert(fight:fighter(0).preparing == 0)
end)

test("d6: codes, a free die's chain, the odds", function()
  if not cops.d6 then return end
  local ctx <close> = cops.context(1)
  local c = cops.d6.add(cops.d6.code(ctx, "3D+2"), {dice = 1, pips = 1})
  assert(c.dice == 5 and c.pips == 0 and c.text == "5D" and cops.d6.pips({dice = 3, pips = 2}) == 11)
  raises("ESYNTAX", function() cops.d6.code(ctx, "3D+3") end)
  local s <close> = scripted({4, 2, 6, 6, 1, 5, 5, 1})
  local r = cops.d6.roll(s, "3D+2 vs 15")
  assert(r.total == 21 and r.success and r.level == 6 and r.free_face == 6 and #r.dice == 5)
  assert(r.json:find('"kind":"d6"', 1, true) and r.d6.text == "3D+2 vs 15")
  r = cops.d6.roll(s, {code = "3D", difficulty = 15})
  assert(not r.success and r.critical and r.level == -4)
  local ge, eq = cops.d6.total(ctx, "1D", 7)
  assert(math.abs(ge - 1 / 6) < 1e-15 and math.abs(eq - 1 / 36) < 1e-15)
  local o = cops.d6.odds(ctx, "2D vs 3", {explode = true})
  assert(math.abs(o.success - 35 / 36) < 1e-12 and math.abs(o.critical - 1 / 36) < 1e-12)
  local g, e, l = cops.d6.contest(ctx, "1D", "1D")
  assert(math.abs(e - 1 / 7) < 1e-15 and math.abs(g - l) < 1e-15)
  assert(cops.d6.pool(ctx, "4D +5 cp 2 vs 12").text == "4D +5 cp 2 vs 12")
  raises("ERANGE", function() cops.d6.roll(ctx, "2D", {fp_factor = 9}) end)
end)

test("d6: sheets, the catalogue, an attack through every step, harm, a round's end", function()
  if not cops.d6 then return end
  local sheets = root .. "/examples/d6/sheets/"
  -- §5.4.1 short range; §5.6: 16 against 4, three levels; §5.10 massive damage.
  local s <close> = scripted({3, 3, 3, 3, 3, 5, 5, 4, 1, 1, 1, 2, 2, 1, 1})
  local cop = cops.d6.load_character(s, sheets .. "ramirez.json")
  local thug = cops.d6.load_character(s, sheets .. "gang-member.json")
  local code, own = cop:trait("melee_weapons")
  assert(code.text == "3D+1" and not own and cops.d6.trait_parent("melee_weapons") == "agility")
  assert(cop:natural_damage().text == "2D" and cop:weapons()[1].name == "Glock 17")
  assert(select(2, cop:penalty("marksmanship")) == -1 and cop:wounds().hp_max == 10)
  local log <close> = s:log()
  local o = cops.d6.attack(s, {attacker = cop, target = thug, weapon = "Glock 17", distance = 5,
                               log = log})
  assert(o.hit and o.band == "short" and o.attack_total == 14 and o.defence_value == 10)
  assert(o.margin == 12 and o.steps == 3 and o.wound_level == "severely_wounded" and o.massive)
  assert(thug:wounds().defend_only == 2 and cops.d6.event(log, 1).code.text == "5D")
  raises("ERULE", function() cops.d6.attack(s, {attacker = thug, target = cop}) end)
  -- §5.19, D6-A26: a fall of 6 m, 2D, against the mage's Vigueur 2D+1.
  local mage = cops.d6.load_character(s, sheets .. "morgane.json")
  assert(cops.d6.hazard_code("fall", 600).text == "2D")
  o = cops.d6.harm(s, mage, cops.d6.hazard_code("fall", 600), {log = log})
  assert(o.margin == 1 and o.wound_level == "stunned" and mage:wounds().stunned)
  cops.d6.end_round(s, mage, {id = 2, log = log})
  assert(not mage:wounds().stunned and mage:wounds().level == "stunned")
  mage:set_mode("hit_points")
  assert(mage:wounds().hp_lost == 2)
  mage:set_wounds({hp_lost = 8})
  assert(mage:wounds().level == "killed" and not mage:can_act())
  assert(log:jsonl():find('"type":"d6.damage"', 1, true))
  -- A sheet written back reads the same; the catalogue; refusals.
  local copy = cops.d6.character_json(s, cop:to_json())
  assert(copy:to_json() == cop:to_json() and copy:copy():name() == "Sgt. Elena Ramirez")
  assert(#cops.d6.weapons() >= 38 and cops.d6.weapon("MG 42").flags[1] == "burst")
  assert(cops.d6.protection("Helmet").coverage == "head" and #cops.d6.protections() >= 16)
  assert(cops.d6.hit_points({dice = 5, pips = 1}) == 18 and cops.d6.hp_level(9, 10) == "incapacitated")
  local c = cops.d6.character(s, "New")
  c:set_trait("dodge", "4D+1")
  c:set_natural_damage({dice = 1})
  c:set_points(3, 1)
  c:set_scale(-3)
  assert(c:scale() == -3 and select(1, c:points()) == 3 and c:trait("dodge").text == "4D+1")
  assert(c:add_weapon({name = "Baton", category = "melee", damage = {dice = 1}, adds_natural = true,
                       flags = {"stun"}}) == 0)
  assert(c:add_protection("Kevlar vest") == 0 and c:protections()[1].armour.text == "2D+2")
  c:remove_weapon(0)
  c:remove_protection(0)
  assert(#c:weapons() == 0 and #c:protections() == 0)
  raises("EJSON", function() cops.d6.character_json(s, '{"system":"d6","name":"X"}') end)
  assert(cops.d6.traits[1] == "vigueur" and cops.d6.hazards[7] == "fall")
end)

test("d6: vehicles, collisions, repairs (§5.16-§5.18, §6.5)", function()
  if not cops.d6 then return end
  assert(cops.d6.collision_code({"slow", "cruising"}, "head_on").text == "9D")
  local s <close> = scripted({2, 2, 1, 1, 1, 1, 1, 1})
  local van = cops.d6.vehicle{name = "Van", resistance = {dice = 1}, manoeuvrability = {dice = 1},
                              speed = "flat_out"}
  local o = cops.d6.vehicle_harm(s, van, {dice = 3}, {id = 4})
  assert(o.result == "light" and o.margin == 4 and o.ranks_lost == 1)
  assert(van.top_speed == "full_speed" and van.penalty == -1 and van.damage[1].result == "light")
  local mech = cops.d6.character(s, "Mechanic")
  assert(cops.d6.repair(s, {mechanic = mech, skill = {dice = 3}, vehicle = van, index = 0,
                            flags = {"workshop"}}))
  assert(#van.damage == 0 and van.top_speed == "flat_out")
  raises("ERULE", function() cops.d6.vehicle_crash(s, van) end)
  cops.d6.vehicle_end_round(van)
  assert(van.speed == "full_speed")
end)

test("d6: initiative (§5.2, D6-A6)", function()
  if not cops.d6 then return end
  local s <close> = scripted({3, 3, 5, 5, 1, 1})
  local a, b, c = cops.d6.character(s, "A"), cops.d6.character(s, "B"), cops.d6.character(s, "C")
  local order, totals = cops.d6.initiative(s, {a, b, c}, {flags = {{}, {}, {"surpriser"}}})
  assert(order[1] == 3 and order[2] == 2 and order[3] == 1 and totals[2] == 10)
end)

test("d6: recovery and treatment (§6.1, §6.3, D6-A35)", function()
  if not cops.d6 then return end
  local s <close> = scripted({2, 2, 2, 5, 5, 4})
  local kim = cops.d6.character(s, "Kim")
  kim:set_trait("vigueur", {dice = 4})
  kim:set_wounds({step = 2})
  local h = cops.d6.recover(s, kim, {rest = "rested"})
  assert(h.rolled and h.success and h.difficulty == 6 and h.level == "stunned")
  assert(cops.d6.recovery_wait("wounded") == 3 * 1440)
  local doc = cops.d6.character(s, "Doc")
  doc:set_trait("medicine", {dice = 3})
  kim:set_wounds({step = 2})
  h = cops.d6.treat(s, {healer = doc, patient = kim, healer_id = 7})
  assert(not h.success and h.total == 14 and kim:wounds().treated[1] == 7)
  raises("ERULE", function() cops.d6.treat(s, {healer = doc, patient = kim, healer_id = 7}) end)
  local tmp = os.tmpname()
  kim:save(tmp)
  local back = cops.d6.load_character(s, tmp)
  os.remove(tmp)
  assert(back:wounds().treated[1] == 7 and back:to_json() == kim:to_json())
end)

test("a tabletop's board: tags, states, snapshots, checkpoints", function()
  local ctx <close> = cops.context(2030)
  local s <close> = ctx:scenario(ex .. "/scenarios/street-shootout.json")
  local n = #s:states()
  for i = 0, n - 1 do s:set_tag(i, "token-" .. i) end
  assert(s:tag(1) == "token-1" and s:find_tag("token-1") == 1)
  raises("ENOTFOUND", function() s:find_tag("nobody") end)
  raises("EINVAL", function() s:set_tag(1, "token-0") end)
  raises("EINVAL", function() s:set_tag(0, string.rep("x", 65)) end)
  raises("EINVAL", function() s:set_tag(0, "a\nb") end)
  assert(s:phase() == "between_rounds")
  s:seed(2030)
  local start = s:checkpoint()
  s:run_round()
  local once = s:jsonl()
  for _, e in ipairs(s:events()) do
    if e.actor_id then assert(e.actor_tag == "token-" .. e.actor_id, "actor_tag") end
  end
  local st = s:state(0)
  assert(st.id == 0 and st.tag == "token-0" and st.hp and st.max_hp and st.health_state)
  assert(type(st.conditions) == "table" and st.present == true)
  local snap = s:snapshot()
  assert(snap:find('"kind":"encounter"', 1, true) and snap:find('"tag":"token-0"', 1, true))
  s:rollback(start)
  assert(s:round() == 0 and s:jsonl() == "")
  s:run_round()
  assert(s:jsonl() == once)
  local other <close> = ctx:scenario(ex .. "/scenarios/bar-brawl.json")
  raises("EINVAL", function() other:rollback(start) end)
  start:close()
  start:close()
  local ok = pcall(function() s:rollback(start) end)
  assert(not ok)
  s:set_tag(0, nil)
  assert(s:tag(0) == nil)
  local e <close> = ctx:load_encounter(s:save())
  e:set_controlled(1, true)
  e:begin_round()
  assert(e:phase() == "declaring" and e:state(1).awaited == true)
  assert(e:state(1).action == nil)
end)

test("policies: simple by default, tactical per combatant or side, the same seed the same fight", function()
  local ctx <close> = cops.context(2030)
  local s <close> = ctx:scenario(ex .. "/scenarios/street-shootout.json")
  for i = 0, 4 do assert(s:policy(i) == "simple") end
  s:set_side_policy(1, "tactical")
  assert(s:policy(0) == "simple" and s:policy(3) == "tactical")
  raises("EINVAL", function() s:set_policy(0, "clever") end)
  raises("ERANGE", function() s:set_policy(99, "simple") end)
  raises("ERANGE", function() s:set_side_policy(16, "simple") end)
  s:run()
  local first = s:jsonl()
  s:reset()
  assert(s:policy(3) == "tactical")
  ctx:seed(2030)
  s:run()
  assert(s:jsonl() == first)
  for i = 0, 4 do s:set_policy(i, "simple") end
  s:reset()
  ctx:seed(2030)
  s:run()
  assert(s:jsonl() ~= first)
end)

test("a chase's board: tags, states, snapshots, checkpoints", function()
  local ctx <close> = cops.context(4)
  local c <close> = ctx:load_chase(ex .. "/scenarios/harbor-freeway-pursuit.json")
  c:set_tag(0, "car-0")
  assert(c:tag(0) == "car-0" and c:find_tag("car-0") == 0)
  local b = c:board_state(1)
  local w, k = c:dice(1)
  assert(b.white == w and b.black == k and b.role == c:role(1) and b.passenger == false)
  local cp = c:checkpoint()
  c:run()
  local whole = c:jsonl()
  assert(c:snapshot():find('"kind":"chase"', 1, true))
  c:rollback(cp)
  assert(c:round() == 0)
  c:run()
  assert(c:jsonl() == whole)
  assert(type(c:board_state(0).health_state) == "string")
  local m = ctx:load_character(ex .. "/sheets/mike.json")
  assert(m:health_state() == "healthy")
end)

test("sealed saves: ctx:seal, ctx:unseal, cops.is_sealed, whole files", function()
  local ctx <close> = cops.context(2030)
  local key, other = string.rep("k", 32), string.rep("o", 32)
  local e <close> = ctx:scenario(ex .. "/scenarios/street-shootout.json")
  e:run_round()
  local save = e:save()
  local sealed = ctx:seal(key, save)
  assert(cops.is_sealed(sealed) and not cops.is_sealed(save))
  assert(not sealed:find('"hp"', 1, true) and ctx:unseal(key, sealed) == save)
  raises("ESEAL", function() ctx:unseal(other, sealed) end)
  local at = sealed:find('"box": "', 1, true) + 10
  local changed = sealed:sub(1, at - 1) .. (sealed:sub(at, at) == "A" and "B" or "A") .. sealed:sub(at + 1)
  raises("ESEAL", function() ctx:unseal(key, changed) end)
  raises("EJSON", function() ctx:unseal(key, "{}") end)
  raises("EINVAL", function() ctx:seal("short", save) end)
  local ok, err = pcall(ctx.unseal, ctx, other, sealed)
  assert(not ok and err.code == -11 and err.name == "ESEAL" and tostring(err):find("does not open"))
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir " .. dir))
  local c <close> = cops.context(1)
  c:confine(dir)
  c:write_file("fight.json", sealed)
  assert(c:read_file("fight.json") == sealed)
  raises("EIO", function() c:write_file("../out.json", sealed) end)
  raises("EIO", function() c:read_file("/etc/passwd") end)
  os.remove(dir .. "/fight.json")
  os.remove(dir)
end)

h.finish("api")
