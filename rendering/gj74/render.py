"""Draw a GJ74 view and encode it deterministically (the same view gives the same bytes):
the printed map (a shared static layer), the air range of an operation under way, landings,
the hexes of a strike or an attack under way, each hex's counters as the audience may see
them, and the game panel. Only the view is read (and the public component data)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.rules.gj74 import board
from bot.rules.gj74.view import GJ74View
from rendering import palette
from rendering.canvas import new_image
from rendering.fonts import get_font
from rendering.gj74 import geometry, panel
from rendering.gj74.board import static_map
from rendering.gj74.units import draw_units, style_key
from rendering.panels import draw_title_bar, title_bar_height
from rendering.png import MAX_WIDTH, encode_for_discord
from rendering.text import draw_text

MAX_BYTES = 2_000_000
TITLE_FONT = 22


def typed(raw: GJ74View | Mapping[str, Any]) -> GJ74View:
    return raw if isinstance(raw, GJ74View) else GJ74View.model_validate(raw)


def in_range(view: GJ74View) -> list[str]:
    """5.2(2), 7.3.1: the hexes an air operation under way may reach."""
    if view.air_range is None or view.active is None:
        return []
    if view.air_carrier:
        return sorted(
            h
            for h in board.comps().hexes
            if any(board.distance(o, h) <= view.air_range for o in view.air_origins)
        )
    reach = board.air_reach(view.scenario, view.active)
    return sorted(h for h, d in reach.items() if d <= view.air_range)


def draw_map(view: GJ74View) -> Image.Image:
    image = static_map().copy()
    lay = geometry.layout()
    hexes = in_range(view)
    if hexes and view.active:
        tint = new_image(image.width, image.height)
        style = palette.side_style(style_key(view, view.active))
        d = ImageDraw.Draw(tint)
        for h in hexes:
            d.polygon(lay.corners(geometry.axial(h), 0.96), fill=(*style.face, 90))
        image.alpha_composite(tint)
    draw = ImageDraw.Draw(image)
    for under_way in (view.strike_hex, view.battle_hex):
        if under_way:
            ring = lay.corners(geometry.axial(under_way), 0.9)
            draw.polygon(ring, outline=palette.DAMAGE, width=4)
    font = get_font(13, bold=True)
    for m in view.landings:
        x, y = geometry.centre(m.hex)
        style = palette.side_style(style_key(view, m.side))
        box = (x - lay.size * 0.7, y + lay.size * 0.35, x - lay.size * 0.15, y + lay.size * 0.75)
        draw.rectangle(box, fill=style.face, outline=palette.PANEL_BORDER)
        draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "L", font, fill=style.text)
    draw_units(image, view)
    return image


def title(view: GJ74View) -> tuple[str, str]:
    who = (
        "Public view 公开视图"
        if view.audience is None
        else f"{panel.side_name(view, view.audience)} view 视图"
    )
    return f"GJ74 · {view.scenario} · Turn {view.turn}/{view.last_turn}", who


def draw(raw: GJ74View | Mapping[str, Any]) -> Image.Image:
    view = typed(raw)
    field = draw_map(view)
    bar = title_bar_height(TITLE_FONT)
    side = panel.draw_panel(view, field.height)
    out = new_image(field.width + side.width, field.height + bar, palette.BACKGROUND)
    draw_title_bar(ImageDraw.Draw(out), (0, 0, out.width, bar), *title(view), TITLE_FONT)
    out.alpha_composite(field, (0, bar))
    out.alpha_composite(side, (field.width, bar))
    return out.convert("RGB")


def render(view: GJ74View | Mapping[str, Any]) -> bytes:
    """PNG bytes of the view, at most 1600 px wide."""
    return encode_for_discord(draw(view), max_width=MAX_WIDTH, max_bytes=MAX_BYTES).data
