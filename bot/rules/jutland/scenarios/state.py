"""The play variants' part of the state (Jutland 23): present only in a mini-scenario or a
solitaire game."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class SoloState(BaseModel):
    """Solitaire (三.B): the bot's six German plans and six British search patterns, the
    one plan the die chose (hidden from the British player until contact reveals it)."""

    model_config = ConfigDict(extra="forbid")

    plan: int
    """The German plan the die chose (1-6)."""
    depart: int
    """Its departure hour."""
    track: list[str]
    """Its initial movement, hex by hex from the departure hour."""
    pattern: int | None = None
    """The British search pattern that met it first (1-6); None: no contact."""
    contact: str | None = None
    """The hex of the contact the comparison found."""
    revealed: bool = False
    """Contact made: the plan is no secret any more."""


class PlayState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    unscored: dict[str, int] = Field(default_factory=dict)
    """Boxes marked before play that score nothing (Dogger Bank note 2)."""
    sailed: bool = False
    """Hit-and-Run: a German capital ship has left her base (the game ends when all are home
    again or sunk)."""
    german_heading: float | None = None
    """The Battlecruiser Action: the German fleet's mean heading when the battle ended."""
    solo: SoloState | None = None
