"""The handle every owned C object is, and the context (lib/base): the dice (system,
seeded, or a callback), its settings, its rolls, and the errors' messages. Each handle is
freed once: by close(), a with block, or the garbage collector."""

import ctypes
import os
import threading
import weakref
from typing import Any, Callable, Dict, Optional, Tuple, Union, cast

from . import _native as n
from .errors import (CopsError, ERRORS, InvalidArgumentError, OutOfMemoryError, RandomSourceError,
                     StateError)
from .results import Die, Odds, Roll

POLICIES = ("simple", "tactical")   #: cops_policies, every system's fights


def _policy_code(policy: str) -> int:
    """A policy's name checked: a str, one of POLICIES."""
    code = int(n.lib.cops_policy_parse(n.text(policy, "policy")))
    if code < 0:
        raise InvalidArgumentError("policy %r: one of %s" % (policy, ", ".join(POLICIES)))
    return code


lib = n.lib
PathLike = Union[str, "os.PathLike[str]"]


class _Handle:
    """An owned C handle, freed once: by close(), a with block, or garbage collection.

    A handle made from a context is registered with it: closing the context first
    closes them (their C objects point to it). A character, weapon or armour in a live
    encounter cannot be closed before the encounter (the encounter borrows it)."""

    _free: Optional[Callable[[int], None]] = None
    _borrows = False    # closed before what it borrows when its context closes

    def __init__(self, ptr: Optional[int], ctx: Optional["Context"]) -> None:
        self._ptr = ptr
        self._ctx = ctx
        self._users = 0
        self.__borrowed = False
        if ctx is not None and ctx is not self:
            ctx._children.add(self)
            free = type(self)._free
            if ptr and free is not None:
                # The context can free it without this object (at interpreter exit,
                # finalisers run in any order): see Context._release.
                ctx._owned[id(self)] = (ptr, free, self._borrows)

    @property
    def _borrowed(self) -> bool:
        """The C object belongs to another (a loaded encounter's): never freed here."""
        return self.__borrowed

    @_borrowed.setter
    def _borrowed(self, yes: bool) -> None:
        self.__borrowed = yes
        if yes and self._ctx is not None and self._ctx is not self:
            self._ctx._owned.pop(id(self), None)

    def close(self) -> None:
        """Free the C object (once; later calls do nothing)."""
        owner = self if isinstance(self, Context) else self._ctx
        assert owner is None or isinstance(owner, Context)
        if owner is not None and owner is not self and owner._ptr is None:
            self._ptr = None   # the context went first and freed what was made from it
            return
        if owner is not None and owner._in_callback and self._ptr:
            # The library refuses it too: the object may be in use by the roll under way.
            raise StateError("cannot close %s from its context's dice callback"
                             % type(self).__name__)
        if self._users:
            raise InvalidArgumentError("%s is still in an encounter: close the encounter first"
                             % type(self).__name__)
        ptr, self._ptr = self._ptr, None
        if owner is not None and owner is not self:
            owner._owned.pop(id(self), None)
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
            raise InvalidArgumentError("%s is closed" % type(self).__name__)
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
        # Every C object made from it and not yet freed, by its handle's id: what the
        # context frees itself, borrowers first, when their handles are gone before it
        # (the garbage collector's order at interpreter exit).
        self._owned: Dict[int, Tuple[int, Callable[[int], None], bool]] = {}
        self._in_callback = 0
        self._thread = threading.get_ident()
        super().__init__(ptr.value, self)
        self._callback: Any = None
        self._callback_error: Optional[BaseException] = None
        if seed is not None and callback is not None:
            raise InvalidArgumentError("seed and callback exclude each other")
        if seed is not None:
            self.seed(seed)
        if callback is not None:
            self.use_callback(callback)

    def _release(self) -> None:
        # Encounters, scenarios, chases and interviews first: they borrow the characters,
        # weapons and subjects.
        children = sorted(self._children, key=lambda h: not getattr(h, "_borrows", False))
        for child in children:
            child.close()
        left = sorted(self._owned.values(), key=lambda e: not e[2])
        self._owned.clear()
        for ptr, free, _ in left:   # their handles are already gone: freed all the same
            free(ptr)

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
                raise InvalidArgumentError("a seed of bytes has 32 of them, not %d" % len(seed))
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

    def read_file(self, path: PathLike) -> str:
        """A whole file's text, read as the loaders read (under confine()'s folder when the
        context is confined; cops_ctx_read_file)."""
        out = ctypes.c_void_p()
        self._check(lib.cops_ctx_read_file(self._h, n.text(os.fspath(path), "path"),
                                           ctypes.byref(out)))
        return n.take_text(out.value)

    def write_file(self, path: PathLike, text: str) -> None:
        """Write text to a file as the savers write (under confine()'s folder, whole: a new
        file renamed over the old; cops_ctx_write_file)."""
        self._check(lib.cops_ctx_write_file(self._h, n.text(os.fspath(path), "path"),
                                            n.text(text, "text")))

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
        """Exact odds of a notation: P(success), the expected successes, and the points of
        C5 (p_adrenaline and p_both are None when the pool has no room for one more die);
        the same as cops.odds(ctx, notation)."""
        a = self._action(notation)
        p, mean = ctypes.c_double(), ctypes.c_double()
        self._check(lib.cops_odds_success(self._h, ctypes.byref(a), ctypes.byref(p)))
        self._check(lib.cops_odds_expected(self._h, ctypes.byref(a), ctypes.byref(mean)))
        plain, adr, anc, both = (ctypes.c_double() for _ in range(4))
        self._check(lib.cops_odds_points(self._h, ctypes.byref(a), ctypes.byref(plain),
                                         ctypes.byref(adr), ctypes.byref(anc), ctypes.byref(both)))
        return Odds(p_success=p.value, expected_successes=mean.value,
                    p_adrenaline=_known(adr.value), p_anciennete=anc.value,
                    p_both=_known(both.value))

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


