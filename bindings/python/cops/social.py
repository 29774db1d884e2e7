"""The social side (lib/social, docs/interrogations.md, COPS.md C4): the subject an
interrogator questions, the exact odds of each approach (a method and an attitude) before
any die, and the interview that evaluates, asks and keeps what was learnt."""

import ctypes
import os
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple, Union

from . import _native as n
from . import catalogue
from .errors import InvalidArgumentError, NotFoundError, RangeError
from .base import Context, PathLike, _Handle
from .results import Event
from .sheet import Character

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
        ("cops_approach_odds", _i, [_p, _p, ctypes.POINTER(_Approach), ctypes.POINTER(_Odds)])):
    _fn = getattr(lib, _fn_name)
    _fn.restype, _fn.argtypes = _res, _args


def _characteristic(name: Union[str, int]) -> int:
    return n.parsed(lib.cops_characteristic_parse, name, "characteristic")


def _attitude(name: Union[str, int]) -> int:
    return n.parsed(lib.cops_interview_attitude_parse, name, "attitude")


def _kind(kind: str) -> int:
    if kind not in ("affinity", "deficiency"):
        raise NotFoundError("kind must be 'affinity' or 'deficiency', not %r" % (kind,))
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
            raise NotFoundError("mode must be 'dice' or 'resistance', not %r" % (mode,))
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
        raise InvalidArgumentError("the approach could not be made")
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


# The names of C4, in cops.catalogue with the other names; here too, where 0.16 had them.
attitude_name = catalogue.interview_attitude_name
method_characteristic = catalogue.method_characteristic
trait_name = catalogue.trait_name


__all__ = ["Subject", "ApproachOdds", "approach_odds", "approach_rolls", "attitude_name",
           "method_characteristic", "ATTITUDES", "METHODS"]

#: What the evaluation may reveal (C4.1), in the order of cops_trait.
TRAITS = ["Sang-froid", "Charme", "Éducation", "Agressif", "Inquisiteur", "Froid", "Poli",
          "Amical"]
RESULTS = ["won", "tied", "lost"]


class _Evaluation(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("wishes", _i * 8)] + [(f, _i) for f in (
        "nwishes", "dice_mod", "threshold_mod", "difficulty_mod", "anciennete")]


class _Result(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, _i) for f in (
        "result", "margin", "tiers", "learnt", "anciennete")]


for _iv_name, _iv_res, _iv_args in (
        ("cops_interview_new", _i, [ctypes.POINTER(_p), _p, _p, _p]),
        ("cops_interview_free", None, [_p]),
        ("cops_interview_log", _p, [_p]),
        ("cops_interview_subject", _p, [_p]),
        ("cops_interview_interrogator", _p, [_p]),
        ("cops_evaluation_init_sized", _i, [ctypes.POINTER(_Evaluation), ctypes.c_size_t]),
        ("cops_interview_evaluate", _i, [_p, ctypes.POINTER(_Evaluation), _ip]),
        ("cops_interview_evaluated", _i, [_p]),
        ("cops_interview_knows", _i, [_p, _i]),
        ("cops_interview_ask", _i, [_p, ctypes.POINTER(_Approach), ctypes.POINTER(_Result)]),
        ("cops_interview_evidence", _i, [_p]),
        ("cops_interview_barred", _i, [_p, _i]),
        ("cops_interview_resistance_up", _i, [_p]),
        ("cops_interview_learnt", _i, [_p, _i]),
        ("cops_interview_asked", _i, [_p]),
        ("cops_interview_odds", _i, [_p, ctypes.POINTER(_Approach), _i, ctypes.POINTER(_Odds)]),
        ("cops_interview_save", _i, [_p, ctypes.POINTER(_p)]),
        ("cops_interview_save_file", _i, [_p, ctypes.c_char_p]),
        ("cops_interview_resume", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
        ("cops_interview_resume_file", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p])):
    _fn = getattr(lib, _iv_name)
    _fn.restype, _fn.argtypes = _iv_res, _iv_args


def _trait(name: Union[str, int]) -> int:
    return n.parsed(lib.cops_trait_parse, name, "trait")


def _method(method: Union[str, int]) -> int:
    return n.parsed(lib.cops_skill_parse, method, "method")


