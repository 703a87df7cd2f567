"""Orders (one model per type; the ruleset's adapter parses the union on ``type``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.rules.core import Action

Ref = Annotated[str, Field(min_length=1, max_length=12)]


class Plot(Action):
    """One task force's move this hour: a neighbouring hex, "stay", "off" (leave by an exit)
    or an exit hex to come back by (Jutland 3.3 item 1, 3.2, 5)."""

    type: Literal["plot"] = "plot"
    tf: Ref
    to: Ref


class EndInitial(Action):
    """Jutland 3.2 item 1b: the German stops his initial movement where he is."""

    type: Literal["end_initial"] = "end_initial"


class Announce(Action):
    """Jutland 3.3 items 2-3: the hexes of one's task forces are announced by the referee;
    ``extra`` are the adjacent hexes one chooses to announce too."""

    type: Literal["announce"] = "announce"
    extra: Annotated[list[Ref], Field(max_length=60)] = Field(default_factory=list)


JutlandAction = Annotated[Plot | EndInitial | Announce, Field(discriminator="type")]
