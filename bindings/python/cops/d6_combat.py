"""The D6 System module's characters and combat (docs/d6.md, <cops/d6-character.h>,
<cops/d6-combat.h>), reached as cops.d6: Character, Weapon, Protection, Wounds, attack(),
harm(), end_round(), the catalogue and the hazards.

    import cops
    with cops.Context(seed=7) as ctx:
        a = cops.d6.Character.load(ctx, "sheets/d6-cop.json")
        b = cops.d6.Character.load(ctx, "sheets/d6-mage.json")
        o = cops.d6.attack(ctx, a, b, weapon="Glock 17", distance=10)
        print(o.hit, o.margin, b.wounds().level)
"""

import ctypes
import os
from dataclasses import dataclass, fields
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _native as n
from .errors import InvalidArgumentError, NotFoundError, RangeError
from .base import Context
from .log import _log_handle
from .sheet import _Entity
from .d6_dice import Code, Rules, _Code, _need, _rules

lib = n.lib

TRAITS = ("vigueur", "agility", "coordination", "perception", "knowledge", "charisma", "magic",
          "miracles", "psionics", "metaphysics", "resistance", "willpower", "dodge",
          "acrobatics", "reflexes", "brawling", "melee_weapons", "marksmanship", "throwing",
          "command", "medicine", "piloting", "wagon", "vehicle", "search",
          "investigation", "alteration", "conjuration", "divination", "teleportation",
          "faith_divination", "favour", "nemesis", "psychic_attack", "empathy", "medium",
          "astral_projection", "psi_protection", "keen_senses", "psi_healing", "psychometry",
          "telekinesis", "telepathy")   #: cops_d6_traits, as sheets name them
LEVELS = ("unhurt", "stunned", "wounded", "severely_wounded", "incapacitated",
          "mortally_wounded", "killed")   #: cops_d6_levels
MODES = ("levels", "hit_points")   #: cops_d6_modes
CATEGORIES = ("melee", "missile", "thrown", "pistol", "rifle", "shotgun", "assault",
              "semi_auto", "automatic", "explosive")   #: cops_d6_weapon_categories
COVERAGES = ("body", "head", "parry")   #: cops_d6_coverages
DEFENCES = ("natural", "active", "total")   #: cops_d6_defences
OPTIONS = ("none", "single_shot", "burst", "several_shots", "random_fire", "aimed",
           "aimed_vital", "brutal", "precise")   #: cops_d6_options
LOCATIONS = ("anywhere", "arm", "leg", "weapon", "head", "heart")   #: cops_d6_locations
SIZES = ("any", "under_50cm", "under_10cm", "under_1cm")   #: cops_d6_target_sizes
BANDS = ("point_blank", "short", "medium", "long")   #: cops_d6_bands (None: melee)
VICTIMS = (None, "target", "attacker")   #: cops_d6_victims
HAZARDS = ("botulism", "poison", "cold_or_heat", "extreme_cold_or_heat", "socket",
           "high_voltage", "fall", "acid", "radiation", "fire")   #: cops_d6_hazards
PURPOSES = ("attack", "defence", "cover", "throw", "damage", "resistance", "check", "knockout",
            "survival", "recovery", "treatment", "vehicle", "repair",
            "initiative", "command", "escape", "disarm", "spell", "resist",
            "backlash", "psionic")   #: cops_d6_purposes
RESTS = ("rested", "worked", "long_rest")   #: cops_d6_rests
TREATMENTS = ("after_combat", "in_combat")   #: cops_d6_treatments
STATES = ("knocked_out", "wakes", "stun_ends", "defend_only", "dying", "dies",
          "limb", "confused")   #: cops_d6_states
ROLL_DEFENCE = -10000   #: COPS_D6_ROLL_DEFENCE
_WEAPON_FLAGS = ("burst", "stun", "energy", "long")
_ATTACK_FLAGS = {"blinded": 0x1, "target_blinded": 0x2, "surprise": 0x4}
_LIMBS = ("arm", "leg")


def _index(names: Tuple[Any, ...], value: object, what: str) -> int:
    for i, name in enumerate(names):
        if isinstance(value, str) and isinstance(name, str) and value.lower() == name.lower():
            return i
    raise NotFoundError("%r: unknown %s (%s)" % (value, what, ", ".join(str(x) for x in names)))


def _trait(name: str) -> int:
    return _index(TRAITS, name, "trait")


def _bits(names: Tuple[str, ...], given: Any, what: str) -> int:
    if isinstance(given, str):
        raise TypeError("%s: a list of names, not a str" % what)
    bits = 0
    for f in given:
        bits |= 1 << _index(names, f, what)
    return bits


class _Wounds(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in (
        "mode", "level", "step", "extra", "hp_max", "hp_lost", "stunned", "stunned_rounds",
        "defend_only", "unconscious", "mortal_rounds", "stabilised")] + [
        ("limbs", ctypes.c_uint), ("treated", ctypes.c_int * 4), ("confused", ctypes.c_int),
        ("protection", ctypes.c_int), ("protection_rounds", ctypes.c_int)]


