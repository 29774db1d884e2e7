"""Whole fights (lib/fight, docs/encounters.md): an Encounter built combatant by
combatant or a Scenario read from a file, played round by round or to the end, saved and
resumed."""

import ctypes
import os
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Type, Union, cast

from . import _native as n
from .attack import _attack_odds
from .base import POLICIES, Checkpoint, Context, PathLike, _Handle, _policy_code, _read_roll
from .errors import CopsError, InvalidArgumentError, NotFoundError, RangeError, StateError
from .log import _LogView
from .results import AttackOdds, CombatantState, Roll
from .sheet import (CLOCK_MAX, HEALTH, HEALTH_STATES, Armour, Character, Weapon, _condition_names,
                    _Entity)

lib = n.lib


_cp, _ci = ctypes.c_char_p, ctypes.c_int


class _CombatantState(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("id", _ci), ("tag", _cp), ("name", _cp)] + \
        [(f, _ci) for f in ("side", "x", "y", "present", "able", "controlled", "hp", "max_hp",
                             "health", "health_state")] + \
        [("conditions", ctypes.c_uint)] + \
        [(f, _ci) for f in ("declared", "awaited", "action", "attitude", "initiative", "target",
                             "weapon")] + \
        [("weapon_name", _cp), ("loaded", _ci), ("armour_name", _cp)] + \
        [(f, _ci) for f in ("adrenaline", "anciennete", "holds", "held_by", "magazines")]


def _opt(v: int) -> Optional[int]:
    return None if v < 0 else v


def _state_of(s: _CombatantState) -> CombatantState:
    declared = bool(s.declared)
    return CombatantState(
        id=s.id, tag=n.c_text(s.tag) if s.tag else None, name=n.c_text(s.name) if s.name else None,
        side=s.side, x=s.x, y=s.y, present=bool(s.present), able=bool(s.able),
        controlled=bool(s.controlled), hp=s.hp, max_hp=s.max_hp, health=HEALTH[s.health],
        health_state=HEALTH_STATES[s.health_state], conditions=_condition_names(s.conditions),
        declared=declared, awaited=bool(s.awaited),
        action=n.c_text(lib.cops_encounter_action_name(s.action)) if declared else None,
        attitude=s.attitude, initiative=s.initiative, target=_opt(s.target),
        weapon=_opt(s.weapon), weapon_name=n.c_text(s.weapon_name) if s.weapon_name else None,
        loaded=_opt(s.loaded), armour=n.c_text(s.armour_name) if s.armour_name else None,
        adrenaline=s.adrenaline, anciennete=s.anciennete, holds=_opt(s.holds),
        held_by=_opt(s.held_by), magazines=_opt(s.magazines))


