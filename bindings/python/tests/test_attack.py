"""One-off attacks, their outcomes and follow-ups; points, characteristics, skills and
positions from Python (docs/python.md), with scripted dice where a rule is checked."""

import json
import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402

EX = os.path.join(ROOT, "examples")


def load(ctx, kind, name):
    folder = {"Character": "sheets", "Weapon": "weapons", "Armour": "armour"}[kind.__name__]
    return kind.load(ctx, os.path.join(EX, folder, name + ".json"))


def scripted(faces):
    it = iter(faces)
    return cops.Context(callback=lambda sides: next(it))


def test_a_scripted_shot_as_the_command_tells_it():
    # The dice of tests/cli.sh's scripted shot: the same outcome and narration.
    ctx = scripted([9, 9, 2, 6, 3, 4, 2, 6, 1, 3, 2, 5, 4])
    mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
    gun, vest = load(ctx, cops.Weapon, "vulcan-051"), load(ctx, cops.Armour, "gilet-pare-balles")
    log = cops.Log(ctx)
    o = cops.attack(ctx, mike, joe, weapon=gun, armour=vest, distance=12, log=log)
    assert o.mode == "single" and o.possible and o.hit_target and o.margin == 0 and o.fired == 1
    assert o.hits == (cops.Hit("target", 1, 6, "torso", 2, 16, 6, 9, 19, False),)
    (v,) = o.victims
    assert (v.name, v.role, v.damage, v.hp_before, v.hp_after, v.health_after, v.lasting) == \
        ("Joe « Scar » Ramirez", "target", 19, 12, -7, "dying", True)
    assert o.rolls["attack"].faces == (9, 9, 2) and "stopping" not in o.rolls
    assert joe.hp == -7 and gun["loaded"] == 11
    text = log.narrate("en")
    assert text.startswith("Mike Delgado (Normal, init +0) shoots at Joe « Scar » Ramirez "
                           "with Vulcan 051 at 12 m\n")
    assert "Joe « Scar » Ramirez: 16 - protection 6 + location 9 = 19 damage\n" in text
    assert len(log) == len(log.events) == len(text.splitlines())
    assert [e.type for e in log.events][:2] == [cops.EventType.ATTACK, cops.EventType.ROLL]


def test_an_attack_refused_changes_nothing():
    with cops.Context(seed=1) as ctx:
        mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
        gun = load(ctx, cops.Weapon, "vulcan-051")
        log = cops.Log(ctx)
        hp = joe.hp
        with pytest.raises(cops.RuleError, match="no burst value"):
            cops.attack(ctx, mike, joe, weapon=gun, mode="burst", distance=5, log=log)
        with pytest.raises(cops.InvalidArgumentError, match="initiative -2"):
            cops.attack(ctx, mike, joe, weapon=gun, initiative=-2, log=log)
        with pytest.raises(ValueError):
            cops.attack(ctx, mike, joe, weapon=gun, mode="snipe")
        with pytest.raises(TypeError):
            cops.attack(ctx, mike, "joe", weapon=gun)
        assert len(log) == 0 and joe.hp == hp and gun["loaded"] == 12


def test_covering_fire_then_crossing_and_nerve():
    with cops.Context(seed=11) as ctx:
        mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
        smg = load(ctx, cops.Weapon, "scorpion-131")
        log = cops.Log(ctx)
        cover = cops.attack(ctx, mike, None, weapon=smg, mode="cover", zone=(10, 0, 3), log=log)
        assert cover.mode == "cover" and cover.fired >= 4
        roll, steady = cops.cover_nerve(ctx, joe, log=log)
        assert isinstance(roll, cops.Roll) and roll.action.startswith("6+/")
        assert steady == roll.succeeded
        crossing = cops.cover_enter(ctx, cover, joe, attitude="Agressif", log=log)
        assert crossing.mode == "cover"
        types = [e.type for e in log.events]
        assert types[0] is cops.EventType.ATTACK and cops.EventType.COVER in types
        zone = next(e for e in log.events if e.type is cops.EventType.COVER)["zone"]
        assert zone == {"x": 10, "y": 0, "radius": 3}
        with pytest.raises(TypeError):
            cops.cover_enter(ctx, "cover", joe)


