"""cops.st's rolls, characters, weapons, attacks, scenes and grapples (docs/storyteller.md,
<cops/st.h>). Read them as cops.st.*; whole fights (st_fight.py) build on this module."""

import ctypes
import json
from dataclasses import dataclass
import os
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Tuple, Union

from . import _native as n
from .errors import InvalidArgumentError, NotFoundError, OutOfMemoryError, RangeError, StateError
from .base import Context
from .log import _log_handle
from .sheet import _Entity
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
_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
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


def _bind(prototypes: Dict[str, Tuple[Any, List[Any]]]) -> None:
    """Set the prototypes of the module's functions, when the library holds them."""
    if _AVAILABLE:
        for name, (res, args) in prototypes.items():
            fn = getattr(lib, name)
            fn.restype = res
            fn.argtypes = args


_bind(_PROTOTYPES)


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
            raise NotFoundError("mode must be one of %s, not %r" % (", ".join(MODES), self.mode))
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
            raise InvalidArgumentError("not a pool: %r" % (self,))
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
        raise InvalidArgumentError("no pool of %r dice" % dice)
    return Pool._of(p)


DEFAULTS = _init(0) if _AVAILABLE else Pool(0)   #: the library's defaults (ST-A1, ST-A37)


# ---- Rules and characters (ST §0.6, §0.7, §2; ST-A3, ST-A12, ST-L1) ----------------

class _Rules(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [
        (name, ctypes.c_int) for name in (
            "threshold", "again", "chance_die", "human_size", "speed_base",
            "defense_athletics", "health_track", "wound_penalties", "combatant_xp",
            "combatant_skill", "outnumber_incremental", "stray_shots")]


@dataclass(frozen=True)
class Rules:
    """The rulings a caller may switch (cops_st_rules, OTHER-SYSTEMS.md §7); Rules() is
    every default of the digest."""

    threshold: int = 8            #: every pool's lowest success (ST-A37)
    again: int = 10               #: every pool's again face: 10, 9, 8 or 0 (ST-A1)
    chance_die: bool = True       #: a pool at 0 or fewer is a chance die (ST-A2)
    human_size: int = 5           #: Health = Stamina + Size (ST-A3)
    speed_base: int = 5           #: Speed = Strength + Dexterity + this (ST-A3)
    defense_athletics: bool = False  #: Defense adds Athletics (ST-A3 switched)
    health_track: bool = True     #: damage fills the track (ST-L1); False: events only (ST-A4)
    wound_penalties: bool = True  #: -1, -2, -3 dice on the last three boxes (ST-L1)
    combatant_xp: int = 20        #: a player character past this is a combatant (§2, ST-A12)
    combatant_skill: int = 2      #: ... or with this in Firearms, Weaponry or Brawl (§2)
    outnumber_incremental: bool = False  #: the 2nd -2, 3rd -4, 4th -6 instead (ST-A7 switched)
    stray_shots: bool = True      #: a fight's stray shot hits someone in contact (ST-A15); False: vetoed

    def _c(self) -> _Rules:
        r = _Rules()
        r.size = ctypes.sizeof(r)
        for name, _ in _Rules._fields_[1:]:
            value = getattr(self, name)
            if name in ("chance_die", "defense_athletics", "health_track", "wound_penalties",
                        "outnumber_incremental", "stray_shots"):
                if not isinstance(value, bool):
                    raise TypeError("%s must be a bool, not %s" % (name, type(value).__name__))
                value = int(value)
            setattr(r, name, n.integer(value, name))
        return r


_BACKGROUND = ("military", "police", "criminal", "crisis-trained", "player")
HEALTH_STATES = ("fit", "unconscious", "bleeding out", "dead")   #: cops_st_health_states
TRAITS = ("Strength", "Dexterity", "Stamina", "Wits", "Resolve", "Composure", "Brawl",
          "Weaponry", "Firearms", "Athletics", "Vigor", "Size")     #: cops_st_traits
DERIVED = ("Defense", "Initiative", "Speed", "Health", "Willpower")  #: cops_st_derived
_DAMAGE = {"bashing": 0, "lethal": 1}
_POINTS = {"willpower": 0, "vitae": 1}

_CHAR_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "cops_st_rules_init_sized": (ctypes.c_int, [ctypes.POINTER(_Rules), ctypes.c_size_t]),
    "cops_st_character_new": (ctypes.c_int, [ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]),
    "cops_st_character_free": (None, [ctypes.c_void_p]),
    "cops_st_character_copy": (ctypes.c_int, [ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]),
    "cops_st_character_name": (ctypes.c_char_p, [ctypes.c_void_p]),
    "cops_st_character_set_name": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p]),
    "cops_st_character_trait": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]),
    "cops_st_character_set_trait": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]),
    "cops_st_character_derived": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_Rules),
                                                 ctypes.c_int]),
    "cops_st_character_set_derived": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int,
                                                     ctypes.c_int]),
    "cops_st_character_points": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int,
                                                ctypes.POINTER(ctypes.c_int),
                                                ctypes.POINTER(ctypes.c_int)]),
    "cops_st_character_set_points": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int,
                                                    ctypes.c_int]),
    "cops_st_character_background": (ctypes.c_uint, [ctypes.c_void_p]),
    "cops_st_character_set_background": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_uint]),
    "cops_st_character_experience": (ctypes.c_int, [ctypes.c_void_p]),
    "cops_st_character_set_experience": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]),
    "cops_st_character_is_combatant": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_Rules)]),
    "cops_st_character_set_combatant": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]),
    "cops_st_character_damage": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_Rules),
                                                ctypes.c_int, ctypes.c_int]),
    "cops_st_character_health": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int),
                                                ctypes.POINTER(ctypes.c_int)]),
    "cops_st_character_set_health": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int,
                                                    ctypes.c_int]),
    "cops_st_character_health_state": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_Rules)]),
    "cops_st_character_wound_penalty": (ctypes.c_int, [ctypes.c_void_p,
                                                       ctypes.POINTER(_Rules)]),
    "cops_st_character_from_json": (ctypes.c_int, [ctypes.POINTER(ctypes.c_void_p),
                                                   ctypes.c_void_p, ctypes.c_char_p]),
    "cops_st_character_load": (ctypes.c_int, [ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p,
                                              ctypes.c_char_p]),
    "cops_st_character_to_json": (ctypes.c_int, [ctypes.c_void_p,
                                                 ctypes.POINTER(ctypes.c_void_p)]),
    "cops_st_trait_name": (ctypes.c_char_p, [ctypes.c_int]),
    "cops_st_trait_parse": (ctypes.c_int, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]),
    "cops_st_derived_name": (ctypes.c_char_p, [ctypes.c_int]),
}
_bind(_CHAR_PROTOTYPES)


