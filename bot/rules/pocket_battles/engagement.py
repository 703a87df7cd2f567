"""Carrying on (Pocket Battles 5.5) and leaving (5.6) an engagement.

5.5 While units of both sides stand in an engagement zone, either player may order one of
    its units there to attack an enemy unit in the same zone: the ordered unit strikes first,
    without the charge bonus, and the enemy then counterattacks for free (as in 5.4).
5.6 A unit may leave an engagement: the enemy gets one free attack on it; if it survives it
    goes back to its own front zone of that sector.
Ruling: the free attack on a leaving unit is made by the enemy unit in the zone with the most
black dice numbers (the first placed on a tie): the summary names no chooser, and the
strongest is the enemy's obvious pick.
Ruling: when a fight leaves units of one side only in an engagement zone, they go back to
their own front zone of that sector (nothing is left to fight there, and no order could
otherwise take them out: 5.1 forbids moving out of engagement).
"""

from __future__ import annotations

from bot.rules.core import Event, RuleViolation
from bot.rules.pocket_battles import board, fight
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.names import unit_text, zone_text
from bot.rules.pocket_battles.state import SIDES, Combat, PocketBattlesState, Strike, Unit


def engaged(unit: Unit) -> bool:
    return unit.zone is not None and board.is_engagement(unit.zone)


def foes(state: PocketBattlesState, unit: Unit) -> list[Unit]:
    if not engaged(unit):
        return []
    assert unit.zone is not None
    return board.units_in(state, unit.zone, board.enemy(unit.side))


def check_carry(state: PocketBattlesState, unit: Unit, target_id: str) -> Unit:
    if not engaged(unit):
        raise RuleViolation("pb.engage.not_engaged", "Pocket Battles 5.5", unit=unit.id)
    target = next((u for u in foes(state, unit) if u.id == target_id), None)
    if target is None:
        raise RuleViolation("pb.engage.bad_target", "Pocket Battles 5.5", target=target_id)
    return target


def carry_on(
    state: PocketBattlesState, unit: Unit, target: Unit, excite: str | None
) -> list[Event]:
    state.combat = Combat(
        kind="carry",
        side=unit.side,
        unit=unit.id,
        target=target.id,
        excite=excite,
        strikes=[
            Strike(kind="carry", striker=unit.id, target=target.id, bonus=1 if excite else 0),
            Strike(kind="counter", striker=target.id, target=unit.id),
        ],
    )
    fight.begin(state)
    return [E.CarriesOn(side=unit.side, unit=unit_text(unit), target=unit_text(target)).event()]


def check_leave(state: PocketBattlesState, unit: Unit) -> None:
    if not engaged(unit):
        raise RuleViolation("pb.engage.not_engaged", "Pocket Battles 5.6", unit=unit.id)


def leave(state: PocketBattlesState, unit: Unit) -> list[Event]:
    order = list(state.units)
    near = foes(state, unit)
    strikes = []
    if near:
        best = max(near, key=lambda u: (len(board.engagement_numbers(u)), -order.index(u.id)))
        strikes.append(Strike(kind="free", striker=best.id, target=unit.id))
    state.combat = Combat(kind="leave", side=unit.side, unit=unit.id, strikes=strikes)
    fight.begin(state)
    return [E.Leaves(side=unit.side, unit=unit_text(unit)).event()]


def back_to_front(state: PocketBattlesState, unit: Unit) -> list[Event]:
    assert unit.zone is not None
    unit.zone = board.zone_at(unit.side, "front", board.zone(unit.zone).column)
    return [E.BackToFront(side=unit.side, unit=unit_text(unit), zone=zone_text(unit.zone)).event()]


def tidy(state: PocketBattlesState) -> list[Event]:
    """Units left alone in an engagement zone go back to their front zone (ruling above)."""
    events: list[Event] = []
    for z in board.zone_ids():
        if not board.is_engagement(z):
            continue
        present = [s for s in SIDES if board.units_in(state, z, s)]
        if len(present) == 1:
            for u in board.units_in(state, z, present[0]):
                events += back_to_front(state, u)
    return events