def test_recovery_and_standing_up():
    with cops.Context(seed=3) as ctx:
        joe = load(ctx, cops.Character, "joe")
        with pytest.raises(cops.StateError):
            cops.recovery_roll(ctx, joe)          # not out of the fight
        with pytest.raises(cops.StateError):
            cops.stand_up(ctx, joe)               # not on the ground
        joe.set_conditions(cops.CONDITIONS["on_ground"])
        roll, stood = cops.stand_up(ctx, joe)
        assert stood == roll.succeeded
        assert bool(joe.conditions & cops.CONDITIONS["on_ground"]) != stood


def test_points_characteristics_skills_and_health():
    faces = iter([1, 1, 1, 1, 7, 8, 9, 1])
    with cops.Context(callback=lambda sides: next(faces)) as ctx:
        mike = load(ctx, cops.Character, "mike")
        assert mike.points("adrenaline") == (2, 2) and mike.points("anciennete") == (2, 2)
        first, again = mike.roll_with_anciennete("Conduite [voiture]/Réflexes (2)")
        assert not first.succeeded and again is not None and again.anciennete
        assert again.succeeded and again.margin == 0          # MR 0 after Ancienneté (C5)
        assert mike.points("anciennete") == (1, 2)
        mike.set_current_points("adrenaline", 0)
        with pytest.raises(cops.RuleError):
            mike.roll("Arme de poing/Coordination (2)", adrenaline=True)
        mike.recover_point("adrenaline")
        assert mike.points("adrenaline") == (1, 2)
        mike.spend_permanently("anciennete")              # the maximum goes down
        assert mike.points("anciennete") == (1, 1)
        with pytest.raises(cops.RuleError):
            mike.set_points(3, 3)                             # at most 5 together (C5)
        with pytest.raises(ValueError):
            mike.points("luck")
    with cops.Context(seed=1) as ctx:
        ch = cops.Character.new(ctx, "Ana")
        ch.set_characteristic("sang froid", 4)
        assert ch.characteristic("Sang-froid") == 4 and ch.characteristic("Charme") == 1
        assert ch.skill("Conduite") is None
        ch.set_skill("Conduite", 4, ["voiture", "moto"])
        assert ch.skill("conduite") == 4 and ch.specialisations("Conduite") == ["voiture", "moto"]
        with pytest.raises(cops.RuleError):
            ch.set_skill("Pilotage", 4)                       # 4+ needs a specialisation (C3)
        ch.remove_skill("Conduite")
        assert ch.skill("Conduite") is None
        ch.max_hp = 30
        ch.hp = 30
        ch.damage(20)
        assert ch.hp == 10 and ch.health == "below_half"
        ch.heal(5)
        assert ch.hp == 15
        with pytest.raises(ValueError, match="unknown characteristic 'Chance'"):
            ch.characteristic("Chance")


def test_positions_between_rounds():
    with cops.Context(seed=4) as ctx:
        mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
        with cops.Encounter(ctx) as e:
            m = e.add(mike, 0, 0, 0)
            j = e.add(joe, 1, 12, 5)
            assert e.count == 2 and e.position(j) == (12, 5) and e.side(j) == 1
            assert e.distance(m, j) == 13
            e.set_position(j, 3, 4)
            assert e.position(j) == (3, 4) and e.distance(m, j) == 5
            e.remove(j)
            assert not e.present(j) and e.present(m) and e.count == 2
            with pytest.raises(cops.RangeError):
                e.position(7)


