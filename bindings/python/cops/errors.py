"""The errors of libcops as exceptions.

Every error the C library returns raises a subclass of CopsError, named for what went
wrong (NotationError, RuleError ...); the C code's name (ESYNTAX, ERULE ...) is the same
class under another name, so that either may be caught. A value the binding refuses before
any C call raises the same classes: `except cops.CopsError` catches every refusal of a value.
They are also the built-in classes Python code expects: InvalidArgumentError a ValueError,
RangeError an IndexError, an OverflowError and a ValueError, NotFoundError a KeyError (so a
LookupError) and a ValueError.
A wrong type (a list where a string goes) is a TypeError.
"""

from typing import Dict, Type


class CopsError(Exception):
    """A libcops error: .code (the negative C code), .name ("ERULE"), .message (the
    library's message, which names the field or the rule)."""

    code = 0
    name = "COPS_ERROR"

    def __init__(self, message: str) -> None:
        super().__init__("%s: %s" % (self.name, message))
        self.message = message

    def __str__(self) -> str:   # KeyError's own would quote it
        return "%s: %s" % (self.name, self.message)


class InvalidArgumentError(CopsError, ValueError):
    """EINVAL: an argument is invalid (also a ValueError, as Python code expects)."""
    code, name = -1, "EINVAL"


class RangeError(CopsError, IndexError, OverflowError, ValueError):
    """ERANGE: a value is out of range (a pool of 65 dice, a PU of 21, a log past its limit,
    an int past C's, an index); also an IndexError, an OverflowError and a ValueError."""
    code, name = -2, "ERANGE"


class OutOfMemoryError(CopsError):
    """ENOMEM: out of memory; the call changed nothing."""
    code, name = -3, "ENOMEM"


class RandomSourceError(CopsError):
    """ERNG: the dice source failed (a callback's error is raised again instead)."""
    code, name = -4, "ERNG"


class NotationError(CopsError):
    """ESYNTAX: a notation could not be read; the message gives the column."""
    code, name = -5, "ESYNTAX"


class StateError(CopsError):
    """ESTATE: not now (the fight is not over, a roll is empty, a call from a dice callback)."""
    code, name = -6, "ESTATE"


class NotFoundError(CopsError, KeyError, ValueError):
    """ENOTFOUND: an unknown name (skill, specialisation, weapon kind, method, language ...);
    also a KeyError (a LookupError), and a ValueError as an unknown name given as an
    argument is."""
    code, name = -7, "ENOTFOUND"


class RuleError(CopsError):
    """ERULE: the rules forbid it (no Adrénaline point left, a blade cannot burst ...)."""
    code, name = -8, "ERULE"


class JSONError(CopsError):
    """EJSON: a JSON document is wrong; the message names the field."""
    code, name = -9, "EJSON"


class FileError(CopsError):
    """EIO: a file cannot be read or written (or is outside the confinement)."""
    code, name = -10, "EIO"


class SealError(CopsError, ValueError):
    """ESEAL: a sealed text its key does not open (another key, or a byte changed); nothing
    was read. Also a ValueError, as a wrong key given as an argument is."""
    code, name = -11, "ESEAL"


EINVAL = InvalidArgumentError
ERANGE = RangeError
ENOMEM = OutOfMemoryError
ERNG = RandomSourceError
ESYNTAX = NotationError
ESTATE = StateError
ENOTFOUND = NotFoundError
ERULE = RuleError
EJSON = JSONError
EIO = FileError
ESEAL = SealError

ERRORS: Dict[int, Type[CopsError]] = {
    cls.code: cls for cls in (InvalidArgumentError, RangeError, OutOfMemoryError,
                              RandomSourceError, NotationError, StateError, NotFoundError,
                              RuleError, JSONError, FileError, SealError)}
