"""Order tokens: what an order costs, and where each token goes (Pocket Battles 5.2, 7.3).

A token is in one place at a time: unused, on a unit (spent on its orders this round), set
aside (spent, not on a unit), or turned over as a wound on a troop (5.4, 7.4). Every function
here moves tokens between those places, so the sum stays ``SideState.tokens``.
"""

from __future__ import annotations

from bot.rules.core import Event, RuleViolation
from bot.rules.pocket_battles import board
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.state import PocketBattlesState, Side, SideState, Troop, Unit


def base_tokens(size: int) -> int:
    """Pocket Battles 3.1: one order token per 10 points of battle size."""
    return size // board.comps().battle.points_per_token


def leaders(state: PocketBattlesState, side: Side) -> int:
    """Pocket Battles 9.4: +1 token for each Leader on the battlefield."""
    return sum(
        1
        for u in board.living(state, side)
        for tr in u.troops
        if board.tile(tr.tile).trait("leader") is not None
    )


def cost(unit: Unit) -> int:
    """Pocket Battles 5.2: the first order to a unit in a round costs 1; each further one the
    tokens already on it plus 1 (1, 2, 4, 8). Reactive (9.14): the tokens already on it
    (1, 1, 2, 4)."""
    if unit.orders == 0:
        return 1
    if board.has_trait(unit, "reactive"):
        return unit.orders
    return unit.orders + 1


def pay(state: PocketBattlesState, unit: Unit, amount: int | None = None) -> int:
    """Put the order's tokens on the unit; refuse an order the side cannot pay (5.2: the
    tokens of the battle size are all there is)."""
    side = state.sides[unit.side]
    price = cost(unit) if amount is None else amount
    if price > side.unused:
        raise RuleViolation(
            "pb.order.too_costly", "Pocket Battles 5.2", cost=price, unused=side.unused
        )
    side.unused -= price
    unit.orders += price
    return price


def set_aside_all(side: SideState) -> int:
    """Pocket Battles 6.1: passing sets every unused token aside."""
    n = side.unused
    side.set_aside += n
    side.unused = 0
    return n


def take_for_wound(state: PocketBattlesState, unit: Unit) -> bool:
    """Turn one token over as a wound on ``unit``'s troop (5.4). Whether a token was found.

    Ruling (NOTES.md stand-in, option ``wound_token``): an unused token first, then a spent
    one: set aside, then one on the hit unit, then one on the unit holding most.
    """
    side = state.sides[unit.side]
    spent_first = state.options.wound_token == "spent_first"
    if not spent_first and side.unused > 0:
        side.unused -= 1
        return True
    if side.set_aside > 0:
        side.set_aside -= 1
        return True
    holders = sorted(
        (u for u in board.living(state, unit.side) if u.orders > 0),
        key=lambda u: (u.id != unit.id, -u.orders, u.id),
    )
    if holders:
        holders[0].orders -= 1
        return True
    if side.unused > 0:
        side.unused -= 1
        return True
    return False


def troop_lost(state: PocketBattlesState, unit: Unit, troop: Troop) -> list[Event]:
    """A troop is destroyed: its wound tokens are spent tokens again (7.4: a wound token
    comes back only when its troop is destroyed), and a Leader's token leaves the game
    (9.4).

    Ruling: the freed wound tokens are set aside, back in use at the next round like every
    spent token (7.3). The Leader's token is taken unused first, then set aside; failing
    both, it is owed and removed when the round's tokens come back.
    """
    side = state.sides[unit.side]
    side.set_aside += troop.damage
    troop.damage = 0
    side.lost.append(troop.tile)
    events: list[Event] = []
    if board.tile(troop.tile).trait("leader") is not None:
        if side.unused > 0:
            side.unused -= 1
        elif side.set_aside > 0:
            side.set_aside -= 1
        else:
            side.debt += 1
            return [E.LeaderLost(side=unit.side, owed=True).event()]
        side.tokens -= 1
        events.append(E.LeaderLost(side=unit.side, owed=False).event())
    return events


def unit_lost(state: PocketBattlesState, unit: Unit) -> None:
    """The last troop of a unit fell: the tokens on it are set aside (7.3 brings them back)."""
    state.sides[unit.side].set_aside += unit.orders
    unit.orders = 0
    unit.destroyed = True


def collect(state: PocketBattlesState, side: Side) -> None:
    """Pocket Battles 7.3: every spent token comes back; wound tokens stay (7.4). A dead
    Leader's owed token leaves the game now (9.4)."""
    s = state.sides[side]
    for u in state.units.values():
        if u.side == side:
            s.set_aside += u.orders
            u.orders = 0
    s.unused += s.set_aside
    s.set_aside = 0
    paid = min(s.debt, s.unused)
    s.unused -= paid
    s.tokens -= paid
    s.debt -= paid


def on_units(state: PocketBattlesState, side: Side) -> int:
    return sum(u.orders for u in board.living(state, side))


def wound_tokens(state: PocketBattlesState, side: Side) -> int:
    return sum(tr.damage for u in board.living(state, side) for tr in u.troops)
