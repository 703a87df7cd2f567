"""The charge (Pocket Battles 5.4) and Overwhelming's follow-on charge (9.8).

5.4 A unit with black dice in its own front zone charges: the enemy unit in the opposing
    front zone of its sector; if none, one in the enemy rear zone of the sector; if the
    sector holds no enemy unit, any enemy unit of an adjacent sector. The charger moves into
    the engagement zone. A target in the opposing front zone may react: intercept (a unit
    with black dice from its zone steps in and is charged instead), shoot at the charger (a
    unit with white dice in the front zone, or with Wide Arc in an adjacent front zone,
    9.16; never Long Range from the rear, 9.15), or hold. Reactions cost tokens as orders
    do but are not the defender's turn. The target then moves into the engagement zone; the
    charger strikes with its charge bonus, and a surviving target counterattacks for free.
Ruling: enemy units already in an engagement zone are neither charge targets nor count as
holding the sector (they are fought by carrying on the engagement, 5.5).
Ruling: with an adjacent-sector target, both units meet in the target's engagement zone.
Ruling: the free counterattack is always made (it is free and only harms the enemy).
Ruling: the defender is asked only when it has a reaction besides Hold.
9.8 If a charge destroys its target, an Overwhelming charger must at once charge another
    eligible enemy unit at no cost, chosen by the same priority from its sector.
"""

from __future__ import annotations

from bot.rules.core import Event, RuleViolation
from bot.rules.pocket_battles import board, fight, flow, tokens
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.names import unit_text, zone_text
from bot.rules.pocket_battles.state import Combat, PocketBattlesState, Side, Strike, Unit

SECTION = "Pocket Battles 5.4"


def sector_of(unit: Unit) -> int:
    assert unit.zone is not None
    return board.zone(unit.zone).column


def targets_from(state: PocketBattlesState, side: Side, column: int) -> list[Unit]:
    """Charge targets for a unit of ``side`` in sector ``column``, by the priority of 5.4."""
    foe = board.enemy(side)
    for row in ("front", "rear"):
        found = board.units_in(state, board.zone_at(foe, row, column), foe)
        if found:
            return found
    out: list[Unit] = []
    for c in board.adjacent_columns(column):
        for row in ("front", "rear"):
            out += board.units_in(state, board.zone_at(foe, row, c), foe)
    return out


def may_charge(unit: Unit) -> bool:
    """Pocket Battles 5.4: only a unit with black dice, from its own front zone."""
    return (
        bool(board.engagement_numbers(unit))
        and unit.zone is not None
        and board.zone(unit.zone).row == "front"
    )


def check(state: PocketBattlesState, unit: Unit, target_id: str) -> Unit:
    if not board.engagement_numbers(unit):
        raise RuleViolation("pb.charge.no_black_dice", SECTION, unit=unit.id)
    if unit.zone is None or board.zone(unit.zone).row != "front":
        raise RuleViolation("pb.charge.not_front", SECTION, unit=unit.id)
    legal = targets_from(state, unit.side, sector_of(unit))
    target = next((u for u in legal if u.id == target_id), None)
    if target is None:
        raise RuleViolation("pb.charge.bad_target", SECTION, target=target_id)
    return target


def start(
    state: PocketBattlesState, unit: Unit, target: Unit, excite: str | None, follow_on: bool
) -> list[Event]:
    """The charger moves in; the defender reacts when it may (5.4)."""
    column = sector_of(unit)
    reactive = (
        target.zone == board.zone_at(target.side, "front", column) and sector_of(target) == column
    )
    unit.zone = board.zone_at(None, "engagement", sector_of(target))
    state.combat = Combat(
        kind="charge",
        side=unit.side,
        unit=unit.id,
        target=target.id,
        excite=excite,
        follow_on=follow_on,
    )
    fight.begin(state)
    events = [
        E.Charged(
            side=unit.side,
            unit=unit_text(unit),
            target=unit_text(target),
            zone=zone_text(unit.zone),
            follow_on=follow_on,
        ).event()
    ]
    if reactive and (interceptors(state, target) or shooters(state, target, column)):
        flow.goto(state, "reaction")
        return events
    queue_strikes(state)
    return events


