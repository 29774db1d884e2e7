"""The objects that own a C object: a context and what is made from it (characters,
weapons, armour, encounters, scenarios). Each is freed once: by close(), a with block,
or the garbage collector."""

import ctypes
from dataclasses import dataclass
import json
import os
import threading
import weakref
from typing import (Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Type,
                    TypeVar, Union, cast)

from . import _native as n
from .errors import ERRORS, CopsError, OutOfMemoryError, RandomSourceError, StateError
from .results import AttackOdds, Die, Event, OpposedOdds, Odds, Roll

lib = n.lib
PathLike = Union[str, "os.PathLike[str]"]
HEALTH = ["healthy", "below_half", "unconscious", "dying", "dead", "dead_final"]
RESTS = ["none", "natural", "hospital"]
TREATMENTS = ["first_aid", "stabilise", "medicine"]
DAY = 86400        # COPS_DAY_SECONDS
CLOCK_MAX = 2000000000  # COPS_CLOCK_MAX
_T = TypeVar("_T", bound="_Entity")


class _Handle:
    """An owned C handle, freed once: by close(), a with block, or garbage collection.

    A handle made from a context is registered with it: closing the context first
    closes them (their C objects point to it). A character, weapon or armour in a live
    encounter cannot be closed before the encounter (the encounter borrows it)."""

    _free: Optional[Callable[[int], None]] = None
    _borrowed = False   # the C object belongs to another (a loaded encounter's)

    def __init__(self, ptr: Optional[int], ctx: Optional["Context"]) -> None:
        self._ptr = ptr
        self._ctx = ctx
        self._users = 0
        if ctx is not None and ctx is not self:
            ctx._children.add(self)

    def close(self) -> None:
        """Free the C object (once; later calls do nothing)."""
        owner = self if isinstance(self, Context) else self._ctx
        assert owner is None or isinstance(owner, Context)
        if owner is not None and owner._in_callback and self._ptr:
            # The library refuses it too: the object may be in use by the roll under way.
            raise StateError("cannot close %s from its context's dice callback"
                             % type(self).__name__)
        if self._users:
            raise ValueError("%s is still in an encounter: close the encounter first"
                             % type(self).__name__)
        ptr, self._ptr = self._ptr, None
        if ptr and not self._borrowed:
            self._release()
            free = type(self)._free
            assert free is not None
            free(ptr)

    def _release(self) -> None:
        pass

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # at interpreter exit the library may be gone
            pass

    def __enter__(self: Any) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # A copy would share the C object and free it twice: refused. A character,
    # weapon or armour is copied through its JSON (X.from_json(ctx, x.to_json())).
    def __copy__(self) -> Any:
        raise TypeError("a cops.%s cannot be copied (it owns a C object); copy a character, "
                        "weapon or armour through to_json() and from_json()"
                        % type(self).__name__)

    def __deepcopy__(self, memo: Dict[int, object]) -> Any:
        return self.__copy__()

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError("a cops.%s cannot be pickled (it owns a C object); pickle its "
                        "to_json() text" % type(self).__name__)

    @property
    def _h(self) -> int:
        if not self._ptr:
            raise ValueError("%s is closed" % type(self).__name__)
        # ctypes lets go of the GIL during a call: two threads on one context would
        # draw the same dice or race. A context and what is made from it belong to
        # the thread that made the context (docs/python.md).
        owner = self._ctx if self._ctx is not None else self
        if cast("Context", owner)._thread != threading.get_ident():
            raise RuntimeError("a cops.%s is used by the thread that made its context; "
                               "give each thread a Context of its own"
                               % type(self).__name__)
        return self._ptr

    def _check(self, rc: int) -> int:
        assert self._ctx is not None
        return self._ctx._check(rc)


class Context(_Handle):
    """The dice source and the error messages (cops_ctx).

    Context() uses the system source; Context(seed=2030) a seeded stream (an int
    0..2**64-1, or 32 bytes); Context(callback=f) asks f(sides) for each die, which
    returns 1..sides (another value, or an exception, makes the roll fail with ERNG,
    and the exception is raised again).
    """

    _free = lib.cops_ctx_free

    def __init__(self, seed: Union[int, bytes, None] = None,
                 callback: Optional[Callable[[int], int]] = None, *,
                 _allocator: Optional[int] = None) -> None:
        # _allocator: the address of a cops_allocator, for the bindings' fault sweep
        # (docs/testing.md); not part of the API.
        ptr = ctypes.c_void_p()
        if _allocator is None:
            rc = lib.cops_ctx_new(ctypes.byref(ptr))
        else:
            rc = lib.cops_ctx_new_with_allocator(ctypes.byref(ptr), _allocator)
        if rc:
            raise ERRORS.get(rc, CopsError)("no memory for a context" if rc == OutOfMemoryError.code
                                            else lib.cops_strerror(rc).decode())
        self._children: "weakref.WeakSet[_Handle]" = weakref.WeakSet()
        self._in_callback = 0
        self._thread = threading.get_ident()
        super().__init__(ptr.value, self)
        self._callback: Any = None
        self._callback_error: Optional[BaseException] = None
        if seed is not None and callback is not None:
            raise ValueError("seed and callback exclude each other")
        if seed is not None:
            self.seed(seed)
        if callback is not None:
            self.use_callback(callback)

    def _release(self) -> None:
        # Encounters, scenarios, chases and interviews first: they borrow the characters,
        # weapons and subjects.
        children = sorted(self._children, key=lambda h: not (
            isinstance(h, (Encounter, Scenario)) or getattr(h, "_borrows", False)))
        for child in children:
            child.close()

    def _check(self, rc: int) -> int:
        if rc >= 0:
            return rc
        if rc in (RandomSourceError.code, StateError.code) and self._callback_error is not None:
            exc, self._callback_error = self._callback_error, None
            raise exc
        message = lib.cops_ctx_errmsg(self._ptr).decode("utf-8") if self._ptr else ""
        if not message:
            message = lib.cops_strerror(rc).decode()
        raise ERRORS.get(rc, CopsError)(message)

    def seed(self, seed: Union[int, bytes]) -> None:
        """Seed the stream: an int 0..2**64-1 (little-endian key) or 32 bytes."""
        if isinstance(seed, (bytes, bytearray)):
            if len(seed) != 32:
                raise ValueError("a seed of bytes has 32 of them, not %d" % len(seed))
            self._check(lib.cops_ctx_seed_bytes(self._h, bytes(seed), 32))
        else:
            self._check(lib.cops_ctx_seed(self._h, n.integer(seed, "seed", 0, 2 ** 64 - 1)))
        self._callback = None

    def use_system(self) -> None:
        """Unpredictable dice (ChaCha20 keyed from the system's entropy)."""
        self._check(lib.cops_ctx_use_system(self._h))
        self._callback = None

    def use_callback(self, fn: Callable[[int], int]) -> None:
        """Dice from fn(sides) -> face."""
        if not callable(fn):
            raise TypeError("the callback must be callable")

        def trampoline(_user: object, sides: int) -> int:
            self._in_callback += 1
            try:
                face = fn(sides)
                if isinstance(face, bool) or not isinstance(face, int):
                    raise TypeError("the dice callback returned %r, not an int" % (face,))
                if not n.INT_MIN <= face <= n.INT_MAX:
                    raise OverflowError("the dice callback returned %d for a d%d" % (face, sides))
                return face
            except BaseException as exc:  # reported after C returns
                self._callback_error = exc
                return 0
            finally:
                self._in_callback -= 1

        self._callback = n.RNG_FN(trampoline)  # kept alive as long as the context uses it
        self._check(lib.cops_ctx_use_callback(self._h, self._callback, None))

    def confine(self, root: Optional[PathLike], max_bytes: int = 1 << 20) -> None:
        """Read files only under the folder root (relative paths, no way out, regular files
        of at most max_bytes, no file content in messages); None lifts it. For text from
        strangers (cops_ctx_confine)."""
        if root is None:
            self._check(lib.cops_ctx_confine(self._h, None, 0))
            return
        self._check(lib.cops_ctx_confine(self._h, n.text(os.fspath(root), "root"),
                                         n.integer(max_bytes, "max_bytes", 1, 1 << 24)))

    def die(self, sides: int) -> int:
        """One die of 10 or 6 sides from the source."""
        face = ctypes.c_int()
        self._check(lib.cops_ctx_die(self._h, n.integer(sides, "sides"), ctypes.byref(face)))
        return face.value

    def roll(self, notation: str) -> Roll:
        """Roll a notation ("4+/3 (2) +1D", docs/notation.md)."""
        return _rolled(self, lambda r: int(lib.cops_roll_notation(
            r, self._h, n.text(notation, "notation"), 0)))

    def odds(self, notation: str) -> Odds:
        """Exact odds of a notation (the same as cops.odds(ctx, notation))."""
        return odds(self, notation)

    def roll_pool(self, dice: int, threshold: int, difficulty: int,
                  unskilled: bool = False) -> Roll:
        """Roll a pool given by its numbers: dice at threshold+, difficulty (C1)."""
        return _rolled(self, lambda r: int(lib.cops_roll_pool(
            r, self._h, n.integer(dice, "dice"), n.integer(threshold, "threshold"),
            n.integer(difficulty, "difficulty"), 1 if unskilled else 0)))

    def roll_d6(self, count: int, highest: bool = False) -> Roll:
        """Roll count d6 and sum them (damage, C8.1), or keep the highest."""
        fn = lib.cops_roll_d6_highest if highest else lib.cops_roll_d6
        return _rolled(self, lambda r: int(fn(r, self._h, n.integer(count, "count"))))

    def roll_opposed(self, notation_a: str, notation_b: str,
                     min_successes: int = 0) -> Tuple[Roll, Roll, Optional[str], int]:
        """An opposed roll (C1.6): A's roll, B's roll, the winner ("a", "b" or None for
        a tie or a winner short of min_successes) and the margin."""
        a, b = self._action(notation_a), self._action(notation_b)
        ra, rb = ctypes.c_void_p(), ctypes.c_void_p()
        winner, margin = ctypes.c_int(), ctypes.c_int()
        try:
            if lib.cops_roll_new_in(ctypes.byref(ra), self._h) or \
                    lib.cops_roll_new_in(ctypes.byref(rb), self._h):
                raise OutOfMemoryError("no memory for a roll")
            self._check(lib.cops_roll_opposed(ra.value, rb.value, self._h, ctypes.byref(a),
                                              ctypes.byref(b),
                                              n.integer(min_successes, "min_successes"),
                                              ctypes.byref(winner), ctypes.byref(margin)))
            return (_read_roll(cast(int, ra.value)), _read_roll(cast(int, rb.value)),
                    {1: "a", 2: "b"}.get(winner.value), margin.value)
        finally:
            lib.cops_roll_free(ra.value)
            lib.cops_roll_free(rb.value)

    @property
    def source(self) -> str:
        """Where the dice come from: "system", "seeded" or "callback"."""
        return ["system", "seeded", "callback"][self._check(lib.cops_ctx_source(self._h))]

    @property
    def reroll_cap(self) -> int:
        """The most re-rolls of one die's chain of 10s (C1.2 RULING, default 100)."""
        return self._check(lib.cops_ctx_reroll_cap(self._h))

    @reroll_cap.setter
    def reroll_cap(self, cap: int) -> None:
        self._check(lib.cops_ctx_set_reroll_cap(self._h, n.integer(cap, "cap")))

    def _action(self, notation: str) -> Any:
        a = n._Action()
        self._check(lib.cops_action_parse_sized(ctypes.byref(a), ctypes.sizeof(a), self._h,
                                                n.text(notation, "notation")))
        return a


