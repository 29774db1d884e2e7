"""Event logs (lib/log, docs/events.md): a Log that one-off attacks and rolls append to,
and what every handle that keeps a log shares (its events, JSON Lines, narration)."""

import ctypes
from typing import Any, List, Optional

from . import _native as n
from .base import Context, _Handle
from .results import Event

lib = n.lib


class Log(_Handle):
    """An event log (cops_log) that one-off attacks and rolls append to."""

    _is_log = True   # cops.d6.event_fields and cops.st.event_fields read it

    _free = lib.cops_log_free

    def __init__(self, ctx: Context) -> None:
        if not isinstance(ctx, Context):
            raise TypeError("ctx must be a cops.Context")
        ptr = ctypes.c_void_p()
        ctx._check(lib.cops_log_new(ctypes.byref(ptr), ctx._h))
        super().__init__(ptr.value, ctx)

    def __len__(self) -> int:
        return self._check(lib.cops_log_count(self._h))

    def clear(self) -> None:
        """Drop the events held (their numbers go on: seq continues)."""
        self._check(lib.cops_log_clear(self._h))

    def set_round(self, round: int) -> None:
        """The round number the next events carry."""
        self._check(lib.cops_log_set_round(self._h, n.integer(round, "round", 0, n.INT_MAX)))

    @property
    def limit(self) -> int:
        """The most events the log holds (0: no limit)."""
        return self._check(lib.cops_log_limit(self._h))

    @limit.setter
    def limit(self, events: int) -> None:
        self._check(lib.cops_log_set_limit(self._h, n.integer(events, "events", 0, n.INT_MAX)))

    def jsonl(self, start: int = 0) -> str:
        """The events from the start-th held as JSON Lines, as the C library writes them."""
        out = ctypes.c_void_p()
        self._check(lib.cops_log_to_jsonl(self._h, n.integer(start, "start", 0), ctypes.byref(out)))
        return n.take_text(out.value)

    @property
    def events(self) -> List[Event]:
        """The events held (docs/events.md)."""
        return [Event.from_json(line) for line in self.jsonl().splitlines()]

    def narrate(self, lang: str = "fr", start: int = 0) -> str:
        """The events from the start-th told for players, in "fr", "en" or "es"."""
        out = ctypes.c_void_p()
        self._check(lib.cops_log_narrate(self._h, n.integer(start, "start", 0),
                                         n.lang_code(lang), ctypes.byref(out)))
        return n.take_text(out.value)


class _LogView(_Handle):
    """A handle that keeps an event log (_log()): its events as JSON Lines, as Events,
    narrated, and its limit."""

    def _log(self) -> int:
        raise NotImplementedError

    def jsonl(self) -> str:
        """The events as JSON Lines, byte for byte as the C library writes them."""
        out = ctypes.c_void_p()
        self._check(lib.cops_log_to_jsonl(self._log(), 0, ctypes.byref(out)))
        return n.take_text(out.value)

    @property
    def events(self) -> List[Event]:
        """The events (docs/events.md)."""
        return [Event.from_json(line) for line in self.jsonl().splitlines()]

    def narrate(self, lang: str = "fr") -> str:
        """The events told for players, one line each, in "fr", "en" or "es"."""
        out = ctypes.c_void_p()
        self._check(lib.cops_log_narrate(self._log(), 0, n.lang_code(lang), ctypes.byref(out)))
        return n.take_text(out.value)

    @property
    def log_limit(self) -> int:
        """The most events the log holds (0: no limit); a round past it raises RangeError."""
        return self._check(lib.cops_log_limit(self._log()))

    @log_limit.setter
    def log_limit(self, events: int) -> None:
        self._check(lib.cops_log_set_limit(self._log(), n.integer(events, "events", 0, n.INT_MAX)))


def _log_handle(log: Any) -> Any:
    """The C log of a cops.Log, or of a fight or an encounter that keeps one; anything else
    is refused before it reaches the library."""
    if isinstance(log, _LogView):
        return log._log()
    if getattr(type(log), "_is_log", False):
        return log._h
    raise TypeError("expected a cops.Log, or a fight or an encounter that keeps one")


def _log_of(log: Optional[Any]) -> Optional[int]:
    """A cops.Log's handle, or None."""
    if log is None:
        return None
    if not getattr(log, "_is_log", False):   # a cops.Log (fight.py, which imports this module)
        raise TypeError("log must be a cops.Log or None")
    handle: Optional[int] = log._h
    return handle
