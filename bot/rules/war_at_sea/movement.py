"""War at Sea 6: movement. Allies move and roll, then the Axis (6.3); two areas at most,
stopping in enemy-controlled areas (6.1); speed rolls (6.2); no port to port, the Baltic (6.4).
"""

from __future__ import annotations

from bot.rules.core import Dice, Event, Option, OrderForm, Prompt, RuleViolation, Text, When, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.actions import Move
from bot.rules.war_at_sea.forms import In, forms, loc_option, only_with, plain, ship_options
from bot.rules.war_at_sea.hiding import public_order
from bot.rules.war_at_sea.state import Side, UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import (
    area_limit,
    eff_speed,
    is_convoy,
    is_surface,
    loc_text,
    port_limit,
    roll_label_unit,
    unit_events,
    word,
)


def _stopping(state: WarAtSeaState, u: UnitState, area_id: str) -> bool:
    """War at Sea 6.1: an area under the enemy's control marker ends the move."""
    owner = state.control.get(area_id)
    return owner is not None and owner != u.side


def blocked(state: WarAtSeaState, u: UnitState) -> RuleViolation | None:
    """Why this ship may not move at all this phase, if it may not."""
    if u.status != "active" or u.location is None or not is_surface(u):
        return RuleViolation("was.unit.unknown", "War at Sea 6.1", ship=u.id)
    if u.origin is not None or u.failed_move:
        return RuleViolation("was.move.already_moved", "War at Sea 6.2", ship=u.id)
    if u.nationality == "american" and not u.joined:
        return RuleViolation("was.move.us_not_joined", "War at Sea 16.2", ship=u.id)
    if u.nationality == "soviet" and not u.may_sortie:
        return RuleViolation("was.move.soviet_in_port", "War at Sea 16.1", ship=u.id)
    if board.is_area(u.location) and not u.refuelled:
        return RuleViolation("was.move.at_sea", "War at Sea 12.3", ship=u.id)
    return None


def _convoy_here(state: WarAtSeaState, area_id: str) -> bool:
    return any(
        is_convoy(o) and o.status == "active" and o.location == area_id
        for o in state.units.values()
    )


def reach(state: WarAtSeaState, u: UnitState) -> dict[str, int]:
    """Every legal destination of this ship, with the number of areas moved."""
    loc = u.location
    assert loc is not None
    out: dict[str, int] = {}
    if board.is_area(loc):
        # War at Sea 14.4: a refuelled German ship goes to any area or friendly/neutral port.
        for a in board.areas():
            if a != loc and area_limit(state, u, a) is None:
                out[a] = 0
        for p in board.ports():
            if port_limit(state, u, p) is None:
                out[p] = 0
        return out
    if is_convoy(u):
        # War at Sea 13.1: one area a move, one convoy per area.
        for a in board.adjacent_areas(loc):
            if area_limit(state, u, a) is None and not _convoy_here(state, a):
                out[a] = 1
        return out
    first = [a for a in board.adjacent_areas(loc) if area_limit(state, u, a) is None]
    for a in first:
        out[a] = 1
    for a in first:
        if _stopping(state, u, a):
            continue
        for b in board.adjacent_areas(a):
            if b not in out and area_limit(state, u, b) is None:
                out[b] = 2
    return out


def _why_not(state: WarAtSeaState, u: UnitState, to: str) -> RuleViolation:
    loc = u.location
    assert loc is not None
    if board.is_port(to):
        if board.is_port(loc):
            return RuleViolation("was.move.port_to_port", "War at Sea 6.4", port=to)
        return port_limit(state, u, to) or RuleViolation(
            "was.move.too_far", "War at Sea 14.4", area=to
        )
    limit = area_limit(state, u, to)
    if limit is not None:
        return limit
    if is_convoy(u):
        if _convoy_here(state, to):
            return RuleViolation("was.convoy.one_per_area", "War at Sea 13.1", area=to)
        return RuleViolation("was.convoy.one_area", "War at Sea 13.1", area=to)
    via = [a for a in board.adjacent_areas(loc) if to in board.adjacent_areas(a)]
    if via and all(_stopping(state, u, a) for a in via):
        return RuleViolation("was.move.must_stop", "War at Sea 6.1", area=to)
    return RuleViolation("was.move.too_far", "War at Sea 6.1", area=to)