def test_adrenaline_in_an_attack_and_a_declaration():
    ctx = scripted([1, 1, 1, 1] + [1] * 20)
    mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
    gun = load(ctx, cops.Weapon, "vulcan-051")
    log = cops.Log(ctx)
    o = cops.attack(ctx, mike, joe, weapon=gun, distance=5, adrenaline=True, log=log)
    assert o.rolls["attack"].pool == 4 and mike.points("adrenaline") == (1, 2)
    assert log.events[0]["adrenaline"] is True
    assert "spending an Adrénaline point (+1 die)" in log.narrate("en")
    mike.set_current_points("adrenaline", 0)
    with pytest.raises(cops.RuleError, match="no Adrénaline point left"):
        cops.attack(ctx, mike, joe, weapon=gun, distance=5, adrenaline=True)
    with pytest.raises(TypeError):
        cops.attack(ctx, mike, joe, weapon=gun, adrenaline=1)
    mike.set_current_points("adrenaline", 1)
    with cops.Encounter(ctx) as e:
        m = e.add(mike, 0, 0, 0, controlled=True)
        j = e.add(joe, 1, 1, 0)
        e.begin_round()
        with pytest.raises(cops.InvalidArgumentError, match="goes with an attack"):
            e.declare(m, "wait", adrenaline=True)
        e.declare(m, "strike", target=j, adrenaline=True)
        assert e.declaration(m)["adrenaline"] is True
        e.resolve_round()
        assert mike.points("adrenaline")[0] == 0


def test_anciennete_in_an_attack():
    # Three dice 1 1 1 fail; again 1 1 1: two attack rolls, the second an Ancienneté one.
    ctx = scripted([1, 1, 1, 1, 1, 1])
    mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
    gun = load(ctx, cops.Weapon, "vulcan-051")
    log = cops.Log(ctx)
    o = cops.attack(ctx, mike, joe, weapon=gun, distance=5, anciennete=True, log=log)
    assert not o.hit_target and o.rolls["attack"].anciennete
    assert mike.points("anciennete") == (1, 2)
    rolls = [e for e in log.events if e["type"] == "roll" and e["purpose"] == "attack"]
    assert len(rolls) == 2 and rolls[0].get("anciennete") is None and rolls[1]["anciennete"] is True
    assert "again for an Ancienneté point" in log.narrate("en")
    with pytest.raises(TypeError):
        cops.attack(ctx, mike, joe, weapon=gun, anciennete=1)


def test_anciennete_in_a_fight_asks_the_callback():
    asked = []

    def decide(ident, purpose, failed, points):
        assert not failed.succeeded and points >= 1
        asked.append((ident, purpose))
        return True

    for seed in range(1, 40):
        with cops.Context(seed=seed) as ctx:
            mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
            mike.set_points(0, 5)
            joe.set_points(0, 5)
            with cops.Encounter(ctx) as e:
                m = e.add(mike, 0, 0, 0, weapons=[load(ctx, cops.Weapon, "vulcan-051")],
                          controlled=True)
                j = e.add(joe, 1, 40, 0, weapons=[load(ctx, cops.Weapon, "vulcan-051")])
                e.set_anciennete_callback(decide)
                while not e.over and e.round < 30:
                    e.begin_round()
                    if e.can_act(m):
                        d = e.suggest(m)
                        assert d["anciennete"] is False
                        e.declare(m, d["action"], target=d["target"], attitude=d["attitude"],
                                  initiative=d["initiative"], to=d["to"], shots=d["shots"],
                                  weapon=d["weapon"])
                    e.resolve_round()
                again = [x for x in e.events if x.get("anciennete")]
                assert all(x["actor_id"] == m for x in again)
                assert len(again) == 5 - mike.points("anciennete")[0]
                assert joe.points("anciennete")[0] == 5
        if asked:
            break
    assert asked and all(ident == m for ident, _ in asked)