class Checkpoint(_Handle):
    """A place in a fight or a chase to roll back to (cops_encounter_checkpoint,
    cops_chase_checkpoint): made by their checkpoint(), given to their rollback() as often
    as wanted, freed by close(), a with block or the garbage collector."""

    _free = lib.cops_checkpoint_free


def _key(key: object) -> bytes:
    if not isinstance(key, (bytes, bytearray)):
        raise TypeError("key must be bytes, not %s" % type(key).__name__)
    if len(key) != SEAL_KEY_BYTES:
        raise InvalidArgumentError("a sealing key has %d bytes, not %d"
                                   % (SEAL_KEY_BYTES, len(key)))
    return bytes(key)


SEAL_KEY_BYTES = 32   #: COPS_SEAL_KEY_BYTES


def seal(ctx: Context, key: bytes, text: str) -> str:
    """text (a save) sealed with key, 32 bytes of the caller's (cops_seal,
    docs/api.md "Sealed saves"): JSON that tells nothing of it without the key."""
    if not isinstance(ctx, Context):
        raise TypeError("ctx must be a cops.Context, not %s" % type(ctx).__name__)
    k = _key(key)
    out = ctypes.c_void_p()
    ctx._check(lib.cops_seal(ctx._h, k, len(k), n.text(text, "text"), ctypes.byref(out)))
    return n.take_text(out.value)


def unseal(ctx: Context, key: bytes, sealed: str) -> str:
    """The text a sealed text holds (cops_unseal); SealError for another key or a changed
    byte, nothing read."""
    if not isinstance(ctx, Context):
        raise TypeError("ctx must be a cops.Context, not %s" % type(ctx).__name__)
    k = _key(key)
    out = ctypes.c_void_p()
    ctx._check(lib.cops_unseal(ctx._h, k, len(k), n.text(sealed, "sealed"), ctypes.byref(out)))
    return n.take_text(out.value)


def is_sealed(text: str) -> bool:
    """True when text is a sealed text (cops_is_sealed)."""
    return bool(lib.cops_is_sealed(n.text(text, "text")))
