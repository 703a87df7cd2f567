"""Orders (one model per type; the ruleset's adapter parses the union on ``type``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.rules.core import Action
from bot.rules.jutland.advanced.actions import Engage, HoldTorpedoes, LightMove, Torpedo
from bot.rules.jutland.tournament.search_actions import (
    AirshipPlot,
    AirshipSearch,
    BaseAirship,
    Deployed,
    PlaceUboats,
    Station,
    SubChoice,
    UboatPlot,
)

__all__ = [
    "AirshipPlot", "AirshipSearch", "Announce", "BaseAirship", "Deployed", "EndInitial", "Engage",
    "Fire", "HoldFire", "HoldTorpedoes", "JutlandAction", "LightMove", "Makeup", "ManeuverOrder",
    "Merge", "PlaceUboats", "Plot", "SoloPick", "Split", "Station", "SubChoice", "Torpedo",
    "UboatPlot",
]  # fmt: skip

Ref = Annotated[str, Field(min_length=1, max_length=40)]


class Plot(Action):
    """One task force's move this hour: a neighbouring hex, "stay", "off" (leave by an exit)
    or an exit hex to come back by (Jutland 3.3 item 1, 3.2, 5)."""

    type: Literal["plot"] = "plot"
    tf: Ref
    to: Ref
    via: Ref | None = None
    """Tournament 21.1: a fast task force's first hex of its two this even hour."""


class EndInitial(Action):
    """Jutland 3.2 item 1b: the German stops his initial movement where he is."""

    type: Literal["end_initial"] = "end_initial"


class Announce(Action):
    """Jutland 3.3 items 2-3: the hexes of one's task forces are announced by the referee;
    ``extra`` are the adjacent hexes one chooses to announce too."""

    type: Literal["announce"] = "announce"
    extra: Annotated[list[Ref], Field(max_length=150)] = Field(default_factory=list)
    """At most every neighbour of every force (fifteen forces a side at most, six sides each)."""
    withhold: Annotated[list[Ref], Field(max_length=40)] = Field(default_factory=list)
    """Advanced 16.2: hexes of one's searching forces not announced (never in the Basic Game)."""
    uboats: Annotated[list[Ref], Field(max_length=14)] = Field(default_factory=list)
    """Tournament 21.5 item 5: hexes of three U-boats or more announced (by day)."""


class ManeuverOrder(Action):
    """Jutland 4.2: one formation's maneuver this turn (sealed): the kind of turn, its angle
    in degrees (to starboard positive) and the movement factors used, turning included."""

    type: Literal["maneuver"] = "maneuver"
    tf: Ref
    turn: Literal["succession", "together", "turn_away"]
    angle: Annotated[int, Field(ge=-180, le=180)]
    speed: Annotated[int, Field(ge=0, le=30)]
    then: Annotated[int, Field(ge=-180, le=180)] = 0
    """4.2 item 4: a second turn of the same kind, at the end of the straight run (0: none)."""
    detach: list[Ref] = Field(default_factory=list, max_length=40)
    """Advanced 15.3 item 3: damaged ships of the formation that fall out of it."""


class Fire(Action):
    """Jutland 4.3: these ships fire together at one target (in the firer's chosen order)."""

    type: Literal["fire"] = "fire"
    target: Ref
    band: Ref
    ships: Annotated[list[Ref], Field(min_length=1, max_length=60)]


class HoldFire(Action):
    """Jutland 4.3 item 11: the side's remaining ships hold their fire this turn."""

    type: Literal["hold_fire"] = "hold_fire"


class Merge(Action):
    """Jutland 3.3 item 5: a task force joins another in its hex."""

    type: Literal["merge"] = "merge"
    tf: Ref
    into: Ref


class Split(Action):
    """Jutland 3.3 item 5: these ships leave their task force to form a new one."""

    type: Literal["split"] = "split"
    tf: Ref
    ships: Annotated[list[Ref], Field(min_length=1, max_length=60)]


class Makeup(Action):
    """Jutland 1.4 item 4: a task force's battle formation, "ships - columns - yards between
    columns" (the ships are the force's own; ``interval`` is 0 for a single column)."""

    type: Literal["makeup"] = "makeup"
    tf: Ref
    columns: Annotated[int, Field(ge=1, le=9)]
    interval: Annotated[int, Field(ge=0, le=8000)] = 0


class SoloPick(Action):
    """Jutland 23.2: the open decision ``prompt`` answered by the die, as the solitaire rule
    decides the bot's side (scenarios/bot.py numbers the choices)."""

    type: Literal["solo_pick"] = "solo_pick"
    prompt: Annotated[str, Field(min_length=1, max_length=120)]


JutlandAction = Annotated[
    Plot
    | EndInitial
    | Announce
    | ManeuverOrder
    | Fire
    | HoldFire
    | Merge
    | Split
    | Makeup
    | LightMove
    | Torpedo
    | HoldTorpedoes
    | Engage
    | Station
    | PlaceUboats
    | BaseAirship
    | Deployed
    | UboatPlot
    | AirshipPlot
    | AirshipSearch
    | SubChoice
    | SoloPick,
    Field(discriminator="type"),
]
