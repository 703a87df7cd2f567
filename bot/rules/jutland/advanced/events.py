"""The Advanced Game's event kinds (typed as bot/rules/jutland/events.py's are)."""

from __future__ import annotations

from typing import Annotated, ClassVar

from bot.rules.core.events import SEAT, EventParams
from bot.rules.jutland.state import Side


class AdvancedFire(EventParams):
    """13.3, 14.3: a fire on the Gunnery Damage Table and its effect on the target."""

    event_kind: ClassVar[str] = "jut.adv_fire"
    ships: list[str]
    target: str
    factor: int
    band: str
    die: int
    hits: int
    boxes: int
    flotation: int
    sunk: bool


class DeadInWater(EventParams):
    """13.1: a ship without movement is dead in the water."""

    event_kind: ClassVar[str] = "jut.dead_in_water"
    ship: str


class LightMoved(EventParams):
    """14.4 item 4: a light-ship counter turned and ran on (the speed it could make)."""

    event_kind: ClassVar[str] = "jut.light_moved"
    tf: str
    angle: int
    speed: int


class TorpedoDeclared(EventParams):
    """12.6: a flotilla announces its attack, its factors and its target."""

    event_kind: ClassVar[str] = "jut.torpedo_declared"
    flotilla: str
    target: str
    factors: int


class TorpedoHit(EventParams):
    """12.6 item 7: the attack resolved on the Torpedo Attack Table."""

    event_kind: ClassVar[str] = "jut.torpedo"
    flotilla: str
    target: str
    factors: int
    die: int
    hits: int
    evaded: bool
    sunk: bool


class HoldTorpedoes(EventParams):
    event_kind: ClassVar[str] = "jut.hold_torpedoes"
    side: Annotated[Side, SEAT]


class Towing(EventParams):
    """15.4 item 2: a flotilla takes a ship dead in the water in tow, or casts off."""

    event_kind: ClassVar[str] = "jut.towing"
    flotilla: str
    ship: str
    towing: bool


class VictoryPoints(EventParams):
    """17: the points each side scored, and whether a German came home within 26 hours."""

    event_kind: ClassVar[str] = "jut.victory_points"
    german: int
    british: int
    early: bool


class Engaged(EventParams):
    """16.3: the side with capital ships chose to fight light ships found alone, or not."""

    event_kind: ClassVar[str] = "jut.engage"
    hex: str
    side: Annotated[Side, SEAT]
    fight: bool
