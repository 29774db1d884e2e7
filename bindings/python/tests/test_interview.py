"""The interview from Python (docs/interrogations.md, COPS.md C4): the evaluation, rolls and
facts, bars and evidence, the interrogator's odds, the save; the worked interview of the
CLI's golden log replayed byte for byte."""

import json
import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402

SUBJECTS = os.path.join(ROOT, "examples", "subjects")
SHEETS = os.path.join(ROOT, "examples", "sheets")
GOLDEN = os.path.join(ROOT, "tests", "golden", "gang-member-interview-2030.jsonl")


def test_c4_worked_interview_is_the_golden_log():
    """The CLI's three calls (save, resume, resume) in one interview: the same events."""
    with cops.Context() as ctx:
        ctx.seed(2030)
        luis = cops.Subject.load(ctx, os.path.join(SUBJECTS, "hardened-gang-member.json"))
        sarah = cops.Character.load(ctx, os.path.join(SHEETS, "sarah.json"))
        iv = cops.Interview(ctx, luis, sarah)
        assert iv.evaluate() == 2 and iv.known == ["Sang-froid", "Charme"]
        r = iv.ask("Intimidation", "Agressif")
        assert r.result == "lost" and r.tiers == 0 and iv.barred("Intimidation")
        with pytest.raises(cops.RuleError):
            iv.ask("Intimidation", "Poli")            # C4.7: barred
        with pytest.raises(cops.StateError):
            iv.evaluate()                              # C4.1: once
        text = iv.save()
        iv2 = cops.Interview.resume(ctx, text)
        assert iv2.resistance_up == 1 and iv2.subject.name == luis.name
        r = iv2.ask("Rhétorique", "Froid")
        assert (r.result, r.margin, r.tiers, r.learnt) == ("won", 3, 3, 2)
        assert len(iv2.learnt) == 2 and iv2.learnt[1].startswith("A man called Sombra")
        iv3 = cops.Interview.resume(ctx, iv2.save())
        iv3.evidence()
        assert not iv3.barred("Intimidation") and iv3.resistance_up == 1
        iv3.ask("Intimidation", "Froid")
        got = iv.jsonl() + iv2.jsonl() + iv3.jsonl()
        with open(GOLDEN, encoding="utf-8") as f:
            assert got == f.read()
        events = iv3.events
        assert events[0].type == cops.EventType.EVIDENCE
        assert [e.type for e in iv2.events][-2:] == [cops.EventType.FACT] * 2
        assert "resistance now +2" in iv3.narrate("en")
        for h in (iv3, iv2, iv):
            h.close()


def test_interrogator_odds_and_errors():
    with cops.Context() as ctx:
        rosa = cops.Subject.load(ctx, os.path.join(SUBJECTS, "frightened-witness.json"))
        mike = cops.Character.load(ctx, os.path.join(SHEETS, "mike.json"))
        iv = cops.Interview(ctx, rosa, mike)
        seen = iv.odds("Intimidation", "Amical")
        true = iv.odds("Intimidation", "Amical", gm=True)
        assert true == cops.approach_odds(rosa, mike, "Intimidation", "Amical")
        assert seen != true     # Rosa's Sang-froid 1 and her +2 to Amical still unknown
        with pytest.raises(ValueError):
            iv.evaluate(["Carrure"])
        with pytest.raises(cops.InvalidArgumentError):
            iv.evaluate(["Charme", "Charme"])
        assert not iv.evaluated
        with pytest.raises(ValueError):
            rosa.close()         # the interview borrows it
        # A system source's key is never written: the resumed interview draws new dice.
        assert "key" not in json.loads(iv.save())["random"]
    assert cops.trait_name("Amical", "en") == "Friendly"
    assert cops.trait_name(0, "es") == "Sangre fría"


def test_save_schema_fields():
    with cops.Context() as ctx:
        ctx.seed(5)
        rosa = cops.Subject.load(ctx, os.path.join(SUBJECTS, "frightened-witness.json"))
        mike = cops.Character.load(ctx, os.path.join(SHEETS, "mike.json"))
        iv = cops.Interview(ctx, rosa, mike)
        iv.evaluate(["Poli", "Sang-froid"])
        save = json.loads(iv.save())
        assert save["type"] == "interview-save" and save["evaluated"] is True
        assert set(save["known"]) <= {"poli", "sang_froid"}
        with pytest.raises(cops.JSONError):
            cops.Interview.resume(ctx, json.dumps(dict(save, barred=["psychologie"])))
