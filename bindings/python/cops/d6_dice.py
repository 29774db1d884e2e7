"""cops.d6's dice (docs/d6.md, <cops/d6.h>): codes, rolls with the free die, difficulties and
success levels, modifiers, multiple actions, Character and Fate Points, and their exact odds
(OTHER-SYSTEMS.md D6 §0). Read them as cops.d6.*; the module's other parts build on this one."""

import ctypes
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _native as n
from .errors import InvalidArgumentError, OutOfMemoryError, RangeError, StateError
from .base import Context
from .results import Die

lib = n.lib

NO_DIFFICULTY = -1   #: COPS_D6_NO_DIFFICULTY
_ROLL_KIND = 17      # COPS_D6_ROLL


class _Code(ctypes.Structure):
    _fields_ = [("dice", ctypes.c_int), ("pips", ctypes.c_int)]


class _Rules(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in (
        "explode", "free_die", "cp_dice", "fp_factor", "action_penalty", "difficulty",
        "skill_defence", "success_damage", "negative_resistance", "gravity", "fall_full_height",
        "medical_tech", "combat_heal_level5_only", "disarm_vs_damage_roll", "magic_modifier",
        "magic_banned", "spell_difficulty_halved", "backlash_percent", "scroll_use",
        "artifact_use")]

_BOOL_RULES = ("explode", "free_die", "skill_defence", "success_damage", "negative_resistance",
               "fall_full_height", "combat_heal_level5_only", "disarm_vs_damage_roll",
               "magic_banned", "spell_difficulty_halved")


class _Pool(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("code", _Code)] + [(f, ctypes.c_int) for f in (
        "dice_mod", "points", "actions", "cp", "fp", "difficulty")]


_i, _p, _d = ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_double)
_pp, _rp = ctypes.POINTER(_Pool), ctypes.POINTER(_Rules)
_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "cops_d6_code_parse": (_i, [ctypes.POINTER(_Code), _p, ctypes.c_char_p]),
    "cops_d6_code_format": (_i, [_Code, ctypes.c_char_p, ctypes.c_size_t]),
    "cops_d6_code_add": (_i, [_Code, _Code, ctypes.POINTER(_Code)]),
    "cops_d6_code_pips": (_i, [_Code]),
    "cops_d6_rules_init_sized": (_i, [_rp, ctypes.c_size_t]),
    "cops_d6_pool_init_sized": (_i, [_pp, ctypes.c_size_t, _Code]),
    "cops_d6_pool_parse_sized": (_i, [_pp, ctypes.c_size_t, _p, ctypes.c_char_p]),
    "cops_d6_pool_format": (_i, [_pp, ctypes.c_char_p, ctypes.c_size_t]),
    "cops_d6_roll": (_i, [_p, _p, _pp, _rp]),
    "cops_d6_roll_text": (_i, [_p, _p, ctypes.c_char_p, _rp]),
    "cops_d6_roll_total": (_i, [_p, ctypes.POINTER(_i)]),
    "cops_d6_roll_dice": (_i, [_p]),
    "cops_d6_roll_free_die": (_i, [_p, ctypes.POINTER(_i)]),
    "cops_d6_roll_success": (_i, [_p]),
    "cops_d6_roll_level": (_i, [_p, ctypes.POINTER(_i)]),
    "cops_d6_roll_critical": (_i, [_p]),
    "cops_d6_roll_pool_of": (_i, [_p, _pp]),
    "cops_d6_odds_total": (_i, [_p, _pp, _rp, _i, _d, _d]),
    "cops_d6_odds": (_i, [_p, _pp, _rp, _d, _d, _d]),
    "cops_d6_odds_contest": (_i, [_p, _pp, _pp, _rp, _d, _d, _d]),
}
_AVAILABLE = hasattr(lib, "cops_d6_roll")
if _AVAILABLE:
    for _name, (_res, _args) in _PROTOTYPES.items():
        _fn = getattr(lib, _name)
        _fn.restype = _res
        _fn.argtypes = _args


def available() -> bool:
    """True when the C library holds the D6 System module."""
    return _AVAILABLE


def _need() -> None:
    if not _AVAILABLE:
        raise StateError("this libcops was built without the D6 System module (meson "
                         "option d6)")