def test_an_anciennete_callback_that_raises_fails_the_round():
    def broken(ident, purpose, failed, points):
        raise KeyError("no answer")

    for seed in range(1, 40):
        with cops.Context(seed=seed) as ctx:
            mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
            mike.set_points(0, 5)
            with cops.Encounter(ctx) as e:
                m = e.add(mike, 0, 0, 0, weapons=[load(ctx, cops.Weapon, "vulcan-051")],
                          controlled=True)
                e.add(joe, 1, 40, 0, weapons=[load(ctx, cops.Weapon, "vulcan-051")])
                e.set_anciennete_callback(broken)
                while not e.over and e.round < 30:
                    e.begin_round()
                    if e.can_act(m):
                        e.declare(m, "wait")
                    before = len(e.events)
                    try:
                        e.resolve_round()
                    except KeyError:
                        assert len(e.events) == before and mike.points("anciennete")[0] == 5
                        e.set_anciennete_callback(None)
                        e.resolve_round()            # the same call, now without asking
                        return
    pytest.fail("no failed roll in 39 fights")


def test_save_and_resume_gives_the_same_fight():
    path = os.path.join(EX, "scenarios", "street-shootout.json")
    with cops.Context() as ctx:
        with cops.Scenario(ctx, path) as s:
            s.seed(2030)
            s.run()
            full = s.jsonl().splitlines()
    for at in range(0, 4):
        with cops.Context() as ctx:
            with cops.Scenario(ctx, path) as s:
                s.seed(2030)
                for _ in range(at):
                    s.run_round()
                before = len(s.events)
                saved = s.save()
        assert json.loads(saved)["type"] == "libcops-encounter"
        with cops.Context() as ctx2:
            e = cops.Encounter.load(ctx2, saved)
            assert e.save() == saved                       # nothing lost on the way
            names = [e.character(i).name for i in range(e.count)]
            assert "Mike Delgado" in names and e.weapons(0)
            e.run()
            assert e.jsonl().splitlines() == full[before:]
            mike = e.character(0)
            with pytest.raises(ValueError):
                mike.close()                               # the encounter owns it
            e.close()
            with pytest.raises(ValueError):
                mike.name                                  # gone with the encounter
    with cops.Context() as ctx:
        with pytest.raises(cops.JSONError, match="ruleset"):
            cops.Encounter.load(ctx, '{"schema": 1, "type": "libcops-encounter"}')


def test_the_odds_before_the_roll():
    with cops.Context(seed=5) as ctx:
        mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
        gun = load(ctx, cops.Weapon, "vulcan-051")
        o = cops.attack_odds(ctx, mike, joe, weapon=gun, distance=12)
        assert abs(o.p_hit - 0.6768) < 1e-12                   # as cops attack --odds says
        assert abs(sum(o.damage) - 1) < 1e-9 and abs(sum(o.stopping.values()) - 1) < 1e-9
        assert o.bullets_in[0] == pytest.approx(1 - o.p_hit) and 0 < o.p_down < o.p_hit
        assert set(o.zones) == {"legs", "abdomen", "torso", "arms", "head"}
        again = cops.attack_odds(ctx, mike, joe, weapon=gun, distance=12, anciennete=True)
        assert again.p_hit == pytest.approx(1 - (1 - o.p_hit) ** 2)
        assert gun["loaded"] == 12 and joe.hp == 12           # nothing fired, nobody hurt
        with pytest.raises(cops.RuleError, match="no burst value"):
            cops.attack_odds(ctx, mike, joe, weapon=gun, mode="burst")
        with cops.Encounter(ctx) as e:
            m = e.add(mike, 0, 0, 0, weapons=[gun], controlled=True)
            j = e.add(joe, 1, 16, 0)
            e.begin_round()
            planned = e.odds(m, "shoot", target=j, to=(4, 0))   # 12 m once moved
            moved = cops.attack_odds(ctx, mike, joe, weapon=gun, distance=12, movement=4)
            assert planned.p_hit == pytest.approx(moved.p_hit, abs=1e-15)
            with pytest.raises(cops.InvalidArgumentError, match="no attack"):
                e.odds(m, "wait")


