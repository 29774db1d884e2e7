"""The rest of the C API from Python: the catalogue, every odds query, rolls of pools,
d6 and opposed rolls, the context's settings, weapons and armour built and changed, and
what an encounter tells of its combatants."""

import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402
from cops import catalogue  # noqa: E402

EX = os.path.join(ROOT, "examples")


def test_catalogue():
    assert catalogue.characteristics() == ["Carrure", "Charme", "Coordination", "Éducation",
                                           "Perception", "Réflexes", "Sang-froid"]
    assert catalogue.characteristics("en")[-1] == "Nerve"
    skills = catalogue.skills()
    assert len(skills) == 27 and skills == [catalogue.skill(s.name) for s in skills]
    driving = catalogue.skill("conduite")
    assert driving.english == "Driving" and driving.specialisation_level == 8
    assert "voiture" in driving.specialisations and not driving.free_specialisations
    assert catalogue.skill("Connaissance").free_specialisations
    assert catalogue.locations("en") == ["right leg", "left leg", "abdomen", "torso",
                                         "right arm", "left arm", "head"]
    assert catalogue.location("tête") == 6
    assert [catalogue.zone_of_die(d) for d in (1, 6, 10)] == [("legs", 0), ("torso", 2),
                                                               ("head", 3)]
    with pytest.raises(ValueError):
        catalogue.zone_of_die(11)
    assert catalogue.zone_name(4, "es") == "cabeza"
    assert catalogue.attitude_name(-2) == "Planqué" and catalogue.attitude_name(1, "en") == \
        "Aggressive"
    assert catalogue.condition_name(cops.CONDITIONS["held"], "en") == "held"
    assert catalogue.stopping_name(2, "en") == "out of the fight"
    with pytest.raises(ValueError):
        catalogue.stopping_name(6)
    assert catalogue.purpose_names()[0] == "attack" and len(catalogue.purpose_names()) == 23
    assert catalogue.event_type_names() == [t.value for t in cops.EventType
                                            if cops.st.available() or not t.value.startswith("st.")]
    assert catalogue.action_names()[:3] == ["wait", "shoot", "burst"]
    assert catalogue.weapon_kinds() == ["handgun", "shoulder arm", "heavy weapon", "blade",
                                        "blunt", "unarmed", "thrown"]
    assert catalogue.weapon_kind("arme blanche") == 3
    assert catalogue.weapon_fields() == ["pr", "pu", "fa", "range", "magazine", "loaded", "ct",
                                         "vrc", "vc"]
    assert catalogue.weapon_values_from_name("Vulcan 051") == (0, 5, 1)
    assert catalogue.initiative_range(3) == (0, 2) and catalogue.initiative_range(1) == (2, 2)
    assert catalogue.language("ES") == 2
    with pytest.raises(ValueError):
        catalogue.language("de")


def test_the_names_every_language_has():
    """cops.catalogue holds every name function the Lua module's catalogue has (one set of
    names, tests/names.py), answering as the C library does."""
    assert catalogue.languages() == ["fr", "en", "es"]
    assert catalogue.mode_names()[:2] == ["single", "burst"]
    assert catalogue.health_name("below_half", "en") == catalogue.health_name(1, "en")
    assert catalogue.health_name("dead", "fr") != catalogue.health_name("dying", "fr")
    assert catalogue.chase_band_name("short", "en") == "short"
    assert catalogue.chase_band_name(2, "fr") == catalogue.chase_band_name("long", "fr")
    assert catalogue.interview_attitude_name("Poli", "en") == "Polite"
    assert catalogue.method_characteristic("Intimidation") == "Sang-froid"
    assert catalogue.trait_name("Amical", "en") == cops.trait_name("Amical", "en") == "Friendly"
    assert catalogue.relation_kind_name("informant", "fr") != catalogue.relation_kind_name("ally", "fr")
    assert catalogue.relation_level_name("ally", 4, "en")
    assert catalogue.upkeep_name("money", "en") == "money"
    with pytest.raises(cops.NotFoundError):
        catalogue.chase_band_name("far")
    with pytest.raises(cops.RangeError):
        catalogue.health_name(99)
    with pytest.raises(cops.InvalidArgumentError):
        catalogue.method_characteristic("Arme de poing")
    with pytest.raises(cops.RangeError):
        catalogue.relation_level_name("ally", 9)
    # The 0.16 places still answer.
    assert cops.chase.band_name("short", "en") == "short"
    assert cops.social.attitude_name("Froid", "en") == catalogue.interview_attitude_name("Froid", "en")


