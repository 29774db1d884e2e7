"""The C library, loaded through ctypes: where it is found, the prototypes of the
functions the package calls, and the conversions of arguments (private)."""

import ctypes
import ctypes.util
import importlib
import os
import re
from typing import Any, Callable, Dict, Iterator, Optional, cast

from .errors import InvalidArgumentError, NotFoundError, RangeError

def _version() -> str:
    """The version meson.build declares: written into _version.py by meson install and by the
    package's build backend; read from meson.build itself in a source tree."""
    try:
        return str(importlib.import_module("._version", __package__).VERSION)
    except ImportError:
        pass
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                        "meson.build")
    with open(path, encoding="utf-8") as f:
        found = re.search(r"^\s*version:\s*'([0-9.]+)'", f.read(), re.M)
    if not found:
        raise ImportError("no version in %s" % path)
    return found.group(1)


__version__ = _version()
_SONAME = "libcops.so.0"


def _candidates() -> Iterator[str]:
    env = os.environ.get("LIBCOPS_PATH")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for name in (_SONAME, "libcops.so"):
        path = os.path.join(here, name)
        if os.path.exists(path):
            yield path
    try:
        from . import _install  # type: ignore[attr-defined]
    except ImportError:  # not installed by meson (the source tree, pip)
        pass
    else:
        path = os.path.join(_install.LIBDIR, _install.SONAME)
        if os.path.exists(path):
            yield path
    found = ctypes.util.find_library("cops")
    if found:
        yield found
    yield _SONAME


def _load() -> ctypes.CDLL:
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as exc:
            errors.append("%s: %s" % (path, exc))
    raise ImportError("libcops not found (set LIBCOPS_PATH to the library file): "
                      + "; ".join(errors))


lib: Any = _load()
lib.cops_version_number.restype = ctypes.c_int
lib.cops_version_number.argtypes = []
lib.cops_version_string.restype = ctypes.c_char_p
lib.cops_version_string.argtypes = []
_major, _minor, _ = (int(x) for x in __version__.split("."))
_have = lib.cops_version_number()
if _have // 10000 != _major or (_have // 100) % 100 != _minor:
    raise ImportError("libcops %s found, this binding needs %d.%d.x"
                      % (lib.cops_version_string().decode(), _major, _minor))

ADRENALINE_DIE = 0x100  # COPS_ADRENALINE_DIE
NOT_AN_ACTION = 0x200   # COPS_NOT_AN_ACTION
WEAPONS_MAX = 4         # COPS_WEAPONS_MAX
INT_MIN, INT_MAX = -2 ** 31, 2 ** 31 - 1
RNG_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int)


_p = ctypes.c_void_p
_pp = ctypes.POINTER(ctypes.c_void_p)
_i = ctypes.c_int
_ip = ctypes.POINTER(ctypes.c_int)
_s = ctypes.c_char_p
_d = ctypes.POINTER(ctypes.c_double)
_ADRENALINE_DIE = 0x100  # COPS_ADRENALINE_DIE
RNG_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int)
# cops_anciennete_fn: (user, id, purpose, failed roll, points left) -> 1, 0 or a code
ANCIENNETE_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                 ctypes.c_void_p, ctypes.c_int)


class _Action(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("dice", _i), ("threshold", _i),
                ("difficulty", _i), ("dice_mod", _i), ("threshold_mod", _i),
                ("difficulty_mod", _i), ("flags", ctypes.c_uint)]


class Declaration(ctypes.Structure):
    """What a combatant declares for a round (cops_declaration)."""

    _fields_ = [("size", ctypes.c_uint32), ("action", _i), ("attitude", _i),
                ("initiative", _i), ("target", _i), ("weapon", _i), ("shots", _i),
                ("moving", _i), ("x", _i), ("y", _i), ("difficulty", _i),
                ("dice_mod", _i), ("threshold_mod", _i), ("difficulty_mod", _i),
                ("long_move", _i), ("adrenaline", _i), ("anciennete", _i), ("aim", _i),
                ("bullets", _i), ("circumstances", _i), ("keep", _i)]


_ap = ctypes.POINTER(_Action)
class Relation(ctypes.Structure):
    """cops_relation (<cops/relations.h>)."""
    _fields_ = [("size", ctypes.c_uint32), ("name", ctypes.c_char_p), ("kind", ctypes.c_int),
                ("level", ctypes.c_int), ("upkeep", ctypes.c_int), ("domains", ctypes.c_int),
                ("pushed", ctypes.c_int)]


