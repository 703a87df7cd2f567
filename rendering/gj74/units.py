"""Counters on the GJ74 map, from a view only. An audience's own counters and the enemy
counters whose faces it has seen show their faces with values (2.11(3)); every other enemy
counter is a plain back in its navy's colour, a submarine's back marked as one (Ruling in
state.py): nothing else of it reaches the pixels, so two of them give identical pictures."""

from __future__ import annotations

from PIL import Image

from bot.rules.gj74.view import GJ74View, UnitView
from rendering import palette
from rendering.counters import CounterFace, StatusMark, draw_stack
from rendering.gj74 import geometry, labels
from rendering.gj74.board import NATION

SIZE = 32
FOUND = (255, 200, 0)
"""The ring on an own counter the enemy sees face up (9): it can be attacked (10)."""


def style_key(view: GJ74View, side: str) -> str:
    from bot.rules.gj74 import board

    return NATION.get(board.scenario(view.scenario).nations(side)[0], side)  # type: ignore[arg-type]


def face_of(view: GJ74View, u: UnitView) -> CounterFace:
    style = palette.side_style(style_key(view, u.side))
    mark = "SS" if u.sub else style.mark
    if u.face is None:
        return CounterFace(face_down=True, side_mark=mark, back_colour=style.back)
    status: tuple[StatusMark, ...] = ()
    if u.face.supply:
        status = (StatusMark(text=f"+S{u.face.supply}", colour=(40, 110, 60)),)
    if not u.face_up and u.side != view.audience:
        # shown once (7.1(3)) and turned back: the audience knows it, the table shows a back
        status = (*status, StatusMark(text="?", colour=palette.TEXT_MUTED, dim=True))
    air = u.face.air_anti_ship if u.face.air_anti_ship else None
    return CounterFace.for_side(
        style_key(view, u.side),
        name=labels.face_name(u.face),
        factors=labels.face_factors(u.face),
        air=air,
        status=status,
        highlight=FOUND if u.face_up and u.side == view.audience else None,
    )


def draw_units(image: Image.Image, view: GJ74View) -> None:
    """Each hex's counters, one stack per side (blue west, red east when both are there),
    bottom to top by token: the order every audience sees."""
    by_hex: dict[str, dict[str, list[UnitView]]] = {}
    for u in view.units:
        if u.status == "map" and u.hex:
            by_hex.setdefault(u.hex, {}).setdefault(u.side, []).append(u)
    lay = geometry.layout()
    for hex_id in sorted(by_hex):
        cx, cy = geometry.centre(hex_id)
        sides = by_hex[hex_id]
        for side, units in sorted(sides.items()):
            dx = 0.0 if len(sides) == 1 else (-0.24 if side == "blue" else 0.24) * lay.width
            faces = [face_of(view, u) for u in sorted(units, key=lambda x: x.id)]
            draw_stack(image, faces, (cx + dx, cy + 3), SIZE, space=SIZE + 8, max_visible=4)
