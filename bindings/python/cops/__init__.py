"""libcops for Python: the rules of the role-playing game COPS, resolved in C.

A thin ctypes binding: every rule stays in the C library; this module maps its
handles, errors and results to Python. See docs/python.md.

    import cops
    with cops.Context(seed=2030) as ctx:
        roll = ctx.roll("4+/3 (2)")
        print(roll.successes, roll.margin, roll.dice)

The library is found through $LIBCOPS_PATH (a file), then a copy next to this
package, then the folder meson installed it in (cops/_install.py, written by
meson install), then the system (ctypes.util.find_library, then the versioned
soname).
"""

import ctypes
import ctypes.util
import json
import os
import threading
import weakref

__all__ = [
    "Context", "Roll", "Character", "Weapon", "Armour", "Encounter", "Scenario",
    "Declaration", "CopsError", "odds", "opposed_odds", "version",
    "EINVAL", "ERANGE", "ENOMEM", "ERNG", "ESYNTAX", "ESTATE", "ENOTFOUND", "ERULE",
    "EJSON", "EIO",
]

__version__ = "0.7.0"
_SONAME = "libcops.so.0"

# ---------------------------------------------------------------- loading


def _candidates():
    env = os.environ.get("LIBCOPS_PATH")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for name in (_SONAME, "libcops.so"):
        path = os.path.join(here, name)
        if os.path.exists(path):
            yield path
    try:
        from . import _install
    except ImportError:  # not installed by meson (the source tree, pip)
        pass
    else:
        path = os.path.join(_install.LIBDIR, _install.SONAME)
        if os.path.exists(path):
            yield path
    found = ctypes.util.find_library("cops")
    if found:
        yield found
    yield _SONAME


def _load():
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as exc:
            errors.append("%s: %s" % (path, exc))
    raise ImportError("libcops not found (set LIBCOPS_PATH to the library file): "
                      + "; ".join(errors))


_lib = _load()
_lib.cops_version_number.restype = ctypes.c_int
_lib.cops_version_number.argtypes = []
_lib.cops_version_string.restype = ctypes.c_char_p
_lib.cops_version_string.argtypes = []
_major, _minor, _ = (int(x) for x in __version__.split("."))
_have = _lib.cops_version_number()
if _have // 10000 != _major or (_have // 100) % 100 != _minor:
    raise ImportError("libcops %s found, this binding needs %d.%d.x"
                      % (_lib.cops_version_string().decode(), _major, _minor))


def version():
    """The C library's version string ("0.7.0")."""
    return _lib.cops_version_string().decode()


# ---------------------------------------------------------------- errors


class CopsError(Exception):
    """A libcops error: .code (negative int), .name ("ERULE"), .message (the C message)."""

    code = 0
    name = "COPS_ERROR"

    def __init__(self, message):
        super().__init__("%s: %s" % (self.name, message))
        self.message = message


_ERRORS = {}


def _error_class(name, code, doc):
    cls = type(name, (CopsError,), {"code": code, "name": name, "__doc__": doc})
    _ERRORS[code] = cls
    return cls


EINVAL = _error_class("EINVAL", -1, "An argument is invalid.")
ERANGE = _error_class("ERANGE", -2, "A value is out of range.")
ENOMEM = _error_class("ENOMEM", -3, "Out of memory.")
ERNG = _error_class("ERNG", -4, "The random source failed.")
ESYNTAX = _error_class("ESYNTAX", -5, "A notation's syntax is wrong.")
ESTATE = _error_class("ESTATE", -6, "Not in a state where this is possible.")
ENOTFOUND = _error_class("ENOTFOUND", -7, "A name is unknown.")
ERULE = _error_class("ERULE", -8, "The rules forbid it.")
EJSON = _error_class("EJSON", -9, "A JSON document is wrong.")
EIO = _error_class("EIO", -10, "A file cannot be read or written.")

# ---------------------------------------------------------------- prototypes

_p = ctypes.c_void_p
_pp = ctypes.POINTER(ctypes.c_void_p)
_i = ctypes.c_int
_ip = ctypes.POINTER(ctypes.c_int)
_s = ctypes.c_char_p
_d = ctypes.POINTER(ctypes.c_double)
_ADRENALINE_DIE = 0x100  # COPS_ADRENALINE_DIE
_RNG_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int)


class _Action(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("dice", _i), ("threshold", _i),
                ("difficulty", _i), ("dice_mod", _i), ("threshold_mod", _i),
                ("difficulty_mod", _i), ("flags", ctypes.c_uint)]


