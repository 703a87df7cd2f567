"""A unit as the audience sees it: its tiles side by side on a plate of its army's colour, the
order tokens standing on it and the wound tokens on each troop (Pocket Battles 5.2, 5.4); a
stack the audience may not see into is its top tile over the same two plain tile edges whatever
lies below, even nothing (Pocket Battles 3.3, 4.4: the number of tiles below is hidden too)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rendering import palette
from rendering.canvas import new_image, paste
from rendering.fonts import get_font
from rendering.palette import Colour
from rendering.pocket_battles.look import UnitLook
from rendering.pocket_battles.tiles import GOLD, INK, WOUND, back_image, tile_image
from rendering.text import draw_text, fit_font

GAP = 4
STRIP = 26  # the label and tokens row above the tiles
PAD = 5
UNDER_STEP = 8  # how far each plain edge shows out from under the top tile
EDGES = 2  # plain edges drawn under a concealed stack's top tile, whatever is below
FIGHTING: Colour = (255, 190, 0)


def order_token(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """An order token (gold disc)."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=INK, width=2)
    draw.line((cx - r * 0.45, cy, cx + r * 0.45, cy), fill=INK, width=2)


def wound_token(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A wound token (an order token turned over: red, with a cross)."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WOUND, outline=palette.HALO, width=2)
    k = r * 0.45
    draw.line((cx - k, cy - k, cx + k, cy + k), fill=palette.HALO, width=2)
    draw.line((cx - k, cy + k, cx + k, cy - k), fill=palette.HALO, width=2)


def _tokens_row(draw: ImageDraw.ImageDraw, right: float, cy: float, count: int) -> None:
    """Order tokens from the right edge leftwards; a number past four."""
    r = 8
    if count > 4:
        font = get_font(15, bold=True)
        draw_text(
            draw, (right - 2 * r - 6, cy), f"{count}×", font, fill=palette.TEXT_LIGHT, anchor="rm"
        )
        order_token(draw, right - r, cy, r)
        return
    for i in range(count):
        order_token(draw, right - r - i * (2 * r + 3), cy, r)


def unit_size(unit: UnitLook, tile: int) -> tuple[int, int]:
    if unit.concealed:
        side = tile + UNDER_STEP * EDGES
        return (side + 2 * PAD, side + STRIP + 2 * PAD)
    n = max(1, len(unit.troops))
    return (n * tile + (n - 1) * GAP + 2 * PAD, tile + STRIP + 2 * PAD)


def draw_unit(unit: UnitLook, tile: int, label: str) -> Image.Image:
    """The unit with its label (`label` already in both languages or a short id)."""
    width, height = unit_size(unit, tile)
    img = new_image(width, height)
    draw = ImageDraw.Draw(img)
    style = palette.side_style(unit.side)
    outline = FIGHTING if unit.fighting else palette.darken(style.back, 0.3)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1),
        9,
        fill=style.back,
        outline=outline,
        width=4 if unit.fighting else 2,
    )
    cy = PAD + STRIP / 2 - 1
    room = width - 2 * PAD - (min(unit.orders, 4) * 19 + 24 if unit.orders else 0)
    mark = label + (" ?" if unit.concealed else "") + (" · moved 已调动" if unit.redeployed else "")
    font = fit_font(mark, max(10, room), 15, 8, bold=True)
    draw_text(draw, (PAD + 2, cy), mark, font, fill=palette.TEXT_LIGHT, anchor="lm")
    if unit.orders:
        _tokens_row(draw, width - PAD - 1, cy, unit.orders)
    top = PAD + STRIP
    if unit.concealed:
        span = UNDER_STEP * EDGES
        back = back_image(unit.side, tile)
        for i in range(EDGES, 0, -1):  # the lowest tile first, each up and to the right
            paste(img, back, (PAD + UNDER_STEP * i, top + span - UNDER_STEP * i), "lt")
        _troop(img, unit, 0, (PAD, top + span), tile)
        return img
    for i in range(len(unit.troops)):
        _troop(img, unit, i, (PAD + i * (tile + GAP), top), tile)
    return img


def _troop(img: Image.Image, unit: UnitLook, index: int, xy: tuple[int, int], tile: int) -> None:
    troop = unit.troops[index]
    paste(img, tile_image(troop.tile, tile), xy, "lt")
    if not troop.wounds:
        return
    draw = ImageDraw.Draw(img)
    r = max(8, tile // 11)
    x, y = xy[0] + tile - r - 3, xy[1] + tile * 0.5
    for i in range(min(troop.wounds, 3)):
        wound_token(draw, x, y + i * (2 * r + 2), r)
    if troop.wounds > 3:
        draw_text(
            draw,
            (x, y + 3 * (2 * r + 2)),
            f"×{troop.wounds}",
            get_font(14, True),
            fill=WOUND,
            halo=palette.HALO,
        )
