"""Where each GJ74 hex is drawn. The stand-in grid (data/gj74, NOTES.md) numbers columns north
to south and rows east to west, so the map is drawn pointy-top with north up: a column is a
line of hexes across the picture, row 01 at the east (right) edge. The shared axial layout
(rendering/hexgrid.py) does the pixels; the grid's own axial coordinates (board.axial) are
mirrored east-west to get there."""

from __future__ import annotations

from functools import lru_cache

from bot.rules.gj74 import board
from rendering.hexgrid import Hex, HexLayout, Orientation

SIZE = 27.0
"""Centre to corner, in pixels: 30 columns x 24 rows in about 1200 x 1260."""
MARGIN = 10


def axial(hex_id: str) -> Hex:
    q, c = board.axial(hex_id)
    return Hex(-q - c, c)  # mirrored: a higher row number lies further west


@lru_cache(maxsize=4)
def layout(size: float = SIZE) -> HexLayout:
    probe = HexLayout(Orientation.POINTY, size)
    points = [p for h in board.comps().hexes for p in probe.corners(axial(h))]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return HexLayout(Orientation.POINTY, size, (MARGIN - min(xs), MARGIN - min(ys)))


@lru_cache(maxsize=4)
def extent(size: float = SIZE) -> tuple[int, int]:
    lay = layout(size)
    points = [p for h in board.comps().hexes for p in lay.corners(axial(h))]
    return (round(max(p[0] for p in points)) + MARGIN, round(max(p[1] for p in points)) + MARGIN)


def centre(hex_id: str, size: float = SIZE) -> tuple[float, float]:
    return layout(size).to_pixel(axial(hex_id))
