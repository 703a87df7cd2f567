"""The Advanced Game's event kinds (typed as bot/rules/jutland/events.py's are)."""

from __future__ import annotations

from typing import ClassVar

from bot.rules.core.events import EventParams


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