def _rules(rules: Optional[Rules]) -> Any:
    if rules is None:
        return None
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a cops.st.Rules, not %s" % type(rules).__name__)
    return ctypes.byref(rules._c())


def _index(names: Tuple[str, ...], value: str, what: str) -> int:
    for i, name in enumerate(names):
        if isinstance(value, str) and value.lower() == name.lower():
            return i
    raise NotFoundError("%s: unknown %s (%s)" % (value, what, ", ".join(names)))


def _trait(name: str) -> int:
    t = ctypes.c_int()
    if lib.cops_st_trait_parse(n.text(name, "trait"), ctypes.byref(t)):
        raise NotFoundError("%s: unknown trait (%s)" % (name, ", ".join(TRAITS)))
    return t.value


class Character(_Entity):
    """A Storyteller character (cops_st_character), from a sheet with "system": "st"
    (docs/storyteller.md, "Sheets"). ch["Strength"] reads and sets a trait."""

    _free = getattr(lib, "cops_st_character_free", None)
    _from_json = getattr(lib, "cops_st_character_from_json", None)
    _load = getattr(lib, "cops_st_character_load", None)
    _to_json = getattr(lib, "cops_st_character_to_json", None)
    _name = getattr(lib, "cops_st_character_name", None)

    @classmethod
    def new(cls, ctx: Context, name: str) -> "Character":
        """A character with every trait 0 and Size 5."""
        _need()
        ch = cls._made(ctx, lib.cops_st_character_new)
        ch._check(lib.cops_st_character_set_name(ch._h, n.text(name, "name")))
        return ch

    @classmethod
    def from_json(cls, ctx: Context, text: Union[str, Dict[str, Any]]) -> "Character":
        _need()
        return super().from_json(ctx, text)

    @classmethod
    def load(cls, ctx: Context, path: "os.PathLike[str] | str") -> "Character":
        _need()
        return super().load(ctx, path)

    def copy(self) -> "Character":
        """A copy with its own damage."""
        ptr = ctypes.c_void_p()
        self._check(lib.cops_st_character_copy(ctypes.byref(ptr), self._h))
        assert self._ctx is not None
        return Character(self._ctx, ptr.value)

    def __getitem__(self, trait: str) -> int:
        return self._check(lib.cops_st_character_trait(self._h, _trait(trait)))

    def __setitem__(self, trait: str, value: int) -> None:
        self._check(lib.cops_st_character_set_trait(self._h, _trait(trait),
                                                    n.integer(value, trait)))

    def derived(self, which: str, rules: Optional[Rules] = None) -> int:
        """Defense, Initiative, Speed, Health or Willpower (its maximum): the sheet's value,
        else the formula of ST-A3 under the rules."""
        return self._check(lib.cops_st_character_derived(self._h, _rules(rules),
                                                         _index(DERIVED, which, "derived")))

    def set_derived(self, which: str, value: Optional[int]) -> None:
        """Set a derived trait, or None to compute it again."""
        self._check(lib.cops_st_character_set_derived(
            self._h, _index(DERIVED, which, "derived"),
            -1 if value is None else n.integer(value, which)))

    def points(self, kind: str) -> Tuple[int, int]:
        """("willpower" or "vitae") → (current, maximum)."""
        cur, mx = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_st_character_points(self._h, _POINTS[kind], ctypes.byref(cur),
                                                 ctypes.byref(mx)))
        return cur.value, mx.value

    def set_points(self, kind: str, current: int) -> None:
        self._check(lib.cops_st_character_set_points(self._h, _POINTS[kind],
                                                     n.integer(current, kind)))

    @property
    def background(self) -> FrozenSet[str]:
        """Of "military", "police", "criminal", "crisis-trained", "player" (§2)."""
        flags = lib.cops_st_character_background(self._h)
        return frozenset(b for i, b in enumerate(_BACKGROUND) if flags & (1 << i))

    @background.setter
    def background(self, value: Iterable[str]) -> None:
        flags = 0
        for b in value:
            flags |= 1 << _index(_BACKGROUND, b, "background")
        self._check(lib.cops_st_character_set_background(self._h, flags))

    @property
    def experience(self) -> int:
        return self._check(lib.cops_st_character_experience(self._h))

    @experience.setter
    def experience(self, xp: int) -> None:
        self._check(lib.cops_st_character_set_experience(self._h, n.integer(xp, "experience")))

    def is_combatant(self, rules: Optional[Rules] = None) -> bool:
        """The test of §2 (ST-A12), or the value set_combatant forced."""
        return bool(self._check(lib.cops_st_character_is_combatant(self._h, _rules(rules))))

    def set_combatant(self, combatant: Optional[bool]) -> None:
        """Force the test (True, False), or None to compute it."""
        self._check(lib.cops_st_character_set_combatant(
            self._h, -1 if combatant is None else int(bool(combatant))))

    def damage(self, boxes: int, kind: str, rules: Optional[Rules] = None) -> None:
        """Mark boxes of "bashing" or "lethal" damage on the track (ST-L1)."""
        self._check(lib.cops_st_character_damage(self._h, _rules(rules),
                                                 n.integer(boxes, "boxes"),
                                                 _DAMAGE[kind]))

    @property
    def health(self) -> Tuple[int, int]:
        """The boxes marked: (bashing, lethal)."""
        b, le = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_st_character_health(self._h, ctypes.byref(b), ctypes.byref(le)))
        return b.value, le.value

    def set_health(self, bashing: int, lethal: int) -> None:
        self._check(lib.cops_st_character_set_health(self._h, n.integer(bashing, "bashing"),
                                                     n.integer(lethal, "lethal")))

    def health_state(self, rules: Optional[Rules] = None) -> str:
        """"fit", "unconscious", "bleeding out" or "dead" (ST-L1)."""
        return HEALTH_STATES[self._check(lib.cops_st_character_health_state(self._h,
                                                                            _rules(rules)))]

    def wound_penalty(self, rules: Optional[Rules] = None) -> int:
        """0, -1, -2 or -3 dice (ST-L1)."""
        return int(lib.cops_st_character_wound_penalty(self._h, _rules(rules)))

    @property
    def weapons(self) -> Tuple["Weapon", ...]:
        """The weapons carried, in order (ST-M4)."""
        out = []
        for i in range(self._check(lib.cops_st_character_weapon_count(self._h))):
            w = _Weapon()
            self._check(lib.cops_st_character_weapon_sized(self._h, i, ctypes.byref(w),
                                                           ctypes.sizeof(w)))
            out.append(Weapon._of(w))
        return tuple(out)

    def add_weapon(self, weapon: "Weapon") -> int:
        """Carry a weapon (at most 4); its index."""
        if not isinstance(weapon, Weapon):
            raise TypeError("weapon must be a cops.st.Weapon")
        index = ctypes.c_int()
        w = weapon._c()
        self._check(lib.cops_st_character_add_weapon(self._h, ctypes.byref(w),
                                                     ctypes.byref(index)))
        return index.value

    def remove_weapon(self, index: int) -> None:
        self._check(lib.cops_st_character_remove_weapon(self._h, n.integer(index, "index")))

    @property
    def protection(self) -> Tuple[int, int, bool]:
        """(vest code, armour rating, old-fashioned) (ST-M5)."""
        v, a, o = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_st_character_protection(self._h, ctypes.byref(v), ctypes.byref(a),
                                                     ctypes.byref(o)))
        return v.value, a.value, bool(o.value)

    def set_protection(self, vest: int = 0, armour: int = 0, old_fashioned: bool = False) -> None:
        """A vest's code (0 .. 3), an armour's rating (0 .. 2), old-fashioned or not."""
        self._check(lib.cops_st_character_set_protection(self._h, n.integer(vest, "vest"),
                                                         n.integer(armour, "armour"),
                                                         int(bool(old_fashioned))))

    def begin_round(self) -> None:
        """A new round for the vest's and the armour's budgets (ST-A31, ST-A32)."""
        self._check(lib.cops_st_character_begin_round(self._h))


