"""AA50 pictures from a view (``bot.rules.aa50.view.Aa50View``): the whole world, a theatre
chosen around the action, and (``battle.py``) the battle board. Pure functions of the view
and the board's static data; drawn with the shared rendering modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.rules.aa50.view import Aa50View
from rendering import palette
from rendering.aa50 import board as mapdraw
from rendering.aa50 import legend
from rendering.aa50.geometry import THEATRES, Box, geometry
from rendering.canvas import new_image
from rendering.png import encode_png
from rendering.text import draw_text, fit_font, font_for

WORLD_WIDTH = 1600
"""The whole board: 1600 x 776 px of map (Discord shows it whole, a tap zooms)."""
THEATRE_WIDTH = 800
"""A theatre: sharp at a phone's 400 px wide (two pixels per point)."""
HEADER = 40
MARK = 16
"""TripleA places the capital and victory-city pictures by their top-left corner
(``capitols.txt``, ``vc.txt``); the markers are drawn at the pictures' centres."""


def typed(view: Mapping[str, Any] | Aa50View) -> Aa50View:
    return view if isinstance(view, Aa50View) else Aa50View.model_validate(view)


def action(v: Aa50View) -> list[str]:
    """Where the phase's action is: the battle being fought and those pending (5.5), else
    the moving power's capital."""
    from bot.rules.aa50 import board

    spaces = ([v.battle.where] if v.battle else []) + [w for w in v.battles]
    if not spaces:
        cap = board.capitals().get(v.power)
        spaces = [cap] if cap else []
    return spaces


