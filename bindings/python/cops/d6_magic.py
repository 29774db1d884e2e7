"""The D6 System module's magic (docs/d6.md, "Magic"; <cops/d6-magic.h>), reached as cops.d6:
SpellDesign and spell_difficulty() (§7.11's tables or the samples' measure scale),
measure_value(), the sample spells (spells(), spell()), cast(), advance_cost().

    import cops
    from cops import d6
    cost = d6.spell_difficulty(d6.SpellDesign(effect_kind="doubled", effect=d6.Code(3),
                                              range="medium"))
    print(cost.difficulty, cost.parts)
"""

import ctypes
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _native as n
from .errors import InvalidArgumentError, NotFoundError
from .base import Context
from .d6_dice import Code, Rules, _Code, _need, _rules
from .d6_combat import (DEFENCES, LEVELS, ROLL_DEFENCE, TRAITS, Character, _code_arg, _index,
                        _log, _trait)

lib = n.lib

EFFECT_KINDS = ("none", "skill", "doubled")   #: cops_d6_effect_kinds
SPELL_RANGES = ("touch", "short", "medium", "long", "very_long", "extreme", "planetary",
                "stellar")   #: cops_d6_spell_ranges
CONCENTRATIONS = ("isolated", "slight", "quiet_public", "busy_public",
                  "very_busy")   #: cops_d6_concentrations
FAMILIARITIES = ("none", "known_slightly", "known_well", "never_seen",
                 "first_heard")   #: cops_d6_familiarities
TARGET_GROUPS = ("one", "group_of_five", "group_of_dozen", "crowd", "whole_city",
                 "whole_region", "whole_country")   #: cops_d6_target_groups
ATTITUDES = ("unaware", "neutral", "refusing")   #: cops_d6_attitudes
INFORMATIONS = ("none", "simple_emotions", "complex_thoughts", "distant_thoughts",
                "secrets")   #: cops_d6_informations
INGREDIENTS = ("simple", "none", "costly", "rare")   #: cops_d6_ingredients
GESTURES = ("simple", "none", "large")   #: cops_d6_gestures
INCANTATIONS = ("spoken", "none", "complex")   #: cops_d6_incantations
SPELL_PARTS = ("effect", "range", "speed", "concentration", "target", "information",
               "duration", "preparation", "components", "other")   #: cops_d6_spell_parts

_DESIGN_FIELDS = ("measure", "range", "range_tenths", "speed_tenths", "concentration", "crowd",
                  "familiarity", "group", "attitude", "information", "duration_rounds",
                  "duration_tenths", "preparation_rounds", "casting_tenths", "ingredients",
                  "gestures", "incantation", "other")


class _Design(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("effect_kind", ctypes.c_int), ("effect", _Code),
                ("effect_value", ctypes.c_int)] + [(f, ctypes.c_int) for f in _DESIGN_FIELDS]


class _Cost(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("parts", ctypes.c_int * 10), ("sum", ctypes.c_int),
                ("difficulty", ctypes.c_int)]


class _Spell(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("name", ctypes.c_char * 48), ("skill", ctypes.c_int),
                ("activation_skill", ctypes.c_int), ("difficulty", ctypes.c_int),
                ("effect", ctypes.c_char * 96), ("effect_value", ctypes.c_int),
                ("range_m", ctypes.c_int), ("range_value", ctypes.c_int), ("exact", ctypes.c_int),
                ("speed", ctypes.c_int), ("duration", ctypes.c_char * 32),
                ("duration_value", ctypes.c_int), ("casting", ctypes.c_char * 32),
                ("casting_value", ctypes.c_int), ("conditions", ctypes.c_char * 128),
                ("conditions_value", ctypes.c_int), ("damage", ctypes.c_int),
                ("damage_code", _Code)]


class _Cast(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("caster", ctypes.c_void_p),
                ("caster_id", ctypes.c_int), ("skill", ctypes.c_int),
                ("difficulty", ctypes.c_int), ("damage", _Code), ("target", ctypes.c_void_p),
                ("target_id", ctypes.c_int), ("actions", ctypes.c_int), ("cp", ctypes.c_int),
                ("fp", ctypes.c_int), ("flags", ctypes.c_uint), ("rules", ctypes.c_void_p),
                ("beat", ctypes.c_int), ("aim_skill", ctypes.c_int),
                ("aim_target", ctypes.c_void_p)] + [(f, ctypes.c_int) for f in (
                    "aim_target_id", "distance", "reach_m", "aim_defence", "aim_defence_skill",
                    "aim_defence_total", "aim_cover")]


