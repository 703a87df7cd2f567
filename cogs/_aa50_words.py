"""AA50 text for Discord, from views only (issue 18): the thread's score line, a power's turn
summary, and what a phase's "done" will commit. No state is read here."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import render, tr
from bot.rules.aa50 import board
from bot.rules.aa50 import summary as turn_summary
from bot.rules.aa50.view import Aa50View
from bot.rules.core import Event, t


def power(p: str, lang: str) -> str:
    return tr(f"aa50.power.{p}", lang)


def place(tid: str, lang: str) -> str:
    return tr(f"aa50.loc.{tid}", lang)


def units(counts: dict[str, int], lang: str) -> str:
    items = turn_summary.units(counts)
    return (
        render(t("aa50.summary.list", items=items), lang)
        if items
        else tr("aa50.summary.nothing", lang)
    )


def score(v: Aa50View, lang: str) -> str:
    """IPCs of the power to move and the victory cities each side holds (AA50 1.4, 6)."""
    return tr(
        "discord.aa.score",
        lang,
        power=power(v.power, lang),
        ipcs=v.ipcs.get(v.power, 0),
        axis=v.victory_cities.get("axis", 0),
        allies=v.victory_cities.get("allies", 0),
        target=v.victory_target,
    )


def turn_lines(v: Aa50View, lang: str) -> list[str]:
    """The summary of the turn that ended last (its first line a heading)."""
    if v.last_turn is None:
        return []
    lines = [render(x, lang) for x in turn_summary.lines(v.last_turn)]
    return [f"**{lines[0]}**", *(f"> {line}" for line in lines[1:])]


def step_lines(v: Aa50View, events: Sequence[Event], lang: str) -> list[str]:
    """A thread post that crosses into a new turn ends with the last turn's summary."""
    if any(e.kind == "aa50.turn" for e in events) and v.last_turn is not None:
        return turn_lines(v, lang)
    return []


def contested(v: Aa50View) -> list[str]:
    """Spaces where the moving power's units meet enemy units or stand in enemy territory:
    the battles the combat move will start (5.4, 5.5)."""
    mine: set[str] = set()
    enemy: set[str] = set()
    for u in v.units:
        if u.type in ("factory", "aa_gun"):
            continue
        if u.owner == v.power and (u.carried_by is None or u.type == "fighter"):
            mine.add(u.at)
        elif not board.allied(u.owner, v.power):
            enemy.add(u.at)
    out = set()
    for where in mine:
        owner = v.owners.get(where)
        if where in enemy or (owner is not None and not board.allied(owner, v.power)):
            out.add(where)
    return sorted(out | set(v.battles))


def done_summary(v: Aa50View, end: str, lang: str) -> list[str]:
    """What ending the phase will commit (shown with the button that commits it)."""
    me = v.power
    log = v.turn_log
    waiting = v.pending.get(me, {})
    lines = [tr(f"discord.aa.done.{end}", lang, power=power(me, lang))]
    if end == "purchase_done":
        bought = log.bought if log else {}
        lines.append(
            tr(
                "discord.aa.done.bought",
                lang,
                units=units(bought, lang),
                spent=log.spent if log else 0,
                ipcs=v.ipcs.get(me, 0),
            )
        )
    elif end == "combat_move_done":
        battles = contested(v)
        where = ", ".join(place(w, lang) for w in battles) or tr("aa50.summary.nothing", lang)
        lines.append(tr("discord.aa.done.battles", lang, battles=where, n=len(battles)))
    elif end in ("noncombat_move_done", "mobilize_done"):
        lines.append(tr("discord.aa.done.waiting", lang, units=units(waiting, lang)))
    lines.append(tr("discord.aa.done.confirm", lang))
    return lines
