"""A cop's relations from Python (docs/relations.md, COPS.md C9): kinds and levels, at
most two of level 4, knowledge domains, the information in a domain, a push, the sheet."""

import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402


def test_c9_relations_on_a_sheet():
    with cops.Context() as ctx:
        mike = cops.Character.load(ctx, os.path.join(ROOT, "examples", "sheets", "mike.json"))
        tito = mike.relation("tito vargas")
        assert tito == cops.Relation("Tito Vargas", "informant", 2, "money",
                                     {"drogue": 1, "gangs": 0, "politique": -2}, None)
        assert tito.level_name() == "réglo" and tito.level_name("en") == "straight"
        assert mike.information("Tito Vargas", "drogue") == 3
        assert mike.information(0, "politique") == 0          # nothing there
        mike.push(0, "politique")
        assert mike.information(0, "politique") == 1 and mike.relation(0).pushed == "politique"
        with pytest.raises(cops.StateError, match="one push at a time"):
            mike.push(0, "gangs")
        mike.release(0)
        assert mike.relation(0).pushed is None
        i = mike.add_relation("Ana", "allié", 4, upkeep="favours")
        assert mike.relations[i].kind == "ally" and mike.relations[i].upkeep == "favours"
        mike.add_relation("Ben", "informant", 4)
        with pytest.raises(cops.RuleError, match="at most 2"):
            mike.add_relation("Cid", "ally", 4)
        with pytest.raises(ValueError, match="upkeep"):
            mike.add_relation("Dee", "ally", 1, upkeep="cash")
        with pytest.raises(cops.RuleError, match="Dee is an ally, kept by occasional favours, "
                                                 "not by money"):
            mike.add_relation("Dee", "ally", 1, upkeep="money")     # C9: nothing added
        assert mike.relation("Ben").upkeep == "money"               # an informant's default
        mike.set_relation_upkeep("Ben", "information")
        with pytest.raises(cops.RuleError, match="Ben is an informant"):
            mike.set_relation_upkeep("Ben", "favours")
        assert mike.relation("Ben").upkeep == "information"
        mike.set_relation_upkeep("Ben", "none")                     # the default again
        assert mike.relation("Ben").upkeep == "money"
        assert [r.name for r in mike.relations] == ["Tito Vargas", "Lena Park", "Ana", "Ben"]
        mike.set_domain("Ana", "presse", 1)
        with pytest.raises(cops.RangeError):
            mike.set_domain("Ana", "gangs", 2)
        again = cops.Character.from_json(ctx, mike.to_json())
        assert again.relations == mike.relations
        mike.remove_relation("Ana")
        with pytest.raises(KeyError):
            mike.relation("Ana")
