"""The parameters of every AA50 event, typed per kind (bot/rules/core/events.py).

One model per kind; its fields are what ``event.<kind>`` in the catalogs may name. Events are
built by ``words.ev``, which words each id a reader would see as a localisable ``Text``
(spaces, powers, unit types, advances) and lists of unit ids as counts: so a power here is
its name, not its seat, and ``units`` is a number. Ids a message never shows stay plain
strings (``transport``)."""

from __future__ import annotations

from typing import ClassVar

from bot.rules.core import Text
from bot.rules.core.events import EventParams


# --- shared shapes (no kind of their own) --------------------------------------------------------
class OfPower(EventParams):
    power: Text


class Where(EventParams):
    where: Text


class Markers(Where):
    damage: int
    markers: int


# --- the game and the turn (3, 5.1, 6) -----------------------------------------------------------
class GameStarted(EventParams):
    event_kind: ClassVar[str] = "aa50.game_started"
    scenario: Text


class Turn(OfPower):
    event_kind: ClassVar[str] = "aa50.turn"
    round: int


class China(EventParams):
    """Rule 4: China's forces act inside the US turn, from this phase on."""

    event_kind: ClassVar[str] = "aa50.china"
    phase: Text
    round: int


class RoundOver(EventParams):
    event_kind: ClassVar[str] = "aa50.round_over"
    round: int
    axis: int
    allies: int


# --- research (5.2), purchase (5.3), standing orders (5.5.3.2) -----------------------------------
class Research(OfPower):
    event_kind: ClassVar[str] = "aa50.research"
    bought: int
    rolls: list[int]
    cost: int


class Breakthrough(OfPower):
    event_kind: ClassVar[str] = "aa50.breakthrough"


class Advance(OfPower):
    event_kind: ClassVar[str] = "aa50.advance"
    advance: Text


class Bought(OfPower):
    event_kind: ClassVar[str] = "aa50.bought"
    unit: Text
    count: int
    cost: int


class Repaired(Where):
    event_kind: ClassVar[str] = "aa50.repaired"
    markers: int
    cost: int


class ChineseInfantry(EventParams):
    event_kind: ClassVar[str] = "aa50.chinese_infantry"
    territories: int
    infantry: int


class CasualtyOrderSet(OfPower):
    event_kind: ClassVar[str] = "aa50.casualty_order"
    auto: bool


# --- movement (5.4, 5.6, 7.3.6, 5.2.3 Paratroopers) ----------------------------------------------
class Moved(OfPower):
    event_kind: ClassVar[str] = "aa50.moved"
    units: int
    to: Text


class Loaded(EventParams):
    event_kind: ClassVar[str] = "aa50.loaded"
    units: int
    transport: str


class Unloaded(EventParams):
    event_kind: ClassVar[str] = "aa50.unloaded"
    transport: str
    to: Text


class Paradrop(OfPower):
    event_kind: ClassVar[str] = "aa50.paradrop"
    to: Text


class PickupDeclared(OfPower, Where):
    event_kind: ClassVar[str] = "aa50.pickup"


class Battles(OfPower):
    event_kind: ClassVar[str] = "aa50.battles"
    battles: list[Text]


# --- combat (5.5, 7) -----------------------------------------------------------------------------
class BattleBegins(Where):
    event_kind: ClassVar[str] = "aa50.battle"
    kind: Text


class BattleOver(Where):
    event_kind: ClassVar[str] = "aa50.battle_over"


class Fire(EventParams):
    event_kind: ClassVar[str] = "aa50.fire"
    who: Text
    rolls: list[int]
    hits: int


class AaFire(Where):
    event_kind: ClassVar[str] = "aa50.aa_fire"
    rolls: list[int]
    down: int


class HitsTaken(Where):
    event_kind: ClassVar[str] = "aa50.hits_taken"
    who: Text
    units: int


class Destroyed(EventParams):
    event_kind: ClassVar[str] = "aa50.destroyed"
    units: int


class Crashed(EventParams):
    event_kind: ClassVar[str] = "aa50.crashed"
    units: int


class TakenBack(EventParams):
    """Note 62: land units that boarded in the combat move and land nowhere go back ashore."""

    event_kind: ClassVar[str] = "aa50.taken_back"
    units: int


class Landed(Where):
    event_kind: ClassVar[str] = "aa50.landed"
    units: int


class Submerged(Where):
    event_kind: ClassVar[str] = "aa50.submerged"
    units: int


class Press(Where):
    event_kind: ClassVar[str] = "aa50.press"
    round: int


class BattleNext(Where):
    """5.5.3 note 36: a battle takes its place in the order the attacker decides."""

    event_kind: ClassVar[str] = "aa50.battle_next"
    n: int


class HoldFire(Where):
    """5.4.6, 7.3.5: the attacker leaves the enemy submarines (and transports) there be."""

    event_kind: ClassVar[str] = "aa50.hold_fire"


class Retreat(Where):
    event_kind: ClassVar[str] = "aa50.retreat"
    to: Text


class Bombed(Markers):
    event_kind: ClassVar[str] = "aa50.bombed"


class RocketStrike(Markers):
    event_kind: ClassVar[str] = "aa50.rocket"


class Captured(Where):
    event_kind: ClassVar[str] = "aa50.captured"
    by: Text
    holder: Text
    loser: Text


class Plunder(EventParams):
    event_kind: ClassVar[str] = "aa50.plunder"
    by: Text
    loser: Text
    ipcs: int


class CapitalFreed(OfPower):
    event_kind: ClassVar[str] = "aa50.capital_freed"
    returned: list[Text]


# --- mobilize (5.7) and income (5.8) -------------------------------------------------------------
class Placed(OfPower, Where):
    event_kind: ClassVar[str] = "aa50.placed"
    unit: Text
    count: int


class Income(OfPower):
    event_kind: ClassVar[str] = "aa50.income"
    ipcs: int
    bonus: int
    war_bonds: int
    objectives: list[Text] | None = None
    """The national objectives met (5.8.1); left out when nothing is collected."""