def _rolled(ctx: Context, fill: Callable[[int], int]) -> Roll:
    """A C roll filled by fill(roll), read into a Roll and freed. The roll is read through
    its accessors, which allocate nothing: once its dice are drawn, a roll always comes
    back whole."""
    ptr = ctypes.c_void_p()
    if lib.cops_roll_new_in(ctypes.byref(ptr), ctx._h):
        raise OutOfMemoryError("no memory for a roll")
    try:
        ctx._check(fill(cast(int, ptr.value)))
        return _read_roll(cast(int, ptr.value))
    finally:
        lib.cops_roll_free(ptr.value)


_KINDS = {1: "action", 2: "d6_sum", 3: "d6_highest"}


def _attack_odds(ctx: "Context", compute: Callable[[int], int]) -> AttackOdds:
    """The odds compute(odds object) fills (cops_attack_odds_*), as a value."""
    ptr = ctypes.c_void_p()
    ctx._check(lib.cops_attack_odds_new(ctypes.byref(ptr), ctx._h))
    try:
        ctx._check(compute(cast(int, ptr.value)))
        out = ctypes.c_void_p()
        ctx._check(lib.cops_attack_odds_to_json(ptr.value, ctypes.byref(out)))
        return AttackOdds.from_json(n.take_text(out.value))
    finally:
        lib.cops_attack_odds_free(ptr.value)


def _read_roll(r: int) -> Roll:
    face, success, parent = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    dice = []
    for i in range(lib.cops_roll_count(r)):
        lib.cops_roll_die(r, i, ctypes.byref(face), ctypes.byref(success), ctypes.byref(parent))
        dice.append(Die(face.value, bool(success.value),
                        None if parent.value < 0 else parent.value))
    kind = _KINDS[lib.cops_roll_kind(r)]
    if kind != "action":
        return Roll(kind=kind, dice=tuple(dice), total=lib.cops_roll_total(r))
    a = n._Action()
    lib.cops_roll_action_of_sized(r, ctypes.byref(a), ctypes.sizeof(a))
    buf = ctypes.create_string_buffer(128)
    lib.cops_action_format(ctypes.byref(a), buf, len(buf))
    margin = ctypes.c_int()
    lib.cops_roll_margin(r, ctypes.byref(margin))
    return Roll(kind=kind, dice=tuple(dice), action=buf.value.decode("utf-8"),
                pool=lib.cops_roll_pool_size(r), threshold=lib.cops_roll_threshold(r),
                difficulty=lib.cops_roll_difficulty(r), unskilled=bool(lib.cops_roll_unskilled(r)),
                successes=lib.cops_roll_successes(r), success=bool(lib.cops_roll_succeeded(r)),
                margin=margin.value, capped=bool(lib.cops_roll_capped(r)),
                anciennete=lib.cops_roll_anciennete(r) == 1)


def _known(x: float) -> Optional[float]:
    return None if x != x else x   # NaN: unavailable (no room for the Adrénaline die)


def odds(ctx: Context, notation: str) -> Odds:
    """Exact odds of a notation: P(success), the expected successes, and the points of C5
    (p_adrenaline and p_both are None when the pool has no room for one more die)."""
    a = ctx._action(notation)
    p, mean = ctypes.c_double(), ctypes.c_double()
    ctx._check(lib.cops_odds_success(ctx._h, ctypes.byref(a), ctypes.byref(p)))
    ctx._check(lib.cops_odds_expected(ctx._h, ctypes.byref(a), ctypes.byref(mean)))
    plain, adr, anc, both = (ctypes.c_double() for _ in range(4))
    ctx._check(lib.cops_odds_points(ctx._h, ctypes.byref(a), ctypes.byref(plain),
                                    ctypes.byref(adr), ctypes.byref(anc), ctypes.byref(both)))
    return Odds(p_success=p.value, expected_successes=mean.value,
                p_adrenaline=_known(adr.value), p_anciennete=anc.value,
                p_both=_known(both.value))


def _p(ctx: Context, fn: Any, notation: str, *args: Any) -> float:
    a = ctx._action(notation)
    p = ctypes.c_double()
    ctx._check(fn(ctx._h, ctypes.byref(a), *args, ctypes.byref(p)))
    return p.value


def _k(ctx: Context, fn: Any, notation: str, *args: Any) -> int:
    a = ctx._action(notation)
    k = ctypes.c_int()
    ctx._check(fn(ctx._h, ctypes.byref(a), *args, ctypes.byref(k)))
    return k.value


def odds_pmf(ctx: Context, notation: str, k: int) -> float:
    """P(successes = k)."""
    return _p(ctx, lib.cops_odds_pmf, notation, n.integer(k, "k"))


def odds_at_least(ctx: Context, notation: str, k: int) -> float:
    """P(successes >= k)."""
    return _p(ctx, lib.cops_odds_at_least, notation, n.integer(k, "k"))


def odds_margin_at_least(ctx: Context, notation: str, m: int) -> float:
    """P(margin >= m): MR >= m for m >= 0, ME <= -m for m < 0 (C1.3)."""
    return _p(ctx, lib.cops_odds_margin_at_least, notation, n.integer(m, "m"))


def odds_quantile(ctx: Context, notation: str, q: float) -> int:
    """The smallest k with P(successes <= k) >= q, 0 <= q < 1."""
    return _k(ctx, lib.cops_odds_quantile, notation, float(q))


def odds_dice_for(ctx: Context, notation: str, p: float) -> int:
    """The fewest dice reaching P(success) >= p at the notation's threshold and difficulty;
    NotFoundError when even 64 dice fall short."""
    return _k(ctx, lib.cops_odds_dice_for, notation, float(p))