# ---- Weapons, protection and attacks (ST §5, §6; ST-M4, ST-M5, ST-M8 ... ST-M15) ------

WEAPON_KINDS = ("unarmed", "melee", "firearm", "teeth")          #: cops_st_weapon_kinds
ATTACK_KINDS = ("exchange", "strike", "shot", "contact_shot", "coup_de_grace")   #: long_burst()
CALLED = ("body", "arm", "leg", "head", "heart", "hand", "eye")   #: cops_st_called_shots
_FLAGS = {"touch": 0x1, "burst": 0x2, "surprised": 0x4, "defenseless": 0x8, "prone": 0x10}
_SIDES = (None, "attacker", "defender")


class _Weapon(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("name", ctypes.c_char * 48), ("damage", ctypes.c_int),
                ("type", ctypes.c_int), ("kind", ctypes.c_int), ("automatic", ctypes.c_int),
                ("min_strength", ctypes.c_int), ("range", ctypes.c_int * 3), ("ammo", ctypes.c_int)]


@dataclass(frozen=True)
class Weapon:
    """A weapon (cops_st_weapon, ST-M4): a damage code (damage and "bashing" or "lethal"),
    its kind, automatic fire and its minimum Strength (ST-A22), range bands (ST-A24)."""

    name: str
    damage: int
    type: str = "lethal"
    kind: str = "melee"
    automatic: bool = False
    min_strength: int = 0
    range: Tuple[int, int, int] = (0, 0, 0)
    ammo: int = -1   #: rounds loaded (a shot 1, a burst 3, a long burst 10); -1 untracked

    def _c(self) -> _Weapon:
        w = _Weapon()
        if lib.cops_st_weapon_init_sized(ctypes.byref(w), ctypes.sizeof(w),
                                         _index(WEAPON_KINDS, self.kind, "weapon kind")):
            raise InvalidArgumentError("no weapon of kind %r" % self.kind)
        name = n.text(self.name, "name")
        if len(name) >= 48:
            raise RangeError("a weapon's name is at most 47 bytes")
        w.name = name
        w.damage = n.integer(self.damage, "damage")
        w.type = _DAMAGE[self.type]
        w.automatic = int(bool(self.automatic))
        w.min_strength = n.integer(self.min_strength, "min_strength")
        for b in range(3):
            w.range[b] = n.integer(self.range[b], "range")
        w.ammo = n.integer(self.ammo, "ammo")
        return w

    @classmethod
    def _of(cls, w: _Weapon) -> "Weapon":
        return cls(w.name.decode("utf-8"), w.damage, ("bashing", "lethal")[w.type],
                   WEAPON_KINDS[w.kind], bool(w.automatic), w.min_strength,
                   (w.range[0], w.range[1], w.range[2]), w.ammo)


