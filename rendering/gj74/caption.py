"""The GJ74 picture in words (the alt text), from the same view: the title, the turn and the
time of day, VP, and each hex's counters as the audience may read them (a face-down enemy
counter is only "a ship" or "a submarine")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.rules.gj74.view import GJ74View, UnitView
from rendering.gj74 import labels, panel
from rendering.gj74.render import title, typed


def _word(u: UnitView) -> str:
    if u.face is None:
        return f"{u.id} {'submarine 潜艇' if u.sub else 'ship 舰艇'}"
    return f"{u.id} {labels.face_name(u.face)} {labels.face_factors(u.face)}"


def caption(raw: GJ74View | Mapping[str, Any]) -> str:
    view = typed(raw)
    parts = list(title(view))
    parts.append(labels.both(panel.NIGHT if view.night else panel.DAY))
    parts.append(
        "VP 胜利点 "
        + ", ".join(f"{panel.side_name(view, s)} {view.vp.get(s, 0):g}" for s in ("blue", "red"))
    )
    by_hex: dict[str, list[str]] = {}
    for u in sorted(view.units, key=lambda x: x.id):
        if u.status == "map" and u.hex:
            by_hex.setdefault(u.hex, []).append(_word(u))
    parts += [f"{h}: " + ", ".join(words) for h, words in sorted(by_hex.items())]
    return " · ".join(parts)
