"""Hostile calls, as a chat bot relays strangers' text (docs/python.md, "Errors"): 12,000
seeded random calls across the package's public functions and methods, with huge and
negative integers, NaN, infinities, NUL bytes, lone surrogates, unknown names, empty
strings, wrong types and closed handles. Every refusal must be a cops.CopsError (or a
TypeError for a wrong type); anything else, a crash or a hang fails."""

import inspect
import math
import os
import random
import signal
import sys
import tempfile

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402
import pytest  # noqa: E402

EX = os.path.join(ROOT, "examples")
CALLS = 12000
# The deprecated names are called too (their errors are the same); their warning is not
# what this test looks at.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

HOSTILE = [0, 1, -1, 2, 7, 16, 64, 2 ** 31, -2 ** 31 - 1, 2 ** 63, 2 ** 70, -2 ** 70,
           float("nan"), float("inf"), -float("inf"), 1.5, "", "\0", "a\0b", "\ud800",
           "zzz", "Poli", "Intimidation", "shoot", "fr", "en", "pursuer", "4+/3 (2)",
           "Arme de poing/Coordination (2)", "x" * 70, "../../etc/passwd", "/etc/passwd",
           [], [1, 2], {}, {"a": 1}, None, True, False, b"bytes", object(), ("a", 1)]


def world(ctx, tmp):
    """Objects to call methods on: made fresh, some closed."""
    mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
    joe = cops.Character.load(ctx, os.path.join(EX, "sheets", "joe.json"))
    gun = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "vulcan-051.json"))
    vest = cops.Armour.load(ctx, os.path.join(EX, "armour", "gilet-pare-balles.json"))
    fight = cops.Scenario(ctx, os.path.join(EX, "scenarios", "street-shootout.json"))
    enc = cops.Encounter.load(ctx, fight.save())
    chase = cops.Chase.load(ctx, os.path.join(EX, "scenarios", "sunset-chase.json"))
    subject = cops.Subject.load(ctx, os.path.join(EX, "subjects", os.listdir(
        os.path.join(EX, "subjects"))[0]))
    log = cops.Log(ctx)
    closed = cops.Character.load(ctx, os.path.join(EX, "sheets", "sarah.json"))
    closed.close()
    return [ctx, mike, joe, gun, vest, fight, enc, chase, subject, log, closed,
            enc.checkpoint()]


def callables(objects):
    out = []
    for name in sorted(dir(cops)):
        f = getattr(cops, name)
        if inspect.isfunction(f) and not name.startswith("_") and f.__module__.startswith("cops"):
            out.append((name, f))
    for module in (cops.catalogue, cops.social, cops.chase, cops.heal, cops.attack, cops.dice):
        for name in sorted(dir(module)):
            f = getattr(module, name)
            if inspect.isfunction(f) and not name.startswith("_") and \
                    f.__module__.startswith("cops"):
                out.append(("%s.%s" % (module.__name__, name), f))
    for obj in objects:
        for name in sorted(dir(obj)):
            if name.startswith("_") or name in ("close", "use_callback", "set_anciennete_callback",
                                                "set_crash_callback"):
                continue
            try:
                f = getattr(obj, name)
            except cops.CopsError:
                continue
            if callable(f) and not inspect.isclass(f):
                out.append(("%s.%s" % (type(obj).__name__, name), f))
    return out


def test_hostile_calls_raise_only_the_model():
    rng = random.Random(2030)
    failures = []
    tmp = tempfile.mkdtemp()

    def timeout(signum, frame):
        raise TimeoutError("a call hung")

    signal.signal(signal.SIGALRM, timeout)
    calls = 0
    while calls < CALLS:
        with cops.Context(seed=rng.randrange(1000)) as ctx:
            objects = world(ctx, tmp)
            ctx.confine(tmp)   # then writes and reads under a scratch folder only
            fns = callables(objects)
            for _ in range(400):
                name, f = rng.choice(fns)
                args = [rng.choice(HOSTILE + objects) for _ in range(rng.randrange(0, 4))]
                signal.alarm(20)
                try:
                    f(*args)
                except (cops.CopsError, TypeError):
                    pass
                except Exception as exc:   # noqa: BLE001 - outside the model
                    failures.append("%s%r: %s: %s" % (name, tuple(args), type(exc).__name__, exc))
                finally:
                    signal.alarm(0)
                calls += 1
    kinds = sorted(set(f.split("(")[0] + " " + f.rsplit(": ", 2)[-2].split(")")[-1]
                       for f in failures))
    assert not failures, "%d calls outside the error model (%s), the first:\n%s" % (
        len(failures), "; ".join(kinds), "\n".join(sorted(set(failures))[:15]))
    assert math.isfinite(calls)
