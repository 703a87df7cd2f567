"""One troop tile as printed (NOTES.md "Tile anatomy"), from public component data only.

A tile is a square: black engagement dice and white shooting dice across the top, each with its
number; the name in English and Chinese; the trait names in both languages; the deployment
points in a gold circle and the formation value in a grey box at the bottom left, the wound
points at the bottom right. A tile's picture depends on its id and size alone, so it is drawn
once per process and pasted.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.rules.pocket_battles.components import Components, Tile, TraitRef, load_components
from rendering import palette
from rendering.canvas import new_image, shrink
from rendering.palette import Colour
from rendering.text import draw_text, fit_font

SCALE = 2  # drawn at twice the size and shrunk: smooth dice corners and circles
INK: Colour = (24, 24, 28)
DIE_BLACK: Colour = (28, 28, 32)
DIE_WHITE: Colour = (252, 252, 248)
GOLD: Colour = (224, 178, 48)
GREY_BOX: Colour = (150, 150, 150)
WOUND: Colour = (176, 28, 36)


@cache
def components() -> Components:
    """The public component data (tiles, traits, zones), read once."""
    return load_components()


def army_colours(army: str) -> tuple[Colour, Colour]:
    """(tile face, tile edge) of an army."""
    style = palette.side_style(army)
    return palette.mix(style.face, (250, 246, 232), 0.72), style.back


def trait_label(ref: TraitRef, zh: bool) -> str:
    """A trait's printed name with its number ("+1 Wounds", "伤害 +1")."""
    trait = components().traits[ref.id]
    name = trait.name_zh if zh else trait.name
    return name.replace("X", str(ref.x)) if ref.x is not None else name


def _die(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], n: int, black: bool
) -> None:
    side = box[2] - box[0]
    fill, ink = (DIE_BLACK, DIE_WHITE) if black else (DIE_WHITE, DIE_BLACK)
    draw.rounded_rectangle(
        box, round(side * 0.2), fill=fill, outline=INK, width=max(1, round(side * 0.06))
    )
    font = fit_font(str(n), round(side * 0.8), round(side * 0.78), 6, bold=True)
    draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(n), font, fill=ink)


def _dice_row(draw: ImageDraw.ImageDraw, tile: Tile, s: int) -> None:
    dice = [(n, True) for n in tile.engagement] + [(n, False) for n in tile.shooting]
    if not dice:
        return
    side = s * (0.19 if len(dice) <= 4 else 0.76 / len(dice))
    gap = s * 0.03
    width = side * len(dice) + gap * (len(dice) - 1)
    x = (s - width) / 2
    top = s * 0.05
    for n, black in dice:
        _die(draw, (x, top, x + side, top + side), n, black)
        x += side + gap


def _heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour) -> None:
    """A heart (the wound points), centred on (cx, cy), about 2r wide."""
    lobe = r * 0.55
    draw.ellipse((cx - r, cy - r * 0.8, cx - r + 2 * lobe, cy - r * 0.8 + 2 * lobe), fill=fill)
    draw.ellipse((cx + r - 2 * lobe, cy - r * 0.8, cx + r, cy - r * 0.8 + 2 * lobe), fill=fill)
    draw.polygon(
        [(cx - r + r * 0.03, cy - r * 0.15), (cx + r - r * 0.03, cy - r * 0.15), (cx, cy + r)],
        fill=fill,
    )


def _bottom(draw: ImageDraw.ImageDraw, tile: Tile, s: int) -> None:
    r = s * 0.095
    cy = s - s * 0.04 - r
    cx = s * 0.06 + r
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=INK, width=max(1, s // 70))
    font = fit_font(str(tile.points), round(r * 1.6), round(r * 1.3), 6, bold=True)
    draw_text(draw, (cx, cy), str(tile.points), font, fill=INK)
    bx = cx + r + s * 0.03
    draw.rectangle(
        (bx, cy - r, bx + 2 * r, cy + r), fill=GREY_BOX, outline=INK, width=max(1, s // 70)
    )
    draw_text(draw, (bx + r, cy), str(tile.formation), font, fill=INK)
    hx = s - s * 0.06 - r
    _heart(draw, hx, cy, r * 1.05, WOUND)
    draw_text(
        draw,
        (hx, cy - r * 0.1),
        str(tile.wounds),
        fit_font("0", round(r), round(r * 1.1), 6, True),
        fill=DIE_WHITE,
    )


def _middle(draw: ImageDraw.ImageDraw, tile: Tile, s: int) -> None:
    width = round(s * 0.9)
    top = s * 0.29 if (tile.engagement or tile.shooting) else s * 0.12
    name = fit_font(tile.name, width, round(s * 0.125), 6, bold=True)
    draw_text(draw, (s / 2, top), tile.name, name, fill=INK, anchor="mt")
    zh = fit_font(tile.name_zh, width, round(s * 0.11), 6, bold=True)
    draw_text(draw, (s / 2, top + s * 0.14), tile.name_zh, zh, fill=INK, anchor="mt")
    lines = [f"{trait_label(t, False)} {trait_label(t, True)}" for t in tile.traits]
    if not lines:
        return
    room_top, room_bottom = top + s * 0.27, s * 0.77
    step = min(s * 0.1, (room_bottom - room_top) / len(lines))
    size = round(min(step * 0.92, s * 0.085))
    for i, line in enumerate(lines):
        font = fit_font(line, width, size, 5)
        draw_text(draw, (s / 2, room_top + step * (i + 0.5)), line, font, fill=INK)


@lru_cache(maxsize=256)
def _tile(tile_id: str, size: int) -> Image.Image:
    tile = components().tiles[tile_id]
    s = size * SCALE
    img = new_image(s, s)
    draw = ImageDraw.Draw(img)
    face, edge = army_colours(tile.army)
    radius = round(s * 0.07)
    draw.rounded_rectangle(
        (0, 0, s - 1, s - 1), radius, fill=face, outline=edge, width=max(2, round(s * 0.03))
    )
    _dice_row(draw, tile, s)
    _middle(draw, tile, s)
    _bottom(draw, tile, s)
    return shrink(img, SCALE)


def tile_image(tile_id: str, size: int) -> Image.Image:
    """The tile `tile_id` as an RGBA square of `size` pixels (transparent corners)."""
    return _tile(tile_id, size)


@lru_cache(maxsize=16)
def back_image(army: str, size: int) -> Image.Image:
    """The edge of a tile seen under another one: the army's colour only, the same for every
    tile of that army (nothing of the tile's face is drawn)."""
    s = size * SCALE
    img = new_image(s, s)
    _face, edge = army_colours(army)
    draw = ImageDraw.Draw(img)
    radius = round(s * 0.07)
    draw.rounded_rectangle(
        (0, 0, s - 1, s - 1),
        radius,
        fill=palette.darken(edge, 0.1),
        outline=INK,
        width=max(2, round(s * 0.02)),
    )
    return shrink(img, SCALE)
