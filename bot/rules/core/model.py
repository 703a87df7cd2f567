"""Base models every game's State, Action and View extend."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.rules.core.text import Text


class Action(BaseModel):
    """An order a seat submits. Each game defines a discriminated union on ``type``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: str


class Result(BaseModel):
    """How a finished game ended. ``winner`` is a seat, or None for a draw."""

    model_config = ConfigDict(frozen=True)

    winner: str | None
    summary: Text


class GameState(BaseModel):
    """Everything, secrets included. JSON round-trippable; only the referee holds it."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    ruleset: str
    scenario: str
    seats: tuple[str, ...]
    result: Result | None = None


class View(BaseModel):
    """What one audience (a seat, or the public for None) may know. Rendering, messages,
    autocomplete and exports are built from views only."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ruleset: str
    audience: str | None
    status: Text
    result: Result | None = None
