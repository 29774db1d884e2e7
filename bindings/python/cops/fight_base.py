"""What the optional modules' fights share (lib/fight/fight-base.c): a name, the sides'
names, the round cap, logging, the seed and a reset, with the same calls for cops.st.Fight and
cops.d6.Fight (each module's C functions, cops_<module>_fight_*)."""

from typing import Any, Optional

from . import _native as n
from .errors import InvalidArgumentError
from .log import _LogView

lib = n.lib


class _ModuleFight(_LogView):
    _module = ""   # "st" or "d6": the prefix of the module's C functions

    def _call(self, name: str) -> Any:
        return getattr(lib, "cops_%s_fight_%s" % (self._module, name))

    @property
    def name(self) -> str:
        """The fight's name (its file's)."""
        return n.c_text(self._call("name")(self._h))

    def side_name(self, side: int) -> Optional[str]:
        """Side side's name, None out of range."""
        name = self._call("side_name")(self._h, n.integer(side, "side"))
        return None if name is None else name.decode()

    def set_side_name(self, side: int, name: str) -> None:
        """Name side side (0..7): clean text, not empty."""
        self._check(self._call("set_side_name")(self._h, n.integer(side, "side"),
                                                n.text(name, "name")))

    def set_max_rounds(self, rounds: int) -> None:
        """The round cap, 1..10000."""
        self._check(self._call("set_max_rounds")(self._h, n.integer(rounds, "rounds")))

    def reset(self) -> None:
        """Back to the start, to run the same fight again: every fighter and its character as
        they stood when the first round began (health or wounds, weapons, points, place,
        cover, tactic; a D6 fight's vehicles), round 0, the log empty. The dice go on.
        CopsError (COPS_ESTATE) for a fight read from a save made after round 1."""
        self._check(self._call("reset")(self._h))

    def set_logging(self, on: bool) -> None:
        """Whether the fight logs its events."""
        self._check(self._call("set_logging")(self._h, int(bool(on))))

    def seed(self, seed: int) -> None:
        """Seed the context with seed, recorded in the save."""
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 64:
            raise InvalidArgumentError("seed must be a whole number 0 .. 2**64 - 1")
        self._check(self._call("seed")(self._h, seed))
