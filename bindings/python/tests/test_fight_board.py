"""What a tabletop needs from Python (docs/encounters.md and docs/chases.md, "Tabletops"):
tags in events, states and snapshots; rollbacks that give the same fight and chase again;
refusals with their exception classes."""

import json
import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402

SCENARIOS = os.path.join(ROOT, "examples", "scenarios")


def scenario(ctx, name):
    return cops.Scenario(ctx, os.path.join(SCENARIOS, name + ".json"))


def test_tags_go_into_events_states_and_snapshots():
    with cops.Context(seed=2030) as ctx:
        fight = scenario(ctx, "street-shootout")
        n = len(fight.states())
        for i in range(n):
            fight.set_tag(i, "token-%d" % i)
        assert fight.tag(1) == "token-1" and fight.find_tag("token-1") == 1
        with pytest.raises(cops.NotFoundError):
            fight.find_tag("nobody")
        with pytest.raises(cops.InvalidArgumentError, match="combatant 0's already"):
            fight.set_tag(1, "token-0")
        with pytest.raises(cops.InvalidArgumentError, match="at most 64"):
            fight.set_tag(0, "x" * 65)
        fight.seed(2030)
        fight.run_round()
        tagged = [e for e in fight.events if e.actor_id is not None]
        assert tagged and all(e.actor_tag == "token-%d" % e.actor_id for e in tagged)
        assert all(e["actor_tag"] == e.actor_tag for e in tagged)
        board = json.loads(fight.snapshot())
        assert board["kind"] == "encounter" and board["round"] == fight.round
        for state, drawn in zip(fight.states(), board["combatants"]):
            assert drawn["tag"] == state.tag == "token-%d" % state.id
            assert drawn["hp"] == state.hp and drawn["health_state"] == state.health_state
            assert drawn["conditions"] == list(state.conditions)
            assert state.health in cops.HEALTH and drawn["health"] == state.health
        fight.set_tag(0, None)
        assert fight.tag(0) is None


def test_a_state_through_a_round():
    with cops.Context(seed=7) as ctx:
        fight = cops.Encounter.load(ctx, scenario(ctx, "street-shootout").save())
        fight.set_controlled(0, True)
        assert fight.phase == "between_rounds"
        fight.begin_round()
        assert fight.phase == "declaring"
        s = fight.state(0)
        assert s.awaited and not s.declared and s.action is None
        assert json.loads(fight.snapshot())["awaiting"] == [0]
        assert s.weapon == fight.hand(0) and s.loaded == fight.weapon(0)["loaded"]
        d = fight.suggest(0)
        fight.declare(0, **d)
        s = fight.state(0)
        assert s.declared and not s.awaited and s.action == d["action"]
        assert s.target == d["target"] and s.initiative == d["initiative"]
        assert json.loads(fight.snapshot())["awaiting"] == []
        with pytest.raises(cops.RangeError):
            fight.state(99)


def test_rollback_gives_the_same_fight_again():
    for seed in range(1, 6):
        with cops.Context(seed=seed) as ctx:
            fight = scenario(ctx, "bar-brawl")
            fight.seed(seed)
            start = fight.checkpoint()
            while not fight.over and fight.round < 30:
                before = fight.checkpoint()
                fight.run_round()
                once = fight.jsonl()
                fight.rollback(before)
                fight.run_round()
                assert fight.jsonl() == once
                before.close()
            whole = fight.jsonl()
            fight.rollback(start)
            assert fight.round == 0 and fight.jsonl() == ""
            fight.run()
            assert fight.jsonl() == whole


def test_checkpoints_belong_to_their_fight():
    with cops.Context(seed=1) as ctx:
        a, b = scenario(ctx, "bar-brawl"), scenario(ctx, "street-shootout")
        cp = a.checkpoint()
        with pytest.raises(cops.InvalidArgumentError, match="another encounter"):
            b.rollback(cp)
        with pytest.raises(TypeError):
            a.rollback("checkpoint")
        chase = cops.Chase.load(ctx, os.path.join(SCENARIOS, "sunset-chase.json"))
        with pytest.raises(cops.InvalidArgumentError, match="another chase"):
            chase.rollback(cp)
        a.run_round()
        a.log_limit   # reading the log does not clear it
        a.rollback(cp)
        assert a.round == 0


def test_a_chase_tagged_rolled_back_and_drawn():
    for seed in (3, 4):
        with cops.Context(seed=seed) as ctx:
            chase = cops.Chase.load(ctx, os.path.join(SCENARIOS, "harbor-freeway-pursuit.json"))
            chase.set_tag(0, "car-0")
            if chase.passengers:
                chase.set_tag(cops.chase.PASSENGER_ID0, "rider")
                rider = chase.board_state(cops.chase.PASSENGER_ID0)
                assert rider.passenger and rider.tag == "rider" and rider.rides_with is not None
            s = chase.board_state(1)
            assert (s.white, s.black) == chase.dice(1) and s.role == chase.role(1)
            cp = chase.checkpoint()
            chase.run()
            whole = chase.jsonl()
            drawn = json.loads(chase.snapshot())
            assert drawn["kind"] == "chase" and drawn["result"] == chase.result
            assert drawn["participants"][0]["tag"] == "car-0"
            chase.rollback(cp)
            assert chase.round == 0
            chase.run()
            assert chase.jsonl() == whole
            assert all(e.actor_tag == "car-0" for e in chase.events if e.actor_id == 0)


def test_policies_choose_who_declares():
    # docs/encounters.md, "Policies": the simple policy by default; the tactical one per
    # combatant or per side, its suggestion its own, the same seed the same fight.
    with cops.Context(seed=2030) as ctx:
        fight = scenario(ctx, "street-shootout")
        assert [fight.policy(i) for i in range(len(fight.states()))] == ["simple"] * 5
        fight.set_side_policy(1, "tactical")
        assert fight.policy(0) == "simple" and fight.policy(3) == "tactical"
        fight.set_policy(0, "tactical")
        assert fight.policy(0) == "tactical"
        with pytest.raises(cops.InvalidArgumentError, match="clever"):
            fight.set_policy(0, "clever")
        with pytest.raises(TypeError):
            fight.set_policy(0, 1)
        with pytest.raises(cops.RangeError):
            fight.set_policy(99, "simple")
        with pytest.raises(cops.RangeError):
            fight.set_side_policy(16, "simple")
        assert fight.policy(0) == "tactical"
        fight.run()
        first = fight.jsonl()
        fight.reset()
        assert fight.policy(3) == "tactical"
        ctx.seed(2030)
        fight.run()
        assert fight.jsonl() == first
        for i in range(5):
            fight.set_policy(i, "simple")
        fight.reset()
        ctx.seed(2030)
        fight.run()
        assert fight.jsonl() != first
