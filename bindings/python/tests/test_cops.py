"""Tests of the Python binding (pytest). The C library comes from $LIBCOPS_PATH;
the examples and golden files from the source tree ($COPS_SOURCE_ROOT)."""

import gc
import json
import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402

EX = os.path.join(ROOT, "examples")
GOLDEN = os.path.join(ROOT, "tests", "golden")


@pytest.fixture
def ctx():
    with cops.Context(seed=2030) as c:
        yield c


def test_version_matches():
    assert cops.version() == cops.__version__


def test_seeded_rolls_repeat(ctx):
    first = ctx.roll("5+/3 (2) +1D").to_dict()
    ctx.seed(2030)
    again = ctx.roll("5+/3 (2) +1D").to_dict()
    assert first == again
    assert first["pool"] == 4 and first["threshold"] == 5
    assert len(first["dice"]) >= 4


def test_seed_bytes_and_errors(ctx):
    ctx.seed(bytes(32))
    assert 1 <= ctx.die(10) <= 10
    with pytest.raises(ValueError):
        ctx.seed(b"short")
    with pytest.raises(ValueError):
        ctx.seed(-1)
    with pytest.raises(TypeError):
        ctx.seed("2030")
    with pytest.raises(cops.ERANGE) as e:
        ctx.die(8)
    assert "d8" in e.value.message


def test_callback_source_scripts_the_c1_example():
    faces = iter([3, 4, 6])
    with cops.Context(callback=lambda sides: next(faces)) as c:
        r = c.roll("4+/3 (2)")
        assert r.faces == (3, 4, 6) and r.dice[1] == cops.Die(4, True, None)
        assert r.successes == 2 and r.succeeded and r.margin == 0


def test_callback_errors():
    with cops.Context(callback=lambda sides: 11) as c:
        with pytest.raises(cops.ERNG) as e:
            c.roll("4+/1")
        assert "11" in e.value.message

    def boom(sides):
        raise KeyError("no more dice")

    with cops.Context(callback=boom) as c:
        with pytest.raises(KeyError):
            c.roll("4+/1")
    with pytest.raises(TypeError):
        cops.Context(callback=5)


def test_callback_closing_its_context_is_refused():
    # Closing the context (or anything made from it) from its own dice callback is
    # refused with ESTATE; the roll fails, nothing crashes, and all works afterwards.
    holder = {}

    def closer(sides):
        holder["ctx"].close()
        return 1

    c = cops.Context(callback=closer)
    holder["ctx"] = c
    with pytest.raises(cops.ESTATE) as e:
        c.roll("4+/3")
    assert "callback" in e.value.message

    def roller(sides):
        c.die(10)        # the library refuses a call on its own context
        return 1

    c.use_callback(roller)
    with pytest.raises(cops.ESTATE):
        c.roll("4+/3")
    c.use_callback(lambda sides: 5)
    assert c.roll("4+/3").successes == 3
    c.close()


def test_events_name_combatants_by_id():
    with cops.Scenario(cops.Context(seed=2030),
                       os.path.join(EX, "scenarios", "street-shootout.json")) as s:
        s.run()
        events = s.events
    names = {}
    for ev in events:
        assert ev["schema"] == 2
        for role in ("actor", "target"):
            if ev[role] is not None and not (role == "target" and ev["type"] in ("join", "end")):
                assert names.setdefault(ev[role + "_id"], ev[role]) == ev[role]
    assert sorted(names) == [0, 1, 2, 3, 4]


def test_errors_carry_code_and_message(ctx):
    with pytest.raises(cops.ESYNTAX) as e:
        ctx.roll("4+/3 (2")
    assert e.value.code == -5 and e.value.name == "ESYNTAX"
    assert "column 8" in e.value.message
    assert isinstance(e.value, cops.CopsError)
    with pytest.raises(cops.ERANGE):
        ctx.roll("4+/65")
    with pytest.raises(TypeError):
        ctx.roll(4)
    with pytest.raises(ValueError):
        ctx.roll("4+/3\0")