def fallback_ports(state: WarAtSeaState, u: UnitState, to: str) -> list[str]:
    """War at Sea 6.2: after a failed speed roll, back to the port of origin or into a port
    bordering the second area."""
    return [p for p in board.ports_bordering(to) if port_limit(state, u, p) is None]


def movable(state: WarAtSeaState, side: Side) -> list[UnitState]:
    return [
        u
        for u in state.units.values()
        if u.side == side and u.status == "active" and is_surface(u) and blocked(state, u) is None
    ]


def prompts(state: WarAtSeaState, side: Side) -> list[Prompt]:
    if state.done[side]:
        return []
    by_origin: dict[str, list[UnitState]] = {}
    for u in movable(state, side):
        assert u.location is not None
        by_origin.setdefault(u.location, []).append(u)
    move_forms = []
    for origin in sorted(by_origin, key=board.locations().index):
        move_forms += _move_forms(state, origin, by_origin[origin])
    return [
        Prompt(
            id=f"t{state.turn}.move.{side}.{_moved(state, side)}",
            seat=side,
            kind="was.move",
            title=t("was.prompt.move", turn=state.turn),
            section="War at Sea 6.1",
            forms=(*move_forms, plain("done", "was.form.move_done")),
            default={"type": "done"},
        )
    ]


def _move_forms(state: WarAtSeaState, origin: str, ships: list[UnitState]) -> list[OrderForm]:
    """The move forms for the ships in one place. Their inputs depend on each other (core
    prompt.When): the destinations offered are those every ship chosen may reach, and the
    fallback port (6.2) is asked only for a two-area move and offers only the ports bordering
    that destination that every ship chosen may enter. ``reach`` and ``fallback_ports`` also
    judge ``move``, so what is offered is accepted. Ships are split into forms whose ships all
    share some destination, so no choice of ships leaves nowhere to go; convoys have their
    own form, one at a time (13.1: one convoy per area)."""
    reaches: dict[str, dict[str, int]] = {}
    # Ships of one kind share their reach: work it out once per kind.
    kinds: dict[tuple[object, ...], dict[str, int]] = {}
    for u in ships:
        key = (u.side, u.nationality, u.type, u.refuelled)
        if key not in kinds:
            kinds[key] = reach(state, u)
        if kinds[key]:
            reaches[u.id] = kinds[key]
    convoys = [u for u in ships if u.id in reaches and is_convoy(u)]
    groups: list[tuple[set[str], list[UnitState]]] = []
    for u in sorted(
        (u for u in ships if u.id in reaches and not is_convoy(u)),
        key=lambda u: len(reaches[u.id]),
    ):
        mine = set(reaches[u.id])
        home = next((g for g in groups if g[0] & mine), None)
        if home is None:
            groups.append((mine, [u]))
        else:
            home[0].intersection_update(mine)
            home[1].append(u)
    groups.sort(key=lambda g: ships.index(g[1][0]))
    out: list[OrderForm] = []
    label = t("was.form.move_from", origin=loc_text(origin))
    for _, group in groups:
        out += _move_form(state, label, sorted(group, key=ships.index), reaches)
    if convoys:
        label = t("was.form.move_convoy_from", origin=loc_text(origin))
        out += _move_form(state, label, convoys, reaches, most=1)
    return out


def _move_form(
    state: WarAtSeaState,
    label: Text,
    ships: list[UnitState],
    reaches: dict[str, dict[str, int]],
    most: int | None = None,
) -> list[OrderForm]:
    order = board.locations().index
    everyone = [u.id for u in ships]
    reachers: dict[str, list[str]] = {}
    distance: dict[str, int] = {}
    falls: dict[str, dict[str, list[str]]] = {}  # port -> two-area destination -> ships
    for u in ships:
        for dest, n in reaches[u.id].items():
            reachers.setdefault(dest, []).append(u.id)
            distance[dest] = n
            if n == 2:
                for port in fallback_ports(state, u, dest):
                    falls.setdefault(port, {}).setdefault(dest, []).append(u.id)
    dests = sorted(reachers, key=order)
    fallback = [_origin_option()]
    for port in sorted(falls, key=order):
        # Destinations where the same ships may fall back here share one condition.
        by_ships: dict[tuple[str, ...], list[str]] = {}
        for dest, ok in falls[port].items():
            key = () if set(ok) >= set(reachers[dest]) else tuple(sorted(ok))
            by_ships.setdefault(key, []).append(dest)
        when = tuple(
            When(within={"to": tuple(ds), **({"ships": ok} if ok else {})})
            for ok, ds in by_ships.items()
        )
        fallback.append(loc_option(port).model_copy(update={"when": when}))
    two = tuple(d for d in dests if distance[d] == 2)
    inputs = [
        In("ships", t("was.input.ships"), ship_options(ships), kind="many", max=most),
        In(
            "to",
            t("was.input.destination"),
            [only_with(loc_option(d), "ships", reachers[d], everyone) for d in dests],
        ),
    ]
    if two:
        inputs.append(
            In("fallback", t("was.input.fallback"), fallback, when=(When(within={"to": two}),))
        )
    return forms("move", label, inputs)


