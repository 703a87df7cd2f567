"""The parameters of every Jutland event, typed per kind (bot/rules/core/events.py).

One model per kind; its fields are what ``event.<kind>`` in the catalogs may name
(tests/test_typed_events.py checks both). A task force is named by a Text ("German task force
2", ``search.label``), a hex or a ship by its id. Imported by the ruleset, so every kind is
registered before the first event is built.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

from bot.rules.core import Label
from bot.rules.core.events import SEAT, EventParams
from bot.rules.jutland.state import Side

SideParam = Annotated[Side, SEAT]


# --- shared shapes ---------------------------------------------------------------------------
class Force(EventParams):
    tf: Label


class Hex(EventParams):
    hex: str


class Shot(EventParams):
    ships: list[str]
    target: str
    odds: str


# --- the search (3.1-3.3, 5, 13.5) -----------------------------------------------------------
class GameStarted(EventParams):
    event_kind: ClassVar[str] = "jut.game_started"


class Hour(EventParams):
    event_kind: ClassVar[str] = "jut.hour"
    hour: int


class InitialOver(EventParams):
    event_kind: ClassVar[str] = "jut.initial_over"
    hour: int


class SearchBegins(EventParams):
    event_kind: ClassVar[str] = "jut.search_begins"


class Plotted(Force):
    event_kind: ClassVar[str] = "jut.plotted"
    to: Label


class LeftMap(Force):
    event_kind: ClassVar[str] = "jut.left_map"


class Moved(Force):
    event_kind: ClassVar[str] = "jut.moved"
    to: str


class Spotted(Hex):
    event_kind: ClassVar[str] = "jut.spotted"


class OutOfFuel(Force):
    event_kind: ClassVar[str] = "jut.out_of_fuel"


class Search(EventParams):
    event_kind: ClassVar[str] = "jut.search"
    side: SideParam
    hexes: list[str]
    found: list[str]


class Contact(Hex):
    event_kind: ClassVar[str] = "jut.contact"


class Resumed(Hex):
    """4.1: a battle going on is fought for another hour."""

    event_kind: ClassVar[str] = "jut.battle_resumed"


class Merged(Force):
    event_kind: ClassVar[str] = "jut.merged"
    into: Label


class Split(Force):
    event_kind: ClassVar[str] = "jut.split"
    new: Label


class Makeup(Force):
    """1.4 item 4: "ships - columns - yards between columns"."""

    event_kind: ClassVar[str] = "jut.makeup"
    ships: int
    columns: int
    interval: int


# --- the battle (3.4, 4, 6) ------------------------------------------------------------------
class Joined(Force):
    """4.1: a force entering the battle hex (or the hex the fight moved into) joins it."""

    event_kind: ClassVar[str] = "jut.joined"
    hex: str


class ManeuverPlotted(EventParams):
    event_kind: ClassVar[str] = "jut.maneuver_plotted"
    speed: int


class Maneuvered(EventParams):
    event_kind: ClassVar[str] = "jut.maneuvered"
    turn: int


class Stopped(EventParams):
    """4.2 item 5: a formation stopped short so as not to end on an enemy counter."""

    event_kind: ClassVar[str] = "jut.stopped_short"
    tf: Label


class FireNoEffect(Shot):
    event_kind: ClassVar[str] = "jut.fire_no_effect"


class Fire(Shot):
    event_kind: ClassVar[str] = "jut.fire"
    column: str
    die: int
    sunk: bool


class HoldFire(EventParams):
    event_kind: ClassVar[str] = "jut.hold_fire"
    side: SideParam


class Disengaged(EventParams):
    event_kind: ClassVar[str] = "jut.disengaged"
    side: SideParam


class BattleOver(Hex):
    event_kind: ClassVar[str] = "jut.battle_over"
    sunk: int


class GameOver(EventParams):
    event_kind: ClassVar[str] = "jut.game_over"
    german: int
    british: int
