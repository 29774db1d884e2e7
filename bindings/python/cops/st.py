"""cops.st: the optional Storyteller module (docs/storyteller.md, <cops/st.h>).

Pools of d10 with a success on 8 or more, every 10 rolled again and a chance die when the
pool drops to 0 (OTHER-SYSTEMS.md ST §0.3), and their exact odds. A pool is its notation
("4+3-2 9-again") or a Pool; the same context, dice and replay as COPS's rolls.

    import cops
    with cops.Context(seed=7) as ctx:
        r = cops.st.roll(ctx, "5 9-again")     # a cops.st.Roll: .dice, .successes ...
        print(r, cops.st.odds(ctx, "5").at_least[1])

available() is False when libcops was built without the module (meson option st); the
functions then raise StateError.
"""

from .st_core import (
    ATTACK_KINDS, CALLED, Character, DEFAULTS, DEFAULT_RULES, DERIVED, GRAPPLE_EFFECTS,
    Grapple, GrappleRound, HEALTH_STATES, MODES, Object, Odds, Opposed, Outcome, Pool, Roll,
    Rules, TRAITS, WEAPON_KINDS, Weapon, attack, available, bout, difference, event_fields,
    initiative, initiative_order, injury, long_burst, nerve, odds, opposed, overwhelming,
    pool, roll, total_defense)
from .st_fight import (
    ACTIONS, NERVES, TACTICS, Declaration, Fight, Fighter, GrappleState)

__all__ = [
    "ATTACK_KINDS", "CALLED", "Character", "DEFAULTS", "DEFAULT_RULES", "DERIVED",
    "GRAPPLE_EFFECTS", "Grapple", "GrappleRound", "HEALTH_STATES", "MODES", "Object",
    "Odds", "Opposed", "Outcome", "Pool", "Roll", "Rules", "TRAITS", "WEAPON_KINDS",
    "Weapon", "attack", "available", "bout", "difference", "event_fields", "initiative",
    "initiative_order", "injury", "long_burst", "nerve", "odds", "opposed", "overwhelming",
    "pool", "roll", "total_defense", "ACTIONS", "NERVES", "TACTICS", "Declaration", "Fight",
    "Fighter", "GrappleState"
]
