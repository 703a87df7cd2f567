"""AA50 7.2 aircraft in the combat and noncombat moves: where a fighter or bomber may fly, with
a landing place in reach after a combat move (5.4.2, no suicide runs), and where it may end a
noncombat move (5.6.1.2: land friendly since the turn began; a fighter over a sea zone where a
carrier is or will be, decks.py); the Flying Tigers within China (rule 4)."""

from __future__ import annotations

from bot.rules.aa50 import board, query
from bot.rules.aa50.state import Aa50State, Unit


def landing_distance(state: Aa50State, power: str, fighters: bool) -> dict[str, int]:
    """7.2: the distance from each space to the nearest place an aircraft of ``power`` may
    land: a territory friendly since the turn began (5.6.1.2); for fighters also a sea zone
    with a carrier of your side, or one a carrier bought this turn may be placed in (5.6.1.2)."""
    if state._landing is None:
        state._landing = {}
    known = state._landing.get((power, fighters))
    if known is None:
        known = state._landing[(power, fighters)] = _landing_distance(state, power, fighters)
    return known


def _landing_distance(state: Aa50State, power: str, fighters: bool) -> dict[str, int]:
    spots = [t for t in board.territory_ids() if query.friendly_at_start(state, t, power)]
    if fighters:
        spots += [
            u.at
            for u in state.units.values()
            if u.type == "carrier" and board.allied(u.owner, power)
        ]
        spots += [z for c, z in state.pickups.items() if c in state.units]  # 7.2: declared pick-ups
        spots += state.new_decks  # 5.4.2, note 26: new carriers declared for these zones
    out = {s: 0 for s in spots}
    frontier = list(out)
    while frontier:
        nxt = []
        for here in frontier:
            for there in board.adjacent(here):
                if there not in out and board.passable(there):
                    out[there] = out[here] + 1
                    nxt.append(there)
        frontier = nxt
    return out


def destinations(
    state: Aa50State,
    u: Unit,
    combat: bool,
    landing: dict[str, int] | None,
    occ: query.Occupancy,
    promises: bool = True,
) -> dict[str, list[str]]:
    left = query.move_range(state, u) - u.moved
    if u.owner == "chinese":
        return _china_air(state, u, combat, left)
    if landing is None:
        landing = landing_distance(state, u.owner, u.type == "fighter")
    out: dict[str, list[str]] = {}
    dist = board.distances(u.at, True)
    for dest, d in dist.items():
        if d == 0 or d > left:
            continue
        if combat:
            battle = query.enemy_land(state, dest, u.owner) or query.enemies_at(
                state, dest, u.owner, occ
            )
            # 7.2: the route must leave the range to reach a landing place afterwards.
            if not battle or landing.get(dest, 99) > left - d:
                continue
        elif board.is_sea(dest):
            # 5.6.1.2, 7.3.2: over a sea zone only a fighter, where a carrier is or will be.
            if u.type != "fighter" or (promises and not _may_wait(state, u, dest)):
                continue
        elif not query.friendly_at_start(state, dest, u.owner):
            continue  # 5.6.1.2: land where it was friendly when the turn began
        out[dest] = []  # the route is worked out when the order is given (``check``)
    return out


def _may_wait(state: Aa50State, u: Unit, zone: str) -> bool:
    from bot.rules.aa50 import decks

    return decks.may_end(state, u.id, zone)


def _china_routes(state: Aa50State, start: str) -> dict[str, list[str]]:
    """Shortest routes from ``start`` that stay within China's territories (rule 4)."""
    routes: dict[str, list[str]] = {start: []}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for there in sorted(board.adjacent(here)):
                if there in routes or not query.china_may_enter(state, there):
                    continue
                routes[there] = [*routes[here], there]
                nxt.append(there)
        frontier = nxt
    return routes


def _china_air(state: Aa50State, u: Unit, combat: bool, left: int) -> dict[str, list[str]]:
    """Rule 4: the Flying Tigers fighter belongs to China's forces in movement, so it flies,
    fights and lands only within China's territories. Ruling: it may not even pass over a
    space outside them (the rulebook bounds where Chinese units may go, not where they stop)."""
    out: dict[str, list[str]] = {}
    for dest, route in _china_routes(state, u.at).items():
        d = len(route)
        if d == 0 or d > left:
            continue
        if combat:
            battle = query.enemy_land(state, dest, u.owner) or query.enemies_at(
                state, dest, u.owner
            )
            back = [
                len(r)
                for t, r in _china_routes(state, dest).items()
                if query.friendly_at_start(state, t, u.owner)
            ]
            if not battle or not back or min(back) > left - d:
                continue
        elif not query.friendly_at_start(state, dest, u.owner):
            continue
        out[dest] = route
    return out


def route(start: str, dest: str) -> list[str]:
    """A shortest air route from start to dest (the spaces entered)."""
    dist = board.distances(dest, True)
    path, here = [], start
    while here != dest:
        here = min((n for n in board.adjacent(here) if n in dist), key=lambda n: (dist[n], n))
        path.append(here)
    return path