def _moved(state: WarAtSeaState, side: Side) -> int:
    return sum(1 for u in state.units.values() if u.side == side and u.origin is not None)


def _origin_option() -> Option:
    return Option(value="origin", label=t("was.option.origin"))


def move(state: WarAtSeaState, side: Side, action: Move) -> list[Event]:
    if not action.ships:
        raise RuleViolation("was.order.no_ships", "War at Sea 6.1")
    if len(set(action.ships)) != len(action.ships):
        raise RuleViolation("was.order.duplicate", "War at Sea 6.1")
    if not board.is_location(action.to):
        raise RuleViolation("was.order.no_such_place", "War at Sea 2.1", where=action.to)
    plans: list[tuple[UnitState, int]] = []
    for ship in action.ships:
        u = state.units.get(ship)
        if u is None or u.side != side:
            raise RuleViolation("was.unit.not_yours", "War at Sea 6.1", ship=ship)
        why = blocked(state, u)
        if why is not None:
            raise why
        dests = reach(state, u)
        if action.to not in dests:
            raise _why_not(state, u, action.to)
        two = dests[action.to] == 2
        if (
            two
            and action.fallback != "origin"
            and action.fallback not in fallback_ports(state, u, action.to)
        ):
            raise RuleViolation("was.move.bad_fallback", "War at Sea 6.2", port=action.fallback)
        plans.append((u, dests[action.to]))
    if any(is_convoy(u) for u, _ in plans) and sum(is_convoy(u) for u, _ in plans) > 1:
        raise RuleViolation("was.convoy.one_per_area", "War at Sea 13.1", area=action.to)
    if action.fallback != "origin" and all(n != 2 for _, n in plans):
        # A fallback port only matters for a two-area move's speed roll (6.2): on any other
        # move it is a field the order does not use, refused rather than stored unread.
        raise RuleViolation("was.move.fallback_unused", "War at Sea 6.2", port=action.fallback)
    events: list[Event] = []
    for u, n in plans:
        u.origin = u.location
        u.location = action.to
        u.areas_moved = n
        u.fallback = action.fallback if n == 2 else None
        # War at Sea 18.2: it moves face down again. Ruling: a counter turned face up by
        # combat stays face up until it next moves (18.2 turns them face down "when moving").
        u.revealed = False
        if action.to == board.NEUTRAL_PORT:
            u.neutral_turn = state.turn
        events += unit_events(state, "was.moved", u, to=action.to, areas=n)
    return events


def speed_rolls(state: WarAtSeaState, side: Side, dice: Dice) -> list[Event]:
    """War at Sea 6.1-6.2: every ship that moved two areas rolls; at or above its speed it
    goes back to its port of origin, or the port it named, and moves no more this turn."""
    events: list[Event] = []
    # 18.2: in an order the Axis can see, not the roster's (which die is whose).
    for u in public_order(state, state.units.values()):
        if u.side != side or u.status != "active" or u.areas_moved != 2:
            continue
        die = dice.roll(t("was.roll.speed", ship=roll_label_unit(state, u), area=u.location))
        speed = eff_speed(u)
        if die < speed:
            events += unit_events(
                state,
                "was.speed_roll",
                u,
                die=die,
                speed=speed,
                result="arrived",
                to=u.location,
                outcome=word("was.speed.arrived", to=loc_text(u.location)),
            )
            continue
        dest = u.origin if u.fallback in (None, "origin") else u.fallback
        assert dest is not None
        u.location = dest
        u.failed_move = True
        if dest == board.NEUTRAL_PORT and u.origin != board.NEUTRAL_PORT:
            u.neutral_turn = state.turn
        events += unit_events(
            state,
            "was.speed_roll",
            u,
            die=die,
            speed=speed,
            result="failed",
            to=dest,
            outcome=word("was.speed.failed", to=loc_text(dest)),
        )
    return events
