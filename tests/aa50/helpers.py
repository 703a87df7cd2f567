"""Invariants of every AA50 position, checked after each order of random play."""

from __future__ import annotations

from typing import Any

from bot.rules.aa50 import board
from bot.rules.aa50.components import CARRIER_CAPACITY, TRANSPORT_CAPACITY, TRANSPORT_OTHERS
from bot.rules.aa50.state import Aa50State
from bot.rules.core import Event, GameState


class Books:
    """IPC and unit bookkeeping across orders: what the events say came in and went out must
    be what the state's totals moved by."""

    def __init__(self, state: Aa50State) -> None:
        self.ipcs = sum(state.ipcs.values())
        self.units = len(state.units)
        self.waiting = _waiting(state)
        self.orders = 0

    def __call__(self, state: GameState, events: list[Event]) -> None:
        assert isinstance(state, Aa50State)
        gained = spent = placed = lost = bought = 0
        for e in events:
            p: dict[str, Any] = e.params
            if e.kind == "aa50.income":
                gained += p["ipcs"] + p["bonus"] + p["war_bonds"]
            elif e.kind in ("aa50.bought", "aa50.repaired", "aa50.research"):
                spent += p["cost"]
                if e.kind == "aa50.bought":
                    bought += p["count"]
            elif e.kind == "aa50.chinese_infantry":
                bought += p["infantry"]
            elif e.kind == "aa50.placed":
                placed += p["count"]
            elif e.kind in ("aa50.destroyed", "aa50.crashed"):
                lost += p["units"]
        total = sum(state.ipcs.values())
        assert total == self.ipcs + gained - spent, (self.ipcs, gained, spent, total)
        assert len(state.units) == self.units + placed - lost
        # Units bought wait until placed (5.3.3, 5.7): none appears or vanishes on the way.
        waiting = _waiting(state)
        assert waiting == self.waiting + bought - placed, (self.waiting, bought, placed, waiting)
        self.ipcs, self.units, self.waiting = total, len(state.units), waiting
        self.orders += 1
        check_position(state)


def _waiting(state: Aa50State) -> int:
    return sum(n for units in state.pending.values() for n in units.values())


def check_position(state: Aa50State) -> None:
    """No negative treasury; every unit where it may stand (land units ashore or aboard, ships
    at sea, nobody on a neutral); cargo aboard a ship in the same zone; transports and
    carriers within capacity; factory damage at most twice the territory's value (7.1.5)."""
    assert all(v >= 0 for v in state.ipcs.values())
    # Rule 4: China never holds IPCs and has no turn of its own: it acts inside the US turn.
    assert state.ipcs.get("chinese", 0) == 0 and "chinese" not in state.order
    if state.china:
        assert state.order[state.turn] == "americans", state.turn
        assert state.phase in ("combat_move", "combat", "noncombat_move", "mobilize")
    aboard: dict[str, list[str]] = {}
    for u in state.units.values():
        assert board.passable(u.at), u
        if u.owner == "chinese":
            assert u.at in board.CHINA_TERRITORIES, u  # rule 4
        sea = board.is_sea(u.at)
        if u.type in board.SEA_UNITS:
            assert sea, u
        if u.type in board.LAND_UNITS and sea:
            assert u.carried_by is not None, u
        if u.type in ("factory",):
            assert not sea and u.hits <= 2 * board.territory(u.at).ipc, u
        mover = state.order[state.turn]  # China acts inside the US turn (rule 4)
        if u.type in board.AIR_UNITS and sea and board.seat_of(u.owner) != mover:
            # 5.6.1.2, 7.2.1: outside its own turn an aircraft at sea is a fighter on a
            # carrier, or one whose carrier sank in a battle this combat phase (it lands when
            # the battles are over).
            orphan = state.phase == "combat" and u.at in state.sea_battles
            assert orphan or (u.type == "fighter" and u.carried_by is not None), u
        if u.carried_by is not None:
            ship = state.units[u.carried_by]
            assert ship.at == u.at, (u, ship)
            aboard.setdefault(ship.id, []).append(u.type)
    for ship, cargo in aboard.items():
        kind = state.units[ship].type
        if kind == "transport":
            others = sum(1 for c in cargo if c != "infantry")
            assert len(cargo) <= TRANSPORT_CAPACITY and others <= TRANSPORT_OTHERS, cargo
        else:
            assert kind == "carrier" and len(cargo) <= CARRIER_CAPACITY, cargo
    for tid, owner in state.owners.items():
        assert not board.territory(tid).impassable and owner in board.POWERS