def odds_threshold_for(ctx: Context, notation: str, p: float) -> int:
    """The worst threshold reaching P(success) >= p with the notation's pool and difficulty."""
    return _k(ctx, lib.cops_odds_threshold_for, notation, float(p))


def odds_opposed_difference(ctx: Context, notation_a: str, notation_b: str, d: int) -> float:
    """P(A's successes - B's successes = d) (C1.6)."""
    a, b = ctx._action(notation_a), ctx._action(notation_b)
    p = ctypes.c_double()
    ctx._check(lib.cops_odds_opposed_difference(ctx._h, ctypes.byref(a), ctypes.byref(b),
                                                n.integer(d, "d"), ctypes.byref(p)))
    return p.value


def opposed_odds(ctx: Context, notation_a: str, notation_b: str,
                 min_successes: int = 0) -> OpposedOdds:
    """P(A wins), P(no winner), P(B wins) of an opposed roll (C1.6)."""
    a, b = ctx._action(notation_a), ctx._action(notation_b)
    wa, tie, wb = ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    ctx._check(lib.cops_odds_opposed(ctx._h, ctypes.byref(a), ctypes.byref(b),
                                     n.integer(min_successes, "min_successes"),
                                     ctypes.byref(wa), ctypes.byref(tie), ctypes.byref(wb)))
    return OpposedOdds(p_a=wa.value, p_none=tie.value, p_b=wb.value)


# ---------------------------------------------------------------- entities


