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
    # The golden values of tests/test-st-dice.c, through Python.
    assert [r.faces for r in rolls] == [(1, 7, 2, 9, 4, 3, 6), (10, 9, 7, 10, 6, 6, 6, 3, 9, 1),
                                        (10, 6, 6, 4, 3, 1, 4)]
    if cli:
        out = subprocess.run([cli, "st", "roll", "--seed", "2030", "--json", "6 8-again"],
                             capture_output=True, text=True, check=True).stdout
        assert out.strip() == rolls[0].json
