"""libcops for Python: the rules of the role-playing game COPS, resolved in C.

A thin ctypes binding (docs/python.md): every rule stays in the C library; this package
maps its objects, errors and results to Python.

    import cops
    with cops.Context(seed=2030) as ctx:
        roll = ctx.roll("4+/3 (2)")          # a cops.Roll: .dice, .successes, .margin ...
        print(roll)                          # what `cops roll` prints
        print(cops.odds(ctx, "4+/3 (2)").p_success)
        mike = cops.Character.load(ctx, "examples/sheets/mike.json")
        print(mike.roll("Arme de poing/Coordination (2)", adrenaline=True).succeeded)
        fight = cops.Scenario(ctx, "examples/scenarios/street-shootout.json")
        fight.seed(2030)
        fight.run()
        print(fight.narrate("en"), fight.winner)

Contents:
    Context          the dice (system, seeded, or a callback) and the errors' messages
    Roll, Die        a roll's result: every die, successes, margin (immutable)
    odds, odds_opposed, Odds, OpposedOdds, odds_pmf, odds_at_least ...
                     exact odds of a roll and of an opposed roll
    catalogue        characteristics, skills, locations, zones, weapon kinds, names
    Character, Weapon, Armour
                     read from JSON sheets and files, written back
    Encounter, Scenario, Declaration
                     whole fights, round by round or to the end
    CombatantState, ChaserState, Checkpoint
                     what a tabletop draws (state, snapshot), tags, undo (rollback)
    attack, Outcome, Hit, Victim, Log, cover_nerve, cover_zone, cover_enter, recovery_roll,
    stand_up
                     one attack at a time, what it did, and its events
    attack_odds, AttackOdds
                     the exact odds of a planned attack, before the roll
    Event, EventType the events of a fight's log
    st               the optional Storyteller module: d10 pools at 8+ and their odds
    CopsError and its subclasses (NotationError, RuleError ...; also named EINVAL ...)

The library is found through $LIBCOPS_PATH (a file), then a copy next to this package,
then the folder meson installed it in, then the system. A Context and what is made from
it belong to the thread that made the context; objects that own a C object are freed by
close(), a with block or the garbage collector; results (Roll, Odds, Event) are plain
values that outlive their context.
"""

from . import _native
from ._native import LANGS, Declaration, __version__
from .errors import (EINVAL, EIO, EJSON, ENOMEM, ENOTFOUND, ERANGE, ERNG, ERULE, ESEAL,
                     ESTATE, ESYNTAX, CopsError, FileError, InvalidArgumentError, JSONError,
                     NotationError, NotFoundError, OutOfMemoryError, RandomSourceError,
                     RangeError, RuleError, SealError, StateError)
from .attack import (Hit, Outcome, Victim, attack, attack_odds, cover_enter, cover_nerve,
                     cover_zone, recovery_roll, stand_up)
from . import catalogue
from .base import SEAL_KEY_BYTES, Checkpoint, Context, is_sealed, seal, unseal
from .dice import (odds, odds_at_least, odds_dice_for, odds_expected, odds_margin_at_least,
                   odds_opposed, odds_opposed_difference, odds_pmf, odds_points, odds_quantile,
                   odds_threshold_for, opposed_odds)
from .base import POLICIES
from .fight import Encounter, Scenario
from .log import Log
from .sheet import CONDITIONS, HEALTH, HEALTH_STATES, Armour, Character, Relation, Weapon
from .results import (AttackOdds, ChaserState, CombatantState, Die, Event, EventType, Odds,
                      OpposedOdds, Roll)
from .heal import Treated, TreatmentOdds, treat, treat_odds, treatment_action
from .chase import Chase, ChaseOdds
from .social import (ApproachOdds, Interview, InterviewResult, Subject, approach_odds,
                     approach_rolls)
from .catalogue import trait_name
from . import interrogation
from .sim import Sim
from . import st
from . import d6

__all__ = [
    "Context", "Roll", "Die", "Odds", "OpposedOdds", "Event", "EventType", "Character",
    "Weapon", "Armour", "Encounter", "Scenario", "Declaration", "odds", "odds_opposed", "opposed_odds",
    "version", "LANGS", "HEALTH", "HEALTH_STATES", "CONDITIONS", "POLICIES", "Checkpoint",
    "CombatantState", "ChaserState",
    "odds_pmf", "odds_at_least", "odds_margin_at_least", "odds_quantile", "odds_dice_for",
    "odds_threshold_for", "odds_opposed_difference", "odds_expected", "odds_points", "catalogue",
    "attack", "attack_odds", "AttackOdds", "Outcome", "Hit", "Victim", "Log", "cover_nerve",
    "cover_zone", "cover_enter",
    "recovery_roll", "stand_up", "treat", "treat_odds", "treatment_action", "Treated",
    "TreatmentOdds", "Chase", "ChaseOdds", "Relation", "Subject", "ApproachOdds",
    "approach_odds", "approach_rolls", "Interview", "InterviewResult", "trait_name", "Sim", "st", "d6",
    "CopsError", "InvalidArgumentError", "RangeError", "OutOfMemoryError",
    "RandomSourceError", "NotationError", "StateError", "NotFoundError", "RuleError",
    "JSONError", "FileError", "SealError", "seal", "unseal", "is_sealed", "SEAL_KEY_BYTES",
    "EINVAL", "ERANGE", "ENOMEM", "ERNG", "ESYNTAX", "ESTATE", "ENOTFOUND", "ERULE",
    "EJSON", "EIO", "ESEAL",
]


def version() -> str:
    """The C library's version string ("0.16.0")."""
    return _native.c_text(_native.lib.cops_version_string())
