"""The Advanced Game's part of the state: the hit record sheet (Jutland 13.1, 12.7)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.jutland.tournament.battle_state import BattleModules, Special


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
    spent: int = 0
    """A destroyer flotilla's torpedo factors fired: expended for good (12.6)."""


class TorpedoAttack(BaseModel):
    """A torpedo attack declared at the end of a turn, resolved in the next (12.6)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    flotilla: str
    target: str
    factors: int
    close: bool
    """Launched within 3,000 yards: the hits doubled, unless she turns away."""
    helpless: bool
    """The target was dead in the water (or under tow): the hits doubled again (15.4 item 3)."""
    heading: float
    """The target's heading when the attack was declared."""
    source: float
    """The bearing from the target to the flotilla then: she turns away from it."""


class AdvancedState(BaseModel):
    """Present only in a game played with the Advanced rules (the ``rules`` option)."""

    model_config = ConfigDict(extra="forbid")

    damage: dict[str, Damage] = Field(default_factory=dict)
    ammunition: bool = False
    """Tournament 22.2 (an option): a capital ship fires in six battle hours at most."""
    fire_hours: dict[str, list[int]] = Field(default_factory=dict)
    """With that option: the hours in which each capital ship fired."""
    modules: BattleModules = Field(default_factory=BattleModules)
    """The Tournament battle modules chosen (22.1-22.3), each an option."""
    detach: list[str] = Field(default_factory=list)
    """15.3 item 3: the ships ordered, with this turn's sealed maneuvers, to fall out."""
    smoking: list[str] = Field(default_factory=list)
    """22.2: the light ships whose sealed move this turn lays smoke."""
    special: dict[str, Special] = Field(default_factory=dict)
    """22.3 (special damage): each capital ship's boxes by half and her table results."""
    torpedoes: list[TorpedoAttack] = Field(default_factory=list)
    moves: dict[str, tuple[int, int]] = Field(default_factory=dict)
    """This turn's sealed light-ship moves (12.2): counter -> (turn, movement factors)."""
    at_sea: list[str] = Field(default_factory=list)
    """German task forces with capital ships out of their base at the last hour (17)."""
    returns: list[int] = Field(default_factory=list)
    """Hours a German capital ship came back to her base (17: the 26-hour condition)."""
    tows: dict[str, str] = Field(default_factory=dict)
    """15.4 item 2: towing flotilla -> the capital ship dead in the water it tows."""
    engaged: dict[str, bool] = Field(default_factory=dict)
    """16.3: "hour:hex" -> whether the side with capital ships chose to fight the light
    ships found there."""
    torpedoes_done: list[str] = Field(default_factory=list)
    """Sides that declared all their torpedo attacks this turn."""
