"""cops.st.Fight: a whole Storyteller fight (docs/storyteller.md, "Fights";
<cops/st-fight.h>): rounds of initiative and turns at each rank, the default policy for
the fighters nobody declares for, fight files for scenarios and saves.

    import cops
    with cops.Context() as ctx:
        fight = cops.st.Fight.load(ctx, "examples/st/scenarios/street-brawl.json")
        fight.run()
        print(fight.narrate("en"), fight.winner)
"""

import ctypes
import json
from dataclasses import dataclass
import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _native as n
from .errors import InvalidArgumentError, NotFoundError, RangeError
from .fight_base import _ModuleFight
from .base import Context, _Handle, _policy_code
from .st_core import (CALLED, GRAPPLE_EFFECTS, Character, Rules, _Rules, _bind, _index, _need,
                 _rules, _weapon_index)

lib = n.lib

ACTIONS = ("nothing", "attack", "grapple", "total_defense", "aim", "coup_de_grace")
TACTICS = ("strike", "grapple", "aim", "defend")
NERVES = ("acts", "spent", "restricted", "out")   #: cops_st_nerves
_TOUCH, _BURST = 0x1, 0x2


class _Declaration(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("action", ctypes.c_int), ("target", ctypes.c_int),
                ("weapon", ctypes.c_int), ("flags", ctypes.c_uint)] + [
                    (f, ctypes.c_int) for f in ("called", "bonus", "cover", "moving", "x", "y",
                                                "prone", "after")] + [
                    ("effects", ctypes.c_int * 2), ("bite", ctypes.c_int)]


_FIGHTER_FIELDS = ("side", "x", "y", "able", "out", "initiative", "rank", "acted", "delayed",
                   "roll_used", "moves_used", "automatic_used", "facing", "attackers", "cover",
                   "cover_used", "total_defense", "aim", "aim_target", "surprised", "prone",
                   "nerve", "grapple", "spend", "tactic", "policy")


class _Fighter(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in _FIGHTER_FIELDS]


class _GrappleState(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in (
        "active", "hold", "shield", "controller", "weapon_owner", "weapon")]


