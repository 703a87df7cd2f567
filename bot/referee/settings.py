"""Per-game settings a manager may change with /game settings."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ExpiryPolicy = Literal["default", "pause", "notify"]


class GameSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    deadline_hours: float = Field(default=48.0, ge=0, le=24 * 60)
    """Time a seat has to answer a prompt; 0 means no deadline."""
    remind_before_hours: float = Field(default=12.0, ge=0, le=24 * 30)
    on_expiry: ExpiryPolicy = "default"
    """default: apply the prompt's default order; pause: pause the game; notify: only tell."""
    autopilot: dict[str, str] = Field(default_factory=dict)
    """Seats the referee plays, by policy (``Ruleset.autopilots``): a player gone, handed over
    by a manager; their prompts are answered at the next deadline tick."""
    snapshot_every: int | None = Field(default=None, ge=1, le=1000)
    """Orders between state snapshots; None: the game's own cadence (Ruleset.snapshot_every)."""