class Declaration(ctypes.Structure):
    """What a combatant declares for a round (cops_declaration)."""

    _fields_ = [("size", ctypes.c_uint32), ("action", _i), ("attitude", _i),
                ("initiative", _i), ("target", _i), ("weapon", _i), ("shots", _i),
                ("moving", _i), ("x", _i), ("y", _i), ("difficulty", _i)]


_ap = ctypes.POINTER(_Action)
_PROTOTYPES = {
    "cops_strerror": (_s, [_i]),
    "cops_lang_count": (_i, []),
    "cops_lang_code": (_s, [_i]),
    "cops_free": (None, [_p]),
    "cops_ctx_confine": (_i, [_p, _s, ctypes.c_size_t]),
    "cops_ctx_new": (_i, [_pp]),
    "cops_ctx_new_with_allocator": (_i, [_pp, _p]),
    "cops_ctx_free": (None, [_p]),
    "cops_ctx_errmsg": (_s, [_p]),
    "cops_ctx_use_system": (_i, [_p]),
    "cops_ctx_seed": (_i, [_p, ctypes.c_uint64]),
    "cops_ctx_seed_bytes": (_i, [_p, ctypes.c_char_p, ctypes.c_size_t]),
    "cops_ctx_use_callback": (_i, [_p, _RNG_FN, _p]),
    "cops_ctx_die": (_i, [_p, _i, _ip]),
    "cops_roll_new_in": (_i, [_pp, _p]),
    "cops_roll_free": (None, [_p]),
    "cops_roll_notation": (_i, [_p, _p, _s, ctypes.c_uint]),
    "cops_roll_to_json": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_action_parse_sized": (_i, [_ap, ctypes.c_size_t, _p, _s]),
    "cops_odds_success": (_i, [_p, _ap, _d]),
    "cops_odds_at_least": (_i, [_p, _ap, _i, _d]),
    "cops_odds_expected": (_i, [_p, _ap, _d]),
    "cops_odds_opposed": (_i, [_p, _ap, _ap, _i, _d, _d, _d]),
    "cops_odds_points": (_i, [_p, _ap, _d, _d, _d, _d]),
    "cops_character_new": (_i, [_pp, _p]),
    "cops_character_free": (None, [_p]),
    "cops_character_from_json": (_i, [_pp, _p, _s]),
    "cops_character_load": (_i, [_pp, _p, _s]),
    "cops_character_to_json": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_character_save": (_i, [_p, _s]),
    "cops_character_name": (_s, [_p]),
    "cops_character_set_name": (_i, [_p, _s]),
    "cops_character_hp": (_i, [_p, _ip]),
    "cops_character_set_hp": (_i, [_p, _i]),
    "cops_character_max_hp": (_i, [_p]),
    "cops_character_health": (_i, [_p]),
    "cops_character_conditions": (_i, [_p]),
    "cops_character_roll": (_i, [_p, _p, _s, ctypes.c_uint]),
    "cops_character_action_sized": (_i, [_ap, ctypes.c_size_t, _p, _s, ctypes.c_uint]),
    "cops_health_name": (_s, [_i, _i]),
    "cops_weapon_free": (None, [_p]),
    "cops_weapon_from_json": (_i, [_pp, _p, _s]),
    "cops_weapon_load": (_i, [_pp, _p, _s]),
    "cops_weapon_to_json": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_weapon_name": (_s, [_p]),
    "cops_weapon_get": (_i, [_p, _i, _ip]),
    "cops_weapon_field_parse": (_i, [_s, _ip]),
    "cops_weapon_reload": (_i, [_p]),
    "cops_armour_free": (None, [_p]),
    "cops_armour_from_json": (_i, [_pp, _p, _s]),
    "cops_armour_load": (_i, [_pp, _p, _s]),
    "cops_armour_to_json": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_armour_name": (_s, [_p]),
    "cops_log_to_jsonl": (_i, [_p, _i, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_log_narrate": (_i, [_p, _i, _i, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_log_count": (_i, [_p]),
    "cops_encounter_new": (_i, [_pp, _p, _i]),
    "cops_encounter_free": (None, [_p]),
    "cops_encounter_add": (_i, [_p, _p, _i, _i, _i, _ip]),
    "cops_encounter_give_weapon": (_i, [_p, _i, _p]),
    "cops_encounter_set_armour": (_i, [_p, _i, _p]),
    "cops_encounter_set_controlled": (_i, [_p, _i, _i]),
    "cops_encounter_remove": (_i, [_p, _i]),
    "cops_encounter_seed": (_i, [_p, ctypes.c_uint64]),
    "cops_encounter_set_max_rounds": (_i, [_p, _i]),
    "cops_encounter_set_logging": (_i, [_p, _i]),
    "cops_encounter_log": (_p, [_p]),
    "cops_log_set_limit": (_i, [_p, _i]),
    "cops_log_limit": (_i, [_p]),
    "cops_encounter_begin_round": (_i, [_p]),
    "cops_encounter_declare": (_i, [_p, _i, ctypes.POINTER(Declaration)]),
    "cops_encounter_declaration": (_i, [_p, _i, ctypes.POINTER(Declaration)]),
    "cops_encounter_resolve_round": (_i, [_p]),
    "cops_encounter_run_round": (_i, [_p]),
    "cops_encounter_run": (_i, [_p]),
    "cops_encounter_round": (_i, [_p]),
    "cops_encounter_over": (_i, [_p]),
    "cops_encounter_get_winner": (_i, [_p, _ip]),
    "cops_encounter_reset": (_i, [_p]),
    "cops_encounter_able": (_i, [_p, _i, _ip]),
    "cops_encounter_distance": (_i, [_p, _i, _i]),
    "cops_encounter_count": (_i, [_p]),
    "cops_encounter_action_parse": (_i, [_s, _ip]),
    "cops_attitude_parse": (_i, [_s, _ip]),
    "cops_declaration_init_sized": (_i, [ctypes.POINTER(Declaration), ctypes.c_size_t, _i]),
    "cops_scenario_load": (_i, [_pp, _p, _s]),
    "cops_scenario_from_json": (_i, [_pp, _p, _s, _s]),
    "cops_scenario_free": (None, [_p]),
    "cops_scenario_name": (_s, [_p]),
    "cops_scenario_encounter": (_p, [_p]),
    "cops_scenario_run": (_i, [_p]),
    "cops_scenario_reset": (_i, [_p]),
    "cops_scenario_side_name": (_s, [_p, _i]),
    "cops_scenario_side_count": (_i, [_p]),
}
for _name, (_res, _args) in _PROTOTYPES.items():
    _fn = getattr(_lib, _name)
    _fn.restype = _res
    _fn.argtypes = _args

# The languages of the narration, by code ("fr", "en", "es": cops_lang_code()).
LANGS = {_lib.cops_lang_code(_i).decode(): _i for _i in range(_lib.cops_lang_count())}
HEALTH = ["healthy", "below_half", "unconscious", "dying", "dead"]


def _text(value, what):
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise ValueError("%s contains a NUL character" % what)
    return value.encode("utf-8")


INT_MIN, INT_MAX = -2 ** 31, 2 ** 31 - 1
WEAPONS_MAX = 4   # COPS_WEAPONS_MAX


def _int(value, what, lo=None, hi=None):
    """An int for C: a bool or another type is a TypeError; out of the given range, or of
    C's int when none is given, a ValueError (OverflowError past C's int), before any C
    call, never a value cut modulo 2**32."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
    if lo is None and hi is None and not INT_MIN <= value <= INT_MAX:
        raise OverflowError("%s %d out of range %d..%d" % (what, value, INT_MIN, INT_MAX))
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError("%s %d out of range %s..%s" % (what, value, lo, hi))
    return value


def _lang(lang):
    if lang not in LANGS:
        raise ValueError("lang must be one of %s, not %r" % (", ".join(map(repr, LANGS)), lang))
    return LANGS[lang]


def _take_text(ptr):
    """A NUL-terminated text the library allocated: decode it and free it."""
    try:
        return ctypes.string_at(ptr).decode("utf-8")
    finally:
        _lib.cops_free(ptr)


class _Handle:
    """An owned C handle, freed once: by close(), a with block, or garbage collection.

    A handle made from a context is registered with it: closing the context first
    closes them (their C objects point to it). A character, weapon or armour in a live
    encounter cannot be closed before the encounter (the encounter borrows it)."""

    _free = None

    def __init__(self, ptr, ctx):
        self._ptr = ptr
        self._ctx = ctx
        self._users = 0
        if ctx is not self and ctx is not None:
            ctx._children.add(self)

    def close(self):
        owner = self if isinstance(self, Context) else self._ctx
        if owner is not None and getattr(owner, "_in_callback", 0) and self._ptr:
            # The library refuses it too: the object may be in use by the roll under way.
            raise ESTATE("cannot close %s from its context's dice callback"
                         % type(self).__name__)
        if self._users:
            raise ValueError("%s is still in an encounter: close the encounter first"
                             % type(self).__name__)
        ptr, self._ptr = self._ptr, None
        if ptr:
            self._release()
            type(self)._free(ptr)

    def _release(self):
        pass

    def __del__(self):
        try:
            self.close()
        except Exception:  # at interpreter exit the library may be gone
            pass

    def __enter__(self):
        return self

    # A copy would share the C object and free it twice: refused. A character,
    # weapon or armour is copied through its JSON (X.from_json(ctx, x.to_json())).
    def __copy__(self):
        raise TypeError("a cops.%s cannot be copied (it owns a C object); copy a character, "
                        "weapon or armour through to_json() and from_json()"
                        % type(self).__name__)

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __reduce_ex__(self, protocol):
        raise TypeError("a cops.%s cannot be pickled (it owns a C object); pickle its "
                        "to_json() text" % type(self).__name__)

    def __exit__(self, *exc):
        self.close()

    @property
    def _h(self):
        if not self._ptr:
            raise ValueError("%s is closed" % type(self).__name__)
        # ctypes lets go of the GIL during a call: two threads on one context would
        # draw the same dice or race. A context and what is made from it belong to
        # the thread that made the context (docs/python.md).
        owner = self._ctx if self._ctx is not None else self
        if owner._thread != threading.get_ident():
            raise RuntimeError("a cops.%s is used by the thread that made its context; "
                               "give each thread a Context of its own"
                               % type(self).__name__)
        return self._ptr

    def _check(self, rc):
        return self._ctx._check(rc)


# ---------------------------------------------------------------- context


class Context(_Handle):
    """The dice source and the error messages (cops_ctx).

    Context() uses the system source; Context(seed=2030) a seeded stream (an int
    0..2**64-1, or 32 bytes); Context(callback=f) asks f(sides) for each die, which
    returns 1..sides (another value, or an exception, makes the roll fail with ERNG,
    and the exception is raised again).
    """

    _free = _lib.cops_ctx_free

    def __init__(self, seed=None, callback=None, *, _allocator=None):
        # _allocator: the address of a cops_allocator, for the bindings' fault sweep
        # (docs/testing.md); not part of the API.
        ptr = ctypes.c_void_p()
        if _allocator is None:
            rc = _lib.cops_ctx_new(ctypes.byref(ptr))
        else:
            rc = _lib.cops_ctx_new_with_allocator(ctypes.byref(ptr), _allocator)
        if rc:
            raise _ERRORS.get(rc, CopsError)("no memory for a context" if rc == ENOMEM.code
                                             else _lib.cops_strerror(rc).decode())
        self._children = weakref.WeakSet()
        self._in_callback = 0
        self._thread = threading.get_ident()
        super().__init__(ptr.value, self)
        self._callback = None
        self._callback_error = None
        if seed is not None and callback is not None:
            raise ValueError("seed and callback exclude each other")
        if seed is not None:
            self.seed(seed)
        if callback is not None:
            self.use_callback(callback)

    def _release(self):
        # Encounters and scenarios first: they borrow the characters and weapons.
        children = sorted(self._children, key=lambda h: not isinstance(h, (Encounter, Scenario)))
        for child in children:
            child.close()

    def _check(self, rc):
        if rc >= 0:
            return rc
        if rc in (ERNG.code, ESTATE.code) and self._callback_error is not None:
            exc, self._callback_error = self._callback_error, None
            raise exc
        message = _lib.cops_ctx_errmsg(self._ptr).decode("utf-8") if self._ptr else ""
        if not message:
            message = _lib.cops_strerror(rc).decode()
        raise _ERRORS.get(rc, CopsError)(message)

    def seed(self, seed):
        """Seed the stream: an int 0..2**64-1 (little-endian key) or 32 bytes."""
        if isinstance(seed, (bytes, bytearray)):
            if len(seed) != 32:
                raise ValueError("a seed of bytes has 32 of them, not %d" % len(seed))
            self._check(_lib.cops_ctx_seed_bytes(self._h, bytes(seed), 32))
        else:
            self._check(_lib.cops_ctx_seed(self._h, _int(seed, "seed", 0, 2 ** 64 - 1)))
        self._callback = None

    def use_system(self):
        """Unpredictable dice (ChaCha20 keyed from the system's entropy)."""
        self._check(_lib.cops_ctx_use_system(self._h))
        self._callback = None

    def use_callback(self, fn):
        """Dice from fn(sides) -> face."""
        if not callable(fn):
            raise TypeError("the callback must be callable")

        def trampoline(_user, sides):
            self._in_callback += 1
            try:
                face = fn(sides)
                if isinstance(face, bool) or not isinstance(face, int):
                    raise TypeError("the dice callback returned %r, not an int" % (face,))
                if not INT_MIN <= face <= INT_MAX:
                    raise OverflowError("the dice callback returned %d for a d%d" % (face, sides))
                return face
            except BaseException as exc:  # reported after C returns
                self._callback_error = exc
                return 0
            finally:
                self._in_callback -= 1

        self._callback = _RNG_FN(trampoline)  # kept alive as long as the context uses it
        self._check(_lib.cops_ctx_use_callback(self._h, self._callback, None))

    def confine(self, root, max_bytes=1 << 20):
        """Read files only under the folder root (relative paths, no way out, regular files
        of at most max_bytes, no file content in messages); None lifts it. For text from
        strangers (cops_ctx_confine)."""
        if root is None:
            self._check(_lib.cops_ctx_confine(self._h, None, 0))
            return
        self._check(_lib.cops_ctx_confine(self._h, _text(os.fspath(root), "root"),
                                          _int(max_bytes, "max_bytes", 1, 1 << 24)))

    def die(self, sides):
        """One die of 10 or 6 sides from the source."""
        face = ctypes.c_int()
        self._check(_lib.cops_ctx_die(self._h, _int(sides, "sides"), ctypes.byref(face)))
        return face.value

    def roll(self, notation):
        """Roll a notation ("4+/3 (2) +1D") and return the Roll."""
        r = Roll(self)
        self._check(_lib.cops_roll_notation(r._h, self._h, _text(notation, "notation"), 0))
        return r

    def _action(self, notation):
        a = _Action()
        self._check(_lib.cops_action_parse_sized(ctypes.byref(a), ctypes.sizeof(a), self._h,
                                                 _text(notation, "notation")))
        return a


class Roll(_Handle):
    """A roll's result (cops_roll), read as a dict through the C JSON."""

    _free = _lib.cops_roll_free

    def __init__(self, ctx):
        ptr = ctypes.c_void_p()
        if _lib.cops_roll_new_in(ctypes.byref(ptr), ctx._h):
            raise ENOMEM("no memory for a roll")
        super().__init__(ptr.value, ctx)

    def to_dict(self):
        out = ctypes.c_void_p()
        self._check(_lib.cops_roll_to_json(self._h, ctypes.byref(out)))
        return json.loads(_take_text(out.value))

    @property
    def successes(self):
        return self.to_dict()["successes"]

    @property
    def succeeded(self):
        return self.to_dict()["success"]

    @property
    def margin(self):
        return self.to_dict()["margin"]

    @property
    def dice(self):
        """The faces, in draw order (re-rolls of 10s included)."""
        return [d["face"] for d in self.to_dict()["dice"]]


def odds(ctx, notation):
    """Exact odds of a notation: a dict with p_success, expected, and the C5 points
    (p_adrenaline and p_both are None when the pool has no room for one more die)."""
    a = ctx._action(notation)
    p = ctypes.c_double()
    mean = ctypes.c_double()
    ctx._check(_lib.cops_odds_success(ctx._h, ctypes.byref(a), ctypes.byref(p)))
    ctx._check(_lib.cops_odds_expected(ctx._h, ctypes.byref(a), ctypes.byref(mean)))
    plain, adr, anc, both = (ctypes.c_double() for _ in range(4))
    ctx._check(_lib.cops_odds_points(ctx._h, ctypes.byref(a), ctypes.byref(plain),
                                     ctypes.byref(adr), ctypes.byref(anc), ctypes.byref(both)))
    def known(x):   # NaN: unavailable (no room for the Adrénaline die)
        return None if x != x else x
    return {"p_success": p.value, "expected_successes": mean.value,
            "p_adrenaline": known(adr.value), "p_anciennete": anc.value,
            "p_both": known(both.value)}


def opposed_odds(ctx, notation_a, notation_b, min_successes=0):
    """P(A wins), P(no winner), P(B wins) of an opposed roll (C1.6)."""
    a, b = ctx._action(notation_a), ctx._action(notation_b)
    wa, tie, wb = ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    ctx._check(_lib.cops_odds_opposed(ctx._h, ctypes.byref(a), ctypes.byref(b),
                                      _int(min_successes, "min_successes"),
                                      ctypes.byref(wa), ctypes.byref(tie), ctypes.byref(wb)))
    return {"p_a": wa.value, "p_none": tie.value, "p_b": wb.value}


# ---------------------------------------------------------------- entities


class _Entity(_Handle):
    _from_json = None
    _load = None
    _to_json = None
    _kind = "entity"

    def __init__(self, ctx, ptr):
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        super().__init__(ptr, ctx)

    @classmethod
    def from_json(cls, ctx, text):
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        if isinstance(text, dict):
            text = json.dumps(text, ensure_ascii=False)
        ptr = ctypes.c_void_p()
        ctx._check(cls._from_json(ctypes.byref(ptr), ctx._h, _text(text, "json")))
        return cls(ctx, ptr.value)

    @classmethod
    def load(cls, ctx, path):
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(cls._load(ctypes.byref(ptr), ctx._h, _text(os.fspath(path), "path")))
        return cls(ctx, ptr.value)

    @property
    def name(self):
        return type(self)._name(self._h).decode("utf-8")

    def to_json(self):
        out = ctypes.c_void_p()
        self._check(type(self)._to_json(self._h, ctypes.byref(out)))
        return _take_text(out.value)

    def to_dict(self):
        return json.loads(self.to_json())


class Character(_Entity):
    """A character (cops_character), from a JSON sheet (docs/sheets.md)."""

    _free = _lib.cops_character_free
    _from_json = _lib.cops_character_from_json
    _load = _lib.cops_character_load
    _to_json = _lib.cops_character_to_json
    _name = _lib.cops_character_name

    @classmethod
    def new(cls, ctx, name):
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(_lib.cops_character_new(ctypes.byref(ptr), ctx._h))
        c = cls(ctx, ptr.value)
        c.name = name
        return c

    @_Entity.name.setter
    def name(self, value):
        self._check(_lib.cops_character_set_name(self._h, _text(value, "name")))

    @property
    def hp(self):
        v = ctypes.c_int()
        self._check(_lib.cops_character_hp(self._h, ctypes.byref(v)))
        return v.value

    @hp.setter
    def hp(self, value):
        self._check(_lib.cops_character_set_hp(self._h, _int(value, "hp")))

    @property
    def max_hp(self):
        return self._check(_lib.cops_character_max_hp(self._h))

    @property
    def health(self):
        """"healthy", "below_half", "unconscious", "dying" or "dead" (C8.2)."""
        return HEALTH[self._check(_lib.cops_character_health(self._h))]

    def health_name(self, lang="fr"):
        """The health state in words ("en forme"; "healthy")."""
        return _lib.cops_health_name(self._check(_lib.cops_character_health(self._h)),
                                     _lang(lang)).decode("utf-8")

    @property
    def conditions(self):
        return self._check(_lib.cops_character_conditions(self._h))

    def roll(self, notation, adrenaline=False):
        """Roll for the character: "Arme de poing/Coordination (2)" (docs/notation.md)."""
        if not isinstance(adrenaline, bool):
            raise TypeError("adrenaline must be a bool")
        r = Roll(self._ctx)
        self._check(_lib.cops_character_roll(r._h, self._h, _text(notation, "notation"),
                                             _ADRENALINE_DIE if adrenaline else 0))
        return r

    def odds(self, notation):
        """Exact P(success) of a roll of the character."""
        a = _Action()
        self._check(_lib.cops_character_action_sized(ctypes.byref(a), ctypes.sizeof(a), self._h,
                                                     _text(notation, "notation"), 0))
        p = ctypes.c_double()
        self._check(_lib.cops_odds_success(self._ctx._h, ctypes.byref(a), ctypes.byref(p)))
        return p.value

    def save(self, path):
        self._check(_lib.cops_character_save(self._h, _text(os.fspath(path), "path")))


class Weapon(_Entity):
    """A weapon (cops_weapon), from a JSON file (docs/weapons.md)."""

    _free = _lib.cops_weapon_free
    _from_json = _lib.cops_weapon_from_json
    _load = _lib.cops_weapon_load
    _to_json = _lib.cops_weapon_to_json
    _name = _lib.cops_weapon_name

    def __getitem__(self, field):
        """weapon["pu"], weapon["loaded"] ... (pr pu fa range magazine loaded ct vrc vc)."""
        index = ctypes.c_int()
        if _lib.cops_weapon_field_parse(_text(field, "field"), ctypes.byref(index)):
            raise KeyError(field)
        v = ctypes.c_int()
        self._check(_lib.cops_weapon_get(self._h, index.value, ctypes.byref(v)))
        return v.value

    def reload(self):
        self._check(_lib.cops_weapon_reload(self._h))


class Armour(_Entity):
    """Armour (cops_armour), from a JSON file (docs/weapons.md)."""

    _free = _lib.cops_armour_free
    _from_json = _lib.cops_armour_from_json
    _load = _lib.cops_armour_load
    _to_json = _lib.cops_armour_to_json
    _name = _lib.cops_armour_name


# ---------------------------------------------------------------- encounters


def _log_events(log_ptr, ctx):
    out = ctypes.c_void_p()
    ctx._check(_lib.cops_log_to_jsonl(log_ptr, 0, ctypes.byref(out)))
    return _take_text(out.value)


def _log_narrate(log_ptr, ctx, lang):
    out = ctypes.c_void_p()
    ctx._check(_lib.cops_log_narrate(log_ptr, 0, _lang(lang), ctypes.byref(out)))
    return _take_text(out.value)


class _EncounterView:
    """What Encounter and Scenario share: rounds, the result, the log."""

    def _e(self):
        raise NotImplementedError

    def run(self):
        self._check(_lib.cops_encounter_run(self._e()))

    def run_round(self):
        self._check(_lib.cops_encounter_run_round(self._e()))

    def seed(self, seed):
        """Seed the context and record the seed in the log's start."""
        self._check(_lib.cops_encounter_seed(self._e(), _int(seed, "seed", 0, 2 ** 64 - 1)))

    @property
    def over(self):
        return bool(self._check(_lib.cops_encounter_over(self._e())))

    @property
    def round(self):
        return self._check(_lib.cops_encounter_round(self._e()))

    @property
    def winner(self):
        """The winning side, None when nobody won; ESTATE while the fight goes on."""
        w = ctypes.c_int()
        self._check(_lib.cops_encounter_get_winner(self._e(), ctypes.byref(w)))
        return None if w.value < 0 else w.value

    def jsonl(self):
        """The events as JSON Lines, byte for byte as the C library writes them."""
        return _log_events(_lib.cops_encounter_log(self._e()), self._ctx)

    @property
    def events(self):
        """The events as a list of dicts (docs/events.md)."""
        return [json.loads(line) for line in self.jsonl().splitlines()]

    def narrate(self, lang="fr"):
        return _log_narrate(_lib.cops_encounter_log(self._e()), self._ctx, lang)

    @property
    def log_limit(self):
        """The most events the log holds (0: no limit); a round past it raises ERANGE."""
        return self._check(_lib.cops_log_limit(_lib.cops_encounter_log(self._e())))

    @log_limit.setter
    def log_limit(self, events):
        self._check(_lib.cops_log_set_limit(_lib.cops_encounter_log(self._e()),
                                            _int(events, "events", 0, INT_MAX)))


def _code(parse, value, what):
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    v = ctypes.c_int()
    if parse(_text(value, what), ctypes.byref(v)):
        raise ValueError("unknown %s %r" % (what, value))
    return v.value


class Encounter(_Handle, _EncounterView):
    """A fight (cops_encounter). It keeps the characters, weapons and armour added to it
    alive as long as it lives."""

    _free = _lib.cops_encounter_free

    def __init__(self, ctx):
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(_lib.cops_encounter_new(ctypes.byref(ptr), ctx._h, 0))
        super().__init__(ptr.value, ctx)
        self._kept = []

    def _keep(self, thing):
        self._kept.append(thing)
        thing._users += 1

    def _release(self):
        for thing in self._kept:
            thing._users -= 1
        self._kept = []

    def _e(self):
        return self._h

    def add(self, character, side, x=0, y=0, weapons=(), armour=None, controlled=False):
        """Add a combatant; returns its id. Every argument is checked before the
        combatant is added; should the library refuse a weapon (one another combatant
        carries), the combatant leaves again and the error is raised."""
        if not isinstance(character, Character):
            raise TypeError("character must be a cops.Character")
        weapons = list(weapons)
        if not all(isinstance(w, Weapon) for w in weapons):
            raise TypeError("weapons must be cops.Weapon")
        if len(weapons) > WEAPONS_MAX:
            raise ValueError("at most %d weapons, not %d" % (WEAPONS_MAX, len(weapons)))
        if len(set(map(id, weapons))) != len(weapons):
            raise ValueError("a weapon is given twice")
        if any(w is k for w in weapons for k in self._kept):
            raise ValueError("a weapon is already carried in this encounter")
        if armour is not None and not isinstance(armour, Armour):
            raise TypeError("armour must be a cops.Armour")
        if not isinstance(controlled, bool):
            raise TypeError("controlled must be a bool")
        side, x, y = _int(side, "side"), _int(x, "x"), _int(y, "y")
        handles = [character._h] + [w._h for w in weapons] + ([armour._h] if armour else [])
        ident = ctypes.c_int()
        self._check(_lib.cops_encounter_add(self._h, handles[0], side, x, y,
                                            ctypes.byref(ident)))
        try:
            for w in weapons:
                self._check(_lib.cops_encounter_give_weapon(self._h, ident.value, w._h))
            if armour is not None:
                self._check(_lib.cops_encounter_set_armour(self._h, ident.value, armour._h))
            if controlled:
                self._check(_lib.cops_encounter_set_controlled(self._h, ident.value, 1))
        except CopsError:
            _lib.cops_encounter_remove(self._h, ident.value)
            raise
        for thing in [character] + weapons + ([armour] if armour else []):
            self._keep(thing)
        return ident.value

    def remove(self, ident):
        self._check(_lib.cops_encounter_remove(self._h, _int(ident, "id")))

    def begin_round(self):
        self._check(_lib.cops_encounter_begin_round(self._h))

    def declare(self, ident, action, target=None, attitude="Normal", initiative=0, shots=1,
                to=None, weapon=0, difficulty=3):
        """Declare for a combatant: action "shoot", "burst", "cover", "melee", "strike",
        "hold", "throw", "escape", "move", "reload", "draw", "stand_up", "first_aid",
        "wait"; attitude a name or -2..2; to an (x, y) to move to first."""
        d = Declaration()
        act = _code(_lib.cops_encounter_action_parse, action, "action")
        self._check(_lib.cops_declaration_init_sized(ctypes.byref(d), ctypes.sizeof(d), act))
        d.attitude = _code(_lib.cops_attitude_parse, attitude, "attitude")
        d.initiative = _int(initiative, "initiative")
        d.target = -1 if target is None else _int(target, "target")
        d.shots = _int(shots, "shots")
        d.weapon = _int(weapon, "weapon")
        d.difficulty = _int(difficulty, "difficulty")
        if to is not None:
            x, y = to
            d.moving, d.x, d.y = 1, _int(x, "x"), _int(y, "y")
        self._check(_lib.cops_encounter_declare(self._h, _int(ident, "id"), ctypes.byref(d)))

    def resolve_round(self):
        self._check(_lib.cops_encounter_resolve_round(self._h))

    def can_act(self, ident):
        can = ctypes.c_int()
        self._check(_lib.cops_encounter_able(self._h, _int(ident, "id"), ctypes.byref(can)))
        return bool(can.value)

    def distance(self, a, b):
        return self._check(_lib.cops_encounter_distance(self._h, _int(a, "id"), _int(b, "id")))

    def reset(self):
        self._check(_lib.cops_encounter_reset(self._h))

    def set_max_rounds(self, rounds):
        self._check(_lib.cops_encounter_set_max_rounds(self._h, _int(rounds, "rounds")))


class Scenario(_Handle, _EncounterView):
    """A scenario file (docs/scenarios.md) with the encounter it owns."""

    _free = _lib.cops_scenario_free

    def __init__(self, ctx, path=None, json_text=None, base_dir=None):
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        if (path is None) == (json_text is None):
            raise ValueError("give a path or json_text")
        ptr = ctypes.c_void_p()
        if path is not None:
            ctx._check(_lib.cops_scenario_load(ctypes.byref(ptr), ctx._h,
                                               _text(os.fspath(path), "path")))
        else:
            base = None if base_dir is None else _text(os.fspath(base_dir), "base_dir")
            ctx._check(_lib.cops_scenario_from_json(ctypes.byref(ptr), ctx._h,
                                                    _text(json_text, "json_text"), base))
        super().__init__(ptr.value, ctx)

    def _e(self):
        return _lib.cops_scenario_encounter(self._h)

    @property
    def name(self):
        return _lib.cops_scenario_name(self._h).decode("utf-8")

    @property
    def sides(self):
        n = self._check(_lib.cops_scenario_side_count(self._h))
        return [_lib.cops_scenario_side_name(self._h, i).decode("utf-8") for i in range(n)]

    def run(self):
        """Run to the end: scripted rounds, the default policy otherwise."""
        self._check(_lib.cops_scenario_run(self._h))

    def reset(self):
        self._check(_lib.cops_scenario_reset(self._h))

    def set_logging(self, on):
        self._check(_lib.cops_encounter_set_logging(self._e(), 1 if on else 0))
