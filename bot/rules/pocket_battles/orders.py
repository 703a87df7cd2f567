"""Phase 2: one order (Pocket Battles 5.2), checked and carried out.

5.2 Each turn the player gives one order to one unit: tactical move (5.3), charge (5.4),
    carry on (5.5) or leave (5.6) an engagement, shoot (5.7), a special tactic (5.8), or
    pass (6.1). The order's tokens go on the unit (tokens.cost: 1, 2, 4, 8; Reactive 9.14);
    no order may cost more than the unused tokens. A unit that redeployed in phase 1 takes
    no order unless it is Fast (5.1, 9.5).
Ruling: one unit takes one order per turn (a Double Order's further orders go to two other
units, 9.3).
"""

from __future__ import annotations

from bot.rules.core import Action, Dice, Event, RuleViolation
from bot.rules.pocket_battles import actions as A
from bot.rules.pocket_battles import (
    board,
    charge,
    engagement,
    movement,
    procedure,
    shooting,
    tokens,
    traits,
    turn,
    victory,
)
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.state import PocketBattlesState, Side, Unit

SECTION = "Pocket Battles 5.2"


def orderable(state: PocketBattlesState, unit: Unit) -> bool:
    return (
        unit.id not in state.ordered
        and (not unit.redeployed or board.has_trait(unit, "fast"))
        and tokens.cost(unit) <= state.sides[unit.side].unused
    )


def check_orderable(state: PocketBattlesState, side: Side, unit_id: str) -> Unit:
    unit = movement.own_unit(state, side, unit_id, SECTION)
    if unit.redeployed and not board.has_trait(unit, "fast"):
        raise RuleViolation("pb.order.redeployed", "Pocket Battles 5.1", unit=unit.id)
    if unit.id in state.ordered:
        raise RuleViolation("pb.order.already_ordered", SECTION, unit=unit.id)
    return unit


def _pay(state: PocketBattlesState, units: list[Unit]) -> None:
    """Pay for every unit of the order at once, or refuse it whole (5.2)."""
    total = sum(tokens.cost(u) for u in units)
    unused = state.sides[units[0].side].unused
    if total > unused:
        raise RuleViolation("pb.order.too_costly", SECTION, cost=total, unused=unused)
    for u in units:
        tokens.pay(state, u)
        state.ordered.append(u.id)


def _exciter(state: PocketBattlesState, side: Side, unit: Unit, excite: list[str]) -> Unit | None:
    if not excite:
        return None
    found = traits.check_excite(state, unit, excite[0])
    check_orderable(state, side, found.id)
    return found


def give(state: PocketBattlesState, side: Side, action: Action, dice: Dice) -> list[Event]:
    """Carry out one phase 2 order (or a Double Order's further order)."""
    if state.phase == "extra_order" and not isinstance(action, A.OrdersDone | A.Concede):
        state.orders_left -= 1
    if isinstance(action, A.Pass):
        n = tokens.set_aside_all(state.sides[side])
        passed = E.Passed(side=side, tokens=n).event()
        return [passed, *turn.after_order(state)]
    if isinstance(action, A.Concede):
        return victory.concede(state, side)
    if isinstance(action, A.OrdersDone):
        state.orders_left = 0
        return turn.after_order(state)
    if isinstance(action, A.Move):
        unit = check_orderable(state, side, action.unit)
        movement.check_move(state, side, action.unit, action.zone, "Pocket Battles 5.3")
        _pay(state, [unit])
        return movement.move(state, side, unit, action.zone) + turn.after_order(state)
    if isinstance(action, A.Heal):
        unit = check_orderable(state, side, action.unit)
        patient = traits.check_heal(state, unit, action.troop)
        _pay(state, [unit])
        return traits.heal(state, unit, patient, action.troop) + turn.after_order(state)
    if isinstance(action, A.DoubleOrder):
        unit = check_orderable(state, side, action.unit)
        traits.check_double(state, unit)
        _pay(state, [unit])
        return traits.double_order(state, unit) + turn.after_order(state)
    if isinstance(action, A.Leave):
        unit = check_orderable(state, side, action.unit)
        engagement.check_leave(state, unit)
        _pay(state, [unit])
        return engagement.leave(state, unit) + procedure.proceed(state, dice)
    return _fight(state, side, action, dice)


def _fight(state: PocketBattlesState, side: Side, action: Action, dice: Dice) -> list[Event]:
    """Charge (5.4), carry on (5.5) and shoot (5.7), each with an optional Excite (9.2)."""
    if not isinstance(action, A.Charge | A.CarryOn | A.Shoot):
        raise RuleViolation("core.prompt.wrong_order", SECTION, order=action.type, expected="")
    unit = check_orderable(state, side, action.unit)
    if isinstance(action, A.Charge):
        target = charge.check(state, unit, action.target)
    elif isinstance(action, A.CarryOn):
        target = engagement.check_carry(state, unit, action.target)
    else:
        target = shooting.check(state, unit, action.target)
    exciter = _exciter(state, side, unit, action.excite)
    _pay(state, [unit, *([exciter] if exciter else [])])
    excite = exciter.id if exciter else None
    if isinstance(action, A.Charge):
        events = charge.start(state, unit, target, excite, follow_on=False)
        if state.phase == "reaction":
            return events
    elif isinstance(action, A.CarryOn):
        events = engagement.carry_on(state, unit, target, excite)
    else:
        events = shooting.start(state, unit, target, excite)
    return events + procedure.proceed(state, dice)
