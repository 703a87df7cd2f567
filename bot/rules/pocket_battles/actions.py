"""Every order a seat can give in Pocket Battles, as a discriminated union on ``type``.

Every field is bounded (bot/rules/core/bounds.py): ids of at most MAX_ID characters, a unit
of at most ARMY_TILES tiles (a whole army: no longer list can name distinct tiles of it). The
formation limit itself (3.3) is a rule, judged by building.py with its own refusal.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.rules.core import Action
from bot.rules.core.bounds import UNIQUE, Id, at_most

MAX_FORMATION = 4
"""The highest formation value printed on a tile (data/pocket_battles/tiles.toml): the most
tiles a menu lets a unit take."""

ARMY_TILES = 30
"""Tiles in one army (data/pocket_battles/tiles.toml; tests/pocket_battles/test_data.py)."""

Tiles = Annotated[list[Id], at_most(ARMY_TILES, 1), UNIQUE]
Excite = Annotated[list[Id], at_most(1), UNIQUE]
"""The Excite unit ordered beside a charge, an engagement or a shot (9.2): none or one."""


# --- army building (Pocket Battles 3) --------------------------------------------------------
class AddUnit(Action):
    """Form a unit from tiles of your army, the first on top (3.3)."""

    type: Literal["add_unit"] = "add_unit"
    tiles: Tiles


class RemoveUnit(Action):
    """Take a unit back out of the army being built."""

    type: Literal["remove_unit"] = "remove_unit"
    unit: Id


class ReadyMade(Action):
    """Replace the army being built with a ready-made army of the battle size."""

    type: Literal["ready_made"] = "ready_made"
    army: Id


class ArmyDone(Action):
    """The army is built (3.2): sealed until deployment places it."""

    type: Literal["army_done"] = "army_done"


# --- deployment (Pocket Battles 4) -----------------------------------------------------------
class Place(Action):
    """Place one unit in one of your six zones (4.2)."""

    type: Literal["place"] = "place"
    unit: Id
    zone: Id


# --- a turn (Pocket Battles 5) ---------------------------------------------------------------
class Redeploy(Action):
    """Phase 1: move one unit to an adjacent zone at no cost (5.1)."""

    type: Literal["redeploy"] = "redeploy"
    unit: Id
    zone: Id


class KeepPositions(Action):
    """Phase 1 ends without a redeployment (5.1)."""

    type: Literal["keep_positions"] = "keep_positions"


class Move(Action):
    """Tactical move (5.3)."""

    type: Literal["move"] = "move"
    unit: Id
    zone: Id


class Charge(Action):
    """Charge (5.4), with an Excite unit ordered beside it (9.2)."""

    type: Literal["charge"] = "charge"
    unit: Id
    target: Id
    excite: Excite = Field(default_factory=list)


class CarryOn(Action):
    """Carry on an engagement (5.5)."""

    type: Literal["carry_on"] = "carry_on"
    unit: Id
    target: Id
    excite: Excite = Field(default_factory=list)


class Leave(Action):
    """Leave an engagement (5.6)."""

    type: Literal["leave"] = "leave"
    unit: Id


class Shoot(Action):
    """Shoot (5.7)."""

    type: Literal["shoot"] = "shoot"
    unit: Id
    target: Id
    excite: Excite = Field(default_factory=list)


class Heal(Action):
    """Special tactic Heal (9.1): one wound token off a troop of another friendly unit."""

    type: Literal["heal"] = "heal"
    unit: Id
    troop: Id


class DoubleOrder(Action):
    """Special tactic Double Order (9.3): two further orders this turn."""

    type: Literal["double_order"] = "double_order"
    unit: Id


class Pass(Action):
    """Pass (6.1): every unused token is set aside."""

    type: Literal["pass"] = "pass"


class OrdersDone(Action):
    """No more of the further orders a Double Order allows (9.3)."""

    type: Literal["orders_done"] = "orders_done"


class Concede(Action):
    """Concede the battle (8.1)."""

    type: Literal["concede"] = "concede"


# --- the charged side's reaction (Pocket Battles 5.4) ----------------------------------------
class Intercept(Action):
    type: Literal["intercept"] = "intercept"
    unit: Id


class ShootCharger(Action):
    type: Literal["shoot_charger"] = "shoot_charger"
    unit: Id


class Hold(Action):
    type: Literal["hold"] = "hold"


# --- hits and follow-ons -----------------------------------------------------------------------
class AssignHit(Action):
    """The hit unit's owner puts the next hit on one of its troops (5.4)."""

    type: Literal["assign_hit"] = "assign_hit"
    troop: Id


class Overwhelm(Action):
    """Overwhelming's follow-on charge at the chosen target (9.8)."""

    type: Literal["overwhelm"] = "overwhelm"
    target: Id


PocketBattlesAction = Annotated[
    AddUnit
    | RemoveUnit
    | ReadyMade
    | ArmyDone
    | Place
    | Redeploy
    | KeepPositions
    | Move
    | Charge
    | CarryOn
    | Leave
    | Shoot
    | Heal
    | DoubleOrder
    | Pass
    | OrdersDone
    | Concede
    | Intercept
    | ShootCharger
    | Hold
    | AssignHit
    | Overwhelm,
    Field(discriminator="type"),
]
