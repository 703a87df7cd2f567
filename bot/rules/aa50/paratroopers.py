"""AA50 5.2.3 Paratroopers: each bomber may carry one infantry in the combat move. A bomber
carrying infantry that enters a hostile territory must stop there, drop the infantry and end
its combat move; it still attacks in that battle, but may not raid a factory this turn
(5.5.1); the infantry fights and may retreat by the normal rules (5.5.3.5).

Rulings (the rulebook says no more than the above):
- The infantry boards where the bomber starts, before either has moved this turn, and not
  from a transport: "carry" names no other place to meet.
- The route enters no hostile territory before the drop (it would stop there) and leaves the
  bomber the range to reach a landing place afterwards (7.2, 5.4.2).
- The dropped infantry counts as coming from the last territory the bomber flew over (a
  sea zone gives it no retreat), so "the normal rules" decide where it may retreat."""

from __future__ import annotations

from bot.rules.aa50 import air, board, query
from bot.rules.aa50.actions import Drop
from bot.rules.aa50.board import Power
from bot.rules.aa50.state import Aa50State, Unit
from bot.rules.aa50.words import ev
from bot.rules.core import Event, RuleViolation

SECTION = "AA50 5.2.3"


def bombers(state: Aa50State, power: str) -> list[Unit]:
    """Bombers that could still carry a paratrooper: unmoved, with infantry beside them."""
    if not query.has(state, power, "paratroopers"):
        return []
    return [
        u
        for u in state.units.values()
        if u.owner == power and u.type == "bomber" and u.moved == 0 and not u.dropped
        if troops(state, u)
    ]


def troops(state: Aa50State, bomber: Unit) -> list[Unit]:
    """Infantry that may board ``bomber``: its own, in the same territory, unmoved, ashore."""
    return [
        u
        for u in state.units.values()
        if u.at == bomber.at
        and u.owner == bomber.owner
        and u.type == "infantry"
        and u.moved == 0
        and u.carried_by is None
        and not u.combat
    ]


def routes(state: Aa50State, bomber: Unit) -> dict[str, list[str]]:
    """Every hostile territory ``bomber`` may drop a paratrooper in, with its route (the
    spaces entered): no hostile territory on the way, a landing place within range after."""
    power = bomber.owner
    left = query.move_range(state, bomber) - bomber.moved
    landing = air.landing_distance(state, power, False)
    out: dict[str, list[str]] = {}
    seen = {bomber.at: [bomber.at]}
    frontier = [bomber.at]
    for _ in range(left):
        nxt = []
        for here in frontier:
            for there in board.adjacent(here):
                if there in seen or not board.passable(there):
                    continue
                path = [*seen[here], there]
                seen[there] = path
                if query.enemy_land(state, there, power):
                    if landing.get(there, 99) <= left - (len(path) - 1):
                        out[there] = path[1:]
                    continue  # 5.2.3: entering a hostile territory ends the flight
                nxt.append(there)
        frontier = nxt
    return out


def drop(state: Aa50State, power: Power, action: Drop) -> list[Event]:
    if state.phase != "combat_move" or not query.has(state, power, "paratroopers"):
        raise RuleViolation("aa50.paratroopers.not_available", SECTION)
    bomber = state.units.get(action.bomber)
    if bomber is None or bomber not in bombers(state, power):
        raise RuleViolation("aa50.paratroopers.no_bomber", SECTION)
    rider = state.units.get(action.infantry)
    if rider is None or rider not in troops(state, bomber):
        raise RuleViolation("aa50.paratroopers.no_infantry", SECTION)
    path = routes(state, bomber).get(action.to)
    if path is None:
        raise RuleViolation("aa50.paratroopers.bad_target", SECTION, to=action.to)
    before = path[-2] if len(path) > 1 else bomber.at
    start = bomber.at
    for u in (bomber, rider):
        u.at = action.to
        u.combat = True
        u.dropped = True
    bomber.moved += len(path)
    rider.moved = query.move_range(state, rider)
    bomber.came_from = before
    rider.came_from = start if len(path) == 1 else (None if board.is_sea(before) else before)
    return [ev("aa50.paradrop", power=power, to=action.to)]