def choose_theatre(v: Aa50View) -> tuple[str, Box]:
    """The part of the board around the action (``action``): the smallest theatre that shows
    every space of it; else a box around them (at least a theatre's size, 4:3); the world
    when they are spread over more than half of it."""
    geo = geometry()
    w = geo.width
    points = [geo.space(s).center for s in action(v)]
    world = (0, 0, geo.width, geo.height)
    if not points:
        return "world", world
    best: tuple[int, str] | None = None
    for name, (x0, y0, x1, y1) in THEATRES.items():
        ok = all(
            any(x0 + 40 <= x + shift <= x1 - 40 for shift in (-w, 0, w)) and y0 + 30 <= y <= y1 - 30
            for x, y in points
        )
        area = (x1 - x0) * (y1 - y0)
        if ok and (best is None or area < best[0]):
            best = (area, name)
    if best is not None:
        return best[1], THEATRES[best[1]]
    # The shortest way round the board: start from the widest gap between the points.
    xs = sorted(x for x, _ in points)
    gaps = [(xs[(i + 1) % len(xs)] - xs[i]) % w for i in range(len(xs))]
    cut = max(range(len(xs)), key=lambda i: gaps[i])
    left = xs[(cut + 1) % len(xs)]
    span = w - gaps[cut] if len(xs) > 1 else 0
    ys = [y for _, y in points]
    x0, x1 = left - 200, left + span + 200
    y0, y1 = min(ys) - 200, max(ys) + 200
    if x1 - x0 > w / 2:
        return "world", world
    width = max(x1 - x0, 1000, round((y1 - y0) * 4 / 3))
    height = max(y1 - y0, round(width * 3 / 4))
    cx, cy = (x0 + x1) // 2, min(max((y0 + y1) // 2, height // 2), geo.height - height // 2)
    return "action", (cx - width // 2, cy - height // 2, cx + width // 2, cy + height // 2)


def _title(v: Aa50View, theatre: str) -> str:
    from bot.i18n import tr

    def both(key: str) -> str:
        return f"{tr(key, 'en')} {tr(key, 'zh')}"

    # Fewer words, so the line reads on a phone: the message above it names the game.
    place = both(f"aa50.map.theatre.{theatre}")
    power, phase = both(f"aa50.power.{v.power}"), both(f"aa50.phase.{v.phase}")
    return f"{place} · Round {v.round} 第{v.round}轮 · {power} · {phase}"


def draw_map(v: Aa50View, box: Box, width: int, theatre: str) -> Image.Image:
    from bot.rules.aa50 import board

    frame = mapdraw.Frame(box, width)
    land = mapdraw.base(box, width, dict(v.owners))
    img = new_image(frame.width, frame.height + HEADER, palette.BACKGROUND)
    img.paste(land, (0, HEADER))
    draw = ImageDraw.Draw(img)
    geo = geometry()
    detailed = frame.scale >= 0.5
    s = frame.scale
    size = 18 if detailed else 11  # legible at a phone's 400 px (crops are 800 wide)

    def at(p: tuple[int, int], shift: int) -> tuple[float, float]:
        x, y = frame.point(p, shift)
        return x, y + HEADER

    # Battles still to fight (5.5) and the one being fought.
    fighting = v.battle.where if v.battle else None
    for where in {*v.battles, *([fighting] if fighting else [])}:
        space = geo.space(where)
        colour = mapdraw.FIGHTING if where == fighting else mapdraw.BATTLE
        for shift in frame.shifts(space):
            for ring in space.polygons:
                pts = [(x, y + HEADER) for x, y in frame.ring(ring, shift)]
                draw.polygon(pts, outline=colour, width=max(2, round(6 * s)))
    marks: set[str] = set()
    """The markers drawn, for the key (``legend``)."""
    for where in {*v.battles, *([fighting] if fighting else [])}:
        if list(frame.shifts(geo.space(where))):  # a shift of 0 is a copy in the box
            marks.add("fighting" if where == fighting else "battle")
    units: dict[str, dict[str, dict[str, int]]] = {}
    factories: dict[str, int] = {}
    for u in v.units:
        if u.type == "factory":
            factories[u.at] = factories.get(u.at, 0) + u.hits
            continue
        per = units.setdefault(u.at, {}).setdefault(u.owner, {})
        per[u.type] = per.get(u.type, 0) + 1
    small = font_for(14 if detailed else 10, True)
    kinds: set[str] = set()
    """The unit kinds counted on the picture, for the key."""
    chips: list[tuple[float, float, str, str]] = []
    markers: list[tuple[float, float, float, float]] = []
    """Factories and their damage: the chips keep clear of them."""
    """Each power's units in a space: drawn last, over the names, apart from each other."""
    for space in geo.spaces:
        t = board.territory(space.id)
        for shift in frame.shifts(space):
            if detailed and space.name_at:
                p = at(space.name_at, shift)
                sea = board.is_sea(space.id)
                label = space.name.removesuffix(" Sea Zone") if sea else space.name
                if frame.inside((p[0], p[1] - HEADER)):
                    draw_text(
                        draw,
                        p,
                        label,
                        small,
                        fill=(60, 90, 130) if sea else palette.TEXT,
                        halo=(255, 255, 255),
                        halo_width=1,
                        anchor="la",
                    )
            if t.ipc and space.ipc_at:
                p = at(space.ipc_at, shift)
                draw_text(
                    draw, p, str(t.ipc), small, fill=(0, 0, 0), halo=(255, 255, 255), halo_width=1
                )
            r = max(4.0, 9 * s)
            if space.victory_at:
                x, y = at((space.victory_at[0] + MARK, space.victory_at[1] + MARK), shift)
                draw.ellipse(
                    (x - r, y - r, x + r, y + r), fill=(255, 255, 255), outline=(0, 0, 0), width=2
                )
                if frame.inside((x, y - HEADER)):
                    marks.add("victory")
            if space.capital_at:  # drawn before the name: TripleA's picture spot misleads
                x, y = at(space.name_at or space.center, shift)
                x -= r * 1.6
                y += r * 1.2 if space.name_at else 0
                draw.polygon(mapdraw.star(x, y, r * 1.4), fill=(250, 214, 40), outline=(0, 0, 0))
                if frame.inside((x, y - HEADER)):
                    marks.add("capital")
            if space.id in factories:
                x, y = at(space.center, shift)
                f = r * 1.1
                damaged = factories[space.id] > 0
                draw.rectangle(
                    (x - f, y - f, x + f, y + f),
                    fill=(190, 30, 30) if damaged else (60, 60, 60),
                    outline=(255, 255, 255),
                )
                markers.append((x - f, y - f, x + f + (3 * size if damaged else 0), y + f))
                if frame.inside((x, y - HEADER)):
                    marks.add("damaged" if damaged else "factory")
                if damaged:  # damage markers (7.1.5)
                    draw_text(
                        draw,
                        (x + f + 2, y),
                        f"-{factories[space.id]}",
                        small,
                        fill=(190, 30, 30),
                        halo=(255, 255, 255),
                        halo_width=1,
                        anchor="lm",
                    )
            per_owner = units.get(space.id, {})
            x, y = at(space.anchor, shift)
            for owner in sorted(per_owner):
                chips.append((x, y, mapdraw.chip_text(per_owner[owner], detailed), owner))
                if frame.inside((x, y - HEADER)):
                    if detailed:
                        kinds.update(per_owner[owner])
                    else:
                        marks.add("count")  # a power's units as one number
                y += size + 5
    _chips(draw, frame, chips, size, markers)
    draw.rectangle((0, 0, frame.width, HEADER), fill=(32, 36, 44))
    title = _title(v, theatre)
    size = 22
    draw_text(
        draw,
        (8, HEADER / 2),
        title,
        fit_font(title, frame.width - 16, size, 10, bold=True),
        fill=(255, 255, 255),
        anchor="lm",
    )
    key = legend.strip(frame.width, frozenset(kinds), frozenset(marks))
    out = new_image(frame.width, img.height + key.height, palette.BACKGROUND)
    out.paste(img, (0, 0))
    out.paste(key, (0, img.height))
    return out


def _chips(
    draw: ImageDraw.ImageDraw,
    frame: mapdraw.Frame,
    chips: list[tuple[float, float, str, str]],
    size: int,
    markers: list[tuple[float, float, float, float]],
) -> None:
    """Unit counts in their owner's colour at their space's unit slot, moved down or up by a
    chip's height when they would cover one already drawn or a factory."""
    font = font_for(size, True)
    h = size + 4
    placed = list(markers)
    for x, y, text, owner in chips:
        w = mapdraw.chip_width(text, size)
        cx = min(max(x, w / 2 + 1), frame.width - w / 2 - 1)  # whole on the picture
        for step in (0, 1, -1, 2, -2, 3):
            cy = y + step * (h + 1)
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if not any(
                box[0] < p[2] and p[0] < box[2] and box[1] < p[3] and p[1] < box[3] for p in placed
            ):
                break
        else:
            cy = y
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        placed.append(box)
        fill = mapdraw.power_colour(owner)
        draw.rounded_rectangle(box, radius=3, fill=fill, outline=(255, 255, 255))
        draw_text(draw, (cx, cy), text, font, fill=palette.text_on(fill))


def world_image(view: Mapping[str, Any] | Aa50View) -> Image.Image:
    v = typed(view)
    geo = geometry()
    return draw_map(v, (0, 0, geo.width, geo.height), WORLD_WIDTH, "world")


def theatre_image(view: Mapping[str, Any] | Aa50View, theatre: str | None = None) -> Image.Image:
    """A theatre by name, or (None) the part around the action."""
    v = typed(view)
    name, box = (theatre, THEATRES[theatre]) if theatre else choose_theatre(v)
    if name == "world":
        return world_image(v)
    return draw_map(v, box, THEATRE_WIDTH, name)


def render_world(view: Mapping[str, Any] | Aa50View) -> bytes:
    return encode_png(world_image(view).convert("RGB"))


def render_theatre(view: Mapping[str, Any] | Aa50View, theatre: str | None = None) -> bytes:
    return encode_png(theatre_image(view, theatre).convert("RGB"))


LOCAL_WIDTH, LOCAL_HEIGHT = 1000, 560
"""The board around a battle, in map pixels: beside its battle board on one phone screen."""


def local_box(where: str) -> Box:
    """A part of the map around one space (the board wraps east to west; clamped top and
    bottom)."""
    geo = geometry()
    x, y = geo.space(where).center
    top = min(max(y - LOCAL_HEIGHT // 2, 0), geo.height - LOCAL_HEIGHT)
    return (x - LOCAL_WIDTH // 2, top, x + LOCAL_WIDTH // 2, top + LOCAL_HEIGHT)


def combat_image(v: Aa50View) -> Image.Image:
    """In the combat phase (5.5): the battle board of the round just fought (its dice and
    hits), above the board around that battle."""
    from rendering.aa50 import battle

    assert v.battle_log is not None
    board_img = battle.log_image(v)
    where = v.battle.where if v.battle else v.battle_log.where
    map_img = draw_map(v, local_box(where), THEATRE_WIDTH, "action")
    img = new_image(THEATRE_WIDTH, board_img.height + map_img.height, palette.BACKGROUND)
    img.paste(board_img, (0, 0))
    img.paste(map_img, (0, board_img.height))
    return img


def shows_battle(v: Aa50View) -> bool:
    """In combat once a battle was fought, or after the order that fought one (the last
    battle of the phase ends it, and its board must still be seen)."""
    log = v.battle_log
    return log is not None and (v.phase == "combat" or log.step == v.step)


def picture(view: Mapping[str, Any] | Aa50View) -> Image.Image:
    """What a message shows: a battle's board and the map around it (``shows_battle``);
    otherwise the theatre around the phase's action (the world when the action spans more
    than one)."""
    v = typed(view)
    return combat_image(v) if shows_battle(v) else theatre_image(v)


def render(view: Mapping[str, Any]) -> bytes:
    return encode_png(picture(view).convert("RGB"))