def test_renamed_operations_keep_their_old_name():
    """odds_opposed is the name of cops_odds_opposed in every language; opposed_odds, its
    0.16 name, still answers with a DeprecationWarning until 0.18.0."""
    ctx = cops.Context(seed=1)
    new = cops.odds_opposed(ctx, "4+/3", "5+/2")
    with pytest.warns(DeprecationWarning, match="odds_opposed"):
        old = cops.opposed_odds(ctx, "4+/3", "5+/2")
    assert old == new and abs(new.p_a + new.p_none + new.p_b - 1) < 1e-12
    odds = cops.odds(ctx, "4+/3 (2)")
    assert cops.odds_expected(ctx, "4+/3 (2)") == pytest.approx(odds.expected_successes)
    assert cops.odds_points(ctx, "4+/3 (2)") == (odds.p_success, odds.p_adrenaline,
                                                  odds.p_anciennete, odds.p_both)
    assert cops.odds_points(ctx, "4+/64")[1] is None   # no room for the Adrénaline die


def test_every_odds_query():
    with cops.Context() as ctx:
        # 3 dice at 6+ (difficulty 1): P(no success) = (5/10)^3 = 1/8 (docs/odds.md)
        assert cops.odds_pmf(ctx, "6+/3 (1)", 0) == pytest.approx(0.125, abs=1e-12)
        assert cops.odds_at_least(ctx, "6+/3 (1)", 1) == pytest.approx(0.875, abs=1e-12)
        assert cops.odds_margin_at_least(ctx, "6+/3 (1)", 0) == pytest.approx(0.875, abs=1e-12)
        assert cops.odds_quantile(ctx, "6+/3 (1)", 0.1) == 0
        assert cops.odds_quantile(ctx, "6+/3 (1)", 0.2) == 1
        assert cops.odds_dice_for(ctx, "6+/1 (1)", 0.875) == 3
        assert cops.odds_threshold_for(ctx, "6+/3 (1)", 0.875) == 6
        with pytest.raises(cops.NotFoundError):
            cops.odds_dice_for(ctx, "10+/1 (9)", 0.999)
        d = [cops.odds_opposed_difference(ctx, "4+/2", "4+/2", k) for k in range(-12, 13)]
        assert sum(d) == pytest.approx(1.0) and d[12 + 1] == pytest.approx(d[12 - 1])


def test_pools_d6_and_opposed_rolls():
    faces = iter([7, 2, 10, 3, 4, 6, 2, 6, 6, 1, 5, 9, 9])
    with cops.Context(callback=lambda sides: next(faces)) as ctx:
        r = ctx.roll_pool(3, 5, 2)
        assert r.action == "5+/3 (2)" and r.faces == (7, 2, 10, 3) and r.successes == 2
        d6 = ctx.roll_d6(3)
        assert d6.kind == "d6_sum" and d6.faces == (4, 6, 2) and d6.total == 12
        hi = ctx.roll_d6(2, highest=True)
        assert hi.kind == "d6_highest" and hi.total == 6
        a, b, winner, margin = ctx.roll_opposed("4+/2", "4+/2")
        assert a.faces == (1, 5) and b.faces == (9, 9) and winner == "b" and margin == 1
    with cops.Context(seed=1) as ctx:
        assert ctx.source == "seeded" and ctx.reroll_cap == 100
        ctx.reroll_cap = 3
        assert ctx.reroll_cap == 3
        with pytest.raises(cops.RangeError):
            ctx.reroll_cap = 5000
        ctx.use_system()
        assert ctx.source == "system"


def test_weapons_and_armour_built_and_changed():
    with cops.Context(seed=1) as ctx:
        gun = cops.Weapon.new(ctx, "handgun", "Vulcan 051")
        assert (gun["pr"], gun["pu"], gun["fa"]) == (0, 5, 1) and gun.kind == "handgun"
        assert gun.skill == "Arme de poing"
        gun["magazine"] = 12
        gun["loaded"] = 12
        with pytest.raises(cops.RangeError, match="pu: 21 out of range"):
            gun["pu"] = 21
        knife = cops.Weapon.new(ctx, "arme blanche", "Couteau")
        assert knife.specialisation == "couteau"
        knife.set_skill("Arme de contact", "machette")
        assert knife.specialisation == "machette"
        vest = cops.Armour.new(ctx, "Gilet")
        vest.set_protection("torse", 2, 1)
        assert vest.protection("torso") == (2, 1) and vest.protection("head") == (0, 0)
        assert not vest.against_throws
        vest.against_throws = True
        assert vest.to_dict()["against_throws"] is True


