"""The D6 System module's characters and combat from Python (docs/d6.md, "Combat"): sheets,
the catalogue, attacks with scripted dice through every step, harm, the end of a round, and
the same attack as the CLI's."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402
from cops import d6  # noqa: E402

pytestmark = pytest.mark.skipif(not d6.available(), reason="libcops built without d6")
SHEETS = os.path.join(ROOT, "examples", "d6", "sheets")


def scripted(*faces):
    it = iter(faces)
    return cops.Context(callback=lambda sides: next(it))


def sheet(ctx, name):
    return d6.Character.load(ctx, os.path.join(SHEETS, name + ".json"))


def test_sheet_traits_and_catalogue():
    # §0.10, D6-L1: a skill absent rolls its attribute; D6-A9 natural damage; §9, §10.
    with cops.Context() as ctx:
        cop = sheet(ctx, "ramirez")
        assert cop["marksmanship"] == d6.Code(5) and cop.has("marksmanship")
        assert cop["melee_weapons"] == d6.Code(3, 1) and not cop.has("melee_weapons")
        assert d6.trait_parent("melee_weapons") == "agility"
        assert cop.natural_damage == d6.Code(2)
        assert [w.name for w in cop.weapons] == ["Glock 17", "Tonfa"]
        assert cop.weapons[1].adds_natural and cop.weapons[0].range == (8, 16, 24)
        assert cop.penalty("marksmanship") == (0, -1)   # the Kevlar vest's −1 (§10.1)
        assert cop.points == (5, 1) and cop.wounds().hp_max == 10
        assert d6.weapon("mg 42").flags == ("burst",)
        assert d6.protection("Helmet").coverage == "head"
        assert len(d6.weapons()) >= 38 and len(d6.protections()) >= 16
        assert d6.hit_points(d6.Code(5, 1)) == 18 and d6.hp_level(9, 10) == "incapacitated"
        again = d6.Character.from_json(ctx, cop.to_json())
        assert again.to_json() == cop.to_json()
        with pytest.raises(cops.JSONError, match="attributes.agility: missing"):
            d6.Character.from_json(ctx, {"system": "d6", "name": "X",
                                         "attributes": {"vigueur": "3D"}})
        with pytest.raises(KeyError):
            d6.weapon("Phaser")


def test_attack_scripted_through_every_step():
    # §5.4.1 short range, §5.5, §5.6: a hit, 3D+2 against Vigueur 3D+1, margin 12: three
    # levels and massive damage (§5.10).
    with scripted(3, 3, 3, 3, 3, 5, 5, 4, 1, 1, 1) as ctx:
        cop, thug = sheet(ctx, "ramirez"), sheet(ctx, "gang-member")
        log = cops.Log(ctx)
        o = d6.attack(ctx, cop, thug, weapon="Glock 17", distance=5, log=log)
        check_hit(ctx, o, cop, thug, log)


def check_hit(ctx, o, cop, thug, log):
    assert (o.attack_total, o.defence_value, o.band, o.hit) == (14, 10, "short", True)
    assert (o.damage_total, o.resistance_total, o.margin, o.steps) == (16, 4, 12, 3)
    assert o.wound_level == "severely_wounded" and o.massive and o.victim == "target"
    assert thug.wounds().defend_only == 2 and thug.penalty("dodge") == (-2, 0)
    types = [json.loads(line)["type"] for line in log.jsonl().splitlines()]
    assert types == ["d6.attack", "d6.roll", "d6.result", "d6.roll", "d6.roll", "d6.damage",
                     "d6.state"]
    assert d6.event_fields(log, 1)["code"] == d6.Code(5)
    # Only defence this round and the next: its attack is refused, nothing changes.
    with pytest.raises(cops.RuleError, match="only defend"):
        d6.attack(ctx, thug, cop, weapon="Machete")


def test_parry_and_options():
    # §5.3.4: a blow parried bare-handed: the defender takes the weapon's own 1D+2.
    with scripted(1, 1, 3, 1) as ctx:   # Melee Weapons: Agility 2D
        a = d6.Character.new(ctx, "A")
        b = d6.Character.new(ctx, "B")
        a.add_weapon("Tonfa")
        b["vigueur"] = d6.Code(1)
        o = d6.attack(ctx, a, b, weapon="Tonfa", defence="active", defence_skill="brawling",
                      defence_total=12)
    assert o.parried and not o.hit and o.damage_total == 5 and o.margin == 4
    with cops.Context(seed=3) as ctx:
        a = d6.Character.new(ctx, "A")
        a.add_weapon("Glock 17")
        with pytest.raises(cops.RuleError, match="bursts"):
            d6.attack(ctx, a, d6.Character.new(ctx, "B"), weapon=0, option="burst")
        with pytest.raises(KeyError):
            d6.attack(ctx, a, d6.Character.new(ctx, "B"), option="laser")


def test_harm_end_round_and_hit_points():
    # §5.19, D6-A26: a fall of 6 m is 2D; D6-A17: Stunned ends with the round; §8: HP.
    assert d6.hazard_code("fall", 600) == d6.Code(2)
    assert d6.hazard_code("fall", 600, d6.Rules(fall_full_height=True)) == d6.Code(4)
    with scripted(2, 2, 1, 1) as ctx:
        mage = sheet(ctx, "morgane")
        o = d6.harm(ctx, mage, d6.hazard_code("fall", 600))
        assert o.margin == 1 and o.wound_level == "stunned" and mage.wounds().stunned
        d6.end_round(ctx, mage)
        assert not mage.wounds().stunned and mage.wounds().level == "stunned"
        mage.set_mode("hit_points")
        w = mage.wounds()
        assert w.mode == "hit_points" and w.hp_lost == 2 and w.level == "stunned"   # D6-A31
        mage.set_mode("levels")
        mage.set_wounds(d6.Wounds(mode="levels", step=5))
        assert mage.wounds().level == "mortally_wounded" and not mage.can_act


def test_attack_matches_the_cli():
    # The same seed and sheets: the same events from Python and from cops d6 attack.
    cli = os.environ.get("COPS_CLI")
    if not cli:
        pytest.skip("COPS_CLI not set")
    args = ["--weapon", "Uzi 9mm", "--distance", "12", "--option", "burst", "--cover", "1"]
    out = subprocess.run([cli, "d6", "attack", "--attacker", os.path.join(SHEETS, "gang-member.json"),
                          "--target", os.path.join(SHEETS, "ramirez.json"), "--seed", "77",
                          "--json"] + args, capture_output=True, text=True, check=True).stdout
    with cops.Context(seed=77) as ctx:
        log = cops.Log(ctx)
        d6.attack(ctx, sheet(ctx, "gang-member"), sheet(ctx, "ramirez"), weapon="Uzi 9mm",
                  distance=12, option="burst", cover=1, log=log)
        assert log.jsonl() == out


def test_recovery_and_treatment():
    # §6.1, D6-A33: Wounded (−1D), Vigueur 4D at 3D against 6; §6.3, D6-A35: Medicine after a
    # fight, once a healer a level; §8.7, D6-A32: in hit points the success level regained.
    assert d6.recovery_wait("wounded") == 3 * 1440 and d6.recovery_wait("stunned") == 1
    with scripted(2, 2, 2, 5, 5, 4, 5, 5, 5, 4) as ctx:
        kim = d6.Character.new(ctx, "Kim")
        kim["vigueur"] = d6.Code(4)
        kim.set_wounds(d6.Wounds(step=2))
        h = d6.recover(ctx, kim)
        assert h.rolled and h.success and h.difficulty == 6 and h.level == "stunned"
        doc = d6.Character.new(ctx, "Doc")
        doc["medicine"] = d6.Code(3)
        kim.set_wounds(d6.Wounds(step=2))
        log = cops.Log(ctx)
        h = d6.treat(ctx, doc, kim, healer_id=7, log=log)
        assert not h.success and h.total == 14 and kim.wounds().treated == (7,)
        with pytest.raises(cops.RuleError, match="D6-A35"):
            d6.treat(ctx, doc, kim, healer_id=7)
        iris = sheet(ctx, "iris")                      # hit points: 9
        iris.set_wounds(d6.Wounds(mode="hit_points", hp_max=9, hp_lost=5))
        doc["medicine"] = d6.Code(4)
        h = d6.treat(ctx, doc, iris, healer_id=7, patient_id=2, rules=d6.Rules(medical_tech=5))
        assert h.success and h.total == 24 and h.hp_gained == 5 and iris.wounds().hp_lost == 0
        assert '"type":"d6.heal"' in log.jsonl()


def test_vehicles():
    # §5.17: 5 against 1 at manoeuvrability 1D: light, −1D, a top-speed rank lost (D6-A25);
    # §5.18: slow and cruising head-on share 9D (D6-A62); §6.5: a repair in a workshop.
    assert d6.collision_code(["slow", "cruising"], "head_on") == d6.Code(9)
    with scripted(2, 2, 1, 1, 1, 1, 1, 1) as ctx:
        van = d6.Vehicle("Van", resistance=d6.Code(1), manoeuvrability=d6.Code(1),
                         speed="flat_out")
        log = cops.Log(ctx)
        o = d6.vehicle_harm(ctx, van, d6.Code(3), id=4, log=log)
        assert o.result == "light" and o.margin == 4 and o.ranks_lost == 1
        assert van.top_speed == "full_speed" and van.penalty == -1
        assert van.damage == (("light", 1, 1),)
        mech = d6.Character.new(ctx, "Mechanic")
        assert d6.repair(ctx, mech, d6.Code(3), van, 0, flags=["workshop"], log=log)
        assert van.damage == () and van.top_speed == "flat_out"
        assert '"type":"d6.vehicle"' in log.jsonl()
        with pytest.raises(cops.RuleError, match="out of control"):
            d6.vehicle_crash(ctx, van)


def test_initiative():
    # §5.2, D6-A6: Perception each round; the surpriser first; ties to Perception, then a d6.
    with scripted(3, 3, 5, 5, 1, 1) as ctx:
        a, b, c = (d6.Character.new(ctx, x) for x in "ABC")
        log = cops.Log(ctx)
        order, totals = d6.initiative(ctx, [a, b, c], flags=[[], [], ["surpriser"]], log=log)
        assert order == [2, 1, 0] and totals == [6, 10, 2]
        assert '"type":"d6.initiative"' in log.jsonl()