class _Attack(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("kind", ctypes.c_int), ("attacker", ctypes.c_void_p),
                ("target", ctypes.c_void_p)] + [
        (f, ctypes.c_int) for f in ("weapon", "target_weapon", "attacker_id", "target_id",
                                    "distance", "cover", "own_cover", "crowd", "opponents",
                                    "rank", "called", "aim", "total_defense", "bonus")] + [
        ("flags", ctypes.c_uint), ("shield", ctypes.c_void_p), ("shield_id", ctypes.c_int),
        ("rules", ctypes.c_void_p)]


class _Outcome(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in (
        "pool", "successes", "dramatic", "defender_pool", "defender_successes", "winner",
        "margin", "victim", "damage", "type", "shield_damage", "ignored", "converted",
        "bashing", "lethal", "state", "full_effect", "stray", "recoil", "contact")]


@dataclass(frozen=True)
class Outcome:
    """What an attack did (cops_st_outcome)."""

    pool: int                #: the attacker's pool after every modifier
    successes: int
    dramatic: bool
    defender_pool: int       #: opposed kinds
    defender_successes: int
    winner: Optional[str]    #: "attacker", "defender" or None
    margin: int
    victim: Optional[str]    #: who takes the damage: "attacker", "defender" (the target), None
    damage: int              #: boxes: code + margin
    type: str                #: "bashing" or "lethal"
    shield_damage: int
    ignored: int             #: by armour
    converted: int           #: by the vest, into bashing
    bashing: int             #: marked on the victim's track
    lethal: int
    state: str               #: the victim's health state after
    full_effect: bool        #: a called shot of 2 or more
    stray: bool              #: a dramatic failure with a crowd
    recoil: int
    contact: bool            #: a touch that made contact


class _Event(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in (
        "kind", "flags", "distance", "called", "purpose", "pool", "threshold", "again", "mode",
        "successes", "chance", "dramatic", "capped", "winner", "margin", "damage",
        "damage_type", "ignored", "converted", "bashing", "lethal", "state", "effect", "value",
        "score", "total", "boxes", "broken")] + [("effects", ctypes.c_int * 2)] + [
        (f, ctypes.c_int) for f in ("active", "hold", "shield", "controller", "action", "aim",
                                    "from_x", "from_y", "x", "y", "metres", "prone",
                                    "prone_change", "winner_side", "rounds", "policy", "cover",
                                    "moving", "odds_down", "odds_first", "odds_risk")]


