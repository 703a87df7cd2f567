"""Shooting (Pocket Battles 5.7), Long Range (9.15) and Wide Arc (9.16).

5.7 A unit with white dice in its own front zone shoots one enemy unit in the opposing front
    zone or the engagement zone of its sector (1.2); the target does not shoot back. A shot
    into an engagement zone hurts both sides (see combat.py for how the hits are shared).
9.15 Long Range: the unit may also shoot from its rear zone (never at a charger, 5.4).
9.16 Wide Arc: the unit may also shoot at the front or engagement zone of an adjacent sector.
Ruling: a unit in an engagement zone does not shoot (it is fighting; 5.5 is its order).
Ruling: the shooter's own unit that shares the hits of a shot into an engagement is the one
of its side in that zone with the most troops (the first placed on a tie).
"""

from __future__ import annotations

from bot.rules.core import Event, RuleViolation
from bot.rules.pocket_battles import board, fight
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.names import unit_text
from bot.rules.pocket_battles.state import Combat, PocketBattlesState, Strike, Unit

SECTION = "Pocket Battles 5.7"


def may_shoot(unit: Unit) -> bool:
    if not board.shooting_numbers(unit) or unit.zone is None:
        return False
    row = board.zone(unit.zone).row
    return row == "front" or (row == "rear" and board.has_trait(unit, "long_range"))


def targets(state: PocketBattlesState, unit: Unit) -> list[Unit]:
    if not may_shoot(unit):
        return []
    assert unit.zone is not None
    column = board.zone(unit.zone).column
    columns = [column]
    if board.has_trait(unit, "wide_arc"):
        columns += list(board.adjacent_columns(column))
    foe = board.enemy(unit.side)
    out: list[Unit] = []
    for c in columns:
        out += board.units_in(state, board.zone_at(foe, "front", c), foe)
        out += board.units_in(state, board.zone_at(None, "engagement", c), foe)
    return out


def check(state: PocketBattlesState, unit: Unit, target_id: str) -> Unit:
    if not board.shooting_numbers(unit):
        raise RuleViolation("pb.shoot.no_white_dice", SECTION, unit=unit.id)
    if not may_shoot(unit):
        raise RuleViolation("pb.shoot.from_rear", "Pocket Battles 9.15", unit=unit.id)
    target = next((u for u in targets(state, unit) if u.id == target_id), None)
    if target is None:
        raise RuleViolation("pb.shoot.bad_target", SECTION, target=target_id)
    return target


def start(state: PocketBattlesState, unit: Unit, target: Unit, excite: str | None) -> list[Event]:
    split = None
    if target.zone is not None and board.is_engagement(target.zone):
        own = board.units_in(state, target.zone, unit.side)
        if own:
            split = max(own, key=lambda u: (len(u.troops), -list(state.units).index(u.id))).id
    state.combat = Combat(
        kind="shoot",
        side=unit.side,
        unit=unit.id,
        target=target.id,
        excite=excite,
        strikes=[
            Strike(
                kind="shot",
                striker=unit.id,
                target=target.id,
                bonus=1 if excite else 0,
                split_with=split,
            )
        ],
    )
    fight.begin(state)
    return [E.Shoots(side=unit.side, unit=unit_text(unit), target=unit_text(target)).event()]