class _Weapon(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("name", ctypes.c_char * 48),
                ("category", ctypes.c_int), ("damage", _Code), ("adds_natural", ctypes.c_int),
                ("vig_range", ctypes.c_int), ("range", ctypes.c_int * 3), ("ammo", ctypes.c_int),
                ("roll_dice", ctypes.c_int), ("flags", ctypes.c_uint)]


class _Protection(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("name", ctypes.c_char * 48), ("armour", _Code)] + [
        (f, ctypes.c_int) for f in ("coverage", "energy_only", "penalty_dice", "penalty_points",
                                    "penalty_perception")]


class _Attack(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("attacker", ctypes.c_void_p),
                ("target", ctypes.c_void_p)] + [(f, ctypes.c_int) for f in (
                    "attacker_id", "target_id", "weapon", "distance", "defence", "defence_skill",
                    "defence_total", "parry_weapon", "defender_actions", "cover", "option",
                    "location", "actions", "target_size")] + [
        ("flags", ctypes.c_uint), ("cp", ctypes.c_int), ("fp", ctypes.c_int),
        ("rules", ctypes.c_void_p)]


_OUTCOME_FIELDS = ("attack_total", "defence_value", "band", "hit", "level", "parried", "victim",
                   "damage_total", "resistance_total", "margin", "steps", "hp_lost",
                   "wound_level", "massive", "unconscious", "check", "neutralised", "dropped")


class _Outcome(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in _OUTCOME_FIELDS]


class _Event(ctypes.Structure):
    # the fields of cops_d6_event in its order
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in (
        "option", "location", "distance", "defence", "defence_skill", "cover", "flags",
        "purpose")] + [("code", _Code)] + [(f, ctypes.c_int) for f in (
        "dice_rolled", "difficulty", "total", "free_face", "success", "critical",
        "attack_total", "defence_value", "band", "hit", "level", "parried", "dropped",
        "heal_kind", "level_before", "hp_gained", "rolled", "vehicle_event", "vehicle_result",
        "passenger_damage", "speed", "top_speed", "control", "vehicle_penalty", "ranks_lost",
        "rank", "tie_die", "damage_total", "resistance_total", "margin", "steps", "hp_lost",
        "wound_level", "unconscious", "massive", "state", "value", "action", "actions",
        "moved", "x", "y", "hold", "members", "winner", "resisted", "power", "astral_band",
        "protection", "prepared", "needed", "interrupted", "policy", "odds_down", "odds_first",
        "odds_risk")]


