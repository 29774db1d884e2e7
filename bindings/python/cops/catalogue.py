"""The rules' catalogue (<cops/catalogue.h>): characteristics, skills with their
specialisations, armour locations, hit zones, weapon kinds, and the names of game terms
in every language."""

import ctypes
from dataclasses import dataclass
from typing import Any, List, Optional, Tuple, Union

from . import _native as n
from .errors import InvalidArgumentError, NotFoundError, RangeError

lib = n.lib
_i = ctypes.c_int
for _fn_name, _res, _args in (
        ("cops_attack_mode_name", ctypes.c_char_p, [_i]),
        ("cops_chase_band_name", ctypes.c_char_p, [_i, _i]),
        ("cops_interview_attitude_name", ctypes.c_char_p, [_i, _i]),
        ("cops_interview_attitude_parse", _i, [ctypes.c_char_p, ctypes.POINTER(_i)]),
        ("cops_method_characteristic", _i, [_i]),
        ("cops_trait_name", ctypes.c_char_p, [_i, _i]),
        ("cops_trait_parse", _i, [ctypes.c_char_p, ctypes.POINTER(_i)])):
    _fn = getattr(lib, _fn_name)
    _fn.restype, _fn.argtypes = _res, _args

__all__ = [
    "characteristics", "Skill", "skill", "skills", "locations", "location", "zone_of_die",
    "zone_name", "attitude_name", "condition_name", "rest_name", "treatment_name",
    "ruleset_names", "body_side", "body_side_name", "mishap_names", "stopping_name",
    "purpose_names", "event_type_names", "action_names", "mode_names", "weapon_kinds",
    "weapon_kind", "weapon_fields", "weapon_values_from_name", "initiative_range", "language",
    "languages", "health_name", "chase_band_name", "interview_attitude_name",
    "method_characteristic", "trait_name", "relation_kind_name", "relation_level_name",
    "upkeep_name", "HEALTH", "BANDS", "RELATION_KINDS", "UPKEEPS",
]

HEALTH = ["healthy", "below_half", "unconscious", "dying", "dead", "dead_final"]   #: cops_health
BANDS = ["short", "intermediate", "long"]                                        #: cops_chase_band
RELATION_KINDS = ["ally", "informant"]                                           #: cops_relation_kind
UPKEEPS = ["none", "money", "information", "services", "favours"]                #: cops_upkeep


def characteristics(lang: str = "fr") -> List[str]:
    """The seven characteristics (C2), in order, French (canonical) or English names."""
    return _list(lib.cops_characteristic_name, n.lang_code(lang))


@dataclass(frozen=True)
class Skill:
    """A skill of C3."""

    name: str                   #: French, canonical
    english: str
    characteristic: str         #: its usual characteristic
    adrenaline: bool            #: Adrénaline may be spent on it (C5)
    specialisation_level: Optional[int]   #: from this level on a specialisation is needed
    specialisations: Tuple[str, ...]      #: the rules' list
    free_specialisations: bool  #: any text is a specialisation (Connaissance, exotic weapons)


def skill(name: Union[str, int]) -> Skill:
    """A skill of the catalogue, by name in any spelling (or index)."""
    k = n.parsed(lib.cops_skill_parse, name, "skill")
    if not 0 <= k < lib.cops_skill_count():
        raise RangeError("skill %d out of range 0..%d" % (k, lib.cops_skill_count() - 1))
    level = lib.cops_skill_specialisation_level(k)
    return Skill(n.c_text(lib.cops_skill_name(k, 0)), n.c_text(lib.cops_skill_name(k, 1)),
                 n.c_text(lib.cops_characteristic_name(lib.cops_skill_characteristic(k), 0)),
                 bool(lib.cops_skill_adrenaline(k)), level if level > 0 else None,
                 tuple(n.c_text(lib.cops_skill_specialisation_name(k, i))
                       for i in range(lib.cops_skill_specialisation_count(k))),
                 bool(lib.cops_skill_specialisation_free(k)))


def skills() -> List[Skill]:
    """The 27 skills of C3, in order."""
    return [skill(k) for k in range(lib.cops_skill_count())]


def locations(lang: str = "fr") -> List[str]:
    """The armour locations (head, torso ... C8.3), in order."""
    return _list(lib.cops_location_name, n.lang_code(lang))


def location(name: str) -> int:
    """An armour location's index, by name in any spelling."""
    return n.parsed(lib.cops_location_parse, name, "location")


def zone_of_die(d10: int) -> Tuple[str, int]:
    """The hit zone of a location d10 (C10.3), with its damage modifier."""
    z = lib.cops_zone_of_die(n.integer(d10, "d10"))
    if z < 0:
        raise InvalidArgumentError("a location die is 1..10, not %d" % d10)
    return n.c_text(lib.cops_zone_name(z, 1)), int(lib.cops_zone_modifier(z))


