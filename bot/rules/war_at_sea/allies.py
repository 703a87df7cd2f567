"""War at Sea 16: the USSR (turn 3) and the USA (rolls from turn 4) join the Allies with
their movement limits; the Italian fleet's fate on turn 8; captured ships' new limits."""

from __future__ import annotations

from bot.rules.core import Dice, Event, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.hiding import public_order
from bot.rules.war_at_sea.state import WarAtSeaState
from bot.rules.war_at_sea.units import ev, roll_label_unit, unit_events, word


def us_entry(state: WarAtSeaState, dice: Dice) -> list[Event]:
    """War at Sea 16.2: each American ship rolls until it joins (6 on turn 4, 5-6 on 5, ...)."""
    entry = board.comps().american_entry
    need = entry.min_roll.get(state.turn)
    if state.turn < entry.turn or need is None:
        return []
    events: list[Event] = []
    for u in public_order(state, state.units.values()):  # 18.2: not the roster's order
        if u.nationality != "american" or u.status != "active" or u.joined:
            continue
        die = dice.roll(t("was.roll.us_entry", ship=roll_label_unit(state, u)))
        u.joined = die >= need
        outcome = word("was.us.joins" if u.joined else "was.us.stays_out")
        events += unit_events(
            state, "was.us_entry_roll", u, die=die, need=need, joined=u.joined, outcome=outcome
        )
    return events


def soviet_sorties(state: WarAtSeaState, dice: Dice) -> list[Event]:
    """War at Sea 16.1: every Soviet ship in port rolls each turn; 5-6 may leave port (it may
    still choose to stay), 1-4 must stay, though it may still repair. The roll is made for
    the Allies: 16.1 has every Soviet ship roll every turn, so there is nothing to decide;
    a ship free to sortie that is not moved has chosen to stay."""
    entry = board.comps().soviet_entry
    if state.turn < entry.turn:
        return []
    events: list[Event] = []
    for u in public_order(state, state.units.values()):  # 18.2: not the roster's order
        if u.nationality != "soviet" or u.status != "active" or not board.is_port(u.location):
            continue
        die = dice.roll(t("was.roll.soviet_sortie", ship=roll_label_unit(state, u)))
        u.may_sortie = die >= entry.sortie_min_roll
        events += unit_events(
            state,
            "was.soviet_sortie_roll",
            u,
            die=die,
            need=entry.sortie_min_roll,
            free=u.may_sortie,
            outcome=word("was.soviet.sorties" if u.may_sortie else "was.soviet.stays"),
        )
    return events


def italian_fate(state: WarAtSeaState, dice: Dice) -> list[Event]:
    """War at Sea 16.4: unless the Axis held the Mediterranean four turns running, every
    Italian ship rolls at the start of turn 8: 1-2 the Allies take it, 3-4 it is scuttled,
    5-6 Germany takes it. 16.5: a captured ship follows its new nationality's limits."""
    if state.med_held_four:
        return [ev("was.italy_holds")]
    events: list[Event] = []
    for u in state.units.values():
        if u.nationality != "italian" or u.status != "active":
            continue
        die = dice.roll(t("was.roll.italian_fate", ship=u.name))
        if die <= 2:
            u.side = "allies"
            u.nationality = "british"
            u.captured_by = "allies"
            u.revealed = True
            # An Allied ship may not stay in an Axis port (2.2): it sails to Malta.
            if board.is_port(u.location) and board.port(u.location or "").side == "axis":
                u.location = board.MALTA
            outcome = "allies"
        elif die <= 4:
            u.status = "removed"
            u.location = None
            outcome = "scuttled"
        else:
            u.nationality = "german"
            u.captured_by = "axis"
            outcome = "germany"
        events.append(
            ev(
                "was.italian_fate",
                ship=u.id,
                name=u.name,
                die=die,
                outcome=outcome,
                outcome_text=word(f"was.italian.{outcome}"),
            )
        )
    return events
