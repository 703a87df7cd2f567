"""Orders of the Tournament search modules (Jutland 21)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.rules.core import Action

Ref = Annotated[str, Field(min_length=1, max_length=40)]


class Station(Action):
    """21.4: one British counter redeployed to a base (before the game begins)."""

    type: Literal["station"] = "station"
    ship: Ref
    base: Ref


class PlaceUboats(Action):
    """21.5 items 1, 3: these U-boats start as one group in this full sea hex."""

    type: Literal["place_uboats"] = "place_uboats"
    hex: Ref
    boats: Annotated[list[Ref], Field(min_length=1, max_length=14)]


class BaseAirship(Action):
    """21.6 item 2: an airship's base (at least one airship at each)."""

    type: Literal["base_airship"] = "base_airship"
    airship: Ref
    base: Ref


class Deployed(Action):
    """The side's set-up orders of the Tournament modules are done."""

    type: Literal["deployed"] = "deployed"


class UboatPlot(Action):
    """21.5 item 2: a group's move (a neighbouring full sea hex, or "stay")."""

    type: Literal["uboat_plot"] = "uboat_plot"
    group: Ref
    to: Ref


class AirshipPlot(Action):
    """21.6 item 3: an airship's flight this hour, through ``via`` to ``to`` (``to`` equal to
    ``via``: one hex), or "stay"."""

    type: Literal["airship_plot"] = "airship_plot"
    airship: Ref
    via: Ref
    to: Ref = "stay"


class SubChoice(Action):
    """21.5 item 6a-b: a side's sealed choice on the Submarine Action Matrix: the British
    A, B or C, the German 1-4 with the capital ships attacked under 3 and 4."""

    type: Literal["sub_choice"] = "sub_choice"
    hex: Ref
    choice: Ref
    targets: Annotated[list[Ref], Field(max_length=60)] = Field(default_factory=list)


class AirshipSearch(Action):
    """21.6 items 4-5: an airship announces hexes she passed this hour, as many as her
    visibility roll allows."""

    type: Literal["airship_search"] = "airship_search"
    airship: Ref
    hexes: Annotated[list[Ref], Field(min_length=1, max_length=2)]