def zone_name(zone: int, lang: str = "fr") -> str:
    """A hit zone's name (0 legs .. 4 head)."""
    return _name(lib.cops_zone_name(n.integer(zone, "zone"), n.lang_code(lang)), "zone", zone)


def attitude_name(attitude: int, lang: str = "fr") -> str:
    """An attitude's name, -2 (Planqué) .. +2 (Ultra-violent) (C6.1)."""
    return _name(lib.cops_attitude_name(n.integer(attitude, "attitude"), n.lang_code(lang)),
                 "attitude", attitude)


def condition_name(condition: int, lang: str = "fr") -> str:
    """A condition's name, by its bit (cops.CONDITIONS)."""
    return _name(lib.cops_condition_name(n.integer(condition, "condition", 0),
                                         n.lang_code(lang)), "condition", condition)


def rest_name(rest: str, lang: str = "fr") -> str:
    """A kind of rest's name (C8.6): "none", "natural" or "hospital"."""
    kinds = ["none", "natural", "hospital"]
    if rest not in kinds:
        raise NotFoundError("rest must be one of %s, not %r" % (", ".join(kinds), rest))
    return _name(lib.cops_rest_name(kinds.index(rest), n.lang_code(lang)), "rest",
                 kinds.index(rest))


def treatment_name(kind: str, lang: str = "fr") -> str:
    """A treatment's name (C8.4, C8.5): "first_aid", "stabilise" or "medicine"."""
    kinds = ["first_aid", "stabilise", "medicine"]
    if kind not in kinds:
        raise NotFoundError("kind must be one of %s, not %r" % (", ".join(kinds), kind))
    return _name(lib.cops_treatment_name(kinds.index(kind), n.lang_code(lang)), "treatment",
                 kinds.index(kind))


def ruleset_names() -> List[str]:
    """The rulesets: "core", "alternative" (the alternative combat rules of 002, A)."""
    return _list(lib.cops_ruleset_name)


def body_side(d10: int) -> Optional[str]:
    """The side of the body a location d10 gives under A4.1: "right" (1, 8), "left" (2, 9),
    None for the others."""
    side = lib.cops_body_side_of_die(n.integer(d10, "d10"))
    if side < 0:
        raise InvalidArgumentError("a location die is 1..10, not %d" % d10)
    name = lib.cops_body_side_name(side, 1)
    return n.c_text(name) if name else None


def body_side_name(side: str, lang: str = "fr") -> str:
    """A side's name ("right", "left") in a language."""
    sides = {"right": 1, "left": 2}
    if side not in sides:
        raise NotFoundError("side must be 'right' or 'left', not %r" % (side,))
    return _name(lib.cops_body_side_name(sides[side], n.lang_code(lang)), "side", sides[side])


def mishap_names() -> List[str]:
    """The mishaps of A5, by bit order: "knocked_down", "unconscious", "drop_right",
    "drop_left"."""
    return [_name(lib.cops_mishap_name(1 << b), "mishap", b) for b in range(4)]


def stopping_name(result: int, lang: str = "fr") -> str:
    """A stopping result's name: 0 steady, 1 shaken, 2 out (C10.4); 3 unaffected, 4 stopped,
    5 mishap (A5)."""
    return _name(lib.cops_stopping_name(n.integer(result, "result"), n.lang_code(lang)),
                 "stopping result", result)


def purpose_names() -> List[str]:
    """The purposes of roll events, in order (docs/events.md)."""
    return _list(lib.cops_purpose_name)


def event_type_names() -> List[str]:
    """The event types, in order (docs/events.md), then the Storyteller module's from type
    1000 on ("st.attack" ..., docs/storyteller.md) and the D6 module's from type 2000 on
    ("d6.attack" ..., docs/d6.md) when the library holds them."""
    names = _list(lib.cops_event_type_name)
    for first in (1000, 2000):
        for i in range(first, first + 64):
            name = lib.cops_event_type_name(i)
            if name is None:
                break
            names.append(n.c_text(name))
    return names


def action_names() -> List[str]:
    """The actions a combatant declares, in order (docs/encounters.md)."""
    return _list(lib.cops_encounter_action_name)


def weapon_kinds(lang: str = "en") -> List[str]:
    """The kinds of weapons (docs/weapons.md), in order."""
    return _list(lib.cops_weapon_kind_name, n.lang_code(lang))


def weapon_kind(name: str) -> int:
    """A weapon kind's index, by name in any spelling."""
    return n.parsed(lib.cops_weapon_kind_parse, name, "weapon kind")


def weapon_fields() -> List[str]:
    """The fields of a weapon, in order (pr pu fa range magazine loaded ct vrc vc)."""
    return _list(lib.cops_weapon_field_name)


def weapon_values_from_name(name: str) -> Tuple[int, int, int]:
    """PR, PU and FA read from a weapon's name in the rules' code ("Vulcan 051": 0, 5, 1)."""
    pr, pu, fa = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    if lib.cops_weapon_values_from_name(n.text(name, "name"), ctypes.byref(pr), ctypes.byref(pu),
                                        ctypes.byref(fa)):
        raise InvalidArgumentError("no PR/PU/FA code in %r" % name)
    return pr.value, pu.value, fa.value


