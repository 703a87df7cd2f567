"""War at Sea 15 and 12.3: ports, repair, France, the neutral port; where ships return."""

from __future__ import annotations

from bot.rules.core import Choice, Event, Prompt, RuleViolation, When, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.actions import Repair
from bot.rules.war_at_sea.forms import In, forms, plain, ship_options
from bot.rules.war_at_sea.hiding import public_order
from bot.rules.war_at_sea.state import Side, UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import ev, is_convoy, is_uboat, loc_text, port_limit, unit_events

# --- 15.1-15.3: repair ---------------------------------------------------------------------


def repairable(state: WarAtSeaState, u: UnitState) -> bool:
    """War at Sea 15.1: a damaged ship that stayed in port this turn; not after a failed move."""
    return (
        u.status == "active"
        and u.damage > 0
        and board.is_port(u.location)
        and u.origin is None
        and not u.failed_move
        and board.port(u.location or "").repair > 0
    )


def _waiting(state: WarAtSeaState, side: Side) -> dict[str, list[UnitState]]:
    out: dict[str, list[UnitState]] = {}
    for u in public_order(state, state.units.values()):  # 18.2: ports in map order
        if u.side == side and repairable(state, u) and state.repair_left.get(u.location or "", 0):
            out.setdefault(u.location or "", []).append(u)
    return out


def _fix(state: WarAtSeaState, u: UnitState, points: int) -> list[Event]:
    port = u.location or ""
    u.damage -= points
    state.repair_left[port] -= points
    return unit_events(state, "was.repaired", u, points=points, port=port, damage=u.damage)


def start_repairs(state: WarAtSeaState) -> list[Event]:
    """War at Sea 15.2: each port repairs up to its value a turn; where that covers all the
    damage nothing needs deciding, otherwise the owner allocates it."""
    state.repair_left = {p: board.port(p).repair for p in board.ports()}
    events: list[Event] = []
    for side in board.SIDES:
        for port, ships in _waiting(state, side).items():
            if sum(u.damage for u in ships) <= state.repair_left[port]:
                for u in ships:
                    events += _fix(state, u, u.damage)
        state.done[side] = not _waiting(state, side)
    return events


def auto_repair(state: WarAtSeaState, side: Side) -> list[Event]:
    """What a deadline or 'done' applies: the most damaged ships first."""
    events: list[Event] = []
    for port, ships in _waiting(state, side).items():
        for u in sorted(ships, key=lambda s: -s.damage):
            points = min(u.damage, state.repair_left[port])
            if points > 0:
                events += _fix(state, u, points)
    return events


def repair_prompts(state: WarAtSeaState, side: Side) -> list[Prompt]:
    waiting = _waiting(state, side)
    if state.done[side] or not waiting:
        return []
    repair_forms = []
    for port, ships in waiting.items():
        left = state.repair_left[port]
        # The points are at most the ship's damage and the port's repair left (15.2): one
        # points input per such limit, asked only for the ships it fits (core prompt.When).
        by_top: dict[int, list[str]] = {}
        for u in ships:
            by_top.setdefault(min(left, u.damage), []).append(u.id)
        points = tuple(
            Choice(
                name="points",
                label=t("was.input.points"),
                kind="number",
                min=1,
                max=top,
                when=(When(within={"ship": tuple(ids)}),) if len(by_top) > 1 else (),
            )
            for top, ids in sorted(by_top.items())
        )
        for f in forms(
            "repair",
            t("was.form.repair", port=loc_text(port), left=left),
            [In("ship", t("was.input.ship"), ship_options(ships))],
        ):
            repair_forms.append(f.model_copy(update={"inputs": (*f.inputs, *points)}))
    return [
        Prompt(
            id=f"t{state.turn}.repair.{side}.{sum(state.repair_left.values())}",
            seat=side,
            kind="was.repair",
            title=t("was.prompt.repair"),
            section="War at Sea 15.2",
            forms=(*repair_forms, plain("done", "was.form.repair_done")),
            default={"type": "done"},
        )
    ]


def repair(state: WarAtSeaState, side: Side, action: Repair) -> list[Event]:
    u = state.units.get(action.ship)
    if u is None or u.side != side:
        raise RuleViolation("was.unit.not_yours", "War at Sea 15.2", ship=action.ship)
    if not repairable(state, u):
        raise RuleViolation("was.repair.not_eligible", "War at Sea 15.1", ship=action.ship)
    left = state.repair_left.get(u.location or "", 0)
    if action.points < 1 or action.points > min(left, u.damage):
        raise RuleViolation(
            "was.repair.too_much", "War at Sea 15.2", points=action.points, left=left
        )
    return _fix(state, u, action.points)


# --- 12.3, appendix, 15.4-15.5: where ships go back to ----------------------------------------


def return_ports(state: WarAtSeaState, u: UnitState) -> list[str]:
    """War at Sea 12.3: an adjacent friendly or the neutral port, unless the map says
    otherwise (appendix); U-boats to Germany (8.5); disabled convoys to the USA (13.4)."""
    loc = u.location or ""
    if is_uboat(u):
        return [board.GERMANY]
    if is_convoy(u) and u.disabled:
        return [board.USA]
    base = [p for p in board.ports_bordering(loc) if port_limit(state, u, p) is None]
    rules = board.comps().return_rules_for(loc, u.nationality, state.turn, u.disabled)
    must = [p for r in rules if r.mode == "must" for p in r.ports]
    opts = must or base + [p for r in rules if r.mode == "may" for p in r.ports]
    out: list[str] = []
    for p in opts:
        if p not in out and port_limit(state, u, p) is None:
            out.append(p)
    return out


def enter_port(state: WarAtSeaState, u: UnitState, port: str) -> None:
    """War at Sea 7.3: back in port a disabled ship recovers; 15.6 counts neutral-port turns."""
    if port == board.NEUTRAL_PORT and u.location != board.NEUTRAL_PORT:
        u.neutral_turn = state.turn
    u.location = port
    u.disabled = False
    u.escaped = False


def close_france(state: WarAtSeaState) -> list[Event]:
    """War at Sea 15.4: France closes on turn 7; Axis ships there are removed at once."""
    events: list[Event] = []
    for u in state.units.values():
        if u.status == "active" and u.location == board.FRANCE and u.side == "axis":
            u.status = "removed"
            u.location = None
            events.append(ev("was.france_removed", ship=u.id, name=u.name, side=u.side))
    events.append(ev("was.france_closed"))
    return events


def neutral_stayers(state: WarAtSeaState) -> None:
    """War at Sea 15.6: after movement, ships still in the neutral port since an earlier turn
    (or back there after a failed move from it) owe a point at scoring."""
    for u in state.units.values():
        u.neutral_penalty = (
            u.status == "active"
            and u.location == board.NEUTRAL_PORT
            and u.neutral_turn is not None
            and u.neutral_turn < state.turn
        )
