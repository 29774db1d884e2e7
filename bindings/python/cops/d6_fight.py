"""cops.d6.Fight: a whole D6 fight (docs/d6.md, "Fights"; <cops/d6-fight.h>): rounds of
initiative and turns, declared actions and defences, holds, disarms, coordinated attacks,
vehicles rammed and shot at, the default policy for the fighters nobody declares for, fight
files for scenarios and saves.

    import cops
    with cops.Context() as ctx:
        fight = cops.d6.Fight.load(ctx, "examples/d6/scenarios/shootout.json")
        fight.run()
        print(fight.narrate("en"), fight.winner)
"""

import ctypes
import json
import os
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _native as n
from .errors import InvalidArgumentError, NotFoundError, RangeError
from .fight_base import _ModuleFight
from .base import Context, _Handle, _policy_code
from .d6_dice import Code, Rules, _Code, _Rules, _need, _rules, _BOOL_RULES
from .d6_combat import (DEFENCES, LOCATIONS, OPTIONS, TRAITS, Character, _code_arg, _index,
                        _weapon_index)
from .d6_vehicle import IMPACTS, SPEEDS, Vehicle, _Vehicle

lib = n.lib

#: cops_d6_fight_actions
ACTIONS = ("nothing", "attack", "grab", "escape", "shoot_vehicle", "ram", "cast")
TACTICS = ("attack", "dodge", "grab", "defend", "ram")                   #: cops_d6_tactics
HOLDS = ("grabbed", "escaped", "held", "released")                       #: cops_d6_holds
DISARMS = ("fails", "wins", "takes", "drops")                            #: cops_d6_disarms
MOVE_MAX = 10   #: COPS_D6_MOVE_MAX: metres a fighter on foot moves in its turn


class _Declaration(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in (
        "action", "target", "weapon", "option", "location", "count", "impact", "defence",
        "defence_skill", "parry_weapon", "disarm", "release", "speed", "moving", "x", "y", "cp",
        "fp", "extra_actions", "spell_skill", "spell_difficulty")] + [
        ("spell_damage", _Code)] + [(f, ctypes.c_int) for f in (
        "preparation", "spell_aim", "spell_reach", "spell_beat")]


_FIGHTER_FIELDS = ("side", "x", "y", "able", "out", "initiative", "rank", "acted", "actions",
                   "defence", "defence_skill", "defence_total", "cover", "surpriser", "holding",
                   "held_by", "vehicle", "driver", "coordinator", "coordinated", "tactic",
                   "preparing", "policy")