class _Entity(_Handle):
    _from_json: Any = None
    _load: Any = None
    _to_json: Any = None
    _name: Any = None

    def __init__(self, ctx: Context, ptr: Optional[int]) -> None:
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        super().__init__(ptr, ctx)

    @classmethod
    def _made(cls: Type[_T], ctx: Context, make: Any, *args: Any) -> _T:
        """One made by make(&ptr, ctx, *args), the context checked first."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(make(ctypes.byref(ptr), ctx._h, *args))
        return cls(ctx, ptr.value)

    @classmethod
    def from_json(cls: Type[_T], ctx: Context, text: Union[str, Dict[str, Any]]) -> _T:
        """Read one from JSON text (or a dict), as its file has it."""
        if isinstance(text, dict):
            text = json.dumps(text, ensure_ascii=False)
        return cls._made(ctx, cls._from_json, n.text(text, "json"))

    @classmethod
    def load(cls: Type[_T], ctx: Context, path: PathLike) -> _T:
        """Read one from a JSON file."""
        return cls._made(ctx, cls._load, n.text(os.fspath(path), "path"))

    @property
    def name(self) -> str:
        """Its name."""
        return n.c_text(type(self)._name(self._h))

    def to_json(self) -> str:
        """Its JSON, as the library writes it (a file reads back the same)."""
        out = ctypes.c_void_p()
        self._check(type(self)._to_json(self._h, ctypes.byref(out)))
        return n.take_text(out.value)

    def to_dict(self) -> Dict[str, Any]:
        """Its JSON as a dict."""
        out: Dict[str, Any] = json.loads(self.to_json())
        return out


class Character(_Entity):
    """A character (cops_character), from a JSON sheet (docs/sheets.md)."""

    _free = lib.cops_character_free
    _from_json = lib.cops_character_from_json
    _load = lib.cops_character_load
    _to_json = lib.cops_character_to_json
    _name = lib.cops_character_name

    @classmethod
    def new(cls, ctx: Context, name: str) -> "Character":
        """A character with every characteristic at 1 and no skill."""
        c = cls._made(ctx, lib.cops_character_new)
        try:
            c.name = name
        except BaseException:
            c.close()   # no half-made character left behind
            raise
        return c

    @property
    def name(self) -> str:
        """The character's name (at most 127 bytes of clean UTF-8)."""
        return n.c_text(lib.cops_character_name(self._h))

    @name.setter
    def name(self, value: str) -> None:
        self._check(lib.cops_character_set_name(self._h, n.text(value, "name")))

    @property
    def hp(self) -> int:
        """Hit points now (C8.2)."""
        v = ctypes.c_int()
        self._check(lib.cops_character_hp(self._h, ctypes.byref(v)))
        return v.value

    @hp.setter
    def hp(self, value: int) -> None:
        self._check(lib.cops_character_set_hp(self._h, n.integer(value, "hp")))

    @property
    def max_hp(self) -> int:
        """Hit points at full health."""
        return self._check(lib.cops_character_max_hp(self._h))

    @max_hp.setter
    def max_hp(self, value: int) -> None:
        self._check(lib.cops_character_set_max_hp(self._h, n.integer(value, "max_hp")))

    @property
    def health(self) -> str:
        """"healthy", "below_half", "unconscious", "dying", "dead" (clinically) or
        "dead_final" (C8.2)."""
        return HEALTH[self._check(lib.cops_character_health(self._h))]

    def health_name(self, lang: str = "fr") -> str:
        """The health state in words ("en forme"; "healthy"; "en forma")."""
        return n.c_text(lib.cops_health_name(self._check(lib.cops_character_health(self._h)),
                                             n.lang_code(lang)))

    @property
    def conditions(self) -> int:
        """The conditions, as COPS_COND_* bits."""
        return self._check(lib.cops_character_conditions(self._h))

    def roll(self, notation: str, adrenaline: bool = False,
             not_an_action: bool = False) -> Roll:
        """Roll for the character: "Arme de poing/Coordination (2)" (docs/notation.md);
        adrenaline spends a point for one more die (C5). One who cannot act (0 hit points or
        below, out of the fight, knocked out: C8.2) cannot roll (RuleError naming the state)
        unless not_an_action says the roll is none of the character's actions (a GM's)."""
        return _rolled(cast(Context, self._ctx), lambda r: int(lib.cops_character_roll(
            r, self._h, n.text(notation, "notation"), _roll_flags(adrenaline, not_an_action))))

    def odds(self, notation: str) -> float:
        """Exact P(success) of a roll of the character."""
        a = n._Action()
        self._check(lib.cops_character_action_sized(ctypes.byref(a), ctypes.sizeof(a), self._h,
                                                    n.text(notation, "notation"), 0))
        p = ctypes.c_double()
        self._check(lib.cops_odds_success(cast(Context, self._ctx)._h, ctypes.byref(a),
                                          ctypes.byref(p)))
        return p.value

    def save(self, path: PathLike) -> None:
        """Write the sheet to a file."""
        self._check(lib.cops_character_save(self._h, n.text(os.fspath(path), "path")))

    def points(self, kind: str) -> Tuple[int, int]:
        """The current and maximum points of "adrenaline" or "anciennete" (C5)."""
        cur, top = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_character_points(self._h, _points_kind(kind), ctypes.byref(cur),
                                              ctypes.byref(top)))
        return cur.value, top.value

    def set_points(self, adrenaline_max: int, anciennete_max: int) -> None:
        """Set both maxima (at most 5 together, C5); the current points become them."""
        self._check(lib.cops_character_set_points(self._h, n.integer(adrenaline_max, "adrenaline_max"),
                                                  n.integer(anciennete_max, "anciennete_max")))

    def set_current_points(self, kind: str, current: int) -> None:
        """Set the current points of one kind, 0 .. its maximum."""
        self._check(lib.cops_character_set_current_points(self._h, _points_kind(kind),
                                                          n.integer(current, "current")))

    def recover_point(self, kind: str) -> None:
        """A full night of sleep: one point of that kind comes back (C5); RuleError at the
        maximum."""
        self._check(lib.cops_character_recover(self._h, _points_kind(kind)))

    def spend_permanently(self, kind: str) -> None:
        """Spend a point for good (a training course, C5 RULING): the maximum goes down."""
        self._check(lib.cops_character_spend_permanently(self._h, _points_kind(kind)))

    def roll_with_anciennete(self, notation: str,
                             adrenaline: bool = False) -> Tuple[Roll, Optional[Roll]]:
        """Roll for the character and, on a failure, spend an Ancienneté point to roll again
        (C5): the first roll, and the re-roll (None when the first succeeded). A success
        after the re-roll has margin 0. One who cannot act cannot (RuleError, C8.2)."""
        flags = _roll_flags(adrenaline, False)
        ctx = cast(Context, self._ctx)
        first, again = ctypes.c_void_p(), ctypes.c_void_p()
        if lib.cops_roll_new_in(ctypes.byref(first), ctx._h):
            raise OutOfMemoryError("no memory for a roll")
        try:
            self._check(lib.cops_character_roll(first.value, self._h,
                                                n.text(notation, "notation"), flags))
            if lib.cops_roll_succeeded(first.value):
                return _read_roll(cast(int, first.value)), None
            if lib.cops_roll_new_in(ctypes.byref(again), ctx._h):
                raise OutOfMemoryError("no memory for a roll")
            self._check(lib.cops_character_reroll(again.value, self._h, first.value))
            return _read_roll(cast(int, first.value)), _read_roll(cast(int, again.value))
        finally:
            lib.cops_roll_free(first.value)
            lib.cops_roll_free(again.value)

    def characteristic(self, name: Union[str, int]) -> int:
        """A characteristic's value, 1..5 (C2): by name in any spelling."""
        return self._check(lib.cops_character_characteristic(
            self._h, n.parsed(lib.cops_characteristic_parse, name, "characteristic")))

    def set_characteristic(self, name: Union[str, int], value: int) -> None:
        """Set a characteristic, 1..5."""
        self._check(lib.cops_character_set_characteristic(
            self._h, n.parsed(lib.cops_characteristic_parse, name, "characteristic"),
            n.integer(value, "value")))

    def skill(self, name: Union[str, int]) -> Optional[int]:
        """A skill's level (its threshold, 2..9), None when the character lacks it."""
        level = self._check(lib.cops_character_skill(
            self._h, n.parsed(lib.cops_skill_parse, name, "skill")))
        return level or None

    def set_skill(self, name: Union[str, int], level: int,
                  specialisations: Iterable[str] = ()) -> None:
        """Give the character a skill at a level (2..9) with its specialisations (C3)."""
        skill = n.parsed(lib.cops_skill_parse, name, "skill")
        specs = [n.text(x, "specialisation") for x in specialisations]
        self._check(lib.cops_character_set_skill(self._h, skill, n.integer(level, "level"),
                                                 specs[0] if specs else None))
        for x in specs[1:]:
            self._check(lib.cops_character_add_specialisation(self._h, skill, x))

    def remove_skill(self, name: Union[str, int]) -> None:
        """The character no longer has the skill."""
        self._check(lib.cops_character_remove_skill(
            self._h, n.parsed(lib.cops_skill_parse, name, "skill")))

    def specialisations(self, name: Union[str, int]) -> List[str]:
        """The character's specialisations in a skill."""
        skill = n.parsed(lib.cops_skill_parse, name, "skill")
        count = self._check(lib.cops_character_specialisation_count(self._h, skill))
        return [n.c_text(lib.cops_character_specialisation(self._h, skill, i))
                for i in range(count)]

    def damage(self, amount: int) -> None:
        """Take damage (C8.2): the hit points go down, the health follows."""
        self._check(lib.cops_character_damage(self._h, n.integer(amount, "amount", 0)))

    def heal(self, amount: int) -> None:
        """Heal hit points, never past the maximum (RuleError for the dead)."""
        self._check(lib.cops_character_heal(self._h, n.integer(amount, "amount", 0)))

    # Wounds over time (<cops/heal.h>, docs/healing.md). log is a cops.Log or None; id
    # is the id events give the character.

    @property
    def time(self) -> int:
        """The character's clock in seconds."""
        v = ctypes.c_int()
        self._check(lib.cops_character_time(self._h, ctypes.byref(v)))
        return v.value

    def advance(self, seconds: int, log: Optional[Any] = None, id: int = 0) -> None:
        """Let time pass (C8.2, C8.5, C8.6): the dying bleed, rest heals; all or nothing."""
        self._check(lib.cops_character_advance(self._h, n.integer(seconds, "seconds", 0, CLOCK_MAX),
                                               _log_of(log), n.integer(id, "id", -1)))

    def bleeding(self) -> Tuple[int, int, List[str]]:
        """(rounds between losses, 0 when not bleeding; the clock's second of the next loss;
        the stabilisations made on this wound, "stabilise" and "medicine")."""
        period, nxt, made = ctypes.c_int(), ctypes.c_int(), ctypes.c_uint()
        self._check(lib.cops_character_bleeding(self._h, ctypes.byref(period), ctypes.byref(nxt),
                                                ctypes.byref(made)))
        return period.value, nxt.value, [k for i, k in enumerate(TREATMENTS) if made.value >> i & 1]

    @property
    def lost_recently(self) -> int:
        """Hit points lost in the last ten minutes less those healed then (C8.4, C8.8)."""
        return self._check(lib.cops_character_lost_recently(self._h))

    @property
    def lasting_wounds(self) -> int:
        """Lasting wounds taken (C8.3)."""
        return self._check(lib.cops_character_lasting_wounds(self._h))

    @lasting_wounds.setter
    def lasting_wounds(self, value: int) -> None:
        self._check(lib.cops_character_set_lasting_wounds(self._h, n.integer(value, "lasting_wounds", 0, 1000)))

    def set_rest(self, rest: str, fixed: int = 0, log: Optional[Any] = None, id: int = 0) -> None:
        """Rest from now on: "none", "natural" or "hospital" (fixed: a hospital's gain a day,
        2..12, 0 for 2d6), as C8.6 allows it (RuleError otherwise)."""
        if rest not in RESTS:
            raise ValueError("rest must be one of %s, not %r" % (", ".join(RESTS), rest))
        self._check(lib.cops_character_set_rest(self._h, RESTS.index(rest),
                                                n.integer(fixed, "fixed", 0, 12), _log_of(log),
                                                n.integer(id, "id", -1)))

    @property
    def rest(self) -> Tuple[str, int, int]:
        """(the kind of rest, the hospital's fixed gain or 0, the clock's second it began)."""
        kind, value, since = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_character_rest(self._h, ctypes.byref(kind), ctypes.byref(value),
                                            ctypes.byref(since)))
        return RESTS[kind.value], value.value, since.value

    def night(self, kind: Optional[str], seconds: int = 8 * 3600, log: Optional[Any] = None,
              id: int = 0) -> None:
        """A full night (C5): time passes, then a point of kind ("adrenaline",
        "anciennete", or None) comes back; RuleError at that kind's maximum."""
        k = -1 if kind is None else _points_kind(kind)
        self._check(lib.cops_character_night(self._h, k, n.integer(seconds, "seconds", 1, CLOCK_MAX),
                                             _log_of(log), n.integer(id, "id", -1)))

    def revive(self, log: Optional[Any] = None, id: int = 0) -> None:
        """Revive the clinically dead (C8.7 RULING): -max + 1, dying."""
        self._check(lib.cops_character_revive(self._h, _log_of(log), n.integer(id, "id", -1)))

    def declare_dead(self, log: Optional[Any] = None, id: int = 0) -> None:
        """Declare a clinical death final (C8.2 RULING)."""
        self._check(lib.cops_character_declare_dead(self._h, _log_of(log), n.integer(id, "id", -1)))

    @property
    def max_hp_is_set(self) -> bool:
        """The maximum was given (a sheet's hit_points.max), not derived from Carrure."""
        return bool(self._check(lib.cops_character_max_hp_is_set(self._h)))

    def recovery(self) -> Tuple[int, int]:
        """The pending recovery of a character out of the fight (C10.4): its difficulty
        before any round elapsed, and the rounds elapsed."""
        d, r = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_character_recovery(self._h, ctypes.byref(d), ctypes.byref(r)))
        return d.value, r.value

    def set_recovery(self, difficulty: int) -> None:
        """Put the character out of the fight with a recovery of this difficulty (C10.4)."""
        self._check(lib.cops_character_set_recovery(self._h, n.integer(difficulty, "difficulty")))

    def set_conditions(self, conditions: int, on: bool = True) -> None:
        """Set (or clear, on=False) conditions, as COPS_COND_* bits (CONDITIONS)."""
        self._check(lib.cops_character_set_conditions(self._h, n.integer(conditions, "conditions", 0),
                                                      1 if on else 0))


    # Relations (C9, docs/relations.md).

    def add_relation(self, name: str, kind: str, level: int, upkeep: Optional[str] = None) -> int:
        """A relation (C9): "ally" or "informant" (or their French names), level 1..4, at
        most two at level 4 (RuleError); upkeep one of its kind's ("money", "information"
        or "services" for an informant, "favours" for an ally: another is a RuleError and
        adds nothing), or None for the kind's default (money, favours). Returns its index."""
        k = n.parsed(lib.cops_relation_kind_parse, kind, "kind")
        i = ctypes.c_int()
        self._check(lib.cops_character_add_relation(self._h, n.text(name, "name"), k,
                                                    n.integer(level, "level"), ctypes.byref(i)))
        if upkeep is not None:
            try:
                self.set_relation_upkeep(i.value, upkeep)
            except Exception:
                lib.cops_character_remove_relation(self._h, i.value)   # all or nothing
                raise
        return i.value

    def _relation_index(self, relation: Union[int, str]) -> int:
        if isinstance(relation, str):
            found = int(lib.cops_character_find_relation(self._h, n.text(relation, "relation")))
            if found < 0:
                raise KeyError("no relation named %r" % (relation,))
            return found
        i = n.integer(relation, "relation")
        if not 0 <= i < lib.cops_character_relation_count(self._h):
            raise IndexError("no relation %d" % i)
        return i

    def relation(self, relation: Union[int, str]) -> "Relation":
        """A relation by index or name (folded)."""
        i = self._relation_index(relation)
        r = n.Relation(size=ctypes.sizeof(n.Relation))
        self._check(lib.cops_character_relation(self._h, i, ctypes.byref(r)))
        domains: Dict[str, int] = {}
        for k in range(r.domains):
            name, rating = ctypes.c_char_p(), ctypes.c_int()
            self._check(lib.cops_relation_domain(self._h, i, k, ctypes.byref(name),
                                                 ctypes.byref(rating)))
            domains[n.c_text(name.value)] = rating.value
        pushed = list(domains)[r.pushed] if r.pushed >= 0 else None
        return Relation(n.c_text(r.name), RELATION_KINDS[r.kind], r.level,
                        UPKEEPS[r.upkeep], domains, pushed)

    @property
    def relations(self) -> List["Relation"]:
        """Every relation, in order."""
        return [self.relation(i) for i in range(lib.cops_character_relation_count(self._h))]

    def remove_relation(self, relation: Union[int, str]) -> None:
        """Remove a relation (the later ones move down by one)."""
        self._check(lib.cops_character_remove_relation(self._h, self._relation_index(relation)))

    def set_relation_level(self, relation: Union[int, str], level: int) -> None:
        """A relation's level 1..4 (RuleError for a third level 4, C9)."""
        self._check(lib.cops_character_set_relation_level(
            self._h, self._relation_index(relation), n.integer(level, "level")))

    def set_relation_upkeep(self, relation: Union[int, str], upkeep: str) -> None:
        """A relation's upkeep, one of its kind's (C9): "money", "information" or "services"
        for an informant, "favours" for an ally (RuleError for another); "none" sets the
        kind's default (money, favours)."""
        if upkeep not in UPKEEPS:
            raise ValueError("upkeep must be one of %s, not %r" % (", ".join(UPKEEPS), upkeep))
        self._check(lib.cops_character_set_relation_upkeep(
            self._h, self._relation_index(relation), UPKEEPS.index(upkeep)))

    def set_domain(self, relation: Union[int, str], domain: str, rating: int) -> None:
        """Rate a knowledge domain -3..+1 (C9)."""
        self._check(lib.cops_relation_set_domain(self._h, self._relation_index(relation),
                                                 n.text(domain, "domain"),
                                                 n.integer(rating, "rating")))

    def remove_domain(self, relation: Union[int, str], domain: str) -> None:
        """Stop rating a domain."""
        self._check(lib.cops_relation_remove_domain(self._h, self._relation_index(relation),
                                                    n.text(domain, "domain")))

    def push(self, relation: Union[int, str], domain: str) -> None:
        """Push a contact (C9): +1 in one domain while it lasts, at a risk to the contact;
        one push at a time (StateError)."""
        self._check(lib.cops_relation_push(self._h, self._relation_index(relation),
                                           n.text(domain, "domain")))

    def release(self, relation: Union[int, str]) -> None:
        """End a relation's push."""
        self._check(lib.cops_relation_release(self._h, self._relation_index(relation)))

    def information(self, relation: Union[int, str], domain: str) -> int:
        """The level of information in a domain (C9 RULING): the level plus the domain's
        rating, +1 when pushed there; 0 or less: nothing."""
        v = ctypes.c_int()
        self._check(lib.cops_relation_information(self._h, self._relation_index(relation),
                                                  n.text(domain, "domain"), ctypes.byref(v)))
        return v.value


