"""The parameters of every War at Sea event, typed per kind (bot/rules/core/events.py).

One model per kind; its fields are what ``event.<kind>`` in the catalogs may name
(tests/war_at_sea/test_events.py checks both). ``*_name`` fields are the localisable names
``units.ev`` sets beside location ids. Under 18.2 an event about a hidden Allied counter has a
public, anonymous copy without ``ship`` and without what would tell the counter apart
(``units.PRIVATE_KEYS``): those fields are optional here.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from bot.rules.core import Label, Text
from bot.rules.core.events import SEAT, EventParams
from bot.rules.war_at_sea.state import Phase, Side

SideParam = Annotated[Side, SEAT]


# --- shared shapes (no kind of their own) --------------------------------------------------------
class Ship(EventParams):
    """One counter, named."""

    ship: str
    name: Label
    side: SideParam


class Counter(EventParams):
    """One counter, named for its side and, under 18.2, anonymous in the public copy."""

    ship: str | None = None
    name: Label
    side: SideParam


class At(EventParams):
    where: str
    where_name: Text | None = None


class Group(EventParams):
    n: int
    names: list[Label]


# --- the turn (5), set-up (2), reinforcements (3), movement (6) -----------------------------------
class GameStarted(EventParams):
    event_kind: ClassVar[str] = "was.game_started"
    options: dict[str, Any]


class SetupDone(EventParams):
    event_kind: ClassVar[str] = "was.setup_done"


class Placed(Counter, At):
    event_kind: ClassVar[str] = "was.placed"


class Turn(EventParams):
    event_kind: ClassVar[str] = "was.turn"
    turn: int


class Done(EventParams):
    event_kind: ClassVar[str] = "was.done"
    seat: SideParam
    phase: Phase


class Reinforcement(Counter, At):
    event_kind: ClassVar[str] = "was.reinforcement"


class Moved(Counter):
    event_kind: ClassVar[str] = "was.moved"
    to: str
    to_name: Text | None = None
    areas: int


class SpeedRoll(Counter):
    event_kind: ClassVar[str] = "was.speed_roll"
    die: int
    speed: int | None = None
    result: Literal["arrived", "failed"]
    to: str
    to_name: Text | None = None
    outcome: Text


class Revealed(EventParams):
    event_kind: ClassVar[str] = "was.revealed"
    ships: list[str]
    names: list[Label]


class MarkersRemoved(EventParams):
    event_kind: ClassVar[str] = "was.markers_removed"


# --- ports, repair, returns (12, 15) ------------------------------------------------------------
class Repaired(Counter):
    event_kind: ClassVar[str] = "was.repaired"
    points: int | None = None
    port: str
    port_name: Text | None = None
    damage: int | None = None


class Returned(Counter):
    event_kind: ClassVar[str] = "was.returned"
    to: str
    to_name: Text | None = None
    origin: str | None = None
    origin_name: Text | None = None


class NoPort(Counter):
    event_kind: ClassVar[str] = "was.no_port"
    where: str | None = None
    where_name: Text | None = None


class FranceOpen(EventParams):
    event_kind: ClassVar[str] = "was.france_open"


class FranceClosed(EventParams):
    event_kind: ClassVar[str] = "was.france_closed"


class FranceRemoved(Ship):
    event_kind: ClassVar[str] = "was.france_removed"


class RefuelRoll(At):
    event_kind: ClassVar[str] = "was.refuel_roll"
    ship: str
    name: Label
    die: int
    max: int
    result: Literal["refuelled", "failed"]
    outcome: Text


# --- control, convoys, U-boats, scoring (13, 16, 17) ----------------------------------------------
class Control(EventParams):
    event_kind: ClassVar[str] = "was.control"
    area: str
    area_name: Text | None = None
    side: SideParam


class ControlNegated(EventParams):
    event_kind: ClassVar[str] = "was.control_negated"
    area: str
    area_name: Text | None = None


class ConvoyStays(Counter, At):
    event_kind: ClassVar[str] = "was.convoy_stays"


class ConvoyScored(At):
    event_kind: ClassVar[str] = "was.convoy_scored"
    ship: str
    name: Label
    points: int


class UboatsArrive(EventParams):
    event_kind: ClassVar[str] = "was.uboats_arrive"
    count: int
    lost: int
    banked: int


class UboatsDeployed(EventParams):
    event_kind: ClassVar[str] = "was.uboats_deployed"
    count: int
    to: str
    to_name: Text | None = None


class UboatsHome(EventParams):
    event_kind: ClassVar[str] = "was.uboats_home"


class Interned(Ship):
    event_kind: ClassVar[str] = "was.interned"


class NeutralPenalty(Ship):
    event_kind: ClassVar[str] = "was.neutral_penalty"


class Score(EventParams):
    event_kind: ClassVar[str] = "was.score"
    turn: int
    axis: int
    allies: int
    convoys: int
    net: int
    score: int


class GameOver(EventParams):
    event_kind: ClassVar[str] = "was.game_over"
    winner: SideParam | None
    score: int


# --- the minor powers (16) ----------------------------------------------------------------------
class UsEntryRoll(Counter):
    event_kind: ClassVar[str] = "was.us_entry_roll"
    die: int
    need: int
    joined: bool
    outcome: Text


class SovietSortieRoll(Counter):
    event_kind: ClassVar[str] = "was.soviet_sortie_roll"
    die: int
    need: int
    free: bool
    outcome: Text


class ItalyHolds(EventParams):
    event_kind: ClassVar[str] = "was.italy_holds"


class ItalianFate(EventParams):
    event_kind: ClassVar[str] = "was.italian_fate"
    ship: str
    name: Label
    die: int
    outcome: Literal["allies", "scuttled", "germany"]
    outcome_text: Text
