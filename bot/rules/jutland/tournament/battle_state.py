"""The Tournament battle modules' part of the state (Jutland 22): which modules are on, each
capital ship's special damage (22.3), the weather of a battle (22.1) and its smoke screens
(22.2). Plain models, imported by the Advanced state and the battle."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

EffectKind = Literal[
    "dead", "stopped", "director", "steering", "fire_control", "ammunition_hoist",
    "steam_pipe", "engine_flooded", "engine_hit", "list",
]  # fmt: skip


class BattleModules(BaseModel):
    """The Tournament battle modules chosen at /game new (each an option)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    special_damage: bool = False
    """22.3: random damage location, critical hits, flotation hits."""
    smoke: bool = False
    """22.2: German light ships lay smoke screens."""
    visibility: bool = False
    """22.1 item 1: the Visibility Table by day."""
    wind: bool = False
    """22.1 item 2: the Wind Direction Table."""
    one_roll: bool = False
    """22.1 item 3: one die a turn read on both weather tables."""


class Effect(BaseModel):
    """One special-damage result on a capital ship (22.3, the Critical and Flotation Hit
    Tables)."""

    model_config = ConfigDict(extra="forbid")

    kind: EffectKind
    turns: int | None = None
    """Maneuver-and-fire turns it still lasts; None: for the rest of the game."""
    pending: bool = False
    """Inflicted in this turn: it takes effect from the next one (Ruling in special_damage)."""


class Special(BaseModel):
    """A capital ship's special damage: the boxes marked in each half (22.3 item 1) and the
    effects of the two tables."""

    model_config = ConfigDict(extra="forbid")

    fore: int = 0
    aft: int = 0
    effects: list[Effect] = Field(default_factory=list)


class Weather(BaseModel):
    """A battle's weather (22.1): whether its visibility was rolled (it is the battle's
    ``visibility``), and the way the wind blows from (degrees, 0 north; None without the
    wind module)."""

    model_config = ConfigDict(extra="forbid")

    rolled: bool = False
    wind: int | None = None


class SmokeScreen(BaseModel):
    """22.2: a smoke screen laid by a German light ship between two points of its path."""

    model_config = ConfigDict(extra="forbid")

    by: str
    a: tuple[float, float]
    b: tuple[float, float]
    turns: int = 2
    """Maneuver-and-fire turns it still stands: gone at the start of the third."""
