"""The board: sea areas with names, POC, control, aircraft symbols and passages; port boxes with
side colour, repair value and gates; every counter of the view in its place."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.rules.war_at_sea.view import AreaView, BattleView, PortView, UnitView
from bot.rules.war_at_sea.view import WarAtSeaView as View
from rendering import palette
from rendering.cache import layer
from rendering.canvas import new_image, paste
from rendering.fonts import get_font
from rendering.palette import Colour
from rendering.panels import (
    ScoreTrack,
    TrackMarker,
    draw_score_track,
    draw_title_bar,
    title_bar_height,
    track_height,
)
from rendering.text import draw_text, fit_font, text_width
from rendering.war_at_sea import icons, labels, layout, pieces
from rendering.war_at_sea.layout import PORT_HEADER, Rect

BATTLE = palette.HIGHLIGHT
CHIP = 17  # font size of the chips under an area name
NAME = 22  # font size of an area name
TITLE = 24  # font size of the title bar
TRACK = 19  # font size of the score track


def _tint(control: str | None) -> Colour:
    if control in labels.SIDE_COLOUR:
        return palette.mix(palette.SEA, labels.SIDE_COLOUR[control], 0.12)
    return palette.SEA


def _seas(tints: tuple[Colour, ...], battle: str | None) -> Image.Image:
    """The board's static layer: the sea areas on the land, tinted by control (public in every
    view) and the battle's area outlined, drawn once per tints and battle (rendering/cache.py)."""
    return layer(("war-at-sea", "seas", tints, battle), lambda: _draw_seas(tints, battle))


def _draw_seas(tints: tuple[Colour, ...], battle: str | None) -> Image.Image:
    """Drawn at twice the size on RGB and box-reduced: smooth edges at a fraction of the cost
    of a Lanczos shrink of an RGBA canvas."""
    k = 2
    img = Image.new("RGB", (layout.WIDTH * k, layout.HEIGHT * k), palette.LAND)
    draw = ImageDraw.Draw(img)
    rings = [[(x * k, y * k) for x, y in sea.polygon] for sea in layout.SEAS]
    for ring, fill in zip(rings, tints, strict=True):
        draw.polygon(ring, fill=fill)
    for sea, ring in zip(layout.SEAS, rings, strict=True):
        draw.line([*ring, ring[0]], fill=palette.BORDER, width=3 * k, joint="curve")
        if sea.key == battle:
            draw.line([*ring, ring[0]], fill=BATTLE, width=7 * k, joint="curve")
    return img.reduce(k).convert("RGBA")


def _track(view: View) -> ScoreTrack:
    score, limit = view.score, view.score_limit
    leader = "axis" if score > 0 else "allies" if score < 0 else None
    colour = labels.SIDE_COLOUR.get(leader or "", palette.NEUTRAL)
    mark = {"axis": "AX", "allies": "AL"}.get(leader or "", "0")
    title = "Score 分数  ◀ Allies 盟军 · Axis 轴心国 ▶"
    return ScoreTrack(-limit, limit, (TrackMarker(score, colour, mark),), title=title)


def base_map(view: View, title: str, status: str) -> tuple[Image.Image, int]:
    """Title bar, the seas and the score track; returns the image and the map's top offset."""
    control = {a.id: a.control for a in view.areas}
    tints = tuple(_tint(control.get(sea.key)) for sea in layout.SEAS)
    where = view.battle.where if view.battle else None
    seas = _seas(tints, where if where in layout.SEA_BY_KEY else None)
    top, bottom = title_bar_height(TITLE), track_height(TRACK)
    img = new_image(layout.WIDTH, top + layout.HEIGHT + bottom, palette.BACKGROUND)
    img.paste(seas, (0, top))
    draw = ImageDraw.Draw(img)
    draw_title_bar(draw, (0, 0, layout.WIDTH, top), title, status, TITLE)
    box = (0, top + layout.HEIGHT, layout.WIDTH, img.height)
    draw_score_track(draw, box, _track(view), TRACK)
    return img, top


# --- chips -----------------------------------------------------------------------------------


def _chip(
    draw: ImageDraw.ImageDraw, x: float, y: float, text: str, fill: Colour, size: int = CHIP
) -> float:
    """A rounded label with its left edge at x, centred on y; returns its right edge."""
    font = get_font(size, bold=True)
    w = text_width(text, font) + size * 0.8
    h = size * 1.45
    draw.rounded_rectangle(
        (x, y - h / 2, x + w, y + h / 2), round(h * 0.3), fill=fill, outline=palette.PANEL_BORDER
    )
    draw_text(draw, (x + w / 2, y), text, font, fill=palette.text_on(fill))
    return x + w


def _chips_width(texts: Sequence[str], size: int = CHIP) -> float:
    font = get_font(size, bold=True)
    return sum(text_width(t, font) + size * 0.8 + 6 for t in texts)


