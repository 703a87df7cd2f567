"""The Tournament search modules' data (data/jutland/tournament/search.toml): the numbers
the rules state in words, the U-boats and airships by name, the bases' capacities for the
redeployment (Jutland 21.4), the Submarine Action Matrix (21.5) and the Airship Search
Visibility Table (21.6). Every record carries its provenance."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core.data import data_dir as default_data_dir
from bot.rules.core.sourced import DataError, Id, Loader, Sourced
from bot.rules.jutland.components import HexId, comps

GAME_DIR = "jutland/tournament"
CELLS = tuple(f"{b}{g}" for b in "ABC" for g in "1234")


class Constants(Sourced):
    fast_movement: int
    fast_types: tuple[str, ...]
    wolfpack: int
    uboat_attacks: int
    uboat_rest: int
    airship_hexes: int
    airship_hours: int


class Named(Sourced):
    id: Id
    name: str


class BaseRow(Sourced):
    id: Id
    hex: HexId
    counters: int
    capital: int | None = None
    light_only: bool = False


class Cell(Sourced):
    """One cell of the Submarine Action Matrix (0: that effect is not in the cell)."""

    cell: Annotated[str, Field(pattern=r"^[ABC][1-4]$")]
    dd_box: int = 0
    hits: int = 0
    factor: int = 0
    double: bool = False
    sunk: int = 0
    dd_boxes: int = 0


class Visibility(Sourced):
    die: Annotated[int, Field(ge=1, le=6)]
    hexes: Annotated[int, Field(ge=0, le=2)]


class SearchData(BaseModel):
    model_config = ConfigDict(frozen=True)

    rules: Constants
    uboats: dict[str, Named]
    airships: dict[str, Named]
    bases: dict[str, BaseRow]
    matrix: dict[str, Cell]
    visibility: dict[int, Visibility]


def load_search(root: Path | None = None) -> SearchData:
    root = (root or default_data_dir()) / GAME_DIR
    f = "search.toml"
    load = Loader(
        root, {f: frozenset({"rules", "uboat", "airship", "base", "matrix", "visibility"})}
    )
    rules = load.single(f, "rules", Constants)
    uboats = load.records(f, "uboat", Named)
    airships = load.records(f, "airship", Named)
    bases = load.records(f, "base", BaseRow)
    matrix = load.records(f, "matrix", Cell, key="cell")
    visibility = {v.die: v for v in load.rows(f, "visibility", Visibility)}
    if sorted(matrix) != sorted(CELLS):
        load.problem(f, "matrix", f"cells {sorted(matrix)}, not A1-C4 once each")
    if sorted(visibility) != list(range(1, 7)):
        load.problem(f, "visibility", f"faces {sorted(visibility)}, not 1-6")
    for b in bases.values():
        if b.hex not in comps().hexes:
            load.problem(f, f"base {b.id}", f"hex {b.hex} is not on the sheet")
    if load.problems:
        raise DataError(load.problems, "Jutland Tournament search")
    assert rules is not None
    return SearchData(
        rules=rules, uboats=uboats, airships=airships, bases=bases, matrix=matrix,
        visibility=visibility,
    )  # fmt: skip


@cache
def tdata() -> SearchData:
    return load_search()