def test_the_target_spends_its_own_adrenaline_in_melee():
    ctx = scripted([1] * 20)
    mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
    joe.set_points(1, 0)
    o = cops.attack(ctx, mike, joe, mode="strike", distance=1, target_adrenaline=True,
                    target_threshold_mod=-1)
    plain = cops.attack(ctx, mike, joe, mode="strike", distance=1)
    assert o.rolls["defence"].pool == plain.rolls["defence"].pool + 1
    assert o.rolls["defence"].threshold == plain.rolls["defence"].threshold - 1
    assert joe.points("adrenaline")[0] == 0
    with pytest.raises(cops.RuleError, match="no Adrénaline point left"):
        cops.attack(ctx, mike, joe, mode="strike", distance=1, target_adrenaline=True)


def test_the_true_distance_gives_the_point_blank_die():
    ctx = scripted([1] * 10)
    mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
    gun = load(ctx, cops.Weapon, "vulcan-051")
    diagonal = cops.attack(ctx, mike, joe, weapon=gun, distance=2, distance_cm=141)
    whole = cops.attack(ctx, mike, joe, weapon=gun, distance=2)
    assert diagonal.rolls["attack"].pool == whole.rolls["attack"].pool + 1   # C6.5
    with pytest.raises(cops.InvalidArgumentError, match="not within distance"):
        cops.attack(ctx, mike, joe, weapon=gun, distance=2, distance_cm=250)


def test_the_alternative_rules_give_the_golden_burst():
    # A2.2, A5: the burst of tests/cli.sh under the alternative rules, byte for byte.
    with cops.Context(seed=14) as ctx:
        mike, sarah = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "sarah")
        gun = load(ctx, cops.Weapon, "scorpion-131")
        vest = load(ctx, cops.Armour, "gilet-pare-balles")
        log = cops.Log(ctx)
        o = cops.attack(ctx, mike, sarah, mode="burst", weapon=gun, armour=vest, distance=8,
                        attitude="Agressif", rules="alternative", aim=10, log=log)
        with open(os.path.join(ROOT, "tests", "golden", "alternative-burst-14.jsonl")) as f:
            assert log.jsonl() == f.read()
        assert [h.rolled for h in o.hits] == [5, 3, 3] and o.hits[0].die == 7
        (v,) = o.victims
        assert (v.stopping, v.stopping_difficulty, v.stopping_threshold, v.mishaps) == \
            ("mishap", 1, 8, ("knocked_down",))
        assert sarah.conditions == cops.CONDITIONS["stopped"] | cops.CONDITIONS["on_ground"]
        assert log.events[0]["rules"] == "alternative"
        # The odds of the same plan before the roll (A5's results).
        sarah.hp = 26
        sarah.set_conditions(cops.CONDITIONS["stopped"] | cops.CONDITIONS["on_ground"], on=False)
        odds = cops.attack_odds(ctx, mike, sarah, mode="burst", weapon=gun, armour=vest,
                                distance=8, attitude="Agressif", rules="alternative", aim=10)
        assert set(odds.stopping) == {"none", "unaffected", "stopped", "mishap"}
        assert abs(sum(odds.stopping.values()) - 1) < 1e-9 and 0.9 < odds.p_hit < 1


