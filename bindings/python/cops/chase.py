"""Chases (docs/chases.md, COPS.md C7): white and black chase dice that persist from round
to round, declarations, the outcomes of C7.3 pair by pair, crash tests through the caller's
table, distance bands and the end of a chase."""

import ctypes
from dataclasses import dataclass
from typing import Callable, List, Optional, Tuple, Union, cast

from . import _native as n
from . import catalogue
from .errors import InvalidArgumentError, NotFoundError, StateError
import os

from .attack import Outcome, _new_outcome, _outcome, _situation, _Situation
from .base import Checkpoint, Context, PathLike, _Handle
from .sheet import HEALTH_STATES, Armour, Character, Weapon, _condition_names
from .results import ChaserState, Event

lib = n.lib
_p, _i, _ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
ROLES = ["pursued", "pursuer"]
BANDS = catalogue.BANDS
STATES = ["in", "lost", "stopped", "wrecked"]
RESULTS = ["going", "caught", "escaped"]
CRASH_MODES = ["each", "one_plus"]
ANCIENNETE = 0x200  # COPS_CHASE_ANCIENNETE
CRASH_FN = ctypes.CFUNCTYPE(_i, _p, _i, _i, _ip, _i, _ip)
PASSENGER_ID0 = 16  # COPS_PASSENGER_ID0: passenger k has id 16 + k


class _ChaserState(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("id", _i), ("tag", ctypes.c_char_p),
                ("name", ctypes.c_char_p)] + \
        [(f, _i) for f in ("passenger", "rides_with", "role", "state")] + \
        [("vehicle", ctypes.c_char_p)] + \
        [(f, _i) for f in ("white", "black", "band", "declared", "hp", "max_hp", "health_state")] + \
        [("conditions", ctypes.c_uint)]


class _Declaration(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("successes", _i), ("blacken", _i),
                ("flags", ctypes.c_uint), ("dice_mod", _i), ("threshold_mod", _i),
                ("difficulty_mod", _i)]


class _RoundOdds(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_double) for f in (
        "success", "other_success", "both", "only_mine", "only_other", "neither", "loss",
        "other_loss", "crash")]


@dataclass(frozen=True)
class ChaseOdds:
    """The exact odds of a round for a pair (cops_chase_odds)."""

    success: float        #: the participant's roll succeeds
    other_success: float  #: the other's
    both: float           #: both succeed (C7.3)
    only_mine: float      #: only the participant succeeds
    only_other: float     #: only the other succeeds
    neither: float        #: both fail
    loss: float           #: dice the participant loses, on average
    other_loss: float     #: dice the other loses, on average
    crash: float          #: a crash test for the participant (C7.2)


