"""The AA50 picture in words (the map's alt text), from the same view and in the reader's
language alone (issue 18), every word from the catalogs: the title, the battle being shown
with its dice and hits, and the battles' spaces with each power's units there (Discord caps
alt text at 1,024 characters; the message text says more)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import render, tr
from bot.rules.aa50.view import Aa50View
from bot.rules.core import t
from rendering.aa50.render import choose_theatre, shows_battle, typed


def title(v: Aa50View, theatre: str, lang: str) -> str:
    return tr(
        "aa50.map.title",
        lang,
        game=tr("aa50.title", lang),
        scenario=tr(f"aa50.scenario.{v.scenario}", lang),
        theatre=tr(f"aa50.map.theatre.{theatre}", lang),
        round=v.round,
        power=tr(f"aa50.power.{v.power}", lang),
        phase=tr(f"aa50.phase.{v.phase}", lang),
    )


def units(counts: dict[str, int], lang: str) -> str:
    from bot.rules.aa50 import summary

    return render(t("aa50.summary.list", items=summary.units(counts)), lang)


def caption(raw: Aa50View | Mapping[str, Any], lang: str = "en") -> str:
    v = typed(raw)
    log = v.battle_log if shows_battle(v) else None
    parts = [title(v, "action" if log else choose_theatre(v)[0], lang)]
    if log is not None:
        place = tr(f"aa50.loc.{log.where}", lang)
        parts.append(tr("aa50.map.battle", lang, where=place, round=log.round))
        for vl in log.volleys:
            parts.append(
                tr(
                    f"aa50.map.volley.{vl.what}",
                    lang,
                    side=tr(f"aa50.side.{vl.who}", lang),
                    dice=" ".join(str(d) for d in vl.rolls),
                    hits=vl.hits,
                    damage=log.damage,
                )
            )
        if log.outcome:
            parts.append(tr(f"aa50.map.outcome.{log.outcome}", lang))
    per_space: dict[str, dict[str, dict[str, int]]] = {}
    for u in v.units:
        if u.type == "factory":
            continue
        per = per_space.setdefault(u.at, {}).setdefault(u.owner, {})
        per[u.type] = per.get(u.type, 0) + 1
    spaces = [log.where] if log is not None else sorted(v.battles)
    for where in spaces:
        for owner, counts in sorted(per_space.get(where, {}).items()):
            parts.append(
                tr(
                    "aa50.map.units",
                    lang,
                    where=tr(f"aa50.loc.{where}", lang),
                    power=tr(f"aa50.power.{owner}", lang),
                    units=units(counts, lang),
                )
            )
    return " · ".join(parts)[:1000]
