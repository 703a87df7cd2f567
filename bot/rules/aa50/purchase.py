"""AA50 5.3 purchase and repair: units at their cost (Improved Shipyards' prices, 5.2.3),
damage markers removed at 1 IPC each (2 per IPC with Increased Factory Production), the
units waiting in the mobilization zone (5.3.3); any number of any unit, pieces being no limit
(5.3.1; stacks of any size, 2.14). Rule 4: China buys nothing; it gets one
infantry for every two Chinese territories the Axis does not hold."""

from __future__ import annotations

from bot.rules.aa50 import board, chronicle, query
from bot.rules.aa50.actions import Buy, Repair
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.words import ev
from bot.rules.core import Event, RuleViolation


def price(state: Aa50State, power: str, unit: str) -> int:
    kind = board.unit_type(unit)
    if kind.shipyards_cost is not None and query.has(state, power, "improved_shipyards"):
        return kind.shipyards_cost
    return kind.cost


def buy(state: Aa50State, action: Buy) -> list[Event]:
    power = state.power
    cost = price(state, power, action.unit) * action.count
    if cost > state.ipcs[power]:
        raise RuleViolation("aa50.buy.too_dear", "AA50 5.3.2", ipcs=state.ipcs[power])
    state.ipcs[power] -= cost
    bought = state.pending.setdefault(power, {})
    bought[action.unit] = bought.get(action.unit, 0) + action.count
    chronicle.bought(state, action.unit, action.count, cost)
    return [ev("aa50.bought", power=power, unit=action.unit, count=action.count, cost=cost)]


def repairable(state: Aa50State, power: str) -> dict[str, int]:
    """Factories you control with damage markers (7.1.5)."""
    return {
        u.at: u.hits
        for u in state.units.values()
        if u.type == "factory" and u.owner == power and u.hits > 0
    }


def repair(state: Aa50State, action: Repair) -> list[Event]:
    power = state.power
    damaged = repairable(state, power)
    if action.where not in damaged or action.count > damaged[action.where]:
        raise RuleViolation("aa50.repair.nothing", "AA50 5.3.2", where=action.where)
    per = 2 if query.has(state, power, "increased_factory_production") else 1
    cost = -(-action.count // per)
    if cost > state.ipcs[power]:
        raise RuleViolation("aa50.buy.too_dear", "AA50 5.3.2", ipcs=state.ipcs[power])
    state.ipcs[power] -= cost
    factory = query.factory_at(state, action.where)
    assert factory is not None
    factory.hits -= action.count
    chronicle.repaired(state, action.count, cost)
    return [ev("aa50.repaired", where=action.where, markers=action.count, cost=cost)]


def chinese_infantry(state: Aa50State) -> list[Event]:
    """Rule 4: one infantry per two of the ten Chinese territories not held by the Axis.
    Ruling: footnote 13 counts Kwangtung among the ten, so it counts while the Allies hold it
    (TripleA counts only territories China itself holds)."""
    held = sum(1 for t in board.CHINA_TERRITORIES if query.friendly_land(state, t, "chinese"))
    n = held // 2
    if n:
        bought = state.pending.setdefault("chinese", {})
        bought["infantry"] = bought.get("infantry", 0) + n
    return [ev("aa50.chinese_infantry", territories=held, infantry=n)]
