"""The D6 System module's whole fights from Python (docs/d6.md, "Fights"): scenarios run to
the same log as the command line's, declarations with scripted dice, holds, coordinated
attacks, vehicles, saves resumed, refusals that change nothing."""

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
SCENARIOS = os.path.join(ROOT, "examples", "d6", "scenarios")
ATTRS = {"vigueur": "3D", "agility": "3D", "coordination": "3D", "perception": "2D",
         "knowledge": "2D", "charisma": "2D"}


def scripted(*faces):
    it = iter(faces)
    return cops.Context(callback=lambda sides: next(it))


def person(ctx, name, vig="3D", **more):
    return d6.Character.from_json(ctx, dict({"system": "d6", "name": name,
                                              "attributes": dict(ATTRS, vigueur=vig)}, **more))


@pytest.mark.parametrize("scenario", ["shootout", "car-collision"])
def test_scenario_same_log_as_the_cli(scenario):
    # A replay: the same file and seed give the same events in C and in Python.
    path = os.path.join(SCENARIOS, scenario + ".json")
    with cops.Context() as ctx:
        fight = d6.Fight.load(ctx, path)
        fight.run()
        assert fight.over and fight.winner is not None
        ours = fight.jsonl()
        # every roll's purpose has its words (a vehicle's Resistance, Perception)
        english, french = fight.narrate("en"), fight.narrate("fr")
        assert "(null)" not in english + french and "rolls Perception" in english
    cli = os.environ.get("COPS_CLI")
    if cli:
        out = subprocess.run([cli, "d6", "fight", "--json", path], capture_output=True,
                             check=True, text=True).stdout
        assert out == ours


def test_declared_turn_actions_and_defence():
    # D6-A5, D6-A11: an attack and an active Dodge are two actions; the Dodge total stands
    # for every later attack in the round.
    with scripted(5, 4, 1, 1, 2, 2, 1, 1, 3, 2, 1, 1, 1, 2, 2, 2) as ctx:
        a, b = person(ctx, "A"), person(ctx, "B")
        fight = d6.Fight(ctx)
        assert (fight.add(a, 0), fight.add(b, 1, 1, 0)) == (0, 1)
        fight.begin_round()
        assert fight.order() == [0, 1]
        assert fight.suggest(0).action == "attack"
        fight.declare(0, d6.Declaration("attack", target=1, defence="active"))
        assert fight.step() == 0
        s = fight.fighter(0)
        assert (s.actions, s.defence, s.defence_total) == (2, "active", 4)
        assert fight.step() == 1
        result = [e for e in fight.events if e["type"] == "d6.result"][-1]
        assert result["defence_value"] == 4 and result["hit"]
        assert fight.fighter(0).defence == "natural"   # the round ended
        turn = next(i for i, e in enumerate(fight.events) if e["type"] == "d6.turn")
        assert d6.event_fields(fight, turn)["actions"] == 2
        with pytest.raises(TypeError):
            d6.event_fields(a, 0)   # a character is no log: refused before the library


def test_hold_coordination_and_refusals():
    with cops.Context(seed=11) as ctx:
        chief = person(ctx, "Chief", skills={"command": "4D"})
        member, target = person(ctx, "Member"), person(ctx, "Target", "4D")
        fight = d6.Fight(ctx)
        for ch, side, x in ((chief, 0, 0), (member, 0, 0), (target, 1, 1)):
            fight.add(ch, side, x, 0)
        with pytest.raises(cops.RuleError, match="on its side"):
            fight.coordinate(0, 1, [1])
        fight.coordinate(0, 2, [1])
        assert fight.fighter(1).coordinator == 0
        fight.begin_round()
        with pytest.raises(cops.RuleError, match="whole round"):
            fight.declare(0, d6.Declaration(defence="total"))   # Command took an action
        with pytest.raises(cops.RuleError, match="holds nobody"):
            fight.declare(2, d6.Declaration(release=True))
        with pytest.raises(KeyError):
            d6.Declaration("fly")._c(target)
        before = fight.jsonl()
        with pytest.raises(cops.StateError):
            fight.save()
        assert fight.jsonl() == before
        fight.resolve_round()
        assert any(e["type"] == "d6.coordinate" for e in fight.events)
        assert fight.save().startswith("{")