_CAST_OUTCOME_FIELDS = ("difficulty", "total", "success", "level", "critical", "resisted",
                        "backlash_total", "wound_level", "rolled", "aimed", "hit", "aim_total",
                        "defence_value", "damage_total", "target_level")


class _CastOutcome(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in _CAST_OUTCOME_FIELDS]


POWERS = ("astral", "empathy", "far_senses", "healing", "medium", "protection",
          "psychometry")   #: cops_d6_psionic_powers
ASTRAL_BANDS = ("leaves_body", "senses", "non_physical", "physical")   #: cops_d6_astral_bands
PSYCHOMETRIES = ("vague", "general", "last_day", "motivations")   #: cops_d6_psychometries
_MEDIUM_FLAGS = {"murdered": 0x1, "knew": 0x2, "has_information": 0x4, "at_place": 0x8}


class _Psionic(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("power", ctypes.c_int),
                ("psionic", ctypes.c_void_p), ("psionic_id", ctypes.c_int),
                ("target", ctypes.c_void_p), ("target_id", ctypes.c_int)] + [
        (f, ctypes.c_int) for f in ("range", "concentration", "crowd", "familiarity", "group",
                                    "attitude", "information", "duration_rounds",
                                    "psychometry")] + [
        ("medium", ctypes.c_uint), ("years_dead", ctypes.c_int), ("actions", ctypes.c_int),
        ("cp", ctypes.c_int), ("fp", ctypes.c_int), ("rules", ctypes.c_void_p)]


_PSIONIC_OUTCOME_FIELDS = ("difficulty", "total", "success", "level", "critical", "resisted",
                           "band", "protection", "level_before", "level_after")


class _PsionicOutcome(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in _PSIONIC_OUTCOME_FIELDS]


_i, _p = ctypes.c_int, ctypes.c_void_p
_MAGIC_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "cops_d6_spell_design_init_sized": (_i, [ctypes.POINTER(_Design), ctypes.c_size_t]),
    "cops_d6_spell_difficulty": (_i, [_p, ctypes.POINTER(_Design), _p, ctypes.POINTER(_Cost)]),
    "cops_d6_measure_value": (_i, [ctypes.c_longlong]),
    "cops_d6_spell_count": (_i, []),
    "cops_d6_spell_at": (_i, [_i, ctypes.POINTER(_Spell)]),
    "cops_d6_spell_find": (_i, [ctypes.c_char_p, ctypes.POINTER(_Spell)]),
    "cops_d6_cast_init_sized": (_i, [ctypes.POINTER(_Cast), ctypes.c_size_t]),
    "cops_d6_cast_resolve": (_i, [ctypes.POINTER(_CastOutcome), _p, ctypes.POINTER(_Cast), _p]),
    "cops_d6_advance_cost": (_i, [_Code, _i, _i]),
    "cops_d6_psionic_init_sized": (_i, [ctypes.POINTER(_Psionic), ctypes.c_size_t]),
    "cops_d6_psionic_resolve": (_i, [ctypes.POINTER(_PsionicOutcome), _p,
                                     ctypes.POINTER(_Psionic), _p]),
    "cops_d6_psionic_power_name": (ctypes.c_char_p, [_i]),
}
if hasattr(lib, "cops_d6_roll"):
    for _name, (_res, _args) in _MAGIC_PROTOTYPES.items():
        _fn = getattr(lib, _name)
        _fn.restype = _res
        _fn.argtypes = _args


@dataclass(frozen=True)
class SpellDesign:
    """A spell being built (cops_d6_spell_design, §7.11, D6-A47): one entry a table, named as
    the module's tuples name them. measure=True measures range, speed, duration and casting
    time on the samples' scale from the *_tenths fields (D6-A44)."""

    effect_kind: str = "none"
    effect: Code = Code(0)
    effect_value: int = 0
    measure: bool = False
    range: str = "touch"
    range_tenths: int = 0
    speed_tenths: int = 0
    concentration: str = "slight"
    crowd: int = 8
    familiarity: str = "none"
    group: str = "one"
    attitude: str = "unaware"
    information: str = "none"
    duration_rounds: int = 2
    duration_tenths: int = 0
    preparation_rounds: int = 2
    casting_tenths: int = 0
    ingredients: str = "simple"
    gestures: str = "simple"
    incantation: str = "spoken"
    other: int = 0

    def _c(self) -> _Design:
        d = _Design()
        if lib.cops_d6_spell_design_init_sized(ctypes.byref(d), ctypes.sizeof(d)):
            raise InvalidArgumentError("the library refuses the design's size")
        d.effect_kind = _index(EFFECT_KINDS, self.effect_kind, "effect kind")
        d.effect = _code_arg(self.effect, "effect")
        d.effect_value = n.integer(self.effect_value, "effect_value")
        d.measure = int(bool(self.measure))
        words = {"range": SPELL_RANGES, "concentration": CONCENTRATIONS,
                 "familiarity": FAMILIARITIES, "group": TARGET_GROUPS, "attitude": ATTITUDES,
                 "information": INFORMATIONS, "ingredients": INGREDIENTS, "gestures": GESTURES,
                 "incantation": INCANTATIONS}
        for name in _DESIGN_FIELDS:
            if name == "measure":
                continue
            value = getattr(self, name)
            setattr(d, name, _index(words[name], value, name) if name in words
                    else n.integer(value, name))
        return d


