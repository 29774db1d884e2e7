"""Treatments (docs/healing.md): first aid after a fight (C8.4), the two stabilisations
of the dying (C8.5), and their exact odds before the roll. Time, rest, nights and
revival are Character methods (advance, set_rest, night, revive, declare_dead)."""

import ctypes
from dataclasses import dataclass
from typing import List, Optional, cast

from . import _native as n
from .errors import NotFoundError, OutOfMemoryError
from .attack import _optional
from .base import Context, _read_roll
from .log import Log
from .sheet import TREATMENTS, Character
from .results import Roll

lib = n.lib
_p, _i = ctypes.c_void_p, ctypes.c_int
ANCIENNETE = 0x200  # COPS_TREAT_ANCIENNETE


class _Treatment(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("kind", _i), ("difficulty", _i),
                ("flags", ctypes.c_uint), ("dice_mod", _i), ("threshold_mod", _i),
                ("difficulty_mod", _i), ("healer_id", _i), ("patient_id", _i)]


class _Treated(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, _i) for f in (
        "kind", "succeeded", "margin", "anciennete", "healed", "cap", "hp_before", "hp_after",
        "bleed_period")]


class _Odds(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("success", ctypes.c_double),
                ("mean_healed", ctypes.c_double), ("cap", _i), ("awake", ctypes.c_double)]


for _fn_name, _res, _args in (
        ("cops_treatment_init_sized", _i, [ctypes.POINTER(_Treatment), ctypes.c_size_t, _i]),
        ("cops_treat", _i, [ctypes.POINTER(_Treated), _p, _p, _p, ctypes.POINTER(_Treatment), _p]),
        ("cops_treat_odds", _i, [ctypes.POINTER(_Odds), _p, _p, ctypes.POINTER(_Treatment),
                                 ctypes.POINTER(ctypes.c_double), _i]),
        ("cops_treatment_action", _i, [ctypes.POINTER(n._Action), _p, _p,
                                       ctypes.POINTER(_Treatment)])):
    _fn = getattr(lib, _fn_name)
    _fn.restype, _fn.argtypes = _res, _args


@dataclass(frozen=True)
class Treated:
    """What a treatment did (cops_treat)."""

    kind: str            #: "first_aid", "stabilise" or "medicine"
    roll: Roll           #: the healer's roll (after a re-roll, the second)
    succeeded: bool
    margin: int          #: MR (0 after an Ancienneté re-roll), or -ME
    anciennete: bool     #: rolled again for an Ancienneté point
    healed: int          #: hit points healed
    cap: int             #: the most it could heal (C8.4: the last ten minutes, max - 5)
    hp_before: int
    hp_after: int
    bleed_period: int    #: rounds between losses after it, 0 not bleeding


@dataclass(frozen=True)
class TreatmentOdds:
    """The exact odds of a treatment before the roll (cops_treat_odds)."""

    success: float       #: the roll succeeds (with the re-roll when asked)
    mean_healed: float   #: hit points healed on average
    cap: int             #: the most it can heal now
    awake: float         #: stabilisation: the patient ends above 0 hit points
    healed: List[float]  #: P(healed = k), k = 0 .. cap


def _treatment(healer: Character, patient: Character, kind: str, difficulty: int,
               adrenaline: bool, anciennete: bool, dice_mod: int, threshold_mod: int,
               difficulty_mod: int, healer_id: int, patient_id: int) -> _Treatment:
    for who, what in ((healer, "healer"), (patient, "patient")):
        if not isinstance(who, Character):
            raise TypeError("%s must be a cops.Character" % what)
    if kind not in TREATMENTS:
        raise NotFoundError("kind must be one of %s, not %r" % (", ".join(TREATMENTS), kind))
    for flag, what in ((adrenaline, "adrenaline"), (anciennete, "anciennete")):
        if not isinstance(flag, bool):
            raise TypeError("%s must be a bool" % what)
    t = _Treatment()
    lib.cops_treatment_init_sized(ctypes.byref(t), ctypes.sizeof(t), TREATMENTS.index(kind))
    t.difficulty = n.integer(difficulty, "difficulty", 1, 3)
    t.flags = (n.ADRENALINE_DIE if adrenaline else 0) | (ANCIENNETE if anciennete else 0)
    t.dice_mod = n.integer(dice_mod, "dice_mod")
    t.threshold_mod = n.integer(threshold_mod, "threshold_mod")
    t.difficulty_mod = n.integer(difficulty_mod, "difficulty_mod")
    t.healer_id = n.integer(healer_id, "healer_id", -1)
    t.patient_id = n.integer(patient_id, "patient_id", -1)
    return t


