"""The whole game state of War at Sea, secrets included (only the referee holds it)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core import GameState
from bot.rules.war_at_sea.components import Side as Side  # noqa: PLC0414 (re-exported: one Side)
from bot.rules.war_at_sea.options import WarAtSeaOptions

Phase = Literal[
    "setup",
    "move_allies",
    "move_axis",
    "repair",
    "uboats",
    "air_allies",
    "air_axis",
    "combat",
    "convoys",
    "refuel",
    "return_axis",
    "return_allies",
    "over",
]
Status = Literal["reserve", "active", "sunk", "removed"]
CombatKind = Literal["asw", "air", "surface"]


def _per_side(value: str | None) -> dict[str, str | None]:
    return {"allies": value, "axis": value}


class UnitState(BaseModel):
    """One counter. Factors are copied at setup so captures (16.5) and 18.1 can change them."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    nationality: str
    side: Side
    type: str
    gunnery: int
    armor: int
    speed: int
    air: int
    asw: int
    location: str | None = None
    status: Status = "reserve"
    damage: int = 0
    # This turn's movement (6): where it came from, how many areas, where it falls back to.
    origin: str | None = None
    areas_moved: int = 0
    fallback: str | None = None
    failed_move: bool = False
    # Combat results and outcomes of this turn (7.3, 11.6, 14.4).
    disabled: bool = False
    escaped: bool = False
    refuelled: bool = False
    # Entry of the minor allies (16.1, 16.2).
    joined: bool = True
    may_sortie: bool = False
    # Convoy that chose to stay in the North Atlantic (13.2).
    convoy_stays: bool = False
    # Neutral port (15.6): turn it entered, and whether it stayed through a movement phase.
    neutral_turn: int | None = None
    neutral_penalty: bool = False
    # 18.2: identity known to the Axis since the last time it moved face down.
    revealed: bool = False
    captured_by: Side | None = None

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> UnitState:
        # Every field is an immutable scalar, so a shallow copy is a deep one; the referee
        # deep-copies the state before each order and this keeps that cheap.
        return self.model_copy()


class Pending(BaseModel):
    """What one target suffered this round, applied at its end (7.5, 9.4, 10.4)."""

    model_config = ConfigDict(extra="forbid")

    hits: list[int] = Field(default_factory=list)
    disabled: bool = False


class EscapeGroup(BaseModel):
    """War at Sea 11.3-11.7: a group of escaping ships, its fixed speed and its pursuers."""

    model_config = ConfigDict(extra="forbid")

    ships: list[str]
    speed: int
    pursuers: list[str] = Field(default_factory=list)
    broken_off: list[str] = Field(default_factory=list)


class Battle(BaseModel):
    """A combat in progress at one place: a sequence of steps, one decision at a time."""

    model_config = ConfigDict(extra="forbid")

    kind: CombatKind
    where: str
    step: str = "start"
    round: int = 1
    assigned: dict[str, str] = Field(default_factory=dict)
    air_targets: list[str] = Field(default_factory=list)
    pending: dict[str, Pending] = Field(default_factory=dict)
    fired: list[str] = Field(default_factory=list)
    rolled: bool = False
    carriers_fire: bool | None = None
    escape: dict[str, bool] = Field(default_factory=dict)
    escaping: Side | None = None
    groups: list[EscapeGroup] = Field(default_factory=list)
    group: int | None = None


class CombatState(BaseModel):
    """War at Sea 7.1: ASW everywhere, then air strikes, then surface combat."""

    model_config = ConfigDict(extra="forbid")

    kind: CombatKind = "asw"
    done: list[str] = Field(default_factory=list)
    battle: Battle | None = None
    no_control: list[str] = Field(default_factory=list)
    count: int = 0


class WarAtSeaState(GameState):
    options: WarAtSeaOptions = Field(default_factory=WarAtSeaOptions)
    turn: int = 0
    phase: Phase = "setup"
    score: int = 0  # War at Sea 17.2: positive favours the Axis, within -10..10
    units: dict[str, UnitState]
    control: dict[str, Side | None]
    air_strikes: dict[str, str | None] = Field(default_factory=lambda: _per_side(None))
    done: dict[str, bool] = Field(default_factory=lambda: {"allies": False, "axis": False})
    combat: CombatState = Field(default_factory=CombatState)
    repair_left: dict[str, int] = Field(default_factory=dict)  # 15.2, this turn
    refuel_tried: list[str] = Field(default_factory=list)  # 14.2, this turn
    uboat_bank: int = 0  # 18.3
    med_streak: int = 0  # 16.4: consecutive turns of Axis control of the Mediterranean
    med_held_four: bool = False
    convoy_points: int = 0  # this turn's Allied convoy points (13.2, 13.3)
    last_points: dict[str, int] = Field(default_factory=lambda: {"allies": 0, "axis": 0})
    history: list[int] = Field(default_factory=list)  # score after each turn