@dataclass(frozen=True)
class SpellCost:
    """What a spell costs (cops_d6_spell_cost): each part by SPELL_PARTS, their sum, the
    difficulty."""

    parts: Dict[str, int] = field(default_factory=dict)
    sum: int = 0
    difficulty: int = 1


def spell_difficulty(design: SpellDesign, rules: Optional[Rules] = None,
                     ctx: Optional[Context] = None) -> SpellCost:
    """A spell's difficulty from its design (cops_d6_spell_difficulty, §7.11)."""
    _need()
    if not isinstance(design, SpellDesign):
        raise TypeError("design must be a cops.d6.SpellDesign")
    d = design._c()
    c = _Cost()
    c.size = ctypes.sizeof(c)
    own = ctx is None
    context = Context() if ctx is None else ctx
    try:
        context._check(lib.cops_d6_spell_difficulty(context._h, ctypes.byref(d), _rules(rules),
                                                    ctypes.byref(c)))
    finally:
        if own:
            context.close()
    return SpellCost(dict(zip(SPELL_PARTS, c.parts)), c.sum, c.difficulty)


def measure_value(tenths: int) -> int:
    """The samples' measure scale (cops_d6_measure_value, D6-A44): tenths of a metre or a
    second to a value (10 → 0, 15 → 1, 36000 → 18)."""
    _need()
    if not isinstance(tenths, int) or isinstance(tenths, bool) or not 1 <= tenths <= 10 ** 10:
        raise InvalidArgumentError("tenths must be a whole number 1 .. 10**10")
    return int(lib.cops_d6_measure_value(tenths))


@dataclass(frozen=True)
class Spell:
    """A sample spell of §7.12 as printed (cops_d6_spell, D6-A60)."""

    name: str
    skill: str
    activation_skill: Optional[str]
    difficulty: int
    effect: str
    effect_value: int
    range_m: int
    range_value: int
    exact: bool
    speed: int
    duration: str
    duration_value: int
    casting: str
    casting_value: int
    conditions: str
    conditions_value: int
    damage: Optional[Code]   #: a damaging spell's code (its backlash, D6-A49), None otherwise

    @classmethod
    def _of(cls, s: _Spell) -> "Spell":
        return cls(s.name.decode(), TRAITS[s.skill],
                   None if s.activation_skill < 0 else TRAITS[s.activation_skill],
                   s.difficulty, s.effect.decode(), s.effect_value, s.range_m, s.range_value,
                   bool(s.exact), s.speed, s.duration.decode(), s.duration_value,
                   s.casting.decode(), s.casting_value, s.conditions.decode(),
                   s.conditions_value,
                   Code(s.damage_code.dice, s.damage_code.pips) if s.damage else None)


def spells() -> List[Spell]:
    """The sample spells of §7.12."""
    _need()
    out = []
    for i in range(lib.cops_d6_spell_count()):
        s = _Spell()
        s.size = ctypes.sizeof(s)
        if lib.cops_d6_spell_at(i, ctypes.byref(s)):
            raise InvalidArgumentError("the library refuses the spell's size")
        out.append(Spell._of(s))
    return out


def spell(name: str) -> Spell:
    """A sample spell by name, any case; KeyError when none."""
    _need()
    s = _Spell()
    s.size = ctypes.sizeof(s)
    if lib.cops_d6_spell_find(n.text(name, "name"), ctypes.byref(s)):
        raise NotFoundError("%r: no sample spell (%s)" % (name, ", ".join(x.name for x in spells())))
    return Spell._of(s)


@dataclass(frozen=True)
class CastOutcome:
    """What a cast did (cops_d6_cast_outcome)."""

    difficulty: int
    total: int
    success: bool
    level: int
    critical: bool
    resisted: Optional[int]
    backlash_total: int
    wound_level: str
    rolled: bool              #: False: a scroll or an artifact that works by itself (D6-A58)
    aimed: bool               #: an aiming roll was made (D6-A50)
    hit: bool
    aim_total: int
    defence_value: int
    damage_total: int
    target_level: Optional[str]   #: the one aimed at, after


