"""Interrogations from Python (docs/interrogations.md, COPS.md C4): subjects and their
files, the two rolls of an approach and its exact odds."""

import json
import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402
from cops import interrogation, social  # noqa: E402

SUBJECTS = os.path.join(ROOT, "examples", "subjects")


def test_c4_subject_and_approach():
    with cops.Context() as ctx:
        rosa = cops.Subject.load(ctx, os.path.join(SUBJECTS, "frightened-witness.json"))
        assert rosa.characteristic("Sang-froid") == 1 and rosa.resistance("sang froid") == -1
        assert rosa.reaction("Amical") == 2 and rosa.reaction("Aggressive") == -2
        assert rosa.reaction_mode == "dice" and rosa.has_tag("deficiency", "Uniforms")
        assert rosa.facts[0][0] == 0 and "white van" in rosa.facts[0][1]
        again = cops.Subject.from_json(ctx, rosa.to_json())
        assert again.to_json() == rosa.to_json()
        mike = cops.Character.load(ctx, os.path.join(ROOT, "examples", "sheets", "mike.json"))
        # C4.2, C4.4: Intimidation 6+ with Mike's Sang-froid 4, +2 dice for Amical (C4.3);
        # Rosa at 6 - (-1) = 7+ with her Sang-froid 1.
        assert cops.approach_rolls(rosa, mike, "Intimidation", "Amical") == ("6+/4 (0) +2D",
                                                                             "6+/1 (0) +1S")
        odds = cops.approach_odds(rosa, mike, "Intimidation", "Amical")
        assert abs(odds.win + odds.tie + odds.lose - 1) < 1e-12
        assert odds.tiers[0] == pytest.approx(odds.win) and odds.tiers[1] < odds.tiers[0]
        better = cops.approach_odds(rosa, mike, "Intimidation", "Amical", affinity=True)
        assert better.win == pytest.approx(odds.win) and better.tiers[1] == pytest.approx(odds.tiers[0])
        again_after_loss = cops.approach_odds(rosa, mike, "Intimidation", "Amical",
                                              anciennete=True)   # Mike has 2 points
        assert again_after_loss.win > odds.win
        assert again_after_loss.tiers[1] == pytest.approx(odds.tiers[1])
        with pytest.raises(ValueError, match="unknown method"):
            cops.approach_odds(rosa, mike, "Cuisine", "Poli")
        with pytest.raises(cops.InvalidArgumentError, match="C4.2"):
            cops.approach_odds(rosa, mike, "Psychologie", "Poli")
        assert social.attitude_name("Poli", "en") == "Polite"
        assert social.method_characteristic("Rhétorique") == "Éducation"
        # The 0.16 module keeps the same functions.
        assert interrogation.attitude_name is social.attitude_name
        assert interrogation.Subject is social.Subject
        rosa.reaction_mode = "resistance"
        # The knob (C4.3): the reaction lowers her resistance instead: 6 - (-1 - 2) = 9+.
        assert cops.approach_rolls(rosa, mike, "Intimidation", "Amical") == ("6+/4 (0)",
                                                                             "6+/1 (0) +3S")
        with pytest.raises(cops.JSONError, match="mood: unknown field"):
            doc = json.loads(rosa.to_json())
            doc["mood"] = 1
            cops.Subject.from_json(ctx, json.dumps(doc))