for _fn_name, _res, _args in (
        ("cops_chase_new", _i, [ctypes.POINTER(_p), _p]),
        ("cops_chase_free", None, [_p]),
        ("cops_chase_add", _i, [_p, _p, ctypes.c_char_p, _i, ctypes.c_char_p, _i, _ip]),
        ("cops_chase_count", _i, [_p]),
        ("cops_chase_character", _p, [_p, _i]),
        ("cops_chase_role", _i, [_p, _i]),
        ("cops_chase_state", _i, [_p, _i]),
        ("cops_chase_dice", _i, [_p, _i, _ip, _ip]),
        ("cops_chase_adjust", _i, [_p, _i, _i]),
        ("cops_chase_band", _i, [_p, _i, _ip]),
        ("cops_chase_chooser", _i, [_p, _i, _ip]),
        ("cops_chase_declaration_init_sized", _i, [ctypes.POINTER(_Declaration),
                                                   ctypes.c_size_t, _i]),
        ("cops_chase_declare", _i, [_p, _i, ctypes.POINTER(_Declaration)]),
        ("cops_chase_resolve_round", _i, [_p]),
        ("cops_chase_round", _i, [_p]),
        ("cops_chase_result", _i, [_p]),
        ("cops_chase_set_crash_mode", _i, [_p, _i]),
        ("cops_chase_set_crash_callback", _i, [_p, _p, _p]),
        ("cops_chase_wreck", _i, [_p, _i]),
        ("cops_chase_log", _p, [_p]),
        ("cops_chase_odds", _i, [_p, _i, ctypes.POINTER(_Declaration), _i,
                                 ctypes.POINTER(_Declaration), ctypes.POINTER(_RoundOdds)]),
        ("cops_chase_suggest", _i, [_p, _i, ctypes.POINTER(_Declaration)]),
        ("cops_chase_run", _i, [_p]),
        ("cops_chase_set_maluses", _i, [_p, _i, _i]),
        ("cops_chase_shot_malus", _i, [_p, _i, _ip]),
        ("cops_chase_add_passenger", _i, [_p, _i, _p, _ip]),
        ("cops_chase_passengers", _i, [_p]),
        ("cops_chase_passenger", _p, [_p, _i, _ip]),
        ("cops_chase_act", _i, [_p, _i, _i, ctypes.POINTER(_Situation), _p]),
        ("cops_chase_set_max_rounds", _i, [_p, _i]),
        ("cops_chase_max_rounds", _i, [_p]),
        ("cops_chase_name", ctypes.c_char_p, [_p]),
        ("cops_chase_load", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
        ("cops_chase_save", _i, [_p, ctypes.POINTER(_p)]),
        ("cops_chase_save_file", _i, [_p, ctypes.c_char_p]),
        ("cops_chase_resume", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
        ("cops_chase_resume_file", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
        ("cops_chase_from_json", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p,
                                      ctypes.c_char_p])):
    _fn = getattr(lib, _fn_name)
    _fn.restype, _fn.argtypes = _res, _args


class Chase(_Handle):
    """A chase (cops_chase). It keeps its participants' characters alive as long as it
    lives."""

    _free = lib.cops_chase_free
    _borrows = True   # closed before the characters (and subjects) it borrows

    def __init__(self, ctx: Context) -> None:
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_chase_new(ctypes.byref(ptr), ctx._h))
        super().__init__(ptr.value, ctx)
        self._kept: List[Character] = []
        self._riders: List[Character] = []
        self._crash: Optional[object] = None

    def _release(self) -> None:
        for thing in self._kept + self._riders:
            thing._users -= 1
            if thing._borrowed:
                thing._ptr = None   # freed with the chase that owned it
        self._kept = []
        self._riders = []

    @classmethod
    def _adopting(cls, ctx: Context, ptr: Optional[int]) -> "Chase":
        chase = cls.__new__(cls)
        _Handle.__init__(chase, ptr, ctx)
        chase._kept = []
        chase._riders = []
        chase._crash = None
        # The characters a chase file made belong to the chase: borrowed handles.
        for i in range(lib.cops_chase_count(ptr)):
            ch = Character(ctx, lib.cops_chase_character(ptr, i))
            ch._borrowed = True
            ch._users += 1
            chase._kept.append(ch)
        for k in range(lib.cops_chase_passengers(ptr)):
            ch = Character(ctx, lib.cops_chase_passenger(ptr, PASSENGER_ID0 + k, None))
            ch._borrowed = True
            ch._users += 1
            chase._riders.append(ch)
        return chase

    @classmethod
    def load(cls, ctx: Context, path: PathLike) -> "Chase":
        """A chase file (docs/chases.md): its participants, crash table, round cap and
        script; the chase owns the characters it read (character(id) gives them)."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_chase_load(ctypes.byref(ptr), ctx._h,
                                       n.text(os.fspath(path), "path")))
        return cls._adopting(ctx, ptr.value)

    @classmethod
    def from_json(cls, ctx: Context, text: str, base_dir: Optional[PathLike] = None) -> "Chase":
        """A chase file's text; sheets named by file are read from base_dir."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_chase_from_json(
            ctypes.byref(ptr), ctx._h, n.text(text, "text"),
            n.text(os.fspath(base_dir), "base_dir") if base_dir is not None else None))
        return cls._adopting(ctx, ptr.value)

    def save(self) -> str:
        """The chase between rounds as JSON text, to resume it with Chase.resume()
        (cops_chase_save; a seeded context's dice go with it)."""
        out = ctypes.c_void_p()
        self._check(lib.cops_chase_save(self._h, ctypes.byref(out)))
        return n.take_text(out.value)

    def save_file(self, path: PathLike) -> None:
        """save() to a file."""
        self._check(lib.cops_chase_save_file(self._h, n.text(os.fspath(path), "path")))

    @classmethod
    def resume(cls, ctx: Context, text: str) -> "Chase":
        """A chase rebuilt from save(): it owns its characters (character(id))."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_chase_resume(ctypes.byref(ptr), ctx._h, n.text(text, "text")))
        return cls._adopting(ctx, ptr.value)

    @classmethod
    def resume_file(cls, ctx: Context, path: PathLike) -> "Chase":
        """resume() from a file (confined by Context.confine)."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_chase_resume_file(ctypes.byref(ptr), ctx._h,
                                              n.text(os.fspath(path), "path")))
        return cls._adopting(ctx, ptr.value)

    @property
    def name(self) -> str:
        """The chase file's name ("" for a chase made by hand)."""
        return n.c_text(lib.cops_chase_name(self._h))

    def run(self) -> None:
        """Play rounds to the end or the round cap: the file's scripted declarations, else
        the default policy's, for those who have not declared (cops_chase_run)."""
        self._check(lib.cops_chase_run(self._h))

    def set_max_rounds(self, rounds: int) -> None:
        """The round cap of run(), 1..10000."""
        self._check(lib.cops_chase_set_max_rounds(self._h, n.integer(rounds, "rounds")))

    @property
    def max_rounds(self) -> int:
        """The round cap of run()."""
        return self._check(lib.cops_chase_max_rounds(self._h))

    def add(self, character: Character, skill: str, role: str = "pursuer",
            vehicle: Optional[str] = None, white: int = 4) -> int:
        """A participant before the first round: the chase roll without its difficulty
        ("Conduite [voiture]/Réflexes"), "pursued" (one) or "pursuer", a vehicle's name or
        None on foot, the GM's white dice 4..6 (C7). Returns its id."""
        if not isinstance(character, Character):
            raise TypeError("character must be a cops.Character")
        if role not in ROLES:
            raise NotFoundError("role must be 'pursued' or 'pursuer', not %r" % (role,))
        ident = ctypes.c_int()
        self._check(lib.cops_chase_add(
            self._h, character._h, n.text(skill, "skill"), ROLES.index(role),
            n.text(vehicle, "vehicle") if vehicle is not None else None,
            n.integer(white, "white"), ctypes.byref(ident)))
        self._kept.append(character)
        character._users += 1
        return ident.value

    @property
    def count(self) -> int:
        """Participants."""
        return self._check(lib.cops_chase_count(self._h))

    def _id(self, ident: int) -> int:
        ident = n.integer(ident, "id")
        if not 0 <= ident < self.count:
            raise InvalidArgumentError("no participant %d" % ident)
        return ident

    def character(self, ident: int) -> Character:
        """The participant's character (the one given to add())."""
        return self._kept[self._id(ident)]

    def role(self, ident: int) -> str:
        """"pursued" or "pursuer"."""
        return ROLES[self._check(lib.cops_chase_role(self._h, self._id(ident)))]

    def set_tag(self, ident: int, tag: Optional[str]) -> None:
        """Tag a participant or a passenger (PASSENGER_ID0 + k) with the caller's own id for
        it, as Encounter.set_tag does (cops_chase_set_tag); None or "" removes it."""
        self._check(lib.cops_chase_set_tag(self._h, n.integer(ident, "id"),
                                           None if tag is None else n.text(tag, "tag")))

    def tag(self, ident: int) -> Optional[str]:
        """The tag of a participant or passenger, None for none."""
        t = lib.cops_chase_tag(self._h, n.integer(ident, "id"))
        return n.c_text(t) if t else None

    def find_tag(self, tag: str) -> int:
        """The id tagged tag; NotFoundError when none is."""
        return self._check(lib.cops_chase_find_tag(self._h, n.text(tag, "tag")))

    def board_state(self, ident: int) -> ChaserState:
        """Everything a board shows of a participant or passenger, as a value
        (cops_chase_board_state)."""
        s = _ChaserState()
        lib.cops_chaser_state_init_sized(ctypes.byref(s), ctypes.sizeof(s))
        self._check(lib.cops_chase_board_state(self._h, n.integer(ident, "id"), ctypes.byref(s)))
        return ChaserState(
            id=s.id, tag=n.c_text(s.tag) if s.tag else None,
            name=n.c_text(s.name) if s.name else None, passenger=bool(s.passenger),
            rides_with=None if s.rides_with < 0 else s.rides_with, role=ROLES[s.role],
            state=STATES[s.state], vehicle=n.c_text(s.vehicle) if s.vehicle else None,
            white=s.white, black=s.black, band=None if s.band < 0 else BANDS[s.band],
            declared=bool(s.declared), hp=s.hp, max_hp=s.max_hp,
            health_state=HEALTH_STATES[s.health_state],
            conditions=_condition_names(s.conditions))

    def snapshot(self) -> str:
        """The whole chase as JSON text (cops_chase_snapshot, schemas/snapshot.schema.json)."""
        out = ctypes.c_void_p()
        self._check(lib.cops_chase_snapshot(self._h, ctypes.byref(out)))
        return n.take_text(out.value)

    def checkpoint(self) -> Checkpoint:
        """The chase as it is now, to roll back to with rollback() (cops_chase_checkpoint)."""
        ptr = ctypes.c_void_p()
        self._check(lib.cops_chase_checkpoint(self._h, ctypes.byref(ptr)))
        return Checkpoint(ptr.value, self._ctx)

    def rollback(self, checkpoint: Checkpoint) -> None:
        """Back to checkpoint, exactly (cops_chase_rollback); participants and passengers
        added since leave."""
        if not isinstance(checkpoint, Checkpoint):
            raise TypeError("checkpoint must be a cops.Checkpoint")
        self._check(lib.cops_chase_rollback(self._h, checkpoint._h))

    def state(self, ident: int) -> str:
        """"in", "lost" (a pursuer at 0 dice), "stopped" (the pursued at 0), "wrecked"."""
        return STATES[self._check(lib.cops_chase_state(self._h, self._id(ident)))]

    def dice(self, ident: int) -> Tuple[int, int]:
        """(white, black) chase dice held."""
        w, b = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_chase_dice(self._h, self._id(ident), ctypes.byref(w),
                                        ctypes.byref(b)))
        return w.value, b.value

    def adjust(self, ident: int, delta: int) -> None:
        """The GM adds white dice (delta > 0) or removes dice, white first (C7.5)."""
        self._check(lib.cops_chase_adjust(self._h, self._id(ident), n.integer(delta, "delta")))

    def band(self, pursuer: int) -> str:
        """The distance band of a pursuer and the pursued (C7.1): "short",
        "intermediate" or "long"."""
        v = ctypes.c_int()
        self._check(lib.cops_chase_band(self._h, self._id(pursuer), ctypes.byref(v)))
        return BANDS[v.value]

    def set_maluses(self, small: int, large: int) -> None:
        """The dice small and large maluses take off a passenger's shot (C7.1 RULING;
        1 and 3 by default)."""
        self._check(lib.cops_chase_set_maluses(self._h, n.integer(small, "small"),
                                               n.integer(large, "large")))

    def shot_malus(self, pursuer: int) -> int:
        """The dice modifier of a shot between a pursuer and the pursued at their band,
        for cops.attack(dice_mod=...); RuleError at long distance (C7.1)."""
        v = ctypes.c_int()
        self._check(lib.cops_chase_shot_malus(self._h, self._id(pursuer), ctypes.byref(v)))
        return v.value

    def chooser(self, pursuer: int) -> int:
        """Who of a pursuer and the pursued chooses the order of declarations (C7)."""
        v = ctypes.c_int()
        self._check(lib.cops_chase_chooser(self._h, self._id(pursuer), ctypes.byref(v)))
        return v.value

    @staticmethod
    def _decl(successes: int, blacken: int = 0, adrenaline: bool = False,
              anciennete: bool = False, dice_mod: int = 0, threshold_mod: int = 0,
              difficulty_mod: int = 0) -> _Declaration:
        for flag, what in ((adrenaline, "adrenaline"), (anciennete, "anciennete")):
            if not isinstance(flag, bool):
                raise TypeError("%s must be a bool" % what)
        d = _Declaration()
        lib.cops_chase_declaration_init_sized(ctypes.byref(d), ctypes.sizeof(d),
                                              n.integer(successes, "successes"))
        d.blacken = n.integer(blacken, "blacken")
        d.flags = (n.ADRENALINE_DIE if adrenaline else 0) | (ANCIENNETE if anciennete else 0)
        d.dice_mod = n.integer(dice_mod, "dice_mod")
        d.threshold_mod = n.integer(threshold_mod, "threshold_mod")
        d.difficulty_mod = n.integer(difficulty_mod, "difficulty_mod")
        return d

    def declare(self, ident: int, successes: int, blacken: int = 0, adrenaline: bool = False,
                anciennete: bool = False, dice_mod: int = 0, threshold_mod: int = 0,
                difficulty_mod: int = 0) -> None:
        """Declare for the next round: successes (at least 1), how many of the dice lost
        are white dice turned black instead (C7.2), an Adrénaline die, an Ancienneté
        re-roll on a failure, the GM's modifiers (C1.7)."""
        d = self._decl(successes, blacken, adrenaline, anciennete, dice_mod, threshold_mod,
                       difficulty_mod)
        self._check(lib.cops_chase_declare(self._h, self._id(ident), ctypes.byref(d)))

    def odds(self, ident: int, successes: int, other: int, other_successes: int,
             anciennete: bool = False, other_anciennete: bool = False) -> ChaseOdds:
        """The exact odds of a round between a participant and the other of its pair for
        two declarations, no die drawn (cops_chase_odds)."""
        mine = self._decl(successes, anciennete=anciennete)
        theirs = self._decl(other_successes, anciennete=other_anciennete)
        o = _RoundOdds()
        o.size = ctypes.sizeof(o)
        self._check(lib.cops_chase_odds(self._h, self._id(ident), ctypes.byref(mine),
                                        self._id(other), ctypes.byref(theirs), ctypes.byref(o)))
        return ChaseOdds(*(getattr(o, f) for f, _ in _RoundOdds._fields_[1:]))

    def suggest(self, ident: int) -> Tuple[int, int]:
        """The default policy's declaration: (successes, blacken) (cops_chase_suggest)."""
        d = self._decl(1)
        self._check(lib.cops_chase_suggest(self._h, self._id(ident), ctypes.byref(d)))
        return d.successes, d.blacken

    def resolve_round(self) -> None:
        """Resolve a round (C7 steps 3-4); all or nothing."""
        self._check(lib.cops_chase_resolve_round(self._h))

    @property
    def round(self) -> int:
        """Rounds resolved."""
        return self._check(lib.cops_chase_round(self._h))

    @property
    def result(self) -> str:
        """"going", "caught" or "escaped"."""
        return RESULTS[self._check(lib.cops_chase_result(self._h))]

    def set_crash_mode(self, mode: str) -> None:
        """"each" (one d6 per failed black die) or "one_plus" (one d6 plus the failures)."""
        if mode not in CRASH_MODES:
            raise NotFoundError("mode must be 'each' or 'one_plus', not %r" % (mode,))
        self._check(lib.cops_chase_set_crash_mode(self._h, CRASH_MODES.index(mode)))

    def set_crash_callback(self, fn: Optional[Callable[[int, int, List[int]], bool]]) -> None:
        """The caller's crash-test table (C7.2): fn(id, failed black dice, d6 results) ->
        True when the participant wrecks. An exception fails the round (nothing changes)
        and is raised by it. None removes it."""
        if fn is None:
            self._check(lib.cops_chase_set_crash_callback(self._h, None, None))
            self._crash = None
            return
        if not callable(fn):
            raise TypeError("the callback must be callable")
        ctx: Context = cast(Context, self._ctx)
        table: Callable[[int, int, List[int]], bool] = fn

        def trampoline(_user: object, ident: int, failed: int, d6: object, count: int,
                       wrecked: object) -> int:
            ctx._in_callback += 1
            try:
                faces = cast(ctypes.Array[ctypes.c_int], d6)
                answer = table(ident, failed, [faces[k] for k in range(count)])
                if not isinstance(answer, bool):
                    raise TypeError("the crash callback returned %r, not a bool" % (answer,))
                cast(ctypes.Array[ctypes.c_int], wrecked)[0] = int(answer)
                return 0
            except BaseException as exc:  # reported after C returns
                ctx._callback_error = exc
                return StateError.code
            finally:
                ctx._in_callback -= 1

        self._crash = CRASH_FN(trampoline)
        self._check(lib.cops_chase_set_crash_callback(
            self._h, ctypes.cast(self._crash, ctypes.c_void_p), None))

    def add_passenger(self, vehicle: int, character: Character) -> int:
        """A passenger rides participant vehicle's vehicle (C7 step 5): it rolls no chase
        die and shoots with act(). Before the first round. Returns its id, 16 + k."""
        if not isinstance(character, Character):
            raise TypeError("character must be a cops.Character")
        ident = ctypes.c_int()
        self._check(lib.cops_chase_add_passenger(self._h, self._id(vehicle), character._h,
                                                 ctypes.byref(ident)))
        self._riders.append(character)
        character._users += 1
        return ident.value

    @property
    def passengers(self) -> int:
        """Passengers."""
        return self._check(lib.cops_chase_passengers(self._h))

    def passenger(self, ident: int) -> Tuple[Character, int]:
        """A passenger's character and the participant it rides with."""
        ident = n.integer(ident, "id")
        if not 0 <= ident - PASSENGER_ID0 < self.passengers:
            raise InvalidArgumentError("no passenger %d" % ident)
        vehicle = ctypes.c_int()
        lib.cops_chase_passenger(self._h, ident, ctypes.byref(vehicle))
        return self._riders[ident - PASSENGER_ID0], vehicle.value

    def act(self, actor: int, target: int, *, mode: Union[str, int] = "single",
            weapon: Optional[Weapon] = None, armour: Optional[Armour] = None,
            distance: int = 0, attitude: Union[str, int] = "Normal",
            target_attitude: Union[str, int] = "Normal", dice_mod: int = 0,
            threshold_mod: int = 0, difficulty_mod: int = 0) -> Outcome:
        """A secondary action after a round (C7 step 5, cops_chase_act): a passenger's or a
        runner's shot at the band's malus (distance: the GM's metres), or close combat on
        foot at short distance ("throw" or "hold" for a tackle), through the attack
        procedures. A driver down wrecks; a runner thrown or held is caught. All or
        nothing."""
        actor = n.integer(actor, "actor")
        if 0 <= actor - PASSENGER_ID0 < self.passengers:
            who = self._riders[actor - PASSENGER_ID0]
        else:
            who = self.character(actor)
        victim = self.character(target)
        ctx = cast(Context, self._ctx)
        s = _situation(ctx, who, victim, mode=mode, weapon=weapon, armour=armour,
                       distance=distance, attitude=attitude, target_attitude=target_attitude,
                       dice_mod=dice_mod, threshold_mod=threshold_mod,
                       difficulty_mod=difficulty_mod)
        handle = _new_outcome(ctx)
        self._check(lib.cops_chase_act(self._h, actor, target, ctypes.byref(s), handle._h))
        return _outcome(handle._h, who, victim, handle)

    def wreck(self, ident: int) -> None:
        """The GM says a participant wrecks (C7.4)."""
        self._check(lib.cops_chase_wreck(self._h, self._id(ident)))

    def jsonl(self) -> str:
        """The events as JSON Lines, byte for byte as the C library writes them."""
        out = ctypes.c_void_p()
        self._check(lib.cops_log_to_jsonl(lib.cops_chase_log(self._h), 0, ctypes.byref(out)))
        return n.take_text(out.value)

    @property
    def events(self) -> List[Event]:
        """The events (docs/events.md)."""
        return [Event.from_json(line) for line in self.jsonl().splitlines()]

    def narrate(self, lang: str = "fr") -> str:
        """The events told for players, in "fr", "en" or "es"."""
        out = ctypes.c_void_p()
        self._check(lib.cops_log_narrate(lib.cops_chase_log(self._h), 0, n.lang_code(lang),
                                         ctypes.byref(out)))
        return n.take_text(out.value)


band_name = catalogue.chase_band_name   # cops.catalogue.chase_band_name, here since 0.11
