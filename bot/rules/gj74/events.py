"""The parameters of every GJ74 event, typed per kind (bot/rules/core/events.py).

Fields are what ``event.<kind>`` in the catalogs names. Units are named by their public token
(``unit``); a face (``ship``) only travels in events that reveal it (``reveals=True``)."""

from __future__ import annotations

from typing import Annotated, ClassVar

from bot.rules.core import Text
from bot.rules.core.events import SEAT, EventParams
from bot.rules.gj74.state import Side

SideParam = Annotated[Side, SEAT]


# --- shared shapes ------------------------------------------------------------------------------
class _Unit(EventParams):
    unit: str


class _Face(_Unit):
    ship: Text


class _Dice(_Unit):
    dice: list[Text]


class _Hits(_Dice):
    hits: int


class _Roll(EventParams):
    die: Text
    n: int


class _AirRoll(_Roll):
    side: SideParam
    distance: int


# --- set-up (3) and the sequence (4) ------------------------------------------------------------
class Started(EventParams):
    event_kind: ClassVar[str] = "gj74.started"
    scenario: Text


class Placed(_Unit):
    event_kind: ClassVar[str] = "gj74.placed"
    to: str


class Deployed(EventParams):
    event_kind: ClassVar[str] = "gj74.deployed"
    side: SideParam


class ChitDrawn(EventParams):
    event_kind: ClassVar[str] = "gj74.chit"
    side: SideParam
    op: Text


class TurnBegins(EventParams):
    event_kind: ClassVar[str] = "gj74.turn"
    turn: int


class EndOfDay(EventParams):
    event_kind: ClassVar[str] = "gj74.end_of_day"


class GameOver(EventParams):
    event_kind: ClassVar[str] = "gj74.game_over"


class WentHome(_Unit):
    event_kind: ClassVar[str] = "gj74.went_home"


# --- movement (8) and faces (9) -----------------------------------------------------------------
class Moved(_Unit):
    event_kind: ClassVar[str] = "gj74.moved"
    to: str
    steps: int


class Revealed(_Face):
    event_kind: ClassVar[str] = "gj74.revealed"
    why: Text


class Shown(_Face):
    event_kind: ClassVar[str] = "gj74.shown"


class Hidden(_Unit):
    event_kind: ClassVar[str] = "gj74.hidden"


class SubSearch(_Dice):
    event_kind: ClassVar[str] = "gj74.sub_search"


class Searched(EventParams):
    event_kind: ClassVar[str] = "gj74.searched"
    side: SideParam
    hex: str
    n: int


# --- attacks (10-16) ----------------------------------------------------------------------------
class AttackSub(_Hits):
    event_kind: ClassVar[str] = "gj74.attack_sub"


class AswFire(_Dice):
    event_kind: ClassVar[str] = "gj74.asw_fire"
    left: int


class Torpedo(_Hits):
    event_kind: ClassVar[str] = "gj74.torpedo"


class AaTrack(EventParams):
    event_kind: ClassVar[str] = "gj74.aa_track"
    n: int


class AaFire(_Hits):
    event_kind: ClassVar[str] = "gj74.aa_fire"


class AntiShip(_Hits):
    event_kind: ClassVar[str] = "gj74.anti_ship"


class SupplyLost(_Unit):
    event_kind: ClassVar[str] = "gj74.supply_lost"
    n: int


class Damaged(_Face):
    event_kind: ClassVar[str] = "gj74.damaged"


class Sunk(_Face):
    event_kind: ClassVar[str] = "gj74.sunk"


# --- air (5, 7.3, 17) ---------------------------------------------------------------------------
class AirActions(_AirRoll):
    event_kind: ClassVar[str] = "gj74.air_actions"


class CarrierActions(_AirRoll):
    event_kind: ClassVar[str] = "gj74.carrier_actions"


class StrikeDeclared(EventParams):
    event_kind: ClassVar[str] = "gj74.strike"
    side: SideParam
    hex: str
    n: int
    escorts: int


class Intercepted(_AirRoll):
    event_kind: ClassVar[str] = "gj74.intercept"


class AirCombat(EventParams):
    event_kind: ClassVar[str] = "gj74.air_combat"
    escorts: list[Text]
    fighters: list[Text]
    lost: int
    strike_lost: int


class StrikeLossesSplit(EventParams):
    """17.2(1): of the striking aircraft lost, how many were attack aircraft and escorts."""

    event_kind: ClassVar[str] = "gj74.strike_losses"
    side: SideParam
    attack: int
    escorts: int


# --- landings (18.1) and the optional rules (22) ------------------------------------------------
class Landed(_Unit):
    event_kind: ClassVar[str] = "gj74.landed"
    side: SideParam
    hex: str


class SpaceWar(_Roll):
    event_kind: ClassVar[str] = "gj74.space_war"


class CyberWar(_Roll):
    event_kind: ClassVar[str] = "gj74.cyber_war"


class Dongfeng(_Roll):
    event_kind: ClassVar[str] = "gj74.dongfeng"
    side: SideParam


class DongfengHit(_Unit):
    event_kind: ClassVar[str] = "gj74.dongfeng_hit"
    die: Text