_i, _p = ctypes.c_int, ctypes.c_void_p
_pi, _pc = ctypes.POINTER(ctypes.c_int), ctypes.POINTER(_Code)
_pw, _pp = ctypes.POINTER(_Weapon), ctypes.POINTER(_Protection)
_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "cops_d6_trait_name": (ctypes.c_char_p, [_i]),
    "cops_d6_trait_parse": (_i, [ctypes.c_char_p, _pi]),
    "cops_d6_trait_parent": (_i, [_i]),
    "cops_d6_character_new": (_i, [ctypes.POINTER(_p), _p]),
    "cops_d6_character_free": (None, [_p]),
    "cops_d6_character_copy": (_i, [ctypes.POINTER(_p), _p]),
    "cops_d6_character_name": (ctypes.c_char_p, [_p]),
    "cops_d6_character_set_name": (_i, [_p, ctypes.c_char_p]),
    "cops_d6_character_trait": (_i, [_p, _i, _pc]),
    "cops_d6_character_set_trait": (_i, [_p, _i, _pc]),
    "cops_d6_character_natural_damage": (_i, [_p, _pc]),
    "cops_d6_character_set_natural_damage": (_i, [_p, _pc]),
    "cops_d6_character_points": (_i, [_p, _pi, _pi]),
    "cops_d6_character_set_points": (_i, [_p, _i, _i]),
    "cops_d6_character_scale": (_i, [_p]),
    "cops_d6_character_set_scale": (_i, [_p, _i]),
    "cops_d6_character_wounds": (_i, [_p, ctypes.POINTER(_Wounds)]),
    "cops_d6_character_set_wounds": (_i, [_p, ctypes.POINTER(_Wounds)]),
    "cops_d6_character_set_mode": (_i, [_p, _i]),
    "cops_d6_character_penalty": (_i, [_p, _i, _pi, _pi]),
    "cops_d6_character_can_act": (_i, [_p]),
    "cops_d6_hit_points": (_i, [_Code]),
    "cops_d6_hp_level": (_i, [_i, _i]),
    "cops_d6_weapon_init_sized": (_i, [_pw, ctypes.c_size_t, _i]),
    "cops_d6_weapon_count": (_i, []),
    "cops_d6_weapon_at": (_i, [_i, _pw]),
    "cops_d6_weapon_find": (_i, [ctypes.c_char_p, _pw]),
    "cops_d6_weapon_category_name": (ctypes.c_char_p, [_i]),
    "cops_d6_character_weapon_count": (_i, [_p]),
    "cops_d6_character_weapon": (_i, [_p, _i, _pw]),
    "cops_d6_character_add_weapon": (_i, [_p, _pw, _pi]),
    "cops_d6_character_remove_weapon": (_i, [_p, _i]),
    "cops_d6_protection_init_sized": (_i, [_pp, ctypes.c_size_t]),
    "cops_d6_protection_count": (_i, []),
    "cops_d6_protection_at": (_i, [_i, _pp]),
    "cops_d6_protection_find": (_i, [ctypes.c_char_p, _pp]),
    "cops_d6_character_protection_count": (_i, [_p]),
    "cops_d6_character_protection": (_i, [_p, _i, _pp]),
    "cops_d6_character_add_protection": (_i, [_p, _pp, _pi]),
    "cops_d6_character_remove_protection": (_i, [_p, _i]),
    "cops_d6_character_from_json": (_i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
    "cops_d6_character_load": (_i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
    "cops_d6_character_to_json": (_i, [_p, ctypes.POINTER(_p)]),
    "cops_d6_character_save": (_i, [_p, ctypes.c_char_p]),
    "cops_d6_attack_init_sized": (_i, [ctypes.POINTER(_Attack), ctypes.c_size_t]),
    "cops_d6_attack_resolve": (_i, [ctypes.POINTER(_Outcome), _p, ctypes.POINTER(_Attack), _p]),
    "cops_d6_hazard_code": (_i, [_i, _i, _p, _pc]),
    "cops_d6_hazard_name": (ctypes.c_char_p, [_i]),
    "cops_d6_harm": (_i, [ctypes.POINTER(_Outcome), _p, _p, _i, _Code, _i, _p, _p]),
    "cops_d6_character_end_round": (_i, [_p, _p, _i, _p, _p]),
    "cops_d6_log_event": (_i, [_p, _i, ctypes.POINTER(_Event)]),
    "cops_d6_initiative": (_i, [_p, _p, _p, _p, _i, _p, _p, _pi, _pi]),
    "cops_d6_recovery_wait": (_i, [_i]),
    "cops_d6_recover": (_i, [_p, _p, _p, _i, _i, _p, _p]),
    "cops_d6_treat": (_i, [_p, _p, _p, _i, _p, _i, _i, _p, _p]),
}
if hasattr(lib, "cops_d6_roll"):
    for _name, (_res, _args) in _PROTOTYPES.items():
        _fn = getattr(lib, _name)
        _fn.restype = _res
        _fn.argtypes = _args


def _code_of(c: _Code) -> Code:
    return Code(c.dice, c.pips)


def _code_arg(value: Union[str, Code], what: str) -> _Code:
    if isinstance(value, str):
        raise TypeError("%s: a cops.d6.Code (read text with cops.d6.code(ctx, text))" % what)
    if not isinstance(value, Code):
        raise TypeError("%s must be a cops.d6.Code, not %s" % (what, type(value).__name__))
    return value._c()


@dataclass(frozen=True)
class Weapon:
    """A weapon (cops_d6_weapon, D6 §9): a damage code, `+` codes adding natural damage,
    three ranges (or offsets to a Vigueur or Throwing roll), its flags."""

    name: str
    category: str = "melee"
    damage: Code = Code(0)
    adds_natural: bool = False
    vig_range: bool = False
    range: Tuple[int, int, int] = (0, 0, 0)
    ammo: int = 0
    roll_dice: int = 0
    flags: Tuple[str, ...] = ()   #: of "burst", "stun", "energy", "long"

    def _c(self) -> _Weapon:
        w = _Weapon()
        if lib.cops_d6_weapon_init_sized(ctypes.byref(w), ctypes.sizeof(w),
                                         _index(CATEGORIES, self.category, "category")):
            raise InvalidArgumentError("the library refuses the weapon's size")
        name = n.text(self.name, "name")
        if len(name) >= 48:
            raise RangeError("a weapon's name is at most 47 bytes")
        w.name = name
        w.damage = self.damage._c()
        w.adds_natural = int(bool(self.adds_natural))
        w.vig_range = int(bool(self.vig_range))
        for k in range(3):
            w.range[k] = n.integer(self.range[k], "range")
        w.ammo = n.integer(self.ammo, "ammo")
        w.roll_dice = n.integer(self.roll_dice, "roll_dice")
        w.flags = _bits(_WEAPON_FLAGS, self.flags, "weapon flag")
        return w

    @classmethod
    def _of(cls, w: _Weapon) -> "Weapon":
        return cls(w.name.decode("utf-8"), CATEGORIES[w.category], _code_of(w.damage),
                   bool(w.adds_natural), bool(w.vig_range), (w.range[0], w.range[1], w.range[2]),
                   w.ammo, w.roll_dice,
                   tuple(f for b, f in enumerate(_WEAPON_FLAGS) if w.flags & (1 << b)))


@dataclass(frozen=True)
class Protection:
    """A protection (cops_d6_protection, D6 §10): armour added to resistance, what it
    covers, its penalty in dice or points on Agility and Coordination (or Perception)."""

    name: str
    armour: Code = Code(0)
    coverage: str = "body"
    energy_only: bool = False
    penalty_dice: int = 0
    penalty_points: int = 0
    penalty_perception: bool = False

    def _c(self) -> _Protection:
        p = _Protection()
        if lib.cops_d6_protection_init_sized(ctypes.byref(p), ctypes.sizeof(p)):
            raise InvalidArgumentError("the library refuses the protection's size")
        name = n.text(self.name, "name")
        if len(name) >= 48:
            raise RangeError("a protection's name is at most 47 bytes")
        p.name = name
        p.armour = self.armour._c()
        p.coverage = _index(COVERAGES, self.coverage, "coverage")
        p.energy_only = int(bool(self.energy_only))
        p.penalty_dice = n.integer(self.penalty_dice, "penalty_dice")
        p.penalty_points = n.integer(self.penalty_points, "penalty_points")
        p.penalty_perception = int(bool(self.penalty_perception))
        return p

    @classmethod
    def _of(cls, p: _Protection) -> "Protection":
        return cls(p.name.decode("utf-8"), _code_of(p.armour), COVERAGES[p.coverage],
                   bool(p.energy_only), p.penalty_dice, p.penalty_points,
                   bool(p.penalty_perception))


def weapons() -> List[Weapon]:
    """The catalogue's weapons (D6 §9)."""
    _need()
    out = []
    for i in range(lib.cops_d6_weapon_count()):
        w = _Weapon()
        w.size = ctypes.sizeof(w)
        lib.cops_d6_weapon_at(i, ctypes.byref(w))
        out.append(Weapon._of(w))
    return out


def weapon(name: str) -> Weapon:
    """The catalogue's weapon of that name, any case (KeyError if none)."""
    _need()
    w = _Weapon()
    w.size = ctypes.sizeof(w)
    if lib.cops_d6_weapon_find(n.text(name, "name"), ctypes.byref(w)):
        raise NotFoundError("%r is not in the D6 catalogue" % name)
    return Weapon._of(w)


def protections() -> List[Protection]:
    """The catalogue's protections (D6 §10)."""
    _need()
    out = []
    for i in range(lib.cops_d6_protection_count()):
        p = _Protection()
        p.size = ctypes.sizeof(p)
        lib.cops_d6_protection_at(i, ctypes.byref(p))
        out.append(Protection._of(p))
    return out


def protection(name: str) -> Protection:
    """The catalogue's protection of that name, any case (KeyError if none)."""
    _need()
    p = _Protection()
    p.size = ctypes.sizeof(p)
    if lib.cops_d6_protection_find(n.text(name, "name"), ctypes.byref(p)):
        raise NotFoundError("%r is not in the D6 catalogue" % name)
    return Protection._of(p)


def category_name(category: int) -> str:
    """A weapon category's name (cops_d6_weapon_category_name)."""
    _need()
    return n.c_text(lib.cops_d6_weapon_category_name(n.integer(category, "category")))


def trait_parent(trait: str) -> str:
    """A skill's attribute (D6-L1); an attribute's own name."""
    _need()
    t = ctypes.c_int()
    if lib.cops_d6_trait_parse(n.text(trait, "trait"), ctypes.byref(t)):
        raise NotFoundError("%r: unknown trait (%s)" % (trait, ", ".join(TRAITS)))
    return n.c_text(lib.cops_d6_trait_name(lib.cops_d6_trait_parent(t.value)))


def hit_points(vigueur: Code) -> int:
    """Hit points for a Vigueur code (§8.2, D6-A28)."""
    _need()
    v = lib.cops_d6_hit_points(_code_arg(vigueur, "vigueur"))
    if v < 0:
        raise InvalidArgumentError("not a code: %r" % (vigueur,))
    return int(v)


def hp_level(lost: int, max_hp: int) -> str:
    """The wound level of lost hit points out of max_hp (§8.4, D6-A29)."""
    _need()
    v = lib.cops_d6_hp_level(n.integer(lost, "lost"), n.integer(max_hp, "max_hp"))
    if v < 0:
        raise InvalidArgumentError("lost 0 or more, max_hp 1 or more")
    return LEVELS[v]


@dataclass(frozen=True)
class Wounds:
    """A character's wounds (cops_d6_wounds): the mode, the level (derived), the step on the
    track, extra steps, hit points, and the state they bring."""

    mode: str = "levels"
    level: str = "unhurt"
    step: int = 0
    extra: int = 0
    hp_max: int = 1
    hp_lost: int = 0
    stunned: bool = False
    stunned_rounds: int = 0
    defend_only: int = 0
    unconscious: int = 0      #: rounds
    mortal_rounds: int = 0
    stabilised: bool = False
    limbs: Tuple[str, ...] = ()   #: of "arm", "leg"
    treated: Tuple[int, ...] = ()   #: the healers (ids) who tried at this step (D6-A35)
    confused: int = 0         #: rounds left without any action (a spell's critical failure, §7.7)
    protection: int = 0       #: psionic Protection points on resistance to attacks (§7.13.7)
    protection_rounds: int = 0   #: rounds the protection lasts


class Character(_Entity):
    """A D6 character (cops_d6_character), from a sheet with "system": "d6" (docs/d6.md,
    "Sheets"). ch["dodge"] is the code rolled (a skill absent: its attribute's)."""

    _free = getattr(lib, "cops_d6_character_free", None)
    _from_json = getattr(lib, "cops_d6_character_from_json", None)
    _load = getattr(lib, "cops_d6_character_load", None)
    _to_json = getattr(lib, "cops_d6_character_to_json", None)
    _name = getattr(lib, "cops_d6_character_name", None)

    @classmethod
    def new(cls, ctx: Context, name: str) -> "Character":
        """A character with every attribute 2D, no skill, unhurt."""
        _need()
        ch = cls._made(ctx, lib.cops_d6_character_new)
        ch._check(lib.cops_d6_character_set_name(ch._h, n.text(name, "name")))
        return ch

    @classmethod
    def from_json(cls, ctx: Context, text: Union[str, Dict[str, Any]]) -> "Character":
        _need()
        return super().from_json(ctx, text)

    @classmethod
    def load(cls, ctx: Context, path: Any) -> "Character":
        _need()
        return super().load(ctx, path)

    def save(self, path: Any) -> None:
        """Write the sheet to path (cops_d6_character_save)."""
        self._check(lib.cops_d6_character_save(self._h, n.text(os.fspath(path), "path")))

    def copy(self) -> "Character":
        """A copy with its own wounds and equipment."""
        ptr = ctypes.c_void_p()
        self._check(lib.cops_d6_character_copy(ctypes.byref(ptr), self._h))
        assert self._ctx is not None
        return Character(self._ctx, ptr.value)

    def __getitem__(self, trait: str) -> Code:
        c = _Code()
        self._check(lib.cops_d6_character_trait(self._h, _trait(trait), ctypes.byref(c)))
        return _code_of(c)

    def __setitem__(self, trait: str, value: Optional[Code]) -> None:
        """Set a trait's code; None removes a skill."""
        c = _code_arg(value, trait) if value is not None else None
        self._check(lib.cops_d6_character_set_trait(self._h, _trait(trait),
                                                    ctypes.byref(c) if c is not None else None))

    def has(self, trait: str) -> bool:
        """True when the sheet has the trait (a skill absent rolls its attribute)."""
        c = _Code()
        return bool(self._check(lib.cops_d6_character_trait(self._h, _trait(trait),
                                                            ctypes.byref(c))))

    @property
    def natural_damage(self) -> Code:
        """Natural damage (§5.5): the sheet's, or derived (D6-A9)."""
        c = _Code()
        self._check(lib.cops_d6_character_natural_damage(self._h, ctypes.byref(c)))
        return _code_of(c)

    @natural_damage.setter
    def natural_damage(self, value: Optional[Code]) -> None:
        c = _code_arg(value, "natural_damage") if value is not None else None
        self._check(lib.cops_d6_character_set_natural_damage(
            self._h, ctypes.byref(c) if c is not None else None))

    @property
    def points(self) -> Tuple[int, int]:
        """Character Points and Fate Points (§0.8)."""
        cp, fp = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_d6_character_points(self._h, ctypes.byref(cp), ctypes.byref(fp)))
        return cp.value, fp.value

    def set_points(self, cp: int, fp: int) -> None:
        self._check(lib.cops_d6_character_set_points(self._h, n.integer(cp, "cp"),
                                                     n.integer(fp, "fp")))

    @property
    def scale(self) -> int:
        """The scale value (§5.14)."""
        return self._check(lib.cops_d6_character_scale(self._h))

    @scale.setter
    def scale(self, value: int) -> None:
        self._check(lib.cops_d6_character_set_scale(self._h, n.integer(value, "scale")))

    def wounds(self) -> Wounds:
        """The wounds and the state they bring (cops_d6_character_wounds)."""
        w = _Wounds()
        w.size = ctypes.sizeof(w)
        self._check(lib.cops_d6_character_wounds(self._h, ctypes.byref(w)))
        return Wounds(MODES[w.mode], LEVELS[w.level], w.step, w.extra, w.hp_max, w.hp_lost,
                      bool(w.stunned), w.stunned_rounds, w.defend_only, w.unconscious,
                      w.mortal_rounds, bool(w.stabilised),
                      tuple(f for b, f in enumerate(_LIMBS) if w.limbs & (1 << b)),
                      tuple(i for i in w.treated if i >= 0), w.confused, w.protection,
                      w.protection_rounds)

    def set_wounds(self, wounds: Wounds) -> None:
        """Set the wounds (every field checked; the level is derived)."""
        if not isinstance(wounds, Wounds):
            raise TypeError("wounds must be a cops.d6.Wounds")
        w = _Wounds()
        w.size = ctypes.sizeof(w)
        for f in fields(Wounds):
            v = getattr(wounds, f.name)
            if f.name == "mode":
                w.mode = _index(MODES, v, "mode")
            elif f.name == "level":
                continue
            elif f.name == "limbs":
                w.limbs = _bits(_LIMBS, v, "limb")
            elif f.name == "treated":
                ids = [n.integer(i, "treated") for i in v]
                if len(ids) > 4:
                    raise RangeError("treated: at most 4 healers")
                for k in range(4):
                    w.treated[k] = ids[k] if k < len(ids) else -1
            elif f.name in ("stunned", "stabilised"):
                setattr(w, f.name, int(bool(v)))
            else:
                setattr(w, f.name, n.integer(v, f.name))
        self._check(lib.cops_d6_character_set_wounds(self._h, ctypes.byref(w)))

    def set_mode(self, mode: str) -> None:
        """Switch between "levels" and "hit_points" (D6-A31)."""
        self._check(lib.cops_d6_character_set_mode(self._h, _index(MODES, mode, "mode")))

    def penalty(self, trait: str) -> Tuple[int, int]:
        """Dice and points the character's state takes off a roll of trait."""
        d, p = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_d6_character_penalty(self._h, _trait(trait), ctypes.byref(d),
                                                  ctypes.byref(p)))
        return d.value, p.value

    @property
    def can_act(self) -> bool:
        """Conscious and alive (§5.7)."""
        return bool(self._check(lib.cops_d6_character_can_act(self._h)))

    @property
    def weapons(self) -> Tuple[Weapon, ...]:
        out = []
        for i in range(self._check(lib.cops_d6_character_weapon_count(self._h))):
            w = _Weapon()
            w.size = ctypes.sizeof(w)
            self._check(lib.cops_d6_character_weapon(self._h, i, ctypes.byref(w)))
            out.append(Weapon._of(w))
        return tuple(out)

    def add_weapon(self, w: Union[str, Weapon]) -> int:
        """Carry a weapon (a Weapon, or a catalogue name); its index."""
        if isinstance(w, str):
            w = weapon(w)
        c, i = w._c(), ctypes.c_int()
        self._check(lib.cops_d6_character_add_weapon(self._h, ctypes.byref(c), ctypes.byref(i)))
        return i.value

    def remove_weapon(self, index: int) -> None:
        self._check(lib.cops_d6_character_remove_weapon(self._h, n.integer(index, "index")))

    @property
    def protections(self) -> Tuple[Protection, ...]:
        out = []
        for i in range(self._check(lib.cops_d6_character_protection_count(self._h))):
            p = _Protection()
            p.size = ctypes.sizeof(p)
            self._check(lib.cops_d6_character_protection(self._h, i, ctypes.byref(p)))
            out.append(Protection._of(p))
        return tuple(out)

    def add_protection(self, p: Union[str, Protection]) -> int:
        """Wear a protection (a Protection, or a catalogue name); its index."""
        if isinstance(p, str):
            p = protection(p)
        c, i = p._c(), ctypes.c_int()
        self._check(lib.cops_d6_character_add_protection(self._h, ctypes.byref(c),
                                                         ctypes.byref(i)))
        return i.value

    def remove_protection(self, index: int) -> None:
        self._check(lib.cops_d6_character_remove_protection(self._h, n.integer(index, "index")))