_ATTACK_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "cops_st_weapon_init_sized": (ctypes.c_int, [ctypes.POINTER(_Weapon), ctypes.c_size_t,
                                                 ctypes.c_int]),
    "cops_st_character_weapon_count": (ctypes.c_int, [ctypes.c_void_p]),
    "cops_st_character_weapon_sized": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int,
                                                      ctypes.POINTER(_Weapon), ctypes.c_size_t]),
    "cops_st_character_add_weapon": (ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_Weapon),
                                                    ctypes.POINTER(ctypes.c_int)]),
    "cops_st_character_remove_weapon": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int]),
    "cops_st_character_set_protection": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int,
                                                        ctypes.c_int, ctypes.c_int]),
    "cops_st_character_protection": (ctypes.c_int, [ctypes.c_void_p] +
                                     [ctypes.POINTER(ctypes.c_int)] * 3),
    "cops_st_character_begin_round": (ctypes.c_int, [ctypes.c_void_p]),
    "cops_st_attack_init_sized": (ctypes.c_int, [ctypes.POINTER(_Attack), ctypes.c_size_t,
                                                 ctypes.c_int]),
    "cops_st_attack_resolve": (ctypes.c_int, [ctypes.POINTER(_Outcome), ctypes.c_void_p,
                                              ctypes.POINTER(_Attack), ctypes.c_void_p]),
    "cops_st_log_event": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(_Event)]),
    "cops_st_long_burst": (ctypes.c_int, [ctypes.POINTER(_Outcome), ctypes.c_void_p,
                                          ctypes.POINTER(_Attack), ctypes.POINTER(ctypes.c_void_p),
                                          ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
                                          ctypes.POINTER(ctypes.c_int), ctypes.c_int,
                                          ctypes.c_void_p]),
}
_bind(_ATTACK_PROTOTYPES)


def _weapon_index(ch: Character, weapon: Union[None, int, str]) -> int:
    if weapon is None:
        return -1
    if isinstance(weapon, str):
        for i, w in enumerate(ch.weapons):
            if w.name.lower() == weapon.lower():
                return i
        raise NotFoundError("%s carries no weapon %r" % (ch.name, weapon))
    return n.integer(weapon, "weapon")


def attack(ctx: Context, attacker: Character, target: Character, kind: str = "exchange", *,
           weapon: Union[None, int, str] = None, target_weapon: Union[None, int, str] = None,
           distance: int = 0, cover: int = 0, own_cover: int = 0, crowd: int = 0,
           opponents: int = 1, rank: int = 0, called: str = "body", aim: int = 0,
           total_defense: int = 0, bonus: int = 0, flags: Iterable[str] = (),
           shield: Optional[Character] = None, attacker_id: int = 0, target_id: int = 1,
           shield_id: int = 2, rules: Optional[Rules] = None, log: Optional[Any] = None
           ) -> Outcome:
    """Resolve one attack (cops_st_attack_resolve): kind "exchange", "strike", "shot",
    "contact_shot" or "coup_de_grace"; flags of "touch", "burst", "surprised",
    "defenseless", "prone"; log a cops.Log for the events. All or nothing."""
    _need()
    for who in (attacker, target) + ((shield,) if shield is not None else ()):
        if not isinstance(who, Character):
            raise TypeError("attacker, target and shield must be cops.st.Character")
    a = _Attack()
    ctx._check(lib.cops_st_attack_init_sized(ctypes.byref(a), ctypes.sizeof(a),
                                             _index(ATTACK_KINDS, kind, "attack kind")))
    a.attacker, a.target = attacker._h, target._h
    a.weapon = _weapon_index(attacker, weapon)
    a.target_weapon = _weapon_index(target, target_weapon)
    for f, v in (("distance", distance), ("cover", cover), ("own_cover", own_cover),
                 ("crowd", crowd), ("opponents", opponents), ("rank", rank), ("aim", aim),
                 ("total_defense", total_defense), ("bonus", bonus),
                 ("attacker_id", attacker_id), ("target_id", target_id),
                 ("shield_id", shield_id)):
        setattr(a, f, n.integer(v, f))
    a.called = _index(CALLED, called, "called shot")
    bits = 0
    for f in flags:
        if f not in _FLAGS:
            raise NotFoundError("unknown flag %r (%s)" % (f, ", ".join(_FLAGS)))
        bits |= _FLAGS[f]
    a.flags = bits
    a.shield = shield._h if shield is not None else None
    r = rules._c() if rules is not None else None
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError("rules must be a cops.st.Rules")
    a.rules = ctypes.addressof(r) if r is not None else None   # r lives until the call returns
    o = _Outcome()
    o.size = ctypes.sizeof(o)
    ctx._check(lib.cops_st_attack_resolve(ctypes.byref(o), ctx._h, ctypes.byref(a),
                                          log._h if log is not None else None))
    return _outcome(o)


def _outcome(o: "_Outcome") -> Outcome:
    return Outcome(o.pool, o.successes, bool(o.dramatic), o.defender_pool,
                   o.defender_successes, _SIDES[o.winner], o.margin,
                   _SIDES[o.victim], o.damage, ("bashing", "lethal")[o.type], o.shield_damage,
                   o.ignored, o.converted, o.bashing, o.lethal, HEALTH_STATES[o.state],
                   bool(o.full_effect), bool(o.stray), o.recoil, bool(o.contact))