_p, _i, _ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
_dp = ctypes.POINTER(_Declaration)
_bind({
    "cops_st_declaration_init_sized": (_i, [_dp, ctypes.c_size_t, _i]),
    "cops_st_fight_action_name": (ctypes.c_char_p, [_i]),
    "cops_st_fight_action_parse": (_i, [ctypes.c_char_p, _ip]),
    "cops_st_fight_tactic_name": (ctypes.c_char_p, [_i]),
    "cops_st_fight_tactic_parse": (_i, [ctypes.c_char_p, _ip]),
    "cops_st_fight_new": (_i, [ctypes.POINTER(_p), _p, ctypes.POINTER(_Rules)]),
    "cops_st_fight_free": (None, [_p]),
    "cops_st_fight_add": (_i, [_p, _p, _i, _i, _i, _ip]),
    "cops_st_fight_set_side_name": (_i, [_p, _i, ctypes.c_char_p]),
    "cops_st_fight_side_name": (ctypes.c_char_p, [_p, _i]),
    "cops_st_fight_set_cover": (_i, [_p, _i, _i]),
    "cops_st_fight_set_surprised": (_i, [_p, _i, _i]),
    "cops_st_fight_set_prone": (_i, [_p, _i, _i]),
    "cops_st_fight_set_position": (_i, [_p, _i, _i, _i]),
    "cops_st_fight_set_spend": (_i, [_p, _i, _i]),
    "cops_st_fight_set_out": (_i, [_p, _i, _i]),
    "cops_st_fight_set_tactic": (_i, [_p, _i, _i]),
    "cops_st_fight_set_policy": (_i, [_p, _i, _i]),
    "cops_st_fight_set_side_policy": (_i, [_p, _i, _i]),
    "cops_st_fight_policy": (_i, [_p, _i]),
    "cops_st_fight_set_max_rounds": (_i, [_p, _i]),
    "cops_st_fight_set_logging": (_i, [_p, _i]),
    "cops_st_fight_log": (_p, [_p]),
    "cops_st_fight_seed": (_i, [_p, ctypes.c_uint64]),
    "cops_st_fight_rules": (_i, [_p, ctypes.POINTER(_Rules)]),
    "cops_st_fight_count": (_i, [_p]),
    "cops_st_fight_character": (_p, [_p, _i]),
    "cops_st_fight_distance": (_i, [_p, _i, _i]),
    "cops_st_fight_fighter": (_i, [_p, _i, ctypes.POINTER(_Fighter)]),
    "cops_st_fight_grapple": (_i, [_p, _i, ctypes.POINTER(_GrappleState), _ip, _ip]),
    "cops_st_fight_begin_round": (_i, [_p]),
    "cops_st_fight_order": (_i, [_p, _ip, _i, _ip]),
    "cops_st_fight_declare": (_i, [_p, _i, _dp]),
    "cops_st_fight_suggest": (_i, [_p, _i, _dp]),
    "cops_st_fight_next": (_i, [_p, _ip]),
    "cops_st_fight_step": (_i, [_p, _ip]),
    "cops_st_fight_resolve_round": (_i, [_p]),
    "cops_st_fight_run_round": (_i, [_p]),
    "cops_st_fight_run": (_i, [_p]),
    "cops_st_fight_reset": (_i, [_p]),
    "cops_st_fight_round": (_i, [_p]),
    "cops_st_fight_over": (_i, [_p]),
    "cops_st_fight_winner": (_i, [_p, _ip]),
    "cops_st_fight_save": (_i, [_p, ctypes.POINTER(_p)]),
    "cops_st_fight_from_json": (_i, [ctypes.POINTER(_p), _p, ctypes.c_char_p, ctypes.c_char_p]),
    "cops_st_fight_load": (_i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
    "cops_st_fight_name": (ctypes.c_char_p, [_p]),
})


@dataclass(frozen=True)
class Declaration:
    """A fighter's turn (cops_st_declaration, ST §1): its roll action ("nothing",
    "attack", "grapple", "total_defense", "aim", "coup_de_grace"), a move before it to
    move_to=(x, y), going prone ("down") or getting up ("up"), a delay after another
    fighter, a grapple's wished effects and a bite. cover None uses all the Cover."""

    action: str = "nothing"
    target: Optional[int] = None
    weapon: Union[None, int, str] = None
    touch: bool = False
    burst: bool = False
    called: str = "body"
    bonus: int = 0
    cover: Optional[int] = None
    move_to: Optional[Tuple[int, int]] = None
    prone: Optional[str] = None
    after: Optional[int] = None
    effects: Tuple[str, ...] = ()
    bite: bool = False

    def _c(self, ch: Character) -> _Declaration:
        d = _Declaration()
        if lib.cops_st_declaration_init_sized(ctypes.byref(d), ctypes.sizeof(d), 0):
            raise InvalidArgumentError("the library refuses the declaration's size")
        code = ctypes.c_int()
        if lib.cops_st_fight_action_parse(n.text(self.action, "action"), ctypes.byref(code)):
            raise NotFoundError("%s: unknown action (%s)" % (self.action, ", ".join(ACTIONS)))
        d.action = code.value
        d.target = -1 if self.target is None else n.integer(self.target, "target")
        d.weapon = _weapon_index(ch, self.weapon)
        d.flags = (_TOUCH if self.touch else 0) | (_BURST if self.burst else 0)
        d.called = _index(CALLED, self.called, "called shot")
        d.bonus = n.integer(self.bonus, "bonus")
        d.cover = -1 if self.cover is None else n.integer(self.cover, "cover")
        if self.move_to is not None:
            d.moving = 1
            d.x, d.y = (n.integer(v, "move_to") for v in self.move_to)
        if self.prone not in (None, "down", "up"):
            raise InvalidArgumentError('prone must be None, "down" or "up", not %r' % (self.prone,))
        d.prone = {None: 0, "down": 1, "up": -1}[self.prone]
        d.after = -1 if self.after is None else n.integer(self.after, "after")
        wished = [_index(GRAPPLE_EFFECTS, e, "grapple effect") for e in self.effects]
        if len(wished) > 2:
            raise RangeError("two effects at most")
        d.effects[0] = wished[0] if wished else -1
        d.effects[1] = wished[1] if len(wished) > 1 else -1
        d.bite = int(bool(self.bite))
        return d

    @classmethod
    def _of(cls, d: _Declaration, ch: Character) -> "Declaration":
        name = lib.cops_st_fight_action_name(d.action)
        return cls(name.decode(), None if d.target < 0 else d.target,
                   None if d.weapon < 0 else ch.weapons[d.weapon].name,
                   bool(d.flags & _TOUCH), bool(d.flags & _BURST), CALLED[d.called], d.bonus,
                   None if d.cover < 0 else d.cover, (d.x, d.y) if d.moving else None,
                   {0: None, 1: "down", -1: "up"}[d.prone], None if d.after < 0 else d.after,
                   tuple(GRAPPLE_EFFECTS[e] for e in d.effects if e >= 0), bool(d.bite))


@dataclass(frozen=True)
class Fighter:
    """A fighter's state (cops_st_fighter, ST-M3). Ids of other fighters are None for none;
    nerve is one of NERVES, tactic one of TACTICS and policy one of cops.POLICIES."""

    side: int
    x: int
    y: int
    able: bool
    out: bool
    initiative: int
    rank: Optional[int]
    acted: bool
    delayed: bool
    roll_used: int
    moves_used: int
    automatic_used: int
    facing: Optional[int]
    attackers: int
    cover: int
    cover_used: int
    total_defense: int
    aim: int
    aim_target: Optional[int]
    surprised: bool
    prone: bool
    nerve: str
    grapple: Optional[int]
    spend: bool
    tactic: str
    policy: str


@dataclass(frozen=True)
class GrappleState:
    """The grapple a fighter is in: its two fighters (first, second) and who ("first",
    "second" or None) holds a submission hold, uses the other as a shield, controls a
    weapon."""

    first: int
    second: int
    hold: Optional[str]
    shield: Optional[str]
    controller: Optional[str]


def _side_of(v: int) -> Optional[str]:
    return (None, "first", "second")[v]


class Fight(_ModuleFight):
    """A Storyteller fight (cops_st_fight). It keeps the characters added to it alive as
    long as it lives; a fight read from a file owns its characters (character(id))."""

    _module = "st"

    _free = getattr(lib, "cops_st_fight_free", None)
    _borrows = True   # closed before the characters when the context closes

    def __init__(self, ctx: Context, rules: Optional[Rules] = None) -> None:
        _need()
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_st_fight_new(ctypes.byref(ptr), ctx._h, _rules(rules)))
        super().__init__(ptr.value, ctx)
        self._kept: List[Character] = []
        self._chars: List[Character] = []

    def _keep(self, ch: Character) -> None:
        self._kept.append(ch)
        ch._users += 1

    def _release(self) -> None:
        for ch in self._kept:
            ch._users -= 1
            if ch._borrowed:
                ch._ptr = None   # freed with the fight that owned it
        self._kept = []

    @classmethod
    def _adopting(cls, ctx: Context, ptr: Optional[int]) -> "Fight":
        f = cls.__new__(cls)
        _Handle.__init__(f, ptr, ctx)
        f._kept, f._chars = [], []
        for i in range(lib.cops_st_fight_count(ptr)):
            ch = Character(ctx, lib.cops_st_fight_character(ptr, i))
            ch._borrowed = True
            f._keep(ch)
            f._chars.append(ch)
        return f

    @classmethod
    def from_json(cls, ctx: Context, text: Union[str, Dict[str, Any]],
                  base_dir: Optional["os.PathLike[str] | str"] = None) -> "Fight":
        """A fight file's text (a scenario or a save; sheets by name read from base_dir)."""
        _need()
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        if isinstance(text, dict):
            text = json.dumps(text, ensure_ascii=False)
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_st_fight_from_json(
            ctypes.byref(ptr), ctx._h, n.text(text, "json"),
            None if base_dir is None else n.text(os.fspath(base_dir), "base_dir")))
        return cls._adopting(ctx, ptr.value)

    @classmethod
    def load(cls, ctx: Context, path: "os.PathLike[str] | str") -> "Fight":
        """A fight file (within Context.confine)."""
        _need()
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_st_fight_load(ctypes.byref(ptr), ctx._h,
                                          n.text(os.fspath(path), "path")))
        return cls._adopting(ctx, ptr.value)

    # ---- setting up

    def add(self, character: Character, side: int, x: int = 0, y: int = 0) -> int:
        """A fighter before the first round; its id."""
        if not isinstance(character, Character):
            raise TypeError("character must be a cops.st.Character")
        out = ctypes.c_int()
        self._check(lib.cops_st_fight_add(self._h, character._h, n.integer(side, "side"),
                                          n.integer(x, "x"), n.integer(y, "y"),
                                          ctypes.byref(out)))
        self._keep(character)
        self._chars.append(character)
        return out.value

    def character(self, id: int) -> Character:
        """Fighter id's character."""
        self._id(id)
        return self._chars[id]

    def __len__(self) -> int:
        return self._check(lib.cops_st_fight_count(self._h))

    def _id(self, id: int) -> int:
        if not isinstance(id, int) or isinstance(id, bool) or not 0 <= id < len(self._chars):
            raise RangeError("fighter %r out of range 0..%d" % (id, len(self._chars) - 1))
        return id




    def set_cover(self, id: int, cover: int) -> None:
        self._check(lib.cops_st_fight_set_cover(self._h, self._id(id), n.integer(cover, "cover")))

    def set_surprised(self, id: int, surprised: bool = True) -> None:
        self._check(lib.cops_st_fight_set_surprised(self._h, self._id(id), int(bool(surprised))))

    def set_prone(self, id: int, prone: bool = True) -> None:
        self._check(lib.cops_st_fight_set_prone(self._h, self._id(id), int(bool(prone))))

    def set_position(self, id: int, x: int, y: int) -> None:
        self._check(lib.cops_st_fight_set_position(self._h, self._id(id), n.integer(x, "x"),
                                                   n.integer(y, "y")))

    def set_spend(self, id: int, spend: bool) -> None:
        self._check(lib.cops_st_fight_set_spend(self._h, self._id(id), int(bool(spend))))

    def set_out(self, id: int, out: bool = True) -> None:
        self._check(lib.cops_st_fight_set_out(self._h, self._id(id), int(bool(out))))

    def set_tactic(self, id: int, tactic: str) -> None:
        code = ctypes.c_int()
        if lib.cops_st_fight_tactic_parse(n.text(tactic, "tactic"), ctypes.byref(code)):
            raise NotFoundError("%s: unknown tactic (%s)" % (tactic, ", ".join(TACTICS)))
        self._check(lib.cops_st_fight_set_tactic(self._h, self._id(id), code.value))

    def set_policy(self, id: int, policy: str) -> None:
        """The policy that plays the fighter when nobody declares for it: "simple" (the
        default: its tactic) or "tactical" (its attack from the exact odds;
        docs/storyteller.md, "Policies")."""
        self._check(lib.cops_st_fight_set_policy(self._h, self._id(id), _policy_code(policy)))

    def set_side_policy(self, side: int, policy: str) -> None:
        """Every fighter of the side (those in the fight now) under the policy."""
        self._check(lib.cops_st_fight_set_side_policy(self._h, n.integer(side, "side"),
                                                      _policy_code(policy)))

    def policy(self, id: int) -> str:
        """The fighter's policy: "simple" or "tactical"."""
        code = self._check(lib.cops_st_fight_policy(self._h, self._id(id)))
        return n.c_text(lib.cops_policy_name(code))




    @property
    def rules(self) -> Rules:
        r = _Rules()
        r.size = ctypes.sizeof(r)
        self._check(lib.cops_st_fight_rules(self._h, ctypes.byref(r)))
        return Rules(**{name: (bool(getattr(r, name)) if isinstance(getattr(Rules(), name), bool)
                               else getattr(r, name)) for name, _ in _Rules._fields_[1:]})

    # ---- state

    def distance(self, a: int, b: int) -> int:
        return self._check(lib.cops_st_fight_distance(self._h, self._id(a), self._id(b)))

    def fighter(self, id: int) -> Fighter:
        s = _Fighter()
        s.size = ctypes.sizeof(s)
        self._check(lib.cops_st_fight_fighter(self._h, self._id(id), ctypes.byref(s)))
        v: Dict[str, Any] = {f: getattr(s, f) for f in _FIGHTER_FIELDS}
        for f in ("able", "out", "acted", "delayed", "surprised", "prone", "spend"):
            v[f] = bool(v[f])
        for f in ("rank", "facing", "aim_target", "grapple"):
            v[f] = None if v[f] < 0 else v[f]
        v["nerve"] = NERVES[v["nerve"]]
        v["tactic"] = lib.cops_st_fight_tactic_name(v["tactic"]).decode()
        v["policy"] = lib.cops_policy_name(v["policy"]).decode()
        return Fighter(**v)

    def grapple(self, id: int) -> Optional[GrappleState]:
        """The grapple fighter id is in, None when it grapples nobody."""
        if self.fighter(id).grapple is None:
            return None
        g = _GrappleState()
        g.size = ctypes.sizeof(g)
        first, second = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_st_fight_grapple(self._h, id, ctypes.byref(g), ctypes.byref(first),
                                              ctypes.byref(second)))
        return GrappleState(first.value, second.value, _side_of(g.hold), _side_of(g.shield),
                            _side_of(g.controller))

    # ---- rounds

    def begin_round(self) -> None:
        """Phase 1: nerve, initiative and the order (all or nothing)."""
        self._check(lib.cops_st_fight_begin_round(self._h))

    def order(self) -> List[int]:
        """This round's order, first to act first."""
        ids = (ctypes.c_int * 32)()
        count = ctypes.c_int()
        self._check(lib.cops_st_fight_order(self._h, ids, 32, ctypes.byref(count)))
        return list(ids[:count.value])

    def declare(self, id: int, declaration: Declaration) -> None:
        """Fighter id's turn this round, checked at once (ERULE names why)."""
        if not isinstance(declaration, Declaration):
            raise TypeError("declaration must be a cops.st.Declaration")
        d = declaration._c(self.character(id))
        self._check(lib.cops_st_fight_declare(self._h, id, ctypes.byref(d)))

    def suggest(self, id: int) -> Declaration:
        """What the default policy would do with fighter id's turn now."""
        d = _Declaration()
        d.size = ctypes.sizeof(d)
        self._check(lib.cops_st_fight_suggest(self._h, self._id(id), ctypes.byref(d)))
        return Declaration._of(d, self.character(id))

    def next(self) -> Optional[int]:
        """Whose turn comes next, None when no round is under way."""
        out = ctypes.c_int()
        self._check(lib.cops_st_fight_next(self._h, ctypes.byref(out)))
        return None if out.value < 0 else out.value

    def step(self) -> Optional[int]:
        """Play the next turn (the round ends after its last); whose turn it was."""
        out = ctypes.c_int()
        self._check(lib.cops_st_fight_step(self._h, ctypes.byref(out)))
        return None if out.value < 0 else out.value

    def resolve_round(self) -> None:
        self._check(lib.cops_st_fight_resolve_round(self._h))

    def run_round(self) -> None:
        self._check(lib.cops_st_fight_run_round(self._h))

    def run(self) -> None:
        """Rounds until the end or the round cap."""
        self._check(lib.cops_st_fight_run(self._h))

    @property
    def round(self) -> int:
        return self._check(lib.cops_st_fight_round(self._h))

    @property
    def over(self) -> bool:
        return bool(self._check(lib.cops_st_fight_over(self._h)))

    @property
    def winner(self) -> Optional[int]:
        """The winning side, None for none; StateError while the fight goes on."""
        w = ctypes.c_int()
        self._check(lib.cops_st_fight_winner(self._h, ctypes.byref(w)))
        return None if w.value < 0 else w.value

    def save(self) -> str:
        """The fight between rounds as a fight file (schemas/st-fight.schema.json)."""
        out = ctypes.c_void_p()
        self._check(lib.cops_st_fight_save(self._h, ctypes.byref(out)))
        return n.take_text(out.value)

    # ---- the log (jsonl(), events, narrate(lang), log_limit: _LogView)

    def _log(self) -> int:
        return int(lib.cops_st_fight_log(self._h))


__all__: Sequence[str] = ("ACTIONS", "TACTICS", "NERVES", "Declaration", "Fighter",
                          "GrappleState", "Fight")
