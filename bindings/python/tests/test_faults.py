"""The bindings' paths under allocation failure (docs/testing.md). A context made
with the failing allocator of tests/failalloc.c ($COPS_FAILALLOC) fails its n-th
library allocation, for every n until the script succeeds: each failure raises
cops.ENOMEM with a message, frees everything the script made, leaves the context
usable, and the script run again on it gives the reference result (nothing
half-applied, no die lost)."""

import ctypes
import gc
import os
import sys

import pytest

ROOT = os.environ.get("COPS_SOURCE_ROOT",
                      os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

import cops  # noqa: E402

EX = os.path.join(ROOT, "examples")
FAILALLOC = os.environ.get("COPS_FAILALLOC")
pytestmark = pytest.mark.skipif(not FAILALLOC, reason="COPS_FAILALLOC not set (meson test sets it)")


class FailAlloc:
    """One budget of tests/failalloc.c."""

    def __init__(self):
        lib = ctypes.CDLL(FAILALLOC)
        for name, res, args in (("failalloc_new", ctypes.c_void_p, []),
                                ("failalloc_arm", None, [ctypes.c_void_p, ctypes.c_long]),
                                ("failalloc_count", ctypes.c_long, [ctypes.c_void_p]),
                                ("failalloc_live", ctypes.c_long, [ctypes.c_void_p]),
                                ("failalloc_failed", ctypes.c_long, [ctypes.c_void_p]),
                                ("failalloc_free", None, [ctypes.c_void_p])):
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = res, args
        self.lib = lib
        self.address = lib.failalloc_new()
        assert self.address

    def arm(self, n):
        self.lib.failalloc_arm(self.address, n)

    def count(self):
        return self.lib.failalloc_count(self.address)

    def live(self):
        return self.lib.failalloc_live(self.address)

    def failed(self):
        return self.lib.failalloc_failed(self.address)

    def free(self):
        self.lib.failalloc_free(self.address)


@pytest.fixture
def budget():
    fa = FailAlloc()
    yield fa
    gc.collect()
    assert fa.live() == 0, "blocks left after every context closed"
    fa.free()


def context(fa):
    return cops.Context(seed=2030, _allocator=fa.address)


def sweep(fa, setup, act, render):
    """Fail allocation n of setup(ctx) -> state, act(state) (the one call that rolls
    dice), render(state) -> result, for n = 0, 1, ... until they succeed. After a
    failure, the phase that failed is run again: its result is the reference (a
    failed act left nothing half-applied and lost no die) and the blocks held are
    those of a run that never failed (a log keeps the arrays it grew: capacity,
    freed with it). Returns how many allocations the three make."""
    def levels(ctx):
        base = fa.live()
        state = setup(ctx)
        held = [fa.live() - base]
        act(state)
        held.append(fa.live() - base)
        result = render(state)
        gc.collect()
        held.append(fa.live() - base)
        return result, held

    with context(fa) as ctx:
        reference, held = levels(ctx)
    gc.collect()
    assert fa.live() == 0
    n = 0
    while True:
        ctx = context(fa)
        base = fa.live()
        state, phase, message = None, 0, None
        fa.arm(n)
        try:
            state = setup(ctx)
            phase = 1
            act(state)
            phase = 2
            result = render(state)
        except cops.ENOMEM as exc:
            message = str(exc)
        made = fa.count()
        fa.arm(-1)
        if message is None:
            assert made <= n, "succeeded past the failed allocation %d" % n
            assert result == reference
            del state
            ctx.close()
            gc.collect()
            assert fa.live() == 0
            return made
        assert message, "allocation %d: ENOMEM without a message" % n
        gc.collect()
        what = "allocation %d (%s)" % (n, ("setup", "act", "render")[phase])
        if phase == 0:
            assert fa.live() == base, "%s failed and %d blocks stayed" % (what, fa.live() - base)
            state = setup(ctx)
            act(state)
        elif phase == 1:
            act(state)
        result = render(state)
        gc.collect()
        assert result == reference, "%s: a different result after" % what
        assert fa.live() - base == held[2], "%s: %d blocks held, %d after a clean run" % (
            what, fa.live() - base, held[2])
        del state
        ctx.close()
        gc.collect()
        assert fa.live() == 0, "%s: %d blocks after the context closed" % (what, fa.live())
        n += 1


def test_context_creation_fails_cleanly(budget):
    budget.arm(0)
    with pytest.raises(cops.ENOMEM, match="no memory for a context"):
        context(budget)
    budget.arm(-1)
    assert budget.failed() == 1 and budget.live() == 0


class Roll:
    @staticmethod
    def setup(ctx):
        return {"ctx": ctx}

    @staticmethod
    def act(st):
        st["roll"] = st["ctx"].roll("5+/3 (2) +1D")

    @staticmethod
    def render(st):
        return st["roll"].to_dict()


class Sheet:
    @staticmethod
    def setup(ctx):
        mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
        return {"mike": cops.Character.from_json(ctx, mike.to_json())}

    @staticmethod
    def act(st):
        st["roll"] = st["mike"].roll("Arme de poing/Coordination (2)", adrenaline=True)

    @staticmethod
    def render(st):
        return (st["mike"].to_dict(), st["mike"].odds("Arme de poing/Coordination (2)"),
                st["roll"].to_dict())


class Equipment:
    @staticmethod
    def setup(ctx):
        gun = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "vulcan-051.json"))
        vest = cops.Armour.load(ctx, os.path.join(EX, "armour", "gilet-pare-balles.json"))
        return {"gun": cops.Weapon.from_json(ctx, gun.to_json()), "vest": vest}

    @staticmethod
    def act(st):
        st["gun"].reload()

    @staticmethod
    def render(st):
        return st["gun"].to_dict(), st["gun"]["loaded"], st["vest"].to_dict(), st["vest"].name


