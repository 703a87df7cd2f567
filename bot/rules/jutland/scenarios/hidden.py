"""What solitaire keeps from the player (Jutland 23.2): the German plan, until contact
reveals it; and its one change to the sequence: no search after the start."""

from __future__ import annotations

from bot.rules.core import Event
from bot.rules.jutland.scenarios.events import SoloPlan
from bot.rules.jutland.state import JutlandState, Side


def no_search(state: JutlandState) -> bool:
    """23.2: "the game proceeds without further search": no announcements; forces meet."""
    return state.play is not None and state.play.solo is not None


def reveal(state: JutlandState) -> list[Event]:
    """Contact reveals the German plan to both players (once)."""
    solo = state.play.solo if state.play is not None else None
    if solo is None or solo.revealed:
        return []
    solo.revealed = True
    return [
        SoloPlan(plan=solo.plan, depart=solo.depart, pattern=solo.pattern or 0).event(reveals=True)
    ]


def secrets(state: JutlandState, side: Side | None, known: set[str]) -> set[str]:
    """Until revealed, the plan's hexes the audience cannot read are secret from the British
    and the public."""
    solo = state.play.solo if state.play is not None else None
    if solo is None or solo.revealed or side == "german":
        return set()
    return {h for h in solo.track if h not in known}
