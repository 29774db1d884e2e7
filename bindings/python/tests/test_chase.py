"""Chases from Python (docs/chases.md, COPS.md C7) with scripted dice: the outcomes of
C7.3, black dice and crash tests through the caller's table, bands, the end."""

import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402


def scripted(faces):
    it = iter(faces)
    return cops.Context(callback=lambda sides: next(it))


def drivers(ctx):
    people = []
    for name in ("Rico", "Mike"):
        c = cops.Character.new(ctx, name)
        c.set_characteristic("Réflexes", 3)
        c.set_skill("Conduite", 5, ["voiture"])
        people.append(c)
    return people


def test_c7_3_one_fails_loses_me_plus_one_then_black_dice_and_a_crash():
    ctx = scripted([5, 1, 1, 1, 1, 1, 9, 9, 9, 1, 1,
                    5, 1, 1, 1, 1, 1, 5, 1, 1, 4])
    rico, mike = drivers(ctx)
    with cops.Chase(ctx) as chase:
        p = chase.add(rico, "Conduite [voiture]/Réflexes", "pursued", "Dodge", white=6)
        q = chase.add(mike, "Conduite [voiture]/Réflexes", "pursuer", "Interceptor", white=5)
        assert chase.chooser(q) == p and chase.band(q) == "intermediate"
        assert chase.shot_malus(q) == -3         # two cars at intermediate distance: large
        chase.set_maluses(1, 2)
        o = chase.odds(q, 2, p, 1)
        assert abs(o.both + o.only_mine + o.only_other + o.neither - 1) < 1e-12
        assert o.crash == 0 and 0 < o.success < 1 and o.loss > 0
        successes, blacken = chase.suggest(q)
        assert 1 <= successes <= 5 and blacken == 0
        chase.declare(p, 1)
        chase.declare(q, 5, blacken=1)
        chase.resolve_round()
        # Mike: 3 of 5, ME 2: loses 3, one turned black.
        assert chase.dice(q) == (2, 1) and chase.dice(p) == (6, 0)
        assert chase.band(q) == "long"
        with pytest.raises(cops.RuleError, match="out of reach"):
            chase.shot_malus(q)
        seen = []
        chase.set_crash_callback(lambda i, failed, d6: seen.append((i, failed, d6)) or False)
        chase.declare(p, 1)
        chase.declare(q, 1)
        chase.resolve_round()
        assert seen == [(q, 1, [4])]
        types = [e.type for e in chase.events]
        assert "crash" in types and "chase_band" in types
        assert "Mike: 1 black die failed, crash test 4" in chase.narrate("en")
        assert chase.result == "going" and chase.round == 2
        with pytest.raises(ValueError):
            chase.add(rico, "Conduite [voiture]/Réflexes", "spectator")
        with pytest.raises(cops.RangeError):
            chase.declare(q, 0)
        chase.wreck(q)
        assert chase.state(q) == "wrecked" and chase.result == "escaped"
    ctx.close()


def test_a_failing_crash_table_changes_nothing():
    ctx = scripted([1, 1, 1, 1, 1, 1, 1, 1, 5, 1, 1, 1, 5, 1, 1, 3])
    rico, mike = drivers(ctx)
    chase = cops.Chase(ctx)
    p = chase.add(rico, "Conduite [voiture]/Réflexes", "pursued")
    q = chase.add(mike, "Conduite [voiture]/Réflexes")
    chase.declare(p, 1, blacken=1)
    chase.declare(q, 1)
    chase.resolve_round()
    assert chase.dice(p) == (3, 1)

    def table(i, failed, d6):
        raise KeyError("no table")
    chase.set_crash_callback(table)
    chase.declare(p, 1)
    chase.declare(q, 1)
    with pytest.raises(KeyError):
        chase.resolve_round()
    assert chase.dice(p) == (3, 1) and chase.round == 1
    assert cops.chase.band_name("short", "en") == "short"
    chase.close()
    ctx.close()


