"""cops.st: the optional Storyteller module (docs/storyteller.md, <cops/st.h>).

Pools of d10 with a success on 8 or more, every 10 rolled again and a chance die when the
pool drops to 0 (OTHER-SYSTEMS.md ST §0.3), and their exact odds. A pool is its notation
("4+3-2 9-again") or a Pool; the same context, dice and replay as COPS's rolls.

    import cops
    with cops.Context(seed=7) as ctx:
        r = cops.st.roll(ctx, "5 9-again")     # a cops.st.Roll: .dice, .successes ...
        print(r, cops.st.odds(ctx, "5").at_least[1])

available() is False when libcops was built without the module (meson option st); the
functions then raise StateError.
"""

import ctypes
import json
from dataclasses import dataclass
from typing import Callable, Tuple, Union

from . import _native as n
from .errors import OutOfMemoryError, StateError
from .handles import Context
from .results import Die

lib = n.lib

MODES = ("dice", "all-8s", "average")   #: cops_st_modes, by value
_NO_CHANCE = 0x1                        # COPS_ST_NO_CHANCE
_ROLL_KIND = 16                         # COPS_ST_ROLL


class _Pool(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("dice", ctypes.c_int), ("mod", ctypes.c_int),
                ("threshold", ctypes.c_int), ("again", ctypes.c_int), ("mode", ctypes.c_int),
                ("flags", ctypes.c_uint)]


_pp = ctypes.POINTER(_Pool)
_d = ctypes.POINTER(ctypes.c_double)
_PROTOTYPES = {
    "cops_st_pool_init_sized": (ctypes.c_int, [_pp, ctypes.c_size_t, ctypes.c_int]),
    "cops_st_pool_parse_sized": (ctypes.c_int, [_pp, ctypes.c_size_t, ctypes.c_void_p,
                                                ctypes.c_char_p]),
    "cops_st_pool_format": (ctypes.c_int, [_pp, ctypes.c_char_p, ctypes.c_size_t]),
    "cops_st_roll": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p, _pp]),
    "cops_st_roll_text": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p]),
    "cops_st_roll_successes": (ctypes.c_int, [ctypes.c_void_p]),
    "cops_st_roll_chance": (ctypes.c_int, [ctypes.c_void_p]),
    "cops_st_roll_dramatic": (ctypes.c_int, [ctypes.c_void_p]),
    "cops_st_roll_capped": (ctypes.c_int, [ctypes.c_void_p]),
    "cops_st_roll_pool_size": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]),
    "cops_st_roll_pool_of_sized": (ctypes.c_int, [ctypes.c_void_p, _pp, ctypes.c_size_t]),
    "cops_st_odds_pmf": (ctypes.c_int, [ctypes.c_void_p, _pp, ctypes.c_int, _d]),
    "cops_st_odds_at_least": (ctypes.c_int, [ctypes.c_void_p, _pp, ctypes.c_int, _d]),
    "cops_st_odds_dramatic": (ctypes.c_int, [ctypes.c_void_p, _pp, _d]),
    "cops_st_odds_expected": (ctypes.c_int, [ctypes.c_void_p, _pp, _d]),
    "cops_st_odds_opposed": (ctypes.c_int, [ctypes.c_void_p, _pp, _pp, _d, _d, _d]),
    "cops_st_odds_difference": (ctypes.c_int, [ctypes.c_void_p, _pp, _pp, ctypes.c_int, _d]),
}
_AVAILABLE = hasattr(lib, "cops_st_roll")
if _AVAILABLE:
    for _name, (_res, _args) in _PROTOTYPES.items():
        _fn = getattr(lib, _name)
        _fn.restype = _res
        _fn.argtypes = _args


def available() -> bool:
    """True when the C library holds the Storyteller module."""
    return _AVAILABLE


def _need() -> None:
    if not _AVAILABLE:
        raise StateError("this libcops was built without the Storyteller module (meson "
                         "option st)")


