"""Pocket Battles component data: the 60 troop tiles, the traits and the battlefield
(data/pocket_battles/*.toml).

Every record carries its provenance (`status`, `source`, `fields` for single values).
`load_components` reads every file, checks them together and raises one `DataError` naming
every problem.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core.data import data_dir as default_data_dir
from bot.rules.core.sourced import DataError, Id, Loader, Report, Sourced

GAME_DIR = "pocket_battles"
Army = Literal["celts", "romans"]
ARMIES: tuple[Army, ...] = ("celts", "romans")
Row = Literal["rear", "front", "engagement"]
TILES_PER_ARMY = 30  # rulebook summary 二; NOTES.md: 60 troop tiles, 30 per army
Face = Annotated[int, Field(ge=1, le=6)]


class TraitRef(BaseModel):
    """A trait printed on a tile; `x` is the number of the +X traits."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: Id
    x: int | None = Field(default=None, ge=1, le=6)


class Trait(Sourced):
    id: Id
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)
    kind: Literal["order", "passive"]
    x: bool = False
    summary: str = Field(min_length=1)
    summary_zh: str = Field(min_length=1)


class Tile(Sourced):
    id: Id
    army: Army
    number: int = Field(ge=1, le=TILES_PER_ARMY)
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)
    engagement: tuple[Face, ...] = ()  # black dice icons
    shooting: tuple[Face, ...] = ()  # white dice icons
    points: int = Field(ge=1)
    formation: int = Field(ge=1)
    wounds: int = Field(ge=1)
    traits: tuple[TraitRef, ...] = ()

    def trait(self, trait_id: str) -> TraitRef | None:
        return next((t for t in self.traits if t.id == trait_id), None)


class Battle(Sourced):
    min_size: int = Field(ge=10)
    max_size: int = Field(ge=10)
    size_step: int = Field(ge=1)
    points_per_token: int = Field(ge=1)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(range(self.min_size, self.max_size + 1, self.size_step))


class Zone(Sourced):
    id: Id
    owner: Army | None = None  # None: an engagement zone, shared by both
    row: Row
    column: int = Field(ge=1, le=3)


class Components(BaseModel):
    model_config = ConfigDict(frozen=True)

    tiles: dict[str, Tile]
    traits: dict[str, Trait]
    battle: Battle
    zones: dict[str, Zone]

    def army(self, army: str) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles.values() if t.army == army)

    @cached_property
    def neighbours(self) -> dict[str, frozenset[str]]:
        """Orthogonal neighbours on the 5 x 3 board (NOTES.md: no diagonal moves)."""
        at = {(_ROW_INDEX[(z.owner, z.row)], z.column): z.id for z in self.zones.values()}
        out: dict[str, frozenset[str]] = {}
        for (r, c), ident in at.items():
            near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            out[ident] = frozenset(at[p] for p in near if p in at)
        return out


# Rows from the top of the board frame (battle.toml): Celtic rear to Roman rear.
_ROW_INDEX: dict[tuple[str | None, str], int] = {
    ("celts", "rear"): 0,
    ("celts", "front"): 1,
    (None, "engagement"): 2,
    ("romans", "front"): 3,
    ("romans", "rear"): 4,
}

FILES: dict[str, frozenset[str]] = {
    "tiles.toml": frozenset({"tiles"}),
    "traits.toml": frozenset({"traits"}),
    "battle.toml": frozenset({"battle", "zones"}),
}


def load_components(data_dir: Path | None = None) -> Components:
    """Read and cross-check every Pocket Battles data file; raise DataError listing all problems.

    `data_dir` is the repository's data/ folder (default: REFEREE_DATA_DIR or ./data).
    """
    root = (data_dir if data_dir is not None else default_data_dir()) / GAME_DIR
    ld = Loader(root, FILES)
    tiles = ld.records("tiles.toml", "tiles", Tile)
    traits = ld.records("traits.toml", "traits", Trait)
    battle = ld.single("battle.toml", "battle", Battle)
    zones = ld.records("battle.toml", "zones", Zone)
    _check_tiles(ld.problem, tiles, traits)
    _check_zones(ld.problem, zones)
    if battle is not None:
        _check_battle(ld.problem, battle)
    if ld.problems or battle is None:
        raise DataError(ld.problems, "Pocket Battles")
    return Components(tiles=tiles, traits=traits, battle=battle, zones=zones)


def _check_tiles(report: Report, tiles: dict[str, Tile], traits: dict[str, Trait]) -> None:
    numbers = Counter((t.army, t.number) for t in tiles.values())
    for (army, number), count in sorted(numbers.items()):
        if count > 1:
            report("tiles.toml", f"{army} tile {number}", f"numbered {count} times")
    for army in ARMIES:
        have = sum(1 for t in tiles.values() if t.army == army)
        if tiles and have != TILES_PER_ARMY:
            report("tiles.toml", army, f"{have} tiles, the box holds {TILES_PER_ARMY}")
    for tile in tiles.values():
        label = f"tiles {tile.id}"
        for ref in tile.traits:
            trait = traits.get(ref.id)
            if trait is None:
                report("tiles.toml", label, f"unknown trait {ref.id!r}")
            elif trait.x != (ref.x is not None):
                need = "needs a number x" if trait.x else "takes no number x"
                report("tiles.toml", label, f"trait {ref.id!r} {need}")
        if len({t.id for t in tile.traits}) != len(tile.traits):
            report("tiles.toml", label, "a trait listed twice")


def _check_zones(report: Report, zones: dict[str, Zone]) -> None:
    seen: dict[tuple[int, int], str] = {}
    for zone in zones.values():
        label = f"zones {zone.id}"
        key = (zone.owner, zone.row)
        if key not in _ROW_INDEX:
            report("battle.toml", label, "engagement zones have no owner; others have one")
            continue
        place = (_ROW_INDEX[key], zone.column)
        if place in seen:
            report("battle.toml", label, f"same place as {seen[place]!r}")
        seen[place] = zone.id
    if zones and len(seen) != len(_ROW_INDEX) * 3:
        report("battle.toml", "zones", f"{len(seen)} zones, the battlefield has 15")


def _check_battle(report: Report, battle: Battle) -> None:
    if battle.min_size > battle.max_size:
        report("battle.toml", "battle", "min_size above max_size")
    if (battle.max_size - battle.min_size) % battle.size_step:
        report("battle.toml", "battle", "the sizes do not step evenly to max_size")