RELATION_KINDS = ["ally", "informant"]
UPKEEPS = ["none", "money", "information", "services", "favours"]


@dataclass(frozen=True)
class Relation:
    """A relation of a cop (C9)."""

    name: str
    kind: str                  #: "ally" or "informant"
    level: int                 #: 1..4
    upkeep: str                #: "money", "information", "services" (informants), "favours" (allies)
    domains: Dict[str, int]    #: knowledge domains rated -3..+1, in order
    pushed: Optional[str]      #: the domain pushed, or None

    def level_name(self, lang: str = "fr") -> str:
        """The level's name: "réglo", "à la vie à la mort"; "straight", "for life"."""
        return n.c_text(lib.cops_relation_level_name(RELATION_KINDS.index(self.kind),
                                                     self.level, n.lang_code(lang)))


def _log_of(log: Optional[Any]) -> Optional[int]:
    """A cops.Log's handle, or None."""
    if log is None:
        return None
    if not getattr(log, "_is_log", False):   # a cops.Log (fight.py, which imports this module)
        raise TypeError("log must be a cops.Log or None")
    handle: Optional[int] = log._h
    return handle


def _roll_flags(adrenaline: bool, not_an_action: bool) -> int:
    for name, flag in (("adrenaline", adrenaline), ("not_an_action", not_an_action)):
        if not isinstance(flag, bool):
            raise TypeError("%s must be a bool" % name)
    return (n.ADRENALINE_DIE if adrenaline else 0) | (n.NOT_AN_ACTION if not_an_action else 0)


def _points_kind(kind: str) -> int:
    kinds = {"adrenaline": 0, "anciennete": 1}
    if kind not in kinds:
        raise ValueError("kind must be 'adrenaline' or 'anciennete', not %r" % (kind,))
    return kinds[kind]


# Conditions (COPS_COND_*), by name.
CONDITIONS = {"out": 1, "shaken": 2, "no_negative_initiative": 4, "held": 8, "on_ground": 16,
              "pinned": 32, "lasting_wound": 64, "stopped": 128, "knocked_out": 256}


class Weapon(_Entity):
    """A weapon (cops_weapon), from a JSON file (docs/weapons.md)."""

    _free = lib.cops_weapon_free
    _from_json = lib.cops_weapon_from_json
    _load = lib.cops_weapon_load
    _to_json = lib.cops_weapon_to_json
    _name = lib.cops_weapon_name

    def __getitem__(self, field: str) -> int:
        """weapon["pu"], weapon["loaded"] ... (pr pu fa range magazine loaded ct vrc vc)."""
        index = ctypes.c_int()
        if lib.cops_weapon_field_parse(n.text(field, "field"), ctypes.byref(index)):
            raise KeyError(field)
        v = ctypes.c_int()
        self._check(lib.cops_weapon_get(self._h, index.value, ctypes.byref(v)))
        return v.value

    def reload(self) -> None:
        """Fill the magazine."""
        self._check(lib.cops_weapon_reload(self._h))

    @classmethod
    def new(cls, ctx: Context, kind: Union[str, int], name: str) -> "Weapon":
        """A weapon of a kind ("handgun", "blade" ...), its PR/PU/FA read from a name in
        the rules' code ("Vulcan 051") or 0."""
        return cls._made(ctx, lib.cops_weapon_new,
                         n.parsed(lib.cops_weapon_kind_parse, kind, "kind"),
                         n.text(name, "name"))

    def __setitem__(self, field: str, value: int) -> None:
        """weapon["pu"] = 6 (docs/weapons.md gives each field's range)."""
        index = ctypes.c_int()
        if lib.cops_weapon_field_parse(n.text(field, "field"), ctypes.byref(index)):
            raise KeyError(field)
        self._check(lib.cops_weapon_set(self._h, index.value, n.integer(value, field)))

    @property
    def kind(self) -> str:
        """"handgun", "shoulder arm", "heavy weapon", "blade", "blunt", "unarmed", "thrown"."""
        return n.c_text(lib.cops_weapon_kind_name(self._check(lib.cops_weapon_kind(self._h)), 1))

    @property
    def skill(self) -> str:
        """The skill it is used with."""
        return n.c_text(lib.cops_skill_name(self._check(lib.cops_weapon_skill(self._h)), 0))

    @property
    def specialisation(self) -> str:
        """The specialisation it is used with ("" for none)."""
        return n.c_text(lib.cops_weapon_specialisation(self._h))

    def set_skill(self, skill: Union[str, int], specialisation: Optional[str] = None) -> None:
        """Use it with another skill (and specialisation)."""
        self._check(lib.cops_weapon_set_skill(
            self._h, n.parsed(lib.cops_skill_parse, skill, "skill"),
            None if specialisation is None else n.text(specialisation, "specialisation")))


