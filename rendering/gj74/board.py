"""The printed GJ74 map as a static layer (drawn once, shared): sea, land, coasts in the colour
of their nation (2.2), land hexsides (8(4)), ports, air bases, SOSUS hexes and islands, and
the hex numbers. Public component data only (data/gj74), so one picture serves every view."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.rules.gj74 import board
from rendering import palette
from rendering.cache import layer
from rendering.canvas import new_image, shrink
from rendering.gj74 import geometry
from rendering.palette import Colour
from rendering.text import draw_text, fit_font

SUPER = 2
COAST: dict[str, Colour] = {
    "jp": (240, 214, 160),
    "cn": (236, 190, 176),
    "kr": (196, 210, 240),
    "kp": (210, 200, 214),
    "tw": (200, 226, 190),
}
NATION: dict[str, str] = {"jp": "japan", "cn": "china", "kr": "korea"}
"""The palette style of each navy (rendering/palette.py)."""


def static_map() -> Image.Image:
    """The shared map picture: paste it or draw on a copy, never on it."""
    return layer(("gj74-map", geometry.SIZE), _draw)


def _fill(hex_id: str) -> Colour:
    h = board.comps().hexes[hex_id]
    if h.terrain == "land":
        return palette.LAND
    if h.terrain == "coastal" and h.nation:
        return COAST.get(h.nation, palette.LAND_ALT)
    return palette.SEA


def _draw() -> Image.Image:
    w, h = geometry.extent()
    lay = geometry.layout().scaled(SUPER)
    img = new_image(w * SUPER, h * SUPER, palette.BACKGROUND)
    draw = ImageDraw.Draw(img)
    comps = board.comps()
    for hex_id in sorted(comps.hexes):
        draw.polygon(
            lay.corners(geometry.axial(hex_id)), fill=_fill(hex_id), outline=palette.GRID, width=1
        )
    for side in sorted(comps.land_hexsides, key=sorted):
        a, b = sorted(side)
        edge = _shared_edge(lay.corners(geometry.axial(a)), lay.corners(geometry.axial(b)))
        if edge:
            draw.line(edge, fill=palette.COAST, width=5 * SUPER)
    font = fit_font("0000", round(lay.size * 0.9), round(lay.size * 0.3), 6)
    for hex_id in sorted(comps.hexes):
        cx, cy = lay.to_pixel(geometry.axial(hex_id))
        draw_text(draw, (cx, cy - lay.size * 0.66), hex_id, font, fill=palette.TEXT_MUTED)
    for place in sorted(comps.places.values(), key=lambda p: p.id):
        _place(draw, lay.to_pixel(geometry.axial(place.hex)), place.kind, lay.size)
    return shrink(img, SUPER)


def _shared_edge(
    a: list[tuple[float, float]], b: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    return [p for p in a if any(math.dist(p, q) < 1.0 for q in b)]


def _place(draw: ImageDraw.ImageDraw, at: tuple[float, float], kind: str, size: float) -> None:
    """Symbols as the rulebook names them (2.2): port ■, air base ★, SOSUS △, island ▲."""
    x, y = at
    r = size * 0.2
    if kind == "port":
        x0, y0 = x + size * 0.35, y - size * 0.35
        draw.rectangle((x0 - r, y0 - r, x0 + r, y0 + r), fill=palette.PORT_OUTLINE)
    elif kind == "airbase":
        x0, y0 = x - size * 0.4, y - size * 0.3
        pts = [
            (
                x0 + (r * 1.3 if k % 2 == 0 else r * 0.55) * math.sin(math.pi * k / 5),
                y0 - (r * 1.3 if k % 2 == 0 else r * 0.55) * math.cos(math.pi * k / 5),
            )
            for k in range(10)
        ]
        draw.polygon(pts, fill=(40, 40, 40))
    elif kind == "sosus":
        x0, y0 = x + size * 0.4, y + size * 0.4
        draw.polygon(
            [(x0, y0 - r), (x0 - r, y0 + r), (x0 + r, y0 + r)], outline=palette.BORDER, width=3
        )
    else:  # island, reef
        x0, y0 = x - size * 0.4, y + size * 0.4
        draw.polygon([(x0, y0 - r), (x0 - r, y0 + r), (x0 + r, y0 + r)], fill=palette.COAST)
