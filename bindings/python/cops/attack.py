"""One attack at a time (docs/attacks.md): cops.attack() resolves a shot, a burst,
covering fire or a blow between two characters and returns its Outcome; its events go
to a Log. The follow-ups (covering fire's nerve and crossing, recovery, standing up)
are here too."""

import ctypes
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Optional, Tuple, Union, cast

from . import _native as n
from .errors import InvalidArgumentError, OutOfMemoryError
from .base import Context, _Handle, _read_roll
from .log import Log
from .sheet import HEALTH, Armour, Character, Weapon
from .results import AttackOdds, Roll

lib = n.lib
_p, _i, _ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)


class _Situation(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("ruleset", _i), ("mode", _i), ("attacker", _p),
                ("weapon", _p), ("attitude", _i), ("initiative", _i), ("characteristic", _i),
                ("movement", _i), ("shots_fired", _i), ("several", _i), ("target", _p),
                ("armour", _p), ("target_attitude", _i), ("target_weapon", _p),
                ("target_mode", _i), ("attacker_armour", _p), ("distance", _i),
                ("dice_mod", _i), ("threshold_mod", _i), ("difficulty_mod", _i),
                ("target_dice_mod", _i), ("target_stopping", _i), ("attacker_stopping", _i),
                ("penetration", _i), ("attacker_id", _i), ("target_id", _i), ("zone_x", _i),
                ("zone_y", _i), ("zone_radius", _i), ("adrenaline", _i), ("anciennete", _i),
                ("target_threshold_mod", _i), ("target_adrenaline", _i), ("distance_cm", _i),
                ("aim", _i), ("bullets", _i), ("holding", _i), ("knockout_minutes", _i)]


class _Hit(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, _i) for f in (
        "victim", "bullet", "die", "location", "modifier", "raw", "protection", "bonus",
        "damage", "stopped", "body_side", "rolled")]


class _Victim(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("who", _p)] + [(f, _i) for f in (
        "hits", "damage", "lasting", "hp_before", "hp_after", "health_before", "health_after",
        "stopping", "stopping_difficulty")] + [("conditions", ctypes.c_uint),
                                               ("stopping_threshold", _i),
                                               ("mishaps", ctypes.c_uint), ("minutes", _i)]


for _fn_name, _res, _args in (
        ("cops_situation_init_sized", _i, [ctypes.POINTER(_Situation), ctypes.c_size_t, _i]),
        ("cops_attack", _i, [_p, ctypes.POINTER(_Situation), _p]),
        ("cops_outcome_new", _i, [ctypes.POINTER(_p)]),
        ("cops_outcome_free", None, [_p]),
        ("cops_outcome_mode", _i, [_p]),
        ("cops_outcome_hit_target", _i, [_p]),
        ("cops_outcome_possible", _i, [_p]),
        ("cops_outcome_margin", _i, [_p, _ip]),
        ("cops_outcome_bullets", _i, [_p, _ip, _ip]),
        ("cops_outcome_hit_count", _i, [_p]),
        ("cops_outcome_hit", _i, [_p, _i, ctypes.POINTER(_Hit)]),
        ("cops_outcome_victim_count", _i, [_p]),
        ("cops_outcome_victim", _i, [_p, _i, ctypes.POINTER(_Victim)]),
        ("cops_outcome_roll", _p, [_p, _i]),
        ("cops_cover_nerve", _i, [_p, _p, _p, _ip]),
        ("cops_cover_zone", _i, [_p, _ip]),
        ("cops_cover_nerve_under", _i, [_p, _p, _p, _p, _ip]),
        ("cops_cover_enter", _i, [_p, _p, _p, _p, _i, _p]),
        ("cops_recovery_roll", _i, [_p, _p, _i, _p, _ip]),
        ("cops_stand_up", _i, [_p, _p, _p, _ip]),
        ("cops_attack_mode_parse", _i, [ctypes.c_char_p, _ip]),
        ("cops_log_new", _i, [ctypes.POINTER(_p), _p]),
        ("cops_log_free", None, [_p]),
        ("cops_log_clear", _i, [_p]),
        ("cops_log_count", _i, [_p]),
        ("cops_log_set_round", _i, [_p, _i])):
    _fn = getattr(lib, _fn_name)
    _fn.restype, _fn.argtypes = _res, _args

