"""Every AA50 order, one model per type, in a discriminated union on ``type``. Every field is
bounded (bot/rules/core/bounds.py)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.rules.aa50.board import Power, UnitId
from bot.rules.core import Action
from bot.rules.core.bounds import UNIQUE, Id, at_most

MAX_UNITS = 200
"""More units than one power could move in one order."""

Units = Annotated[list[Id], at_most(MAX_UNITS, 1), UNIQUE]

EndType = Literal[
    "research_done",
    "purchase_done",
    "combat_move_done",
    "noncombat_move_done",
    "mobilize_done",
]
"""What a power says it has finished: research (5.2), purchase (5.3), combat move (5.4),
noncombat move (5.6), mobilization (5.7)."""


class Finish(Action):
    type: EndType


class Research(Action):
    """5.2.1-5.2.2: buy research tokens and roll one die for each token held."""

    type: Literal["research"] = "research"
    tokens: int = Field(ge=0, le=200)


class ChooseChart(Action):
    """5.2.3: after a breakthrough, the chart whose die decides the advance."""

    type: Literal["choose_chart"] = "choose_chart"
    chart: Literal["chart_1", "chart_2"]


class Buy(Action):
    """5.3.1: order units."""

    type: Literal["buy"] = "buy"
    unit: UnitId
    count: int = Field(ge=1, le=200)


class Repair(Action):
    """5.3.2: remove damage markers from a factory you control."""

    type: Literal["repair"] = "repair"
    where: Id
    count: int = Field(ge=1, le=40)


class Move(Action):
    """5.4, 5.6: units from one space to ``to``; ``via`` fixes the spaces passed through (the
    shortest legal path otherwise); ``bomb``: bombers raid the factory there (5.5.1)."""

    type: Literal["move"] = "move"
    units: Units
    to: Id
    via: Annotated[list[Id], at_most(8)] = Field(default_factory=list)
    bomb: bool = False


class Load(Action):
    """7.3.6: land units board a transport in an adjacent sea zone."""

    type: Literal["load"] = "load"
    units: Annotated[list[Id], at_most(2, 1), UNIQUE]
    transport: Id


class Unload(Action):
    """7.3.6, 5.4.3: a transport's cargo goes ashore, all into one territory; ``units``: only
    these (7.3.6: your own transport's cargo aboard since the turn began), none named: all."""

    type: Literal["unload"] = "unload"
    transport: Id
    to: Id
    units: Annotated[list[Id], at_most(2), UNIQUE] = Field(default_factory=list)


class Drop(Action):
    """5.2.3 Paratroopers: a bomber carries one infantry from where both stand into a hostile
    territory and stops there."""

    type: Literal["paradrop"] = "paradrop"
    bomber: Id
    infantry: Id
    to: Id


class Pickup(Action):
    """7.2: in the combat move, one of your carriers will pick fighters up in ``zone`` in
    the noncombat move."""

    type: Literal["pickup"] = "pickup"
    carrier: Id
    zone: Id


class Rocket(Action):
    """5.2.3 Rockets: an AA gun strikes an enemy factory within 3 spaces."""

    type: Literal["rocket"] = "rocket"
    gun: Id
    target: Id


class RocketsDone(Action):
    """5.2.3: no more rockets this turn."""

    type: Literal["rockets_done"] = "rockets_done"


class ChooseBattle(Action):
    """5.5.3: the attacker decides which battle is fought next."""

    type: Literal["choose_battle"] = "choose_battle"
    where: Id


class HoldFire(Action):
    """5.4, 5.4.6, 7.3.5, 5.5.2.1: no battle in ``where``, a sea zone where the enemy has only
    submarines (and transports): your units there leave them be."""

    type: Literal["hold_fire"] = "hold_fire"
    where: Id


class LandFighter(Action):
    """7.2.1: where a defending fighter whose carrier sank lands (its owner's choice)."""

    type: Literal["land_fighter"] = "land_fighter"
    fighter: Id
    to: Id


class Casualties(Action):
    """5.5.3.2-3: the owner chooses which units take the hits (``<id>/2``: a battleship's
    second hit)."""

    type: Literal["casualties"] = "casualties"
    units: Annotated[list[Id], at_most(MAX_UNITS), UNIQUE]


class SetCasualtyOrder(Action):
    """5.5.3.2-3: a power's standing casualty order (``bot.rules.aa50.state.CasualtyOrder``):
    ``ranks`` are unit types, the first lost first."""

    type: Literal["casualty_order"] = "casualty_order"
    power: Power
    ranks: Annotated[list[UnitId], at_most(13), UNIQUE] = Field(default_factory=list)
    battleship_hits_first: bool = True
    keep_land: bool = False
    auto: bool = True


class Submerge(Action):
    """7.3.5: these submarines submerge and leave the battle (none: they fight this round)."""

    type: Literal["submerge"] = "submerge"
    units: Annotated[list[Id], at_most(MAX_UNITS), UNIQUE] = Field(default_factory=list)


class Press(Action):
    """5.5.3.5: the attacker fights another round."""

    type: Literal["press"] = "press"


class Retreat(Action):
    """5.5.3.5: the attacker retreats to an adjacent friendly space a unit came from."""

    type: Literal["retreat"] = "retreat"
    to: Id


class Place(Action):
    """5.7: place purchased units."""

    type: Literal["place"] = "place"
    unit: UnitId
    count: int = Field(ge=1, le=200)
    where: Id


Aa50Action = Annotated[
    Finish
    | Research
    | ChooseChart
    | Buy
    | Repair
    | Move
    | Load
    | Unload
    | Drop
    | Pickup
    | Rocket
    | RocketsDone
    | ChooseBattle
    | HoldFire
    | LandFighter
    | Casualties
    | SetCasualtyOrder
    | Submerge
    | Press
    | Retreat
    | Place,
    Field(discriminator="type"),
]
