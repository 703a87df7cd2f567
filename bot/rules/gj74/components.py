"""GJ74 component data: the hex map, ship classes, aircraft and the Air Operations Table
(data/gj74/*.toml, written by scripts/convert_gj74.py from the reference's stand-ins).

`load_components` reads every file, cross-checks them (the grid complete, places on hexes of the
right terrain, land hexsides between neighbours, every port reachable by sea from 1313, the
navies large enough for every scenario's draw, the air table complete) and raises one
`DataError` naming every problem.
"""

from __future__ import annotations

from collections import Counter, deque
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core.data import data_dir as default_data_dir
from bot.rules.core.sourced import DataError, Id, Loader, Report, Sourced

GAME_DIR = "gj74"
Nation = Literal["cn", "jp", "kr", "kp", "tw"]
Terrain = Literal["sea", "coastal", "land"]
ShipType = Literal["CV", "CG", "DDH", "DDG", "DD", "FFG", "FF", "LST", "LHD", "AOE", "SS", "SSN"]
HexId = str  # "CCRR": column and row, two digits each (rulebook 2.2)
ORIGIN = "1313"  # Socotra Rock (19.3), the anchor of the stand-in grid
NEUTRAL: frozenset[str] = frozenset({"tw"})  # no ship may enter a Taiwanese hex (NOTES.md 2)
# NOTES.md 1, "Counters the scenarios require" (rulebook 19-20): the least each navy must hold.
SCENARIO_POOLS: dict[str, dict[tuple[str, ...], int]] = {
    "cn": {("CV",): 2, ("CG",): 1, ("DDG",): 8, ("FFG",): 12, ("LST",): 2, ("SS", "SSN"): 12},
    "jp": {("DDH",): 2, ("DDG",): 4, ("DD",): 8, ("SS",): 6, ("LST",): 2},
    "kr": {("DDG",): 2, ("DD",): 6, ("SS",): 4, ("LST",): 1},
}


class Grid(Sourced):
    columns: int = Field(ge=1, le=99)
    rows: int = Field(ge=1, le=99)


class Hex(Sourced):
    id: HexId = Field(pattern=r"^\d{4}$")
    terrain: Terrain
    nation: Nation | None = None

    @property
    def column(self) -> int:
        return int(self.id[:2])

    @property
    def row(self) -> int:
        return int(self.id[2:])


class LandHexside(Sourced):
    a: HexId
    b: HexId


class Place(Sourced):
    id: Id
    hex: HexId
    kind: Literal["port", "airbase", "island", "reef", "sosus"]
    owner: Nation | None = None
    disputed: tuple[Nation, ...] = ()
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)
    name_ja: str = Field(min_length=1)


class ShipClass(Sourced):
    id: Id
    nation: Nation
    type: ShipType
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)
    name_local: str = Field(min_length=1)
    count: int = Field(ge=0)
    names: tuple[str, ...] = ()
    tech: int = Field(ge=1, le=3)
    anti_ship: int = Field(ge=0)
    multi_target: bool = False
    anti_air: int = Field(ge=0)
    wide_area_aa: bool = False
    asw: float = Field(ge=0)
    air_anti_ship: int = Field(ge=0)
    air_intercept: int = Field(ge=0)
    air_asw: int = Field(ge=0)
    move: int = Field(ge=1, le=2)  # rulebook 8: surface ships and SSN 2, SS 1
    long_range: int | None = Field(default=None, ge=3)  # optional 22.1
    vp_multiplier: float = Field(gt=0)


class Aircraft(Sourced):
    id: Literal["blue", "red"]
    count: int = Field(ge=1)
    atk_anti_ship: int = Field(ge=0)
    atk_asw_dice: int = Field(ge=1)
    atk_tech: int = Field(ge=1, le=3)
    asp_air_combat_dice: int = Field(ge=1)
    asp_tech: int = Field(ge=1, le=3)


AirOperation = Literal["base_air_ops", "base_intercept", "carrier_air_ops", "carrier_intercept"]


class AirOpsColumn(Sourced):
    id: Id
    operation: AirOperation
    min_distance: int = Field(ge=0)
    max_distance: int = Field(ge=0)
    column: int = Field(ge=0, le=9)


