"""The Storyteller module from Python (docs/storyteller.md): pools rolled with scripted and
seeded dice, the notation, the odds, and the same roll as the C library's and the CLI's."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402
from cops import st  # noqa: E402

pytestmark = pytest.mark.skipif(not st.available(), reason="libcops built without st")


def scripted(*faces):
    it = iter(faces)
    return cops.Context(callback=lambda sides: next(it))


def test_scripted_pool_with_10_again():
    # ST-A37: 8+ succeeds; ST-A1: each 10 is rolled again, wave after wave.
    with scripted(7, 8, 10, 1, 10, 9, 10, 3) as ctx:
        r = st.roll(ctx, "5")
    assert r.faces == (7, 8, 10, 1, 10, 9, 10, 3)
    assert [d.reroll_of for d in r.dice] == [None] * 5 + [2, 4, 6]
    assert r.successes == 5 and r.success and not r.chance and not r.dramatic
    assert str(r) == "[7, 8, 10\u21929, 1, 10\u219210\u21923] 5 successes"


def test_chance_die_and_dramatic_failure():
    # ST-A2: a pool at 0 or less is one chance die; a 1 is a dramatic failure.
    with scripted(1) as ctx:
        r = st.roll(ctx, st.Pool(2, -3))
    assert r.chance and r.dramatic and r.successes == 0 and r.dice_pool == -1
    with scripted(10, 8, 2) as ctx:
        r = st.roll(ctx, "0")
    assert r.faces == (10, 8) and r.successes == 2   # the re-roll is an ordinary die
    with scripted() as ctx:                             # no die drawn
        assert st.roll(ctx, st.Pool(0, chance=False)).dice == ()
        assert st.roll(ctx, "9 all-8s").successes == 9  # §6.12: every die an 8
        assert st.roll(ctx, "4 average").successes == 1  # §6.15: a third


def test_notation_and_pools():
    with cops.Context() as ctx:
        p = st.pool(ctx, "4+3-2 9-again 9+ no-chance")
        assert p == st.Pool(4, 1, threshold=9, again=9, chance=False)
        assert str(p) == "4+1 9-again 9+ no-chance"
        assert st.pool(ctx, str(p)) == p
        assert st.DEFAULTS == st.Pool(0)
        with pytest.raises(cops.NotationError, match="column 3"):
            st.pool(ctx, "5 fast")
        with pytest.raises(cops.RangeError, match="again 7"):
            st.pool(ctx, st.Pool(3, again=7))
        with pytest.raises(cops.RangeError, match="below the threshold"):
            st.roll(ctx, st.Pool(3, threshold=9, again=8))
        with pytest.raises(ValueError):
            st.roll(ctx, st.Pool(3, mode="fast"))
        with pytest.raises(TypeError):
            st.roll(ctx, 3)  # type: ignore[arg-type]


def test_odds():
    with cops.Context() as ctx:
        o = st.odds(ctx, "3")
        assert o.expected == pytest.approx(1.0)              # a third per die (ST-A35)
        assert o.at_least[1] == pytest.approx(1 - 0.7 ** 3)
        assert sum(o.pmf) == pytest.approx(1.0)
        assert st.odds(ctx, "0").dramatic == pytest.approx(0.1)
        opp = st.opposed(ctx, "12", "6")
        assert opp.a_wins + opp.b_wins + opp.tie == pytest.approx(1.0)
        assert st.difference(ctx, "1", "1", 0) == pytest.approx(st.opposed(ctx, "1", "1").tie)
        assert json.loads(o.to_json())["pool"] == "3"


def test_seeded_roll_is_the_clis_byte_for_byte():
    cli = os.environ.get("COPS_CLI")
    with cops.Context(seed=2030) as ctx:
        rolls = [st.roll(ctx, "6 8-again") for _ in range(3)]
    # The golden values of tests/st/test-st-dice.c, through Python.
    assert [r.faces for r in rolls] == [(1, 7, 2, 9, 4, 3, 6), (10, 9, 7, 10, 6, 6, 6, 3, 9, 1),
                                        (10, 6, 6, 4, 3, 1, 4)]
    if cli:
        out = subprocess.run([cli, "st", "roll", "--seed", "2030", "--json", "6 8-again"],
                             capture_output=True, text=True, check=True).stdout
        assert out.strip() == rolls[0].json


SHEETS = os.path.join(ROOT, "examples", "st", "sheets")


def test_characters_derived_traits_and_combatants():
    with cops.Context() as ctx:
        m = st.Character.load(ctx, os.path.join(SHEETS, "marcus.json"))
        assert m.name == "Marcus Vale" and m["Strength"] == 3 and m["size"] == 5
        # ST-A3, and its switches.
        assert [m.derived(d) for d in st.DERIVED] == [3, 6, 11, 8, 5]
        assert m.derived("Defense", st.Rules(defense_athletics=True)) == 5
        assert m.derived("Health", st.Rules(human_size=4)) == 7
        # §2, ST-A12.
        assert m.is_combatant() and m.background == {"police", "player"}
        n = st.Character.load(ctx, os.path.join(SHEETS, "nadia.json"))
        assert not n.is_combatant() and n.experience == 12 and n.points("willpower") == (3, 4)
        n.experience = 21
        assert n.is_combatant()
        n.set_combatant(False)
        assert not n.is_combatant()
        assert st.DEFAULT_RULES == st.Rules()
        with pytest.raises(cops.RangeError, match="Strength 11"):
            m["Strength"] = 11
        with pytest.raises(KeyError):
            m["Charme"]
        with pytest.raises(TypeError):
            m.derived("Defense", st.Rules(chance_die=1))  # type: ignore[arg-type]


def test_health_track_st_l1():
    with cops.Context() as ctx:
        m = st.Character.load(ctx, os.path.join(SHEETS, "marcus.json"))   # Health 8
        m.damage(3, "lethal")
        m.damage(4, "bashing")
        assert m.health == (4, 3) and m.health_state() == "fit" and m.wound_penalty() == -2
        m.damage(2, "bashing")          # the last box, then a bashing box turned lethal
        assert m.health == (4, 4) and m.health_state() == "unconscious"
        m.damage(4, "lethal")
        assert m.health == (0, 8) and m.health_state() == "bleeding out"
        c = m.copy()
        c.damage(1, "lethal")
        assert c.health_state() == "dead" and m.health_state() == "bleeding out"
        c.set_health(0, 0)
        assert c.health_state() == "fit"
        m.damage(5, "lethal", st.Rules(health_track=False))   # ST-A4: events only
        assert m.health == (0, 8)
        assert json.loads(m.to_json())["health"] == {"bashing": 0, "lethal": 8}


def test_sheets_refused_by_the_other_system():
    with cops.Context() as ctx:
        with pytest.raises(cops.JSONError, match="a Storyteller sheet"):
            cops.Character.load(ctx, os.path.join(SHEETS, "marcus.json"))
        with pytest.raises(cops.JSONError, match="a COPS sheet"):
            st.Character.load(ctx, os.path.join(ROOT, "examples", "sheets", "mike.json"))
        with pytest.raises(cops.JSONError, match="attributes.Wits: missing"):
            st.Character.from_json(ctx, {"system": "st", "name": "X", "attributes": {
                "Strength": 1, "Dexterity": 1, "Stamina": 1, "Resolve": 1, "Composure": 1}})
        for name in ("marcus", "vince", "lucien", "nadia"):
            path = os.path.join(SHEETS, name + ".json")
            with open(path, encoding="utf-8") as f:
                assert st.Character.load(ctx, path).to_json() == f.read()


def test_attacks_scripted_with_events():
    with scripted(2, 9) as ctx:
        m = st.Character.load(ctx, os.path.join(SHEETS, "marcus.json"))
        v = st.Character.load(ctx, os.path.join(SHEETS, "vince.json"))
        assert m.weapons[0] == st.Weapon("Heavy revolver", 4, "lethal", "firearm",
                                         range=(20, 40, 80))
        assert m.protection == (2, 0, False)
        log = cops.Log(ctx)
        # §5.5, §5.6, §6.6: 6 dice - Defense 2 - Cover 1 - medium range 1 = 2 dice.
        o = st.attack(ctx, m, v, "shot", weapon="Heavy revolver", distance=30, cover=1,
                      target_id=7, log=log)
        assert (o.pool, o.successes, o.winner, o.victim, o.damage, o.type, o.lethal) == \
            (2, 1, "attacker", "defender", 5, "lethal", 5)
        assert [str(e.type) for e in log.events] == ["st.attack", "st.roll", "st.result",
                                                     "st.damage"]
        assert log.events[3].target_id == 7 and log.events[3]["lethal"] == 5
        assert st.event_fields(log, 1)["pool"] == 2
        # Refusals change nothing (all or nothing).
        with pytest.raises(cops.RuleError, match="beyond Heavy revolver's long range"):
            st.attack(ctx, m, v, "shot", weapon=0, distance=300, log=log)
        with pytest.raises(cops.RuleError, match="at most four"):
            st.attack(ctx, m, v, "strike", opponents=5)
        with pytest.raises(KeyError):
            st.attack(ctx, m, v, "shot", weapon="rocket")
        assert len(log) == 4 and v.health == (1, 5)


def test_coup_de_grace_and_the_vest():
    # §6.12 example 2: Dexterity 3 + Firearms 3 + 3 aiming dice, a 4L revolver: 13 boxes.
    with scripted() as ctx:
        s = st.Character.new(ctx, "Shooter")
        for t, x in (("Dexterity", 3), ("Firearms", 3), ("Wits", 3)):
            s[t] = x
        s.add_weapon(st.Weapon("Heavy revolver", 4, kind="firearm", range=(20, 40, 80)))
        victim = st.Character.new(ctx, "Victim")
        o = st.attack(ctx, s, victim, "coup_de_grace", weapon=0, aim=3)
        assert (o.successes, o.damage) == (9, 13)
    with scripted(8, 8, 1, 1, 1, 1, 1, 1) as ctx:   # Defense 0: 8 dice
        g = st.Character.new(ctx, "Gun")
        g["Dexterity"], g["Firearms"] = 4, 4
        g.add_weapon(st.Weapon("Pistol", 2, kind="firearm", range=(20, 40, 80)))
        c = st.Character.new(ctx, "Cop")
        c.set_protection(vest=2)
        o = st.attack(ctx, g, c, "shot", weapon=0)     # ST-A31: 2 of 4 turned bashing
        assert (o.damage, o.converted, o.bashing, o.lethal) == (4, 2, 2, 2)
        c.begin_round()


def test_scene_rolls():
    with scripted(7, 4, 8, 10, 2, 1, 5, 9) as ctx:
        a, b = st.Character.new(ctx, "A"), st.Character.new(ctx, "B")
        a["Dexterity"], a["Composure"], a["Athletics"] = 3, 2, 2
        b["Dexterity"], b["Composure"] = 2, 2
        log = cops.Log(ctx)
        assert st.initiative(ctx, a, log=log) == (7, 12)          # §5.2: 7 + 5
        assert st.initiative(ctx, b, id=1, log=log) == (4, 8)
        assert st.initiative_order(ctx, [b, a], [8, 12]) == [1, 0]
        assert st.total_defense(ctx, a, log=log) == 3             # §5.8: 8, 10 (2), 1, 5, 9
        assert [str(e.type) for e in log.events][:2] == ["st.initiative", "st.initiative"]
        assert log.events[0]["total"] == 12
    assert st.overwhelming(12, 6) and not st.overwhelming(11, 6)    # §4, ST-A10
    with scripted(3, 2, 1) as ctx:
        civ = st.Character.new(ctx, "Civ")
        civ["Resolve"], civ["Composure"] = 1, 2
        assert st.nerve(ctx, civ) == "spent"                      # §2: failed, Willpower
        assert civ.points("willpower") == (2, 3)
        assert st.injury(civ, 2, spend=False) == "out"
        assert st.injury(civ, 1) == "acts"
    with scripted(8, 9, 8, 1, 1, 8, 8, 2, 2, 2) as ctx:            # §3: 3 against 2
        a, b = st.Character.new(ctx, "A"), st.Character.new(ctx, "B")
        for ch in (a, b):
            ch["Strength"], ch["Brawl"] = 3, 2
        assert st.bout(ctx, a, b) == "a"
        assert a.health == (2, 0) and b.health == (3, 0)          # ST-A9
    with scripted() as ctx:                                        # §6.15 example 2
        v = st.Character.new(ctx, "Vandal")
        v["Strength"], v["Vigor"] = 4, 1
        v.add_weapon(st.Weapon("Fire axe", 2))
        car = st.Object("City car", 3, 10)
        rounds = 0
        while not car.broken:
            assert car.strike(ctx, v, weapon="Fire axe", average=True) == 1
            rounds += 1
        assert rounds == 10 and car.damage == 10
        with pytest.raises(cops.StateError, match="broken already"):
            car.strike(ctx, v, average=True)


def test_grapple_rounds():
    # §6.2, ST-A19, ST-A20: both Strength 3 + Brawl 2 - Defense 2 = 3 dice.
    with scripted(8, 8, 1, 1, 1, 1, 10, 8, 8, 9, 1, 1, 1, 1, 1, 1, 1, 1, 9, 9) as ctx:
        a, b = st.Character.new(ctx, "A"), st.Character.new(ctx, "B")
        for ch in (a, b):
            ch["Strength"], ch["Brawl"], ch["Dexterity"], ch["Wits"], ch["Stamina"] = 3, 2, 2, 2, 2
        b.add_weapon(st.Weapon("Knife", 1))
        g = st.Grapple(ctx, a, b)
        log = cops.Log(ctx)
        r = g.round(["take_weapon"], ["break_free"], b_in_hand="Knife", log=log)
        assert (r.winner, r.margin, r.effects) == ("a", 2, ("take_weapon",))
        assert g.controller == "a"
        r = g.round(["damage", "hold"], ["break_free"], log=log)      # margin 4: two effects
        assert (r.margin, r.damage, r.damage_type, g.hold) == (4, 5, "lethal", "a")
        r = g.round(["hold"], ["break_free"], log=log)                # B held: Defense 0
        assert r.pools == (5, 2) and r.winner == "b" and not g.active and g.hold is None
        assert str(log.events[-1].type) == "st.grapple"
        assert st.event_fields(log, len(log) - 1)["active"] == 0
        with pytest.raises(cops.StateError):
            g.round(["hold"], [])


def test_long_burst_and_ammunition():
    # §6.5, ST-A23: 7 dice + 1 - the highest Defense (3) - the highest Cover (1) = 4 dice.
    with scripted(8, 9, 10, 3, 8, 1, 1, 1, 1, 1, 1, 1) as ctx:
        g = st.Character.new(ctx, "Gunner")
        g["Strength"], g["Dexterity"], g["Firearms"] = 2, 4, 3
        g.add_weapon(st.Weapon("SMG", 2, kind="firearm", automatic=True, min_strength=3,
                               range=(20, 40, 80), ammo=12))
        ts = [st.Character.new(ctx, "T%d" % i) for i in range(3)]
        ts[1]["Dexterity"], ts[1]["Wits"] = 3, 3
        log = cops.Log(ctx)
        outs = st.long_burst(ctx, g, ts, weapon="SMG", distance=10, covers=[0, 1, 0],
                             shares=[2, 2, 2], log=log)
        assert [o.damage for o in outs] == [4, 4, 0] and outs[0].pool == 4
        assert outs[0].recoil == 1 and g.weapons[0].ammo == 2
        with pytest.raises(cops.RuleError, match="needs 10"):
            st.long_burst(ctx, g, ts, weapon="SMG")
        o = st.attack(ctx, g, ts[0], "shot", weapon="SMG", distance=10)
        assert g.weapons[0].ammo == 1 and o.pool == 7


SCENARIOS = os.path.join(ROOT, "examples", "st", "scenarios")
GOLDEN = os.path.join(ROOT, "tests", "golden")


def test_fight_scenario_is_the_golden_log_and_resumes():
    # The seeded scenario gives byte for byte the C library's golden log; saved after round
    # 2 and resumed in another context, the same events follow.
    with cops.Context() as ctx:
        whole = st.Fight.load(ctx, os.path.join(SCENARIOS, "street-brawl.json"))
        assert len(whole) == 5 and whole.name.startswith("Street brawl")
        assert whole.side_name(0) == "Bouncers" and whole.fighter(3).tactic == "grapple"
        whole.run()
        with open(os.path.join(GOLDEN, "st-street-brawl-2030.jsonl"), encoding="utf-8") as f:
            assert whole.jsonl() == f.read()
        assert whole.over and whole.winner == 0
        assert str(whole.events[-1].type) == "st.end"
    with cops.Context() as ctx:
        part = st.Fight.load(ctx, os.path.join(SCENARIOS, "street-brawl.json"))
        part.run_round()
        part.run_round()
        first, save = part.jsonl(), part.save()
    with cops.Context() as ctx:
        resumed = st.Fight.from_json(ctx, save)
        assert resumed.round == 2 and resumed.character(3).name == "Lucien"
        resumed.run()
        with open(os.path.join(GOLDEN, "st-street-brawl-2030.jsonl"), encoding="utf-8") as f:
            assert first + resumed.jsonl() == f.read()



def test_fight_reset_runs_the_same_fight_again():
    # cops_st_fight_reset: reseeded, the reset fight plays the golden log again; a fight
    # resumed from a save made after round 1 refuses, unchanged.
    with cops.Context() as ctx:
        f = st.Fight.load(ctx, os.path.join(SCENARIOS, "street-brawl.json"))
        start = f.save()
        f.run()
        first = f.jsonl()
        f.reset()
        assert f.round == 0 and not f.over and f.jsonl() == ""
        f.seed(2030)
        assert f.save() == start
        f.run()
        assert f.jsonl() == first
        part = st.Fight.load(ctx, os.path.join(SCENARIOS, "street-brawl.json"))
        part.run_round()
        resumed = st.Fight.from_json(ctx, part.save())
        with pytest.raises(cops.StateError, match="first round is not known"):
            resumed.reset()
        assert resumed.round == 1

def test_fight_turns_declarations_and_state():
    # ST-A6: the exchange at the first fighter's rank, its damage at the winner's; ST-A11:
    # the mixes of a turn; ST-A13: a delay.
    with scripted(9, 1, 1, 2, 3, 8, 9, 5) as ctx:
        a, b = st.Character.new(ctx, "A"), st.Character.new(ctx, "B")
        for ch, comp in ((a, 2), (b, 1)):
            for trait, v in (("Strength", 3), ("Dexterity", 2), ("Wits", 2), ("Brawl", 2),
                             ("Stamina", 2), ("Composure", comp)):
                ch[trait] = v
            ch.set_combatant(True)
        fight = st.Fight(ctx)
        assert fight.add(a, 0) == 0 and fight.add(b, 1, 1, 0) == 1
        assert fight.distance(0, 1) == 1
        fight.begin_round()
        assert fight.order() == [0, 1] and fight.next() == 0
        assert fight.suggest(0) == st.Declaration("attack", target=1)
        with pytest.raises(cops.RuleError, match="ST-A11"):
            fight.declare(0, st.Declaration("attack", target=1, move_to=(15, 0)))
        with pytest.raises(KeyError):
            st.Declaration("dance")._c(a)
        assert fight.step() == 0
        assert a.health == (0, 0) and fight.fighter(1).roll_used == 1
        assert fight.step() == 1
        assert a.health == (2, 0)
        assert fight.next() is None and not fight.over
        with pytest.raises(cops.StateError):
            fight.step()
        with pytest.raises(ValueError, match="still in"):
            a.close()
        fight.close()
        a.close()


def test_fight_grapple_tactic_and_refusals():
    with cops.Context(seed=4) as ctx:
        fight = st.Fight.load(ctx, os.path.join(SCENARIOS, "street-brawl.json"))
        fight.run_round()
        g = fight.grapple(3)
        assert g is not None and g.first == 3 and g.second == 0
        assert fight.fighter(0).grapple == 3
        fight.set_tactic(2, "defend")
        fight.set_out(3)
        assert fight.grapple(0) is None
        with pytest.raises(KeyError):
            fight.set_tactic(2, "flee")
        with pytest.raises(IndexError):
            fight.fighter(9)
        with pytest.raises(cops.JSONError, match="system"):
            st.Fight.from_json(ctx, {"system": "cops", "sides": ["a"], "fighters": []})


def test_fight_policies():
    # docs/storyteller.md, "Policies": per fighter or per side, kept by saves and reset, its
    # plans logged with their odds; the same seed, the cops command's fight byte for byte.
    path = os.path.join(SCENARIOS, "firefight.json")
    with cops.Context(seed=1) as ctx:
        fight = st.Fight.load(ctx, path)
        assert [fight.policy(i) for i in range(4)] == ["simple"] * 4
        fight.set_side_policy(0, "tactical")
        assert fight.policy(1) == "tactical" and fight.fighter(1).policy == "tactical"
        assert fight.policy(2) == "simple"
        with pytest.raises(cops.InvalidArgumentError, match="clever"):
            fight.set_policy(0, "clever")
        with pytest.raises(TypeError):
            fight.set_policy(0, 1)
        with pytest.raises(cops.RangeError):
            fight.set_policy(9, "simple")
        with pytest.raises(cops.RangeError):
            fight.set_side_policy(8, "simple")
        assert '"policy": "tactical"' in fight.save()
        fight.seed(77)
        fight.run()
        plans = [e for e in map(json.loads, fight.jsonl().splitlines()) if e["type"] == "st.declare"]
        assert plans and all(p["policy"] == "tactical" and p["actor_id"] < 2 for p in plans)
        weighed = [p for p in plans if p["odds"] is not None]
        assert weighed and all(0 <= p["odds"]["down"] <= 1 for p in weighed)
        cli = os.environ.get("COPS_CLI")
        if cli:
            out = subprocess.run([cli, "st", "fight", path, "--side-policy", "LAPD:tactical",
                                  "--seed", "77", "--json"], check=True, capture_output=True,
                                 text=True).stdout
            assert out == fight.jsonl()
        fight.reset()
        assert fight.policy(0) == "tactical"