def test_odds(ctx):
    o = cops.odds(ctx, "4+/3 (2)")
    assert o.p_success == pytest.approx(0.8029, abs=1e-12)
    assert o.expected_successes == pytest.approx(7 / 3)
    p = cops.odds_opposed(ctx, "4+/1", "4+/1")
    assert p.p_a == pytest.approx(p.p_b)
    assert p.p_a + p.p_none + p.p_b == pytest.approx(1.0)


def test_character(ctx, tmp_path):
    mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
    assert mike.name == "Mike Delgado"
    assert mike.hp == 29 and mike.max_hp == 29 and mike.health == "healthy"
    assert 0 < mike.odds("Arme de poing/Coordination (2)") < 1
    r = mike.roll("Arme de poing/Coordination (2)")
    assert r.to_dict()["threshold"] == 5
    with pytest.raises(cops.ENOTFOUND):
        mike.roll("Cuisine/Coordination")
    mike.hp = 10
    assert mike.health == "below_half"
    out = tmp_path / "mike.json"
    mike.save(out)
    again = cops.Character.load(ctx, out)
    assert again.hp == 10
    with open(os.path.join(EX, "sheets", "joe.json"), encoding="utf-8") as f:
        text = f.read()
    joe = cops.Character.from_json(ctx, text)
    assert joe.to_json() == text
    assert cops.Character.from_json(ctx, json.loads(text)).name == joe.name
    with pytest.raises(cops.EJSON) as e:
        cops.Character.from_json(ctx, '{"name": "x"}')
    assert "characteristics" in e.value.message
    with pytest.raises(cops.EIO):
        cops.Character.load(ctx, tmp_path / "none.json")
    new = cops.Character.new(ctx, "Ana")
    assert new.name == "Ana"


def test_weapon_and_armour(ctx):
    w = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "vulcan-051.json"))
    assert w.name == "Vulcan 051"
    assert (w["pr"], w["pu"], w["fa"], w["range"], w["magazine"]) == (0, 5, 1, 20, 12)
    with pytest.raises(KeyError):
        w["colour"]
    a = cops.Armour.load(ctx, os.path.join(EX, "armour", "gilet-pare-balles.json"))
    assert a.to_dict()["protection"]["torso"] == {"dice": 2, "fixed": 1}
    with pytest.raises(cops.ERULE):
        cops.Weapon.from_json(ctx, '{"schema": 1, "name": "Couteau 021", "kind": "blade"}').reload()


def test_encounter_round_by_round(ctx):
    mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
    joe = cops.Character.load(ctx, os.path.join(EX, "sheets", "joe.json"))
    gun = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "vulcan-051.json"))
    knife = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "couteau-021.json"))
    vest = cops.Armour.load(ctx, os.path.join(EX, "armour", "gilet-pare-balles.json"))
    with cops.Encounter(ctx) as e:
        m = e.add(mike, 0, 0, 0, weapons=[gun], armour=vest, controlled=True)
        j = e.add(joe, 1, 12, 0, weapons=[knife])
        assert e.distance(m, j) == 12
        e.seed(7)
        while not e.over:
            e.begin_round()
            if e.can_act(m):
                e.declare(m, "shoot", target=j, attitude="Agressif", initiative=1)
            e.resolve_round()
        events = e.events
        assert events[0]["type"] == "start" and events[0]["seed"] == "7"
        assert events[-1]["type"] == "end"
        assert any(ev["type"] == "declare" and ev["action"] == "shoot" for ev in events)
        assert e.winner in (0, 1, None)
        assert "Tour 1" in e.narrate("fr") and "Round 1" in e.narrate("en")
        with pytest.raises(ValueError):
            e.narrate("de")
        with pytest.raises(ValueError):
            mike.close()            # still in the encounter
    mike.close()                    # fine once the encounter is closed


