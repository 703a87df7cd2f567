"""Small symbols of the board, drawn supersampled and cached: the aircraft printed in the areas
and ports (white for the Allies, red for the Axis, War at Sea 9.1), the land-based air marker,
the passage marker on a border between adjacent areas and the gate arrow of a port."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering import palette
from rendering.canvas import SUPERSAMPLE, new_image, shrink
from rendering.text import draw_text, fit_font
from rendering.war_at_sea import labels

_HALF = (
    (0.0, -1.0),
    (0.11, -0.86),
    (0.12, -0.3),
    (0.98, 0.02),
    (0.98, 0.2),
    (0.12, 0.1),
    (0.09, 0.62),
    (0.42, 0.8),
    (0.42, 0.94),
    (0.0, 0.9),
)
PLANE = _HALF + tuple((-x, y) for x, y in reversed(_HALF[1:-1]))

PRINTED = {"allies": palette.HALO, "axis": (214, 40, 36)}  # the printed aircraft colours


def _plane(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    fill: tuple[int, ...],
    outline: tuple[int, ...],
    width: int,
) -> None:
    pts = [(cx + x * r, cy + y * r) for x, y in PLANE]
    draw.polygon(pts, fill=fill)
    draw.line([*pts, pts[0]], fill=outline, width=width, joint="curve")


@lru_cache(maxsize=32)
def aircraft(side: str, size: int) -> Image.Image:
    """The aircraft symbol printed where `side` may place its air-strike marker."""
    k = SUPERSAMPLE
    s = size * k
    img = new_image(s, s)
    draw = ImageDraw.Draw(img)
    _plane(draw, s / 2, s / 2, s * 0.44, PRINTED[side], palette.PORT_OUTLINE, max(2, s // 14))
    return shrink(img, k)


@lru_cache(maxsize=32)
def air_strike_marker(side: str, strength: int, size: int) -> Image.Image:
    """A land-based air unit placed here this turn (War at Sea 9.1): a roundel in the side's
    colour with an aircraft and its strength."""
    k = SUPERSAMPLE
    s = size * k
    img = new_image(s, s)
    draw = ImageDraw.Draw(img)
    colour = labels.SIDE_COLOUR[side]
    draw.ellipse((0, 0, s - 1, s - 1), fill=palette.PANEL_BORDER)
    e = max(2, s // 24)
    draw.ellipse((e, e, s - 1 - e, s - 1 - e), fill=colour)
    draw.ellipse((s * 0.1, s * 0.1, s * 0.9, s * 0.9), outline=palette.HALO, width=max(2, s // 30))
    _plane(draw, s / 2, s * 0.34, s * 0.22, palette.HALO, palette.PORT_OUTLINE, max(1, s // 40))
    font = fit_font(str(strength), round(s * 0.5), round(s * 0.36), 6, bold=True)
    draw_text(
        draw,
        (s / 2, s * 0.7),
        str(strength),
        font,
        fill=palette.TEXT_LIGHT,
        halo=palette.HALO_DARK,
        halo_width=max(1, s // 40),
    )
    return shrink(img, k)


@lru_cache(maxsize=8)
def passage(size: int, vertical: bool) -> Image.Image:
    """A white disc with a double arrow across a border: the two areas are adjacent."""
    k = SUPERSAMPLE
    s = size * k
    img = new_image(s, s)
    draw = ImageDraw.Draw(img)
    draw.ellipse((0, 0, s - 1, s - 1), fill=palette.PANEL_BORDER)
    e = max(2, s // 12)
    draw.ellipse((e, e, s - 1 - e, s - 1 - e), fill=palette.HALO)
    c = s / 2
    a, w, head = s * 0.33, max(2, s // 10), s * 0.16
    shaft = [(c - a + head, c), (c + a - head, c)]
    tips = [
        [(c - a, c), (c - a + head, c - head), (c - a + head, c + head)],
        [(c + a, c), (c + a - head, c - head), (c + a - head, c + head)],
    ]
    if not vertical:
        shaft = [(y, x) for x, y in shaft]
        tips = [[(y, x) for x, y in tip] for tip in tips]
    draw.line(shaft, fill=palette.PORT_OUTLINE, width=w)
    for tip in tips:
        draw.polygon(tip, fill=palette.PORT_OUTLINE)
    return shrink(img, k)


@lru_cache(maxsize=16)
def gate(direction: str, colour: tuple[int, int, int], size: int) -> Image.Image:
    """A triangle pointing out of a port box into a sea area it borders."""
    k = SUPERSAMPLE
    s = size * k
    img = new_image(s, s)
    draw = ImageDraw.Draw(img)
    tri = [(s * 0.08, s * 0.2), (s * 0.92, s * 0.5), (s * 0.08, s * 0.8)]  # points right
    turn = {"right": 0, "up": 90, "left": 180, "down": 270}[direction]
    draw.polygon(tri, fill=colour, outline=palette.PORT_OUTLINE, width=max(2, s // 16))
    return shrink(img.rotate(turn), k)
