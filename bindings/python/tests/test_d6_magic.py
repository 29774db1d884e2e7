"""The D6 System module's magic from Python (docs/d6.md, "Magic"): the spell builder's tables
and the samples' measure scale, the sample spells as printed, casting with scripted dice
(unskilled, resisted, a critical failure's backlash), a pip's cost."""

import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402
from cops import d6  # noqa: E402

pytestmark = pytest.mark.skipif(not d6.available(), reason="libcops built without d6")
ATTRS = {"vigueur": "2D", "agility": "2D", "coordination": "2D", "perception": "2D",
         "knowledge": "2D", "charisma": "2D", "magic": "2D"}


def scripted(*faces):
    it = iter(faces)
    return cops.Context(callback=lambda sides: next(it))


def test_builder_tables_and_switch():
    # §7.11, D6-A42: 3D damage doubled 18, medium +10, busy +6, 4 rounds' preparation -4.
    design = d6.SpellDesign(effect_kind="doubled", effect=d6.Code(3), range="medium",
                            concentration="busy_public", preparation_rounds=4)
    cost = d6.spell_difficulty(design)
    assert cost.parts["effect"] == 18 and cost.parts["preparation"] == -4
    assert (cost.sum, cost.difficulty) == (30, 30)
    assert d6.spell_difficulty(design, d6.Rules(spell_difficulty_halved=True)).difficulty == 15
    assert d6.spell_difficulty(d6.SpellDesign(duration_rounds=721)).parts["duration"] == 719
    assert d6.spell_difficulty(d6.SpellDesign(effect_kind="skill",
                                              effect=d6.Code(4, 2))).parts["effect"] == 14
    with pytest.raises(cops.RangeError, match="crowd"):
        d6.spell_difficulty(d6.SpellDesign(concentration="very_busy", crowd=19))
    with pytest.raises(KeyError):
        d6.SpellDesign(range="galactic")._c()


def test_samples_on_the_measure_scale():
    # §7.12, D6-A44: Might's printed values sum to 6 and halve to its printed 3.
    might = d6.spell("might")
    assert (might.difficulty, might.skill, might.duration) == (3, "alteration", "5 rounds")
    design = d6.SpellDesign(effect_value=might.effect_value, measure=True, range_tenths=10,
                            duration_tenths=250, casting_tenths=50,
                            other=might.conditions_value)
    cost = d6.spell_difficulty(design, d6.Rules(spell_difficulty_halved=True))
    assert (cost.sum, cost.difficulty) == (6, 3)
    assert [s.name for s in d6.spells()] == ["Heal", "Might", "Food", "Opening", "Counterspell",
                                             "Deadly bullet"]
    assert d6.spell("Deadly bullet").damage == d6.Code(4)
    assert d6.measure_value(144000) == 21
    with pytest.raises(KeyError):
        d6.spell("Fireball")


def test_cast_unskilled_resisted_and_backlash():
    with scripted(5, 5, 3, 3, 3, 5, 4, 3, 1, 5, 5, 1, 2) as ctx:
        mage = d6.Character.from_json(ctx, {"system": "d6", "name": "Mage", "attributes": ATTRS,
                                            "skills": {"teleportation": "3D"}})
        target = d6.Character.from_json(ctx, {"system": "d6", "name": "T",
                                              "attributes": dict(ATTRS, magic="0D")})
        # D6-A48: Conjuration absent, Magic 2D (10) against 15 + 5.
        o = d6.cast(ctx, mage, skill="conjuration", difficulty=15)
        assert (o.difficulty, o.total, o.success) == (20, 10, False)
        # D6-A51: 9 against the target's Charisma 9: a tie, resisted.
        o = d6.cast(ctx, mage, skill="teleportation", difficulty=8, target=target)
        assert (o.success, o.resisted) == (False, 9)
        # D6-A49: the free die's 1 on a failure; 2D backlash 10 against Vigueur 3: wounded.
        log = cops.Log(ctx)
        o = d6.cast(ctx, mage, skill="magic", difficulty=15, damage=d6.Code(2), log=log)
        assert o.critical and o.backlash_total == 10 and o.wound_level == "wounded"
        assert mage.wounds().confused == 2
        kinds = [e.type for e in log.events]
        assert cops.EventType.D6_SPELL in kinds and cops.EventType.D6_STATE in kinds
        with pytest.raises(cops.RuleError, match="confused"):
            d6.cast(ctx, mage, skill="magic", difficulty=5)
    with cops.Context() as ctx:
        plain = d6.Character.new(ctx, "Plain")
        with pytest.raises(cops.RuleError, match="below 1D"):
            d6.cast(ctx, plain, skill="alteration")
    assert d6.advance_cost(d6.Code(3, 1)) + d6.advance_cost(d6.Code(3, 2)) == 6
    assert d6.advance_cost(d6.Code(3, 1), magic=True, teacher=False) == 12


