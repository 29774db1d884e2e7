"""A player's sheet beside the rules from Python (docs/sheets.md, "The dossier"): the
dossier and a tabletop's extra object, read and written, checked, kept by the sheet."""

import json
import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402

SHEETS = os.path.join(ROOT, "examples", "sheets")


def test_the_example_dossier_and_its_round_trip():
    with cops.Context() as ctx:
        mike = cops.Character.load(ctx, os.path.join(SHEETS, "mike-dossier.json"))
        d = mike.dossier
        assert list(d) == ["nickname", "grade", "age", "background", "languages", "history",
                           "experience", "notes"]
        assert d["nickname"] == "Tex" and d["age"] == 34 and d["languages"] == ["anglais", "espagnol"]
        assert mike.extra["foundry"]["flags"]["z"] == [1, 2.5, None]
        text = mike.to_json()
        again = cops.Character.from_json(ctx, text)
        assert again.to_json() == text                     # byte for byte
        with open(os.path.join(SHEETS, "mike-dossier.json"), encoding="utf-8") as f:
            assert f.read() == text                        # the file is what the library writes
        plain = cops.Character.load(ctx, os.path.join(SHEETS, "mike.json"))
        assert plain.dossier == {} and plain.extra == {}
        assert json.loads(plain.to_json())["schema"] == 3


def test_set_checked_all_or_nothing():
    with cops.Context() as ctx:
        ch = cops.Character.new(ctx, "Ana")
        ch.dossier = {"grade": "Sergent", "age": 41}
        ch.extra = '{"token": "ana.png"}'
        assert ch.dossier == {"grade": "Sergent", "age": 41}
        assert json.loads(ch.to_json())["extra"] == {"token": "ana.png"}
        with pytest.raises(cops.JSONError, match="dossier.rank: unknown field"):
            ch.dossier = {"rank": "x"}
        with pytest.raises(cops.RangeError, match="dossier.age: 200 out of range 0..150"):
            ch.dossier = {"age": 200}
        with pytest.raises(cops.InvalidArgumentError, match="dossier.nickname: not clean"):
            ch.dossier = {"nickname": "a\u0007"}
        with pytest.raises(TypeError, match="dossier: a dict, a JSON text or None"):
            ch.dossier = ["x"]
        assert ch.dossier == {"grade": "Sergent", "age": 41}   # nothing half-applied
        ch.dossier = None
        ch.extra = {}
        assert ch.dossier == {} and ch.extra == {}
        assert json.loads(ch.to_json())["schema"] == 3
