"""Results: plain, immutable Python objects read once from the library. They outlive the
context that made them and compare by value."""

import enum
import json
from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional, Tuple


@dataclass(frozen=True)
class Die:
    """One die of a roll, in draw order (docs/randomness.md)."""

    face: int                  #: 1..10 (1..6 for a d6)
    success: bool              #: counted as a success
    reroll_of: Optional[int]   #: the index of the 10 this die rolls again; None in the first wave


@dataclass(frozen=True)
class Roll:
    """A roll (docs/json.md): an action roll (kind "action") or a d6 roll ("d6_sum",
    "d6_highest"). str(roll) is what `cops roll` prints."""

    kind: str
    dice: Tuple[Die, ...]
    action: Optional[str] = None        #: the action in canonical notation ("4+/3 (2)")
    pool: Optional[int] = None          #: dice of the first wave, after modifiers
    threshold: Optional[int] = None     #: after modifiers and clamps; 10 when unskilled
    difficulty: Optional[int] = None
    unskilled: bool = False
    successes: Optional[int] = None
    success: Optional[bool] = None
    margin: Optional[int] = None        #: MR (>= 0) on a success, minus ME on a failure
    capped: bool = False                #: a chain of 10s reached the re-roll cap (C1.2)
    anciennete: bool = False            #: an Ancienneté re-roll (C5): a success has margin 0
    total: Optional[int] = None         #: a d6 roll's sum or highest die

    @classmethod
    def from_json(cls, text: str) -> "Roll":
        """A roll from the JSON cops_roll_to_json() writes (docs/json.md)."""
        d = json.loads(text)
        return cls(kind=d["kind"],
                   dice=tuple(Die(x["face"], x["success"], x["reroll_of"]) for x in d["dice"]),
                   action=d.get("action"), pool=d.get("pool"), threshold=d.get("threshold"),
                   difficulty=d.get("difficulty"), unskilled=d.get("unskilled", False),
                   successes=d.get("successes"), success=d.get("success"),
                   margin=d.get("margin"), capped=d.get("capped", False),
                   anciennete=d.get("anciennete", False), total=d.get("total"))

    def to_dict(self) -> Dict[str, Any]:
        """The roll as the JSON object of docs/json.md, keys in its order."""
        dice = [{"face": d.face, "success": d.success, "reroll_of": d.reroll_of}
                for d in self.dice]
        if self.kind != "action":
            return {"kind": self.kind, "dice": dice, "total": self.total}
        out: Dict[str, Any] = {
            "kind": self.kind, "action": self.action, "pool": self.pool,
            "threshold": self.threshold, "difficulty": self.difficulty,
            "unskilled": self.unskilled, "dice": dice, "successes": self.successes,
            "success": self.success, "margin": self.margin, "capped": self.capped}
        if self.anciennete:
            out["anciennete"] = True
        return out

    def to_json(self) -> str:
        """The roll's JSON, byte for byte as cops_roll_to_json() writes it."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @property
    def faces(self) -> Tuple[int, ...]:
        """The faces, in draw order (re-rolls of 10s included)."""
        return tuple(d.face for d in self.dice)

    @property
    def succeeded(self) -> bool:
        """The roll succeeded (an action roll); False for a d6 roll."""
        return bool(self.success)

    def dice_text(self) -> str:
        """"[3, 10→7, 6]": each first-wave die followed by its chain of re-rolls."""
        first = [i for i, d in enumerate(self.dice) if d.reroll_of is None]
        parts = []
        for i in first:
            chain, at = [str(self.dice[i].face)], i
            for j, d in enumerate(self.dice):
                if d.reroll_of == at:
                    chain.append(str(d.face))
                    at = j
            parts.append("\u2192".join(chain))
        return "[" + ", ".join(parts) + "]"

    def __str__(self) -> str:
        if self.kind != "action":
            return "%dd6 %s = %s" % (len(self.dice), self.dice_text(), self.total)
        pool = self.pool or 0
        lines = ["%s: %d %s at %d+, difficulty %d%s" % (
            self.action, pool, "die" if pool == 1 else "dice", self.threshold or 0,
            self.difficulty or 0,
            ", unskilled (only a 10 succeeds, no re-roll)" if self.unskilled else ""),
            "dice: " + self.dice_text(),
            "%d %s: %s, %s %d%s" % (
                self.successes or 0, "success" if self.successes == 1 else "successes",
                "success" if self.success else "failure", "MR" if self.success else "ME",
                abs(self.margin or 0),
                " (after Ancienneté, C5)" if self.success and self.anciennete else "")]
        if self.capped:
            lines.append("(a chain of 10s reached the re-roll cap)")
        return "\n".join(lines)


@dataclass(frozen=True)
class Odds:
    """Exact odds of an action (docs/odds.md)."""

    p_success: float
    expected_successes: float
    p_adrenaline: Optional[float]   #: with one more die (C5); None when the pool has 64 dice
    p_anciennete: float             #: a failure rolled again once (C5)
    p_both: Optional[float]         #: Adrénaline, then Ancienneté on a failure


@dataclass(frozen=True)
class OpposedOdds:
    """The odds of an opposed roll (C1.6)."""

    p_a: float      #: A wins
    p_none: float   #: no winner: a tie, or a winner short of the minimum
    p_b: float      #: B wins


class EventType(str, enum.Enum):
    """The type of an event (docs/events.md); equal to its name as text."""

    ATTACK = "attack"
    ROLL = "roll"
    MISS = "miss"
    HIT = "hit"
    LOCATION = "location"
    DAMAGE = "damage"
    HIT_POINTS = "hit_points"
    STOPPING = "stopping"
    CONDITION = "condition"
    AMMUNITION = "ammunition"
    COVER = "cover"
    ESCAPE = "escape"
    STRAY = "stray"
    PENETRATION = "penetration"
    START = "start"
    JOIN = "join"
    LEAVE = "leave"
    ROUND = "round"
    DECLARE = "declare"
    MOVE = "move"
    RELOAD = "reload"
    DRAW = "draw"
    IDLE = "idle"
    DEATH = "death"
    END = "end"
    BLEEDING = "bleeding"
    REST = "rest"
    TIME = "time"
    NIGHT = "night"
    CHASE_DICE = "chase_dice"
    CHASE_BAND = "chase_band"
    CRASH = "crash"
    CHASE_OUT = "chase_out"
    CHASE_END = "chase_end"
    CHASE_JOIN = "chase_join"
    INTERVIEW = "interview"
    TRAIT = "trait"
    APPROACH = "approach"
    INTERROGATION = "interrogation"
    FACT = "fact"
    BARRED = "barred"
    EVIDENCE = "evidence"
    MISHAP = "mishap"
    INITIATIVE = "initiative"
    ST_ATTACK = "st.attack"      #: the Storyteller module's events (docs/storyteller.md)
    ST_ROLL = "st.roll"
    ST_RESULT = "st.result"
    ST_DAMAGE = "st.damage"
    ST_EFFECT = "st.effect"
    ST_INITIATIVE = "st.initiative"
    ST_NERVE = "st.nerve"
    ST_OBJECT = "st.object"
    ST_BOUT = "st.bout"
    ST_GRAPPLE = "st.grapple"
    ST_ROUND = "st.round"
    ST_MOVE = "st.move"
    ST_ACTION = "st.action"
    ST_END = "st.end"
    ST_DECLARE = "st.declare"
    D6_ATTACK = "d6.attack"      #: the D6 System module's events (docs/d6.md, "Events")
    D6_ROLL = "d6.roll"
    D6_RESULT = "d6.result"
    D6_DAMAGE = "d6.damage"
    D6_STATE = "d6.state"
    D6_HEAL = "d6.heal"
    D6_VEHICLE = "d6.vehicle"
    D6_INITIATIVE = "d6.initiative"
    D6_ROUND = "d6.round"
    D6_TURN = "d6.turn"
    D6_HOLD = "d6.hold"
    D6_DISARM = "d6.disarm"
    D6_COORDINATE = "d6.coordinate"
    D6_END = "d6.end"
    D6_SPELL = "d6.spell"
    D6_PSIONIC = "d6.psionic"
    D6_PREPARE = "d6.prepare"
    D6_DECLARE = "d6.declare"

    def __str__(self) -> str:
        return str(self.value)


_COMMON = ("schema", "seq", "round", "type", "actor", "actor_id", "target", "target_id",
           "actor_tag", "target_tag")


@dataclass(frozen=True)
class Event:
    """One event of the log (docs/events.md): the keys every event has as attributes,
    the keys of its type in .details; event["key"] reads either."""

    schema: int
    seq: int
    round: int
    type: EventType
    actor: Optional[str]
    actor_id: Optional[int]
    target: Optional[str]
    target_id: Optional[int]
    details: Mapping[str, Any]
    actor_tag: Optional[str] = None    #: the caller's tag of actor_id (set_tag), None for none
    target_tag: Optional[str] = None   #: the caller's tag of target_id, None for none

    @classmethod
    def from_json(cls, line: str) -> "Event":
        """An event from one line of cops_log_to_jsonl()."""
        d = json.loads(line)
        return cls(schema=d["schema"], seq=d["seq"], round=d["round"],
                   type=EventType(d["type"]), actor=d["actor"], actor_id=d["actor_id"],
                   target=d["target"], target_id=d["target_id"],
                   details={k: v for k, v in d.items() if k not in _COMMON},
                   actor_tag=d.get("actor_tag"), target_tag=d.get("target_tag"))

    def __getitem__(self, key: str) -> Any:
        if key in _COMMON:
            return getattr(self, key)
        return self.details[key]

    def get(self, key: str, default: Any = None) -> Any:
        """event[key], or default when the event has no such key."""
        try:
            return self[key]
        except KeyError:
            return default


@dataclass(frozen=True)
class AttackOdds:
    """The exact odds of a planned attack (cops_attack_odds, docs/attacks.md)."""

    p_hit: float                    #: a bullet in, the blow lands, the cover roll succeeds
    p_hit_back: float               #: melee: the target's blow lands on the attacker
    bullets_in: Tuple[float, ...]   #: P(k bullets or blows reach the target), k from 0
    zones: Dict[str, float]         #: each location hit at least once (C10.3)
    damage: Tuple[float, ...]       #: P(d hit points lost in all), d from 0
    stopping: Dict[str, float]      #: "none", "steady", "shaken", "out" (C10.4); "none", "unaffected", "stopped", "mishap" under the alternative rules (A5)
    p_down: float                   #: the target at 0 hit points or below
    p_dead: float                   #: the target at minus its maximum

    @classmethod
    def from_json(cls, text: str) -> "AttackOdds":
        """From the JSON cops_attack_odds_to_json() writes."""
        d = json.loads(text)
        return cls(p_hit=d["p_hit"], p_hit_back=d["p_hit_back"], bullets_in=tuple(d["in"]),
                   zones=dict(d["zones"]), damage=tuple(d["damage"]),
                   stopping=dict(d["stopping"]), p_down=d["p_down"], p_dead=d["p_dead"])

    @property
    def mean_damage(self) -> float:
        """The expected damage."""
        return sum(d * p for d, p in enumerate(self.damage))


@dataclass(frozen=True)
class CombatantState:
    """What a board shows of one combatant (cops_encounter_state, docs/encounters.md,
    "Tabletops"): a value, read at once."""

    id: int
    tag: Optional[str]          #: the caller's tag, None for none
    name: Optional[str]
    side: int
    x: int
    y: int
    present: bool               #: in the fight (False once left)
    able: bool                  #: can act this round
    controlled: bool
    hp: int
    max_hp: int
    health: str                 #: cops.HEALTH's name (C8.2)
    health_state: str           #: "healthy", "wounded", "below_half", "unconscious", "dying", "stabilised", "clinically_dead", "dead"
    conditions: Tuple[str, ...]  #: the names of cops.CONDITIONS that hold
    declared: bool              #: declared this round
    awaited: bool               #: the round waits for its declaration
    action: Optional[str]       #: the action declared this round, None for none
    attitude: int
    initiative: int
    target: Optional[int]
    weapon: Optional[int]       #: the index of the weapon in hand, None bare-handed
    weapon_name: Optional[str]
    loaded: Optional[int]       #: rounds in it, None bare-handed
    armour: Optional[str]
    adrenaline: int
    anciennete: int
    holds: Optional[int]
    held_by: Optional[int]
    magazines: Optional[int] = None   #: spare magazines of the weapon in hand, None when not counted


@dataclass(frozen=True)
class ChaserState:
    """What a board shows of one participant or passenger of a chase (cops_chase_board_state,
    docs/chases.md, "Tabletops")."""

    id: int
    tag: Optional[str]
    name: Optional[str]
    passenger: bool
    rides_with: Optional[int]   #: a passenger's participant, None for a participant
    role: str                   #: "pursued" or "pursuer" (a passenger: its vehicle's)
    state: str                  #: "in", "lost", "stopped", "wrecked"
    vehicle: Optional[str]
    white: int
    black: int
    band: Optional[str]         #: a pursuer's band to the pursued, None otherwise
    declared: bool
    hp: int
    max_hp: int
    health_state: str
    conditions: Tuple[str, ...]