def cast(ctx: Context, caster: Character, *, skill: str = "alteration", difficulty: int = 10,
         damage: Optional[Code] = None, target: Optional[Character] = None,
         caster_id: int = 0, target_id: int = 1, actions: int = 1, cp: int = 0,
         fp: bool = False, ingredients: bool = True, scroll: bool = False,
         artifact: bool = False, surprise: bool = False, beat: Optional[int] = None,
         aim: Optional[str] = None,
         aim_target: Optional[Character] = None, aim_target_id: int = 1, distance: int = 0,
         reach_m: int = 10, aim_defence: str = "natural", aim_defence_skill: str = "dodge",
         aim_defence_total: Optional[int] = None, aim_cover: int = 0,
         rules: Optional[Rules] = None,
         log: Optional[Any] = None) -> CastOutcome:
    """Cast a spell (cops_d6_cast_resolve, §7.7): all or nothing. aim="marksmanship" (or
    "melee_weapons", "throwing") aims it at aim_target (D6-A50), behind aim_cover dice of
    cover (§5.4.2); surprise: the caster surprises, +1D on the cast and its aiming roll
    (§5.15); beat is a total it must exceed (Opening, Counterspell)."""
    _need()
    if not isinstance(caster, Character) or (target is not None and
                                             not isinstance(target, Character)):
        raise TypeError("caster and target must be cops.d6.Character")
    c = _Cast()
    if lib.cops_d6_cast_init_sized(ctypes.byref(c), ctypes.sizeof(c)):
        raise InvalidArgumentError("the library refuses the cast's size")
    c.caster = caster._h
    c.caster_id = n.integer(caster_id, "caster_id")
    c.skill = _trait(skill)
    c.difficulty = n.integer(difficulty, "difficulty")
    if damage is not None:
        c.damage = _code_arg(damage, "damage")
    if target is not None:
        c.target = target._h
    c.target_id = n.integer(target_id, "target_id")
    c.actions = n.integer(actions, "actions")
    c.cp = n.integer(cp, "cp")
    c.fp = int(bool(fp))
    c.flags = ((0 if ingredients else 0x1) | (0x2 if scroll else 0) | (0x4 if artifact else 0) |
               (0x8 if surprise else 0))
    c.beat = -1 if beat is None else n.integer(beat, "beat")
    if aim is not None:
        if not isinstance(aim_target, Character):
            raise TypeError("aim_target must be a cops.d6.Character")
        c.aim_skill = _trait(aim)
        c.aim_target = aim_target._h
        c.aim_target_id = n.integer(aim_target_id, "aim_target_id")
        c.distance = n.integer(distance, "distance")
        c.reach_m = n.integer(reach_m, "reach_m")
        c.aim_defence = _index(DEFENCES, aim_defence, "defence")
        c.aim_defence_skill = _trait(aim_defence_skill)
        c.aim_defence_total = (ROLL_DEFENCE if aim_defence_total is None
                               else n.integer(aim_defence_total, "aim_defence_total"))
        c.aim_cover = n.integer(aim_cover, "aim_cover")
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError("rules must be a cops.d6.Rules")
    r = rules._c() if rules is not None else None
    c.rules = ctypes.addressof(r) if r is not None else None   # r lives until the call returns
    o = _CastOutcome()
    o.size = ctypes.sizeof(o)
    ctx._check(lib.cops_d6_cast_resolve(ctypes.byref(o), ctx._h, ctypes.byref(c), _log(log)))
    return CastOutcome(o.difficulty, o.total, bool(o.success), o.level, bool(o.critical),
                       None if o.resisted < 0 else o.resisted, o.backlash_total,
                       LEVELS[o.wound_level], bool(o.rolled), bool(o.aimed), bool(o.hit),
                       o.aim_total, o.defence_value, o.damage_total,
                       LEVELS[o.target_level] if o.aimed else None)


@dataclass(frozen=True)
class PsionicOutcome:
    """What a psionic power did (cops_d6_psionic_outcome)."""

    difficulty: int
    total: int
    success: bool
    level: int
    critical: bool
    resisted: Optional[int]
    band: Optional[str]          #: astral projection's (ASTRAL_BANDS), None otherwise
    protection: int              #: Protection's points
    level_before: Optional[str]  #: Healing: the patient's levels
    level_after: Optional[str]


