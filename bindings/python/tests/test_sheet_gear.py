"""The gear a sheet carries from Python (docs/sheets.md, "The gear"): weapons with their rounds
and spare magazines, the one in hand, the armour; checked all or nothing, and taken into a
fight whose reloads use the sheet's magazines."""

import json
import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402

SHEETS = os.path.join(ROOT, "examples", "sheets")
KNIFE = {"weapons": [{"weapon": {"name": "Couteau 021", "kind": "blade"}}]}


def test_the_kit_and_its_round_trip():
    with cops.Context() as ctx:
        sarah = cops.Character.load(ctx, os.path.join(SHEETS, "sarah-kit.json"))
        gear = sarah.gear
        assert gear["weapons"][0] == {"weapon": "../weapons/remington-162.json", "loaded": 5,
                                      "magazines": 1, "in_hand": True}
        assert gear["armour"] == "../armour/gilet-pare-balles.json"
        assert [w.name for w in sarah.weapons] == ["Remington 162", "Vulcan 051", "Couteau 021"]
        assert [w.magazines for w in sarah.weapons] == [1, 2, None]
        assert sarah.weapons[0]["loaded"] == 5 and sarah.hand == 0
        assert sarah.armour is not None and sarah.armour.name == "Gilet pare-balles"
        with open(os.path.join(SHEETS, "sarah-kit.json"), encoding="utf-8") as f:
            assert f.read() == sarah.to_json()            # byte for byte
        plain = cops.Character.load(ctx, os.path.join(SHEETS, "sarah.json"))
        assert plain.gear == {} and plain.weapons == [] and plain.hand is None
        assert plain.armour is None


def test_set_checked_all_or_nothing():
    with cops.Context() as ctx:
        ch = cops.Character.new(ctx, "Ana")
        ch.gear = KNIFE
        with pytest.raises(cops.RuleError, match="has no magazine"):
            ch.gear = {"weapons": [{"weapon": {"name": "Couteau 021", "kind": "blade"},
                                    "magazines": 1}]}
        with pytest.raises(cops.JSONError, match="gear.weapons\\[0\\].rounds: unknown field"):
            ch.gear = json.dumps({"weapons": [{"weapon": {"name": "Vulcan 051",
                                                          "kind": "handgun"}, "rounds": 2}]})
        with pytest.raises(TypeError):
            ch.gear = 3
        assert ch.gear == {"weapons": [{"weapon": {"schema": 1, "name": "Couteau 021",
            "kind": "blade", "skill": "Arme de contact", "specialisation": "couteau", "pr": 0,
            "pu": 2, "fa": 1, "range": 1, "magazine": 0, "loaded": 0, "ct": 1, "vrc": 0,
            "vc": 0}}]}
        ch.gear = None
        assert ch.gear == {} and json.loads(ch.to_json())["schema"] == 3


def test_spare_magazines_and_a_fight_that_spends_them():
    with cops.Context() as ctx:
        w = cops.Weapon.from_json(ctx, {"name": "Vulcan 051", "kind": "handgun",
                                        "magazine": 12, "loaded": 0, "magazines": 1})
        w.reload()
        assert w["loaded"] == 12 and w.magazines == 0
        with pytest.raises(cops.RuleError, match="no spare magazine"):
            w.reload()
        w.magazines = None
        w.reload()
        with pytest.raises(cops.RangeError):
            w.magazines = 100
        sarah = cops.Character.load(ctx, os.path.join(SHEETS, "sarah-kit.json"))
        joe = cops.Character.load(ctx, os.path.join(SHEETS, "joe.json"))
        with cops.Encounter(ctx) as e:
            e.add(sarah, 0, 0, 0, controlled=True)
            e.add(joe, 1, 30, 0, controlled=True)
            e.equip(0)
            e.equip(1)
            state = e.state(0)
            assert state.weapon_name == "Remington 162" and state.magazines == 1
            assert state.armour == "Gilet pare-balles"
            assert e.weapon(0).name == "Remington 162"
            e.begin_round()
            e.declare(0, "reload")
            e.declare(1, "wait")
            e.resolve_round()
            assert sarah.weapons[0]["loaded"] == 6 and sarah.weapons[0].magazines == 0
            assert e.state(0).magazines == 0
            e.begin_round()
            with pytest.raises(cops.RuleError, match="no spare magazine left"):
                e.declare(0, "reload")
            with pytest.raises(cops.StateError):
                e.equip(0)


def test_from_roll20_gives_the_golden_sheet_and_the_report():
    with cops.Context() as ctx:
        with open(os.path.join(ROOT, "examples", "roll20", "delgado.json"), encoding="utf-8") as f:
            export = f.read()
        mike, report = cops.Character.from_roll20(ctx, export)
        with open(os.path.join(ROOT, "tests", "golden", "roll20-delgado.json"), encoding="utf-8") as f:
            assert mike.to_json() == f.read()
        assert {"attribute": "Badge", "action": "dropped",
                "detail": "not an attribute of the Roll20 COPS sheet"} in report
        assert all(set(e) == {"attribute", "action", "detail"} for e in report)
        assert {e["action"] for e in report} == {"dropped", "corrected", "kept", "guessed"}
        ana, said = cops.Character.from_roll20(ctx, [{"name": "Prenom", "current": "Ana"},
                                                     {"name": "Carrure", "current": 7}])
        assert ana.name == "Ana" and ana.characteristic("Carrure") == 5
        assert said[0] == {"attribute": "Carrure", "action": "corrected",
                           "detail": "7 out of range 1..5 (C2): 5"}
        with pytest.raises(cops.JSONError, match="expected Roll20's attributes"):
            cops.Character.from_roll20(ctx, {"name": "x"})
