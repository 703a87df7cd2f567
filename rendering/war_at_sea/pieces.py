"""Counters from the view: one face per unit, grouped, drawn as tiles and packed into a zone.

Identical counters at one place (same nationality, type, current factors, damage and status)
are drawn once with a "×N" badge, as players write "5×444" in a report; a lone ship shows its
name. Face-down Allied counters (18.2) come from the view as a bare count per place and are
drawn as a stack of identical backs with the count: nothing else reaches the pixels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, get_args

from PIL import Image, ImageDraw

from bot.rules.war_at_sea.components import NOT_ON_MAP, Nationality, UnitType
from bot.rules.war_at_sea.view import UnitView
from rendering import palette
from rendering.canvas import new_image, paste
from rendering.counters import CounterFace, StatusMark, render_counter
from rendering.text import draw_text, fit_font, text_width
from rendering.war_at_sea import icons, labels
from rendering.war_at_sea.layout import Rect

SIZES = (68, 62, 56, 50, 44, 38)  # counter sizes tried, largest first, until a zone holds them all
GAP = 4
# Allied nations first, then Axis; capital ships first: the orders the component data declares.
NATION_ORDER: tuple[str, ...] = get_args(Nationality)
TYPE_ORDER: tuple[str, ...] = tuple(t for t in get_args(UnitType) if t not in NOT_ON_MAP)


@dataclass(frozen=True)
class Tile:
    """One thing drawn in a zone: a counter group, a face-down stack or an air-strike marker."""

    side: str
    face: CounterFace | None = None
    count: int = 1
    air_strike: str | None = None  # the side whose land-based air marker this is
    strength: int = 3


def _statuses(u: UnitView) -> tuple[str, ...]:
    out = []
    if u.captured_by:
        out.append("captured")
    if u.disabled:
        out.append("disabled")
    if u.escaped:
        out.append("escaped")
    if u.failed_move:
        out.append("failed_move")
    if u.refuelled:
        out.append("refuelled")
    if not u.joined:
        out.append("not_joined")
    if u.convoy_stays:
        out.append("stays")
    return tuple(out)


def _factors(u: UnitView) -> tuple[str, int | None]:
    g, a, s = u.gunnery, u.armor, u.speed
    if u.type == "uboat":
        return f"{g}-{a}", None
    has_air = u.type == "carrier" or u.base_air > 0
    return f"{g}-{a}-{s}", (u.air if has_air else None)


def unit_key(u: UnitView) -> tuple[Any, ...]:
    """What a counter shows, apart from its name: counters with equal keys are grouped."""
    factors, air = _factors(u)
    return (
        u.side,
        u.nationality,
        u.type,
        factors,
        air,
        u.damage,
        _statuses(u),
    )


def _sort_key(key: tuple[Any, ...]) -> tuple[Any, ...]:
    side, nat, kind, factors, air, damage, status = key[:7]
    return (
        0 if side == "allies" else 1,
        NATION_ORDER.index(nat) if nat in NATION_ORDER else 9,
        TYPE_ORDER.index(kind) if kind in TYPE_ORDER else 9,
        [-int(p) for p in factors.split("-")],
        -(air or 0),
        damage,
        status,
        key[7:],  # a convoy's name
    )


def face_for(key: tuple[Any, ...], name: str) -> CounterFace:
    _side, nat, kind, factors, air, damage, status = key[:7]
    style = labels.NATIONS.get(nat, labels.NATIONS["british"])
    marks = []
    for s in status:
        word, _zh, colour = labels.STATUS[s]
        marks.append(StatusMark(word, colour, dim=s == "disabled"))
    face = style.face if kind != "convoy" else palette.mix(style.face, palette.PANEL, 0.45)
    return CounterFace(
        name=name,
        colour=face,
        text_colour=style.text,
        factors=factors,
        air=air,
        damage=damage,
        status=tuple(marks),
        max_pips=5,
    )


def hidden_face() -> CounterFace:
    """The back of every Allied counter under 18.2: the same for all of them."""
    return CounterFace(face_down=True, side_mark=labels.HIDDEN_MARK, back_colour=labels.HIDDEN_BACK)


def tiles_for(
    units: Sequence[UnitView], hidden: int, strikes: Sequence[tuple[str, int]]
) -> list[Tile]:
    """The tiles of one place: air-strike markers (each side's, with the strength the view
    gives it), then Allied groups, face-down Allied counters, then Axis groups."""
    groups: dict[tuple[Any, ...], list[str]] = {}
    for u in units:
        key = unit_key(u)
        if key[2] == "convoy":  # each convoy is its own story (13): never grouped
            key = (*key, u.name)
        groups.setdefault(key, []).append(u.name)
    out = [Tile(side=s, air_strike=s, strength=n) for s, n in sorted(strikes)]
    ordered = sorted(groups.items(), key=lambda kv: _sort_key(kv[0]))
    for key, names in ordered:
        if key[0] == "allies":
            out.append(_group_tile(key, names))
    if hidden:
        out.append(Tile(side="allies", face=hidden_face(), count=hidden))
    out += [_group_tile(k, n) for k, n in ordered if k[0] != "allies"]
    return out


def _group_tile(key: tuple[Any, ...], names: list[str]) -> Tile:
    name = names[0] if len(names) == 1 else ""  # a group shows its count there instead
    if key[2] == "uboat" and len(names) == 1:
        name = labels.UBOAT
    return Tile(side=str(key[0]), face=face_for(key, name), count=len(names))


# --- drawing ---------------------------------------------------------------------------------


def cell(size: int) -> int:
    """The square a tile of counter `size` occupies (room for the layers of a stack)."""
    return size + 2 * _step(size)


def _step(size: int) -> int:
    return max(3, size // 14)


@lru_cache(maxsize=256)
def _tile_image(tile: Tile, size: int) -> Image.Image:
    c, step = cell(size), _step(size)
    img = new_image(c, c)
    if tile.air_strike is not None:
        icon = icons.air_strike_marker(tile.air_strike, tile.strength, size)
        paste(img, icon, (step, step), "lt")
        return img
    assert tile.face is not None
    counter = render_counter(tile.face, size)
    under = render_counter(_blank(tile.face), size)
    layers = min(tile.count, 3)
    for i in reversed(range(layers)):
        paste(img, counter if i == 0 else under, (2 * step - i * step, i * step), "lt")
    if tile.count > 1:
        _badge(img, f"×{tile.count}", size, 2 * step)
    return img


def _blank(face: CounterFace) -> CounterFace:
    """A counter under the top one of a stack: only its edge shows, so nothing is printed."""
    if face.face_down:
        return face
    dim = any(m.dim for m in face.status)
    return CounterFace(
        colour=palette.mix(face.colour, palette.NEUTRAL, 0.6) if dim else face.colour
    )


def _badge(img: Image.Image, label: str, size: int, left: int) -> None:
    """The count, in the name band of the top counter (a group's counter has no name)."""
    draw = ImageDraw.Draw(img)
    font = fit_font(label, round(size * 0.7), max(11, round(size * 0.26)), 9, bold=True)
    w = text_width(label, font) + size * 0.2
    h = size * 0.3
    cx, cy = left + size / 2, size * 0.2
    draw.rounded_rectangle(
        (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2),
        round(h / 2),
        fill=palette.TITLE_BAR,
    )
    draw_text(draw, (cx, cy), label, font, fill=palette.TEXT_LIGHT)


def tile_image(tile: Tile, size: int) -> Image.Image:
    return _tile_image(tile, size)


def _rows_needed(tiles: Sequence[Tile], cols: int, split: bool) -> int:
    """Rows for the tiles, with the Axis starting on a fresh row if `split`."""
    allied = sum(1 for t in tiles if t.side == "allies" or t.air_strike is not None)
    axis = len(tiles) - allied
    if split and allied and axis:
        return -(-allied // cols) + -(-axis // cols)
    return -(-len(tiles) // cols)


def pack(zone: Rect, tiles: Sequence[Tile]) -> tuple[int, list[tuple[Tile, int, int]]]:
    """Choose the largest counter size whose tiles fit in `zone`; their top-left corners.

    At each size the Axis first gets rows of its own, then shares them; if even the smallest
    size does not hold every tile, the last one becomes a "+N" overflow counter (not expected
    on this board: the zones hold 20 groups and more at the smallest size)."""
    x0, y0, x1, y1 = zone
    w, h = x1 - x0, y1 - y0
    if not tiles:
        return SIZES[0], []
    for size in SIZES:
        c = cell(size)
        cols = max(1, (w + GAP) // (c + GAP))
        rows = max(1, (h + GAP) // (c + GAP))
        for split in (True, False):
            if _rows_needed(tiles, cols, split) <= rows:
                return size, _place(tiles, x0, y0, c, cols, split)
    size = SIZES[-1]
    c = cell(size)
    cols = max(1, (w + GAP) // (c + GAP))
    rows = max(1, (h + GAP) // (c + GAP))
    shown = list(tiles)
    if len(shown) > cols * rows:
        rest = shown[cols * rows - 1 :]
        more = Tile(side="allies", face=CounterFace(name="more", factors=f"+{len(rest)}"))
        shown = [*shown[: cols * rows - 1], more]
    return size, _place(shown, x0, y0, c, cols, split=False)


def _place(
    tiles: Sequence[Tile], x0: int, y0: int, c: int, cols: int, split: bool
) -> list[tuple[Tile, int, int]]:
    out: list[tuple[Tile, int, int]] = []
    col = row = 0
    previous_axis = False
    for tile in tiles:
        axis = tile.side == "axis" and tile.air_strike is None
        if split and axis and not previous_axis and col > 0:
            col, row = 0, row + 1
        previous_axis = axis
        out.append((tile, x0 + col * (c + GAP), y0 + row * (c + GAP)))
        col += 1
        if col == cols:
            col, row = 0, row + 1
    return out


def draw_zone(image: Image.Image, zone: Rect, tiles: Sequence[Tile], centre: bool = False) -> None:
    """Draw the tiles packed in `zone`, left-aligned or with the block centred across it."""
    size, placed = pack(zone, tiles)
    shift = 0
    if centre and placed:
        right = max(x for _t, x, _y in placed) + cell(size)
        shift = (zone[2] - right) // 2
    for tile, x, y in placed:
        paste(image, tile_image(tile, size), (x + shift, y), "lt")
