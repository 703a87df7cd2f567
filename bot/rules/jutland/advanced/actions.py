"""The Advanced Game's orders (in the ruleset's union, bot/rules/jutland/actions.py)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.rules.core import Action

Ref = Annotated[str, Field(min_length=1, max_length=40)]


class LightMove(Action):
    """Jutland 12.2, 14.4 item 4: a light-ship counter's move this turn, free of the gauge:
    a turn (degrees, to starboard positive) and then straight on, up to its movement."""

    type: Literal["light_move"] = "light_move"
    tf: Ref
    angle: Annotated[int, Field(ge=-180, le=180)]
    speed: Annotated[int, Field(ge=0, le=30)]
    smoke: bool = False
    """Tournament 22.2: a German light ship lays a smoke screen along this move."""


class Torpedo(Action):
    """Jutland 12.6: a destroyer flotilla declares a torpedo attack (its one shot of the turn),
    resolved after the next turn's maneuver."""

    type: Literal["torpedo"] = "torpedo"
    flotilla: Ref
    target: Ref
    factors: Annotated[int, Field(ge=1, le=10)]


class HoldTorpedoes(Action):
    """Jutland 12.6: the side declares no more torpedo attacks this turn."""

    type: Literal["hold_torpedoes"] = "hold_torpedoes"


class Engage(Action):
    """Jutland 16.3: where only light ships of the enemy were found, the side with capital
    ships there chooses whether to fight."""

    type: Literal["engage"] = "engage"
    hex: Ref
    fight: bool
