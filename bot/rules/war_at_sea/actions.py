"""Every order a seat can give, as a discriminated union on ``type``.

Every field is bounded (bot/rules/core/bounds.py): ids of at most MAX_ID characters, lists of
distinct ids no longer than one side's counters, numbers within what the rules could allow.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.rules.core import Action
from bot.rules.core.bounds import UNIQUE, Id, at_most, between

SIDE_UNITS = 51
"""The most counters one side has (the Allies' 51 in data/war_at_sea/units.toml; a test
checks it): no order can name more units than that."""

Ships = Annotated[list[Id], at_most(SIDE_UNITS), UNIQUE]


class Done(Action):
    """Finish the current decision (movement, repairs, deployment, groups, returns, ...)."""

    type: Literal["done"] = "done"


class PlaceShips(Action):
    """War at Sea 4.3: British ships set up in England or Malta."""

    type: Literal["place_ships"] = "place_ships"
    ships: Ships
    port: Id


class Move(Action):
    """War at Sea 6: move a group of ships to one destination. ``fallback`` is where they go
    if the speed roll of a two-area move fails (6.2): "origin" or a port by the destination.
    Ruling: 6.2 lets the owner choose between the two but not when; it is chosen with the
    move, before the roll (a failed roll tells nothing more about that ship)."""

    type: Literal["move"] = "move"
    ships: Ships
    to: Id
    fallback: Id = "origin"


class Repair(Action):
    """War at Sea 15.2: spend some of a port's repair value on one ship."""

    type: Literal["repair"] = "repair"
    ship: Id
    points: Annotated[int, between(1, 99)]


class DeployUboats(Action):
    """War at Sea 8.1: send U-boat flotillas from Germany to a sea area."""

    type: Literal["deploy_uboats"] = "deploy_uboats"
    count: Annotated[int, between(1, 99)]
    to: Id


class PlaceAirStrike(Action):
    """War at Sea 9.1: place the land-based air-strike marker."""

    type: Literal["place_air_strike"] = "place_air_strike"
    where: Id


class NoAirStrike(Action):
    type: Literal["no_air_strike"] = "no_air_strike"


class ChooseCombat(Action):
    """War at Sea 7.1: the Axis chooses which combat is fought next."""

    type: Literal["choose_combat"] = "choose_combat"
    where: Id


class AssignTargets(Action):
    """Ships (or U-boats) that fire at one target this round; target "none" holds their fire."""

    type: Literal["assign_targets"] = "assign_targets"
    ships: Ships
    target: Id


class AirTargets(Action):
    """War at Sea 9.3: air-strike targets, one die each."""

    type: Literal["air_targets"] = "air_targets"
    targets: Ships


class OpenFire(Action):
    """Roll: ships without a target get one chosen by the referee."""

    type: Literal["open_fire"] = "open_fire"


class HoldFire(Action):
    """War at Sea 7.2: the side does not fire this round."""

    type: Literal["hold_fire"] = "hold_fire"


class AskCarriers(Action):
    """War at Sea 10.6: the Allies ask whether the Axis carriers will fire."""

    type: Literal["ask_carriers"] = "ask_carriers"


class CarriersFire(Action):
    type: Literal["carriers_fire"] = "carriers_fire"
    fire: bool


class DeclareEscape(Action):
    """War at Sea 11.1, 11.8: sealed, both sides at once."""

    type: Literal["declare_escape"] = "declare_escape"
    escape: bool


class EscapeGroup(Action):
    """War at Sea 11.3: form one escaping group."""

    type: Literal["escape_group"] = "escape_group"
    ships: Ships


class Pursue(Action):
    """War at Sea 11.4: these ships pursue that group (by number)."""

    type: Literal["pursue"] = "pursue"
    ships: Ships
    group: Annotated[int, between(0, SIDE_UNITS)]


class BreakOff(Action):
    """War at Sea 11.5: these pursuers give up."""

    type: Literal["break_off"] = "break_off"
    ships: Ships


class ConvoyChoice(Action):
    """War at Sea 13.2: a convoy in the North Atlantic goes to England or stays."""

    type: Literal["convoy_choice"] = "convoy_choice"
    convoy: Id
    choice: Literal["england", "stay"]


class Refuel(Action):
    """War at Sea 14.2: roll for one German ship, then decide on the next."""

    type: Literal["refuel"] = "refuel"
    ship: Id


class ReturnShips(Action):
    """War at Sea 12.3: send ships to one port."""

    type: Literal["return_ships"] = "return_ships"
    ships: Ships
    to: Id


WarAtSeaAction = Annotated[
    Done
    | PlaceShips
    | Move
    | Repair
    | DeployUboats
    | PlaceAirStrike
    | NoAirStrike
    | ChooseCombat
    | AssignTargets
    | AirTargets
    | OpenFire
    | HoldFire
    | AskCarriers
    | CarriersFire
    | DeclareEscape
    | EscapeGroup
    | Pursue
    | BreakOff
    | ConvoyChoice
    | Refuel
    | ReturnShips,
    Field(discriminator="type"),
]
