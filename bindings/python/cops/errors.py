"""The errors of libcops as exceptions.

Every error the C library returns raises a subclass of CopsError, named for what went
wrong (NotationError, RuleError ...); the C code's name (ESYNTAX, ERULE ...) is the same
class under another name, so that either may be caught.
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


class InvalidArgumentError(CopsError):
    """EINVAL: an argument is invalid."""
    code, name = -1, "EINVAL"


class RangeError(CopsError):
    """ERANGE: a value is out of range (a pool of 65 dice, a PU of 21, a log past its limit)."""
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


class NotFoundError(CopsError):
    """ENOTFOUND: an unknown name (skill, specialisation, weapon kind ...)."""
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

ERRORS: Dict[int, Type[CopsError]] = {
    cls.code: cls for cls in (InvalidArgumentError, RangeError, OutOfMemoryError,
                              RandomSourceError, NotationError, StateError, NotFoundError,
                              RuleError, JSONError, FileError)}