@dataclass(frozen=True)
class Outcome:
    """What an attack or a harm did (cops_d6_outcome)."""

    attack_total: int
    defence_value: int
    band: Optional[str]        #: "point_blank" ... "long"; None in melee
    hit: bool
    level: int                 #: attack total − defence value
    parried: bool
    victim: Optional[str]      #: "target", "attacker" or None
    damage_total: int
    resistance_total: int
    margin: int
    steps: int                 #: wound levels (steps) inflicted
    hp_lost: int
    wound_level: str           #: the victim's level after
    massive: bool
    unconscious: int           #: minutes knocked out
    check: Optional[bool]      #: the Incapacitated check; None if none
    neutralised: str           #: an aimed attack's part, "anywhere" for none
    dropped: bool              #: a throw fell on the thrower

    @classmethod
    def _of(cls, o: _Outcome) -> "Outcome":
        return cls(o.attack_total, o.defence_value, BANDS[o.band] if o.band >= 0 else None,
                   bool(o.hit), o.level, bool(o.parried), VICTIMS[o.victim], o.damage_total,
                   o.resistance_total, o.margin, o.steps, o.hp_lost, LEVELS[o.wound_level],
                   bool(o.massive), o.unconscious, None if o.check < 0 else bool(o.check),
                   LOCATIONS[o.neutralised], bool(o.dropped))


