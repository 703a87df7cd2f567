"""Hex geometry (flat- and pointy-top) and drawing a hex grid.

Coordinates follow the usual axial scheme (q, r). Printed maps number hexes by column and row
("0304"); `offset_to_axial` / `axial_to_offset` convert between the two for the four offset
layouts: flat-top with odd or even columns shoved down ("odd-q", "even-q") and pointy-top with
odd or even rows shoved right ("odd-r", "even-r").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from PIL import Image, ImageDraw

from rendering import palette
from rendering.canvas import new_image, shrink
from rendering.palette import Colour
from rendering.text import draw_text, fit_font

Point = tuple[float, float]
SQRT3 = math.sqrt(3)


class Orientation(StrEnum):
    FLAT = "flat"
    POINTY = "pointy"


class OffsetKind(StrEnum):
    ODD_Q = "odd-q"  # flat-top, odd columns shifted down
    EVEN_Q = "even-q"  # flat-top, even columns shifted down
    ODD_R = "odd-r"  # pointy-top, odd rows shifted right
    EVEN_R = "even-r"  # pointy-top, even rows shifted right

    @property
    def orientation(self) -> Orientation:
        flat = self in (OffsetKind.ODD_Q, OffsetKind.EVEN_Q)
        return Orientation.FLAT if flat else Orientation.POINTY


@dataclass(frozen=True, order=True)
class Hex:
    """Axial hex coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def neighbours(self) -> list[Hex]:
        return [self + d for d in DIRECTIONS]

    def distance(self, other: Hex) -> int:
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


