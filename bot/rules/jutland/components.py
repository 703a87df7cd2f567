"""Jutland component data: the Fleet Search Sheet, its places, the Time Record, the capital
ships and the Basic Game Gunnery Table (data/jutland/*.toml, described in its README.md).

Every record carries its provenance (`status`, `source`; `fields` for single values). The
loader checks the files together and raises one `DataError` naming every problem.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core.data import data_dir as default_data_dir
from bot.rules.core.sourced import DataError, Id, Loader, Sourced

GAME_DIR = "jutland"
Side = Literal["british", "german"]
ShipType = Literal["BB", "BC", "B", "CA"]
Terrain = Literal["sea", "shaded", "coast", "land"]
TERRAIN: dict[str, Terrain] = {"s": "sea", "p": "shaded", "c": "coast", "l": "land"}
HexId = Annotated[str, Field(pattern=r"^[A-Z]{1,2}-?\d{1,2}$")]
Factor = Annotated[int, Field(ge=0, le=30)]
_HEX = re.compile(r"^([A-Z]{1,2})(-?\d{1,2})$")
# Axial steps (column, row) of the six neighbours: E, W, NE, NW, SE, SW (NOTES.md §2, J1).
STEPS = ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))


class Grid(Sourced):
    rows: tuple[str, ...]
    hex_yards: int


class Row(Sourced):
    id: str
    first: int
    terrain: Annotated[str, Field(pattern=r"^[spcl]+$")]


class ShipClass(Sourced):
    id: Id
    side: Side
    type: ShipType
    bow: Factor
    broadside: Factor
    stern: Factor
    protection: Annotated[int, Field(ge=1, le=20)]
    movement: Factor
    hit_boxes: Annotated[int, Field(ge=1, le=40)]
    broadside_lb: int
    bow_lb: int
    stern_lb: int
    belt_in: float
    speed_kn: float
    displacement_t: int
    guns: str


class ShipRecord(Sourced):
    """One counter; a factor given here overrides its class's (a value the rules print)."""

    id: Id
    name: str
    class_: Id = Field(alias="class")
    task_force: int | None = None
    bow: Factor | None = None
    broadside: Factor | None = None
    stern: Factor | None = None
    protection: Annotated[int, Field(ge=1, le=20)] | None = None
    movement: Factor | None = None
    hit_boxes: Annotated[int, Field(ge=1, le=40)] | None = None


