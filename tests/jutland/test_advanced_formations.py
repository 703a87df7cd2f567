"""Jutland 15.3 in the menus: the maneuver decision of a formation with a ship slow enough to
fall out offers her (and only her), sealed like the maneuver; an undamaged formation's does
not; the order round-trips as stored."""

from __future__ import annotations

from typing import Any

from bot.rules.core import Choice
from bot.rules.core.registry import get
from bot.rules.jutland.advanced import damage
from tests.jutland.battles import battle_state


def _state() -> Any:
    return battle_state(rules="advanced")


def _detach(state: Any, tf: str) -> Choice | None:
    prompts = get("jutland").prompts(state)
    p = next(p for p in prompts if p.kind == "jut.maneuver" and p.forms[0].fixed["tf"] == tf)
    assert p.sealed
    return next((c for c in p.forms[0].inputs if c.name == "detach"), None)


def test_only_a_slow_damaged_ship_is_offered_to_fall_out() -> None:
    state = _state()
    assert _detach(state, "gb3") is None
    damage.record(state.advanced, "tiger").flotation = 4  # movement 11 - 4 = 7
    choice = _detach(state, "gb3")
    assert choice is not None and choice.kind == "many" and choice.min == 0
    assert [o.value for o in choice.options] == ["tiger"]
    assert _detach(state, "de1") is None
    order = {"type": "maneuver", "tf": "gb3", "turn": "succession", "angle": 0, "speed": 7,
             "detach": ["tiger"]}  # fmt: skip
    action = get("jutland").parse_action(order)
    assert get("jutland").parse_action(action.model_dump()) == action


def test_an_undamaged_slower_ship_is_not_offered() -> None:
    """Barham (10) is slower than Lion (11) by design, not by damage: she keeps her place."""
    state = _state()
    b = state.battle
    b.formations["gb3"].columns = [["lion", "tiger", "barham"]]
    for s in list(b.ships):
        if b.ships[s].tf == "gb3" and s not in ("lion", "tiger", "barham"):
            del b.ships[s]
    assert _detach(state, "gb3") is None
    damage.record(state.advanced, "barham").flotation = 1
    choice = _detach(state, "gb3")
    assert choice is not None and [o.value for o in choice.options] == ["barham"]