class _EncounterView(_LogView):
    """What Encounter and Scenario share: rounds, the result, the log."""

    _borrows = True   # closed before the characters, weapons and armour it borrows

    def _e(self) -> int:
        raise NotImplementedError

    def set_logging(self, on: bool) -> None:
        """Log the events or not (a simulation runs faster without)."""
        self._check(lib.cops_encounter_set_logging(self._e(), 1 if on else 0))

    def _log(self) -> int:
        return cast(int, lib.cops_encounter_log(self._e()))

    def aftermath(self, difficulty: int = 1, seconds: int = 600) -> None:
        """After a fight that is over: the dying stabilised, first aid, then time passes
        (cops_encounter_aftermath, docs/healing.md); the events go to the log."""
        self._check(lib.cops_encounter_aftermath(self._e(), n.integer(difficulty, "difficulty", 1, 3),
                                                 n.integer(seconds, "seconds", 0, CLOCK_MAX)))

    @property
    def aftermath_done(self) -> bool:
        """The aftermath was played."""
        return bool(self._check(lib.cops_encounter_aftermath_done(self._e())))

    def set_policy(self, ident: int, policy: str) -> None:
        """The policy that declares for the combatant when nobody controls it: "simple" (the
        default) or "tactical" (docs/encounters.md, "Policies")."""
        self._check(lib.cops_encounter_set_policy(self._e(), n.integer(ident, "id"),
                                                  _policy_code(policy)))

    def set_side_policy(self, side: int, policy: str) -> None:
        """Every combatant of the side (those in the encounter now) under the policy."""
        self._check(lib.cops_encounter_set_side_policy(self._e(), n.integer(side, "side"),
                                                       _policy_code(policy)))

    def policy(self, ident: int) -> str:
        """The combatant's policy: "simple" or "tactical"."""
        code = self._check(lib.cops_encounter_policy(self._e(), n.integer(ident, "id")))
        return n.c_text(lib.cops_policy_name(code))

    def set_tag(self, id: int, tag: Optional[str]) -> None:
        """Tag combatant id with the caller's own id for it (a token's id): up to 64 bytes of
        UTF-8 without control characters, not another combatant's; None or "" removes it.
        It goes into every event (Event.actor_tag, .target_tag), states, snapshots and saves
        (cops_encounter_set_tag, docs/encounters.md "Tabletops")."""
        self._check(lib.cops_encounter_set_tag(self._e(), n.integer(id, "id"),
                                               None if tag is None else n.text(tag, "tag")))

    def tag(self, id: int) -> Optional[str]:
        """Combatant id's tag, None for none."""
        t = lib.cops_encounter_tag(self._e(), n.integer(id, "id"))
        return n.c_text(t) if t else None

    def find_tag(self, tag: str) -> int:
        """The id of the combatant tagged tag; NotFoundError when none is."""
        return self._check(lib.cops_encounter_find_tag(self._e(), n.text(tag, "tag")))

    @property
    def phase(self) -> str:
        """"between_rounds", "declaring" (a round begun) or "over" (cops_encounter_phase)."""
        return n.c_text(lib.cops_phase_key(self._check(lib.cops_encounter_phase(self._e()))))

    def state(self, id: int) -> CombatantState:
        """Everything a board shows of combatant id, as a value (cops_encounter_state)."""
        s = _CombatantState()
        lib.cops_combatant_state_init_sized(ctypes.byref(s), ctypes.sizeof(s))
        self._check(lib.cops_encounter_state(self._e(), n.integer(id, "id"), ctypes.byref(s)))
        return _state_of(s)

    def states(self) -> List[CombatantState]:
        """Every combatant's state, in id order."""
        return [self.state(i) for i in range(self._check(lib.cops_encounter_count(self._e())))]

    def snapshot(self) -> str:
        """The whole board as JSON text (cops_encounter_snapshot,
        schemas/snapshot.schema.json): round, phase, who is awaited, every state."""
        out = ctypes.c_void_p()
        self._check(lib.cops_encounter_snapshot(self._e(), ctypes.byref(out)))
        return n.take_text(out.value)

    def checkpoint(self) -> Checkpoint:
        """The fight as it is now, to roll back to with rollback() (cops_encounter_checkpoint)."""
        ptr = ctypes.c_void_p()
        self._check(lib.cops_encounter_checkpoint(self._e(), ctypes.byref(ptr)))
        return Checkpoint(ptr.value, self._ctx)

    def rollback(self, checkpoint: Checkpoint) -> None:
        """Back to checkpoint, exactly: the fight goes on byte for byte as it did from there;
        combatants added since leave (cops_encounter_rollback). The checkpoint stays valid."""
        if not isinstance(checkpoint, Checkpoint):
            raise TypeError("checkpoint must be a cops.Checkpoint")
        self._check(lib.cops_encounter_rollback(self._e(), checkpoint._h))

    def save(self) -> str:
        """The fight as it is now, as JSON text to resume it with Encounter.load(): between
        rounds or with the declarations of a round under way (cops_encounter_save)."""
        out = ctypes.c_void_p()
        self._check(lib.cops_encounter_save(self._e(), ctypes.byref(out)))
        return n.take_text(out.value)

    def save_file(self, path: PathLike) -> None:
        """save() to a file."""
        self._check(lib.cops_encounter_save_file(self._e(), n.text(os.fspath(path), "path")))

    def run(self) -> None:
        """Run rounds to the end of the fight (the default policy for every combatant
        not controlled)."""
        self._check(lib.cops_encounter_run(self._e()))

    def run_round(self) -> None:
        """Run one round with the default policy."""
        self._check(lib.cops_encounter_run_round(self._e()))

    def seed(self, seed: int) -> None:
        """Seed the context and record the seed in the log's start."""
        self._check(lib.cops_encounter_seed(self._e(), n.integer(seed, "seed", 0, 2 ** 64 - 1)))

    @property
    def over(self) -> bool:
        """The fight is over."""
        return bool(self._check(lib.cops_encounter_over(self._e())))

    @property
    def round(self) -> int:
        """The current round (0 before the first)."""
        return self._check(lib.cops_encounter_round(self._e()))

    @property
    def ruleset(self) -> str:
        """The combat rules: "core", or "alternative" (002, docs/alternative-rules.md);
        set before the first round (or after reset())."""
        r = self._check(lib.cops_encounter_ruleset(self._e()))
        return n.c_text(lib.cops_ruleset_name(r))

    @ruleset.setter
    def ruleset(self, name: str) -> None:
        self._check(lib.cops_encounter_set_ruleset(
            self._e(), n.parsed(lib.cops_ruleset_parse, name, "ruleset")))

    @property
    def winner(self) -> Optional[int]:
        """The winning side, None when nobody won; StateError while the fight goes on."""
        w = ctypes.c_int()
        self._check(lib.cops_encounter_get_winner(self._e(), ctypes.byref(w)))
        return None if w.value < 0 else w.value