class Ship(BaseModel):
    """A capital ship's counter as the rules read it (Jutland 1.3: broadside gunnery, protection,
    movement): the class's values and the ship's own."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    side: Side
    type: ShipType
    ship_class: str
    task_force: int | None
    bow: int
    broadside: int
    stern: int
    protection: int
    movement: int
    hit_boxes: int


class Base(Sourced):
    id: Id
    hex: HexId
    side: Side
    start: int | None = None
    """The task force that starts there (none: Hull, a base to return to, 13.5)."""


class Approach(Sourced):
    hex: HexId
    side: Side


class Exit(Sourced):
    id: Id
    side: Side
    hexes: tuple[HexId, ...]


class ZeppelinBase(Sourced):
    hex: HexId


class TimeRecord(Sourced):
    first: str
    hours: Annotated[int, Field(ge=1)]
    night: tuple[Annotated[int, Field(ge=0, le=23)], ...]
    german_fuel_hours: int
    british_fuel_hours: int


class GunneryRow(Sourced):
    odds: Annotated[str, Field(pattern=r"^\d+:\d+$")]
    sink: tuple[Annotated[int, Field(ge=1, le=6)], ...]


class Hex(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    row: int
    col: int
    terrain: Terrain


class Components(BaseModel):
    model_config = ConfigDict(frozen=True)

    grid: Grid
    hexes: dict[str, Hex]
    classes: dict[str, ShipClass]
    ships: dict[str, Ship]
    bases: dict[str, Base]
    approaches: tuple[Approach, ...]
    exits: dict[str, Exit]
    zeppelin_bases: tuple[ZeppelinBase, ...]
    time: TimeRecord
    gunnery: tuple[GunneryRow, ...]

    def hex_at(self, row: int, col: int) -> str | None:
        if not 0 <= row < len(self.grid.rows):
            return None
        name = f"{self.grid.rows[row]}{col}"
        return name if name in self.hexes else None

    def neighbours(self, hex_id: str) -> list[str]:
        h = self.hexes[hex_id]
        found = (self.hex_at(h.row + dr, h.col + dq) for dq, dr in STEPS)
        return [n for n in found if n is not None]


def parse_hex(name: str, rows: tuple[str, ...]) -> tuple[int, int] | None:
    m = _HEX.match(name)
    if m is None or m.group(1) not in rows:
        return None
    return rows.index(m.group(1)), int(m.group(2))


def load_components(root: Path | None = None) -> Components:
    root = (root or default_data_dir()) / GAME_DIR
    load = Loader(
        root,
        {
            "sheet.toml": frozenset({"grid", "row"}),
            "places.toml": frozenset({"base", "approach", "exit", "zeppelin_base", "time"}),
            "ships.toml": frozenset({"class", "ship"}),
            "tables.toml": frozenset({"gunnery"}),
        },
    )
    grid = load.single("sheet.toml", "grid", Grid)
    rows = load.records("sheet.toml", "row", Row)
    hexes: dict[str, Hex] = {}
    if grid is not None:
        if tuple(rows) != grid.rows:
            load.problem("sheet.toml", "row", f"rows {tuple(rows)} are not the grid's {grid.rows}")
        for index, name in enumerate(grid.rows):
            row = rows.get(name)
            for k, letter in enumerate(row.terrain if row else ""):
                col = row.first + k if row else 0
                hexes[f"{name}{col}"] = Hex(
                    id=f"{name}{col}", row=index, col=col, terrain=TERRAIN[letter]
                )
    classes = load.records("ships.toml", "class", ShipClass)
    records = load.records("ships.toml", "ship", ShipRecord)
    bases = load.records("places.toml", "base", Base)
    approaches = load.rows("places.toml", "approach", Approach)
    exits = load.records("places.toml", "exit", Exit)
    zeppelins = load.rows("places.toml", "zeppelin_base", ZeppelinBase)
    time = load.single("places.toml", "time", TimeRecord)
    gunnery = load.rows("tables.toml", "gunnery", GunneryRow)

    def where(file: str, label: str, hex_id: str, allowed: tuple[Terrain, ...]) -> None:
        if hex_id not in hexes:
            load.problem(file, label, f"hex {hex_id} is not on the sheet")
        elif hexes[hex_id].terrain not in allowed:
            load.problem(file, label, f"hex {hex_id} is {hexes[hex_id].terrain}, not {allowed}")

    for b in bases.values():
        where("places.toml", f"base {b.id}", b.hex, ("coast",))
    for a in approaches:
        where("places.toml", f"approach {a.hex}", a.hex, ("coast",))
    for e in exits.values():
        for h in e.hexes:
            where("places.toml", f"exit {e.id}", h, ("sea", "shaded", "coast"))
    for z in zeppelins:
        where("places.toml", f"zeppelin_base {z.hex}", z.hex, ("land", "coast"))
    ships: dict[str, Ship] = {}
    for r in records.values():
        c = classes.get(r.class_)
        if c is None:
            load.problem("ships.toml", f"ship {r.id}", f"unknown class {r.class_!r}")
            continue
        values = {k: getattr(r, k) if getattr(r, k) is not None else getattr(c, k) for k in
                  ("bow", "broadside", "stern", "protection", "movement", "hit_boxes")}  # fmt: skip
        ships[r.id] = Ship(
            id=r.id, name=r.name, side=c.side, type=c.type, ship_class=c.id,
            task_force=r.task_force, **values,
        )  # fmt: skip
    starts = {b.start: b for b in bases.values() if b.side == "british"}
    for s in ships.values():
        if s.side == "british" and s.task_force is not None and s.task_force not in starts:
            load.problem("ships.toml", f"ship {s.id}", f"task force {s.task_force} has no base")
    # Advanced Game 五.A: a task force of capital ships has at least three of them.
    forces: dict[tuple[str, int], int] = {}
    for s in ships.values():
        if s.task_force is not None:
            forces[(s.side, s.task_force)] = forces.get((s.side, s.task_force), 0) + 1
    for (side, tf), n in sorted(forces.items()):
        if n < 3:
            load.problem("ships.toml", f"task force {side} {tf}", f"{n} ships, fewer than 3")
    if load.problems:
        raise DataError(load.problems, "Jutland")
    assert grid is not None and time is not None
    return Components(
        grid=grid, hexes=hexes, classes=classes, ships=ships, bases=bases,
        approaches=tuple(approaches), exits=exits, zeppelin_bases=tuple(zeppelins), time=time,
        gunnery=tuple(gunnery),
    )  # fmt: skip


@cache
def comps() -> Components:
    return load_components()
