"""The D6 System module's vehicles (docs/d6.md, "Vehicles"; <cops/d6-vehicle.h>), reached as
cops.d6: Vehicle, vehicle_harm(), attack_vehicle(), collision(), vehicle_crash(), repair().

    import cops
    with cops.Context(seed=7) as ctx:
        car = cops.d6.Vehicle("Sedan", speed="cruising")
        o = cops.d6.vehicle_harm(ctx, car, cops.d6.Code(5))
        print(o.result, car.penalty, car.top_speed)
"""

import ctypes
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _native as n
from .errors import InvalidArgumentError, NotFoundError, RangeError
from .base import Context
from .d6_dice import Code, Rules, _Code, _need, _rules
from .d6_combat import (ROLL_DEFENCE, Character, _aboard, _code_arg, _code_of, _index, _log,
                        _weapon_index)

lib = n.lib
_i, _p = ctypes.c_int, ctypes.c_void_p
_pi, _pc = ctypes.POINTER(ctypes.c_int), ctypes.POINTER(_Code)

SPEEDS = ("stopped", "slow", "cruising", "full_speed", "flat_out")   #: cops_d6_speeds
VEHICLE_RESULTS = ("none", "very_light", "light", "heavy", "severe",
                   "destroyed")   #: cops_d6_vehicle_results
CONTROLS = ("controlled", "out_of_control", "crashed", "wrecked")   #: cops_d6_controls
IMPACTS = ("side_on", "head_on", "from_behind", "into_object")   #: cops_d6_impacts
_REPAIR_FLAGS = {"workshop": 0x1, "tools": 0x2, "unknown": 0x4, "studied": 0x8}


class _VehicleDamage(ctypes.Structure):
    _fields_ = [(f, ctypes.c_int) for f in ("result", "dice", "ranks")]


class _Vehicle(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("name", ctypes.c_char * 48), ("scale", ctypes.c_int),
                ("resistance", _Code), ("manoeuvrability", _Code)] + [
        (f, ctypes.c_int) for f in ("speed", "top_speed", "very_light", "control", "ndamage")] + [
        ("damage", _VehicleDamage * 8)]


class _VehicleOutcome(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in (
        "attack_total", "defence_value", "hit", "damage_total", "resistance_total", "margin",
        "result", "passenger_damage", "ranks_lost")]


_VEHICLE_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "cops_d6_vehicle_init_sized": (_i, [ctypes.POINTER(_Vehicle), ctypes.c_size_t]),
    "cops_d6_vehicle_penalty": (_i, [ctypes.POINTER(_Vehicle)]),
    "cops_d6_vehicle_harm": (_i, [ctypes.POINTER(_VehicleOutcome), _p, ctypes.POINTER(_Vehicle),
                                  _i, _Code, _p, _p, _i, _p, _p]),
    "cops_d6_attack_vehicle": (_i, [ctypes.POINTER(_VehicleOutcome), _p, _p, _i, _i, _i, _i,
                                    ctypes.POINTER(_Vehicle), _i, _i, _p, _p, _i, _p, _p]),
    "cops_d6_collision_code": (_i, [_pi, _i, _i, _pc]),
    "cops_d6_collision": (_i, [_p, _p, _p, _p, _i, _i, _p, _p, _p, _p, _p]),
    "cops_d6_vehicle_end_round": (_i, [ctypes.POINTER(_Vehicle)]),
    "cops_d6_vehicle_crash": (_i, [ctypes.POINTER(_VehicleOutcome), _p, ctypes.POINTER(_Vehicle),
                                   _i, _p, _p, _i, _p, _p]),
    "cops_d6_repair": (_i, [_pi, _p, _p, _i, _Code, ctypes.POINTER(_Vehicle), _i, _i,
                            ctypes.c_uint, _p, _p]),
}
if hasattr(lib, "cops_d6_roll"):
    for _name, (_res, _args) in _VEHICLE_PROTOTYPES.items():
        _fn = getattr(lib, _name)
        _fn.restype = _res
        _fn.argtypes = _args


