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


def _scripted(faces):
    it = iter(faces)
    return cops.Context(callback=lambda sides: next(it))


def _cop(ctx, name):
    c = cops.Character.new(ctx, name)
    for ch in ("Sang-froid", "Charme", "Éducation", "Perception"):
        c.set_characteristic(ch, 3)
    c.set_skill("Intimidation", 6)
    c.set_skill("Éloquence", 6)
    c.set_skill("Rhétorique", 6)
    return c


def test_c4_7_what_the_subject_went_through_holds_for_every_interrogator(tmp_path):
    """Mike's failed Intimidation bars it for Sarah and raises Rosa's resistance against her;
    the subject written back keeps both; the caller resets them."""
    ctx = _scripted([2, 3, 5, 1, 1,          # Mike: 2 dice at 6+ lose to Rosa's 3 at 5+
                     6, 7, 1, 5, 1])         # Sarah: Éloquence 6 7 1; Rosa 5+ (+1): 5 1
    with ctx:
        rosa = cops.Subject(ctx, "Rosa")
        rosa.set_characteristic("Sang-froid", 3)
        rosa.set_characteristic("Charme", 2)
        rosa.set_resistance("Sang-froid", 1)
        rosa.set_reaction("Agressif", -1)
        mike, sarah = _cop(ctx, "Mike"), _cop(ctx, "Sarah")
        hers, his = cops.Interview(ctx, rosa, sarah), cops.Interview(ctx, rosa, mike)
        r = his.ask("Intimidation", "Agressif")
        assert r.result == "lost"
        assert rosa.barred("Intimidation") and not rosa.barred("Éloquence")
        assert rosa.resistance_up == 1
        with pytest.raises(cops.RuleError, match="Intimidation is barred on Rosa after a failed "
                                                 "interrogation"):
            hers.ask("Intimidation", "Froid")
        assert hers.barred("Intimidation") and hers.resistance_up == 1
        r = hers.ask("Éloquence", "Froid")
        assert (r.result, r.margin) == ("won", 1)
        approach = next(e for e in json.loads("[%s]" % ",".join(hers.jsonl().splitlines()))
                        if e["type"] == "approach")
        assert approach["resistance"] == 1
        path = tmp_path / "rosa.json"
        rosa.save(path)
        saved = json.loads(path.read_text(encoding="utf-8"))
        assert saved["barred"] == ["intimidation"] and saved["resistance_up"] == 1
        again = cops.Subject.load(ctx, path)
        assert again.barred("Intimidation") and again.resistance_up == 1
        again.set_barred("Intimidation", False)
        again.resistance_up = 0
        assert not again.barred("Intimidation") and again.resistance_up == 0
        assert "barred" not in json.loads(again.to_json())
        with pytest.raises(cops.RangeError):
            again.resistance_up = 21
        with pytest.raises(cops.InvalidArgumentError):
            again.set_barred("Psychologie")
        with pytest.raises(TypeError):
            again.set_barred("Intimidation", 1)
        his.close()
        hers.close()


def test_c8_2_an_unconscious_interrogator_cannot_question():
    with _scripted([9, 9, 9, 9, 9, 9]) as ctx:
        rosa = cops.Subject(ctx, "Rosa")
        sarah = _cop(ctx, "Sarah")
        sarah.hp = 0
        iv = cops.Interview(ctx, rosa, sarah)
        with pytest.raises(cops.RuleError, match="the interrogator Sarah is unconscious and "
                                                 "cannot act"):
            iv.ask("Éloquence", "Poli")
        with pytest.raises(cops.RuleError, match="unconscious"):
            iv.evaluate()
        assert iv.asked == 0
        iv.close()