@dataclass(frozen=True)
class Pool:
    """A pool (cops_st_pool): dice + mod d10, a success at threshold or more, faces at
    again or more rolled again (0: none), a mode ("dice", "all-8s", "average") and the
    chance die at 0 dice or fewer. Pool(5) is five dice with every default."""

    dice: int
    mod: int = 0
    threshold: int = 8
    again: int = 10
    mode: str = "dice"
    chance: bool = True

    def _c(self) -> _Pool:
        p = _Pool()
        p.size = ctypes.sizeof(p)
        p.dice = n.integer(self.dice, "dice")
        p.mod = n.integer(self.mod, "mod")
        p.threshold = n.integer(self.threshold, "threshold")
        p.again = n.integer(self.again, "again")
        if self.mode not in MODES:
            raise ValueError("mode must be one of %s, not %r" % (", ".join(MODES), self.mode))
        p.mode = MODES.index(self.mode)
        if not isinstance(self.chance, bool):
            raise TypeError("chance must be a bool, not %s" % type(self.chance).__name__)
        p.flags = 0 if self.chance else _NO_CHANCE
        return p

    @classmethod
    def _of(cls, p: _Pool) -> "Pool":
        return cls(p.dice, p.mod, p.threshold, p.again, MODES[p.mode],
                   not p.flags & _NO_CHANCE)

    def __str__(self) -> str:
        """The canonical notation ("4+1 9-again")."""
        _need()
        buf = ctypes.create_string_buffer(160)
        if lib.cops_st_pool_format(ctypes.byref(self._c()), buf, len(buf)) < 0:
            raise ValueError("not a pool: %r" % (self,))
        return buf.value.decode("utf-8")


PoolLike = Union[str, Pool]


def _pool(ctx: Context, spec: PoolLike) -> _Pool:
    _need()
    if isinstance(spec, Pool):
        return spec._c()
    p = _Pool()
    ctx._check(lib.cops_st_pool_parse_sized(ctypes.byref(p), ctypes.sizeof(p), ctx._h,
                                            n.text(spec, "pool")))
    return p


def pool(ctx: Context, spec: PoolLike) -> Pool:
    """The pool read (a notation) and checked as a roll checks it: a ValueError-free Pool."""
    p = _pool(ctx, spec)
    x = ctypes.c_double()
    ctx._check(lib.cops_st_odds_dramatic(ctx._h, ctypes.byref(p), ctypes.byref(x)))
    return Pool._of(p)


@dataclass(frozen=True)
class Roll:
    """A pool rolled (a ::cops_roll of kind COPS_ST_ROLL). json is the roll's JSON, byte for
    byte as cops_roll_to_json() and `cops st roll --json` write it."""

    pool: Pool
    dice: Tuple[Die, ...]
    dice_pool: int        #: dice + mod: 0 or less for a chance die
    successes: int
    chance: bool          #: one chance die (ST-A2)
    dramatic: bool        #: the chance die showed 1
    capped: bool          #: a chain of re-rolls reached the context's cap
    json: str

    @property
    def success(self) -> bool:
        return self.successes > 0

    @property
    def faces(self) -> Tuple[int, ...]:
        return tuple(d.face for d in self.dice)

    def __str__(self) -> str:
        first = [i for i, d in enumerate(self.dice) if d.reroll_of is None]
        parts = []
        for i in first:
            text, at = str(self.dice[i].face), i
            for j in range(i + 1, len(self.dice)):
                if self.dice[j].reroll_of == at:
                    text += "\u2192%d" % self.dice[j].face
                    at = j
            parts.append(text)
        k = self.successes
        return "[%s] %d %s%s" % (", ".join(parts), k, "success" if k == 1 else "successes",
                                 ": dramatic failure" if self.dramatic else "")