class Vehicle:
    """A vehicle (cops_d6_vehicle, D6-M6): a car by default (scale +6, Resistance 3D,
    manoeuvrability 2D, stopped, top speed flat out). The calls below change it in place."""

    def __init__(self, name: str, *, scale: int = 6, resistance: Code = Code(3),
                 manoeuvrability: Code = Code(2), speed: str = "stopped",
                 top_speed: str = "flat_out") -> None:
        _need()
        self._c = _Vehicle()
        if lib.cops_d6_vehicle_init_sized(ctypes.byref(self._c), ctypes.sizeof(self._c)):
            raise InvalidArgumentError("the library refuses the vehicle's size")
        raw = n.text(name, "name")
        if not raw or len(raw) >= 48:
            raise RangeError("a vehicle's name is 1 to 47 bytes")
        self._c.name = raw
        self._c.scale = n.integer(scale, "scale")
        self._c.resistance = resistance._c()
        self._c.manoeuvrability = manoeuvrability._c()
        self._c.speed = _index(SPEEDS, speed, "speed")
        self._c.top_speed = _index(SPEEDS, top_speed, "speed")

    @property
    def name(self) -> str:
        return str(self._c.name.decode("utf-8"))

    @property
    def speed(self) -> str:
        return SPEEDS[self._c.speed]

    @speed.setter
    def speed(self, value: str) -> None:
        self._c.speed = _index(SPEEDS, value, "speed")

    @property
    def top_speed(self) -> str:
        return SPEEDS[self._c.top_speed]

    @property
    def control(self) -> str:
        return CONTROLS[self._c.control]

    @property
    def damage(self) -> Tuple[Tuple[str, int, int], ...]:
        """The outstanding results: (result, dice, top-speed ranks)."""
        return tuple((VEHICLE_RESULTS[d.result], d.dice, d.ranks)
                     for d in self._c.damage[:self._c.ndamage])

    @property
    def penalty(self) -> int:
        """Dice off its manoeuvrability rolls (cops_d6_vehicle_penalty)."""
        return int(lib.cops_d6_vehicle_penalty(ctypes.byref(self._c)))

    def end_round(self) -> None:
        """The vehicle's end of round (cops_d6_vehicle_end_round)."""
        lib.cops_d6_vehicle_end_round(ctypes.byref(self._c))


@dataclass(frozen=True)
class VehicleOutcome:
    """What damage did to a vehicle (cops_d6_vehicle_outcome)."""

    attack_total: int
    defence_value: int
    hit: bool
    damage_total: int
    resistance_total: int
    margin: int
    result: str
    passenger_damage: int   #: dice each passenger took
    ranks_lost: int

    @classmethod
    def _of(cls, o: _VehicleOutcome) -> "VehicleOutcome":
        return cls(o.attack_total, o.defence_value, bool(o.hit), o.damage_total,
                   o.resistance_total, o.margin, VEHICLE_RESULTS[o.result], o.passenger_damage,
                   o.ranks_lost)


def vehicle_harm(ctx: Context, v: Vehicle, damage: Code, *, id: int = 0,
                 passengers: Sequence[Character] = (), ids: Optional[Sequence[int]] = None,
                 rules: Optional[Rules] = None, log: Optional[Any] = None) -> VehicleOutcome:
    """Damage against a vehicle's Resistance (cops_d6_vehicle_harm, §5.17)."""
    _need()
    arr, idarr, count = _aboard(passengers, ids)
    o = _VehicleOutcome()
    o.size = ctypes.sizeof(o)
    ctx._check(lib.cops_d6_vehicle_harm(ctypes.byref(o), ctx._h, ctypes.byref(v._c),
                                        n.integer(id, "id"), _code_arg(damage, "damage"), arr,
                                        idarr, count, _rules(rules), _log(log)))
    return VehicleOutcome._of(o)


def attack_vehicle(ctx: Context, attacker: Character, v: Vehicle, *,
                   weapon: Union[None, int, str] = None, distance: int = 0, actions: int = 1,
                   dodge_total: Optional[int] = None, attacker_id: int = 0, id: int = 1,
                   passengers: Sequence[Character] = (), ids: Optional[Sequence[int]] = None,
                   rules: Optional[Rules] = None, log: Optional[Any] = None) -> VehicleOutcome:
    """An attack on a vehicle (cops_d6_attack_vehicle, §5.16, D6-A64)."""
    _need()
    if not isinstance(attacker, Character):
        raise TypeError("attacker must be a cops.d6.Character")
    arr, idarr, count = _aboard(passengers, ids)
    o = _VehicleOutcome()
    o.size = ctypes.sizeof(o)
    ctx._check(lib.cops_d6_attack_vehicle(
        ctypes.byref(o), ctx._h, attacker._h, n.integer(attacker_id, "attacker_id"),
        _weapon_index(attacker, weapon, "weapon"), n.integer(distance, "distance"),
        n.integer(actions, "actions"), ctypes.byref(v._c), n.integer(id, "id"),
        ROLL_DEFENCE if dodge_total is None else n.integer(dodge_total, "dodge_total"), arr,
        idarr, count, _rules(rules), _log(log)))
    return VehicleOutcome._of(o)