class Armour(_Entity):
    """Armour (cops_armour), from a JSON file (docs/weapons.md)."""

    _free = lib.cops_armour_free
    _from_json = lib.cops_armour_from_json
    _load = lib.cops_armour_load
    _to_json = lib.cops_armour_to_json
    _name = lib.cops_armour_name

    @classmethod
    def new(cls, ctx: Context, name: str) -> "Armour":
        """Armour protecting nothing yet."""
        return cls._made(ctx, lib.cops_armour_new, n.text(name, "name"))

    def protection(self, location: Union[str, int]) -> Tuple[int, int]:
        """(dice, fixed) at a location ("torso", "head" ... any spelling)."""
        d, f = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_armour_get(self._h, n.parsed(lib.cops_location_parse, location,
                                                          "location"),
                                        ctypes.byref(d), ctypes.byref(f)))
        return d.value, f.value

    def set_protection(self, location: Union[str, int], dice: int, fixed: int) -> None:
        """Protect a location with dice d6 plus fixed points."""
        self._check(lib.cops_armour_set(self._h, n.parsed(lib.cops_location_parse, location,
                                                          "location"),
                                        n.integer(dice, "dice"), n.integer(fixed, "fixed")))

    @property
    def against_throws(self) -> bool:
        """It protects against throws too."""
        return bool(self._check(lib.cops_armour_against_throws(self._h)))

    @against_throws.setter
    def against_throws(self, yes: bool) -> None:
        self._check(lib.cops_armour_set_against_throws(self._h, 1 if yes else 0))


# ---------------------------------------------------------------- encounters


class _LogView(_Handle):
    """A handle that keeps an event log (_log()): its events as JSON Lines, as Events,
    narrated, and its limit."""

    def _log(self) -> int:
        raise NotImplementedError

    def jsonl(self) -> str:
        """The events as JSON Lines, byte for byte as the C library writes them."""
        out = ctypes.c_void_p()
        self._check(lib.cops_log_to_jsonl(self._log(), 0, ctypes.byref(out)))
        return n.take_text(out.value)

    @property
    def events(self) -> List[Event]:
        """The events (docs/events.md)."""
        return [Event.from_json(line) for line in self.jsonl().splitlines()]

    def narrate(self, lang: str = "fr") -> str:
        """The events told for players, one line each, in "fr", "en" or "es"."""
        out = ctypes.c_void_p()
        self._check(lib.cops_log_narrate(self._log(), 0, n.lang_code(lang), ctypes.byref(out)))
        return n.take_text(out.value)

    @property
    def log_limit(self) -> int:
        """The most events the log holds (0: no limit); a round past it raises RangeError."""
        return self._check(lib.cops_log_limit(self._log()))

    @log_limit.setter
    def log_limit(self, events: int) -> None:
        self._check(lib.cops_log_set_limit(self._log(), n.integer(events, "events", 0, n.INT_MAX)))


def _log_handle(log: Any) -> Any:
    """The C log of a cops.Log, or of a fight or an encounter that keeps one; anything else
    is refused before it reaches the library."""
    if isinstance(log, _LogView):
        return log._log()
    if getattr(type(log), "_is_log", False):
        return log._h
    raise TypeError("expected a cops.Log, or a fight or an encounter that keeps one")


class _EncounterView(_LogView):
    """What Encounter and Scenario share: rounds, the result, the log."""

    def _e(self) -> int:
        raise NotImplementedError

    def _log(self) -> int:
        return cast(int, lib.cops_encounter_log(self._e()))

    def aftermath(self, difficulty: int = 1, seconds: int = 600) -> None:
        """After a fight that is over: the dying stabilised, first aid, then time passes
        (cops_encounter_aftermath, docs/healing.md); the events go to the log."""
        self._check(lib.cops_encounter_aftermath(self._e(), n.integer(difficulty, "difficulty", 1, 3),
                                                 n.integer(seconds, "seconds", 0, CLOCK_MAX)))

    @property
    def aftermath_done(self) -> bool:
        """The aftermath was played."""
        return bool(self._check(lib.cops_encounter_aftermath_done(self._e())))

    def save(self) -> str:
        """The fight as it is now, as JSON text to resume it with Encounter.load(): between
        rounds or with the declarations of a round under way (cops_encounter_save)."""
        out = ctypes.c_void_p()
        self._check(lib.cops_encounter_save(self._e(), ctypes.byref(out)))
        return n.take_text(out.value)

    def save_file(self, path: PathLike) -> None:
        """save() to a file."""
        self._check(lib.cops_encounter_save_file(self._e(), n.text(os.fspath(path), "path")))

    def run(self) -> None:
        """Run rounds to the end of the fight (the default policy for every combatant
        not controlled)."""
        self._check(lib.cops_encounter_run(self._e()))

    def run_round(self) -> None:
        """Run one round with the default policy."""
        self._check(lib.cops_encounter_run_round(self._e()))

    def seed(self, seed: int) -> None:
        """Seed the context and record the seed in the log's start."""
        self._check(lib.cops_encounter_seed(self._e(), n.integer(seed, "seed", 0, 2 ** 64 - 1)))

    @property
    def over(self) -> bool:
        """The fight is over."""
        return bool(self._check(lib.cops_encounter_over(self._e())))

    @property
    def round(self) -> int:
        """The current round (0 before the first)."""
        return self._check(lib.cops_encounter_round(self._e()))

    @property
    def ruleset(self) -> str:
        """The combat rules: "core", or "alternative" (002, docs/alternative-rules.md);
        set before the first round (or after reset())."""
        r = self._check(lib.cops_encounter_ruleset(self._e()))
        return n.c_text(lib.cops_ruleset_name(r))

    @ruleset.setter
    def ruleset(self, name: str) -> None:
        self._check(lib.cops_encounter_set_ruleset(
            self._e(), n.parsed(lib.cops_ruleset_parse, name, "ruleset")))

    @property
    def winner(self) -> Optional[int]:
        """The winning side, None when nobody won; StateError while the fight goes on."""
        w = ctypes.c_int()
        self._check(lib.cops_encounter_get_winner(self._e(), ctypes.byref(w)))
        return None if w.value < 0 else w.value