ZONES = ["legs", "abdomen", "torso", "arms", "head"]
STOPPING = ["steady", "shaken", "out", "unaffected", "stopped", "mishap"]
SIDES = [None, "right", "left"]
MISHAPS = {"knocked_down": 1, "unconscious": 2, "drop_right": 4, "drop_left": 8}
ROLLS = ["attack", "defence", "cover_hits", "stopping", "stopping_back"]


class _OutcomeHandle(_Handle):
    """The C outcome behind an Outcome, kept for cover_enter(); it needs no context."""

    _free = lib.cops_outcome_free

    def __init__(self, ptr: Optional[int]) -> None:
        self._thread = threading.get_ident()
        super().__init__(ptr, None)


@dataclass(frozen=True)
class Hit:
    """One bullet or blow that reached a character (cops_hit)."""

    victim: str              #: "target", or "attacker" (hit back in melee)
    bullet: int              #: 1-based
    die: int                 #: the location d10 (plus the burst offset); 0 unlocated
    location: Optional[str]  #: "legs", "abdomen", "torso", "arms", "head"; None unlocated
    modifier: int
    raw: int                 #: PU d6, or a strike's or throw's fixed damage
    protection: int          #: armour d6 plus its fixed part
    bonus: int               #: location d6 (points for a strike)
    damage: int              #: what came off the hit points
    stopped: bool            #: the armour stopped it
    side: Optional[str] = None  #: "right" or "left" for a leg or an arm under A4.1
    rolled: int = 0          #: the location d10 before the shifts of excess successes (A2.1)


@dataclass(frozen=True)
class Victim:
    """What an attack did to one character (cops_victim)."""

    name: str
    role: str                #: "attacker" or "target"
    hits: int
    damage: int
    lasting: bool            #: 15 or more (C8.3)
    hp_before: int
    hp_after: int
    health_before: str
    health_after: str
    stopping: Optional[str]  #: "steady", "shaken", "out" (C10.4), "unaffected", "stopped", "mishap" (A5); None without a stopping roll
    stopping_difficulty: int #: the core rules' difficulty; the attack's FA under A5
    conditions: int          #: COPS_COND_* bits this attack set
    stopping_threshold: int = 0   #: the stopping roll's threshold (A5; 6 in the core rules)
    mishaps: Tuple[str, ...] = ()  #: A5: "knocked_down", "unconscious", "drop_right", "drop_left"
    minutes: int = 0         #: A5: minutes unconscious after a head mishap


@dataclass(frozen=True)
class Outcome:
    """What an attack did (docs/attacks.md): a value, readable after its context is gone."""

    mode: str
    possible: bool           #: a roll was made (not out of range, at least one die)
    hit_target: bool         #: the attacker hit (a hold or throw took effect)
    margin: int
    fired: int               #: rounds used
    hits: Tuple[Hit, ...]
    victims: Tuple[Victim, ...]
    rolls: Dict[str, Roll] = field(default_factory=dict)   #: by "attack", "defence" ...
    _c: Optional[_OutcomeHandle] = field(default=None, repr=False, compare=False)


def _character(x: object, what: str) -> Character:
    if not isinstance(x, Character):
        raise TypeError("%s must be a cops.Character" % what)
    return x


def _optional(x: object, cls: type, what: str) -> int:
    if x is None:
        return 0
    if not isinstance(x, cls):
        raise TypeError("%s must be a cops.%s or None" % (what, cls.__name__))
    return cast(_Handle, x)._h


