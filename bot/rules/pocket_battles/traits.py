"""The order-activated traits, special tactics (Pocket Battles 5.8): Heal (9.1), Excite (9.2)
and Double Order (9.3). The passive traits live where they act: Leader (9.4) in tokens.py,
Fast and Slow (9.5, 9.6) in orders.py and movement.py, Impetus and Overwhelming (9.7, 9.8) in
charge.py, Fury, +X Engagement, +X Shooting, +X Wounds and Disband (9.9-9.13) in combat.py,
Reactive (9.14) in tokens.py, Long Range and Wide Arc (9.15, 9.16) in shooting.py.

5.8 A special tactic is an order (it costs tokens as usual) and may not be used in the
    attacker's first turn of a round.
9.1 Heal: one wound token comes off a troop of another friendly unit and is an unused order
    token again at once.
9.2 Excite: when a unit is ordered to charge, carry on an engagement or shoot, an Excite
    unit may be ordered too (paying as usual): the first unit rolls one die more.
9.3 Double Order: ordering this unit lets you order two other friendly units this turn,
    one after the other, paying as usual.
"""

from __future__ import annotations

from bot.rules.core import Event, RuleViolation
from bot.rules.pocket_battles import board
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.names import tile_text, unit_text
from bot.rules.pocket_battles.state import PocketBattlesState, Unit
from bot.rules.pocket_battles.turn import special_barred


def check_special(state: PocketBattlesState) -> None:
    if special_barred(state):
        raise RuleViolation("pb.special.first_turn", "Pocket Battles 5.8")


def heal_targets(state: PocketBattlesState, healer: Unit) -> list[tuple[Unit, str]]:
    """Wounded troops of other friendly units (9.1)."""
    return [
        (u, tr.tile)
        for u in board.living(state, healer.side)
        if u.id != healer.id
        for tr in u.troops
        if tr.damage > 0
    ]


def check_heal(state: PocketBattlesState, healer: Unit, troop: str) -> Unit:
    check_special(state)
    if not board.has_trait(healer, "heal"):
        raise RuleViolation("pb.special.no_trait", "Pocket Battles 9.1", unit=healer.id)
    found = next((u for u, tid in heal_targets(state, healer) if tid == troop), None)
    if found is None:
        raise RuleViolation("pb.heal.no_wound", "Pocket Battles 9.1", troop=troop)
    return found


def heal(state: PocketBattlesState, healer: Unit, unit: Unit, troop: str) -> list[Event]:
    tr = next(x for x in unit.troops if x.tile == troop)
    tr.damage -= 1
    state.sides[unit.side].unused += 1
    return [
        E.Healed(
            side=unit.side, unit=unit_text(healer), target=unit_text(unit), troop=tile_text(troop)
        ).event()
    ]


def check_double(state: PocketBattlesState, unit: Unit) -> None:
    check_special(state)
    if not board.has_trait(unit, "double_order"):
        raise RuleViolation("pb.special.no_trait", "Pocket Battles 9.3", unit=unit.id)
    if state.phase == "extra_order":
        raise RuleViolation("pb.special.double_in_double", "Pocket Battles 9.3", unit=unit.id)


def double_order(state: PocketBattlesState, unit: Unit) -> list[Event]:
    state.orders_left = 2
    return [E.DoubleOrder(side=unit.side, unit=unit_text(unit)).event()]


def excite_units(state: PocketBattlesState, ordered: Unit) -> list[Unit]:
    """Units that may be ordered beside ``ordered`` to excite it (9.2)."""
    return [
        u
        for u in board.living(state, ordered.side)
        if u.id != ordered.id and board.has_trait(u, "excite")
    ]


def check_excite(state: PocketBattlesState, ordered: Unit, excite: str) -> Unit:
    check_special(state)
    found = next((u for u in excite_units(state, ordered) if u.id == excite), None)
    if found is None:
        raise RuleViolation("pb.special.no_trait", "Pocket Battles 9.2", unit=excite)
    return found
