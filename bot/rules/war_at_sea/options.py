"""Game options: the variants of War at Sea 18 as booleans, all off by default."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class WarAtSeaOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    variant_18_1: bool = Field(
        default=False, description="War at Sea 18.1: Bismarck and Tirpitz have armor 7, not 9"
    )
    variant_18_2: bool = Field(
        default=False,
        description="War at Sea 18.2: Allied counters move face down, revealed only in combat",
    )
    variant_18_3: bool = Field(
        default=False,
        description="War at Sea 18.3: U-boat reinforcements beyond seven are kept until needed",
    )
    variant_18_4: bool = Field(
        default=False, description="War at Sea 18.4: German ships that escaped may refuel at sea"
    )
    variant_18_5: bool = Field(
        default=False,
        description="War at Sea 18.5: Allied ships may not enter the USA before turn 4",
    )
    variant_18_6: bool = Field(
        default=False,
        description="War at Sea 18.6: ships staying in the neutral port are interned, no penalty",
    )