class AirOpsRow(Sourced):
    die: int = Field(ge=-2, le=9)
    actions: tuple[int, ...] = Field(min_length=10, max_length=10)


class Components(BaseModel):
    model_config = ConfigDict(frozen=True)

    grid: Grid
    hexes: dict[str, Hex]
    land_hexsides: frozenset[frozenset[str]]
    places: dict[str, Place]
    classes: dict[str, ShipClass]
    aircraft: dict[str, Aircraft]
    air_ops_columns: dict[str, AirOpsColumn]
    air_ops_rows: dict[int, AirOpsRow]

    @cached_property
    def neighbours(self) -> dict[str, frozenset[str]]:
        return {h: frozenset(n for n in neighbours_of(h) if n in self.hexes) for h in self.hexes}

    def places_at(self, hex_id: str) -> tuple[Place, ...]:
        return tuple(p for p in self.places.values() if p.hex == hex_id)

    def air_actions(self, operation: str, distance: int, modified_die: int) -> int | None:
        """Air actions from the Air Operations Table (rulebook 5.3), None beyond the range."""
        column = next(
            (
                c.column
                for c in self.air_ops_columns.values()
                if c.operation == operation and c.min_distance <= distance <= c.max_distance
            ),
            None,
        )
        if column is None:
            return None
        die = max(min(modified_die, max(self.air_ops_rows)), min(self.air_ops_rows))
        return self.air_ops_rows[die].actions[column]


def neighbours_of(hex_id: str) -> tuple[str, ...]:
    """The six neighbours of the stand-in grid (NOTES.md 2): even columns sit half a hex toward
    higher rows."""
    c, r = int(hex_id[:2]), int(hex_id[2:])
    shift = 0 if c % 2 else 1
    around = [(c, r - 1), (c, r + 1)] + [
        (c + dc, r + dr) for dc in (-1, 1) for dr in (shift - 1, shift)
    ]
    return tuple(f"{cc:02d}{rr:02d}" for cc, rr in around if cc > 0 and rr > 0)


FILES: dict[str, frozenset[str]] = {
    "map.toml": frozenset({"grid", "hexes", "land_hexsides", "places"}),
    "ships.toml": frozenset({"classes"}),
    "air.toml": frozenset({"aircraft", "air_ops_columns", "air_ops_rows"}),
}


def load_components(data_dir: Path | None = None) -> Components:
    """Read and cross-check every GJ74 data file; raise DataError listing all problems."""
    root = (data_dir if data_dir is not None else default_data_dir()) / GAME_DIR
    ld = Loader(root, FILES)
    grid = ld.single("map.toml", "grid", Grid)
    hexes = ld.records("map.toml", "hexes", Hex)
    sides = ld.rows("map.toml", "land_hexsides", LandHexside)
    land_sides = frozenset(frozenset((s.a, s.b)) for s in sides)
    places = ld.records("map.toml", "places", Place)
    classes = ld.records("ships.toml", "classes", ShipClass)
    aircraft = ld.records("air.toml", "aircraft", Aircraft)
    columns = ld.records("air.toml", "air_ops_columns", AirOpsColumn)
    air_rows = ld.records("air.toml", "air_ops_rows", AirOpsRow, key="die")
    if grid is not None:
        _check_grid(ld.problem, grid, hexes, land_sides, places)
    _check_navies(ld.problem, classes)
    _check_air(ld.problem, columns, air_rows)
    if ld.problems or grid is None:
        raise DataError(ld.problems, "GJ74")
    return Components(
        grid=grid,
        hexes=hexes,
        land_hexsides=land_sides,
        places=places,
        classes=classes,
        aircraft=aircraft,
        air_ops_columns=columns,
        air_ops_rows=air_rows,
    )


def sea_reach(hexes: dict[str, Hex], land_sides: frozenset[frozenset[str]]) -> set[str]:
    """Hexes a ship can reach from 1313: sea and coastal hexes, never neutral ones, never across
    a land hexside (rulebook 8)."""
    seen, queue = {ORIGIN}, deque([ORIGIN])
    while queue:
        here = queue.popleft()
        for there in neighbours_of(here):
            h = hexes.get(there)
            if h is None or there in seen or h.terrain == "land" or h.nation in NEUTRAL:
                continue
            if frozenset((here, there)) in land_sides:
                continue
            seen.add(there)
            queue.append(there)
    return seen