def initiative_range(reflexes: int) -> Tuple[int, int]:
    """The initiatives a character of this Réflexes may choose (C6): (lowest, highest)."""
    lo, hi = ctypes.c_int(), ctypes.c_int()
    if lib.cops_initiative_range(n.integer(reflexes, "reflexes"), ctypes.byref(lo),
                                 ctypes.byref(hi)):
        raise RangeError("Réflexes %d out of range 1..5" % reflexes)
    return lo.value, hi.value


def language(code: str) -> int:
    """A language's number (cops_lang) from its code, "fr", "en", "es" (any case)."""
    v = ctypes.c_int()
    if lib.cops_lang_parse(n.text(code, "code"), ctypes.byref(v)):
        raise NotFoundError("no language %r" % code)
    return v.value


def languages() -> List[str]:
    """The narration's languages, by number: "fr", "en", "es"."""
    return list(n.LANGS)


def mode_names() -> List[str]:
    """The attack modes, in order (cops_attack_mode_name)."""
    return _list(lib.cops_attack_mode_name)


def _member(value: Union[str, int], names: List[str], what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < len(names):
            return value
        raise RangeError("%s %d out of range 0..%d" % (what, value, len(names) - 1))
    if not isinstance(value, str):
        raise TypeError("%s must be a name or a number, not %s" % (what, type(value).__name__))
    if value not in names:
        raise NotFoundError("%s must be one of %s, not %r" % (what, ", ".join(names), value))
    return names.index(value)


def health_name(health: Union[str, int], lang: str = "fr") -> str:
    """A health's name (cops.HEALTH or its number): "Blessé grave", "Below half" ..."""
    return _name(lib.cops_health_name(_member(health, HEALTH, "health"), n.lang_code(lang)),
                 "health", health)


def chase_band_name(band: Union[str, int], lang: str = "fr") -> str:
    """A chase's distance band's name ("courte"; "short")."""
    return _name(lib.cops_chase_band_name(_member(band, BANDS, "band"), n.lang_code(lang)),
                 "band", band)


def interview_attitude_name(attitude: Union[str, int], lang: str = "fr") -> str:
    """An interrogator's attitude's name: "Inquisiteur", "Inquisitive", "Inquisitivo"."""
    a = n.parsed(lib.cops_interview_attitude_parse, attitude, "attitude")
    return _name(lib.cops_interview_attitude_name(a, n.lang_code(lang)), "attitude", attitude)


def method_characteristic(method: Union[str, int]) -> str:
    """The characteristic an interrogation method is resisted with (C4.2): "Sang-froid" ..."""
    c = lib.cops_method_characteristic(n.parsed(lib.cops_skill_parse, method, "method"))
    if c < 0:
        raise InvalidArgumentError("a method is Intimidation, Éloquence or Rhétorique, not %r"
                                   % (method,))
    return _name(lib.cops_characteristic_name(c, 0), "characteristic", c)


def trait_name(trait: Union[str, int], lang: str = "fr") -> str:
    """A trait's name: "Sang-froid", "Nerve", "Sangre fría"; "Amical", "Friendly" ..."""
    t = n.parsed(lib.cops_trait_parse, trait, "trait")
    return _name(lib.cops_trait_name(t, n.lang_code(lang)), "trait", trait)


def relation_kind_name(kind: str, lang: str = "fr") -> str:
    """A relation's kind's name: "Allié", "Indic" ... (C9)."""
    k = _member(kind, RELATION_KINDS, "kind")
    return _name(lib.cops_relation_kind_name(k, n.lang_code(lang)), "kind", kind)


def relation_level_name(kind: str, level: int, lang: str = "fr") -> str:
    """A relation's level's name for its kind (C9)."""
    k = _member(kind, RELATION_KINDS, "kind")
    lv = n.integer(level, "level")
    if not 1 <= lv <= 4:
        raise RangeError("a relation's level is 1..4, not %d" % lv)
    return _name(lib.cops_relation_level_name(k, lv, n.lang_code(lang)), "level", level)


def upkeep_name(upkeep: str, lang: str = "fr") -> str:
    """An upkeep's name: money, information, services, favours (C9)."""
    u = _member(upkeep, UPKEEPS, "upkeep")
    return _name(lib.cops_upkeep_name(u, n.lang_code(lang)), "upkeep", upkeep)


def _name(value: Optional[bytes], what: str, index: Any) -> str:
    if value is None:
        raise NotFoundError("no %s %r" % (what, index))
    return value.decode("utf-8")


def _list(fn: Any, *args: Any) -> List[str]:
    """fn(i, *args) for i = 0, 1 ... until it gives NULL: a table of names, in order."""
    out = []
    for i in range(64):
        name = fn(i, *args)
        if name is None:
            break
        out.append(n.c_text(name))
    return out
