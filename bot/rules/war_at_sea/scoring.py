"""War at Sea 17: each turn's points, the score track within -10..10, and victory."""

from __future__ import annotations

from bot.rules.core import Event, Result, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.state import WarAtSeaState
from bot.rules.war_at_sea.units import ev

TRACK = 10  # War at Sea 17.2


def neutral_port(state: WarAtSeaState) -> tuple[dict[str, int], list[Event]]:
    """War at Sea 15.6: a point per ship that stayed in the neutral port; 18.6: interned
    (removed) instead, without the penalty."""
    penalty = {"allies": 0, "axis": 0}
    events: list[Event] = []
    for u in state.units.values():
        if not (u.neutral_penalty and u.status == "active" and u.location == board.NEUTRAL_PORT):
            continue
        if state.options.variant_18_6:
            u.status = "removed"
            u.location = None
            u.revealed = True
            events.append(ev("was.interned", ship=u.id, name=u.name, side=u.side, reveals=True))
        else:
            penalty[u.side] += 1
            events.append(
                ev("was.neutral_penalty", ship=u.id, name=u.name, side=u.side, reveals=True)
            )
            u.revealed = True
        u.neutral_penalty = False
    return penalty, events


def score_turn(state: WarAtSeaState) -> list[Event]:
    """War at Sea 17.1-17.2: control points plus convoy points less neutral-port penalties;
    the Axis total less the Allied total moves the marker, never past 10 either way."""
    penalty, events = neutral_port(state)
    points = {"allies": 0, "axis": 0}
    for a in board.areas():
        owner = state.control.get(a)
        if owner == "axis":
            points["axis"] += board.area(a).poc_axis
        elif owner == "allies":
            points["allies"] += board.area(a).poc_allies
    points["allies"] += state.convoy_points
    for side in board.SIDES:
        points[side] -= penalty[side]
    net = points["axis"] - points["allies"]
    state.score = max(-TRACK, min(TRACK, state.score + net))
    state.last_points = points
    state.history.append(state.score)
    events.append(
        ev(
            "was.score",
            turn=state.turn,
            axis=points["axis"],
            allies=points["allies"],
            convoys=state.convoy_points,
            net=net,
            score=state.score,
        )
    )
    return events


def final(state: WarAtSeaState) -> list[Event]:
    """War at Sea 17.4: after turn 8, positive: Axis victory, negative: Allied, zero: a draw."""
    if state.score > 0:
        winner: str | None = "axis"
    elif state.score < 0:
        winner = "allies"
    else:
        winner = None
    key = f"was.result.{winner or 'draw'}"
    state.result = Result(winner=winner, summary=t(key, score=state.score))
    return [ev("was.game_over", winner=winner, score=state.score)]
