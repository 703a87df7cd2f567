"""The Tournament battle modules' data (data/jutland/tournament/, described in its README.md):
the Visibility and Wind Direction Tables (22.1) and the random damage location (22.3 item
1). Every record carries its provenance; the loader reports every problem at once."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core.data import data_dir as default_data_dir
from bot.rules.core.sourced import DataError, Loader, Sourced

GAME_DIR = "jutland/tournament"
Die = Annotated[int, Field(ge=1, le=6)]
Section = Literal["fore", "aft"]


class Limits(Sourced):
    lowest: int = Field(ge=0)
    highest: int = Field(ge=0)


class VisibilityRow(Sourced):
    die: Die
    initial: int = Field(ge=0)
    change: int


class WindRow(Sourced):
    die: tuple[Die, ...]
    blows_from: int = Field(ge=0, lt=360)
    change: bool


class Downwind(Sourced):
    arc: float = Field(gt=0, lt=45)


class LocationRow(Sourced):
    die: tuple[Die, ...]
    section: Section


class Split(Sourced):
    odd_box: Section


class BattleTables(BaseModel):
    model_config = ConfigDict(frozen=True)

    limits: Limits
    visibility: dict[int, VisibilityRow]
    wind: tuple[WindRow, ...]
    downwind: Downwind
    location: tuple[LocationRow, ...]
    split: Split

    def wind_row(self, die: int) -> WindRow:
        return next(r for r in self.wind if die in r.die)

    def section(self, die: int) -> Section:
        return next(r.section for r in self.location if die in r.die)


def _once_each(load: Loader, file: str, name: str, faces: list[int]) -> None:
    if sorted(faces) != list(range(1, 7)):
        load.problem(file, name, f"faces {sorted(faces)}, not 1-6 once each")


def load_battle_tables(root: Path | None = None) -> BattleTables:
    root = (root or default_data_dir()) / GAME_DIR
    load = Loader(
        root,
        {
            "weather.toml": frozenset({"limits", "visibility", "wind", "downwind"}),
            "special_damage.toml": frozenset({"location", "split"}),
        },
    )
    limits = load.single("weather.toml", "limits", Limits)
    visibility = load.records("weather.toml", "visibility", VisibilityRow, key="die")
    wind = load.rows("weather.toml", "wind", WindRow)
    downwind = load.single("weather.toml", "downwind", Downwind)
    location = load.rows("special_damage.toml", "location", LocationRow)
    split = load.single("special_damage.toml", "split", Split)
    _once_each(load, "weather.toml", "visibility", list(visibility))
    _once_each(load, "weather.toml", "wind", [d for r in wind for d in r.die])
    _once_each(load, "special_damage.toml", "location", [d for r in location for d in r.die])
    if limits is not None:
        for r in visibility.values():
            if not limits.lowest <= r.initial <= limits.highest:
                load.problem("weather.toml", f"visibility {r.die}", "initial out of the limits")
    if sorted({r.section for r in location}) != ["aft", "fore"]:
        load.problem("special_damage.toml", "location", "both halves, fore and aft")
    if load.problems:
        raise DataError(load.problems, "Jutland Tournament")
    assert limits is not None and downwind is not None and split is not None
    return BattleTables(
        limits=limits, visibility=visibility, wind=tuple(wind), downwind=downwind,
        location=tuple(location), split=split,
    )  # fmt: skip


@cache
def tables() -> BattleTables:
    return load_battle_tables()