def treat(ctx: Context, healer: Character, patient: Character, kind: str, *,
          difficulty: int = 1, adrenaline: bool = False, anciennete: bool = False,
          dice_mod: int = 0, threshold_mod: int = 0, difficulty_mod: int = 0,
          healer_id: int = 0, patient_id: int = 1, log: Optional[Log] = None) -> Treated:
    """A treatment (C8.4, C8.5): kind "first_aid" (after a fight, the patient above 0),
    "stabilise" or "medicine" (the dying); difficulty 1 kit, 2 makeshift, 3 bare hands.
    anciennete spends a point on a failure to roll again. All or nothing."""
    t = _treatment(healer, patient, kind, difficulty, adrenaline, anciennete, dice_mod,
                   threshold_mod, difficulty_mod, healer_id, patient_id)
    ptr = ctypes.c_void_p()
    if lib.cops_roll_new_in(ctypes.byref(ptr), ctx._h):
        raise OutOfMemoryError("no memory for a roll")
    try:
        out = _Treated()
        out.size = ctypes.sizeof(out)
        ctx._check(lib.cops_treat(ctypes.byref(out), ptr.value, healer._h, patient._h,
                                  ctypes.byref(t), _optional(log, Log, "log") or None))
        return Treated(kind=kind, roll=_read_roll(cast(int, ptr.value)),
                       succeeded=bool(out.succeeded), margin=out.margin,
                       anciennete=bool(out.anciennete), healed=out.healed, cap=out.cap,
                       hp_before=out.hp_before, hp_after=out.hp_after,
                       bleed_period=out.bleed_period)
    finally:
        lib.cops_roll_free(ptr.value)


def treat_odds(ctx: Context, healer: Character, patient: Character, kind: str, *,
               difficulty: int = 1, adrenaline: bool = False, anciennete: bool = False,
               dice_mod: int = 0, threshold_mod: int = 0,
               difficulty_mod: int = 0) -> TreatmentOdds:
    """The exact odds of treat() now, no die drawn (docs/odds.md)."""
    t = _treatment(healer, patient, kind, difficulty, adrenaline, anciennete, dice_mod,
                   threshold_mod, difficulty_mod, 0, 1)
    out = _Odds()
    out.size = ctypes.sizeof(out)
    ctx._check(lib.cops_treat_odds(ctypes.byref(out), healer._h, patient._h, ctypes.byref(t),
                                   None, 0))
    law = (ctypes.c_double * (out.cap + 1))()
    ctx._check(lib.cops_treat_odds(ctypes.byref(out), healer._h, patient._h, ctypes.byref(t),
                                   law, out.cap + 1))
    return TreatmentOdds(success=out.success, mean_healed=out.mean_healed, cap=out.cap,
                         awake=out.awake, healed=list(law))


def treatment_action(ctx: Context, healer: Character, patient: Character, kind: str, *,
                     difficulty: int = 1, adrenaline: bool = False, dice_mod: int = 0,
                     threshold_mod: int = 0, difficulty_mod: int = 0) -> str:
    """The healer's roll for a treatment, as notation ("5+/3 (1)"): skill, characteristic,
    the healer's wound malus, the difficulty and the GM's modifiers."""
    t = _treatment(healer, patient, kind, difficulty, adrenaline, False, dice_mod,
                   threshold_mod, difficulty_mod, 0, 1)
    a = n._Action()
    ctx._check(lib.cops_treatment_action(ctypes.byref(a), healer._h, patient._h,
                                         ctypes.byref(t)))
    buf = ctypes.create_string_buffer(96)
    ctx._check(lib.cops_action_format(ctypes.byref(a), buf, len(buf)))
    return buf.value.decode("utf-8")