class Encounter(_EncounterView):
    """A fight (cops_encounter). It keeps the characters, weapons and armour added to it
    alive as long as it lives."""

    _free = lib.cops_encounter_free

    def __init__(self, ctx: Context) -> None:
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_encounter_new(ctypes.byref(ptr), ctx._h, 0))
        super().__init__(ptr.value, ctx)
        self._kept: List[_Handle] = []
        self._anciennete: Optional[Any] = None

    def _keep(self, thing: _Handle) -> None:
        self._kept.append(thing)
        thing._users += 1

    def _release(self) -> None:
        for thing in self._kept:
            thing._users -= 1
            if thing._borrowed:
                thing._ptr = None   # freed with the encounter that owned it
        self._kept = []

    @classmethod
    def load(cls, ctx: Context, text: str) -> "Encounter":
        """Rebuild a fight saved by save() (cops_encounter_load, docs/encounters.md). It owns
        the characters, weapons and armour it was rebuilt with: character(id), weapons(id) and
        armour(id) give them, usable while the encounter is open. A seeded save puts the
        context's dice where the save was."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_encounter_load(ctypes.byref(ptr), ctx._h, n.text(text, "text")))
        return cls._adopting(ctx, ptr.value)

    @classmethod
    def load_file(cls, ctx: Context, path: PathLike) -> "Encounter":
        """load() from a file (confined by Context.confine)."""
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_encounter_load_file(ctypes.byref(ptr), ctx._h,
                                                n.text(os.fspath(path), "path")))
        return cls._adopting(ctx, ptr.value)

    @classmethod
    def _adopting(cls, ctx: Context, ptr: Optional[int]) -> "Encounter":
        e = cls.__new__(cls)
        _EncounterView.__init__(e, ptr, ctx)
        e._kept = []
        e._anciennete = None
        seen = set()
        count = lib.cops_encounter_count(ptr)
        for i in range(count):
            found: List[Tuple[Optional[int], Type[_Entity]]] = [
                (lib.cops_encounter_character(ptr, i), Character),
                (lib.cops_encounter_armour(ptr, i), Armour)]
            found += [(lib.cops_encounter_weapon_at(ptr, i, k), Weapon)
                      for k in range(lib.cops_encounter_weapon_count(ptr, i))]
            for p, kind in found:
                if p and p not in seen:
                    seen.add(p)
                    thing = kind(ctx, p)
                    thing._borrowed = True
                    e._keep(thing)
        return e


    def equip(self, ident: int) -> None:
        """Equip combatant ident with what its character's sheet carries (Character.gear,
        docs/sheets.md): the sheet's weapons when it carries none, the one marked in hand in
        hand, its armour when it wears none. The rounds the fight spends are the sheet's."""
        ident = n.integer(ident, "id")
        self._check(lib.cops_encounter_equip(self._h, ident))
        found: List[Tuple[Optional[int], Type[_Entity]]] = [
            (lib.cops_encounter_armour(self._h, ident), Armour)]
        found += [(lib.cops_encounter_weapon_at(self._h, ident, k), Weapon)
                  for k in range(lib.cops_encounter_weapon_count(self._h, ident))]
        for p, kind in found:
            if p and not any(thing._ptr == p for thing in self._kept):
                retain = lib.cops_weapon_retain if kind is Weapon else lib.cops_armour_retain
                self._keep(kind(cast(Context, self._ctx), retain(p)))

    def _e(self) -> int:
        return self._h

    def add(self, character: Character, side: int, x: int = 0, y: int = 0,
            weapons: Iterable[Weapon] = (), armour: Optional[Armour] = None,
            controlled: bool = False) -> int:
        """Add a combatant; returns its id. Every argument is checked before the
        combatant is added; should the library refuse a weapon (one another combatant
        carries), the combatant leaves again and the error is raised."""
        if not isinstance(character, Character):
            raise TypeError("character must be a cops.Character")
        weapons = list(weapons)
        if not all(isinstance(w, Weapon) for w in weapons):
            raise TypeError("weapons must be cops.Weapon")
        if len(weapons) > n.WEAPONS_MAX:
            raise RangeError("at most %d weapons, not %d" % (n.WEAPONS_MAX, len(weapons)))
        if len(set(map(id, weapons))) != len(weapons):
            raise InvalidArgumentError("a weapon is given twice")
        if any(w is k for w in weapons for k in self._kept):
            raise InvalidArgumentError("a weapon is already carried in this encounter")
        if armour is not None and not isinstance(armour, Armour):
            raise TypeError("armour must be a cops.Armour")
        if not isinstance(controlled, bool):
            raise TypeError("controlled must be a bool")
        side, x, y = n.integer(side, "side"), n.integer(x, "x"), n.integer(y, "y")
        ident = ctypes.c_int()
        self._check(lib.cops_encounter_add(self._h, character._h, side, x, y,
                                           ctypes.byref(ident)))
        try:
            for w in weapons:
                self._check(lib.cops_encounter_give_weapon(self._h, ident.value, w._h))
            if armour is not None:
                self._check(lib.cops_encounter_set_armour(self._h, ident.value, armour._h))
            if controlled:
                self._check(lib.cops_encounter_set_controlled(self._h, ident.value, 1))
        except CopsError:
            lib.cops_encounter_remove(self._h, ident.value)
            raise
        things: List[_Handle] = [character, *weapons]
        if armour is not None:
            things.append(armour)
        for thing in things:
            self._keep(thing)
        return ident.value

    def remove(self, ident: int) -> None:
        """The combatant leaves (between rounds)."""
        self._check(lib.cops_encounter_remove(self._h, n.integer(ident, "id")))

    def begin_round(self) -> None:
        """Start a round: declarations come next."""
        self._check(lib.cops_encounter_begin_round(self._h))

    def declare(self, ident: int, action: Union[str, int], target: Optional[int] = None,
                attitude: Union[str, int] = "Normal", initiative: int = 0, shots: int = 1,
                to: Optional[Tuple[int, int]] = None, weapon: int = 0,
                difficulty: int = 3, dice_mod: int = 0, threshold_mod: int = 0,
                difficulty_mod: int = 0, long_move: bool = False,
                adrenaline: bool = False, anciennete: bool = False, aim: int = 0,
                bullets: int = 0, circumstances: int = 0, keep: int = 0) -> None:
        """Declare for a combatant: action "shoot", "burst", "cover", "melee", "strike",
        "hold", "throw", "escape", "move", "reload", "draw", "stand_up", "first_aid",
        "medicine", "wait"; attitude a name or -2..2; to an (x, y) to move to first; the GM's modifiers
        of the action's roll (C1.7); long_move: the GM allows a move beyond 10 m (C6.3),
        the malus in dice_mod; adrenaline spends a point for one more die on the attack's
        roll (C5); anciennete spends a point on each roll of the combatant that fails this
        round, while points last, to roll it again (C5). Under the alternative rules
        (docs/alternative-rules.md) initiative is 0 (it is rolled); aim, bullets,
        circumstances and keep are theirs (A1.2, A2)."""
        d = self._declaration(action, target=target, attitude=attitude, initiative=initiative, shots=shots, to=to, weapon=weapon, difficulty=difficulty, dice_mod=dice_mod, threshold_mod=threshold_mod, difficulty_mod=difficulty_mod, long_move=long_move, adrenaline=adrenaline, anciennete=anciennete, aim=aim, bullets=bullets, circumstances=circumstances, keep=keep)
        self._check(lib.cops_encounter_declare(self._h, n.integer(ident, "id"), ctypes.byref(d)))

    def odds(self, ident: int, action: Union[str, int], target: Optional[int] = None,
                attitude: Union[str, int] = "Normal", initiative: int = 0, shots: int = 1,
                to: Optional[Tuple[int, int]] = None, weapon: int = 0,
                difficulty: int = 3, dice_mod: int = 0, threshold_mod: int = 0,
                difficulty_mod: int = 0, long_move: bool = False,
                adrenaline: bool = False, anciennete: bool = False, aim: int = 0,
                bullets: int = 0, circumstances: int = 0, keep: int = 0) -> AttackOdds:
        """The exact odds of the attack declare() with these arguments would make, as the
        round resolves it (cops_encounter_odds): after the move, against the target's state
        now; nothing changes, no die is drawn. Between begin_round() and resolve_round()."""
        d = self._declaration(action, target=target, attitude=attitude, initiative=initiative, shots=shots, to=to, weapon=weapon, difficulty=difficulty, dice_mod=dice_mod, threshold_mod=threshold_mod, difficulty_mod=difficulty_mod, long_move=long_move, adrenaline=adrenaline, anciennete=anciennete, aim=aim, bullets=bullets, circumstances=circumstances, keep=keep)
        h, ident = self._h, n.integer(ident, "id")
        return _attack_odds(cast(Context, self._ctx),
                            lambda o: int(lib.cops_encounter_odds(h, ident, ctypes.byref(d), o)))

    def _declaration(self, action: Union[str, int], target: Optional[int] = None,
                attitude: Union[str, int] = "Normal", initiative: int = 0, shots: int = 1,
                to: Optional[Tuple[int, int]] = None, weapon: int = 0,
                difficulty: int = 3, dice_mod: int = 0, threshold_mod: int = 0,
                difficulty_mod: int = 0, long_move: bool = False,
                adrenaline: bool = False, anciennete: bool = False, aim: int = 0,
                bullets: int = 0, circumstances: int = 0, keep: int = 0) -> n.Declaration:

        d = n.Declaration()
        act = n.parsed(lib.cops_encounter_action_parse, action, "action")
        self._check(lib.cops_declaration_init_sized(ctypes.byref(d), ctypes.sizeof(d), act))
        d.attitude = n.parsed(lib.cops_attitude_parse, attitude, "attitude")
        d.initiative = n.integer(initiative, "initiative")
        d.target = -1 if target is None else n.integer(target, "target")
        d.shots = n.integer(shots, "shots")
        d.weapon = n.integer(weapon, "weapon")
        d.difficulty = n.integer(difficulty, "difficulty")
        d.dice_mod = n.integer(dice_mod, "dice_mod")
        d.threshold_mod = n.integer(threshold_mod, "threshold_mod")
        d.difficulty_mod = n.integer(difficulty_mod, "difficulty_mod")
        if not isinstance(long_move, bool):
            raise TypeError("long_move must be a bool")
        d.long_move = int(long_move)
        if not isinstance(adrenaline, bool):
            raise TypeError("adrenaline must be a bool")
        d.adrenaline = int(adrenaline)
        if not isinstance(anciennete, bool):
            raise TypeError("anciennete must be a bool")
        d.anciennete = int(anciennete)
        d.aim = n.integer(aim, "aim")
        d.bullets = n.integer(bullets, "bullets")
        d.circumstances = n.integer(circumstances, "circumstances")
        d.keep = n.integer(keep, "keep")
        if to is not None:
            x, y = to
            d.moving, d.x, d.y = 1, n.integer(x, "x"), n.integer(y, "y")
        return d

    def resolve_round(self) -> None:
        """Resolve the round declared (all or nothing)."""
        self._check(lib.cops_encounter_resolve_round(self._h))

    def set_anciennete_callback(
            self, fn: Optional[Callable[[int, str, Roll, int], bool]]) -> None:
        """Who decides on Ancienneté for the controlled combatants (C5): fn(id, purpose,
        failed roll, points left) -> True to spend a point and roll again, called while a
        round runs for each failed roll of a controlled combatant whose declaration did not
        say anciennete. An exception from fn fails the round (all or nothing) and is raised
        by the round's call; fn must not call the library on this context. None: the
        declarations' flag alone. The default policy's combatants keep their points."""
        if fn is None:
            self._check(lib.cops_encounter_set_anciennete_callback(self._h, None, None))
            self._anciennete = None
            return
        if not callable(fn):
            raise TypeError("the callback must be callable")
        ctx: Context = cast(Context, self._ctx)
        decide: Callable[[int, str, Roll, int], bool] = fn
        purposes = {k: n.c_text(lib.cops_purpose_name(k)) for k in range(64)
                    if lib.cops_purpose_name(k)}

        def trampoline(_user: object, ident: int, purpose: int, failed: int,
                       points: int) -> int:
            ctx._in_callback += 1
            try:
                answer = decide(ident, purposes[purpose], _read_roll(failed), points)
                if not isinstance(answer, bool):
                    raise TypeError("the Ancienneté callback returned %r, not a bool"
                                    % (answer,))
                return int(answer)
            except BaseException as exc:  # reported after C returns
                ctx._callback_error = exc
                return StateError.code
            finally:
                ctx._in_callback -= 1

        self._anciennete = n.ANCIENNETE_FN(trampoline)  # alive as long as the encounter uses it
        self._check(lib.cops_encounter_set_anciennete_callback(
            self._h, ctypes.cast(self._anciennete, ctypes.c_void_p), None))

    def can_act(self, ident: int) -> bool:
        """The combatant can declare an action this round."""
        can = ctypes.c_int()
        self._check(lib.cops_encounter_able(self._h, n.integer(ident, "id"), ctypes.byref(can)))
        return bool(can.value)

    def distance(self, a: int, b: int) -> int:
        """Metres between two combatants."""
        return self._check(lib.cops_encounter_distance(self._h, n.integer(a, "id"),
                                                       n.integer(b, "id")))

    def reset(self) -> None:
        """Back to before the first round."""
        self._check(lib.cops_encounter_reset(self._h))

    @property
    def count(self) -> int:
        """Combatants added (those who left included: ids are never reused)."""
        return self._check(lib.cops_encounter_count(self._h))

    def position(self, ident: int) -> Tuple[int, int]:
        """Where a combatant stands, (x, y) in metres."""
        x, y = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_encounter_position(self._h, n.integer(ident, "id"), ctypes.byref(x),
                                                ctypes.byref(y)))
        return x.value, y.value

    def set_position(self, ident: int, x: int, y: int) -> None:
        """Put a combatant at (x, y) between rounds (the GM moves the figure)."""
        self._check(lib.cops_encounter_set_position(self._h, n.integer(ident, "id"),
                                                    n.integer(x, "x"), n.integer(y, "y")))

    def present(self, ident: int) -> bool:
        """The combatant is still in the encounter (it has not left)."""
        return bool(self._check(lib.cops_encounter_present(self._h, n.integer(ident, "id"))))

    def side(self, ident: int) -> int:
        """The combatant's side."""
        return self._check(lib.cops_encounter_side(self._h, n.integer(ident, "id")))

    def character(self, ident: int) -> Character:
        """The combatant's Character."""
        return cast(Character, self._find(lib.cops_encounter_character(
            self._h, n.integer(ident, "id")), ident))

    def weapon(self, ident: int) -> Optional[Weapon]:
        """The weapon in the combatant's hand, None bare-handed."""
        ptr = lib.cops_encounter_weapon(self._h, n.integer(ident, "id"))
        return cast(Weapon, self._find(ptr, ident)) if ptr else None

    def declaration(self, ident: int) -> Dict[str, Any]:
        """What the combatant declared this round (between begin_round and resolve_round)."""
        return self._read_declaration(lib.cops_encounter_declaration, ident)

    def suggest(self, ident: int) -> Dict[str, Any]:
        """What the default policy would declare for the combatant this round (after
        begin_round): a VTT's default choice for the player. Nothing changes."""
        return self._read_declaration(lib.cops_encounter_suggest, ident)

    def weapons(self, ident: int) -> List[Weapon]:
        """The weapons the combatant carries, in order (weapon= of declare("draw") is an
        index in it)."""
        count = self._check(lib.cops_encounter_weapon_count(self._h, n.integer(ident, "id")))
        return [cast(Weapon, self._find(lib.cops_encounter_weapon_at(self._h, ident, k), ident))
                for k in range(count)]

    def hand(self, ident: int) -> Optional[int]:
        """The index of the weapon in hand, None bare-handed."""
        v = ctypes.c_int()
        self._check(lib.cops_encounter_hand(self._h, n.integer(ident, "id"), ctypes.byref(v)))
        return None if v.value < 0 else v.value

    def armour(self, ident: int) -> Optional[Armour]:
        """The armour the combatant wears, None without."""
        self._check(lib.cops_encounter_side(self._h, n.integer(ident, "id")))
        ptr = lib.cops_encounter_armour(self._h, ident)
        return cast(Armour, self._find(ptr, ident)) if ptr else None

    def set_controlled(self, ident: int, controlled: bool) -> None:
        """A player declares for the combatant (True) or the policy does (False), between
        rounds: a loaded fight's players taking their seats (cops_encounter_set_controlled)."""
        if not isinstance(controlled, bool):
            raise TypeError("controlled must be a bool")
        self._check(lib.cops_encounter_set_controlled(self._h, n.integer(ident, "id"),
                                                      1 if controlled else 0))

    def controlled(self, ident: int) -> bool:
        """A player controls the combatant (add(..., controlled=True))."""
        v = ctypes.c_int()
        self._check(lib.cops_encounter_controlled(self._h, n.integer(ident, "id"),
                                                  ctypes.byref(v)))
        return bool(v.value)

    def initiative_range(self, ident: int) -> Tuple[int, int]:
        """The initiatives the combatant may declare now (C6, C10.4): (lowest, highest).
        Melee actions take 0."""
        lo, hi = ctypes.c_int(), ctypes.c_int()
        self._check(lib.cops_encounter_initiative_range(self._h, n.integer(ident, "id"),
                                                        ctypes.byref(lo), ctypes.byref(hi)))
        return lo.value, hi.value

    def allowed(self, ident: int) -> Dict[str, Optional[str]]:
        """Every action by name: None when the combatant may declare it this round (with
        some target, weapon or place), else the reason declare() would give."""
        out: Dict[str, Optional[str]] = {}
        ok = ctypes.c_int()
        why = ctypes.create_string_buffer(512)
        action = 0
        while True:
            name = lib.cops_encounter_action_name(action)
            if name is None:
                return out
            self._check(lib.cops_encounter_allowed(self._h, n.integer(ident, "id"), action,
                                                   ctypes.byref(ok), why, len(why)))
            out[n.c_text(name)] = None if ok.value else why.value.decode("utf-8")
            action += 1

    def _read_declaration(self, fn: Any, ident: int) -> Dict[str, Any]:
        d = n.Declaration(size=ctypes.sizeof(n.Declaration))
        self._check(fn(self._h, n.integer(ident, "id"), ctypes.byref(d)))
        return {"action": n.c_text(lib.cops_encounter_action_name(d.action)),
                "attitude": d.attitude, "initiative": d.initiative,
                "target": None if d.target < 0 else d.target, "weapon": d.weapon,
                "shots": d.shots, "to": (d.x, d.y) if d.moving else None,
                "difficulty": d.difficulty, "dice_mod": d.dice_mod,
                "threshold_mod": d.threshold_mod, "difficulty_mod": d.difficulty_mod,
                "long_move": bool(d.long_move), "adrenaline": bool(d.adrenaline),
                "anciennete": bool(d.anciennete), "aim": d.aim, "bullets": d.bullets,
                "circumstances": d.circumstances, "keep": d.keep}

    def _find(self, ptr: Optional[int], ident: int) -> _Handle:
        if not ptr:
            self._check(lib.cops_encounter_side(self._h, ident))   # raises for a bad id
        for thing in self._kept:
            if thing._ptr == ptr:
                return thing
        raise NotFoundError("nothing kept for combatant %d" % ident)

    def set_max_rounds(self, rounds: int) -> None:
        """After this many rounds the fight ends with no winner."""
        self._check(lib.cops_encounter_set_max_rounds(self._h, n.integer(rounds, "rounds")))


