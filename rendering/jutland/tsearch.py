"""The Tournament search modules on the Fleet Search Sheet (Jutland 21), from the view only:
the German's own U-boat groups and airships on his sheet, and on every sheet the boat and
airship searches both players heard and the wolfpacks disclosed."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from bot.rules.jutland.view import JutlandView
from rendering import palette
from rendering.jutland import look
from rendering.text import draw_text

At = Callable[[str], tuple[float, float]]


def hexes(view: JutlandView) -> set[str]:
    """Hexes the picture must not crop away."""
    ts = view.tsearch
    if ts is None:
        return set()
    out = {g.hex for g in ts.groups} | {a.hex for a in ts.airships if a.hours_left is not None}
    return out | {f.hex for f in ts.finds if f.hour >= view.hour - 1} | set(ts.disclosed)


def draw(d: ImageDraw.ImageDraw, view: JutlandView, at: At, known: set[str]) -> None:
    ts = view.tsearch
    if ts is None:
        return
    german = look.side_colour("german")
    for h in ts.disclosed:
        if h in known:
            x, y = at(h)
            draw_text(d, (x, y + 12), "U", 12, fill=german, halo=palette.HALO)
    for f in ts.finds:
        if f.hour >= view.hour - 1 and f.hex in known:
            x, y = at(f.hex)
            mark = ("U" if f.by == "uboats" else "Z") + ("!" if f.found else "?")
            draw_text(d, (x + 12, y - 12), mark, 11, fill=german, halo=palette.HALO)
    for n, g in enumerate(ts.groups):
        if g.hex in known:
            x, y = at(g.hex)
            look.chip(d, (x - 8 + (n % 2) * 16, y + 10), f"U{len(g.boats)}", german)
    for a in ts.airships:
        if a.hours_left is not None and a.hex in known:
            x, y = at(a.hex)
            look.chip(d, (x, y - 14), a.name, palette.mix(german, palette.HALO, 0.35))