def test_grab_escape_and_vehicles():
    # §5.13, D6-A68: grabbed (Brawling 12 ≥ 10), held; the escape's tie fails (D6-A10).
    with scripted(5, 4, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2) as ctx:
        a, b = person(ctx, "A"), person(ctx, "B", "2D")
        fight = d6.Fight(ctx)
        fight.add(a, 0)
        fight.add(b, 1, 1, 0)
        fight.begin_round()
        fight.declare(0, d6.Declaration("grab", target=1))
        fight.resolve_round()
        assert fight.fighter(0).holding == 1 and fight.fighter(1).held_by == 0
        holds = [e["hold"] for e in fight.events if e["type"] == "d6.hold"]
        assert holds == ["grabbed", "held"]
    # §5.18: a ram stops both cars; the rammer ends where the other was.
    with cops.Context(seed=5) as ctx:
        a, b = person(ctx, "A"), person(ctx, "B")
        fight = d6.Fight(ctx)
        fight.add(a, 0)
        fight.add(b, 1, 30, 0)
        car = fight.add_vehicle(d6.Vehicle("Sedan", speed="cruising"), 0, 0)
        van = fight.add_vehicle(d6.Vehicle("Van", speed="slow"), 40, 0)
        fight.board(0, car, driver=True)
        fight.board(1, van, driver=True)
        fight.set_tactic(0, "ram")
        fight.set_tactic(1, "defend")
        assert fight.suggest(0).action == "ram"
        fight.run_round()
        assert fight.vehicle(car).speed == "stopped" and fight.vehicle(van).speed == "stopped"
        assert fight.vehicle_position(car) == (40, 0)
        save = json.loads(fight.save())
        assert save["vehicles"][0]["x"] == 40 and save["fighters"][0]["driver"] is True


def test_save_resumes_to_the_same_end():
    path = os.path.join(SCENARIOS, "shootout.json")
    with cops.Context() as ctx:
        whole = d6.Fight.load(ctx, path)
        whole.run()
        events = whole.jsonl()
    with cops.Context() as ctx:
        part = d6.Fight.load(ctx, path)
        part.run_round()
        first, save = part.jsonl(), part.save()
    with cops.Context() as ctx:
        rest = d6.Fight.from_json(ctx, save)
        assert rest.save() == save
        rest.run()
        assert first + rest.jsonl() == events
        assert rest.name == "Shootout behind the Alvarado Street laundromat"
        assert rest.side_name(1) == "Cruz's crew"



def test_reset_runs_the_same_fight_again():
    # cops_d6_fight_reset: the vehicles and the wounds back, reseeded the same events.
    with cops.Context() as ctx:
        f = d6.Fight.load(ctx, os.path.join(SCENARIOS, "car-collision.json"))
        f.seed(2030)
        start = f.save()
        f.run()
        first = f.jsonl()
        assert f.save() != start
        f.reset()
        assert f.round == 0 and not f.over and f.jsonl() == ""
        f.seed(2030)
        assert f.save() == start
        f.run()
        assert f.jsonl() == first
        part = d6.Fight.load(ctx, os.path.join(SCENARIOS, "car-collision.json"))
        part.run_round()
        resumed = d6.Fight.from_json(ctx, part.save(), os.path.join(SCENARIOS))
        with pytest.raises(cops.StateError, match="first round is not known"):
            resumed.reset()
        assert resumed.round == 1