def _planes(img: Image.Image, x: float, y: float, rec: AreaView | PortView, size: int) -> float:
    for side, symbol in (("allies", rec.air_symbol_allies), ("axis", rec.air_symbol_axis)):
        if symbol:
            paste(img, icons.aircraft(side, size), (x, y - size / 2), "lt")
            x += size + 3
    return x


def battle_badge(battle: BattleView) -> str:
    kind = labels.BATTLE_SHORT.get(battle.kind, "Combat 战斗")
    return f"{kind} · round {battle.round}"


def badge_beside(names_right: float, badge: str, zone_right: float) -> bool:
    """Whether the battle badge fits right of the area's names (both languages) without
    covering them; otherwise it joins the chips below."""
    return names_right + _chips_width([badge]) + 20 <= zone_right


def names_right(area_id: str) -> float:
    """Where the area's English and Chinese names end, as _area_label draws them."""
    sea, place = layout.SEA_BY_KEY[area_id], labels.place(area_id)
    en = text_width(place.en.upper(), get_font(NAME, bold=True))
    return sea.label[0] + en + 8 + text_width(place.zh, get_font(NAME - 2, bold=True))


def _area_label(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    a: AreaView,
    oy: int,
    med: tuple[int, int],
    battle: BattleView | None,
) -> int:
    """Name, POC, aircraft symbols, control and combat chips; returns the bottom of the block."""
    sea = layout.SEA_BY_KEY[a.id]
    x, y = sea.label[0], sea.label[1] + oy
    place = labels.place(a.id)
    name = get_font(NAME, bold=True)
    left = draw_text(
        draw, (x, y), place.en.upper(), name, anchor="lt", halo=palette.HALO, halo_width=3
    )[2]
    left = draw_text(
        draw,
        (left + 8, y + 1),
        place.zh,
        get_font(NAME - 2, bold=True),
        anchor="lt",
        halo=palette.HALO,
        halo_width=3,
    )[2]  # the battle badge goes right of both names, or below them
    cy = y + NAME + 20
    zone_right = sea.zone[2]
    chips: list[tuple[str, Colour]] = []
    if battle is not None:
        fight = battle_badge(battle)
        if badge_beside(left, fight, zone_right):
            _chip(draw, zone_right - _chips_width([fight]) + 6, y + NAME / 2, fight, BATTLE)
        else:
            chips.append((fight, BATTLE))
    cx = _chip(draw, x, cy, f"AX {a.poc_axis}", labels.AXIS) + 5
    cx = _chip(draw, cx, cy, f"AL {a.poc_allies}", labels.ALLIES) + 7
    cx = _planes(img, cx, cy, a, 24) + 4
    control = a.control
    if control in labels.SIDE_COLOUR:
        word = labels.SIDE_NAME[control]
        chips.insert(0, (f"{word[0]} control {word[1]}制海", labels.SIDE_COLOUR[control]))
    streak, hold = med  # 16.4, both from the view
    if a.id == "mediterranean" and streak:
        chips.append((f"Axis held {streak}/{hold} 轴心连控", palette.lighten(labels.AXIS, 0.55)))
    for text, colour in chips:  # flow onto further lines where the area is narrow
        if cx > x and cx + _chips_width([text]) > zone_right:
            cx, cy = x, cy + CHIP * 1.45 + 6
        cx = _chip(draw, cx, cy, text, colour) + 5
    return round(cy + CHIP)


# --- ports -----------------------------------------------------------------------------------


