"""A mini-scenario's weather (Jutland 23.1 special rules): its battles open at 36,000
yards with the scenario's wind (Dogger Bank: from the north-east; the others: from the
west). With the weather options on, the tables change both from the second turn (22.1);
without them the visibility stays and there is no wind."""

from __future__ import annotations

from bot.rules.core import Event
from bot.rules.jutland.scenarios.data import spec
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.tournament.battle_state import Weather

FROM = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}
"""The way a wind blows from, in compass degrees (the weather module's reckoning)."""


def opening(
    state: JutlandState, night: bool
) -> tuple[Weather | None, float | None, list[Event]] | None:
    """The first turn's weather of a battle of a mini-scenario, in place of the tables' first
    column (None: not a mini-scenario, or night, when the rules' 6,000 yards hold)."""
    s = spec(state.scenario) if state.play is not None else None
    if s is None or night:
        return None
    m = state.advanced.modules if state.advanced is not None else None
    weather = None
    if m is not None and (m.visibility or m.wind):
        weather = Weather(rolled=m.visibility, wind=FROM[s.head.wind] if m.wind else None)
    return weather, float(s.head.visibility), []