def long_burst(ctx: Context, attacker: Character, targets: List[Character], *,
               weapon: Union[None, int, str] = None, distance: int = 0,
               covers: Optional[List[int]] = None, shares: Optional[List[int]] = None,
               ids: Optional[List[int]] = None, own_cover: int = 0, aim: int = 0,
               bonus: int = 0, surprised: bool = False, attacker_id: int = 0,
               rules: Optional[Rules] = None, log: Optional[Any] = None) -> List[Outcome]:
    """A long burst at up to 8 targets (§6.5, ST-A23): one roll, the highest Defense and
    Cover; the successes shared out in order (shares, default all to the first); one
    Outcome per target. 10 rounds; recoil."""
    _need()
    count = len(targets)
    if not 1 <= count <= 8:
        raise RangeError("1 to 8 targets")
    covers = list(covers) if covers is not None else [0] * count
    shares = list(shares) if shares is not None else [64] + [0] * (count - 1)
    ids = list(ids) if ids is not None else list(range(1, count + 1))
    if not len(covers) == len(shares) == len(ids) == count:
        raise InvalidArgumentError("one cover, share and id for each target")
    a = _Attack()
    ctx._check(lib.cops_st_attack_init_sized(ctypes.byref(a), ctypes.sizeof(a), 2))
    a.attacker = attacker._h
    a.weapon = _weapon_index(attacker, weapon)
    for f, v in (("distance", distance), ("own_cover", own_cover), ("aim", aim),
                 ("bonus", bonus), ("attacker_id", attacker_id)):
        setattr(a, f, n.integer(v, f))
    a.flags = _FLAGS["surprised"] if surprised else 0
    r = rules._c() if rules is not None else None
    a.rules = ctypes.addressof(r) if r is not None else None
    outs = (_Outcome * count)()
    for o in outs:
        o.size = ctypes.sizeof(o)
    arr = (ctypes.c_void_p * count)(*[t._h for t in targets])
    ctx._check(lib.cops_st_long_burst(
        outs, ctx._h, ctypes.byref(a), arr, (ctypes.c_int * count)(*[n.integer(i, "id") for i in ids]),
        (ctypes.c_int * count)(*[n.integer(c, "cover") for c in covers]),
        (ctypes.c_int * count)(*[n.integer(x, "share") for x in shares]), count,
        log._h if log is not None else None))
    return [_outcome(o) for o in outs]


def event_fields(log: Any, index: int) -> Dict[str, int]:
    """The Storyteller fields of event index of a cops.Log or a fight's log
    (cops_st_log_event), by name."""
    e = _Event()
    e.size = ctypes.sizeof(e)
    log._check(lib.cops_st_log_event(_log_handle(log), n.integer(index, "index"),
                                     ctypes.byref(e)))
    out = {f: getattr(e, f) for f, _ in _Event._fields_[1:] if f != "effects"}
    out["effect_1"], out["effect_2"] = e.effects[0], e.effects[1]
    return out


# ---- Around a fight: initiative, total defence, nerve, bouts, objects (ST §2-§6.15) -----

NERVES = ("acts", "spent", "restricted", "out")   #: cops_st_nerves


class _Object(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("name", ctypes.c_char * 48),
                ("durability", ctypes.c_int), ("boxes", ctypes.c_int), ("damage", ctypes.c_int),
                ("failure_damage", ctypes.c_int)]


_ip = ctypes.POINTER(ctypes.c_int)
_rp = ctypes.POINTER(_Rules)
_SCENE_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "cops_st_initiative": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p, _rp,
                                          ctypes.c_int, _ip, _ip, ctypes.c_void_p]),
    "cops_st_initiative_order": (ctypes.c_int, [ctypes.c_void_p,
                                                ctypes.POINTER(ctypes.c_void_p), _ip,
                                                ctypes.c_int, _rp, _ip]),
    "cops_st_total_defense": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p, _rp,
                                             ctypes.c_int, _ip, ctypes.c_void_p]),
    "cops_st_nerve": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p, _rp,
                                     ctypes.c_int, ctypes.c_int, _ip, ctypes.c_void_p]),
    "cops_st_injury": (ctypes.c_int, [ctypes.c_void_p, _rp, ctypes.c_int,
                                      ctypes.c_int, ctypes.c_int, _ip, ctypes.c_void_p]),
    "cops_st_overwhelming": (ctypes.c_int, [ctypes.c_int, ctypes.c_int]),
    "cops_st_bout": (ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                    _rp, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                    _ip, ctypes.c_void_p]),
    "cops_st_object_init_sized": (ctypes.c_int, [ctypes.POINTER(_Object), ctypes.c_size_t,
                                                 ctypes.c_char_p, ctypes.c_int, ctypes.c_int]),
    "cops_st_object_strike": (ctypes.c_int, [ctypes.POINTER(_Object), ctypes.c_void_p,
                                             ctypes.c_void_p, _rp, ctypes.c_int,
                                             ctypes.c_int, ctypes.c_int, ctypes.c_int, _ip,
                                             ctypes.c_void_p]),
}
_bind(_SCENE_PROTOTYPES)


def _log_ptr(log: Optional[Any]) -> Any:
    return log._h if log is not None else None


def initiative(ctx: Context, ch: Character, *, id: int = 0, rules: Optional[Rules] = None,
               log: Optional[Any] = None) -> Tuple[int, int]:
    """1d10 + Initiative (§5.2): (the die, the total)."""
    _need()
    die, total = ctypes.c_int(), ctypes.c_int()
    ctx._check(lib.cops_st_initiative(ctx._h, ch._h, _rules(rules), n.integer(id, "id"),
                                      ctypes.byref(die), ctypes.byref(total), _log_ptr(log)))
    return die.value, total.value


