"""The whole game, secrets included: only the referee holds it (views are built from it)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core import GameState

Side = Literal["german", "british"]
SIDES: tuple[Side, ...] = ("german", "british")
Phase = Literal["initial", "steam", "plot", "search_german", "search_british", "contact", "over"]
"""Jutland 3.2 (initial movement, then the four steam hours), 3.3 items 1-5 (plot, the German
search, the British search, the battle determination and the hour marked), the end (2)."""


class TaskForce(BaseModel):
    """A task force on the search sheet. ``ships`` is its identity; every other field is what
    it is doing (its appearance, traded by ``hiding.swap``)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    side: Side
    ships: list[str]
    hex: str | None
    """None while off the map (Jutland 5)."""
    left_at: int | None = None
    """The hour it left its base (fuel, Jutland 13.5); None in a base."""
    plotted: str | None = None
    """This hour's sealed plot: a hex, "stay", or "off" (leaving by an exit)."""
    exit_hex: str | None = None
    exit_hour: int | None = None
    dead: bool = False
    """Out of fuel: dead in the water (Jutland 13.5 item 3)."""


class Announcement(BaseModel):
    """One side's search (Jutland 3.3 items 2-3): the hexes it announced and, for each, whether
    the other side said it has forces there. Both players hear it all."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hour: int
    side: Side
    answers: dict[str, bool]


def _no_losses() -> dict[Side, list[str]]:
    return {"german": [], "british": []}


class JutlandState(GameState):
    hour: int = 0
    """Hours since 30 May 00:00: the turn being played (the Time Record, Jutland 3.2)."""
    phase: Phase = "initial"
    steam_left: int = 0
    task_forces: dict[str, TaskForce] = Field(default_factory=dict)
    announcements: list[Announcement] = Field(default_factory=list)
    spotted: list[tuple[int, str]] = Field(default_factory=list)
    """(hour, hex) where the coastal patrols saw a German force (Jutland 3.1)."""
    contact: str | None = None
    sunk: dict[Side, list[str]] = Field(default_factory=_no_losses)
