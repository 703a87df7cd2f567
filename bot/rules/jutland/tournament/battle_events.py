"""The Tournament battle modules' event kinds (typed as bot/rules/jutland/events.py's are)."""

from __future__ import annotations

from typing import ClassVar

from bot.rules.core import Label
from bot.rules.core.events import EventParams


class DamageLocated(EventParams):
    """22.3 item 1: the second die placed the hits fore or aft."""

    event_kind: ClassVar[str] = "jut.damage_located"
    ship: str
    die: int
    section: str
    boxes: int
    torpedo: int


class CriticalHit(EventParams):
    """22.3 item 2: a 6 on the Gunnery Damage Table against a capital ship."""

    event_kind: ClassVar[str] = "jut.critical"
    ship: str
    die: int
    effect: str
    what: Label
    """The result as the reader reads it."""
    second: int
    """The second die of results that roll again (0: none)."""
    boxes: int
    torpedo: int
    sunk: bool


class FlotationHit(EventParams):
    """22.3 item 3: a 6 on the Torpedo Attack Table against a capital ship."""

    event_kind: ClassVar[str] = "jut.flotation_table"
    ship: str
    die: int
    effect: str
    what: Label
    hits: int


class VisibilityRolled(EventParams):
    """22.1 item 1: this turn's visibility (``die`` 0: no roll, it stands)."""

    event_kind: ClassVar[str] = "jut.visibility"
    die: int
    yards: int


class WindRolled(EventParams):
    """22.1 item 2: the wind of this turn, the way it blows from (compass degrees)."""

    event_kind: ClassVar[str] = "jut.wind"
    die: int
    blows_from: int


class SmokeLaid(EventParams):
    """22.2: a German light ship laid a smoke screen along its move."""

    event_kind: ClassVar[str] = "jut.smoke_laid"
    ship: str
