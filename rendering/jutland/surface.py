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
SMOKE = (226, 226, 222)
"""At night (3.4 item 2) the surface is darker, the counters and names still readable."""


def _crop(b: BattleView) -> tuple[float, float, float, float]:
    """Yards shown (west, south, east, north): every ship afloat with a margin."""
    ships = [s for s in b.ships if not s.sunk] or list(b.ships)
    xs, ys = [s.x for s in ships], [s.y for s in ships]
    for ends in b.smoke:  # Tournament 22.2: the screens in the picture too
        xs += [p[0] for p in ends]
        ys += [p[1] for p in ends]
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
    if r is None or (r.boxes == 0 and r.flotation == 0 and not r.effects):
        return ""
    marked = f"{r.fore}+{r.aft}" if r.fore or r.aft else f"{r.boxes}"  # 22.3 item 1: by halves
    text = f" {marked}/{r.hit_boxes}" + (f" F{r.flotation}" if r.flotation else "")
    return text + "".join(f" {_effect(e)}" for e in r.effects)


EFFECTS = {
    "dead": "DIW", "stopped": "STOP", "director": "DIR", "steering": "HELM",
    "fire_control": "FC", "ammunition_hoist": "AMMO", "steam_pipe": "STEAM",
    "engine_flooded": "ENG/2", "engine_hit": "ENG-3", "list": "LIST",
}  # fmt: skip
"""Tournament 22.3: the special-damage results, as the rule suggests marking them beside the
ship (the turns left after a colon)."""


def _effect(e: str) -> str:
    kind, _, turns = e.partition(":")
    return EFFECTS.get(kind, kind) + (f":{turns}" if turns else "")


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
    for p, q in b.smoke:  # Tournament 22.2: the screens standing
        d.line([px(*p), px(*q)], fill=SMOKE, width=max(2, round(500 * scale)))
        mx, my = px((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        draw_text(d, (mx, my + max(6 * k, 300 * scale)), "smoke 烟幕", 11 * k,
                  fill=palette.TEXT, halo=palette.HALO, anchor="mt")  # fmt: skip
    for firer, target in b.lines:
        if firer in ships and target in ships:
            a, t = ships[firer], ships[target]
            d.line([px(a.x, a.y), px(t.x, t.y)], fill=palette.DAMAGE, width=2 * k)
    for s in sorted(b.ships, key=lambda s: (not s.sunk, s.id)):
        _counter(d, s, px, scale, k)
    _scale_bar(d, size, scale, k)
    _weather(d, b, size, k)
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


def _weather(d: ImageDraw.ImageDraw, b: BattleView, size: tuple[int, int], k: int) -> None:
    """Tournament 22.1: the wind's arrow (the way it blows), in the bottom right corner (the
    panel below names it and the rolled visibility)."""
    x, y = size[0] - 60 * k, size[1] - 80 * k
    if b.wind is not None:
        to = math.radians((b.wind + 180) % 360)
        dx, dy = math.sin(to) * 36 * k, -math.cos(to) * 36 * k
        d.line([(x - dx, y - dy), (x + dx, y + dy)], fill=palette.TEXT, width=3 * k)
        hx, hy = x + dx, y + dy
        for turn in (150, -150):
            a = to + math.radians(turn)
            d.line([(hx, hy), (hx + math.sin(a) * 14 * k, hy - math.cos(a) * 14 * k)],
                   fill=palette.TEXT, width=3 * k)  # fmt: skip
        draw_text(d, (x, y + 44 * k), "wind 风", 12 * k, fill=palette.TEXT, halo=palette.HALO,
                  anchor="mt")  # fmt: skip
