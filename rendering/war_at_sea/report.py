"""Text for the picture and for the message posted with it: the title, who must decide, the
battle being fought, and a one-line caption (both languages). Built from the view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rendering.war_at_sea import labels

View = Mapping[str, Any]


def title(view: View) -> str:
    turn, turns = int(view.get("turn", 0)), int(view.get("turns", 8))
    phase = labels.PHASES.get(str(view.get("phase")), (str(view.get("phase")), ""))
    when = f"Turn {turn}/{turns} 第{turn}回合" if turn else "Before turn 1 开局前"
    return f"War at Sea 大西洋海战 · {when} · {labels.both(phase)}"


def audience(view: View) -> str:
    seat = view.get("audience")
    if not seat:
        return "Public view 公开视图"
    who = labels.SIDE_NAME.get(seat, (str(seat), str(seat)))
    return f"{who[0]} view {who[1]}视图"


def outcome(view: View) -> str:
    """The result, or who must decide now ("" when nobody)."""
    result = view.get("result")
    if result:
        word = labels.RESULT.get(result.get("winner"), labels.RESULT[None])
        return f"{labels.both(word)} ({int(view.get('score', 0)):+d})"
    waiting = [labels.SIDE_NAME.get(s, (s, s)) for s in view.get("waiting", [])]
    if not waiting:
        return ""
    en = " & ".join(w[0] for w in waiting)
    zh = "、".join(w[1] for w in waiting)
    return f"{en} to decide 等待{zh}"


def status(view: View) -> str:
    return " · ".join(part for part in (outcome(view), audience(view)) if part)


def battle_line(view: View) -> str:
    """The battle being fought: kind, place, round and who is escaping ("" when none)."""
    battle = view.get("battle")
    if not battle:
        return ""
    kind = labels.BATTLE_KIND.get(str(battle.get("kind")), (str(battle.get("kind")), ""))
    where = labels.place(str(battle.get("where")))
    n = battle.get("round", 1)
    text = f"{kind[0]} {kind[1]}: {where.en} {where.zh}, round\u00a0{n}\u00a0第{n}圈"
    if battle.get("escaping") in ("allies", "axis"):
        text += f" · {labels.SIDE_NAME[battle['escaping']][0]} escaping 逃逸"
    return text


def caption(view: View) -> str:
    """One line to post with the picture (also a text alternative for it)."""
    score = int(view.get("score", 0))
    parts = [title(view), f"score 分数 {score:+d}" if score else "score 分数 0", outcome(view)]
    parts.append(battle_line(view))
    return " · ".join(p for p in parts if p)
