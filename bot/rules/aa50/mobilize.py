"""AA50 5.7 mobilize new units: at a factory you held since the turn began, at most its
territory's IPC value less its damage (5.7.1, 7.1.5; +2 with Increased Factory Production,
5.2.3), sea units in an adjacent sea zone counting against that factory, fighters on
carriers there, a new factory on a territory of value 1 or more held since the turn began.
Rule 4: Chinese infantry in any Chinese-held territory with fewer than 3 units. Purchased
units not placed wait for a later turn (5.7)."""

from __future__ import annotations

from bot.rules.aa50 import board, query
from bot.rules.aa50.actions import Place
from bot.rules.aa50.components import CARRIER_CAPACITY
from bot.rules.aa50.setup import new_unit
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.words import ev
from bot.rules.core import Event, RuleViolation

CHINA_STACK = 3


def capacity(state: Aa50State, tid: str) -> int:
    """Units the factory in ``tid`` may still place this turn."""
    f = query.factory_at(state, tid)
    power = state.power
    if f is None or f.owner != power or f.captured or state.start_owners.get(tid) != power:
        return 0
    ipc = board.territory(tid).ipc
    bonus = 2 if query.has(state, power, "increased_factory_production") and ipc >= 3 else 0
    # Ruling: the +2 applies where the territory is worth 3 or more, as TripleA does; the
    # rulebook gives no threshold but a factory on a 1- or 2-IPC territory (7.1.5) would
    # otherwise triple its output.
    if f.hits >= ipc:
        return 0  # 7.1.5: damage up to the territory's value stops the factory, bonus or not
    return max(0, ipc + bonus - f.hits - state.placed.get(tid, 0))


def spots(state: Aa50State, unit: str) -> dict[str, str | None]:
    """Where ``unit`` may be placed now, each with the factory it counts against (None: a
    factory or a Chinese unit, which count against none)."""
    power = state.power
    out: dict[str, str | None] = {}
    if power == "chinese":
        if unit == "infantry":
            for t in board.CHINA_TERRITORIES:
                if state.owners.get(t) == "chinese" and len(query.at(state, t)) < CHINA_STACK:
                    out[t] = None
        return out
    if unit == "factory":
        for t in board.territory_ids():
            if (
                not board.is_sea(t)
                and board.territory(t).ipc >= 1
                and state.owners.get(t) == power
                and query.friendly_at_start(state, t, power)
                and state.start_owners.get(t) == power
                and query.factory_at(state, t) is None
            ):
                out[t] = None
        return out
    factories = {u.at for u in state.units.values() if u.type == "factory"}
    for t in board.territory_ids():
        if t not in factories or capacity(state, t) <= 0:
            continue
        if unit in board.LAND_UNITS or unit in board.AIR_UNITS:
            out.setdefault(t, t)
        for z in board.adjacent(t):
            if not board.is_sea(z):
                continue
            # 5.7.1: new fighters go on your own carriers there, never on an ally's.
            decks = unit == "fighter" and query.own_deck_room(state, z, power) > 0
            if unit in board.SEA_UNITS or decks:
                out.setdefault(z, t)
    return out


def place(state: Aa50State, action: Place) -> list[Event]:
    power = state.power
    waiting = state.pending.get(power, {}).get(action.unit, 0)
    if action.count > waiting:
        raise RuleViolation("aa50.place.not_bought", "AA50 5.7", unit=action.unit)
    where = spots(state, action.unit)
    if action.where not in where:
        raise RuleViolation("aa50.place.bad_place", "AA50 5.7.1", where=action.where)
    factory = where[action.where]
    if factory is not None and action.count > capacity(state, factory):
        raise RuleViolation(
            "aa50.place.over_limit", "AA50 5.7.1", where=factory, room=capacity(state, factory)
        )
    if power == "chinese" and len(query.at(state, action.where)) + action.count > CHINA_STACK:
        raise RuleViolation("aa50.place.china_stack", "AA50 4")
    at_sea = action.unit == "fighter" and board.is_sea(action.where)
    if at_sea and action.count > query.own_deck_room(state, action.where, power):
        raise RuleViolation("aa50.place.no_deck", "AA50 5.7.1")
    if action.unit == "factory" and action.count > 1:
        raise RuleViolation("aa50.place.one_factory", "AA50 5.7.1")
    for _ in range(action.count):
        u = new_unit(state, action.unit, power, action.where)
        u.moved = query.move_range(state, u)  # new units do not move this turn
        u.combat = True
    state.pending[power][action.unit] = waiting - action.count
    if not state.pending[power][action.unit]:
        del state.pending[power][action.unit]
    if factory is not None:
        state.placed[factory] = state.placed.get(factory, 0) + action.count
    if action.unit in ("fighter", "carrier") and board.is_sea(action.where):
        _seat_fighters(state, action.where)
    return [
        ev("aa50.placed", power=power, unit=action.unit, count=action.count, where=action.where)
    ]


def _seat_fighters(state: Aa50State, zone: str) -> None:
    for f in query.at(state, zone):
        if f.type != "fighter" or f.carried_by is not None:
            continue
        decks = [c for c in query.at(state, zone) if c.type == "carrier"]
        # Own carriers first: a new fighter may not be placed on an ally's (5.7.1).
        for c in sorted(decks, key=lambda c: (c.owner != f.owner, c.id)):
            if board.allied(c.owner, f.owner) and len(query.cargo(state, c)) < CARRIER_CAPACITY:
                f.carried_by = c.id
                break


def crash(state: Aa50State) -> list[Event]:
    """5.6.1.2: aircraft with no safe landing when the noncombat move is over (and new
    carriers placed, 7.2.1) are lost: on land, a territory friendly since the turn began; at
    sea, a fighter with room on a carrier of its side."""
    power = state.power
    lost = []
    zones = set()
    for u in list(state.units.values()):
        if u.owner != power or u.type not in board.AIR_UNITS:
            continue
        if board.is_sea(u.at):
            if u.type == "bomber":
                lost.append(u.id)
            else:
                zones.add(u.at)
        elif not query.friendly_at_start(state, u.at, power):
            lost.append(u.id)
    for z in sorted(zones):
        _seat_fighters(state, z)
        for f in query.at(state, z):
            if f.owner == power and f.type == "fighter" and f.carried_by is None:
                lost.append(f.id)
    for uid in lost:
        state.units.pop(uid, None)
    return [ev("aa50.crashed", units=sorted(lost))] if lost else []
