"""Wounds over time from Python (docs/healing.md): the clock, bleeding, treatments with
scripted dice, rest, nights, revival, the odds of a treatment, a fight's aftermath."""

import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402

EX = os.path.join(ROOT, "examples")


def scripted(faces):
    ctx = cops.Context()
    it = iter(faces)
    ctx.use_callback(lambda sides: next(it))
    return ctx


def people(ctx):
    doc = cops.Character.new(ctx, "Doc")
    doc.set_characteristic("Coordination", 3)
    doc.set_characteristic("Sang-froid", 3)
    doc.set_skill("Premiers secours", 5)
    doc.set_skill("Médecine", 7)
    pat = cops.Character.new(ctx, "Pat")
    pat.set_characteristic("Carrure", 3)
    return doc, pat


def test_c8_2_bleeding_by_the_clock_and_clinical_death():
    with cops.Context() as ctx:
        _, pat = people(ctx)
        pat.damage(30)
        assert (pat.hp, pat.bleeding()) == (-1, (1, 6, []))
        log = cops.Log(ctx)
        pat.advance(9, log, id=4)
        assert pat.hp == -3 and pat.time == 9
        ev = log.events
        assert [e.type for e in ev] == ["time", "hit_points", "hit_points"]
        assert ev[-1]["cause"] == "bleeding" and ev[-1]["clock"] == 9 and ev[-1].target_id == 4
        pat.advance(600)
        assert pat.health == "dead" and pat.hp == -29
        with pytest.raises(cops.RuleError):
            pat.heal(1)
        pat.revive()
        assert pat.hp == -28 and pat.health == "dying"
        pat.advance(6)
        pat.declare_dead()
        assert pat.health == "dead_final"
        with pytest.raises(cops.RuleError, match="final"):
            pat.revive()


def test_c8_4_first_aid_and_c8_5_stabilisation_with_scripted_dice():
    ctx = scripted([9, 9, 9, 9, 9, 1, 8, 1, 1])
    doc, pat = people(ctx)
    pat.damage(12)
    t = cops.treat(ctx, doc, pat, "first_aid")
    assert (t.succeeded, t.margin, t.healed, t.cap, pat.hp) == (True, 2, 2, 7, 19)
    assert [d.face for d in t.roll.dice] == [9, 9, 9]
    with pytest.raises(cops.RuleError, match="once per fight"):
        cops.treat(ctx, doc, pat, "first_aid")
    pat.hp = -5
    s = cops.treat(ctx, doc, pat, "stabilise")
    assert (s.healed, s.bleed_period, pat.hp) == (1, 10, -4)
    m = cops.treat(ctx, doc, pat, "medicine")
    assert (m.succeeded, m.healed, m.bleed_period) == (True, 0, 40)
    assert pat.bleeding()[2] == ["stabilise", "medicine"]
    with pytest.raises(ValueError):
        cops.treat(ctx, doc, pat, "surgery")
    with pytest.raises(ValueError):
        cops.treat(ctx, doc, pat, "stabilise", difficulty=4)
    ctx.close()


def test_c8_6_rest_and_c5_nights():
    ctx = scripted([3, 4])
    _, pat = people(ctx)
    pat.hp = 2
    pat.set_rest("hospital")
    assert pat.rest == ("hospital", 0, 0)
    pat.advance(cops.sheet.DAY)
    assert pat.hp == 9
    with pytest.raises(cops.RuleError, match="no hospital discharges"):
        pat.set_rest("none")
    pat.set_rest("hospital", fixed=12)
    pat.advance(2 * cops.sheet.DAY)
    assert pat.hp == 29
    pat.set_rest("natural")
    pat.set_points(1, 1)
    with pytest.raises(cops.RuleError):
        pat.night("adrenaline")
    t = pat.time
    pat.set_current_points("anciennete", 0)
    pat.night("anciennete", seconds=6 * 3600)
    assert pat.points("anciennete") == (1, 1) and pat.time == t + 6 * 3600
    pat.night(None)
    ctx.close()


def test_treatment_odds():
    with cops.Context() as ctx:
        doc, pat = people(ctx)
        pat.damage(10)
        o = cops.treat_odds(ctx, doc, pat, "first_aid")
        assert o.cap == 5 and len(o.healed) == 6
        assert abs(sum(o.healed) - 1) < 1e-12
        assert abs(sum(k * p for k, p in enumerate(o.healed)) - o.mean_healed) < 1e-12
        assert 0 < o.success < 1 and o.awake == 0
        assert cops.treatment_action(ctx, doc, pat, "first_aid", difficulty=2) == "5+/3 (2)"
        assert cops.catalogue.treatment_name("medicine", "en") == "stabilisation (Médecine)"
        assert cops.catalogue.rest_name("hospital", "fr") == "repos complet à l'hôpital"


def test_a_fight_then_its_aftermath():
    with cops.Context() as ctx:
        with cops.Scenario(ctx, os.path.join(EX, "scenarios", "street-shootout.json")) as s:
            s.seed(2030)
            s.run()
            before = len(s.events)
            assert not s.aftermath_done
            s.aftermath()
            assert s.aftermath_done
            after = s.events[before:]
            assert after and all(e.round == 0 for e in after)
            assert any(e.type == "roll" and e["purpose"] == "first_aid" for e in after)
            with pytest.raises(cops.StateError):
                s.aftermath()
