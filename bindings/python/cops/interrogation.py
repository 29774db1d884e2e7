"""Interrogations (docs/interrogations.md, COPS.md C4): the subject an interrogator
questions, and the exact odds of each approach, a method and an attitude, before any die."""

import ctypes
import os
from dataclasses import dataclass
from typing import List, Optional, Tuple, Union

from . import _native as n
from .handles import Character, Context, PathLike, _Handle

lib = n.lib
_p, _i, _ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
ATTITUDES = ["Agressif", "Inquisiteur", "Froid", "Poli", "Amical"]
METHODS = ["Intimidation", "Éloquence", "Rhétorique"]
MODES = ["dice", "resistance"]
TIER_MAX = 9


class _Approach(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, _i) for f in (
        "skill", "attitude", "affinity", "deficiency", "resistance_up", "dice_mod",
        "threshold_mod", "anciennete")]


class _Odds(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("win", ctypes.c_double), ("tie", ctypes.c_double),
                ("lose", ctypes.c_double), ("tier", ctypes.c_double * (TIER_MAX + 1)),
                ("mean_tiers", ctypes.c_double)]


for _fn_name, _res, _args in (
        ("cops_subject_new", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
        ("cops_subject_free", None, [_p]),
        ("cops_subject_name", ctypes.c_char_p, [_p]),
        ("cops_subject_set_characteristic", _i, [_p, _i, _i]),
        ("cops_subject_characteristic", _i, [_p, _i]),
        ("cops_subject_set_resistance", _i, [_p, _i, _i]),
        ("cops_subject_resistance", _i, [_p, _i, _ip]),
        ("cops_subject_set_reaction", _i, [_p, _i, _i]),
        ("cops_subject_reaction", _i, [_p, _i, _ip]),
        ("cops_subject_set_reaction_mode", _i, [_p, _i]),
        ("cops_subject_reaction_mode", _i, [_p]),
        ("cops_subject_add_tag", _i, [_p, _i, ctypes.c_char_p]),
        ("cops_subject_tag_count", _i, [_p, _i]),
        ("cops_subject_tag", ctypes.c_char_p, [_p, _i, _i]),
        ("cops_subject_has_tag", _i, [_p, _i, ctypes.c_char_p]),
        ("cops_subject_add_fact", _i, [_p, _i, ctypes.c_char_p]),
        ("cops_subject_fact_count", _i, [_p]),
        ("cops_subject_fact", ctypes.c_char_p, [_p, _i, _ip]),
        ("cops_subject_from_json", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
        ("cops_subject_load", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
        ("cops_subject_to_json", _i, [_p, ctypes.POINTER(_p)]),
        ("cops_subject_save", _i, [_p, ctypes.c_char_p]),
        ("cops_subject_barred", _i, [_p, _i]),
        ("cops_subject_set_barred", _i, [_p, _i, _i]),
        ("cops_subject_resistance_up", _i, [_p]),
        ("cops_subject_set_resistance_up", _i, [_p, _i]),
        ("cops_approach_init_sized", _i, [ctypes.POINTER(_Approach), ctypes.c_size_t, _i, _i]),
        ("cops_approach_actions", _i, [_p, _p, ctypes.POINTER(_Approach),
                                       ctypes.POINTER(n._Action), ctypes.POINTER(n._Action)]),
        ("cops_approach_odds", _i, [_p, _p, ctypes.POINTER(_Approach), ctypes.POINTER(_Odds)]),
        ("cops_interview_attitude_name", ctypes.c_char_p, [_i, _i]),
        ("cops_interview_attitude_parse", _i, [ctypes.c_char_p, _ip]),
        ("cops_method_characteristic", _i, [_i])):
    _fn = getattr(lib, _fn_name)
    _fn.restype, _fn.argtypes = _res, _args


def _characteristic(name: Union[str, int]) -> int:
    return n.parsed(lib.cops_characteristic_parse, name, "characteristic")


def _attitude(name: Union[str, int]) -> int:
    return n.parsed(lib.cops_interview_attitude_parse, name, "attitude")


def _kind(kind: str) -> int:
    if kind not in ("affinity", "deficiency"):
        raise ValueError("kind must be 'affinity' or 'deficiency', not %r" % (kind,))
    return 1 if kind == "deficiency" else 0


class Subject(_Handle):
    """The subject of an interrogation (cops_subject): Sang-froid, Charme and Éducation,
    resistance modifiers (C4.4), reactions to the five attitudes (C4.3), affinity and
    deficiency tags (C4.6), the facts it knows by tier (C4.5)."""

    _free = lib.cops_subject_free

    def __init__(self, ctx: Context, name: str) -> None:
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_subject_new(ctypes.byref(ptr), ctx._h, n.text(name, "name")))
        super().__init__(ptr.value, ctx)

    @classmethod
    def _made(cls, ctx: Context, fn: object, arg: bytes) -> "Subject":
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(fn(ctypes.byref(ptr), ctx._h, arg))  # type: ignore[operator]
        s = cls.__new__(cls)
        _Handle.__init__(s, ptr.value, ctx)
        return s

    @classmethod
    def load(cls, ctx: Context, path: PathLike) -> "Subject":
        """A subject's file (schemas/subject.schema.json), confined as the context says."""
        return cls._made(ctx, lib.cops_subject_load, n.text(os.fspath(path), "path"))

    @classmethod
    def from_json(cls, ctx: Context, text: str) -> "Subject":
        """A subject from its JSON text."""
        return cls._made(ctx, lib.cops_subject_from_json, n.text(text, "text"))

    def to_json(self) -> str:
        """The subject as JSON, as the library writes it."""
        out = ctypes.c_void_p()
        self._check(lib.cops_subject_to_json(self._h, ctypes.byref(out)))
        return n.take_text(out.value)

    def save(self, path: PathLike) -> None:
        """Write the subject to a file, with what it has been through (the methods barred,
        the resistance increases: C4.7), as Character.save writes a sheet."""
        self._check(lib.cops_subject_save(self._h, n.text(os.fspath(path), "path")))

    @property
    def name(self) -> str:
        """The subject's name."""
        return n.c_text(lib.cops_subject_name(self._h))

    def barred(self, method: Union[str, int]) -> bool:
        """The method ("Intimidation", "Éloquence", "Rhétorique") is barred on the subject
        after a failed interrogation (C4.7), whoever failed, until new evidence or
        set_barred(method, False)."""
        return bool(self._check(lib.cops_subject_barred(
            self._h, n.parsed(lib.cops_skill_parse, method, "method"))))

    def set_barred(self, method: Union[str, int], barred: bool = True) -> None:
        """Bar (or open, barred=False) a method on the subject (C4.7): the caller's reset."""
        if not isinstance(barred, bool):
            raise TypeError("barred must be a bool")
        self._check(lib.cops_subject_set_barred(
            self._h, n.parsed(lib.cops_skill_parse, method, "method"), int(barred)))

    @property
    def resistance_up(self) -> int:
        """Every resistance of the subject raised by this much by failed interrogations (C4.7),
        for every interrogator; new evidence leaves it. Settable, 0..20 (RangeError)."""
        return self._check(lib.cops_subject_resistance_up(self._h))

    @resistance_up.setter
    def resistance_up(self, up: int) -> None:
        self._check(lib.cops_subject_set_resistance_up(self._h, n.integer(up, "resistance_up")))

    def characteristic(self, name: Union[str, int]) -> int:
        """Sang-froid, Charme or Éducation, 1..5."""
        return self._check(lib.cops_subject_characteristic(self._h, _characteristic(name)))

    def set_characteristic(self, name: Union[str, int], value: int) -> None:
        """Set Sang-froid, Charme or Éducation, 1..5."""
        self._check(lib.cops_subject_set_characteristic(self._h, _characteristic(name),
                                                        n.integer(value, "value")))

    def resistance(self, name: Union[str, int]) -> int:
        """The resistance modifier of a resisting characteristic, -5..5 (C4.4)."""
        v = ctypes.c_int()
        self._check(lib.cops_subject_resistance(self._h, _characteristic(name), ctypes.byref(v)))
        return v.value

    def set_resistance(self, name: Union[str, int], modifier: int) -> None:
        """Set a resistance modifier, -5..5 (C4.4)."""
        self._check(lib.cops_subject_set_resistance(self._h, _characteristic(name),
                                                    n.integer(modifier, "modifier")))

    def reaction(self, attitude: Union[str, int]) -> int:
        """The reaction to an attitude, -5..5, from the cop's side (C4.3, C4.8)."""
        v = ctypes.c_int()
        self._check(lib.cops_subject_reaction(self._h, _attitude(attitude), ctypes.byref(v)))
        return v.value

    def set_reaction(self, attitude: Union[str, int], reaction: int) -> None:
        """Set the reaction to an attitude, -5..5 (C4.3)."""
        self._check(lib.cops_subject_set_reaction(self._h, _attitude(attitude),
                                                  n.integer(reaction, "reaction")))

    @property
    def reaction_mode(self) -> str:
        """"dice" (the default, C4.3 RULING) or "resistance" (the knob)."""
        return MODES[self._check(lib.cops_subject_reaction_mode(self._h))]

    @reaction_mode.setter
    def reaction_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError("mode must be 'dice' or 'resistance', not %r" % (mode,))
        self._check(lib.cops_subject_set_reaction_mode(self._h, MODES.index(mode)))

    def add_tag(self, kind: str, tag: str) -> None:
        """An "affinity" or a "deficiency" tag (C4.6), a name of the caller's."""
        self._check(lib.cops_subject_add_tag(self._h, _kind(kind), n.text(tag, "tag")))

    def tags(self, kind: str) -> List[str]:
        """The "affinity" or "deficiency" tags, in order."""
        k = _kind(kind)
        return [n.c_text(lib.cops_subject_tag(self._h, k, i))
                for i in range(self._check(lib.cops_subject_tag_count(self._h, k)))]

    def has_tag(self, kind: str, tag: str) -> bool:
        """The tag is one of the kind's (folded)."""
        return bool(self._check(lib.cops_subject_has_tag(self._h, _kind(kind),
                                                         n.text(tag, "tag"))))

    def add_fact(self, tier: int, text: str) -> None:
        """A fact at a tier: 0 the essential, tier k for a margin of k + 1 (C4.5, C4.8)."""
        self._check(lib.cops_subject_add_fact(self._h, n.integer(tier, "tier"),
                                              n.text(text, "text")))

    @property
    def facts(self) -> List[Tuple[int, str]]:
        """(tier, text) of each fact, in order."""
        out = []
        for i in range(self._check(lib.cops_subject_fact_count(self._h))):
            tier = ctypes.c_int()
            text = lib.cops_subject_fact(self._h, i, ctypes.byref(tier))
            out.append((tier.value, n.c_text(text)))
        return out


@dataclass(frozen=True)
class ApproachOdds:
    """The exact odds of an approach (cops_approach_odds)."""

    win: float          #: the interrogator wins (margin 1 or more, C4.8)
    tie: float          #: a failed interrogation too (C4.8)
    lose: float
    tiers: List[float]  #: P(the facts of tier k come out), k = 0 .. 9
    mean_tiers: float


def _approach(method: Union[str, int], attitude: Union[str, int], affinity: bool,
              deficiency: bool, resistance_up: int, dice_mod: int,
              threshold_mod: int, anciennete: bool = False) -> _Approach:
    a = _Approach()
    skill = n.parsed(lib.cops_skill_parse, method, "method")
    if lib.cops_approach_init_sized(ctypes.byref(a), ctypes.sizeof(a), skill,
                                    _attitude(attitude)):
        raise ValueError("the approach could not be made")
    for name, flag in (("affinity", affinity), ("deficiency", deficiency),
                       ("anciennete", anciennete)):
        if not isinstance(flag, bool):
            raise TypeError("%s must be a bool" % name)
        setattr(a, name, int(flag))
    a.resistance_up = n.integer(resistance_up, "resistance_up")
    a.dice_mod = n.integer(dice_mod, "dice_mod")
    a.threshold_mod = n.integer(threshold_mod, "threshold_mod")
    return a


def approach_odds(subject: Subject, cop: Character, method: Union[str, int],
                  attitude: Union[str, int], *, affinity: bool = False,
                  deficiency: bool = False, resistance_up: int = 0, dice_mod: int = 0,
                  threshold_mod: int = 0, anciennete: bool = False) -> ApproachOdds:
    """The exact odds of questioning subject with method ("Intimidation", "Éloquence",
    "Rhétorique") and attitude ("Agressif" ... "Amical", any language), before any die:
    affinity gives a free point of margin on a win (C4.6, C4.8), deficiency doubles the
    attitude's malus, resistance_up counts earlier failures (C4.7), anciennete rolls a lost
    roll again for a point (C4.8, C5; RuleError without one), a win then the essential
    only."""
    if not isinstance(subject, Subject) or not isinstance(cop, Character):
        raise TypeError("approach_odds(subject: cops.Subject, cop: cops.Character, ...)")
    a = _approach(method, attitude, affinity, deficiency, resistance_up, dice_mod,
                  threshold_mod, anciennete)
    o = _Odds(size=ctypes.sizeof(_Odds))
    subject._check(lib.cops_approach_odds(subject._h, cop._h, ctypes.byref(a), ctypes.byref(o)))
    return ApproachOdds(o.win, o.tie, o.lose, list(o.tier), o.mean_tiers)


def approach_rolls(subject: Subject, cop: Character, method: Union[str, int],
                   attitude: Union[str, int], *, affinity: bool = False,
                   deficiency: bool = False, resistance_up: int = 0, dice_mod: int = 0,
                   threshold_mod: int = 0) -> Tuple[str, str]:
    """The two opposed rolls of an approach in notation (cops_approach_actions):
    the interrogator's and the subject's."""
    if not isinstance(subject, Subject) or not isinstance(cop, Character):
        raise TypeError("approach_rolls(subject: cops.Subject, cop: cops.Character, ...)")
    a = _approach(method, attitude, affinity, deficiency, resistance_up, dice_mod,
                  threshold_mod)
    mine, theirs = n._Action(), n._Action()
    mine.size = theirs.size = ctypes.sizeof(n._Action)
    subject._check(lib.cops_approach_actions(subject._h, cop._h, ctypes.byref(a),
                                             ctypes.byref(mine), ctypes.byref(theirs)))
    out = []
    for action in (mine, theirs):
        buf = ctypes.create_string_buffer(128)
        lib.cops_action_format(ctypes.byref(action), buf, 128)
        out.append(buf.value.decode())
    return out[0], out[1]


def attitude_name(attitude: Union[str, int], lang: str = "fr") -> str:
    """An attitude's name: "Inquisiteur", "Inquisitive", "Inquisitivo"."""
    return n.c_text(lib.cops_interview_attitude_name(_attitude(attitude), n.lang_code(lang)))


def method_characteristic(method: Union[str, int]) -> str:
    """The characteristic a method is resisted with (C4.2): "Sang-froid" ..."""
    c = lib.cops_method_characteristic(n.parsed(lib.cops_skill_parse, method, "method"))
    if c < 0:
        raise ValueError("a method is Intimidation, Éloquence or Rhétorique, not %r" % (method,))
    return n.c_text(lib.cops_characteristic_name(c, 0))


__all__ = ["Subject", "ApproachOdds", "approach_odds", "approach_rolls", "attitude_name",
           "method_characteristic", "ATTITUDES", "METHODS"]