def _outcome(ptr: int, attacker: Optional[Character], target: Optional[Character],
             handle: _OutcomeHandle) -> Outcome:
    margin, fired, hits = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    lib.cops_outcome_margin(ptr, ctypes.byref(margin))
    lib.cops_outcome_bullets(ptr, ctypes.byref(fired), ctypes.byref(hits))
    out_hits = []
    for i in range(max(0, lib.cops_outcome_hit_count(ptr))):
        h = _Hit(size=ctypes.sizeof(_Hit))
        lib.cops_outcome_hit(ptr, i, ctypes.byref(h))
        out_hits.append(Hit("attacker" if h.victim else "target", h.bullet, h.die,
                            ZONES[h.location] if h.location >= 0 else None, h.modifier, h.raw,
                            h.protection, h.bonus, h.damage, bool(h.stopped),
                            SIDES[h.body_side] if 0 <= h.body_side < 3 else None, h.rolled))
    victims = []
    for i in range(max(0, lib.cops_outcome_victim_count(ptr))):
        v = _Victim(size=ctypes.sizeof(_Victim))
        lib.cops_outcome_victim(ptr, i, ctypes.byref(v))
        who = attacker if attacker is not None and v.who == attacker._ptr else target
        victims.append(Victim(who.name if who is not None else "",
                              "attacker" if who is attacker else "target", v.hits, v.damage,
                              bool(v.lasting), v.hp_before, v.hp_after, HEALTH[v.health_before],
                              HEALTH[v.health_after],
                              STOPPING[v.stopping] if 0 <= v.stopping < 6 else None,
                              v.stopping_difficulty, v.conditions, v.stopping_threshold,
                              tuple(k for k, bit in MISHAPS.items() if v.mishaps & bit),
                              v.minutes))
    rolls = {}
    for k, name in enumerate(ROLLS):
        r = lib.cops_outcome_roll(ptr, k)
        if r and lib.cops_roll_count(r) > 0:
            rolls[name] = _read_roll(r)
    mode = lib.cops_outcome_mode(ptr)
    return Outcome(mode=n.c_text(lib.cops_attack_mode_name(mode)),
                   possible=bool(lib.cops_outcome_possible(ptr)),
                   hit_target=bool(lib.cops_outcome_hit_target(ptr)), margin=margin.value,
                   fired=fired.value, hits=tuple(out_hits), victims=tuple(victims),
                   rolls=rolls, _c=handle)


def _new_outcome(ctx: Context) -> _OutcomeHandle:
    ptr = ctypes.c_void_p()
    if lib.cops_outcome_new(ctypes.byref(ptr)):
        raise OutOfMemoryError("no memory for an outcome")
    return _OutcomeHandle(ptr.value)


