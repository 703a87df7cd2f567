"""Movement on the hex map (GJ74 8) and the searches that moving brings on (9.2(2), 9.3(2))."""

from __future__ import annotations

from bot.rules.core import Action, Dice, Event, RuleViolation
from bot.rules.gj74 import board, search
from bot.rules.gj74.state import GJ74State, Route, Side, Unit


def reachable(state: GJ74State, start: str | None, entry: str | None, steps: int) -> list[str]:
    """Hexes within ``steps`` moves (8(2)), hex by hex (8(1)), never onto land, across a land
    hexside or onto a neutral coast (8(4)); a counter waiting off the map enters on the south
    edge, its first hex of movement (19.4(2), 20.1(2))."""
    sid = state.scenario
    frontier = set(board.south_edge(sid)) if start is None else {start}
    if start is None and entry is None:
        return []
    seen = set(frontier)
    left = steps - 1 if start is None else steps
    if start is None and steps < 1:
        return []
    for _ in range(left):
        nxt = set()
        for here in frontier:
            for there in board.comps().neighbours[here]:
                if there not in seen and board.step_ok(sid, here, there):
                    nxt.add(there)
        seen |= nxt
        frontier = nxt
    return sorted(seen)


def path(
    state: GJ74State, side: Side, unit: Unit, to: str, via: str | None, steps: int, section: str
) -> list[str]:
    """The hexes entered on the way to ``to`` (empty: it stays). Without ``via`` a two-hex
    move takes the middle hex where moving brings no search on it, else the first by number:
    an order reaches here without ``via`` only when the owner was not asked (``ask_route``:
    every hex open to him brings the same)."""
    sid = state.scenario
    start = unit.hex
    if start == to and via is None:
        return []
    if start is None:
        firsts = set(board.south_edge(sid)) if unit.entry else set()
    else:
        firsts = {h for h in board.comps().neighbours[start] if board.step_ok(sid, start, h)}
    if to in firsts and via is None:
        return [to]
    middles = [via] if via is not None else sorted(firsts)
    legal = [m for m in middles if m in firsts and board.step_ok(sid, m, to)] if steps >= 2 else []
    if not legal:
        raise RuleViolation(_why_not(state, start, to, steps), section, hex=to, steps=steps)
    quiet = [m for m in legal if not search.move_triggers(state, side, unit.sub, m)]
    return [(quiet or legal)[0], to]


def _firsts(state: GJ74State, unit: Unit) -> set[str]:
    sid = state.scenario
    start = unit.hex
    if start is None:
        return set(board.south_edge(sid)) if unit.entry else set()
    return {h for h in board.comps().neighbours[start] if board.step_ok(sid, start, h)}


def middles(state: GJ74State, unit: Unit, to: str, steps: int) -> list[str]:
    """8(1)-(2): the hexes a move of two hexes to ``to`` may pass through (none for a move of
    one hex or none)."""
    firsts = _firsts(state, unit)
    if steps < 2 or unit.hex == to or to in firsts:
        return []
    return sorted(m for m in firsts if board.step_ok(state.scenario, m, to))


def _brings(state: GJ74State, side: Side, unit: Unit, m: str, to: str) -> int:
    """What passing through ``m`` brings: a submarine's extra search checks (9.3(2)); for
    ships, whether the move turns them face up (9.2(2))."""
    if unit.sub:
        return search.move_triggers(state, side, True, m)
    return int(
        bool(
            search.move_triggers(state, side, False, m)
            or search.move_triggers(state, side, False, to)
        )
    )


def ask_route(
    state: GJ74State,
    side: Side,
    units: list[Unit],
    to: str,
    via: str | None,
    steps: int,
    order: Action,
    section: str,
) -> bool:
    """8(1): the owner moves hex by hex, so he chooses the hex a two-hex move passes through.
    An order that names none waits for it (``state.route``) once everything else in it is
    found legal, and is given again with ``via``. Ruling: he is asked only when the hexes
    open to him differ in what entering them brings (9.2(2), 9.3(2)); otherwise which one
    does not change the game and the first by number is taken."""
    if via is not None or not units:
        return False
    options = middles(state, units[0], to, steps)
    if len({_brings(state, side, units[0], m, to) for m in options}) < 2:
        return False
    from bot.rules.gj74.units import check_stacking

    check_stacking(state, side, to, units, "GJ74 8")
    state.route = Route(order=order.model_dump(), middles=options)
    return True


def route_default(state: GJ74State, side: Side) -> str:
    """The hex a deadline takes: the one that brings the least (path()'s choice)."""
    r = state.route
    assert r is not None
    unit = state.units[str(r.order.get("unit") or r.order["units"][0])]
    to = str(r.order["to"])
    return min(r.middles, key=lambda m: (_brings(state, side, unit, m, to), m))


def _why_not(state: GJ74State, start: str | None, to: str, steps: int) -> str:
    """The refusal that names what stops the move (8(4), 8(2))."""
    if not board.navigable(state.scenario, to):
        return "gj74.move.not_sea"
    if start is None:
        return "gj74.move.too_far" if steps < 2 else "gj74.move.blocked"
    if frozenset((start, to)) in board.comps().land_hexsides:
        return "gj74.move.land_hexside"
    if board.distance(start, to) > steps:
        return "gj74.move.too_far"
    return "gj74.move.blocked"


def move(
    state: GJ74State,
    side: Side,
    units: list[Unit],
    to: str,
    via: str | None,
    steps: int,
    section: str,
    dice: Dice,
) -> list[Event]:
    """Move counters together along one path (7.2(3)2), then apply what entering the hexes
    brings: surface ships turn face up (9.2(2)), a submarine is searched (9.3(2))."""
    if not board.navigable(state.scenario, to):
        raise RuleViolation("gj74.move.not_sea", section, hex=to)
    hexes = path(state, side, units[0], to, via, steps, section)
    from bot.rules.gj74.units import check_stacking

    check_stacking(state, side, to, units, "GJ74 8")
    events: list[Event] = []
    for u in units:
        events.append(
            Event(kind="gj74.moved", params={"unit": u.id, "to": to, "steps": len(hexes)})
        )
        u.hex = to
        u.status = "map"
    if not hexes:
        return events
    if units[0].sub:
        return events + search.after_sub_move(state, side, units[0], hexes, dice)
    return events + search.after_surface_move(state, side, units, hexes)
