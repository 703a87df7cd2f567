"""The 15-zone battlefield (Pocket Battles 1.1, data/pocket_battles/battle.toml): three sectors,
each with both armies' rear and front zones and the shared engagement zone between them.

The audience's army sits at the bottom, turned so that its left sector is on the left (the
public picture puts the Romans at the bottom, as the data's frame does). Each zone holds its
units in rows; a board row is as tall as its fullest zone.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from rendering import palette
from rendering.canvas import new_image, paste
from rendering.fonts import get_font
from rendering.palette import Colour
from rendering.pocket_battles import labels
from rendering.pocket_battles.look import BoardLook, UnitLook
from rendering.pocket_battles.tiles import components
from rendering.pocket_battles.units import draw_unit, unit_size
from rendering.text import draw_text

ZONE_W = 516
ZONE_GAP = 8
ZONE_PAD = 10
ZONE_HEAD = 24
HEADER = 30  # the sector names above the board
UNIT_GAP = 8
TILE = 112
MIN_ROW = TILE + 56 + ZONE_HEAD
ENGAGEMENT: Colour = (226, 196, 150)
ENGAGED: Colour = (236, 150, 96)  # an engagement zone where both armies stand
WIDTH = 3 * ZONE_W + 4 * ZONE_GAP

Labeller = Callable[[UnitLook], str]


def bottom_side(look: BoardLook) -> str:
    return look.audience if look.audience in ("celts", "romans") else "romans"


def rows(look: BoardLook) -> list[tuple[str | None, str]]:
    """(owner, row) of the five board rows, top to bottom."""
    bottom = bottom_side(look)
    top = "celts" if bottom == "romans" else "romans"
    return [
        (top, "rear"),
        (top, "front"),
        (None, "engagement"),
        (bottom, "front"),
        (bottom, "rear"),
    ]


def columns(look: BoardLook) -> list[int]:
    """Sectors left to right as the bottom army sees them (its left is column 1 for the Romans,
    column 3 for the Celts: a player's left faces the opponent's right)."""
    return [1, 2, 3] if bottom_side(look) == "romans" else [3, 2, 1]


def zone_id(owner: str | None, row: str, column: int) -> str:
    for zone in components().zones.values():
        if zone.owner == owner and zone.row == row and zone.column == column:
            return zone.id
    raise KeyError((owner, row, column))


def _flow(images: list[Image.Image], width: int) -> list[tuple[int, int]]:
    """Top-left corners of images laid left to right, wrapping at `width`."""
    out: list[tuple[int, int]] = []
    x = y = line = 0
    for img in images:
        if x and x + img.width > width:
            x, y, line = 0, y + line + UNIT_GAP, 0
        out.append((x, y))
        x += img.width + UNIT_GAP
        line = max(line, img.height)
    return out


def _content(images: list[Image.Image], width: int) -> tuple[list[tuple[int, int]], int]:
    spots = _flow(images, width)
    height = max((y + img.height for (_x, y), img in zip(spots, images, strict=True)), default=0)
    return spots, height


def _zone_images(look: BoardLook, zone: str, label: Labeller) -> list[Image.Image]:
    units = [u for u in look.units if u.zone == zone]
    if zone.startswith("engagement"):
        order = {s: i for i, (s, _r) in enumerate(rows(look)) if s}
        units.sort(key=lambda u: order.get(u.side, 0))
    return [draw_unit(u, _tile_for(u), label(u)) for u in units]


def _tile_for(unit: UnitLook) -> int:
    """Board tiles shrink for a four-tile unit so it still fits in one zone's width."""
    room = ZONE_W - 2 * ZONE_PAD
    if unit_size(unit, TILE)[0] <= room:
        return TILE
    n = max(1, len(unit.troops))
    return (room - 10 - (n - 1) * 4) // n


def _zone_fill(owner: str | None, row: str) -> Colour:
    if owner is None:
        return ENGAGEMENT
    base = palette.mix(palette.side_style(owner).face, palette.BACKGROUND, 0.8)
    return base if row == "front" else palette.mix(base, palette.BACKGROUND, 0.45)


def draw_board(look: BoardLook, label: Labeller) -> Image.Image:
    """The battlefield with every unit the audience may see, where it stands."""
    cols = columns(look)
    board_rows = rows(look)
    cells: list[list[tuple[list[Image.Image], list[tuple[int, int]], int]]] = []
    heights: list[int] = []
    for owner, row in board_rows:
        line = []
        for column in cols:
            images = _zone_images(look, zone_id(owner, row, column), label)
            spots, height = _content(images, ZONE_W - 2 * ZONE_PAD)
            line.append((images, spots, height))
        cells.append(line)
        heights.append(max(MIN_ROW, max(h for _i, _s, h in line) + ZONE_HEAD + 2 * ZONE_PAD))
    height = HEADER + sum(heights) + ZONE_GAP * (len(heights) + 1)
    img = new_image(WIDTH, height, palette.BACKGROUND)
    draw = ImageDraw.Draw(img)
    head = get_font(16, bold=True)
    for c, column in enumerate(cols):
        x = ZONE_GAP + c * (ZONE_W + ZONE_GAP)
        draw_text(draw, (x + ZONE_W / 2, HEADER / 2 + 2), labels.both(labels.sector(column)), head)
    y = HEADER + ZONE_GAP
    small = get_font(15, bold=True)
    for (owner, row), line, row_h in zip(board_rows, cells, heights, strict=True):
        for c, (images, spots, _h) in enumerate(line):
            x = ZONE_GAP + c * (ZONE_W + ZONE_GAP)
            zone = zone_id(owner, row, cols[c])
            engaged = zone in look.engaged
            fill = ENGAGED if engaged else _zone_fill(owner, row)
            draw.rounded_rectangle(
                (x, y, x + ZONE_W, y + row_h),
                8,
                fill=fill,
                outline=palette.DAMAGE if engaged else palette.PANEL_BORDER,
                width=4 if engaged else 2,
            )
            who = labels.army(owner) if owner else ("", "")
            name = labels.ROW[row]
            text = f"{who[0]} {name[0]} {who[1]}{name[1]}".strip()
            if engaged:
                text += " · engaged 交战中"
            draw_text(
                draw,
                (x + ZONE_PAD, y + ZONE_HEAD / 2 + 3),
                text,
                small,
                fill=palette.TEXT_MUTED,
                anchor="lm",
            )
            for unit_img, (ux, uy) in zip(images, spots, strict=True):
                paste(img, unit_img, (x + ZONE_PAD + ux, y + ZONE_HEAD + ZONE_PAD + uy), "lt")
        y += row_h + ZONE_GAP
    return img