def psionic(ctx: Context, psionic: Character, power: str, *,
            target: Optional[Character] = None, psionic_id: int = 0, target_id: int = 1,
            range: str = "touch", concentration: str = "slight", crowd: int = 8,
            familiarity: str = "none", group: str = "one", attitude: str = "unaware",
            information: str = "none", duration_rounds: int = 2, psychometry: str = "vague",
            medium: Sequence[str] = (), years_dead: int = 0, actions: int = 1, cp: int = 0,
            fp: bool = False, rules: Optional[Rules] = None,
            log: Optional[Any] = None) -> PsionicOutcome:
    """Use a psionic power (cops_d6_psionic_resolve, §7.13): all or nothing."""
    _need()
    if not isinstance(psionic, Character) or (target is not None and
                                              not isinstance(target, Character)):
        raise TypeError("psionic and target must be cops.d6.Character")
    q = _Psionic()
    if lib.cops_d6_psionic_init_sized(ctypes.byref(q), ctypes.sizeof(q)):
        raise InvalidArgumentError("the library refuses the power's size")
    q.power = _index(POWERS, power, "power")
    q.psionic = psionic._h
    q.psionic_id = n.integer(psionic_id, "psionic_id")
    if target is not None:
        q.target = target._h
    q.target_id = n.integer(target_id, "target_id")
    q.range = _index(SPELL_RANGES, range, "range")
    q.concentration = _index(CONCENTRATIONS, concentration, "concentration")
    q.crowd = n.integer(crowd, "crowd")
    q.familiarity = _index(FAMILIARITIES, familiarity, "familiarity")
    q.group = _index(TARGET_GROUPS, group, "group")
    q.attitude = _index(ATTITUDES, attitude, "attitude")
    q.information = _index(INFORMATIONS, information, "information")
    q.duration_rounds = n.integer(duration_rounds, "duration_rounds")
    q.psychometry = _index(PSYCHOMETRIES, psychometry, "psychometry")
    bits = 0
    for f in medium:
        if f not in _MEDIUM_FLAGS:
            raise NotFoundError("unknown medium modifier %r (%s)" % (f, ", ".join(_MEDIUM_FLAGS)))
        bits |= _MEDIUM_FLAGS[f]
    q.medium = bits
    q.years_dead = n.integer(years_dead, "years_dead")
    q.actions = n.integer(actions, "actions")
    q.cp = n.integer(cp, "cp")
    q.fp = int(bool(fp))
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError("rules must be a cops.d6.Rules")
    r = rules._c() if rules is not None else None
    q.rules = ctypes.addressof(r) if r is not None else None   # r lives until the call returns
    o = _PsionicOutcome()
    o.size = ctypes.sizeof(o)
    ctx._check(lib.cops_d6_psionic_resolve(ctypes.byref(o), ctx._h, ctypes.byref(q), _log(log)))
    healing = q.power == POWERS.index("healing")
    return PsionicOutcome(o.difficulty, o.total, bool(o.success), o.level, bool(o.critical),
                          None if o.resisted < 0 else o.resisted,
                          ASTRAL_BANDS[o.band] if o.band >= 0 else None, o.protection,
                          LEVELS[o.level_before] if healing else None,
                          LEVELS[o.level_after] if healing else None)


def power_name(power: int) -> str:
    """A power's name (cops_d6_psionic_power_name)."""
    name = lib.cops_d6_psionic_power_name(n.integer(power, "power"))
    if name is None:
        raise NotFoundError("power %r: 0 .. %d" % (power, len(POWERS) - 1))
    return str(name.decode())


def advance_cost(code: Code, *, magic: bool = False, teacher: bool = True) -> int:
    """Character Points to raise a skill a pip from code (cops_d6_advance_cost, D6-A59)."""
    _need()
    rc = int(lib.cops_d6_advance_cost(_code_arg(code, "code"), int(bool(magic)),
                                      int(bool(teacher))))
    if rc < 0:
        raise InvalidArgumentError("%r: not a code" % (code,))
    return rc


__all__: Sequence[str] = (
    "EFFECT_KINDS", "SPELL_RANGES", "CONCENTRATIONS", "FAMILIARITIES", "TARGET_GROUPS",
    "ATTITUDES", "INFORMATIONS", "INGREDIENTS", "GESTURES", "INCANTATIONS", "SPELL_PARTS",
    "SpellDesign", "SpellCost", "spell_difficulty", "measure_value", "Spell", "spells", "spell",
    "CastOutcome", "cast", "advance_cost", "POWERS", "ASTRAL_BANDS", "PSYCHOMETRIES",
    "PsionicOutcome", "psionic", "power_name")
