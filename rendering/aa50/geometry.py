"""The AA50 board's pixel geometry (``data/aa50/map/geometry.json``, converted from TripleA's
map by ``scripts/convert_aa50_map.py``), validated at load, and the theatres the pictures are
cropped to."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA = Path(__file__).resolve().parents[2] / "data" / "aa50" / "map" / "geometry.json"

Point = tuple[int, int]


class Space(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    polygons: tuple[tuple[int, ...], ...] = Field(min_length=1)
    """Rings as flat x, y lists (an island group has several)."""
    center: Point
    slots: tuple[Point, ...] = ()
    name_at: Point | None = None
    ipc_at: Point | None = None
    victory_at: Point | None = None
    capital_at: Point | None = None

    @model_validator(mode="after")
    def _rings(self) -> Space:
        for ring in self.polygons:
            if len(ring) < 6 or len(ring) % 2:
                raise ValueError(f"{self.id}: a ring needs three or more x, y points")
        return self

    @property
    def anchor(self) -> Point:
        """Where its units are shown: the first unit slot, or the centre."""
        return self.slots[0] if self.slots else self.center


class Geometry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    sources: dict[str, str] = Field(min_length=1)
    status: str
    note: str
    width: int = Field(gt=0)
    height: int = Field(gt=0)
    colours: dict[str, str]
    spaces: tuple[Space, ...]

    @model_validator(mode="after")
    def _inside(self) -> Geometry:
        ids = [s.id for s in self.spaces]
        if len(set(ids)) != len(ids):
            raise ValueError("a space is given twice")
        for s in self.spaces:
            for x, y in (s.center, *s.slots):
                if not (0 <= x < self.width and 0 <= y < self.height):
                    raise ValueError(f"{s.id}: point {x},{y} outside the map")
        return self

    def space(self, sid: str) -> Space:
        return _index()[sid]


@cache
def _index() -> dict[str, Space]:
    return {s.id: s for s in geometry().spaces}


@cache
def geometry() -> Geometry:
    return Geometry.model_validate(json.loads(DATA.read_text(encoding="utf-8")))


Box = tuple[int, int, int, int]
"""A part of the map, (left, top, right, bottom) in map pixels; left may be negative and right
past the width: the board wraps around east to west."""

THEATRES: dict[str, Box] = {
    "europe": (680, 40, 1760, 850),
    "africa": (640, 620, 1780, 1620),
    "asia": (1620, 180, 2900, 1140),
    "pacific": (2300, 380, 3740, 1560),
    "atlantic": (-420, 60, 1000, 1130),
    "americas": (3000, 20, 4520, 1260),
}
"""The theatres a picture may show. Ruling: drawn by the project around the rulebook's
regions (Europe, Africa, Asia, the Pacific, the Atlantic, the Americas); the map's own
geometry has none."""
