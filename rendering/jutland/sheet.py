"""The Fleet Search Sheet (Jutland 3.1, 3.3): a side's private sheet (its task forces, their
pencil lines and plots, what the searches and the patrols revealed to it, fuel and hours left)
or the public one (the time, the contacts, the spotted hexes). Drawn from the view only, plus
the printed sheet (static public component data), cropped to the action."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.rules.jutland.components import comps
from bot.rules.jutland.view import JutlandView
from rendering import palette
from rendering.cache import layer
from rendering.hexgrid import Hex, HexLayout, Orientation
from rendering.jutland import look, tsearch
from rendering.text import draw_text

SIZE = 26
"""Hex radius in pixels: a hex is 45 px wide, its name legible on a phone."""
MARGIN = 2
MIN_COLS, MIN_ROWS = 12, 9
LAYOUT = HexLayout(Orientation.POINTY, SIZE, (0.0, 0.0))
TERRAIN = {
    "sea": palette.SEA,
    "shaded": (134, 170, 206),
    "coast": palette.mix(palette.SEA, palette.LAND, 0.55),
    "land": palette.LAND,
}


def _hex(hex_id: str) -> Hex:
    h = comps().hexes[hex_id]
    return Hex(h.col, h.row)


@lru_cache(maxsize=1)
def _extent() -> tuple[float, float, float, float]:
    xs, ys = [], []
    for h in comps().hexes.values():
        x, y = LAYOUT.to_pixel(Hex(h.col, h.row))
        xs.append(x)
        ys.append(y)
    return min(xs) - SIZE, min(ys) - SIZE, max(xs) + SIZE, max(ys) + SIZE


def centre(hex_id: str) -> tuple[float, float]:
    """A hex's centre on the whole sheet's picture."""
    x0, y0, _, _ = _extent()
    x, y = LAYOUT.to_pixel(_hex(hex_id))
    return x - x0, y - y0


def _draw_sheet() -> Image.Image:
    """The printed sheet: terrain, shaded patrol hexes, bases, exits and hex names."""
    x0, y0, x1, y1 = _extent()
    img = Image.new("RGB", (math.ceil(x1 - x0), math.ceil(y1 - y0)), palette.SEA_DEEP)
    d = ImageDraw.Draw(img)
    c = comps()
    exits = {h for e in c.exits.values() for h in e.hexes}
    bases = {b.hex for b in c.bases.values()}
    for h in c.hexes.values():
        cx, cy = centre(h.id)
        pts = [(px - x0, py - y0) for px, py in LAYOUT.corners(Hex(h.col, h.row), 0.97)]
        d.polygon(pts, fill=TERRAIN[h.terrain], outline=palette.GRID)
        if h.terrain == "shaded":
            for k in (-0.4, 0.0, 0.4):  # hatching: the coastal patrols' hexes (3.1)
                a = (cx - SIZE * 0.5, cy + SIZE * (k + 0.3))
                d.line([a, (cx + SIZE * 0.5, cy + SIZE * (k - 0.3))], fill=(96, 128, 170))
        if h.id in exits:
            d.polygon(pts, outline=(20, 130, 60), width=3)
        if h.id in bases:
            d.rectangle(
                [cx - 7, cy - 16, cx + 7, cy - 4], fill=palette.PORT, outline=palette.PORT_OUTLINE
            )
        if h.terrain != "land":
            draw_text(d, (cx, cy + 11), h.id, 11, fill=palette.TEXT_MUTED)
    return img


def sheet() -> Image.Image:
    return layer(("jutland", "sheet", SIZE), _draw_sheet)


def _box(hexes: set[str]) -> tuple[int, int, int, int]:
    """The crop around these hexes, with a margin and a minimum size (whole sheet if none)."""
    full = sheet()
    if not hexes:
        return 0, 0, full.width, full.height
    pts = [centre(h) for h in hexes]
    w, hgt = LAYOUT.width, SIZE * 1.5
    x0 = min(p[0] for p in pts) - MARGIN * w - SIZE
    x1 = max(p[0] for p in pts) + MARGIN * w + SIZE
    y0 = min(p[1] for p in pts) - MARGIN * hgt - SIZE
    y1 = max(p[1] for p in pts) + MARGIN * hgt + SIZE
    grow_x = max(0.0, MIN_COLS * w - (x1 - x0)) / 2
    grow_y = max(0.0, MIN_ROWS * hgt - (y1 - y0)) / 2
    x0, x1, y0, y1 = x0 - grow_x, x1 + grow_x, y0 - grow_y, y1 + grow_y
    return (max(0, int(x0)), max(0, int(y0)), min(full.width, int(x1)), min(full.height, int(y1)))


def interesting(view: JutlandView) -> set[str]:
    """The hexes the picture is about: one's own forces, tracks of the last hours and plots,
    and every mark of what the rules revealed (so none is cropped away)."""
    out: set[str] = set()
    for f in view.forces:
        out |= {h for h in (f.hex, f.exit_hex) if h}
        out |= set(f.track[-4:])
        if f.plotted in comps().hexes:
            out.add(f.plotted)
    out |= set(found(view)) | set(announced(view))
    out |= {h for _, h in view.spotted} | {h for _, h in view.contacts}
    if view.contact:
        out.add(view.contact)
    return out | tsearch.hexes(view)  # Tournament 21: boats, airships, their searches


def found(view: JutlandView) -> dict[str, tuple[int, str]]:
    """Hexes where a search found forces (3.3 items 2-3), with the latest hour and the side
    found there. A player's sheet: his own searches answered yes, and the enemy's that found
    his own forces; the public's: every search answered yes (both players heard them)."""
    out: dict[str, tuple[int, str]] = {}
    for s in view.searches:
        for h, yes in s.answers.items():
            if yes and (out.get(h, (-1, ""))[0] <= s.hour):
                out[h] = (s.hour, look.other(s.side))
    return out


