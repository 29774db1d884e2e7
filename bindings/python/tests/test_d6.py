"""The D6 System module from Python (docs/d6.md): codes, rolls with scripted and seeded dice,
the exact odds, and the same roll as the C library's and the CLI's."""

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


def scripted(*faces):
    it = iter(faces)
    return cops.Context(callback=lambda sides: next(it))


def test_codes_add_and_order():
    # D6 §0.2, D6-A3: 3 pips make 1D when codes add; codes order by their pips.
    with cops.Context() as ctx:
        assert d6.code(ctx, "3D+2") + d6.code(ctx, "+1D+1") == d6.Code(5, 0)
        assert str(d6.code(ctx, "+1")) == "0D+1"
        assert d6.Code(3, 2) < d6.Code(4) and d6.Code(4).total_pips == 12
        with pytest.raises(cops.NotationError, match="column 4"):
            d6.code(ctx, "3D+3")


def test_free_die_explodes_and_critical():
    # §0.3, D6-A1, D6-A2: the last die is free; a 6 rolls again and adds; a failure with a
    # first face of 1 is a critical failure.
    with scripted(4, 2, 6, 6, 1) as ctx:
        r = d6.roll(ctx, "3D+2 vs 15")
    assert r.faces == (4, 2, 6, 6, 1) and r.total == 21 and r.free_face == 6
    assert [d.reroll_of for d in r.dice] == [None, None, None, 2, 3]
    assert r.success and r.level == 6 and not r.critical
    assert str(r) == "[4, 2, 6\u21926\u21921] 21: success (+6)"
    with scripted(5, 5, 1) as ctx:
        r = d6.roll(ctx, d6.Pool(d6.Code(3), difficulty=15))
    assert not r.success and r.critical and r.level == -4
    with scripted(5, 5, 6) as ctx:
        r = d6.roll(ctx, "3D vs 15", d6.Rules(explode=False))
    assert r.total == 16 and len(r.dice) == 3


def test_modifiers_and_points():
    # §0.6-§0.8, D6-A4, D6-A5, D6-A8.
    with scripted(*([3] * 20)) as ctx:
        assert d6.roll(ctx, "2D+1 -3D +2").dice_rolled == 0
        assert d6.roll(ctx, "4D actions 3").dice_rolled == 2
        assert d6.roll(ctx, "3D cp 2 fp").dice_rolled == 10
    with cops.Context() as ctx:
        p = d6.pool(ctx, "4D +5 cp 2 vs 12")
        assert p == d6.Pool(d6.Code(4), points=5, cp=2, difficulty=12)
        assert str(p) == "4D +5 cp 2 vs 12"
        with pytest.raises(cops.RangeError, match="fp_factor"):
            d6.roll(ctx, "2D", d6.Rules(fp_factor=9))


def test_odds_exact():
    with cops.Context() as ctx:
        assert d6.total(ctx, "1D", 7) == pytest.approx((1 / 6, 1 / 36), abs=1e-15)
        o = d6.odds(ctx, "2D vs 3")
        assert o.success == pytest.approx(35 / 36) and o.critical == pytest.approx(1 / 36)
        assert o.expected == pytest.approx(7.7)
        c = d6.contest(ctx, "1D", "1D")
        assert c.equal == pytest.approx(1 / 7) and c.greater == pytest.approx(c.less)
        assert d6.odds(ctx, "3D").success is None


def test_same_roll_as_the_cli():
    cli = os.environ.get("COPS_CLI")
    if not cli:
        pytest.skip("COPS_CLI not set")
    out = subprocess.run([cli, "d6", "roll", "--seed", "2030", "--json", "4D+1 -1D vs 12"],
                         capture_output=True, text=True, check=True).stdout.strip()
    with cops.Context(seed=2030) as ctx:
        r = d6.roll(ctx, "4D+1 -1D vs 12")
    assert r.json == out
    assert json.loads(out)["kind"] == "d6"