def test_the_alternative_rules_hold_a_swap_and_refusals():
    # A3.4 with scripted dice: Mike holds Joe (every die a 9, against Joe's Réflexes); held,
    # Joe may only try to escape.
    ctx = scripted([9] * 8)
    mike, joe = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "joe")
    mike.set_skill("Corps à corps", 6, ["immobilisations"])
    o = cops.attack(ctx, mike, joe, mode="hold", distance=1, rules="alternative", dice_mod=1)
    assert o.rolls["attack"].threshold == 6 and o.rolls["attack"].pool == \
        mike.characteristic("Coordination") + 1   # A3: Coordination, not the core's Réflexes
    assert o.hit_target and joe.conditions == cops.CONDITIONS["held"]
    with pytest.raises(cops.RuleError):
        cops.attack(ctx, joe, mike, mode="strike", distance=1, rules="alternative")
    with pytest.raises(ValueError):
        cops.attack(ctx, mike, joe, mode="strike", rules="house")
    with pytest.raises(cops.InvalidArgumentError):
        cops.attack(ctx, mike, joe, mode="throw", distance=1, rules="alternative", aim=10)
    assert cops.catalogue.ruleset_names() == ["core", "alternative"]
    assert [cops.catalogue.body_side(d) for d in (1, 2, 5, 8, 9)] == \
        ["right", "left", None, "right", "left"]
    assert cops.catalogue.body_side_name("left", "fr") == "gauche"
    assert cops.catalogue.mishap_names()[1] == "unconscious"
    assert cops.catalogue.stopping_name(5, "en") == "stopped, with a mishap"


def test_a2_3_a_failed_covering_fire_makes_no_zone():
    """The issue's command from Python: 5 dice of 1 to 4 fail; no zone, so no nerve roll under
    it, nothing drawn; the core rules keep the nerve roll of every fire (C10.5)."""
    with scripted([1, 2, 3, 4, 1, 2]) as ctx:
        mike, sarah = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "sarah")
        smg = load(ctx, cops.Weapon, "scorpion-131")
        log = cops.Log(ctx)
        cover = cops.attack(ctx, mike, None, weapon=smg, mode="cover", bullets=12, distance=8,
                            rules="alternative", log=log)
        assert not cover.hit_target and cover.fired == 12 and smg["loaded"] == 18
        assert cops.cover_zone(cover) is False
        before = len(log)
        with pytest.raises(cops.RuleError, match=r"covering fire that failed makes no zone \(A2.3\)"):
            cops.cover_nerve(ctx, sarah, log=log, cover=cover)
        assert len(log) == before and sarah.conditions == 0
        zone = next(e for e in log.events if e.type is cops.EventType.COVER)["zone"]
        assert zone is None
    # Under the core rules, the same failure still puts Sarah under fire.
    with scripted([1] * 6 + [9, 1, 1] + [1] * 20) as ctx:   # the fire; Sarah 3 at 6+
        mike, sarah = load(ctx, cops.Character, "mike"), load(ctx, cops.Character, "sarah")
        smg = load(ctx, cops.Weapon, "scorpion-131")
        cover = cops.attack(ctx, mike, None, weapon=smg, mode="cover", distance=8)
        assert cops.cover_zone(cover) is True
        roll, steady = cops.cover_nerve(ctx, sarah, cover=cover)
        assert [d.face for d in roll.dice] == [9, 1, 1] and steady is False
        with pytest.raises(TypeError):
            cops.cover_zone("cover")
        shot = cops.attack(ctx, mike, sarah, distance=1, mode="strike")
        with pytest.raises(ValueError, match="not of mode 'strike'"):
            cops.cover_zone(shot)


def test_c8_2_one_who_cannot_act_cannot_roll():
    with scripted([9, 9, 9, 9, 4]) as ctx:
        mike = load(ctx, cops.Character, "mike")
        mike.hp = 0
        with pytest.raises(cops.RuleError, match=r"the character Mike Delgado is unconscious and "
                                                 r"cannot act \(C8.2\)"):
            mike.roll("Arme de poing/Coordination (2)", adrenaline=True)
        assert mike.points("adrenaline") == (2, 2)
        r = mike.roll("Arme de poing/Coordination (2)", not_an_action=True)
        assert [d.face for d in r.dice] == [9, 9] and r.successes == 2   # 3 dice - 1 (C8.2)
        with pytest.raises(cops.RuleError, match="unconscious"):
            mike.roll_with_anciennete("Arme de poing/Coordination (2)")
        with pytest.raises(TypeError):
            mike.roll("6+/Carrure", not_an_action=1)
