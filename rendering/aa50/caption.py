"""The AA50 picture in words (the map's alt text), from the same view: the title, the battle
being shown with its dice and hits, and the territories and sea zones of the part drawn with
each power's units (Discord caps alt text at 1,024 characters; the message text says more)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.rules.aa50.view import Aa50View
from rendering.aa50 import board as mapdraw
from rendering.aa50.battle import OUTCOMES, SIDE_NAMES, VOLLEY_NAMES
from rendering.aa50.render import _title, choose_theatre, shows_battle, typed


def caption(raw: Aa50View | Mapping[str, Any]) -> str:
    from bot.rules.aa50 import board

    v = typed(raw)
    log = v.battle_log if shows_battle(v) else None
    parts = [_title(v, "action" if log else choose_theatre(v)[0])]
    if log is not None:
        place = board.territory(log.where)
        parts.append(f"{place.name} {place.name_zh} round {log.round} 第{log.round}轮")
        for vl in log.volleys:
            who = SIDE_NAMES[vl.who][0]
            what = VOLLEY_NAMES[vl.what][0]
            dice = " ".join(str(d) for d in vl.rolls)
            parts.append(f"{who} {what}: {dice} = {vl.hits} hit(s)")
        if log.outcome:
            parts.append(" ".join(OUTCOMES[log.outcome]))
    per_space: dict[str, dict[str, dict[str, int]]] = {}
    for u in v.units:
        if u.type == "factory":
            continue
        per = per_space.setdefault(u.at, {}).setdefault(u.owner, {})
        per[u.type] = per.get(u.type, 0) + 1
    spaces = [log.where] if log is not None else sorted(v.battles)
    for where in spaces:
        for owner, units in sorted(per_space.get(where, {}).items()):
            parts.append(f"{where} {owner}: {mapdraw.chip_text(units, True)}")
    return " · ".join(parts)[:1000]
