"""cops.d6: the optional D6 System module (docs/d6.md, <cops/d6.h>).

Dice codes (`3D+2`), rolls with the free die that rolls again on a 6, difficulties with
their success levels and critical failures, modifiers in dice and in points, multiple
actions, Character and Fate Points (OTHER-SYSTEMS.md D6 §0), and their exact odds.

    import cops
    with cops.Context(seed=7) as ctx:
        r = cops.d6.roll(ctx, "3D+2 -1D vs 15")   # a cops.d6.Roll: total, success, level ...
        print(r, cops.d6.odds(ctx, "3D+2 vs 15").success)

available() is False when libcops was built without the module (meson option d6); the
functions then raise StateError.
"""

from .d6_dice import (
    Code, Contest, DEFAULT_RULES, NO_DIFFICULTY, Odds, Pool, PoolLike, Roll, Rules,
    available, code, contest, odds, pool, roll, total)
from .d6_combat import (
    BANDS, CATEGORIES, COVERAGES, DEFENCES, HAZARDS, LEVELS, LOCATIONS, MODES, OPTIONS,
    PURPOSES, ROLL_DEFENCE, SIZES, STATES, TRAITS, VICTIMS, Character, Outcome, Protection,
    Weapon, Wounds, attack, category_name, end_round, event_fields, harm, hazard_code,
    hazard_name, hit_points, hp_level, protection, protections, trait_parent, weapon,
    weapons, Healing, recover, recovery_wait, treat, RESTS, TREATMENTS, initiative)
from .d6_vehicle import (
    CONTROLS, IMPACTS, SPEEDS, VEHICLE_RESULTS, Vehicle, VehicleOutcome, attack_vehicle,
    collision, collision_code, repair, vehicle_crash, vehicle_harm)
from .d6_magic import (
    ATTITUDES, CONCENTRATIONS, EFFECT_KINDS, FAMILIARITIES, GESTURES, INCANTATIONS,
    INFORMATIONS, INGREDIENTS, SPELL_PARTS, SPELL_RANGES, TARGET_GROUPS, CastOutcome, Spell,
    SpellCost, SpellDesign, advance_cost, cast, measure_value, spell, spell_difficulty,
    spells, ASTRAL_BANDS, POWERS, PSYCHOMETRIES, PsionicOutcome, power_name, psionic)
from .d6_fight import (
    ACTIONS, DISARMS, HOLDS, MOVE_MAX, TACTICS, Declaration, Fight, Fighter, action_code,
    action_name, tactic_code, tactic_name)

__all__ = [
    "Code", "Contest", "DEFAULT_RULES", "NO_DIFFICULTY", "Odds", "Pool", "PoolLike", "Roll",
    "Rules", "available", "code", "contest", "odds", "pool", "roll", "total", "BANDS",
    "CATEGORIES", "COVERAGES", "DEFENCES", "HAZARDS", "LEVELS", "LOCATIONS", "MODES",
    "OPTIONS", "PURPOSES", "ROLL_DEFENCE", "SIZES", "STATES", "TRAITS", "VICTIMS",
    "Character", "Outcome", "Protection", "Weapon", "Wounds", "attack", "category_name",
    "end_round", "event_fields", "harm", "hazard_code", "hazard_name", "hit_points",
    "hp_level", "protection", "protections", "trait_parent", "weapon", "weapons", "Healing",
    "recover", "recovery_wait", "treat", "RESTS", "TREATMENTS", "initiative", "CONTROLS",
    "IMPACTS", "SPEEDS", "VEHICLE_RESULTS", "Vehicle", "VehicleOutcome", "attack_vehicle",
    "collision", "collision_code", "repair", "vehicle_crash", "vehicle_harm", "ATTITUDES",
    "CONCENTRATIONS", "EFFECT_KINDS", "FAMILIARITIES", "GESTURES", "INCANTATIONS",
    "INFORMATIONS", "INGREDIENTS", "SPELL_PARTS", "SPELL_RANGES", "TARGET_GROUPS",
    "CastOutcome", "Spell", "SpellCost", "SpellDesign", "advance_cost", "cast",
    "measure_value", "spell", "spell_difficulty", "spells", "ASTRAL_BANDS", "POWERS",
    "PSYCHOMETRIES", "PsionicOutcome", "power_name", "psionic", "ACTIONS", "DISARMS",
    "HOLDS", "MOVE_MAX", "TACTICS", "Declaration", "Fight", "Fighter", "action_code",
    "action_name", "tactic_code", "tactic_name"
]