def initiative_order(ctx: Context, chars: List[Character], totals: List[int],
                     rules: Optional[Rules] = None) -> List[int]:
    """The indices of chars, first to act first (ST-A13: the total, the score, a roll-off)."""
    _need()
    count = len(chars)
    if count != len(totals):
        raise InvalidArgumentError("one total for each character")
    arr = (ctypes.c_void_p * max(count, 1))(*[c._h for c in chars])
    tot = (ctypes.c_int * max(count, 1))(*[n.integer(t, "total") for t in totals])
    order = (ctypes.c_int * max(count, 1))()
    ctx._check(lib.cops_st_initiative_order(ctx._h, arr, tot, count, _rules(rules), order))
    return list(order[:count])


def total_defense(ctx: Context, ch: Character, *, id: int = 0, rules: Optional[Rules] = None,
                  log: Optional[Any] = None) -> int:
    """Dexterity + Athletics (§5.8): the successes to add to Defense this round."""
    _need()
    k = ctypes.c_int()
    ctx._check(lib.cops_st_total_defense(ctx._h, ch._h, _rules(rules), n.integer(id, "id"),
                                         ctypes.byref(k), _log_ptr(log)))
    return k.value


def nerve(ctx: Context, ch: Character, *, spend: bool = True, id: int = 0,
          rules: Optional[Rules] = None, log: Optional[Any] = None) -> str:
    """A non-combatant's round (§2): "acts", "spent" (Willpower) or "restricted"."""
    _need()
    out = ctypes.c_int()
    ctx._check(lib.cops_st_nerve(ctx._h, ch._h, _rules(rules), n.integer(id, "id"),
                                 int(bool(spend)), ctypes.byref(out), _log_ptr(log)))
    return NERVES[out.value]


def injury(ch: Character, damage: int, *, spend: bool = True, id: int = 0,
           rules: Optional[Rules] = None, log: Optional[Any] = None) -> str:
    """A non-combatant hit (§2): "acts", "spent" or "out" (more than Resolve, no Willpower)."""
    _need()
    out = ctypes.c_int()
    ch._check(lib.cops_st_injury(ch._h, _rules(rules), n.integer(id, "id"),
                                 n.integer(damage, "damage"), int(bool(spend)),
                                 ctypes.byref(out), _log_ptr(log)))
    return NERVES[out.value]


def overwhelming(a: int, b: int) -> bool:
    """§4, ST-A10: pool a is at least twice pool b."""
    _need()
    rc = lib.cops_st_overwhelming(n.integer(a, "a"), n.integer(b, "b"))
    if rc < 0:
        raise InvalidArgumentError("pools 0 .. 128")
    return bool(rc)


def bout(ctx: Context, a: Character, b: Character, *, pool_a: int = -1, pool_b: int = -1,
         damage: bool = True, rules: Optional[Rules] = None,
         log: Optional[Any] = None) -> Optional[str]:
    """A non-dramatic fight (§3, ST-A9): "a", "b" or None (a draw)."""
    _need()
    w = ctypes.c_int()
    ctx._check(lib.cops_st_bout(ctx._h, a._h, b._h, _rules(rules),
                                n.integer(pool_a, "pool_a"), n.integer(pool_b, "pool_b"),
                                int(bool(damage)), ctypes.byref(w), _log_ptr(log)))
    return (None, "a", "b")[w.value]


class Object:
    """An object to force or smash (§6.15, ST-M6): Durability, Size (its boxes), the
    damage taken, and what a failed roll costs (ST-A34). A plain value."""

    def __init__(self, name: str, durability: int, boxes: int, failure_damage: int = 0,
                 damage: int = 0) -> None:
        _need()
        self._o = _Object()
        rc = lib.cops_st_object_init_sized(ctypes.byref(self._o), ctypes.sizeof(self._o),
                                           n.text(name, "name"), n.integer(durability, "durability"),
                                           n.integer(boxes, "boxes"))
        if rc:
            raise RangeError("an object: a name of 1 to 47 bytes, durability 0 .. 10, "
                             "boxes 1 .. 100")
        self._o.failure_damage = n.integer(failure_damage, "failure_damage")
        self._o.damage = n.integer(damage, "damage")

    name = property(lambda self: self._o.name.decode("utf-8"))
    durability = property(lambda self: self._o.durability)
    boxes = property(lambda self: self._o.boxes)
    damage = property(lambda self: self._o.damage)
    failure_damage = property(lambda self: self._o.failure_damage)

    @property
    def broken(self) -> bool:
        return bool(self._o.damage >= self._o.boxes)

    def strike(self, ctx: Context, ch: Character, *, weapon: Union[None, int, str] = None,
               dice: int = -1, average: bool = False, id: int = 0,
               rules: Optional[Rules] = None, log: Optional[Any] = None) -> int:
        """One go (ST-A34): dice (-1: Strength + Vigor) less the effective Durability; its
        successes, added to the damage. average: a third of the pool, no roll (ST-A35)."""
        k = ctypes.c_int()
        ctx._check(lib.cops_st_object_strike(ctypes.byref(self._o), ctx._h, ch._h,
                                             _rules(rules), n.integer(id, "id"),
                                             _weapon_index(ch, weapon), n.integer(dice, "dice"),
                                             2 if average else 0, ctypes.byref(k),
                                             _log_ptr(log)))
        return k.value


# ---- Grapples (§6.2, ST-A18 ... ST-A20) ----------------------------------------------

