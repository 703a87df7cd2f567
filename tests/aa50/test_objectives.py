"""Every national objective of every power (AA50 5.8.1.1-5.8.1.6), as the rulebook words
each: met when the power's side controls enough of its territories (and, for the Soviet
objective, no other Allied unit stands in Soviet territory; for Mare Nostrum, no enemy
surface warship in the named sea zones), not met one territory short or with the extra
condition broken; and collected at income with its value."""

from __future__ import annotations

import pytest

from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET, board, income
from bot.rules.aa50.components import Objective
from bot.rules.aa50.state import Aa50State, Unit

OBJECTIVES = sorted(board.comps().objectives.values(), key=lambda o: o.id)
ENEMY = {"axis": "russians", "allies": "germans"}


def _state() -> Aa50State:
    state = RULESET.setup("1941", RULESET.parse_options({}), FairDice(b"o" * 32, "g", 0)).state
    assert isinstance(state, Aa50State)
    return state


def _meet(state: Aa50State, o: Objective) -> None:
    for tid in o.territories:
        state.owners[tid] = o.power  # type: ignore[assignment]
    for u in list(state.units.values()):
        guest = o.no_allied_units and u.owner != o.power and state.owners.get(u.at) == o.power
        warship = u.at in o.no_enemy_surface_ships and u.type in board.SURFACE_WARSHIPS
        if guest or (warship and not board.allied(u.owner, o.power)):
            del state.units[u.id]


def test_every_power_with_objectives_has_them() -> None:
    assert {o.power for o in OBJECTIVES} == set(board.SEATS)
    assert len(OBJECTIVES) == 17


@pytest.mark.parametrize("o", OBJECTIVES, ids=[o.id for o in OBJECTIVES])
def test_each_objective_is_met_exactly_as_worded(o: Objective) -> None:
    state = _state()
    _meet(state, o)
    assert income.objective_met(state, o)
    enemy = ENEMY[board.alliance(o.power)]
    short = _state()
    _meet(short, o)
    for tid in o.territories[: len(o.territories) - o.count + 1]:
        short.owners[tid] = enemy  # type: ignore[assignment]
    assert not income.objective_met(short, o)
    if o.no_allied_units:
        ally = next(p for p in board.SEATS if p != o.power and board.allied(p, o.power))
        where = next(t for t, p in state.owners.items() if p == o.power)
        state.units["x1"] = Unit(id="x1", type="infantry", owner=ally, at=where)
        assert not income.objective_met(state, o)
    for zone in o.no_enemy_surface_ships:
        ships = _state()
        _meet(ships, o)
        ships.units["x2"] = Unit(id="x2", type="destroyer", owner="british", at=zone)
        assert not income.objective_met(ships, o)


@pytest.mark.parametrize("o", OBJECTIVES, ids=[o.id for o in OBJECTIVES])
def test_each_objective_is_paid_at_income(o: Objective) -> None:
    state = _state()
    _meet(state, o)
    state.turn = state.order.index(o.power)
    before = state.ipcs[o.power]
    [event] = income.collect(state, FairDice(b"o" * 32, "g", 0))
    met = [x["key"] for x in event.params["objectives"]]
    assert f"aa50.objective.{o.id}" in met
    assert state.ipcs[o.power] - before == event.params["ipcs"] + event.params["bonus"]
    assert event.params["bonus"] >= o.value