def test_encounter_refusals(ctx):
    mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
    joe = cops.Character.load(ctx, os.path.join(EX, "sheets", "joe.json"))
    e = cops.Encounter(ctx)
    m = e.add(mike, 0, controlled=True)
    j = e.add(joe, 1, 5, 0)
    with pytest.raises(cops.ESTATE):
        e.declare(m, "wait")
    e.begin_round()
    with pytest.raises(cops.ERANGE) as err:
        e.declare(m, "shoot", target=j, initiative=-2)
    assert "Réflexes" in err.value.message
    with pytest.raises(cops.ERULE):
        e.declare(m, "shoot", target=j)          # no weapon in hand
    with pytest.raises(ValueError):
        e.declare(m, "dance")
    with pytest.raises(cops.ESTATE):
        e.resolve_round()                        # Mike has not declared
    e.declare(m, "wait")
    e.resolve_round()
    with pytest.raises(TypeError):
        e.add("Mike", 0)


def test_scenario_under_the_alternative_rules_equals_c():
    """A scenario played under the alternative rules (A1-A5) gives the C CLI's golden log."""
    for name in ("street-shootout", "bar-brawl"):
        with cops.Context() as c:
            s = cops.Scenario(c, os.path.join(EX, "scenarios", name + ".json"))
            assert s.ruleset == "core"
            s.ruleset = "alternative"
            s.seed(2030)
            s.run()
            assert s.ruleset == "alternative"
            with open(os.path.join(GOLDEN, name + "-alternative-2030.jsonl"),
                      encoding="utf-8") as f:
                assert s.jsonl() == f.read()
            with pytest.raises(cops.StateError):
                s.ruleset = "core"          # chosen before the first round
            with pytest.raises(ValueError):
                s.ruleset = "house"


def test_scenario_replay_equals_c():
    """The same scenario and seed from Python give the C CLI's JSON Lines, byte for byte."""
    with cops.Context() as c:
        s = cops.Scenario(c, os.path.join(EX, "scenarios", "street-shootout.json"))
        assert s.name == "Fusillade sur Alvarado Street"
        assert s.sides == ["COPS", "gang"]
        s.seed(2030)
        s.run()
        with open(os.path.join(GOLDEN, "street-shootout-2030.jsonl"), encoding="utf-8") as f:
            assert s.jsonl() == f.read()
        for lang in ("fr", "en", "es"):
            path = os.path.join(GOLDEN, "street-shootout-2030.%s.txt" % lang)
            with open(path, encoding="utf-8") as f:
                assert s.narrate(lang) == f.read()
        assert set(cops.LANGS) == {"fr", "en", "es"}
        with pytest.raises(ValueError, match="'fr', 'en', 'es'"):
            s.narrate("de")
        s.reset()
        assert s.round == 0
        with pytest.raises(cops.ESTATE) as e:
            s.winner
        assert "the fight is not over" in e.value.message
        with pytest.raises(cops.EJSON) as e:
            cops.Scenario(c, json_text='{"schema": 1, "name": "x", "combatants": 3}')
        assert "combatants" in e.value.message


def test_handles_freed_once_and_by_gc():
    c = cops.Context(seed=1)
    r = c.roll("4+/2")
    w = cops.Weapon.load(c, os.path.join(EX, "weapons", "vulcan-051.json"))
    c.close()                    # closes what was made from it first
    assert w._ptr is None
    assert r.successes >= 0 and str(r).startswith("4+/2 (1):")   # a result outlives its context
    c.close()
    w.close()                    # twice: nothing happens
    with pytest.raises(ValueError):
        c.roll("4+/2")
    with pytest.raises(ValueError):
        w.name
    for _ in range(200):         # garbage collection frees the rest
        x = cops.Context(seed=2)
        cops.Character.load(x, os.path.join(EX, "sheets", "sarah.json"))
    del x
    gc.collect()


def test_handles_cannot_be_copied_or_pickled(ctx):
    import copy
    import pickle
    mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
    for thing in (ctx, mike):
        for fn in (copy.copy, copy.deepcopy, pickle.dumps):
            with pytest.raises(TypeError):
                fn(thing)
    roll = ctx.roll("4+/3")      # a result is a value: copied and pickled as such
    assert copy.deepcopy(roll) == roll and pickle.loads(pickle.dumps(roll)) == roll
    twin = cops.Character.from_json(ctx, mike.to_json())   # the way to copy
    assert twin.to_json() == mike.to_json()


