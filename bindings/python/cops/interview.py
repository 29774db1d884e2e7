"""The interview (docs/interrogations.md, COPS.md C4): an interrogator questioning a
subject — the evaluation of the first contact (C4.1), interrogation rolls and the facts they
give (C4.5, C4.8), the methods barred and the resistance raised by failures, new evidence
(C4.7) — with its log, its odds as the interrogator sees them, and its save."""

import ctypes
import os
from dataclasses import dataclass
from typing import List, Optional, Sequence, Union

from . import _native as n
from .handles import Character, Context, PathLike, _Handle
from .interrogation import ApproachOdds, Subject, _approach, _Approach, _Odds
from .results import Event

lib = n.lib
_p, _i, _ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
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


for _fn_name, _res, _args in (
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
        ("cops_interview_resume_file", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
        ("cops_trait_name", ctypes.c_char_p, [_i, _i]),
        ("cops_trait_parse", _i, [ctypes.c_char_p, _ip])):
    _fn = getattr(lib, _fn_name)
    _fn.restype, _fn.argtypes = _res, _args


def _trait(name: Union[str, int]) -> int:
    return n.parsed(lib.cops_trait_parse, name, "trait")


def _method(method: Union[str, int]) -> int:
    return n.parsed(lib.cops_skill_parse, method, "method")


def trait_name(trait: Union[str, int], lang: str = "fr") -> str:
    """A trait's name: "Sang-froid", "Nerve", "Sangre fría"; "Amical", "Friendly" ..."""
    return n.c_text(lib.cops_trait_name(_trait(trait), n.lang_code(lang)))


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
            raise ValueError("the evaluation could not be made")
        if wishes is None:
            wishes = list(range(8))
        if isinstance(wishes, (str, bytes)) or len(wishes) > 8:
            raise ValueError("wishes: a list of at most eight traits")
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