def test_what_an_encounter_tells_of_its_combatants():
    with cops.Context(seed=2) as ctx:
        mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
        joe = cops.Character.load(ctx, os.path.join(EX, "sheets", "joe.json"))
        gun = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "vulcan-051.json"))
        assert not mike.max_hp_is_set or mike.max_hp > 0
        with cops.Encounter(ctx) as e:
            m = e.add(mike, 0, 0, 0, weapons=[gun], controlled=True)
            j = e.add(joe, 1, 5, 0)
            assert e.character(m) is mike and e.weapon(m) is gun and e.weapon(j) is None
            e.begin_round()
            e.declare(m, "shoot", target=j, attitude="Agressif", initiative=1, to=(1, 0))
            d = e.declaration(m)
            assert (d["action"], d["attitude"], d["initiative"], d["target"], d["to"]) == \
                ("shoot", 1, 1, j, (1, 0))
            with pytest.raises(cops.RangeError):
                e.character(9)
        with cops.Encounter(ctx) as quiet:   # set_logging, as a Scenario and Lua have it
            quiet.add(mike, 0, 0, 0)
            quiet.add(joe, 1, 2, 0)
            quiet.set_logging(False)
            quiet.run()
            assert quiet.over and quiet.events == []
        joe.set_recovery(3)
        assert joe.recovery() == (3, 0) and joe.conditions & cops.CONDITIONS["out"]


def test_suggest_offers_what_the_policy_would_declare():
    with cops.Context(seed=5) as ctx:
        mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
        joe = cops.Character.load(ctx, os.path.join(EX, "sheets", "joe.json"))
        gun = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "vulcan-051.json"))
        with cops.Encounter(ctx) as e:
            m = e.add(mike, 0, 0, 0, weapons=[gun], controlled=True)
            j = e.add(joe, 1, 8, 0)
            with pytest.raises(cops.StateError):
                e.suggest(m)                          # no round begun
            e.begin_round()
            offer = e.suggest(m)
            assert offer["action"] == "shoot" and offer["target"] == j
            e.declare(m, offer["action"], target=offer["target"], attitude=offer["attitude"],
                      initiative=offer["initiative"])
            e.resolve_round()
            assert e.declaration(m) == offer


def test_what_a_ui_reads():
    with cops.Context(seed=9) as ctx:
        mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
        joe = cops.Character.load(ctx, os.path.join(EX, "sheets", "joe.json"))
        gun = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "vulcan-051.json"))
        knife = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "couteau-021.json"))
        vest = cops.Armour.load(ctx, os.path.join(EX, "armour", "gilet-pare-balles.json"))
        with cops.Encounter(ctx) as e:
            m = e.add(mike, 0, 0, 0, weapons=[gun, knife], armour=vest, controlled=True)
            j = e.add(joe, 1, 1, 0)
            assert e.weapons(m) == [gun, knife] and e.hand(m) == 0 and e.hand(j) is None
            assert e.armour(m) is vest and e.armour(j) is None
            assert e.controlled(m) and not e.controlled(j)
            assert e.initiative_range(m) == (0, 2)
            with pytest.raises(cops.StateError):
                e.allowed(m)
            e.begin_round()
            allowed = e.allowed(m)
            assert allowed["shoot"] is None and allowed["draw"] is None
            assert "no blade or blunt weapon in hand" in allowed["melee"]
            assert "no burst value" in allowed["burst"]
            assert "not held" in e.allowed(j)["escape"]
            assert set(allowed) == set(cops.catalogue.action_names())


def test_gm_modifiers_in_a_declaration():
    with cops.Context(seed=3) as ctx:
        mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
        joe = cops.Character.load(ctx, os.path.join(EX, "sheets", "joe.json"))
        gun = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "vulcan-051.json"))
        with cops.Encounter(ctx) as e:
            m = e.add(mike, 0, 0, 0, weapons=[gun], controlled=True)
            j = e.add(joe, 1, 30, 0)
            e.begin_round()
            with pytest.raises(cops.RuleError, match="beyond 10 m"):
                e.declare(m, "shoot", target=j, to=(15, 0))
            e.declare(m, "shoot", target=j, to=(15, 0), long_move=True, dice_mod=-1,
                      threshold_mod=1, difficulty_mod=0)
            d = e.declaration(m)
            assert (d["dice_mod"], d["threshold_mod"], d["long_move"]) == (-1, 1, True)
            e.resolve_round()
            declare = next(ev for ev in e.events if ev.type is cops.EventType.DECLARE
                           and ev.actor_id == m)
            assert declare["dice_mod"] == -1 and declare["threshold_mod"] == 1
            assert "(GM: -1 dice, threshold +1, difficulty +0)" in e.narrate("en")


def test_a_character_refused_its_name_is_not_left_behind():
    with cops.Context(seed=1) as ctx:
        before = len(ctx._children)
        with pytest.raises(cops.InvalidArgumentError, match="name is empty"):
            cops.Character.new(ctx, "")
        assert len([c for c in ctx._children if c._ptr]) == before
