"""The Tournament search modules' event kinds (typed as bot/rules/jutland/events.py's are)."""

from __future__ import annotations

from typing import Annotated, ClassVar

from bot.rules.core import Label
from bot.rules.core.events import SEAT, EventParams
from bot.rules.jutland.state import Side


class Redeployed(EventParams):
    """21.4 item 4: the German is told the British capital ships at each base."""

    event_kind: ClassVar[str] = "jut.redeployed"
    counts: str


class Stationed(EventParams):
    """21.4: a British counter redeployed (the British reads it alone)."""

    event_kind: ClassVar[str] = "jut.stationed"
    ship: str
    base: str


class UboatsPlaced(EventParams):
    """21.5 items 1, 3: a group of U-boats placed (the German reads it alone)."""

    event_kind: ClassVar[str] = "jut.uboats_placed"
    group: str
    boats: list[str]
    hex: str


class WolfpackDisclosed(EventParams):
    """21.5 item 3: a wolfpack of three or more starting in a shaded hex is disclosed."""

    event_kind: ClassVar[str] = "jut.wolfpack"
    hex: str


class AirshipBased(EventParams):
    """21.6 item 2: an airship's base (the German reads it alone)."""

    event_kind: ClassVar[str] = "jut.airship_based"
    airship: str
    base: str


class SideDeployed(EventParams):
    event_kind: ClassVar[str] = "jut.deployed"
    side: Annotated[Side, SEAT]


class UboatsMoved(EventParams):
    event_kind: ClassVar[str] = "jut.uboats_moved"
    group: str
    to: str


class AirshipFlew(EventParams):
    event_kind: ClassVar[str] = "jut.airship_flew"
    airship: str
    via: str
    to: str


class AirshipRoll(EventParams):
    """21.6 item 5: the visibility die before her search (the German reads it alone)."""

    event_kind: ClassVar[str] = "jut.airship_roll"
    airship: str
    die: int
    hexes: int


class AirshipLost(EventParams):
    """21.6 item 3: not back at a base within twenty hours: out of the game."""

    event_kind: ClassVar[str] = "jut.airship_lost"
    airship: str


class TFind(EventParams):
    """21.5 item 5, 21.6 items 4, 6: a U-boat or airship search and its answer ("forces
    there", nothing more)."""

    event_kind: ClassVar[str] = "jut.t_search"
    by: Label
    hex: str
    found: bool


class SubAction(EventParams):
    """21.5 item 6: a submarine action; the British tells his ships in the hex."""

    event_kind: ClassVar[str] = "jut.sub_action"
    hex: str
    ships: list[str]


class SubChosen(EventParams):
    """21.5 item 6a-b: a side wrote its sealed choice (the choice itself is its own)."""

    event_kind: ClassVar[str] = "jut.sub_chosen"
    side: Annotated[Side, SEAT]
    hex: str


class SubResult(EventParams):
    """21.5 item 6c: the two choices crossed on the Submarine Action Matrix, and the result."""

    event_kind: ClassVar[str] = "jut.sub_result"
    hex: str
    british: str
    german: str
    boats: int
    hits: int
    dd_boxes: int
    boats_sunk: int
    ships_sunk: list[str]
    die: int = 0


class Swept(EventParams):
    """21.2 items 3-4: the German's initial hexes announced; the hexes the British swept
    with the German's time there; the contact, if any."""

    event_kind: ClassVar[str] = "jut.sweep"
    hexes: list[str]
    times: str
    contact: str
