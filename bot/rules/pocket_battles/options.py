"""Game options: the battle size (Pocket Battles 3.1) and the readings of the rules where the
summary is uncertain (NOTES.md "Missing items and proposed stand-ins"), each with the
stand-in as its default."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

SIZES = (50, 60, 70, 80, 90, 100)
"""Pocket Battles 3.1: battle sizes (data/pocket_battles/battle.toml: 50-100, steps of 10)."""

Reveal = Literal["deployment_end", "first_fight"]
WoundToken = Literal["unused_first", "spent_first"]
EngagementShot = Literal["alternate", "target_only"]


class PocketBattlesOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    size: int = Field(
        default=60,
        description="Pocket Battles 3.1: battle size in points (50-100 in steps of 10)",
    )
    # Ruling: NOTES.md reads the summary's 四(四) ("spread the stacks out") as every stack
    # being revealed once deployment ends; BR's "zunächst" (at first) allows the other reading,
    # a stack revealed when it first fights, shoots or is shot at.
    reveal: Reveal = Field(
        default="deployment_end",
        description="Pocket Battles 4.4: stacks are revealed when deployment ends, or each "
        "when it first fights",
    )
    # Ruling: a wound takes an unused token first (NOTES.md stand-in: the owner loses orders
    # now, as the summary's 五(二)2(7)C(A) says); the other reading takes a spent one first.
    wound_token: WoundToken = Field(
        default="unused_first",
        description="Pocket Battles 5.4: a wound takes an unused order token first, or a "
        "spent one first",
    )
    # Ruling: the summary (五(二)5(2)) says both sides take the damage of a shot into an
    # engagement, not how: the hits alternate, the enemy first (NOTES.md stand-in).
    engagement_shot: EngagementShot = Field(
        default="alternate",
        description="Pocket Battles 5.7: hits of a shot into an engagement alternate between "
        "the target and the shooter's own engaged unit, or all fall on the target",
    )
    # Ruling: redeployment may move into the adjacent sector's zone (NOTES.md stand-in: an
    # orthogonal move within your own 6 zones); the other reading keeps it in its sector.
    redeploy_across: bool = Field(
        default=True,
        description="Pocket Battles 5.1: redeployment and tactical moves may cross to an "
        "adjacent sector",
    )
    # Ruling: the summary's 七(二) swaps attacker and defender each round (NOTES.md follows it).
    swap_roles: bool = Field(
        default=True,
        description="Pocket Battles 7.2: attacker and defender swap roles at each new round",
    )

    # Ruling: the summary sets no limit on rounds; a game by post needs one, so an abandoned
    # or endless battle ends: after the last round it is decided by 8.2 and 8.3.
    max_rounds: int = Field(
        default=12,
        ge=1,
        le=99,
        description="Pocket Battles 8.2: after this many rounds the battle is decided on the "
        "points destroyed",
    )

    @field_validator("size")
    @classmethod
    def _size(cls, value: int) -> int:
        if value not in SIZES:
            raise ValueError(f"battle size must be one of {SIZES}")
        return value