@dataclass(frozen=True, order=True)
class Code:
    """A dice code (cops_d6_code, D6 §0.2): dice and pips 0..2, 3 pips making 1D (D6-A3).
    str() is its canonical text; codes order by their pips (D6-M1)."""

    dice: int
    pips: int = 0

    def _c(self) -> _Code:
        return _Code(n.integer(self.dice, "dice"), n.integer(self.pips, "pips"))

    def __str__(self) -> str:
        _need()
        buf = ctypes.create_string_buffer(32)
        if lib.cops_d6_code_format(self._c(), buf, len(buf)) < 0:
            raise InvalidArgumentError("not a code: %r" % (self,))
        return buf.value.decode()

    def __add__(self, other: "Code") -> "Code":
        _need()
        out = _Code()
        rc = lib.cops_d6_code_add(self._c(), other._c(), ctypes.byref(out))
        if rc:
            raise RangeError("%r + %r: not a code (at most 64D)" % (self, other))
        return Code(out.dice, out.pips)

    @property
    def total_pips(self) -> int:
        """The code as pips, 3 a die."""
        _need()
        v = lib.cops_d6_code_pips(self._c())
        if v < 0:
            raise InvalidArgumentError("not a code: %r" % (self,))
        return int(v)


def code(ctx: Context, text: str) -> Code:
    """A code read: "3D+2", "+1D", "+1" (cops_d6_code_parse)."""
    _need()
    c = _Code()
    ctx._check(lib.cops_d6_code_parse(ctypes.byref(c), ctx._h, n.text(text, "code")))
    return Code(c.dice, c.pips)


@dataclass(frozen=True)
class Rules:
    """The rulings a caller may switch (cops_d6_rules, OTHER-SYSTEMS.md §11); Rules() is
    every default of the digest."""

    explode: bool = True       #: the free die rolls again on a 6 (D6-A1)
    free_die: bool = True      #: a roll of 1D or more has a free die (D6-A2)
    cp_dice: int = 1           #: dice a Character Point adds (D6-A8)
    fp_factor: int = 2         #: a Fate Point multiplies the dice (D6-A8)
    action_penalty: int = 1    #: dice off each roll for each action past the first (D6-A5)
    difficulty: int = 15       #: a roll without a number: Moderate (D6-A7)
    skill_defence: bool = False        #: §5.3.2's option: natural defence by Dodge ... (D6-A13)
    success_damage: bool = False       #: §5.5's option A: ⌊success level ÷ 5⌋ damage
    negative_resistance: bool = False  #: §5.5's option B: a resistance below 0 kept (D6-A16)
    gravity: int = 0                   #: 0 normal, 1 low, 2 zero, 3 high (§5.15)
    fall_full_height: bool = False     #: a fall counts its whole height (D6-A26's switch)
    medical_tech: int = 0              #: points on Medicine: -5, 0 or +5 (§6.4, D6-A36)
    combat_heal_level5_only: bool = False   #: treatment in a fight only at level 5 (D6-A34)
    disarm_vs_damage_roll: bool = False     #: a disarm against the damage roll (D6-A22's switch)
    magic_modifier: int = 0                 #: the setting's points on magic rolls, -10 .. 15 (D6-A57)
    magic_banned: bool = False              #: the setting bans magic (§7.4)
    spell_difficulty_halved: bool = False   #: a built spell's difficulty halved (D6-A43's switch)
    backlash_percent: int = 100             #: the part of a backlash that lands (D6-A49)
    scroll_use: int = 0                     #: 0 casters only, 1 anyone with a roll, 2 without (D6-A58)
    artifact_use: int = 0                   #: 1: an artifact works by itself (D6-A58)

    def _c(self) -> _Rules:
        r = _Rules()
        r.size = ctypes.sizeof(r)
        for name, _ in _Rules._fields_[1:]:
            value = getattr(self, name)
            if name in _BOOL_RULES:
                if not isinstance(value, bool):
                    raise TypeError("%s must be a bool, not %s" % (name, type(value).__name__))
                value = int(value)
            setattr(r, name, n.integer(value, name))
        return r