class Encounter(_EncounterView):
    """A fight (cops_encounter). It keeps the characters, weapons and armour added to it
    alive as long as it lives."""

    _free = lib.cops_encounter_free

    def __init__(self, ctx: Context) -> None:
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_encounter_new(ctypes.byref(ptr), ctx._h, 0))
        super().__init__(ptr.value, ctx)
        self._kept: List[_Handle] = []
        self._anciennete: Optional[Any] = None

    def _keep(self, thing: _Handle) -> None:
        self._kept.append(thing)
        thing._users += 1

    def _release(self) -> None:
        for thing in self._kept:
            thing._users -= 1
            if thing._borrowed:
                thing._ptr = None   # freed with the encounter that owned it
        self._kept = []

    @classmethod
    def load(cls, ctx: Context, text: str) -> "Encounter":
        """Rebuild a fight saved by save() (cops_encounter_load, docs/encounters.md). It owns
        the characters, weapons and armour it was rebuilt with: character(id), weapons(id) and
        armour(id) give them, usable while the encounter is open. A seeded save puts the
        context's dice where the save was."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_encounter_load(ctypes.byref(ptr), ctx._h, n.text(text, "text")))
        return cls._adopting(ctx, ptr.value)

    @classmethod
    def load_file(cls, ctx: Context, path: PathLike) -> "Encounter":
        """load() from a file (confined by Context.confine)."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_encounter_load_file(ctypes.byref(ptr), ctx._h,
                                                n.text(os.fspath(path), "path")))
        return cls._adopting(ctx, ptr.value)

    @classmethod
    def _adopting(cls, ctx: Context, ptr: Optional[int]) -> "Encounter":
        e = cls.__new__(cls)
        _EncounterView.__init__(e, ptr, ctx)
        e._kept = []
        e._anciennete = None
        seen = set()
        count = lib.cops_encounter_count(ptr)
        for i in range(count):
            found: List[Tuple[Optional[int], Type[_Entity]]] = [
                (lib.cops_encounter_character(ptr, i), Character),
                (lib.cops_encounter_armour(ptr, i), Armour)]
            found += [(lib.cops_encounter_weapon_at(ptr, i, k), Weapon)
                      for k in range(lib.cops_encounter_weapon_count(ptr, i))]
            for p, kind in found:
                if p and p not in seen:
                    seen.add(p)
                    thing = kind(ctx, p)
                    thing._borrowed = True
                    e._keep(thing)
        return e


    def _e(self) -> int:
        return self._h

    def add(self, character: Character, side: int, x: int = 0, y: int = 0,
            weapons: Iterable[Weapon] = (), armour: Optional[Armour] = None,
            controlled: bool = False) -> int:
        """Add a combatant; returns its id. Every argument is checked before the
        combatant is added; should the library refuse a weapon (one another combatant
        carries), the combatant leaves again and the error is raised."""
        if not isinstance(character, Character):
            raise TypeError("character must be a cops.Character")
        weapons = list(weapons)
        if not all(isinstance(w, Weapon) for w in weapons):
            raise TypeError("weapons must be cops.Weapon")
        if len(weapons) > n.WEAPONS_MAX:
            raise ValueError("at most %d weapons, not %d" % (n.WEAPONS_MAX, len(weapons)))
        if len(set(map(id, weapons))) != len(weapons):
            raise ValueError("a weapon is given twice")
        if any(w is k for w in weapons for k in self._kept):
            raise ValueError("a weapon is already carried in this encounter")
        if armour is not None and not isinstance(armour, Armour):
            raise TypeError("armour must be a cops.Armour")
        if not isinstance(controlled, bool):
            raise TypeError("controlled must be a bool")
        side, x, y = n.integer(side, "side"), n.integer(x, "x"), n.integer(y, "y")
        ident = ctypes.c_int()
        self._check(lib.cops_encounter_add(self._h, character._h, side, x, y,
                                           ctypes.byref(ident)))
        try:
            for w in weapons:
                self._check(lib.cops_encounter_give_weapon(self._h, ident.value, w._h))
            if armour is not None:
                self._check(lib.cops_encounter_set_armour(self._h, ident.value, armour._h))
            if controlled:
                self._check(lib.cops_encounter_set_controlled(self._h, ident.value, 1))
        except CopsError:
            lib.cops_encounter_remove(self._h, ident.value)
            raise
        things: List[_Handle] = [character, *weapons]
        if armour is not None:
            things.append(armour)
        for thing in things:
            self._keep(thing)
        return ident.value

    def remove(self, ident: int) -> None:
        """The combatant leaves (between rounds)."""
        self._check(lib.cops_encounter_remove(self._h, n.integer(ident, "id")))

    def begin_round(self) -> None:
        """Start a round: declarations come next."""
        self._check(lib.cops_encounter_begin_round(self._h))

    def declare(self, ident: int, action: Union[str, int], target: Optional[int] = None,
                attitude: Union[str, int] = "Normal", initiative: int = 0, shots: int = 1,
                to: Optional[Tuple[int, int]] = None, weapon: int = 0,
                difficulty: int = 3, dice_mod: int = 0, threshold_mod: int = 0,
                difficulty_mod: int = 0, long_move: bool = False,
                adrenaline: bool = False, anciennete: bool = False, aim: int = 0,
                bullets: int = 0, circumstances: int = 0, keep: int = 0) -> None:
        """Declare for a combatant: action "shoot", "burst", "cover", "melee", "strike",
        "hold", "throw", "escape", "move", "reload", "draw", "stand_up", "first_aid",
        "medicine", "wait"; attitude a name or -2..2; to an (x, y) to move to first; the GM's modifiers
        of the action's roll (C1.7); long_move: the GM allows a move beyond 10 m (C6.3),
        the malus in dice_mod; adrenaline spends a point for one more die on the attack's
        roll (C5); anciennete spends a point on each roll of the combatant that fails this
        round, while points last, to roll it again (C5). Under the alternative rules
        (docs/alternative-rules.md) initiative is 0 (it is rolled); aim, bullets,
        circumstances and keep are theirs (A1.2, A2)."""
        d = self._declaration(action, target=target, attitude=attitude, initiative=initiative, shots=shots, to=to, weapon=weapon, difficulty=difficulty, dice_mod=dice_mod, threshold_mod=threshold_mod, difficulty_mod=difficulty_mod, long_move=long_move, adrenaline=adrenaline, anciennete=anciennete, aim=aim, bullets=bullets, circumstances=circumstances, keep=keep)
        self._check(lib.cops_encounter_declare(self._h, n.integer(ident, "id"), ctypes.byref(d)))

    def odds(self, ident: int, action: Union[str, int], target: Optional[int] = None,
                attitude: Union[str, int] = "Normal", initiative: int = 0, shots: int = 1,
                to: Optional[Tuple[int, int]] = None, weapon: int = 0,
                difficulty: int = 3, dice_mod: int = 0, threshold_mod: int = 0,
                difficulty_mod: int = 0, long_move: bool = False,
                adrenaline: bool = False, anciennete: bool = False, aim: int = 0,
                bullets: int = 0, circumstances: int = 0, keep: int = 0) -> AttackOdds:
        """The exact odds of the attack declare() with these arguments would make, as the
        round resolves it (cops_encounter_odds): after the move, against the target's state
        now; nothing changes, no die is drawn. Between begin_round() and resolve_round()."""
        d = self._declaration(action, target=target, attitude=attitude, initiative=initiative, shots=shots, to=to, weapon=weapon, difficulty=difficulty, dice_mod=dice_mod, threshold_mod=threshold_mod, difficulty_mod=difficulty_mod, long_move=long_move, adrenaline=adrenaline, anciennete=anciennete, aim=aim, bullets=bullets, circumstances=circumstances, keep=keep)
        h, ident = self._h, n.integer(ident, "id")
        return _attack_odds(cast(Context, self._ctx),
                            lambda o: int(lib.cops_encounter_odds(h, ident, ctypes.byref(d), o)))

    def _declaration(self, action: Union[str, int], target: Optional[int] = None,
                attitude: Union[str, int] = "Normal", initiative: int = 0, shots: int = 1,
                to: Optional[Tuple[int, int]] = None, weapon: int = 0,
                difficulty: int = 3, dice_mod: int = 0, threshold_mod: int = 0,
                difficulty_mod: int = 0, long_move: bool = False,
                adrenaline: bool = False, anciennete: bool = False, aim: int = 0,
                bullets: int = 0, circumstances: int = 0, keep: int = 0) -> n.Declaration:

        d = n.Declaration()
        act = n.parsed(lib.cops_encounter_action_parse, action, "action")
        self._check(lib.cops_declaration_init_sized(ctypes.byref(d), ctypes.sizeof(d), act))
        d.attitude = n.parsed(lib.cops_attitude_parse, attitude, "attitude")
        d.initiative = n.integer(initiative, "initiative")
        d.target = -1 if target is None else n.integer(target, "target")
        d.shots = n.integer(shots, "shots")
        d.weapon = n.integer(weapon, "weapon")
        d.difficulty = n.integer(difficulty, "difficulty")
        d.dice_mod = n.integer(dice_mod, "dice_mod")
        d.threshold_mod = n.integer(threshold_mod, "threshold_mod")
        d.difficulty_mod = n.integer(difficulty_mod, "difficulty_mod")
        if not isinstance(long_move, bool):
            raise TypeError("long_move must be a bool")
        d.long_move = int(long_move)
        if not isinstance(adrenaline, bool):
            raise TypeError("adrenaline must be a bool")
        d.adrenaline = int(adrenaline)
        if not isinstance(anciennete, bool):
            raise TypeError("anciennete must be a bool")
        d.anciennete = int(anciennete)
        d.aim = n.integer(aim, "aim")
        d.bullets = n.integer(bullets, "bullets")
        d.circumstances = n.integer(circumstances, "circumstances")
        d.keep = n.integer(keep, "keep")
        if to is not None:
            x, y = to
            d.moving, d.x, d.y = 1, n.integer(x, "x"), n.integer(y, "y")
        return d

    def resolve_round(self) -> None:
        """Resolve the round declared (all or nothing)."""
        self._check(lib.cops_encounter_resolve_round(self._h))

    def set_anciennete_callback(
            self, fn: Optional[Callable[[int, str, Roll, int], bool]]) -> None:
        """Who decides on Ancienneté for the controlled combatants (C5): fn(id, purpose,
        failed roll, points left) -> True to spend a point and roll again, called while a
        round runs for each failed roll of a controlled combatant whose declaration did not
        say anciennete. An exception from fn fails the round (all or nothing) and is raised
        by the round's call; fn must not call the library on this context. None: the
        declarations' flag alone. The default policy's combatants keep their points."""
        if fn is None:
            self._check(lib.cops_encounter_set_anciennete_callback(self._h, None, None))
            self._anciennete = None
            return
        if not callable(fn):
            raise TypeError("the callback must be callable")
        ctx: Context = cast(Context, self._ctx)
        decide: Callable[[int, str, Roll, int], bool] = fn
        purposes = {k: n.c_text(lib.cops_purpose_name(k)) for k in range(64)
                    if lib.cops_purpose_name(k)}

        def trampoline(_user: object, ident: int, purpose: int, failed: int,
                       points: int) -> int:
            ctx._in_callback += 1
            try:
                answer = decide(ident, purposes[purpose], _read_roll(failed), points)
                if not isinstance(answer, bool):
                    raise TypeError("the Ancienneté callback returned %r, not a bool"
                                    % (answer,))
                return int(answer)
            except BaseException as exc:  # reported after C returns
                ctx._callback_error = exc
                return StateError.code
            finally:
                ctx._in_callback -= 1

        self._anciennete = n.ANCIENNETE_FN(trampoline)  # alive as long as the encounter uses it
        self._check(lib.cops_encounter_set_anciennete_callback(
            self._h, ctypes.cast(self._anciennete, ctypes.c_void_p), None))

    def can_act(self, ident: int) -> bool:
        """The combatant can declare an action this round."""
        can = ctypes.c_int()
        self._check(lib.cops_encounter_able(self._h, n.integer(ident, "id"), ctypes.byref(can)))
        return bool(can.value)

    def distance(self, a: int, b: int) -> int:
        """Metres between two combatants."""
        return self._check(lib.cops_encounter_distance(self._h, n.integer(a, "id"),
                                                       n.integer(b, "id")))

    def reset(self) -> None:
        """Back to before the first round."""
        self._check(lib.cops_encounter_reset(self._h))

    @property
    def count(self) -> int:
        """Combatants added (those who left included: ids are never reused)."""
        return self._check(lib.cops_encounter_count(self._h))

    def position(self, ident: int) -> Tuple[int, int]:
        """Where a combatant stands, (x, y) in metres."""
        x, y = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_encounter_position(self._h, n.integer(ident, "id"), ctypes.byref(x),
                                                ctypes.byref(y)))
        return x.value, y.value

    def set_position(self, ident: int, x: int, y: int) -> None:
        """Put a combatant at (x, y) between rounds (the GM moves the figure)."""
        self._check(lib.cops_encounter_set_position(self._h, n.integer(ident, "id"),
                                                    n.integer(x, "x"), n.integer(y, "y")))

    def present(self, ident: int) -> bool:
        """The combatant is still in the encounter (it has not left)."""
        return bool(self._check(lib.cops_encounter_present(self._h, n.integer(ident, "id"))))

    def side(self, ident: int) -> int:
        """The combatant's side."""
        return self._check(lib.cops_encounter_side(self._h, n.integer(ident, "id")))

    def character(self, ident: int) -> Character:
        """The combatant's Character."""
        return cast(Character, self._find(lib.cops_encounter_character(
            self._h, n.integer(ident, "id")), ident))

    def weapon(self, ident: int) -> Optional[Weapon]:
        """The weapon in the combatant's hand, None bare-handed."""
        ptr = lib.cops_encounter_weapon(self._h, n.integer(ident, "id"))
        return cast(Weapon, self._find(ptr, ident)) if ptr else None

    def declaration(self, ident: int) -> Dict[str, Any]:
        """What the combatant declared this round (between begin_round and resolve_round)."""
        return self._read_declaration(lib.cops_encounter_declaration, ident)

    def suggest(self, ident: int) -> Dict[str, Any]:
        """What the default policy would declare for the combatant this round (after
        begin_round): a VTT's default choice for the player. Nothing changes."""
        return self._read_declaration(lib.cops_encounter_suggest, ident)

    def weapons(self, ident: int) -> List[Weapon]:
        """The weapons the combatant carries, in order (weapon= of declare("draw") is an
        index in it)."""
        count = self._check(lib.cops_encounter_weapon_count(self._h, n.integer(ident, "id")))
        return [cast(Weapon, self._find(lib.cops_encounter_weapon_at(self._h, ident, k), ident))
                for k in range(count)]

    def hand(self, ident: int) -> Optional[int]:
        """The index of the weapon in hand, None bare-handed."""
        v = ctypes.c_int()
        self._check(lib.cops_encounter_hand(self._h, n.integer(ident, "id"), ctypes.byref(v)))
        return None if v.value < 0 else v.value

    def armour(self, ident: int) -> Optional[Armour]:
        """The armour the combatant wears, None without."""
        self._check(lib.cops_encounter_side(self._h, n.integer(ident, "id")))
        ptr = lib.cops_encounter_armour(self._h, ident)
        return cast(Armour, self._find(ptr, ident)) if ptr else None

    def controlled(self, ident: int) -> bool:
        """A player controls the combatant (add(..., controlled=True))."""
        v = ctypes.c_int()
        self._check(lib.cops_encounter_controlled(self._h, n.integer(ident, "id"),
                                                  ctypes.byref(v)))
        return bool(v.value)

    def initiative_range(self, ident: int) -> Tuple[int, int]:
        """The initiatives the combatant may declare now (C6, C10.4): (lowest, highest).
        Melee actions take 0."""
        lo, hi = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_encounter_initiative_range(self._h, n.integer(ident, "id"),
                                                        ctypes.byref(lo), ctypes.byref(hi)))
        return lo.value, hi.value

    def allowed(self, ident: int) -> Dict[str, Optional[str]]:
        """Every action by name: None when the combatant may declare it this round (with
        some target, weapon or place), else the reason declare() would give."""
        out: Dict[str, Optional[str]] = {}
        ok = ctypes.c_int()
        why = ctypes.create_string_buffer(512)
        action = 0
        while True:
            name = lib.cops_encounter_action_name(action)
            if name is None:
                return out
            self._check(lib.cops_encounter_allowed(self._h, n.integer(ident, "id"), action,
                                                   ctypes.byref(ok), why, len(why)))
            out[n.c_text(name)] = None if ok.value else why.value.decode("utf-8")
            action += 1

    def _read_declaration(self, fn: Any, ident: int) -> Dict[str, Any]:
        d = n.Declaration(size=ctypes.sizeof(n.Declaration))
        self._check(fn(self._h, n.integer(ident, "id"), ctypes.byref(d)))
        return {"action": n.c_text(lib.cops_encounter_action_name(d.action)),
                "attitude": d.attitude, "initiative": d.initiative,
                "target": None if d.target < 0 else d.target, "weapon": d.weapon,
                "shots": d.shots, "to": (d.x, d.y) if d.moving else None,
                "difficulty": d.difficulty, "dice_mod": d.dice_mod,
                "threshold_mod": d.threshold_mod, "difficulty_mod": d.difficulty_mod,
                "long_move": bool(d.long_move), "adrenaline": bool(d.adrenaline),
                "anciennete": bool(d.anciennete), "aim": d.aim, "bullets": d.bullets,
                "circumstances": d.circumstances, "keep": d.keep}

    def _find(self, ptr: Optional[int], ident: int) -> _Handle:
        if not ptr:
            self._check(lib.cops_encounter_side(self._h, ident))   # raises for a bad id
        for thing in self._kept:
            if thing._ptr == ptr:
                return thing
        raise KeyError(ident)

    def set_max_rounds(self, rounds: int) -> None:
        """After this many rounds the fight ends with no winner."""
        self._check(lib.cops_encounter_set_max_rounds(self._h, n.integer(rounds, "rounds")))