def announced(view: JutlandView) -> list[str]:
    """A player's sheet: the hexes the enemy announced in the latest hour he searched (3.3
    item 2: every hex holding one of his forces is among them), not answered yes."""
    if view.side is None:
        return []
    theirs = [s for s in view.searches if s.side != view.side]
    if not theirs:
        return []
    last = max(s.hour for s in theirs)
    return sorted(h for s in theirs if s.hour == last for h, yes in s.answers.items() if not yes)


def draw_sheet(view: JutlandView) -> Image.Image:
    box = _box(interesting(view))
    img = sheet().crop(box).convert("RGBA")
    ox, oy = box[0], box[1]
    d = ImageDraw.Draw(img)

    def at(h: str) -> tuple[float, float]:
        x, y = centre(h)
        return x - ox, y - oy

    own = look.side_colour(view.side) if view.side else palette.TEXT
    for h in announced(view):
        x, y = at(h)
        pts = LAYOUT.corners(_hex(h), 0.8)
        x0, y0, _, _ = _extent()
        d.polygon([(px - x0 - ox, py - y0 - oy) for px, py in pts],
                  outline=look.side_colour(look.other(view.side)), width=2)  # fmt: skip
        draw_text(d, (x, y - SIZE * 0.45), "?", 13, fill=look.side_colour(look.other(view.side)))
    battles = {(hour, h) for hour, h in view.contacts}
    for h, (hour, side) in sorted(found(view).items()):
        if (hour, h) in battles:
            continue  # the battle's octagon tells it
        x, y = at(h)
        colour = look.side_colour(side)
        fresh = hour >= view.hour - 1
        d.ellipse([x - SIZE * 0.8, y - SIZE * 0.8, x + SIZE * 0.8, y + SIZE * 0.8],
                  outline=colour, width=4 if fresh else 2)  # fmt: skip
        draw_text(d, (x, y - SIZE * 0.95), look.stamp(hour), 10, fill=colour, halo=palette.HALO)
    for hour, h in view.spotted:
        x, y = at(h)
        d.regular_polygon((x, y, SIZE * 0.55), 3, fill=palette.DISABLED, outline=palette.TEXT)
        draw_text(d, (x, y + SIZE * 0.45), look.stamp(hour), 10, fill=palette.TEXT,
                  halo=palette.HALO)  # fmt: skip
    for hour, h in view.contacts:
        x, y = at(h)
        now = h == view.contact or h in view.battles
        d.regular_polygon((x, y, SIZE * 0.9), 8, fill=None, outline=palette.DAMAGE,
                          width=4 if now else 2)  # fmt: skip
        draw_text(d, (x, y + SIZE * 0.75), look.stamp(hour), 10, fill=palette.DAMAGE,
                  halo=palette.HALO)  # fmt: skip
    for n, f in enumerate(view.forces):
        line = [at(h) for h in f.track[-12:]]
        if len(line) > 1:
            d.line(line, fill=own, width=3, joint="curve")
        if f.hex is None:
            continue
        x, y = at(f.hex)
        if f.plotted in comps().hexes:
            px, py = at(f.plotted)
            d.line([(x, y), (px, py)], fill=palette.SELECTED, width=3)
            d.ellipse([px - 5, py - 5, px + 5, py + 5], fill=palette.SELECTED)
        dx = (n % 3 - 1) * 10  # several forces in a hex stay readable
        look.chip(d, (x + dx, y - 4 + (n // 3) * 6), look.tf_short(f.id), own, f.dead)
    tsearch.draw(d, view, at, set(comps().hexes))  # Tournament 21.5, 21.6
    return img