def _situation(ctx: Context, attacker: Character, target: Optional[Character] = None, *,
               mode: Union[str, int] = "single", weapon: Optional[Weapon] = None,
               armour: Optional[Armour] = None, distance: int = 0,
               attitude: Union[str, int] = "Normal", initiative: int = 0,
               characteristic: Union[str, int, None] = None, movement: int = 0,
               shots_fired: int = 0, several: bool = False,
               target_attitude: Union[str, int] = "Normal", target_weapon: Optional[Weapon] = None,
               target_mode: Union[str, int, None] = None, attacker_armour: Optional[Armour] = None,
               dice_mod: int = 0, threshold_mod: int = 0, difficulty_mod: int = 0,
               target_dice_mod: int = 0, target_stopping: Union[str, int, None] = None,
               attacker_stopping: Union[str, int, None] = None, penetration: int = 0,
               attacker_id: int = 0, target_id: int = 1,
               zone: Optional[Tuple[int, int, int]] = None, adrenaline: bool = False,
               anciennete: bool = False, target_threshold_mod: int = 0,
               target_adrenaline: bool = False, distance_cm: int = 0, rules: str = "core",
               aim: int = 0, bullets: int = 0, holding: bool = False,
               knockout_minutes: int = 0) -> _Situation:
    """The situation of attack() and attack_odds(), every argument checked."""

    if not isinstance(ctx, Context):
        raise TypeError("ctx must be a cops.Context")
    _character(attacker, "attacker")
    if target is not None:
        _character(target, "target")
    s = _Situation()
    m = n.parsed(lib.cops_attack_mode_parse, mode, "mode")
    ctx._check(lib.cops_situation_init_sized(ctypes.byref(s), ctypes.sizeof(s), m))
    s.attacker = attacker._h
    s.target = target._h if target is not None else None
    s.weapon = _optional(weapon, Weapon, "weapon") or None
    s.armour = _optional(armour, Armour, "armour") or None
    s.target_weapon = _optional(target_weapon, Weapon, "target_weapon") or None
    s.attacker_armour = _optional(attacker_armour, Armour, "attacker_armour") or None
    s.attitude = n.parsed(lib.cops_attitude_parse, attitude, "attitude")
    s.target_attitude = n.parsed(lib.cops_attitude_parse, target_attitude, "target_attitude")
    s.initiative = n.integer(initiative, "initiative")
    if characteristic is not None:
        s.characteristic = n.parsed(lib.cops_characteristic_parse, characteristic,
                                    "characteristic")
    if target_mode is not None:
        s.target_mode = n.parsed(lib.cops_attack_mode_parse, target_mode, "target_mode")
    if target_stopping is not None:
        s.target_stopping = n.parsed(lib.cops_characteristic_parse, target_stopping,
                                     "target_stopping")
    if attacker_stopping is not None:
        s.attacker_stopping = n.parsed(lib.cops_characteristic_parse, attacker_stopping,
                                       "attacker_stopping")
    if not isinstance(several, bool):
        raise TypeError("several must be a bool")
    s.several = int(several)
    if not isinstance(adrenaline, bool):
        raise TypeError("adrenaline must be a bool")
    s.adrenaline = int(adrenaline)
    if not isinstance(anciennete, bool):
        raise TypeError("anciennete must be a bool")
    s.anciennete = int(anciennete)
    if not isinstance(target_adrenaline, bool):
        raise TypeError("target_adrenaline must be a bool")
    s.target_adrenaline = int(target_adrenaline)
    s.ruleset = n.parsed(lib.cops_ruleset_parse, rules, "rules")
    if not isinstance(holding, bool):
        raise TypeError("holding must be a bool")
    s.holding = int(holding)
    for name, value in (("movement", movement), ("shots_fired", shots_fired),
                        ("distance", distance), ("dice_mod", dice_mod),
                        ("threshold_mod", threshold_mod), ("difficulty_mod", difficulty_mod),
                        ("target_dice_mod", target_dice_mod), ("penetration", penetration),
                        ("target_threshold_mod", target_threshold_mod),
                        ("distance_cm", distance_cm), ("aim", aim), ("bullets", bullets),
                        ("knockout_minutes", knockout_minutes),
                        ("attacker_id", attacker_id), ("target_id", target_id)):
        setattr(s, name, n.integer(value, name))
    if zone is not None:
        s.zone_x, s.zone_y, s.zone_radius = (n.integer(v, "zone") for v in zone)
    return s