def _weapon_index(ch: Character, w: Union[None, int, str], what: str) -> int:
    if w is None:
        return -1
    if isinstance(w, str):
        for i, x in enumerate(ch.weapons):
            if x.name.lower() == w.lower():
                return i
        raise NotFoundError("%s carries no weapon %r" % (ch.name, w))
    return n.integer(w, what)


def _log(log: Optional[Any]) -> Any:
    return log._h if log is not None else None


def attack(ctx: Context, attacker: Character, target: Character, *,
           weapon: Union[None, int, str] = None, distance: int = 0, defence: str = "natural",
           defence_skill: str = "dodge", defence_total: Optional[int] = None,
           parry_weapon: Union[None, int, str] = None, defender_actions: int = 1,
           cover: int = 0, option: str = "none", location: str = "anywhere", actions: int = 1,
           target_size: str = "any", flags: Tuple[str, ...] = (), cp: int = 0,
           fp: bool = False, attacker_id: int = 0, target_id: int = 1,
           rules: Optional[Rules] = None, log: Optional[Any] = None) -> Outcome:
    """Resolve one attack (cops_d6_attack_resolve, D6 §5.3-§5.15): defence "natural",
    "active" or "total" with defence_total the roll made on the target's turn (None: rolled
    here); flags of "blinded", "target_blinded", "surprise". All or nothing."""
    _need()
    for who in (attacker, target):
        if not isinstance(who, Character):
            raise TypeError("attacker and target must be cops.d6.Character")
    a = _Attack()
    ctx._check(lib.cops_d6_attack_init_sized(ctypes.byref(a), ctypes.sizeof(a)))
    a.attacker, a.target = attacker._h, target._h
    a.weapon = _weapon_index(attacker, weapon, "weapon")
    a.parry_weapon = _weapon_index(target, parry_weapon, "parry_weapon")
    a.defence = _index(DEFENCES, defence, "defence")
    a.defence_skill = _trait(defence_skill)
    a.defence_total = ROLL_DEFENCE if defence_total is None else n.integer(defence_total,
                                                                            "defence_total")
    for f, v in (("distance", distance), ("defender_actions", defender_actions),
                 ("cover", cover), ("actions", actions), ("cp", cp),
                 ("attacker_id", attacker_id), ("target_id", target_id)):
        setattr(a, f, n.integer(v, f))
    if not isinstance(fp, bool):
        raise TypeError("fp must be a bool")
    a.fp = int(fp)
    a.option = _index(OPTIONS, option, "option")
    a.location = _index(LOCATIONS, location, "location")
    a.target_size = _index(SIZES, target_size, "target size")
    if isinstance(flags, str):
        raise TypeError("flags: a list of names, not a str")
    bits = 0
    for f in flags:
        if f not in _ATTACK_FLAGS:
            raise NotFoundError("unknown flag %r (%s)" % (f, ", ".join(_ATTACK_FLAGS)))
        bits |= _ATTACK_FLAGS[f]
    a.flags = bits
    r = rules._c() if rules is not None else None
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError("rules must be a cops.d6.Rules")
    a.rules = ctypes.addressof(r) if r is not None else None   # r lives until the call returns
    o = _Outcome()
    o.size = ctypes.sizeof(o)
    ctx._check(lib.cops_d6_attack_resolve(ctypes.byref(o), ctx._h, ctypes.byref(a), _log(log)))
    return Outcome._of(o)


