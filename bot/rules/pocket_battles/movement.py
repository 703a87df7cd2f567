"""Moving units: phase 1 redeployment (Pocket Battles 5.1) and the tactical move (5.3).

5.1 Once a turn, at no cost, one unit may move to an adjacent zone: never diagonally, never
    into or out of an engagement zone (engagement is entered by charging, 5.4, and left by
    leaving, 5.6); a Slow unit may not (9.6). The unit then takes no order this turn unless
    it is Fast (9.5).
5.3 A tactical move is an order (it costs tokens, 5.2) and moves a unit as redeployment does.
Ruling: the move stays within the mover's own six zones (NOTES.md: any number of units share
a zone; a side's zones are the ones it deploys in); crossing into the adjacent sector is
allowed unless the ``redeploy_across`` option is off.
"""

from __future__ import annotations

from bot.rules.core import Event, RuleViolation
from bot.rules.pocket_battles import board
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.names import unit_text, zone_text
from bot.rules.pocket_battles.state import PocketBattlesState, Side, Unit


def destinations(state: PocketBattlesState, unit: Unit) -> list[str]:
    """The zones this unit may move to (5.1, 5.3): one step, orthogonal, own zones only."""
    if unit.zone is None or board.is_engagement(unit.zone):
        return []
    here = board.zone(unit.zone)
    out = []
    for z in sorted(board.neighbours(unit.zone)):
        there = board.zone(z)
        if there.owner != unit.side:
            continue
        if not state.options.redeploy_across and there.column != here.column:
            continue
        out.append(z)
    return out


def check_move(
    state: PocketBattlesState, side: Side, unit_id: str, zone: str, section: str
) -> Unit:
    unit = own_unit(state, side, unit_id, section)
    if unit.zone is not None and board.is_engagement(unit.zone):
        raise RuleViolation("pb.move.out_of_engagement", section, unit=unit.id)
    if zone not in board.comps().zones:
        raise RuleViolation("pb.move.no_such_zone", section, zone=zone)
    if board.is_engagement(zone):
        raise RuleViolation("pb.move.into_engagement", section, zone=zone)
    if zone not in destinations(state, unit):
        if unit.zone is not None and _diagonal(unit.zone, zone):
            raise RuleViolation("pb.move.diagonal", section, zone=zone)
        raise RuleViolation("pb.move.not_adjacent", section, zone=zone)
    return unit


def _diagonal(a: str, b: str) -> bool:
    za, zb = board.zone(a), board.zone(b)
    rows = ("rear", "front", "engagement")
    dr = abs(rows.index(za.row) - rows.index(zb.row)) if za.owner == zb.owner else 1
    return dr == 1 and abs(za.column - zb.column) == 1


def own_unit(state: PocketBattlesState, side: Side, unit_id: str, section: str) -> Unit:
    unit = state.units.get(unit_id)
    if unit is None or unit.side != side or unit.destroyed or unit.zone is None:
        raise RuleViolation("pb.order.no_such_unit", section, unit=unit_id)
    return unit


def may_redeploy(unit: Unit) -> bool:
    """Pocket Battles 9.6: a Slow unit may not redeploy."""
    return not board.has_trait(unit, "slow")


def redeploy(state: PocketBattlesState, side: Side, unit_id: str, zone: str) -> list[Event]:
    section = "Pocket Battles 5.1"
    unit = own_unit(state, side, unit_id, section)
    if not may_redeploy(unit):
        raise RuleViolation("pb.redeploy.slow", "Pocket Battles 9.6", unit=unit.id)
    check_move(state, side, unit_id, zone, section)
    unit.zone = zone
    unit.redeployed = True
    return [_moved(E.Redeployed, unit)]


def move(state: PocketBattlesState, side: Side, unit: Unit, zone: str) -> list[Event]:
    """Pocket Battles 5.3: checked by the order module, which has paid for it."""
    unit.zone = zone
    return [_moved(E.Moved, unit)]


def _moved(kind: type[E.ToZone], unit: Unit) -> Event:
    assert unit.zone is not None
    return kind(side=unit.side, unit=unit_text(unit), zone=zone_text(unit.zone)).event()