def _check_grid(
    report: Report,
    grid: Grid,
    hexes: dict[str, Hex],
    land_sides: frozenset[frozenset[str]],
    places: dict[str, Place],
) -> None:
    expected = {
        f"{c:02d}{r:02d}" for c in range(1, grid.columns + 1) for r in range(1, grid.rows + 1)
    }
    for missing in sorted(expected - set(hexes))[:5]:
        report("map.toml", f"hexes {missing}", "missing from the grid")
    for extra in sorted(set(hexes) - expected):
        report("map.toml", f"hexes {extra}", "outside the grid")
    for h in hexes.values():
        if (h.terrain == "sea") != (h.nation is None):
            report("map.toml", f"hexes {h.id}", "coastal and land hexes have a nation, sea none")
    for side in sorted(land_sides, key=sorted):
        a, b = sorted(side)
        if b not in neighbours_of(a):
            report("map.toml", f"land_hexsides {a}-{b}", "the two hexes are not neighbours")
    allowed = {
        "port": {"coastal"},
        "airbase": {"coastal", "land"},
        "island": {"coastal"},
        "reef": {"sea"},
        "sosus": {"sea", "coastal"},
    }
    reach = sea_reach(hexes, land_sides) if ORIGIN in hexes else set()
    for p in places.values():
        at = hexes.get(p.hex)
        if at is None:
            report("map.toml", f"places {p.id}", f"hex {p.hex} does not exist")
            continue
        if at.terrain not in allowed[p.kind]:
            report("map.toml", f"places {p.id}", f"a {p.kind} on a {at.terrain} hex")
        if p.kind in ("port", "island") and p.hex not in reach:
            report("map.toml", f"places {p.id}", "no ship can reach it from 1313")


def _check_navies(report: Report, classes: dict[str, ShipClass]) -> None:
    have: Counter[tuple[str, str]] = Counter()
    for c in classes.values():
        have[(c.nation, c.type)] += c.count
        label = f"classes {c.id}"
        if len(c.names) > c.count:
            report("ships.toml", label, f"{len(c.names)} names for {c.count} counters")
        if c.multi_target and c.type not in ("SS", "SSN"):
            report("ships.toml", label, "only submarines attack several ships (2.11)")
        expected_move = 1 if c.type == "SS" else 2
        if c.move != expected_move:
            report("ships.toml", label, f"moves {c.move}, rulebook 8 gives {expected_move}")
    for nation, pools in SCENARIO_POOLS.items():
        for types, least in pools.items():
            n = sum(have[(nation, t)] for t in types)
            if n < least:
                report("ships.toml", nation, f"{n} {'+'.join(types)}, the scenarios draw {least}")


def _check_air(
    report: Report, columns: dict[str, AirOpsColumn], rows: dict[int, AirOpsRow]
) -> None:
    by_op: dict[str, list[AirOpsColumn]] = {}
    for c in columns.values():
        by_op.setdefault(c.operation, []).append(c)
        if c.min_distance > c.max_distance:
            report("air.toml", f"air_ops_columns {c.id}", "distance range reversed")
    for op, cs in sorted(by_op.items()):
        cs.sort(key=lambda c: c.min_distance)
        if cs[0].min_distance != 0:
            report("air.toml", op, "the distances do not start at 0")
        for a, b in pairwise(cs):
            if b.min_distance != a.max_distance + 1:
                report("air.toml", op, f"gap or overlap between {a.id} and {b.id}")
            if b.column < a.column:
                report("air.toml", op, "a longer distance reads an easier column")
    if rows and set(rows) != set(range(min(rows), max(rows) + 1)):
        report("air.toml", "air_ops_rows", "the die rows are not contiguous")
    for die, row in rows.items():
        if any(x < y for x, y in pairwise(row.actions)):
            report("air.toml", f"air_ops_rows {die}", "actions grow with a harder column")