def hazard_code(hazard: str, amount: int = 0, rules: Optional[Rules] = None) -> Code:
    """A hazard's damage code (§5.19): amount is a poison's dice or a fall's height in cm."""
    _need()
    c = _Code()
    rc = lib.cops_d6_hazard_code(_index(HAZARDS, hazard, "hazard"), n.integer(amount, "amount"),
                                 _rules(rules), ctypes.byref(c))
    if rc:
        raise RangeError("%s: amount %d out of range" % (hazard, amount))
    return _code_of(c)


def hazard_name(hazard: int) -> str:
    """A hazard's name (cops_d6_hazard_name)."""
    _need()
    return n.c_text(lib.cops_d6_hazard_name(n.integer(hazard, "hazard")))


def harm(ctx: Context, ch: Character, damage: Code, *, stun: bool = False, id: int = 1,
         rules: Optional[Rules] = None, log: Optional[Any] = None) -> Outcome:
    """Damage outside an attack against the character's Vigueur (cops_d6_harm, §5.19)."""
    _need()
    if not isinstance(ch, Character):
        raise TypeError("ch must be a cops.d6.Character")
    o = _Outcome()
    o.size = ctypes.sizeof(o)
    ctx._check(lib.cops_d6_harm(ctypes.byref(o), ctx._h, ch._h, n.integer(id, "id"),
                                _code_arg(damage, "damage"), int(bool(stun)), _rules(rules),
                                _log(log)))
    return Outcome._of(o)


