"""War at Sea 12: control of the sea areas, and the return to port (Axis first)."""

from __future__ import annotations

from bot.rules.core import Event, Prompt, RuleViolation, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.actions import ReturnShips
from bot.rules.war_at_sea.forms import In, forms, loc_options, plain, ship_options
from bot.rules.war_at_sea.hiding import public_order
from bot.rules.war_at_sea.ports import enter_port, return_ports
from bot.rules.war_at_sea.state import Side, UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import ev, fighting, is_convoy, is_surface, is_uboat, unit_events


def determine(state: WarAtSeaState) -> list[Event]:
    """War at Sea 12.1-12.2: surface ships that did not escape control their area; surviving
    U-boats cancel Allied control (8.5); escape and pursuit outcomes (11.1, 11.2, 11.8)."""
    events: list[Event] = []
    for a in board.areas():
        present = {
            side: any(
                is_surface(u) and fighting(u)
                for u in state.units.values()
                if u.side == side and u.location == a and u.status == "active"
            )
            for side in board.SIDES
        }
        owner: Side | None = None
        if present["allies"] != present["axis"]:
            owner = "allies" if present["allies"] else "axis"
        if owner == "allies" and any(
            is_uboat(u) and u.status == "active" and u.location == a and not u.disabled
            for u in state.units.values()
        ):
            owner = None
            events.append(ev("was.control_negated", area=a))
        if a in state.combat.no_control:
            owner = None
        state.control[a] = owner
        if owner is not None:
            events.append(ev("was.control", area=a, side=owner))
    # 16.4: count the turns the Axis holds the Mediterranean in a row.
    if state.control.get(board.MEDITERRANEAN) == "axis":
        state.med_streak += 1
        if state.med_streak >= board.MED_HOLD:
            state.med_held_four = True
    else:
        state.med_streak = 0
    return events


def must_return(state: WarAtSeaState, side: Side) -> list[UnitState]:
    """Everyone at sea goes home (12.3), except refuelled ships (14) and convoys that stay
    in the North Atlantic (13.2). In an order the Axis can see (18.2), not the roster's."""
    return [
        u
        for u in public_order(state, state.units.values())
        if u.side == side
        and u.status == "active"
        and board.is_area(u.location)
        and not u.refuelled
        and not (is_convoy(u) and u.convoy_stays)
    ]


def uboats_home(state: WarAtSeaState) -> list[Event]:
    """War at Sea 8.5: every U-boat returns to Germany after control is decided."""
    for u in state.units.values():
        if is_uboat(u) and u.status == "active":
            u.location = board.GERMANY
            u.disabled = False
    return [ev("was.uboats_home")]


def auto_return(state: WarAtSeaState, side: Side, only_forced: bool) -> list[Event]:
    """Ships with a single port go there; with none they leave the game (12.3). With
    ``only_forced`` False, everyone left goes to the first port of their list (the default)."""
    events: list[Event] = []
    for u in must_return(state, side):
        ports = return_ports(state, u)
        if not ports:
            events += unit_events(state, "was.no_port", u, where=u.location, reveals=True)
            u.status = "removed"
            u.location = None
            u.revealed = True
        elif len(ports) == 1 or not only_forced:
            events += _go(state, u, ports[0])
    return events


def _go(state: WarAtSeaState, u: UnitState, port: str) -> list[Event]:
    origin = u.location
    enter_port(state, u, port)
    return unit_events(state, "was.returned", u, to=port, origin=origin)


def prompts(state: WarAtSeaState, side: Side) -> list[Prompt]:
    ships = must_return(state, side)
    if not ships:
        return []
    by_options: dict[tuple[str, ...], list[UnitState]] = {}
    for u in ships:
        by_options.setdefault(tuple(return_ports(state, u)), []).append(u)
    order = board.ports().index
    ret_forms = []
    for ports, group in sorted(by_options.items(), key=lambda kv: [order(p) for p in kv[0]]):
        ret_forms += forms(
            "return_ships",
            t("was.form.return_ships"),
            [
                In("ships", t("was.input.ships"), ship_options(group), kind="many"),
                In("to", t("was.input.port"), loc_options(list(ports))),
            ],
        )
    return [
        Prompt(
            id=f"t{state.turn}.return.{side}.{len(ships)}",
            seat=side,
            kind="was.return_to_port",
            title=t("was.prompt.return_to_port"),
            section="War at Sea 12.3",
            forms=(*ret_forms, plain("returns_done", "was.form.return_done")),
            default={"type": "returns_done"},
        )
    ]


def send(state: WarAtSeaState, side: Side, action: ReturnShips) -> list[Event]:
    if not action.ships or len(set(action.ships)) != len(action.ships):
        raise RuleViolation("was.order.no_ships", "War at Sea 12.3")
    waiting = {u.id: u for u in must_return(state, side)}
    for ship in action.ships:
        u = waiting.get(ship)
        if u is None:
            raise RuleViolation("was.return.not_at_sea", "War at Sea 12.3", ship=ship)
        if action.to not in return_ports(state, u):
            raise RuleViolation("was.return.bad_port", "War at Sea 12.3", ship=ship, port=action.to)
    events: list[Event] = []
    for ship in action.ships:
        events += _go(state, waiting[ship], action.to)
    return events
