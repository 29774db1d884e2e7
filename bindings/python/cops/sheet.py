"""Sheets (lib/sheet): characters, weapons and armour read from JSON and files, changed and
written back; a cop's relations (C9)."""

import ctypes
from dataclasses import dataclass
import json
import os
from typing import Any, Dict, Iterable, List, Optional, Tuple, Type, TypeVar, Union, cast

from . import _native as n
from . import catalogue
from .base import Context, PathLike, _Handle, _read_roll, _rolled
from .errors import NotFoundError, OutOfMemoryError, RangeError
from .log import _log_of
from .results import Roll

lib = n.lib
HEALTH = catalogue.HEALTH
RESTS = ["none", "natural", "hospital"]
TREATMENTS = ["first_aid", "stabilise", "medicine"]
DAY = 86400        # COPS_DAY_SECONDS
CLOCK_MAX = 2000000000  # COPS_CLOCK_MAX
_T = TypeVar("_T", bound="_Entity")


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
    def from_roll20(cls, ctx: Context, export: Union[str, List[Any], Dict[str, Any]]
                    ) -> Tuple["Character", List[Dict[str, str]]]:
        """A character from a Roll20 COPS character (docs/sheets.md, "Importing from Roll20"):
        Roll20's export or API attributes as JSON text, a list of {"name", "current", "max"} or
        a dict holding it under "attribs". Returns the character and the report: a list of
        {"attribute", "action", "detail"} saying what was dropped, corrected, kept elsewhere or
        guessed."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        if isinstance(export, (list, dict)):
            export = json.dumps(export, ensure_ascii=False)
        ptr, report = ctypes.c_void_p(), ctypes.c_void_p()
        ctx._check(lib.cops_character_from_roll20(ctypes.byref(ptr), ctx._h,
                                                  n.text(export, "export"), ctypes.byref(report)))
        character = cls(ctx, ptr.value)
        said: List[Dict[str, str]] = json.loads(n.take_text(report.value))
        return character, said

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

    def _object(self, get: Any) -> Dict[str, Any]:
        out = ctypes.c_void_p()
        self._check(get(self._h, ctypes.byref(out)))
        value: Dict[str, Any] = json.loads(n.take_text(out.value))
        return value

    def _set_object(self, put: Any, value: Union[None, str, Dict[str, Any]], what: str) -> None:
        if value is None:
            self._check(put(self._h, None))
            return
        if not isinstance(value, (str, dict)):
            raise TypeError("%s: a dict, a JSON text or None, not %s" % (what, type(value).__name__))
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        self._check(put(self._h, n.text(text, what)))

    @property
    def dossier(self) -> Dict[str, Any]:
        """The dossier (docs/sheets.md): nickname, grade, age, background, languages, history,
        experience, notes, as given and in their order; {} when there is none. Never read by
        the rules. Set with a dict or a JSON text (every field checked, all or nothing);
        None or {} clears it."""
        return self._object(lib.cops_character_dossier)

    @dossier.setter
    def dossier(self, value: Union[None, str, Dict[str, Any]]) -> None:
        self._set_object(lib.cops_character_set_dossier, value, "dossier")

    @property
    def extra(self) -> Dict[str, Any]:
        """The sheet's "extra" object: a tabletop's own data, kept and written back as it
        came, never read by the library; {} when there is none. Set with a dict or a JSON
        text; None or {} clears it."""
        return self._object(lib.cops_character_extra)

    @extra.setter
    def extra(self, value: Union[None, str, Dict[str, Any]]) -> None:
        self._set_object(lib.cops_character_set_extra, value, "extra")

    @property
    def gear(self) -> Dict[str, Any]:
        """What the sheet carries (docs/sheets.md, "The gear"): {"weapons": [{"weapon": a file's
        name or the weapon inline, "loaded", "magazines", "in_hand"}], "armour": a file's name
        or the armour inline}; {} when nothing. Set with a dict or a JSON text (checked whole,
        all or nothing; files are read from the working folder, refused when the context is
        confined); None or {} empties it."""
        return self._object(lib.cops_character_gear)

    @gear.setter
    def gear(self, value: Union[None, str, Dict[str, Any]]) -> None:
        self._set_object(lib.cops_character_set_gear, value, "gear")

    @property
    def weapons(self) -> List["Weapon"]:
        """The sheet's weapons, in order: the character's own (what a fight spends from them
        is the sheet's), each kept alive by the Weapon."""
        ctx = cast(Context, self._ctx)
        return [Weapon(ctx, lib.cops_weapon_retain(lib.cops_character_weapon(self._h, k)))
                for k in range(lib.cops_character_weapon_count(self._h))]

    @property
    def hand(self) -> Optional[int]:
        """The index of the weapon in hand (the one marked in_hand, else the first); None
        without weapons."""
        k = lib.cops_character_hand(self._h)
        return None if k < 0 else int(k)

    @property
    def armour(self) -> Optional["Armour"]:
        """The armour the sheet wears, None for none."""
        p = lib.cops_character_armour(self._h)
        return Armour(cast(Context, self._ctx), lib.cops_armour_retain(p)) if p else None

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

    @property
    def health_state(self) -> str:
        """What a board shows (cops_character_health_state): one of HEALTH_STATES,
        "healthy", "wounded", "below_half", "unconscious", "dying", "stabilised",
        "clinically_dead" or "dead"."""
        return HEALTH_STATES[self._check(lib.cops_character_health_state(self._h))]

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
            raise NotFoundError("rest must be one of %s, not %r" % (", ".join(RESTS), rest))
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
                raise NotFoundError("no relation named %r" % (relation,))
            return found
        i = n.integer(relation, "relation")
        if not 0 <= i < lib.cops_character_relation_count(self._h):
            raise RangeError("no relation %d" % i)
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
            raise NotFoundError("upkeep must be one of %s, not %r" % (", ".join(UPKEEPS), upkeep))
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


RELATION_KINDS = catalogue.RELATION_KINDS
UPKEEPS = catalogue.UPKEEPS


HEALTH_STATES = ["healthy", "wounded", "below_half", "unconscious", "dying", "stabilised",
                 "clinically_dead", "dead"]   #: cops_health_state


def _condition_names(bits: int) -> Tuple[str, ...]:
    return tuple(name for name, bit in sorted(CONDITIONS.items(), key=lambda kv: kv[1])
                 if bits & bit)


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


def _roll_flags(adrenaline: bool, not_an_action: bool) -> int:
    for name, flag in (("adrenaline", adrenaline), ("not_an_action", not_an_action)):
        if not isinstance(flag, bool):
            raise TypeError("%s must be a bool" % name)
    return (n.ADRENALINE_DIE if adrenaline else 0) | (n.NOT_AN_ACTION if not_an_action else 0)


def _points_kind(kind: str) -> int:
    kinds = {"adrenaline": 0, "anciennete": 1}
    if kind not in kinds:
        raise NotFoundError("kind must be 'adrenaline' or 'anciennete', not %r" % (kind,))
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
            raise NotFoundError(field)
        v = ctypes.c_int()
        self._check(lib.cops_weapon_get(self._h, index.value, ctypes.byref(v)))
        return v.value

    def reload(self) -> None:
        """Fill the magazine; with its spare magazines counted, one is used (RuleError when
        none is left)."""
        self._check(lib.cops_weapon_reload(self._h))

    @property
    def magazines(self) -> Optional[int]:
        """The spare magazines carried with it, None when they are not counted."""
        v = lib.cops_weapon_magazines(self._h)
        return None if v < 0 else int(v)

    @magazines.setter
    def magazines(self, value: Optional[int]) -> None:
        self._check(lib.cops_weapon_set_magazines(
            self._h, -1 if value is None else n.integer(value, "magazines")))

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
            raise NotFoundError(field)
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