def test_psionic_powers():
    # §7.13.2, D6-A53: a level of exactly 10 acts, not physically.
    with scripted(5, 5, 5, 5, 4, 4, 4, 3, 5, 5, 5, 3) as ctx:
        iris = d6.Character.from_json(ctx, {"system": "d6", "name": "Iris",
                                            "attributes": dict(ATTRS, magic="0D",
                                                               psionics="2D"),
                                            "skills": {"astral_projection": "4D",
                                                       "psi_protection": "4D"}})
        o = d6.psionic(ctx, iris, "astral")
        assert (o.difficulty, o.level, o.band) == (10, 10, "non_physical")
        # §7.13.7: 15 against 10 + 1 (3 rounds, D6-A45): 4 points for 3 rounds.
        o = d6.psionic(ctx, iris, "protection", duration_rounds=3)
        assert (o.difficulty, o.protection) == (11, 4)
        assert iris.wounds().protection == 4 and iris.wounds().protection_rounds == 3
    with cops.Context(seed=8) as ctx:
        iris = d6.Character.load(ctx, os.path.join(ROOT, "examples", "d6", "sheets", "iris.json"))
        # D6-A54: 12 years +6, murdered -2, known -4; no Medium skill: +5 (D6-A48)
        o = d6.psionic(ctx, iris, "medium", medium=["murdered", "knew"], years_dead=12)
        assert o.difficulty == 20 + 6 - 6 + 5
        o = d6.psionic(ctx, iris, "psychometry", psychometry="motivations")
        assert o.difficulty == 24
        with pytest.raises(cops.EINVAL, match="target is required"):
            d6.psionic(ctx, iris, "empathy")
        with pytest.raises(cops.RuleError, match="nothing to heal"):
            d6.psionic(ctx, iris, "healing")
        assert d6.power_name(3) == "healing" and d6.POWERS[0] == "astral"


def test_aimed_beaten_scroll():
    # D6-A50: cast 10 (the setting's +5) >= 8, aimed with Marksmanship 10 against 10, 14
    # damage against 3: severely wounded.
    with scripted(2, 2, 1, 4, 3, 3, 5, 5, 4, 1, 2) as ctx:
        mage = d6.Character.from_json(ctx, {"system": "d6", "name": "Mage", "attributes": ATTRS,
                                            "skills": {"alteration": "3D",
                                                       "marksmanship": "3D"}})
        foe = d6.Character.from_json(ctx, {"system": "d6", "name": "Foe", "attributes": ATTRS})
        o = d6.cast(ctx, mage, difficulty=8, damage=d6.Code(3), aim="marksmanship",
                    aim_target=foe, distance=10, reach_m=60, rules=d6.Rules(magic_modifier=5))
        assert (o.total, o.aimed, o.hit, o.damage_total) == (10, True, True, 14)
        assert o.target_level == "severely_wounded"
    with scripted(2, 2, 1, 3, 4, 3, 3) as ctx:   # behind a die of cover (3): 13 to beat
        mage = d6.Character.from_json(ctx, {"system": "d6", "name": "Mage", "attributes": ATTRS,
                                            "skills": {"alteration": "3D",
                                                       "marksmanship": "3D"}})
        foe = d6.Character.from_json(ctx, {"system": "d6", "name": "Foe", "attributes": ATTRS})
        o = d6.cast(ctx, mage, difficulty=5, damage=d6.Code(3), aim="marksmanship",
                    aim_target=foe, distance=10, reach_m=60, aim_cover=1)
        assert (o.defence_value, o.hit) == (13, False)
    with scripted(4, 4, 4) as ctx:   # Opening: 12 is not greater than the lock's 12
        mage = d6.Character.from_json(ctx, {"system": "d6", "name": "Mage", "attributes": ATTRS,
                                            "skills": {"teleportation": "3D"}})
        assert not d6.cast(ctx, mage, skill="teleportation", difficulty=5, beat=12).success
    with cops.Context() as ctx:      # D6-A58: a scroll that works by itself, no die
        plain = d6.Character.new(ctx, "Plain")
        o = d6.cast(ctx, plain, difficulty=5, scroll=True, rules=d6.Rules(scroll_use=2))
        assert o.success and not o.rolled
        with pytest.raises(cops.RuleError, match="below 1D"):
            d6.cast(ctx, plain, difficulty=5, scroll=True)


def test_surprise_adds_a_die():
    # §5.15, D6-L14: a surpriser's first action is +1D: Alteration 3D rolls 4 dice.
    with scripted(2, 2, 2, 2) as ctx:
        mage = d6.Character.from_json(ctx, {"system": "d6", "name": "Mage", "attributes": ATTRS,
                                            "skills": {"alteration": "3D"}})
        assert d6.cast(ctx, mage, difficulty=5, surprise=True).total == 8
