"""The simulator of game masters (docs/simulation.md, <cops/sim.h>): a scenario's fights
by index, each seeded from the study's seed and its index, so that any split — threads,
processes, machines — gives the same figures; summaries merged, written and read."""

import ctypes
import json
import os
from typing import Any, Dict, Optional

from . import _native as n
from .base import Context, PathLike, _Handle
from .fight import Scenario

lib = n.lib
_p, _i, _ll = ctypes.c_void_p, ctypes.c_int, ctypes.c_longlong

for _fn_name, _res, _args in (
        ("cops_sim_new", _i, [ctypes.POINTER(_p), _p, _p, _i, ctypes.c_uint64]),
        ("cops_sim_free", None, [_p]),
        ("cops_sim_run", _i, [_p, _p, _ll, _ll]),
        ("cops_sim_merge", _i, [_p, _p]),
        ("cops_sim_fights", _ll, [_p]),
        ("cops_sim_stopped", _ll, [_p]),
        ("cops_sim_wins", _ll, [_p, _i]),
        ("cops_sim_to_json", _i, [_p, ctypes.POINTER(_p)]),
        ("cops_sim_from_json", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
        ("cops_sim_load", _i, [ctypes.POINTER(_p), _p, ctypes.c_char_p]),
        ("cops_sim_ruleset", _i, [_p]),
        ("cops_sim_compare", _i, [_p, _p, ctypes.POINTER(_p)])):
    _fn = getattr(lib, _fn_name)
    _fn.restype, _fn.argtypes = _res, _args

RUNS_MAX = 10 ** 12


class Sim(_Handle):
    """A summary of fights of one scenario (cops_sim): wins, rounds, down and dead.
    Sim(ctx, scenario, seed=None): seeded, fight i draws from the seed and i (fight 0 is
    the fight of Encounter.seed(seed)); None: the scenario's context's own dice."""

    _free = lib.cops_sim_free

    def __init__(self, ctx: Context, scenario: Scenario, seed: Optional[int] = None) -> None:
        if not isinstance(ctx, Context) or not isinstance(scenario, Scenario):
            raise TypeError("Sim(ctx: cops.Context, scenario: cops.Scenario, seed=None)")
        ptr = ctypes.c_void_p()
        value = 0 if seed is None else n.integer(seed, "seed", 0, 2 ** 64 - 1)
        ctx._check(lib.cops_sim_new(ctypes.byref(ptr), ctx._h, scenario._h,
                                    int(seed is not None), value))
        super().__init__(ptr.value, ctx)

    @classmethod
    def _made(cls, ctx: Context, fn: Any, arg: bytes) -> "Sim":
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(fn(ctypes.byref(ptr), ctx._h, arg))
        s = cls.__new__(cls)
        _Handle.__init__(s, ptr.value, ctx)
        return s

    @classmethod
    def from_json(cls, ctx: Context, text: str) -> "Sim":
        """A summary from its JSON (schemas/sim.schema.json), every count checked."""
        return cls._made(ctx, lib.cops_sim_from_json, n.text(text, "text"))

    @classmethod
    def load(cls, ctx: Context, path: PathLike) -> "Sim":
        """from_json() of a file, confined as the context says."""
        return cls._made(ctx, lib.cops_sim_load, n.text(os.fspath(path), "path"))

    def run(self, scenario: Scenario, start: int, runs: int) -> None:
        """Run the fights of indexes start .. start + runs - 1 of scenario (the summary's,
        in any context) and count them; all or nothing."""
        if not isinstance(scenario, Scenario):
            raise TypeError("scenario must be a cops.Scenario")
        self._check(lib.cops_sim_run(self._h, scenario._h, n.integer(start, "start", 0, RUNS_MAX),
                                     n.integer(runs, "runs", 1, RUNS_MAX)))

    def merge(self, other: "Sim") -> None:
        """Add the fights of another summary of the same study (scenario, seed), their
        ranges apart; all or nothing."""
        if not isinstance(other, Sim):
            raise TypeError("other must be a cops.Sim")
        self._check(lib.cops_sim_merge(self._h, other._h))

    @property
    def fights(self) -> int:
        """Fights finished and counted."""
        return int(lib.cops_sim_fights(self._h))

    @property
    def stopped(self) -> int:
        """Fights a scripted declaration stopped, left out."""
        return int(lib.cops_sim_stopped(self._h))

    def wins(self, side: Optional[int] = None) -> int:
        """Fights side (0 ..) won; None: undecided."""
        return self._check(int(lib.cops_sim_wins(self._h, -1 if side is None else
                                                 n.integer(side, "side", 0, 15))))

    def to_json(self) -> str:
        """The summary as JSON, as the library writes it (cops sim --json)."""
        out = ctypes.c_void_p()
        self._check(lib.cops_sim_to_json(self._h, ctypes.byref(out)))
        return n.take_text(out.value)

    @property
    def ruleset(self) -> str:
        """The rules its fights were played under: "core" or "alternative"."""
        return n.c_text(lib.cops_ruleset_name(self._check(int(lib.cops_sim_ruleset(self._h)))))

    def compare(self, other: "Sim") -> Dict[str, Any]:
        """This summary (a) and other (b) of the same scenario compared, usually under two
        rulesets (cops_sim_compare, schemas/sim-compare.schema.json): wins, undecided,
        down and dead, lethality as rates with 95 % intervals, the differences with their
        p-values; the mean rounds."""
        return dict(json.loads(self._compare_text(other)))

    def _compare_text(self, other: "Sim") -> str:
        """compare() as the library writes it (cops sim --compare --json)."""
        if not isinstance(other, Sim):
            raise TypeError("other must be a cops.Sim")
        out = ctypes.c_void_p()
        self._check(lib.cops_sim_compare(self._h, other._h, ctypes.byref(out)))
        return n.take_text(out.value)

    @property
    def summary(self) -> Dict[str, Any]:
        """to_json() read: scenario, seed, runs, fights, sides, rounds, combatants ..."""
        return dict(json.loads(self.to_json()))


__all__ = ["Sim"]