def end_round(ctx: Context, ch: Character, *, id: int = 0, rules: Optional[Rules] = None,
              log: Optional[Any] = None) -> None:
    """A character's end of round (cops_d6_character_end_round): Stunned ends, the counters
    run, the mortal clock turns."""
    _need()
    if not isinstance(ch, Character):
        raise TypeError("ch must be a cops.d6.Character")
    ctx._check(lib.cops_d6_character_end_round(ch._h, ctx._h, n.integer(id, "id"),
                                               _rules(rules), _log(log)))


def event_fields(log: Any, index: int) -> Dict[str, Any]:
    """The D6 fields of event index of a cops.Log or a fight's log (cops_d6_log_event), by
    name."""
    _need()
    e = _Event()
    e.size = ctypes.sizeof(e)
    log._check(lib.cops_d6_log_event(_log_handle(log), n.integer(index, "index"),
                                     ctypes.byref(e)))
    out: Dict[str, Any] = {f: getattr(e, f) for f, _ in _Event._fields_[1:] if f != "code"}
    out["code"] = _code_of(e.code)
    return out


class _Healing(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in (
        "rolled", "total", "difficulty", "success", "critical", "level_before", "level",
        "hp_gained")]


@dataclass(frozen=True)
class Healing:
    """What a recovery or a treatment did (cops_d6_healing)."""

    rolled: bool         #: False for level 1's automatic recovery
    total: int
    difficulty: int
    success: bool
    critical: bool       #: one level worse
    level_before: str
    level: str
    hp_gained: int

    @classmethod
    def _of(cls, h: _Healing) -> "Healing":
        return cls(bool(h.rolled), h.total, h.difficulty, bool(h.success), bool(h.critical),
                   LEVELS[h.level_before], LEVELS[h.level], h.hp_gained)