def test_spell_prepared_then_cast_and_interrupted():
    # §7.6 item 5, D6-M22, D6-L14: two rounds' preparation, the cast in the second; another
    # action between two rounds of preparation makes it start over.
    with scripted(5, 4, 1, 1, 5, 4, 1, 1, 3, 3, 3, 5, 4, 1, 1, 5, 4, 1, 1) as ctx:
        attrs = dict(ATTRS, vigueur="2D", magic="2D")
        mage = d6.Character.from_json(ctx, {"system": "d6", "name": "Mage", "attributes": attrs,
                                            "skills": {"alteration": "3D"}, "fate_points": 1})
        other = person(ctx, "B")
        fight = d6.Fight(ctx)
        fight.add(mage, 0)
        fight.add(other, 1, 5, 0)
        spell = d6.Declaration("cast", spell_skill="alteration", spell_difficulty=5,
                               preparation=2)
        for _ in range(2):
            fight.begin_round()
            fight.declare(0, spell)
            fight.declare(1, d6.Declaration())
            fight.step()
            fight.step()
        prepare = [e for e in fight.events if e["type"] == "d6.prepare"]
        cast = [e for e in fight.events if e["type"] == "d6.spell"]
        assert [(e["prepared"], e["needed"], e["interrupted"]) for e in prepare] == [(1, 2, False)]
        assert cast[0]["total"] == 9 and cast[0]["success"]
        assert [e["action"] for e in fight.events if e["type"] == "d6.turn"][0] == "cast"
        fight.begin_round()
        fight.declare(0, d6.Declaration("cast", spell_skill="alteration", preparation=3))
        fight.declare(1, d6.Declaration())
        fight.step()
        fight.step()
        assert fight.fighter(0).preparing == 1
        fight.begin_round()
        with pytest.raises(cops.RuleError, match="preparation"):   # points go on the cast
            fight.declare(0, d6.Declaration("cast", spell_skill="alteration", preparation=3,
                                            fp=True))
        with pytest.raises(cops.InvalidArgumentError):   # no skill of a magic Attribute
            fight.declare(0, d6.Declaration("cast", spell_skill="dodge"))
        with pytest.raises(cops.RuleError, match="reach"):   # 5 m away (D6-L13)
            fight.declare(0, d6.Declaration("cast", target=1, spell_aim="marksmanship",
                                            spell_reach=3))
        with pytest.raises(cops.RuleError, match="reach"):   # an aimed blow needs contact
            fight.declare(0, d6.Declaration("cast", target=1, spell_aim="melee_weapons"))
        assert fight.fighter(0).preparing == 1
        fight.declare(0, d6.Declaration())
        fight.declare(1, d6.Declaration())
        fight.step()
        assert fight.fighter(0).preparing == 0
        last = [e for e in fight.events if e["type"] == "d6.prepare"][-1]
        assert (last["prepared"], last["interrupted"]) == (1, True)
        assert "loses the spell being prepared after 1 round" in fight.narrate("en")
        assert "perd le sort en préparation après 1 round" in fight.narrate("fr")


def test_fight_policies():
    # docs/d6.md, "Policies": per fighter or per side, kept by saves and reset, its plans
    # logged with their odds; the same seed, the cops command's fight byte for byte.
    path = os.path.join(SCENARIOS, "shootout.json")
    with cops.Context(seed=1) as ctx:
        fight = d6.Fight.load(ctx, path)
        assert [fight.policy(i) for i in range(4)] == ["simple"] * 4
        fight.set_side_policy(1, "tactical")
        assert fight.policy(2) == "tactical" and fight.fighter(3).policy == "tactical"
        assert fight.policy(0) == "simple"
        with pytest.raises(cops.InvalidArgumentError, match="clever"):
            fight.set_policy(0, "clever")
        with pytest.raises(TypeError):
            fight.set_policy(0, 1)
        with pytest.raises(cops.RangeError):
            fight.set_policy(9, "simple")
        with pytest.raises(cops.RangeError):
            fight.set_side_policy(8, "simple")
        assert '"policy": "tactical"' in fight.save()
        fight.seed(2030)
        fight.run()
        plans = [e for e in map(json.loads, fight.jsonl().splitlines()) if e["type"] == "d6.declare"]
        assert plans and all(p["policy"] == "tactical" and p["actor_id"] >= 2 for p in plans)
        assert any(p["odds"] is not None for p in plans)
        cli = os.environ.get("COPS_CLI")
        if cli:
            out = subprocess.run([cli, "d6", "fight", path, "--side-policy", "1:tactical",
                                  "--seed", "2030", "--json"], check=True, capture_output=True,
                                 text=True).stdout
            assert out == fight.jsonl()
        fight.reset()
        assert fight.policy(3) == "tactical"
