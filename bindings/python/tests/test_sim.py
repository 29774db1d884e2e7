"""The simulator from Python (docs/simulation.md): any split of the fights gives the same
summary; summaries merged, written and read; refused merges."""

import json
import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402

STREET = os.path.join(ROOT, "examples", "scenarios", "street-shootout.json")


def test_any_split_gives_the_same_summary():
    with cops.Context() as ctx, cops.Context() as other:
        sc, sc2 = cops.Scenario(ctx, STREET), cops.Scenario(other, STREET)
        whole = cops.Sim(ctx, sc, seed=7)
        whole.run(sc, 0, 200)
        a, b = cops.Sim(ctx, sc, seed=7), cops.Sim(other, sc2, seed=7)
        b.run(sc2, 120, 80)
        a.run(sc, 0, 120)
        a.merge(b)
        assert a.to_json() == whole.to_json()
        s = whole.summary
        assert s["runs"] == [[0, 200]] and s["seed"] == "7"
        assert whole.fights + whole.stopped == 200
        assert sum(whole.wins(k) for k in range(len(s["sides"]))) + whole.wins() == whole.fights
        again = cops.Sim.from_json(ctx, whole.to_json())
        assert again.to_json() == whole.to_json()
        with pytest.raises(cops.RangeError):
            again.merge(whole)                      # the same fights twice
        with pytest.raises(cops.RangeError):
            whole.run(sc, 199, 2)
        unseeded = cops.Sim(ctx, sc)
        with pytest.raises(cops.InvalidArgumentError):
            unseeded.merge(whole)                   # fight i of one is not fight i of the other
        with pytest.raises(cops.JSONError):
            cops.Sim.from_json(ctx, json.dumps(dict(s, fights=s["fights"] + 1)))
        with pytest.raises(ValueError):
            whole.run(sc, -1, 5)
        for h in (again, unseeded, a, b, whole):
            h.close()


def test_rulesets_compared_as_the_command_compares_them():
    # The same fights under both rulesets, then the comparison: what cops sim --compare
    # prints as JSON, byte for byte.
    import subprocess
    sums = []
    with cops.Context() as ctx:
        for rules in ("core", "alternative"):
            sc = cops.Scenario(ctx, STREET)
            sc.ruleset = rules
            s = cops.Sim(ctx, sc, seed=3)
            s.run(sc, 0, 60)
            assert s.ruleset == rules
            sums.append(s)
        with pytest.raises(cops.InvalidArgumentError):
            sums[0].merge(sums[1])              # other rulesets: not one study
        got = sums[0].compare(sums[1])
        assert got["rules"] == ["core", "alternative"] and got["fights"] == [60, 60]
        assert 0 <= got["lethality"]["p_value"] <= 1
        cli = os.environ.get("COPS_CLI")
        if cli:
            out = subprocess.run([cli, "sim", "--compare", "core,alternative", STREET, "-n",
                                  "60", "--seed", "3", "--json"], capture_output=True,
                                 text=True, check=True).stdout
            assert json.loads(out) == got