def attack(ctx: Context, attacker: Character, target: Optional[Character] = None, *,
           mode: Union[str, int] = "single", weapon: Optional[Weapon] = None,
           armour: Optional[Armour] = None, distance: int = 0,
           attitude: Union[str, int] = "Normal", initiative: int = 0,
           characteristic: Union[str, int, None] = None, movement: int = 0,
           shots_fired: int = 0, several: bool = False,
           target_attitude: Union[str, int] = "Normal", target_weapon: Optional[Weapon] = None,
           target_mode: Union[str, int, None] = None, attacker_armour: Optional[Armour] = None,
           dice_mod: int = 0, threshold_mod: int = 0, difficulty_mod: int = 0,
           target_dice_mod: int = 0, target_stopping: Union[str, int, None] = None,
           attacker_stopping: Union[str, int, None] = None, penetration: int = 0,
           attacker_id: int = 0, target_id: int = 1,
           zone: Optional[Tuple[int, int, int]] = None, adrenaline: bool = False,
           anciennete: bool = False, target_threshold_mod: int = 0,
           target_adrenaline: bool = False, distance_cm: int = 0, rules: str = "core",
           aim: int = 0, bullets: int = 0, holding: bool = False, knockout_minutes: int = 0,
           log: Optional[Log] = None) -> Outcome:
    """Resolve one attack (cops_attack, docs/attacks.md) under the core rules, or with
    rules="alternative" under those of 002 (docs/alternative-rules.md: aim is the location
    d10 face the excess successes move toward, bullets covering fire's bullets, holding
    the holder's attacks, knockout_minutes a head mishap's minutes instead of 1d10).

    mode: "single", "burst", "cover", "melee", "strike", "hold", "throw", "escape";
    attitudes a name or -2..2; characteristic and the stopping characteristics a name or
    None for the rules' default; zone (x, y, radius) for covering fire's event;
    adrenaline spends the attacker's Adrénaline point for one more die (C5); anciennete
    spends an Ancienneté point, if one is left, to roll the attacker's failed (in melee:
    lost) roll again, a success then with MR 0 (C5). The
    target's hit points and conditions change and the weapon's rounds go down; with log,
    every step is appended. All or nothing: on an error nothing changes."""
    s = _situation(ctx, attacker, target, mode=mode, weapon=weapon, armour=armour,
                   distance=distance, attitude=attitude, initiative=initiative,
                   characteristic=characteristic, movement=movement,
                   shots_fired=shots_fired, several=several,
                   target_attitude=target_attitude, target_weapon=target_weapon,
                   target_mode=target_mode, attacker_armour=attacker_armour,
                   dice_mod=dice_mod, threshold_mod=threshold_mod,
                   difficulty_mod=difficulty_mod, target_dice_mod=target_dice_mod,
                   target_stopping=target_stopping, attacker_stopping=attacker_stopping,
                   penetration=penetration, attacker_id=attacker_id, target_id=target_id,
                   zone=zone, adrenaline=adrenaline, anciennete=anciennete,
                   target_threshold_mod=target_threshold_mod,
                   target_adrenaline=target_adrenaline, distance_cm=distance_cm,
                   rules=rules, aim=aim, bullets=bullets, holding=holding,
                   knockout_minutes=knockout_minutes)
    handle = _new_outcome(ctx)
    ctx._check(lib.cops_attack(handle._h, ctypes.byref(s),
                               _optional(log, Log, "log") or None))
    return _outcome(handle._h, attacker, target, handle)


def attack_odds(ctx: Context, attacker: Character, target: Optional[Character] = None, *,
                mode: Union[str, int] = "single", weapon: Optional[Weapon] = None,
                armour: Optional[Armour] = None, distance: int = 0,
                attitude: Union[str, int] = "Normal", initiative: int = 0,
                characteristic: Union[str, int, None] = None, movement: int = 0,
                shots_fired: int = 0, several: bool = False,
                target_attitude: Union[str, int] = "Normal", target_weapon: Optional[Weapon] = None,
                target_mode: Union[str, int, None] = None, attacker_armour: Optional[Armour] = None,
                dice_mod: int = 0, threshold_mod: int = 0, difficulty_mod: int = 0,
                target_dice_mod: int = 0, target_stopping: Union[str, int, None] = None,
                attacker_stopping: Union[str, int, None] = None, penetration: int = 0,
                attacker_id: int = 0, target_id: int = 1,
                zone: Optional[Tuple[int, int, int]] = None, adrenaline: bool = False,
                anciennete: bool = False, target_threshold_mod: int = 0,
                target_adrenaline: bool = False, distance_cm: int = 0, rules: str = "core",
                aim: int = 0, bullets: int = 0, holding: bool = False,
                knockout_minutes: int = 0) -> AttackOdds:
    """The exact odds of the attack attack() would resolve with the same arguments
    (cops_attack_odds_compute, docs/attacks.md): nothing changes, no die is drawn."""
    s = _situation(ctx, attacker, target, mode=mode, weapon=weapon, armour=armour,
                   distance=distance, attitude=attitude, initiative=initiative,
                   characteristic=characteristic, movement=movement,
                   shots_fired=shots_fired, several=several,
                   target_attitude=target_attitude, target_weapon=target_weapon,
                   target_mode=target_mode, attacker_armour=attacker_armour,
                   dice_mod=dice_mod, threshold_mod=threshold_mod,
                   difficulty_mod=difficulty_mod, target_dice_mod=target_dice_mod,
                   target_stopping=target_stopping, attacker_stopping=attacker_stopping,
                   penetration=penetration, attacker_id=attacker_id, target_id=target_id,
                   zone=zone, adrenaline=adrenaline, anciennete=anciennete,
                   target_threshold_mod=target_threshold_mod,
                   target_adrenaline=target_adrenaline, distance_cm=distance_cm,
                   rules=rules, aim=aim, bullets=bullets, holding=holding,
                   knockout_minutes=knockout_minutes)
    return _attack_odds(ctx, lambda o: int(lib.cops_attack_odds_compute(o, ctypes.byref(s))))


