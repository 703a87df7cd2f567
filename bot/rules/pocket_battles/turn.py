"""Turns and rounds (Pocket Battles 5, 7).

5   Players take turns, the attacker first: phase 1 redeployment (5.1), phase 2 one order
    (5.2). A turn of the attacker's is counted first in each round (5.8).
7.1 When neither side has a usable token left, the round ends; 7.2 attacker and defender
    swap; 7.3 every spent token comes back and the attacker begins; 7.4 wound tokens stay.
Ruling: a side with no unused token takes no turn (it could give no order; its free phase 1
alone would let it shuffle units while the other side spends): the other side plays on
until it too has none.
"""

from __future__ import annotations

from bot.rules.core import Dice, Event
from bot.rules.pocket_battles import board, flow, tokens, victory
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.state import SIDES, PocketBattlesState, Side


def special_barred(state: PocketBattlesState) -> bool:
    """Pocket Battles 5.8: no special tactics in the attacker's first turn of a round."""
    return state.turn <= 1


def attacker(state: PocketBattlesState) -> Side:
    return next(s for s in SIDES if state.sides[s].role == "attacker")


def start_round(state: PocketBattlesState) -> list[Event]:
    state.round += 1
    state.turn = 0
    first = attacker(state)
    events = [E.RoundBegins(round=state.round, side=first).event()]
    if state.sides[first].unused > 0:
        return events + begin_turn(state, first)
    if state.sides[board.enemy(first)].unused > 0:
        return events + begin_turn(state, board.enemy(first))
    flow.goto(state, "round_end")
    state.active = None
    return events


def begin_turn(state: PocketBattlesState, side: Side) -> list[Event]:
    state.turn += 1
    state.active = side
    flow.goto(state, "redeploy")
    state.ordered = []
    state.orders_left = 0
    return []


def end_turn(state: PocketBattlesState) -> list[Event]:
    for u in state.units.values():
        u.redeployed = False
    state.ordered = []
    state.orders_left = 0
    me = state.active
    assert me is not None
    other = board.enemy(me)
    if state.sides[other].unused > 0:
        return begin_turn(state, other)
    if state.sides[me].unused > 0:
        return begin_turn(state, me)
    flow.goto(state, "round_end")
    state.active = None
    return []


def after_order(state: PocketBattlesState) -> list[Event]:
    """An order is over: the further orders of a Double Order (9.3), or the next turn."""
    state.combat = None
    if state.result is not None:
        return []
    me = state.active
    if me is not None and state.orders_left > 0 and state.sides[me].unused > 0:
        flow.goto(state, "extra_order")
        return []
    return end_turn(state)


def end_round(state: PocketBattlesState, dice: Dice) -> list[Event]:
    """Pocket Battles 7: victory is checked (8), roles swap, tokens come back."""
    stalled = state.turn == 0 or state.round >= state.options.max_rounds
    events = [E.RoundOver(round=state.round).event()]
    events += victory.check(state, stalled=stalled)
    if state.result is not None:
        return events
    if state.options.swap_roles:
        for s in SIDES:
            side = state.sides[s]
            side.role = "defender" if side.role == "attacker" else "attacker"
    for s in SIDES:
        tokens.collect(state, s)
    return events + start_round(state)