@dataclass(frozen=True)
class Pool:
    """One roll (cops_d6_pool): a code, ±nD, ±n points, the actions taken this round,
    Character Points, a Fate Point, a difficulty (None: the total alone). str() is its
    notation ("3D+2 -1D vs 15")."""

    code: Code
    dice_mod: int = 0
    points: int = 0
    actions: int = 1
    cp: int = 0
    fp: bool = False
    difficulty: Optional[int] = None

    def _c(self) -> _Pool:
        p = _Pool()
        if lib.cops_d6_pool_init_sized(ctypes.byref(p), ctypes.sizeof(p), self.code._c()):
            raise InvalidArgumentError("the library refuses the pool's size")
        p.dice_mod = n.integer(self.dice_mod, "dice_mod")
        p.points = n.integer(self.points, "points")
        p.actions = n.integer(self.actions, "actions")
        p.cp = n.integer(self.cp, "cp")
        if not isinstance(self.fp, bool):
            raise TypeError("fp must be a bool, not %s" % type(self.fp).__name__)
        p.fp = int(self.fp)
        p.difficulty = NO_DIFFICULTY if self.difficulty is None else n.integer(self.difficulty,
                                                                               "difficulty")
        return p

    @classmethod
    def _of(cls, p: _Pool) -> "Pool":
        return cls(Code(p.code.dice, p.code.pips), p.dice_mod, p.points, p.actions, p.cp,
                   bool(p.fp), None if p.difficulty == NO_DIFFICULTY else p.difficulty)

    def __str__(self) -> str:
        _need()
        buf = ctypes.create_string_buffer(160)
        if lib.cops_d6_pool_format(ctypes.byref(self._c()), buf, len(buf)) < 0:
            raise InvalidArgumentError("not a pool: %r" % (self,))
        return buf.value.decode()


PoolLike = Union[str, Pool]


def _pool(ctx: Context, spec: PoolLike) -> _Pool:
    _need()
    if isinstance(spec, Pool):
        return spec._c()
    p = _Pool()
    ctx._check(lib.cops_d6_pool_parse_sized(ctypes.byref(p), ctypes.sizeof(p), ctx._h,
                                            n.text(spec, "pool")))
    return p


def _rules(rules: Optional[Rules]) -> Any:
    if rules is None:
        return None
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a cops.d6.Rules, not %s" % type(rules).__name__)
    return ctypes.byref(rules._c())


def pool(ctx: Context, spec: PoolLike) -> Pool:
    """A roll's notation read (cops_d6_pool_parse)."""
    return Pool._of(_pool(ctx, spec))


@dataclass(frozen=True)
class Roll:
    """A pool rolled (a ::cops_roll of kind COPS_D6_ROLL): its dice in draw order (the free
    die last of the first ones, its chain after it), the total, and against a difficulty
    the success, its level and a critical failure. json as cops_roll_to_json() writes it."""

    pool: Pool
    dice: Tuple[Die, ...]
    dice_rolled: int
    free_face: Optional[int]     #: the free die's first face, None without one
    total: int
    success: Optional[bool]      #: None without a difficulty
    level: Optional[int]         #: total - difficulty (D6-A70)
    critical: bool
    json: str

    @property
    def faces(self) -> Tuple[int, ...]:
        return tuple(d.face for d in self.dice)

    def __str__(self) -> str:
        parts = []
        for i, d in enumerate(self.dice):
            if d.reroll_of is None:
                parts.append(str(d.face))
            else:
                parts[-1] += "\u2192%d" % d.face
        text = "[%s] %d" % (", ".join(parts), self.total)
        if self.success is not None:
            text += ": %s (%+d)" % ("success" if self.success else
                                    "critical failure" if self.critical else "failure",
                                    self.level or 0)
        return text


