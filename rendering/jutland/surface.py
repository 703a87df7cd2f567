"""The battle surface (Jutland 3.4, 4): every counter at its position and heading, the range
bands from one ship (14.3 item 3), this turn's lines of fire (4.3), the visibility limit and
the extra markers (3.4 item 3), cropped to the action. Drawn from the view only."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.rules.jutland.advanced.components import adv
from bot.rules.jutland.components import comps
from bot.rules.jutland.view import BattleView, ShipView
from rendering import palette
from rendering.jutland import look
from rendering.text import draw_text

WIDTH, HEIGHT = 1000, 1100
"""The most pixels across and down: the crop is scaled to fit, a phone screen's proportions."""
MARGIN = 4000.0
MIN_SPAN = 16000.0
COUNTER, BEAM = 2500.0, 500.0
SUPERSAMPLE = 2
"""Drawn at twice the size and shrunk: smooth edges at a quarter of the 3x cost."""
SEA = (150, 186, 216)
NIGHT_SEA = (78, 96, 128)
"""At night (3.4 item 2) the surface is darker, the counters and names still readable."""


def _crop(b: BattleView) -> tuple[float, float, float, float]:
    """Yards shown (west, south, east, north): every ship afloat with a margin."""
    ships = [s for s in b.ships if not s.sunk] or list(b.ships)
    xs, ys = [s.x for s in ships], [s.y for s in ships]
    w, e, s, n = min(xs) - MARGIN, max(xs) + MARGIN, min(ys) - MARGIN, max(ys) + MARGIN
    grow_x, grow_y = max(0.0, MIN_SPAN - (e - w)) / 2, max(0.0, MIN_SPAN * 0.7 - (n - s)) / 2
    return w - grow_x, s - grow_y, e + grow_x, n + grow_y


def _name(ship: str) -> str:
    found = comps().ships.get(ship)
    light = adv().light.get(ship)
    return found.name if found else light.name if light else ship


def _record(s: ShipView) -> str:
    """The Advanced Game's hit record beside the name (Jutland 13.1): boxes marked of the
    counter's, and flotation hits."""
    r = s.record
    if r is None or (r.boxes == 0 and r.flotation == 0):
        return ""
    return f" {r.boxes}/{r.hit_boxes}" + (f" F{r.flotation}" if r.flotation else "")


def draw_surface(b: BattleView) -> Image.Image:
    west, south, east, north = _crop(b)
    k = SUPERSAMPLE
    scale = k * min(WIDTH / (east - west), HEIGHT / (north - south))
    size = (max(1, round((east - west) * scale)), max(1, round((north - south) * scale)))
    img = Image.new("RGB", size, NIGHT_SEA if b.night else SEA)
    d = ImageDraw.Draw(img)

    def px(x: float, y: float) -> tuple[float, float]:
        return (x - west) * scale, (north - y) * scale

    # The Battle Area Marker (the sheet's compass enlarged) and the extra markers.
    for name, (mx, my) in [(b.hex, (0.0, 0.0)), *sorted(b.markers.items())]:
        cx, cy = px(mx, my)
        r = 600 * scale
        d.line([(cx - r, cy), (cx + r, cy)], fill=palette.TEXT, width=2 * k)
        d.line([(cx, cy - r), (cx, cy + r)], fill=palette.TEXT, width=2 * k)
        draw_text(d, (cx, cy + r + 8 * k), name, 13 * k, fill=palette.TEXT, halo=palette.HALO)
    ships = {s.id: s for s in b.ships}
    focus = ships.get(b.focus or "")
    if focus is not None and not focus.sunk:
        cx, cy = px(focus.x, focus.y)
        for limit in (*b.bands, b.visibility):
            r = limit * scale
            last = limit == b.visibility
            ring = palette.HIGHLIGHT if last else palette.PANEL
            d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=ring, width=(3 if last else 1) * k)
            draw_text(d, (cx, cy - r - 2 * k), f"{int(limit):,}", 11 * k, fill=palette.TEXT,
                      halo=palette.HALO, anchor="mb")  # fmt: skip
    for firer, target in b.lines:
        if firer in ships and target in ships:
            a, t = ships[firer], ships[target]
            d.line([px(a.x, a.y), px(t.x, t.y)], fill=palette.DAMAGE, width=2 * k)
    for s in sorted(b.ships, key=lambda s: (not s.sunk, s.id)):
        _counter(d, s, px, scale, k)
    _scale_bar(d, size, scale, k)
    return img.reduce(k)  # a box filter: as smooth for 2x, several times faster than Lanczos


def _counter(d: ImageDraw.ImageDraw, s: ShipView, px: object, scale: float, k: int) -> None:
    assert callable(px)
    hx, hy = math.sin(math.radians(s.heading)), math.cos(math.radians(s.heading))
    half, beam = COUNTER / 2, BEAM / 2
    bow = (s.x + hx * half, s.y + hy * half)
    corners = [
        (s.x - hx * half + hy * beam, s.y - hy * half - hx * beam),
        (s.x + hx * (half - 400) + hy * beam, s.y + hy * (half - 400) - hx * beam),
        bow,
        (s.x + hx * (half - 400) - hy * beam, s.y + hy * (half - 400) + hx * beam),
        (s.x - hx * half - hy * beam, s.y - hy * half + hx * beam),
    ]
    colour = palette.SUNK if s.sunk else look.side_colour(s.side)
    d.polygon([px(*c) for c in corners], fill=colour, outline=palette.HALO)
    x, y = px(s.x, s.y)
    if s.sunk:
        r = 400 * scale
        d.line([(x - r, y - r), (x + r, y + r)], fill=palette.DAMAGE, width=3 * k)
        d.line([(x - r, y + r), (x + r, y - r)], fill=palette.DAMAGE, width=3 * k)
    label = _name(s.id) + _record(s)
    draw_text(d, (x, y - (BEAM + 350) * scale), label, 12 * k, fill=palette.TEXT,
              halo=palette.HALO, anchor="mb")  # fmt: skip


def _scale_bar(d: ImageDraw.ImageDraw, size: tuple[int, int], scale: float, k: int) -> None:
    x0, y0 = 16 * k, size[1] - 16 * k
    length = 5000 * scale
    d.line([(x0, y0), (x0 + length, y0)], fill=palette.TEXT, width=3 * k)
    draw_text(d, (x0 + length / 2, y0 - 4 * k), "5,000 yd 码", 12 * k, fill=palette.TEXT,
              halo=palette.HALO, anchor="mb")  # fmt: skip