def test_integers_are_checked_before_c():
    with cops.Context(seed=1) as c:
        with pytest.raises(OverflowError):
            c.die(2 ** 32 + 10)           # was a d10: cut modulo 2**32
        with pytest.raises(ValueError):
            c.seed(2 ** 64)               # a seed is 0..2**64-1
        e = cops.Encounter(c)
        mike = cops.Character.load(c, os.path.join(EX, "sheets", "mike.json"))
        with pytest.raises(OverflowError):
            e.add(mike, 2 ** 32)          # was side 0
    with cops.Context(callback=lambda sides: 2 ** 32 + 5) as c:
        with pytest.raises(OverflowError):
            c.roll("4+/1")                # was a 5


def test_encounter_add_checks_everything_first(ctx):
    mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
    gun = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "vulcan-051.json"))
    with cops.Encounter(ctx) as e:
        with pytest.raises(TypeError):
            e.add(mike, 0, weapons=["x"])
        with pytest.raises(ValueError):
            e.add(mike, 0, weapons=[gun, gun])
        a = e.add(mike, 0, weapons=[gun])
        assert a == 0                      # nothing was half-added before


def test_odds_answer_what_is_answerable(ctx):
    o = cops.odds(ctx, "2+/64 (64)")     # 0.6 raised ERANGE: no room for an Adrénaline die
    assert 0 < o.p_success < 1 and o.p_adrenaline is None and o.p_both is None
    assert o.p_anciennete >= o.p_success


def test_a_context_belongs_to_its_thread():
    import threading
    errors, results = [], []
    c = cops.Context(seed=5)

    def other():
        try:
            c.roll("4+/3")
        except RuntimeError as e:
            errors.append(str(e))
        with cops.Context(seed=5) as own:        # a context of its own: fine
            results.append(own.roll("4+/3").to_dict())

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert errors and "thread" in errors[0]
    assert results[0] == c.roll("4+/3").to_dict()   # same seed, same dice, each its own
    c.close()


def test_the_log_limit_bounds_a_fight():
    with cops.Context(seed=2030) as c:
        s = cops.Scenario(c, os.path.join(EX, "scenarios", "street-shootout.json"))
        assert s.log_limit == 1000000
        s.log_limit = 30
        with pytest.raises(cops.ERANGE) as e:
            s.run()
        assert "limit of 30 events" in e.value.message
        assert s.round == 0 and s.events == []      # the run changed nothing
        with pytest.raises(ValueError):
            s.log_limit = -1


def test_character_roll_with_adrenaline_adds_a_die_and_spends_a_point(ctx):
    mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
    plain = mike.roll("Arme de poing/Coordination (2)").to_dict()
    boosted = mike.roll("Arme de poing/Coordination (2)", adrenaline=True).to_dict()
    assert boosted["pool"] == plain["pool"] + 1 and boosted["action"].endswith("+1D")
    assert mike.to_dict()["adrenaline"]["current"] == mike.to_dict()["adrenaline"]["max"] - 1


def test_a_confined_context_reads_only_its_folder(ctx, tmp_path):
    import shutil
    shutil.copy(os.path.join(EX, "sheets", "mike.json"), tmp_path / "mike.json")
    (tmp_path / "notes.json").write_text("secret words")
    os.symlink("/etc/passwd", tmp_path / "link.json")
    ctx.confine(tmp_path)
    assert cops.Character.load(ctx, "mike.json").name == "Mike Delgado"
    for path in ("/etc/passwd", "../" * 8 + "etc/passwd", "link.json", "/dev/stdin"):
        with pytest.raises(cops.EIO):
            cops.Character.load(ctx, path)
    with pytest.raises(cops.EJSON) as err:
        cops.Character.load(ctx, "notes.json")
    assert "secret" not in str(err.value)
    with pytest.raises(cops.EIO, match="names no file"):
        cops.Scenario(ctx, json_text='{"schema": 1, "name": "s", "combatants": ['
                      '{"sheet": "mike.json", "side": "a"}, {"sheet": "mike.json", "side": "b"}]}')
    with pytest.raises(ValueError):
        ctx.confine(tmp_path, max_bytes=0)
    ctx.confine(None)
    assert cops.Character.load(ctx, os.path.join(EX, "sheets", "joe.json")).hp > 0


