"""The names cops.interrogation held in 0.16, kept for programs written against it: the
interrogation and the interview live in cops.social (lib/social)."""

from .social import (ATTITUDES, METHODS, MODES, TIER_MAX, ApproachOdds, Subject, approach_odds,
                     approach_rolls, attitude_name, method_characteristic)

__all__ = ["ATTITUDES", "METHODS", "MODES", "TIER_MAX", "ApproachOdds", "Subject",
           "approach_odds", "approach_rolls", "attitude_name", "method_characteristic"]