def _port_box(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    p: PortView,
    oy: int,
    battle_here: bool,
    turn: int,
) -> None:
    pl = layout.PORT_BY_KEY[p.id]
    x0, y0, x1, y1 = pl.box
    y0, y1 = y0 + oy, y1 + oy
    side = p.side
    colour = labels.SIDE_COLOUR.get(side, labels.NEUTRAL_PORT)
    is_open = p.open
    head = colour if is_open else palette.mix(colour, palette.NEUTRAL, 0.65)
    for _area, (gx, gy), direction in pl.gates:
        paste(img, icons.gate(direction, head, 22), (gx, gy + oy))
    body = palette.mix(palette.PANEL, colour, 0.1) if is_open else palette.LAND_ALT
    draw.rounded_rectangle((x0, y0, x1, y1), 8, fill=body, outline=palette.PANEL_BORDER, width=2)
    draw.rounded_rectangle((x0, y0, x1, y0 + PORT_HEADER), 8, fill=head)
    draw.rectangle((x0 + 1, y0 + PORT_HEADER - 8, x1 - 1, y0 + PORT_HEADER), fill=head)
    draw.line((x0, y0 + PORT_HEADER, x1, y0 + PORT_HEADER), fill=palette.PANEL_BORDER, width=2)
    draw.rounded_rectangle((x0, y0, x1, y1), 8, outline=palette.PANEL_BORDER, width=2)
    if battle_here:
        draw.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), 10, outline=BATTLE, width=5)
    cy = y0 + PORT_HEADER / 2
    right: float = x1 - 6
    badge = f"rep {p.repair}" if p.repair else ""
    if not is_open:
        _closed(draw, p, pl.box, oy, turn)
    if badge:
        font = get_font(15, bold=True)
        w = text_width(badge, font) + 12
        draw.rounded_rectangle((right - w, cy - 11, right, cy + 11), 6, fill=palette.PANEL)
        draw_text(draw, (right - w / 2, cy), badge, font)
        right -= w + 6
    right = _planes_right(img, right, cy, p)
    place = labels.place(p.id)
    en = place.en.replace(" (neutral)", "").replace("USSR (Murmansk)", "Murmansk")
    text = f"{en} {place.zh.replace('（中立港）', '')}"
    room = round(right - x0 - 12)
    font = fit_font(text, room, 19, 12, bold=True)
    if text_width(text, font) > room:
        text, font = en, fit_font(en, room, 19, 11, bold=True)
    draw_text(draw, (x0 + 8, cy), text, font, fill=palette.text_on(head), anchor="lm")


def _closed(draw: ImageDraw.ImageDraw, p: PortView, box: Rect, oy: int, turn: int) -> None:
    """A closed port (France 15.4, the Soviet ports before 16.1) says so at the foot of its
    box, under any counter still shown there, with the turns the view gives."""
    x0, _y0, x1, y1 = box
    cx = (x0 + x1) / 2
    opens, closes = p.opens, p.closes
    lines = ["CLOSED 关闭"]
    if turn < opens:
        lines.append(f"opens turn {opens} 第{opens}回合开放")
    elif closes is not None:
        lines.append(f"since turn {closes} 第{closes}回合起")
    bottom = y1 + oy - 10
    for i, line in enumerate(reversed(lines)):
        last = i == len(lines) - 1
        font = get_font(16, bold=True) if last else get_font(14)
        draw_text(draw, (cx, bottom - i * 22), line, font, fill=palette.TEXT_MUTED, anchor="mb")


def _planes_right(img: Image.Image, right: float, cy: float, p: PortView) -> float:
    for side, symbol in (("axis", p.air_symbol_axis), ("allies", p.air_symbol_allies)):
        if symbol:
            paste(img, icons.aircraft(side, 22), (right, cy), "rm")
            right -= 25
    return right


def _passages(img: Image.Image, oy: int) -> None:
    for ps in layout.PASSAGES:
        paste(img, icons.passage(30, ps.vertical), (ps.at[0], ps.at[1] + oy))


# --- counters --------------------------------------------------------------------------------


def _zone(key: str, oy: int, below: dict[str, int]) -> Rect:
    x0, y0, x1, y1 = layout.place_rect(key)
    return (x0, max(y0 + oy, below.get(key, 0)), x1, y1 + oy)


def draw_counters(img: Image.Image, view: View, oy: int, below: dict[str, int]) -> None:
    """Every counter of the view in its place; `below` pushes an area's counters under its
    label block when the label needed more lines than usual."""
    at: dict[str, list[UnitView]] = {}
    for u in view.units:
        if u.status == "active" and u.location:
            at.setdefault(u.location, []).append(u)
    hidden = {h.location: h.count for h in view.hidden}
    strikes: dict[str, list[tuple[str, int]]] = {}
    for side, where in sorted(view.air_strikes.items()):
        if where:
            strength = view.air_strength.get(side, 0)
            strikes.setdefault(str(where), []).append((side, strength))
    keys = [s.key for s in layout.SEAS] + [p.key for p in layout.PORTS]
    for key in keys:
        tiles = pieces.tiles_for(at.get(key, []), hidden.get(key, 0), strikes.get(key, []))
        if tiles:
            zone = _zone(key, oy, below)
            pieces.draw_zone(img, zone, tiles, centre=key in layout.PORT_BY_KEY)


def draw_board(view: View, title: str, status: str) -> Image.Image:
    img, oy = base_map(view, title, status)
    draw = ImageDraw.Draw(img)
    _passages(img, oy)
    where = view.battle.where if view.battle else None
    for p in view.ports:
        if p.id in layout.PORT_BY_KEY:
            _port_box(img, draw, p, oy, where == p.id, view.turn)
    below: dict[str, int] = {}
    for a in view.areas:
        if a.id in layout.SEA_BY_KEY:
            here = view.battle if where == a.id else None
            below[a.id] = _area_label(img, draw, a, oy, (view.med_streak, view.med_hold), here) + 4
    draw_counters(img, view, oy, below)
    return img