_PROTOTYPES = {
    "cops_strerror": (_s, [_i]),
    "cops_lang_count": (_i, []),
    "cops_lang_code": (_s, [_i]),
    "cops_free": (None, [_p]),
    "cops_ctx_confine": (_i, [_p, _s, ctypes.c_size_t]),
    "cops_seal": (_i, [_p, ctypes.c_char_p, ctypes.c_size_t, _s, _pp]),
    "cops_unseal": (_i, [_p, ctypes.c_char_p, ctypes.c_size_t, _s, _pp]),
    "cops_is_sealed": (_i, [_s]),
    "cops_ctx_read_file": (_i, [_p, _s, _pp]),
    "cops_ctx_write_file": (_i, [_p, _s, _s]),
    "cops_ctx_new": (_i, [_pp]),
    "cops_ctx_new_with_allocator": (_i, [_pp, _p]),
    "cops_ctx_free": (None, [_p]),
    "cops_ctx_errmsg": (_s, [_p]),
    "cops_ctx_use_system": (_i, [_p]),
    "cops_ctx_seed": (_i, [_p, ctypes.c_uint64]),
    "cops_ctx_seed_bytes": (_i, [_p, ctypes.c_char_p, ctypes.c_size_t]),
    "cops_ctx_use_callback": (_i, [_p, RNG_FN, _p]),
    "cops_encounter_set_anciennete_callback": (_i, [_p, _p, _p]),  # an ANCIENNETE_FN
    "cops_encounter_save": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_encounter_odds": (_i, [_p, _i, _p, _p]),
    "cops_attack_odds_new": (_i, [_pp, _p]),
    "cops_attack_odds_free": (None, [_p]),
    "cops_attack_odds_compute": (_i, [_p, _p]),
    "cops_attack_odds_to_json": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_encounter_save_file": (_i, [_p, _s]),
    "cops_encounter_load": (_i, [_pp, _p, _s]),
    "cops_encounter_load_file": (_i, [_pp, _p, _s]),
    "cops_ctx_die": (_i, [_p, _i, _ip]),
    "cops_roll_new_in": (_i, [_pp, _p]),
    "cops_roll_free": (None, [_p]),
    "cops_roll_notation": (_i, [_p, _p, _s, ctypes.c_uint]),
    "cops_roll_to_json": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_character_points": (_i, [_p, _i, _ip, _ip]),
    "cops_character_set_points": (_i, [_p, _i, _i]),
    "cops_character_set_current_points": (_i, [_p, _i, _i]),
    "cops_character_recover": (_i, [_p, _i]),
    "cops_character_spend_permanently": (_i, [_p, _i]),
    "cops_character_reroll": (_i, [_p, _p, _p]),
    "cops_character_characteristic": (_i, [_p, _i]),
    "cops_character_set_characteristic": (_i, [_p, _i, _i]),
    "cops_character_skill": (_i, [_p, _i]),
    "cops_character_set_skill": (_i, [_p, _i, _i, _s]),
    "cops_character_add_specialisation": (_i, [_p, _i, _s]),
    "cops_character_remove_skill": (_i, [_p, _i]),
    "cops_character_specialisation_count": (_i, [_p, _i]),
    "cops_character_specialisation": (_s, [_p, _i, _i]),
    "cops_character_damage": (_i, [_p, _i]),
    "cops_character_heal": (_i, [_p, _i]),
    "cops_character_set_max_hp": (_i, [_p, _i]),
    "cops_character_set_conditions": (_i, [_p, ctypes.c_uint, _i]),
    "cops_characteristic_parse": (_i, [_s, _ip]),
    "cops_skill_parse": (_i, [_s, _ip]),
    "cops_encounter_position": (_i, [_p, _i, _ip, _ip]),
    "cops_encounter_set_position": (_i, [_p, _i, _i, _i]),
    "cops_encounter_present": (_i, [_p, _i]),
    "cops_encounter_side": (_i, [_p, _i]),
    "cops_odds_pmf": (_i, [_p, _ap, _i, _d]),
    "cops_odds_margin_at_least": (_i, [_p, _ap, _i, _d]),
    "cops_odds_quantile": (_i, [_p, _ap, ctypes.c_double, _ip]),
    "cops_odds_opposed_difference": (_i, [_p, _ap, _ap, _i, _d]),
    "cops_odds_dice_for": (_i, [_p, _ap, ctypes.c_double, _ip]),
    "cops_odds_threshold_for": (_i, [_p, _ap, ctypes.c_double, _ip]),
    "cops_roll_pool": (_i, [_p, _p, _i, _i, _i, ctypes.c_uint]),
    "cops_roll_d6": (_i, [_p, _p, _i]),
    "cops_roll_d6_highest": (_i, [_p, _p, _i]),
    "cops_roll_opposed": (_i, [_p, _p, _p, _ap, _ap, _i, _ip, _ip]),
    "cops_ctx_source": (_i, [_p]),
    "cops_ctx_set_reroll_cap": (_i, [_p, _i]),
    "cops_ctx_reroll_cap": (_i, [_p]),
    "cops_character_max_hp_is_set": (_i, [_p]),
    "cops_character_recovery": (_i, [_p, _ip, _ip]),
    "cops_character_set_recovery": (_i, [_p, _i]),
    "cops_weapon_new": (_i, [_pp, _p, _i, _s]),
    "cops_weapon_set": (_i, [_p, _i, _i]),
    "cops_weapon_set_skill": (_i, [_p, _i, _s]),
    "cops_weapon_kind": (_i, [_p]),
    "cops_weapon_skill": (_i, [_p]),
    "cops_weapon_specialisation": (_s, [_p]),
    "cops_armour_new": (_i, [_pp, _p, _s]),
    "cops_armour_set": (_i, [_p, _i, _i, _i]),
    "cops_armour_get": (_i, [_p, _i, _ip, _ip]),
    "cops_armour_set_against_throws": (_i, [_p, _i]),
    "cops_armour_against_throws": (_i, [_p]),
    "cops_encounter_character": (_p, [_p, _i]),
    "cops_encounter_weapon": (_p, [_p, _i]),
    "cops_characteristic_count": (_i, []),
    "cops_characteristic_name": (_s, [_i, _i]),
    "cops_skill_count": (_i, []),
    "cops_skill_name": (_s, [_i, _i]),
    "cops_skill_characteristic": (_i, [_i]),
    "cops_skill_specialisation_level": (_i, [_i]),
    "cops_skill_specialisation_count": (_i, [_i]),
    "cops_skill_specialisation_name": (_s, [_i, _i]),
    "cops_skill_specialisation_free": (_i, [_i]),
    "cops_skill_adrenaline": (_i, [_i]),
    "cops_location_name": (_s, [_i, _i]),
    "cops_location_parse": (_i, [_s, _ip]),
    "cops_zone_name": (_s, [_i, _i]),
    "cops_zone_of_die": (_i, [_i]),
    "cops_zone_modifier": (_i, [_i]),
    "cops_attitude_name": (_s, [_i, _i]),
    "cops_condition_name": (_s, [ctypes.c_uint, _i]),
    "cops_stopping_name": (_s, [_i, _i]),
    "cops_purpose_name": (_s, [_i]),
    "cops_event_type_name": (_s, [_i]),
    "cops_encounter_action_name": (_s, [_i]),
    "cops_weapon_kind_name": (_s, [_i, _i]),
    "cops_weapon_kind_parse": (_i, [_s, _ip]),
    "cops_weapon_field_name": (_s, [_i]),
    "cops_weapon_values_from_name": (_i, [_s, _ip, _ip, _ip]),
    "cops_initiative_range": (_i, [_i, _ip, _ip]),
    "cops_lang_parse": (_i, [_s, _ip]),
    "cops_roll_kind": (_i, [_p]),
    "cops_roll_count": (_i, [_p]),
    "cops_roll_die": (_i, [_p, _i, _ip, _ip, _ip]),
    "cops_roll_pool_size": (_i, [_p]),
    "cops_roll_threshold": (_i, [_p]),
    "cops_roll_difficulty": (_i, [_p]),
    "cops_roll_successes": (_i, [_p]),
    "cops_roll_succeeded": (_i, [_p]),
    "cops_roll_capped": (_i, [_p]),
    "cops_roll_unskilled": (_i, [_p]),
    "cops_roll_anciennete": (_i, [_p]),
    "cops_roll_total": (_i, [_p]),
    "cops_roll_margin": (_i, [_p, _ip]),
    "cops_roll_action_of_sized": (_i, [_p, _ap, ctypes.c_size_t]),
    "cops_action_format": (_i, [_ap, ctypes.c_char_p, ctypes.c_size_t]),
    "cops_action_parse_sized": (_i, [_ap, ctypes.c_size_t, _p, _s]),
    "cops_odds_success": (_i, [_p, _ap, _d]),
    "cops_odds_at_least": (_i, [_p, _ap, _i, _d]),
    "cops_odds_expected": (_i, [_p, _ap, _d]),
    "cops_odds_opposed": (_i, [_p, _ap, _ap, _i, _d, _d, _d]),
    "cops_odds_points": (_i, [_p, _ap, _d, _d, _d, _d]),
    "cops_character_new": (_i, [_pp, _p]),
    "cops_character_free": (None, [_p]),
    "cops_character_from_json": (_i, [_pp, _p, _s]),
    "cops_character_from_roll20": (_i, [_pp, _p, _s, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_character_load": (_i, [_pp, _p, _s]),
    "cops_character_to_json": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_character_dossier": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_character_set_dossier": (_i, [_p, _s]),
    "cops_character_extra": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_character_set_extra": (_i, [_p, _s]),
    "cops_character_gear": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_character_set_gear": (_i, [_p, _s]),
    "cops_character_weapon_count": (_i, [_p]),
    "cops_character_weapon": (_p, [_p, _i]),
    "cops_character_hand": (_i, [_p]),
    "cops_character_armour": (_p, [_p]),
    "cops_character_save": (_i, [_p, _s]),
    "cops_character_name": (_s, [_p]),
    "cops_character_set_name": (_i, [_p, _s]),
    "cops_character_hp": (_i, [_p, _ip]),
    "cops_character_set_hp": (_i, [_p, _i]),
    "cops_character_max_hp": (_i, [_p]),
    "cops_character_health": (_i, [_p]),
    "cops_character_conditions": (_i, [_p]),
    "cops_character_roll": (_i, [_p, _p, _s, ctypes.c_uint]),
    "cops_character_action_sized": (_i, [_ap, ctypes.c_size_t, _p, _s, ctypes.c_uint]),
    "cops_health_name": (_s, [_i, _i]),
    "cops_weapon_free": (None, [_p]),
    "cops_weapon_from_json": (_i, [_pp, _p, _s]),
    "cops_weapon_load": (_i, [_pp, _p, _s]),
    "cops_weapon_to_json": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_weapon_name": (_s, [_p]),
    "cops_weapon_get": (_i, [_p, _i, _ip]),
    "cops_weapon_field_parse": (_i, [_s, _ip]),
    "cops_weapon_reload": (_i, [_p]),
    "cops_weapon_magazines": (_i, [_p]),
    "cops_weapon_retain": (_p, [_p]),
    "cops_armour_retain": (_p, [_p]),
    "cops_weapon_set_magazines": (_i, [_p, _i]),
    "cops_armour_free": (None, [_p]),
    "cops_armour_from_json": (_i, [_pp, _p, _s]),
    "cops_armour_load": (_i, [_pp, _p, _s]),
    "cops_armour_to_json": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_armour_name": (_s, [_p]),
    "cops_log_to_jsonl": (_i, [_p, _i, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_log_narrate": (_i, [_p, _i, _i, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_log_count": (_i, [_p]),
    "cops_encounter_new": (_i, [_pp, _p, _i]),
    "cops_encounter_free": (None, [_p]),
    "cops_encounter_add": (_i, [_p, _p, _i, _i, _i, _ip]),
    "cops_encounter_give_weapon": (_i, [_p, _i, _p]),
    "cops_encounter_equip": (_i, [_p, _i]),
    "cops_encounter_set_armour": (_i, [_p, _i, _p]),
    "cops_encounter_set_controlled": (_i, [_p, _i, _i]),
    "cops_encounter_remove": (_i, [_p, _i]),
    "cops_encounter_seed": (_i, [_p, ctypes.c_uint64]),
    "cops_encounter_set_max_rounds": (_i, [_p, _i]),
    "cops_encounter_set_ruleset": (_i, [_p, _i]),
    "cops_encounter_ruleset": (_i, [_p]),
    "cops_encounter_set_logging": (_i, [_p, _i]),
    "cops_encounter_log": (_p, [_p]),
    "cops_log_set_limit": (_i, [_p, _i]),
    "cops_log_limit": (_i, [_p]),
    "cops_encounter_begin_round": (_i, [_p]),
    "cops_encounter_declare": (_i, [_p, _i, ctypes.POINTER(Declaration)]),
    "cops_encounter_declaration": (_i, [_p, _i, ctypes.POINTER(Declaration)]),
    "cops_encounter_suggest": (_i, [_p, _i, ctypes.POINTER(Declaration)]),
    "cops_encounter_weapon_count": (_i, [_p, _i]),
    "cops_encounter_weapon_at": (_p, [_p, _i, _i]),
    "cops_encounter_hand": (_i, [_p, _i, _ip]),
    "cops_encounter_armour": (_p, [_p, _i]),
    "cops_encounter_controlled": (_i, [_p, _i, _ip]),
    "cops_encounter_set_policy": (_i, [_p, _i, _i]),
    "cops_encounter_set_side_policy": (_i, [_p, _i, _i]),
    "cops_encounter_policy": (_i, [_p, _i]),
    "cops_policy_name": (ctypes.c_char_p, [_i]),
    "cops_policy_parse": (_i, [ctypes.c_char_p]),
    "cops_encounter_initiative_range": (_i, [_p, _i, _ip, _ip]),
    "cops_encounter_allowed": (_i, [_p, _i, _i, _ip, ctypes.c_char_p, ctypes.c_size_t]),
    "cops_encounter_resolve_round": (_i, [_p]),
    "cops_encounter_run_round": (_i, [_p]),
    "cops_encounter_run": (_i, [_p]),
    "cops_encounter_round": (_i, [_p]),
    "cops_encounter_over": (_i, [_p]),
    "cops_encounter_set_tag": (_i, [_p, _i, _s]),
    "cops_encounter_tag": (_s, [_p, _i]),
    "cops_encounter_find_tag": (_i, [_p, _s]),
    "cops_encounter_phase": (_i, [_p]),
    "cops_phase_key": (_s, [_i]),
    "cops_combatant_state_init_sized": (_i, [_p, ctypes.c_size_t]),
    "cops_encounter_state": (_i, [_p, _i, _p]),
    "cops_encounter_snapshot": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_encounter_checkpoint": (_i, [_p, _pp]),
    "cops_encounter_rollback": (_i, [_p, _p]),
    "cops_checkpoint_free": (None, [_p]),
    "cops_character_health_state": (_i, [_p]),
    "cops_health_state_key": (_s, [_i]),
    "cops_chase_set_tag": (_i, [_p, _i, _s]),
    "cops_chase_tag": (_s, [_p, _i]),
    "cops_chase_find_tag": (_i, [_p, _s]),
    "cops_chaser_state_init_sized": (_i, [_p, ctypes.c_size_t]),
    "cops_chase_board_state": (_i, [_p, _i, _p]),
    "cops_chase_snapshot": (_i, [_p, ctypes.POINTER(ctypes.c_void_p)]),
    "cops_chase_checkpoint": (_i, [_p, _pp]),
    "cops_chase_rollback": (_i, [_p, _p]),
    "cops_encounter_get_winner": (_i, [_p, _ip]),
    "cops_encounter_reset": (_i, [_p]),
    "cops_encounter_able": (_i, [_p, _i, _ip]),
    "cops_encounter_distance": (_i, [_p, _i, _i]),
    "cops_encounter_count": (_i, [_p]),
    "cops_encounter_action_parse": (_i, [_s, _ip]),
    "cops_attitude_parse": (_i, [_s, _ip]),
    "cops_declaration_init_sized": (_i, [ctypes.POINTER(Declaration), ctypes.c_size_t, _i]),
    "cops_scenario_load": (_i, [_pp, _p, _s]),
    "cops_scenario_from_json": (_i, [_pp, _p, _s, _s]),
    "cops_scenario_free": (None, [_p]),
    "cops_scenario_name": (_s, [_p]),
    "cops_scenario_encounter": (_p, [_p]),
    "cops_scenario_run": (_i, [_p]),
    "cops_scenario_reset": (_i, [_p]),
    "cops_scenario_side_name": (_s, [_p, _i]),
    "cops_scenario_side_count": (_i, [_p]),
    "cops_character_time": (_i, [_p, _ip]),
    "cops_character_advance": (_i, [_p, _i, _p, _i]),
    "cops_character_bleeding": (_i, [_p, _ip, _ip, ctypes.POINTER(ctypes.c_uint)]),
    "cops_character_lost_recently": (_i, [_p]),
    "cops_ruleset_parse": (_i, [ctypes.c_char_p, _ip]),
    "cops_ruleset_name": (ctypes.c_char_p, [_i]),
    "cops_body_side_of_die": (_i, [_i]),
    "cops_body_side_name": (ctypes.c_char_p, [_i, _i]),
    "cops_mishap_name": (ctypes.c_char_p, [_i]),
    "cops_character_lasting_wounds": (_i, [_p]),
    "cops_character_set_lasting_wounds": (_i, [_p, _i]),
    "cops_character_set_rest": (_i, [_p, _i, _i, _p, _i]),
    "cops_character_rest": (_i, [_p, _ip, _ip, _ip]),
    "cops_rest_name": (_s, [_i, _i]),
    "cops_character_night": (_i, [_p, _i, _i, _p, _i]),
    "cops_character_revive": (_i, [_p, _p, _i]),
    "cops_character_declare_dead": (_i, [_p, _p, _i]),
    "cops_treatment_name": (_s, [_i, _i]),
    "cops_encounter_aftermath": (_i, [_p, _i, _i]),
    "cops_encounter_aftermath_done": (_i, [_p]),
    "cops_character_add_relation": (_i, [_p, _s, _i, _i, _ip]),
    "cops_character_relation_count": (_i, [_p]),
    "cops_character_relation": (_i, [_p, _i, ctypes.POINTER(Relation)]),
    "cops_character_find_relation": (_i, [_p, _s]),
    "cops_character_remove_relation": (_i, [_p, _i]),
    "cops_character_set_relation_level": (_i, [_p, _i, _i]),
    "cops_character_set_relation_upkeep": (_i, [_p, _i, _i]),
    "cops_relation_set_domain": (_i, [_p, _i, _s, _i]),
    "cops_relation_domain": (_i, [_p, _i, _i, ctypes.POINTER(_s), _ip]),
    "cops_relation_remove_domain": (_i, [_p, _i, _s]),
    "cops_relation_push": (_i, [_p, _i, _s]),
    "cops_relation_release": (_i, [_p, _i]),
    "cops_relation_information": (_i, [_p, _i, _s, _ip]),
    "cops_relation_kind_name": (_s, [_i, _i]),
    "cops_relation_kind_parse": (_i, [_s, _ip]),
    "cops_relation_level_name": (_s, [_i, _i, _i]),
    "cops_upkeep_name": (_s, [_i, _i]),
    "cops_upkeep_parse": (_i, [_s, _ip]),
}
for _name, (_res, _args) in _PROTOTYPES.items():
    _fn = getattr(lib, _name)
    _fn.restype = _res
    _fn.argtypes = _args


def text(value: object, what: str) -> bytes:
    """A str for C: UTF-8, without NUL; another type is a TypeError."""
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise InvalidArgumentError("%s contains a NUL character" % what)
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidArgumentError("%s is not UTF-8 text (a lone surrogate)" % what) from None


def integer(value: object, what: str, lo: Optional[int] = None, hi: Optional[int] = None) -> int:
    """An int for C: a bool or another type is a TypeError; out of the given range, or of
    C's int when none is given, a ValueError (OverflowError past C's int), before any C
    call, never a value cut modulo 2**32."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
    if lo is None and hi is None and not INT_MIN <= value <= INT_MAX:
        raise RangeError("%s %d out of range %d..%d" % (what, value, INT_MIN, INT_MAX))
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise RangeError("%s %d out of range %s..%s" % (what, value, lo, hi))
    return value


def real(value: object, what: str) -> float:
    """A float for C: an int or a float (not a bool); another type is a TypeError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("%s must be a number, not %s" % (what, type(value).__name__))
    try:
        return float(value)
    except OverflowError:
        raise RangeError("%s %r out of range" % (what, value)) from None


def take_text(ptr: Optional[int]) -> str:
    """A NUL-terminated text the library allocated: decode it and free it."""
    try:
        return ctypes.string_at(cast(int, ptr)).decode("utf-8")
    finally:
        lib.cops_free(ptr)


def c_text(ptr: Optional[bytes]) -> str:
    """A text the library keeps (a name): decoded, "" for NULL."""
    return ptr.decode("utf-8") if ptr is not None else ""


# The languages of the narration, by code ("fr", "en", "es": cops_lang_code()).
LANGS: Dict[str, int] = {lib.cops_lang_code(_i).decode(): _i
                         for _i in range(lib.cops_lang_count())}


def lang_code(lang: str) -> int:
    if lang not in LANGS:
        raise NotFoundError("lang must be one of %s, not %r" % (", ".join(map(repr, LANGS)), lang))
    return LANGS[lang]


def parsed(parse: Callable[..., int], value: object, what: str) -> int:
    """A name the library parses (an action, an attitude) or the int itself."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    v = ctypes.c_int()
    if parse(text(value, what), ctypes.byref(v)):
        raise NotFoundError("unknown %s %r" % (what, value))
    return v.value