class Scenario(_EncounterView):
    """A scenario file (docs/scenarios.md) with the encounter it owns."""

    _free = lib.cops_scenario_free

    def __init__(self, ctx: Context, path: Optional[PathLike] = None,
                 json_text: Optional[str] = None, base_dir: Optional[PathLike] = None) -> None:
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        if (path is None) == (json_text is None):
            raise InvalidArgumentError("give a path or json_text")
        ptr = ctypes.c_void_p()
        if path is not None:
            ctx._check(lib.cops_scenario_load(ctypes.byref(ptr), ctx._h,
                                              n.text(os.fspath(path), "path")))
        else:
            base = None if base_dir is None else n.text(os.fspath(base_dir), "base_dir")
            ctx._check(lib.cops_scenario_from_json(ctypes.byref(ptr), ctx._h,
                                                   n.text(json_text, "json_text"), base))
        super().__init__(ptr.value, ctx)

    def _e(self) -> int:
        return cast(int, lib.cops_scenario_encounter(self._h))

    @property
    def name(self) -> str:
        """The scenario's name."""
        return n.c_text(lib.cops_scenario_name(self._h))

    @property
    def sides(self) -> List[str]:
        """The sides' names, by number."""
        count = self._check(lib.cops_scenario_side_count(self._h))
        return [n.c_text(lib.cops_scenario_side_name(self._h, i)) for i in range(count)]

    def run(self) -> None:
        """Run to the end: scripted rounds, the default policy otherwise."""
        self._check(lib.cops_scenario_run(self._h))

    def reset(self) -> None:
        """Back to before the first round, every combatant as read."""
        self._check(lib.cops_scenario_reset(self._h))

