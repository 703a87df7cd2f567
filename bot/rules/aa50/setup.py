"""AA50 3, 3.1, 3.2: a new game from a scenario's set-up (data/aa50/scenario_*.toml): the
national setup charts' units (2.13), IPCs and victory cities."""

from __future__ import annotations

from typing import cast

from bot.rules.aa50 import board
from bot.rules.aa50.board import Power, UnitId
from bot.rules.aa50.components import CARRIER_CAPACITY, TRANSPORT_CAPACITY
from bot.rules.aa50.options import Aa50Options
from bot.rules.aa50.state import Aa50State, Unit


def new_unit(state: Aa50State, type_: str, owner: Power, at: str) -> Unit:
    state.next_id += 1
    unit = Unit(id=f"u{state.next_id}", type=cast(UnitId, type_), owner=owner, at=at)
    state.units[unit.id] = unit
    return unit


def new_state(ruleset: str, scenario: str, options: Aa50Options) -> Aa50State:
    data = board.comps().scenarios[scenario]
    state = Aa50State(
        ruleset=ruleset,
        scenario=scenario,
        seats=board.SEATS,
        options=options,
        order=_order([cast(Power, p) for p in data.turn_order]),
        ipcs=dict(data.ipcs),
        owners={t: cast(Power, o.power) for t, o in data.owners.items()},
        original={t: cast(Power, o.original or o.power) for t, o in data.owners.items()},
        units={},
        tech={p: [] for p in board.POWERS},
        tokens={p: 0 for p in board.POWERS},
        pending={p: {} for p in board.POWERS},
    )
    for p in data.placements:
        for _ in range(p.count):
            new_unit(state, p.unit, cast(Power, p.power), p.territory)
    _board_ships(state)
    return state


def _board_ships(state: Aa50State) -> None:
    """Land units set up at sea ride transports (7.3.6); fighters at sea sit on carriers
    (7.3.2), their own power's first."""
    for unit in sorted(state.units.values(), key=lambda u: (u.type != "infantry", u.id)):
        if not board.is_sea(unit.at):
            continue
        if unit.type in board.LAND_UNITS:
            ship = _room(state, unit, "transport", TRANSPORT_CAPACITY)
        elif unit.type == "fighter":
            ship = _room(state, unit, "carrier", CARRIER_CAPACITY)
        else:
            continue
        unit.carried_by = ship.id if ship is not None else None


def _room(state: Aa50State, unit: Unit, kind: str, capacity: int) -> Unit | None:
    ships = [
        s
        for s in state.units.values()
        if s.type == kind and s.at == unit.at and board.allied(s.owner, unit.owner)
    ]
    ships.sort(key=lambda s: (s.owner != unit.owner, s.id))
    for ship in ships:
        aboard = [u for u in state.units.values() if u.carried_by == ship.id]
        if len(aboard) >= capacity:
            continue
        other = kind == "transport" and unit.type != "infantry"
        if other and any(u.type != "infantry" for u in aboard):
            continue
        return ship
    return None


def _order(order: list[Power]) -> tuple[Power, ...]:
    """5: the scenario's order of play, one turn per power. Rule 4: China takes no turn of its
    own (TripleA's files give it one after the US): its phases are bound into the US turn
    (turn.CHINA)."""
    return tuple(p for p in order if p != "chinese")
