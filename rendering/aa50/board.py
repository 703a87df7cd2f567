"""The AA50 world map for one part of the board: land in its controller's colour, sea zones
outlined, IPC values, capitals, victory cities, factories and their damage, pending battles,
and each power's units in every space as a compact count (rulebook 2: the game board).

The land layer depends only on the part drawn, its size and who controls each territory
(public, from the view): it is drawn once per such key (``rendering.cache.layer``),
supersampled for smooth coasts, and everything else is drawn on a copy."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from PIL import Image, ImageDraw

from rendering import palette
from rendering.aa50.geometry import Box, Space, geometry
from rendering.cache import layer
from rendering.canvas import new_image, shrink
from rendering.palette import Colour
from rendering.text import font_for, text_width

SEA: Colour = (176, 206, 230)
SEA_LINE: Colour = (120, 160, 200)
COAST: Colour = (40, 44, 52)
BATTLE: Colour = (214, 32, 32)
FIGHTING: Colour = (255, 150, 0)

SHORT = {
    "infantry": "inf",
    "artillery": "art",
    "armour": "tnk",
    "aa_gun": "aa",
    "fighter": "ftr",
    "bomber": "bmb",
    "battleship": "bb",
    "carrier": "cv",
    "cruiser": "ca",
    "destroyer": "dd",
    "submarine": "ss",
    "transport": "tt",
}
"""How a unit type is counted on the map (the legend spells them out in both languages)."""


@cache
def power_colour(power: str) -> Colour:
    from bot.rules.aa50 import board

    return palette.from_hex(board.comps().powers[power].colour)


NEUTRAL: Colour = (226, 222, 210)
"""Impassable neutrals (2.2), paler than any power so they never pass for one."""


def land_fill(power: str | None) -> Colour:
    if power is None:
        return NEUTRAL
    return palette.lighten(power_colour(power), 0.35)


class Frame:
    """Map pixels to picture pixels for one part of the board, at one scale."""

    def __init__(self, box: Box, width: int) -> None:
        self.box = box
        self.scale = width / (box[2] - box[0])
        self.width = width
        self.height = round((box[3] - box[1]) * self.scale)

    def shifts(self, space: Space) -> Iterator[int]:
        """The copies of a space that fall in the box (the board wraps east to west)."""
        w = geometry().width
        xs = [ring[i] for ring in space.polygons for i in range(0, len(ring), 2)]
        lo, hi = min(xs), max(xs)
        for shift in (-w, 0, w):
            if lo + shift < self.box[2] and hi + shift > self.box[0]:
                yield shift

    def ring(self, ring: tuple[int, ...], shift: int, k: float = 1) -> list[tuple[float, float]]:
        s, (x0, y0) = self.scale * k, self.box[:2]
        return [
            ((ring[i] + shift - x0) * s, (ring[i + 1] - y0) * s) for i in range(0, len(ring), 2)
        ]

    def point(self, p: tuple[int, int], shift: int) -> tuple[float, float]:
        return ((p[0] + shift - self.box[0]) * self.scale, (p[1] - self.box[1]) * self.scale)

    def inside(self, p: tuple[float, float], margin: float = 0) -> bool:
        return -margin <= p[0] <= self.width + margin and -margin <= p[1] <= self.height + margin


def _land(box: Box, width: int, owners: tuple[tuple[str, str], ...]) -> Image.Image:
    from bot.rules.aa50 import board

    k = 2  # supersampled, then shrunk: smooth coasts
    frame = Frame(box, width)
    held = dict(owners)
    img = new_image(frame.width * k, frame.height * k, SEA)
    draw = ImageDraw.Draw(img)
    line = max(1, round(frame.scale * 2.2 * k))
    for space in geometry().spaces:
        sea = board.is_sea(space.id)
        for shift in frame.shifts(space):
            for ring in space.polygons:
                pts = frame.ring(ring, shift, k)
                if sea:
                    draw.polygon(pts, outline=SEA_LINE, width=max(1, line // 2))
                else:
                    draw.polygon(pts, fill=land_fill(held.get(space.id)), outline=COAST, width=line)
    return shrink(img, k)


def base(box: Box, width: int, owners: dict[str, str]) -> Image.Image:
    """The land and sea of ``box`` at ``width`` pixels, coloured by ``owners`` (shared: copy it)."""
    key = tuple(sorted(owners.items()))
    return layer(("aa50-land", box, width, key), lambda: _land(box, width, key))


def star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    import math

    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def chip_text(counts: dict[str, int], detailed: bool) -> str:
    if not detailed:
        return str(sum(counts.values()))
    order = list(SHORT)
    return " ".join(
        f"{n}{SHORT[u]}" for u, n in sorted(counts.items(), key=lambda x: order.index(x[0]))
    )


def chip_width(text: str, size: int) -> int:
    return text_width(text, font_for(size, True)) + size