@dataclass(frozen=True)
class InterviewResult:
    """What an interrogation roll gave (cops_interview_ask)."""

    result: str       #: "won", "tied" or "lost" (a tie fails too, C4.8)
    margin: int       #: the interrogator's successes less the subject's
    tiers: int        #: tiers of facts that came out: 0 none, k the tiers 0 .. k-1
    learnt: int       #: facts learnt by this roll, not known before
    anciennete: bool  #: an Ancienneté point rolled the lost roll again


class Interview(_Handle):
    """An interview (cops_interview) of a subject by an interrogator; it keeps both alive
    as long as it lives. Events name the interrogator id 0 and the subject id 1."""

    _free = lib.cops_interview_free
    _borrows = True   # closed before the characters (and subjects) it borrows

    def __init__(self, ctx: Context, subject: Subject, cop: Character) -> None:
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        if not isinstance(subject, Subject) or not isinstance(cop, Character):
            raise TypeError("Interview(ctx, subject: cops.Subject, cop: cops.Character)")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_interview_new(ctypes.byref(ptr), ctx._h, subject._h, cop._h))
        super().__init__(ptr.value, ctx)
        self._subject = subject
        self._cop = cop
        subject._users += 1
        cop._users += 1

    def _release(self) -> None:
        for thing in (self._subject, self._cop):
            thing._users -= 1
            if thing._borrowed:
                thing._ptr = None   # freed with the interview that owned it

    @classmethod
    def _adopting(cls, ctx: Context, ptr: Optional[int]) -> "Interview":
        iv = cls.__new__(cls)
        _Handle.__init__(iv, ptr, ctx)
        subject = Subject.__new__(Subject)
        _Handle.__init__(subject, lib.cops_interview_subject(ptr), ctx)
        cop = Character(ctx, lib.cops_interview_interrogator(ptr))
        for thing in (subject, cop):
            thing._borrowed = True
            thing._users += 1
        iv._subject = subject
        iv._cop = cop
        return iv

    @classmethod
    def resume(cls, ctx: Context, text: str) -> "Interview":
        """An interview rebuilt from save(): it owns its subject and interrogator."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_interview_resume(ctypes.byref(ptr), ctx._h, n.text(text, "text")))
        return cls._adopting(ctx, ptr.value)

    @classmethod
    def resume_file(cls, ctx: Context, path: PathLike) -> "Interview":
        """resume() from a file (confined by Context.confine)."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_interview_resume_file(ctypes.byref(ptr), ctx._h,
                                                  n.text(os.fspath(path), "path")))
        return cls._adopting(ctx, ptr.value)

    def save(self) -> str:
        """The interview as JSON text (schemas/interview-save.schema.json; a seeded
        context's dice go with it)."""
        out = ctypes.c_void_p()
        self._check(lib.cops_interview_save(self._h, ctypes.byref(out)))
        return n.take_text(out.value)

    def save_file(self, path: PathLike) -> None:
        """save() to a file."""
        self._check(lib.cops_interview_save_file(self._h, n.text(os.fspath(path), "path")))

    @property
    def subject(self) -> Subject:
        """The subject questioned."""
        return self._subject

    @property
    def interrogator(self) -> Character:
        """The interrogator."""
        return self._cop

    def evaluate(self, wishes: Optional[Sequence[Union[str, int]]] = None, *,
                 dice_mod: int = 0, threshold_mod: int = 0, difficulty_mod: int = 0,
                 anciennete: bool = False) -> int:
        """The first contact (C4.1), once: Psychologie/Perception (2) reveals the first of
        the wishes not known yet (traits: "Sang-froid", "Charme", "Éducation" or an
        attitude), one more per point of MR; None wishes the eight in order. Returns the
        traits revealed."""
        e = _Evaluation()
        if lib.cops_evaluation_init_sized(ctypes.byref(e), ctypes.sizeof(e)):
            raise InvalidArgumentError("the evaluation could not be made")
        if wishes is None:
            wishes = list(range(8))
        if isinstance(wishes, (str, bytes)) or len(wishes) > 8:
            raise RangeError("wishes: a list of at most eight traits")
        for k, w in enumerate(wishes):
            e.wishes[k] = _trait(w)
        e.nwishes = len(wishes)
        e.dice_mod = n.integer(dice_mod, "dice_mod")
        e.threshold_mod = n.integer(threshold_mod, "threshold_mod")
        e.difficulty_mod = n.integer(difficulty_mod, "difficulty_mod")
        if not isinstance(anciennete, bool):
            raise TypeError("anciennete must be a bool")
        e.anciennete = int(anciennete)
        out = ctypes.c_int()
        self._check(lib.cops_interview_evaluate(self._h, ctypes.byref(e), ctypes.byref(out)))
        return out.value

    @property
    def evaluated(self) -> bool:
        """The evaluation was made."""
        return bool(self._check(lib.cops_interview_evaluated(self._h)))

    def knows(self, trait: Union[str, int]) -> bool:
        """The interrogator knows the trait (its evaluation revealed it)."""
        return bool(self._check(lib.cops_interview_knows(self._h, _trait(trait))))

    @property
    def known(self) -> List[str]:
        """The traits the interrogator knows, in the order of TRAITS."""
        return [t for k, t in enumerate(TRAITS) if lib.cops_interview_knows(self._h, k) == 1]

    def ask(self, method: Union[str, int], attitude: Union[str, int], *,
            affinity: bool = False, deficiency: bool = False, dice_mod: int = 0,
            threshold_mod: int = 0, anciennete: bool = False) -> InterviewResult:
        """An interrogation roll (C4.2-C4.8) with the method ("Intimidation", "Éloquence",
        "Rhétorique") and attitude: a win reveals the facts of tiers 0 .. margin-1; a tie
        or a loss bars the method and raises the resistance (C4.7; RuleError for a method
        barred). All or nothing."""
        a = _approach(method, attitude, affinity, deficiency, 0, dice_mod, threshold_mod,
                      anciennete)
        r = _Result(size=ctypes.sizeof(_Result))
        self._check(lib.cops_interview_ask(self._h, ctypes.byref(a), ctypes.byref(r)))
        return InterviewResult(RESULTS[r.result], r.margin, r.tiers, r.learnt,
                               bool(r.anciennete))

    def evidence(self) -> None:
        """New evidence (C4.7): every method open again; the resistance increases stay."""
        self._check(lib.cops_interview_evidence(self._h))

    def barred(self, method: Union[str, int]) -> bool:
        """The method is barred on the subject after a failure (C4.7)."""
        return bool(self._check(lib.cops_interview_barred(self._h, _method(method))))

    @property
    def resistance_up(self) -> int:
        """Resistance increases from failed interrogations (C4.7)."""
        return self._check(lib.cops_interview_resistance_up(self._h))

    @property
    def asked(self) -> int:
        """Interrogation rolls made."""
        return self._check(lib.cops_interview_asked(self._h))

    @property
    def learnt(self) -> List[str]:
        """The facts learnt, in the subject's order."""
        facts = self._subject.facts
        return [text for i, (_, text) in enumerate(facts)
                if self._check(lib.cops_interview_learnt(self._h, i))]

    def odds(self, method: Union[str, int], attitude: Union[str, int], *, gm: bool = False,
             affinity: bool = False, deficiency: bool = False, dice_mod: int = 0,
             threshold_mod: int = 0, anciennete: bool = False) -> ApproachOdds:
        """The exact odds of an approach as the interrogator sees them (an unknown
        characteristic 2, reaction 0, no resistance modifier), or with gm=True as they are;
        the interview's resistance increases counted. No die is drawn."""
        if not isinstance(gm, bool):
            raise TypeError("gm must be a bool")
        a = _approach(method, attitude, affinity, deficiency, 0, dice_mod, threshold_mod,
                      anciennete)
        o = _Odds(size=ctypes.sizeof(_Odds))
        self._check(lib.cops_interview_odds(self._h, ctypes.byref(a), int(gm), ctypes.byref(o)))
        return ApproachOdds(o.win, o.tie, o.lose, list(o.tier), o.mean_tiers)

    def jsonl(self) -> str:
        """The events as JSON Lines, byte for byte as the C library writes them."""
        out = ctypes.c_void_p()
        self._check(lib.cops_log_to_jsonl(lib.cops_interview_log(self._h), 0,
                                          ctypes.byref(out)))
        return n.take_text(out.value)

    @property
    def events(self) -> List[Event]:
        """The events (docs/events.md)."""
        return [Event.from_json(line) for line in self.jsonl().splitlines()]

    def narrate(self, lang: str = "fr") -> str:
        """The events told for players, in "fr", "en" or "es"."""
        out = ctypes.c_void_p()
        self._check(lib.cops_log_narrate(lib.cops_interview_log(self._h), 0,
                                         n.lang_code(lang), ctypes.byref(out)))
        return n.take_text(out.value)


__all__ = ["Interview", "InterviewResult", "TRAITS", "trait_name"]
