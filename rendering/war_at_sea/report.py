"""Text for the picture and for the message posted with it: the title, who must decide, the
battle being fought, and a one-line caption (both languages). Built from the view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.rules.war_at_sea.view import WarAtSeaView as View
from rendering.war_at_sea import labels


def typed(view: View | Mapping[str, Any]) -> View:
    """The view, validated at the renderer's door: views reach it as JSON (from the outbox,
    the local driver) or as the model; past this point it is read by field, never by key."""
    return view if isinstance(view, View) else View.model_validate(view)


def title(view: View) -> str:
    turn, turns = view.turn, view.turns
    phase = labels.PHASES.get(view.phase, (view.phase, ""))
    when = f"Turn {turn}/{turns} 第{turn}回合" if turn else "Before turn 1 开局前"
    return f"War at Sea 大西洋海战 · {when} · {labels.both(phase)}"


def audience(view: View) -> str:
    seat = view.audience
    if not seat:
        return "Public view 公开视图"
    who = labels.SIDE_NAME.get(seat, (str(seat), str(seat)))
    return f"{who[0]} view {who[1]}视图"


def outcome(view: View) -> str:
    """The result, or who must decide now ("" when nobody)."""
    result = view.result
    if result:
        word = labels.RESULT.get(result.winner, labels.RESULT[None])
        return f"{labels.both(word)} ({view.score:+d})"
    waiting = [labels.SIDE_NAME.get(s, (s, s)) for s in view.waiting]
    if not waiting:
        return ""
    en = " & ".join(w[0] for w in waiting)
    zh = "、".join(w[1] for w in waiting)
    return f"{en} to decide 等待{zh}"


def status(view: View) -> str:
    return " · ".join(part for part in (outcome(view), audience(view)) if part)


def battle_line(view: View) -> str:
    """The battle being fought: kind, place, round and who is escaping ("" when none)."""
    battle = view.battle
    if not battle:
        return ""
    kind = labels.BATTLE_KIND.get(battle.kind, (battle.kind, ""))
    where = labels.place(battle.where)
    n = battle.round
    text = f"{kind[0]} {kind[1]}: {where.en} {where.zh}, round\u00a0{n}\u00a0第{n}圈"
    if battle.escaping in ("allies", "axis"):
        text += f" · {labels.SIDE_NAME[battle.escaping][0]} escaping 逃逸"
    return text


def caption(raw: View | Mapping[str, Any]) -> str:
    """One line to post with the picture (also a text alternative for it)."""
    view = typed(raw)
    score = view.score
    parts = [title(view), f"score 分数 {score:+d}" if score else "score 分数 0", outcome(view)]
    parts.append(battle_line(view))
    return " · ".join(p for p in parts if p)