def queue_strikes(state: PocketBattlesState) -> None:
    """The charge itself and the free counterattack (5.4): bonus die, two with Impetus (9.7),
    one more with Excite (9.2)."""
    c = state.combat
    assert c is not None and c.target is not None
    charger = state.units[c.unit]
    bonus = 2 if board.has_trait(charger, "impetus") else 1
    if c.excite is not None:
        bonus += 1
    c.strikes += [
        Strike(kind="charge", striker=c.unit, target=c.target, bonus=bonus),
        Strike(kind="counter", striker=c.target, target=c.unit),
    ]


def interceptors(state: PocketBattlesState, target: Unit) -> list[Unit]:
    assert target.zone is not None
    return [
        u
        for u in board.units_in(state, target.zone, target.side)
        if u.id != target.id
        and board.engagement_numbers(u)
        and tokens.cost(u) <= state.sides[target.side].unused
    ]


def shooters(state: PocketBattlesState, target: Unit, column: int) -> list[Unit]:
    """Units that may shoot at the charger (5.4): white dice, front zone of the sector, or
    an adjacent sector's front zone with Wide Arc (9.16). Long Range never helps (9.15)."""
    side = target.side
    out = [
        u
        for u in board.units_in(state, board.zone_at(side, "front", column), side)
        if board.shooting_numbers(u)
    ]
    for c in board.adjacent_columns(column):
        out += [
            u
            for u in board.units_in(state, board.zone_at(side, "front", c), side)
            if board.shooting_numbers(u) and board.has_trait(u, "wide_arc")
        ]
    return [u for u in out if tokens.cost(u) <= state.sides[side].unused]


def react(state: PocketBattlesState, side: Side, kind: str, unit_id: str | None) -> list[Event]:
    """The defender's reaction (5.4): intercept, shoot at the charger, or hold."""
    c = state.combat
    assert c is not None and c.target is not None
    target = state.units[c.target]
    charger = state.units[c.unit]
    column = board.zone(charger.zone or "").column
    events: list[Event] = []
    if kind == "intercept":
        unit = next((u for u in interceptors(state, target) if u.id == unit_id), None)
        if unit is None:
            raise RuleViolation("pb.react.bad_interceptor", SECTION, unit=unit_id or "")
        tokens.pay(state, unit)
        c.target = unit.id
        events.append(E.Intercepted(side=side, unit=unit_text(unit)).event())
    elif kind == "shoot":
        unit = next((u for u in shooters(state, target, column) if u.id == unit_id), None)
        if unit is None:
            own = state.units.get(unit_id or "")
            if own is not None and own.side == side and board.has_trait(own, "long_range"):
                raise RuleViolation("pb.react.long_range", "Pocket Battles 9.15", unit=own.id)
            raise RuleViolation("pb.react.bad_shooter", SECTION, unit=unit_id or "")
        tokens.pay(state, unit)
        c.strikes.append(Strike(kind="reaction_shot", striker=unit.id, target=c.unit))
        events.append(E.ShotAtCharger(side=side, unit=unit_text(unit)).event())
    else:
        events.append(E.Held(side=side).event())
    fight.reacted(state, kind, unit_id if kind != "hold" else None)
    queue_strikes(state)
    return events


def follow_on_targets(state: PocketBattlesState) -> list[Unit]:
    """Pocket Battles 9.8: the targets of an Overwhelming charger whose charge destroyed its
    target, by the priority of 5.4 from its sector; none if it may not charge on."""
    c = state.combat
    if c is None or c.kind != "charge" or not c.destroyed_target:
        return []
    charger = state.units[c.unit]
    if charger.destroyed or not board.has_trait(charger, "overwhelming"):
        return []
    return targets_from(state, charger.side, sector_of(charger))


def overwhelm(state: PocketBattlesState, target_id: str) -> list[Event]:
    c = state.combat
    assert c is not None
    target = next((u for u in follow_on_targets(state) if u.id == target_id), None)
    if target is None:
        raise RuleViolation("pb.charge.bad_target", "Pocket Battles 9.8", target=target_id)
    return start(state, state.units[c.unit], target, None, follow_on=True)