def collision_code(speeds: Sequence[str], impact: str = "side_on") -> Code:
    """A collision's shared damage code (cops_d6_collision_code, §5.18, D6-A62)."""
    _need()
    arr = (ctypes.c_int * len(speeds))(*[_index(SPEEDS, s, "speed") for s in speeds])
    c = _Code()
    if lib.cops_d6_collision_code(arr, len(speeds), _index(IMPACTS, impact, "impact"),
                                  ctypes.byref(c)):
        raise RangeError("1 to 8 speeds")
    return _code_of(c)


def collision(ctx: Context, vehicles: Sequence[Vehicle], *, impact: str = "side_on",
              ids: Optional[Sequence[int]] = None,
              passengers: Optional[Sequence[Sequence[Character]]] = None,
              rules: Optional[Rules] = None, log: Optional[Any] = None) -> List[VehicleOutcome]:
    """A collision (cops_d6_collision, §5.18): passengers[i] the characters in vehicles[i]."""
    _need()
    count = len(vehicles)
    varr = (ctypes.c_void_p * count)(*[ctypes.addressof(v._c) for v in vehicles])
    idarr = (ctypes.c_int * count)(*[n.integer(i, "id") for i in ids]) if ids else None
    flat: List[Character] = []
    counts = None
    if passengers is not None:
        if len(passengers) != count:
            raise InvalidArgumentError("one list of passengers a vehicle")
        counts = (ctypes.c_int * count)(*[len(p) for p in passengers])
        for group in passengers:
            flat.extend(group)
    parr, _, _ = _aboard(flat, None)
    outs = (_VehicleOutcome * count)()
    for o in outs:
        o.size = ctypes.sizeof(o)
    ctx._check(lib.cops_d6_collision(outs, ctx._h, varr, idarr, count,
                                     _index(IMPACTS, impact, "impact"), parr, None, counts,
                                     _rules(rules), _log(log)))
    return [VehicleOutcome._of(o) for o in outs]


def vehicle_crash(ctx: Context, v: Vehicle, *, id: int = 0,
                  passengers: Sequence[Character] = (), ids: Optional[Sequence[int]] = None,
                  rules: Optional[Rules] = None, log: Optional[Any] = None) -> VehicleOutcome:
    """A vehicle out of control meets an obstacle (cops_d6_vehicle_crash, D6-A25)."""
    _need()
    arr, idarr, count = _aboard(passengers, ids)
    o = _VehicleOutcome()
    o.size = ctypes.sizeof(o)
    ctx._check(lib.cops_d6_vehicle_crash(ctypes.byref(o), ctx._h, ctypes.byref(v._c),
                                         n.integer(id, "id"), arr, idarr, count, _rules(rules),
                                         _log(log)))
    return VehicleOutcome._of(o)


def repair(ctx: Context, mechanic: Character, skill: Code, v: Vehicle, index: int = 0, *,
           flags: Sequence[str] = (), mechanic_id: int = 0, id: int = 0,
           rules: Optional[Rules] = None, log: Optional[Any] = None) -> bool:
    """A repair of outstanding result index (cops_d6_repair, §6.5, D6-A37): flags of
    "workshop", "tools", "unknown", "studied"; True on a success."""
    _need()
    if not isinstance(mechanic, Character):
        raise TypeError("mechanic must be a cops.d6.Character")
    if isinstance(flags, str):
        raise TypeError("flags: a list of names, not a str")
    bits = 0
    for f in flags:
        if f not in _REPAIR_FLAGS:
            raise NotFoundError("unknown flag %r (%s)" % (f, ", ".join(_REPAIR_FLAGS)))
        bits |= _REPAIR_FLAGS[f]
    ok = ctypes.c_int()
    ctx._check(lib.cops_d6_repair(ctypes.byref(ok), ctx._h, mechanic._h,
                                  n.integer(mechanic_id, "mechanic_id"), _code_arg(skill, "skill"),
                                  ctypes.byref(v._c), n.integer(id, "id"),
                                  n.integer(index, "index"), bits, _rules(rules), _log(log)))
    return bool(ok.value)