def recovery_wait(level: str) -> int:
    """The wait in minutes before a natural recovery at that level (§6.1)."""
    _need()
    v = lib.cops_d6_recovery_wait(_index(LEVELS, level, "level"))
    if v < 0:
        raise NotFoundError("no recovery from %r" % level)
    return int(v)


def recover(ctx: Context, ch: Character, *, rest: str = "rested", id: int = 0,
            rules: Optional[Rules] = None, log: Optional[Any] = None) -> Healing:
    """A natural recovery after its wait (cops_d6_recover, §6.1, §8.5): rest "rested",
    "worked" (-1D) or "long_rest" (+1D)."""
    _need()
    if not isinstance(ch, Character):
        raise TypeError("ch must be a cops.d6.Character")
    h = _Healing()
    h.size = ctypes.sizeof(h)
    ctx._check(lib.cops_d6_recover(ctypes.byref(h), ctx._h, ch._h, n.integer(id, "id"),
                                   _index(RESTS, rest, "rest"), _rules(rules), _log(log)))
    return Healing._of(h)


def treat(ctx: Context, healer: Character, patient: Character, *, kind: str = "after_combat",
          healer_id: int = 0, patient_id: int = 1, rules: Optional[Rules] = None,
          log: Optional[Any] = None) -> Healing:
    """A treatment (cops_d6_treat, §6.2, §6.3, §8.6, §8.7): kind "after_combat" or
    "in_combat"; each healer once a patient a level (D6-A35)."""
    _need()
    for who in (healer, patient):
        if not isinstance(who, Character):
            raise TypeError("healer and patient must be cops.d6.Character")
    h = _Healing()
    h.size = ctypes.sizeof(h)
    ctx._check(lib.cops_d6_treat(ctypes.byref(h), ctx._h, healer._h,
                                 n.integer(healer_id, "healer_id"), patient._h,
                                 n.integer(patient_id, "patient_id"),
                                 _index(TREATMENTS, kind, "kind"), _rules(rules), _log(log)))
    return Healing._of(h)


def _aboard(passengers: Sequence[Character], ids: Optional[Sequence[int]]) -> Tuple[Any, Any, int]:
    for p in passengers:
        if not isinstance(p, Character):
            raise TypeError("passengers must be cops.d6.Character")
    count = len(passengers)
    arr = (ctypes.c_void_p * count)(*[p._h for p in passengers]) if count else None
    idarr = None
    if ids is not None:
        if len(ids) != count:
            raise InvalidArgumentError("one id a passenger")
        idarr = (ctypes.c_int * count)(*[n.integer(i, "id") for i in ids])
    return arr, idarr, count


_INITIATIVE_FLAGS = {"surpriser": 0x1, "long_in_melee": 0x2}


def initiative(ctx: Context, fighters: Sequence[Character], *,
               ids: Optional[Sequence[int]] = None,
               flags: Optional[Sequence[Sequence[str]]] = None, rules: Optional[Rules] = None,
               log: Optional[Any] = None) -> Tuple[List[int], List[int]]:
    """A round's initiative (cops_d6_initiative, §5.2, D6-A6): the indices of the fighters
    able to act, first to act first, and every fighter's Perception total (0 if left out).
    flags[i] lists "surpriser" or "long_in_melee"."""
    _need()
    count = len(fighters)
    arr, idarr, _ = _aboard(fighters, ids)
    farr = None
    if flags is not None:
        if len(flags) != count:
            raise InvalidArgumentError("one list of flags a fighter")
        bits = []
        for fl in flags:
            if isinstance(fl, str):
                raise TypeError("flags: a list of names a fighter, not a str")
            b = 0
            for f in fl:
                if f not in _INITIATIVE_FLAGS:
                    raise NotFoundError("unknown flag %r (%s)" % (f, ", ".join(_INITIATIVE_FLAGS)))
                b |= _INITIATIVE_FLAGS[f]
            bits.append(b)
        farr = (ctypes.c_uint * count)(*bits)
    order = (ctypes.c_int * max(count, 1))()
    totals = (ctypes.c_int * max(count, 1))()
    ranked = ctx._check(lib.cops_d6_initiative(ctx._h, arr, idarr, farr, count, _rules(rules),
                                               _log(log), order, totals))
    return list(order[:ranked]), list(totals[:count])