def _fighters(ctx, controlled):
    mike = cops.Character.load(ctx, os.path.join(EX, "sheets", "mike.json"))
    joe = cops.Character.load(ctx, os.path.join(EX, "sheets", "joe.json"))
    gun = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "vulcan-051.json"))
    knife = cops.Weapon.load(ctx, os.path.join(EX, "weapons", "couteau-021.json"))
    vest = cops.Armour.load(ctx, os.path.join(EX, "armour", "gilet-pare-balles.json"))
    e = cops.Encounter(ctx)
    m = e.add(mike, 0, 0, 0, weapons=[gun], armour=vest, controlled=controlled)
    j = e.add(joe, 1, 12, 0, weapons=[knife])
    return {"e": e, "m": m, "j": j, "joe": joe, "gun": gun}


class Fight:
    @staticmethod
    def setup(ctx):
        return _fighters(ctx, False)

    @staticmethod
    def act(st):
        st["e"].run()

    @staticmethod
    def render(st):
        e = st["e"]
        return e.jsonl(), e.narrate(), e.narrate("en"), e.winner, e.events


class DeclaredRound:
    @staticmethod
    def setup(ctx):
        st = _fighters(ctx, True)
        st["e"].begin_round()
        st["e"].declare(st["m"], "shoot", target=st["j"], attitude="Agressif", initiative=1)
        return st

    @staticmethod
    def act(st):
        st["e"].resolve_round()

    @staticmethod
    def render(st):
        return st["e"].jsonl(), st["joe"].hp, st["gun"]["loaded"], st["e"].round


class Scenario:
    @staticmethod
    def setup(ctx):
        return {"s": cops.Scenario(ctx, os.path.join(EX, "scenarios", "street-shootout.json"))}

    @staticmethod
    def act(st):
        st["s"].run()

    @staticmethod
    def render(st):
        s = st["s"]
        return s.name, s.sides, s.jsonl(), s.narrate(), s.winner


class StFight:
    """A Storyteller fight file read and played (docs/storyteller.md, "Fights"): each
    round is all or nothing, so a round that failed is played again from its start."""

    @staticmethod
    def setup(ctx):
        return {"f": cops.st.Fight.load(ctx, os.path.join(EX, "st", "scenarios",
                                                          "street-brawl.json"))}

    @staticmethod
    def act(st):
        st["f"].run()

    @staticmethod
    def render(st):
        f = st["f"]
        return f.jsonl(), f.narrate("en"), f.winner, f.save()


class D6Attack:
    """D6 sheets read and an attack resolved (docs/d6.md, "Combat"): all or nothing, so an
    attack that failed is resolved again from its start with the same dice."""

    @staticmethod
    def setup(ctx):
        sheets = os.path.join(EX, "d6", "sheets")
        return {"ctx": ctx, "log": cops.Log(ctx),
                "a": cops.d6.Character.load(ctx, os.path.join(sheets, "gang-member.json")),
                "b": cops.d6.Character.load(ctx, os.path.join(sheets, "ramirez.json"))}

    @staticmethod
    def act(st):
        cops.d6.attack(st["ctx"], st["a"], st["b"], weapon="Uzi 9mm", distance=8,
                       option="burst", cover=1, defence="active", log=st["log"])

    @staticmethod
    def render(st):
        return st["log"].jsonl(), st["log"].narrate("en"), st["b"].to_json()


class D6Fight:
    """A D6 fight file with vehicles read and played (docs/d6.md, "Fights"): each round is
    all or nothing, so a round that failed is played again from its start."""

    @staticmethod
    def setup(ctx):
        return {"f": cops.d6.Fight.load(ctx, os.path.join(EX, "d6", "scenarios",
                                                          "car-collision.json"))}

    @staticmethod
    def act(st):
        st["f"].run()

    @staticmethod
    def render(st):
        f = st["f"]
        return f.jsonl(), f.narrate("fr"), f.winner, f.save()


SCRIPTS = [Roll, Sheet, Equipment, Fight, DeclaredRound, Scenario]
if cops.st.available():
    SCRIPTS.append(StFight)
if cops.d6.available():
    SCRIPTS.extend([D6Attack, D6Fight])


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda c: c.__name__)
def test_every_allocation_fails_cleanly(budget, script):
    made = sweep(budget, script.setup, script.act, script.render)
    assert made > 0 and budget.failed() >= made