class Scenario(_EncounterView):
    """A scenario file (docs/scenarios.md) with the encounter it owns."""

    _free = lib.cops_scenario_free

    def __init__(self, ctx: Context, path: Optional[PathLike] = None,
                 json_text: Optional[str] = None, base_dir: Optional[PathLike] = None) -> None:
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        if (path is None) == (json_text is None):
            raise ValueError("give a path or json_text")
        ptr = ctypes.c_void_p()
        if path is not None:
            ctx._check(lib.cops_scenario_load(ctypes.byref(ptr), ctx._h,
                                              n.text(os.fspath(path), "path")))
        else:
            base = None if base_dir is None else n.text(os.fspath(base_dir), "base_dir")
            ctx._check(lib.cops_scenario_from_json(ctypes.byref(ptr), ctx._h,
                                                   n.text(json_text, "json_text"), base))
        super().__init__(ptr.value, ctx)

    def _e(self) -> int:
        return cast(int, lib.cops_scenario_encounter(self._h))

    @property
    def name(self) -> str:
        """The scenario's name."""
        return n.c_text(lib.cops_scenario_name(self._h))

    @property
    def sides(self) -> List[str]:
        """The sides' names, by number."""
        count = self._check(lib.cops_scenario_side_count(self._h))
        return [n.c_text(lib.cops_scenario_side_name(self._h, i)) for i in range(count)]

    def run(self) -> None:
        """Run to the end: scripted rounds, the default policy otherwise."""
        self._check(lib.cops_scenario_run(self._h))

    def reset(self) -> None:
        """Back to before the first round, every combatant as read."""
        self._check(lib.cops_scenario_reset(self._h))

    def set_logging(self, on: bool) -> None:
        """Log the events or not (a simulation runs faster without)."""
        self._check(lib.cops_encounter_set_logging(self._e(), 1 if on else 0))