GRAPPLE_EFFECTS = ("break_free", "take_weapon", "damage", "disarm", "hold", "shield")


class _Grapple(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in (
        "active", "hold", "shield", "controller", "weapon_owner", "weapon")]


class _GrappleSide(ctypes.Structure):
    _fields_ = [("effects", ctypes.c_int * 2), ("in_hand", ctypes.c_int), ("bite", ctypes.c_int)]


class _GrappleOutcome(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("successes", ctypes.c_int * 2),
                ("pool", ctypes.c_int * 2), ("winner", ctypes.c_int), ("margin", ctypes.c_int),
                ("effects", ctypes.c_int * 2)] + [(f, ctypes.c_int) for f in (
                    "damage", "damage_type", "bite", "disarmed_owner", "disarmed_weapon")]


_bind({
    "cops_st_grapple_init_sized": (ctypes.c_int, [ctypes.POINTER(_Grapple), ctypes.c_size_t]),
    "cops_st_grapple_round": (ctypes.c_int, [ctypes.POINTER(_Grapple),
                                             ctypes.POINTER(_GrappleOutcome), ctypes.c_void_p,
                                             ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                             ctypes.c_int, ctypes.POINTER(_GrappleSide),
                                             ctypes.POINTER(_GrappleSide), _rp, ctypes.c_void_p]),
})


@dataclass(frozen=True)
class GrappleRound:
    """What a grapple round did: each side's successes and pool, the winner ("a", "b" or
    None), the margin, the effects applied, the damage, the bite, a weapon disarmed."""

    successes: Tuple[int, int]
    pools: Tuple[int, int]
    winner: Optional[str]
    margin: int
    effects: Tuple[str, ...]
    damage: int
    damage_type: str
    bite: int
    disarmed: Optional[Tuple[str, int]]   #: (whose, the weapon's index), or None


class Grapple:
    """Two characters grappling (§6.2, ST-M19), round after round: grapple.round(...)."""

    def __init__(self, ctx: Context, a: Character, b: Character) -> None:
        _need()
        self._ctx, self.a, self.b = ctx, a, b
        self._g = _Grapple()
        if lib.cops_st_grapple_init_sized(ctypes.byref(self._g), ctypes.sizeof(self._g)):
            raise InvalidArgumentError("the library refuses the grapple's size")

    def _side(self, n_: int) -> Optional[str]:
        return (None, "a", "b")[n_]

    active = property(lambda self: bool(self._g.active), doc="Still grappling.")
    hold = property(lambda self: self._side(self._g.hold), doc="Who holds a submission hold.")
    shield = property(lambda self: self._side(self._g.shield),
                      doc="Who uses the other as a human shield.")
    controller = property(lambda self: self._side(self._g.controller),
                          doc="Who controls a weapon.")

    def round(self, a_effects: Iterable[str] = (), b_effects: Iterable[str] = (), *,
              a_in_hand: Union[None, int, str] = None, b_in_hand: Union[None, int, str] = None,
              a_bite: bool = False, b_bite: bool = False, a_id: int = 0, b_id: int = 1,
              rules: Optional[Rules] = None, log: Optional[Any] = None) -> GrappleRound:
        """One round's contest; each side's wished effects in order (the second counts at a
        margin of 4 or more). All or nothing."""
        sides = []
        for effects, hand, bite, ch in ((a_effects, a_in_hand, a_bite, self.a),
                                        (b_effects, b_in_hand, b_bite, self.b)):
            side = _GrappleSide()
            wished = [_index(GRAPPLE_EFFECTS, e, "grapple effect") for e in effects]
            if len(wished) > 2:
                raise RangeError("two effects at most")
            side.effects[0] = wished[0] if wished else -1
            side.effects[1] = wished[1] if len(wished) > 1 else -1
            side.in_hand = _weapon_index(ch, hand)
            side.bite = int(bool(bite))
            sides.append(side)
        o = _GrappleOutcome()
        o.size = ctypes.sizeof(o)
        self._ctx._check(lib.cops_st_grapple_round(
            ctypes.byref(self._g), ctypes.byref(o), self._ctx._h, self.a._h, self.b._h,
            n.integer(a_id, "a_id"), n.integer(b_id, "b_id"), ctypes.byref(sides[0]),
            ctypes.byref(sides[1]), _rules(rules), _log_ptr(log)))
        return GrappleRound((o.successes[0], o.successes[1]), (o.pool[0], o.pool[1]),
                            self._side(o.winner), o.margin,
                            tuple(GRAPPLE_EFFECTS[e] for e in o.effects if e >= 0), o.damage,
                            ("bashing", "lethal")[o.damage_type], o.bite,
                            (("a", "b")[o.disarmed_owner - 1], o.disarmed_weapon)
                            if o.disarmed_owner else None)


def _default_rules() -> Rules:
    r = _Rules()
    if lib.cops_st_rules_init_sized(ctypes.byref(r), ctypes.sizeof(r)):
        raise InvalidArgumentError("the library refuses the rules' size")
    return Rules(**{name: (bool(getattr(r, name)) if isinstance(getattr(Rules(), name), bool)
                           else getattr(r, name)) for name, _ in _Rules._fields_[1:]})


DEFAULT_RULES = _default_rules() if _AVAILABLE else Rules()   #: the library's own defaults