def cover_enter(ctx: Context, cover: Outcome, character: Character,
                armour: Optional[Armour] = None, attitude: Union[str, int] = "Normal",
                log: Optional[Log] = None) -> Outcome:
    """A character enters the zone of covering fire cover (an Outcome of mode "cover"):
    (MR + 1) d10, each 10 a bullet (C10.5)."""
    if not isinstance(cover, Outcome) or cover._c is None:
        raise TypeError("cover must be the Outcome of a covering fire")
    _character(character, "character")
    handle = _new_outcome(ctx)
    ctx._check(lib.cops_cover_enter(handle._h, cover._c._h, character._h,
                                    _optional(armour, Armour, "armour") or None,
                                    n.parsed(lib.cops_attitude_parse, attitude, "attitude"),
                                    _optional(log, Log, "log") or None))
    return _outcome(handle._h, None, character, handle)


def _follow(ctx: Context, fn: Any, character: Character, log: Optional[Log],
            *extra: int) -> Tuple[Roll, bool]:
    if not isinstance(ctx, Context):
        raise TypeError("ctx must be a cops.Context, not %s" % type(ctx).__name__)
    _character(character, "character")
    ptr = ctypes.c_void_p()
    if lib.cops_roll_new_in(ctypes.byref(ptr), ctx._h):
        raise OutOfMemoryError("no memory for a roll")
    flag = ctypes.c_int()
    try:
        ctx._check(fn(ptr.value, character._h, *extra, _optional(log, Log, "log") or None,
                      ctypes.byref(flag)))
        return _read_roll(cast(int, ptr.value)), bool(flag.value)
    finally:
        lib.cops_roll_free(ptr.value)


def _cover(cover: "Outcome") -> Any:
    if not isinstance(cover, Outcome) or cover._c is None:
        raise TypeError("cover must be the Outcome of a covering fire")
    return cover._c._h


def cover_zone(cover: "Outcome") -> bool:
    """Whether covering fire makes a zone whose characters roll their nerve (C10.5, A2.3):
    under the core rules any covering fire fired does, under the alternative rules only a
    successful one (docs/rulings.md). ValueError for an outcome of another mode."""
    zone = ctypes.c_int()
    if lib.cops_cover_zone(_cover(cover), ctypes.byref(zone)):
        raise InvalidArgumentError("cover must be the Outcome of a covering fire, not of mode %r"
                         % (cover.mode,))
    return bool(zone.value)


def cover_nerve(ctx: Context, character: Character, log: Optional[Log] = None,
                cover: Optional["Outcome"] = None) -> Tuple[Roll, bool]:
    """Nerve under covering fire (C10.5): the roll, and whether the character stays
    steady (otherwise pinned down). With cover (the covering fire's Outcome), a fire that
    makes no zone (cover_zone(): failed, under the alternative rules, A2.3) is a RuleError
    and nothing is rolled; the events then name the character by the fire's target id."""
    if cover is None:
        return _follow(ctx, lib.cops_cover_nerve, character, log)
    h = _cover(cover)
    return _follow(ctx, lambda roll, ch, lg, flag: lib.cops_cover_nerve_under(
        roll, h, ch, lg, flag), character, log)


def recovery_roll(ctx: Context, character: Character,
                  characteristic: Union[str, int, None] = None,
                  log: Optional[Log] = None) -> Tuple[Roll, bool]:
    """The recovery roll of a character out of the fight (C10.4): the roll, and whether
    the character is back; characteristic None for the higher of Carrure and Sang-froid."""
    c = -1 if characteristic is None else n.parsed(lib.cops_characteristic_parse,
                                                   characteristic, "characteristic")
    return _follow(ctx, lib.cops_recovery_roll, character, log, c)


def stand_up(ctx: Context, character: Character,
             log: Optional[Log] = None) -> Tuple[Roll, bool]:
    """A character on the ground tries to stand up (C11.1): the roll, and whether they did."""
    return _follow(ctx, lib.cops_stand_up, character, log)


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
