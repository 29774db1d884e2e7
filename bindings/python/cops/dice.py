"""The exact odds of a roll and of an opposed roll (lib/dice, docs/odds.md)."""

import ctypes
import warnings
from typing import Any, Optional, Tuple

from . import _native as n
from .base import Context
from .results import OpposedOdds, Odds

lib = n.lib


def odds(ctx: Context, notation: str) -> Odds:
    """Exact odds of a notation: P(success), the expected successes, and the points of C5
    (p_adrenaline and p_both are None when the pool has no room for one more die)."""
    return _context(ctx).odds(notation)


def _context(ctx: object) -> Context:
    if not isinstance(ctx, Context):
        raise TypeError("ctx must be a cops.Context, not %s" % type(ctx).__name__)
    return ctx


def _p(ctx: Context, fn: Any, notation: str, *args: Any) -> float:
    a = _context(ctx)._action(notation)
    p = ctypes.c_double()
    ctx._check(fn(ctx._h, ctypes.byref(a), *args, ctypes.byref(p)))
    return p.value


def _k(ctx: Context, fn: Any, notation: str, *args: Any) -> int:
    a = _context(ctx)._action(notation)
    k = ctypes.c_int()
    ctx._check(fn(ctx._h, ctypes.byref(a), *args, ctypes.byref(k)))
    return k.value


def odds_pmf(ctx: Context, notation: str, k: int) -> float:
    """P(successes = k)."""
    return _p(ctx, lib.cops_odds_pmf, notation, n.integer(k, "k"))


def odds_at_least(ctx: Context, notation: str, k: int) -> float:
    """P(successes >= k)."""
    return _p(ctx, lib.cops_odds_at_least, notation, n.integer(k, "k"))


def odds_margin_at_least(ctx: Context, notation: str, m: int) -> float:
    """P(margin >= m): MR >= m for m >= 0, ME <= -m for m < 0 (C1.3)."""
    return _p(ctx, lib.cops_odds_margin_at_least, notation, n.integer(m, "m"))


def odds_quantile(ctx: Context, notation: str, q: float) -> int:
    """The smallest k with P(successes <= k) >= q, 0 <= q < 1."""
    return _k(ctx, lib.cops_odds_quantile, notation, n.real(q, "q"))


def odds_dice_for(ctx: Context, notation: str, p: float) -> int:
    """The fewest dice reaching P(success) >= p at the notation's threshold and difficulty;
    NotFoundError when even 64 dice fall short."""
    return _k(ctx, lib.cops_odds_dice_for, notation, n.real(p, "p"))


def odds_threshold_for(ctx: Context, notation: str, p: float) -> int:
    """The worst threshold reaching P(success) >= p with the notation's pool and difficulty."""
    return _k(ctx, lib.cops_odds_threshold_for, notation, n.real(p, "p"))


def odds_opposed_difference(ctx: Context, notation_a: str, notation_b: str, d: int) -> float:
    """P(A's successes - B's successes = d) (C1.6)."""
    a, b = _context(ctx)._action(notation_a), ctx._action(notation_b)
    p = ctypes.c_double()
    ctx._check(lib.cops_odds_opposed_difference(ctx._h, ctypes.byref(a), ctypes.byref(b),
                                                n.integer(d, "d"), ctypes.byref(p)))
    return p.value


def odds_expected(ctx: Context, notation: str) -> float:
    """The expected successes of a notation (cops_odds_expected)."""
    return _p(ctx, lib.cops_odds_expected, notation)


def odds_points(ctx: Context, notation: str) -> Tuple[float, Optional[float], float,
                                                      Optional[float]]:
    """P(success) plain, with the Adrénaline die, with an Ancienneté re-roll, with both (C5;
    the Adrénaline figures None when the pool has no room for one more die)."""
    o = _context(ctx).odds(notation)
    return o.p_success, o.p_adrenaline, o.p_anciennete, o.p_both


def odds_opposed(ctx: Context, notation_a: str, notation_b: str,
                 min_successes: int = 0) -> OpposedOdds:
    """P(A wins), P(no winner), P(B wins) of an opposed roll (C1.6; cops_odds_opposed)."""
    a, b = _context(ctx)._action(notation_a), ctx._action(notation_b)
    wa, tie, wb = ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    ctx._check(lib.cops_odds_opposed(ctx._h, ctypes.byref(a), ctypes.byref(b),
                                     n.integer(min_successes, "min_successes"),
                                     ctypes.byref(wa), ctypes.byref(tie), ctypes.byref(wb)))
    return OpposedOdds(p_a=wa.value, p_none=tie.value, p_b=wb.value)


def opposed_odds(ctx: Context, notation_a: str, notation_b: str,
                 min_successes: int = 0) -> OpposedOdds:
    """Deprecated since 0.17.0, removed in 0.18.0: odds_opposed(), the name every language
    gives it."""
    warnings.warn("cops.opposed_odds is now cops.odds_opposed (the old name goes in 0.18.0)",
                  DeprecationWarning, stacklevel=2)
    return odds_opposed(ctx, notation_a, notation_b, min_successes)
