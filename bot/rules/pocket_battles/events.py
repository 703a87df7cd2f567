"""The parameters of every Pocket Battles event, typed per kind (bot/rules/core/events.py).

One model per kind; its fields are what ``event.<kind>`` in the catalogs may name
(tests/test_typed_events.py checks both). Units, tiles and zones travel as localisable texts
built from public facts only (names.py: a unit's number and its top tile, 3.3); ``side`` and
``winner`` name a seat. A seat's own building events go to that seat alone (3.2: sealed).
"""

from __future__ import annotations

from typing import Annotated, ClassVar

from bot.rules.core import Text
from bot.rules.core.events import SEAT, EventParams
from bot.rules.pocket_battles.state import Side

SideParam = Annotated[Side, SEAT]


# --- shared shapes (no kind of their own) ----------------------------------------------------
class BySide(EventParams):
    side: SideParam


class OfUnit(BySide):
    unit: Text


class AtUnit(OfUnit):
    target: Text


class ToZone(OfUnit):
    zone: Text


class Building(EventParams):
    """A seat's own army so far (3.1: points against the battle size)."""

    points: int
    size: int


# --- set-up, building (3), deployment (4) ----------------------------------------------------
class GameStarted(EventParams):
    event_kind: ClassVar[str] = "pb.game_started"
    size: int


class UnitAdded(Building):
    event_kind: ClassVar[str] = "pb.build.unit_added"
    unit: str


class UnitRemoved(Building):
    event_kind: ClassVar[str] = "pb.build.unit_removed"
    unit: str


class ReadyMadeTaken(Building):
    event_kind: ClassVar[str] = "pb.build.ready_made"
    army: str


class ArmyReady(BySide):
    event_kind: ClassVar[str] = "pb.army_ready"


class DeployRoll(EventParams):
    """4.1: each side's die (not seats: numbers named after them)."""

    event_kind: ClassVar[str] = "pb.deploy_roll"
    celts: int
    romans: int


class Roles(BySide):
    event_kind: ClassVar[str] = "pb.roles"


class Placed(ToZone):
    event_kind: ClassVar[str] = "pb.placed"
    top: str  # the top tile, which the opponent sees (3.3)


class RevealedAll(EventParams):
    event_kind: ClassVar[str] = "pb.revealed_all"
    units: dict[str, list[str]]


class Revealed(EventParams):
    event_kind: ClassVar[str] = "pb.revealed"
    unit: Text
    tiles: list[str]


# --- a turn (5): moves, orders, reactions --------------------------------------------------
class Redeployed(ToZone):
    event_kind: ClassVar[str] = "pb.redeployed"


class Moved(ToZone):
    event_kind: ClassVar[str] = "pb.moved"


class BackToFront(ToZone):
    event_kind: ClassVar[str] = "pb.back_to_front"


class Charged(ToZone, AtUnit):
    event_kind: ClassVar[str] = "pb.charged"
    follow_on: bool


class Intercepted(OfUnit):
    event_kind: ClassVar[str] = "pb.intercepted"


class ShotAtCharger(OfUnit):
    event_kind: ClassVar[str] = "pb.shot_at_charger"


class Held(BySide):
    event_kind: ClassVar[str] = "pb.held"


class CarriesOn(AtUnit):
    event_kind: ClassVar[str] = "pb.carries_on"


class Leaves(OfUnit):
    event_kind: ClassVar[str] = "pb.leaves"


class Shoots(AtUnit):
    event_kind: ClassVar[str] = "pb.shoots"


class Passed(BySide):
    event_kind: ClassVar[str] = "pb.passed"
    tokens: int


# --- dice and hits (5.4-5.7) -----------------------------------------------------------------
class Strike(AtUnit):
    """One roll of a unit's dice: each die as read (core.text.die), the hits it scored."""

    dice: list[Text]
    hits: int


class ChargeStrike(Strike):
    event_kind: ClassVar[str] = "pb.strike.charge"


class CounterStrike(Strike):
    event_kind: ClassVar[str] = "pb.strike.counter"


class CarryStrike(Strike):
    event_kind: ClassVar[str] = "pb.strike.carry"


class FreeStrike(Strike):
    event_kind: ClassVar[str] = "pb.strike.free"


class ShotStrike(Strike):
    event_kind: ClassVar[str] = "pb.strike.shot"


class ReactionShotStrike(Strike):
    event_kind: ClassVar[str] = "pb.strike.reaction_shot"


STRIKES: dict[str, type[Strike]] = {
    "charge": ChargeStrike,
    "counter": CounterStrike,
    "carry": CarryStrike,
    "free": FreeStrike,
    "shot": ShotStrike,
    "reaction_shot": ReactionShotStrike,
}


class Wounded(OfUnit):
    event_kind: ClassVar[str] = "pb.wounded"
    troop: Text


class TroopLost(BySide):
    event_kind: ClassVar[str] = "pb.troop_lost"
    troop: Text
    points: int


class UnitLost(OfUnit):
    event_kind: ClassVar[str] = "pb.unit_lost"


class Disbanded(BySide):
    event_kind: ClassVar[str] = "pb.disbanded"


# --- traits (9) ------------------------------------------------------------------------------
class Healed(AtUnit):
    event_kind: ClassVar[str] = "pb.healed"
    troop: Text


class DoubleOrder(OfUnit):
    event_kind: ClassVar[str] = "pb.double_order"


class LeaderLost(BySide):
    event_kind: ClassVar[str] = "pb.leader_lost"
    owed: bool  # the token is owed until the round's tokens come back (9.4)


# --- rounds (7) and the end (8) --------------------------------------------------------------
class RoundBegins(BySide):
    event_kind: ClassVar[str] = "pb.round"
    round: int


class RoundOver(EventParams):
    event_kind: ClassVar[str] = "pb.round_over"
    round: int


class Victory(EventParams):
    event_kind: ClassVar[str] = "pb.victory"
    winner: SideParam
    why: str  # pb.result.<why>