class _Fighter(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [(f, ctypes.c_int) for f in _FIGHTER_FIELDS]


_p, _i, _ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
_dp, _vp = ctypes.POINTER(_Declaration), ctypes.POINTER(_Vehicle)
_FIGHT_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "cops_d6_declaration_init_sized": (_i, [_dp, ctypes.c_size_t, _i]),
    "cops_d6_fight_action_name": (ctypes.c_char_p, [_i]),
    "cops_d6_fight_action_parse": (_i, [ctypes.c_char_p, _ip]),
    "cops_d6_fight_tactic_name": (ctypes.c_char_p, [_i]),
    "cops_d6_fight_tactic_parse": (_i, [ctypes.c_char_p, _ip]),
    "cops_d6_fight_new": (_i, [ctypes.POINTER(_p), _p, ctypes.POINTER(_Rules)]),
    "cops_d6_fight_free": (None, [_p]),
    "cops_d6_fight_add": (_i, [_p, _p, _i, _i, _i, _ip]),
    "cops_d6_fight_set_side_name": (_i, [_p, _i, ctypes.c_char_p]),
    "cops_d6_fight_side_name": (ctypes.c_char_p, [_p, _i]),
    "cops_d6_fight_set_position": (_i, [_p, _i, _i, _i]),
    "cops_d6_fight_set_cover": (_i, [_p, _i, _i]),
    "cops_d6_fight_set_surpriser": (_i, [_p, _i, _i]),
    "cops_d6_fight_set_out": (_i, [_p, _i, _i]),
    "cops_d6_fight_set_tactic": (_i, [_p, _i, _i]),
    "cops_d6_fight_set_policy": (_i, [_p, _i, _i]),
    "cops_d6_fight_set_side_policy": (_i, [_p, _i, _i]),
    "cops_d6_fight_policy": (_i, [_p, _i]),
    "cops_d6_fight_set_max_rounds": (_i, [_p, _i]),
    "cops_d6_fight_set_logging": (_i, [_p, _i]),
    "cops_d6_fight_log": (_p, [_p]),
    "cops_d6_fight_seed": (_i, [_p, ctypes.c_uint64]),
    "cops_d6_fight_rules": (_i, [_p, ctypes.POINTER(_Rules)]),
    "cops_d6_fight_coordinate": (_i, [_p, _i, _i, _ip, _i]),
    "cops_d6_fight_add_vehicle": (_i, [_p, _vp, _i, _i, _ip]),
    "cops_d6_fight_vehicle_count": (_i, [_p]),
    "cops_d6_fight_vehicle": (_i, [_p, _i, _vp]),
    "cops_d6_fight_vehicle_position": (_i, [_p, _i, _ip, _ip]),
    "cops_d6_fight_board": (_i, [_p, _i, _i, _i]),
    "cops_d6_fight_count": (_i, [_p]),
    "cops_d6_fight_character": (_p, [_p, _i]),
    "cops_d6_fight_distance": (_i, [_p, _i, _i]),
    "cops_d6_fight_fighter": (_i, [_p, _i, ctypes.POINTER(_Fighter)]),
    "cops_d6_fight_begin_round": (_i, [_p]),
    "cops_d6_fight_order": (_i, [_p, _ip, _i, _ip]),
    "cops_d6_fight_declare": (_i, [_p, _i, _dp]),
    "cops_d6_fight_suggest": (_i, [_p, _i, _dp]),
    "cops_d6_fight_next": (_i, [_p, _ip]),
    "cops_d6_fight_step": (_i, [_p, _ip]),
    "cops_d6_fight_resolve_round": (_i, [_p]),
    "cops_d6_fight_run_round": (_i, [_p]),
    "cops_d6_fight_run": (_i, [_p]),
    "cops_d6_fight_reset": (_i, [_p]),
    "cops_d6_fight_round": (_i, [_p]),
    "cops_d6_fight_over": (_i, [_p]),
    "cops_d6_fight_winner": (_i, [_p, _ip]),
    "cops_d6_fight_save": (_i, [_p, ctypes.POINTER(_p)]),
    "cops_d6_fight_from_json": (_i, [ctypes.POINTER(_p), _p, ctypes.c_char_p, ctypes.c_char_p]),
    "cops_d6_fight_load": (_i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
    "cops_d6_fight_name": (ctypes.c_char_p, [_p]),
}
if hasattr(lib, "cops_d6_roll"):
    for _name, (_res, _args) in _FIGHT_PROTOTYPES.items():
        _fn = getattr(lib, _name)
        _fn.restype = _res
        _fn.argtypes = _args


def _opt_id(value: Optional[int], what: str) -> int:
    return -1 if value is None else n.integer(value, what)


@dataclass(frozen=True)
class Declaration:
    """A fighter's turn (cops_d6_declaration): its action (one of ACTIONS) at target (a
    fighter, or a vehicle for "shoot_vehicle" and "ram"; None to ram an object), the weapon
    (an index or a name, None bare hands), the option and location of an attack, count
    attacks (or shots with "several_shots"), a ram's impact; its defence for the rest of the
    round ("natural", "active", "total") with its skill (a trait's name), a parry weapon and
    disarm; release of a hold; a driver's speed; a move to move_to=(x, y); Character and
    Fate Points on the first attack roll (or the cast); extra_actions the game master counts.
    "cast" prepares a spell of spell_skill (a magic skill's name) and spell_difficulty for
    preparation rounds and casts it in the last (D6-M22, D6-L14), with spell_damage (a Code,
    None: no damage), aimed with spell_aim ("marksmanship", "melee_weapons", "throwing") at
    target within spell_reach metres (D6-A50), or resisted by target when spell_aim is None
    (D6-A51); spell_beat is a total it must exceed (Opening, Counterspell)."""

    action: str = "nothing"
    target: Optional[int] = None
    weapon: Union[None, int, str] = None
    option: str = "none"
    location: str = "anywhere"
    count: int = 1
    impact: str = "side_on"
    defence: str = "natural"
    defence_skill: str = "dodge"
    parry_weapon: Union[None, int, str] = None
    disarm: bool = False
    release: bool = False
    speed: Optional[str] = None
    move_to: Optional[Tuple[int, int]] = None
    cp: int = 0
    fp: bool = False
    extra_actions: int = 0
    spell_skill: str = "alteration"
    spell_difficulty: int = 10
    spell_damage: Union[None, str, Code] = None
    preparation: int = 0
    spell_aim: Optional[str] = None
    spell_reach: int = 10
    spell_beat: Optional[int] = None

    def _c(self, ch: Character) -> _Declaration:
        d = _Declaration()
        if lib.cops_d6_declaration_init_sized(ctypes.byref(d), ctypes.sizeof(d), 0):
            raise InvalidArgumentError("the library refuses the declaration's size")
        d.action = _index(ACTIONS, self.action, "action")
        d.target = _opt_id(self.target, "target")
        d.weapon = _weapon_index(ch, self.weapon, "weapon")
        d.option = _index(OPTIONS, self.option, "option")
        d.location = _index(LOCATIONS, self.location, "location")
        d.count = n.integer(self.count, "count")
        d.impact = _index(IMPACTS, self.impact, "impact")
        d.defence = _index(DEFENCES, self.defence, "defence")
        d.defence_skill = _index(TRAITS, self.defence_skill, "trait")
        d.parry_weapon = _weapon_index(ch, self.parry_weapon, "parry_weapon")
        d.disarm = int(bool(self.disarm))
        d.release = int(bool(self.release))
        d.speed = -1 if self.speed is None else _index(SPEEDS, self.speed, "speed")
        if self.move_to is not None:
            d.moving = 1
            d.x, d.y = (n.integer(v, "move_to") for v in self.move_to)
        d.cp = n.integer(self.cp, "cp")
        d.fp = int(bool(self.fp))
        d.extra_actions = n.integer(self.extra_actions, "extra_actions")
        d.spell_skill = _index(TRAITS, self.spell_skill, "trait")
        d.spell_difficulty = n.integer(self.spell_difficulty, "spell_difficulty")
        if self.spell_damage is not None:
            d.spell_damage = _code_arg(self.spell_damage, "spell_damage")
        d.preparation = n.integer(self.preparation, "preparation")
        d.spell_aim = -1 if self.spell_aim is None else _index(TRAITS, self.spell_aim, "trait")
        d.spell_reach = n.integer(self.spell_reach, "spell_reach")
        d.spell_beat = -1 if self.spell_beat is None else n.integer(self.spell_beat, "spell_beat")
        return d

    @classmethod
    def _of(cls, d: _Declaration, ch: Character) -> "Declaration":
        names = [w.name for w in ch.weapons]
        return cls(ACTIONS[d.action], None if d.target < 0 else d.target,
                   None if d.weapon < 0 else names[d.weapon], OPTIONS[d.option],
                   LOCATIONS[d.location], d.count, IMPACTS[d.impact], DEFENCES[d.defence],
                   TRAITS[d.defence_skill],
                   None if d.parry_weapon < 0 else names[d.parry_weapon], bool(d.disarm),
                   bool(d.release), None if d.speed < 0 else SPEEDS[d.speed],
                   (d.x, d.y) if d.moving else None, d.cp, bool(d.fp), d.extra_actions,
                   TRAITS[d.spell_skill], d.spell_difficulty,
                   Code(d.spell_damage.dice, d.spell_damage.pips)
                   if d.spell_damage.dice or d.spell_damage.pips else None,
                   d.preparation, None if d.spell_aim < 0 else TRAITS[d.spell_aim],
                   d.spell_reach, None if d.spell_beat < 0 else d.spell_beat)


@dataclass(frozen=True)
class Fighter:
    """A fighter's state (cops_d6_fighter, D6-M3). Ids of fighters and vehicles are None for
    none; defence is one of DEFENCES, defence_skill a trait's name or None, tactic one of
    TACTICS."""

    side: int
    x: int
    y: int
    able: bool
    out: bool
    initiative: int
    rank: Optional[int]
    acted: bool
    actions: int
    defence: str
    defence_skill: Optional[str]
    defence_total: int
    cover: int
    surpriser: bool
    holding: Optional[int]
    held_by: Optional[int]
    vehicle: Optional[int]
    driver: bool
    coordinator: Optional[int]
    coordinated: bool
    tactic: str
    preparing: int   #: rounds of a spell's preparation done (D6-M22), 0 none
    policy: str      #: one of cops.POLICIES


class Fight(_ModuleFight):
    """A D6 fight (cops_d6_fight). It keeps the characters added to it alive as long as it
    lives; a fight read from a file owns its characters (character(id)). Its vehicles are
    its own: vehicle(vid) gives a copy as it is now."""

    _module = "d6"

    _free = getattr(lib, "cops_d6_fight_free", None)
    _borrows = True   # closed before the characters when the context closes

    def __init__(self, ctx: Context, rules: Optional[Rules] = None) -> None:
        _need()
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_d6_fight_new(ctypes.byref(ptr), ctx._h, _rules(rules)))
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
        for i in range(lib.cops_d6_fight_count(ptr)):
            ch = Character(ctx, lib.cops_d6_fight_character(ptr, i))
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
        ctx._check(lib.cops_d6_fight_from_json(
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
        ctx._check(lib.cops_d6_fight_load(ctypes.byref(ptr), ctx._h,
                                          n.text(os.fspath(path), "path")))
        return cls._adopting(ctx, ptr.value)

    # ---- setting up

    def add(self, character: Character, side: int, x: int = 0, y: int = 0) -> int:
        """A fighter before the first round; its id."""
        if not isinstance(character, Character):
            raise TypeError("character must be a cops.d6.Character")
        out = ctypes.c_int()
        self._check(lib.cops_d6_fight_add(self._h, character._h, n.integer(side, "side"),
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
        return self._check(lib.cops_d6_fight_count(self._h))

    def _id(self, id: int) -> int:
        if not isinstance(id, int) or isinstance(id, bool) or not 0 <= id < len(self._chars):
            raise RangeError("fighter %r out of range 0..%d" % (id, len(self._chars) - 1))
        return id




    def set_position(self, id: int, x: int, y: int) -> None:
        self._check(lib.cops_d6_fight_set_position(self._h, self._id(id), n.integer(x, "x"),
                                                   n.integer(y, "y")))

    def set_cover(self, id: int, dice: int) -> None:
        """Cover and visibility dice on fighter id's defence (§5.4.2)."""
        self._check(lib.cops_d6_fight_set_cover(self._h, self._id(id), n.integer(dice, "dice")))

    def set_surpriser(self, id: int, surpriser: bool = True) -> None:
        """Fighter id surprises the others in round 1 (§5.15); before round 1."""
        self._check(lib.cops_d6_fight_set_surpriser(self._h, self._id(id), int(bool(surpriser))))

    def set_out(self, id: int, out: bool = True) -> None:
        self._check(lib.cops_d6_fight_set_out(self._h, self._id(id), int(bool(out))))

    def set_tactic(self, id: int, tactic: str) -> None:
        """How the default policy plays fighter id (one of TACTICS)."""
        self._check(lib.cops_d6_fight_set_tactic(self._h, self._id(id),
                                                 _index(TACTICS, tactic, "tactic")))

    def set_policy(self, id: int, policy: str) -> None:
        """The policy that plays the fighter when nobody declares for it: "simple" (the
        default: its tactic) or "tactical" (its target, weapon, option, move and defence from
        the exact odds; docs/d6.md, "Policies")."""
        self._check(lib.cops_d6_fight_set_policy(self._h, self._id(id), _policy_code(policy)))

    def set_side_policy(self, side: int, policy: str) -> None:
        """Every fighter of the side (those in the fight now) under the policy."""
        self._check(lib.cops_d6_fight_set_side_policy(self._h, n.integer(side, "side"),
                                                      _policy_code(policy)))

    def policy(self, id: int) -> str:
        """The fighter's policy: "simple" or "tactical"."""
        code = self._check(lib.cops_d6_fight_policy(self._h, self._id(id)))
        return n.c_text(lib.cops_policy_name(code))




    @property
    def rules(self) -> Rules:
        r = _Rules()
        r.size = ctypes.sizeof(r)
        self._check(lib.cops_d6_fight_rules(self._h, ctypes.byref(r)))
        return Rules(**{name: (bool(getattr(r, name)) if name in _BOOL_RULES else getattr(r, name))
                        for name, _ in _Rules._fields_[1:]})

    def coordinate(self, coordinator: int, target: int, members: Sequence[int]) -> None:
        """A coordinated attack on target from the next round (§5.12, D6-A23); no members
        ends it."""
        ids = (ctypes.c_int * max(1, len(members)))(*[n.integer(m, "members") for m in members])
        self._check(lib.cops_d6_fight_coordinate(self._h, self._id(coordinator),
                                                 n.integer(target, "target"), ids, len(members)))

    def add_vehicle(self, vehicle: Vehicle, x: int = 0, y: int = 0) -> int:
        """A copy of vehicle in the fight before the first round; its id."""
        if not isinstance(vehicle, Vehicle):
            raise TypeError("vehicle must be a cops.d6.Vehicle")
        out = ctypes.c_int()
        self._check(lib.cops_d6_fight_add_vehicle(self._h, ctypes.byref(vehicle._c),
                                                  n.integer(x, "x"), n.integer(y, "y"),
                                                  ctypes.byref(out)))
        return out.value

    def vehicle_count(self) -> int:
        return self._check(lib.cops_d6_fight_vehicle_count(self._h))

    def vehicle(self, vid: int) -> Vehicle:
        """Vehicle vid as it is now (a copy)."""
        v = Vehicle.__new__(Vehicle)
        v._c = _Vehicle()
        v._c.size = ctypes.sizeof(v._c)
        self._check(lib.cops_d6_fight_vehicle(self._h, n.integer(vid, "vid"), ctypes.byref(v._c)))
        return v

    def vehicle_position(self, vid: int) -> Tuple[int, int]:
        x, y = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_d6_fight_vehicle_position(self._h, n.integer(vid, "vid"),
                                                       ctypes.byref(x), ctypes.byref(y)))
        return x.value, y.value

    def board(self, id: int, vid: Optional[int], driver: bool = False) -> None:
        """Fighter id boards vehicle vid (as its driver), or gets out (None)."""
        self._check(lib.cops_d6_fight_board(self._h, self._id(id), _opt_id(vid, "vid"),
                                            int(bool(driver))))

    # ---- state

    def distance(self, a: int, b: int) -> int:
        return self._check(lib.cops_d6_fight_distance(self._h, self._id(a), self._id(b)))

    def fighter(self, id: int) -> Fighter:
        s = _Fighter()
        s.size = ctypes.sizeof(s)
        self._check(lib.cops_d6_fight_fighter(self._h, self._id(id), ctypes.byref(s)))
        v: Dict[str, Any] = {f: getattr(s, f) for f in _FIGHTER_FIELDS}
        for f in ("able", "out", "acted", "surpriser", "driver", "coordinated"):
            v[f] = bool(v[f])
        for f in ("rank", "holding", "held_by", "vehicle", "coordinator"):
            v[f] = None if v[f] < 0 else v[f]
        v["defence"] = DEFENCES[v["defence"]]
        v["defence_skill"] = None if v["defence_skill"] < 0 else TRAITS[v["defence_skill"]]
        v["tactic"] = TACTICS[v["tactic"]]
        v["policy"] = lib.cops_policy_name(v["policy"]).decode()
        return Fighter(**v)

    # ---- rounds

    def begin_round(self) -> None:
        """The round's start: Command rolls, initiative and the order (all or nothing)."""
        self._check(lib.cops_d6_fight_begin_round(self._h))

    def order(self) -> List[int]:
        """This round's order, first to act first."""
        ids = (ctypes.c_int * 32)()
        count = ctypes.c_int()
        self._check(lib.cops_d6_fight_order(self._h, ids, 32, ctypes.byref(count)))
        return list(ids[:count.value])

    def declare(self, id: int, declaration: Declaration) -> None:
        """Fighter id's turn this round, checked at once (RuleError names why)."""
        if not isinstance(declaration, Declaration):
            raise TypeError("declaration must be a cops.d6.Declaration")
        d = declaration._c(self.character(id))
        self._check(lib.cops_d6_fight_declare(self._h, id, ctypes.byref(d)))

    def suggest(self, id: int) -> Declaration:
        """What the default policy would do with fighter id's turn now."""
        d = _Declaration()
        d.size = ctypes.sizeof(d)
        self._check(lib.cops_d6_fight_suggest(self._h, self._id(id), ctypes.byref(d)))
        return Declaration._of(d, self.character(id))

    def next(self) -> Optional[int]:
        """Whose turn comes next, None when none is left this round."""
        out = ctypes.c_int()
        self._check(lib.cops_d6_fight_next(self._h, ctypes.byref(out)))
        return None if out.value < 0 else out.value

    def step(self) -> Optional[int]:
        """Play the next turn (the round ends after its last); whose turn it was."""
        out = ctypes.c_int()
        self._check(lib.cops_d6_fight_step(self._h, ctypes.byref(out)))
        return None if out.value < 0 else out.value

    def resolve_round(self) -> None:
        self._check(lib.cops_d6_fight_resolve_round(self._h))

    def run_round(self) -> None:
        self._check(lib.cops_d6_fight_run_round(self._h))

    def run(self) -> None:
        """Rounds until the end or the round cap."""
        self._check(lib.cops_d6_fight_run(self._h))

    @property
    def round(self) -> int:
        return self._check(lib.cops_d6_fight_round(self._h))

    @property
    def over(self) -> bool:
        return bool(self._check(lib.cops_d6_fight_over(self._h)))

    @property
    def winner(self) -> Optional[int]:
        """The winning side, None for none; StateError while the fight goes on."""
        w = ctypes.c_int()
        self._check(lib.cops_d6_fight_winner(self._h, ctypes.byref(w)))
        return None if w.value < 0 else w.value

    def save(self) -> str:
        """The fight between rounds as a fight file (schemas/d6-fight.schema.json)."""
        out = ctypes.c_void_p()
        self._check(lib.cops_d6_fight_save(self._h, ctypes.byref(out)))
        return n.take_text(out.value)

    # ---- the log (jsonl(), events, narrate(lang), log_limit: _LogView)

    def _log(self) -> int:
        return int(lib.cops_d6_fight_log(self._h))


def action_name(action: int) -> str:
    """An action's name (cops_d6_fight_action_name)."""
    name = lib.cops_d6_fight_action_name(n.integer(action, "action"))
    if name is None:
        raise NotFoundError("action %r: 0 .. %d" % (action, len(ACTIONS) - 1))
    return str(name.decode())


def action_code(name: str) -> int:
    """An action's number (cops_d6_fight_action_parse)."""
    out = ctypes.c_int()
    if lib.cops_d6_fight_action_parse(n.text(name, "action"), ctypes.byref(out)):
        raise NotFoundError("%r: unknown action (%s)" % (name, ", ".join(ACTIONS)))
    return out.value


def tactic_name(tactic: int) -> str:
    """A tactic's name (cops_d6_fight_tactic_name)."""
    name = lib.cops_d6_fight_tactic_name(n.integer(tactic, "tactic"))
    if name is None:
        raise NotFoundError("tactic %r: 0 .. %d" % (tactic, len(TACTICS) - 1))
    return str(name.decode())


def tactic_code(name: str) -> int:
    """A tactic's number (cops_d6_fight_tactic_parse)."""
    out = ctypes.c_int()
    if lib.cops_d6_fight_tactic_parse(n.text(name, "tactic"), ctypes.byref(out)):
        raise NotFoundError("%r: unknown tactic (%s)" % (name, ", ".join(TACTICS)))
    return out.value


__all__: Sequence[str] = ("ACTIONS", "TACTICS", "HOLDS", "DISARMS", "MOVE_MAX", "Declaration",
                          "Fighter", "Fight", "action_name", "action_code", "tactic_name",
                          "tactic_code")