def roll(ctx: Context, spec: PoolLike) -> Roll:
    """Roll a pool (cops_st_roll): its dice, in draw order, and its successes."""
    p = _pool(ctx, spec)
    ptr = ctypes.c_void_p()
    if lib.cops_roll_new_in(ctypes.byref(ptr), ctx._h):
        raise OutOfMemoryError("no memory for a roll")
    try:
        r = ptr.value
        if isinstance(spec, str):
            ctx._check(lib.cops_st_roll_text(r, ctx._h, n.text(spec, "pool")))
        else:
            ctx._check(lib.cops_st_roll(r, ctx._h, ctypes.byref(p)))
        assert lib.cops_roll_kind(r) == _ROLL_KIND
        face, success, parent, size = (ctypes.c_int() for _ in range(4))
        dice = []
        for i in range(lib.cops_roll_count(r)):
            lib.cops_roll_die(r, i, ctypes.byref(face), ctypes.byref(success),
                              ctypes.byref(parent))
            dice.append(Die(face.value, bool(success.value),
                            None if parent.value < 0 else parent.value))
        given = _Pool()
        ctx._check(lib.cops_st_roll_pool_of_sized(r, ctypes.byref(given), ctypes.sizeof(given)))
        ctx._check(lib.cops_st_roll_pool_size(r, ctypes.byref(size)))
        out = ctypes.c_void_p()
        if lib.cops_roll_to_json(r, ctypes.byref(out)):
            raise OutOfMemoryError("no memory for the roll's JSON")
        return Roll(pool=Pool._of(given), dice=tuple(dice), dice_pool=size.value,
                    successes=lib.cops_st_roll_successes(r),
                    chance=lib.cops_st_roll_chance(r) == 1,
                    dramatic=lib.cops_st_roll_dramatic(r) == 1,
                    capped=lib.cops_st_roll_capped(r) == 1,
                    json=n.take_text(out.value))
    finally:
        lib.cops_roll_free(ptr.value)


@dataclass(frozen=True)
class Odds:
    """The exact law of a pool's successes: pmf[k] = P(K = k), at_least[k] = P(K >= k),
    up to the last k whose at_least is above 1e-12."""

    pool: Pool
    expected: float
    dramatic: float
    pmf: Tuple[float, ...]
    at_least: Tuple[float, ...]

    def to_json(self) -> str:
        """As `cops st odds --json` writes it (schemas/st-odds.schema.json)."""
        return json.dumps({"pool": str(self.pool), "expected": self.expected,
                           "dramatic": self.dramatic, "pmf": list(self.pmf),
                           "at_least": list(self.at_least)}, separators=(",", ":"))


def _query(ctx: Context, fn: Callable[..., int], *args: object) -> float:
    x = ctypes.c_double()
    ctx._check(fn(ctx._h, *args, ctypes.byref(x)))
    return x.value


def odds(ctx: Context, spec: PoolLike) -> Odds:
    """The exact odds of a pool (cops_st_odds_*)."""
    p = _pool(ctx, spec)
    ref = ctypes.byref(p)
    pmf, at_least = [], []
    for k in range(1001):
        a = _query(ctx, lib.cops_st_odds_at_least, ref, k)
        if k > 0 and a < 1e-12:
            break
        pmf.append(_query(ctx, lib.cops_st_odds_pmf, ref, k))
        at_least.append(a)
    return Odds(pool=Pool._of(p), expected=_query(ctx, lib.cops_st_odds_expected, ref),
                dramatic=_query(ctx, lib.cops_st_odds_dramatic, ref), pmf=tuple(pmf),
                at_least=tuple(at_least))


@dataclass(frozen=True)
class Opposed:
    """An opposed roll's odds (ST §0.4, ST-A5): more successes wins, a tie has no winner."""

    a_wins: float
    b_wins: float
    tie: float


def opposed(ctx: Context, a: PoolLike, b: PoolLike) -> Opposed:
    """P(a wins), P(b wins), P(no winner) (cops_st_odds_opposed)."""
    pa, pb = _pool(ctx, a), _pool(ctx, b)
    aw, bw, tie = ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    ctx._check(lib.cops_st_odds_opposed(ctx._h, ctypes.byref(pa), ctypes.byref(pb),
                                        ctypes.byref(aw), ctypes.byref(bw), ctypes.byref(tie)))
    return Opposed(aw.value, bw.value, tie.value)


def difference(ctx: Context, a: PoolLike, b: PoolLike, d: int) -> float:
    """P(a's successes - b's successes = d) (cops_st_odds_difference)."""
    pa, pb = _pool(ctx, a), _pool(ctx, b)
    return _query(ctx, lib.cops_st_odds_difference, ctypes.byref(pa), ctypes.byref(pb),
                  n.integer(d, "d"))


def _init(dice: int) -> Pool:
    """Pool(dice) as the library's defaults make it (cops_st_pool_init_sized)."""
    _need()
    p = _Pool()
    if lib.cops_st_pool_init_sized(ctypes.byref(p), ctypes.sizeof(p), n.integer(dice, "dice")):
        raise ValueError("no pool of %r dice" % dice)
    return Pool._of(p)


DEFAULTS = _init(0) if _AVAILABLE else Pool(0)   #: the library's defaults (ST-A1, ST-A37)