def test_results_are_typed_values():
    faces = iter([10, 1, 1, 7])
    with cops.Context(callback=lambda sides: next(faces)) as c:
        r = c.roll("4+/3 (2)")
    assert isinstance(r, cops.Roll) and r.kind == "action" and r.pool == 3
    assert r.dice == (cops.Die(10, True, None), cops.Die(1, False, None),
                      cops.Die(1, False, None), cops.Die(7, True, 0))
    # str() is what `cops roll --dice 10,1,1,7 "4+/3 (2)"` prints
    assert str(r) == ("4+/3 (2): 3 dice at 4+, difficulty 2\n"
                      "dice: [10\u21927, 1, 1]\n"
                      "2 successes: success, MR 0")
    assert r.to_json() == ('{"kind":"action","action":"4+/3 (2)","pool":3,"threshold":4,'
                           '"difficulty":2,"unskilled":false,"dice":[{"face":10,"success":true,'
                           '"reroll_of":null},{"face":1,"success":false,"reroll_of":null},'
                           '{"face":1,"success":false,"reroll_of":null},{"face":7,"success":true,'
                           '"reroll_of":0}],"successes":2,"success":true,"margin":0,'
                           '"capped":false}')
    assert cops.Roll.from_json(r.to_json()) == r
    with pytest.raises(AttributeError):
        r.successes = 3                            # frozen
    with cops.Context(seed=2030) as c:
        s = cops.Scenario(c, os.path.join(EX, "scenarios", "street-shootout.json"))
        s.seed(2030)
        s.run()
        events = s.events
    assert events[0].type is cops.EventType.START and events[0]["seed"] == "2030"
    assert events[-1].type == "end" and events[-1].details == {"winner": events[-1]["winner"]}
    rolls = [e for e in events if e.type is cops.EventType.ROLL]
    assert rolls and all(isinstance(e.details["dice"], list) for e in rolls)
    assert repr(events[0]).startswith("Event(schema=2, seq=0, round=0, type=<EventType.START")


def test_readable_exception_names():
    with cops.Context(seed=1) as c:
        with pytest.raises(cops.NotationError) as e:
            c.roll("4+/3 (2")
        assert e.type is cops.ESYNTAX and e.value.name == "ESYNTAX"
        mike = cops.Character.load(c, os.path.join(EX, "sheets", "mike.json"))
        mike.roll("Arme de poing/Coordination (2)", adrenaline=True)
        mike.roll("Arme de poing/Coordination (2)", adrenaline=True)
        with pytest.raises(cops.RuleError):              # no Adrénaline point left
            mike.roll("Arme de poing/Coordination (2)", adrenaline=True)
    assert issubclass(cops.RuleError, cops.CopsError) and cops.ERULE is cops.RuleError


def test_every_public_name_has_a_docstring():
    import inspect
    missing = []
    for name in cops.__all__:
        obj = getattr(cops, name)
        if isinstance(obj, (dict, list)) or name.startswith("E") and name.isupper():
            continue
        if not inspect.getdoc(obj):
            missing.append(name)
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_") or not (callable(member) or isinstance(member, property)):
                    continue
                if not inspect.getdoc(member):
                    missing.append("%s.%s" % (name, attr))
    assert missing == [], "no docstring: %s" % ", ".join(missing)
    import pydoc
    manual = pydoc.render_doc(cops, renderer=pydoc.plaintext)
    assert "libcops for Python" in manual and "class Roll" in manual
    assert "attack(ctx: cops.base.Context, attacker" in manual and "Resolve one attack" in manual