def roll(ctx: Context, spec: PoolLike, rules: Optional[Rules] = None) -> Roll:
    """Roll a pool (cops_d6_roll)."""
    p = _pool(ctx, spec)
    ptr = ctypes.c_void_p()
    if lib.cops_roll_new_in(ctypes.byref(ptr), ctx._h):
        raise OutOfMemoryError("no memory for a roll")
    try:
        r = ptr.value
        if isinstance(spec, str):
            ctx._check(lib.cops_d6_roll_text(r, ctx._h, n.text(spec, "pool"), _rules(rules)))
        else:
            ctx._check(lib.cops_d6_roll(r, ctx._h, ctypes.byref(p), _rules(rules)))
        assert lib.cops_roll_kind(r) == _ROLL_KIND
        face, success, parent, v = (ctypes.c_int() for _ in range(4))
        dice = []
        for i in range(lib.cops_roll_count(r)):
            lib.cops_roll_die(r, i, ctypes.byref(face), ctypes.byref(success),
                              ctypes.byref(parent))
            dice.append(Die(face.value, False, None if parent.value < 0 else parent.value))
        given = _Pool()
        given.size = ctypes.sizeof(given)
        ctx._check(lib.cops_d6_roll_pool_of(r, ctypes.byref(given)))
        ctx._check(lib.cops_d6_roll_total(r, ctypes.byref(v)))
        total = v.value
        free = lib.cops_d6_roll_free_die(r, ctypes.byref(v)) == 1
        free_face = v.value if free else None
        s = lib.cops_d6_roll_success(r)
        level = None
        if s >= 0:
            ctx._check(lib.cops_d6_roll_level(r, ctypes.byref(v)))
            level = v.value
        out = ctypes.c_void_p()
        if lib.cops_roll_to_json(r, ctypes.byref(out)):
            raise OutOfMemoryError("no memory for the roll's JSON")
        return Roll(pool=Pool._of(given), dice=tuple(dice),
                    dice_rolled=lib.cops_d6_roll_dice(r), free_face=free_face, total=total,
                    success=None if s < 0 else bool(s), level=level,
                    critical=lib.cops_d6_roll_critical(r) == 1, json=n.take_text(out.value))
    finally:
        lib.cops_roll_free(ptr.value)


@dataclass(frozen=True)
class Odds:
    """A pool's exact odds (cops_d6_odds): its expected total, and against its difficulty
    the odds of a success and of a critical failure (None without a difficulty)."""

    expected: float
    success: Optional[float]
    critical: Optional[float]


def odds(ctx: Context, spec: PoolLike, rules: Optional[Rules] = None) -> Odds:
    p = _pool(ctx, spec)
    s, c, e = ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    if p.difficulty == NO_DIFFICULTY:
        ctx._check(lib.cops_d6_odds(ctx._h, ctypes.byref(p), _rules(rules), None, None,
                                    ctypes.byref(e)))
        return Odds(e.value, None, None)
    ctx._check(lib.cops_d6_odds(ctx._h, ctypes.byref(p), _rules(rules), ctypes.byref(s),
                                ctypes.byref(c), ctypes.byref(e)))
    return Odds(e.value, s.value, c.value)


def total(ctx: Context, spec: PoolLike, k: int, rules: Optional[Rules] = None
          ) -> Tuple[float, float]:
    """(P(total >= k), P(total = k)), exactly (cops_d6_odds_total)."""
    p = _pool(ctx, spec)
    ge, eq = ctypes.c_double(), ctypes.c_double()
    ctx._check(lib.cops_d6_odds_total(ctx._h, ctypes.byref(p), _rules(rules),
                                      n.integer(k, "k"), ctypes.byref(ge), ctypes.byref(eq)))
    return ge.value, eq.value


@dataclass(frozen=True)
class Contest:
    """A contest's odds (D6 §0.5): P(a's total > b's), P(equal), P(a's < b's)."""

    greater: float
    equal: float
    less: float


def contest(ctx: Context, a: PoolLike, b: PoolLike, rules: Optional[Rules] = None) -> Contest:
    pa, pb = _pool(ctx, a), _pool(ctx, b)
    g, e, l_ = ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    ctx._check(lib.cops_d6_odds_contest(ctx._h, ctypes.byref(pa), ctypes.byref(pb),
                                        _rules(rules), ctypes.byref(g), ctypes.byref(e),
                                        ctypes.byref(l_)))
    return Contest(g.value, e.value, l_.value)


def _default_rules() -> Rules:
    r = _Rules()
    if lib.cops_d6_rules_init_sized(ctypes.byref(r), ctypes.sizeof(r)):
        raise InvalidArgumentError("the library refuses the rules' size")
    return Rules(bool(r.explode), bool(r.free_die), r.cp_dice, r.fp_factor, r.action_penalty,
                 r.difficulty, bool(r.skill_defence), bool(r.success_damage),
                 bool(r.negative_resistance), r.gravity, bool(r.fall_full_height),
                 r.medical_tech, bool(r.combat_heal_level5_only),
                 bool(r.disarm_vs_damage_roll), r.magic_modifier, bool(r.magic_banned),
                 bool(r.spell_difficulty_halved), r.backlash_percent, r.scroll_use,
                 r.artifact_use)


DEFAULT_RULES = _default_rules() if _AVAILABLE else Rules()   #: the library's own defaults
