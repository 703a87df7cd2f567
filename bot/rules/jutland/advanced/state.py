"""The Advanced Game's part of the state: the hit record sheet (Jutland 13.1, 12.7)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Damage(BaseModel):
    """One counter's line on the hit record sheet."""

    model_config = ConfigDict(extra="forbid")

    boxes: int = 0
    """Gunnery hit boxes marked, left to right (13.1)."""
    slashed: int = 0
    """Of those, the British boxes marked in this turn's German fire: slashed, not yet in
    effect until the British fire is over, then crossed (13.1 item 5)."""
    flotation: int = 0
    """Torpedo or flotation hits of a capital ship (13.1, 13.2 item 3)."""
    phase: str = ""
    """The fire phase ``phase_hits`` counts (hour, turn, firing side)."""
    phase_hits: int = 0
    """Gunnery hits taken in that fire phase (13.2 item 2)."""


class AdvancedState(BaseModel):
    """Present only in a game played with the Advanced rules (the ``rules`` option)."""

    model_config = ConfigDict(extra="forbid")

    damage: dict[str, Damage] = Field(default_factory=dict)