DIRECTIONS = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def offset_to_axial(col: int, row: int, kind: OffsetKind) -> Hex:
    if kind is OffsetKind.ODD_Q:
        return Hex(col, row - (col - (col & 1)) // 2)
    if kind is OffsetKind.EVEN_Q:
        return Hex(col, row - (col + (col & 1)) // 2)
    if kind is OffsetKind.ODD_R:
        return Hex(col - (row - (row & 1)) // 2, row)
    return Hex(col - (row + (row & 1)) // 2, row)


def axial_to_offset(h: Hex, kind: OffsetKind) -> tuple[int, int]:
    """(col, row) of an axial hex."""
    if kind is OffsetKind.ODD_Q:
        return (h.q, h.r + (h.q - (h.q & 1)) // 2)
    if kind is OffsetKind.EVEN_Q:
        return (h.q, h.r + (h.q + (h.q & 1)) // 2)
    if kind is OffsetKind.ODD_R:
        return (h.q + (h.r - (h.r & 1)) // 2, h.r)
    return (h.q + (h.r + (h.r & 1)) // 2, h.r)


def hex_round(q: float, r: float) -> Hex:
    """The hex containing fractional axial coordinates (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


@dataclass(frozen=True)
class HexLayout:
    """Pixel geometry: `size` is the centre-to-corner radius, `origin` the pixel of Hex(0, 0)."""

    orientation: Orientation
    size: float
    origin: Point = (0.0, 0.0)

    @property
    def width(self) -> float:
        """Horizontal extent of one hex."""
        return 2 * self.size if self.orientation is Orientation.FLAT else SQRT3 * self.size

    @property
    def height(self) -> float:
        return SQRT3 * self.size if self.orientation is Orientation.FLAT else 2 * self.size

    def to_pixel(self, h: Hex) -> Point:
        if self.orientation is Orientation.FLAT:
            x = self.size * 1.5 * h.q
            y = self.size * SQRT3 * (h.r + h.q / 2)
        else:
            x = self.size * SQRT3 * (h.q + h.r / 2)
            y = self.size * 1.5 * h.r
        return (x + self.origin[0], y + self.origin[1])

    def from_pixel(self, point: Point) -> Hex:
        x = (point[0] - self.origin[0]) / self.size
        y = (point[1] - self.origin[1]) / self.size
        if self.orientation is Orientation.FLAT:
            return hex_round(2 / 3 * x, -1 / 3 * x + SQRT3 / 3 * y)
        return hex_round(SQRT3 / 3 * x - 1 / 3 * y, 2 / 3 * y)

    def corners(self, h: Hex, scale: float = 1.0) -> list[Point]:
        """The six corners, optionally pulled toward the centre by `scale`."""
        cx, cy = self.to_pixel(h)
        start = 0.0 if self.orientation is Orientation.FLAT else -30.0
        out: list[Point] = []
        for i in range(6):
            a = math.radians(start + 60 * i)
            out.append((cx + self.size * scale * math.cos(a), cy + self.size * scale * math.sin(a)))
        return out

    def scaled(self, factor: float) -> HexLayout:
        o = self.origin
        return HexLayout(self.orientation, self.size * factor, (o[0] * factor, o[1] * factor))


def grid_hexes(cols: int, rows: int, kind: OffsetKind) -> list[Hex]:
    """Every hex of a cols x rows offset grid, row by row."""
    return [offset_to_axial(c, r, kind) for r in range(rows) for c in range(cols)]


def fit_layout(cols: int, rows: int, kind: OffsetKind, size: float, margin: float = 0) -> HexLayout:
    """A layout whose grid's top-left corner sits at (`margin`, `margin`)."""
    probe = HexLayout(kind.orientation, size)
    xs, ys = zip(*(p for h in grid_hexes(cols, rows, kind) for p in probe.corners(h)), strict=True)
    return HexLayout(kind.orientation, size, (margin - min(xs), margin - min(ys)))


def grid_extent(layout: HexLayout, cols: int, rows: int, kind: OffsetKind) -> tuple[int, int]:
    """Right and bottom pixel bounds of the grid (add the margin for an image size)."""
    points = [p for h in grid_hexes(cols, rows, kind) for p in layout.corners(h)]
    return (math.ceil(max(p[0] for p in points)), math.ceil(max(p[1] for p in points)))


@dataclass(frozen=True)
class HexCell:
    """How one hex is drawn; `label` goes in the centre, `outline` rings it (highlight)."""

    fill: Colour | None = None
    label: str = ""
    label_colour: Colour = palette.TEXT
    outline: Colour | None = None


def wargame_coords(col: int, row: int) -> str:
    """The printed-map style "0304" for column 3, row 4 (1-based)."""
    return f"{col + 1:02d}{row + 1:02d}"


@dataclass(frozen=True)
class HexGrid:
    """A cols x rows hex map; `cells` is keyed by (col, row)."""

    cols: int
    rows: int
    size: float = 32
    kind: OffsetKind = OffsetKind.ODD_Q
    cells: Mapping[tuple[int, int], HexCell] = field(default_factory=dict)
    fill: Colour = palette.SEA
    line: Colour = palette.GRID
    line_width: float = 1.5
    coords: Callable[[int, int], str] | None = wargame_coords
    margin: int = 8

    def layout(self) -> HexLayout:
        return fit_layout(self.cols, self.rows, self.kind, self.size, self.margin)


def draw_hex_grid(image: Image.Image, grid: HexGrid, layout: HexLayout) -> None:
    """Draw `grid` onto `image` at the pixel geometry of `layout` (no anti-aliasing)."""
    draw = ImageDraw.Draw(image)
    line_w = max(1, round(grid.line_width * layout.size / grid.size))
    coord_font = fit_font("0000", round(layout.size * 0.9), round(layout.size * 0.36), 6)
    for row in range(grid.rows):
        for col in range(grid.cols):
            h = offset_to_axial(col, row, grid.kind)
            cell = grid.cells.get((col, row), HexCell())
            draw.polygon(
                layout.corners(h), fill=cell.fill or grid.fill, outline=grid.line, width=line_w
            )
    for (col, row), cell in sorted(grid.cells.items()):
        if cell.outline is not None:
            h = offset_to_axial(col, row, grid.kind)
            ring = layout.corners(h, 0.92)
            draw.polygon(ring, outline=cell.outline, width=max(2, round(layout.size * 0.1)))
    for row in range(grid.rows):
        for col in range(grid.cols):
            h = offset_to_axial(col, row, grid.kind)
            cx, cy = layout.to_pixel(h)
            cell = grid.cells.get((col, row), HexCell())
            if grid.coords is not None:
                label = grid.coords(col, row)
                draw_text(
                    draw,
                    (cx, cy - layout.height * 0.32),
                    label,
                    coord_font,
                    fill=palette.TEXT_MUTED,
                )
            if cell.label:
                font = fit_font(
                    cell.label, round(layout.width * 0.78), round(layout.size * 0.5), 6, bold=True
                )
                draw_text(
                    draw,
                    (cx, cy + layout.size * 0.08),
                    cell.label,
                    font,
                    fill=cell.label_colour,
                    halo=palette.halo_for(cell.label_colour),
                )


def render_hex_grid(grid: HexGrid, supersample: int = 2) -> tuple[Image.Image, HexLayout]:
    """The grid as an RGBA image, with the layout to place counters on it (image pixels)."""
    layout = grid.layout()
    right, bottom = grid_extent(layout, grid.cols, grid.rows, grid.kind)
    big = layout.scaled(supersample)
    image = new_image((right + grid.margin) * supersample, (bottom + grid.margin) * supersample)
    draw_hex_grid(image, grid, big)
    return shrink(image, supersample), layout
