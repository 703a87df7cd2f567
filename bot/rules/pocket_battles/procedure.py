"""Running an order's dice to its end (Pocket Battles 5.4-5.7): strike after strike, pausing
when a side must assign hits (5.4) or pick an Overwhelming target (9.8), then the end of the
order (a leaving unit goes back, 5.6; lone engaged units go back) and the next turn.
"""

from __future__ import annotations

from bot.rules.core import Dice, Event
from bot.rules.pocket_battles import board, charge, combat, engagement, flow, turn
from bot.rules.pocket_battles.state import PocketBattlesState, Strike


def _valid(state: PocketBattlesState, s: Strike) -> bool:
    """A strike happens only while both units stand; the charger's victim must have been
    charged by a charger still standing, and the counterattack needs a survivor (5.4)."""
    return not state.units[s.striker].destroyed and not state.units[s.target].destroyed


def proceed(state: PocketBattlesState, dice: Dice) -> list[Event]:
    c = state.combat
    assert c is not None
    events: list[Event] = []
    while True:
        if c.hits:
            flow.goto(state, "assign")
            return events
        if not c.strikes:
            break
        s = c.strikes.pop(0)
        if not _valid(state, s):
            continue
        if s.kind == "charge":
            # 5.4: the target (or the interceptor) moves into the engagement zone.
            charger = state.units[s.striker]
            state.units[s.target].zone = charger.zone
        events += combat.strike(state, c, s, dice)
    return events + _finish(state, dice)


def _finish(state: PocketBattlesState, dice: Dice) -> list[Event]:
    c = state.combat
    assert c is not None
    events: list[Event] = []
    unit = state.units[c.unit]
    if c.kind == "leave" and not unit.destroyed:
        events += engagement.back_to_front(state, unit)
    follow = charge.follow_on_targets(state)
    if follow:
        if len(follow) > 1:
            flow.goto(state, "overwhelm")
            return events
        events += charge.start(state, unit, follow[0], None, follow_on=True)
        if state.phase == "reaction":
            return events
        return events + proceed(state, dice)
    events += engagement.tidy(state)
    return events + turn.after_order(state)


def resume(state: PocketBattlesState, dice: Dice) -> list[Event]:
    """After a reaction, a hit assigned or an Overwhelming target chosen: carry on."""
    return proceed(state, dice)


def assign(state: PocketBattlesState, troop: str, dice: Dice) -> list[Event]:
    c = state.combat
    assert c is not None
    return combat.assign(state, c, troop) + resume(state, dice)


def units_engaged(state: PocketBattlesState) -> bool:
    return any(board.is_engagement(u.zone or "") for u in board.living(state))