def test_a_chase_file_run_to_its_end():
    path = os.path.join(ROOT, "examples", "scenarios", "sunset-chase.json")
    with cops.Context(seed=2030) as ctx:
        with cops.Chase.load(ctx, path) as chase:
            assert chase.name == "Sunset Boulevard, 2 a.m." and chase.count == 3
            assert chase.character(0).name == "Lupe Reyes" and chase.role(0) == "pursued"
            assert chase.max_rounds == 40
            chase.set_max_rounds(40)
            chase.run()
            assert chase.result in ("escaped", "caught")
            c_log = chase.jsonl()
    # The command's log of the same file and seed, byte for byte.
    with cops.Context(seed=2030) as ctx:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with cops.Chase.from_json(ctx, text, os.path.dirname(path)) as again:
            again.run()
            assert again.jsonl() == c_log
        with pytest.raises(cops.JSONError, match="type"):
            cops.Chase.from_json(ctx, '{"name": "x"}')
    # Saved after two rounds, resumed elsewhere: the rest of the same chase.
    with cops.Context(seed=2030) as ctx:
        with cops.Chase.load(ctx, path) as chase:
            chase.set_max_rounds(2)
            chase.run()
            saved, head = chase.save(), chase.jsonl()
    with cops.Context() as ctx:
        with cops.Chase.resume(ctx, saved) as chase:
            assert chase.save() == saved and chase.character(0).name == "Lupe Reyes"
            chase.set_max_rounds(40)
            chase.run()
            assert head + chase.jsonl() == c_log


def test_c7_step5_a_passenger_shoots_at_the_bands_malus():
    # A quiet round (both 1 success of 1: 9 then ones), then Jo's shot: 3 dice less the
    # small malus at short distance (6 dice against 4): 1 2, a miss.
    ctx = scripted([9, 1, 1, 1, 9, 1, 1, 1, 1, 1, 1, 2])
    rico, mike = drivers(ctx)
    jo = cops.Character.new(ctx, "Jo")
    jo.set_characteristic("Coordination", 3)
    jo.set_characteristic("Réflexes", 3)
    jo.set_skill("Arme de poing", 5)
    gun = cops.Weapon.load(ctx, os.path.join(ROOT, "examples", "weapons", "vulcan-051.json"))
    with cops.Chase(ctx) as chase:
        p = chase.add(rico, "Conduite [voiture]/Réflexes", "pursued", "Dodge", white=4)
        q = chase.add(mike, "Conduite [voiture]/Réflexes", "pursuer", "Interceptor", white=6)
        j = chase.add_passenger(q, jo)
        assert j == 16 and chase.passengers == 1 and chase.passenger(j) == (jo, q)
        with pytest.raises(cops.StateError, match="follow a round"):
            chase.act(j, p, weapon=gun, distance=5)
        chase.declare(p, 1)
        chase.declare(q, 1)
        chase.resolve_round()
        out = chase.act(j, p, weapon=gun, distance=5)
        assert not out.hit_target
        shot = [e for e in chase.events if e.type == "attack"][-1]
        assert shot.actor_id == j and shot.target_id == p
        with pytest.raises(cops.StateError, match="already"):
            chase.act(j, p, weapon=gun, distance=5)
        with pytest.raises(cops.RuleError, match="drives"):
            chase.act(q, p, weapon=gun, distance=5)


def test_the_example_chases_shoot_and_tackle():
    ex = os.path.join(ROOT, "examples", "scenarios")
    with cops.Context(seed=2030) as ctx:
        with cops.Chase.load(ctx, os.path.join(ex, "harbor-freeway-pursuit.json")) as chase:
            assert chase.passengers == 2
            chase.run()
            shooters = {e.actor_id for e in chase.events if e.type == "attack"}
            assert shooters == {16, 17}
            text = chase.save()
        with cops.Chase.resume(ctx, text) as again:
            assert again.passengers == 2 and again.passenger(17)[1] == 1
        with cops.Chase.load(ctx, os.path.join(ex, "skid-row-tackle.json")) as chase:
            chase.run()
            assert chase.result == "caught" and chase.state(0) == "stopped"
            assert any(e.type == "attack" and e.actor_id == 1 for e in chase.events)
